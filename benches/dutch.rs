//! Dutch pairing speed: one round of events of 100, 1,000 and 3,000 players
//! after a few rounds of seeded random results.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use qishe::pairing::dutch::{self, simulate};
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch_pair_round");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    for &(n, rounds) in &[(100usize, 4u32), (1000, 4), (3000, 4)] {
        let state = simulate::quick_tournament(n, rounds, 9, 2026);
        if n >= 1000 {
            g.measurement_time(Duration::from_secs(30));
        }
        g.bench_with_input(BenchmarkId::from_parameter(n), &state, |b, s| {
            b.iter(|| dutch::pair(s).expect("pairable"))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
