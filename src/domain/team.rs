//! Team events (团体赛, `specs/teams.md`): teams, rosters, lineups and the
//! settings that turn boards into matches.

use super::Points;
use serde::{Deserialize, Serialize};

/// How a match with equal game points is decided.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TiedMatch {
    /// The match is drawn (default).
    #[default]
    Draw,
    /// The larger sum of residual scores over the drawn games wins; equal again: drawn.
    Residual,
}

impl TiedMatch {
    pub fn code(self) -> &'static str {
        match self {
            TiedMatch::Draw => "draw",
            TiedMatch::Residual => "residual",
        }
    }
    pub fn from_code(s: &str) -> Option<TiedMatch> {
        match s.trim() {
            "draw" => Some(TiedMatch::Draw),
            "residual" => Some(TiedMatch::Residual),
            _ => None,
        }
    }
}

/// Match points (场分) for a won, drawn and lost match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchPoints {
    pub win: Points,
    pub draw: Points,
    pub loss: Points,
}

impl Default for MatchPoints {
    fn default() -> Self {
        MatchPoints {
            win: Points::new(2),
            draw: Points::new(1),
            loss: Points::ZERO,
        }
    }
}

impl MatchPoints {
    /// Reads `W-D-L`, e.g. `2-1-0`, `3-1-0`, `1-0.5-0`.
    pub fn parse(s: &str) -> Option<MatchPoints> {
        let parts: Vec<&str> = s.trim().split('-').collect();
        if parts.len() != 3 {
            return None;
        }
        let p = |t: &str| t.trim().parse::<Points>().ok();
        let mp = MatchPoints {
            win: p(parts[0])?,
            draw: p(parts[1])?,
            loss: p(parts[2])?,
        };
        (mp.win >= mp.draw && mp.draw >= mp.loss).then_some(mp)
    }

    /// `2-1-0`, without needless decimals.
    pub fn text(&self) -> String {
        [self.win, self.draw, self.loss]
            .iter()
            .map(|p| short_points(*p))
            .collect::<Vec<_>>()
            .join("-")
    }
}

/// Points without trailing zero decimals (`2`, `0.5`, `0.8`).
pub fn short_points(p: Points) -> String {
    let s = p.to_string();
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// The settings of a team event, each with the spec's default.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TeamSettings {
    /// Boards per match (B).
    pub boards: u32,
    pub match_points: MatchPoints,
    pub tied_match: TiedMatch,
    /// A team fielding fewer players loses the match by forfeit; `None` = ceil(B/2).
    pub min_boards: Option<u32>,
    /// Match points of a team bye; `None` = a match win.
    pub bye_match_points: Option<Points>,
    /// Game points of a team bye per board; `None` = the scheme's draw value.
    pub bye_game_points_per_board: Option<Points>,
    /// Does a team bye count as a match won for `match-wins`? (default no)
    pub bye_counts_as_win: bool,
    /// Board prizes: least share of the rounds played on a board, in percent.
    pub board_prize_percent: u32,
}

impl Default for TeamSettings {
    fn default() -> Self {
        TeamSettings {
            boards: 4,
            match_points: MatchPoints::default(),
            tied_match: TiedMatch::Draw,
            min_boards: None,
            bye_match_points: None,
            bye_game_points_per_board: None,
            bye_counts_as_win: false,
            board_prize_percent: 60,
        }
    }
}

impl TeamSettings {
    /// The least number of players a team must field: `min_boards`, else ceil(B/2).
    pub fn min_boards(&self) -> u32 {
        self.min_boards.unwrap_or(self.boards.div_ceil(2))
    }
}

/// A team of an event with its roster.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Team {
    pub id: i64,
    pub event_id: i64,
    pub name: String,
    pub club: Option<String>,
    pub captain: Option<String>,
    /// Entry ids in roster order: boards 1..B first, then reserves.
    pub roster: Vec<i64>,
}

/// A match of a round: `away` is `None` for a team bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatch {
    pub id: i64,
    pub round: u32,
    /// 1-based within the round; board `b` of match `m` is the round's
    /// board number `(m − 1) × B + b`.
    pub number: u32,
    /// Named first: red on the odd boards.
    pub home: i64,
    pub away: Option<i64>,
}

/// Which round board a board of a match is.
pub fn round_board_number(boards: u32, match_no: u32, board: u32) -> u32 {
    (match_no - 1) * boards + board
}

/// The match and the board in it of a round board number.
pub fn match_board_of(boards: u32, number: u32) -> (u32, u32) {
    ((number - 1) / boards + 1, (number - 1) % boards + 1)
}

/// Is a lineup (roster positions of the players, board by board; `None` =
/// empty board) in roster order? Returns the first board that breaks it.
pub fn lineup_order_break(positions: &[Option<usize>]) -> Option<usize> {
    let mut last: Option<usize> = None;
    for (i, p) in positions.iter().enumerate() {
        if let Some(p) = p {
            if let Some(l) = last {
                if *p <= l {
                    return Some(i + 1);
                }
            }
            last = Some(*p);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_points_parse_and_print() {
        let mp = MatchPoints::parse("3-1-0").unwrap();
        assert_eq!(mp.win, Points::new(3));
        assert_eq!(mp.text(), "3-1-0");
        assert_eq!(MatchPoints::parse("1-0.5-0").unwrap().text(), "1-0.5-0");
        assert!(MatchPoints::parse("1-2-0").is_none());
        assert!(MatchPoints::parse("2-1").is_none());
        assert!(MatchPoints::parse("a-1-0").is_none());
    }

    #[test]
    fn min_boards_defaults_to_half_rounded_up() {
        let mut s = TeamSettings {
            boards: 3,
            ..Default::default()
        };
        assert_eq!(s.min_boards(), 2);
        s.boards = 4;
        assert_eq!(s.min_boards(), 2);
        s.min_boards = Some(4);
        assert_eq!(s.min_boards(), 4);
    }

    #[test]
    fn board_numbers_round_trip() {
        for b in 1..=6 {
            for m in 1..=5 {
                let n = round_board_number(6, m, b);
                assert_eq!(match_board_of(6, n), (m, b));
            }
        }
        assert_eq!(round_board_number(4, 2, 1), 5);
    }

    #[test]
    fn lineup_order_is_checked_over_the_players_who_play() {
        assert_eq!(lineup_order_break(&[Some(0), Some(2), None, Some(4)]), None);
        assert_eq!(lineup_order_break(&[Some(1), Some(0)]), Some(2));
        assert_eq!(lineup_order_break(&[Some(3), None, Some(2)]), Some(3));
    }
}
