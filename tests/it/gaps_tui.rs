//! Gaps a secretary hits in the TUI: the games export in the Print box.

use crate::common::tui::{go, k, typed};
use crate::tui_night::{club, open, result};
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::domain::Outcome;
use qishe::i18n::Lang;
use qishe::tui::{Model, Tab};

/// Print box: document `doc`, format `format`, file `path`.
fn export_to(app: &mut App, m: &mut Model, doc: &str, format: &str, path: &str) {
    go(app, m, k(KeyCode::Enter));
    let docs = m.form().unwrap().fields[0].choices.clone();
    assert!(docs.iter().any(|d| d == doc), "{doc}: {docs:?}");
    while m.form().unwrap().value("tui.print.doc") != doc {
        go(app, m, k(KeyCode::Right));
    }
    go(app, m, k(KeyCode::Tab));
    let formats = m.form().unwrap().fields[1].choices.clone();
    assert_eq!(formats, ["pgn", "csv"], "the games export's formats");
    while m.form().unwrap().value("tui.print.format") != format {
        go(app, m, k(KeyCode::Right));
    }
    for _ in 0..2 {
        go(app, m, k(KeyCode::Tab));
    }
    typed(app, m, path);
    go(app, m, k(KeyCode::Enter));
}

/// The Print box offers the games export; it writes every game of the
/// event as PGN (read back by qishe's reader) or CSV, and asks before it
/// replaces a file.
#[test]
fn the_print_box_writes_the_games_export() {
    let (mut app, _) = club(Lang::En);
    result(&mut app, 1, 1, Outcome::RedWin);
    result(&mut app, 1, 2, Outcome::Draw);
    let dir = tempfile::tempdir().unwrap();
    let mut m = open(&mut app, Tab::Print);
    let pgn = dir.path().join("games.pgn");
    export_to(&mut app, &mut m, "games", "pgn", pgn.to_str().unwrap());
    assert!(m.confirm().is_none(), "{:?}", m.status().cloned());
    let text = std::fs::read_to_string(&pgn).unwrap();
    let games = qishe::xiangqi::read_pgn(&text).unwrap();
    assert_eq!(games.len(), 4, "round 1's four boards: {text}");
    assert_eq!(games[0].tag("Event"), Some("周赛"));
    assert_eq!(games[0].tag("Round"), Some("1.1"));
    assert_eq!(games[0].result.as_deref(), Some("1-0"));
    assert_eq!(games[1].result.as_deref(), Some("1/2-1/2"));
    let csv = dir.path().join("games.csv");
    export_to(&mut app, &mut m, "games", "csv", csv.to_str().unwrap());
    let bytes = std::fs::read(&csv).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    assert!(text.starts_with("\u{feff}round,"), "{text}");
    assert_eq!(text.lines().count(), 5, "{text}");
    // Over an existing file: a question first.
    std::fs::write(&csv, "keep me").unwrap();
    export_to(&mut app, &mut m, "games", "csv", csv.to_str().unwrap());
    assert!(m.confirm().is_some(), "{:?}", m.status().cloned());
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "keep me");
}
