//! Team events (团体赛, `specs/teams.md`): teams and rosters, lineups,
//! pairing teams, importing team games, team standings and board prizes.

use super::{invalid, App, AppError, Result};
use crate::app::EventId;
use crate::domain::{
    lineup_order_break, round_board_number, Entry, Event, EventSettings, Game, NewMember, Team,
    TeamSettings,
};
use crate::domain::{EntryId, RoundNo, TeamId};
use crate::formats::games_csv::read_team_games_csv;
use crate::formats::teams_csv::read_teams_csv;
use crate::pairing::team::{pair_teams, team_state, TeamPast, TeamUnit};
use crate::pairing::{GameScore, RoundPairing};
use crate::scoring::team::{
    board_prizes, match_scores, team_rounds, team_standings, BoardPrizeRow, MatchBoard, MatchData,
    MatchScore, MatchStatus, TeamEventData, TeamRef, TeamRoundKind, TeamStandings, TeamTieBreak,
};
use crate::scoring::{validate_game, RoundResult};
use crate::store::{Lineup, NewTeam, NewTeamBoard, NewTeamRound, RosterMember};
use std::collections::HashMap;

mod games;
mod pair;
mod view;
pub use view::{BoardLine, MatchView, RosterChange, TeamCrosstable, TeamRoundView};

/// A team with its pairing number and roster entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamView {
    pub team: Team,
    /// Pairing number: the initial team order.
    pub no: u32,
    pub roster: Vec<Entry>,
    /// Average rating of the first B roster members (whole points).
    pub average: i32,
}

impl TeamView {
    /// Where `player` (exact name or member id) stands on the roster; not
    /// on it is a keyed error naming the team.
    pub(crate) fn roster_position(&self, player: &str) -> Result<usize> {
        self.roster
            .iter()
            .position(|e| e.name == player || e.member_id.to_string() == player)
            .ok_or_else(|| {
                invalid!(
                    "err.team.not_on_roster",
                    player = player,
                    team = &self.team.name
                )
            })
    }
}

/// A player of a roster as the door takes it, read at the edge
/// ([`App::find_roster`], [`App::find_reserve`]): a member of the club, or
/// a name that becomes a new member.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RosterPlayer {
    Member(crate::domain::MemberId),
    New(String),
}

/// What pairing a team round did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamPairOutcome {
    pub round: RoundNo,
    /// Home and away team names, in match order (away `None`: bye).
    pub matches: Vec<(String, Option<String>)>,
    pub pairing: RoundPairing,
}

/// What a teams CSV would add (the preview before an import).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamsImportPreview {
    /// Each team with its roster in board order: (name, a new member).
    pub teams: Vec<(String, Vec<(String, bool)>)>,
}

/// What a team games import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamGamesReport {
    pub games: usize,
    pub rounds: usize,
}

/// The average rating of the rated players among the first `boards` of
/// the roster (whole points, rounded down); 0 when none of them is rated,
/// which puts the team after every team that has a rated player there.
fn avg_rating(roster: &[Entry], boards: usize) -> i32 {
    let rated: Vec<i32> = roster
        .iter()
        .take(boards)
        .filter_map(|e| e.rating)
        .collect();
    match rated.is_empty() {
        true => 0,
        false => rated.iter().sum::<i32>() / rated.len() as i32,
    }
}

/// A new team round-robin of no rounds asked for (no `--rounds`, no
/// `--double`) plays its table once: more rounds than one cycle make it a
/// double one (`App::shown_event`, `pair_teams`), which the club's default
/// number of rounds must not do behind the secretary's back. Stored as 1:
/// the table's rounds are shown and paired.
pub(super) fn one_cycle_unless_asked(s: &mut EventSettings, d: &super::EventDraft) {
    if d.kind == super::EventKind::Team
        && d.rounds.is_none()
        && s.system == crate::domain::PairingSystem::Berger
        && !s.pairing_settings.options.double_round_robin()
    {
        s.rounds = 1;
    }
}

impl App {
    /// The team settings of an event (`None`: an individual event).
    pub fn team_settings_of(&self, event: &Event) -> Result<Option<TeamSettings>> {
        Ok(self.store.team_settings(event.id)?)
    }

    /// The event by key, with its team settings; an error for an individual event.
    pub fn team_event(&self, key: EventId) -> Result<(Event, TeamSettings)> {
        let ev = self.event(key)?;
        match self.team_settings_of(&ev)? {
            Some(t) => Ok((ev, t)),
            None => Err(invalid!("err.team.not_team_event", event = &ev.name)),
        }
    }

    /// Creates a team event. The event's tie-breaks are team codes (the
    /// front ends go through [`App::create_event_of`]).
    pub(crate) fn create_team_event(
        &mut self,
        name: &str,
        date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
        team: &TeamSettings,
    ) -> Result<Event> {
        if !crate::config::SCHEMES.contains(&settings.scheme.as_str()) {
            return Err(invalid!(
                "err.app.unknown_scheme",
                scheme = &settings.scheme,
                allowed = crate::config::SCHEMES.join(", ")
            ));
        }
        crate::scoring::Scheme::from_id(&settings.scheme, &settings.scheme_settings)?;
        crate::scoring::TieBreaks::team(&settings.tiebreaks)?;
        if !(1..=2).contains(&settings.games_per_round) {
            return Err(invalid!("err.app.games_per_round"));
        }
        if team.boards == 0 || team.boards > 64 {
            return Err(invalid!("err.team.boards", boards = team.boards));
        }
        Ok(self.store.create_team_event(name, date, settings, team)?)
    }

    /// The teams in pairing order: average rating of the first B roster
    /// members (descending), then the next member's rating, then name.
    pub fn teams_in_order(&self, event: &Event, ts: &TeamSettings) -> Result<Vec<TeamView>> {
        let entries: HashMap<i64, Entry> = self
            .store
            .entries(event.id)?
            .into_iter()
            .map(|e| (e.id, e))
            .collect();
        let b = ts.boards as usize;
        let mut views: Vec<TeamView> = self
            .store
            .teams(event.id)?
            .into_iter()
            .map(|t| {
                let roster: Vec<Entry> = t
                    .roster
                    .iter()
                    .filter_map(|id| entries.get(id).cloned())
                    .collect();
                TeamView {
                    average: avg_rating(&roster, b),
                    team: t,
                    no: 0,
                    roster,
                }
            })
            .collect();
        let next = |v: &TeamView| v.roster.get(b).and_then(|e| e.rating).unwrap_or(0);
        views.sort_by(|x, y| {
            y.average
                .cmp(&x.average)
                .then(next(y).cmp(&next(x)))
                .then(x.team.name.cmp(&y.team.name))
        });
        for (i, v) in views.iter_mut().enumerate() {
            v.no = i as u32 + 1;
        }
        Ok(views)
    }

    /// The roster of a new team `name` of `event` from what was typed:
    /// members by id or exact name in roster order; with `create`, an
    /// unknown name is a new member. Read at the edge for
    /// [`App::add_team`].
    pub fn find_roster<S: AsRef<str>>(
        &self,
        event: EventId,
        name: &str,
        keys: &[S],
        create: bool,
    ) -> Result<Vec<RosterPlayer>> {
        self.team_event(event)?;
        if name.trim().is_empty() {
            return Err(invalid!("err.team.needs_name"));
        }
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for p in keys
            .iter()
            .map(|p| p.as_ref().trim())
            .filter(|p| !p.is_empty())
        {
            if !seen.insert(p.to_string()) {
                return Err(invalid!(
                    "err.team.twice_on_roster",
                    player = p,
                    team = name
                ));
            }
            out.push(self.find_reserve(p, create)?);
        }
        Ok(out)
    }

    /// The player of the roster of team `team` named `key` (member id or
    /// exact name), for a [`RosterChange::Remove`].
    pub fn find_roster_member(
        &self,
        event: EventId,
        team: TeamId,
        key: &str,
    ) -> Result<crate::domain::MemberId> {
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        let view = team_by_id(&views, team)?;
        let pos = view.roster_position(key.trim())?;
        Ok(crate::domain::MemberId(view.roster[pos].member_id))
    }

    /// The player named `key` for a roster (member id or exact name);
    /// with `create`, an unknown name is a new member.
    pub fn find_reserve(&self, key: &str, create: bool) -> Result<RosterPlayer> {
        let p = key.trim();
        match self.store.resolve_member(p) {
            Ok(m) => Ok(RosterPlayer::Member(crate::domain::MemberId(m.id))),
            Err(crate::store::StoreError::NotFound(_)) if create => {
                Ok(RosterPlayer::New(p.to_string()))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Adds a team with its roster in order (a new member's club is the
    /// team's).
    pub fn add_team(
        &mut self,
        event: EventId,
        name: &str,
        club: Option<&str>,
        captain: Option<&str>,
        players: &[RosterPlayer],
    ) -> Result<Team> {
        let (ev, _) = self.team_event(event)?;
        if name.trim().is_empty() {
            return Err(invalid!("err.team.needs_name"));
        }
        let mut roster = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for p in players {
            let (player, member) = match p {
                RosterPlayer::Member(id) => {
                    let m = self.store.member(id.0)?;
                    (m.name, RosterMember::Known(m.id))
                }
                RosterPlayer::New(n) => (
                    n.trim().to_string(),
                    RosterMember::New(NewMember {
                        name: n.trim().to_string(),
                        club: club.map(str::to_string),
                        ..Default::default()
                    }),
                ),
            };
            if !seen.insert(p) {
                return Err(invalid!("err.team.twice_on_roster", player, team = name));
            }
            roster.push(member);
        }
        let team = NewTeam {
            name: name.trim().to_string(),
            club: club.map(str::to_string).filter(|c| !c.trim().is_empty()),
            captain: captain.map(str::to_string).filter(|c| !c.trim().is_empty()),
            roster,
        };
        let mut out = self.store.add_teams(ev.id, &[team], "")?;
        out.pop().ok_or_else(|| invalid!("err.team.needs_name"))
    }

    /// Imports rosters from a teams CSV (`team,board,name,club,rating`):
    /// members matched by exact name (and club when given), else added.
    /// A player on two teams, or twice, stops the import with the line.
    pub fn import_teams(&mut self, event: EventId, bytes: &[u8], file: &str) -> Result<Vec<Team>> {
        let (ev, new_teams) = self.plan_teams_import(event, bytes, file)?;
        Ok(self.store.add_teams(ev.id, &new_teams, file)?)
    }

    /// What [`App::import_teams`] would add, without writing: each team
    /// with its roster in board order, the members it would create marked.
    pub fn preview_teams_import(
        &self,
        event: EventId,
        bytes: &[u8],
        file: &str,
    ) -> Result<TeamsImportPreview> {
        let (_, teams) = self.plan_teams_import(event, bytes, file)?;
        let mut out = TeamsImportPreview::default();
        for t in teams {
            let mut roster = Vec::new();
            for rm in &t.roster {
                roster.push(match rm {
                    RosterMember::Known(id) => (self.store.member(*id)?.name, false),
                    RosterMember::New(m) => (m.name.clone(), true),
                });
            }
            out.teams.push((t.name, roster));
        }
        Ok(out)
    }

    /// The teams a teams CSV holds, checked against the event and the club.
    fn plan_teams_import(
        &self,
        event: EventId,
        bytes: &[u8],
        file: &str,
    ) -> Result<(Event, Vec<NewTeam>)> {
        let (ev, _) = self.team_event(event)?;
        let rows = read_teams_csv(bytes, file)?;
        if rows.is_empty() {
            return Err(invalid!("err.app.no_games_in_file", file));
        }
        let members = self.store.members(false)?;
        // Members already on a team of this event, with the team.
        let entries = self.store.entries(ev.id)?;
        let mut on_team: HashMap<i64, String> = HashMap::new();
        for t in self.store.teams(ev.id)? {
            for e in &t.roster {
                if let Some(en) = entries.iter().find(|x| x.id == *e) {
                    on_team.insert(en.member_id, t.name.clone());
                }
            }
        }
        // (team, club, roster as (position, line, member)).
        type Rows = Vec<(u32, u64, RosterMember)>;
        let mut teams: Vec<(String, Option<String>, Rows)> = Vec::new();
        let mut player_line: HashMap<String, (u64, String)> = HashMap::new();
        for r in &rows {
            if let Some((line, other)) = player_line.get(&r.name) {
                return Err(invalid!(
                    "err.team.csv_two_teams",
                    file,
                    line = r.line,
                    player = &r.name,
                    team = &r.team,
                    other,
                    other_line = *line
                ));
            }
            player_line.insert(r.name.clone(), (r.line, r.team.clone()));
            let candidates: Vec<_> = members
                .iter()
                .filter(|m| m.name == r.name)
                .filter(|m| r.club.is_none() || m.club == r.club || m.club.is_none())
                .collect();
            let rm = match candidates.len() {
                0 => RosterMember::New(NewMember {
                    name: r.name.clone(),
                    club: r.club.clone(),
                    rating: r.rating,
                    ..Default::default()
                }),
                1 => {
                    if let Some(other) = on_team.get(&candidates[0].id) {
                        if *other != r.team {
                            return Err(invalid!(
                                "err.team.csv_on_team",
                                file,
                                line = r.line,
                                player = &r.name,
                                team = &r.team,
                                other
                            ));
                        }
                    }
                    RosterMember::Known(candidates[0].id)
                }
                _ => {
                    return Err(invalid!(
                        "err.team.csv_ambiguous",
                        file,
                        line = r.line,
                        player = &r.name
                    ))
                }
            };
            match teams.iter_mut().find(|t| t.0 == r.team) {
                Some(t) => t.2.push((r.board, r.line, rm)),
                None => teams.push((r.team.clone(), r.club.clone(), vec![(r.board, r.line, rm)])),
            }
        }
        let mut new_teams = Vec::new();
        for (name, club, mut roster) in teams {
            roster.sort_by_key(|x| x.0);
            for w in roster.windows(2) {
                if w[0].0 == w[1].0 {
                    return Err(invalid!(
                        "err.team.csv_position_twice",
                        file,
                        line = w[1].1,
                        team = &name,
                        position = w[1].0
                    ));
                }
            }
            new_teams.push(NewTeam {
                name,
                club,
                captain: None,
                roster: roster.into_iter().map(|x| x.2).collect(),
            });
        }
        Ok((ev, new_teams))
    }

    /// The lineup a team fields in `round`: the stored one, else the first
    /// B available roster members.
    pub fn lineup_of(
        &self,
        view: &TeamView,
        round: u32,
        ts: &TeamSettings,
        stored: &[Lineup],
    ) -> Vec<Option<i64>> {
        let b = ts.boards as usize;
        if let Some(l) = stored
            .iter()
            .find(|l| l.team == view.team.id && l.round == round)
        {
            let mut v = l.boards.clone();
            v.resize(b, None);
            return v;
        }
        let mut v: Vec<Option<i64>> = view
            .roster
            .iter()
            .filter(|e| e.available_in(round))
            .take(b)
            .map(|e| Some(e.id))
            .collect();
        v.resize(b, None);
        v
    }

    /// A team's lineup for a round from what was typed: players by name
    /// or member id, board by board (`-` or an empty item leaves a board
    /// empty), in roster order. Read at the edge for
    /// [`App::set_team_lineup`].
    pub fn find_lineup<S: AsRef<str>>(
        &self,
        event: EventId,
        round: RoundNo,
        team: TeamId,
        keys: &[S],
    ) -> Result<Vec<Option<EntryId>>> {
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        let view = team_by_id(&views, team)?;
        self.check_lineup_size(&ev, &ts, view, round.get(), keys.len())?;
        let mut out = Vec::new();
        let mut positions = Vec::new();
        for p in keys {
            let p = p.as_ref().trim();
            if p.is_empty() || p == "-" {
                out.push(None);
                continue;
            }
            let pos = view.roster_position(p)?;
            if positions.contains(&pos) {
                return Err(invalid!(
                    "err.team.twice_on_roster",
                    player = p,
                    team = &view.team.name
                ));
            }
            positions.push(pos);
            out.push(Some(EntryId(view.roster[pos].id)));
        }
        Ok(out)
    }

    /// A lineup of `count` players for `round`: a round of the event (not
    /// 0, not past its last: a typo would store a lineup no round ever
    /// uses), no more players than boards.
    fn check_lineup_size(
        &self,
        ev: &Event,
        ts: &TeamSettings,
        view: &TeamView,
        round: u32,
        count: usize,
    ) -> Result<()> {
        let last = ev.settings.rounds.max(self.store.rounds_paired(ev.id)?);
        if round == 0 || (last > 0 && round > last) {
            return Err(invalid!("err.team.lineup_round", round, rounds = last));
        }
        if count > ts.boards as usize {
            return Err(invalid!(
                "err.team.lineup_too_long",
                team = &view.team.name,
                count,
                boards = ts.boards as usize
            ));
        }
        Ok(())
    }

    /// Sets a team's lineup for a round, board by board (`None`: the board
    /// stays empty), in roster order. Before the round is paired, or
    /// before any result of the match.
    pub fn set_team_lineup(
        &mut self,
        event: EventId,
        round: RoundNo,
        team: TeamId,
        players: &[Option<EntryId>],
    ) -> Result<Vec<Option<i64>>> {
        let round = round.get();
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        let view = team_by_id(&views, team)?;
        let b = ts.boards as usize;
        self.check_lineup_size(&ev, &ts, view, round, players.len())?;
        let name_of = |p: &Option<EntryId>| match p {
            Some(e) => view
                .roster
                .iter()
                .find(|x| x.id == e.0)
                .map_or_else(|| e.0.to_string(), |x| x.name.clone()),
            None => "-".to_string(),
        };
        let mut boards: Vec<Option<i64>> = Vec::new();
        let mut positions: Vec<Option<usize>> = Vec::new();
        for p in players {
            let Some(e) = p else {
                boards.push(None);
                positions.push(None);
                continue;
            };
            let pos = view
                .roster
                .iter()
                .position(|x| x.id == e.0)
                .ok_or_else(|| {
                    invalid!(
                        "err.team.not_on_roster",
                        player = name_of(p),
                        team = &view.team.name
                    )
                })?;
            if positions.contains(&Some(pos)) {
                return Err(invalid!(
                    "err.team.twice_on_roster",
                    player = name_of(p),
                    team = &view.team.name
                ));
            }
            boards.push(Some(e.0));
            positions.push(Some(pos));
        }
        if let Some(board) = lineup_order_break(&positions) {
            return Err(invalid!(
                "err.team.lineup_order",
                team = &view.team.name,
                board,
                player = name_of(&players[board - 1])
            ));
        }
        boards.resize(b, None);
        let paired = self.store.rounds_paired(ev.id)?;
        let mut replace = None;
        if round <= paired {
            let m = self.store.team_matches(ev.id)?.into_iter().find(|m| {
                m.round == round && (m.home == view.team.id || m.away == Some(view.team.id))
            });
            if let Some(m) = m {
                if let Some(away) = m.away {
                    let stored = self.store.lineups(ev.id)?;
                    let other_id = if m.home == view.team.id { away } else { m.home };
                    let other = views
                        .iter()
                        .find(|v| v.team.id == other_id)
                        .ok_or_else(|| invalid!("err.team.no_team", team = other_id))?;
                    let other_lineup = self.lineup_of(other, round, &ts, &stored);
                    let (home_l, away_l) = if m.home == view.team.id {
                        (&boards, &other_lineup)
                    } else {
                        (&other_lineup, &boards)
                    };
                    let drop: Vec<u32> = (1..=ts.boards)
                        .map(|x| round_board_number(ts.boards, m.number, x))
                        .collect();
                    let add = match_boards(ts.boards, m.number, home_l, away_l);
                    replace = Some((drop, add));
                }
            }
        }
        let summary = crate::i18n::msg!(
            "log.lineup",
            team = &view.team.name,
            round,
            event = &ev.name,
            players = players.iter().map(name_of).collect::<Vec<_>>().join(", ")
        );
        self.store.set_lineup(
            ev.id,
            &Lineup {
                team: view.team.id,
                round,
                boards: boards.clone(),
            },
            replace,
            summary,
        )?;
        Ok(boards)
    }

    /// The team event as the scoring sees it.
    pub fn team_event_data(&self, ev: &Event, ts: &TeamSettings) -> Result<TeamEventData> {
        let views = self.teams_in_order(ev, ts)?;
        let stored = self.store.lineups(ev.id)?;
        let games = self.event_data(ev)?;
        let mut matches = Vec::new();
        for m in self.store.team_matches(ev.id)? {
            let view = |id: i64| views.iter().find(|v| v.team.id == id);
            let lineup = |id: Option<i64>| match id.and_then(view) {
                Some(v) => self.lineup_of(v, m.round, ts, &stored),
                None => vec![None; ts.boards as usize],
            };
            let home = lineup(Some(m.home));
            let away = lineup(m.away);
            let boards = if m.away.is_some() {
                (1..=ts.boards)
                    .map(|b| MatchBoard {
                        board: b,
                        number: round_board_number(ts.boards, m.number, b),
                        home: home[(b - 1) as usize],
                        away: away[(b - 1) as usize],
                    })
                    .collect()
            } else {
                Vec::new()
            };
            matches.push(MatchData {
                round: m.round,
                number: m.number,
                home: m.home,
                away: m.away,
                boards,
            });
        }
        Ok(TeamEventData {
            teams: views
                .iter()
                .map(|v| TeamRef {
                    id: v.team.id,
                    no: v.no,
                    name: v.team.name.clone(),
                })
                .collect(),
            settings: ts.clone(),
            games,
            matches,
        })
    }

    /// Every match score up to a round (default: all stored).
    pub fn team_match_scores(
        &self,
        event: EventId,
        after: Option<RoundNo>,
    ) -> Result<(TeamEventData, Vec<MatchScore>)> {
        let after = after.map(RoundNo::get);
        let (ev, ts) = self.team_event(event)?;
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        let r = after.unwrap_or(self.store.rounds_paired(ev.id)?);
        let scores = match_scores(&data, &scheme, r)?;
        Ok((data, scores))
    }
}

/// The boards of match `m` from both lineups: home red on odd boards.
fn match_boards(b: u32, m: u32, home: &[Option<i64>], away: &[Option<i64>]) -> Vec<NewTeamBoard> {
    (1..=b)
        .filter_map(|x| {
            let h = home.get((x - 1) as usize).copied().flatten()?;
            let a = away.get((x - 1) as usize).copied().flatten()?;
            let (red, black) = if x % 2 == 1 { (h, a) } else { (a, h) };
            Some(NewTeamBoard {
                number: round_board_number(b, m, x),
                red,
                black,
                games: Vec::new(),
            })
        })
        .collect()
}

/// The team `id` of the event's teams.
pub(crate) fn team_by_id(views: &[TeamView], id: TeamId) -> Result<&TeamView> {
    views
        .iter()
        .find(|v| v.team.id == id.0)
        .ok_or_else(|| invalid!("err.team.no_team", team = id.0))
}

/// A team by exact name or pairing number.
pub fn find_team<'a>(views: &'a [TeamView], key: &str) -> Result<&'a TeamView> {
    let key = key.trim();
    views
        .iter()
        .find(|v| v.team.name == key)
        .or_else(|| {
            key.parse::<u32>()
                .ok()
                .and_then(|n| views.iter().find(|v| v.no == n))
        })
        // The name typed in the other script (錢塘 for 钱塘).
        .or_else(|| crate::i18n::one_in_other_script(views, |v| &v.team.name, key))
        .ok_or_else(|| {
            // A slip of one character in a short team name is named back.
            let why = crate::i18n::msg!("err.team.unknown", team = key);
            let names = views.iter().map(|v| v.team.name.as_str());
            super::AppError::Invalid(crate::i18n::with_near(why, key, names))
        })
}

#[cfg(test)]
mod seed_tests {
    use super::*;

    fn e(rating: Option<i32>) -> Entry {
        Entry {
            id: 0,
            event_id: 0,
            member_id: 0,
            name: String::new(),
            start_no: 0,
            rating,
            club: None,
            status: crate::domain::EntryStatus::Active,
            first_round: 1,
        }
    }

    /// Unrated players are left out of the average (not counted as 0);
    /// a team with none rated among its first B comes last.
    #[test]
    fn the_average_counts_the_rated_players_only() {
        let one_unrated = [
            e(Some(2600)),
            e(Some(2400)),
            e(None),
            e(Some(2500)),
            e(Some(1000)),
        ];
        assert_eq!(avg_rating(&one_unrated, 4), 2500);
        assert_eq!(avg_rating(&[e(None), e(None), e(Some(2800))], 2), 0);
        assert_eq!(avg_rating(&[], 4), 0);
    }
}
