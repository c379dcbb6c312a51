//! A game record: its tags, start position and moves, whatever file it came
//! from; and the errors of reading one.

use super::board::{FenError, Move, Position};
use super::notation::{parse_move, MoveTextError};
use crate::domain::{Colour, Outcome};

/// One game, read from a PGN, XQF or DhtmlXQ file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// Tags in file order (`Event`, `Red`, …). Names as written.
    pub tags: Vec<(String, String)>,
    /// The start position (the standard one unless a FEN was given).
    pub start: Position,
    /// The main line, legal from `start`.
    pub moves: Vec<Move>,
    /// The result as written (`1-0`, `0-1`, `1/2-1/2`), if known.
    pub result: Option<String>,
    /// 0-based position of the game in its file.
    pub index: usize,
    /// Comments on the main line as (ply, text): ply 0 stands before the
    /// first move, ply n after move n. Several at one ply keep their order.
    pub comments: Vec<(usize, String)>,
    /// Other moves tried instead of a main-line move.
    pub variations: Vec<Variation>,
}

/// A line played instead of move `at` (0-based) of its parent line, with
/// its own comments and variations (same meaning as a game's).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Variation {
    pub at: usize,
    pub moves: Vec<Move>,
    pub comments: Vec<(usize, String)>,
    pub variations: Vec<Variation>,
}

/// How the readers treat what real files get wrong.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadOptions {
    /// A main line that turns illegal keeps its legal moves (with a note)
    /// instead of losing the game.
    pub keep_legal_prefix: bool,
}

/// A game of a file that could not be read: which (0-based), where (the
/// line of its first text, 0 for binary formats) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub index: usize,
    pub line: usize,
    pub error: ImportError,
}

impl Skipped {
    /// "game 2 (line 14): why" as a keyed message (no line for binary
    /// formats).
    pub fn msg(&self) -> crate::i18n::Msg {
        if self.line == 0 {
            crate::i18n::msg!(
                "err.record.skipped_binary",
                game = self.index + 1,
                why = self.error.msg()
            )
        } else {
            crate::i18n::msg!(
                "err.record.skipped",
                game = self.index + 1,
                line = self.line,
                why = self.error.msg()
            )
        }
    }
}

/// How deeply variations may nest (a variation of a variation of …): every
/// reader leaves deeper ones out with a note, so that a hostile file (7,000
/// nested variations in 85 KB) can neither overflow the stack here nor in
/// whatever walks the game afterwards (writing, statistics, dropping it).
/// Real records nest a handful of levels.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// The note for variations left out below [`MAX_VARIATION_DEPTH`].
pub(crate) fn too_deep(index: usize, game: &crate::i18n::Msg, dropped: usize) -> ReadNote {
    ReadNote {
        index,
        msg: crate::i18n::msg!(
            "note.record.too_deep",
            game,
            dropped,
            max = MAX_VARIATION_DEPTH
        ),
    }
}

/// Something a reader repaired or left out while reading a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadNote {
    /// The game (0-based in its file).
    pub index: usize,
    pub msg: crate::i18n::Msg,
}

impl GameRecord {
    /// An empty record from the standard start position.
    pub fn new(index: usize) -> GameRecord {
        GameRecord {
            tags: Vec::new(),
            start: Position::start(),
            moves: Vec::new(),
            result: None,
            index,
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// A tag's value (name compared case-insensitively).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of the same name.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        if let Some(t) = self
            .tags
            .iter_mut()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
        {
            t.1 = value.to_string();
        } else {
            self.tags.push((name.to_string(), value.to_string()));
        }
    }

    /// Red's name (`White` in XBoard-style files).
    pub fn red(&self) -> Option<&str> {
        self.tag("Red").or_else(|| self.tag("White"))
    }

    pub fn black(&self) -> Option<&str> {
        self.tag("Black")
    }

    /// The result as an outcome, if it is one.
    pub fn outcome(&self) -> Option<Outcome> {
        self.result.as_deref().and_then(|r| r.parse().ok())
    }

    /// How messages name this game: `game 2 (Lv Qin v LIN HongMin)`,
    /// `第2局 (Lv Qin 对 LIN HongMin)`.
    pub fn label(&self) -> crate::i18n::Msg {
        game_label(self.index, self.red(), self.black())
    }

    /// The position after the last move.
    pub fn final_position(&self) -> Position {
        let mut p = self.start.clone();
        for &m in &self.moves {
            p.make(m);
        }
        p
    }

    /// Each position of the game with the move played from it.
    pub fn positions(&self) -> Vec<(Position, Move)> {
        let mut p = self.start.clone();
        let mut v = Vec::with_capacity(self.moves.len());
        for &m in &self.moves {
            v.push((p.clone(), m));
            p.make(m);
        }
        v
    }

    /// The ICCS text of every move.
    pub fn iccs_moves(&self) -> Vec<String> {
        self.moves.iter().map(|m| m.iccs()).collect()
    }

    /// Reads move texts one by one from the start position. The texts
    /// carry their place in the file (line, column) for the error message.
    pub fn play_texts(&mut self, texts: &[MoveText]) -> Result<(), ImportError> {
        let mut pos = self.final_position();
        for t in texts {
            let ply = self.moves.len();
            let m = parse_move(&pos, &t.text).map_err(|e| ImportError::Move {
                game: self.label(),
                move_no: move_number(&self.start, ply),
                side: pos.side_to_move(),
                text: t.text.clone(),
                line: t.line,
                source: e,
            })?;
            pos.make(m);
            self.moves.push(m);
        }
        Ok(())
    }
}

/// A result as its code (`1-0`, `0-1`, `1/2-1/2`) when it is one of the
/// known spellings (`1-0`, `½-½`, `W`/`L`/`D`, `红胜`, `红先负`, `黑勝`,
/// `和棋`, …); `None` for an unknown or unfinished result (`*`, empty);
/// other text is kept as written.
pub fn normalise_result(r: &str) -> Option<String> {
    let t = r.trim();
    match t {
        "" | "*" | "?" | "未知" => return None,
        "½-½" => return Some("1/2-1/2".into()),
        _ => {}
    }
    if let Ok(o) = t.parse::<Outcome>() {
        return o.is_played().then(|| o.code().to_string());
    }
    let has = |cs: &[char]| t.chars().any(|c| cs.contains(&c));
    let win = has(&['胜', '勝']);
    let loss = has(&['负', '負']);
    let red = has(&['红', '紅', '先']);
    let black = has(&['黑', '后', '後']);
    let code = if has(&['和']) && !win && !loss {
        "1/2-1/2"
    } else if (red && win && !black) || (black && loss && !red) {
        "1-0"
    } else if (black && win && !red) || (red && loss && !black) {
        "0-1"
    } else {
        return Some(t.to_string());
    };
    Some(code.to_string())
}

/// How messages name a game: its number in the file, with its players
/// when the file names them; rendered in the reader's language.
pub fn game_label(index: usize, red: Option<&str>, black: Option<&str>) -> crate::i18n::Msg {
    match (red, black) {
        (Some(r), Some(b)) if !r.is_empty() || !b.is_empty() => {
            crate::i18n::msg!("record.game_of", n = index + 1, red = r, black = b)
        }
        _ => crate::i18n::msg!("record.game", n = index + 1),
    }
}

/// The full-move number of ply `ply` (0-based) from a start position.
pub fn move_number(start: &Position, ply: usize) -> u32 {
    let offset = usize::from(start.side_to_move() == Colour::Black);
    ((ply + offset) / 2 + 1) as u32
}

/// A move's text and where it stood.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    pub text: String,
    /// 1-based line in the file (0 when the format has no lines).
    pub line: usize,
}

impl ImportError {
    /// The error as a keyed message: where (game, move, line, column) in
    /// the UI language; the reader's reason for a move, FEN or structure
    /// as it gave it.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::msg;
        match self {
            ImportError::Move {
                game,
                move_no,
                side,
                line,
                source,
                ..
            } => {
                let side = match side {
                    Colour::Red => msg!("err.side.red"),
                    Colour::Black => msg!("err.side.black"),
                };
                if *line == 0 {
                    msg!("err.record.move", game, move_no, side, why = source.msg())
                } else {
                    msg!(
                        "err.record.move_at",
                        game,
                        move_no,
                        side,
                        line,
                        why = source.msg()
                    )
                }
            }
            ImportError::Fen { game, source } => msg!("err.record.fen", game, why = source.msg()),
            ImportError::Syntax { line, col, msg } => {
                msg!("err.record.syntax", line, column = col, why = msg.clone())
            }
            ImportError::Xqf(why) => msg!("err.record.xqf", why = why.clone()),
            ImportError::Cbr(why) => msg!("err.record.cbr", why = why.clone()),
            ImportError::Dhtml(why) => msg!("err.record.dhtml", why = why.clone()),
            ImportError::NoGame => msg!("err.record.no_game"),
            ImportError::Binary(why) => msg!("err.record.binary", why = why.clone()),
        }
    }
}

/// Why a game file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    /// A move that is unreadable, illegal or ambiguous.
    Move {
        game: crate::i18n::Msg,
        move_no: u32,
        side: Colour,
        text: String,
        line: usize,
        source: MoveTextError,
    },
    /// A bad FEN tag or start position.
    Fen {
        game: crate::i18n::Msg,
        source: FenError,
    },
    /// Broken file structure (unterminated tag or comment, …).
    Syntax {
        line: usize,
        col: usize,
        msg: crate::i18n::Msg,
    },
    /// A broken XQF file; the reason is keyed.
    Xqf(crate::i18n::Msg),
    /// A broken 象棋桥 CBR record (a file of its own or one of a CBL
    /// library); the reason is keyed.
    Cbr(crate::i18n::Msg),
    /// A broken DhtmlXQ block; the reason is keyed.
    Dhtml(crate::i18n::Msg),
    /// Nothing that looks like a game.
    NoGame,
    /// Binary bytes of no known game format (a damaged XQF file, …): never
    /// read as text. The reason (keyed) names what was seen.
    Binary(crate::i18n::Msg),
}

crate::i18n::english_display!(ImportError);
