//! Writing PGN in a chosen notation, with comments and variations, and
//! score sheets. Part of `pgn.rs`, which reads.

use super::super::board::{Position, START_FEN};
use super::super::notation::{write_move, Notation};
use super::super::record::{move_number, GameRecord, Variation};
fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes games as PGN in a notation, two moves a line like a score sheet;
/// comments and variations are kept (`{…}`, `(…)`), and the `Game` tag
/// says which game the file is for.
pub fn write_pgn(games: &[GameRecord], notation: Notation) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut tags: Vec<(String, String)> = Vec::new();
        if g.tag("Game").is_none() {
            tags.push(("Game".into(), "Chinese Chess".into()));
        }
        tags.extend(
            g.tags
                .iter()
                .filter(|(k, _)| {
                    !["FEN", "Format", "Result"]
                        .iter()
                        .any(|n| k.eq_ignore_ascii_case(n))
                })
                .cloned(),
        );
        let result = g.result.clone().unwrap_or_else(|| "*".to_string());
        tags.push(("Result".into(), result.clone()));
        let fen = g.start.fen();
        if fen != START_FEN {
            tags.push(("FEN".into(), format!("{fen} - - 0 1")));
        }
        match notation {
            Notation::Iccs => tags.push(("Format".into(), "ICCS".into())),
            Notation::Wxf => tags.push(("Format".into(), "WXF".into())),
            // What XBoard needs to open the file: the variant, and red as
            // White.
            Notation::Xboard => {
                if g.tag("Variant").is_none() {
                    tags.push(("Variant".into(), "xiangqi".into()));
                }
                if let (Some(red), None) = (g.tag("Red"), g.tag("White")) {
                    tags.push(("White".into(), red.to_string()));
                }
            }
            _ => {}
        }
        for (k, v) in &tags {
            out.push_str(&format!("[{} \"{}\"]\n", k, escape(v)));
        }
        out.push('\n');
        if g.comments.is_empty() && g.variations.is_empty() {
            out.push_str(&score_sheet(g, notation));
            out.push_str(&result);
            out.push('\n');
        } else {
            let mut toks = Vec::new();
            movetext(
                &mut toks,
                &g.start,
                &g.moves,
                &g.comments,
                &g.variations,
                notation,
            );
            toks.push(result);
            out.push_str(&wrap(&toks));
        }
    }
    out
}

/// A comment as PGN writes it: `}` cannot stand inside.
fn comment_token(c: &str) -> String {
    format!("{{{}}}", c.replace('}', ")"))
}

/// The tokens of a line: numbers, moves, comments, variations.
fn movetext(
    toks: &mut Vec<String>,
    start: &Position,
    moves: &[super::super::board::Move],
    comments: &[(usize, String)],
    variations: &[Variation],
    notation: Notation,
) {
    let at = |ply: usize| comments.iter().filter(move |(p, _)| *p == ply);
    for (_, c) in at(0) {
        toks.push(comment_token(c));
    }
    let mut pos = start.clone();
    let mut numbered = false;
    for (k, &m) in moves.iter().enumerate() {
        let no = move_number(start, k);
        if pos.side_to_move() == crate::domain::Colour::Red {
            toks.push(format!("{no}."));
        } else if !numbered {
            toks.push(format!("{no}..."));
        }
        toks.push(write_move(&pos, m, notation));
        numbered = pos.side_to_move() == crate::domain::Colour::Red;
        let before = pos.clone();
        pos.make(m);
        for (_, c) in at(k + 1) {
            toks.push(comment_token(c));
            numbered = false;
        }
        for v in variations.iter().filter(|v| v.at == k) {
            let mut sub = Vec::new();
            movetext(
                &mut sub,
                &before,
                &v.moves,
                &v.comments,
                &v.variations,
                notation,
            );
            toks.push(format!("({})", sub.join(" ")));
            numbered = false;
        }
    }
}

/// Tokens joined by spaces, lines broken before 80 columns.
fn wrap(toks: &[String]) -> String {
    let mut out = String::new();
    let mut width = 0;
    for t in toks {
        let w = t.chars().count();
        if width > 0 && width + 1 + w > 80 {
            out.push('\n');
            width = 0;
        } else if width > 0 {
            out.push(' ');
            width += 1;
        }
        out.push_str(t);
        width += w;
    }
    out.push('\n');
    out
}

/// The moves numbered, red and black on one line: `  1. 炮二平五 马８进７`.
pub fn score_sheet(g: &GameRecord, notation: Notation) -> String {
    let mut out = String::new();
    let mut pos = g.start.clone();
    let black_first = pos.side_to_move() == crate::domain::Colour::Black;
    let mut ply = 0usize;
    let mut no = 1;
    for &m in &g.moves {
        let text = write_move(&pos, m, notation);
        let red_turn = pos.side_to_move() == crate::domain::Colour::Red;
        if red_turn {
            out.push_str(&format!("{no:>3}. {text}"));
        } else {
            if ply == 0 && black_first {
                out.push_str(&format!("{no:>3}. ..."));
            }
            out.push(' ');
            out.push_str(&text);
            out.push('\n');
            no += 1;
        }
        pos.make(m);
        ply += 1;
    }
    if pos.side_to_move() == crate::domain::Colour::Black && ply > 0 {
        out.push('\n');
    }
    out
}
