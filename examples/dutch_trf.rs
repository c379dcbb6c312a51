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
//!
//! `--open SEED` writes random-result opens instead
//! (`simulate::random_open`, rounds 2 to 5): `open-n{SIZE}-s{SEED}-r{ROUND}.trf`;
//! `--mix 45/45` with another result mix (red wins % / black wins %, the
//! rest draws): `open-n{SIZE}-m45-45-s{SEED}-r{ROUND}.trf`.

use qishe::pairing::dutch::{self, simulate};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let hash = args.iter().any(|a| a == "--hash");
    // --full: pair without the shortcuts (the matcher for every bracket).
    let full = args.iter().any(|a| a == "--full");
    args.retain(|a| a != "--hash" && a != "--full");
    let open_seed: Option<u64> = args.iter().position(|a| a == "--open").map(|i| {
        let seed = args
            .get(i + 1)
            .and_then(|s| s.parse().ok())
            .expect("--open SEED");
        args.drain(i..i + 2);
        seed
    });
    let mix: Option<(u64, u64)> = args.iter().position(|a| a == "--mix").map(|i| {
        let m = args.get(i + 1).cloned().expect("--mix RED/BLACK");
        args.drain(i..i + 2);
        let (r, b) = m.split_once('/').expect("--mix RED/BLACK");
        (r.parse().expect("red %"), b.parse().expect("black %"))
    });
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
    let rounds: Vec<u32> = match open_seed {
        Some(_) => vec![2, 3, 4, 5],
        None => simulate::BENCH_ROUNDS.to_vec(),
    };
    for &n in &sizes {
        for &round in &rounds {
            let (state, path) = match open_seed {
                Some(seed) => match mix {
                    None => (
                        simulate::random_open(n, round, 9, seed),
                        dir.join(format!("open-n{n}-s{seed}-r{round}.trf")),
                    ),
                    Some((r, b)) => (
                        simulate::random_open_mix(n, round, 9, seed, (r, b)),
                        dir.join(format!("open-n{n}-m{r}-{b}-s{seed}-r{round}.trf")),
                    ),
                },
                None => (
                    simulate::bench_round(n, round),
                    dir.join(format!("n{n}-r{round}.trf")),
                ),
            };
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
