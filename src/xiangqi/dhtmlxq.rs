//! DhtmlXQ: the `[DhtmlXQ]…[/DhtmlXQ]` blocks that web pages embed, with
//! `[DhtmlXQ_movelist]` of four digits per move (from-file, from-row,
//! to-file, to-row; files from red's left, rows from black's back rank).

use super::board::{Move, Piece, Position, Square};
use super::notation::MoveTextError;
use super::record::{move_number, GameRecord, ImportError};
use crate::domain::Colour;

/// Does the text hold a DhtmlXQ block?
pub fn is_dhtmlxq(text: &str) -> bool {
    text.contains("[DhtmlXQ")
}

/// The value of `[DhtmlXQ_name]…[/DhtmlXQ_name]` in a block.
fn field<'a>(block: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[DhtmlXQ_{name}]");
    let close = format!("[/DhtmlXQ_{name}]");
    let a = block.find(&open)? + open.len();
    let b = block[a..].find(&close)? + a;
    Some(&block[a..b])
}

fn err(msg: impl Into<String>) -> ImportError {
    ImportError::Dhtml(msg.into())
}

/// A DhtmlXQ point: file digit, row digit (row 0 = black's back rank).
fn point(f: u8, r: u8) -> Option<Square> {
    if f > 8 || r > 9 {
        return None;
    }
    Square::new(f, 9 - r)
}

/// `DhtmlXQ_binit`: 32 two-digit points in slot order (red then black:
/// R H E A K A E H R C C P P P P P), `99` for a missing piece.
fn binit(s: &str) -> Result<Position, ImportError> {
    use super::board::PIECE_SLOTS as SLOTS;
    let d: Vec<u8> = s
        .trim()
        .bytes()
        .map(|b| {
            if b.is_ascii_digit() {
                Ok(b - b'0')
            } else {
                Err(err("binit holds a non-digit"))
            }
        })
        .collect::<Result<_, _>>()?;
    if d.len() != 64 {
        return Err(err(format!("binit has {} digits, not 64", d.len())));
    }
    let mut pieces = Vec::new();
    for i in 0..32 {
        if let Some(sq) = point(d[2 * i], d[2 * i + 1]) {
            let colour = if i < 16 { Colour::Red } else { Colour::Black };
            pieces.push((sq, Piece::new(colour, SLOTS[i % 16])));
        }
    }
    Position::from_pieces(&pieces, Colour::Red).map_err(|e| err(format!("binit: {e}")))
}

/// Reads every DhtmlXQ block of a text (an HTML page or a bare block).
pub fn read_dhtmlxq(text: &str) -> Result<Vec<GameRecord>, ImportError> {
    let mut blocks: Vec<&str> = Vec::new();
    let mut rest = text;
    while let Some(a) = rest.find("[DhtmlXQ]") {
        let body = &rest[a + 9..];
        let end = body.find("[/DhtmlXQ]").unwrap_or(body.len());
        blocks.push(&body[..end]);
        rest = &body[end..];
    }
    if blocks.is_empty() && text.contains("[DhtmlXQ_movelist]") {
        blocks.push(text);
    }
    if blocks.is_empty() {
        return Err(ImportError::NoGame);
    }
    let mut out = Vec::new();
    for (index, block) in blocks.into_iter().enumerate() {
        let mut g = GameRecord::new(index);
        for (tag, name) in [
            ("Title", "title"),
            ("Event", "event"),
            ("Date", "date"),
            ("Site", "place"),
            ("Round", "round"),
            ("Red", "red"),
            ("Black", "black"),
        ] {
            if let Some(v) = field(block, name).map(str::trim).filter(|v| !v.is_empty()) {
                g.tags.push((tag.to_string(), v.to_string()));
            }
        }
        g.result = field(block, "result").and_then(super::record::normalise_result);
        if let Some(b) = field(block, "binit").filter(|b| !b.trim().is_empty()) {
            g.start = binit(b)?;
        }
        let list: Vec<u8> = field(block, "movelist")
            .unwrap_or("")
            .bytes()
            .filter(|b| !b.is_ascii_whitespace())
            .collect();
        if !list.len().is_multiple_of(4) {
            return Err(err(format!(
                "{}: the move list has {} digits, not a multiple of 4",
                g.label(),
                list.len()
            )));
        }
        let mut pos = g.start.clone();
        for (i, c) in list.chunks(4).enumerate() {
            let text = String::from_utf8_lossy(c).to_string();
            let bad = |e: MoveTextError, pos: &Position| ImportError::Move {
                game: g.label(),
                move_no: move_number(&g.start, i),
                side: pos.side_to_move(),
                text: text.clone(),
                line: 0,
                source: e,
            };
            let dig: Option<Vec<u8>> = c
                .iter()
                .map(|b| b.is_ascii_digit().then(|| b - b'0'))
                .collect();
            let m = dig
                .and_then(|d| Some(Move::new(point(d[0], d[1])?, point(d[2], d[3])?)))
                .ok_or_else(|| {
                    bad(
                        MoveTextError::Unreadable {
                            text: text.clone(),
                            why: "err.notation.not_four_digits",
                        },
                        &pos,
                    )
                })?;
            if !pos.is_legal(m) {
                return Err(bad(MoveTextError::Illegal { text: text.clone() }, &pos));
            }
            pos.make(m);
            g.moves.push(m);
        }
        out.push(g);
    }
    Ok(out)
}
