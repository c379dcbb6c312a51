//! The action log: every change with its time, and how to undo it.

use super::{Result, Store, StoreError};
use crate::i18n::msg;
use rusqlite::types::Value;
use rusqlite::{params, Transaction};
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
    pub summary: String,
    pub undoable: bool,
    pub undone: bool,
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

/// Records a change inside the caller's transaction.
pub(crate) fn record(
    tx: &Transaction<'_>,
    action: &str,
    summary: &str,
    undo: Option<&[UndoStep]>,
) -> Result<i64> {
    let undo_json = match undo {
        Some(steps) => Some(serde_json::to_string(steps)?),
        None => None,
    };
    tx.execute(
        "INSERT INTO action_log(action, summary, undo) VALUES (?1, ?2, ?3)",
        params![action, summary, undo_json],
    )?;
    Ok(tx.last_insert_rowid())
}

impl Store {
    /// The newest log entries first.
    pub fn log_entries(&self, limit: usize) -> Result<Vec<LogEntry>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, at, action, summary, undo IS NOT NULL, undone
             FROM action_log ORDER BY id DESC LIMIT ?1",
        )?;
        let rows = stmt
            .query_map([limit as i64], |r| {
                Ok(LogEntry {
                    id: r.get(0)?,
                    at: r.get(1)?,
                    action: r.get(2)?,
                    summary: r.get(3)?,
                    undoable: r.get(4)?,
                    undone: r.get(5)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Undoes the newest change that can be undone and is not undone yet.
    /// Returns its summary. The undo itself is logged (and is not undoable).
    pub fn undo_last(&mut self) -> Result<String> {
        let tx = self.conn.transaction()?;
        let found: Option<(i64, String, String)> = {
            let mut stmt = tx.prepare(
                "SELECT id, summary, undo FROM action_log
                 WHERE undo IS NOT NULL AND undone = 0 AND action <> 'undo'
                 ORDER BY id DESC LIMIT 1",
            )?;
            let mut rows = stmt.query([])?;
            match rows.next()? {
                Some(r) => Some((r.get(0)?, r.get(1)?, r.get(2)?)),
                None => None,
            }
        };
        let (id, summary, undo) =
            found.ok_or_else(|| StoreError::NotFound(msg!("err.store.nothing_to_undo")))?;
        let steps: Vec<UndoStep> = serde_json::from_str(&undo)?;
        for step in &steps {
            let values: Vec<Value> = step.params.iter().map(to_sql_value).collect();
            tx.execute(&step.sql, rusqlite::params_from_iter(values.iter()))?;
        }
        tx.execute("UPDATE action_log SET undone = 1 WHERE id = ?1", [id])?;
        record(&tx, "undo", &format!("undo: {summary}"), None)?;
        tx.commit()?;
        Ok(summary)
    }
}
