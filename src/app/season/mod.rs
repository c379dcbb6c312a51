//! The club season (`specs/season.md`): seasons, their events and weights,
//! and the season standings, computed on every call from each event's
//! final standings as `qishe standings EVENT` gives them. A finished
//! event's final places are kept by the store (`event_places`, dropped by
//! triggers on any change to what they read) and computed only when
//! there is no kept copy.

use super::{invalid, App, EventId, EventStandings, MemberId, Result, SeasonId};
use crate::domain::{Event, EventStatus, Fraction, NameOrder, Points};
use crate::scoring::season::{
    decimal, parse_participation, parse_weight, season_standings, EventPlace, SeasonEvent,
    SeasonRow, SeasonRule, SeasonSettings, SeasonStandings,
};
use crate::store::{KeptPlace, SeasonEntry};
use crate::store::{NewSeason, SeasonRecord};
use std::collections::HashMap;

/// A season: its settings and its events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonInfo {
    pub id: i64,
    pub name: String,
    pub settings: SeasonSettings,
    /// In season order (the order they were added).
    pub events: Vec<SeasonEventInfo>,
}

/// An event of a season.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonEventInfo {
    pub event_id: i64,
    pub name: String,
    pub weight: Fraction,
    pub status: EventStatus,
    pub knockout: bool,
    /// A knockout whose champion is known (its final decided) that is
    /// not finished yet: it counts once finished.
    pub champion_decided: bool,
    pub date: Option<chrono::NaiveDate>,
}

impl SeasonInfo {
    /// This season's typed id.
    pub fn key(&self) -> SeasonId {
        SeasonId(self.id)
    }
}

impl SeasonEventInfo {
    pub fn finished(&self) -> bool {
        self.status == EventStatus::Finished
    }

    /// The event's state as the event list says it (`status.*`: 决出冠军
    /// for a knockout whose champion is known and not finished yet).
    pub fn status_key(&self) -> &'static str {
        super::door::status_key(self.status, self.champion_decided)
    }
}

/// A season with its standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonTable {
    pub info: SeasonInfo,
    pub standings: SeasonStandings,
}

/// What a new season is made with; `None` takes the spec's default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeasonDraft {
    pub name: String,
    pub rule: Option<String>,
    pub best: Option<u32>,
    pub min_events: Option<u32>,
    pub participation: Option<String>,
}

/// A member's place in one season (the member page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberSeasonRank {
    pub season: String,
    pub row: SeasonRow,
    /// Players in the season standings.
    pub of: usize,
}

impl App {
    /// Creates a season; a bad value is refused with what is wrong.
    pub fn create_season(&mut self, d: &SeasonDraft) -> Result<SeasonInfo> {
        let rule = match &d.rule {
            Some(r) => SeasonRule::parse(r)?,
            None => SeasonRule::default(),
        };
        if d.best == Some(0) {
            return Err(invalid!("err.season.bad_best"));
        }
        let participation = match &d.participation {
            Some(p) => parse_participation(p)?,
            None => Fraction::ZERO,
        };
        let rec = self.store.create_season(&NewSeason {
            name: &d.name,
            rule: &rule.code(),
            best: d.best,
            min_events: d.min_events.unwrap_or(0),
            participation: &decimal(participation),
        })?;
        self.season_info(rec)
    }

    /// The season a secretary named (exact name, or id when no season has
    /// that name), resolved once at the front end's edge.
    pub fn find_season(&self, key: &str) -> Result<SeasonId> {
        Ok(SeasonId(self.store.resolve_season(key)?.id))
    }

    /// Deletes a season (its events stay).
    pub fn delete_season(&mut self, season: SeasonId) -> Result<()> {
        let s = self.store.season(season.0)?;
        Ok(self.store.delete_season(s.id)?)
    }

    /// Every season of the club, in the order they were made.
    pub fn seasons(&self) -> Result<Vec<SeasonInfo>> {
        self.store
            .seasons()?
            .into_iter()
            .map(|r| self.season_info(r))
            .collect()
    }

    /// A season (by exact name, or id) with its settings and events.
    pub fn season(&self, season: SeasonId) -> Result<SeasonInfo> {
        let rec = self.store.season(season.0)?;
        self.season_info(rec)
    }

    fn season_info(&self, rec: SeasonRecord) -> Result<SeasonInfo> {
        let rule = SeasonRule::parse(&rec.rule)?;
        let participation = parse_participation(&rec.participation)?;
        let mut events = Vec::new();
        for e in self.store.season_events(rec.id)? {
            let ev = self.store.event(e.event_id)?;
            let knockout = self.store.knockout_settings(ev.id)?.is_some();
            events.push(SeasonEventInfo {
                event_id: ev.id,
                knockout,
                champion_decided: knockout
                    && ev.status != EventStatus::Finished
                    && self.champion_decided(EventId(ev.id)),
                name: ev.name,
                weight: parse_weight(&e.weight)?,
                status: ev.status,
                date: ev.start_date,
            });
        }
        Ok(SeasonInfo {
            id: rec.id,
            name: rec.name,
            settings: SeasonSettings {
                rule,
                best: rec.best,
                min_events: rec.min_events,
                participation,
            },
            events,
        })
    }

    /// Adds an event (id or exact name) to a season with its weight
    /// (default 1). Refused: a team event, a knockout in a `score`
    /// season, an event already in the season.
    pub fn season_add_event(
        &mut self,
        season: SeasonId,
        event: EventId,
        weight: Option<&str>,
    ) -> Result<()> {
        let s = self.season(season)?;
        let ev = self.event(event)?;
        let weight = match weight {
            Some(w) => parse_weight(w)?,
            None => Fraction::ONE,
        };
        if self.team_settings_of(&ev)?.is_some() {
            return Err(invalid!("err.season.team_event", event = &ev.name));
        }
        if s.settings.rule.is_score() && self.store.knockout_settings(ev.id)?.is_some() {
            return Err(invalid!(
                "err.season.knockout_score",
                event = &ev.name,
                season = &s.name
            ));
        }
        Ok(self.store.add_season_event(s.id, ev.id, &decimal(weight))?)
    }

    /// Changes an event's weight in a season.
    pub fn season_set_weight(
        &mut self,
        season: SeasonId,
        event: EventId,
        weight: &str,
    ) -> Result<()> {
        let s = self.store.season(season.0)?;
        let ev = self.event(event)?;
        let w = parse_weight(weight)?;
        Ok(self.store.set_season_weight(s.id, ev.id, &decimal(w))?)
    }

    /// Takes an event out of a season.
    pub fn season_remove_event(&mut self, season: SeasonId, event: EventId) -> Result<()> {
        let s = self.store.season(season.0)?;
        let ev = self.event(event)?;
        Ok(self.store.remove_season_event(s.id, ev.id)?)
    }

    /// The season standings, from every finished event's final standings.
    pub fn season_standings(&self, season: SeasonId) -> Result<SeasonTable> {
        self.store.keeping(|| {
            let info = self.season(season)?;
            self.season_table_kept(info)
        })
    }

    fn season_table(&self, info: SeasonInfo) -> Result<SeasonTable> {
        self.store.keeping(|| self.season_table_kept(info))
    }

    /// [`App::season_table`] inside the store's snapshot: the finished
    /// events' kept places, the others' computed and kept; also says
    /// whether it kept any.
    fn season_table_kept(&self, info: SeasonInfo) -> Result<(SeasonTable, bool)> {
        let finished: Vec<i64> = info
            .events
            .iter()
            .filter(|e| e.finished())
            .map(|e| e.event_id)
            .collect();
        let mut kept = self.store.kept_event_places(&finished)?;
        let mut wrote = false;
        let mut events = Vec::with_capacity(info.events.len());
        for e in &info.events {
            let places = if !e.finished() {
                Vec::new()
            } else if let Some(k) = kept.remove(&e.event_id) {
                k.into_iter().map(event_place).collect()
            } else {
                let k = self.final_places(e.event_id)?;
                wrote |= self.store.keep_event_places(e.event_id, &k)?;
                k.into_iter().map(event_place).collect()
            };
            events.push(SeasonEvent {
                name: e.name.clone(),
                weight: e.weight,
                finished: e.finished(),
                places,
            });
        }
        Ok((self.season_table_of(info, events)?, wrote))
    }

    fn season_table_of(&self, info: SeasonInfo, events: Vec<SeasonEvent>) -> Result<SeasonTable> {
        let order = self.config.name_order;
        let standings = season_standings(&info.settings, &events, |n| name_sort_key(order, n))
            .map_err(|e| super::AppError::Invalid(e.msg()))?;
        Ok(SeasonTable { info, standings })
    }

    /// An event's final places computed afresh, never from the kept copy
    /// (what the kept copy must equal; tests compare them).
    #[cfg(test)]
    pub(crate) fn final_places_fresh(&self, event_id: i64) -> Result<Vec<KeptPlace>> {
        self.final_places(event_id)
    }

    /// An event's final standings as the season reads them: the ranks
    /// `qishe standings EVENT` shows, through the per-kind door
    /// ([`App::event_standings`]: a knockout's bracket ranks), with each
    /// entry's member, points and whether he played a game over the board
    /// (a win, a draw or a loss; play-off games count, byes and forfeits
    /// do not).
    pub(crate) fn final_places(&self, event_id: i64) -> Result<Vec<KeptPlace>> {
        let entries: HashMap<i64, SeasonEntry> = self
            .store
            .season_entries(event_id)?
            .into_iter()
            .map(|e| (e.entry_id, e))
            .collect();
        let place = |entry: i64, name: &str, rank: u32, points: Points, total: Option<Points>| {
            entries.get(&entry).map(|e| KeptPlace {
                member_id: e.member_id,
                name: name.to_string(),
                rank,
                points,
                played: e.played,
                total,
            })
        };
        Ok(match self.event_standings(EventId(event_id), None)? {
            EventStandings::Individual(st) => {
                // Each entry's points over every round (the member page).
                let ev = self.event(EventId(event_id))?;
                let data = self.event_data(&ev)?;
                let scheme = self.scheme(&ev)?;
                let rounds = crate::scoring::player_rounds(&data, &scheme, data.last_round())?;
                let totals: HashMap<i64, Points> = data
                    .players
                    .iter()
                    .zip(&rounds)
                    .map(|(p, r)| (p.id, r.iter().map(|x| x.points).sum()))
                    .collect();
                st.rows
                    .iter()
                    .filter_map(|r| {
                        let total = totals.get(&r.player.id).copied();
                        place(r.player.id, &r.player.name, r.rank, r.points, total)
                    })
                    .collect()
            }
            EventStandings::Knockout(k) => k
                .rows
                .iter()
                .filter_map(|r| {
                    let rank = r.rank.trim_end_matches('=').parse::<u32>().unwrap_or(0);
                    place(r.entry.id, &r.entry.name, rank, Points::ZERO, None)
                })
                .collect(),
            // A team event cannot join a season (refused when added).
            EventStandings::Team(_) => Vec::new(),
        })
    }

    /// One player's row of the season standings (`--explain NAME`): the
    /// table and the row of `member`.
    pub fn season_explain(
        &self,
        season: SeasonId,
        member: MemberId,
    ) -> Result<(SeasonTable, usize)> {
        let t = self.season_standings(season)?;
        let i = t
            .standings
            .rows
            .iter()
            .position(|r| r.member == member.0)
            .ok_or_else(|| {
                let name = format!("#{}", member.0);
                invalid!("err.season.no_player", season = &t.info.name, name)
            })?;
        Ok((t, i))
    }

    /// The player of the season standings named `key`: an exact name, else
    /// a member id (`#12` or `12`).
    pub fn find_season_player(&self, season: SeasonId, key: &str) -> Result<MemberId> {
        let t = self.season_standings(season)?;
        let w = key.trim();
        let rows = &t.standings.rows;
        rows.iter()
            .find(|r| r.name == w)
            .or_else(|| {
                let id = w.trim_start_matches('#').parse::<i64>().ok()?;
                rows.iter().find(|r| r.member == id)
            })
            // The name typed in the other script (陳磊 for 陈磊).
            .or_else(|| crate::i18n::one_in_other_script(rows, |r| &r.name, w))
            .map(|r| MemberId(r.member))
            .ok_or_else(|| invalid!("err.season.no_player", season = &t.info.name, name = w))
    }

    /// The season's top `n` qualified players (member ids) in rank order,
    /// a shared rank in row order: the seeds of a final.
    pub fn season_top(&self, season: SeasonId, n: u32) -> Result<Vec<MemberId>> {
        if n == 0 {
            return Err(invalid!("err.season.top_zero"));
        }
        let t = self.season_standings(season)?;
        let q: Vec<MemberId> = t
            .standings
            .rows
            .iter()
            .filter(|r| r.qualified)
            .map(|r| MemberId(r.member))
            .collect();
        if q.len() < n as usize {
            return Err(invalid!(
                "err.season.top_too_many",
                season = &t.info.name,
                count = q.len(),
                top = n
            ));
        }
        Ok(q[..n as usize].to_vec())
    }

    /// `--seed-from NAME`: the season so named, when NAME names a season;
    /// a name that is both an event and a season is refused as ambiguous.
    pub(super) fn seed_season(&self, name: &str) -> Result<Option<SeasonRecord>> {
        let Some(s) = self.store.season_named(name)? else {
            return Ok(None);
        };
        if self.store.resolve_event(name).is_ok() {
            return Err(invalid!("err.season.ambiguous_seed", name = name.trim()));
        }
        Ok(Some(s))
    }

    /// Enters a season's top `n` qualified players into an event (a Swiss
    /// or round-robin final), in rank order.
    pub fn enter_from_season(
        &mut self,
        event: EventId,
        season: SeasonId,
        n: u32,
    ) -> Result<Vec<crate::domain::Entry>> {
        let members: Vec<i64> = self.season_top(season, n)?.iter().map(|m| m.0).collect();
        let ev = self.event(event)?;
        self.check_entries_open(&ev)?;
        Ok(self.store.enter_members(ev.id, &members)?)
    }

    /// The member's place in every season he has a result in.
    pub fn member_season_ranks(&self, member: MemberId) -> Result<Vec<MemberSeasonRank>> {
        let member_id = member.0;
        let mut out = Vec::new();
        for info in self.seasons()? {
            let t = self.season_table(info)?;
            if let Some(row) = t.standings.row_of(member_id) {
                out.push(MemberSeasonRank {
                    season: t.info.name.clone(),
                    row: row.clone(),
                    of: t.standings.rows.len(),
                });
            }
        }
        Ok(out)
    }

    /// The season table as a document (print, publish, the CLI's CSV).
    pub fn season_doc(&self, t: &SeasonTable, lang: crate::i18n::Lang) -> crate::report::Doc {
        crate::report::season_table(&season_data(t), lang)
    }

    /// Is this event in any season? (The Events list marks it.)
    pub fn seasons_of_event(&self, event: &Event) -> Result<Vec<String>> {
        Ok(self
            .store
            .seasons_of_event(event.id)?
            .into_iter()
            .map(|s| s.name)
            .collect())
    }
}

fn event_place(k: KeptPlace) -> EventPlace {
    EventPlace {
        member: k.member_id,
        name: k.name,
        rank: k.rank,
        points: k.points,
        played: k.played,
    }
}

/// The by-name order of a shared rank: the club's `name_order`.
fn name_sort_key(order: NameOrder, name: &str) -> Vec<(u8, String)> {
    match order {
        NameOrder::Pinyin => vec![(0, crate::report::name_key(name))],
        NameOrder::Strokes => crate::report::stroke_key(name),
    }
}

/// What the season table prints.
pub(super) fn season_data(t: &SeasonTable) -> crate::report::SeasonData {
    let s = &t.info.settings;
    crate::report::SeasonData {
        name: t.info.name.clone(),
        rule: s.rule.code(),
        best: s.best,
        min_events: s.min_events,
        participation: s.participation,
        events: t
            .info
            .events
            .iter()
            .map(|e| crate::report::SeasonColumn {
                name: e.name.clone(),
                weight: e.weight,
                finished: e.finished(),
                decided: e.champion_decided,
            })
            .collect(),
        rows: t.standings.rows.clone(),
    }
}

mod publish;

#[cfg(test)]
mod tests;
