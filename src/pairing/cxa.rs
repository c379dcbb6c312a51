//! The Chinese Swiss method (积分编排), as specified in
//! `../shared/specs/cxa-swiss.md`, with every **Rec** of that text applied.
//!
//! Outline: eligibility (§0), round 1 by a fixed scheme (§1), later rounds by
//! score groups split into a red-wanting and a black-wanting row, paired top
//! to bottom with floaters (§2), colours decided after pairing (§3), the bye
//! to the single player left at the bottom (§4).

use super::{
    CxaOptions, PairedBoard, PairingError, PairingPlayer, RoundKind, RoundPairing, SwissState,
};
use crate::domain::{Colour, Points};
use crate::i18n::{msg, Msg};
use std::collections::{HashMap, HashSet};

/// Search nodes one exhaustive matching may visit before giving up (keeps a
/// pathological round from hanging the program; the arbiter pairs by hand).
const NODE_BUDGET: u64 = 20_000_000;

/// Defaults shared with the checker.
pub struct CxaDefaults;
impl CxaDefaults {
    /// Consecutive forfeits after which a player is removed (UI default 2).
    pub const FORFEIT_LIMIT: u32 = 2;
}

/// True when the player's history ends with `limit` or more forfeit losses
/// in a row (Rec B12: only the trailing run counts; 0 = rule off).
pub fn removed_for_forfeits(p: &PairingPlayer, limit: u32) -> bool {
    if limit == 0 {
        return false;
    }
    let run = p
        .history
        .iter()
        .rev()
        .take_while(|r| r.kind == RoundKind::ForfeitLoss)
        .count();
    run as u64 >= limit as u64
}

/// The colour history the Chinese method uses: every round with a recorded
/// colour (games, forfeits and byes alike), oldest first.
pub fn colour_history(p: &PairingPlayer) -> Vec<Colour> {
    p.history.iter().filter_map(|r| r.colour).collect()
}

/// (reds − blacks, signed length of the final run of one colour).
fn balance_and_run(hist: &[Colour]) -> (i64, i64) {
    let reds = hist.iter().filter(|c| **c == Colour::Red).count() as i64;
    let d = 2 * reds - hist.len() as i64;
    let run = match hist.last() {
        None => 0,
        Some(&last) => {
            let k = hist.iter().rev().take_while(|c| **c == last).count() as i64;
            if last == Colour::Red {
                k
            } else {
                -k
            }
        }
    };
    (d, run)
}

/// X (先手数) = 100·(reds − blacks) + run (§2.1). `+`→101, `+-`→−1, `-+--`→−202.
pub fn x_value(hist: &[Colour]) -> i64 {
    let (d, run) = balance_and_run(hist);
    100 * d + run
}

/// round(v/100), halves away from zero: d(X) of §2.1.
fn d_of(v: i64) -> i64 {
    if v >= 0 {
        (v + 50) / 100
    } else {
        -((-v + 50) / 100)
    }
}

/// The colour recorded for a pairing bye in rounds ≥ 2: red if X < 0, else black.
pub fn bye_colour(p: &PairingPlayer) -> Colour {
    if x_value(&colour_history(p)) < 0 {
        Colour::Red
    } else {
        Colour::Black
    }
}

/// Can this player be paired this round (§0)?
pub fn is_eligible(p: &PairingPlayer, state: &SwissState, opts: &CxaOptions) -> bool {
    if !p.available || removed_for_forfeits(p, opts.forfeit_limit) {
        return false;
    }
    let done = state.round.saturating_sub(1) as usize;
    let after = |x: u32| -> Points { p.history.iter().take(x as usize).map(|r| r.points).sum() };
    if let Some((x, y)) = opts.qualified_after {
        if done >= x as usize && after(x) >= y {
            return false;
        }
    }
    if let Some((x, y)) = opts.eliminated_after {
        if done >= x as usize && after(x) < y {
            return false;
        }
    }
    true
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// Exact powers of 100 for the objective; exponents are clamped to 0..=16,
/// which keeps 16 players' sums far inside i128.
fn pow100(e: i64) -> i128 {
    100i128.pow(e.clamp(0, 16) as u32)
}

/// splitmix64: the random round-1 method and the coin-flip colour method,
/// reproducible from `CxaOptions::random_seed`.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A player as the method sees him.
#[derive(Clone, Debug)]
struct Pl {
    id: u32,
    s: Points,
    /// Score in scheme units (the least common step of all points values).
    step: i64,
    x: i64,
    d: i64,
    run: i64,
    f: i64,
    club: Option<String>,
    met: HashSet<u32>,
    hist: Vec<Colour>,
}

impl Pl {
    fn b_row(&self) -> bool {
        self.x > 0
    }
}

/// The E1/E2 objective (§2.5): Y asc, J desc, C desc, U asc.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Obj {
    y: i128,
    j: i128,
    c: i128,
    u: i128,
}

impl Obj {
    fn better_than(&self, o: &Obj) -> bool {
        (self.y, -self.j, -self.c, self.u) < (o.y, -o.j, -o.c, o.u)
    }
}

/// Result of one exhaustive matching.
#[derive(Clone, Debug)]
struct Matched {
    obj: Obj,
    pairs: Vec<(usize, usize)>,
    unpaired: Vec<usize>,
}

struct Ctx<'a> {
    pl: Vec<Pl>,
    opts: &'a CxaOptions,
    round: u32,
    total_rounds: u32,
    forbidden: HashSet<(u32, u32)>,
    bye_ok: Vec<bool>,
    /// Has had a pairing-allocated bye already.
    had_bye: Vec<bool>,
    notes: Vec<Msg>,
}

impl Ctx<'_> {
    fn is_forbidden(&self, a: u32, b: u32) -> bool {
        self.forbidden.contains(&(a.min(b), a.max(b)))
    }

    /// ok(a, b) of §2.3; `three` switches 禁连三 (if enabled at all).
    fn ok(&self, a: usize, b: usize, three: bool) -> bool {
        if a == b {
            return false;
        }
        let (pa, pb) = (&self.pl[a], &self.pl[b]);
        if pa.met.contains(&pb.id) || self.is_forbidden(pa.id, pb.id) {
            return false;
        }
        if pa.x * pb.x > 0 && pa.x.abs() > 150 && pb.x.abs() > 150 {
            return false;
        }
        if three && self.opts.no_three_in_row {
            let (red, black) = if pb.x < pa.x { (pb, pa) } else { (pa, pb) };
            if red.run + 1 >= 3 || black.run - 1 <= -3 {
                return false;
            }
        }
        if self.opts.avoid_same_club {
            if let (Some(ca), Some(cb)) = (&pa.club, &pb.club) {
                if ca == cb {
                    return false;
                }
            }
        }
        true
    }

    /// Sort per §2.2.
    fn sort(&self, v: &mut [usize]) {
        let odd = self.round % 2 == 1;
        v.sort_by(|&a, &b| {
            let (pa, pb) = (&self.pl[a], &self.pl[b]);
            pb.s.cmp(&pa.s)
                .then(pb.x.abs().cmp(&pa.x.abs()))
                .then(if self.opts.float_balance {
                    pa.f.cmp(&pb.f)
                } else {
                    std::cmp::Ordering::Equal
                })
                .then(if odd {
                    pa.id.cmp(&pb.id)
                } else {
                    pb.id.cmp(&pa.id)
                })
        });
    }

    fn pair_terms(&self, a: usize, b: usize, g: i64) -> Obj {
        let (pa, pb) = (&self.pl[a], &self.pl[b]);
        let mut u = 0;
        if self.opts.float_balance {
            let fp = |p: &Pl, q: &Pl| -> i64 {
                match p.s.cmp(&q.s) {
                    std::cmp::Ordering::Less => p.f + 1,
                    std::cmp::Ordering::Greater => p.f - 1,
                    std::cmp::Ordering::Equal => p.f,
                }
            };
            u = pow100(fp(pa, pb).abs()) + pow100(fp(pb, pa).abs());
        }
        Obj {
            y: 0,
            j: pow100(pa.step + pb.step - 2 * g),
            c: pow100(8 - d_of(pa.x + pb.x).abs().min(8)),
            u,
        }
    }

    fn unpaired_terms(&self, a: usize, g: i64) -> Obj {
        let p = &self.pl[a];
        Obj {
            y: pow100(p.step - g),
            j: pow100(p.step - g),
            c: pow100(8 - d_of(p.x).abs().min(8)),
            u: if self.opts.float_balance {
                pow100((p.f - 1).abs())
            } else {
                0
            },
        }
    }

    /// E2 (§2.5): any two players of `set` may pair. `last`: the last group's
    /// Y rule for a single unpaired player. `None` when the set is beyond the
    /// cap or the search budget.
    ///
    /// `any_bye` (last group only, a fallback): a single unpaired player
    /// ranks just after a bye-eligible one (one who never had a bye before
    /// one who did) and before any result with two or more unpaired, so the
    /// search finds a complete round if one exists.
    fn e2(&self, set: &[usize], g: i64, last: bool, three: bool, any_bye: bool) -> Option<Matched> {
        if set.len() > self.opts.exhaustive_cap {
            return None;
        }
        let mut order = set.to_vec();
        let okc: HashMap<usize, usize> = set
            .iter()
            .map(|&a| (a, set.iter().filter(|&&b| self.ok(a, b, three)).count()))
            .collect();
        order.sort_by(|&a, &b| {
            let (pa, pb) = (&self.pl[a], &self.pl[b]);
            pb.s.cmp(&pa.s)
                .then(pb.x.abs().cmp(&pa.x.abs()))
                .then(okc[&a].cmp(&okc[&b]))
                .then(pa.id.cmp(&pb.id))
        });
        let m = order.len();
        let partners: Vec<Vec<usize>> = (0..m)
            .map(|i| {
                (0..m)
                    .filter(|&j| j != i && self.ok(order[i], order[j], three))
                    .collect()
            })
            .collect();
        let mut s = Search {
            ctx: self,
            order: &order,
            partners: &partners,
            deciders: m,
            g,
            last,
            any_bye,
            e1: false,
            decided: vec![false; m],
            pairs: Vec::new(),
            unpaired: Vec::new(),
            best: None,
            nodes: 0,
        };
        s.dfs(Obj::default());
        if s.nodes > NODE_BUDGET {
            return None;
        }
        s.best
    }

    /// E1 (§2.5): floaters against residents only; residents listed R row
    /// then B row.
    fn e1(&self, floaters: &[usize], residents: &[usize], g: i64) -> Option<Matched> {
        if floaters.len() + residents.len() > self.opts.exhaustive_cap {
            return None;
        }
        let okc: HashMap<usize, usize> = floaters
            .iter()
            .map(|&a| {
                (
                    a,
                    residents.iter().filter(|&&b| self.ok(a, b, true)).count(),
                )
            })
            .collect();
        let mut fl = floaters.to_vec();
        fl.sort_by(|&a, &b| {
            let (pa, pb) = (&self.pl[a], &self.pl[b]);
            pb.s.cmp(&pa.s)
                .then(pb.x.abs().cmp(&pa.x.abs()))
                .then(okc[&a].cmp(&okc[&b]))
                .then(pa.id.cmp(&pb.id))
        });
        let mut order = fl.clone();
        order.extend(residents.iter().filter(|&&r| !self.pl[r].b_row()));
        order.extend(residents.iter().filter(|&&r| self.pl[r].b_row()));
        let nf = fl.len();
        let m = order.len();
        let partners: Vec<Vec<usize>> = (0..m)
            .map(|i| {
                if i >= nf {
                    return Vec::new();
                }
                (nf..m)
                    .filter(|&j| self.ok(order[i], order[j], true))
                    .collect()
            })
            .collect();
        let mut s = Search {
            ctx: self,
            order: &order,
            partners: &partners,
            deciders: nf,
            g,
            last: false,
            any_bye: false,
            e1: true,
            decided: vec![false; m],
            pairs: Vec::new(),
            unpaired: Vec::new(),
            best: None,
            nodes: 0,
        };
        s.dfs(Obj::default());
        if s.nodes > NODE_BUDGET {
            return None;
        }
        s.best
    }
}

/// Depth-first branch and bound over partial matchings (§2.5 "Search").
struct Search<'a, 'c> {
    ctx: &'a Ctx<'c>,
    order: &'a [usize],
    partners: &'a [Vec<usize>],
    /// Positions `0..deciders` choose; the rest only get chosen (E1).
    deciders: usize,
    g: i64,
    last: bool,
    any_bye: bool,
    e1: bool,
    decided: Vec<bool>,
    pairs: Vec<(usize, usize)>,
    unpaired: Vec<usize>,
    best: Option<Matched>,
    nodes: u64,
}

impl Search<'_, '_> {
    /// The final Y of the current unpaired set (the last group's special rule).
    fn y_now(&self) -> i128 {
        let ctx = self.ctx;
        if self.last && self.unpaired.len() == 1 {
            let a = self.order[self.unpaired[0]];
            return if ctx.bye_ok[a] {
                1
            } else if !self.any_bye {
                50
            } else if ctx.had_bye[a] {
                3
            } else {
                2
            };
        }
        let sum: i128 = self
            .unpaired
            .iter()
            .map(|&i| pow100(ctx.pl[self.order[i]].step - self.g))
            .sum();
        if self.last && self.any_bye && self.unpaired.len() > 1 {
            pow100(16) + sum
        } else {
            sum
        }
    }

    /// A lower bound of the final Y from here.
    fn y_bound(&self) -> i128 {
        if self.last && self.unpaired.len() == 1 {
            let a = self.order[self.unpaired[0]];
            let single = if self.ctx.bye_ok[a] {
                1
            } else if !self.any_bye {
                50
            } else if self.ctx.had_bye[a] {
                3
            } else {
                2
            };
            return single.min(pow100(self.ctx.pl[a].step - self.g) + 1);
        }
        self.y_now()
    }

    fn dfs(&mut self, acc: Obj) {
        self.nodes += 1;
        if self.nodes > NODE_BUDGET {
            return;
        }
        if let Some(b) = &self.best {
            if self.y_bound() > b.obj.y {
                return;
            }
        }
        let Some(i) = (0..self.deciders).find(|&i| !self.decided[i]) else {
            let obj = Obj {
                y: self.y_now(),
                ..acc
            };
            if self.best.as_ref().is_none_or(|b| obj.better_than(&b.obj)) {
                self.best = Some(Matched {
                    obj,
                    pairs: self
                        .pairs
                        .iter()
                        .map(|&(a, b)| (self.order[a], self.order[b]))
                        .collect(),
                    unpaired: self.unpaired.iter().map(|&a| self.order[a]).collect(),
                });
            }
            return;
        };
        self.decided[i] = true;
        for k in 0..self.partners[i].len() {
            let j = self.partners[i][k];
            if self.decided[j] {
                continue;
            }
            self.decided[j] = true;
            self.pairs.push((i, j));
            let t = self.ctx.pair_terms(self.order[i], self.order[j], self.g);
            self.dfs(Obj {
                y: 0,
                j: acc.j + t.j,
                c: acc.c + t.c,
                u: acc.u + t.u,
            });
            self.pairs.pop();
            self.decided[j] = false;
        }
        self.unpaired.push(i);
        let next = if self.e1 {
            acc
        } else {
            let t = self.ctx.unpaired_terms(self.order[i], self.g);
            Obj {
                y: 0,
                j: acc.j + t.j,
                c: acc.c + t.c,
                u: acc.u + t.u,
            }
        };
        self.dfs(next);
        self.unpaired.pop();
        self.decided[i] = false;
    }
}

/// A player's values as the method computes them (§2.1), in the §2.2 order:
/// what an arbiter checks on the pairing screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CxaValues {
    pub id: u32,
    /// S: points before the round.
    pub points: Points,
    /// X (先手数).
    pub x: i64,
    /// F: games against higher scorers minus games against lower ones.
    pub f: i64,
    /// True in the B row (wants black, X > 0).
    pub wants_black: bool,
}

/// The eligible players' values for the round being paired, in pairing order.
pub fn values(state: &SwissState, opts: &CxaOptions) -> Result<Vec<CxaValues>, PairingError> {
    let ctx = build(state, opts)?;
    let mut order: Vec<usize> = (0..ctx.pl.len()).collect();
    ctx.sort(&mut order);
    Ok(order
        .into_iter()
        .map(|i| {
            let p = &ctx.pl[i];
            CxaValues {
                id: p.id,
                points: p.s,
                x: p.x,
                f: p.f,
                wants_black: p.b_row(),
            }
        })
        .collect())
}

/// Pairs the next round by the Chinese method.
pub fn pair(state: &SwissState, opts: &CxaOptions) -> Result<RoundPairing, PairingError> {
    pair_with_bye_colour(state, opts).map(|(p, _)| p)
}

/// [`pair`], also returning the colour to record for the bye player (the
/// slot's colour in round 1, red if X < 0 else black later).
pub fn pair_with_bye_colour(
    state: &SwissState,
    opts: &CxaOptions,
) -> Result<(RoundPairing, Option<Colour>), PairingError> {
    let mut ctx = build(state, opts)?;
    let n = ctx.pl.len();
    let r = state.round;
    if n > 0 && (r as i64 > n as i64 - 3 || r as usize > n / 2 + 5) {
        ctx.notes
            .push(msg!("note.cxa.late_round", round = r, players = n));
    }
    if n == 0 {
        return Ok((
            RoundPairing {
                notes: ctx.notes,
                ..Default::default()
            },
            None,
        ));
    }
    let (pairs, bye, bye_col) = if r <= 1 {
        round_one(&mut ctx)?
    } else {
        let (pairs, bye) = later_round(&mut ctx)?;
        let col = bye.map(|b| {
            if ctx.pl[b].x < 0 {
                Colour::Red
            } else {
                Colour::Black
            }
        });
        (pairs, bye, col)
    };
    let boards = pairs
        .iter()
        .map(|&(a, b)| PairedBoard {
            red: ctx.pl[a].id,
            black: ctx.pl[b].id,
        })
        .collect();
    Ok((
        RoundPairing {
            boards,
            bye: bye.map(|b| ctx.pl[b].id),
            notes: ctx.notes,
        },
        bye_col,
    ))
}

fn build<'a>(state: &SwissState, opts: &'a CxaOptions) -> Result<Ctx<'a>, PairingError> {
    let mut seen = HashSet::new();
    for p in &state.players {
        if !seen.insert(p.id) {
            return Err(PairingError::InvalidState(msg!(
                "err.pairing.duplicate_start_number",
                id = p.id
            )));
        }
    }
    // Scores before each round, for F.
    let before: HashMap<u32, Vec<Points>> = state
        .players
        .iter()
        .map(|p| {
            let mut acc = Points::ZERO;
            let mut v = vec![acc];
            for r in &p.history {
                acc += r.points;
                v.push(acc);
            }
            (p.id, v)
        })
        .collect();
    let mut unit = gcd(state.win_points.0, state.draw_points.0);
    for p in &state.players {
        for r in &p.history {
            unit = gcd(unit, r.points.0);
        }
    }
    if unit == 0 {
        unit = 100;
    }
    let mut pl = Vec::new();
    for p in &state.players {
        if !is_eligible(p, state, opts) {
            continue;
        }
        let hist = colour_history(p);
        let (d, run) = balance_and_run(&hist);
        let mut f = 0;
        for (ri, rec) in p.history.iter().enumerate() {
            let mine = before[&p.id][ri];
            match (rec.kind, rec.opponent) {
                (RoundKind::PairingBye, _) => f -= 1,
                (_, Some(o)) => {
                    let theirs = before.get(&o).ok_or_else(|| {
                        PairingError::InvalidState(msg!(
                            "err.pairing.unknown_opponent",
                            id = p.id,
                            opponent = o,
                            round = ri + 1
                        ))
                    })?;
                    let t = theirs.get(ri).copied().unwrap_or(Points::ZERO);
                    match t.cmp(&mine) {
                        std::cmp::Ordering::Greater => f += 1,
                        std::cmp::Ordering::Less => f -= 1,
                        std::cmp::Ordering::Equal => {}
                    }
                }
                _ => {}
            }
        }
        let s = p.points();
        pl.push(Pl {
            id: p.id,
            s,
            step: s.0 / unit,
            x: 100 * d + run,
            d,
            run,
            f,
            club: p.club.clone().filter(|c| !c.trim().is_empty()),
            met: p.opponents().collect(),
            hist,
        });
    }
    pl.sort_by_key(|p| p.id);
    // Bye eligibility (§4).
    let byes: Vec<usize> = pl
        .iter()
        .map(|p| {
            state
                .player(p.id)
                .map(|q| {
                    q.history
                        .iter()
                        .filter(|r| r.kind == RoundKind::PairingBye)
                        .count()
                })
                .unwrap_or(0)
        })
        .collect();
    let lowest_of = |ix: &[usize]| ix.iter().map(|&i| pl[i].s).min();
    let all: Vec<usize> = (0..pl.len()).collect();
    let never: Vec<usize> = all.iter().copied().filter(|&i| byes[i] == 0).collect();
    let mut bye_ok = vec![false; pl.len()];
    if opts.bye_mode == 0 && !never.is_empty() {
        let low = lowest_of(&never);
        for &i in &never {
            bye_ok[i] = Some(pl[i].s) == low;
        }
    } else {
        let low = lowest_of(&all);
        let group: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&i| Some(pl[i].s) == low)
            .collect();
        let fewest = group.iter().map(|&i| byes[i]).min();
        for &i in &group {
            bye_ok[i] = Some(byes[i]) == fewest;
        }
    }
    let forbidden = state
        .forbidden
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    Ok(Ctx {
        pl,
        opts,
        round: state.round,
        total_rounds: state.total_rounds,
        forbidden,
        bye_ok,
        had_bye: byes.iter().map(|&b| b > 0).collect(),
        notes: Vec::new(),
    })
}

type Pairs = Vec<(usize, usize)>;

/// Round 1 (§1). Returns (red, black) pairs in board order, the bye and its colour.
fn round_one(ctx: &mut Ctx) -> Result<(Pairs, Option<usize>, Option<Colour>), PairingError> {
    let opts = ctx.opts;
    let n = ctx.pl.len();
    let mut rng = Rng(opts.random_seed);
    let halves: Vec<u8> = ctx
        .pl
        .iter()
        .map(|p| {
            if opts.upper_half.contains(&p.id) {
                0
            } else if opts.lower_half.contains(&p.id) {
                2
            } else {
                1
            }
        })
        .collect();
    let half = |i: Option<usize>| -> u8 { i.map_or(1, |i| halves[i]) };
    // The list, players in seed order; None is the BYE (seed n+1).
    let mut list: Vec<Option<usize>> = (0..n).map(Some).collect();
    if opts.round1_method == 5 {
        list.sort_by_key(|&i| half(i));
    }
    let odd = n % 2 == 1;
    // Rec B3: with 首尾 the round-1 bye goes to the last seed, not to seed 1.
    let mut tail_bye = None;
    if odd {
        if opts.round1_method == 2 {
            tail_bye = list.pop();
        } else {
            list.push(None);
        }
    }
    if opts.round1_method == 4 {
        for i in (1..list.len()).rev() {
            let j = rng.below(i + 1);
            list.swap(i, j);
        }
    }
    let m = list.len() / 2;
    let mut boards: Vec<(Option<usize>, Option<usize>)> = match opts.round1_method {
        1 => (0..m).map(|i| (list[2 * i], list[2 * i + 1])).collect(),
        2 => (0..m).map(|i| (list[i], list[2 * m - 1 - i])).collect(),
        _ => (0..m).map(|i| (list[i], list[m + i])).collect(),
    };
    if let Some(t) = tail_bye {
        boards.push((t, None));
    }
    avoid_round_one_clashes(ctx, &mut boards);
    let forbidden_left = boards.iter().any(|&(a, b)| match (a, b) {
        (Some(a), Some(b)) => ctx.is_forbidden(ctx.pl[a].id, ctx.pl[b].id),
        _ => false,
    });
    if forbidden_left {
        // The forbidden pairs are absolute: pair round 1 as one score group.
        ctx.notes.push(msg!("note.cxa.round1_forbidden"));
        let (pairs, bye) = later_round(ctx)?;
        let col = bye.map(|b| {
            if ctx.pl[b].x < 0 {
                Colour::Red
            } else {
                Colour::Black
            }
        });
        return Ok((pairs, bye, col));
    }
    let max_id = ctx.pl.iter().map(|p| p.id).max().unwrap_or(0);
    let seed = |i: Option<usize>| -> u32 { i.map_or(max_id + 1, |i| ctx.pl[i].id) };
    let mut out = Vec::new();
    let mut bye = None;
    for (bi, &(a, b)) in boards.iter().enumerate() {
        let board_no = bi + 1;
        let (sa, sb) = (seed(a), seed(b));
        let lower_first = sa < sb;
        let swap = match opts.round1_colour {
            1 | 5 => {
                let s = half(a) > half(b);
                if opts.round1_colour == 5 {
                    !s
                } else {
                    s
                }
            }
            2 | 6 => {
                let want_lower = board_no % 2 == 1;
                let s = lower_first != want_lower;
                if opts.round1_colour == 6 {
                    !s
                } else {
                    s
                }
            }
            3 => sa % 2 == 0 && sb % 2 == 1,
            7 => sa % 2 == 1 && sb % 2 == 0,
            4 => rng.below(2) == 1,
            8 => !lower_first,
            9 => lower_first,
            _ => false,
        };
        let (red, black) = if swap { (b, a) } else { (a, b) };
        match (red, black) {
            (Some(r), Some(k)) => out.push((r, k)),
            (Some(r), None) => bye = Some((r, Colour::Red)),
            (None, Some(k)) => bye = Some((k, Colour::Black)),
            (None, None) => {}
        }
    }
    Ok((out, bye.map(|b| b.0), bye.map(|b| b.1)))
}

/// Rec B2 (and forbidden pairs, which are absolute): on a clashing board,
/// swap its second (lower-half) player with the next board's second player
/// (the previous board's for the last board); if that creates a clash, try
/// the other boards nearest first.
fn avoid_round_one_clashes(ctx: &mut Ctx, boards: &mut [(Option<usize>, Option<usize>)]) {
    let clash = |ctx: &Ctx, a: Option<usize>, b: Option<usize>| -> bool {
        match (a, b) {
            (Some(a), Some(b)) => !ctx.ok(a, b, false),
            _ => false,
        }
    };
    let nb = boards.len();
    for i in 0..nb {
        if !clash(ctx, boards[i].0, boards[i].1) || boards[i].1.is_none() {
            continue;
        }
        let mut cands: Vec<usize> = Vec::new();
        if i + 1 < nb {
            cands.push(i + 1);
        } else if i > 0 {
            cands.push(i - 1);
        }
        for dist in 1..nb {
            for j in [i + dist, i.wrapping_sub(dist)] {
                if j < nb && !cands.contains(&j) {
                    cands.push(j);
                }
            }
        }
        let mut fixed = false;
        for j in cands {
            if boards[j].1.is_none() || boards[j].0.is_none() {
                continue;
            }
            let (a1, b1) = boards[i];
            let (a2, b2) = boards[j];
            if !clash(ctx, a1, b2) && !clash(ctx, a2, b1) {
                boards[i].1 = b2;
                boards[j].1 = b1;
                fixed = true;
                break;
            }
        }
        if !fixed {
            // Second try: exchange with the other board's first player.
            for j in 0..nb {
                if j == i || boards[j].0.is_none() || boards[j].1.is_none() {
                    continue;
                }
                let (a1, b1) = boards[i];
                let (a2, b2) = boards[j];
                if !clash(ctx, a1, a2) && !clash(ctx, b1, b2) {
                    boards[i].1 = a2;
                    boards[j].0 = b1;
                    fixed = true;
                    break;
                }
            }
        }
        if !fixed {
            let (a, b) = (boards[i].0.unwrap_or(0), boards[i].1.unwrap_or(0));
            let (ia, ib) = (ctx.pl[a].id, ctx.pl[b].id);
            ctx.notes
                .push(msg!("note.cxa.round1_same_club", a = ia, b = ib));
        }
    }
}

/// Rounds ≥ 2 (§2): the group loop, then colours and board order.
fn later_round(ctx: &mut Ctx) -> Result<(Pairs, Option<usize>), PairingError> {
    let n = ctx.pl.len();
    let mut order: Vec<usize> = (0..n).collect();
    ctx.sort(&mut order);
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &order {
        match groups.last_mut() {
            Some(g) if ctx.pl[g[0]].s == ctx.pl[i].s => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut pairs: Pairs = Vec::new();
    let mut paired = vec![false; n];
    let mut floaters: Vec<usize> = Vec::new();
    let ng = groups.len();
    for (gi, group) in groups.iter().enumerate() {
        let last = gi + 1 == ng;
        let g = ctx.pl[group[0]].step;
        let group_start = pairs.len();
        // A. Floaters.
        if !floaters.is_empty() {
            floaters_step(
                ctx,
                &floaters,
                group,
                g,
                &mut pairs,
                &mut paired,
                group_start,
            );
        }
        // B. Greedy.
        greedy(ctx, &floaters, group, &mut pairs, &mut paired);
        // C. Repair.
        let unpaired: Vec<usize> = floaters
            .iter()
            .chain(group.iter())
            .copied()
            .filter(|&i| !paired[i])
            .collect();
        if unpaired.len() >= 2 || last {
            repair(
                ctx,
                &unpaired,
                g,
                last,
                group_start,
                &mut pairs,
                &mut paired,
            )?;
        }
        // D. Float down.
        let mut next: Vec<usize> = floaters
            .iter()
            .chain(group.iter())
            .copied()
            .filter(|&i| !paired[i])
            .collect();
        ctx.sort(&mut next);
        floaters = next;
    }
    // The last group's repair may dissolve pairs of upper groups, so look at
    // everybody, not only the last floaters.
    let mut floaters: Vec<usize> = (0..n).filter(|&i| !paired[i]).collect();
    ctx.sort(&mut floaters);
    if floaters.len() > 1 {
        let ids: Vec<String> = floaters.iter().map(|&i| ctx.pl[i].id.to_string()).collect();
        return Err(PairingError::NoLegalPairing {
            round: ctx.round,
            why: msg!("err.pairing.cxa_by_hand", ids = ids.join(", ")),
        });
    }
    let bye = floaters.first().copied();
    if let Some(b) = bye {
        if !ctx.bye_ok[b] {
            ctx.notes
                .push(msg!("note.cxa.bye_not_eligible", id = ctx.pl[b].id));
        }
    }
    // Colours and board order (§3).
    let mut boards: Vec<(usize, (usize, usize))> = pairs
        .iter()
        .enumerate()
        .map(|(k, &(a, b))| (k, colours(ctx, a, b)))
        .collect();
    boards.sort_by(|(ka, (a1, a2)), (kb, (b1, b2))| {
        let hi = |x: usize, y: usize| ctx.pl[x].s.max(ctx.pl[y].s);
        let lo = |x: usize, y: usize| ctx.pl[x].s.min(ctx.pl[y].s);
        hi(*b1, *b2)
            .cmp(&hi(*a1, *a2))
            .then(lo(*b1, *b2).cmp(&lo(*a1, *a2)))
            .then(ka.cmp(kb))
    });
    Ok((boards.into_iter().map(|(_, p)| p).collect(), bye))
}

/// Step A of §2.4: floaters first take residents of the opposite row, then
/// of their own row, then E1 if a floater is still unpaired.
fn floaters_step(
    ctx: &Ctx,
    floaters: &[usize],
    group: &[usize],
    g: i64,
    pairs: &mut Pairs,
    paired: &mut [bool],
    group_start: usize,
) {
    let brow: Vec<usize> = floaters
        .iter()
        .copied()
        .filter(|&f| ctx.pl[f].b_row())
        .collect();
    let rrow: Vec<usize> = floaters
        .iter()
        .copied()
        .filter(|&f| !ctx.pl[f].b_row())
        .collect();
    // a. Cross.
    for &f in brow.iter().chain(rrow.iter()) {
        if paired[f] {
            continue;
        }
        let fb = ctx.pl[f].b_row();
        if let Some(&r) = group
            .iter()
            .find(|&&r| !paired[r] && ctx.pl[r].b_row() != fb && ctx.ok(f, r, true))
        {
            pairs.push((f, r));
            paired[f] = true;
            paired[r] = true;
        }
    }
    // b. Same row.
    let share = floaters.iter().any(|&f| {
        !paired[f]
            && group
                .iter()
                .any(|&r| !paired[r] && ctx.pl[r].b_row() == ctx.pl[f].b_row())
    });
    if share {
        for &f in brow.iter().chain(rrow.iter()) {
            if paired[f] {
                continue;
            }
            let fb = ctx.pl[f].b_row();
            if let Some(&r) = group
                .iter()
                .find(|&&r| !paired[r] && ctx.pl[r].b_row() == fb && ctx.ok(f, r, true))
            {
                pairs.push((f, r));
                paired[f] = true;
                paired[r] = true;
            }
        }
    }
    // c. E1.
    if floaters.iter().any(|&f| !paired[f]) {
        let weight: i128 = floaters
            .iter()
            .filter(|&&f| !paired[f])
            .map(|&f| pow100(ctx.pl[f].step - g))
            .sum();
        if let Some(m) = ctx.e1(floaters, group, g) {
            if !m.pairs.is_empty() && m.obj.y < weight {
                for (a, b) in pairs.drain(group_start..) {
                    paired[a] = false;
                    paired[b] = false;
                }
                for &(a, b) in &m.pairs {
                    pairs.push((a, b));
                    paired[a] = true;
                    paired[b] = true;
                }
            }
        }
    }
}

/// Step B of §2.4.
fn greedy(ctx: &Ctx, floaters: &[usize], group: &[usize], pairs: &mut Pairs, paired: &mut [bool]) {
    let all: Vec<usize> = floaters
        .iter()
        .chain(group.iter())
        .copied()
        .filter(|&i| !paired[i])
        .collect();
    let rrow: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| !ctx.pl[i].b_row())
        .collect();
    let brow: Vec<usize> = all.iter().copied().filter(|&i| ctx.pl[i].b_row()).collect();
    if !rrow.is_empty() && !brow.is_empty() {
        let r_scans = match rrow.len().cmp(&brow.len()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let (hr, hb) = (ctx.pl[rrow[0]].id, ctx.pl[brow[0]].id);
                if ctx.round % 2 == 1 {
                    hr < hb
                } else {
                    hr > hb
                }
            }
        };
        let (scan, other) = if r_scans {
            (&rrow, &brow)
        } else {
            (&brow, &rrow)
        };
        for &s in scan {
            if paired[s] {
                continue;
            }
            if let Some(&t) = other.iter().find(|&&t| !paired[t] && ctx.ok(s, t, true)) {
                pairs.push((s, t));
                paired[s] = true;
                paired[t] = true;
            }
        }
    }
    if all.iter().filter(|&&i| !paired[i]).count() > 5 {
        for row in [&brow, &rrow] {
            for (k, &a) in row.iter().enumerate() {
                if paired[a] {
                    continue;
                }
                if let Some(&b) = row[k + 1..]
                    .iter()
                    .find(|&&b| !paired[b] && ctx.ok(a, b, true))
                {
                    pairs.push((a, b));
                    paired[a] = true;
                    paired[b] = true;
                }
            }
        }
    }
}

/// Step C of §2.4 (with Rec B6/B7/B8).
fn repair(
    ctx: &mut Ctx,
    unpaired: &[usize],
    g: i64,
    last: bool,
    group_start: usize,
    pairs: &mut Pairs,
    paired: &mut [bool],
) -> Result<(), PairingError> {
    let first = if last { 0 } else { group_start };
    let count = pairs.len() - first;
    let apply = |m: &Matched, k: usize, pairs: &mut Pairs, paired: &mut [bool]| {
        for (a, b) in pairs.drain(pairs.len() - k..) {
            paired[a] = false;
            paired[b] = false;
        }
        for &(a, b) in &m.pairs {
            pairs.push((a, b));
            paired[a] = true;
            paired[b] = true;
        }
    };
    let set_for = |k: usize, pairs: &Pairs| -> Vec<usize> {
        let mut set: Vec<usize> = pairs[pairs.len() - k..]
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .collect();
        set.extend_from_slice(unpaired);
        set
    };
    let ks: Vec<usize> = if count == 0 {
        vec![0]
    } else {
        (1..=count).collect()
    };
    if !last {
        // Accept the first k that leaves fewer than two players of score g
        // unpaired. Failing that, take the best candidate by the E2 order,
        // then fewer dissolved pairs (Rec B6), if it improves on the greedy
        // result. Leftovers float down.
        let at_g = |ctx: &Ctx, v: &[usize]| v.iter().filter(|&&i| ctx.pl[i].step == g).count();
        let mut best: Option<(Matched, usize)> = None;
        for &k in &ks {
            let set = set_for(k, pairs);
            let Some(m) = ctx.e2(&set, g, false, true, false) else {
                let score = set
                    .iter()
                    .find(|&&i| ctx.pl[i].step == g)
                    .map_or(Points::ZERO, |&i| ctx.pl[i].s);
                ctx.notes.push(msg!(
                    "note.cxa.repair_capped",
                    score,
                    cap = ctx.opts.exhaustive_cap
                ));
                break;
            };
            if count == 0 || at_g(ctx, &m.unpaired) < 2 {
                apply(&m, k, pairs, paired);
                return Ok(());
            }
            if best.as_ref().is_none_or(|(b, _)| m.obj.better_than(&b.obj)) {
                best = Some((m, k));
            }
        }
        // 禁连三 is never relaxed here: the leftovers float down, and the
        // last group's repair, which can dissolve every pair of the round,
        // relaxes it only when no pairing without a third same colour in a
        // row exists (issue 15: a relaxation here made avoidable threes).
        if let Some((m, k)) = best {
            if at_g(ctx, &m.unpaired) < at_g(ctx, unpaired) {
                apply(&m, k, pairs, paired);
            }
        }
        return Ok(());
    }
    // The last group: accept the first k where nobody is unpaired, or one
    // bye-eligible player is. Failing that (in this order): relax 禁连三;
    // then allow the bye to a player who is not bye-eligible; then both.
    // The absolute rules (no rematch, forbidden pairs, 禁多三) and the club
    // rule are never relaxed; if nothing works the arbiter pairs by hand
    // (Rec B7).
    let three_on = ctx.opts.no_three_in_row;
    let mut tries = vec![(true, false)];
    if three_on {
        tries.push((false, false));
    }
    tries.push((true, true));
    if three_on {
        tries.push((false, true));
    }
    let mut capped = false;
    for (three, any_bye) in tries {
        // Beyond the cap the exhaustive search has not seen every pairing:
        // a bye outside the eligible could be avoidable in the unexplored
        // part, so those tries go to the matching fallback alone.
        if !(any_bye && capped) {
            // With every bye allowed, smaller k may not reach the player who
            // should have the bye: rank all k by the E2 order, then fewer
            // dissolved pairs (Rec B6).
            let mut best: Option<(Matched, usize)> = None;
            for &k in &ks {
                let set = set_for(k, pairs);
                let Some(m) = ctx.e2(&set, g, true, three, any_bye) else {
                    capped = true;
                    break;
                };
                let fine = m.unpaired.is_empty()
                    || (m.unpaired.len() == 1 && (any_bye || ctx.bye_ok[m.unpaired[0]]));
                if !fine {
                    continue;
                }
                if !any_bye {
                    best = Some((m, k));
                    break;
                }
                if best.as_ref().is_none_or(|(b, _)| m.obj.better_than(&b.obj)) {
                    best = Some((m, k));
                }
            }
            if let Some((m, k)) = best {
                if !three {
                    let note = relaxed_note(ctx, &m);
                    ctx.notes.push(note);
                }
                apply(&m, k, pairs, paired);
                return Ok(());
            }
        }
        if capped {
            // Rec B8's better option: a polynomial fallback that still keeps
            // the absolute rules (maximum-cardinality matching), with the
            // same rules as this try, before any later try relaxes more.
            let tiers = if any_bye { 0..3 } else { 0..1 };
            if let Some((m, k)) = matching_fallback(ctx, unpaired, &ks, pairs, three, tiers) {
                let cap = ctx.opts.exhaustive_cap;
                ctx.notes.push(if three {
                    msg!("note.cxa.fallback_matching", cap)
                } else {
                    msg!("note.cxa.fallback_matching_relaxed", cap)
                });
                apply(&m, k, pairs, paired);
                return Ok(());
            }
        }
    }
    Err(PairingError::NoLegalPairing {
        round: ctx.round,
        why: if capped {
            msg!("err.pairing.cxa_search_cap", cap = ctx.opts.exhaustive_cap)
        } else {
            let mut ids: Vec<u32> = unpaired.iter().map(|&i| ctx.pl[i].id).collect();
            ids.sort_unstable();
            let ids = ids
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            msg!("err.pairing.cxa_bottom", ids)
        },
    })
}

/// The fallback beyond the search cap: dissolve k = 1, 2, 4, … of the last
/// pairs and look for a complete pairing of those players and the unpaired
/// ones by maximum-cardinality matching, starting from a greedy matching in
/// score order so that the pairs stay close to the score groups. For an odd
/// set the bye goes to the first possible player in the order bye-eligible,
/// never had a bye, others (lowest score first), within `tiers` of that
/// order; `three` keeps 禁连三.
fn matching_fallback(
    ctx: &Ctx,
    unpaired: &[usize],
    ks: &[usize],
    pairs: &Pairs,
    three: bool,
    tiers: std::ops::Range<u8>,
) -> Option<(Matched, usize)> {
    let max_k = ks.last().copied().unwrap_or(0);
    let mut tries: Vec<usize> = Vec::new();
    let mut k = if max_k == 0 { 0 } else { 1 };
    loop {
        tries.push(k.min(max_k));
        if k >= max_k {
            break;
        }
        k *= 2;
    }
    let rank = |i: usize| -> u8 {
        if ctx.bye_ok[i] {
            0
        } else if !ctx.had_bye[i] {
            1
        } else {
            2
        }
    };
    // The bye's tier first (a bye-eligible player over one who never
    // had a bye over the others), then fewer dissolved pairs.
    for tier in tiers {
        for &k in &tries {
            let mut set: Vec<usize> = pairs[pairs.len() - k..]
                .iter()
                .flat_map(|&(a, b)| [a, b])
                .collect();
            set.extend_from_slice(unpaired);
            ctx.sort(&mut set);
            let byes: Vec<Option<usize>> = if set.len().is_multiple_of(2) {
                if tier > 0 {
                    continue;
                }
                vec![None]
            } else {
                let mut c: Vec<usize> = set.iter().copied().filter(|&i| rank(i) == tier).collect();
                c.sort_by_key(|&i| ctx.pl[i].s);
                c.into_iter().map(Some).collect()
            };
            for bye in byes {
                let v: Vec<usize> = set.iter().copied().filter(|&i| Some(i) != bye).collect();
                if let Some(found) = perfect_matching(ctx, &v, three) {
                    return Some((
                        Matched {
                            obj: Obj::default(),
                            pairs: found,
                            unpaired: bye.into_iter().collect(),
                        },
                        k,
                    ));
                }
            }
        }
    }
    None
}

/// A perfect matching of `v` (in the given order) on the ok() graph, or
/// None. Edmonds' blossom algorithm, O(V³), seeded with a greedy matching.
fn perfect_matching(ctx: &Ctx, v: &[usize], three: bool) -> Option<Vec<(usize, usize)>> {
    const NONE: usize = usize::MAX;
    let n = v.len();
    if n % 2 == 1 {
        return None;
    }
    let adj: Vec<Vec<usize>> = (0..n)
        .map(|i| (0..n).filter(|&j| ctx.ok(v[i], v[j], three)).collect())
        .collect();
    let mut mt = vec![NONE; n];
    for i in 0..n {
        if mt[i] == NONE {
            if let Some(&j) = adj[i].iter().find(|&&j| mt[j] == NONE && j > i) {
                mt[i] = j;
                mt[j] = i;
            }
        }
    }
    let mut p = vec![NONE; n];
    let mut base: Vec<usize> = (0..n).collect();
    let mut used = vec![false; n];
    let mut blossom = vec![false; n];
    fn lca(mut a: usize, mut b: usize, base: &[usize], mt: &[usize], p: &[usize]) -> usize {
        let mut seen = vec![false; base.len()];
        loop {
            a = base[a];
            seen[a] = true;
            if mt[a] == usize::MAX {
                break;
            }
            a = p[mt[a]];
        }
        loop {
            b = base[b];
            if seen[b] {
                return b;
            }
            b = p[mt[b]];
        }
    }
    fn mark_path(
        mut v: usize,
        b: usize,
        mut child: usize,
        base: &[usize],
        mt: &[usize],
        p: &mut [usize],
        blossom: &mut [bool],
    ) {
        while base[v] != b {
            blossom[base[v]] = true;
            blossom[base[mt[v]]] = true;
            p[v] = child;
            child = mt[v];
            v = p[mt[v]];
        }
    }
    for root in 0..n {
        if mt[root] != NONE {
            continue;
        }
        used.iter_mut().for_each(|u| *u = false);
        p.iter_mut().for_each(|x| *x = NONE);
        for (i, b) in base.iter_mut().enumerate() {
            *b = i;
        }
        used[root] = true;
        let mut queue = std::collections::VecDeque::from([root]);
        let mut end = NONE;
        'bfs: while let Some(x) = queue.pop_front() {
            for &to in &adj[x] {
                if base[x] == base[to] || mt[x] == to {
                    continue;
                }
                if to == root || (mt[to] != NONE && p[mt[to]] != NONE) {
                    let cur = lca(x, to, &base, &mt, &p);
                    blossom.iter_mut().for_each(|b| *b = false);
                    mark_path(x, cur, to, &base, &mt, &mut p, &mut blossom);
                    mark_path(to, cur, x, &base, &mt, &mut p, &mut blossom);
                    for i in 0..n {
                        if blossom[base[i]] {
                            base[i] = cur;
                            if !used[i] {
                                used[i] = true;
                                queue.push_back(i);
                            }
                        }
                    }
                } else if p[to] == NONE {
                    p[to] = x;
                    if mt[to] == NONE {
                        end = to;
                        break 'bfs;
                    }
                    used[mt[to]] = true;
                    queue.push_back(mt[to]);
                }
            }
        }
        let mut x = end;
        while x != NONE {
            let px = p[x];
            let next = mt[px];
            mt[x] = px;
            mt[px] = x;
            x = next;
        }
        if mt[root] == NONE {
            return None; // a vertex that cannot be matched: no perfect matching
        }
    }
    Some(
        (0..n)
            .filter(|&i| mt[i] > i)
            .map(|i| (v[i], v[mt[i]]))
            .collect(),
    )
}

fn relaxed_note(ctx: &Ctx, m: &Matched) -> Msg {
    let three: Vec<String> = m
        .pairs
        .iter()
        .filter(|&&(a, b)| !ctx.ok(a, b, true))
        .map(|&(a, b)| format!("{}–{}", ctx.pl[a].id, ctx.pl[b].id))
        .collect();
    if three.is_empty() {
        msg!("note.cxa.best_candidate")
    } else {
        msg!("note.cxa.three_relaxed", pairs = three.join(", "))
    }
}

/// §3: who has red.
fn colours(ctx: &Ctx, a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&ctx.pl[a], &ctx.pl[b]);
    let t = ctx.opts.last_rounds_threshold;
    if t > Points::ZERO
        && ctx.round + ctx.opts.last_rounds_from_end >= ctx.total_rounds
        && (pa.s - pb.s).abs() >= t
    {
        let (h, l) = if pa.s > pb.s { (a, b) } else { (b, a) };
        let (red, black) = if ctx.pl[h].x > 0 { (l, h) } else { (h, l) };
        let (pr, pk) = (&ctx.pl[red], &ctx.pl[black]);
        let three = ctx.opts.no_three_in_row;
        let legal = (!three || pr.run + 1 < 3)
            && pr.d + 1 < 3
            && (!three || pk.run - 1 > -3)
            && pk.d - 1 > -3;
        if legal {
            return (red, black);
        }
    }
    normal_colours(ctx, a, b)
}

fn normal_colours(ctx: &Ctx, a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&ctx.pl[a], &ctx.pl[b]);
    if pa.x != pb.x {
        return if pa.x < pb.x { (a, b) } else { (b, a) };
    }
    for (ca, cb) in pa.hist.iter().rev().zip(pb.hist.iter().rev()) {
        if ca != cb {
            return if *ca == Colour::Black { (a, b) } else { (b, a) };
        }
    }
    let (lo, hi) = if pa.id < pb.id { (a, b) } else { (b, a) };
    let lower_red = if ctx.opts.identical_colour_option == 1 {
        (pa.id + pb.id) % 2 == 1
    } else {
        ctx.round % 2 == 1
    };
    if lower_red {
        (lo, hi)
    } else {
        (hi, lo)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn d_rounds_half_away_from_zero() {
        assert_eq!(d_of(101), 1);
        assert_eq!(d_of(-1), 0);
        assert_eq!(d_of(150), 2);
        assert_eq!(d_of(-150), -2);
        assert_eq!(d_of(149), 1);
        assert_eq!(d_of(-202), -2);
    }

    #[test]
    fn objective_order_is_y_then_j_c_u() {
        let base = Obj {
            y: 1,
            j: 5,
            c: 5,
            u: 5,
        };
        let better_y = Obj { y: 0, ..base };
        let better_j = Obj { j: 6, ..base };
        let better_c = Obj { c: 6, ..base };
        let better_u = Obj { u: 4, ..base };
        for b in [better_y, better_j, better_c, better_u] {
            assert!(b.better_than(&base) && !base.better_than(&b));
        }
        assert!(!base.better_than(&base), "a full tie keeps the first found");
        // Y dominates everything else.
        let worse_rest = Obj {
            y: 0,
            j: 0,
            c: 0,
            u: 99,
        };
        assert!(worse_rest.better_than(&base));
    }

    #[test]
    fn pow100_is_exact_and_clamped() {
        assert_eq!(pow100(0), 1);
        assert_eq!(pow100(2), 10_000);
        assert_eq!(pow100(-3), 1);
        assert_eq!(pow100(40), pow100(16));
    }
}
