//! The foundation end to end: members, events, config, imports, backups,
//! concurrent processes and crash atomicity, through the real binary.

use crate::common;
use common::{qishe, Club};
use unicode_width::UnicodeWidthStr;

#[test]
fn players_list_aligned_with_chinese_names_and_as_csv_json() {
    let c = Club::new();
    c.ok(&[
        "player",
        "add",
        "王天一",
        "--rating",
        "2650",
        "--club",
        "杭州",
        "--born",
        "1989",
        "--sex",
        "m",
    ]);
    c.ok(&["player", "add", "Li Wei", "--rating", "1800"]);
    c.ok(&[
        "player",
        "add",
        "欧阳琦琳",
        "--club",
        "广东",
        "--id",
        "CXA-9",
    ]);
    let text = c.ok(&["player", "list"]);
    let widths: Vec<usize> = text.lines().map(|l| l.width()).collect();
    assert_eq!(widths.len(), 5);
    assert!(widths.windows(2).all(|w| w[0] == w[1]), "{text}");
    let csv = c.ok(&["player", "list", "--format", "csv"]);
    assert!(
        csv.starts_with("id,name,rating,club,member_id,born,sex,status\n"),
        "{csv}"
    );
    assert!(csv.contains("王天一,2650,杭州,,1989,m,active"), "{csv}");
    let json: serde_json::Value =
        serde_json::from_str(&c.ok(&["player", "list", "--format", "json"])).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 3);
    // show by member id, edit, retire
    assert!(c.ok(&["player", "show", "CXA-9"]).contains("欧阳琦琳"));
    c.ok(&["player", "edit", "王天一", "--rating", "2700"]);
    assert!(c.ok(&["player", "show", "王天一"]).contains("2700"));
    c.ok(&["player", "retire", "Li Wei"]);
    assert!(!c.ok(&["player", "list"]).contains("Li Wei"));
    assert!(c.ok(&["player", "list", "--all"]).contains("Li Wei"));
    // undo brings Li Wei back
    c.ok(&["undo"]);
    assert!(c.ok(&["player", "list"]).contains("Li Wei"));
}

#[test]
fn ambiguous_names_list_the_candidates() {
    let c = Club::new();
    c.ok(&["player", "add", "张强", "--club", "北京"]);
    c.ok(&["player", "add", "张强", "--club", "上海"]);
    let err = c.fails(&["player", "show", "张强"]);
    assert!(
        err.contains("北京") && err.contains("上海") && err.contains("use the id"),
        "{err}"
    );
}

#[test]
fn csv_import_good_bad_gbk_and_duplicates() {
    let c = Club::new();
    std::fs::write(
        c.path("good.csv"),
        "单位,姓名,等级分\n杭州,王天一,2650\n四川,郑惟桐,2600\n",
    )
    .unwrap();
    assert!(c
        .ok(&["player", "import", "good.csv"])
        .contains("imported 2"));
    // a bad row: message with line and column, and nothing written
    std::fs::write(c.path("bad.csv"), "name,rating\nA,1500\nB,15x0\n").unwrap();
    let err = c.fails(&["player", "import", "bad.csv"]);
    assert!(
        err.contains("bad.csv:3: column rating: \"15x0\" is not a number"),
        "{err}"
    );
    assert!(!c.ok(&["player", "list"]).contains('A'));
    // GBK
    let (gbk, _, _) = encoding_rs::GBK.encode("姓名,等级分,单位\n吕钦,2580,广东\n");
    std::fs::write(c.path("gbk.csv"), &gbk).unwrap();
    c.ok(&["player", "import", "gbk.csv"]);
    assert!(c.ok(&["player", "list"]).contains("吕钦"));
    // duplicates are reported, not merged
    std::fs::write(c.path("dup.csv"), "姓名,单位\n王天一,杭州\n赵鑫鑫,浙江\n").unwrap();
    let err = c.fails(&["player", "import", "dup.csv"]);
    assert!(
        err.contains("dup.csv:2: 王天一 (杭州) duplicates member"),
        "{err}"
    );
    assert!(!c.ok(&["player", "list"]).contains("赵鑫鑫"));
    let out = c.run(&["player", "import", "dup.csv", "--skip-duplicates"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("skipped"));
    assert!(c.ok(&["player", "list"]).contains("赵鑫鑫"));
    // export reads back
    let exported = c.ok(&["player", "export"]);
    assert!(exported.lines().count() == 5, "{exported}");
}

#[test]
fn events_entries_and_numbering() {
    let c = Club::new();
    for (n, r) in [("甲", "1800"), ("乙", "2100"), ("丙", "2000")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&[
        "event",
        "new",
        "周赛",
        "--scheme",
        "draw-0.8",
        "--system",
        "cxa",
        "--rounds",
        "5",
        "--time-control",
        "red=60,black=30,inc=15",
        "--tiebreaks",
        "small-points,wins",
    ]);
    let err = c.fails(&["event", "new", "X", "--scheme", "standart"]);
    assert!(err.contains("allowed"), "{err}");
    c.ok(&["event", "enter", "周赛", "甲", "乙", "丙"]);
    let show = c.ok(&["event", "show", "周赛", "--format", "csv"]);
    let names: Vec<&str> = show
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(1).unwrap())
        .collect();
    assert_eq!(names, ["乙", "丙", "甲"], "start numbers by rating");
    let text = c.ok(&["event", "show", "周赛"]);
    assert!(
        text.contains("draw-0.8") && text.contains("red=60,black=30,inc=15"),
        "{text}"
    );
    c.ok(&["event", "forbid", "周赛", "甲", "乙"]);
    c.ok(&["event", "withdraw", "周赛", "丙"]);
    assert!(c.ok(&["event", "list"]).contains("周赛"));
    let err = c.fails(&["event", "enter", "周赛", "无名氏"]);
    assert!(err.contains("无名氏"), "{err}");
}

#[test]
fn a_config_typo_names_file_line_and_column_and_changes_nothing() {
    let c = Club::new();
    std::fs::write(
        c.path("config.toml"),
        "club = \"x\"\n[event]\nrounds = 7\nsheme = \"standard\"\n",
    )
    .unwrap();
    let out = crate::common::output_of(qishe().current_dir(c.dir.path()).args(["player", "list"]));
    assert!(!out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("config.toml:4:1:") && err.contains("sheme"),
        "{err}"
    );
    assert!(
        !c.path("club.db").exists(),
        "no database created on a bad config"
    );
    std::fs::write(c.path("config.toml"), "[event]\nscheme = \"3-1-0\"\n").unwrap();
    let out = crate::common::output_of(qishe().current_dir(c.dir.path()).args(["player", "list"]));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("config.toml:2:10:") && err.contains("three-point"),
        "{err}"
    );
}

#[test]
fn the_config_database_path_is_relative_to_the_config_file() {
    let c = Club::new();
    std::fs::create_dir(c.path("conf")).unwrap();
    std::fs::write(
        c.path("conf/q.toml"),
        "club = \"东城\"\ndatabase = \"data/east.db\"\n",
    )
    .unwrap();
    let out = crate::common::output_of(qishe().current_dir(c.dir.path()).args([
        "--config",
        "conf/q.toml",
        "init",
    ]));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(c.path("conf/data/east.db").exists());
}

#[test]
fn a_damaged_database_is_a_clear_error() {
    let c = Club::new();
    std::fs::write(&c.db, vec![0x42u8; 8192]).unwrap();
    let err = c.fails(&["player", "list"]);
    assert!(err.contains("damaged or not a SQLite database"), "{err}");
}

#[test]
fn backup_while_another_connection_is_open() {
    let c = Club::new();
    c.ok(&["player", "add", "王天一"]);
    let holder = rusqlite::Connection::open(&c.db).unwrap();
    holder
        .execute("INSERT INTO member(name) VALUES ('胡荣华')", [])
        .unwrap();
    c.ok(&["backup", c.path("copy.db").to_str().unwrap()]);
    drop(holder);
    let copy = rusqlite::Connection::open(c.path("copy.db")).unwrap();
    let n: i64 = copy
        .query_row("SELECT count(*) FROM member", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 2);
    let ok: String = copy
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ok, "ok");
    // refuses to overwrite
    c.fails(&["backup", c.path("copy.db").to_str().unwrap()]);
}

#[test]
fn a_second_process_waits_for_the_first() {
    let c = Club::new();
    c.ok(&["init"]);
    let mut holder = rusqlite::Connection::open(&c.db).unwrap();
    let tx = holder
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    tx.execute("INSERT INTO member(name) VALUES ('先来')", [])
        .unwrap();
    let child = crate::common::spawn_of(
        qishe()
            .current_dir(c.dir.path())
            .arg("--db")
            .arg(&c.db)
            .args(["player", "add", "后到"]),
    );
    std::thread::sleep(std::time::Duration::from_millis(700));
    tx.commit().unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the second writer should wait, not fail"
    );
    let list = c.ok(&["player", "list"]);
    assert!(list.contains("先来") && list.contains("后到"), "{list}");
}

#[test]
fn sigkill_during_an_import_leaves_all_or_nothing() {
    let c = Club::new();
    c.ok(&["player", "add", "老会员"]);
    let mut csv = String::from("name,rating,club\n");
    let rows = 400_000;
    for i in 0..rows {
        csv.push_str(&format!("棋手{i},{},俱乐部{}\n", 1000 + i % 1500, i % 97));
    }
    std::fs::write(c.path("big.csv"), csv).unwrap();
    let wal = c.db.with_extension("db-wal");
    let mut child = crate::common::spawn_of(
        qishe()
            .current_dir(c.dir.path())
            .arg("--db")
            .arg(&c.db)
            .args(["player", "import", "big.csv"]),
    );
    // Wait until the import is writing pages (the WAL grows past its first
    // megabyte), then kill it without warning.
    let start = std::time::Instant::now();
    loop {
        let size = std::fs::metadata(&wal).map(|m| m.len()).unwrap_or(0);
        if size > 1_000_000 || start.elapsed().as_secs() > 60 {
            break;
        }
        if let Ok(Some(_)) = child.try_wait() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = child.kill();
    let _ = child.wait();
    let conn = rusqlite::Connection::open(&c.db).unwrap();
    let ok: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(ok, "ok");
    let n: i64 = conn
        .query_row("SELECT count(*) FROM member", [], |r| r.get(0))
        .unwrap();
    eprintln!("members after the kill: {n}");
    assert!(n == 1 || n == 1 + rows, "partial import: {n} members");
    drop(conn);
    // and qishe opens it, and its own full check agrees
    assert!(c.ok(&["player", "list"]).contains("老会员"));
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}
