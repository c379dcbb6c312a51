//! One function per [`Part`] of a document, drawn with the [`Flow`]'s
//! primitives. A new part kind gets an arm in [`draw_part`] and a
//! function here (or a file of its own beside `table.rs`).

use super::layout::{clean, Flow, BODY, HEADING, LEADING, RULE};
use super::MM;
use crate::i18n::tr;
use crate::report::png::{fit_width, measure, Glyphs};
use crate::report::{Doc, Part, Slip, SlipCell, SlipRow};

/// Draws `part` where the flow stands.
pub(super) fn draw_part(f: &mut Flow, doc: &Doc, part: &Part) {
    match part {
        Part::Heading(h) => {
            f.gap(2.0 * MM);
            // A heading is never the last line of a page.
            f.need(HEADING * LEADING + 3.0 * BODY * LEADING);
            f.paragraph(&clean(h), HEADING, true);
            f.y += 1.5 * MM;
        }
        Part::Info(pairs) => {
            f.paragraph(&pairs_line(pairs), BODY, false);
            f.y += 2.0 * MM;
        }
        // Slips, cards, certificates and score sheets fill their pages
        // (a line above them would cost a page of its own): there the
        // header and footer carry the club and the print date.
        Part::Imprint(_) if doc.has_slips() || has_own_pages(doc) => {}
        Part::Imprint(i) => {
            f.paragraph(&pairs_line(&i.pairs), BODY - 1.0, false);
            f.y += 2.0 * MM;
        }
        Part::Note(n) => {
            f.paragraph(&clean(n), BODY, false);
            f.y += 1.0 * MM;
        }
        Part::Table(t) => {
            super::table::draw(f, t);
            f.y += 3.0 * MM;
        }
        Part::Slips { per_page, slips } => draw_slips(f, doc, *per_page, slips),
        Part::PageBreak => {
            if !f.fresh() {
                f.new_page();
            }
        }
        Part::Certificate(c) => super::paperwork::draw_certificate(f, c),
        Part::Card(c) => super::paperwork::draw_card(f, c),
        Part::ScoreSheet(s) => super::paperwork::draw_score_sheet(f, s),
        Part::Qr(q) => draw_qr(f, q),
    }
}

/// Whether `doc` holds parts that take a page each (cards, certificates,
/// score sheets).
fn has_own_pages(doc: &Doc) -> bool {
    doc.parts.iter().any(|p| {
        matches!(
            p,
            Part::Card(_) | Part::Certificate(_) | Part::ScoreSheet(_)
        )
    })
}

/// A QR code 32 mm square at the left, its caption and address beside it.
fn draw_qr(f: &mut Flow, q: &crate::report::QrPart) {
    let side = 32.0 * MM;
    let quiet = 4;
    let module = side / (q.width + 2 * quiet) as f32;
    f.gap(3.0 * MM);
    f.need(side);
    let (x0, y0) = (f.left(), f.y);
    for y in 0..q.width {
        for x in 0..q.width {
            if q.at(x, y) {
                let px = x0 + (x + quiet) as f32 * module;
                let py = y0 + (y + quiet) as f32 * module;
                f.fill(px, py, module, module, 0.0);
            }
        }
    }
    let tx = x0 + side + 3.0 * MM;
    f.text_at(tx, y0 + 10.0 * MM, BODY, true, &clean(&q.caption));
    f.text_at(tx, y0 + 16.0 * MM, BODY - 1.0, false, &clean(&q.url));
    f.y = y0 + side + 2.0 * MM;
}

/// `label: value   label: value`; a pair without a label is its value.
fn pairs_line(pairs: &[(String, String)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| match k.is_empty() {
            true => clean(v),
            false => format!("{}: {}", clean(k), clean(v)),
        })
        .collect::<Vec<_>>()
        .join("    ")
}

/// How much taller than a row of text a row of a slip is: room to write
/// in, more room to sign.
fn slip_weight(r: &SlipRow) -> f32 {
    let cells: Vec<&SlipCell> = match r {
        SlipRow::Sides { red, black, .. } => vec![red, black],
        SlipRow::Span { cell, .. } => vec![cell],
    };
    if cells.iter().any(|c| matches!(c, SlipCell::Sign)) {
        1.9
    } else if cells.iter().any(|c| matches!(c, SlipCell::Blank)) {
        1.1
    } else {
        1.0
    }
}

/// Slips `per_page` to a page, each in an equal share of the page with a
/// dashed cut line below it.
fn draw_slips(f: &mut Flow, doc: &Doc, per_page: usize, slips: &[Slip]) {
    let per = per_page.max(1);
    let cut = tr(doc.lang, "rep.slip.cut");
    for (n, page) in slips.chunks(per).enumerate() {
        if n > 0 || !f.fresh() {
            f.new_page();
        }
        let slot = f.body_height() / per as f32;
        for (k, s) in page.iter().enumerate() {
            let top = f.top() + k as f32 * slot;
            draw_slip(f, s, top, slot - 5.0 * MM);
            if k + 1 < per && k + 1 < page.len() {
                let y = top + slot - 3.0 * MM;
                let (x0, x1) = (f.left(), f.left() + f.avail());
                f.push(super::Item::Line {
                    x1: x0,
                    y1: y,
                    x2: x1,
                    y2: y,
                    width: 0.5,
                    dashed: true,
                });
                let label = match f.g.has('✂') {
                    true => format!("✂ {cut}"),
                    false => cut.to_string(),
                };
                let w = measure(f.g, &label, 7.0) + 2.0 * MM;
                f.fill(x0 + 4.0 * MM, y - 2.0 * MM, w, 4.0 * MM, 1.0);
                let asc = f.g.ascent(7.0);
                f.text_at(x0 + 5.0 * MM, y - asc / 2.0 - 1.0, 7.0, false, &label);
            }
        }
        f.y = f.bottom();
    }
}

/// One slip in `height` points from `top`: its title, then a table of
/// labels and the two sides.
fn draw_slip(f: &mut Flow, s: &Slip, top: f32, height: f32) {
    let g = f.g;
    let x0 = f.left();
    let w = f.avail();
    let title = fit_width(g, &clean(&s.title), 11.0, w);
    f.text_at(x0, top, 11.0, true, &title);
    let t_top = top + 11.0 * LEADING + 1.0 * MM;
    let label_w = s
        .rows
        .iter()
        .map(|r| match r {
            SlipRow::Sides { label, .. } | SlipRow::Span { label, .. } => {
                measure(g, &clean(label), BODY)
            }
        })
        .fold(18.0 * MM, f32::max)
        + 3.0 * MM;
    let side_w = (w - label_w) / 2.0;
    let weights: Vec<f32> = std::iter::once(0.8)
        .chain(s.rows.iter().map(slip_weight))
        .collect();
    let unit = (top + height - t_top) / weights.iter().sum::<f32>();
    let mut y = t_top;
    let pad = 1.5 * MM;
    let mut cell_text = |f: &mut Flow, x: f32, y: f32, cw: f32, h: f32, s: &str, bold: bool| {
        let s = clean(s);
        // A long name and club shrinks rather than leaving its cell.
        let mut size = BODY;
        while size > 7.0 && measure(f.g, &s, size) > cw - 2.0 * pad {
            size -= 0.5;
        }
        let s = fit_width(f.g, &s, size, cw - 2.0 * pad);
        let asc = f.g.ascent(size);
        let desc = f.g.descent(size);
        f.text_at(x + pad, y + (h - asc - desc) / 2.0, size, bold, &s);
    };
    // The heading row: the two sides.
    let h = weights[0] * unit;
    f.fill(x0, y, w, h, 0.9);
    cell_text(f, x0 + label_w, y, side_w, h, &s.sides[0], true);
    cell_text(f, x0 + label_w + side_w, y, side_w, h, &s.sides[1], true);
    let mut lines = vec![y];
    y += h;
    for (r, wt) in s.rows.iter().zip(&weights[1..]) {
        let h = wt * unit;
        f.line(x0, y, x0 + w, y, RULE);
        match r {
            SlipRow::Sides { label, red, black } => {
                cell_text(f, x0, y, label_w, h, label, true);
                for (i, c) in [red, black].into_iter().enumerate() {
                    let x = x0 + label_w + i as f32 * side_w;
                    draw_cell(f, c, x, y, side_w, h, &mut cell_text);
                }
                f.line(x0 + label_w + side_w, y, x0 + label_w + side_w, y + h, RULE);
            }
            SlipRow::Span { label, cell } => {
                cell_text(f, x0, y, label_w, h, label, true);
                draw_cell(f, cell, x0 + label_w, y, 2.0 * side_w, h, &mut cell_text);
            }
        }
        lines.push(y);
        y += h;
    }
    // The frame, the heading's rule and the label column's rule.
    f.frame(x0, t_top, w, y - t_top);
    f.line(
        x0,
        t_top + weights[0] * unit,
        x0 + w,
        t_top + weights[0] * unit,
        RULE,
    );
    f.line(x0 + label_w, t_top, x0 + label_w, y, RULE);
    f.line(
        x0 + label_w + side_w,
        t_top,
        x0 + label_w + side_w,
        t_top + weights[0] * unit,
        RULE,
    );
}

type CellText<'c> = dyn FnMut(&mut Flow, f32, f32, f32, f32, &str, bool) + 'c;

fn draw_cell(f: &mut Flow, c: &SlipCell, x: f32, y: f32, w: f32, h: f32, text: &mut CellText<'_>) {
    match c {
        SlipCell::Text(s) => text(f, x, y, w, h, s, false),
        SlipCell::Blank | SlipCell::Sign => {}
        SlipCell::Boxes(labels) => {
            let bx = 3.5 * MM;
            let mut cx = x + 2.0 * MM;
            let by = y + (h - bx) / 2.0;
            for l in labels {
                f.frame(cx, by, bx, bx);
                let asc = f.g.ascent(BODY);
                let desc = f.g.descent(BODY);
                f.text_at(
                    cx + bx + 1.5 * MM,
                    y + (h - asc - desc) / 2.0,
                    BODY,
                    false,
                    l,
                );
                cx += bx + 1.5 * MM + measure(f.g, l, BODY) + 8.0 * MM;
            }
        }
    }
}
