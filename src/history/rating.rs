//! The club rating list (等级分): Elo, updated once per finished event.
//!
//! Rules (documented for the club, and what the tests check):
//! - Events count in event order (date, then id); only played games count
//!   (forfeits, unplayed games and byes are ignored).
//! - Inside an event every game is scored against the ratings the players
//!   had before the event; each member's change is `K × Σ(S − E)` with
//!   `E = 1 / (1 + 10^((Ro − R)/400))`, computed in `f64` over the member's
//!   games in board order and rounded once to an integer with
//!   `f64::round` (halves away from zero). Ratings are stored as integers,
//!   so replaying the same events always gives the same list: an
//!   incremental update equals a recomputation from scratch.
//! - K: `new_k` while the member has played fewer than `new_games` rated
//!   games before the event, `high_k` once his rating is at least
//!   `high_threshold`, else `k`.
//! - A member without an entered rating is unrated until he has played
//!   `provisional_games` games; after the event in which he reaches that,
//!   he gets his performance `avg(Ro) + 400 × (W − L) / n`, rounded the same
//!   way, where an unrated opponent counts as `unrated_opponent`. Games
//!   between a rated and an unrated member do not move the rated one.

use super::{HistEvent, HistGame, History};
use crate::domain::{Colour, Outcome};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

/// The `[ratings]` settings of `config.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingSettings {
    /// K for a member's first `new_games` rated games.
    pub new_k: u32,
    pub new_games: u32,
    /// The usual K.
    pub k: u32,
    /// K at or above `high_threshold`.
    pub high_k: u32,
    pub high_threshold: i32,
    /// Games an unrated member plays before he gets a performance rating.
    pub provisional_games: u32,
    /// The rating an unrated opponent counts as in a performance rating.
    pub unrated_opponent: i32,
}

impl Default for RatingSettings {
    fn default() -> Self {
        RatingSettings {
            new_k: 40,
            new_games: 30,
            k: 20,
            high_k: 10,
            high_threshold: 2400,
            provisional_games: 5,
            unrated_opponent: 1500,
        }
    }
}

impl RatingSettings {
    /// K for a member rated `rating` with `games` rated games behind him.
    pub fn k_for(&self, rating: i32, games: u32) -> u32 {
        if games < self.new_games {
            self.new_k
        } else if rating >= self.high_threshold {
            self.high_k
        } else {
            self.k
        }
    }
}

/// The expected score of a player rated `r` against `opp`.
pub fn expected_score(r: i32, opp: i32) -> f64 {
    1.0 / (1.0 + 10f64.powf((opp - r) as f64 / 400.0))
}

/// A member's place on the list.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// `None` while unrated (no entered rating, too few games).
    pub rating: Option<i32>,
    /// Rated games played (those that moved the rating).
    pub games: u32,
    /// Finished events played in.
    pub events: u32,
    /// While unrated: games so far, their opponents' ratings summed, and the score in half points.
    pub pending_games: u32,
    pub pending_opp_sum: i64,
    pub pending_halves: u32,
}

/// What one event did to one member's rating.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    pub event_id: i64,
    pub member_id: i64,
    /// Before the event (`None` = unrated).
    pub before: Option<i32>,
    /// After the event (`None` = still unrated).
    pub after: Option<i32>,
    /// Played games in this event.
    pub games: u32,
    /// Score in this event, in half points (a win is 2).
    pub score_halves: u32,
    /// The K used (0 when no rating was updated).
    pub k: u32,
}

impl RatingChange {
    /// The change in rating points (0 while unrated; a first rating is not a change).
    pub fn delta(&self) -> i32 {
        match (self.before, self.after) {
            (Some(b), Some(a)) => a - b,
            _ => 0,
        }
    }
}

/// The list between events: what an incremental update starts from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingState {
    pub players: BTreeMap<i64, PlayerRating>,
    /// Events applied so far.
    pub events: u32,
}

/// A played game for the rating: members and red's score in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RatedGame {
    pub red: i64,
    pub black: i64,
    pub red_halves: u32,
}

impl RatedGame {
    /// `None` for games that were not played over the board.
    pub fn from_game(g: &HistGame) -> Option<RatedGame> {
        let red_halves = match g.outcome {
            Outcome::RedWin => 2,
            Outcome::Draw => 1,
            Outcome::BlackWin => 0,
            _ => return None,
        };
        Some(RatedGame {
            red: g.red,
            black: g.black,
            red_halves,
        })
    }
}

#[derive(Default)]
struct Acc {
    se: f64,
    rated: u32,
    games: u32,
    halves: u32,
    opp_sum: i64,
    unrated_games: u32,
    unrated_halves: u32,
}

fn round_rating(x: f64) -> i32 {
    x.round() as i32
}

impl RatingState {
    /// The member's rating now.
    pub fn rating(&self, member: i64) -> Option<i32> {
        self.players.get(&member).and_then(|p| p.rating)
    }

    /// Applies one finished event's played games (in board order).
    /// `entered` gives the entered rating of members not yet on the list.
    pub fn apply_event(
        &mut self,
        event_id: i64,
        games: &[RatedGame],
        entered: &HashMap<i64, i32>,
        s: &RatingSettings,
    ) -> Vec<RatingChange> {
        // The event's players by ascending id (the order of the changes),
        // each game's two found by binary search: a few comparisons where a
        // map per game side cost a hash and a tree walk.
        let mut ids: Vec<i64> = games.iter().flat_map(|g| [g.red, g.black]).collect();
        ids.sort_unstable();
        ids.dedup();
        let at = |m: i64| ids.binary_search(&m).expect("every player is listed");
        // Everyone is scored against the ratings from before the event.
        let pre: Vec<Option<i32>> = ids
            .iter()
            .map(|&m| {
                self.players
                    .entry(m)
                    .or_insert_with(|| PlayerRating {
                        rating: entered.get(&m).copied(),
                        ..Default::default()
                    })
                    .rating
            })
            .collect();
        let mut acc: Vec<Acc> = ids.iter().map(|_| Acc::default()).collect();
        for g in games {
            let (red, black) = (at(g.red), at(g.black));
            for (me, opp, colour) in [(red, black, Colour::Red), (black, red, Colour::Black)] {
                let halves = match colour {
                    Colour::Red => g.red_halves,
                    Colour::Black => 2 - g.red_halves,
                };
                let a = &mut acc[me];
                a.games += 1;
                a.halves += halves;
                match (pre[me], pre[opp]) {
                    (Some(r), Some(ro)) => {
                        a.se += halves as f64 / 2.0 - expected_score(r, ro);
                        a.rated += 1;
                    }
                    (Some(_), None) => {}
                    (None, ro) => {
                        a.opp_sum += ro.unwrap_or(s.unrated_opponent) as i64;
                        a.unrated_games += 1;
                        a.unrated_halves += halves;
                    }
                }
            }
        }
        let mut out = Vec::with_capacity(acc.len());
        for (&m, a) in ids.iter().zip(acc) {
            let p = self.players.get_mut(&m).expect("inserted above");
            let before = p.rating;
            let mut k = 0;
            match before {
                Some(r) => {
                    if a.rated > 0 {
                        k = s.k_for(r, p.games);
                        p.rating = Some(r + round_rating(k as f64 * a.se));
                        p.games += a.rated;
                    }
                }
                None => {
                    p.pending_games += a.unrated_games;
                    p.pending_opp_sum += a.opp_sum;
                    p.pending_halves += a.unrated_halves;
                    if p.pending_games >= s.provisional_games.max(1) {
                        let n = p.pending_games as f64;
                        let perf = p.pending_opp_sum as f64 / n
                            + 400.0 * (p.pending_halves as f64 - n) / n;
                        p.rating = Some(round_rating(perf));
                        p.games += p.pending_games;
                        p.pending_games = 0;
                        p.pending_opp_sum = 0;
                        p.pending_halves = 0;
                    }
                }
            }
            p.events += 1;
            out.push(RatingChange {
                event_id,
                member_id: m,
                before,
                after: p.rating,
                games: a.games,
                score_halves: a.halves,
                k,
            });
        }
        self.events += 1;
        out
    }
}

/// The list after replaying events, with every change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ratings {
    pub state: RatingState,
    /// In event order, members by id inside an event.
    pub changes: Vec<RatingChange>,
    /// The events that were applied, in order.
    pub events: Vec<HistEvent>,
}

impl Ratings {
    /// The changes of one member, in event order.
    pub fn changes_of(&self, member: i64) -> impl Iterator<Item = &RatingChange> {
        self.changes.iter().filter(move |c| c.member_id == member)
    }

    /// Ratings before each event: (event id, member) → rating.
    pub fn before_event(&self) -> HashMap<(i64, i64), i32> {
        self.changes
            .iter()
            .filter_map(|c| c.before.map(|r| ((c.event_id, c.member_id), r)))
            .collect()
    }
}

/// Replays the finished events of `h` (already in event order) from scratch,
/// stopping after the last event dated on or before `as_of`.
pub fn compute_ratings(
    h: &History,
    s: &RatingSettings,
    as_of: Option<chrono::NaiveDate>,
) -> Ratings {
    let entered: HashMap<i64, i32> = h
        .members
        .iter()
        .filter_map(|m| m.entered_rating.map(|r| (m.id, r)))
        .collect();
    let mut out = Ratings::default();
    for (ev, games) in h.by_event() {
        if !ev.finished || as_of.is_some_and(|d| ev.date > d) {
            continue;
        }
        let rated: Vec<RatedGame> = games
            .iter()
            .filter(|g| ev.rates(g))
            .filter_map(RatedGame::from_game)
            .collect();
        let ch = out.state.apply_event(ev.id, &rated, &entered, s);
        out.changes.extend(ch);
        out.events.push(ev.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(red: i64, black: i64, red_halves: u32) -> RatedGame {
        RatedGame {
            red,
            black,
            red_halves,
        }
    }

    #[test]
    fn k_follows_games_then_threshold() {
        let s = RatingSettings::default();
        assert_eq!(s.k_for(2500, 29), 40);
        assert_eq!(s.k_for(1800, 30), 20);
        assert_eq!(s.k_for(2400, 30), 10);
    }

    #[test]
    fn equal_players_win_moves_by_half_k() {
        // 1600 v 1600: E = 0.5; a win with K 40 gives +20 and -20.
        let mut st = RatingState::default();
        let entered = HashMap::from([(1, 1600), (2, 1600)]);
        let ch = st.apply_event(9, &[g(1, 2, 2)], &entered, &RatingSettings::default());
        assert_eq!(st.rating(1), Some(1620));
        assert_eq!(st.rating(2), Some(1580));
        assert_eq!(ch[0].delta(), 20);
        assert_eq!(ch[1].k, 40);
    }
}
