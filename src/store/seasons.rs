//! Club seasons (赛季): a season's settings and its events with their
//! weights. Decimal settings (the rule's table and factor, participation,
//! weights) are kept as the exact decimal text the app parsed; the app
//! reads them back exactly.

use super::log::{begin_write, record};
use super::{Result, Store, StoreError};
use crate::domain::Outcome;
use crate::i18n::msg;
use rusqlite::{params, OptionalExtension};

// The tables are made by the migration `store/seasons.sql`.

/// A season as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonRecord {
    pub id: i64,
    pub name: String,
    /// The rule as written (`placement:10,8,6,5,4,3,2,1`, `score:0.5`).
    pub rule: String,
    pub best: Option<u32>,
    pub min_events: u32,
    /// A decimal (`0`, `1`, `0.5`).
    pub participation: String,
}

/// A season's settings to store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewSeason<'a> {
    pub name: &'a str,
    pub rule: &'a str,
    pub best: Option<u32>,
    pub min_events: u32,
    pub participation: &'a str,
}

/// An event of a season: the event's id and its weight (a decimal).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonEventRecord {
    pub event_id: i64,
    pub weight: String,
}

fn season_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SeasonRecord> {
    Ok(SeasonRecord {
        id: r.get(0)?,
        name: r.get(1)?,
        rule: r.get(2)?,
        best: r.get(3)?,
        min_events: r.get(4)?,
        participation: r.get(5)?,
    })
}

/// An entry of an event as a season reads it: the member behind it and
/// whether he played a game over the board (a win, a draw or a loss; a
/// play-off game counts, a bye or a forfeit does not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonEntry {
    pub entry_id: i64,
    pub member_id: i64,
    pub played: bool,
}

const SEASON_COLS: &str = "id, name, rule, best, min_events, participation";

impl Store {
    /// Every season of the club, in the order they were created.
    pub fn seasons(&self) -> Result<Vec<SeasonRecord>> {
        self.rows(
            &format!("SELECT {SEASON_COLS} FROM season ORDER BY id"),
            [],
            season_row,
        )
    }

    /// The season with this id.
    pub fn season(&self, id: i64) -> Result<SeasonRecord> {
        self.conn
            .query_row(
                &format!("SELECT {SEASON_COLS} FROM season WHERE id = ?1"),
                [id],
                season_row,
            )
            .optional()?
            .ok_or_else(|| StoreError::NotFound(msg!("err.store.no_season", name = id)))
    }

    /// The season with this exact name, if any.
    pub fn season_named(&self, name: &str) -> Result<Option<SeasonRecord>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {SEASON_COLS} FROM season WHERE name = ?1"),
                [name.trim()],
                season_row,
            )
            .optional()?)
    }

    /// A season by exact name, or by id when no season has that name.
    pub fn resolve_season(&self, key: &str) -> Result<SeasonRecord> {
        let key = key.trim();
        if let Some(s) = self.season_named(key)? {
            return Ok(s);
        }
        if let Ok(id) = key.parse::<i64>() {
            if let Ok(s) = self.season(id) {
                return Ok(s);
            }
        }
        // The name typed in the other script (年度積分 for 年度积分).
        if let [id] = self.ids_in_other_script("SELECT id, name FROM season", key)?[..] {
            return self.season(id);
        }
        Err(StoreError::NotFound(msg!(
            "err.store.no_season",
            name = key
        )))
    }

    /// Creates a season (the app has checked the values).
    pub fn create_season(&mut self, s: &NewSeason<'_>) -> Result<SeasonRecord> {
        let name = s.name.trim();
        if name.is_empty() {
            return Err(StoreError::Invalid(msg!("err.season.empty_name")));
        }
        if self.season_named(name)?.is_some() {
            return Err(StoreError::Invalid(msg!("err.season.name_taken", name)));
        }
        let tx = begin_write(&mut self.conn)?;
        tx.execute(
            "INSERT INTO season(name, rule, best, min_events, participation)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![name, s.rule, s.best, s.min_events, s.participation],
        )?;
        let id = tx.last_insert_rowid();
        record(&tx, "season-new", msg!("log.season_new", name), None)?;
        tx.commit()?;
        self.season(id)
    }

    /// Deletes a season (its events stay; only their membership goes).
    pub fn delete_season(&mut self, id: i64) -> Result<()> {
        let s = self.season(id)?;
        let tx = begin_write(&mut self.conn)?;
        tx.execute("DELETE FROM season_event WHERE season_id = ?1", [id])?;
        tx.execute("DELETE FROM season WHERE id = ?1", [id])?;
        record(
            &tx,
            "season-delete",
            msg!("log.season_delete", name = &s.name),
            None,
        )?;
        tx.commit()?;
        Ok(())
    }

    /// The events of a season in season order.
    pub fn season_events(&self, season_id: i64) -> Result<Vec<SeasonEventRecord>> {
        self.rows(
            "SELECT event_id, weight FROM season_event WHERE season_id = ?1
             ORDER BY position, rowid",
            [season_id],
            |r| {
                Ok(SeasonEventRecord {
                    event_id: r.get(0)?,
                    weight: r.get(1)?,
                })
            },
        )
    }

    /// Every entry of an event with its member and whether he played a
    /// game over the board in it (any round, play-offs included).
    pub fn season_entries(&self, event_id: i64) -> Result<Vec<SeasonEntry>> {
        let played: std::collections::HashSet<i64> = self
            .rows(
                "SELECT g.red, g.black FROM game g
                 JOIN board b ON b.id = g.board_id JOIN round r ON r.id = b.round_id
                 WHERE r.event_id = ?1 AND g.outcome IN (?2, ?3, ?4)",
                params![
                    event_id,
                    Outcome::RedWin.code(),
                    Outcome::BlackWin.code(),
                    Outcome::Draw.code()
                ],
                |r| Ok([r.get::<_, i64>(0)?, r.get::<_, i64>(1)?]),
            )?
            .into_iter()
            .flatten()
            .collect();
        self.rows(
            "SELECT id, member_id FROM entry WHERE event_id = ?1 ORDER BY start_no",
            [event_id],
            |r| {
                let entry_id: i64 = r.get(0)?;
                Ok(SeasonEntry {
                    entry_id,
                    member_id: r.get(1)?,
                    played: played.contains(&entry_id),
                })
            },
        )
    }

    /// The seasons an event is in.
    pub fn seasons_of_event(&self, event_id: i64) -> Result<Vec<SeasonRecord>> {
        self.rows(
            &format!(
                "SELECT {} FROM season s JOIN season_event e ON e.season_id = s.id
                 WHERE e.event_id = ?1 ORDER BY s.id",
                SEASON_COLS
                    .split(", ")
                    .map(|c| format!("s.{c}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            [event_id],
            season_row,
        )
    }

    /// Adds an event to a season, after its other events.
    pub fn add_season_event(&mut self, season_id: i64, event_id: i64, weight: &str) -> Result<()> {
        let s = self.season(season_id)?;
        let ev = self.event(event_id)?;
        let there: bool = self.conn.query_row(
            "SELECT EXISTS(SELECT 1 FROM season_event WHERE season_id = ?1 AND event_id = ?2)",
            [season_id, event_id],
            |r| r.get(0),
        )?;
        if there {
            return Err(StoreError::Invalid(msg!(
                "err.season.event_twice",
                event = &ev.name,
                season = &s.name
            )));
        }
        let tx = begin_write(&mut self.conn)?;
        tx.execute(
            "INSERT INTO season_event(season_id, event_id, position, weight)
             VALUES (?1, ?2, (SELECT coalesce(max(position), 0) + 1 FROM season_event
                              WHERE season_id = ?1), ?3)",
            params![season_id, event_id, weight],
        )?;
        record(
            &tx,
            "season-add",
            msg!("log.season_add", event = &ev.name, season = &s.name, weight),
            None,
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Changes an event's weight in a season.
    pub fn set_season_weight(&mut self, season_id: i64, event_id: i64, weight: &str) -> Result<()> {
        let s = self.season(season_id)?;
        let ev = self.event(event_id)?;
        let tx = begin_write(&mut self.conn)?;
        let n = tx.execute(
            "UPDATE season_event SET weight = ?3 WHERE season_id = ?1 AND event_id = ?2",
            params![season_id, event_id, weight],
        )?;
        if n == 0 {
            return Err(StoreError::Invalid(msg!(
                "err.season.not_in_season",
                event = &ev.name,
                season = &s.name
            )));
        }
        record(
            &tx,
            "season-weight",
            msg!(
                "log.season_weight",
                event = &ev.name,
                season = &s.name,
                weight
            ),
            None,
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Takes an event out of a season (the event itself stays).
    pub fn remove_season_event(&mut self, season_id: i64, event_id: i64) -> Result<()> {
        let s = self.season(season_id)?;
        let ev = self.event(event_id)?;
        let tx = begin_write(&mut self.conn)?;
        let n = tx.execute(
            "DELETE FROM season_event WHERE season_id = ?1 AND event_id = ?2",
            [season_id, event_id],
        )?;
        if n == 0 {
            return Err(StoreError::Invalid(msg!(
                "err.season.not_in_season",
                event = &ev.name,
                season = &s.name
            )));
        }
        record(
            &tx,
            "season-remove",
            msg!("log.season_remove", event = &ev.name, season = &s.name),
            None,
        )?;
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::EventSettings;

    fn club() -> (Store, i64, i64) {
        let mut s = Store::open_in_memory().unwrap();
        let a = s
            .create_event("周赛1", None, &EventSettings::default())
            .unwrap();
        let b = s
            .create_event("周赛2", None, &EventSettings::default())
            .unwrap();
        (s, a.id, b.id)
    }

    fn new(name: &str) -> NewSeason<'_> {
        NewSeason {
            name,
            rule: "placement:10,8,6,5,4,3,2,1",
            best: Some(2),
            min_events: 1,
            participation: "1",
        }
    }

    #[test]
    fn a_season_keeps_its_settings_and_its_events_in_order() {
        let (mut s, a, b) = club();
        let x = s.create_season(&new("2026")).unwrap();
        assert_eq!(x.best, Some(2));
        assert_eq!(x.participation, "1");
        s.add_season_event(x.id, b, "1").unwrap();
        s.add_season_event(x.id, a, "2").unwrap();
        let evs = s.season_events(x.id).unwrap();
        assert_eq!(
            evs.iter()
                .map(|e| (e.event_id, e.weight.as_str()))
                .collect::<Vec<_>>(),
            [(b, "1"), (a, "2")]
        );
        assert!(s.add_season_event(x.id, a, "1").is_err(), "once per season");
        let y = s.create_season(&new("rapid")).unwrap();
        s.add_season_event(y.id, a, "1").unwrap();
        assert_eq!(
            s.seasons_of_event(a).unwrap().len(),
            2,
            "in several seasons"
        );
        assert!(s.create_season(&new("2026")).is_err(), "names are unique");
        assert_eq!(s.resolve_season("2026").unwrap().id, x.id, "a name first");
        assert_eq!(s.resolve_season(&y.id.to_string()).unwrap().id, y.id);
    }

    #[test]
    fn every_season_change_is_undone_exactly() {
        let (mut s, a, b) = club();
        let before = s.dump_for_tests();
        let x = s.create_season(&new("2026")).unwrap();
        let after_new = s.dump_for_tests();
        s.add_season_event(x.id, a, "1").unwrap();
        s.add_season_event(x.id, b, "0.5").unwrap();
        let after_add = s.dump_for_tests();
        s.set_season_weight(x.id, b, "2").unwrap();
        s.remove_season_event(x.id, a).unwrap();
        s.undo_last().unwrap();
        s.undo_last().unwrap();
        assert_eq!(s.dump_for_tests(), after_add);
        s.undo_last().unwrap();
        s.undo_last().unwrap();
        assert_eq!(s.dump_for_tests(), after_new);
        s.delete_season(x.id).unwrap();
        assert!(s.seasons().unwrap().is_empty());
        s.undo_last().unwrap();
        assert_eq!(s.dump_for_tests(), after_new);
        s.undo_last().unwrap();
        assert_eq!(s.dump_for_tests(), before);
    }
}
