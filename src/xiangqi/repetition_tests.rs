use super::board::{Move, Position, Square};
use super::notation::parse_move;
use super::repetition::*;
use crate::domain::Colour;

fn play(start: &Position, texts: &[&str]) -> Vec<Move> {
    let mut p = start.clone();
    texts
        .iter()
        .map(|t| {
            let m = parse_move(&p, t).unwrap_or_else(|e| panic!("{t}: {e}"));
            p.make(m);
            m
        })
        .collect()
}

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0').unwrap()
}

#[test]
fn no_repetition_in_a_fresh_game() {
    let s = Position::start();
    let moves = play(&s, &["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(latest_repetition(&s, &moves), None);
}

#[test]
fn horses_out_and_back_repeat_the_start() {
    let s = Position::start();
    let moves = play(&s, &["h0g2", "h9g7", "g2h0", "g7h9", "h0g2"]);
    let r = latest_repetition(&s, &moves).unwrap();
    // The latest repeated position is after ply 5 (= after ply 1).
    assert_eq!((r.first, r.again), (1, 5));
    assert_eq!(r.moves, moves[1..5].to_vec());
    let sum = summarise(&r);
    assert_eq!(sum.red, [MoveClass::Idle, MoveClass::Idle]);
    assert_eq!(sum.black, [MoveClass::Idle, MoveClass::Idle]);
    assert_eq!(simple_verdict(&sum), Verdict::Draw);
}

#[test]
fn perpetual_check_must_change() {
    let s = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2K5 w").unwrap();
    let moves = play(&s, &["a0a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8"]);
    let r = latest_repetition(&s, &moves).unwrap();
    assert_eq!((r.first, r.again), (2, 6));
    let sum = summarise(&r);
    assert_eq!(sum.class(Colour::Red), CycleClass::PerpetualCheck);
    assert_eq!(sum.class(Colour::Black), CycleClass::Ordinary);
    assert_eq!(simple_verdict(&sum), Verdict::MustChange(Colour::Red));
}

#[test]
fn a_chariot_attacking_a_horse_is_a_chase_and_old_attacks_do_not_count() {
    // Red chariot a0, black horse b7 (no defender matters in the simple rule).
    let p = Position::from_fen("4k4/9/1n7/9/9/9/9/9/9/R2K5 w").unwrap();
    let m = Move::new(sq("a0"), sq("a7"));
    let a = direct_attacks(&p, m);
    assert!(!a.check);
    assert_eq!(a.new.len(), 1);
    assert_eq!(a.new[0].target, sq("b7"));
    assert_eq!(classify(&p, m), MoveClass::Chase);
    // Moving the king while the chariot already attacks the horse: the
    // attack stood before, so the move is idle.
    let p = Position::from_fen("4k4/9/Rn7/9/9/9/9/9/9/3K5 w").unwrap();
    let m = Move::new(sq("d0"), sq("d1"));
    let a = direct_attacks(&p, m);
    assert_eq!(a.all.len(), 1);
    assert!(a.new.is_empty());
    assert_eq!(classify(&p, m), MoveClass::Idle);
}

#[test]
fn a_pinned_piece_does_not_attack_and_pawns_may_chase() {
    // The red horse on e4 stands alone between the kings: it may not move,
    // so it does not attack the chariot on c5.
    let p = Position::from_fen("4k4/9/9/9/2r6/4N4/9/9/9/4K4 w").unwrap();
    let m = Move::new(sq("e0"), sq("e1"));
    assert!(direct_attacks(&p, m).all.is_empty());
    // Off the file, the king frees the horse: a new attack on the chariot.
    let m = Move::new(sq("e0"), sq("d0"));
    assert_eq!(direct_attacks(&p, m).new.len(), 1);
    assert_eq!(classify(&p, m), MoveClass::Chase);
    // A pawn attacking a piece is not a chase.
    let p = Position::from_fen("3k5/9/9/2n6/3P5/9/9/9/9/4K4 w").unwrap();
    let m = Move::new(sq("d5"), sq("d6"));
    let a = direct_attacks(&p, m);
    assert_eq!(a.new.len(), 1);
    assert_eq!(classify(&p, m), MoveClass::Idle);
}

#[test]
fn cycle_classes_rank() {
    use MoveClass::*;
    assert_eq!(cycle_class(&[Check, Check]), CycleClass::PerpetualCheck);
    assert_eq!(cycle_class(&[Check, Chase]), CycleClass::CheckChase);
    assert_eq!(cycle_class(&[Chase, Chase]), CycleClass::PerpetualChase);
    assert_eq!(cycle_class(&[Check, Idle]), CycleClass::Ordinary);
    assert!(CycleClass::PerpetualCheck < CycleClass::CheckChase);
    assert!(CycleClass::PerpetualChase < CycleClass::Ordinary);
}
