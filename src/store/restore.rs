//! `qishe restore BACKUP`: a backup is checked before anything is replaced
//! (a qishe club database of a schema this build reads, every page sound),
//! then copied into the club database through SQLite's backup API: one
//! write transaction on the club's file, so a kill or a power cut leaves
//! either the old club or the restored one, and another qishe that has the
//! club open sees the change as it sees any other commit.

use super::{migrations, Result, Store, StoreError, SCHEMA_VERSION};
use rusqlite::{Connection, OpenFlags};
use std::path::Path;
use std::time::Duration;

/// What a backup holds, for the question before it replaces the club.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupInfo {
    pub schema: i64,
    pub members: i64,
    pub events: i64,
    /// The time of the newest change in its action log, if any.
    pub last_change: Option<String>,
}

/// Opens `path` read-only, as a file nothing else writes (a backup); a
/// `-wal` beside it that holds changes (a copy of a live club with its
/// log) is read too, else the file is taken as immutable.
fn open_file_read_only(path: &Path) -> Result<Connection> {
    let mut uri = String::from("file:");
    for c in path.to_string_lossy().chars() {
        match c {
            '?' | '#' | '%' => uri.push_str(&format!("%{:02X}", c as u32)),
            c => uri.push(c),
        }
    }
    let mut wal = path.as_os_str().to_os_string();
    wal.push("-wal");
    let wal_holds = std::fs::metadata(std::path::PathBuf::from(wal)).is_ok_and(|m| m.len() > 0);
    uri.push_str(if wal_holds {
        "?mode=ro"
    } else {
        "?mode=ro&immutable=1"
    });
    Connection::open_with_flags(
        &uri,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_URI,
    )
    .map_err(|source| StoreError::Open {
        path: path.to_path_buf(),
        source,
    })
}

/// Whether the file at `path` lacks the header every SQLite database
/// file begins with (a damaged database keeps it).
fn not_sqlite(path: &Path) -> bool {
    use std::io::Read;
    let mut head = [0u8; 16];
    let read = std::fs::File::open(path).and_then(|mut f| f.read_exact(&mut head));
    read.is_err() || &head != b"SQLite format 3\0"
}

/// Checks that `path` is a sound qishe club database and says what it holds.
pub fn inspect_backup(path: &Path) -> Result<BackupInfo> {
    let conn = open_file_read_only(path)?;
    let damaged = |e: rusqlite::Error| match StoreError::from(e) {
        // Text, a picture, random bytes: no SQLite file at all; or a SQLite
        // file damaged past reading. Said by key, not by SQLite's English.
        StoreError::Damaged(_) => StoreError::NotOurs {
            path: path.to_path_buf(),
            detail: if not_sqlite(path) {
                crate::i18n::msg!("err.store.why.not_sqlite")
            } else {
                crate::i18n::msg!("err.store.why.unreadable")
            },
        },
        StoreError::Sql(rusqlite::Error::SqliteFailure(_, Some(detail))) => StoreError::Corrupt {
            path: path.to_path_buf(),
            detail,
        },
        other => other,
    };
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(damaged)?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            path: path.to_path_buf(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    let tables: Vec<String> = {
        let mut stmt = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .map_err(damaged)?;
        let rows = stmt
            .query_map([], |r| r.get(0))
            .map_err(damaged)?
            .collect::<rusqlite::Result<Vec<String>>>()
            .map_err(damaged)?;
        rows
    };
    if version < 1 {
        return Err(StoreError::NotOurs {
            path: path.to_path_buf(),
            detail: crate::i18n::msg!("err.store.why.version", version),
        });
    }
    if let Some(t) = migrations::BASE_TABLES
        .iter()
        .find(|t| !tables.iter().any(|x| x == *t))
    {
        return Err(StoreError::NotOurs {
            path: path.to_path_buf(),
            detail: crate::i18n::msg!("err.store.why.table_missing", table = t),
        });
    }
    let verdict: Vec<String> = {
        let mut stmt = conn.prepare("PRAGMA integrity_check").map_err(damaged)?;
        let rows = stmt
            .query_map([], |r| r.get(0))
            .map_err(damaged)?
            .collect::<rusqlite::Result<Vec<String>>>()
            .map_err(damaged)?;
        rows
    };
    if verdict != ["ok"] {
        return Err(StoreError::Corrupt {
            path: path.to_path_buf(),
            detail: verdict.join("; "),
        });
    }
    let count = |t: &str| -> Result<i64> {
        conn.query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))
            .map_err(damaged)
    };
    let last_change = conn
        .query_row("SELECT max(at) FROM action_log", [], |r| r.get(0))
        .map_err(damaged)?;
    Ok(BackupInfo {
        schema: version,
        members: count("member")?,
        events: count("event")?,
        last_change,
    })
}

impl Store {
    /// Replaces this club's contents with the backup at `path` (checked
    /// first by [`inspect_backup`]) in one write transaction; the store is
    /// then opened again (an older backup is migrated).
    pub fn restore_from(self, path: &Path) -> Result<Store> {
        inspect_backup(path)?;
        let src = open_file_read_only(path)?;
        let db = self.path.clone();
        let mut conn = self.conn;
        {
            let b = rusqlite::backup::Backup::new(&src, &mut conn)?;
            b.run_to_completion(1024, Duration::from_millis(5), None)?;
        }
        drop(conn);
        let marker = super::log::damage_marker(&db);
        let _ = std::fs::remove_file(marker);
        Store::open(&db)
    }
}

/// Copies the backup at `path` onto the club file `db` that cannot be
/// opened as a database (damaged beyond SQLite's reading): through the
/// backup API into a fresh file at `fresh`, which the caller then renames
/// over `db`.
pub fn copy_backup(path: &Path, fresh: &Path) -> Result<()> {
    inspect_backup(path)?;
    let src = open_file_read_only(path)?;
    let mut out = Connection::open(fresh).map_err(|source| StoreError::Open {
        path: fresh.to_path_buf(),
        source,
    })?;
    let b = rusqlite::backup::Backup::new(&src, &mut out)?;
    b.run_to_completion(1024, Duration::from_millis(5), None)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::NewMember;

    #[test]
    fn a_backup_is_checked_then_restored_whole() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("club.db");
        let bak = dir.path().join("b.db");
        let mut s = Store::open(&db).unwrap();
        s.add_member(&NewMember {
            name: "甲".into(),
            ..Default::default()
        })
        .unwrap();
        s.backup_to(&bak).unwrap();
        s.add_member(&NewMember {
            name: "乙".into(),
            ..Default::default()
        })
        .unwrap();
        let info = inspect_backup(&bak).unwrap();
        assert_eq!((info.members, info.events), (1, 0));
        let s = s.restore_from(&bak).unwrap();
        assert_eq!(s.table_counts().unwrap()[0], ("member".to_string(), 1));
        // not a club: refused
        let junk = dir.path().join("junk.db");
        std::fs::write(&junk, b"not a database, just text. ".repeat(100)).unwrap();
        assert!(inspect_backup(&junk).is_err());
        let other = dir.path().join("other.db");
        let c = Connection::open(&other).unwrap();
        c.execute_batch("CREATE TABLE foo(x); PRAGMA user_version = 3;")
            .unwrap();
        drop(c);
        assert!(matches!(
            inspect_backup(&other),
            Err(StoreError::NotOurs { .. })
        ));
    }
}
