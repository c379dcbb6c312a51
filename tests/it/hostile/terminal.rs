//! The one sanitiser for text that goes to a terminal: control characters
//! and escape sequences in names, clubs and game headers never reach it,
//! from any CLI line or the TUI.

use super::{both, paired_club};
use crate::common::Club;

/// What an attacker puts in a name: clear the screen, retitle the window,
/// write the clipboard (OSC 52), a C1 CSI, a bell, a line break.
const HOSTILE: &str = "A\u{1b}[2J\u{1b}]0;pwned\u{7}\u{1b}]52;c;cm0gLXJm\u{7}\u{9b}1m\nX";

/// Characters that must never reach a terminal raw (a text's own line
/// breaks, tabs and page breaks aside).
fn raw_controls(s: &str) -> Vec<char> {
    s.chars()
        .filter(|&c| c.is_control() && !matches!(c, '\n' | '\r' | '\t' | '\u{c}'))
        .collect()
}

fn assert_clean(what: &str, o: &std::process::Output) {
    let text = both(o);
    let bad = raw_controls(&text);
    assert!(bad.is_empty(), "{what}: raw {bad:?} in:\n{text:?}");
    assert!(!text.contains("\u{1b}"), "{what}");
}

/// Member A's name and club set to [`HOSTILE`] behind qishe's back (as an
/// older qishe, another program, or a file import let through).
fn plant(c: &Club) {
    let conn = rusqlite::Connection::open(&c.db).unwrap();
    conn.execute(
        "UPDATE member SET name = ?1, club = ?1 WHERE name = 'A'",
        [HOSTILE],
    )
    .unwrap();
}

// 5. Every CLI line: log, undo/redo, edit echoes, event show, player vs,
// CSV and TRF to stdout, the pairing echo, errors.
#[test]
fn names_with_escape_sequences_never_reach_the_terminal_raw() {
    let c = paired_club();
    for b in ["1", "2"] {
        c.ok(&["result", "T", "1", b, "1-0"]);
    }
    plant(&c);
    let id = {
        let conn = rusqlite::Connection::open(&c.db).unwrap();
        conn.query_row("SELECT id FROM member WHERE name = ?1", [HOSTILE], |r| {
            r.get::<_, i64>(0)
        })
        .unwrap()
        .to_string()
    };
    for args in [
        vec!["player", "edit", id.as_str(), "--rating", "2001"],
        vec!["log"],
        vec!["undo"],
        vec!["redo"],
        vec!["event", "show", "T"],
        vec!["player", "vs", id.as_str(), "B"],
        vec!["player", "show", id.as_str()],
        vec!["player", "export"],
        vec!["player", "list", "--format", "csv"],
        vec!["export", "trf", "T"],
        vec!["round", "pair", "T"],
        vec!["round", "show", "T"],
        vec!["standings", "T"],
        vec!["print", "pairings", "T"],
        vec!["result", "T", "2", "1", "1-0"],
        vec!["log"],
        vec!["player", "show", HOSTILE],
    ] {
        let o = c.run(&args);
        assert_clean(&format!("{args:?}"), &o);
    }
}

const PGN: &str = "[Event \"\u{1b}]52;c;cm0gLXJm\u{7}Cup\"]\n[Red \"\u{1b}[2J甲\"]\n[Black \"乙\u{9b}31m\"]\n[Result \"1-0\"]\n\n1. h2e2 {\u{1b}]0;title\u{7}} h9g7 1-0\n";

#[test]
fn game_headers_with_escape_sequences_never_reach_the_terminal_raw() {
    let c = Club::new();
    std::fs::write(c.path("g.pgn"), PGN).unwrap();
    for args in [
        vec!["game", "show", "g.pgn"],
        vec!["game", "stats", "g.pgn"],
        vec!["game", "convert", "g.pgn"],
        vec!["archive", "import", "g.pgn"],
        vec!["archive", "search"],
        vec!["archive", "search", "--format", "csv"],
    ] {
        let o = c.run(&args);
        assert!(o.status.success(), "{args:?}: {}", both(&o));
        assert_clean(&format!("{args:?}"), &o);
    }
}

// 5. The TUI: whatever is drawn, no cell holds a control character.
#[test]
fn the_tui_draws_no_control_character() {
    use crate::common::tui::{c as ch, config, go};
    use qishe::app::App;
    use qishe::i18n::Lang;
    use qishe::tui::{view, Model};
    use ratatui::backend::TestBackend;
    use ratatui::Terminal;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.pgn");
    std::fs::write(&file, PGN).unwrap();
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    app.archive_import(
        &[file],
        qishe::xiangqi::ReadOptions::default(),
        &mut |_, _| {},
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, ch('A'));
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| view(&m, f)).unwrap();
    let cells = t.backend().buffer().content.clone();
    let text: String = cells.iter().map(|c| c.symbol()).collect();
    assert!(text.contains("Cup"), "the game is shown: {text}");
    let bad: Vec<&str> = cells
        .iter()
        .map(|c| c.symbol())
        .filter(|s| s.chars().any(|c| c.is_control()))
        .collect();
    assert!(bad.is_empty(), "{bad:?}");
}

// Started without a command from a script or a pipe, qishe says the screens
// need a terminal and exits as for a usage error: no panic, no backtrace,
// nothing written to the club.
#[test]
fn no_command_without_a_terminal_says_so_and_does_not_panic() {
    let c = paired_club();
    let before = std::fs::read(&c.db).unwrap();
    let o = c.run(&[]);
    let text = both(&o);
    assert!(!o.status.success(), "{text}");
    assert_ne!(o.status.code(), Some(101), "a panic: {text}");
    assert!(text.contains("need a terminal"), "{text}");
    assert!(!text.contains("panicked"), "{text}");
    assert_eq!(std::fs::read(&c.db).unwrap(), before);
}
