//! ECCO opening codes (中国象棋开局分类, A00–E99) from a game's moves.
//!
//! ECCO has five families of ten groups (A0–E4, 50 groups) of up to ten
//! codes each. This finds the family and the group of every game from
//! the standard start, and inside a group the code of the lines whose
//! published name says which moves make them; other games of a group get
//! the group's first code (C40 for a 平炮兑车 line not told apart). What
//! it follows (published tables: xqbase.com's ECCO pages and FAQ, the
//! group names as the ECCO books list them):
//! - A (neither central cannon nor pawn opening): A0 uncommon openings
//!   (A01 上仕, A02 边马, A03 边炮, A04 巡河炮, A05 过河炮, A06 兵底炮,
//!   A08 边兵), A1–A3 飞相局 (A2 against a palace-corner or central
//!   cannon, A3 against a pawn or the left palace-crossing cannon, A31
//!   飞相进右马对左过宫炮; A1 the rest), A4 起马局, A5 仕角炮局,
//!   A6 过宫炮局.
//! - B (central cannon against other defences): B1 单提马 (the right
//!   horse out, the left to the edge or held back while its chariot goes
//!   up; B13 横车 against 巡河炮), B2 左三步虎,
//!   B3–B5 反宫马 (B4 against 五六炮, B5 against 五七炮), B0 the rest
//!   (B07 左炮封车).
//! - C (central cannon against screen horses, 屏风马): C2 过河车 with
//!   the 七路马 against 两头蛇, C3/C4 过河车 with both 7th pawns advanced
//!   (C4 when black offers the chariot exchange with 平炮兑车), C1 other
//!   chariot lines (横车, 巡河车, 过河车 with the 七路马), C5 五六炮,
//!   C6/C7 五七炮 (C7 when black advanced the 3rd pawn), C8 巡河炮,
//!   C9 五八炮/五九炮 (C93 五八炮互进三兵, 红左边马; both horses out
//!   before a late central cannon is still 屏风马), C0 the rest (C01 七路马,
//!   C06 左边马).
//! - D (central cannon against a cannon): D0 顺炮, D1 顺炮直车 against a
//!   slow chariot, D2 顺炮直车 against 横车, D3 左炮封车转列炮,
//!   D4 左三步虎转列炮, D5 列炮 (with 后补列炮).
//! - E (the pawn opening, 仙人指路): E4 对兵, E1 against the pawn-base
//!   cannon (卒底炮; E11 飞相, E12 转右中炮, E14 转左中炮飞右象),
//!   E2/E3 转左中炮 against 卒底炮飞左象, E0 the rest (E01 对飞象,
//!   E03 对中炮, E04 对士角炮或过宫炮).
//!
//! Where the books' finer codes depend on later moves (the 100 lines of
//! C3/C4 …), the group's first code is given. Checked against the ECCO
//! tags of the CCGC 2006 records (see the tests). Games from a set-up
//! position get no code. Both sides are mirror-folded first, so 炮八平五
//! counts as 炮二平五.

use super::board::{Move, Position};
use super::notation::{write_move, Notation};

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

/// How many moves of each side the rules look at.
const DEPTH: usize = 8;

/// The opening moves of both sides in mirror-folded WXF.
struct Line {
    red: Vec<String>,
    black: Vec<String>,
}

impl Line {
    fn new(m: &[String]) -> Line {
        Line {
            red: m.iter().step_by(2).cloned().collect(),
            black: m.iter().skip(1).step_by(2).cloned().collect(),
        }
    }

    fn red_at(&self, i: usize) -> &str {
        self.red.get(i).map(String::as_str).unwrap_or("")
    }

    fn black_at(&self, i: usize) -> &str {
        self.black.get(i).map(String::as_str).unwrap_or("")
    }

    /// When red played one of `texts` (0-based move of red), if it did.
    fn red_when(&self, texts: &[&str]) -> Option<usize> {
        self.red.iter().position(|t| texts.contains(&t.as_str()))
    }

    fn black_when(&self, texts: &[&str]) -> Option<usize> {
        self.black.iter().position(|t| texts.contains(&t.as_str()))
    }

    fn red_played(&self, texts: &[&str]) -> bool {
        self.red_when(texts).is_some()
    }

    fn black_played(&self, texts: &[&str]) -> bool {
        self.black_when(texts).is_some()
    }
}

/// The ECCO code of a game from the standard start, if it has moves.
pub fn classify(start: &Position, moves: &[Move]) -> Option<String> {
    if *start != Position::start() || moves.is_empty() {
        return None;
    }
    let l = Line::new(&first_moves(start, moves, DEPTH * 2));
    let code = match l.red_at(0) {
        "C2.5" => central_cannon(&l),
        "P3+1" => pawn_opening(&l),
        "H2+3" => match (l.black_at(0), l.red_at(1)) {
            ("P7+1", "C2.1") => "A42",
            ("P7+1", "C8.6") => "A43",
            ("P7+1", "C8.5") => "A44",
            ("P7+1", "P7+1") => "A45",
            ("P7+1", _) => "A41",
            _ => "A40",
        },
        "C2.4" => match l.black_at(0) {
            "H8+7" => "A51",
            "C2.5" => "A52",
            _ => "A50",
        },
        "C2.6" => match l.black_at(0) {
            "H8+7" => "A61",
            "C8.5" => "A63",
            _ => "A60",
        },
        "E3+5" => elephant(&l),
        "A4+5" | "A6+5" => "A01",
        "H2+1" => "A02",
        "C2.1" => "A03",
        "C2+2" => "A04",
        "C2+4" => "A05",
        "C2.3" => "A06",
        "P1+1" => "A08",
        _ => "A00",
    };
    Some(code.to_string())
}

/// 飞相局: the group by black's answer.
fn elephant(l: &Line) -> &'static str {
    match l.black_at(0) {
        "C8.6" => "A20",
        "C2.4" => "A21",
        "C8.5" => "A27",
        // 左过宫炮 (the left cannon across the palace); A31 when red's
        // right horse answers it (飞相进右马对左过宫炮).
        "C8.4" if l.red_at(1) == "H2+3" => "A31",
        "C8.4" => "A30",
        "P7+1" => "A36",
        "P3+1" => "A39",
        "H8+7" => "A13",
        _ => "A10",
    }
}

/// 仙人指路 (red's 3rd pawn, mirror-folded).
fn pawn_opening(l: &Line) -> &'static str {
    match l.black_at(0) {
        // 对兵: black's pawn on the same file.
        "P7+1" => "E40",
        // 卒底炮: black's cannon behind the pawn red advanced.
        "C8.7" => {
            let left_central = l.red_played(&["C8.5"]);
            if left_central && l.black_played(&["E7+5"]) {
                "E20"
            } else if left_central && l.black_played(&["E3+5"]) {
                "E14"
            } else if l.red_played(&["C2.5"]) {
                "E12"
            } else if l.red_at(1).starts_with('E') {
                "E11"
            } else {
                "E10"
            }
        }
        "E3+5" | "E7+5" if l.red_at(1) == "H2+3" => "E02",
        "E3+5" | "E7+5" => "E01",
        "C2.5" | "C8.5" => "E03",
        "C2.4" | "C8.6" | "C2.6" | "C8.4" => "E04",
        _ => "E00",
    }
}

/// Central cannon: D against a cannon counter, C against screen horses
/// (both horses out before any counter), else B.
fn central_cannon(l: &Line) -> &'static str {
    let black_central = l.black_when(&["C8.5", "C2.5"]);
    match l.black_at(0) {
        "C8.5" => return same_direction(l),
        "C2.5" => return "D50",
        _ => {}
    }
    let left_horse = l.black_when(&["H8+7"]);
    let right_horse = l.black_when(&["H2+3"]);
    let blockade = l.black_when(&["C8+4"]);
    let tiger = l.black_played(&["C8.9"]) && l.black_played(&["R9.8"]) && left_horse.is_some();
    if let Some(c) = black_central {
        // A counter after other moves: 后补列炮 and the transpositions.
        let before = |w: Option<usize>| w.is_some_and(|w| w < c);
        // Both horses out before a late central cannon: still 屏风马
        // (五八炮互进三兵对屏风马 with 炮２平５ later is C93).
        if before(left_horse) && before(right_horse) {
            return screen_horses(l);
        }
        return match l.black_at(c) {
            "C2.5" if before(blockade) => "D30",
            "C2.5" if tiger => "D40",
            "C2.5" => "D50",
            _ => "D00",
        };
    }
    let corner = l.black_when(&["C8.6"]);
    if let (Some(left), Some(_)) = (left_horse, right_horse) {
        // 反宫马: the palace-corner cannon before the left horse.
        return if corner.is_some_and(|c| c < left) {
            palace_horses(l)
        } else {
            screen_horses(l)
        };
    }
    if tiger {
        return "B20";
    }
    if right_horse.is_some() && l.black_played(&["H8+9"]) {
        return "B10";
    }
    // 单提马: the right horse out, the left held back while its chariot
    // goes up (横车 车９进１); B13 against 巡河炮 (中炮巡河炮对单提马横车).
    let left_chariot_up = l.black_when(&["R9+1"]);
    if right_horse.is_some() && left_horse.is_none() && left_chariot_up.is_some() {
        return match l.red_played(&["C8+2"]) {
            true => "B13",
            false => "B10",
        };
    }
    if corner.is_some() && right_horse.is_some() {
        return palace_horses(l);
    }
    if blockade.is_some() {
        return "B07";
    }
    "B00"
}

/// 反宫马, by red's second cannon.
fn palace_horses(l: &Line) -> &'static str {
    match red_cannon(l) {
        Some("C8.6") => "B40",
        Some("C8.7") => "B50",
        _ => "B30",
    }
}

/// Red's left cannon's first move, if it made one.
fn red_cannon(l: &Line) -> Option<&str> {
    l.red
        .iter()
        .map(String::as_str)
        .find(|t| t.starts_with("C8"))
}

/// 顺炮: 直车 (the right chariot to the 2nd file after the right horse)
/// against a 横车 or a slow chariot.
fn same_direction(l: &Line) -> &'static str {
    if !l.red_played(&["R1.2"]) {
        return "D00";
    }
    if l.black_played(&["R9+1", "R1+1"]) {
        "D20"
    } else if l.black_played(&["R9.8", "R1.2"]) {
        "D00"
    } else {
        "D10"
    }
}

/// 中炮对屏风马, by what red did first: a chariot line (过河车 R2+6,
/// 巡河车 R2+4, 横车 R1+1) or a second cannon (五六炮, 五七炮, 巡河炮,
/// 五九炮, 五八炮 C8+4).
fn screen_horses(l: &Line) -> &'static str {
    let chariot = l.red_when(&["R2+6", "R2+4", "R1+1"]);
    let cannon = l.red_when(&["C8.6", "C8.7", "C8+2", "C8.9", "C8+4"]);
    let chariot_first = match (chariot, cannon) {
        (Some(a), Some(b)) => a < b,
        (Some(_), None) => true,
        _ => false,
    };
    if let (false, Some(i)) = (chariot_first, cannon) {
        return match l.red_at(i) {
            "C8.6" => "C50",
            "C8.7" if l.black_played(&["P3+1"]) => "C70",
            "C8.7" => "C60",
            "C8+2" => "C80",
            // 五八炮互进三兵对屏风马, 红左边马.
            "C8+4"
                if l.red_played(&["P3+1"])
                    && l.black_played(&["P3+1"])
                    && l.red_played(&["H8+9"]) =>
            {
                "C93"
            }
            _ => "C90",
        };
    }
    match chariot.map(|i| l.red_at(i)) {
        Some("R2+6") => {
            let seven_horse = l.red_played(&["H8+7"]);
            let snake = l.black_played(&["P7+1"]) && l.black_played(&["P3+1"]);
            if seven_horse && snake {
                "C20"
            } else if l.red_played(&["P7+1"]) && l.black_played(&["P7+1"]) {
                if l.black_played(&["C8.9"]) {
                    "C40"
                } else {
                    "C30"
                }
            } else if seven_horse {
                "C18"
            } else {
                "C10"
            }
        }
        Some("R2+4") => "C15",
        Some(_) => "C10",
        None if l.red_played(&["H8+7"]) => "C01",
        None if l.red_played(&["H8+9"]) => "C06",
        None => "C00",
    }
}
