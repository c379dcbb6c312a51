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

    /// Asks the processor to bring index `at` into its cache: a hint that
    /// reads nothing and never waits (see `Matcher::prefetch`).
    #[inline]
    pub fn prefetch(&self, at: usize) {
        let p = match self {
            Indices::Narrow(v) => v[at..].as_ptr() as *const i8,
            Indices::Wide(v) => v[at..].as_ptr() as *const i8,
        };
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never dereferences its address (and this one
        // is in bounds); SSE, which it needs, is in every x86-64.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(p);
        }
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(p);
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
        }
    }

    /// The value of edge `i–j`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> W {
        self.vals[self.key(i * self.n + j) as usize]
    }

    #[inline]
    fn key(&self, c: usize) -> u32 {
        self.idx.get(c)
    }

    /// Brings the cell of edge `i–j` in `i`'s row into the cache (a hint).
    #[inline]
    pub fn prefetch_at(&self, i: usize, j: usize) {
        self.idx.prefetch(i * self.n + j);
    }

    /// Row `v`: the value index of each edge `v–u`.
    #[inline]
    pub fn row(&self, v: usize) -> Row<'_> {
        self.idx.row(v * self.n..(v + 1) * self.n)
    }

    /// Stores index `k` in the cells of `i–j` and `j–i` (the first store
    /// of slot 65,536 widens the matrix).
    fn store(&mut self, i: usize, j: usize, k: u32) {
        self.idx.set(i * self.n + j, k);
        self.idx.set(j * self.n + i, k);
    }

    /// A new slot for a value: a freed one, or the next.
    fn new_slot(&mut self, w: W) -> u32 {
        if let Some(k) = self.free.pop() {
            self.vals[k as usize] = w;
            return k;
        }
        self.vals.push(w);
        self.refs.push(0);
        u32::try_from(self.vals.len() - 1).expect("fewer than 2^32 distinct weights")
    }

    /// The value behind index `k`.
    #[inline]
    pub fn value(&self, k: u32) -> W {
        self.vals[k as usize]
    }

    /// Sets edge `i–j` to `w` (zero removes it).
    pub fn put(&mut self, i: usize, j: usize, w: W) {
        let old = self.key(i * self.n + j);
        let k = if w.is_zero() {
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
        };
        if k == old {
            return;
        }
        if k != NO_EDGE_WEIGHT {
            self.refs[k as usize] += 1;
        }
        if old != NO_EDGE_WEIGHT {
            self.refs[old as usize] -= 1;
            if self.refs[old as usize] == 0 {
                self.lookup.remove(&self.vals[old as usize]);
                self.free.push(old);
                if self.last.1 == old {
                    self.last.1 = NO_EDGE_WEIGHT;
                }
            }
        }
        self.store(i, j, k);
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
