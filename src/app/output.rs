//! Safe output files (issue 21): every `-o`/`-p`/backup path goes through
//! [`write_output`]. It never replaces the open club database, its `-wal`,
//! `-shm` or `-journal` companions, nor an input of the same command; an
//! existing file is replaced only with `force`; and the new contents go to a
//! temporary file in the same folder that is renamed into place, so a failure
//! (disk full, interrupted) leaves the old file as it was.

use super::{invalid, App, Result};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Files the output must not replace: inputs of the command and (through
/// [`App::write_output`]) the club database.
#[derive(Clone, Debug, Default)]
pub struct Protected {
    /// The open database (its companions are protected too).
    pub database: Option<PathBuf>,
    /// Files the command reads.
    pub inputs: Vec<PathBuf>,
}

/// `path` made absolute and free of symlinks, also when it does not exist yet
/// (then its folder is resolved and the name appended).
fn normalize(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = std::fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    Some(std::fs::canonicalize(parent).ok()?.join(name))
}

/// Whether `a` and `b` are the same file: the same resolved path, or (both
/// existing) one file by identity, which catches hard links: device and
/// inode on Unix, volume serial number and file index on Windows
/// (`same_file`).
fn same_file(a: &Path, b: &Path) -> bool {
    if let (Some(x), Some(y)) = (normalize(a), normalize(b)) {
        if x == y {
            return true;
        }
    }
    same_file::is_same_file(a, b).unwrap_or(false)
}

/// The database file and the companions SQLite keeps beside it.
fn database_files(db: &Path) -> Vec<PathBuf> {
    let mut out = vec![db.to_path_buf()];
    for suffix in ["-wal", "-shm", "-journal"] {
        let mut s = db.as_os_str().to_os_string();
        s.push(suffix);
        out.push(PathBuf::from(s));
    }
    out
}

/// Refuses an output path that would destroy something the user did not name
/// for destruction; `Ok` when writing to `path` is allowed.
pub fn check_output(path: &Path, force: bool, protected: &Protected) -> Result<()> {
    let shown = path.display().to_string();
    if let Some(db) = &protected.database {
        if db.as_os_str() != ":memory:" && database_files(db).iter().any(|f| same_file(path, f)) {
            return Err(invalid!(
                "err.out.is_database",
                path = shown,
                db = db.display()
            ));
        }
    }
    if protected.inputs.iter().any(|i| same_file(path, i)) {
        return Err(invalid!("err.out.is_input", path = shown));
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(invalid!("err.out.is_dir", path = shown)),
        Ok(m) if m.is_file() && !force => Err(invalid!("err.out.exists", path = shown)),
        _ => Ok(()),
    }
}

/// The error of a failed write, naming the file; a full disk says so.
pub(crate) fn io_error(path: &Path, e: &std::io::Error) -> super::AppError {
    if is_disk_full(e) {
        invalid!("err.out.disk_full", path = path.display())
    } else {
        invalid!("err.out.write", path = path.display(), why = e)
    }
}

/// A full disk or quota: ENOSPC or EDQUOT on Unix, `ERROR_DISK_FULL` or
/// `ERROR_HANDLE_DISK_FULL` on Windows (std's `StorageFull`; the raw
/// numbers are Unix's, which mean other things on Windows).
pub(crate) fn is_disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    ) || (cfg!(unix) && matches!(e.raw_os_error(), Some(28) | Some(122)))
}

/// Writes `data` to `path` (see the module notes). A path that exists and is
/// not a regular file (`/dev/stdout`, a pipe) is written in place.
pub fn write_output(path: &Path, data: &[u8], force: bool, protected: &Protected) -> Result<()> {
    check_output(path, force, protected)?;
    if let Ok(m) = std::fs::metadata(path) {
        if !m.is_file() {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| io_error(path, &e))?;
            return f.write_all(data).map_err(|e| io_error(path, &e));
        }
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    write_via(dir, path, |f| f.write_all(data))
}

/// Creates a temporary file in `dir`, lets `fill` write it, syncs it and
/// renames it onto `path`; on any failure the temporary file is removed and
/// `path` is unchanged.
pub(crate) fn write_via(
    dir: &Path,
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<()> {
    let mut tmp = tempfile::Builder::new()
        .prefix(".qishe-out-")
        .tempfile_in(dir)
        .map_err(|e| io_error(path, &e))?;
    fill(tmp.as_file_mut()).map_err(|e| io_error(path, &e))?;
    tmp.as_file().sync_all().map_err(|e| io_error(path, &e))?;
    tmp.persist(path).map_err(|e| io_error(path, &e.error))?;
    Ok(())
}

/// The largest game-record file read (a record of a few hundred moves is a
/// few kilobytes; 10 MB holds thousands of games).
pub const RECORD_LIMIT: u64 = 10 * 1024 * 1024;

/// Reads a game-record file the user named: a regular file only (not
/// `/dev/zero`, a pipe or a folder) of at most `limit` bytes.
pub fn read_record_file(path: &Path, limit: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let shown = path.display().to_string();
    let m = std::fs::metadata(path).map_err(|e| invalid!("err.in.read", path = &shown, why = e))?;
    if !m.is_file() {
        return Err(invalid!("err.in.not_regular", path = shown));
    }
    if m.len() > limit {
        return Err(invalid!(
            "err.in.too_big",
            path = shown,
            mb = limit / (1024 * 1024)
        ));
    }
    let f =
        std::fs::File::open(path).map_err(|e| invalid!("err.in.read", path = &shown, why = e))?;
    let mut bytes = Vec::new();
    f.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| invalid!("err.in.read", path = &shown, why = e))?;
    if bytes.len() as u64 > limit {
        return Err(invalid!(
            "err.in.too_big",
            path = shown,
            mb = limit / (1024 * 1024)
        ));
    }
    Ok(bytes)
}

/// A record path named inside a games CSV: relative, inside the CSV's
/// folder (no `..`, no absolute path), so a file cannot make qishe read
/// (and echo in an error) `/etc/passwd`.
pub fn record_path_in(dir: &Path, named: &str) -> Result<PathBuf> {
    let p = Path::new(named);
    let inside = p.components().all(|c| {
        matches!(
            c,
            std::path::Component::Normal(_) | std::path::Component::CurDir
        )
    });
    if !inside || named.is_empty() {
        return Err(invalid!("err.in.record_outside", path = named));
    }
    Ok(dir.join(p))
}

impl App {
    /// Writes an output file of a command: never the club database or its
    /// companions, nor one of `inputs`; an existing file only with `force`.
    pub fn write_output(
        &self,
        path: &Path,
        data: &[u8],
        force: bool,
        inputs: &[&Path],
    ) -> Result<()> {
        let protected = Protected {
            database: Some(self.store.path().to_path_buf()),
            inputs: inputs.iter().map(|p| p.to_path_buf()).collect(),
        };
        write_output(path, data, force, &protected)
    }

    /// Writes a consistent copy of the club database to `path` (never over
    /// an existing file nor the database itself): into a temporary file in
    /// the same folder, renamed into place when complete.
    pub fn backup(&self, path: &Path) -> Result<()> {
        let protected = Protected {
            database: Some(self.store.path().to_path_buf()),
            inputs: Vec::new(),
        };
        check_output(path, false, &protected)?;
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let tmp = tempfile::Builder::new()
            .prefix(".qishe-backup-")
            .tempfile_in(&dir)
            .map_err(|e| io_error(path, &e))?;
        self.store.backup_to(tmp.path())?;
        tmp.as_file().sync_all().map_err(|e| io_error(path, &e))?;
        // No replacing: a file that appeared meanwhile is kept.
        tmp.persist_noclobber(path)
            .map_err(|e| io_error(path, &e.error))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_database_and_its_companions_are_never_outputs() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("club.db");
        std::fs::write(&db, b"x").unwrap();
        let p = Protected {
            database: Some(db.clone()),
            inputs: vec![],
        };
        for name in ["club.db", "club.db-wal", "club.db-shm"] {
            let out = dir.path().join(name);
            assert!(write_output(&out, b"html", true, &p).is_err(), "{name}");
        }
        // through another spelling of the same path
        let odd = dir.path().join(".").join("club.db");
        assert!(write_output(&odd, b"html", true, &p).is_err());
        assert_eq!(std::fs::read(&db).unwrap(), b"x");
        assert!(!dir.path().join("club.db-wal").exists());
    }

    #[test]
    fn a_hard_link_to_the_database_or_its_journal_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("club.db");
        let wal = dir.path().join("club.db-wal");
        std::fs::write(&db, b"db").unwrap();
        std::fs::write(&wal, b"wal").unwrap();
        let p = Protected {
            database: Some(db.clone()),
            inputs: vec![],
        };
        for (target, link) in [(&db, "名次.html"), (&wal, "pairings.txt")] {
            let link = dir.path().join(link);
            std::fs::hard_link(target, &link).unwrap();
            let e = write_output(&link, b"html", true, &p).unwrap_err();
            assert!(e.to_string().contains("database"), "{e}");
        }
        assert_eq!(std::fs::read(&db).unwrap(), b"db");
        assert_eq!(std::fs::read(&wal).unwrap(), b"wal");
    }

    #[test]
    fn an_existing_file_needs_force_and_inputs_are_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.csv");
        let p = Protected::default();
        write_output(&out, b"one", false, &p).unwrap();
        let e = write_output(&out, b"two", false, &p).unwrap_err();
        assert!(e.to_string().contains("--force"), "{e}");
        assert_eq!(std::fs::read(&out).unwrap(), b"one");
        write_output(&out, b"two", true, &p).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        let input = Protected {
            database: None,
            inputs: vec![out.clone()],
        };
        assert!(write_output(&out, b"three", true, &input).is_err());
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        // no temporary file is left behind
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }

    #[test]
    fn a_hard_link_to_an_input_is_the_input() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("in.trf");
        let b = dir.path().join("link.trf");
        std::fs::write(&a, b"input").unwrap();
        std::fs::hard_link(&a, &b).unwrap();
        let p = Protected {
            database: None,
            inputs: vec![a.clone()],
        };
        assert!(write_output(&b, b"x", true, &p).is_err());
        assert_eq!(std::fs::read(&a).unwrap(), b"input");
    }
}
