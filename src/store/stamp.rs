//! An event's stamp: a fingerprint of every row that pairing its next round
//! reads (the event's settings, its entries with their members, byes,
//! forbidden pairs, rounds, boards and games, team and knockout rows).
//! Pairing a big event takes seconds, outside any transaction; the round
//! is stored only if the stamp read inside the write transaction is the
//! one the pairing started from, so a withdrawal or late entry made
//! meanwhile is never lost (the caller pairs again).

use super::NewBoard;
use super::{Result, Store, StoreError};
use crate::i18n::msg;
use rusqlite::types::ValueRef;
use rusqlite::Connection;
use std::hash::{Hash, Hasher};

/// The rows of an event, each query with the event id as `?1`.
const EVENT_ROWS: &[&str] = &[
    "SELECT * FROM event WHERE id = ?1",
    "SELECT e.*, m.name, m.rating, m.club, m.retired FROM entry e
     JOIN member m ON m.id = e.member_id WHERE e.event_id = ?1 ORDER BY e.id",
    "SELECT b.* FROM requested_bye b JOIN entry e ON e.id = b.entry_id
     WHERE e.event_id = ?1 ORDER BY b.entry_id, b.round",
    "SELECT * FROM forbidden_pair WHERE event_id = ?1 ORDER BY entry_a, entry_b, first_round",
    "SELECT * FROM round WHERE event_id = ?1 ORDER BY id",
    "SELECT b.* FROM board b JOIN round r ON r.id = b.round_id
     WHERE r.event_id = ?1 ORDER BY b.id",
    "SELECT g.* FROM game g JOIN board b ON b.id = g.board_id
     JOIN round r ON r.id = b.round_id WHERE r.event_id = ?1 ORDER BY g.id",
    "SELECT * FROM team_event WHERE event_id = ?1",
    "SELECT * FROM team WHERE event_id = ?1 ORDER BY id",
    "SELECT tm.* FROM team_member tm JOIN team t ON t.id = tm.team_id
     WHERE t.event_id = ?1 ORDER BY tm.entry_id",
    "SELECT l.* FROM team_lineup l JOIN team t ON t.id = l.team_id
     WHERE t.event_id = ?1 ORDER BY l.team_id, l.round, l.board",
    "SELECT tm.* FROM team_match tm JOIN round r ON r.id = tm.round_id
     WHERE r.event_id = ?1 ORDER BY tm.round_id, tm.number",
    "SELECT * FROM knockout WHERE event_id = ?1",
    "SELECT k.* FROM knockout_match k JOIN board b ON b.id = k.board_id
     JOIN round r ON r.id = b.round_id WHERE r.event_id = ?1 ORDER BY k.board_id",
];

fn stamp(conn: &Connection, event_id: i64) -> Result<u64> {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for sql in EVENT_ROWS {
        let mut stmt = conn.prepare_cached(sql)?;
        let n = stmt.column_count();
        let mut rows = stmt.query([event_id])?;
        while let Some(r) = rows.next()? {
            for i in 0..n {
                match r.get_ref(i)? {
                    ValueRef::Null => 0u8.hash(&mut h),
                    ValueRef::Integer(v) => (1u8, v).hash(&mut h),
                    ValueRef::Real(v) => (2u8, v.to_bits()).hash(&mut h),
                    ValueRef::Text(t) => (3u8, t).hash(&mut h),
                    ValueRef::Blob(b) => (4u8, b).hash(&mut h),
                }
            }
            0xffu8.hash(&mut h);
        }
        0xfeu8.hash(&mut h);
    }
    Ok(h.finish())
}

/// Inside a write transaction: `StoreError::Changed` unless the event's
/// stamp is still `expected` (`None`: no check, the caller read nothing
/// before the transaction).
pub(super) fn check_unchanged(tx: &Connection, event_id: i64, expected: Option<u64>) -> Result<()> {
    match expected {
        Some(e) if stamp(tx, event_id)? != e => Err(StoreError::Changed),
        _ => Ok(()),
    }
}

impl Store {
    /// The event's stamp now (see the module notes).
    pub fn event_stamp(&self, event_id: i64) -> Result<u64> {
        stamp(&self.conn, event_id)
    }

    /// Stores round `number` like [`Store::save_round`], but only if the
    /// event's stamp is still `expected`; else `StoreError::Changed` and
    /// nothing is written.
    pub fn save_round_if_unchanged(
        &mut self,
        event_id: i64,
        number: u32,
        boards: &[NewBoard],
        expected: u64,
        clubmates_allowed: bool,
    ) -> Result<i64> {
        super::games::check_boards(boards)?;
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        check_unchanged(&tx, event_id, Some(expected))?;
        let round_id = super::events::insert_next_round(&tx, event_id, number)?;
        super::games::insert_boards(&tx, round_id, boards)?;
        if event.status == crate::domain::EventStatus::Planned {
            tx.execute("UPDATE event SET status='running' WHERE id=?1", [event_id])?;
        }
        super::log::record(
            &tx,
            "round-pair",
            msg!(
                if clubmates_allowed {
                    "log.round_pair_clubmates"
                } else {
                    "log.round_pair"
                },
                round = number,
                event = &event.name,
                boards = boards.len()
            ),
            None,
        )?;
        tx.commit()?;
        Ok(round_id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{EventSettings, NewMember};

    #[test]
    fn a_change_to_the_event_changes_its_stamp_and_stops_the_round() {
        let mut s = Store::open_in_memory().unwrap();
        let mut ids = Vec::new();
        for n in ["A", "B", "C"] {
            let m = s
                .add_member(&NewMember {
                    name: n.into(),
                    ..Default::default()
                })
                .unwrap();
            ids.push(m.id);
        }
        let ev = s
            .create_event("E", None, &EventSettings::default())
            .unwrap();
        let other = s
            .create_event("F", None, &EventSettings::default())
            .unwrap();
        s.enter_members(ev.id, &ids[..2]).unwrap();
        let before = s.event_stamp(ev.id).unwrap();
        assert_eq!(s.event_stamp(ev.id).unwrap(), before);
        // another event's change is not this event's
        s.enter_members(other.id, &ids[..1]).unwrap();
        assert_eq!(s.event_stamp(ev.id).unwrap(), before);
        s.enter_members(ev.id, &ids[2..]).unwrap();
        let entries = s.entries(ev.id).unwrap();
        let boards = [NewBoard {
            red: entries[0].id,
            black: Some(entries[1].id),
        }];
        assert!(matches!(
            s.save_round_if_unchanged(ev.id, 1, &boards, before, false),
            Err(StoreError::Changed)
        ));
        assert_eq!(s.rounds_paired(ev.id).unwrap(), 0);
        let now = s.event_stamp(ev.id).unwrap();
        s.save_round_if_unchanged(ev.id, 1, &boards, now, false)
            .unwrap();
        assert_eq!(s.rounds_paired(ev.id).unwrap(), 1);
    }
}
