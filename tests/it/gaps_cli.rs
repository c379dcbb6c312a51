//! Gaps a secretary hits on the command line: `event new`'s default date,
//! the games export, `--allow-clubmates` on a team event.

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
