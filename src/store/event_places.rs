//! The kept final places of each finished event (migration 14,
//! `event_places`): what a season reads of an event (each entry's member,
//! name, rank, points and whether he played over the board) and the member
//! page (his points over every round), one compact
//! blob per event. The app computes the places through the per-kind door
//! and keeps them here; triggers drop an event's row in the same
//! transaction as any change to what its standings read, so a kept row is
//! never stale. [`Store::keeping`] runs the whole read (kept rows, the
//! standings of the others, keeping them) in one snapshot, so a change
//! committed meanwhile by another program cannot leave a stale row.

use super::{Result, Store, StoreError};
use crate::domain::Points;
use rusqlite::{params, Connection};
use std::collections::HashMap;

/// The layout version of an `event_places` blob; another version is
/// computed again. Raise it when the scoring of final places changes.
const BLOB_VERSION: u8 = 1;

/// One entry's final place in a finished event, as kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptPlace {
    pub member_id: i64,
    pub name: String,
    pub rank: u32,
    pub points: Points,
    pub played: bool,
    /// His points over every round of the event (not only the complete
    /// ones the standings count; the member page); `None` in a knockout.
    pub total: Option<Points>,
}

/// Are all the triggers that keep `event_places` true in place?
fn kept_places_trusted(conn: &Connection) -> Result<bool> {
    let names = super::migrations::EVENT_PLACES_TRIGGERS;
    let n: usize = conn.query_row(
        &format!(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ({})",
            names
                .iter()
                .map(|t| format!("'{t}'"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        [],
        |r| r.get(0),
    )?;
    Ok(n == names.len())
}

fn encode(places: &[KeptPlace]) -> Vec<u8> {
    let mut b = Vec::with_capacity(5 + places.len() * 32);
    b.push(BLOB_VERSION);
    b.extend_from_slice(&(places.len() as u32).to_le_bytes());
    for p in places {
        b.extend_from_slice(&p.member_id.to_le_bytes());
        b.extend_from_slice(&p.rank.to_le_bytes());
        b.extend_from_slice(&p.points.hundredths().to_le_bytes());
        b.push(u8::from(p.played));
        let total = p.total.map_or(i64::MIN, |t| t.hundredths());
        b.extend_from_slice(&total.to_le_bytes());
        b.extend_from_slice(&(p.name.len() as u32).to_le_bytes());
        b.extend_from_slice(p.name.as_bytes());
    }
    b
}

/// The places of a blob, or `None` when it is not one this code wrote.
fn decode(b: &[u8]) -> Option<Vec<KeptPlace>> {
    fn take<'a>(b: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        let (head, rest) = b.split_at_checked(n)?;
        *b = rest;
        Some(head)
    }
    let (&v, mut b) = b.split_first()?;
    if v != BLOB_VERSION {
        return None;
    }
    let u32_of = |s: &[u8]| u32::from_le_bytes(s.try_into().expect("4 bytes"));
    let i64_of = |s: &[u8]| i64::from_le_bytes(s.try_into().expect("8 bytes"));
    let n = u32_of(take(&mut b, 4)?) as usize;
    let mut out = Vec::with_capacity(n.min(b.len() / 33));
    for _ in 0..n {
        let member_id = i64_of(take(&mut b, 8)?);
        let rank = u32_of(take(&mut b, 4)?);
        let points = Points::from_hundredths(i64_of(take(&mut b, 8)?));
        let played = match take(&mut b, 1)?[0] {
            0 => false,
            1 => true,
            _ => return None,
        };
        let total = i64_of(take(&mut b, 8)?);
        let total = (total != i64::MIN).then(|| Points::from_hundredths(total));
        let len = u32_of(take(&mut b, 4)?) as usize;
        let name = std::str::from_utf8(take(&mut b, len)?).ok()?.to_string();
        out.push(KeptPlace {
            member_id,
            name,
            rank,
            points,
            played,
            total,
        });
    }
    b.is_empty().then_some(out)
}

impl Store {
    /// Runs `read` in one read transaction (one snapshot of the club) and
    /// commits what it kept when it says it wrote (see
    /// [`Store::keep_event_places`]); a keep that fails (busy, read-only,
    /// another program wrote meanwhile) is rolled back and the answer
    /// stands. Inside a caller's transaction, `read` runs in it.
    pub fn keeping<T, E: From<StoreError>>(
        &self,
        read: impl FnOnce() -> std::result::Result<(T, bool), E>,
    ) -> std::result::Result<T, E> {
        let own_tx = self.conn.is_autocommit();
        if own_tx {
            self.conn
                .execute_batch("BEGIN DEFERRED")
                .map_err(StoreError::from)?;
        }
        let result = read();
        if own_tx {
            let end = if result.as_ref().is_ok_and(|(_, wrote)| *wrote) {
                "COMMIT"
            } else {
                "ROLLBACK"
            };
            if self.conn.execute_batch(end).is_err() {
                let _ = self.conn.execute_batch("ROLLBACK");
            }
        }
        result.map(|(t, _)| t)
    }

    /// The kept final places of those of `events` that have them (call
    /// inside [`Store::keeping`]).
    pub fn kept_event_places(&self, events: &[i64]) -> Result<HashMap<i64, Vec<KeptPlace>>> {
        let mut out = HashMap::with_capacity(events.len());
        if events.is_empty() || !kept_places_trusted(&self.conn)? {
            return Ok(out);
        }
        let mut stmt = self
            .conn
            .prepare_cached("SELECT data FROM event_places WHERE event_id = ?1")?;
        for &id in events {
            let mut rows = stmt.query([id])?;
            if let Some(row) = rows.next()? {
                let data: Vec<u8> = row.get(0)?;
                if let Some(places) = decode(&data) {
                    out.insert(id, places);
                }
            }
        }
        Ok(out)
    }

    /// Keeps an event's final places, computed from the snapshot the
    /// enclosing [`Store::keeping`] reads; says whether they were written.
    /// Failing to keep them (busy, read-only) loses nothing.
    pub fn keep_event_places(&self, event_id: i64, places: &[KeptPlace]) -> Result<bool> {
        if !kept_places_trusted(&self.conn)? {
            return Ok(false);
        }
        Ok(self
            .conn
            .prepare_cached("INSERT OR REPLACE INTO event_places(event_id, data) VALUES (?1, ?2)")
            .and_then(|mut st| st.execute(params![event_id, encode(places)]))
            .is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn places() -> Vec<KeptPlace> {
        vec![
            KeptPlace {
                member_id: 7,
                name: "王天一".into(),
                rank: 1,
                points: Points::from_hundredths(450),
                played: true,
                total: Some(Points::from_hundredths(500)),
            },
            KeptPlace {
                member_id: 3,
                name: "B".into(),
                rank: 2,
                points: Points::from_hundredths(-50),
                played: false,
                total: None,
            },
        ]
    }

    #[test]
    fn a_blob_reads_back_as_the_places_it_was_made_from() {
        assert_eq!(decode(&encode(&places())), Some(places()));
        assert_eq!(decode(&encode(&[])), Some(vec![]));
    }

    #[test]
    fn a_damaged_or_foreign_blob_is_not_read() {
        let b = encode(&places());
        assert_eq!(decode(&b[..b.len() - 1]), None, "cut short");
        let mut longer = b.clone();
        longer.push(0);
        assert_eq!(decode(&longer), None, "a byte too many");
        let mut other = b.clone();
        other[0] = BLOB_VERSION + 1;
        assert_eq!(decode(&other), None, "another layout");
        assert_eq!(decode(&[]), None, "empty");
    }
}
