//! The TRF ↔ pairing-state conversion over the TRF test files of
//! `formats::trf` (the conformance cases, a sample, hand-made rounds).

use super::super::{RoundKind, SwissState};
use crate::domain::{Colour, Points};
use crate::formats::trf::tests::{case_files, line, round_one, SAMPLE};
use crate::formats::trf::Trf;
use proptest::prelude::*;

#[test]
fn the_sample_as_pairing_state() {
    let t = Trf::parse(SAMPLE).unwrap();
    let s = SwissState::from_trf(&t).unwrap();
    assert_eq!(s.round, 3);
    assert!(
        !s.player(1).unwrap().available,
        "H in round 3 is a requested bye"
    );
    assert!(s.player(2).unwrap().available);
    assert_eq!(s.player(1).unwrap().points(), Points(150));
    assert_eq!(s.player(2).unwrap().points(), Points(50));
    assert_eq!(s.player(4).unwrap().history[1].kind, RoundKind::PairingBye);
    assert_eq!(s.first_colour, Colour::Black);
}

#[test]
fn conformance_files_give_the_same_state_written_and_read_back() {
    for f in case_files() {
        let text = std::fs::read_to_string(&f).unwrap();
        let a = Trf::parse(&text).unwrap();
        let b = Trf::parse(&a.write()).unwrap();
        assert_eq!(
            SwissState::from_trf(&a).unwrap(),
            SwissState::from_trf(&b).unwrap()
        );
        // The points column agrees with the results.
        let s = SwissState::from_trf(&a).unwrap();
        for (p, tp) in s.players.iter().zip(&a.players) {
            assert_eq!(p.points(), tp.points, "{} player {}", f.display(), p.id);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::test_cases(300)))]
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(t) = Trf::parse(&text) {
            let _ = SwissState::from_trf(&t);
        }
    }

    #[test]
    fn mutated_files_never_panic(idx in 0usize..60, pos in any::<usize>(), ch in any::<char>(), cut in any::<bool>()) {
        let files = case_files();
        if files.is_empty() {
            // no ../shared beside this clone: nothing to mutate
            return Ok(());
        }
        let text = std::fs::read_to_string(&files[idx % files.len()]).unwrap();
        let mut chars: Vec<char> = text.chars().collect();
        let p = pos % chars.len();
        if cut { chars.truncate(p) } else { chars[p] = ch }
        let text: String = chars.into_iter().collect();
        if let Ok(t) = Trf::parse(&text) {
            if let Ok(s) = SwissState::from_trf(&t) {
                let _ = crate::pairing::pair(&s, &crate::pairing::PairingConfig::new(crate::domain::PairingSystem::Dutch));
            }
        }
    }
}

#[test]
fn state_export_round_trips() {
    for f in case_files() {
        let state = Trf::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let state = SwissState::from_trf(&state).unwrap();
        let text = state.to_trf("export").write();
        let back = SwissState::from_trf(&Trf::parse(&text).unwrap()).unwrap();
        let mut a = state.clone();
        let mut b = back.clone();
        // Names and ratings survive; the pairing history and requests too.
        a.forbidden.sort_unstable();
        b.forbidden.sort_unstable();
        assert_eq!(a, b, "{}", f.display());
    }
}

#[test]
fn total_rounds_and_first_colour_reach_the_state() {
    let t = Trf::parse(&round_one("012 x\n142 7\n152 B")).unwrap();
    let s = SwissState::from_trf(&t).unwrap();
    assert_eq!((s.total_rounds, s.first_colour), (7, Colour::Black));
    // Without a colour line: the colour player 1 had in round 1.
    let t = Trf::parse(&round_one("012 x\nXXR 5")).unwrap();
    assert_eq!(
        SwissState::from_trf(&t).unwrap().first_colour,
        Colour::Black
    );
}

#[test]
fn an_absence_before_a_late_entry_is_not_a_pairing() {
    // Player 5 enters in round 2: `0000 - -` in round 1 is an absence, so the
    // next round to pair is round 2 and he is available for it.
    let text = format!(
        "{}{}\n",
        round_one("012 x\nXXR 5"),
        line(5, "0.0", &["0000 - -"])
    );
    let t = Trf::parse(&text).unwrap();
    assert_eq!(t.played_rounds(), 1);
    let s = SwissState::from_trf(&t).unwrap();
    let p5 = s.player(5).unwrap();
    assert!(p5.available);
    assert_eq!(p5.history[0].kind, RoundKind::NotPaired);
}

#[test]
fn a_full_point_bye_given_in_advance_stays_f() {
    let text = format!(
        "{}{}\n",
        round_one("012 x\nXXR 5"),
        line(5, "1.0", &["0000 - F"])
    );
    let s = SwissState::from_trf(&Trf::parse(&text).unwrap()).unwrap();
    let p5 = s.player(5).unwrap();
    assert_eq!(p5.history[0].kind, RoundKind::RequestedBye);
    let back = s.to_trf("x");
    let b = back.players.iter().find(|p| p.id == 5).unwrap();
    assert_eq!(b.rounds[0].result, 'F');
}
