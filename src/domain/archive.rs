//! The club's game archive: games brought in from files,
//! searchable by player, event, date, result, opening and position.

use serde::Serialize;

/// A game to store in the archive, as the app prepared it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewArchiveGame {
    /// Content hash (start, moves, names, date, event, result): the same
    /// game imported twice is stored once.
    pub hash: String,
    /// The file it came from, and its number there (1-based).
    pub source: String,
    pub game_no: u32,
    pub event: Option<String>,
    pub date: Option<String>,
    pub site: Option<String>,
    pub round: Option<String>,
    pub red: Option<String>,
    pub black: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`, or none.
    pub result: Option<String>,
    /// ECCO opening code (A00–E99), when classified.
    pub eco: Option<String>,
    pub start_fen: String,
    /// The main line in ICCS, space-separated.
    pub moves: String,
    pub plies: u32,
    /// The whole game as PGN (ICCS moves) when it has comments,
    /// variations or tags the columns do not hold; empty otherwise.
    pub record: String,
    /// The position key before each ply (index 0: the start), and after
    /// the last move.
    pub positions: Vec<i64>,
    pub red_member: Option<i64>,
    pub black_member: Option<i64>,
    pub event_id: Option<i64>,
}

/// A stored archive game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ArchiveGame {
    pub id: i64,
    pub source: String,
    pub game_no: u32,
    pub event: Option<String>,
    pub date: Option<String>,
    pub site: Option<String>,
    pub round: Option<String>,
    pub red: Option<String>,
    pub black: Option<String>,
    pub result: Option<String>,
    pub eco: Option<String>,
    pub plies: u32,
    #[serde(skip)]
    pub start_fen: String,
    #[serde(skip)]
    pub moves: String,
    pub red_member: Option<i64>,
    pub black_member: Option<i64>,
    pub event_id: Option<i64>,
}

/// What to look for; every filter given must hold (none: every game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArchiveQuery {
    /// Either side's name contains this.
    pub player: Option<String>,
    /// With `player`: the other side's name contains this.
    pub opponent: Option<String>,
    /// Dates as written in records (`2024-05-01`, `2024.05.01`): compared
    /// after folding `.` and `/` to `-`.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The event's name contains this.
    pub event: Option<String>,
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: Option<String>,
    /// An ECCO code (`C47`) or its prefix (`C4`, `C`).
    pub eco: Option<String>,
    /// Position keys (the position and its mirror image) to find.
    pub positions: Vec<i64>,
}

/// How many files, games added, games already there.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ArchiveFileCount {
    pub added: usize,
    pub duplicates: usize,
}
