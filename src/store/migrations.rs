//! Append-only migrations tracked by `PRAGMA user_version`.
//!
//! Migration N brings a database from version N−1 to N. Never edit a released
//! migration: append a new one. Migration 1 is `schema.sql` as first released.

use super::{Result, StoreError};
use crate::i18n::msg;
use rusqlite::Connection;

/// The migrations, in order; index i is migration i+1.
const MIGRATIONS: &[&str] = &[
    include_str!("../../schema.sql"),
    // --- Team events (issue 19): team_event, team, team_member, team_match,
    // team_lineup. Also appended to schema.sql, hence `IF NOT EXISTS`.
    include_str!("teams.sql"),
];

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Every table, for counts and checks.
pub const TABLES: &[&str] = &[
    "member",
    "event",
    "entry",
    "requested_bye",
    "forbidden_pair",
    "round",
    "board",
    "game",
    "action_log",
    "team_event",
    "team",
    "team_member",
    "team_match",
    "team_lineup",
];

/// Brings the database up to `SCHEMA_VERSION` in one transaction. Running it
/// on an up-to-date database does nothing.
pub fn migrate(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::Invalid(msg!(
            "err.store.schema_newer",
            version,
            supported = SCHEMA_VERSION
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_is_a_no_op() {
        let mut c = Connection::open_in_memory().unwrap();
        migrate(&mut c).unwrap();
        c.execute("INSERT INTO member(name) VALUES ('甲')", [])
            .unwrap();
        let schema_before: Vec<String> = c
            .prepare("SELECT sql FROM sqlite_master ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get::<_, Option<String>>(0))
            .unwrap()
            .map(|r| r.unwrap().unwrap_or_default())
            .collect();
        migrate(&mut c).unwrap();
        let schema_after: Vec<String> = c
            .prepare("SELECT sql FROM sqlite_master ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get::<_, Option<String>>(0))
            .unwrap()
            .map(|r| r.unwrap().unwrap_or_default())
            .collect();
        assert_eq!(schema_before, schema_after);
        let v: i64 = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA_VERSION);
        let n: i64 = c
            .query_row("SELECT count(*) FROM member", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1);
    }

    #[test]
    fn every_table_exists() {
        let mut c = Connection::open_in_memory().unwrap();
        migrate(&mut c).unwrap();
        for t in TABLES {
            let n: i64 = c
                .query_row(
                    "SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?1",
                    [t],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(n, 1, "table {t}");
        }
    }
}
