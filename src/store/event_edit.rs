//! Changing an event's name, date and settings after it was created, as
//! one change of the action log (the capture triggers keep the old row).

use super::log::record;
use super::{Result, Store, StoreError};
use crate::domain::EventSettings;
use crate::i18n::msg;
use rusqlite::{params, OptionalExtension};

impl Store {
    /// Replaces the name, start date and settings of event `id`. The app
    /// layer decides which settings may still change.
    pub fn update_event(
        &mut self,
        id: i64,
        name: &str,
        start_date: Option<chrono::NaiveDate>,
        s: &EventSettings,
    ) -> Result<()> {
        let name = name.trim();
        if name.is_empty() {
            return Err(StoreError::Invalid(msg!("err.store.event_needs_name")));
        }
        super::limits::event(name, s)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let clash: Option<i64> = tx
            .query_row(
                "SELECT id FROM event WHERE name=?1 AND id<>?2",
                params![name, id],
                |r| r.get(0),
            )
            .optional()?;
        if clash.is_some() {
            return Err(StoreError::Invalid(msg!("err.store.event_exists", name)));
        }
        let n = tx.execute(
            "UPDATE event SET name=?2, start_date=?3, scheme=?4, scheme_settings=?5, system=?6,
                 rounds=?7, games_per_round=?8, red_base_ms=?9, black_base_ms=?10,
                 increment_ms=?11, tiebreaks=?12, bye_opponent=?13, requested_bye=?14,
                 forfeits_to_drop=?15, pairing_settings=?16
             WHERE id=?1",
            params![
                id,
                name,
                start_date.map(|d| d.to_string()),
                s.scheme,
                serde_json::to_string(&s.scheme_settings)?,
                s.system.code(),
                s.rounds,
                s.games_per_round,
                s.time_control.red_base_ms,
                s.time_control.black_base_ms,
                s.time_control.increment_ms,
                s.tiebreaks.join(","),
                s.byes.opponent_score.code(),
                s.byes.requested.code(),
                s.byes.forfeits_to_drop,
                serde_json::to_string(&s.pairing_settings)?,
            ],
        )?;
        if n == 0 {
            return Err(StoreError::NotFound(msg!("err.store.no_event_id", id)));
        }
        record(&tx, "event-edit", msg!("log.event_edit", name), None)?;
        tx.commit()?;
        Ok(())
    }
}
