//! The round schedule: when each round starts (date and time), set before
//! or after pairing and printed on the round's pairing sheet and slips.
//!
//! Kept in the event's pairing settings as
//! [`crate::domain::EventExtras::round_starts`] (stored as a JSON object:
//! round number → `YYYY-MM-DDTHH:MM`), so it needs no table of
//! its own and is undone like any other change.

use super::{invalid, App, Result};
use crate::app::EventId;
use crate::domain::Event;
use crate::domain::RoundNo;
use chrono::{NaiveDateTime, Timelike};

/// A round start as written by people: `2026-12-05 14:00` (or with a `T`).
pub fn parse_round_start(s: &str) -> Option<NaiveDateTime> {
    let s = s.trim();
    [
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%dT%H:%M:%S",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(s, f).ok())
}

/// When round `round` of `ev` starts, if scheduled.
pub fn round_start(ev: &Event, round: RoundNo) -> Option<NaiveDateTime> {
    ev.settings
        .pairing_settings
        .extras
        .round_starts
        .get(&round.get())
        .copied()
}

impl App {
    /// Sets (or with `None` clears) when a round starts. Any of the
    /// event's rounds, paired or not.
    pub fn set_round_start(
        &mut self,
        event_key: EventId,
        round: RoundNo,
        start: Option<NaiveDateTime>,
    ) -> Result<()> {
        let round = round.get();
        let ev = self.event(event_key)?;
        let rounds = ev.settings.rounds;
        if round == 0 || round > rounds {
            return Err(invalid!("err.app.round_not_in_event", round, rounds));
        }
        let mut settings = ev.settings.pairing_settings.clone();
        let starts = &mut settings.extras.round_starts;
        let summary = match start {
            Some(t) => {
                // Kept to the minute, as stored.
                let t = t
                    .with_second(0)
                    .and_then(|t| t.with_nanosecond(0))
                    .unwrap_or(t);
                starts.insert(round, t);
                let v = t.format("%Y-%m-%dT%H:%M").to_string();
                crate::i18n::msg!("log.round_start", round, start = v)
            }
            None => {
                starts.remove(&round);
                crate::i18n::msg!("log.round_no_start", round)
            }
        };
        Ok(self.store.set_pairing_settings(ev.id, &settings, summary)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_starts_read_with_a_space_or_a_t_and_refuse_other_text() {
        let want = chrono::NaiveDate::from_ymd_opt(2026, 12, 5)
            .unwrap()
            .and_hms_opt(14, 0, 0);
        assert_eq!(parse_round_start("2026-12-05 14:00"), want);
        assert_eq!(parse_round_start(" 2026-12-05T14:00 "), want);
        assert_eq!(parse_round_start("2026-12-05"), None);
        assert_eq!(parse_round_start("14:00"), None);
        assert_eq!(parse_round_start("2026-13-05 14:00"), None);
    }
}
