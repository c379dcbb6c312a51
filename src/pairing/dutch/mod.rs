//! FIDE Dutch system (C.04.3, 2025 rules), red in the role of white.
//!
//! The absolute and quality criteria become the bits of one edge weight per
//! pair of players, most important criterion highest; a maximum-weight
//! matching over those weights pairs one bracket at a time, from the top
//! scoregroup down. The ordering rules of the bracket procedure (which MDPs
//! are paired, which residents are exchanged between S1 and S2, who meets
//! whom inside S1/S2) are settled by re-solving with small weight bonuses
//! and fixing the result player by player, as the endorsed engine does.

// Index loops over parallel arrays read better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

mod player;
pub mod simulate;
mod window;

use crate::domain::{Colour, Points};
use crate::i18n::{msg, Msg};
use crate::pairing::matching::{Matcher, Uint};
use crate::pairing::{PairingError, RoundPairing, SwissState};
use player::{Float, Info};
use std::collections::HashMap;

/// Bits needed to write `x` (0 for 0).
fn bits_for(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Pairs the next round of `state` with the Dutch system.
pub fn pair(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, false, true)
}

/// The same pairing without the shortcuts for brackets the rules make
/// trivial: every bracket goes through the matcher (tests compare the two).
#[doc(hidden)]
pub fn pair_without_shortcuts(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, false, false)
}

/// The same pairing with every matching solved from scratch: a slow
/// reference that tests compare the incremental solver against.
#[doc(hidden)]
pub fn pair_reference(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, true, false)
}

fn pair_with(
    state: &SwissState,
    fresh: bool,
    shortcuts: bool,
) -> Result<RoundPairing, PairingError> {
    let info = Info::build(state)?;
    let n = info.sorted.len();
    if n == 0 {
        return Ok(RoundPairing::default());
    }
    if n == 1 {
        let p = &info.players[info.sorted[0]];
        if !p.bye_eligible {
            return Err(PairingError::NoLegalPairing {
                round: state.round,
                why: msg!("err.pairing.only_one_had_bye", id = p.id),
            });
        }
        return Ok(RoundPairing {
            boards: Vec::new(),
            bye: Some(p.id),
            notes: Vec::new(),
        });
    }
    if shortcuts {
        if let Some(mates) = unconstrained_round(&info) {
            return Ok(info.result(&mates));
        }
    }
    // The reference keeps one scoregroup layout for the whole round; the
    // fast path lays out each bracket's own scoregroups in narrower fields
    // and widens to the round's layout only if a bracket does not fit.
    let mates = solve_round(
        &info,
        Layout::new(&info, fresh),
        fresh,
        shortcuts,
        state.round,
    )?;
    Ok(info.result(&mates))
}

/// A round with no history and nothing forbidden (round 1 of an event
/// without forbidden pairs) is one scoregroup in which every pair is
/// allowed and no criterion tells two pairings apart but the bracket
/// order: S1 (the top half) meets S2 in order, S1[i] against S2[i], and in
/// an odd round the last player is left for the bye (the bye criteria all
/// weigh alike with no history, and the last player is the one a
/// homogeneous bracket leaves over). The matcher would spend O(n³) to find
/// this; `tests/it/dutch_bench_set.rs` compares the two on random rounds.
fn unconstrained_round(info: &Info) -> Option<Mates> {
    let n = info.sorted.len();
    if info.played_rounds != 0
        || n < 2
        || info.sorted.iter().any(|&i| {
            let p = &info.players[i];
            !p.forbidden.is_empty() || !p.bye_eligible || p.score != Points::ZERO
        })
    {
        return None;
    }
    let half = n / 2;
    let mut mates: Mates = (0..n).collect();
    for i in 0..half {
        mates[i] = half + i;
        mates[half + i] = i;
    }
    Some(mates)
}

/// Runs the engine on `layout`, widened to the round's layout if a bracket
/// does not fit.
fn solve_round(
    info: &Info,
    mut layout: Layout,
    fresh: bool,
    windowed: bool,
    round: u32,
) -> Result<Mates, PairingError> {
    let mut tail_at = usize::MAX;
    loop {
        match run_engine(info, layout.clone(), fresh, windowed, tail_at) {
            Err(RunError::Widen(k)) => tail_at = k,
            Err(RunError::Narrow) if layout.s < layout.round_s() => layout.s = layout.round_s(),
            Err(RunError::Narrow) => {
                return Err(PairingError::InvalidState(msg!(
                    "err.pairing.layout_overflow"
                )))
            }
            Err(RunError::TooLarge) => {
                return Err(PairingError::InvalidState(msg!("err.pairing.too_large")))
            }
            Err(RunError::NoPairing(why)) => {
                return Err(PairingError::NoLegalPairing { round, why })
            }
            Ok(m) => return Ok(m),
        }
    }
}

/// Why one run of the engine gave no pairing.
#[derive(Debug)]
enum RunError {
    /// Bracket `k` (counted from the top) cannot be paired in a relaxed
    /// window: pair it and the rest of the round over every player left.
    Widen(usize),
    /// A bracket's scoregroups need wider fields than the layout has.
    Narrow,
    /// The weights would need more than the widest engine.
    TooLarge,
    /// No legal pairing exists.
    NoPairing(Msg),
}

fn run_engine(
    info: &Info,
    layout: Layout,
    fresh: bool,
    windowed: bool,
    tail_at: usize,
) -> Result<Mates, RunError> {
    let bits = layout.total_bits() + 8 + crate::pairing::matching::MAX_SCALE;
    let limbs = (bits as usize).div_ceil(64);
    match limbs {
        0..=2 => Engine::<2>::new(info, layout, fresh, windowed, tail_at).run(),
        3..=4 => Engine::<4>::new(info, layout, fresh, windowed, tail_at).run(),
        5..=6 => Engine::<6>::new(info, layout, fresh, windowed, tail_at).run(),
        7..=8 => Engine::<8>::new(info, layout, fresh, windowed, tail_at).run(),
        9..=10 => Engine::<10>::new(info, layout, fresh, windowed, tail_at).run(),
        11..=12 => Engine::<12>::new(info, layout, fresh, windowed, tail_at).run(),
        13..=14 => Engine::<14>::new(info, layout, fresh, windowed, tail_at).run(),
        15..=16 => Engine::<16>::new(info, layout, fresh, windowed, tail_at).run(),
        17..=24 => Engine::<24>::new(info, layout, fresh, windowed, tail_at).run(),
        25..=32 => Engine::<32>::new(info, layout, fresh, windowed, tail_at).run(),
        33..=48 => Engine::<48>::new(info, layout, fresh, windowed, tail_at).run(),
        49..=64 => Engine::<64>::new(info, layout, fresh, windowed, tail_at).run(),
        _ => Err(RunError::TooLarge),
    }
}

/// Where each scoregroup's counter sits inside a scoregroup field: bit
/// offset and width, the lowest score lowest.
type ScoreMap = HashMap<Points, (u32, u32)>;

/// Lays out counters for `counts` (score, how many players), lowest score
/// first, each wide enough to count its players.
fn score_map(counts: &[(Points, usize)]) -> (ScoreMap, u32) {
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
struct Layout {
    /// Bits to count the players of the largest scoregroup.
    b: u32,
    /// Width of each scoregroup field: a counter per scoregroup, packed so
    /// that a higher score weighs more than every lower one together.
    s: u32,
    /// The round's scoregroups, lowest score first, with their sizes.
    groups: Vec<(Points, usize)>,
    /// One scoregroup map for the whole round (every group in every
    /// bracket), rather than one per bracket for the groups it holds.
    fixed: bool,
    played_rounds: usize,
}

impl Layout {
    fn new(info: &Info, fixed: bool) -> Layout {
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
    fn round_s(&self) -> u32 {
        score_map(&self.groups)
            .1
            .max(bits_for(2 * self.groups.len()))
    }

    /// The scoregroup map of a bracket of players with `scores`, or `None`
    /// when it does not fit the field width.
    fn bracket_map(&self, scores: impl Iterator<Item = Points>) -> Option<ScoreMap> {
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
    fn s_fields(&self) -> Vec<u32> {
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
    fn total_bits(&self) -> u32 {
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

type Mates = Vec<usize>;

/// No local vertex: the player is outside the matcher's window.
const OUTSIDE: usize = usize::MAX;

struct Engine<'a, const N: usize> {
    info: &'a Info,
    lay: Layout,
    /// The matcher over the window's vertices (local numbers).
    m: Matcher<Uint<N>>,
    /// Solve every matching from scratch (reference mode).
    fresh: bool,
    /// The scoregroup map of the bracket being paired.
    map: ScoreMap,
    /// Pair each bracket in a matcher of its own players when the players
    /// below it provably take whoever floats down (see `window.rs`);
    /// otherwise one matcher over every player, as the reference does.
    windowed: bool,
    /// The window: local vertex → vertex, and back (`OUTSIDE`).
    verts: Vec<usize>,
    loc: Vec<usize>,
    /// The window's weights leave out the completion field (the players
    /// below the window complete any outcome; see `window.rs`).
    relaxed: bool,
    /// The window holds every player not yet paired, for the rest of the round.
    tail: bool,
    /// The last matching, by vertex (window mode).
    st_buf: Vec<usize>,
    /// Bye parameters of the edges outside the brackets (their base weights).
    ctx_bye: BracketCtx,
    /// How many players forbid each vertex (the reverse of `forbidden`).
    forbidden_by: Vec<usize>,
    /// Brackets paired in a relaxed window (tests read it).
    relaxed_brackets: usize,
    /// The bracket being paired, counted from the top, and the first one
    /// to pair over every player left.
    bracket_no: usize,
    tail_at: usize,
    /// The players below a relaxed window.
    below: window::Below,
}

/// Parameters of the bracket being paired that enter the base weights.
#[derive(Clone, Copy)]
struct BracketCtx {
    bye_score: Points,
    single_downfloater_is_bye: bool,
}

impl<'a, const N: usize> Engine<'a, N> {
    fn new(info: &'a Info, lay: Layout, fresh: bool, windowed: bool, tail_at: usize) -> Self {
        let n = info.sorted.len();
        let windowed = windowed && !fresh;
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
        }
    }

    /// A maximum-weight matching of the window, by vertex: a vertex left
    /// unmatched by a relaxed window is matched below it (`n`).
    fn solve(&mut self) -> Result<Mates, RunError> {
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

    fn score(&self, v: usize) -> Points {
        self.info.players[self.info.sorted[v]].score
    }

    fn sh(&self, score: Points) -> u32 {
        self.map[&score].0
    }

    /// Moves the scoregroup counters of weight `w` from map `old` to the
    /// current map; every other field stays.
    fn remap(&self, w: Uint<N>, old: &ScoreMap) -> Uint<N> {
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

    fn bye_candidate(&self, v: usize, bye_score: Points) -> bool {
        let p = &self.info.players[self.info.sorted[v]];
        p.bye_eligible && p.score <= bye_score
    }

    /// The base weight of pairing vertex `hi` (ranked higher) with `lo`.
    fn edge_weight(
        &self,
        hi: usize,
        lo: usize,
        lo_in_cur: bool,
        lo_in_next: bool,
        ctx: BracketCtx,
        ranks: &HashMap<usize, u64>,
    ) -> Uint<N> {
        let info = self.info;
        let ph = &info.players[info.sorted[hi]];
        let pl = &info.players[info.sorted[lo]];
        if !info.compatible(ph, pl) {
            return Uint::ZERO;
        }
        let (b, s) = (self.lay.b, self.lay.s);
        let one = |x: bool| Uint::<N>::from_u64(x as u64);
        let mut r = Uint::<N>::from_u64(
            1 + (!self.bye_candidate(hi, ctx.bye_score)) as u64
                + (!self.bye_candidate(lo, ctx.bye_score)) as u64,
        );
        // C5: pairs in the current bracket; C6-like: scores paired there.
        r = r.shifted_left(b).or(one(lo_in_cur));
        r = r.shifted_left(s);
        if lo_in_cur {
            r = r.or(Uint::bit(self.sh(ph.score)));
        }
        // C7: complete the next bracket as well as possible.
        r = r.shifted_left(b).or(one(lo_in_next));
        r = r.shifted_left(s);
        if lo_in_next {
            r = r.or(Uint::bit(self.sh(ph.score)));
        }
        // Unplayed games of the bye assignee.
        r = r.shifted_left(b);
        if ctx.single_downfloater_is_bye {
            if ph.score == ctx.bye_score {
                r = r.or(Uint::from_u64(ranks[&ph.played_games_for_bye]));
            }
            if pl.score == ctx.bye_score {
                r = r + Uint::from_u64(ranks[&pl.played_games_for_bye]);
            }
        }
        // Colour criteria (lo is "player", hi is "opponent").
        let mask = lo_in_cur;
        let (p, o) = (pl, ph);
        r = r.shifted_left(b).or(one(
            mask && (!p.absolute_imbalance() || !o.absolute_imbalance() || p.pref != o.pref)
        ));
        let c2 = !p.absolute()
            || !o.absolute()
            || p.pref != o.pref
            || if p.imbalance == o.imbalance {
                p.repeated.is_none() || p.repeated != o.repeated
            } else {
                let x = if p.imbalance > o.imbalance { o } else { p };
                x.repeated != p.pref.map(Colour::opposite)
            };
        r = r.shifted_left(b).or(one(mask && c2));
        r = r
            .shifted_left(b)
            .or(one(mask && player::prefs_compatible(p.pref, o.pref)));
        let c4 = (!p.strong && !p.absolute())
            || (!o.strong && !o.absolute())
            || (p.absolute() && o.absolute())
            || p.pref != o.pref;
        r = r.shifted_left(b).or(one(mask && c4));
        let pr = self.lay.played_rounds;
        for back in [1usize, 2] {
            if pr < back {
                continue;
            }
            r = r.shifted_left(b);
            if lo_in_cur {
                r = r.or(one(pl.float(back) == Float::Down));
                r = r + one(ph.score <= pl.score && ph.float(back) == Float::Down);
            }
            r = r.shifted_left(b);
            if lo_in_cur {
                r = r.or(one(!(ph.score > pl.score && pl.float(back) == Float::Up)));
            }
        }
        for back in [1usize, 2] {
            if pr < back {
                continue;
            }
            r = r.shifted_left(s);
            if lo_in_cur {
                if pl.float(back) == Float::Down {
                    r = r + Uint::bit(self.sh(pl.score));
                }
                if ph.float(back) == Float::Down {
                    r = r + Uint::bit(self.sh(ph.score));
                }
            }
            r = r.shifted_left(s);
            if lo_in_cur && !(pl.float(back) == Float::Up && ph.score > pl.score) {
                r = r.or(Uint::bit(self.sh(ph.score)));
            }
        }
        // Room for the ordering rules of the bracket procedure.
        r.shifted_left(3 * b + 1)
    }

    fn set(&mut self, a: usize, b: usize, w: Uint<N>) {
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
        let w = if self.relaxed { self.relax(a, b, w) } else { w };
        self.m.set(la, lb, w);
    }

    /// The weight of edge `a–b`, both in the window.
    fn get(&self, a: usize, b: usize) -> Uint<N> {
        let w = self.m.get(self.loc[a], self.loc[b]);
        if self.relaxed && !w.is_zero() {
            w + self.completion_part(a, b)
        } else {
            w
        }
    }

    /// Fixes the pair `a–b` (just matched): every other edge of both goes,
    /// so every later optimum keeps them together.
    fn finalize(&mut self, a: usize, b: usize) {
        let (la, lb) = (self.loc[a], self.loc[b]);
        for u in 0..self.m.len() {
            if u != la && u != lb {
                self.m.set(la, u, Uint::ZERO);
                self.m.set(lb, u, Uint::ZERO);
            }
        }
        self.m.retire_pair(la, lb);
    }

    /// The completion matching over every player: can everybody (but
    /// one) be paired at all, and the bye assignee's score (with whether
    /// the single downfloater of the top bracket is the bye assignee).
    /// Leaves every edge at its base weight.
    fn complete(&mut self, odd: bool, top_score: Points) -> Result<(Points, bool), RunError> {
        let info = self.info;
        let n = info.sorted.len();
        let (b, s) = (self.lay.b, self.lay.s);
        let no_ranks = HashMap::new();
        let lay = self.lay.clone();
        // The completion weights number the scoregroups, lowest 0.
        let group_no: HashMap<Points, u64> = (lay.groups.iter().enumerate())
            .map(|(i, g)| (g.0, i as u64))
            .collect();
        let ctx0 = BracketCtx {
            bye_score: Points::ZERO,
            single_downfloater_is_bye: false,
        };
        // Completion: can everybody (but one) be paired at all?
        for lo in 0..n {
            for hi in 0..lo {
                let w = if odd {
                    let ph = &info.players[info.sorted[hi]];
                    let pl = &info.players[info.sorted[lo]];
                    if info.compatible(ph, pl) {
                        let mut w = Uint::<N>::from_u64(
                            1 + (!pl.bye_eligible) as u64 + (!ph.bye_eligible) as u64,
                        );
                        w = w.shifted_left(s);
                        w = w + Uint::from_u64(group_no[&pl.score] + group_no[&ph.score]);
                        w = w.shifted_left(b);
                        w.or(Uint::from_u64((pl.score >= top_score) as u64))
                    } else {
                        Uint::ZERO
                    }
                } else {
                    self.edge_weight(hi, lo, false, false, ctx0, &no_ranks)
                };
                self.set(hi, lo, w);
            }
        }
        let mate = self.solve()?;
        let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v] == v).collect();
        if unmatched.len() > 1 {
            let mut ids: Vec<u32> = unmatched
                .iter()
                .map(|&v| info.players[info.sorted[v]].id)
                .collect();
            ids.sort_unstable();
            let ids = ids
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            return Err(RunError::NoPairing(msg!(
                "err.pairing.cannot_all_pair",
                count = n,
                ids
            )));
        }
        // C2: the player left over must be allowed the bye; when only
        // players who had one can be left over, there is no legal pairing.
        if odd && !info.players[info.sorted[unmatched[0]]].bye_eligible {
            let mut ids: Vec<u32> = (0..n)
                .map(|v| &info.players[info.sorted[v]])
                .filter(|p| !p.bye_eligible)
                .map(|p| p.id)
                .collect();
            ids.sort_unstable();
            let ids = ids
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            return Err(RunError::NoPairing(msg!(
                "err.pairing.bye_only_for_ineligible",
                ids = ids
            )));
        }
        let mut bye_score = Points::ZERO;
        let mut single_df = false;
        if odd {
            bye_score = self.score(unmatched[0]);
            let ctx = BracketCtx {
                bye_score,
                single_downfloater_is_bye: false,
            };
            for lo in 0..n {
                for hi in 0..lo {
                    let w = self.edge_weight(hi, lo, false, false, ctx, &no_ranks);
                    self.set(hi, lo, w);
                }
            }
            if bye_score >= top_score {
                single_df = true;
                for v in 0..n {
                    if self.score(v) < top_score {
                        break;
                    }
                    if self.score(mate[v]) < top_score {
                        single_df = false;
                        break;
                    }
                }
            }
        }
        Ok((bye_score, single_df))
    }

    fn run(&mut self) -> Result<Mates, RunError> {
        let info = self.info;
        let n = info.sorted.len();
        let lay = self.lay.clone();
        let b = lay.b;
        let top_score = self.score(0);
        let odd = n % 2 == 1;
        // The players' base weights and the bye assignee's score: from the
        // completion matching, or (window mode) from a proof that every
        // player but one can be paired whatever the brackets do.
        let (bye_score, mut single_df) = match self.start_windowed(odd, top_score) {
            Some(bye_score) => (bye_score, false),
            None => {
                self.unwindow();
                self.complete(odd, top_score)?
            }
        };
        self.ctx_bye = BracketCtx {
            bye_score,
            single_downfloater_is_bye: false,
        };
        let mut ranks: HashMap<usize, u64> = HashMap::new();
        if odd {
            let mut counts: Vec<usize> = (0..n)
                .filter(|&v| self.score(v) == bye_score)
                .map(|v| info.players[info.sorted[v]].played_games_for_bye)
                .collect();
            counts.sort_unstable();
            for (rank, c) in counts.into_iter().enumerate() {
                ranks.insert(c, rank as u64);
            }
        }

        let mut result: Vec<usize> = (0..n).collect();
        let mut bracket: Vec<usize> = Vec::new();
        let mut next = 0usize;
        while next < n && self.score(next) >= top_score {
            bracket.push(next);
            next += 1;
        }
        let mut matched = vec![false; n];
        let mut sgb = 0usize; // MDPs at the front of `bracket`
        let mut sgbv = 0usize; // first vertex of the current scoregroup
        while bracket.len() > 1 || next < n {
            let nsgb = bracket.len();
            let nsgbv = sgbv + (nsgb - sgb);
            let group_start = next;
            if next < n {
                let sc = self.score(next);
                while next < n && self.score(next) >= sc {
                    bracket.push(next);
                    next += 1;
                }
            }
            let len = bracket.len();
            // This bracket's scoregroup fields; the weights kept between
            // its floaters move their counters over.
            self.open_window(&bracket, sgb, next);
            let map = self
                .lay
                .bracket_map(bracket.iter().map(|&v| self.score(v)))
                .ok_or(RunError::Narrow)?;
            let old = std::mem::replace(&mut self.map, map);
            if old != self.map {
                for l in 0..sgb {
                    for k in 0..l {
                        let w = self.get(bracket[k], bracket[l]);
                        if !w.is_zero() {
                            let moved = self.remap(w, &old);
                            self.set(bracket[k], bracket[l], moved);
                        }
                    }
                }
            }
            let ctx = BracketCtx {
                bye_score,
                single_downfloater_is_bye: single_df,
            };
            // base[l][k] for k < l: weight of bracket[k] (higher) with bracket[l].
            let mut base: Vec<Vec<Uint<N>>> = vec![Vec::new(); len];
            for l in sgb..len {
                let mut row = Vec::with_capacity(l);
                for k in 0..l {
                    row.push(self.edge_weight(
                        bracket[k],
                        bracket[l],
                        l < nsgb,
                        l >= nsgb,
                        ctx,
                        &ranks,
                    ));
                }
                base[l] = row;
            }
            for l in sgb..len {
                for k in 0..l {
                    let w = base[l][k];
                    self.set(bracket[k], bracket[l], w);
                }
            }
            let ewc = |base: &Vec<Vec<Uint<N>>>, k: usize, l: usize, kri: usize, rp: usize| {
                let r = base[l][k];
                if r.is_zero() {
                    return r;
                }
                let mut add = Uint::<N>::from_u64((kri < rp) as u64);
                add = add.shifted_left(2 * b);
                add = add - Uint::from_u64(kri as u64);
                add = add.shifted_left(1);
                r + add
            };
            let mut st = self.solve()?;
            let in_cur = |st: &Mates, v: usize| st[v] >= sgbv && st[v] < nsgbv;

            // Which MDPs are paired in this bracket.
            let mut md_score = Points::ZERO;
            let mut rem_md = 0usize;
            let mut rem_md_matched = 0usize;
            for pi in 0..sgb {
                let pv = bracket[pi];
                if pi == 0 || self.score(pv) < md_score {
                    md_score = self.score(pv);
                    rem_md = 0;
                    rem_md_matched = 0;
                    let mut q = pi;
                    while q < len && self.score(bracket[q]) >= md_score {
                        rem_md += 1;
                        if in_cur(&st, bracket[q]) {
                            rem_md_matched += 1;
                        }
                        q += 1;
                    }
                }
                if rem_md_matched == 0 {
                    continue;
                }
                if rem_md <= rem_md_matched {
                    matched[pv] = true;
                    continue;
                }
                rem_md -= 1;
                if !in_cur(&st, pv) {
                    for oi in sgb..nsgb {
                        let w = base[oi][pi];
                        if !w.is_zero() {
                            self.set(pv, bracket[oi], w.or(Uint::from_u64(1)));
                        }
                    }
                    st = self.solve()?;
                }
                if in_cur(&st, pv) {
                    matched[pv] = true;
                    rem_md_matched -= 1;
                    for oi in sgb..nsgb {
                        let w = base[oi][pi];
                        if !w.is_zero() {
                            let w = w.or(Uint::from_u64((nsgb - sgb) as u64)) + Uint::from_u64(1);
                            self.set(pv, bracket[oi], w);
                        }
                    }
                }
            }
            // Their opponents: the highest possible resident.
            for pi in 0..sgb {
                let pv = bracket[pi];
                if !matched[pv] {
                    continue;
                }
                let mut addend = len as u64;
                for oi in (sgb..nsgb).rev() {
                    let ov = bracket[oi];
                    if matched[ov] {
                        continue;
                    }
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        self.set(pv, ov, w + Uint::from_u64(addend));
                        addend += 1;
                    }
                }
                st = self.solve()?;
                let mv = st[pv];
                matched[mv] = true;
                self.finalize(pv, mv);
            }

            // The remainder (residents not paired with MDPs).
            let mut rem: Vec<usize> = Vec::new();
            let mut rp = 0usize;
            for pi in sgb..nsgb {
                let pv = bracket[pi];
                if st[pv] < sgbv {
                    continue;
                }
                rem.push(pi);
                if st[pv] < pv {
                    rp += 1;
                }
            }
            for (oidx, &oi) in rem.iter().enumerate() {
                for (kri, &ki) in rem[..oidx].iter().enumerate() {
                    let w = ewc(&base, ki, oi, kri, rp);
                    self.set(bracket[ki], bracket[oi], w);
                }
            }
            st = self.solve()?;
            let down = |st: &Mates, v: usize| st[v] > v && st[v] < nsgbv;
            let mut exchanges = 0usize;
            for &pi in rem.iter().take(rp) {
                let pv = bracket[pi];
                exchanges += (!down(&st, pv)) as usize;
            }
            // S1 players moved to S2: the lowest possible.
            let mut left = exchanges;
            let mut it = rp;
            let mut pri = rp;
            while it > 0 && left > 0 {
                pri -= 1;
                it -= 1;
                let pv = bracket[rem[it]];
                if down(&st, pv) {
                    for oj in it + 1..rem.len() {
                        let w = ewc(&base, rem[it], rem[oj], pri, rp);
                        if !w.is_zero() {
                            self.set(pv, bracket[rem[oj]], w - Uint::from_u64(1));
                        }
                    }
                    st = self.solve()?;
                }
                let exchange = !down(&st, pv);
                left -= exchange as usize;
                for oj in it + 1..rem.len() {
                    if exchange {
                        base[rem[oj]][rem[it]] = Uint::ZERO;
                    }
                    let w = ewc(&base, rem[it], rem[oj], pri, rp);
                    self.set(pv, bracket[rem[oj]], w);
                }
            }
            // S2 players moved to S1: the highest possible.
            let mut left = exchanges;
            let mut ri = rp;
            let mut it = rp;
            while it < rem.len() && left > 1 {
                let pv = bracket[rem[it]];
                let already = down(&st, pv);
                if !already {
                    for oj in it + 1..rem.len() {
                        let w = ewc(&base, rem[it], rem[oj], ri, rp);
                        if !w.is_zero() {
                            self.set(pv, bracket[rem[oj]], w + Uint::from_u64(1));
                        }
                    }
                    st = self.solve()?;
                }
                if down(&st, pv) {
                    left -= 1;
                    for oj in 0..it {
                        base[rem[it]][rem[oj]] = Uint::ZERO;
                        self.set(pv, bracket[rem[oj]], Uint::ZERO);
                    }
                    for oi in nsgb..len {
                        base[oi][rem[it]] = Uint::ZERO;
                        self.set(pv, bracket[oi], Uint::ZERO);
                    }
                }
                if !already {
                    for oj in it + 1..rem.len() {
                        let w = ewc(&base, rem[it], rem[oj], ri, rp);
                        self.set(pv, bracket[rem[oj]], w);
                    }
                }
                ri += 1;
                it += 1;
            }
            // Fix who is in S1 and who in S2.
            for a in 0..rem.len() {
                let pv = bracket[rem[a]];
                for bb in a + 1..rem.len() {
                    let ov = bracket[rem[bb]];
                    if !down(&st, pv) || down(&st, ov) {
                        base[rem[bb]][rem[a]] = Uint::ZERO;
                    }
                    let w = base[rem[bb]][rem[a]];
                    self.set(pv, ov, w);
                }
            }
            // Pair S1 in order, each with the highest possible S2 player.
            for &pi in &rem {
                let pv = bracket[pi];
                if !down(&st, pv) {
                    continue;
                }
                let mut addend = 0u64;
                for &oi in rem.iter().rev() {
                    let ov = bracket[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let w = base[oi][pi];
                    if !w.is_zero() {
                        self.set(pv, ov, w + Uint::from_u64(addend));
                    }
                    addend += 1;
                }
                st = self.solve()?;
                let mv = st[pv];
                matched[pv] = true;
                matched[mv] = true;
                self.finalize(pv, mv);
            }

            // Next bracket: the unpaired (downfloaters) and the next scoregroup.
            let mut nb = Vec::new();
            sgb = 0;
            // As the endorsed engine: the bye assignee's score may sit above
            // this scoregroup (when lower players cannot have the bye).
            let group_score = (group_start < n).then(|| self.score(group_start));
            single_df = odd && group_score.is_some_and(|g| bye_score >= g);
            for (pi, &pv) in bracket.iter().enumerate() {
                if pi < nsgb && matched[pv] {
                    result[pv] = st[pv];
                    result[st[pv]] = pv;
                } else {
                    nb.push(pv);
                    if pi < nsgb {
                        sgb += 1;
                    }
                    // (`n`: matched below the relaxed window.)
                    if group_score.is_some_and(|g| st[pv] >= n || self.score(st[pv]) < g) {
                        single_df = false;
                    }
                }
            }
            if group_start == n && nb.len() == bracket.len() {
                return Err(RunError::NoPairing(msg!("err.pairing.last_bracket")));
            }
            bracket = nb;
            sgbv = nsgbv;
            self.bracket_no += 1;
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A layout too narrow for some bracket is widened, and the round comes
    /// out as the reference pairs it.
    #[test]
    fn a_bracket_too_wide_for_the_layout_widens_it() {
        let mut narrow = 0;
        for seed in 0..40u64 {
            let state = simulate::quick_tournament(30, 3, 9, seed);
            let info = Info::build(&state).unwrap();
            let mut lay = Layout::new(&info, false);
            lay.s = bits_for(2 * lay.groups.len());
            let want = pair_reference(&state).map(|p| p.boards);
            if run_engine(&info, lay.clone(), false, false, usize::MAX)
                .is_err_and(|e| matches!(e, RunError::Narrow))
            {
                narrow += 1;
            }
            let got =
                solve_round(&info, lay, false, true, state.round).map(|m| info.result(&m).boards);
            assert_eq!(got, want, "seed {seed}");
        }
        assert!(
            narrow > 20,
            "only {narrow} of 40 rounds needed wider fields"
        );
    }

    /// Moving a weight's counters to another bracket's map gives the weight
    /// that map builds, for every kind of edge the brackets write.
    #[test]
    fn remapped_weights_equal_weights_built_in_the_new_map() {
        for seed in 0..6u64 {
            let state = simulate::quick_tournament(40, 4, 9, seed);
            let info = Info::build(&state).unwrap();
            let mut lay = Layout::new(&info, false);
            lay.s = lay.round_s();
            let n = info.sorted.len();
            let mut e = Engine::<8>::new(&info, lay.clone(), false, false, usize::MAX);
            let scores: Vec<Points> = (0..n).map(|v| e.score(v)).collect();
            // Two brackets sharing the vertices 10..20: one reaching up to
            // the top, one down to the bottom.
            let first = lay.bracket_map(scores[..20].iter().copied()).unwrap();
            let second = lay.bracket_map(scores[10..].iter().copied()).unwrap();
            let ctx = BracketCtx {
                bye_score: Points::ZERO,
                single_downfloater_is_bye: false,
            };
            let ranks = HashMap::new();
            let mut moved = 0;
            for lo in 11..20 {
                for hi in 10..lo {
                    for (cur, next) in [(true, false), (false, true), (false, false)] {
                        e.map = first.clone();
                        let w = e.edge_weight(hi, lo, cur, next, ctx, &ranks);
                        e.map = second.clone();
                        let want = e.edge_weight(hi, lo, cur, next, ctx, &ranks);
                        assert_eq!(e.remap(w, &first), want, "seed {seed} edge {hi}-{lo}");
                        moved += (w != want) as usize;
                    }
                }
            }
            assert!(moved > 0, "seed {seed}: the maps should differ");
        }
    }
}
