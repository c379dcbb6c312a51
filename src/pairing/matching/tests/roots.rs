//! A fresh start's stages plant one root first and the other free
//! vertices once its tree is done, and sprint (end at the first tree's
//! augmentation) after stages where the other trees made at most one:
//! graphs whose free vertices hang on one to three heavy vertices (a
//! Dutch bracket under floaters), where that order matters most and the
//! sprints happen (thousands over these cases, counted once by hand).

use super::*;

/// `n` vertices: the first `hubs` heavy to everyone (weight `heavy`), the
/// rest `bulk[i][j]` among themselves (zero: no edge).
fn hubbed(n: usize, hubs: usize, heavy: i64, bulk: &[Vec<i64>]) -> Vec<Vec<i64>> {
    let mut w = vec![vec![0i64; n]; n];
    for i in 0..n {
        for j in 0..i {
            let x = if j < hubs { heavy } else { bulk[i][j] };
            (w[i][j], w[j][i]) = (x, x);
        }
    }
    w
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::test_cases(2000)))]
    /// Small hubbed graphs: the fresh solve's weight is the brute-force
    /// maximum.
    #[test]
    fn hubbed_graphs_reach_the_maximum(
        (n, bulk) in graph_of(2..11, 6),
        hubs in 1usize..3,
        heavy in 6i64..40,
    ) {
        let w = hubbed(n, hubs.min(n), heavy, &bulk);
        check(n, &w);
    }

    /// Larger ones (too big for brute force): the optimum is certified,
    /// and as heavy as a repair's (the bulk solved first, the hubs' edges
    /// added after: one tree per stage from the kept state).
    #[test]
    fn larger_hubbed_graphs_are_certified(
        (n, bulk) in graph_of(40..70, 8),
        hubs in 1usize..4,
        heavy in 8i64..60,
    ) {
        let w = doubled(hubbed(n, hubs, heavy, &bulk));
        let mut m = matcher_of(n, &w);
        let mate = m.solve();
        certify(&m, &mate);
        let mut repaired = matcher_of(n, &doubled(hubbed(n, hubs, 0, &bulk)));
        repaired.solve();
        for h in 0..hubs {
            for v in h + 1..n {
                repaired.set(v, h, w[v][h]);
            }
        }
        let again = repaired.solve();
        certify(&repaired, &again);
        prop_assert_eq!(total(&w, &mate), total(&w, &again));
    }
}
