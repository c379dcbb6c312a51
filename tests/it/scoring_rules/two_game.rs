//! The two-game schemes: rules A–D step by step and 胡规 first to three.

use super::*;

fn two(red: &str, black: &str, o1: &str, o2: &str) -> (Ev, [Game; 2]) {
    let mut e = Ev::new(&[red, black]);
    e.game(1, red, black, o1);
    e.game2(1, black, red, o2);
    let games = e.0.rounds[0].boards[0].games.clone();
    (e, [games[0].clone(), games[1].clone()])
}

fn pm(s: &str) -> Option<PieceMoves> {
    PieceMoves::parse(s)
}

#[test]
fn two_game_rules_a_and_b() {
    let s = scheme("two-game");
    // P red in game 1, black in game 2.
    for (o1, o2, pp, ps, qp, qs, step) in [
        ("1-0", "0-1", "2", "4", "0", "0", TwoGameStep::TwoWins),
        (
            "1-0",
            "1/2-1/2",
            "2",
            "3",
            "0",
            "1",
            TwoGameStep::WinAndDraw,
        ),
        (
            "1/2-1/2",
            "1-0",
            "0",
            "1",
            "2",
            "3",
            TwoGameStep::WinAndDraw,
        ),
        ("0-1", "1-0", "0", "0", "2", "4", TwoGameStep::TwoWins),
    ] {
        let (_, g) = two("P", "Q", o1, o2);
        let d = decide_two_game(&s, 1, 2, &g).unwrap();
        assert_eq!(d.step, step, "{o1} {o2}");
        assert_eq!(d.scores[0], (1, p(pp), p(ps)), "{o1} {o2}");
        assert_eq!(d.scores[1], (2, p(qp), p(qs)), "{o1} {o2}");
    }
}

#[test]
fn two_game_rule_c_chain_step_by_step() {
    let s = scheme("two-game");
    // One win each: P wins game 1 (red), Q wins game 2 (red).
    let base = || {
        let (_, mut g) = two("P", "Q", "1-0", "1-0");
        for x in g.iter_mut() {
            x.facts.moves = Some(40);
            x.facts.red_used_ms = Some(1_000_000);
            x.facts.black_used_ms = Some(1_000_000);
            x.facts.red_pieces = pm("10/10/10/5/5");
            x.facts.black_pieces = pm("10/10/10/5/5");
        }
        g
    };
    let winner = |g: &[Game; 2]| {
        let d = decide_two_game(&s, 1, 2, g).unwrap();
        (d.winner, d.step, d.scores)
    };
    // 1. fewer moves in the game won
    let mut g = base();
    g[1].facts.moves = Some(39);
    assert_eq!(winner(&g).0, Some(2));
    assert_eq!(winner(&g).1, TwoGameStep::Moves);
    // 2. less own time in the game won (P's red time in game 1)
    let mut g = base();
    g[0].facts.red_used_ms = Some(999_000);
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(1), TwoGameStep::OwnTime)
    );
    // the loser's time in that game does not matter for step 2
    let mut g = base();
    g[0].facts.black_used_ms = Some(1);
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(2), TwoGameStep::TotalTime)
    );
    // 3. less own time over both games (Q's black time in game 1 is lower)
    let mut g = base();
    g[0].facts.black_used_ms = Some(900_000);
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(2), TwoGameStep::TotalTime)
    );
    // 4. fewer pieces in the game won: 车 first, then 马+炮, …
    let mut g = base();
    g[0].facts.red_pieces = pm("10/9/11/5/5");
    assert_eq!((winner(&g).0, winner(&g).1), (Some(1), TwoGameStep::Pieces));
    let mut g = base();
    g[1].facts.red_pieces = pm("11/0/9/5/15"); // more 车 moves: worse despite fewer others
    assert_eq!((winner(&g).0, winner(&g).1), (Some(1), TwoGameStep::Pieces));
    let mut g = base();
    g[1].facts.red_pieces = pm("10/10/10/5/4"); // 将 last
    assert_eq!((winner(&g).0, winner(&g).1), (Some(2), TwoGameStep::Pieces));
    // 5. fewer pieces over both games (Q's black pieces in game 1)
    let mut g = base();
    g[0].facts.black_pieces = pm("10/10/9/6/5");
    assert_eq!(
        (winner(&g).0, winner(&g).1),
        (Some(2), TwoGameStep::TotalPieces)
    );
    // 6. all equal: drawn round, 1 point and 2 small each
    let (w, step, scores) = winner(&base());
    assert_eq!((w, step), (None, TwoGameStep::AllEqual));
    assert_eq!(scores, [(1, p("1"), p("2")), (2, p("1"), p("2"))]);
    // A decided C round: winner 2 points 2 small, loser 0 and 2.
    let mut g = base();
    g[1].facts.moves = Some(39);
    assert_eq!(winner(&g).2, [(1, p("0"), p("2")), (2, p("2"), p("2"))]);
}

#[test]
fn two_game_rule_d_compares_the_game_drawn_as_black() {
    let s = scheme("two-game");
    let base = || {
        let (_, mut g) = two("P", "Q", "1/2-1/2", "1/2-1/2");
        for x in g.iter_mut() {
            x.facts.moves = Some(50);
            x.facts.red_used_ms = Some(600_000);
            x.facts.black_used_ms = Some(600_000);
            x.facts.red_pieces = pm("10/10/10/10/10");
            x.facts.black_pieces = pm("10/10/10/10/10");
        }
        g
    };
    let d = |g: &[Game; 2]| {
        let d = decide_two_game(&s, 1, 2, g).unwrap();
        (d.winner, d.step)
    };
    // P is black in game 2, Q in game 1.
    let mut g = base();
    g[1].facts.moves = Some(30);
    assert_eq!(d(&g), (Some(1), TwoGameStep::Moves));
    let mut g = base();
    g[0].facts.black_used_ms = Some(500_000); // Q's time as black
    assert_eq!(d(&g), (Some(2), TwoGameStep::OwnTime));
    let mut g = base();
    g[0].facts.red_used_ms = Some(500_000); // P's red time: only the total differs
    assert_eq!(d(&g), (Some(1), TwoGameStep::TotalTime));
    let mut g = base();
    g[1].facts.black_pieces = pm("10/10/10/10/9");
    assert_eq!(d(&g), (Some(1), TwoGameStep::Pieces));
    let mut g = base();
    g[1].facts.red_pieces = pm("9/10/10/10/10"); // Q's pieces as red: only the total
    assert_eq!(d(&g), (Some(2), TwoGameStep::TotalPieces));
    assert_eq!(d(&base()), (None, TwoGameStep::AllEqual));
    // Fields are only needed when a step is reached.
    let (_, mut g) = two("P", "Q", "1/2-1/2", "1/2-1/2");
    g[0].facts.moves = Some(50);
    g[1].facts.moves = Some(40);
    assert_eq!(d(&g), (Some(1), TwoGameStep::Moves));
    g[1].facts.moves = Some(50);
    let err = decide_two_game(&s, 1, 2, &g).unwrap_err().to_string();
    assert!(err.contains("time used"), "{err}");
    assert!(err.contains("game 2"), "{err}");
}

#[test]
fn two_game_event_tiebreaks_and_missing_fields_in_standings() {
    let s = scheme("two-game");
    let (mut e, _) = two("P", "Q", "1-0", "1/2-1/2");
    let st = e.standings(
        &s,
        &[
            "small-points",
            "red-win-small",
            "win-small",
            "black-draw-small",
        ],
    );
    assert_eq!(row(&st, "P").points, p("2"));
    assert_eq!(val(&st, "P", "small-points"), p("3"));
    assert_eq!(val(&st, "P", "red-win-small"), p("2"));
    assert_eq!(val(&st, "P", "win-small"), p("2"));
    assert_eq!(val(&st, "P", "black-draw-small"), p("1"));
    assert_eq!(val(&st, "Q", "black-draw-small"), p("0"));
    assert_eq!(val(&st, "Q", "small-points"), p("1"));
    // One win each without move counts: the standings name the game.
    e.0.rounds[0].boards[0].games[1].outcome = Outcome::RedWin;
    let err = standings(&e.0, &s, &[], None).unwrap_err().to_string();
    assert!(
        err.starts_with("round 1, board 1, game 1 (P – Q)") && err.contains("moves"),
        "{err}"
    );
    // Only game 1 entered: the round is pending and scores nothing yet.
    e.0.rounds[0].boards[0].games.pop();
    let st = e.standings(&s, &[]);
    assert_eq!(row(&st, "P").points, p("0"));
    // Game 2 with the same colours is refused.
    let (mut e, _) = two("P", "Q", "1-0", "1-0");
    let g = &mut e.0.rounds[0].boards[0].games[1];
    std::mem::swap(&mut g.red, &mut g.black);
    assert!(matches!(
        standings(&e.0, &s, &[], None),
        Err(ScoringError::BadGame { .. })
    ));
}

#[test]
fn hu_two_game_first_to_three() {
    let s = scheme("hu-two-game");
    let hu = |outs: &[&str]| {
        let mut e = Ev::new(&["R", "B"]);
        e.game(1, "R", "B", outs[0]);
        if outs.len() > 1 {
            let mut g = Game::bare(1, 2, outs[1].parse().unwrap());
            g.game_no = 2;
            e.0.rounds[0].boards[0].games.push(g);
        }
        let games = e.0.rounds[0].boards[0].games.clone();
        decide_hu_two_game(&s, 1, 2, &games)
    };
    // (games, red points, red small, black points, black small)
    for (outs, rp, rs, bp, bs) in [
        (&["1-0"][..], "2", "3", "0", "0"),
        (&["0-1"][..], "0", "0", "2", "3"),
        (&["1/2-1/2", "1/2-1/2"][..], "0", "2", "2", "4"),
        (&["1/2-1/2", "1-0"][..], "2", "4", "0", "2"),
        (&["1/2-1/2", "0-1"][..], "0", "1", "2", "5"),
    ] {
        let d = hu(outs).unwrap().unwrap();
        assert_eq!(d.scores[0], (1, p(rp), p(rs)), "{outs:?}");
        assert_eq!(d.scores[1], (2, p(bp), p(bs)), "{outs:?}");
        assert!(d.winner.is_some(), "every round is decisive");
    }
    // A drawn first game alone: undecided.
    assert_eq!(hu(&["1/2-1/2"]).unwrap(), None);
    // A second game after a decisive first one is refused.
    assert!(matches!(
        hu(&["1-0", "1/2-1/2"]),
        Err(ScoringError::BadGame { .. })
    ));
    // The second game keeps the colours.
    let mut e = Ev::new(&["R", "B"]);
    e.game(1, "R", "B", "1/2-1/2");
    e.game2(1, "B", "R", "1-0");
    let err = standings(&e.0, &s, &[], None).unwrap_err().to_string();
    assert!(err.contains("keeps the colours"), "{err}");
}
