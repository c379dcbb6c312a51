//! Keeping players of the same club apart in the Dutch system: an option
//! of the event (`absolute`, or `relaxed` when no pairing keeps them all
//! apart). Clubmates' pairs are added to the forbidden ones; the Chinese
//! method has its own rule (`CxaOptions::avoid_same_club`).

use super::{dutch, PairingError, RoundPairing, SwissState};
use crate::i18n::msg;

pub use crate::domain::ClubApart;

/// The Dutch system, with clubmates kept apart as `clubs` says: their
/// pairs are added to the forbidden ones.
pub(super) fn pair_dutch(
    state: &SwissState,
    clubs: ClubApart,
) -> Result<RoundPairing, PairingError> {
    if clubs == ClubApart::Off {
        return dutch::pair(state);
    }
    let mut by_club: std::collections::BTreeMap<&str, Vec<u32>> = Default::default();
    for p in state.players.iter().filter(|p| p.available) {
        if let Some(c) = p.club.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
            by_club.entry(c).or_default().push(p.id);
        }
    }
    let mut apart = state.clone();
    for ids in by_club.values() {
        for (i, &a) in ids.iter().enumerate() {
            for &b in &ids[i + 1..] {
                apart.forbidden.push((a, b));
            }
        }
    }
    match dutch::pair(&apart) {
        Err(PairingError::NoLegalPairing { .. }) if clubs == ClubApart::Relaxed => {
            let mut p = dutch::pair(state)?;
            p.notes
                .push(msg!("note.pairing.clubmates_relaxed", round = state.round));
            Ok(p)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::PairingPlayer;

    /// Round 1 of `n` players by rating, `clubs[i]` player i+1's club.
    fn state(clubs: &[Option<&str>]) -> SwissState {
        let players = clubs
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut p = PairingPlayer::new(i as u32 + 1, format!("P{}", i + 1));
                p.rating = 2000 - 10 * i as u32;
                p.club = c.map(str::to_string);
                p
            })
            .collect();
        SwissState::first_round(players, 5)
    }

    fn pairs(p: &RoundPairing) -> Vec<(u32, u32)> {
        let mut v: Vec<(u32, u32)> = p
            .boards
            .iter()
            .map(|b| (b.red.min(b.black), b.red.max(b.black)))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn clubmates_are_kept_apart_when_asked() {
        // Without the rule round 1 pairs 1–3 and 2–4: 1 and 3 are clubmates.
        let s = state(&[Some("A"), None, Some("A"), Some(" ")]);
        let off = pair_dutch(&s, ClubApart::Off).unwrap();
        assert_eq!(pairs(&off), [(1, 3), (2, 4)]);
        for mode in [ClubApart::Absolute, ClubApart::Relaxed] {
            let p = pair_dutch(&s, mode).unwrap();
            assert!(!pairs(&p).contains(&(1, 3)), "{mode:?}: {p:?}");
            assert_eq!(p.boards.len(), 2);
            assert!(p.notes.is_empty());
        }
    }

    #[test]
    fn absolute_refuses_and_relaxed_pairs_with_a_note_when_no_pairing_keeps_them_apart() {
        // Three of four in one club: two of them must meet.
        let s = state(&[Some("A"), Some("A"), Some("A"), None]);
        let e = pair_dutch(&s, ClubApart::Absolute).unwrap_err();
        assert!(
            matches!(e, PairingError::NoLegalPairing { round: 1, .. }),
            "{e}"
        );
        let p = pair_dutch(&s, ClubApart::Relaxed).unwrap();
        assert_eq!(pairs(&p), pairs(&pair_dutch(&s, ClubApart::Off).unwrap()));
        assert_eq!(p.notes.len(), 1);
        let note = p.notes[0].render(crate::i18n::Lang::En);
        assert!(note.contains("clubmates"), "{note}");
    }

    #[test]
    fn absent_players_and_codes() {
        // An absent clubmate is no constraint.
        let mut s = state(&[Some("A"), None, Some("A"), None, Some("A")]);
        s.players[4].available = false;
        let p = pair_dutch(&s, ClubApart::Absolute).unwrap();
        assert!(!pairs(&p).contains(&(1, 3)), "{p:?}");
        for m in [ClubApart::Off, ClubApart::Absolute, ClubApart::Relaxed] {
            assert_eq!(ClubApart::from_code(m.code()), Some(m));
        }
        assert_eq!(ClubApart::from_code("sometimes"), None);
    }
}
