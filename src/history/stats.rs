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

use super::{HistEvent, History, Ratings};
use std::collections::{BTreeMap, HashMap};

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

/// Where a termination is counted in a [`Tally`]: its place in
/// `Termination::ALL`, or the last slot when not recorded.
fn termination_slot(t: Option<Termination>) -> usize {
    t.and_then(|t| Termination::ALL.iter().position(|&x| x == t))
        .unwrap_or(Termination::ALL.len())
}

/// The running sums the statistics are made of; tallies of disjoint sets
/// of games add up ([`Tally::merge`]) to the tally of their union, so the
/// store keeps one per event and any selection of events is the sum of
/// theirs. [`Tally::finish`] makes the [`Stats`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Red wins, draws, black wins.
    pub total: [u64; 3],
    pub forfeits: u64,
    /// By rating-difference bucket, in `BUCKETS` order.
    pub by_diff: [[u64; 3]; 6],
    /// By time control (red base, black base, increment).
    pub by_tc: BTreeMap<(i64, i64, i64), [u64; 3]>,
    pub moves_sum: u64,
    pub moves_n: u64,
    pub red_ms: i64,
    pub black_ms: i64,
    pub clock_n: u64,
    /// By termination, in `Termination::ALL` order, then "unknown".
    pub terminations: [u64; 8],
}

// A tally's termination slots: every termination, then "unknown".
const _: () = assert!(Termination::ALL.len() + 1 == 8);

/// [`rating_bucket`]'s place in `BUCKETS`.
fn bucket_slot(diff: Option<i32>) -> usize {
    match diff.map(|d| d.unsigned_abs()) {
        None => 5,
        Some(0..=99) => 0,
        Some(100..=199) => 1,
        Some(200..=299) => 2,
        Some(300..=399) => 3,
        Some(_) => 4,
    }
}

fn outcome_slot(o: Outcome) -> usize {
    match o {
        Outcome::RedWin => 0,
        Outcome::Draw => 1,
        _ => 2,
    }
}

fn add3(a: &mut [u64; 3], b: &[u64; 3]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x += y;
    }
}

impl Tally {
    /// Counts one game (a forfeit or an unplayed game only as such).
    pub fn add(&mut self, g: &StatGame) {
        if !g.outcome.is_played() {
            if g.outcome.is_forfeit() {
                self.forfeits += 1;
            }
            return;
        }
        let o = outcome_slot(g.outcome);
        self.total[o] += 1;
        self.by_diff[bucket_slot(g.rating_diff)][o] += 1;
        let tc = g.time_control;
        self.by_tc
            .entry((tc.red_base_ms, tc.black_base_ms, tc.increment_ms))
            .or_default()[o] += 1;
        if let Some(m) = g.moves {
            self.moves_sum += m as u64;
            self.moves_n += 1;
        }
        if let (Some(r), Some(b)) = (g.red_used_ms, g.black_used_ms) {
            self.red_ms += r;
            self.black_ms += b;
            self.clock_n += 1;
        }
        self.terminations[termination_slot(g.termination)] += 1;
    }

    /// Adds another tally's games.
    pub fn merge(&mut self, o: &Tally) {
        add3(&mut self.total, &o.total);
        self.forfeits += o.forfeits;
        for (a, b) in self.by_diff.iter_mut().zip(&o.by_diff) {
            add3(a, b);
        }
        for (k, v) in &o.by_tc {
            add3(self.by_tc.entry(*k).or_default(), v);
        }
        self.moves_sum += o.moves_sum;
        self.moves_n += o.moves_n;
        self.red_ms += o.red_ms;
        self.black_ms += o.black_ms;
        self.clock_n += o.clock_n;
        for (a, b) in self.terminations.iter_mut().zip(&o.terminations) {
            *a += b;
        }
    }

    /// The statistics of the games counted.
    pub fn finish(&self) -> Stats {
        let count = |c: &[u64; 3]| Count {
            red: c[0],
            draw: c[1],
            black: c[2],
        };
        let total = count(&self.total);
        let n = total.red + total.draw + total.black;
        let avg = |s: i64, k: u64| (k > 0).then(|| s as f64 / k as f64);
        let seen = |c: &&[u64; 3]| c.iter().sum::<u64>() > 0;
        Stats {
            games: n,
            red_wins: total.red,
            draws: total.draw,
            black_wins: total.black,
            red_score: red_score_ci(total.red, total.draw, total.black),
            red_win_pct: pct(total.red, n),
            draw_pct: pct(total.draw, n),
            black_win_pct: pct(total.black, n),
            forfeits: self.forfeits,
            draw_rate_by_rating_diff: BUCKETS
                .iter()
                .zip(&self.by_diff)
                .filter(|(_, c)| seen(c))
                .map(|(b, c)| count(c).bucket(b.to_string()))
                .collect(),
            draw_rate_by_time_control: self
                .by_tc
                .iter()
                .filter(|(_, c)| seen(c))
                .map(|(&(r, b, i), c)| {
                    let tc = TimeControl {
                        red_base_ms: r,
                        black_base_ms: b,
                        increment_ms: i,
                    };
                    count(c).bucket(tc.to_string())
                })
                .collect(),
            average_moves: avg(self.moves_sum as i64, self.moves_n),
            games_with_moves: self.moves_n,
            clock: ClockUse {
                games: self.clock_n,
                red_ms: avg(self.red_ms, self.clock_n),
                black_ms: avg(self.black_ms, self.clock_n),
            },
            terminations: self
                .terminations
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(i, &n)| {
                    let code = Termination::ALL.get(i).map_or("unknown", |t| t.code());
                    (code.to_string(), n)
                })
                .collect(),
        }
    }
}

/// Computes the statistics of `games` (forfeits and unplayed games are counted aside).
pub fn stats<'a>(games: impl IntoIterator<Item = &'a StatGame>) -> Stats {
    let mut t = Tally::default();
    for g in games {
        t.add(g);
    }
    t.finish()
}

/// The statistics' games from a replay already made: `r` is
/// `compute_ratings(h, s, None)`, whose changes give each member's rating
/// before each event without replaying the games again.
pub fn games_with_replay(
    h: &History,
    r: &Ratings,
    keep: impl Fn(&HistEvent) -> bool,
) -> Vec<StatGame> {
    let mut out = Vec::with_capacity(h.games.len());
    walk_with_replay(h, r, keep, |_, g| out.push(g));
    out
}

/// Each event's [`Tally`] (events in `h`'s order, every one of them), the
/// games' rating differences from the replay `r` as in
/// [`games_with_replay`]: the statistics of a selection of events are the
/// sum of theirs.
pub fn event_tallies(h: &History, r: &Ratings) -> Vec<(i64, Tally)> {
    let mut out: Vec<(i64, Tally)> = h.events.iter().map(|e| (e.id, Tally::default())).collect();
    let mut i = 0;
    walk_with_replay(
        h,
        r,
        |_| true,
        |ev, g| {
            while out[i].0 != ev.id {
                i += 1;
            }
            out[i].1.add(&g);
        },
    );
    out
}

/// Calls `f` with each game of the events `keep` selects, in `h`'s order,
/// its rating difference from the replay `r`.
fn walk_with_replay(
    h: &History,
    r: &Ratings,
    keep: impl Fn(&HistEvent) -> bool,
    mut f: impl FnMut(&HistEvent, StatGame),
) {
    // A member's rating so far, by his place in `h.members` (sorted by
    // id): his last change's, else his entered one (the replay lists a
    // change for every player of every rated event).
    let mut ids: Vec<i64> = h.members.iter().map(|m| m.id).collect();
    let mut now: Vec<Option<i32>> = h.members.iter().map(|m| m.entered_rating).collect();
    if !ids.is_sorted() {
        let mut pairs: Vec<(i64, Option<i32>)> = ids.into_iter().zip(now).collect();
        pairs.sort_unstable_by_key(|p| p.0);
        (ids, now) = pairs.into_iter().unzip();
    }
    let at = |m: i64| ids.binary_search(&m).ok();
    // Players no member row names (none in a sound club) kept aside.
    let mut others: HashMap<i64, Option<i32>> = HashMap::new();
    let rating = |now: &[Option<i32>], others: &HashMap<i64, Option<i32>>, m: i64| match at(m) {
        Some(i) => now[i],
        None => others.get(&m).copied().flatten(),
    };
    let mut changes = r.changes.iter().peekable();
    for (ev, games) in h.by_event() {
        if keep(ev) {
            for g in games {
                let diff = match (rating(&now, &others, g.red), rating(&now, &others, g.black)) {
                    (Some(a), Some(b)) => Some(a - b),
                    _ => None,
                };
                f(
                    ev,
                    StatGame {
                        outcome: g.outcome,
                        termination: g.termination,
                        moves: g.moves,
                        red_used_ms: g.red_used_ms,
                        black_used_ms: g.black_used_ms,
                        rating_diff: diff,
                        time_control: ev.time_control,
                    },
                );
            }
        }
        if ev.finished {
            while let Some(c) = changes.next_if(|c| c.event_id == ev.id) {
                match at(c.member_id) {
                    Some(i) => now[i] = c.after,
                    None => {
                        others.insert(c.member_id, c.after);
                    }
                }
            }
        }
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
