//! Property tests of the Dutch pairing on random tournaments: every round of
//! a simulated event is checked against the absolute rules.

use proptest::prelude::*;
use qishe::domain::{Colour, Points};
use qishe::pairing::dutch::{self, simulate};
use qishe::pairing::{RoundKind, SwissState};
use std::collections::HashSet;

fn check_round(s: &SwissState, p: &qishe::pairing::RoundPairing) -> Result<(), String> {
    let available: HashSet<u32> = s
        .players
        .iter()
        .filter(|x| x.available)
        .map(|x| x.id)
        .collect();
    let mut seen = HashSet::new();
    for b in &p.boards {
        for id in [b.red, b.black] {
            if !available.contains(&id) {
                return Err(format!("{id} paired but not available"));
            }
            if !seen.insert(id) {
                return Err(format!("{id} paired twice"));
            }
        }
        let red = s.player(b.red).unwrap();
        if red
            .history
            .iter()
            .any(|r| r.opponent == Some(b.black) && matches!(r.kind, RoundKind::Played(_)))
        {
            return Err(format!("rematch {} - {}", b.red, b.black));
        }
        if s.forbidden
            .iter()
            .any(|&(x, y)| (x, y) == (b.red, b.black) || (y, x) == (b.red, b.black))
        {
            return Err(format!("forbidden pair {} - {}", b.red, b.black));
        }
        // Absolute colour rules: after this game nobody is 3 colours ahead
        // nor has the same colour three times running.
        for (id, c) in [(b.red, Colour::Red), (b.black, Colour::Black)] {
            let mut cols: Vec<Colour> = s.player(id).unwrap().colours_played().collect();
            cols.push(c);
            let reds = cols.iter().filter(|&&x| x == Colour::Red).count() as i64;
            let diff = 2 * reds - cols.len() as i64;
            if diff.abs() > 2 {
                return Err(format!("player {id} colour difference {diff}"));
            }
            if cols.len() >= 3 && cols[cols.len() - 3..].iter().all(|&x| x == c) {
                return Err(format!(
                    "player {id} gets the same colour three times running"
                ));
            }
        }
    }
    if let Some(b) = p.bye {
        if !available.contains(&b) || !seen.insert(b) {
            return Err(format!("bye {b} invalid"));
        }
    }
    if seen != available {
        return Err(format!(
            "{} of {} available players paired",
            seen.len(),
            available.len()
        ));
    }
    if available.len() % 2 == 1 && p.bye.is_none() {
        return Err("odd number of players but no bye".into());
    }
    // No second full-point unplayed score while someone eligible is left:
    // the bye assignee may be ineligible only if every player is.
    if let Some(b) = p.bye {
        let ineligible = |id: u32| {
            s.player(id)
                .unwrap()
                .history
                .iter()
                .any(|r| !matches!(r.kind, RoundKind::Played(_)) && r.points >= Points::new(1))
        };
        if ineligible(b) && available.iter().any(|&id| !ineligible(id)) {
            return Err(format!(
                "player {b} gets a second bye while others are eligible"
            ));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(64)))]
    #[test]
    fn random_tournaments_respect_absolute_rules(n in 10usize..34, rounds in 1u32..7, seed in any::<u64>()) {
        let mut rng = simulate::Rng::new(seed);
        let mut s = simulate::new_event(n, 20);
        for _ in 0..rounds {
            let p = dutch::pair(&s).map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_round(&s, &p).map_err(|e| TestCaseError::fail(format!("round {}: {e}", s.round)))?;
            simulate::play_round(&mut s, &p, &mut rng);
        }
    }
}

#[test]
fn first_round_follows_xxc() {
    let mut s = simulate::new_event(10, 5);
    let p = dutch::pair(&s).unwrap();
    // Top half against bottom half; seed 1 takes the first colour.
    let b1 = p
        .boards
        .iter()
        .find(|b| b.red == 1 || b.black == 1)
        .unwrap();
    assert_eq!((b1.red, b1.black), (1, 6));
    let b2 = p
        .boards
        .iter()
        .find(|b| b.red == 2 || b.black == 2)
        .unwrap();
    assert_eq!((b2.red, b2.black), (7, 2));
    s.first_colour = Colour::Black;
    let p = dutch::pair(&s).unwrap();
    let b1 = p
        .boards
        .iter()
        .find(|b| b.red == 1 || b.black == 1)
        .unwrap();
    assert_eq!((b1.red, b1.black), (6, 1));
}

#[test]
fn impossible_round_is_an_error_not_a_panic() {
    // Two players who already met cannot be paired again.
    let mut s = simulate::new_event(2, 3);
    let p = dutch::pair(&s).unwrap();
    simulate::play_round(&mut s, &p, &mut simulate::Rng::new(7));
    for pl in &mut s.players {
        pl.available = true;
        if let Some(r) = pl.history.last_mut() {
            if r.opponent.is_some() {
                r.kind = RoundKind::Played(qishe::pairing::GameScore::Draw);
                r.points = Points(50);
            }
        }
    }
    assert!(dutch::pair(&s).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(32)))]
    /// The incremental matcher gives exactly the pairing of from-scratch solves.
    #[test]
    fn incremental_solver_matches_reference(n in 10usize..60, rounds in 1u32..6, seed in any::<u64>()) {
        let s = simulate::quick_tournament(n, rounds, 9, seed);
        let a = dutch::pair(&s).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let b = dutch::pair_reference(&s).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(a, b);
    }
}
