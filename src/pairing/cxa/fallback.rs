//! Rec B8 of the spec: beyond the exhaustive search's cap, a polynomial
//! fallback (maximum-cardinality matching) that keeps the absolute rules.

use super::*;

/// The fallback beyond the search cap: dissolve k = 1, 2, 4, … of the last
/// pairs and look for a complete pairing of those players and the unpaired
/// ones by maximum-cardinality matching, starting from a greedy matching in
/// score order so that the pairs stay close to the score groups. For an odd
/// set the bye goes to the first possible player in the order bye-eligible,
/// never had a bye, others (lowest score first), within `tiers` of that
/// order; `three` keeps 禁连三.
pub(super) fn matching_fallback(
    ctx: &Ctx,
    unpaired: &[usize],
    ks: &[usize],
    pairs: &Pairs,
    three: bool,
    tiers: std::ops::Range<u8>,
) -> Option<(Matched, usize)> {
    let max_k = ks.last().copied().unwrap_or(0);
    let mut tries: Vec<usize> = Vec::new();
    let mut k = if max_k == 0 { 0 } else { 1 };
    loop {
        tries.push(k.min(max_k));
        if k >= max_k {
            break;
        }
        k *= 2;
    }
    let rank = |i: usize| -> u8 {
        if ctx.bye_ok[i] {
            0
        } else if !ctx.had_bye[i] {
            1
        } else {
            2
        }
    };
    // The bye's tier first (a bye-eligible player over one who never
    // had a bye over the others), then fewer dissolved pairs.
    for tier in tiers {
        for &k in &tries {
            let mut set: Vec<usize> = pairs[pairs.len() - k..]
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .collect();
            set.extend_from_slice(unpaired);
            ctx.sort(&mut set);
            let byes: Vec<Option<usize>> = if set.len().is_multiple_of(2) {
                if tier > 0 {
                    continue;
                }
                vec![None]
            } else {
                let mut c: Vec<usize> = set.iter().copied().filter(|&i| rank(i) == tier).collect();
                c.sort_by_key(|&i| ctx.pl[i].s);
                c.into_iter().map(Some).collect()
            };
            for bye in byes {
                let v: Vec<usize> = set.iter().copied().filter(|&i| Some(i) != bye).collect();
                if let Some(found) = perfect_matching(ctx, &v, three) {
                    return Some((
                        Matched {
                            obj: Obj::default(),
                            pairs: found,
                            unpaired: bye.into_iter().collect(),
                        },
                        k,
                    ));
                }
            }
        }
    }
    None
}

/// A perfect matching of `v` (in the given order) on the ok() graph, or
/// None. Edmonds' blossom algorithm, O(V³), seeded with a greedy matching.
pub(super) fn perfect_matching(ctx: &Ctx, v: &[usize], three: bool) -> Option<Vec<(usize, usize)>> {
    const NONE: usize = usize::MAX;
    let n = v.len();
    if n % 2 == 1 {
        return None;
    }
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| ctx.ok(v[i], v[j], three)).collect())
        .collect();
    let mut mt = vec![NONE; n];
    for i in 0..n {
        if mt[i] == NONE {
            if let Some(&j) = adj[i].iter().find(|&&j| mt[j] == NONE && j > i) {
                mt[i] = j;
                mt[j] = i;
            }
        }
    }
    let mut p = vec![NONE; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut blossom = vec![false; n];
    fn lca(mut a: usize, mut b: usize, base: &[usize], mt: &[usize], p: &[usize]) -> usize {
        let mut seen = vec![false; base.len()];
        loop {
            a = base[a];
            seen[a] = true;
            if mt[a] == usize::MAX {
                break;
            }
            a = p[mt[a]];
        }
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = p[mt[b]];
        }
    }
    fn mark_path(
        mut v: usize,
        b: usize,
        mut child: usize,
        base: &[usize],
        mt: &[usize],
        p: &mut [usize],
        blossom: &mut [bool],
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[mt[v]]] = true;
            p[v] = child;
            child = mt[v];
            v = p[mt[v]];
        }
    }
    for root in 0..n {
        if mt[root] != NONE {
            continue;
        }
        used.iter_mut().for_each(|u| *u = false);
        p.iter_mut().for_each(|x| *x = NONE);
        for (i, b) in base.iter_mut().enumerate() {
            *b = i;
        }
        used[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        let mut end = NONE;
        'bfs: while let Some(x) = queue.pop_front() {
            for &to in &adj[x] {
                if base[x] == base[to] || mt[x] == to {
                    continue;
                }
                if to == root || (mt[to] != NONE && p[mt[to]] != NONE) {
                    let cur = lca(x, to, &base, &mt, &p);
                    blossom.iter_mut().for_each(|b| *b = false);
                    mark_path(x, cur, to, &base, &mt, &mut p, &mut blossom);
                    mark_path(to, cur, x, &base, &mt, &mut p, &mut blossom);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = cur;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if p[to] == NONE {
                    p[to] = x;
                    if mt[to] == NONE {
                        end = to;
                        break 'bfs;
                    }
                    used[mt[to]] = true;
                    queue.push_back(mt[to]);
                }
            }
        }
        let mut x = end;
        while x != NONE {
            let px = p[x];
            let next = mt[px];
            mt[x] = px;
            mt[px] = x;
            x = next;
        }
        if mt[root] == NONE {
            return None; // a vertex that cannot be matched: no perfect matching
        }
    }
    Some(
        (0..n)
            .filter(|&i| mt[i] > i)
            .map(|i| (v[i], v[mt[i]]))
            .collect(),
    )
}
