//! 象棋桥 (CCBridge) files: CBR, one game, and CBL, a library of games.
//!
//! The layout, as the open-source cchess reader (walker8088/cchess,
//! `read_cbr.py`) documents it; this is our own reader of those facts:
//! - CBR: a 2214-byte header. Magic `CCBridge Record\0` (16 bytes);
//!   UTF-16LE strings: title at 180 (128 bytes), event at 692 (64), red at
//!   1076 (64), black at 1300 (64); the result byte at 2076: 1 red won,
//!   2 black won, 3 a draw, 0 no result (checked against the 131 records
//!   of two public CBL libraries: 129 carry 1–3 and a title saying
//!   先胜 / 先负 / 先和, of which 128 agree and one title contradicts its
//!   byte; the other two carry 0 and no result in the title; no other
//!   value occurs, so any other reads as no result); the side to move (u16 at 2116, 1 = red); the board at 2120: 90 bytes, index
//!   `row * 9 + file`, row 0 black's back rank, pieces 0x11–0x17 red
//!   R H E A K C P, 0x21–0x27 black.
//! - then an opening comment (i32 flag; if not 0, i32 length and UTF-16LE
//!   text) and the move tree in pre-order: 4 bytes per move (flags, 0,
//!   from, to; a point is `row * 9 + file`), flags bit 0 = no next move,
//!   bit 1 = an alternative follows, bit 2 = a comment follows (i32
//!   length, UTF-16LE). Four zero bytes end the tree.
//! - CBL: magic `CCBridgeLibrary\0`, an i32 at 60 that other readers
//!   call the game count (it is 128 in both public libraries checked, of
//!   38 and 93 games: a capacity in slots of 128), the library's name;
//!   the games are CBR records every 4096 bytes from the first
//!   `CCBridge Record` after an offset that grows with that number (101,952
//!   bytes for 128 in both).

use super::board::{Piece, Square};
use super::record::{GameRecord, ImportError, ReadNote, ReadOptions, Skipped};
use super::tree::{build, fill, start_position, Found, Node};
use crate::domain::Colour;
use crate::i18n::msg;

const CBR_MAGIC: &[u8; 16] = b"CCBridge Record\0";
const CBL_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
const HEADER: usize = 2214;
const CBL_RECORD: usize = 4096;

pub fn is_cbr(bytes: &[u8]) -> bool {
    bytes.starts_with(CBR_MAGIC)
}

pub fn is_cbl(bytes: &[u8]) -> bool {
    bytes.starts_with(CBL_MAGIC)
}

fn err(why: crate::i18n::Msg) -> ImportError {
    ImportError::Cbr(why)
}

/// UTF-16LE text up to its first NUL.
fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units).trim().to_string()
}

fn point(p: u8) -> Option<Square> {
    (p < 90).then(|| Square::new(p % 9, 9 - p / 9)).flatten()
}

fn kind(code: u8) -> Option<(Colour, super::board::Kind)> {
    use super::board::Kind::*;
    let colour = match code >> 4 {
        1 => Colour::Red,
        2 => Colour::Black,
        _ => return None,
    };
    let k = match code & 0x0F {
        1 => Chariot,
        2 => Horse,
        3 => Elephant,
        4 => Advisor,
        5 => King,
        6 => Cannon,
        7 => Pawn,
        _ => return None,
    };
    Some((colour, k))
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn bytes(&mut self, n: usize) -> Result<&[u8], ImportError> {
        let s = self
            .b
            .get(self.at..self.at + n)
            .ok_or_else(|| err(msg!("err.cbr.cut_short", at = self.at)))?;
        self.at += n;
        Ok(s)
    }
    fn int(&mut self) -> Result<usize, ImportError> {
        let s = self.bytes(4)?;
        let v = i32::from_le_bytes([s[0], s[1], s[2], s[3]]);
        usize::try_from(v).map_err(|_| err(msg!("err.cbr.negative_length", n = v)))
    }
    fn text(&mut self) -> Result<String, ImportError> {
        let n = self.int()?;
        Ok(utf16(self.bytes(n)?))
    }
}

/// Reads the move tree: each move with its subtree, then its alternative
/// siblings (the end of the data or a zero record ends a level).
fn read_tree(r: &mut Reader) -> Result<Vec<Node>, ImportError> {
    build(
        |_| {
            if r.at + 4 > r.b.len() {
                return Ok(Found::EndOfLevel);
            }
            let s = r.bytes(4)?;
            let (flags, from, to) = (s[0], s[2], s[3]);
            if s == [0, 0, 0, 0] {
                return Ok(Found::EndOfLevel);
            }
            let mut node = Node::new(point(from), point(to), format!("{from}-{to}"));
            if flags & 0x04 != 0 {
                node.comment = Some(r.text()?).filter(|c| !c.is_empty());
            }
            Ok(Found::Move {
                node,
                next: flags & 0x01 == 0,
                alternative: flags & 0x02 != 0,
            })
        },
        || err(msg!("err.cbr.too_deep")),
    )
}

/// Reads one CBR record (a `.cbr` file, or a record of a library).
pub fn read_cbr(
    bytes: &[u8],
    index: usize,
    opts: ReadOptions,
) -> Result<(GameRecord, Vec<ReadNote>), ImportError> {
    if !is_cbr(bytes) {
        return Err(err(msg!("err.cbr.signature")));
    }
    if bytes.len() < HEADER {
        return Err(err(msg!(
            "err.cbr.header",
            len = bytes.len(),
            header = HEADER
        )));
    }
    let mut g = GameRecord::new(index);
    for (tag, at, n) in [
        ("Title", 180, 128),
        ("Event", 692, 64),
        ("Red", 1076, 64),
        ("Black", 1300, 64),
    ] {
        let v = utf16(&bytes[at..at + n]);
        if !v.is_empty() {
            g.tags.push((tag.to_string(), v));
        }
    }
    g.result = match bytes[2076] {
        1 => Some("1-0".into()),
        2 => Some("0-1".into()),
        3 => Some("1/2-1/2".into()),
        _ => None,
    };
    let side = if u16::from_le_bytes([bytes[2116], bytes[2117]]) == 1 {
        Colour::Red
    } else {
        Colour::Black
    };
    let mut pieces = Vec::new();
    for (i, &code) in bytes[2120..2210].iter().enumerate() {
        if let (Some((c, k)), Some(sq)) = (kind(code), point(i as u8)) {
            pieces.push((sq, Piece::new(c, k)));
        }
    }
    let mut r = Reader {
        b: bytes,
        at: HEADER,
    };
    if r.int()? != 0 {
        let c = r.text()?;
        if !c.is_empty() {
            g.comments.push((0, c));
        }
    }
    let kids = read_tree(&mut r)?;
    g.start = start_position(&pieces, side, kids.first())
        .map_err(|e| err(msg!("err.cbr.start", why = e)))?;
    let notes = fill(&mut g, &kids, opts)?;
    Ok((g, notes))
}

/// Reads every game of a CBL library, record by record: a bad record is
/// skipped and reported.
pub fn read_cbl(bytes: &[u8], opts: ReadOptions) -> super::pgn::PgnRead {
    let mut out = super::pgn::PgnRead::default();
    let count = bytes
        .get(60..64)
        .map(|s| i32::from_le_bytes([s[0], s[1], s[2], s[3]]))
        .unwrap_or(0)
        .max(0) as usize;
    let offset = match count {
        0..=128 => 101_952,
        129..=256 => 137_280,
        257..=384 => 151_080,
        385..=512 => 207_936,
        _ => 349_248,
    };
    let data = bytes.get(offset..).unwrap_or(&[]);
    let Some(first) = data.windows(15).position(|w| w == &CBR_MAGIC[..15]) else {
        return out;
    };
    let mut at = first;
    let mut index = 0;
    while at < data.len() {
        let rec = &data[at..data.len().min(at + CBL_RECORD)];
        if is_cbr(rec) {
            match read_cbr(rec, index, opts) {
                Ok((g, notes)) => {
                    out.games.push(g);
                    out.notes.extend(notes);
                }
                Err(error) => out.skipped.push(Skipped {
                    index,
                    line: 0,
                    error,
                }),
            }
            index += 1;
        }
        at += CBL_RECORD;
    }
    out
}
