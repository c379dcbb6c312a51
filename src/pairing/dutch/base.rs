//! The base weights of a bracket's edges, from rules rather than stored
//! per edge.
//!
//! Two players with the same weight key weigh alike against anyone either
//! may meet (`Player::weight_key`), so an edge's base weight is a value
//! per pair of keys (and whether the lower player is a resident of the
//! bracket or of the next scoregroup), unless the two may not meet or the
//! bracket procedure has cut the edge. Every cut of the procedure is a
//! rule over one player's side: an S1 player exchanged into S2 loses his
//! edges to lower remaining players, an S2 player moved into S1 his edges
//! to higher remaining players and to the next scoregroup, and once S1
//! and S2 are fixed only S1–S2 edges stay. A few flags per player hold
//! them all.
//!
//! A stored table took two bytes per edge: 100 MB for the 10,000-player
//! bracket of a round 2 where most games of round 1 were drawn.

use crate::pairing::matching::{Uint, WordMap};

/// The lower remaining players' edges are cut (an S1 player exchanged).
const NO_LOWER_REM: u8 = 1;
/// The higher remaining players' edges are cut (an S2 player moved up).
const NO_HIGHER_REM: u8 = 2;
/// The edges to the next scoregroup are cut (an S2 player moved up).
const NO_NEXT: u8 = 4;
/// A remaining player (not paired with an MDP).
const IN_REM: u8 = 8;
/// In S1 once S1 and S2 are fixed.
const IN_S1: u8 = 16;
/// Someone in the bracket may not meet him.
const HAS_FORBIDDEN: u8 = 32;

/// The largest number of weight keys for which the memo is a dense table
/// (four bytes per pair of keys, twice) rather than a hash map.
const DENSE_KEYS: usize = 1024;

/// See the module documentation. Players are positions in the bracket:
/// MDPs first, then the residents up to `nsgb`, then the next
/// scoregroup.
pub(super) struct BaseWeights<const N: usize> {
    nsgb: usize,
    /// The weight key's number of each position.
    class: Vec<u32>,
    classes: usize,
    /// Per pair of keys and residency: an index into `vals`
    /// (`u32::MAX`: not known yet).
    dense: Vec<u32>,
    sparse: WordMap<(u32, u32, bool), u32>,
    /// Each known value: the base weight and the weight the matcher
    /// takes (see `Engine::matcher_weight`).
    vals: Vec<(Uint<N>, Uint<N>)>,
    /// Per position, the positions he may not meet (either way).
    forbidden: Vec<Vec<u32>>,
    flags: Vec<u8>,
    /// Whether S1 and S2 are fixed (`IN_S1` is then meaningful).
    fixed: bool,
}

impl<const N: usize> BaseWeights<N> {
    /// A bracket whose positions have weight keys numbered `class` (of
    /// `classes` in all), residents before `nsgb`, and pairs of positions
    /// that may not meet `forbidden`.
    pub fn new(
        class: Vec<u32>,
        classes: usize,
        nsgb: usize,
        forbidden: impl IntoIterator<Item = (usize, usize)>,
    ) -> Self {
        let len = class.len();
        let dense = if classes <= DENSE_KEYS {
            vec![u32::MAX; classes * classes * 2]
        } else {
            Vec::new()
        };
        let mut base = BaseWeights {
            nsgb,
            class,
            classes,
            dense,
            sparse: WordMap::default(),
            vals: Vec::new(),
            forbidden: vec![Vec::new(); len],
            flags: vec![0; len],
            fixed: false,
        };
        for (a, b) in forbidden {
            base.forbidden[a].push(b as u32);
            base.forbidden[b].push(a as u32);
            base.flags[a] |= HAS_FORBIDDEN;
            base.flags[b] |= HAS_FORBIDDEN;
        }
        base
    }

    fn slot(&self, k: usize, l: usize) -> usize {
        let resident = l < self.nsgb;
        ((self.class[k] as usize * self.classes) + self.class[l] as usize) * 2 + resident as usize
    }

    /// Whether `k` and `l` may not meet.
    #[inline]
    pub fn forbids(&self, k: usize, l: usize) -> bool {
        self.flags[k] & HAS_FORBIDDEN != 0 && self.forbidden[k].contains(&(l as u32))
    }

    /// The index of the value of edge `k–l` (`k < l`) by its keys, when
    /// known (see [`BaseWeights::remember`]).
    #[inline]
    pub fn known(&self, k: usize, l: usize) -> Option<u32> {
        let at = if self.dense.is_empty() {
            let key = (self.class[k], self.class[l], l < self.nsgb);
            self.sparse.get(&key).copied().unwrap_or(u32::MAX)
        } else {
            self.dense[self.slot(k, l)]
        };
        (at != u32::MAX).then_some(at)
    }

    /// Records that edge `k–l` (`k < l`) and every edge between the same
    /// keys weighs `base` (`matcher` in the matcher); returns its index.
    pub fn remember(&mut self, k: usize, l: usize, base: Uint<N>, matcher: Uint<N>) -> u32 {
        let at = self.vals.len() as u32;
        self.vals.push((base, matcher));
        if self.dense.is_empty() {
            let key = (self.class[k], self.class[l], l < self.nsgb);
            self.sparse.insert(key, at);
        } else {
            let slot = self.slot(k, l);
            self.dense[slot] = at;
        }
        at
    }

    /// The matcher's weight of the value numbered `at`.
    #[inline]
    pub fn matcher_value(&self, at: u32) -> Uint<N> {
        self.vals[at as usize].1
    }

    /// Whether the procedure has cut edge `k–l` (`k < l`).
    #[inline]
    fn cut(&self, k: usize, l: usize) -> bool {
        let (fk, fl) = (self.flags[k], self.flags[l]);
        if fk & fl & IN_REM != 0 {
            fk & NO_LOWER_REM != 0
                || fl & NO_HIGHER_REM != 0
                || (self.fixed && (fk & IN_S1 == 0 || fl & IN_S1 != 0))
        } else {
            l >= self.nsgb && fk & NO_NEXT != 0
        }
    }

    /// The base weight of the edge between positions `k < l` (zero: no
    /// edge).
    #[inline]
    pub fn get(&self, l: usize, k: usize) -> Uint<N> {
        match self.index(l, k) {
            Some(at) => self.value(at),
            None => Uint::ZERO,
        }
    }

    /// The index of the base weight of the edge between positions `k < l`
    /// (see [`BaseWeights::value`]); `None`: no edge.
    #[inline]
    pub fn index(&self, l: usize, k: usize) -> Option<u32> {
        debug_assert!(k < l);
        if self.cut(k, l) || self.forbids(k, l) {
            return None;
        }
        // (Every edge between players who may meet was weighed.)
        self.known(k, l)
    }

    /// The base weight numbered `at`.
    #[inline]
    pub fn value(&self, at: u32) -> Uint<N> {
        self.vals[at as usize].0
    }

    /// How many base weights are numbered (each `at` is below this).
    pub fn values(&self) -> usize {
        self.vals.len()
    }

    /// Marks the remaining players (those not paired with an MDP).
    pub fn set_remaining(&mut self, rem: &[usize]) {
        for &p in rem {
            self.flags[p] |= IN_REM;
        }
    }

    /// S1 player `p` is exchanged into S2: his edges to lower remaining
    /// players go.
    pub fn cut_lower(&mut self, p: usize) {
        self.flags[p] |= NO_LOWER_REM;
    }

    /// S2 player `p` moves into S1: his edges to higher remaining players
    /// and to the next scoregroup go.
    pub fn cut_higher_and_next(&mut self, p: usize) {
        self.flags[p] |= NO_HIGHER_REM | NO_NEXT;
    }

    /// S1 and S2 are fixed (`in_s1` tells each remaining player's side):
    /// of the remaining players' edges, only those from S1 down to S2
    /// stay.
    pub fn fix_sides(&mut self, rem: &[usize], in_s1: impl Fn(usize) -> bool) {
        for &p in rem {
            if in_s1(p) {
                self.flags[p] |= IN_S1;
            }
        }
        self.fixed = true;
    }
}

#[cfg(test)]
mod tests {
    use super::{BaseWeights, DENSE_KEYS};
    use crate::domain::SplitMix64;
    use crate::pairing::matching::Uint;
    use std::collections::HashSet;

    /// The rules give the same weights as a table where each cut clears
    /// its edges one by one, through random brackets and random cuts.
    #[test]
    fn rules_match_a_table_cleared_edge_by_edge() {
        for seed in 0..200u64 {
            let mut rng = SplitMix64(seed);
            let len = 2 + rng.below(30) as usize;
            let sgb = rng.below(len as u64 / 2 + 1) as usize;
            let nsgb = sgb + rng.below((len - sgb) as u64 + 1) as usize;
            // A few keys (the dense memo), or keys numbered past
            // `DENSE_KEYS` (the hash map), every fourth bracket.
            let few = 1 + rng.below(5);
            let classes = if seed % 4 == 3 {
                DENSE_KEYS + 500
            } else {
                few as usize
            };
            let stride = (classes as u64 - 1) / few.max(2);
            let class: Vec<u32> = (0..len).map(|_| (rng.below(few) * stride) as u32).collect();
            let mut forbidden = Vec::new();
            for _ in 0..rng.below(len as u64) {
                let a = rng.below(len as u64) as usize;
                let b = rng.below(len as u64) as usize;
                if a != b {
                    forbidden.push((a, b));
                }
            }
            let forb: HashSet<(usize, usize)> = (forbidden.iter())
                .map(|&(a, b)| (a.min(b), a.max(b)))
                .collect();
            let mut base = BaseWeights::<1>::new(class.clone(), classes, nsgb, forbidden);
            assert_eq!(base.dense.is_empty(), classes > DENSE_KEYS);
            // The value of a pair of keys: its key numbers, and the lower
            // player's residency.
            let value = |k: usize, l: usize| {
                let v = 1 + class[k] as u64 * 100_000 + class[l] as u64 * 10 + (l < nsgb) as u64;
                Uint::<1>::from_u64(v)
            };
            let mut table = std::collections::HashMap::new();
            for l in sgb..len {
                for k in 0..l {
                    if base.forbids(k, l) {
                        assert!(forb.contains(&(k, l)), "{k}-{l} forbidden");
                        continue;
                    }
                    if base.known(k, l).is_none() {
                        base.remember(k, l, value(k, l), Uint::ZERO);
                    }
                    table.insert((k, l), value(k, l));
                }
            }
            assert_eq!(table.len() + forb.iter().filter(|p| p.1 >= sgb).count(), {
                let at = |l: usize| l * (l.max(1) - 1) / 2;
                at(len) - at(sgb)
            });
            let rem: Vec<usize> = (sgb..nsgb).filter(|_| rng.below(4) != 0).collect();
            base.set_remaining(&rem);
            let check = |base: &BaseWeights<1>, table: &std::collections::HashMap<_, _>| {
                for l in sgb..len {
                    for k in 0..l {
                        let want = table.get(&(k, l)).copied().unwrap_or(Uint::ZERO);
                        assert_eq!(base.get(l, k), want, "seed {seed} edge {k}-{l}");
                    }
                }
            };
            check(&base, &table);
            for (it, &p) in rem.iter().enumerate() {
                match rng.below(3) {
                    0 => {
                        base.cut_lower(p);
                        for &q in &rem[it + 1..] {
                            table.remove(&(p, q));
                        }
                    }
                    1 => {
                        base.cut_higher_and_next(p);
                        for &q in &rem[..it] {
                            table.remove(&(q, p));
                        }
                        for q in nsgb..len {
                            table.remove(&(p, q));
                        }
                    }
                    _ => {}
                }
            }
            check(&base, &table);
            let s1: HashSet<usize> = rem.iter().copied().filter(|_| rng.below(2) == 0).collect();
            base.fix_sides(&rem, |p| s1.contains(&p));
            for (a, &p) in rem.iter().enumerate() {
                for &q in &rem[a + 1..] {
                    if !s1.contains(&p) || s1.contains(&q) {
                        table.remove(&(p, q));
                    }
                }
            }
            check(&base, &table);
        }
    }
}
