//! End-to-end: `qishe result`, `qishe import games` and `qishe standings` on
//! a real database file.

use crate::common;
use crate::common::shared_or_skip;

use common::Club;
use std::path::PathBuf;

fn example(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/conformance/scoring")
        .join(name)
}

/// Standings CSV rows as maps by column.
fn csv_rows(text: &str) -> Vec<std::collections::HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let h = r.headers().unwrap().clone();
    r.records()
        .map(|rec| {
            h.iter()
                .zip(rec.unwrap().iter())
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        })
        .collect()
}

/// A 5-player club event with round 1 set by hand: 1-2, 3-4, 5 bye.
fn five(c: &Club, scheme: &str, gpr: &str) {
    c.five_members();
    c.ok(&[
        "event",
        "new",
        "E",
        "--scheme",
        scheme,
        "--rounds",
        "3",
        "--games-per-round",
        gpr,
        "--time-control",
        "90+30",
    ]);
    c.ok(&["event", "enter", "E", "A", "B", "C", "D", "E"]);
    c.ok(&["round", "set", "E", "1", "1-2", "3-4", "5-bye"]);
}

#[test]
fn import_then_standings_in_every_format() {
    shared_or_skip!("conformance/scoring");
    let c = Club::new();
    c.ok(&[
        "event",
        "new",
        "S",
        "--scheme",
        "standard",
        "--rounds",
        "5",
        "--time-control",
        "90+30",
    ]);
    let out = c.ok(&[
        "import",
        "games",
        "S",
        example("example_01_standard.csv").to_str().unwrap(),
    ]);
    assert!(
        out.contains("imported 15 games in 5 rounds (6 new members"),
        "{out}"
    );
    let csv = c.ok(&["standings", "S", "--format", "csv"]);
    assert!(csv.starts_with(
        "rank,name,points,opponent-score,small-points,wins,fouls,black-games,strip-last\n"
    ));
    let rows = csv_rows(&csv);
    let zq = rows.iter().find(|r| r["name"] == "张强").unwrap();
    assert_eq!(zq["points"], "6.00");
    assert_eq!(zq["small-points"], "14.50");
    // 汪洋, 张强 and 蒋川 have 6 points and 24 opponent score; small points decide.
    let order: Vec<&str> = rows.iter().map(|r| r["name"].as_str()).collect();
    assert_eq!(&order[..3], ["汪洋", "张强", "蒋川"]);
    let text = c.ok(&["standings", "S"]);
    assert!(text.starts_with("after round 5"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["standings", "S", "--format", "json"])).unwrap();
    assert_eq!(json[0]["name"], "汪洋");
    // After round 1 only.
    let rows = csv_rows(&c.ok(&["standings", "S", "--after-round", "1", "--format", "csv"]));
    let r = rows.iter().find(|r| r["name"] == "谢靖").unwrap();
    assert_eq!(r["points"], "2.00");
    // --explain says which tie-break separated two players.
    let ex = c.ok(&["standings", "S", "--explain", "张强", "蒋川"]);
    assert_eq!(
        ex.trim(),
        "张强 is ahead of 蒋川 on small-points: 张强 14.50 against 蒋川 12.50"
    );
    let err = c.fails(&["standings", "S", "--explain", "张强", "nobody"]);
    assert!(err.contains("nobody"), "{err}");
    let err = c.fails(&["standings", "S", "--after-round", "9"]);
    assert!(err.contains("not paired"), "{err}");
    // The import is one change: undo removes all of it.
    c.ok(&["undo"]);
    assert!(c.ok(&["standings", "S", "--format", "csv"]).lines().count() == 1);
}

#[test]
fn a_bad_games_file_names_the_line_and_writes_nothing() {
    let c = Club::new();
    c.ok(&["event", "new", "S", "--rounds", "3"]);
    std::fs::write(
        c.path("g.csv"),
        "round,red,black,result,moves\n1,A,B,1-0,40\n1,C,D,0-1,4o\n",
    )
    .unwrap();
    let err = c.fails(&["import", "games", "S", "g.csv"]);
    assert!(
        err.contains("g.csv:3: column moves: \"4o\" is not a number"),
        "{err}"
    );
    // Impossible clock: 3 hours in a 90+30 game of 10 moves.
    std::fs::write(
        c.path("t.csv"),
        "round,red,black,result,moves,red_used\n1,A,B,1-0,10,3:00:00\n",
    )
    .unwrap();
    let err = c.fails(&["import", "games", "S", "t.csv"]);
    assert!(err.contains("t.csv:2:") && err.contains("at most"), "{err}");
    // Two-game colours in a hu-two-game file: game 2 must keep the colours.
    c.ok(&[
        "event",
        "new",
        "H",
        "--scheme",
        "hu-two-game",
        "--games-per-round",
        "2",
    ]);
    std::fs::write(
        c.path("h.csv"),
        "round,game,red,black,result\n1,1,A,B,1/2-1/2\n1,2,B,A,1-0\n",
    )
    .unwrap();
    let err = c.fails(&["import", "games", "H", "h.csv"]);
    assert!(err.contains("keeps the colours"), "{err}");
    assert!(!c.ok(&["player", "list"]).contains('A'), "nothing written");
}

#[test]
fn results_are_entered_checked_and_scored() {
    let c = Club::new();
    five(&c, "standard", "1");
    c.ok(&[
        "result",
        "E",
        "1",
        "1",
        "1-0",
        "--moves",
        "40",
        "--red-used",
        "1:10:00",
        "--black-left",
        "5:00",
        "--termination",
        "checkmate",
        "--black-fouls",
        "1",
    ]);
    c.ok(&["result", "E", "1", "2", "和"]);
    let rows = csv_rows(&c.ok(&["standings", "E", "--format", "csv"]));
    let get = |n: &str, k: &str| rows.iter().find(|r| r["name"] == n).unwrap()[k].clone();
    assert_eq!(get("A", "points"), "2.00");
    assert_eq!(get("E", "points"), "2.00", "the pairing bye scores a win");
    assert_eq!(get("C", "points"), "1.00");
    assert_eq!(get("B", "fouls"), "1.00");
    // A correction replaces the result and can be undone.
    c.ok(&["result", "E", "1", "1", "0-1"]);
    let rows = csv_rows(&c.ok(&["standings", "E", "--format", "csv"]));
    assert_eq!(
        rows.iter().find(|r| r["name"] == "B").unwrap()["points"],
        "2.00"
    );
    c.ok(&["undo"]);
    let rows = csv_rows(&c.ok(&["standings", "E", "--format", "csv"]));
    assert_eq!(
        rows.iter().find(|r| r["name"] == "A").unwrap()["points"],
        "2.00"
    );
    // Impossible input is refused with the reason.
    let err = c.fails(&[
        "result",
        "E",
        "1",
        "1",
        "1-0",
        "--moves",
        "10",
        "--red-used",
        "2:00:00",
    ]);
    assert!(err.contains("at most"), "{err}");
    let err = c.fails(&[
        "result",
        "E",
        "1",
        "1",
        "1-0",
        "--moves",
        "30",
        "--termination",
        "time",
        "--red-used",
        "1:45:00",
    ]);
    assert!(err.contains("flag"), "{err}");
    let err = c.fails(&["result", "E", "1", "2", "1-0", "--game", "2"]);
    assert!(err.contains("1 game"), "{err}");
    let err = c.fails(&["result", "E", "1", "3", "1-0"]);
    assert!(err.contains("bye"), "{err}");
    let err = c.fails(&["result", "E", "1", "9", "1-0"]);
    assert!(err.contains("no board 9"), "{err}");
    let err = c.fails(&["result", "E", "1", "1", "1-0", "--red-residual", "RRR"]);
    assert!(err.contains("red-residual"), "{err}");
    let o = c.run(&["result", "E", "1", "1", "2-0"]);
    assert_eq!(o.status.code(), Some(2));
    let err = c.fails(&["result", "E", "1", "2", "1/2-1/2", "--red-left", "10:00"]);
    assert!(err.contains("--moves"), "{err}");
}

#[test]
fn two_game_results_and_the_missing_field_message() {
    let c = Club::new();
    five(&c, "two-game", "2");
    // Game 2 is stored with colours swapped: B red, A black.
    c.ok(&["result", "E", "1", "1", "1-0", "--moves", "40"]);
    c.ok(&[
        "result", "E", "1", "1", "1-0", "--game", "2", "--moves", "35",
    ]);
    c.ok(&["result", "E", "1", "2", "1/2-1/2"]);
    c.ok(&["result", "E", "1", "2", "1-0", "--game", "2"]);
    let rows = csv_rows(&c.ok(&["standings", "E", "--format", "csv"]));
    let get = |n: &str, k: &str| rows.iter().find(|r| r["name"] == n).unwrap()[k].clone();
    // One win each: B won game 2 in fewer moves.
    assert_eq!(
        (get("A", "points"), get("B", "points")),
        ("0.00".into(), "2.00".into())
    );
    assert_eq!(get("A", "small-points"), "2.00");
    // C–D: a draw and a loss for C (D won game 2 as red): D 2 points, 3 small.
    assert_eq!(
        (get("D", "points"), get("D", "small-points")),
        ("2.00".into(), "3.00".into())
    );
    assert_eq!(get("E", "small-points"), "2.00", "a two-game bye: 2 and 2");
    // Equal moves and no clock times: standings name the game that lacks them.
    c.ok(&[
        "result", "E", "1", "1", "1-0", "--game", "2", "--moves", "40",
    ]);
    let err = c.fails(&["standings", "E"]);
    assert!(
        err.contains("round 1, board 1, game 1 (A – B)") && err.contains("time"),
        "{err}"
    );
}

#[test]
fn scheme_settings_from_the_config_are_checked_and_used() {
    let c = Club::new();
    std::fs::write(
        c.path("config.toml"),
        "[event]\nscheme = \"draw-0.8\"\n[event.scheme_settings]\ndrawn = 0.7\n",
    )
    .unwrap();
    let err = c.fails(&["event", "new", "X"]);
    assert!(
        err.contains("\"drawn\"") && err.contains("residual_cap"),
        "{err}"
    );
    std::fs::write(
        c.path("config.toml"),
        "[event]\nscheme = \"draw-0.8\"\n[event.scheme_settings]\ndraw = 0.7\n",
    )
    .unwrap();
    c.ok(&["event", "new", "X", "--rounds", "1"]);
    std::fs::write(
        c.path("g.csv"),
        "round,red,black,result,red_residual,black_residual\n1,A,B,和,RAAEE,CAAEE\n",
    )
    .unwrap();
    c.ok(&["import", "games", "X", "g.csv"]);
    let rows = csv_rows(&c.ok(&["standings", "X", "--format", "csv"]));
    let a = rows.iter().find(|r| r["name"] == "A").unwrap();
    assert_eq!(a["points"], "0.70");
    // small points = opponent score 0.70 + residual +0.40
    assert_eq!(a["small-points"], "1.10");
}
