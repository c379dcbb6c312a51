//! The pseudo-terminal harness of the end-to-end TUI tests (included by
//! `tui_e2e` and `tui_memory_e2e` with `#[path]`).

use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The `qishe` binary in an 80×24 pseudo-terminal; its screen is read
/// back through a vt100 emulator.
pub struct Tui {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    pub child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Tui {
    pub fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `what` (the UI answers each key within
    /// a frame; the long timeout only absorbs a loaded test machine).
    pub fn wait_for(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let t = self.text();
            if t.contains(what) {
                return t;
            }
            if start.elapsed() > Duration::from_secs(30) {
                panic!("\"{what}\" never appeared; the screen:\n{t}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits for `what`, then until the screen stops changing (a frame
    /// can be read while it is still being drawn on a loaded machine).
    pub fn wait_settled(&self, what: &str) -> String {
        let mut last = self.wait_for(what);
        let start = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(150));
            let now = self.text();
            if now == last || start.elapsed() > Duration::from_secs(30) {
                return now;
            }
            last = now;
        }
    }

    /// Waits for qishe to exit (after the keys that quit it) and checks
    /// that it exited cleanly.
    pub fn wait_exit(&mut self) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "qishe exited with {status:?}");
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "qishe did not quit"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn send(&mut self, s: &str) {
        self.writer.write_all(s.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        // Let the UI read each burst as its own keys (Esc vs. Alt).
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// Starts `qishe --db DB` with `dir` as its working and home directory.
/// The eight players of the club-night tests.
pub const PLAYERS: [&str; 8] = [
    "王天一",
    "郑惟桐",
    "许银川",
    "赵鑫鑫",
    "蒋川",
    "洪智",
    "孙勇征",
    "汪洋",
];

/// Runs `qishe --db DB args…` in `dir` (the CLI, to set up what a test
/// then drives in the TUI) and expects success.
pub fn cli(dir: &Path, db: &Path, args: &[&str]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qishe"))
        .arg("--db")
        .arg(db)
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .env("XDG_CONFIG_HOME", dir)
        .env("LC_ALL", "C.UTF-8")
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
}

pub fn start(dir: &Path, db: &Path) -> Tui {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .unwrap();
    let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_qishe"));
    cmd.arg("--db");
    cmd.arg(db);
    cmd.cwd(dir);
    cmd.env("HOME", dir);
    cmd.env("XDG_CONFIG_HOME", dir);
    cmd.env("XDG_DATA_HOME", dir);
    cmd.env("LC_ALL", "C.UTF-8");
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
    let child = pty.slave.spawn_command(cmd).unwrap();
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().unwrap();
    let writer = pty.master.take_writer().unwrap();
    let screen = Arc::new(Mutex::new(vt100::Parser::new(24, 80, 0)));
    let s2 = screen.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            s2.lock().unwrap().process(&buf[..n]);
        }
    });
    // Keep the master alive as long as the test runs.
    std::mem::forget(pty.master);
    Tui {
        screen,
        writer,
        child,
    }
}
