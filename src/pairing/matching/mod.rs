//! Maximum-weight matching on a general graph (Edmonds' blossom algorithm
//! with dual variables, the O(n³) primal-dual form described by Galil).
//!
//! The matcher knows nothing of tournaments: vertices are `0..n`, an edge
//! weight of zero means "no edge", and [`Matcher::solve`] returns a matching
//! of maximum total weight (not necessarily of maximum cardinality; callers
//! that want cardinality first put it in the weights' high bits).

// Index loops over parallel arrays read better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

mod chain;
mod marks;
mod rebuild;
mod table;
pub mod uint;

use marks::{is_marked, TightMarks};
use table::{on_row, Key, Side, Table, NO_EDGE_WEIGHT};
pub use table::{Indices, WordHasher, WordMap};
pub use uint::Uint;

use std::collections::VecDeque;
use std::ops::{Add, Sub};

/// What the matcher needs of an edge weight: exact, non-negative, ordered.
pub trait Weight:
    Copy + Ord + std::hash::Hash + std::fmt::Debug + Add<Output = Self> + Sub<Output = Self>
{
    fn zero() -> Self;
    fn is_zero(&self) -> bool;
    /// `self - o`, or zero when `o > self`.
    fn saturating_sub(self, o: Self) -> Self {
        if self > o {
            self - o
        } else {
            Self::zero()
        }
    }
    /// `a + b - c`, or zero when `c > a + b`: an edge's slack.
    #[inline]
    fn sum_minus(a: Self, b: Self, c: Self) -> Self {
        (a + b).saturating_sub(c)
    }
    /// Exact half of an even value.
    fn half(self) -> Self;
    /// `self * 2^k` (the caller leaves room at the top).
    fn shl(self, k: u32) -> Self;
    fn is_odd(&self) -> bool;
    fn one() -> Self;
    /// Number of significant bits.
    fn bit_len(&self) -> u32;
    /// `self + o` modulo the type's range.
    fn wrapping_add(self, o: Self) -> Self;
    /// `self - o` modulo the type's range.
    fn wrapping_sub(self, o: Self) -> Self;
    /// Half the type's range, zero for a signed type: for `x` and `y`
    /// (signed, within half the range either way) `x + bias` and
    /// `y + bias`, wrapped, compare as `x` and `y` do.
    fn bias() -> Self;
}

impl Weight for i64 {
    fn zero() -> Self {
        0
    }
    fn shl(self, k: u32) -> Self {
        self << k
    }
    fn is_odd(&self) -> bool {
        *self & 1 == 1
    }
    fn one() -> Self {
        1
    }
    fn bit_len(&self) -> u32 {
        64 - self.leading_zeros()
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn half(self) -> Self {
        self / 2
    }
    fn wrapping_add(self, o: Self) -> Self {
        i64::wrapping_add(self, o)
    }
    fn wrapping_sub(self, o: Self) -> Self {
        i64::wrapping_sub(self, o)
    }
    fn bias() -> Self {
        0
    }
}

impl Weight for u64 {
    fn zero() -> Self {
        0
    }
    fn shl(self, k: u32) -> Self {
        self << k
    }
    fn is_odd(&self) -> bool {
        *self & 1 == 1
    }
    fn one() -> Self {
        1
    }
    fn bit_len(&self) -> u32 {
        64 - self.leading_zeros()
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn half(self) -> Self {
        self / 2
    }
    fn wrapping_add(self, o: Self) -> Self {
        u64::wrapping_add(self, o)
    }
    fn wrapping_sub(self, o: Self) -> Self {
        u64::wrapping_sub(self, o)
    }
    fn bias() -> Self {
        1 << 63
    }
}

impl<const N: usize> Weight for Uint<N> {
    fn zero() -> Self {
        Uint::ZERO
    }
    #[inline]
    fn is_zero(&self) -> bool {
        Uint::is_zero(self)
    }
    #[inline]
    fn saturating_sub(self, o: Self) -> Self {
        let (d, borrow) = self.overflowing_sub(o);
        if borrow {
            Uint::ZERO
        } else {
            d
        }
    }
    fn half(self) -> Self {
        Uint::half(self)
    }
    #[inline(always)]
    fn sum_minus(a: Self, b: Self, c: Self) -> Self {
        Uint::sum_minus_saturating(a, b, c)
    }
    #[inline]
    fn shl(self, k: u32) -> Self {
        self.shifted_left(k)
    }
    fn is_odd(&self) -> bool {
        self.0.first().is_some_and(|l| l & 1 == 1)
    }
    fn one() -> Self {
        Uint::from_u64(1)
    }
    fn bit_len(&self) -> u32 {
        Uint::bit_len(self)
    }
    #[inline(always)]
    fn wrapping_add(self, o: Self) -> Self {
        self + o
    }
    #[inline(always)]
    fn wrapping_sub(self, o: Self) -> Self {
        self - o
    }
    #[inline(always)]
    fn bias() -> Self {
        let mut b = Uint::ZERO;
        b.0[N - 1] = 1 << 63;
        b
    }
}

const NONE: usize = usize::MAX;
/// How many times the values may be doubled before starting afresh; weights
/// must leave this many spare bits (plus a few) at the top.
pub const MAX_SCALE: u32 = 16;
/// A vertex is a hub when it holds the heaviest edge of more than one row
/// in this many.
const HUB_SHARE: usize = 16;
/// Ties count towards hubs while they make at most one free vertex in
/// this many a hub (see [`Solver::row_max_duals`]).
const TIED_HUB_SHARE: usize = 4;
/// The most stages a fresh start sprints in a row (see [`Solver::run`]).
const MAX_SPRINTS: u32 = 1024;
/// How many free vertices the warm start of a kept state must see before
/// it may judge that the kept duals pair too few of them (see
/// [`Matcher::solve`]).
const KEPT_PROBE: usize = 64;
#[cfg(test)]
thread_local! {
    /// Tests: how many solves that found (nearly) every vertex free kept
    /// the duals.
    static KEPT_DUALS: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}
/// An edge `(x, y)`; in a blossom's cycle `x` lies in child `i`, `y` in child `i+1`.
type Edge = (usize, usize);
const NO_EDGE: Edge = (NONE, NONE);
/// A `leafbest` entry: a vertex, two bytes (a dense matrix of more
/// vertices than it can name would take 8 GB). The `leafbest` of the
/// ~3,300 blossoms of a 6,546-vertex window then take 43 MB, not 86.
type Leaf = u16;
const NO_LEAF: Leaf = Leaf::MAX;
/// A `leafbest` entry to find again (its best edge lost weight).
const STALE_LEAF: Leaf = Leaf::MAX - 1;
/// The most vertices a [`Matcher`] takes: every one a `Leaf` can name.
pub const MAX_VERTICES: usize = STALE_LEAF as usize;

/// A dense graph with mutable edge weights and a maximum-weight matching solver.
///
/// The solver keeps its optimum (matching, duals, blossoms) between calls:
/// after a few edge changes, [`Matcher::solve`] repairs the optimum instead
/// of starting again, which makes long sequences of small edits cheap.
///
/// Weights must leave a few spare top bits: the duals reach twice the largest weight.
#[derive(Clone, Debug)]
pub struct Matcher<W: Weight> {
    n: usize,
    /// The weights doubled, as the slacks use them (row `v` is scanned
    /// whole, so rows are contiguous).
    w: Table<W>,
    /// The kept solver state is an optimum for the current weights, up to
    /// the vertices freed by edits since.
    valid: bool,
    /// No weight has changed since the last solve but by
    /// [`Matcher::isolate_pair`]'s quick path: the kept state is an optimum
    /// of the current weights, its matching the one that solve returned.
    clean: bool,
    st: State<W>,
    /// Vertices still taking part; retired pairs are left out of every scan.
    active: Vec<usize>,
    retired_mate: Vec<usize>,
    /// Retired pairs still inside the kept optimum's blossoms.
    pending: Vec<(usize, usize)>,
    /// How many times a solve may double the values (at most
    /// [`MAX_SCALE`]); a solve that would need more sets `over_cap`.
    scale_cap: u32,
    over_cap: bool,
    /// The pairs (as they were) that [`Matcher::move_to_best`] moved
    /// inside a blossom with a dual, with that blossom: the blossoms
    /// around them no longer hold the matching their cycles say, and are
    /// re-threaded before any edit or solve (see
    /// [`Matcher::settle_moves`]).
    swapped: Vec<(usize, (usize, usize))>,
    /// Pairs whose matched edge lost weight in a run (see
    /// [`Matcher::begin_run`]): kept matched until the run ends, when one
    /// end's dual comes down with the weight or the pair is unmatched.
    lowered: Vec<(usize, usize)>,
    /// Scratch for re-threading a nest (see `rebuild`): a stamp per
    /// blossom marking the levels that go, and each node's unit.
    hot: Vec<u32>,
    hot_stamp: u32,
    unit_of: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    pub fn new(n: usize) -> Self {
        assert!(
            n <= MAX_VERTICES,
            "{n} vertices: a Matcher takes {MAX_VERTICES}"
        );
        Matcher {
            n,
            w: Table::new(n),
            valid: false,
            clean: false,
            st: State::empty(),
            active: (0..n).collect(),
            retired_mate: vec![NONE; n],
            pending: Vec::new(),
            scale_cap: MAX_SCALE,
            over_cap: false,
            swapped: Vec::new(),
            lowered: Vec::new(),
            hot: vec![0; 2 * n],
            hot_stamp: 0,
            unit_of: vec![NONE; 2 * n],
        }
    }

    /// Lets solves double the values at most `cap` times (`cap` below
    /// [`MAX_SCALE`]): for weights whose type has room for no more. A solve
    /// that would need more stops, its result unusable, and
    /// [`Matcher::over_cap`] says so from then on (the caller solves again
    /// with a wider type). Under the cap, every value is the one an
    /// uncapped matcher computes.
    pub fn set_scale_cap(&mut self, cap: u32) {
        debug_assert!(cap <= MAX_SCALE);
        self.scale_cap = cap.min(MAX_SCALE);
    }

    /// A solve stopped at the scale cap (see [`Matcher::set_scale_cap`]).
    pub fn over_cap(&self) -> bool {
        self.over_cap
    }

    /// The significant bits of the largest dual the kept state holds.
    pub fn dual_bits(&self) -> u32 {
        self.st.dual.iter().map(Weight::bit_len).max().unwrap_or(0)
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    #[inline]
    pub fn get(&self, i: usize, j: usize) -> W {
        self.w.at(i, j).half()
    }

    /// Starts a run of [`Matcher::set`] calls along rows of one triangle of
    /// the matrix: the edges `i–j` for `i` before `j` with `j` the outer
    /// loop (`lower`: `j` is the larger index), or `i` the outer one and
    /// `j` after it. Until [`Matcher::end_run`], a set writes only the
    /// edge's cell in that row (see `Table::defer`); each edit does to the
    /// kept optimum exactly what it does outside a run. Outside a run a
    /// set writes both cells of its edge, and along rows the second is a
    /// cache miss per edge: the passes over the brackets of a 9,999-player
    /// round set tens of millions of edges, half of the round's time when
    /// all but 2 % of round 1 was drawn. No solve inside a run.
    pub fn begin_run(&mut self, lower: bool) {
        self.w.defer(if lower { Side::Lower } else { Side::Upper });
    }

    /// Ends [`Matcher::begin_run`]: both cells of every edge hold its
    /// weight again.
    ///
    /// Then each pair whose matched edge lost weight in the run is kept
    /// when one end's dual can come down by the edge's slack without
    /// breaking another of its edges, else unmatched (what
    /// [`Matcher::set`] does at once outside a run). The check reads a
    /// whole row, which within a run (half of it down a column) took a
    /// cache miss per cell: the pass that fixes S1 and S2 in a 9,999-player
    /// bracket lowers thousands of matched edges, 2.5 s of its round.
    /// Checked once every edge has its new weight, an S1 player whose
    /// every edge lost the same bonus keeps his pair.
    pub fn end_run(&mut self) {
        self.w.undefer();
        let lowered = std::mem::take(&mut self.lowered);
        for &(i, j) in &lowered {
            let st = &mut self.st;
            if st.mate[i] != j || !self.valid {
                continue;
            }
            // (Sets only dissolve blossoms: the ends are still apart.)
            debug_assert!(st.inblossom[i] != st.inblossom[j]);
            let have = st.dual[i] + st.dual[j];
            let need = st.scaled(self.w.at(i, j));
            if have <= need {
                continue;
            }
            Self::lower_or_unmatch(st, &self.w, &self.active, (i, j), have - need);
        }
        self.lowered = lowered;
        self.lowered.clear();
    }

    /// Whether a run of sets is under way (see [`Matcher::begin_run`]).
    pub fn in_run(&self) -> bool {
        self.w.deferred()
    }

    /// Sets the weight of edge `i–j` (zero removes it). `i != j`.
    ///
    /// The kept optimum is repaired just enough to stay dual-feasible with
    /// tight matched and blossom edges: a blossom the edge breaks is
    /// dissolved, a matched edge that loses weight is unmatched, and an edge
    /// that gains weight raises one endpoint's dual (freeing it).
    pub fn set(&mut self, i: usize, j: usize, new: W) {
        self.settle_moves();
        debug_assert!(i != j && i < self.n && j < self.n);
        let (old2, new2) = (self.w.at(i, j), new + new);
        if new2 == old2 {
            // (The S1-order loop sets many edges to the weight they hold.)
            return;
        }
        self.w.put(i, j, new2);
        self.repair_after_set(i, j, old2, new2);
    }

    /// The slot of weight `w` in the matrix, held until
    /// [`Matcher::unpin`]: a pass that sets many edges to a few weights
    /// names each by its slot ([`Matcher::set_pinned`]) instead of having
    /// it looked up by value per edge. Zero is slot 0, not held.
    pub fn pin(&mut self, w: W) -> u32 {
        self.w.pin(w + w)
    }

    /// Lets go of a slot [`Matcher::pin`] gave.
    pub fn unpin(&mut self, slot: u32) {
        self.w.unpin(slot);
    }

    /// [`Matcher::set`] of edge `i–j` to the weight of a pinned `slot`:
    /// the same edit. (Inline, as is its common case, an edge between two
    /// vertices outside blossoms: the passes over a 9,999-player bracket
    /// make tens of millions of these edits, and the calls alone cost
    /// a tenth of such a round.)
    #[inline]
    pub fn set_pinned(&mut self, i: usize, j: usize, slot: u32) {
        self.settle_moves();
        debug_assert!(i != j && i < self.n && j < self.n);
        let old = self.w.swap_key(i, j, slot);
        if old == slot {
            // (Slots held by an edge or a pin hold distinct values.)
            return;
        }
        let (old2, new2) = (self.w.value(old), self.w.value(slot));
        if !self.valid {
            return;
        }
        if self.st.parent[i] != NONE || self.st.parent[j] != NONE {
            self.repair_after_set(i, j, old2, new2);
            return;
        }
        // What `repair_after_set` does when neither end is in a blossom.
        self.clean = false;
        if new2 < old2 {
            self.settle_lowered(i, j, old2, new2);
            return;
        }
        let st = &mut self.st;
        let need = self.w.scaled_value(slot, st.scale);
        if st.dual[i] + st.dual[j] < need {
            st.raise_to_cover(i, j, need);
        }
    }

    /// What [`Matcher::set`] does to the kept optimum once edge `i–j`
    /// went from `old2` to `new2` (both doubled).
    fn repair_after_set(&mut self, i: usize, j: usize, old2: W, new2: W) {
        if !self.valid {
            return;
        }
        self.clean = false;
        // The innermost blossom around both ends (`NONE`: none). (Most
        // edits of a pass over a large bracket are of edges between two
        // vertices outside blossoms: no blossom to tell, none to break.)
        let mut around_both = NONE;
        if self.st.parent[i] != NONE || self.st.parent[j] != NONE {
            if self.st.inblossom[i] == self.st.inblossom[j] {
                around_both = self.st.common_blossom(i, j);
            }
            self.note_changed_edge(i, j, around_both, old2, new2);
            self.note_changed_edge(j, i, around_both, old2, new2);
        }
        let st = &mut self.st;
        let need = st.scaled(new2);
        let mut common = around_both;
        while st.inblossom[i] == st.inblossom[j] {
            // (Each pass dissolves down to `common` and leaves `i` and
            // `j` apart, so a second pass finds a new one.)
            if common == NONE {
                common = st.common_blossom(i, j);
            }
            let ok = if new2 < old2 {
                st.mate[i] != j && !st.is_cycle_edge_in(common, i, j)
            } else {
                let z = st.z_from(common);
                st.dual[i] + st.dual[j] + z + z >= need
            };
            if ok {
                return;
            }
            // Dissolving a blossom with a zero dual moves no dual and
            // unmatches nobody, so `ok` stays false until `i` and `j`
            // part: down to their innermost common blossom.
            st.dissolve_down_to(i, common);
            common = NONE;
        }
        if new2 < old2 {
            self.settle_lowered(i, j, old2, new2);
            return;
        }
        loop {
            if st.dual[i] + st.dual[j] >= need {
                return;
            }
            if st.inblossom[i] == i || st.inblossom[j] == j {
                break;
            }
            // (Zero-dual blossoms leave both duals as they are: the loop
            // goes on until `i` is top-level.)
            let last = st.parent[i];
            st.dissolve_down_to(i, last);
        }
        let (e, o) = if st.inblossom[i] == i { (i, j) } else { (j, i) };
        st.raise_to_cover(e, o, need);
    }

    /// Edge `i–j`, its ends in no common blossom, went down from `old2`
    /// to `new2` (doubled). A matched pair whose edge dropped to zero is
    /// unmatched; within a run the rest are settled when the run ends
    /// ([`Matcher::end_run`]), outside one at once by
    /// [`Matcher::lower_or_unmatch`]. (Shared by [`Matcher::set_pinned`]'s
    /// inline case and [`Matcher::repair_after_set`].)
    #[inline]
    fn settle_lowered(&mut self, i: usize, j: usize, old2: W, new2: W) {
        let st = &mut self.st;
        if st.mate[i] != j {
            return;
        }
        if new2.is_zero() {
            st.mate[i] = NONE;
            st.mate[j] = NONE;
        } else if self.w.deferred() {
            self.lowered.push((i, j));
        } else {
            let drop = st.scaled(old2) - st.scaled(new2);
            Self::lower_or_unmatch(st, &self.w, &self.active, (i, j), drop);
        }
    }

    /// Edge `e–o` changed from `old2` to `new2` (doubled): the blossoms
    /// around `e` but not `o` keep their `leafbest` entry for `o` right. An
    /// entry that may have moved to another vertex is marked stale and
    /// found again when a scan needs it; a blossom with many stale entries
    /// drops its `leafbest` (a rebuild reads whole rows, which is cheaper).
    /// `around_both`: the innermost blossom around both `e` and `o`
    /// (`NONE`: none).
    fn note_changed_edge(&mut self, e: usize, o: usize, around_both: usize, old2: W, new2: W) {
        let st = &mut self.st;
        if st.parent[e] == NONE {
            return;
        }
        let scale = st.scale;
        let scaled = |w: W| if scale == 0 { w } else { w.shl(scale) };
        let mut b = st.parent[e];
        while b != around_both {
            if let Some(arr) = st.leafbest[b].as_mut() {
                let cur = arr[o];
                let stale = if cur == STALE_LEAF {
                    false
                } else if new2.is_zero() {
                    cur == e as Leaf
                } else if cur == NO_LEAF {
                    arr[o] = e as Leaf;
                    false
                } else if cur == e as Leaf {
                    new2 < old2
                } else if new2 > old2 {
                    // e's slack to o beats the best leaf's: d[e] + w2(c) < d[c] + w2(e).
                    let c = cur as usize;
                    let wc = self.w.at(c, o);
                    if st.dual[e] + scaled(wc) < st.dual[c] + scaled(new2) {
                        arr[o] = e as Leaf;
                    }
                    false
                } else {
                    false
                };
                if stale {
                    arr[o] = STALE_LEAF;
                    st.stale[b] += 1;
                    if st.stale[b] as usize > self.n / 8 {
                        st.leafbest[b] = None;
                    }
                }
            }
            b = st.parent[b];
        }
    }

    /// The matched pair `i–j` whose edge lost `drop` of weight (scaled):
    /// kept when one end's dual can come down by `drop` without breaking
    /// another of its edges, else unmatched.
    fn lower_or_unmatch(
        st: &mut State<W>,
        w2: &Table<W>,
        active: &[usize],
        (i, j): (usize, usize),
        drop: W,
    ) {
        for e in [i, j] {
            if Self::can_lower(st, w2, active, e, drop) {
                st.dual[e] = st.dual[e] - drop;
                return;
            }
        }
        st.mate[i] = NONE;
        st.mate[j] = NONE;
    }

    /// Whether vertex `e`, outside every blossom, can have its dual lowered
    /// by `drop` while every edge at it keeps a non-negative slack.
    fn can_lower(st: &State<W>, w2: &Table<W>, active: &[usize], e: usize, drop: W) -> bool {
        if st.inblossom[e] != e || st.dual[e] < drop {
            return false;
        }
        let de = st.dual[e];
        if w2.deferred() {
            // (In a run: no row reads, see `Matcher::begin_run`.)
            return active.iter().all(|&u| {
                let w = w2.at(e, u);
                u == e || st.mate[e] == u || w.is_zero() || de + st.dual[u] >= st.scaled(w) + drop
            });
        }
        on_row!(w2.row(e), row => active.iter().all(|&u| {
            u == e
                || st.mate[e] == u
                || row[u].k() == NO_EDGE_WEIGHT
                || de + st.dual[u] >= st.scaled(w2.value(row[u].k())) + drop
        }))
    }

    /// Takes the pair `a–b` out of the graph for good: the caller has removed
    /// every other edge of both, so every optimum keeps them together. Later
    /// solves report them as matched and, once the kept optimum allows it
    /// (both outside blossoms), no longer scan them.
    pub fn retire_pair(&mut self, a: usize, b: usize) {
        self.settle_moves();
        debug_assert!((0..self.n)
            .all(|u| u == a || u == b || (self.get(a, u).is_zero() && self.get(b, u).is_zero())));
        self.retired_mate[a] = b;
        self.retired_mate[b] = a;
        self.pending.push((a, b));
    }

    /// Removes every edge of `a` and `b` but `a–b` and retires the pair
    /// (see [`Matcher::retire_pair`]). When the kept optimum matches them
    /// to each other outside any blossom, the edges simply go: a lighter
    /// unmatched edge keeps every dual feasible, and the only `leafbest`
    /// entries they touch are those towards `a` and `b`, which no scan reads
    /// once the pair is retired.
    pub fn isolate_pair(&mut self, a: usize, b: usize) {
        self.settle_moves();
        let st = &self.st;
        let quick = self.valid && st.mate[a] == b && st.inblossom[a] == a && st.inblossom[b] == b;
        let extracted = !quick && self.valid && st.mate[a] == b && self.extract_pair(a, b);
        if !quick && !extracted && self.valid && self.st.mate[a] == b {
            self.isolate_matched_pair(a, b);
        } else {
            for u in 0..self.n {
                if u == a || u == b {
                    continue;
                }
                if quick || extracted {
                    self.w.put(a, u, W::zero());
                    self.w.put(b, u, W::zero());
                } else {
                    self.set(a, u, W::zero());
                    self.set(b, u, W::zero());
                }
            }
        }
        self.retire_pair(a, b);
    }

    /// What `set(a, u, 0)` and `set(b, u, 0)` for every other `u`, in that
    /// order, do to the kept optimum of the matched pair `a–b` (inside
    /// blossoms), without walking the blossoms around each `u`:
    ///
    /// - a removed edge is neither matched (`a`'s mate is `b`) nor, but
    ///   for a cycle edge, a reason to dissolve a blossom: the `set`s
    ///   dissolve the blossoms around `a` (`b`) top down to each blossom
    ///   whose cycle holds a removed edge, one such blossom after another;
    ///   here those around `a` go down to the lowest such blossom at once,
    ///   then those around `b`. The same blossoms go, each moving its own
    ///   dual onto its own vertices; only one around `a` and not `b` may go
    ///   before or after one around `b` and not `a`, and neither reads the
    ///   other. (One such blossom at a time passed over every vertex of
    ///   the level left each time: 163,000 passes over 313 million
    ///   vertices in a 9,999-player round 2.)
    /// - the `leafbest` entries a removed edge `x–u` made are marked stale
    ///   afterwards, in the blossoms that are still there: those around
    ///   `x` for every `u` outside whose entry is `x`, and those not around
    ///   `x` whose entry for `x` is a vertex that lost its edge to `x`.
    ///   Blossoms are only dissolved meanwhile, never formed, so whether
    ///   one holds `x` or `u` does not change; a stale mark only adds to
    ///   the count that drops a `leafbest`, so the order does not matter.
    fn isolate_matched_pair(&mut self, a: usize, b: usize) {
        let n = self.n;
        let mut had = [vec![false; n], vec![false; n]];
        for u in 0..n {
            if u == a || u == b {
                continue;
            }
            for (side, x) in [a, b].into_iter().enumerate() {
                if self.w.at(x, u).is_zero() {
                    continue;
                }
                had[side][u] = true;
                self.w.put(x, u, W::zero());
            }
        }
        // The lowest blossom around each whose cycle holds an edge that
        // goes (an edge lies in one cycle only: that of the innermost
        // blossom around both ends), found before any goes.
        let lowest = [0, 1].map(|side| {
            let x = [a, b][side];
            let mut bl = self.st.parent[x];
            while bl != NONE {
                let holds = self.st.bedges[bl]
                    .iter()
                    .any(|&(p, q)| (p == x && had[side][q]) || (q == x && had[side][p]));
                if holds {
                    break;
                }
                bl = self.st.parent[bl];
            }
            bl
        });
        for (side, x) in [a, b].into_iter().enumerate() {
            let st = &mut self.st;
            let last = lowest[side];
            while last != NONE && st.base[last] != NONE {
                // A blossom with a positive dual frees its base when it
                // goes; one with none changes neither duals nor matching,
                // and the kept optimum stays an optimum of the lighter
                // weights.
                if !st.dual[st.inblossom[x]].is_zero() {
                    self.clean = false;
                }
                st.dissolve_down_to(x, last);
            }
        }
        let st = &mut self.st;
        let limit = n / 8;
        let mark = |st: &mut State<W>, bl: usize, o: usize| {
            let arr = st.leafbest[bl].as_mut().expect("leafbest");
            arr[o] = STALE_LEAF;
            st.stale[bl] += 1;
            if st.stale[bl] as usize > limit {
                st.leafbest[bl] = None;
            }
        };
        for (side, x) in [a, b].into_iter().enumerate() {
            // Blossoms around x: their entries x for vertices outside.
            let mut bl = st.parent[x];
            while bl != NONE {
                for u in 0..n {
                    let hit = st.leafbest[bl]
                        .as_ref()
                        .is_some_and(|arr| arr[u] == x as Leaf && had[side][u]);
                    if hit {
                        mark(st, bl, u);
                    }
                }
                bl = st.parent[bl];
            }
            // Blossoms not around x: their entry for x.
            for bl in n..st.blossom_end {
                if st.base[bl] == NONE {
                    continue;
                }
                let Some(arr) = st.leafbest[bl].as_ref() else {
                    continue;
                };
                let c = arr[x];
                if c != NO_LEAF && c != STALE_LEAF && had[side][c as usize] {
                    mark(st, bl, x);
                }
            }
        }
    }

    /// The partner of `v` in every maximum-weight matching once each edge
    /// `v–u` gains `bonus(u)` and the edges `v–u` with `bonus(u) = None`
    /// are gone, when the kept optimum proves it without a solve; `None`
    /// when it does not (the caller then solves). (A caller fixing pairs of
    /// the kept matching one by one may leave their other edges in place
    /// and name their ends `None`: the kept optimum is an optimum of the
    /// graph without those edges too, see below.)
    ///
    /// The proof: `v` matched to `p`; its dual raised by `bonus(p)` keeps
    /// `v–p` tight, and every other edge `v–u` keeps a slack above zero
    /// when its slack exceeds the bonus it gains over `p`. The matching,
    /// the raised duals and the blossoms' duals as they are (the raise
    /// keeps every blossom as full as it was) then meet the optimality
    /// conditions for the new weights, so every optimum uses only their
    /// tight edges and covers `v` (its dual is positive): `v–p` it is.
    /// Taking edges away that the matching does not use keeps those
    /// conditions (every slack of what is left is as it was), whether or
    /// not they were blossom edges: the conditions ask nothing of a
    /// blossom's cycle, only that a blossom with a positive dual be full.
    /// The slack is read from both ends' duals first, which is at most the
    /// true one (blossom duals are never negative); only when that is not
    /// enough are the duals of the blossoms around both ends added.
    pub fn sure_partner(&self, v: usize, bonus: impl Fn(usize) -> Option<W>) -> Option<usize> {
        let st = &self.st;
        if !self.valid || !self.clean || st.mate[v] == NONE {
            return None;
        }
        let p = st.mate[v];
        let bp = bonus(p)?;
        let two = |x: W| st.scaled(x + x);
        if (st.dual[v] + two(bp)).is_zero() {
            return None;
        }
        // The duals of every blossom around `v`: at least those around
        // both `v` and any `u` (duals are never negative), so when even
        // they leave too little slack, no walk up `u`'s blossoms is needed.
        let zv = st.z_from(st.parent[v]);
        let sure = on_row!(self.w.row(v), row => self.active.iter().all(|&u| {
            if u == v || u == p {
                return true;
            }
            let Some(bu) = bonus(u) else {
                return true;
            };
            // (A bonus on a missing edge makes one of that weight.)
            if bu < bp || (row[u].k() == NO_EDGE_WEIGHT && bu.is_zero()) {
                return true;
            }
            let need = two(bu - bp);
            let w2 = st.scaled(self.w.value(row[u].k()));
            if W::sum_minus(st.dual[v], st.dual[u], w2) > need {
                return true;
            }
            if st.inblossom[u] != st.inblossom[v]
                || zv.is_zero()
                || W::sum_minus(st.dual[v] + zv + zv, st.dual[u], w2) <= need
            {
                return false;
            }
            let z = st.common_z(v, u);
            W::sum_minus(st.dual[v] + z + z, st.dual[u], w2) > need
        }));
        sure.then_some(p)
    }

    /// When [`Matcher::sure_partner`] cannot prove `v`'s mate because the
    /// edge to a vertex with a larger bonus is tight: moves the kept
    /// optimum to another optimum of the same weights in which `v` has
    /// that vertex `u`, when a short alternating cycle allows it: `v`'s
    /// mate `p` and `u`'s mate `q` joined by a tight edge (a 4-cycle), or
    /// both tight to the two ends of another pair `r–s` (`q–r`, `s–p`: a
    /// 6-cycle), the new pairs taking the places of the old ones. Only the
    /// tight edge of the largest bonus is tried (a proof for a smaller one
    /// fails on it). No dual moves and every new pair is tight; all the
    /// players of the cycle lie in the same blossoms with a dual, so each
    /// of those keeps as many pairs inside as before and stays full: the
    /// state is still an optimum, and the caller asks `sure_partner`
    /// again. Outside any blossom with a dual, the zero-dual blossoms
    /// around them are dissolved (that moves no dual and unmatches
    /// nobody); inside one, the blossoms around them no longer hold the
    /// matching their cycles say and are re-threaded before the next edit
    /// or solve ([`Matcher::settle_moves`]). `movable(x)`: whether
    /// `x` (the mates and the other pair) may change partners; a player
    /// whose `bonus` is `None` (a held pair, see `sure_partner`) never
    /// does. Returns the new pairs, for the caller's copy of the matching.
    ///
    /// In the S1 loop of a large bracket most proofs failed only because
    /// the kept optimum had paired `v` with another of many equal
    /// partners: a 9,999-player open's round 2 made 1,563 solves, 498
    /// with 4-cycles outside blossoms with a dual.
    pub fn move_to_best(
        &mut self,
        v: usize,
        bonus: impl Fn(usize) -> Option<W>,
        movable: impl Fn(usize) -> bool,
    ) -> Option<Vec<(usize, usize)>> {
        if !self.valid || !self.clean || self.st.mate[v] == NONE {
            return None;
        }
        let p = self.st.mate[v];
        let bp = bonus(p)?;
        let top = self.innermost_dual(v);
        if !movable(p) || self.innermost_dual(p) != top {
            return None;
        }
        if top == NONE {
            self.leave_blossoms(v);
            self.leave_blossoms(p);
        }
        // Every blossom with a dual around `v` holds the others too: their
        // duals count in every slack among the four, no other does.
        let z = self.st.z_from(top);
        let st = &self.st;
        let tight = |a: usize, b: usize| {
            let w = self.w.at(a, b);
            !w.is_zero() && W::sum_minus(st.dual[a] + z + z, st.dual[b], st.scaled(w)).is_zero()
        };
        // The tight edge of `v` with the largest bonus above `p`'s.
        let mut best: Option<(W, usize)> = None;
        let mut tie = false;
        for &u in &self.active {
            let Some(bu) = bonus(u).filter(|&bu| u != v && u != p && bu > bp) else {
                continue;
            };
            if !tight(v, u) {
                continue;
            }
            match best {
                Some((b, _)) if b > bu => {}
                Some((b, _)) if b == bu => tie = true,
                _ => (best, tie) = (Some((bu, u)), false),
            }
        }
        let (_, u) = best.filter(|_| !tie)?;
        let q = st.mate[u];
        if q == NONE || q == v || !movable(q) || bonus(q).is_none() {
            return None;
        }
        if self.innermost_dual(u) != top || self.innermost_dual(q) != top {
            return None;
        }
        // The 4-cycle v-u, q-p, else a 6-cycle v-u, q-r, s-p through
        // another pair r-s of the same blossoms with a dual.
        let pairs = if tight(p, q) {
            vec![(v, u), (p, q)]
        } else {
            let found = self.active.iter().copied().find(|&r| {
                let s = st.mate[r];
                ![v, u, p, q].contains(&r)
                    && s != NONE
                    && ![v, u, p, q].contains(&s)
                    && tight(q, r)
                    && tight(s, p)
                    && movable(r)
                    && movable(s)
                    && bonus(r).is_some()
                    && bonus(s).is_some()
                    && self.innermost_dual(r) == top
                    && self.innermost_dual(s) == top
            });
            let r = found?;
            vec![(v, u), (q, r), (st.mate[r], p)]
        };
        // (Each pair as it was, from both ends: a 4-cycle names each twice.)
        let old: Vec<(usize, usize)> = (pairs.iter())
            .flat_map(|&(a, b)| [(a, st.mate[a]), (b, st.mate[b])])
            .collect();
        if top == NONE {
            for &(a, b) in &pairs {
                self.leave_blossoms(a);
                self.leave_blossoms(b);
            }
        }
        for &(a, b) in &pairs {
            (self.st.mate[a], self.st.mate[b]) = (b, a);
        }
        if top != NONE {
            self.swapped.extend(old.into_iter().map(|p| (top, p)));
        }
        Some(pairs)
    }

    /// The innermost blossom around `x` with a dual (`NONE`: none).
    fn innermost_dual(&self, x: usize) -> usize {
        let mut b = self.st.parent[x];
        while b != NONE && self.st.dual[b].is_zero() {
            b = self.st.parent[b];
        }
        b
    }

    /// Re-threads the nests whose pairs [`Matcher::move_to_best`] moved
    /// inside blossoms with a dual since the last edit or solve: once per
    /// innermost blossom with a dual, for all its moves together (see
    /// [`Matcher::rethread_swap`]). A nest the search cannot join again
    /// (never expected) is dissolved around the moved players instead,
    /// top down: each blossom that goes keeps the state dual-feasible with
    /// its matched edges tight, and the next solve finds the optimum again.
    ///
    /// The S1 loop of a 9,999-player bracket moves thousands of pairs
    /// between two edits (2,451 in one round 2), most of them thousands of
    /// levels deep in one nest: re-threading after each move took 1.9 s of
    /// that round, once for all of them a few milliseconds.
    #[inline]
    fn settle_moves(&mut self) {
        if !self.swapped.is_empty() {
            self.settle_swaps();
        }
    }

    /// [`Matcher::settle_moves`] when there are swaps to settle (kept out
    /// of line: every edit calls `settle_moves`, the passes over a large
    /// bracket tens of millions of times, nearly always with none).
    #[inline(never)]
    fn settle_swaps(&mut self) {
        let mut swapped = std::mem::take(&mut self.swapped);
        swapped.sort_unstable_by_key(|&(top, _)| top);
        for group in swapped.chunk_by(|x, y| x.0 == y.0) {
            let old: Vec<(usize, usize)> = group.iter().map(|&(_, p)| p).collect();
            if !self.rethread_swap(&old) {
                for (x, y) in old {
                    self.leave_blossoms(x);
                    self.leave_blossoms(y);
                }
                self.clean = false;
            }
        }
    }

    /// Dissolves every blossom around `x`, top down (see
    /// [`State::dissolve_around`]; with zero duals only, no dual moves and
    /// nobody is unmatched).
    fn leave_blossoms(&mut self, x: usize) {
        self.st.dissolve_around(x);
    }

    /// Raises the dual of `v` by what an edge of `v` gaining `by` needs,
    /// before the caller makes every edge of `v` gain at most `by`: the
    /// kept optimum stays dual-feasible through those gains, and a matched
    /// edge that gains exactly `by` stays tight, so its pair is kept
    /// (a gain through [`Matcher::set`] alone frees one end). `v` leaves
    /// its blossoms first. After the edits, [`Matcher::settle_lifts`]
    /// unmatches each lifted vertex whose matched edge gained less.
    pub fn lift(&mut self, v: usize, by: W) {
        self.settle_moves();
        if !self.valid || by.is_zero() {
            return;
        }
        self.clean = false;
        self.leave_blossoms(v);
        let st = &mut self.st;
        st.dual[v] = st.dual[v] + st.scaled(by + by);
    }

    /// Ends a [`Matcher::lift`] of the vertices `lifted`: a matched edge at
    /// one of them that is no longer tight is unmatched (a lifted vertex
    /// lies in no blossom, so no blossom dual counts for its edges).
    pub fn settle_lifts(&mut self, lifted: &[usize]) {
        self.settle_moves();
        if !self.valid {
            return;
        }
        let st = &mut self.st;
        for &v in lifted {
            let m = st.mate[v];
            if m == NONE {
                continue;
            }
            debug_assert!(st.inblossom[v] == v);
            if st.dual[v] + st.dual[m] != st.scaled(self.w.at(v, m)) {
                st.mate[v] = NONE;
                st.mate[m] = NONE;
            }
        }
    }

    /// Leaves retired pairs out of the scans when the state allows it.
    fn drop_retired(&mut self) {
        let mut keep = Vec::new();
        let mut gone = Vec::new();
        for &(a, b) in &self.pending {
            let st = &self.st;
            if !self.valid || (st.mate[a] == b && st.inblossom[a] == a && st.inblossom[b] == b) {
                gone.push(a);
                gone.push(b);
            } else {
                keep.push((a, b));
            }
        }
        self.pending = keep;
        if !gone.is_empty() {
            gone.sort_unstable();
            self.active.retain(|v| gone.binary_search(v).is_err());
        }
    }

    fn fresh_state(&mut self) {
        self.st = State::fresh(self.n, &self.w);
        for v in 0..self.n {
            if self.retired_mate[v] != NONE {
                self.st.mate[v] = self.retired_mate[v];
            }
        }
    }

    /// Computes a maximum-weight matching: `mate[v]` is `v`'s partner, or `v`
    /// itself when unmatched.
    pub fn solve(&mut self) -> Vec<usize> {
        debug_assert!(!self.w.deferred(), "a solve inside a run of sets");
        self.settle_moves();
        self.drop_retired();
        // A repair grows one tree at a time; a fresh start, whose free
        // vertices are many and far apart, grows them all at once (after
        // a first tree alone, see `Solver::run`) so that two trees can
        // meet halfway.
        let mut one_root = true;
        // When edits have freed (nearly) every vertex the kept state holds
        // (next to) no pair, and its duals decide: after a new bracket's
        // weights they are far from the new optimum's, and growing one
        // tree per stage from them is far slower than a fresh start (the
        // first bracket of an odd 2,000-player Dutch round: 32 s against
        // 2.5 s). After a lift of every S1 player of a bracket whose pairs
        // all lay inside S1 or S2 (a round after every game was drawn)
        // they are the new optimum's but for the staircase of ordering
        // bonuses, the warm start pairs nearly everyone along them, and a
        // fresh start's duals climb that staircase one stage at a time
        // (3,000 players: 70 s against 0.7 s). So the kept duals' warm start runs first,
        // and the state starts afresh when it pairs too few (fewer than
        // one in four of the first free vertices it sees, or under half
        // in all). Four free vertices in ten are enough to try: a bracket
        // whose S1 lift freed all but the floaters' pairs is the same case
        // (a 9,999-player round 3 after every game was drawn: the repair
        // 7.9 s, its warm start pairing 2 of 9,995; afresh 0.7 s), and so
        // is a bracket where a pass freed half (a 9,999-player round 3
        // after 96 games in 100 were drawn, seed 66: 4,617 of 9,617 free,
        // the repair 2,308 stages and 154 s; the whole round now 13 s).
        let free = (self.active.iter()).filter(|&&v| self.st.mate[v] == NONE);
        if self.valid && free.count() * 10 >= self.active.len() * 4 {
            self.w.scale_to(self.st.scale);
            let mut kept = Solver {
                g: &self.w,
                n: self.n,
                act: &self.active,
                st: &mut self.st,
                one_root: true,
                augmented: false,
                scale_cap: self.scale_cap,
            };
            let keep = kept.pair_on_least_duals(true);
            #[cfg(test)]
            KEPT_DUALS.with(|c| c.set(c.get() + keep as u64));
            if !keep {
                self.valid = false;
            }
        }
        if !self.valid {
            self.fresh_state();
            self.valid = true;
            one_root = false;
        }
        self.w.scale_to(self.st.scale);
        let done = self.solver(one_root).run();
        if !done && self.scale_cap < MAX_SCALE {
            // (An uncapped solve would go on at a larger scale.)
            self.over_cap = true;
            self.valid = false;
            self.clean = false;
            return (0..self.n).collect();
        }
        if !done {
            self.fresh_state();
            self.w.scale_to(self.st.scale);
            let done = Solver {
                g: &self.w,
                n: self.n,
                act: &self.active,
                st: &mut self.st,
                one_root: false,
                augmented: false,
                scale_cap: self.scale_cap,
            }
            .run();
            debug_assert!(done, "a fresh solve needs no rescaling");
        }
        self.clean = true;
        (0..self.n)
            .map(|v| {
                if self.st.mate[v] == NONE {
                    v
                } else {
                    self.st.mate[v]
                }
            })
            .collect()
    }

    /// Computes a maximum-weight matching from scratch, ignoring the kept
    /// optimum (a reference for tests).
    pub fn solve_fresh(&mut self) -> Vec<usize> {
        self.valid = false;
        self.solve()
    }
}

impl<W: Weight> Matcher<W> {
    /// A solver over the kept state (`one_root` as `Solver::run` takes
    /// it); tests also call one of its steps alone.
    fn solver(&mut self, one_root: bool) -> Solver<'_, W> {
        Solver {
            g: &self.w,
            n: self.n,
            act: &self.active,
            st: &mut self.st,
            one_root,
            augmented: false,
            scale_cap: self.scale_cap,
        }
    }
}

/// The primal-dual state: matching, labels, blossoms, duals.
#[derive(Clone, Debug)]
struct State<W: Weight> {
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<Edge>,
    inblossom: Vec<usize>,
    parent: Vec<usize>,
    childs: Vec<Vec<usize>>,
    bedges: Vec<Vec<Edge>>,
    base: Vec<usize>,
    bestedge: Vec<Edge>,
    /// Slack of `bestedge[x]` as of dual epoch `.1` (duals change only at
    /// dual updates, which bump the epoch).
    bestslack: Vec<(W, u64)>,
    epoch: u64,
    /// For a blossom `b` and each vertex `u` outside it, the vertex of `b`
    /// whose edge to `u` has the least slack (`NO_LEAF`: no edge). The
    /// vertices of a blossom always move their duals together, so the
    /// choice holds for as long as the blossom lives and its edges keep
    /// their weights: forming a blossom from children that have theirs
    /// costs one pass per child instead of one per vertex, in every stage
    /// the blossom takes part in.
    leafbest: Vec<Option<Vec<Leaf>>>,
    /// Stale entries in each blossom's `leafbest`.
    stale: Vec<u32>,
    /// Scratch slacks for building `leafbest`.
    scratch: Vec<W>,
    /// The blossom whose `leafbest` slacks `scratch` holds, with the dual
    /// epoch and stage they were read in (see [`Solver::add_blossom`]).
    scratch_of: (usize, u64, u32),
    /// `scratch` holds each slack less the outside vertex's dual, plus
    /// `W::bias()` (see `Solver::add_chain_level`), not the slack.
    scratch_shifted: bool,
    /// The active vertices outside (by their place in the active list)
    /// and inside the chain level `scratch_lists` names as `scratch_of`
    /// does (see `Solver::add_chain_level`).
    scratch_out: Vec<u32>,
    scratch_in: Vec<u32>,
    scratch_lists: (usize, u64, u32),
    /// The top of a run of chain levels whose `leafbest` is not built
    /// yet, with the dual epoch and stage it formed in (`NONE`: none; see
    /// `Solver::add_chain_level`).
    lazy_top: (usize, u64, u32),
    /// The level the run stands on: it has its `leafbest`, and `scratch`
    /// holds its slacks.
    lazy_base: usize,
    /// The vertex children of the run's levels, two per level from the
    /// bottom up, each with whether it comes before the level's blossom
    /// child in the cycle.
    lazy_kids: Vec<(u32, bool)>,
    /// Scratch list of a blossom's vertices.
    leafbuf: Vec<usize>,
    /// How many vertices each blossom holds.
    size: Vec<usize>,
    /// Scratch marks by blossom (or vertex): the children of the blossom
    /// being formed.
    childmark: Vec<bool>,
    unused: Vec<usize>,
    /// One past the highest blossom id handed out since the fresh state:
    /// every id from there to `2n` is unused, so loops over the blossoms
    /// stop there.
    blossom_end: usize,
    dual: Vec<W>,
    /// The edges known tight in this stage (see [`TightMarks`]).
    allowed: TightMarks,
    /// The root of the search tree each labelled top-level blossom (or
    /// vertex) belongs to in this stage.
    tree: Vec<usize>,
    /// Stage stamp per root: its tree took part in an augmentation in
    /// this stage and is left alone until the next one.
    dead: Vec<u32>,
    stage: u32,
    /// S-vertices and S-blossoms to scan, in the order they were
    /// labelled: the trees grow breadth first. Nearly every edge of a
    /// large Dutch bracket is tight (many equal weights). A tree grown
    /// depth first (last in, first out) dives thousands of levels deep
    /// before it meets a free vertex that may be a few levels away, and
    /// forms a zero-dual blossom at most levels, a chain that the next
    /// edit inside it dissolves. Breadth first, seed 17's round 2 of a
    /// 9,999-player open (mix 40/35): the repair after the S1 lift 4.1 →
    /// 1.4 s, the S1-order loop 7.6 → 5.7 s, with the same pairings.
    queue: VecDeque<usize>,
    /// Weights are taken times `2^scale`.
    scale: u32,
    /// The S-vertex or S-blossom being scanned (`NONE`: none), whose
    /// `leafbest` the scan reads while new levels form above it.
    scanning: usize,
}

fn collect_leaves(childs: &[Vec<usize>], n: usize, b: usize, out: &mut Vec<usize>) {
    if b < n {
        out.push(b);
    } else {
        for &c in &childs[b] {
            collect_leaves(childs, n, c, out);
        }
    }
}

impl<W: Weight> State<W> {
    fn empty() -> Self {
        State {
            mate: Vec::new(),
            label: Vec::new(),
            labelend: Vec::new(),
            inblossom: Vec::new(),
            parent: Vec::new(),
            childs: Vec::new(),
            bedges: Vec::new(),
            base: Vec::new(),
            bestedge: Vec::new(),
            bestslack: Vec::new(),
            epoch: 1,
            leafbest: Vec::new(),
            stale: Vec::new(),
            scratch: Vec::new(),
            scratch_of: (NONE, 0, 0),
            scratch_shifted: false,
            scratch_out: Vec::new(),
            scratch_in: Vec::new(),
            scratch_lists: (NONE, 0, 0),
            lazy_top: (NONE, 0, 0),
            lazy_base: NONE,
            lazy_kids: Vec::new(),
            leafbuf: Vec::new(),
            size: Vec::new(),
            childmark: Vec::new(),
            unused: Vec::new(),
            blossom_end: 0,
            dual: Vec::new(),
            allowed: TightMarks::default(),
            tree: Vec::new(),
            dead: Vec::new(),
            stage: 0,
            queue: VecDeque::new(),
            scale: 0,
            scanning: NONE,
        }
    }

    /// `w2` holds every weight doubled (see [`Matcher`]).
    fn fresh(n: usize, w2: &Table<W>) -> Self {
        let mut base: Vec<usize> = (0..n).collect();
        base.extend(std::iter::repeat_n(NONE, n));
        let maxw = w2.max().half();
        let mut dual = vec![maxw; n];
        dual.extend(std::iter::repeat_n(W::zero(), n));
        State {
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NO_EDGE; 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            bedges: vec![Vec::new(); 2 * n],
            base,
            bestedge: vec![NO_EDGE; 2 * n],
            bestslack: vec![(W::zero(), 0); 2 * n],
            epoch: 1,
            leafbest: vec![None; 2 * n],
            stale: vec![0; 2 * n],
            scratch: Vec::new(),
            scratch_of: (NONE, 0, 0),
            scratch_shifted: false,
            scratch_out: Vec::new(),
            scratch_in: Vec::new(),
            scratch_lists: (NONE, 0, 0),
            lazy_top: (NONE, 0, 0),
            lazy_base: NONE,
            lazy_kids: Vec::new(),
            leafbuf: Vec::new(),
            size: vec![1; 2 * n],
            childmark: vec![false; 2 * n],
            unused: (n..2 * n).rev().collect(),
            blossom_end: n,
            dual,
            allowed: TightMarks::new(n),
            tree: vec![NONE; 2 * n],
            dead: vec![0; n],
            stage: 0,
            queue: VecDeque::new(),
            scale: 0,
            scanning: NONE,
        }
    }

    /// Forgets the tight edges of the last stage.
    fn forget_marks(&mut self) {
        self.allowed.clear();
    }

    /// The innermost blossom containing both `i` and `j` (`NONE`: none).
    fn common_blossom(&self, i: usize, j: usize) -> usize {
        self.meet(self.parent[i], self.parent[j])
    }

    /// The innermost blossom holding both blossoms (or `NONE`) `a` and
    /// `c`, either itself when it holds the other (`NONE`: none): the two
    /// chains of parents are walked up from equal depths until they meet,
    /// every blossom above it holds both as well.
    fn meet(&self, mut a: usize, mut c: usize) -> usize {
        let depth = |mut b: usize| {
            let mut d = 0usize;
            while b != NONE {
                d += 1;
                b = self.parent[b];
            }
            d
        };
        let (mut da, mut dc) = (depth(a), depth(c));
        while da > dc {
            a = self.parent[a];
            da -= 1;
        }
        while dc > da {
            c = self.parent[c];
            dc -= 1;
        }
        while a != c {
            a = self.parent[a];
            c = self.parent[c];
        }
        a
    }

    /// Blossoms containing both `i` and `j` (innermost first).
    fn common_blossoms(&self, i: usize, j: usize) -> impl Iterator<Item = usize> + '_ {
        let mut b = self.common_blossom(i, j);
        std::iter::from_fn(move || {
            let at = b;
            (at != NONE).then(|| {
                b = self.parent[at];
                at
            })
        })
    }

    /// Sum of the duals of the blossoms containing both `i` and `j`.
    fn common_z(&self, i: usize, j: usize) -> W {
        self.common_blossoms(i, j)
            .fold(W::zero(), |acc, b| acc + self.dual[b])
    }

    /// Sum of the duals of blossom `b` and those around it (`NONE`: zero).
    fn z_from(&self, mut b: usize) -> W {
        let mut z = W::zero();
        while b != NONE {
            z = z + self.dual[b];
            b = self.parent[b];
        }
        z
    }

    /// Is `i–j` an edge of the cycle of a blossom containing both, `b`
    /// being the innermost such blossom (`NONE`: none)? Only `b` can have
    /// it: a cycle edge joins two of the blossom's children, and in every
    /// blossom above, `i` and `j` lie in the same child.
    fn is_cycle_edge_in(&self, b: usize, i: usize, j: usize) -> bool {
        b != NONE
            && self.bedges[b]
                .iter()
                .any(|&(x, y)| (x, y) == (i, j) || (x, y) == (j, i))
    }

    /// The weight `w` at the current scale (all values are doubled each
    /// time an odd slack would need halving).
    #[inline]
    fn scaled(&self, w: W) -> W {
        if self.scale == 0 {
            w
        } else {
            w.shl(self.scale)
        }
    }

    /// Raises the dual of `e` (outside blossoms) until edge `e–o`, whose
    /// doubled scaled weight `need` it no longer covers, is feasible again.
    /// A matched pair stays matched (the edge is tight again, every other
    /// edge of `e` only gains slack); otherwise `e` becomes a root.
    #[inline]
    fn raise_to_cover(&mut self, e: usize, o: usize, need: W) {
        self.dual[e] = need - self.dual[o];
        if self.mate[e] == o {
            return;
        }
        let m = self.mate[e];
        self.mate[e] = NONE;
        if m != NONE {
            self.mate[m] = NONE;
        }
    }

    /// Dissolves the top-level blossom around `v` as [`State::dissolve`]
    /// does; when it and every blossom around `v` inside it down to `last`
    /// (an ancestor of `v`, inclusive) have a zero dual, dissolves them
    /// all, top down, with the state `dissolve` leaves after each in turn:
    /// such a dissolve moves no dual and unmatches nobody, so the callers,
    /// which would go on dissolving down to `last`, get there at once. The
    /// vertices get their final `inblossom` in one pass, instead of one
    /// pass over the whole nest per level (nests thousands of vertices
    /// large and hundreds of levels deep form in large brackets).
    fn dissolve_down_to(&mut self, v: usize, last: usize) {
        let n = self.inblossom.len();
        let top = self.inblossom[v];
        debug_assert!(top >= n && last != NONE);
        let mut chain = Vec::new();
        let mut b = last;
        loop {
            if !self.dual[b].is_zero() {
                self.dissolve(top);
                return;
            }
            chain.push(b);
            if b == top {
                break;
            }
            b = self.parent[b];
        }
        chain.reverse();
        for (k, &b) in chain.iter().enumerate() {
            // (The next is dissolved next: its vertices get their blossom
            // there.)
            let next = chain.get(k + 1).copied().unwrap_or(NONE);
            self.free_children(b, next, W::zero());
            self.retire_blossom(b);
        }
    }

    /// Dissolves every blossom around the vertex `x`, top down: what
    /// [`State::dissolve`] of the top-level one, again and again until `x`
    /// is top-level, makes of the state (each vertex gains the duals of
    /// the dissolved blossoms around it, the base of each one with a dual
    /// is unmatched in that order, and the blossom ids go back in that
    /// order), in one pass over the vertices instead of one per level. A
    /// nest thousands of levels deep with duals (a repair's stage leaves
    /// one around a large bracket) took a pass over every vertex per
    /// level when a move in the S1-order loop dissolved it.
    fn dissolve_around(&mut self, x: usize) {
        let mut chain = Vec::new();
        let mut b = self.parent[x];
        while b != NONE {
            chain.push(b);
            b = self.parent[b];
        }
        chain.reverse();
        let mut zsum = W::zero();
        for (k, &b) in chain.iter().enumerate() {
            // (The next is dissolved next, or is `x` itself, below.)
            let next = chain.get(k + 1).copied().unwrap_or(x);
            zsum = zsum + self.dual[b];
            self.free_children(b, next, zsum);
            self.retire_blossom(b);
        }
        if !chain.is_empty() {
            self.inblossom[x] = x;
            if zsum > W::zero() {
                self.dual[x] = self.dual[x] + zsum;
            }
        }
    }

    /// Dissolves the top-level blossom `b`: its dual moves onto its vertices
    /// (edges leaving it stop being tight, so its base is unmatched when the
    /// dual was positive) and its children become top-level.
    fn dissolve(&mut self, b: usize) {
        debug_assert!(b >= self.inblossom.len() && self.parent[b] == NONE);
        self.free_children(b, NONE, self.dual[b]);
        self.retire_blossom(b);
    }

    /// Makes the children of the blossom `b` top-level, but `skip`: each
    /// other child's vertices name it as their blossom and gain `z` (the
    /// duals of the blossoms dissolved around them).
    fn free_children(&mut self, b: usize, skip: usize, z: W) {
        let n = self.inblossom.len();
        let childs = std::mem::take(&mut self.childs[b]);
        let mut lv = std::mem::take(&mut self.leafbuf);
        for &c in &childs {
            self.parent[c] = NONE;
            if c == skip {
                continue;
            }
            lv.clear();
            collect_leaves(&self.childs, n, c, &mut lv);
            for &v in &lv {
                self.inblossom[v] = c;
                if z > W::zero() {
                    self.dual[v] = self.dual[v] + z;
                }
            }
        }
        self.leafbuf = lv;
    }

    /// Clears what a stage and the scans kept of the blossom id `b`.
    fn forget_blossom(&mut self, b: usize) {
        self.label[b] = 0;
        self.labelend[b] = NO_EDGE;
        self.bestedge[b] = NO_EDGE;
        self.leafbest[b] = None;
        self.stale[b] = 0;
    }

    /// Ends the blossom `b`, whose children are free: its id goes back, and
    /// with a dual its base is unmatched (the edges leaving it stop being
    /// tight once the dual moves onto its vertices).
    fn retire_blossom(&mut self, b: usize) {
        let z = std::mem::replace(&mut self.dual[b], W::zero());
        let beta = self.base[b];
        self.bedges[b] = Vec::new();
        self.base[b] = NONE;
        self.forget_blossom(b);
        self.unused.push(b);
        if z > W::zero() && self.mate[beta] != NONE {
            let x = self.mate[beta];
            self.mate[beta] = NONE;
            self.mate[x] = NONE;
        }
    }
}

struct Solver<'a, W: Weight> {
    /// The weights doubled.
    g: &'a Table<W>,
    n: usize,
    /// The vertices taking part (retired pairs left out).
    act: &'a [usize],
    st: &'a mut State<W>,
    /// Grow a single tree per stage (see [`Matcher::solve`]).
    one_root: bool,
    /// A tree has augmented in this stage.
    augmented: bool,
    /// The most times the values may be doubled (see [`Matcher::set_scale_cap`]).
    scale_cap: u32,
}

impl<W: Weight> std::ops::Deref for Solver<'_, W> {
    type Target = State<W>;
    fn deref(&self) -> &State<W> {
        self.st
    }
}

impl<W: Weight> std::ops::DerefMut for Solver<'_, W> {
    fn deref_mut(&mut self) -> &mut State<W> {
        self.st
    }
}

impl<W: Weight> Solver<'_, W> {
    #[inline]
    fn gw(&self, i: usize, j: usize) -> W {
        self.g.at(i, j)
    }

    /// Whether the top-level blossom `b` belongs to a tree that has
    /// augmented in this stage.
    #[inline]
    fn is_dead(&self, b: usize) -> bool {
        self.label[b] != 0 && self.dead[self.tree[b]] == self.stage
    }

    /// Whether an edge from an S-vertex to `u` (in the top-level blossom
    /// `bu`) can change nothing in this stage, tight or not: `u` is
    /// T-labelled and so is its blossom. [`Solver::visit`] would only note
    /// the edge as tight (a cache); skipping it saves the slack, which is
    /// most of a scan's cost with wide weights (in a fresh solve about
    /// half the labelled vertices are T).
    #[inline]
    fn takes_nothing(&self, u: usize, bu: usize) -> bool {
        self.st.label[u] == 2 && self.st.label[bu] == 2
    }

    /// Slack of an edge between different top-level blossoms (twice the textbook value).
    #[inline]
    fn slack(&self, e: Edge) -> W {
        W::sum_minus(
            self.dual[e.0],
            self.dual[e.1],
            self.st.scaled(self.gw(e.0, e.1)),
        )
    }

    /// Slack of `bestedge[x]`, from the cache when the duals have not moved.
    #[inline]
    fn best_slack(&mut self, x: usize) -> W {
        let (v, e) = self.bestslack[x];
        if e == self.epoch {
            return v;
        }
        let v = self.slack(self.bestedge[x]);
        self.bestslack[x] = (v, self.epoch);
        v
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.childs[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    /// The vertices of `b` in the scratch list (hand it back with
    /// `give_leaves`).
    fn take_leaves(&mut self, b: usize) -> Vec<usize> {
        let mut v = std::mem::take(&mut self.st.leafbuf);
        v.clear();
        self.leaves(b, &mut v);
        v
    }

    fn give_leaves(&mut self, v: Vec<usize>) {
        self.st.leafbuf = v;
    }

    /// Queues the edges of the new S-blossom (or S-vertex) `b` for a scan.
    /// A blossom is scanned in one pass over its `leafbest` rather than a
    /// pass per vertex: the least-slack edge from `b` to a vertex is tight
    /// whenever any is, so it is the only edge the scan needs.
    fn push_scan(&mut self, b: usize) {
        if b == self.st.lazy_top.0 {
            self.build_chain();
        }
        if b >= self.n && self.leafbest[b].is_none() {
            self.build_leafbest(b);
        }
        self.queue.push_back(b);
    }

    fn assign_label(&mut self, w: usize, t: u8, p: Edge) {
        let b = self.inblossom[w];
        self.st.tree[b] = if p == NO_EDGE {
            w
        } else {
            self.st.tree[self.st.inblossom[p.0]]
        };
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NO_EDGE;
        self.bestedge[b] = NO_EDGE;
        if t == 1 {
            self.push_scan(b);
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            self.assign_label(m, 1, (base, m));
        }
    }

    /// Traces back from `v` and `w`; returns the base of a new blossom or NONE
    /// when an augmenting path was found.
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            if v != NONE {
                let b = self.inblossom[v];
                if self.label[b] & 4 != 0 {
                    base = self.base[b];
                    break;
                }
                path.push(b);
                self.label[b] = 5;
                if self.labelend[b] == NO_EDGE {
                    v = NONE;
                } else {
                    let t = self.labelend[b].0;
                    let bt = self.inblossom[t];
                    v = self.labelend[bt].0;
                }
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let n = self.n;
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unused.pop().expect("blossom ids");
        self.st.blossom_end = self.st.blossom_end.max(b + 1);
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut edges = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            edges.push(self.labelend[bv]);
            bv = self.inblossom[self.labelend[bv].0];
        }
        path.push(bb);
        path.reverse();
        edges.reverse();
        edges.push((v, w));
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            let (o, i) = self.labelend[bw];
            edges.push((i, o));
            bw = self.inblossom[o];
        }
        self.childs[b] = path.clone();
        self.bedges[b] = edges;
        self.label[b] = 1;
        self.st.tree[b] = self.st.tree[bb];
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::zero();
        // The T-children become S: their edges are scanned (below, once
        // every child has its `leafbest`).
        let newly_s: Vec<usize> = path
            .iter()
            .copied()
            .filter(|&c| self.label[c] == 2)
            .collect();
        let size = path.iter().map(|&c| self.st.size[c]).sum::<usize>();
        self.st.size[b] = size;
        if let Some(owner) = self.chain_owner(b, &path) {
            self.add_chain_level(b, &path, owner);
            self.queue.extend(newly_s);
            self.trim_spine(b);
            return;
        }
        // (This pass needs every child's `leafbest`, and `scratch`.)
        self.build_chain();
        if size * 8 > n {
            // A large blossom (a nest hundreds of levels deep forms one
            // level at a time): one pass over the vertices, each of whose
            // top-level blossom is one of the children or not, costs less
            // than walking the nest's tree again.
            for &c in &path {
                self.st.childmark[c] = true;
            }
            // (Only the vertices taking part: a retired pair leaves them
            // outside every blossom and is never labelled again, so it
            // never lies in a child.)
            let st = &mut *self.st;
            for &v in self.act {
                if st.childmark[st.inblossom[v]] {
                    st.inblossom[v] = b;
                }
            }
            #[cfg(debug_assertions)]
            for v in 0..n {
                debug_assert!(!st.childmark[st.inblossom[v]], "vertex {v} left in a child");
            }
            for &c in &path {
                st.childmark[c] = false;
            }
        } else {
            let lvs = self.take_leaves(b);
            for &lv in &lvs {
                self.inblossom[lv] = b;
            }
            self.give_leaves(lvs);
        }
        // For each vertex outside, the vertex of the new blossom with the
        // least-slack edge to it; then the least-slack edge to an S-blossom.
        let mut sl = std::mem::take(&mut self.st.scratch);
        // `sl[u]` is read only where `arr[u]` names a vertex, which wrote
        // it first: no need to clear it (a blossom of a 4,000-vertex
        // graph would write 256 KB of zeros).
        if sl.len() < n {
            sl.resize(n, W::zero());
        }
        // A nest grows one level at a time, each new level a blossom
        // formed right after its largest child, with the duals as they
        // were: that child's `leafbest` and the slacks `sl` still holds
        // from its forming are where the pass over its children would
        // start, so they are taken as they are instead of read again
        // through the child's entries (a random read of the matrix per
        // vertex). Children before it in the cycle win its ties, as in
        // the pass in cycle order (`orig`: its entries).
        let kept_owner = self.kept_owner(b);
        let kept = kept_owner.is_some();
        let owner = kept_owner.unwrap_or(NONE);
        let orig: Vec<Leaf> = if kept {
            self.leafbest[owner].take().expect("leafbest")
        } else {
            Vec::new()
        };
        if kept && self.st.scratch_shifted {
            // (Left by a chain level: back to slacks.)
            let (dual, bias) = (&self.st.dual, W::bias());
            for &u in self.act {
                if orig[u] != NO_LEAF {
                    sl[u] = sl[u].wrapping_add(dual[u]).wrapping_sub(bias);
                }
            }
        }
        self.st.scratch_shifted = false;
        #[cfg(debug_assertions)]
        if kept {
            // The kept slacks are those of the kept entries now.
            for &u in self.act {
                if self.inblossom[u] == b || orig[u] == NO_LEAF {
                    continue;
                }
                let x = self.slack((orig[u] as usize, u));
                debug_assert!(x == sl[u], "kept slack of {u}");
            }
        }
        let mut arr = if kept {
            let mut arr = orig.clone();
            for &c in &path {
                if c == owner {
                    continue;
                }
                if c < n {
                    arr[c] = NO_LEAF;
                } else {
                    let lvs = self.take_leaves(c);
                    for &lv in &lvs {
                        arr[lv] = NO_LEAF;
                    }
                    self.give_leaves(lvs);
                }
            }
            arr
        } else {
            vec![NO_LEAF; n]
        };
        // A child before `owner` in the cycle (ties go to it).
        let mut before = kept;
        for &c in &path {
            if kept && c == owner {
                before = false;
                self.bestedge[c] = NO_EDGE;
                continue;
            }
            if c < n {
                // A vertex: one pass over its row, the cells read once.
                // (The arrays are borrowed as slices first: the loop's
                // writes to `arr` and `sl` do not make it read them again
                // through `self`.)
                let g = self.g;
                let st = &*self.st;
                let (inblossom, dual, scale) = (&st.inblossom[..], &st.dual[..], st.scale);
                let (arr, sl, orig) = (&mut arr[..], &mut sl[..], &orig[..]);
                let dc = dual[c];
                on_row!(g.row(c), ks => {
                    for &u in self.act {
                        let k = ks[u].k();
                        if k == NO_EDGE_WEIGHT || inblossom[u] == b {
                            continue;
                        }
                        let w2 = g.scaled_value(k, scale);
                        let x = W::sum_minus(dc, dual[u], w2);
                        if arr[u] == NO_LEAF
                            || x < sl[u]
                            || (before && x == sl[u] && arr[u] == orig[u])
                        {
                            arr[u] = c as Leaf;
                            sl[u] = x;
                        }
                    }
                });
                self.bestedge[c] = NO_EDGE;
                continue;
            }
            if self.leafbest[c].is_none() {
                self.build_leafbest(c);
            }
            for &u in self.act {
                if self.inblossom[u] == b {
                    continue;
                }
                let i = match self.leaf_to(c, u) {
                    NO_LEAF => continue,
                    i => i as usize,
                };
                let x = self.slack((i, u));
                if arr[u] == NO_LEAF || x < sl[u] || (before && x == sl[u] && arr[u] == orig[u]) {
                    arr[u] = i as Leaf;
                    sl[u] = x;
                }
            }
            self.bestedge[c] = NO_EDGE;
        }
        if kept {
            self.leafbest[owner] = Some(orig);
        }
        let mut best = NO_EDGE;
        let mut best_slack = W::zero();
        {
            let st = &*self.st;
            let (inblossom, label) = (&st.inblossom[..], &st.label[..]);
            for &u in self.act {
                let bu = inblossom[u];
                if arr[u] == NO_LEAF || bu == b || label[bu] != 1 {
                    continue;
                }
                if best == NO_EDGE || sl[u] < best_slack {
                    best = (arr[u] as usize, u);
                    best_slack = sl[u];
                }
            }
        }
        self.st.scratch = sl;
        self.st.scratch_of = (b, self.epoch, self.stage);
        self.st.scratch_lists = (NONE, 0, 0);
        self.leafbest[b] = Some(arr);
        self.stale[b] = 0;
        self.bestedge[b] = best;
        self.bestslack[b] = (best_slack, self.epoch);
        self.queue.extend(newly_s);
        self.trim_spine(b);
    }

    /// The vertex of blossom `b` (which has a `leafbest`) with the
    /// least-slack edge to `u` outside it, found again if stale.
    #[inline]
    fn leaf_to(&mut self, b: usize, u: usize) -> Leaf {
        debug_assert!(b != self.st.lazy_top.0, "leafbest of a run's top");
        let cur = self.leafbest[b].as_ref().expect("leafbest built")[u];
        if cur != STALE_LEAF {
            return cur;
        }
        let mut best = NO_LEAF;
        let mut best_slack = W::zero();
        let lvs = self.take_leaves(b);
        for &lv in &lvs {
            if self.gw(lv, u).is_zero() {
                continue;
            }
            let x = self.slack((lv, u));
            if best == NO_LEAF || x < best_slack {
                best = lv as Leaf;
                best_slack = x;
            }
        }
        self.give_leaves(lvs);
        self.leafbest[b].as_mut().expect("leafbest built")[u] = best;
        self.stale[b] -= 1;
        best
    }

    /// `leafbest` of blossom `b` from the rows of the vertices outside it
    /// (a blossom whose edges changed weight since it formed): for each
    /// outside vertex, the first of `b`'s vertices (in `leaves_of` order)
    /// whose edge to it has the least slack. The matrix is symmetric, so
    /// an outside vertex's row holds its edges to every leaf; going vertex
    /// by vertex keeps the running best in registers and reads the
    /// leaves' duals from one short array, where going leaf by leaf read
    /// and wrote a wide slack per cell across the whole vertex range (a
    /// nest level of 3,400 leaves in a 9,999-player round: 34 million
    /// cells per build, tens of builds per round).
    fn build_leafbest(&mut self, b: usize) {
        let n = self.n;
        // (`scratch` is taken over below.)
        self.build_chain();
        self.st.scratch_of = (NONE, 0, 0);
        self.st.scratch_lists = (NONE, 0, 0);
        let leaves = self.leaves_of(b);
        let mut inside = vec![false; n];
        for &lv in &leaves {
            inside[lv] = true;
        }
        let g = self.g;
        let st = &*self.st;
        let scale = st.scale;
        let duals: Vec<W> = leaves.iter().map(|&lv| st.dual[lv]).collect();
        let mut arr = vec![NO_LEAF; n];
        for &u in self.act {
            if inside[u] {
                continue;
            }
            let du = st.dual[u];
            let mut best = NO_LEAF;
            let mut best_slack = W::zero();
            on_row!(g.row(u), ks => {
                for (&lv, &dl) in leaves.iter().zip(&duals) {
                    let k = ks[lv].k();
                    if k == NO_EDGE_WEIGHT {
                        continue;
                    }
                    let x = W::sum_minus(dl, du, g.scaled_value(k, scale));
                    if best == NO_LEAF || x < best_slack {
                        best = lv as Leaf;
                        best_slack = x;
                    }
                }
            });
            arr[u] = best;
        }
        self.st.scratch_shifted = false;
        self.leafbest[b] = Some(arr);
        self.stale[b] = 0;
    }

    /// The step edge from child `j` towards child `j + step` (`x` in child `j`).
    fn step_edge(&self, b: usize, j: isize, step: isize) -> Edge {
        let k = self.childs[b].len() as isize;
        if step == 1 {
            self.bedges[b][j.rem_euclid(k) as usize]
        } else {
            let (x, y) = self.bedges[b][(j - 1).rem_euclid(k) as usize];
            (y, x)
        }
    }

    fn child(&self, b: usize, j: isize) -> usize {
        let k = self.childs[b].len() as isize;
        self.childs[b][j.rem_euclid(k) as usize]
    }

    fn mark_allowed(&mut self, e: Edge) {
        self.allowed.mark(e.0, e.1);
    }

    /// Expands the top-level T-blossom `b` whose dual reached zero.
    fn expand_blossom(&mut self, b: usize) {
        let childs = self.childs[b].clone();
        for &s in &childs {
            self.parent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else {
                let lvs = self.take_leaves(s);
                for &lv in &lvs {
                    self.inblossom[lv] = s;
                }
                self.give_leaves(lvs);
            }
        }
        if self.label[b] == 2 {
            let entrychild = self.inblossom[self.labelend[b].1];
            let k = childs.len() as isize;
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap() as isize;
            let step: isize = if j & 1 == 1 {
                j -= k;
                1
            } else {
                -1
            };
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[p.1] = 0;
                let q = self.step_edge(b, j, step);
                self.label[q.1] = 0;
                self.assign_label(p.1, 2, p);
                self.mark_allowed(q);
                j += step;
                p = self.step_edge(b, j, step);
                self.mark_allowed(p);
                j += step;
            }
            let bv = self.child(b, j);
            self.label[p.1] = 2;
            self.label[bv] = 2;
            self.labelend[p.1] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NO_EDGE;
            j += step;
            while self.child(b, j) != entrychild {
                let bv = self.child(b, j);
                if self.label[bv] == 1 {
                    j += step;
                    continue;
                }
                let mut found = NONE;
                for lv in self.leaves_of(bv) {
                    if self.label[lv] != 0 {
                        found = lv;
                        break;
                    }
                }
                if found != NONE {
                    self.label[found] = 0;
                    let m = self.mate[self.base[bv]];
                    self.label[m] = 0;
                    let le = self.labelend[found];
                    self.assign_label(found, 2, le);
                }
                j += step;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NO_EDGE;
        self.childs[b] = Vec::new();
        self.bedges[b] = Vec::new();
        self.base[b] = NONE;
        self.leafbest[b] = None;
        self.bestedge[b] = NO_EDGE;
        self.unused.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let k = self.childs[b].len() as isize;
        let i = self.childs[b].iter().position(|&c| c == t).unwrap();
        let mut j = i as isize;
        let step: isize = if j & 1 == 1 {
            j -= k;
            1
        } else {
            -1
        };
        while j != 0 {
            j += step;
            let (x, y) = self.step_edge(b, j, step);
            let t1 = self.child(b, j);
            if t1 >= self.n {
                self.augment_blossom(t1, x);
            }
            j += step;
            let t2 = self.child(b, j);
            if t2 >= self.n {
                self.augment_blossom(t2, y);
            }
            self.mate[x] = y;
            self.mate[y] = x;
        }
        self.childs[b].rotate_left(i);
        self.bedges[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
    }

    /// Flips the alternating path from `s` up to its tree's root; `s` gets
    /// `partner` (NONE: `s` ends up free).
    fn augment_side(&mut self, mut s: usize, mut partner: usize) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = partner;
            if self.labelend[bs] == NO_EDGE {
                break;
            }
            let t = self.labelend[bs].0;
            let bt = self.inblossom[t];
            let (s2, j) = self.labelend[bt];
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = s2;
            partner = j;
            s = s2;
        }
    }

    fn augment_matching(&mut self, v: usize, w: usize) {
        self.augment_side(v, w);
        self.augment_side(w, v);
    }

    /// Augments from S-vertex `v` to `u`, whose top-level blossom has a free
    /// base with a zero dual (not a tree root).
    fn augment_to_free(&mut self, v: usize, u: usize) {
        self.augment_side(v, u);
        let bu = self.inblossom[u];
        if bu >= self.n {
            self.augment_blossom(bu, u);
        }
        self.mate[u] = v;
    }

    /// Before the search: every free vertex outside blossoms takes the
    /// least dual its edges allow (duals stay feasible, and a vertex whose
    /// dual reaches zero needs no partner), and is matched at once along
    /// the edge that made it tight when the other end is free as well.
    /// After many edits (a new bracket's weights) most vertices are free,
    /// and each pair matched here saves a whole stage of the search.
    fn warm_start(&mut self) {
        if !self.one_root {
            self.row_max_duals();
        }
        self.pair_on_least_duals(false);
    }

    /// The warm start's pass (see [`Solver::warm_start`]). A `trial` gives
    /// up, returning false, once it has seen [`KEPT_PROBE`] free vertices
    /// and paired fewer than one in four, or when it leaves more than half
    /// of the vertices free.
    fn pair_on_least_duals(&mut self, trial: bool) -> bool {
        let (mut seen, mut paired) = (0usize, 0usize);
        for i in 0..self.act.len() {
            let v = self.act[i];
            if self.st.mate[v] != NONE || self.st.inblossom[v] != v || self.st.dual[v].is_zero() {
                continue;
            }
            seen += 1;
            if trial && seen >= KEPT_PROBE && paired * 4 < seen {
                return false;
            }
            let g = self.g;
            // The least feasible dual of v, and the first free vertex (or a
            // blossom's free base) whose edge sets it.
            let (least, best) = on_row!(g.row(v), row => {
                let mut least = W::zero();
                let mut best = NONE;
                let mut any = false;
                for &u in self.act {
                    if u == v || row[u].k() == NO_EDGE_WEIGHT {
                        continue;
                    }
                    let w2 = g.scaled_value(row[u].k(), self.st.scale);
                    let need = w2.saturating_sub(self.st.dual[u]);
                    // (Whether `u` is free is read only where it matters.)
                    let free = |u: usize| {
                        self.st.mate[u] == NONE && self.st.base[self.st.inblossom[u]] == u
                    };
                    if !any || need > least {
                        least = need;
                        best = if free(u) { u } else { NONE };
                        any = true;
                    } else if best == NONE && need == least && free(u) {
                        best = u;
                    }
                }
                (least, best)
            });
            if least > self.st.dual[v] {
                continue;
            }
            // Lower v's dual to the least feasible one (or keep it when it
            // is that already): the edge to `best` is tight either way.
            self.st.dual[v] = least;
            if least.is_zero() || best == NONE {
                continue;
            }
            // A free end outside blossoms (or a blossom's free base) can
            // take v at once, even when v's dual did not come down.
            self.st.mate[v] = best;
            self.st.mate[best] = v;
            paired += 1;
        }
        let free = (self.act.iter())
            .filter(|&&v| self.st.mate[v] == NONE)
            .count();
        !trial || free * 2 <= self.act.len()
    }

    /// Before a fresh start's warm start: every free vertex takes half its
    /// heaviest edge (doubled) as its dual instead of the common starting
    /// one, the largest weight. Every slack stays feasible (an edge weighs
    /// no more than either end's heaviest), and the search starts much
    /// closer to the optimum's duals: in a large Dutch bracket every
    /// vertex's heaviest edge goes to the same few top players, and from
    /// the common start the warm start's least duals were dictated by
    /// them (a 5,307-player window took 82,099 zero-delta dual steps and
    /// 24 s; from these duals, half that). Only lowers duals of free
    /// vertices to feasible values, as the warm start does.
    ///
    /// The few vertices that hold the heaviest edge of many rows (more
    /// than one in [`HUB_SHARE`]: in a Dutch window, a player floated down
    /// into the bracket, whose edges carry the floater's fields) are hubs: every other vertex
    /// takes half its heaviest edge to a non-hub, and a hub the least dual
    /// that covers its edges given those (at least half its heaviest edge
    /// to another hub). Still feasible: an edge between non-hubs weighs no
    /// more than either end's heaviest such edge, a hub covers each of its
    /// edges to a non-hub by its own dual, and two hubs each hold half of
    /// their edge. The bulk's duals then come from the bulk's own edges,
    /// and the warm start pairs most of it at once: the 5,307-player window
    /// above left 5,299 vertices free after the warm start and took 155
    /// stages and 8.5 s without hubs; with them 4,595 free, 8 stages, 1.3 s.
    /// (A hub's dual may rise above the common start: an edge to it can
    /// outweigh that start plus the other end's lowered dual.)
    ///
    /// A row's heaviest edge is often held by many vertices at once (many
    /// equal weights): each of them counts as holding it, so that a few
    /// top players who all weigh the same to the bulk (the one-point group
    /// above the half-point group of a round after 98 % draws) are all
    /// hubs, not only the first of them. When that would make more than
    /// a quarter of the free vertices hubs, the bulk is flat and ties say
    /// nothing: only the first holder of each row counts, as before. (A
    /// 9,999-player open, 1 % wins each side, round 2: the first
    /// bracket's fresh start 5.0 → 0.5 s, 9,900 vertices left free by the
    /// warm start → 91. With 10 % wins each side the one-point group is
    /// 1,031 of 8,969, more than one in 16: 2.2 → 0.6 s, 7,951 free → 1,029.)
    fn row_max_duals(&mut self) {
        let g = self.g;
        let free: Vec<usize> = (self.act.iter().copied())
            .filter(|&v| self.st.mate[v] == NONE && self.st.inblossom[v] == v)
            .collect();
        let mut hub = vec![false; self.n];
        let mut heaviest = vec![W::zero(); self.n];
        let rank = g.ranks();
        // The heaviest edge of each free vertex to a non-hub, and (first
        // pass) which vertex holds it; a vertex holding too many becomes
        // a hub, and the second pass leaves the hubs out.
        for pass in 0..2 {
            let mut holds = vec![0usize; self.n];
            // (First pass: every vertex an edge of a row's heaviest weight
            // goes to, see above.)
            let mut tied = vec![0usize; if pass == 0 { self.n } else { 0 }];
            for &v in &free {
                if hub[v] {
                    continue;
                }
                let (hi, at) = on_row!(g.row(v), row => {
                    // (Compared by rank: a wide value per cell cost a
                    // tenth of a 9,999-player round's two fresh starts.)
                    let mut hi = 0u32;
                    let mut at = NONE;
                    for &u in self.act {
                        let k = row[u].k();
                        if u != v && !hub[u] && k != NO_EDGE_WEIGHT {
                            let r = rank[k as usize];
                            if at == NONE || r > hi {
                                (hi, at) = (r, u);
                            }
                        }
                    }
                    let hi = if at == NONE { W::zero() } else { g.value(row[at].k()) };
                    if pass == 0 && at != NONE {
                        // (Equal weights share their key.)
                        let k = row[at].k();
                        for &u in self.act {
                            if u != v && row[u].k() == k {
                                tied[u] += 1;
                            }
                        }
                    }
                    (hi, at)
                });
                heaviest[v] = hi;
                if at != NONE {
                    holds[at] += 1;
                }
            }
            if pass == 1 {
                break;
            }
            let limit = (free.len() / HUB_SHARE).max(2);
            let few =
                free.iter().filter(|&&u| tied[u] > limit).count() <= free.len() / TIED_HUB_SHARE;
            if few {
                holds = tied;
            }
            let mut any = false;
            for &u in &free {
                if holds[u] > limit {
                    hub[u] = true;
                    any = true;
                }
            }
            if !any {
                break;
            }
        }
        for &v in free.iter().filter(|&&v| !hub[v]) {
            let d = self.st.scaled(heaviest[v]).half();
            if d < self.st.dual[v] {
                self.st.dual[v] = d;
            }
        }
        for &h in free.iter().filter(|&&h| hub[h]) {
            let st = &*self.st;
            let need = on_row!(g.row(h), row => {
                let mut need = W::zero();
                for &u in self.act {
                    if u != h && row[u].k() != NO_EDGE_WEIGHT {
                        let w2 = g.scaled_value(row[u].k(), st.scale);
                        need = need.max(if hub[u] {
                            w2.half()
                        } else {
                            w2.saturating_sub(st.dual[u])
                        });
                    }
                }
                need
            });
            // (Raised when the common start is too low for it.)
            self.st.dual[h] = need;
        }
    }

    /// Gives every root the same dual parity, so that the slack of every
    /// edge between two trees is even and halving it never needs the values
    /// doubled. (Every vertex of a tree shares its root's parity through
    /// tight edges; roots freed by edits between solves may differ.) A
    /// root's dual only goes up by one, which keeps every slack feasible;
    /// a root blossom moves the unit from its own dual to its vertices, or
    /// is dissolved when its dual is zero.
    fn align_root_parity(&mut self) {
        let n = self.n;
        let mut parity: Option<bool> = None;
        let mut i = 0;
        while i < self.act.len() {
            let v = self.act[i];
            i += 1;
            if self.mate[v] != NONE || self.dual[v].is_zero() {
                continue;
            }
            let odd = self.dual[v].is_odd();
            let want = *parity.get_or_insert(odd);
            if odd == want {
                continue;
            }
            loop {
                let b = self.inblossom[v];
                if b == v {
                    self.dual[v] = self.dual[v] + W::one();
                    break;
                }
                if !self.dual[b].is_zero() {
                    self.dual[b] = self.dual[b] - W::one();
                    let lvs = self.take_leaves(b);
                    for &x in &lvs {
                        self.dual[x] = self.dual[x] + W::one();
                    }
                    self.give_leaves(lvs);
                    break;
                }
                debug_assert!(b >= n);
                self.st.dissolve(b);
            }
        }
    }

    /// Scans the edges of the S-vertex or S-blossom `x`; true when an
    /// augmentation ended the stage.
    fn scan(&mut self, x: usize) -> bool {
        let n = self.n;
        let g = self.g;
        if x < n {
            return on_row!(g.row(x), ks => self.scan_row(x, ks));
        } else {
            if x == self.st.lazy_top.0 {
                self.build_chain();
            }
            // (Queued before a nest grew far above it: see `trim_spine`.)
            if self.leafbest[x].is_none() {
                self.build_leafbest(x);
            }
            // One edge per outside vertex: the least-slack one from `x`.
            let mut bv = self.st.inblossom[self.st.base[x]];
            for &u in self.act {
                let bu = self.st.inblossom[u];
                if bv == bu || (self.augmented && self.is_dead(bu)) || self.takes_nothing(u, bu) {
                    continue;
                }
                let v = match self.leaf_to(x, u) {
                    NO_LEAF => continue,
                    v => v as usize,
                };
                let tight = self.st.allowed.get(v, u);
                let kslack = if tight {
                    W::zero()
                } else {
                    W::sum_minus(self.st.dual[v], self.st.dual[u], self.st.scaled(g.at(v, u)))
                };
                if self.visit(v, u, bu, kslack, tight, &mut bv) {
                    return true;
                }
            }
        }
        false
    }

    /// The hot loop of [`Solver::scan`] for the S-vertex `v` whose row is
    /// `ks`: the row is scanned whole, so everything fixed for the row is
    /// read once. The state's arrays are borrowed once for each run of
    /// edges up to the next tight one (most edges are not tight: they
    /// only update a least slack), so the loop keeps them in registers
    /// instead of reloading them through `self` after every write; a tight
    /// edge ends the run and goes to [`Solver::visit_tight`] as in
    /// [`Solver::visit`].
    #[inline]
    fn scan_row<K: Key>(&mut self, v: usize, ks: &[K]) -> bool {
        let g = self.g;
        let act = self.act;
        let augmented = self.augmented;
        let mut bv = self.st.inblossom[v];
        let mut i = 0;
        while i < act.len() {
            // When `bv` is the chain level whose outside vertices are
            // listed (see `Solver::add_chain_level`), only those are read:
            // a nest's vertices, half of them and scattered, were each a
            // branch mispredicted.
            let listed = self.st.scratch_lists == (bv, self.st.epoch, self.st.stage);
            #[cfg(test)]
            if listed {
                chain::LISTED_SCANS.with(|c| c.set(c.get() + 1));
            }
            let out = if listed {
                std::mem::take(&mut self.st.scratch_out)
            } else {
                Vec::new()
            };
            // The next tight edge from `i` on, with its other end and that
            // end's top-level blossom.
            let hit = {
                let st = &mut *self.st;
                let (stage, epoch, scale) = (st.stage, st.epoch, st.scale);
                let State {
                    inblossom,
                    label,
                    dual,
                    allowed,
                    bestedge,
                    bestslack,
                    dead,
                    tree,
                    ..
                } = st;
                let scaled = |w: W| if scale == 0 { w } else { w.shl(scale) };
                let dv = dual[v];
                let row = allowed.row(v);
                let mut hit = None;
                let mut j = if listed {
                    out.partition_point(|&p| (p as usize) < i)
                } else {
                    0
                };
                loop {
                    // (The same test each time: a branch predicted right.)
                    let u = if listed {
                        let Some(&p) = out.get(j) else {
                            i = act.len();
                            break;
                        };
                        j += 1;
                        i = p as usize + 1;
                        act[p as usize]
                    } else {
                        let Some(&u) = act.get(i) else {
                            break;
                        };
                        i += 1;
                        u
                    };
                    let k = ks[u].k();
                    if k == NO_EDGE_WEIGHT || u == v {
                        continue;
                    }
                    let bu = inblossom[u];
                    if bv == bu
                        || (augmented && label[bu] != 0 && dead[tree[bu]] == stage)
                        || (label[u] == 2 && label[bu] == 2)
                    {
                        continue;
                    }
                    if is_marked(row, u) {
                        hit = Some((u, bu, true));
                        break;
                    }
                    let kslack = W::sum_minus(dv, dual[u], g.scaled_value(k, scale));
                    if kslack.is_zero() {
                        hit = Some((u, bu, false));
                        break;
                    }
                    // The least slack this edge may beat: towards an
                    // S-blossom, the scanning blossom's; towards a free
                    // unlabelled vertex, that vertex's. (One of an older
                    // epoch is read again, as `best_slack` does.)
                    let x = if label[bu] == 1 {
                        bv
                    } else if label[u] == 0 {
                        u
                    } else {
                        continue;
                    };
                    let (a, b) = bestedge[x];
                    let better = a == NONE || {
                        let (s, e) = bestslack[x];
                        let s = if e == epoch {
                            s
                        } else {
                            let s = W::sum_minus(dual[a], dual[b], scaled(g.at(a, b)));
                            bestslack[x] = (s, epoch);
                            s
                        };
                        kslack < s
                    };
                    if better {
                        bestedge[x] = (v, u);
                        bestslack[x] = (kslack, epoch);
                    }
                }
                hit
            };
            if listed {
                self.st.scratch_out = out;
            }
            let Some((u, bu, tight)) = hit else {
                break;
            };
            if !tight {
                self.st.allowed.mark(v, u);
            }
            if self.visit_tight(v, u, bu, &mut bv) {
                return true;
            }
        }
        false
    }

    /// Edge `v–u` from the S-blossom `bv` to the top-level blossom `bu`,
    /// with its slack (zero and `tight` when it is known tight this stage):
    /// labels, forms a blossom or augments along a tight edge, else keeps
    /// the edge if it is the least-slack one of its kind. True when an
    /// augmentation ended the stage.
    ///
    /// Most edges a scan meets are not tight: that case (a comparison with
    /// the kept least slack) stays inline in the scan loops, and the rest
    /// (labelling, blossoms, augmenting) is a call of its own, so the
    /// loops neither call out per edge nor pass the wide slack through
    /// memory.
    #[inline(always)]
    fn visit(
        &mut self,
        v: usize,
        u: usize,
        bu: usize,
        kslack: W,
        tight: bool,
        bv: &mut usize,
    ) -> bool {
        if !tight {
            if kslack.is_zero() {
                self.st.allowed.mark(v, u);
            } else {
                if self.label[bu] == 1 {
                    let b = *bv;
                    if self.bestedge[b] == NO_EDGE || kslack < self.best_slack(b) {
                        self.bestedge[b] = (v, u);
                        self.bestslack[b] = (kslack, self.epoch);
                    }
                } else if self.label[u] == 0
                    && (self.bestedge[u] == NO_EDGE || kslack < self.best_slack(u))
                {
                    self.bestedge[u] = (v, u);
                    self.bestslack[u] = (kslack, self.epoch);
                }
                return false;
            }
        }
        self.visit_tight(v, u, bu, bv)
    }

    /// [`Solver::visit`] for a tight edge.
    #[inline(never)]
    fn visit_tight(&mut self, v: usize, u: usize, bu: usize, bv: &mut usize) -> bool {
        {
            if self.label[bu] == 0 {
                if self.mate[self.base[bu]] == NONE {
                    let t = self.st.tree[*bv];
                    self.st.dead[t] = self.st.stage;
                    // The free end joins the finished tree.
                    self.st.tree[bu] = t;
                    self.label[bu] = 2;
                    self.augment_to_free(v, u);
                    return true;
                }
                self.assign_label(u, 2, (v, u));
            } else if self.label[bu] == 1 {
                let base = self.scan_blossom(v, u);
                if base != NONE {
                    self.add_blossom(base, v, u);
                    *bv = self.st.inblossom[v];
                } else {
                    let stage = self.st.stage;
                    let (tv, tu) = (self.st.tree[*bv], self.st.tree[bu]);
                    self.st.dead[tv] = stage;
                    self.st.dead[tu] = stage;
                    self.augment_matching(v, u);
                    return true;
                }
            } else if self.label[u] == 0 {
                self.label[u] = 2;
                self.labelend[u] = (v, u);
            }
        }
        false
    }

    /// Moves the duals by `delta` (S-vertices and T-blossoms down,
    /// T-vertices and S-blossoms up) in a new dual epoch, carrying the
    /// cached best slacks over: an edge's slack moves by its two ends'
    /// dual changes, so a cache of the current epoch stays exact without
    /// reading the edge again. (A value that would go below zero belongs
    /// to an edge no longer looked at; it is left stale.)
    fn update_duals(&mut self, delta: W) {
        let old = self.st.epoch;
        self.st.epoch += 1;
        let now = self.st.epoch;
        let (n, end) = (self.n, self.st.blossom_end);
        let st = &mut *self.st;
        let carry = |st: &mut State<W>, x: usize| {
            let (mut s, e) = st.bestslack[x];
            let (a, b) = st.bestedge[x];
            if e != old || a == NONE {
                return;
            }
            for end in [a, b] {
                match st.label[st.inblossom[end]] {
                    1 if s >= delta => s = s - delta,
                    1 => return,
                    2 => s = s + delta,
                    _ => {}
                }
            }
            st.bestslack[x] = (s, now);
        };
        // (A vertex that no longer takes part has no best edge: it is
        // never labelled, and every stage starts with none.)
        for &v in self.act {
            carry(st, v);
            match st.label[st.inblossom[v]] {
                1 => st.dual[v] = st.dual[v] - delta,
                2 => st.dual[v] = st.dual[v] + delta,
                _ => {}
            }
        }
        for b in n..end {
            carry(st, b);
            if st.base[b] != NONE && st.parent[b] == NONE {
                match st.label[b] {
                    1 => st.dual[b] = st.dual[b] + delta,
                    2 => st.dual[b] = st.dual[b] - delta,
                    _ => {}
                }
            }
        }
    }

    /// Labels free vertices with a positive dual (not yet labelled) as
    /// roots: only the first when `one` or in a repair, else every one;
    /// returns how many.
    fn plant_roots(&mut self, one: bool) -> usize {
        let mut roots = 0usize;
        for i in 0..self.act.len() {
            let v = self.act[i];
            if self.mate[v] == NONE
                && self.label[self.inblossom[v]] == 0
                && self.dual[v] > W::zero()
            {
                self.assign_label(v, 1, NO_EDGE);
                roots += 1;
                if one || self.one_root {
                    break;
                }
            }
        }
        roots
    }

    /// Runs stages until no root is left. Returns false when the values
    /// would outgrow the weight type (the caller restarts from scratch).
    fn run(&mut self) -> bool {
        self.st.epoch += 1;
        let n = self.n;
        if n < 2 {
            return true;
        }
        self.warm_start();
        // Stages left to sprint, and how many the next unproductive stage
        // sets (see below).
        let mut sprint_left = 0u32;
        let mut backoff = 1u32;
        loop {
            self.stage += 1;
            self.st.forget_marks();
            for x in self.label.iter_mut() {
                *x = 0;
            }
            for x in self.bestedge.iter_mut() {
                *x = NO_EDGE;
            }
            self.queue.clear();
            self.align_root_parity();
            // Roots: free vertices whose dual is still positive (free
            // vertices with a zero dual already satisfy the optimality
            // conditions); first only the first, whose tree grows until it
            // reaches any other free vertex, instead of a tree from every
            // free vertex for a single augmentation. A fresh start plants
            // the others once that tree is done (see below).
            let mut lazy = !self.one_root;
            let sprint = sprint_left > 0;
            sprint_left = sprint_left.saturating_sub(1);
            if self.plant_roots(true) == 0 {
                return true;
            }
            self.augmented = false;
            let mut augs = 0usize;
            // How many augmentations the stage had made when the other
            // roots were planted.
            let mut planted_after: Option<usize> = None;
            loop {
                // After an augmentation the other trees keep growing over
                // tight edges (their labels and blossoms are untouched by
                // a path through other trees), so one stage can make many
                // vertex-disjoint augmentations; the stage ends when no
                // tight edge is left to follow, before any dual update.
                while let Some(x) = self.queue.pop_front() {
                    if self.augmented {
                        let top = if x < n {
                            self.inblossom[x]
                        } else {
                            self.inblossom[self.base[x]]
                        };
                        if self.is_dead(top) {
                            continue;
                        }
                    }
                    self.st.scanning = x;
                    let augmented = self.scan(x);
                    self.st.scanning = NONE;
                    if augmented {
                        self.augmented = true;
                        augs += 1;
                    }
                }
                // (The dual update reads the best edges of the blossoms,
                // and their `leafbest` lasts beyond the stage.)
                self.build_chain();
                // A fresh start's first tree is done: every other free
                // vertex becomes a root, so that trees can meet halfway,
                // unless the stage sprints (below) and that tree augmented.
                if lazy && (!self.augmented || !sprint) {
                    lazy = false;
                    planted_after = Some(augs);
                    if self.plant_roots(false) > 0 {
                        continue;
                    }
                }
                if self.augmented {
                    // When every free vertex hangs on one matched player
                    // (as under a floater in a Dutch bracket), the first
                    // tree's augmentation takes him and the other trees
                    // are stuck: growing them all makes one augmentation
                    // per stage at the cost of every root's row (a
                    // 2,921-vertex window of a 9,999-player round: 1,182
                    // stages, 15 s). After such a stage the next ones
                    // sprint, ending at their first tree's augmentation,
                    // and a stage growing them all is tried again after 1,
                    // 2, 4, ... sprints (that window: 2.4 s). Where the
                    // other trees do augment (hundreds in a stage), every
                    // stage grows them all, as before.
                    if let Some(a) = planted_after.filter(|&a| a > 0) {
                        if augs - a <= 1 {
                            sprint_left = backoff;
                            backoff = (backoff * 2).min(MAX_SPRINTS);
                        } else {
                            backoff = 1;
                        }
                    }
                    break;
                }
                // No augmenting path over tight edges: update the duals.
                // Each kind of delta keeps its own least value (the first
                // in the order of ids), and the kinds are then taken in
                // order, a later one only when strictly less: the choice
                // of one pass per kind, in one pass over the vertices
                // and one over the blossoms.
                let (mut d1, mut v1) = (W::zero(), NONE);
                let (mut d2, mut e2) = (W::zero(), NO_EDGE);
                let (mut d3, mut e3) = (W::zero(), NO_EDGE);
                let (mut d4, mut b4) = (W::zero(), NONE);
                let mut odd = false;
                for &v in self.act {
                    let l = self.label[self.inblossom[v]];
                    if l == 1 {
                        if v1 == NONE || self.dual[v] < d1 {
                            d1 = self.dual[v];
                            v1 = v;
                        }
                    } else if l == 0 && self.bestedge[v] != NO_EDGE {
                        let d = self.best_slack(v);
                        if e2 == NO_EDGE || d < d2 {
                            d2 = d;
                            e2 = self.bestedge[v];
                        }
                    }
                    if self.parent[v] == NONE && self.label[v] == 1 && self.bestedge[v] != NO_EDGE {
                        let full = self.best_slack(v);
                        let d = full.half();
                        if d + d != full {
                            odd = true;
                        }
                        if e3 == NO_EDGE || d < d3 {
                            d3 = d;
                            e3 = self.bestedge[v];
                        }
                    }
                }
                // (In the order of ids: the vertices taking part, then the
                // blossoms; other vertices are never labelled.)
                let end = self.st.blossom_end;
                for b in n..end {
                    if self.base[b] == NONE || self.parent[b] != NONE {
                        continue;
                    }
                    if self.label[b] == 1 && self.bestedge[b] != NO_EDGE {
                        let full = self.best_slack(b);
                        let d = full.half();
                        if d + d != full {
                            odd = true;
                        }
                        if e3 == NO_EDGE || d < d3 {
                            d3 = d;
                            e3 = self.bestedge[b];
                        }
                    } else if self.label[b] == 2 && (b4 == NONE || self.dual[b] < d4) {
                        d4 = self.dual[b];
                        b4 = b;
                    }
                }
                let mut dtype = 0u8;
                let mut delta = W::zero();
                let mut dvertex = NONE;
                let mut dedge = NO_EDGE;
                let mut dblossom = NONE;
                if v1 != NONE {
                    (dtype, delta, dvertex) = (1, d1, v1);
                }
                if e2 != NO_EDGE && d2 < delta {
                    (dtype, delta, dedge) = (2, d2, e2);
                }
                if e3 != NO_EDGE && d3 < delta {
                    (dtype, delta, dedge) = (3, d3, e3);
                }
                if odd {
                    // Halving an odd slack: double every value instead.
                    if self.scale >= self.scale_cap {
                        return false;
                    }
                    self.scale += 1;
                    for x in self.st.dual.iter_mut() {
                        *x = *x + *x;
                    }
                    // Every slack doubled: the cached ones are stale.
                    self.st.epoch += 1;
                    continue;
                }
                if b4 != NONE && d4 < delta {
                    (dtype, delta, dblossom) = (4, d4, b4);
                }
                // A zero delta (a T-blossom whose dual is already zero,
                // expanded next: tens of thousands of times in one solve
                // of a large bracket) moves no dual, so every cached slack
                // of this epoch is still exact: the pass over every vertex
                // and blossom is skipped and the epoch kept.
                if !delta.is_zero() {
                    self.update_duals(delta);
                }
                match dtype {
                    1 => {
                        // An S-vertex's dual reached zero: make it the free
                        // end of its tree (a root simply stops being one).
                        if self.mate[dvertex] != NONE {
                            self.augment_side(dvertex, NONE);
                        }
                        break;
                    }
                    2 | 3 => {
                        self.mark_allowed(dedge);
                        let (mut i, j) = dedge;
                        if self.label[self.inblossom[i]] == 0 {
                            i = j;
                        }
                        self.queue.push_back(i);
                    }
                    _ => self.expand_blossom(dblossom),
                }
            }
            // S-blossoms whose dual is zero are kept for the next stage
            // (the textbook expands them here), and for the next solve
            // too: with many equal weights a repair forms thousands of
            // such blossoms, and forming one again costs a pass over the
            // edges of each of its children. An edit that breaks one
            // dissolves it (see [`Matcher::set`]).
        }
    }
}

#[cfg(test)]
mod tests;
