//! Pairing a bracket in a matcher of its own players (window mode).
//!
//! The reference keeps one matcher over every player of the round: the
//! players below the bracket (`L`: two scoregroups down and lower) are in
//! it only so that whatever the bracket leaves over can still be paired.
//! An edge touching `L` has its base weight, the completion field alone:
//! `T(u, v) = (1 + nb(u) + nb(v)) << C` (`nb`: not a bye candidate), which
//! is `f(u) + f(v)` with `f(v) = (½ + nb(v)) << C` — a value per matched
//! player. Every weight inside the bracket is `T` plus lower fields.
//!
//! So when `L` can take any set `U` of players the bracket leaves over (a
//! perfect matching of `U ∪ L`, or one leaving out a bye candidate of `L`
//! when the count is odd), the optimum of the whole round is: the
//! bracket's players matched among themselves with weights `w − T` (a
//! player left unmatched loses nothing, `L` takes him), every other
//! player paired below. This relaxation bounds every matching of the round
//! (the completion field cannot do better than every player but a bye
//! candidate matched; the lower fields live only inside the bracket), and
//! the completed window reaches the bound, so it is an optimum of the round.
//!
//! `L` takes any `U` by Dirac's theorem: a graph on `N ≥ 3` vertices whose
//! every vertex has at least `N/2` neighbours has a Hamiltonian cycle, so a
//! perfect matching (even `N`) or one leaving out any chosen vertex (odd
//! `N`). A player of `U ∪ L` misses at most `incompatible(v)` others of
//! `X ∪ L` (`X`: the bracket): the players he has met or may not meet, and
//! those with the same absolute colour preference (`below_takes` counts
//! both, with the player himself, against `|U ∪ L| / 2`). A bracket opens
//! relaxed when `L` alone passes the test; after every matching of the
//! window the test is made again on `U ∪ L` for the `U` that matching
//! leaves over, so each matching the bracket procedure reads is an optimum
//! of the whole round. A player left over reads as matched to `n` (below
//! the window): every read of the procedure (in the current scoregroup?
//! paired downwards inside the bracket? floated below the next
//! scoregroup?) then answers as it does for a mate in `L`. The same test
//! over the whole round (`X` empty) replaces the completion matching: every
//! player but one can be paired, and the bye assignee's score is the lowest
//! score of a bye-eligible player.
//!
//! A bracket whose leftover fails the test restarts the round
//! (`RunError::Widen`) with that bracket and the rest of the round paired
//! with every player not yet paired in the matcher, as the reference does.
//! `tests/it/dutch_bench_set.rs` compares the two on random events, and
//! the pinned hashes of the benchmark rounds hold.

use super::{BracketCtx, Engine, OUTSIDE};
use crate::domain::{Colour, Points};
use crate::pairing::matching::{Matcher, Uint};
use std::collections::HashMap;

/// The class of players whose colour preference is not absolute.
const NONE_CLASS: usize = 3;

/// The players below a window: how many of each absolute-preference class
/// (`Engine::class`), the most players one of each class may not meet, and
/// whether one of them may have the bye.
#[derive(Clone, Debug, Default)]
pub(super) struct Below {
    size: usize,
    count: [usize; 4],
    most_forbidden: [usize; 4],
    bye_candidate: bool,
}

/// How many values the completion field takes (see
/// `Engine::completion_class`).
pub(super) const COMPLETION_CLASSES: usize = 4;

impl<const N: usize> Engine<'_, N> {
    /// The completion field of edge `a–b`: its whole base weight outside
    /// the brackets.
    pub(super) fn completion_part(&self, a: usize, b: usize) -> Uint<N> {
        self.completion_units[self.completion_class(a, b)]
    }

    /// Which of the completion field's values edge `a–b` takes: 0 (none)
    /// when `a` and `b` cannot meet by colour, else one more than the
    /// number of its ends who cannot have the bye.
    pub(super) fn completion_class(&self, a: usize, b: usize) -> usize {
        let info = self.info;
        let (pa, pb) = (&info.players[info.sorted[a]], &info.players[info.sorted[b]]);
        if !info.compatible(pa, pb) {
            return 0;
        }
        let bye = self.ctx_bye.bye_score;
        let nb = |v: usize| (!self.bye_candidate(v, bye)) as usize;
        1 + nb(a) + nb(b)
    }

    /// Weight `w` of edge `a–b` in a relaxed window: less its completion
    /// field (no edge when nothing is left).
    pub(super) fn relax(&self, a: usize, b: usize, w: Uint<N>) -> Uint<N> {
        let t = self.completion_part(a, b);
        if w > t {
            w - t
        } else {
            Uint::ZERO
        }
    }

    /// The absolute-preference class of vertex `v` (`NONE_CLASS` when
    /// his preference is not absolute).
    fn class(&self, v: usize) -> usize {
        let p = &self.info.players[self.info.sorted[v]];
        match (p.absolute(), p.pref) {
            (false, _) => NONE_CLASS,
            (true, None) => 0,
            (true, Some(Colour::Red)) => 1,
            (true, Some(Colour::Black)) => 2,
        }
    }

    /// How many players `v` may not meet for a reason other than colour
    /// (an upper bound: both directions counted).
    fn forbidden_count(&self, v: usize) -> usize {
        self.info.players[self.info.sorted[v]].forbidden.len() + self.forbidden_by[v]
    }

    /// The players from `next` on, as `below_takes` needs them.
    fn below_from(&self, next: usize) -> Below {
        let n = self.info.sorted.len();
        let bye = self.ctx_bye.bye_score;
        let mut b = Below {
            size: n - next,
            ..Below::default()
        };
        for v in next..n {
            let c = self.class(v);
            b.count[c] += 1;
            b.most_forbidden[c] = b.most_forbidden[c].max(self.forbidden_count(v));
            b.bye_candidate |= self.bye_candidate(v, bye);
        }
        b
    }

    /// Can the players below the window (`self.below`) and `left` (players
    /// of the window left over) all be paired, but for one bye candidate
    /// below when their count is odd? Dirac's condition, from the
    /// incompatibilities each player may have (see the module comment).
    pub(super) fn below_takes(&self, left: impl Iterator<Item = usize> + Clone) -> bool {
        let below = &self.below;
        let mut count = below.count;
        let mut size = below.size;
        for v in left.clone() {
            count[self.class(v)] += 1;
            size += 1;
        }
        if size < 3 || (size % 2 == 1 && !below.bye_candidate) {
            return false;
        }
        // Non-neighbours of v: the forbidden ones and its own class.
        let ok = |forbidden: usize, class: usize| {
            let same = if class == NONE_CLASS { 1 } else { count[class] };
            2 * (forbidden + same) <= size
        };
        (0..=NONE_CLASS).all(|c| below.count[c] == 0 || ok(below.most_forbidden[c], c))
            && left
                .into_iter()
                .all(|v| ok(self.forbidden_count(v), self.class(v)))
    }

    /// Window mode: the bye assignee's score when every player but one
    /// can be paired whatever the brackets do, else `None` (the round then
    /// goes through the completion matching over every player).
    pub(super) fn start_windowed(&mut self, odd: bool, top_score: Points) -> Option<Points> {
        if !self.windowed {
            return None;
        }
        let info = self.info;
        let n = info.sorted.len();
        let vertex: HashMap<u32, usize> = (0..n)
            .map(|v| (info.players[info.sorted[v]].id, v))
            .collect();
        self.forbidden_by = vec![0; n];
        for v in 0..n {
            for id in &info.players[info.sorted[v]].forbidden {
                if let Some(&u) = vertex.get(id) {
                    self.forbidden_by[u] += 1;
                }
            }
        }
        let bye_score = if odd {
            let eligible = (0..n).filter(|&v| info.players[info.sorted[v]].bye_eligible);
            let lowest = eligible.map(|v| self.score(v)).min()?;
            // The top bracket's single downfloater may be the bye assignee:
            // the reference reads that from the completion matching.
            if lowest >= top_score {
                return None;
            }
            lowest
        } else {
            Points::ZERO
        };
        self.ctx_bye = BracketCtx {
            bye_score,
            single_downfloater_is_bye: false,
        };
        self.below = self.below_from(0);
        self.below_takes(std::iter::empty()).then_some(bye_score)
    }

    /// Back to one matcher over every player (the reference's way).
    pub(super) fn unwindow(&mut self) {
        if !self.windowed {
            return;
        }
        let n = self.info.sorted.len();
        self.windowed = false;
        self.tail = true;
        self.relaxed = false;
        self.m = Matcher::new(n);
        self.verts = (0..n).collect();
        self.loc = (0..n).collect();
    }

    /// Opens the matcher for `bracket` (its first `sgb` players come from
    /// the bracket above and keep their weights): relaxed when the players
    /// from `next` on take whatever it leaves over, else with every player
    /// not yet paired, for the rest of the round.
    pub(super) fn open_window(&mut self, bracket: &[usize], sgb: usize, next: usize) {
        if self.tail {
            return;
        }
        let n = self.info.sorted.len();
        self.below = self.below_from(next);
        let relaxed =
            self.bracket_no < self.tail_at && self.below_takes(std::iter::empty::<usize>());
        let mut carried = Vec::new();
        if !self.verts.is_empty() {
            for l in 0..sgb {
                for k in 0..l {
                    let w = self.get(bracket[k], bracket[l]);
                    if !w.is_zero() {
                        carried.push((bracket[k], bracket[l], w));
                    }
                }
            }
        }
        for &v in &self.verts {
            self.loc[v] = OUTSIDE;
        }
        let mut verts = bracket.to_vec();
        if !relaxed {
            verts.extend(next..n);
        }
        for (l, &v) in verts.iter().enumerate() {
            self.loc[v] = l;
        }
        self.m = Matcher::new(verts.len());
        self.verts = verts;
        self.relaxed = relaxed;
        for (a, b, w) in carried {
            self.set(a, b, w);
        }
        if relaxed {
            self.relaxed_brackets += 1;
            return;
        }
        self.tail = true;
        let no_ranks = HashMap::new();
        let ctx = self.ctx_bye;
        for lo in next..n {
            for hi in bracket.iter().copied().chain(next..lo) {
                let w = self.edge_weight(hi, lo, false, false, ctx, &no_ranks);
                self.set(hi, lo, w);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{pair_reference, simulate, Info, Layout, RunError};
    use super::*;

    /// Pairs `state` in window mode with the 512-bit engine, as
    /// `solve_round` does: the matching and the brackets paired relaxed.
    fn windowed(state: &crate::pairing::SwissState) -> (Vec<usize>, usize, Info) {
        let info = Info::build(state).unwrap();
        let mut lay = Layout::new(&info, false);
        lay.s = lay.round_s();
        let mut tail_at = usize::MAX;
        loop {
            let mut e = Engine::<8>::new(&info, lay.clone(), false, true, tail_at);
            match e.run() {
                Ok(m) => {
                    let relaxed = e.relaxed_brackets;
                    return (m, relaxed, info);
                }
                Err(RunError::Widen(k)) => tail_at = k,
                Err(e) => panic!("{e:?}"),
            }
        }
    }

    /// Later rounds of mid-sized events pair most brackets in relaxed
    /// windows, and pair them as the reference (one matcher over every
    /// player, every matching solved afresh) does.
    #[test]
    fn relaxed_windows_pair_as_the_reference() {
        let mut relaxed = 0;
        for seed in 0..6u64 {
            let state = simulate::tournament(40 + 7 * seed as usize, 2 + seed as u32 % 3, 9, seed);
            let (mates, r, info) = windowed(&state);
            relaxed += r;
            let want = pair_reference(&state).unwrap();
            assert_eq!(info.result(&mates), want, "seed {seed}");
        }
        assert!(relaxed >= 6, "only {relaxed} brackets were paired relaxed");
    }

    /// The completion field is the whole base weight of an edge outside
    /// the brackets.
    #[test]
    fn the_completion_part_is_the_base_weight_outside_brackets() {
        let state = simulate::tournament(31, 3, 9, 5);
        let info = Info::build(&state).unwrap();
        let lay = Layout::new(&info, true);
        let mut e = Engine::<8>::new(&info, lay, false, true, usize::MAX);
        e.ctx_bye.bye_score = Points::new(1);
        let ranks = HashMap::new();
        let n = info.sorted.len();
        let mut edges = 0;
        for lo in 0..n {
            for hi in 0..lo {
                let base = e.edge_weight(hi, lo, false, false, e.ctx_bye, &ranks);
                assert_eq!(e.completion_part(hi, lo), base, "{hi}-{lo}");
                edges += (!base.is_zero()) as usize;
            }
        }
        assert!(edges > n * (n - 1) / 4);
    }
}
