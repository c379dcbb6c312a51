//! Results reported by players (from the served pages, `qishe serve`):
//! a report is stored as pending, never as a result; the arbiter lists
//! them (two different results reported for one board are a conflict),
//! confirms one — recorded through [`App::event_result`], the ordinary
//! logged path, so undo takes it back — or rejects a board's reports.
//!
//! Reporting needs a PIN: the event's own (the pairing setting
//! [`ENTRY_PIN`], `qishe event pin`) or the server's (`--entry-pin`). With
//! neither, reporting is off.

use super::{invalid, App, EventId, EventResult, Result, ResultInput};
use crate::domain::{Entry, Outcome};
pub use crate::store::{ReportState, ResultReport};

/// The pairing-settings key of the event's reporting PIN.
pub const ENTRY_PIN: &str = "entry_pin";

/// Why a report was refused before it was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PinRefusal {
    /// No PIN is set: reporting is off.
    Off,
    /// The PIN given is not the one set.
    Wrong,
}

/// A board with reports waiting for the arbiter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingBoard {
    pub round: u32,
    pub board: u32,
    pub red: Option<Entry>,
    pub black: Option<Entry>,
    /// Every pending report of the board, oldest first.
    pub reports: Vec<ResultReport>,
}

impl PendingBoard {
    /// Two reports disagree: the arbiter decides.
    pub fn conflict(&self) -> bool {
        self.reports
            .iter()
            .any(|r| r.result != self.reports[0].result)
    }

    /// The result reported, when all reports agree.
    pub fn agreed(&self) -> Option<&str> {
        (!self.conflict())
            .then(|| self.reports.first().map(|r| r.result.as_str()))
            .flatten()
    }
}

/// Compares two PINs in time that does not depend on where they differ.
fn same_pin(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut diff = a.len() ^ b.len();
    for i in 0..a.len().max(b.len()) {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        diff |= (x ^ y) as usize;
    }
    diff == 0
}

impl App {
    /// A fingerprint of everything the event's pages show (its stamp):
    /// a page is out of date when it changes.
    pub fn event_version(&self, id: EventId) -> Result<u64> {
        Ok(self.store.event_stamp(id.0)?)
    }

    /// The event's own reporting PIN, if set.
    pub fn entry_pin(&self, id: EventId) -> Result<Option<String>> {
        let ev = self.event(id)?;
        Ok(ev
            .settings
            .pairing_settings
            .get(ENTRY_PIN)
            .and_then(|v| v.as_str())
            .map(str::to_string))
    }

    /// Sets (or with `None` clears) the event's reporting PIN, undoably.
    pub fn set_entry_pin(&mut self, id: EventId, pin: Option<&str>) -> Result<()> {
        let ev = self.event(id)?;
        let mut settings = ev.settings.pairing_settings.clone();
        let summary = match pin.map(str::trim) {
            Some(p) if !p.is_empty() => {
                if p.chars().count() > 32 || p.chars().any(char::is_control) {
                    return Err(invalid!("err.serve.pin_form"));
                }
                settings.insert(ENTRY_PIN.into(), p.into());
                crate::i18n::msg!("log.entry_pin_set")
            }
            _ => {
                settings.remove(ENTRY_PIN);
                crate::i18n::msg!("log.entry_pin_cleared")
            }
        };
        Ok(self.store.set_pairing_settings(ev.id, &settings, summary)?)
    }

    /// Whether `given` opens reporting for the event: its own PIN, else
    /// `server_pin` (the one the server was started with).
    pub fn check_entry_pin(
        &self,
        id: EventId,
        given: &str,
        server_pin: Option<&str>,
    ) -> Result<std::result::Result<(), PinRefusal>> {
        let own = self.entry_pin(id)?;
        let Some(pin) = own.as_deref().or(server_pin).filter(|p| !p.is_empty()) else {
            return Ok(Err(PinRefusal::Off));
        };
        Ok(if same_pin(pin, given.trim()) {
            Ok(())
        } else {
            Err(PinRefusal::Wrong)
        })
    }

    /// Stores a player's report of a board's result as pending (never as
    /// the result): the result must be one the notation knows (not `*`),
    /// on a paired board with two players. `source` names the reporter
    /// (his address).
    pub fn report_result(
        &mut self,
        id: EventId,
        round: u32,
        board: u32,
        result: &str,
        source: &str,
    ) -> Result<i64> {
        let outcome = result
            .parse::<Outcome>()
            .ok()
            .filter(|o| *o != Outcome::Unplayed)
            .ok_or_else(|| invalid!("err.cli.not_a_result", value = result))?;
        let ev = self.event(id)?;
        let b = self
            .store
            .boards(ev.id, Some(round))?
            .into_iter()
            .find(|b| b.number == board)
            .ok_or_else(|| invalid!("err.app.no_board", round, board))?;
        if b.black.is_none() {
            return Err(invalid!("err.app.bye_board", round, board));
        }
        let at = chrono::Local::now().format("%Y-%m-%dT%H:%M:%S").to_string();
        let source: String = source.chars().take(64).collect();
        Ok(self
            .store
            .add_result_report(ev.id, round, board, outcome.code(), &source, &at)?)
    }

    /// The boards with pending reports, by round and board, with their
    /// players.
    pub fn pending_reports(&self, id: EventId) -> Result<Vec<PendingBoard>> {
        let ev = self.event(id)?;
        let mut out: Vec<PendingBoard> = Vec::new();
        let mut boards = std::collections::HashMap::new();
        let entries = self.store.entries(ev.id)?;
        for r in self.store.pending_reports(ev.id)? {
            if let Some(last) = out
                .last_mut()
                .filter(|p| (p.round, p.board) == (r.round, r.board))
            {
                last.reports.push(r);
                continue;
            }
            let list = match boards.entry(r.round) {
                std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(self.store.boards(ev.id, Some(r.round))?)
                }
            };
            let b = list.iter().find(|b| b.number == r.board);
            let find =
                |id: Option<i64>| id.and_then(|id| entries.iter().find(|e| e.id == id).cloned());
            out.push(PendingBoard {
                round: r.round,
                board: r.board,
                red: find(b.map(|b| b.red)),
                black: find(b.and_then(|b| b.black)),
                reports: vec![r],
            });
        }
        Ok(out)
    }

    /// Records the board's reported result as the arbiter's (through the
    /// ordinary path, logged and undoable) and closes its reports.
    /// Refused when the reports disagree: the arbiter types the result
    /// himself (`qishe result …`), which closes them too.
    pub fn confirm_report(&mut self, id: EventId, round: u32, board: u32) -> Result<EventResult> {
        let pending = self.pending_reports(id)?;
        let p = pending
            .iter()
            .find(|p| (p.round, p.board) == (round, board))
            .ok_or_else(|| invalid!("err.serve.no_report", round, board))?;
        let Some(result) = p.agreed() else {
            return Err(invalid!("err.serve.conflict", round, board));
        };
        let input = ResultInput {
            outcome: result.parse().ok(),
            ..Default::default()
        };
        let r = self.event_result(id, round, board, &input, false)?;
        self.store
            .close_reports(id.0, round, board, ReportState::Confirmed)?;
        Ok(r)
    }

    /// Rejects every pending report of a board; how many.
    pub fn reject_reports(&mut self, id: EventId, round: u32, board: u32) -> Result<usize> {
        let ev = self.event(id)?;
        let n = self
            .store
            .close_reports(ev.id, round, board, ReportState::Rejected)?;
        if n == 0 {
            return Err(invalid!("err.serve.no_report", round, board));
        }
        Ok(n)
    }

    /// Closes a board's pending reports once the arbiter has entered its
    /// result himself (the reports are then answered).
    pub fn settle_reports(&mut self, id: EventId, round: u32, board: u32) -> Result<()> {
        self.store
            .close_reports(id.0, round, board, ReportState::Confirmed)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pins_compare_whole() {
        assert!(same_pin("1234", "1234"));
        assert!(!same_pin("1234", "123"));
        assert!(!same_pin("1234", "12345"));
        assert!(!same_pin("1234", "1235"));
        assert!(!same_pin("", "0"));
    }
}
