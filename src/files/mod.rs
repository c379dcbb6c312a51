//! The edge of the file system: the one door for every file qishe reads
//! because a user named it, and every file or folder it writes.
//!
//! - [`input::read`] opens every input file (members, games and teams CSV,
//!   TRF, game records, the archive's files, config.toml, fonts): a regular
//!   file only — never a device such as `/dev/zero`, a pipe or a folder —
//!   of at most its kind's size, a symlink named with its target in the
//!   message. [`input::walk`] lists a folder's files without following a
//!   link back into a folder it has seen (no loops).
//! - [`output`] writes every output file and folder: never through a
//!   symlink, never onto the club database or its `-wal`/`-shm`/`-journal`
//!   (also when the database is reached through a symlink), a new file with
//!   the umask's mode and a replaced one with its old mode, the contents
//!   written beside the target and renamed into place; a temporary file a
//!   killed qishe left is removed the next time that folder is written to
//!   (or the database's folder opened).
//!
//! Both report a keyed [`FileError`]. Only `std` IO: no SQL, no terminal.

pub mod input;
pub mod output;

use crate::i18n::Msg;

/// Why a file could not be read or written: a keyed message naming it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError(pub Msg);

impl FileError {
    pub fn msg(&self) -> Msg {
        self.0.clone()
    }
}

crate::i18n::english_display!(FileError);

impl std::error::Error for FileError {}

/// `path` as messages show it: with the link's target when it is a symlink
/// (`site/round-1.html (a link to ../club.db)`).
pub fn shown(path: &std::path::Path) -> Msg {
    let link = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.file_type().is_symlink())
        .and_then(|_| std::fs::read_link(path).ok());
    match link {
        Some(t) => crate::i18n::msg!("file.link_to", path = path.display(), target = t.display()),
        None => crate::i18n::msg!("file.path", path = path.display()),
    }
}
