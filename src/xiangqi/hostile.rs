//! Game records built to hurt a reader (tests, benches and the
//! `hostile_files` example; feature `testkit`): thousands of nested PGN
//! variations, tens of thousands of chained DhtmlXQ branches.

use super::{Move, Position, Square};

/// A PGN whose first move has `n` alternatives, each nested in the one
/// before: `1. h2e2 (1. b2e2 (1. h2e2 (…))) h9g7 1-0` (7,000 make 85 KB).
pub fn nested_pgn(n: usize) -> String {
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

/// A DhtmlXQ block with two moves of the main line and `n` branches, each
/// the child of the one before (branch k starts at ply k+1 with two legal
/// moves, its first replacing its parent's second), with a comment on
/// every branch when `comments` (30,000 branches make about 2 MB, 4 MB
/// with the comments).
pub fn chained_dhtmlxq(n: usize, comments: bool) -> String {
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
            "[DhtmlXQ_move_{p}_{st}_{k}]{}{}[/DhtmlXQ_move_{p}_{st}_{k}]\n",
            digits(alt),
            digits(next)
        ));
        if comments {
            s.push_str(&format!(
                "[DhtmlXQ_comment{k}_{st}]b{k}[/DhtmlXQ_comment{k}_{st}]\n"
            ));
        }
        pos = after;
        parent_next = next;
    }
    s.push_str("[/DhtmlXQ]\n");
    s
}
