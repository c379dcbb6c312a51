//! Writes the hostile game records into a folder, for the kill,
//! fuzz and timing runs by hand: `deep.pgn` (an 85 KB PGN with 7,000
//! nested variations) and `chain.dhtml` (a DhtmlXQ file of about 1.8 MB
//! with 30,000 chained branches, each the child of the one before).
//!
//! `cargo run --example hostile_files -- DIR`

use qishe::xiangqi::hostile::{chained_dhtmlxq, nested_pgn};
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = nested_pgn(7_000);
    std::fs::write(dir.join("deep.pgn"), &pgn).unwrap();
    let chain = chained_dhtmlxq(30_000, false);
    std::fs::write(dir.join("chain.dhtml"), &chain).unwrap();
    let noted = chained_dhtmlxq(30_000, true);
    std::fs::write(dir.join("chain-comments.dhtml"), &noted).unwrap();
    println!(
        "deep.pgn {} bytes, chain.dhtml {} bytes, chain-comments.dhtml {} bytes",
        pgn.len(),
        chain.len(),
        noted.len()
    );
}
