//! Speed of the repetition ruling: one judged cycle (facts of every move,
//! checks-only mate search included) under each rule book.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::xiangqi::repetition::{judge, RuleSet};
use qishe::xiangqi::{parse_move, Move, Position};
use std::hint::black_box;

fn play(start: &Position, moves: &str) -> Vec<Move> {
    let mut p = start.clone();
    moves
        .split_whitespace()
        .map(|t| {
            let m = parse_move(&p, t).unwrap();
            p.make(m);
            m
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    // Perpetual check against king moves unmasking two horses' chases.
    let endgame = Position::from_fen("3nn4/4k4/2C2C3/9/9/9/5R3/9/9/5K3 w").unwrap();
    let endgame_moves = play(&endgame, "f3e3 e8d8 e3f3 d8e8 f3e3 e8d8 e3f3 d8e8");
    // Horses out and back from the opening position (many pieces).
    let start = Position::start();
    let start_moves = play(&start, "h0g2 h9g7 g2h0 g7h9 h0g2");
    for rules in RuleSet::ALL {
        c.bench_function(&format!("judge endgame cycle {}", rules.code()), |b| {
            b.iter(|| judge(black_box(&endgame), black_box(&endgame_moves), rules))
        });
    }
    c.bench_function("judge opening cycle cxa2011", |b| {
        b.iter(|| judge(black_box(&start), black_box(&start_moves), RuleSet::Cxa2011))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
