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
    let heads: Vec<String> = match opts.headings {
        true => headings(t).iter().map(|h| cell(h)).collect(),
        false => t.columns.iter().map(|c| c.key.clone()).collect(),
    };
    w.write_record(&heads).map_err(err)?;
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

/// The translated headings, each once: a heading two columns share (积分
/// of red and of black) is qualified by the column its key belongs to
/// (`red_points` → 红方 积分), else numbered.
fn headings(t: &super::Table) -> Vec<String> {
    let heads: Vec<&str> = t.columns.iter().map(|c| c.heading.as_str()).collect();
    let mut out: Vec<String> = Vec::new();
    for (i, c) in t.columns.iter().enumerate() {
        let shared = heads.iter().filter(|h| **h == heads[i]).count() > 1;
        let mut h = c.heading.clone();
        if shared {
            let owner = c
                .key
                .split_once('_')
                .and_then(|(pre, _)| t.columns.iter().find(|o| o.key == pre));
            if let Some(o) = owner {
                h = format!("{} {}", o.heading, c.heading);
            }
        }
        let mut n = 2;
        let base = h.clone();
        while out.contains(&h) {
            h = format!("{base} {n}");
            n += 1;
        }
        out.push(h);
    }
    out
}

crate::i18n::english_display!(CsvError);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{ColKind, Column, Table};

    #[test]
    fn translated_headings_are_never_repeated() {
        let t = Table::new(vec![
            Column::new("red", "红方", ColKind::Text),
            Column::new("red_points", "积分", ColKind::Number),
            Column::new("black", "黑方", ColKind::Text),
            Column::new("black_points", "积分", ColKind::Number),
            Column::new("x", "备注", ColKind::Text),
            Column::new("y", "备注", ColKind::Text),
        ]);
        assert_eq!(
            headings(&t),
            ["红方", "红方 积分", "黑方", "黑方 积分", "备注", "备注 2"]
        );
    }
}
