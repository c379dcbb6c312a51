//! The check-in of the next round (签到): who is present tonight. The
//! absent get a bye for the round, so pairing the round pairs everyone
//! present: zero for "absent, no notice", the event's requested-bye value
//! for "absent, excused" (as when a bye was asked); a bye asked for earlier
//! goes when its player turns up.

use super::{invalid, App, EntryId, EventId, Result};
use crate::domain::{Entry, EventStatus, RequestedByeValue, RoundNo};

/// A player's mark in the check-in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attendance {
    Present,
    /// Absent without notice: a zero bye.
    Absent,
    /// Absent, excused: the event's requested-bye value.
    Excused,
}

impl Attendance {
    /// The next mark of the cycle present → absent → excused → present.
    pub fn next(self) -> Self {
        match self {
            Attendance::Present => Attendance::Absent,
            Attendance::Absent => Attendance::Excused,
            Attendance::Excused => Attendance::Present,
        }
    }
}

/// One player of the check-in list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckInRow {
    pub entry: Entry,
    /// What the list starts from: present unless a bye is recorded for the
    /// round (absent when recorded without notice, else excused).
    pub mark: Attendance,
}

/// The check-in list of an event's next round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckInList {
    /// The round checked in for (the next one to pair).
    pub round: RoundNo,
    /// The entries that can play in that round, in start-number order.
    pub rows: Vec<CheckInRow>,
}

/// What a check-in recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckedIn {
    pub round: RoundNo,
    pub present: usize,
    /// Absent without notice (a zero bye).
    pub absent: usize,
    pub excused: usize,
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
        let byes: Vec<(i64, bool)> = self
            .store
            .requested_byes(event.0)?
            .into_iter()
            .filter(|b| b.round == round)
            .map(|b| (b.entry_id, b.notice))
            .collect();
        let rows = self
            .entries(event)?
            .into_iter()
            .filter(|e| e.available_in(round))
            .map(|e| CheckInRow {
                mark: match byes.iter().find(|b| b.0 == e.id) {
                    None => Attendance::Present,
                    Some((_, false)) => Attendance::Absent,
                    Some((_, true)) => Attendance::Excused,
                },
                entry: e,
            })
            .collect();
        Ok(CheckInList {
            round: RoundNo(round),
            rows,
        })
    }

    /// Records who is present for the next round: every player of
    /// [`App::check_in_list`] not in `present` gets a zero bye for that
    /// round, and those present lose a bye asked for it. One change (one
    /// undo). An id that is not a player of that round is refused.
    pub fn check_in(&mut self, event: EventId, present: &[EntryId]) -> Result<CheckedIn> {
        self.check_in_marked(event, present, &[])
    }

    /// [`App::check_in`] where the players of `excused` (not present) get
    /// the event's requested-bye value instead of zero. One change.
    pub fn check_in_marked(
        &mut self,
        event: EventId,
        present: &[EntryId],
        excused: &[EntryId],
    ) -> Result<CheckedIn> {
        let list = self.check_in_list(event)?;
        if let Some(id) = present
            .iter()
            .chain(excused)
            .find(|id| !list.rows.iter().any(|r| r.entry.id == id.0))
        {
            return Err(invalid!("tui.err.no_entry", entry = id.0));
        }
        let value = self.event(event)?.settings.byes.requested;
        let has = |ids: &[EntryId], id: i64| ids.iter().any(|p| p.0 == id);
        let mut here = Vec::new();
        let mut away = Vec::new();
        let mut excused_n = 0;
        for id in list.rows.iter().map(|r| r.entry.id) {
            if has(present, id) {
                here.push(id);
            } else if has(excused, id) {
                away.push((id, value, true));
                excused_n += 1;
            } else {
                away.push((id, RequestedByeValue::Zero, false));
            }
        }
        self.store
            .check_in(event.0, list.round.get(), &here, &away)?;
        Ok(CheckedIn {
            round: list.round,
            present: here.len(),
            absent: away.len() - excused_n,
            excused: excused_n,
        })
    }
}
