//! Importing a games file into an event: players, entries, rounds, boards
//! and games in one transaction.

use super::events::{renumber, rounds_paired};
use super::games::{insert_round, ImportRound, NewBoard};
use super::log::{record, UndoStep};
use super::members::insert as insert_member;
use super::{Result, Store, StoreError};
use crate::domain::{Game, NewMember};
use crate::i18n::msg;
use rusqlite::{params, OptionalExtension, Transaction};
use serde_json::json;

/// What a games import wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GamesImportReport {
    pub games: usize,
    pub rounds: usize,
    /// Names that were not members and were added.
    pub new_members: Vec<String>,
    /// Names that were members but not entered, and were entered.
    pub new_entries: Vec<String>,
}

/// The entry id for `name` in the event: an entry with that member name, else
/// a member with that name (entered now), else a new member (added and
/// entered now). A name matching two entries or two members is ambiguous.
fn entry_for(
    tx: &Transaction<'_>,
    event_id: i64,
    name: &str,
    first_round: u32,
    report: &mut GamesImportReport,
    added: &mut (Vec<i64>, Vec<i64>),
) -> Result<i64> {
    let entries: Vec<i64> = {
        // Name first (CROSS JOIN fixes the order): SQLite's own choice
        // scanned every entry of the event per name, quadratic in a
        // 5,000-board import.
        let mut stmt = tx.prepare_cached(
            "SELECT e.id FROM member m CROSS JOIN entry e
             WHERE m.name=?2 AND e.member_id = m.id AND e.event_id=?1",
        )?;
        let v = stmt
            .query_map(params![event_id, name], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        v
    };
    match entries.len() {
        1 => return Ok(entries[0]),
        0 => {}
        _ => {
            return Err(StoreError::Ambiguous {
                what: "player of this event",
                name: name.to_string(),
                candidates: format!("{} entries", entries.len()),
            })
        }
    }
    let members: Vec<i64> = {
        let mut stmt = tx.prepare_cached("SELECT id FROM member WHERE name=?1 AND retired=0")?;
        let v = stmt
            .query_map([name], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        v
    };
    let member_id = match members.len() {
        1 => {
            report.new_entries.push(name.to_string());
            members[0]
        }
        0 => {
            let id = insert_member(
                tx,
                &NewMember {
                    name: name.to_string(),
                    ..Default::default()
                },
            )?;
            added.0.push(id);
            report.new_members.push(name.to_string());
            id
        }
        _ => {
            return Err(StoreError::Ambiguous {
                what: "member",
                name: name.to_string(),
                candidates: members
                    .iter()
                    .map(|id| format!("#{id}"))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        }
    };
    let (rating, club): (Option<i32>, Option<String>) = tx
        .prepare_cached("SELECT rating, club FROM member WHERE id=?1")?
        .query_row([member_id], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?
        .unwrap_or((None, None));
    let next_no: i64 = tx
        .prepare_cached("SELECT coalesce(max(start_no), 0) + 1 FROM entry WHERE event_id=?1")?
        .query_row([event_id], |r| r.get(0))?;
    tx.prepare_cached(
        "INSERT INTO entry(event_id, member_id, start_no, rating, club, first_round)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![
        event_id,
        member_id,
        next_no,
        rating,
        club,
        first_round
    ])?;
    let id = tx.last_insert_rowid();
    added.1.push(id);
    Ok(id)
}

impl Store {
    /// Imports games into an event in one transaction. `names` are the
    /// players; in `rounds` the boards' and games' `red`/`black` are indexes
    /// into `names` (0-based). Players are matched by name (entry, then
    /// member) and entered, or added as members, when new. Rounds must follow
    /// the ones already stored. All or nothing; undoable as one change.
    pub fn import_games(
        &mut self,
        event_id: i64,
        names: &[String],
        rounds: &[ImportRound],
        source: &str,
    ) -> Result<GamesImportReport> {
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let mut paired = rounds_paired(&tx, event_id)?;
        let mut report = GamesImportReport::default();
        let mut added = (Vec::new(), Vec::new());
        let mut ids = Vec::with_capacity(names.len());
        for n in names {
            ids.push(entry_for(
                &tx,
                event_id,
                n.trim(),
                paired + 1,
                &mut report,
                &mut added,
            )?);
        }
        if paired == 0 && !added.1.is_empty() {
            renumber(&tx, event_id)?;
        }
        let id_of = |i: i64| -> Result<i64> {
            usize::try_from(i)
                .ok()
                .and_then(|i| ids.get(i).copied())
                .ok_or_else(|| StoreError::Invalid(msg!("err.store.player_index", index = i)))
        };
        let mut round_ids = Vec::new();
        for (number, boards) in rounds {
            if *number != paired + 1 {
                return Err(StoreError::Invalid(msg!(
                    "err.store.import_out_of_order",
                    round = number,
                    paired,
                    next = paired + 1
                )));
            }
            let mapped: Vec<(NewBoard, Vec<Game>)> = boards
                .iter()
                .map(|(b, games)| {
                    let games = games
                        .iter()
                        .map(|g| {
                            let mut g = g.clone();
                            g.red = id_of(g.red)?;
                            g.black = id_of(g.black)?;
                            Ok(g)
                        })
                        .collect::<Result<Vec<_>>>()?;
                    let nb = NewBoard {
                        red: id_of(b.red)?,
                        black: b.black.map(id_of).transpose()?,
                    };
                    Ok((nb, games))
                })
                .collect::<Result<_>>()?;
            let (round_id, n) = insert_round(&tx, event_id, *number, &mapped)?;
            round_ids.push(round_id);
            report.games += n;
            paired = *number;
            report.rounds += 1;
        }
        tx.execute(
            "UPDATE event SET status='running' WHERE id=?1 AND status='planned'",
            [event_id],
        )?;
        let mut undo: Vec<UndoStep> = round_ids
            .iter()
            .map(|id| UndoStep::new("DELETE FROM round WHERE id=?1", vec![json!(id)]))
            .collect();
        undo.extend(
            added
                .1
                .iter()
                .map(|id| UndoStep::new("DELETE FROM entry WHERE id=?1", vec![json!(id)])),
        );
        undo.extend(
            added
                .0
                .iter()
                .map(|id| UndoStep::new("DELETE FROM member WHERE id=?1", vec![json!(id)])),
        );
        undo.push(UndoStep::new(
            "UPDATE event SET status=?2 WHERE id=?1",
            vec![json!(event_id), json!(event.status.code())],
        ));
        record(
            &tx,
            "games-import",
            msg!(
                "log.games_import",
                games = report.games,
                rounds = report.rounds,
                event = &event.name,
                source,
                members = report.new_members.len(),
                entries = report.new_members.len() + report.new_entries.len()
            ),
            Some(&undo),
        )?;
        tx.commit()?;
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{EventSettings, Game, Outcome};

    #[test]
    fn an_import_adds_players_rounds_and_games_atomically_and_undoes() {
        let mut s = Store::open_in_memory().unwrap();
        let e = s
            .create_event("E", None, &EventSettings::default())
            .unwrap();
        let known = s
            .add_member(&NewMember {
                name: "A".into(),
                rating: Some(2500),
                ..Default::default()
            })
            .unwrap();
        let names: Vec<String> = ["A", "B", "C"].iter().map(|x| x.to_string()).collect();
        let board = |r: i64, b: Option<i64>, o: Outcome| {
            let games = match b {
                Some(b) => vec![Game::bare(r, b, o)],
                None => vec![],
            };
            (NewBoard { red: r, black: b }, games)
        };
        let rounds: Vec<ImportRound> = vec![
            (
                1,
                vec![
                    board(0, Some(1), Outcome::RedWin),
                    board(2, None, Outcome::Unplayed),
                ],
            ),
            (
                2,
                vec![
                    board(1, Some(2), Outcome::Draw),
                    board(0, None, Outcome::Unplayed),
                ],
            ),
        ];
        let r = s.import_games(e.id, &names, &rounds, "g.csv").unwrap();
        assert_eq!((r.games, r.rounds), (2, 2));
        assert_eq!(r.new_members, ["B", "C"]);
        assert_eq!(r.new_entries, ["A"]);
        let entries = s.entries(e.id).unwrap();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[0].member_id, known.id, "rated player first");
        let games = s.games(e.id, None).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[1].round, 2);
        // A failing import (round 2 again) writes nothing.
        let again = s.import_games(e.id, &["D".to_string()], &rounds[..1], "x.csv");
        assert!(again.is_err());
        assert_eq!(s.members(true).unwrap().len(), 3, "no member D");
        // Undo removes rounds, entries and the members it added.
        s.undo_last().unwrap();
        assert!(s.games(e.id, None).unwrap().is_empty());
        assert!(s.entries(e.id).unwrap().is_empty());
        assert_eq!(s.members(true).unwrap().len(), 1);
    }
}
