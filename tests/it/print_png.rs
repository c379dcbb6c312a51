//! `qishe print --format png` end to end: the pairing sheet and the
//! standings as phone-sized images, the font found or named, and the
//! refusals that write nothing.

use crate::common::pdf::{font_or_skip, FONT};
use crate::common::Club;

/// Eight players, round 1 paired and two results in.
fn club() -> Club {
    let c = Club::new();
    let names = [&crate::common::SEVEN[..], &["洪智"]].concat();
    for &n in &names {
        c.ok(&["player", "add", n, "--club", "杭州市象棋协会"]);
    }
    c.dutch_event("秋季赛", &[], &names);
    c.ok(&["round", "pair", "秋季赛"]);
    c.ok(&["result", "秋季赛", "1", "1", "1-0"]);
    c.ok(&["result", "秋季赛", "1", "2", "1/2-1/2"]);
    c
}

/// Round 1's pairing sheet as r1.png drawn with `font`, with `more` options.
fn r1(font: &'static str, more: &[&'static str]) -> Vec<&'static str> {
    let mut v = vec![
        "print",
        "pairings",
        "秋季赛",
        "--format",
        "png",
        "--font",
        font,
        "-o",
        "r1.png",
    ];
    v.extend(more);
    v
}

/// Width and height from a PNG file's header.
fn size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&png[16..20]), be(&png[20..24]))
}

fn files(c: &Club) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(c.dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".png"))
        .collect();
    v.sort();
    v
}

#[test]
fn a_font_that_is_missing_or_no_font_is_a_clear_error_and_nothing_is_written() {
    let c = club();
    let e = c.fails(&r1("/no/such/font.ttc", &[]));
    // shown with the platform's separator
    let shown = "/no/such/font.ttc".replace('/', std::path::MAIN_SEPARATOR_STR);
    assert!(e.contains(&shown) && e.contains("font"), "{e}");
    let not_font = c.path("notes.ttf");
    std::fs::write(&not_font, "not a font").unwrap();
    let e = c.fails(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "png",
        "--font",
        not_font.to_str().unwrap(),
        "-o",
        "st.png",
    ]);
    assert!(
        e.contains("notes.ttf") && e.contains("not a font file"),
        "{e}"
    );
    assert!(files(&c).is_empty(), "{:?}", files(&c));
}

#[test]
fn png_is_for_pairings_standings_and_crosstables_with_a_file_and_no_printer() {
    let c = club();
    for kind in ["slips", "wallchart", "checkin"] {
        let e = c.fails(&["print", kind, "秋季赛", "--format", "png", "-o", "x.png"]);
        assert!(
            e.contains("pairings, standings, crosstable") && e.contains(kind),
            "{e}"
        );
    }
    let e = c.fails(&["print", "pairings", "秋季赛", "--format", "png"]);
    assert!(e.contains("-o"), "{e}");
    let e = c.fails(&[
        "print",
        "pairings",
        "秋季赛",
        "--format",
        "png",
        "--printer",
        "-o",
        "x.png",
    ]);
    assert!(e.contains("printer"), "{e}");
    let e = c.fails(&["print", "pairings", "秋季赛", "--font", FONT]);
    assert!(e.contains("--font"), "{e}");
    assert!(files(&c).is_empty());
}

#[test]
fn pages_are_phone_wide_and_numbered_beside_the_named_file() {
    font_or_skip!();
    let c = club();
    let out = c.ok(&r1(FONT, &["--lang", "zh-Hans"]));
    // By board and by name: two pages.
    assert_eq!(files(&c), ["r1-1.png", "r1-2.png"]);
    assert_eq!(out.lines().count(), 2, "{out}");
    for f in ["r1-1.png", "r1-2.png"] {
        let (w, h) = size(&std::fs::read(c.path(f)).unwrap());
        assert_eq!(w, 1080);
        assert!((400..=2400).contains(&h), "{f}: {h}");
    }
    // Again: the pages exist; refused without --force, nothing changed.
    let before = std::fs::read(c.path("r1-1.png")).unwrap();
    std::fs::write(c.path("r1-2.png"), b"mine").unwrap();
    let e = c.fails(&r1(FONT, &[]));
    assert!(e.contains("r1-1.png") && e.contains("--force"), "{e}");
    assert_eq!(std::fs::read(c.path("r1-2.png")).unwrap(), b"mine");
    // Only the second exists: the first is not written either.
    std::fs::remove_file(c.path("r1-1.png")).unwrap();
    let e = c.fails(&r1(FONT, &[]));
    assert!(e.contains("r1-2.png"), "{e}");
    assert_eq!(files(&c), ["r1-2.png"]);
    c.ok(&r1(FONT, &["--lang", "zh-Hans", "--force"]));
    assert_eq!(std::fs::read(c.path("r1-1.png")).unwrap(), before);
    // The standings of eight: one page, the file named.
    c.ok(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "png",
        "-o",
        "st.png",
    ]);
    let (w, _) = size(&std::fs::read(c.path("st.png")).unwrap());
    assert_eq!(w, 1080);
}

/// The crosstable as PNG (what chat groups ask for): an eight-player
/// Swiss on upright phone pages; a round robin of 24 after four rounds
/// on landscape pages (2400 × 1080), as it prints landscape.
#[test]
fn the_crosstable_as_png_upright_or_landscape() {
    font_or_skip!();
    let c = club();
    c.ok(&[
        "print",
        "crosstable",
        "秋季赛",
        "--format",
        "png",
        "--font",
        FONT,
        "-o",
        "x.png",
    ]);
    let (w, h) = size(&std::fs::read(c.path("x.png")).unwrap());
    assert_eq!(w, 1080);
    assert!((300..=2400).contains(&h), "{h}");
    let mut csv = String::from("姓名,单位\n");
    let mut names = Vec::new();
    for i in 0..24 {
        let n = format!("棋手{i:02}");
        csv.push_str(&format!("{n},杭州市象棋协会\n"));
        names.push(n);
    }
    std::fs::write(c.path("rr.csv"), csv).unwrap();
    c.ok(&["player", "import", "rr.csv"]);
    c.ok(&[
        "event",
        "new",
        "循环赛",
        "--system",
        "berger",
        "--rounds",
        "23",
    ]);
    let mut enter = vec!["event", "enter", "循环赛"];
    enter.extend(names.iter().map(String::as_str));
    c.ok(&enter);
    // Four rounds and the tie-break columns: too wide to stand.
    for r in 1..=4 {
        c.ok(&["round", "pair", "循环赛"]);
        for b in 1..=12 {
            c.ok(&["result", "循环赛", &r.to_string(), &b.to_string(), "1-0"]);
        }
    }
    let out = c.ok(&[
        "print",
        "crosstable",
        "循环赛",
        "--tiebreaks",
        "--format",
        "png",
        "--font",
        FONT,
        "-o",
        "rr.png",
    ]);
    let pages: Vec<&str> = out.lines().collect();
    assert!(!pages.is_empty(), "{out}");
    for p in &pages {
        let (w, h) = size(&std::fs::read(c.dir.path().join(p)).unwrap());
        assert_eq!((w, h <= 1080), (2400, true), "{p}: {w} × {h}");
    }
}
