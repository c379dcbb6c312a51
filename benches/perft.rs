//! Perft from the start position: depth 5 must count 133,312,995 leaves.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::xiangqi::Position;
use std::hint::black_box;

fn perft(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft");
    g.sample_size(10);
    g.bench_function("start_depth_4", |b| {
        b.iter(|| {
            let mut p = Position::start();
            assert_eq!(p.perft(black_box(4)), 3_290_240);
        })
    });
    g.bench_function("start_depth_5", |b| {
        b.iter(|| {
            let mut p = Position::start();
            assert_eq!(p.perft(black_box(5)), 133_312_995);
        })
    });
    g.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
