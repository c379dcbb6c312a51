//! Forbidden pairs: two entries that must not meet, in every round or in
//! some ranges of rounds (a TRF-2026 `260` record each). A pair has one
//! row a range, or one row without rounds (every round); its ranges are
//! kept apart, those that overlap or meet joined. Every change is one
//! transaction, undone exactly by the captured undo.

use super::log::record;
use super::{Result, Store, StoreError};
use crate::domain::{cut_ranges, join_ranges, ranges_text, Entry, ForbiddenPair};
use crate::i18n::msg;
use rusqlite::{params, Transaction};

/// A pair's rounds as stored: `None` every round, else its ranges.
type Rounds = Option<Vec<(u32, u32)>>;

/// The entry ids of a pair, smaller first; the same entry twice is refused.
fn key(a: &Entry, b: &Entry) -> Result<(i64, i64)> {
    if a.id == b.id {
        return Err(StoreError::Invalid(msg!("err.store.forbid_self")));
    }
    Ok((a.id.min(b.id), a.id.max(b.id)))
}

fn check_range(rounds: Option<(u32, u32)>) -> Result<()> {
    match rounds {
        Some((f, l)) if f == 0 || l < f => Err(StoreError::Invalid(msg!(
            "err.store.forbid_rounds",
            first = f,
            last = l
        ))),
        _ => Ok(()),
    }
}

/// The rows of a pair: `None` when it is not forbidden.
fn read(tx: &Transaction<'_>, event_id: i64, (x, y): (i64, i64)) -> Result<Option<Rounds>> {
    let mut stmt = tx.prepare_cached(
        "SELECT first_round, last_round FROM forbidden_pair
         WHERE event_id=?1 AND entry_a=?2 AND entry_b=?3 ORDER BY first_round",
    )?;
    let rows = stmt
        .query_map(params![event_id, x, y], |r| {
            let f: Option<u32> = r.get(0)?;
            let l: Option<u32> = r.get(1)?;
            Ok(f.map(|f| (f, l.unwrap_or(f))))
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    if rows.is_empty() {
        return Ok(None);
    }
    Ok(Some(rows.into_iter().collect::<Option<Vec<_>>>()))
}

/// Replaces the rows of a pair by `rounds` (`Some(empty)`: no row).
fn write(tx: &Transaction<'_>, event_id: i64, (x, y): (i64, i64), rounds: &Rounds) -> Result<()> {
    tx.execute(
        "DELETE FROM forbidden_pair WHERE event_id=?1 AND entry_a=?2 AND entry_b=?3",
        params![event_id, x, y],
    )?;
    let rows: Vec<Option<(u32, u32)>> = match rounds {
        None => vec![None],
        Some(v) => v.iter().copied().map(Some).collect(),
    };
    for r in rows {
        tx.execute(
            "INSERT INTO forbidden_pair(event_id, entry_a, entry_b, first_round, last_round)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![event_id, x, y, r.map(|r| r.0), r.map(|r| r.1)],
        )?;
    }
    Ok(())
}

impl Store {
    /// Records a pair of entries that must not meet in any round.
    pub fn forbid_pair(&mut self, event_id: i64, a: &Entry, b: &Entry) -> Result<()> {
        self.forbid_pair_in(event_id, a, b, None)
    }

    /// Records a pair of entries that must not meet in `rounds` (first,
    /// last), added to the rounds the pair is already kept apart in
    /// (joined with a range it overlaps or meets); `None`: in every round,
    /// instead of its ranges.
    pub fn forbid_pair_in(
        &mut self,
        event_id: i64,
        a: &Entry,
        b: &Entry,
        rounds: Option<(u32, u32)>,
    ) -> Result<()> {
        let pair = key(a, b)?;
        check_range(rounds)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let old = read(&tx, event_id, pair)?;
        let new: Rounds = match (rounds, old) {
            (None, _) | (Some(_), Some(None)) => None,
            (Some(r), None) => Some(vec![r]),
            (Some(r), Some(Some(mut v))) => {
                v.push(r);
                Some(join_ranges(v))
            }
        };
        write(&tx, event_id, pair, &new)?;
        let summary = match &new {
            None => msg!("log.forbid", a = &a.name, b = &b.name),
            Some(v) => msg!(
                "log.forbid_rounds",
                a = &a.name,
                b = &b.name,
                rounds = ranges_text(v)
            ),
        };
        record(&tx, "forbid", summary, None)?;
        tx.commit()?;
        Ok(())
    }

    /// Lifts a forbidden pair: in every round (`None`), or in `rounds`
    /// only, cut out of its ranges (a pair kept apart in every round is
    /// then kept apart in the other rounds of `total_rounds`). A pair not
    /// forbidden is refused.
    pub fn lift_forbidden(
        &mut self,
        event_id: i64,
        a: &Entry,
        b: &Entry,
        rounds: Option<(u32, u32)>,
        total_rounds: u32,
    ) -> Result<()> {
        let pair = key(a, b)?;
        check_range(rounds)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let Some(old) = read(&tx, event_id, pair)? else {
            return Err(StoreError::Invalid(msg!(
                "err.store.not_forbidden",
                a = &a.name,
                b = &b.name
            )));
        };
        let left = match rounds {
            None => Vec::new(),
            Some(cut) => {
                let have = old.unwrap_or_else(|| vec![(1, total_rounds.max(cut.1))]);
                cut_ranges(&have, cut)
            }
        };
        write(&tx, event_id, pair, &Some(left.clone()))?;
        // The rounds lifted and what is left, so the log (and the undo's
        // "undone: …") says what this change did.
        let summary = match (left.is_empty(), rounds) {
            (true, _) | (false, None) => msg!("log.forbid_lift", a = &a.name, b = &b.name),
            (false, Some(cut)) => msg!(
                "log.forbid_lift_rounds",
                a = &a.name,
                b = &b.name,
                lifted = ranges_text(&[cut]),
                rounds = ranges_text(&left)
            ),
        };
        record(&tx, "forbid-lift", summary, None)?;
        tx.commit()?;
        Ok(())
    }

    /// The event's forbidden pairs (entry ids), a value a range of rounds,
    /// by pair and first round.
    pub fn forbidden_pairs(&self, event_id: i64) -> Result<Vec<ForbiddenPair>> {
        self.rows(
            "SELECT entry_a, entry_b, first_round, last_round FROM forbidden_pair
             WHERE event_id=?1 ORDER BY entry_a, entry_b, first_round",
            [event_id],
            |r| {
                let f: Option<u32> = r.get(2)?;
                let l: Option<u32> = r.get(3)?;
                Ok(ForbiddenPair {
                    a: r.get(0)?,
                    b: r.get(1)?,
                    rounds: f.map(|f| (f, l.unwrap_or(f))),
                })
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{EventSettings, NewMember};

    fn pair() -> (Store, i64, Entry, Entry) {
        let mut s = Store::open_in_memory().unwrap();
        let e = s
            .create_event("E", None, &EventSettings::default())
            .unwrap();
        let mut ids = Vec::new();
        for name in ["甲", "乙"] {
            let m = NewMember {
                name: name.into(),
                ..Default::default()
            };
            ids.push(s.add_member(&m).unwrap().id);
        }
        s.enter_members(e.id, &ids).unwrap();
        let a = s.resolve_entry(e.id, "甲").unwrap();
        let b = s.resolve_entry(e.id, "乙").unwrap();
        (s, e.id, a, b)
    }

    fn rounds(s: &Store, e: i64) -> Vec<Option<(u32, u32)>> {
        s.forbidden_pairs(e)
            .unwrap()
            .iter()
            .map(|f| f.rounds)
            .collect()
    }

    /// A second range is added (one that meets or overlaps another is
    /// joined to it), no rounds means every round, a lift cuts rounds out
    /// or lifts all, and each change is undone to the rows before it.
    /// Before, a second range replaced the first.
    #[test]
    fn a_pair_holds_several_ranges_each_change_undone_exactly() {
        let (mut s, e, a, b) = pair();
        s.forbid_pair_in(e, &a, &b, Some((1, 3))).unwrap();
        s.forbid_pair_in(e, &b, &a, Some((6, 8))).unwrap();
        assert_eq!(rounds(&s, e), [Some((1, 3)), Some((6, 8))]);
        let holds = |s: &Store, r| s.forbidden_pairs(e).unwrap().iter().any(|f| f.holds_in(r));
        assert!(holds(&s, 2) && holds(&s, 7) && !holds(&s, 5));
        let before = s.dump_for_tests();
        s.forbid_pair_in(e, &a, &b, Some((4, 5))).unwrap();
        assert_eq!(rounds(&s, e), [Some((1, 8))]);
        s.undo_last().unwrap();
        assert_eq!(s.dump_for_tests(), before);
        s.lift_forbidden(e, &a, &b, Some((2, 6)), 9).unwrap();
        assert_eq!(rounds(&s, e), [Some((1, 1)), Some((7, 8))]);
        s.undo_last().unwrap();
        assert_eq!(s.dump_for_tests(), before);
        s.forbid_pair(e, &a, &b).unwrap();
        assert_eq!(rounds(&s, e), [None]);
        s.forbid_pair_in(e, &a, &b, Some((2, 2))).unwrap();
        assert_eq!(rounds(&s, e), [None], "every round stays every round");
        s.lift_forbidden(e, &a, &b, Some((4, 9)), 9).unwrap();
        assert_eq!(rounds(&s, e), [Some((1, 3))]);
        s.lift_forbidden(e, &a, &b, None, 9).unwrap();
        assert_eq!(rounds(&s, e), []);
        assert!(s.lift_forbidden(e, &a, &b, None, 9).is_err());
        for _ in 0..4 {
            s.undo_last().unwrap();
        }
        assert_eq!(s.dump_for_tests(), before);
    }
}
