//! Rounds from self-play against the endorsed Dutch engine
//! (`examples/selfplay.rs --corpus`): small random tournaments with
//! forfeits, double forfeits, H/Z/F byes, withdrawals, late entries, every
//! colour and rounds line and line ending. Each `.pairs` file is the
//! engine's answer: its boards in order (white = red), the bye as `n 0`, or
//! `refused` when no legal pairing exists. qishe must give the same boards,
//! colours and board order, and refuse exactly when the engine does.

use qishe::domain::PairingSystem;
use qishe::formats::trf::Trf;
use qishe::pairing::{pair, PairingConfig, PairingError};
use std::path::Path;

fn answer(text: &str) -> Option<Vec<(u32, u32)>> {
    if text.trim() == "refused" {
        return None;
    }
    Some(
        text.lines()
            .skip(1)
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let v: Vec<u32> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
                (v[0], v[1])
            })
            .collect(),
    )
}

#[test]
fn every_self_play_round_is_paired_as_the_endorsed_engine_pairs_it() {
    check_corpus("dutch_selfplay", 200, 5);
}

/// Accelerated tournaments (`selfplay --accelerate`): every file carries
/// explicit virtual points (`250` or `XXA` lines: FIDE's Baku groups,
/// random overlapping ranges, per-player lines), sometimes with `192
/// FIDE_DUTCH_2025_BAKU` beside them.
#[test]
fn every_accelerated_self_play_round_is_paired_as_the_endorsed_engine_pairs_it() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/baku_selfplay");
    for e in std::fs::read_dir(&dir).expect("accelerated corpus") {
        let p = e.unwrap().path();
        if p.extension().is_some_and(|x| x == "trf") {
            let text = std::fs::read_to_string(&p).unwrap();
            let t = Trf::parse(&text).unwrap();
            assert!(
                !t.accelerations.is_empty(),
                "{}: no 250/XXA line",
                p.display()
            );
        }
    }
    check_corpus("baku_selfplay", 200, 5);
}

fn check_corpus(name: &str, min_rounds: usize, min_refused: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data")
        .join(name);
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("self-play corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    cases.sort();
    assert!(
        cases.len() >= min_rounds,
        "only {} self-play rounds",
        cases.len()
    );
    let mut refused = 0;
    let mut failures = Vec::new();
    for path in &cases {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let want = answer(&std::fs::read_to_string(path.with_extension("pairs")).unwrap());
        let state = qishe::pairing::SwissState::from_trf(&Trf::parse(&text).unwrap()).unwrap();
        let got = match pair(&state, &PairingConfig::new(PairingSystem::Dutch)) {
            Ok(p) => {
                let mut v: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.red, b.black)).collect();
                v.extend(p.bye.map(|b| (b, 0)));
                Some(v)
            }
            Err(PairingError::NoLegalPairing { .. }) => None,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        refused += want.is_none() as usize;
        if got != want {
            failures.push(format!("{name}: engine {want:?}, qishe {got:?}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} rounds differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    assert!(
        refused >= min_refused,
        "the corpus should hold refused rounds, has {refused}"
    );
}
