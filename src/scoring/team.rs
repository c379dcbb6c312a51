//! Team events (`specs/teams.md`): boards → game points (局分) → match
//! result → match points (场分); team standings with the team tie-breaks;
//! board prizes (台次奖).
//!
//! A board of a match is an ordinary game of the individual [`EventData`]
//! and is scored by [`player_rounds`] with the event's scheme, exactly as in
//! an individual event; this module only adds the boards up.

use super::rounds::{player_rounds, PlayerRound, RoundKind, RoundResult};
use super::scheme::{Scheme, SchemeKind};
use super::{EventData, ScoringError};
use crate::domain::{ByeOpponentScore, Points, TeamSettings, TiedMatch};
use std::cmp::Ordering;
use std::collections::HashMap;

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
    let g = |k: &str| scheme.settings.get(k);
    match scheme.kind {
        SchemeKind::Draw08 => g("draw"),
        SchemeKind::TwoGame | SchemeKind::HuTwoGame => g("round_draw"),
        SchemeKind::AttackerDefender => {
            Points((g("defender_draw").hundredths() + g("attacker_draw").hundredths()) / 2)
        }
        SchemeKind::Armageddon => scheme.win_value().half(),
        _ => Points((g("red_draw").hundredths() + g("black_draw").hundredths()) / 2),
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
                        if scheme.kind == SchemeKind::Draw08 {
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

/// The team tie-breaks of `specs/teams.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTieBreak {
    GamePoints,
    Direct,
    OpponentMatchPoints,
    BoardResults,
    TeamSb,
    MatchWins,
    Residual,
    Progressive,
}

impl TeamTieBreak {
    pub const ALL: [TeamTieBreak; 8] = [
        TeamTieBreak::GamePoints,
        TeamTieBreak::Direct,
        TeamTieBreak::OpponentMatchPoints,
        TeamTieBreak::BoardResults,
        TeamTieBreak::TeamSb,
        TeamTieBreak::MatchWins,
        TeamTieBreak::Residual,
        TeamTieBreak::Progressive,
    ];

    /// The default order after match points.
    pub const DEFAULT: [TeamTieBreak; 3] = [
        TeamTieBreak::GamePoints,
        TeamTieBreak::Direct,
        TeamTieBreak::BoardResults,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TeamTieBreak::GamePoints => "game-points",
            TeamTieBreak::Direct => "direct",
            TeamTieBreak::OpponentMatchPoints => "opponent-match-points",
            TeamTieBreak::BoardResults => "board-results",
            TeamTieBreak::TeamSb => "team-sb",
            TeamTieBreak::MatchWins => "match-wins",
            TeamTieBreak::Residual => "residual",
            TeamTieBreak::Progressive => "progressive",
        }
    }

    pub fn parse(code: &str) -> Result<TeamTieBreak, ScoringError> {
        Self::ALL
            .into_iter()
            .find(|t| t.code() == code.trim())
            .ok_or_else(|| ScoringError::UnknownTieBreak {
                code: code.to_string(),
                allowed: Self::ALL.map(|t| t.code()).join(", "),
            })
    }

    /// The event's list: its codes, else the default order.
    pub fn parse_list<S: AsRef<str>>(codes: &[S]) -> Result<Vec<TeamTieBreak>, ScoringError> {
        if codes.is_empty() {
            return Ok(Self::DEFAULT.to_vec());
        }
        codes.iter().map(|c| Self::parse(c.as_ref())).collect()
    }
}

/// A compared value: one number or a sequence (`board-results`; `direct`:
/// match points then game points in the mutual matches; empty when the
/// tied teams have not all met).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TeamValue(pub Vec<Points>);

impl TeamValue {
    /// What a table shows: the first element (blank when empty).
    pub fn shown(&self) -> Option<Points> {
        self.0.first().copied()
    }
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandingRow {
    pub rank: u32,
    pub shared: bool,
    pub team: TeamRef,
    pub match_points: Points,
    pub game_points: Points,
    /// Values in tie-break order.
    pub values: Vec<(TeamTieBreak, TeamValue)>,
}

/// The team standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandings {
    pub after_round: u32,
    pub tiebreaks: Vec<TeamTieBreak>,
    pub rows: Vec<TeamStandingRow>,
    pub rounds: Vec<Vec<TeamRound>>,
}

struct Ctx<'a> {
    rounds: &'a [Vec<TeamRound>],
    idx: HashMap<i64, usize>,
    mp: Vec<Points>,
    bye_rule: ByeOpponentScore,
    bye_counts: bool,
}

impl Ctx<'_> {
    fn value(&self, tb: TeamTieBreak, i: usize) -> TeamValue {
        let rs = &self.rounds[i];
        let one = |p: Points| TeamValue(vec![p]);
        let done =
            |r: &&TeamRound| !matches!(r.kind, TeamRoundKind::Pending | TeamRoundKind::Absent);
        match tb {
            TeamTieBreak::GamePoints => one(rs.iter().map(|r| r.game_points).sum()),
            TeamTieBreak::Direct => TeamValue(Vec::new()),
            TeamTieBreak::OpponentMatchPoints => one(rs
                .iter()
                .filter(done)
                .map(|r| match (r.kind, r.opponent) {
                    (TeamRoundKind::Bye, _) => match self.bye_rule {
                        ByeOpponentScore::Zero => Points::ZERO,
                        ByeOpponentScore::Own => self.mp[i],
                        ByeOpponentScore::Lowest => {
                            self.mp.iter().copied().min().unwrap_or(Points::ZERO)
                        }
                    },
                    (_, Some(o)) => self.idx.get(&o).map(|&j| self.mp[j]).unwrap_or_default(),
                    _ => Points::ZERO,
                })
                .sum()),
            TeamTieBreak::BoardResults => {
                let nb = rs.first().map(|r| r.board_points.len()).unwrap_or(0);
                TeamValue(
                    (0..nb)
                        .map(|b| rs.iter().map(|r| r.board_points[b]).sum())
                        .collect(),
                )
            }
            TeamTieBreak::TeamSb => one(rs
                .iter()
                .filter(|r| r.kind == TeamRoundKind::Played || r.kind == TeamRoundKind::ForfeitWin)
                .filter_map(|r| {
                    let j = *self.idx.get(&r.opponent?)?;
                    Some(Points(
                        self.mp[j].hundredths() * r.game_points.hundredths() / 100,
                    ))
                })
                .sum()),
            TeamTieBreak::MatchWins => one(Points::new(
                rs.iter()
                    .filter(|r| r.result == Some(RoundResult::Win))
                    .filter(|r| r.kind != TeamRoundKind::Bye || self.bye_counts)
                    .count() as i64,
            )),
            TeamTieBreak::Residual => one(rs.iter().map(|r| r.residual).sum()),
            TeamTieBreak::Progressive => {
                let mut run = Points::ZERO;
                let mut total = Points::ZERO;
                for r in rs {
                    run += r.match_points;
                    total += run;
                }
                one(total)
            }
        }
    }

    /// `direct` within a tie group: match points then game points in the
    /// matches among them, if every two of them have met; else empty.
    fn direct(&self, group: &[usize]) -> Vec<TeamValue> {
        let ids: Vec<i64> = group
            .iter()
            .map(|&i| {
                *self
                    .idx
                    .iter()
                    .find(|(_, &v)| v == i)
                    .map(|(k, _)| k)
                    .unwrap_or(&0)
            })
            .collect();
        let mut met = vec![vec![false; group.len()]; group.len()];
        let mut vals = vec![(Points::ZERO, Points::ZERO); group.len()];
        for (a, &i) in group.iter().enumerate() {
            for r in &self.rounds[i] {
                if !matches!(
                    r.kind,
                    TeamRoundKind::Played | TeamRoundKind::ForfeitWin | TeamRoundKind::ForfeitLoss
                ) {
                    continue;
                }
                if let Some(b) = r.opponent.and_then(|o| ids.iter().position(|&x| x == o)) {
                    met[a][b] = true;
                    vals[a].0 += r.match_points;
                    vals[a].1 += r.game_points;
                }
            }
        }
        let all_met = (0..group.len()).all(|a| (0..group.len()).all(|b| a == b || met[a][b]));
        vals.into_iter()
            .map(|(m, g)| {
                if all_met {
                    TeamValue(vec![m, g])
                } else {
                    TeamValue(Vec::new())
                }
            })
            .collect()
    }
}

/// Computes the team standings after round `after_round` (default: every
/// stored match): match points, then `tiebreaks`; teams still tied share the
/// rank and are listed by pairing number.
pub fn team_standings(
    ev: &TeamEventData,
    scheme: &Scheme,
    tiebreaks: &[TeamTieBreak],
    after_round: Option<u32>,
) -> Result<TeamStandings, ScoringError> {
    let r = after_round.unwrap_or_else(|| ev.matches.iter().map(|m| m.round).max().unwrap_or(0));
    let scores = match_scores(ev, scheme, r)?;
    let rounds = team_rounds(ev, &scores, r);
    let idx: HashMap<i64, usize> = ev
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id, i))
        .collect();
    let mp: Vec<Points> = rounds
        .iter()
        .map(|rs| rs.iter().map(|x| x.match_points).sum())
        .collect();
    let gp: Vec<Points> = rounds
        .iter()
        .map(|rs| rs.iter().map(|x| x.game_points).sum())
        .collect();
    let ctx = Ctx {
        rounds: &rounds,
        idx,
        mp: mp.clone(),
        bye_rule: ev.games.byes.opponent_score,
        bye_counts: ev.settings.bye_counts_as_win,
    };
    let n = ev.teams.len();
    let mut keys: Vec<Vec<TeamValue>> = (0..n)
        .map(|i| tiebreaks.iter().map(|&t| ctx.value(t, i)).collect())
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| mp[b].cmp(&mp[a]).then(ev.teams[a].no.cmp(&ev.teams[b].no)));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &order {
        match groups.last_mut() {
            Some(g) if mp[g[0]] == mp[i] => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    for (t, &tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            if tb == TeamTieBreak::Direct && g.len() > 1 {
                for (&i, v) in g.iter().zip(ctx.direct(&g)) {
                    keys[i][t] = v;
                }
            }
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            // Higher is better for every team criterion; an empty `direct`
            // (not all met) ties.
            g.sort_by(|&a, &b| {
                keys[b][t]
                    .cmp(&keys[a][t])
                    .then(ev.teams[a].no.cmp(&ev.teams[b].no))
            });
            // Runs of equal keys stay tied for the next criterion.
            next.extend(
                g.chunk_by(|&a, &b| keys[a][t] == keys[b][t])
                    .map(<[usize]>::to_vec),
            );
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    let mut pos = 0u32;
    for g in &groups {
        let mut g = g.clone();
        g.sort_by_key(|&i| ev.teams[i].no);
        for &i in &g {
            rows.push(TeamStandingRow {
                rank: pos + 1,
                shared: g.len() > 1,
                team: ev.teams[i].clone(),
                match_points: mp[i],
                game_points: gp[i],
                values: tiebreaks
                    .iter()
                    .copied()
                    .zip(keys[i].iter().cloned())
                    .collect(),
            });
        }
        pos += g.len() as u32;
    }
    Ok(TeamStandings {
        after_round: r,
        tiebreaks: tiebreaks.to_vec(),
        rows,
        rounds,
    })
}

/// Why one team stands above another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamExplanation {
    pub a: TeamStandingRow,
    pub b: TeamStandingRow,
    /// Each criterion compared: (code, a's value, b's value).
    pub steps: Vec<(String, TeamValue, TeamValue)>,
    /// The criterion that separated them (`None`: tied throughout).
    pub decided_by: Option<String>,
}

impl TeamStandings {
    /// The row of the team named `who` (exact name or pairing number).
    pub fn find(&self, who: &str) -> Result<&TeamStandingRow, ScoringError> {
        let who = who.trim();
        self.rows
            .iter()
            .find(|r| r.team.name == who || r.team.no.to_string() == who)
            .ok_or_else(|| ScoringError::NoSuchPlayer(who.to_string()))
    }

    /// Compares two teams criterion by criterion.
    pub fn explain(&self, a: &str, b: &str) -> Result<TeamExplanation, ScoringError> {
        let ra = self.find(a)?.clone();
        let rb = self.find(b)?.clone();
        let mut steps = vec![(
            "match-points".to_string(),
            TeamValue(vec![ra.match_points]),
            TeamValue(vec![rb.match_points]),
        )];
        for ((t, va), (_, vb)) in ra.values.iter().zip(rb.values.iter()) {
            steps.push((t.code().to_string(), va.clone(), vb.clone()));
        }
        let decided_by = steps
            .iter()
            .find(|(_, x, y)| x != y)
            .map(|(c, _, _)| c.clone());
        Ok(TeamExplanation {
            a: ra,
            b: rb,
            steps,
            decided_by,
        })
    }
}

/// One player's line in the board prizes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPrizeRow {
    pub board: u32,
    pub rank: u32,
    pub shared: bool,
    pub player: i64,
    pub name: String,
    pub team: i64,
    pub team_name: String,
    pub game_points: Points,
    pub games: u32,
    /// Game points / maximum possible, in percent (hundredths of a percent).
    pub percent: Points,
}

/// Board prizes (台次奖): for each board, the eligible players who played it
/// most, by percentage, then game points, then games.
pub fn board_prizes(
    ev: &TeamEventData,
    scheme: &Scheme,
    after_round: Option<u32>,
) -> Result<Vec<BoardPrizeRow>, ScoringError> {
    let r = after_round.unwrap_or_else(|| ev.matches.iter().map(|m| m.round).max().unwrap_or(0));
    let scores = match_scores(ev, scheme, r)?;
    let win = scheme.win_value();
    // (player, board) → (game points, games); player → team.
    let mut per: HashMap<(i64, u32), (Points, u32)> = HashMap::new();
    let mut team_of: HashMap<i64, i64> = HashMap::new();
    for m in &scores {
        if m.status != MatchStatus::Played {
            continue;
        }
        let Some(away) = m.away else { continue };
        for bs in &m.boards {
            for (p, pts, team) in [
                (bs.home_player, bs.home, m.home),
                (bs.away_player, bs.away, away),
            ] {
                if let Some(p) = p {
                    let e = per.entry((p, bs.board)).or_default();
                    e.0 += pts;
                    e.1 += 1;
                    team_of.insert(p, team);
                }
            }
        }
    }
    // Each player on the board he played most (ties: the higher board).
    let mut main: HashMap<i64, (u32, Points, u32)> = HashMap::new();
    for (&(p, b), &(g, n)) in &per {
        let e = main.entry(p).or_insert((b, g, n));
        if n > e.2 || (n == e.2 && b < e.0) {
            *e = (b, g, n);
        }
    }
    let pct = ev.settings.board_prize_percent as u64;
    let mut rows: Vec<BoardPrizeRow> = main
        .into_iter()
        .filter(|(_, (_, _, n))| (*n as u64) * 100 >= pct * r as u64 && *n > 0)
        .map(|(p, (b, g, n))| {
            let max = win.hundredths() * n as i64;
            let percent = if max > 0 {
                // Rounded half up to a hundredth of a percent.
                Points((g.hundredths() * 20_000 / max + 1) / 2)
            } else {
                Points::ZERO
            };
            let team = team_of.get(&p).copied().unwrap_or(0);
            BoardPrizeRow {
                board: b,
                rank: 0,
                shared: false,
                player: p,
                name: ev.games.name_of(p),
                team,
                team_name: ev
                    .teams
                    .iter()
                    .find(|t| t.id == team)
                    .map(|t| t.name.clone())
                    .unwrap_or_default(),
                game_points: g,
                games: n,
                percent,
            }
        })
        .collect();
    let key = |x: &BoardPrizeRow| (x.percent, x.game_points, x.games);
    rows.sort_by(|x, y| {
        x.board
            .cmp(&y.board)
            .then(key(y).cmp(&key(x)))
            .then(x.name.cmp(&y.name))
    });
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        let mut pos = 0;
        while j < rows.len() && rows[j].board == rows[i].board {
            j += 1;
        }
        let mut k = i;
        while k < j {
            let mut l = k;
            while l < j && key(&rows[l]) == key(&rows[k]) {
                l += 1;
            }
            for row in &mut rows[k..l] {
                row.rank = pos + 1;
                row.shared = l - k > 1;
            }
            pos += (l - k) as u32;
            k = l;
        }
        i = j;
    }
    Ok(rows)
}

/// A team's name for messages.
pub fn team_name(ev: &TeamEventData, id: i64) -> String {
    ev.teams
        .iter()
        .find(|t| t.id == id)
        .map(|t| t.name.clone())
        .unwrap_or_else(|| format!("#{id}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{round_board_number, ByeSettings, Game, Material, Outcome, TimeControl};
    use crate::scoring::{BoardData, PlayerRef, RoundData};

    /// A board of a match: home and away player (None = empty) and the
    /// games as (outcome for game 1's red, red residual, black residual).
    struct B {
        home: Option<i64>,
        away: Option<i64>,
        games: Vec<(Outcome, Option<&'static str>, Option<&'static str>)>,
    }

    fn b(home: i64, away: i64, o: Outcome) -> B {
        B {
            home: Some(home),
            away: Some(away),
            games: vec![(o, None, None)],
        }
    }

    /// Teams 1..=n with players `team*10 + board`; matches as
    /// (round, home, away, boards).
    fn event(
        n: i64,
        boards: u32,
        settings: TeamSettings,
        gpr: u32,
        matches: Vec<(u32, i64, Option<i64>, Vec<B>)>,
    ) -> TeamEventData {
        let teams: Vec<TeamRef> = (1..=n)
            .map(|t| TeamRef {
                id: t,
                no: t as u32,
                name: format!("T{t}"),
            })
            .collect();
        let mut players = Vec::new();
        for t in 1..=n {
            for bd in 1..=boards as i64 + 1 {
                let id = t * 10 + bd;
                players.push(PlayerRef {
                    id,
                    start_no: id as u32,
                    name: format!("P{id}"),
                    rating: None,
                });
            }
        }
        let last = matches.iter().map(|m| m.0).max().unwrap_or(0);
        let mut rounds: Vec<RoundData> = (1..=last)
            .map(|r| RoundData {
                number: r,
                ..Default::default()
            })
            .collect();
        let mut mds = Vec::new();
        let mut count: HashMap<u32, u32> = HashMap::new();
        for (round, home, away, bs) in matches {
            let c = count.entry(round).or_default();
            *c += 1;
            let number = *c;
            let mut mbs = Vec::new();
            for (i, x) in bs.into_iter().enumerate() {
                let board = i as u32 + 1;
                let no = round_board_number(boards, number, board);
                if let (Some(h), Some(a)) = (x.home, x.away) {
                    // Home has red on odd boards.
                    let (red, black) = if board % 2 == 1 { (h, a) } else { (a, h) };
                    let games = x
                        .games
                        .iter()
                        .enumerate()
                        .map(|(gi, (o, rr, br))| {
                            let (r, bl) = if gi == 1 { (black, red) } else { (red, black) };
                            let mut g = Game::bare(r, bl, *o);
                            g.game_no = gi as u32 + 1;
                            g.red_residual = rr.map(|m| Material::parse(m).unwrap());
                            g.black_residual = br.map(|m| Material::parse(m).unwrap());
                            g
                        })
                        .collect();
                    rounds[(round - 1) as usize].boards.push(BoardData {
                        number: no,
                        red,
                        black: Some(black),
                        games,
                    });
                }
                mbs.push(MatchBoard {
                    board,
                    number: no,
                    home: x.home,
                    away: x.away,
                });
            }
            mds.push(MatchData {
                round,
                number,
                home,
                away,
                boards: mbs,
            });
        }
        TeamEventData {
            teams,
            settings: TeamSettings { boards, ..settings },
            games: EventData {
                players,
                rounds,
                games_per_round: gpr,
                time_control: TimeControl::symmetric(0, 0),
                byes: ByeSettings::default(),
            },
            matches: mds,
        }
    }

    fn std() -> Scheme {
        Scheme::new(SchemeKind::Standard)
    }

    fn p(x: i64) -> Points {
        Points::new(x)
    }

    use Outcome::{BlackWin as BW, Draw as D, RedWin as RW};

    #[test]
    fn game_points_add_up_and_decide_the_match() {
        // Board 1: home red wins (2-0); board 2: home black, draw (1-1);
        // board 3: home red loses (0-2); board 4: home black wins (2-0).
        let ev = event(
            2,
            4,
            TeamSettings::default(),
            1,
            vec![(
                1,
                1,
                Some(2),
                vec![b(11, 21, RW), b(12, 22, D), b(13, 23, BW), b(14, 24, BW)],
            )],
        );
        let m = &match_scores(&ev, &std(), 1).unwrap()[0];
        assert_eq!(m.status, MatchStatus::Played);
        assert_eq!((m.home_game_points, m.away_game_points), (p(5), p(3)));
        assert_eq!((m.home_match_points, m.away_match_points), (p(2), p(0)));
        assert_eq!(m.home_result, Some(RoundResult::Win));
    }

    #[test]
    fn three_one_zero_match_points_and_a_drawn_match() {
        let s = TeamSettings {
            match_points: crate::domain::MatchPoints::parse("3-1-0").unwrap(),
            ..Default::default()
        };
        let ev = event(
            2,
            2,
            s.clone(),
            1,
            vec![(1, 1, Some(2), vec![b(11, 21, D), b(12, 22, D)])],
        );
        let m = &match_scores(&ev, &std(), 1).unwrap()[0];
        assert_eq!((m.home_game_points, m.away_game_points), (p(2), p(2)));
        assert_eq!((m.home_match_points, m.away_match_points), (p(1), p(1)));
        let ev = event(
            2,
            2,
            s,
            1,
            vec![(1, 1, Some(2), vec![b(11, 21, BW), b(12, 22, D)])],
        );
        let m = &match_scores(&ev, &std(), 1).unwrap()[0];
        assert_eq!((m.home_match_points, m.away_match_points), (p(0), p(3)));
    }

    fn residual_event(tied: TiedMatch) -> TeamEventData {
        // Board 1: home A red 车士士相相 (17) v 炮士士象象 (12): D = 4, home +0.4.
        // Board 2: away red 车 v home 车: D = 9 − 1 − 9 = −1: away −0.1, home +0.1.
        event(
            2,
            2,
            TeamSettings {
                tied_match: tied,
                ..Default::default()
            },
            1,
            vec![(
                1,
                1,
                Some(2),
                vec![
                    B {
                        home: Some(11),
                        away: Some(21),
                        games: vec![(D, Some("RAAEE"), Some("CAAEE"))],
                    },
                    B {
                        home: Some(12),
                        away: Some(22),
                        games: vec![(D, Some("R"), Some("R"))],
                    },
                ],
            )],
        )
    }

    #[test]
    fn a_tied_match_is_drawn_by_default_and_goes_to_residual_points_when_set() {
        let s = Scheme::new(SchemeKind::Draw08);
        let m = &match_scores(&residual_event(TiedMatch::Draw), &s, 1).unwrap()[0];
        assert_eq!(m.home_game_points, Points(160));
        assert_eq!(m.away_game_points, Points(160));
        assert_eq!(
            (m.home_residual, m.away_residual),
            (Points(50), Points(-50))
        );
        assert_eq!((m.home_match_points, m.away_match_points), (p(1), p(1)));
        let m = &match_scores(&residual_event(TiedMatch::Residual), &s, 1).unwrap()[0];
        assert_eq!(m.home_result, Some(RoundResult::Win));
        assert_eq!((m.home_match_points, m.away_match_points), (p(2), p(0)));
        // The residual tie-break sums the same scores.
        let st = team_standings(
            &residual_event(TiedMatch::Draw),
            &s,
            &[TeamTieBreak::Residual],
            None,
        )
        .unwrap();
        assert_eq!(st.rows[0].team.name, "T1");
        assert_eq!(st.rows[0].values[0].1, TeamValue(vec![Points(50)]));
        assert_eq!(st.rows[1].values[0].1, TeamValue(vec![Points(-50)]));
    }

    #[test]
    fn an_empty_board_is_a_forfeit_and_both_empty_both_lose() {
        let empty = |home: Option<i64>, away: Option<i64>| B {
            home,
            away,
            games: vec![],
        };
        let ev = event(
            2,
            4,
            TeamSettings::default(),
            1,
            vec![(
                1,
                1,
                Some(2),
                vec![
                    b(11, 21, D),
                    b(12, 22, D),
                    empty(None, None),
                    empty(Some(14), None),
                ],
            )],
        );
        let m = &match_scores(&ev, &std(), 1).unwrap()[0];
        assert_eq!(m.boards[2].home, p(0));
        assert_eq!(m.boards[2].away, p(0));
        assert_eq!((m.boards[3].home, m.boards[3].away), (p(2), p(0)));
        assert_eq!((m.home_game_points, m.away_game_points), (p(4), p(2)));
        assert_eq!(m.home_match_points, p(2));
    }

    #[test]
    fn fewer_than_min_boards_loses_the_whole_match() {
        let empty = |home: Option<i64>| B {
            home,
            away: None,
            games: vec![],
        };
        // Away fields 1 of 4 (min 2): forfeited match, even with a game won.
        let ev = event(
            2,
            4,
            TeamSettings::default(),
            1,
            vec![(
                1,
                1,
                Some(2),
                vec![
                    b(11, 21, BW),
                    empty(Some(12)),
                    empty(Some(13)),
                    empty(Some(14)),
                ],
            )],
        );
        let m = &match_scores(&ev, &std(), 1).unwrap()[0];
        assert_eq!(
            m.status,
            MatchStatus::Forfeit {
                home_absent: false,
                away_absent: true
            }
        );
        assert_eq!((m.home_game_points, m.away_game_points), (p(8), p(0)));
        assert_eq!((m.home_match_points, m.away_match_points), (p(2), p(0)));
        // With min_boards 1 the match is played: 2 + 3 × 2 = 8 against 2.
        let ev2 = TeamEventData {
            settings: TeamSettings {
                min_boards: Some(1),
                ..ev.settings.clone()
            },
            ..ev.clone()
        };
        let m = &match_scores(&ev2, &std(), 1).unwrap()[0];
        assert_eq!(m.status, MatchStatus::Played);
        assert_eq!((m.home_game_points, m.away_game_points), (p(6), p(2)));
        // Both absent: both lose, 0 and 0.
        let none = |_: ()| B {
            home: None,
            away: None,
            games: vec![],
        };
        let ev3 = event(
            2,
            2,
            TeamSettings::default(),
            1,
            vec![(1, 1, Some(2), vec![none(()), none(())])],
        );
        let m = &match_scores(&ev3, &std(), 1).unwrap()[0];
        assert_eq!((m.home_match_points, m.away_match_points), (p(0), p(0)));
        assert_eq!((m.home_game_points, m.away_game_points), (p(0), p(0)));
    }

    #[test]
    fn a_team_bye_scores_a_win_and_b_draws_but_no_match_win_by_default() {
        let mut ev = event(1, 4, TeamSettings::default(), 1, vec![(1, 1, None, vec![])]);
        let m = &match_scores(&ev, &std(), 1).unwrap()[0];
        assert_eq!((m.home_match_points, m.home_game_points), (p(2), p(4)));
        let st = team_standings(&ev, &std(), &[TeamTieBreak::MatchWins], None).unwrap();
        assert_eq!(st.rows[0].values[0].1, TeamValue(vec![p(0)]));
        ev.settings.bye_counts_as_win = true;
        ev.settings.bye_game_points_per_board = Some(p(2));
        let st = team_standings(&ev, &std(), &[TeamTieBreak::MatchWins], None).unwrap();
        assert_eq!(st.rows[0].values[0].1, TeamValue(vec![p(1)]));
        assert_eq!(st.rows[0].game_points, p(8));
        // draw-0.8: 4 × 0.8.
        let m = &match_scores(&ev, &Scheme::new(SchemeKind::Draw08), 1).unwrap()[0];
        assert_eq!(m.home_game_points, p(8), "the setting wins over the scheme");
        ev.settings.bye_game_points_per_board = None;
        let m = &match_scores(&ev, &Scheme::new(SchemeKind::Draw08), 1).unwrap()[0];
        assert_eq!(m.home_game_points, Points(320));
    }

    #[test]
    fn a_two_game_board_counts_its_round_result() {
        // Board 1: the home player wins both games (2 points); board 2: the
        // away player wins one and draws one (2 points): 2-2, a drawn match.
        let two = |h: i64, a: i64, g1: Outcome, g2: Outcome| B {
            home: Some(h),
            away: Some(a),
            games: vec![(g1, None, None), (g2, None, None)],
        };
        let ev = event(
            2,
            2,
            TeamSettings::default(),
            2,
            // Board 1: home red in game 1, black in game 2.
            // Board 2: away red in game 1 (wins), home red in game 2 (draw).
            vec![(1, 1, Some(2), vec![two(11, 21, RW, BW), two(12, 22, RW, D)])],
        );
        let s = Scheme::new(SchemeKind::TwoGame);
        let m = &match_scores(&ev, &s, 1).unwrap()[0];
        assert_eq!((m.boards[0].home, m.boards[0].away), (p(2), p(0)));
        assert_eq!((m.boards[1].home, m.boards[1].away), (p(0), p(2)));
        assert_eq!((m.home_match_points, m.away_match_points), (p(1), p(1)));
    }

    /// Four teams, two boards, two rounds (hand-computed in the comments).
    fn four_teams(extra: bool) -> TeamEventData {
        let mut ms = vec![
            // T1 3 – 1 T2; T3 2 – 2 T4
            (1, 1, Some(2), vec![b(11, 21, RW), b(12, 22, D)]),
            (1, 3, Some(4), vec![b(31, 41, D), b(32, 42, D)]),
            // T1 2 – 2 T3 (board 1: T3 wins as black; board 2: T1 wins as black)
            (2, 1, Some(3), vec![b(11, 31, BW), b(12, 32, BW)]),
            // T2 4 – 0 T4 (board 2: T2 wins as black)
            (2, 2, Some(4), vec![b(21, 41, RW), b(22, 42, BW)]),
        ];
        if extra {
            // T2 1 – 3 T3 (board 2: T3 red wins); T1 0 – 4 T4.
            ms.push((3, 2, Some(3), vec![b(21, 31, D), b(22, 32, RW)]));
            ms.push((3, 1, Some(4), vec![b(11, 41, BW), b(12, 42, RW)]));
        }
        event(4, 2, TeamSettings::default(), 1, ms)
    }

    fn values(st: &TeamStandings, name: &str) -> Vec<Vec<Points>> {
        st.rows
            .iter()
            .find(|r| r.team.name == name)
            .unwrap()
            .values
            .iter()
            .map(|(_, v)| v.0.clone())
            .collect()
    }

    #[test]
    fn every_tie_break_by_hand() {
        let ev = four_teams(false);
        let all = TeamTieBreak::ALL;
        let st = team_standings(&ev, &std(), &all, None).unwrap();
        let order: Vec<&str> = st.rows.iter().map(|r| r.team.name.as_str()).collect();
        assert_eq!(order, ["T1", "T2", "T3", "T4"]);
        let mp: Vec<Points> = st.rows.iter().map(|r| r.match_points).collect();
        assert_eq!(mp, [p(3), p(2), p(2), p(1)]);
        // game-points, direct (T2 and T3 have not met: empty), opponent
        // match points, board results, team SB, match wins, residual, progressive.
        assert_eq!(
            values(&st, "T1"),
            vec![
                vec![p(5)],
                vec![],
                vec![p(4)],
                vec![p(2), p(3)],
                vec![p(10)],
                vec![p(1)],
                vec![p(0)],
                vec![p(5)]
            ]
        );
        assert_eq!(
            values(&st, "T2"),
            vec![
                vec![p(5)],
                vec![],
                vec![p(4)],
                vec![p(2), p(3)],
                vec![p(7)],
                vec![p(1)],
                vec![p(0)],
                vec![p(2)]
            ]
        );
        assert_eq!(
            values(&st, "T3"),
            vec![
                vec![p(4)],
                vec![],
                vec![p(4)],
                vec![p(3), p(1)],
                vec![p(8)],
                vec![p(0)],
                vec![p(0)],
                vec![p(3)]
            ]
        );
        assert_eq!(
            values(&st, "T4"),
            vec![
                vec![p(2)],
                vec![],
                vec![p(4)],
                vec![p(1), p(1)],
                vec![p(4)],
                vec![p(0)],
                vec![p(0)],
                vec![p(2)]
            ]
        );
        // board-results alone puts T3 (3 on board 1) above T2 (2).
        let st = team_standings(&ev, &std(), &[TeamTieBreak::BoardResults], None).unwrap();
        let order: Vec<&str> = st.rows.iter().map(|r| r.team.name.as_str()).collect();
        assert_eq!(order, ["T1", "T3", "T2", "T4"]);
        // team-sb: T3 8 > T2 7; progressive: T3 3 > T2 2.
        for tb in [TeamTieBreak::TeamSb, TeamTieBreak::Progressive] {
            let st = team_standings(&ev, &std(), &[tb], None).unwrap();
            assert_eq!(st.rows[1].team.name, "T3", "{tb:?}");
        }
        // opponent-match-points ties everyone: T2 and T3 share rank 2.
        let st = team_standings(&ev, &std(), &[TeamTieBreak::OpponentMatchPoints], None).unwrap();
        assert_eq!((st.rows[1].rank, st.rows[2].rank), (2, 2));
        assert!(st.rows[1].shared);
    }

    #[test]
    fn direct_encounter_decides_when_the_tied_teams_met() {
        // After round 3: T3 4, T1 3, T4 3, T2 2; T4 beat T1.
        let ev = four_teams(true);
        let st = team_standings(&ev, &std(), &[TeamTieBreak::Direct], None).unwrap();
        let order: Vec<&str> = st.rows.iter().map(|r| r.team.name.as_str()).collect();
        assert_eq!(order, ["T3", "T4", "T1", "T2"]);
        assert_eq!(values(&st, "T4"), vec![vec![p(2), p(4)]]);
        assert_eq!(values(&st, "T1"), vec![vec![p(0), p(0)]]);
        // Default order: game points first (T4 6 > T1 5), the same order.
        let st = team_standings(&ev, &std(), &TeamTieBreak::DEFAULT, None).unwrap();
        let order: Vec<&str> = st.rows.iter().map(|r| r.team.name.as_str()).collect();
        assert_eq!(order, ["T3", "T4", "T1", "T2"]);
        let ex = st.explain("T4", "T1").unwrap();
        assert_eq!(ex.decided_by.as_deref(), Some("game-points"));
        // Standings after round 2 ignore round 3.
        let st = team_standings(&ev, &std(), &TeamTieBreak::DEFAULT, Some(2)).unwrap();
        assert_eq!(st.rows[0].team.name, "T1");
    }

    #[test]
    fn board_prizes_rank_eligible_players_by_percentage() {
        let ev = four_teams(false);
        let rows = board_prizes(&ev, &std(), None).unwrap();
        let b1: Vec<(u32, &str, Points, u32, Points)> = rows
            .iter()
            .filter(|r| r.board == 1)
            .map(|r| (r.rank, r.name.as_str(), r.game_points, r.games, r.percent))
            .collect();
        assert_eq!(
            b1,
            vec![
                (1, "P31", p(3), 2, p(75)),
                (2, "P11", p(2), 2, p(50)),
                (2, "P21", p(2), 2, p(50)),
                (4, "P41", p(1), 2, p(25)),
            ]
        );
    }

    #[test]
    fn board_prizes_need_sixty_percent_and_list_a_moved_player_on_his_main_board() {
        // Three rounds; P12 plays board 2, then board 1 twice (T1's P11 sits out).
        let ms = vec![
            (1, 1, Some(2), vec![b(11, 21, RW), b(12, 22, D)]),
            (2, 1, Some(2), vec![b(12, 21, RW), b(13, 22, D)]),
            (3, 1, Some(2), vec![b(12, 21, D), b(13, 22, D)]),
        ];
        let ev = event(2, 2, TeamSettings::default(), 1, ms);
        let rows = board_prizes(&ev, &std(), None).unwrap();
        let find = |n: &str| rows.iter().find(|r| r.name == n);
        // P12: board 1 twice (3 points), board 2 once: listed on board 1.
        let r = find("P12").unwrap();
        assert_eq!((r.board, r.game_points, r.games), (1, p(3), 2));
        // P11 played 1 of 3 rounds (33% < 60%): not eligible.
        assert!(find("P11").is_none());
        // P13: board 2 twice (67%): eligible.
        assert_eq!(find("P13").unwrap().board, 2);
    }
}
