//! A chain level of a blossom nest formed in one pass
//! (`Solver::add_chain_level`) against the passes of `add_blossom`: the
//! very same state after every solve, through edits between solves.

use super::super::chain::{CHAIN_LEVELS, PLAIN_LEVELS};
use super::dissolve::same_state;
use super::*;

/// Solves `m` with levels formed in one pass (`chain`) or not.
fn solve_with(m: &mut Matcher<i64>, chain: bool) -> Vec<usize> {
    PLAIN_LEVELS.with(|p| p.set(!chain));
    let mate = m.solve();
    PLAIN_LEVELS.with(|p| p.set(false));
    mate
}

#[test]
fn chain_levels_in_one_pass_leave_the_same_state() {
    let mut rng = crate::domain::SplitMix64(2026);
    CHAIN_LEVELS.with(|c| c.set(0));
    for case in 0..200 {
        let n = 20 + rng.below(60) as usize;
        let mut w = mostly_equal(&mut rng, n, 12);
        let mut one = matcher_of(n, &w);
        let mut plain = matcher_of(n, &w);
        for step in 0..6 {
            let a = solve_with(&mut one, true);
            let b = solve_with(&mut plain, false);
            assert_eq!(a, b, "case {case} step {step}");
            assert_eq!(
                total(&w, &a),
                fresh_optimum(n, &w),
                "case {case} step {step}"
            );
            same_state(&one.st, &plain.st, &format!("case {case} step {step}"));
            // An edit: one vertex's edges change, as a bonus does.
            let v = rng.below(n as u64) as usize;
            let edges: Vec<usize> = (0..n).filter(|&u| u != v && w[v][u] > 0).collect();
            for u in edges {
                let x = w[v][u] + 2 * rng.below(3) as i64;
                w[v][u] = x;
                w[u][v] = x;
                one.set(v, u, x);
                plain.set(v, u, x);
            }
        }
    }
    let levels = CHAIN_LEVELS.with(|c| c.get());
    assert!(levels > 2000, "chain levels formed in one pass: {levels}");
}

/// The optimum's weight: a fresh solve of its own.
fn fresh_optimum(n: usize, w: &[Vec<i64>]) -> i64 {
    let mut m = matcher_of(n, w);
    let mate = solve_with(&mut m, false);
    total(w, &mate)
}
