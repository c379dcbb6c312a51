//! Standings and tie-breaks (`cxa-swiss.md` §4–§6): the worked example 8,
//! byes, forfeits, withdrawals, shared ranks, crosstable cells, bad boards.

use super::*;

/// cxa-swiss Ex8: P beat Q (final 4) as red, drew T (final 3) as black, and
/// had a bye in round 3 (recorded red, scored 2).
fn ex8() -> Ev {
    let mut e = Ev::new(&["P", "Q", "T", "U", "V", "X"]);
    e.game(1, "P", "Q", "1-0");
    e.game(1, "T", "U", "1-0");
    e.bye(1, "V");
    e.requested_bye(1, "X", RequestedByeValue::Half);
    e.game(2, "T", "P", "1/2-1/2");
    e.game(2, "Q", "V", "1-0");
    e.bye(2, "U");
    e.bye(3, "P");
    e.game(3, "Q", "T", "1-0");
    e.game(3, "U", "V", "1/2-1/2");
    e
}

#[test]
fn cxa_ex8_tiebreaks() {
    let mut e = ex8();
    e.0.byes.opponent_score = ByeOpponentScore::Zero;
    let codes = [
        "opponent-score",
        "progressive",
        "wins",
        "fouls",
        "black-wins",
        "black-games",
        "red-wins",
        "beaten-sum",
        "drawn-sum",
        "lost-sum",
    ];
    let st = e.standings(&scheme("standard"), &codes);
    assert_eq!(row(&st, "Q").points, p("4"));
    assert_eq!(row(&st, "T").points, p("3"));
    assert_eq!(row(&st, "X").points, p("1")); // requested half-bye
    let want = ["7", "10", "2", "0", "0", "1", "2", "4", "3", "0"];
    for (c, w) in codes.iter().zip(want) {
        assert_eq!(val(&st, "P", c), p(w), "A–K: {c}");
    }
    // With the field minimum (1, player X) as the bye's opponent score: A = 8.
    e.0.byes.opponent_score = ByeOpponentScore::Lowest;
    let st = e.standings(&scheme("standard"), &["opponent-score"]);
    assert_eq!(val(&st, "P", "opponent-score"), p("8"));
    // FIDE 2023: the player's own score (5).
    e.0.byes.opponent_score = ByeOpponentScore::Own;
    // (buchholz-cut1 is FIDE's own, with Article 16: see scoring::fide.)
    let st = e.standings(&scheme("standard"), &["opponent-score"]);
    assert_eq!(val(&st, "P", "opponent-score"), p("12"));
}

#[test]
fn byes_requested_byes_and_their_points() {
    for (id, bye_points) in [
        ("standard", "2"),
        ("three-point", "3"),
        ("red-draw-penalty", "3"),
        ("draw-0.8", "2"),
        ("attacker-defender", "3"),
        ("two-game", "2"),
        ("hu-two-game", "2"),
    ] {
        let mut e = Ev::new(&["A", "B"]);
        e.bye(1, "A");
        e.requested_bye(1, "B", RequestedByeValue::Half);
        let s = scheme(id);
        let st = e.standings(&s, &["small-points", "wins"]);
        assert_eq!(row(&st, "A").points, p(bye_points), "{id}");
        assert_eq!(row(&st, "B").points, p(bye_points).half(), "{id} half-bye");
        assert_eq!(
            val(&st, "A", "wins"),
            p("1"),
            "{id}: a pairing bye is a win"
        );
        assert_eq!(
            val(&st, "B", "wins"),
            p("0"),
            "{id}: a requested bye is not"
        );
        if s.kind().is_two_game() {
            assert_eq!(val(&st, "A", "small-points"), p("2"), "{id} bye small");
        }
        e.0.rounds[0].requested_byes[0].1 = RequestedByeValue::Zero;
        let st = e.standings(&s, &[]);
        assert_eq!(row(&st, "B").points, p("0"));
    }
}

#[test]
fn forfeits_score_as_win_and_loss_and_count_as_met() {
    // red-draw-penalty: red forfeits → red gets red-loss (0), black black-win (3).
    assert_eq!(one_game("red-draw-penalty", "-/+"), (p("0"), p("3")));
    assert_eq!(one_game("red-draw-penalty", "+/-"), (p("3"), p("0")));
    assert_eq!(one_game("standard", "-/-"), (p("0"), p("0")));
    let mut e = Ev::new(&["A", "B", "C"]);
    e.game(1, "A", "B", "+/-");
    e.game(2, "C", "A", "1-0");
    let ev = &e.0;
    let rounds = player_rounds(ev, &scheme("standard"), 2).unwrap();
    assert_eq!(rounds[0][0].kind, RoundKind::ForfeitWin);
    assert_eq!(rounds[1][0].kind, RoundKind::ForfeitLoss);
    assert_eq!(rounds[1][0].opponent, Some(1));
    assert!(rounds[1][0].kind.met());
    let st = e.standings(&scheme("standard"), &["opponent-score", "wins"]);
    // B's opponent score includes A (forfeits included).
    assert_eq!(val(&st, "B", "opponent-score"), row(&st, "A").points);
    assert_eq!(val(&st, "A", "wins"), p("1"));
    // The crosstable marks the forfeit.
    let ct = crosstable(ev, &scheme("standard"), None).unwrap();
    assert_eq!(ct.rows[0].cells[0].mark(), "2r+F");
    assert_eq!(ct.rows[1].cells[0].mark(), "1b-F");
    assert_eq!(ct.rows[0].cells[1].mark(), "3b-");
    assert_eq!(ct.rows[1].cells[1].mark(), "--");
}

#[test]
fn consecutive_forfeits_exclude_only_as_a_trailing_run() {
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "-/+");
    e.game(1, "C", "D", "-/+");
    e.game(2, "A", "C", "-/+");
    e.game(2, "B", "D", "1-0");
    e.game(3, "D", "A", "+/-");
    e.game(3, "C", "B", "-/+");
    // A: three forfeits in a row; C: forfeits in rounds 1 and 3 only.
    assert_eq!(excluded_by_forfeits(&e.0, None).unwrap(), vec![1]);
    assert_eq!(
        excluded_by_forfeits(&e.0, Some(1)).unwrap(),
        Vec::<i64>::new()
    );
    e.0.byes.forfeits_to_drop = 1;
    assert_eq!(excluded_by_forfeits(&e.0, None).unwrap(), vec![1, 3]);
    e.0.byes.forfeits_to_drop = 0;
    assert!(excluded_by_forfeits(&e.0, None).unwrap().is_empty());
}

#[test]
fn withdrawn_players_keep_their_score_and_standings_follow_the_cut_off() {
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "1-0");
    e.game(1, "C", "D", "1-0");
    // D withdraws after round 1: absent from round 2.
    e.game(2, "B", "C", "1/2-1/2");
    e.bye(2, "A");
    let s = scheme("standard");
    let st1 = standings(&e.0, &s, &[TieBreak::OpponentScore], Some(1)).unwrap();
    let st2 = standings(&e.0, &s, &[TieBreak::OpponentScore], Some(2)).unwrap();
    assert_eq!(st1.after_round, 1);
    assert_eq!(row(&st1, "C").points, p("2"));
    assert_eq!(row(&st2, "C").points, p("3"));
    assert_eq!(row(&st2, "D").points, p("0"));
    // C's opponent score: D's final 0 + B's final 1.
    assert_eq!(val(&st2, "C", "opponent-score"), p("1"));
    // After round 1, B had 0.
    assert_eq!(val(&st1, "C", "opponent-score"), p("0"));
    let ct = crosstable(&e.0, &s, None).unwrap();
    assert_eq!(ct.rows[3].cells[1].kind, RoundKind::Absent);
    assert_eq!(ct.rows[0].cells[1].mark(), "BYE");
}

#[test]
fn standings_order_shared_ranks_and_explain() {
    // A and B both 2 points, C 2 points; strip-last and direct separate.
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "1-0");
    e.game(1, "C", "D", "1/2-1/2");
    e.game(2, "B", "C", "1/2-1/2");
    e.game(2, "D", "A", "1-0");
    e.game(3, "C", "A", "1/2-1/2");
    e.game(3, "B", "D", "1/2-1/2");
    let s = scheme("standard");
    // A: 2+0+1 = 3, B: 0+1+1 = 2, C: 1+1+1 = 3, D: 1+2+1 = 4.
    let st = e.standings(&s, &["strip-last"]);
    let names: Vec<&str> = st.rows.iter().map(|r| r.player.name.as_str()).collect();
    // A (after R2: 2) beats C (after R2: 2)? equal; after R1: A 2 > C 1.
    assert_eq!(names, ["D", "A", "C", "B"]);
    assert_eq!(
        st.rows.iter().map(|r| r.rank).collect::<Vec<_>>(),
        [1, 2, 3, 4]
    );
    let ex = st.explain(e.id("A"), e.id("C")).unwrap();
    assert_eq!(ex.criterion.as_deref(), Some("strip-last"));
    assert_eq!(ex.ahead, Some(e.id("A")));
    assert_eq!((ex.a_value, ex.b_value), (Some(p("2")), Some(p("1"))));
    assert_eq!(
        ex.detail.as_ref().map(|d| d.en()).as_deref(),
        Some("score after round 1")
    );
    let text = ex.to_string();
    assert!(text.starts_with("A is ahead of C on strip-last"), "{text}");
    // The table shows the score after round 2, equal (2) for both: the
    // explanation says so instead of seeming to contradict it.
    assert_eq!(row(&st, "A").values[0].1, row(&st, "C").values[0].1);
    assert_eq!(ex.table_shows, Some(row(&st, "A").values[0].1));
    assert!(text.contains("the table shows 2.00 for both"), "{text}");
    let ex = st.explain(e.id("D"), e.id("B")).unwrap();
    assert_eq!(ex.criterion.as_deref(), Some("points"));
    // With no tie-breaks at all, A and C share rank 2 and explain says so.
    let st = e.standings(&s, &[]);
    let a = row(&st, "A");
    let c = row(&st, "C");
    assert_eq!((a.rank, a.shared, c.rank, c.shared), (2, true, 2, true));
    assert_eq!(row(&st, "B").rank, 4);
    let ex = st.explain(e.id("A"), e.id("C")).unwrap();
    assert_eq!(ex.criterion, None);
    assert!(ex.to_string().contains("share the rank"));
    // strip-first: without round 1, A has 1, C has 2.
    let st = e.standings(&s, &["strip-first"]);
    let ex = st.explain(e.id("A"), e.id("C")).unwrap();
    assert_eq!(ex.ahead, Some(e.id("C")));
    assert_eq!(
        ex.detail.as_ref().map(|d| d.en()).as_deref(),
        Some("score without round 1")
    );
    assert!(st.find("C").is_ok() && st.find("3").is_ok() && st.find("Z").is_err());
}

#[test]
fn progressive_fouls_colours_direct() {
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "B", "1-0").facts.red_fouls = 2;
    e.game(1, "C", "D", "0-1").facts.red_fouls = 1;
    e.game(2, "B", "C", "1-0");
    e.game(2, "D", "A", "1-0");
    // A: 2, 0 → 2; B: 0, 2 → 2; C: 0, 0; D: 2, 2 → 4.
    let s = scheme("standard");
    let st = e.standings(&s, &["progressive", "fouls", "black-games", "red-wins"]);
    assert_eq!(val(&st, "A", "progressive"), p("4")); // 2 + 2
    assert_eq!(val(&st, "B", "progressive"), p("2")); // 0 + 2
    assert_eq!(val(&st, "A", "fouls"), p("2"));
    assert_eq!(val(&st, "D", "black-games"), p("1"));
    assert_eq!(val(&st, "D", "red-wins"), p("1"));
    // Fewer fouls rank higher: A (2 fouls) v B (0) with fouls first.
    let st = e.standings(&s, &["fouls"]);
    let ex = st.explain(e.id("A"), e.id("B")).unwrap();
    assert_eq!(ex.ahead, Some(e.id("B")));
    // direct: A beat B, so A is ahead of B on direct.
    let st = e.standings(&s, &["direct"]);
    assert_eq!(val(&st, "A", "direct"), p("2"));
    assert_eq!(val(&st, "B", "direct"), p("0"));
    assert!(row(&st, "A").rank < row(&st, "B").rank);
    // When not all tied players met, direct does not apply.
    let mut e = Ev::new(&["A", "B", "C", "D"]);
    e.game(1, "A", "C", "1-0");
    e.game(1, "B", "D", "1-0");
    let st = e.standings(&s, &["direct"]);
    assert_eq!(val(&st, "A", "direct"), p("0"));
    assert!(row(&st, "A").shared);
}

#[test]
fn small_points_for_single_game_schemes_are_beaten_plus_half_drawn() {
    let mut e = Ev::new(&["A", "B", "C"]);
    e.game(1, "A", "B", "1-0");
    e.game(2, "C", "A", "1/2-1/2");
    e.game(3, "B", "C", "1-0");
    // finals: A 3, B 2, C 1.
    let st = e.standings(&scheme("standard"), &["small-points", "sonneborn-berger"]);
    assert_eq!(val(&st, "A", "small-points"), p("2.5")); // B 2 + C 1/2
    assert_eq!(val(&st, "A", "sonneborn-berger"), p("2.5"));
    assert_eq!(val(&st, "B", "small-points"), p("1"));
}

#[test]
fn crosstable_cells() {
    let e = ex8();
    let ct = crosstable(&e.0, &scheme("standard"), None).unwrap();
    assert_eq!(ct.rounds, 3);
    let p_row = &ct.rows[0];
    let marks: Vec<String> = p_row.cells.iter().map(|c| c.mark()).collect();
    assert_eq!(marks, ["2r+", "3b=", "BYE"]);
    assert_eq!(p_row.points, p("5"));
    assert_eq!(p_row.cells[0].opponent_start_no, Some(2));
    assert_eq!(p_row.cells[1].colour, Some(Colour::Black));
    assert_eq!(ct.rows[5].cells[0].mark(), "RB");
    assert_eq!(ct.rows[5].cells[1].mark(), "--");
}

#[test]
fn bad_boards_are_errors_not_panics() {
    let mut e = Ev::new(&["A", "B", "C"]);
    e.game(1, "A", "B", "1-0");
    e.game(1, "A", "C", "1-0");
    assert!(matches!(
        standings(&e.0, &scheme("standard"), &[], None),
        Err(ScoringError::PlayedTwice { .. })
    ));
    let mut e = Ev::new(&["A", "B"]);
    e.game(1, "A", "B", "1-0").black = 9;
    assert!(matches!(
        standings(&e.0, &scheme("standard"), &[], None),
        Err(ScoringError::BadGame { .. })
    ));
    let mut e = Ev::new(&["A", "B"]);
    e.game(1, "A", "B", "1-0");
    e.0.rounds[0].boards[0].red = 7;
    e.0.rounds[0].boards[0].games.clear();
    assert!(matches!(
        standings(&e.0, &scheme("standard"), &[], None),
        Err(ScoringError::UnknownPlayer { .. })
    ));
}
