//! What the command line says about team events and knockouts when
//! something is missing or wrong, in the user's language: an event with no
//! round yet, a knockout game refused by its place in the bracket, a
//! drawn attacker-defender game without the first strike.

use crate::common::Club;

/// Runs qishe on the club in 简体 (the locale `zh_CN.UTF-8`); stderr.
fn zh_fails(c: &Club, args: &[&str]) -> String {
    let o = c.run_lang("zh_CN.UTF-8", args);
    assert!(!o.status.success(), "qishe {args:?} should have failed");
    String::from_utf8(o.stderr).unwrap()
}

/// Members S01–S04, S01 the top seed.
fn club() -> Club {
    let c = Club::new();
    for i in 1..=4 {
        let rating = (2500 - 10 * i).to_string();
        c.ok(&["player", "add", &format!("S{i:02}"), "--rating", &rating]);
    }
    c
}

#[test]
fn an_event_with_no_round_yet_says_so_for_every_kind() {
    let c = club();
    c.ok(&["event", "new", "周赛", "--rounds", "3"]);
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    c.ok(&["event", "new", "联赛", "--teams", "--rounds", "3"]);
    for ev in ["周赛", "杯赛", "联赛"] {
        let zh = zh_fails(&c, &["round", "show", ev]);
        assert!(zh.contains(&format!("{ev} 还没有编排任何一轮")), "{zh}");
        assert!(!zh.contains("第0轮"), "{zh}");
        let en = c.fails(&["round", "show", ev]);
        assert!(
            en.contains(&format!("no round of {ev} is paired yet")),
            "{en}"
        );
        // A round asked for by number says the same while none is paired.
        let zh = zh_fails(&c, &["round", "show", ev, "2"]);
        assert!(zh.contains("还没有编排任何一轮"), "{zh}");
    }
    // Once a round is paired, a round beyond it names how many are.
    c.ok(&["event", "enter", "周赛", "S01", "S02", "S03", "S04"]);
    c.ok(&["round", "pair", "周赛"]);
    let zh = zh_fails(&c, &["round", "show", "周赛", "2"]);
    assert!(zh.contains("第2轮尚未编排 (已编排 1 轮)"), "{zh}");
}

#[test]
fn a_refused_knockout_game_is_named_by_its_round_board_and_players() {
    let c = club();
    c.ok(&[
        "event",
        "new",
        "杯赛",
        "--system",
        "knockout",
        "--scheme",
        "attacker-defender",
    ]);
    c.ok(&["event", "enter", "杯赛", "S01", "S02", "S03", "S04"]);
    c.ok(&["round", "pair", "杯赛"]);
    // Board 2: S02 (red) – S03, drawn, with no first strike.
    let csv = c.path("g.csv");
    std::fs::write(
        &csv,
        "round,game,red,black,result\n1,1,S01,S04,1-0\n1,1,S02,S03,1/2-1/2\n",
    )
    .unwrap();
    let zh = zh_fails(&c, &["import", "games", "杯赛", csv.to_str().unwrap()]);
    assert!(zh.contains("第1轮第2台第1局 (S02 – S03)"), "{zh}");
    assert!(!zh.contains("第0轮") && !zh.contains('#'), "{zh}");
    // The message says how to write a first strike nobody made.
    assert!(zh.contains("没有吃子则填 none"), "{zh}");
    let en = c.fails(&["import", "games", "杯赛", csv.to_str().unwrap()]);
    assert!(
        en.contains("round 1, board 2, game 1 (S02 – S03)")
            && en.contains("none when no piece was captured"),
        "{en}"
    );
    // The same game through `result` is placed the same way.
    let zh = zh_fails(&c, &["result", "杯赛", "1", "2", "和"]);
    assert!(zh.contains("第1轮第2台第1局 (S02 – S03)"), "{zh}");
    assert!(zh.contains("没有吃子则填 none"), "{zh}");
    // Written as the message says, it is taken.
    std::fs::write(
        &csv,
        "round,game,red,black,result,first_strike\n1,1,S01,S04,1-0,\n1,1,S02,S03,1/2-1/2,none\n",
    )
    .unwrap();
    c.ok(&["import", "games", "杯赛", csv.to_str().unwrap()]);
}

#[test]
fn round_show_in_text_shows_each_kinds_own_round() {
    let c = club();
    // A knockout: its round is matches (a bye goes through), not boards.
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    c.ok(&["event", "enter", "杯赛", "S01", "S02", "S03"]);
    c.ok(&["round", "pair", "杯赛"]);
    let out = c.ok(&["round", "show", "杯赛"]);
    assert!(out.contains("round 1: 2 matches"), "{out}");
    assert!(out.contains("S02 – S03"), "{out}");
    assert!(!out.contains("BYE"), "{out}");
    // Machine formats keep the boards.
    let csv = c.ok(&["round", "show", "杯赛", "--format", "csv"]);
    assert!(
        csv.starts_with("board,red_no,red,black_no,black,result"),
        "{csv}"
    );
    // A team event: its matches with the teams, then their boards.
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "2", "--rounds", "1",
    ]);
    for (t, ps) in [("东城", "S01,S02"), ("西城", "S03,S04")] {
        c.ok(&["team", "add", "联赛", t, "--players", ps]);
    }
    c.ok(&["round", "pair", "联赛"]);
    let out = c.ok(&["round", "show", "联赛"]);
    assert!(out.contains("东城") && out.contains("西城"), "{out}");
    assert_eq!(out, c.ok(&["team", "round", "联赛"]));
}
