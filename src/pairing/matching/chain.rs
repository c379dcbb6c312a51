//! A new level of a blossom nest in one pass over the vertices.
//!
//! With many equal weights a tree grows a nest thousands of levels deep,
//! one level at a time, each the level before and two vertices: a
//! T-vertex and its mate (a 9,999-player round where nine games in ten of
//! round 1 were drawn forms ~4,500 levels over ~9,000 vertices, again in
//! each of its S1-order solves). `Solver::add_blossom` gives a level four
//! passes over the vertices: moving them into it, one row pass per new
//! vertex child, and the least-slack edge to an S-blossom. A level of
//! that shape needs one: each vertex's entry depends only on its own
//! cells, so the passes are made vertex by vertex, in the same order of
//! children, with the same ties.

use super::table::{Key, Row};
use super::{Edge, Leaf, Solver, Weight, NONE, NO_EDGE, NO_EDGE_WEIGHT, NO_LEAF};

#[cfg(test)]
thread_local! {
    /// Tests: form every level as `add_blossom` does in general.
    pub(super) static PLAIN_LEVELS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Tests: how many chain levels were formed in one pass.
    pub(super) static CHAIN_LEVELS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Tests: how many scans read only the vertices outside a chain
    /// level (see `Solver::scan_row`).
    pub(super) static LISTED_SCANS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// Tests: how many levels keep their `leafbest` (see `trim_spine`).
    pub(super) static TRIM_DEPTH: std::cell::Cell<usize> = const { std::cell::Cell::new(KEPT_LEVELS) };
}

/// How many levels of a blossom nest below its top keep their
/// `leafbest` (see [`Solver::trim_spine`]).
pub(super) const KEPT_LEVELS: usize = 256;

impl<W: Weight> Solver<'_, W> {
    /// After the new blossom `b` formed: the level [`KEPT_LEVELS`] below
    /// it along the nest's spine (the largest child at each level) drops
    /// its `leafbest`. A nest one level per pair deep keeps thousands of
    /// levels, each with a `leafbest` of an entry per vertex (a
    /// 9,999-player round after every game was drawn: 4,999 of 20 KB,
    /// 100 MB), while only the top ones are read again: a scan or a new
    /// level reads the top's, and a level deeper down is laid bare only
    /// when the hundreds of levels above it go, after which it is built
    /// again from its rows when a scan needs it (`push_scan`, `scan`,
    /// `add_blossom`): each entry a leaf of the least slack, though among
    /// several equal ones not always the one the kept entry named (a
    /// solve may then reach another optimum of the same weight). Not the
    /// blossom being scanned: a scan forms levels above it as it goes.
    ///
    /// Nor a level with a positive dual. Such a level outlasts the levels
    /// above it: they go (fixing a pair inside them, or dissolved down to
    /// it) while it stays, laid bare, and is read again at once. Built
    /// from the rows of its thousands of leaves each time, it cost a tenth
    /// of the slowest 9,999-player rounds (the S1-order loop of one broke
    /// the same such level 38 times). They are few: a level gets a dual
    /// only where a stage's dual update found it on top.
    pub(super) fn trim_spine(&mut self, b: usize) {
        let n = self.n;
        #[cfg(not(test))]
        let depth = KEPT_LEVELS;
        #[cfg(test)]
        let depth = TRIM_DEPTH.with(|c| c.get());
        let mut d = b;
        for _ in 0..depth {
            let size = &self.st.size;
            match self.st.childs[d].iter().copied().max_by_key(|&c| size[c]) {
                Some(c) if c >= n => d = c,
                _ => return,
            }
        }
        if d != self.st.scanning && self.st.dual[d].is_zero() {
            self.st.leafbest[d] = None;
        }
    }

    /// The kept child of a new blossom `b` with children `path` when `b`
    /// is a chain level: `b` is large, its children are one blossom whose
    /// `leafbest` and slacks were kept from its forming (see
    /// `Solver::add_blossom`) and two vertices.
    pub(super) fn chain_owner(&self, b: usize, path: &[usize]) -> Option<usize> {
        let owner = self.kept_owner(b)?;
        let fits = path.len() == 3
            && self.st.size[b] * 8 > self.n
            && path.iter().all(|&c| c == owner || c < self.n);
        #[cfg(test)]
        if PLAIN_LEVELS.with(|p| p.get()) {
            return None;
        }
        fits.then_some(owner)
    }

    /// The child of the new blossom `b` whose `leafbest` and the slacks
    /// `scratch` holds from its forming (in this dual epoch and stage)
    /// are kept, for `b` to start from (see `Solver::add_blossom`).
    pub(super) fn kept_owner(&self, b: usize) -> Option<usize> {
        let (owner, ep, stg) = self.st.scratch_of;
        let kept = owner != NONE
            && ep == self.epoch
            && stg == self.stage
            && self.parent[owner] == b
            && self.leafbest[owner].is_some();
        kept.then_some(owner)
    }

    /// `add_blossom`'s work after the cycle for a chain level `b` (see
    /// [`Solver::chain_owner`]): every vertex of the children moves into
    /// `b`, and `b` gets its `leafbest`, least slacks and best edge to an
    /// S-blossom, in one pass.
    pub(super) fn add_chain_level(&mut self, b: usize, path: &[usize], owner: usize) {
        #[cfg(test)]
        CHAIN_LEVELS.with(|c| c.set(c.get() + 1));
        let n = self.n;
        let mut sl = std::mem::take(&mut self.st.scratch);
        if sl.len() < n {
            sl.resize(n, W::zero());
        }
        let orig = self.leafbest[owner].take().expect("leafbest");
        // The pass compares `d(c) - w(c, u)` of each child `c` with the
        // same of `u`'s best leaf: the slack less `u`'s dual, which stays
        // as it is along a nest (one dual epoch), so `sl` keeps it
        // (shifted by `W::bias()`: it may be below zero) and a vertex's
        // dual is read only where a slack is needed.
        if !self.st.scratch_shifted {
            let (dual, bias) = (&self.st.dual, W::bias());
            for &u in self.act {
                if orig[u] != NO_LEAF {
                    sl[u] = sl[u].wrapping_sub(dual[u]).wrapping_add(bias);
                }
            }
            self.st.scratch_shifted = true;
        }
        let mut arr = orig.clone();
        // The two vertex children in cycle order, each with whether it
        // comes before `owner` (it then wins ties with owner's entries).
        let mut kids = [(NONE, false); 2];
        let mut before = true;
        let mut at = 0;
        for &c in path {
            self.st.childmark[c] = true;
            self.st.bestedge[c] = NO_EDGE;
            if c == owner {
                before = false;
            } else {
                kids[at] = (c, before);
                at += 1;
                arr[c] = NO_LEAF;
            }
        }
        #[cfg(debug_assertions)]
        for &u in self.act {
            let bu = self.st.inblossom[u];
            if self.st.childmark[bu] || orig[u] == NO_LEAF {
                continue;
            }
            let x = self.slack((orig[u] as usize, u));
            let kept = sl[u].wrapping_add(self.st.dual[u]).wrapping_sub(W::bias());
            debug_assert!(x == kept, "kept slack of {u}");
        }
        // The vertices outside `owner` (their places in `act`, in order)
        // and those inside: kept from the level before when it was a chain level of
        // this nest, else sorted out here. The pass below then goes over
        // the outside ones only, and the inside ones move into `b`
        // without a test each (whether a vertex lay inside or out, half
        // and half and scattered, was a branch mispredicted at every
        // other vertex: a sixth of the pass).
        let mut out = std::mem::take(&mut self.st.scratch_out);
        let mut ins = std::mem::take(&mut self.st.scratch_in);
        if self.st.scratch_lists != self.st.scratch_of {
            out.clear();
            ins.clear();
            for (p, &u) in self.act.iter().enumerate() {
                if self.st.inblossom[u] == owner {
                    ins.push(u as u32);
                } else {
                    out.push(p as u32);
                }
            }
        }
        for &u in &ins {
            self.st.inblossom[u as usize] = b;
        }
        for (kid, _) in kids {
            self.st.inblossom[kid] = b;
            ins.push(kid as u32);
        }
        let g = self.g;
        let best = match (g.row(kids[0].0), g.row(kids[1].0)) {
            (Row::Narrow(r0), Row::Narrow(r1)) => {
                self.chain_pass(kids, [r0, r1], &mut out, &orig, &mut arr, &mut sl)
            }
            (Row::Wide(r0), Row::Wide(r1)) => {
                self.chain_pass(kids, [r0, r1], &mut out, &orig, &mut arr, &mut sl)
            }
            _ => unreachable!("the rows of one table have one width"),
        };
        #[cfg(debug_assertions)]
        {
            let st = &self.st;
            debug_assert_eq!(out.len() + ins.len(), self.act.len());
            debug_assert!(ins.iter().all(|&u| st.inblossom[u as usize] == b));
            debug_assert!(out.windows(2).all(|p| p[0] < p[1]));
            debug_assert!(out.iter().all(|&p| st.inblossom[self.act[p as usize]] != b));
        }
        self.st.scratch_out = out;
        self.st.scratch_in = ins;
        self.st.scratch_lists = (b, self.epoch, self.stage);
        for &c in path {
            self.st.childmark[c] = false;
        }
        #[cfg(debug_assertions)]
        for v in 0..n {
            let st = &self.st;
            debug_assert!(!st.childmark[st.inblossom[v]], "vertex {v} left in a child");
        }
        self.leafbest[owner] = Some(orig);
        self.st.scratch = sl;
        self.st.scratch_of = (b, self.epoch, self.stage);
        self.leafbest[b] = Some(arr);
        self.stale[b] = 0;
        self.bestedge[b] = best.0;
        self.bestslack[b] = (best.1, self.epoch);
    }

    /// The pass of [`Solver::add_chain_level`] over rows `rows` of the
    /// vertex children `kids`, for the vertices `out` outside the level
    /// before (the kids leave the list); returns the best edge to an
    /// S-blossom and its slack.
    fn chain_pass<K: Key>(
        &mut self,
        kids: [(usize, bool); 2],
        rows: [&[K]; 2],
        out: &mut Vec<u32>,
        orig: &[Leaf],
        arr: &mut [Leaf],
        sl: &mut [W],
    ) -> (Edge, W) {
        let g = self.g;
        let st = &mut *self.st;
        let scale = st.scale;
        let bias = W::bias();
        let duals = [st.dual[kids[0].0], st.dual[kids[1].0]].map(|d| d.wrapping_add(bias));
        let mut best = NO_EDGE;
        let mut best_slack = W::zero();
        let mut kept = 0;
        for at in 0..out.len() {
            let u = self.act[out[at] as usize];
            out[kept] = out[at];
            if u == kids[0].0 || u == kids[1].0 {
                continue;
            }
            kept += 1;
            let bu = st.inblossom[u];
            for i in 0..2 {
                let k = rows[i][u].k();
                if k == NO_EDGE_WEIGHT {
                    continue;
                }
                let w2 = g.scaled_value(k, scale);
                // (Every edge out of a top-level vertex is feasible: a
                // slack compares as its shifted form does.)
                debug_assert!(st.dual[kids[i].0] + st.dual[u] >= w2, "{}-{u}", kids[i].0);
                // The slack less `u`'s dual, shifted (see above).
                let x = duals[i].wrapping_sub(w2);
                if arr[u] == NO_LEAF || x < sl[u] || (kids[i].1 && x == sl[u] && arr[u] == orig[u])
                {
                    arr[u] = kids[i].0 as Leaf;
                    sl[u] = x;
                }
            }
            if arr[u] != NO_LEAF && st.label[bu] == 1 {
                let slack = sl[u].wrapping_add(st.dual[u]).wrapping_sub(bias);
                if best == NO_EDGE || slack < best_slack {
                    best = (arr[u] as usize, u);
                    best_slack = slack;
                }
            }
        }
        out.truncate(kept);
        (best, best_slack)
    }
}
