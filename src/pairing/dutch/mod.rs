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

use crate::domain::{Colour, Points};
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
    pair_with(state, false)
}

/// The same pairing with every matching solved from scratch: a slow
/// reference that tests compare the incremental solver against.
#[doc(hidden)]
pub fn pair_reference(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, true)
}

fn pair_with(state: &SwissState, fresh: bool) -> Result<RoundPairing, PairingError> {
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
                why: format!(
                    "player {} is the only one to pair and already had a bye",
                    p.id
                ),
            });
        }
        return Ok(RoundPairing {
            boards: Vec::new(),
            bye: Some(p.id),
            notes: Vec::new(),
        });
    }
    let layout = Layout::new(&info);
    let bits = layout.total_bits() + 8 + crate::pairing::matching::MAX_SCALE;
    let limbs = (bits as usize).div_ceil(64);
    let mates = match limbs {
        0..=2 => Engine::<2>::new(&info, layout, fresh).run(),
        3..=4 => Engine::<4>::new(&info, layout, fresh).run(),
        5..=6 => Engine::<6>::new(&info, layout, fresh).run(),
        7..=8 => Engine::<8>::new(&info, layout, fresh).run(),
        9..=10 => Engine::<10>::new(&info, layout, fresh).run(),
        11..=12 => Engine::<12>::new(&info, layout, fresh).run(),
        13..=14 => Engine::<14>::new(&info, layout, fresh).run(),
        15..=16 => Engine::<16>::new(&info, layout, fresh).run(),
        17..=24 => Engine::<24>::new(&info, layout, fresh).run(),
        25..=32 => Engine::<32>::new(&info, layout, fresh).run(),
        33..=48 => Engine::<48>::new(&info, layout, fresh).run(),
        49..=64 => Engine::<64>::new(&info, layout, fresh).run(),
        _ => {
            return Err(PairingError::InvalidState(
                "tournament too large for the Dutch weights".into(),
            ))
        }
    };
    let mates = mates.map_err(|why| PairingError::NoLegalPairing {
        round: state.round,
        why,
    })?;
    Ok(info.result(&mates))
}

/// Widths of the weight fields, fixed for one round.
#[derive(Clone, Debug)]
struct Layout {
    /// Bits to count the players of the largest scoregroup.
    b: u32,
    /// Sum over scoregroups of the bits to count their players.
    s: u32,
    /// Bit offset of each scoregroup's counter inside an `s`-wide field.
    shift: HashMap<Points, u32>,
    played_rounds: usize,
}

impl Layout {
    fn new(info: &Info) -> Layout {
        let mut shift = HashMap::new();
        let mut s = 0u32;
        let mut max_group = 0usize;
        let sorted = &info.sorted;
        let mut i = sorted.len();
        while i > 0 {
            let score = info.players[sorted[i - 1]].score;
            let mut j = i;
            while j > 0 && info.players[sorted[j - 1]].score == score {
                j -= 1;
            }
            let size = i - j;
            shift.insert(score, s);
            s += bits_for(size);
            max_group = max_group.max(size);
            i = j;
        }
        Layout {
            b: bits_for(max_group).max(1),
            s,
            shift,
            played_rounds: info.played_rounds,
        }
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

struct Engine<'a, const N: usize> {
    info: &'a Info,
    lay: Layout,
    m: Matcher<Uint<N>>,
    /// Solve every matching from scratch (reference mode).
    fresh: bool,
}

/// Parameters of the bracket being paired that enter the base weights.
#[derive(Clone, Copy)]
struct BracketCtx {
    bye_score: Points,
    single_downfloater_is_bye: bool,
}

impl<'a, const N: usize> Engine<'a, N> {
    fn new(info: &'a Info, lay: Layout, fresh: bool) -> Self {
        let n = info.sorted.len();
        Engine {
            info,
            lay,
            m: Matcher::new(n),
            fresh,
        }
    }

    fn solve(&mut self) -> Mates {
        if self.fresh {
            self.m.solve_fresh()
        } else {
            self.m.solve()
        }
    }

    fn score(&self, v: usize) -> Points {
        self.info.players[self.info.sorted[v]].score
    }

    fn sh(&self, score: Points) -> u32 {
        self.lay.shift[&score]
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
        if a != b {
            self.m.set(a, b, w);
        }
    }

    /// Fixes the pair `a–b` (just matched): every other edge of both goes,
    /// so every later optimum keeps them together.
    fn finalize(&mut self, a: usize, b: usize) {
        let n = self.m.len();
        for u in 0..n {
            if u != a && u != b {
                self.m.set(a, u, Uint::ZERO);
                self.m.set(b, u, Uint::ZERO);
            }
        }
        self.m.retire_pair(a, b);
    }

    fn run(mut self) -> Result<Mates, String> {
        let info = self.info;
        let n = info.sorted.len();
        let lay = self.lay.clone();
        let (b, s) = (lay.b, lay.s);
        let top_score = self.score(0);
        let odd = n % 2 == 1;
        let no_ranks = HashMap::new();
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
                        w = w + Uint::from_u64((self.sh(pl.score) + self.sh(ph.score)) as u64);
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
        let mate = self.solve();
        let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v] == v).collect();
        if unmatched.len() > 1 {
            return Err(format!(
                "{} players cannot all be paired without a rematch, a forbidden pair or a colour violation",
                n
            ));
        }
        let mut bye_score = Points::ZERO;
        let mut single_df = false;
        let mut ranks: HashMap<usize, u64> = HashMap::new();
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
            let mut st = self.solve();
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
                    st = self.solve();
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
                st = self.solve();
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
            st = self.solve();
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
                    st = self.solve();
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
                    st = self.solve();
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
                st = self.solve();
                let mv = st[pv];
                matched[pv] = true;
                matched[mv] = true;
                self.finalize(pv, mv);
            }

            // Next bracket: the unpaired (downfloaters) and the next scoregroup.
            let mut nb = Vec::new();
            sgb = 0;
            single_df = odd && group_start < n && bye_score == self.score(group_start);
            for (pi, &pv) in bracket.iter().enumerate() {
                if pi < nsgb && matched[pv] {
                    result[pv] = st[pv];
                    result[st[pv]] = pv;
                } else {
                    nb.push(pv);
                    if pi < nsgb {
                        sgb += 1;
                    }
                    if self.score(st[pv]) < bye_score {
                        single_df = false;
                    }
                }
            }
            if group_start == n && nb.len() == bracket.len() {
                return Err("the last bracket cannot be paired".into());
            }
            bracket = nb;
            sgbv = nsgbv;
        }
        Ok(result)
    }
}
