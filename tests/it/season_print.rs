//! The season table printed and published: text, HTML, CSV and
//! PNG (landscape when the events do not fit), and the season's site
//! linking every event's own pages.

use crate::common::pdf::{self, FONT};
use crate::common::Club;
use crate::season_cli::{event, example_a};

fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    (be(&png[16..20]), be(&png[20..24]))
}

#[test]
fn print_season_as_text_html_and_csv_in_every_language() {
    let c = example_a();
    let text = c.ok(&["print", "season", "2026", "--lang", "zh-Hans"]);
    assert!(text.contains("2026 · 年度积分榜"), "{text}");
    assert!(
        text.contains("(6)"),
        "a dropped result in parentheses: {text}"
    );
    assert!(text.contains("5*"), "{text}");
    assert!(text.contains("周赛3: 尚未结束, 暂无积分"), "{text}");
    assert!(text.contains("决赛 ×2"), "{text}");
    let hant = c.ok(&["print", "season", "2026", "--lang", "zh-Hant"]);
    assert!(
        hant.contains("年度積分榜") && hant.contains("尚未結束"),
        "{hant}"
    );
    let en = c.ok(&["print", "season", "2026", "--lang", "en"]);
    assert!(
        en.contains("Season standings") && en.contains("not finished"),
        "{en}"
    );
    let html = c.ok(&["print", "season", "2026", "--format", "html"]);
    assert!(html.contains("<table") && html.contains("28.33"), "{html}");
    assert!(html.contains("(6)"), "{html}");
    let csv = c.ok(&["print", "season", "2026", "--format", "csv", "--no-bom"]);
    assert_eq!(
        csv.lines().next().unwrap(),
        "rank,name,total,events,wins,best,周赛1,周赛2,决赛,周赛3"
    );
    assert!(csv.contains("\n1,李,28.33,3,1,21,6,7.33,21,\n"), "{csv}");
    // The file the user names, never another.
    c.ok(&[
        "print", "season", "2026", "--format", "html", "-o", "s.html",
    ]);
    assert!(std::fs::read_to_string(c.path("s.html"))
        .unwrap()
        .contains("28.33"));
    let e = c.fails(&[
        "print", "season", "2026", "--format", "html", "-o", "s.html",
    ]);
    assert!(e.contains("--force"), "{e}");
    let e = c.fails(&["print", "season", "nope"]);
    assert!(e.contains("nope"), "{e}");
}

/// A season of `n` one-round events among four members.
fn long_season(n: usize) -> Club {
    let c = Club::new();
    for p in ["甲", "乙", "丙", "丁"] {
        c.ok(&["player", "add", p]);
    }
    c.ok(&["season", "new", "长赛季"]);
    for i in 1..=n {
        let name = format!("周赛{i}");
        event(&c, &name, 1, &["1,甲,乙,1-0", "1,丙,丁,1/2-1/2"], false);
        c.ok(&["season", "add", "长赛季", &name]);
    }
    c
}

#[test]
fn a_png_of_few_events_is_upright_and_of_many_landscape() {
    pdf::font_or_skip!();
    let c = example_a();
    c.ok(&["print", "season", "2026", "--format", "png", "-o", "s.png"]);
    let (w, h) = png_size(&std::fs::read(c.path("s.png")).unwrap());
    assert_eq!(w, 1080);
    assert!(h <= 2400);
    let c = long_season(12);
    let out = c.ok(&[
        "print",
        "season",
        "长赛季",
        "--format",
        "png",
        "-o",
        "l.png",
    ]);
    let first = out.lines().next().unwrap().trim().to_string();
    let (w, h) = png_size(&std::fs::read(c.dir.path().join(&first)).unwrap());
    assert_eq!((w, h <= 1080), (2400, true), "{out}");
    // And the wide text prints across the page.
    let text = c.ok(&["print", "season", "长赛季"]);
    assert!(text
        .lines()
        .any(|l| unicode_width::UnicodeWidthStr::width(l) > 80));
    assert!(text
        .lines()
        .all(|l| unicode_width::UnicodeWidthStr::width(l) <= 132));
}

#[test]
fn publish_a_season_links_every_events_own_site() {
    let c = example_a();
    let out = c.ok(&["publish", "--season", "2026", "-o", "site"]);
    assert!(out.contains("site"), "{out}");
    let site = c.path("site");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("28.33"), "the table");
    let ids = c.ok(&["event", "list", "--format", "csv"]);
    for line in ids.lines().skip(1) {
        let mut cells = line.split(',');
        let (id, name) = (cells.next().unwrap(), cells.next().unwrap());
        let href = format!("event-{id}/index.html");
        assert!(index.contains(&href), "{name}: {href} in {index}");
        assert!(site.join(&href).is_file(), "{href} written");
    }
    // The club's language (English here) on top; the other language's
    // page links the events' pages in that language.
    assert!(index.contains("Season standings"), "{index}");
    let zh = std::fs::read_to_string(site.join("zh-Hans/index.html")).unwrap();
    assert!(zh.contains("年度积分榜"), "{zh}");
    assert!(zh.contains("../event-1/zh-Hans/index.html"), "{zh}");
    assert!(site.join("event-1/zh-Hans/index.html").is_file());
    // Again: an earlier site is rewritten.
    c.ok(&["publish", "--season", "2026", "-o", "site"]);
    // A folder of other files is refused.
    std::fs::create_dir(c.path("mine")).unwrap();
    std::fs::write(c.path("mine/x.txt"), "x").unwrap();
    let e = c.fails(&["publish", "--season", "2026", "-o", "mine"]);
    assert!(e.contains("mine"), "{e}");
}

/// The first page's size and the page count of a PDF qishe wrote.
fn pdf_pages(bytes: &[u8]) -> (String, usize) {
    let facts = pdf::facts(bytes);
    (facts.first_media().to_string(), facts.pages)
}

/// The season table as a PDF in the three languages: A4 upright for a
/// few events with the table's numbers, dropped results and notes in its
/// text; landscape A4 when the events do not fit an upright page.
#[test]
fn the_season_table_as_a_pdf_upright_or_landscape_in_every_language() {
    pdf::font_or_skip!();
    let c = example_a();
    for (lang, title, note) in [
        ("zh-Hans", "年度积分榜", "尚未结束"),
        ("zh-Hant", "年度積分榜", "尚未結束"),
        ("en", "Season standings", "not finished"),
    ] {
        let out = format!("season-{lang}.pdf");
        c.ok(&[
            "print", "season", "2026", "--format", "pdf", "--font", FONT, "--lang", lang, "-o",
            &out,
        ]);
        let (media, pages) = pdf_pages(&std::fs::read(c.path(&out)).unwrap());
        assert_eq!(media, "0 0 595.28 841.89", "{lang}: upright A4");
        assert_eq!(pages, 1, "{lang}");
        let Some(t) = pdf::text(&c.path(&out)) else {
            eprintln!("skipped the text layer: no pdftotext");
            continue;
        };
        for want in [title, note, "28.33", "(6)", "5*", "周赛1", "第1/1页"] {
            let want = match (lang, want) {
                ("en", "第1/1页") => "page 1/1",
                ("zh-Hant", "第1/1页") => "第1/1頁",
                _ => want,
            };
            assert!(t.contains(want), "{lang}: {want}\n{t}");
        }
    }
    let c = long_season(12);
    c.ok(&[
        "print",
        "season",
        "长赛季",
        "--format",
        "pdf",
        "--font",
        FONT,
        "-o",
        "l.pdf",
    ]);
    let (media, _) = pdf_pages(&std::fs::read(c.path("l.pdf")).unwrap());
    assert_eq!(media, "0 0 841.89 595.28", "landscape A4");
    if let Some(t) = pdf::text(&c.path("l.pdf")) {
        assert!(t.contains("周赛12") && t.contains("周赛1"), "{t}");
    }
}
