//! TRF import → export: every player field and bye kind survives,
//! and the endorsed engine reaches the same verdict on the exported file as
//! on the original, for real files other programs wrote (`data/trf_real/`).

use crate::common::{reference_engine, Club};
use qishe::formats::trf::Trf;
use std::path::{Path, PathBuf};
use std::process::Command;

/// One `001` line in the TRF-16 columns (one argument per field, as the
/// line has them).
#[allow(clippy::too_many_arguments)]
fn player_line(
    id: u32,
    sex: &str,
    title: &str,
    name: &str,
    rating: u32,
    fed: &str,
    fide: &str,
    birth: &str,
    points: &str,
    rounds: &[(u32, char, char)],
) -> String {
    let mut l = format!(
        "001 {id:>4} {sex:1}{title:>3} {name:<33} {rating:>4} {fed:<3} {fide:>11} {birth:<10} {points:>4} {:>4}",
        ""
    );
    for (opp, c, r) in rounds {
        if *c == ' ' {
            // a blank round: the player was not in the event yet
            l.push_str(&" ".repeat(10));
            continue;
        }
        let opp = if *opp == 0 {
            "0000".to_string()
        } else {
            format!("{opp:>4}")
        };
        l.push_str(&format!("  {opp} {c} {r}"));
    }
    l
}

fn small_event() -> String {
    let lines = [
        "012 Roundtrip Open".to_string(),
        "XXR 3".to_string(),
        player_line(
            1,
            "m",
            "GM",
            "Alpha, Ann",
            2500,
            "CHN",
            "8600001",
            "1990/05/17",
            "1.5",
            &[(2, 'w', '1'), (5, 'b', '=')],
        ),
        player_line(
            2,
            "f",
            "WIM",
            "Beta, Bo",
            2300,
            "HKG",
            "8600002",
            "1985/01/02",
            "1.0",
            &[(1, 'b', '0'), (3, 'w', '1')],
        ),
        player_line(
            3,
            "m",
            "",
            "Gamma, Cy",
            2200,
            "TPE",
            "8600003",
            "2001/12/31",
            "0.5",
            &[(4, 'w', '='), (2, 'b', '0')],
        ),
        player_line(
            4,
            "f",
            "",
            "Delta, Di",
            2100,
            "MAC",
            "",
            "",
            "1.5",
            &[(3, 'b', '='), (0, '-', 'U')],
        ),
        player_line(
            5,
            "m",
            "FM",
            "Epsilon, Ed",
            0,
            "SGP",
            "8600005",
            "1970/00/00",
            "1.5",
            &[(0, '-', 'F'), (1, 'w', '=')],
        ),
    ];
    lines.join("\n") + "\n"
}

fn export(c: &Club, event: &str) -> Trf {
    let text = c.ok(&["export", "trf", event]);
    Trf::parse(&text).unwrap_or_else(|e| panic!("exported TRF unreadable: {e}\n{text}"))
}

#[test]
fn export_keeps_sex_title_federation_fide_id_birth_rank_and_full_byes() {
    let c = Club::new();
    let f = c.path("open.trf");
    std::fs::write(&f, small_event()).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = export(&c, "Roundtrip Open");
    let orig = Trf::parse(&small_event()).unwrap();
    for want in &orig.players {
        let got = out.players.iter().find(|p| p.id == want.id).unwrap();
        assert_eq!(got.sex, want.sex, "#{} sex", want.id);
        assert_eq!(got.title.trim(), want.title.trim(), "#{} title", want.id);
        assert_eq!(got.federation, want.federation, "#{} federation", want.id);
        assert_eq!(
            got.fide_id.trim(),
            want.fide_id.trim(),
            "#{} FIDE id",
            want.id
        );
        assert_eq!(got.birth, want.birth, "#{} birth", want.id);
        assert_eq!(got.points, want.points, "#{} points", want.id);
        assert_eq!(got.rounds, want.rounds, "#{} rounds", want.id);
    }
    // rank after the exported rounds: 1..=5, each once
    let mut ranks: Vec<u32> = out.players.iter().map(|p| p.rank).collect();
    ranks.sort();
    assert_eq!(ranks, vec![1, 2, 3, 4, 5]);
    let last = out.players.iter().find(|p| p.id == 3).unwrap();
    assert_eq!(last.rank, 5, "the only player on 0.5 is last");
}

/// Absences keep their form: a late entry's rounds before it joined stay
/// blank, an absence once entered (`0000 - -`) stays one, and a withdrawn
/// player's trailing `0000 - -` columns are not dropped (other programs
/// count those columns as rounds).
#[test]
fn absences_late_entries_and_withdrawals_keep_their_columns() {
    let p = |id, name: &str, pts, rounds: &[(u32, char, char)]| {
        player_line(id, "", "", name, 2000, "", "", "", pts, rounds)
    };
    let text = [
        "012 Absences".to_string(),
        "XXR 4".to_string(),
        p(
            1,
            "One",
            "3.0",
            &[(2, 'w', '1'), (3, 'w', '1'), (0, '-', 'U')],
        ),
        p(
            2,
            "Two",
            "0.5",
            &[(1, 'b', '0'), (5, 'w', '='), (6, 'b', '0')],
        ),
        p(
            3,
            "Three",
            "1.0",
            &[(4, 'w', '='), (1, 'b', '0'), (5, 'w', '=')],
        ),
        p(
            4,
            "Four",
            "0.5",
            &[(3, 'b', '='), (0, '-', '-'), (0, '-', '-')],
        ),
        p(
            5,
            "Five",
            "1.0",
            &[(0, '-', '-'), (2, 'b', '='), (3, 'b', '=')],
        ),
        p(
            6,
            "Six",
            "1.0",
            &[(0, ' ', ' '), (0, ' ', ' '), (2, 'w', '1')],
        ),
    ]
    .join("\n")
        + "\n";
    let c = Club::new();
    let f = c.path("absences.trf");
    std::fs::write(&f, &text).unwrap();
    c.ok(&["import", "trf", f.to_str().unwrap()]);
    let out = export(&c, "Absences");
    let orig = Trf::parse(&text).unwrap();
    assert_eq!(out.players.len(), orig.players.len());
    for want in &orig.players {
        let got = out.players.iter().find(|p| p.id == want.id).unwrap();
        assert_eq!(got.rounds, want.rounds, "#{} rounds", want.id);
        assert_eq!(got.points, want.points, "#{} points", want.id);
    }
}

/// A bye asked for in the round to pair is written in that round's column
/// and counted in the player's points, as the endorsed engine's check reads
/// the file; every player's points are the sum of the columns.
#[test]
fn a_bye_asked_for_the_next_round_counts_in_the_exported_points() {
    let c = Club::new();
    for n in ["A", "B", "C", "D", "E", "F"] {
        c.ok(&["player", "add", n]);
    }
    c.ok(&["event", "new", "T", "--rounds", "3", "--system", "dutch"]);
    c.ok(&["event", "enter", "T", "A", "B", "C", "D", "E", "F"]);
    c.ok(&["round", "pair", "T"]);
    for (board, result) in [("1", "1-0"), ("2", "0-1"), ("3", "=")] {
        c.ok(&["result", "T", "1", board, result]);
    }
    c.ok(&["event", "bye", "T", "C", "2", "--value", "half"]);
    let f = c.path("next.trf");
    c.ok(&["export", "trf", "T", "-o", f.to_str().unwrap()]);
    let text = std::fs::read_to_string(&f).unwrap();
    let out = Trf::parse(&text).unwrap();
    let s = out.points.expect("the exported points system");
    let three = out.players.iter().find(|p| p.id == 3).unwrap();
    assert_eq!(three.rounds.len(), 2, "{text}");
    assert_eq!(three.rounds[1].result, 'H', "{text}");
    for p in &out.players {
        let mut sum = qishe::domain::Points::ZERO;
        for r in &p.rounds {
            sum += match r.result {
                '1' | '+' => s.win,
                '=' => s.draw,
                'H' => s.half_bye,
                'U' => s.pairing_bye,
                _ => qishe::domain::Points::ZERO,
            };
        }
        assert_eq!(p.points, sum, "#{}: {text}", p.id);
    }
    if let Some(engine) = reference_engine() {
        let (report, _, _) = engine_verdict(&engine, &f);
        assert!(!report.contains("does not match"), "{report}\n{text}");
    }
}

/// The engine's `-c` report (file names taken out) and its `-p` answer
/// (exit code and pairs) on a file.
fn engine_verdict(engine: &Path, file: &Path) -> (String, i32, String) {
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let check = Command::new(engine)
        .arg("--dutch")
        .arg(file)
        .arg("-c")
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&check.stdout).replace(&stem, "FILE")
        + &String::from_utf8_lossy(&check.stderr).replace(&stem, "FILE");
    let pair = Command::new(engine)
        .arg("--dutch")
        .arg(file)
        .arg("-p")
        .output()
        .unwrap();
    (
        report,
        pair.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&pair.stdout).to_string(),
    )
}

fn real_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/trf_real");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    v
}

#[test]
fn real_files_import_export_and_the_engine_agrees() {
    let files = real_files();
    assert!(files.len() >= 5, "the corpus is missing");
    let engine = reference_engine();
    if engine.is_none() {
        eprintln!("../shared/tools/bbpPairings not found: checking the import → export only");
    }
    for f in files {
        let c = Club::new();
        let bytes = std::fs::read(&f).unwrap();
        let mut text = String::from_utf8_lossy(&bytes).to_string();
        let orig = Trf::parse(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        // Files without the number of rounds cannot be paired by the
        // engine; both sides get one more round than was played.
        if orig.total_rounds.is_none() {
            let eol = if text.contains("\r\n") {
                "\r\n"
            } else if text.contains('\r') {
                "\r"
            } else {
                "\n"
            };
            if !text.ends_with(eol) {
                text.push_str(eol);
            }
            text.push_str(&format!("XXR {}{eol}", orig.played_rounds() + 1));
        }
        let input = c.path("original.trf");
        std::fs::write(&input, &text).unwrap();
        c.ok(&["import", "trf", input.to_str().unwrap(), "--name", "E"]);
        let exported_text = c.ok(&["export", "trf", "E"]);
        let exported = Trf::parse(&exported_text).unwrap();
        let orig = Trf::parse(&text).unwrap();
        assert_eq!(
            exported.players.len(),
            orig.players.len(),
            "{}",
            f.display()
        );
        for want in &orig.players {
            let got = exported.players.iter().find(|p| p.id == want.id).unwrap();
            let name = f.display();
            assert_eq!(got.name.trim(), want.name.trim(), "{name} #{}", want.id);
            assert_eq!(got.rating, want.rating, "{name} #{} rating", want.id);
            // TRF's `w` (a woman) comes back as qishe's `f`
            let sex = |s: &str| {
                if s.trim() == "w" {
                    "f".to_string()
                } else {
                    s.trim().to_string()
                }
            };
            assert_eq!(sex(&got.sex), sex(&want.sex), "{name} #{} sex", want.id);
            assert_eq!(
                got.title.trim(),
                want.title.trim(),
                "{name} #{} title",
                want.id
            );
            assert_eq!(
                got.federation.trim(),
                want.federation.trim(),
                "{name} #{}",
                want.id
            );
            assert_eq!(got.points, want.points, "{name} #{} points", want.id);
            // a FIDE id of 0 is no id
            let fid = want.fide_id.trim().trim_start_matches('0');
            assert_eq!(got.fide_id.trim(), fid, "{name} #{} FIDE id", want.id);
        }
        let Some(engine) = &engine else { continue };
        let out = c.path("exported.trf");
        std::fs::write(&out, &exported_text).unwrap();
        let a = engine_verdict(engine, &input);
        let b = engine_verdict(engine, &out);
        assert_eq!(
            a,
            b,
            "{}: the engine's verdict changed after qishe's export",
            f.display()
        );
    }
}

#[test]
fn a_swiss_manager_export_imports_with_its_rulers_titles_and_full_byes() {
    let c = Club::new();
    let f = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data/trf_real/swissmanager_many_unplayed.trf");
    let out = c.ok(&["import", "trf", f.to_str().unwrap(), "--name", "SM"]);
    assert!(out.contains("15"), "{out}");
    let st = c.ok(&["standings", "SM", "--format", "csv"]);
    // Player, 5 leads with 5.0 (the file's own rank 1)
    let first = st.lines().nth(1).unwrap();
    assert!(first.contains("Player, 5"), "{st}");
    let t = export(&c, "SM");
    let p1 = t.players.iter().find(|p| p.id == 1).unwrap();
    assert_eq!(p1.title.trim(), "FM");
    let p12 = t.players.iter().find(|p| p.id == 12).unwrap();
    let codes: String = p12.rounds.iter().map(|r| r.result).collect();
    assert_eq!(codes, "HF1HZFZ");
    let p3 = t.players.iter().find(|p| p.id == 3).unwrap();
    assert_eq!(p3.sex, "f");
}
