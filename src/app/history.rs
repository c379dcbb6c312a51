//! The club's memory for the front ends: rating list, statistics, member
//! histories, head-to-head, what-if scoring, and a generated ten-year club
//! for benchmarks.

use super::{App, Result};
use crate::domain::{
    Event, EventSettings, EventStatus, Game, NewMember, Outcome, PairingSystem, Points,
    Termination, TimeControl,
};
use crate::history::{
    compute_ratings, head_to_head, member_history, stats, HeadToHead, History, MemberHistory,
    RatedGame, RatingChange, RatingState, Ratings, SplitMix64, StatGame, Stats,
};
use crate::scoring::{standings, PlayerRef, Scheme, Standings};
use crate::store::{ImportBoard, ImportEvent, ImportPlayer, Store};
use chrono::NaiveDate;
use std::collections::HashMap;

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
    /// The standings, or why this scheme cannot score the event.
    pub standings: std::result::Result<Standings, String>,
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

    /// The rating list as of `as_of` (default: now), with each member's change per event.
    pub fn rating_list(&self, as_of: Option<NaiveDate>) -> Result<RatingList> {
        let (h, r) = self.ratings(as_of)?;
        Ok(rating_list(&h, &r, as_of))
    }

    /// Statistics over the events `f` selects.
    pub fn stats(&self, f: &StatsFilter) -> Result<Stats> {
        let h = self.history()?;
        self.stats_in(&h, f)
    }

    /// [`App::stats`] over an already loaded history (a screen that also
    /// shows the rating list loads the club's history once).
    pub fn stats_in(&self, h: &History, f: &StatsFilter) -> Result<Stats> {
        self.stats_walk(h, f, None)
    }

    /// The Statistics screen's two answers, [`App::stats_in`] and
    /// [`App::rating_list_in`] as of the filter's end date, equal to
    /// calling both. With no end date one replay of the club's finished
    /// events serves both (the rating list is the replay's end state).
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

    fn stats_walk(
        &self,
        h: &History,
        f: &StatsFilter,
        ratings: Option<&mut Ratings>,
    ) -> Result<Stats> {
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
        let games = replay_games(h, &self.config.ratings, ratings, |ev| {
            (ids.is_empty() || ids.contains(&ev.id))
                && f.from.is_none_or(|d| ev.date >= d)
                && f.to.is_none_or(|d| ev.date <= d)
                && f.time_control.is_none_or(|t| ev.time_control == t)
                && f.scheme.as_ref().is_none_or(|s| &ev.scheme == s)
        });
        Ok(stats(&games))
    }

    /// [`App::rating_list`] from an already loaded history.
    pub fn rating_list_in(&self, h: &History, as_of: Option<NaiveDate>) -> RatingList {
        let r = compute_ratings(h, &self.config.ratings, as_of);
        rating_list(h, &r, as_of)
    }

    /// A member's events, games, score by year.
    pub fn member_history(&self, member: &str) -> Result<MemberHistory> {
        let m = self.store.resolve_member(member)?;
        let h = self.store.history(Some(m.id))?;
        Ok(member_history(&h, m.id))
    }

    /// Two members' games against each other.
    pub fn head_to_head(&self, a: &str, b: &str) -> Result<HeadToHead> {
        let ma = self.store.resolve_member(a)?;
        let mb = self.store.resolve_member(b)?;
        if ma.id == mb.id {
            return Err(super::invalid!("err.app.same_member", a, b));
        }
        let h = self.store.history(Some(ma.id))?;
        Ok(head_to_head(&h, ma.id, mb.id))
    }

    /// Re-scores an event under other schemes from its stored games. The
    /// event's own scheme (with its settings and tie-breaks) comes first;
    /// others use their default constants and tie-breaks. `all` = every
    /// built-in scheme. A scheme that needs facts the games lack says so.
    pub fn compare_schemes(&self, event: &str, schemes: &[String]) -> Result<SchemeComparison> {
        let ev = self.store.resolve_event(event)?;
        let data = self.event_data(&ev)?;
        let mut ids: Vec<String> = vec![ev.settings.scheme.clone()];
        for s in schemes {
            let s = s.trim();
            if s == "all" {
                for k in crate::scoring::SchemeKind::ALL {
                    if k != crate::scoring::SchemeKind::Custom {
                        ids.push(k.id().to_string());
                    }
                }
            } else if !s.is_empty() {
                if !crate::config::SCHEMES.contains(&s) {
                    return Err(super::invalid!(
                        "err.app.unknown_scheme",
                        scheme = s,
                        allowed = format!("{}, all", crate::config::SCHEMES.join(", "))
                    ));
                }
                ids.push(s.to_string());
            }
        }
        let mut seen = std::collections::HashSet::new();
        ids.retain(|s| seen.insert(s.clone()));
        let mut columns = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let own = i == 0;
            let result = (|| -> std::result::Result<Standings, String> {
                let empty = serde_json::Map::new();
                let overrides = if own {
                    &ev.settings.scheme_settings
                } else {
                    &empty
                };
                let scheme = Scheme::from_id(id, overrides).map_err(|e| e.to_string())?;
                let two = scheme.kind.is_two_game();
                if two != (ev.settings.games_per_round == 2) {
                    return Err(if two {
                        "needs two-game rounds (分先); this event has one game per round".into()
                    } else {
                        "scores one game per round; this event has two-game rounds".into()
                    });
                }
                let tbs = if own {
                    self.tiebreaks_of(&ev, &scheme).map_err(|e| e.to_string())?
                } else {
                    scheme.default_tiebreaks()
                };
                standings(&data, &scheme, &tbs, None).map_err(|e| e.to_string())
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

/// The shape of a generated club history.
#[derive(Clone, Debug)]
pub struct HistorySpec {
    pub members: usize,
    pub events: usize,
    /// Players per event (an odd number gives a bye each round).
    pub players_per_event: usize,
    pub rounds: u32,
    pub seed: u64,
    /// Date of the first event; one event a week after it.
    pub start: NaiveDate,
    /// Share of members with an entered rating (the rest get provisional ratings).
    pub rated_share: f64,
}

impl Default for HistorySpec {
    /// Ten years of weekly events: 520 events of 40 players and 10 rounds,
    /// 104,000 games, 200 members.
    fn default() -> Self {
        HistorySpec {
            members: 200,
            events: 520,
            players_per_event: 40,
            rounds: 10,
            seed: 2016,
            start: NaiveDate::from_ymd_opt(2016, 1, 3).expect("a valid date"),
            rated_share: 0.7,
        }
    }
}

/// Fills `store` with a generated club history through the bulk import
/// (one transaction per event), every event finished. Games have outcomes
/// drawn from hidden strengths (red a little stronger), terminations, move
/// counts and clock use; about 1 in 200 is a forfeit. The same spec gives
/// the same database. Returns the number of stored games. Used by the
/// benchmarks (ratings, statistics, the TUI's first frame).
pub fn build_history_db(store: &mut Store, spec: &HistorySpec) -> Result<usize> {
    let mut rng = SplitMix64(spec.seed);
    let mut strength = Vec::with_capacity(spec.members);
    let mut new = Vec::with_capacity(spec.members);
    for i in 0..spec.members {
        let s = 1200.0 + 1000.0 * (rng.unit() + rng.unit() + rng.unit()) / 3.0;
        strength.push(s);
        new.push(NewMember {
            name: format!("Member {:04}", i + 1),
            rating: (rng.unit() < spec.rated_share).then_some(s.round() as i32),
            ..Default::default()
        });
    }
    let ids = store.import_members(&new, "generated")?;
    let rapid = TimeControl::symmetric(15 * 60_000, 10_000);
    let slow = TimeControl::symmetric(90 * 60_000, 30_000);
    let mut games_stored = 0;
    let n = spec.players_per_event.min(spec.members);
    for e in 0..spec.events {
        let date = spec.start + chrono::Days::new(7 * e as u64);
        let monthly = e % 4 == 3;
        let tc = if monthly { slow } else { rapid };
        let settings = EventSettings {
            scheme: if monthly { "three-point" } else { "standard" }.into(),
            system: PairingSystem::Cxa,
            rounds: spec.rounds,
            time_control: tc,
            ..Default::default()
        };
        let mut pool: Vec<usize> = (0..spec.members).collect();
        rng.shuffle(&mut pool);
        pool.truncate(n);
        let players: Vec<ImportPlayer> = pool
            .iter()
            .enumerate()
            .map(|(i, &m)| ImportPlayer {
                member_id: Some(ids[m]),
                new: NewMember::default(),
                start_no: i as u32 + 1,
                rating: new[m].rating,
                first_round: 1,
                withdrawn_after: None,
            })
            .collect();
        let mut rounds = Vec::new();
        for _ in 0..spec.rounds {
            let mut order: Vec<u32> = (1..=n as u32).collect();
            rng.shuffle(&mut order);
            let mut boards = Vec::new();
            for pair in order.chunks(2) {
                if pair.len() == 1 {
                    boards.push(ImportBoard {
                        red: pair[0],
                        black: None,
                        games: Vec::new(),
                    });
                    continue;
                }
                let (r, b) = (pool[pair[0] as usize - 1], pool[pair[1] as usize - 1]);
                let g = generated_game(&mut rng, strength[r], strength[b], tc);
                games_stored += 1;
                boards.push(ImportBoard {
                    red: pair[0],
                    black: Some(pair[1]),
                    games: vec![g],
                });
            }
            rounds.push(boards);
        }
        let id = store.import_event(
            &ImportEvent {
                name: format!("Weekly {:03} {date}", e + 1),
                date: Some(date),
                settings,
                players,
                forbidden: Vec::new(),
                requested_byes: Vec::new(),
                rounds,
            },
            "generated",
        )?;
        store.set_event_status(id, EventStatus::Finished)?;
    }
    Ok(games_stored)
}

fn generated_game(rng: &mut SplitMix64, red: f64, black: f64, tc: TimeControl) -> Game {
    let u = rng.unit();
    if u < 0.005 {
        let o = if u < 0.0025 {
            Outcome::RedForfeits
        } else {
            Outcome::BlackForfeits
        };
        return Game::bare(0, 0, o);
    }
    // Red's first move is worth about 35 rating points.
    let e = 1.0 / (1.0 + 10f64.powf((black - red - 35.0) / 400.0));
    let draw = 0.4 * (1.0 - (e - 0.5).abs() * 2.0);
    let x = rng.unit();
    let outcome = if x < e - draw / 2.0 {
        Outcome::RedWin
    } else if x < e + draw / 2.0 {
        Outcome::Draw
    } else {
        Outcome::BlackWin
    };
    let mut g = Game::bare(0, 0, outcome);
    let moves = 20 + rng.below(100) as u32;
    g.moves = Some(moves);
    g.termination = Some(if outcome == Outcome::Draw {
        Termination::Agreement
    } else {
        match rng.below(20) {
            0..=13 => Termination::Resignation,
            14..=16 => Termination::Checkmate,
            17..=18 => Termination::Time,
            _ => Termination::RepetitionRuling,
        }
    });
    let max = |red: bool| tc.max_used_ms(red, moves);
    g.red_used_ms = Some((rng.unit() * max(true) as f64) as i64);
    g.black_used_ms = Some((rng.unit() * max(false) as f64) as i64);
    g
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::ResultInput;
    use crate::config::Config;

    fn event(app: &mut App, name: &str, date: Option<&str>, finished: bool) -> i64 {
        let ids = app
            .store
            .import_members(
                &[
                    NewMember {
                        name: format!("{name} red"),
                        rating: Some(1600),
                        ..Default::default()
                    },
                    NewMember {
                        name: format!("{name} black"),
                        rating: Some(1600),
                        ..Default::default()
                    },
                ],
                "t",
            )
            .unwrap();
        let player = |i: usize| ImportPlayer {
            member_id: Some(ids[i]),
            new: NewMember::default(),
            start_no: i as u32 + 1,
            rating: None,
            first_round: 1,
            withdrawn_after: None,
        };
        let id = app
            .store
            .import_event(
                &ImportEvent {
                    name: name.into(),
                    date: date.map(|d| d.parse().unwrap()),
                    settings: EventSettings::default(),
                    players: vec![player(0), player(1)],
                    forbidden: vec![],
                    requested_byes: vec![],
                    rounds: vec![vec![ImportBoard {
                        red: 1,
                        black: Some(2),
                        games: vec![Game::bare(0, 0, Outcome::RedWin)],
                    }]],
                },
                "t",
            )
            .unwrap();
        if finished {
            app.store
                .set_event_status(id, EventStatus::Finished)
                .unwrap();
        }
        id
    }

    /// A small generated club: 8 finished events of 9 players (a bye each
    /// round) over 4 rounds among 24 members, some unrated.
    fn small_club() -> App {
        let mut app = App::in_memory(Config::default()).unwrap();
        let spec = HistorySpec {
            members: 24,
            events: 8,
            players_per_event: 9,
            rounds: 4,
            seed: 5,
            ..HistorySpec::default()
        };
        build_history_db(&mut app.store, &spec).unwrap();
        app
    }

    fn kept_copies(app: &App) -> i64 {
        app.store
            .conn_for_tests()
            .query_row("SELECT count(*) FROM history_games", [], |r| r.get(0))
            .unwrap()
    }

    /// The club history read through the kept copies equals the direct
    /// query, and so do the rating list, the statistics and member pages.
    fn assert_kept_equals_scratch(app: &App) -> (RatingList, Stats) {
        let kept = app.store.history(None).unwrap();
        let scratch = app.store.history_from_scratch(None).unwrap();
        assert_eq!(kept, scratch);
        let list = app.rating_list(None).unwrap();
        let s = &app.config.ratings;
        assert_eq!(
            list,
            rating_list(&scratch, &compute_ratings(&scratch, s, None), None)
        );
        let st = app.stats(&StatsFilter::default()).unwrap();
        assert_eq!(st, stats(&stat_games(&scratch, s, |_| true)));
        for m in [1, 7, 24] {
            assert_eq!(
                app.store.history(Some(m)).unwrap(),
                app.store.history_from_scratch(Some(m)).unwrap(),
                "member {m}"
            );
        }
        (list, st)
    }

    fn flipped(app: &App, event: &str, round: u32, board: u32) -> ResultInput {
        let g = app
            .games(crate::app::EventId(app.find_event(event).unwrap().id), None)
            .unwrap()
            .into_iter()
            .find(|g| g.round == round && g.board == board)
            .unwrap();
        let outcome = match g.game.outcome {
            Outcome::RedWin => Outcome::BlackWin,
            _ => Outcome::RedWin,
        };
        ResultInput {
            outcome: Some(outcome),
            ..Default::default()
        }
    }

    #[test]
    fn kept_history_equals_the_direct_query_through_corrections_undo_and_redo() {
        let mut app = small_club();
        assert_eq!(kept_copies(&app), 0);
        let (list0, stats0) = assert_kept_equals_scratch(&app);
        assert_eq!(kept_copies(&app), 8, "the first read keeps every event");
        assert!(stats0.games > 100 && list0.rows.len() > 10);

        // A corrected result in a finished event drops that event's copy
        // in the same transaction; the next read rebuilds it.
        let ev = app.history().unwrap().events[2].name.clone();
        let input = flipped(&app, &ev, 2, 1);
        app.record_result(&ev, 2, 1, &input).unwrap();
        assert_eq!(kept_copies(&app), 7);
        let (list1, stats1) = assert_kept_equals_scratch(&app);
        assert_ne!(list1, list0, "the correction moves ratings");
        assert_ne!(stats1, stats0);

        app.undo().unwrap();
        let (list2, stats2) = assert_kept_equals_scratch(&app);
        assert_eq!((&list2, &stats2), (&list0, &stats0), "undo restores");
        app.redo().unwrap();
        let (list3, _) = assert_kept_equals_scratch(&app);
        assert_eq!(list3, list1, "redo repeats the correction");

        // Reopening an event takes it out of the ratings (events are read live).
        let id = app.find_event(&ev).unwrap().id;
        app.set_event_status(crate::app::EventId(id), EventStatus::Running)
            .unwrap();
        let (list4, _) = assert_kept_equals_scratch(&app);
        assert_ne!(list4, list3);
        app.undo().unwrap();
        assert_eq!(assert_kept_equals_scratch(&app).0, list3);
        assert_eq!(kept_copies(&app), 8);
    }

    /// The Statistics screen's one replay gives what the two answers give
    /// apart, with and without filters.
    #[test]
    fn stats_and_ratings_together_equal_each_alone() {
        let mut app = small_club();
        // One event still running: it counts in the statistics only.
        let running = event(&mut app, "running", Some("2030-01-01"), false);
        let h = app.history().unwrap();
        let filters = [
            StatsFilter::default(),
            StatsFilter {
                from: Some(h.events[3].date),
                ..Default::default()
            },
            StatsFilter {
                to: Some(h.events[4].date),
                ..Default::default()
            },
            StatsFilter {
                events: vec![running.to_string(), h.events[1].id.to_string()],
                ..Default::default()
            },
        ];
        for f in &filters {
            let both = app.stats_and_ratings_in(&h, f).unwrap();
            let apart = (app.stats_in(&h, f).unwrap(), app.rating_list_in(&h, f.to));
            assert_eq!(both, apart, "{f:?}");
            assert!(both.1.events > 0 && both.0.games > 0, "{f:?}");
        }
    }

    #[test]
    fn copies_are_not_trusted_when_a_trigger_that_keeps_them_is_gone() {
        let app = small_club();
        assert_kept_equals_scratch(&app);
        // As if a later migration had rebuilt the game table without them.
        app.store
            .conn_for_tests()
            .execute_batch(
                "DROP TRIGGER history_games_game_upd;
                 UPDATE game SET outcome = '1-0' WHERE outcome = '0-1';",
            )
            .unwrap();
        let (_, st) = assert_kept_equals_scratch(&app);
        assert_eq!(st.black_wins, 0);
    }

    #[test]
    fn events_without_a_date_order_by_creation_and_only_finished_ones_rate() {
        let mut app = App::in_memory(Config::default()).unwrap();
        let late = event(&mut app, "late", Some("2999-01-01"), true);
        let undated = event(&mut app, "undated", None, true);
        let early = event(&mut app, "early", Some("2001-01-01"), true);
        let running = event(&mut app, "running", Some("2002-01-01"), false);
        let h = app.history().unwrap();
        let order: Vec<i64> = h.events.iter().map(|e| e.id).collect();
        // the undated event counts on the day it was created (today)
        assert_eq!(order, vec![early, running, undated, late]);
        let list = app.rating_list(None).unwrap();
        assert_eq!(list.events, 3, "the running event does not rate");
        let top = &list.rows[0];
        assert_eq!((top.rating, top.last_change), (1620, 20));
        assert!(list.rows.iter().all(|r| r.changes.len() == 1));
        // but its game is in the statistics
        assert_eq!(app.stats(&StatsFilter::default()).unwrap().games, 4);
    }
}
