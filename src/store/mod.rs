//! The club database: the only place with SQL.
//!
//! `Store` owns one SQLite connection. Pragmas are set on open, outside any
//! transaction; migrations are append-only and tracked by `user_version`.
//! Every multi-row write runs in one transaction, and every change writes an
//! action-log row with what is needed to undo it, in the same transaction.

mod archive;
mod checkin;
mod event_edit;
mod event_places;
mod events;
mod forbidden;
mod games;
mod games_import;
mod history;
mod import;
mod knockout;
mod limits;
mod log;
mod members;
mod migrations;
mod prizes;
mod rating_replay;
mod reports;
mod restore;
mod seasons;
mod stamp;
mod teams;

pub use event_places::KeptPlace;
pub use events::EventSummary;
pub use games::{EventNote, ImportRound, NewBoard, PlacedGame};
pub use games_import::GamesImportReport;
pub use import::{ImportBoard, ImportEvent, ImportPlayer, TrfEntryFields, TrfExtras};
pub use knockout::{KnockoutBoard, KnockoutMatchRow, KnockoutRepair};
pub use log::{IntoSummary, LogEntry, Summary, UndoStep};
pub use migrations::SCHEMA_VERSION;
pub use reports::{ReportState, ResultReport};
pub use restore::{copy_backup, inspect_backup, BackupInfo};
pub use seasons::{NewSeason, SeasonEntry, SeasonEventRecord, SeasonRecord};
pub use teams::{Lineup, NewTeam, NewTeamBoard, NewTeamRound, RosterMember};

use crate::i18n::{msg, Msg};
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The file could not be opened or created.
    Open {
        path: PathBuf,
        source: rusqlite::Error,
    },
    /// The file was written by a newer qishe.
    TooNew {
        path: PathBuf,
        found: i64,
        supported: i64,
    },
    /// The file is damaged or is not a qishe database.
    Corrupt { path: PathBuf, detail: String },
    /// Something a command named does not exist.
    NotFound(Msg),
    /// A name matches more than one row.
    Ambiguous {
        what: &'static str,
        name: String,
        candidates: String,
    },
    /// A write that breaks a rule of the club's data.
    Invalid(Msg),
    /// Another program (another qishe) held the database for longer than the
    /// busy timeout.
    Busy { secs: u64 },
    /// The file or its folder cannot be written.
    ReadOnly,
    /// The disk (or quota) is full.
    DiskFull,
    /// A page of the database cannot be read.
    Damaged(String),
    /// The file is a SQLite database of some other program, an empty file,
    /// or one with an impossible schema version: never taken over.
    NotOurs { path: PathBuf, detail: Msg },
    /// The event changed while its round was computed: nothing was stored.
    Changed,
    /// The board a result was for is gone (its round was unpaired or
    /// undone meanwhile).
    BoardGone,
    /// Any other SQLite failure.
    Sql(rusqlite::Error),
    /// JSON stored in the database could not be read.
    Json(#[from] serde_json::Error),
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// SQLite's failures sorted by what is true: busy is not damaged,
/// a full disk is not damaged, a read-only file is not damaged.
impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        use rusqlite::ErrorCode as C;
        match e.sqlite_error_code() {
            Some(C::DatabaseBusy) | Some(C::DatabaseLocked) => StoreError::Busy {
                secs: BUSY_TIMEOUT.as_secs(),
            },
            Some(C::ReadOnly) => StoreError::ReadOnly,
            Some(C::DiskFull) => StoreError::DiskFull,
            Some(C::DatabaseCorrupt) | Some(C::NotADatabase) => StoreError::Damaged(e.to_string()),
            _ => match &e {
                // A stored setting this qishe cannot read, by its key.
                rusqlite::Error::FromSqlConversionFailure(_, _, inner) => {
                    if let Some(s) = inner.downcast_ref::<crate::domain::SettingsError>() {
                        StoreError::Invalid(s.msg())
                    } else if let Some(c) = inner.downcast_ref::<crate::domain::ConstantError>() {
                        StoreError::Invalid(c.msg())
                    } else {
                        StoreError::Sql(e)
                    }
                }
                _ => StoreError::Sql(e),
            },
        }
    }
}

impl StoreError {
    /// The error as a keyed message (its `Display` is the English).
    pub fn msg(&self) -> Msg {
        match self {
            StoreError::Open { path, source } => {
                msg!("err.store.open", path = path.display(), why = source)
            }
            StoreError::TooNew {
                path,
                found,
                supported,
            } => msg!("err.store.too_new", path = path.display(), found, supported),
            StoreError::Corrupt { path, detail } => {
                msg!("err.store.corrupt", path = path.display(), detail)
            }
            StoreError::NotFound(m) | StoreError::Invalid(m) => m.clone(),
            StoreError::Ambiguous {
                what,
                name,
                candidates,
            } => {
                let what = match *what {
                    "member" => msg!("err.store.what.member"),
                    "player" => msg!("err.store.what.player"),
                    "player of this event" => msg!("err.store.what.entry"),
                    _ => msg!("err.store.what.other", what),
                };
                msg!("err.store.ambiguous", name, what, candidates)
            }
            StoreError::Busy { secs } => msg!("err.store.busy", secs),
            StoreError::ReadOnly => msg!("err.store.read_only"),
            StoreError::DiskFull => msg!("err.store.disk_full"),
            StoreError::Damaged(detail) => msg!("err.store.damaged", detail),
            StoreError::NotOurs { path, detail } => {
                msg!(
                    "err.store.not_ours",
                    path = path.display(),
                    detail = detail.clone()
                )
            }
            StoreError::Changed => msg!("err.store.changed"),
            StoreError::BoardGone => msg!("err.store.board_gone"),
            StoreError::Sql(e) => msg!("err.store.sql", why = e),
            StoreError::Json(e) => msg!("err.store.json", why = e),
        }
    }
}

/// Is the file system holding `path` full (no block left for us)? Asked
/// only after a failure, to tell a full disk from other input/output errors:
/// `statvfs` on Unix, `GetDiskFreeSpaceExW` (the bytes free to this user,
/// quotas counted) on Windows.
pub(crate) fn disk_full_at(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let Ok(c) = std::ffi::CString::new(dir.as_os_str().as_bytes()) else {
            return false;
        };
        // SAFETY: `c` is a valid NUL-terminated path; `st` is written by
        // statvfs before it is read, and only on success.
        unsafe {
            let mut st: libc::statvfs = std::mem::zeroed();
            libc::statvfs(c.as_ptr(), &mut st) == 0 && st.f_bavail == 0
        }
    }
    #[cfg(windows)]
    {
        use std::os::windows::ffi::OsStrExt;
        use windows_sys::Win32::Storage::FileSystem::GetDiskFreeSpaceExW;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let wide: Vec<u16> = dir.as_os_str().encode_wide().chain([0]).collect();
        let mut free: u64 = 0;
        // SAFETY: `wide` is a NUL-terminated UTF-16 path; `free` is written
        // on success and read only then; the two other counts are optional.
        let ok = unsafe {
            GetDiskFreeSpaceExW(
                wide.as_ptr(),
                &mut free,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            )
        };
        ok != 0 && free == 0
    }
    #[cfg(not(any(unix, windows)))]
    {
        let _ = path;
        false
    }
}

/// Can this process write the file at `path` and make files beside it
/// (SQLite's `-wal` and `-shm`)? No on read-only media, a write-protected
/// file or folder, a CD.
fn writable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let ok = |p: &Path| {
            std::ffi::CString::new(p.as_os_str().as_bytes())
                // SAFETY: a valid NUL-terminated path; access only reads it.
                .map(|c| unsafe { libc::access(c.as_ptr(), libc::W_OK) } == 0)
                .unwrap_or(true)
        };
        ok(path) && ok(dir)
    }
    #[cfg(not(unix))]
    {
        std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
    }
}

/// Forgets that `qishe check` found the database at `db` damaged (a
/// restored club is sound).
pub fn forget_damage(db: &Path) {
    let _ = std::fs::remove_file(log::damage_marker(db));
}

/// The club's database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

/// How long a second qishe on the same file waits for a lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// The notice shown once per wait while another qishe holds the database
/// in the UI language; `None` (the default, and the TUI, whose
/// screen a line on stderr would break): wait quietly.
static WAIT_NOTICE: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Shows `notice` on stderr whenever a command has to wait for the
/// database; `None` waits quietly.
pub fn set_wait_notice(notice: Option<String>) {
    if let Ok(mut n) = WAIT_NOTICE.lock() {
        *n = notice;
    }
}

/// SQLite's busy handler: the notice when a wait begins, then retries every
/// 50 ms until the busy timeout.
fn busy_wait(count: i32) -> bool {
    const STEP: Duration = Duration::from_millis(50);
    if count == 0 {
        if let Some(n) = WAIT_NOTICE.lock().ok().and_then(|n| n.clone()) {
            eprintln!("{n}");
        }
    }
    if STEP * (count.max(0) as u32) >= BUSY_TIMEOUT {
        return false;
    }
    std::thread::sleep(STEP);
    true
}

impl Store {
    /// `why` a name was not found, with the nearest of the names `names_sql`
    /// selects added when one is a slip away (did you mean …): only the
    /// refusal path reads them.
    fn not_found_near(&self, names_sql: &str, why: Msg, key: &str) -> Result<StoreError> {
        let mut stmt = self.conn.prepare(names_sql)?;
        let names = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(StoreError::NotFound(crate::i18n::with_near(
            why,
            key,
            names.iter().map(String::as_str),
        )))
    }

    /// The ids whose name (the second column of `ids_names_sql`) is `key`
    /// written in the other script (陳磊 for 陈磊, see
    /// [`crate::i18n::same_name`]); read only when no name matched exactly.
    fn ids_in_other_script(&self, ids_names_sql: &str, key: &str) -> Result<Vec<i64>> {
        let wanted = crate::i18n::fold_script(key);
        let mut stmt = self.conn.prepare(ids_names_sql)?;
        let rows = stmt
            .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows
            .into_iter()
            .filter(|(_, name)| crate::i18n::fold_script(name) == wanted)
            .map(|(id, _)| id)
            .collect())
    }

    /// Every row `sql` gives for `params`, each made by `map`.
    fn rows<T, P: rusqlite::Params>(
        &self,
        sql: &str,
        params: P,
        map: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>> {
        // Cached: the same lists are read again and again (a season reads
        // each of its events); SQLite's parse of a statement is kept, no data.
        let mut stmt = self.conn.prepare_cached(sql)?;
        let rows = stmt
            .query_map(params, map)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Opens (creating if needed) the database at `path` and migrates it.
    /// An existing empty file is refused (see [`Store::open_init`]).
    pub fn open(path: &Path) -> Result<Store> {
        Self::open_with(path, false)
    }

    /// Like [`Store::open`], but an existing empty file becomes a new club
    /// (`qishe init` on a file the user made).
    pub fn open_init(path: &Path) -> Result<Store> {
        Self::open_with(path, true)
    }

    fn open_with(path: &Path, allow_empty: bool) -> Result<Store> {
        if let Some(dir) = path.parent() {
            if !dir.as_os_str().is_empty() && !dir.exists() {
                std::fs::create_dir_all(dir).map_err(|e| StoreError::Open {
                    path: path.to_path_buf(),
                    source: rusqlite::Error::ToSqlConversionFailure(Box::new(e)),
                })?;
            }
        }
        if !allow_empty {
            if let Ok(m) = std::fs::metadata(path) {
                let mut wal = path.as_os_str().to_os_string();
                wal.push("-wal");
                let wal_len = std::fs::metadata(PathBuf::from(wal))
                    .map(|m| m.len())
                    .unwrap_or(0);
                if m.is_file() && m.len() == 0 && wal_len == 0 {
                    return Err(StoreError::NotOurs {
                        path: path.to_path_buf(),
                        detail: msg!("err.store.why.empty_file"),
                    });
                }
            }
        }
        if path.is_file() && !writable(path) {
            return Self::open_read_only(path);
        }
        let conn = Connection::open_with_flags(
            path,
            OpenFlags::SQLITE_OPEN_READ_WRITE
                | OpenFlags::SQLITE_OPEN_CREATE
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        match Self::setup(conn, path.to_path_buf()) {
            // A file or folder we may not write, or read-only
            // media (where SQLite cannot even make the WAL index: "unable
            // to open database file"): reading works, every write is
            // refused as read-only.
            Err(StoreError::ReadOnly) if path.is_file() => Self::open_read_only(path),
            Err(StoreError::Sql(e))
                if path.is_file()
                    && e.sqlite_error_code() == Some(rusqlite::ErrorCode::CannotOpen) =>
            {
                Self::open_read_only(path)
            }
            // A full disk: SQLite cannot even make the WAL index; reading
            // works, and writes say the disk is full (`log::begin_write`).
            Err(StoreError::DiskFull) | Err(StoreError::Sql(_))
                if path.is_file() && disk_full_at(path) =>
            {
                Self::open_read_only(path)
            }
            other => other,
        }
    }

    /// Opens an existing database read-only. In a folder we cannot write,
    /// SQLite cannot make the WAL index beside the file; when no WAL file
    /// holds changes the main file is the whole database, and it is read
    /// as immutable.
    fn open_read_only(path: &Path) -> Result<Store> {
        let mut wal = path.as_os_str().to_os_string();
        wal.push("-wal");
        let wal_empty = std::fs::metadata(PathBuf::from(wal)).map_or(true, |m| m.len() == 0);
        let mut uri = String::from("file:");
        for c in path.to_string_lossy().chars() {
            match c {
                '?' | '#' | '%' => uri.push_str(&format!("%{:02X}", c as u32)),
                c => uri.push(c),
            }
        }
        uri.push_str(if wal_empty {
            "?mode=ro&immutable=1"
        } else {
            "?mode=ro"
        });
        let conn = Connection::open_with_flags(
            &uri,
            OpenFlags::SQLITE_OPEN_READ_ONLY
                | OpenFlags::SQLITE_OPEN_URI
                | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )
        .map_err(|source| StoreError::Open {
            path: path.to_path_buf(),
            source,
        })?;
        let mut store = Self::setup(conn, path.to_path_buf())?;
        store.path = path.to_path_buf();
        Ok(store)
    }

    /// A fresh in-memory database (tests, what-if computations).
    pub fn open_in_memory() -> Result<Store> {
        let conn = Connection::open_in_memory()?;
        Self::setup(conn, PathBuf::from(":memory:"))
    }

    fn setup(conn: Connection, path: PathBuf) -> Result<Store> {
        // Only real damage is called damaged; busy, read-only and full keep
        // their own words.
        let opening = |e: rusqlite::Error| match StoreError::from(e) {
            StoreError::Damaged(detail) => StoreError::Corrupt {
                path: path.clone(),
                detail,
            },
            other => other,
        };
        conn.busy_handler(Some(busy_wait))?;
        // The first read of the file: a non-database fails here.
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(opening)?;
        if version > SCHEMA_VERSION {
            return Err(StoreError::TooNew {
                path,
                found: version,
                supported: SCHEMA_VERSION,
            });
        }
        if version < 0 {
            return Err(StoreError::NotOurs {
                path,
                detail: msg!("err.store.why.version", version),
            });
        }
        // A quick check on open: the header and every schema page must read.
        // The full page-by-page check (`PRAGMA integrity_check`, `qishe check`)
        // reads the whole file, which on ten years of games costs half a second
        // at every start; a damaged page deeper in the file is reported as
        // `Damaged` when it is reached.
        let tables: Vec<String> = {
            let mut stmt = conn
                .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
                .map_err(opening)?;
            let rows = stmt
                .query_map([], |r| r.get(0))
                .map_err(opening)?
                .collect::<rusqlite::Result<Vec<String>>>()
                .map_err(opening)?;
            rows
        };
        if version > 0 && tables.is_empty() {
            return Err(StoreError::Corrupt {
                path,
                detail: "the schema is missing".into(),
            });
        }
        // Never take over another program's database: a file
        // without a version but with tables, or with a version but without
        // qishe's tables, is left as it is.
        if version == 0 && !tables.is_empty() {
            return Err(StoreError::NotOurs {
                path,
                detail: msg!("err.store.why.other_tables", tables = tables.join(", ")),
            });
        }
        // A version without qishe's tables is another program's file, left
        // as it is (not even switched to WAL). An older schema lacks the
        // later migrations' tables until migrated.
        let needed: &[&str] = if version == migrations::SCHEMA_VERSION {
            migrations::TABLES
        } else if version > 0 {
            migrations::BASE_TABLES
        } else {
            &[]
        };
        if let Some(t) = needed.iter().find(|t| !tables.iter().any(|x| x == *t)) {
            return Err(StoreError::NotOurs {
                path,
                detail: msg!("err.store.why.table_missing", table = t),
            });
        }
        // WAL lets a reader (a backup, a second qishe) work beside a writer.
        // On a qishe database it is set already and this only reads.
        let read_only = conn.is_readonly(rusqlite::DatabaseName::Main)?;
        if path.as_os_str() != ":memory:" && !read_only {
            let mode: String = conn
                .query_row("PRAGMA journal_mode", [], |r| r.get(0))
                .map_err(opening)?;
            if !mode.eq_ignore_ascii_case("wal") {
                let _mode: String = conn
                    .query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))
                    .map_err(opening)?;
            }
        }
        conn.pragma_update(None, "foreign_keys", true)?;
        // `fold_script(text)`: a name in either script, as the searches
        // compare it (陳 finds 陈); nothing stored depends on it.
        conn.create_scalar_function(
            "fold_script",
            1,
            rusqlite::functions::FunctionFlags::SQLITE_UTF8
                | rusqlite::functions::FunctionFlags::SQLITE_DETERMINISTIC,
            |ctx| {
                Ok(ctx
                    .get::<Option<String>>(0)?
                    .map(|t| crate::i18n::fold_script(&t)))
            },
        )?;
        // Room for the statements a season's standings read per event.
        conn.set_prepared_statement_cache_capacity(64);
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        let mut store = Store { conn, path };
        // Reading commands never take the write lock: an up-to-date database
        // is not migrated.
        if version < SCHEMA_VERSION {
            migrations::migrate(&mut store.conn).map_err(|e| match e {
                StoreError::Damaged(s) => StoreError::Corrupt {
                    path: store.path.clone(),
                    detail: s,
                },
                other => other,
            })?;
        }
        // The undo capture is installed by the first write
        // (`log::begin_write`): reading commands skip parsing its triggers.
        Ok(store)
    }

    /// The file this store is on.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    /// Runs `PRAGMA integrity_check` and returns its verdict (`ok` when sound).
    /// A damaged database is marked so that it refuses changes until a
    /// check passes again.
    pub fn integrity_check(&self) -> Result<String> {
        let verdict = (|| -> Result<String> {
            let mut stmt = self.conn.prepare("PRAGMA integrity_check")?;
            let rows: Vec<String> = stmt
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            Ok(rows.join("; "))
        })();
        if self.path.as_os_str() != ":memory:" {
            let marker = log::damage_marker(&self.path);
            match &verdict {
                Ok(v) if v == "ok" => {
                    let _ = std::fs::remove_file(&marker);
                }
                _ => {
                    let _ = std::fs::write(&marker, "qishe check found this database damaged\n");
                }
            }
        }
        verdict
    }

    /// Writes a consistent copy of the database to `dest` with SQLite's online
    /// backup API; works while other connections read and write.
    pub fn backup_to(&self, dest: &Path) -> Result<()> {
        use rusqlite::backup::Backup;
        let mut out = Connection::open(dest).map_err(|source| StoreError::Open {
            path: dest.to_path_buf(),
            source,
        })?;
        {
            let b = Backup::new(&self.conn, &mut out)?;
            b.run_to_completion(256, Duration::from_millis(5), None)?;
        }
        Ok(())
    }

    /// Row counts of every table (for `qishe init` and checks).
    pub fn table_counts(&self) -> Result<Vec<(String, i64)>> {
        let mut out = Vec::new();
        for t in migrations::TABLES {
            let n: i64 = self
                .conn
                .query_row(&format!("SELECT count(*) FROM {t}"), [], |r| r.get(0))?;
            out.push((t.to_string(), n));
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_database_is_migrated_and_sound() {
        let s = Store::open_in_memory().unwrap();
        assert_eq!(s.schema_version().unwrap(), SCHEMA_VERSION);
        assert_eq!(s.integrity_check().unwrap(), "ok");
        let counts = s.table_counts().unwrap();
        assert!(counts.iter().any(|(t, n)| t == "member" && *n == 0));
    }

    #[test]
    fn a_file_that_is_not_a_database_is_a_clear_error() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("junk.db");
        std::fs::write(
            &p,
            b"this is not a database at all, just text. ".repeat(200),
        )
        .unwrap();
        match Store::open(&p) {
            Err(StoreError::Corrupt { .. }) => {}
            Err(e) => panic!("wrong error: {e}"),
            Ok(_) => panic!("opened junk"),
        }
        // and the file is untouched
        assert!(std::fs::read(&p).unwrap().starts_with(b"this is not"));
    }

    #[test]
    fn a_newer_database_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("new.db");
        {
            let c = Connection::open(&p).unwrap();
            c.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
                .unwrap();
        }
        match Store::open(&p) {
            Err(StoreError::TooNew { found, .. }) => assert_eq!(found, SCHEMA_VERSION + 1),
            Err(e) => panic!("wrong error: {e}"),
            Ok(_) => panic!("opened a newer database"),
        }
    }
}

crate::i18n::english_display!(StoreError);
