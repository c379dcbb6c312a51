//! Every game in `../shared/testdata/pgn` against `expected.json`, field by
//! field; round trips through every notation; the CLI on real files.

use crate::common::shared_or_skip;
use qishe::xiangqi::{self, game_stats, read_games, write_pgn, Notation};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

fn testdata() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/testdata"))
}

fn expected() -> Vec<Value> {
    let text = std::fs::read_to_string(testdata().join("expected.json")).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    v["games"].as_array().unwrap().clone()
}

fn files() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(testdata().join("pgn"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

const FIELDS: [&str; 10] = [
    "red",
    "black",
    "result",
    "plies",
    "full_moves",
    "final_fen",
    "material",
    "piece_moves",
    "first_strike",
    "iccs_moves",
];

#[test]
fn every_game_matches_expected_json() {
    shared_or_skip!("testdata");
    let exp = expected();
    let mut by_file: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for g in &exp {
        by_file
            .entry(g["file"].as_str().unwrap().to_string())
            .or_default()
            .push(g);
    }
    let mut checked = 0;
    for (file, games) in by_file {
        let bytes = std::fs::read(testdata().join("pgn").join(&file)).unwrap();
        let imported = read_games(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
        assert_eq!(imported.games.len(), games.len(), "{file}: number of games");
        for e in games {
            let i = e["index"].as_u64().unwrap() as usize;
            let g = &imported.games[i];
            let got = serde_json::to_value(game_stats(g).to_json(g)).unwrap();
            for f in FIELDS {
                assert_eq!(got[f], e[f], "{file} game {i}: field {f}");
            }
            checked += 1;
        }
    }
    assert_eq!(checked, exp.len());
    assert!(checked >= 30);
}

#[test]
fn every_file_imports_and_round_trips_in_every_notation() {
    shared_or_skip!("testdata");
    for path in files() {
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let games = read_games(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
            .games;
        assert!(!games.is_empty());
        for n in Notation::ALL {
            let text = write_pgn(&games, n);
            let back = xiangqi::read_pgn(&text)
                .unwrap_or_else(|e| panic!("{} in {n}: {e}\n{text}", path.display()));
            assert_eq!(back.len(), games.len(), "{} in {n}", path.display());
            for (a, b) in games.iter().zip(&back) {
                assert_eq!(a.iccs_moves(), b.iccs_moves(), "{} in {n}", path.display());
                assert_eq!(a.start, b.start, "{} in {n}", path.display());
                assert_eq!(a.red(), b.red());
                assert_eq!(a.result, b.result);
            }
        }
    }
}

#[test]
fn the_same_game_in_four_notations_gives_the_same_moves() {
    shared_or_skip!("testdata");
    let read = |name: &str| {
        read_games(&std::fs::read(testdata().join("pgn").join(name)).unwrap())
            .unwrap()
            .games
    };
    let chinese = read("xqdb_chinese_utf8_5games.pgn");
    let dhtml = read("xqdb_dhtmlxq_80.html");
    // README: the DhtmlXQ game is game 4 of the Chinese file.
    assert_eq!(dhtml[0].iccs_moves(), chinese[3].iccs_moves());
    let xqf = read("xqftools_sample.xqf");
    let fen = read("xqftools_sample_fen_gbk.pgn");
    assert_eq!(xqf[0].iccs_moves(), fen[0].iccs_moves());
    assert_eq!(xqf[0].start, fen[0].start);
}

#[test]
fn cli_stats_json_reproduces_expected() {
    shared_or_skip!("testdata");
    let exp = expected();
    for name in [
        "ccgc2006_01_gbk.pgn",
        "xqdb_wxf_utf8_3games.pgn",
        "xqftools_sample.xqf",
    ] {
        let out = crate::common::output_of(
            Command::new(env!("CARGO_BIN_EXE_qishe"))
                .args(["game", "stats"])
                .arg(testdata().join("pgn").join(name))
                .args(["--format", "json"]),
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got: Value = serde_json::from_slice(&out.stdout).unwrap();
        let got = got.as_array().unwrap();
        let want: Vec<&Value> = exp.iter().filter(|g| g["file"] == name).collect();
        assert_eq!(got.len(), want.len());
        for (g, e) in got.iter().zip(want) {
            for f in FIELDS {
                assert_eq!(g[f], e[f], "{name}: {f}");
            }
        }
    }
}

#[test]
fn cli_reports_an_illegal_move_with_game_move_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("bad.pgn");
    std::fs::write(
        &p,
        "[Red \"A\"]\n[Black \"B\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９进５\n",
    )
    .unwrap();
    let out = crate::common::output_of(
        Command::new(env!("CARGO_BIN_EXE_qishe"))
            .args(["game", "stats"])
            .arg(&p),
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("game 1 (A v B)"), "{err}");
    assert!(err.contains("move 2"), "{err}");
    assert!(err.contains("车９进５"), "{err}");
}

/// The game's label is said in the reader's language: `第1局 (A 对 B)`,
/// in an error and in `game show`'s heading alike.
#[test]
fn cli_names_a_game_in_the_locale_language() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.pgn");
    std::fs::write(
        &bad,
        "[Red \"A\"]\n[Black \"B\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９进５\n",
    )
    .unwrap();
    let good = dir.path().join("good.pgn");
    std::fs::write(&good, "[Red \"C\"]\n[Black \"D\"]\n1. 炮二平五 马８进７\n").unwrap();
    for (locale, error_label, show_label) in [
        ("zh_CN.UTF-8", "第1局 (A 对 B)", "第1局 (C 对 D)"),
        ("zh_TW.UTF-8", "第1局 (A 對 B)", "第1局 (C 對 D)"),
        ("en_US.UTF-8", "game 1 (A v B)", "game 1 (C v D)"),
    ] {
        let run = |args: &[&str], file: &std::path::Path| {
            crate::common::output_of(
                Command::new(env!("CARGO_BIN_EXE_qishe"))
                    .env("LC_ALL", locale)
                    .args(args)
                    .arg(file),
            )
        };
        let out = run(&["game", "stats"], &bad);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(error_label), "{locale}: {err}");
        assert!(
            !locale.starts_with("zh") || !err.contains("game 1"),
            "{locale}: {err}"
        );
        let out = run(&["game", "show"], &good);
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.starts_with(show_label), "{locale}: {text}");
    }
}

/// `game stats` speaks the reader's language; its codes (result, FEN,
/// material letters) stay as they are.
#[test]
fn cli_game_stats_in_the_locale_language() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("g.pgn");
    std::fs::write(
        &p,
        "[Red \"C\"]\n[Black \"D\"]\n[Result \"1-0\"]\n1. 炮二平五 马８进７ 1-0\n",
    )
    .unwrap();
    for (locale, words) in [
        (
            "zh_CN.UTF-8",
            ["第1局 (C 对 D): 结果 1-0", "终局局面", "红方", "首先吃子"],
        ),
        (
            "zh_TW.UTF-8",
            ["第1局 (C 對 D): 結果 1-0", "終局局面", "紅方", "首先吃子"],
        ),
        (
            "en_US.UTF-8",
            [
                "game 1 (C v D): result 1-0",
                "final position",
                "red",
                "first strike",
            ],
        ),
    ] {
        let out = crate::common::output_of(
            Command::new(env!("CARGO_BIN_EXE_qishe"))
                .env("LC_ALL", locale)
                .args(["game", "stats"])
                .arg(&p),
        );
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        for w in words {
            assert!(text.contains(w), "{locale}: {text}");
        }
        assert!(
            text.contains("plies 2, full moves 1") == locale.starts_with("en"),
            "{locale}: {text}"
        );
    }
}
