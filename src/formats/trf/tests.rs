use super::*;

pub(crate) fn case_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/conformance/dutch");
    let mut v: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.extension().is_some_and(|e| e == "trf"));
    v.sort();
    v
}

pub(crate) const SAMPLE: &str = "012 Sample\nXXR 5\nXXC black1\n\
001    1      Test0001 Player0001               2637                             1.5    1     4 w 1     2 b =  0000 - H\n\
001    2      Test0002 Player0002               2612                             0.5    2  0000 - Z     1 w =\n\
001    4      Test0004 Player0004               2050                             1.0    3     1 b 0  0000 - U\n";

#[test]
fn reads_columns_and_rounds() {
    let t = Trf::parse(SAMPLE).unwrap();
    assert_eq!(t.total_rounds, Some(5));
    assert_eq!(t.first_colour, Some(Colour::Black));
    let p = &t.players[0];
    assert_eq!((p.id, p.rating, p.points), (1, 2637, Points(150)));
    assert_eq!(p.name, "Test0001 Player0001");
    assert_eq!(p.rounds.len(), 3);
    assert_eq!(
        p.rounds[1],
        TrfRound {
            opponent: 2,
            colour: Some(Colour::Black),
            result: '='
        }
    );
    assert_eq!(t.played_rounds(), 2);
}

#[test]
fn errors_carry_line_and_column() {
    let bad = SAMPLE.replace("4 w 1", "4 x 1");
    let e = Trf::parse(&bad).unwrap_err();
    assert_eq!((e.line, e.column), (4, 97), "{e}");
    let bad = SAMPLE.replace("2637", "26a7");
    let e = Trf::parse(&bad).unwrap_err();
    assert_eq!((e.line, e.column), (4, 49), "{e}");
    let bad = SAMPLE.replace("XXR 5", "XXR five");
    assert_eq!(Trf::parse(&bad).unwrap_err().line, 2);
    let bad = SAMPLE.replace("4 w 1", "4 w ?");
    assert_eq!(Trf::parse(&bad).unwrap_err().column, 99);
}

#[test]
fn a_trf_error_speaks_the_users_language() {
    use crate::i18n::Lang;
    let e = Trf::parse(&SAMPLE.replace("4 w 1", "4 x 1")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "TRF line 4, column 97: colour 'x' is not w, b or -"
    );
    assert_eq!(
        e.msg().render(Lang::ZhHans),
        "TRF 第4行第97列: 颜色 'x' 不是 w、b 或 -"
    );
    let e = Trf::parse(&SAMPLE.replace("2637", "26a7")).unwrap_err();
    assert_eq!(
        e.msg().render(Lang::ZhHant),
        "TRF 第4行第49欄: 等級分 \"26a7\" 不是整數"
    );
}

#[test]
fn conformance_files_round_trip() {
    let files = case_files();
    if files.is_empty() {
        // A clone without ../shared beside it (as CI checks it) has no cases.
        eprintln!("skipped: ../shared/conformance/dutch not found");
        return;
    }
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut a = Trf::parse(&text).unwrap();
        let written = a.write();
        let mut b =
            Trf::parse(&written).unwrap_or_else(|e| panic!("{}: {e}\n{written}", f.display()));
        // the same players, on other lines of the written file
        a.player_lines.clear();
        b.player_lines.clear();
        assert_eq!(a, b, "{}", f.display());
    }
}

#[test]
fn bare_cr_line_endings_read_like_lf() {
    let lf = "012 Cr test\n001    1      Alpha A                           2000                             1.0    1     2 w 1\n001    2      Beta B                            1900                             0.0    2     1 b 0\n";
    let cr = lf.replace('\n', "\r");
    let a = Trf::parse(lf).unwrap();
    let b = Trf::parse(&cr).unwrap();
    assert_eq!(b.players.len(), 2);
    assert_eq!(format!("{a:?}"), format!("{b:?}"));
}

/// The 001 line of a player with 1.0 or 0.0 points and the given blocks.
pub(crate) fn line(id: u32, pts: &str, blocks: &[&str]) -> String {
    let mut l = format!(
        "001 {id:>4}      {:<33} {:>4}     {:>11} {:<10} {pts:>4} {:>4}",
        format!("Player {id}"),
        2000 - id,
        "",
        "",
        ""
    );
    for b in blocks {
        l.push_str("  ");
        l.push_str(b);
    }
    l
}

/// Round 1 of four players: 1–3 with 3 as white, 2–4 with 2 as white.
pub(crate) fn round_one(header: &str) -> String {
    format!(
        "{header}\n{}\n{}\n{}\n{}\n",
        line(1, "1.0", &["   3 b 1"]),
        line(2, "1.0", &["   4 w 1"]),
        line(3, "0.0", &["   1 w 0"]),
        line(4, "0.0", &["   2 b 0"]),
    )
}

#[test]
fn total_rounds_and_first_colour_from_trf25_lines() {
    let t = Trf::parse(&round_one("012 x\n142 7\n152 B")).unwrap();
    assert_eq!(t.total_rounds, Some(7));
    assert_eq!(t.first_colour, Some(Colour::Black));
    let e = Trf::parse("012 x\n152 X\n").unwrap_err();
    assert_eq!((e.line, e.column), (2, 5));
}

#[test]
fn without_a_colour_line_the_first_colour_is_inferred_from_round_one() {
    // Player 1 (first pairing number) had black in round 1.
    let t = Trf::parse(&round_one("012 x\nXXR 5")).unwrap();
    assert_eq!(t.first_colour, None);
    assert_eq!(t.initial_colour(), Colour::Black);
    // The same file with 1 and 3 swapped in colour: white.
    let flipped = round_one("012 x\nXXR 5")
        .replace("   3 b 1", "   3 w 1")
        .replace("   1 w 0", "   1 b 0");
    assert_eq!(Trf::parse(&flipped).unwrap().initial_colour(), Colour::Red);
}

#[test]
fn column_rulers_are_skipped() {
    let text = round_one(
        "012 x\nXXR 5\nDDD SSSS sTTT NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN RRRR FFF IIIIIIIIIII BBBB/BB/BB PPPP RRRR\n         1         2         3",
    );
    let t = Trf::parse(&text).unwrap();
    assert_eq!(t.players.len(), 4);
    assert!(t.other_lines.iter().all(|l| !l.starts_with("DDD")));
}

#[test]
fn points_system_lines_are_read_and_written_for_the_engine() {
    let text = round_one("012 x\nXXR 5\nBBW  2.0\nBBD  1.0\nBBU  1.0").replace("1.0 ", "2.0 ");
    let t = Trf::parse(&text).unwrap();
    let s = t.settings();
    assert_eq!(
        (s.win, s.draw, s.pairing_bye),
        (Points(200), Points(100), Points(100))
    );
    assert_eq!(
        (s.full_bye, s.half_bye, s.forfeit_win),
        (Points(200), Points(100), Points(200))
    );
    let out = t.write();
    for want in ["BBW  2.0", "BBD  1.0", "BBU  1.0"] {
        assert!(out.lines().any(|l| l == want), "{want} missing in\n{out}");
    }
    assert_eq!(Trf::parse(&out).unwrap().settings(), s);
}
