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

use super::modifiers::KoyaLimit;
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
}

impl Fide {
    pub fn new(
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        own: &[Points],
        win: Points,
        after: u32,
    ) -> Fide {
        let draw = win.half();
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
                        draw
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
            .map(|(k, pr)| {
                let opp = if has_opponent(pr) {
                    pr.opponent.and_then(|o| idx.get(&o).copied())
                } else {
                    None
                };
                let as_game = over_board(pr) || (fore && k + 1 == last);
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

    /// Sonneborn-Berger parts: each round's opponent value (as in
    /// Buchholz) times the share of a win the player scored.
    pub fn sonneborn_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
    ) -> (Points, Vec<Part>) {
        let (_, mut parts) = self.buchholz_parts(rounds, idx, i, false);
        for (p, pr) in parts.iter_mut().zip(&rounds[i]) {
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
        let max = self.win.hundredths() * self.rounds as i64;
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
    pub fn sonneborn_cut_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
    ) -> (Points, Vec<Part>) {
        let (_, opp) = self.buchholz_parts(rounds, idx, i, false);
        let (_, mut parts) = self.sonneborn_parts(rounds, idx, i);
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
                let k = if parts[a].value > parts[e].value {
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
    pub fn aro_cut_parts(
        &self,
        rounds: &[Vec<PlayerRound>],
        ratings: &[Option<i32>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
    ) -> (Points, Vec<Part>) {
        let parts = self.rating_cut(rounds, ratings, idx, i, low, high);
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
    pub fn rating_cut(
        &self,
        rounds: &[Vec<PlayerRound>],
        ratings: &[Option<i32>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
    ) -> Vec<Part> {
        let (_, _, mut parts) = self.rating_parts(rounds, ratings, idx, i);
        let low = low.min(self.rounds as usize);
        let high = high.min(self.rounds as usize - low);
        let mut games = rounds[i].iter().filter(|pr| over_board(pr)).count();
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
    /// `high` from the top (what `AOB/C1` averages).
    pub fn buchholz_cut(
        &self,
        rounds: &[Vec<PlayerRound>],
        idx: &HashMap<i64, usize>,
        i: usize,
        low: usize,
        high: usize,
    ) -> Points {
        let (_, mut parts) = self.buchholz_parts(rounds, idx, i, false);
        cut(&mut parts, low, high);
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
/// 16.5) and then `high` from the top; ties go to the earlier round.
pub(crate) fn cut(parts: &mut [Part], low: usize, high: usize) {
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
        if let Some(k) = pick(true).or_else(|| pick(false)) {
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
mod tests {
    use super::*;
    use crate::domain::{ByeSettings, Game, Outcome, RequestedByeValue, TimeControl};
    use crate::scoring::{
        standings, BoardData, EventData, PlayerRef, RoundData, Scheme, SchemeKind, Standings,
        TieBreak,
    };

    /// A chess-scored event of `n` players (ids and start numbers 1..=n).
    fn event(n: usize, ratings: &[i32]) -> EventData {
        EventData {
            players: (1..=n)
                .map(|i| PlayerRef {
                    id: i as i64,
                    start_no: i as u32,
                    name: format!("P{i}"),
                    rating: ratings.get(i - 1).copied(),
                })
                .collect(),
            rounds: Vec::new(),
            games_per_round: 1,
            time_control: TimeControl::symmetric(90 * 60_000, 30_000),
            byes: ByeSettings::default(),
        }
    }

    fn round(ev: &mut EventData, r: u32) -> &mut RoundData {
        if !ev.rounds.iter().any(|x| x.number == r) {
            ev.rounds.push(RoundData {
                number: r,
                ..Default::default()
            });
        }
        ev.rounds.iter_mut().find(|x| x.number == r).unwrap()
    }

    fn game(ev: &mut EventData, r: u32, red: i64, black: i64, o: Outcome) {
        let rd = round(ev, r);
        let number = rd.boards.len() as u32 + 1;
        rd.boards.push(BoardData {
            number,
            red,
            black: Some(black),
            games: vec![Game::bare(red, black, o)],
        });
    }

    fn bye(ev: &mut EventData, r: u32, who: i64) {
        let rd = round(ev, r);
        let number = rd.boards.len() as u32 + 1;
        rd.boards.push(BoardData {
            number,
            red: who,
            black: None,
            games: Vec::new(),
        });
    }

    fn asked_bye(ev: &mut EventData, r: u32, who: i64, v: RequestedByeValue) {
        round(ev, r).requested_byes.push((who, v));
    }

    const CODES: [TieBreak; 12] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::ForeBuchholz,
        TieBreak::RoundsWon,
        TieBreak::GamesWon,
        TieBreak::BlackGames,
        TieBreak::BlackWins,
        TieBreak::Koya,
        TieBreak::Aob,
        TieBreak::Aro,
        TieBreak::Tpr,
    ];

    fn table(ev: &EventData) -> Standings {
        standings(ev, &Scheme::new(SchemeKind::Chess), &CODES, None).unwrap()
    }

    /// The value of `tb` for player `id`, as text (`1.50`).
    fn v(st: &Standings, id: i64, tb: TieBreak) -> String {
        let row = st.row(id).unwrap();
        row.values.iter().find(|x| x.0 == tb).unwrap().1.to_string()
    }

    #[test]
    fn a_requested_bye_is_a_virtual_opponent_and_is_cut_first() {
        // R1: 1-2 1-0, 3-4 1-0. R2: 1-3 draw, 2 asked for a half-point bye,
        // 4 for a zero-point bye. Scores: 1.5, 0.5, 1.5, 0.
        let mut ev = event(4, &[]);
        game(&mut ev, 1, 1, 2, Outcome::RedWin);
        game(&mut ev, 1, 3, 4, Outcome::RedWin);
        game(&mut ev, 2, 1, 3, Outcome::Draw);
        asked_bye(&mut ev, 2, 2, RequestedByeValue::Half);
        asked_bye(&mut ev, 2, 4, RequestedByeValue::Zero);
        let st = table(&ev);
        use TieBreak::*;
        // P2: P1's 1.5 + a virtual opponent with his own 0.5 (no more than
        // all draws, 1.0); the cut removes the bye, not the lower game.
        assert_eq!(v(&st, 2, Buchholz), "2.00");
        assert_eq!(v(&st, 2, BuchholzCut1), "1.50");
        // SB: the loss adds 0, the half bye half of 0.5.
        assert_eq!(v(&st, 2, SonnebornBerger), "0.25");
        // P4's zero bye counts as a draw in his adjusted score (0.5), so
        // P3 gets 0.5 from him; P1 gets 0.5 from P2.
        assert_eq!(v(&st, 3, Buchholz), "2.00");
        assert_eq!(v(&st, 1, Buchholz), "2.00");
        assert_eq!(v(&st, 1, BuchholzCut1), "1.50");
        assert_eq!(v(&st, 1, SonnebornBerger), "1.25");
        // P4: 1.5 from P3, 0 from the virtual opponent of his zero bye.
        assert_eq!(v(&st, 4, Buchholz), "1.50");
        assert_eq!(v(&st, 4, BuchholzCut1), "1.50");
        assert_eq!(v(&st, 2, RoundsWon), "0.00");
    }

    #[test]
    fn a_forfeit_is_no_game_and_its_virtual_opponent_is_capped() {
        // R1: 1-2 won by 1 by forfeit, 3-4 1-0. R2: 1-3 0-1, 2-4 draw.
        // Scores: 1, 0.5, 2, 0.5.
        let mut ev = event(4, &[2000, 1900, 1800, 1700]);
        game(&mut ev, 1, 1, 2, Outcome::BlackForfeits);
        game(&mut ev, 1, 3, 4, Outcome::RedWin);
        game(&mut ev, 2, 1, 3, Outcome::BlackWin);
        game(&mut ev, 2, 2, 4, Outcome::Draw);
        let st = table(&ev);
        use TieBreak::*;
        // Forfeit won: own score 1, capped at P2's 0.5; plus P3's 2.
        assert_eq!(v(&st, 1, Buchholz), "2.50");
        // A forfeit win is not a voluntarily unplayed round: the lowest goes.
        assert_eq!(v(&st, 1, BuchholzCut1), "2.00");
        assert_eq!(v(&st, 1, SonnebornBerger), "0.50");
        // Forfeit lost: 0.5 (own, below P1's 1), cut first.
        assert_eq!(v(&st, 2, Buchholz), "1.00");
        assert_eq!(v(&st, 2, BuchholzCut1), "0.50");
        assert_eq!(v(&st, 2, SonnebornBerger), "0.25");
        assert_eq!(v(&st, 1, RoundsWon), "1.00");
        assert_eq!(v(&st, 1, GamesWon), "0.00");
        assert_eq!(v(&st, 3, BlackGames), "1.00");
        assert_eq!(v(&st, 3, BlackWins), "1.00");
        assert_eq!(v(&st, 2, BlackGames), "0.00", "a forfeit is not a game");
        // Koya: opponents with at least 1 of 2 points are P1 and P3.
        assert_eq!(v(&st, 3, Koya), "1.00");
        assert_eq!(v(&st, 2, Koya), "0.00");
        // Fore-Buchholz: last games as draws: P3 1.5, P1 1.5 (own), P2 0.5.
        assert_eq!(v(&st, 1, ForeBuchholz), "2.00");
        // AOB: P1 met only P3 over the board; P3's Buchholz is 0.5 + 1.
        assert_eq!(v(&st, 1, Aob), "1.50");
        // ARO / TPR over the board only: P3 beat 1700 and 2000.
        assert_eq!(v(&st, 3, Aro), "1850.00");
        assert_eq!(v(&st, 3, Tpr), "2650.00");
        assert_eq!(v(&st, 1, Aro), "1800.00");
        assert_eq!(v(&st, 1, Tpr), "1000.00");
        // P4: 0.5 of 2 against 1800 and 1900 = 25 %, dp −193.
        assert_eq!(v(&st, 4, Aro), "1850.00");
        assert_eq!(v(&st, 4, Tpr), "1657.00");
    }

    #[test]
    fn a_withdrawn_opponents_absences_count_as_draws() {
        // R1: 1-2 1-0, 3-4 draw. P2 withdraws. R2: 1-3 1-0, 4 has the
        // pairing bye. R3: 1-4 draw, 3 has the pairing bye.
        let mut ev = event(4, &[]);
        game(&mut ev, 1, 1, 2, Outcome::RedWin);
        game(&mut ev, 1, 3, 4, Outcome::Draw);
        game(&mut ev, 2, 1, 3, Outcome::RedWin);
        bye(&mut ev, 2, 4);
        game(&mut ev, 3, 1, 4, Outcome::Draw);
        bye(&mut ev, 3, 3);
        let st = table(&ev);
        use TieBreak::*;
        // P2 scored 0 but his two absences count as draws: 1.0.
        assert_eq!(v(&st, 1, Buchholz), "4.50");
        // P2's own rounds after withdrawing: virtual opponents with his 0.
        assert_eq!(v(&st, 2, Buchholz), "2.50");
        // P4's pairing bye: own 2, capped at all draws (1.5).
        assert_eq!(v(&st, 4, Buchholz), "5.50");
    }

    #[test]
    fn a_late_entry_is_counted_with_his_real_score() {
        // P5 enters in round 2. R1: 1-2 1-0, 3-4 1-0. R2: 5-1 1-0, 2-3
        // draw, 4 has the pairing bye.
        let mut ev = event(5, &[]);
        game(&mut ev, 1, 1, 2, Outcome::RedWin);
        game(&mut ev, 1, 3, 4, Outcome::RedWin);
        game(&mut ev, 2, 5, 1, Outcome::RedWin);
        game(&mut ev, 2, 2, 3, Outcome::Draw);
        bye(&mut ev, 2, 4);
        let st = table(&ev);
        use TieBreak::*;
        // P5's missed round 1 is before his last game: it counts as the 0
        // it was, so P1 gets 0.5 (P2) + 1 (P5).
        assert_eq!(v(&st, 1, Buchholz), "1.50");
        // P5 himself: a virtual opponent for round 1 (own 1, at most all
        // draws 1), cut first; P1's 1.
        assert_eq!(v(&st, 5, Buchholz), "2.00");
        assert_eq!(v(&st, 5, BuchholzCut1), "1.00");
    }

    #[test]
    fn a_double_forfeit_is_lost_by_both_and_cut_first() {
        // R1: 1-2 both forfeit, 3-4 1-0. R2: 1-3 1-0, 2-4 0-1.
        let mut ev = event(4, &[]);
        game(&mut ev, 1, 1, 2, Outcome::DoubleForfeit);
        game(&mut ev, 1, 3, 4, Outcome::RedWin);
        game(&mut ev, 2, 1, 3, Outcome::RedWin);
        game(&mut ev, 2, 2, 4, Outcome::BlackWin);
        let st = table(&ev);
        use TieBreak::*;
        // P1: the double forfeit adds min(own 1, P2's 0) = 0, and is cut.
        assert_eq!(v(&st, 1, Buchholz), "1.00");
        assert_eq!(v(&st, 1, BuchholzCut1), "1.00");
        assert_eq!(v(&st, 2, Buchholz), "1.00");
        assert_eq!(v(&st, 1, GamesWon), "1.00");
        assert_eq!(v(&st, 4, BlackGames), "2.00");
        assert_eq!(v(&st, 4, BlackWins), "1.00");
        assert_eq!(v(&st, 2, RoundsWon), "0.00");
    }

    #[test]
    fn rounding_is_half_up() {
        assert_eq!(div_round(5, 2), 3);
        assert_eq!(div_round(7, 3), 2);
        assert_eq!(div_round(8, 3), 3);
        assert_eq!(div_round(0, 0), 0);
    }

    #[test]
    fn dp_table_is_symmetric_around_half() {
        assert_eq!(dp(50), 0);
        assert_eq!(dp(100), 800);
        assert_eq!(dp(0), -800);
        assert_eq!(dp(75), 193);
        assert_eq!(dp(25), -193);
    }

    /// The order of the players (by id) in a chess-scored table with `direct`
    /// right after points.
    fn order_by_direct(ev: &EventData) -> Vec<i64> {
        let st = standings(
            ev,
            &Scheme::new(SchemeKind::Chess),
            &[TieBreak::Direct],
            None,
        )
        .unwrap();
        st.rows.iter().map(|r| r.player.id).collect()
    }

    #[test]
    fn direct_encounter_when_not_all_tied_players_met() {
        // Six players, three rounds. P1, P2 and P3 end on 2 points; P1 beat
        // P2, P3 met neither. P1 has 1 of 2 possible; P2 0 of at most 1
        // and P3 at most 2: nobody is ahead for sure, so DE leaves the
        // three tied (start-number order).
        let mut ev = event(6, &[]);
        game(&mut ev, 1, 1, 2, Outcome::RedWin);
        game(&mut ev, 1, 3, 4, Outcome::RedWin);
        game(&mut ev, 1, 5, 6, Outcome::Draw);
        game(&mut ev, 2, 4, 1, Outcome::RedWin);
        game(&mut ev, 2, 2, 5, Outcome::RedWin);
        game(&mut ev, 2, 6, 3, Outcome::RedWin);
        game(&mut ev, 3, 1, 6, Outcome::RedWin);
        game(&mut ev, 3, 3, 5, Outcome::RedWin);
        game(&mut ev, 3, 2, 4, Outcome::RedWin);
        let st = table(&ev);
        for id in [1, 2, 3] {
            assert_eq!(st.row(id).unwrap().points, Points::new(2), "P{id}");
        }
        assert_eq!(&order_by_direct(&ev)[..3], &[1, 2, 3]);

        // Two tied players who met: the winner is ahead, whatever the start
        // numbers say. P2 beats P1, then P1 beats P3 and P4 beats P2.
        let mut ev = event(4, &[]);
        game(&mut ev, 1, 1, 2, Outcome::BlackWin);
        game(&mut ev, 1, 3, 4, Outcome::Draw);
        game(&mut ev, 2, 1, 3, Outcome::RedWin);
        game(&mut ev, 2, 4, 2, Outcome::RedWin);
        assert_eq!(order_by_direct(&ev), vec![4, 2, 1, 3]);

        // Three tied on 2 points in a Swiss: P3 beat both P1 and P2, who
        // did not meet. P3's 2 points beat the most P1 or P2 could have
        // had (1 each): P3 is first; P1 and P2 stay tied.
        let mut ev = event(6, &[]);
        game(&mut ev, 1, 3, 1, Outcome::RedWin);
        game(&mut ev, 1, 2, 4, Outcome::RedWin);
        game(&mut ev, 1, 5, 6, Outcome::Draw);
        game(&mut ev, 2, 2, 3, Outcome::BlackWin);
        game(&mut ev, 2, 1, 5, Outcome::RedWin);
        game(&mut ev, 2, 4, 6, Outcome::Draw);
        game(&mut ev, 3, 3, 4, Outcome::BlackWin);
        game(&mut ev, 3, 1, 6, Outcome::RedWin);
        game(&mut ev, 3, 2, 5, Outcome::RedWin);
        let st = table(&ev);
        for id in [1, 2, 3] {
            assert_eq!(st.row(id).unwrap().points, Points::new(2), "P{id}");
        }
        assert_eq!(&order_by_direct(&ev)[..3], &[3, 1, 2]);
    }

    #[test]
    fn aro_and_tpr_count_unrated_opponents_with_the_substitute_rating() {
        // P1 (2000) beats P2 (unrated) and draws P3 (1800).
        let mut ev = event(3, &[2000, 0, 1800]);
        ev.players[1].rating = None;
        game(&mut ev, 1, 1, 2, Outcome::RedWin);
        game(&mut ev, 2, 3, 1, Outcome::Draw);
        let codes = [TieBreak::Aro, TieBreak::Tpr];
        let plain = standings(&ev, &Scheme::new(SchemeKind::Chess), &codes, None).unwrap();
        assert_eq!(v(&plain, 1, TieBreak::Aro), "1800.00", "unrated left out");
        let mut m = serde_json::Map::new();
        m.insert("unrated_rating".into(), serde_json::json!(1400));
        let sub = Scheme::from_json("chess", &m).unwrap();
        let st = standings(&ev, &sub, &codes, None).unwrap();
        // (1400 + 1800) / 2 = 1600; 1.5 of 2 = 75 %, dp +193.
        assert_eq!(v(&st, 1, TieBreak::Aro), "1600.00");
        assert_eq!(v(&st, 1, TieBreak::Tpr), "1793.00");
    }
}
