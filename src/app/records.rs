//! Game records attached to results: the record fills moves, residual
//! material, first strike and piece-move counts; a typed value that
//! contradicts it is reported, and the record wins only when confirmed.

use super::input::ResultInput;
use super::{invalid, AppError, Result};
use crate::app::EventId;
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Game, Outcome};
use crate::i18n::{msg, Msg};
use crate::scoring::EventData;
use crate::xiangqi::{self, GameStats, Notation};
use std::path::Path;

/// A game record read from a file, ready to attach.
#[derive(Clone, Debug)]
pub struct RecordAttachment {
    /// The game as PGN (Chinese notation), stored with the game.
    pub pgn: String,
    pub stats: GameStats,
    /// The result the record states, if any.
    pub outcome: Option<Outcome>,
}

/// Reads game `index` (0-based) of a record file (PGN, XQF or DhtmlXQ).
pub fn load_record(bytes: &[u8], file: &str, index: usize) -> Result<RecordAttachment> {
    let imported = xiangqi::read_games(bytes).map_err(|source| AppError::Record {
        file: file.to_string(),
        source: Box::new(source),
    })?;
    let n = imported.games.len();
    let g = imported
        .games
        .iter()
        .find(|g| g.index == index)
        .ok_or_else(|| {
            let key = if n == 1 {
                "err.app.no_such_game_of_one"
            } else {
                "err.app.no_such_game_of_many"
            };
            invalid!(key, file, n, game = index + 1)
        })?;
    Ok(RecordAttachment {
        pgn: xiangqi::write_pgn(std::slice::from_ref(g), Notation::Chinese),
        stats: xiangqi::game_stats(g),
        outcome: g.outcome(),
    })
}

/// Where typed values and the record disagree: `field: typed X, record Y`.
pub fn contradictions(typed: &Game, rec: &RecordAttachment) -> Vec<String> {
    let mut from_record = typed.clone();
    rec.stats.to_domain(&mut from_record.facts);
    let mut out = Vec::new();
    let mut check = |field: &str, a: Option<String>, b: Option<String>| {
        if let (Some(a), Some(b)) = (a, b) {
            if a != b {
                out.push(format!("{field}: typed {a}, record {b}"));
            }
        }
    };
    check(
        "moves",
        typed.facts.moves.map(|m| m.to_string()),
        from_record.facts.moves.map(|m| m.to_string()),
    );
    check(
        "red residual",
        typed.facts.red_residual.map(|m| m.letters()),
        from_record.facts.red_residual.map(|m| m.letters()),
    );
    check(
        "black residual",
        typed.facts.black_residual.map(|m| m.letters()),
        from_record.facts.black_residual.map(|m| m.letters()),
    );
    check(
        "red pieces",
        typed.facts.red_pieces.map(|p| p.text()),
        from_record.facts.red_pieces.map(|p| p.text()),
    );
    check(
        "black pieces",
        typed.facts.black_pieces.map(|p| p.text()),
        from_record.facts.black_pieces.map(|p| p.text()),
    );
    check(
        "first strike",
        typed.facts.first_strike.map(|f| f.text()),
        from_record.facts.first_strike.map(|f| f.text()),
    );
    if typed.outcome != Outcome::Unplayed {
        check(
            "result",
            Some(typed.outcome.code().to_string()),
            rec.outcome.map(|o| o.code().to_string()),
        );
    }
    out
}

/// Fills a game from its record. With contradictions, refuses unless
/// `record_wins`, in which case the record's values replace the typed ones.
pub fn apply_record(
    game: &mut Game,
    rec: &RecordAttachment,
    record_wins: bool,
    what: &Msg,
) -> Result<Vec<String>> {
    let diffs = contradictions(game, rec);
    if !diffs.is_empty() && !record_wins {
        return Err(invalid!(
            "err.app.record_contradicts",
            what = what.clone(),
            diffs = diffs.join("; ")
        ));
    }
    rec.stats.to_domain(&mut game.facts);
    if game.outcome == Outcome::Unplayed || record_wins {
        if let Some(o) = rec.outcome {
            game.outcome = o;
        }
    }
    game.facts.record = Some(rec.pgn.clone());
    Ok(diffs)
}

/// Puts a record's facts into a typed result before it is stored.
pub fn merge_into_input(
    input: &mut ResultInput,
    stored: &Game,
    rec: &RecordAttachment,
    record_wins: bool,
    what: &Msg,
) -> Result<Vec<String>> {
    let mut g = stored.clone();
    if let Some(o) = input.outcome {
        g.outcome = o;
    }
    macro_rules! take {
        ($($f:ident),*) => { $( if input.$f.is_some() { g.facts.$f = input.$f; } )* };
    }
    take!(
        moves,
        red_residual,
        black_residual,
        first_strike,
        red_pieces,
        black_pieces
    );
    let diffs = apply_record(&mut g, rec, record_wins, what)?;
    input.outcome = Some(g.outcome);
    input.take_record_facts(&g.facts);
    Ok(diffs)
}

/// Replaces record paths in an imported games file by the records
/// themselves (paths relative to `dir`).
pub fn resolve_records(
    data: &mut EventData,
    dir: &Path,
    file: &str,
    record_wins: bool,
) -> Result<()> {
    let names: std::collections::HashMap<i64, String> = data
        .players
        .iter()
        .map(|p| (p.id, p.name.clone()))
        .collect();
    for r in &mut data.rounds {
        for b in &mut r.boards {
            for g in &mut b.games {
                let Some(path) = g.facts.record.take() else {
                    continue;
                };
                let full = super::output::record_path_in(dir, &path)?;
                let what = msg!(
                    "err.app.file_game",
                    file,
                    round = r.number,
                    red = names.get(&g.red).cloned().unwrap_or_default(),
                    black = names.get(&g.black).cloned().unwrap_or_default(),
                    game = g.game_no
                );
                let bytes = super::output::read_record_file(&full, super::output::RECORD_LIMIT)
                    .map_err(|e| {
                        invalid!(
                            "err.app.cannot_read_record",
                            what = what.clone(),
                            path = full.display(),
                            why = e.msg()
                        )
                    })?;
                let rec = load_record(&bytes, &path, 0)?;
                apply_record(g, &rec, record_wins, &what)?;
            }
        }
    }
    Ok(())
}

impl super::App {
    /// Records a result with a game record attached: the record fills the
    /// game's facts; contradictions with typed values stop it unless
    /// `record_wins`. Returns the stored game and the contradictions overridden.
    #[allow(clippy::too_many_arguments)]
    pub fn record_result_with_record(
        &mut self,
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        mut input: ResultInput,
        record: &RecordAttachment,
        record_wins: bool,
    ) -> Result<(Game, Vec<String>)> {
        let round = round.get();
        let board = board.get();
        let ev = self.event(event)?;
        let b = self
            .store
            .boards(ev.id, Some(round))?
            .into_iter()
            .find(|x| x.number == board)
            .ok_or_else(|| invalid!("err.app.no_board", round, board))?;
        let game_no = input.game_no.unwrap_or(1);
        let stored = self
            .store
            .game(b.id, game_no)?
            .unwrap_or_else(|| Game::bare(b.red, b.black.unwrap_or(0), Outcome::Unplayed));
        let what = msg!("err.app.game_at", round, board, game = game_no);
        let diffs = merge_into_input(&mut input, &stored, record, record_wins, &what)?;
        let g = self.record_result(event, RoundNo(round), BoardNo(board), &input)?;
        Ok((g, diffs))
    }
}
