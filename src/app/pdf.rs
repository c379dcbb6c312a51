//! PDF documents: the font found as for the PNG pages (`--font`, the
//! config's `font`, the well-known places), the document laid out by
//! `report::pdf` on the config's paper.

use super::png::DocFont;
use super::print::{render_with, OutputFormat, PrintOptions};
use super::printer::{send_to_printer, PrintJob};
use super::{invalid, App, Result};
use crate::i18n::Msg;
use crate::report::pdf::{render_pdf, PdfFont, PdfSettings};
use crate::report::Doc;
use std::path::{Path, PathBuf};

/// A PDF made, with the font embedded in it.
pub struct PdfFile {
    pub font: PathBuf,
    pub bytes: Vec<u8>,
    /// Characters of the document the font has no glyph for (printed as
    /// the font's empty box).
    pub missing: Vec<char>,
}

impl App {
    /// `doc` as a PDF with `font` (a path the user named), else the font
    /// [`App::doc_font`] finds, on the config's paper.
    pub fn pdf(&self, doc: &Doc, font: Option<&Path>) -> Result<PdfFile> {
        let DocFont {
            path,
            bytes,
            missing,
        } = self.doc_font(doc, font)?;
        let shown = path.display().to_string();
        let f = PdfFont::from_bytes(&bytes, doc.lang)
            .map_err(|_| invalid!("err.app.png_font_invalid", path = &shown))?;
        let settings = PdfSettings {
            paper: self.config.paper,
        };
        let bytes = render_pdf(doc, &f, settings).map_err(
            |crate::report::pdf::PdfError::Subset(why)| {
                invalid!("err.app.pdf_failed", path = &shown, why = why)
            },
        )?;
        Ok(PdfFile {
            font: path,
            bytes,
            missing,
        })
    }
}

impl App {
    /// Renders `doc` in any format as the bytes of its file, with a note
    /// for the user (a PDF's characters its font lacks).
    pub fn render_bytes(
        &self,
        doc: &Doc,
        format: OutputFormat,
        opts: &PrintOptions,
        font: Option<&Path>,
    ) -> Result<(Vec<u8>, Option<Msg>)> {
        if format != OutputFormat::Pdf {
            return Ok((render_with(doc, format, opts)?.into_bytes(), None));
        }
        let pdf = self.pdf(doc, font)?;
        Ok((pdf.bytes, missing_note(&pdf.font, &pdf.missing)))
    }

    /// Sends `doc` to `printer` (the default when `None`): text as text
    /// where the system prints text (CUPS), everything else as a PDF.
    /// Returns what the print system said.
    pub fn print_to(
        &self,
        doc: &Doc,
        format: OutputFormat,
        opts: &PrintOptions,
        font: Option<&Path>,
        printer: Option<&str>,
    ) -> Result<String> {
        match format {
            OutputFormat::Csv => Err(invalid!("tui.print.text_only")),
            OutputFormat::Text { .. } if !cfg!(windows) => {
                let text = render_with(doc, format, opts)?;
                send_to_printer(PrintJob::Text(&text), printer, &doc.title)
            }
            _ => {
                let pdf = self.pdf(doc, font)?;
                send_to_printer(PrintJob::Pdf(&pdf.bytes), printer, &doc.title)
            }
        }
    }
}

/// The note for characters the font has no glyph for, if any.
pub fn missing_note(font: &Path, missing: &[char]) -> Option<Msg> {
    (!missing.is_empty()).then(|| {
        let chars: String = missing.iter().take(12).collect();
        crate::i18n::msg!("cli.pdf.missing", path = font.display(), chars = chars)
    })
}
