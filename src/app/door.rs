//! The front ends' door into the club: typed ids, the reads the screens
//! need, and the small writes (edit or retire a member, withdraw, forbid a
//! pair, request a bye, finish an event, undo, backup). The CLI turns the
//! names a secretary types into ids once, at its edge ([`App::find_event`],
//! [`App::find_member`], [`App::find_entry`]); the TUI already holds ids.
//! Neither front end sees the store (tests/it/architecture.rs).

use super::{invalid, App, Result, RoundView};
use super::{EventCrosstable, EventKind, EventStandings};
use crate::domain::RoundNo;
use crate::domain::{
    Entry, Event, EventSettings, EventStatus, ForbiddenPair, Member, PairingSystem, RequestedBye,
    RequestedByeValue, TimeControl,
};
use crate::scoring::TieBreaks;
use std::path::Path;

pub use crate::domain::PlacedGame;

/// A row of the action log, as the front ends show it: the door's own
/// type, so no store type reaches them.
#[derive(Clone, Debug, PartialEq)]
pub struct LogEntry {
    pub id: i64,
    pub at: String,
    pub action: String,
    /// What the change was, rendered in the reader's language.
    pub summary: crate::i18n::Msg,
    pub undoable: bool,
    pub undone: bool,
}

pub use crate::domain::{EntryId, EventId, MemberId, TeamId};

impl Event {
    /// This event's typed id.
    pub fn key(&self) -> EventId {
        EventId(self.id)
    }
}

impl Member {
    /// This member's typed id.
    pub fn key(&self) -> MemberId {
        MemberId(self.id)
    }
}

impl crate::domain::Team {
    /// This team's typed id.
    pub fn key(&self) -> TeamId {
        TeamId(self.id)
    }
}

impl Entry {
    /// This entry's typed id.
    pub fn key(&self) -> EntryId {
        EntryId(self.id)
    }
}

/// A line of the events list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventSummary {
    pub event: Event,
    pub kind: EventKind,
    pub rounds_paired: u32,
    pub players: u32,
    /// A knockout whose champion is known (its final decided), finished
    /// or not.
    pub champion_decided: bool,
}

impl EventSummary {
    /// The event's state as the lists say it (`status.*`): a knockout
    /// whose champion is known and that is not finished yet says so
    /// (决出冠军) rather than 进行中 (running); it stays running in the
    /// database until `event finish`, so nothing is written for it and
    /// undo has nothing to take back.
    pub fn status_key(&self) -> &'static str {
        status_key(self.event.status, self.champion_decided)
    }
}

/// An event's state as every list says it (`status.*`): the stored
/// status, but `status.decided` (决出冠军) for a knockout whose champion is
/// known and that is not finished yet.
pub fn status_key(status: crate::domain::EventStatus, champion_decided: bool) -> &'static str {
    use crate::domain::EventStatus;
    match status {
        EventStatus::Finished => "status.finished",
        _ if champion_decided => "status.decided",
        EventStatus::Running => "status.running",
        EventStatus::Planned => "status.planned",
    }
}

/// Everything an event's screen shows but its tables, read in one go (the
/// standings and crosstable cost the most: [`App::tables`] reads them
/// when a tab shows them).
#[derive(Debug)]
pub struct EventView {
    pub event: Event,
    /// Individual, team or knockout: what the tables below are.
    pub kind: EventKind,
    pub entries: Vec<Entry>,
    /// Rounds paired so far.
    pub paired: u32,
    /// The last paired round.
    pub round: Option<RoundView>,
    /// The games of the last paired round.
    pub games: Vec<PlacedGame>,
    pub byes: Vec<RequestedBye>,
    pub forbidden: Vec<ForbiddenPair>,
}

/// The settings a secretary gives for a new event; what is left out comes
/// from `[event]` in config.toml. Both front ends build one of these and
/// [`App::event_settings`] turns it into checked settings.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EventDraft {
    /// The kind of event: what its tie-breaks are (individual, team, none).
    pub kind: EventKind,
    pub scheme: Option<String>,
    pub system: Option<PairingSystem>,
    pub rounds: Option<u32>,
    /// Left out: two for a two-game scheme, else the config's.
    pub games_per_round: Option<u32>,
    pub time_control: Option<TimeControl>,
    /// Read at the edge for the draft's kind ([`TieBreaks::parse`]).
    pub tiebreaks: Option<TieBreaks>,
    pub bye_opponent_score: Option<crate::domain::ByeOpponentScore>,
    /// A double round robin (berger).
    pub double: bool,
    /// The cxa round-1 method (1 临近, 2 首尾, 3 拦腰, 4 random, 5
    /// halves); only for a cxa event.
    pub cxa_round1: Option<u8>,
    /// Accelerated pairings: `baku` or `none` (left out: as it is).
    pub acceleration: Option<String>,
    /// Dutch: keep clubmates apart, `absolute`, `relaxed` or `off` (left
    /// out: as it is).
    pub clubmates: Option<String>,
    /// A team event's settings (boards, match points, …); `None`: the defaults.
    pub team: Option<crate::domain::TeamSettings>,
    /// A knockout's settings (play-off ladder, third place, draw); `None`:
    /// the defaults.
    pub knockout: Option<super::KnockoutSettings>,
    /// A knockout seeded from another event's final standings or a
    /// season's table: (where from, top N), read by [`App::find_seed`].
    pub seed_from: Option<(super::SeedSource, u32)>,
    /// The event's own identity (club, organiser, venue, arbiters); `None`
    /// or empty: none.
    pub identity: Option<crate::domain::Identity>,
    /// A round robin's sitting-out score as its own column (`true`: set;
    /// `false`: as it is).
    pub round_robin_bye_scores: bool,
}

/// Schemes whose rounds are two games with colours swapped (分先).
fn two_game_scheme(scheme: &str) -> bool {
    matches!(scheme, "two-game" | "hu-two-game")
}

impl App {
    // ---- names to ids (the CLI's edge) ----

    /// The event named `key` (its id, `#id` or its name).
    pub fn find_event(&self, key: &str) -> Result<Event> {
        self.shown_event(self.store.resolve_event(key)?)
    }

    /// An event as every front end shows it: a round-robin's rounds are
    /// its table's, whatever `--rounds` said (every entry, or every team
    /// of a team event, keeps its Berger number; a double round-robin
    /// plays the table twice, and a team round-robin is a double one when
    /// its rounds are more than one cycle, as its pairing has it); any
    /// other event as stored.
    fn shown_event(&self, mut ev: Event) -> Result<Event> {
        if ev.settings.system != crate::domain::PairingSystem::Berger {
            return Ok(ev);
        }
        let team = self.store.team_settings(ev.id)?.is_some();
        let units = if team {
            self.store.teams(ev.id)?.len()
        } else {
            self.store.entries(ev.id)?.len()
        } as u32;
        if units >= 2 {
            let cycle = crate::pairing::berger::rounds_per_cycle(units);
            let double = ev.settings.pairing_settings.options.double_round_robin()
                || (team && ev.settings.rounds > cycle);
            ev.settings.rounds = if double { 2 * cycle } else { cycle };
        }
        Ok(ev)
    }

    /// The member named `key` (id, `#id`, member id or name).
    pub fn find_member(&self, key: &str) -> Result<Member> {
        Ok(self.store.resolve_member(key)?)
    }

    /// The members named by `keys`, in order, each read as
    /// [`App::find_member`] reads one.
    pub fn find_members<S: AsRef<str>>(&self, keys: &[S]) -> Result<Vec<MemberId>> {
        keys.iter()
            .map(|k| Ok(self.find_member(k.as_ref())?.key()))
            .collect()
    }

    /// The team of the team event `event` named `key` (its exact name or
    /// pairing number).
    pub fn find_team(&self, event: EventId, key: &str) -> Result<TeamId> {
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        Ok(super::teams::find_team(&views, key)?.team.key())
    }

    /// The entry of `event` named `key` (start number or name).
    pub fn find_entry(&self, event: EventId, key: &str) -> Result<Entry> {
        Ok(self.store.resolve_entry(event.0, key)?)
    }

    // ---- reads ----

    /// One event.
    pub fn event(&self, id: EventId) -> Result<Event> {
        self.shown_event(self.store.event(id.0)?)
    }

    /// Every event.
    pub fn events(&self) -> Result<Vec<Event>> {
        self.store
            .events()?
            .into_iter()
            .map(|e| self.shown_event(e))
            .collect()
    }

    /// Every event, newest first, with rounds paired, players and kind
    /// (the event list, one query).
    pub fn event_summaries(&self) -> Result<Vec<EventSummary>> {
        self.store
            .event_summaries()?
            .into_iter()
            .map(|s| {
                Ok(EventSummary {
                    kind: if s.knockout {
                        EventKind::Knockout
                    } else if s.team {
                        EventKind::Team
                    } else {
                        EventKind::Individual
                    },
                    // A bracket that cannot be read is not decided: the event's
                    // own screens say why.
                    champion_decided: s.knockout
                        && s.rounds_paired > 0
                        && self.champion_decided(EventId(s.event.id)),
                    event: self.shown_event(s.event)?,
                    rounds_paired: s.rounds_paired,
                    players: s.players,
                })
            })
            .collect()
    }

    /// Whether a knockout's champion is known (its final decided). A
    /// bracket that cannot be read is not decided: the event's own
    /// screens say why.
    pub fn champion_decided(&self, event: EventId) -> bool {
        self.bracket(event).is_ok_and(|b| b.champion.is_some())
    }

    /// One member.
    pub fn member(&self, id: MemberId) -> Result<Member> {
        Ok(self.store.member(id.0)?)
    }

    /// The club's members (retired ones too when `include_retired`).
    pub fn members(&self, include_retired: bool) -> Result<Vec<Member>> {
        Ok(self.store.members(include_retired)?)
    }

    /// An event's entries in start-number order.
    pub fn entries(&self, event: EventId) -> Result<Vec<Entry>> {
        Ok(self.store.entries(event.0)?)
    }

    /// The names of a stored game's red and black players (its own
    /// colours: game 2 of 分先 and a knockout's games may be played the
    /// other way round from their board).
    pub fn game_players(
        &self,
        event: EventId,
        g: &crate::domain::Game,
    ) -> Result<(String, String)> {
        let entries = self.entries(event)?;
        let name = |id: i64| {
            entries
                .iter()
                .find(|e| e.id == id)
                .map(|e| e.name.clone())
                .unwrap_or_default()
        };
        Ok((name(g.red), name(g.black)))
    }

    /// The rounds of `event` paired so far.
    pub fn rounds_paired(&self, event: EventId) -> Result<u32> {
        Ok(self.store.rounds_paired(event.0)?)
    }

    /// The games of `event` up to `round` (all rounds when `None`).
    pub fn games(&self, event: EventId, up_to_round: Option<RoundNo>) -> Result<Vec<PlacedGame>> {
        let up_to_round = up_to_round.map(RoundNo::get);
        Ok(self.store.games(event.0, up_to_round)?)
    }

    /// The games of round `round` of `event`.
    pub fn round_games(&self, event: EventId, round: RoundNo) -> Result<Vec<PlacedGame>> {
        let round = round.get();
        Ok(self.store.round_games(event.0, round)?)
    }

    /// One entry of `event`.
    pub fn entry(&self, event: EventId, entry: EntryId) -> Result<Entry> {
        self.entries(event)?
            .into_iter()
            .find(|e| e.id == entry.0)
            .ok_or_else(|| invalid!("tui.err.no_entry", entry = entry.0))
    }

    /// Standings and crosstable of `event` after `round` (default: the
    /// complete rounds; the crosstable every paired round), for its kind.
    pub fn tables(
        &self,
        event: EventId,
        round: Option<RoundNo>,
    ) -> Result<(EventStandings, EventCrosstable)> {
        let round = round.map(RoundNo::get);
        Ok((
            self.event_standings(event, round.map(RoundNo))?,
            self.event_crosstable(event, round.map(RoundNo))?,
        ))
    }

    /// Everything an event's screen shows.
    pub fn event_view(&self, id: EventId) -> Result<EventView> {
        let event = self.event(id)?;
        let paired = self.rounds_paired(id)?;
        let (round, games) = if paired > 0 {
            let games = self.round_games(id, RoundNo(paired))?;
            (Some(self.round_view(id, None)?), games)
        } else {
            (None, Vec::new())
        };
        Ok(EventView {
            kind: self.kind_of(&event)?,
            byes: self.store.requested_byes(id.0)?,
            forbidden: self.store.forbidden_pairs(id.0)?,
            entries: self.entries(id)?,
            event,
            paired,
            round,
            games,
        })
    }

    /// The database file (`:memory:` for an in-memory club).
    pub fn db_path(&self) -> &Path {
        self.store.path()
    }

    /// The database's schema version.
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self.store.schema_version()?)
    }

    /// SQLite's integrity check: `ok` or what is damaged.
    pub fn integrity_check(&self) -> Result<String> {
        Ok(self.store.integrity_check()?)
    }

    /// Copies the club to a new file.
    pub fn backup_to(&self, dest: &Path) -> Result<()> {
        Ok(self.store.backup_to(dest)?)
    }

    /// The last `count` entries of the action log, newest first.
    pub fn log(&self, count: usize) -> Result<Vec<LogEntry>> {
        Ok(self
            .store
            .log_entries(count)?
            .into_iter()
            .map(|e| LogEntry {
                summary: e.summary.to_msg(),
                id: e.id,
                at: e.at,
                action: e.action,
                undoable: e.undoable,
                undone: e.undone,
            })
            .collect())
    }

    // ---- writes ----

    /// Replaces a member's details.
    pub fn edit_member(&mut self, m: &Member) -> Result<()> {
        self.check_member_id_free(m.ext_id.as_deref(), Some(m.id))?;
        Ok(self.store.update_member(m)?)
    }

    /// Retires a member (kept in the history, left out of new events).
    pub fn retire_member(&mut self, id: MemberId) -> Result<Member> {
        let mut m = self.member(id)?;
        if m.retired {
            return Err(invalid!("err.app.already_retired", name = &m.name));
        }
        m.retired = true;
        self.store.update_member(&m)?;
        Ok(m)
    }

    /// Withdraws an entry: not paired after `after_round` (default: the
    /// rounds paired so far).
    pub fn withdraw(
        &mut self,
        event: EventId,
        entry: EntryId,
        after_round: Option<RoundNo>,
    ) -> Result<Entry> {
        let after_round = after_round.map(RoundNo::get);
        let e = self.entry(event, entry)?;
        self.store.withdraw(&e, after_round)?;
        Ok(e)
    }

    /// A bye asked for in advance; `value` defaults to the event's setting.
    pub fn request_bye(
        &mut self,
        event: EventId,
        entry: EntryId,
        round: RoundNo,
        value: Option<RequestedByeValue>,
    ) -> Result<Entry> {
        let round = round.get();
        self.refuse_in_knockout(event, "err.ko.no_requested_byes")?;
        let e = self.entry(event, entry)?;
        let value = match value {
            Some(v) => v,
            None => self.event(event)?.settings.byes.requested,
        };
        self.store.request_bye(&e, round, value)?;
        Ok(e)
    }

    /// Refuses with `key` (its `{event}` named) when the event is a
    /// knockout: its bracket is drawn by seed, with no byes asked for and
    /// no pairs kept apart.
    pub(super) fn refuse_in_knockout(&self, event: EventId, key: &'static str) -> Result<()> {
        let ev = self.event(event)?;
        if self.knockout_settings(&ev)?.is_some() {
            return Err(super::AppError::Invalid(crate::i18n::msg!(
                key,
                event = &ev.name
            )));
        }
        Ok(())
    }

    /// Sets an event's status (planned, running, finished).
    pub fn set_event_status(&mut self, event: EventId, status: EventStatus) -> Result<()> {
        Ok(self.store.set_event_status(event.0, status)?)
    }

    /// Marks an event finished.
    /// With rounds still missing it refuses unless `force` (the TUI asks
    /// first); returns how many rounds were missing.
    pub fn finish_event(&mut self, event: EventId, force: bool) -> Result<u32> {
        let ev = self.event(event)?;
        let missing = self.rounds_missing(ev.key())?;
        if missing > 0 && !force {
            return Err(invalid!(
                "err.app.finish_rounds_missing",
                event = &ev.name,
                missing,
                rounds = ev.settings.rounds
            ));
        }
        self.set_event_status(event, EventStatus::Finished)?;
        Ok(missing)
    }

    // ---- event settings ----

    /// The settings of a new event: `[event]` in config.toml, then what the
    /// draft gives, then the rules (a two-game scheme plays two games per
    /// round unless the draft says otherwise), checked by
    /// [`App::check_settings`].
    pub fn event_settings(&self, d: &EventDraft) -> Result<EventSettings> {
        let mut s = self.config.event.clone();
        // The config's defaults of the draft's kind.
        s.tiebreaks = match d.kind {
            EventKind::Individual => s.tiebreaks,
            EventKind::Team => TieBreaks::Team(self.config.team_tiebreaks.clone()).list(),
            EventKind::Knockout => TieBreaks::Knockout.list(),
        };
        // The club's default pairing options are those of its default
        // system: an event paired by another system takes none of them.
        // A knockout's bracket reads none of them.
        let system = d.system.unwrap_or(s.system);
        s.pairing_settings.options = if d.kind == EventKind::Knockout {
            crate::domain::PairingOptions::default()
        } else {
            s.pairing_settings.options.only_for(system)
        };
        let mut s = self.apply_draft(s, d, None)?;
        super::teams::one_cycle_unless_asked(&mut s, d);
        Ok(s)
    }

    /// `d` over the settings `s`, checked (`before`: the event's settings
    /// as stored, when it is an edit).
    fn apply_draft(
        &self,
        mut s: EventSettings,
        d: &EventDraft,
        before: Option<&EventSettings>,
    ) -> Result<EventSettings> {
        if let Some(v) = &d.scheme {
            s.scheme = v.clone();
        }
        if let Some(v) = d.system {
            s.system = v;
        }
        if let Some(v) = d.rounds {
            s.rounds = v;
        }
        match d.games_per_round {
            Some(v) => s.games_per_round = v,
            None if two_game_scheme(&s.scheme) => s.games_per_round = 2,
            None => {}
        }
        if let Some(v) = d.time_control {
            s.time_control = v;
        }
        if let Some(v) = &d.tiebreaks {
            // A list read for another kind is refused, empty or not.
            if v.kind() != d.kind {
                return Err(crate::scoring::ScoringError::TieBreaksKind {
                    codes: v.codes().join(", "),
                    kind: d.kind,
                }
                .into());
            }
            s.tiebreaks = v.list();
        }
        if let Some(v) = d.bye_opponent_score {
            s.byes.opponent_score = v;
        }
        // The options are set as the draft asks; on a system that does
        // not read them the general check below refuses them by key.
        if d.double {
            s.pairing_settings.options.double_round_robin = Some(true);
        }
        if d.round_robin_bye_scores {
            s.pairing_settings.options.round_robin_bye_scores = Some(true);
        }
        if let Some(id) = d.identity.clone().filter(|id| !id.is_empty()) {
            s.pairing_settings.extras.identity = Some(id);
        }
        if let Some(v) = d.cxa_round1 {
            if !(1..=5).contains(&v) {
                return Err(invalid!("err.app.cxa_round1", value = v));
            }
            s.pairing_settings.options.round1_method = Some(v);
        }
        if let Some(m) = &d.acceleration {
            super::accel::set_method(&mut s, m)?;
        }
        if let Some(c) = &d.clubmates {
            let mode = crate::pairing::ClubApart::from_code(c).ok_or_else(|| {
                invalid!(
                    "err.pairing.clubmates_mode",
                    value = c,
                    allowed = "off, absolute, relaxed"
                )
            })?;
            if mode == crate::pairing::ClubApart::Off {
                s.pairing_settings.options.clubmates = None;
            } else if s.system != PairingSystem::Dutch {
                return Err(invalid!("err.pairing.clubmates_dutch"));
            } else {
                s.pairing_settings.options.clubmates = Some(mode);
            }
        }
        // A time control, a system, the rounds, the first colour or the
        // tie-breaks set by hand are the event's own: the TRF export
        // writes them, though the imported file had none.
        if let Some(b) = before {
            let accel = |s: &EventSettings| s.pairing_settings.options.acceleration;
            let first = |s: &EventSettings| s.pairing_settings.options.first_colour();
            let set: [(&str, bool); 5] = [
                ("222", s.time_control != b.time_control),
                ("192", s.system != b.system || accel(&s) != accel(b)),
                ("142", s.rounds != b.rounds),
                ("152", first(&s) != first(b)),
                ("202", s.tiebreaks != b.tiebreaks),
            ];
            for (code, changed) in set {
                if changed {
                    s.pairing_settings.extras.trf_absent.retain(|c| c != code);
                }
            }
        }
        self.check_settings_with(d.kind, &s, before)?;
        Ok(s)
    }

    /// Changes an event's name, date (`None`: kept) and settings: the
    /// draft over its present settings (`double` says whether it is a
    /// double round robin), checked as for a new event. Once a round is
    /// paired the scheme, the pairing system, the games per round and the
    /// pairing settings stay as they are, and the rounds cannot go below
    /// those paired. A finished event is refused (reopen it first).
    pub fn edit_event(
        &mut self,
        event: EventId,
        name: &str,
        date: Option<chrono::NaiveDate>,
        d: &EventDraft,
    ) -> Result<Event> {
        let ev = self.event(event)?;
        if ev.status == EventStatus::Finished {
            return Err(invalid!("err.app.event_finished", event = &ev.name));
        }
        // The event's own kind: a team event's tie-breaks are team codes.
        let kind = self.kind_of(&ev)?;
        let d = &EventDraft { kind, ..d.clone() };
        if kind == EventKind::Knockout && d.system.is_some_and(|x| x != ev.settings.system) {
            return Err(invalid!("err.app.knockout_system", event = &ev.name));
        }
        // A new system keeps none of the old one's own options.
        let mut base = ev.settings.clone();
        if let Some(x) = d.system.filter(|&x| x != base.system) {
            base.pairing_settings.options = base.pairing_settings.options.only_for(x);
        }
        let mut s = self.apply_draft(base, d, Some(&ev.settings))?;
        if !d.double && s.pairing_settings.options.double_round_robin() {
            s.pairing_settings.options.double_round_robin = None;
        }
        let paired = self.rounds_paired(event)?;
        if paired > 0 {
            let old = &ev.settings;
            let locked = [
                ("col.scheme", s.scheme != old.scheme),
                ("col.system", s.system != old.system),
                (
                    "tui.field.games_per_round",
                    s.games_per_round != old.games_per_round,
                ),
                (
                    "tui.field.pairing",
                    s.pairing_settings.options != old.pairing_settings.options,
                ),
            ];
            if let Some((what, _)) = locked.iter().find(|x| x.1) {
                return Err(invalid!(
                    "err.app.setting_locked",
                    setting = crate::i18n::Msg::new(what),
                    round = paired
                ));
            }
            // Baku's rounds and groups are fixed before round 1.
            if s.rounds != old.rounds && super::accel::is_accelerated(old) {
                return Err(invalid!(
                    "err.app.setting_locked",
                    setting = crate::i18n::Msg::new("col.rounds"),
                    round = paired
                ));
            }
            if s.rounds < paired {
                return Err(invalid!(
                    "err.app.rounds_below_paired",
                    rounds = s.rounds,
                    paired
                ));
            }
        }
        self.store
            .update_event(event.0, name, date.or(ev.start_date), &s)?;
        self.event(event)
    }

    /// The one check of an event's settings, for both front ends: a known
    /// scheme with valid constants, known tie-breaks, at least one round,
    /// one or two games per round.
    pub fn check_settings(&self, settings: &EventSettings) -> Result<()> {
        self.check_settings_of(EventKind::Individual, settings)
    }

    /// [`App::check_settings`] for an event of `kind`: its tie-breaks are
    /// that kind's.
    pub fn check_settings_of(&self, kind: EventKind, settings: &EventSettings) -> Result<()> {
        self.check_settings_with(kind, settings, None)
    }

    /// [`App::check_settings_of`]; `before`, an edited event's settings as
    /// stored: a pairing option its system does not read is refused, but
    /// one the stored row already held under the same system is kept (a
    /// row an older qishe wrote opens and edits as before; its system's
    /// pairer never reads the option).
    fn check_settings_with(
        &self,
        kind: EventKind,
        settings: &EventSettings,
        before: Option<&EventSettings>,
    ) -> Result<()> {
        if !crate::config::SCHEMES.contains(&settings.scheme.as_str()) {
            let why = crate::i18n::msg!(
                "err.app.unknown_scheme",
                scheme = &settings.scheme,
                allowed = crate::config::SCHEMES.join(", ")
            );
            let why = crate::i18n::with_near(
                why,
                &settings.scheme,
                crate::config::SCHEMES.iter().copied(),
            );
            return Err(super::AppError::Invalid(why));
        }
        // Scheme constants: unknown keys and bad values are refused here.
        crate::scoring::Scheme::from_id(&settings.scheme, &settings.scheme_settings)?;
        TieBreaks::for_event(kind, &settings.tiebreaks)?;
        if settings.rounds == 0 {
            return Err(invalid!("err.app.no_rounds"));
        }
        if !(1..=2).contains(&settings.games_per_round) {
            return Err(invalid!("err.app.games_per_round"));
        }
        super::accel::check(settings)?;
        // Acceleration and clubmates apart are the individual Dutch's.
        let individual_only = super::accel::is_accelerated(settings)
            || settings.pairing_settings.options.clubmates.is_some();
        if kind != EventKind::Individual && individual_only {
            return Err(invalid!("err.accel.individual_only"));
        }
        // Each pairing option is read by the systems it names; a
        // knockout's bracket reads none of them.
        let options = &settings.pairing_settings.options;
        let kept = before
            .is_some_and(|b| b.system == settings.system && b.pairing_settings.options == *options);
        let refused = if kind == EventKind::Knockout {
            options
                .set_keys()
                .first()
                .map(|&key| crate::domain::PairingOptions::knockout_msg(key))
        } else {
            options
                .foreign_to(settings.system)
                .map(|key| crate::domain::PairingOptions::foreign_msg(key, settings.system))
        };
        if let Some(m) = refused.filter(|_| !kept) {
            return Err(super::AppError::Invalid(m));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
