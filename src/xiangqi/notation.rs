//! Move notations: ICCS coordinates, Chinese (simplified and traditional)
//! and WXF, read and written against a position.
//!
//! Reading turns the text into a description (piece, which one, verb,
//! number) and keeps the legal moves that fit it: exactly one must remain.

use super::board::{Kind, Move, Position, Square};
pub use super::move_error::MoveTextError;
use crate::domain::Colour;
use std::fmt;
use std::str::FromStr;

/// A way of writing moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// `h2e2`
    Iccs,
    /// `炮二平五`, `马８进７`
    Chinese,
    /// `炮二平五`, `馬８進７`, `傌二進三`
    Traditional,
    /// `C2.5`, `H8+7`, `+R+1`
    Wxf,
    /// XBoard/WinBoard algebraic, ranks 1–10: `Che3`, `Nhg8`, `Rxh10`
    /// (`san.rs`)
    Xboard,
}

impl Notation {
    pub const ALL: [Notation; 5] = [
        Notation::Iccs,
        Notation::Chinese,
        Notation::Traditional,
        Notation::Wxf,
        Notation::Xboard,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Notation::Iccs => "iccs",
            Notation::Chinese => "chinese",
            Notation::Traditional => "traditional",
            Notation::Wxf => "wxf",
            Notation::Xboard => "xboard",
        }
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Notation {
    type Err = crate::i18n::Msg;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccs" | "ucci" | "coordinates" => Ok(Notation::Iccs),
            "chinese" | "simplified" | "zh" => Ok(Notation::Chinese),
            "traditional" | "zh-tw" => Ok(Notation::Traditional),
            "wxf" => Ok(Notation::Wxf),
            "xboard" | "winboard" | "san" | "algebraic" => Ok(Notation::Xboard),
            other => Err(crate::i18n::msg!("err.notation_name.unknown", name = other)),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verb {
    Advance,
    Retreat,
    Traverse,
}

/// Which of several same pieces on one file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tandem {
    Front,
    Middle,
    Rear,
    /// 1-based, counted from the front.
    Ordinal(u8),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Selector {
    /// The mover's file, 1–9 from the mover's right.
    File(u8),
    Tandem(Tandem, Option<u8>),
}

#[derive(Clone, Copy, Debug)]
struct Desc {
    kind: Kind,
    sel: Selector,
    verb: Verb,
    num: u8,
}

/// Maps full-width ASCII forms (`Ｃ２＝５`) to ASCII.
fn halfwidth(c: char) -> char {
    let u = c as u32;
    if (0xFF01..=0xFF5E).contains(&u) {
        char::from_u32(u - 0xFEE0).unwrap_or(c)
    } else {
        c
    }
}

/// Text of a move token with full-width forms folded, spaces and trailing
/// annotation marks (`!`, `?`) removed.
fn normalise(text: &str) -> Vec<char> {
    let mut v: Vec<char> = text
        .chars()
        .map(halfwidth)
        .filter(|c| !c.is_whitespace())
        .collect();
    while matches!(v.last(), Some('!' | '?')) {
        v.pop();
    }
    v
}

/// Board file (0 = a) of the mover's file number `n` (1–9 from its right).
fn board_file(side: Colour, n: u8) -> u8 {
    match side {
        Colour::Red => 9 - n,
        Colour::Black => n - 1,
    }
}

/// The mover's file number (1–9 from its right) of a board file.
fn own_file(side: Colour, file: u8) -> u8 {
    match side {
        Colour::Red => 9 - file,
        Colour::Black => file + 1,
    }
}

/// Rank distance forward from the mover's view.
fn forward_delta(side: Colour, m: Move) -> i32 {
    let d = m.to().rank() as i32 - m.from().rank() as i32;
    match side {
        Colour::Red => d,
        Colour::Black => -d,
    }
}

fn straight(kind: Kind) -> bool {
    matches!(kind, Kind::King | Kind::Chariot | Kind::Cannon | Kind::Pawn)
}

/// The mover's pieces of `kind` on board file `file`, front first.
fn on_file(pos: &Position, side: Colour, kind: Kind, file: u8) -> Vec<Square> {
    let mut v: Vec<Square> = (0..10)
        .filter_map(|r| Square::new(file, r))
        .filter(|&s| {
            pos.piece_at(s)
                .is_some_and(|p| p.colour == side && p.kind == kind)
        })
        .collect();
    // Front = most advanced from the mover's view.
    if side == Colour::Red {
        v.reverse();
    }
    v
}

fn tandem_index(t: Tandem, count: usize) -> Option<usize> {
    match t {
        Tandem::Front => Some(0),
        Tandem::Rear => Some(count - 1),
        Tandem::Middle => (count == 3).then_some(1),
        Tandem::Ordinal(k) => (k >= 1 && (k as usize) <= count).then(|| k as usize - 1),
    }
}

fn fits(pos: &Position, d: &Desc, m: Move) -> bool {
    let side = pos.side_to_move();
    let Some(pc) = pos.piece_at(m.from()) else {
        return false;
    };
    if pc.kind != d.kind {
        return false;
    }
    match d.sel {
        Selector::File(n) => {
            if m.from().file() != board_file(side, n) {
                return false;
            }
        }
        Selector::Tandem(t, file) => {
            let f = m.from().file();
            if file.is_some_and(|n| board_file(side, n) != f) {
                return false;
            }
            let list = on_file(pos, side, d.kind, f);
            if list.len() < 2 {
                return false;
            }
            match tandem_index(t, list.len()) {
                Some(i) if list[i] == m.from() => {}
                _ => return false,
            }
        }
    }
    let dr = forward_delta(side, m);
    let to_file = own_file(side, m.to().file());
    match d.verb {
        Verb::Traverse => dr == 0 && to_file == d.num,
        Verb::Advance | Verb::Retreat => {
            let dir_ok = if d.verb == Verb::Advance {
                dr > 0
            } else {
                dr < 0
            };
            if !dir_ok {
                return false;
            }
            if straight(d.kind) {
                m.to().file() == m.from().file() && dr.unsigned_abs() == d.num as u32
            } else {
                to_file == d.num
            }
        }
    }
}

fn unreadable(text: &str, why: &'static str) -> MoveTextError {
    MoveTextError::Unreadable {
        text: text.to_string(),
        why,
    }
}

/// Reads a move in any of the notations (detected from its form) and
/// returns the one legal move it names.
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, MoveTextError> {
    let chars = normalise(text);
    if chars.is_empty() {
        return Err(unreadable(text, "err.notation.empty"));
    }
    // `C7b5`: an upper-case piece letter, then a lower-case file: the
    // mixed case is algebraic's (ICCS is written in one case), and read as
    // coordinates it can name another legal move (the horse on c8).
    let mut raw = text.trim().chars();
    let mixed =
        raw.next().is_some_and(|c| "KABNRCPEH".contains(c)) && raw.any(|c| c.is_ascii_lowercase());
    if mixed {
        if let Some(Ok(m)) = super::san::parse(pos, text, &chars) {
            return Ok(m);
        }
    }
    if let Some(m) = iccs_squares(&chars) {
        if pos.is_legal(m) {
            return Ok(m);
        }
        // `A1e2`, `C1d4`: an algebraic move whose from-rank makes it look
        // like coordinates.
        if let Some(Ok(m)) = super::san::parse(pos, text, &chars) {
            return Ok(m);
        }
        return Err(MoveTextError::Illegal {
            text: text.to_string(),
        });
    }
    if let Some(r) = super::san::parse(pos, text, &chars) {
        return r;
    }
    let wxf = chars.iter().all(|c| c.is_ascii());
    let desc = if wxf {
        parse_wxf(&chars).map_err(|why| unreadable(text, why))?
    } else {
        parse_chinese(&chars).map_err(|why| unreadable(text, why))?
    };
    // The moves the text fits, then of those the legal ones: a text fits
    // one or two pseudo-legal moves, so few are tried on the board.
    let mut pseudo = Vec::with_capacity(64);
    pos.pseudo_moves(&mut pseudo);
    let mut found: Vec<Move> = pseudo
        .into_iter()
        .filter(|&m| fits(pos, &desc, m) && pos.is_legal(m))
        .collect();
    // WXF writes the middle of three pawns on a file as `P3` (the "3"
    // names the middle pawn, not file 3): read so when no pawn on file 3
    // makes that move.
    if wxf && found.is_empty() && desc.kind == Kind::Pawn && desc.sel == Selector::File(3) {
        let legal = pos.legal_moves();
        let side = pos.side_to_move();
        for f in (0..9u8).filter(|&f| on_file(pos, side, Kind::Pawn, f).len() == 3) {
            let mid = Desc {
                sel: Selector::Tandem(Tandem::Middle, Some(own_file(side, f))),
                ..desc
            };
            for &m in &legal {
                if fits(pos, &mid, m) && !found.contains(&m) {
                    found.push(m);
                }
            }
        }
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(MoveTextError::Illegal {
            text: text.to_string(),
        }),
        _ => {
            let mut candidates: Vec<String> = found.iter().map(|m| m.iccs()).collect();
            candidates.sort();
            Err(MoveTextError::Ambiguous {
                text: text.to_string(),
                candidates,
            })
        }
    }
}

/// `h2e2`, `H2-E2`, `h2 e2`: the two squares, if the text has that form.
fn iccs_squares(chars: &[char]) -> Option<Move> {
    // A check or mate mark after coordinates (`h2e2+`, `h7h0#`) is dropped.
    let mut chars = chars;
    while let [rest @ .., '+' | '#'] = chars {
        chars = rest;
    }
    let v: Vec<char> = chars
        .iter()
        .filter(|&&c| c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if v.len() != 4 || chars.len() > 5 {
        return None;
    }
    let sq = |f: char, r: char| -> Option<Square> {
        if !('a'..='i').contains(&f) {
            return None;
        }
        let r = r.to_digit(10)?;
        Square::new(f as u8 - b'a', r as u8)
    };
    Some(Move::new(sq(v[0], v[1])?, sq(v[2], v[3])?))
}

/// Reads an ICCS move (either case, optional dash) without checking legality.
pub fn parse_iccs(text: &str) -> Option<Move> {
    iccs_squares(&normalise(text))
}

fn wxf_kind(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' => Kind::King,
        'A' => Kind::Advisor,
        'E' | 'B' => Kind::Elephant,
        'H' | 'N' => Kind::Horse,
        'R' => Kind::Chariot,
        'C' => Kind::Cannon,
        'P' => Kind::Pawn,
        _ => return None,
    })
}

fn wxf_verb(c: char) -> Option<Verb> {
    Some(match c {
        '+' => Verb::Advance,
        '-' => Verb::Retreat,
        '.' | '=' => Verb::Traverse,
        _ => return None,
    })
}

fn digit(c: char) -> Option<u8> {
    c.to_digit(10)
        .filter(|&d| (1..=9).contains(&d))
        .map(|d| d as u8)
}

/// WXF: `C2.5`, `C2=5`, `H8+7`, `+R+1`, `-P.4`, `R++1`, `2P+1`, `+P5.4`.
fn parse_wxf(c: &[char]) -> Result<Desc, &'static str> {
    let mut i = 0;
    let mut tandem = None;
    if c.len() >= 2 && wxf_kind(c[1]).is_some() {
        tandem = Some(match c[0] {
            '+' => Tandem::Front,
            '-' => Tandem::Rear,
            '=' | '.' => Tandem::Middle,
            d => Tandem::Ordinal(digit(d).ok_or("err.notation.bad_wxf_prefix")?),
        });
        i = 1;
    }
    let kind = c
        .get(i)
        .copied()
        .and_then(wxf_kind)
        .ok_or("err.notation.no_wxf_piece")?;
    i += 1;
    // Tandem suffix: `R+` (front) or `R-` (rear) followed by the verb.
    if tandem.is_none()
        && c.len() == i + 3
        && matches!(c[i], '+' | '-')
        && wxf_verb(c[i + 1]).is_some()
    {
        tandem = Some(if c[i] == '+' {
            Tandem::Front
        } else {
            Tandem::Rear
        });
        i += 1;
    }
    let mut file = None;
    if let Some(d) = c.get(i).copied().and_then(digit) {
        file = Some(d);
        i += 1;
    }
    let verb = c
        .get(i)
        .copied()
        .and_then(wxf_verb)
        .ok_or("err.notation.no_wxf_verb")?;
    let num = c
        .get(i + 1)
        .copied()
        .and_then(digit)
        .ok_or("err.notation.no_number")?;
    if c.len() != i + 2 {
        return Err("err.notation.extra_chars");
    }
    let sel = match (tandem, file) {
        (Some(t), f) => Selector::Tandem(t, f),
        (None, Some(f)) => Selector::File(f),
        (None, None) => return Err("err.notation.no_file"),
    };
    Ok(Desc {
        kind,
        sel,
        verb,
        num,
    })
}

fn chinese_kind(c: char) -> Option<Kind> {
    Some(match c {
        '车' | '車' | '俥' | '伡' => Kind::Chariot,
        '马' | '馬' | '傌' | '㐷' => Kind::Horse,
        '炮' | '砲' | '包' => Kind::Cannon,
        '相' | '象' => Kind::Elephant,
        '仕' | '士' => Kind::Advisor,
        '帅' | '帥' | '将' | '將' => Kind::King,
        '兵' | '卒' => Kind::Pawn,
        _ => return None,
    })
}

/// A file or distance: Chinese numeral or digit.
fn chinese_number(c: char) -> Option<u8> {
    const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    if let Some(i) = NUMERALS.iter().position(|&n| n == c) {
        return Some(i as u8 + 1);
    }
    digit(c)
}

fn chinese_verb(c: char) -> Option<Verb> {
    Some(match c {
        '进' | '進' => Verb::Advance,
        '退' => Verb::Retreat,
        '平' => Verb::Traverse,
        _ => return None,
    })
}

fn chinese_tandem(c: char) -> Option<Tandem> {
    Some(match c {
        '前' => Tandem::Front,
        '后' | '後' => Tandem::Rear,
        '中' => Tandem::Middle,
        _ => Tandem::Ordinal(chinese_number(c).filter(|&n| n <= 5)?),
    })
}

/// Chinese: `炮二平五`, `前车进三`, `一兵平四`, `前七进一` (a pawn),
/// `前兵七进一`, `七前进一`.
fn parse_chinese(c: &[char]) -> Result<Desc, &'static str> {
    let file_first =
        c.len() == 4 && chinese_number(c[0]).is_some() && matches!(c[1], '前' | '后' | '後' | '中');
    let (kind, sel, rest) = if file_first {
        // `七前进一`: the file, then which pawn on it.
        let t = chinese_tandem(c[1]).ok_or("err.notation.no_piece")?;
        (
            Kind::Pawn,
            Selector::Tandem(t, chinese_number(c[0])),
            &c[2..],
        )
    } else if let Some(k) = c.first().copied().and_then(chinese_kind) {
        let n = c
            .get(1)
            .copied()
            .and_then(chinese_number)
            .ok_or("err.notation.no_file")?;
        (k, Selector::File(n), &c[2..])
    } else {
        let t = c
            .first()
            .copied()
            .and_then(chinese_tandem)
            .ok_or("err.notation.no_piece")?;
        if let Some(k) = c.get(1).copied().and_then(chinese_kind) {
            // `前车进三` or `前兵七进一`
            if c.len() == 5 {
                let n = chinese_number(c[2]).ok_or("err.notation.no_file")?;
                (k, Selector::Tandem(t, Some(n)), &c[3..])
            } else {
                (k, Selector::Tandem(t, None), &c[2..])
            }
        } else {
            // `前七进一`: a pawn on the named file.
            let n = c
                .get(1)
                .copied()
                .and_then(chinese_number)
                .ok_or("err.notation.no_piece")?;
            (Kind::Pawn, Selector::Tandem(t, Some(n)), &c[2..])
        }
    };
    if rest.len() != 2 {
        return Err("err.notation.needs_verb_number");
    }
    let verb = chinese_verb(rest[0]).ok_or("err.notation.no_verb")?;
    let num = chinese_number(rest[1]).ok_or("err.notation.no_number")?;
    Ok(Desc {
        kind,
        sel,
        verb,
        num,
    })
}

/// The description a legal move is written with.
fn describe(pos: &Position, m: Move) -> Desc {
    let side = pos.side_to_move();
    let kind = pos.piece_at(m.from()).map(|p| p.kind).unwrap_or(Kind::Pawn);
    let dr = forward_delta(side, m);
    let verb = match dr {
        0 => Verb::Traverse,
        d if d > 0 => Verb::Advance,
        _ => Verb::Retreat,
    };
    let num = if verb != Verb::Traverse && straight(kind) {
        dr.unsigned_abs() as u8
    } else {
        own_file(side, m.to().file())
    };
    let file = m.from().file();
    let sel = if matches!(kind, Kind::Advisor | Kind::Elephant | Kind::King) {
        Selector::File(own_file(side, file))
    } else {
        let list = on_file(pos, side, kind, file);
        if list.len() < 2 {
            Selector::File(own_file(side, file))
        } else {
            let i = list.iter().position(|&s| s == m.from()).unwrap_or(0);
            let t = match (list.len(), i) {
                (_, 0) => Tandem::Front,
                (n, i) if i + 1 == n && n <= 3 => Tandem::Rear,
                (3, 1) => Tandem::Middle,
                (_, i) => Tandem::Ordinal(i as u8 + 1),
            };
            // Name the file too when pawns stand in tandem on another file.
            let other_tandem = kind == Kind::Pawn
                && (0..9u8).any(|f| f != file && on_file(pos, side, kind, f).len() >= 2);
            Selector::Tandem(t, other_tandem.then(|| own_file(side, file)))
        }
    };
    Desc {
        kind,
        sel,
        verb,
        num,
    }
}

fn chinese_piece(kind: Kind, side: Colour, traditional: bool) -> char {
    let red = side == Colour::Red;
    match (kind, traditional, red) {
        (Kind::Chariot, false, _) => '车',
        (Kind::Chariot, true, true) => '俥',
        (Kind::Chariot, true, false) => '車',
        (Kind::Horse, false, _) => '马',
        (Kind::Horse, true, true) => '傌',
        (Kind::Horse, true, false) => '馬',
        (Kind::Cannon, false, _) => '炮',
        (Kind::Cannon, true, true) => '炮',
        (Kind::Cannon, true, false) => '砲',
        (Kind::Elephant, _, true) => '相',
        (Kind::Elephant, _, false) => '象',
        (Kind::Advisor, _, true) => '仕',
        (Kind::Advisor, _, false) => '士',
        (Kind::King, false, true) => '帅',
        (Kind::King, true, true) => '帥',
        (Kind::King, false, false) => '将',
        (Kind::King, true, false) => '將',
        (Kind::Pawn, _, true) => '兵',
        (Kind::Pawn, _, false) => '卒',
    }
}

/// Red writes Chinese numerals, black full-width digits.
fn chinese_num(n: u8, side: Colour) -> char {
    const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
    match side {
        Colour::Red => NUMERALS[(n - 1) as usize],
        Colour::Black => char::from_u32(0xFF10 + n as u32).unwrap_or('?'),
    }
}

fn write_chinese(d: &Desc, side: Colour, traditional: bool) -> String {
    let mut s = String::new();
    let piece = chinese_piece(d.kind, side, traditional);
    match d.sel {
        Selector::File(n) => {
            s.push(piece);
            s.push(chinese_num(n, side));
        }
        Selector::Tandem(t, file) => {
            s.push(match t {
                Tandem::Front => '前',
                Tandem::Middle => '中',
                Tandem::Rear if traditional => '後',
                Tandem::Rear => '后',
                Tandem::Ordinal(k) => ['一', '二', '三', '四', '五'][(k - 1) as usize],
            });
            match file {
                // `前七进一`: the file stands for the pawn.
                Some(n) => s.push(chinese_num(n, side)),
                None => s.push(piece),
            }
        }
    }
    s.push(match (d.verb, traditional) {
        (Verb::Advance, false) => '进',
        (Verb::Advance, true) => '進',
        (Verb::Retreat, _) => '退',
        (Verb::Traverse, _) => '平',
    });
    s.push(chinese_num(d.num, side));
    s
}

fn write_wxf(d: &Desc) -> String {
    let letter = match d.kind {
        Kind::King => 'K',
        Kind::Advisor => 'A',
        Kind::Elephant => 'E',
        Kind::Horse => 'H',
        Kind::Chariot => 'R',
        Kind::Cannon => 'C',
        Kind::Pawn => 'P',
    };
    let mut s = String::new();
    match d.sel {
        Selector::File(n) => {
            s.push(letter);
            s.push((b'0' + n) as char);
        }
        Selector::Tandem(t, file) => {
            match t {
                Tandem::Front => s.push('+'),
                Tandem::Rear => s.push('-'),
                Tandem::Middle => s.push('2'),
                Tandem::Ordinal(k) => s.push((b'0' + k) as char),
            }
            s.push(letter);
            if let Some(n) = file {
                s.push((b'0' + n) as char);
            }
        }
    }
    s.push(match d.verb {
        Verb::Advance => '+',
        Verb::Retreat => '-',
        Verb::Traverse => '.',
    });
    s.push((b'0' + d.num) as char);
    s
}

/// Writes a legal move of the side to move in a notation.
pub fn write_move(pos: &Position, m: Move, notation: Notation) -> String {
    match notation {
        Notation::Iccs => m.iccs(),
        Notation::Chinese => write_chinese(&describe(pos, m), pos.side_to_move(), false),
        Notation::Traditional => write_chinese(&describe(pos, m), pos.side_to_move(), true),
        Notation::Wxf => {
            let d = describe(pos, m);
            wxf_convention(pos, &d)
                .filter(|t| parse_move(pos, t) == Ok(m))
                .unwrap_or_else(|| write_wxf(&d))
        }
        Notation::Xboard => super::san::write(pos, m),
    }
}

/// The published WXF convention for three pawns on one file: `P+.6`,
/// `P3.6` (the middle one), `P-.6`. None when it does not apply (other
/// pieces, two pawns: `+P`/`-P`, or pawns in tandem on two files).
fn wxf_convention(pos: &Position, d: &Desc) -> Option<String> {
    let Selector::Tandem(t, None) = d.sel else {
        return None;
    };
    if d.kind != Kind::Pawn {
        return None;
    }
    let side = pos.side_to_move();
    if !(0..9u8).any(|f| on_file(pos, side, Kind::Pawn, f).len() == 3) {
        return None;
    }
    let which = match t {
        Tandem::Front => "+",
        Tandem::Middle => "3",
        Tandem::Rear => "-",
        Tandem::Ordinal(_) => return None,
    };
    let verb = match d.verb {
        Verb::Advance => '+',
        Verb::Retreat => '-',
        Verb::Traverse => '.',
    };
    Some(format!("P{which}{verb}{}", d.num))
}
