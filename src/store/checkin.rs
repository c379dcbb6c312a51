//! The check-in of a round (签到): who is present tonight, stored as the
//! byes of that round, in one change of the action log.

use super::events::rounds_paired;
use super::log::record;
use super::{Result, Store, StoreError};
use crate::domain::RequestedByeValue;
use crate::i18n::msg;
use rusqlite::params;

impl Store {
    /// Records the check-in of `round` (not yet paired) of `event_id`: each
    /// entry of `absent` gets a bye of its value for the round (zero for
    /// "no notice", the event's requested-bye value for "excused"), marked
    /// with its notice flag (false: absent without notice); each of
    /// `present` loses a bye asked for it. The caller gives entries of the
    /// event.
    pub fn check_in(
        &mut self,
        event_id: i64,
        round: u32,
        present: &[i64],
        absent: &[(i64, RequestedByeValue, bool)],
    ) -> Result<()> {
        let excused = absent.iter().filter(|a| a.2).count();
        let tx = super::log::begin_write(&mut self.conn)?;
        if rounds_paired(&tx, event_id)? >= round {
            return Err(StoreError::Invalid(msg!(
                "err.store.bye_round_paired",
                round
            )));
        }
        for id in present {
            tx.execute(
                "DELETE FROM requested_bye WHERE entry_id=?1 AND round=?2",
                params![id, round],
            )?;
        }
        for (id, value, notice) in absent {
            tx.execute(
                "INSERT OR REPLACE INTO requested_bye(entry_id, round, value, notice)
                 VALUES (?1, ?2, ?3, ?4)",
                params![id, round, value.code(), notice],
            )?;
        }
        let summary = if excused == 0 {
            msg!(
                "log.check_in",
                round,
                present = present.len(),
                absent = absent.len()
            )
        } else {
            msg!(
                "log.check_in_excused",
                round,
                present = present.len(),
                excused,
                absent = absent.len() - excused
            )
        };
        record(&tx, "check-in", summary, None)?;
        tx.commit()?;
        Ok(())
    }
}
