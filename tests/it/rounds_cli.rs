//! Rounds end to end on a database: TRF import, pairing through the store,
//! TRF export read back by the pairing, manual changes, unpairing.

use crate::common;
use crate::common::shared_or_skip;
use common::Club;
use std::path::PathBuf;

fn conformance_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/dutch")
}

fn sorted_lines(s: &str) -> Vec<String> {
    let mut v: Vec<String> = s
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect();
    v.sort();
    v
}

/// The stored round as `red black` lines (the bye as `N 0`).
fn stored_round(c: &Club, event: &str) -> Vec<String> {
    let csv = c.ok(&["round", "show", event, "--format", "csv"]);
    let mut v: Vec<String> = csv
        .lines()
        .skip(1)
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{} {}", f[1], if f[3].is_empty() { "0" } else { f[3] })
        })
        .collect();
    v.sort();
    v
}

#[test]
fn imported_trf_events_pair_like_the_endorsed_engine_and_export_round_trips() {
    shared_or_skip!("conformance/dutch");
    let c = Club::new();
    let mut cases: Vec<PathBuf> = std::fs::read_dir(conformance_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    cases.sort();
    // every fifth case keeps the test quick; the full set runs in the conformance check
    for trf in cases.iter().step_by(5) {
        let name = trf.file_stem().unwrap().to_str().unwrap();
        c.ok(&["import", "trf", trf.to_str().unwrap(), "--name", name]);
        // export before pairing: the file other programs read
        let exported = c.path(&format!("{name}.out.trf"));
        c.ok(&["export", "trf", name, "-o", exported.to_str().unwrap()]);
        c.ok(&["round", "pair", name]);
        let expected = sorted_lines(&std::fs::read_to_string(trf.with_extension("pairs")).unwrap());
        assert_eq!(
            stored_round(&c, name),
            expected,
            "{name}: pairing through the database"
        );
        let again = c.ok(&[
            "pair-trf",
            "--system",
            "dutch",
            exported.to_str().unwrap(),
            "-p",
        ]);
        let again: Vec<String> = sorted_lines(&again)
            .into_iter()
            .filter(|l| l.contains(' '))
            .collect();
        assert_eq!(again, expected, "{name}: our own export paired again");
    }
}

#[test]
fn manual_changes_warn_with_the_rule_and_unpair_guards_results() {
    let c = Club::new();
    for (i, club) in ["东城", "东城", "西城", "南城", "北城", "西城"]
        .iter()
        .enumerate()
    {
        c.ok(&[
            "player",
            "add",
            &format!("棋手{}", i + 1),
            "--rating",
            &(2000 - i * 10).to_string(),
            "--club",
            club,
        ]);
    }
    c.ok(&["event", "new", "周赛", "--system", "dutch", "--rounds", "5"]);
    c.ok(&[
        "event", "enter", "周赛", "棋手1", "棋手2", "棋手3", "棋手4", "棋手5", "棋手6",
    ]);
    c.ok(&["event", "forbid", "周赛", "棋手1", "棋手2"]);
    c.ok(&["round", "pair", "周赛"]);
    let r1 = stored_round(&c, "周赛");
    assert_eq!(r1.len(), 3);
    assert!(
        !r1.contains(&"1 2".to_string()) && !r1.contains(&"2 1".to_string()),
        "forbidden pair paired: {r1:?}"
    );
    // a manual board that breaks the forbidden pair is refused with the rule named…
    let out = c.run(&["round", "set", "周赛", "1", "1-2", "3-4", "5-6"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("warning:") && err.contains("nothing changed"),
        "{err}"
    );
    assert_eq!(
        stored_round(&c, "周赛"),
        r1,
        "refused change left the round as it was"
    );
    // a legal manual pairing is stored; a swap between boards is checked again
    c.ok(&["round", "set", "周赛", "1", "1-3", "2-4", "5-6"]);
    c.ok(&["round", "swap", "周赛", "1", "棋手3", "棋手4"]);
    assert_eq!(stored_round(&c, "周赛"), vec!["1 4", "2 3", "5 6"]);
    // the change can be undone from the log
    c.ok(&["undo"]);
    assert_eq!(stored_round(&c, "周赛"), vec!["1 3", "2 4", "5 6"]);
    // a swap that creates the forbidden pair is refused…
    let err = c.fails(&["round", "swap", "周赛", "1", "棋手2", "棋手3"]);
    assert!(err.contains("forbidden"), "{err}");
    // …unless the arbiter insists
    c.ok(&["round", "set", "周赛", "1", "1-2", "3-4", "5-6", "--insist"]);
    assert_eq!(stored_round(&c, "周赛"), vec!["1 2", "3 4", "5 6"]);
    // unpair works before results…
    c.ok(&["round", "unpair", "周赛"]);
    c.fails(&["round", "show", "周赛"]);
    // …pairing round 2 needs round 1's results
    c.ok(&["round", "pair", "周赛"]);
    let err = c.fails(&["round", "pair", "周赛"]);
    assert!(err.contains("no result yet"), "{err}");
}

#[test]
fn unpairing_a_round_with_results_needs_force() {
    shared_or_skip!("conformance/dutch");
    let c = Club::new();
    let trf = conformance_dir().join("case_0001.trf");
    c.ok(&["import", "trf", trf.to_str().unwrap(), "--name", "imp"]);
    let err = c.fails(&["round", "unpair", "imp"]);
    assert!(err.contains("--force"), "{err}");
    c.ok(&["round", "unpair", "imp", "--force"]);
    assert!(c.ok(&["log"]).contains("forced"));
}

#[test]
fn a_malformed_trf_is_rejected_with_line_and_column_and_writes_nothing() {
    let c = Club::new();
    let bad = c.path("bad.trf");
    std::fs::write(&bad, "012 Test\nXXR five\n").unwrap();
    let err = c.fails(&["import", "trf", bad.to_str().unwrap()]);
    assert!(err.contains("line 2") && err.contains("column"), "{err}");
    assert!(!c.ok(&["event", "list"]).contains("Test"));
}

#[test]
fn a_chinese_swiss_round_the_club_rule_makes_impossible_names_the_club_and_the_way_on() {
    let club = Club::new();
    for n in ["A", "B", "C", "D", "E", "F"] {
        let unit = if n == "F" { "乙" } else { "甲" };
        club.ok(&["player", "add", n, "--club", unit]);
    }
    club.ok(&["event", "new", "K", "--system", "cxa", "--rounds", "3"]);
    club.ok(&["event", "enter", "K", "A", "B", "C", "D", "E", "F"]);
    club.ok(&["round", "pair", "K"]);
    for b in ["1", "2", "3"] {
        club.ok(&["result", "K", "1", b, "1-0"]);
    }
    // Five of six from 甲: round 2 cannot keep them apart.
    for (locale, words) in [
        (
            "zh_CN.UTF-8",
            [
                "又守同队不相遇的配对 (同单位: 甲: 1, 3, 4, 5); 请手工编排本轮",
                "\n手工编排本轮: qishe round set K 2 红-黑",
            ],
        ),
        (
            "zh_TW.UTF-8",
            [
                "又守同隊不相遇的配對 (同單位: 甲: 1, 3, 4, 5); 請手工編排本輪",
                "\n手工編排本輪: qishe round set K 2 紅-黑",
            ],
        ),
        (
            "en_US.UTF-8",
            [
                "keeps clubmates apart (same club: 甲: 1, 3, 4, 5); pair this round by hand",
                "\nto pair this round by hand: qishe round set K 2 RED-BLACK",
            ],
        ),
    ] {
        let o = club.run_lang(locale, &["round", "pair", "K"]);
        assert!(!o.status.success(), "{locale}");
        let err = String::from_utf8_lossy(&o.stderr);
        for w in words {
            assert!(err.contains(w), "{locale}: {err}");
        }
    }
    // Nothing was saved, and the way named works.
    let o = club.run(&["round", "show", "K", "2"]);
    assert!(!o.status.success());
    club.ok(&["round", "set", "K", "2", "1-3", "4-2", "5-6"]);
    assert!(club.ok(&["round", "show", "K", "2"]).contains("A"));
}

#[test]
fn the_round_tab_pairs_a_round_by_hand_and_asks_before_breaking_a_rule() {
    use crate::common::tui::{config, go, k, typed};
    use crossterm::event::KeyCode;
    use qishe::tui::{Model, Screen, Tab};
    let club = Club::new();
    for n in ["A", "B", "C", "D", "E", "F"] {
        club.ok(&["player", "add", n]);
    }
    club.ok(&["event", "new", "K", "--system", "cxa", "--rounds", "3"]);
    club.ok(&["event", "enter", "K", "A", "B", "C", "D", "E", "F"]);
    club.ok(&["round", "pair", "K"]);
    for b in ["1", "2", "3"] {
        club.ok(&["result", "K", "1", b, "1-0"]);
    }
    let mut app = qishe::app::App::open(config(qishe::i18n::Lang::ZhHans), &club.db).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    while m.tab() != Tab::Round {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    let ev = app.find_event("K").unwrap().key();
    // A bad board is named and nothing is stored; the form stays.
    go(&mut app, &mut m, k(KeyCode::Char('M')));
    assert!(m.form().is_some(), "M opens the form");
    typed(&mut app, &mut m, "1-3 4-x");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(err && msg.contains("\"4-x\" 不是一台对局"), "{msg}");
    assert_eq!(app.rounds_paired(ev).unwrap(), 1);
    // A rematch (1 met 4 in round 1): the question names the rule; yes stores it.
    let f = m.form_mut().unwrap();
    f.fields[0].value = "1-4 2-5 3-6".into();
    go(&mut app, &mut m, k(KeyCode::Enter));
    let q = m
        .confirm()
        .expect("a question before a rematch")
        .message
        .clone();
    assert!(q.contains("A (1)") && q.contains("D (4)"), "{q}");
    assert_eq!(
        app.rounds_paired(ev).unwrap(),
        1,
        "nothing stored before the answer"
    );
    go(&mut app, &mut m, k(KeyCode::Char('n')));
    assert_eq!(app.rounds_paired(ev).unwrap(), 1);
    // A legal round: stored, and the tab shows it.
    go(&mut app, &mut m, k(KeyCode::Char('M')));
    typed(&mut app, &mut m, "1-3 4-2 5-6");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.confirm().is_none());
    assert_eq!(app.rounds_paired(ev).unwrap(), 2);
    let (msg, _) = m.status().cloned().unwrap();
    assert!(msg.contains("第 2 轮已手工编排"), "{msg}");
    let shown = club.ok(&["round", "show", "K", "2"]);
    assert!(shown.lines().nth(2).unwrap().contains('A'), "{shown}");
}

#[test]
fn a_knockouts_boards_are_never_set_by_hand_even_insisted() {
    let club = Club::new();
    for n in ["A", "B", "C", "D"] {
        club.ok(&["player", "add", n]);
    }
    club.ok(&["event", "new", "KO", "--system", "knockout"]);
    club.ok(&["event", "enter", "KO", "A", "B", "C", "D"]);
    club.ok(&["round", "pair", "KO"]);
    let before = club.ok(&["round", "show", "KO", "1"]);
    for (locale, words) in [
        ("zh_CN.UTF-8", "KO 是淘汰赛: 各台不能手工设定"),
        ("zh_TW.UTF-8", "KO 是淘汰賽: 各台不能手工設定"),
        (
            "en_US.UTF-8",
            "KO is a knockout: its boards cannot be set by hand",
        ),
    ] {
        for round in ["1", "2"] {
            let o = club.run_lang(
                locale,
                &["round", "set", "KO", round, "1-4", "2-3", "--insist"],
            );
            assert!(!o.status.success(), "{locale} {round}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains(words), "{locale}: {err}");
        }
    }
    assert_eq!(club.ok(&["round", "show", "KO", "1"]), before);
    assert!(!club.run(&["round", "show", "KO", "2"]).status.success());
}

/// Six players, five of club 甲, in a Chinese Swiss event `name` with
/// round 1 set as 1-4 2-5 3-6 and won by red.
fn five_clubmates(club: &Club, name: &str, clubs: bool) {
    for n in ["A", "B", "C", "D", "E", "F"] {
        let unit = if n == "F" { "乙" } else { "甲" };
        let member = n.to_string();
        if clubs {
            club.ok(&["player", "add", &member, "--club", unit]);
        } else {
            club.ok(&["player", "add", &member]);
        }
    }
    club.ok(&["event", "new", name, "--system", "cxa", "--rounds", "3"]);
    for n in ["A", "B", "C", "D", "E", "F"] {
        club.ok(&["event", "enter", name, n]);
    }
    club.ok(&["round", "set", name, "1", "1-4", "2-5", "3-6", "--insist"]);
    for b in ["1", "2", "3"] {
        club.ok(&["result", name, "1", b, "1-0"]);
    }
}

#[test]
fn a_round_the_club_rule_blocks_is_paired_with_clubmates_allowed_on_purpose_and_undone() {
    let club = Club::new();
    five_clubmates(&club, "K", true);
    // Refused, the hint naming the option, in each language.
    for (locale, hint) in [
        ("zh_CN.UTF-8", "本轮允许同队相遇 (其他规则照旧): qishe round pair K --allow-clubmates"),
        ("zh_TW.UTF-8", "本輪允許同隊相遇 (其他規則照舊): qishe round pair K --allow-clubmates"),
        ("en_US.UTF-8", "to let clubmates meet in this round (every other rule kept): qishe round pair K --allow-clubmates"),
    ] {
        let o = club.run_lang(locale, &["round", "pair", "K"]);
        assert!(!o.status.success(), "{locale}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(hint), "{locale}: {err}");
    }
    // Paired with the option: said, logged, every other rule kept.
    let o = club.run_lang("zh_CN.UTF-8", &["round", "pair", "K", "--allow-clubmates"]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("第 2 轮: 同队不相遇无法遵守, 按裁判要求本轮允许同队相遇"),
        "{err}"
    );
    let relaxed = stored_round(&club, "K");
    assert_eq!(relaxed.len(), 3);
    for rematch in ["1 4", "4 1", "2 5", "5 2", "3 6", "6 3"] {
        assert!(!relaxed.contains(&rematch.to_string()), "{relaxed:?}");
    }
    let log = String::from_utf8_lossy(&club.run_lang("en_US.UTF-8", &["log", "-n", "1"]).stdout)
        .into_owned();
    assert!(
        log.contains("clubmates allowed to meet this round"),
        "{log}"
    );
    // The same field without clubs pairs round 2 the same way: the club
    // rule is the only one relaxed.
    let twin = Club::new();
    five_clubmates(&twin, "K", false);
    twin.ok(&["round", "pair", "K"]);
    assert_eq!(stored_round(&twin, "K"), relaxed);
    // Undo takes the round away; pairing again is refused as before.
    club.ok(&["undo"]);
    club.ok(&["undo"]);
    assert!(!club.run(&["round", "show", "K", "2"]).status.success());
    assert!(!club.run(&["round", "pair", "K"]).status.success());
}

#[test]
fn allowing_clubmates_changes_nothing_where_the_club_rule_holds_and_is_refused_without_one() {
    let club = Club::new();
    for (n, unit) in [("A", "甲"), ("B", "甲"), ("C", "乙"), ("D", "乙")] {
        club.ok(&["player", "add", n, "--club", unit]);
    }
    club.ok(&["event", "new", "K", "--system", "cxa", "--rounds", "2"]);
    club.ok(&["event", "enter", "K", "A", "B", "C", "D"]);
    let o = club.run(&["round", "pair", "K", "--allow-clubmates"]);
    assert!(o.status.success());
    assert!(!String::from_utf8_lossy(&o.stderr).contains("allowed"));
    for pair in stored_round(&club, "K") {
        let (a, b) = pair.split_once(' ').unwrap();
        // Start numbers 1, 2 are 甲 and 3, 4 are 乙 (entry order).
        assert_ne!(
            a.parse::<u32>().unwrap() <= 2,
            b.parse::<u32>().unwrap() <= 2,
            "{pair}"
        );
    }
    assert!(
        !String::from_utf8_lossy(&club.run_lang("en_US.UTF-8", &["log", "-n", "1"]).stdout)
            .into_owned()
            .contains("clubmates")
    );
    club.ok(&["event", "new", "R", "--system", "berger", "--rounds", "3"]);
    club.ok(&["event", "enter", "R", "A", "B", "C", "D"]);
    let err = club.fails(&["round", "pair", "R", "--allow-clubmates"]);
    assert!(err.contains("no club rule to relax"), "{err}");
}

#[test]
fn the_round_tab_asks_to_let_clubmates_meet_when_the_club_rule_blocks_the_round() {
    use crate::common::tui::{config, go, k};
    use crossterm::event::KeyCode;
    use qishe::i18n::Lang;
    use qishe::tui::{worker, Model, Screen, Tab};
    for (lang, question, note) in [
        (
            Lang::ZhHans,
            "本轮允许同队相遇吗?",
            "按裁判要求本轮允许同队相遇",
        ),
        (
            Lang::ZhHant,
            "本輪允許同隊相遇嗎?",
            "按裁判要求本輪允許同隊相遇",
        ),
        (
            Lang::En,
            "Let clubmates meet in this round?",
            "paired with clubmates allowed to meet",
        ),
    ] {
        let club = Club::new();
        five_clubmates(&club, "K", true);
        let mut app = qishe::app::App::open(config(lang), &club.db).unwrap();
        let mut m = Model::load(&app).unwrap();
        go(&mut app, &mut m, k(KeyCode::Tab));
        go(&mut app, &mut m, k(KeyCode::Enter));
        assert_eq!(m.screen(), Screen::Event);
        while m.tab() != Tab::Round {
            go(&mut app, &mut m, k(KeyCode::Tab));
        }
        let ev = app.find_event("K").unwrap().key();
        let wait = |app: &mut qishe::app::App, m: &mut Model| {
            assert!(worker::wait(app, m, std::time::Duration::from_secs(60)));
        };
        go(&mut app, &mut m, k(KeyCode::Char('p')));
        wait(&mut app, &mut m);
        let q = m
            .confirm()
            .expect("a question when the club rule blocks the round")
            .message
            .clone();
        assert!(q.contains(question) && q.contains("甲: 1, 3, 4, 5"), "{q}");
        // No: nothing is paired.
        go(&mut app, &mut m, k(KeyCode::Char('n')));
        assert_eq!(app.rounds_paired(ev).unwrap(), 1);
        // Yes: the round is paired with clubmates allowed, and said.
        go(&mut app, &mut m, k(KeyCode::Char('p')));
        wait(&mut app, &mut m);
        assert!(m.confirm().is_some());
        go(&mut app, &mut m, k(KeyCode::Char('y')));
        wait(&mut app, &mut m);
        assert_eq!(app.rounds_paired(ev).unwrap(), 2, "{lang:?}");
        let notice = m.notice().unwrap_or_default().to_string();
        assert!(notice.contains(note), "{lang:?}: {notice}");
    }
}
