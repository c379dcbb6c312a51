//! Board prizes (台次奖, `specs/teams.md`).

use super::{match_scores, MatchStatus, TeamEventData};
use crate::domain::Points;
use crate::scoring::scheme::Scheme;
use crate::scoring::ScoringError;
use std::collections::HashMap;

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
