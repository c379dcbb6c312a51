//! The kept optimum moved to a better partner over a short alternating
//! cycle (`Matcher::move_to_best`), and a fresh start's hub duals.

use super::*;

/// The matching of the kept state, by vertex (`v` itself when free).
pub(super) fn kept_mates(m: &Matcher<i64>) -> Vec<usize> {
    (0..m.n)
        .map(|v| match m.st.mate[v] {
            NONE => v,
            u => u,
        })
        .collect()
}

/// `move_to_best` leaves a certified optimum of the same weight, with
/// `v` paired to the tight partner of the largest bonus (over a 4- or a
/// 6-cycle, nobody else moved); when the proof
/// then succeeds, that partner is `v`'s in every optimum of the new
/// weights (brute force). The nest stays whole, its cycles re-threaded
/// (`certify` checks them). An edit and a solve after a move find an
/// optimum again. It must move, inside such blossoms too, and
/// prove, in a fair share of the cases where the first proof failed.
#[test]
fn moving_to_the_best_partner_keeps_an_optimum() {
    let mut rng = crate::domain::SplitMix64(7);
    let (mut failed, mut moved, mut proved, mut inside, mut six) = (0u32, 0u32, 0u32, 0u32, 0u32);
    for _ in 0..crate::test_cases(4000) {
        let n = 4 + rng.below(7) as usize;
        let mut w = vec![vec![0i64; n]; n];
        for i in 0..n {
            for j in 0..i {
                let x = 16 * rng.below(3) as i64;
                w[i][j] = x;
                w[j][i] = x;
            }
        }
        let mut m = matcher_of(n, &w);
        let mate = m.solve();
        let before = total(&w, &mate);
        let v = rng.below(n as u64) as usize;
        if mate[v] == v {
            continue;
        }
        // Distinct bonuses, so the largest is never tied.
        let mut order: Vec<i64> = (0..n as i64).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let bonus = |u: usize| Some(order[u]);
        if m.sure_partner(v, bonus).is_some() {
            continue;
        }
        failed += 1;
        let had_dual = m.innermost_dual(v) != NONE;
        let Some(pairs) = m.move_to_best(v, bonus, |_| true) else {
            continue;
        };
        moved += 1;
        inside += had_dual as u32;
        // Inside blossoms with a dual the nest is re-threaded before the
        // next edit, not dissolved (a dissolved nest is not clean).
        m.settle_moves();
        assert!(m.swapped.is_empty());
        assert!(m.clean, "a move left its nest to dissolve");
        six += (pairs.len() == 3) as u32;
        let now = kept_mates(&m);
        // The new pairs, v's first, each pair's ends paired before, and
        // nobody else moved.
        let u = pairs[0].1;
        assert_eq!(pairs[0].0, v);
        for &(a, b) in &pairs {
            assert_eq!((now[a], now[b]), (b, a));
        }
        let changed: Vec<usize> = (0..n).filter(|&x| now[x] != mate[x]).collect();
        assert_eq!(changed.len(), 2 * pairs.len(), "{pairs:?}");
        assert!(order[u] > order[mate[v]], "moved to a smaller bonus");
        certify(&m, &now);
        assert_eq!(total(&w, &now), before, "the move lost weight");
        // Any edit or solve after a move finds an optimum again.
        let mut after = m.clone();
        let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
        let mut x = w.clone();
        if a != b {
            let y = 16 * rng.below(3) as i64;
            after.set(a, b, y);
            (x[a][b], x[b][a]) = (y, y);
        }
        let again = after.solve();
        certify(&after, &again);
        assert_eq!(total(&x, &again), brute(n, &x), "after the move: {w:?}");
        let Some(best) = m.sure_partner(v, bonus) else {
            continue;
        };
        assert_eq!(best, u);
        proved += 1;
        let x: Vec<Vec<i64>> = (0..n)
            .map(|a| {
                (0..n)
                    .map(|b| match (a == v, b == v) {
                        _ if w[a][b] == 0 => 0,
                        (true, _) => w[a][b] + order[b],
                        (_, true) => w[a][b] + order[a],
                        _ => w[a][b],
                    })
                    .collect()
            })
            .collect();
        assert!(
            in_every_optimum(n, &x, v, u),
            "{v}-{u} is not in every optimum: {w:?} bonus {order:?}"
        );
    }
    eprintln!(
        "failed {failed}, moved {moved} ({inside} inside a blossom with a dual, {six} by 6-cycles), \
         then proved {proved}"
    );
    assert!(six * 50 > moved, "moved by 6-cycles {six} of {moved}");
    assert!(moved * 10 > failed, "moved {moved} of {failed}");
    assert!(
        inside * 20 > moved,
        "moved inside a blossom with a dual {inside} of {moved}"
    );
    assert!(proved * 4 > moved, "proved {proved} of {moved}");
}

/// A fresh start of `m` up to its warm start (duals and first pairs).
fn fresh_warm_start(m: &mut Matcher<i64>) {
    m.fresh_state();
    m.solver(false).warm_start();
}

/// A fresh start's hubs: vertices holding the heaviest edge of many rows
/// take a dual that covers their edges alone, the rest half their
/// heaviest edge to a non-hub. Every slack stays non-negative, and the
/// warm start then pairs the bulk at once (from the duals without hubs
/// it paired nobody here: every row's heaviest edge went to vertex 0);
/// the solve is a certified optimum.
#[test]
fn hubs_leave_the_bulk_its_own_duals() {
    let n = 64;
    let mut w = vec![vec![0i64; n]; n];
    for i in 0..n {
        for j in 0..i {
            let x = match j {
                0 => 30,
                _ if (i + j) % 9 == 0 => 0,
                _ => 20,
            };
            w[i][j] = x;
            w[j][i] = x;
        }
    }
    let w = doubled(w);
    let mut m = matcher_of(n, &w);
    fresh_warm_start(&mut m);
    let st = &m.st;
    for i in 0..n {
        for j in 0..i {
            let w2 = m.w.at(i, j);
            if w2 != 0 {
                assert!(st.dual[i] + st.dual[j] >= w2, "edge {i}-{j} infeasible");
            }
        }
    }
    // Vertex 0 a hub: its dual covers its edges given the bulk's (40 each).
    assert_eq!(st.dual[0], 2 * 30 * 2 - 40);
    let paired = (0..n).filter(|&v| st.mate[v] != NONE).count();
    assert!(paired >= n - 4, "the warm start paired {paired} of {n}");
    let mate = m.solve_fresh();
    certify(&m, &mate);
    assert_eq!(total(&w, &mate), 2 * (30 + 31 * 20));
}

/// Hubs that tie: the first eight vertices weigh the same to everyone,
/// more than the bulk weighs among itself, so every row's heaviest edge
/// goes to all eight at once. Each counts as holding it, all eight are
/// hubs, and the warm start pairs the bulk (when only the first holder
/// of a row counted, one hub was found per pass and the bulk's duals
/// came from its edges to the second: it paired nobody). And a graph
/// where every row's heaviest edge ties over half the vertices (two
/// halves, heavier across) is flat: its warm start pairs everyone too.
/// Tied tops up to a quarter of the vertices are hubs: a fifth of them
/// on top, heavier among themselves (when the rule stopped at one vertex
/// in 16, the bulk took half its edge to a top as its dual and the warm
/// start paired 106 of 200).
#[test]
fn tied_hubs_are_all_hubs() {
    let n = 200;
    let hubbed = |i: usize, j: usize| -> i64 {
        match j {
            _ if j < 8 => 30,
            _ if (i * 7 + j).is_multiple_of(13) => 0,
            _ => 20,
        }
    };
    let halves = |i: usize, j: usize| -> i64 {
        if (i < n / 2) == (j < n / 2) {
            20
        } else {
            30
        }
    };
    // A fifth of the vertices on top (more than one in 16), heavier
    // among themselves and all equal to the bulk, whose own edges vary.
    let tops = |i: usize, j: usize| -> i64 {
        let (hi, lo) = (i.min(j), i.max(j));
        match (hi < n / 5, lo < n / 5) {
            (true, true) => 36 + ((hi * 3 + lo) % 7) as i64,
            (true, false) => 30,
            _ => 16 + ((hi * 7 + lo * 3) % 5) as i64,
        }
    };
    for (name, weight) in [
        ("hubbed", &hubbed as &dyn Fn(usize, usize) -> i64),
        ("halves", &halves),
        ("tops", &tops),
    ] {
        let mut w = vec![vec![0i64; n]; n];
        for i in 0..n {
            for j in 0..i {
                (w[i][j], w[j][i]) = (weight(i, j), weight(i, j));
            }
        }
        let w = doubled(w);
        let mut m = matcher_of(n, &w);
        fresh_warm_start(&mut m);
        let paired = (0..n).filter(|&v| m.st.mate[v] != NONE).count();
        assert!(
            paired >= n - 12,
            "{name}: the warm start paired {paired} of {n}"
        );
        let mate = m.solve_fresh();
        certify(&m, &mate);
    }
}
