//! The club's memory for the front ends: rating list, statistics, member
//! histories, head-to-head, what-if scoring, and a generated ten-year club
//! for tests and benchmarks (`generate.rs`, feature `testkit`).

use super::{App, Result};
use crate::app::{EventId, MemberId};
use crate::domain::{Event, Points, TimeControl};
use crate::history::{
    compute_ratings, head_to_head, member_history, stats, HeadToHead, History, MemberHistory,
    RatedGame, RatingChange, RatingState, Ratings, StatGame, Stats, Tally,
};
use crate::scoring::{standings, PlayerRef, Scheme, SchemeKind, Standings};
use chrono::NaiveDate;
use std::collections::HashMap;

#[cfg(any(test, feature = "testkit"))]
mod generate;
#[cfg(test)]
mod tests;

#[cfg(any(test, feature = "testkit"))]
pub use generate::{build_history_db, HistorySpec};

/// One line of the rating list.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RatingRow {
    pub rank: u32,
    pub member_id: i64,
    pub name: String,
    pub rating: i32,
    /// Rated games.
    pub games: u32,
    /// Finished events played in.
    pub events: u32,
    /// The change in the member's latest event (0 for a first rating).
    pub last_change: i32,
    /// Every event of the member, in order.
    pub changes: Vec<RatingChangeRow>,
}

/// A member's rating change in one event.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RatingChangeRow {
    pub event_id: i64,
    pub event: String,
    pub date: NaiveDate,
    pub before: Option<i32>,
    pub after: Option<i32>,
    pub delta: i32,
    pub games: u32,
    /// Score in game points (1, ½, 0 a game).
    pub score: Points,
}

/// The rating list as of a date.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RatingList {
    pub as_of: Option<NaiveDate>,
    /// Finished events counted.
    pub events: usize,
    /// Rated members, best first (ties by name, then id).
    pub rows: Vec<RatingRow>,
    /// Members who played but are not rated yet: (id, name, games so far).
    pub unrated: Vec<(i64, String, u32)>,
}

/// Which games `qishe stats` looks at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StatsFilter {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    /// Event names or ids; empty = every event.
    pub events: Vec<String>,
    pub time_control: Option<TimeControl>,
    pub scheme: Option<String>,
}

/// One scheme's standings in a what-if comparison.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeColumn {
    pub scheme: String,
    /// The standings, or why this scheme cannot score the event (a keyed
    /// message, said in the reader's language).
    pub standings: std::result::Result<Standings, crate::i18n::Msg>,
}

/// An event's standings under several schemes; the first is the event's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemeComparison {
    pub event: Event,
    pub players: Vec<PlayerRef>,
    pub columns: Vec<SchemeColumn>,
}

impl SchemeComparison {
    /// Rank, shared, points of entry `id` under column `col`.
    pub fn place(&self, col: usize, id: i64) -> Option<(u32, bool, Points)> {
        let st = self.columns.get(col)?.standings.as_ref().ok()?;
        st.row(id).map(|r| (r.rank, r.shared, r.points))
    }

    /// Places gained under column `col` against the event's own scheme
    /// (positive = higher up).
    pub fn rank_change(&self, col: usize, id: i64) -> Option<i64> {
        let (base, _, _) = self.place(0, id)?;
        let (r, _, _) = self.place(col, id)?;
        Some(base as i64 - r as i64)
    }

    /// The players in the order of the event's own standings (start order if it failed).
    pub fn order(&self) -> Vec<&PlayerRef> {
        match self.columns.first().map(|c| &c.standings) {
            Some(Ok(st)) => st.rows.iter().map(|r| &r.player).collect(),
            _ => self.players.iter().collect(),
        }
    }
}

impl App {
    /// The whole club's history (events in event order).
    pub fn history(&self) -> Result<History> {
        Ok(self.store.history(None)?)
    }

    /// Replays the finished events up to `as_of` from scratch.
    pub fn ratings(&self, as_of: Option<NaiveDate>) -> Result<(History, Ratings)> {
        let h = self.history()?;
        let r = compute_ratings(&h, &self.config.ratings, as_of);
        Ok((h, r))
    }

    /// The rating list as of `as_of` (default: now), with each member's
    /// change per event. The list of now comes from the store's kept
    /// replay (replayed again after any change); an earlier date replays
    /// the events up to it.
    pub fn rating_list(&self, as_of: Option<NaiveDate>) -> Result<RatingList> {
        if as_of.is_some() {
            let (h, r) = self.ratings(as_of)?;
            return Ok(rating_list(&h, &r, as_of));
        }
        let (h, r) = self.store.rated_history(&self.config.ratings, false)?;
        Ok(rating_list(&h, &r, None))
    }

    /// Statistics over the events `f` selects (the rating differences from
    /// the store's kept replay).
    pub fn stats(&self, f: &StatsFilter) -> Result<Stats> {
        let keep = self.stats_selection(f)?;
        let (events, tallies) = self.store.stats_tallies(&self.config.ratings)?;
        let mut t = Tally::default();
        for ev in events.iter().filter(|e| keep(e)) {
            if let Some(x) = tallies.get(&ev.id) {
                t.merge(x);
            }
        }
        Ok(t.finish())
    }

    /// The Statistics screen's two answers, [`App::stats`] and
    /// [`App::rating_list`] as of the filter's end date, from one read of
    /// the club (and the kept replay).
    pub fn stats_and_ratings(&self, f: &StatsFilter) -> Result<(Stats, RatingList)> {
        let stats = self.stats(f)?;
        let list = match f.to {
            None => self.rating_list(None)?,
            Some(_) => self.rating_list_in(&self.history()?, f.to),
        };
        Ok((stats, list))
    }

    /// [`App::stats`] over an already loaded history.
    pub fn stats_in(&self, h: &History, f: &StatsFilter) -> Result<Stats> {
        self.stats_walk(h, f, None)
    }

    /// [`App::stats_in`] and [`App::rating_list_in`] as of the filter's
    /// end date, equal to calling both. With no end date one replay of the
    /// club's finished events serves both (the rating list is the replay's
    /// end state).
    pub fn stats_and_ratings_in(
        &self,
        h: &History,
        f: &StatsFilter,
    ) -> Result<(Stats, RatingList)> {
        if f.to.is_some() {
            return Ok((self.stats_in(h, f)?, self.rating_list_in(h, f.to)));
        }
        let mut r = Ratings::default();
        let stats = self.stats_walk(h, f, Some(&mut r))?;
        Ok((stats, rating_list(h, &r, None)))
    }

    /// Which events `f` selects; its events resolved and its scheme checked.
    fn stats_selection(
        &self,
        f: &StatsFilter,
    ) -> Result<impl Fn(&crate::history::HistEvent) -> bool> {
        let mut ids = Vec::new();
        for key in &f.events {
            ids.push(self.store.resolve_event(key)?.id);
        }
        if let Some(s) = &f.scheme {
            if !crate::config::SCHEMES.contains(&s.as_str()) {
                return Err(super::invalid!(
                    "err.app.unknown_scheme",
                    scheme = s,
                    allowed = crate::config::SCHEMES.join(", ")
                ));
            }
        }
        let f = f.clone();
        Ok(move |ev: &crate::history::HistEvent| {
            (ids.is_empty() || ids.contains(&ev.id))
                && f.from.is_none_or(|d| ev.date >= d)
                && f.to.is_none_or(|d| ev.date <= d)
                && f.time_control.is_none_or(|t| ev.time_control == t)
                && f.scheme.as_ref().is_none_or(|s| &ev.scheme == s)
        })
    }

    fn stats_walk(
        &self,
        h: &History,
        f: &StatsFilter,
        ratings: Option<&mut Ratings>,
    ) -> Result<Stats> {
        let keep = self.stats_selection(f)?;
        let games = replay_games(h, &self.config.ratings, ratings, keep);
        Ok(stats(&games))
    }

    /// [`App::rating_list`] from an already loaded history.
    pub fn rating_list_in(&self, h: &History, as_of: Option<NaiveDate>) -> RatingList {
        let r = compute_ratings(h, &self.config.ratings, as_of);
        rating_list(h, &r, as_of)
    }

    /// A member's events, games, score by year (`player show`, the
    /// member page).
    pub fn member_history(&self, id: MemberId) -> Result<MemberHistory> {
        let h = self.store.history(Some(id.0))?;
        Ok(member_history(&h, id.0))
    }

    /// Two members' games against each other.
    pub fn head_to_head(&self, a: MemberId, b: MemberId) -> Result<HeadToHead> {
        let (ma, mb) = (self.member(a)?, self.member(b)?);
        if ma.id == mb.id {
            return Err(super::invalid!(
                "err.app.same_member",
                a = &ma.name,
                b = &mb.name
            ));
        }
        let h = self.store.history(Some(ma.id))?;
        Ok(head_to_head(&h, ma.id, mb.id))
    }

    /// The schemes named by `keys` (scheme ids, `all` = every built-in
    /// scheme, empty items skipped), in order, for
    /// [`App::compare_schemes`]: the edge's reading of `--compare-schemes`.
    pub fn find_schemes<S: AsRef<str>>(keys: &[S]) -> Result<Vec<SchemeKind>> {
        let mut out = Vec::new();
        for s in keys {
            let s = s.as_ref().trim();
            if s == "all" {
                out.extend(
                    SchemeKind::ALL
                        .into_iter()
                        .filter(|&k| k != SchemeKind::Custom),
                );
            } else if !s.is_empty() {
                let Ok(k) = SchemeKind::from_id(s) else {
                    return Err(super::invalid!(
                        "err.app.unknown_scheme",
                        scheme = s,
                        allowed = format!("{}, all", crate::config::SCHEMES.join(", "))
                    ));
                };
                out.push(k);
            }
        }
        Ok(out)
    }

    /// Re-scores an event under other schemes from its stored games. The
    /// event's own scheme (with its settings and tie-breaks) comes first;
    /// others use their default constants and tie-breaks
    /// ([`App::find_schemes`] reads them from what was typed). A scheme
    /// that needs facts the games lack says so.
    pub fn compare_schemes(
        &self,
        event: EventId,
        schemes: &[SchemeKind],
    ) -> Result<SchemeComparison> {
        let ev = self.event(event)?;
        let data = self.event_data(&ev)?;
        let mut ids: Vec<String> = vec![ev.settings.scheme.clone()];
        ids.extend(schemes.iter().map(|k| k.id().to_string()));
        let mut seen = std::collections::HashSet::new();
        ids.retain(|s| seen.insert(s.clone()));
        let mut columns = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let own = i == 0;
            let result = (|| -> std::result::Result<Standings, crate::i18n::Msg> {
                let empty = crate::domain::SchemeConstants::default();
                let overrides = if own {
                    &ev.settings.scheme_settings
                } else {
                    &empty
                };
                let scheme = Scheme::from_id(id, overrides).map_err(|e| e.msg())?;
                let two = scheme.kind().is_two_game();
                if two != (ev.settings.games_per_round == 2) {
                    return Err(crate::i18n::Msg::new(if two {
                        "hist.needs_two_games"
                    } else {
                        "hist.needs_one_game"
                    }));
                }
                let tbs = if own {
                    self.tiebreaks_of(&ev, &scheme).map_err(|e| e.msg())?
                } else {
                    scheme.default_tiebreaks()
                };
                standings(&data, &scheme, &tbs, None).map_err(|e| e.msg())
            })();
            columns.push(SchemeColumn {
                scheme: id.clone(),
                standings: result,
            });
        }
        Ok(SchemeComparison {
            event: ev,
            players: data.players,
            columns,
        })
    }
}

/// The list from a replay: rated members best first, then the unrated.
pub fn rating_list(h: &History, r: &Ratings, as_of: Option<NaiveDate>) -> RatingList {
    let ev: HashMap<i64, &crate::history::HistEvent> = r.events.iter().map(|e| (e.id, e)).collect();
    let mut by_member: HashMap<i64, Vec<&RatingChange>> = HashMap::new();
    for c in &r.changes {
        by_member.entry(c.member_id).or_default().push(c);
    }
    let mut rows = Vec::new();
    let mut unrated = Vec::new();
    for (&id, p) in &r.state.players {
        let name = h.member_name(id);
        let changes: Vec<RatingChangeRow> = by_member
            .get(&id)
            .map(|cs| {
                cs.iter()
                    .map(|c| RatingChangeRow {
                        event_id: c.event_id,
                        event: ev
                            .get(&c.event_id)
                            .map(|e| e.name.clone())
                            .unwrap_or_default(),
                        date: ev.get(&c.event_id).map(|e| e.date).unwrap_or_default(),
                        before: c.before,
                        after: c.after,
                        delta: c.delta(),
                        games: c.games,
                        score: Points::from_hundredths(c.score_halves as i64 * 50),
                    })
                    .collect()
            })
            .unwrap_or_default();
        match p.rating {
            Some(rating) => rows.push(RatingRow {
                rank: 0,
                member_id: id,
                name,
                rating,
                games: p.games,
                events: p.events,
                last_change: changes.last().map_or(0, |c| c.delta),
                changes,
            }),
            None => unrated.push((id, name, p.pending_games)),
        }
    }
    rows.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then_with(|| a.name.cmp(&b.name))
            .then(a.member_id.cmp(&b.member_id))
    });
    let mut rank = 0;
    for i in 0..rows.len() {
        if i == 0 || rows[i].rating != rows[i - 1].rating {
            rank = i as u32 + 1;
        }
        rows[i].rank = rank;
    }
    RatingList {
        as_of,
        events: r.events.len(),
        rows,
        unrated,
    }
}

/// The games of the events `keep` selects, each with the rating difference
/// before its event (a replay of the finished events alongside).
pub fn stat_games(
    h: &History,
    s: &crate::history::RatingSettings,
    keep: impl Fn(&crate::history::HistEvent) -> bool,
) -> Vec<StatGame> {
    replay_games(h, s, None, keep)
}

/// [`stat_games`]; with `ratings`, the replay is also kept there, as
/// `compute_ratings(h, s, None)` gives it.
fn replay_games(
    h: &History,
    s: &crate::history::RatingSettings,
    mut ratings: Option<&mut Ratings>,
    keep: impl Fn(&crate::history::HistEvent) -> bool,
) -> Vec<StatGame> {
    let entered: HashMap<i64, i32> = h
        .members
        .iter()
        .filter_map(|m| m.entered_rating.map(|r| (m.id, r)))
        .collect();
    let rating = |st: &RatingState, m: i64| match st.players.get(&m) {
        Some(p) => p.rating,
        None => entered.get(&m).copied(),
    };
    let mut st = RatingState::default();
    let mut out = Vec::new();
    for (ev, games) in h.by_event() {
        if keep(ev) {
            for g in games {
                let diff = match (rating(&st, g.red), rating(&st, g.black)) {
                    (Some(a), Some(b)) => Some(a - b),
                    _ => None,
                };
                out.push(StatGame {
                    outcome: g.outcome,
                    termination: g.termination,
                    moves: g.moves,
                    red_used_ms: g.red_used_ms,
                    black_used_ms: g.black_used_ms,
                    rating_diff: diff,
                    time_control: ev.time_control,
                });
            }
        }
        if ev.finished {
            let rated: Vec<RatedGame> = games
                .iter()
                .filter(|g| ev.rates(g))
                .filter_map(RatedGame::from_game)
                .collect();
            let changes = st.apply_event(ev.id, &rated, &entered, s);
            if let Some(r) = ratings.as_deref_mut() {
                r.changes.extend(changes);
                r.events.push(ev.clone());
            }
        }
    }
    if let Some(r) = ratings {
        r.state = st;
    }
    out
}
