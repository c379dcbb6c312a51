//! The club season (specs/season.md) through the real binary on a
//! database file: the spec's worked examples A and B verbatim, each rule
//! with hand-computed totals, the refusals, undo of every season change,
//! and the finals seeded from a season.
//!
//! Events are made as a club makes them: members added, `import games`
//! from a CSV, `event finish`. Every test event breaks ties by `fouls`
//! only (nobody has fouls), so equal points share the rank.

use crate::common::Club;
use serde_json::Value;

/// An event `name` of `rounds` rounds from `games` (`round,red,black,result`
/// lines; `BYE` as black is a pairing bye), finished unless `open`.
pub(crate) fn event(c: &Club, name: &str, rounds: u32, games: &[&str], open: bool) {
    c.ok(&[
        "event",
        "new",
        name,
        "--rounds",
        &rounds.to_string(),
        "--tiebreaks",
        "fouls",
    ]);
    let mut csv = String::from("round,red,black,result\n");
    for g in games {
        csv.push_str(g);
        csv.push('\n');
    }
    let file = format!("{name}.csv");
    std::fs::write(c.path(&file), csv).unwrap();
    c.ok(&["import", "games", name, &file]);
    if !open {
        c.ok(&["event", "finish", name]);
    }
}

fn csv_lines(out: &str) -> Vec<String> {
    out.lines().map(str::to_string).collect()
}

fn json(c: &Club, season: &str) -> Value {
    serde_json::from_str(&c.ok(&["season", "standings", season, "--format", "json"])).unwrap()
}

/// A knockout of four (`seeds` in seed order, rated so), every match won
/// by red, i.e. the higher seed: seed 1 champion, 2 finalist, 3 and 4 share 3=.
fn knockout_won_by_seeds(c: &Club, name: &str, seeds: &[&str]) {
    knockout_decided(c, name, seeds);
    c.ok(&["event", "finish", name]);
    let st = c.ok(&["standings", name, "--format", "csv"]);
    assert!(st.contains(&format!("1,{}", seeds[0])), "{st}");
    assert!(st.contains(&format!("2,{}", seeds[1])), "{st}");
}

/// [`knockout_won_by_seeds`]'s knockout, its final played but the event
/// not finished.
fn knockout_decided(c: &Club, name: &str, seeds: &[&str]) {
    c.ok(&["event", "new", name, "--system", "knockout"]);
    let mut enter = vec!["event", "enter", name];
    enter.extend(seeds);
    c.ok(&enter);
    c.ok(&["round", "pair", name]);
    c.ok(&["result", name, "1", "1", "1-0", "--game", "1"]);
    c.ok(&["result", name, "1", "2", "1-0", "--game", "1"]);
    c.ok(&["round", "pair", name]);
    c.ok(&["result", name, "2", "1", "1-0", "--game", "1"]);
}

/// Members K1 to K4, rated 2400 down to 2100.
fn four_rated(c: &Club) {
    for (n, r) in [
        ("K1", "2400"),
        ("K2", "2300"),
        ("K3", "2200"),
        ("K4", "2100"),
    ] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
}

/// Example A's club: members rated so that 李 is the knockout's seed 1,
/// 赵 2, 钱 3, 孙 4; the four events of the example.
pub(crate) fn example_a() -> Club {
    let c = Club::new();
    for (n, r) in [
        ("李", "2000"),
        ("赵", "1900"),
        ("钱", "1800"),
        ("孙", "1700"),
        ("周", "1600"),
    ] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    // 周赛1: 赵 7, 钱 4, 孙 4, 李 3, 周 2 (a bye only: not played).
    event(
        &c,
        "周赛1",
        5,
        &[
            "1,赵,钱,1-0",
            "1,孙,李,1-0",
            "1,周,BYE,",
            "2,赵,孙,1-0",
            "2,钱,李,1-0",
            "3,赵,李,1-0",
            "3,钱,孙,1/2-1/2",
            "4,李,赵,1-0",
            "4,钱,孙,1/2-1/2",
            "5,李,赵,1/2-1/2",
        ],
        false,
    );
    let st = c.ok(&["standings", "周赛1", "--format", "csv"]);
    for want in [
        "1,赵,7.00",
        "2,钱,4.00",
        "2,孙,4.00",
        "4,李,3.00",
        "5,周,2.00",
    ] {
        assert!(st.contains(want), "{want} in {st}");
    }
    // 周赛2: 钱 6; 李, 赵, 周 2 each (a cycle): all played.
    event(
        &c,
        "周赛2",
        3,
        &[
            "1,钱,李,1-0",
            "1,赵,周,1-0",
            "2,钱,赵,1-0",
            "2,周,李,1-0",
            "3,钱,周,1-0",
            "3,李,赵,1-0",
        ],
        false,
    );
    knockout_won_by_seeds(&c, "决赛", &["李", "赵", "钱", "孙"]);
    // 周赛3: not finished.
    event(&c, "周赛3", 3, &["1,周,李,1-0", "1,赵,钱,1-0"], true);
    c.ok(&[
        "season",
        "new",
        "2026",
        "--rule",
        "placement:10,8,6,5,4,3,2,1",
        "--best",
        "2",
        "--min-events",
        "2",
        "--participation",
        "1",
    ]);
    c.ok(&["season", "add", "2026", "周赛1"]);
    c.ok(&["season", "add", "2026", "周赛2"]);
    c.ok(&["season", "add", "2026", "决赛", "--weight", "2"]);
    c.ok(&["season", "add", "2026", "周赛3"]);
    c
}

#[test]
fn worked_example_a_verbatim() {
    let c = example_a();
    let out = c.ok(&["season", "standings", "2026", "--format", "csv"]);
    assert_eq!(
        csv_lines(&out),
        [
            "rank,name,total,events,wins,best,周赛1,周赛2,决赛,周赛3",
            "1,李,28.33,3,1,21,6,7.33,21,",
            "2,赵,28,3,1,17,11,7.33,17,",
            "3,钱,23,3,1,12,8,11,12,",
            "4,孙,20,2,0,12,8,,12,",
            "5*,周,7.33,1,0,7.33,,7.33,,",
        ]
    );
    let j = json(&c, "2026");
    assert_eq!(j["season"], "2026");
    assert_eq!(j["rule"], "placement:10,8,6,5,4,3,2,1");
    assert_eq!(j["best"], 2);
    assert_eq!(j["min_events"], 2);
    assert_eq!(j["participation"], 1);
    assert_eq!(j["events"][2]["name"], "决赛");
    assert_eq!(j["events"][2]["weight"], 2);
    assert_eq!(j["events"][2]["finished"], true);
    assert_eq!(j["events"][3]["finished"], false);
    let li = &j["standings"][0];
    assert_eq!(li["name"], "李");
    assert_eq!(li["rank"], 1);
    assert_eq!(li["shared"], false);
    assert_eq!(li["qualified"], true);
    assert_eq!(li["total"].as_f64(), Some(28.33));
    assert_eq!(li["results"]["周赛2"].as_f64(), Some(7.33));
    assert_eq!(li["results"]["周赛1"], 6);
    assert_eq!(li["counted"], serde_json::json!(["周赛2", "决赛"]));
    let zhou = &j["standings"][4];
    assert_eq!(
        (zhou["rank"].clone(), zhou["qualified"].clone()),
        (5.into(), false.into())
    );
    assert!(
        zhou["results"].get("周赛1").is_none(),
        "no result where not played"
    );
    assert!(
        zhou["results"].get("周赛3").is_none(),
        "nothing from an unfinished event"
    );
    // Text: the settings, dropped results in parentheses, the * footnote,
    // the unfinished event's note.
    let text = c.ok(&["season", "standings", "2026"]);
    assert!(text.contains("placement:10,8,6,5,4,3,2,1"), "{text}");
    assert!(text.contains("(6)"), "李's 周赛1 is dropped: {text}");
    assert!(text.contains("5*"), "{text}");
    assert!(
        text.contains("周赛3: not finished: no points yet"),
        "{text}"
    );
}

#[test]
fn an_unfinished_event_counts_once_finished_with_no_other_step() {
    let c = example_a();
    c.ok(&["event", "finish", "周赛3", "--force"]);
    let j = json(&c, "2026");
    let zhou = j["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == "周")
        .unwrap()
        .clone();
    // 周 won his one game of 周赛3: rank 1= with 赵 (2 points each): (10+8)/2 + 1 = 10.
    assert_eq!(zhou["results"]["周赛3"], 10, "{zhou}");
    assert_eq!(zhou["events"], 2);
    assert_eq!(zhou["qualified"], true);
}

#[test]
fn explain_shows_each_result_counted_or_dropped() {
    let c = example_a();
    let out = c.ok(&["season", "standings", "2026", "--explain", "李"]);
    assert!(out.contains("28.33"), "{out}");
    let line = |ev: &str| {
        out.lines()
            .find(|l| l.starts_with(ev))
            .unwrap_or_else(|| panic!("{ev} in {out}"))
            .to_string()
    };
    assert!(line("周赛1").contains("dropped"), "{out}");
    assert!(line("周赛2").contains("counted"), "{out}");
    assert!(
        line("周赛2").contains("6.33"),
        "rule points (8+6+5)/3: {out}"
    );
    assert!(
        line("决赛").contains("21") && line("决赛").contains("counted"),
        "{out}"
    );
    assert!(line("周赛3").contains("not finished"), "{out}");
    let e = c.fails(&["season", "standings", "2026", "--explain", "nobody"]);
    assert!(e.contains("nobody"), "{e}");
}

/// Example B's events (standard scheme 2/1/0): points exactly as the spec's
/// table; the rank-1 player of each event is 甲, 丙 and 戊.
fn example_b(min_events: &str) -> Club {
    let c = Club::new();
    for n in ["甲", "乙", "丙", "丁", "戊", "己", "庚"] {
        c.ok(&["player", "add", n]);
    }
    // E1: 甲 8, 乙 6, 丁 4, 己 2.
    event(
        &c,
        "E1",
        5,
        &[
            "1,甲,乙,1-0",
            "1,丁,己,1-0",
            "2,甲,丁,1-0",
            "2,乙,己,1-0",
            "3,甲,己,1-0",
            "3,丁,乙,1-0",
            "4,乙,甲,1-0",
            "4,己,丁,1-0",
            "5,甲,丁,1-0",
            "5,乙,己,1-0",
        ],
        false,
    );
    // E2: 丙 8, 乙 6, 甲 4, 庚 4, 丁 2.
    event(
        &c,
        "E2",
        7,
        &[
            "1,丙,乙,1-0",
            "1,甲,庚,1-0",
            "2,丙,甲,1-0",
            "2,丁,乙,1-0",
            "3,丙,庚,1-0",
            "3,甲,丁,1-0",
            "4,丙,丁,1-0",
            "4,乙,甲,1-0",
            "5,乙,丙,1-0",
            "5,庚,甲,1-0",
            "6,乙,庚,1-0",
            "7,庚,丁,1-0",
        ],
        false,
    );
    // E3: 戊 8, 丁 6, 己 6, 丙 4, 庚 4.
    event(
        &c,
        "E3",
        9,
        &[
            "1,戊,丁,1-0",
            "1,己,丙,1-0",
            "2,戊,己,1-0",
            "2,丁,丙,1-0",
            "3,戊,丙,1-0",
            "3,丁,庚,1-0",
            "4,戊,庚,1-0",
            "4,己,丁,1-0",
            "5,丁,戊,1-0",
            "5,己,庚,1-0",
            "6,丙,庚,1-0",
            "7,丙,己,1-0",
            "8,庚,己,1-0",
            "9,庚,丙,1-0",
        ],
        false,
    );
    for (ev, want) in [
        (
            "E1",
            &["1,甲,8.00", "2,乙,6.00", "3,丁,4.00", "4,己,2.00"][..],
        ),
        (
            "E2",
            &[
                "1,丙,8.00",
                "2,乙,6.00",
                "3,甲,4.00",
                "3,庚,4.00",
                "5,丁,2.00",
            ][..],
        ),
        (
            "E3",
            &[
                "1,戊,8.00",
                "2,丁,6.00",
                "2,己,6.00",
                "4,丙,4.00",
                "4,庚,4.00",
            ][..],
        ),
    ] {
        let st = c.ok(&["standings", ev, "--format", "csv"]);
        for w in want {
            assert!(st.contains(w), "{ev}: {w} in {st}");
        }
    }
    c.ok(&[
        "season",
        "new",
        "B",
        "--rule",
        "score:0.5",
        "--min-events",
        min_events,
    ]);
    for ev in ["E1", "E2", "E3"] {
        c.ok(&["season", "add", "B", ev]);
    }
    c
}

/// (rank cell, name, total, events, wins, best) of every row.
fn cells(out: &str) -> Vec<(String, String, String, String, String, String)> {
    let mut r = csv::Reader::from_reader(out.as_bytes());
    r.records()
        .map(|x| {
            let x = x.unwrap();
            (
                x[0].to_string(),
                x[1].to_string(),
                x[2].to_string(),
                x[3].to_string(),
                x[4].to_string(),
                x[5].to_string(),
            )
        })
        .collect()
}

fn row(
    r: &str,
    n: &str,
    t: &str,
    e: &str,
    w: &str,
    b: &str,
) -> (String, String, String, String, String, String) {
    (r.into(), n.into(), t.into(), e.into(), w.into(), b.into())
}

#[test]
fn worked_example_b_score_rule_and_the_tie_breaks() {
    let c = example_b("0");
    let out = c.ok(&["season", "standings", "B", "--format", "csv"]);
    let got = cells(&out);
    // 甲 and 丙 are equal on everything (1=); 丁 ahead of 乙 on events, 戊 of
    // 己 on wins, 己 of 庚 on best.
    let mut top: Vec<_> = got[..2].to_vec();
    top.sort();
    assert_eq!(
        top,
        [
            row("1=", "丙", "6", "2", "1", "4"),
            row("1=", "甲", "6", "2", "1", "4")
        ]
    );
    assert_eq!(
        got[2..],
        [
            row("3", "丁", "6", "3", "0", "3"),
            row("4", "乙", "6", "2", "0", "3"),
            row("5", "戊", "4", "1", "1", "4"),
            row("6", "己", "4", "2", "0", "3"),
            row("7", "庚", "4", "2", "0", "2"),
        ]
    );
    // The per-event cells: points × 0.5.
    assert!(out.contains(",丁,6,3,0,3,2,1,3\n"), "{out}");
    let j = json(&c, "B");
    assert_eq!(j["rule"], "score:0.5");
    assert_eq!(j["best"], Value::Null);
    assert_eq!(j["standings"][0]["shared"], true);
    assert_eq!(j["standings"][0]["rank"], 1);
}

#[test]
fn worked_example_b_with_min_events_three() {
    let c = example_b("3");
    let got = cells(&c.ok(&["season", "standings", "B", "--format", "csv"]));
    let ranks: Vec<(String, String)> = got.iter().map(|r| (r.0.clone(), r.1.clone())).collect();
    let want = |r: &str, n: &str| (r.to_string(), n.to_string());
    assert_eq!(ranks[0], want("1", "丁"));
    let mut tied = ranks[1..3].to_vec();
    tied.sort();
    assert_eq!(tied, [want("2=*", "丙"), want("2=*", "甲")]);
    assert_eq!(
        ranks[3..],
        [
            want("4*", "乙"),
            want("5*", "戊"),
            want("6*", "己"),
            want("7*", "庚")
        ]
    );
}

#[test]
fn byes_and_forfeits_are_not_games_played() {
    let c = Club::new();
    for n in ["A", "B", "C", "D"] {
        c.ok(&["player", "add", n]);
    }
    // A: a bye and a forfeit win, rank 1 on 4 points; B: a forfeit loss
    // and a win over the board; C and D played each other.
    event(
        &c,
        "W",
        2,
        &["1,A,BYE,", "1,C,D,1-0", "2,A,B,+/-", "2,D,C,1/2-1/2"],
        false,
    );
    event(&c, "Byes", 1, &["1,A,BYE,", "1,B,C,-/-"], false);
    c.ok(&["season", "new", "S", "--participation", "1"]);
    c.ok(&["season", "add", "S", "W"]);
    c.ok(&["season", "add", "S", "Byes"]);
    let st = c.ok(&["standings", "W", "--format", "csv"]);
    assert!(st.contains("1,A,4.00"), "{st}");
    let out = c.ok(&["season", "standings", "S", "--format", "csv"]);
    // A keeps place 1 without a result; C (3 points) is 2nd: 8 + 1; D (1
    // point) 3rd: 6 + 1; B (a forfeit loss only) has no result. Nobody
    // played in "Byes".
    assert_eq!(
        csv_lines(&out),
        [
            "rank,name,total,events,wins,best,W,Byes",
            "1,C,9,1,0,9,9,",
            "2,D,7,1,0,7,7,"
        ],
        "{st}"
    );
}

#[test]
fn a_knockout_in_a_season_gives_its_bracket_places() {
    let c = Club::new();
    four_rated(&c);
    knockout_won_by_seeds(&c, "Cup", &["K1", "K2", "K3", "K4"]);
    c.ok(&["season", "new", "S"]);
    c.ok(&["season", "add", "S", "Cup", "--weight", "0.5"]);
    let out = c.ok(&["season", "standings", "S", "--format", "csv"]);
    // 1: 10 × 0.5; 2: 8 × 0.5; 3= shared by two: (6+5)/2 × 0.5 = 2.75.
    let lines = csv_lines(&out);
    assert_eq!(lines[1], "1,K1,5,1,1,5,5");
    assert_eq!(lines[2], "2,K2,4,1,0,4,4");
    let mut rest = lines[3..].to_vec();
    rest.sort();
    assert_eq!(
        rest,
        ["3=,K3,2.75,1,0,2.75,2.75", "3=,K4,2.75,1,0,2.75,2.75"]
    );
    // A knockout cannot join a score season.
    c.ok(&["season", "new", "Pts", "--rule", "score"]);
    let e = c.fails(&["season", "add", "Pts", "Cup"]);
    assert!(e.contains("knockout"), "{e}");
    assert_eq!(e.trim().lines().count(), 1, "{e}");
}

#[test]
fn a_knockout_semi_final_lost_by_forfeit_is_not_played() {
    let c = Club::new();
    four_rated(&c);
    c.ok(&["event", "new", "Cup", "--system", "knockout"]);
    c.ok(&["event", "enter", "Cup", "K1", "K2", "K3", "K4"]);
    c.ok(&["round", "pair", "Cup"]);
    c.ok(&["result", "Cup", "1", "1", "1-0", "--game", "1"]);
    // The second semi-final: black did not come, red goes on by forfeit.
    c.ok(&["result", "Cup", "1", "2", "+/-", "--game", "1"]);
    c.ok(&["round", "pair", "Cup"]);
    c.ok(&["result", "Cup", "2", "1", "1-0", "--game", "1"]);
    c.ok(&["event", "finish", "Cup"]);
    let st = csv_lines(&c.ok(&["standings", "Cup", "--format", "csv"]));
    assert_eq!(st.len(), 5, "{st:?}");
    c.ok(&["season", "new", "S"]);
    c.ok(&["season", "add", "S", "Cup"]);
    let lines = csv_lines(&c.ok(&["season", "standings", "S", "--format", "csv"]));
    // The forfeit winner played the final: 1 → 10, 2 → 8 (both over the
    // board). Of the two semi-final losers only the one who played has a
    // result, still of the shared place 3=: (6 + 5) / 2 = 5.5.
    let cells: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split(',').collect()).collect();
    assert_eq!(cells.len(), 3, "{lines:?}");
    let totals: Vec<(&str, &str)> = cells.iter().map(|r| (r[0], r[2])).collect();
    assert_eq!(totals, [("1", "10"), ("2", "8"), ("3", "5.5")], "{lines:?}");
}

#[test]
fn bad_settings_and_bad_additions_are_refused_in_one_line() {
    let c = Club::new();
    c.ok(&["player", "add", "A"]);
    c.ok(&["player", "add", "B"]);
    event(&c, "E", 1, &["1,A,B,1-0"], false);
    c.ok(&["season", "new", "S"]);
    for args in [
        &["season", "new", "S"][..],
        &["season", "new", "X", "--rule", "placement:"],
        &["season", "new", "X", "--rule", "placement:10,-1"],
        &["season", "new", "X", "--rule", "score:0"],
        &["season", "new", "X", "--rule", "elo"],
        &["season", "new", "X", "--best", "0"],
        &["season", "new", "X", "--best", "two"],
        &["season", "new", "X", "--min-events", "-1"],
        &["season", "new", "X", "--participation", "-1"],
        &["season", "add", "S", "E", "--weight", "0"],
        &["season", "add", "S", "E", "--weight", "x"],
        &["season", "add", "S", "nope"],
        &["season", "add", "nope", "E"],
        &["season", "standings", "nope"],
    ] {
        let e = c.fails(args);
        assert_eq!(e.trim().lines().count(), 1, "{args:?}: {e}");
    }
    c.ok(&["season", "add", "S", "E"]);
    let e = c.fails(&["season", "add", "S", "E"]);
    assert!(e.contains("already"), "{e}");
    c.ok(&["event", "new", "T", "--teams", "--boards", "2"]);
    let e = c.fails(&["season", "add", "S", "T"]);
    assert!(e.contains("team"), "{e}");
    // Nothing was made by the refused commands.
    let list = c.ok(&["season", "list", "--format", "csv"]);
    assert_eq!(list.lines().count(), 2, "{list}");
}

#[test]
fn every_season_change_is_logged_and_undone() {
    let c = Club::new();
    c.ok(&["player", "add", "A"]);
    c.ok(&["player", "add", "B"]);
    event(&c, "E1", 1, &["1,A,B,1-0"], false);
    event(&c, "E2", 1, &["1,B,A,1-0"], false);
    c.ok(&["season", "new", "S"]);
    c.ok(&["season", "add", "S", "E1"]);
    c.ok(&["season", "add", "S", "E2", "--weight", "2"]);
    let total = |c: &Club| {
        let j = json(c, "S");
        j["standings"][0]["total"].clone()
    };
    // A: 10 + 2×8 = 26; B: 8 + 2×10 = 28.
    assert_eq!(total(&c), 28);
    c.ok(&["season", "weight", "S", "E2", "0.5"]);
    assert_eq!(
        total(&c),
        14,
        "A: 10 + 0.5×8 = 14 before B: 8 + 0.5×10 = 13"
    );
    c.ok(&["undo"]);
    assert_eq!(total(&c), 28, "the weight is back");
    c.ok(&["season", "remove-event", "S", "E2"]);
    assert_eq!(json(&c, "S")["events"].as_array().unwrap().len(), 1);
    let log = c.ok(&["log", "-n", "3"]);
    assert!(log.contains("E2 removed from the season S"), "{log}");
    c.ok(&["undo"]);
    assert_eq!(json(&c, "S")["events"].as_array().unwrap().len(), 2);
    assert_eq!(
        json(&c, "S")["events"][1]["name"],
        "E2",
        "back in its place"
    );
    // Further back: adding E2, adding E1, the season itself.
    c.ok(&["undo"]);
    c.ok(&["undo"]);
    c.ok(&["undo"]);
    let e = c.fails(&["season", "show", "S"]);
    assert!(e.contains("no season"), "{e}");
    c.ok(&["redo"]);
    c.ok(&["season", "show", "S"]);
}

#[test]
fn list_show_and_remove_event() {
    let c = example_a();
    let list = c.ok(&["season", "list", "--format", "csv"]);
    assert_eq!(
        csv_lines(&list),
        [
            "id,name,rule,best,min_events,participation,events,finished",
            "1,2026,\"placement:10,8,6,5,4,3,2,1\",2,2,1,4,3",
        ]
    );
    let show = c.ok(&["season", "show", "2026"]);
    for want in ["周赛1", "决赛", "周赛3", "finished"] {
        assert!(show.contains(want), "{want}: {show}");
    }
    c.ok(&["season", "remove-event", "2026", "周赛1"]);
    let out = c.ok(&["season", "standings", "2026", "--format", "csv"]);
    assert_eq!(
        out.lines().next().unwrap(),
        "rank,name,total,events,wins,best,周赛2,决赛,周赛3"
    );
    let e = c.fails(&["season", "remove-event", "2026", "周赛1"]);
    assert!(e.contains("not in the season"), "{e}");
}

#[test]
fn an_event_in_several_seasons() {
    let c = example_a();
    c.ok(&["season", "new", "finals only", "--rule", "placement:100"]);
    c.ok(&["season", "add", "finals only", "决赛"]);
    let out = c.ok(&["season", "standings", "finals only", "--format", "csv"]);
    assert!(out.contains("\n1,李,100,1,1,100,100\n"), "{out}");
    // The first season is unchanged.
    let a = c.ok(&["season", "standings", "2026", "--format", "csv"]);
    assert!(a.contains("1,李,28.33"), "{a}");
}

#[test]
fn a_knockout_final_seeded_from_the_season() {
    let c = example_a();
    let out = c.ok(&[
        "event",
        "new",
        "年终总决赛",
        "--system",
        "knockout",
        "--seed-from",
        "2026",
        "--top",
        "4",
    ]);
    // The qualified top four in rank order: 李 赵 钱 孙 (周 is not qualified).
    let seeds: Vec<&str> = out
        .lines()
        .skip(1)
        .map(|l| l.split('\t').nth(1).unwrap())
        .collect();
    assert_eq!(seeds, ["李", "赵", "钱", "孙"], "{out}");
    let e = c.fails(&[
        "event",
        "new",
        "X",
        "--system",
        "knockout",
        "--seed-from",
        "2026",
        "--top",
        "5",
    ]);
    assert!(e.contains("qualified"), "{e}");
    // A name that is both an event and a season is ambiguous.
    c.ok(&["season", "new", "周赛1"]);
    let e = c.fails(&[
        "event",
        "new",
        "Y",
        "--system",
        "knockout",
        "--seed-from",
        "周赛1",
        "--top",
        "2",
    ]);
    assert!(e.contains("both"), "{e}");
    // A Swiss final entered with the season's top 3.
    c.ok(&["event", "new", "Swiss final", "--rounds", "3"]);
    let out = c.ok(&[
        "event",
        "enter",
        "Swiss final",
        "--from-season",
        "2026",
        "--top",
        "3",
    ]);
    let names: Vec<&str> = out.lines().map(|l| l.split('\t').nth(1).unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["李", "赵", "钱"], "{out}");
}

#[test]
fn a_season_with_no_finished_event_lists_nobody() {
    let c = Club::new();
    c.ok(&["player", "add", "A"]);
    c.ok(&["player", "add", "B"]);
    event(&c, "Open", 1, &["1,A,B,1-0"], true);
    c.ok(&["season", "new", "S"]);
    c.ok(&["season", "add", "S", "Open"]);
    let out = c.ok(&["season", "standings", "S", "--format", "csv"]);
    assert_eq!(csv_lines(&out), ["rank,name,total,events,wins,best,Open"]);
    let j = json(&c, "S");
    assert_eq!(j["standings"], serde_json::json!([]));
    let text = c.ok(&["season", "standings", "S"]);
    assert!(text.contains("Open: not finished: no points yet"), "{text}");
}

/// A knockout whose final has a result but that is not finished: `season
/// show` says 决出冠军 as `event list` does, in each language and in its
/// JSON; the season's notes say it counts once finished.
#[test]
fn season_show_says_a_decided_knockout_as_the_event_list_does() {
    let c = Club::new();
    four_rated(&c);
    knockout_decided(&c, "Cup", &["K1", "K2", "K3", "K4"]);
    c.ok(&["season", "new", "S"]);
    c.ok(&["season", "add", "S", "Cup"]);
    let line = |out: &str| {
        out.lines()
            .find(|l| l.split_whitespace().any(|w| w == "Cup"))
            .unwrap_or_else(|| panic!("{out}"))
            .to_string()
    };
    for (locale, decided, running) in [
        ("zh_CN.UTF-8", "决出冠军", "进行中"),
        ("zh_TW.UTF-8", "決出冠軍", "進行中"),
        ("en_US.UTF-8", "decided", "running"),
    ] {
        let out = |args: &[&str]| {
            let o = c.run_lang(locale, args);
            assert!(o.status.success(), "{args:?}: {o:?}");
            String::from_utf8(o.stdout).unwrap()
        };
        let listed = line(&out(&["event", "list"]));
        assert!(listed.contains(decided), "{listed}");
        let shown = line(&out(&["season", "show", "S"]));
        assert!(
            shown.contains(decided) && !shown.contains(running),
            "{locale}: {shown}"
        );
    }
    let v: Value =
        serde_json::from_str(&c.ok(&["season", "show", "S", "--format", "json"])).unwrap();
    assert_eq!(v["events"][0]["status"], "decided", "{v}");
    assert_eq!(v["events"][0]["finished"], false, "{v}");
    // Not counted until finished, and the notes say why.
    let standings = c.run_lang("zh_CN.UTF-8", &["season", "standings", "S"]);
    let standings = String::from_utf8(standings.stdout).unwrap();
    for t in [
        standings,
        c.ok(&["print", "season", "S", "--lang", "zh-Hans"]),
    ] {
        assert!(t.contains("Cup: 已决出冠军, 结束后计入积分"), "{t}");
        assert!(!t.contains("尚未结束"), "{t}");
    }
}
