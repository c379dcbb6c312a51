//! A document on pages: across the page or upright, then each part drawn
//! into the [`Flow`]. Above `layout` (the flow of lines and pages),
//! `table` and `parts` (what draws into it), which all three use.

use super::font::PdfFont;
use super::layout::{Flow, Page, MARGIN_SIDE};
use super::PdfSettings;
use crate::report::{Doc, Part};

/// Lays `doc` out on pages of the paper in `settings`: across the page
/// when the document asks for it or a table of it would not fit upright.
pub(super) fn paginate(doc: &Doc, g: &PdfFont, settings: PdfSettings) -> Vec<Page> {
    let (w, h) = settings.paper.size();
    let across = doc.landscape
        || doc.parts.iter().any(|p| match p {
            Part::Table(t) => !super::table::fits(t, g, w - 2.0 * MARGIN_SIDE),
            _ => false,
        });
    let (w, h) = if across { (h, w) } else { (w, h) };
    let mut flow = Flow::new(g, w, h);
    for part in &doc.parts {
        super::parts::draw_part(&mut flow, doc, part);
    }
    flow.finish(doc)
}
