//! `qishe print --format pdf` end to end: every document of a Swiss, a
//! round robin, a team event and a knockout as a PDF with the Chinese font
//! embedded as a subset, the club's identity and the print date in its
//! text layer, A4 or Letter, and the refusals.

use crate::common::pdf::{self, font_or_skip, text as pdf_text, FONT};
use crate::common::Club;

const CONFIG: &str = "club = \"东城象棋社\"\norganiser = \"东城区体育局\"\nvenue = \"文化宫二楼\"\nchief_arbiter = \"张裁判\"\ndeputy_arbiters = [\"李副\", \"王副\"]\n";

/// The first page's size and the page count of a PDF qishe wrote; its
/// font a subset.
fn structure(pdf: &[u8]) -> (String, usize) {
    let facts = pdf::facts(pdf);
    let s = String::from_utf8_lossy(pdf);
    let sub = s.split("/BaseFont /").nth(1).unwrap_or("");
    assert_eq!(
        sub.as_bytes().get(6),
        Some(&b'+'),
        "a subset's name: {sub:.30}"
    );
    (facts.first_media().to_string(), facts.pages)
}

/// Eight players of the printing tests in a five-round Swiss, round 1
/// paired and two results in; the club's identity in config.toml.
fn swiss() -> Club {
    let c = Club::new();
    std::fs::write(c.path("config.toml"), CONFIG).unwrap();
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

fn print_pdf(c: &Club, kind: &str, event: &str, lang: &str) -> Vec<u8> {
    let out = format!("{kind}-{lang}.pdf");
    c.ok(&[
        "print", kind, event, "--format", "pdf", "--font", FONT, "--lang", lang, "-o", &out,
        "--force",
    ]);
    std::fs::read(c.path(&out)).unwrap()
}

#[test]
fn every_swiss_document_is_an_a4_pdf_with_the_club_and_the_names_in_its_text() {
    font_or_skip!();
    let c = swiss();
    for kind in ["pairings", "slips", "standings", "crosstable", "checkin"] {
        let pdf = print_pdf(&c, kind, "秋季赛", "zh-Hans");
        let (media, pages) = structure(&pdf);
        assert!(
            media == "0 0 595.28 841.89" || media == "0 0 841.89 595.28",
            "{kind}: A4, {media}"
        );
        assert!(pages >= 1, "{kind}");
        assert!(pdf.len() < 200_000, "{kind}: a subset, {} bytes", pdf.len());
        let Some(text) = pdf_text(&c.path(&format!("{kind}-zh-Hans.pdf"))) else {
            eprintln!("skipped the text layer: no pdftotext");
            continue;
        };
        assert!(text.contains("东城象棋社"), "{kind}: the club\n{text}");
        assert!(text.contains("打印日期"), "{kind}: the print date\n{text}");
        assert!(text.contains("王天一"), "{kind}: a name\n{text}");
        assert!(text.contains("第1/"), "{kind}: 第1/N页\n{text}");
        if kind != "slips" {
            assert!(
                text.contains("张裁判") && text.contains("东城区体育局"),
                "{kind}\n{text}"
            );
        }
    }
}

#[test]
fn traditional_and_english_pdfs_and_letter_paper() {
    font_or_skip!();
    let c = swiss();
    let pdf = print_pdf(&c, "pairings", "秋季赛", "zh-Hant");
    structure(&pdf);
    if let Some(t) = pdf_text(&c.path("pairings-zh-Hant.pdf")) {
        assert!(t.contains("對陣表") && t.contains("列印日期"), "{t}");
    }
    let pdf = print_pdf(&c, "standings", "秋季赛", "en");
    structure(&pdf);
    if let Some(t) = pdf_text(&c.path("standings-en.pdf")) {
        assert!(t.contains("Standings") && t.contains("Printed"), "{t}");
        assert!(t.contains("Chief arbiter: 张裁判"), "{t}");
    }
    std::fs::write(
        c.path("config.toml"),
        format!("{CONFIG}paper = \"letter\"\n"),
    )
    .unwrap();
    let pdf = print_pdf(&c, "checkin", "秋季赛", "en");
    let (media, _) = structure(&pdf);
    assert_eq!(media, "0 0 612 792");
}

#[test]
fn an_events_own_organiser_and_arbiters_override_the_clubs() {
    font_or_skip!();
    let c = swiss();
    c.ok(&[
        "event",
        "edit",
        "秋季赛",
        "--venue",
        "少年宫",
        "--chief-arbiter",
        "赵裁判",
        "--deputy-arbiters",
        "钱副、孙副",
    ]);
    let text = c.ok(&["print", "standings", "秋季赛", "--lang", "zh-Hans"]);
    assert!(text.contains("少年宫") && text.contains("赵裁判"), "{text}");
    assert!(
        text.contains("钱副、孙副") && text.contains("东城区体育局"),
        "{text}"
    );
    assert!(
        !text.contains("张裁判") && !text.contains("文化宫"),
        "{text}"
    );
    let html = c.ok(&[
        "print",
        "standings",
        "秋季赛",
        "--format",
        "html",
        "--lang",
        "zh-Hans",
    ]);
    assert!(
        html.contains("少年宫") && html.contains("打印日期"),
        "{html}"
    );
    // Undone like any change; an empty value clears the event's own.
    c.ok(&["undo"]);
    let text = c.ok(&["print", "standings", "秋季赛", "--lang", "zh-Hans"]);
    assert!(text.contains("张裁判") && text.contains("文化宫"), "{text}");
    c.ok(&["event", "edit", "秋季赛", "--venue", "少年宫"]);
    c.ok(&["event", "edit", "秋季赛", "--venue", ""]);
    let text = c.ok(&["print", "standings", "秋季赛", "--lang", "zh-Hans"]);
    assert!(text.contains("文化宫"), "{text}");
    // Set when the event is made.
    c.ok(&[
        "event",
        "new",
        "冬季赛",
        "--rounds",
        "3",
        "--organiser",
        "西城棋协",
    ]);
    let text = c.ok(&["print", "checkin", "冬季赛", "--lang", "zh-Hans"]);
    assert!(text.contains("西城棋协"), "{text}");
}

#[test]
fn round_robin_team_and_knockout_documents_are_pdfs_too() {
    font_or_skip!();
    let c = Club::new();
    std::fs::write(c.path("config.toml"), CONFIG).unwrap();
    let names = &crate::common::SEVEN[..6];
    for &n in names {
        c.ok(&["player", "add", n]);
    }
    c.ok(&[
        "event",
        "new",
        "循环赛",
        "--system",
        "berger",
        "--rounds",
        "5",
    ]);
    let mut enter = vec!["event", "enter", "循环赛"];
    enter.extend(names);
    c.ok(&enter);
    c.ok(&["round", "pair", "循环赛"]);
    for kind in ["pairings", "wallchart", "crosstable"] {
        structure(&print_pdf(&c, kind, "循环赛", "zh-Hans"));
    }
    c.ok(&[
        "event", "new", "团体", "--teams", "--boards", "2", "--system", "berger", "--rounds", "3",
    ]);
    for (t, p) in [
        ("甲队", "甲一,甲二"),
        ("乙队", "乙一,乙二"),
        ("丙队", "丙一,丙二"),
    ] {
        c.ok(&["team", "add", "团体", t, "--players", p, "--create"]);
    }
    c.ok(&["round", "pair", "团体"]);
    for kind in ["pairings", "slips", "standings", "crosstable"] {
        let pdf = print_pdf(&c, kind, "团体", "zh-Hans");
        structure(&pdf);
        if let Some(t) = pdf_text(&c.path(&format!("{kind}-zh-Hans.pdf"))) {
            assert!(t.contains("东城象棋社"), "{kind}: {t}");
        }
    }
    c.ok(&["event", "new", "淘汰赛", "--system", "knockout"]);
    let mut enter = vec!["event", "enter", "淘汰赛"];
    enter.extend(names);
    c.ok(&enter);
    c.ok(&["round", "pair", "淘汰赛"]);
    for kind in ["pairings", "standings", "crosstable"] {
        structure(&print_pdf(&c, kind, "淘汰赛", "zh-Hans"));
    }
}

#[test]
fn a_pdf_needs_a_file_or_a_printer_and_a_bad_font_writes_nothing() {
    let c = swiss();
    let e = c.fails(&["print", "pairings", "秋季赛", "--format", "pdf"]);
    assert!(e.contains("-o") && e.contains("--printer"), "{e}");
    let e = c.fails(&[
        "print",
        "pairings",
        "秋季赛",
        "--format",
        "pdf",
        "--font",
        "/no/such.ttc",
        "-o",
        "x.pdf",
    ]);
    // Paths are shown with the platform's separator.
    let shown = if cfg!(windows) {
        r"\no\such.ttc"
    } else {
        "/no/such.ttc"
    };
    assert!(e.contains(shown), "{e}");
    assert!(!c.path("x.pdf").exists());
    let e = c.fails(&["print", "pairings", "秋季赛", "--font", FONT]);
    assert!(e.contains("--font"), "{e}");
}
