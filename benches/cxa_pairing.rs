//! Pairing speed: the Chinese method on open fields, round-robin tables.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use qishe::domain::{Colour, PairingSystem, Points};
use qishe::pairing::check::{record_round, BoardResult};
use qishe::pairing::{cxa, pair, CxaOptions, PairingConfig, PairingPlayer, SwissState};

fn field(n: u32) -> SwissState {
    SwissState {
        players: (1..=n)
            .map(|id| PairingPlayer {
                id,
                name: format!("P{id}"),
                rating: 0,
                club: Some(format!("club{}", id % 17)),
                history: Vec::new(),
                available: true,
            })
            .collect(),
        round: 1,
        total_rounds: 9,
        forbidden: Vec::new(),
        first_colour: Colour::Red,
        win_points: Points::new(2),
        draw_points: Points::new(1),
        virtual_points: Default::default(),
    }
}

/// A field after `rounds` rounds with pseudo-random results.
fn played(n: u32, rounds: u32) -> SwissState {
    let mut s = field(n);
    let opts = CxaOptions::default();
    let mut x: u64 = 0x2545_F491_4F6C_DD1D;
    for _ in 0..rounds {
        let (p, col) = cxa::pair_with_bye_colour(&s, &opts).expect("pairable");
        let res: Vec<BoardResult> = (0..p.boards.len())
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                [
                    BoardResult::RedWins,
                    BoardResult::Draw,
                    BoardResult::BlackWins,
                ][(x % 3) as usize]
            })
            .collect();
        record_round(&mut s, &p, &res, col, Points::new(2));
    }
    s
}

fn bench(c: &mut Criterion) {
    let opts = CxaOptions::default();
    for (n, r) in [(16u32, 4u32), (64, 6), (200, 8)] {
        let s = played(n, r);
        c.bench_function(&format!("cxa {n} players, round {}", r + 1), |b| {
            b.iter(|| cxa::pair(black_box(&s), &opts).unwrap())
        });
    }
    let cfg = PairingConfig::new(PairingSystem::Berger);
    let s = field(24);
    c.bench_function("berger 24 players, round 1", |b| {
        b.iter(|| pair(black_box(&s), &cfg).unwrap())
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
