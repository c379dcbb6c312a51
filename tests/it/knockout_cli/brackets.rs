//! Whole knockouts played through: the default ladder, the draw-0.8
//! residual ladder, a 胡规 two-game cup.

use super::*;

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
    let slips = c.ok(&["knockout", "slips", "杯赛", "--lang", "en"]);
    assert!(slips.contains("armageddon: red (S08) must win"), "{slips}");
    assert!(
        slips.contains("red 5 min, black 4 min, +3 s a move"),
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
    let t = c.ok(&["bracket", "杯赛", "--lang", "en"]);
    assert!(t.contains("├─ S01"), "{t}");
    assert!(
        t.contains("| S08 (8) |") && t.contains("| S09 (9) |"),
        "{t}"
    );
    assert!(t.contains("armageddon"), "{t}");
    let h = c.ok(&["bracket", "杯赛", "--format", "html"]);
    assert!(
        h.contains("<table class=\"chart\">") && h.contains("size: A4"),
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

/// A semi-final lost while the other is still to be played: the loser
/// is 3= already (semi-final losers share third place), in the standings
/// and on the printed standings.
#[test]
fn a_semi_final_loser_shares_third_place_before_the_other_semi_final() {
    let c = club(4);
    knockout(&c, "杯赛", 4, &["--scheme", "standard"]);
    pair(&c, "杯赛");
    play(&c, "杯赛", 1, 1, Some("S04"), &[]);
    let rows = standings(&c, "杯赛");
    assert!(rows.contains(&"3=,S01,1".to_string()), "{rows:?}");
    let printed = c.ok(&["print", "standings", "杯赛", "--format", "csv", "--no-bom"]);
    assert!(printed.contains("3=,S01"), "{printed}");
}
