//! `qishe restore BACKUP`: checked first, asked (or --yes), crash-safe, the
//! old club kept as a file it names.

use super::{both, paired_club};
use crate::common::Club;

/// The first event's Print tab, its restore chosen with `file` typed and
/// submitted: the model as the question (or the refusal) leaves it.
fn restore_from_print_tab(app: &mut qishe::app::App, file: &std::path::Path) -> qishe::tui::Model {
    use crate::common::tui::{go, k, typed};
    use crossterm::event::KeyCode;
    use qishe::tui::{Model, Screen, Tab};
    let mut m = Model::load(app).unwrap();
    go(app, &mut m, k(KeyCode::Tab));
    go(app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    while m.tab() != Tab::Print {
        go(app, &mut m, k(KeyCode::Tab));
    }
    go(app, &mut m, k(KeyCode::Enter));
    while m.form().unwrap().value("tui.print.doc") != "restore" {
        go(app, &mut m, k(KeyCode::Right));
    }
    for _ in 0..3 {
        go(app, &mut m, k(KeyCode::Tab));
    }
    typed(app, &mut m, file.to_str().unwrap());
    go(app, &mut m, k(KeyCode::Enter));
    m
}

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
    // The last a device: Windows' NUL, Unix's /dev/zero.
    let device = if cfg!(windows) { "NUL" } else { "/dev/zero" };
    for (file, says) in [
        (
            "junk.db",
            "not a qishe club database (not a database file at all)",
        ),
        ("other.db", "not a qishe club database"),
        ("missing.db", "cannot read"),
        (device, "not a backup file"),
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

// A restore killed at any moment leaves the old club or the restored one,
// sound, never a mixture; the next start removes what it left beside it.
#[test]
fn a_killed_restore_leaves_the_old_club_or_the_backup() {
    let c = paired_club();
    c.ok(&["backup", "b.db"]);
    for i in 0..30 {
        c.ok(&["player", "add", &format!("Extra{i}")]);
    }
    let count = |c: &Club| c.ok(&["player", "list"]).lines().count();
    let (backup_n, club_n) = (4 + 2, count(&c));
    for delay_ms in [0u64, 5, 10, 20, 40, 80, 160] {
        let mut child = crate::common::spawn_of(
            crate::common::qishe()
                .current_dir(c.dir.path())
                .arg("--db")
                .arg(&c.db)
                .args(["restore", "b.db", "--yes"])
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
        );
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(c.ok(&["check"]).trim(), "ok", "after {delay_ms} ms");
        let n = count(&c);
        assert!(
            n == backup_n || n == club_n,
            "{n} lines after {delay_ms} ms"
        );
        if n == backup_n {
            // restored: bring the bigger club back for the next try
            let saved = saved_files(&c);
            let last = saved.iter().max().unwrap();
            c.ok(&["restore", last.to_str().unwrap(), "--yes"]);
            assert_eq!(count(&c), club_n);
        }
        let temps: Vec<_> = std::fs::read_dir(c.dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(".qishe-tmp-"))
            .collect();
        assert!(temps.is_empty(), "{temps:?}");
    }
}

// The TUI: the Print tab's `restore` (the path names the backup) checks
// it, asks, then replaces the club, which the screens show.
#[test]
fn the_tui_restores_from_the_print_tab_after_a_question() {
    use crate::common::tui::{c as ch, config, go};
    use qishe::app::App;
    use qishe::domain::{EventSettings, NewMember};
    use qishe::i18n::Lang;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let mut app = App::open(config(Lang::En), &db).unwrap();
    for n in ["甲", "乙", "丙", "丁"] {
        app.add_member(&NewMember {
            name: n.into(),
            ..Default::default()
        })
        .unwrap();
    }
    let s = EventSettings {
        rounds: 3,
        ..Default::default()
    };
    app.create_event_with("周赛", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap();
    let names: Vec<String> = ["甲", "乙", "丙", "丁"].map(String::from).to_vec();
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    let backup = dir.path().join("b.db");
    app.backup(&backup).unwrap();
    app.add_member(&NewMember {
        name: "戊".into(),
        ..Default::default()
    })
    .unwrap();
    let mut m = restore_from_print_tab(&mut app, &backup);
    let q = m.confirm().expect("a question").message.clone();
    assert!(q.contains("4 members") && q.contains("b.db"), "{q}");
    go(&mut app, &mut m, ch('y'));
    let (said, err) = m.status().cloned().unwrap();
    assert!(!err && said.contains("restored"), "{said}");
    let members: Vec<String> = app
        .members(false)
        .unwrap()
        .into_iter()
        .map(|x| x.name)
        .collect();
    assert!(!members.contains(&"戊".to_string()), "{members:?}");
    assert!(m.members().iter().all(|x| x.name != "戊"));
}

/// A file that is no database at all is said to be none, by key in the
/// reader's language and naming the file, never by SQLite's English; the
/// club stays as it was.
#[test]
fn a_file_that_is_no_database_is_said_to_be_none_in_chinese() {
    let c = paired_club();
    let before = std::fs::read(&c.db).unwrap();
    std::fs::write(
        c.path("笔记.txt"),
        "周赛第三轮的笔记, 不是数据库。\n".repeat(50),
    )
    .unwrap();
    let mut header = b"SQLite format 3\0".to_vec();
    header.extend(b"garbage ".repeat(100));
    std::fs::write(c.path("坏.db"), header).unwrap();
    for (locale, file, says) in [
        (
            "zh_CN.UTF-8",
            "笔记.txt",
            "笔记.txt 不是 qishe 俱乐部数据库 (根本不是数据库文件); 文件未作任何改动",
        ),
        (
            "zh_TW.UTF-8",
            "笔记.txt",
            "笔记.txt 不是 qishe 俱樂部資料庫 (根本不是資料庫檔案); 檔案未作任何改動",
        ),
        (
            "zh_CN.UTF-8",
            "坏.db",
            "坏.db 不是 qishe 俱乐部数据库 (是 SQLite 文件, 但已损坏到无法读取)",
        ),
    ] {
        let o = c.run_lang(locale, &["restore", file, "--yes"]);
        assert!(!o.status.success());
        let e = both(&o);
        assert!(e.contains(says), "{locale} {file}: {e}");
        assert!(!e.contains("file is not a database"), "{e}");
    }
    assert_eq!(std::fs::read(&c.db).unwrap(), before);
    assert!(saved_files(&c).is_empty());
}

// The TUI's restore says the same, and keeps the club.
#[test]
fn the_tuis_restore_of_a_file_that_is_no_database_says_so_in_chinese() {
    use crate::common::tui::config;
    use qishe::app::App;
    use qishe::domain::{EventSettings, NewMember};
    use qishe::i18n::Lang;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let mut app = App::open(config(Lang::ZhHans), &db).unwrap();
    app.add_member(&NewMember {
        name: "甲".into(),
        ..Default::default()
    })
    .unwrap();
    let s = EventSettings {
        rounds: 3,
        ..Default::default()
    };
    app.create_event_with("周赛", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap();
    let notes = dir.path().join("笔记.txt");
    std::fs::write(&notes, "不是数据库。\n".repeat(50)).unwrap();
    let m = restore_from_print_tab(&mut app, &notes);
    assert!(
        m.confirm().is_none(),
        "no question for a file that is no backup"
    );
    let (said, err) = m.status().cloned().unwrap();
    assert!(err, "{said}");
    assert!(
        said.contains("笔记.txt 不是 qishe 俱乐部数据库 (根本不是数据库文件)"),
        "{said}"
    );
    assert!(!said.contains("file is not a database"), "{said}");
    assert_eq!(app.members(false).unwrap().len(), 1);
}
