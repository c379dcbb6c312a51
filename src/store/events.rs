//! Events, entries and requested byes (forbidden pairs: `forbidden.rs`).

use super::log::{record, UndoStep};
use super::{Result, Store, StoreError};
use crate::domain::{
    ByeOpponentScore, ByeSettings, Entry, EntryStatus, Event, EventKind, EventSettings,
    EventStatus, PairingSystem, RequestedBye, RequestedByeValue, TieBreakList, TimeControl,
};
use crate::i18n::msg;
use rusqlite::{params, OptionalExtension, Row, Transaction};
use serde_json::json;

const EVENT_COLS: &str =
    "id, name, start_date, end_date, scheme, scheme_settings, system, rounds, \
     games_per_round, red_base_ms, black_base_ms, increment_ms, tiebreaks, bye_opponent, \
     requested_bye, forfeits_to_drop, pairing_settings, status, \
     EXISTS (SELECT 1 FROM knockout k WHERE k.event_id = event.id), \
     EXISTS (SELECT 1 FROM team_event t WHERE t.event_id = event.id)";

/// A line of the event list: the event, rounds paired, players entered,
/// and whether it is a knockout.
#[derive(Clone, Debug, PartialEq)]
pub struct EventSummary {
    pub event: Event,
    pub rounds_paired: u32,
    pub players: u32,
    pub knockout: bool,
    pub team: bool,
}

fn bad_data(what: &str, value: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        format!("unknown {what} \"{value}\"").into(),
    )
}

fn json_map(text: &str) -> rusqlite::Result<serde_json::Map<String, serde_json::Value>> {
    serde_json::from_str(text).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// The scheme constants of the column's JSON: a name no scheme has is
/// refused by name ([`crate::domain::ConstantError`]), never dropped; a
/// constant of another scheme is refused where the scheme is built.
fn scheme_constants(text: &str) -> rusqlite::Result<crate::domain::SchemeConstants> {
    crate::domain::SchemeConstants::from_map(&json_map(text)?).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(5, rusqlite::types::Type::Text, Box::new(e))
    })
}

/// The typed settings of the column's JSON: an unknown key (an older or a
/// newer qishe's) is refused by name ([`crate::domain::SettingsError`],
/// turned into [`super::StoreError::Invalid`]), never dropped, so writing
/// the event back cannot lose it.
fn pairing_settings(text: &str) -> rusqlite::Result<crate::domain::PairingSettings> {
    crate::domain::PairingSettings::from_map(json_map(text)?).map_err(|e| {
        rusqlite::Error::FromSqlConversionFailure(16, rusqlite::types::Type::Text, Box::new(e))
    })
}

fn event_from_row(r: &Row<'_>) -> rusqlite::Result<Event> {
    let system: String = r.get(6)?;
    let bye_opp: String = r.get(13)?;
    let req: String = r.get(14)?;
    let status: String = r.get(17)?;
    let tiebreaks: String = r.get(12)?;
    // The list's kind is the event's: its knockout or team row.
    let kind = match (r.get::<_, bool>(18)?, r.get::<_, bool>(19)?) {
        (true, _) => EventKind::Knockout,
        (false, true) => EventKind::Team,
        (false, false) => EventKind::Individual,
    };
    let date = |i: usize| -> rusqlite::Result<Option<chrono::NaiveDate>> {
        let s: Option<String> = r.get(i)?;
        match s {
            None => Ok(None),
            Some(s) => s
                .parse::<chrono::NaiveDate>()
                .map(Some)
                .map_err(|_| bad_data("date", &s)),
        }
    };
    Ok(Event {
        id: r.get(0)?,
        name: r.get(1)?,
        start_date: date(2)?,
        end_date: date(3)?,
        settings: EventSettings {
            scheme: r.get(4)?,
            scheme_settings: scheme_constants(&r.get::<_, String>(5)?)?,
            system: PairingSystem::from_code(&system)
                .ok_or_else(|| bad_data("pairing system", &system))?,
            rounds: r.get(7)?,
            games_per_round: r.get(8)?,
            time_control: TimeControl {
                red_base_ms: r.get(9)?,
                black_base_ms: r.get(10)?,
                increment_ms: r.get(11)?,
            },
            tiebreaks: TieBreakList::from_column(kind, &tiebreaks),
            byes: ByeSettings {
                opponent_score: ByeOpponentScore::from_code(&bye_opp)
                    .ok_or_else(|| bad_data("bye setting", &bye_opp))?,
                requested: RequestedByeValue::from_code(&req)
                    .ok_or_else(|| bad_data("requested-bye value", &req))?,
                forfeits_to_drop: r.get(15)?,
            },
            pairing_settings: pairing_settings(&r.get::<_, String>(16)?)?,
        },
        status: EventStatus::from_code(&status).ok_or_else(|| bad_data("status", &status))?,
    })
}

const ENTRY_COLS: &str = "e.id, e.event_id, e.member_id, m.name, e.start_no, e.rating, e.club, \
     e.withdrawn_after, e.first_round";

fn entry_from_row(r: &Row<'_>) -> rusqlite::Result<Entry> {
    let w: Option<u32> = r.get(7)?;
    Ok(Entry {
        id: r.get(0)?,
        event_id: r.get(1)?,
        member_id: r.get(2)?,
        name: r.get(3)?,
        start_no: r.get(4)?,
        rating: r.get(5)?,
        club: r.get(6)?,
        status: match w {
            None => EntryStatus::Active,
            Some(after_round) => EntryStatus::Withdrawn { after_round },
        },
        first_round: r.get(8)?,
    })
}

/// Number of rounds already paired in an event (inside a transaction).
pub(crate) fn rounds_paired(tx: &rusqlite::Connection, event_id: i64) -> Result<u32> {
    Ok(tx.query_row(
        "SELECT coalesce(max(number), 0) FROM round WHERE event_id=?1",
        [event_id],
        |r| r.get(0),
    )?)
}

/// Adds round `number` of an event, which must be the next one, dated
/// today; its row id.
pub(crate) fn insert_next_round(
    tx: &rusqlite::Connection,
    event_id: i64,
    number: u32,
) -> Result<i64> {
    let paired = rounds_paired(tx, event_id)?;
    if number != paired + 1 {
        return Err(StoreError::Invalid(msg!(
            "err.store.round_out_of_order",
            round = number,
            paired,
            next = paired + 1
        )));
    }
    tx.execute(
        "INSERT INTO round(event_id, number, date) VALUES (?1, ?2, date('now'))",
        params![event_id, number],
    )?;
    Ok(tx.last_insert_rowid())
}

/// Reassigns start numbers by rating (highest first), then name, then entry id.
pub(super) fn renumber(tx: &Transaction<'_>, event_id: i64) -> Result<()> {
    let ids: Vec<i64> = {
        let mut stmt = tx.prepare(
            "SELECT e.id FROM entry e JOIN member m ON m.id = e.member_id
             WHERE e.event_id=?1
             ORDER BY coalesce(e.rating, -1) DESC, m.name, e.id",
        )?;
        let v = stmt
            .query_map([event_id], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        v
    };
    tx.execute(
        "UPDATE entry SET start_no = start_no + 1000000 WHERE event_id=?1",
        [event_id],
    )?;
    let mut update = tx.prepare_cached("UPDATE entry SET start_no=?2 WHERE id=?1")?;
    for (i, id) in ids.iter().enumerate() {
        update.execute(params![id, (i + 1) as i64])?;
    }
    Ok(())
}

/// The event row's name, date and settings columns, in the order
/// [`SETTINGS_COLUMNS`] names them (one place for both insert and edit).
pub(super) fn settings_values(
    name: &str,
    start_date: Option<chrono::NaiveDate>,
    s: &EventSettings,
) -> Result<Vec<rusqlite::types::Value>> {
    use rusqlite::types::Value;
    let int = |v: i64| Value::Integer(v);
    Ok(vec![
        Value::Text(name.to_string()),
        start_date.map_or(Value::Null, |d| Value::Text(d.to_string())),
        Value::Text(s.scheme.clone()),
        Value::Text(serde_json::to_string(&s.scheme_settings)?),
        Value::Text(s.system.code().to_string()),
        int(s.rounds.into()),
        int(s.games_per_round.into()),
        int(s.time_control.red_base_ms),
        int(s.time_control.black_base_ms),
        int(s.time_control.increment_ms),
        Value::Text(s.tiebreaks.to_column()),
        Value::Text(s.byes.opponent_score.code().to_string()),
        Value::Text(s.byes.requested.code().to_string()),
        int(s.byes.forfeits_to_drop.into()),
        Value::Text(serde_json::to_string(&s.pairing_settings)?),
    ])
}

/// The columns [`settings_values`] fills, in its order.
pub(super) const SETTINGS_COLUMNS: [&str; 15] = [
    "name",
    "start_date",
    "scheme",
    "scheme_settings",
    "system",
    "rounds",
    "games_per_round",
    "red_base_ms",
    "black_base_ms",
    "increment_ms",
    "tiebreaks",
    "bye_opponent",
    "requested_bye",
    "forfeits_to_drop",
    "pairing_settings",
];

/// A settings value the schema's CHECKs refuse reads as a clear error.
pub(super) fn out_of_range(e: rusqlite::Error) -> StoreError {
    match e {
        rusqlite::Error::SqliteFailure(f, detail)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_CHECK =>
        {
            StoreError::Invalid(msg!(
                "err.store.settings_out_of_range",
                detail = detail.unwrap_or_default()
            ))
        }
        other => other.into(),
    }
}

/// Inserts an event row; out-of-range settings are a clear error.
pub(super) fn insert_event(
    tx: &Transaction<'_>,
    name: &str,
    start_date: Option<chrono::NaiveDate>,
    s: &EventSettings,
    status: EventStatus,
) -> Result<i64> {
    let mut values = settings_values(name, start_date, s)?;
    values.push(rusqlite::types::Value::Text(status.code().to_string()));
    let sql = format!(
        "INSERT INTO event({}, status) VALUES ({})",
        SETTINGS_COLUMNS.join(", "),
        (1..=values.len())
            .map(|i| format!("?{i}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    tx.execute(&sql, rusqlite::params_from_iter(values))
        .map_err(out_of_range)?;
    Ok(tx.last_insert_rowid())
}

impl Store {
    /// Creates a planned event `name` (trimmed) in one write: the name and
    /// settings checked, a name already in use refused; `fill` adds what
    /// its kind of event needs (given the new id), `summary` says it in
    /// the action log; undo deletes the event with all it holds.
    pub(super) fn new_event(
        &mut self,
        name: &str,
        start_date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
        fill: impl FnOnce(&Transaction<'_>, i64) -> Result<()>,
        summary: impl FnOnce(&str, i64) -> crate::i18n::Msg,
    ) -> Result<Event> {
        let name = name.trim();
        if name.is_empty() {
            return Err(StoreError::Invalid(msg!("err.store.event_needs_name")));
        }
        super::limits::event(name, settings)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let exists: Option<i64> = tx
            .query_row("SELECT id FROM event WHERE name=?1", [name], |r| r.get(0))
            .optional()?;
        if exists.is_some() {
            return Err(StoreError::Invalid(msg!("err.store.event_exists", name)));
        }
        let id = insert_event(&tx, name, start_date, settings, EventStatus::Planned)?;
        fill(&tx, id)?;
        record(
            &tx,
            "event-new",
            summary(name, id),
            Some(&[UndoStep::new(
                "DELETE FROM event WHERE id=?1",
                vec![json!(id)],
            )]),
        )?;
        tx.commit()?;
        self.event(id)
    }

    /// Creates an event.
    pub fn create_event(
        &mut self,
        name: &str,
        start_date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
    ) -> Result<Event> {
        self.new_event(
            name,
            start_date,
            settings,
            |_, _| Ok(()),
            |name, id| msg!("log.event_new", name, id),
        )
    }

    /// One event by id.
    pub fn event(&self, id: i64) -> Result<Event> {
        self.conn
            .prepare_cached(&format!("SELECT {EVENT_COLS} FROM event WHERE id=?1"))?
            .query_row([id], event_from_row)
            .optional()?
            .ok_or_else(|| StoreError::NotFound(msg!("err.store.no_event_id", id)))
    }

    /// All events, newest first.
    pub fn events(&self) -> Result<Vec<Event>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {EVENT_COLS} FROM event ORDER BY coalesce(start_date, created) DESC, id DESC"
        ))?;
        let rows = stmt
            .query_map([], event_from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Every event with what the event list shows beside it, newest first,
    /// in one query (a ten-year club lists in milliseconds).
    pub fn event_summaries(&self) -> Result<Vec<EventSummary>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {EVENT_COLS},
                    (SELECT coalesce(max(r.number), 0) FROM round r WHERE r.event_id = event.id),
                    (SELECT count(*) FROM entry en WHERE en.event_id = event.id)
             FROM event ORDER BY coalesce(start_date, created) DESC, id DESC"
        ))?;
        let rows = stmt
            .query_map([], |r| {
                Ok(EventSummary {
                    event: event_from_row(r)?,
                    rounds_paired: r.get(20)?,
                    players: r.get(21)?,
                    knockout: r.get(18)?,
                    team: r.get(19)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Finds an event by id or exact name.
    pub fn resolve_event(&self, key: &str) -> Result<Event> {
        let key = key.trim();
        if let Ok(id) = key.parse::<i64>() {
            if let Ok(e) = self.event(id) {
                return Ok(e);
            }
        }
        let id: Option<i64> = self
            .conn
            .query_row("SELECT id FROM event WHERE name=?1", [key], |r| r.get(0))
            .optional()?;
        // Else the name typed in the other script (冬季積分賽 for 冬季积分赛),
        // when it names one event.
        let id = match id {
            Some(id) => Some(id),
            None => match self.ids_in_other_script("SELECT id, name FROM event", key)?[..] {
                [id] => Some(id),
                _ => None,
            },
        };
        match id {
            Some(id) => self.event(id),
            None => Err(self.not_found_near(
                "SELECT name FROM event",
                msg!("err.store.no_event", name = key),
                key,
            )?),
        }
    }

    /// Sets an event's status.
    pub fn set_event_status(&mut self, event_id: i64, status: EventStatus) -> Result<()> {
        let old = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        tx.execute(
            "UPDATE event SET status=?2 WHERE id=?1",
            params![event_id, status.code()],
        )?;
        record(
            &tx,
            "event-status",
            msg!(
                "log.event_status",
                name = &old.name,
                status = super::log::key_msg(&format!("status.{}", status.code()))
            ),
            Some(&[UndoStep::new(
                "UPDATE event SET status=?2 WHERE id=?1",
                vec![json!(event_id), json!(old.status.code())],
            )]),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Replaces an event's pairing settings (the JSON object of options by
    /// name; also the round schedule), undoably.
    pub fn set_pairing_settings(
        &mut self,
        event_id: i64,
        settings: &crate::domain::PairingSettings,
        summary: crate::i18n::Msg,
    ) -> Result<()> {
        let old = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        tx.execute(
            "UPDATE event SET pairing_settings=?2 WHERE id=?1",
            params![event_id, serde_json::to_string(settings)?],
        )?;
        record(
            &tx,
            "event-settings",
            msg!("log.event_settings", event = &old.name, what = summary),
            None,
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Rounds already paired.
    pub fn rounds_paired(&self, event_id: i64) -> Result<u32> {
        rounds_paired(&self.conn, event_id)
    }

    /// Enters members into an event. Before round 1 start numbers are
    /// reassigned by rating, then name; after it, newcomers are late entries
    /// with the next start numbers, playing from the next round.
    pub fn enter_members(&mut self, event_id: i64, member_ids: &[i64]) -> Result<Vec<Entry>> {
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let paired = rounds_paired(&tx, event_id)?;
        let mut new_ids = Vec::new();
        for &mid in member_ids {
            let m: Option<(Option<i32>, Option<String>, String, bool)> = tx
                .query_row(
                    "SELECT rating, club, name, retired FROM member WHERE id=?1",
                    [mid],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
                .optional()?;
            let (rating, club, name, retired) =
                m.ok_or_else(|| StoreError::NotFound(msg!("err.store.no_member_id", id = mid)))?;
            if retired {
                return Err(StoreError::Invalid(msg!("err.store.member_retired", name)));
            }
            let already: Option<i64> = tx
                .query_row(
                    "SELECT id FROM entry WHERE event_id=?1 AND member_id=?2",
                    [event_id, mid],
                    |r| r.get(0),
                )
                .optional()?;
            if already.is_some() {
                return Err(StoreError::Invalid(msg!(
                    "err.store.already_entered",
                    name,
                    event = &event.name
                )));
            }
            let next_no: i64 = tx.query_row(
                "SELECT coalesce(max(start_no), 0) + 1 FROM entry WHERE event_id=?1",
                [event_id],
                |r| r.get(0),
            )?;
            tx.execute(
                "INSERT INTO entry(event_id, member_id, start_no, rating, club, first_round)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![event_id, mid, next_no, rating, club, paired + 1],
            )?;
            new_ids.push(tx.last_insert_rowid());
        }
        if paired == 0 {
            renumber(&tx, event_id)?;
        }
        let undo: Vec<UndoStep> = new_ids
            .iter()
            .map(|id| UndoStep::new("DELETE FROM entry WHERE id=?1", vec![json!(id)]))
            .collect();
        record(
            &tx,
            "entry-add",
            msg!("log.entry_add", count = new_ids.len(), event = &event.name),
            Some(&undo),
        )?;
        tx.commit()?;
        let all = self.entries(event_id)?;
        Ok(all
            .into_iter()
            .filter(|e| new_ids.contains(&e.id))
            .collect())
    }

    /// An event's entries by start number.
    pub fn entries(&self, event_id: i64) -> Result<Vec<Entry>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT {ENTRY_COLS} FROM entry e JOIN member m ON m.id = e.member_id
             WHERE e.event_id=?1 ORDER BY e.start_no"
        ))?;
        let rows = stmt
            .query_map([event_id], entry_from_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Finds an entry of an event by start number, member id or exact name.
    pub fn resolve_entry(&self, event_id: i64, key: &str) -> Result<Entry> {
        let entries = self.entries(event_id)?;
        let key = key.trim();
        if let Some(no) = key.strip_prefix('#').and_then(|k| k.parse::<u32>().ok()) {
            return entries
                .into_iter()
                .find(|e| e.start_no == no)
                .ok_or_else(|| StoreError::NotFound(msg!("err.store.no_start_number", no)));
        }
        let mut by_name: Vec<&Entry> = entries.iter().filter(|e| e.name == key).collect();
        if by_name.is_empty() {
            // The name typed in the other script (陳磊 for 陈磊).
            by_name = entries
                .iter()
                .filter(|e| crate::i18n::same_name(&e.name, key))
                .collect();
        }
        match by_name.len() {
            1 => return Ok(by_name[0].clone()),
            n if n > 1 => {
                return Err(StoreError::Ambiguous {
                    what: "player",
                    name: key.to_string(),
                    candidates: by_name
                        .iter()
                        .map(|e| format!("#{} {}", e.start_no, e.name))
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            }
            _ => {}
        }
        if let Ok(id) = key.parse::<i64>() {
            if let Some(e) = entries.iter().find(|e| e.member_id == id) {
                return Ok(e.clone());
            }
        }
        Err(StoreError::NotFound(msg!(
            "err.store.not_entered",
            name = key
        )))
    }

    /// Withdraws an entry after round `after_round` (default: the rounds paired so far).
    pub fn withdraw(&mut self, entry: &Entry, after_round: Option<u32>) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let paired = rounds_paired(&tx, entry.event_id)?;
        let after = after_round.unwrap_or(paired);
        let old = match entry.status {
            EntryStatus::Active => serde_json::Value::Null,
            EntryStatus::Withdrawn { after_round } => json!(after_round),
        };
        tx.execute(
            "UPDATE entry SET withdrawn_after=?2 WHERE id=?1",
            params![entry.id, after],
        )?;
        record(
            &tx,
            "entry-withdraw",
            msg!("log.withdraw", name = &entry.name, round = after),
            Some(&[UndoStep::new(
                "UPDATE entry SET withdrawn_after=?2 WHERE id=?1",
                vec![json!(entry.id), old],
            )]),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Records a bye asked for in advance.
    pub fn request_bye(
        &mut self,
        entry: &Entry,
        round: u32,
        value: RequestedByeValue,
    ) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        if rounds_paired(&tx, entry.event_id)? >= round {
            return Err(StoreError::Invalid(msg!(
                "err.store.bye_round_paired",
                round
            )));
        }
        tx.execute(
            "INSERT OR REPLACE INTO requested_bye(entry_id, round, value) VALUES (?1, ?2, ?3)",
            params![entry.id, round, value.code()],
        )?;
        record(
            &tx,
            "bye-request",
            msg!("log.bye_request", name = &entry.name, round),
            Some(&[UndoStep::new(
                "DELETE FROM requested_bye WHERE entry_id=?1 AND round=?2",
                vec![json!(entry.id), json!(round)],
            )]),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Every requested bye of an event.
    pub fn requested_byes(&self, event_id: i64) -> Result<Vec<RequestedBye>> {
        self.rows(
            "SELECT b.entry_id, b.round, b.value, b.notice FROM requested_bye b
             JOIN entry e ON e.id = b.entry_id WHERE e.event_id=?1 ORDER BY b.round, e.start_no",
            [event_id],
            |r| {
                let v: String = r.get(2)?;
                Ok(RequestedBye {
                    entry_id: r.get(0)?,
                    round: r.get(1)?,
                    value: RequestedByeValue::from_code(&v).unwrap_or(RequestedByeValue::Zero),
                    notice: r.get(3)?,
                })
            },
        )
    }
}

#[cfg(test)]
mod tests;
