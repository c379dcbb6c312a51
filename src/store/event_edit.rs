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
        let mut values = vec![rusqlite::types::Value::Integer(id)];
        values.extend(super::events::settings_values(name, start_date, s)?);
        let set = super::events::SETTINGS_COLUMNS
            .iter()
            .enumerate()
            .map(|(i, c)| format!("{c}=?{}", i + 2))
            .collect::<Vec<_>>()
            .join(", ");
        let n = tx
            .execute(
                &format!("UPDATE event SET {set} WHERE id=?1"),
                rusqlite::params_from_iter(values),
            )
            .map_err(super::events::out_of_range)?;
        if n == 0 {
            return Err(StoreError::NotFound(msg!("err.store.no_event_id", id)));
        }
        record(&tx, "event-edit", msg!("log.event_edit", name), None)?;
        tx.commit()?;
        Ok(())
    }
}
