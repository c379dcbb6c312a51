//! Knockout results: a game of a match (play-offs included), corrections
//! that re-decide a match, lots, and a games CSV imported into the bracket.

use super::{KnockoutResult, MatchView, Slot};
use crate::app::{invalid, App, AppError, Result, ResultInput};
use crate::app::{EntryId, EventId};
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Game, Outcome};
use crate::formats::games_csv::read_games_csv;
use crate::i18n::{msg, Msg};
use crate::scoring::knockout::{MatchState, MatchStatus};
use crate::scoring::validate_game;
use crate::store::KnockoutRepair;
use std::collections::HashMap;

impl App {
    /// Records (or corrects) one game of a knockout match, play-offs
    /// included. A correction that changes the winner of a match later
    /// matches depend on is refused unless `force`, which re-pairs them.
    pub fn knockout_result(
        &mut self,
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        input: &ResultInput,
        force: bool,
    ) -> Result<KnockoutResult> {
        let round = round.get();
        let board = board.get();
        let ev = self.event(event)?;
        let mut br = self.bracket_of(&ev)?;
        let slot = br.slot(round, board)?.clone();
        let Some(p) = br.players(&slot) else {
            return Err(invalid!("err.ko.bye_match", round, board));
        };
        let before = br.decide(&slot, &slot.games);
        // Without a game number: the game due, else the match's only game
        // (a correction, as on any board); a match of several games
        // decided already is refused, as no game is plainly meant.
        let game_no = match input.game_no {
            Some(n) => n,
            None => match &before {
                Ok(MatchStatus {
                    state: MatchState::Due(d),
                    ..
                }) => d.game_no,
                _ => {
                    let played: Vec<u32> = slot
                        .games
                        .iter()
                        .filter(|g| g.outcome != Outcome::Unplayed)
                        .map(|g| g.game_no)
                        .collect();
                    match played.as_slice() {
                        [] | [_] => played.first().copied().unwrap_or(1),
                        _ => {
                            return Err(invalid!(
                                "err.ko.which_game",
                                round,
                                board,
                                n = played.len()
                            ))
                        }
                    }
                }
            },
        };
        let stored = slot
            .games
            .iter()
            .find(|g| g.game_no == game_no && g.outcome != Outcome::Unplayed)
            .cloned();
        let refuse = |why: Msg| -> AppError {
            AppError::Invalid(msg!(
                "err.ko.game_refused",
                round,
                board,
                game = game_no,
                why
            ))
        };
        let (mut g, phase) = match stored {
            Some(g) => (g, None),
            None => match &before {
                Ok(MatchStatus {
                    state: MatchState::Due(d),
                    ..
                }) if d.game_no == game_no => {
                    let mut g = Game::bare(d.red, d.black, Outcome::Unplayed);
                    g.board_id = slot.board_id;
                    g.game_no = game_no;
                    if let Some(old) = slot.games.iter().find(|x| x.game_no == game_no) {
                        g.id = old.id;
                    }
                    (g, Some(d.phase))
                }
                Ok(MatchStatus {
                    state: MatchState::Due(d),
                    ..
                }) => return Err(refuse(msg!("err.ko.next_due", due = d.game_no))),
                Ok(MatchStatus {
                    state: MatchState::BothOut,
                    ..
                }) => return Err(refuse(msg!("err.ko.both_out"))),
                Ok(MatchStatus {
                    state: MatchState::Decided { by, .. },
                    ..
                }) => {
                    return Err(refuse(msg!(
                        "err.ko.no_playoff_due",
                        by = Msg::new(by.word_key())
                    )))
                }
                Ok(_) => return Err(refuse(msg!("err.ko.lot_due"))),
                Err(e) => return Err(AppError::Invalid(br.match_error(&slot, e.clone()))),
            },
        };
        let tc = match phase {
            Some(ph) => br.time_of(ph),
            None => ev.settings.time_control,
        };
        crate::app::results::apply_input(&mut g, input, &tc)?;
        if g.outcome == Outcome::Unplayed {
            return Err(invalid!(
                "err.app.game_why",
                at = msg!("err.app.game_at", round, board, game = game_no),
                why = msg!("err.ko.game_due", game = game_no)
            ));
        }
        validate_game(&tc, game_no.max(br.rules.regular), &g).map_err(|why| {
            invalid!(
                "err.app.game_why",
                at = msg!("err.app.game_at", round, board, game = game_no),
                why = why.msg()
            )
        })?;
        let mut games: Vec<Game> = slot
            .games
            .iter()
            .filter(|x| x.game_no != game_no && x.outcome != Outcome::Unplayed)
            .cloned()
            .collect();
        games.push(g.clone());
        games.sort_by_key(|x| x.game_no);
        let after = br
            .decide(&slot, &games)
            .map_err(|e| AppError::Invalid(br.match_error(&slot, e)))?;
        let old_winner = before.ok().and_then(|s| s.winner());
        let new_winner = after.winner();
        // Later matches that depend on this one.
        let mut repairs = Vec::new();
        let mut repaired = Vec::new();
        if old_winner != new_winner && (round as usize) < br.rounds.len() {
            let idx = br
                .rounds
                .get(round as usize - 1)
                .and_then(|r| r.iter().position(|s| s.board == board))
                .expect("the match is in its round");
            br.rounds[round as usize - 1][idx].games = games.clone();
            // The place this match leads to had nobody (no board): a
            // winner now needs that round paired again.
            let place = board.div_ceil(2);
            let here = &br.rounds[round as usize - 1];
            let winner_at = |b: u32| {
                here.iter()
                    .find(|s| s.board == b && !s.third_place)
                    .and_then(|s| br.winner(s))
            };
            let empty = !slot.third_place
                && !br.rounds[round as usize]
                    .iter()
                    .any(|s| s.board == place && !s.third_place);
            if empty && (winner_at(2 * place - 1).is_some() || winner_at(2 * place).is_some()) {
                return Err(invalid!(
                    "err.ko.place_was_empty",
                    round = round + 1,
                    board = place
                ));
            }
            let later: Vec<Slot> = br.rounds[round as usize]
                .iter()
                .filter(|s| {
                    let (u, l) = br.expected(s);
                    u != Some(s.a) || l != s.b
                })
                .cloned()
                .collect();
            if !later.is_empty() {
                let names: Vec<Msg> = later
                    .iter()
                    .map(|s| {
                        msg!(
                            "cl.ko.later_match",
                            round = s.round,
                            board = s.board,
                            a = br.name(s.a),
                            b = s.b.map(|b| br.name(b)).unwrap_or_default()
                        )
                    })
                    .collect();
                let all = || crate::i18n::join_msgs(names.clone()).unwrap_or(Msg::new("cl.bye"));
                let Some(w) = new_winner else {
                    return Err(invalid!("err.ko.later_undecided", matches = all()));
                };
                if !force {
                    return Err(invalid!(
                        "err.ko.affects_later",
                        winner = br.name(w),
                        matches = all()
                    ));
                }
                let played: Vec<Msg> = later
                    .iter()
                    .zip(&names)
                    .filter(|(s, _)| s.games.iter().any(|g| g.outcome != Outcome::Unplayed))
                    .map(|(_, n)| n.clone())
                    .collect();
                if let Some(matches) = crate::i18n::join_msgs(played) {
                    return Err(invalid!("err.ko.later_played", matches));
                }
                for s in &later {
                    let (Some(u), Some(l)) = br.expected(s) else {
                        continue;
                    };
                    let red = br.first_red(s.round, u, l);
                    repairs.push(KnockoutRepair {
                        board_id: s.board_id,
                        red,
                        black: if red == u { l } else { u },
                        upper: u,
                    });
                    repaired.push((s.round, s.board));
                }
            }
        }
        let summary = msg!(
            "log.result_game",
            event = &ev.name,
            round,
            board,
            game = game_no,
            red = br.name(g.red),
            black = br.name(g.black),
            outcome = Msg::new(g.outcome.word_key())
        );
        let _ = p;
        let ids = self
            .store
            .save_knockout_games(&[g.clone()], &repairs, summary)?;
        g.id = ids[0];
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        let view = br.view(br.slot(round, board)?);
        Ok(KnockoutResult {
            game: g,
            view,
            repaired,
        })
    }

    /// Whether the match on `board` of `round` is tied at the lot step, so
    /// that a lot can be recorded for it now. A front end asks before it
    /// reads the winner's name, so that a lot that is not due is said
    /// before a typo in the name.
    pub fn check_knockout_lot(&self, event: EventId, round: RoundNo, board: BoardNo) -> Result<()> {
        let ev = self.event(event)?;
        self.lot_slot(&ev, round.get(), board.get()).map(|_| ())
    }

    /// The match a lot is recorded for, with its second player: refused
    /// when it has none or is not tied at the lot step.
    fn lot_slot(&self, ev: &crate::domain::Event, round: u32, board: u32) -> Result<(Slot, i64)> {
        let br = self.bracket_of(ev)?;
        let slot = br.slot(round, board)?.clone();
        let Some(b) = slot.b else {
            return Err(invalid!("err.ko.bye_match", round, board));
        };
        let mut open = slot.clone();
        open.lot = None;
        let why = match br.decide(&open, &open.games) {
            Ok(MatchStatus {
                state: MatchState::NeedsLot,
                ..
            }) => None,
            Ok(MatchStatus {
                state: MatchState::BothOut,
                ..
            }) => Some(msg!("err.ko.both_out")),
            Ok(MatchStatus {
                state: MatchState::Decided { by, .. },
                ..
            }) => Some(msg!("err.ko.no_playoff_due", by = Msg::new(by.word_key()))),
            Ok(MatchStatus {
                state: MatchState::Due(d),
                ..
            }) => Some(msg!("err.ko.next_due", due = d.game_no)),
            Err(e) => Some(br.match_error(&slot, e)),
        };
        if let Some(why) = why {
            return Err(invalid!("err.ko.lot_not_due", round, board, why));
        }
        Ok((slot, b))
    }

    /// Records the winner drawn by lot for a match tied at the lot step
    /// (one of its two players: a front end reads the name typed with
    /// [`App::find_entry`], after [`App::check_knockout_lot`]).
    pub fn knockout_lot(
        &mut self,
        event: EventId,
        round: RoundNo,
        board: BoardNo,
        winner: EntryId,
    ) -> Result<MatchView> {
        let round = round.get();
        let board = board.get();
        let ev = self.event(event)?;
        let (slot, b) = self.lot_slot(&ev, round, board)?;
        let entries = self.store.entries(ev.id)?;
        let Some(e) = entries.iter().find(|e| e.id == winner.0) else {
            return Err(invalid!(
                "err.ko.lot_not_player",
                name = winner.0,
                round,
                board
            ));
        };
        if e.id != slot.a && e.id != b {
            return Err(invalid!(
                "err.ko.lot_not_player",
                name = &e.name,
                round,
                board
            ));
        }
        let summary = msg!("log.ko_lot", event = &ev.name, round, board, name = &e.name);
        self.store.set_knockout_lot(slot.board_id, e.id, summary)?;
        let br = self.bracket_of(&ev)?;
        Ok(br.view(br.slot(round, board)?))
    }

    /// Imports a games CSV into a knockout's paired rounds: each row
    /// attaches to the match of its two players; game numbers continue into
    /// the play-offs. All or nothing.
    pub fn knockout_import(&mut self, event: EventId, bytes: &[u8], file: &str) -> Result<usize> {
        let ev = self.event(event)?;
        let br = self.bracket_of(&ev)?;
        let rows = read_games_csv(bytes, file)?;
        if rows.is_empty() {
            return Err(invalid!("err.app.no_games_in_file", file));
        }
        let by_name = |n: &str| br.entries.iter().find(|e| e.name == n.trim()).map(|e| e.id);
        // Working copy of each touched match's games.
        let mut work: HashMap<(u32, u32), Vec<Game>> = HashMap::new();
        let mut order: Vec<(u32, u32)> = Vec::new();
        let mut counted: HashMap<(u32, u32), u32> = HashMap::new();
        let mut out: Vec<Game> = Vec::new();
        for row in &rows {
            let line = row.line;
            let Some(black_name) = &row.black else {
                continue; // a bye row: byes need no games
            };
            if row.round == 0 || row.round as usize > br.rounds.len() {
                return Err(invalid!(
                    "err.ko.round_not_paired",
                    file,
                    line,
                    round = row.round
                ));
            }
            let (red, black) = (by_name(&row.red), by_name(black_name));
            let slot = br.rounds[row.round as usize - 1].iter().find(|s| {
                let pair = [Some(s.a), s.b];
                red.is_some() && black.is_some() && pair.contains(&red) && pair.contains(&black)
            });
            let Some(slot) = slot else {
                return Err(invalid!(
                    "err.ko.no_match_for",
                    file,
                    line,
                    round = row.round,
                    red = &row.red,
                    black = black_name
                ));
            };
            let key = (slot.round, slot.board);
            let n = counted.entry(key).or_insert(0);
            *n += 1;
            let game_no = if row.game_given { row.game } else { *n };
            let mut g = Game::bare(red.unwrap_or(0), black.unwrap_or(0), row.outcome);
            g.board_id = slot.board_id;
            g.game_no = game_no;
            g.facts = row.facts.clone();
            // Play-off games are faster: the event's time control bounds them.
            let tc = ev.settings.time_control;
            validate_game(&tc, game_no.max(br.rules.regular), &g)
                .map_err(|why| invalid!("err.ko.import_line", file, line, why = why.msg()))?;
            let games = work.entry(key).or_insert_with(|| {
                order.push(key);
                slot.games
                    .iter()
                    .filter(|x| x.outcome != Outcome::Unplayed)
                    .cloned()
                    .collect()
            });
            games.retain(|x| x.game_no != game_no);
            games.push(g.clone());
            games.sort_by_key(|x| x.game_no);
            // Each row must fit the match so far (colours, games due).
            let upto: Vec<Game> = games
                .iter()
                .filter(|x| x.game_no <= game_no)
                .cloned()
                .collect();
            if let Err(e) = br.decide(slot, &upto) {
                return Err(invalid!(
                    "err.ko.import_line",
                    file,
                    line,
                    why = br.match_error(slot, e)
                ));
            }
            out.retain(|x| !(x.board_id == g.board_id && x.game_no == g.game_no));
            out.push(g);
        }
        // The whole of each match must fit too; a winner changed under a
        // paired later match is refused.
        for key in &order {
            let slot = br.slot(key.0, key.1)?;
            let games = &work[key];
            let st = br
                .decide(slot, games)
                .map_err(|e| invalid!("err.app.in_file", file, why = br.match_error(slot, e)))?;
            if (key.0 as usize) < br.rounds.len() && st.winner() != br.winner(slot) {
                let mut copy = slot.clone();
                copy.games = games.clone();
                let later: Vec<Msg> = br.rounds[key.0 as usize]
                    .iter()
                    .filter(|s| {
                        let (u, l) = br.expected(s);
                        u != Some(s.a) || l != s.b
                    })
                    .map(|s| msg!("cl.ko.round_board", round = s.round, board = s.board))
                    .collect();
                if let Some(matches) = crate::i18n::join_msgs(later) {
                    return Err(invalid!("err.ko.later_undecided", matches));
                }
            }
        }
        let n = out.len();
        let summary = msg!("log.ko_import", n, event = &ev.name, file);
        self.store.save_knockout_games(&out, &[], summary)?;
        Ok(n)
    }
}
