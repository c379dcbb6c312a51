//! The central cannon (炮二平五) against everything but the screen horses:
//! B (single horse, three-step tiger, 反宫马, the rest) and D (顺炮,
//! 列炮 and the counters that turn into 列炮).

use super::screen::screen_horses;
use super::{both_seen, pick, Line, Side};

/// 中炮, by black's first move.
pub(super) fn central_cannon(l: &Line) -> &'static str {
    match l.b(0) {
        "C8.5" => same_direction(l),
        "H8+7" => left_horse(l),
        "H2+3" => right_horse(l),
        "C2.5" => "D50",
        _ => "B00",
    }
}

/// 马２进３ first, by black's second move.
fn right_horse(l: &Line) -> &'static str {
    match l.b(1) {
        // 单提马横车 (B12–B14) when the chariot goes to the 4th file
        // against 马二进三 and 车一平二.
        "R9+1" if l.r(1) == "H2+3" && l.seq(4, &["R1.2", "R9.4"]) => {
            pick(l.r(3), &[("P7+1", "B14"), ("C8+2", "B13")], "B12")
        }
        "R9+1" | "H8+9" => "B10",
        "C8.6" => match l.b(2) {
            "H8+9" | "R9+1" => "B11",
            _ => palace_horses(l),
        },
        "P3+1" | "P7+1" => match l.b(2) {
            "A6+5" | "A4+5" => "B02",
            "C8.6" => palace_horses(l),
            "H8+7" => screen_horses(l),
            "R9+2" => "B03",
            _ => "B01",
        },
        "H8+7" => screen_horses(l),
        "C2.1" => "B04",
        _ => "B01",
    }
}

/// 马８进７ first: what black's next moves make of it (a late 马２进３ is
/// 屏风马; 炮８平９ the three-step tiger, 炮８进４ the cannon blockade,
/// each turning into 列炮 with a later 炮２平５).
fn left_horse(l: &Line) -> &'static str {
    #[derive(PartialEq)]
    enum Left {
        None,
        Tiger,
        Blockade,
    }
    let mut left = Left::None;
    for m in l.moves_of(Side::Black, 1) {
        match m {
            "R9.8" | "R8+5" | "P7+1" | "P3+1" => {}
            "H2+3" if left == Left::None => return screen_horses(l),
            "R9+1" if left == Left::None => return "B06",
            "C8+4" => left = Left::Blockade,
            "C8.9" => left = Left::Tiger,
            "C2.5" => {
                return match left {
                    Left::None => central_pair(l),
                    Left::Tiger => tiger_pair(l),
                    Left::Blockade => blockade_pair(l),
                }
            }
            _ => break,
        }
    }
    match left {
        Left::None => "B05",
        Left::Tiger => tiger(l),
        Left::Blockade => "B07",
    }
}

/// 中炮对左三步虎 (B2), by red's first move that is not a horse or a
/// pawn; both 3rd and 7th pawns first is 两头蛇 (B25).
fn tiger(l: &Line) -> &'static str {
    let mut pawns = [false; 2];
    // Red's move i + 1 answers black's move i.
    for (i, m) in l.moves_of(Side::Red, 1).enumerate() {
        match m {
            // 边相 against 骑河车.
            "E7+9" if l.b(i) == "R8+5" => return "B21",
            "P3+1" | "P7+1" => {
                if both_seen(&mut pawns, ["P3+1", "P7+1"], m) {
                    return "B25";
                }
            }
            "H2+3" | "H8+7" => {}
            m => {
                return pick(
                    m,
                    &[("C8+4", "B24"), ("C8+2", "B23"), ("R1+1", "B22")],
                    "B20",
                )
            }
        }
    }
    "B20"
}

/// 中炮对左炮封车转列炮 (D3).
fn blockade_pair(l: &Line) -> &'static str {
    if !l.seq(2, &["H2+3", "R9.8", "R1.2", "C8+4", "P3+1", "C2.5"]) {
        return "D30";
    }
    pick(
        l.r(4),
        &[
            ("P7+1", "D36"),
            ("C8+5", "D35"),
            ("H8+9", "D34"),
            ("H8+7", "D33"),
            ("H3+4", "D32"),
        ],
        "D31",
    )
}

/// 中炮对左三步虎转列炮 (D4).
fn tiger_pair(l: &Line) -> &'static str {
    let mut pawns = [false; 2];
    // Red's move i + 1 answers black's move i.
    for (i, m) in l.moves_of(Side::Red, 1).enumerate() {
        match m {
            "P5+1" if l.b(i) == "R8+5" && l.b(i + 1) == "C2.5" => return "D41",
            "P3+1" | "P7+1" => {
                if both_seen(&mut pawns, ["P3+1", "P7+1"], m) {
                    return "D43";
                }
            }
            "H2+3" | "H8+7" => {}
            "R9.8" => return "D42",
            _ => return "D40",
        }
    }
    "D40"
}

/// 中炮对后补列炮 (D5), by red's chariots.
fn central_pair(l: &Line) -> &'static str {
    let mut chariots = [false; 2];
    for m in l.moves_of(Side::Red, 1) {
        match m {
            "R2+6" => return "D53",
            "H2+3" | "H8+7" | "P3+1" | "P7+1" => {}
            "R1.2" | "R9.8" => {
                if both_seen(&mut chariots, ["R1.2", "R9.8"], m) {
                    return "D55";
                }
            }
            _ => {
                return match chariots {
                    [true, _] => "D52",
                    [_, true] => "D54",
                    _ => "D51",
                }
            }
        }
    }
    "D50"
}

/// 中炮对反宫马 (B3–B5): the palace-corner cannon with both horses.
fn palace_horses(l: &Line) -> &'static str {
    if l.seq(2, &["P7+1", "C8.6", "H8+7"]) {
        return "B32";
    }
    let left_horse = l
        .moves_of(Side::Black, 1)
        .find(|m| !["E7+5", "E3+5", "C8.6", "P7+1", "P3+1"].contains(m));
    if left_horse != Some("H8+7") {
        return "B30";
    }
    // Red's plan: the first red move that is not plain development.
    let (mut seven, mut edge, mut six) = (false, false, false);
    for m in l.moves_of(Side::Red, 1) {
        match m {
            "H8+9" => edge = true,
            "H8+7" => seven = true,
            "C8.6" => six = true,
            "H2+3" | "R1.2" | "P3+1" | "P7+1" => {}
            "R1+1" if !six => return "B34",
            "R2+6" if !six => return "B33",
            "R1+1" | "R2+6" => {}
            "C8.7" => return five_seven(l),
            "C8+4" => return "B36",
            "C8+2" => return "B35",
            _ if !six => return "B31",
            _ => return five_six(l, seven, edge),
        }
    }
    "B30"
}

/// 五六炮对反宫马 (B4): 左正马 (B41–B44) or 左边马 (B45).
fn five_six(l: &Line, seven: bool, edge: bool) -> &'static str {
    if !l.seq(2, &["H2+3", "C8.6", "R1.2", "H8+7"]) {
        return "B40";
    }
    if !seven {
        return if edge { "B45" } else { "B40" };
    }
    if l.r(3) != "C8.6" || l.b(3) != "R1.2" {
        return "B41";
    }
    match (l.b(4), l.b(5)) {
        ("C2.1", "P7+1") => "B44",
        ("C2.1", _) => "B43",
        _ => "B42",
    }
}

/// 五七炮对反宫马 (B5).
fn five_seven(l: &Line) -> &'static str {
    let red = (1..5).all(|i| ["H2+3", "H8+9", "R1.2", "P3+1"].contains(&l.r(i)));
    let black = (1..4).all(|i| ["H8+7", "C8.6", "P3+1"].contains(&l.b(i)));
    if red && black {
        // 五七炮互进三兵对反宫马.
        if !l.seq(9, &["E7+5", "C8.7", "R1.2", "R9.8", "C2+4"]) {
            return "B54";
        }
        return if l.seq(14, &["P7+1", "P3+1", "P3+1"]) {
            "B56"
        } else {
            "B55"
        };
    }
    l.decided_by(
        Side::Black,
        1,
        &["E7+5", "E3+5", "H8+7", "C8.6", "P7+1", "P3+1"],
        &[("R1.2", "B53"), ("R9+1", "B52"), ("R9.8", "B51")],
        "B50",
    )
}

/// 顺炮 (D0–D2), by the horses and chariots of the first moves.
fn same_direction(l: &Line) -> &'static str {
    match (l.r(1), l.b(1)) {
        ("H2+3", "H8+7") => match l.r(2) {
            "R1.2" if l.b(2) == "R9+1" => straight_against_cross(l),
            "R1.2" => straight_against_slow(l),
            "R1+1" if l.b(2) == "R9.8" => pick(l.b(3), &[("R8+4", "D05")], "D04"),
            "R1+1" => "D03",
            _ => pick(l.b(2), &[("R9.8", "D02"), ("R9+1", "D01")], "D00"),
        },
        ("H2+3", "R9+1") if l.seq(4, &["R1.2", "H8+7"]) => straight_against_cross(l),
        ("H2+3", "R9+1") => "D01",
        ("R1+1", _) if l.seq(3, &["R9.8", "H8+7"]) => pick(l.b(2), &[("R8+4", "D05")], "D04"),
        ("R1+1", _) => "D03",
        _ => "D00",
    }
}

/// 顺炮直车对缓开车 (D1), by black's first move that is not a horse or
/// a pawn.
fn straight_against_slow(l: &Line) -> &'static str {
    l.decided_by(
        Side::Black,
        2,
        &["H2+3", "P7+1", "P3+1"],
        &[
            ("C2.1", "D15"),
            ("C2+4", "D14"),
            ("R9.8", "D13"),
            ("R1+1", "D12"),
            ("R9+1", "D11"),
        ],
        "D10",
    )
}

/// 顺炮直车对横车 (D2), by red's next plan.
fn straight_against_cross(l: &Line) -> &'static str {
    let mut pawns = [false; 2];
    for m in l.moves_of(Side::Red, 3) {
        match m {
            "P3+1" | "P7+1" => {
                if both_seen(&mut pawns, ["P3+1", "P7+1"], m) {
                    // 两头蛇: D29 against black's right 横车.
                    return l.decided_by(
                        Side::Black,
                        3,
                        &["H2+3", "R9.4"],
                        &[("R1+1", "D29")],
                        "D28",
                    );
                }
            }
            "H8+7" => {}
            m => {
                let pawn_line = match pawns {
                    [true, _] => "D26",
                    [_, true] => "D27",
                    _ => "D20",
                };
                return pick(
                    m,
                    &[
                        ("A4+5", "D21"),
                        ("A6+5", "D21"),
                        ("H8+9", "D22"),
                        ("R2+4", "D23"),
                        ("R2+6", "D24"),
                        ("C8.6", "D25"),
                    ],
                    pawn_line,
                );
            }
        }
    }
    "D20"
}
