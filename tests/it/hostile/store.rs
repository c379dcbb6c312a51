//! The club database and what goes into it: another program's file, read-only
//! media, NUL bytes and control characters in names, limits with their
//! line, config.toml's characters, an event with nobody to pair.

use super::{both, intact, paired_club, run_for};
use crate::common::Club;

/// The bytes of a file, to show it was left untouched.
fn bytes(p: &std::path::Path) -> Vec<u8> {
    std::fs::read(p).unwrap()
}

// 8. Another program's SQLite file with a qishe-like version is never
// changed, not even switched to WAL.
#[test]
fn another_programs_database_with_a_version_is_left_untouched() {
    let c = Club::new();
    for v in 1..=7 {
        let _ = std::fs::remove_file(&c.db);
        {
            let conn = rusqlite::Connection::open(&c.db).unwrap();
            conn.execute_batch(&format!(
                "CREATE TABLE notes(x TEXT); INSERT INTO notes VALUES ('keep');
                 PRAGMA user_version = {v};"
            ))
            .unwrap();
        }
        let before = bytes(&c.db);
        for args in [
            &["player", "list"][..],
            &["event", "list"],
            &["player", "add", "Z"],
        ] {
            let e = c.fails(args);
            assert!(
                e.contains("not a qishe club database") && e.contains("untouched"),
                "{v} {args:?}: {e}"
            );
        }
        assert_eq!(bytes(&c.db), before, "version {v}: the file changed");
        let conn = rusqlite::Connection::open(&c.db).unwrap();
        let mode: String = conn
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "delete", "version {v}");
    }
}

// 7. A database on read-only media can be read.
#[test]
fn a_club_on_read_only_media_is_read_and_writes_are_refused_clearly() {
    let c = paired_club();
    let dir = c.dir.path();
    let script = dir.join("ro.sh");
    std::fs::write(
        &script,
        r#"
set -u
D=$1; Q=$2
mkdir -p "$D/ro"
mount -t tmpfs -o size=4m tmpfs "$D/ro" || exit 77
cp "$D/club.db" "$D/ro/club.db"
mount -o remount,ro "$D/ro" || exit 77
step() { name=$1; shift; "$Q" --db "$D/ro/club.db" "$@" >"$D/$name.out" 2>"$D/$name.err"; echo $? >"$D/$name.rc"; }
step list player list
step standings standings T
step add player add Zed
exit 0
"#,
    )
    .unwrap();
    let q = crate::common::qishe();
    let o = std::process::Command::new("unshare")
        .current_dir(dir)
        .arg("-m")
        .arg("sh")
        .arg(&script)
        .arg(dir)
        .arg(q.get_program())
        .env("LANG", "en_US.UTF-8")
        .output();
    match &o {
        Ok(o) if o.status.success() => {}
        _ => {
            eprintln!("skipped: no private mount namespace here ({o:?})");
            return;
        }
    }
    let read = |n: &str| std::fs::read_to_string(dir.join(n)).unwrap_or_default();
    assert_eq!(read("list.rc").trim(), "0", "{}", read("list.err"));
    assert!(read("list.out").contains('D'), "{}", read("list.out"));
    assert_eq!(
        read("standings.rc").trim(),
        "0",
        "{}",
        read("standings.err")
    );
    assert_ne!(read("add.rc").trim(), "0");
    assert!(read("add.err").contains("read-only"), "{}", read("add.err"));
}

// 13. The damaged-database message names a command that exists.
#[test]
fn the_damaged_database_message_names_restore() {
    let c = Club::new();
    std::fs::write(
        &c.db,
        b"this is not a database at all, just text. ".repeat(200),
    )
    .unwrap();
    let e = c.fails(&["player", "list"]);
    assert!(e.contains("qishe restore"), "{e}");
    assert!(!e.contains("(qishe backup)"), "{e}");
}

// 4. NUL bytes: refused, so nothing is cut short and undo is exact.
#[test]
fn nul_bytes_in_names_are_refused_with_their_line() {
    let c = paired_club();
    std::fs::write(c.path("m.csv"), "name,club\nE,X\nAB\0CD,Y\n").unwrap();
    let e = c.fails(&["player", "import", "m.csv"]);
    assert!(
        e.contains("m.csv") && e.contains('3') && e.contains("U+0000"),
        "{e}"
    );
    std::fs::write(c.path("m2.csv"), "name\n\0X\n").unwrap();
    let e = c.fails(&["player", "import", "m2.csv"]);
    assert!(!e.contains("CHECK constraint"), "{e}");
    assert!(e.contains("U+0000") && e.contains('2'), "{e}");
    let e = c.fails(&["player", "edit", "A", "--club", "X\u{1b}[2J"]);
    assert!(e.contains("control character"), "{e}");
    let out = c.ok(&["player", "list"]);
    assert!(!out.contains("AB") && !out.contains("E "), "{out}");
    intact(&c);
}

// 11. Over-long names and values out of range give their row.
#[test]
fn csv_rows_over_the_limits_name_their_line() {
    let c = paired_club();
    let long = "名".repeat(101);
    std::fs::write(
        c.path("m.csv"),
        format!("name,rating\nE,1500\n{long},1500\n"),
    )
    .unwrap();
    let e = c.fails(&["player", "import", "m.csv"]);
    assert!(
        e.contains("m.csv") && e.contains('3') && e.contains("101"),
        "{e}"
    );
    std::fs::write(c.path("r.csv"), "name,rating\nE,1500\nF,99999\n").unwrap();
    let e = c.fails(&["player", "import", "r.csv"]);
    assert!(
        e.contains("r.csv") && e.contains('3') && e.contains("99999"),
        "{e}"
    );
    c.ok(&["event", "new", "G", "--rounds", "3"]);
    c.ok(&["event", "new", "G2", "--rounds", "3"]);
    std::fs::write(
        c.path("g.csv"),
        "round,red,black,result,moves\n1,A,B,1-0,40\n1,C,D,1-0,99999999\n",
    )
    .unwrap();
    let e = c.fails(&["import", "games", "G", "g.csv"]);
    assert!(
        e.contains("g.csv") && e.contains('3') && e.contains("99999999"),
        "{e}"
    );
    std::fs::write(
        c.path("g2.csv"),
        format!("round,red,black,result\n1,A,B,1-0\n1,{long},D,1-0\n"),
    )
    .unwrap();
    let e = c.fails(&["import", "games", "G2", "g2.csv"]);
    assert!(
        e.contains("g2.csv") && e.contains('3') && e.contains("101"),
        "{e}"
    );
    c.ok(&[
        "event", "new", "Teams", "--teams", "--boards", "2", "--rounds", "3",
    ]);
    let team = "队".repeat(20_000);
    std::fs::write(
        c.path("t.csv"),
        format!("team,board,name\n甲,1,A\n甲,2,B\n{team},1,C\n"),
    )
    .unwrap();
    let e = c.fails(&["import", "teams", "Teams", "t.csv"]);
    assert!(
        e.contains("t.csv") && e.contains('4') && e.contains("20000"),
        "{e}"
    );
    std::fs::write(
        c.path("t2.csv"),
        "team,board,name,rating\n甲,1,A,1500\n甲,2,B,-5\n",
    )
    .unwrap();
    let e = c.fails(&["import", "teams", "Teams", "t2.csv"]);
    assert!(
        e.contains("t2.csv") && e.contains('3') && e.contains("-5"),
        "{e}"
    );
    intact(&c);
}

// 12. Limits everywhere: a 20,000-character team name from the command
// line, a huge TRF event name, a blank TRF player name.
#[test]
fn limits_hold_for_team_names_and_trf_files() {
    let c = paired_club();
    c.ok(&[
        "event", "new", "Teams", "--teams", "--boards", "2", "--rounds", "3",
    ]);
    let team = "队".repeat(20_000);
    let e = c.fails(&["team", "add", "Teams", &team, "--players", "A,B"]);
    assert!(
        e.contains("20000") && e.contains("100"),
        "{}",
        &e[..e.len().min(300)]
    );
    let player = |no: u32, name: &str| {
        format!("001 {no:>4}      {name:<33} 1500                             0.0    1\n")
    };
    let trf = format!(
        "012 {}\n{}{}",
        "E".repeat(2_000_000),
        player(1, "Li"),
        player(2, "Wang")
    );
    std::fs::write(c.path("big.trf"), trf).unwrap();
    let e = c.fails(&["import", "trf", "big.trf"]);
    assert!(
        e.contains("big.trf") && e.contains("line 1") && e.contains("2000000"),
        "{}",
        &e[..e.len().min(300)]
    );
    let trf = format!("012 Cup\n{}{}", player(1, "Li"), player(2, ""));
    std::fs::write(c.path("blank.trf"), trf).unwrap();
    let e = c.fails(&["import", "trf", "blank.trf"]);
    assert!(!e.contains("constraint"), "{e}");
    assert!(
        e.contains("blank.trf") && e.contains("line 3") && e.contains("blank"),
        "{e}"
    );
    intact(&c);
}

// 11. config.toml with CR-only line ends or a NUL: a position and a reason.
#[test]
fn config_with_bare_carriage_returns_or_nul_says_where_and_why() {
    let c = paired_club();
    for (text, why) in [
        ("club = \"x\"\rlanguage = \"en\"\r", "carriage return"),
        ("club = \"x\"\nlanguage = \"en\0\"\n", "U+0000"),
    ] {
        std::fs::write(c.path("config.toml"), text).unwrap();
        let o = c.run(&["--config", "config.toml", "player", "list"]);
        assert!(!o.status.success());
        let e = both(&o);
        assert!(e.contains("config.toml") && e.contains(why), "{e}");
        assert!(
            e.contains(":1:") || e.contains(":2:") || e.contains("line"),
            "{e}"
        );
    }
}

// 6 and 11. A ./config.toml found by itself that is not a regular file (a
// link to a device, a pipe) is refused by name, not silently passed over
// for the defaults (which name another database); an error of the whole
// file has no made-up position, and bytes that are not UTF-8 have theirs.
#[test]
fn a_config_that_is_not_a_file_or_not_text_says_so_where_it_is() {
    let c = paired_club();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("/dev/zero", c.path("config.toml")).unwrap();
        let o = run_for(&c, 20, &["player", "list"]);
        assert!(!o.status.success(), "{}", both(&o));
        let e = both(&o);
        assert!(e.contains("config.toml") && e.contains("/dev/zero"), "{e}");
        assert!(!e.contains(":0:0"), "{e}");
        std::fs::remove_file(c.path("config.toml")).unwrap();
    }
    std::fs::write(c.path("config.toml"), b"club = \"x\"\nab = \"\xff\"\n").unwrap();
    let o = c.run(&["player", "list"]);
    assert!(!o.status.success(), "{}", both(&o));
    let e = both(&o);
    assert!(e.contains("config.toml:2:7:") && e.contains("UTF-8"), "{e}");
}

// 13. Pairing an event with nobody in it stores no empty round.
#[test]
fn an_event_with_no_players_is_not_paired() {
    let c = paired_club();
    c.ok(&["event", "new", "Empty", "--rounds", "3"]);
    let e = c.fails(&["round", "pair", "Empty"]);
    assert!(e.contains("nobody to pair"), "{e}");
    let show = c.ok(&["event", "list"]);
    assert!(show.contains("Empty"), "{show}");
    let o = c.run(&["round", "show", "Empty"]);
    assert!(
        !o.status.success() || !both(&o).contains("round 1"),
        "{}",
        both(&o)
    );
}
