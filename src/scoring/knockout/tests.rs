//! Deciding matches: regular games, each play-off step, lots and bad game lists.

use super::*;
use crate::domain::{Material, PieceMoves};

const A: i64 = 1; // seed 1, upper slot
const B: i64 = 2;

fn rules(kind: SchemeKind, regular: u32, ladder: Option<&str>) -> MatchRules {
    MatchRules {
        scheme: Scheme::new(kind),
        regular,
        ladder: ladder.map(|l| parse_ladder(l).unwrap()),
    }
}

fn players() -> MatchPlayers {
    MatchPlayers {
        a: A,
        b: B,
        higher: A,
        first_red: A,
    }
}

fn g(no: u32, red: i64, black: i64, o: Outcome) -> Game {
    let mut g = Game::bare(red, black, o);
    g.game_no = no;
    g
}

fn drawn(no: u32, red: i64, black: i64, rr: &str, br: &str) -> Game {
    let mut x = g(no, red, black, Outcome::Draw);
    x.facts.red_residual = Some(Material::parse(rr).unwrap());
    x.facts.black_residual = Some(Material::parse(br).unwrap());
    x
}

fn due(s: &MatchStatus) -> DueGame {
    match s.state {
        MatchState::Due(d) => d,
        other => panic!("expected a game due, got {other:?}"),
    }
}

#[test]
fn ladders_parse_and_refuse() {
    assert_eq!(
        parse_ladder("games:2, sudden-death:3,residual,armageddon,lot").unwrap(),
        vec![
            PlayoffStep::Games(2),
            PlayoffStep::SuddenDeath(3),
            PlayoffStep::Residual,
            PlayoffStep::Armageddon,
            PlayoffStep::Lot
        ]
    );
    // Blanks, semicolons and Chinese separators, as secretaries type them.
    let want = vec![PlayoffStep::Games(2), PlayoffStep::Armageddon];
    for typed in [
        "games:2 armageddon",
        "games: 2  armageddon",
        "games:2;armageddon",
        "games:2，armageddon",
        "games:2、armageddon",
    ] {
        assert_eq!(parse_ladder(typed).unwrap(), want, "{typed}");
    }
    assert!(parse_ladder("games:0").is_err());
    assert!(parse_ladder("blitz").is_err());
    assert!(parse_ladder("games:2 blitz").is_err());
    assert!(parse_ladder("").is_err());
    assert_eq!(
        default_ladder(SchemeKind::Draw08),
        parse_ladder("games:1,residual,armageddon").unwrap()
    );
    assert_eq!(
        default_ladder(SchemeKind::ThreePoint),
        parse_ladder("games:2,games:2,armageddon").unwrap()
    );
}

#[test]
fn a_won_regular_game_decides_by_games() {
    let r = rules(SchemeKind::Standard, 1, None);
    let s = decide_match(&r, &players(), &[], None).unwrap();
    assert_eq!(
        due(&s),
        DueGame {
            game_no: 1,
            red: A,
            black: B,
            phase: Phase::Regular
        }
    );
    let s = decide_match(&r, &players(), &[g(1, A, B, Outcome::BlackWin)], None).unwrap();
    assert_eq!(s.winner(), Some(B));
    assert_eq!(s.decided_by(), Some(DecidedBy::Games));
    assert_eq!(s.score, [Points::ZERO, Points::new(2)]);
    // A game after the decision is refused.
    let e = decide_match(
        &r,
        &players(),
        &[g(1, A, B, Outcome::BlackWin), g(2, B, A, Outcome::Draw)],
        None,
    )
    .unwrap_err();
    assert!(matches!(e, MatchError::NotDue { game_no: 2, .. }), "{e:?}");
    let s = decide_match(&r, &players(), &[g(1, A, B, Outcome::BlackForfeits)], None).unwrap();
    assert_eq!(s.decided_by(), Some(DecidedBy::Forfeit));
    assert_eq!(s.winner(), Some(A));
}

#[test]
fn standard_ladder_swaps_colours_then_armageddon_gives_red_to_the_higher_seed() {
    let r = rules(SchemeKind::Standard, 1, None);
    // Lower seed B has red in game 1 (later round, fewer reds).
    let p = MatchPlayers {
        first_red: B,
        ..players()
    };
    let mut games = vec![g(1, B, A, Outcome::Draw)];
    let d = due(&decide_match(&r, &p, &games, None).unwrap());
    assert_eq!((d.game_no, d.red), (2, A), "game 2 swaps colours");
    assert_eq!(
        d.phase,
        Phase::Playoff {
            index: 0,
            step: PlayoffStep::Games(2)
        }
    );
    // Wrong colours are refused.
    games.push(g(2, B, A, Outcome::RedWin));
    assert!(matches!(
        decide_match(&r, &p, &games, None).unwrap_err(),
        MatchError::Colours {
            game_no: 2,
            red: A,
            ..
        }
    ));
    games.pop();
    games.push(g(2, A, B, Outcome::RedWin));
    games.push(g(3, B, A, Outcome::RedWin)); // 1–1 after games:2
    let d = due(&decide_match(&r, &p, &games, None).unwrap());
    assert_eq!((d.game_no, d.red), (4, A));
    assert_eq!(
        d.phase,
        Phase::Playoff {
            index: 1,
            step: PlayoffStep::Games(2)
        }
    );
    games.push(g(4, A, B, Outcome::Draw));
    games.push(g(5, B, A, Outcome::Draw));
    let d = due(&decide_match(&r, &p, &games, None).unwrap());
    // Armageddon: the higher seed (A) has red, although B had black last.
    assert_eq!((d.game_no, d.red, d.black), (6, A, B));
    games.push(g(6, A, B, Outcome::Draw));
    let s = decide_match(&r, &p, &games, None).unwrap();
    assert_eq!(s.winner(), Some(B), "a draw wins for black");
    assert_eq!(s.decided_by(), Some(DecidedBy::Armageddon));
    assert_eq!(s.playoff, [Points::new(2), Points::new(2)]);
}

#[test]
fn playoff_games_decide_on_points() {
    let r = rules(SchemeKind::ThreePoint, 2, None);
    let games = vec![
        g(1, A, B, Outcome::RedWin),
        g(2, B, A, Outcome::RedWin),
        g(3, A, B, Outcome::Draw),
        g(4, B, A, Outcome::BlackWin),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.score, [Points::new(3), Points::new(3)]);
    assert_eq!(s.playoff, [Points(150), Points(50)]);
    assert_eq!(s.winner(), Some(A));
    assert_eq!(s.decided_by(), Some(DecidedBy::PlayoffGames));
}

#[test]
fn equal_residuals_fall_through_to_armageddon() {
    // draw-0.8, default ladder games:1, residual, armageddon.
    let r = rules(SchemeKind::Draw08, 1, None);
    // Game 1: red A R+H v black B R+H: D = 13 − 1 − 13 = −1 → A −0.1.
    // Game 2 (A black): red B RH v A RH: B −0.1, so A +0.1. Sum 0.
    let games = vec![drawn(1, A, B, "RH", "RH"), drawn(2, B, A, "RH", "RH")];
    let d = due(&decide_match(&r, &players(), &games, None).unwrap());
    assert_eq!((d.game_no, d.red), (3, A));
    assert_eq!(
        d.phase.clone(),
        Phase::Playoff {
            index: 2,
            step: PlayoffStep::Armageddon
        }
    );
    let mut games = games;
    games.push(g(3, A, B, Outcome::RedWin));
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(A), Some(DecidedBy::Armageddon))
    );
    // Unequal residuals decide: A has a chariot more in game 2.
    let games = vec![drawn(1, A, B, "RH", "RH"), drawn(2, B, A, "RH", "RRH")];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(A), Some(DecidedBy::Residual))
    );
    // A missing residual is named.
    let games = vec![drawn(1, A, B, "RH", "RH"), g(2, B, A, Outcome::Draw)];
    assert!(matches!(
        decide_match(&r, &players(), &games, None).unwrap_err(),
        MatchError::Scoring(_)
    ));
}

fn chain_game(no: u32, red: i64, black: i64, o: Outcome) -> Game {
    let mut x = g(no, red, black, o);
    x.facts.moves = Some(40);
    x.facts.red_used_ms = Some(600_000);
    x.facts.black_used_ms = Some(600_000);
    x.facts.red_pieces = PieceMoves::parse("8/20/4/6/2");
    x.facts.black_pieces = PieceMoves::parse("8/20/4/6/2");
    x
}

#[test]
fn two_game_round_all_five_equal_goes_to_games_2_then_armageddon() {
    let r = rules(SchemeKind::TwoGame, 1, None);
    let mut games = vec![
        chain_game(1, A, B, Outcome::RedWin),
        chain_game(2, B, A, Outcome::RedWin),
    ];
    let d = due(&decide_match(&r, &players(), &games, None).unwrap());
    assert_eq!((d.game_no, d.red), (3, A), "swaps from game 2");
    assert_eq!(
        d.phase,
        Phase::Playoff {
            index: 0,
            step: PlayoffStep::Games(2)
        }
    );
    games.push(g(3, A, B, Outcome::Draw));
    games.push(g(4, B, A, Outcome::Draw));
    let d = due(&decide_match(&r, &players(), &games, None).unwrap());
    assert_eq!((d.game_no, d.red), (5, A));
    assert_eq!(
        d.phase,
        Phase::Playoff {
            index: 1,
            step: PlayoffStep::Armageddon
        }
    );
    // One win each, decided by the chain (fewer moves): the scheme.
    let mut g2 = chain_game(2, B, A, Outcome::RedWin);
    g2.facts.moves = Some(30);
    let s = decide_match(
        &r,
        &players(),
        &[chain_game(1, A, B, Outcome::RedWin), g2],
        None,
    )
    .unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(B), Some(DecidedBy::Scheme))
    );
    // A win and a draw: games.
    let s = decide_match(
        &r,
        &players(),
        &[g(1, A, B, Outcome::RedWin), g(2, B, A, Outcome::Draw)],
        None,
    )
    .unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(A), Some(DecidedBy::Games))
    );
}

#[test]
fn hu_round_is_decided_after_the_replay() {
    let r = rules(SchemeKind::HuTwoGame, 1, None);
    let games = vec![g(1, A, B, Outcome::Draw)];
    let d = due(&decide_match(&r, &players(), &games, None).unwrap());
    assert_eq!((d.game_no, d.red, d.black), (2, A, B), "same colours");
    // Swapped colours in the replay are refused.
    let bad = vec![g(1, A, B, Outcome::Draw), g(2, B, A, Outcome::RedWin)];
    assert!(matches!(
        decide_match(&r, &players(), &bad, None).unwrap_err(),
        MatchError::Colours { .. }
    ));
    // Red (A) wins the replay: 1 + 3 = 4 against 2.
    let games = vec![g(1, A, B, Outcome::Draw), g(2, A, B, Outcome::RedWin)];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(A), Some(DecidedBy::Scheme))
    );
    // Drawn again: black reaches 4, red 2.
    let games = vec![g(1, A, B, Outcome::Draw), g(2, A, B, Outcome::Draw)];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.winner(), Some(B));
    // Decided in game 1: no replay.
    let games = vec![g(1, A, B, Outcome::BlackWin), g(2, A, B, Outcome::Draw)];
    assert!(matches!(
        decide_match(&r, &players(), &games, None).unwrap_err(),
        MatchError::NotDue { game_no: 2, .. }
    ));
}

#[test]
fn sudden_death_and_lot() {
    let r = rules(SchemeKind::Standard, 1, Some("sudden-death:2,lot"));
    let games = vec![
        g(1, A, B, Outcome::Draw),
        g(2, B, A, Outcome::Draw),
        g(3, A, B, Outcome::BlackWin),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(B), Some(DecidedBy::SuddenDeath))
    );
    let games = vec![
        g(1, A, B, Outcome::Draw),
        g(2, B, A, Outcome::Draw),
        g(3, A, B, Outcome::Draw),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.state, MatchState::NeedsLot);
    let s = decide_match(&r, &players(), &games, Some(B)).unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(B), Some(DecidedBy::Lot))
    );
    // A play-off game when the lot is due is refused.
    let mut more = games.clone();
    more.push(g(4, B, A, Outcome::RedWin));
    assert!(matches!(
        decide_match(&r, &players(), &more, None).unwrap_err(),
        MatchError::NotDue { game_no: 4, .. }
    ));
}

#[test]
fn attacker_defender_keeps_its_scoring_in_the_playoff() {
    let r = rules(SchemeKind::AttackerDefender, 2, None);
    let strike = |mut x: Game, side: Colour| {
        x.facts.first_strike = Some(crate::domain::FirstStrike {
            side: Some(side),
            move_no: Some(10),
        });
        x
    };
    // A win each: level, play-off games:2 with 3 / 2 / 1 / 0.
    let mut games = vec![g(1, A, B, Outcome::RedWin), g(2, B, A, Outcome::RedWin)];
    let d = due(&decide_match(&r, &players(), &games, None).unwrap());
    assert_eq!(d.game_no, 3);
    // Game 3 drawn, A (red) the attacker: A 1, B 2. Game 4 drawn, B (red)
    // attacker: B 1, A 2. Level: next step.
    games.push(strike(g(3, A, B, Outcome::Draw), Colour::Red));
    games.push(strike(g(4, B, A, Outcome::Draw), Colour::Red));
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.playoff, [Points::new(3), Points::new(3)]);
    // Game 4 with A as the attacker instead: B defends both → B wins.
    games.pop();
    games.push(strike(g(4, B, A, Outcome::Draw), Colour::Black));
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(
        (s.winner(), s.decided_by()),
        (Some(B), Some(DecidedBy::PlayoffGames))
    );
}

/// Each game played is told apart by the part of the match it belongs to
/// (documents print "regular game 2", "play-off games:2", "armageddon").
#[test]
fn each_game_knows_its_phase() {
    let r = rules(SchemeKind::Standard, 2, Some("games:2,armageddon"));
    let games = [
        g(1, A, B, Outcome::RedWin),
        g(2, B, A, Outcome::RedWin),
        g(3, A, B, Outcome::RedWin),
        g(4, B, A, Outcome::RedWin),
        g(5, A, B, Outcome::Draw),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    let po = |index, step| Phase::Playoff { index, step };
    assert_eq!(
        s.phases,
        vec![
            Phase::Regular,
            Phase::Regular,
            po(0, PlayoffStep::Games(2)),
            po(0, PlayoffStep::Games(2)),
            po(1, PlayoffStep::Armageddon),
        ]
    );
    assert_eq!(s.winner(), Some(B), "a drawn armageddon game goes to black");
}

/// A game forfeited by both ends the match with both players out, in the
/// regular games or the play-off; an armageddon game forfeited by both
/// sends nobody through (not black, as a draw would); a game after it is
/// refused. The score counts it 0–0.
#[test]
fn a_double_forfeit_puts_both_players_out() {
    let r = rules(SchemeKind::Standard, 1, Some("armageddon"));
    let s = decide_match(&r, &players(), &[g(1, A, B, Outcome::DoubleForfeit)], None).unwrap();
    assert_eq!(s.state, MatchState::BothOut);
    assert_eq!(
        (s.winner(), s.decided_by()),
        (None, Some(DecidedBy::Forfeit))
    );
    assert!(s.settled());
    assert_eq!(s.games.regular, [Points::ZERO; 2]);
    assert_eq!(s.phases, vec![Phase::Regular]);
    // Level after a draw: the armageddon game (A red) forfeited by both.
    let games = [
        g(1, A, B, Outcome::Draw),
        g(2, A, B, Outcome::DoubleForfeit),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.state, MatchState::BothOut);
    assert_eq!(s.winner(), None);
    assert!(matches!(
        s.phases[1],
        Phase::Playoff {
            step: PlayoffStep::Armageddon,
            ..
        }
    ));
    // A game after it is not due.
    let more = [
        g(1, A, B, Outcome::DoubleForfeit),
        g(2, B, A, Outcome::RedWin),
    ];
    assert!(matches!(
        decide_match(
            &rules(SchemeKind::Standard, 2, None),
            &players(),
            &more,
            None
        ),
        Err(MatchError::NotDue { game_no: 2, .. })
    ));
    // A double forfeit with the wrong colours is refused as any game is.
    let wrong = [g(1, B, A, Outcome::DoubleForfeit)];
    assert!(decide_match(&r, &players(), &wrong, None).is_err());
}

/// A match reads in games whatever the scheme's points: a won game 1, a
/// draw ½; play-off games apart, an armageddon game not counted.
#[test]
fn the_match_score_counts_games_not_points() {
    let r = rules(SchemeKind::Standard, 2, Some("games:2,armageddon"));
    let games = [
        g(1, A, B, Outcome::RedWin),
        g(2, B, A, Outcome::RedWin),
        g(3, A, B, Outcome::Draw),
        g(4, B, A, Outcome::Draw),
        g(5, A, B, Outcome::Draw),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.winner(), Some(B));
    assert_eq!(
        s.score,
        [Points::new(2), Points::new(2)],
        "the scheme's points"
    );
    assert_eq!(s.games.regular, [Points::new(1), Points::new(1)]);
    assert_eq!(s.games.regular_games, 2);
    assert_eq!(s.games.steps.len(), 1, "one step played");
    assert_eq!(s.games.steps[0].score, [Points::new(1), Points::new(1)]);
    assert_eq!(s.games.steps[0].games, 2);
    assert_eq!(s.games.playoff_games(), 2);
    assert_eq!(s.games.clone().swapped().regular, s.games.regular);
}

/// Two play-off steps are counted apart, each with its place in the
/// ladder and its games, and swap with the match.
#[test]
fn each_play_off_step_is_counted_apart() {
    let r = rules(SchemeKind::Standard, 1, Some("games:2,sudden-death:2,lot"));
    let games = [
        g(1, A, B, Outcome::Draw),
        g(2, B, A, Outcome::RedWin),
        g(3, A, B, Outcome::RedWin),
        g(4, B, A, Outcome::Draw),
        g(5, A, B, Outcome::BlackWin),
    ];
    let s = decide_match(&r, &players(), &games, None).unwrap();
    assert_eq!(s.winner(), Some(B));
    let steps: Vec<_> = s
        .games
        .steps
        .iter()
        .map(|t| (t.index, t.step, t.score, t.games))
        .collect();
    let (one, half) = (Points::new(1), Points::from_hundredths(50));
    assert_eq!(
        steps,
        [
            (0, PlayoffStep::Games(2), [one, one], 2),
            (
                1,
                PlayoffStep::SuddenDeath(2),
                [half, Points::new(1) + half],
                2
            ),
        ]
    );
    let back = s.games.clone().swapped();
    assert_eq!(back.steps[1].score, [Points::new(1) + half, half]);
    assert_eq!(s.games.playoff_games(), 4);
}
