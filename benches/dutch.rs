//! Dutch pairing speed: the large-round benchmark set, rounds 1
//! and 5 of events of 100, 1,000, 3,000 and 9,999 players, made at bench
//! start from one seed (`simulate::bench_round`, no stored files). Each
//! round's pairing hash is checked against the pinned one before timing,
//! so a faster answer is also the same answer.
//!
//! Also large opens with random results (`dutch_random_open`, rounds 2–5,
//! several seeds; `bench_open` says how to choose sizes), and an accelerated open (`dutch_baku_round`, FIDE's Baku rule): 2,000
//! players, every round of nine, with each pairing's CPU time printed.
//!
//! `QISHE_BENCH_SIZES=100,1000` picks sizes (default: all); the hashes of
//! the small sizes are also pinned by `tests/it/dutch_bench_set.rs`.
//! `cargo run --release --example dutch_trf -- DIR` writes the same rounds
//! as TRF files for `qishe pair-trf` and the endorsed engine.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use qishe::pairing::dutch::{self, simulate};
use std::time::Duration;

#[path = "support/measure.rs"]
mod measure;
use measure::{cpu_seconds, peak_mb};

/// (players, round, pairing hash) of the benchmark set.
const PINNED: &[(usize, u32, u64)] = simulate::BENCH_HASHES;

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch_pair_round");
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    let sizes: Vec<usize> = match std::env::var("QISHE_BENCH_SIZES") {
        Ok(s) => s
            .split(',')
            .map(|x| x.trim().parse().expect("a size"))
            .collect(),
        Err(_) => simulate::BENCH_SIZES.to_vec(),
    };
    for &n in &sizes {
        for &round in &simulate::BENCH_ROUNDS {
            // 9,999 players round 5 takes about a minute a pairing, ten
            // minutes for criterion's ten samples: QISHE_BENCH_9999_R5=1.
            if n == 9999 && round > 1 && std::env::var_os("QISHE_BENCH_9999_R5").is_none() {
                eprintln!("9999 players round {round}: skipped (QISHE_BENCH_9999_R5=1 runs it)");
                continue;
            }
            let state = simulate::bench_round(n, round);
            let got = simulate::pairing_hash(&dutch::pair(&state).expect("pairable"));
            if let Some(&(_, _, want)) = PINNED.iter().find(|p| (p.0, p.1) == (n, round)) {
                assert_eq!(got, want, "{n} players round {round}: the pairing changed");
            } else {
                eprintln!("{n} players round {round}: hash {got:016x} (not pinned)");
            }
            if let Some(mb) = peak_mb() {
                eprintln!("{n} players round {round}: peak memory {mb} MB");
            }
            if n >= 1000 {
                g.sample_size(10);
                g.measurement_time(Duration::from_secs(5));
            }
            g.bench_with_input(BenchmarkId::new(format!("r{round}"), n), &state, |b, s| {
                b.iter(|| dutch::pair(s).expect("pairable"))
            });
        }
    }
    g.finish();
}

/// An accelerated open (FIDE's Baku rule): 2,000 players, nine rounds,
/// every round paired by the Dutch system with the virtual points and
/// played with random results. Criterion: each round pairs in under 1 s.
/// `QISHE_BENCH_BAKU=N` changes the size.
fn bench_baku(c: &mut Criterion) {
    let n: usize = std::env::var("QISHE_BENCH_BAKU")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let mut g = c.benchmark_group("dutch_baku_round");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(5));
    let mut state = simulate::baku_event(n, 9);
    let mut rng = simulate::Rng::new(simulate::BENCH_SEED);
    for round in 1..=9u32 {
        let t0 = cpu_seconds();
        let pairing = dutch::pair(&state).expect("pairable");
        if let (Some(a), Some(b)) = (t0, cpu_seconds()) {
            eprintln!(
                "baku {n} players round {round}: CPU {:.2} s for one pairing, hash {:016x}",
                b - a,
                simulate::pairing_hash(&pairing)
            );
        }
        g.bench_with_input(BenchmarkId::new(format!("r{round}"), n), &state, |b, s| {
            b.iter(|| dutch::pair(s).expect("pairable"))
        });
        simulate::play_round(&mut state, &pairing, &mut rng);
    }
    g.finish();
}

/// From this many players on, `dutch_random_open` times one pairing per
/// round (CPU time, hash and peak memory printed) instead of sampling it.
const ONE_SHOT_OPEN: u64 = 5000;

/// Large opens with random results (`simulate::random_open`: ratings
/// uniform in 1000–2700, round 1 paired by qishe, 40% red wins, 35% black
/// wins, 25% draws), rounds 2 to 5, three seeds: the rounds where the
/// matcher's cost grew with the cube of the field. Each round's CPU time
/// for one pairing and its hash are printed before timing.
/// `QISHE_BENCH_OPEN=1000,3000` picks sizes (default 1,000; 3,000 and
/// 9,999 are the long runs), `QISHE_BENCH_OPEN_SEEDS=1,2,3` the seeds,
/// `QISHE_BENCH_OPEN_ROUNDS=2,3` the rounds, `QISHE_BENCH_OPEN_MIXES=40/35,45/45`
/// the result mixes (red wins % / black wins %, the rest draws; default
/// 40/35, the mix, 45/45, few draws, 25/25, half the games
/// drawn, 10/10, eight games in ten drawn, and 0/0, every game drawn: the
/// more draws, the slower the 9,999-player rounds, as the half-point
/// scoregroup makes the top brackets large and the S1-order loop solve
/// most often; with every game drawn the whole field is one bracket,
/// whose S1 lift frees every pair). From 5,000
/// players on
/// each round is paired once, not sampled (see `ONE_SHOT_OPEN`), e.g.
/// `QISHE_BENCH_OPEN=9999 QISHE_BENCH_OPEN_SEEDS=1 QISHE_BENCH_OPEN_ROUNDS=2
/// QISHE_BENCH_OPEN_MIXES=40/35 cargo bench --bench dutch -- dutch_random_open`.
fn bench_open(c: &mut Criterion) {
    let list = |var: &str, default: &str| -> Vec<u64> {
        std::env::var(var)
            .unwrap_or_else(|_| default.to_string())
            .split(',')
            .map(|x| x.trim().parse().expect("a number"))
            .collect()
    };
    let mut g = c.benchmark_group("dutch_random_open");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(5));
    let mixes: Vec<(u64, u64)> = std::env::var("QISHE_BENCH_OPEN_MIXES")
        .unwrap_or_else(|_| "40/35,45/45,25/25,10/10,0/0".to_string())
        .split(',')
        .map(|m| {
            let (r, b) = m.trim().split_once('/').expect("red%/black%");
            (r.parse().expect("red %"), b.parse().expect("black %"))
        })
        .collect();
    for n in list("QISHE_BENCH_OPEN", "1000") {
        for &mix in &mixes {
            for seed in list("QISHE_BENCH_OPEN_SEEDS", "1,2,3") {
                for round in list("QISHE_BENCH_OPEN_ROUNDS", "2,3,4,5") {
                    let state = simulate::random_open_mix(n as usize, round as u32, 9, seed, mix);
                    let t0 = cpu_seconds();
                    let pairing = dutch::pair(&state).expect("pairable");
                    let (red, black) = mix;
                    if let (Some(a), Some(b)) = (t0, cpu_seconds()) {
                        eprintln!(
                            "open {n} players mix {red}/{black} seed {seed} round {round}: \
                             CPU {:.2} s for one pairing, hash {:016x}, peak memory {} MB",
                            b - a,
                            simulate::pairing_hash(&pairing),
                            peak_mb().unwrap_or(0)
                        );
                    }
                    // A 9,999-player round takes tens of seconds a pairing:
                    // criterion's ten samples at least would take minutes,
                    // so the one pairing timed above is the figure
                    // (QISHE_BENCH_OPEN_TIMED=1 times it with criterion too).
                    if n >= ONE_SHOT_OPEN && std::env::var_os("QISHE_BENCH_OPEN_TIMED").is_none() {
                        eprintln!(
                            "open {n} players: one pairing only (QISHE_BENCH_OPEN_TIMED=1 \
                             samples it with criterion)"
                        );
                        continue;
                    }
                    g.bench_with_input(
                        BenchmarkId::new(format!("m{red}-{black}_s{seed}_r{round}"), n),
                        &state,
                        |b, s| b.iter(|| dutch::pair(s).expect("pairable")),
                    );
                }
            }
        }
    }
    g.finish();
}

criterion_group!(benches, bench, bench_baku, bench_open);
criterion_main!(benches);
