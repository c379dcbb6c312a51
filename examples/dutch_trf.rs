//! Writes the large-round benchmark set as TRF files, for timing the
//! command line (`qishe pair-trf`) and the endorsed engine on the same
//! input:
//!
//! ```sh
//! cargo run --release --example dutch_trf -- /tmp/dutch-bench [SIZE...]
//! ```
//!
//! Each file is `n{SIZE}-r{ROUND}.trf`, the event before that round
//! (`simulate::bench_round`); with `--hash` the example also pairs each
//! round and prints its pairing hash (`--full`: without the shortcuts).

use qishe::pairing::dutch::{self, simulate};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let hash = args.iter().any(|a| a == "--hash");
    // --full: pair without the shortcuts (the matcher for every bracket).
    let full = args.iter().any(|a| a == "--full");
    args.retain(|a| a != "--hash" && a != "--full");
    let dir = std::path::PathBuf::from(args.first().cloned().unwrap_or_else(|| ".".into()));
    let sizes: Vec<usize> = if args.len() > 1 {
        args[1..]
            .iter()
            .map(|a| a.parse().expect("a size"))
            .collect()
    } else {
        simulate::BENCH_SIZES.to_vec()
    };
    std::fs::create_dir_all(&dir).expect("output folder");
    for &n in &sizes {
        for &round in &simulate::BENCH_ROUNDS {
            let state = simulate::bench_round(n, round);
            let path = dir.join(format!("n{n}-r{round}.trf"));
            let trf = state.to_trf(&format!("bench {n} players round {round}"));
            std::fs::write(&path, trf.write()).expect("write");
            if hash {
                let t = std::time::Instant::now();
                let p = if full {
                    dutch::pair_without_shortcuts(&state)
                } else {
                    dutch::pair(&state)
                }
                .expect("pairable");
                println!(
                    "{} {:016x} {:.2}s",
                    path.display(),
                    simulate::pairing_hash(&p),
                    t.elapsed().as_secs_f64()
                );
            } else {
                println!("{}", path.display());
            }
        }
    }
}
