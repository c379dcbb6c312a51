//! The `xiangqi` layer: board and rules, notations, game-record formats
//! (PGN, XQF, DhtmlXQ) and per-game statistics. Pure: bytes and text in,
//! values out; no file or terminal IO.

pub mod board;
pub mod dhtmlxq;
pub mod notation;
pub mod pgn;
pub mod record;
pub mod repetition;
pub mod stats;
pub mod xqf;

pub use board::{normalise_fen, FenError, Kind, Move, Piece, Position, Square, START_FEN};
pub use notation::{parse_move, write_move, MoveTextError, Notation};
pub use pgn::{decode, read_pgn, write_pgn, TextEncoding};
pub use record::{GameRecord, ImportError};
pub use stats::{game_stats, GameStats};

/// The kind of file a game record came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    Pgn,
    Xqf,
    Dhtmlxq,
}

/// The games of one file, with what was detected about it.
#[derive(Clone, Debug)]
pub struct ImportedFile {
    pub games: Vec<GameRecord>,
    pub format: SourceFormat,
    /// The text encoding (none for XQF, whose strings are GBK).
    pub encoding: Option<TextEncoding>,
}

/// Reads every game of a file, detecting its format (XQF by its signature,
/// DhtmlXQ by its block tags, else PGN) and its text encoding.
pub fn read_games(bytes: &[u8]) -> Result<ImportedFile, ImportError> {
    if xqf::is_xqf(bytes) {
        return Ok(ImportedFile {
            games: vec![xqf::read_xqf(bytes)?],
            format: SourceFormat::Xqf,
            encoding: None,
        });
    }
    let (text, encoding) = decode(bytes);
    let (games, format) = if dhtmlxq::is_dhtmlxq(&text) {
        (dhtmlxq::read_dhtmlxq(&text)?, SourceFormat::Dhtmlxq)
    } else {
        (read_pgn(&text)?, SourceFormat::Pgn)
    };
    if games.is_empty() {
        return Err(ImportError::NoGame);
    }
    Ok(ImportedFile {
        games,
        format,
        encoding: Some(encoding),
    })
}

#[cfg(test)]
mod repetition_tests;
#[cfg(test)]
mod tests;
