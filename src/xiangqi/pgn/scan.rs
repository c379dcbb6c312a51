//! PGN text to raw games: tags, movetext tokens (moves, comments,
//! variation brackets) and the result, each game with the line it starts
//! on and its first structural error. Part of `pgn.rs`, which plays the
//! moves.

use super::super::record::{ImportError, MoveText};
use crate::i18n::{msg, Msg};
/// A piece of a game's movetext.
#[derive(Clone, Debug)]
pub(super) enum Tok {
    Move(MoveText),
    Comment(String),
    /// `(`: a variation starts, replacing the move before it.
    Open(usize),
    /// `)`
    Close,
}

/// A game as read from the text, before its moves are played.
pub(super) struct RawGame {
    pub tags: Vec<(String, String)>,
    pub toks: Vec<Tok>,
    pub result_token: Option<String>,
    /// The line of its first text.
    pub line: usize,
    /// The first structural error in it: the game is skipped.
    pub error: Option<ImportError>,
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
pub(super) fn scan(text: &str) -> Vec<RawGame> {
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
