//! Measures the ECCO classifier against the ECCO tags of real records:
//! `cargo run --example ecco_measure -- DIR…` reads every game file under
//! the given folders (and their subfolders) and prints, for the games
//! with an `ECCO` tag, how many agree in the family (C), the group (C4)
//! and the exact code (C47), in all and per family of the tag, and each
//! game whose code differs with its first moves. A game found twice (the
//! same moves under another folder) counts once.
//!
//! `--list` prints instead one line per tagged game: where it is, its
//! tag, the code given here and its first 20 plies in WXF, tab-separated,
//! for comparing with another classifier.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;

use qishe::xiangqi::{ecco::classify, read_games, write_move, Notation};

fn files_under(dir: PathBuf, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(&dir) else {
        out.push(dir);
        return;
    };
    for e in entries {
        files_under(e.expect("an entry").path(), out);
    }
}

fn main() {
    let mut list = false;
    let mut files = Vec::new();
    for arg in std::env::args().skip(1) {
        match arg.as_str() {
            "--list" => list = true,
            dir => files_under(PathBuf::from(dir), &mut files),
        }
    }
    files.sort();
    let mut seen = HashSet::new();
    // Per family of the tag: games, family, group and exact agreements.
    let mut by_family: BTreeMap<String, [usize; 4]> = BTreeMap::new();
    for p in files {
        let Ok(read) = read_games(&std::fs::read(&p).expect("readable")) else {
            continue;
        };
        for (i, g) in read.games.iter().enumerate() {
            let Some(tag) = g.tag("ECCO").filter(|t| t.len() == 3) else {
                continue;
            };
            let Some(code) = classify(&g.start, &g.moves) else {
                continue;
            };
            let iccs: Vec<String> = g.moves.iter().map(|m| m.iccs()).collect();
            if !seen.insert(iccs.join(" ")) {
                continue;
            }
            if list {
                let mut pos = g.start.clone();
                let mut wxf = Vec::new();
                for &m in g.moves.iter().take(20) {
                    wxf.push(write_move(&pos, m, Notation::Wxf));
                    pos.make(m);
                }
                println!("{}#{i}\t{tag}\t{code}\t{}", p.display(), wxf.join(" "));
                continue;
            }
            let row = by_family.entry(tag[..1].to_string()).or_default();
            row[0] += 1;
            row[1] += usize::from(code[..1] == tag[..1]);
            row[2] += usize::from(code[..2] == tag[..2]);
            row[3] += usize::from(code == tag);
            if code != tag {
                println!(
                    "{}: {code} v {tag}: {}",
                    p.display(),
                    iccs[..iccs.len().min(20)].join(" ")
                );
            }
        }
    }
    if list {
        return;
    }
    let mut all = [0; 4];
    for (family, row) in &by_family {
        println!(
            "{family}: {} games: family {}, group {}, exact {}",
            row[0], row[1], row[2], row[3]
        );
        for k in 0..4 {
            all[k] += row[k];
        }
    }
    println!(
        "{} games: family {}, group {}, exact {}",
        all[0], all[1], all[2], all[3]
    );
}
