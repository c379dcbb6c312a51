//! The one door for input files and the one writer for output files.

use super::paired_club;
#[cfg(unix)]
use super::{both, intact, run_for};
use crate::common::Club;
#[cfg(unix)]
use std::os::unix::fs::{symlink, PermissionsExt};

// 1. `publish` never writes through a link planted in an earlier site.
#[cfg(unix)]
#[test]
fn publish_refuses_a_link_planted_in_an_earlier_site() {
    let c = paired_club();
    c.ok(&["publish", "T", "-o", "site"]);
    let page = c.path("site/round-1.html");
    std::fs::remove_file(&page).unwrap();
    symlink("../club.db", &page).unwrap();
    let e = c.fails(&["publish", "T", "-o", "site"]);
    assert!(e.contains("link") && e.contains("club.db"), "{e}");
    intact(&c);
    // --force does not make a link writable either
    let e = c.fails(&["publish", "T", "-o", "site", "--force"]);
    assert!(e.contains("link"), "{e}");
    intact(&c);
    // a link in place of the language folder is refused too
    std::fs::remove_file(&page).unwrap();
    let other = c.path("elsewhere");
    std::fs::create_dir(&other).unwrap();
    let lang = std::fs::read_dir(c.path("site"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.is_dir())
        .unwrap();
    std::fs::remove_dir_all(&lang).unwrap();
    symlink(&other, &lang).unwrap();
    let e = c.fails(&["publish", "T", "-o", "site"]);
    assert!(e.contains("link"), "{e}");
    assert_eq!(std::fs::read_dir(&other).unwrap().count(), 0);
}

// 13. Re-publishing removes the pages the site itself wrote that it no
// longer has, and nothing else.
#[test]
fn republishing_removes_stale_pages_the_site_wrote_and_only_those() {
    let c = paired_club();
    for b in ["1", "2"] {
        c.ok(&["result", "T", "1", b, "1-0"]);
    }
    c.ok(&["round", "pair", "T"]);
    c.ok(&["publish", "T", "-o", "site"]);
    assert!(c.path("site/round-2.html").exists());
    std::fs::write(c.path("site/notes.html"), "the secretary's own page").unwrap();
    c.ok(&["round", "unpair", "T"]);
    c.ok(&["publish", "T", "-o", "site"]);
    assert!(!c.path("site/round-2.html").exists());
    assert!(c.path("site/round-1.html").exists());
    assert!(c.path("site/notes.html").exists());
    let twin = std::fs::read_dir(c.path("site"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| p.is_dir())
        .unwrap();
    assert!(!twin.join("round-2.html").exists());
    assert!(twin.join("round-1.html").exists());
}

// 9. The WAL guard holds when the database is reached through a symlink.
#[cfg(unix)]
#[test]
fn the_live_log_of_a_symlinked_database_is_never_an_output() {
    let c = paired_club();
    let link = c.path("link.db");
    symlink(&c.db, &link).unwrap();
    let run = |args: &[&str]| {
        crate::common::qishe()
            .current_dir(c.dir.path())
            .arg("--db")
            .arg(&link)
            .args(args)
            .output()
            .unwrap()
    };
    let wal = format!("{}-wal", c.db.display());
    let lwal = format!("{}-wal", link.display());
    for out in [&wal, &lwal] {
        let o = run(&["print", "standings", "T", "-o", out, "--force"]);
        assert!(!o.status.success(), "{out}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains("club database"), "{e}");
    }
    intact(&c);
}

// 10. New output files take the umask's mode; --force keeps the old mode.
#[cfg(unix)]
#[test]
fn outputs_take_the_umask_and_force_keeps_the_files_mode() {
    let c = paired_club();
    let q = crate::common::qishe().get_program().to_owned();
    let sh = |args: &str| {
        let o = std::process::Command::new("sh")
            .current_dir(c.dir.path())
            .arg("-c")
            .arg(format!("umask 022; exec \"$0\" --db club.db {args}"))
            .arg(&q)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    sh("player export -o m.csv");
    let mode = |f: &str| std::fs::metadata(c.path(f)).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode("m.csv"), 0o644);
    std::fs::set_permissions(c.path("m.csv"), std::fs::Permissions::from_mode(0o664)).unwrap();
    sh("player export -o m.csv --force");
    assert_eq!(mode("m.csv"), 0o664);
    sh("print standings T --format html -o s.html");
    assert_eq!(mode("s.html"), 0o644);
}

// 6. Inputs that are not regular files are refused, without reading them.
#[cfg(unix)]
#[test]
fn devices_pipes_and_folders_are_refused_as_inputs() {
    let c = paired_club();
    let fifo = c.path("members.csv");
    let cs = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(cs.as_ptr(), 0o600) }, 0);
    symlink("/dev/zero", c.path("zero.csv")).unwrap();
    std::fs::create_dir(c.path("folder.trf")).unwrap();
    for (args, says) in [
        (vec!["player", "import", "/dev/zero"], "device"),
        (vec!["player", "import", "zero.csv"], "/dev/zero"),
        (vec!["player", "import", "members.csv"], "pipe"),
        (vec!["import", "trf", "folder.trf"], "folder"),
        (vec!["import", "games", "T", "/dev/zero"], "device"),
        (vec!["import", "teams", "T", "members.csv"], "pipe"),
        (vec!["game", "show", "members.csv"], "pipe"),
        (vec!["--config", "/dev/zero", "player", "list"], "device"),
    ] {
        let o = run_for(&c, 20, &args);
        assert!(!o.status.success(), "{args:?}");
        let e = both(&o);
        assert!(
            e.contains(says) && e.contains("regular file"),
            "{args:?}: {e}"
        );
    }
    intact(&c);
}

#[test]
fn an_input_over_its_kinds_size_is_refused_clearly() {
    let c = paired_club();
    let big = c.path("big.trf");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(11 * 1024 * 1024).unwrap();
    let e = c.fails(&["import", "trf", "big.trf"]);
    assert!(e.contains("10 MB") && e.contains("TRF"), "{e}");
    std::fs::write(c.path("config.toml"), vec![b'#'; 2 * 1024 * 1024]).unwrap();
    let e = c.fails(&["--config", "config.toml", "player", "list"]);
    assert!(e.contains("1 MB"), "{e}");
}

// 6 and 13: the archive walk reads no pipe or device and does not loop
// through a link to a parent folder; the good file is imported.
#[cfg(unix)]
#[test]
fn the_archive_walk_skips_pipes_devices_and_parent_links() {
    let c = Club::new();
    let dir = c.path("games");
    let sub = dir.join("sub");
    std::fs::create_dir_all(&sub).unwrap();
    std::fs::write(
        sub.join("good.pgn"),
        "[Red \"甲\"]\n[Black \"乙\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 1-0\n",
    )
    .unwrap();
    symlink("/dev/zero", dir.join("zero.pgn")).unwrap();
    let fifo = dir.join("fifo.pgn");
    let cs = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(cs.as_ptr(), 0o600) }, 0);
    symlink("..", sub.join("up")).unwrap();
    symlink(&dir, sub.join("again")).unwrap();
    let o = run_for(&c, 30, &["archive", "import", "games"]);
    let text = both(&o);
    assert!(
        text.contains("zero.pgn") && text.contains("fifo.pgn"),
        "{text}"
    );
    let list = c.ok(&["archive", "search"]);
    assert!(list.contains("甲"), "{list}");
    // three files, each once: no loop through `up` or `again`
    assert!(text.contains("files 3,"), "{text}");
}

// 13. A backup never goes to a device; a killed backup's temporary file is
// removed on the next start.
#[cfg(unix)]
#[test]
fn a_backup_to_a_device_is_refused_sensibly() {
    let c = paired_club();
    let device = if cfg!(windows) { "NUL" } else { "/dev/null" };
    let e = c.fails(&["backup", device]);
    assert!(
        !e.contains("File exists") && e.contains("not a file"),
        "{e}"
    );
}

#[cfg(unix)]
#[test]
fn temporary_files_of_killed_runs_are_removed_on_the_next_start() {
    let c = paired_club();
    let out = c.path("backups");
    std::fs::create_dir(&out).unwrap();
    // The names a killed backup (and a killed demo) leaves: its process is
    // gone (pid 2147483632 is never alive here).
    let stale = [
        out.join(".qishe-tmp-2147483632-a1b2c3"),
        c.path(".qishe-tmp-2147483632-d4e5f6"),
        c.path(".qishe-tmp-2147483632-d4e5f6-wal"),
    ];
    for s in &stale {
        std::fs::write(s, vec![0u8; 4096]).unwrap();
    }
    c.ok(&["backup", "backups/b1.db"]);
    c.ok(&["player", "list"]);
    for s in &stale {
        assert!(!s.exists(), "{} left", s.display());
    }
    assert!(out.join("b1.db").exists());
}

// 13. A killed `demo` leaves no half-built club.
#[test]
fn a_killed_demo_leaves_no_half_built_file() {
    let c = Club::new();
    for delay_ms in [50u64, 200, 600] {
        let target = c.path(&format!("demo-{delay_ms}.db"));
        let mut child = crate::common::spawn_of(
            crate::common::qishe()
                .current_dir(c.dir.path())
                .arg("demo")
                .arg(&target)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
        );
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill();
        let status = child.wait().unwrap();
        if !status.success() {
            assert!(!target.exists(), "a killed demo left {}", target.display());
        } else {
            // a finished demo is there, whole
            let o = crate::common::run_in(c.dir.path(), &target, &["event", "list"]);
            let out = String::from_utf8_lossy(&o.stdout);
            assert!(o.status.success() && out.lines().count() >= 3, "{out}");
        }
    }
}

// The club database itself: a device, a pipe or a folder is refused by
// name before SQLite opens it.
#[cfg(unix)]
#[test]
fn a_database_that_is_not_a_file_is_refused_clearly() {
    let c = Club::new();
    let fifo = c.path("pipe.db");
    let cs = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(cs.as_ptr(), 0o600) }, 0);
    std::fs::create_dir(c.path("folder.db")).unwrap();
    symlink("/dev/zero", c.path("zero.db")).unwrap();
    for (db, says) in [
        ("/dev/zero", "device"),
        ("zero.db", "/dev/zero"),
        ("pipe.db", "pipe"),
        ("folder.db", "folder"),
    ] {
        let o = crate::common::run_in(c.dir.path(), std::path::Path::new(db), &["player", "list"]);
        assert!(!o.status.success(), "{db}");
        let e = both(&o);
        assert!(e.contains(says) && e.contains("regular file"), "{db}: {e}");
    }
}

// A games CSV's record path that is a link out of the CSV's folder is
// outside it: a stick cannot make qishe read /etc/passwd.
#[cfg(unix)]
#[test]
fn a_record_link_out_of_the_csv_folder_is_refused() {
    let c = paired_club();
    std::fs::create_dir(c.path("stick")).unwrap();
    symlink("/etc/passwd", c.path("stick/r1.pgn")).unwrap();
    std::fs::write(
        c.path("stick/g.csv"),
        "round,red,black,result,record\n1,A,B,1-0,r1.pgn\n",
    )
    .unwrap();
    c.ok(&["event", "new", "G", "--rounds", "3"]);
    let e = c.fails(&["import", "games", "G", "stick/g.csv"]);
    assert!(e.contains("inside the CSV's folder"), "{e}");
    assert!(!e.contains("root:"), "{e}");
}

// A config.toml with a negative count or a key written twice is refused
// with its file, line and column, the reason in the reader's language
// (serde's and the parser's English were shown), and nothing changes.
#[test]
fn a_config_with_a_negative_count_or_a_key_twice_is_said_in_the_readers_language() {
    let c = paired_club();
    std::fs::write(c.path("neg.toml"), "[event]\nrounds = -3\n").unwrap();
    std::fs::write(c.path("dup.toml"), "club = \"a\"\nclub = \"b\"\n").unwrap();
    for (file, zh, en) in [
        (
            "neg.toml",
            "neg.toml 第2行第10列: 值不对: 应为非负整数，写的是整数 -3",
            "expected a whole number 0 or more",
        ),
        (
            "dup.toml",
            "dup.toml 第2行第1列: 设置项 \"club\" 写了两次",
            "the key \"club\" is given twice",
        ),
    ] {
        for (lang, said) in [("zh_CN.UTF-8", zh), ("en_US.UTF-8", en)] {
            let o = c.run_lang(lang, &["--config", file, "player", "add", "Z"]);
            let e = String::from_utf8_lossy(&o.stderr);
            assert!(!o.status.success());
            assert!(e.contains(said), "{lang}: {e}");
        }
    }
    assert!(!c.ok(&["player", "list"]).contains('Z'));
}
