//! Chain levels of a blossom nest formed without their passes, the
//! top's `leafbest` built once (`Solver::add_chain_level`,
//! `Solver::build_chain`), against the passes of `add_blossom`: the very
//! same state after every solve, through edits between solves, but for
//! the levels below a top that were never built.

use super::super::chain::{CHAIN_LEVELS, LISTED_SCANS, PLAIN_LEVELS, TRIM_DEPTH};
use super::dissolve::same_nest;
use super::*;

/// [`same_state`] of `one` (levels formed as a run) and `plain`, from
/// one state, but that a level inside another may lack the `leafbest`
/// `plain` has, and that an entry may name another leaf of the same
/// least slack (a level laid bare builds its own from its rows, ties to
/// the first leaf); returns how many levels were unbuilt.
fn same_but_unbuilt(one: &Matcher<i64>, plain: &Matcher<i64>, exact: bool, what: &str) -> usize {
    let (st, other) = (&one.st, &plain.st);
    same_nest(st, other, what);
    assert_eq!(st.unused, other.unused, "free blossom ids {what}");
    assert_eq!(st.label, other.label, "labels {what}");
    assert_eq!(st.bestedge, other.bestedge, "best edges {what}");
    let slack = |v: Leaf, u: usize| {
        let v = v as usize;
        i64::sum_minus(st.dual[v], st.dual[u], st.scaled(one.w.at(v, u)))
    };
    let mut unbuilt = 0;
    for (b, (x, y)) in st.leafbest.iter().zip(&other.leafbest).enumerate() {
        match (x, y) {
            (None, Some(_)) => {
                assert!(st.parent[b] != NONE, "top-level {b} unbuilt, {what}");
                unbuilt += 1;
            }
            (Some(x), Some(y)) => {
                for (u, (&p, &q)) in x.iter().zip(y).enumerate() {
                    let leaves = p != NO_LEAF && p != STALE_LEAF && q != NO_LEAF && q != STALE_LEAF;
                    let same = p == q || (!exact && leaves && slack(p, u) == slack(q, u));
                    assert!(same, "leafbest of {b} to {u}: {p} {q}, {what}");
                }
            }
            _ => assert_eq!(x, y, "leafbest of {b}, {what}"),
        }
    }
    unbuilt
}

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
    LISTED_SCANS.with(|c| c.set(0));
    let mut unbuilt = 0;
    for case in 0..200 {
        let n = 20 + rng.below(60) as usize;
        let mut w = mostly_equal(&mut rng, n, 12);
        let mut one = matcher_of(n, &w);
        // The same in a wide type, whose chain levels compare unsigned
        // values shifted by `Weight::bias` (an `i64`'s bias is zero).
        let mut wide = Matcher::<Uint<2>>::new(n);
        for i in 0..n {
            for j in 0..i {
                wide.set(i, j, Uint::from_u64(w[i][j] as u64));
            }
        }
        for step in 0..6 {
            // (From the same state: a level laid bare may take other
            // ties in each.)
            let mut plain = one.clone();
            let a = solve_with(&mut one, true);
            let b = solve_with(&mut plain, false);
            assert_eq!(a, b, "case {case} step {step}");
            assert_eq!(wide.solve(), a, "wide, case {case} step {step}");
            assert_eq!(
                (&wide.st.parent, &wide.st.childs),
                (&one.st.parent, &one.st.childs),
                "wide blossoms, case {case} step {step}"
            );
            assert_eq!(
                total(&w, &a),
                fresh_optimum(n, &w),
                "case {case} step {step}"
            );
            let what = format!("case {case} step {step}");
            // (A first solve lays no level bare: the very same entries.)
            unbuilt += same_but_unbuilt(&one, &plain, step == 0, &what);
            let v = edit_one_vertex(&mut rng, &mut w, [&mut one, &mut plain]);
            for u in (0..n).filter(|&u| u != v && w[v][u] > 0) {
                wide.set(v, u, Uint::from_u64(w[v][u] as u64));
            }
        }
    }
    let levels = CHAIN_LEVELS.with(|c| c.get());
    assert!(levels > 2000, "chain levels formed in one pass: {levels}");
    // (Scans that read only the vertices outside a chain level: the plain
    // solves read them all, and the states above are the same.)
    let listed = LISTED_SCANS.with(|c| c.get());
    assert!(listed > 1000, "scans of a chain level's outside: {listed}");
    // (Levels whose passes were never made.)
    assert!(unbuilt > 500, "levels left unbuilt: {unbuilt}");
}

/// An edit between solves: one vertex's edges gain 0, 2 or 4 each, as a
/// bonus does, in `w` and in both matchers; returns the vertex.
fn edit_one_vertex(
    rng: &mut crate::domain::SplitMix64,
    w: &mut [Vec<i64>],
    ms: [&mut Matcher<i64>; 2],
) -> usize {
    let n = w.len();
    let v = rng.below(n as u64) as usize;
    let edges: Vec<usize> = (0..n).filter(|&u| u != v && w[v][u] > 0).collect();
    let [a, b] = ms;
    for u in edges {
        let x = w[v][u] + 2 * rng.below(3) as i64;
        w[v][u] = x;
        w[u][v] = x;
        a.set(v, u, x);
        b.set(v, u, x);
    }
    v
}

/// The optimum's weight: a fresh solve of its own.
fn fresh_optimum(n: usize, w: &[Vec<i64>]) -> i64 {
    let mut m = matcher_of(n, w);
    let mate = solve_with(&mut m, false);
    total(w, &mate)
}

/// Solves `m` with only `depth` levels of a nest keeping their `leafbest`.
fn solve_trimmed(m: &mut Matcher<i64>, depth: usize) -> Vec<usize> {
    TRIM_DEPTH.with(|d| d.set(depth));
    let mate = m.solve();
    TRIM_DEPTH.with(|d| d.set(super::super::chain::KEPT_LEVELS));
    mate
}

/// Deep levels of a nest drop their `leafbest` (`Solver::trim_spine`)
/// and build it again from their rows when laid bare or scanned: through
/// edits between solves, every answer is a certified optimum, as heavy
/// as with every level keeping its own. (Not always the same matching:
/// an entry built again may name another of several equal leaves, and
/// the search then meets another of equal optima, 21 steps of 720 here
/// with three levels kept.) Thousands of levels were dropped.
#[test]
fn nests_that_drop_deep_leafbests_solve_the_same() {
    let mut rng = crate::domain::SplitMix64(2027);
    let mut dropped = 0usize;
    for case in 0..120 {
        let n = 30 + rng.below(90) as usize;
        let mut w = mostly_equal(&mut rng, n, 12);
        let mut trimmed = matcher_of(n, &w);
        let mut kept = matcher_of(n, &w);
        for step in 0..6 {
            let a = solve_trimmed(&mut trimmed, 3);
            let b = solve_trimmed(&mut kept, usize::MAX);
            certify(&trimmed, &a);
            assert_eq!(total(&w, &a), total(&w, &b), "case {case} step {step}");
            let st = &trimmed.st;
            dropped += (n..st.blossom_end)
                .filter(|&b| st.base[b] != NONE && st.leafbest[b].is_none())
                .count();
            edit_one_vertex(&mut rng, &mut w, [&mut trimmed, &mut kept]);
        }
    }
    assert!(dropped > 100, "levels without a leafbest: {dropped}");
}

/// A level deep in a nest keeps its `leafbest` when it has a positive
/// dual (`Solver::trim_spine`): such a level stays when the levels above
/// it go, and is read again at once. Solves with one level kept, through
/// edits that only add weight (they never mark an entry stale, which may
/// drop a `leafbest` too): every blossom with a dual inside another still
/// has its `leafbest`, while levels without one dropped theirs.
#[test]
fn deep_levels_with_a_dual_keep_their_leafbest() {
    let mut rng = crate::domain::SplitMix64(2029);
    let (mut with_dual, mut dropped) = (0usize, 0usize);
    for case in 0..300 {
        let n = 30 + rng.below(90) as usize;
        let mut w = mostly_equal(&mut rng, n, 4);
        let mut m = matcher_of(n, &w);
        let mut spare = matcher_of(n, &w);
        for step in 0..6 {
            let mate = solve_trimmed(&mut m, 1);
            certify(&m, &mate);
            let st = &m.st;
            for b in (n..st.blossom_end).filter(|&b| st.base[b] != NONE) {
                if st.dual[b] > 0 && st.parent[b] != NONE {
                    with_dual += 1;
                    let kept = st.leafbest[b].is_some();
                    assert!(kept, "case {case} step {step}: blossom {b}");
                }
                dropped += (st.dual[b] == 0 && st.leafbest[b].is_none()) as usize;
            }
            edit_one_vertex(&mut rng, &mut w, [&mut m, &mut spare]);
        }
    }
    assert!(
        with_dual > 30,
        "blossoms with a dual inside another: {with_dual}"
    );
    assert!(dropped > 100, "levels without a leafbest: {dropped}");
}

/// A `leafbest` built from the rows (`Solver::build_leafbest`, read by
/// outside vertex) names, for every vertex outside the blossom, the first
/// of its leaves (in `collect_leaves` order) whose edge has the least slack,
/// and no leaf where there is no edge: what a pass leaf by leaf, keeping
/// the first of equal slacks, gives. Every live blossom of many nests is
/// built again after solves and edits.
#[test]
fn rebuilt_leafbests_name_the_first_least_slack_leaf() {
    let mut rng = crate::domain::SplitMix64(2028);
    let mut built = 0usize;
    for case in 0..60 {
        let n = 30 + rng.below(70) as usize;
        let mut w = mostly_equal(&mut rng, n, 6);
        let mut m = matcher_of(n, &w);
        let mut spare = matcher_of(n, &w);
        for step in 0..4 {
            m.solve();
            let live: Vec<usize> = (n..m.st.blossom_end)
                .filter(|&b| m.st.base[b] != NONE)
                .collect();
            for b in live {
                m.solver(true).build_leafbest(b);
                let st = &m.st;
                let mut leaves = Vec::new();
                collect_leaves(&st.childs, n, b, &mut leaves);
                let arr = st.leafbest[b].as_ref().expect("built");
                for u in (0..n).filter(|u| !leaves.contains(u)) {
                    let slack =
                        |v: usize| i64::sum_minus(st.dual[v], st.dual[u], st.scaled(m.w.at(v, u)));
                    let mut want = NO_LEAF;
                    for &v in leaves.iter().filter(|&&v| m.w.at(v, u) != 0) {
                        if want == NO_LEAF || slack(v) < slack(want as usize) {
                            want = v as Leaf;
                        }
                    }
                    assert_eq!(arr[u], want, "case {case} step {step}: blossom {b} to {u}");
                }
                built += 1;
            }
            edit_one_vertex(&mut rng, &mut w, [&mut m, &mut spare]);
        }
    }
    assert!(built > 500, "blossoms built again: {built}");
}
