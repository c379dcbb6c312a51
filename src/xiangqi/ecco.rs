//! ECCO opening codes (中国象棋开局分类, A00–E99) from a game's moves.
//!
//! What is covered, and from where (each checked against published
//! tables; see the tests):
//! - the five families, by the first moves (xqbase.com ECCO pages and
//!   their FAQ: "E00–E99: every 进兵局/仙人指路 game"):
//!   A: openings other than the central cannon and the pawn opening;
//!   B: central cannon against defences other than the screen horses and
//!   the cannon counters; C: central cannon against screen horses
//!   (屏风马); D: central cannon against a cannon counter (顺炮 same
//!   direction D00, 列炮 opposite direction D50); E: the pawn opening
//!   (仙人指路, 兵三/七进一), E10 against the pawn-base cannon (卒底炮).
//! - in the A family, the horse (起马) and palace-corner cannon (仕角炮)
//!   lines A40–A45 and A50–A52 as xqinenglish.com lists them; 飞相局
//!   A10 and 过宫炮 A60 as families.
//! - the CCGC 2006 records in ../shared/testdata carry ECCO tags (C47,
//!   C48, C49, E11, A02); the family of each is checked.
//!
//! Finer codes (the 100 lines inside each family) are not classified:
//! a game gets its family's code (A00 for other A openings). Games from a
//! set-up position get no code. Both sides are mirror-folded first, so
//! 炮八平五 counts as 炮二平五.

use super::board::{Move, Position};
use super::notation::{write_move, Notation};
use crate::domain::Colour;

/// The first moves in WXF from red's right-hand side (mirrored when red
/// starts on the left), as far as they are needed.
fn first_moves(start: &Position, moves: &[Move], n: usize) -> Vec<String> {
    let mirror = moves
        .first()
        .is_some_and(|m| m.from().file() < 4 || (m.from().file() == 4 && m.to().file() < 4));
    let mut pos = start.clone();
    let mut out = Vec::new();
    for &m in moves.iter().take(n) {
        let text = write_move(&pos, m, Notation::Wxf);
        out.push(if mirror { mirror_wxf(&text) } else { text });
        pos.make(m);
    }
    out
}

/// `C8.5` → `C2.5`: files counted from the other side.
fn mirror_wxf(t: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = t.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        // The file after the piece letter, and the number after '.' (a
        // file); after '+'/'-' the number is a file only for diagonal
        // pieces (H, E, A).
        let is_file = match i.checked_sub(1).map(|j| chars[j]) {
            Some(p) if p.is_ascii_alphabetic() => true,
            Some('.') => true,
            Some('+' | '-') if i == chars.len() - 1 => {
                matches!(chars.first(), Some('H' | 'E' | 'A'))
            }
            _ => false,
        };
        match c.to_digit(10) {
            Some(d) if is_file && (1..=9).contains(&d) => {
                out.push(char::from_digit(10 - d, 10).unwrap_or(c))
            }
            _ => out.push(c),
        }
    }
    out
}

/// The ECCO code of a game from the standard start, if it has moves.
pub fn classify(start: &Position, moves: &[Move]) -> Option<String> {
    if *start != Position::start() || moves.is_empty() {
        return None;
    }
    let m = first_moves(start, moves, 4);
    let at = |i: usize| m.get(i).map(String::as_str).unwrap_or("");
    let code = match at(0) {
        "C2.5" => central_cannon(start, moves, &m),
        "P3+1" | "P7+1" => {
            if matches!(at(1), "C2.3" | "C8.7") {
                "E10"
            } else {
                "E00"
            }
        }
        "H2+3" => match (at(1), at(2)) {
            ("P7+1", "C2.1") => "A42",
            ("P7+1", "C8.6") => "A43",
            ("P7+1", "C8.5") => "A44",
            ("P7+1", "P7+1") => "A45",
            ("P7+1", _) => "A41",
            _ => "A40",
        },
        "C2.4" => match at(1) {
            "H8+7" => "A51",
            "C2.5" => "A52",
            _ => "A50",
        },
        "E3+5" | "E7+5" => "A10",
        "C2.6" => "A60",
        _ => "A00",
    };
    Some(code.to_string())
}

/// Central cannon: against screen horses (both horses out before any
/// cannon counter) C, a cannon counter D, else B.
fn central_cannon(start: &Position, moves: &[Move], m: &[String]) -> &'static str {
    let black: Vec<&str> = m.iter().skip(1).step_by(2).map(String::as_str).collect();
    match black.first().copied() {
        Some("C8.5") => return "D00",
        Some("C2.5") => return "D50",
        _ => {}
    }
    // Both black horses developed to their proper squares within black's
    // first six moves, without a cannon to the centre: 屏风马.
    let mut pos = start.clone();
    let (mut left, mut right) = (false, false);
    for (i, &mv) in moves.iter().take(12).enumerate() {
        if pos.side_to_move() == Colour::Black {
            let t = write_move(&pos, mv, Notation::Wxf);
            if t == "C8.5" || t == "C2.5" {
                return if i == 1 { "D00" } else { "B00" };
            }
            let (f, t_) = (mv.from().iccs(), mv.to().iccs());
            if f == "b9" && t_ == "c7" {
                left = true;
            }
            if f == "h9" && t_ == "g7" {
                right = true;
            }
        }
        pos.make(mv);
    }
    if left && right {
        "C00"
    } else {
        "B00"
    }
}
