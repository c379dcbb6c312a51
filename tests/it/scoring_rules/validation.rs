//! Impossible results refused (`scoring/validate.rs`).

use super::*;
use qishe::domain::Termination;
use qishe::scoring::{validate_game, InvalidResult};

fn g(o: &str) -> Game {
    Game::bare(1, 2, o.parse().unwrap())
}

#[test]
fn accepts_possible_games() {
    let tc: TimeControl = "90+30".parse().unwrap();
    let mut x = g("1-0");
    x.facts.moves = Some(40);
    x.facts.red_used_ms = Some(90 * 60_000 + 40 * 30_000 - 1);
    x.facts.black_used_ms = Some(30 * 60_000);
    x.facts.termination = Some(Termination::Checkmate);
    x.facts.red_pieces = PieceMoves::parse("10/10/10/5/5");
    x.facts.black_pieces = PieceMoves::parse("10/10/10/5/4");
    x.facts.first_strike = FirstStrike::parse("red@12");
    assert_eq!(validate_game(&tc, 1, &x), Ok(()));
    assert_eq!(validate_game(&tc, 1, &g("-/+")), Ok(()));
}

#[test]
fn refuses_impossible_input_with_a_reason() {
    let tc: TimeControl = "90+30".parse().unwrap();
    let odds: TimeControl = "red=6,black=4,inc=3".parse().unwrap();
    let with = |o: &str, f: &dyn Fn(&mut Game)| {
        let mut x = g(o);
        f(&mut x);
        x
    };
    // time above base + increment × own moves
    let x = with("1-0", &|x| {
        x.facts.moves = Some(40);
        x.facts.red_used_ms = Some(90 * 60_000 + 40 * 30_000 + 1);
    });
    let e = validate_game(&tc, 1, &x).unwrap_err();
    assert!(matches!(
        e,
        InvalidResult::TimeAboveMax {
            side: Colour::Red,
            ..
        }
    ));
    assert!(e.to_string().contains("at most 1:50:00"), "{e}");
    // the asymmetric clock: black's base is 4 minutes
    let x = with("0-1", &|x| {
        x.facts.moves = Some(10);
        x.facts.black_used_ms = Some(5 * 60_000);
    });
    assert!(matches!(
        validate_game(&odds, 1, &x),
        Err(InvalidResult::TimeAboveMax {
            side: Colour::Black,
            ..
        })
    ));
    // the same time fits red's 6 minutes
    let x = with("0-1", &|x| {
        x.facts.moves = Some(10);
        x.facts.red_used_ms = Some(5 * 60_000);
    });
    assert_eq!(validate_game(&odds, 1, &x), Ok(()));
    // a move count that contradicts the clock: 2 hours in 5 moves
    let x = with("1/2-1/2", &|x| {
        x.facts.moves = Some(5);
        x.facts.black_used_ms = Some(2 * 3_600_000);
    });
    assert!(validate_game(&tc, 1, &x).is_err());
    // a red win on time with red's own flag down
    let x = with("1-0", &|x| {
        x.facts.moves = Some(20);
        x.facts.termination = Some(Termination::Time);
        x.facts.red_used_ms = Some(90 * 60_000 + 20 * 30_000);
        x.facts.black_used_ms = Some(90 * 60_000 + 20 * 30_000);
    });
    let e = validate_game(&tc, 1, &x).unwrap_err();
    assert!(
        matches!(
            e,
            InvalidResult::WinnerFlagDown {
                side: Colour::Red,
                ..
            }
        ),
        "{e}"
    );
    // residual material beyond the starting set
    let x = with("1/2-1/2", &|x| {
        x.facts.black_residual = Some(Material {
            chariots: 3,
            ..Default::default()
        })
    });
    assert!(matches!(
        validate_game(&tc, 1, &x),
        Err(InvalidResult::BadMaterial {
            side: Colour::Black,
            ..
        })
    ));
    // a second game in a one-game round
    let x = with("1-0", &|x| x.game_no = 2);
    let e = validate_game(&tc, 1, &x).unwrap_err();
    assert!(e.to_string().contains("one game"), "{e}");
    assert_eq!(validate_game(&tc, 2, &x), Ok(()));
    // negative time (from "time left" above what the clock gave)
    let x = with("1-0", &|x| {
        x.facts.moves = Some(3);
        x.facts.red_used_ms = Some(tc.used_from_left(true, 3, 100 * 60_000));
    });
    assert!(matches!(
        validate_game(&tc, 1, &x),
        Err(InvalidResult::NegativeTime { .. })
    ));
    // facts of a played game on a forfeit
    let x = with("+/-", &|x| x.facts.moves = Some(3));
    assert!(matches!(
        validate_game(&tc, 1, &x),
        Err(InvalidResult::NotPlayed(_))
    ));
    // agreement on a decisive result
    let x = with("1-0", &|x| {
        x.facts.termination = Some(Termination::Agreement)
    });
    assert!(matches!(
        validate_game(&tc, 1, &x),
        Err(InvalidResult::BadTermination { .. })
    ));
    // first strike after the last move; pieces not adding up
    let x = with("1-0", &|x| {
        x.facts.moves = Some(20);
        x.facts.first_strike = FirstStrike::parse("black@21");
    });
    assert!(validate_game(&tc, 1, &x).is_err());
    let x = with("1-0", &|x| {
        x.facts.moves = Some(20);
        x.facts.red_pieces = PieceMoves::parse("5/5/5/5/1");
    });
    assert!(matches!(
        validate_game(&tc, 1, &x),
        Err(InvalidResult::PieceCount { .. })
    ));
    // times without a move count: only the sign can be checked
    let x = with("1-0", &|x| x.facts.red_used_ms = Some(1000));
    assert_eq!(validate_game(&tc, 1, &x), Ok(()));
    let x = with("1-0", &|x| x.facts.black_used_ms = Some(-1));
    assert!(matches!(
        validate_game(&tc, 1, &x),
        Err(InvalidResult::NegativeTime {
            side: Colour::Black
        })
    ));
}
