//! Restoring the club from a backup (`qishe restore BACKUP`): the backup is
//! checked first (a qishe club database, every page sound), the club as it
//! is now is kept as a file beside it (named in the answer), then the
//! backup replaces the club in one transaction (SQLite's backup API into
//! the club's file), or, when the club's file cannot even be opened, as a
//! fresh copy written beside it and renamed over it. A kill at any moment
//! leaves the old club or the restored one, never a mixture.

use super::{invalid, App, Result};
use crate::config::Config;
use crate::files::output::{self, Protected};
use crate::files::FileError;
use crate::store::Store;
use std::path::{Path, PathBuf};

/// What a backup holds, for the question before restoring it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupInfo {
    pub schema: i64,
    pub members: i64,
    pub events: i64,
    /// The time of the newest change in its action log, if any.
    pub last_change: Option<String>,
}

/// Checks that `backup` is a regular file holding a sound qishe club
/// database, and says what it holds (for the question before restoring).
pub fn check_backup(backup: &Path) -> Result<BackupInfo> {
    // Windows' `NUL` or `CON`: not every Windows gives their metadata.
    if cfg!(windows) && output::windows_device(backup) {
        return Err(invalid!(
            "err.restore.not_a_file",
            path = crate::files::shown(backup)
        ));
    }
    let m = std::fs::metadata(backup).map_err(|e| {
        invalid!(
            "err.in.read",
            path = crate::files::shown(backup),
            why = crate::i18n::io_msg(&e)
        )
    })?;
    if !m.is_file() {
        return Err(invalid!(
            "err.restore.not_a_file",
            path = crate::files::shown(backup)
        ));
    }
    let i = crate::store::inspect_backup(backup)?;
    Ok(BackupInfo {
        schema: i.schema,
        members: i.members,
        events: i.events,
        last_change: i.last_change,
    })
}

/// Where the club as it is now is kept by a restore: beside it,
/// `club.before-restore-20261203-174501-123.db` (to the millisecond, so
/// the names sort by time and two restores never meet).
pub fn saved_club_path(db: &Path) -> PathBuf {
    let stem = db
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "club".into());
    loop {
        let at = chrono::Local::now().format("%Y%m%d-%H%M%S-%3f");
        let p = output::folder_of(db).join(format!("{stem}.before-restore-{at}.db"));
        if std::fs::symlink_metadata(&p).is_err() {
            return p;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
}

/// Replaces the club database `db` with `backup` (see the module notes);
/// the old club is kept at `saved` first. Returns the club, open.
pub fn restore_club(config: Config, db: &Path, backup: &Path, saved: &Path) -> Result<App> {
    check_backup(backup)?;
    if output::same_file(backup, db) {
        return Err(invalid!("err.restore.same_file", path = backup.display()));
    }
    if !db.exists() {
        // No club yet: the backup becomes it.
        output::create_new(db, &Protected::default(), |t| copy_into(backup, t))?;
        return App::open(config, db);
    }
    if let Ok(store) = Store::open(db) {
        let app = App { store, config };
        if app.backup(saved).is_ok() {
            let App { store, config } = app;
            match store.restore_from(backup) {
                Ok(store) => return Ok(App { store, config }),
                Err(e) => {
                    // The club is untouched (the copy is one transaction);
                    // an unreadable club falls through to the copy below.
                    if Store::open(db).is_ok() {
                        return Err(e.into());
                    }
                    return replace_damaged(config, db, backup, None);
                }
            }
        }
        let App { config, .. } = app;
        return replace_damaged(config, db, backup, Some(saved));
    }
    replace_damaged(config, db, backup, Some(saved))
}

fn copy_into(backup: &Path, to: &Path) -> std::result::Result<(), FileError> {
    crate::store::copy_backup(backup, to).map_err(|e| FileError(e.msg()))
}

/// The club file cannot be read as a database: its bytes (and its `-wal`)
/// are kept at `saved` as they are, then a fresh copy of the backup is
/// renamed over it and the old `-wal`/`-shm` removed (they belong to the
/// old file).
fn replace_damaged(config: Config, db: &Path, backup: &Path, saved: Option<&Path>) -> Result<App> {
    if let Some(saved) = saved {
        output::create_new(saved, &Protected::default(), |t| {
            std::fs::copy(db, t)
                .map(|_| ())
                .map_err(|e| output::io_error(saved, &e))
        })?;
        let wal = companion(db, "-wal");
        if wal.is_file() {
            output::create_new(&companion(saved, "-wal"), &Protected::default(), |t| {
                std::fs::copy(&wal, t)
                    .map(|_| ())
                    .map_err(|e| output::io_error(saved, &e))
            })?;
        }
    }
    for suffix in ["-wal", "-shm"] {
        let _ = std::fs::remove_file(companion(db, suffix));
    }
    output::replace_by_path(db, |t| {
        // the temporary file is empty: the backup API fills it
        copy_into(backup, t)
    })?;
    crate::store::forget_damage(db);
    App::open(config, db)
}

fn companion(db: &Path, suffix: &str) -> PathBuf {
    let real = std::fs::canonicalize(db).unwrap_or_else(|_| db.to_path_buf());
    let mut s = real.into_os_string();
    s.push(suffix);
    PathBuf::from(s)
}
