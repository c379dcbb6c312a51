//! The `scoring` layer: schemes (game → points, round → big/small points),
//! byes and forfeits, tie-breaks, standings, crosstables and result checks.
//!
//! Everything here is pure: the caller hands in an [`EventData`] (the
//! event's players, rounds, boards and games) and gets values back. All
//! scores are exact [`Points`] (hundredths). The rules are those of
//! `../shared/specs/scoring.md` and `../shared/specs/cxa-swiss.md` §4–§6.

mod error;
mod fide;
mod fide_codes;
mod import;
pub mod knockout;
mod modifiers;
mod performance;
pub mod prizes;
mod rounds;
mod scheme;
pub mod season;
mod settings;
mod standings;
pub mod team;
mod tiebreak;
mod tiebreaks;
mod two_game;
mod validate;

pub use error::{GameRef, ScoringError};
pub use fide::{Part, PartKind};
pub use import::event_from_rows;
pub use modifiers::{CutBase, KoyaLimit, Modified};
pub use rounds::{board_missing, player_rounds, GameSide, PlayerRound, RoundKind, RoundResult};
pub use scheme::read_scheme_constants;
pub use scheme::{Scheme, SchemeKind};
pub use settings::{
    ArmageddonValues, AttackerDefenderValues, ChessValues, Draw08Values, HuTwoGameValues,
    SchemeSettings, SixValues, TwoGameValues,
};
pub use standings::{
    breakdown, complete_rounds, crosstable, excluded_by_forfeits, standings, Breakdown,
    BreakdownItem, BreakdownPart, CrossCell, CrossRow, Crosstable, DirectDetail, DirectGame,
    DirectRow, Explanation, StandingRow, Standings,
};
pub use tiebreak::{TieBreak, TieValue};
pub use tiebreaks::TieBreaks;
pub use two_game::{decide_hu_two_game, decide_two_game, RoundDecision, TwoGameStep};
pub use validate::{validate_game, InvalidResult};

use crate::domain::{ByeSettings, Game, Points, RequestedByeValue, TimeControl};

/// A player as the scoring layer sees him: an entry of the event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRef {
    /// Entry id (the id boards and games refer to).
    pub id: i64,
    /// Start number (序号), 1-based; breaks final ties in the listing order.
    pub start_no: u32,
    pub name: String,
    /// Rating at entry (FIDE `aro` and `tpr`); `None` = unrated.
    pub rating: Option<i32>,
}

/// One board of a round: two entries and their game(s), or a pairing bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardData {
    pub number: u32,
    /// The red player of game 1 (the bye player on a bye board; a bye is
    /// recorded with this colour, as CXA does).
    pub red: i64,
    /// `None` = pairing-allocated bye (轮空).
    pub black: Option<i64>,
    /// The games of this board (one, or two in two-game schemes). Empty on a
    /// bye board, or while no result is known.
    pub games: Vec<Game>,
}

/// One round of an event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundData {
    pub number: u32,
    pub boards: Vec<BoardData>,
    /// Byes asked for in advance (not pairing byes), with what they score.
    pub requested_byes: Vec<(i64, RequestedByeValue)>,
}

/// Everything the scoring layer needs to know about an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventData {
    pub players: Vec<PlayerRef>,
    pub rounds: Vec<RoundData>,
    pub games_per_round: u32,
    pub time_control: TimeControl,
    pub byes: ByeSettings,
    /// The rounds the event plans (0: not known). FIDE's Fore-Buchholz
    /// draws the games of this round only; before it is played there is
    /// nothing to draw.
    pub planned_rounds: u32,
    /// A round robin (FIDE C.07 and its checker): unplayed games count as
    /// played unless a code says `/S`, and a round without an opponent is
    /// no round of the Buchholz family.
    pub round_robin: bool,
    /// FIDE C.07's 2024 edition where a code names none (`/V`): an event
    /// that starts before 1 March 2026, as FIDE's checker takes it.
    pub c07_2024: bool,
}

impl EventData {
    /// The player with entry id `id`.
    pub fn player(&self, id: i64) -> Option<&PlayerRef> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The number of the last round that has any board or requested bye.
    pub fn last_round(&self) -> u32 {
        self.rounds
            .iter()
            .filter(|r| !r.boards.is_empty() || !r.requested_byes.is_empty())
            .map(|r| r.number)
            .max()
            .unwrap_or(0)
    }

    /// The player's name, or `#id` if the entry is unknown (for messages).
    pub(crate) fn name_of(&self, id: i64) -> String {
        self.player(id)
            .map(|p| p.name.clone())
            .unwrap_or_else(|| format!("#{id}"))
    }
}

/// Formats points for tables: always two decimals (`1.20`).
pub fn fmt_points(p: Points) -> String {
    p.to_string()
}
