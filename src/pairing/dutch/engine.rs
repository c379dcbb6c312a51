//! The engine's matcher window: building it, reading and writing its edge
//! weights by vertex, solving it, and fixing pairs once they are made.

use super::layout::{Layout, ScoreMap};
use super::player::Info;
use super::{window, BracketCtx, Engine, Mates, RunError, OUTSIDE};
use crate::domain::Points;
use crate::pairing::matching::{Matcher, Uint};
use std::collections::HashMap;

/// A key of [`Engine::set_keyed`] whose weight is not pinned yet.
const UNKNOWN_SLOT: u32 = u32::MAX;

impl<'a, const N: usize> Engine<'a, N> {
    pub(super) fn new(
        info: &'a Info,
        lay: Layout,
        fresh: bool,
        windowed: bool,
        tail_at: usize,
    ) -> Self {
        let n = info.sorted.len();
        let windowed = windowed && !fresh;
        let at = lay.total_bits() - 2;
        let completion_units = [0u64, 1, 2, 3].map(|k| Uint::from_u64(k).shifted_left(at));
        Engine {
            info,
            lay,
            m: Matcher::new(if windowed { 0 } else { n }),
            fresh,
            map: ScoreMap::new(),
            windowed,
            verts: if windowed {
                Vec::new()
            } else {
                (0..n).collect()
            },
            loc: if windowed {
                vec![OUTSIDE; n]
            } else {
                (0..n).collect()
            },
            relaxed: false,
            tail: !windowed,
            st_buf: (0..n).collect(),
            ctx_bye: BracketCtx {
                bye_score: Points::ZERO,
                single_downfloater_is_bye: false,
            },
            forbidden_by: Vec::new(),
            relaxed_brackets: 0,
            bracket_no: 0,
            tail_at,
            below: window::Below::default(),
            bonus_buf: Vec::new(),
            pass_slots: Vec::new(),
            pinned: Vec::new(),
            completion_units,
            dual_limit: None,
        }
    }

    /// Runs on a weight type with no room for the matcher to scale its
    /// values: every solve is capped at scale 0 and its duals must keep
    /// within `dual_limit` bits, else the run stops with
    /// `RunError::Rescale` (see `run_engine`).
    pub(super) fn unscaled(mut self, dual_limit: u32) -> Self {
        self.dual_limit = Some(dual_limit);
        self
    }

    /// [`Engine::solve_window`], and for an unscaled run (see
    /// [`Engine::unscaled`]) the check that it stayed within its bounds.
    pub(super) fn solve(&mut self) -> Result<Mates, RunError> {
        let Some(limit) = self.dual_limit else {
            return self.solve_window();
        };
        self.m.set_scale_cap(0);
        let mates = self.solve_window();
        if self.m.over_cap() || self.m.dual_bits() > limit {
            return Err(RunError::Rescale);
        }
        mates
    }

    /// A maximum-weight matching of the window, by vertex: a vertex left
    /// unmatched by a relaxed window is matched below it (`n`).
    fn solve_window(&mut self) -> Result<Mates, RunError> {
        if !self.windowed {
            return Ok(if self.fresh {
                self.m.solve_fresh()
            } else {
                self.m.solve()
            });
        }
        let local = self.m.solve();
        if self.relaxed {
            let left = (0..local.len()).filter(|&l| local[l] == l);
            if !self.below_takes(left.map(|l| self.verts[l])) {
                return Err(RunError::Widen(self.bracket_no));
            }
        }
        let n = self.info.sorted.len();
        for (l, &v) in self.verts.iter().enumerate() {
            self.st_buf[v] = match local[l] {
                ml if ml != l => self.verts[ml],
                _ if self.relaxed => n,
                _ => v,
            };
        }
        Ok(self.st_buf.clone())
    }

    pub(super) fn score(&self, v: usize) -> Points {
        self.info.players[self.info.sorted[v]].score
    }

    pub(super) fn sh(&self, score: Points) -> u32 {
        self.map[&score].0
    }

    /// Moves the scoregroup counters of weight `w` from map `old` to the
    /// current map; every other field stays.
    pub(super) fn remap(&self, w: Uint<N>, old: &ScoreMap) -> Uint<N> {
        let fields = self.lay.s_fields();
        let mut counts = Vec::new();
        let mut r = w;
        for &at in &fields {
            for (&score, &(o, width)) in old {
                let c = w.get_bits(at + o, width);
                if c != 0 {
                    counts.push((at, score, c));
                }
            }
            let mut done = 0;
            while done < self.lay.s {
                let part = (self.lay.s - done).min(64);
                r = r.with_bits(at + done, part, 0);
                done += part;
            }
        }
        debug_assert!(
            counts.iter().fold(r, |x, &(at, score, c)| {
                x.with_bits(at + old[&score].0, old[&score].1, c)
            }) == w,
            "a scoregroup field holds bits outside its counters"
        );
        for &(at, score, c) in &counts {
            let (o, width) = self.map[&score];
            debug_assert!(c < 1 << width);
            r = r.with_bits(at + o, width, c);
        }
        r
    }

    /// The pairs of positions in `bracket` whose players may not meet
    /// (`Info::forbids`), each once.
    pub(super) fn forbidden_in(&self, bracket: &[usize]) -> Vec<(usize, usize)> {
        let info = self.info;
        let at: HashMap<u32, usize> = (bracket.iter().enumerate())
            .map(|(k, &v)| (info.players[info.sorted[v]].id, k))
            .collect();
        let mut pairs: Vec<(usize, usize)> = Vec::new();
        for (k, &v) in bracket.iter().enumerate() {
            for id in &info.players[info.sorted[v]].forbidden {
                if let Some(&l) = at.get(id).filter(|&&l| l != k) {
                    pairs.push((k.min(l), k.max(l)));
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    pub(super) fn bye_candidate(&self, v: usize, bye_score: Points) -> bool {
        let p = &self.info.players[self.info.sorted[v]];
        p.bye_eligible && p.score <= bye_score
    }

    pub(super) fn set(&mut self, a: usize, b: usize, w: Uint<N>) {
        if a == b {
            return;
        }
        let (la, lb) = (self.loc[a], self.loc[b]);
        debug_assert!(
            la != OUTSIDE && lb != OUTSIDE,
            "edge {a}-{b} outside the window"
        );
        if la == OUTSIDE || lb == OUTSIDE {
            return;
        }
        let w = self.matcher_weight(a, b, w);
        self.m.set(la, lb, w);
    }

    /// The weight the matcher takes for edge `a–b` of weight `w`.
    pub(super) fn matcher_weight(&self, a: usize, b: usize, w: Uint<N>) -> Uint<N> {
        if self.relaxed {
            self.relax(a, b, w)
        } else {
            w
        }
    }

    /// Starts a run of [`Engine::set`] calls along rows of the matrix (see
    /// [`Matcher::begin_run`]): `lower` when the inner loop goes over the
    /// higher players of each lower one, else over the lower players of
    /// each higher one. (The window lists players in bracket order.)
    pub(super) fn begin_run(&mut self, lower: bool) {
        self.m.begin_run(lower);
    }

    /// Ends [`Engine::begin_run`] (and lets go of the slots
    /// [`Engine::set_keyed`] pinned).
    pub(super) fn end_run(&mut self) {
        self.m.end_run();
        self.pass_slots.clear();
        for slot in self.pinned.drain(..) {
            self.m.unpin(slot);
        }
    }

    /// [`Engine::set`] of edge `a–b` to the matcher weight `make(self)`
    /// (see [`Engine::matcher_weight`]), which the run of sets names by
    /// `key`: every edge of the same key in the run takes the same weight.
    /// The weight is made and looked up in the matcher's table once per
    /// key and run, and each edge then names it by its slot: a pass over
    /// a 9,999-player bracket sets tens of millions of edges to a few
    /// thousand weights, each hundreds of bits wide, and finding a wide
    /// weight in the table per edge cost a quarter of such a round.
    pub(super) fn set_keyed(
        &mut self,
        a: usize,
        b: usize,
        key: usize,
        make: impl FnOnce(&Self) -> Uint<N>,
    ) {
        debug_assert!(self.m.in_run(), "keys name weights within a run");
        let (la, lb) = (self.loc[a], self.loc[b]);
        debug_assert!(
            la != OUTSIDE && lb != OUTSIDE,
            "edge {a}-{b} outside the window"
        );
        if a == b || la == OUTSIDE || lb == OUTSIDE {
            return;
        }
        if key >= self.pass_slots.len() {
            self.pass_slots.resize(key + 1, UNKNOWN_SLOT);
        }
        let mut slot = self.pass_slots[key];
        if slot == UNKNOWN_SLOT {
            slot = self.m.pin(make(self));
            self.pinned.push(slot);
            self.pass_slots[key] = slot;
        }
        self.m.set_pinned(la, lb, slot);
    }

    /// The weight of edge `a–b`, both in the window.
    pub(super) fn get(&self, a: usize, b: usize) -> Uint<N> {
        let w = self.m.get(self.loc[a], self.loc[b]);
        if self.relaxed && !w.is_zero() {
            w + self.completion_part(a, b)
        } else {
            w
        }
    }

    /// The mate of `pv` once each edge `pv–v` gains `a` for `(v, a)` in
    /// `bonus` and the players of `held` (pairs of the kept optimum fixed
    /// without their other edges taken out yet) have no edge to `pv`,
    /// when the matcher's kept optimum proves it without a solve (see
    /// `Matcher::sure_partner`). When the proof fails, the kept optimum
    /// may move to another one where `pv` has a better partner (see
    /// `Matcher::move_to_best`), `st` with it, and the proof is tried
    /// again. The players who may change partners are those from
    /// `movers_from` on: the bracket's residents and the players below
    /// them, so a resident may take the place of another as the one who
    /// floats down to the same lower player (a bracket's MDPs, fixed
    /// before its S1 loop, keep theirs).
    pub(super) fn sure_mate(
        &mut self,
        pv: usize,
        bonus: &[(usize, u64)],
        held: &[(usize, usize)],
        st: &mut Mates,
        movers_from: usize,
    ) -> Option<usize> {
        const GONE: u64 = u64::MAX;
        let mut by_local = std::mem::take(&mut self.bonus_buf);
        by_local.clear();
        by_local.resize(self.m.len(), 0);
        for &(v, a) in bonus {
            by_local[self.loc[v]] = a;
        }
        for &(a, b) in held {
            by_local[self.loc[a]] = GONE;
            by_local[self.loc[b]] = GONE;
        }
        let bonus_of = |l: usize| (by_local[l] != GONE).then(|| Uint::from_u64(by_local[l]));
        let lv = self.loc[pv];
        let mut mate = self.m.sure_partner(lv, bonus_of);
        if mate.is_none() {
            let verts = &self.verts;
            let moved = (self.m).move_to_best(lv, bonus_of, |l| verts[l] >= movers_from);
            if let Some(pairs) = moved {
                for (a, b) in pairs {
                    (st[verts[a]], st[verts[b]]) = (verts[b], verts[a]);
                }
                mate = self.m.sure_partner(lv, bonus_of);
            }
        }
        self.bonus_buf = by_local;
        mate.map(|l| self.verts[l])
    }

    /// Raises the dual of `v` (in the window) before each of its edges
    /// gains at most `by` (see `Matcher::lift`).
    pub(super) fn lift(&mut self, v: usize, by: Uint<N>) {
        self.m.lift(self.loc[v], by);
    }

    /// Ends the lifts of `lifted` once their edges have their new weights
    /// (see `Matcher::settle_lifts`).
    pub(super) fn settle_lifts(&mut self, lifted: &[usize]) {
        let local: Vec<usize> = lifted.iter().map(|&v| self.loc[v]).collect();
        self.m.settle_lifts(&local);
    }

    /// Fixes the pair `a–b` (just matched): every other edge of both goes,
    /// so every later optimum keeps them together.
    pub(super) fn finalize(&mut self, a: usize, b: usize) {
        let (la, lb) = (self.loc[a], self.loc[b]);
        self.m.isolate_pair(la, lb);
    }
}
