//! `qishe game judge` run as an arbiter would, and the ruling stored with
//! the game (`--apply`, `App::apply_ruling`).

use crate::common;
use common::{qishe, Club};
use std::path::Path;

/// A PGN of a perpetual check: red's chariot checks on a9/a8, the black
/// king steps e9/e8.
const PERPETUAL_CHECK: &str = r#"[Game "Chinese Chess"]
[Red "甲"]
[Black "乙"]
[FEN "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"]
[Format "ICCS"]

1. a0-a9 e9-e8 2. a9-a8 e8-e9 3. a8-a9 e9-e8 *
"#;

use crate::common::records::{NO_REPEAT, PROTECTED_HORSE};

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn judge(args: &[&str]) -> (bool, String, String) {
    let out = crate::common::output_of(qishe().arg("game").arg("judge").args(args));
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn text_report_in_chinese_and_english() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "pc.pgn", PERPETUAL_CHECK);
    let (ok, out, err) = judge(&[&f, "--rules", "asian"]);
    assert!(ok, "{err}");
    assert!(out.contains("车九退一 a9a8 将 黑将"), "{out}");
    assert!(out.contains("红方须变着"), "{out}");
    assert!(out.contains("a9a8 check black king"), "{out}");
    assert!(out.contains("ruling: red must change"), "{out}");
    assert!(out.contains("perpetual check (forbidden)"), "{out}");
}

#[test]
fn json_report_has_the_issue_shape() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "h.pgn", PROTECTED_HORSE);
    let mut rulings = Vec::new();
    for rules in ["simple", "asian", "cxa2011"] {
        let (ok, out, err) = judge(&[&f, "--rules", rules, "--format", "json"]);
        assert!(ok, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["rules"], rules);
        assert_eq!(v["cycle_start_ply"], 1);
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[0]["ply"], 1);
        assert_eq!(moves[0]["side"], "red");
        assert_eq!(moves[0]["iccs"], "a9a7");
        assert_eq!(moves[1]["side"], "black");
        assert!(v["reason"].as_str().unwrap().len() > 10);
        rulings.push((
            v["must_change"].clone(),
            v["ruling"].as_str().unwrap().to_string(),
            moves[0]["class"].as_str().unwrap().to_string(),
            moves[0]["targets"].clone(),
        ));
    }
    // simple: any attacked piece is chased, so red must change.
    assert_eq!(rulings[0].0, "red");
    assert_eq!(rulings[0].1, "red must change");
    assert_eq!(rulings[0].2, "chase");
    assert_eq!(rulings[0].3, serde_json::json!(["黑马(有根)"]));
    // asian and cxa2011: a protected horse attacked by a chariot is not chased.
    for r in &rulings[1..] {
        assert!(r.0.is_null());
        assert_eq!(r.1, "draw");
        assert_eq!(r.2, "idle");
    }
}

#[test]
fn bad_input_gives_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "n.pgn", NO_REPEAT);
    let (ok, _, err) = judge(&[&f]);
    assert!(!ok);
    assert!(err.contains("no position repeats"), "{err}");
    let f = write(dir.path(), "pc.pgn", PERPETUAL_CHECK);
    let (ok, _, err) = judge(&[&f, "--game", "3"]);
    assert!(!ok);
    assert!(err.contains("no game 3 (the file has 1 game)"), "{err}");
    let (ok, _, err) = judge(&[&f, "--rules", "fide"]);
    assert!(!ok);
    assert!(err.contains("simple"), "{err}");
}

fn outcome_and_termination(c: &Club) -> (String, Option<String>) {
    let conn = rusqlite::Connection::open(&c.db).unwrap();
    conn.query_row("SELECT outcome, termination FROM game", [], |r| {
        Ok((r.get(0)?, r.get(1)?))
    })
    .unwrap()
}

fn two_player_event(c: &Club) {
    c.ok(&["player", "add", "甲", "--rating", "2000"]);
    c.ok(&["player", "add", "乙", "--rating", "1900"]);
    c.ok(&["event", "new", "月赛", "--system", "dutch", "--rounds", "1"]);
    c.ok(&["event", "enter", "月赛", "甲", "乙"]);
    c.ok(&["round", "pair", "月赛"]);
}

#[test]
fn apply_stores_the_ruling_with_the_game() {
    let c = Club::new();
    two_player_event(&c);
    let f = write(c.dir.path(), "pc.pgn", PERPETUAL_CHECK);
    // Red must change and did not: black wins by the repetition ruling.
    c.ok(&[
        "game", "judge", &f, "--rules", "cxa2011", "--apply", "月赛", "1", "1",
    ]);
    assert_eq!(
        outcome_and_termination(&c),
        ("0-1".to_string(), Some("repetition".to_string()))
    );
    // A drawn repetition is stored as a draw decided by the arbiter.
    let h = write(c.dir.path(), "h.pgn", PROTECTED_HORSE);
    c.ok(&[
        "game", "judge", &h, "--rules", "asian", "--apply", "月赛", "1", "1",
    ]);
    assert_eq!(
        outcome_and_termination(&c),
        ("1/2-1/2".to_string(), Some("arbiter".to_string()))
    );
    // A board that does not exist and a round that is not a number are refused.
    let err = c.fails(&["game", "judge", &f, "--apply", "月赛", "1", "9"]);
    assert!(err.contains("no board 9"), "{err}");
    let o = c.run(&["game", "judge", &f, "--apply", "月赛", "x", "1"]);
    assert!(!o.status.success());
    assert!(o.stdout.is_empty(), "nothing printed before the error");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("round \"x\" is not a number"), "{err}");
}

/// The rule book comes from `--rules`, else `repetition_rules` in the
/// config file, else the national book (cxa2011); a typo in the config is
/// an error with its line and column.
#[test]
fn the_default_rule_book_comes_from_the_config() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "h.pgn", PROTECTED_HORSE);
    let rules_of = |out: &str| -> String {
        let v: serde_json::Value = serde_json::from_str(out).unwrap();
        v["rules"].as_str().unwrap().to_string()
    };
    let cfg = write(dir.path(), "c.toml", "repetition_rules = \"simple\"\n");
    let (ok, out, err) = judge(&[&f, "--format", "json"]);
    assert!(ok, "{err}");
    assert_eq!(rules_of(&out), "cxa2011");
    let o = crate::common::output_of(
        qishe().args(["--config", &cfg, "game", "judge", &f, "--format", "json"]),
    );
    assert!(o.status.success());
    assert_eq!(rules_of(&String::from_utf8_lossy(&o.stdout)), "simple");
    let o = crate::common::output_of(
        qishe()
            .args(["--config", &cfg, "game", "judge", &f, "--format", "json"])
            .args(["--rules", "asian"]),
    );
    assert_eq!(rules_of(&String::from_utf8_lossy(&o.stdout)), "asian");
    let bad = write(dir.path(), "bad.toml", "repetition_rules = \"wxf\"\n");
    let o = crate::common::output_of(qishe().args(["--config", &bad, "game", "judge", &f]));
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.toml:1:20") && err.contains("cxa2011"),
        "{err}"
    );
}
