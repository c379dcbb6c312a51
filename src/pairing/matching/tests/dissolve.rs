//! Dissolving every blossom around a vertex in one pass
//! (`State::dissolve_around`) against dissolving the top-level one again
//! and again (`State::dissolve_down_to` down to the vertex's parent, as
//! `Matcher::leave_blossoms` did): the very same state.

use super::*;

/// The peeling loop `dissolve_around` replaces.
fn peel(st: &mut State<i64>, x: usize) {
    while st.inblossom[x] != x {
        let last = st.parent[x];
        st.dissolve_down_to(x, last);
    }
}

pub(super) fn same_state(a: &State<i64>, b: &State<i64>, what: &str) {
    assert_eq!(a.mate, b.mate, "mates {what}");
    assert_eq!(a.dual, b.dual, "duals {what}");
    assert_eq!(a.inblossom, b.inblossom, "inblossom {what}");
    assert_eq!(a.parent, b.parent, "parents {what}");
    assert_eq!(a.childs, b.childs, "children {what}");
    assert_eq!(a.bedges, b.bedges, "cycle edges {what}");
    assert_eq!(a.base, b.base, "bases {what}");
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
