//! The arbiter's repetition ruling stored with a game.

use super::input::ResultInput;
use super::{App, EventId, Result};
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Colour, Game, Outcome, Termination};

impl App {
    /// Stores an applied repetition ruling: the side that had to change and
    /// did not loses, termination "repetition"; `None`: the repetition was
    /// ruled a draw, termination "arbiter" (the scoring layer keeps
    /// "repetition" for decisive results). Goes through
    /// [`App::record_result`], so the usual checks and the undo log apply.
    pub fn apply_ruling(
        &mut self,
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        game_no: u32,
        must_change: Option<Colour>,
    ) -> Result<Game> {
        let round = round.get();
        let board = board.get();
        let (outcome, termination) = match must_change {
            Some(Colour::Red) => (Outcome::BlackWin, Termination::RepetitionRuling),
            Some(Colour::Black) => (Outcome::RedWin, Termination::RepetitionRuling),
            None => (Outcome::Draw, Termination::ArbiterDecision),
        };
        let input = ResultInput {
            outcome: Some(outcome),
            game_no: Some(game_no),
            termination: Some(termination),
            ..ResultInput::default()
        };
        self.record_result(event, RoundNo(round), BoardNo(board), &input)
    }
}
