//! `qishe restore BACKUP`: checked first, asked (or --yes), crash-safe, the
//! old club kept as a file it names.

use super::{both, paired_club};
use crate::common::Club;

fn saved_files(c: &Club) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains(".before-restore-"))
        .filter(|p| p.extension().is_some_and(|x| x == "db"))
        .collect()
}

#[test]
fn a_backup_is_restored_after_a_check_and_the_old_club_is_kept() {
    let c = paired_club();
    c.ok(&["backup", "b.db"]);
    c.ok(&["player", "add", "Late"]);
    // without a terminal, --yes is needed
    let o = c.run(&["restore", "b.db"]);
    assert!(!o.status.success());
    assert!(both(&o).contains("--yes"), "{}", both(&o));
    assert!(c.ok(&["player", "list"]).contains("Late"));
    let out = c.ok(&["restore", "b.db", "--yes"]);
    assert!(!c.ok(&["player", "list"]).contains("Late"));
    let saved = saved_files(&c);
    assert_eq!(saved.len(), 1, "{saved:?}");
    assert!(
        out.contains(&*saved[0].file_name().unwrap().to_string_lossy()),
        "{out}"
    );
    let o = crate::common::run_in(c.dir.path(), &saved[0], &["player", "list"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("Late"));
    assert_eq!(c.ok(&["check"]).trim(), "ok");
    // undo works on the restored club
    c.ok(&["player", "add", "After"]);
    c.ok(&["undo"]);
}

#[test]
fn a_bad_backup_is_refused_and_the_club_untouched() {
    let c = paired_club();
    let before = std::fs::read(&c.db).unwrap();
    std::fs::write(c.path("junk.db"), b"not a database at all. ".repeat(300)).unwrap();
    {
        let conn = rusqlite::Connection::open(c.path("other.db")).unwrap();
        conn.execute_batch("CREATE TABLE notes(x); PRAGMA user_version = 2;")
            .unwrap();
    }
    for (file, says) in [
        ("junk.db", "damaged"),
        ("other.db", "not a qishe club database"),
        ("missing.db", "cannot read"),
        ("/dev/zero", "not a backup file"),
    ] {
        let e = c.fails(&["restore", file, "--yes"]);
        assert!(e.contains(says), "{file}: {e}");
    }
    assert_eq!(std::fs::read(&c.db).unwrap(), before);
    assert!(saved_files(&c).is_empty());
}

#[test]
fn a_club_too_damaged_to_open_is_restored() {
    let c = paired_club();
    c.ok(&["backup", "b.db"]);
    let garbage = b"this was a club until the USB stick died. ".repeat(500);
    std::fs::write(&c.db, &garbage).unwrap();
    let _ = std::fs::remove_file(c.path("club.db-wal"));
    assert!(c.fails(&["player", "list"]).contains("restore"));
    c.ok(&["restore", "b.db", "--yes"]);
    assert!(c.ok(&["player", "list"]).contains('D'));
    assert_eq!(c.ok(&["check"]).trim(), "ok");
    let saved = saved_files(&c);
    assert_eq!(saved.len(), 1);
    assert_eq!(std::fs::read(&saved[0]).unwrap(), garbage);
}
