//! Whole events imported from other programs' files, in one transaction.

use super::games::NewBoard;
use super::log::{record, UndoStep};
use super::{Result, Store, StoreError};
use crate::domain::{EventSettings, EventStatus, Game, NewMember, RequestedByeValue};
use crate::i18n::msg;
use rusqlite::{params, OptionalExtension};
use serde_json::json;

/// A player of an imported event: an existing member or a new one.
#[derive(Clone, Debug)]
pub struct ImportPlayer {
    /// `Some(id)` = this member; `None` = create `new`.
    pub member_id: Option<i64>,
    pub new: NewMember,
    pub start_no: u32,
    pub rating: Option<i32>,
    pub first_round: u32,
    /// Withdrawn after this round.
    pub withdrawn_after: Option<u32>,
}

impl ImportPlayer {
    /// Member `member_id`, already in the club, with start number
    /// `start_no` from round 1.
    pub fn member(member_id: i64, start_no: u32, rating: Option<i32>) -> ImportPlayer {
        ImportPlayer {
            member_id: Some(member_id),
            new: NewMember::default(),
            start_no,
            rating,
            first_round: 1,
            withdrawn_after: None,
        }
    }
}

/// A board of an imported round, by start numbers, with its games (entry
/// ids in the games are ignored and filled from the start numbers).
#[derive(Clone, Debug)]
pub struct ImportBoard {
    pub red: u32,
    pub black: Option<u32>,
    pub games: Vec<Game>,
}

/// An event to import.
#[derive(Clone, Debug)]
pub struct ImportEvent {
    pub name: String,
    pub date: Option<chrono::NaiveDate>,
    pub settings: EventSettings,
    pub players: Vec<ImportPlayer>,
    pub forbidden: Vec<(u32, u32)>,
    pub requested_byes: Vec<(u32, u32, RequestedByeValue)>,
    /// Rounds 1, 2, … in order.
    pub rounds: Vec<Vec<ImportBoard>>,
}

/// What a TRF file adds to an imported event: per start number
/// the fields no member column holds, and the pre-assigned full-point byes.
#[derive(Clone, Debug, Default)]
pub struct TrfExtras {
    /// (start number, title, federation, birth date as written).
    pub players: Vec<(u32, String, String, String)>,
    /// (round, start number) of each `F` bye, imported as a pairing-bye board.
    pub full_byes: Vec<(u32, u32)>,
    /// (round, start number of either player) of each forfeit the file
    /// wrote without colours (`153 - -`).
    pub no_colour: Vec<(u32, u32)>,
    /// The header lines kept verbatim (`trf_line`), in file order.
    pub lines: Vec<String>,
    /// Pairs (start numbers) that may not meet in some rounds only:
    /// (a, b, first round, last round).
    pub prohibited: Vec<(u32, u32, u32, u32)>,
    /// The explicit virtual points of an accelerated event, by start
    /// number, stored by entry id once the entries exist.
    pub virtual_points: Option<std::collections::BTreeMap<u32, Vec<crate::domain::Points>>>,
}

/// The TRF fields of an event's entries, as stored by an import.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfEntryFields {
    pub title: String,
    pub federation: String,
    pub birth: String,
}

impl Store {
    /// Creates an event with its members, entries, rounds, boards and games:
    /// all or nothing. Returns the event id.
    pub fn import_event(&mut self, ev: &ImportEvent, source: &str) -> Result<i64> {
        self.import_event_with(ev, &TrfExtras::default(), source)
    }

    /// The TRF fields stored for an event's entries, by entry id.
    pub fn trf_entry_fields(
        &self,
        event_id: i64,
    ) -> Result<std::collections::HashMap<i64, TrfEntryFields>> {
        let mut stmt = self.conn.prepare(
            "SELECT t.entry_id, t.title, t.federation, t.birth FROM trf_entry t
             JOIN entry e ON e.id = t.entry_id WHERE e.event_id = ?1",
        )?;
        let rows = stmt
            .query_map([event_id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    TrfEntryFields {
                        title: r.get(1)?,
                        federation: r.get(2)?,
                        birth: r.get(3)?,
                    },
                ))
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The header lines an imported TRF file's event keeps, in file order.
    pub fn trf_lines(&self, event_id: i64) -> Result<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT line FROM trf_line WHERE event_id = ?1 ORDER BY seq")?;
        let rows = stmt
            .query_map([event_id], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The pre-assigned full-point byes (`F`) of an event: (entry id, round).
    pub fn trf_full_byes(&self, event_id: i64) -> Result<std::collections::HashSet<(i64, u32)>> {
        let mut stmt = self.conn.prepare(
            "SELECT b.red, r.number FROM trf_full_bye f JOIN board b ON b.id = f.board_id
             JOIN round r ON r.id = b.round_id WHERE r.event_id = ?1",
        )?;
        let rows = stmt
            .query_map([event_id], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, u32>(1)?))
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(rows)
    }

    /// The forfeits an imported file wrote without colours: (entry id,
    /// round) of both players of each.
    pub fn trf_no_colour(&self, event_id: i64) -> Result<std::collections::HashSet<(i64, u32)>> {
        let mut stmt = self.conn.prepare(
            "SELECT b.red, b.black, r.number FROM trf_no_colour n
             JOIN board b ON b.id = n.board_id
             JOIN round r ON r.id = b.round_id WHERE r.event_id = ?1",
        )?;
        let mut out = std::collections::HashSet::new();
        let rows = stmt.query_map([event_id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Option<i64>>(1)?,
                r.get::<_, u32>(2)?,
            ))
        })?;
        for row in rows {
            let (red, black, round) = row?;
            out.insert((red, round));
            if let Some(black) = black {
                out.insert((black, round));
            }
        }
        Ok(out)
    }

    /// As [`Store::import_event`], with what only a TRF file has.
    pub fn import_event_with(
        &mut self,
        ev: &ImportEvent,
        extras: &TrfExtras,
        source: &str,
    ) -> Result<i64> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let taken: Option<i64> = tx
            .query_row("SELECT id FROM event WHERE name=?1", [&ev.name], |r| {
                r.get(0)
            })
            .optional()?;
        if taken.is_some() {
            return Err(StoreError::Invalid(msg!(
                "err.store.event_exists",
                name = &ev.name
            )));
        }
        let status = if ev.rounds.is_empty() {
            EventStatus::Planned
        } else {
            EventStatus::Running
        };
        super::limits::event(&ev.name, &ev.settings)?;
        for p in ev.players.iter().filter(|p| p.member_id.is_none()) {
            super::limits::member(&p.new)?;
        }
        let event_id = super::events::insert_event(&tx, &ev.name, ev.date, &ev.settings, status)?;
        let mut entry_of = std::collections::HashMap::new();
        let mut new_members = Vec::new();
        for p in &ev.players {
            let mid = match p.member_id {
                Some(id) => id,
                None => {
                    tx.execute(
                        "INSERT INTO member(name, rating, club, ext_id, born, sex) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                        params![
                            p.new.name.trim(),
                            p.new.rating,
                            p.new.club,
                            p.new.ext_id,
                            p.new.born,
                            p.new.sex.map(|x| x.code())
                        ],
                    )?;
                    let id = tx.last_insert_rowid();
                    new_members.push(id);
                    id
                }
            };
            let club: Option<String> =
                tx.query_row("SELECT club FROM member WHERE id=?1", [mid], |r| r.get(0))?;
            tx.execute(
                "INSERT INTO entry(event_id, member_id, start_no, rating, club, first_round, withdrawn_after)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![event_id, mid, p.start_no, p.rating, club, p.first_round.max(1), p.withdrawn_after],
            )
            .map_err(|e| match e {
                rusqlite::Error::SqliteFailure(f, _)
                    if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
                {
                    StoreError::Invalid(msg!("err.store.entered_twice", no = p.start_no))
                }
                other => other.into(),
            })?;
            entry_of.insert(p.start_no, tx.last_insert_rowid());
        }
        let entry = |no: u32| {
            entry_of
                .get(&no)
                .copied()
                .ok_or_else(|| StoreError::Invalid(msg!("err.store.no_player_start_number", no)))
        };
        for &(a, b) in &ev.forbidden {
            let (x, y) = (entry(a)?, entry(b)?);
            if x == y {
                continue;
            }
            // Every round: the pair's only row (a pair named twice once).
            tx.execute(
                "DELETE FROM forbidden_pair WHERE event_id=?1 AND entry_a=?2 AND entry_b=?3",
                params![event_id, x.min(y), x.max(y)],
            )?;
            tx.execute(
                "INSERT INTO forbidden_pair(event_id, entry_a, entry_b) VALUES (?1, ?2, ?3)",
                params![event_id, x.min(y), x.max(y)],
            )?;
        }
        for &(a, b, first, last) in &extras.prohibited {
            let (x, y) = (entry(a)?, entry(b)?);
            if x == y {
                continue;
            }
            tx.execute(
                "INSERT OR IGNORE INTO forbidden_pair(event_id, entry_a, entry_b, first_round, last_round)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![event_id, x.min(y), x.max(y), first, last],
            )?;
        }
        if let Some(values) = &extras.virtual_points {
            let mut by_id = std::collections::BTreeMap::new();
            for (no, v) in values {
                by_id.insert(entry(*no)?, v.clone());
            }
            let mut ps = ev.settings.pairing_settings.clone();
            ps.options.virtual_points = Some(by_id);
            tx.execute(
                "UPDATE event SET pairing_settings=?2 WHERE id=?1",
                params![event_id, serde_json::to_string(&ps)?],
            )?;
        }
        for (seq, line) in extras.lines.iter().enumerate() {
            tx.execute(
                "INSERT INTO trf_line(event_id, seq, line) VALUES (?1, ?2, ?3)",
                params![event_id, seq as i64, line],
            )?;
        }
        for &(no, round, value) in &ev.requested_byes {
            tx.execute(
                "INSERT OR REPLACE INTO requested_bye(entry_id, round, value) VALUES (?1, ?2, ?3)",
                params![entry(no)?, round, value.code()],
            )?;
        }
        for (i, boards) in ev.rounds.iter().enumerate() {
            let mut mapped = Vec::with_capacity(boards.len());
            for b in boards {
                let red = entry(b.red)?;
                let black = b.black.map(entry).transpose()?;
                let games = match black {
                    None => Vec::new(),
                    Some(black) => b
                        .games
                        .iter()
                        .map(|g| {
                            let mut g = g.clone();
                            // game 2 of a two-game round has the colours swapped
                            (g.red, g.black) = if g.game_no == 2 {
                                (black, red)
                            } else {
                                (red, black)
                            };
                            g
                        })
                        .collect(),
                };
                mapped.push((NewBoard { red, black }, games));
            }
            let (round_id, _) = super::games::insert_round(&tx, event_id, (i + 1) as u32, &mapped)?;
            for &(_, no) in extras.full_byes.iter().filter(|f| f.0 == i as u32 + 1) {
                tx.execute(
                    "INSERT OR IGNORE INTO trf_full_bye(board_id)
                     SELECT id FROM board WHERE round_id=?1 AND red=?2 AND black IS NULL",
                    params![round_id, entry(no)?],
                )?;
            }
            for &(_, no) in extras.no_colour.iter().filter(|f| f.0 == i as u32 + 1) {
                tx.execute(
                    "INSERT OR IGNORE INTO trf_no_colour(board_id)
                     SELECT id FROM board WHERE round_id=?1 AND black IS NOT NULL
                     AND (red=?2 OR black=?2)",
                    params![round_id, entry(no)?],
                )?;
            }
        }
        for (no, title, federation, birth) in &extras.players {
            if title.is_empty() && federation.is_empty() && birth.is_empty() {
                continue;
            }
            tx.execute(
                "INSERT OR REPLACE INTO trf_entry(entry_id, title, federation, birth)
                 VALUES (?1, ?2, ?3, ?4)",
                params![entry(*no)?, title, federation, birth],
            )?;
        }
        let mut undo = vec![UndoStep::new(
            "DELETE FROM event WHERE id=?1",
            vec![json!(event_id)],
        )];
        for m in &new_members {
            undo.push(UndoStep::new(
                "DELETE FROM member WHERE id=?1",
                vec![json!(m)],
            ));
        }
        record(
            &tx,
            "event-import",
            msg!(
                "log.event_import",
                event = &ev.name,
                source,
                players = ev.players.len(),
                rounds = ev.rounds.len()
            ),
            Some(&undo),
        )?;
        tx.commit()?;
        Ok(event_id)
    }
}
