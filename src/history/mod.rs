//! The club's memory: ratings (等级分), statistics (和棋率, 先手优势) and
//! member histories over the stored events.
//!
//! Pure: the app layer loads a [`History`] from the store and hands it in.
//! Ratings are integers (Elo arithmetic in `f64`, rounded once per member
//! and event); statistics are floats (they are not points).

mod member;
mod rating;
mod stats;

pub use member::{
    head_to_head, member_history, HeadToHead, MemberEvent, MemberGame, MemberHistory, PlayerResult,
    YearScore,
};
pub use rating::{
    compute_ratings, expected_score, PlayerRating, RatedGame, RatingChange, RatingSettings,
    RatingState, Ratings,
};
pub use stats::{
    event_tallies, games_with_replay, rating_bucket, red_score_ci, stats, Bucket, ClockUse,
    RedScore, StatGame, Stats, Tally,
};

use crate::domain::{Outcome, Termination, TimeControl};
use chrono::NaiveDate;

/// An event as history sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistEvent {
    pub id: i64,
    pub name: String,
    /// The date the event is ordered by: its start date, else its first
    /// round's date, else the day it was created.
    pub date: NaiveDate,
    /// Finished events change ratings; others only count in statistics.
    pub finished: bool,
    pub scheme: String,
    pub time_control: TimeControl,
    /// Knockouts: only games numbered up to this are rated (the regular
    /// games; play-off games count only with `rate_playoffs`). `None` = all.
    pub rated_up_to_game: Option<u32>,
}

impl HistEvent {
    /// Does game `g` of this event count in the ratings?
    pub fn rates(&self, g: &HistGame) -> bool {
        self.rated_up_to_game.is_none_or(|n| g.game_no <= n)
    }
}

/// A stored game with members (not entries) on both sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistGame {
    pub event_id: i64,
    pub round: u32,
    pub board: u32,
    pub game_no: u32,
    /// Member ids.
    pub red: i64,
    pub black: i64,
    pub outcome: Outcome,
    pub termination: Option<Termination>,
    pub moves: Option<u32>,
    pub red_used_ms: Option<i64>,
    pub black_used_ms: Option<i64>,
}

/// A member as history sees him.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistMember {
    pub id: i64,
    pub name: String,
    /// The entered rating (the member's, else the one entered with his first event).
    pub entered_rating: Option<i32>,
}

/// The club's stored history: events in event order (by date, then id) and
/// their games grouped by event in that order (round, board, game).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    pub events: Vec<HistEvent>,
    pub games: Vec<HistGame>,
    pub members: Vec<HistMember>,
}

impl History {
    /// Puts events in event order (date, then id) and games in the same
    /// order (event, round, board, game number).
    pub fn sort(&mut self) {
        self.events
            .sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
        let pos: std::collections::HashMap<i64, usize> = self
            .events
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i))
            .collect();
        self.games.sort_by_key(|g| {
            (
                pos.get(&g.event_id).copied().unwrap_or(usize::MAX),
                g.round,
                g.board,
                g.game_no,
            )
        });
    }

    /// The games of each event, in event order (events without games give an empty slice).
    pub fn by_event(&self) -> Vec<(&HistEvent, &[HistGame])> {
        let mut out = Vec::with_capacity(self.events.len());
        let mut i = 0;
        for e in &self.events {
            let start = i;
            while i < self.games.len() && self.games[i].event_id == e.id {
                i += 1;
            }
            out.push((e, &self.games[start..i]));
        }
        out
    }

    pub fn event(&self, id: i64) -> Option<&HistEvent> {
        self.events.iter().find(|e| e.id == id)
    }

    pub fn member_name(&self, id: i64) -> String {
        self.members
            .iter()
            .find(|m| m.id == id)
            .map(|m| m.name.clone())
            .unwrap_or_else(|| format!("#{id}"))
    }
}
