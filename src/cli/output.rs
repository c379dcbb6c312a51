//! Lists as aligned text tables (by display width, so Chinese names line up),
//! CSV or JSON.

use crate::formats::safe::{csv_cell, escape_controls, terminal_text};
use clap::ValueEnum;
use std::sync::atomic::{AtomicBool, Ordering};
use unicode_width::UnicodeWidthStr;

/// `--csv-formulas`: CSV cells are written as they are (by default a cell a
/// spreadsheet would run as a formula gets a leading `'`).
static CSV_FORMULAS: AtomicBool = AtomicBool::new(false);

/// Lets CSV cells that look like formulas through unchanged.
pub fn allow_csv_formulas(on: bool) {
    let _ = CSV_FORMULAS.swap(on, Ordering::Relaxed);
}

/// Are CSV cells written as they are (`--csv-formulas`)?
pub fn csv_formulas_allowed() -> bool {
    CSV_FORMULAS.load(Ordering::Relaxed)
}

/// Writes `text` to stdout (`to_stderr`: stderr) through the one terminal
/// sanitiser (`formats::safe::terminal_text`): names, clubs and game headers
/// can hold control characters and escape sequences, which are shown
/// escaped, never sent to the terminal. A closed pipe ends the output
/// quietly (the SIGPIPE default ends the process first on Unix).
pub fn emit(to_stderr: bool, text: &str) {
    use std::io::Write;
    let text = terminal_text(text);
    let written = if to_stderr {
        let mut e = std::io::stderr().lock();
        e.write_all(text.as_bytes()).and_then(|_| e.flush())
    } else {
        let mut o = std::io::stdout().lock();
        o.write_all(text.as_bytes()).and_then(|_| o.flush())
    };
    if let Err(e) = written {
        if !to_stderr {
            // A closed pipe ends qishe quietly; anything else (a full disk
            // under `> file`) is said (`stdout.rs`).
            super::stdout::failed(&e);
        }
    }
}

/// Output format of a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Csv,
    Json,
}

/// Output of a report that has no table form: text or JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum TextOrJson {
    #[default]
    Text,
    Json,
}

/// A table: stable keys (CSV/JSON), translated headings (text), rows of cells.
pub struct Table {
    pub keys: Vec<&'static str>,
    pub headings: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Columns to right-align in text (numbers).
    pub right: Vec<bool>,
}

/// Pads `s` to `width` display columns.
pub fn pad(s: &str, width: usize, right: bool) -> String {
    let w = UnicodeWidthStr::width(s);
    let fill = " ".repeat(width.saturating_sub(w));
    if right {
        format!("{fill}{s}")
    } else {
        format!("{s}{fill}")
    }
}

impl Table {
    pub fn new(cols: &[(&'static str, String, bool)]) -> Table {
        Table {
            keys: cols.iter().map(|c| c.0).collect(),
            headings: cols.iter().map(|c| c.1.clone()).collect(),
            right: cols.iter().map(|c| c.2).collect(),
            rows: Vec::new(),
        }
    }

    /// Adds a row. Text cells are kept as given; control characters are
    /// escaped when shown as text (a name cannot drive the terminal).
    pub fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    /// Aligned text; every line has the same display width.
    pub fn text(&self) -> String {
        let n = self.headings.len();
        let shown: Vec<Vec<String>> = self
            .rows
            .iter()
            .map(|r| r.iter().map(|c| escape_controls(c).into_owned()).collect())
            .collect();
        let mut widths: Vec<usize> = self.headings.iter().map(|h| h.width()).collect();
        for r in &shown {
            for (i, c) in r.iter().enumerate().take(n) {
                widths[i] = widths[i].max(c.width());
            }
        }
        let line = |cells: &[String]| -> String {
            (0..n)
                .map(|i| {
                    pad(
                        cells.get(i).map(String::as_str).unwrap_or(""),
                        widths[i],
                        self.right[i],
                    )
                })
                .collect::<Vec<_>>()
                .join("  ")
        };
        let mut out = line(&self.headings);
        out.push('\n');
        out.push_str(
            &widths
                .iter()
                .map(|w| "-".repeat(*w))
                .collect::<Vec<_>>()
                .join("  "),
        );
        out.push('\n');
        for r in &shown {
            out.push_str(&line(r));
            out.push('\n');
        }
        out
    }

    pub fn csv(&self) -> String {
        let mut w = csv::Writer::from_writer(Vec::new());
        let _ = w.write_record(&self.keys);
        let raw = CSV_FORMULAS.load(Ordering::Relaxed);
        for r in &self.rows {
            let _ = w.write_record(
                r.iter()
                    .map(|c| if raw { c.as_str().into() } else { csv_cell(c) })
                    .map(|c| c.into_owned()),
            );
        }
        String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
    }

    pub fn json(&self) -> String {
        let arr: Vec<serde_json::Value> = self
            .rows
            .iter()
            .map(|r| {
                let mut m = serde_json::Map::new();
                for (k, v) in self.keys.iter().zip(r) {
                    m.insert((*k).to_string(), serde_json::Value::String(v.clone()));
                }
                serde_json::Value::Object(m)
            })
            .collect();
        serde_json::to_string_pretty(&arr).unwrap_or_default() + "\n"
    }

    pub fn render(&self, f: Format) -> String {
        match f {
            Format::Text => self.text(),
            Format::Csv => self.csv(),
            Format::Json => self.json(),
        }
    }
}

/// A text table's column heading: the code itself in English (what the
/// CSV header and scripts read), the translation of `key` in Chinese.
pub fn heading(lang: crate::i18n::Lang, key: &str, en: &str) -> String {
    match lang {
        crate::i18n::Lang::En => en.to_string(),
        _ => crate::i18n::tr(lang, key).to_string(),
    }
}

/// Optional value as text ("" for none).
pub fn opt<T: ToString>(v: &Option<T>) -> String {
    v.as_ref().map(|x| x.to_string()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_columns_align_by_display_width() {
        let mut t = Table::new(&[
            ("name", "姓名".into(), false),
            ("rating", "rating".into(), true),
        ]);
        t.push(vec!["王天一".into(), "2650".into()]);
        t.push(vec!["Li".into(), "12".into()]);
        t.push(vec!["欧阳琦琳".into(), "".into()]);
        let text = t.text();
        let widths: Vec<usize> = text.lines().map(|l| l.width()).collect();
        assert!(widths.windows(2).all(|w| w[0] == w[1]), "{text}");
        assert!(text.lines().nth(2).unwrap().ends_with("2650"));
    }

    #[test]
    fn csv_and_json_use_stable_keys() {
        let mut t = Table::new(&[("name", "姓名".into(), false)]);
        t.push(vec!["a,b".into()]);
        assert_eq!(t.csv(), "name\n\"a,b\"\n");
        let v: serde_json::Value = serde_json::from_str(&t.json()).unwrap();
        assert_eq!(v[0]["name"], "a,b");
    }
}
