//! One door per act, whatever the event's kind: an individual event, a
//! team event or a knockout. [`App::event_standings`],
//! [`App::event_crosstable`] and [`App::event_round`] answer for the
//! event's own kind with an enum every front end renders, so no front end
//! asks the kind itself and none can take the wrong path (a knockout ranked
//! like a Swiss). The writing acts (pair, result, import) are in
//! `kind/acts.rs`.

mod acts;
pub use acts::{EventImport, EventPairing, EventResult};

use super::teams::{TeamCrosstable, TeamRoundView};
use super::{App, EventId, KnockoutRank, MatchScore, MatchView, Result, RoundView};
pub use crate::domain::EventKind;
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Entry, Event, Points};
use crate::scoring::team::TeamStandings;
use crate::scoring::{Crosstable, Standings};

/// A knockout's final ranking (or as far as known).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutStandings {
    /// Rounds of the whole bracket.
    pub rounds: u32,
    /// The champion is known.
    pub decided: bool,
    /// Champion 1, finalist 2, 3 and 4 (or 3=), 5=, …; by seed within a place.
    pub rows: Vec<KnockoutRank>,
}

/// The standings of an event, by its kind.
#[derive(Clone, Debug)]
pub enum EventStandings {
    Individual(Standings),
    Team(TeamStandings),
    Knockout(KnockoutStandings),
}

impl EventStandings {
    /// Rows shown.
    pub fn len(&self) -> usize {
        match self {
            EventStandings::Individual(s) => s.rows.len(),
            EventStandings::Team(s) => s.rows.len(),
            EventStandings::Knockout(s) => s.rows.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn kind(&self) -> EventKind {
        match self {
            EventStandings::Individual(_) => EventKind::Individual,
            EventStandings::Team(_) => EventKind::Team,
            EventStandings::Knockout(_) => EventKind::Knockout,
        }
    }

    /// The individual standings (`None` for another kind).
    pub fn individual(&self) -> Option<&Standings> {
        match self {
            EventStandings::Individual(s) => Some(s),
            _ => None,
        }
    }

    /// A team event's standings (`None` for another kind).
    pub fn into_team(self) -> Option<TeamStandings> {
        match self {
            EventStandings::Team(s) => Some(s),
            _ => None,
        }
    }
}

/// One cell of a knockout's crosstable: the player's match of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KnockoutCell {
    /// Not in this round (out before it, or not paired yet).
    Out,
    /// Through without a game.
    Bye,
    Match {
        opponent: Entry,
        /// `Some(true)`: went through; `None`: not decided yet.
        won: Option<bool>,
        /// The match in games, from the player's side (`regular[0]`,
        /// `playoff[0]` the player's).
        score: Option<MatchScore>,
        /// What decided it (`games`, `playoff-games`, `armageddon`, …).
        decided_by: Option<&'static str>,
        third_place: bool,
    },
}

/// A player's line of a knockout's crosstable, in ranking order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutCrossRow {
    pub rank: String,
    pub entry: Entry,
    /// One cell per round of the bracket.
    pub cells: Vec<KnockoutCell>,
    pub lost_in_round: Option<u32>,
}

/// A knockout's crosstable: the bracket from each player's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutCrosstable {
    pub rounds: u32,
    /// The champion is known (a player not out is the champion, else
    /// still in).
    pub decided: bool,
    pub rows: Vec<KnockoutCrossRow>,
}

/// The crosstable of an event, by its kind.
#[derive(Clone, Debug)]
pub enum EventCrosstable {
    Individual(Crosstable),
    Team(TeamCrosstable),
    Knockout(KnockoutCrosstable),
}

impl EventCrosstable {
    /// Rows shown.
    pub fn len(&self) -> usize {
        match self {
            EventCrosstable::Individual(c) => c.rows.len(),
            EventCrosstable::Team(c) => c.rows.len(),
            EventCrosstable::Knockout(c) => c.rows.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A team event's crosstable (`None` for another kind).
    pub fn into_team(self) -> Option<TeamCrosstable> {
        match self {
            EventCrosstable::Team(c) => Some(c),
            _ => None,
        }
    }
}

/// A round of an event, by its kind.
#[derive(Clone, Debug)]
pub enum EventRound {
    Individual(RoundView),
    /// The matches of the round with their boards.
    Team(TeamRoundView),
    /// The round's matches of the bracket.
    Knockout {
        round: RoundNo,
        matches: Vec<MatchView>,
    },
}

impl EventRound {
    /// A team event's round (`None` for another kind).
    pub fn into_team(self) -> Option<TeamRoundView> {
        match self {
            EventRound::Team(r) => Some(r),
            _ => None,
        }
    }
}

/// The kind of event [`App::create_event_with`] makes, with the kind's
/// own settings (tests and benchmarks).
#[cfg(any(test, feature = "testkit"))]
#[derive(Clone, Copy, Debug)]
pub enum NewEventKind<'a> {
    Individual,
    Team(&'a crate::domain::TeamSettings),
    Knockout(&'a super::KnockoutSettings),
}

impl App {
    /// Creates an event of the draft's kind: an individual event, a team
    /// event with the draft's team settings, or a knockout with its own
    /// (seeded from another event when the draft says so). Both front
    /// ends create every kind through here.
    pub fn create_event_of(
        &mut self,
        name: &str,
        date: Option<chrono::NaiveDate>,
        d: &super::EventDraft,
    ) -> Result<Event> {
        let s = self.event_settings(d)?;
        match d.kind {
            EventKind::Individual => self.create_event(name, date, &s),
            EventKind::Team => {
                self.create_team_event(name, date, &s, &d.team.clone().unwrap_or_default())
            }
            EventKind::Knockout => self.create_knockout(
                name,
                date,
                &s,
                &d.knockout.clone().unwrap_or_default(),
                d.seed_from,
            ),
        }
    }

    /// Whether an event can be created under `name`: a name no event has
    /// yet. A front end asks before it reads the names its draft refers to
    /// (`--seed-from`), so that a name already taken is said before a typo
    /// in another; [`App::create_event_of`] refuses it again.
    pub fn check_new_event(&self, name: &str) -> Result<()> {
        let name = name.trim();
        if name.is_empty() {
            return Err(super::invalid!("err.store.event_needs_name"));
        }
        if self.store.events()?.iter().any(|e| e.name == name) {
            return Err(super::invalid!("err.store.event_exists", name));
        }
        Ok(())
    }

    /// Tests and benchmarks: an event of `kind` with its settings given
    /// in full, not read from a draft and config.toml's defaults (the
    /// front ends go through [`App::create_event_of`]).
    #[cfg(any(test, feature = "testkit"))]
    pub fn create_event_with(
        &mut self,
        name: &str,
        date: Option<chrono::NaiveDate>,
        settings: &crate::domain::EventSettings,
        kind: NewEventKind,
    ) -> Result<Event> {
        match kind {
            NewEventKind::Individual => self.create_event(name, date, settings),
            NewEventKind::Team(t) => self.create_team_event(name, date, settings, t),
            NewEventKind::Knockout(k) => self.create_knockout(name, date, settings, k, None),
        }
    }

    /// The kind of an event.
    pub fn kind_of(&self, ev: &Event) -> Result<EventKind> {
        if self.store.knockout_settings(ev.id)?.is_some() {
            Ok(EventKind::Knockout)
        } else if self.store.team_settings(ev.id)?.is_some() {
            Ok(EventKind::Team)
        } else {
            Ok(EventKind::Individual)
        }
    }

    /// The kind of the event `id`.
    pub fn event_kind(&self, id: EventId) -> Result<EventKind> {
        self.kind_of(&self.event(id)?)
    }

    /// The standings of an event for its kind: after `after` (default: the
    /// complete rounds) for individual and team events; a knockout's final
    /// ranking as far as known (`after` does not apply to it).
    pub fn event_standings(&self, id: EventId, after: Option<RoundNo>) -> Result<EventStandings> {
        let after = after.map(RoundNo::get);
        let ev = self.event(id)?;
        let key = id;
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => {
                EventStandings::Individual(self.standings(key, after.map(RoundNo))?.1)
            }
            EventKind::Team => {
                EventStandings::Team(self.team_standings(key, after.map(RoundNo))?.1)
            }
            EventKind::Knockout => {
                let b = self.bracket(key)?;
                EventStandings::Knockout(KnockoutStandings {
                    rounds: b.total_rounds,
                    decided: b.champion.is_some(),
                    rows: self.knockout_ranking(key)?,
                })
            }
        })
    }

    /// The crosstable of an event for its kind: an individual event's
    /// shows every paired round up to `after` (pending games included); a
    /// team event's the matches of its standings' rounds; a knockout's the
    /// bracket from each player's side, in ranking order.
    pub fn event_crosstable(&self, id: EventId, after: Option<RoundNo>) -> Result<EventCrosstable> {
        let after = after.map(RoundNo::get);
        let ev = self.event(id)?;
        let key = id;
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => {
                let scheme = self.scheme(&ev)?;
                let data = self.event_data(&ev)?;
                EventCrosstable::Individual(crate::scoring::crosstable(&data, &scheme, after)?)
            }
            EventKind::Team => {
                EventCrosstable::Team(self.team_crosstable(key, after.map(RoundNo))?)
            }
            EventKind::Knockout => EventCrosstable::Knockout(self.knockout_crosstable(key)?),
        })
    }

    /// A round of an event for its kind (default: the last paired).
    pub fn event_round(&self, id: EventId, round: Option<RoundNo>) -> Result<EventRound> {
        let ev = self.event(id)?;
        let key = id;
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => EventRound::Individual(self.round_view(key, round)?),
            EventKind::Team => EventRound::Team(self.team_round_view(key, round)?),
            EventKind::Knockout => {
                let b = self.bracket(key)?;
                let paired = b.rounds.len() as u32;
                let r = super::rounds::round_to_show(&ev, round, paired)?;
                EventRound::Knockout {
                    round: r,
                    matches: b.rounds[r.get() as usize - 1].clone(),
                }
            }
        })
    }

    /// A knockout's crosstable: each player's match per round, in the
    /// order of the ranking.
    pub fn knockout_crosstable(&self, event: EventId) -> Result<KnockoutCrosstable> {
        let b = self.bracket(event)?;
        let rows = self
            .knockout_ranking(event)?
            .into_iter()
            .map(|r| {
                let id = r.entry.id;
                let cells = (0..b.total_rounds as usize)
                    .map(|i| {
                        let Some(m) = b.rounds.get(i).and_then(|ms| {
                            ms.iter()
                                .find(|m| m.a.id == id || m.b.as_ref().is_some_and(|x| x.id == id))
                        }) else {
                            return KnockoutCell::Out;
                        };
                        let upper = m.a.id == id;
                        let other = if upper { m.b.as_ref() } else { Some(&m.a) };
                        let Some(other) = other else {
                            return KnockoutCell::Bye;
                        };
                        KnockoutCell::Match {
                            opponent: other.clone(),
                            won: m.winner.as_ref().map(|w| w.id == id),
                            score: m.score.clone().map(|s| if upper { s } else { s.swapped() }),
                            decided_by: m.decided_by,
                            third_place: m.third_place,
                        }
                    })
                    .collect();
                KnockoutCrossRow {
                    rank: r.rank,
                    entry: r.entry,
                    cells,
                    lost_in_round: r.lost_in_round,
                }
            })
            .collect();
        Ok(KnockoutCrosstable {
            rounds: b.total_rounds,
            decided: b.champion.is_some(),
            rows,
        })
    }
}

/// A round of a knockout of `rounds` rounds by name, as its printed
/// documents name it: 决赛, 半决赛, 四分之一决赛, then 1/8决赛, 1/16决赛, …
/// (English: Final, Semi-finals, Quarter-finals, Round of 16, …).
pub fn knockout_round_name(lang: crate::i18n::Lang, round: RoundNo, rounds: u32) -> String {
    crate::report::bracket::round_name(lang, round.get(), rounds)
}

impl App {
    /// A member's points in each of `events` as the event itself scores
    /// them (its scheme: 2/1/0, 3/1/0, draw-0.8 …; a team event: his game
    /// points), every paired round counted; a knockout, ranked by places,
    /// is left out, as is an event he did not play in.
    pub fn member_event_points(
        &self,
        member: super::MemberId,
        events: &[EventId],
    ) -> Result<std::collections::HashMap<EventId, Points>> {
        let events: Vec<i64> = events.iter().map(|e| e.0).collect();
        let points = self
            .store
            .keeping(|| self.member_event_points_kept(member, &events))?;
        Ok(points.into_iter().map(|(id, p)| (EventId(id), p)).collect())
    }

    /// [`App::member_event_points`] inside the store's snapshot: a finished
    /// event's points from its kept final places (computed and kept when
    /// there are none); also says whether it kept any.
    fn member_event_points_kept(
        &self,
        member: super::MemberId,
        events: &[i64],
    ) -> Result<(std::collections::HashMap<i64, Points>, bool)> {
        let mut out = std::collections::HashMap::new();
        let mut kept = self.store.kept_event_places(events)?;
        let mut wrote = false;
        for &id in events {
            let ev = self.event(EventId(id))?;
            if self.kind_of(&ev)? == EventKind::Knockout {
                continue;
            }
            if ev.status == crate::domain::EventStatus::Finished && !kept.contains_key(&id) {
                let places = self.final_places(id)?;
                wrote |= self.store.keep_event_places(id, &places)?;
                kept.insert(id, places);
            }
            if let Some(p) = kept
                .get(&id)
                .and_then(|ps| ps.iter().find(|p| p.member_id == member.0))
            {
                if let Some(t) = p.total {
                    out.insert(id, t);
                }
                continue;
            }
            let Some(entry) = self
                .entries(EventId(id))?
                .into_iter()
                .find(|e| e.member_id == member.0)
            else {
                continue;
            };
            let data = self.event_data(&ev)?;
            let Some(i) = data.players.iter().position(|p| p.id == entry.id) else {
                continue;
            };
            let scheme = self.scheme(&ev)?;
            let rounds = crate::scoring::player_rounds(&data, &scheme, data.last_round())?;
            out.insert(id, rounds[i].iter().map(|r| r.points).sum());
        }
        Ok((out, wrote))
    }
}

/// A board as the event's kind names it: 台 3 (an individual round), 场次 2
/// 台 1 (a team match), 第 1 轮 第 2 场 (a knockout match).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardPlace {
    Board(u32),
    TeamBoard { r#match: u32, board: u32 },
    KnockoutMatch { round: u32, r#match: u32 },
}

impl BoardPlace {
    /// The place as a keyed message.
    pub fn msg(self) -> crate::i18n::Msg {
        use crate::i18n::msg;
        match self {
            BoardPlace::Board(b) => msg!("place.board", board = b),
            BoardPlace::TeamBoard { r#match, board } => {
                msg!("place.team_board", m = r#match, b = board)
            }
            BoardPlace::KnockoutMatch { round, r#match } => {
                msg!("tui.ko.match_at", round, m = r#match)
            }
        }
    }
}

impl App {
    /// How the event's kind names board `board` of `round`.
    pub fn board_place(&self, id: EventId, round: RoundNo, board: BoardNo) -> Result<BoardPlace> {
        let round = round.get();
        let board = board.get();
        let ev = self.event(id)?;
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => BoardPlace::Board(board),
            EventKind::Team => {
                let b = self.team_settings_of(&ev)?.map_or(1, |t| t.boards.max(1));
                BoardPlace::TeamBoard {
                    r#match: (board - 1) / b + 1,
                    board: (board - 1) % b + 1,
                }
            }
            EventKind::Knockout => BoardPlace::KnockoutMatch {
                round,
                r#match: board,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::domain::{EventSettings, NewMember, PairingSystem, TeamSettings};

    fn club() -> App {
        let mut app = App::in_memory(Config::default()).unwrap();
        for (i, n) in ["甲", "乙", "丙", "丁"].iter().enumerate() {
            app.add_member(&NewMember {
                name: n.to_string(),
                rating: Some(2000 - 10 * i as i32),
                ..Default::default()
            })
            .unwrap();
        }
        app
    }

    fn names() -> Vec<String> {
        ["甲", "乙", "丙", "丁"]
            .iter()
            .map(|x| x.to_string())
            .collect()
    }

    #[test]
    fn each_kind_answers_through_the_same_door() {
        let mut app = club();
        // An individual round robin.
        let s = EventSettings {
            system: PairingSystem::Berger,
            rounds: 3,
            ..Default::default()
        };
        let ind = app.create_event("周赛", None, &s).unwrap().key();
        app.enter_players(
            app.find_event("周赛").unwrap().key(),
            &app.find_members(&names()).unwrap(),
        )
        .unwrap();
        app.pair_next_round(app.find_event("周赛").unwrap().key())
            .unwrap();
        assert_eq!(app.event_kind(ind).unwrap(), EventKind::Individual);
        assert!(matches!(
            app.event_standings(ind, None).unwrap(),
            EventStandings::Individual(_)
        ));
        assert!(matches!(
            app.event_round(ind, None).unwrap(),
            EventRound::Individual(ref r) if r.number == RoundNo(1)
        ));
        assert_eq!(
            app.board_place(ind, RoundNo(1), BoardNo(2)).unwrap(),
            BoardPlace::Board(2)
        );
        // A knockout of the same four: its ranking, its bracket's round.
        let d = super::super::EventDraft {
            kind: EventKind::Knockout,
            ..Default::default()
        };
        let ko = app.create_event_of("杯赛", None, &d).unwrap().key();
        app.enter_players(
            app.find_event("杯赛").unwrap().key(),
            &app.find_members(&names()).unwrap(),
        )
        .unwrap();
        app.knockout_pair(app.find_event("杯赛").unwrap().key())
            .unwrap();
        let st = app.event_standings(ko, None).unwrap();
        let EventStandings::Knockout(k) = &st else {
            panic!("{st:?}");
        };
        assert_eq!((k.rounds, k.decided, k.rows.len()), (2, false, 4));
        let EventRound::Knockout { round, matches } = app.event_round(ko, None).unwrap() else {
            panic!("a bracket round");
        };
        assert_eq!((round, matches.len()), (RoundNo(1), 2));
        let EventCrosstable::Knockout(x) = app.event_crosstable(ko, None).unwrap() else {
            panic!("a bracket crosstable");
        };
        assert!(x
            .rows
            .iter()
            .all(|r| matches!(r.cells[0], KnockoutCell::Match { .. })));
        assert_eq!(
            app.board_place(ko, RoundNo(1), BoardNo(2))
                .unwrap()
                .msg()
                .en(),
            "round 1 match 2"
        );
        // A knockout takes no tie-breaks; a team event its own.
        let bad = super::super::EventDraft {
            kind: EventKind::Knockout,
            tiebreaks: Some(crate::scoring::TieBreaks::Individual(Vec::new())),
            ..Default::default()
        };
        assert!(app.create_event_of("错", None, &bad).is_err());
        let d = super::super::EventDraft {
            kind: EventKind::Team,
            tiebreaks: Some(
                crate::scoring::TieBreaks::parse(EventKind::Team, &["match-wins"]).unwrap(),
            ),
            team: Some(TeamSettings {
                boards: 2,
                ..Default::default()
            }),
            ..Default::default()
        };
        let team = app.create_event_of("联赛", None, &d).unwrap();
        assert_eq!(team.settings.tiebreaks.codes(), ["match-wins"]);
        assert_eq!(team.settings.tiebreaks.kind(), EventKind::Team);
        // An edit keeps the team list (a rename, more rounds) and takes
        // team codes only; undo and redo bring the list back as it was.
        let more = super::super::EventDraft {
            rounds: Some(5),
            ..Default::default()
        };
        let e = app.edit_event(team.key(), "联赛甲", None, &more).unwrap();
        assert_eq!(e.settings.tiebreaks, team.settings.tiebreaks);
        let ind = super::super::EventDraft {
            tiebreaks: Some(
                crate::scoring::TieBreaks::parse(EventKind::Individual, &["wins"]).unwrap(),
            ),
            ..Default::default()
        };
        let err = app
            .edit_event(team.key(), "联赛甲", None, &ind)
            .unwrap_err();
        assert!(err.to_string().contains("wins"), "{err}");
        let sb = super::super::EventDraft {
            tiebreaks: Some(
                crate::scoring::TieBreaks::parse(EventKind::Team, &["team-sb", "direct"]).unwrap(),
            ),
            ..Default::default()
        };
        let e = app.edit_event(team.key(), "联赛甲", None, &sb).unwrap();
        assert_eq!(e.settings.tiebreaks.codes(), ["team-sb", "direct"]);
        assert_eq!(e.settings.tiebreaks.kind(), EventKind::Team);
        app.undo().unwrap();
        assert_eq!(
            app.event(team.key()).unwrap().settings.tiebreaks.codes(),
            ["match-wins"]
        );
        app.redo().unwrap();
        let e = app.event(team.key()).unwrap();
        assert_eq!(e.settings.tiebreaks.codes(), ["team-sb", "direct"]);
        assert_eq!(e.settings.tiebreaks.kind(), EventKind::Team);
        let same = super::super::EventDraft::default();
        app.edit_event(team.key(), "联赛", None, &same).unwrap();
        assert_eq!(app.event_kind(team.key()).unwrap(), EventKind::Team);
        assert!(matches!(
            app.event_standings(team.key(), None).unwrap(),
            EventStandings::Team(_)
        ));
        assert_eq!(
            app.board_place(team.key(), RoundNo(1), BoardNo(3)).unwrap(),
            BoardPlace::TeamBoard {
                r#match: 2,
                board: 1
            }
        );
        let kinds: Vec<EventKind> = app
            .event_summaries()
            .unwrap()
            .iter()
            .map(|s| s.kind)
            .collect();
        assert!(kinds.contains(&EventKind::Team) && kinds.contains(&EventKind::Knockout));
        // Round names of a four-round bracket.
        use crate::i18n::Lang;
        let name = |r| knockout_round_name(Lang::ZhHans, RoundNo(r), 4);
        assert_eq!(
            [name(1), name(2), name(3), name(4)],
            ["1/8决赛", "四分之一决赛", "半决赛", "决赛"]
        );
        assert_eq!(knockout_round_name(Lang::En, RoundNo(1), 4), "Round of 16");
    }
}
