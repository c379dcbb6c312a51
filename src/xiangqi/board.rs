//! The board, its pieces, FEN, and legal move generation.
//!
//! The board is a padded mailbox: 13 columns by 14 rows, the 9×10 board in
//! the middle and two rings of off-board sentinels around it, so that a
//! horse jump or an elephant step never needs a bounds check.

use crate::domain::Colour;
use std::fmt;

// Reading and writing FEN, and checking a set-up position.
mod fen;
pub use fen::{normalise_fen, FenError};

/// A piece kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 帅 / 将
    King,
    /// 仕 / 士
    Advisor,
    /// 相 / 象
    Elephant,
    /// 马
    Horse,
    /// 车
    Chariot,
    /// 炮
    Cannon,
    /// 兵 / 卒
    Pawn,
}

impl Kind {
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Chariot,
        Kind::Cannon,
        Kind::Pawn,
    ];

    fn code(self) -> u8 {
        self as u8 + 1
    }

    fn from_code(c: u8) -> Kind {
        Kind::ALL[(c - 1) as usize]
    }

    /// The FEN letter (upper case = red): K A B N R C P.
    pub fn fen_letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Chariot => 'R',
            Kind::Cannon => 'C',
            Kind::Pawn => 'P',
        }
    }

    /// Reads a FEN letter of either case, accepting the variants H (horse)
    /// and E (elephant).
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_uppercase() {
            'K' => Kind::King,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'R' => Kind::Chariot,
            'C' => Kind::Cannon,
            'P' => Kind::Pawn,
            _ => return None,
        })
    }
}

/// A piece: a kind and a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub colour: Colour,
    pub kind: Kind,
}

impl Piece {
    pub fn new(colour: Colour, kind: Kind) -> Piece {
        Piece { colour, kind }
    }

    fn code(self) -> u8 {
        self.kind.code() | colour_bit(self.colour)
    }

    fn from_code(c: u8) -> Option<Piece> {
        if c == EMPTY || c == OFF {
            return None;
        }
        let colour = if c & BLACK_BIT != 0 {
            Colour::Black
        } else {
            Colour::Red
        };
        Some(Piece::new(colour, Kind::from_code(c & 7)))
    }

    /// The FEN letter: upper case for red, lower case for black.
    pub fn fen_letter(self) -> char {
        let c = self.kind.fen_letter();
        match self.colour {
            Colour::Red => c,
            Colour::Black => c.to_ascii_lowercase(),
        }
    }
}

/// A point of the board: `file` 0–8 from red's left (a–i), `rank` 0–9 from
/// red's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// `None` outside the board.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < 9 && rank < 10).then_some(Square(rank * 9 + file))
    }

    pub fn file(self) -> u8 {
        self.0 % 9
    }

    pub fn rank(self) -> u8 {
        self.0 / 9
    }

    /// 0–89, rank by rank from red's back rank.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn from_index(i: usize) -> Option<Square> {
        (i < 90).then_some(Square(i as u8))
    }

    fn pad(self) -> usize {
        pad(self.file() as i32, self.rank() as i32)
    }

    fn from_pad(p: usize) -> Square {
        let file = (p % W) as u8 - 2;
        let rank = (p / W) as u8 - 2;
        Square(rank * 9 + file)
    }

    /// ICCS name, e.g. `h2`.
    pub fn iccs(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iccs())
    }
}

/// A move from one point to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
}

impl Move {
    pub fn new(from: Square, to: Square) -> Move {
        Move {
            from: from.pad() as u8,
            to: to.pad() as u8,
        }
    }

    pub fn from(self) -> Square {
        Square::from_pad(self.from as usize)
    }

    pub fn to(self) -> Square {
        Square::from_pad(self.to as usize)
    }

    /// Lower-case ICCS, e.g. `h2e2`.
    pub fn iccs(self) -> String {
        let mut s = String::with_capacity(4);
        self.push_iccs(&mut s);
        s
    }

    /// Appends the lower-case ICCS of the move to `s`.
    pub fn push_iccs(self, s: &mut String) {
        for sq in [self.from(), self.to()] {
            s.push((b'a' + sq.file()) as char);
            s.push((b'0' + sq.rank()) as char);
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.iccs())
    }
}

const W: usize = 13;
const H: usize = 14;
const N: usize = W * H;
const EMPTY: u8 = 0;
const OFF: u8 = 0xFF;
const BLACK_BIT: u8 = 8;

const UP: isize = W as isize;
const ORTHO: [isize; 4] = [UP, -UP, 1, -1];
const DIAG: [isize; 4] = [UP + 1, UP - 1, -UP + 1, -UP - 1];
/// Horse jumps with their legs: (jump, leg).
const HORSE: [(isize, isize); 8] = [
    (2 * UP + 1, UP),
    (2 * UP - 1, UP),
    (-2 * UP + 1, -UP),
    (-2 * UP - 1, -UP),
    (UP + 2, 1),
    (-UP + 2, 1),
    (UP - 2, -1),
    (-UP - 2, -1),
];

fn colour_bit(c: Colour) -> u8 {
    match c {
        Colour::Red => 0,
        Colour::Black => BLACK_BIT,
    }
}

fn pad(file: i32, rank: i32) -> usize {
    ((rank + 2) as usize) * W + (file + 2) as usize
}

/// Per padded point: bit 0 = red palace, bit 1 = black palace, bit 2 =
/// red half, bit 3 = black half.
const ZONES: [u8; N] = {
    let mut z = [0u8; N];
    let mut p = 0;
    while p < N {
        let f = (p % W) as i32 - 2;
        let r = (p / W) as i32 - 2;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            let mut v = if r <= 4 { 4 } else { 8 };
            if f >= 3 && f <= 5 && r <= 2 {
                v |= 1;
            }
            if f >= 3 && f <= 5 && r >= 7 {
                v |= 2;
            }
            z[p] = v;
        }
        p += 1;
    }
    z
};

#[inline]
fn in_palace(c: Colour, p: usize) -> bool {
    ZONES[p] & (1 << (c as u8)) != 0
}

/// On the given side's own half of the board?
#[inline]
fn own_half(c: Colour, p: usize) -> bool {
    ZONES[p] & (4 << (c as u8)) != 0
}

/// Column and row of each padded point.
const COLUMN: [u8; N] = {
    let mut v = [0u8; N];
    let mut p = 0;
    while p < N {
        v[p] = (p % W) as u8;
        p += 1;
    }
    v
};
const ROW: [u8; N] = {
    let mut v = [0u8; N];
    let mut p = 0;
    while p < N {
        v[p] = (p / W) as u8;
        p += 1;
    }
    v
};

/// The padded points of the board, rank by rank.
const POINTS: [u8; 90] = {
    let mut v = [0u8; 90];
    let mut i = 0;
    while i < 90 {
        v[i] = (((i / 9) + 2) * W + (i % 9) + 2) as u8;
        i += 1;
    }
    v
};

fn forward(c: Colour) -> isize {
    match c {
        Colour::Red => UP,
        Colour::Black => -UP,
    }
}

/// A position: the pieces and the side to move.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    sq: [u8; N],
    side: Colour,
    kings: [u8; 2],
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

/// What a move took, to undo it.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    captured: u8,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The standard start position, red to move.
    pub fn start() -> Position {
        Position::from_fen(START_FEN).expect("the start FEN is valid")
    }

    fn empty() -> Position {
        let mut sq = [OFF; N];
        for r in 0..10 {
            for f in 0..9 {
                sq[pad(f, r)] = EMPTY;
            }
        }
        Position {
            sq,
            side: Colour::Red,
            kings: [0, 0],
        }
    }

    pub fn side_to_move(&self) -> Colour {
        self.side
    }

    /// Hands the move to a side without a move (a "pass", for asking what a
    /// side could do next if its opponent passed).
    pub fn set_side_to_move(&mut self, side: Colour) {
        self.side = side;
    }

    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        Piece::from_code(self.sq[s.pad()])
    }

    /// All pieces with their points.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        (0..90).filter_map(move |i| {
            let s = Square(i as u8);
            self.piece_at(s).map(|p| (s, p))
        })
    }

    pub fn king_square(&self, c: Colour) -> Square {
        Square::from_pad(self.kings[c as usize] as usize)
    }

    /// Is the given side's king attacked (flying general included)?
    pub fn king_attacked(&self, c: Colour) -> bool {
        let k = self.kings[c as usize] as usize;
        let them = colour_bit(c.opposite());
        if ORTHO.iter().any(|&d| self.line_attack(k, d, them)) {
            return true;
        }
        if DIAG.iter().any(|&d| self.horse_attack(k, d, them)) {
            return true;
        }
        // Pawns: ahead of the king (from its own view) or beside it.
        let pawn = Kind::Pawn.code() | them;
        let ahead = (k as isize + forward(c)) as usize;
        self.sq[ahead] == pawn || self.sq[k + 1] == pawn || self.sq[k - 1] == pawn
    }

    /// Does a chariot, a cannon or the facing king of colour bit `them`
    /// attack point `k` along direction `d`?
    #[inline]
    fn line_attack(&self, k: usize, d: isize, them: u8) -> bool {
        let mut p = (k as isize + d) as usize;
        while self.sq[p] == EMPTY {
            p = (p as isize + d) as usize;
        }
        let first = self.sq[p];
        if first == OFF {
            return false;
        }
        if first == Kind::Chariot.code() | them || first == Kind::King.code() | them {
            return true;
        }
        p = (p as isize + d) as usize;
        while self.sq[p] == EMPTY {
            p = (p as isize + d) as usize;
        }
        self.sq[p] == Kind::Cannon.code() | them
    }

    /// Does a horse of colour bit `them` attack `k` over the leg `k + d`
    /// (`d` diagonal)?
    #[inline]
    fn horse_attack(&self, k: usize, d: isize, them: u8) -> bool {
        let leg = (k as isize + d) as usize;
        if self.sq[leg] != EMPTY {
            return false;
        }
        // d = sr * UP + sf; the horses stand at leg + sf and leg + sr * UP.
        let sf: isize = if d == UP + 1 || d == -UP + 1 { 1 } else { -1 };
        let sr_up = d - sf;
        let horse = Kind::Horse.code() | them;
        self.sq[(leg as isize + sf) as usize] == horse
            || self.sq[(leg as isize + sr_up) as usize] == horse
    }

    /// After a non-king move `from → to` by the side whose king stands on
    /// `k` and was not in check before, is that king attacked now? Only the
    /// lines through the two points and a horse leg on `from` can change.
    #[inline]
    fn exposed_after(&self, k: usize, from: usize, to: usize, them: u8) -> bool {
        for p in [from, to] {
            let d = if p % W == k % W {
                if p > k {
                    UP
                } else {
                    -UP
                }
            } else if p / W == k / W {
                if p > k {
                    1
                } else {
                    -1
                }
            } else {
                continue;
            };
            if self.line_attack(k, d, them) {
                return true;
            }
        }
        let d = from as isize - k as isize;
        DIAG.contains(&d) && self.horse_attack(k, d, them)
    }

    /// Is the side to move in check?
    pub fn in_check(&self) -> bool {
        self.king_attacked(self.side)
    }

    /// Plays a move (assumed pseudo-legal) and returns what undoes it.
    pub fn make(&mut self, m: Move) -> Undo {
        let (from, to) = (m.from as usize, m.to as usize);
        let captured = self.sq[to];
        let moving = self.sq[from];
        self.sq[to] = moving;
        self.sq[from] = EMPTY;
        if moving & 7 == Kind::King.code() {
            self.kings[self.side as usize] = to as u8;
        }
        self.side = self.side.opposite();
        Undo { captured }
    }

    /// Takes back the move `m` played with [`Position::make`].
    pub fn unmake(&mut self, m: Move, u: Undo) {
        let (from, to) = (m.from as usize, m.to as usize);
        self.side = self.side.opposite();
        let moving = self.sq[to];
        self.sq[from] = moving;
        self.sq[to] = u.captured;
        if moving & 7 == Kind::King.code() {
            self.kings[self.side as usize] = from as u8;
        }
    }

    /// The position after a move (no legality check).
    pub fn after(&self, m: Move) -> Position {
        let mut p = self.clone();
        p.make(m);
        p
    }

    /// Pseudo-legal moves of the side to move (own king may be left attacked).
    pub fn pseudo_moves(&self, out: &mut Vec<Move>) {
        let us = self.side;
        let bit = colour_bit(us);
        for &p in POINTS.iter() {
            let p = p as usize;
            let c = self.sq[p];
            if c == EMPTY || c & BLACK_BIT != bit {
                continue;
            }
            self.piece_moves(p, Kind::from_code(c & 7), out);
        }
    }

    /// Can the side to move land on `q` (empty or enemy)?
    #[inline]
    fn target(&self, q: usize) -> bool {
        let c = self.sq[q];
        c == EMPTY || (c != OFF && (c & BLACK_BIT) != colour_bit(self.side))
    }

    fn piece_moves(&self, p: usize, kind: Kind, out: &mut Vec<Move>) {
        let us = self.side;
        let push = |out: &mut Vec<Move>, q: usize| {
            out.push(Move {
                from: p as u8,
                to: q as u8,
            })
        };
        match kind {
            Kind::King => {
                for d in ORTHO {
                    let q = (p as isize + d) as usize;
                    if in_palace(us, q) && self.target(q) {
                        push(out, q);
                    }
                }
            }
            Kind::Advisor => {
                for d in DIAG {
                    let q = (p as isize + d) as usize;
                    if in_palace(us, q) && self.target(q) {
                        push(out, q);
                    }
                }
            }
            Kind::Elephant => {
                for d in DIAG {
                    let eye = (p as isize + d) as usize;
                    if self.sq[eye] != EMPTY {
                        continue;
                    }
                    let q = (eye as isize + d) as usize;
                    if self.sq[q] != OFF && own_half(us, q) && self.target(q) {
                        push(out, q);
                    }
                }
            }
            Kind::Horse => {
                for (j, leg) in HORSE {
                    if self.sq[(p as isize + leg) as usize] != EMPTY {
                        continue;
                    }
                    let q = (p as isize + j) as usize;
                    if self.target(q) {
                        push(out, q);
                    }
                }
            }
            Kind::Chariot => {
                for d in ORTHO {
                    let mut q = (p as isize + d) as usize;
                    while self.sq[q] == EMPTY {
                        push(out, q);
                        q = (q as isize + d) as usize;
                    }
                    if self.target(q) {
                        push(out, q);
                    }
                }
            }
            Kind::Cannon => {
                for d in ORTHO {
                    let mut q = (p as isize + d) as usize;
                    while self.sq[q] == EMPTY {
                        push(out, q);
                        q = (q as isize + d) as usize;
                    }
                    if self.sq[q] == OFF {
                        continue;
                    }
                    q = (q as isize + d) as usize;
                    while self.sq[q] == EMPTY {
                        q = (q as isize + d) as usize;
                    }
                    if self.sq[q] != OFF && self.target(q) {
                        push(out, q);
                    }
                }
            }
            Kind::Pawn => {
                let q = (p as isize + forward(us)) as usize;
                if self.target(q) {
                    push(out, q);
                }
                if !own_half(us, p) {
                    for d in [1isize, -1] {
                        let q = (p as isize + d) as usize;
                        if self.target(q) {
                            push(out, q);
                        }
                    }
                }
            }
        }
    }

    /// Does this pseudo-legal move leave the mover's king safe?
    #[inline]
    fn is_legal_pseudo(&mut self, m: Move) -> bool {
        let us = self.side;
        let u = self.make(m);
        let ok = !self.king_attacked(us);
        self.unmake(m, u);
        ok
    }

    /// Legal moves of the side to move, appended to `out`.
    pub fn legal_moves_into(&mut self, out: &mut Vec<Move>) {
        let start = out.len();
        self.pseudo_moves(out);
        let k = self.kings[self.side as usize] as usize;
        let checked = self.king_attacked(self.side);
        // Not in check, a move whose points are neither on the king's file
        // or rank nor next to it diagonally (a horse leg) cannot expose the
        // king, so only the other moves are tried on the board.
        let (kf, kr) = (COLUMN[k], ROW[k]);
        let near = |p: usize| {
            COLUMN[p] == kf || ROW[p] == kr || p.abs_diff(k) == W + 1 || p.abs_diff(k) == W - 1
        };
        let them = colour_bit(self.side.opposite());
        let mut i = start;
        while i < out.len() {
            let m = out[i];
            let (from, to) = (m.from as usize, m.to as usize);
            let ok = if checked || from == k {
                self.is_legal_pseudo(m)
            } else if near(from) || near(to) {
                let u = self.make(m);
                let exposed = self.exposed_after(k, from, to, them);
                self.unmake(m, u);
                !exposed
            } else {
                true
            };
            if ok {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Legal moves of the side to move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut p = self.clone();
        let mut v = Vec::with_capacity(64);
        p.legal_moves_into(&mut v);
        v
    }

    /// Is `m` a legal move here?
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.from as usize;
        let c = self.sq[from];
        if c == EMPTY || c == OFF || c & BLACK_BIT != colour_bit(self.side) {
            return false;
        }
        let mut v = Vec::with_capacity(17);
        self.piece_moves(from, Kind::from_code(c & 7), &mut v);
        if !v.contains(&m) {
            return false;
        }
        let mut p = self.clone();
        p.is_legal_pseudo(m)
    }

    /// No legal move: checkmate if in check, otherwise stalemate (困毙);
    /// both lose in xiangqi.
    pub fn has_legal_move(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    pub fn is_checkmate(&self) -> bool {
        self.in_check() && !self.has_legal_move()
    }

    pub fn is_stalemate(&self) -> bool {
        !self.in_check() && !self.has_legal_move()
    }

    /// Counts leaf nodes `depth` plies deep.
    pub fn perft(&mut self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut buf = Vec::with_capacity(64 * depth as usize);
        self.perft_in(depth, &mut buf)
    }

    /// Perft with one move stack shared by all plies: each ply appends its
    /// moves and truncates them away afterwards.
    fn perft_in(&mut self, depth: u32, buf: &mut Vec<Move>) -> u64 {
        let start = buf.len();
        self.legal_moves_into(buf);
        let end = buf.len();
        if depth == 1 {
            buf.truncate(start);
            return (end - start) as u64;
        }
        let mut n = 0;
        for i in start..end {
            let m = buf[i];
            let u = self.make(m);
            n += self.perft_in(depth - 1, buf);
            self.unmake(m, u);
        }
        buf.truncate(start);
        n
    }
}

/// The 16 pieces of a side in the slot order that XQF and DhtmlXQ use for
/// their piece tables (R H E A K A E H R C C P P P P P), red's slots first.
pub const PIECE_SLOTS: [Kind; 16] = [
    Kind::Chariot,
    Kind::Horse,
    Kind::Elephant,
    Kind::Advisor,
    Kind::King,
    Kind::Advisor,
    Kind::Elephant,
    Kind::Horse,
    Kind::Chariot,
    Kind::Cannon,
    Kind::Cannon,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
    Kind::Pawn,
];
