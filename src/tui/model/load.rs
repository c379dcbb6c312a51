//! The model reads the club: everything at start and after a change that
//! touches the club screens, an open event's tabs, one round after a
//! result, the tables when a tab shows them.

use super::{effects, EventData, Model, Screen, Stale, Tab};
use crate::app::{App, EventId, EventKind, EventRound, EventStandings, RoundNo};

impl Model {
    /// Reloads the data from the club.
    pub fn refresh(&mut self, app: &App) -> crate::app::Result<()> {
        self.club.members = app.members(true)?;
        self.club.pinyin = super::super::search::PinyinIndex::build(
            self.club
                .members
                .iter()
                .flat_map(|m| std::iter::once(m.name.as_str()).chain(m.club.as_deref())),
        );
        self.club.events = app.events()?;
        let sums = app.event_summaries()?;
        self.club.event_status = sums.iter().map(|s| (s.event.id, s.status_key())).collect();
        self.club.event_kinds = sums.into_iter().map(|s| (s.event.id, s.kind)).collect();
        if let Some(id) = self.event_id() {
            self.load_event(app, id)?;
        }
        Ok(())
    }

    /// Re-reads what a command changed: nothing, the open event's tabs
    /// only, or everything ([`Model::refresh`]).
    pub fn reread(&mut self, app: &App, changed: effects::Changed) -> crate::app::Result<()> {
        use effects::Changed;
        let open = self.event_id();
        match changed {
            Changed::Nothing => Ok(()),
            Changed::OpenedEvent => match open {
                Some(id) => self.load_event(app, id),
                None => Ok(()),
            },
            // A result changes its event's round and tables; of what the
            // club screens list, only a knockout's state (its final
            // decides the champion: 决出冠军).
            Changed::Results { event, round } => {
                if self.event_kind(event.0) == Some(EventKind::Knockout) {
                    self.club.event_status = app
                        .event_summaries()?
                        .iter()
                        .map(|s| (s.event.id, s.status_key()))
                        .collect();
                }
                match open == Some(event) {
                    true => self.reread_round(app, event, round),
                    false => Ok(()),
                }
            }
            Changed::Everything => self.refresh(app),
        }?;
        self.fill(app);
        Ok(())
    }

    /// After a result of `round` of the open event `id`: that round's
    /// boards and games are read again; the tables and the prize report
    /// only when a tab shows them ([`Model::fill`]). The points before the
    /// round, the entries and the other rounds are as they were. A team
    /// event or a knockout (whose other tabs follow each result), or a
    /// result of a round not shown, reads the whole event.
    fn reread_round(&mut self, app: &App, id: EventId, round: RoundNo) -> crate::app::Result<()> {
        let shown = self.open.ev.round.as_ref().map(|r| r.number);
        if shown != Some(round) || self.open.teams.is_some() || self.open.bracket.is_some() {
            return self.load_event(app, id);
        }
        self.open.ev.round = Some(app.round_view(id, Some(round))?);
        self.open.ev.games = app.round_games(id, round)?;
        self.open.ev.pending = app.pending_reports(id).unwrap_or_default();
        self.open.ev.stale = Stale {
            tables: true,
            prizes: true,
        };
        Ok(())
    }

    /// Reads what the visible tab shows and is out of date: the tables on
    /// the Standings and Crosstable tabs, the prize report on the Prizes
    /// tab. Called before and after every key and after every command, so
    /// a tab never shows what was true before a result.
    pub fn fill(&mut self, app: &App) {
        let Some(id) = self.event_id() else {
            return;
        };
        if self.nav.screen != Screen::Event {
            return;
        }
        // A team event's or a knockout's tables are read at once (their
        // Teams and Bracket tabs follow each result anyway).
        let shown = matches!(self.nav.tab, Tab::Standings | Tab::Crosstable)
            || self
                .open
                .ev
                .kind
                .is_some_and(|k| k != EventKind::Individual);
        if self.open.ev.stale.tables && shown {
            let (standings, crosstable, error) = match app.tables(id, self.open.ev.tables_after) {
                Ok((s, c)) => (Some(s), Some(c), None),
                Err(e) => (None, None, Some(e.render(self.lang))),
            };
            self.open.ev.standings = standings;
            self.open.ev.crosstable = crosstable;
            self.open.ev.standings_error = error;
            self.open.ev.stale.tables = false;
        }
        if self.open.ev.stale.prizes && self.nav.tab == Tab::Prizes {
            let ev = self.open.ev.event.as_ref().expect("open");
            let prizes = self.open.prizes.take();
            self.open.prizes = super::super::prizes::load(app, &self.ui(), ev, false, prizes);
            self.open.ev.stale.prizes = false;
        }
    }

    /// Reads the open event's pending reports again (players report from
    /// the served pages while the TUI waits for a key).
    pub fn refresh_reports(&mut self, app: &App) {
        if let Some(id) = self.event_id() {
            self.open.ev.pending = app.pending_reports(id).unwrap_or_default();
        }
    }

    /// Loads an event's tabs.
    pub fn load_event(&mut self, app: &App, id: EventId) -> crate::app::Result<()> {
        let v = app.event_view(id)?;
        // A round picked with [ / ]: its boards, and the tables after it.
        let pick = self
            .nav
            .round_sel
            .filter(|r| r.get() >= 1 && r.get() < v.paired);
        self.nav.round_sel = pick;
        let (round, games) = match pick {
            Some(r) => (Some(app.round_view(id, Some(r))?), app.round_games(id, r)?),
            None => (v.round, v.games),
        };
        let mut points_before = std::collections::HashMap::new();
        if let Some(n) = round.as_ref().map(|r| r.number.get()).filter(|&n| n > 1) {
            if let Ok(EventStandings::Individual(st)) =
                app.event_standings(id, Some(RoundNo(n - 1)))
            {
                points_before = st.rows.iter().map(|r| (r.player.id, r.points)).collect();
            }
        }
        let virtual_now = match round.as_ref() {
            Some(r) => app
                .virtual_points_in(&v.event, r.number)
                .unwrap_or_default(),
            None => Default::default(),
        };
        let pending = app.pending_reports(id).unwrap_or_default();
        // A team event's round as matches, for the headers over its boards.
        let team_round = match (&round, v.kind) {
            (Some(r), EventKind::Team) => match app.event_round(id, Some(r.number))? {
                EventRound::Team(t) => Some(t),
                _ => None,
            },
            _ => None,
        };
        self.open.ev = EventData {
            team_round,
            pending,
            virtual_now,
            kind: Some(v.kind),
            byes: v.byes,
            forbidden: v.forbidden,
            entries: v.entries,
            event: Some(v.event),
            paired: v.paired,
            round,
            games,
            // Standings count complete rounds only (or those up to the
            // round picked); the crosstable shows every paired round,
            // pending games included. Read when a tab shows them.
            standings: None,
            crosstable: None,
            standings_error: None,
            tables_after: pick,
            stale: Stale {
                tables: true,
                prizes: false,
            },
            points_before,
        };
        let ev = self.open.ev.event.as_ref().expect("just loaded");
        let kind = v.kind;
        let (teams, bracket) = (self.open.teams.take(), self.open.bracket.take());
        self.open.teams =
            super::super::teams::load(app, self.lang, ev, kind, self.open.ev.paired, teams)?;
        self.open.bracket = super::super::bracket::load(app, ev, kind, bracket)?;
        let other = self.open.teams.is_some() || self.open.bracket.is_some();
        let prizes = self.open.prizes.take();
        self.open.prizes = super::super::prizes::load(app, &self.ui(), ev, other, prizes);
        Ok(())
    }
}
