//! Statistics over a set of games: red's first-move advantage (先手优势),
//! the draw rate (和棋率), game length, clock use, how games ended.
//!
//! Only games played over the board count: forfeits, unplayed games and
//! byes are not games. Red's score is 1 for a win, ½ for a draw, 0 for a
//! loss; its 95% confidence interval is the normal approximation
//! `mean ± 1.96 · s / √n` with the sample standard deviation `s` (divisor
//! `n − 1`), clamped to [0, 1]; with fewer than two games it is [0, 1].

use crate::domain::{Outcome, Termination, TimeControl};
use serde::Serialize;

use std::collections::BTreeMap;

/// Floats are written with four decimals at most (fixed output for JSON).
fn r4(x: f64) -> f64 {
    (x * 1e4).round() / 1e4
}

fn ser4<S: serde::Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(r4(*x))
}

fn ser4_opt<S: serde::Serializer>(x: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match x {
        Some(v) => s.serialize_some(&r4(*v)),
        None => s.serialize_none(),
    }
}

fn ser4_pair<S: serde::Serializer>(x: &[f64; 2], s: S) -> Result<S::Ok, S::Error> {
    [r4(x[0]), r4(x[1])].serialize(s)
}

/// One game for the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct StatGame {
    pub outcome: Outcome,
    pub termination: Option<Termination>,
    pub moves: Option<u32>,
    pub red_used_ms: Option<i64>,
    pub black_used_ms: Option<i64>,
    /// Red's rating minus black's, before the event (when both were rated).
    pub rating_diff: Option<i32>,
    pub time_control: TimeControl,
}

/// Red's score with its 95% confidence interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RedScore {
    #[serde(serialize_with = "ser4_opt")]
    pub mean: Option<f64>,
    #[serde(serialize_with = "ser4_pair")]
    pub ci95: [f64; 2],
}

/// Draws among the games of one group.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Bucket {
    pub label: String,
    pub games: u64,
    pub red_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    /// Draws / games (0 when there are none).
    #[serde(serialize_with = "ser4")]
    pub draw_rate: f64,
}

/// Average clock time used per side (games with both readings).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockUse {
    pub games: u64,
    #[serde(serialize_with = "ser4_opt")]
    pub red_ms: Option<f64>,
    #[serde(serialize_with = "ser4_opt")]
    pub black_ms: Option<f64>,
}

/// The statistics of a set of games. Serialised in this field order: the
/// totals first.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stats {
    pub games: u64,
    pub red_wins: u64,
    pub draws: u64,
    pub black_wins: u64,
    pub red_score: RedScore,
    #[serde(serialize_with = "ser4")]
    pub red_win_pct: f64,
    #[serde(serialize_with = "ser4")]
    pub draw_pct: f64,
    #[serde(serialize_with = "ser4")]
    pub black_win_pct: f64,
    /// Forfeited games seen and left out.
    pub forfeits: u64,
    pub draw_rate_by_rating_diff: Vec<Bucket>,
    pub draw_rate_by_time_control: Vec<Bucket>,
    /// Average full moves over the games that have a move count.
    #[serde(serialize_with = "ser4_opt")]
    pub average_moves: Option<f64>,
    pub games_with_moves: u64,
    pub clock: ClockUse,
    /// How played games ended, by termination code (`unknown` when not recorded).
    pub terminations: BTreeMap<String, u64>,
}

/// The rating-difference bucket of `red − black` (absolute, 100-point steps
/// up to 400+), or `unrated`.
pub fn rating_bucket(diff: Option<i32>) -> &'static str {
    match diff.map(|d| d.unsigned_abs()) {
        None => "unrated",
        Some(0..=99) => "0-99",
        Some(100..=199) => "100-199",
        Some(200..=299) => "200-299",
        Some(300..=399) => "300-399",
        Some(_) => "400+",
    }
}

const BUCKETS: [&str; 6] = ["0-99", "100-199", "200-299", "300-399", "400+", "unrated"];

/// Red's mean score and 95% interval from win/draw/loss counts.
pub fn red_score_ci(wins: u64, draws: u64, losses: u64) -> RedScore {
    let n = (wins + draws + losses) as f64;
    if n == 0.0 {
        return RedScore {
            mean: None,
            ci95: [0.0, 1.0],
        };
    }
    let mean = (wins as f64 + draws as f64 / 2.0) / n;
    if n < 2.0 {
        return RedScore {
            mean: Some(mean),
            ci95: [0.0, 1.0],
        };
    }
    let ss = wins as f64 * (1.0 - mean).powi(2)
        + draws as f64 * (0.5 - mean).powi(2)
        + losses as f64 * mean.powi(2);
    let half = 1.96 * (ss / (n - 1.0)).sqrt() / n.sqrt();
    RedScore {
        mean: Some(mean),
        ci95: [(mean - half).max(0.0), (mean + half).min(1.0)],
    }
}

#[derive(Default)]
struct Count {
    red: u64,
    draw: u64,
    black: u64,
}

impl Count {
    fn add(&mut self, o: Outcome) {
        match o {
            Outcome::RedWin => self.red += 1,
            Outcome::Draw => self.draw += 1,
            _ => self.black += 1,
        }
    }
    fn bucket(&self, label: String) -> Bucket {
        let games = self.red + self.draw + self.black;
        Bucket {
            label,
            games,
            red_wins: self.red,
            draws: self.draw,
            black_wins: self.black,
            draw_rate: pct(self.draw, games) / 100.0,
        }
    }
}

fn pct(x: u64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        100.0 * x as f64 / n as f64
    }
}

/// Computes the statistics of `games` (forfeits and unplayed games are counted aside).
pub fn stats<'a>(games: impl IntoIterator<Item = &'a StatGame>) -> Stats {
    let mut total = Count::default();
    let mut forfeits = 0;
    let mut by_diff: BTreeMap<&'static str, Count> = BTreeMap::new();
    let mut by_tc: BTreeMap<(i64, i64, i64), Count> = BTreeMap::new();
    let (mut moves_sum, mut moves_n) = (0u64, 0u64);
    let (mut red_ms, mut black_ms, mut clock_n) = (0i64, 0i64, 0u64);
    let mut terminations: BTreeMap<&'static str, u64> = BTreeMap::new();
    for g in games {
        if !g.outcome.is_played() {
            if g.outcome.is_forfeit() {
                forfeits += 1;
            }
            continue;
        }
        total.add(g.outcome);
        by_diff
            .entry(rating_bucket(g.rating_diff))
            .or_default()
            .add(g.outcome);
        let tc = g.time_control;
        by_tc
            .entry((tc.red_base_ms, tc.black_base_ms, tc.increment_ms))
            .or_default()
            .add(g.outcome);
        if let Some(m) = g.moves {
            moves_sum += m as u64;
            moves_n += 1;
        }
        if let (Some(r), Some(b)) = (g.red_used_ms, g.black_used_ms) {
            red_ms += r;
            black_ms += b;
            clock_n += 1;
        }
        *terminations
            .entry(g.termination.map_or("unknown", |t| t.code()))
            .or_default() += 1;
    }
    let n = total.red + total.draw + total.black;
    let avg = |s: i64, k: u64| (k > 0).then(|| s as f64 / k as f64);
    Stats {
        games: n,
        red_wins: total.red,
        draws: total.draw,
        black_wins: total.black,
        red_score: red_score_ci(total.red, total.draw, total.black),
        red_win_pct: pct(total.red, n),
        draw_pct: pct(total.draw, n),
        black_win_pct: pct(total.black, n),
        forfeits,
        draw_rate_by_rating_diff: BUCKETS
            .iter()
            .filter_map(|b| by_diff.get(b).map(|c| c.bucket(b.to_string())))
            .collect(),
        draw_rate_by_time_control: by_tc
            .iter()
            .map(|(&(r, b, i), c)| {
                let tc = TimeControl {
                    red_base_ms: r,
                    black_base_ms: b,
                    increment_ms: i,
                };
                c.bucket(tc.to_string())
            })
            .collect(),
        average_moves: avg(moves_sum as i64, moves_n),
        games_with_moves: moves_n,
        clock: ClockUse {
            games: clock_n,
            red_ms: avg(red_ms, clock_n),
            black_ms: avg(black_ms, clock_n),
        },
        terminations: terminations
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interval_by_hand() {
        // 6 wins, 2 draws, 2 losses: mean 0.7; deviations 0.3 (×6), -0.2 (×2),
        // -0.7 (×2): ss = 0.54 + 0.08 + 0.98 = 1.6; s² = 1.6/9; half-width
        // = 1.96 × sqrt(1.6/9) / sqrt(10) = 0.26133…
        let r = red_score_ci(6, 2, 2);
        assert!((r.mean.unwrap() - 0.7).abs() < 1e-12);
        assert!((r.ci95[0] - 0.438667).abs() < 1e-5, "{:?}", r.ci95);
        assert!((r.ci95[1] - 0.961333).abs() < 1e-5, "{:?}", r.ci95);
        assert_eq!(red_score_ci(0, 0, 0).mean, None);
        assert_eq!(red_score_ci(1, 0, 0).ci95, [0.0, 1.0]);
    }

    #[test]
    fn buckets_by_absolute_difference() {
        assert_eq!(rating_bucket(Some(-150)), "100-199");
        assert_eq!(rating_bucket(Some(99)), "0-99");
        assert_eq!(rating_bucket(Some(400)), "400+");
        assert_eq!(rating_bucket(None), "unrated");
    }
}
