//! Team events: what the front ends show and print (a round's matches, the
//! printed documents, lineups, roster changes, the team crosstable).

use super::*;
use crate::domain::AfterRound;
use crate::domain::{BoardNo, MemberId, RoundNo};

impl App {
    /// A round of a team event as stored: matches with both lineups and
    /// the board results, for the pairing sheet and `team round`.
    pub fn team_round_view(&self, event: EventId, round: Option<RoundNo>) -> Result<TeamRoundView> {
        let (ev, ts) = self.team_event(event)?;
        let paired = self.store.rounds_paired(ev.id)?;
        let round = crate::app::rounds::round_to_show(&ev, round, paired)?;
        let (data, scores) = self.team_match_scores(event, Some(round))?;
        let r = round.get();
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
                            number: BoardNo(b.number),
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
            round,
            boards: ts.boards,
            matches,
        })
    }
}

/// One board of a match as shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLine {
    /// The board within its match (1 … the event's boards): a place in the
    /// match, not a board of the round.
    pub board: u32,
    /// The round board number (`qishe result EVENT ROUND NUMBER …`).
    pub number: BoardNo,
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
    pub round: RoundNo,
    pub boards: u32,
    pub matches: Vec<MatchView>,
}

impl App {
    /// A team event's document: pairing sheet by match, match score
    /// sheets (for `Slips`), team standings with board prizes, team
    /// crosstable (for `Crosstable` and `Wallchart`), the check-in sheet
    /// by team.
    pub(crate) fn print_team_doc(
        &self,
        event: EventId,
        kind: crate::app::print::DocKind,
        round: Option<RoundNo>,
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
                                .map(|b| rt::TeamBoardLine {
                                    board: BoardNo(b.board),
                                    home: b.home.clone(),
                                    away: b.away.clone(),
                                    home_red: b.home_red,
                                    result: b.result.clone(),
                                    points: b
                                        .home_points
                                        .zip(b.away_points)
                                        .map(|(h, a)| (short_points(h), short_points(a))),
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
                let prizes = self.team_board_prizes(event, Some(RoundNo(st.after_round)))?;
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
                    after_round: AfterRound::counting(st.after_round),
                    in_progress: st.in_progress,
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
                                    // 直胜 where the teams level on match points met.
                                    // 台次分: every board's game points.
                                    r.shown_value(i)
                                        .shown_text(st.tiebreaks[i], short_points)
                                        .unwrap_or_default()
                                })
                                .collect(),
                        })
                        .collect(),
                    prizes: prizes
                        .iter()
                        .map(|p| rt::BoardPrizeLine {
                            board: BoardNo(p.board),
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
            DocKind::Checkin => {
                let (ev, ts) = self.team_event(event)?;
                let b = ts.boards;
                let teams = self
                    .teams_in_order(&ev, &ts)?
                    .into_iter()
                    .map(|v| {
                        let lines = v
                            .roster
                            .iter()
                            .enumerate()
                            .map(|(i, e)| rt::TeamCheckinLine {
                                position: i as u32 + 1,
                                start_no: e.start_no,
                                name: e.name.clone(),
                                rating: e.rating,
                                reserve: i as u32 >= b,
                            })
                            .collect();
                        (v.team.name, lines)
                    })
                    .collect();
                Ok(rt::team_checkin_sheet(
                    &rt::TeamCheckinData { event: info, teams },
                    lang,
                ))
            }
            _ => {
                let x = self.team_crosstable(event, round)?;
                Ok(rt::team_crosstable(
                    &rt::TeamCrossData {
                        event: info,
                        after_round: AfterRound::counting(x.after_round),
                        in_progress: x.in_progress,
                        teams: x.teams,
                        rows: x.rows,
                        wall_chart: kind == DocKind::Wallchart,
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
        event: EventId,
        round: RoundNo,
    ) -> Result<Vec<(TeamView, Vec<Option<i64>>)>> {
        let round = round.get();
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

/// A change to a team's roster (`qishe team roster`), its player read at
/// the edge ([`App::find_reserve`], [`App::find_roster_member`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RosterChange {
    /// A reserve at the end of the roster (a member, or a new member).
    Add { player: super::RosterPlayer },
    /// A player off the roster.
    Remove { player: MemberId },
}

impl App {
    /// Changes a team's roster. Adding a reserve at the end keeps the
    /// roster order and is allowed at any time; removing a player changes
    /// the order, so once round 1 is paired it is an arbiter's action
    /// (`force`), and never for a player in a lineup of a paired round.
    /// One logged, undoable change.
    pub fn change_roster(
        &mut self,
        event: EventId,
        team: TeamId,
        change: &RosterChange,
        force: bool,
    ) -> Result<Team> {
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        let view = super::team_by_id(&views, team)?;
        let mut roster: Vec<RosterMember> = view
            .roster
            .iter()
            .map(|e| RosterMember::Known(e.member_id))
            .collect();
        let paired = self.store.rounds_paired(ev.id)?;
        let summary = match change {
            RosterChange::Add { player } => {
                let p = match player {
                    super::RosterPlayer::Member(id) => {
                        let m = self.store.member(id.0)?;
                        if view.roster.iter().any(|e| e.member_id == m.id) {
                            return Err(invalid!(
                                "err.team.twice_on_roster",
                                player = &m.name,
                                team = &view.team.name
                            ));
                        }
                        roster.push(RosterMember::Known(m.id));
                        m.name
                    }
                    super::RosterPlayer::New(name) => {
                        let name = name.trim().to_string();
                        roster.push(RosterMember::New(NewMember {
                            name: name.clone(),
                            club: view.team.club.clone(),
                            ..Default::default()
                        }));
                        name
                    }
                };
                crate::i18n::msg!(
                    "log.roster_add",
                    player = &p,
                    team = &view.team.name,
                    event = &ev.name
                )
            }
            RosterChange::Remove { player } => {
                let pos = view
                    .roster
                    .iter()
                    .position(|e| e.member_id == player.0)
                    .ok_or_else(|| {
                        invalid!(
                            "err.team.not_on_roster",
                            player = player.0,
                            team = &view.team.name
                        )
                    })?;
                let p = view.roster[pos].name.clone();
                if paired > 0 && !force {
                    return Err(invalid!(
                        "err.team.roster_fixed",
                        team = &view.team.name,
                        player = &p
                    ));
                }
                let entry = view.roster[pos].id;
                let stored = self.store.lineups(ev.id)?;
                if let Some(round) = (1..=paired)
                    .find(|&r| self.lineup_of(view, r, &ts, &stored).contains(&Some(entry)))
                {
                    return Err(invalid!(
                        "err.team.roster_in_lineup",
                        player = &p,
                        team = &view.team.name,
                        round
                    ));
                }
                roster.remove(pos);
                crate::i18n::msg!(
                    "log.roster_remove",
                    player = &p,
                    team = &view.team.name,
                    event = &ev.name
                )
            }
        };
        self.store
            .set_roster(ev.id, view.team.id, &roster, summary)?;
        let (ev, ts) = self.team_event(event)?;
        let views = self.teams_in_order(&ev, &ts)?;
        Ok(super::team_by_id(&views, team)?.team.clone())
    }
}

/// The crosstable of the teams: game points per pairing, then
/// match points, game points and rank; printed and shown on the TUI's Teams
/// tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCrosstable {
    pub after_round: u32,
    /// A paired round after `after_round` not all played (not counted).
    pub in_progress: Option<u32>,
    /// Team names in pairing order.
    pub teams: Vec<String>,
    /// Per team: one cell per team (own cell empty), then match points,
    /// game points and rank.
    pub rows: Vec<(Vec<String>, String, String, String)>,
}

impl App {
    /// The team crosstable after `round` (default: the standings' round).
    pub fn team_crosstable(
        &self,
        event: EventId,
        round: Option<RoundNo>,
    ) -> Result<TeamCrosstable> {
        let round = round.map(RoundNo::get);
        use crate::domain::short_points;
        let (ev, ts) = self.team_event(event)?;
        let (_, st) = self.team_standings(event, round.map(RoundNo))?;
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
            in_progress: st.in_progress,
            teams: data.teams.iter().map(|t| t.name.clone()).collect(),
            rows,
        })
    }
}
