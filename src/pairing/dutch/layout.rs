//! The weight layout of a round: how wide each field of an edge weight is,
//! and where each scoregroup's counter sits inside a scoregroup field.

use super::bits_for;
use super::player::Info;
use crate::domain::Points;
use std::collections::HashMap;

/// Where each scoregroup's counter sits inside a scoregroup field: bit
/// offset and width, the lowest score lowest.
pub(super) type ScoreMap = HashMap<Points, (u32, u32)>;

/// Lays out counters for `counts` (score, how many players), lowest score
/// first, each wide enough to count its players.
pub(super) fn score_map(counts: &[(Points, usize)]) -> (ScoreMap, u32) {
    let mut map = ScoreMap::new();
    let mut at = 0u32;
    for &(score, size) in counts {
        let width = bits_for(size);
        map.insert(score, (at, width));
        at += width;
    }
    (map, at)
}

/// Widths of the weight fields, fixed for one round.
#[derive(Clone, Debug)]
pub(super) struct Layout {
    /// Bits to count the players of the largest scoregroup.
    pub(super) b: u32,
    /// Width of each scoregroup field: a counter per scoregroup, packed so
    /// that a higher score weighs more than every lower one together.
    pub(super) s: u32,
    /// The round's scoregroups, lowest score first, with their sizes.
    pub(super) groups: Vec<(Points, usize)>,
    /// One scoregroup map for the whole round (every group in every
    /// bracket), rather than one per bracket for the groups it holds.
    pub(super) fixed: bool,
    pub(super) played_rounds: usize,
}

impl Layout {
    pub(super) fn new(info: &Info, fixed: bool) -> Layout {
        let mut groups: Vec<(Points, usize)> = Vec::new();
        for &i in info.sorted.iter().rev() {
            let score = info.players[i].score;
            match groups.last_mut() {
                Some((sc, size)) if *sc == score => *size += 1,
                _ => groups.push((score, 1)),
            }
        }
        let max_group = groups.iter().map(|g| g.1).max().unwrap_or(0);
        let mut lay = Layout {
            b: bits_for(max_group).max(1),
            s: 0,
            groups,
            fixed,
            played_rounds: info.played_rounds,
        };
        lay.s = lay.round_s();
        if !fixed {
            // A bracket holds its own scoregroup and the next one, and
            // usually floaters from the group above: fields for three
            // neighbouring groups are enough but for rare brackets (the
            // engine then widens to `round_s`). The completion weights
            // number the groups in the same field.
            let w: Vec<u32> = lay.groups.iter().map(|g| bits_for(g.1)).collect();
            let three = (0..w.len())
                .map(|g| {
                    w[g.saturating_sub(1)..(g + 2).min(w.len())]
                        .iter()
                        .sum::<u32>()
                })
                .max()
                .unwrap_or(0);
            let number = bits_for(2 * lay.groups.len());
            lay.s = lay.s.min(three.max(number));
        }
        lay
    }

    /// Field width that fits every scoregroup of the round at once.
    pub(super) fn round_s(&self) -> u32 {
        score_map(&self.groups)
            .1
            .max(bits_for(2 * self.groups.len()))
    }

    /// The scoregroup map of a bracket of players with `scores`, or `None`
    /// when it does not fit the field width.
    pub(super) fn bracket_map(&self, scores: impl Iterator<Item = Points>) -> Option<ScoreMap> {
        if self.fixed {
            return Some(score_map(&self.groups).0);
        }
        let mut counts: Vec<(Points, usize)> = Vec::new();
        for sc in scores {
            match counts.iter_mut().find(|c| c.0 == sc) {
                Some(c) => c.1 += 1,
                None => counts.push((sc, 1)),
            }
        }
        counts.sort_unstable_by_key(|c| c.0);
        let (map, width) = score_map(&counts);
        (width <= self.s).then_some(map)
    }

    /// Bit offsets of the scoregroup fields in a weight, as `edge_weight`
    /// builds it (from the lowest field up).
    pub(super) fn s_fields(&self) -> Vec<u32> {
        let (b, s) = (self.b, self.s);
        let back = self.played_rounds.min(2) as u32;
        let mut at = 3 * b + 1;
        let mut fields = Vec::new();
        // Float counters: two per round looked back.
        for _ in 0..2 * back {
            fields.push(at);
            at += s;
        }
        // Float flags (two per round back), colours, bye ranks.
        at += 2 * b * back + 4 * b + b;
        fields.push(at); // C7: scores paired into the next bracket
        at += s + b;
        fields.push(at); // C6: scores paired in the current bracket
        fields
    }

    /// Total shift applied after the leading completion field.
    pub(super) fn total_bits(&self) -> u32 {
        let (b, s) = (self.b, self.s);
        let mut t = b + s + b + s + b + 4 * b;
        if self.played_rounds >= 1 {
            t += 2 * b + 2 * s;
        }
        if self.played_rounds >= 2 {
            t += 2 * b + 2 * s;
        }
        t += 3 * b + 1;
        t + 2
    }
}
