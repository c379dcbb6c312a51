//! Dissolving every blossom around a vertex in one pass
//! (`State::dissolve_around`) against dissolving the top-level one again
//! and again (`State::dissolve_down_to` down to the vertex's parent, as
//! `Matcher::leave_blossoms` did): the very same state.

use super::extract::pair_inside;
use super::*;

/// The peeling loop `dissolve_around` replaces.
fn peel(st: &mut State<i64>, x: usize) {
    while st.inblossom[x] != x {
        let last = st.parent[x];
        st.dissolve_down_to(x, last);
    }
}

/// The same matching, duals and blossom nest.
pub(super) fn same_nest(a: &State<i64>, b: &State<i64>, what: &str) {
    assert_eq!(a.mate, b.mate, "mates {what}");
    assert_eq!(a.dual, b.dual, "duals {what}");
    assert_eq!(a.inblossom, b.inblossom, "inblossom {what}");
    assert_eq!(a.parent, b.parent, "parents {what}");
    assert_eq!(a.childs, b.childs, "children {what}");
    assert_eq!(a.bedges, b.bedges, "cycle edges {what}");
    assert_eq!(a.base, b.base, "bases {what}");
}

pub(super) fn same_state(a: &State<i64>, b: &State<i64>, what: &str) {
    same_nest(a, b, what);
    assert_eq!(a.unused, b.unused, "free blossom ids {what}");
    assert_eq!(a.label, b.label, "labels {what}");
    assert_eq!(a.bestedge, b.bestedge, "best edges {what}");
    assert_eq!(a.leafbest, b.leafbest, "leafbest {what}");
}

#[test]
fn dissolving_around_a_vertex_at_once_is_peeling_the_nest() {
    let mut rng = crate::domain::SplitMix64(42);
    let (mut deep, mut with_dual) = (0u32, 0u32);
    for case in 0..300 {
        let n = 8 + rng.below(40) as usize;
        let w = mostly_equal(&mut rng, n, 10);
        let mut m = matcher_of(n, &w);
        m.solve();
        for x in 0..n {
            if m.st.inblossom[x] == x {
                continue;
            }
            let mut levels = 0;
            let mut dual = false;
            let mut b = m.st.parent[x];
            while b != NONE {
                levels += 1;
                dual |= m.st.dual[b] > 0;
                b = m.st.parent[b];
            }
            deep += (levels >= 2) as u32;
            with_dual += (levels >= 2 && dual) as u32;
            let mut peeled = m.st.clone();
            peel(&mut peeled, x);
            let mut once = m.st.clone();
            once.dissolve_around(x);
            same_state(&peeled, &once, &format!("case {case}, vertex {x}"));
        }
    }
    assert!(deep > 50, "nests two levels deep or more: {deep}");
    assert!(with_dual > 20, "such nests with a dual: {with_dual}");
}

/// A run of sets along rows (`Matcher::begin_run`, either triangle)
/// leaves every weight in both cells as the same sets one by one do, and
/// a kept optimum as good: dual-feasible with every matched and cycle
/// edge tight, after which the next solves reach optima of the same
/// weight, certified. (Not always the same state: a pair whose matched
/// edge lost weight is settled when the run ends, once its ends' other
/// edges have their new weights, see `Matcher::end_run`.) The same run
/// with each weight named by its pinned slot (`Matcher::set_pinned`)
/// leaves the very state of the run, and no slot held once unpinned. The
/// edits raise, lower and remove weights of a solved graph whose nests
/// are deep, so they dissolve blossoms, unmatch pairs and lower duals.
#[test]
fn a_run_of_sets_keeps_an_optimum_as_the_same_sets_one_by_one_do() {
    let mut rng = crate::domain::SplitMix64(23);
    let (mut cases, mut settled_otherwise) = (0usize, 0usize);
    for case in 0..crate::test_cases(120) {
        let n = 6 + rng.below(30) as usize;
        let w = doubled(mostly_equal(&mut rng, n, 8));
        let mut m = matcher_of(n, &w);
        m.solve();
        let mut run = m.clone();
        // The same run, each weight named by its pinned slot.
        let mut pinned = m.clone();
        let mut slots = std::collections::HashMap::new();
        let lower = case % 2 == 0;
        run.begin_run(lower);
        pinned.begin_run(lower);
        for a in 0..n {
            for b in a + 1..n {
                // Lower: rows of the larger end (outer loop), cells of the
                // smaller ones; upper: the other way round.
                let (i, j) = if lower {
                    (b - a - 1, n - 1 - a)
                } else {
                    (a, b)
                };
                if rng.below(3) != 0 {
                    continue;
                }
                // (Some edges twice: the second set reads the first's.)
                for _ in 0..1 + (rng.below(4) == 0) as usize {
                    let x = match rng.below(4) {
                        0 => 0,
                        1 => 2 * (6 + rng.below(4) as i64),
                        _ => 2 * (18 + rng.below(6) as i64),
                    };
                    m.set(i, j, x);
                    run.set(i, j, x);
                    let slot = *slots.entry(x).or_insert_with(|| pinned.pin(x));
                    pinned.set_pinned(i, j, slot);
                }
            }
        }
        assert!(run.w.deferred());
        run.end_run();
        cases += 1;
        kept_is_optimal(&run, &format!("case {case}"));
        kept_is_optimal(&m, &format!("one by one, case {case}"));
        settled_otherwise += (run.st.mate != m.st.mate || run.st.dual != m.st.dual) as usize;
        let keys = |t: &Table<i64>, v: usize| on_row!(t.row(v), ks => ks.iter().map(|k| k.k()).collect::<Vec<u32>>());
        for i in 0..n {
            for j in 0..n {
                assert_eq!(run.w.at(i, j), m.w.at(i, j), "weight {i}-{j}, case {case}");
            }
            assert_eq!(keys(&run.w, i), keys(&m.w, i), "row {i}, case {case}");
        }
        pinned.end_run();
        for (_, slot) in slots.drain() {
            pinned.unpin(slot);
        }
        same_state(&run.st, &pinned.st, &format!("pinned, case {case}"));
        for i in 0..n {
            for j in 0..n {
                assert_eq!(
                    pinned.w.at(i, j),
                    m.w.at(i, j),
                    "pinned {i}-{j}, case {case}"
                );
            }
        }
        assert_eq!(
            pinned.w.distinct(),
            m.w.distinct(),
            "no pin left, case {case}"
        );
        let (ma, mb, mc) = (m.solve(), run.solve(), pinned.solve());
        let weight = |mate: &[usize]| -> i64 {
            (0..n)
                .filter(|&v| mate[v] != NONE && v < mate[v])
                .map(|v| m.w.at(v, mate[v]))
                .sum()
        };
        assert_eq!(weight(&ma), weight(&mb), "case {case}");
        assert_eq!(mb, mc, "pinned, case {case}");
        certify(&run, &mb);
        certify(&m, &ma);
    }
    assert!(
        settled_otherwise * 40 >= cases,
        "runs settled otherwise: {settled_otherwise} of {cases}"
    );
}

/// The kept optimum's conditions between solves: every edge has a slack
/// of at least zero (its ends' duals and those of the blossoms around
/// both), and matched and blossom cycle edges none.
fn kept_is_optimal(m: &Matcher<i64>, what: &str) {
    let st = &m.st;
    let n = m.n;
    let slack = |i: usize, j: usize| {
        st.dual[i] + st.dual[j] + 2 * st.common_z(i, j) - st.scaled(m.w.at(i, j))
    };
    for i in 0..n {
        for j in (0..n).filter(|&j| j != i && m.w.at(i, j) != 0) {
            assert!(slack(i, j) >= 0, "slack {i}-{j}, {what}");
        }
        if st.mate[i] != NONE {
            assert_eq!(st.mate[st.mate[i]], i, "mates {i}, {what}");
            assert_eq!(slack(i, st.mate[i]), 0, "matched {i}, {what}");
        }
    }
    for b in (n..st.blossom_end).filter(|&b| st.base[b] != NONE) {
        for &(i, j) in &st.bedges[b] {
            assert_eq!(slack(i, j), 0, "cycle edge {i}-{j} of {b}, {what}");
        }
    }
}

/// Taking every other edge of a pair matched inside blossoms away at once
/// (`Matcher::isolate_matched_pair`, which dissolves the blossoms around
/// each end down to the lowest whose cycle holds a removed edge in one
/// go) leaves the state the edge-by-edge `set`s to zero leave: the same
/// blossoms, duals, matching and weights (only the order in which the
/// freed blossom ids go back may differ), and the next solves agree.
#[test]
fn isolating_a_pair_at_once_is_removing_its_edges_one_by_one() {
    let mut rng = crate::domain::SplitMix64(77);
    let (mut inside, mut deep) = (0u32, 0u32);
    for case in 0..crate::test_cases(300) {
        let n = 8 + rng.below(40) as usize;
        let w = doubled(mostly_equal(&mut rng, n, 10));
        let mut m = matcher_of(n, &w);
        m.solve();
        let Some((a, b)) = pair_inside(&m, &mut rng) else {
            continue;
        };
        inside += 1;
        deep += (m.st.parent[m.st.parent[a]] != NONE) as u32;
        let mut once = m.clone();
        once.isolate_matched_pair(a, b);
        let mut each = m.clone();
        for u in (0..n).filter(|&u| u != a && u != b) {
            each.set(a, u, 0);
            each.set(b, u, 0);
        }
        let (x, y) = (&once.st, &each.st);
        let what = format!("case {case}, pair {a}-{b}");
        same_nest(x, y, &what);
        let ids = |s: &State<i64>| {
            let mut v = s.unused.clone();
            v.sort_unstable();
            v
        };
        assert_eq!(ids(x), ids(y), "free blossom ids {what}");
        for i in 0..n {
            for j in 0..n {
                assert_eq!(once.w.at(i, j), each.w.at(i, j), "weight {i}-{j}, {what}");
            }
        }
        let (p, q) = (once.solve(), each.solve());
        certify(&once, &p);
        let mut wx = w.clone();
        for u in (0..n).filter(|&u| u != a && u != b) {
            for e in [a, b] {
                (wx[e][u], wx[u][e]) = (0, 0);
            }
        }
        assert_eq!(total(&wx, &p), total(&wx, &q), "{what}");
    }
    assert!(inside > 150, "pairs matched inside blossoms: {inside}");
    assert!(deep > 50, "of them two levels deep or more: {deep}");
}
