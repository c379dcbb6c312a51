//! The edges a stage of the matcher knows to be tight: one bit per edge.
//!
//! A stage marks an edge when it finds it tight (in a scan, or as the edge
//! a dual update made tight) and reads the mark instead of the slack
//! afterwards. The marks of a stage are cleared before the next one, row
//! by row: only the rows marked since, so a stage that marks few edges
//! clears little. One bit per edge, not a byte: the 8,700-vertex window of
//! a 9,999-player round with most games drawn holds 9.5 MB of marks
//! instead of 76 MB.

/// One bit per ordered pair of vertices, set both ways.
#[derive(Clone, Debug, Default)]
pub(super) struct TightMarks {
    /// Words per row.
    words: usize,
    bits: Vec<u64>,
    /// Rows holding a mark, each once.
    dirty: Vec<u32>,
    is_dirty: Vec<bool>,
}

impl TightMarks {
    pub(super) fn new(n: usize) -> Self {
        let words = n.div_ceil(64);
        TightMarks {
            words,
            bits: vec![0; words * n],
            dirty: Vec::new(),
            is_dirty: vec![false; n],
        }
    }

    /// Forgets every mark (a new stage).
    pub(super) fn clear(&mut self) {
        for r in self.dirty.drain(..) {
            let r = r as usize;
            self.bits[r * self.words..(r + 1) * self.words].fill(0);
            self.is_dirty[r] = false;
        }
    }

    /// Marks the edge `v–u` tight (both ways).
    pub(super) fn mark(&mut self, v: usize, u: usize) {
        self.set_one(v, u);
        self.set_one(u, v);
    }

    fn set_one(&mut self, r: usize, c: usize) {
        self.bits[r * self.words + c / 64] |= 1 << (c % 64);
        if !self.is_dirty[r] {
            self.is_dirty[r] = true;
            self.dirty.push(r as u32);
        }
    }

    /// Whether the edge `v–u` is marked.
    #[inline]
    pub(super) fn get(&self, v: usize, u: usize) -> bool {
        is_marked(self.row(v), u)
    }

    /// The marks of row `v`, for [`is_marked`].
    #[inline]
    pub(super) fn row(&self, v: usize) -> &[u64] {
        &self.bits[v * self.words..(v + 1) * self.words]
    }
}

/// Whether column `u` of a row of marks is set.
#[inline]
pub(super) fn is_marked(row: &[u64], u: usize) -> bool {
    row[u / 64] >> (u % 64) & 1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_are_both_ways_and_a_clear_forgets_only_them() {
        let mut m = TightMarks::new(130);
        m.mark(3, 129);
        m.mark(64, 65);
        assert!(m.get(3, 129) && m.get(129, 3));
        assert!(m.get(64, 65) && m.get(65, 64));
        assert!(!m.get(3, 128) && !m.get(129, 2) && !m.get(65, 65));
        m.clear();
        for v in [3, 129, 64, 65] {
            for u in 0..130 {
                assert!(!m.get(v, u), "{v}-{u} left marked");
            }
        }
        m.mark(0, 1);
        assert!(m.get(1, 0));
    }
}
