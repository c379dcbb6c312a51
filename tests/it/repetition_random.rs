//! Random legal games with forced repetitions: the classifier and the three
//! rule books never panic, always find the forced cycle, and their reports
//! agree with themselves.

use proptest::prelude::*;
use qishe::i18n::Lang;
use qishe::xiangqi::repetition::rules::Class;
use qishe::xiangqi::repetition::{judge, latest_repetition, RuleSet};
use qishe::xiangqi::{Move, Position};

/// Plays `random` choices from the start: a random legal move each ply,
/// and every `period` plies a forced back-and-forth (a red and a black
/// non-capturing move, both undone, then played again) when one exists.
fn game(choices: &[u32], period: usize) -> (Position, Vec<Move>, usize) {
    let start = Position::start();
    let mut p = start.clone();
    let mut moves = Vec::new();
    let mut forced = 0;
    let mut next = choices.iter().copied().cycle();
    for step in 0..choices.len() {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        if step % period == period - 1 {
            if let Some(seq) = back_and_forth(&p, next.next().unwrap()) {
                for m in seq {
                    p.make(m);
                    moves.push(m);
                }
                forced += 1;
                continue;
            }
        }
        let m = legal[next.next().unwrap() as usize % legal.len()];
        p.make(m);
        moves.push(m);
    }
    (start, moves, forced)
}

/// Two non-capturing moves (one each side) whose reverses are legal right
/// after: m1 m2 back1 back2 m1 m2 repeats a position.
fn back_and_forth(p: &Position, pick: u32) -> Option<Vec<Move>> {
    let quiet = |q: &Position| -> Vec<Move> {
        q.legal_moves()
            .into_iter()
            .filter(|m| q.piece_at(m.to()).is_none())
            .collect()
    };
    let firsts = quiet(p);
    for i in 0..firsts.len() {
        let m1 = firsts[(i + pick as usize) % firsts.len()];
        let p1 = p.after(m1);
        for m2 in quiet(&p1) {
            let p2 = p1.after(m2);
            let b1 = Move::new(m1.to(), m1.from());
            if !p2.is_legal(b1) {
                continue;
            }
            let p3 = p2.after(b1);
            let b2 = Move::new(m2.to(), m2.from());
            if !p3.is_legal(b2) {
                continue;
            }
            return Some(vec![m1, m2, b1, b2, m1, m2]);
        }
    }
    None
}

#[test]
fn the_generator_forces_repetitions_in_midgame_positions() {
    let choices: Vec<u32> = (0..80u32)
        .map(|i| i.wrapping_mul(2_654_435_761) >> 7)
        .collect();
    let (start, moves, forced) = game(&choices, 9);
    assert!(forced >= 3, "forced {forced}");
    let rep = latest_repetition(&start, &moves).unwrap();
    assert!(rep.again > 40, "the last forced cycle is late in the game");
    for rules in RuleSet::ALL {
        judge(&start, &moves, rules).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(64)))]
    #[test]
    fn random_games_with_forced_repetitions(
        choices in prop::collection::vec(any::<u32>(), 20..90),
        period in 5usize..15,
    ) {
        let (start, moves, forced) = game(&choices, period);
        let rep = latest_repetition(&start, &moves);
        if forced > 0 {
            prop_assert!(rep.is_some(), "a forced back-and-forth must repeat");
        }
        let Some(rep) = rep else { return Ok(()) };
        prop_assert!(rep.moves.len() >= 4 && rep.moves.len() % 2 == 0);
        for rules in RuleSet::ALL {
            let j = judge(&start, &moves, rules).expect("a repetition was found");
            prop_assert_eq!(j.moves.len(), rep.moves.len());
            for (k, m) in j.moves.iter().enumerate() {
                prop_assert_eq!(m.facts.ply, rep.first + k + 1);
                prop_assert_eq!(m.class == Class::Check, m.facts.check);
                if rules == RuleSet::Simple {
                    prop_assert!(m.class != Class::MateThreat);
                }
            }
            // Reports render in every language; the JSON is what it says.
            for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
                prop_assert!(!j.text(lang).is_empty());
            }
            let v = j.to_json();
            prop_assert_eq!(v["rules"].as_str(), Some(rules.code()));
            prop_assert_eq!(v["moves"].as_array().map(|a| a.len()), Some(rep.moves.len()));
            match j.must_change {
                Some(c) => prop_assert_eq!(v["must_change"].as_str(), Some(c.code())),
                None => {
                    prop_assert!(v["must_change"].is_null());
                    prop_assert_eq!(v["ruling"].as_str(), Some("draw"));
                }
            }
        }
    }
}
