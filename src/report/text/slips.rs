//! Result slips as fixed-width blocks of lines, and the line to cut them
//! apart.

use super::{clean, fit_in, pad, Dw, MIN_TEXT_COL};
use crate::report::{ColKind, Slip, SlipCell, SlipRow};

fn cell_text(c: &SlipCell, width: usize) -> String {
    match c {
        SlipCell::Text(s) => clean(s),
        SlipCell::Blank | SlipCell::Sign => "_".repeat(width),
        SlipCell::Boxes(labels) => labels
            .iter()
            .map(|l| format!("[ ] {}", clean(l)))
            .collect::<Vec<_>>()
            .join("   "),
    }
}

fn slip_labels(s: &Slip) -> Vec<&str> {
    s.rows
        .iter()
        .map(|r| match r {
            SlipRow::Sides { label, .. } | SlipRow::Span { label, .. } => label.as_str(),
        })
        .collect()
}

/// Every slip as lines of one display width (the same for all the slips,
/// so a page of them cuts alike), at most `max` columns.
pub(super) fn slip_blocks(slips: &[Slip], max: usize, cjk: bool) -> Vec<Vec<String>> {
    let lw = slips
        .iter()
        .flat_map(slip_labels)
        .map(|l| clean(l).w(cjk))
        .max()
        .unwrap_or(0);
    // Each side at least 24 columns: room to write a clock reading or sign.
    let mut sw = 24;
    for s in slips {
        sw = sw.max(s.sides.iter().map(|x| x.w(cjk)).max().unwrap_or(0));
        for r in &s.rows {
            match r {
                SlipRow::Sides { red, black, .. } => {
                    sw = sw.max(cell_text(red, 0).w(cjk));
                    sw = sw.max(cell_text(black, 0).w(cjk));
                }
                SlipRow::Span { cell, .. } => {
                    sw = sw.max(cell_text(cell, 0).w(cjk).saturating_sub(3).div_ceil(2));
                }
            }
        }
    }
    // lw + 3 + sw + 3 + sw <= max
    let room = max.saturating_sub(lw + 6) / 2;
    let sw = sw.min(room.max(MIN_TEXT_COL));
    slips.iter().map(|s| slip_lines(s, lw, sw, cjk)).collect()
}

/// A slip as lines of one display width: labels `lw` wide, sides `sw`.
fn slip_lines(s: &Slip, lw: usize, sw: usize, cjk: bool) -> Vec<String> {
    let labels = slip_labels(s);
    let span = sw * 2 + 3;
    let total = lw + 3 + span;
    let title = fit_in(&clean(&s.title), total, cjk);
    let mut out = vec![
        pad(&title, total, ColKind::Text, cjk),
        format!(
            "{} | {} | {}",
            " ".repeat(lw),
            pad(
                &fit_in(&clean(&s.sides[0]), sw, cjk),
                sw,
                ColKind::Text,
                cjk
            ),
            pad(
                &fit_in(&clean(&s.sides[1]), sw, cjk),
                sw,
                ColKind::Text,
                cjk
            )
        ),
        format!(
            "{}-+-{}-+-{}",
            "-".repeat(lw),
            "-".repeat(sw),
            "-".repeat(sw)
        ),
    ];
    for (r, label) in s.rows.iter().zip(labels) {
        let l = pad(&clean(label), lw, ColKind::Text, cjk);
        out.push(match r {
            SlipRow::Sides { red, black, .. } => format!(
                "{l} | {} | {}",
                pad(
                    &fit_in(&cell_text(red, sw), sw, cjk),
                    sw,
                    ColKind::Text,
                    cjk
                ),
                pad(
                    &fit_in(&cell_text(black, sw), sw, cjk),
                    sw,
                    ColKind::Text,
                    cjk
                )
            ),
            SlipRow::Span { cell, .. } => {
                format!(
                    "{l} | {}",
                    pad(
                        &fit_in(&cell_text(cell, span), span, cjk),
                        span,
                        ColKind::Text,
                        cjk
                    )
                )
            }
        });
    }
    out
}

/// `8< - - - cut here - - -` exactly `width` columns wide.
pub(super) fn cut_line(width: usize, label: &str, cjk: bool) -> String {
    let mut s = format!("8< {} ", clean(label));
    while s.w(cjk) + 2 <= width {
        s.push_str("- ");
    }
    while s.w(cjk) < width {
        s.push('-');
    }
    s
}
