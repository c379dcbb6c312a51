//! FIDE TRF-16 tournament report files: a column-exact reader and a writer
//! that round-trips. The conversion to and from the pairing model is the
//! pairing layer's (`pairing/trf.rs`): formats knows nothing of pairing.
//!
//! Player lines (`001`) are read by position: start number 5–8, sex 10,
//! title 11–13, name 15–47, rating 49–52, federation 54–56, FIDE id 58–68,
//! birth 70–79, points 81–84, rank 86–89, then one 10-column block per round
//! from column 92: opponent (4), colour (`w`/`b`/`-`), result.
//!
//! Files by role: the types here; `trf/read.rs` the reader, `trf/write.rs`
//! the writer, `trf/records.rs` the TRF-2026 records, `trf/check.rs` the
//! cross-line checks.

use crate::domain::{Colour, Points};
use std::fmt::Write as _;

/// A malformed TRF: where and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (character position).
    pub column: usize,
    /// The reason, keyed (in the user's language through [`Self::msg`]).
    pub message: crate::i18n::Msg,
}

crate::i18n::english_display!(TrfError);

impl std::error::Error for TrfError {}

impl TrfError {
    /// The error as a keyed message: line, column and reason in the UI
    /// language.
    pub fn msg(&self) -> crate::i18n::Msg {
        crate::i18n::msg!(
            "err.trf.at",
            line = self.line,
            column = self.column,
            why = self.message.clone()
        )
    }
}

fn err(line: usize, column: usize, message: crate::i18n::Msg) -> TrfError {
    TrfError {
        line,
        column,
        message,
    }
}

/// One round block of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrfRound {
    /// Opponent's start number; 0 for none (`0000`).
    pub opponent: u32,
    /// `Some` for `w`/`b`, `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// The result code: `1 0 = W D L + - U F H Z` or `' '` (not paired).
    pub result: char,
}

impl TrfRound {
    /// A blank block (not paired, no request).
    pub const BLANK: TrfRound = TrfRound {
        opponent: 0,
        colour: None,
        result: ' ',
    };

    pub fn is_blank(&self) -> bool {
        self.opponent == 0 && self.colour.is_none() && self.result == ' '
    }

    /// A game over the board (or an unrated game `W D L`).
    pub fn is_played(&self) -> bool {
        self.opponent != 0 && matches!(self.result, '1' | '0' | '=' | 'W' | 'D' | 'L')
    }

    /// Did the pairing of this round include the player (a game, a forfeit
    /// either way, a pairing-allocated bye)? Byes asked for in advance and
    /// absences (`0000 - -`) do not.
    pub fn participated(&self) -> bool {
        self.opponent != 0 || matches!(self.result, 'U' | '+')
    }
}

/// One `001` player line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    pub id: u32,
    pub sex: String,
    pub title: String,
    pub name: String,
    pub rating: u32,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// The points column as written.
    pub points: Points,
    pub rank: u32,
    pub rounds: Vec<TrfRound>,
}

/// Point values of the results (hundredths).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSettings {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
    pub forfeit_win: Points,
    pub forfeit_loss: Points,
    pub pairing_bye: Points,
    pub full_bye: Points,
    pub half_bye: Points,
    pub zero_bye: Points,
}

impl Default for PointSettings {
    fn default() -> Self {
        PointSettings {
            win: Points::new(1),
            draw: Points(50),
            loss: Points::ZERO,
            forfeit_win: Points::new(1),
            forfeit_loss: Points::ZERO,
            pairing_bye: Points::new(1),
            full_bye: Points::new(1),
            half_bye: Points(50),
            zero_bye: Points::ZERO,
        }
    }
}

/// A parsed TRF file (TRF-16, TRF(x), TRF-2026).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trf {
    /// Header lines qishe does not read into a field below, kept verbatim
    /// in order (`012`, `042`, `222`, national records, unknown codes…).
    pub other_lines: Vec<String>,
    pub players: Vec<TrfPlayer>,
    /// `XXR`: rounds planned.
    pub total_rounds: Option<u32>,
    /// `XXC`: colour of the top seed in round 1 (`white1` → red).
    pub first_colour: Option<Colour>,
    /// `XXP`: groups of start numbers that must not meet each other.
    pub forbidden: Vec<Vec<u32>>,
    /// `XXS` point settings, when present (`W=1 D=0.5 …`).
    pub points: Option<PointSettings>,
    /// The line each player was read from (parallel to `players`; empty
    /// for a file built in memory).
    pub player_lines: Vec<usize>,
    /// `132`: each round's date as written (`YY/MM/DD`; empty when blank).
    pub round_dates: Vec<String>,
    /// `192`: the tournament-type code as written.
    pub system: Option<String>,
    /// `250` and `XXA` records, in file order.
    pub accelerations: Vec<AccelRecord>,
    /// `240` records.
    pub byes: Vec<ByeRecord>,
    /// `260` records.
    pub prohibited: Vec<Prohibited>,
    /// `###` lines to write after the header (read files drop theirs).
    pub comments: Vec<String>,
    /// Where the records above were read (for messages).
    pub record_lines: RecordLines,
    /// The file's own number of start number n at n − 1, when `XXC rank`
    /// numbered the players by the order of their lines and the file's
    /// numbers were another order; empty when they are the start numbers.
    pub file_ids: Vec<u32>,
}

/// The lines the 2026 records were read from, parallel to their lists.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordLines {
    pub accel: Vec<usize>,
    pub byes: Vec<usize>,
    pub prohibited: Vec<usize>,
}

/// The most rounds a file may have (as the club database allows).
pub const MAX_ROUNDS: u32 = 999;

impl Trf {
    /// The point settings in force (`XXS` or the standard 1 / ½ / 0).
    pub fn settings(&self) -> PointSettings {
        self.points.unwrap_or_default()
    }

    /// Rounds that have been played, read as the endorsed engine reads
    /// them: a column is played when someone was paired in it (a game, a
    /// forfeit, a pairing-allocated bye) or when a player has an entry in a
    /// later column. The column after that holds the byes asked for in
    /// advance for the round to pair, unless every player has an entry
    /// there (then it is a played round too).
    pub fn played_rounds(&self) -> usize {
        let mut k = 0;
        for p in &self.players {
            for (i, r) in p.rounds.iter().enumerate() {
                if r.is_blank() {
                    continue;
                }
                k = k.max(i);
                if r.participated() {
                    k = k.max(i + 1);
                }
            }
        }
        if !self.players.is_empty() && self.players.iter().all(|p| p.rounds.len() > k) {
            k += 1;
        }
        k
    }

    /// The rounds a file without `142` / `XXR` names: its round dates
    /// (`132`), byes asked for (`240`) and virtual points (`250`, `XXA`).
    pub fn rounds_named(&self) -> u32 {
        let accel = self
            .explicit_virtual_points()
            .map_or(0, |t| t.values().map(Vec::len).max().unwrap_or(0));
        let byes = self.byes.iter().map(|b| b.round).max().unwrap_or(0);
        (self.round_dates.len().max(accel) as u32)
            .max(byes)
            .min(MAX_ROUNDS)
    }

    /// The colour of the first player in round 1: as written (`XXC`,
    /// `152`), else inferred from the first round with colours the way the
    /// endorsed engine does, else red.
    pub fn initial_colour(&self) -> Colour {
        if let Some(c) = self.first_colour {
            return c;
        }
        let first = self
            .players
            .iter()
            .filter_map(|p| p.rounds.iter().position(|r| r.colour.is_some()))
            .min();
        let Some(first) = first else {
            return Colour::Red;
        };
        let mut order: Vec<&TrfPlayer> = self.players.iter().collect();
        order.sort_by_key(|p| p.id);
        let mut number = 0usize;
        for p in order {
            if !p.rounds.iter().take(first + 1).any(|r| r.participated()) {
                continue;
            }
            if let Some(c) = p.rounds.get(first).and_then(|r| r.colour) {
                return if number % 2 == 1 { c.opposite() } else { c };
            }
            number += 1;
        }
        Colour::Red
    }
}

mod check;
mod columns;
mod decode;
mod read;
mod records;
mod write;

pub use decode::decode;
pub use records::{
    as_ranges, dutch_code, group_pairs, AccelRecord, ByeRecord, Prohibited, VirtualTable,
};
pub use write::TrfVersion;

#[cfg(test)]
pub(crate) mod tests;
