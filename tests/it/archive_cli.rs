//! The game archive from the command line: the readers' contract of
//! `qishe game stats` (every game read printed, each skipped game on
//! stderr with its number, line and reason; exit 0, 3 or 1), lossless
//! convert, and the club archive.

use crate::common::qishe;
use crate::common::shared_or_skip;
use std::path::Path;

const GOOD: &str = "[Event \"Club 2024\"]\n[Red \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n  1. 炮二平五 马８进７\n  2. 马二进三 车９平８\n1-0\n";
const BAD: &str = "[Event \"Club 2024\"]\n[Red \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n  1. 炮二平五 马８进７\n  2. 马二进三 车９进９\n0-1\n";

fn stats(file: &Path, extra: &[&str]) -> (i32, String, String) {
    let out = crate::common::output_of(
        qishe()
            .args(["game", "stats"])
            .arg(file)
            .args(["--format", "json"])
            .args(extra),
    );
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn game_stats_reads_every_good_game_and_reports_the_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("library.pgn");
    std::fs::write(&p, format!("{GOOD}\n{BAD}\n{GOOD}")).unwrap();
    let (code, out, err) = stats(&p, &[]);
    assert_eq!(code, 3, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 2, "{out}");
    assert!(err.contains("game 2 (line 16)"), "{err}");
    assert!(err.contains("车９进９"), "{err}");
    // All good: 0; none readable: 1 with the reason.
    std::fs::write(&p, GOOD).unwrap();
    assert_eq!(stats(&p, &[]).0, 0);
    std::fs::write(&p, BAD).unwrap();
    let (code, out, err) = stats(&p, &[]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("车９进９"), "{err}");
    // --keep-legal-prefix saves it, with a note.
    let (code, out, err) = stats(&p, &["--keep-legal-prefix"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v[0]["plies"], 3, "{out}");
    assert!(err.contains("note:"), "{err}");
}

#[test]
fn a_damaged_xqf_is_named_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let src = shared_or_skip!("testdata/pgn/xqftools_sample.xqf");
    let mut bytes = std::fs::read(src).unwrap();
    bytes[0] = 0;
    bytes[1] = 0;
    let p = dir.path().join("broken.xqf");
    std::fs::write(&p, bytes).unwrap();
    let (code, _, err) = stats(&p, &[]);
    assert_eq!(code, 1);
    assert!(err.contains("binary data"), "{err}");
    assert!(!err.contains("unexpected"), "{err}");
}

#[test]
fn convert_keeps_comments_and_variations() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("notes.pgn");
    std::fs::write(
        &p,
        "[Red \"A\"]\n1. 炮二平五 {中炮} (1. 兵七进一 {仙人指路}) 1... 马８进７ {屏风马} 2. 马二进三 *\n",
    )
    .unwrap();
    for to in ["pgn", "dhtmlxq"] {
        let out = crate::common::output_of(qishe().args(["game", "convert"]).arg(&p).args([
            "--to",
            to,
            "--notation",
            "wxf",
        ]));
        assert!(out.status.success());
        let text = String::from_utf8(out.stdout).unwrap();
        for c in ["中炮", "仙人指路", "屏风马"] {
            assert!(text.contains(c), "{to}: {c}\n{text}");
        }
        if to == "pgn" {
            assert!(text.contains("[Game \"Chinese Chess\"]"), "{text}");
        }
    }
}

/// A club archive folder: the shared test files, and a library by two
/// club members (one game broken, one game twice).
fn archive_folder(c: &crate::common::Club) -> std::path::PathBuf {
    let dir = c.path("archive");
    let sub = dir.join("club");
    std::fs::create_dir_all(&sub).unwrap();
    let data = crate::common::shared("testdata/pgn").expect("gated by the test");
    for e in std::fs::read_dir(data).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    let ours = |red: &str, black: &str, date: &str, moves: &str, result: &str| {
        format!(
            "[Event \"Spring Cup\"]\n[Date \"{date}\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n{moves} {result}\n\n"
        )
    };
    let lib = [
        ours(
            "甲一",
            "乙二",
            "2024.03.02",
            "1. 炮二平五 马８进７ 2. 马二进三 马２进３",
            "1-0",
        ),
        ours(
            "乙二",
            "甲一",
            "2024.03.09",
            "1. 炮二平五 马８进７ 2. 马二进三 车９平８",
            "1/2-1/2",
        ),
        ours(
            "甲一",
            "丙三",
            "2024.04.01",
            "1. 炮二平五 马８进７ 2. 车九进九",
            "0-1",
        ),
        ours(
            "甲一",
            "乙二",
            "2024.03.02",
            "1. 炮二平五 马８进７ 2. 马二进三 马２进３",
            "1-0",
        ),
        ours("甲一", "丙三", "2025.01.05", "1. 兵七进一 炮２平３", "1-0"),
    ]
    .concat();
    std::fs::write(sub.join("spring.pgn"), lib).unwrap();
    std::fs::write(sub.join("notes.jpg"), b"\xff\xd8\xff not a game").unwrap();
    dir
}

fn json(s: &str) -> Vec<serde_json::Value> {
    serde_json::from_str::<serde_json::Value>(s)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn archive_import_search_and_openings() {
    shared_or_skip!("testdata/pgn");
    let c = crate::common::Club::new();
    c.ok(&["player", "add", "甲一"]);
    let dir = archive_folder(&c);
    let d = dir.to_str().unwrap();
    let o = c.run(&["archive", "import", d]);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    // One broken game: exit 3, named with its game number and line.
    assert_eq!(o.status.code(), Some(3), "{out}\n{err}");
    assert!(err.contains("spring.pgn: game 3 (line 20)"), "{err}");
    assert!(!err.contains("notes.jpg"), "{err}");
    // 11 shared files hold 36 games; the library 4 readable, 1 twice.
    let number = |out: &str, after: &str| -> usize {
        let i = out.find(after).unwrap_or_else(|| panic!("{after}: {out}")) + after.len();
        out[i..]
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .unwrap()
            .parse()
            .unwrap()
    };
    assert_eq!(number(&out, "games read "), 40, "{out}");
    let added = number(&out, "added ");
    assert!(number(&out, "already in the archive ") >= 1, "{out}");
    assert_eq!(added + number(&out, "already in the archive "), 40, "{out}");
    // Importing again adds nothing.
    let o = c.run(&["archive", "import", d]);
    let out = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(out.contains("added 0, already in the archive 40"), "{out}");
    assert_eq!(
        json(&c.ok(&["archive", "search", "--format", "json"])).len(),
        added
    );

    // Filters.
    let got = json(&c.ok(&["archive", "search", "--player", "甲一", "--format", "json"]));
    assert_eq!(got.len(), 3);
    assert!(got
        .iter()
        .all(|g| g["red_member"].as_i64().is_some() || g["black_member"].as_i64().is_some()));
    let got = json(&c.ok(&[
        "archive",
        "search",
        "--player",
        "甲一",
        "--opponent",
        "乙二",
        "--format",
        "json",
    ]));
    assert_eq!(got.len(), 2);
    let got = json(&c.ok(&[
        "archive",
        "search",
        "--player",
        "甲一",
        "--from",
        "2024-03-05",
        "--to",
        "2024",
        "--format",
        "json",
    ]));
    assert_eq!(got.len(), 1, "{got:?}");
    assert_eq!(got[0]["date"], "2024.03.09");
    let got = json(&c.ok(&[
        "archive", "search", "--event", "spring", "--result", "和棋", "--format", "json",
    ]));
    assert_eq!(got.len(), 1);
    let got = json(&c.ok(&["archive", "search", "--eco", "E1", "--format", "json"]));
    assert!(got.len() >= 2, "{got:?}");
    assert!(got
        .iter()
        .all(|g| g["eco"].as_str().unwrap().starts_with("E1")));

    // A position: after 1. 炮二平五 马８进７.
    let fen = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";
    let got = json(&c.ok(&[
        "archive", "search", "--fen", fen, "--player", "甲一", "--format", "json",
    ]));
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got.iter().all(|g| g["ply"] == 2));
    let text = c.ok(&["archive", "search", "--fen", fen, "--player", "乙二"]);
    assert!(text.contains("马二进三 (h0g2)"), "{text}");
    let csv = c.ok(&["archive", "search", "--eco", "C", "--format", "csv"]);
    assert!(
        csv.starts_with("id,date,red,black,result,eco,event"),
        "{csv}"
    );

    // The member's openings: as red 炮二平五 (twice), as black none here.
    let rep = c.ok(&["archive", "openings", "甲一", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&rep).unwrap();
    let red = v["as_red"].as_array().unwrap();
    let games: u64 = red.iter().map(|o| o["games"].as_u64().unwrap()).sum();
    assert_eq!(games, 2, "{rep}");
    assert_eq!(v["as_black"].as_array().unwrap().len(), 1, "{rep}");
    // …and on the member page.
    let page = c.ok(&["player", "show", "甲一"]);
    assert!(page.contains("ECCO") && page.contains("C00"), "{page}");

    // One more file; undo takes it back, redo brings it back with its
    // position index.
    let late = c.path("late.pgn");
    std::fs::write(
        &late,
        "[Red \"甲一\"]\n[Black \"丁四\"]\n1. 炮二平五 马８进７ 2. 马八进七 *\n",
    )
    .unwrap();
    c.ok(&["archive", "import", late.to_str().unwrap()]);
    let by_fen = || {
        json(&c.ok(&[
            "archive", "search", "--fen", fen, "--player", "甲一", "--format", "json",
        ]))
        .len()
    };
    assert_eq!(by_fen(), 3);
    c.ok(&["undo"]);
    assert_eq!(by_fen(), 2);
    c.ok(&["redo"]);
    assert_eq!(by_fen(), 3);
}

/// Codes are set at import; `archive reclassify` gives every game the
/// code this version's classifier gives its moves, as one undoable change,
/// and says how many changed.
#[test]
fn reclassify_brings_stale_codes_up_to_date_and_undo_takes_it_back() {
    let c = crate::common::Club::new();
    let file = c.path("two.pgn");
    std::fs::write(
        &file,
        "[Red \"甲\"]\n[Black \"乙\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ *\n\n\
         [Red \"丙\"]\n[Black \"丁\"]\n1. 兵三进一 卒３进１ *\n",
    )
    .unwrap();
    c.ok(&["archive", "import", file.to_str().unwrap()]);
    let codes = || -> Vec<String> {
        json(&c.ok(&["archive", "search", "--format", "json"]))
            .iter()
            .map(|g| g["eco"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let fresh = codes();
    assert_eq!(fresh.len(), 2);
    assert!(fresh.iter().all(|e| e.len() == 3), "{fresh:?}");
    // An archive imported by an older classifier: every code stale.
    let db = rusqlite::Connection::open(&c.db).unwrap();
    db.execute("UPDATE archive_game SET eco = 'Z99'", [])
        .unwrap();
    drop(db);
    assert_eq!(codes(), ["Z99", "Z99"]);
    let out = c.ok(&["archive", "reclassify"]);
    assert!(out.contains("2 of 2 games got a new ECCO code"), "{out}");
    assert_eq!(codes(), fresh);
    let out = c.ok(&["archive", "reclassify"]);
    assert!(out.contains("0 of 2"), "{out}");
    // One change in the log: undo puts the old codes back.
    c.ok(&["undo"]);
    assert_eq!(codes(), ["Z99", "Z99"]);
    c.ok(&["redo"]);
    assert_eq!(codes(), fresh);
}

/// ECCO: the family and group of every tagged record in ../shared/testdata
/// agree with its `ECCO` tag; the lines as their published names give
/// them.
#[test]
fn ecco_codes_of_real_records_and_published_lines() {
    use qishe::xiangqi::{ecco::classify, pgn::read_pgn, read_games, Position};
    let dir = shared_or_skip!("testdata/pgn");
    let (mut checked, mut exact) = (0, 0);
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        for g in read_games(&std::fs::read(&p).unwrap()).unwrap().games {
            let Some(tag) = g.tag("ECCO").filter(|t| !t.is_empty()) else {
                continue;
            };
            // A game from a set-up position gets no code.
            let Some(code) = classify(&g.start, &g.moves) else {
                assert_ne!(g.start, Position::start());
                continue;
            };
            // The family and the group (C4 of C47) agree.
            assert_eq!(code[..2], tag[..2], "{}: {code} v {tag}", p.display());
            checked += 1;
            exact += usize::from(code == tag);
        }
    }
    assert!(checked >= 5, "{checked}");
    // The exact code too (C48 of C4): every tagged record agrees.
    assert_eq!(exact, checked, "exact codes");
    let code = |moves: &str| {
        let g = &read_pgn(moves).unwrap()[0];
        classify(&Position::start(), &g.moves).unwrap()
    };
    assert_eq!(code("1. 马二进三 卒７进１ 2. 炮二平一"), "A42");
    assert_eq!(code("1. 马八进七 卒３进１ 2. 炮八平九"), "A42"); // mirrored
    assert_eq!(code("1. 马二进三 卒７进１ 2. 兵七进一"), "A45");
    assert_eq!(code("1. 马二进三 炮８平５"), "A40");
    assert_eq!(code("1. 炮二平四 马８进７"), "A51");
    assert_eq!(code("1. 炮二平四 炮２平５"), "A52");
    assert_eq!(code("1. 炮二平五 炮８平５"), "D00");
    assert_eq!(code("1. 炮二平五 马８进７ 2. 马二进三 马２进３"), "C00");
    assert_eq!(code("1. 炮二平五 马２进３ 2. 马二进三 车１平２"), "B01");
    assert_eq!(code("1. 兵三进一"), "E00");
    assert_eq!(code("1. 相三进五"), "A10");
    // The groups, each by the moves its published name gives.
    let screen = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二";
    for (rest, want) in [
        // 过河车, both 7th pawns, then 平炮兑车 (C4) or 飞象 (C32).
        ("卒７进１ 4. 车二进六 马２进３ 5. 兵七进一 炮８平９", "C40"),
        ("卒７进１ 4. 车二进六 马２进３ 5. 兵七进一 象３进５", "C32"),
        // 过河车 and the 七路马 against 两头蛇.
        ("马２进３ 4. 马八进七 卒３进１ 5. 车二进六 卒７进１", "C20"),
        ("马２进３ 4. 马八进七 卒３进１ 5. 车二进六 象３进５", "C18"),
        ("马２进３ 4. 兵三进一 卒３进１ 5. 炮八平七", "C70"),
        ("马２进３ 4. 兵三进一 卒７进１ 5. 炮八平七", "C60"),
        ("马２进３ 4. 炮八平六", "C50"),
        ("马２进３ 4. 炮八进二", "C80"),
        ("马２进３ 4. 炮八进四", "C90"),
        ("马２进３ 4. 炮八平九", "C99"),
        ("马２进３ 4. 车二进四", "C15"),
        ("马２进３ 4. 马八进七", "C01"),
    ] {
        assert_eq!(code(&format!("{screen} {rest}")), want, "{rest}");
    }
    for (moves, want) in [
        (
            "1. 炮二平五 马２进３ 2. 马二进三 炮８平６ 3. 车一平二 马８进７",
            "B31",
        ),
        (
            "1. 炮二平五 马２进３ 2. 马二进三 炮８平６ 3. 炮八平六 马８进７",
            "B40",
        ),
        (
            "1. 炮二平五 马２进３ 2. 马二进三 炮８平６ 3. 炮八平七 马８进７",
            "B50",
        ),
        (
            "1. 炮二平五 马８进７ 2. 马二进三 炮８平９ 3. 车一平二 车９平８",
            "B20",
        ),
        ("1. 炮二平五 马２进３ 2. 马二进三 马８进９", "B10"),
        ("1. 炮二平五 炮２平５", "D50"),
        ("1. 炮二平五 马８进７ 2. 马二进三 炮２平５", "D51"),
        (
            "1. 炮二平五 马８进７ 2. 马二进三 炮８平９ 3. 车一平二 车９平８ 4. 兵三进一 炮２平５",
            "D40",
        ),
        (
            "1. 炮二平五 炮８平５ 2. 马二进三 车９进１ 3. 车一平二 马８进７",
            "D20",
        ),
        (
            "1. 炮二平五 炮８平５ 2. 马二进三 马８进７ 3. 车一平二 卒７进１",
            "D10",
        ),
        ("1. 兵三进一 卒３进１", "E40"),
        ("1. 兵七进一 炮２平３ 2. 相三进五", "E11"),
        ("1. 兵三进一 炮８平７ 2. 炮二平五", "E12"),
        ("1. 兵三进一 炮８平７ 2. 炮八平五 象３进５", "E14"),
        ("1. 兵三进一 炮８平７ 2. 炮八平五 象７进５", "E20"),
        ("1. 兵三进一 象３进５", "E01"),
        ("1. 兵三进一 炮２平５", "E03"),
        ("1. 相三进五 炮８平６", "A20"),
        ("1. 相三进五 炮２平４", "A21"),
        ("1. 相三进五 卒７进１", "A36"),
        ("1. 相三进五 卒３进１", "A39"),
        ("1. 相三进五 马８进７", "A13"),
        ("1. 仕四进五", "A01"),
        ("1. 马二进一", "A02"),
        ("1. 炮二平一", "A03"),
        ("1. 兵一进一", "A08"),
        ("1. 炮二平六 马８进７", "A61"),
        // The three lines the CCGC 2006 tags named (game 12: A31, game 16:
        // B13, game 11: C93), as those records play them.
        (
            "1. 相七进五 炮２平６ 2. 马八进七 马２进３ 3. 车九平八 车１平２",
            "A31",
        ),
        ("1. 相三进五 炮８平４ 2. 兵三进一", "A30"),
        (
            "1. 炮二平五 马２进３ 2. 马二进三 车９进１ 3. 车一平二 车９平４ 4. 炮八进二",
            "B13",
        ),
        (
            "1. 炮二平五 马２进３ 2. 马二进三 车９进１ 3. 车一平二 车９平４ 4. 马八进七",
            "B12",
        ),
        (
            "1. 炮二平五 马２进３ 2. 马二进三 马８进７ 3. 车一平二 车９平８ 4. 兵三进一 卒３进１ \
             5. 马八进九 车１进１ 6. 炮八进四 马３进４ 7. 车九进一 炮２平５",
            "C93",
        ),
        (
            "1. 炮二平五 马２进３ 2. 马二进三 马８进７ 3. 车一平二 车９平８ 4. 马八进九 卒３进１ \
             5. 车九进一 马３进４ 6. 车九平四 炮２平５",
            "C06",
        ),
    ] {
        assert_eq!(code(moves), want, "{moves}");
    }
}

/// `archive import` and `archive openings` have no table form: `--format
/// csv` is refused by the parser (exit 2, the choices named) instead of
/// printing text under a csv name, and the import reads nothing.
#[test]
fn archive_import_and_openings_refuse_csv() {
    shared_or_skip!("testdata/pgn");
    let c = crate::common::Club::new();
    c.ok(&["player", "add", "甲一"]);
    let dir = archive_folder(&c);
    let d = dir.to_str().unwrap();
    for args in [
        vec!["archive", "import", d, "--format", "csv"],
        vec!["archive", "openings", "甲一", "--format", "csv"],
    ] {
        let o = c.run(&args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("[possible values: text, json]"), "{err}");
    }
    assert_eq!(
        json(&c.ok(&["archive", "search", "--format", "json"])).len(),
        0
    );
}

/// Games from a 繁體 source are found by names and events typed in 简体,
/// and the other way round.
#[test]
fn archive_search_finds_names_in_either_script() {
    let c = crate::common::Club::new();
    let dir = c.path("hk");
    std::fs::create_dir_all(&dir).unwrap();
    let game = |event: &str, red: &str, black: &str, result: &str| {
        format!(
            "[Event \"{event}\"]\n[Date \"1990.05.01\"]\n[Red \"{red}\"]\n[Black \"{black}\"]\n[Result \"{result}\"]\n1. 炮二平五 马８进７ {result}\n\n"
        )
    };
    let lib = [
        game("全國象棋個人賽", "呂欽", "胡榮華", "1-0"),
        game("全國象棋個人賽", "胡榮華", "許銀川", "1/2-1/2"),
        game("广东省赛", "许银川", "吕钦", "0-1"),
    ]
    .concat();
    std::fs::write(dir.join("hk.pgn"), lib).unwrap();
    c.ok(&["archive", "import", dir.to_str().unwrap()]);
    let count = |args: &[&str]| -> usize {
        let mut all = vec!["archive", "search"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--format", "json"]);
        json(&c.ok(&all)).len()
    };
    assert_eq!(count(&["--player", "吕钦"]), 2, "呂欽 and 吕钦");
    assert_eq!(count(&["--player", "呂欽"]), 2);
    assert_eq!(count(&["--player", "许银川", "--opponent", "胡荣华"]), 1);
    assert_eq!(count(&["--event", "全国象棋"]), 2);
    assert_eq!(count(&["--player", "胡"]), 2);
    assert_eq!(count(&["--player", "王天一"]), 0);
}
