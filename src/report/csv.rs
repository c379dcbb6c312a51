//! CSV exports of tabular documents (standings, crosstable, pairings) for
//! other programs and for spreadsheets: one header row (stable column keys,
//! or the translated headings on request), then the rows.

use super::{Doc, Part};

/// Why a document has no CSV form.
#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    /// Slips and other documents without a table of data.
    NoTable(String),
    /// The CSV writer failed (it writes to memory, so this is unexpected).
    Write(String),
}

impl CsvError {
    /// The error as a keyed message.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::msg;
        match self {
            CsvError::NoTable(title) => msg!("err.report.no_csv_table", title),
            CsvError::Write(why) => msg!("err.report.csv_write", why),
        }
    }
}

/// How a CSV export is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsvOptions {
    /// Start with a UTF-8 byte-order mark: Excel on Chinese Windows reads a
    /// file without one as GBK and shows mojibake.
    pub bom: bool,
    /// The header row in the document's language (for people) instead of
    /// the stable keys (for scripts).
    pub headings: bool,
}

impl Default for CsvOptions {
    fn default() -> CsvOptions {
        CsvOptions {
            bom: true,
            headings: false,
        }
    }
}

/// The document's CSV table (its `csv` table, else its first printed
/// table). `cell` maps every data cell on its way out (the app layer
/// neutralises spreadsheet formulas with it).
pub fn render_csv(
    doc: &Doc,
    opts: CsvOptions,
    cell: &dyn Fn(&str) -> String,
) -> Result<String, CsvError> {
    let t = doc
        .csv
        .as_ref()
        .or_else(|| {
            doc.parts.iter().find_map(|p| match p {
                Part::Table(t) => Some(t),
                _ => None,
            })
        })
        .ok_or_else(|| CsvError::NoTable(doc.title.clone()))?;
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| CsvError::Write(e.to_string());
    w.write_record(t.columns.iter().map(|c| match opts.headings {
        true => cell(&c.heading),
        false => c.key.clone(),
    }))
    .map_err(err)?;
    for r in &t.rows {
        w.write_record(r.iter().map(|c| cell(c))).map_err(err)?;
    }
    let bytes = w.into_inner().map_err(|e| CsvError::Write(e.to_string()))?;
    let text = String::from_utf8(bytes).map_err(|e| CsvError::Write(e.to_string()))?;
    Ok(match opts.bom {
        true => format!("\u{feff}{text}"),
        false => text,
    })
}

crate::i18n::english_display!(CsvError);
