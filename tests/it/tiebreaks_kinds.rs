//! Every event kind with its own tie-breaks, end to end through the real
//! binary: chosen on the command line and in config.toml, and seen in the
//! standings. Individual events under the xiangqi schemes (CXA codes) and
//! under `chess` (FIDE codes), team events (team codes), knockouts (the
//! play-off ladder decides a match; a tie-break list is refused). A
//! refactor of the edge that drops a kind's list fails here.

use crate::common::Club;

fn header(c: &Club, event: &str) -> String {
    c.ok(&["standings", event, "--format", "csv"])
        .lines()
        .next()
        .unwrap()
        .trim_start_matches('\u{feff}')
        .to_string()
}

/// Column `col` of the standings CSV, by the row whose second cell is `who`.
fn cell(c: &Club, event: &str, who: &str, col: &str) -> String {
    let csv = c.ok(&["standings", event, "--format", "csv"]);
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap().split(',').collect();
    let i = head.iter().position(|h| *h == col).expect(col);
    let row = lines
        .map(|l| l.split(',').map(String::from).collect::<Vec<_>>())
        .find(|r| r[1] == who)
        .unwrap_or_else(|| panic!("no {who} in\n{csv}"));
    row[i].clone()
}

/// Four players A–D in a three-round round robin `name` (`more` added);
/// round 1: A beats D, B draws C.
fn individual(c: &Club, name: &str, more: &[&str]) {
    if c.run(&["player", "show", "A"]).status.success() {
        // Members added by an earlier call.
    } else {
        for (n, r) in [("A", "2000"), ("B", "1900"), ("C", "1800"), ("D", "1700")] {
            c.ok(&["player", "add", n, "--rating", r]);
        }
    }
    let mut new = vec!["event", "new", name, "--system", "berger", "--rounds", "3"];
    new.extend(more);
    c.ok(&new);
    c.ok(&["event", "enter", name, "A", "B", "C", "D"]);
    c.ok(&["round", "pair", name]);
    let round = c.ok(&["round", "show", name, "1", "--format", "csv"]);
    for (i, l) in round.lines().skip(1).enumerate() {
        let board = (i + 1).to_string();
        let result = if l.contains(",A,") && l.contains(",D,") {
            if l.split(',').nth(2) == Some("A") {
                "1-0"
            } else {
                "0-1"
            }
        } else {
            "1/2-1/2"
        };
        c.ok(&["result", name, "1", &board, result]);
    }
}

/// Four teams of two boards T1–T4 in a round robin `name` (`more` added);
/// round 1 played: every home team wins board 1, board 2 drawn.
fn team(c: &Club, name: &str, more: &[&str]) {
    let mut new = vec![
        "event", "new", name, "--teams", "--boards", "2", "--system", "berger", "--rounds", "3",
        "--scheme", "standard",
    ];
    new.extend(more);
    c.ok(&new);
    for t in 1..=4 {
        let players: Vec<String> = (1..=2).map(|b| format!("{name}{t}-{b}")).collect();
        c.ok(&[
            "team",
            "add",
            name,
            &format!("T{t}"),
            "--players",
            &players.join(","),
            "--create",
        ]);
    }
    c.ok(&["round", "pair", name]);
    for m in ["1", "2"] {
        // Board 1: home has red and wins; board 2 drawn.
        c.ok(&["result", name, "1", "1", "1-0", "--match", m]);
        c.ok(&["result", name, "1", "2", "1/2-1/2", "--match", m]);
    }
}

#[test]
fn individual_tiebreaks_from_the_command_line_are_the_standings_columns() {
    let c = Club::new();
    individual(&c, "周赛", &["--tiebreaks", "wins,opponent-score"]);
    assert_eq!(header(&c, "周赛"), "rank,name,points,wins,opponent-score");
    assert_eq!(cell(&c, "周赛", "A", "wins"), "1.00");
    // The chess scheme takes FIDE's codes.
    individual(
        &c,
        "国象",
        &[
            "--scheme",
            "chess",
            "--tiebreaks",
            "buchholz,sonneborn-berger",
        ],
    );
    assert_eq!(
        header(&c, "国象"),
        "rank,name,points,buchholz,sonneborn-berger"
    );
    // A team code is not an individual tie-break.
    let e = c.fails(&[
        "event",
        "new",
        "错",
        "--system",
        "berger",
        "--tiebreaks",
        "game-points",
    ]);
    assert!(e.contains("game-points"), "{e}");
}

#[test]
fn team_tiebreaks_from_the_command_line_are_the_standings_columns() {
    let c = Club::new();
    team(&c, "联赛", &["--tiebreaks", "game-points,direct"]);
    assert_eq!(
        header(&c, "联赛"),
        "rank,team,match-points,game-points,direct"
    );
    team(&c, "甲级", &["--tiebreaks", "match-wins,team-sb"]);
    assert_eq!(
        header(&c, "甲级"),
        "rank,team,match-points,game-points,match-wins,team-sb"
    );
    // Home teams T1 and T2 won round 1 (3 – 1).
    assert_eq!(cell(&c, "甲级", "T1", "match-wins"), "1.00");
    assert_eq!(cell(&c, "甲级", "T1", "game-points"), "3.00");
    let show = c.ok(&["event", "show", "甲级"]);
    assert!(
        show.contains("match-wins") && show.contains("team-sb"),
        "{show}"
    );
    // An individual code is not a team tie-break.
    let e = c.fails(&["event", "new", "错", "--teams", "--tiebreaks", "buchholz"]);
    assert!(e.contains("buchholz") && e.contains("game-points"), "{e}");
}

#[test]
fn a_knockout_is_decided_by_its_ladder_and_refuses_a_tiebreak_list() {
    let c = Club::new();
    for (n, r) in [("A", "2000"), ("B", "1900")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    let e = c.fails(&[
        "event",
        "new",
        "杯",
        "--system",
        "knockout",
        "--tiebreaks",
        "wins",
    ]);
    assert!(e.contains("knockout") && e.contains("--playoff"), "{e}");
    c.ok(&[
        "event",
        "new",
        "杯",
        "--system",
        "knockout",
        "--playoff",
        "games:1,armageddon",
    ]);
    c.ok(&["event", "enter", "杯", "A", "B"]);
    c.ok(&["round", "pair", "杯"]);
    c.ok(&["result", "杯", "1", "1", "1/2-1/2", "--game", "1"]);
    // The ladder's first step: one play-off game, which A wins as black.
    c.ok(&["result", "杯", "1", "1", "0-1", "--game", "2"]);
    let b = c.ok(&["bracket", "杯", "--format", "json"]);
    assert!(b.contains("\"decided_by\":\"playoff-games\""), "{b}");
    assert_eq!(header(&c, "杯"), "rank,name,lost-in-round");
    assert!(c
        .ok(&["standings", "杯", "--format", "csv"])
        .contains("1,A,"));
}

fn config(c: &Club, text: &str) {
    std::fs::write(c.path("config.toml"), text).unwrap();
}

#[test]
fn tiebreaks_from_config_toml_reach_every_kind() {
    let c = Club::new();
    config(&c, "[event]\ntiebreaks = [\"wins\", \"opponent-score\"]\n");
    individual(&c, "周赛", &[]);
    assert_eq!(header(&c, "周赛"), "rank,name,points,wins,opponent-score");
    config(
        &c,
        "[event]\nscheme = \"chess\"\ntiebreaks = [\"buchholz\", \"sonneborn-berger\"]\n",
    );
    individual(&c, "国象", &[]);
    assert_eq!(
        header(&c, "国象"),
        "rank,name,points,buchholz,sonneborn-berger"
    );
    // Team codes in config.toml: the team events' defaults.
    config(&c, "[event]\ntiebreaks = [\"game-points\", \"direct\"]\n");
    team(&c, "联赛", &[]);
    assert_eq!(
        header(&c, "联赛"),
        "rank,team,match-points,game-points,direct"
    );
    // ... which an individual event does not take: it keeps its scheme's.
    individual(&c, "周赛二", &[]);
    let h = header(&c, "周赛二");
    assert!(
        !h.contains("direct") && h.starts_with("rank,name,points"),
        "{h}"
    );
    config(&c, "[event]\ntiebreaks = [\"match-wins\"]\n");
    team(&c, "乙级", &[]);
    assert_eq!(
        header(&c, "乙级"),
        "rank,team,match-points,game-points,match-wins"
    );
    // The command line wins over the config.
    team(&c, "丙级", &["--tiebreaks", "team-sb"]);
    assert_eq!(
        header(&c, "丙级"),
        "rank,team,match-points,game-points,team-sb"
    );
    // A knockout takes none of them and ranks by its bracket.
    c.ok(&["event", "new", "杯", "--system", "knockout"]);
    c.ok(&["event", "enter", "杯", "A", "B"]);
    c.ok(&["round", "pair", "杯"]);
    assert_eq!(header(&c, "杯"), "rank,name,lost-in-round");
    // A list mixing the kinds names its place.
    config(&c, "[event]\ntiebreaks = [\"wins\", \"game-points\"]\n");
    let e = c.fails(&["event", "list"]);
    assert!(
        e.contains("config.toml:2:") && e.contains("game-points"),
        "{e}"
    );
}

#[test]
fn a_team_events_tiebreaks_survive_undo_backup_and_restore() {
    let c = Club::new();
    team(&c, "联赛", &["--tiebreaks", "match-wins,team-sb"]);
    let want = "rank,team,match-points,game-points,match-wins,team-sb";
    assert_eq!(header(&c, "联赛"), want);
    let copy = c.path("copy.db");
    c.ok(&["backup", copy.to_str().unwrap()]);
    c.ok(&["event", "new", "后来", "--system", "berger"]);
    c.ok(&["restore", copy.to_str().unwrap(), "--yes"]);
    assert_eq!(header(&c, "联赛"), want);
    let show = c.ok(&["event", "show", "联赛"]);
    assert!(show.contains("match-wins, team-sb"), "{show}");
    // A result undone and redone leaves the list as it was.
    c.ok(&["undo"]);
    c.ok(&["redo"]);
    assert_eq!(header(&c, "联赛"), want);
}

#[test]
fn a_code_of_the_other_kind_is_named_as_such() {
    let c = Club::new();
    let e = c.fails(&[
        "event",
        "new",
        "错",
        "--system",
        "berger",
        "--tiebreaks",
        "wins,match-wins",
    ]);
    assert!(
        e.contains("match-wins") && e.contains("team event") && e.contains("individual"),
        "{e}"
    );
    let e = c.fails(&[
        "event",
        "new",
        "错",
        "--teams",
        "--tiebreaks",
        "direct,buchholz",
    ]);
    assert!(e.contains("buchholz") && e.contains("team event"), "{e}");
    assert!(!c.ok(&["event", "list"]).contains("错"));
}

/// `event show` names a team event's tie-breaks as its standings do
/// (局分, 直胜, 台次分 in Chinese), never the codes in a Chinese line;
/// English keeps the codes.
#[test]
fn event_show_names_a_team_events_tiebreaks_in_the_users_language() {
    let c = Club::new();
    team(&c, "联赛", &[]);
    for (locale, want) in [
        ("zh_CN.UTF-8", "局分, 直胜, 台次分"),
        ("zh_TW.UTF-8", "局分, 直勝, 台次分"),
        ("en_US.UTF-8", "game-points, direct, board-results"),
    ] {
        let o = c.run_lang(locale, &["event", "show", "联赛"]);
        let show = String::from_utf8(o.stdout).unwrap();
        assert!(show.contains(want), "{locale}:\n{show}");
    }
}
