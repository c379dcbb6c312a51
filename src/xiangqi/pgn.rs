//! Xiangqi PGN: reading (multi-game, game by game: a broken game is skipped
//! and reported, the others read; comments and variations kept; any
//! notation per move) and writing in a chosen notation, losslessly.

use super::board::Position;
use super::notation::parse_move;
use super::record::{
    game_label, move_number, normalise_result as clean_result, GameRecord, ImportError, MoveText,
    ReadNote, ReadOptions, Skipped, Variation,
};
use crate::i18n::msg;

/// Game records are decoded by the one text decoder of `formats`.
pub use crate::formats::text::{decode_text as decode, TextEncoding};

// Scanning text into raw games, and writing games.
mod scan;
mod write;
use scan::{scan, Tok};
pub use write::{score_sheet, write_pgn};

/// What a PGN text gave: the games read, the games skipped, the notes.
#[derive(Clone, Debug, Default)]
pub struct PgnRead {
    pub games: Vec<GameRecord>,
    pub skipped: Vec<Skipped>,
    pub notes: Vec<ReadNote>,
}

/// Reads every game of a PGN text; the first bad game is an error.
pub fn read_pgn(text: &str) -> Result<Vec<GameRecord>, ImportError> {
    let r = read_pgn_with(text, ReadOptions::default());
    match r.skipped.into_iter().next() {
        Some(s) => Err(s.error),
        None => Ok(r.games),
    }
}

/// Reads every game of a PGN text, game by game: a bad game is skipped
/// (with its number, line and reason) and every other game is read.
pub fn read_pgn_with(text: &str, opts: ReadOptions) -> PgnRead {
    let mut out = PgnRead::default();
    for (index, raw) in scan(text).into_iter().enumerate() {
        match build_game(
            index,
            raw.tags,
            &raw.toks,
            raw.result_token,
            raw.error,
            opts,
        ) {
            Ok((g, notes)) => {
                out.games.push(g);
                out.notes.extend(notes);
            }
            Err(error) => out.skipped.push(Skipped {
                index,
                line: error_line(&error).unwrap_or(raw.line),
                error,
            }),
        }
    }
    out
}

/// The line an error names, if it names one.
pub(crate) fn error_line(e: &ImportError) -> Option<usize> {
    match e {
        ImportError::Move { line, .. } if *line > 0 => Some(*line),
        ImportError::Syntax { line, .. } => Some(*line),
        _ => None,
    }
}

fn build_game(
    index: usize,
    tags: Vec<(String, String)>,
    toks: &[Tok],
    result_token: Option<String>,
    error: Option<ImportError>,
    opts: ReadOptions,
) -> Result<(GameRecord, Vec<ReadNote>), ImportError> {
    if let Some(e) = error {
        return Err(e);
    }
    let mut g = GameRecord::new(index);
    g.tags = tags;
    let mut notes = Vec::new();
    let toks = if g.tags.is_empty() {
        score_sheet_header(&mut g, toks)
    } else {
        toks
    };
    let fen_given = match g.tag("FEN").filter(|f| !f.trim().is_empty()) {
        Some(fen) => {
            g.start = Position::from_fen(fen).map_err(|e| ImportError::Fen {
                game: game_label(index, g.red(), g.black()),
                source: e,
            })?;
            true
        }
        None => false,
    };
    g.result = g
        .tag("Result")
        .and_then(clean_result)
        .or_else(|| result_token.as_deref().and_then(clean_result));
    let label = g.label();
    // The FEN's side field may contradict the first move: other programs
    // write `b` for red to move. The first move decides, with a note:
    // when it cannot be played by the FEN's side, or when its numerals are
    // the other side's (red writes 一…九, black digits) and it plays.
    let first_side = toks.iter().find_map(|t| match t {
        Tok::Move(m) => chinese_side(&m.text),
        _ => None,
    });
    let mut flipped = g.start.clone();
    flipped.set_side_to_move(flipped.side_to_move().opposite());
    let try_flipped_first = fen_given && first_side == Some(flipped.side_to_move());
    let mut line = None;
    if try_flipped_first {
        let mut again = Vec::new();
        if let Ok(l) = play_line(&flipped, toks, &mut 0, false, 0, &label, opts, &mut again) {
            notes.push(ReadNote {
                index,
                msg: msg!("note.record.fen_side", game = label.clone()),
            });
            notes.extend(again);
            g.start = flipped.clone();
            line = Some(l);
        }
    }
    let mut line = match line {
        Some(l) => l,
        None => match play_line(&g.start, toks, &mut 0, false, 0, &label, opts, &mut notes) {
            Ok(l) => l,
            Err(e) if fen_given && first_move_fails(&e, &g.start) => {
                let mut again = Vec::new();
                match play_line(&flipped, toks, &mut 0, false, 0, &label, opts, &mut again) {
                    Ok(l) => {
                        notes.push(ReadNote {
                            index,
                            msg: msg!("note.record.fen_side", game = label.clone()),
                        });
                        notes.extend(again);
                        g.start = flipped;
                        l
                    }
                    Err(_) => return Err(e),
                }
            }
            Err(e) => return Err(e),
        },
    };
    for n in &mut notes {
        n.index = index;
    }
    g.moves = std::mem::take(&mut line.moves);
    g.comments = line.comments;
    g.variations = line.variations;
    Ok((g, notes))
}

/// A plain-text score sheet has no tags, but may have heading lines (the
/// event, `许银川 先胜 吕钦`) before its moves: those lines become tags
/// (Event; Red, Black and Result from `红方 先胜|先负|先和 黑方`) and the
/// moves start at the first line whose first two moves are legal.
fn score_sheet_header<'a>(g: &mut GameRecord, toks: &'a [Tok]) -> &'a [Tok] {
    let moves: Vec<(usize, &MoveText)> = toks
        .iter()
        .enumerate()
        .filter_map(|(i, t)| match t {
            Tok::Move(m) => Some((i, m)),
            _ => None,
        })
        .collect();
    let plays = |k: usize| {
        let mut p = g.start.clone();
        for (_, m) in moves.iter().skip(k).take(2) {
            match parse_move(&p, &m.text) {
                Ok(mv) => {
                    p.make(mv);
                }
                Err(_) => return false,
            }
        }
        true
    };
    if moves.is_empty() || plays(0) {
        return toks;
    }
    let Some(k) = (1..moves.len()).find(|&k| {
        // A line's first move, after whole heading lines.
        moves[k].1.line > moves[k - 1].1.line && plays(k)
    }) else {
        return toks;
    };
    let mut lines: Vec<(usize, Vec<&str>)> = Vec::new();
    for (_, m) in &moves[..k] {
        match lines.last_mut() {
            Some((l, words)) if *l == m.line => words.push(m.text.as_str()),
            _ => lines.push((m.line, vec![m.text.as_str()])),
        }
    }
    for (_, words) in &lines {
        if let [red, verb, black] = words.as_slice() {
            let result = match *verb {
                "先胜" | "先勝" => Some("1-0"),
                "先负" | "先負" => Some("0-1"),
                "先和" => Some("1/2-1/2"),
                "对" | "對" | "vs" | "VS" | "v" => None,
                _ => continue,
            };
            g.set_tag("Red", red);
            g.set_tag("Black", black);
            if let Some(r) = result {
                g.set_tag("Result", r);
            }
        } else if g.tag("Event").is_none() {
            g.set_tag("Event", &words.join(" "));
        }
    }
    &toks[moves[k].0..]
}

/// Whose move a Chinese move text is by its numerals: red writes 一…九,
/// black digits (ASCII or full-width). None for other notations.
fn chinese_side(text: &str) -> Option<crate::domain::Colour> {
    if text.is_ascii() {
        return None;
    }
    let red = text.chars().any(|c| "一二三四五六七八九".contains(c));
    let black = text
        .chars()
        .any(|c| c.is_ascii_digit() || ('０'..='９').contains(&c));
    match (red, black) {
        (true, false) => Some(crate::domain::Colour::Red),
        (false, true) => Some(crate::domain::Colour::Black),
        _ => None,
    }
}

/// Is the error about the first move of the main line?
fn first_move_fails(e: &ImportError, start: &Position) -> bool {
    matches!(e, ImportError::Move { move_no, side, .. }
        if *move_no == 1 && *side == start.side_to_move())
}

/// Plays a line of tokens from `pos`: its moves, comments and variations.
/// A variation's bad move drops that variation (with a note); the main
/// line's bad move is an error, or with `keep_legal_prefix` ends the line.
#[allow(clippy::too_many_arguments)]
fn play_line(
    start: &Position,
    toks: &[Tok],
    i: &mut usize,
    nested: bool,
    depth: usize,
    label: &crate::i18n::Msg,
    opts: ReadOptions,
    notes: &mut Vec<ReadNote>,
) -> Result<Variation, ImportError> {
    let mut line = Variation::default();
    let mut pos = start.clone();
    let mut before: Option<Position> = None;
    let mut dead = false;
    while *i < toks.len() {
        match &toks[*i] {
            Tok::Comment(c) => {
                *i += 1;
                if !dead && !c.is_empty() {
                    line.comments.push((line.moves.len(), c.clone()));
                }
            }
            Tok::Open(l) => {
                *i += 1;
                let Some(base) = before.clone().filter(|_| !dead) else {
                    skip_variation(toks, i);
                    if !dead {
                        notes.push(ReadNote {
                            index: 0,
                            msg: msg!("note.record.variation_dropped", game = label, line = *l),
                        });
                    }
                    continue;
                };
                if depth + 1 >= super::record::MAX_VARIATION_DEPTH {
                    skip_variation(toks, i);
                    notes.push(super::record::too_deep(0, label, 1));
                    continue;
                }
                let from = *i;
                match play_line(&base, toks, i, true, depth + 1, label, opts, notes) {
                    Ok(mut v) => {
                        v.at = line.moves.len() - 1;
                        if !v.moves.is_empty() {
                            line.variations.push(v);
                        }
                    }
                    Err(_) => {
                        *i = from;
                        skip_variation(toks, i);
                        notes.push(ReadNote {
                            index: 0,
                            msg: msg!("note.record.variation_dropped", game = label, line = *l),
                        });
                    }
                }
            }
            Tok::Close => {
                *i += 1;
                if nested {
                    return Ok(line);
                }
            }
            Tok::Move(t) => {
                *i += 1;
                if dead {
                    continue;
                }
                let ply = line.moves.len();
                match parse_move(&pos, &t.text) {
                    Ok(m) => {
                        before = Some(pos.clone());
                        pos.make(m);
                        line.moves.push(m);
                    }
                    Err(source) => {
                        let e = ImportError::Move {
                            game: label.clone(),
                            move_no: move_number(start, ply),
                            side: pos.side_to_move(),
                            text: t.text.clone(),
                            line: t.line,
                            source,
                        };
                        if nested || !opts.keep_legal_prefix || ply == 0 {
                            return Err(e);
                        }
                        notes.push(ReadNote {
                            index: 0,
                            msg: msg!(
                                "note.record.legal_prefix",
                                game = label,
                                plies = ply,
                                why = e.msg()
                            ),
                        });
                        dead = true;
                    }
                }
            }
        }
    }
    Ok(line)
}

/// Moves past the tokens of a variation whose `(` was just passed.
fn skip_variation(toks: &[Tok], i: &mut usize) {
    let mut depth = 1;
    while *i < toks.len() && depth > 0 {
        match toks[*i] {
            Tok::Open(_) => depth += 1,
            Tok::Close => depth -= 1,
            _ => {}
        }
        *i += 1;
    }
}
