//! Deterministic test data for the report tests: fields of any size with
//! Chinese, Latin and mixed names of different display widths.
#![allow(dead_code)]

use qishe::domain::{AfterRound, Colour, Points};
use qishe::report::{
    AbsentReason, BoardLine, CheckinData, CrossLine, CrosstableData, EventInfo, PairingSheetData,
    PlayerLine, SlipsData, StandingLine, StandingsData,
};
use qishe::scoring::{CrossCell, RoundKind, RoundResult, TieBreak};

const SURNAMES: &[&str] = &[
    "王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴", "徐", "孙", "胡", "朱", "欧阳",
    "司马", "诸葛",
];
const GIVEN: &[&str] = &[
    "天一", "惟桐", "银川", "钦", "鑫鑫", "琦琳", "伟", "强", "磊", "洋", "艳", "勇", "军", "杰",
    "娟", "涛", "思源",
];
const LATIN: &[&str] = &[
    "Li Wei",
    "Nguyen Van An",
    "Anna Schmidt",
    "O'Brien <&> Co",
    "José Ñúñez",
];
const CLUBS: &[&str] = &[
    "北京",
    "上海",
    "杭州",
    "广东",
    "四川",
    "Berlin XQ Club",
    "香港",
];

pub fn event() -> EventInfo {
    EventInfo {
        name: "2026 秋季象棋公开赛".into(),
        date: chrono::NaiveDate::from_ymd_opt(2026, 11, 28),
        time_control: Some("90+30".into()),
        rounds: Some(7),
        games_per_round: 1,
        round_start: None,
        name_order: Default::default(),
        round_robin: false,
    }
}

/// Player `n` (1-based start number): mostly Chinese names, every seventh
/// a Latin one; some without a club or rating.
pub fn player(n: u32) -> PlayerLine {
    let i = n as usize;
    let name = if i % 7 == 5 {
        LATIN[(i / 7) % LATIN.len()].to_string()
    } else {
        format!(
            "{}{}",
            SURNAMES[(i * 5 + i / 17) % SURNAMES.len()],
            GIVEN[(i * 3 + i / 13) % GIVEN.len()]
        )
    };
    PlayerLine {
        start_no: n,
        name,
        club: (i % 11 != 3).then(|| CLUBS[i % CLUBS.len()].to_string()),
        rating: (i % 9 != 4).then(|| 2600 - 7 * n as i32),
        points: Some(Points(((i * 37) % 9) as i64 * 50)),
        virtual_points: None,
    }
}

/// Boards 1..=n: player 2k-1 against 2k, alternating colours; with `bye`,
/// one more player gets a pairing bye on board n+1.
pub fn boards(n: u32, bye: bool) -> Vec<BoardLine> {
    let mut v: Vec<BoardLine> = (1..=n)
        .map(|b| {
            let (x, y) = (player(2 * b - 1), player(2 * b));
            let (red, black) = if b % 2 == 0 { (y, x) } else { (x, y) };
            BoardLine {
                number: qishe::app::BoardNo(b),
                red,
                black: Some(black),
                results: Vec::new(),
            }
        })
        .collect();
    if bye {
        v.push(BoardLine {
            number: qishe::app::BoardNo(n + 1),
            red: player(2 * n + 1),
            black: None,
            results: Vec::new(),
        });
    }
    v
}

pub fn pairing_data(n: u32) -> PairingSheetData {
    PairingSheetData {
        event: event(),
        round: qishe::app::RoundNo(3),
        boards: boards(n, true),
        absent: vec![
            (player(2 * n + 2), AbsentReason::RequestedBye),
            (player(2 * n + 3), AbsentReason::Withdrawn),
        ],
    }
}

pub fn slips_data(n: u32) -> SlipsData {
    SlipsData {
        event: event(),
        round: qishe::app::RoundNo(3),
        boards: boards(n, true),
        per_page: 4,
    }
}

pub fn checkin_data(n: u32) -> CheckinData {
    CheckinData {
        event: event(),
        players: (1..=n).map(player).collect(),
    }
}

/// A round-robin of `n` players (circle method) after `rounds` rounds:
/// the lower start number wins when the sum is odd, else a draw; the last
/// round pending.
pub fn round_robin(n: u32, rounds: u32) -> CrosstableData {
    let mut cells: Vec<Vec<CrossCell>> = vec![Vec::new(); n as usize];
    let m = if n.is_multiple_of(2) { n } else { n + 1 };
    for r in 1..=rounds {
        let mut ring: Vec<u32> = (1..m).collect();
        ring.rotate_left(((r - 1) % (m - 1)) as usize);
        let mut pairs = vec![(m, ring[0])];
        for k in 1..(m / 2) as usize {
            pairs.push((ring[k], ring[(m - 1) as usize - k]));
        }
        for (a, b) in pairs {
            let (red, black) = if r % 2 == 0 { (a, b) } else { (b, a) };
            if red > n || black > n {
                let p = red.min(black);
                cells[p as usize - 1].push(CrossCell {
                    round: r,
                    opponent_start_no: None,
                    colour: Some(Colour::Red),
                    kind: RoundKind::PairingBye,
                    result: Some(RoundResult::Win),
                    points: Points::new(2),
                });
                continue;
            }
            let pending = r == rounds;
            let (rr, br) = if (red + black) % 2 == 0 {
                (RoundResult::Draw, RoundResult::Draw)
            } else if red < black {
                (RoundResult::Win, RoundResult::Loss)
            } else {
                (RoundResult::Loss, RoundResult::Win)
            };
            for (me, opp, col, res) in [
                (red, black, Colour::Red, rr),
                (black, red, Colour::Black, br),
            ] {
                let pts = match res {
                    RoundResult::Win => 2,
                    RoundResult::Draw => 1,
                    RoundResult::Loss => 0,
                };
                cells[me as usize - 1].push(CrossCell {
                    round: r,
                    opponent_start_no: Some(opp),
                    colour: Some(col),
                    kind: if pending {
                        RoundKind::Pending
                    } else {
                        RoundKind::Played
                    },
                    result: (!pending).then_some(res),
                    points: if pending {
                        Points::ZERO
                    } else {
                        Points::new(pts)
                    },
                });
            }
        }
    }
    let mut rows: Vec<CrossLine> = cells
        .into_iter()
        .enumerate()
        .map(|(i, c)| {
            let mut p = player(i as u32 + 1);
            p.points = Some(c.iter().map(|x| x.points).sum());
            CrossLine {
                player: p,
                rank: None,
                cells: c,
                games: Vec::new(),
                values: Vec::new(),
            }
        })
        .collect();
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(rows[i].player.points));
    let mut rank = 0;
    let mut prev = None;
    for (pos, &i) in order.iter().enumerate() {
        let p = rows[i].player.points;
        if prev != Some(p) {
            rank = pos as u32 + 1;
        }
        prev = Some(p);
        let shared = order
            .iter()
            .filter(|&&j| rows[j].player.points == p)
            .count()
            > 1;
        rows[i].rank = Some((rank, shared));
    }
    CrosstableData {
        event: event(),
        after_round: AfterRound::counting(rounds),
        rows,
        tiebreaks: Vec::new(),
    }
}

pub fn standings_data(n: u32) -> StandingsData {
    let ct = round_robin(n, 5);
    let mut rows: Vec<StandingLine> = ct
        .rows
        .iter()
        .map(|l| {
            let (rank, shared) = l.rank.unwrap();
            let s = l.player.start_no as i64;
            StandingLine {
                rank,
                shared,
                player: l.player.clone(),
                values: vec![
                    Points(s * 130 % 900),
                    Points(s * 45 % 400),
                    Points(s % 3 * 100),
                ],
                progress: Vec::new(),
            }
        })
        .collect();
    rows.sort_by_key(|r| (r.rank, r.player.start_no));
    StandingsData {
        event: event(),
        after_round: AfterRound::counting(4),
        in_progress: None,
        tiebreaks: vec![
            TieBreak::OpponentScore,
            TieBreak::SmallPoints,
            TieBreak::Direct,
        ],
        rows,
        rating: false,
    }
}
