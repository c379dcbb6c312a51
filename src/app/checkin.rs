//! The check-in of the next round (签到): who is present tonight. The
//! absent get a zero bye for the round, so pairing the round pairs
//! everyone present; a bye asked for earlier goes when its player turns up.

use super::{invalid, App, EntryId, EventId, Result};
use crate::domain::{Entry, EventStatus};

/// One player of the check-in list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckInRow {
    pub entry: Entry,
    /// No bye is asked for the round (the list starts from this).
    pub expected: bool,
}

/// The check-in list of an event's next round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckInList {
    /// The round checked in for (the next one to pair).
    pub round: u32,
    /// The entries that can play in that round, in start-number order.
    pub rows: Vec<CheckInRow>,
}

/// What a check-in recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedIn {
    pub round: u32,
    pub present: usize,
    pub absent: usize,
}

impl App {
    /// The players of the next round, each marked expected unless a bye is
    /// asked for that round. Refused for a finished event or one whose
    /// rounds are all paired.
    pub fn check_in_list(&self, event: EventId) -> Result<CheckInList> {
        let ev = self.event(event)?;
        if ev.status == EventStatus::Finished {
            return Err(invalid!("err.app.event_finished", event = &ev.name));
        }
        let round = self.rounds_paired(event)? + 1;
        if round > ev.settings.rounds {
            return Err(invalid!(
                "err.app.all_rounds_paired",
                rounds = ev.settings.rounds,
                event = &ev.name
            ));
        }
        let byes: Vec<i64> = self
            .store
            .requested_byes(event.0)?
            .into_iter()
            .filter(|b| b.round == round)
            .map(|b| b.entry_id)
            .collect();
        let rows = self
            .entries(event)?
            .into_iter()
            .filter(|e| e.available_in(round))
            .map(|e| CheckInRow {
                expected: !byes.contains(&e.id),
                entry: e,
            })
            .collect();
        Ok(CheckInList { round, rows })
    }

    /// Records who is present for the next round: every player of
    /// [`App::check_in_list`] not in `present` gets a zero bye for that
    /// round, and those present lose a bye asked for it. One change (one
    /// undo). An id that is not a player of that round is refused.
    pub fn check_in(&mut self, event: EventId, present: &[EntryId]) -> Result<CheckedIn> {
        let list = self.check_in_list(event)?;
        if let Some(id) = present
            .iter()
            .find(|id| !list.rows.iter().any(|r| r.entry.id == id.0))
        {
            return Err(invalid!("tui.err.no_entry", entry = id.0));
        }
        let (here, away): (Vec<i64>, Vec<i64>) = list
            .rows
            .iter()
            .map(|r| r.entry.id)
            .partition(|id| present.iter().any(|p| p.0 == *id));
        self.store.check_in(event.0, list.round, &here, &away)?;
        Ok(CheckedIn {
            round: list.round,
            present: here.len(),
            absent: away.len(),
        })
    }
}
