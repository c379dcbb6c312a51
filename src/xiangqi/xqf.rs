//! XQF, the binary format of XQStudio: a 1024-byte header (piece points,
//! result, Pascal strings in GBK) and a tree of move records. Versions 11
//! and later scramble the piece points and the records with keys kept in
//! the header; this reader undoes that and reads the whole move tree (the
//! main line, its comments and its variations).

use super::board::{Piece, Square};
use super::record::{GameRecord, ImportError, ReadNote, ReadOptions};
use super::tree::{build, fill, start_position, Found, Node};
use crate::domain::Colour;
use crate::i18n::msg;

const HEADER: usize = 1024;
/// The text whose bytes, masked with the file's keys, scramble the records.
const KEY_TEXT: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

use super::board::PIECE_SLOTS as SLOTS;

/// Does the file start like an XQF file?
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER && bytes.starts_with(b"XQ")
}

fn err(why: crate::i18n::Msg) -> ImportError {
    ImportError::Xqf(why)
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
    if !is_xqf(bytes) {
        return Err(err(msg!("err.xqf.signature")));
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
    let mut g = GameRecord::new(0);
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
    let mut r = Records {
        bytes,
        keys,
        at: HEADER,
        version,
        rmk_size,
        key_xyf,
        key_xyt,
        broken: None,
    };
    // The root record: the opening comment, then the first move (and, in
    // the tree, its alternatives).
    let mut root = r.record()?;
    if let Some(c) = root.node.comment.take() {
        g.comments.push((0, c));
    }
    let kids = if root.next { r.tree()? } else { Vec::new() };
    g.start = start_position(&pieces, side, kids.first())
        .map_err(|e| err(msg!("err.xqf.start", why = e)))?;
    let mut notes = fill(&mut g, &kids, opts)?;
    if let Some(at) = r.broken {
        notes.push(ReadNote {
            index: 0,
            msg: crate::i18n::msg!("note.record.tree_cut", game = g.label(), at = at),
        });
    }
    Ok((g, notes))
}

/// The move records after the header, descrambled as they are read.
struct Records<'a> {
    bytes: &'a [u8],
    keys: [u8; 32],
    at: usize,
    version: u8,
    rmk_size: i64,
    key_xyf: u8,
    key_xyt: u8,
    /// Where a record of a variation could not be read.
    broken: Option<usize>,
}

/// One record: its move and comment, and whether its continuation and an
/// alternative to it follow.
/// The part of a record that a cut-short file ends in.
#[derive(Clone, Copy)]
enum Part {
    Record,
    CommentLength,
    Comment,
}

impl Part {
    fn msg(self) -> crate::i18n::Msg {
        match self {
            Part::Record => msg!("err.xqf.part.record"),
            Part::CommentLength => msg!("err.xqf.part.comment_length"),
            Part::Comment => msg!("err.xqf.part.comment"),
        }
    }
}

struct Record {
    node: Node,
    next: bool,
    alternative: bool,
}

impl Records<'_> {
    fn read(&mut self, n: usize, what: Part) -> Result<Vec<u8>, ImportError> {
        let at = self.at;
        let raw = self
            .bytes
            .get(at..at + n)
            .ok_or_else(|| err(msg!("err.xqf.cut_short", what = what.msg(), at)))?;
        self.at += n;
        Ok(raw
            .iter()
            .enumerate()
            .map(|(i, &b)| b.wrapping_sub(self.keys[(at + i) % 32]))
            .collect())
    }

    /// Reads a record. Up to version 10 every record has a comment length
    /// and the high and low nibbles of the flags say "continuation" and
    /// "alternative"; later versions use bits 0x80, 0x40 and 0x20
    /// (comment).
    fn record(&mut self) -> Result<Record, ImportError> {
        let rec = self.read(4, Part::Record)?;
        let tag = rec[2];
        let old = self.version <= 10;
        let (next, alternative, has_comment) = if old {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        } else {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        };
        let from = rec[0].wrapping_sub(24).wrapping_sub(self.key_xyf);
        let to = rec[1].wrapping_sub(32).wrapping_sub(self.key_xyt);
        let text = match (xqf_square(from), xqf_square(to)) {
            (Some(f), Some(t)) => format!("{f}{t}"),
            _ => format!("{from}-{to}"),
        };
        let mut node = Node::new(xqf_square(from), xqf_square(to), text);
        if has_comment {
            let len = self.read(4, Part::CommentLength)?;
            let n = i32::from_le_bytes([len[0], len[1], len[2], len[3]]) as i64
                - if old { 0 } else { self.rmk_size };
            if n < 0 || self.at as i64 + n > self.bytes.len() as i64 {
                return Err(err(msg!("err.xqf.comment_length", n, at = self.at - 4)));
            }
            let raw = self.read(n as usize, Part::Comment)?;
            let (c, _, _) = encoding_rs::GB18030.decode(&raw);
            let c = c.trim_end_matches('\0').trim();
            if !c.is_empty() {
                node.comment = Some(c.to_string());
            }
        }
        Ok(Record {
            node,
            next,
            alternative,
        })
    }

    /// The move tree after the root record: a move, its continuation,
    /// then its alternatives (each with its own continuation), in the
    /// file's pre-order: the whole main line comes before any
    /// alternative. A record that cannot be read is an error on the main
    /// line; in a variation it ends the reading (what was read is kept,
    /// `broken` says where).
    fn tree(&mut self) -> Result<Vec<Node>, ImportError> {
        build(
            |on_main| {
                if self.broken.is_some() {
                    return Ok(Found::Stop);
                }
                let at = self.at;
                match self.record() {
                    Ok(rec) => Ok(Found::Move {
                        node: rec.node,
                        next: rec.next,
                        alternative: rec.alternative,
                    }),
                    Err(e) if on_main => Err(e),
                    Err(_) => {
                        self.broken = Some(at);
                        Ok(Found::Stop)
                    }
                }
            },
            || err(msg!("err.xqf.too_deep")),
        )
    }
}
