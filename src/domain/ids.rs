//! Typed ids and numbers: what crosses the app's door instead of a bare
//! `i64` or `u32`, so an event id cannot be passed where a member id is
//! meant, nor a board number where a round number is. Each is made once at
//! a front end's edge from what the user typed (the CLI's `App::find_*`,
//! the TUI from the rows it shows) and unwrapped inside the app.

use std::fmt;

/// An event, by its database id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventId(pub i64);

/// A club member, by its database id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemberId(pub i64);

/// A player's entry in one event, by its database id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EntryId(pub i64);

/// A team of a team event, by its database id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TeamId(pub i64);

/// A season, by its database id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SeasonId(pub i64);

/// A round of an event, numbered from 1 as the secretary sees it. As
/// JSON, its bare number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct RoundNo(pub u32);

/// A board of a round, numbered from 1 as the pairing sheet shows it. As
/// JSON, its bare number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub struct BoardNo(pub u32);

impl RoundNo {
    /// The first round.
    pub const FIRST: RoundNo = RoundNo(1);

    /// The round's number.
    pub fn get(self) -> u32 {
        self.0
    }

    /// The round before this one; the first round stays the first.
    pub fn prev(self) -> RoundNo {
        RoundNo(self.0.saturating_sub(1).max(1))
    }

    /// The round after this one, but never past round `last`.
    pub fn next_upto(self, last: u32) -> RoundNo {
        RoundNo((self.0 + 1).min(last.max(1)))
    }

    /// This round kept within rounds `1 ..= last`.
    pub fn within(self, last: u32) -> RoundNo {
        RoundNo(self.0.clamp(1, last.max(1)))
    }
}

impl BoardNo {
    /// The board's number.
    pub fn get(self) -> u32 {
        self.0
    }
}

/// How far a table counts: before any round is complete, or after round
/// `n` (rounds `1 ..= n` counted). Standings, crosstables and their
/// documents carry it, so "no round complete yet" is a value of its own
/// rather than a round 0 each renderer must remember to read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AfterRound(Option<RoundNo>);

impl AfterRound {
    /// Before round 1 is complete: nothing counted yet.
    pub const START: AfterRound = AfterRound(None);

    /// After round `r`: rounds `1 ..= r` counted.
    pub fn round(r: RoundNo) -> AfterRound {
        AfterRound(Some(r))
    }

    /// After the first `n` rounds (`0`: before round 1), as the scoring
    /// core counts them.
    pub fn counting(n: u32) -> AfterRound {
        AfterRound((n > 0).then_some(RoundNo(n)))
    }

    /// The last round counted; `None` before round 1.
    pub fn last(self) -> Option<RoundNo> {
        self.0
    }

    /// How many rounds are counted (`0` before round 1): the rounds
    /// `1 ..= rounds()` a crosstable has columns for.
    pub fn rounds(self) -> u32 {
        self.0.map_or(0, RoundNo::get)
    }
}

/// A round or board shows as its bare number, so a message that names one
/// reads as it did when the number was a `u32`.
impl fmt::Display for RoundNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for BoardNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_and_a_board_show_as_their_numbers() {
        assert_eq!(RoundNo(3).to_string(), "3");
        assert_eq!(format!("{:>3}", BoardNo(12)), " 12");
        assert_eq!(RoundNo(7).get(), 7);
        assert!(RoundNo(2) < RoundNo(10));
    }

    #[test]
    fn after_round_zero_is_the_start_not_a_round() {
        assert_eq!(AfterRound::counting(0), AfterRound::START);
        assert_eq!(AfterRound::START.last(), None);
        assert_eq!(AfterRound::START.rounds(), 0);
        assert_eq!(AfterRound::counting(3), AfterRound::round(RoundNo(3)));
        assert_eq!(AfterRound::counting(3).last(), Some(RoundNo(3)));
        assert_eq!(AfterRound::counting(3).rounds(), 3);
        assert!(AfterRound::START < AfterRound::counting(1));
    }

    #[test]
    fn a_round_steps_within_its_event() {
        assert_eq!(RoundNo(3).prev(), RoundNo(2));
        assert_eq!(RoundNo::FIRST.prev(), RoundNo::FIRST);
        assert_eq!(RoundNo(3).next_upto(5), RoundNo(4));
        assert_eq!(RoundNo(5).next_upto(5), RoundNo(5));
        assert_eq!(RoundNo(1).next_upto(0), RoundNo(1));
        assert_eq!(RoundNo(9).within(4), RoundNo(4));
        assert_eq!(RoundNo(0).within(4), RoundNo(1));
        assert_eq!(RoundNo(2).within(4), RoundNo(2));
    }
}
