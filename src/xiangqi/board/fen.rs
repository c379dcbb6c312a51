//! FEN: reading it (in every accepted spelling), writing it, and checking
//! that a set-up position is one a game can reach. Part of `board.rs`,
//! which holds the mailbox and the move generation.

use super::{in_palace, pad, Kind, Piece, Position, Square, EMPTY};
use crate::domain::Colour;
use crate::i18n::{msg, Msg};

/// Why a FEN text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The placement does not have ten ranks separated by `/`.
    Ranks(String),
    /// A rank does not describe exactly nine points.
    RankWidth { fen: String, rank: usize },
    /// A character that is neither a piece letter nor a digit.
    Letter { fen: String, ch: char, col: usize },
    /// The side to move is not w, r or b.
    Side(String),
    /// The position is not one a game can reach (piece counts, kings, palace).
    Impossible { fen: String, why: Msg },
}

impl FenError {
    /// The error as a keyed message.
    pub fn msg(&self) -> Msg {
        match self {
            FenError::Ranks(fen) => msg!("err.fen.ranks", fen),
            FenError::RankWidth { fen, rank } => msg!("err.fen.rank_width", fen, rank),
            FenError::Letter { fen, ch, col } => msg!("err.fen.letter", fen, ch, column = col),
            FenError::Side(fen) => msg!("err.fen.side", fen),
            FenError::Impossible { fen, why } => {
                msg!("err.fen.impossible", fen, why = why.clone())
            }
        }
    }
}

/// Reads a FEN in any accepted spelling (H/E or N/B, `r` for red, with or
/// without counters) and writes it the standard way: placement with N and B,
/// then `w` or `b`.
pub fn normalise_fen(fen: &str) -> Result<String, FenError> {
    Ok(Position::from_fen(fen)?.fen())
}

impl Position {
    /// Reads a FEN: placement (from black's back rank), then optionally the
    /// side to move (w/r = red, b = black) and counters, which are ignored.
    /// Accepts H/E as well as N/B, in either case.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let text = fen.trim();
        let mut parts = text.split_whitespace();
        let placement = parts.next().unwrap_or("");
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::Ranks(text.to_string()));
        }
        let mut pos = Position::empty();
        let mut col = 0usize;
        for (i, row) in ranks.iter().enumerate() {
            let rank = 9 - i as i32;
            let mut file = 0i32;
            for ch in row.chars() {
                col += 1;
                if let Some(d) = ch.to_digit(10) {
                    if d == 0 {
                        return Err(FenError::Letter {
                            fen: text.to_string(),
                            ch,
                            col,
                        });
                    }
                    file += d as i32;
                } else if let Some(kind) = Kind::from_letter(ch) {
                    if file >= 9 {
                        return Err(FenError::RankWidth {
                            fen: text.to_string(),
                            rank: i + 1,
                        });
                    }
                    let colour = if ch.is_ascii_uppercase() {
                        Colour::Red
                    } else {
                        Colour::Black
                    };
                    pos.sq[pad(file, rank)] = Piece::new(colour, kind).code();
                    file += 1;
                } else {
                    return Err(FenError::Letter {
                        fen: text.to_string(),
                        ch,
                        col,
                    });
                }
                if file > 9 {
                    return Err(FenError::RankWidth {
                        fen: text.to_string(),
                        rank: i + 1,
                    });
                }
            }
            col += 1;
            if file != 9 {
                return Err(FenError::RankWidth {
                    fen: text.to_string(),
                    rank: i + 1,
                });
            }
        }
        pos.side = match parts.next() {
            None => Colour::Red,
            Some(s) => match s.to_ascii_lowercase().as_str() {
                "w" | "r" | "red" => Colour::Red,
                "b" | "black" => Colour::Black,
                _ => return Err(FenError::Side(text.to_string())),
            },
        };
        pos.validate().map_err(|why| FenError::Impossible {
            fen: text.to_string(),
            why,
        })?;
        Ok(pos)
    }

    /// A position from a list of pieces; refuses impossible ones.
    pub fn from_pieces(pieces: &[(Square, Piece)], side: Colour) -> Result<Position, Msg> {
        let mut pos = Position::empty();
        pos.side = side;
        for &(s, p) in pieces {
            if pos.sq[s.pad()] != EMPTY {
                return Err(msg!("err.position.two_pieces", square = s));
            }
            pos.sq[s.pad()] = p.code();
        }
        pos.validate()?;
        Ok(pos)
    }

    /// Checks piece counts and where each kind may stand; records the kings.
    fn validate(&mut self) -> Result<(), Msg> {
        let mut counts = [[0u8; 7]; 2];
        for r in 0..10 {
            for f in 0..9 {
                let p = pad(f, r);
                let Some(pc) = Piece::from_code(self.sq[p]) else {
                    continue;
                };
                let ci = pc.colour as usize;
                counts[ci][pc.kind as usize] += 1;
                let ok = match pc.kind {
                    Kind::King => {
                        self.kings[ci] = p as u8;
                        in_palace(pc.colour, p)
                    }
                    Kind::Advisor => {
                        let rr = if pc.colour == Colour::Red { r } else { 9 - r };
                        in_palace(pc.colour, p) && (f + rr) % 2 == 1
                    }
                    Kind::Elephant => {
                        let rr = if pc.colour == Colour::Red { r } else { 9 - r };
                        rr % 2 == 0 && rr <= 4 && (f + rr) % 4 == 2
                    }
                    Kind::Pawn => {
                        let rr = if pc.colour == Colour::Red { r } else { 9 - r };
                        rr >= 5 || (rr >= 3 && f % 2 == 0)
                    }
                    _ => true,
                };
                if !ok {
                    return Err(msg!(
                        "err.position.misplaced",
                        colour = side_msg(pc.colour),
                        kind = kind_msg(pc.colour, pc.kind),
                        square = Square::from_pad(p)
                    ));
                }
            }
        }
        let max = [1u8, 2, 2, 2, 2, 2, 5];
        for (ci, colour) in [Colour::Red, Colour::Black].into_iter().enumerate() {
            if counts[ci][0] != 1 {
                return Err(msg!("err.position.one_king", colour = side_msg(colour)));
            }
            for k in Kind::ALL {
                if counts[ci][k as usize] > max[k as usize] {
                    return Err(msg!(
                        "err.position.too_many",
                        colour = side_msg(colour),
                        kind = kind_msg(colour, k)
                    ));
                }
            }
        }
        if self.king_attacked(self.side.opposite()) {
            return Err(msg!("err.position.in_check"));
        }
        Ok(())
    }

    /// Placement and side to move, e.g. `rnbakabnr/…/RNBAKABNR w`.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(96);
        self.fen_into(&mut s);
        s
    }

    /// [`Position::fen`] written into `s` (cleared first), so a caller
    /// that keys many positions reuses one buffer.
    pub fn fen_into(&self, s: &mut String) {
        s.clear();
        self.placement_into(s);
        s.push(' ');
        s.push(match self.side {
            Colour::Red => 'w',
            Colour::Black => 'b',
        });
    }

    /// The placement part of the FEN, with N for horses and B for elephants.
    pub fn placement(&self) -> String {
        let mut s = String::with_capacity(96);
        self.placement_into(&mut s);
        s
    }

    fn placement_into(&self, s: &mut String) {
        for r in (0..10).rev() {
            let mut gap = 0;
            for f in 0..9 {
                match Piece::from_code(self.sq[pad(f, r)]) {
                    None => gap += 1,
                    Some(pc) => {
                        if gap > 0 {
                            s.push(char::from_digit(gap, 10).unwrap_or('?'));
                            gap = 0;
                        }
                        s.push(pc.fen_letter());
                    }
                }
            }
            if gap > 0 {
                s.push(char::from_digit(gap, 10).unwrap_or('?'));
            }
            if r > 0 {
                s.push('/');
            }
        }
    }
}

crate::i18n::english_display!(FenError);

/// A side inside a reason: 红方 / 黑方, in English its code (`red`).
fn side_msg(colour: Colour) -> Msg {
    match colour {
        Colour::Red => msg!("err.side.red"),
        Colour::Black => msg!("err.side.black"),
    }
}

/// A piece kind inside a reason: its Chinese name on that side (帅 / 将),
/// in English the kind's name (`Advisor`).
fn kind_msg(colour: Colour, kind: Kind) -> Msg {
    let key = match (colour, kind) {
        (Colour::Red, Kind::King) => "err.position.kind.red.king",
        (Colour::Red, Kind::Advisor) => "err.position.kind.red.advisor",
        (Colour::Red, Kind::Elephant) => "err.position.kind.red.elephant",
        (Colour::Red, Kind::Horse) => "err.position.kind.red.horse",
        (Colour::Red, Kind::Chariot) => "err.position.kind.red.chariot",
        (Colour::Red, Kind::Cannon) => "err.position.kind.red.cannon",
        (Colour::Red, Kind::Pawn) => "err.position.kind.red.pawn",
        (Colour::Black, Kind::King) => "err.position.kind.black.king",
        (Colour::Black, Kind::Advisor) => "err.position.kind.black.advisor",
        (Colour::Black, Kind::Elephant) => "err.position.kind.black.elephant",
        (Colour::Black, Kind::Horse) => "err.position.kind.black.horse",
        (Colour::Black, Kind::Chariot) => "err.position.kind.black.chariot",
        (Colour::Black, Kind::Cannon) => "err.position.kind.black.cannon",
        (Colour::Black, Kind::Pawn) => "err.position.kind.black.pawn",
    };
    Msg::new(key)
}
