//! Errors of the scoring layer. Each renders through its keyed message
//! ([`ScoringError::msg`]); `Display` is that message's English.

use super::validate::InvalidResult;
use crate::i18n::{msg, with_near, Msg};
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

impl GameRef {
    /// `round 3, board 2, game 1 (red – black)` as a keyed message.
    pub fn msg(&self) -> Msg {
        msg!(
            "err.scoring.game_ref",
            round = self.round,
            board = self.board,
            game = self.game_no,
            red = &self.red,
            black = &self.black
        )
    }
}

/// A scheme's name as its readers know it (新分先制; the id in English),
/// or the id itself for a scheme without one.
fn scheme_name(id: &str) -> crate::i18n::Arg {
    match crate::i18n::key(&format!("scheme.name.{id}")) {
        Some(k) => crate::i18n::Arg::Msg(Msg::new(k)),
        None => crate::i18n::Arg::Text(id.to_string()),
    }
}

impl fmt::Display for GameRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg().en())
    }
}

/// Why scores or standings could not be computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScoringError {
    /// The scheme id is not one we know.
    UnknownScheme { id: String, allowed: String },
    /// A scheme setting that this scheme does not have.
    UnknownSetting {
        scheme: String,
        key: String,
        allowed: String,
    },
    /// A setting whose value is not a point value / whole number
    /// (`expected` is the i18n key of what it should be).
    BadSettingValue {
        key: String,
        value: String,
        expected: &'static str,
    },
    /// A tie-break code that does not exist.
    UnknownTieBreak { code: String, allowed: String },
    /// Tie-break codes given for a knockout, which has none.
    KnockoutTieBreaks { codes: String },
    /// A code of another kind of event's tie-breaks (`game-points` on an
    /// individual event, `buchholz` on a team event).
    TieBreakOtherKind {
        code: String,
        other: crate::domain::EventKind,
        kind: crate::domain::EventKind,
        allowed: String,
    },
    /// One of FIDE's team-event codes a team event does not take (all
    /// but `GPTS` and `MPTS`): none of qishe's team criteria is it.
    TeamFideCode { code: String, allowed: String },
    /// An event's tie-breaks of another kind of event (team codes on an
    /// individual event, or the reverse).
    TieBreaksKind {
        codes: String,
        kind: crate::domain::EventKind,
    },
    /// The scheme needs a fact this game does not have (`field` is the
    /// i18n key of its name).
    MissingField {
        scheme: String,
        field: &'static str,
        game: GameRef,
    },
    /// The games of a board do not fit the scheme or the board.
    BadGame { game: GameRef, why: Msg },
    /// An id that is not one of the event's players.
    UnknownPlayer { round: u32, id: i64 },
    /// A player appears twice in one round.
    PlayedTwice { round: u32, name: String },
    /// A player name or id asked for that is not in the standings.
    NoSuchPlayer(String),
    /// A result that cannot have happened.
    Invalid { game: GameRef, why: InvalidResult },
}

impl ScoringError {
    /// The game the error is about, if it names one.
    pub fn game_mut(&mut self) -> Option<&mut GameRef> {
        use ScoringError::*;
        match self {
            MissingField { game, .. } | BadGame { game, .. } | Invalid { game, .. } => Some(game),
            _ => None,
        }
    }

    /// The error as a keyed message.
    pub fn msg(&self) -> Msg {
        use ScoringError::*;
        match self {
            UnknownScheme { id, allowed } => with_near(
                msg!("err.scoring.unknown_scheme", id, allowed),
                id,
                allowed.split(", "),
            ),
            UnknownSetting {
                scheme,
                key,
                allowed,
            } => msg!("err.scoring.unknown_setting", scheme, key, allowed),
            BadSettingValue {
                key,
                value,
                expected,
            } => {
                let expected = Msg::new(expected);
                msg!("err.scoring.bad_setting_value", key, value, expected)
            }
            // One of FIDE's codes qishe does not compute says why.
            UnknownTieBreak { code, allowed } => match super::TieBreak::fide_not_computed(code) {
                Some(why) => msg!("err.scoring.fide_not_computed", why, allowed),
                None => with_near(
                    msg!("err.scoring.unknown_tiebreak", code, allowed),
                    code,
                    allowed.split(", "),
                ),
            },
            // No capture is written `none`: the message says so.
            MissingField { field, game, .. } if *field == "err.field.first_strike" => {
                msg!("err.scoring.missing_first_strike", game = game.msg())
            }
            KnockoutTieBreaks { codes } => msg!("err.scoring.knockout_tiebreaks", codes),
            TeamFideCode { code, allowed } => msg!("err.scoring.team_fide_code", code, allowed),
            TieBreakOtherKind {
                code,
                other,
                kind,
                allowed,
            } => msg!(
                "err.scoring.tiebreak_other_kind",
                code,
                other = Msg::new(other.key()),
                kind = Msg::new(kind.key()),
                allowed
            ),
            TieBreaksKind { codes, kind } => {
                msg!(
                    "err.scoring.tiebreaks_kind",
                    codes,
                    kind = Msg::new(kind.key())
                )
            }
            MissingField {
                scheme,
                field,
                game,
            } => msg!(
                "err.scoring.missing_field",
                game = game.msg(),
                scheme = scheme_name(scheme),
                field = Msg::new(field)
            ),
            BadGame { game, why } => {
                msg!("err.scoring.at_game", game = game.msg(), why = why.clone())
            }
            UnknownPlayer { round, id } => msg!("err.scoring.unknown_player", round, id),
            PlayedTwice { round, name } => msg!("err.scoring.played_twice", round, name),
            NoSuchPlayer(name) => msg!("err.scoring.no_such_player", name),
            Invalid { game, why } => {
                msg!("err.scoring.at_game", game = game.msg(), why = why.msg())
            }
        }
    }
}

crate::i18n::english_display!(ScoringError);

impl std::error::Error for ScoringError {}
