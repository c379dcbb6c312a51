//! Results, games imports and standings: the app side of the scoring layer.

use super::input::{ClockInput, ResultInput};
use super::{invalid, App, Result};
use crate::app::{EntryId, EventId};
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Event, Game, Outcome};
use crate::formats::games_csv::read_games_csv;
use crate::i18n::{msg, Msg};
use crate::scoring::{
    breakdown, event_from_rows, player_rounds, standings, validate_game, Breakdown, Scheme,
    ScoringError, Standings, TieBreak,
};
use crate::store::{GamesImportReport, ImportRound, NewBoard};

impl App {
    /// The event's tie-break order: its own list, else the scheme's default.
    pub fn tiebreaks_of(&self, event: &Event, scheme: &Scheme) -> Result<Vec<TieBreak>> {
        Ok(
            crate::scoring::TieBreaks::individual(&event.settings.tiebreaks)?
                .unwrap_or_else(|| scheme.default_tiebreaks()),
        )
    }

    /// The codes of the tie-breaks an event ranks by after points, as it
    /// ranks: its own list, else its kind's default order (the scheme's
    /// for an individual event, the team default for a team event; a
    /// knockout has none).
    pub fn effective_tiebreaks(&self, event: EventId) -> Result<Vec<String>> {
        use crate::scoring::TieBreaks;
        let ev = self.event(event)?;
        Ok(
            match TieBreaks::for_event(self.kind_of(&ev)?, &ev.settings.tiebreaks)? {
                TieBreaks::Individual(v) if v.is_empty() => {
                    let scheme =
                        Scheme::from_id(&ev.settings.scheme, &ev.settings.scheme_settings)?;
                    TieBreaks::Individual(scheme.default_tiebreaks()).codes()
                }
                TieBreaks::Team(v) if v.is_empty() => {
                    TieBreaks::Team(crate::scoring::team::TeamTieBreak::DEFAULT.to_vec()).codes()
                }
                t => t.codes(),
            },
        )
    }

    /// Standings of an event after a round (default: the last round whose
    /// results are all in; a round in progress is named in the result).
    pub fn standings(
        &self,
        event: EventId,
        after_round: Option<RoundNo>,
    ) -> Result<(Event, Standings)> {
        let after_round = after_round.map(RoundNo::get);
        let ev = self.event(event)?;
        let paired = self.store.rounds_paired(ev.id)?;
        if let Some(r) = after_round.filter(|&r| r > paired) {
            return Err(invalid!("err.app.round_not_paired_yet", round = r, paired));
        }
        let scheme = self.scheme(&ev)?;
        let tbs = self.tiebreaks_of(&ev, &scheme)?;
        let data = self.event_data(&ev)?;
        let st = standings(&data, &scheme, &tbs, after_round)?;
        Ok((ev, st))
    }

    /// Rounds of the event still missing: planned rounds minus the rounds
    /// whose results are all in.
    pub fn rounds_missing(&self, event: EventId) -> Result<u32> {
        let ev = self.event(event)?;
        let data = self.event_data(&ev)?;
        let done = crate::scoring::complete_rounds(&data, &self.scheme(&ev)?)?;
        Ok(ev.settings.rounds.saturating_sub(done))
    }

    /// How one player's tie-break values are made (`standings --explain A`,
    /// the TUI's `e`): `entry` is the player's entry in the event.
    pub fn explain_player(
        &self,
        event: EventId,
        after_round: Option<RoundNo>,
        entry: EntryId,
    ) -> Result<(Standings, Breakdown)> {
        let after_round = after_round.map(RoundNo::get);
        let ev = self.event(event)?;
        let paired = self.store.rounds_paired(ev.id)?;
        if let Some(r) = after_round.filter(|&r| r > paired) {
            return Err(invalid!("err.app.round_not_paired_yet", round = r, paired));
        }
        let scheme = self.scheme(&ev)?;
        let tbs = self.tiebreaks_of(&ev, &scheme)?;
        let data = self.event_data(&ev)?;
        Ok(breakdown(&data, &scheme, &tbs, after_round, entry.0)?)
    }

    /// The player of `event`'s standings named `key`: a name, else a start
    /// number (`#3` or `3`), as `standings --explain A` names one.
    pub fn find_ranked_player(&self, event: EventId, key: &str) -> Result<EntryId> {
        let ev = self.event(event)?;
        let data = self.event_data(&ev)?;
        let w = key.trim();
        let key = w.strip_prefix('#').unwrap_or(w);
        data.players
            .iter()
            .find(|p| p.name == w)
            .or_else(|| {
                key.parse::<u32>()
                    .ok()
                    .and_then(|n| data.players.iter().find(|p| p.start_no == n))
            })
            // The name typed in the other script (陳磊 for 陈磊).
            .or_else(|| crate::i18n::one_in_other_script(&data.players, |p| &p.name, w))
            .map(|p| EntryId(p.id))
            .ok_or_else(|| ScoringError::NoSuchPlayer(w.to_string()).into())
    }

    /// What a board still lacks for the scheme to score it, once its
    /// games are in (the moves or clock times of a two-game round won one
    /// game each, a draw's first strike): said right after a result is
    /// entered, so the secretary adds it then, not when standings refuse.
    pub fn result_note(
        &self,
        event: EventId,
        round: RoundNo,
        board: BoardNo,
    ) -> Result<Option<Msg>> {
        let ev = self.event(event)?;
        if self.knockout_settings(&ev)?.is_some() {
            return Ok(None);
        }
        let scheme = self.scheme(&ev)?;
        let data = self.event_data(&ev)?;
        Ok(
            crate::scoring::board_missing(&data, &scheme, round.get(), board.get())
                .map(|e| e.msg()),
        )
    }

    /// Records (or corrects) one game's result. Refuses impossible input
    /// and games that do not fit the scheme's rounds; returns the stored game.
    pub fn record_result(
        &mut self,
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        input: &ResultInput,
    ) -> Result<Game> {
        let round = round.get();
        let board = board.get();
        let g = self.record_result_as(event, round, board, input, None)?;
        // The arbiter's result answers what players reported for the board.
        let id = self.event(event)?.key();
        self.settle_reports(id, RoundNo(round), BoardNo(board))?;
        Ok(g)
    }

    /// As [`App::record_result`], logged under `summary` when given (one
    /// action-log row, so one undo reverts the whole change).
    pub(super) fn record_result_as(
        &mut self,
        event: EventId,
        round: u32,
        board: u32,
        input: &ResultInput,
        summary: Option<Msg>,
    ) -> Result<Game> {
        let ev = self.event(event)?;
        if self.knockout_settings(&ev)?.is_some() {
            return Ok(self
                .knockout_result(event, RoundNo(round), BoardNo(board), input, false)?
                .game);
        }
        let b = self
            .store
            .boards(ev.id, Some(round))?
            .into_iter()
            .find(|x| x.number == board)
            .ok_or_else(|| invalid!("err.app.no_board", round, board))?;
        let Some(black) = b.black else {
            return Err(invalid!("err.app.bye_board", round, board));
        };
        let game_no = input.game_no.unwrap_or(1);
        let gpr = ev.settings.games_per_round;
        if game_no == 0 || game_no > gpr {
            let key = if gpr == 1 {
                "err.app.game_beyond_one"
            } else {
                "err.app.game_beyond_many"
            };
            return Err(invalid!(key, game = game_no, event = &ev.name, games = gpr));
        }
        let scheme = self.scheme(&ev)?;
        let mut g = match self.store.game(b.id, game_no)? {
            Some(g) => g,
            None => {
                // Game 2: colours swapped (two-game), kept (hu-two-game).
                let (red, blk) = if scheme.kind().swaps_colours_in(game_no) {
                    (black, b.red)
                } else {
                    (b.red, black)
                };
                let mut g = Game::bare(red, blk, Outcome::Unplayed);
                g.board_id = b.id;
                g.game_no = game_no;
                g
            }
        };
        let tc = ev.settings.time_control;
        apply_input(&mut g, input, &tc)?;
        validate_game(&tc, gpr, &g).map_err(|why| {
            invalid!(
                "err.app.game_why",
                at = crate::i18n::msg!("err.app.game_at", round, board, game = game_no),
                why = why.msg()
            )
        })?;
        // The round must still make sense for the scheme (colours of game 2,
        // no game after a decided hu-two-game round). Missing facts are fine
        // here: they can be added later; standings will name them.
        let mut data = self.event_data(&ev)?;
        if let Some(bd) = data
            .rounds
            .iter_mut()
            .find(|r| r.number == round)
            .and_then(|r| r.boards.iter_mut().find(|x| x.number == board))
        {
            bd.games.retain(|x| x.game_no != game_no);
            bd.games.push(g.clone());
        }
        match player_rounds(&data, &scheme, round) {
            Err(e @ ScoringError::BadGame { .. }) | Err(e @ ScoringError::PlayedTwice { .. }) => {
                return Err(e.into())
            }
            _ => {}
        }
        let name = |id: i64| {
            data.player(id)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| format!("#{id}"))
        };
        let outcome = Msg::new(g.outcome.word_key());
        let (red, black) = (name(g.red), name(g.black));
        let event = &ev.name;
        // The round may have been unpaired or undone since the board was
        // read: say so in the words of a board that is not there.
        let gone = |e: crate::store::StoreError| match e {
            crate::store::StoreError::BoardGone => invalid!("err.app.no_board", round, board),
            other => other.into(),
        };
        g.id = match summary {
            Some(s) => self.store.save_game(&g, s).map_err(gone)?,
            None if gpr > 1 => self
                .store
                .save_game(
                    &g,
                    msg!(
                        "log.result_game",
                        event,
                        round,
                        board,
                        game = game_no,
                        red,
                        black,
                        outcome
                    ),
                )
                .map_err(gone)?,
            None => self
                .store
                .save_game(
                    &g,
                    msg!("log.result", event, round, board, red, black, outcome),
                )
                .map_err(gone)?,
        };
        Ok(g)
    }

    /// Imports a games CSV into an event in one transaction: players are
    /// matched by name (and entered, or added as members, when new); rounds
    /// and boards are created as the file has them.
    pub fn import_games(
        &mut self,
        event: EventId,
        bytes: &[u8],
        file: &str,
    ) -> Result<GamesImportReport> {
        self.import_games_in(event, bytes, file, None, false)
    }

    /// As [`App::import_games`]; the `record` column's paths are read
    /// relative to `dir` (the CSV's folder) and fill each game's facts, a
    /// contradiction with the file's values stopping the import unless
    /// `record_wins`.
    pub fn import_games_in(
        &mut self,
        event: EventId,
        bytes: &[u8],
        file: &str,
        dir: Option<&std::path::Path>,
        record_wins: bool,
    ) -> Result<GamesImportReport> {
        let ev = self.event(event)?;
        let rows = read_games_csv(bytes, file)?;
        if rows.is_empty() {
            return Err(invalid!("err.app.no_games_in_file", file));
        }
        let mut data = event_from_rows(
            &rows,
            file,
            ev.settings.games_per_round,
            ev.settings.time_control,
            ev.settings.byes,
        )?;
        super::records::resolve_records(
            &mut data,
            dir.unwrap_or(std::path::Path::new(".")),
            file,
            record_wins,
        )?;
        // The file's rounds must be contiguous (the store checks they follow
        // the stored ones).
        for (i, w) in data.rounds.windows(2).enumerate() {
            if w[1].number != w[0].number + 1 {
                return Err(invalid!(
                    "err.app.rounds_not_contiguous",
                    file,
                    round = w[1].number,
                    previous = w[0].number,
                    read = i + 2
                ));
            }
        }
        // A scheme's rules on a round (colours, games after a decision) are
        // checked before anything is written.
        let scheme = self.scheme(&ev)?;
        let last = data.last_round();
        match player_rounds(&data, &scheme, last) {
            Err(e @ ScoringError::BadGame { .. }) | Err(e @ ScoringError::PlayedTwice { .. }) => {
                return Err(invalid!("err.app.in_file", file, why = e.msg()))
            }
            _ => {}
        }
        let names: Vec<String> = data.players.iter().map(|p| p.name.clone()).collect();
        // data ids are 1..=n in `names` order; the store takes 0-based indexes.
        let ix = |id: i64| id - 1;
        let rounds: Vec<ImportRound> = data
            .rounds
            .iter()
            .map(|r| {
                let boards = r
                    .boards
                    .iter()
                    .map(|b| {
                        let games = b
                            .games
                            .iter()
                            .map(|g| {
                                let mut g = g.clone();
                                g.id = 0;
                                g.red = ix(g.red);
                                g.black = ix(g.black);
                                g
                            })
                            .collect();
                        (
                            NewBoard {
                                red: ix(b.red),
                                black: b.black.map(ix),
                            },
                            games,
                        )
                    })
                    .collect();
                (r.number, boards)
            })
            .collect();
        Ok(self.store.import_games(ev.id, &names, &rounds, file)?)
    }
}

/// Copies a typed result into a game (clock readings against `tc`).
pub(super) fn apply_input(
    g: &mut Game,
    input: &ResultInput,
    tc: &crate::domain::TimeControl,
) -> Result<()> {
    if let Some(o) = input.outcome {
        g.outcome = o;
    }
    if input.moves.is_some() {
        g.facts.moves = input.moves;
    }
    for (clock, red) in [(input.red_clock, true), (input.black_clock, false)] {
        let Some(c) = clock else { continue };
        let used = match c {
            ClockInput::Clear => {
                if red {
                    g.facts.red_used_ms = None;
                } else {
                    g.facts.black_used_ms = None;
                }
                continue;
            }
            ClockInput::Used(ms) => ms,
            ClockInput::Left(ms) => {
                let moves = g
                    .facts
                    .moves
                    .ok_or_else(|| invalid!("err.app.time_left_needs_moves"))?;
                // Both sides are credited `moves` increments (red made
                // them all; black at most as many).
                tc.used_from_left(red, moves, ms)
            }
        };
        if red {
            g.facts.red_used_ms = Some(used);
        } else {
            g.facts.black_used_ms = Some(used);
        }
    }
    macro_rules! set {
        ($($f:ident),*) => { $( if input.$f.is_some() { g.facts.$f = input.$f; } )* };
    }
    set!(
        termination,
        red_residual,
        black_residual,
        first_strike,
        red_pieces,
        black_pieces
    );
    if input.record.is_some() {
        g.facts.record = input.record.clone();
    }
    if let Some(v) = input.red_fouls {
        g.facts.red_fouls = v;
    }
    if let Some(v) = input.black_fouls {
        g.facts.black_fouls = v;
    }
    Ok(())
}
