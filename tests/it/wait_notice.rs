//! Two processes: while another program holds the club's write
//! lock, a command says on stderr that it is waiting, then does its work
//! once the lock is free.

use crate::common::{qishe, Club};
use std::io::{BufRead, BufReader};
use std::process::Stdio;

#[test]
fn a_command_waiting_for_the_lock_says_so_and_then_succeeds() {
    let c = Club::new();
    c.ok(&["player", "add", "First"]);
    // Another writer takes the lock and keeps it.
    let other = rusqlite::Connection::open(&c.db).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut child = crate::common::spawn_of(
        qishe()
            .current_dir(c.dir.path())
            .arg("--db")
            .arg(&c.db)
            .args(["player", "add", "Second"])
            .stderr(Stdio::piped())
            .stdout(Stdio::piped()),
    );
    // The lock is held until the waiting command has said so: no timing.
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    assert!(first.contains("waiting"), "{first}");
    other.execute_batch("COMMIT").unwrap();
    let out = child.wait_with_output().unwrap();
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut err, &mut rest);
    assert!(out.status.success(), "{first}{rest}");
    let list = c.ok(&["player", "list", "--format", "csv"]);
    assert!(list.contains("Second"), "{list}");
}
