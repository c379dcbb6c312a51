//! The one writer of output files and folders (see the module notes of
//! `files`): every `-o`/`-p` file, the pages of a published site, backups,
//! the demo club and a restored club go through [`write_file`],
//! [`write_with`] or [`make_folder`].

use super::{shown, FileError};
use crate::i18n::{io_msg, msg};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Files the output must not replace: inputs of the command and the club
/// database.
#[derive(Clone, Debug, Default)]
pub struct Protected {
    /// The open database (its companions are protected too).
    pub database: Option<PathBuf>,
    /// Files the command reads.
    pub inputs: Vec<PathBuf>,
}

/// The prefix of every temporary file this writer makes; the process id
/// follows, so that a later run knows whether its writer is still alive.
pub const TEMP_PREFIX: &str = ".qishe-tmp-";

/// Prefixes older builds used (cleaned like ours, by age).
const OLD_TEMP_PREFIXES: [&str; 2] = [".qishe-out-", ".qishe-backup-"];

/// `path` made absolute and free of symlinks, also when it does not exist yet
/// (then its folder is resolved and the name appended).
fn normalize(path: &Path) -> Option<PathBuf> {
    if let Ok(p) = std::fs::canonicalize(path) {
        return Some(p);
    }
    let name = path.file_name()?;
    Some(std::fs::canonicalize(folder_of(path)).ok()?.join(name))
}

/// The folder `path` is in (`.` for a bare name).
pub fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// Whether `a` and `b` are the same file: the same resolved path, or (both
/// existing) one file by identity, which catches hard links: device and
/// inode on Unix, volume serial number and file index on Windows
/// (`same_file`).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if let (Some(x), Some(y)) = (normalize(a), normalize(b)) {
        if x == y {
            return true;
        }
    }
    same_file::is_same_file(a, b).unwrap_or(false)
}

/// The database file and the companions SQLite keeps beside it, for the
/// path as given and for the file it resolves to (SQLite keeps the `-wal`
/// beside the real file when the database is reached through a symlink).
pub fn database_files(db: &Path) -> Vec<PathBuf> {
    let mut bases = vec![db.to_path_buf()];
    if let Ok(real) = std::fs::canonicalize(db) {
        bases.push(real);
    }
    let mut out = Vec::new();
    for base in bases {
        out.push(base.clone());
        for suffix in ["-wal", "-shm", "-journal"] {
            let mut s = base.as_os_str().to_os_string();
            s.push(suffix);
            out.push(PathBuf::from(s));
        }
    }
    out
}

/// Is `path` a symlink we must not write through: one to a regular file,
/// to a folder, or to nothing (writing would create its target)? A link
/// to a device or pipe (`/dev/stdout`) is written in place like one.
fn unsafe_link(path: &Path) -> bool {
    let Ok(m) = std::fs::symlink_metadata(path) else {
        return false;
    };
    if !m.file_type().is_symlink() {
        return false;
    }
    match std::fs::metadata(path) {
        Ok(t) => t.is_file() || t.is_dir(),
        Err(_) => true,
    }
}

/// Refuses an output path that would destroy something the user did not
/// name for destruction, or write through a symlink; `Ok` when writing to
/// `path` is allowed.
pub fn check(path: &Path, force: bool, protected: &Protected) -> Result<(), FileError> {
    if let Some(db) = &protected.database {
        if db.as_os_str() != ":memory:" && database_files(db).iter().any(|f| same_file(path, f)) {
            return Err(FileError(msg!(
                "err.out.is_database",
                path = shown(path),
                db = db.display()
            )));
        }
    }
    if protected.inputs.iter().any(|i| same_file(path, i)) {
        return Err(FileError(msg!("err.out.is_input", path = shown(path))));
    }
    if unsafe_link(path) {
        return Err(FileError(msg!("err.out.link", path = shown(path))));
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_dir() => Err(FileError(msg!("err.out.is_dir", path = path.display()))),
        Ok(m) if m.is_file() && !force => {
            Err(FileError(msg!("err.out.exists", path = path.display())))
        }
        _ => Ok(()),
    }
}

/// The error of a failed write, naming the file; a full disk says so.
pub fn io_error(path: &Path, e: &std::io::Error) -> FileError {
    if is_disk_full(e) {
        FileError(msg!("err.out.disk_full", path = path.display()))
    } else {
        FileError(msg!(
            "err.out.write",
            path = path.display(),
            why = io_msg(e)
        ))
    }
}

/// A full disk or quota: ENOSPC or EDQUOT on Unix, `ERROR_DISK_FULL` or
/// `ERROR_HANDLE_DISK_FULL` on Windows (std's `StorageFull`; the raw
/// numbers are Unix's, which mean other things on Windows).
pub fn is_disk_full(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded
    ) || (cfg!(unix) && matches!(e.raw_os_error(), Some(28) | Some(122)))
}

/// Writes `data` to `path` (see [`write_with`]).
pub fn write_file(
    path: &Path,
    data: &[u8],
    force: bool,
    protected: &Protected,
) -> Result<(), FileError> {
    write_with(path, force, protected, |f| f.write_all(data))
}

/// Writes an output file: checked by [`check`]; a path that exists and is
/// not a regular file (`/dev/stdout`, a pipe) is written in place; anything
/// else is written by `fill` into a temporary file beside `path`, synced
/// and renamed onto it, so a failure (disk full, a kill) leaves the old
/// file as it was. A new file gets the umask's mode, a replaced one keeps
/// its mode.
pub fn write_with(
    path: &Path,
    force: bool,
    protected: &Protected,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<(), FileError> {
    check(path, force, protected)?;
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => {
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(|e| io_error(path, &e))?;
            fill(&mut f).map_err(|e| io_error(path, &e))?;
            Ok(())
        }
        Ok(m) => {
            let tmp = temp_beside(path, fill)?;
            let _ = tmp.as_file().set_permissions(m.permissions());
            persist(tmp, path, true)
        }
        Err(_) => {
            let tmp = temp_beside(path, fill)?;
            persist(tmp, path, force)
        }
    }
}

/// A new file at `path` that must not exist yet (a backup, the demo club,
/// a restored copy): written beside it by `fill`, which gets the temporary
/// file's path (SQLite writes it by name), and moved into place only when
/// complete; a file that appeared meanwhile is kept.
pub fn create_new(
    path: &Path,
    protected: &Protected,
    fill: impl FnOnce(&Path) -> Result<(), FileError>,
) -> Result<(), FileError> {
    check(path, false, protected)?;
    if std::fs::symlink_metadata(path).is_ok() || (cfg!(windows) && windows_device(path)) {
        // Only a device or a pipe gets here (`/dev/null`, Windows' `NUL`,
        // whose metadata not every Windows gives): not a place for a new
        // file.
        return Err(FileError(msg!("err.out.not_a_file", path = shown(path))));
    }
    let tmp = temp_beside(path, |_| Ok(()))?;
    fill(tmp.path())?;
    sync_by_path(tmp.path(), path)?;
    persist(tmp, path, false)
}

/// Does `path` name one of Windows' reserved devices (`NUL`, `CON`,
/// `PRN`, `AUX`, `COM1`…`COM9`, `LPT1`…`LPT9`, `CONIN$`, `CONOUT$`) in any
/// folder and case, with or without an extension?
pub fn windows_device(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    let stem = name.split('.').next().unwrap_or("").trim_end_matches(' ');
    let up = stem.to_ascii_uppercase();
    match up.as_str() {
        "CON" | "PRN" | "AUX" | "NUL" | "CONIN$" | "CONOUT$" => true,
        _ => {
            let b = up.as_bytes();
            b.len() == 4
                && (up.starts_with("COM") || up.starts_with("LPT"))
                && (b'1'..=b'9').contains(&b[3])
        }
    }
}

/// Replaces the file at `path` (the club database, by `qishe restore`)
/// with a file `fill` writes by name beside it, synced and renamed over
/// it; the file the path resolves to is replaced, never a link.
pub fn replace_by_path(
    path: &Path,
    fill: impl FnOnce(&Path) -> Result<(), FileError>,
) -> Result<(), FileError> {
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let tmp = temp_beside(&real, |_| Ok(()))?;
    fill(tmp.path())?;
    sync_by_path(tmp.path(), path)?;
    persist(tmp, &real, true)
}

/// Syncs the file at `tmp` (written by name, by another handle) to disk;
/// an error names `path`. Opened for writing: Windows flushes a file only
/// through a handle that may write it (a read-only one is "access denied").
fn sync_by_path(tmp: &Path, path: &Path) -> Result<(), FileError> {
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open(tmp)
        .map_err(|e| io_error(path, &e))?;
    f.sync_all().map_err(|e| io_error(path, &e))
}

/// A temporary file in `path`'s folder (stale ones of killed runs removed
/// first), filled by `fill` and synced.
fn temp_beside(
    path: &Path,
    fill: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<tempfile::NamedTempFile, FileError> {
    let dir = folder_of(path);
    clean_stale(dir);
    let prefix = format!("{TEMP_PREFIX}{}-", std::process::id());
    let mut b = tempfile::Builder::new();
    b.prefix(&prefix);
    #[cfg(unix)]
    {
        // The kernel applies the umask to this mode, as for any new file.
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut tmp = b.tempfile_in(dir).map_err(|e| io_error(path, &e))?;
    fill(tmp.as_file_mut()).map_err(|e| io_error(path, &e))?;
    tmp.as_file().sync_all().map_err(|e| io_error(path, &e))?;
    Ok(tmp)
}

fn persist(tmp: tempfile::NamedTempFile, path: &Path, replace: bool) -> Result<(), FileError> {
    if replace {
        tmp.persist(path).map_err(|e| io_error(path, &e.error))?;
    } else {
        tmp.persist_noclobber(path).map_err(|e| {
            if e.error.kind() == std::io::ErrorKind::AlreadyExists {
                FileError(msg!("err.out.exists", path = path.display()))
            } else {
                io_error(path, &e.error)
            }
        })?;
    }
    Ok(())
}

/// Is the process that made temporary file `name` gone? Our own files carry
/// the process id (asked of the system); older ones, and ours where a process
/// cannot be asked about, count as gone after an hour.
fn writer_gone(dir: &Path, name: &str) -> bool {
    let old = || {
        std::fs::symlink_metadata(dir.join(name))
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|a| a.as_secs() > 3600)
    };
    if let Some(rest) = name.strip_prefix(TEMP_PREFIX) {
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            return false;
        };
        if pid == std::process::id() {
            return false;
        }
        return match process_alive(pid) {
            Some(alive) => !alive,
            None => old(),
        };
    }
    OLD_TEMP_PREFIXES.iter().any(|p| name.starts_with(p)) && old()
}

/// Whether process `pid` is alive, where that can be asked.
#[cfg(unix)]
fn process_alive(pid: u32) -> Option<bool> {
    let Ok(pid) = i32::try_from(pid) else {
        return Some(false);
    };
    // SAFETY: signal 0 only asks whether the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    Some(r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM))
}

/// Whether process `pid` is alive: Windows keeps a process object while any
/// handle to it is open (the parent's, say), so an exited process is told by
/// its exit code, not by whether it can be opened.
#[cfg(windows)]
fn process_alive(pid: u32) -> Option<bool> {
    use windows_sys::Win32::Foundation::{
        CloseHandle, GetLastError, ERROR_ACCESS_DENIED, ERROR_INVALID_PARAMETER, STILL_ACTIVE,
    };
    use windows_sys::Win32::System::Threading::{
        GetExitCodeProcess, OpenProcess, PROCESS_QUERY_LIMITED_INFORMATION,
    };
    // SAFETY: plain Win32 calls on a handle this function owns and closes.
    unsafe {
        let h = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid);
        if h.is_null() {
            return match GetLastError() {
                ERROR_INVALID_PARAMETER => Some(false),
                ERROR_ACCESS_DENIED => Some(true),
                _ => None,
            };
        }
        let mut code = 0u32;
        let asked = GetExitCodeProcess(h, &mut code) != 0;
        CloseHandle(h);
        asked.then_some(code == STILL_ACTIVE as u32)
    }
}

#[cfg(not(any(unix, windows)))]
fn process_alive(_: u32) -> Option<bool> {
    None
}

/// Removes the temporary files of qishe runs that were killed while
/// writing into `dir` (a half-written backup as large as the database).
/// Only regular files with our prefixes whose writer is gone.
pub fn clean_stale(dir: &Path) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let ours =
            name.starts_with(TEMP_PREFIX) || OLD_TEMP_PREFIXES.iter().any(|p| name.starts_with(p));
        if ours && e.file_type().is_ok_and(|t| t.is_file()) && writer_gone(dir, name) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Makes sure `dir` is a folder (created with its parents if missing);
/// a symlink in its place is refused when `own` (a folder the output makes
/// itself, such as a site's language folder: never one a link redirects).
pub fn make_folder(dir: &Path, own: bool) -> Result<(), FileError> {
    if own {
        if let Ok(m) = std::fs::symlink_metadata(dir) {
            if m.file_type().is_symlink() {
                return Err(FileError(msg!("err.out.link", path = shown(dir))));
            }
        }
    }
    std::fs::create_dir_all(dir).map_err(|e| io_error(dir, &e))?;
    if !dir.is_dir() {
        return Err(FileError(msg!(
            "err.out.not_a_folder",
            path = dir.display()
        )));
    }
    Ok(())
}

/// Removes `path` if it is a regular file (never a link or a folder):
/// for stale pages of a site, named by the site's own list.
pub fn remove_own_file(path: &Path) -> Result<(), FileError> {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_file() => {
            std::fs::remove_file(path).map_err(|e| io_error(path, &e))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A killed writer's temporary file is cleaned at the next start only if
    // the system says its process is gone; on Windows the parent still holds
    // the finished child's handle, so the process object is still there.
    #[test]
    fn a_finished_process_is_gone_and_this_one_is_alive() {
        assert_eq!(process_alive(std::process::id()), Some(true));
        let mut child = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--list", "--exact", "no-such-test"])
            .stdout(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id();
        assert!(child.wait().unwrap().success());
        assert_eq!(process_alive(pid), Some(false));
        drop(child);
    }

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
            assert!(write_file(&out, b"html", true, &p).is_err(), "{name}");
        }
        // through another spelling of the same path
        let odd = dir.path().join(".").join("club.db");
        assert!(write_file(&odd, b"html", true, &p).is_err());
        assert_eq!(std::fs::read(&db).unwrap(), b"x");
        assert!(!dir.path().join("club.db-wal").exists());
    }

    #[cfg(unix)]
    #[test]
    fn a_database_reached_through_a_link_keeps_its_real_companions() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.db");
        std::fs::write(&real, b"x").unwrap();
        let link = dir.path().join("link.db");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let p = Protected {
            database: Some(link),
            inputs: vec![],
        };
        let wal = dir.path().join("real.db-wal");
        assert!(write_file(&wal, b"junk", true, &p).is_err());
        assert!(!wal.exists());
    }

    #[test]
    fn an_existing_file_needs_force_and_inputs_are_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("out.csv");
        let p = Protected::default();
        write_file(&out, b"one", false, &p).unwrap();
        let e = write_file(&out, b"two", false, &p).unwrap_err();
        assert!(e.to_string().contains("--force"), "{e}");
        assert_eq!(std::fs::read(&out).unwrap(), b"one");
        write_file(&out, b"two", true, &p).unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        let input = Protected {
            database: None,
            inputs: vec![out.clone()],
        };
        assert!(write_file(&out, b"three", true, &input).is_err());
        assert_eq!(std::fs::read(&out).unwrap(), b"two");
        // no temporary file is left behind
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn never_through_a_link_even_with_force() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("precious.db");
        std::fs::write(&target, b"club").unwrap();
        let link = dir.path().join("round-1.html");
        std::os::unix::fs::symlink("precious.db", &link).unwrap();
        for force in [false, true] {
            let e = write_file(&link, b"<html>", force, &Protected::default()).unwrap_err();
            assert!(e.to_string().contains("precious.db"), "{e}");
        }
        assert_eq!(std::fs::read(&target).unwrap(), b"club");
        // a dangling link would create its target
        let dangling = dir.path().join("x.html");
        std::os::unix::fs::symlink("../elsewhere.html", &dangling).unwrap();
        assert!(write_file(&dangling, b"<html>", true, &Protected::default()).is_err());
    }

    #[cfg(unix)]
    #[test]
    fn new_files_take_the_umask_and_replaced_files_keep_their_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        // SAFETY: umask only changes this process's file-creation mask.
        let old = unsafe { libc::umask(0o022) };
        let out = dir.path().join("a.html");
        write_file(&out, b"1", false, &Protected::default()).unwrap();
        let mode = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&out, b"2", true, &Protected::default()).unwrap();
        let kept = std::fs::metadata(&out).unwrap().permissions().mode() & 0o777;
        // SAFETY: as above.
        unsafe { libc::umask(old) };
        assert_eq!(mode, 0o644);
        assert_eq!(kept, 0o640);
    }

    #[cfg(unix)]
    #[test]
    fn temporary_files_of_dead_writers_are_removed_on_the_next_write() {
        let dir = tempfile::tempdir().unwrap();
        // pid 0x7fff_fff0 is never a live process here
        let dead = dir.path().join(format!("{TEMP_PREFIX}2147483632-abc"));
        let live = dir
            .path()
            .join(format!("{TEMP_PREFIX}{}-abc", std::process::id()));
        let other = dir.path().join(".qishe-notes");
        for p in [&dead, &live, &other] {
            std::fs::write(p, b"half a backup").unwrap();
        }
        write_file(
            &dir.path().join("o.csv"),
            b"x",
            false,
            &Protected::default(),
        )
        .unwrap();
        assert!(!dead.exists());
        assert!(live.exists());
        assert!(other.exists());
    }

    #[test]
    fn a_new_file_is_never_a_device_and_never_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let p = Protected::default();
        let out = dir.path().join("b.db");
        create_new(&out, &p, |t| {
            std::fs::write(t, b"copy").map_err(|e| io_error(t, &e))
        })
        .unwrap();
        assert_eq!(std::fs::read(&out).unwrap(), b"copy");
        assert!(create_new(&out, &p, |_| Ok(())).is_err());
        let device = if cfg!(windows) { "NUL" } else { "/dev/null" };
        let e = create_new(Path::new(device), &p, |_| Ok(())).unwrap_err();
        assert!(e.to_string().contains("not a file"), "{e}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1);
    }

    #[test]
    fn windows_device_names_are_known_in_any_case_and_folder() {
        for d in [
            "NUL", "nul", "Con", "prn.txt", "AUX", "COM1", "lpt9.pdf", "CONOUT$",
        ] {
            assert!(windows_device(Path::new(d)), "{d}");
            assert!(windows_device(&Path::new("备份").join(d)), "{d}");
        }
        for f in [
            "null",
            "NUL0",
            "COM0",
            "COM10",
            "console.db",
            "LPT",
            "b.db",
            "名次.html",
        ] {
            assert!(!windows_device(Path::new(f)), "{f}");
        }
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
            let e = write_file(&link, b"html", true, &p).unwrap_err();
            assert!(e.to_string().contains("database"), "{e}");
        }
        assert_eq!(std::fs::read(&db).unwrap(), b"db");
        assert_eq!(std::fs::read(&wal).unwrap(), b"wal");
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
        assert!(write_file(&b, b"x", true, &p).is_err());
        assert_eq!(std::fs::read(&a).unwrap(), b"input");
    }
}
