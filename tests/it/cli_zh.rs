//! The command line in 简体: every line it prints goes through the
//! translation layer (table headings, `--explain`, a round's players
//! without a game, the action log), and its messages name what the user
//! can act on (no "round 0", the way to write "no capture").

use crate::common::Club;

/// Runs qishe in 简体 on the club's database: (success, stdout, stderr).
fn zh(c: &Club, args: &[&str]) -> (bool, String, String) {
    let o = c.run_lang("zh_CN.UTF-8", args);
    (
        o.status.success(),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

fn zh_ok(c: &Club, args: &[&str]) -> String {
    let (ok, out, err) = zh(c, args);
    assert!(ok, "qishe {args:?} failed: {err}");
    out
}

/// No Latin word of the old English output is left in a Chinese line.
fn assert_no_english(text: &str, words: &[&str]) {
    for w in words {
        assert!(!text.contains(w), "{w:?} in:\n{text}");
    }
}

#[test]
fn a_round_table_and_its_absentees_are_in_chinese() {
    let c = Club::new();
    c.five_members();
    c.dutch_event("周赛", &[], &["A", "B", "C", "D", "E"]);
    c.ok(&["round", "pair", "周赛"]);
    let out = zh_ok(&c, &["round", "show", "周赛"]);
    assert!(
        out.contains("台次") && out.contains("红方") && out.contains("黑方"),
        "{out}"
    );
    assert!(out.contains("轮空"), "{out}");
    assert_no_english(&out, &["board", "red", "black", "result", "BYE"]);
    // CSV keeps its codes for programs.
    let csv = zh_ok(&c, &["round", "show", "周赛", "--format", "csv"]);
    assert!(
        csv.starts_with("board,red_no,red,black_no,black,result"),
        "{csv}"
    );
    assert!(csv.contains("BYE"), "{csv}");
}

#[test]
fn an_event_with_no_round_says_so() {
    let c = Club::new();
    c.ok(&["event", "new", "空赛", "--rounds", "3"]);
    let (ok, _, err) = zh(&c, &["round", "show", "空赛"]);
    assert!(!ok);
    assert!(err.contains("空赛 还没有编排任何一轮"), "{err}");
    assert!(!err.contains("第0轮"), "{err}");
    let e = c.fails(&["round", "show", "空赛"]);
    assert!(e.contains("no round of 空赛 is paired yet"), "{e}");
}

#[test]
fn standings_and_explain_speak_chinese() {
    let c = Club::new();
    c.five_members();
    c.dutch_event("周赛", &[], &["A", "B", "C", "D"]);
    c.ok(&["round", "pair", "周赛"]);
    let show = c.ok(&["round", "show", "周赛", "--format", "csv"]);
    for line in show.lines().skip(1) {
        let board = line.split(',').next().unwrap();
        c.ok(&["result", "周赛", "1", board, "1-0"]);
    }
    let st = zh_ok(&c, &["standings", "周赛"]);
    assert!(st.contains("名次") && st.contains("积分"), "{st}");
    assert_no_english(&st, &["rank", "points", "opponent-score"]);
    // A won his game, C lost his.
    let ex = zh_ok(&c, &["standings", "周赛", "--explain", "A", "C"]);
    assert!(ex.contains("领先"), "{ex}");
    assert_no_english(&ex, &["is ahead of", "against", "points"]);
    // English is as it was.
    let en = c.ok(&["standings", "周赛", "--explain", "A", "C"]);
    assert!(en.contains("is ahead of"), "{en}");
}

#[test]
fn team_tables_explain_and_the_log_speak_chinese() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    c.ok(&[
        "team",
        "add",
        "联赛",
        "甲队",
        "--players",
        "甲一,甲二",
        "--create",
    ]);
    c.ok(&[
        "team",
        "add",
        "联赛",
        "乙队",
        "--players",
        "乙一,乙二",
        "--create",
    ]);
    c.ok(&["round", "pair", "联赛"]);
    c.ok(&["result", "联赛", "1", "1", "1-0"]);
    c.ok(&["result", "联赛", "1", "2", "1/2-1/2"]);
    let st = zh_ok(&c, &["standings", "联赛"]);
    assert!(
        st.contains("队名") && st.contains("场分") && st.contains("局分"),
        "{st}"
    );
    assert_no_english(&st, &["rank", "team", "match-points", "game-points"]);
    let ex = zh_ok(&c, &["standings", "联赛", "--explain", "甲队", "乙队"]);
    assert!(ex.contains("甲队 对 乙队") && ex.contains("场分"), "{ex}");
    assert_no_english(&ex, &[" v ", "match-points"]);
    let boards = zh_ok(&c, &["standings", "联赛", "--boards"]);
    assert_no_english(&boards, &["board", "rank", "percent"]);
    let log = zh_ok(&c, &["log"]);
    assert!(log.contains("为 联赛 加入 1 队: 甲队"), "{log}");
    assert_no_english(&log, &["the command line"]);
}

/// A knockout under attacker-defender: a drawn game needs the first
/// strike, `none` when nothing was captured — the message says so, and
/// names the game by its real round and board and its players.
#[test]
fn a_missing_first_strike_names_the_game_and_the_way_to_write_none() {
    let c = Club::new();
    c.ok(&["player", "add", "甲", "--rating", "2000"]);
    c.ok(&["player", "add", "乙", "--rating", "1900"]);
    c.ok(&[
        "event",
        "new",
        "攻守杯",
        "--system",
        "knockout",
        "--scheme",
        "attacker-defender",
    ]);
    c.ok(&["event", "enter", "攻守杯", "甲", "乙"]);
    c.ok(&["round", "pair", "攻守杯"]);
    let (ok, _, err) = zh(
        &c,
        &["result", "攻守杯", "1", "1", "1/2-1/2", "--game", "1"],
    );
    assert!(!ok);
    assert!(err.contains("第1轮第1台第1局 (甲 – 乙)"), "{err}");
    assert!(err.contains("none"), "{err}");
    assert_no_english(&err, &["round 0", "#1", "#2"]);
    let e = c.fails(&["result", "攻守杯", "1", "1", "1/2-1/2", "--game", "1"]);
    assert!(e.contains("or none when no piece was captured"), "{e}");
    std::fs::write(
        c.path("g.csv"),
        "round,game,red,black,result\n1,1,甲,乙,1/2-1/2\n",
    )
    .unwrap();
    let (ok, _, err) = zh(&c, &["import", "games", "攻守杯", "g.csv"]);
    assert!(!ok);
    assert!(err.contains("第1轮第1台") && err.contains("none"), "{err}");
    assert!(!err.contains("第0轮"), "{err}");
    c.ok(&[
        "result",
        "攻守杯",
        "1",
        "1",
        "1/2-1/2",
        "--game",
        "1",
        "--first-strike",
        "none",
    ]);
}

/// A knockout's players out of the round are not absent; its match lines
/// and standings are in Chinese.
#[test]
fn knockout_lines_are_in_chinese_and_nobody_out_is_absent() {
    let c = Club::new();
    for (n, r) in [
        ("甲", "2000"),
        ("乙", "1900"),
        ("丙", "1800"),
        ("丁", "1700"),
    ] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&[
        "event", "new", "杯", "--system", "knockout", "--scheme", "standard",
    ]);
    c.ok(&["event", "enter", "杯", "甲", "乙", "丙", "丁"]);
    let pair = zh_ok(&c, &["round", "pair", "杯"]);
    assert!(
        pair.contains("(红方 甲)") && pair.contains("常规第 1 盘"),
        "{pair}"
    );
    assert_no_english(&pair, &["red ", "regular"]);
    c.ok(&["result", "杯", "1", "1", "1-0", "--game", "1"]);
    let (ok, _, err) = zh(&c, &["round", "pair", "杯"]);
    assert!(!ok);
    assert!(err.contains("第2台 乙 – 丙"), "{err}");
    assert_no_english(&err, &["board", "regular game"]);
    c.ok(&["result", "杯", "1", "2", "1-0", "--game", "1"]);
    c.ok(&["round", "pair", "杯"]);
    let show = zh_ok(&c, &["round", "show", "杯", "2"]);
    assert!(!show.contains("缺席"), "{show}");
    let st = zh_ok(&c, &["standings", "杯"]);
    assert!(st.contains("出局轮次"), "{st}");
    assert_no_english(&st, &["rank", "lost-in-round"]);
}

/// The action log of a team round and a knockout speaks the user's
/// language: a lineup, a team round's pairing, a lot drawn.
#[test]
fn team_and_knockout_log_lines_are_in_chinese() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "2", "--scheme", "standard", "--system",
        "berger", "--rounds", "1",
    ]);
    for (t, p) in [("甲队", "甲一,甲二,甲三"), ("乙队", "乙一,乙二")] {
        c.ok(&["team", "add", "联赛", t, "--players", p, "--create"]);
    }
    c.ok(&["team", "lineup", "联赛", "1", "甲队", "甲一,甲三"]);
    c.ok(&["round", "pair", "联赛"]);
    for (n, r) in [("子", "2000"), ("丑", "1900")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&[
        "event",
        "new",
        "杯",
        "--system",
        "knockout",
        "--scheme",
        "standard",
        "--playoff",
        "lot",
    ]);
    c.ok(&["event", "enter", "杯", "子", "丑"]);
    c.ok(&["round", "pair", "杯"]);
    c.ok(&["result", "杯", "1", "1", "1/2-1/2", "--game", "1"]);
    c.ok(&["knockout", "lot", "杯", "1", "1", "丑"]);
    let log = zh_ok(&c, &["log"]);
    assert!(log.contains("甲队 第 1 轮出场: 甲一, 甲三"), "{log}");
    assert!(log.contains("联赛 第 1 轮编排 (1 场)"), "{log}");
    assert!(log.contains("杯 第 1 轮 第 1 场抽签: 丑 胜"), "{log}");
    assert_no_english(
        &log,
        &["lineup of", "pair round", "lot ", " wins", "matches"],
    );
    // English keeps its words.
    let en = c.ok(&["log"]);
    assert!(
        en.contains("lineup of 甲队 in round 1 of 联赛: 甲一, 甲三"),
        "{en}"
    );
    assert!(en.contains("lot 杯 round 1 board 1: 丑 wins"), "{en}");
}

#[test]
fn the_event_list_and_show_name_schemes_systems_and_tiebreaks_in_the_locale() {
    let club = Club::new();
    club.ok(&[
        "event", "new", "双局", "--scheme", "two-game", "--system", "cxa", "--rounds", "5",
    ]);
    club.ok(&["event", "new", "杯", "--system", "knockout"]);
    let text = |locale: &str, args: &[&str]| {
        let o = club.run_lang(locale, args);
        assert!(o.status.success(), "{locale} {args:?}");
        String::from_utf8(o.stdout).unwrap()
    };
    for (locale, words) in [
        ("zh_CN.UTF-8", ["新分先制", "积分编排", "淘汰赛"]),
        ("zh_TW.UTF-8", ["新分先制", "積分編排", "淘汰賽"]),
        ("en_US.UTF-8", ["two-game", "cxa", "knockout"]),
    ] {
        let list = text(locale, &["event", "list"]);
        for w in words {
            assert!(list.contains(w), "{locale}: {list}");
        }
        if !locale.starts_with("en") {
            assert!(
                !list.contains("two-game") && !list.contains("cxa"),
                "{list}"
            );
        }
        let show = text(locale, &["event", "show", "双局"]);
        assert!(
            show.contains(words[0]) && show.contains(words[1]),
            "{locale}: {show}"
        );
    }
    // CSV and JSON keep the ids, whatever the language.
    let csv = text("zh_CN.UTF-8", &["event", "list", "--format", "csv"]);
    assert!(csv.contains(",two-game,cxa,"), "{csv}");
    // Tie-breaks by name in Chinese, by code in English.
    let zh = text("zh_CN.UTF-8", &["event", "show", "双局"]);
    assert!(zh.contains("小分") && !zh.contains("small-points"), "{zh}");
    let en = text("en_US.UTF-8", &["event", "show", "双局"]);
    assert!(en.contains("small-points"), "{en}");
}

/// A value refused by one of qishe's own parsers (`--sex`, `--name-order`,
/// a round range, a round's start) is said in the reader's language, in
/// 简体 and 繁體 as in English.
#[test]
fn a_value_refused_by_qishes_own_parser_is_said_in_the_readers_language() {
    let c = Club::new();
    for (locale, why) in [
        ("zh_CN.UTF-8", "\"q\" 不是性别; 用 m 或 f"),
        ("zh_TW.UTF-8", "\"q\" 不是性別; 用 m 或 f"),
        ("en_US.UTF-8", "\"q\" is not a sex; use m or f"),
    ] {
        let out = c.run_lang(locale, &["player", "add", "甲", "--sex", "q"]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(why), "{locale}: {err}");
        if locale.starts_with("zh") {
            assert!(!err.contains("is not a sex"), "{locale}: {err}");
        }
    }
}
