//! The Chinese Swiss method (积分编排), as specified in
//! `../shared/specs/cxa-swiss.md`, with every **Rec** of that text applied.
//!
//! Outline: eligibility (§0), round 1 by a fixed scheme (§1), later rounds by
//! score groups split into a red-wanting and a black-wanting row, paired top
//! to bottom with floaters (§2), colours decided after pairing (§3), the bye
//! to the single player left at the bottom (§4).
//!
//! Files by the spec's sections: this one holds the player values (§0,
//! §2.1), the order and ok() (§2.2, §2.3) and the entry points;
//! `round_one.rs` §1, `groups.rs` the group loop of §2.4, `search.rs` the
//! exhaustive matching of §2.5, `fallback.rs` Rec B8's matching beyond the
//! search cap, `colours.rs` §3.

use super::{
    CxaOptions, PairedBoard, PairingError, PairingPlayer, RoundKind, RoundPairing, SwissState,
};
use crate::domain::{Colour, Points};
use crate::i18n::{msg, Msg};
use std::collections::{HashMap, HashSet};

mod colours;
mod fallback;
mod groups;
mod round_one;
mod search;

use colours::colours;
use fallback::matching_fallback;
use groups::later_round;
use round_one::round_one;
use search::{Matched, Obj};

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
