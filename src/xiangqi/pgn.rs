//! Xiangqi PGN: reading (multi-game, comments and variations skipped, any
//! notation per move) and writing in a chosen notation.

use super::board::{Position, START_FEN};
use super::notation::{write_move, Notation};
use super::record::{
    game_label, normalise_result as clean_result, GameRecord, ImportError, MoveText,
};
use crate::i18n::{msg, Msg};

/// Game records are decoded by the one text decoder of `formats`.
pub use crate::formats::text::{decode_text as decode, TextEncoding};

/// A game as read from the text, before its moves are played.
struct RawGame {
    tags: Vec<(String, String)>,
    moves: Vec<MoveText>,
    result_token: Option<String>,
}

impl RawGame {
    fn new() -> RawGame {
        RawGame {
            tags: Vec::new(),
            moves: Vec::new(),
            result_token: None,
        }
    }

    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.moves.is_empty() && self.result_token.is_none()
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

    fn err(&self, line: usize, col: usize, msg: Msg) -> ImportError {
        ImportError::Syntax { line, col, msg }
    }

    /// `[Name "value"]` with `\"` and `\\` escapes.
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
            loop {
                match self.bump() {
                    None | Some('\n') => {
                        return Err(self.err(l, c, msg!("err.pgn.tag_value_open")))
                    }
                    Some('\\') => {
                        if let Some(e) = self.bump() {
                            value.push(e);
                        }
                    }
                    Some('"') => break,
                    Some(ch) => value.push(ch),
                }
            }
        }
        while self.peek().is_some_and(|ch| ch == ' ' || ch == '\t') {
            self.bump();
        }
        if self.bump() != Some(']') {
            return Err(self.err(l, c, msg!("err.pgn.tag_open")));
        }
        if name.is_empty() {
            return Err(self.err(l, c, msg!("err.pgn.tag_no_name")));
        }
        Ok((name, value))
    }

    fn comment(&mut self) -> Result<(), ImportError> {
        let (l, c) = (self.line, self.col);
        self.bump();
        loop {
            match self.bump() {
                None => return Err(self.err(l, c, msg!("err.pgn.comment_open"))),
                Some('}') => return Ok(()),
                Some(_) => {}
            }
        }
    }

    fn variation(&mut self) -> Result<(), ImportError> {
        let (l, c) = (self.line, self.col);
        let mut depth = 0usize;
        loop {
            match self.peek() {
                None => return Err(self.err(l, c, msg!("err.pgn.variation_open"))),
                Some('{') => self.comment()?,
                Some('(') => {
                    depth += 1;
                    self.bump();
                }
                Some(')') => {
                    depth -= 1;
                    self.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                Some(_) => {
                    self.bump();
                }
            }
        }
    }

    fn token(&mut self) -> String {
        let mut t = String::new();
        while let Some(ch) = self.peek() {
            if ch.is_whitespace() || "{}()[];".contains(ch) {
                break;
            }
            t.push(ch);
            self.bump();
        }
        t
    }
}

/// Splits PGN text into games (tags, move texts, result token).
fn scan(text: &str) -> Result<Vec<RawGame>, ImportError> {
    let mut s = Scanner::new(text);
    let mut games = Vec::new();
    let mut cur = RawGame::new();
    let mut after_result = false;
    let mut in_moves = false;
    while let Some(ch) = s.peek() {
        if ch.is_whitespace() {
            s.bump();
            continue;
        }
        // Tags start a line, or follow other tags on the same line.
        if ch == '[' && (s.at_line_start() || (!in_moves && !after_result)) {
            if in_moves || after_result {
                games.push(std::mem::replace(&mut cur, RawGame::new()));
                in_moves = false;
                after_result = false;
            }
            let t = s.tag()?;
            cur.tags.push(t);
            continue;
        }
        if after_result {
            // Lines after the result token belong to no game (footers).
            s.skip_line();
            continue;
        }
        match ch {
            '{' => s.comment()?,
            ';' => s.skip_line(),
            '(' => s.variation()?,
            ')' | '}' | ']' | '[' => {
                return Err(s.err(s.line, s.col, msg!("err.pgn.unexpected", ch)));
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
                if is_result(t) {
                    cur.result_token = Some(t.to_string());
                    after_result = true;
                } else {
                    cur.moves.push(MoveText {
                        text: t.to_string(),
                        line,
                    });
                }
            }
        }
    }
    if !cur.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

/// Reads every game of a PGN text.
pub fn read_pgn(text: &str) -> Result<Vec<GameRecord>, ImportError> {
    let raws = scan(text)?;
    let mut out = Vec::with_capacity(raws.len());
    for (index, raw) in raws.into_iter().enumerate() {
        let mut g = GameRecord::new(index);
        g.tags = raw.tags;
        if let Some(fen) = g.tag("FEN").filter(|f| !f.trim().is_empty()) {
            g.start = Position::from_fen(fen).map_err(|e| ImportError::Fen {
                game: game_label(index, g.red(), g.black()),
                source: e,
            })?;
        }
        g.result = g
            .tag("Result")
            .and_then(clean_result)
            .or_else(|| raw.result_token.as_deref().and_then(clean_result));
        g.play_texts(&raw.moves)?;
        out.push(g);
    }
    Ok(out)
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes games as PGN in a notation, two moves a line like a score sheet.
pub fn write_pgn(games: &[GameRecord], notation: Notation) -> String {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut tags: Vec<(String, String)> = g
            .tags
            .iter()
            .filter(|(k, _)| {
                !["FEN", "Format", "Result"]
                    .iter()
                    .any(|n| k.eq_ignore_ascii_case(n))
            })
            .cloned()
            .collect();
        let result = g.result.clone().unwrap_or_else(|| "*".to_string());
        tags.push(("Result".into(), result.clone()));
        let fen = g.start.fen();
        if fen != START_FEN {
            tags.push(("FEN".into(), format!("{fen} - - 0 1")));
        }
        match notation {
            Notation::Iccs => tags.push(("Format".into(), "ICCS".into())),
            Notation::Wxf => tags.push(("Format".into(), "WXF".into())),
            _ => {}
        }
        for (k, v) in &tags {
            out.push_str(&format!("[{} \"{}\"]\n", k, escape(v)));
        }
        out.push('\n');
        out.push_str(&score_sheet(g, notation));
        out.push_str(&result);
        out.push('\n');
    }
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
