//! The direct encounter among tied players: FIDE's ordering by the
//! games among them, and the CXA sum when all of them met.

use super::TbCtx;
use crate::domain::Points;
use crate::scoring::rounds::{PlayerRound, RoundKind};

impl TbCtx<'_> {
    /// FIDE C.07 direct encounter (DE) for a group of tied players, as
    /// FIDE's tie-break checker computes it: over-the-board games only, a
    /// repeated pairing counts its average. When all of them met, their
    /// scores among themselves order them; when not (a Swiss), a player is
    /// placed ahead only while his score beats the best score each player
    /// below him could still have had (every missing encounter a win).
    /// Sub-groups still tied are decided again among themselves. The
    /// values rank the group (higher is better). `forfeits` (`DE/P`): a
    /// forfeit counts as an encounter with its result, as FIDE's checker
    /// counts it with `/P`. In a round robin, as the checker takes one,
    /// every encounter counts (forfeits too) and the group is taken as
    /// having met; `swiss` (`DE/S`) takes it as a Swiss where not all met,
    /// forfeits not counted, in any event.
    pub fn fide_direct_values(&self, group: &[usize], forfeits: bool, swiss: bool) -> Vec<Points> {
        let rr = self.fide.round_robin && !swiss;
        let ordered = self.de_split(group.to_vec(), forfeits || rr, rr, swiss);
        let k = ordered.len();
        let mut val = std::collections::HashMap::new();
        for (gi, g) in ordered.iter().enumerate() {
            for &i in g {
                val.insert(i, Points::new((k - gi) as i64));
            }
        }
        group.iter().map(|i| val[i]).collect()
    }

    pub(super) fn de_split(
        &self,
        members: Vec<usize>,
        forfeits: bool,
        all_met: bool,
        none_met: bool,
    ) -> Vec<Vec<usize>> {
        if members.len() < 2 {
            return vec![members];
        }
        let win = self.scheme.win_value().hundredths();
        let ids: Vec<i64> = members.iter().map(|&i| self.ids[i]).collect();
        // (player, score among the group in hundredths, opponents met)
        let mut stats: Vec<(usize, i64, i64)> = members
            .iter()
            .map(|&i| {
                let mut per: std::collections::BTreeMap<i64, (i64, i64)> = Default::default();
                for pr in &self.rounds[i] {
                    let counts = if forfeits {
                        pr.kind.met()
                    } else {
                        pr.kind == RoundKind::Played
                    };
                    if !counts {
                        continue;
                    }
                    if let Some(o) = pr.opponent.filter(|o| ids.contains(o)) {
                        let e = per.entry(o).or_default();
                        e.0 += pr.points.hundredths();
                        e.1 += 1;
                    }
                }
                let score = per.values().map(|(sum, n)| sum / n).sum();
                (i, score, per.len() as i64)
            })
            .collect();
        let most = members.len() as i64 - 1;
        let start = |i: usize| self.ids[i];
        let met = all_met || (!none_met && stats.iter().all(|s| s.2 == most));
        let groups: Vec<Vec<usize>> = if met {
            stats.sort_by(|a, b| b.1.cmp(&a.1).then(start(a.0).cmp(&start(b.0))));
            let mut out: Vec<Vec<usize>> = Vec::new();
            let mut last = None;
            for &(i, v, _) in &stats {
                if last == Some(v) {
                    out.last_mut().expect("a group").push(i);
                } else {
                    out.push(vec![i]);
                    last = Some(v);
                }
            }
            out
        } else {
            let best = |s: &(usize, i64, i64)| s.1 + (most - s.2) * win;
            stats.sort_by(|a, b| {
                b.1.cmp(&a.1)
                    .then(best(b).cmp(&best(a)))
                    .then(start(a.0).cmp(&start(b.0)))
            });
            let mut ahead = 0;
            for i in 1..stats.len() {
                let rest = stats[i..].iter().map(best).max().unwrap_or(0);
                if stats[i - 1].1 > rest {
                    ahead = i;
                } else {
                    break;
                }
            }
            let mut out: Vec<Vec<usize>> = stats[..ahead].iter().map(|s| vec![s.0]).collect();
            out.push(stats[ahead..].iter().map(|s| s.0).collect());
            out
        };
        if groups.len() == 1 {
            return groups;
        }
        groups
            .into_iter()
            .flat_map(|g| self.de_split(g, forfeits, all_met, none_met))
            .collect()
    }

    /// How `direct` treats a tie group, for `--explain`: the games among
    /// the group (FIDE: over the board only; CXA 直胜: every game met), each
    /// player's score in them, how many of the others he met and (FIDE, when
    /// not all met) the best score he could still have had. Rows in the
    /// group's order; `values` are what [`Self::fide_direct_values`] or
    /// [`Self::direct_values`] gave the group.
    pub(crate) fn direct_detail(
        &self,
        group: &[usize],
        values: &[Points],
        fide: bool,
    ) -> DirectDetailIx {
        let ids: Vec<i64> = group.iter().map(|&i| self.ids[i]).collect();
        let counts = |pr: &PlayerRound| {
            if fide {
                pr.kind == RoundKind::Played
            } else {
                pr.kind.met()
            }
        };
        let win = self.scheme.win_value();
        let most = group.len() as u32 - 1;
        let mut games = Vec::new();
        let mut rows = Vec::new();
        for (gi, &i) in group.iter().enumerate() {
            let mut per: std::collections::BTreeMap<i64, (Points, i64)> = Default::default();
            for pr in self.rounds[i].iter().filter(|pr| counts(pr)) {
                let Some(o) = pr.opponent.filter(|o| ids.contains(o)) else {
                    continue;
                };
                let e = per.entry(o).or_insert((Points::ZERO, 0));
                e.0 += pr.points;
                e.1 += 1;
                let j = self.idx[&o];
                if self.ids[i] < o {
                    let theirs = self.rounds[j]
                        .iter()
                        .find(|q| q.round == pr.round)
                        .map_or(Points::ZERO, |q| q.points);
                    games.push((pr.round, i, j, pr.points, theirs));
                }
            }
            let score: Points = if fide {
                Points(per.values().map(|(sum, n)| sum.0 / n).sum())
            } else {
                per.values().map(|(sum, _)| *sum).sum()
            };
            let met = per.len() as u32;
            rows.push(DirectRowIx {
                player: i,
                score,
                met,
                best: score + win * (most - met) as i64,
                value: values[gi],
            });
        }
        let all_met = rows.iter().all(|r| r.met == most);
        rows.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(self.ids[a.player].cmp(&self.ids[b.player]))
        });
        games.sort_by_key(|g| (g.0, self.ids[g.1]));
        DirectDetailIx {
            fide,
            all_met,
            rows,
            games,
        }
    }

    /// `direct`: for a group of tied players who have all met each other,
    /// each one's points from the games among them; otherwise all 0 (the
    /// criterion does not apply).
    pub fn direct_values(&self, group: &[usize]) -> Vec<Points> {
        let zero = vec![Points::ZERO; group.len()];
        if group.len() < 2 {
            return zero;
        }
        let ids: Vec<i64> = group.iter().map(|&i| self.ids[i]).collect();
        let met = |i: usize, other: i64| {
            self.rounds[i]
                .iter()
                .any(|pr| pr.kind.met() && pr.opponent == Some(other))
        };
        for (a, &i) in group.iter().enumerate() {
            for (b, id) in ids.iter().enumerate() {
                if a != b && !met(i, *id) {
                    return zero;
                }
            }
        }
        group
            .iter()
            .map(|&i| {
                self.rounds[i]
                    .iter()
                    .filter(|pr| pr.kind.met() && pr.opponent.is_some_and(|o| ids.contains(&o)))
                    .map(|pr| pr.points)
                    .sum()
            })
            .collect()
    }
}

/// [`TbCtx::direct_detail`] by player index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DirectDetailIx {
    pub fide: bool,
    pub all_met: bool,
    pub rows: Vec<DirectRowIx>,
    /// (round, player, opponent, player's points, opponent's points).
    pub games: Vec<(u32, usize, usize, Points, Points)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DirectRowIx {
    pub player: usize,
    pub score: Points,
    pub met: u32,
    pub best: Points,
    pub value: Points,
}
