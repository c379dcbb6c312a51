//! A read-only folder and a full disk. The tests run as root, for
//! whom permission bits stop nothing, so the read-only folder is tried as
//! the unprivileged user `nobody` (through `setpriv`) and the full disk on a
//! small tmpfs in a private mount namespace (`unshare -m`); each says it was
//! skipped where the machine does not allow that. Writing to `/dev/full`
//! needs neither. In every case: a clear message, and nothing changed.
//!
//! All of it is Unix: `setpriv`, `unshare`, tmpfs and `/dev/full`. On
//! Windows a full disk is told from other errors by
//! `store::disk_full_at` (`GetDiskFreeSpaceExW`), tested there.
#![cfg(unix)]

use crate::common::{qishe, Club};
use crate::reliability_cli::dump;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

/// Four members in a three-round event, round 1 paired.
fn paired_club() -> Club {
    let c = Club::new();
    for n in ["A", "B", "C", "D"] {
        c.ok(&["player", "add", n]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3"]);
    c.ok(&["event", "enter", "T", "A", "B", "C", "D"]);
    c.ok(&["round", "pair", "T"]);
    c
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `qishe` run as the user `nobody`, or `None` when this machine cannot.
fn as_nobody(dir: &Path, db: &Path, args: &[&str]) -> Option<Output> {
    let probe = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "true"])
        .output();
    if !probe.is_ok_and(|o| o.status.success()) {
        return None;
    }
    let q = qishe();
    let mut c = Command::new("setpriv");
    c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
        .arg(q.get_program())
        .env("LANG", "en_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .current_dir(dir)
        .arg("--db")
        .arg(db)
        .args(args);
    Some(c.output().unwrap())
}

#[test]
fn a_read_only_folder_reads_and_refuses_every_write_clearly() {
    if !nix_is_root() {
        eprintln!("skipped: not root, so the folder cannot be made read-only for another user");
        return;
    }
    let c = paired_club();
    let before = dump(&c.db);
    let dir = c.dir.path();
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&c.db, std::fs::Permissions::from_mode(0o644)).unwrap();
    let Some(list) = as_nobody(dir, &c.db, &["player", "list"]) else {
        eprintln!("skipped: setpriv cannot run qishe as nobody here");
        return;
    };
    // Reading works.
    let (out, err) = text(&list);
    assert!(list.status.success(), "{err}");
    assert!(out.contains('A') && out.contains('D'), "{out}");
    let standings = as_nobody(dir, &c.db, &["round", "show", "T"]).unwrap();
    assert!(standings.status.success(), "{}", text(&standings).1);
    // Every write is refused as read-only, never "damaged".
    for args in [
        &["player", "add", "Zed"][..],
        &["result", "T", "1", "1", "1-0"],
        &["undo"],
        &["round", "unpair", "T"],
    ] {
        let o = as_nobody(dir, &c.db, args).unwrap();
        let (_, err) = text(&o);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert!(err.contains("read-only"), "{args:?}: {err}");
        assert!(!err.contains("damaged"), "{args:?}: {err}");
    }
    // An output file in the read-only folder: refused, nothing left behind.
    let out = dir.join("standings.txt");
    let o = as_nobody(
        dir,
        &c.db,
        &["print", "standings", "T", "-o", out.to_str().unwrap()],
    )
    .unwrap();
    assert!(!o.status.success());
    assert!(text(&o).1.contains("standings.txt"), "{}", text(&o).1);
    assert!(!out.exists());
    let names: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| n.starts_with("club.db")), "{names:?}");
    // The database is exactly as before.
    assert_eq!(dump(&c.db), before);
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}

fn nix_is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

#[test]
fn an_output_on_a_full_device_says_disk_full_and_changes_nothing() {
    let c = paired_club();
    let before = dump(&c.db);
    for args in [
        &["print", "standings", "T", "-o", "/dev/full"][..],
        &["player", "export", "-o", "/dev/full"],
        &["export", "trf", "T", "-o", "/dev/full"],
    ] {
        let e = c.fails(args);
        assert!(e.contains("disk full"), "{args:?}: {e}");
    }
    assert_eq!(dump(&c.db), before);
}

/// The script run in a private mount namespace: a 1 MB tmpfs holds a copy
/// of the club, a filler file takes the rest of it, then qishe is asked to
/// read, write and print; the filler goes and the club is checked. Each
/// step's output goes to a file outside the tmpfs.
const FULL_DISK: &str = r#"
set -u
D=$1; Q=$2
mkdir -p "$D/full"
mount -t tmpfs -o size=1m tmpfs "$D/full" || exit 77
cp "$D/club.db" "$D/full/club.db"
dd if=/dev/zero of="$D/full/filler" bs=4k 2>/dev/null
step() { name=$1; shift; "$Q" --db "$D/full/club.db" "$@" >"$D/$name.out" 2>"$D/$name.err"; echo $? >"$D/$name.rc"; }
step list player list
step add player add Zed
step result result T 1 1 1-0
step print print standings T --format html -o "$D/full/out.html"
ls -a "$D/full" >"$D/files"
rm "$D/full/filler"
step after check
cp "$D/full/club.db" "$D/after.db"
for f in "$D/full/club.db-wal"; do [ -f "$f" ] && cp "$f" "$D/after.db-wal"; done
exit 0
"#;

#[test]
fn a_full_disk_says_so_reads_still_work_and_nothing_is_written() {
    let c = paired_club();
    let before = dump(&c.db);
    let dir = c.dir.path();
    let script = dir.join("full.sh");
    std::fs::write(&script, FULL_DISK).unwrap();
    let q = qishe();
    let o = Command::new("unshare")
        .current_dir(dir)
        .arg("-m")
        .arg("sh")
        .arg(&script)
        .arg(dir)
        .arg(q.get_program())
        .env("LANG", "en_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .output();
    match &o {
        Ok(o) if o.status.success() => {}
        _ => {
            eprintln!("skipped: no private mount namespace with a tmpfs here ({o:?})");
            return;
        }
    }
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    assert_eq!(read("list.rc").trim(), "0", "{}", read("list.err"));
    assert!(read("list.out").contains('D'), "{}", read("list.out"));
    for step in ["add", "result", "print"] {
        assert_ne!(read(&format!("{step}.rc")).trim(), "0", "{step} succeeded");
        let e = read(&format!("{step}.err"));
        assert!(e.contains("disk full"), "{step}: {e}");
        assert!(!e.contains("damaged"), "{step}: {e}");
    }
    // No half-written output, no temporary file left.
    let files = read("files");
    assert!(
        !files.contains("out.html") && !files.contains(".qishe-out"),
        "{files}"
    );
    assert_eq!(read("after.rc").trim(), "0", "{}", read("after.err"));
    assert_eq!(read("after.out").trim(), "ok");
    assert_eq!(dump(&dir.join("after.db")), before);
}
