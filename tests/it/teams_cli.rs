//! Team events (团体赛) end to end through the CLI on a database
//! file: rosters, pairing, results board by board and from CSV, standings,
//! board prizes and bad input.

use crate::common;
use common::Club;
use std::collections::{HashMap, HashSet};

/// Rows of a CSV output as header → value maps.
fn csv_rows(text: &str) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            head.iter()
                .cloned()
                .zip(rec.iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// Hundredths from "2.00".
fn h(s: &str) -> i64 {
    let (a, b) = s.split_once('.').unwrap_or((s, "0"));
    a.parse::<i64>().unwrap() * 100 + format!("{b:0<2}")[..2].parse::<i64>().unwrap()
}

/// A player's team: names are "<team>-<position>".
fn team_of(player: &str) -> String {
    player.split('-').next().unwrap().to_string()
}

/// A deterministic outcome for a board.
fn outcome(r: usize, m: usize, b: usize) -> &'static str {
    ["1-0", "0-1", "1/2-1/2", "1-0", "0-1"][(r * 7 + m * 3 + b) % 5]
}

/// Standard scheme: (red points, black points) in hundredths.
fn points(o: &str) -> (i64, i64) {
    match o {
        "1-0" => (200, 0),
        "0-1" => (0, 200),
        _ => (100, 100),
    }
}

/// (round, "match/board") → (home, away, red, black, outcome).
type Results = HashMap<(usize, String), (String, String, String, String, String)>;

/// Checks the standings against match and game points recomputed here
/// from the board results, with 2-1-0 match points.
fn check_standings(c: &Club, event: &str, rounds: usize, results: &Results) {
    // (round, "match/board") → (home, away, red, black, outcome)
    let mut gp: HashMap<String, i64> = HashMap::new();
    let mut mp: HashMap<String, i64> = HashMap::new();
    let mut per_match: HashMap<(usize, String, String), (i64, i64)> = HashMap::new();
    for ((r, _), (home, away, red, _black, o)) in results {
        let (pr, pb) = points(o);
        let (ph, pa) = if team_of(red) == *home {
            (pr, pb)
        } else {
            (pb, pr)
        };
        let e = per_match
            .entry((*r, home.clone(), away.clone()))
            .or_default();
        e.0 += ph;
        e.1 += pa;
    }
    assert!(per_match.keys().all(|k| k.0 <= rounds));
    for ((_, home, away), (a, b)) in &per_match {
        *gp.entry(home.clone()).or_default() += a;
        *gp.entry(away.clone()).or_default() += b;
        let (x, y) = match a.cmp(b) {
            std::cmp::Ordering::Greater => (200, 0),
            std::cmp::Ordering::Less => (0, 200),
            std::cmp::Ordering::Equal => (100, 100),
        };
        *mp.entry(home.clone()).or_default() += x;
        *mp.entry(away.clone()).or_default() += y;
    }
    let st = csv_rows(&c.ok(&["standings", event, "--format", "csv"]));
    assert!(!st.is_empty());
    let mut last: Option<(i64, i64)> = None;
    for row in &st {
        let t = &row["team"];
        assert_eq!(h(&row["match-points"]), mp[t], "match points of {t}");
        assert_eq!(h(&row["game-points"]), gp[t], "game points of {t}");
        let key = (h(&row["match-points"]), h(&row["game-points"]));
        if let Some(l) = last {
            assert!(l >= key, "ranked by match points, then game points");
        }
        last = Some(key);
    }
}

/// Reads `team round` as (round, match/board) → (home, away, red, black).
fn round_boards(c: &Club, event: &str, r: usize) -> Vec<HashMap<String, String>> {
    csv_rows(&c.ok(&["team", "round", event, &r.to_string(), "--format", "csv"]))
        .into_iter()
        .filter(|x| !x["board"].is_empty())
        .collect()
}

#[test]
fn a_six_team_double_round_robin_with_four_boards_entered_result_by_result() {
    let c = Club::new();
    let out = c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "4", "--scheme", "standard", "--system",
        "berger", "--rounds", "10",
    ]);
    assert!(out.contains("联赛"));
    for t in 1..=6 {
        let players: Vec<String> = (1..=5).map(|b| format!("T{t}-{b}")).collect();
        c.ok(&[
            "team",
            "add",
            "联赛",
            &format!("T{t}"),
            "--club",
            &format!("C{t}"),
            "--players",
            &players.join(","),
            "--create",
        ]);
    }
    let list = csv_rows(&c.ok(&["team", "list", "联赛", "--format", "csv"]));
    assert_eq!(list.len(), 6);
    assert!(list[0]["roster"].ends_with("(T1-5)") || list[0]["roster"].contains('('));
    let mut homes: HashMap<(String, String), usize> = HashMap::new();
    let mut results = HashMap::new();
    for r in 1..=10 {
        c.ok(&["round", "pair", "联赛"]);
        let boards = round_boards(&c, "联赛", r);
        assert_eq!(boards.len(), 12, "3 matches of 4 boards");
        let mut teams_in_round = HashSet::new();
        for b in &boards {
            let (m, bd): (usize, usize) =
                (b["match"].parse().unwrap(), b["board"].parse().unwrap());
            // Home has red on odd boards, the lineup is the roster order.
            let red_team = team_of(&b["red"]);
            assert_eq!(red_team == b["home"], bd % 2 == 1, "{b:?}");
            assert!(b["red"].ends_with(&format!("-{bd}")));
            if bd == 1 {
                *homes
                    .entry((b["home"].clone(), b["away"].clone()))
                    .or_default() += 1;
                assert!(teams_in_round.insert(b["home"].clone()));
                assert!(teams_in_round.insert(b["away"].clone()));
            }
            let o = outcome(r, m, bd);
            c.ok(&[
                "result",
                "联赛",
                &r.to_string(),
                &bd.to_string(),
                o,
                "--match",
                &m.to_string(),
            ]);
            results.insert(
                (r, format!("{m}/{bd}")),
                (
                    b["home"].clone(),
                    b["away"].clone(),
                    b["red"].clone(),
                    b["black"].clone(),
                    o.to_string(),
                ),
            );
        }
        assert_eq!(teams_in_round.len(), 6);
    }
    // Everyone met everyone twice, once at home and once away.
    assert_eq!(homes.len(), 30);
    assert!(homes.values().all(|&n| n == 1));
    check_standings(&c, "联赛", 10, &results);
    // A finished round-robin pairs no more.
    assert!(c.fails(&["round", "pair", "联赛"]).contains("round 11"));
    // Board prizes: everyone played board b ten times.
    let bp = csv_rows(&c.ok(&["standings", "联赛", "--boards", "--format", "csv"]));
    assert_eq!(bp.len(), 24);
    assert!(bp.iter().all(|r| r["games"] == "10"));
    for r in &bp {
        let pct = h(&r["percent"]);
        assert_eq!(pct, h(&r["game-points"]) * 100 / 20, "{r:?}");
    }
    // The team games are the members' games: ten each in the history.
    let text = c.ok(&["standings", "联赛"]);
    assert!(text.contains("after round 10"));
}

#[test]
fn a_ten_team_swiss_with_three_boards_imported_from_csv() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "Swiss", "--teams", "--boards", "3", "--scheme", "standard", "--system",
        "cxa", "--rounds", "5",
    ]);
    let mut teams = String::from("team,board,name,club,rating\n");
    for t in 1..=10 {
        for b in 1..=4 {
            teams += &format!("S{t},{b},S{t}-{b},K{t},{}\n", 1900 - t * 10 - b);
        }
    }
    std::fs::write(c.path("teams.csv"), teams).unwrap();
    assert!(c
        .ok(&["import", "teams", "Swiss", "teams.csv"])
        .contains("10 teams, 40 players"));
    let mut met = HashSet::new();
    let mut results = HashMap::new();
    for r in 1..=5 {
        c.ok(&["round", "pair", "Swiss"]);
        let boards = round_boards(&c, "Swiss", r);
        assert_eq!(boards.len(), 15);
        let mut csv = String::from("round,home,away,board,game,red,black,result\n");
        let mut seen = HashSet::new();
        for b in &boards {
            let m: usize = b["match"].parse().unwrap();
            let bd: usize = b["board"].parse().unwrap();
            if bd == 1 {
                let key = if b["home"] < b["away"] {
                    (b["home"].clone(), b["away"].clone())
                } else {
                    (b["away"].clone(), b["home"].clone())
                };
                assert!(met.insert(key.clone()), "rematch {key:?}");
                assert!(seen.insert(b["home"].clone()) && seen.insert(b["away"].clone()));
            }
            let o = outcome(r, m, bd);
            csv += &format!(
                "{r},{},{},{bd},1,{},{},{o}\n",
                b["home"], b["away"], b["red"], b["black"]
            );
            results.insert(
                (r, format!("{m}/{bd}")),
                (
                    b["home"].clone(),
                    b["away"].clone(),
                    b["red"].clone(),
                    b["black"].clone(),
                    o.to_string(),
                ),
            );
        }
        assert_eq!(seen.len(), 10, "every team paired once in round {r}");
        let f = format!("g{r}.csv");
        std::fs::write(c.path(&f), csv).unwrap();
        assert!(c
            .ok(&["import", "games", "Swiss", &f])
            .contains("imported 15 games"));
    }
    check_standings(&c, "Swiss", 5, &results);
    // Colours: no team named first more than 3 times of 5 in a row... the
    // difference of home and away matches stays within 2.
    let mut diff: HashMap<String, i64> = HashMap::new();
    for ((_, k), (home, away, ..)) in &results {
        if k.ends_with("/1") {
            *diff.entry(home.clone()).or_default() += 1;
            *diff.entry(away.clone()).or_default() -= 1;
        }
    }
    assert!(diff.values().all(|d| d.abs() <= 2), "{diff:?}");
    let ex = c.ok(&["standings", "Swiss", "--explain", "S1", "S2"]);
    assert!(ex.contains("match-points"), "{ex}");
}

#[test]
fn an_odd_swiss_gives_the_team_bye_a_win_and_b_draws() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "Odd", "--teams", "--boards", "3", "--scheme", "standard", "--system",
        "dutch", "--rounds", "2",
    ]);
    for t in 1..=5 {
        let players: Vec<String> = (1..=3).map(|b| format!("O{t}-{b}")).collect();
        c.ok(&[
            "team",
            "add",
            "Odd",
            &format!("O{t}"),
            "--players",
            &players.join(","),
            "--create",
        ]);
    }
    let out = c.ok(&["round", "pair", "Odd"]);
    assert!(out.contains("BYE"), "{out}");
    let bye = out
        .lines()
        .find(|l| l.ends_with("BYE"))
        .unwrap()
        .split('\t')
        .nth(1)
        .unwrap()
        .to_string();
    // Round 1 is in progress: the standings count complete rounds only
    // (nothing yet); asked for after round 1, the bye is there.
    let text = c.ok(&["standings", "Odd"]);
    assert!(
        text.contains("no round complete yet")
            && text.contains("round 1 in progress (not counted)"),
        "{text}"
    );
    let st = csv_rows(&c.ok(&["standings", "Odd", "--after-round", "1", "--format", "csv"]));
    let row = st.iter().find(|r| r["team"] == bye).unwrap();
    assert_eq!(
        (row["match-points"].as_str(), row["game-points"].as_str()),
        ("2.00", "3.00")
    );
    // The next round waits for every result.
    assert!(c.fails(&["round", "pair", "Odd"]).contains("not finished"));
}

#[test]
fn two_game_boards_imported_from_csv_and_entered_by_hand_agree() {
    // Board 1: the home player wins both games (2 points); board 2: the
    // away player wins one, draws one (2 points): 2-2, a drawn match.
    let csv = "round,home,away,board,game,red,black,result\n\
               1,A,B,1,1,A-1,B-1,1-0\n1,A,B,1,2,B-1,A-1,0-1\n\
               1,A,B,2,1,B-2,A-2,1-0\n1,A,B,2,2,A-2,B-2,1/2-1/2\n";
    let teams = "team,board,name,club,rating\nA,1,A-1,,\nA,2,A-2,,\nB,1,B-1,,\nB,2,B-2,,\n";
    let mut outs = Vec::new();
    for by_hand in [false, true] {
        let c = Club::new();
        c.ok(&[
            "event",
            "new",
            "分先",
            "--teams",
            "--boards",
            "2",
            "--scheme",
            "two-game",
            "--games-per-round",
            "2",
            "--system",
            "berger",
            "--rounds",
            "1",
            "--match-points",
            "3-1-0",
        ]);
        std::fs::write(c.path("t.csv"), teams).unwrap();
        c.ok(&["import", "teams", "分先", "t.csv"]);
        if by_hand {
            c.ok(&["round", "pair", "分先"]);
            let b = round_boards(&c, "分先", 1);
            // Berger puts A (higher seed by name) first.
            assert_eq!(b[0]["home"], "A");
            for (board, g, o) in [
                ("1", "1", "1-0"),
                ("1", "2", "0-1"),
                ("2", "1", "1-0"),
                ("2", "2", "1/2-1/2"),
            ] {
                c.ok(&["result", "分先", "1", board, o, "--match", "1", "--game", g]);
            }
        } else {
            std::fs::write(c.path("g.csv"), csv).unwrap();
            assert!(c
                .ok(&["import", "games", "分先", "g.csv"])
                .contains("1 new rounds"));
        }
        let st = csv_rows(&c.ok(&["standings", "分先", "--format", "csv"]));
        let v: Vec<(String, String, String)> = st
            .iter()
            .map(|r| {
                (
                    r["team"].clone(),
                    r["match-points"].clone(),
                    r["game-points"].clone(),
                )
            })
            .collect();
        assert_eq!(
            v,
            vec![
                ("A".to_string(), "1.00".to_string(), "2.00".to_string()),
                ("B".to_string(), "1.00".to_string(), "2.00".to_string())
            ]
        );
        outs.push(c.ok(&["team", "round", "分先", "1", "--format", "csv"]));
    }
    assert_eq!(outs[0], outs[1]);
}

#[test]
fn bad_input_names_the_line_and_changes_nothing() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "B", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    std::fs::write(
        c.path("t.csv"),
        "team,board,name,club,rating\nA,1,a1,,\nA,2,a2,,\nA,3,a3,,\nB,1,b1,,\nB,2,b2,,\nB,3,a2,,\n",
    )
    .unwrap();
    let e = c.fails(&["import", "teams", "B", "t.csv"]);
    assert!(e.contains("t.csv:7") && e.contains("a2"), "{e}");
    assert_eq!(
        csv_rows(&c.ok(&["team", "list", "B", "--format", "csv"])).len(),
        0
    );
    std::fs::write(
        c.path("t.csv"),
        "team,board,name,club,rating\nA,1,a1,,\nA,2,a2,,\nA,3,a3,,\nB,1,b1,,\nB,2,b2,,\n",
    )
    .unwrap();
    c.ok(&["import", "teams", "B", "t.csv"]);
    // A player on two teams.
    let e = c.fails(&["team", "add", "B", "C", "--players", "c1,a1", "--create"]);
    assert!(e.contains("a1") && e.contains("two teams"), "{e}");
    // A lineup out of roster order.
    let e = c.fails(&["team", "lineup", "B", "1", "A", "a3,a1"]);
    assert!(e.contains("roster order") && e.contains("board 2"), "{e}");
    let e = c.fails(&["team", "lineup", "B", "1", "A", "a1,zz"]);
    assert!(e.contains("not on the roster"), "{e}");
    // A round the event does not have: refused by name, nothing stored
    // (round 0 was a raw database error, round 99 was stored).
    let e = c.fails(&["team", "lineup", "B", "0", "A", "a1,a2"]);
    assert!(e.contains("invalid value '0' for '<ROUND>'"), "{e}");
    let e = c.fails(&["team", "lineup", "B", "99", "A", "a1,a2"]);
    assert!(e.contains("the event has no round 99"), "{e}");
    for (locale, want) in [
        ("zh_CN.UTF-8", "本赛事没有第 99 轮"),
        ("zh_TW.UTF-8", "本賽事沒有第 99 輪"),
    ] {
        let o = c.run_lang(locale, &["team", "lineup", "B", "99", "A", "a1"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{err}");
    }
    let before = c.ok(&["log", "-n", "1"]);
    // Reserves fill in below the regulars: a1 and a3 is fine.
    c.ok(&["team", "lineup", "B", "1", "A", "a1,a3"]);
    c.ok(&["round", "pair", "B"]);
    // A match or a round that does not exist is named as such.
    let e = c.fails(&["result", "B", "1", "1", "1-0", "--match", "2"]);
    assert!(e.contains("round 1 has no match 2 (it has 1)"), "{e}");
    for (args, arg) in [
        (["result", "B", "1", "1", "1-0", "--match", "0"], "--match"),
        (["result", "B", "0", "1", "1-0", "--game", "1"], "ROUND"),
    ] {
        let e = c.fails(&args);
        assert!(
            e.contains("invalid value '0' for '") && e.contains(arg),
            "{e}"
        );
    }
    let b = round_boards(&c, "B", 1);
    assert!(b.iter().any(|x| x["black"] == "a3" || x["red"] == "a3"));
    let after_pair = c.ok(&["log", "-n", "1"]);
    assert_ne!(before, after_pair);
    // A board result for a player not in the lineup; home/away not as paired.
    for (file, body, want) in [
        (
            "g1.csv",
            "round,home,away,board,game,red,black,result\n1,A,B,1,1,a1,b1,1-0\n1,A,B,2,1,b2,a2,1-0\n",
            "g1.csv:3",
        ),
        (
            "g2.csv",
            "round,home,away,board,game,red,black,result\n1,B,A,1,1,b1,a1,1-0\n",
            "g2.csv:2",
        ),
    ] {
        std::fs::write(c.path(file), body).unwrap();
        let e = c.fails(&["import", "games", "B", file]);
        assert!(e.contains(want), "{e}");
        assert_eq!(c.ok(&["log", "-n", "1"]), after_pair, "nothing written");
    }
    // Undo removes the paired round.
    c.ok(&["undo"]);
    assert!(c.fails(&["team", "round", "B"]).contains("round"));
}

#[test]
fn team_documents_print_as_text_html_and_csv() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "印", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "3",
    ]);
    for (t, p) in [
        ("甲队", "甲一,甲二"),
        ("乙队", "乙一,乙二"),
        ("丙队", "丙一,丙二"),
    ] {
        c.ok(&["team", "add", "印", t, "--players", p, "--create"]);
    }
    c.ok(&["round", "pair", "印"]);
    let sheet = c.ok(&["print", "pairings", "印", "--lang", "zh-Hans"]);
    assert!(
        sheet.contains("对阵表") && sheet.contains("轮空"),
        "{sheet}"
    );
    let v = round_boards(&c, "印", 1);
    assert_eq!(v.len(), 2, "one match of two boards, one bye");
    for b in &v {
        assert!(sheet.contains(&b["red"]) && sheet.contains(&b["black"]));
    }
    let slips = c.ok(&["print", "slips", "印", "--lang", "en"]);
    assert!(
        slips.contains("Match score sheet") && slips.contains("captain"),
        "{slips}"
    );
    c.ok(&["result", "印", "1", "1", "1-0", "--match", "1"]);
    c.ok(&["result", "印", "1", "2", "1/2-1/2", "--match", "1"]);
    let html = c.ok(&[
        "print",
        "standings",
        "印",
        "--format",
        "html",
        "--lang",
        "en",
    ]);
    assert!(
        html.contains("<table") && html.contains("Board prizes"),
        "{html}"
    );
    let csv = csv_rows(&c.ok(&["print", "crosstable", "印", "--format", "csv"]));
    let cells = |team: &str| -> Vec<String> {
        let row = csv.iter().find(|r| r["team"] == team).unwrap();
        (1..=3).map(|i| row[&format!("t{i}")].clone()).collect()
    };
    // Home won 3 – 1 in game points.
    assert!(cells(&v[0]["home"]).contains(&"3".to_string()), "{csv:?}");
    assert!(cells(&v[0]["away"]).contains(&"1".to_string()), "{csv:?}");
}

#[test]
fn a_lineup_changes_after_pairing_until_the_first_result_of_the_match() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "L", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    c.ok(&["team", "add", "L", "A", "--players", "a1,a2,a3", "--create"]);
    c.ok(&["team", "add", "L", "B", "--players", "b1,b2,b3", "--create"]);
    c.ok(&["round", "pair", "L"]);
    let before = round_boards(&c, "L", 1);
    assert!(before.iter().all(|b| !b.values().any(|v| v == "a3")));
    // The reserve comes in on board 2; the boards are rebuilt.
    c.ok(&["team", "lineup", "L", "1", "A", "a1,a3"]);
    let after = round_boards(&c, "L", 1);
    assert!(after
        .iter()
        .any(|b| b["board"] == "2" && (b["red"] == "a3" || b["black"] == "a3")));
    // Undo restores the first lineup and its boards.
    c.ok(&["undo"]);
    assert_eq!(round_boards(&c, "L", 1), before);
    c.ok(&["result", "L", "1", "1", "1-0", "--match", "1"]);
    let e = c.fails(&["team", "lineup", "L", "1", "A", "a1,a3"]);
    assert!(e.contains("already entered"), "{e}");
    // Board 2 has no result yet: the match is pending and counts for nobody.
    let st = csv_rows(&c.ok(&["standings", "L", "--format", "csv"]));
    assert_eq!(st.len(), 2);
    assert!(
        st.iter().all(|r| r["match-points"] == "0.00"),
        "board 2 pending"
    );
}

/// A team name typed with a slip of one character is refused, and the
/// refusal names the team meant, in the reader's language.
#[test]
fn a_mistyped_team_name_is_named_back() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "L", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    c.ok(&["team", "add", "L", "钱塘", "--players", "a1,a2", "--create"]);
    c.ok(&["team", "add", "L", "西湖", "--players", "b1,b2", "--create"]);
    let args = ["team", "lineup", "L", "1", "钱唐", "a1,a2"];
    for (locale, said) in [
        ("zh_CN.UTF-8", "没有名为 钱唐 的队"),
        ("zh_TW.UTF-8", "沒有名為 钱唐 的隊"),
        ("en_US.UTF-8", "no team named 钱唐"),
    ] {
        let out = c.run_lang(locale, &args);
        assert!(!out.status.success());
        let e = String::from_utf8_lossy(&out.stderr);
        assert!(e.contains(said) && e.contains("\"钱塘\""), "{locale}: {e}");
        assert!(!e.contains("西湖"), "{e}");
    }
    // A name near none of the teams gets no suggestion.
    let e = c.fails(&["team", "lineup", "L", "1", "东方红", "a1,a2"]);
    assert!(e.contains("东方红") && !e.contains("\""), "{e}");
}

/// The roster of a team: a reserve joins at the end at any
/// time; a player leaves only before round 1 is paired, after that only
/// as the arbiter's action (`--force`) and never out of a paired lineup;
/// a player of another team is refused; every change is undoable.
#[test]
fn a_roster_changes_by_command_and_is_fixed_once_round_one_is_paired() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "R", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    c.ok(&["team", "add", "R", "A", "--players", "a1,a2,a3", "--create"]);
    c.ok(&["team", "add", "R", "B", "--players", "b1,b2", "--create"]);
    let roster = |team: &str| -> String {
        csv_rows(&c.ok(&["team", "list", "R", "--format", "csv"]))
            .into_iter()
            .find(|r| r["team"] == team)
            .unwrap()["roster"]
            .clone()
    };
    let a_before = roster("A");
    // Before pairing: a player leaves, a new reserve joins.
    c.ok(&["team", "roster", "R", "A", "remove", "a2"]);
    assert!(!roster("A").contains("a2"), "{}", roster("A"));
    c.ok(&["team", "roster", "R", "A", "add", "a4", "--create"]);
    assert!(roster("A").ends_with("(a4)"), "{}", roster("A"));
    c.ok(&["undo"]);
    c.ok(&["undo"]);
    assert_eq!(roster("A"), a_before);
    // A player of another team, or one already on it, is refused.
    let e = c.fails(&["team", "roster", "R", "A", "add", "b1"]);
    assert!(e.contains("two teams"), "{e}");
    let e = c.fails(&["team", "roster", "R", "A", "add", "a1"]);
    assert!(!e.is_empty());
    assert_eq!(roster("A"), a_before);
    c.ok(&["round", "pair", "R"]);
    // After round 1 is paired: a reserve still joins at the end…
    c.ok(&["team", "roster", "R", "B", "add", "b3", "--create"]);
    assert!(roster("B").ends_with("(b3)"), "{}", roster("B"));
    // …but leaving is the arbiter's action, and never out of a lineup.
    let e = c.fails(&["team", "roster", "R", "A", "remove", "a3"]);
    assert!(e.contains("fixed once round 1 is paired"), "{e}");
    let e = c.fails(&["team", "roster", "R", "A", "remove", "a1", "--force"]);
    assert!(e.contains("in the lineup of A in round 1"), "{e}");
    assert_eq!(roster("A"), a_before);
    c.ok(&["team", "roster", "R", "A", "remove", "a3", "--force"]);
    assert!(!roster("A").contains("a3"));
    let log = c.ok(&["log"]);
    assert!(log.contains("remove a3 from the roster of A"), "{log}");
}

/// A roster player typed by member id is resolved at the edge: the
/// refusals and the log then name the player, not the number typed.
#[test]
fn a_roster_player_given_by_id_is_named_in_refusals_and_the_log() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "R", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    c.ok(&["team", "add", "R", "A", "--players", "a1,a2,a3", "--create"]);
    c.ok(&["team", "add", "R", "B", "--players", "b1,b2", "--create"]);
    let id = |name: &str| -> String {
        csv_rows(&c.ok(&["player", "list", "--format", "csv"]))
            .into_iter()
            .find(|r| r["name"] == name)
            .unwrap()["id"]
            .clone()
    };
    let (a1, a3) = (id("a1"), id("a3"));
    let e = c.fails(&["team", "roster", "R", "A", "add", &a1]);
    assert!(e.contains("a1 is listed twice for A"), "{e}");
    c.ok(&["round", "pair", "R"]);
    let e = c.fails(&["team", "roster", "R", "A", "remove", &a3]);
    assert!(e.contains("removing a3 is an arbiter's action"), "{e}");
    c.ok(&["team", "roster", "R", "A", "remove", &a3, "--force"]);
    let log = c.ok(&["log"]);
    assert!(log.contains("remove a3 from the roster of A"), "{log}");
}

/// The rounds `event list` gives the team event `event` (`paired/rounds`).
fn listed_rounds(c: &Club, event: &str) -> String {
    let rows = csv_rows(&c.ok(&["event", "list", "--format", "csv"]));
    let row = rows.iter().find(|r| r["name"] == event).expect("listed");
    row["rounds"].clone()
}

#[test]
fn a_team_round_robin_without_rounds_plays_one_cycle() {
    let c = Club::new();
    for (name, more) in [
        ("单循环", &[][..]),
        ("六轮", &["--rounds", "6"][..]),
        ("双循环", &["--double"][..]),
    ] {
        let mut args = vec![
            "event", "new", name, "--teams", "--boards", "1", "--system", "berger",
        ];
        args.extend_from_slice(more);
        c.ok(&args);
        for t in 1..=4 {
            let player = format!("{name}{t}");
            c.ok(&[
                "team",
                "add",
                name,
                &format!("T{t}"),
                "--players",
                &player,
                "--create",
            ]);
        }
    }
    assert_eq!(listed_rounds(&c, "单循环"), "0/3");
    assert_eq!(listed_rounds(&c, "六轮"), "0/6");
    assert_eq!(listed_rounds(&c, "双循环"), "0/6");
    // One cycle: every team meets every other once, then no round 4.
    let mut met = HashSet::new();
    for r in 1..=3 {
        c.ok(&["round", "pair", "单循环"]);
        for b in round_boards(&c, "单循环", r) {
            let mut pair = [b["home"].clone(), b["away"].clone()];
            pair.sort();
            assert!(met.insert(pair), "a pair met twice by round {r}");
            let round = r.to_string();
            let args = [
                "result",
                "单循环",
                &round,
                "1",
                "1-0",
                "--match",
                &b["match"],
            ];
            c.ok(&args);
        }
    }
    assert_eq!(met.len(), 6);
    assert!(!c.run(&["round", "pair", "单循环"]).status.success());
}
