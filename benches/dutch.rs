//! Dutch pairing speed: one round of events of 100, 1,000 and 3,000 players
//! after a few rounds of seeded random results.
//!
//! The 3,000-player round takes about 20 s per sample here (criterion
//! takes ten, about four minutes in all); `QISHE_BENCH_QUICK=1` leaves it
//! out.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use qishe::pairing::dutch::{self, simulate};
use std::time::Duration;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch_pair_round");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    let mut sizes = vec![(100usize, 4u32), (1000, 4)];
    if std::env::var_os("QISHE_BENCH_QUICK").is_none() {
        sizes.push((3000, 4));
    }
    for &(n, rounds) in &sizes {
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
