//! One door per act, whatever the event's kind: an individual event, a
//! team event or a knockout. [`App::event_standings`],
//! [`App::event_crosstable`] and [`App::event_round`] answer for the
//! event's own kind with an enum every front end renders, so no front end
//! asks the kind itself and none can take the wrong path (a knockout ranked
//! like a Swiss).

use super::teams::{TeamCrosstable, TeamRoundView};
use super::{App, EventId, KnockoutRank, MatchView, Result, RoundView};
use crate::domain::{Entry, Event, Points};
use crate::scoring::team::TeamStandings;
use crate::scoring::{Crosstable, Standings};

/// What an event is: how its results are ranked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventKind {
    /// Players paired by a system (Swiss or round robin).
    Individual,
    /// Teams play matches on boards (团体赛).
    Team,
    /// A bracket (淘汰赛).
    Knockout,
}

impl EventKind {
    /// The kind's name, by key (个人赛, 团体赛, 淘汰赛).
    pub fn key(self) -> &'static str {
        match self {
            EventKind::Individual => "kind.individual",
            EventKind::Team => "kind.team",
            EventKind::Knockout => "kind.knockout",
        }
    }

    /// What the events list shows under 编排 for an event of this kind:
    /// the pairing system's key for individual and team events
    /// (`tui.system.*`), 淘汰赛 for a knockout (its stored system is not
    /// used).
    pub fn system_key(self, ev: &Event) -> String {
        match self {
            EventKind::Knockout => "tui.system.knockout".to_string(),
            _ => format!("tui.system.{}", ev.settings.system.code()),
        }
    }
}

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
        /// The player's and the opponent's regular match score.
        score: Option<(Points, Points)>,
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
}

/// A round of an event, by its kind.
#[derive(Clone, Debug)]
pub enum EventRound {
    Individual(RoundView),
    /// The matches of the round with their boards.
    Team(TeamRoundView),
    /// The round's matches of the bracket.
    Knockout {
        round: u32,
        matches: Vec<MatchView>,
    },
}

impl App {
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
    pub fn event_standings(&self, id: EventId, after: Option<u32>) -> Result<EventStandings> {
        let ev = self.event(id)?;
        let key = id.0.to_string();
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => EventStandings::Individual(self.standings(&key, after)?.1),
            EventKind::Team => EventStandings::Team(self.team_standings(&key, after)?.1),
            EventKind::Knockout => {
                let b = self.bracket(&key)?;
                EventStandings::Knockout(KnockoutStandings {
                    rounds: b.total_rounds,
                    decided: b.champion.is_some(),
                    rows: self.knockout_ranking(&key)?,
                })
            }
        })
    }

    /// The crosstable of an event for its kind: an individual event's
    /// shows every paired round up to `after` (pending games included); a
    /// team event's the matches of its standings' rounds; a knockout's the
    /// bracket from each player's side, in ranking order.
    pub fn event_crosstable(&self, id: EventId, after: Option<u32>) -> Result<EventCrosstable> {
        let ev = self.event(id)?;
        let key = id.0.to_string();
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => {
                let scheme = self.scheme(&ev)?;
                let data = self.event_data(&ev)?;
                EventCrosstable::Individual(crate::scoring::crosstable(&data, &scheme, after)?)
            }
            EventKind::Team => EventCrosstable::Team(self.team_crosstable(&key, after)?),
            EventKind::Knockout => EventCrosstable::Knockout(self.knockout_crosstable(&key)?),
        })
    }

    /// A round of an event for its kind (default: the last paired).
    pub fn event_round(&self, id: EventId, round: Option<u32>) -> Result<EventRound> {
        let ev = self.event(id)?;
        let key = id.0.to_string();
        Ok(match self.kind_of(&ev)? {
            EventKind::Individual => EventRound::Individual(self.round_view(&key, round)?),
            EventKind::Team => EventRound::Team(self.team_round_view(&key, round)?),
            EventKind::Knockout => {
                let b = self.bracket(&key)?;
                let paired = b.rounds.len() as u32;
                let r = round.unwrap_or(paired);
                if r == 0 || r > paired {
                    return Err(super::invalid!(
                        "err.app.round_not_paired_yet",
                        round = r,
                        paired
                    ));
                }
                EventRound::Knockout {
                    round: r,
                    matches: b.rounds[r as usize - 1].clone(),
                }
            }
        })
    }

    /// A knockout's crosstable: each player's match per round, in the
    /// order of the ranking.
    pub fn knockout_crosstable(&self, event: &str) -> Result<KnockoutCrosstable> {
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
                            score: m
                                .score
                                .map(|s| if upper { (s[0], s[1]) } else { (s[1], s[0]) }),
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
            rows,
        })
    }
}

/// A round of a knockout of `rounds` rounds by name: 决赛, 半决赛,
/// 四分之一决赛, then 1/8决赛, 1/16决赛, … (English: final, semi-final,
/// quarter-final, round of 16, …).
pub fn knockout_round_name(lang: crate::i18n::Lang, round: u32, rounds: u32) -> String {
    use crate::i18n::msg;
    match rounds.saturating_sub(round) {
        0 => msg!("ko.round.final").render(lang),
        1 => msg!("ko.round.semi").render(lang),
        2 => msg!("ko.round.quarter").render(lang),
        k if k < 16 => msg!("ko.round.last_n", n = 1u32 << k, players = 2u32 << k).render(lang),
        _ => msg!("ko.round", round).render(lang),
    }
}
