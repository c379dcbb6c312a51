//! The `xiangqi` layer: board and rules, notations, game-record formats
//! (PGN, XQF, DhtmlXQ) and per-game statistics. Pure: bytes and text in,
//! values out; no file or terminal IO.

pub mod board;
pub mod cbr;
pub mod dhtmlxq;
pub mod ecco;
#[cfg(any(test, feature = "testkit"))]
pub mod hostile;
pub mod keys;
mod move_error;
pub mod notation;
pub mod pgn;
pub mod record;
pub mod repetition;
mod san;
pub mod stats;
mod tree;
pub mod xqf;

pub use board::{normalise_fen, FenError, Kind, Move, Piece, Position, Square, START_FEN};
pub use notation::{parse_move, write_move, MoveTextError, Notation};
pub use pgn::{decode, read_pgn, write_pgn, TextEncoding};
pub use record::{GameRecord, ImportError, ReadNote, ReadOptions, Skipped, Variation};
pub use stats::{game_stats, GameStats};

/// The kind of file a game record came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    Pgn,
    Xqf,
    Dhtmlxq,
    /// 象棋桥 CBR (one game) or CBL (a library).
    Cbr,
}

/// The games of one file, with what was detected about it.
#[derive(Clone, Debug)]
pub struct ImportedFile {
    pub games: Vec<GameRecord>,
    pub format: SourceFormat,
    /// The text encoding (none for XQF, whose strings are GBK).
    pub encoding: Option<TextEncoding>,
    /// The games that could not be read (each with its number, line and
    /// reason); every other game is in `games`.
    pub skipped: Vec<Skipped>,
    /// What the readers repaired or left out.
    pub notes: Vec<ReadNote>,
}

/// Reads every game of a file, detecting its format (XQF by its signature,
/// DhtmlXQ by its block tags, else PGN) and its text encoding. Game by
/// game: an error only when no game at all could be read.
pub fn read_games(bytes: &[u8]) -> Result<ImportedFile, ImportError> {
    read_games_with(bytes, ReadOptions::default())
}

/// `read_games` with the readers' options.
pub fn read_games_with(bytes: &[u8], opts: ReadOptions) -> Result<ImportedFile, ImportError> {
    if xqf::is_xqf(bytes) {
        let (g, notes) = xqf::read_xqf_with(bytes, opts)?;
        return Ok(ImportedFile {
            games: vec![g],
            format: SourceFormat::Xqf,
            encoding: None,
            skipped: Vec::new(),
            notes,
        });
    }
    if cbr::is_cbr(bytes) {
        let (g, notes) = cbr::read_cbr(bytes, 0, opts)?;
        return Ok(ImportedFile {
            games: vec![g],
            format: SourceFormat::Cbr,
            encoding: None,
            skipped: Vec::new(),
            notes,
        });
    }
    if cbr::is_cbl(bytes) {
        let read = cbr::read_cbl(bytes, opts);
        if read.games.is_empty() {
            return Err(read
                .skipped
                .into_iter()
                .next()
                .map(|s| s.error)
                .unwrap_or(ImportError::NoGame));
        }
        return Ok(ImportedFile {
            games: read.games,
            format: SourceFormat::Cbr,
            encoding: None,
            skipped: read.skipped,
            notes: read.notes,
        });
    }
    if let Some(why) = binary(bytes) {
        return Err(ImportError::Binary(why));
    }
    let (text, encoding) = decode(bytes);
    let (read, format) = if dhtmlxq::is_dhtmlxq(&text) {
        (
            dhtmlxq::read_dhtmlxq_with(&text, opts),
            SourceFormat::Dhtmlxq,
        )
    } else {
        (pgn::read_pgn_with(&text, opts), SourceFormat::Pgn)
    };
    if read.games.is_empty() {
        return Err(read
            .skipped
            .into_iter()
            .next()
            .map(|s| s.error)
            .unwrap_or(ImportError::NoGame));
    }
    Ok(ImportedFile {
        games: read.games,
        format,
        encoding: Some(encoding),
        skipped: read.skipped,
        notes: read.notes,
    })
}

/// Why bytes are binary and no text, if they are: NUL bytes outside a
/// UTF-16 pattern, or many control bytes. A damaged XQF file (no `XQ`
/// signature, or cut short) is named as such.
fn binary(bytes: &[u8]) -> Option<crate::i18n::Msg> {
    if !crate::formats::text::looks_binary(bytes) {
        return None;
    }
    let first: Vec<String> = bytes.iter().take(8).map(|b| format!("{b:02X}")).collect();
    Some(if bytes.starts_with(b"XQ") {
        crate::i18n::msg!("err.binary.xqf_cut", len = bytes.len())
    } else {
        crate::i18n::msg!("err.binary.unknown", bytes = first.join(" "))
    })
}

#[cfg(test)]
mod recovery_tests;
#[cfg(test)]
mod repetition_tests;
#[cfg(test)]
mod tests;
