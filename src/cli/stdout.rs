//! The CLI's standard output and error, behind the `print!`, `println!`,
//! `eprint!` and `eprintln!` that `cli/mod.rs` defines for every CLI file
//! (they shadow the standard ones, which panic when a write fails).
//!
//! A closed pipe (`qishe player list | head`, a pager quit early) ends qishe
//! quietly with exit status 0 on every platform: every change is committed
//! before its report is printed, so nothing is lost. Unix ends it the same
//! way earlier, through the default SIGPIPE `main` restores; Windows has no
//! SIGPIPE and reports the closed pipe as an error of the write
//! (`ERROR_NO_DATA`, os error 232), which lands here. Any other failed
//! write to stdout (a full disk under `> file`) is reported in the UI
//! language and ends qishe with status 1. A failed write to stderr has
//! nowhere to be reported and is dropped.

use crate::i18n::{io_msg, msg, Lang};
use std::fmt;
use std::io::{self, Write};
use std::sync::atomic::{AtomicU8, Ordering};

/// The language of the write-error message (`set_lang`).
static LANG: AtomicU8 = AtomicU8::new(u8::MAX);

/// Sets the language a failed write is reported in.
pub fn set_lang(lang: Lang) {
    let n = match lang {
        Lang::ZhHans => 0,
        Lang::ZhHant => 1,
        Lang::En => 2,
    };
    let _ = LANG.swap(n, Ordering::Relaxed);
}

pub(crate) fn lang() -> Lang {
    match LANG.load(Ordering::Relaxed) {
        0 => Lang::ZhHans,
        1 => Lang::ZhHant,
        2 => Lang::En,
        _ => Lang::from_env(),
    }
}

/// What a failed write to stdout means.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// The reader is gone: stop quietly.
    Closed,
    /// Anything else: say so.
    Other,
}

/// A closed pipe on any platform (`EPIPE`; Windows' `ERROR_BROKEN_PIPE`
/// and `ERROR_NO_DATA`, both `BrokenPipe` in std, and
/// `ERROR_PIPE_NOT_CONNECTED`, 233, which std leaves uncategorized) or
/// anything else.
pub fn classify(e: &io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe || (cfg!(windows) && e.raw_os_error() == Some(233)) {
        Failure::Closed
    } else {
        Failure::Other
    }
}

/// Writes `args` (and a newline with `line`) to `w`.
pub fn write_to(w: &mut impl Write, args: fmt::Arguments, line: bool) -> io::Result<()> {
    w.write_fmt(args)?;
    if line {
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// `print!` / `println!`: writes to stdout; a failure ends qishe (see the
/// module notes).
pub fn out(args: fmt::Arguments, line: bool) {
    let mut o = io::stdout().lock();
    if let Err(e) = write_to(&mut o, args, line) {
        drop(o);
        failed(&e);
    }
}

/// `eprint!` / `eprintln!`: writes to stderr, dropping a failure.
pub fn err(args: fmt::Arguments, line: bool) {
    let _ = write_to(&mut io::stderr().lock(), args, line);
}

pub(crate) fn failed(e: &io::Error) -> ! {
    match classify(e) {
        Failure::Closed => super::exit(0),
        Failure::Other => {
            let m = msg!("err.cli.write_output", why = io_msg(e));
            err(format_args!("qishe: {}", m.render(lang())), true);
            super::exit(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer whose every write fails with `kind`.
    struct Failing(io::ErrorKind);

    impl Write for Failing {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(self.0))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_closed_pipe_is_told_from_other_failures() {
        let e = write_to(
            &mut Failing(io::ErrorKind::BrokenPipe),
            format_args!("x"),
            true,
        )
        .unwrap_err();
        assert_eq!(classify(&e), Failure::Closed);
        let e = write_to(
            &mut Failing(io::ErrorKind::StorageFull),
            format_args!("x"),
            true,
        )
        .unwrap_err();
        assert_eq!(classify(&e), Failure::Other);
    }

    #[cfg(windows)]
    #[test]
    fn windows_pipe_errors_are_a_closed_pipe() {
        // ERROR_BROKEN_PIPE, ERROR_NO_DATA ("The pipe is being closed"),
        // ERROR_PIPE_NOT_CONNECTED (wine's, for a Unix pipe whose reader left).
        for code in [109, 232, 233] {
            let e = io::Error::from_raw_os_error(code);
            assert_eq!(classify(&e), Failure::Closed, "{code}");
        }
    }

    #[test]
    fn lines_end_with_a_newline() {
        let mut v = Vec::new();
        write_to(&mut v, format_args!("王{}", 1), true).unwrap();
        write_to(&mut v, format_args!("x"), false).unwrap();
        assert_eq!(v, "王1\nx".as_bytes());
    }
}
