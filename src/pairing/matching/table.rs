//! The weight matrix of a dense graph whose weights take few distinct
//! values: each cell holds a 32-bit index into a table of those values.
//!
//! A pairing graph of 3,000 players has 9 million edges but only a few
//! thousand distinct weights at a time, each hundreds of bits wide. Scanning
//! a vertex's row then reads 4 bytes per edge instead of the whole weight,
//! and the values it meets stay in the cache.

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

#[derive(Clone, Debug)]
pub(super) struct Table<W: Weight> {
    n: usize,
    /// `idx[i * n + j]`: the value of edge `i–j` (symmetric).
    idx: Vec<u32>,
    vals: Vec<W>,
    /// How many edges hold each value (the zero value is not counted).
    refs: Vec<u32>,
    lookup: WordMap<W, u32>,
    /// Table slots no edge holds any more.
    free: Vec<u32>,
}

impl<W: Weight> Table<W> {
    pub fn new(n: usize) -> Self {
        Table {
            n,
            idx: vec![NO_EDGE_WEIGHT; n * n],
            vals: vec![W::zero()],
            refs: vec![0],
            lookup: WordMap::default(),
            free: Vec::new(),
        }
    }

    /// The value of edge `i–j`.
    #[inline]
    pub fn at(&self, i: usize, j: usize) -> W {
        self.vals[self.idx[i * self.n + j] as usize]
    }

    /// Row `v`: the value index of each edge `v–u`.
    #[inline]
    pub fn row(&self, v: usize) -> &[u32] {
        &self.idx[v * self.n..(v + 1) * self.n]
    }

    /// The value behind index `k`.
    #[inline]
    pub fn value(&self, k: u32) -> W {
        self.vals[k as usize]
    }

    /// Sets edge `i–j` to `w` (zero removes it).
    pub fn put(&mut self, i: usize, j: usize, w: W) {
        let old = self.idx[i * self.n + j];
        let k = if w.is_zero() {
            NO_EDGE_WEIGHT
        } else if let Some(&k) = self.lookup.get(&w) {
            k
        } else {
            let k = match self.free.pop() {
                Some(k) => {
                    self.vals[k as usize] = w;
                    k
                }
                None => {
                    self.vals.push(w);
                    self.refs.push(0);
                    (self.vals.len() - 1) as u32
                }
            };
            self.lookup.insert(w, k);
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
            }
        }
        self.idx[i * self.n + j] = k;
        self.idx[j * self.n + i] = k;
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
        assert_eq!(t.row(0), &[0, t.idx[1], 0, t.idx[3]]);
    }
}
