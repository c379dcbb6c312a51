//! The console qishe runs in; all of it is Windows', elsewhere nothing.
//!
//! - Text reaches a Windows console through std, which writes UTF-16
//!   (`WriteConsoleW`) whatever the code page, so Chinese shows on a GBK
//!   (936) or Big5 (950) console too. The console's output code page is
//!   still set to UTF-8 (65001) while qishe runs, for what it hands the
//!   console as bytes, and put back at exit.
//! - Started by a double click, qishe is the only process on a console
//!   window of its own, which closes the moment qishe ends: an error (or a
//!   panic) then waits for Enter, so it can be read.

use std::sync::atomic::{AtomicBool, Ordering};

/// Does qishe have a console window of its own?
static OWN_WINDOW: AtomicBool = AtomicBool::new(false);

/// Called first in `main`.
pub fn start() {
    #[cfg(windows)]
    win::start();
}

/// Called last, with whether qishe failed: waits for Enter after a failure
/// in a window of its own, then puts the code page back.
pub fn finish(failed: bool) {
    if failed && OWN_WINDOW.load(Ordering::Relaxed) {
        wait_for_enter();
    }
    #[cfg(windows)]
    win::restore();
}

fn wait_for_enter() {
    let text = crate::i18n::tr(super::stdout::lang(), "cli.console.press_enter");
    super::stdout::err(format_args!("\n{text}"), true);
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
}

#[cfg(windows)]
mod win {
    use super::{Ordering, OWN_WINDOW};
    use std::sync::atomic::AtomicU32;
    use windows_sys::Win32::Globalization::CP_UTF8;
    use windows_sys::Win32::System::Console::{
        GetConsoleMode, GetConsoleOutputCP, GetConsoleProcessList, GetStdHandle,
        SetConsoleOutputCP, STD_ERROR_HANDLE, STD_INPUT_HANDLE,
    };

    /// The output code page found at start, when qishe changed it (0: not).
    static SAVED_CP: AtomicU32 = AtomicU32::new(0);

    /// Is the standard handle `which` a console (not a file or a pipe)?
    fn is_console(which: u32) -> bool {
        let mut mode = 0;
        // SAFETY: GetStdHandle returns a handle or null/invalid, which
        // GetConsoleMode refuses; `mode` is a valid out pointer.
        unsafe { GetConsoleMode(GetStdHandle(which), &mut mode) != 0 }
    }

    pub(super) fn start() {
        // SAFETY: plain calls on this process's console; a process without
        // one gets 0 back and nothing changes.
        let cp = unsafe { GetConsoleOutputCP() };
        if cp != 0 && cp != CP_UTF8 && unsafe { SetConsoleOutputCP(CP_UTF8) } != 0 {
            let _ = SAVED_CP.swap(cp, Ordering::Relaxed);
        }
        let mut ids = [0u32; 2];
        // SAFETY: `ids` holds two ids; the count says how many are attached.
        let attached = unsafe { GetConsoleProcessList(ids.as_mut_ptr(), 2) };
        if attached == 1 && is_console(STD_INPUT_HANDLE) && is_console(STD_ERROR_HANDLE) {
            let _ = OWN_WINDOW.swap(true, Ordering::Relaxed);
            let report = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                report(info);
                super::wait_for_enter();
            }));
        }
    }

    pub(super) fn restore() {
        let cp = SAVED_CP.swap(0, Ordering::Relaxed);
        if cp != 0 {
            // SAFETY: sets back the code page read at start.
            unsafe { SetConsoleOutputCP(cp) };
        }
    }
}
