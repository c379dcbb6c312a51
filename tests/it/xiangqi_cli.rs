//! `qishe game show` and `qishe game convert` run as a user would.

use crate::common::shared_or_skip;
use qishe::xiangqi::read_games;
use std::path::PathBuf;
use std::process::Command;

fn data(name: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/testdata/pgn"
    ))
    .join(name)
}

fn qishe(args: &[&str], file: &PathBuf) -> (bool, String, String) {
    let out = crate::common::output_of(
        Command::new(env!("CARGO_BIN_EXE_qishe"))
            .arg("game")
            .arg(args[0])
            .arg(file)
            .args(&args[1..]),
    );
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn show_prints_two_moves_a_line_in_the_chosen_notation() {
    shared_or_skip!("testdata/pgn");
    let f = data("xqftools_sample.xqf");
    let (ok, out, err) = qishe(&["show", "--notation", "wxf"], &f);
    assert!(ok, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].contains("许银川 v 聂卫平"), "{out}");
    assert_eq!(lines[1], "  1. C8.5 C8.5");
    let (ok, out, _) = qishe(&["show", "--notation", "chinese"], &f);
    assert!(ok);
    assert_eq!(out.lines().nth(1), Some("  1. 炮八平五 炮８平５"));
    let (ok, out, _) = qishe(&["show", "--notation", "iccs"], &f);
    assert!(ok);
    assert_eq!(out.lines().nth(1), Some("  1. b2e2 h7e7"));
    // 75 plies: 38 numbered lines, the last with red's move only.
    let numbered = out
        .lines()
        .filter(|l| {
            l.trim_start()
                .split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .count();
    assert_eq!(numbered, 38);
    assert_eq!(out.lines().last(), Some("1-0"));
}

#[test]
fn convert_writes_pgn_that_reads_back_to_the_same_moves() {
    shared_or_skip!("testdata/pgn");
    let f = data("xqdb_wxf_utf8_3games.pgn");
    let original = read_games(&std::fs::read(&f).unwrap()).unwrap().games;
    for n in ["chinese", "traditional", "wxf", "iccs"] {
        let dir = tempfile::tempdir().unwrap();
        let out_path = dir.path().join("out.pgn");
        let (ok, _, err) = qishe(
            &[
                "convert",
                "--to",
                "pgn",
                "--notation",
                n,
                "--output",
                out_path.to_str().unwrap(),
            ],
            &f,
        );
        assert!(ok, "{err}");
        let back = read_games(&std::fs::read(&out_path).unwrap())
            .unwrap()
            .games;
        assert_eq!(back.len(), original.len());
        for (a, b) in original.iter().zip(&back) {
            assert_eq!(a.iccs_moves(), b.iccs_moves(), "{n}");
            assert_eq!(a.red(), b.red());
        }
    }
    let (ok, out, _) = qishe(&["convert", "--notation", "traditional"], &f);
    assert!(ok);
    assert!(out.contains("  1. 炮二平五 馬８進７"), "{out}");
}

#[test]
fn stats_text_and_bad_files() {
    shared_or_skip!("testdata/pgn");
    let (ok, out, _) = qishe(&["stats"], &data("ccgc2006_02_gbk.pgn"));
    assert!(ok);
    assert!(out.contains("plies 61, full moves 31"), "{out}");
    assert!(out.contains("first strike black@15"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("junk.pgn");
    std::fs::write(&p, "[Event \"x\"\n1. h2e2\n").unwrap();
    let (ok, _, err) = qishe(&["stats"], &p);
    assert!(!ok);
    assert!(err.contains("line 1, column 1"), "{err}");
    let (ok, _, err) = qishe(&["stats"], &dir.path().join("missing.pgn"));
    assert!(!ok);
    assert!(err.contains("missing.pgn"), "{err}");
}
