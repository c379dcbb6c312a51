//! What differs between platforms, checked on each (on Linux by `cargo
//! test`, on Windows by `scripts/windows.sh test`): Chinese file and folder
//! names in every command that reads or writes a file, the config beside
//! the program, and paths shown with the platform's separator.

use crate::common::{qishe, Club};
use std::path::{Path, PathBuf};

/// The club in a folder with a Chinese name and a space.
fn chinese_club() -> (Club, PathBuf) {
    let c = Club::new();
    let dir = c.path("棋社 资料");
    std::fs::create_dir(&dir).unwrap();
    (c, dir)
}

/// Runs qishe from `dir` on the database `db` and expects success.
fn ok_in(dir: &Path, db: &Path, args: &[&str]) -> String {
    let o = crate::common::run_in(dir, db, args);
    assert!(
        o.status.success(),
        "qishe {args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn chinese_file_and_folder_names_work_in_every_command() {
    let (_club, dir) = chinese_club();
    let db = dir.join("东城棋社.db");
    let run = |args: &[&str]| ok_in(&dir, &db, args);

    // Members in and out.
    let members = dir.join("会员名单.csv");
    std::fs::write(
        &members,
        "姓名,等级分,单位\n王天一,2650,杭州\n郑惟桐,2600,成都\n许银川,2580,广东\n洪智,2550,湖北\n",
    )
    .unwrap();
    assert!(run(&["player", "import", s(&members)]).contains('4'));
    let exported = dir.join("导出 会员.csv");
    run(&["player", "export", "-o", s(&exported)]);
    assert!(std::fs::read_to_string(&exported)
        .unwrap()
        .contains("王天一"));

    // An event from a TRF file, written back, paired by pair-trf.
    let trf = dir.join("荷兰制 比赛.trf");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/trf_real/bbp_dutch_2025_C5.trf"),
        &trf,
    )
    .unwrap();
    run(&["import", "trf", s(&trf), "--name", "春季赛"]);
    let back = dir.join("导出.trf");
    run(&["export", "trf", "春季赛", "-o", s(&back)]);
    assert!(std::fs::read_to_string(&back)
        .unwrap()
        .contains("Player0001"));
    let pairs = dir.join("第4轮 配对.txt");
    run(&["pair-trf", s(&trf), "-p", s(&pairs)]);
    assert!(std::fs::read_to_string(&pairs).unwrap().starts_with('3'));

    // Documents and the site.
    let html = dir.join("名次表.html");
    run(&[
        "print",
        "standings",
        "春季赛",
        "--format",
        "html",
        "-o",
        s(&html),
    ]);
    assert!(std::fs::read_to_string(&html)
        .unwrap()
        .contains("Player0001"));
    let csv = dir.join("交叉表.csv");
    run(&[
        "print",
        "crosstable",
        "春季赛",
        "--format",
        "csv",
        "-o",
        s(&csv),
    ]);
    assert!(csv.is_file());
    run(&["round", "pair", "春季赛"]);
    let site = dir.join("网站");
    run(&["publish", "春季赛", "-o", s(&site)]);
    assert!(site.join("index.html").is_file());

    // Game records: read, converted, attached to a result, archived.
    let pgn = dir.join("对局 一.pgn");
    std::fs::write(&pgn, crate::common::records::NO_REPEAT).unwrap();
    assert!(run(&["game", "stats", s(&pgn)]).contains('4'));
    let converted = dir.join("转换.pgn");
    run(&["game", "convert", s(&pgn), "-o", s(&converted)]);
    assert!(converted.is_file());
    let archive = dir.join("棋谱库");
    std::fs::create_dir(&archive).unwrap();
    std::fs::copy(&pgn, archive.join("第一局.pgn")).unwrap();
    run(&["archive", "import", s(&archive)]);

    // The config by a Chinese name; a backup by one.
    let config = dir.join("设置.toml");
    std::fs::write(&config, "club = \"东城\"\nlanguage = \"en\"\n").unwrap();
    assert!(run(&["--config", s(&config), "player", "list"]).contains("王天一"));
    let backup = dir.join("备份 2026.db");
    run(&["backup", s(&backup)]);
    assert!(backup.is_file());
    assert_eq!(
        ok_in(&dir, &backup, &["check"]).trim(),
        "ok",
        "the backup opens"
    );
}

#[test]
fn a_config_beside_the_program_is_read_from_another_folder() {
    let c = Club::new();
    let bin = c.path("程序");
    std::fs::create_dir(&bin).unwrap();
    let exe = Path::new(env!("CARGO_BIN_EXE_qishe"));
    let copy = bin.join(exe.file_name().unwrap());
    std::fs::copy(exe, &copy).unwrap();
    std::fs::write(
        bin.join("config.toml"),
        "language = \"zh-Hans\"\ndatabase = \"俱乐部.db\"\n",
    )
    .unwrap();
    let elsewhere = c.path("别处");
    std::fs::create_dir(&elsewhere).unwrap();
    let mut cmd = std::process::Command::new(&copy);
    cmd.current_dir(&elsewhere)
        .env("LANG", "en_US.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        // No config of the user's own in the way (Unix; on Windows the
        // test prefix has none).
        .env("XDG_CONFIG_HOME", &elsewhere)
        .env("HOME", &elsewhere)
        .args(["player", "add", "王天一"]);
    let o = output_of_fresh_copy(&mut cmd);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // The database is the config's, relative to the config's folder.
    assert!(bin.join("俱乐部.db").is_file());
    assert!(!elsewhere.join("俱乐部.db").exists());
    // ./config.toml still comes first.
    std::fs::write(elsewhere.join("config.toml"), "language = \"en\"\n").unwrap();
    let o = output_of_fresh_copy(
        std::process::Command::new(&copy)
            .current_dir(&elsewhere)
            .env("LANG", "en_US.UTF-8")
            .args(["--db", "local.db", "player", "show", "nobody"]),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success());
    assert!(err.is_ascii(), "English from ./config.toml: {err}");
}

/// Runs a program this test has just copied. On Linux, while another test
/// thread forks, its child holds the copy's write handle for a moment and
/// exec fails with ETXTBSY ("Text file busy"); that is the test harness's
/// race, not qishe's, so the exec is tried again.
fn output_of_fresh_copy(cmd: &mut std::process::Command) -> std::process::Output {
    const ETXTBSY: i32 = 26;
    for _ in 0..100 {
        match cmd.output() {
            Err(e) if cfg!(target_os = "linux") && e.raw_os_error() == Some(ETXTBSY) => {
                std::thread::sleep(std::time::Duration::from_millis(20))
            }
            r => return r.unwrap(),
        }
    }
    panic!("the copied program stayed busy for 2 s");
}

/// The database path qishe shows uses the platform's separator only, also
/// when the user typed the other one.
#[test]
fn shown_paths_use_the_platform_separator() {
    let c = Club::new();
    let sub = c.path("a");
    std::fs::create_dir(&sub).unwrap();
    let o = crate::common::output_of(
        qishe()
            .current_dir(c.dir.path())
            .args(["--db", "a/b.db", "init"]),
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8(o.stdout).unwrap();
    let sep = std::path::MAIN_SEPARATOR;
    let other = if sep == '/' { '\\' } else { '/' };
    assert!(out.contains(&format!("a{sep}b.db")), "{out}");
    assert!(!out.contains(other), "{out}");
}

/// The file-taking commands the test above leaves out, by Chinese names
/// too: a demo club written, a PDF, a games CSV and a prize list read, a
/// restore from a backup (the club as it was kept beside it, named after
/// it).
#[test]
fn chinese_file_names_work_in_demo_pdf_game_imports_and_restore() {
    let (_club, dir) = chinese_club();
    let db = dir.join("演示 棋社.db");
    let run = |args: &[&str]| ok_in(&dir, &db, args);

    let said = run(&["demo", s(&db)]);
    assert!(said.contains("演示 棋社.db"), "{said}");
    assert!(run(&["player", "list"]).lines().count() > 30);

    let font = crate::common::pdf::FONT;
    if Path::new(font).is_file() {
        let pdf = dir.join("名次表 第1届.pdf");
        run(&[
            "print",
            "standings",
            "1",
            "--format",
            "pdf",
            "--font",
            font,
            "-o",
            s(&pdf),
        ]);
        assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    }

    run(&["event", "new", "春季赛", "--rounds", "3"]);
    let games = dir.join("对局 成绩.csv");
    std::fs::write(
        &games,
        "round,red,black,result\n1,甲一,乙二,1-0\n1,丙三,丁四,1/2-1/2\n",
    )
    .unwrap();
    assert!(run(&["import", "games", "春季赛", s(&games)]).contains('2'));
    let prizes = dir.join("奖金 表.csv");
    std::fs::write(&prizes, "category,place,value\noverall,1,500\n").unwrap();
    run(&["event", "prizes", "春季赛", s(&prizes)]);

    let backup = dir.join("备份 一.db");
    run(&["backup", s(&backup)]);
    run(&["player", "add", "后来者"]);
    let said = run(&["restore", s(&backup), "--yes"]);
    assert!(!run(&["player", "list"]).contains("后来者"));
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("演示 棋社") && n.contains(".before-restore-"))
        .filter(|n| n.ends_with(".db"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(said.contains(&kept[0]), "{said}");
    let o = crate::common::run_in(&dir, &dir.join(&kept[0]), &["player", "list"]);
    assert!(String::from_utf8_lossy(&o.stdout).contains("后来者"));
}
