//! 中炮对屏风马 (C): the central cannon against both horses out.

use super::{both_seen, pick, Line, Side};

/// Red's plain development against the screen horses: these leave the
/// red system open.
const DEVELOPING: [&str; 4] = ["H2+3", "R1.2", "P3+1", "P7+1"];

/// 中炮对屏风马: the four main lines the tables define by both sides'
/// first moves in any order, then red's system.
pub(super) fn screen_horses(l: &Line) -> &'static str {
    let four = ["H8+7", "R9.8", "P7+1", "H2+3"];
    let snake = ["H8+7", "R9.8", "P7+1", "H2+3", "P3+1"];
    if l.opened_with(&["C2.5", "H2+3", "R1.2", "R2+6", "H8+7"], &snake) {
        return seven_horse_crossing(l);
    }
    if l.opened_with(&["C2.5", "H2+3", "R1.2", "R2+6", "P7+1"], &four) {
        return crossing_both_sevens(l);
    }
    if l.opened_with(&["C2.5", "H2+3", "R1.2", "H8+9", "C8.7"], &four) {
        // 五七炮对屏风马进７卒 (C61–C67).
        return match l.b(4) {
            "R1.2" if l.r(5) == "R9.8" => pick(
                l.b(5),
                &[("C2+4", "C66"), ("C2+2", "C65"), ("C8+4", "C64")],
                "C63",
            ),
            "R1.2" => "C62",
            "C2+2" => "C67",
            _ => "C61",
        };
    }
    let black = ["H8+7", "R9.8", "H2+3", "P3+1", "P1+1", "H3+2"];
    if l.opened_with(&["C2.5", "H2+3", "R1.2", "P3+1", "H8+9", "C8.7"], &black) {
        // 五七炮对屏风马进３卒右马外盘河 (C72–C78).
        if l.r(6) != "R9+1" {
            return "C72";
        }
        return match l.b(6) {
            "E7+5" => pick(l.r(7), &[("R2+4", "C76"), ("H3+4", "C75")], "C74"),
            "P1+1" => "C78",
            "E3+5" => "C77",
            _ => "C73",
        };
    }
    red_system(l)
}

/// 中炮过河车七路马对屏风马两头蛇 (C2).
fn seven_horse_crossing(l: &Line) -> &'static str {
    if l.r(5) != "R9+1" {
        return "C20";
    }
    if !l.seq(11, &["C2+1", "R2-2", "E3+5"]) {
        return "C21";
    }
    // 红左横车, 兑三兵 (C23), 兑七兵 (C24) or both (C25).
    match (l.r(7), l.r(8)) {
        ("P3+1" | "P7+1", "P7+1") => "C25",
        ("P3+1", _) => "C23",
        ("P7+1", _) => "C24",
        _ => "C22",
    }
}

/// 中炮过河车互进七兵对屏风马 (C3), and with 平炮兑车 (C4).
fn crossing_both_sevens(l: &Line) -> &'static str {
    match l.b(4) {
        // 左马盘河.
        "H7+6" if l.r(5) != "H8+7" => "C35",
        "H7+6" if l.b(5) != "E3+5" => "C36",
        "H7+6" => pick(l.r(6), &[("C8.9", "C39"), ("C8+1", "C38")], "C37"),
        // 平炮兑车, then 车二平三 炮９退１ (退边炮) for C41–C49.
        "C8.9" if !l.seq(10, &["R2.3", "C9-1"]) => "C40",
        "C8.9" => match l.r(6) {
            "H8+7" if l.b(6) != "A4+5" => "C42",
            "H8+7" => match l.r(7) {
                "C8.9" if l.b(7) == "R1.2" || l.b(8) == "R1.2" => "C46",
                "C8.9" => "C45",
                "H7+6" => "C44",
                _ => "C43",
            },
            sixth => pick(
                sixth,
                &[("P5+1", "C49"), ("C8.6", "C48"), ("H8+9", "C47")],
                "C41",
            ),
        },
        fifth => pick(
            fifth,
            &[
                ("E7+5", "C32"),
                ("E3+5", "C32"),
                ("A6+5", "C31"),
                ("A4+5", "C31"),
                ("C2+4", "C34"),
                ("R1+1", "C33"),
            ],
            "C30",
        ),
    }
}

/// The rest of 中炮对屏风马, by red's first move (from the second on)
/// that is not plain development: a chariot line (C1), a second cannon
/// (C5–C9), or a horse (C0).
fn red_system(l: &Line) -> &'static str {
    let (mut seven, mut edge, mut crossing) = (false, false, false);
    for i in 1..PLAN_MOVES {
        match l.r(i) {
            // 中炮巡河车 (C15), with the left horse out (C16).
            "R2+4" => {
                return l.decided_by(
                    Side::Red,
                    1,
                    &["H2+3", "R1.2", "R2+4", "P3+1", "P7+1"],
                    &[("H8+7", "C16"), ("H8+9", "C16")],
                    "C15",
                )
            }
            // 中炮右横车 (C10–C14).
            "R1+1" => {
                return l.decided_by(
                    Side::Red,
                    1,
                    &["H2+3", "H8+7", "R1+1", "R1.4", "R1.6", "P3+1", "P7+1"],
                    &[
                        ("P5+1", "C14"),
                        ("C8.9", "C13"),
                        ("C8+2", "C12"),
                        ("H7+6", "C11"),
                    ],
                    "C10",
                )
            }
            "C8.7" => return five_seven(l),
            m if DEVELOPING.contains(&m) => {}
            "H8+9" => edge = true,
            "H8+7" => seven = true,
            "R2+6" => crossing = true,
            "C8+4" => return five_eight(l),
            "C8+2" => return river_cannon(l),
            "C8.6" => return five_six(l),
            "C8.9" => return "C99",
            _ => return red_horses(l, seven, edge, crossing),
        }
    }
    "C00"
}

/// How far [`red_system`] looks for red's system (red's 2nd to 9th moves).
const PLAN_MOVES: usize = 9;

/// 中炮过河车 (C17–C19), 七路马 (C01–C04) or 左边马 (C05–C06) when red
/// shows no second cannon.
fn red_horses(l: &Line, seven: bool, edge: bool, crossing: bool) -> &'static str {
    if crossing {
        let skip = ["H2+3", "R1.2", "R2+6", "P3+1", "P7+1"];
        return l.decided_by(
            Side::Red,
            1,
            &skip,
            &[("H8+9", "C19"), ("H8+7", "C18")],
            "C17",
        );
    }
    if seven {
        let skip = ["H2+3", "H8+7", "R1.2", "P3+1", "P7+1"];
        let first = l.moves_of(Side::Red, 1).find(|m| !skip.contains(m));
        return match first {
            Some("P5+1") => central_pawn(l),
            Some("H7+6") => "C02",
            _ => "C01",
        };
    }
    if edge {
        let skip = ["H2+3", "H8+9", "R1.2", "P3+1", "P7+1"];
        return l.decided_by(Side::Red, 1, &skip, &[("R9+1", "C06")], "C05");
    }
    "C00"
}

/// 中炮七路马进中兵对屏风马 (C03), C04 when black's two cannons both
/// go to the river.
fn central_pawn(l: &Line) -> &'static str {
    let mut cannons = [false; 2];
    for m in l.moves_of(Side::Black, 1) {
        match m {
            "H2+3" | "H8+7" | "R9.8" | "P7+1" | "P3+1" => {}
            "C8+4" | "C2+4" => {
                if both_seen(&mut cannons, ["C8+4", "C2+4"], m) {
                    return "C04";
                }
            }
            _ => return "C03",
        }
    }
    "C03"
}

/// 五七炮对屏风马 (C6–C7), by black's 7th or 3rd pawn.
fn five_seven(l: &Line) -> &'static str {
    let mut third = false;
    for m in l.moves_of(Side::Black, 1) {
        match m {
            "P7+1" => {
                let skip = ["H2+3", "H8+9", "R1.2", "R2+6", "C8.7"];
                return l.decided_by(Side::Red, 1, &skip, &[("P7+1", "C68")], "C60");
            }
            "P3+1" => third = true,
            "H3+2" => return "C71",
            "H2+3" | "H8+7" | "R9.8" => {}
            _ => break,
        }
    }
    if third {
        "C70"
    } else {
        "C60"
    }
}

/// 五六炮对屏风马 (C5).
fn five_six(l: &Line) -> &'static str {
    // Red's 2nd to 5th moves: 左边马 (C51–C53) or 过河车 (C54–C56)
    // besides the horse, the chariot and the cannon, against 进７卒 and
    // the right horse.
    let (mut edge_horse, mut crossing) = (true, true);
    for i in 1..5 {
        match l.r(i) {
            "H2+3" | "R1.2" | "C8.6" => {}
            "H8+9" => crossing = false,
            "R2+6" => edge_horse = false,
            _ => (edge_horse, crossing) = (false, false),
        }
    }
    if !(1..4).all(|i| ["H2+3", "H8+7", "R9.8", "P7+1"].contains(&l.b(i))) {
        (edge_horse, crossing) = (false, false);
    }
    if edge_horse {
        if !l.seq(9, &["R1.2", "R9.8"]) {
            return "C51";
        }
        return pick(l.b(5), &[("C2+4", "C53")], "C52");
    }
    if crossing {
        return pick(l.b(4), &[("P3+1", "C56"), ("R1.2", "C55")], "C54");
    }
    let skip = ["H2+3", "R1.2", "C8.6", "P3+1", "P7+1"];
    l.decided_by(
        Side::Red,
        1,
        &skip,
        &[("R2+6", "C54"), ("H8+9", "C51")],
        "C50",
    )
}

/// 中炮巡河炮对屏风马 (C8).
fn river_cannon(l: &Line) -> &'static str {
    let red = (1..5).all(|i| ["H2+3", "H8+7", "C8+2", "P7+1"].contains(&l.r(i)));
    let black = (1..4).all(|i| ["H8+7", "H2+3", "R9.8", "P7+1"].contains(&l.b(i)));
    if red && black && l.b(4) == "H7+8" {
        // 黑左马外盘河; C86 with red's 七路马盘河 and right 横车.
        return if l.r(5) == "H7+6" && l.r(6) == "R1+1" {
            "C86"
        } else {
            "C85"
        };
    }
    let mut left_elephant = false;
    for m in l.moves_of(Side::Black, 1) {
        match m {
            "E7+5" => left_elephant = true,
            "E3+5" => return "C84",
            "P7+1" | "P3+1" | "H8+7" | "H2+3" | "R9.8" => {}
            m if left_elephant => {
                return pick(m, &[("C8+2", "C83"), ("R1+1", "C82")], "C81");
            }
            _ => return "C80",
        }
    }
    "C80"
}

/// 五八炮对屏风马 (C90–C98): 互进三兵 (C91–C98) by red's left horse.
fn five_eight(l: &Line) -> &'static str {
    let red_third = l
        .moves_of(Side::Red, 1)
        .find(|m| !["H2+3", "H8+7", "H8+9", "R1.2", "R2+6", "C8+4"].contains(m));
    let black_third = l
        .moves_of(Side::Black, 1)
        .find(|m| !["H8+7", "H2+3", "R9.8"].contains(m));
    if red_third != Some("P3+1") || black_third != Some("P3+1") {
        return "C90";
    }
    let horse = l
        .moves_of(Side::Red, 1)
        .find(|m| !["H2+3", "R1.2", "C8+4", "P3+1"].contains(m));
    match horse {
        // 红左边马 (C93–C97), by black's next move after the elephant.
        Some("H8+9") => {
            let next = match l.b(4) {
                "E7+5" | "E3+5" => l.b(5),
                other => other,
            };
            match next {
                "P1+1" if l.r(6) == "C8.7" => "C97",
                "P1+1" => "C96",
                "A6+5" | "A4+5" => "C94",
                "P7+1" => "C95",
                _ => "C93",
            }
        }
        Some("C8.7") => "C98",
        Some("H8+7") => "C92",
        _ => "C91",
    }
}
