//! Safe output files and input files, as the front ends see
//! them: the rules themselves live once in `crate::files` (`files::output`
//! writes every output, `files::input` opens every input); this module
//! names the open club database as protected and turns their errors into
//! the app's.

use super::{invalid, App, Result};
use crate::files::{self, input::Kind};
use std::path::{Path, PathBuf};

pub use crate::files::output::Protected;

impl From<files::FileError> for super::AppError {
    fn from(e: files::FileError) -> super::AppError {
        super::AppError::Invalid(e.0)
    }
}

/// Refuses an output path that would destroy something the user did not
/// name for destruction (see `files::output::check`).
pub fn check_output(path: &Path, force: bool, protected: &Protected) -> Result<()> {
    Ok(files::output::check(path, force, protected)?)
}

/// Writes `data` to `path` through the one writer (`files::output`).
pub fn write_output(path: &Path, data: &[u8], force: bool, protected: &Protected) -> Result<()> {
    Ok(files::output::write_file(path, data, force, protected)?)
}

/// Reads an input file the user named, as `kind` (`files::input::read`:
/// regular files only, a size limit per kind).
pub fn read_input(path: &Path, kind: Kind) -> Result<Vec<u8>> {
    Ok(files::input::read(path, kind)?)
}

/// The largest game-record file read.
pub const RECORD_LIMIT: u64 = 10 * 1024 * 1024;

/// Reads a game-record file the user named (see [`read_input`]).
pub fn read_record_file(path: &Path, _limit: u64) -> Result<Vec<u8>> {
    read_input(path, Kind::Record)
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
    // A link inside the folder to a file outside it (`r1.pgn ->
    // /etc/shadow` on a stick with the CSV) is outside it too.
    let full = dir.join(p);
    if let (Ok(real), Ok(base)) = (std::fs::canonicalize(&full), std::fs::canonicalize(dir)) {
        if !real.starts_with(&base) {
            return Err(invalid!("err.in.record_outside", path = named));
        }
    }
    Ok(full)
}

/// Builds a new club database at `path` (the demo): `build` fills a club
/// opened on a temporary file beside `path`, which is renamed into place
/// only when complete; a killed build leaves no half-built club (its
/// temporary file is removed the next time).
pub fn build_new_club(
    config: crate::config::Config,
    path: &Path,
    build: impl FnOnce(&mut App) -> Result<()>,
) -> Result<()> {
    let mut failed = None;
    files::output::create_new(path, &Protected::default(), |tmp| {
        let r = App::open_init(config, tmp).and_then(|mut app| build(&mut app));
        match r {
            Ok(()) => Ok(()),
            Err(e) => {
                let m = e.msg();
                failed = Some(e);
                Err(files::FileError(m))
            }
        }
    })
    .map_err(|e| failed.take().unwrap_or_else(|| e.into()))
}

impl App {
    /// Files a command must never write over: the club database (with its
    /// companions) and the command's `inputs`.
    pub(crate) fn protected(&self, inputs: &[&Path]) -> Protected {
        Protected {
            database: Some(self.store.path().to_path_buf()),
            inputs: inputs.iter().map(|p| p.to_path_buf()).collect(),
        }
    }

    /// Writes an output file of a command: never the club database or its
    /// companions, nor one of `inputs`; an existing file only with `force`.
    pub fn write_output(
        &self,
        path: &Path,
        data: &[u8],
        force: bool,
        inputs: &[&Path],
    ) -> Result<()> {
        write_output(path, data, force, &self.protected(inputs))
    }

    /// Writes a consistent copy of the club database to `path` (never over
    /// an existing file, a device or the database itself): into a temporary
    /// file in the same folder, renamed into place when complete.
    pub fn backup(&self, path: &Path) -> Result<()> {
        let mut failed = None;
        files::output::create_new(path, &self.protected(&[]), |tmp| {
            if let Err(e) = self.store.backup_to(tmp) {
                failed = Some(e);
                return Err(files::FileError(crate::i18n::msg!(
                    "err.out.write",
                    path = path.display(),
                    why = "backup"
                )));
            }
            Ok(())
        })
        .map_err(|e| match failed.take() {
            Some(s) => super::AppError::Store(s),
            None => e.into(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_paths_stay_inside_the_csv_folder() {
        let d = Path::new("/clubs/a");
        assert!(record_path_in(d, "games/r1.pgn").is_ok());
        assert!(record_path_in(d, "../etc/passwd").is_err());
        assert!(record_path_in(d, "/etc/passwd").is_err());
        assert!(record_path_in(d, "").is_err());
    }
}
