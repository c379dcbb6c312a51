//! Xiangqi PGN: reading (multi-game, game by game: a broken game is skipped
//! and reported, the others read; comments and variations kept; any
//! notation per move) and writing in a chosen notation, losslessly.

use super::board::{Position, START_FEN};
use super::notation::parse_move;
use super::notation::{write_move, Notation};
use super::record::{
    game_label, move_number, normalise_result as clean_result, GameRecord, ImportError, MoveText,
    ReadNote, ReadOptions, Skipped, Variation,
};
use crate::i18n::{msg, Msg};

/// Game records are decoded by the one text decoder of `formats`.
pub use crate::formats::text::{decode_text as decode, TextEncoding};

/// A piece of a game's movetext.
#[derive(Clone, Debug)]
enum Tok {
    Move(MoveText),
    Comment(String),
    /// `(`: a variation starts, replacing the move before it.
    Open(usize),
    /// `)`
    Close,
}

/// A game as read from the text, before its moves are played.
struct RawGame {
    tags: Vec<(String, String)>,
    toks: Vec<Tok>,
    result_token: Option<String>,
    /// The line of its first text.
    line: usize,
    /// The first structural error in it: the game is skipped.
    error: Option<ImportError>,
}

impl RawGame {
    fn new(line: usize) -> RawGame {
        RawGame {
            tags: Vec::new(),
            toks: Vec::new(),
            result_token: None,
            line,
            error: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty()
            && self.toks.is_empty()
            && self.result_token.is_none()
            && self.error.is_none()
    }

    fn fail(&mut self, e: ImportError) {
        if self.error.is_none() {
            self.error = Some(e);
        }
    }
}

fn is_result(t: &str) -> bool {
    matches!(t, "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*")
}

/// Drops a leading move number (`12.`, `12...`, `12．`) from a token.
fn strip_move_number(tok: &str) -> &str {
    let digits = tok.len() - tok.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return tok;
    }
    let rest = &tok[digits..];
    let after = rest.trim_start_matches(['.', '．', '…', '、']);
    if after.len() == rest.len() {
        tok
    } else {
        after
    }
}

struct Scanner {
    chars: Vec<char>,
    i: usize,
    line: usize,
    col: usize,
}

impl Scanner {
    fn new(src: &str) -> Scanner {
        Scanner {
            chars: src.chars().collect(),
            i: 0,
            line: 1,
            col: 1,
        }
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.i += 1;
        if c == '\n' {
            self.line += 1;
            self.col = 1;
        } else {
            self.col += 1;
        }
        Some(c)
    }

    fn skip_line(&mut self) {
        while let Some(c) = self.bump() {
            if c == '\n' {
                break;
            }
        }
    }

    /// Only blanks before the cursor on this line?
    fn at_line_start(&self) -> bool {
        let mut j = self.i;
        while j > 0 {
            let c = self.chars[j - 1];
            if c == '\n' {
                return true;
            }
            if !c.is_whitespace() {
                return false;
            }
            j -= 1;
        }
        true
    }

    /// Does a tag (`[Name "`) start at the cursor?
    fn tag_starts(&self) -> bool {
        if self.peek() != Some('[') {
            return false;
        }
        let mut k = 1;
        let mut name = 0;
        while let Some(c) = self.peek_at(k) {
            if c.is_alphanumeric() || c == '_' {
                name += 1;
                k += 1;
            } else {
                break;
            }
        }
        while self.peek_at(k).is_some_and(|c| c == ' ' || c == '\t') {
            k += 1;
        }
        name > 0 && self.peek_at(k) == Some('"')
    }

    /// Does the rest of the line after position `j` hold only blanks, or
    /// another tag?
    fn tag_may_end_at(&self, j: usize) -> bool {
        let mut k = j;
        while let Some(&c) = self.chars.get(k) {
            match c {
                '\n' | '\r' | '[' => return true,
                c if c.is_whitespace() => k += 1,
                _ => return false,
            }
        }
        true
    }

    fn err(&self, line: usize, col: usize, msg: Msg) -> ImportError {
        ImportError::Syntax { line, col, msg }
    }

    /// `[Name "value"]` with `\"` and `\\` escapes. Sloppy writers are
    /// forgiven: a quote inside the value that is not followed by `]` at
    /// the end of the line is part of the value
    /// (`[Event ""Huangshan Cup" National"]`), and a value may go on over
    /// the next lines until its `"]`.
    fn tag(&mut self) -> Result<(String, String), ImportError> {
        let (l, c) = (self.line, self.col);
        self.bump(); // '['
        let mut name = String::new();
        while let Some(ch) = self.peek() {
            if ch.is_whitespace() || ch == '"' || ch == ']' {
                break;
            }
            name.push(ch);
            self.bump();
        }
        while self.peek().is_some_and(|ch| ch == ' ' || ch == '\t') {
            self.bump();
        }
        let mut value = String::new();
        if self.peek() == Some('"') {
            self.bump();
            let mut lines = 0;
            loop {
                match self.peek() {
                    None => return Err(self.err(l, c, msg!("err.pgn.tag_value_open"))),
                    Some('\n') => {
                        // Split over lines: go on unless a new tag starts.
                        lines += 1;
                        self.bump();
                        while self.peek().is_some_and(|ch| ch == ' ' || ch == '\t') {
                            self.bump();
                        }
                        if lines > 4 || self.tag_starts() || self.peek().is_none() {
                            return Err(self.err(l, c, msg!("err.pgn.tag_value_open")));
                        }
                        if !value.ends_with(' ') && !value.is_empty() {
                            value.push(' ');
                        }
                    }
                    Some('\r') => {
                        self.bump();
                    }
                    Some('\\') if matches!(self.peek_at(1), Some('"' | '\\')) => {
                        self.bump();
                        if let Some(e) = self.bump() {
                            value.push(e);
                        }
                    }
                    Some('"') => {
                        // The closing quote: `"` then blanks then `]` that
                        // ends the line (or is followed by another tag).
                        let mut k = self.i + 1;
                        while self.chars.get(k).is_some_and(|&ch| ch == ' ' || ch == '\t') {
                            k += 1;
                        }
                        if self.chars.get(k) == Some(&']') && self.tag_may_end_at(k + 1) {
                            self.bump();
                            break;
                        }
                        self.bump();
                        value.push('"');
                    }
                    Some(ch) => {
                        self.bump();
                        value.push(ch);
                    }
                }
            }
        }
        while self.peek().is_some_and(|ch| ch == ' ' || ch == '\t') {
            self.bump();
        }
        if self.peek() != Some(']') {
            return Err(self.err(l, c, msg!("err.pgn.tag_open")));
        }
        self.bump();
        if name.is_empty() {
            return Err(self.err(l, c, msg!("err.pgn.tag_no_name")));
        }
        Ok((name, value))
    }

    /// `{…}`: the text, or an error when a new game's tag line comes
    /// before the `}` (the cursor then stays at that line).
    fn comment(&mut self) -> Result<String, ImportError> {
        let (l, c) = (self.line, self.col);
        self.bump();
        let mut text = String::new();
        loop {
            if self.at_line_start() && self.tag_starts() {
                return Err(self.err(l, c, msg!("err.pgn.comment_open")));
            }
            match self.bump() {
                None => return Err(self.err(l, c, msg!("err.pgn.comment_open"))),
                Some('}') => return Ok(text.trim().to_string()),
                Some(ch) => text.push(ch),
            }
        }
    }

    fn token(&mut self) -> String {
        let mut t = String::new();
        while let Some(ch) = self.peek() {
            if ch.is_whitespace() || "{}()[];".contains(ch) {
                break;
            }
            if "，。；".contains(ch) {
                // Score sheets typed in a word processor: `炮二平五，马８进７。`
                self.bump();
                break;
            }
            t.push(ch);
            self.bump();
        }
        t
    }
}

/// Splits PGN text into games (tags, movetext, result token). A broken
/// game keeps its first error and is skipped later; the scan goes on.
fn scan(text: &str) -> Vec<RawGame> {
    let mut s = Scanner::new(text);
    let mut games = Vec::new();
    let mut cur = RawGame::new(1);
    let mut after_result = false;
    let mut in_moves = false;
    let mut depth = 0usize;
    let mut open_at = (0, 0);
    while let Some(ch) = s.peek() {
        if ch.is_whitespace() {
            s.bump();
            continue;
        }
        // Tags start a line, or follow other tags on the same line.
        if ch == '[' && (s.at_line_start() || (!in_moves && !after_result)) {
            if in_moves || after_result {
                if depth > 0 {
                    cur.fail(s.err(open_at.0, open_at.1, msg!("err.pgn.variation_open")));
                }
                games.push(std::mem::replace(&mut cur, RawGame::new(s.line)));
                in_moves = false;
                after_result = false;
                depth = 0;
            }
            if cur.is_empty() {
                cur.line = s.line;
            }
            match s.tag() {
                Ok(t) => cur.tags.push(t),
                Err(e) => {
                    cur.fail(e);
                    s.skip_line();
                }
            }
            continue;
        }
        if after_result {
            // Lines after the result token belong to no game (footers).
            s.skip_line();
            continue;
        }
        match ch {
            '{' => match s.comment() {
                Ok(t) => {
                    in_moves = true;
                    cur.toks.push(Tok::Comment(t));
                }
                Err(e) => {
                    in_moves = true;
                    cur.fail(e);
                }
            },
            ';' => {
                s.bump();
                let mut t = String::new();
                while let Some(c) = s.peek() {
                    if c == '\n' {
                        break;
                    }
                    t.push(c);
                    s.bump();
                }
                cur.toks.push(Tok::Comment(t.trim().to_string()));
            }
            '(' => {
                if depth == 0 {
                    open_at = (s.line, s.col);
                }
                depth += 1;
                cur.toks.push(Tok::Open(s.line));
                s.bump();
            }
            ')' if depth > 0 => {
                depth -= 1;
                cur.toks.push(Tok::Close);
                s.bump();
            }
            ')' | '}' | ']' | '[' => {
                cur.fail(s.err(s.line, s.col, msg!("err.pgn.unexpected", ch)));
                s.bump();
            }
            '%' if s.at_line_start() => s.skip_line(),
            _ => {
                let line = s.line;
                let tok = s.token();
                let t = strip_move_number(&tok);
                if t.chars().all(|c| c == '.' || c == '…') || t.starts_with('$') {
                    continue;
                }
                in_moves = true;
                if is_result(t) && depth == 0 {
                    cur.result_token = Some(t.to_string());
                    after_result = true;
                } else if !is_result(t) {
                    cur.toks.push(Tok::Move(MoveText {
                        text: t.to_string(),
                        line,
                    }));
                }
            }
        }
    }
    if depth > 0 {
        cur.fail(s.err(open_at.0, open_at.1, msg!("err.pgn.variation_open")));
    }
    if !cur.is_empty() {
        games.push(cur);
    }
    games
}

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
        if let Ok(l) = play_line(&flipped, toks, &mut 0, false, &label, opts, &mut again) {
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
        None => match play_line(&g.start, toks, &mut 0, false, &label, opts, &mut notes) {
            Ok(l) => l,
            Err(e) if fen_given && first_move_fails(&e, &g.start) => {
                let mut again = Vec::new();
                match play_line(&flipped, toks, &mut 0, false, &label, opts, &mut again) {
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
fn play_line(
    start: &Position,
    toks: &[Tok],
    i: &mut usize,
    nested: bool,
    label: &str,
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
                let from = *i;
                match play_line(&base, toks, i, true, label, opts, notes) {
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
                            game: label.to_string(),
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
    moves: &[super::board::Move],
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
