//! The action log: every change with its time, and how to undo it.

use super::{Result, Store, StoreError};
use crate::i18n::{msg, placeholders, Arg, Lang, Msg};
use rusqlite::types::Value;
use rusqlite::OptionalExtension;
use rusqlite::{params, Connection, Transaction};
use serde::{Deserialize, Serialize};

/// One SQL statement that reverses part of a change. Kept inside the store:
/// the log is written and replayed only here.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct UndoStep {
    pub sql: String,
    pub params: Vec<serde_json::Value>,
}

impl UndoStep {
    pub(crate) fn new(sql: &str, params: Vec<serde_json::Value>) -> UndoStep {
        UndoStep {
            sql: sql.to_string(),
            params,
        }
    }
}

/// A row of the action log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LogEntry {
    pub id: i64,
    pub at: String,
    pub action: String,
    pub summary: Summary,
    pub undoable: bool,
    pub undone: bool,
}

/// What a change was, in any UI language: the keyed message stored with
/// the row (JSON, see [`msg_json`]), or, for rows written before keyed
/// summaries, the English text as it was stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// The English text (the `summary` column).
    pub text: String,
    /// The keyed message (the `summary_msg` column); `None` on old rows.
    pub msg: Option<serde_json::Value>,
}

impl Summary {
    fn new(text: String, msg: Option<String>) -> Summary {
        Summary {
            text,
            msg: msg.and_then(|m| serde_json::from_str(&m).ok()),
        }
    }

    /// The summary as a keyed message (an old row: its stored text, the
    /// same in every language).
    pub fn to_msg(&self) -> Msg {
        self.msg
            .as_ref()
            .and_then(json_msg)
            .unwrap_or_else(|| msg!("log.text", text = self.text.as_str()))
    }

    /// The summary in `lang` (an old row: its stored text).
    pub fn render(&self, lang: Lang) -> String {
        self.msg
            .as_ref()
            .and_then(json_msg)
            .map(|m| m.render(lang))
            .unwrap_or_else(|| self.text.clone())
    }
}

/// The message of a table key known only at run time (`status.finished`);
/// an unknown key is shown as it is.
pub(crate) fn key_msg(key: &str) -> Msg {
    match crate::i18n::all().find(|t| t.0 == key) {
        Some(t) => Msg::new(t.0),
        None => msg!("log.text", text = key),
    }
}

/// What a summary can be made from: a keyed message only, so the log
/// shows every change in the language of the screen (plain text, which
/// every language would show as it is, is not taken).
pub trait IntoSummary {
    fn into_summary(self) -> Msg;
}

impl IntoSummary for Msg {
    fn into_summary(self) -> Msg {
        self
    }
}

/// Unit tests may name a change in plain words.
#[cfg(test)]
impl IntoSummary for &str {
    fn into_summary(self) -> Msg {
        msg!("log.text", text = self)
    }
}

/// A message as JSON: `{"k": key, "a": {name: text or message}}`.
fn msg_json(m: &Msg) -> serde_json::Value {
    let args: serde_json::Map<String, serde_json::Value> = m
        .args
        .iter()
        .map(|(n, a)| {
            let v = match a {
                Arg::Text(t) => serde_json::Value::String(t.clone()),
                Arg::Msg(inner) => msg_json(inner),
            };
            (n.to_string(), v)
        })
        .collect();
    serde_json::json!({ "k": m.key, "a": args })
}

/// A stored message back as a [`Msg`]; `None` when it is not one, or its
/// key is unknown to this build. Keys and argument names become the
/// tables' own `'static` strings (the English template names the
/// arguments).
fn json_msg(v: &serde_json::Value) -> Option<Msg> {
    let key = v.get("k")?.as_str()?;
    let text = crate::i18n::all().find(|t| t.0 == key)?;
    let args = v.get("a")?.as_object()?;
    let mut m = Msg::new(text.0);
    for name in placeholders(text.3) {
        match args.get(name) {
            Some(serde_json::Value::String(t)) => m = m.with(name, t),
            Some(other) => m = m.with(name, json_msg(other)?),
            None => {}
        }
    }
    Some(m)
}

fn to_sql_value(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Integer(*b as i64),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => Value::Integer(i),
            None => Value::Real(n.as_f64().unwrap_or(0.0)),
        },
        serde_json::Value::String(s) => Value::Text(s.clone()),
        other => Value::Text(other.to_string()),
    }
}

/// Records a change inside the caller's transaction: the action-log row and,
/// as its undo, the exact reverse of every row the transaction changed (read
/// from the capture triggers, see [`install_capture`]). `_steps`, the
/// hand-written undo of the older code, is no longer used: a captured undo
/// cannot forget a row (unpair, renumbered start numbers, a
/// replaced bye were all restored wrongly or not at all).
pub(crate) fn record(
    tx: &Transaction<'_>,
    action: &str,
    summary: impl IntoSummary,
    _steps: Option<&[UndoStep]>,
) -> Result<i64> {
    let steps = drain_captured(tx)?;
    let undo_json = serde_json::to_string(&steps)?;
    let summary = summary.into_summary();
    tx.execute(
        "INSERT INTO action_log(action, summary, undo, summary_msg) VALUES (?1, ?2, ?3, ?4)",
        params![
            action,
            summary.en(),
            undo_json,
            msg_json(&summary).to_string()
        ],
    )?;
    Ok(tx.last_insert_rowid())
}

/// The captured reverse steps of the current transaction, newest first, and
/// empties the buffer.
fn drain_captured(tx: &Transaction<'_>) -> Result<Vec<UndoStep>> {
    let steps = {
        let mut stmt = tx.prepare_cached("SELECT sql FROM temp.undo_buf ORDER BY seq DESC")?;
        let rows = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|sql| UndoStep {
                sql,
                params: Vec::new(),
            })
            .collect()
    };
    tx.execute("DELETE FROM temp.undo_buf", [])?;
    Ok(steps)
}

/// Installs the capture triggers ([`install_capture`]) on this connection
/// unless they are there: [`begin_write`] calls it, so a connection that
/// only reads (most commands) never parses them, and every write is
/// captured.
pub(crate) fn ensure_capture(conn: &Connection) -> Result<()> {
    let expected = 3 * super::migrations::TABLES
        .iter()
        .filter(|t| **t != "action_log")
        .count();
    let n: usize = conn.query_row(
        "SELECT count(*) FROM temp.sqlite_master WHERE type = 'trigger' AND name GLOB 'undo_*'",
        [],
        |r| r.get(0),
    )?;
    if n != expected {
        install_capture(conn)?;
    }
    Ok(())
}

/// Creates (on this connection only: TEMP objects, nothing is written to the
/// file) the triggers that record, for every row a statement inserts,
/// updates or deletes in a club table, the SQL that puts the row back. The
/// action log itself is not captured.
pub(crate) fn install_capture(conn: &Connection) -> Result<()> {
    let mut sql = String::from(
        "CREATE TEMP TABLE IF NOT EXISTS undo_buf(seq INTEGER PRIMARY KEY, sql TEXT NOT NULL);\n",
    );
    for t in super::migrations::TABLES {
        if *t == "action_log" {
            continue;
        }
        // (name, declared type, pk position)
        let cols: Vec<(String, String, i64)> = {
            let mut stmt = conn.prepare(&format!("PRAGMA main.table_info({t})"))?;
            let rows = stmt
                .query_map([], |r| Ok((r.get(1)?, r.get(2)?, r.get(5)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            rows
        };
        let pks = cols.iter().filter(|c| c.2 > 0).count();
        // An INTEGER PRIMARY KEY column is the rowid itself.
        let rowid_alias = pks == 1
            && cols
                .iter()
                .any(|c| c.2 == 1 && c.1.eq_ignore_ascii_case("INTEGER"));
        let mut names: Vec<String> = Vec::new();
        if !rowid_alias {
            names.push("rowid".into());
        }
        names.extend(cols.iter().map(|c| c.0.clone()));
        let values = names
            .iter()
            .map(|n| format!("quote(old.{n})"))
            .collect::<Vec<_>>()
            .join(" || ',' || ");
        let sets = names
            .iter()
            .map(|n| format!("'{n}=' || quote(old.{n})"))
            .collect::<Vec<_>>()
            .join(" || ',' || ");
        let cols_list = names.join(",");
        sql.push_str(&format!(
            "CREATE TEMP TRIGGER IF NOT EXISTS undo_ins_{t} AFTER INSERT ON main.{t} BEGIN
               INSERT INTO undo_buf(sql) VALUES ('DELETE FROM {t} WHERE rowid=' || new.rowid);
             END;
             CREATE TEMP TRIGGER IF NOT EXISTS undo_upd_{t} AFTER UPDATE ON main.{t} BEGIN
               INSERT INTO undo_buf(sql)
               VALUES ('UPDATE {t} SET ' || {sets} || ' WHERE rowid=' || new.rowid);
             END;
             CREATE TEMP TRIGGER IF NOT EXISTS undo_del_{t} AFTER DELETE ON main.{t} BEGIN
               INSERT INTO undo_buf(sql)
               VALUES ('INSERT INTO {t}({cols_list}) VALUES (' || {values} || ')');
             END;\n"
        ));
    }
    // A row replaced by INSERT OR REPLACE is deleted first; its delete
    // trigger fires only with recursive triggers on.
    conn.pragma_update(None, "recursive_triggers", true)?;
    conn.execute_batch(&sql)?;
    Ok(())
}

/// Opens a write transaction that takes the write lock at once (`BEGIN
/// IMMEDIATE`), so a busy database is waited for (busy timeout) instead of
/// failing when a read turns into a write halfway.
/// A database `qishe check` found damaged refuses changes until a check
/// passes (or a backup is restored over it): writing on damaged pages can
/// spread the damage.
pub(crate) fn begin_write(conn: &mut Connection) -> Result<Transaction<'_>> {
    if let Some(p) = conn.path().filter(|p| !p.is_empty()) {
        if damage_marker(std::path::Path::new(p)).exists() {
            return Err(StoreError::Invalid(msg!("err.store.damaged_refuses")));
        }
    }
    // Opened read-only (a folder we may not write, or a full disk): say
    // which, before SQLite says "readonly".
    if conn.is_readonly(rusqlite::DatabaseName::Main)? {
        let full = conn
            .path()
            .is_some_and(|p| super::disk_full_at(std::path::Path::new(p)));
        return Err(if full {
            StoreError::DiskFull
        } else {
            StoreError::ReadOnly
        });
    }
    ensure_capture(conn)?;
    Ok(conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?)
}

/// The file beside the database that says `qishe check` found it damaged.
pub(crate) fn damage_marker(db: &std::path::Path) -> std::path::PathBuf {
    let mut s = db.as_os_str().to_os_string();
    s.push(".damaged");
    std::path::PathBuf::from(s)
}

impl Store {
    /// The newest log entries first.
    pub fn log_entries(&self, limit: usize) -> Result<Vec<LogEntry>> {
        self.rows(
            "SELECT id, at, action, summary, undo IS NOT NULL, undone, summary_msg
             FROM action_log ORDER BY id DESC LIMIT ?1",
            [limit as i64],
            |r| {
                Ok(LogEntry {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    action: r.get(2)?,
                    summary: Summary::new(r.get(3)?, r.get(6)?),
                    undoable: r.get(4)?,
                    undone: r.get(5)?,
                })
            },
        )
    }

    /// The summary of the change [`Store::undo_last`] would take back, if
    /// any (the TUI asks before undoing).
    pub fn next_undo(&self) -> Result<Option<Summary>> {
        Ok(self
            .conn
            .query_row(
                "SELECT summary, summary_msg FROM action_log
                 WHERE undo IS NOT NULL AND undone = 0 AND action <> 'undo'
                 ORDER BY id DESC LIMIT 1",
                [],
                |r| Ok(Summary::new(r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// The summary of the change [`Store::redo_last`] would replay, if any.
    pub fn next_redo(&self) -> Result<Option<Summary>> {
        let s: Option<Summary> = self
            .conn
            .query_row(
                "SELECT u.summary, u.summary_msg FROM action_log u
                 WHERE u.action = 'undo' AND u.undone = 0 AND u.undo IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM action_log n
                                   WHERE n.id > u.id AND n.action NOT IN ('undo', 'redo'))
                 ORDER BY u.id DESC LIMIT 1",
                [],
                |r| Ok(Summary::new(r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(s.map(undone_change))
    }

    /// Undoes the newest change that can be undone and is not undone yet.
    /// Returns its summary. The undo is logged with, as its own steps, what
    /// redoes the change (see [`Store::redo_last`]).
    pub fn undo_last(&mut self) -> Result<Summary> {
        let tx = begin_write(&mut self.conn)?;
        let found: Option<(i64, Summary, String)> = tx
            .query_row(
                "SELECT id, summary, undo, summary_msg FROM action_log
                 WHERE undo IS NOT NULL AND undone = 0 AND action <> 'undo'
                 ORDER BY id DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, Summary::new(r.get(1)?, r.get(3)?), r.get(2)?)),
            )
            .optional()?;
        let (id, summary, undo) =
            found.ok_or_else(|| StoreError::NotFound(msg!("err.store.nothing_to_undo")))?;
        replay(&tx, &undo)?;
        tx.execute("UPDATE action_log SET undone = 1 WHERE id = ?1", [id])?;
        record(&tx, "undo", wrap("log.undo", &summary), None)?;
        tx.commit()?;
        Ok(summary)
    }

    /// Redoes the change the newest undo took back, as long as nothing else
    /// changed since (a new change ends the redo chain). Returns its summary.
    pub fn redo_last(&mut self) -> Result<Summary> {
        let tx = begin_write(&mut self.conn)?;
        let found: Option<(i64, Summary, String)> = tx
            .query_row(
                "SELECT u.id, u.summary, u.undo, u.summary_msg FROM action_log u
                 WHERE u.action = 'undo' AND u.undone = 0 AND u.undo IS NOT NULL
                   AND NOT EXISTS (SELECT 1 FROM action_log n
                                   WHERE n.id > u.id AND n.action NOT IN ('undo', 'redo'))
                 ORDER BY u.id DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, Summary::new(r.get(1)?, r.get(3)?), r.get(2)?)),
            )
            .optional()?;
        let (id, summary, redo) =
            found.ok_or_else(|| StoreError::NotFound(msg!("err.store.nothing_to_redo")))?;
        replay(&tx, &redo)?;
        tx.execute("UPDATE action_log SET undone = 1 WHERE id = ?1", [id])?;
        let summary = undone_change(summary);
        record(&tx, "redo", wrap("log.redo", &summary), None)?;
        tx.commit()?;
        Ok(summary)
    }
}

/// An undo or redo row's summary: `key` around the change's own (its
/// message when keyed, else its text).
fn wrap(key: &'static str, what: &Summary) -> Msg {
    match what.msg.as_ref().and_then(json_msg) {
        Some(m) => Msg::new(key).with("what", m),
        None => Msg::new(key).with("what", &what.text),
    }
}

/// The change an undo row took back: the `what` of its message, or its
/// text without the `undo: ` prefix (rows written before keyed summaries).
fn undone_change(s: Summary) -> Summary {
    let text = s.text.strip_prefix("undo: ").unwrap_or(&s.text).to_string();
    let msg = s
        .msg
        .as_ref()
        .filter(|v| v.get("k").and_then(|k| k.as_str()) == Some("log.undo"))
        .and_then(|v| v.get("a")?.get("what").cloned());
    match msg {
        Some(serde_json::Value::String(t)) => Summary { text: t, msg: None },
        Some(v) => Summary { text, msg: Some(v) },
        None => Summary { text, msg: None },
    }
}

/// Runs stored undo steps in order. Foreign keys are checked at commit, so
/// the order of rows removed together by a cascade does not matter.
fn replay(tx: &Transaction<'_>, steps: &str) -> Result<()> {
    let steps: Vec<UndoStep> = serde_json::from_str(steps)?;
    tx.pragma_update(None, "defer_foreign_keys", true)?;
    for step in &steps {
        let values: Vec<Value> = step.params.iter().map(to_sql_value).collect();
        tx.execute(&step.sql, rusqlite::params_from_iter(values.iter()))?;
    }
    Ok(())
}

/// Test hooks: the whole database as text, and a fault injected
/// into the next write.
#[cfg(test)]
impl Store {
    /// Every row of every club table (the action log aside) in rowid order.
    pub(crate) fn dump_for_tests(&self) -> Vec<String> {
        let mut out = Vec::new();
        for t in super::migrations::TABLES {
            if *t == "action_log" {
                continue;
            }
            let cols: Vec<String> = self
                .conn
                .prepare(&format!("PRAGMA main.table_info({t})"))
                .unwrap()
                .query_map([], |r| r.get(1))
                .unwrap()
                .map(|r| r.unwrap())
                .collect();
            let expr = std::iter::once("quote(rowid)".to_string())
                .chain(cols.iter().map(|c| format!("quote({c})")))
                .collect::<Vec<_>>()
                .join("||'|'||");
            let mut stmt = self
                .conn
                .prepare(&format!("SELECT {expr} FROM {t} ORDER BY rowid"))
                .unwrap();
            let rows = stmt.query_map([], |r| r.get::<_, String>(0)).unwrap();
            out.extend(rows.map(|r| format!("{t}: {}", r.unwrap())));
        }
        out
    }

    /// Makes the write after `ok_writes` row writes (of club tables or the
    /// action log) fail inside its transaction; `None` removes the fault.
    /// A failed command's transaction is rolled back, which restores the
    /// count: the same command fails at the same step again.
    pub(crate) fn inject_fault(&self, ok_writes: Option<u32>) {
        ensure_capture(&self.conn).unwrap();
        self.conn
            .execute_batch(
                "CREATE TEMP TABLE IF NOT EXISTS fault(left INTEGER);
                 CREATE TEMP TRIGGER IF NOT EXISTS fault_buf BEFORE INSERT ON temp.undo_buf
                 WHEN (SELECT left FROM temp.fault) IS NOT NULL BEGIN
                   UPDATE fault SET left = left - 1;
                   SELECT RAISE(ABORT, 'injected fault') WHERE (SELECT left FROM temp.fault) < 0;
                 END;
                 CREATE TEMP TRIGGER IF NOT EXISTS fault_log BEFORE INSERT ON main.action_log
                 WHEN (SELECT left FROM temp.fault) IS NOT NULL BEGIN
                   UPDATE fault SET left = left - 1;
                   SELECT RAISE(ABORT, 'injected fault') WHERE (SELECT left FROM temp.fault) < 0;
                 END;
                 DELETE FROM temp.fault;",
            )
            .unwrap();
        if let Some(n) = ok_writes {
            self.conn
                .execute("INSERT INTO temp.fault(left) VALUES (?1)", [n])
                .unwrap();
        }
    }
}
