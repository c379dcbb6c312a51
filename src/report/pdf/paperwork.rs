//! The event's paperwork parts in a PDF: a certificate drawn on a page of
//! its own (title, the name large, lines centred, footer right-aligned), a
//! table card folded as the HTML and text ones (a folded A4, the upper half
//! the lower one turned upside down), and a score sheet as a form (framed
//! cells for the sides, the move grid, the boxes to fill in).

use super::layout::{clean, Flow, BODY, HEADING, LEADING, RULE};
use super::MM;
use crate::report::png::{fit_width, measure};
use crate::report::{Card, Certificate, ScoreSheet};

/// Starts a page unless the flow stands at the top of one.
fn own_page(f: &mut Flow) {
    if !f.fresh() {
        f.new_page();
    }
}

/// `s` centred on the text width at the flow's height, then down a line.
fn centred(f: &mut Flow, s: &str, size: f32, bold: bool) {
    let s = clean(s);
    let w = measure(f.g, &s, size).min(f.avail());
    f.need(size * LEADING);
    let (x, top) = (f.left() + (f.avail() - w) / 2.0, f.y);
    f.text_at(x, top, size, bold, &s);
    f.y += size * LEADING;
}

/// The largest size up to `max` at which `s` fits on one line.
fn fitting(f: &Flow, s: &str, max: f32) -> f32 {
    let w = measure(f.g, s, max);
    match w > f.avail() && w > 0.0 {
        true => (max * f.avail() / w).max(BODY),
        false => max,
    }
}

pub(super) fn draw_certificate(f: &mut Flow, c: &Certificate) {
    own_page(f);
    f.y = f.top() + 0.18 * f.body_height();
    centred(f, &c.title, 2.0 * HEADING, true);
    f.y += 10.0 * MM;
    let size = fitting(f, &c.name, 3.0 * HEADING);
    centred(f, &c.name, size, true);
    f.y += 8.0 * MM;
    for l in &c.lines {
        centred(f, l, BODY + 4.0, false);
    }
    f.y = f.bottom() - c.footer.len() as f32 * (BODY + 2.0) * LEADING;
    for l in &c.footer {
        let l = clean(l);
        let size = BODY + 2.0;
        let w = measure(f.g, &l, size).min(f.avail());
        let (x, top) = (f.left() + f.avail() - w, f.y);
        f.text_at(x, top, size, false, &l);
        f.y += size * LEADING;
    }
    f.y = f.bottom();
}

/// A table card (台签): a folded A4, the fold across the middle of the
/// page; the lower half standing towards one side of the table, the upper
/// half the same card turned upside down, so each side reads it once the
/// sheet is folded into a tent.
pub(super) fn draw_card(f: &mut Flow, c: &Card) {
    own_page(f);
    let fold = f.height / 2.0;
    let (head, lines) = (BODY + 4.0, BODY + 10.0);
    let big = fitting(f, &c.big, 5.0 * HEADING);
    let block = head * LEADING
        + 6.0 * MM
        + big * LEADING
        + 6.0 * MM
        + c.lines.len() as f32 * lines * LEADING;
    let mark = f.mark();
    // The lower half: the block in the middle of it.
    f.y = fold + ((f.height - fold) - block).max(0.0) / 2.0;
    centred(f, &c.head, head, false);
    f.y += 6.0 * MM;
    centred(f, &c.big, big, true);
    f.y += 6.0 * MM;
    for l in &c.lines {
        centred(f, l, lines, false);
    }
    // The upper half: the same, turned about the fold's middle.
    f.turn_copy(mark, f.width / 2.0, fold);
    let (x0, x1) = (f.left(), f.left() + f.avail());
    f.dashed(x0, fold, x1, fold);
    f.y = f.bottom();
}

/// A move-recording sheet (记录纸) as a form: the title, the game's
/// particulars, a framed cell per side with its player, the move grid
/// (回合 1–50 on the left, 51–100 on the right, a cell for each side's
/// move), then boxes for the result, the clocks and the signatures.
pub(super) fn draw_score_sheet(f: &mut Flow, s: &ScoreSheet) {
    own_page(f);
    centred(f, &s.title, HEADING, true);
    f.y += 1.5 * MM;
    let info = s
        .info
        .iter()
        .map(|(k, v)| format!("{}: {}", clean(k), clean(v)))
        .collect::<Vec<_>>()
        .join("    ");
    f.paragraph(&info, BODY, false);
    f.y += 2.0 * MM;
    let (x0, w) = (f.left(), f.avail());
    // Both sides: their colour in bold, the name after it.
    let side_h = BODY * LEADING + 3.0 * MM;
    let y = f.y;
    for (i, (side, name)) in s.sides.iter().enumerate() {
        let x = x0 + i as f32 * w / 2.0;
        f.frame(x, y, w / 2.0, side_h);
        let side = clean(side);
        f.text_at(x + 2.0 * MM, y + 1.5 * MM, BODY, true, &side);
        let sw = measure(f.g, &side, BODY) + 3.0 * MM;
        let name = fit_width(f.g, &clean(name), BODY, w / 2.0 - sw - 4.0 * MM);
        f.text_at(x + 2.0 * MM + sw, y + 1.5 * MM, BODY, false, &name);
    }
    f.y += side_h + 3.0 * MM;
    // The boxes at the foot: four to a row.
    let per_row = 4;
    let box_h = 12.0 * MM;
    let box_rows = s.boxes.len().div_ceil(per_row);
    let boxes_h = box_rows as f32 * box_h + 3.0 * MM;
    // The grid: two blocks of (回合, red, black) with a gap between.
    let half = s.moves.div_ceil(2).max(1);
    let head_h = (BODY - 1.0) * LEADING + 2.0 * MM;
    let row_h = ((f.bottom() - f.y - boxes_h - head_h) / half as f32).clamp(3.5 * MM, 8.0 * MM);
    let size = (row_h * 0.62).min(BODY - 1.0);
    let gap = 4.0 * MM;
    let block = (w - gap) / 2.0;
    let no_w = (measure(f.g, &clean(&s.columns[0]), BODY - 1.0) + 3.0 * MM).max(11.0 * MM);
    let move_w = (block - no_w) / 2.0;
    let widths = [no_w, move_w, move_w];
    let top = f.y;
    for b in 0..2 {
        let bx = x0 + b as f32 * (block + gap);
        f.fill(bx, top, block, head_h, 0.88);
        let mut x = bx;
        for (c, cw) in s.columns.iter().zip(widths) {
            let t = fit_width(f.g, &clean(c), BODY - 1.0, cw - 2.0 * MM);
            let tw = measure(f.g, &t, BODY - 1.0);
            f.text_at(x + (cw - tw) / 2.0, top + 1.0 * MM, BODY - 1.0, true, &t);
            x += cw;
        }
        let rows_y = top + head_h;
        for i in 0..half {
            let n = b * half + i + 1;
            if n > s.moves {
                break;
            }
            let y = rows_y + i as f32 * row_h;
            let t = n.to_string();
            let tw = measure(f.g, &t, size);
            f.text_at(
                bx + (no_w - tw) / 2.0,
                y + (row_h - size) / 2.0 - 0.5,
                size,
                false,
                &t,
            );
        }
        // The grid's rules: rows, then columns.
        let rows = match b {
            0 => half,
            _ => s.moves.saturating_sub(half),
        };
        let bottom = rows_y + rows as f32 * row_h;
        for i in 0..=rows {
            let y = rows_y + i as f32 * row_h;
            f.line(bx, y, bx + block, y, RULE);
        }
        f.line(bx, top, bx + block, top, RULE);
        let mut x = bx;
        for cw in widths {
            f.line(x, top, x, bottom, RULE);
            x += cw;
        }
        f.line(x, top, x, bottom, RULE);
    }
    f.y = top + head_h + half as f32 * row_h + 3.0 * MM;
    // The boxes: a label at the top of each, room to write under it.
    let bw = w / per_row as f32;
    for (i, label) in s.boxes.iter().enumerate() {
        let (r, c) = (i / per_row, i % per_row);
        let (x, y) = (x0 + c as f32 * bw, f.y + r as f32 * box_h);
        f.frame(x, y, bw, box_h);
        let l = fit_width(f.g, &clean(label), BODY - 1.0, bw - 3.0 * MM);
        f.text_at(x + 1.5 * MM, y + 1.2 * MM, BODY - 1.0, false, &l);
    }
    f.y += box_rows as f32 * box_h;
}
