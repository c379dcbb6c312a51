//! The statistics screen and the member page in a real pseudo-terminal:
//! `qishe demo`, then the `qishe` binary on it driven by keystrokes, its
//! screen read back through a vt100 emulator (the harness of `tui_e2e`).

use crate::pty;
use pty::start;

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
    t.wait_exit();
}
