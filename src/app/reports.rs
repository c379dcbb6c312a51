//! Results reported by players (from the served pages, `qishe serve`):
//! a report is stored as pending, never as a result; the arbiter lists
//! them (two different results reported for one board are a conflict),
//! confirms one — recorded through [`App::event_result`], the ordinary
//! logged path, so undo takes it back — or rejects a board's reports.
//!
//! Reporting needs a PIN: the event's own
//! ([`crate::domain::EventExtras::entry_pin`], `qishe event pin`) or the server's (`--entry-pin`). With
//! neither, reporting is off.

use super::{invalid, App, EventId, EventResult, Result, ResultInput};
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Entry, Outcome};
use crate::store::ReportState as StoreState;

/// Where a report stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportState {
    Pending,
    Confirmed,
    Rejected,
}

impl ReportState {
    /// The state's code (`pending`, `confirmed`, `rejected`).
    pub fn code(self) -> &'static str {
        self.to_store().code()
    }

    fn to_store(self) -> StoreState {
        match self {
            ReportState::Pending => StoreState::Pending,
            ReportState::Confirmed => StoreState::Confirmed,
            ReportState::Rejected => StoreState::Rejected,
        }
    }

    fn of_store(s: StoreState) -> ReportState {
        match s {
            StoreState::Pending => ReportState::Pending,
            StoreState::Confirmed => ReportState::Confirmed,
            StoreState::Rejected => ReportState::Rejected,
        }
    }
}

/// One result reported from the served pages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultReport {
    pub id: i64,
    pub event: EventId,
    pub round: RoundNo,
    pub board: BoardNo,
    /// The result as reported, in the result notation (`1-0`, `1/2-1/2` …).
    pub result: String,
    /// The reporter's address.
    pub source: String,
    /// When it came, `YYYY-MM-DDTHH:MM:SS` (local time).
    pub at: String,
    pub state: ReportState,
}

impl ResultReport {
    /// The store's row as the door's own type.
    fn of_store(r: crate::store::ResultReport) -> ResultReport {
        ResultReport {
            id: r.id,
            event: EventId(r.event_id),
            round: RoundNo(r.round),
            board: BoardNo(r.board),
            result: r.result,
            source: r.source,
            at: r.at,
            state: ReportState::of_store(r.state),
        }
    }
}

/// How the secretary serves the event's pages: this computer only or the
/// club's network, the port, the reporting PIN (the event's own).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServeChoice {
    pub lan: bool,
    pub port: u16,
    pub pin: Option<String>,
}

impl Default for ServeChoice {
    /// This computer only (`127.0.0.1:8080`), reporting off.
    fn default() -> Self {
        ServeChoice {
            lan: false,
            port: 8080,
            pin: None,
        }
    }
}

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
    pub round: RoundNo,
    pub board: BoardNo,
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

    /// The different results reported, in the order first reported.
    pub fn results(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for r in &self.reports {
            if !out.contains(&r.result.as_str()) {
                out.push(&r.result);
            }
        }
        out
    }

    /// The result reported, when all reports agree.
    pub fn agreed(&self) -> Option<&str> {
        (!self.conflict())
            .then(|| self.reports.first().map(|r| r.result.as_str()))
            .flatten()
    }
}

/// The address served for a choice: `127.0.0.1:PORT` (this computer
/// only) or `0.0.0.0:PORT` (every network of this computer).
pub fn serve_addr(lan: bool, port: u16) -> std::net::SocketAddr {
    let ip = if lan { [0, 0, 0, 0] } else { [127, 0, 0, 1] };
    std::net::SocketAddr::from((ip, port))
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
        Ok(ev.settings.pairing_settings.extras.entry_pin)
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
                settings.extras.entry_pin = Some(p.to_string());
                crate::i18n::msg!("log.entry_pin_set")
            }
            _ => {
                settings.extras.entry_pin = None;
                crate::i18n::msg!("log.entry_pin_cleared")
            }
        };
        Ok(self.store.set_pairing_settings(ev.id, &settings, summary)?)
    }

    /// How the event was last served (its remembered choice); an event
    /// never served takes the newest other event's reach and port, with
    /// its own PIN; else the default (this computer only, port 8080).
    pub fn serve_choice(&self, id: EventId) -> Result<ServeChoice> {
        let ev = self.event(id)?;
        let remembered =
            |s: &crate::domain::PairingSettings| Some((s.extras.serve_lan?, s.extras.serve_port?));
        let (lan, port) = match remembered(&ev.settings.pairing_settings) {
            Some(r) => r,
            None => {
                let mut others = self.store.events()?;
                others.sort_by_key(|e| std::cmp::Reverse(e.id));
                others
                    .iter()
                    .find_map(|e| remembered(&e.settings.pairing_settings))
                    .unwrap_or((false, ServeChoice::default().port))
            }
        };
        Ok(ServeChoice {
            lan,
            port,
            pin: self.entry_pin(id)?,
        })
    }

    /// Remembers how the event is served (one undoable write; nothing
    /// written when nothing changed, and `false` said). A port of 0 or a
    /// PIN of the wrong form is refused and changes nothing.
    pub fn set_serve_choice(&mut self, id: EventId, c: &ServeChoice) -> Result<bool> {
        if c.port == 0 {
            return Err(invalid!("err.serve.port", value = c.port));
        }
        let pin = c.pin.as_deref().map(str::trim).filter(|p| !p.is_empty());
        if let Some(p) = pin {
            if p.chars().count() > 32 || p.chars().any(char::is_control) {
                return Err(invalid!("err.serve.pin_form"));
            }
        }
        let ev = self.event(id)?;
        let mut settings = ev.settings.pairing_settings.clone();
        settings.extras.serve_lan = Some(c.lan);
        settings.extras.serve_port = Some(c.port);
        settings.extras.entry_pin = pin.map(str::to_string);
        if settings == ev.settings.pairing_settings {
            return Ok(false);
        }
        let summary = crate::i18n::msg!(
            "log.serve_choice",
            addr = serve_addr(c.lan, c.port).to_string()
        );
        self.store.set_pairing_settings(ev.id, &settings, summary)?;
        Ok(true)
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
        round: RoundNo,
        board: BoardNo,
        result: &str,
        source: &str,
    ) -> Result<i64> {
        let round = round.get();
        let board = board.get();
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
            let r = ResultReport::of_store(r);
            if let Some(last) = out
                .last_mut()
                .filter(|p| (p.round, p.board) == (r.round, r.board))
            {
                last.reports.push(r);
                continue;
            }
            let list = match boards.entry(r.round.get()) {
                std::collections::hash_map::Entry::Occupied(o) => o.into_mut(),
                std::collections::hash_map::Entry::Vacant(v) => {
                    v.insert(self.store.boards(ev.id, Some(r.round.get()))?)
                }
            };
            let b = list.iter().find(|b| b.number == r.board.get());
            let find =
                |id: Option<i64>| id.and_then(|id| entries.iter().find(|e| e.id == id).cloned());
            // A knockout's report is of the game due: its red and black
            // (a play-off game swaps the colours of game 1).
            let (red, black) = match self.knockout_due_seats(&ev, r.round.get(), r.board.get())? {
                Some((red, black)) => (Some(red), Some(black)),
                None => (b.map(|b| b.red), b.and_then(|b| b.black)),
            };
            out.push(PendingBoard {
                round: r.round,
                board: r.board,
                red: find(red),
                black: find(black),
                reports: vec![r],
            });
        }
        Ok(out)
    }

    /// Records the board's reported result as the arbiter's (through the
    /// ordinary path, logged and undoable) and closes its reports.
    /// `chosen` is the result the arbiter says stands (one of the reports
    /// or his own); without it the reports must agree, and reports that
    /// disagree are refused with the results they name.
    pub fn confirm_report(
        &mut self,
        id: EventId,
        round: RoundNo,
        board: BoardNo,
        chosen: Option<&str>,
    ) -> Result<EventResult> {
        let round = round.get();
        let board = board.get();
        let pending = self.pending_reports(id)?;
        let p = pending
            .iter()
            .find(|p| (p.round.get(), p.board.get()) == (round, board))
            .ok_or_else(|| invalid!("err.serve.no_report", round, board))?;
        let outcome = match chosen.map(str::trim) {
            Some(r) => r
                .parse::<Outcome>()
                .ok()
                .filter(|o| *o != Outcome::Unplayed)
                .ok_or_else(|| invalid!("err.cli.not_a_result", value = r))?,
            None => p.agreed().and_then(|r| r.parse().ok()).ok_or_else(|| {
                invalid!(
                    "err.serve.conflict",
                    round,
                    board,
                    results = p.results().join(", ")
                )
            })?,
        };
        let input = ResultInput {
            outcome: Some(outcome),
            ..Default::default()
        };
        let r = self.event_result(id, RoundNo(round), BoardNo(board), &input, false)?;
        self.store
            .close_reports(id.0, round, board, ReportState::Confirmed.to_store())?;
        Ok(r)
    }

    /// Rejects every pending report of a board; how many.
    pub fn reject_reports(&mut self, id: EventId, round: RoundNo, board: BoardNo) -> Result<usize> {
        let round = round.get();
        let board = board.get();
        let ev = self.event(id)?;
        let n = self
            .store
            .close_reports(ev.id, round, board, ReportState::Rejected.to_store())?;
        if n == 0 {
            return Err(invalid!("err.serve.no_report", round, board));
        }
        Ok(n)
    }

    /// Closes a board's pending reports once the arbiter has entered its
    /// result himself (the reports are then answered).
    pub fn settle_reports(&mut self, id: EventId, round: RoundNo, board: BoardNo) -> Result<()> {
        let round = round.get();
        let board = board.get();
        self.store
            .close_reports(id.0, round, board, ReportState::Confirmed.to_store())?;
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
