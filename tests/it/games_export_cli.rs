//! The games export (PGN and CSV) at the command line, and beside it
//! `event new`'s default date, `--allow-clubmates` on a team event and the
//! listed state of a knockout whose champion is decided.

use super::common::Club;

/// `event new` without `--date` starts the event today (the local date;
/// the tests fix it through `SOURCE_DATE_EPOCH` to 2026-12-03), as the
/// TUI's form does; `--help` says so in every language.
#[test]
fn event_new_without_a_date_starts_today() {
    let c = Club::new();
    c.ok(&["event", "new", "周赛", "--system", "dutch", "--rounds", "5"]);
    c.ok(&["event", "new", "月赛", "--date", "2026-01-10"]);
    let list = c.ok(&["event", "list", "--format", "csv"]);
    let dates: Vec<&str> = list
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap())
        .collect();
    assert_eq!(dates, ["2026-12-03", "2026-01-10"], "{list}");
    for (lang, words) in [
        ("en_US.UTF-8", "today when left out"),
        ("zh_CN.UTF-8", "不写则为今天"),
        ("zh_TW.UTF-8", "不寫則為今天"),
    ] {
        let o = c.run_lang(lang, &["event", "new", "--help"]);
        let help = String::from_utf8(o.stdout).unwrap();
        assert!(help.contains(words), "{lang}: {help}");
    }
}

/// A team event keeps teams of one club apart; when that leaves a round
/// unpaired, `round pair --allow-clubmates` pairs it with the rule off for
/// that round (the CLI's refusal offers it), and the log says so.
#[test]
fn a_team_event_whose_club_rule_blocks_a_round_pairs_it_with_allow_clubmates() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "1", "--system", "dutch", "--rounds", "3",
    ]);
    for (team, club) in [("A", "甲"), ("B", "甲"), ("C", "乙"), ("D", "乙")] {
        c.ok(&[
            "team",
            "add",
            "联赛",
            team,
            "--club",
            club,
            "--players",
            &format!("{team}1"),
            "--create",
        ]);
    }
    // Two rounds use the four pairs of teams of two clubs.
    for r in ["1", "2"] {
        c.ok(&["round", "pair", "联赛"]);
        for m in ["1", "2"] {
            c.ok(&["result", "联赛", r, "1", "1-0", "--match", m]);
        }
    }
    // Round 3 is left with A–B and C–D only.
    let e = c.fails(&["round", "pair", "联赛"]);
    assert!(e.contains("--allow-clubmates"), "{e}");
    let out = c.ok(&["round", "pair", "联赛", "--allow-clubmates"]);
    assert!(!out.is_empty());
    let rows = c.ok(&["team", "round", "联赛", "3", "--format", "csv"]);
    let pairs: Vec<String> = rows
        .lines()
        .skip(1)
        .filter(|l| l.split(',').nth(1).is_some_and(|b| !b.is_empty()))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            let mut p = [f[3].to_string(), f[4].to_string()];
            p.sort();
            p.join("-")
        })
        .collect();
    assert!(pairs.contains(&"A-B".to_string()), "{rows}");
    assert!(pairs.contains(&"C-D".to_string()), "{rows}");
    let log = c.ok(&["log"]);
    assert!(
        log.contains("teams of one club allowed to meet this round"),
        "{log}"
    );
    // An event with no club rule still refuses the option, saying why.
    c.ok(&[
        "event", "new", "周赛", "--system", "berger", "--rounds", "3",
    ]);
    let e = c.fails(&["round", "pair", "周赛", "--allow-clubmates"]);
    assert!(e.contains("no club rule to relax"), "{e}");
}

/// A short game record: four opening moves, red wins.
const RECORD: &str =
    "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. h2-e2 h9-g7 2. h0-g2 i9-h9 1-0\n";

/// Four players, two Swiss rounds: round 1 board 1 with a record and
/// clocks, board 2 a forfeit; round 2 left unplayed.
fn individual_event(c: &Club) {
    for (n, r) in [
        ("甲", "2000"),
        ("乙", "1900"),
        ("丙", "1800"),
        ("丁", "1700"),
    ] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&[
        "event",
        "new",
        "周赛",
        "--system",
        "dutch",
        "--rounds",
        "3",
        "--date",
        "2026-11-07",
    ]);
    c.ok(&["event", "enter", "周赛", "甲", "乙", "丙", "丁"]);
    c.ok(&["round", "pair", "周赛"]);
    std::fs::write(c.path("g.pgn"), RECORD).unwrap();
    let rec = c.path("g.pgn");
    c.ok(&[
        "result",
        "周赛",
        "1",
        "1",
        "1-0",
        "--record",
        rec.to_str().unwrap(),
        "--red-used",
        "12:30",
        "--black-used",
        "1:02:03",
        "--termination",
        "resignation",
    ]);
    c.ok(&["result", "周赛", "1", "2", "+/-"]);
    c.ok(&["round", "pair", "周赛"]);
}

/// The CSV export's rows as maps from the header's names; the file starts
/// with a UTF-8 byte-order mark.
fn csv_rows(bytes: &[u8]) -> Vec<std::collections::HashMap<String, String>> {
    let text = std::str::from_utf8(bytes).unwrap();
    let body = text.strip_prefix('\u{feff}').expect("a UTF-8 BOM first");
    let mut r = csv::Reader::from_reader(body.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    r.records()
        .map(|rec| {
            head.iter()
                .cloned()
                .zip(rec.unwrap().iter().map(String::from))
                .collect()
        })
        .collect()
}

/// `export games` writes PGN that qishe's own reader reads back: one game
/// per stored game with the event, date, round.board, players, result,
/// clocks and the attached record's moves.
#[test]
fn the_games_export_writes_pgn_that_reads_back() {
    let c = Club::new();
    individual_event(&c);
    let out = c.path("games.pgn");
    c.ok(&["export", "games", "周赛", "-o", out.to_str().unwrap()]);
    let text = std::fs::read_to_string(&out).unwrap();
    let games = qishe::xiangqi::read_pgn(&text).unwrap();
    assert_eq!(games.len(), 4, "{text}");
    let first = &games[0];
    assert_eq!(first.tag("Game"), Some("Chinese Chess"));
    assert_eq!(first.tag("Event"), Some("周赛"));
    assert_eq!(first.tag("Date"), Some("2026.11.07"));
    assert_eq!(first.tag("Round"), Some("1.1"));
    assert_eq!(first.tag("Format"), Some("ICCS"));
    assert_eq!(first.tag("Termination"), Some("resignation"));
    assert_eq!(first.tag("RedTimeUsed"), Some("12:30"));
    assert_eq!(first.tag("BlackTimeUsed"), Some("1:02:03"));
    assert_eq!(first.result.as_deref(), Some("1-0"));
    let original = qishe::xiangqi::read_pgn(RECORD).unwrap();
    assert_eq!(first.moves, original[0].moves, "the record's moves");
    assert!(text.contains("h2-e2") || text.contains("h2e2"), "{text}");
    // The players as the round has them.
    let round1 = c.ok(&["round", "show", "周赛", "1", "--format", "csv"]);
    let line = round1.lines().nth(1).unwrap();
    assert!(line.contains(first.red().unwrap()), "{line}");
    assert!(line.contains(first.black().unwrap()), "{line}");
    // The forfeit scores as red's win; round 2 waits for results.
    assert_eq!(games[1].tag("Round"), Some("1.2"));
    assert_eq!(games[1].result.as_deref(), Some("1-0"));
    assert_eq!(games[1].tag("Termination"), Some("forfeit"));
    assert!(games[1].moves.is_empty());
    assert_eq!(games[2].tag("Round"), Some("2.1"));
    assert_eq!(games[2].result, None, "{text}");
    // WXF on request.
    let wxf = c.ok(&["export", "games", "周赛", "--notation", "wxf"]);
    let back = qishe::xiangqi::read_pgn(&wxf).unwrap();
    assert_eq!(back[0].tag("Format"), Some("WXF"));
    assert_eq!(back[0].moves, original[0].moves);
}

/// The CSV export: a BOM, the header, one row per game with round, board,
/// game, players, result, clocks and the moves in ICCS.
#[test]
fn the_games_export_writes_csv_one_row_a_game() {
    let c = Club::new();
    individual_event(&c);
    let out = c.path("games.csv");
    c.ok(&[
        "export",
        "games",
        "周赛",
        "--format",
        "csv",
        "-o",
        out.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(&out).unwrap();
    let text = std::str::from_utf8(&bytes).unwrap();
    assert!(text.starts_with(
        "\u{feff}round,match,board,game,stage,red_team,black_team,red,black,result,termination,moves,red_used,black_used"
    ), "{text}");
    let rows = csv_rows(&bytes);
    assert_eq!(rows.len(), 4, "{text}");
    let r = &rows[0];
    assert_eq!(
        (r["round"].as_str(), r["board"].as_str(), r["game"].as_str()),
        ("1", "1", "1")
    );
    assert_eq!(r["result"], "1-0");
    assert_eq!(r["termination"], "resignation");
    assert_eq!(r["moves"], "2");
    assert_eq!(r["red_used"], "12:30");
    assert_eq!(r["black_used"], "1:02:03");
    let original = qishe::xiangqi::read_pgn(RECORD).unwrap();
    assert_eq!(r["iccs"], original[0].iccs_moves().join(" "));
    assert_eq!(rows[1]["result"], "+/-");
    assert_eq!(
        (rows[2]["round"].as_str(), rows[2]["result"].as_str()),
        ("2", "*")
    );
    assert!(rows
        .iter()
        .all(|r| !r["red"].is_empty() && !r["black"].is_empty()));
}

/// The export never replaces a file the user did not name with `--force`.
#[test]
fn the_games_export_refuses_an_existing_file() {
    let c = Club::new();
    individual_event(&c);
    let out = c.path("games.pgn");
    std::fs::write(&out, "mine").unwrap();
    let e = c.fails(&["export", "games", "周赛", "-o", out.to_str().unwrap()]);
    assert!(!e.is_empty());
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    c.ok(&[
        "export",
        "games",
        "周赛",
        "-o",
        out.to_str().unwrap(),
        "--force",
    ]);
    assert!(std::fs::read_to_string(&out)
        .unwrap()
        .contains("[Event \"周赛\"]"));
}

/// A team event: every board's games with the teams of red and black, the
/// match and the board in it; game 2 of a two-game round swaps colours.
#[test]
fn the_games_export_of_a_team_event_names_the_teams() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "2", "--system", "berger", "--rounds", "1",
        "--scheme", "two-game",
    ]);
    for t in ["红队", "蓝队"] {
        c.ok(&[
            "team",
            "add",
            "联赛",
            t,
            "--players",
            &format!("{t}1,{t}2"),
            "--create",
        ]);
    }
    c.ok(&["round", "pair", "联赛"]);
    c.ok(&["result", "联赛", "1", "1", "1-0", "--match", "1"]);
    c.ok(&[
        "result", "联赛", "1", "1", "0-1", "--match", "1", "--game", "2",
    ]);
    c.ok(&["result", "联赛", "1", "2", "1/2-1/2", "--match", "1"]);
    c.ok(&[
        "result", "联赛", "1", "2", "1-0", "--match", "1", "--game", "2",
    ]);
    let csv = c.ok(&["export", "games", "联赛", "--format", "csv"]);
    let rows = csv_rows(csv.as_bytes());
    assert_eq!(rows.len(), 4, "two boards, two games each: {csv}");
    for r in &rows {
        assert_eq!(r["match"], "1", "{csv}");
        assert!(["1", "2"].contains(&r["board"].as_str()), "{csv}");
        // Each player plays for their own team.
        assert!(r["red"].starts_with(&r["red_team"]), "{r:?}");
        assert!(r["black"].starts_with(&r["black_team"]), "{r:?}");
        assert_ne!(r["red_team"], r["black_team"]);
    }
    let b1: Vec<_> = rows.iter().filter(|r| r["board"] == "1").collect();
    assert_eq!(b1[0]["red"], b1[1]["black"], "colours swap in game 2");
    let pgn = c.ok(&["export", "games", "联赛"]);
    let games = qishe::xiangqi::read_pgn(&pgn).unwrap();
    assert_eq!(games.len(), 4);
    assert_eq!(games[1].tag("Round"), Some("1.1.2"), "{pgn}");
    assert!(games
        .iter()
        .all(|g| g.tag("RedTeam").is_some() && g.tag("BlackTeam").is_some()));
}

/// A knockout: every match game and play-off game, the play-off named.
#[test]
fn the_games_export_of_a_knockout_has_its_play_off_games() {
    let c = Club::new();
    c.ok(&["player", "add", "甲", "--rating", "2000"]);
    c.ok(&["player", "add", "乙", "--rating", "1900"]);
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    c.ok(&["event", "enter", "杯赛", "甲", "乙"]);
    c.ok(&["round", "pair", "杯赛"]);
    c.ok(&["result", "杯赛", "1", "1", "1/2-1/2"]);
    // The draw leaves the match level: the play-off game is due.
    c.ok(&["result", "杯赛", "1", "1", "1-0"]);
    let csv = c.ok(&["export", "games", "杯赛", "--format", "csv"]);
    let rows = csv_rows(csv.as_bytes());
    assert!(rows.len() >= 2, "{csv}");
    assert_eq!(rows[0]["stage"], "", "{csv}");
    assert_eq!(rows[0]["match"], "1");
    assert_eq!(rows[1]["game"], "2");
    assert!(!rows[1]["stage"].is_empty(), "the play-off game: {csv}");
    let pgn = c.ok(&["export", "games", "杯赛"]);
    let games = qishe::xiangqi::read_pgn(&pgn).unwrap();
    assert_eq!(games[1].tag("Round"), Some("1.1.2"), "{pgn}");
    assert!(games[1].tag("Stage").is_some(), "{pgn}");
}

/// The status column of `event list` for event `name`.
fn listed_status(c: &Club, name: &str) -> String {
    let list = c.ok(&["event", "list", "--format", "csv"]);
    let mut r = csv::Reader::from_reader(list.as_bytes());
    let head = r.headers().unwrap().clone();
    let col = head.iter().position(|h| h == "status").unwrap();
    let ncol = head.iter().position(|h| h == "name").unwrap();
    r.records()
        .map(Result::unwrap)
        .find(|rec| &rec[ncol] == name)
        .map(|rec| rec[col].to_string())
        .unwrap()
}

/// A knockout whose final is decided is listed as "decided", not
/// running, until `event finish`; undoing the final's result takes it back.
#[test]
fn a_knockout_with_its_champion_decided_is_listed_so() {
    let c = Club::new();
    c.ok(&["player", "add", "甲", "--rating", "2000"]);
    c.ok(&["player", "add", "乙", "--rating", "1900"]);
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    c.ok(&["event", "enter", "杯赛", "甲", "乙"]);
    c.ok(&["round", "pair", "杯赛"]);
    assert_eq!(listed_status(&c, "杯赛"), "running");
    // Both still in share places 1–2 on the text standings; CSV keeps 1=.
    let text = c.ok(&["standings", "杯赛"]);
    assert_eq!(text.matches("1–2").count(), 2, "{text}");
    let csv = c.ok(&["standings", "杯赛", "--format", "csv"]);
    assert_eq!(csv.matches("1=").count(), 2, "{csv}");
    c.ok(&["result", "杯赛", "1", "1", "1-0"]);
    let text = c.ok(&["standings", "杯赛"]);
    assert!(!text.contains("1–2"), "{text}");
    assert_eq!(listed_status(&c, "杯赛"), "decided");
    let show = c.ok(&["event", "show", "杯赛"]);
    assert!(show.contains("decided"), "{show}");
    let zh = c.run_lang("zh_CN.UTF-8", &["event", "list"]);
    assert!(String::from_utf8(zh.stdout).unwrap().contains("决出冠军"));
    let tw = c.run_lang("zh_TW.UTF-8", &["event", "list"]);
    assert!(String::from_utf8(tw.stdout).unwrap().contains("決出冠軍"));
    c.ok(&["undo"]);
    assert_eq!(listed_status(&c, "杯赛"), "running");
    c.ok(&["redo"]);
    assert_eq!(listed_status(&c, "杯赛"), "decided");
    c.ok(&["event", "finish", "杯赛"]);
    assert_eq!(listed_status(&c, "杯赛"), "finished");
}
