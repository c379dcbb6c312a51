//! Standings of a 200-player, 9-round event (target: under 50 ms), also
//! with the chess scheme and all 16 FIDE codes.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::domain::{ByeSettings, Game, Outcome, TimeControl};
use qishe::scoring::{
    standings, BoardData, EventData, PlayerRef, RoundData, Scheme, SchemeKind, TieBreak,
};

/// A deterministic event: each round pairs players i and i+100 (shifted by
/// the round), results from a simple linear congruential sequence.
fn event(n: usize, rounds: u32) -> EventData {
    let mut seed: u64 = 42;
    let mut next = move || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % 3
    };
    let players = (0..n)
        .map(|i| PlayerRef {
            id: i as i64 + 1,
            start_no: i as u32 + 1,
            name: format!("P{}", i + 1),
            rating: Some(1500 + 3 * i as i32),
        })
        .collect();
    let half = n / 2;
    let rounds = (1..=rounds)
        .map(|r| {
            let boards = (0..half)
                .map(|b| {
                    let a = b as i64 + 1;
                    let c = ((b + r as usize) % half + half) as i64 + 1;
                    let (red, black) = if (b + r as usize).is_multiple_of(2) {
                        (a, c)
                    } else {
                        (c, a)
                    };
                    let o = match next() {
                        0 => Outcome::RedWin,
                        1 => Outcome::BlackWin,
                        _ => Outcome::Draw,
                    };
                    BoardData {
                        number: b as u32 + 1,
                        red,
                        black: Some(black),
                        games: vec![Game::bare(red, black, o)],
                    }
                })
                .collect();
            RoundData {
                number: r,
                boards,
                requested_byes: vec![],
            }
        })
        .collect();
    EventData {
        players,
        rounds,
        games_per_round: 1,
        time_control: TimeControl::symmetric(90 * 60_000, 30_000),
        byes: ByeSettings::default(),
        planned_rounds: 0,
        round_robin: false,
        c07_2024: false,
    }
}

fn bench(c: &mut Criterion) {
    let ev = event(200, 9);
    let scheme = Scheme::new(SchemeKind::Standard);
    let order = scheme.default_tiebreaks();
    c.bench_function("standings 200 players 9 rounds (standard)", |b| {
        b.iter(|| standings(&ev, &scheme, &order, None).unwrap())
    });
    let all = qishe::scoring::TieBreak::ALL.to_vec();
    c.bench_function(
        "standings 200 players 9 rounds (every tie-break code)",
        |b| b.iter(|| standings(&ev, &scheme, &all, None).unwrap()),
    );
    // The chess scheme with all 16 FIDE C.07 codes (Article 16).
    let chess = Scheme::new(SchemeKind::Chess);
    let fide = TieBreak::parse_list(&[
        "buchholz",
        "buchholz-cut1",
        "buchholz-cut2",
        "buchholz-median1",
        "sonneborn-berger",
        "progressive",
        "rounds-won",
        "games-won",
        "black-games",
        "black-wins",
        "aro",
        "tpr",
        "koya",
        "fore-buchholz",
        "aob",
        "direct",
    ])
    .unwrap();
    assert_eq!(fide.len(), 16);
    c.bench_function(
        "standings 200 players 9 rounds (chess, 16 FIDE codes)",
        |b| b.iter(|| standings(&ev, &chess, &fide, None).unwrap()),
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
