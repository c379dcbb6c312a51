//! Re-threading part of a blossom nest in place.
//!
//! Two edits change the matching inside a nest without changing a dual:
//! [`Matcher::move_to_best`] swaps pairs around a short alternating cycle
//! of tight edges, and fixing a pair matched inside blossoms
//! ([`Matcher::isolate_pair`]) takes both players out of every blossom
//! (their other edges go, so nothing ties them to the rest). The duals
//! still prove the matching optimal (each blossom with a dual stays full);
//! only the cycles the nest keeps no longer alternate. Dissolving every
//! blossom around the players (what the edits did before) moves the duals
//! of thousands of levels onto their vertices and frees their bases: in
//! a 9,999-player round after nine games in ten of round 1 were drawn,
//! the next solve then took 100–600 ms to grow the nest again, 11 of that
//! round's 25 s.
//!
//! Instead, the levels whose cycles broke are re-threaded: below an
//! *anchor* (a blossom that keeps its id, its dual and its base), every
//! broken level has a zero dual and goes, and the pieces left (untouched
//! blossoms and single vertices, the *units*) are joined again by
//! Edmonds' search from the anchor's base over tight edges: the old
//! cycles' edges and the new matched ones. After a swap the search always
//! joins them all: the anchor's tight graph was factor-critical (its old
//! cycles show it) and stays so, and in a factor-critical graph the search
//! from the one vertex a near-perfect matching leaves out makes every
//! vertex outer, all in one blossom. That holds for any number of swaps
//! under one blossom with a dual (each untouched unit still has only its
//! base matched outside it), so the swaps between two edits are
//! re-threaded together. After a pair leaves, the graph left may not be
//! factor-critical; then nothing changes and the caller dissolves as
//! before.

use super::{collect_leaves, Edge, Matcher, State, Weight, NONE, NO_EDGE, NO_LEAF, STALE_LEAF};
use std::collections::VecDeque;

#[cfg(test)]
thread_local! {
    /// Tests: how many pairs left their nest whole.
    pub(super) static EXTRACTED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

const OUTER: u8 = 1;
const INNER: u8 = 2;

/// The new interior of one anchor, to apply once every anchor of the edit
/// has one.
struct Plan {
    anchor: usize,
    /// Zero-dual blossoms inside the anchor that go.
    dissolved: Vec<usize>,
    /// Node `i` below `units.len()`: the unit's id (vertex or blossom).
    units: Vec<usize>,
    /// Nodes from `units.len()` on: children (nodes) and cycle edges.
    formed: Vec<(Vec<usize>, Vec<Edge>)>,
    /// The node holding everything: the anchor's new cycle, or a unit (the
    /// anchor had only that unit left and merges into it).
    last: usize,
}

/// A removed vertex's mark in `Units::of` (it belongs to no unit).
const GONE: usize = NONE - 1;

/// Which unit each vertex of an anchor belongs to, found by walking up
/// from the vertex to the first node named (a unit, or a node a walk
/// passed before): only the vertices the search reads are named, not every
/// leaf of every unit (a re-threading after a swap of three pairs would
/// otherwise name the 9,000 vertices of an untouched child, 0.8 ms each
/// time).
struct Units<'a> {
    parent: &'a [usize],
    /// Per vertex and blossom: its unit, `GONE`, or `NONE` (not named).
    of: &'a mut [usize],
    /// Every node named, to clear at the end.
    named: Vec<usize>,
    path: Vec<usize>,
}

impl Units<'_> {
    fn name(&mut self, x: usize, u: usize) {
        self.of[x] = u;
        self.named.push(x);
    }

    /// The unit of `x` (`NONE`: removed, or outside the anchor).
    fn of(&mut self, x: usize) -> usize {
        let mut y = x;
        while y != NONE && self.of[y] == NONE {
            self.path.push(y);
            y = self.parent[y];
        }
        if y == NONE {
            // (Outside the anchor: no walk names anything up there.)
            self.path.clear();
            return NONE;
        }
        let u = self.of[y];
        while let Some(z) = self.path.pop() {
            self.name(z, u);
        }
        if u == GONE {
            NONE
        } else {
            u
        }
    }

    fn clear(&mut self) {
        for &x in &self.named {
            self.of[x] = NONE;
        }
        self.named.clear();
    }
}

/// Edmonds' search over the units of one anchor (no duals: tight edges
/// only, a single tree).
struct Search<'a> {
    mate: &'a [usize],
    units: Units<'a>,
    nbase: Vec<usize>,
    uf: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<Edge>,
    adj: Vec<Vec<Edge>>,
    formed: Vec<(Vec<usize>, Vec<Edge>)>,
    mark: Vec<u32>,
    stamp: u32,
    queue: VecDeque<usize>,
}

impl Search<'_> {
    fn find(&mut self, mut x: usize) -> usize {
        while self.uf[x] != x {
            self.uf[x] = self.uf[self.uf[x]];
            x = self.uf[x];
        }
        x
    }

    fn node_of(&mut self, v: usize) -> usize {
        let u = self.units.of(v);
        self.find(u)
    }

    fn new_node(&mut self, base: usize) -> usize {
        let id = self.uf.len();
        self.uf.push(id);
        self.nbase.push(base);
        self.label.push(0);
        self.labelend.push(NO_EDGE);
        self.mark.push(0);
        id
    }

    /// The outer node above the outer node `s` in the tree (`NONE`: root).
    fn grandparent(&mut self, s: usize) -> usize {
        let o = self.labelend[s].0;
        if o == NONE {
            return NONE;
        }
        let t = self.node_of(o);
        let o2 = self.labelend[t].0;
        self.node_of(o2)
    }

    /// Joins the tree paths of the outer nodes `bx` and `by` (edge `x–y`)
    /// into a new outer blossom, as `Solver::add_blossom` lays its cycle.
    fn form(&mut self, x: usize, y: usize, bx: usize, by: usize) {
        self.stamp += 1;
        let stamp = self.stamp;
        let (mut v, mut w) = (bx, by);
        let base = loop {
            if v != NONE {
                if self.mark[v] == stamp {
                    break v;
                }
                self.mark[v] = stamp;
                v = self.grandparent(v);
            }
            std::mem::swap(&mut v, &mut w);
        };
        let mut path = Vec::new();
        let mut edges = Vec::new();
        let mut bv = bx;
        while bv != base {
            path.push(bv);
            edges.push(self.labelend[bv]);
            bv = self.node_of(self.labelend[bv].0);
        }
        path.push(base);
        path.reverse();
        edges.reverse();
        edges.push((x, y));
        let mut bw = by;
        while bw != base {
            path.push(bw);
            let (o, i) = self.labelend[bw];
            edges.push((i, o));
            bw = self.node_of(o);
        }
        let nb = self.new_node(self.nbase[base]);
        self.label[nb] = OUTER;
        self.labelend[nb] = self.labelend[base];
        for &c in &path {
            self.uf[c] = nb;
            if self.label[c] == INNER {
                // (Inner nodes are units: only outer ones are formed.)
                self.queue.push_back(c);
            }
        }
        self.formed.push((path, edges));
    }

    /// Grows the tree from the outer units queued; false when the
    /// matching does not fit the units (never expected).
    fn grow(&mut self) -> bool {
        while let Some(u) = self.queue.pop_front() {
            for k in 0..self.adj[u].len() {
                let (x, y) = self.adj[u][k];
                let bx = self.node_of(x);
                let by = self.node_of(y);
                if bx == by {
                    continue;
                }
                match self.label[by] {
                    0 => {
                        self.label[by] = INNER;
                        self.labelend[by] = (x, y);
                        let base = self.nbase[by];
                        let m = self.mate[base];
                        if m == NONE || self.units.of(m) == NONE {
                            return false;
                        }
                        let bm = self.node_of(m);
                        if self.label[bm] != 0 {
                            return false;
                        }
                        self.label[bm] = OUTER;
                        self.labelend[bm] = (base, m);
                        self.queue.push_back(bm);
                    }
                    OUTER => self.form(x, y, bx, by),
                    _ => {}
                }
            }
        }
        true
    }

    /// A level lost the only cycle edge it had to the rest (an edge of
    /// the pair that left): every tight edge of the vertices outside the
    /// root's blossom joins the search, when that is at most
    /// `RESCUE_READS` reads, and the tree grows again. Edges between two
    /// vertices already in that blossom can never matter, so a second
    /// rescue would find nothing new.
    fn rescue(
        &mut self,
        root: usize,
        src: &[usize],
        removed: &[usize],
        n: usize,
        childs: &[Vec<usize>],
        tight: impl Fn(usize, usize) -> bool,
    ) -> bool {
        let mut all = Vec::new();
        for &u in src {
            collect_leaves(childs, n, u, &mut all);
        }
        all.retain(|v| !removed.contains(v));
        let top = self.find(root);
        let mut stuck: Vec<usize> = (all.iter().copied())
            .filter(|&v| self.node_of(v) != top)
            .collect();
        if stuck.len() * all.len() > RESCUE_READS {
            return true;
        }
        stuck.sort_unstable();
        for &x in &stuck {
            let ux = self.units.of(x);
            for &y in &all {
                let inner = stuck.binary_search(&y).is_ok();
                let uy = self.units.of(y);
                if ux == uy || (inner && y < x) || !tight(x, y) {
                    continue;
                }
                self.adj[ux].push((x, y));
                self.adj[uy].push((y, x));
            }
        }
        let k = src.len();
        self.requeue(k);
        self.grow()
    }

    /// Queues every unit inside an outer node for another scan.
    fn requeue(&mut self, units: usize) {
        for u in 0..units {
            let t = self.find(u);
            if self.label[t] == OUTER {
                self.queue.push_back(u);
            }
        }
    }
}

/// The most tight-edge reads a rescue may make (see `State::plan_anchor`):
/// a few non-root vertices against a 9,000-vertex anchor.
const RESCUE_READS: usize = 1 << 20;

impl<W: Weight> State<W> {
    /// The new interior of `anchor`: the zero-dual blossoms inside it that
    /// `hot` names go (one with a dual: `None`), the vertices `removed`
    /// leave, `prev.0` (the anchor below, or `NONE`) is a unit that
    /// `prev.1` stands for once the plans are laid (see `apply_plan`), and
    /// the units are joined again by the search over the cycle edges of
    /// the anchor and of the blossoms that go (and, when that is not
    /// enough, the `tight` edges of the units left out). `None` when the
    /// search cannot join them all.
    fn plan_anchor(
        &self,
        anchor: usize,
        prev: (usize, usize),
        hot: impl Fn(usize) -> bool,
        removed: &[usize],
        tight: impl Fn(usize, usize) -> bool,
        unit_of: &mut [usize],
    ) -> Option<Plan> {
        let n = self.inblossom.len();
        let mut dissolved = Vec::new();
        let mut units = Vec::new();
        // (The blossoms the units are now, whose leaves they hold.)
        let mut src = Vec::new();
        let mut edges: Vec<Edge> = Vec::new();
        let mut stack = vec![anchor];
        while let Some(bl) = stack.pop() {
            edges.extend(self.bedges[bl].iter().copied());
            for &c in &self.childs[bl] {
                if c < n {
                    if !removed.contains(&c) {
                        units.push(c);
                        src.push(c);
                    }
                } else if c == prev.0 {
                    units.push(prev.1);
                    src.push(c);
                } else if hot(c) {
                    if !self.dual[c].is_zero() {
                        return None;
                    }
                    dissolved.push(c);
                    stack.push(c);
                } else {
                    units.push(c);
                    src.push(c);
                }
            }
        }
        let mut named = Units {
            parent: &self.parent,
            of: unit_of,
            named: Vec::new(),
            path: Vec::new(),
        };
        for &v in removed {
            named.name(v, GONE);
        }
        for (i, &u) in src.iter().enumerate() {
            named.name(u, i);
        }
        let mut adj = vec![Vec::new(); units.len()];
        for &(x, y) in &edges {
            let (ux, uy) = (named.of(x), named.of(y));
            if ux != NONE && uy != NONE && ux != uy {
                adj[ux].push((x, y));
                adj[uy].push((y, x));
            }
        }
        let nbase: Vec<usize> = (src.iter())
            .map(|&u| if u < n { u } else { self.base[u] })
            .collect();
        let k = units.len();
        let root = named.of(self.base[anchor]);
        let mut search = Search {
            mate: &self.mate,
            units: named,
            nbase,
            uf: (0..k).collect(),
            label: vec![0; k],
            labelend: vec![NO_EDGE; k],
            adj,
            formed: Vec::new(),
            mark: vec![0; k],
            stamp: 0,
            queue: VecDeque::new(),
        };
        let mut last = None;
        if root != NONE {
            search.label[root] = OUTER;
            search.queue.push_back(root);
            let mut grew = search.grow();
            let top = search.find(root);
            if grew && !(0..k).all(|u| search.find(u) == top) {
                grew = search.rescue(root, &src, removed, n, &self.childs, &tight);
            }
            let top = search.find(root);
            if grew && (0..k).all(|u| search.find(u) == top) {
                last = Some(top);
            }
        }
        let formed = std::mem::take(&mut search.formed);
        search.units.clear();
        Some(Plan {
            anchor,
            dissolved,
            units,
            formed,
            last: last?,
        })
    }

    /// A zero-dual blossom whose children have gone elsewhere ends: its id
    /// goes back, nobody is unmatched.
    fn drop_blossom(&mut self, b: usize) {
        debug_assert!(self.dual[b].is_zero());
        self.childs[b].clear();
        self.bedges[b].clear();
        self.base[b] = NONE;
        self.parent[b] = NONE;
        self.forget_blossom(b);
        self.unused.push(b);
    }

    /// Lays a plan's interior into the nest. Returns what stands for the
    /// anchor now: the anchor, or the unit it merged into.
    fn apply_plan(&mut self, plan: Plan) -> usize {
        let n = self.inblossom.len();
        for &b in &plan.dissolved {
            let childs = std::mem::take(&mut self.childs[b]);
            let bedges = std::mem::take(&mut self.bedges[b]);
            self.drop_blossom(b);
            // (Keep the vectors' room for the blossoms formed below.)
            self.childs[b] = childs;
            self.childs[b].clear();
            self.bedges[b] = bedges;
            self.bedges[b].clear();
        }
        let k = plan.units.len();
        let anchor = plan.anchor;
        if plan.last < k {
            // Only one unit is left: the anchor's dual goes onto it (a
            // single vertex holds no edge for it to count in).
            let c = plan.units[plan.last];
            let z = std::mem::replace(&mut self.dual[anchor], W::zero());
            if c >= n {
                self.dual[c] = self.dual[c] + z;
            }
            let up = self.parent[anchor];
            self.parent[c] = up;
            if up != NONE {
                for x in self.childs[up].iter_mut() {
                    if *x == anchor {
                        *x = c;
                    }
                }
            }
            self.childs[anchor].clear();
            self.bedges[anchor].clear();
            self.drop_blossom(anchor);
            self.parent[anchor] = NONE;
            return c;
        }
        let mut real: Vec<usize> = plan.units.clone();
        for j in 0..plan.formed.len() {
            let id = if k + j == plan.last {
                anchor
            } else {
                let b = self.unused.pop().expect("blossom ids");
                self.blossom_end = self.blossom_end.max(b + 1);
                b
            };
            real.push(id);
        }
        for (j, (path, edges)) in plan.formed.into_iter().enumerate() {
            let id = real[k + j];
            let mut childs = std::mem::take(&mut self.childs[id]);
            childs.clear();
            childs.extend(path.iter().map(|&c| real[c]));
            let mut size = 0;
            for &c in &childs {
                self.parent[c] = id;
                size += self.size[c];
            }
            self.size[id] = size;
            let b0 = childs[0];
            let base = if b0 < n { b0 } else { self.base[b0] };
            self.childs[id] = childs;
            self.bedges[id] = edges;
            if id != anchor {
                self.base[id] = base;
                self.dual[id] = W::zero();
                self.parent[id] = NONE;
                self.forget_blossom(id);
            } else {
                debug_assert_eq!(self.base[id], base);
            }
        }
        anchor
    }

    /// Marks stale the entries of `b`'s `leafbest` that name a vertex of
    /// `gone` (see `Matcher::isolate_matched_pair`).
    fn forget_leaves(&mut self, b: usize, gone: &[usize]) {
        let limit = self.inblossom.len() / 8;
        let Some(arr) = self.leafbest[b].as_mut() else {
            return;
        };
        let mut count = self.stale[b];
        for e in arr.iter_mut() {
            if *e != NO_LEAF && *e != STALE_LEAF && gone.contains(&(*e as usize)) {
                *e = STALE_LEAF;
                count += 1;
            }
        }
        self.stale[b] = count;
        if count as usize > limit {
            self.leafbest[b] = None;
        }
    }
}

impl<W: Weight> Matcher<W> {
    /// Whether the edge `x–y` is tight, for two vertices of blossom `b`
    /// in two of the pieces it is re-threaded from (only `b` and the
    /// blossoms around it hold both with a dual).
    fn tight_in(&self, b: usize) -> impl Fn(usize, usize) -> bool + '_ {
        let st = &self.st;
        let z = st.z_from(b);
        move |x, y| {
            let w = self.w.at(x, y);
            !w.is_zero() && st.dual[x] + st.dual[y] + z + z == st.scaled(w)
        }
    }

    /// After [`Matcher::move_to_best`] swapped the pairs `old` (as they
    /// were before each move, from one or more moves inside the same
    /// innermost blossom with a dual) to the pairs the matching holds now:
    /// re-threads the innermost blossom holding them all and the levels
    /// inside it holding both ends of an old pair. False (nothing
    /// changed) when the search cannot join them (never expected).
    pub(super) fn rethread_swap(&mut self, old: &[(usize, usize)]) -> bool {
        let st = &self.st;
        let mut top = st.parent[old[0].0];
        for &(x, y) in old {
            for v in [x, y] {
                top = st.meet(top, st.parent[v]);
            }
        }
        if top == NONE {
            return false;
        }
        self.hot_stamp += 1;
        let stamp = self.hot_stamp;
        for &(x, y) in old {
            let mut b = st.common_blossom(x, y);
            while b != top {
                self.hot[b] = stamp;
                b = st.parent[b];
            }
        }
        let mut unit_of = std::mem::take(&mut self.unit_of);
        let hot = &self.hot;
        let tight = self.tight_in(top);
        let plan = st.plan_anchor(
            top,
            (NONE, NONE),
            |b| hot[b] == stamp,
            &[],
            tight,
            &mut unit_of,
        );
        self.unit_of = unit_of;
        let Some(plan) = plan else {
            return false;
        };
        self.st.apply_plan(plan);
        true
    }

    /// Takes the matched pair `a–b` out of every blossom around it,
    /// re-threading the levels whose cycles held either (see the module
    /// notes); each vertex gains the duals of the blossoms it leaves, so
    /// `a–b` stays tight. The caller removes every other edge of both.
    /// False (nothing changed) when it cannot: a blossom with a dual holds
    /// one and not the other, or the levels left cannot be joined again
    /// over the old cycle edges.
    pub(super) fn extract_pair(&mut self, a: usize, b: usize) -> bool {
        let st = &self.st;
        let gone = [a, b];
        // The highest level whose cycle names `a` or `b`.
        let mut h = NONE;
        for x in gone {
            let mut l = st.parent[x];
            let mut found = NONE;
            while l != NONE {
                let names = st.parent[a] == l
                    || st.parent[b] == l
                    || st.bedges[l]
                        .iter()
                        .any(|&(p, q)| gone.contains(&p) || gone.contains(&q));
                if names {
                    found = l;
                }
                l = st.parent[l];
            }
            if found != NONE && (h == NONE || contains(st, found, h)) {
                h = found;
            }
        }
        if h == NONE || !contains(st, h, a) || !contains(st, h, b) {
            return false;
        }
        // Levels below `h` around either: the anchors are those with a
        // dual (holding both), then `h`; the others go.
        self.hot_stamp += 1;
        let stamp = self.hot_stamp;
        let mut anchors = Vec::new();
        for x in gone {
            let mut l = st.parent[x];
            while l != h {
                if st.dual[l].is_zero() {
                    self.hot[l] = stamp;
                } else if !contains(st, l, a) || !contains(st, l, b) {
                    return false;
                } else if !anchors.contains(&l) {
                    anchors.push(l);
                }
                l = st.parent[l];
            }
        }
        anchors.sort_by_key(|&l| std::cmp::Reverse(depth(st, l)));
        anchors.push(h);
        let mut unit_of = std::mem::take(&mut self.unit_of);
        let mut plans = Vec::new();
        let mut prev = (NONE, NONE);
        for &k in &anchors {
            let hot = &self.hot;
            let tight = self.tight_in(k);
            match st.plan_anchor(k, prev, |l| hot[l] == stamp, &gone, tight, &mut unit_of) {
                Some(p) => {
                    let stands = if p.last < p.units.len() {
                        p.units[p.last]
                    } else {
                        k
                    };
                    prev = (k, stands);
                    plans.push(p);
                }
                None => {
                    self.unit_of = unit_of;
                    return false;
                }
            }
        }
        self.unit_of = unit_of;
        let za = st.z_from(st.parent[a]);
        let zb = st.z_from(st.parent[b]);
        let above = st.parent[h];
        let was_top = above == NONE;
        let n = self.n;
        let st = &mut self.st;
        let mut stands = NONE;
        for plan in plans {
            let k = plan.anchor;
            stands = st.apply_plan(plan);
            if stands == k {
                st.forget_leaves(k, &gone);
            }
        }
        let mut l = above;
        while l != NONE {
            st.size[l] -= 2;
            st.forget_leaves(l, &gone);
            l = st.parent[l];
        }
        // Every other edge of both goes: no blossom has one to either.
        for l in n..st.blossom_end {
            if let Some(arr) = st.leafbest[l].as_mut() {
                for x in gone {
                    if arr[x] == STALE_LEAF {
                        st.stale[l] -= 1;
                    }
                    arr[x] = NO_LEAF;
                }
            }
        }
        for (x, z) in [(a, za), (b, zb)] {
            st.parent[x] = NONE;
            st.inblossom[x] = x;
            st.dual[x] = st.dual[x] + z;
        }
        if was_top && stands != h {
            // The nest's top merged into what was left of it.
            let mut lv = Vec::new();
            collect_leaves(&st.childs, n, stands, &mut lv);
            for v in lv {
                st.inblossom[v] = stands;
            }
        }
        #[cfg(test)]
        EXTRACTED.with(|c| c.set(c.get() + 1));
        true
    }
}

/// Whether blossom `l` holds `x` (a vertex or blossom).
fn contains<W: Weight>(st: &State<W>, l: usize, mut x: usize) -> bool {
    while x != NONE {
        if x == l {
            return true;
        }
        x = st.parent[x];
    }
    false
}

fn depth<W: Weight>(st: &State<W>, mut l: usize) -> usize {
    let mut d = 0;
    while l != NONE {
        d += 1;
        l = st.parent[l];
    }
    d
}
