//! A result as a secretary types it: what `results` stores and `records`
//! completes from a game record (kept apart so neither imports the other).

use super::{invalid, Result};
use crate::domain::{
    parse_duration_ms, FirstStrike, GameFacts, Material, Outcome, PieceMoves, Termination,
};

/// A clock reading as typed: time used, or time left on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockInput {
    Used(i64),
    Left(i64),
    /// Remove a wrong reading (a correction form whose clock was emptied).
    Clear,
}

/// A result as a secretary types it (`qishe result …`). Fields left `None`
/// keep what was stored before (a correction changes only what is given).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResultInput {
    pub outcome: Option<Outcome>,
    pub game_no: Option<u32>,
    pub moves: Option<u32>,
    pub red_clock: Option<ClockInput>,
    pub black_clock: Option<ClockInput>,
    pub termination: Option<Termination>,
    pub red_fouls: Option<u32>,
    pub black_fouls: Option<u32>,
    pub red_residual: Option<Material>,
    pub black_residual: Option<Material>,
    pub first_strike: Option<FirstStrike>,
    pub red_pieces: Option<PieceMoves>,
    pub black_pieces: Option<PieceMoves>,
    /// The attached game record (PGN text).
    pub record: Option<String>,
}

impl ResultInput {
    /// Takes the facts a game record gives from `f`: full moves, residual
    /// material, piece moves, first strike and the record itself.
    pub fn take_record_facts(&mut self, f: &GameFacts) {
        self.moves = f.moves;
        self.red_residual = f.red_residual;
        self.black_residual = f.black_residual;
        self.first_strike = f.first_strike;
        self.red_pieces = f.red_pieces;
        self.black_pieces = f.black_pieces;
        self.record = f.record.clone();
    }
}

/// Parses a clock text for `ResultInput` (`H:MM:SS`, `MM:SS` or seconds).
pub fn parse_clock(text: &str) -> Result<i64> {
    parse_duration_ms(text).ok_or_else(|| invalid!("err.app.not_a_clock", text))
}
