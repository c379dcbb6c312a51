//! Measures the ECCO classifier against the ECCO tags of real records:
//! `cargo run --example ecco_measure -- DIR…` reads every game file under
//! the given folders and prints, for the games with an `ECCO` tag, how
//! many agree in the family (C), the group (C4) and the exact code (C47),
//! and each game whose code differs with its first moves.

use qishe::xiangqi::{ecco::classify, read_games};

fn main() {
    let (mut n, mut family, mut group, mut exact) = (0, 0, 0, 0);
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for dir in std::env::args().skip(1) {
        for e in std::fs::read_dir(&dir).expect("a folder") {
            files.push(e.expect("an entry").path());
        }
    }
    files.sort();
    for p in files {
        let Ok(read) = read_games(&std::fs::read(&p).expect("readable")) else {
            continue;
        };
        for g in read.games {
            let Some(tag) = g.tag("ECCO").filter(|t| t.len() == 3) else {
                continue;
            };
            let Some(code) = classify(&g.start, &g.moves) else {
                continue;
            };
            n += 1;
            family += usize::from(code[..1] == tag[..1]);
            group += usize::from(code[..2] == tag[..2]);
            exact += usize::from(code == tag);
            if code != tag {
                let first: Vec<String> = g.moves.iter().take(20).map(|m| m.iccs()).collect();
                println!("{}: {code} v {tag}: {}", p.display(), first.join(" "));
            }
        }
    }
    println!("{n} games: family {family}, group {group}, exact {exact}");
}
