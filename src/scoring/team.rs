//! Team events (`specs/teams.md`): boards → game points (局分) → match
//! result → match points (场分); team standings with the team tie-breaks;
//! board prizes (台次奖).
//!
//! A board of a match is an ordinary game of the individual [`EventData`]
//! and is scored by [`player_rounds`] with the event's scheme, exactly as in
//! an individual event; this module only adds the boards up. Team
//! standings and their tie-breaks are in `team/standings.rs`, board prizes
//! in `team/prizes.rs`.

use super::rounds::{player_rounds, PlayerRound, RoundKind, RoundResult};
use super::scheme::{Scheme, SchemeKind};
use super::settings::SchemeSettings;
use super::{EventData, ScoringError};
use crate::domain::{Points, TeamSettings, TiedMatch};
use std::cmp::Ordering;
use std::collections::HashMap;

mod prizes;
mod standings;
#[cfg(test)]
mod tests;

pub use prizes::{board_prizes, BoardPrizeRow};
pub use standings::{
    team_standings, TeamExplanation, TeamStandingRow, TeamStandings, TeamTieBreak, TeamValue,
};

/// A team as the scoring sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRef {
    pub id: i64,
    /// Pairing number (1-based): the initial team order.
    pub no: u32,
    pub name: String,
}

/// One board of a match: who sat there (entry ids; `None` = left empty).
/// When both sat, their game is the round's board `number` in the
/// individual [`EventData`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchBoard {
    pub board: u32,
    pub number: u32,
    pub home: Option<i64>,
    pub away: Option<i64>,
}

/// A match of a round. `away` = `None`: a team bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchData {
    pub round: u32,
    pub number: u32,
    pub home: i64,
    pub away: Option<i64>,
    /// Boards 1..=B.
    pub boards: Vec<MatchBoard>,
}

/// Everything the team scoring needs.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamEventData {
    pub teams: Vec<TeamRef>,
    pub settings: TeamSettings,
    /// The individual view of the same event: players and board games.
    pub games: EventData,
    pub matches: Vec<MatchData>,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchStatus {
    /// Played (boards may include forfeits).
    Played,
    /// A team bye.
    Bye,
    /// One or both teams fielded fewer than `min_boards` players.
    Forfeit {
        home_absent: bool,
        away_absent: bool,
    },
    /// Some board has no result yet.
    Pending,
}

/// One board's score, from both teams' side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardScore {
    pub board: u32,
    pub number: u32,
    pub home_player: Option<i64>,
    pub away_player: Option<i64>,
    pub home: Points,
    pub away: Points,
    /// The home player's result; `None` while pending.
    pub home_result: Option<RoundResult>,
    pub away_result: Option<RoundResult>,
    /// draw-0.8 residual scores of a drawn board.
    pub home_residual: Points,
    pub away_residual: Points,
    /// No result yet.
    pub pending: bool,
    /// Was a game played over the board (not an empty board)?
    pub played: bool,
}

/// The score of one match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchScore {
    pub round: u32,
    pub number: u32,
    pub home: i64,
    pub away: Option<i64>,
    pub status: MatchStatus,
    pub home_game_points: Points,
    pub away_game_points: Points,
    pub home_match_points: Points,
    pub away_match_points: Points,
    /// Home's result (`None` while pending).
    pub home_result: Option<RoundResult>,
    pub home_residual: Points,
    pub away_residual: Points,
    pub boards: Vec<BoardScore>,
}

fn flip(r: RoundResult) -> RoundResult {
    match r {
        RoundResult::Win => RoundResult::Loss,
        RoundResult::Loss => RoundResult::Win,
        RoundResult::Draw => RoundResult::Draw,
    }
}

/// The scheme's value of a draw on one board (a team bye's game points per
/// board): the mean of red's and black's draw where they differ.
pub fn draw_value(scheme: &Scheme) -> Points {
    let mean = |a: Points, b: Points| Points((a.hundredths() + b.hundredths()) / 2);
    match scheme.settings() {
        SchemeSettings::Draw08(v) => v.draw,
        SchemeSettings::TwoGame(v) => v.round_draw,
        SchemeSettings::HuTwoGame(v) => v.round_draw,
        SchemeSettings::AttackerDefender(v) => mean(v.defender_draw, v.attacker_draw),
        SchemeSettings::Armageddon(_) => scheme.win_value().half(),
        SchemeSettings::Chess(v) => mean(v.red_draw, v.black_draw),
        SchemeSettings::Standard(v)
        | SchemeSettings::ThreePoint(v)
        | SchemeSettings::RedDrawPenalty(v)
        | SchemeSettings::Custom(v) => mean(v.red_draw, v.black_draw),
    }
}

/// Scores every match of rounds 1..=`after_round`.
pub fn match_scores(
    ev: &TeamEventData,
    scheme: &Scheme,
    after_round: u32,
) -> Result<Vec<MatchScore>, ScoringError> {
    let rounds = player_rounds(&ev.games, scheme, after_round)?;
    let idx: HashMap<i64, usize> = ev
        .games
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let pr = |id: i64, round: u32| -> Option<&PlayerRound> {
        idx.get(&id)
            .and_then(|&i| rounds[i].get((round - 1) as usize))
    };
    let s = &ev.settings;
    let b = s.boards as i64;
    let win = scheme.win_value();
    let mp = s.match_points;
    let mut out = Vec::new();
    for m in ev.matches.iter().filter(|m| m.round <= after_round) {
        let Some(away) = m.away else {
            let per_board = s
                .bye_game_points_per_board
                .unwrap_or_else(|| draw_value(scheme));
            out.push(MatchScore {
                round: m.round,
                number: m.number,
                home: m.home,
                away: None,
                status: MatchStatus::Bye,
                home_game_points: per_board * b,
                away_game_points: Points::ZERO,
                home_match_points: s.bye_match_points.unwrap_or(mp.win),
                away_match_points: Points::ZERO,
                home_result: Some(RoundResult::Win),
                home_residual: Points::ZERO,
                away_residual: Points::ZERO,
                boards: Vec::new(),
            });
            continue;
        };
        let mut boards = Vec::new();
        for mb in &m.boards {
            let mut bs = BoardScore {
                board: mb.board,
                number: mb.number,
                home_player: mb.home,
                away_player: mb.away,
                home: Points::ZERO,
                away: Points::ZERO,
                home_result: Some(RoundResult::Loss),
                away_result: Some(RoundResult::Loss),
                home_residual: Points::ZERO,
                away_residual: Points::ZERO,
                pending: false,
                played: false,
            };
            match (mb.home, mb.away) {
                (Some(h), Some(a)) => {
                    let (Some(ph), Some(pa)) = (pr(h, m.round), pr(a, m.round)) else {
                        return Err(ScoringError::UnknownPlayer {
                            round: m.round,
                            id: h,
                        });
                    };
                    bs.played = true;
                    if ph.kind == RoundKind::Pending || pa.kind == RoundKind::Pending {
                        bs.pending = true;
                        bs.home_result = None;
                        bs.away_result = None;
                    } else if ph.kind == RoundKind::Absent || pa.kind == RoundKind::Absent {
                        // The lineup names them, but no board was stored.
                        bs.pending = true;
                        bs.home_result = None;
                        bs.away_result = None;
                    } else {
                        bs.home = ph.points;
                        bs.away = pa.points;
                        bs.home_result = ph.result;
                        bs.away_result = pa.result;
                        if scheme.kind() == SchemeKind::Draw08 {
                            bs.home_residual = ph.small;
                            bs.away_residual = pa.small;
                        }
                    }
                }
                (Some(_), None) => {
                    bs.home = win;
                    bs.home_result = Some(RoundResult::Win);
                }
                (None, Some(_)) => {
                    bs.away = win;
                    bs.away_result = Some(RoundResult::Win);
                }
                (None, None) => {}
            }
            boards.push(bs);
        }
        let fielded = |home: bool| {
            m.boards
                .iter()
                .filter(|x| if home { x.home } else { x.away }.is_some())
                .count() as u32
        };
        let min = s.min_boards();
        let home_absent = fielded(true) < min;
        let away_absent = fielded(false) < min;
        let mut ms = MatchScore {
            round: m.round,
            number: m.number,
            home: m.home,
            away: Some(away),
            status: MatchStatus::Played,
            home_game_points: Points::ZERO,
            away_game_points: Points::ZERO,
            home_match_points: Points::ZERO,
            away_match_points: Points::ZERO,
            home_result: None,
            home_residual: Points::ZERO,
            away_residual: Points::ZERO,
            boards,
        };
        if home_absent || away_absent {
            ms.status = MatchStatus::Forfeit {
                home_absent,
                away_absent,
            };
            let forfeit_win = win * b;
            let (hg, ag, hr) = match (home_absent, away_absent) {
                (true, true) => (Points::ZERO, Points::ZERO, RoundResult::Loss),
                (true, false) => (Points::ZERO, forfeit_win, RoundResult::Loss),
                _ => (forfeit_win, Points::ZERO, RoundResult::Win),
            };
            ms.home_game_points = hg;
            ms.away_game_points = ag;
            ms.home_result = Some(hr);
            ms.home_match_points = if hr == RoundResult::Win {
                mp.win
            } else {
                mp.loss
            };
            ms.away_match_points = if !away_absent && home_absent {
                mp.win
            } else {
                mp.loss
            };
            out.push(ms);
            continue;
        }
        if ms.boards.iter().any(|x| x.pending) {
            ms.status = MatchStatus::Pending;
            out.push(ms);
            continue;
        }
        ms.home_game_points = ms.boards.iter().map(|x| x.home).sum();
        ms.away_game_points = ms.boards.iter().map(|x| x.away).sum();
        ms.home_residual = ms.boards.iter().map(|x| x.home_residual).sum();
        ms.away_residual = ms.boards.iter().map(|x| x.away_residual).sum();
        let mut res = match ms.home_game_points.cmp(&ms.away_game_points) {
            Ordering::Greater => RoundResult::Win,
            Ordering::Less => RoundResult::Loss,
            Ordering::Equal => RoundResult::Draw,
        };
        if res == RoundResult::Draw && s.tied_match == TiedMatch::Residual {
            res = match ms.home_residual.cmp(&ms.away_residual) {
                Ordering::Greater => RoundResult::Win,
                Ordering::Less => RoundResult::Loss,
                Ordering::Equal => RoundResult::Draw,
            };
        }
        let value = |r: RoundResult| match r {
            RoundResult::Win => mp.win,
            RoundResult::Draw => mp.draw,
            RoundResult::Loss => mp.loss,
        };
        ms.home_result = Some(res);
        ms.home_match_points = value(res);
        ms.away_match_points = value(flip(res));
        out.push(ms);
    }
    Ok(out)
}

/// What kind of round a team had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamRoundKind {
    Played,
    Bye,
    ForfeitWin,
    ForfeitLoss,
    Pending,
    /// Not paired.
    Absent,
}

/// One round of one team.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRound {
    pub round: u32,
    pub kind: TeamRoundKind,
    pub opponent: Option<i64>,
    /// Named first in the match (red on board 1)?
    pub home: Option<bool>,
    pub result: Option<RoundResult>,
    pub match_points: Points,
    pub game_points: Points,
    pub opponent_game_points: Points,
    pub residual: Points,
    /// Game points per board (index 0 = board 1).
    pub board_points: Vec<Points>,
}

/// Every team's rounds 1..=`after_round`, indexed like `ev.teams`.
pub fn team_rounds(
    ev: &TeamEventData,
    scores: &[MatchScore],
    after_round: u32,
) -> Vec<Vec<TeamRound>> {
    let idx: HashMap<i64, usize> = ev
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id, i))
        .collect();
    let nb = ev.settings.boards as usize;
    let mut out: Vec<Vec<TeamRound>> = ev
        .teams
        .iter()
        .map(|_| {
            (1..=after_round)
                .map(|r| TeamRound {
                    round: r,
                    kind: TeamRoundKind::Absent,
                    opponent: None,
                    home: None,
                    result: None,
                    match_points: Points::ZERO,
                    game_points: Points::ZERO,
                    opponent_game_points: Points::ZERO,
                    residual: Points::ZERO,
                    board_points: vec![Points::ZERO; nb],
                })
                .collect()
        })
        .collect();
    for m in scores {
        let slot = (m.round - 1) as usize;
        let sides: Vec<(i64, bool)> = std::iter::once((m.home, true))
            .chain(m.away.map(|a| (a, false)))
            .collect();
        for (team, home) in sides {
            let Some(&i) = idx.get(&team) else { continue };
            let Some(tr) = out[i].get_mut(slot) else {
                continue;
            };
            tr.opponent = if home { m.away } else { Some(m.home) };
            tr.home = m.away.map(|_| home);
            let pick = |h: Points, a: Points| if home { h } else { a };
            tr.kind = match m.status {
                MatchStatus::Bye => TeamRoundKind::Bye,
                MatchStatus::Pending => TeamRoundKind::Pending,
                MatchStatus::Played => TeamRoundKind::Played,
                MatchStatus::Forfeit {
                    home_absent,
                    away_absent,
                } => {
                    let me_absent = if home { home_absent } else { away_absent };
                    if me_absent {
                        TeamRoundKind::ForfeitLoss
                    } else {
                        TeamRoundKind::ForfeitWin
                    }
                }
            };
            if m.status == MatchStatus::Pending {
                continue;
            }
            tr.result = m.home_result.map(|r| if home { r } else { flip(r) });
            tr.match_points = pick(m.home_match_points, m.away_match_points);
            tr.game_points = pick(m.home_game_points, m.away_game_points);
            tr.opponent_game_points = pick(m.away_game_points, m.home_game_points);
            tr.residual = pick(m.home_residual, m.away_residual);
            if m.status == MatchStatus::Played {
                for bs in &m.boards {
                    if let Some(v) = tr.board_points.get_mut((bs.board - 1) as usize) {
                        *v = pick(bs.home, bs.away);
                    }
                }
            }
        }
    }
    out
}

/// A team's name for messages.
pub fn team_name(ev: &TeamEventData, id: i64) -> String {
    ev.teams
        .iter()
        .find(|t| t.id == id)
        .map(|t| t.name.clone())
        .unwrap_or_else(|| format!("#{id}"))
}
