//! CSV exports of tabular documents (standings, crosstable) for other
//! programs: one header row of stable column keys, then the rows.

use super::{Doc, Part};

/// Why a document has no CSV form.
#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    /// Slips and other documents without a table of data.
    #[error("\"{0}\" has no table to export as CSV; use text or html")]
    NoTable(String),
    /// The CSV writer failed (it writes to memory, so this is unexpected).
    #[error("CSV: {0}")]
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

/// The document's first table as CSV, headed by the columns' keys (not the
/// translated headings, so scripts read any language's export alike).
pub fn render_csv(doc: &Doc) -> Result<String, CsvError> {
    let t = doc
        .parts
        .iter()
        .find_map(|p| match p {
            Part::Table(t) => Some(t),
            _ => None,
        })
        .ok_or_else(|| CsvError::NoTable(doc.title.clone()))?;
    let mut w = csv::Writer::from_writer(Vec::new());
    let err = |e: csv::Error| CsvError::Write(e.to_string());
    w.write_record(t.columns.iter().map(|c| c.key.as_str()))
        .map_err(err)?;
    for r in &t.rows {
        w.write_record(r).map_err(err)?;
    }
    let bytes = w.into_inner().map_err(|e| CsvError::Write(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| CsvError::Write(e.to_string()))
}
