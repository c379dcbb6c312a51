//! Seeding from a Swiss qualifier, a correction that changes a winner,
//! and a games CSV attached to the matches.

use super::*;

#[test]
fn a_swiss_qualifier_seeds_a_top_8_knockout() {
    let c = club(10);
    c.ok(&[
        "event", "new", "预赛", "--rounds", "3", "--scheme", "standard",
    ]);
    let ns = names(10);
    let mut args = vec!["event", "enter", "预赛"];
    args.extend(ns.iter().map(String::as_str));
    c.ok(&args);
    for r in 1..=3 {
        c.ok(&["round", "pair", "预赛"]);
        for board in 1..=5 {
            // Red wins on odd boards, draws on even ones.
            let o = if board % 2 == 1 { "1-0" } else { "1/2-1/2" };
            c.ok(&["result", "预赛", &r.to_string(), &board.to_string(), o]);
        }
    }
    let order: Vec<String> = c
        .ok(&["standings", "预赛", "--format", "csv"])
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap().to_string())
        .collect();
    c.ok(&[
        "event",
        "new",
        "决赛",
        "--system",
        "knockout",
        "--scheme",
        "standard",
        "--seed-from",
        "预赛",
        "--top",
        "8",
    ]);
    pair(&c, "决赛");
    let b = bracket(&c, "决赛");
    let seed = |i: usize| order[i - 1].clone();
    assert_eq!(
        pairs(&b, 1),
        vec![
            (seed(1), Some(seed(8))),
            (seed(4), Some(seed(5))),
            (seed(2), Some(seed(7))),
            (seed(3), Some(seed(6))),
        ]
    );
    // The ninth and tenth did not qualify.
    let t = c.ok(&["bracket", "决赛"]);
    assert!(!t.contains(&seed(9)) && !t.contains(&seed(10)), "{t}");
    let e = c.fails(&[
        "event",
        "new",
        "X",
        "--system",
        "knockout",
        "--seed-from",
        "预赛",
        "--top",
        "11",
    ]);
    assert!(e.contains("fewer than the top 11"), "{e}");
}

#[test]
fn a_correction_that_changes_a_winner_asks_before_re_pairing() {
    let c = club(4);
    knockout(&c, "K4", 4, &["--scheme", "standard", "--third-place"]);
    pair(&c, "K4");
    favourites_win(&c, "K4", 1);
    pair(&c, "K4");
    let b = bracket(&c, "K4");
    assert_eq!(
        pairs(&b, 2),
        vec![
            ("S01".into(), Some("S02".into())),
            ("S04".into(), Some("S03".into()))
        ]
    );
    // S04 beat S01 after all (S01 had red in game 1).
    let e = c.fails(&["result", "K4", "1", "1", "0-1", "--game", "1"]);
    assert!(
        e.contains("S04") && e.contains("round 2 board 1") && e.contains("round 2 board 2"),
        "{e}"
    );
    assert!(e.contains("--force"), "{e}");
    assert_eq!(bracket(&c, "K4"), b, "nothing changed");
    c.ok(&["result", "K4", "1", "1", "0-1", "--game", "1", "--force"]);
    let b = bracket(&c, "K4");
    assert_eq!(
        decided(&b, 1, 1),
        (Some("S04".into()), Some("games".into()))
    );
    assert_eq!(
        pairs(&b, 2),
        vec![
            ("S04".into(), Some("S02".into())),
            ("S01".into(), Some("S03".into()))
        ],
        "the final and the third-place match are re-paired"
    );
    // Undo restores the old bracket.
    c.ok(&["undo"]);
    let b = bracket(&c, "K4");
    assert_eq!(pairs(&b, 2)[0], ("S01".into(), Some("S02".into())));
    assert_eq!(decided(&b, 1, 1).0, Some("S01".into()));
}

#[test]
fn games_import_attaches_to_matches_and_refuses_wrong_colours() {
    let c = club(4);
    knockout(&c, "导入", 4, &["--scheme", "standard"]);
    pair(&c, "导入");
    // Board 1: S01 (red) – S04; board 2: S02 (red) – S03.
    let bad = c.path("bad.csv");
    std::fs::write(&bad, "round,game,red,black,result\n1,1,S04,S01,1-0\n").unwrap();
    let e = c.fails(&["import", "games", "导入", bad.to_str().unwrap()]);
    assert!(
        e.contains("bad.csv: line 2") && e.contains("S01 must have red"),
        "{e}"
    );
    let good = c.path("good.csv");
    std::fs::write(
        &good,
        "round,game,red,black,result\n1,1,S01,S04,1-0\n1,1,S02,S03,1/2-1/2\n1,2,S03,S02,0-1\n1,3,S02,S03,1/2-1/2\n",
    )
    .unwrap();
    // One game too many: the match was decided after game 3.
    let extra = c.path("extra.csv");
    let text = std::fs::read_to_string(&good).unwrap() + "1,4,S03,S02,1/2-1/2\n";
    std::fs::write(&extra, text).unwrap();
    let e = c.fails(&["import", "games", "导入", extra.to_str().unwrap()]);
    assert!(
        e.contains("line 6") && e.contains("decided after 3 games"),
        "{e}"
    );
    assert_eq!(
        decided(&bracket(&c, "导入"), 1, 1),
        (None, None),
        "nothing written"
    );
    let out = c.ok(&["import", "games", "导入", good.to_str().unwrap()]);
    assert!(out.contains("imported 4 games"), "{out}");
    let b = bracket(&c, "导入");
    assert_eq!(
        decided(&b, 1, 1),
        (Some("S01".into()), Some("games".into()))
    );
    // Board 2: drawn, then games:2 — S02 wins game 2 as black, draws game 3.
    assert_eq!(
        decided(&b, 1, 2),
        (Some("S02".into()), Some("playoff-games".into()))
    );
    pair(&c, "导入");
    assert_eq!(
        pairs(&bracket(&c, "导入"), 2),
        vec![("S01".into(), Some("S02".into()))]
    );
}

/// A result typed without `--game` is the game due: after a drawn game 1
/// the play-off game (colours swapped), never game 1 replaced; a decided
/// match of several games asks which game; one of a single game is
/// corrected as on any board.
#[test]
fn a_result_without_a_game_number_is_the_game_due() {
    let c = club(4);
    knockout(&c, "杯赛", 4, &["--scheme", "standard"]);
    c.ok(&["round", "pair", "杯赛"]);
    c.ok(&["result", "杯赛", "1", "1", "1/2-1/2"]);
    let (no, red, _) = due(&c, "杯赛", 1, 1);
    assert_eq!(no, 2, "the first play-off game is due");
    let said = c.ok(&["result", "杯赛", "1", "1", "1-0"]);
    assert!(said.contains("game 2"), "{said}");
    // Game 1 is still the draw: game 2's red won, so a second play-off
    // game is due, not a match decided by game 1.
    let (no, ..) = due(&c, "杯赛", 1, 1);
    assert_eq!(no, 3);
    c.ok(&["result", "杯赛", "1", "1", "1/2-1/2"]);
    assert_eq!(decided(&bracket(&c, "杯赛"), 1, 1).0, Some(red));
    // Decided over three games: which one is meant must be said.
    for (locale, want) in [
        (
            "C",
            "round 1 board 1 has 3 games played: say which one with --game",
        ),
        (
            "zh_CN.UTF-8",
            "第 1 轮第 1 台已下 3 盘: 请用 --game 指明改哪一盘",
        ),
        (
            "zh_TW.UTF-8",
            "第 1 輪第 1 台已下 3 盤: 請用 --game 指明改哪一盤",
        ),
    ] {
        let o = c.run_lang(locale, &["result", "杯赛", "1", "1", "0-1"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{locale}: {err}");
    }
    // Board 2, one game: typed again without a number, it is corrected.
    c.ok(&["result", "杯赛", "1", "2", "1-0"]);
    let winner = |c: &Club| decided(&bracket(c, "杯赛"), 1, 2).0.unwrap();
    let first = winner(&c);
    c.ok(&["result", "杯赛", "1", "2", "0-1"]);
    assert_ne!(winner(&c), first, "the correction stands");
    // A lot on a decided match says how it was decided, in words.
    for (locale, want) in [
        ("zh_CN.UTF-8", "本场已决出胜负 (常规对局)"),
        ("zh_TW.UTF-8", "本場已決出勝負 (常規對局)"),
        ("C", "the match is decided (regular games)"),
    ] {
        let o = c.run_lang(locale, &["knockout", "lot", "杯赛", "1", "2", &first]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{locale}: {err}");
    }
}

/// A player's report from the served pages of a match whose play-off
/// game is due is about that game: the arbiter's list names its red and
/// black, and confirming it records that game, game 1 kept.
#[test]
fn a_reported_result_of_a_knockout_is_the_game_due() {
    use qishe::app::App;
    use qishe::domain::{BoardNo, RoundNo};
    let c = club(2);
    knockout(&c, "杯赛", 2, &["--scheme", "standard"]);
    c.ok(&["round", "pair", "杯赛"]);
    c.ok(&["result", "杯赛", "1", "1", "1/2-1/2", "--game", "1"]);
    let (no, red, black) = due(&c, "杯赛", 1, 1);
    assert_eq!(no, 2);
    {
        let mut app = App::open(qishe::config::Config::default(), &c.db).unwrap();
        let ev = app.find_event("杯赛").unwrap().key();
        app.report_result(ev, RoundNo(1), BoardNo(1), "1-0", "10.0.0.7")
            .unwrap();
    }
    let pending = c.ok(&["result", "pending", "杯赛"]);
    let (r, b) = (pending.find(&red).unwrap(), pending.find(&black).unwrap());
    assert!(r < b, "red of the game due first: {pending}");
    let said = c.ok(&["result", "confirm", "杯赛", "1", "1"]);
    assert!(said.contains("game 2"), "{said}");
    let (no, ..) = due(&c, "杯赛", 1, 1);
    assert_eq!(no, 3, "game 1 still drawn, game 2 won by its red");
}

/// Once the bracket is drawn, a late entry is refused and the bracket
/// stays as drawn; a knockout takes no requested byes or forbidden pairs (an entry used to redraw it as a bracket of 16 under
/// the games played, the newcomer ranked among the winners).
#[test]
fn a_late_entry_into_a_drawn_knockout_is_refused() {
    let c = club(9);
    knockout(&c, "杯赛", 8, &["--scheme", "standard"]);
    c.ok(&["round", "pair", "杯赛"]);
    c.ok(&["result", "杯赛", "1", "1", "1-0"]);
    let before = c.ok(&["bracket", "杯赛", "--format", "json"]);
    let standings = c.ok(&["standings", "杯赛", "--format", "csv"]);
    for (locale, want) in [
        (
            "C",
            "the bracket of 杯赛 is drawn (round 1 is paired): no one can be entered now",
        ),
        (
            "zh_CN.UTF-8",
            "杯赛 的对阵已排出 (第 1 轮已编排), 不能再加人",
        ),
        (
            "zh_TW.UTF-8",
            "杯赛 的對陣已排出 (第 1 輪已編排), 不能再加人",
        ),
    ] {
        let o = c.run_lang(locale, &["event", "enter", "杯赛", "S09"]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains(want), "{locale}: {err}");
    }
    // Nor are byes asked for or pairs kept apart: the bracket is by seed.
    for (args, want) in [
        (
            vec!["event", "bye", "杯赛", "S01", "2"],
            ["with no byes asked for", "不能申请轮空", "不能申請輪空"],
        ),
        (
            vec!["event", "forbid", "杯赛", "S01", "S02"],
            ["with no pairs kept apart", "不能设禁配", "不能設禁配"],
        ),
    ] {
        for (locale, want) in ["C", "zh_CN.UTF-8", "zh_TW.UTF-8"].into_iter().zip(want) {
            let o = c.run_lang(locale, &args);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(!o.status.success() && err.contains(want), "{locale}: {err}");
        }
    }
    assert_eq!(c.ok(&["bracket", "杯赛", "--format", "json"]), before);
    assert_eq!(c.ok(&["standings", "杯赛", "--format", "csv"]), standings);
    // Before the draw, entries are open.
    knockout(&c, "新杯", 4, &["--scheme", "standard"]);
    c.ok(&["event", "enter", "新杯", "S09"]);
}

/// A player who withdraws loses his next match by forfeit when it is
/// paired (a walkover, in the same change as the pairing: one undo takes
/// both back); he is not left waiting for a game that will not be played.
#[test]
fn a_withdrawn_player_loses_his_next_match_by_walkover() {
    let c = club(4);
    knockout(&c, "杯赛", 4, &["--scheme", "standard"]);
    c.ok(&["round", "pair", "杯赛"]);
    c.ok(&["result", "杯赛", "1", "1", "1-0"]);
    c.ok(&["result", "杯赛", "1", "2", "1-0"]);
    let b = bracket(&c, "杯赛");
    let (w1, w2) = (decided(&b, 1, 1).0.unwrap(), decided(&b, 1, 2).0.unwrap());
    c.ok(&["event", "withdraw", "杯赛", &w2]);
    c.ok(&["round", "pair", "杯赛"]);
    let b = bracket(&c, "杯赛");
    assert_eq!(
        decided(&b, 2, 1),
        (Some(w1.clone()), Some("forfeit".to_string())),
        "{b}"
    );
    assert_eq!(b["champion"], w1.as_str());
    // One undo takes back the pairing and its walkover.
    c.ok(&["undo"]);
    let b = bracket(&c, "杯赛");
    assert_eq!(b["rounds"].as_array().unwrap().len(), 1, "{b}");
    assert_eq!(b["champion"], Value::Null);
    // Two-game rounds: both games are forfeited, the second with the
    // colours swapped.
    knockout(
        &c,
        "双杯",
        4,
        &["--scheme", "standard", "--games-per-round", "2"],
    );
    c.ok(&["round", "pair", "双杯"]);
    // Game 1's red wins both games (red, then black with colours swapped).
    for board in ["1", "2"] {
        c.ok(&["result", "双杯", "1", board, "1-0", "--game", "1"]);
        c.ok(&["result", "双杯", "1", board, "0-1", "--game", "2"]);
    }
    let b = bracket(&c, "双杯");
    let (a, w) = (decided(&b, 1, 1).0.unwrap(), decided(&b, 1, 2).0.unwrap());
    c.ok(&["event", "withdraw", "双杯", &w]);
    c.ok(&["round", "pair", "双杯"]);
    let b = bracket(&c, "双杯");
    assert_eq!(decided(&b, 2, 1), (Some(a), Some("forfeit".into())), "{b}");
}

/// Both players of a match forfeit (`-/-`): the match is decided with
/// nobody through — not sent into play-off games nobody will play — and
/// the next round's opponent has a walkover (`forfeit`, no game) on the
/// bracket; the standings put both out in that round; a further game on
/// the match is refused with the way on; the result is corrected or the
/// pairing undone as any other; said in each language.
#[test]
fn a_match_forfeited_by_both_puts_both_out_and_the_next_opponent_walks_over() {
    let c = club(4);
    knockout(&c, "杯", 4, &["--playoff", "games:2,armageddon"]);
    pair(&c, "杯");
    // Round 1: S01–S04 forfeited by both, S02 beats S03.
    c.ok(&["result", "杯", "1", "1", "-/-", "--game", "1"]);
    let b = bracket(&c, "杯");
    assert_eq!(decided(&b, 1, 1), (None, Some("forfeit".into())), "{b}");
    let refused = c.fails(&["result", "杯", "1", "1", "1-0", "--game", "2"]);
    assert!(refused.contains("both players forfeited"), "{refused}");
    play(&c, "杯", 1, 2, Some("S02"), &[]);
    let show = |locale: &str| {
        let out = c.run_lang(locale, &["round", "show", "杯"]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(show("zh_CN.UTF-8").contains("双方弃权, 均出局"));
    assert!(show("zh_TW.UTF-8").contains("雙方棄權, 均出局"));
    assert!(show("en_US.UTF-8").contains("both forfeited, both out"));
    // The final: S02 alone, through by forfeit (a walkover, no game).
    pair(&c, "杯");
    let b = bracket(&c, "杯");
    assert_eq!(pairs(&b, 2), [("S02".to_string(), None)], "{b}");
    assert_eq!(
        decided(&b, 2, 1),
        (Some("S02".into()), Some("forfeit".into()))
    );
    assert_eq!(b["champion"], "S02");
    let zh = show("zh_CN.UTF-8");
    assert!(zh.contains("胜者 S02 (对手双方弃权, 不战而胜)"), "{zh}");
    assert!(show("zh_TW.UTF-8").contains("對手雙方棄權, 不戰而勝"));
    assert!(show("en_US.UTF-8").contains("walkover"));
    let chart = c.ok(&["bracket", "杯", "--lang", "zh-Hans"]);
    assert!(
        chart.contains("双方弃权, 均出局") && chart.contains("不战而胜"),
        "{chart}"
    );
    let st = standings(&c, "杯");
    assert_eq!(st[1], "1,S02,");
    assert!(
        st.contains(&"3,S01,1".to_string()) || st.contains(&"3=,S01,1".to_string()),
        "{st:?}"
    );
    assert!(st.iter().any(|l| l.ends_with(",S04,1")), "{st:?}");
    // Undone, and the result corrected: S01 through, the final as usual.
    c.ok(&["undo"]);
    assert_eq!(bracket(&c, "杯")["rounds"].as_array().unwrap().len(), 1);
    c.ok(&["result", "杯", "1", "1", "1-0", "--game", "1"]);
    pair(&c, "杯");
    let b = bracket(&c, "杯");
    assert_eq!(pairs(&b, 2).len(), 1);
    assert!(pairs(&b, 2)[0].1.is_some(), "{b}");
}

/// Both players of a new match withdrawn: the pairing records the game
/// forfeited by both, so the match is decided (both out) instead of
/// waiting for a result nobody can give; a double forfeit in the
/// armageddon game sends nobody through (not black).
#[test]
fn both_withdrawn_or_an_armageddon_forfeited_by_both_send_nobody_through() {
    let c = club(4);
    knockout(&c, "杯", 4, &["--playoff", "armageddon"]);
    pair(&c, "杯");
    favourites_win(&c, "杯", 1);
    c.ok(&["event", "withdraw", "杯", "S01"]);
    c.ok(&["event", "withdraw", "杯", "S02"]);
    pair(&c, "杯");
    let b = bracket(&c, "杯");
    assert_eq!(decided(&b, 2, 1), (None, Some("forfeit".into())), "{b}");
    assert!(b["champion"].is_null(), "{b}");
    let st = standings(&c, "杯");
    assert!(st.iter().any(|l| l.ends_with(",S01,2")), "{st:?}");
    assert!(st.iter().any(|l| l.ends_with(",S02,2")), "{st:?}");
    // Armageddon after a drawn game, forfeited by both.
    let c = club(2);
    knockout(&c, "杯", 2, &["--playoff", "armageddon"]);
    pair(&c, "杯");
    play(&c, "杯", 1, 1, None, &[]);
    let (no, _, _) = due(&c, "杯", 1, 1);
    c.ok(&["result", "杯", "1", "1", "-/-", "--game", &no.to_string()]);
    let b = bracket(&c, "杯");
    assert_eq!(decided(&b, 1, 1), (None, Some("forfeit".into())), "{b}");
    assert!(b["champion"].is_null(), "{b}");
}

/// A match of the bracket JSON by its board (its place in the round).
fn at_board(b: &Value, round: usize, board: u64) -> Option<&Value> {
    b["rounds"][round - 1]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["board"] == board)
}

/// Two neighbouring matches both forfeited by both: the next round is
/// still paired — the place they lead to has nobody (no match, said so),
/// the match after it is a walkover — and the semi-final loser whose
/// other semi-final had nobody is third by walkover; the standings rank
/// him third alone; undo takes each round back; said in each language.
#[test]
fn neighbouring_matches_forfeited_by_both_leave_a_place_empty_and_the_next_walks_over() {
    let c = club(8);
    knockout(&c, "杯", 8, &["--third-place"]);
    pair(&c, "杯");
    // S01–S08 and S04–S05 forfeited by both; S02 and S03 win.
    c.ok(&["result", "杯", "1", "1", "-/-", "--game", "1"]);
    c.ok(&["result", "杯", "1", "2", "-/-", "--game", "1"]);
    play(&c, "杯", 1, 3, Some("S02"), &[]);
    play(&c, "杯", 1, 4, Some("S03"), &[]);
    let out = c.run_lang("zh_CN.UTF-8", &["round", "pair", "杯"]);
    assert!(out.status.success(), "{out:?}");
    let zh = String::from_utf8(out.stdout).unwrap();
    assert!(zh.contains("   1  无人: 前两场均为双方弃权"), "{zh}");
    assert!(zh.contains("   2  S02 – S03"), "{zh}");
    let b = bracket(&c, "杯");
    // The empty place is an explicit slot with its reason, before S02's.
    let empty = at_board(&b, 2, 1).unwrap();
    assert_eq!(
        (&empty["a"], &empty["b"], &empty["empty"]),
        (&Value::Null, &Value::Null, &Value::from("both-forfeited")),
        "{b}"
    );
    assert_eq!(
        b["rounds"][1]["matches"].as_array().unwrap().len(),
        2,
        "{b}"
    );
    assert_eq!(at_board(&b, 2, 2).unwrap()["a"], "S02", "{b}");
    assert!(at_board(&b, 2, 2).unwrap().get("empty").is_none(), "{b}");
    // A correction that would send a player to the empty place is
    // refused with the way on: nothing changes.
    let e = c.fails(&["result", "杯", "1", "1", "1-0", "--game", "1"]);
    assert!(e.contains("round 2 match 1 had nobody"), "{e}");
    assert_eq!(bracket(&c, "杯"), b);
    let show = |locale: &str, r: &str| {
        let out = c.run_lang(locale, &["round", "show", "杯", r]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(show("zh_TW.UTF-8", "2").contains("無人: 前兩場均為雙方棄權"));
    assert!(
        show("en_US.UTF-8", "2").contains("nobody: both matches before it were forfeited by both")
    );
    play(&c, "杯", 2, 2, Some("S02"), &[]);
    // The final: S02 alone, a walkover; the third-place match: S03 alone.
    pair(&c, "杯");
    let b = bracket(&c, "杯");
    let fin = at_board(&b, 3, 1).unwrap();
    assert_eq!(
        (&fin["a"], &fin["b"], &fin["decided_by"]),
        (&Value::from("S02"), &Value::Null, &Value::from("forfeit")),
        "{b}"
    );
    let third = at_board(&b, 3, 2).unwrap();
    assert_eq!(
        (&third["a"], &third["winner"]),
        (&Value::from("S03"), &Value::from("S03")),
        "{b}"
    );
    assert_eq!(b["champion"], "S02");
    let zh = show("zh_CN.UTF-8", "3");
    assert!(
        zh.contains("S03 – — [三四名决赛]") || zh.contains("S03 – —"),
        "{zh}"
    );
    assert!(zh.contains("胜者 S03 (对手双方弃权, 不战而胜)"), "{zh}");
    let st = standings(&c, "杯");
    assert_eq!(st[1], "1,S02,");
    assert_eq!(st[2], "3,S03,2", "{st:?}");
    assert!(st[3..].iter().all(|l| l.starts_with("5=,")), "{st:?}");
    // Undone round by round.
    c.ok(&["undo"]);
    assert_eq!(bracket(&c, "杯")["rounds"].as_array().unwrap().len(), 2);
    c.ok(&["undo"]);
    c.ok(&["undo"]);
    assert_eq!(bracket(&c, "杯")["rounds"].as_array().unwrap().len(), 1);
}

/// A semi-final forfeited by both: the final is the other semi-final's
/// winner's walkover, and its loser is third by walkover (a third-place
/// match alone), the two who forfeited 4=; both semi-finals forfeited by
/// both leave nobody for the final: refused with the way on, in each
/// language.
#[test]
fn a_semi_final_forfeited_by_both_gives_the_other_loser_third_by_walkover() {
    let c = club(4);
    knockout(&c, "杯", 4, &["--third-place"]);
    pair(&c, "杯");
    c.ok(&["result", "杯", "1", "1", "-/-", "--game", "1"]);
    play(&c, "杯", 1, 2, Some("S02"), &[]);
    pair(&c, "杯");
    let b = bracket(&c, "杯");
    assert_eq!(at_board(&b, 2, 1).unwrap()["winner"], "S02", "{b}");
    let third = at_board(&b, 2, 2).expect("a third-place match");
    assert_eq!(
        (&third["a"], &third["b"]),
        (&Value::from("S03"), &Value::Null),
        "{b}"
    );
    assert_eq!(third["decided_by"], "forfeit", "{b}");
    let st = standings(&c, "杯");
    assert_eq!(
        st[1..],
        ["1,S02,", "3,S03,1", "4=,S01,1", "4=,S04,1"],
        "{st:?}"
    );
    let chart = c.ok(&["bracket", "杯", "--lang", "en"]);
    assert!(chart.contains("Third-place match"), "{chart}");
    // Both semi-finals forfeited by both: nobody left for the final.
    c.ok(&["undo"]);
    c.ok(&["result", "杯", "1", "2", "-/-", "--game", "1"]);
    let e = c.fails(&["round", "pair", "杯"]);
    assert!(
        e.contains("every match of round 1 was forfeited by both players"),
        "{e}"
    );
    for (locale, want) in [
        ("zh_CN.UTF-8", "第 1 轮的每一场都是双方弃权"),
        ("zh_TW.UTF-8", "第 1 輪的每一場都是雙方棄權"),
    ] {
        let out = c.run_lang(locale, &["round", "pair", "杯"]);
        assert!(!out.status.success());
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(want), "{err}");
    }
}

/// The last place of a round left empty (the two bottom matches before it
/// forfeited by both) is in the bracket's JSON too, after the match above.
#[test]
fn the_brackets_json_ends_a_round_with_its_empty_place() {
    let c = club(8);
    knockout(&c, "杯", 8, &[]);
    pair(&c, "杯");
    play(&c, "杯", 1, 1, Some("S01"), &[]);
    play(&c, "杯", 1, 2, Some("S04"), &[]);
    c.ok(&["result", "杯", "1", "3", "-/-", "--game", "1"]);
    c.ok(&["result", "杯", "1", "4", "-/-", "--game", "1"]);
    pair(&c, "杯");
    let b = bracket(&c, "杯");
    let r2 = b["rounds"][1]["matches"].as_array().unwrap();
    assert_eq!(r2.len(), 2, "{b}");
    assert_eq!(r2[0]["a"], "S01", "{b}");
    assert_eq!(
        (&r2[1]["board"], &r2[1]["a"], &r2[1]["empty"]),
        (
            &Value::from(2),
            &Value::Null,
            &Value::from("both-forfeited")
        ),
        "{b}"
    );
    // Round 1 had no empty place.
    let r1 = b["rounds"][0]["matches"].as_array().unwrap();
    assert!(r1.iter().all(|m| m.get("empty").is_none()), "{b}");
}

/// Input wrong in two ways (the act cannot be done now, and a name is
/// unknown): the act's state is said first, as an arbiter needs it — a
/// corrected name would be refused anyway. The same for `knockout place`,
/// `knockout lot` and `event new --seed-from`.
#[test]
fn the_acts_state_is_said_before_an_unknown_name() {
    let c = club(4);
    knockout(&c, "K4", 4, &["--scheme", "standard"]);
    pair(&c, "K4");
    // Placing by hand after round 1 is paired, with a typo in a name.
    let e = c.fails(&["knockout", "place", "K4", "S01", "S04", "S02", "S0X"]);
    assert!(e.contains("only before round 1 is paired"), "{e}");
    assert!(!e.contains("S0X"), "the state, not the typo: {e}");
    // A lot for a match not tied at the lot step, with a typo in the winner.
    let e = c.fails(&["knockout", "lot", "K4", "1", "1", "S0X"]);
    assert!(e.contains("not tied at the lot step"), "{e}");
    assert!(!e.contains("S0X"), "the state, not the typo: {e}");
    // A new event under a name taken, seeded from an unknown event.
    let e = c.fails(&[
        "event",
        "new",
        "K4",
        "--system",
        "knockout",
        "--seed-from",
        "Nowhere",
        "--top",
        "4",
    ]);
    assert!(e.contains("already exists"), "{e}");
    assert!(!e.contains("Nowhere"), "the state, not the typo: {e}");
    // With the act possible, the unknown name is said.
    let e = c.fails(&[
        "event",
        "new",
        "K5",
        "--system",
        "knockout",
        "--seed-from",
        "Nowhere",
        "--top",
        "4",
    ]);
    assert!(e.contains("Nowhere"), "{e}");
}
