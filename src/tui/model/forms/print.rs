//! The Print form: the documents offered for an event, the formats each
//! document can be written in, the destinations.

use super::*;

/// The Print form's formats for a document: slips have no CSV, the site is
/// HTML only, PNG is for the documents `app::png::PNG_KINDS` names, the
/// games export is PGN or CSV.
pub(in crate::tui::model) fn fix_print_format(f: &mut Form) {
    if f.kind != FormKind::Print {
        return;
    }
    let doc = f.value("tui.print.doc").to_string();
    if let Some(fl) = f.fields.iter_mut().find(|x| x.label == "tui.print.format") {
        fl.choices = PRINT_FORMATS
            .iter()
            .filter(|x| !(NO_CSV.contains(&doc.as_str()) && **x == "csv"))
            .filter(|x| doc != "site" || **x == "html")
            .filter(|x| **x != "png" || crate::app::png::PNG_KINDS.iter().any(|k| k.code() == doc))
            .map(|x| x.to_string())
            .collect();
        // The games export is PGN (first) or CSV; PGN is for it alone.
        // The TRF file is TRF-2026 (first) or TRF-16 for older programs.
        match doc.as_str() {
            "games" => fl.choices = vec!["pgn".to_string(), "csv".to_string()],
            "trf" => fl.choices = TRF_FORMATS.iter().map(|x| x.to_string()).collect(),
            _ => fl.choices.retain(|x| x != "pgn"),
        }
        if !fl.choices.contains(&fl.value) {
            fl.value = fl.choices[0].clone();
        }
    }
}

/// The documents and formats the Print tab offers (codes of `app::print`),
/// in its order; an event is offered those of its kind ([`print_docs`]).
pub const PRINT_DOCS: &[&str] = &[
    "pairings",
    "slips",
    "bracket",
    "standings",
    "crosstable",
    "wallchart",
    "checkin",
    "site",
    "trf",
    "games",
    "backup",
    "restore",
    "prizes",
    "certificates",
    "programme",
    "results-book",
    "table-cards",
    "score-sheets",
];
/// The Print tab's documents for an event of `kind` paired by `system`:
/// a knockout's bracket, a round robin's wall chart, an individual
/// event's prize sheet and certificates (the app says which); the club's
/// files (backup, restore) and the event's site, TRF and games always.
pub fn print_docs(kind: EventKind, system: PairingSystem) -> Vec<&'static str> {
    use crate::app::print::DocKind;
    PRINT_DOCS
        .iter()
        .copied()
        .filter(|code| {
            DocKind::ALL
                .iter()
                .find(|d| d.code() == *code)
                .is_none_or(|d| d.offered(kind, system))
        })
        .collect()
}

/// The documents without a table to write as CSV.
const NO_CSV: &[&str] = &[
    "slips",
    "certificates",
    "programme",
    "results-book",
    "table-cards",
    "score-sheets",
];
pub const PRINT_FORMATS: &[&str] = &["pdf", "text", "html", "csv", "png", "pgn"];
/// The TRF export's editions, by `TrfVersion::from_code`'s years.
pub const TRF_FORMATS: &[&str] = &["trf-2026", "trf-2016"];
pub const PRINT_DESTS: &[&str] = &["file", "printer"];

pub(in crate::tui::model) fn print_form(docs: &[&str]) -> Form {
    Form {
        kind: FormKind::Print,
        fields: vec![
            Field::choice("tui.print.doc", docs, "pairings"),
            Field::choice("tui.print.format", PRINT_FORMATS, "pdf"),
            Field::choice("tui.print.dest", PRINT_DESTS, "file"),
            Field::text("tui.field.path", ""),
            Field::text("tui.print.printer", ""),
        ],
        focus: 0,
        stash: Vec::new(),
    }
}
