//! App-layer queries and commands the terminal UI needs beyond the CLI's:
//! attaching a game-record file to a board's game.

use super::{App, AppError, Result, ResultInput};
use crate::domain::{Game, Outcome};
use crate::xiangqi::{game_stats, read_games, write_pgn, Notation};

impl App {
    /// Attaches a game record (PGN, XQF or DhtmlXQ bytes; the first game of
    /// the file) to game `game_no` of a board. The record fills the game's
    /// facts (moves, residual material, piece moves, first strike); its
    /// result is used when the game has none yet. The record is stored as
    /// PGN.
    pub fn attach_record(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        game_no: u32,
        bytes: &[u8],
    ) -> Result<Game> {
        let file = read_games(bytes).map_err(|e| AppError::Invalid(e.to_string()))?;
        let rec = file
            .games
            .into_iter()
            .next()
            .ok_or_else(|| AppError::Invalid("the file holds no game".into()))?;
        let stats = game_stats(&rec);
        let ev = self.store.resolve_event(event)?;
        let stored = self
            .store
            .boards(ev.id, Some(round))?
            .into_iter()
            .find(|b| b.number == board)
            .map(|b| self.store.game(b.id, game_no))
            .transpose()?
            .flatten();
        let have = stored
            .as_ref()
            .map(|g| g.outcome)
            .filter(|o| *o != Outcome::Unplayed);
        let outcome = have.or(rec.outcome());
        let input = ResultInput {
            outcome,
            game_no: Some(game_no),
            moves: Some(stats.full_moves),
            red_residual: Some(stats.red_material),
            black_residual: Some(stats.black_material),
            red_pieces: Some(stats.red_moves),
            black_pieces: Some(stats.black_moves),
            first_strike: Some(stats.first_strike),
            ..Default::default()
        };
        let mut g = self.record_result(event, round, board, &input)?;
        g.record = Some(write_pgn(std::slice::from_ref(&rec), Notation::Iccs));
        let summary = format!(
            "game record for {} round {round} board {board} ({} moves)",
            ev.name, stats.full_moves
        );
        g.id = self.store.save_game(&g, &summary)?;
        Ok(g)
    }
}
