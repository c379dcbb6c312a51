//! TRF-2026: every record read and written back, the older
//! forms still read, bad lines named by line and column, accelerated
//! events and prohibited pairings from the command line, and the endorsed
//! engine's verdict the same on a file and on its import → export.

use crate::common::{reference_engine, Club};
use qishe::domain::Points;
use qishe::formats::trf::{AccelRecord, Trf, TrfVersion};
use qishe::pairing::trf::virtual_points;
use qishe::pairing::SwissState;
use std::path::{Path, PathBuf};
use std::process::Command;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/trf2026")
        .join(name)
}

fn full() -> String {
    std::fs::read_to_string(data("full_2026.trf")).unwrap()
}

/// The hand-made file (bare CR line ends, as TRF-2026 asks) is read
/// record by record.
#[test]
fn every_record_of_a_trf_2026_file_is_read() {
    let t = Trf::parse(&full()).unwrap();
    assert_eq!(t.total_rounds, Some(5));
    assert_eq!(t.first_colour, Some(qishe::domain::Colour::Black));
    assert_eq!(t.system.as_deref(), Some("FIDE_DUTCH_2025_BAKU"));
    assert_eq!(
        t.round_dates,
        ["26/04/03", "26/04/03", "26/04/04", "26/04/04", "26/04/05"]
    );
    assert_eq!(t.byes.len(), 2);
    assert_eq!(
        (t.byes[0].kind, t.byes[0].round, &t.byes[0].ids[..]),
        ('H', 4, &[3][..])
    );
    assert_eq!(t.prohibited.len(), 2);
    assert_eq!(t.prohibited[1].ids, vec![4, 9, 10]);
    assert_eq!(
        (t.prohibited[1].first_round, t.prohibited[1].last_round),
        (3, 4)
    );
    let vp = virtual_points(&t);
    assert_eq!(vp[&1], vec![Points(100), Points(100), Points(50)]);
    assert_eq!(vp[&6], vec![Points(100), Points(100), Points(50)]);
    assert!(!vp.contains_key(&7));
    // Comments are not records; unknown records and NRS lines are kept.
    assert!(t.other_lines.iter().all(|l| !l.starts_with("###")));
    for code in [
        "022", "052", "172", "182", "202", "212", "222", "CHN", "999",
    ] {
        assert!(
            t.other_lines.iter().any(|l| l.starts_with(code)),
            "{code} kept"
        );
    }
    assert_eq!(t.played_rounds(), 3);
    let s = SwissState::from_trf(&t).unwrap();
    assert!(!s.player(3).unwrap().available, "240 H for round 4");
    assert!(s.forbidden.contains(&(4, 9)), "260 holds in round 4");
    assert!(s.forbidden.contains(&(1, 2)), "260 001 005 lists 1 and 2");
}

/// The same facts in the older forms: XXR, XXC, XXA, XXP, XXS, BBx.
#[test]
fn the_older_forms_are_still_read() {
    let text = "012 Old\nXXR 5\nXXC black1\nXXS W=1 D=0.5 L=0 FW=1 FL=0 U=1 F=1 H=0.5 Z=0\n\
BBW  1.0\nXXP 1 2\nXXA    1  1.0  0.5\nXXA    2  1.0  0.5\n\
001    1      A                                 2000                             0.0\n\
001    2      B                                 1900                             0.0\n\
001    3      C                                 1800                             0.0\n";
    let t = Trf::parse(text).unwrap();
    assert_eq!(t.total_rounds, Some(5));
    assert_eq!(t.first_colour, Some(qishe::domain::Colour::Black));
    assert_eq!(t.forbidden, vec![vec![1, 2]]);
    assert_eq!(virtual_points(&t)[&2], vec![Points(100), Points(50)]);
    assert!(matches!(
        t.accelerations[0],
        AccelRecord::PerRound { id: 1, .. }
    ));
    // Written as TRF-2026: 250 lines, never XXA; 142 and 152; 260.
    let w = t.write_as(TrfVersion::V2026);
    assert!(w.contains("250       1.0 001 001 0001 0002"), "{w}");
    assert!(w.contains("250       0.5 002 002 0001 0002"), "{w}");
    assert!(
        !w.contains("XXA") && w.contains("142 5") && w.contains("152 B"),
        "{w}"
    );
    assert!(w.contains("260 001 005    1    2"), "{w}");
    assert_eq!(virtual_points(&Trf::parse(&w).unwrap()), virtual_points(&t));
    // And as TRF-16: XXR, XXC, XXP, XXA.
    let w = t.write_as(TrfVersion::V2016);
    assert!(w.contains("XXR 5") && w.contains("XXC black1") && w.contains("XXP 1 2"));
    assert!(
        w.contains("XXA    1  1.0  0.5") && !w.contains("250 "),
        "{w}"
    );
}

/// Line ends: CR, LF and CRLF read alike.
#[test]
fn cr_lf_and_crlf_read_alike() {
    let cr = full();
    let lf = cr.replace('\r', "\n");
    let crlf = cr.replace('\r', "\r\n");
    let a = Trf::parse(&cr).unwrap();
    assert_eq!(a, Trf::parse(&lf).unwrap());
    assert_eq!(a, Trf::parse(&crlf).unwrap());
}

/// A bad field of each record is named by its line and column.
#[test]
fn bad_records_are_named_by_line_and_column() {
    let base = "012 X\n142 5\n001    1      A                                 2000                             0.0\n\
001    2      B                                 1900                             0.0\n";
    let cases = [
        ("250       0.0 001 002 0001 0002", 10),
        ("250       1.0 003 002 0001 0002", 19),
        ("250  1.0  1.0 001 002 0001 0002", 5),
        ("250       1.0 001 002 0001", 27),
        ("250       1.0 001 002 0001 0009", 1),
        ("250       1.0 001 009 0001 0002", 1),
        ("240 Q 001    1", 5),
        ("240 H 0x1    1", 7),
        ("240 H 001    1x   2", 15),
        ("260 001 00a    1    2", 9),
        ("260 001 002    1    7", 1),
        ("XXA    1  1.0       0.5", 15),
        ("XXA    1  1.x", 10),
        ("162  W 1.0    Q 0.5", 15),
        ("162  W 1.x", 7),
        ("132                                                                                        26/4/03", 92),
        ("192", 5),
    ];
    for (line, col) in cases {
        let text = format!("{base}{line}\n");
        let e = Trf::parse(&text).unwrap_err();
        assert_eq!((e.line, e.column), (5, col), "{line}: {e}");
    }
    // Through the CLI: the file, the line and the column.
    let c = Club::new();
    let f = c.path("bad.trf");
    std::fs::write(&f, format!("{base}250       0.0 001 002 0001 0002\n")).unwrap();
    let err = c.fails(&["import", "trf", f.to_str().unwrap()]);
    assert!(
        err.contains("bad.trf") && err.contains('5') && err.contains("10"),
        "{err}"
    );
    let o = c.run(&["pair-trf", f.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 5") && err.contains("column 10"), "{err}");
    assert!(err.contains("must not be 0"), "{err}");
}

/// The endorsed engine's `-c` report (file name taken out) and `-p` output.
fn engine(file: &Path) -> Option<(String, i32, String)> {
    let bbp = reference_engine()?;
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let c = Command::new(&bbp)
        .arg("--dutch")
        .arg(file)
        .arg("-c")
        .output()
        .unwrap();
    let p = Command::new(&bbp)
        .arg("--dutch")
        .arg(file)
        .arg("-p")
        .output()
        .unwrap();
    Some((
        String::from_utf8_lossy(&c.stdout).replace(&stem, "FILE"),
        p.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&p.stdout).to_string(),
    ))
}

/// Import → export keeps every record (the modelled ones by meaning, the
/// others word for word), and the engine judges and pairs both alike.
#[test]
fn import_then_export_keeps_every_record() {
    let c = Club::new();
    let src = data("full_2026.trf");
    c.ok(&["import", "trf", src.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    let a = Trf::parse(&full()).unwrap();
    let b = Trf::parse(&out).unwrap_or_else(|e| panic!("{e}\n{out}"));
    for l in &a.other_lines {
        assert!(b.other_lines.contains(l), "{l} lost:\n{out}");
    }
    assert_eq!(a.total_rounds, b.total_rounds);
    assert_eq!(a.first_colour, b.first_colour);
    assert_eq!(a.system, b.system);
    assert_eq!(a.round_dates, b.round_dates);
    assert_eq!(a.byes, b.byes);
    let sorted = |t: &Trf| {
        let mut v = t.prohibited.clone();
        v.sort_by_key(|p| (p.first_round, p.last_round, p.ids.clone()));
        v
    };
    assert_eq!(sorted(&a), sorted(&b));
    assert_eq!(virtual_points(&a), virtual_points(&b));
    for (x, y) in a.players.iter().zip(&b.players) {
        assert_eq!(
            (x.id, &x.name, x.points, &x.rounds),
            (y.id, &y.name, y.points, &y.rounds)
        );
    }
    let f = c.path("exported.trf");
    std::fs::write(&f, &out).unwrap();
    if let (Some(x), Some(y)) = (engine(&src), engine(&f)) {
        assert_eq!(x, y, "the engine's verdict changed");
    }
    // qishe pairs the export as the engine pairs the original.
    let q = c.ok(&["pair-trf", f.to_str().unwrap()]);
    if let Some((_, 0, want)) = engine(&src) {
        assert_eq!(q, want);
    }
    // TRF-16 on request.
    let old = c.ok(&["export", "trf", "Spring Open 2026", "--trf", "2016"]);
    assert!(old.contains("XXR 5") && old.contains("XXA    1"), "{old}");
    assert!(!old.contains("\n250 ") && !old.contains("\n142 "), "{old}");
    assert_eq!(
        virtual_points(&Trf::parse(&old).unwrap()),
        virtual_points(&a)
    );
}

/// `event new --acceleration baku`: FIDE's groups (2·⌈N/4⌉), the pairing
/// the endorsed engine makes from the same points, written as 250 lines;
/// standings stay on real points.
#[test]
fn a_baku_event_pairs_as_the_engine_and_exports_250_lines() {
    let c = Club::new();
    for i in 1..=30 {
        c.ok(&[
            "player",
            "add",
            &format!("P{i:02}"),
            "--rating",
            &(2400 - 10 * i).to_string(),
        ]);
    }
    c.ok(&[
        "event",
        "new",
        "Open",
        "--system",
        "dutch",
        "--scheme",
        "chess",
        "--rounds",
        "7",
        "--acceleration",
        "baku",
    ]);
    let names: Vec<String> = (1..=30).map(|i| format!("P{i:02}")).collect();
    let mut args = vec!["event", "enter", "Open"];
    args.extend(names.iter().map(String::as_str));
    c.ok(&args);
    c.ok(&["round", "pair", "Open"]);
    let trf = c.ok(&["export", "trf", "Open"]);
    assert!(trf.contains("192 FIDE_DUTCH_2025_BAKU"), "{trf}");
    assert!(trf.contains("250       1.0 001 002 0001 0016"), "{trf}");
    assert!(trf.contains("250       0.5 003 004 0001 0016"), "{trf}");
    // GA of 16 meets among itself: 1–9, 10–2, …
    let shown = c.ok(&["round", "show", "Open", "1", "--format", "csv"]);
    assert!(shown.lines().nth(1).unwrap().contains("P01"), "{shown}");
    assert!(shown.lines().nth(1).unwrap().contains("P09"), "{shown}");
    // Not for the Chinese method, nor for a 3-point scheme.
    let err = c.fails(&[
        "event",
        "new",
        "X",
        "--system",
        "cxa",
        "--acceleration",
        "baku",
    ]);
    assert!(err.contains("Dutch"), "{err}");
    let err = c.fails(&[
        "event",
        "new",
        "Y",
        "--system",
        "dutch",
        "--scheme",
        "three-point",
        "--acceleration",
        "baku",
    ]);
    assert!(err.contains("two draws"), "{err}");
}

/// `event forbid --rounds`: a pair kept apart in some rounds only, written
/// as a 260 record with its rounds.
#[test]
fn a_forbidden_pair_for_some_rounds_is_a_260_record() {
    let c = Club::new();
    c.five_members();
    c.dutch_event("Cup", &[], &["A", "B", "C", "D", "E"]);
    c.ok(&["event", "forbid", "Cup", "#1", "#3", "--rounds", "1-2"]);
    c.ok(&["event", "forbid", "Cup", "#2", "#4"]);
    let trf = c.ok(&["export", "trf", "Cup"]);
    assert!(trf.contains("260 001 002    1    3"), "{trf}");
    assert!(trf.contains("260 001 005    2    4"), "{trf}");
    let old = c.ok(&["export", "trf", "Cup", "--trf", "2016"]);
    assert!(
        old.contains("XXP 2 4") && old.contains("260 001 002    1    3"),
        "{old}"
    );
    let err = c.fails(&["event", "forbid", "Cup", "#1", "#2", "--rounds", "3-1"]);
    assert!(err.contains("3-1"), "{err}");
}

/// A pairing changed by hand and a corrected result are written as `###`
/// lines of a TRF-2026 export (and undone with the change).
#[test]
fn manual_changes_and_corrections_are_comment_lines() {
    let c = Club::new();
    c.five_members();
    c.ok(&["player", "add", "F", "--rating", "1500"]);
    c.dutch_event("Cup", &[], &["A", "B", "C", "D", "E", "F"]);
    c.ok(&["round", "pair", "Cup"]);
    c.ok(&["round", "swap", "Cup", "1", "#1", "#2", "--insist"]);
    let trf = c.ok(&["export", "trf", "Cup"]);
    assert!(
        trf.contains("### round 1: pairing changed by hand (boards "),
        "{trf}"
    );
    c.ok(&["result", "Cup", "1", "1", "1-0"]);
    c.ok(&["result", "Cup", "1", "1", "0-1"]);
    let trf = c.ok(&["export", "trf", "Cup"]);
    assert!(
        trf.contains("### round 1, board 1: result corrected 1-0 -> 0-1"),
        "{trf}"
    );
    assert!(Trf::parse(&trf).is_ok());
    let old = c.ok(&["export", "trf", "Cup", "--trf", "2016"]);
    assert!(!old.contains("###"), "{old}");
    c.ok(&["undo"]);
    let trf = c.ok(&["export", "trf", "Cup"]);
    assert!(!trf.contains("result corrected"), "{trf}");
}

/// The spec's 30-player, 7-round file: 30 players, round 1.
fn thirty(accel: &[&str]) -> String {
    let mut t = String::from("012 Thirty\r142 7\r152 W\r");
    for l in accel {
        t.push_str(l);
        t.push('\r');
    }
    for i in 1..=30 {
        t.push_str(&format!(
            "001 {i:4}      {:<33} {:4}                             0.0\r",
            format!("Player {i}"),
            2400 - 10 * i
        ));
    }
    t
}

/// `192 …_BAKU` alone: qishe takes FIDE's group (2·⌈30/4⌉ = 16: 1–9,
/// 10–2, …, 16–8), not the engine's own ⌈30/2⌉ = 15; the same points as
/// explicit `250` lines (which override `192`) pair identically in both.
#[test]
fn pair_trf_takes_fides_baku_group_and_explicit_lines_exactly() {
    let c = Club::new();
    let want = "15\n1 9\n10 2\n3 11\n12 4\n5 13\n14 6\n7 15\n16 8\n\
17 24\n25 18\n19 26\n27 20\n21 28\n29 22\n23 30\n";
    let alone = c.path("alone.trf");
    std::fs::write(&alone, thirty(&["192 FIDE_DUTCH_2025_BAKU"])).unwrap();
    assert_eq!(c.ok(&["pair-trf", alone.to_str().unwrap()]), want);
    let lines = [
        "192 FIDE_DUTCH_2025_BAKU",
        "250       1.0 001 002 0001 0016",
        "250       0.5 003 004 0001 0016",
    ];
    let explicit = c.path("explicit.trf");
    std::fs::write(&explicit, thirty(&lines)).unwrap();
    assert_eq!(c.ok(&["pair-trf", explicit.to_str().unwrap()]), want);
    if let Some((_, code, got)) = engine(&explicit) {
        assert_eq!((code, got.as_str()), (0, want));
    }
    // No acceleration at all: 1–16, 17–2, …
    let plain = c.path("plain.trf");
    std::fs::write(&plain, thirty(&[])).unwrap();
    let out = c.ok(&["pair-trf", plain.to_str().unwrap()]);
    assert!(out.starts_with("15\n1 16\n17 2\n"), "{out}");
}

/// A file scored 3-1-0 (`162  W 3.0    D 1.0`) with virtual points in
/// those points, imported under `chess` (asked for; by itself the import
/// takes the file's three-point scheme): the virtual points are rescaled
/// to a win of 1 and rounded to tenths (a 1.0 of the file is 0.3; it was
/// 0.33, which the endorsed engine refuses in a `250` line), said in a
/// note; the export is read by the engine, and import → export of the
/// export gives it back byte for byte.
#[test]
fn virtual_points_of_another_scale_are_exported_in_tenths() {
    let c = Club::new();
    let src = data("win3_draw1.trf");
    let o = c.run(&["import", "trf", src.to_str().unwrap(), "--scheme", "chess"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("1.00 → 0.30"), "{err}");
    let out = c.ok(&["export", "trf", "Three"]);
    assert!(out.contains("250       1.0 001 002 0001 0004"), "{out}");
    assert!(out.contains("250       0.3 003 003 0001 0004"), "{out}");
    let f = c.path("export.trf");
    std::fs::write(&f, &out).unwrap();
    if let Some((_, code, pairs)) = engine(&f) {
        assert_eq!(code, 0, "the engine refused the export:\n{out}");
        assert_eq!(c.ok(&["pair-trf", f.to_str().unwrap()]), pairs);
    }
    let again = Club::new();
    again.ok(&["import", "trf", f.to_str().unwrap()]);
    assert_eq!(again.ok(&["export", "trf", "Three"]), out);
}

/// `240` records of rounds already played (the byes the arbiter gave:
/// `H`, `Z`, `F`, also in the players' columns) are written back in a
/// TRF-2026 export, as FIDE's checker reads them; they were dropped.
/// Import → export → import → export gives the same bytes, and the
/// endorsed engine's check judges the file and both exports alike.
#[test]
fn byes_of_played_rounds_are_written_back_as_240() {
    let src = data("past_byes.trf");
    let c = Club::new();
    c.ok(&["import", "trf", src.to_str().unwrap()]);
    let first = c.ok(&["export", "trf", "Byes"]);
    let lines = |t: &str| -> Vec<String> {
        t.split(['\r', '\n'])
            .filter(|l| l.starts_with("240"))
            .map(str::to_string)
            .collect()
    };
    let original = std::fs::read_to_string(&src).unwrap();
    assert_eq!(lines(&first), lines(&original), "{first}");
    assert_eq!(lines(&first).len(), 5);
    let f = c.path("first.trf");
    std::fs::write(&f, &first).unwrap();
    let again = Club::new();
    again.ok(&["import", "trf", f.to_str().unwrap()]);
    let second = again.ok(&["export", "trf", "Byes"]);
    assert_eq!(second, first);
    if let (Some(a), Some(b)) = (engine(&src), engine(&f)) {
        assert_eq!(a, b, "the engine's verdict changed");
    }
    // TRF-16 keeps them in the players' columns only.
    let old = c.ok(&["export", "trf", "Byes", "--trf", "2016"]);
    assert!(
        !old.contains("240 H 001") && old.contains("0000 - H"),
        "{old}"
    );
}

/// `full_2026.trf` with its `260` lines replaced by `lines`.
fn with_260(lines: &[&str]) -> String {
    let mut out = Vec::new();
    for l in full().split('\r') {
        if l.starts_with("260 001 005") {
            out.extend(lines.iter().map(|s| s.to_string()));
        } else if !l.starts_with("260") {
            out.push(l.to_string());
        }
    }
    out.join("\r")
}

/// Every (round, a, b) a file's `260` lines keep apart, of `rounds`.
fn kept_apart(t: &Trf, rounds: u32) -> std::collections::BTreeSet<(u32, u32, u32)> {
    let mut s = std::collections::BTreeSet::new();
    for p in &t.prohibited {
        for r in p.first_round..=p.last_round.min(rounds) {
            for (i, a) in p.ids.iter().enumerate() {
                for b in &p.ids[i + 1..] {
                    s.insert((r, *a.min(b), *a.max(b)));
                }
            }
        }
    }
    s
}

/// A pair named by several `260` lines is kept apart in every round they
/// name: `260 004 005 4 9 10` and `260 004 004 4 9` keep 4 and 9 apart in
/// rounds 4 and 5, rounds 1–2 and 3–5 of 1 and 3 join to every round. The
/// export writes the same rounds, the engine judges both files alike and
/// qishe pairs the export as the engine pairs the file. Before, the line
/// read last replaced a pair's rounds (4 and 9 could meet in round 5).
/// Ranges apart (`260 001 002 2 6`, `260 004 005 2 6`) are each kept and
/// written back; before, the later was kept and the import named the
/// other.
#[test]
fn a_pair_in_several_260_lines_keeps_every_round_they_name() {
    let text = with_260(&[
        "260 004 005    4    9   10",
        "260 004 004    4    9",
        "260 001 002    1    3",
        "260 003 005    1    3",
    ]);
    let c = Club::new();
    let f = c.path("several.trf");
    std::fs::write(&f, &text).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    let (a, b) = (Trf::parse(&text).unwrap(), Trf::parse(&out).unwrap());
    assert_eq!(kept_apart(&b, 5), kept_apart(&a, 5), "{out}");
    assert!(kept_apart(&b, 5).contains(&(5, 4, 9)), "{out}");
    let e = c.path("exported.trf");
    std::fs::write(&e, &out).unwrap();
    if let (Some(x), Some(y)) = (engine(&f), engine(&e)) {
        assert_eq!(x, y, "the engine's verdict changed");
    }
    let q = c.ok(&["pair-trf", e.to_str().unwrap()]);
    if let Some((_, 0, want)) = engine(&f) {
        assert_eq!(q, want);
    }
    // Ranges apart: each kept, nothing said.
    let text = with_260(&["260 001 002    2    6", "260 004 005    2    6"]);
    let c = Club::new();
    let f = c.path("apart.trf");
    std::fs::write(&f, &text).unwrap();
    let o = c.run(&["import", "trf", f.to_str().unwrap()]);
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!err.contains("not imported"), "{err}");
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    assert!(
        out.contains("\n260 001 002    2    6") && out.contains("\n260 004 005    2    6"),
        "{out}"
    );
    // Three ranges apart: all three kept.
    let text = with_260(&[
        "260 001 001    2    6",
        "260 003 003    2    6",
        "260 005 005    2    6",
    ]);
    std::fs::write(&f, &text).unwrap();
    let c = Club::new();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Spring Open 2026"]);
    for l in [
        "260 001 001    2    6",
        "260 003 003    2    6",
        "260 005 005    2    6",
    ] {
        assert!(out.contains(l), "{l}: {out}");
    }
}

/// `full_2026.trf` as a 7-round event (round 4 to pair) whose only `260`
/// lines keep `a` and `b` apart in `ranges`.
fn two_ranges(a: u32, b: u32, ranges: &[(u32, u32)]) -> String {
    let lines: Vec<String> = ranges
        .iter()
        .map(|&(f, l)| format!("260 {f:03} {l:03} {:>4} {:>4}", a.min(b), a.max(b)))
        .collect();
    let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
    with_260(&refs).replace("\r142 5\r", "\r142 7\r")
}

/// A pair kept apart in two ranges of rounds (`260 001 002` and `260 005
/// 006`, say): round 4 is paired as the endorsed engine pairs it with the
/// round inside the first range, inside the second, and between them
/// (where the pair meets as without the lines); import → export keeps both
/// lines. Before, the import kept the later range only.
#[test]
fn a_pair_in_two_ranges_is_paired_as_the_engine_pairs_it() {
    let c = Club::new();
    let f = c.path("free.trf");
    std::fs::write(&f, two_ranges(1, 2, &[])).unwrap();
    let free = c.ok(&["pair-trf", "--system", "dutch", f.to_str().unwrap()]);
    let board: Vec<u32> = free
        .lines()
        .nth(1)
        .unwrap()
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let (a, b) = (board[0], board[1]);
    let meet = |out: &str| {
        out.lines()
            .skip(1)
            .any(|l| l == format!("{a} {b}") || l == format!("{b} {a}"))
    };
    assert!(meet(&free), "{free}");
    for (ranges, apart) in [
        (&[(3, 4), (6, 7)], true),
        (&[(1, 2), (5, 6)], false),
        (&[(1, 2), (4, 5)], true),
    ] {
        let f = c.path("ranges.trf");
        std::fs::write(&f, two_ranges(a, b, ranges)).unwrap();
        let q = c.ok(&["pair-trf", "--system", "dutch", f.to_str().unwrap()]);
        assert_eq!(meet(&q), !apart, "{ranges:?}: {q}");
        if !apart {
            assert_eq!(q, free, "between the ranges, as without them");
        }
        if let Some((_, code, want)) = engine(&f) {
            assert_eq!((code, &q), (0, &want), "{ranges:?}");
        }
        // Import → export: both lines, and the export paired alike.
        let club = Club::new();
        club.ok(&["import", "trf", f.to_str().unwrap()]);
        let out = club.ok(&["export", "trf", "Spring Open 2026"]);
        let lines: Vec<&str> = out
            .split(['\r', '\n'])
            .filter(|l| l.starts_with("260"))
            .collect();
        let want: Vec<String> = ranges
            .iter()
            .map(|&(f, l)| format!("260 {f:03} {l:03} {:>4} {:>4}", a.min(b), a.max(b)))
            .collect();
        assert_eq!(lines, want, "{out}");
        let e = c.path("exported.trf");
        std::fs::write(&e, &out).unwrap();
        let again = c.ok(&["pair-trf", "--system", "dutch", e.to_str().unwrap()]);
        assert_eq!(again, q, "{ranges:?}");
    }
}

/// `event forbid --rounds` twice keeps both ranges (joined when they
/// meet), `event show` lists them, `export trf` writes a `260` line each,
/// `--lift` cuts rounds out or lifts the pair, and undo puts back the
/// ranges before. Before, the second range replaced the first.
#[test]
fn a_forbidden_pair_takes_several_ranges_and_lifts_them() {
    let c = Club::new();
    c.five_members();
    c.dutch_event("Cup", &[], &["A", "B", "C", "D", "E"]);
    c.ok(&["event", "forbid", "Cup", "#1", "#3", "--rounds", "1"]);
    c.ok(&["event", "forbid", "Cup", "#1", "#3", "--rounds", "4-5"]);
    let show = c.ok(&["event", "show", "Cup"]);
    assert!(
        show.contains("forbidden pairs: A / C (rounds 1, 4–5)"),
        "{show}"
    );
    let trf = c.ok(&["export", "trf", "Cup"]);
    assert!(
        trf.contains("260 001 001    1    3") && trf.contains("260 004 005    1    3"),
        "{trf}"
    );
    c.ok(&["event", "forbid", "Cup", "#3", "#1", "--rounds", "2-3"]);
    assert!(c
        .ok(&["event", "show", "Cup"])
        .contains("A / C (rounds 1–5)"));
    c.ok(&["undo"]);
    assert!(c
        .ok(&["event", "show", "Cup"])
        .contains("A / C (rounds 1, 4–5)"));
    c.ok(&[
        "event", "forbid", "Cup", "#1", "#3", "--lift", "--rounds", "5",
    ]);
    assert!(c
        .ok(&["event", "show", "Cup"])
        .contains("A / C (rounds 1, 4)"));
    c.ok(&["event", "forbid", "Cup", "#1", "#3"]);
    let show = c.ok(&["event", "show", "Cup"]);
    assert!(show.contains("forbidden pairs: A / C\n"), "{show}");
    c.ok(&[
        "event", "forbid", "Cup", "#1", "#3", "--lift", "--rounds", "2-5",
    ]);
    assert!(c.ok(&["event", "show", "Cup"]).contains("A / C (rounds 1)"));
    // The log (and an undo's "undone: …") says what the lift did.
    let log = c.ok(&["log"]);
    assert!(
        log.contains("A and C may meet in rounds 2–5; still kept apart in rounds 1"),
        "{log}"
    );
    c.ok(&["event", "forbid", "Cup", "#1", "#3", "--lift"]);
    assert!(!c.ok(&["event", "show", "Cup"]).contains("forbidden pairs"));
    let err = c.fails(&["event", "forbid", "Cup", "#1", "#3", "--lift"]);
    assert!(err.contains("A and C are not a forbidden pair"), "{err}");
}

/// A hand-made file in unusual but legal forms (bare CR line ends,
/// trailing blanks, `###` comments and blank lines between records and
/// between players, `132` with a round's date left out and fewer dates
/// than rounds, `240` rounds written `  4` and `004`, F/H/Z byes of the
/// round to pair with several ids, `250` lines over ranges of players and
/// rounds that a later line overwrites, one with a team's `00.0`, `260`
/// lines naming one pair twice, `202`/`212` with modifiers, `162` with
/// the default values, national and unknown records, unrated `0000`,
/// titles written left): the export keeps every record, the engine
/// judges the file and the export alike, and qishe pairs both as the
/// engine pairs the file. Before, the pair 4–13 of `260 004 005` and
/// `260 005 005` lost round 4.
#[test]
fn a_file_in_unusual_forms_comes_back_whole() {
    let src = data("unusual_forms.trf");
    let text = std::fs::read_to_string(&src).unwrap();
    let c = Club::new();
    c.ok(&["import", "trf", src.to_str().unwrap()]);
    let out = c.ok(&["export", "trf", "Unusual Forms"]);
    let (a, b) = (Trf::parse(&text).unwrap(), Trf::parse(&out).unwrap());
    let lines = |t: &str, code: &str| -> Vec<String> {
        t.split(['\r', '\n'])
            .filter(|l| l.starts_with(code))
            .map(|l| l.trim_end().to_string())
            .collect()
    };
    for code in ["999", "CHN", "XXZ", "202", "212", "222", "142", "192"] {
        assert_eq!(lines(&out, code), lines(&text, code), "{code}:\n{out}");
    }
    assert_eq!(b.round_dates, a.round_dates);
    assert_eq!(b.byes, a.byes);
    assert_eq!(virtual_points(&b), virtual_points(&a));
    assert_eq!(kept_apart(&b, 6), kept_apart(&a, 6), "{out}");
    for (x, y) in a.players.iter().zip(&b.players) {
        assert_eq!(
            (x.id, &x.name, x.points, &x.rounds),
            (y.id, &y.name, y.points, &y.rounds)
        );
    }
    let e = c.path("exported.trf");
    std::fs::write(&e, &out).unwrap();
    if let (Some(x), Some(y)) = (engine(&src), engine(&e)) {
        assert_eq!(x, y, "the engine's verdict changed");
    }
    for f in [&src, &e] {
        let q = c.ok(&["pair-trf", "--system", "dutch", f.to_str().unwrap()]);
        if let Some((_, 0, want)) = engine(&src) {
            assert_eq!(q, want, "{}", f.display());
        }
    }
}

/// A file that names no initial colour (no `XXC`, no `152`) and whose
/// players have played no colour: the endorsed engine refuses it; qishe
/// pairs it with white for player 1 and says so on stderr (in the user's
/// language), naming the line that would say otherwise. With `XXC black1`
/// it says nothing and player 1 gets black.
#[test]
fn a_file_without_an_initial_colour_is_paired_white1_and_says_so() {
    let c = Club::new();
    let mut text = String::from("012 No colour\nXXR 5\n");
    for i in 1..=4u32 {
        let name = format!("Player {i}");
        text.push_str(&format!(
            "001 {i:>4}      {name:<33} {:>4}{:28}{:>4}\n",
            2100 - i * 10,
            "",
            "0.0"
        ));
    }
    let plain = c.path("nocolour.trf");
    std::fs::write(&plain, &text).unwrap();
    let o = c.run(&["pair-trf", plain.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    assert_eq!(String::from_utf8_lossy(&o.stdout), "2\n1 3\n4 2\n");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("nocolour.trf") && err.contains("player 1 was given white (white1)"),
        "{err}"
    );
    assert!(err.contains("XXC black1"), "{err}");
    let zh = c.run_lang("zh_TW.UTF-8", &["pair-trf", plain.to_str().unwrap()]);
    assert!(
        String::from_utf8_lossy(&zh.stderr).contains("首輪先後手"),
        "{zh:?}"
    );
    let black = c.path("black1.trf");
    std::fs::write(&black, format!("{text}XXC black1\n")).unwrap();
    let o = c.run(&["pair-trf", black.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "2\n3 1\n2 4\n");
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
