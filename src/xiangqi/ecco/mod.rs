//! ECCO opening codes (中国象棋开局分类, A00–E99) from a game's moves.
//!
//! ECCO has five families of ten groups (A0–E4) of up to ten codes each.
//! A code is defined by the first moves of both sides (at most ten each),
//! as the published ECCO tables give them: xqbase.com's ECCO pages and
//! FAQ, the "moves required to generate the ECCO label" of the English
//! ECCO pages, and the decision points of the classifier xqbase published
//! with the tables (the one behind the ECCO tags of its game records; its
//! facts re-expressed here, not its code). The definitions are of three
//! kinds, and so are the helpers of [`Line`]:
//! - a move at a given turn, looked up in a small table of move → code
//!   (`pick`), or a run of plies from a given ply (`seq`);
//! - the first moves of each side in any order (`opened_with`): the
//!   tables' transpositions, e.g. 过河车 before or after 进七兵;
//! - the first move of one side, from a given turn on, that is not one of
//!   the moves that leave the line open (`decided_by`), e.g. after
//!   中炮对屏风马 red's first move that is not a plain developing move
//!   (马二进三, 车一平二, 兵三进一, 兵七进一) names the red system.
//!
//! The game is mirror-folded first (when red's first move starts on a
//! file numbered above 5, both sides' moves are read from the other
//! wing), so 炮八平五 counts as 炮二平五. Games from a set-up position
//! get no code.
//!
//! The families: A (neither central cannon nor pawn opening: A0 uncommon
//! first moves, A1–A3 飞相局, A4 起马局, A5 仕角炮局, A6 过宫炮局), B
//! (central cannon against other defences: single horse, three-step
//! tiger, 反宫马), C (central cannon against screen horses, 屏风马), D
//! (central cannon against a cannon: 顺炮, 列炮) and E (the pawn opening,
//! 仙人指路).

mod central;
mod screen;

use super::board::{Move, Position};
use super::notation::{write_move, Notation};

/// How many plies the definitions look at: ten moves of each side.
const PLIES: usize = 20;

/// The ECCO code of a game from the standard start, if it has moves.
pub fn classify(start: &Position, moves: &[Move]) -> Option<String> {
    if *start != Position::start() || moves.is_empty() {
        return None;
    }
    Some(opening(&Line::new(start, moves)).to_string())
}

/// A side of the board, for the scans of [`Line`].
#[derive(Clone, Copy)]
enum Side {
    Red,
    Black,
}

/// The first [`PLIES`] plies of a game in mirror-folded WXF; plies past
/// the end of the game are empty and match no move of the tables.
struct Line {
    plies: Vec<String>,
}

impl Line {
    fn new(start: &Position, moves: &[Move]) -> Line {
        let mut pos = start.clone();
        let mut plies = Vec::with_capacity(PLIES);
        for &m in moves.iter().take(PLIES) {
            plies.push(write_move(&pos, m, Notation::Wxf));
            pos.make(m);
        }
        let mirror = plies[0]
            .chars()
            .nth(1)
            .and_then(|c| c.to_digit(10))
            .is_some_and(|file| file > 5);
        if mirror {
            plies = plies.iter().map(|t| mirror_wxf(t)).collect();
        }
        plies.resize(PLIES, String::new());
        Line { plies }
    }

    /// Red's move `i` (0-based).
    fn r(&self, i: usize) -> &str {
        &self.plies[2 * i]
    }

    /// Black's move `i` (0-based).
    fn b(&self, i: usize) -> &str {
        &self.plies[2 * i + 1]
    }

    fn of(&self, side: Side, i: usize) -> &str {
        match side {
            Side::Red => self.r(i),
            Side::Black => self.b(i),
        }
    }

    /// The moves of `side` from its move `from` on.
    fn moves_of(&self, side: Side, from: usize) -> impl Iterator<Item = &str> {
        (from..PLIES / 2).map(move |i| self.of(side, i))
    }

    /// The plies from ply `ply` (0-based; red's move `i` is ply `2i`,
    /// black's `2i + 1`) on are `moves`.
    fn seq(&self, ply: usize, moves: &[&str]) -> bool {
        moves
            .iter()
            .enumerate()
            .all(|(k, m)| self.plies.get(ply + k).is_some_and(|p| p == m))
    }

    /// Red's first moves are `red` and black's first moves are `black`,
    /// each side's in any order.
    fn opened_with(&self, red: &[&str], black: &[&str]) -> bool {
        let same = |side: Side, want: &[&str]| {
            let mut got: Vec<&str> = self.moves_of(side, 0).take(want.len()).collect();
            let mut want = want.to_vec();
            got.sort_unstable();
            want.sort_unstable();
            got == want
        };
        same(Side::Red, red) && same(Side::Black, black)
    }

    /// The first move of `side` from its move `from` on that is not in
    /// `skip`, looked up in `cases`; `other` when it is not there, or when
    /// every move was in `skip`.
    fn decided_by(
        &self,
        side: Side,
        from: usize,
        skip: &[&str],
        cases: &[(&str, &'static str)],
        other: &'static str,
    ) -> &'static str {
        match self.moves_of(side, from).find(|m| !skip.contains(m)) {
            Some(m) => pick(m, cases, other),
            None => other,
        }
    }

    /// Red's two horses both come out (in either order) before any red
    /// move from the second on that is not in `skip`.
    fn both_horses_first(&self, skip: &[&str]) -> bool {
        let mut seen = [false; 2];
        for m in self.moves_of(Side::Red, 1) {
            if both_seen(&mut seen, ["H2+3", "H8+7"], m) {
                return true;
            }
            if !["H2+3", "H8+7"].contains(&m) && !skip.contains(&m) {
                return false;
            }
        }
        false
    }
}

/// Notes `m` in `seen` when it is one of `pair`; true once both moves of
/// the pair were played.
fn both_seen(seen: &mut [bool; 2], pair: [&str; 2], m: &str) -> bool {
    if let Some(k) = pair.iter().position(|p| *p == m) {
        seen[k] = true;
    }
    *seen == [true; 2]
}

/// `mv` looked up in a table of move → code, else `other`.
fn pick(mv: &str, cases: &[(&str, &'static str)], other: &'static str) -> &'static str {
    cases
        .iter()
        .find(|(m, _)| *m == mv)
        .map_or(other, |&(_, code)| code)
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

/// The code, by red's first move.
fn opening(l: &Line) -> &'static str {
    match l.r(0) {
        "C2.5" => central::central_cannon(l),
        "P3+1" => pawn_opening(l),
        "E3+5" => elephant(l),
        // 起马局: A41–A45 against 进７卒, by red's second move.
        "H2+3" if l.b(0) == "P7+1" => pick(
            l.r(1),
            &[
                ("P7+1", "A45"),
                ("C8.5", "A44"),
                ("C8.6", "A43"),
                ("C2.1", "A42"),
            ],
            "A41",
        ),
        "H2+3" => "A40",
        "C2.4" => palace_corner(l),
        "C2.6" => cross_palace(l),
        first => pick(
            first,
            &[
                ("P1+1", "A08"), // 边兵局
                ("C2.7", "A07"), // 金钩炮局
                ("C2.3", "A06"), // 兵底炮局
                ("C2+4", "A05"), // 过河炮局
                ("C2+2", "A04"), // 巡河炮局
                ("C2.1", "A03"), // 边炮局
                ("H2+1", "A02"), // 边马局
                ("A4+5", "A01"), // 上仕局
            ],
            "A00",
        ),
    }
}

/// 飞相局 (A1–A3), by black's answer.
fn elephant(l: &Line) -> &'static str {
    match l.b(0) {
        // 飞相对进右马, by red's second move.
        "H2+3" => pick(l.r(1), &[("P7+1", "A16"), ("P3+1", "A15")], "A14"),
        // 飞相对右士角炮.
        "C2.4" => pick(
            l.r(1),
            &[
                ("P7+1", "A26"),
                ("P3+1", "A25"),
                ("R9+1", "A24"),
                ("H8+9", "A23"),
                ("H8+7", "A22"),
            ],
            "A21",
        ),
        // 飞相对左过宫炮; A31–A34 when red's right horse answers it.
        "C8.4" if l.r(1) != "H2+3" => "A30",
        "C8.4" if l.seq(3, &["H8+7", "R1.2", "P7+1"]) => {
            pick(l.r(3), &[("P7+1", "A34"), ("C2.1", "A33")], "A32")
        }
        "C8.4" => "A31",
        "P7+1" => pick(l.r(1), &[("P7+1", "A38"), ("H8+7", "A37")], "A36"),
        // 飞相对左中炮; A28 when red's two horses make a screen first.
        "C8.5" if l.both_horses_first(&["R1.2", "P3+1", "P7+1"]) => "A28",
        reply => pick(
            reply,
            &[
                ("C8.5", "A27"),
                ("P3+1", "A39"),
                ("C2.6", "A35"),
                ("C2.5", "A29"),
                ("C8.6", "A20"),
                ("H8+7", "A13"),
                ("E3+5", "A12"),
                ("E7+5", "A11"),
            ],
            "A10",
        ),
    }
}

/// 仕角炮局 (A5).
fn palace_corner(l: &Line) -> &'static str {
    match l.b(0) {
        // 仕角炮转反宫马对右中炮 when red's two horses come out first.
        "C2.5" if l.both_horses_first(&["R9.8", "P3+1", "P7+1"]) => "A53",
        reply => pick(
            reply,
            &[("C2.5", "A52"), ("P7+1", "A54"), ("H8+7", "A51")],
            "A50",
        ),
    }
}

/// 过宫炮局 (A6).
fn cross_palace(l: &Line) -> &'static str {
    match l.b(0) {
        "C8.5" if l.r(1) == "H2+3" && l.r(2) == "R1.2" => {
            // 过宫炮直车对左中炮, A65 with black's 横车 and left horse.
            let horse_and_chariot = matches!((l.b(1), l.b(2)), ("H8+7", "R9+1") | ("R9+1", "H8+7"));
            if horse_and_chariot {
                "A65"
            } else {
                "A64"
            }
        }
        "C8.5" => "A63",
        reply => pick(reply, &[("R9+1", "A62"), ("H8+7", "A61")], "A60"),
    }
}

/// 仙人指路 (E), by black's answer.
fn pawn_opening(l: &Line) -> &'static str {
    match l.b(0) {
        // 卒底炮: black's cannon behind the pawn facing red's.
        "C8.7" => match l.r(1) {
            "C8.5" => left_central_cannon(l),
            "E7+5" | "E3+5" => "E11",
            "C2.5" => "E12",
            _ => "E10",
        },
        "H2+3" => match l.r(1) {
            "H2+3" if l.b(1) == "P3+1" => both_pawns_horses(l),
            "H2+3" => "E07",
            "P7+1" if l.b(1) == "C8.7" => "E09",
            "P7+1" => "E08",
            _ => "E06",
        },
        // 对兵局: black's 3rd pawn against red's.
        "P3+1" => match l.r(1) {
            "H2+3" if l.b(1) == "H2+3" => both_pawns_horses(l),
            "H2+3" => "E41",
            "C8.7" => pick(l.b(1), &[("C8.5", "E48"), ("C2.5", "E47")], "E46"),
            _ => "E40",
        },
        "E7+5" | "E3+5" if l.r(1) == "H2+3" => "E02",
        reply => pick(
            reply,
            &[
                ("E7+5", "E01"),
                ("E3+5", "E01"),
                ("C8.6", "E04"),
                ("C8.4", "E04"),
                ("C2.6", "E04"),
                ("C2.4", "E04"),
                ("C8.5", "E03"),
                ("C2.5", "E03"),
                ("C2.7", "E05"),
            ],
            "E00",
        ),
    }
}

/// 对兵互进右马局 (E42–E45), by red's third move.
fn both_pawns_horses(l: &Line) -> &'static str {
    pick(
        l.r(2),
        &[
            ("E3+5", "E43"),
            ("E7+5", "E43"),
            ("C2.1", "E45"),
            ("R1+1", "E44"),
        ],
        "E42",
    )
}

/// 仙人指路转左中炮对卒底炮 (E13–E38), by black's elephant.
fn left_central_cannon(l: &Line) -> &'static str {
    match l.b(1) {
        // 飞右象.
        "E3+5" if l.r(2) == "H2+1" && l.b(2) == "H8+9" => "E16",
        "E3+5" if l.r(2) == "H2+1" => "E15",
        "E3+5" => "E14",
        "E7+5" => left_elephant(l),
        "C2.5" => "E17",
        _ => "E13",
    }
}

/// 仙人指路转左中炮对卒底炮飞左象 (E2–E3).
fn left_elephant(l: &Line) -> &'static str {
    match l.r(2) {
        "H8+7" => match l.b(2) {
            "R1+1" if !l.seq(6, &["R9.8", "R1.8", "H2+3", "H8+6"]) => "E23",
            "R1+1" if !l.seq(10, &["C2.1", "H2+1", "H3+4"]) => "E24",
            "R1+1" => pick(
                l.b(6),
                &[("P1+1", "E27"), ("R8+6", "E26"), ("A6+5", "E25")],
                "E24",
            ),
            // 黑连进７卒.
            "P7+1" => {
                let red_fourth = l.seq(6, &["H2+1", "P7+1"]) || l.seq(6, &["R9.8", "P7+1"]);
                if !red_fourth || !matches!(l.r(4), "H2+1" | "R9.8") {
                    return if red_fourth { "E31" } else { "E30" };
                }
                match l.b(4) {
                    "R1+1" => pick(
                        l.r(5),
                        &[("R1.2", "E36"), ("R8+4", "E35"), ("A4+5", "E34")],
                        "E33",
                    ),
                    "H8+6" => "E32",
                    _ => "E31",
                }
            }
            _ => "E22",
        },
        third => pick(
            third,
            &[("C5+4", "E38"), ("H2+1", "E37"), ("A4+5", "E21")],
            "E20",
        ),
    }
}

#[cfg(test)]
mod tests;
