//! Builds an [`EventData`] from games CSV rows (players in order of first
//! appearance, boards in order of first appearance within a round).

use super::validate::validate_game;
use super::{BoardData, EventData, PlayerRef, RoundData};
use crate::domain::{ByeSettings, Game, TimeControl};
use crate::formats::games_csv::{GameRow, GamesCsvError};
use std::collections::HashMap;

/// Builds the event of a games CSV. Entry ids are the start numbers
/// (1, 2, … in order of first appearance). Each game is checked with
/// [`validate_game`]; a refusal names the file and line.
pub fn event_from_rows(
    rows: &[GameRow],
    file: &str,
    games_per_round: u32,
    time_control: TimeControl,
    byes: ByeSettings,
) -> Result<EventData, GamesCsvError> {
    let err = |line: u64, message: crate::i18n::Msg| GamesCsvError {
        file: file.to_string(),
        line,
        column: None,
        message,
    };
    let mut players: Vec<PlayerRef> = Vec::new();
    let mut ids: HashMap<String, i64> = HashMap::new();
    let mut id_of = |name: &str, players: &mut Vec<PlayerRef>| -> i64 {
        if let Some(&id) = ids.get(name) {
            return id;
        }
        let id = players.len() as i64 + 1;
        players.push(PlayerRef {
            id,
            start_no: id as u32,
            name: name.to_string(),
            rating: None,
        });
        ids.insert(name.to_string(), id);
        id
    };
    let mut rounds: Vec<RoundData> = Vec::new();
    // Lookups that keep the import linear in its rows: each round's index
    // by number; per round, each pair's board (by the two ids, lower
    // first) and each player with a bye board.
    let mut round_at: HashMap<u32, usize> = HashMap::new();
    let mut pair_board: Vec<HashMap<(i64, i64), usize>> = Vec::new();
    let mut bye_board: Vec<std::collections::HashSet<i64>> = Vec::new();
    let mut next_game_id = 1i64;
    for row in rows {
        let red = id_of(&row.red, &mut players);
        let black = row.black.as_deref().map(|b| id_of(b, &mut players));
        let ri = *round_at.entry(row.round).or_insert_with(|| {
            rounds.push(RoundData {
                number: row.round,
                ..RoundData::default()
            });
            pair_board.push(HashMap::new());
            bye_board.push(Default::default());
            rounds.len() - 1
        });
        let rd = &mut rounds[ri];
        let Some(black) = black else {
            if !bye_board[ri].insert(red) {
                // A two-game file may list the bye once per game.
                if row.game > 1 || (!row.game_given && games_per_round > 1) {
                    continue;
                }
                return Err(err(
                    row.line,
                    crate::i18n::msg!("err.csv.two_byes", name = &row.red, round = row.round),
                ));
            }
            let number = rd.boards.len() as u32 + 1;
            rd.boards.push(BoardData {
                number,
                red,
                black: None,
                games: Vec::new(),
            });
            continue;
        };
        let key = (red.min(black), red.max(black));
        let board_at = pair_board[ri].get(&key).copied();
        // Without a game number, a pair's next row in the round is its next game.
        let game_no = match board_at.map(|i| &rd.boards[i]) {
            Some(b) if !row.game_given => b.games.iter().map(|g| g.game_no).max().unwrap_or(0) + 1,
            _ => row.game,
        };
        let game = Game {
            id: next_game_id,
            board_id: 0,
            game_no,
            red,
            black,
            outcome: row.outcome,
            facts: row.facts.clone(),
        };
        next_game_id += 1;
        validate_game(&time_control, games_per_round, &game).map_err(|why| {
            err(
                row.line,
                crate::i18n::msg!(
                    "err.csv.game_invalid",
                    red = &row.red,
                    black = row.black.as_deref().unwrap_or(""),
                    why = why.msg()
                ),
            )
        })?;
        match board_at.map(|i| &mut rd.boards[i]) {
            Some(b) => {
                if b.games.iter().any(|g| g.game_no == game_no) {
                    return Err(err(
                        row.line,
                        crate::i18n::msg!(
                            "err.csv.game_twice",
                            round = row.round,
                            game = game_no,
                            red = &row.red,
                            black = row.black.as_deref().unwrap_or("")
                        ),
                    ));
                }
                b.games.push(game);
            }
            None => {
                let number = rd.boards.len() as u32 + 1;
                pair_board[ri].insert(key, rd.boards.len());
                rd.boards.push(BoardData {
                    number,
                    red,
                    black: Some(black),
                    games: vec![game],
                });
            }
        }
    }
    rounds.sort_by_key(|r| r.number);
    Ok(EventData {
        players,
        rounds,
        games_per_round,
        time_control,
        byes,
        planned_rounds: 0,
        round_robin: false,
        c07_2024: false,
    })
}
