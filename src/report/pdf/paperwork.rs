//! The event's paperwork parts in a PDF: a certificate drawn on a page of
//! its own (title, the name large, lines centred, footer right-aligned), a
//! table card on a page of its own (centred, not folded: the upside-down
//! half is not drawn yet), and a score sheet as the text renderer's lines
//! ([`crate::report::text::score_sheet_lines`]).

use super::layout::{Flow, BODY, HEADING, LEADING};
use super::parts::clean;
use super::MM;
use crate::report::png::measure;
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

pub(super) fn draw_card(f: &mut Flow, c: &Card) {
    own_page(f);
    f.y = f.top() + f.body_height() / 2.0 + 10.0 * MM;
    centred(f, &c.head, BODY + 2.0, false);
    f.y += 4.0 * MM;
    let size = fitting(f, &c.big, 4.0 * HEADING);
    centred(f, &c.big, size, true);
    f.y += 4.0 * MM;
    for l in &c.lines {
        centred(f, l, BODY + 2.0, false);
    }
    f.y = f.bottom();
}

pub(super) fn draw_score_sheet(f: &mut Flow, s: &ScoreSheet) {
    own_page(f);
    let size = BODY - 1.0;
    for l in crate::report::text::score_sheet_lines(s, 80) {
        f.need(size * LEADING);
        let (x, top) = (f.left(), f.y);
        f.text_at(x, top, size, false, &l);
        f.y += size * LEADING;
    }
}
