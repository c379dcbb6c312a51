//! The statistics screen and the member page in a real pseudo-terminal:
//! `qishe demo`, then the `qishe` binary on it driven by keystrokes, its
//! screen read back through a vt100 emulator (the harness of `tui_e2e`).

use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Tui {
    screen: Arc<Mutex<vt100::Parser>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn portable_pty::Child + Send + Sync>,
}

impl Tui {
    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    fn wait_for(&self, what: &str) -> String {
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

    fn send(&mut self, s: &str) {
        self.writer.write_all(s.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        std::thread::sleep(Duration::from_millis(60));
    }
}

fn env(cmd: &mut CommandBuilder, dir: &Path) {
    cmd.cwd(dir);
    cmd.env("HOME", dir);
    cmd.env("XDG_CONFIG_HOME", dir);
    cmd.env("XDG_DATA_HOME", dir);
    cmd.env("LC_ALL", "C.UTF-8");
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
}

fn start(dir: &Path, db: &Path) -> Tui {
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
    env(&mut cmd, dir);
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
    std::mem::forget(pty.master);
    Tui {
        screen,
        writer,
        child,
    }
}

#[test]
fn statistics_and_member_page_on_the_demo_club() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("demo.db");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_qishe"))
        .arg("demo")
        .arg(&db)
        .current_dir(dir.path())
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path())
        .env("LC_ALL", "C.UTF-8")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let mut t = start(dir.path(), &db);
    t.wait_for("members (40)");
    t.send("S");
    let s = t.wait_for("red score");
    assert!(
        s.contains("Statistics") && s.contains("how games ended"),
        "{s}"
    );
    t.send("\t");
    t.wait_for("rating gap");
    t.send("f");
    t.send("2099-01-01");
    t.send("\r");
    t.wait_for("no games");
    t.send("f");
    t.send("2099-13-01");
    t.send("\r");
    t.wait_for("is not a date");
    t.send("\x1b");
    t.send("\x1b");
    t.wait_for("members (40)");
    t.send("\r");
    t.wait_for("v head-to-head");
    t.send("v");
    t.wait_for("head-to-head with: search");
    t.send("\r");
    t.wait_for("(w/d/l)");
    t.send("\x1b");
    t.wait_for("members (40)");
    t.send("q");
    let start = Instant::now();
    loop {
        if let Some(status) = t.child.try_wait().unwrap() {
            assert!(status.success(), "qishe exited with {status:?}");
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "qishe did not quit"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
