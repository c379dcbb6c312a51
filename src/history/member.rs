//! One member's history: events, games, score by year, head-to-head.

use super::{HistGame, History};
use crate::domain::{Colour, Outcome, Points, Termination};
use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use std::collections::BTreeMap;

/// A game's result from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlayerResult {
    Win,
    Draw,
    Loss,
    /// The opponent did not play.
    ForfeitWin,
    /// This player did not play.
    ForfeitLoss,
    DoubleForfeit,
    Unplayed,
}

impl PlayerResult {
    pub fn of(outcome: Outcome, colour: Colour) -> PlayerResult {
        let red = colour == Colour::Red;
        match outcome {
            Outcome::RedWin if red => PlayerResult::Win,
            Outcome::RedWin => PlayerResult::Loss,
            Outcome::BlackWin if red => PlayerResult::Loss,
            Outcome::BlackWin => PlayerResult::Win,
            Outcome::Draw => PlayerResult::Draw,
            Outcome::BlackForfeits if red => PlayerResult::ForfeitWin,
            Outcome::BlackForfeits => PlayerResult::ForfeitLoss,
            Outcome::RedForfeits if red => PlayerResult::ForfeitLoss,
            Outcome::RedForfeits => PlayerResult::ForfeitWin,
            Outcome::DoubleForfeit => PlayerResult::DoubleForfeit,
            Outcome::Unplayed => PlayerResult::Unplayed,
        }
    }

    /// The usual mark: 1, ½, 0, +, -, --, *.
    pub fn mark(self) -> &'static str {
        match self {
            PlayerResult::Win => "1",
            PlayerResult::Draw => "½",
            PlayerResult::Loss => "0",
            PlayerResult::ForfeitWin => "+",
            PlayerResult::ForfeitLoss => "-",
            PlayerResult::DoubleForfeit => "--",
            PlayerResult::Unplayed => "*",
        }
    }

    /// Game points of a played game (1, ½, 0); `None` otherwise.
    pub fn score(self) -> Option<Points> {
        match self {
            PlayerResult::Win => Some(Points::new(1)),
            PlayerResult::Draw => Some(Points::from_hundredths(50)),
            PlayerResult::Loss => Some(Points::new(0)),
            _ => None,
        }
    }
}

/// One game of a member.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MemberGame {
    pub event_id: i64,
    pub event: String,
    pub date: NaiveDate,
    pub round: u32,
    pub board: u32,
    pub game_no: u32,
    pub colour: Colour,
    pub opponent_id: i64,
    pub opponent: String,
    pub result: PlayerResult,
    pub termination: Option<Termination>,
    pub moves: Option<u32>,
    /// This member's clock time used.
    pub used_ms: Option<i64>,
    pub opponent_used_ms: Option<i64>,
}

/// A member's part in one event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MemberEvent {
    pub event_id: i64,
    pub event: String,
    pub date: NaiveDate,
    pub games: u32,
    /// Game points over played games (1, ½, 0).
    pub score: Points,
}

/// Played games and score in one calendar year.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct YearScore {
    pub year: i32,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Forfeits (either way), not counted as games.
    pub forfeits: u32,
    pub score: Points,
}

impl YearScore {
    /// Year, games, wins, draws, losses, forfeits and score as text: the
    /// cells of a year's row wherever the year table is shown.
    pub fn cells(&self) -> Vec<String> {
        vec![
            self.year.to_string(),
            self.games.to_string(),
            self.wins.to_string(),
            self.draws.to_string(),
            self.losses.to_string(),
            self.forfeits.to_string(),
            self.score.to_string(),
        ]
    }
}

/// Everything the club remembers about a member's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MemberHistory {
    pub member_id: i64,
    pub name: String,
    pub events: Vec<MemberEvent>,
    pub games: Vec<MemberGame>,
    pub years: Vec<YearScore>,
}

fn side(g: &HistGame, member: i64) -> Option<Colour> {
    if g.red == member {
        Some(Colour::Red)
    } else if g.black == member {
        Some(Colour::Black)
    } else {
        None
    }
}

/// The member's history from `h` (games in event order).
pub fn member_history(h: &History, member: i64) -> MemberHistory {
    let mut games = Vec::new();
    for g in &h.games {
        let Some(colour) = side(g, member) else {
            continue;
        };
        let Some(ev) = h.event(g.event_id) else {
            continue;
        };
        let (opp, used, opp_used) = match colour {
            Colour::Red => (g.black, g.red_used_ms, g.black_used_ms),
            Colour::Black => (g.red, g.black_used_ms, g.red_used_ms),
        };
        games.push(MemberGame {
            event_id: ev.id,
            event: ev.name.clone(),
            date: ev.date,
            round: g.round,
            board: g.board,
            game_no: g.game_no,
            colour,
            opponent_id: opp,
            opponent: h.member_name(opp),
            result: PlayerResult::of(g.outcome, colour),
            termination: g.termination,
            moves: g.moves,
            used_ms: used,
            opponent_used_ms: opp_used,
        });
    }
    let mut events: Vec<MemberEvent> = Vec::new();
    let mut years: BTreeMap<i32, YearScore> = BTreeMap::new();
    for g in &games {
        if events.last().map(|e| e.event_id) != Some(g.event_id) {
            events.push(MemberEvent {
                event_id: g.event_id,
                event: g.event.clone(),
                date: g.date,
                games: 0,
                score: Points::new(0),
            });
        }
        let y = years.entry(g.date.year()).or_insert_with(|| YearScore {
            year: g.date.year(),
            ..Default::default()
        });
        let e = events.last_mut().expect("pushed above");
        match g.result.score() {
            Some(p) => {
                e.games += 1;
                e.score += p;
                y.games += 1;
                y.score += p;
                match g.result {
                    PlayerResult::Win => y.wins += 1,
                    PlayerResult::Draw => y.draws += 1,
                    _ => y.losses += 1,
                }
            }
            None => {
                if matches!(
                    g.result,
                    PlayerResult::ForfeitWin
                        | PlayerResult::ForfeitLoss
                        | PlayerResult::DoubleForfeit
                ) {
                    y.forfeits += 1;
                }
            }
        }
    }
    MemberHistory {
        member_id: member,
        name: h.member_name(member),
        events,
        games,
        years: years.into_values().collect(),
    }
}

/// Two members' games against each other, from `a`'s side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HeadToHead {
    pub a: i64,
    pub a_name: String,
    pub b: i64,
    pub b_name: String,
    /// Played games.
    pub games: u32,
    pub a_wins: u32,
    pub draws: u32,
    pub b_wins: u32,
    /// `a`'s game points.
    pub a_score: Points,
    /// `a` with red: played games and `a`'s wins, draws, losses.
    pub a_red: [u32; 3],
    pub a_black: [u32; 3],
    /// Every game between them (forfeits too), from `a`'s side.
    pub list: Vec<MemberGame>,
}

/// Head-to-head of `a` against `b`.
pub fn head_to_head(h: &History, a: i64, b: i64) -> HeadToHead {
    let hist = member_history(h, a);
    let list: Vec<MemberGame> = hist
        .games
        .into_iter()
        .filter(|g| g.opponent_id == b)
        .collect();
    let mut out = HeadToHead {
        a,
        a_name: h.member_name(a),
        b,
        b_name: h.member_name(b),
        games: 0,
        a_wins: 0,
        draws: 0,
        b_wins: 0,
        a_score: Points::new(0),
        a_red: [0; 3],
        a_black: [0; 3],
        list: Vec::new(),
    };
    for g in &list {
        let Some(p) = g.result.score() else { continue };
        out.games += 1;
        out.a_score += p;
        let i = match g.result {
            PlayerResult::Win => {
                out.a_wins += 1;
                0
            }
            PlayerResult::Draw => {
                out.draws += 1;
                1
            }
            _ => {
                out.b_wins += 1;
                2
            }
        };
        match g.colour {
            Colour::Red => out.a_red[i] += 1,
            Colour::Black => out.a_black[i] += 1,
        }
    }
    out.list = list;
    out
}
