//! The kept rating replay (migration 12, `rating_replay`): the replay of
//! every finished event (`history::compute_ratings` with no date limit) as
//! one compact blob per set of rating settings, and beside it (key
//! `stats ` and the settings) every event's statistics tally
//! (`history::event_tallies`: the statistics of any selection of events
//! are the sum of their tallies). Triggers empty the table in
//! the same transaction as any change to what the replay reads (events,
//! members, entries, rounds, boards, games, knockouts), so a kept row is
//! never stale; [`Store::rated_history`] replays again when there is none
//! and keeps the result. [`crate::history::compute_ratings`] on
//! [`Store::history_from_scratch`] stays the reference the tests compare
//! against.

use super::{Result, Store};
use crate::history::{
    compute_ratings, event_tallies, HistEvent, History, PlayerRating, RatingChange, RatingSettings,
    RatingState, Ratings, Tally,
};
use rusqlite::{params, Connection, OptionalExtension};
use std::collections::HashMap;

/// The layout version of a `rating_replay` blob; another version is replayed again.
const BLOB_VERSION: u8 = 1;
/// "No rating" in a blob.
const NONE: i32 = i32::MIN;

/// Are all the triggers that keep `rating_replay` true in place?
fn kept_replay_trusted(conn: &Connection) -> Result<bool> {
    let names: Vec<String> = super::migrations::RATING_REPLAY_TABLES
        .iter()
        .flat_map(|t| ["ins", "upd", "del"].map(|op| format!("'rating_replay_{t}_{op}'")))
        .collect();
    let n: usize = conn.query_row(
        &format!(
            "SELECT count(*) FROM sqlite_master WHERE type = 'trigger' AND name IN ({})",
            names.join(",")
        ),
        [],
        |r| r.get(0),
    )?;
    Ok(n == names.len())
}

fn put_u32(b: &mut Vec<u8>, x: u32) {
    b.extend_from_slice(&x.to_le_bytes());
}

fn put_i64(b: &mut Vec<u8>, x: i64) {
    b.extend_from_slice(&x.to_le_bytes());
}

fn put_rating(b: &mut Vec<u8>, r: Option<i32>) {
    b.extend_from_slice(&r.unwrap_or(NONE).to_le_bytes());
}

/// The replay as a blob: the applied events' ids, the state, the changes.
fn encode(r: &Ratings) -> Vec<u8> {
    let mut b = Vec::with_capacity(
        16 + r.events.len() * 8 + r.state.players.len() * 36 + r.changes.len() * 36,
    );
    b.push(BLOB_VERSION);
    put_u32(&mut b, r.events.len() as u32);
    for e in &r.events {
        put_i64(&mut b, e.id);
    }
    put_u32(&mut b, r.state.events);
    put_u32(&mut b, r.state.players.len() as u32);
    for (&id, p) in &r.state.players {
        put_i64(&mut b, id);
        put_rating(&mut b, p.rating);
        put_u32(&mut b, p.games);
        put_u32(&mut b, p.events);
        put_u32(&mut b, p.pending_games);
        put_i64(&mut b, p.pending_opp_sum);
        put_u32(&mut b, p.pending_halves);
    }
    put_u32(&mut b, r.changes.len() as u32);
    for c in &r.changes {
        put_i64(&mut b, c.event_id);
        put_i64(&mut b, c.member_id);
        put_rating(&mut b, c.before);
        put_rating(&mut b, c.after);
        put_u32(&mut b, c.games);
        put_u32(&mut b, c.score_halves);
        put_u32(&mut b, c.k);
    }
    b
}

/// Reads a blob front to back; `None` once it runs short.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }
    fn u32(&mut self) -> Option<u32> {
        self.take().map(u32::from_le_bytes)
    }
    fn i64(&mut self) -> Option<i64> {
        self.take().map(i64::from_le_bytes)
    }
    fn rating(&mut self) -> Option<Option<i32>> {
        self.take()
            .map(i32::from_le_bytes)
            .map(|r| (r != NONE).then_some(r))
    }
}

/// The replay of a blob, its events taken from `events` (the club's, in
/// event order); `None` when the blob is not one this code wrote or names
/// events out of that order.
fn decode(b: &[u8], events: &[HistEvent]) -> Option<Ratings> {
    let (&v, body) = b.split_first()?;
    if v != BLOB_VERSION {
        return None;
    }
    let mut rd = Reader(body);
    let n_events = rd.u32()? as usize;
    let pos: HashMap<i64, usize> = events.iter().enumerate().map(|(i, e)| (e.id, i)).collect();
    let mut applied = Vec::with_capacity(n_events.min(events.len()));
    let mut last = None;
    for _ in 0..n_events {
        let i = *pos.get(&rd.i64()?)?;
        if last.is_some_and(|l| l >= i) {
            return None;
        }
        last = Some(i);
        applied.push(events[i].clone());
    }
    let mut state = RatingState {
        events: rd.u32()?,
        ..Default::default()
    };
    for _ in 0..rd.u32()? {
        let id = rd.i64()?;
        let p = PlayerRating {
            rating: rd.rating()?,
            games: rd.u32()?,
            events: rd.u32()?,
            pending_games: rd.u32()?,
            pending_opp_sum: rd.i64()?,
            pending_halves: rd.u32()?,
        };
        state.players.insert(id, p);
    }
    let n_changes = rd.u32()? as usize;
    let mut changes = Vec::with_capacity(n_changes.min(rd.0.len() / 36));
    for _ in 0..n_changes {
        changes.push(RatingChange {
            event_id: rd.i64()?,
            member_id: rd.i64()?,
            before: rd.rating()?,
            after: rd.rating()?,
            games: rd.u32()?,
            score_halves: rd.u32()?,
            k: rd.u32()?,
        });
    }
    if !rd.0.is_empty() {
        return None;
    }
    Some(Ratings {
        state,
        changes,
        events: applied,
    })
}

/// The layout version of a tallies blob.
const TALLY_VERSION: u8 = 1;

/// The `rating_replay` key of the statistics tallies under `settings_key`.
fn tallies_key(settings_key: &str) -> String {
    format!("stats {settings_key}")
}

fn put_u64(b: &mut Vec<u8>, x: u64) {
    b.extend_from_slice(&x.to_le_bytes());
}

/// Every event's tally as a blob.
fn encode_tallies(t: &[(i64, Tally)]) -> Vec<u8> {
    let mut b = Vec::with_capacity(5 + t.len() * 340);
    b.push(TALLY_VERSION);
    put_u32(&mut b, t.len() as u32);
    for (id, t) in t {
        put_i64(&mut b, *id);
        let counts = t
            .total
            .iter()
            .chain([&t.forfeits])
            .chain(t.by_diff.iter().flatten())
            .chain([&t.moves_sum, &t.moves_n, &t.clock_n])
            .chain(&t.terminations);
        for &x in counts {
            put_u64(&mut b, x);
        }
        put_i64(&mut b, t.red_ms);
        put_i64(&mut b, t.black_ms);
        put_u32(&mut b, t.by_tc.len() as u32);
        for (&(r, bl, i), c) in &t.by_tc {
            for x in [r, bl, i] {
                put_i64(&mut b, x);
            }
            for &x in c {
                put_u64(&mut b, x);
            }
        }
    }
    b
}

/// The tallies of a blob by event, or `None` when it is not one this code
/// wrote or does not hold exactly the events of `events`.
fn decode_tallies(b: &[u8], events: &[HistEvent]) -> Option<HashMap<i64, Tally>> {
    let (&v, body) = b.split_first()?;
    if v != TALLY_VERSION {
        return None;
    }
    let mut rd = Reader(body);
    let n = rd.u32()? as usize;
    if n != events.len() {
        return None;
    }
    let mut out: HashMap<i64, Tally> = HashMap::with_capacity(n);
    let next = |rd: &mut Reader| rd.take().map(u64::from_le_bytes);
    for _ in 0..n {
        let id = rd.i64()?;
        let mut t = Tally::default();
        for x in t.total.iter_mut() {
            *x = next(&mut rd)?;
        }
        t.forfeits = next(&mut rd)?;
        for x in t.by_diff.iter_mut().flatten() {
            *x = next(&mut rd)?;
        }
        t.moves_sum = next(&mut rd)?;
        t.moves_n = next(&mut rd)?;
        t.clock_n = next(&mut rd)?;
        for x in t.terminations.iter_mut() {
            *x = next(&mut rd)?;
        }
        t.red_ms = rd.i64()?;
        t.black_ms = rd.i64()?;
        for _ in 0..rd.u32()? {
            let key = (rd.i64()?, rd.i64()?, rd.i64()?);
            let c = [next(&mut rd)?, next(&mut rd)?, next(&mut rd)?];
            t.by_tc.insert(key, c);
        }
        if out.insert(id, t).is_some() {
            return None;
        }
    }
    let all_there = events.iter().all(|e| out.contains_key(&e.id));
    (rd.0.is_empty() && all_there).then_some(out)
}

impl Store {
    /// The club's events (in event order) and every event's statistics
    /// tally under `s` (what `history::event_tallies` gives on the history
    /// and its replay), read in one transaction: from the kept copy when
    /// there is one; otherwise computed and kept.
    pub fn stats_tallies(
        &self,
        s: &RatingSettings,
    ) -> Result<(Vec<HistEvent>, HashMap<i64, Tally>)> {
        self.in_read_tx(|| {
            let key = tallies_key(&serde_json::to_string(s).expect("settings serialise"));
            let trusted = kept_replay_trusted(&self.conn)?;
            if trusted {
                let kept: Option<Vec<u8>> = self
                    .conn
                    .prepare_cached("SELECT data FROM rating_replay WHERE settings = ?1")?
                    .query_row([&key], |r| r.get(0))
                    .optional()?;
                if let Some(b) = kept {
                    let events = self.hist_events_and_members()?.0;
                    if let Some(t) = decode_tallies(&b, &events) {
                        return Ok(((events, t), false));
                    }
                }
            }
            let ((h, r), mut wrote) = self.rated_history_kept(s, true)?;
            let tallies = event_tallies(&h, &r);
            if trusted {
                // Failing to keep them (busy, read-only) loses nothing.
                wrote |= self
                    .conn
                    .prepare_cached(
                        "INSERT OR REPLACE INTO rating_replay(settings, data) VALUES (?1, ?2)",
                    )
                    .and_then(|mut st| st.execute(params![key, encode_tallies(&tallies)]))
                    .is_ok();
            }
            Ok(((h.events, tallies.into_iter().collect()), wrote))
        })
    }

    /// The club's history and the replay of all its finished events under
    /// `s` (what `compute_ratings(&history, s, None)` gives), read in one
    /// transaction. The replay comes from the kept copy when there is one;
    /// otherwise it is computed and kept. The history's games are read only
    /// when `with_games` (or when the replay must be computed); without
    /// them it holds the events and members.
    pub fn rated_history(
        &self,
        s: &RatingSettings,
        with_games: bool,
    ) -> Result<(History, Ratings)> {
        self.in_read_tx(|| self.rated_history_kept(s, with_games))
    }

    fn rated_history_kept(
        &self,
        s: &RatingSettings,
        with_games: bool,
    ) -> Result<((History, Ratings), bool)> {
        let (events, members) = self.hist_events_and_members()?;
        let key = serde_json::to_string(s).expect("settings serialise");
        let trusted = kept_replay_trusted(&self.conn)?;
        let kept: Option<Vec<u8>> = if trusted {
            self.conn
                .prepare_cached("SELECT data FROM rating_replay WHERE settings = ?1")?
                .query_row([&key], |r| r.get(0))
                .optional()?
        } else {
            None
        };
        let replay = kept.and_then(|b| decode(&b, &events));
        let mut wrote = false;
        let games = if with_games || replay.is_none() {
            let (games, w) = self.kept_games(&events, None)?;
            wrote |= w;
            games
        } else {
            Vec::new()
        };
        let h = History {
            events,
            games,
            members,
        };
        let replay = match replay {
            Some(r) => r,
            None => {
                let r = compute_ratings(&h, s, None);
                if trusted {
                    // Failing to keep it (busy, read-only) loses nothing.
                    wrote |= self
                        .conn
                        .prepare_cached(
                            "INSERT OR REPLACE INTO rating_replay(settings, data) VALUES (?1, ?2)",
                        )
                        .and_then(|mut st| st.execute(params![key, encode(&r)]))
                        .is_ok();
                }
                r
            }
        };
        Ok(((h, replay), wrote))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::RatedGame;

    fn ev(id: i64, day: u32) -> HistEvent {
        HistEvent {
            id,
            name: format!("E{id}"),
            date: chrono::NaiveDate::from_ymd_opt(2020, 1, day).unwrap(),
            finished: true,
            scheme: "standard".into(),
            time_control: crate::domain::TimeControl::symmetric(600_000, 0),
            rated_up_to_game: None,
        }
    }

    fn replay() -> (Vec<HistEvent>, Ratings) {
        let events = vec![ev(3, 1), ev(1, 2)];
        let entered = HashMap::from([(10, 1600), (11, 1500)]);
        let s = RatingSettings::default();
        let mut r = Ratings::default();
        let games = [
            RatedGame {
                red: 10,
                black: 11,
                red_halves: 2,
            },
            RatedGame {
                red: 12,
                black: 10,
                red_halves: 1,
            },
        ];
        for e in &events {
            let ch = r.state.apply_event(e.id, &games, &entered, &s);
            r.changes.extend(ch);
            r.events.push(e.clone());
        }
        (events, r)
    }

    #[test]
    fn a_blob_reads_back_as_the_replay_it_was_made_from() {
        let (events, r) = replay();
        assert!(r.changes.iter().any(|c| c.before.is_none()));
        assert_eq!(decode(&encode(&r), &events), Some(r));
    }

    #[test]
    fn a_tallies_blob_reads_back_as_the_tallies_it_was_made_from() {
        let (events, _) = replay();
        let mut a = Tally {
            forfeits: 2,
            moves_sum: 300,
            moves_n: 4,
            red_ms: -1,
            black_ms: 9,
            clock_n: 1,
            ..Default::default()
        };
        a.total = [1, 2, 3];
        a.by_diff[5] = [4, 5, 6];
        a.terminations[7] = 3;
        a.by_tc.insert((600_000, 500_000, 5_000), [1, 1, 0]);
        a.by_tc.insert((60_000, 60_000, 0), [0, 0, 7]);
        let t = vec![(3, a.clone()), (1, Tally::default())];
        let b = encode_tallies(&t);
        let back = decode_tallies(&b, &events).expect("read back");
        assert_eq!(back, HashMap::from([(3, a), (1, Tally::default())]));
        assert_eq!(
            decode_tallies(&b[..b.len() - 1], &events),
            None,
            "cut short"
        );
        assert_eq!(decode_tallies(&b, &events[..1]), None, "an event gone");
        let other = [events[0].clone(), ev(5, 3)];
        assert_eq!(decode_tallies(&b, &other), None, "another event");
    }

    #[test]
    fn a_damaged_or_foreign_blob_is_not_read() {
        let (events, r) = replay();
        let b = encode(&r);
        assert_eq!(decode(&b[..b.len() - 1], &events), None, "cut short");
        let mut longer = b.clone();
        longer.push(0);
        assert_eq!(decode(&longer, &events), None, "a byte too many");
        let mut other = b.clone();
        other[0] = BLOB_VERSION + 1;
        assert_eq!(decode(&other, &events), None, "another layout");
        assert_eq!(decode(&b, &events[..1]), None, "an event that is gone");
        let swapped = [events[1].clone(), events[0].clone()];
        assert_eq!(decode(&b, &swapped), None, "events in another order");
    }
}
