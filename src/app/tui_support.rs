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

/// What a member CSV import would do, before it is done.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ImportPreview {
    /// `name (club)` of each row that would be added.
    pub added: Vec<String>,
    /// `file:line: …` of each duplicate row that would be skipped.
    pub duplicates: Vec<String>,
}

impl App {
    /// Reads a member CSV and says what importing it (skipping duplicates)
    /// would change, without writing anything. Duplicates are judged as
    /// [`App::import_members`] judges them: same name and club as a member
    /// or an earlier row, or a member id already used.
    pub fn preview_member_import(&self, bytes: &[u8], file: &str) -> Result<ImportPreview> {
        let rows = crate::formats::members_csv::read_members(bytes, file)?;
        let existing = self.store.members(true)?;
        let key =
            |n: &str, c: Option<&str>| (n.trim().to_string(), c.unwrap_or("").trim().to_string());
        let mut seen: std::collections::HashSet<(String, String)> = existing
            .iter()
            .map(|m| key(&m.name, m.club.as_deref()))
            .collect();
        let mut ids: std::collections::HashSet<String> =
            existing.iter().filter_map(|m| m.ext_id.clone()).collect();
        let mut out = ImportPreview::default();
        for r in rows {
            let m = &r.member;
            let who = match &m.club {
                Some(c) => format!("{} ({c})", m.name),
                None => m.name.clone(),
            };
            let id_taken = m.ext_id.as_ref().is_some_and(|x| ids.contains(x));
            if id_taken || !seen.insert(key(&m.name, m.club.as_deref())) {
                out.duplicates.push(format!("{file}:{}: {who}", r.line));
                continue;
            }
            if let Some(x) = &m.ext_id {
                ids.insert(x.clone());
            }
            out.added.push(who);
        }
        Ok(out)
    }
}
