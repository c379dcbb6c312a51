//! The forms that name a file: a path alone (a members CSV, a game
//! record), and the events list's TRF import, another program's event
//! file made an event of the club (`qishe import trf`).

use super::*;

/// A form of one field, a file's path.
pub(in crate::tui::model) fn path_form(kind: FormKind) -> Form {
    Form {
        kind,
        fields: vec![Field::text("tui.field.path", "")],
        focus: 0,
        stash: Vec::new(),
    }
}

/// The TRF import form of the events list: the file, the event's name
/// (empty: the file's `012`), the scheme (`from-file`: what the file scores).
pub(in crate::tui::model) fn trf_import_form() -> Form {
    let schemes: Vec<&str> = std::iter::once("from-file")
        .chain(crate::config::SCHEMES.iter().copied())
        .collect();
    Form {
        kind: FormKind::ImportTrf,
        fields: vec![
            Field::text("tui.field.path", ""),
            Field::text("tui.field.trf_name", ""),
            Field::choice("col.scheme", &schemes, "from-file"),
        ],
        focus: 0,
        stash: Vec::new(),
    }
}

/// The command of a filled TRF import form (empty fields: the file's).
pub(in crate::tui::model) fn submit_trf_import(f: &Form) -> Command {
    let given = |label: &str| Some(f.value(label).trim().to_string()).filter(|v| !v.is_empty());
    Command::ImportTrf {
        path: f.value("tui.field.path").trim().to_string(),
        name: given("tui.field.trf_name"),
        scheme: given("col.scheme").filter(|s| s != "from-file"),
    }
}
