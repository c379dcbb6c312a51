//! Knockout events (issue 20, specs/knockout.md) through the real binary on
//! a database file: brackets, play-off ladders, the scheme's own round
//! rules, seeding from a Swiss qualifier, corrections and bad input.

use crate::common::Club;
use serde_json::Value;

/// A club with `n` members S01… rated so that S01 is seed 1.
fn club(n: usize) -> Club {
    let c = Club::new();
    for i in 1..=n {
        c.ok(&[
            "player",
            "add",
            &format!("S{i:02}"),
            "--rating",
            &(2500 - 10 * i as i32).to_string(),
        ]);
    }
    c
}

fn names(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("S{i:02}")).collect()
}

fn knockout(c: &Club, ev: &str, n: usize, opts: &[&str]) {
    let mut args = vec!["event", "new", ev, "--system", "knockout"];
    args.extend_from_slice(opts);
    c.ok(&args);
    let ns = names(n);
    let mut args = vec!["event", "enter", ev];
    args.extend(ns.iter().map(String::as_str));
    c.ok(&args);
}

fn bracket(c: &Club, ev: &str) -> Value {
    serde_json::from_str(&c.ok(&["bracket", ev, "--format", "json"])).unwrap()
}

/// (a, b) of every match of a round.
fn pairs(b: &Value, round: usize) -> Vec<(String, Option<String>)> {
    b["rounds"][round - 1]["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["a"].as_str().unwrap().to_string(),
                m["b"].as_str().map(String::from),
            )
        })
        .collect()
}

fn decided(b: &Value, round: usize, board: usize) -> (Option<String>, Option<String>) {
    let m = &b["rounds"][round - 1]["matches"][board - 1];
    assert_eq!(m["board"], board as u64);
    (
        m["winner"].as_str().map(String::from),
        m["decided_by"].as_str().map(String::from),
    )
}

/// The game due in a match: (game number, red, black), from the slips.
fn due(c: &Club, ev: &str, round: u32, board: u32) -> (u32, String, String) {
    let slips = c.ok(&["knockout", "slips", ev]);
    let tag = format!(" R{round} B{board}  #");
    let lines: Vec<&str> = slips.lines().collect();
    let i = lines
        .iter()
        .position(|l| l.contains(&tag))
        .unwrap_or_else(|| panic!("no game due in round {round} board {board}:\n{slips}"));
    let no: u32 = lines[i]
        .split(&tag)
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let red = lines[i + 1]
        .trim()
        .strip_prefix("red")
        .unwrap()
        .trim()
        .to_string();
    let black = lines[i + 2]
        .trim()
        .strip_prefix("black")
        .unwrap()
        .trim()
        .to_string();
    (no, red, black)
}

/// Plays the game due in a match: `winner` wins it (`None` = a draw), with extra options.
fn play(c: &Club, ev: &str, round: u32, board: u32, winner: Option<&str>, extra: &[&str]) -> u32 {
    let (no, red, _) = due(c, ev, round, board);
    let outcome = match winner {
        None => "1/2-1/2",
        Some(w) if w == red => "1-0",
        Some(_) => "0-1",
    };
    let (r, b, g) = (round.to_string(), board.to_string(), no.to_string());
    let mut args = vec!["result", ev, &r, &b, outcome, "--game", &g];
    args.extend_from_slice(extra);
    c.ok(&args);
    no
}

/// Every match of the round still open: the higher seed (lower number) wins its next game.
fn favourites_win(c: &Club, ev: &str, round: u32) {
    let b = bracket(c, ev);
    for (i, (a, other)) in pairs(&b, round as usize).into_iter().enumerate() {
        let board = i as u32 + 1;
        let Some(other) = other else { continue };
        if decided(&b, round as usize, board as usize).0.is_some() {
            continue;
        }
        let fav = if a < other { a } else { other };
        play(c, ev, round, board, Some(&fav), &[]);
    }
}

fn pair(c: &Club, ev: &str) -> String {
    c.ok(&["round", "pair", ev])
}

fn standings(c: &Club, ev: &str) -> Vec<String> {
    c.ok(&["standings", ev, "--format", "csv"])
        .lines()
        .map(String::from)
        .collect()
}

#[test]
fn sixteen_player_standard_knockout_with_the_default_ladder() {
    let c = club(16);
    knockout(&c, "杯赛", 16, &["--scheme", "standard"]);
    pair(&c, "杯赛");
    let b = bracket(&c, "杯赛");
    let expect: Vec<(String, Option<String>)> = [
        (1, 16),
        (8, 9),
        (4, 13),
        (5, 12),
        (2, 15),
        (7, 10),
        (3, 14),
        (6, 11),
    ]
    .iter()
    .map(|(a, b)| (format!("S{a:02}"), Some(format!("S{b:02}"))))
    .collect();
    assert_eq!(pairs(&b, 1), expect, "standard slot order 1 16 8 9 4 13 …");
    assert_eq!(b["champion"], Value::Null);
    // Round 1: the higher seed has red.
    assert_eq!(due(&c, "杯赛", 1, 2), (1, "S08".into(), "S09".into()));

    // Board 2 goes through the whole ladder: draw, games:2 split, games:2
    // drawn, armageddon drawn (a win for black).
    play(&c, "杯赛", 1, 2, None, &[]);
    assert_eq!(
        due(&c, "杯赛", 1, 2),
        (2, "S09".into(), "S08".into()),
        "colours swap"
    );
    play(&c, "杯赛", 1, 2, Some("S09"), &[]);
    play(&c, "杯赛", 1, 2, Some("S08"), &[]);
    play(&c, "杯赛", 1, 2, None, &[]);
    play(&c, "杯赛", 1, 2, None, &[]);
    // Armageddon: the higher seed has red although he had black last.
    assert_eq!(due(&c, "杯赛", 1, 2), (6, "S08".into(), "S09".into()));
    let slips = c.ok(&["knockout", "slips", "杯赛"]);
    assert!(slips.contains("armageddon: red (S08) must win"), "{slips}");
    assert!(
        slips.contains("red=5,black=4,inc=3"),
        "the step's time control:\n{slips}"
    );
    // Round 2 cannot be paired while matches are open; they are named.
    let e = c.fails(&["round", "pair", "杯赛"]);
    assert!(e.contains("board 2 S08 – S09"), "{e}");
    assert!(e.contains("board 1 S01 – S16"), "{e}");
    play(&c, "杯赛", 1, 2, None, &[]);
    favourites_win(&c, "杯赛", 1);
    let b = bracket(&c, "杯赛");
    assert_eq!(
        decided(&b, 1, 2),
        (Some("S09".into()), Some("armageddon".into()))
    );
    assert_eq!(
        decided(&b, 1, 1),
        (Some("S01".into()), Some("games".into()))
    );

    // Bad input: a game for a decided match, a play-off game not due, a lot
    // for a match that is not tied: each refused, nothing written.
    let before = c.ok(&["round", "show", "杯赛", "1", "--format", "csv"]);
    let e = c.fails(&["result", "杯赛", "1", "1", "1-0", "--game", "2"]);
    assert!(e.contains("decided"), "{e}");
    let e = c.fails(&["result", "杯赛", "1", "2", "1-0", "--game", "7"]);
    assert!(e.contains("decided (armageddon)"), "{e}");
    let e = c.fails(&["knockout", "lot", "杯赛", "1", "3", "S04"]);
    assert!(e.contains("not tied at the lot step"), "{e}");
    assert_eq!(
        c.ok(&["round", "show", "杯赛", "1", "--format", "csv"]),
        before
    );

    pair(&c, "杯赛");
    let b = bracket(&c, "杯赛");
    assert_eq!(
        pairs(&b, 2),
        vec![
            ("S01".into(), Some("S09".into())),
            ("S04".into(), Some("S05".into())),
            ("S02".into(), Some("S07".into())),
            ("S03".into(), Some("S06".into())),
        ]
    );
    // Later rounds: fewer reds so far has red. S09 had red in games 2, 4
    // (and black in the armageddon): 2 reds against S01's 1.
    assert_eq!(due(&c, "杯赛", 2, 1).1, "S01");
    // Equal reds: the higher seed.
    assert_eq!(due(&c, "杯赛", 2, 2).1, "S04");
    favourites_win(&c, "杯赛", 2);
    pair(&c, "杯赛");
    favourites_win(&c, "杯赛", 3);
    pair(&c, "杯赛");
    favourites_win(&c, "杯赛", 4);
    let e = c.fails(&["round", "pair", "杯赛"]);
    assert!(e.contains("all 4 rounds"), "{e}");
    let b = bracket(&c, "杯赛");
    assert_eq!(b["champion"], "S01");
    let rows = standings(&c, "杯赛");
    assert_eq!(rows[0], "rank,name,lost-in-round");
    assert_eq!(rows[1], "1,S01,");
    assert_eq!(rows[2], "2,S02,4");
    assert_eq!(rows[3..5], ["3=,S03,3", "3=,S04,3"]);
    assert_eq!(
        rows[5..9],
        ["5=,S05,2", "5=,S06,2", "5=,S07,2", "5=,S09,2"],
        "shared places by seed"
    );
    assert_eq!(rows[9], "9=,S08,1");
    assert_eq!(rows[16], "9=,S16,1");
    assert_eq!(rows.len(), 17);
    // The bracket as text and HTML.
    let t = c.ok(&["bracket", "杯赛"]);
    assert!(t.contains("├ S01"), "{t}");
    assert!(t.contains("S08 – S09") && t.contains("armageddon"), "{t}");
    let h = c.ok(&["bracket", "杯赛", "--format", "html"]);
    assert!(
        h.contains("<table class=\"bracket\">") && h.contains("size: A4"),
        "{h}"
    );
    // Play-off games are ordinary stored games: they show in the round.
    let r1 = c.ok(&["round", "show", "杯赛", "1", "--format", "csv"]);
    assert!(
        r1.contains("S08,9,S09,1/2-1/2 1-0 1-0 1/2-1/2 1/2-1/2 1/2-1/2"),
        "{r1}"
    );
}

#[test]
fn twelve_player_draw_08_knockout_with_the_residual_ladder() {
    let c = club(12);
    knockout(&c, "余子杯", 12, &["--scheme", "draw-0.8"]);
    pair(&c, "余子杯");
    let b = bracket(&c, "余子杯");
    let p = pairs(&b, 1);
    assert_eq!(p.len(), 8);
    // Seeds 1–4 have byes (13–16 do not exist).
    for (i, s) in [(0, "S01"), (2, "S04"), (4, "S02"), (6, "S03")] {
        assert_eq!(p[i], (s.to_string(), None));
        assert_eq!(decided(&b, 1, i + 1), (Some(s.into()), Some("bye".into())));
    }
    assert_eq!(p[1], ("S08".into(), Some("S09".into())));
    // A draw without residual material cannot be scored: refused.
    let e = c.fails(&["result", "余子杯", "1", "2", "1/2-1/2", "--game", "1"]);
    assert!(e.to_lowercase().contains("residual"), "{e}");
    // Board 2: game 1 S08 (red) RH v RH: S08 −0.1; play-off game 2 S09
    // (red) RH v RRH: S09 −0.8 (capped), S08 +0.8. S08 wins on residual.
    play(
        &c,
        "余子杯",
        1,
        2,
        None,
        &["--red-residual", "RH", "--black-residual", "RH"],
    );
    assert_eq!(due(&c, "余子杯", 1, 2), (2, "S09".into(), "S08".into()));
    play(
        &c,
        "余子杯",
        1,
        2,
        None,
        &["--red-residual", "RH", "--black-residual", "RRH"],
    );
    let b = bracket(&c, "余子杯");
    assert_eq!(
        decided(&b, 1, 2),
        (Some("S08".into()), Some("residual".into()))
    );
    // Board 6 (S07–S10): equal residuals fall through to armageddon.
    play(
        &c,
        "余子杯",
        1,
        6,
        None,
        &["--red-residual", "RH", "--black-residual", "RH"],
    );
    play(
        &c,
        "余子杯",
        1,
        6,
        None,
        &["--red-residual", "RH", "--black-residual", "RH"],
    );
    assert_eq!(due(&c, "余子杯", 1, 6), (3, "S07".into(), "S10".into()));
    play(
        &c,
        "余子杯",
        1,
        6,
        None,
        &["--red-residual", "R", "--black-residual", "R"],
    );
    let b = bracket(&c, "余子杯");
    assert_eq!(
        decided(&b, 1, 6),
        (Some("S10".into()), Some("armageddon".into()))
    );
    favourites_win(&c, "余子杯", 1);
    for r in 2..=4 {
        pair(&c, "余子杯");
        favourites_win(&c, "余子杯", r);
    }
    let b = bracket(&c, "余子杯");
    assert_eq!(b["champion"], "S01");
    let rows = standings(&c, "余子杯");
    assert_eq!(rows.len(), 13);
    assert_eq!(rows[1..3], ["1,S01,", "2,S02,4"]);
    // Round-1 losers share 9th: S09, S07 (armageddon), S11, S12 — by seed.
    assert_eq!(
        rows[9..13],
        ["9=,S07,1", "9=,S09,1", "9=,S11,1", "9=,S12,1"]
    );
}

#[test]
fn seven_player_hu_two_game_cup() {
    let c = club(7);
    knockout(&c, "胡规杯", 7, &["--scheme", "hu-two-game"]);
    pair(&c, "胡规杯");
    let b = bracket(&c, "胡规杯");
    assert_eq!(
        pairs(&b, 1),
        vec![
            ("S01".into(), None),
            ("S04".into(), Some("S05".into())),
            ("S02".into(), Some("S07".into())),
            ("S03".into(), Some("S06".into())),
        ]
    );
    // Board 2: drawn, replayed with the same colours, red wins: 1 + 3 > 2.
    play(&c, "胡规杯", 1, 2, None, &[]);
    assert_eq!(due(&c, "胡规杯", 1, 2), (2, "S04".into(), "S05".into()));
    play(&c, "胡规杯", 1, 2, Some("S04"), &[]);
    // Board 3: black wins game 1; the round is decided, no replay.
    play(&c, "胡规杯", 1, 3, Some("S07"), &[]);
    let e = c.fails(&["result", "胡规杯", "1", "3", "1/2-1/2", "--game", "2"]);
    assert!(e.contains("decided"), "{e}");
    // Board 4: drawn twice: black (S06) reaches 4 game points.
    play(&c, "胡规杯", 1, 4, None, &[]);
    play(&c, "胡规杯", 1, 4, None, &[]);
    let b = bracket(&c, "胡规杯");
    assert_eq!(
        decided(&b, 1, 2),
        (Some("S04".into()), Some("scheme".into()))
    );
    assert_eq!(
        decided(&b, 1, 3),
        (Some("S07".into()), Some("scheme".into()))
    );
    assert_eq!(
        decided(&b, 1, 4),
        (Some("S06".into()), Some("scheme".into()))
    );
    pair(&c, "胡规杯");
    let b = bracket(&c, "胡规杯");
    assert_eq!(
        pairs(&b, 2),
        vec![
            ("S01".into(), Some("S04".into())),
            ("S07".into(), Some("S06".into()))
        ]
    );
    favourites_win(&c, "胡规杯", 2);
    pair(&c, "胡规杯");
    favourites_win(&c, "胡规杯", 3);
    let b = bracket(&c, "胡规杯");
    assert_eq!(b["champion"], "S01");
    let rows = standings(&c, "胡规杯");
    assert_eq!(
        rows[1..],
        ["1,S01,", "2,S06,3", "3=,S04,2", "3=,S07,2", "5=,S02,1", "5=,S03,1", "5=,S05,1"]
    );
}

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

/// A decided bracket of `n` players (names N01…), the higher seed winning.
fn full_doc(n: usize) -> qishe::report::bracket::BracketDoc {
    use qishe::report::bracket::{BracketDoc, BracketMatch};
    let p = n.next_power_of_two();
    let mut order = vec![1usize];
    while order.len() < p {
        let size = 2 * order.len();
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    let name = |s: usize| format!("选手{s:02} 俱乐部");
    let mut current: Vec<usize> = order;
    let mut rounds = Vec::new();
    while current.len() > 1 {
        let r: Vec<BracketMatch> = current
            .chunks(2)
            .enumerate()
            .map(|(i, c)| BracketMatch {
                board: i as u32 + 1,
                a: name(c[0]),
                b: (c[1] <= n).then(|| name(c[1])),
                winner: Some(name(c[0].min(c[1]))),
                note: "2.00–0.00 games".into(),
                third_place: false,
            })
            .collect();
        current = current.chunks(2).map(|c| c[0].min(c[1])).collect();
        rounds.push(r);
    }
    BracketDoc {
        title: "俱乐部冠军赛 — 对阵图".into(),
        round_names: (1..=rounds.len()).map(|r| format!("第 {r} 轮")).collect(),
        rounds,
        size: p,
        champion: Some(name(1)),
        champion_label: "冠军".into(),
        third_place_label: "三四名决赛".into(),
        bye_label: "轮空".into(),
        slips: Vec::new(),
    }
}

#[test]
fn the_html_bracket_prints_on_one_page_up_to_64_players() {
    let Some(chrome) = crate::report_chromium::chromium() else {
        eprintln!("chromium not found: skipping the printed bracket check");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for n in [7, 16, 20, 33, 64] {
        let html = qishe::report::bracket::html(&full_doc(n));
        let pdf =
            crate::report_chromium::print_pdf(&chrome, dir.path(), &format!("bracket{n}"), &html);
        assert_eq!(crate::report_chromium::count_pages(&pdf), 1, "{n} players");
    }
}

#[test]
fn the_bracket_chart_text_has_every_slot_and_the_champion() {
    let t = qishe::report::bracket::text(&full_doc(64));
    for s in 1..=64 {
        assert!(t.contains(&format!("选手{s:02} 俱乐部")), "slot {s}");
    }
    assert!(t.contains("冠军: 选手01 俱乐部"), "{t}");
    // 2P − 1 chart rows between the headings and the match lists.
    let h = qishe::report::bracket::html(&full_doc(64));
    assert!(h.contains("size: A3 portrait"), "beyond 32 players: A3");
    assert_eq!(h.matches("rowspan=\"64\"").count(), 2, "final and champion");
}

/// The rating list after a two-player knockout: a drawn game 1 and a
/// sudden-death play-off won by S02 (with `opts`).
fn ratings_after_knockout(opts: &[&str]) -> String {
    let c = club(2);
    let mut o = vec!["--scheme", "standard", "--playoff", "sudden-death:1,lot"];
    o.extend_from_slice(opts);
    knockout(&c, "K2", 2, &o);
    pair(&c, "K2");
    play(&c, "K2", 1, 1, None, &[]);
    play(&c, "K2", 1, 1, Some("S02"), &[]);
    assert_eq!(
        decided(&bracket(&c, "K2"), 1, 1),
        (Some("S02".into()), Some("sudden-death".into()))
    );
    c.ok(&["event", "finish", "K2"]);
    // Play-off games are in the members' history either way.
    c.ok(&["ratings", "--changes", "--format", "csv"])
}

#[test]
fn play_off_games_are_rated_only_with_rate_playoffs() {
    // The same draw alone, as a one-round event.
    let c = club(2);
    c.ok(&[
        "event", "new", "R1", "--rounds", "1", "--scheme", "standard",
    ]);
    c.ok(&["event", "enter", "R1", "S01", "S02"]);
    c.ok(&["round", "pair", "R1"]);
    c.ok(&["result", "R1", "1", "1", "1/2-1/2"]);
    c.ok(&["event", "finish", "R1"]);
    let draw_only = c.ok(&["ratings", "--changes", "--format", "csv"]);
    let default = ratings_after_knockout(&[]);
    let rated = ratings_after_knockout(&["--rate-playoffs"]);
    let strip = |s: &str| s.replace("K2", "E").replace("R1", "E");
    assert_eq!(
        strip(&default),
        strip(&draw_only),
        "only the regular game is rated"
    );
    assert_ne!(
        strip(&rated),
        strip(&draw_only),
        "the play-off game counts too"
    );
}

/// Each play-off step has its own time control and label (issue 20): they
/// are on the slips of the game due, and a clock reading is checked
/// against the step's time control; armageddon keeps its odds when the
/// settings give it none; more settings than steps are refused.
#[test]
fn each_playoff_step_has_its_own_time_control_and_label() {
    let c = club(2);
    let e = c.fails(&[
        "event",
        "new",
        "多余",
        "--system",
        "knockout",
        "--playoff",
        "games:1,armageddon",
        "--playoff-times",
        "15+10;5+3;3+2",
    ]);
    assert!(e.contains("3 play-off step settings"), "{e}");
    knockout(
        &c,
        "快棋杯",
        2,
        &[
            "--playoff",
            "games:1,games:1,armageddon",
            "--playoff-times",
            "15+10;5+3",
            "--playoff-labels",
            "快棋加赛;超快棋加赛;一局定胜负",
        ],
    );
    c.ok(&["round", "pair", "快棋杯"]);
    c.ok(&["result", "快棋杯", "1", "1", "1/2-1/2", "--game", "1"]);
    let slips = c.ok(&["knockout", "slips", "快棋杯"]);
    assert!(slips.contains("快棋加赛"), "{slips}");
    assert!(slips.contains("15+10"), "{slips}");
    // A clock past the step's 15 minutes (+10 s a move) cannot be right.
    let e = c.fails(&[
        "result",
        "快棋杯",
        "1",
        "1",
        "1/2-1/2",
        "--game",
        "2",
        "--red-used",
        "40:00",
        "--black-used",
        "10:00",
        "--moves",
        "30",
    ]);
    assert!(!e.is_empty());
    c.ok(&["result", "快棋杯", "1", "1", "1/2-1/2", "--game", "2"]);
    let slips = c.ok(&["knockout", "slips", "快棋杯"]);
    assert!(
        slips.contains("超快棋加赛") && slips.contains("5+3"),
        "{slips}"
    );
    assert!(!slips.contains("15+10"), "{slips}");
    c.ok(&["result", "快棋杯", "1", "1", "1/2-1/2", "--game", "3"]);
    let slips = c.ok(&["knockout", "slips", "快棋杯"]);
    assert!(slips.contains("一局定胜负"), "{slips}");
    assert!(slips.contains("red=5,black=4,inc=3"), "{slips}");
    let text = c.ok(&["bracket", "快棋杯", "--format", "text"]);
    assert!(text.contains("一局定胜负"), "{text}");
}

/// `print standings` and `print crosstable` of a knockout are its ranking
/// (rank, name, lost in round; the crosstable with each round's opponent),
/// not the Swiss tables: the printed CSV equals `standings --format csv`.
#[test]
fn printed_standings_and_crosstable_of_a_knockout_are_its_ranking() {
    let c = club(4);
    knockout(&c, "小杯", 4, &[]);
    c.ok(&["round", "pair", "小杯"]);
    play(&c, "小杯", 1, 1, Some("S01"), &[]);
    play(&c, "小杯", 1, 2, Some("S03"), &[]);
    c.ok(&["round", "pair", "小杯"]);
    play(&c, "小杯", 2, 1, Some("S03"), &[]);
    // Printed CSV carries a BOM for spreadsheets; `--no-bom` is the machine form.
    let with_bom = c.ok(&["print", "standings", "小杯", "--format", "csv"]);
    assert!(with_bom.starts_with('\u{feff}'), "{with_bom}");
    let printed = c.ok(&["print", "standings", "小杯", "--format", "csv", "--no-bom"]);
    let standings = c.ok(&["standings", "小杯", "--format", "csv"]);
    assert!(printed.starts_with("rank,name,lost-in-round"), "{printed}");
    assert_eq!(printed, standings);
    let rows = csv_lines(&printed);
    assert_eq!(rows[1], ["1", "S03", ""]);
    assert_eq!(rows[2], ["2", "S01", "2"]);
    let cross = c.ok(&["print", "crosstable", "小杯", "--format", "csv", "--no-bom"]);
    let rows = csv_lines(&cross);
    assert_eq!(rows[0], ["rank", "name", "r1", "r2", "lost-in-round"]);
    // A cell starting with `+` is neutralised for spreadsheets by default.
    assert_eq!(rows[1], ["1", "S03", "'+S02", "'+S01", ""]);
    let raw = c.ok(&[
        "print",
        "crosstable",
        "小杯",
        "--format",
        "csv",
        "--no-bom",
        "--csv-formulas",
    ]);
    assert_eq!(csv_lines(&raw)[1], ["1", "S03", "+S02", "+S01", ""]);
    let text = c.ok(&["print", "crosstable", "小杯", "--lang", "en"]);
    assert!(text.contains("Lost in round"), "{text}");
}

fn csv_lines(text: &str) -> Vec<Vec<String>> {
    text.lines()
        .map(|l| l.split(',').map(str::to_string).collect())
        .collect()
}
