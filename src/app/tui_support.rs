//! App-layer queries and commands the terminal UI needs beyond the CLI's:
//! attaching a game-record file to a board's game.

use super::{App, AppError, Result, ResultInput};
use crate::app::EventId;
use crate::domain::{BoardNo, RoundNo};
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
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        game_no: u32,
        bytes: &[u8],
    ) -> Result<Game> {
        let round = round.get();
        let board = board.get();
        let file = read_games(bytes).map_err(|source| AppError::Record {
            file: String::new(),
            source: Box::new(source),
        })?;
        let rec = file
            .games
            .into_iter()
            .next()
            .ok_or_else(|| super::invalid!("err.app.file_holds_no_game"))?;
        let stats = game_stats(&rec);
        let ev = self.event(event)?;
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
        // The record goes in with the facts: one stored game, one log row,
        // so a single undo takes the whole attachment back.
        let mut facts = crate::domain::GameFacts {
            record: Some(write_pgn(std::slice::from_ref(&rec), Notation::Iccs)),
            ..Default::default()
        };
        stats.to_domain(&mut facts);
        let mut input = ResultInput {
            outcome,
            game_no: Some(game_no),
            ..Default::default()
        };
        input.take_record_facts(&facts);
        let summary = crate::i18n::msg!(
            "log.game_record",
            event = &ev.name,
            round,
            board,
            moves = stats.full_moves
        );
        self.record_result_as(event, round, board, &input, Some(summary))
    }
}

/// The players and result a game record names (the TUI checks them
/// against the board before attaching it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordPreview {
    pub red: Option<String>,
    pub black: Option<String>,
    pub outcome: Option<Outcome>,
}

impl App {
    /// Reads the first game of a record file without storing anything.
    pub fn preview_record(&self, bytes: &[u8]) -> Result<RecordPreview> {
        let file = read_games(bytes).map_err(|source| AppError::Record {
            file: String::new(),
            source: Box::new(source),
        })?;
        let rec = file
            .games
            .into_iter()
            .next()
            .ok_or_else(|| super::invalid!("err.app.file_holds_no_game"))?;
        let name = |s: Option<&str>| s.map(str::trim).filter(|s| !s.is_empty()).map(String::from);
        Ok(RecordPreview {
            red: name(rec.red()),
            black: name(rec.black()),
            outcome: rec.outcome(),
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n[Result \"1-0\"]\n\
        1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 1-0\n";

    /// Two members in an event with round 1 paired; returns the app and the
    /// board id of board 1.
    fn paired() -> (App, i64) {
        let app = crate::app::two_players_paired();
        let ev = app.store.resolve_event("E").unwrap();
        let b = app.store.boards(ev.id, Some(1)).unwrap()[0].id;
        (app, b)
    }

    fn attach_then_one_undo_restores(app: &mut App, board_id: i64) {
        let before = app.store.game(board_id, 1).unwrap();
        let logged = app.store.log_entries(1000).unwrap().len();
        let g = app
            .attach_record(
                app.find_event("E").unwrap().key(),
                RoundNo(1),
                BoardNo(1),
                1,
                RECORD.as_bytes(),
            )
            .unwrap();
        assert!(g.facts.record.as_deref().unwrap_or("").contains("h2e2"));
        assert_eq!(g.facts.moves, Some(3));
        let stored = app.store.game(board_id, 1).unwrap().unwrap();
        assert_eq!(
            stored.facts.record, g.facts.record,
            "the record is stored with the game"
        );
        assert_eq!(
            app.store.log_entries(1000).unwrap().len(),
            logged + 1,
            "attaching is one logged action"
        );
        let what = app.store.undo_last().unwrap();
        assert!(what.text.starts_with("game record for E"), "{what:?}");
        assert_eq!(app.store.game(board_id, 1).unwrap(), before);
    }

    #[test]
    fn attaching_a_record_to_an_unplayed_game_is_undone_by_one_undo() {
        let (mut app, b) = paired();
        attach_then_one_undo_restores(&mut app, b);
        let g = app.store.game(b, 1).unwrap().unwrap();
        assert_eq!(g.outcome, Outcome::Unplayed);
        assert_eq!(g.facts.record, None);
    }

    #[test]
    fn attaching_a_record_to_a_typed_result_is_undone_by_one_undo() {
        let (mut app, b) = paired();
        app.record_result(
            app.find_event("E").unwrap().key(),
            RoundNo(1),
            BoardNo(1),
            &ResultInput {
                outcome: Some(Outcome::Draw),
                moves: Some(40),
                red_clock: Some(super::super::ClockInput::Used(3_000_000)),
                ..Default::default()
            },
        )
        .unwrap();
        attach_then_one_undo_restores(&mut app, b);
        let g = app.store.game(b, 1).unwrap().unwrap();
        assert_eq!(g.outcome, Outcome::Draw, "the typed result is back");
        assert_eq!(g.facts.moves, Some(40));
        assert_eq!(g.facts.red_used_ms, Some(3_000_000));
        // A second undo takes back the typed result, not half the attachment.
        app.store.undo_last().unwrap();
        assert_eq!(
            app.store.game(b, 1).unwrap().unwrap().outcome,
            Outcome::Unplayed
        );
    }
}
