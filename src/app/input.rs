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

/// One board as an arbiter types it: `RED-BLACK` start numbers (`3-7`,
/// `3:7`, `#3-#7`), the bye as `5-0`, `5-bye` or `5-轮空`.
pub fn parse_board(s: &str) -> Result<(u32, Option<u32>)> {
    let bad = || invalid!("err.app.bad_board", text = s);
    let (a, b) = s.split_once(['-', ':', '/']).ok_or_else(bad)?;
    let number = |t: &str| t.trim().trim_start_matches('#').parse::<u32>().ok();
    let red = number(a).filter(|&n| n > 0).ok_or_else(bad)?;
    let black = match b.trim() {
        "0" | "bye" | "BYE" | "轮空" | "輪空" => None,
        x => Some(number(x).filter(|&n| n > 0).ok_or_else(bad)?),
    };
    Ok((red, black))
}

/// A round's boards typed on one line, board 1 first, separated by
/// spaces, commas or 、 (`1-3 4-2 5-0`).
pub fn parse_boards(line: &str) -> Result<Vec<(u32, Option<u32>)>> {
    line.split(|c: char| c.is_whitespace() || c == ',' || c == '，' || c == '、')
        .filter(|t| !t.is_empty())
        .map(parse_board)
        .collect()
}

#[cfg(test)]
mod board_tests {
    use super::*;

    #[test]
    fn boards_are_read_as_typed_and_a_bad_one_is_named() {
        assert_eq!(
            parse_boards("1-3, 4:2 、#5-bye 6-轮空").unwrap(),
            vec![(1, Some(3)), (4, Some(2)), (5, None), (6, None)]
        );
        assert_eq!(parse_board("7-0").unwrap(), (7, None));
        for bad in ["13", "0-3", "a-b", "3-x", "-3"] {
            let e = parse_board(bad).unwrap_err();
            assert!(e.to_string().contains(bad), "{bad}: {e}");
        }
    }
}
