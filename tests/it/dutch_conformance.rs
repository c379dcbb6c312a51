//! The FIDE Dutch conformance cases (`../shared/conformance/dutch`): every
//! case must give the endorsed engine's pairs and colours (board order free).

use crate::common::shared_or_skip;
use qishe::domain::PairingSystem;
use qishe::formats::trf::Trf;
use qishe::pairing::{pair, PairingConfig};
use std::collections::BTreeSet;

fn expected(text: &str) -> BTreeSet<(u32, u32)> {
    let lines: Vec<Vec<u32>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    lines
        .iter()
        .enumerate()
        .filter(|(i, t)| !(*i == 0 && t.len() == 1))
        .map(|(_, t)| if t[0] == 0 { (t[1], 0) } else { (t[0], t[1]) })
        .collect()
}

#[test]
fn all_conformance_cases_match_with_colours() {
    let dir = shared_or_skip!("conformance/dutch");
    let mut cases: Vec<_> = std::fs::read_dir(&dir)
        .expect("conformance directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "trf"))
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 60,
        "expected the 60 cases, found {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for trf_path in &cases {
        let trf = Trf::parse(&std::fs::read_to_string(trf_path).unwrap()).unwrap();
        let state = qishe::pairing::SwissState::from_trf(&trf).unwrap();
        let p = pair(&state, &PairingConfig::new(PairingSystem::Dutch)).unwrap();
        let mut got: BTreeSet<(u32, u32)> = p.boards.iter().map(|b| (b.red, b.black)).collect();
        if let Some(b) = p.bye {
            got.insert((b, 0));
        }
        let want = expected(&std::fs::read_to_string(trf_path.with_extension("pairs")).unwrap());
        if got != want {
            failures.push(format!(
                "{}: expected-only {:?}, got-only {:?}",
                trf_path.file_name().unwrap().to_string_lossy(),
                want.difference(&got).collect::<Vec<_>>(),
                got.difference(&want).collect::<Vec<_>>()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} cases differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
