//! End to end in a real pseudo-terminal: the `qishe` binary with no
//! arguments, driven by keystrokes, its screen read back through a vt100
//! emulator. Adds eight members, creates an event, enters the eight, pairs
//! round 1, types four results with clock readings and reads the standings.

use crate::pty;
use pty::{start, PLAYERS};
use std::time::{Duration, Instant};

#[test]
fn a_club_night_from_members_to_standings() {
    let dir = tempfile::tempdir().unwrap();
    let mut t = start(dir.path(), &dir.path().join("club.db"));
    t.wait_for("members (0)");
    for (i, name) in PLAYERS.iter().enumerate() {
        t.send("a");
        t.wait_for("new member");
        t.send(name);
        t.send("\t");
        t.send(&(2600 - 10 * i).to_string());
        t.send("\r");
        t.wait_for(&format!("added: {name}"));
    }
    t.wait_for("members (8)");
    t.send("\t");
    t.wait_for("events (0)");
    t.send("n");
    t.wait_for("new event");
    t.send("Club Night");
    t.send("\r");
    t.wait_for("event created: Club Night");
    for name in PLAYERS {
        t.send("a");
        t.wait_for("enter a member");
        t.send(name);
        t.send("\r");
        t.wait_for(&format!("entered: {name}"));
    }
    t.wait_for("Players (8)");
    t.send("\t");
    t.wait_for("press p to pair");
    t.send("p");
    t.wait_for("paired round 1");
    t.send("\t");
    t.wait_for("results in 0/4");
    let clocks = [
        ("r", "1:01:00", "55:30", "42"),
        ("d", "48:00", "50:15", "60"),
        ("b", "30:00", "29:00", "33"),
        ("r", "1:15:00", "1:10:00", "71"),
    ];
    for (i, (key, red, black, moves)) in clocks.iter().enumerate() {
        t.send(key);
        t.wait_for("red used:");
        t.send(red);
        t.send("\t");
        t.send(black);
        t.send("\t");
        t.send(moves);
        t.send("\r");
        t.wait_for(&format!("results in {}/4", i + 1));
    }
    let results = t.text();
    assert!(
        results.contains("1:01:00") && results.contains("55:30"),
        "{results}"
    );
    t.send("\t");
    t.wait_for("standings · after round 1");
    let st = t.wait_settled(PLAYERS[PLAYERS.len() - 1]);
    // Three wins and a draw: the points column reads 2,2,2,1,1,0,0,0.
    let mut points: Vec<String> = Vec::new();
    for name in PLAYERS {
        let line = st
            .lines()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} is not on the standings:\n{st}"));
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == name).unwrap();
        points.push(words[at + 1].to_string());
    }
    points.sort();
    assert_eq!(
        points,
        ["0.00", "0.00", "0.00", "1.00", "1.00", "2.00", "2.00", "2.00"],
        "{st}"
    );
    t.send("q");
    t.wait_for("events (1)");
    t.send("q");
    t.wait_exit();
}

/// A large member import in the real binary: the screen keeps drawing
/// while the worker imports (the busy box with its row count is seen, and
/// keys typed meanwhile are answered with a "please wait"), the pinyin
/// search then finds a member by initials.
#[test]
fn a_large_import_runs_in_the_background_and_search_finds_by_initials() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("members.csv");
    let mut text = String::from("姓名,等级分,单位\n张华强,1850,西湖棋社\n");
    for i in 0..60_000 {
        text.push_str(&format!("棋手{i},{},导入队\n", 1200 + i % 1000));
    }
    std::fs::write(&csv, text).unwrap();
    let mut t = start(dir.path(), &dir.path().join("club.db"));
    t.wait_for("members (0)");
    t.send("i");
    t.wait_for("import members (CSV)");
    t.send(csv.to_str().unwrap());
    t.send("\r");
    t.wait_for("import?");
    t.send("y");
    // While the rows go in, the loop draws the busy box and answers keys.
    t.wait_for("importing…");
    t.send("x");
    t.wait_for("still working; please wait (Ctrl-C quits)");
    t.wait_for("imported: 60001");
    t.wait_for("members (60001)");
    t.send("/zhq");
    let s = t.wait_for("/ zhq");
    assert!(s.contains("张华强"), "{s}");
    assert!(s.contains("(1)"), "one match:\n{s}");
    t.send("\x1b");
    t.send("q");
    let start = Instant::now();
    while t.child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "qishe did not quit"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
