//! The one way an input file is opened (see the module notes of `files`).

use super::{shown, FileError};
use crate::i18n::{io_msg, msg, Msg};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

const MB: u64 = 1024 * 1024;

/// What a file is read as; each kind has its size limit and its name in
/// messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A members CSV.
    Members,
    /// A games CSV.
    Games,
    /// A teams CSV.
    Teams,
    /// A prize list CSV.
    Prizes,
    /// A certificate template (TOML).
    Template,
    /// A TRF tournament file.
    Trf,
    /// A game record (PGN, XQF, CBR/CBL, DhtmlXQ), also each file of an
    /// archive folder.
    Record,
    /// `config.toml`.
    Config,
    /// A font for the PNG pages.
    Font,
    /// The club database (opened by SQLite, never read whole here).
    Database,
}

impl Kind {
    /// The largest file of this kind that is read. A club's files are far
    /// smaller: a 3,000-player TRF of 20 rounds is under 1 MB, ten thousand
    /// members under 1 MB, a game record a few kilobytes.
    pub fn limit(self) -> u64 {
        match self {
            Kind::Members | Kind::Teams => 20 * MB,
            Kind::Games => 50 * MB,
            Kind::Trf | Kind::Record => 10 * MB,
            Kind::Config | Kind::Prizes | Kind::Template => MB,
            Kind::Font => 64 * MB,
            Kind::Database => u64::MAX,
        }
    }

    /// The kind's name in messages.
    fn what(self) -> Msg {
        Msg::new(match self {
            Kind::Members => "file.kind.members",
            Kind::Games => "file.kind.games",
            Kind::Teams => "file.kind.teams",
            Kind::Prizes => "file.kind.prizes",
            Kind::Template => "file.kind.template",
            Kind::Trf => "file.kind.trf",
            Kind::Record => "file.kind.record",
            Kind::Config => "file.kind.config",
            Kind::Font => "file.kind.font",
            Kind::Database => "file.kind.database",
        })
    }
}

/// What a path that is not a regular file is, for the message.
fn not_regular(path: &Path, m: &std::fs::Metadata, kind: Kind) -> FileError {
    let ft = m.file_type();
    let is = if ft.is_dir() {
        "file.is.folder"
    } else if is_fifo(&ft) {
        "file.is.pipe"
    } else {
        "file.is.device"
    };
    FileError(msg!(
        "err.in.not_regular",
        path = shown(path),
        is = Msg::new(is),
        what = kind.what()
    ))
}

#[cfg(unix)]
fn is_fifo(ft: &std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    ft.is_fifo() || ft.is_socket()
}

#[cfg(not(unix))]
fn is_fifo(_: &std::fs::FileType) -> bool {
    false
}

fn too_big(path: &Path, kind: Kind) -> FileError {
    FileError(msg!(
        "err.in.too_big",
        path = shown(path),
        what = kind.what(),
        mb = kind.limit() / MB
    ))
}

fn cannot_read(path: &Path, e: &std::io::Error) -> FileError {
    FileError(msg!("err.in.read", path = shown(path), why = io_msg(e)))
}

/// Reads the file at `path` as `kind`: a regular file (a symlink to one is
/// followed) of at most `kind.limit()` bytes. A device, pipe, socket or
/// folder is refused before it is read (a pipe without a writer would wait
/// for ever, `/dev/zero` never ends), and checked again on the opened file.
pub fn read(path: &Path, kind: Kind) -> Result<Vec<u8>, FileError> {
    let m = std::fs::metadata(path).map_err(|e| cannot_read(path, &e))?;
    if !m.is_file() {
        return Err(not_regular(path, &m, kind));
    }
    if m.len() > kind.limit() {
        return Err(too_big(path, kind));
    }
    let mut opts = std::fs::OpenOptions::new();
    opts.read(true);
    #[cfg(unix)]
    {
        // A pipe put in the file's place after the check must not block
        // the open.
        use std::os::unix::fs::OpenOptionsExt;
        opts.custom_flags(libc::O_NONBLOCK);
    }
    let f = opts.open(path).map_err(|e| cannot_read(path, &e))?;
    let m = f.metadata().map_err(|e| cannot_read(path, &e))?;
    if !m.is_file() {
        return Err(not_regular(path, &m, kind));
    }
    let mut bytes = Vec::with_capacity(m.len().min(kind.limit()) as usize);
    f.take(kind.limit() + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| cannot_read(path, &e))?;
    if bytes.len() as u64 > kind.limit() {
        return Err(too_big(path, kind));
    }
    Ok(bytes)
}

/// Checks that `path`, if it exists, is a regular file (a symlink to one
/// is followed): the club database given as `--db /dev/zero`, a pipe or a
/// folder is refused before SQLite is asked to open it.
pub fn check_regular(path: &Path, kind: Kind) -> Result<(), FileError> {
    match std::fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(not_regular(path, &m, kind)),
        _ => Ok(()),
    }
}

/// Reads a text file as `kind` (see [`read`]); not UTF-8 is an error
/// naming the byte where it stops being UTF-8.
pub fn read_utf8(path: &Path, kind: Kind) -> Result<String, FileError> {
    let bytes = read(path, kind)?;
    String::from_utf8(bytes).map_err(|e| {
        FileError(msg!(
            "err.in.not_utf8",
            path = shown(path),
            at = e.utf8_error().valid_up_to()
        ))
    })
}

/// The files under `dir` whose extension (lower case) is one of `exts`,
/// in name order, folders walked depth first. A symlink to a folder is
/// followed only into a folder not seen before on this walk (a link to a
/// parent folder makes no loop); files that are not regular (pipes,
/// devices) are listed, so that [`read`] refuses each with its reason.
pub fn walk(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    // A stack of what is still to visit, the next on top, instead of a
    // recursion as deep as the folders: no folder tree overflows the stack.
    let mut todo = vec![(dir.to_path_buf(), true)];
    while let Some((p, is_dir)) = todo.pop() {
        if !is_dir {
            if p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| exts.contains(&e.to_ascii_lowercase().as_str()))
            {
                out.push(p);
            }
            continue;
        }
        // A folder whose final path the system cannot give (Windows: some
        // RAM disks and network shares; Wine past 260 characters) is still
        // walked, known by the path it was reached by; but no link in it is
        // followed, as nothing tells where it leads.
        let key = folder_identity(&p).ok_or_else(|| p.clone());
        let resolved = key.is_ok();
        if !seen.insert(key) {
            continue;
        }
        let Ok(rd) = std::fs::read_dir(&p) else {
            continue;
        };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        // `metadata` follows a link: a link to a folder is a folder here,
        // entered once (`seen`).
        todo.extend(entries.into_iter().rev().map(|e| {
            let link = || std::fs::symlink_metadata(&e).is_ok_and(|m| m.file_type().is_symlink());
            let d = std::fs::metadata(&e).is_ok_and(|m| m.is_dir()) && (resolved || !link());
            (e, d)
        }));
    }
    out
}

/// What tells a folder from every other however it was reached (through
/// links or `..`): its device and inode on Unix — one `stat`, where
/// resolving the final path costs a system call per component of the path,
/// so a walk of a deep tree went cubic in its depth — and its final path
/// elsewhere.
#[cfg(unix)]
fn folder_identity(p: &Path) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(p).ok().map(|m| (m.dev(), m.ino()))
}

#[cfg(not(unix))]
fn folder_identity(p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_regular_file_is_read_and_a_big_one_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("a.toml");
        std::fs::write(&p, b"club = \"x\"\n").unwrap();
        assert_eq!(read(&p, Kind::Config).unwrap(), b"club = \"x\"\n");
        std::fs::write(&p, vec![b'#'; (MB + 1) as usize]).unwrap();
        let e = read(&p, Kind::Config).unwrap_err();
        assert!(e.to_string().contains("1 MB"), "{e}");
    }

    /// How deep the folders of the deep-walk test go. Windows: 150 folders
    /// take the path past MAX_PATH (260 characters), which the standard
    /// library passes as a `\\?\` path, and past where Wine 8 can resolve
    /// a folder's final path; 1,200 there would only be slow (Wine looks
    /// a path up folder by folder, minutes for 1,200).
    const DEEP: usize = if cfg!(windows) { 150 } else { 1_200 };

    #[test]
    fn a_deep_folder_tree_is_walked_in_name_order_on_a_small_stack() {
        let dir = tempfile::tempdir().unwrap();
        let mut d = dir.path().to_path_buf();
        for _ in 0..DEEP {
            std::fs::write(d.join("a.pgn"), b"").unwrap();
            std::fs::write(d.join("z.pgn"), b"").unwrap();
            d.push("m");
            std::fs::create_dir(&d).unwrap();
        }
        let root = dir.path().to_path_buf();
        let found = std::thread::Builder::new()
            .stack_size(64 * 1024)
            .spawn(move || walk(&root, &["pgn"]))
            .unwrap()
            .join()
            .unwrap();
        assert!(d.as_os_str().len() > 260, "deeper than MAX_PATH");
        assert_eq!(found.len(), 2 * DEEP);
        // depth first, in name order: a.pgn, then the folder m, then z.pgn
        let rel = |p: &Path| p.strip_prefix(dir.path()).unwrap().to_path_buf();
        assert_eq!(rel(&found[0]), Path::new("a.pgn"));
        assert_eq!(rel(&found[1]), Path::new("m/a.pgn"));
        assert_eq!(rel(&found[2 * DEEP - 1]), Path::new("z.pgn"));
    }

    #[cfg(unix)]
    #[test]
    fn devices_pipes_and_folders_are_refused_without_reading() {
        let dir = tempfile::tempdir().unwrap();
        let e = read(Path::new("/dev/zero"), Kind::Members).unwrap_err();
        assert!(e.to_string().contains("device"), "{e}");
        let e = read(dir.path(), Kind::Trf).unwrap_err();
        assert!(e.to_string().contains("folder"), "{e}");
        let fifo = dir.path().join("f.pgn");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = read(&fifo, Kind::Record).unwrap_err();
        assert!(e.to_string().contains("pipe"), "{e}");
        // a link names its target
        let link = dir.path().join("zero.csv");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        let e = read(&link, Kind::Members).unwrap_err();
        assert!(e.to_string().contains("/dev/zero"), "{e}");
    }

    #[cfg(unix)]
    #[test]
    fn the_walk_does_not_loop_through_a_link_to_a_parent() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("a");
        std::fs::create_dir(&sub).unwrap();
        std::fs::write(sub.join("g.pgn"), b"1. h2e2").unwrap();
        std::os::unix::fs::symlink("..", sub.join("up")).unwrap();
        std::os::unix::fs::symlink(dir.path(), sub.join("root")).unwrap();
        let files = walk(dir.path(), &["pgn"]);
        assert_eq!(files, vec![sub.join("g.pgn")]);
    }
}
