//! Stable keys for the archive: a 64-bit key per position (placement and
//! side to move) and a content hash per game. FNV-1a: stable across
//! builds and platforms, unlike the standard library's hasher.

use super::board::Position;
use super::record::GameRecord;

fn fnv1a(bytes: &[u8], basis: u64) -> u64 {
    let mut h = basis;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

const BASIS: u64 = 0xcbf2_9ce4_8422_2325;
/// A second basis for the upper half of the content hash.
const BASIS2: u64 = 0x84222325_cbf29ce4;

/// The key of a position: its placement and side to move.
pub fn position_key(pos: &Position) -> i64 {
    fnv1a(pos.fen().as_bytes(), BASIS) as i64
}

/// [`position_key`] with a reused FEN buffer.
fn key_with(pos: &Position, buf: &mut String) -> i64 {
    pos.fen_into(buf);
    fnv1a(buf.as_bytes(), BASIS) as i64
}

/// The key of each position of the main line: before each move, and
/// after the last.
pub fn line_keys(g: &GameRecord) -> Vec<i64> {
    let mut p = g.start.clone();
    let mut buf = String::with_capacity(96);
    let mut out = Vec::with_capacity(g.moves.len() + 1);
    out.push(key_with(&p, &mut buf));
    for &m in &g.moves {
        p.make(m);
        out.push(key_with(&p, &mut buf));
    }
    out
}

/// The content hash of a game (128 bits, hex): its start, moves, players,
/// date, event and result. Comments do not count: the same game with
/// other notes is the same game.
pub fn content_hash(g: &GameRecord) -> String {
    let mut text = g.start.fen();
    text.reserve(g.moves.len() * 5 + 64);
    for m in &g.moves {
        text.push(' ');
        m.push_iccs(&mut text);
    }
    for t in ["Red", "Black", "Date", "Event", "Round"] {
        text.push('|');
        text.push_str(g.tag(t).unwrap_or("").trim());
    }
    text.push('|');
    text.push_str(g.result.as_deref().unwrap_or(""));
    format!(
        "{:016x}{:016x}",
        fnv1a(text.as_bytes(), BASIS2),
        fnv1a(text.as_bytes(), BASIS)
    )
}
