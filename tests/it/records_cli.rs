//! Attaching game records to results fills the scoring fields, end to end.

use crate::common;
use crate::common::shared_or_skip;
use common::Club;
use std::path::PathBuf;

fn testdata(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/testdata/pgn")
        .join(name)
}

/// moves, red residual, black residual, red pieces, black pieces, first strike, outcome
type GameRow = (
    Option<i64>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<String>,
    String,
);

fn game_row(c: &Club) -> GameRow {
    let conn = rusqlite::Connection::open(&c.db).unwrap();
    conn.query_row(
        "SELECT moves, red_residual, black_residual, red_pieces, black_pieces, first_strike, outcome FROM game",
        [],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?, r.get(6)?)),
    )
    .unwrap()
}

fn two_player_event(c: &Club) {
    c.ok(&["player", "add", "宝岛一号", "--rating", "2000"]);
    c.ok(&["player", "add", "相眼竞技", "--rating", "1900"]);
    c.ok(&["event", "new", "机赛", "--system", "dutch", "--rounds", "1"]);
    c.ok(&["event", "enter", "机赛", "宝岛一号", "相眼竞技"]);
    c.ok(&["round", "pair", "机赛"]);
}

#[test]
fn a_record_fills_moves_material_pieces_and_first_strike() {
    shared_or_skip!("testdata/pgn");
    let c = Club::new();
    two_player_event(&c);
    let rec = testdata("ccgc2006_01_gbk.pgn");
    c.ok(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let (moves, rr, br, rp, bp, fs, outcome) = game_row(&c);
    assert_eq!(moves, Some(13));
    assert_eq!(rr.as_deref(), Some("RRHHCCAAEEPPPP"));
    assert_eq!(br.as_deref(), Some("RRHHCCAAEEPPPPP"));
    assert_eq!(rp.as_deref(), Some("6/5/2/0/0"));
    assert_eq!(bp.as_deref(), Some("6/5/1/1/0"));
    assert_eq!(fs.as_deref(), Some("none"));
    assert_eq!(outcome, "0-1");
    let conn = rusqlite::Connection::open(&c.db).unwrap();
    let pgn: String = conn
        .query_row("SELECT record FROM game", [], |r| r.get(0))
        .unwrap();
    assert!(
        pgn.contains("炮") || pgn.contains("马") || pgn.contains("车"),
        "stored as PGN: {pgn}"
    );
}

#[test]
fn a_contradiction_is_reported_and_the_record_wins_only_when_confirmed() {
    shared_or_skip!("testdata/pgn");
    let c = Club::new();
    two_player_event(&c);
    let rec = testdata("ccgc2006_01_gbk.pgn");
    let err = c.fails(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--moves",
        "40",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(
        err.contains("moves: typed 40, record 13") && err.contains("--record-wins"),
        "{err}"
    );
    assert_eq!(game_row(&c).0, None, "nothing changed");
    let err = c.fails(&[
        "result",
        "机赛",
        "1",
        "1",
        "1-0",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert!(err.contains("result: typed 1-0, record 0-1"), "{err}");
    let out = c.run(&[
        "result",
        "机赛",
        "1",
        "1",
        "0-1",
        "--moves",
        "40",
        "--record",
        rec.to_str().unwrap(),
        "--record-wins",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("record wins: moves"));
    assert_eq!(game_row(&c).0, Some(13));
}

#[test]
fn the_record_column_of_a_games_csv_is_read_relative_to_the_file() {
    shared_or_skip!("testdata/pgn");
    let c = Club::new();
    c.ok(&["event", "new", "导入", "--system", "dutch", "--rounds", "1"]);
    std::fs::copy(testdata("ccgc2006_06_gbk.pgn"), c.path("r1.pgn")).unwrap();
    let head = "round,game,red,black,result,moves,red_used,black_used,termination,red_fouls,black_fouls,red_residual,black_residual,first_strike,red_pieces,black_pieces,record\n";
    std::fs::write(
        c.path("games.csv"),
        format!("{head}1,1,象棋旋风,相眼竞技,1-0,,,,,,,,,,,,r1.pgn\n"),
    )
    .unwrap();
    c.ok(&[
        "import",
        "games",
        "导入",
        c.path("games.csv").to_str().unwrap(),
    ]);
    let (moves, ..) = game_row(&c);
    assert!(moves.is_some_and(|m| m > 0));
    // a wrong typed move count in the file stops the import
    let c2 = Club::new();
    c2.ok(&["event", "new", "导入", "--system", "dutch", "--rounds", "1"]);
    std::fs::copy(testdata("ccgc2006_06_gbk.pgn"), c2.path("r1.pgn")).unwrap();
    std::fs::write(
        c2.path("games.csv"),
        format!("{head}1,1,象棋旋风,相眼竞技,1-0,2,,,,,,,,,,,r1.pgn\n"),
    )
    .unwrap();
    let err = c2.fails(&[
        "import",
        "games",
        "导入",
        c2.path("games.csv").to_str().unwrap(),
    ]);
    assert!(err.contains("contradicts"), "{err}");
    assert!(
        c2.ok(&["player", "list"]).lines().count() <= 2,
        "nothing imported"
    );
}
