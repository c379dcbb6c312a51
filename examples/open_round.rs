//! One pairing of a large random open (`simulate::random_open_mix`), for
//! profiling the Dutch engine: `cargo run --release --example open_round
//! -- PLAYERS SEEDS ROUNDS [RED/BLACK]` (seeds and rounds comma-separated,
//! mix default 40/35) prints each round's CPU seconds and pairing hash, the
//! hash the bench `dutch_random_open` prints for the same round.

use qishe::pairing::dutch::{self, simulate};

#[path = "../benches/support/measure.rs"]
mod measure;
use measure::{cpu_seconds, peak_mb};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let list = |i: usize, default: &str| -> Vec<u64> {
        args.get(i)
            .map(String::as_str)
            .unwrap_or(default)
            .split(',')
            .map(|x| x.trim().parse().expect("a number"))
            .collect()
    };
    let n = list(0, "3000")[0] as usize;
    let (red, black) = args
        .get(3)
        .map(String::as_str)
        .unwrap_or("40/35")
        .split_once('/')
        .map(|(r, b)| (r.parse().expect("red %"), b.parse().expect("black %")))
        .expect("red%/black%");
    for seed in list(1, "1,2") {
        for round in list(2, "2,3,4,5") {
            let state = simulate::random_open_mix(n, round as u32, 9, seed, (red, black));
            let t0 = cpu_seconds().unwrap_or(0.0);
            let pairing = dutch::pair(&state).expect("pairable");
            let t1 = cpu_seconds().unwrap_or(0.0);
            println!(
                "open {n} mix {red}/{black} seed {seed} round {round}: CPU {:.2} s, hash {:016x}, peak {} MB",
                t1 - t0,
                simulate::pairing_hash(&pairing),
                peak_mb().unwrap_or(0)
            );
        }
    }
}
