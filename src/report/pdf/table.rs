//! A table on PDF pages: columns as wide as their content, the spare
//! width to the text columns; when the table is too wide, clubs (and other
//! text that is not a name) wrap inside their own cell, then the short
//! headings are used, then the text gets smaller. Names never wrap. The
//! heading row is repeated at the top of every page the table runs onto.

use super::layout::{clean, Flow, LEADING, RULE};
use super::MM;
use crate::report::png::{fit_width, measure, wrap, Glyphs};
use crate::report::{ColKind, Table};

/// Text sizes tried, largest first.
const SIZES: [f32; 8] = [10.0, 9.5, 9.0, 8.5, 8.0, 7.5, 7.0, 6.5];
/// The smallest size that still reads well on paper; below it a table
/// prints across the page.
const READABLE: f32 = 8.0;
const PAD: f32 = 1.4 * MM;
const VPAD: f32 = 0.9 * MM;
/// Room added to a column beyond its text, so the text measured is never
/// cut by a rounding error when it is fitted back into the column.
const SLACK: f32 = 0.5;
/// A row with a column to write in by hand is at least this tall.
const WRITE_ROW: f32 = 8.0 * MM;

/// How a table is drawn.
struct Fit {
    size: f32,
    widths: Vec<f32>,
    headings: Vec<String>,
    /// (short, full) headings used, spelled out under the table.
    shorts: Vec<(String, String)>,
    /// Columns whose text wraps in its cell.
    wraps: Vec<bool>,
}

fn is_name(key: &str) -> bool {
    matches!(key, "name" | "red" | "black" | "opponent" | "player")
}

/// Whether `t` fits `avail` points at a readable size.
pub(super) fn fits(t: &Table, g: &dyn Glyphs, avail: f32) -> bool {
    // A bracket chart cuts its names to the page's width.
    if super::chart::is_chart(t) {
        return true;
    }
    fit(t, g, avail).is_some_and(|f| f.size >= READABLE)
}

/// The largest size (and the fewest short headings) at which `t` fits
/// `avail` with clubs wrapped to at most a few lines; `None`: not even at
/// the smallest size.
fn fit(t: &Table, g: &dyn Glyphs, avail: f32) -> Option<Fit> {
    let n = t.columns.len();
    let cells: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| (0..n).map(|i| clean(r.get(i).map_or("", |s| s))).collect())
        .collect();
    let wraps: Vec<bool> = t
        .columns
        .iter()
        .map(|c| c.kind == ColKind::Text && !is_name(&c.key))
        .collect();
    for size in SIZES {
        let content: Vec<f32> = (0..n)
            .map(|i| {
                let w = cells
                    .iter()
                    .map(|r| measure(g, &r[i], size))
                    .fold(0.0, f32::max);
                match t.columns[i].kind {
                    ColKind::WriteIn(cols) => w.max(cols as f32 * size / 2.0),
                    _ => w,
                }
            })
            .collect();
        let mut headings: Vec<String> = t.columns.iter().map(|c| clean(&c.heading)).collect();
        // SLACK: the text checks its room as width − 2·PAD, which in
        // floating point may come out a hair short of the text measured.
        let natural = |hs: &[String]| -> Vec<f32> {
            (0..n)
                .map(|i| content[i].max(measure(g, &hs[i], size)) + 2.0 * PAD + SLACK)
                .collect()
        };
        // The narrowest a wrapping column gets: its heading, and four
        // Chinese characters (or the longest word) a line.
        let floor = |hs: &[String], nat: &[f32]| -> Vec<f32> {
            (0..n)
                .map(|i| match wraps[i] {
                    true => {
                        let word = cells
                            .iter()
                            .flat_map(|r| r[i].split(' ').map(|w| measure(g, w, size)))
                            .fold(0.0, f32::max)
                            .min(8.0 * size);
                        (measure(g, &hs[i], size).max(4.0 * size).max(word) + 2.0 * PAD + SLACK)
                            .min(nat[i])
                    }
                    false => nat[i],
                })
                .collect()
        };
        let mut shorts = Vec::new();
        let mut widths = natural(&headings);
        let mut min = floor(&headings, &widths);
        if min.iter().sum::<f32>() > avail {
            // Short headings where the heading is what makes a column wide.
            // A group shortens together when any of it must.
            let grouped: Vec<&str> = (0..n)
                .filter(|&i| {
                    t.columns[i].short.is_some() && measure(g, &headings[i], size) > content[i]
                })
                .filter_map(|i| t.columns[i].group)
                .collect();
            for (i, c) in t.columns.iter().enumerate() {
                if let Some(s) = c.short.as_ref().map(|s| clean(s)) {
                    let in_group = c.group.is_some_and(|gr| grouped.contains(&gr));
                    if s != headings[i] && (in_group || measure(g, &headings[i], size) > content[i])
                    {
                        let pair = (s.clone(), headings[i].clone());
                        if !shorts.contains(&pair) {
                            shorts.push(pair);
                        }
                        headings[i] = s;
                    }
                }
            }
            widths = natural(&headings);
            min = floor(&headings, &widths);
        }
        if min.iter().sum::<f32>() > avail {
            continue;
        }
        let total: f32 = widths.iter().sum();
        if total <= avail {
            // Spare width to the text columns, so the table spans the page.
            let text: Vec<usize> = (0..n)
                .filter(|&i| t.columns[i].kind == ColKind::Text)
                .collect();
            let share: Vec<usize> = match text.is_empty() {
                true => (0..n).collect(),
                false => text,
            };
            let spare = (avail - total) / share.len().max(1) as f32;
            for i in share {
                widths[i] += spare;
            }
        } else {
            // Wrapping columns give way to a common cap.
            let capped = |cap: f32| -> f32 {
                (0..n)
                    .map(|i| match wraps[i] {
                        true => widths[i].min(cap).max(min[i]),
                        false => widths[i],
                    })
                    .sum()
            };
            let (mut lo, mut hi) = (0.0f32, avail);
            for _ in 0..40 {
                let mid = (lo + hi) / 2.0;
                if capped(mid) <= avail {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            for i in 0..n {
                if wraps[i] {
                    widths[i] = widths[i].min(lo).max(min[i]);
                }
            }
        }
        return Some(Fit {
            size,
            widths,
            headings,
            shorts,
            wraps,
        });
    }
    None
}

/// Draws `t` where the flow stands, over as many pages as it needs.
pub(super) fn draw(f: &mut Flow, t: &Table) {
    if super::chart::is_chart(t) {
        return super::chart::draw(f, t);
    }
    let g = f.g;
    let avail = f.avail();
    let fit = fit(t, g, avail).unwrap_or_else(|| squeezed(t, avail));
    let n = t.columns.len();
    let size = fit.size;
    let lh = size * LEADING;
    let head_h = lh + 2.0 * VPAD;
    let write_in = t
        .columns
        .iter()
        .any(|c| matches!(c.kind, ColKind::WriteIn(_)));
    let xs: Vec<f32> = std::iter::once(f.left())
        .chain(fit.widths.iter().scan(f.left(), |x, w| {
            *x += w;
            Some(*x)
        }))
        .collect();
    let right = xs[n];
    let heading_row = |f: &mut Flow| {
        let y = f.y;
        f.fill(xs[0], y, right - xs[0], head_h, 0.88);
        f.line(xs[0], y, right, y, RULE);
        for (i, x0) in xs.iter().take(n).enumerate() {
            let h = fit_width(g, &fit.headings[i], size, fit.widths[i] - 2.0 * PAD);
            let x = x0 + (fit.widths[i] - measure(g, &h, size)) / 2.0;
            f.text_at(x, y + VPAD, size, true, &h);
        }
        for x in &xs {
            f.line(*x, y, *x, y + head_h, RULE);
        }
        f.y += head_h;
    };
    // The heading with at least one row.
    let first = t
        .rows
        .first()
        .map_or(0.0, |r| row_height(&fit, g, r, write_in));
    f.need(head_h + first);
    heading_row(f);
    for r in &t.rows {
        let h = row_height(&fit, g, r, write_in);
        if h > f.room() {
            let y = f.y;
            f.line(xs[0], y, right, y, RULE);
            f.new_page();
            heading_row(f);
        }
        let y = f.y;
        f.line(xs[0], y, right, y, RULE);
        for (i, &x) in xs.iter().take(n).enumerate() {
            let v = clean(r.get(i).map_or("", |s| s));
            let w = fit.widths[i];
            let kind = t.columns[i].kind;
            if kind == ColKind::Mark && v == "#" {
                f.fill(x, y, w, h, 0.72);
                continue;
            }
            let lines = match fit.wraps[i] {
                true => wrap(g, &v, size, w - 2.0 * PAD),
                false => vec![fit_width(g, &v, size, w - 2.0 * PAD)],
            };
            // Single lines sit in the middle of a tall row.
            let block = lines.len() as f32 * lh;
            let mut top = y + ((h - block) / 2.0).max(VPAD);
            for l in lines {
                let lw = measure(g, &l, size);
                let lx = match kind {
                    ColKind::Number => x + w - PAD - lw,
                    ColKind::Mark => x + (w - lw) / 2.0,
                    ColKind::Text | ColKind::WriteIn(_) => x + PAD,
                };
                f.text_at(lx, top, size, false, &l);
                top += lh;
            }
        }
        for x in &xs {
            f.line(*x, y, *x, y + h, RULE);
        }
        f.y += h;
    }
    let y = f.y;
    f.line(xs[0], y, right, y, RULE);
    if !fit.shorts.is_empty() {
        f.y += 1.0 * MM;
        let legend = fit
            .shorts
            .iter()
            .map(|(s, full)| format!("{s} = {full}"))
            .collect::<Vec<_>>()
            .join("  ·  ");
        f.paragraph(&legend, size, false);
    }
}

/// The height of a row: its tallest wrapped cell.
fn row_height(fit: &Fit, g: &dyn Glyphs, r: &[String], write_in: bool) -> f32 {
    let lines = (0..fit.widths.len())
        .filter(|&i| fit.wraps[i])
        .map(|i| {
            let v = clean(r.get(i).map_or("", |s| s));
            wrap(g, &v, fit.size, fit.widths[i] - 2.0 * PAD).len()
        })
        .max()
        .unwrap_or(1)
        .max(1);
    let h = lines as f32 * fit.size * LEADING + 2.0 * VPAD;
    match write_in {
        true => h.max(WRITE_ROW),
        false => h,
    }
}

/// A table too wide for the page even at the smallest size: every
/// column shrunk in proportion, names cut with an ellipsis.
fn squeezed(t: &Table, avail: f32) -> Fit {
    let n = t.columns.len().max(1);
    Fit {
        size: *SIZES.last().unwrap_or(&6.5),
        widths: vec![avail / n as f32; t.columns.len()],
        headings: t
            .columns
            .iter()
            .map(|c| clean(c.short.as_deref().unwrap_or(&c.heading)))
            .collect(),
        shorts: Vec::new(),
        wraps: t.columns.iter().map(|c| c.kind == ColKind::Text).collect(),
    }
}
