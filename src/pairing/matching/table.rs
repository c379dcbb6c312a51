//! The weight matrix of a dense graph whose weights take few distinct
//! values: each cell holds an index into a table of those values, 16 bits
//! wide while the table has at most 65,536 slots, 32 bits after (the
//! matrix is widened once, when a value needs slot 65,536).
//!
//! A pairing graph of 3,000 players has 9 million edges but only a few
//! thousand distinct weights at a time, each hundreds of bits wide. Scanning
//! a vertex's row then reads 2 bytes per edge instead of the whole weight,
//! and the values it meets stay in the cache; a window of 7,000 players
//! holds its matrix in 100 MB instead of 200.

use super::Weight;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-rotate hasher (as rustc's `FxHasher`) for maps keyed by
/// weights: the keys are our own numbers, not chosen by an adversary, and
/// SipHash over a several-limb weight cost more than the lookup itself.
#[derive(Clone, Copy, Default)]
pub struct WordHasher(u64);

impl Hasher for WordHasher {
    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A hash map with [`WordHasher`].
pub type WordMap<K, V> = HashMap<K, V, BuildHasherDefault<WordHasher>>;

/// Index 0 is the zero weight: no edge.
pub(super) const NO_EDGE_WEIGHT: u32 = 0;

/// A cell of the matrix: a value index, narrow or wide.
pub(super) trait Key: Copy {
    fn k(self) -> u32;
}

impl Key for u16 {
    #[inline]
    fn k(self) -> u32 {
        u32::from(self)
    }
}

impl Key for u32 {
    #[inline]
    fn k(self) -> u32 {
        self
    }
}

/// A vector of value indices, each 16 bits wide while every index fits
/// (at most 65,536 slots) and 32 bits after: the vector widens once, when
/// an index needs 17 bits. The matrix below holds its cells in one, and so
/// does the Dutch bracket's table of base weights.
#[derive(Clone, Debug)]
pub enum Indices {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Indices {
    /// `len` indices, all 0.
    pub fn zeros(len: usize) -> Self {
        Indices::Narrow(vec![0; len])
    }

    #[inline]
    pub fn get(&self, at: usize) -> u32 {
        match self {
            Indices::Narrow(v) => u32::from(v[at]),
            Indices::Wide(v) => v[at],
        }
    }

    /// Copies, for every `r > c` in `span`, cell `r * n + c` onto
    /// `c * n + r` (`from_lower`) or the other way (see [`Table::defer`]).
    fn mirror(&mut self, n: usize, span: std::ops::Range<usize>, from_lower: bool) {
        match self {
            Indices::Narrow(v) => mirror_cells(v, n, span, from_lower),
            Indices::Wide(v) => mirror_cells(v, n, span, from_lower),
        }
    }

    /// Sets index `at` to `k`, widening first if `k` needs 17 bits.
    #[inline]
    pub fn set(&mut self, at: usize, k: u32) {
        match self {
            Indices::Narrow(v) => match u16::try_from(k) {
                Ok(k) => v[at] = k,
                Err(_) => self.widen_and_set(at, k),
            },
            Indices::Wide(v) => v[at] = k,
        }
    }

    /// (Out of line: it happens once, and [`Indices::set`] stays small
    /// enough to inline into the matrix's hot path.)
    #[cold]
    #[inline(never)]
    fn widen_and_set(&mut self, at: usize, k: u32) {
        if let Indices::Narrow(v) = self {
            *self = Indices::Wide(v.iter().map(|&x| u32::from(x)).collect());
        }
        if let Indices::Wide(v) = self {
            v[at] = k;
        }
    }

    /// Whether every index is still 16 bits wide.
    pub fn is_narrow(&self) -> bool {
        matches!(self, Indices::Narrow(_))
    }

    /// The indices in `r`, as a [`Row`].
    #[inline]
    pub(super) fn row(&self, r: std::ops::Range<usize>) -> Row<'_> {
        match self {
            Indices::Narrow(c) => Row::Narrow(&c[r]),
            Indices::Wide(c) => Row::Wide(&c[r]),
        }
    }
}

/// [`Indices::mirror`] on the cells `v` of an `n`-by-`n` matrix, in
/// blocks of 64 by 64: each block's reads and writes stay in the cache,
/// where a pass in row order would miss it on every write of a column.
fn mirror_cells<T: Copy>(v: &mut [T], n: usize, span: std::ops::Range<usize>, from_lower: bool) {
    const BLOCK: usize = 64;
    for rb in span.clone().step_by(BLOCK) {
        let re = (rb + BLOCK).min(span.end);
        for cb in (span.start..re).step_by(BLOCK) {
            let ce = (cb + BLOCK).min(span.end);
            for r in rb..re {
                for c in cb..ce.min(r) {
                    let (lower, upper) = (r * n + c, c * n + r);
                    if from_lower {
                        v[upper] = v[lower];
                    } else {
                        v[lower] = v[upper];
                    }
                }
            }
        }
    }
}

/// One row of the matrix (see [`Table::row`]); [`on_row!`] runs code on
/// either width.
pub(super) enum Row<'a> {
    Narrow(&'a [u16]),
    Wide(&'a [u32]),
}

/// `on_row!(row, ks => body)`: `body` with `ks` bound to the row's cells as
/// a slice of `u16` or `u32` (read them with [`Key::k`]); the body is
/// compiled once per width, so a scan does not test the width per cell.
macro_rules! on_row {
    ($row:expr, $ks:ident => $body:expr) => {
        match $row {
            $crate::pairing::matching::table::Row::Narrow($ks) => $body,
            $crate::pairing::matching::table::Row::Wide($ks) => $body,
        }
    };
}
pub(super) use on_row;

#[derive(Clone, Debug)]
pub(super) struct Table<W: Weight> {
    n: usize,
    /// `[i * n + j]` is the value index of edge `i–j` (symmetric).
    idx: Indices,
    vals: Vec<W>,
    /// How many edges hold each value (the zero value is not counted).
    refs: Vec<u32>,
    lookup: WordMap<W, u32>,
    /// Table slots no edge holds any more.
    free: Vec<u32>,
    /// The value last stored and its slot (`NO_EDGE_WEIGHT`: none): runs
    /// of edges often take the same value, and comparing it costs less
    /// than hashing a wide weight.
    last: (W, u32),
    /// Which cell of each edge holds its value (see [`Table::defer`]).
    side: Side,
    /// The vertices from `span.0` up to `span.1` (excluded) hold every
    /// edge written while deferred.
    span: (usize, usize),
    /// Each value shifted left by `scaled_by` (see [`Table::scale_to`]),
    /// a slot's as soon as it takes its value; empty while `scaled_by` is
    /// 0.
    scaled: Vec<W>,
    scaled_by: u32,
}

/// Which cells of the matrix hold an edge's value: both (`Both`), or,
/// while writes are deferred, only the one in the row of its larger
/// (`Lower`: the lower triangle) or smaller (`Upper`) end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Both,
    Lower,
    Upper,
}

impl<W: Weight> Table<W> {
    pub fn new(n: usize) -> Self {
        Table {
            n,
            idx: Indices::zeros(n * n),
            vals: vec![W::zero()],
            refs: vec![0],
            lookup: WordMap::default(),
            free: Vec::new(),
            last: (W::zero(), NO_EDGE_WEIGHT),
            side: Side::Both,
            span: (usize::MAX, 0),
            scaled: Vec::new(),
            scaled_by: 0,
        }
    }

    /// Keeps the values at scale `scale` (a solve's values are its
    /// weights doubled `scale` times, see `Solver::run`), for
    /// [`Table::scaled_value`]: a scan then reads a value at its scale
    /// instead of shifting a wide value per edge, and so does an edit
    /// (a slot's scaled value is made when it takes its value).
    pub fn scale_to(&mut self, scale: u32) {
        if scale == self.scaled_by {
            return;
        }
        self.scaled_by = scale;
        self.scaled = if scale == 0 {
            Vec::new()
        } else {
            self.vals.iter().map(|v| v.shl(scale)).collect()
        };
    }

    /// The value behind index `k` doubled `scale` times.
    #[inline]
    pub fn scaled_value(&self, k: u32, scale: u32) -> W {
        if scale == 0 {
            self.vals[k as usize]
        } else if scale == self.scaled_by {
            self.scaled[k as usize]
        } else {
            self.vals[k as usize].shl(scale)
        }
    }

    /// The cell that holds the value of edge `i–j`.
    #[inline]
    fn cell(&self, i: usize, j: usize) -> usize {
        let (r, c) = match self.side {
            Side::Both => (i, j),
            Side::Lower => (i.max(j), i.min(j)),
            Side::Upper => (i.min(j), i.max(j)),
        };
        r * self.n + c
    }

    /// Defers the second cell of each write: until [`Table::undefer`],
    /// [`Table::put`] writes only the edge's cell on `side` (`Lower` or
    /// `Upper`) and every read takes it from there; no row may be read.
    /// A run of writes along rows of the other triangle (the edges `hi–lo`
    /// for every `hi` before each `lo`, say) then writes one row at a time
    /// instead of a column cell, a cache miss, per edge (the three passes
    /// over a bracket of a 9,999-player round write 50 million edges each).
    pub fn defer(&mut self, side: Side) {
        debug_assert!(self.side == Side::Both && side != Side::Both);
        self.side = side;
    }

    /// Ends [`Table::defer`]: the deferred cells are copied over, block by
    /// block, and both cells of every edge hold its value again.
    pub fn undefer(&mut self) {
        let side = std::mem::replace(&mut self.side, Side::Both);
        let (lo, hi) = std::mem::replace(&mut self.span, (usize::MAX, 0));
        if side != Side::Both && lo < hi {
            self.idx.mirror(self.n, lo..hi, side == Side::Lower);
        }
    }

    /// Whether writes are deferred (see [`Table::defer`]).
    pub fn deferred(&self) -> bool {
        self.side != Side::Both
    }

    /// The value of edge `i–j`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> W {
        self.vals[self.key(self.cell(i, j)) as usize]
    }

    #[inline]
    fn key(&self, c: usize) -> u32 {
        self.idx.get(c)
    }

    /// Row `v`: the value index of each edge `v–u`.
    #[inline]
    pub fn row(&self, v: usize) -> Row<'_> {
        debug_assert!(
            self.side == Side::Both,
            "a row read while writes are deferred"
        );
        self.idx.row(v * self.n..(v + 1) * self.n)
    }

    /// Stores index `k` in the cells of `i–j` and `j–i`, or only in the
    /// one of the deferred side (the first store of slot 65,536 widens the
    /// matrix).
    #[inline]
    fn store(&mut self, i: usize, j: usize, k: u32) {
        if self.side == Side::Both {
            self.idx.set(i * self.n + j, k);
            self.idx.set(j * self.n + i, k);
        } else {
            self.idx.set(self.cell(i, j), k);
            self.span = (self.span.0.min(i.min(j)), self.span.1.max(i.max(j) + 1));
        }
    }

    /// A new slot for a value: a freed one, or the next.
    fn new_slot(&mut self, w: W) -> u32 {
        let k = if let Some(k) = self.free.pop() {
            self.vals[k as usize] = w;
            k
        } else {
            self.vals.push(w);
            self.refs.push(0);
            u32::try_from(self.vals.len() - 1).expect("fewer than 2^32 distinct weights")
        };
        if self.scaled_by != 0 {
            let w = self.vals[k as usize].shl(self.scaled_by);
            match self.scaled.get_mut(k as usize) {
                Some(x) => *x = w,
                None => self.scaled.push(w),
            }
        }
        k
    }

    /// The value behind index `k`.
    #[inline]
    pub fn value(&self, k: u32) -> W {
        self.vals[k as usize]
    }

    /// Sets edge `i–j` to `w` (zero removes it).
    pub fn put(&mut self, i: usize, j: usize, w: W) {
        let k = self.slot_of(w);
        self.put_key(i, j, k);
    }

    /// The slot of value `w`: the one that holds it, else a new one (that
    /// no edge holds yet); `NO_EDGE_WEIGHT` for zero.
    fn slot_of(&mut self, w: W) -> u32 {
        if w.is_zero() {
            NO_EDGE_WEIGHT
        } else if self.last.1 != NO_EDGE_WEIGHT && self.last.0 == w {
            self.last.1
        } else if let Some(&k) = self.lookup.get(&w) {
            self.last = (w, k);
            k
        } else {
            let k = self.new_slot(w);
            self.lookup.insert(w, k);
            self.last = (w, k);
            k
        }
    }

    /// Sets edge `i–j` to the value of slot `k` (a slot some edge or pin
    /// holds, or `NO_EDGE_WEIGHT`).
    #[inline]
    pub fn put_key(&mut self, i: usize, j: usize, k: u32) {
        self.swap_key(i, j, k);
    }

    /// [`Table::put_key`], returning the slot the edge held.
    #[inline]
    pub fn swap_key(&mut self, i: usize, j: usize, k: u32) -> u32 {
        let old = self.key(self.cell(i, j));
        if k != old {
            if k != NO_EDGE_WEIGHT {
                self.refs[k as usize] += 1;
            }
            self.release(old);
            self.store(i, j, k);
        }
        old
    }

    /// One holder of slot `k` fewer: a slot nobody holds is freed.
    #[inline]
    fn release(&mut self, k: u32) {
        if k != NO_EDGE_WEIGHT {
            self.refs[k as usize] -= 1;
            if self.refs[k as usize] == 0 {
                self.free_slot(k);
            }
        }
    }

    /// Frees slot `k`, which nobody holds any more.
    #[inline(never)]
    fn free_slot(&mut self, k: u32) {
        self.lookup.remove(&self.vals[k as usize]);
        self.free.push(k);
        if self.last.1 == k {
            self.last.1 = NO_EDGE_WEIGHT;
        }
    }

    /// The slot of value `w`, held (as an edge holds it) until
    /// [`Table::unpin`], so that a caller setting many edges to a few
    /// values can name each by its slot ([`Table::put_key`]) instead of
    /// finding it by value per edge. Zero: `NO_EDGE_WEIGHT`, not held.
    pub fn pin(&mut self, w: W) -> u32 {
        let k = self.slot_of(w);
        if k != NO_EDGE_WEIGHT {
            self.refs[k as usize] += 1;
        }
        k
    }

    /// Lets go of a slot [`Table::pin`] gave.
    pub fn unpin(&mut self, k: u32) {
        self.release(k);
    }

    /// The rank of each slot's value among all slots' values (`[k]` for
    /// slot `k`; equal values, which only a freed slot can share with a
    /// held one, rank by slot): a pass over many edges compares ranks
    /// instead of wide values.
    pub fn ranks(&self) -> Vec<u32> {
        let mut order: Vec<u32> = (0..self.vals.len() as u32).collect();
        order.sort_unstable_by(|&a, &b| {
            (self.vals[a as usize].cmp(&self.vals[b as usize])).then(a.cmp(&b))
        });
        let mut rank = vec![0u32; order.len()];
        for (r, &k) in order.iter().enumerate() {
            rank[k as usize] = r as u32;
        }
        rank
    }

    /// The largest value any edge holds.
    pub fn max(&self) -> W {
        self.lookup.keys().copied().max().unwrap_or_else(W::zero)
    }

    /// How many distinct values the edges hold now.
    #[cfg(test)]
    pub fn distinct(&self) -> usize {
        self.lookup.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most slots a narrow matrix can name.
    const NARROW_SLOTS: usize = 1 << 16;

    #[test]
    fn values_are_shared_and_freed() {
        let mut t = Table::<i64>::new(4);
        t.put(0, 1, 6);
        t.put(2, 3, 6);
        t.put(1, 2, 8);
        assert_eq!(
            (t.at(1, 0), t.at(3, 2), t.at(2, 1), t.at(0, 3)),
            (6, 6, 8, 0)
        );
        assert_eq!(t.distinct(), 2);
        assert_eq!(t.max(), 8);
        t.put(1, 2, 0);
        assert_eq!((t.distinct(), t.max()), (1, 6));
        t.put(0, 1, 4);
        assert_eq!(t.distinct(), 2);
        t.put(2, 3, 4);
        // 6 is held by no edge any more: its slot is reused.
        assert_eq!(t.distinct(), 1);
        t.put(0, 3, 10);
        assert_eq!(t.vals.len(), 3);
        assert_eq!(
            (t.at(0, 3), t.at(3, 0), t.at(0, 1), t.max()),
            (10, 10, 4, 10)
        );
        let Row::Narrow(r) = t.row(0) else {
            panic!("few values keep the matrix narrow")
        };
        assert_eq!(r, &[0, t.key(1) as u16, 0, t.key(3) as u16]);
    }

    /// A pinned slot keeps its value while no edge holds it, edges set by
    /// slot read as set by value and share the slot, and the slot is freed
    /// (and reused) once neither a pin nor an edge holds it.
    #[test]
    fn pinned_slots_outlive_their_edges() {
        let mut t = Table::<i64>::new(4);
        assert_eq!(t.pin(0), NO_EDGE_WEIGHT);
        let k = t.pin(9);
        assert_eq!((t.value(k), t.distinct()), (9, 1));
        t.put_key(0, 1, k);
        t.put(2, 3, 9);
        assert_eq!((t.at(1, 0), t.at(3, 2), t.key(t.cell(2, 3))), (9, 9, k));
        t.put(0, 1, 0);
        t.put_key(2, 3, NO_EDGE_WEIGHT);
        assert_eq!((t.at(0, 1), t.at(2, 3)), (0, 0));
        // No edge holds 9 now: the pin keeps it.
        assert_eq!(t.distinct(), 1);
        t.put_key(1, 2, k);
        t.unpin(k);
        assert_eq!((t.at(2, 1), t.distinct()), (9, 1));
        t.put(1, 2, 5);
        assert_eq!(t.distinct(), 1, "9 is gone with its last holder");
        assert_eq!(t.pin(7), k, "its slot is reused");
        assert_eq!(t.max(), 7);
    }

    /// A value at a scale reads as the value shifted, whether the scaled
    /// copy was made for the scale (a slot given a new value has its
    /// scaled value at once, a new slot or a freed one reused), rebuilt
    /// for a new scale or not made for the scale asked.
    #[test]
    fn scaled_values_follow_new_slots_and_scales() {
        let mut t = Table::<i64>::new(6);
        t.put(0, 1, 5);
        t.put(2, 3, 6);
        let check = |t: &Table<i64>| {
            for k in 0..t.vals.len() as u32 {
                for scale in 0..4 {
                    assert_eq!(
                        t.scaled_value(k, scale),
                        t.value(k) << scale,
                        "{k} at {scale}"
                    );
                }
            }
        };
        t.scale_to(2);
        check(&t);
        t.put(0, 1, 7);
        t.put(4, 5, 9);
        // (7 takes a new slot, 9 the one 5 left.)
        assert_eq!(t.scaled_value(t.key(t.cell(0, 1)), 2), 28);
        assert_eq!(t.scaled_value(t.key(t.cell(4, 5)), 2), 36);
        check(&t);
        let pinned = t.pin(40);
        assert_eq!(t.scaled_value(pinned, 2), 160);
        t.scale_to(3);
        t.put(2, 3, 11);
        check(&t);
        t.scale_to(0);
        t.put(4, 5, 13);
        check(&t);
        assert!(t.scaled.is_empty());
    }

    /// Deferred writes (either side) land in both cells once undeferred,
    /// narrow or wide, and reads meanwhile see every write; writes outside
    /// the deferred span's vertices are left alone.
    #[test]
    fn deferred_writes_land_in_both_cells() {
        let n = 400;
        let mut rng = crate::domain::SplitMix64(5);
        for (side, wide) in [
            (Side::Lower, false),
            (Side::Upper, false),
            (Side::Lower, true),
        ] {
            let mut t = Table::<i64>::new(n);
            let mut want = vec![vec![0i64; n]; n];
            let value = |rng: &mut crate::domain::SplitMix64| -> i64 {
                let kinds = if wide { 100_000 } else { 7 };
                rng.below(kinds) as i64
            };
            let put = |t: &mut Table<i64>, want: &mut Vec<Vec<i64>>, i: usize, j: usize, x: i64| {
                t.put(i, j, x);
                (want[i][j], want[j][i]) = (x, x);
            };
            for i in 0..n {
                for j in 0..i {
                    // (Wide: a value per edge, more than 16 bits can name.)
                    let x = if wide {
                        (i * n + j) as i64
                    } else {
                        value(&mut rng)
                    };
                    put(&mut t, &mut want, i, j, x);
                }
            }
            t.defer(side);
            for i in 40..250 {
                for j in 40..i {
                    if rng.below(2) == 0 {
                        let x = value(&mut rng);
                        put(&mut t, &mut want, i, j, x);
                        assert_eq!((t.at(i, j), t.at(j, i)), (x, x));
                    }
                }
            }
            t.undefer();
            assert!(!t.deferred());
            assert_eq!(t.idx.is_narrow(), !wide);
            for i in 0..n {
                for j in 0..n {
                    assert_eq!(t.at(i, j), want[i][j], "{side:?}: {i}-{j}");
                }
                let got: Vec<i64> =
                    on_row!(t.row(i), ks => ks.iter().map(|k| t.value(k.k())).collect());
                assert_eq!(got, want[i], "{side:?}: row {i}");
            }
        }
    }

    #[test]
    fn many_values_widen_the_matrix() {
        // A 400-vertex graph has 79,800 edges: give each its own value.
        let n = 400;
        let mut t = Table::<i64>::new(n);
        let w = |i: usize, j: usize| (i * n + j) as i64 + 1;
        for i in 0..n {
            for j in i + 1..n {
                t.put(i, j, w(i, j));
                assert!(
                    t.idx.is_narrow() == (t.vals.len() <= NARROW_SLOTS),
                    "the matrix widens exactly when a slot needs 17 bits"
                );
            }
        }
        assert!(!t.idx.is_narrow());
        assert_eq!(t.distinct(), n * (n - 1) / 2);
        for i in 0..n {
            for j in i + 1..n {
                assert_eq!((t.at(i, j), t.at(j, i)), (w(i, j), w(i, j)));
            }
        }
        let Row::Wide(r) = t.row(3) else {
            panic!("wide")
        };
        assert_eq!(t.value(r[399]), w(3, 399));
        // Freed slots are reused; the matrix stays wide.
        t.put(0, 1, 0);
        t.put(0, 2, 7);
        assert_eq!((t.at(0, 1), t.at(2, 0)), (0, 7));
    }
}
