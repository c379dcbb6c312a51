//! Whole-club reads for ratings, statistics and member histories: a few
//! single queries over every event and game (no per-event round trips).

use super::{Result, Store};
use crate::domain::{EventStatus, Outcome, Termination, TimeControl};
use crate::history::{HistEvent, HistGame, HistMember, History};
use chrono::NaiveDate;
use rusqlite::params;

fn date_of(text: Option<String>) -> Option<NaiveDate> {
    text.and_then(|t| t.get(..10).and_then(|d| d.parse().ok()))
}

impl Store {
    /// Every event, member and stored game of the club (games of one member
    /// only when `member` is given), in event order.
    pub fn history(&self, member: Option<i64>) -> Result<History> {
        let mut stmt = self.conn.prepare(
            "SELECT e.id, e.name, e.start_date, e.status, e.scheme, e.red_base_ms,
                    e.black_base_ms, e.increment_ms, e.created,
                    (SELECT min(r.date) FROM round r WHERE r.event_id = e.id),
                    -- knockouts: play-off games are rated only with rate_playoffs
                    (SELECT e.games_per_round FROM knockout k WHERE k.event_id = e.id
                       AND coalesce(json_extract(k.settings, '$.rate_playoffs'), 0) = 0)
             FROM event e",
        )?;
        let events = stmt
            .query_map([], |r| {
                let start: Option<String> = r.get(2)?;
                let status: String = r.get(3)?;
                let created: Option<String> = r.get(8)?;
                let first_round: Option<String> = r.get(9)?;
                let date = date_of(start)
                    .or_else(|| date_of(first_round))
                    .or_else(|| date_of(created))
                    .unwrap_or_default();
                Ok(HistEvent {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    date,
                    finished: EventStatus::from_code(&status) == Some(EventStatus::Finished),
                    scheme: r.get(4)?,
                    time_control: TimeControl {
                        red_base_ms: r.get(5)?,
                        black_base_ms: r.get(6)?,
                        increment_ms: r.get(7)?,
                    },
                    rated_up_to_game: r.get(10)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;

        let mut stmt = self.conn.prepare(
            "SELECT m.id, m.name, m.rating,
                    (SELECT en.rating FROM entry en WHERE en.member_id = m.id
                       AND en.rating IS NOT NULL ORDER BY en.event_id LIMIT 1)
             FROM member m ORDER BY m.id",
        )?;
        let members = stmt
            .query_map([], |r| {
                let own: Option<i32> = r.get(2)?;
                let first: Option<i32> = r.get(3)?;
                Ok(HistMember {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    entered_rating: own.or(first),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;

        let mut stmt = self.conn.prepare(
            "SELECT r.event_id, r.number, b.number, g.game_no, er.member_id, eb.member_id,
                    g.outcome, g.termination, g.moves, g.red_used_ms, g.black_used_ms
             FROM game g
             JOIN board b ON b.id = g.board_id
             JOIN round r ON r.id = b.round_id
             JOIN entry er ON er.id = g.red
             JOIN entry eb ON eb.id = g.black
             WHERE ?1 IS NULL OR er.member_id = ?1 OR eb.member_id = ?1",
        )?;
        let games = stmt
            .query_map(params![member], |r| {
                let outcome: String = r.get(6)?;
                let termination: Option<String> = r.get(7)?;
                Ok(HistGame {
                    event_id: r.get(0)?,
                    round: r.get(1)?,
                    board: r.get(2)?,
                    game_no: r.get(3)?,
                    red: r.get(4)?,
                    black: r.get(5)?,
                    outcome: outcome.parse::<Outcome>().map_err(|e| {
                        rusqlite::Error::FromSqlConversionFailure(
                            6,
                            rusqlite::types::Type::Text,
                            Box::new(e),
                        )
                    })?,
                    termination: termination.as_deref().and_then(Termination::from_code),
                    moves: r.get(8)?,
                    red_used_ms: r.get(9)?,
                    black_used_ms: r.get(10)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut h = History {
            events,
            games,
            members,
        };
        h.sort();
        Ok(h)
    }
}
