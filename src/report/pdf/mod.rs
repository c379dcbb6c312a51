//! PDF pages of any [`Doc`]: A4 (or Letter), portrait or across the page,
//! the font embedded as a subset of the glyphs used, text selectable and
//! searchable (a ToUnicode map), every page with the running title, the
//! club and the print date, and `第N/M页`; a table split across pages
//! repeats its heading row.
//!
//! Pure, like the PNG pages: the font's bytes come from the caller
//! ([`PdfFont`]; the app layer finds the file as it does for PNG), the
//! bytes of the PDF go back.
//!
//! Four steps, a file each:
//! - `layout.rs`: the [`Flow`] of a document down its pages: a cursor, the
//!   page furniture (header, footer), and the primitives every part is
//!   drawn with (a line of text, a wrapped paragraph, a block kept whole,
//!   rules and fills);
//! - `parts.rs` and `table.rs`: one function per [`Part`] variant, drawn
//!   with those primitives (`table.rs`: column widths fitted to the
//!   content, clubs wrapped in their cell, smaller text or short headings
//!   only when the table would not fit; a knockout's bracket chart in
//!   `chart.rs`, its connector columns drawn as lines);
//! - `paginate.rs`: a document on pages (across the page when a table
//!   would not fit upright), each part drawn into the flow;
//! - `write.rs`: the pages as a PDF file (pdf-writer), the font a CID
//!   font subset by `subsetter`.
//!
//! **A new [`Part`] variant** gets a match arm in [`parts::draw_part`]
//! and a function beside the others, drawn with [`Flow`]'s primitives;
//! the text, HTML and PNG renderers get theirs likewise.

mod chart;
mod font;
mod layout;
mod paginate;
mod paperwork;
mod parts;
mod table;
#[cfg(test)]
mod tests;
mod write;

pub use font::{InvalidPdfFont, PdfFont};
pub use layout::{Item, Page};

use super::Doc;

/// Points per millimetre.
pub const MM: f32 = 72.0 / 25.4;

pub use crate::domain::Paper;

/// How a PDF is made beyond its document.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PdfSettings {
    pub paper: Paper,
}

/// Why a PDF could not be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PdfError {
    /// The subsetter could not read the font's outlines.
    Subset(String),
}

/// The pages of `doc` laid out with `font` (what the tests look at).
pub fn layout_pdf(doc: &Doc, font: &PdfFont, settings: PdfSettings) -> Vec<Page> {
    paginate::paginate(doc, font, settings)
}

/// `doc` as the bytes of a PDF file.
pub fn render_pdf(doc: &Doc, font: &PdfFont, settings: PdfSettings) -> Result<Vec<u8>, PdfError> {
    let pages = paginate::paginate(doc, font, settings);
    write::write(doc, &pages, font)
}
