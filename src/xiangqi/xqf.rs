//! XQF, the binary format of XQStudio: a 1024-byte header (piece points,
//! result, Pascal strings in GBK) and a tree of move records. Versions 11
//! and later scramble the piece points and the records with keys kept in
//! the header; this reader undoes that and follows the main line.

use super::board::{Move, Piece, Position, Square};
use super::record::{GameRecord, ImportError, ReadNote, ReadOptions};
use crate::domain::Colour;

const HEADER: usize = 1024;
/// The text whose bytes, masked with the file's keys, scramble the records.
const KEY_TEXT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

use super::board::PIECE_SLOTS as SLOTS;

/// Does the file start like an XQF file?
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER && bytes.starts_with(b"XQ")
}

fn err(msg: impl Into<String>) -> ImportError {
    ImportError::Xqf(msg.into())
}

fn square54_plus_221(x: u8) -> u8 {
    x.wrapping_mul(x).wrapping_mul(54).wrapping_add(221)
}

/// An XQF point (`file * 10 + rank`, rank 0 = red's side) as a square.
fn xqf_square(b: u8) -> Option<Square> {
    if b >= 90 {
        return None;
    }
    Square::new(b / 10, b % 10)
}

/// A length-prefixed GBK string in a fixed-size header field.
fn pascal(bytes: &[u8], at: usize, size: usize) -> String {
    let len = (bytes[at] as usize).min(size - 1);
    let raw = &bytes[at + 1..at + 1 + len];
    let (s, _, _) = encoding_rs::GB18030.decode(raw);
    s.trim_end_matches('\0').trim().to_string()
}

/// Reads the one game of an XQF file.
pub fn read_xqf(bytes: &[u8]) -> Result<GameRecord, ImportError> {
    read_xqf_with(bytes, ReadOptions::default()).map(|(g, _)| g)
}

/// Reads the one game of an XQF file (main line and its comments); with
/// `keep_legal_prefix` a main line that turns illegal keeps its legal
/// moves, with a note.
pub fn read_xqf_with(
    bytes: &[u8],
    opts: ReadOptions,
) -> Result<(GameRecord, Vec<ReadNote>), ImportError> {
    let mut notes = Vec::new();
    if !is_xqf(bytes) {
        return Err(err(
            "not an XQF file (no \"XQ\" signature or shorter than 1024 bytes)",
        ));
    }
    let version = bytes[2];
    let encrypted = version >= 11;
    let (mut key_xyf, mut key_xyt, mut rmk_size) = (0u8, 0u8, 0i64);
    let mut keys = [0u8; 32];
    let mut slots = [0u8; 32];
    slots.copy_from_slice(&bytes[16..48]);
    if encrypted {
        let (mask, sum) = (bytes[3], bytes[12]);
        let key_xy = square54_plus_221(bytes[13]).wrapping_mul(bytes[13]);
        key_xyf = square54_plus_221(bytes[14]).wrapping_mul(key_xy);
        key_xyt = square54_plus_221(bytes[15]).wrapping_mul(key_xyf);
        rmk_size = ((sum as i64 * 256 + bytes[13] as i64) % 32000) + 767;
        if version >= 12 {
            let mut moved = [0u8; 32];
            for (i, &b) in slots.iter().enumerate() {
                moved[(i + key_xy as usize + 1) % 32] = b;
            }
            slots = moved;
        }
        for b in slots.iter_mut() {
            *b = b.wrapping_sub(key_xy);
        }
        let key_bytes = [
            (sum & mask) | bytes[8],
            (bytes[13] & mask) | bytes[9],
            (bytes[14] & mask) | bytes[10],
            (bytes[15] & mask) | bytes[11],
        ];
        for (i, k) in keys.iter_mut().enumerate() {
            *k = KEY_TEXT[i] & key_bytes[i % 4];
        }
    }
    let mut pieces = Vec::new();
    for (i, &b) in slots.iter().enumerate() {
        if let Some(s) = xqf_square(b) {
            let colour = if i < 16 { Colour::Red } else { Colour::Black };
            pieces.push((s, Piece::new(colour, SLOTS[i % 16])));
        }
    }
    let side = if bytes[50] == 1 {
        Colour::Black
    } else {
        Colour::Red
    };
    let start =
        Position::from_pieces(&pieces, side).map_err(|e| err(format!("start position: {e}")))?;
    let mut g = GameRecord::new(0);
    g.start = start.clone();
    for (name, at, size) in [
        ("Title", 0x50, 64),
        ("Event", 0xD0, 64),
        ("Date", 0x110, 16),
        ("Site", 0x120, 16),
        ("Red", 0x130, 16),
        ("Black", 0x140, 16),
    ] {
        let v = pascal(bytes, at, size);
        if !v.is_empty() {
            g.tags.push((name.to_string(), v));
        }
    }
    g.result = match bytes[51] {
        1 => Some("1-0".into()),
        2 => Some("0-1".into()),
        3 => Some("1/2-1/2".into()),
        _ => None,
    };
    // The records: the root first, then the main line (first children).
    let read = |pos: usize, n: usize| -> Option<Vec<u8>> {
        let raw = bytes.get(pos..pos + n)?;
        Some(
            raw.iter()
                .enumerate()
                .map(|(i, &b)| b.wrapping_sub(keys[(pos + i) % 32]))
                .collect(),
        )
    };
    let mut at = HEADER;
    let mut board = start;
    let mut first = true;
    loop {
        let rec = read(at, 4).ok_or_else(|| err(format!("record at byte {at} cut short")))?;
        at += 4;
        let tag = rec[2];
        let mut comment: Option<String> = None;
        let has_comment = if encrypted { tag & 0x20 != 0 } else { true };
        if has_comment {
            let len =
                read(at, 4).ok_or_else(|| err(format!("comment length at byte {at} cut short")))?;
            at += 4;
            let n = i32::from_le_bytes([len[0], len[1], len[2], len[3]]) as i64
                - if encrypted { rmk_size } else { 0 };
            if n < 0 || at as i64 + n > bytes.len() as i64 {
                return Err(err(format!("bad comment length {n} at byte {}", at - 4)));
            }
            comment = read(at, n as usize).map(|raw| {
                let (s, _, _) = encoding_rs::GB18030.decode(&raw);
                s.trim_end_matches('\0').trim().to_string()
            });
            at += n as usize;
        }
        if !first {
            let from = rec[0].wrapping_sub(24).wrapping_sub(key_xyf);
            let to = rec[1].wrapping_sub(32).wrapping_sub(key_xyt);
            let (Some(f), Some(t)) = (xqf_square(from), xqf_square(to)) else {
                return Err(err(format!(
                    "move {} has points off the board",
                    g.moves.len() + 1
                )));
            };
            let m = Move::new(f, t);
            // The side to move comes from the header; when the first move
            // is the other side's, trust the move.
            if g.moves.is_empty() {
                if let Some(p) = board.piece_at(f) {
                    if p.colour != board.side_to_move() {
                        if let Ok(flipped) = Position::from_pieces(&pieces, p.colour) {
                            board = flipped.clone();
                            g.start = flipped;
                        }
                    }
                }
            }
            if !board.is_legal(m) {
                let e = ImportError::Move {
                    game: g.label(),
                    move_no: super::record::move_number(&g.start, g.moves.len()),
                    side: board.side_to_move(),
                    text: m.iccs(),
                    line: 0,
                    source: super::notation::MoveTextError::Illegal { text: m.iccs() },
                };
                if opts.keep_legal_prefix && !g.moves.is_empty() {
                    notes.push(ReadNote {
                        index: 0,
                        msg: crate::i18n::msg!(
                            "note.record.legal_prefix",
                            game = g.label(),
                            plies = g.moves.len(),
                            why = e.msg()
                        ),
                    });
                    break;
                }
                return Err(e);
            }
            board.make(m);
            g.moves.push(m);
        }
        if let Some(c) = comment.filter(|c| !c.is_empty()) {
            g.comments.push((g.moves.len(), c));
        }
        first = false;
        if tag & 0x80 == 0 {
            break;
        }
    }
    Ok((g, notes))
}
