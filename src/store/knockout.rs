//! Knockout events: their settings, each match's upper slot and lot, and
//! the writes a knockout needs (a round with its bracket placement, games
//! with the re-pairing of later matches, a lot), each one transaction.

use super::games::{game_undo, insert_boards_numbered, upsert_game, NewBoard};
use super::log::{record, UndoStep};
use super::{Result, Store, StoreError};
use crate::domain::{Event, EventSettings, Game, Outcome};
use crate::i18n::{msg, Msg};
use rusqlite::{params, OptionalExtension};
use serde_json::json;

/// A knockout match as stored beside its board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnockoutMatchRow {
    pub board_id: i64,
    /// Entry id in the upper slot.
    pub upper: i64,
    pub lot_winner: Option<i64>,
}

/// A knockout board to store: its number (its place in the round from the
/// top of the bracket), its players and its upper slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnockoutBoard {
    pub number: u32,
    pub board: NewBoard,
    pub upper: i64,
}

/// A later match to re-pair after a correction: its new players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnockoutRepair {
    pub board_id: i64,
    pub red: i64,
    pub black: i64,
    pub upper: i64,
}

impl Store {
    /// Creates a knockout event with its settings (JSON) and, when seeded
    /// from another event, its entries in seed order (start number = seed).
    pub fn create_knockout_event(
        &mut self,
        name: &str,
        start_date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
        knockout: &str,
        seeded_members: &[i64],
    ) -> Result<Event> {
        let fill = |tx: &rusqlite::Transaction<'_>, id: i64| -> Result<()> {
            tx.execute(
                "INSERT INTO knockout(event_id, settings) VALUES (?1, ?2)",
                params![id, knockout],
            )?;
            for (i, mid) in seeded_members.iter().enumerate() {
                tx.execute(
                    "INSERT INTO entry(event_id, member_id, start_no, rating, club)
                     SELECT ?1, id, ?3, rating, club FROM member WHERE id=?2",
                    params![id, mid, (i + 1) as i64],
                )?;
            }
            Ok(())
        };
        self.new_event(name, start_date, settings, fill, |name, id| {
            msg!("log.knockout_new", name, id)
        })
    }

    /// The knockout settings (JSON) of an event; `None` if it is no knockout.
    pub fn knockout_settings(&self, event_id: i64) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT settings FROM knockout WHERE event_id=?1")?
            .query_row([event_id], |r| r.get(0))
            .optional()?)
    }

    /// Replaces a knockout's settings (JSON), logged.
    pub fn set_knockout_settings(
        &mut self,
        event_id: i64,
        settings: &str,
        summary: impl super::log::IntoSummary,
    ) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let old: String = tx.query_row(
            "SELECT settings FROM knockout WHERE event_id=?1",
            [event_id],
            |r| r.get(0),
        )?;
        tx.execute(
            "UPDATE knockout SET settings=?2 WHERE event_id=?1",
            params![event_id, settings],
        )?;
        record(
            &tx,
            "knockout-settings",
            summary,
            Some(&[UndoStep::new(
                "UPDATE knockout SET settings=?2 WHERE event_id=?1",
                vec![json!(event_id), json!(old)],
            )]),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every knockout match of an event, by board id.
    pub fn knockout_matches(&self, event_id: i64) -> Result<Vec<KnockoutMatchRow>> {
        self.rows(
            "SELECT k.board_id, k.upper, k.lot_winner FROM knockout_match k
             JOIN board b ON b.id = k.board_id JOIN round r ON r.id = b.round_id
             WHERE r.event_id=?1 ORDER BY r.number, b.number",
            [event_id],
            |r| {
                Ok(KnockoutMatchRow {
                    board_id: r.get(0)?,
                    upper: r.get(1)?,
                    lot_winner: r.get(2)?,
                })
            },
        )
    }

    /// Stores the next knockout round: its boards in bracket order, each
    /// numbered by its place in the round from the top of the bracket (a
    /// place with nobody to play — both matches before it forfeited by
    /// both — has no board, so numbers may skip) and with its upper slot;
    /// `walkovers` are games decided with the pairing, by board number.
    /// Sets the event's number of rounds.
    pub fn save_knockout_round(
        &mut self,
        event_id: i64,
        number: u32,
        boards: &[KnockoutBoard],
        walkovers: &[(u32, Game)],
        total_rounds: u32,
        expected: Option<u64>,
    ) -> Result<i64> {
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        super::stamp::check_unchanged(&tx, event_id, expected)?;
        let round_id = super::events::insert_next_round(&tx, event_id, number)?;
        let plain: Vec<NewBoard> = boards.iter().map(|b| b.board).collect();
        super::games::check_boards(&plain)?;
        let numbers: Vec<u32> = boards.iter().map(|b| b.number).collect();
        insert_boards_numbered(&tx, round_id, &plain, &numbers)?;
        for b in boards {
            tx.execute(
                "INSERT INTO knockout_match(board_id, upper)
                 SELECT id, ?3 FROM board WHERE round_id=?1 AND number=?2",
                params![round_id, b.number as i64, b.upper],
            )?;
        }
        // Games decided with the pairing (a withdrawn player's walkover):
        // deleted with the round when the pairing is undone.
        for (n, g) in walkovers {
            let mut g = g.clone();
            g.board_id = tx.query_row(
                "SELECT id FROM board WHERE round_id=?1 AND number=?2",
                params![round_id, *n as i64],
                |x| x.get(0),
            )?;
            upsert_game(&tx, &g)?;
        }
        tx.execute(
            "UPDATE event SET rounds=?2, status='running' WHERE id=?1",
            params![event_id, total_rounds.max(1)],
        )?;
        record(
            &tx,
            "round-pair",
            msg!(
                "log.knockout_pair",
                round = number,
                event = &event.name,
                matches = boards.len()
            ),
            Some(&[
                UndoStep::new("DELETE FROM round WHERE id=?1", vec![json!(round_id)]),
                UndoStep::new(
                    "UPDATE event SET status=?2, rounds=?3 WHERE id=?1",
                    vec![
                        json!(event_id),
                        json!(event.status.code()),
                        json!(event.settings.rounds),
                    ],
                ),
            ]),
        )?;
        tx.commit()?;
        Ok(round_id)
    }

    /// Records the winner of a lot for a match.
    pub fn set_knockout_lot(&mut self, board_id: i64, winner: i64, summary: Msg) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let old: Option<i64> = tx.query_row(
            "SELECT lot_winner FROM knockout_match WHERE board_id=?1",
            [board_id],
            |r| r.get(0),
        )?;
        tx.execute(
            "UPDATE knockout_match SET lot_winner=?2 WHERE board_id=?1",
            params![board_id, winner],
        )?;
        record(
            &tx,
            "knockout-lot",
            summary,
            Some(&[UndoStep::new(
                "UPDATE knockout_match SET lot_winner=?2 WHERE board_id=?1",
                vec![json!(board_id), json!(old)],
            )]),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Stores knockout games (new or corrected) and re-pairs later matches,
    /// all in one transaction and one action-log row.
    pub fn save_knockout_games(
        &mut self,
        games: &[Game],
        repairs: &[KnockoutRepair],
        summary: Msg,
    ) -> Result<Vec<i64>> {
        let olds: Vec<Option<Game>> = games
            .iter()
            .map(|g| self.game(g.board_id, g.game_no))
            .collect::<Result<_>>()?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let mut undo = Vec::new();
        let mut ids = Vec::new();
        // Undo steps run in order: later matches first, then the games.
        for r in repairs {
            let (red, black, upper): (i64, Option<i64>, i64) = tx.query_row(
                "SELECT b.red, b.black, k.upper FROM board b
                 JOIN knockout_match k ON k.board_id = b.id WHERE b.id=?1",
                [r.board_id],
                |x| Ok((x.get(0)?, x.get(1)?, x.get(2)?)),
            )?;
            let results: i64 = tx.query_row(
                "SELECT count(*) FROM game WHERE board_id=?1 AND outcome <> '*'",
                [r.board_id],
                |x| x.get(0),
            )?;
            if results > 0 {
                return Err(StoreError::Invalid(msg!(
                    "err.store.repair_has_results",
                    round = 0,
                    results
                )));
            }
            tx.execute(
                "UPDATE board SET red=?2, black=?3 WHERE id=?1",
                params![r.board_id, r.red, r.black],
            )?;
            tx.execute(
                "UPDATE knockout_match SET upper=?2, lot_winner=NULL WHERE board_id=?1",
                params![r.board_id, r.upper],
            )?;
            tx.execute(
                "UPDATE game SET red=?2, black=?3 WHERE board_id=?1",
                params![r.board_id, r.red, r.black],
            )?;
            undo.push(UndoStep::new(
                "UPDATE board SET red=?2, black=?3 WHERE id=?1",
                vec![json!(r.board_id), json!(red), json!(black)],
            ));
            undo.push(UndoStep::new(
                "UPDATE knockout_match SET upper=?2 WHERE board_id=?1",
                vec![json!(r.board_id), json!(upper)],
            ));
            if let Some(black) = black {
                undo.push(UndoStep::new(
                    "UPDATE game SET red=?2, black=?3 WHERE board_id=?1",
                    vec![json!(r.board_id), json!(red), json!(black)],
                ));
            }
        }
        for (g, old) in games.iter().zip(&olds) {
            let id = upsert_game(&tx, g)?;
            ids.push(id);
            undo.push(game_undo(id, old.as_ref()));
        }
        let full = match olds.first() {
            Some(Some(o)) if games.len() == 1 && o.outcome != Outcome::Unplayed => msg!(
                "log.result_was",
                what = summary,
                old = Msg::new(o.outcome.word_key())
            ),
            _ => summary,
        };
        record(&tx, "result", full, Some(&undo))?;
        tx.commit()?;
        Ok(ids)
    }
}
