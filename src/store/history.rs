//! Whole-club reads for ratings, statistics and member histories.
//!
//! Events and members are read live (a few hundred rows). Games come from
//! `history_games` (migration 6): per event, a kept compact copy of its
//! games with members on both sides, in round/board/game order. Triggers
//! drop an event's copy whenever its rounds, boards, games or entries
//! change, and [`Store::history`] rebuilds the missing copies in the same
//! read transaction, so a ten-year club (100,000 games) reads in a few
//! milliseconds instead of joining five tables row by row.
//! [`Store::history_from_scratch`] is the direct query, kept as the
//! reference the tests compare against.

use super::{Result, Store};
use crate::domain::{EventStatus, Outcome, Termination, TimeControl};
use crate::history::{HistEvent, HistGame, HistMember, History};
use chrono::NaiveDate;
use rusqlite::{params, Connection};
use std::collections::HashMap;

/// The layout version of a `history_games` blob; a row of another
/// version is rebuilt.
const BLOB_VERSION: u8 = 1;
/// Bytes per game in a blob: round, board, game number (u32 each), red and
/// black member (i64), outcome and termination (u8), moves and both clocks
/// (i64, -1 = none).
const GAME_BYTES: usize = 4 * 3 + 8 * 2 + 2 + 8 * 3;

fn encode(games: &[HistGame]) -> Vec<u8> {
    let mut b = Vec::with_capacity(1 + games.len() * GAME_BYTES);
    b.push(BLOB_VERSION);
    for g in games {
        b.extend_from_slice(&g.round.to_le_bytes());
        b.extend_from_slice(&g.board.to_le_bytes());
        b.extend_from_slice(&g.game_no.to_le_bytes());
        b.extend_from_slice(&g.red.to_le_bytes());
        b.extend_from_slice(&g.black.to_le_bytes());
        let o = Outcome::ALL.iter().position(|&o| o == g.outcome);
        b.push(o.map_or(u8::MAX, |i| i as u8));
        let t = g
            .termination
            .and_then(|t| Termination::ALL.iter().position(|&x| x == t));
        b.push(t.map_or(0, |i| i as u8 + 1));
        b.extend_from_slice(&g.moves.map_or(-1, i64::from).to_le_bytes());
        b.extend_from_slice(&g.red_used_ms.unwrap_or(-1).to_le_bytes());
        b.extend_from_slice(&g.black_used_ms.unwrap_or(-1).to_le_bytes());
    }
    b
}

/// The games of a blob, or `None` when it is not one this code wrote.
fn decode(event_id: i64, b: &[u8], out: &mut Vec<HistGame>) -> Option<()> {
    let (&v, body) = b.split_first()?;
    if v != BLOB_VERSION || body.len() % GAME_BYTES != 0 {
        return None;
    }
    let start = out.len();
    for c in body.chunks_exact(GAME_BYTES) {
        let u32_at = |i: usize| u32::from_le_bytes(c[i..i + 4].try_into().expect("4 bytes"));
        let i64_at = |i: usize| i64::from_le_bytes(c[i..i + 8].try_into().expect("8 bytes"));
        let opt = |x: i64| (x >= 0).then_some(x);
        let Some(&outcome) = Outcome::ALL.get(c[28] as usize) else {
            out.truncate(start);
            return None;
        };
        out.push(HistGame {
            event_id,
            round: u32_at(0),
            board: u32_at(4),
            game_no: u32_at(8),
            red: i64_at(12),
            black: i64_at(20),
            outcome,
            termination: (c[29] as usize)
                .checked_sub(1)
                .and_then(|i| Termination::ALL.get(i).copied()),
            moves: opt(i64_at(30)).map(|m| m as u32),
            red_used_ms: opt(i64_at(38)),
            black_used_ms: opt(i64_at(46)),
        });
    }
    Some(())
}

fn outcome_of(r: &rusqlite::Row<'_>, i: usize) -> rusqlite::Result<Outcome> {
    let outcome: String = r.get(i)?;
    outcome.parse::<Outcome>().map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(i, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// One event's games from the game tables, in round/board/game order.
fn event_games(conn: &Connection, event_id: i64) -> Result<Vec<HistGame>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.number, b.number, g.game_no, er.member_id, eb.member_id,
                g.outcome, g.termination, g.moves, g.red_used_ms, g.black_used_ms
         FROM round r
         JOIN board b ON b.round_id = r.id
         JOIN game g ON g.board_id = b.id
         JOIN entry er ON er.id = g.red
         JOIN entry eb ON eb.id = g.black
         WHERE r.event_id = ?1
         ORDER BY r.number, b.number, g.game_no",
    )?;
    let rows = stmt
        .query_map([event_id], |r| {
            let termination: Option<String> = r.get(6)?;
            Ok(HistGame {
                event_id,
                round: r.get(0)?,
                board: r.get(1)?,
                game_no: r.get(2)?,
                red: r.get(3)?,
                black: r.get(4)?,
                outcome: outcome_of(r, 5)?,
                termination: termination.as_deref().and_then(Termination::from_code),
                moves: r.get(7)?,
                red_used_ms: r.get(8)?,
                black_used_ms: r.get(9)?,
            })
        })?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    Ok(rows)
}

/// Are the triggers that keep `history_games` true all in place?
fn kept_copies_trusted(conn: &Connection) -> Result<bool> {
    let n: usize = conn.query_row(
        &format!(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ({})",
            super::migrations::HISTORY_TRIGGERS
                .iter()
                .map(|t| format!("'{t}'"))
                .collect::<Vec<_>>()
                .join(",")
        ),
        [],
        |r| r.get(0),
    )?;
    Ok(n == super::migrations::HISTORY_TRIGGERS.len())
}

fn date_of(text: Option<String>) -> Option<NaiveDate> {
    text.and_then(|t| t.get(..10).and_then(|d| d.parse().ok()))
}

impl Store {
    /// Every event, member and stored game of the club (games of one member
    /// only when `member` is given), in event order; games from the kept
    /// per-event copies, rebuilding those that are missing.
    pub fn history(&self, member: Option<i64>) -> Result<History> {
        self.in_read_tx(|| {
            let (events, members) = self.hist_events_and_members()?;
            let (games, wrote) = self.kept_games(&events, member)?;
            Ok((
                History {
                    events,
                    games,
                    members,
                },
                wrote,
            ))
        })
    }

    /// Runs `read` in one read transaction and commits what it kept when it
    /// says it wrote: the kept copies written are computed from the same
    /// snapshot as everything read, so a change committed meanwhile by
    /// another program cannot leave a stale copy (its triggers ran before
    /// our snapshot, or our write fails and nothing is kept). Inside a
    /// caller's transaction, `read` runs in it.
    pub(super) fn in_read_tx<T>(&self, read: impl FnOnce() -> Result<(T, bool)>) -> Result<T> {
        let own_tx = self.conn.is_autocommit();
        if own_tx {
            self.conn.execute_batch("BEGIN DEFERRED")?;
        }
        let result = read();
        if own_tx {
            let end = if result.as_ref().is_ok_and(|(_, wrote)| *wrote) {
                "COMMIT"
            } else {
                "ROLLBACK"
            };
            if self.conn.execute_batch(end).is_err() {
                // The copies were not kept (busy, read-only): the answer
                // stands, the next read rebuilds them.
                let _ = self.conn.execute_batch("ROLLBACK");
            }
        }
        result.map(|(h, _)| h)
    }

    /// The club's events in event order and its members.
    pub(super) fn hist_events_and_members(&self) -> Result<(Vec<HistEvent>, Vec<HistMember>)> {
        let mut events = self.hist_events()?;
        let members = self.hist_members()?;
        events.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
        Ok((events, members))
    }

    /// The games of `events` (in their order; only those of `member` when
    /// given) from the kept copies, rebuilding the missing ones; also says
    /// whether copies were written. Call inside a transaction.
    pub(super) fn kept_games(
        &self,
        events: &[HistEvent],
        member: Option<i64>,
    ) -> Result<(Vec<HistGame>, bool)> {
        let trusted = kept_copies_trusted(&self.conn)?;
        let mut kept: HashMap<i64, Vec<u8>> = HashMap::with_capacity(events.len());
        if trusted {
            let mut stmt = self
                .conn
                .prepare_cached("SELECT event_id, data FROM history_games")?;
            let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
            for row in rows {
                let (id, data) = row?;
                kept.insert(id, data);
            }
        }
        let kept_games: usize = kept.values().map(|b| b.len() / GAME_BYTES).sum();
        let mut games = Vec::with_capacity(if member.is_some() { 0 } else { kept_games });
        let mut wrote = false;
        for e in events {
            let start = games.len();
            let from_copy = kept
                .get(&e.id)
                .is_some_and(|b| decode(e.id, b, &mut games).is_some());
            if !from_copy {
                let fresh = event_games(&self.conn, e.id)?;
                if trusted {
                    // Failing to keep a copy (busy, read-only) loses nothing.
                    wrote |= self
                        .conn
                        .prepare_cached(
                            "INSERT OR REPLACE INTO history_games(event_id, data) VALUES (?1, ?2)",
                        )
                        .and_then(|mut s| s.execute(params![e.id, encode(&fresh)]))
                        .is_ok();
                }
                games.extend(fresh);
            }
            if let Some(m) = member {
                let mut i = start;
                for j in start..games.len() {
                    if games[j].red == m || games[j].black == m {
                        games.swap(i, j);
                        i += 1;
                    }
                }
                games.truncate(i);
            }
        }
        // Events are in event order and each event's games in round, board,
        // game order: the games are sorted as `History::sort` would.
        Ok((games, wrote))
    }

    /// [`Store::history`] straight from the game tables, without the kept
    /// copies: the reference the tests compare the kept copies with.
    pub fn history_from_scratch(&self, member: Option<i64>) -> Result<History> {
        let events = self.hist_events()?;
        let members = self.hist_members()?;
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
                let termination: Option<String> = r.get(7)?;
                Ok(HistGame {
                    event_id: r.get(0)?,
                    round: r.get(1)?,
                    board: r.get(2)?,
                    game_no: r.get(3)?,
                    red: r.get(4)?,
                    black: r.get(5)?,
                    outcome: outcome_of(r, 6)?,
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

    /// The connection, for tests that look at or damage the kept copies.
    #[cfg(test)]
    pub(crate) fn conn_for_tests(&self) -> &Connection {
        &self.conn
    }

    fn hist_events(&self) -> Result<Vec<HistEvent>> {
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
        Ok(events)
    }

    fn hist_members(&self) -> Result<Vec<HistMember>> {
        let mut stmt = self.conn.prepare(
            // The first entered rating only for members without their own:
            // the subquery walks every entry of the member.
            "SELECT m.id, m.name, m.rating,
                    CASE WHEN m.rating IS NULL THEN
                      (SELECT en.rating FROM entry en WHERE en.member_id = m.id
                         AND en.rating IS NOT NULL ORDER BY en.event_id LIMIT 1) END
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
        Ok(members)
    }
}
