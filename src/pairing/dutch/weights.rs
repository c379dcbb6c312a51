//! Edge weights: the criteria of a pairing as the bits of one number, most
//! important highest, and the completion matching that finds whether the
//! round can be paired at all and who may have the bye.

use super::player::{self, Float};
use super::{BracketCtx, Engine, RunError};
use crate::domain::{Colour, Points};
use crate::i18n::msg;
use crate::pairing::matching::Uint;
use std::collections::HashMap;

impl<const N: usize> Engine<'_, N> {
    /// The base weight of pairing vertex `hi` (ranked higher) with `lo`.
    pub(super) fn edge_weight(
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

    /// The completion matching over every player: can everybody (but
    /// one) be paired at all, and the bye assignee's score (with whether
    /// the single downfloater of the top bracket is the bye assignee).
    /// Leaves every edge at its base weight.
    pub(super) fn complete(
        &mut self,
        odd: bool,
        top_score: Points,
    ) -> Result<(Points, bool), RunError> {
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
}
