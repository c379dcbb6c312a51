//! Team events (团体赛, `specs/teams.md`): teams and rosters, lineups,
//! pairing teams, importing team games, team standings and board prizes.

use super::{invalid, App, AppError, Result};
use crate::domain::{
    lineup_order_break, round_board_number, Entry, Event, EventSettings, Game, NewMember, Team,
    TeamSettings,
};
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

/// What pairing a team round did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamPairOutcome {
    pub round: u32,
    /// Home and away team names, in match order (away `None`: bye).
    pub matches: Vec<(String, Option<String>)>,
    pub pairing: RoundPairing,
}

/// What a team games import did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TeamGamesReport {
    pub games: usize,
    pub rounds: usize,
}

fn avg_rating(roster: &[Entry], boards: usize) -> i32 {
    let top: Vec<i32> = roster
        .iter()
        .take(boards)
        .map(|e| e.rating.unwrap_or(0))
        .collect();
    if top.is_empty() {
        0
    } else {
        top.iter().sum::<i32>() / top.len() as i32
    }
}

impl App {
    /// The team settings of an event (`None`: an individual event).
    pub fn team_settings_of(&self, event: &Event) -> Result<Option<TeamSettings>> {
        Ok(self.store.team_settings(event.id)?)
    }

    /// The event by key, with its team settings; an error for an individual event.
    pub fn team_event(&self, key: &str) -> Result<(Event, TeamSettings)> {
        let ev = self.store.resolve_event(key)?;
        match self.team_settings_of(&ev)? {
            Some(t) => Ok((ev, t)),
            None => Err(invalid!("err.team.not_team_event", event = &ev.name)),
        }
    }

    /// Creates a team event. The event's tie-breaks are team codes.
    pub fn create_team_event(
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
        TeamTieBreak::parse_list(&settings.tiebreaks)?;
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

    /// Adds a team: members by id or exact name in roster order; with
    /// `create`, unknown names are added as new members.
    pub fn add_team(
        &mut self,
        event: &str,
        name: &str,
        club: Option<&str>,
        captain: Option<&str>,
        players: &[String],
        create: bool,
    ) -> Result<Team> {
        let (ev, _) = self.team_event(event)?;
        if name.trim().is_empty() {
            return Err(invalid!("err.team.needs_name"));
        }
        let mut roster = Vec::new();
        let mut seen = std::collections::HashSet::new();
        for p in players.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
            if !seen.insert(p.to_string()) {
                return Err(invalid!(
                    "err.team.twice_on_roster",
                    player = p,
                    team = name
                ));
            }
            match self.store.resolve_member(p) {
                Ok(m) => roster.push(RosterMember::Known(m.id)),
                Err(crate::store::StoreError::NotFound(_)) if create => {
                    roster.push(RosterMember::New(NewMember {
                        name: p.to_string(),
                        club: club.map(str::to_string),
                        ..Default::default()
                    }))
                }
                Err(e) => return Err(e.into()),
            }
        }
        let team = NewTeam {
            name: name.trim().to_string(),
            club: club.map(str::to_string).filter(|c| !c.trim().is_empty()),
            captain: captain.map(str::to_string).filter(|c| !c.trim().is_empty()),
            roster,
        };
        let mut out = self.store.add_teams(ev.id, &[team], "the command line")?;
        out.pop().ok_or_else(|| invalid!("err.team.needs_name"))
    }

    /// Imports rosters from a teams CSV (`team,board,name,club,rating`):
    /// members matched by exact name (and club when given), else added.
    /// A player on two teams, or twice, stops the import with the line.
    pub fn import_teams(&mut self, event: &str, bytes: &[u8], file: &str) -> Result<Vec<Team>> {
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
        Ok(self.store.add_teams(ev.id, &new_teams, file)?)
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

    /// Sets a team's lineup for a round: players by name or member id,
    /// board by board (`-` or an empty item leaves a board empty), in roster
    /// order. Before the round is paired, or before any result of the match.
    pub fn set_team_lineup(
        &mut self,
        event: &str,
        round: u32,
        team: &str,
        players: &[String],
    ) -> Result<Vec<Option<i64>>> {
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        let view = find_team(&views, team)?;
        let b = ts.boards as usize;
        if players.len() > b {
            return Err(invalid!(
                "err.team.lineup_too_long",
                team = &view.team.name,
                count = players.len(),
                boards = b
            ));
        }
        let mut boards: Vec<Option<i64>> = Vec::new();
        let mut positions: Vec<Option<usize>> = Vec::new();
        for p in players {
            let p = p.trim();
            if p.is_empty() || p == "-" {
                boards.push(None);
                positions.push(None);
                continue;
            }
            let pos = view
                .roster
                .iter()
                .position(|e| e.name == p || e.member_id.to_string() == p)
                .ok_or_else(|| {
                    invalid!("err.team.not_on_roster", player = p, team = &view.team.name)
                })?;
            if positions.contains(&Some(pos)) {
                return Err(invalid!(
                    "err.team.twice_on_roster",
                    player = p,
                    team = &view.team.name
                ));
            }
            boards.push(Some(view.roster[pos].id));
            positions.push(Some(pos));
        }
        if let Some(board) = lineup_order_break(&positions) {
            return Err(invalid!(
                "err.team.lineup_order",
                team = &view.team.name,
                board,
                player = players[board - 1].trim()
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
        let summary = format!(
            "lineup of {} in round {round} of {}: {}",
            view.team.name,
            ev.name,
            players.join(",")
        );
        self.store.set_lineup(
            ev.id,
            &Lineup {
                team: view.team.id,
                round,
                boards: boards.clone(),
            },
            replace,
            &summary,
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
        event: &str,
        after: Option<u32>,
    ) -> Result<(TeamEventData, Vec<MatchScore>)> {
        let (ev, ts) = self.team_event(event)?;
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        let r = after.unwrap_or(self.store.rounds_paired(ev.id)?);
        let scores = match_scores(&data, &scheme, r)?;
        Ok((data, scores))
    }

    /// Pairs the next round of a team event and stores matches, lineups
    /// and boards in one transaction.
    pub fn pair_team_round(&mut self, event: &str) -> Result<TeamPairOutcome> {
        let (ev, ts) = self.team_event(event)?;
        let round = self.store.rounds_paired(ev.id)? + 1;
        if ev.settings.system != crate::domain::PairingSystem::Berger && round > ev.settings.rounds
        {
            return Err(AppError::AllRoundsPaired {
                rounds: ev.settings.rounds,
                event: ev.name.clone(),
            });
        }
        let views = self.teams_in_order(&ev, &ts)?;
        if views.len() < 2 {
            return Err(invalid!("err.team.too_few_teams", event = &ev.name));
        }
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        let scores = match_scores(&data, &scheme, round - 1)?;
        if let Some(m) = scores.iter().find(|m| m.status == MatchStatus::Pending) {
            return Err(AppError::RoundNotFinished {
                round: m.round,
                name: views
                    .iter()
                    .find(|v| v.team.id == m.home)
                    .map(|v| v.team.name.clone())
                    .unwrap_or_default(),
                next: round,
            });
        }
        let rounds = team_rounds(&data, &scores, round - 1);
        let no_of: HashMap<i64, u32> = views.iter().map(|v| (v.team.id, v.no)).collect();
        let units: Vec<TeamUnit> = views
            .iter()
            .zip(&rounds)
            .map(|(v, rs)| TeamUnit {
                no: v.no,
                name: v.team.name.clone(),
                rating: v.average.max(0) as u32,
                club: v.team.club.clone(),
                history: rs
                    .iter()
                    .map(|r| {
                        let past = match (r.kind, r.opponent) {
                            (TeamRoundKind::Bye, _) => TeamPast::Bye,
                            (
                                TeamRoundKind::Played
                                | TeamRoundKind::ForfeitWin
                                | TeamRoundKind::ForfeitLoss,
                                Some(o),
                            ) => TeamPast::Match {
                                opponent: no_of.get(&o).copied().unwrap_or(0),
                                home: r.home.unwrap_or(true),
                                result: match r.result {
                                    Some(RoundResult::Win) => GameScore::Win,
                                    Some(RoundResult::Draw) => GameScore::Draw,
                                    _ => GameScore::Loss,
                                },
                                forfeit: r.kind != TeamRoundKind::Played,
                            },
                            _ => TeamPast::NotPaired,
                        };
                        (past, r.match_points)
                    })
                    .collect(),
                available: true,
            })
            .collect();
        let config = self.pairing_config(&ev)?;
        let state = team_state(
            &units,
            round,
            ev.settings.rounds,
            ts.match_points.win,
            ts.match_points.draw,
            config.cxa.avoid_same_club,
        );
        let pairing = pair_teams(&state, &config)?;
        let by_no = |no: u32| -> Result<&TeamView> {
            views
                .iter()
                .find(|v| v.no == no)
                .ok_or_else(|| invalid!("err.app.no_start_number", no, event = &ev.name))
        };
        let stored = self.store.lineups(ev.id)?;
        let mut nr = NewTeamRound {
            number: round,
            ..Default::default()
        };
        let mut names = Vec::new();
        for (i, pb) in pairing.boards.iter().enumerate() {
            let (h, a) = (by_no(pb.red)?, by_no(pb.black)?);
            let hl = self.lineup_of(h, round, &ts, &stored);
            let al = self.lineup_of(a, round, &ts, &stored);
            nr.boards
                .extend(match_boards(ts.boards, i as u32 + 1, &hl, &al));
            nr.matches.push((h.team.id, Some(a.team.id)));
            nr.lineups.push((h.team.id, hl));
            nr.lineups.push((a.team.id, al));
            names.push((h.team.name.clone(), Some(a.team.name.clone())));
        }
        if let Some(bye) = pairing.bye {
            let t = by_no(bye)?;
            nr.matches.push((t.team.id, None));
            names.push((t.team.name.clone(), None));
        }
        self.store.save_team_rounds(
            ev.id,
            &[nr],
            &[],
            "round-pair",
            &format!(
                "pair round {round} of {} ({} matches)",
                ev.name,
                names.len()
            ),
        )?;
        Ok(TeamPairOutcome {
            round,
            matches: names,
            pairing,
        })
    }

    /// The round board number of board `board` of match `match_no`.
    pub fn team_board_number(&self, event: &str, match_no: u32, board: u32) -> Result<u32> {
        let (_, ts) = self.team_event(event)?;
        if match_no == 0 || board == 0 || board > ts.boards {
            return Err(invalid!("err.team.board_range", board, boards = ts.boards));
        }
        Ok(round_board_number(ts.boards, match_no, board))
    }

    /// Team standings after a round (default: the last paired).
    pub fn team_standings(
        &self,
        event: &str,
        after: Option<u32>,
    ) -> Result<(Event, TeamStandings)> {
        let (ev, ts) = self.team_event(event)?;
        let paired = self.store.rounds_paired(ev.id)?;
        let r = match after {
            Some(r) if r > paired => {
                return Err(invalid!("err.app.round_not_paired_yet", round = r, paired))
            }
            Some(r) => r,
            None => paired,
        };
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        let tbs = TeamTieBreak::parse_list(&ev.settings.tiebreaks)?;
        let st = team_standings(&data, &scheme, &tbs, Some(r))?;
        Ok((ev, st))
    }

    /// Board prizes after a round (default: the last paired).
    pub fn team_board_prizes(&self, event: &str, after: Option<u32>) -> Result<Vec<BoardPrizeRow>> {
        let (ev, ts) = self.team_event(event)?;
        let r = after.unwrap_or(self.store.rounds_paired(ev.id)?);
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        Ok(board_prizes(&data, &scheme, Some(r))?)
    }

    /// Imports a team event's games CSV (`round,home,away,board,game,red,
    /// black,result,…`). Rows of paired rounds must fit their pairing and
    /// lineups; later rounds are created from the file (matches in the
    /// order they first appear, lineups from the players). All or nothing.
    pub fn import_team_games(
        &mut self,
        event: &str,
        bytes: &[u8],
        file: &str,
    ) -> Result<TeamGamesReport> {
        let (ev, ts) = self.team_event(event)?;
        let rows = read_team_games_csv(bytes, file)?;
        if rows.is_empty() {
            return Err(invalid!("err.app.no_games_in_file", file));
        }
        let views = self.teams_in_order(&ev, &ts)?;
        let paired = self.store.rounds_paired(ev.id)?;
        let stored = self.store.lineups(ev.id)?;
        let matches = self.store.team_matches(ev.id)?;
        let tc = ev.settings.time_control;
        let gpr = ev.settings.games_per_round;
        let at = |line: u64, why: crate::i18n::Msg| invalid!("err.team.at_line", file, line, why);
        let mut into_paired: Vec<(u32, u32, Game)> = Vec::new();
        let mut new_rounds: Vec<NewTeamRound> = Vec::new();
        // (round, board number, game no) already in the file.
        let mut seen: HashMap<(u32, u32), u32> = HashMap::new();
        for (row, cells) in &rows {
            let line = row.line;
            let team = |name: &str| -> Result<&TeamView> {
                views
                    .iter()
                    .find(|v| v.team.name == name)
                    .ok_or_else(|| at(line, crate::i18n::msg!("err.team.unknown", team = name)))
            };
            let home = team(&cells.home)?;
            let away = team(&cells.away)?;
            if cells.board > ts.boards {
                return Err(at(
                    line,
                    crate::i18n::msg!(
                        "err.team.board_range",
                        board = cells.board,
                        boards = ts.boards
                    ),
                ));
            }
            let Some(black_name) = row.black.as_deref() else {
                return Err(at(line, crate::i18n::msg!("err.team.no_bye_rows")));
            };
            let on = |v: &TeamView, name: &str| v.roster.iter().position(|e| e.name == name);
            // Which side each player is on.
            let (hp, ap) = match (
                on(home, &row.red),
                on(away, black_name),
                on(away, &row.red),
                on(home, black_name),
            ) {
                (Some(h), Some(a), _, _) => ((h, row.red.as_str()), (a, black_name)),
                (_, _, Some(a), Some(h)) => ((h, black_name), (a, row.red.as_str())),
                _ => {
                    let who = if on(home, &row.red).is_none() && on(away, &row.red).is_none() {
                        row.red.as_str()
                    } else {
                        black_name
                    };
                    return Err(at(
                        line,
                        crate::i18n::msg!(
                            "err.team.player_not_in_match",
                            player = who,
                            home = &home.team.name,
                            away = &away.team.name
                        ),
                    ));
                }
            };
            let (home_entry, away_entry) = (home.roster[hp.0].id, away.roster[ap.0].id);
            let red_id = if row.red == hp.1 {
                home_entry
            } else {
                away_entry
            };
            let black_id = if red_id == home_entry {
                away_entry
            } else {
                home_entry
            };
            let mut game = Game::bare(red_id, black_id, row.outcome);
            game.termination = row.termination;
            game.moves = row.moves;
            game.red_used_ms = row.red_used_ms;
            game.black_used_ms = row.black_used_ms;
            game.red_fouls = row.red_fouls;
            game.black_fouls = row.black_fouls;
            game.red_residual = row.red_residual;
            game.black_residual = row.black_residual;
            game.first_strike = row.first_strike;
            game.red_pieces = row.red_pieces;
            game.black_pieces = row.black_pieces;
            game.record = row.record.clone();
            if row.round <= paired {
                let m = matches
                    .iter()
                    .find(|m| {
                        m.round == row.round
                            && m.home == home.team.id
                            && m.away == Some(away.team.id)
                    })
                    .ok_or_else(|| {
                        let actual = matches
                            .iter()
                            .filter(|m| {
                                m.round == row.round
                                    && (m.home == home.team.id
                                        || m.away == Some(home.team.id)
                                        || m.home == away.team.id
                                        || m.away == Some(away.team.id))
                            })
                            .map(|m| {
                                let n = |id: i64| {
                                    views
                                        .iter()
                                        .find(|v| v.team.id == id)
                                        .map(|v| v.team.name.clone())
                                        .unwrap_or_default()
                                };
                                format!(
                                    "{} – {}",
                                    n(m.home),
                                    m.away.map(n).unwrap_or_else(|| "BYE".into())
                                )
                            })
                            .collect::<Vec<_>>()
                            .join("; ");
                        at(
                            line,
                            crate::i18n::msg!(
                                "err.team.no_such_match",
                                round = row.round,
                                home = &home.team.name,
                                away = &away.team.name,
                                paired = actual
                            ),
                        )
                    })?;
                let hl = self.lineup_of(home, row.round, &ts, &stored);
                let al = self.lineup_of(away, row.round, &ts, &stored);
                let bi = (cells.board - 1) as usize;
                for (lineup, entry, v, name) in
                    [(&hl, home_entry, home, hp.1), (&al, away_entry, away, ap.1)]
                {
                    if lineup[bi] != Some(entry) {
                        return Err(at(
                            line,
                            crate::i18n::msg!(
                                "err.team.not_in_lineup",
                                player = name,
                                team = &v.team.name,
                                round = row.round,
                                board = cells.board
                            ),
                        ));
                    }
                }
                let number = round_board_number(ts.boards, m.number, cells.board);
                let k = seen.entry((row.round, number)).or_default();
                game.game_no = if row.game_given { row.game } else { *k + 1 };
                *k = (*k).max(game.game_no);
                validate_game(&tc, gpr, &game).map_err(|why| at(line, why.msg()))?;
                into_paired.push((row.round, number, game));
                continue;
            }
            // A new round: must follow the stored ones and the file's.
            let next = paired + new_rounds.len() as u32;
            if row.round != next && row.round != next + 1 {
                return Err(at(
                    line,
                    crate::i18n::msg!("err.team.round_gap", round = row.round, next = next + 1),
                ));
            }
            if row.round == next + 1 {
                new_rounds.push(NewTeamRound {
                    number: row.round,
                    ..Default::default()
                });
            }
            let nr = new_rounds.last_mut().expect("pushed above");
            let mi = match nr
                .matches
                .iter()
                .position(|&(h, a)| h == home.team.id && a == Some(away.team.id))
            {
                Some(i) => i,
                None => {
                    for (t, v) in [(home.team.id, home), (away.team.id, away)] {
                        if nr.matches.iter().any(|&(h, a)| h == t || a == Some(t)) {
                            return Err(at(
                                line,
                                crate::i18n::msg!(
                                    "err.team.two_matches",
                                    team = &v.team.name,
                                    round = row.round
                                ),
                            ));
                        }
                    }
                    nr.matches.push((home.team.id, Some(away.team.id)));
                    nr.lineups
                        .push((home.team.id, vec![None; ts.boards as usize]));
                    nr.lineups
                        .push((away.team.id, vec![None; ts.boards as usize]));
                    nr.matches.len() - 1
                }
            };
            let bi = (cells.board - 1) as usize;
            for (t, entry, name) in [
                (home.team.id, home_entry, hp.1),
                (away.team.id, away_entry, ap.1),
            ] {
                let l = &mut nr
                    .lineups
                    .iter_mut()
                    .find(|(x, _)| *x == t)
                    .expect("added with the match")
                    .1;
                match l[bi] {
                    Some(e) if e != entry => {
                        return Err(at(
                            line,
                            crate::i18n::msg!(
                                "err.team.board_taken",
                                board = cells.board,
                                player = name
                            ),
                        ))
                    }
                    _ => {}
                }
                if l.iter()
                    .enumerate()
                    .any(|(i, x)| i != bi && *x == Some(entry))
                {
                    return Err(at(
                        line,
                        crate::i18n::msg!("err.team.two_boards", player = name, round = row.round),
                    ));
                }
                l[bi] = Some(entry);
            }
            let number = round_board_number(ts.boards, mi as u32 + 1, cells.board);
            let k = seen.entry((row.round, number)).or_default();
            game.game_no = if row.game_given { row.game } else { *k + 1 };
            *k = (*k).max(game.game_no);
            validate_game(&tc, gpr, &game).map_err(|why| at(line, why.msg()))?;
            match nr.boards.iter_mut().find(|b| b.number == number) {
                Some(b) => {
                    if b.games.iter().any(|g| g.game_no == game.game_no) {
                        return Err(at(
                            line,
                            crate::i18n::msg!(
                                "err.team.game_twice",
                                board = cells.board,
                                game = game.game_no
                            ),
                        ));
                    }
                    b.games.push(game)
                }
                None => {
                    // Board 1 of the match fixes the colours: home red on odd boards.
                    nr.boards.push(NewTeamBoard {
                        number,
                        red: if game.game_no == 1 {
                            game.red
                        } else {
                            game.black
                        },
                        black: if game.game_no == 1 {
                            game.black
                        } else {
                            game.red
                        },
                        games: vec![game],
                    })
                }
            }
        }
        // Lineups read from the file must follow the roster order.
        for nr in &new_rounds {
            for (t, l) in &nr.lineups {
                let v = views
                    .iter()
                    .find(|v| v.team.id == *t)
                    .expect("a known team");
                let pos: Vec<Option<usize>> = l
                    .iter()
                    .map(|e| e.and_then(|e| v.roster.iter().position(|r| r.id == e)))
                    .collect();
                if let Some(board) = lineup_order_break(&pos) {
                    let name = l[board - 1]
                        .and_then(|e| v.roster.iter().find(|r| r.id == e))
                        .map(|r| r.name.clone())
                        .unwrap_or_default();
                    let line = rows
                        .iter()
                        .find(|(r, c)| {
                            r.round == nr.number
                                && c.board == board as u32
                                && (r.red == name || r.black.as_deref() == Some(name.as_str()))
                        })
                        .map(|(r, _)| r.line)
                        .unwrap_or(1);
                    return Err(at(
                        line,
                        crate::i18n::msg!(
                            "err.team.lineup_order",
                            team = &v.team.name,
                            board,
                            player = name
                        ),
                    ));
                }
            }
        }
        let report = TeamGamesReport {
            games: into_paired.len()
                + new_rounds
                    .iter()
                    .flat_map(|r| r.boards.iter())
                    .map(|b| b.games.len())
                    .sum::<usize>(),
            rounds: new_rounds.len(),
        };
        self.store.save_team_rounds(
            ev.id,
            &new_rounds,
            &into_paired,
            "games-import",
            &format!(
                "import {} team games ({} new rounds) into {} from {file}",
                report.games, report.rounds, ev.name
            ),
        )?;
        Ok(report)
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
        .ok_or_else(|| invalid!("err.team.unknown", team = key))
}

impl App {
    /// Is the event (id or exact name) a team event?
    pub fn is_team_event(&self, key: &str) -> Result<bool> {
        let ev = self.store.resolve_event(key)?;
        Ok(self.team_settings_of(&ev)?.is_some())
    }

    /// A round of a team event as stored: matches with both lineups and
    /// the board results, for the pairing sheet and `team round`.
    pub fn team_round_view(&self, event: &str, round: Option<u32>) -> Result<TeamRoundView> {
        let (ev, ts) = self.team_event(event)?;
        let paired = self.store.rounds_paired(ev.id)?;
        let r = round.unwrap_or(paired);
        if r == 0 || r > paired {
            return Err(invalid!("err.app.round_not_paired_yet", round = r, paired));
        }
        let (data, scores) = self.team_match_scores(event, Some(r))?;
        let name = |id: i64| crate::scoring::team::team_name(&data, id);
        let player = |id: Option<i64>| id.map(|i| data.games.name_of(i)).unwrap_or_default();
        let games: HashMap<u32, Vec<Game>> = data
            .games
            .rounds
            .iter()
            .filter(|x| x.number == r)
            .flat_map(|x| x.boards.iter())
            .map(|b| (b.number, b.games.clone()))
            .collect();
        let matches = scores
            .iter()
            .filter(|m| m.round == r)
            .map(|m| MatchView {
                number: m.number,
                home: name(m.home),
                away: m.away.map(name),
                status: m.status,
                home_game_points: m.home_game_points,
                away_game_points: m.away_game_points,
                home_match_points: m.home_match_points,
                away_match_points: m.away_match_points,
                boards: m
                    .boards
                    .iter()
                    .map(|b| {
                        let gs = games.get(&b.number).cloned().unwrap_or_default();
                        BoardLine {
                            board: b.board,
                            number: b.number,
                            home: player(b.home_player),
                            away: player(b.away_player),
                            home_red: b.board % 2 == 1,
                            result: gs
                                .iter()
                                .map(|g| g.outcome.code().to_string())
                                .collect::<Vec<_>>()
                                .join(" "),
                            home_points: (!b.pending).then_some(b.home),
                            away_points: (!b.pending).then_some(b.away),
                        }
                    })
                    .collect(),
            })
            .collect();
        Ok(TeamRoundView {
            event: ev.name.clone(),
            round: r,
            boards: ts.boards,
            matches,
        })
    }
}

/// One board of a match as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    pub board: u32,
    /// The round board number (`qishe result EVENT ROUND NUMBER …`).
    pub number: u32,
    pub home: String,
    pub away: String,
    /// Home has red on this board (odd boards).
    pub home_red: bool,
    /// The games' outcomes (`*` while unplayed; empty for an empty board).
    pub result: String,
    pub home_points: Option<crate::domain::Points>,
    pub away_points: Option<crate::domain::Points>,
}

/// A match as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchView {
    pub number: u32,
    pub home: String,
    pub away: Option<String>,
    pub status: MatchStatus,
    pub home_game_points: crate::domain::Points,
    pub away_game_points: crate::domain::Points,
    pub home_match_points: crate::domain::Points,
    pub away_match_points: crate::domain::Points,
    pub boards: Vec<BoardLine>,
}

/// A paired team round as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRoundView {
    pub event: String,
    pub round: u32,
    pub boards: u32,
    pub matches: Vec<MatchView>,
}

impl App {
    /// A team event's document: pairing sheet with lineups, match score
    /// sheets (for `Slips`), team standings with board prizes, team
    /// crosstable (for `Crosstable` and `Wallchart`).
    pub(crate) fn print_team_doc(
        &self,
        event: &str,
        kind: crate::app::print::DocKind,
        round: Option<u32>,
        lang: crate::i18n::Lang,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::Doc> {
        use crate::app::print::DocKind;
        use crate::domain::short_points;
        use crate::report::team as rt;
        match kind {
            DocKind::Pairings | DocKind::Slips => {
                let v = self.team_round_view(event, round)?;
                let d = rt::TeamRoundData {
                    event: info,
                    round: v.round,
                    matches: v
                        .matches
                        .iter()
                        .map(|m| rt::TeamMatchLine {
                            number: m.number,
                            home: m.home.clone(),
                            away: m.away.clone(),
                            boards: m
                                .boards
                                .iter()
                                .map(|b| {
                                    let (red, black) = if b.home_red {
                                        (&b.home, &b.away)
                                    } else {
                                        (&b.away, &b.home)
                                    };
                                    rt::TeamBoardLine {
                                        board: b.board,
                                        red: red.clone(),
                                        black: black.clone(),
                                        home_red: b.home_red,
                                        result: b.result.clone(),
                                    }
                                })
                                .collect(),
                            score: (m.status != MatchStatus::Pending).then(|| {
                                (
                                    format!(
                                        "{}:{}",
                                        short_points(m.home_game_points),
                                        short_points(m.away_game_points)
                                    ),
                                    format!(
                                        "{}:{}",
                                        short_points(m.home_match_points),
                                        short_points(m.away_match_points)
                                    ),
                                )
                            }),
                        })
                        .collect(),
                };
                Ok(if kind == DocKind::Pairings {
                    rt::team_pairing_sheet(&d, lang)
                } else {
                    rt::match_score_sheets(&d, lang)
                })
            }
            DocKind::Standings => {
                let (_, st) = self.team_standings(event, round)?;
                let prizes = self.team_board_prizes(event, Some(st.after_round))?;
                let rank = |r: u32, shared: bool| {
                    if shared {
                        format!("{r}=")
                    } else {
                        r.to_string()
                    }
                };
                let shown: Vec<usize> = st
                    .tiebreaks
                    .iter()
                    .enumerate()
                    .filter(|(_, t)| **t != TeamTieBreak::GamePoints)
                    .map(|(i, _)| i)
                    .collect();
                let d = rt::TeamStandingsData {
                    event: info,
                    after_round: st.after_round,
                    codes: shown
                        .iter()
                        .map(|&i| st.tiebreaks[i].code().to_string())
                        .collect(),
                    rows: st
                        .rows
                        .iter()
                        .map(|r| rt::TeamStandingLine {
                            rank: rank(r.rank, r.shared),
                            name: r.team.name.clone(),
                            match_points: short_points(r.match_points),
                            game_points: short_points(r.game_points),
                            values: shown
                                .iter()
                                .map(|&i| {
                                    r.values[i].1.shown().map(short_points).unwrap_or_default()
                                })
                                .collect(),
                        })
                        .collect(),
                    prizes: prizes
                        .iter()
                        .map(|p| rt::BoardPrizeLine {
                            board: p.board,
                            rank: rank(p.rank, p.shared),
                            name: p.name.clone(),
                            team: p.team_name.clone(),
                            game_points: short_points(p.game_points),
                            games: p.games,
                            percent: p.percent.to_string(),
                        })
                        .collect(),
                };
                Ok(rt::team_standings_doc(&d, lang))
            }
            _ => {
                let x = self.team_crosstable(event, round)?;
                Ok(rt::team_crosstable(
                    &rt::TeamCrossData {
                        event: info,
                        after_round: x.after_round,
                        teams: x.teams,
                        rows: x.rows,
                    },
                    lang,
                ))
            }
        }
    }
}

impl App {
    /// Each team's lineup for `round` (the stored one, else the default:
    /// the first B available roster members), teams in pairing order. The
    /// TUI's Teams tab shows and edits these.
    pub fn team_lineups(
        &self,
        event: &str,
        round: u32,
    ) -> Result<Vec<(TeamView, Vec<Option<i64>>)>> {
        let (ev, ts) = self.team_event(event)?;
        let stored = self.store.lineups(ev.id)?;
        Ok(self
            .teams_in_order(&ev, &ts)?
            .into_iter()
            .map(|v| {
                let l = self.lineup_of(&v, round, &ts, &stored);
                (v, l)
            })
            .collect())
    }
}

/// A change to a team's roster (`qishe team roster`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterChange {
    /// A reserve at the end of the roster (member id or exact name; with
    /// `create`, an unknown name becomes a new member).
    Add { player: String, create: bool },
    /// A player off the roster.
    Remove { player: String },
}

impl App {
    /// Changes a team's roster. Adding a reserve at the end keeps the
    /// roster order and is allowed at any time; removing a player changes
    /// the order, so once round 1 is paired it is an arbiter's action
    /// (`force`), and never for a player in a lineup of a paired round.
    /// One logged, undoable change.
    pub fn change_roster(
        &mut self,
        event: &str,
        team: &str,
        change: &RosterChange,
        force: bool,
    ) -> Result<Team> {
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        let view = find_team(&views, team)?;
        let mut roster: Vec<RosterMember> = view
            .roster
            .iter()
            .map(|e| RosterMember::Known(e.member_id))
            .collect();
        let paired = self.store.rounds_paired(ev.id)?;
        let summary = match change {
            RosterChange::Add { player, create } => {
                let p = player.trim();
                match self.store.resolve_member(p) {
                    Ok(m) => {
                        if view.roster.iter().any(|e| e.member_id == m.id) {
                            return Err(invalid!(
                                "err.team.twice_on_roster",
                                player = p,
                                team = &view.team.name
                            ));
                        }
                        roster.push(RosterMember::Known(m.id));
                    }
                    Err(crate::store::StoreError::NotFound(_)) if *create => {
                        roster.push(RosterMember::New(NewMember {
                            name: p.to_string(),
                            club: view.team.club.clone(),
                            ..Default::default()
                        }))
                    }
                    Err(e) => return Err(e.into()),
                }
                format!("add {p} to the roster of {} in {}", view.team.name, ev.name)
            }
            RosterChange::Remove { player } => {
                let p = player.trim();
                let pos = view
                    .roster
                    .iter()
                    .position(|e| e.name == p || e.member_id.to_string() == p)
                    .ok_or_else(|| {
                        invalid!("err.team.not_on_roster", player = p, team = &view.team.name)
                    })?;
                if paired > 0 && !force {
                    return Err(invalid!(
                        "err.team.roster_fixed",
                        team = &view.team.name,
                        player = p
                    ));
                }
                let entry = view.roster[pos].id;
                let stored = self.store.lineups(ev.id)?;
                if let Some(round) = (1..=paired)
                    .find(|&r| self.lineup_of(view, r, &ts, &stored).contains(&Some(entry)))
                {
                    return Err(invalid!(
                        "err.team.roster_in_lineup",
                        player = p,
                        team = &view.team.name,
                        round
                    ));
                }
                roster.remove(pos);
                format!(
                    "remove {p} from the roster of {} in {}",
                    view.team.name, ev.name
                )
            }
        };
        self.store
            .set_roster(ev.id, view.team.id, &roster, &summary)?;
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        Ok(find_team(&views, &view.team.name)?.team.clone())
    }
}

/// The crosstable of the teams (issue 19): game points per pairing, then
/// match points, game points and rank; printed and shown on the TUI's Teams
/// tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCrosstable {
    pub after_round: u32,
    /// Team names in pairing order.
    pub teams: Vec<String>,
    /// Per team: one cell per team (own cell empty), then match points,
    /// game points and rank.
    pub rows: Vec<(Vec<String>, String, String, String)>,
}

impl App {
    /// The team crosstable after `round` (default: the standings' round).
    pub fn team_crosstable(&self, event: &str, round: Option<u32>) -> Result<TeamCrosstable> {
        use crate::domain::short_points;
        let (ev, ts) = self.team_event(event)?;
        let (_, st) = self.team_standings(event, round)?;
        let data = self.team_event_data(&ev, &ts)?;
        let scheme = self.scheme(&ev)?;
        let scores = match_scores(&data, &scheme, st.after_round)?;
        let n = data.teams.len();
        let idx: HashMap<i64, usize> = data
            .teams
            .iter()
            .enumerate()
            .map(|(i, t)| (t.id, i))
            .collect();
        let mut cells = vec![vec![String::new(); n]; n];
        for m in scores.iter().filter(|m| m.status != MatchStatus::Pending) {
            let (Some(&h), Some(&a)) = (idx.get(&m.home), m.away.and_then(|x| idx.get(&x))) else {
                continue;
            };
            let add = |cell: &mut String, p: crate::domain::Points| {
                if !cell.is_empty() {
                    cell.push(' ');
                }
                cell.push_str(&short_points(p));
            };
            add(&mut cells[h][a], m.home_game_points);
            add(&mut cells[a][h], m.away_game_points);
        }
        let rows = data
            .teams
            .iter()
            .zip(cells)
            .map(|(t, c)| {
                let r = st.rows.iter().find(|r| r.team.id == t.id);
                (
                    c,
                    r.map(|r| short_points(r.match_points)).unwrap_or_default(),
                    r.map(|r| short_points(r.game_points)).unwrap_or_default(),
                    r.map(|r| r.rank.to_string()).unwrap_or_default(),
                )
            })
            .collect();
        Ok(TeamCrosstable {
            after_round: st.after_round,
            teams: data.teams.iter().map(|t| t.name.clone()).collect(),
            rows,
        })
    }
}
