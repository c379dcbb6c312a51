//! Tournaments paired by qishe, checked by the endorsed engine.
//!
//! `dutch_selfplay` replays rounds the engine paired; here it is the other
//! way round. Random tournaments start from a TRF file with no rounds
//! (`import trf`), and every round is paired by qishe (`pair_next_round`,
//! the door both front ends take), with half-point byes asked for in
//! advance, withdrawals, draws, forfeits and double forfeits entered as
//! results. The finished event goes out through `export trf`, and the
//! engine's checker (`bbpPairings --dutch FILE -c`, which re-pairs every
//! round of a file and lists each round it would have paired differently)
//! must list no round at all. Without the engine (../shared/tools) the test
//! says it was skipped.

use crate::common::{cases, reference_engine, Club};
use qishe::app::{App, EntryId, EventId, ResultInput};
use qishe::app::{BoardNo, RoundNo};
use qishe::config::Config;
use qishe::domain::SplitMix64;
use qishe::domain::{Outcome, RequestedByeValue};
use std::process::Command;

/// A TRF file with `n` players (start numbers by rating) and no round yet.
fn start_file(seed: u64, n: usize, rounds: u32, rng: &mut SplitMix64) -> String {
    let mut ratings: Vec<u64> = (0..n).map(|_| 1200 + rng.below(1400)).collect();
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    let mut lines = vec![
        format!("012 Paired by qishe {seed}"),
        format!("XXR {rounds}"),
        "XXC white1".to_string(),
    ];
    for (i, r) in ratings.iter().enumerate() {
        let name = format!("Player {:03}", i + 1);
        lines.push(format!(
            "001 {:>4}      {name:<33} {r:>4}     {:>11} {:<10} {:>4} {:>4}",
            i + 1,
            "",
            "",
            "0.0",
            ""
        ));
    }
    lines.join("\n") + "\n"
}

/// A random result for a board, the higher rated more likely to win.
fn result(rng: &mut SplitMix64, red: i32, black: i32) -> Outcome {
    let roll = rng.below(1000) as i32;
    match roll {
        0..=14 => Outcome::DoubleForfeit,
        15..=44 => Outcome::RedForfeits,
        45..=74 => Outcome::BlackForfeits,
        75..=354 => Outcome::Draw,
        _ => {
            let p_red = (500 + (red - black) / 2).clamp(100, 900);
            if (rng.below(1000) as i32) < p_red {
                Outcome::RedWin
            } else {
                Outcome::BlackWin
            }
        }
    }
}

/// Plays one tournament through the app; returns the exported TRF of the
/// rounds played, their number, and when qishe refused the next round the
/// export with that round's byes asked for in advance (the file to pair it).
fn play(seed: u64) -> (String, u32, Option<String>) {
    let mut rng = SplitMix64(seed);
    let n = 5 + rng.below(26) as usize;
    let rounds = 3 + rng.below(7) as u32;
    let mut app = App::in_memory(Config::default()).unwrap();
    let file = start_file(seed, n, rounds, &mut rng);
    let imported = app
        .import_trf(file.as_bytes(), "start.trf", Some("E"))
        .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{file}"));
    let ev = EventId(imported.event.id);
    let entries = app.entries(ev).unwrap();
    let rating = |start: u32| {
        entries
            .iter()
            .find(|e| e.start_no == start)
            .and_then(|e| e.rating)
            .unwrap_or(0)
    };
    let mut withdrawn = vec![false; entries.len()];
    let (mut paired, mut refused) = (0, None);
    for r in 1..=rounds {
        let played = app.export_trf(app.find_event("E").unwrap().key()).unwrap();
        for (i, e) in entries.iter().enumerate() {
            if withdrawn[i] {
                continue;
            }
            if r > 1 && rng.below(100) < 3 {
                app.withdraw(ev, EntryId(e.id), Some(RoundNo(r - 1)))
                    .unwrap();
                withdrawn[i] = true;
            } else if rng.below(100) < 4 {
                app.request_bye(ev, EntryId(e.id), RoundNo(r), Some(RequestedByeValue::Half))
                    .unwrap();
            }
        }
        // No legal pairing left (qishe refuses, as the engine does): the
        // rounds played so far are still checked.
        let Ok(o) = app.pair_next_round(app.find_event("E").unwrap().key()) else {
            refused = Some(app.export_trf(app.find_event("E").unwrap().key()).unwrap());
            return (played, paired, refused);
        };
        paired = r;
        for (b, board) in o.pairing.boards.iter().enumerate() {
            let outcome = result(&mut rng, rating(board.red), rating(board.black));
            let input = ResultInput {
                outcome: Some(outcome),
                ..Default::default()
            };
            app.record_result(
                app.find_event("E").unwrap().key(),
                RoundNo(r),
                BoardNo(b as u32 + 1),
                &input,
            )
            .unwrap_or_else(|e| panic!("seed {seed} round {r} board {}: {e}", b + 1));
        }
    }
    (
        app.export_trf(app.find_event("E").unwrap().key()).unwrap(),
        paired,
        refused,
    )
}

#[test]
fn tournaments_paired_by_qishe_pass_the_endorsed_engines_check() {
    let Some(engine) = reference_engine() else {
        eprintln!("skipped: ../shared/tools/bbpPairings not found");
        return;
    };
    let club = Club::new();
    let (mut rounds, mut failures) = (0, Vec::new());
    for seed in 1..=u64::from(cases(40)) {
        let (text, paired, refused) = play(seed);
        if let Some(next) = refused {
            // qishe refused the next round: so must the engine (exit 1).
            let path = club.path(&format!("refused_{seed}.trf"));
            std::fs::write(&path, &next).unwrap();
            let p = Command::new(&engine)
                .arg("--dutch")
                .arg(&path)
                .arg("-p")
                .output()
                .unwrap();
            if p.status.code() != Some(1) {
                failures.push(format!(
                    "seed {seed}: qishe refused round {}, the engine says {:?}: {}\n{next}",
                    paired + 1,
                    p.status.code(),
                    String::from_utf8_lossy(&p.stdout)
                ));
            }
        }
        rounds += paired;
        let path = club.path(&format!("paired_{seed}.trf"));
        std::fs::write(&path, &text).unwrap();
        let out = Command::new(&engine)
            .arg("--dutch")
            .arg(&path)
            .arg("-c")
            .output()
            .unwrap();
        let report = String::from_utf8_lossy(&out.stdout).to_string();
        // A withdrawn player's absence from the next round is written as
        // one more column (no game in it); the engine reads it as a round.
        let checked = report.matches("Round #").count() as u32;
        if out.status.code() != Some(0) || !(paired..=paired + 1).contains(&checked) {
            failures.push(format!(
                "seed {seed}: the engine read {checked} of {paired} rounds (status {:?}) {}\n{text}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            ));
        } else if report.contains("Checker pairings") {
            failures.push(format!("seed {seed}:\n{report}\n{text}"));
        }
    }
    eprintln!(
        "{} tournaments, {rounds} rounds paired by qishe and checked by the engine",
        cases(40)
    );
    assert!(rounds >= 100, "only {rounds} rounds were paired");
    assert!(
        failures.is_empty(),
        "{} tournaments fail the engine's check:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
