//! FIDE C.07 tie-breaks (2023/24 edition) with its Article 16 on unplayed
//! rounds.
//!
//! Article 16 in short, as this module applies it:
//! - A round is *voluntarily unplayed* (VUR) when the player asked for a bye
//!   (half or zero), lost by forfeit (also a double forfeit) or was not
//!   paired (late entry, withdrawal). A game over the board, a
//!   pairing-allocated bye and a forfeit win are not.
//! - For an opponent's score in Buchholz-like values the opponent's
//!   *adjusted* score is used: his unplayed rounds without an opponent after
//!   his last round that was not a VUR count as draws (16.3.2).
//! - A player's own round without a game over the board (byes, forfeits,
//!   absences) counts in his Buchholz as a game against a *virtual opponent*
//!   whose score is the player's own final score (16.4).
//! - Cuts remove VURs first (16.5), then the lowest contributions.

use super::modifiers::{Flags, KoyaLimit};
use super::rounds::{PlayerRound, RoundKind, RoundResult};
use crate::domain::{Colour, Points};
use std::collections::HashMap;

/// What a part of a FIDE value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    /// A game over the board against this opponent: his (adjusted) value.
    Opponent,
    /// A round without a game over the board: the virtual opponent, whose
    /// score is the player's own.
    Virtual,
    /// Counted for the player himself (a round's points, a count).
    Own,
}

/// One round's part of a tie-break value, for `--explain`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub round: u32,
    /// The opponent's entry id (for `Opponent` parts and forfeits).
    pub opponent: Option<i64>,
    pub kind: PartKind,
    pub value: Points,
    /// A voluntarily unplayed round (Article 16).
    pub vur: bool,
    /// Left out of the value (a cut, a zero Buchholz in AOB, a weak
    /// opponent in Koya).
    pub cut: bool,
}

/// Was the round played over the board?
pub(crate) fn over_board(pr: &PlayerRound) -> bool {
    pr.kind == RoundKind::Played
}

/// A voluntarily unplayed round (FIDE C.07 16.2.5).
pub(crate) fn voluntarily_unplayed(pr: &PlayerRound) -> bool {
    !matches!(
        pr.kind,
        RoundKind::Played | RoundKind::PairingBye | RoundKind::ForfeitWin
    )
}

/// Was there a (real) opponent this round, over the board or by forfeit?
fn has_opponent(pr: &PlayerRound) -> bool {
    pr.kind.met() && pr.opponent.is_some()
}

/// Round half up of `num / den` for non-negative values.
pub(crate) fn div_round(num: i64, den: i64) -> i64 {
    if den == 0 {
        return 0;
    }
    (2 * num + den).div_euclid(2 * den)
}

/// The FIDE rating table 8.1(a): rating difference by percentage score.
const DP: [i64; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// The rating difference for a percentage score (0..=100).
pub(crate) fn dp(percent: i64) -> i64 {
    let p = percent.clamp(0, 100);
    if p >= 50 {
        DP[(p - 50) as usize]
    } else {
        -DP[(50 - p) as usize]
    }
}

/// Per-player values every FIDE code builds on, computed once per
/// standings.
pub(crate) struct Fide {
    pub win: Points,
    /// The number of rounds counted.
    pub rounds: u32,
    /// Final score.
    pub own: Vec<Points>,
    /// Adjusted score for opponents' Buchholz (16.3.2).
    pub adjusted: Vec<Points>,
    /// Own score with the last game counted as a draw (fore-Buchholz).
    pub fore_own: Vec<Points>,
    /// Adjusted score with the last game counted as a draw.
    pub fore_adjusted: Vec<Points>,
    /// Plain Buchholz (for AOB).
    pub buchholz: Vec<Points>,
    /// Is the round counted last the event's final round? Only then does
    /// the Fore-Buchholz way draw its games (C.07 8.3 speaks of the
    /// tournament's last round; FIDE's checker the same): before it,
    /// FB is BH.
    pub fore: bool,
    /// A round robin, as FIDE's checker takes one: an opponent's rounds
    /// without an opponent after his last one count nothing (not draws);
    /// unplayed games count as played unless a code says `/S` (and then
    /// nothing); a round without an opponent is no part of the Buchholz
    /// family.
    pub round_robin: bool,
    /// C.07's 2024 edition where a code names none: the virtual opponent
    /// has the player's own score, without 2026's ceilings.
    pub edition_2024: bool,
}

/// What an event is, for C.07: a round robin, and the edition it follows
/// where a code names none.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Practice {
    pub round_robin: bool,
    pub edition_2024: bool,
}

impl Fide {
    pub fn new(
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        own: &[Points],
        win: Points,
        after: u32,
        fore: bool,
        practice: Practice,
    ) -> Fide {
        let round_robin = practice.round_robin;
        let draw = win.half();
        let absent = if round_robin { Points::ZERO } else { draw };
        let n = rounds.len();
        let mut adjusted = Vec::with_capacity(n);
        let mut fore_own = Vec::with_capacity(n);
        let mut fore_adjusted = Vec::with_capacity(n);
        let adjusted_after = |prs: &[PlayerRound], lo: usize| -> Points {
            prs.iter()
                .enumerate()
                .map(|(k, pr)| {
                    if k < lo || has_opponent(pr) {
                        pr.points
                    } else {
                        absent
                    }
                })
                .sum()
        };
        for (j, prs) in rounds.iter().enumerate() {
            // The last round that was not voluntarily unplayed: his later
            // rounds without an opponent count as draws (16.3.2).
            let lo = prs
                .iter()
                .rposition(|pr| !voluntarily_unplayed(pr))
                .map(|k| k + 1)
                .unwrap_or(0);
            adjusted.push(adjusted_after(prs, lo));
            // Fore-Buchholz: a player paired in the last round (an
            // opponent, a forfeit or a pairing bye) has that round's game
            // counted as a draw, and none of his rounds as an absence.
            let last_paired = prs
                .last()
                .is_some_and(|pr| has_opponent(pr) || pr.kind == RoundKind::PairingBye);
            let (fore_lo, adjust) = match prs.last() {
                _ if !fore => (lo, Points::ZERO),
                Some(last) if last_paired && has_opponent(last) => (prs.len(), draw - last.points),
                Some(_) if last_paired => (prs.len(), Points::ZERO),
                _ => (lo, Points::ZERO),
            };
            fore_own.push(own[j] + adjust);
            fore_adjusted.push(adjusted_after(prs, fore_lo) + adjust);
        }
        let mut f = Fide {
            win,
            rounds: after,
            own: own.to_vec(),
            adjusted,
            fore_own,
            fore_adjusted,
            buchholz: Vec::new(),
            fore,
            round_robin,
            edition_2024: practice.edition_2024,
        };
        f.buchholz = (0..n)
            .map(|i| f.buchholz_parts(rounds, idx, i, false).0)
            .collect();
        f
    }

    /// Buchholz parts of player `i` (`fore`: fore-Buchholz), and their sum.
    /// `idx` maps entry ids to player indexes.
    ///
    /// A game over the board adds the opponent's adjusted score. A round
    /// without one adds the virtual opponent's score: the player's own
    /// score, but no more than the real opponent's adjusted score after a
    /// forfeit (16.4.1) and no more than all draws after a bye or absence
    /// (16.4.2). In fore-Buchholz a last-round forfeit counts as a game.
    pub fn buchholz_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        fore: bool,
    ) -> (Points, Vec<Part>) {
        self.buchholz_parts_with(rounds, idx, i, fore, Flags::default())
    }

    /// [`Fide::buchholz_parts`] with FIDE's checker's modifiers: `/P`
    /// (`flags.played`) a forfeit counts as a game against its opponent,
    /// his adjusted score, and is no voluntarily unplayed round; `/V2024`
    /// and `/V2022` the virtual opponent has the player's own score,
    /// without 2026's ceilings.
    pub fn buchholz_parts_with(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        fore: bool,
        flags: Flags,
    ) -> (Points, Vec<Part>) {
        let played = flags.played || (self.round_robin && !flags.swiss);
        let capped = match flags.rules {
            Some(_) => flags.capped(),
            None => !self.edition_2024,
        };
        let last = rounds[i].len();
        let adj = |j: usize| {
            if fore {
                self.fore_adjusted[j]
            } else {
                self.adjusted[j]
            }
        };
        let own = if fore { self.fore_own[i] } else { self.own[i] };
        let all_draws = Points::from_hundredths(self.win.half().hundredths() * self.rounds as i64);
        let parts: Vec<Part> = rounds[i]
            .iter()
            .enumerate()
            .filter(|(_, pr)| !self.round_robin || has_opponent(pr))
            .map(|(k, pr)| {
                let opp = if has_opponent(pr) {
                    pr.opponent.and_then(|o| idx.get(&o).copied())
                } else {
                    None
                };
                let as_game = over_board(pr) || played || (fore && self.fore && k + 1 == last);
                match opp {
                    Some(j) if as_game => Part {
                        round: pr.round,
                        opponent: pr.opponent,
                        kind: PartKind::Opponent,
                        value: adj(j),
                        vur: false,
                        cut: false,
                    },
                    _ => Part {
                        round: pr.round,
                        opponent: opp.and(pr.opponent),
                        kind: PartKind::Virtual,
                        value: match opp {
                            _ if self.round_robin => Points::ZERO,
                            _ if !capped => own,
                            Some(j) => own.min(adj(j)),
                            None => own.min(all_draws),
                        },
                        vur: voluntarily_unplayed(pr),
                        cut: false,
                    },
                }
            })
            .collect();
        (sum_kept(&parts), parts)
    }

    /// The rounds of a player that are parts of the Buchholz family: all
    /// of them, in a round robin those with an opponent.
    fn valued_rounds<'a>(&self, prs: &'a [PlayerRound]) -> impl Iterator<Item = &'a PlayerRound> {
        let rr = self.round_robin;
        prs.iter().filter(move |pr| !rr || has_opponent(pr))
    }

    /// Sonneborn-Berger parts: each round's opponent value (as in
    /// Buchholz) times the share of a win the player scored.
    pub fn sonneborn_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
    ) -> (Points, Vec<Part>) {
        let (_, mut parts) = self.buchholz_parts(rounds, idx, i, false);
        for (p, pr) in parts.iter_mut().zip(self.valued_rounds(&rounds[i])) {
            p.value = self.share(p.value, pr.points);
        }
        (sum_kept(&parts), parts)
    }

    /// `score × points / win`, exact when the points are a whole, half or
    /// no win.
    fn share(&self, score: Points, points: Points) -> Points {
        if self.win.hundredths() == 0 {
            return Points::ZERO;
        }
        Points::from_hundredths(score.hundredths() * points.hundredths() / self.win.hundredths())
    }

    /// Koya: the points scored against opponents with at least half the
    /// maximum score (forfeits included; weaker opponents are marked cut).
    pub fn koya_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
    ) -> (Points, Vec<Part>) {
        self.koya_limit_parts(rounds, idx, i, KoyaLimit::Percent(50))
    }

    /// Koya with the limit `limit` (`KS/L60`: 60% of the maximum score;
    /// `KS/L+1.0`: half the maximum and a point), as FIDE's checker counts
    /// it: the maximum is a win in every round.
    pub fn koya_limit_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        limit: KoyaLimit,
    ) -> (Points, Vec<Part>) {
        let max = self.win.hundredths() * self.koya_games(rounds) as i64;
        let needed = limit.threshold(max);
        let parts: Vec<Part> = rounds[i]
            .iter()
            .filter(|pr| has_opponent(pr))
            .filter_map(|pr| {
                let j = *idx.get(&pr.opponent?)?;
                Some(Part {
                    round: pr.round,
                    opponent: pr.opponent,
                    kind: PartKind::Own,
                    value: pr.points,
                    vur: false,
                    cut: !needed.reached_by(self.own[j]),
                })
            })
            .collect();
        (sum_kept(&parts), parts)
    }

    /// The games a player can have had, for Koya's maximum score: one a
    /// round; in a round robin, as FIDE's checker counts them, less a
    /// cycle's free round when the rounds are whole cycles of an odd field,
    /// and less one for each player never paired.
    fn koya_games(&self, rounds: &[Vec<PlayerRound>]) -> u32 {
        let n = rounds.len() as u32;
        if !self.round_robin || n == 0 {
            return self.rounds;
        }
        let free = if self.rounds.is_multiple_of(n) {
            self.rounds / n
        } else {
            0
        };
        let never = rounds
            .iter()
            .filter(|prs| !prs.iter().any(has_opponent))
            .count() as u32;
        self.rounds.saturating_sub(free + never)
    }

    /// AOB: the average of the Buchholz of the opponents met over the board,
    /// rounded to hundredths (half up).
    pub fn aob_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
    ) -> (Points, Vec<Part>) {
        self.aob_cut_parts(rounds, idx, i, |j| self.buchholz[j])
    }

    /// AOB over a modified Buchholz (`AOB/C1`: the average of the
    /// opponents' BH/C1, as FIDE's checker computes it).
    pub fn aob_cut_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        buchholz: impl Fn(usize) -> Points,
    ) -> (Points, Vec<Part>) {
        let parts: Vec<Part> = rounds[i]
            .iter()
            .filter(|pr| over_board(pr))
            .filter_map(|pr| {
                let j = *idx.get(&pr.opponent?)?;
                Some(Part {
                    round: pr.round,
                    opponent: pr.opponent,
                    kind: PartKind::Opponent,
                    value: buchholz(j),
                    vur: false,
                    cut: false,
                })
            })
            .collect();
        let kept: Vec<&Part> = parts.iter().filter(|p| !p.cut).collect();
        let sum: i64 = kept.iter().map(|p| p.value.hundredths()).sum();
        (
            Points::from_hundredths(div_round(sum, kept.len() as i64)),
            parts,
        )
    }

    /// ARO and TPR: the ratings of the opponents met over the board (rated
    /// ones only), their average rounded to a whole number, and the
    /// performance = average + dp(percentage score).
    pub fn rating_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        ratings: &[Option<i32>],
        idx: &HashMap<i64, usize>,
        i: usize,
    ) -> (Points, Points, Vec<Part>) {
        let mut score = 0i64;
        let parts: Vec<Part> = rounds[i]
            .iter()
            .filter(|pr| over_board(pr))
            .filter_map(|pr| {
                let j = *idx.get(&pr.opponent?)?;
                let r = ratings[j].filter(|&r| r > 0)?;
                score += match pr.result {
                    Some(RoundResult::Win) => 100,
                    Some(RoundResult::Draw) => 50,
                    _ => 0,
                };
                Some(Part {
                    round: pr.round,
                    opponent: pr.opponent,
                    kind: PartKind::Opponent,
                    value: Points::new(r as i64),
                    vur: false,
                    cut: false,
                })
            })
            .collect();
        let n = parts.len() as i64;
        if n == 0 {
            return (Points::ZERO, Points::ZERO, parts);
        }
        let sum: i64 = parts.iter().map(|p| p.value.hundredths() / 100).sum();
        let aro = div_round(sum, n);
        let tpr = aro + dp(div_round(score, n));
        (Points::new(aro), Points::new(tpr), parts)
    }
}

impl Fide {
    /// SB with `low` values cut from the bottom and `high` from the top,
    /// as FIDE's tie-break checker cuts them: from the bottom, the round
    /// of the lowest opponent value (then the lowest Sonneborn-Berger
    /// share), a voluntarily unplayed round first (16.5) unless the lowest
    /// opponent's share is the greater; from the top, the highest opponent
    /// value (then share). Ties go to the earlier round.
    ///
    /// With FIDE's checker's modifiers:
    /// `/P` and `/F` as in Buchholz (the opponents' values, the player's
    /// own result kept), `/D` every round's share that of a draw, `/N`
    /// the lowest cut first whether unplayed or not, `/V` as in Buchholz.
    pub fn sonneborn_cut_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
        flags: Flags,
    ) -> (Points, Vec<Part>) {
        let (_, opp) = self.buchholz_parts_with(rounds, idx, i, flags.fore, flags);
        let mut parts = opp.clone();
        for (p, pr) in parts.iter_mut().zip(self.valued_rounds(&rounds[i])) {
            let result = if flags.draws && !self.round_robin {
                self.win.half()
            } else {
                pr.points
            };
            p.value = self.share(p.value, result);
        }
        let low = low.min(self.rounds as usize);
        let high = high.min(self.rounds as usize - low);
        let left = |parts: &[Part]| {
            (0..parts.len())
                .filter(|&k| !parts[k].cut)
                .collect::<Vec<_>>()
        };
        for _ in 0..low {
            let key = |k: usize| (opp[k].value, parts[k].value, k);
            let open = left(&parts);
            let lowest = open.iter().copied().min_by_key(|&k| key(k));
            let unplayed_first = open
                .iter()
                .copied()
                .min_by_key(|&k| (!parts[k].vur, key(k)));
            if let (Some(a), Some(e)) = (lowest, unplayed_first) {
                let k = if flags.plain_cut || parts[a].value > parts[e].value {
                    a
                } else {
                    e
                };
                parts[k].cut = true;
            }
        }
        for _ in 0..high {
            let open = left(&parts);
            let top = open
                .iter()
                .copied()
                .min_by_key(|&k| (std::cmp::Reverse((opp[k].value, parts[k].value)), k));
            if let Some(k) = top {
                parts[k].cut = true;
            }
        }
        (sum_kept(&parts), parts)
    }

    /// ARO with `low` ratings cut from the bottom and `high` from the top
    /// ([`Fide::rating_cut`]): the rest's average rounded to a whole
    /// number.
    #[allow(clippy::too_many_arguments)]
    pub fn aro_cut_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        ratings: &[Option<i32>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
        old: bool,
    ) -> (Points, Vec<Part>) {
        let parts = self.rating_cut(rounds, ratings, idx, i, low, high, old);
        let kept: Vec<i64> = parts
            .iter()
            .filter(|p| !p.cut)
            .map(|p| p.value.hundredths() / 100)
            .collect();
        let aro = if kept.is_empty() {
            0
        } else {
            div_round(kept.iter().sum(), kept.len() as i64)
        };
        (Points::new(aro), parts)
    }

    /// The rated opponents of player `i` met over the board, those cut by
    /// `low` from the bottom and `high` from the top marked, as FIDE's
    /// checker cuts ARO, TPR and PTP: each cut counts against the games
    /// over the board, and an unrated opponent (left out) takes a cut's
    /// place; the lowest rating is cut from the bottom (the earlier round
    /// on a tie), the highest from the top (the later round on a tie).
    /// `old` (2022's rules, `/V2022`): the rounds without a game over the
    /// board are the first cuts, from the bottom and then from the top.
    #[allow(clippy::too_many_arguments)]
    pub fn rating_cut(
        &self,
        rounds: &[Vec<PlayerRound>],
        ratings: &[Option<i32>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
        old: bool,
    ) -> Vec<Part> {
        let (_, _, mut parts) = self.rating_parts(rounds, ratings, idx, i);
        let mut low = low.min(self.rounds as usize);
        let mut high = high.min(self.rounds as usize - low);
        let mut games = rounds[i].iter().filter(|pr| over_board(pr)).count();
        if old {
            let unplayed = (self.rounds as usize).saturating_sub(games);
            let from_low = unplayed.min(low);
            low -= from_low;
            high -= (unplayed - from_low).min(high);
        }
        for top in std::iter::repeat_n(false, low).chain(std::iter::repeat_n(true, high)) {
            let open: Vec<usize> = (0..parts.len()).filter(|&k| !parts[k].cut).collect();
            if games == open.len() {
                let pick = if top {
                    open.iter().copied().max_by_key(|&k| (parts[k].value, k))
                } else {
                    open.iter().copied().min_by_key(|&k| (parts[k].value, k))
                };
                if let Some(k) = pick {
                    parts[k].cut = true;
                }
            }
            games = games.saturating_sub(1);
        }
        parts
    }
}

impl Fide {
    /// Buchholz of player `i` with `low` values cut from the bottom and
    /// `high` from the top (what `AOB/C1` averages), with FIDE's checker's
    /// modifiers: the Fore-Buchholz way (`AOB/F`), forfeits as games
    /// (`AOB/P`), plain cuts (`AOB/C1/N`), an edition (`AOB/V2024`).
    pub fn buchholz_cut(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
        flags: Flags,
    ) -> Points {
        let (_, mut parts) = self.buchholz_parts_with(rounds, idx, i, flags.fore, flags);
        cut_with(&mut parts, low, high, !flags.plain_cut);
        sum_kept(&parts)
    }

    /// PS with the first `low` rounds cut (`PS/C1`): the running scores
    /// after each later round, summed.
    pub fn progressive_cut_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        i: usize,
        low: usize,
    ) -> (Points, Vec<Part>) {
        let mut run = Points::ZERO;
        let parts: Vec<Part> = rounds[i]
            .iter()
            .enumerate()
            .map(|(k, pr)| {
                run += pr.points;
                Part {
                    round: pr.round,
                    opponent: pr.opponent,
                    kind: PartKind::Own,
                    value: run,
                    vur: false,
                    cut: k < low,
                }
            })
            .collect();
        (sum_kept(&parts), parts)
    }
}

/// The sum of the parts that count.
pub(crate) fn sum_kept(parts: &[Part]) -> Points {
    parts.iter().filter(|p| !p.cut).map(|p| p.value).sum()
}

/// Cuts `low` parts from the bottom (voluntarily unplayed rounds first,
/// 16.5, unless `unplayed_first` is false: FIDE's checker's `/N`) and
/// then `high` from the top; ties go to the earlier round.
pub(crate) fn cut_with(parts: &mut [Part], low: usize, high: usize, unplayed_first: bool) {
    let n = parts.len();
    let low = low.min(n);
    let high = high.min(n - low);
    for _ in 0..low {
        let pick = |vur_only: bool| {
            parts
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.cut && (!vur_only || p.vur))
                .min_by(|(a, x), (b, y)| x.value.cmp(&y.value).then(a.cmp(b)))
                .map(|(k, _)| k)
        };
        let first = if unplayed_first { pick(true) } else { None };
        if let Some(k) = first.or_else(|| pick(false)) {
            parts[k].cut = true;
        }
    }
    for _ in 0..high {
        let k = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.cut)
            .max_by(|(a, x), (b, y)| x.value.cmp(&y.value).then(b.cmp(a)))
            .map(|(k, _)| k);
        if let Some(k) = k {
            parts[k].cut = true;
        }
    }
}

/// Over-the-board games of a round with this colour (and result).
pub(crate) fn board_games(pr: &PlayerRound, colour: Option<Colour>, win: bool) -> i64 {
    pr.games
        .iter()
        .filter(|g| g.over_board)
        .filter(|g| colour.is_none_or(|c| g.colour == c))
        .filter(|g| !win || g.result == RoundResult::Win)
        .count() as i64
}

#[cfg(test)]
mod tests;
