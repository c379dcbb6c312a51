//! Errors of the scoring layer.

use super::validate::InvalidResult;
use std::fmt;

/// Which game a message is about: round, board, game number and players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRef {
    pub round: u32,
    pub board: u32,
    pub game_no: u32,
    pub red: String,
    pub black: String,
}

impl fmt::Display for GameRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round {}, board {}, game {} ({} – {})",
            self.round, self.board, self.game_no, self.red, self.black
        )
    }
}

/// Why scores or standings could not be computed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoringError {
    /// The scheme id is not one we know.
    #[error("unknown scoring scheme \"{id}\"; allowed: {allowed}")]
    UnknownScheme { id: String, allowed: String },
    /// A scheme setting that this scheme does not have.
    #[error("scheme {scheme} has no setting \"{key}\"; allowed: {allowed}")]
    UnknownSetting {
        scheme: String,
        key: String,
        allowed: String,
    },
    /// A setting whose value is not a point value / whole number.
    #[error("setting {key}: {value} is not {expected}")]
    BadSettingValue {
        key: String,
        value: String,
        expected: &'static str,
    },
    /// A tie-break code that does not exist.
    #[error("unknown tie-break \"{code}\"; allowed: {allowed}")]
    UnknownTieBreak { code: String, allowed: String },
    /// The scheme needs a fact this game does not have.
    #[error("{game}: the {scheme} scheme needs {field}, which is missing")]
    MissingField {
        scheme: String,
        field: String,
        game: GameRef,
    },
    /// The games of a board do not fit the scheme or the board.
    #[error("{game}: {why}")]
    BadGame { game: GameRef, why: String },
    /// An id that is not one of the event's players.
    #[error("round {round}: entry {id} is not a player of this event")]
    UnknownPlayer { round: u32, id: i64 },
    /// A player appears twice in one round.
    #[error("round {round}: {name} is on more than one board")]
    PlayedTwice { round: u32, name: String },
    /// A player name or id asked for that is not in the standings.
    #[error("no player \"{0}\" in these standings")]
    NoSuchPlayer(String),
    /// A result that cannot have happened.
    #[error("{game}: {why}")]
    Invalid { game: GameRef, why: InvalidResult },
}
