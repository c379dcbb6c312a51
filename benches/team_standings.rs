//! Team standings of a 60-team, 11-round, 6-board event (goal: under 20 ms).

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::domain::{round_board_number, ByeSettings, Game, Outcome, TeamSettings, TimeControl};
use qishe::scoring::team::{
    team_standings, MatchBoard, MatchData, TeamEventData, TeamRef, TeamTieBreak,
};
use qishe::scoring::{BoardData, EventData, PlayerRef, RoundData, Scheme, SchemeKind};

/// 60 teams of 7 (6 boards and a reserve); each round team i meets team
/// i + 30 shifted by the round; results from a linear congruential sequence.
fn event(teams: usize, rounds: u32, boards: u32) -> TeamEventData {
    let mut seed: u64 = 7;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 3
    };
    let per = boards as i64 + 1;
    let player = |t: usize, b: u32| t as i64 * per + b as i64;
    // Player ids t × per + b (t 0-based, b 1-based) start at 1.
    let players: Vec<PlayerRef> = (0..teams)
        .flat_map(|t| (1..=per).map(move |b| (t, b)))
        .map(|(t, b)| PlayerRef {
            id: t as i64 * per + b,
            start_no: (t as i64 * per + b) as u32,
            name: format!("T{t}-{b}"),
            rating: None,
        })
        .collect::<Vec<PlayerRef>>();
    let half = teams / 2;
    let mut matches = Vec::new();
    let mut rds = Vec::new();
    for r in 1..=rounds {
        let mut rd = RoundData {
            number: r,
            ..Default::default()
        };
        for m in 0..half {
            let home = m;
            let away = (m + r as usize) % half + half;
            let mut mbs = Vec::new();
            for b in 1..=boards {
                let (h, a) = (player(home, b), player(away, b));
                let number = round_board_number(boards, m as u32 + 1, b);
                let (red, black) = if b % 2 == 1 { (h, a) } else { (a, h) };
                let o = match next() {
                    0 => Outcome::RedWin,
                    1 => Outcome::BlackWin,
                    _ => Outcome::Draw,
                };
                rd.boards.push(BoardData {
                    number,
                    red,
                    black: Some(black),
                    games: vec![Game::bare(red, black, o)],
                });
                mbs.push(MatchBoard {
                    board: b,
                    number,
                    home: Some(h),
                    away: Some(a),
                });
            }
            matches.push(MatchData {
                round: r,
                number: m as u32 + 1,
                home: home as i64 + 1,
                away: Some(away as i64 + 1),
                boards: mbs,
            });
        }
        rds.push(rd);
    }
    TeamEventData {
        teams: (1..=teams)
            .map(|t| TeamRef {
                id: t as i64,
                no: t as u32,
                name: format!("T{t}"),
            })
            .collect(),
        settings: TeamSettings {
            boards,
            ..Default::default()
        },
        games: EventData {
            players,
            rounds: rds,
            games_per_round: 1,
            time_control: TimeControl::symmetric(90 * 60_000, 30_000),
            byes: ByeSettings::default(),
            planned_rounds: 0,
            round_robin: false,
            c07_2024: false,
        },
        matches,
    }
}

fn bench(c: &mut Criterion) {
    let ev = event(60, 11, 6);
    let scheme = Scheme::new(SchemeKind::Standard);
    let all = TeamTieBreak::ALL;
    let st = team_standings(&ev, &scheme, &all, None).unwrap();
    assert_eq!(st.rows.len(), 60);
    c.bench_function("team_standings_60x11x6", |b| {
        b.iter(|| team_standings(&ev, &scheme, &all, None).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
