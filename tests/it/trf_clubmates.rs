//! Clubmates kept apart (the Dutch option) in `export trf`: `260`
//! prohibited pairings for the rounds the rule held, so that the endorsed
//! engine's check pairs the event as qishe did; a `###` line for what the
//! format cannot say (a round where clubmates met, the relaxed rule).

use crate::common::{reference_engine, Club};
use std::process::Command;

/// Members M1.. with the clubs given ("" none), ratings falling.
fn members(c: &Club, clubs: &[&str]) -> Vec<String> {
    clubs
        .iter()
        .enumerate()
        .map(|(i, club)| {
            let name = format!("M{}", i + 1);
            let rating = (2000 - 10 * i).to_string();
            let mut args = vec!["player", "add", &name, "--rating", &rating];
            if !club.is_empty() {
                args.extend(["--club", club]);
            }
            c.ok(&args);
            name
        })
        .collect()
}

/// Pairs and plays `rounds` rounds (white wins every board), with
/// clubmates allowed to meet in a round the rule blocks.
fn play(c: &Club, event: &str, rounds: u32, boards: u32) {
    for r in 1..=rounds {
        if !c.run(&["round", "pair", event]).status.success() {
            c.ok(&["round", "pair", event, "--allow-clubmates"]);
        }
        for b in 1..=boards {
            c.ok(&["result", event, &r.to_string(), &b.to_string(), "1-0"]);
        }
    }
}

/// The endorsed engine's `-c` report on `text`: the rounds where its
/// pairings differ from the file's (`None` when the engine is missing).
fn discrepancies(c: &Club, text: &str) -> Option<String> {
    let bbp = reference_engine()?;
    let f = c.path("check.trf");
    std::fs::write(&f, text).unwrap();
    let o = Command::new(bbp)
        .arg("--dutch")
        .arg(&f)
        .arg("-c")
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    Some(
        out.lines()
            .filter(|l| l.contains("Checker pairings"))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

fn lines_260(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("260")).collect()
}

/// Every pair the `260` lines prohibit, as (first round, last round, a,
/// b), sorted, repeats kept.
fn pairs_260(text: &str) -> Vec<(u32, u32, u32, u32)> {
    let mut out = Vec::new();
    for l in lines_260(text) {
        let n: Vec<u32> = l[4..]
            .split_whitespace()
            .map(|w| w.parse().unwrap())
            .collect();
        for (i, &a) in n[2..].iter().enumerate() {
            for &b in &n[3 + i..] {
                out.push((n[0], n[1], a.min(b), a.max(b)));
            }
        }
    }
    out.sort_unstable();
    out
}

#[test]
fn clubmates_kept_apart_are_exported_as_prohibited_pairings_the_engine_agrees_with() {
    let c = Club::new();
    let names = members(&c, &["X", "X", "Y", "", "X", "", "Y", ""]);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    c.dutch_event(
        "Apart",
        &["--scheme", "chess", "--clubmates", "absolute"],
        &refs,
    );
    // The event's own forbidden pair 1–2 is a clubmates' pair too: once.
    c.ok(&["event", "forbid", "Apart", "M1", "M2"]);
    play(&c, "Apart", 3, 4);
    let out = c.ok(&["export", "trf", "Apart"]);
    assert_eq!(
        pairs_260(&out),
        [(1, 5, 1, 2), (1, 5, 1, 5), (1, 5, 2, 5), (1, 5, 3, 7)],
        "{out}"
    );
    assert!(!out.contains("###"), "{out}");
    if let Some(d) = discrepancies(&c, &out) {
        assert_eq!(d, "", "the engine pairs the export otherwise:\n{out}");
        // Without the records the engine pairs the rounds otherwise.
        let bare: String = out
            .lines()
            .filter(|l| !l.starts_with("260"))
            .map(|l| format!("{l}\n"))
            .collect();
        assert_ne!(discrepancies(&c, &bare).unwrap(), "");
    }
    // Imported again, the records are the new event's forbidden pairs,
    // written once.
    let f = c.path("apart.trf");
    std::fs::write(&f, &out).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap(), "--name", "Again"]);
    let again = c.ok(&["export", "trf", "Again"]);
    assert_eq!(pairs_260(&again), pairs_260(&out), "{again}");
}

#[test]
fn a_round_where_clubmates_met_and_the_relaxed_rule_are_said_in_comments() {
    let c = Club::new();
    // Three of four in one club: every round needs clubmates to meet.
    let names = members(&c, &["X", "X", "X", ""]);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    c.dutch_event(
        "Hard",
        &["--scheme", "chess", "--clubmates", "absolute"],
        &refs,
    );
    play(&c, "Hard", 2, 2);
    let out = c.ok(&["export", "trf", "Hard"]);
    for r in [1, 2] {
        assert!(
            out.contains(&format!("### round {r}: clubmates met")),
            "{out}"
        );
    }
    // The rule holds again for the rounds to come.
    assert_eq!(lines_260(&out), ["260 003 005    1    2    3"], "{out}");
    if let Some(d) = discrepancies(&c, &out) {
        assert_eq!(d, "", "{out}");
    }
    // Relaxed: the rounds played that kept them apart, none to come.
    let c = Club::new();
    let names = members(&c, &["X", "X", "Y", "", "X", "", "Y", ""]);
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    c.dutch_event(
        "Soft",
        &["--scheme", "chess", "--clubmates", "relaxed"],
        &refs,
    );
    play(&c, "Soft", 2, 4);
    let out = c.ok(&["export", "trf", "Soft"]);
    assert!(
        out.contains("### clubmates kept apart unless no pairing can (relaxed)"),
        "{out}"
    );
    assert_eq!(
        lines_260(&out),
        ["260 001 002    1    2    5", "260 001 002    3    7"],
        "{out}"
    );
    if let Some(d) = discrepancies(&c, &out) {
        assert_eq!(d, "", "{out}");
    }
}
