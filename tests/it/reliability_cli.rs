//! Issue 21: nothing a secretary typed is ever lost. One test per failure of
//! the issue, through the real binary on a temporary club.

use crate::common::Club;

/// Four members in a three-round event, round 1 paired.
fn paired_club() -> Club {
    let c = Club::new();
    for (n, r) in [("A", "2000"), ("B", "1900"), ("C", "1800"), ("D", "1700")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3"]);
    c.ok(&["event", "enter", "T", "A", "B", "C", "D"]);
    c.ok(&["round", "pair", "T"]);
    c
}

fn db_is_intact(c: &Club) {
    let out = c.ok(&["player", "list"]);
    assert!(out.contains('A') && out.contains('D'), "{out}");
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}

// 1. `-o` never replaces the open database, its companions or an input.
#[test]
fn outputs_never_replace_the_open_database() {
    let c = paired_club();
    let db = c.db.to_str().unwrap().to_string();
    let wal = format!("{db}-wal");
    for args in [
        vec!["print", "standings", "T", "--format", "html", "-o", &db],
        vec!["print", "standings", "T", "-o", &wal, "--force"],
        vec!["player", "export", "-o", &db, "--force"],
        vec!["export", "trf", "T", "-o", &db],
        vec!["backup", &db],
    ] {
        let err = c.fails(&args);
        assert!(err.contains("club database"), "{args:?}: {err}");
        db_is_intact(&c);
    }
}

#[test]
fn an_existing_output_file_needs_force() {
    let c = paired_club();
    let out = c.path("members.csv");
    std::fs::write(&out, "keep me").unwrap();
    let o = out.to_str().unwrap();
    let err = c.fails(&["player", "export", "-o", o]);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    for args in [
        vec!["print", "pairings", "T", "-o", o],
        vec!["export", "trf", "T", "-o", o],
    ] {
        c.fails(&args);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    }
    c.ok(&["player", "export", "-o", o, "--force"]);
    assert!(std::fs::read_to_string(&out).unwrap().contains("name"));
    // backup never replaces a file
    let err = c.fails(&["backup", o]);
    assert!(err.contains("exists"), "{err}");
    let b = c.path("copy.db");
    c.ok(&["backup", b.to_str().unwrap()]);
    assert!(b.exists());
}

#[test]
fn pair_trf_and_convert_never_replace_their_input() {
    let c = paired_club();
    let trf = c.path("in.trf");
    c.ok(&["export", "trf", "T", "-o", trf.to_str().unwrap()]);
    let before = std::fs::read(&trf).unwrap();
    let t = trf.to_str().unwrap();
    let err = c.fails(&["pair-trf", t, "-p", t, "--force"]);
    assert!(err.contains("input"), "{err}");
    assert_eq!(std::fs::read(&trf).unwrap(), before);

    let pgn = c.path("g.pgn");
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../shared/testdata/pgn/xqdb_wxf_utf8_3games.pgn"
        ),
        &pgn,
    )
    .unwrap();
    let before = std::fs::read(&pgn).unwrap();
    let p = pgn.to_str().unwrap();
    let err = c.fails(&["game", "convert", p, "-o", p, "--force"]);
    assert!(err.contains("input"), "{err}");
    assert_eq!(std::fs::read(&pgn).unwrap(), before);
}

/// Every row of every club table (the action log aside), in rowid order:
/// two equal dumps are two equal databases.
pub fn dump(db: &std::path::Path) -> Vec<String> {
    let c = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = c
        .prepare(
            "SELECT name FROM sqlite_master WHERE type='table'
             AND name NOT LIKE 'sqlite_%' AND name <> 'action_log' ORDER BY name",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    let mut out = Vec::new();
    for t in tables {
        let cols: Vec<String> = c
            .prepare(&format!("PRAGMA table_info({t})"))
            .unwrap()
            .query_map([], |r| r.get(1))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        let expr = std::iter::once("quote(rowid)".to_string())
            .chain(cols.iter().map(|c| format!("quote({c})")))
            .collect::<Vec<_>>()
            .join("||'|'||");
        let rows: Vec<String> = c
            .prepare(&format!("SELECT {expr} FROM {t} ORDER BY rowid"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        out.extend(rows.into_iter().map(|r| format!("{t}: {r}")));
    }
    out
}

// 2. Undo after `round swap --insist; round unpair` is not stuck, and unpair
// (plain and forced) is undone exactly, and redone.
#[test]
fn unpair_is_undone_exactly_even_after_a_swap() {
    let c = paired_club();
    c.ok(&["round", "swap", "T", "1", "A", "B", "--insist"]);
    let paired = dump(&c.db);
    c.ok(&["round", "unpair", "T"]);
    assert_ne!(dump(&c.db), paired);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), paired);
    // and further back still works
    c.ok(&["undo"]);
    c.ok(&["redo"]);
    assert_eq!(dump(&c.db), paired);
}

#[test]
fn forced_unpair_with_results_is_undone_with_its_results() {
    let c = paired_club();
    c.ok(&["result", "T", "1", "1", "1-0"]);
    let before = dump(&c.db);
    c.ok(&["round", "unpair", "T", "--force"]);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), before);
    let shown = c.ok(&["round", "show", "T", "1"]);
    assert!(shown.contains("1-0"), "{shown}");
    // redo removes it again, undo brings it back again
    c.ok(&["redo"]);
    assert_ne!(dump(&c.db), before);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), before);
}

// 3. Undo restores the exact previous state.
#[test]
fn forbidding_twice_then_undoing_once_keeps_the_pair_forbidden() {
    let c = paired_club();
    c.ok(&["event", "forbid", "T", "A", "B"]);
    let once = dump(&c.db);
    c.ok(&["event", "forbid", "T", "A", "B"]);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), once);
    assert!(once.iter().any(|r| r.starts_with("forbidden_pair")));
}

#[test]
fn a_requested_bye_changed_back_by_undo_keeps_its_old_value() {
    let c = paired_club();
    c.ok(&["event", "bye", "T", "A", "3", "--value", "half"]);
    let half = dump(&c.db);
    c.ok(&["event", "bye", "T", "A", "3", "--value", "zero"]);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), half);
    assert!(half.iter().any(|r| r.contains("'half'")));
}

#[test]
fn late_entries_before_round_one_are_undone_with_the_start_numbers() {
    let c = Club::new();
    for (n, r) in [("A", "1500"), ("B", "1400"), ("X", "2500"), ("Y", "2400")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3"]);
    c.ok(&["event", "enter", "T", "A", "B"]);
    let before = dump(&c.db);
    c.ok(&["event", "enter", "T", "X", "Y"]);
    assert_ne!(dump(&c.db), before);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), before);
}

#[test]
fn redo_ends_when_a_new_change_is_made() {
    let c = paired_club();
    c.ok(&["player", "add", "E"]);
    c.ok(&["undo"]);
    c.ok(&["player", "add", "F"]);
    let err = c.fails(&["redo"]);
    assert!(err.contains("nothing to redo"), "{err}");
}
