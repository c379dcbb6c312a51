//! The bracket procedure: pairs the round one bracket at a time from the
//! top scoregroup down, settling its ordering rules (which MDPs are paired,
//! who is exchanged between S1 and S2, who meets whom) by re-solving the
//! matching with small weight bonuses and fixing pairs one by one.

use super::base::BaseWeights;
use super::player::WeightKey;
use super::window::COMPLETION_CLASSES;
use super::{BracketCtx, Engine, Mates, RunError};
use crate::domain::Points;
use crate::i18n::msg;
use crate::pairing::matching::{Uint, WordMap};
use std::collections::HashMap;

/// The most keys the S1 lift pass names its weights by (four bytes each,
/// see `Engine::set_keyed`); a bracket that would need more sets each
/// weight by value.
const MAX_PASS_KEYS: usize = 1 << 22;

impl<const N: usize> Engine<'_, N> {
    pub(super) fn run(&mut self) -> Result<Mates, RunError> {
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
            // base.get(l, k) for k < l: weight of bracket[k] (higher) with
            // bracket[l]; weighed once per pair of weight keys (and whether
            // bracket[l] is a resident or in the next scoregroup), as
            // hashing the key cost as much as the rest of an edge.
            let mut keys: WordMap<WeightKey, u32> = WordMap::default();
            let class: Vec<u32> = bracket
                .iter()
                .map(|&v| {
                    let next = keys.len() as u32;
                    *keys
                        .entry(info.players[info.sorted[v]].weight_key())
                        .or_insert(next)
                })
                .collect();
            let mut base = BaseWeights::new(class, keys.len(), nsgb, self.forbidden_in(&bracket));
            self.begin_run(true);
            for l in sgb..len {
                for k in 0..l {
                    let (hi, lo) = (bracket[k], bracket[l]);
                    if base.forbids(k, l) {
                        self.set(hi, lo, Uint::ZERO);
                        continue;
                    }
                    let at = match base.known(k, l) {
                        Some(at) => at,
                        None => {
                            let resident = l < nsgb;
                            let w = self.edge_weight(hi, lo, resident, !resident, ctx, &ranks);
                            base.remember(k, l, w, self.matcher_weight(hi, lo, w))
                        }
                    };
                    self.set_keyed(hi, lo, at as usize, |_| base.matcher_value(at));
                }
            }
            self.end_run();
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
                        let w = base.get(oi, pi);
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
                        let w = base.get(oi, pi);
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
                    let w = base.get(oi, pi);
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
            base.set_remaining(&rem);
            // The ordering bonus of an edge whose higher end is the
            // `kri`-th remaining player (wrapping below zero from `rp` on,
            // as the sum then takes it back off), made once per player
            // rather than once per edge: a shift of a wide weight costs
            // as much as the rest of the edge's update.
            let adds: Vec<Uint<N>> = (0..rem.len())
                .map(|kri| {
                    let mut add = Uint::<N>::from_u64((kri < rp) as u64);
                    add = add.shifted_left(2 * b);
                    add = add - Uint::from_u64(kri as u64);
                    add.shifted_left(1)
                })
                .collect();
            let ewc = |base: &BaseWeights<N>, k: usize, l: usize, kri: usize| {
                let r = base.get(l, k);
                if r.is_zero() {
                    return r;
                }
                r + adds[kri]
            };
            // Every edge of an S1 player gains the same bonus (less for a
            // lower S1 player): his dual rises by it first, so the kept
            // optimum stays feasible and its S1–S2 pairs stay tight and
            // matched, instead of every S1 player being freed.
            let lifted: Vec<usize> = rem[..rp].iter().map(|&ki| bracket[ki]).collect();
            for (kri, &v) in lifted.iter().enumerate() {
                let by = Uint::<N>::from_u64(1).shifted_left(2 * b) - Uint::from_u64(kri as u64);
                self.lift(v, by.shifted_left(1));
            }
            // An edge's weight is its base weight's, its higher end's
            // bonus and (in a relaxed window) its completion class's: the
            // run names it by the three (see `Engine::set_keyed`).
            let classes = if self.relaxed { COMPLETION_CLASSES } else { 1 };
            let stride = base.values() * classes;
            let keyed = rem.len().saturating_mul(stride) <= MAX_PASS_KEYS;
            self.begin_run(true);
            for (oidx, &oi) in rem.iter().enumerate() {
                for (kri, &ki) in rem[..oidx].iter().enumerate() {
                    let (hi, lo) = (bracket[ki], bracket[oi]);
                    if !keyed {
                        let w = ewc(&base, ki, oi, kri);
                        self.set(hi, lo, w);
                        continue;
                    }
                    let Some(at) = base.index(oi, ki) else {
                        self.set(hi, lo, Uint::ZERO);
                        continue;
                    };
                    let class = if self.relaxed {
                        self.completion_class(hi, lo)
                    } else {
                        0
                    };
                    let key = kri * stride + at as usize * classes + class;
                    self.set_keyed(hi, lo, key, |e| {
                        let r = base.value(at);
                        if r.is_zero() {
                            r
                        } else {
                            e.matcher_weight(hi, lo, r + adds[kri])
                        }
                    });
                }
            }
            self.end_run();
            self.settle_lifts(&lifted);
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
                        let w = ewc(&base, rem[it], rem[oj], pri);
                        if !w.is_zero() {
                            self.set(pv, bracket[rem[oj]], w - Uint::from_u64(1));
                        }
                    }
                    st = self.solve()?;
                }
                let exchange = !down(&st, pv);
                left -= exchange as usize;
                if exchange {
                    base.cut_lower(rem[it]);
                }
                for oj in it + 1..rem.len() {
                    let w = ewc(&base, rem[it], rem[oj], pri);
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
                        let w = ewc(&base, rem[it], rem[oj], ri);
                        if !w.is_zero() {
                            self.set(pv, bracket[rem[oj]], w + Uint::from_u64(1));
                        }
                    }
                    st = self.solve()?;
                }
                if down(&st, pv) {
                    left -= 1;
                    base.cut_higher_and_next(rem[it]);
                    for oj in 0..it {
                        self.set(pv, bracket[rem[oj]], Uint::ZERO);
                    }
                    for oi in nsgb..len {
                        self.set(pv, bracket[oi], Uint::ZERO);
                    }
                }
                if !already {
                    for oj in it + 1..rem.len() {
                        let w = ewc(&base, rem[it], rem[oj], ri);
                        self.set(pv, bracket[rem[oj]], w);
                    }
                }
                ri += 1;
                it += 1;
            }
            // Fix who is in S1 and who in S2.
            base.fix_sides(&rem, |p| down(&st, bracket[p]));
            let classes = if self.relaxed { COMPLETION_CLASSES } else { 1 };
            self.begin_run(false);
            for a in 0..rem.len() {
                let pv = bracket[rem[a]];
                for bb in a + 1..rem.len() {
                    let ov = bracket[rem[bb]];
                    let Some(at) = base.index(rem[bb], rem[a]) else {
                        self.set(pv, ov, Uint::ZERO);
                        continue;
                    };
                    let class = if self.relaxed {
                        self.completion_class(pv, ov)
                    } else {
                        0
                    };
                    let key = at as usize * classes + class;
                    self.set_keyed(pv, ov, key, |e| e.matcher_weight(pv, ov, base.value(at)));
                }
            }
            self.end_run();
            // Pair S1 in order, each with the highest possible S2 player.
            // A pair the kept optimum proves is held back (its other edges
            // stay) while the next proofs go on from the same optimum:
            // taking its edges out could dissolve a blossom with a positive
            // dual, which frees two players and spoils every later proof.
            // The held pairs are fixed before the next solve.
            let mut bonus: Vec<(usize, u64)> = Vec::new();
            let mut held: Vec<(usize, usize)> = Vec::new();
            for &pi in &rem {
                let pv = bracket[pi];
                if !down(&st, pv) {
                    continue;
                }
                // The bonus of each possible opponent: the higher, the more.
                bonus.clear();
                let mut addend = 0u64;
                for &oi in rem.iter().rev() {
                    let ov = bracket[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    if !base.get(oi, pi).is_zero() {
                        bonus.push((oi, addend));
                    }
                    addend += 1;
                }
                let sure: Vec<(usize, u64)> =
                    bonus.iter().map(|&(oi, a)| (bracket[oi], a)).collect();
                let mv = match self.sure_mate(pv, &sure, &held, &mut st, sgbv) {
                    Some(mv) => mv,
                    None => {
                        for (a, b) in held.drain(..) {
                            self.finalize(a, b);
                        }
                        for &(oi, a) in &bonus {
                            let w = base.get(oi, pi) + Uint::from_u64(a);
                            self.set(pv, bracket[oi], w);
                        }
                        st = self.solve()?;
                        st[pv]
                    }
                };
                matched[pv] = true;
                matched[mv] = true;
                held.push((pv, mv));
            }
            for (a, b) in held.drain(..) {
                self.finalize(a, b);
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
