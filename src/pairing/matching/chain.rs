//! Blossom nest levels formed one at a time, their `leafbest` built once.
//!
//! With many equal weights a tree grows a nest thousands of levels deep,
//! one level at a time, each the level before and two vertices: a
//! T-vertex and its mate (a 9,999-player round where nine games in ten of
//! round 1 were drawn forms ~4,500 levels over ~9,000 vertices, again in
//! each of its S1-order solves). `Solver::add_blossom` gives a level four
//! passes over the vertices: moving them into it, one row pass per new
//! vertex child, and the least-slack edge to an S-blossom. A level of
//! that shape needs none but the first: the vertices inside move by a
//! list kept from the level before, and the row passes of a stage's run
//! of levels are made once, for its top, when its `leafbest` is first
//! read (`Solver::build_chain`), in the same order of children, with
//! the same ties, over the vertices outside the top only.

use super::table::{on_row, Key};
use super::{Leaf, Solver, Weight, NONE, NO_EDGE, NO_EDGE_WEIGHT, NO_LEAF};

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
        if d != self.st.scanning && d != self.st.lazy_base && self.st.dual[d].is_zero() {
            self.st.leafbest[d] = None;
        }
    }

    /// The kept child of a new blossom `b` with children `path` when `b`
    /// is a chain level: its children are one blossom whose `leafbest`
    /// and slacks were kept from its forming (see `Solver::add_blossom`),
    /// or the top of the stage's run of chain levels, and two vertices.
    /// (Of any size: a small nest's levels each made three passes over
    /// every vertex and a copy of the child's `leafbest`, a tenth of a
    /// 9,999-player round where many small nests grow; a run makes the
    /// row passes for its top alone, once.)
    pub(super) fn chain_owner(&self, b: usize, path: &[usize]) -> Option<usize> {
        let (top, ep, stg) = self.st.lazy_top;
        let lazy = top != NONE && ep == self.epoch && stg == self.stage && self.parent[top] == b;
        let owner = if lazy { top } else { self.kept_owner(b)? };
        let fits = path.len() == 3 && path.iter().all(|&c| c == owner || c < self.n);
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
    /// `b`, and `b` joins the run of levels whose `leafbest` waits (see
    /// [`Solver::build_chain`]): a level's pass reads its two vertices'
    /// rows over every vertex outside it, and a nest regrown in one
    /// stage took in the whole component one level at a time (a
    /// 9,999-player round: 99,538 levels, 305 million outside vertices
    /// read). Its `leafbest` is read only once the queue runs dry, the
    /// top's alone, and by then the vertices outside are few: the same
    /// rows read over them come to an eighth of that.
    pub(super) fn add_chain_level(&mut self, b: usize, path: &[usize], owner: usize) {
        #[cfg(test)]
        CHAIN_LEVELS.with(|c| c.set(c.get() + 1));
        let (epoch, stage) = (self.epoch, self.stage);
        if self.st.lazy_top.0 != owner {
            // A run starts on a level that has its `leafbest`, and whose
            // slacks `scratch` holds.
            debug_assert!(self.st.lazy_top.0 == NONE, "an unbuilt run left");
            debug_assert!(self.leafbest[owner].is_some());
            self.st.lazy_base = owner;
            self.st.lazy_kids.clear();
        }
        let mut kids = [NONE; 2];
        let mut at = 0;
        let mut before = true;
        for &c in path {
            self.st.bestedge[c] = NO_EDGE;
            if c == owner {
                before = false;
            } else {
                kids[at] = c;
                at += 1;
                self.st.lazy_kids.push((c as u32, before));
            }
        }
        // The vertices outside `owner` (their places in `act`, in order)
        // and those inside: kept from the level before when it was a
        // chain level of this nest, else sorted out here. The inside ones
        // move into `b` without a test each; a scan from `b` reads only
        // the outside ones (see `Solver::scan_row`).
        let mut out = std::mem::take(&mut self.st.scratch_out);
        let mut ins = std::mem::take(&mut self.st.scratch_in);
        if self.st.scratch_lists != (owner, epoch, stage) {
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
        for kid in kids {
            self.st.inblossom[kid] = b;
            ins.push(kid as u32);
            // (`act` is in order, and so is `out`.)
            let p = self.act.binary_search(&kid);
            let at = p.and_then(|p| out.binary_search(&(p as u32)));
            debug_assert!(at.is_ok(), "vertex child {kid} outside");
            if let Ok(at) = at {
                out.remove(at);
            }
        }
        #[cfg(debug_assertions)]
        {
            let st = &self.st;
            debug_assert_eq!(out.len() + ins.len(), self.act.len());
            debug_assert!(ins.iter().all(|&u| st.inblossom[u as usize] == b));
            debug_assert!(out.iter().all(|&p| st.inblossom[self.act[p as usize]] != b));
        }
        self.st.scratch_out = out;
        self.st.scratch_in = ins;
        self.st.scratch_lists = (b, epoch, stage);
        self.leafbest[b] = None;
        self.stale[b] = 0;
        self.bestedge[b] = NO_EDGE;
        self.bestslack[b] = (W::zero(), epoch);
        self.st.lazy_top = (b, epoch, stage);
    }

    /// Builds the `leafbest`, least slacks and best edge to an S-blossom
    /// of the top of the run of chain levels (see
    /// [`Solver::add_chain_level`]), if one waits: from the base's
    /// `leafbest` and slacks, the rows of the run's vertex children, level
    /// by level, over the vertices outside the top. Each vertex ends with
    /// the entry the levels' passes one by one would have given it (the
    /// same ties: a child before its level's blossom child in the cycle
    /// wins a tie with what the level below held). The levels between
    /// keep none; one laid bare later builds its own from its rows.
    pub(super) fn build_chain(&mut self) {
        let (top, ep, stg) = self.st.lazy_top;
        if top == NONE {
            return;
        }
        self.st.lazy_top = (NONE, 0, 0);
        let m = self.st.lazy_base;
        debug_assert!(
            ep == self.epoch && stg == self.stage,
            "a run outlived its stage"
        );
        debug_assert_eq!(self.st.scratch_of, (m, ep, stg));
        debug_assert_eq!(self.st.scratch_lists, (top, ep, stg));
        debug_assert!(self.st.base[top] != NONE);
        let n = self.n;
        let mut sl = std::mem::take(&mut self.st.scratch);
        if sl.len() < n {
            sl.resize(n, W::zero());
        }
        let orig = self.leafbest[m].take().expect("leafbest of a run's base");
        // The passes compare `d(c) - w(c, u)` of each child `c` with the
        // same of `u`'s best leaf: the slack less `u`'s dual (shifted by
        // `W::bias()`: it may be below zero), so a vertex's dual is read
        // only where a slack is needed.
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
        let kids = std::mem::take(&mut self.st.lazy_kids);
        for &(k, _) in &kids {
            arr[k as usize] = NO_LEAF;
        }
        let out = std::mem::take(&mut self.st.scratch_out);
        #[cfg(debug_assertions)]
        for &p in &out {
            let u = self.act[p as usize];
            if orig[u] != NO_LEAF {
                let x = self.slack((orig[u] as usize, u));
                let kept = sl[u].wrapping_add(self.st.dual[u]).wrapping_sub(W::bias());
                debug_assert!(x == kept, "kept slack of {u}");
            }
        }
        let g = self.g;
        for level in kids.chunks(2) {
            for (i, &(k, before)) in level.iter().enumerate() {
                // (Within a level, the second child wins a tie only with
                // an entry the first did not take.)
                let other = if i == 1 { level[0].0 as Leaf } else { NO_LEAF };
                let k = k as usize;
                on_row!(g.row(k), ks => self.chain_pass(k, (before, other), ks, &out, &mut arr, &mut sl));
            }
        }
        let mut best = NO_EDGE;
        let mut best_slack = W::zero();
        {
            let st = &*self.st;
            let bias = W::bias();
            for &p in &out {
                let u = self.act[p as usize];
                if arr[u] != NO_LEAF && st.label[st.inblossom[u]] == 1 {
                    let slack = sl[u].wrapping_add(st.dual[u]).wrapping_sub(bias);
                    if best == NO_EDGE || slack < best_slack {
                        best = (arr[u] as usize, u);
                        best_slack = slack;
                    }
                }
            }
        }
        self.st.scratch_out = out;
        self.st.lazy_kids = kids;
        self.st.lazy_kids.clear();
        self.leafbest[m] = Some(orig);
        self.st.scratch = sl;
        self.st.scratch_of = (top, ep, stg);
        self.leafbest[top] = Some(arr);
        self.stale[top] = 0;
        self.bestedge[top] = best;
        self.bestslack[top] = (best_slack, ep);
    }

    /// One pass of [`Solver::build_chain`]: the row `ks` of vertex child
    /// `k` over the vertices `out`; `before`: `k` wins ties with the
    /// entries of the level below, other than `other` (the level's first
    /// child, which took them in this level).
    fn chain_pass<K: Key>(
        &self,
        k: usize,
        (before, other): (bool, Leaf),
        ks: &[K],
        out: &[u32],
        arr: &mut [Leaf],
        sl: &mut [W],
    ) {
        let g = self.g;
        let st = &*self.st;
        let scale = st.scale;
        let dk = st.dual[k].wrapping_add(W::bias());
        for &p in out {
            let u = self.act[p as usize];
            let key = ks[u].k();
            if key == NO_EDGE_WEIGHT {
                continue;
            }
            let w2 = g.scaled_value(key, scale);
            // (Every edge out of a top-level vertex is feasible: a slack
            // compares as its shifted form does.)
            debug_assert!(st.dual[k] + st.dual[u] >= w2, "{k}-{u}");
            let x = dk.wrapping_sub(w2);
            let a = arr[u];
            if a == NO_LEAF || x < sl[u] || (before && x == sl[u] && a != other) {
                arr[u] = k as Leaf;
                sl[u] = x;
            }
        }
    }
}
