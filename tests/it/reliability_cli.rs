//! Nothing a secretary typed is ever lost. One test per failure of
//! the issue, through the real binary on a temporary club.

use crate::common::shared_or_skip;
use crate::common::Club;

/// Four members in a three-round event, round 1 paired.
fn paired_club() -> Club {
    let c = Club::new();
    for (n, r) in [("A", "2000"), ("B", "1900"), ("C", "1800"), ("D", "1700")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3"]);
    c.ok(&["event", "enter", "T", "A", "B", "C", "D"]);
    c.ok(&["round", "pair", "T"]);
    c
}

fn db_is_intact(c: &Club) {
    let out = c.ok(&["player", "list"]);
    assert!(out.contains('A') && out.contains('D'), "{out}");
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}

// 1. `-o` never replaces the open database, its companions or an input.
#[test]
fn outputs_never_replace_the_open_database() {
    let c = paired_club();
    let db = c.db.to_str().unwrap().to_string();
    let wal = format!("{db}-wal");
    for args in [
        vec!["print", "standings", "T", "--format", "html", "-o", &db],
        vec!["print", "standings", "T", "-o", &wal, "--force"],
        vec!["player", "export", "-o", &db, "--force"],
        vec!["export", "trf", "T", "-o", &db],
        vec!["backup", &db],
    ] {
        let err = c.fails(&args);
        assert!(err.contains("club database"), "{args:?}: {err}");
        db_is_intact(&c);
    }
}

#[test]
fn an_existing_output_file_needs_force() {
    let c = paired_club();
    let out = c.path("members.csv");
    std::fs::write(&out, "keep me").unwrap();
    let o = out.to_str().unwrap();
    let err = c.fails(&["player", "export", "-o", o]);
    assert!(err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    for args in [
        vec!["print", "pairings", "T", "-o", o],
        vec!["export", "trf", "T", "-o", o],
    ] {
        c.fails(&args);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    }
    c.ok(&["player", "export", "-o", o, "--force"]);
    assert!(std::fs::read_to_string(&out).unwrap().contains("name"));
    // backup never replaces a file
    let err = c.fails(&["backup", o]);
    assert!(err.contains("exists"), "{err}");
    let b = c.path("copy.db");
    c.ok(&["backup", b.to_str().unwrap()]);
    assert!(b.exists());
}

#[test]
fn pair_trf_and_convert_never_replace_their_input() {
    let c = paired_club();
    let trf = c.path("in.trf");
    c.ok(&["export", "trf", "T", "-o", trf.to_str().unwrap()]);
    let before = std::fs::read(&trf).unwrap();
    let t = trf.to_str().unwrap();
    let err = c.fails(&["pair-trf", t, "-p", t, "--force"]);
    assert!(err.contains("input"), "{err}");
    assert_eq!(std::fs::read(&trf).unwrap(), before);

    let pgn = c.path("g.pgn");
    std::fs::copy(
        shared_or_skip!("testdata/pgn/xqdb_wxf_utf8_3games.pgn"),
        &pgn,
    )
    .unwrap();
    let before = std::fs::read(&pgn).unwrap();
    let p = pgn.to_str().unwrap();
    let err = c.fails(&["game", "convert", p, "-o", p, "--force"]);
    assert!(err.contains("input"), "{err}");
    assert_eq!(std::fs::read(&pgn).unwrap(), before);
}

/// pair-trf refuses an output file that exists before it pairs (a
/// 10,000-player round takes many seconds; the refusal came after them),
/// and writes nothing.
#[test]
fn pair_trf_refuses_an_existing_output_before_pairing() {
    let c = crate::common::Club::new();
    let input = c.path("broken.trf");
    std::fs::write(&input, "012 no pairing can come of this\n").unwrap();
    let out = c.path("pairs.txt");
    std::fs::write(&out, "kept\n").unwrap();
    let o = c.run(&[
        "pair-trf",
        input.to_str().unwrap(),
        "-p",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(5), "{err}");
    assert!(err.contains("exists") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "kept\n");
}

/// Every row of every club table (the action log aside), in rowid order:
/// two equal dumps are two equal databases.
pub fn dump(db: &std::path::Path) -> Vec<String> {
    let c = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = c
        .prepare(
            "SELECT name FROM sqlite_master WHERE type='table'
             AND name NOT LIKE 'sqlite_%' AND name <> 'action_log' ORDER BY name",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect();
    let mut out = Vec::new();
    for t in tables {
        let cols: Vec<String> = c
            .prepare(&format!("PRAGMA table_info({t})"))
            .unwrap()
            .query_map([], |r| r.get(1))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        let expr = std::iter::once("quote(rowid)".to_string())
            .chain(cols.iter().map(|c| format!("quote({c})")))
            .collect::<Vec<_>>()
            .join("||'|'||");
        let rows: Vec<String> = c
            .prepare(&format!("SELECT {expr} FROM {t} ORDER BY rowid"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        out.extend(rows.into_iter().map(|r| format!("{t}: {r}")));
    }
    out
}

// 2. Undo after `round swap --insist; round unpair` is not stuck, and unpair
// (plain and forced) is undone exactly, and redone.
#[test]
fn unpair_is_undone_exactly_even_after_a_swap() {
    let c = paired_club();
    c.ok(&["round", "swap", "T", "1", "A", "B", "--insist"]);
    let paired = dump(&c.db);
    c.ok(&["round", "unpair", "T"]);
    assert_ne!(dump(&c.db), paired);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), paired);
    // and further back still works
    c.ok(&["undo"]);
    c.ok(&["redo"]);
    assert_eq!(dump(&c.db), paired);
}

#[test]
fn forced_unpair_with_results_is_undone_with_its_results() {
    let c = paired_club();
    c.ok(&["result", "T", "1", "1", "1-0"]);
    let before = dump(&c.db);
    c.ok(&["round", "unpair", "T", "--force"]);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), before);
    let shown = c.ok(&["round", "show", "T", "1"]);
    assert!(shown.contains("1-0"), "{shown}");
    // redo removes it again, undo brings it back again
    c.ok(&["redo"]);
    assert_ne!(dump(&c.db), before);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), before);
}

// 3. Undo restores the exact previous state.
#[test]
fn forbidding_twice_then_undoing_once_keeps_the_pair_forbidden() {
    let c = paired_club();
    c.ok(&["event", "forbid", "T", "A", "B"]);
    let once = dump(&c.db);
    c.ok(&["event", "forbid", "T", "A", "B"]);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), once);
    assert!(once.iter().any(|r| r.starts_with("forbidden_pair")));
}

#[test]
fn a_requested_bye_changed_back_by_undo_keeps_its_old_value() {
    let c = paired_club();
    c.ok(&["event", "bye", "T", "A", "3", "--value", "half"]);
    let half = dump(&c.db);
    c.ok(&["event", "bye", "T", "A", "3", "--value", "zero"]);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), half);
    assert!(half.iter().any(|r| r.contains("'half'")));
}

#[test]
fn late_entries_before_round_one_are_undone_with_the_start_numbers() {
    let c = Club::new();
    for (n, r) in [("A", "1500"), ("B", "1400"), ("X", "2500"), ("Y", "2400")] {
        c.ok(&["player", "add", n, "--rating", r]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3"]);
    c.ok(&["event", "enter", "T", "A", "B"]);
    let before = dump(&c.db);
    c.ok(&["event", "enter", "T", "X", "Y"]);
    assert_ne!(dump(&c.db), before);
    c.ok(&["undo"]);
    assert_eq!(dump(&c.db), before);
}

#[test]
fn redo_ends_when_a_new_change_is_made() {
    let c = paired_club();
    c.ok(&["player", "add", "E"]);
    c.ok(&["undo"]);
    c.ok(&["player", "add", "F"]);
    let err = c.fails(&["redo"]);
    assert!(err.contains("nothing to redo"), "{err}");
}

// 7. Files that are not ours are refused and left untouched.
#[test]
fn another_programs_sqlite_file_is_left_untouched() {
    let c = Club::new();
    {
        let other = rusqlite::Connection::open(&c.db).unwrap();
        other
            .execute_batch("CREATE TABLE notes(t TEXT); INSERT INTO notes VALUES ('mine');")
            .unwrap();
    }
    let before = std::fs::read(&c.db).unwrap();
    let err = c.fails(&["player", "list"]);
    assert!(err.contains("not a qishe club database"), "{err}");
    assert!(err.contains("it holds other tables (notes)"), "{err}");
    // The reason is in the user's language, not English inside Chinese.
    let o = c.run_lang("zh_CN.UTF-8", &["player", "list"]);
    let zh = String::from_utf8(o.stderr).unwrap();
    assert!(
        zh.contains("不是 qishe 俱乐部数据库 (其中是别的程序的数据表: notes)"),
        "{zh}"
    );
    let o = c.run_lang("zh_TW.UTF-8", &["player", "list"]);
    let tw = String::from_utf8(o.stderr).unwrap();
    assert!(tw.contains("(其中是別的程式的資料表: notes)"), "{tw}");
    c.fails(&["player", "add", "A"]);
    assert_eq!(std::fs::read(&c.db).unwrap(), before);
    assert!(!c.path("club.db-wal").exists());
}

#[test]
fn an_empty_file_is_a_club_only_after_init() {
    let c = Club::new();
    std::fs::write(&c.db, b"").unwrap();
    let err = c.fails(&["player", "list"]);
    assert!(err.contains("empty"), "{err}");
    assert_eq!(std::fs::metadata(&c.db).unwrap().len(), 0);
    c.ok(&["init"]);
    c.ok(&["player", "add", "A"]);
}

#[test]
fn a_negative_schema_version_is_refused() {
    let c = Club::new();
    c.ok(&["init"]);
    {
        let conn = rusqlite::Connection::open(&c.db).unwrap();
        conn.pragma_update(None, "user_version", -1).unwrap();
    }
    let err = c.fails(&["player", "list"]);
    assert!(err.contains("not a qishe club database"), "{err}");
}

// 4./5. A busy database is called busy, after waiting, not damaged.
#[test]
fn a_long_held_lock_says_busy_not_damaged() {
    let c = Club::new();
    c.ok(&["player", "add", "A"]);
    let mut holder = rusqlite::Connection::open(&c.db).unwrap();
    let tx = holder
        .transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)
        .unwrap();
    tx.execute("INSERT INTO member(name) VALUES ('B')", [])
        .unwrap();
    let err = c.fails(&["player", "add", "C"]);
    assert!(err.contains("in use by another qishe"), "{err}");
    assert!(!err.contains("damaged"), "{err}");
    tx.rollback().unwrap();
    // reading commands never needed the write lock
    c.ok(&["player", "list"]);
}

// 11. A closed pipe ends the CLI quietly.
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::process::Stdio;
    let c = paired_club();
    // Enough members that the list outlasts the pipe's buffer.
    let csv: String = std::iter::once("name\n".to_string())
        .chain((0..300).map(|i| format!("P{i}\n")))
        .collect();
    std::fs::write(c.path("many.csv"), csv).unwrap();
    c.ok(&["player", "import", "many.csv"]);
    let mut child = crate::common::spawn_of(
        crate::common::qishe()
            .current_dir(c.dir.path())
            .arg("--db")
            .arg(&c.db)
            .args(["player", "list"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    );
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.is_empty(), "a closed pipe is not an error: {err}");
    // Unix ends qishe by the default SIGPIPE (no status); Windows has no
    // SIGPIPE, and the failed write ends it with status 0.
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(
            out.status.success() || out.status.signal() == Some(libc::SIGPIPE),
            "{:?}",
            out.status
        );
    }
    #[cfg(windows)]
    assert_eq!(out.status.code(), Some(0));
}

// 9. Untrusted content reaches neither terminals nor spreadsheets raw.
#[test]
fn escape_sequences_in_names_are_shown_escaped() {
    let c = Club::new();
    // Such a name is refused now; one stored by an older qishe
    // or another program is still shown escaped.
    let name = "王\u{1b}[2J\u{1b}]0;pwned\u{7}天一";
    let e = c.fails(&["player", "add", name]);
    assert!(e.contains("control character"), "{e}");
    c.ok(&["player", "add", "王天一"]);
    rusqlite::Connection::open(&c.db)
        .unwrap()
        .execute("UPDATE member SET name = ?1", [name])
        .unwrap();
    let out = c.ok(&["player", "list"]);
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out:?}");
    assert!(out.contains("\\u{1b}[2J"), "{out}");
}

#[test]
fn formula_cells_are_neutralised_in_csv_unless_asked() {
    let c = Club::new();
    c.ok(&[
        "player",
        "add",
        "=HYPERLINK(\"http://x\")",
        "--club",
        "@SUM(A1)",
    ]);
    let csv = c.ok(&["player", "list", "--format", "csv"]);
    assert!(csv.contains("'=HYPERLINK"), "{csv}");
    assert!(csv.contains("'@SUM(A1)"), "{csv}");
    let raw = c.ok(&["player", "list", "--format", "csv", "--csv-formulas"]);
    assert!(raw.contains("\n") && !raw.contains("'=HYPERLINK"), "{raw}");
}

// 10. Record files: regular files the user named, with a size limit.
#[test]
fn a_record_that_is_not_a_regular_file_is_refused() {
    let c = paired_club();
    // A device (Unix has one to name everywhere).
    if cfg!(unix) {
        let err = c.fails(&["result", "T", "1", "1", "1-0", "--record", "/dev/zero"]);
        assert!(err.contains("not a regular file"), "{err}");
    }
    let dir = c.path("folder");
    std::fs::create_dir(&dir).unwrap();
    let err = c.fails(&[
        "result",
        "T",
        "1",
        "1",
        "1-0",
        "--record",
        dir.to_str().unwrap(),
    ]);
    assert!(err.contains("not a regular file"), "{err}");
}

// 5./8. Six processes writing at once: every write waits its turn, no
// "locked" error reaches the user, nothing is lost. The writes: members
// added, imported and edited, a round paired and unpaired, and whole events
// made (created, entered, games imported, paired). A few seconds here;
// QISHE_STRESS_SECS=60 cargo test --test it reliability_cli::six runs a minute.
#[test]
fn six_processes_writing_at_once_lose_nothing() {
    let c = paired_club();
    c.ok(&["round", "unpair", "T"]);
    let secs: u64 = std::env::var("QISHE_STRESS_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3);
    let until = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    let dir = c.dir.path().to_path_buf();
    let db = c.db.clone();
    let workers: Vec<_> = (0..6)
        .map(|w| {
            let (dir, db) = (dir.clone(), db.clone());
            std::thread::spawn(move || {
                let mut names = Vec::new();
                let mut k = 0;
                while std::time::Instant::now() < until || k < 5 || (w == 5 && k % 5 != 0) {
                    let out = match w {
                        0..=2 => {
                            let name = format!("W{w}-{k}");
                            let o = crate::common::run_in(&dir, &db, &["player", "add", &name]);
                            names.push(name);
                            o
                        }
                        3 => {
                            let file = dir.join(format!("m{k}.csv"));
                            let (a, b) = (format!("I{k}a"), format!("I{k}b"));
                            std::fs::write(&file, format!("name,rating\n{a},1500\n{b},1600\n"))
                                .unwrap();
                            names.push(a);
                            names.push(b);
                            crate::common::run_in(
                                &dir,
                                &db,
                                &["player", "import", file.to_str().unwrap()],
                            )
                        }
                        4 => {
                            let cmd = if k % 2 == 0 { "pair" } else { "unpair" };
                            crate::common::run_in(&dir, &db, &["round", cmd, "T"])
                        }
                        // An event of its own, step by step: created,
                        // players entered, a games file imported, round 2
                        // paired; every fifth step a member added and edited.
                        _ if k % 5 < 4 => {
                            let ev = format!("X{}", k / 5);
                            let games = dir.join(format!("{ev}.csv"));
                            let args: Vec<String> = match k % 5 {
                                0 => vec![
                                    "event".into(),
                                    "new".into(),
                                    ev,
                                    "--rounds".into(),
                                    "2".into(),
                                ],
                                1 => ["event", "enter", &ev, "A", "B", "C", "D"]
                                    .map(String::from)
                                    .to_vec(),
                                2 => {
                                    std::fs::write(
                                        &games,
                                        "round,red,black,result\n1,A,B,1-0\n1,C,D,1/2-1/2\n",
                                    )
                                    .unwrap();
                                    vec![
                                        "import".into(),
                                        "games".into(),
                                        ev,
                                        games.to_str().unwrap().into(),
                                    ]
                                }
                                _ => vec!["round".into(), "pair".into(), ev],
                            };
                            let args: Vec<&str> = args.iter().map(String::as_str).collect();
                            crate::common::run_in(&dir, &db, &args)
                        }
                        _ => {
                            let name = format!("E{k}");
                            names.push(name.clone());
                            let o = crate::common::run_in(
                                &dir,
                                &db,
                                &["player", "add", &name, "--rating", "1500"],
                            );
                            if o.status.success() {
                                crate::common::run_in(
                                    &dir,
                                    &db,
                                    &["player", "edit", &name, "--rating", "1600"],
                                )
                            } else {
                                o
                            }
                        }
                    };
                    let err = String::from_utf8_lossy(&out.stderr).to_string();
                    assert!(out.status.success(), "worker {w} step {k}: {err}");
                    k += 1;
                }
                names
            })
        })
        .collect();
    let mut names = Vec::new();
    for w in workers {
        names.extend(w.join().unwrap());
    }
    let list = c.ok(&["player", "list", "--format", "csv"]);
    for n in &names {
        assert!(list.contains(&format!("{n},")), "{n} was lost");
    }
    // Worker 5's events: each has its imported round 1 and round 2 paired.
    for j in 0.. {
        let ev = format!("X{j}");
        let out = crate::common::run_in(&dir, &db, &["standings", &ev, "--format", "csv"]);
        if !out.status.success() {
            assert!(j > 0, "worker 5 made no event");
            break;
        }
        let st = String::from_utf8(out.stdout).unwrap();
        let points: Vec<(String, f64)> = st
            .lines()
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                (f[1].to_string(), f[2].parse::<f64>().unwrap())
            })
            .collect();
        let of = |n: &str| points.iter().find(|(m, _)| m == n).map(|(_, p)| *p);
        assert_eq!(points.len(), 4, "{ev}: {st}");
        assert!(of("A") > of("B") && of("C") == of("D"), "{ev}: {st}");
        let pairing = c.ok(&["round", "show", &ev, "2"]);
        assert!(
            pairing.contains('A') && pairing.contains('D'),
            "{ev}: {pairing}"
        );
    }
    assert_eq!(c.ok(&["check"]).trim(), "ok");
}

// 6. A damaged database refuses writes until `check` passes.
#[test]
fn a_damaged_database_refuses_writes_until_check_passes() {
    let c = Club::new();
    for i in 0..200 {
        c.ok(&[
            "player",
            "add",
            &format!("Member number {i} with a long name"),
        ]);
    }
    let healthy = std::fs::read(&c.db).unwrap();
    let (page_size, root): (i64, i64) = {
        let conn = rusqlite::Connection::open(&c.db).unwrap();
        (
            conn.query_row("PRAGMA page_size", [], |r| r.get(0))
                .unwrap(),
            conn.query_row(
                "SELECT rootpage FROM sqlite_master WHERE name = 'action_log'",
                [],
                |r| r.get(0),
            )
            .unwrap(),
        )
    };
    // the connections are closed: the WAL is in the file
    let mut bytes = std::fs::read(&c.db).unwrap();
    let at = ((root - 1) * page_size) as usize;
    for b in &mut bytes[at + 8..at + page_size as usize] {
        *b = 0x5a;
    }
    std::fs::write(&c.db, &bytes).unwrap();
    c.fails(&["check"]);
    let err = c.fails(&["player", "add", "X"]);
    assert!(err.contains("damaged"), "{err}");
    // restored from the healthy copy, a passing check allows writes again
    std::fs::write(&c.db, &healthy).unwrap();
    c.fails(&["player", "add", "X"]);
    c.ok(&["check"]);
    c.ok(&["player", "add", "X"]);
}

// 8. A members CSV with an unterminated quote is refused with its line.
#[test]
fn an_unterminated_quote_in_a_members_csv_is_refused_with_its_line() {
    let c = Club::new();
    let f = c.path("m.csv");
    std::fs::write(&f, "name,club\nA,x\n\"B,y\nC,z\nD,w\n").unwrap();
    let err = c.fails(&["player", "import", f.to_str().unwrap()]);
    assert!(err.contains("m.csv") && err.contains('3'), "{err}");
    assert!(err.contains("never closed"), "{err}");
    let list = c.ok(&["player", "list", "--format", "csv"]);
    assert_eq!(list.lines().count(), 1, "{list}");
}

// 8. Values out of range are refused with a clear message, nothing stored.
#[test]
fn values_out_of_range_are_refused_clearly() {
    let c = paired_club();
    let err = c.fails(&["player", "add", "Y", "--born", "3000"]);
    assert!(err.contains("born 3000 is out of range"), "{err}");
    let long = "名".repeat(1000);
    let err = c.fails(&["player", "add", &long]);
    assert!(err.contains("at most 100"), "{err}");
    let err = c.fails(&["result", "T", "1", "1", "1-0", "--red-fouls", "4294967295"]);
    assert!(err.contains("out of range"), "{err}");
    let err = c.fails(&["event", "new", "U", "--rounds", "10000"]);
    assert!(err.contains("out of range"), "{err}");
    assert!(!c.ok(&["player", "list"]).contains('Y'));
}
