//! The rating-performance tie-breaks of FIDE C.07 (2026) beyond ARO and
//! TPR: PTP (perfect tournament performance), APRO (average of the
//! opponents' TPR) and APPO (average of the opponents' PTP).
//!
//! PTP is the lowest whole rating whose expected score against the
//! opponents met over the board (FIDE rating table 8.1(b), differences
//! capped at 800) reaches the player's score against them; with no points
//! it is the lowest opponent's rating less 800.

use super::fide::{div_round, dp, over_board, Fide, Part, PartKind};
use super::rounds::{PlayerRound, RoundResult};
use crate::domain::Points;
use std::collections::HashMap;

/// FIDE table 8.1(b): the smallest rating difference at which the
/// stronger player's expected score is 0.51, 0.52, …, 1.00.
const PD_FROM: [i64; 50] = [
    4, 11, 18, 26, 33, 40, 47, 54, 62, 69, 77, 84, 92, 99, 107, 114, 122, 130, 138, 146, 154, 163,
    171, 180, 189, 198, 207, 216, 226, 236, 246, 257, 268, 279, 291, 303, 316, 329, 345, 358, 375,
    392, 412, 433, 457, 485, 518, 560, 620, 736,
];

/// The expected score (in hundredths) of a player rated `own` against one
/// rated `opp`.
pub(crate) fn expected(own: i64, opp: i64) -> i64 {
    let d = (own - opp).clamp(-800, 800);
    let pd = 50 + PD_FROM.iter().take_while(|&&from| d.abs() >= from).count() as i64;
    if d >= 0 {
        pd
    } else {
        100 - pd
    }
}

/// The opponents' ratings met over the board and the score against them
/// (hundredths of a game point), as ARO and TPR count them.
fn rated_games(
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
) -> (Vec<i64>, i64) {
    let mut score = 0;
    let opps = rounds[i]
        .iter()
        .filter(|pr| over_board(pr))
        .filter_map(|pr| {
            let r = ratings[*idx.get(&pr.opponent?)?].filter(|&r| r > 0)?;
            score += match pr.result {
                Some(RoundResult::Win) => 100,
                Some(RoundResult::Draw) => 50,
                _ => 0,
            };
            Some(r as i64)
        })
        .collect();
    (opps, score)
}

/// PTP of player `i` (`None`: no rated opponent met over the board).
pub(crate) fn ptp(
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
) -> Option<i64> {
    let (opps, score) = rated_games(rounds, ratings, idx, i);
    ptp_of(&opps, score)
}

/// PTP against the ratings `opps` with `score` (hundredths of a game
/// point) scored against them.
fn ptp_of(opps: &[i64], score: i64) -> Option<i64> {
    let (lo, hi) = (*opps.iter().min()?, *opps.iter().max()?);
    if score == 0 {
        return Some(lo - 800);
    }
    let reaches = |r: i64| opps.iter().map(|&o| expected(r, o)).sum::<i64>() >= score;
    // The sum grows with the rating: at `hi + 800` every game expects a
    // full point, at `lo - 801` none.
    let (mut low, mut high) = (lo - 801, hi + 800);
    if !reaches(high) {
        return Some(high);
    }
    while high - low > 1 {
        let mid = low + (high - low) / 2;
        if reaches(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    Some(high)
}

/// TPR of player `i` (`None`: no rated opponent met over the board).
pub(crate) fn tpr(
    f: &Fide,
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
) -> Option<i64> {
    let (_, tpr, parts) = f.rating_parts(rounds, ratings, idx, i);
    (!parts.is_empty()).then(|| tpr.hundredths() / 100)
}

/// The average of a value of the opponents met over the board (those for
/// whom it is defined), rounded half up.
fn average_of_opponents(
    rounds: &[Vec<PlayerRound>],
    idx: &HashMap<i64, usize>,
    i: usize,
    value: impl Fn(usize) -> Option<i64>,
) -> Option<i64> {
    average_of_parts(&opponent_parts(rounds, idx, i, value))
}

/// The parts an average of opponents (APRO, APPO and their cuts) is made
/// of: each opponent met over the board with his value, one a round; an
/// opponent without a value (no rated opponent of his own) is shown but
/// not counted, as the average leaves him out.
pub(crate) fn opponent_parts(
    rounds: &[Vec<PlayerRound>],
    idx: &HashMap<i64, usize>,
    i: usize,
    value: impl Fn(usize) -> Option<i64>,
) -> Vec<Part> {
    rounds[i]
        .iter()
        .filter(|pr| over_board(pr))
        .filter_map(|pr| {
            let v = value(*idx.get(&pr.opponent?)?);
            Some(Part {
                round: pr.round,
                opponent: pr.opponent,
                kind: PartKind::Opponent,
                value: Points::new(v.unwrap_or(0)),
                vur: false,
                cut: v.is_none(),
            })
        })
        .collect()
}

/// The average of the counted parts' whole values, rounded half up;
/// `None` when none is counted.
pub(crate) fn average_of_parts(parts: &[Part]) -> Option<i64> {
    let vals: Vec<i64> = parts
        .iter()
        .filter(|p| !p.cut)
        .map(|p| p.value.hundredths() / 100)
        .collect();
    if vals.is_empty() {
        return None;
    }
    let (sum, n) = (vals.iter().sum::<i64>(), vals.len() as i64);
    Some((2 * sum + n).div_euclid(2 * n))
}

/// APRO: the average of the opponents' TPR.
pub(crate) fn apro(
    f: &Fide,
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
) -> Option<i64> {
    average_of_opponents(rounds, idx, i, |j| tpr(f, rounds, ratings, idx, j))
}

/// APPO: the average of the opponents' PTP.
pub(crate) fn appo(
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
) -> Option<i64> {
    average_of_opponents(rounds, idx, i, |j| ptp(rounds, ratings, idx, j))
}

/// How a performance is cut: `low` ratings cut from the bottom and `high`
/// from the top; `perfect`: the perfect performance (PTP, APPO) instead
/// of the rating performance (TPR, APRO).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cut {
    pub low: usize,
    pub high: usize,
    pub perfect: bool,
    /// 2022's rules (`/V2022`): unplayed rounds are the first cuts.
    pub old: bool,
}

/// TPR (or, `perfect`, PTP) of player `i` over the opponents left after
/// the cut, as FIDE's checker cuts ARO ([`Fide::rating_cut`]): the cut
/// games' points go with them. `None`: no rated opponent left.
pub(crate) fn cut_performance(
    f: &Fide,
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
    c: Cut,
) -> (Option<i64>, Vec<Part>) {
    let Cut {
        low,
        high,
        perfect,
        old,
    } = c;
    let parts = f.rating_cut(rounds, ratings, idx, i, low, high, old);
    let mut opps = Vec::new();
    let mut score = 0;
    for p in parts.iter().filter(|p| !p.cut) {
        opps.push(p.value.hundredths() / 100);
        let pr = rounds[i].iter().find(|pr| pr.round == p.round);
        score += match pr.and_then(|pr| pr.result) {
            Some(RoundResult::Win) => 100,
            Some(RoundResult::Draw) => 50,
            _ => 0,
        };
    }
    if opps.is_empty() {
        return (None, parts);
    }
    let value = if perfect {
        ptp_of(&opps, score)
    } else {
        let n = opps.len() as i64;
        let aro = div_round(opps.iter().sum(), n);
        Some(aro + dp(div_round(score, n)))
    };
    (value, parts)
}

/// APRO (or, `perfect`, APPO) over the opponents' cut TPR (PTP):
/// `APRO/C1` averages the opponents' TPR/C1. The parts are each
/// opponent's cut performance.
pub(crate) fn average_cut_performance(
    f: &Fide,
    rounds: &[Vec<PlayerRound>],
    ratings: &[Option<i32>],
    idx: &HashMap<i64, usize>,
    i: usize,
    c: Cut,
) -> (Option<i64>, Vec<Part>) {
    let parts = opponent_parts(rounds, idx, i, |j| {
        cut_performance(f, rounds, ratings, idx, j, c).0
    });
    (average_of_parts(&parts), parts)
}

/// Points of a rating, as tie-break values hold them.
pub(crate) fn as_points(r: Option<i64>) -> Points {
    Points::new(r.unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_scores_follow_the_fide_table() {
        assert_eq!(expected(2000, 2000), 50);
        assert_eq!(expected(2003, 2000), 50);
        assert_eq!(expected(2004, 2000), 51);
        assert_eq!(expected(2000, 2004), 49);
        assert_eq!(expected(2735, 2000), 99);
        assert_eq!(expected(2736, 2000), 100);
        assert_eq!(expected(1000, 2900), 0);
    }
}
