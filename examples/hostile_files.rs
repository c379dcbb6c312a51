//! Writes the hostile game records of issue 34 into a folder, for the kill,
//! fuzz and timing runs by hand: `deep.pgn` (an 85 KB PGN with 7,000
//! nested variations) and `chain.dhtml` (a DhtmlXQ file of about 1.8 MB
//! with 30,000 chained branches, each the child of the one before).
//!
//! `cargo run --example hostile_files -- DIR`

use qishe::xiangqi::{Move, Position, Square};
use std::path::PathBuf;

fn nested_pgn(n: usize) -> String {
    let mut s = String::from("[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n1. h2e2 ");
    for i in 0..n {
        s.push_str(if i % 2 == 0 {
            "(1.  b2e2  "
        } else {
            "(1.  h2e2  "
        });
    }
    s.push_str(&")".repeat(n));
    s.push_str(" h9g7 1-0\n");
    s
}

fn digits(m: Move) -> String {
    let p = |s: Square| format!("{}{}", s.file(), 9 - s.rank());
    format!("{}{}", p(m.from()), p(m.to()))
}

/// Branch k (parent k−1) starts at ply k+1 with two moves; its first move
/// replaces the parent's second. Comments on every branch, as web pages
/// write them.
fn chained_dhtmlxq(n: usize) -> String {
    let mut pos = Position::start();
    let m0 = pos.legal_moves()[0];
    pos.make(m0);
    let m1 = pos.legal_moves()[0];
    let mut s = format!(
        "[DhtmlXQ]\n[DhtmlXQ_title]chain[/DhtmlXQ_title]\n[DhtmlXQ_movelist]{}{}[/DhtmlXQ_movelist]\n",
        digits(m0),
        digits(m1)
    );
    let mut parent_next = m1;
    for k in 1..=n {
        let moves = pos.legal_moves();
        let Some(&alt) = moves.iter().find(|&&m| m != parent_next) else {
            break;
        };
        let mut after = pos.clone();
        after.make(alt);
        let Some(&next) = after.legal_moves().get(k % 3) else {
            break;
        };
        let (p, st) = (k - 1, k + 1);
        s.push_str(&format!(
            "[DhtmlXQ_move_{p}_{st}_{k}]{}{}[/DhtmlXQ_move_{p}_{st}_{k}]\n[DhtmlXQ_comment{k}_{st}]b{k}[/DhtmlXQ_comment{k}_{st}]\n",
            digits(alt),
            digits(next)
        ));
        pos = after;
        parent_next = next;
    }
    s.push_str("[/DhtmlXQ]\n");
    s
}

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| ".".into()));
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = nested_pgn(7_000);
    std::fs::write(dir.join("deep.pgn"), &pgn).unwrap();
    let chain = chained_dhtmlxq(30_000);
    std::fs::write(dir.join("chain.dhtml"), &chain).unwrap();
    println!(
        "deep.pgn {} bytes, chain.dhtml {} bytes",
        pgn.len(),
        chain.len()
    );
}
