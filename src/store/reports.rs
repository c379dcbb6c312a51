//! Results reported by players from the served pages (`result_report`):
//! each waits for the arbiter, who confirms it (the result is then
//! recorded through the ordinary path) or rejects it. A report is not a
//! change of the club: it is written in a transaction of its own without
//! an action-log row (see the migration's notes).

use super::{Result, Store};
use rusqlite::params;

/// Where a report stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportState {
    Pending,
    Confirmed,
    Rejected,
}

impl ReportState {
    pub fn code(self) -> &'static str {
        match self {
            ReportState::Pending => "pending",
            ReportState::Confirmed => "confirmed",
            ReportState::Rejected => "rejected",
        }
    }

    fn from_code(s: &str) -> ReportState {
        match s {
            "confirmed" => ReportState::Confirmed,
            "rejected" => ReportState::Rejected,
            _ => ReportState::Pending,
        }
    }
}

/// One reported result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultReport {
    pub id: i64,
    pub event_id: i64,
    pub round: u32,
    pub board: u32,
    /// The result as reported, in the result notation (`1-0`, `1/2-1/2` …).
    pub result: String,
    /// The reporter's address.
    pub source: String,
    /// When it came, `YYYY-MM-DDTHH:MM:SS` (local time).
    pub at: String,
    pub state: ReportState,
}

impl Store {
    /// Stores a pending report; its id.
    pub fn add_result_report(
        &mut self,
        event_id: i64,
        round: u32,
        board: u32,
        result: &str,
        source: &str,
        at: &str,
    ) -> Result<i64> {
        let tx = super::log::begin_write(&mut self.conn)?;
        tx.execute(
            "INSERT INTO result_report(event_id, round, board, result, source, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![event_id, round, board, result, source, at],
        )?;
        let id = tx.last_insert_rowid();
        tx.commit()?;
        Ok(id)
    }

    /// The pending reports of an event, by round, board and arrival.
    pub fn pending_reports(&self, event_id: i64) -> Result<Vec<ResultReport>> {
        self.rows(
            "SELECT id, event_id, round, board, result, source, at, state FROM result_report
             WHERE event_id = ?1 AND state = 'pending' ORDER BY round, board, id",
            [event_id],
            |r| {
                Ok(ResultReport {
                    id: r.get(0)?,
                    event_id: r.get(1)?,
                    round: r.get(2)?,
                    board: r.get(3)?,
                    result: r.get(4)?,
                    source: r.get(5)?,
                    at: r.get(6)?,
                    state: ReportState::from_code(&r.get::<_, String>(7)?),
                })
            },
        )
    }

    /// Marks every pending report of one board `state` (a confirmation or
    /// a rejection closes the board's reports together); how many.
    pub fn close_reports(
        &mut self,
        event_id: i64,
        round: u32,
        board: u32,
        state: ReportState,
    ) -> Result<usize> {
        // Most results answer no report: nothing to write, no write lock.
        let waiting: i64 = self.conn.query_row(
            "SELECT count(*) FROM result_report
             WHERE event_id = ?1 AND round = ?2 AND board = ?3 AND state = 'pending'",
            params![event_id, round, board],
            |r| r.get(0),
        )?;
        if waiting == 0 {
            return Ok(0);
        }
        let tx = super::log::begin_write(&mut self.conn)?;
        let n = tx.execute(
            "UPDATE result_report SET state = ?4
             WHERE event_id = ?1 AND round = ?2 AND board = ?3 AND state = 'pending'",
            params![event_id, round, board, state.code()],
        )?;
        tx.commit()?;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_wait_until_their_board_is_closed() {
        let mut s = Store::open_in_memory().unwrap();
        let ev = s
            .create_event("周五", None, &Default::default())
            .unwrap()
            .id;
        let logged = s.log_entries(100).unwrap().len();
        s.add_result_report(ev, 1, 2, "1-0", "10.0.0.5", "2026-12-04T20:00:00")
            .unwrap();
        s.add_result_report(ev, 1, 2, "0-1", "10.0.0.6", "2026-12-04T20:01:00")
            .unwrap();
        s.add_result_report(ev, 1, 3, "1/2-1/2", "10.0.0.7", "2026-12-04T20:02:00")
            .unwrap();
        let p = s.pending_reports(ev).unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!((p[0].board, p[0].result.as_str()), (2, "1-0"));
        assert_eq!(
            s.close_reports(ev, 1, 2, ReportState::Confirmed).unwrap(),
            2
        );
        let p = s.pending_reports(ev).unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].board, 3);
        // Not a club change: nothing added to the action log to undo.
        assert_eq!(s.log_entries(100).unwrap().len(), logged);
    }
}
