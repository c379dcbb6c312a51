//! Hostile inputs and races, third round. A planted symlink, a
//! bottomless file, a change made while a round is computed, escape
//! sequences in names, nested variations, another program's database,
//! read-only media, a restore. Each item of the issue has its test here,
//! through the real binary on a temporary club (or the app on a club file
//! where a race must be placed exactly).

mod files;
mod races;
mod records;
mod restore;
mod store;
mod terminal;
mod windows;

use crate::common::Club;
use std::process::Output;
use std::time::Duration;

/// Four members in a three-round event `T`, round 1 paired.
pub fn paired_club() -> Club {
    let c = Club::new();
    for (n, r) in [("A", "2000"), ("B", "1900"), ("C", "1800"), ("D", "1700")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3"]);
    c.ok(&["event", "enter", "T", "A", "B", "C", "D"]);
    c.ok(&["round", "pair", "T"]);
    c
}

/// The club still opens and passes `check`.
pub fn intact(c: &Club) {
    let out = c.ok(&["player", "list"]);
    assert!(out.contains('A') && out.contains('D'), "{out}");
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}

/// The club passes `check`.
pub fn intact_db(c: &Club) {
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}

/// Runs qishe on the club with a time limit: a hang is a failure, not a
/// stuck test.
pub fn run_for(c: &Club, secs: u64, args: &[&str]) -> Output {
    let mut cmd = crate::common::qishe();
    cmd.current_dir(c.dir.path())
        .arg("--db")
        .arg(&c.db)
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = crate::common::spawn_of(&mut cmd);
    let start = std::time::Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if start.elapsed() > Duration::from_secs(secs) {
            let _ = child.kill();
            let o = child.wait_with_output().unwrap();
            panic!(
                "qishe {args:?} hung for {secs} s: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Stdout and stderr as text.
pub fn both(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
