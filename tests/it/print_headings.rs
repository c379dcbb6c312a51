//! Printing: text tables never cut a column heading. A table too
//! wide for its line prints short headings (台 for 台次, 比1 for the first
//! tie-break) and a line under it spells each one out.

use crate::report_support::*;
use qishe::i18n::Lang;
use qishe::report::{self, render_text, render_text_width, Doc, Part};
use qishe::scoring::TieBreak;
use unicode_width::UnicodeWidthStr;

const LONG_CLUB: &str = "中华人民共和国某某省某某市某某区象棋协会青少年培训中心俱乐部队";
const LANGS: [Lang; 3] = [Lang::ZhHans, Lang::ZhHant, Lang::En];

/// Every document kind with long names and clubs, a two-game round with
/// forfeits (红方弃权 is the widest result) and six tie-breaks.
fn documents(lang: Lang) -> Vec<(&'static str, Doc)> {
    let mut p = pairing_data(33);
    for b in p.boards.iter_mut().step_by(3) {
        b.red.club = Some(LONG_CLUB.into());
        b.red.name = "欧阳诸葛司马上官令狐".into();
    }
    let mut two = p.clone();
    two.event.games_per_round = 2;
    for b in two.boards.iter_mut() {
        b.results = vec!["-/+".into(), "+/-".into()];
    }
    let mut st = standings_data(12);
    st.tiebreaks = vec![
        TieBreak::OpponentScore,
        TieBreak::SmallPoints,
        TieBreak::RedWinSmall,
        TieBreak::WinSmall,
        TieBreak::BlackDrawSmall,
        TieBreak::StripLast,
    ];
    for r in st.rows.iter_mut() {
        r.values.resize(6, qishe::domain::Points(250));
    }
    let mut rated = st.clone();
    rated.rating = true;
    let mut ct = round_robin(9, 7);
    ct.tiebreaks = st.tiebreaks.clone();
    for l in ct.rows.iter_mut() {
        l.values = vec![qishe::domain::Points(1250); 6];
    }
    let mut slips = slips_data(6);
    slips.event.games_per_round = 2;
    vec![
        ("pairings", report::pairing_sheet(&p, lang)),
        ("pairings two-game", report::pairing_sheet(&two, lang)),
        ("slips", report::result_slips(&slips, lang)),
        ("standings", report::standings(&st, lang)),
        ("standings rated", report::standings(&rated, lang)),
        ("crosstable", report::crosstable(&ct, lang)),
        ("wall chart", report::wall_chart(&round_robin(9, 7), lang)),
        ("check-in", report::checkin_sheet(&checkin_data(40), lang)),
    ]
}

/// The heading lines of the tables: each is followed by a rule of `-` and `+`.
fn heading_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_start_matches('\x0c')).collect();
    lines
        .windows(2)
        .filter(|w| !w[1].is_empty() && w[1].chars().all(|c| c == '-' || c == '+'))
        .map(|w| w[0])
        .collect()
}

/// Checks one rendering: every heading cell is a whole heading of the
/// document's tables, or a short heading that a line of the same text
/// spells out (`short = full`).
/// `width`: the line every table must fit (`None`: a line too narrow for
/// the table's numbers, where only the headings are checked).
fn check(what: &str, doc: &Doc, text: &str, width: Option<usize>) {
    let columns: Vec<_> = doc
        .parts
        .iter()
        .filter_map(|p| match p {
            Part::Table(t) => Some(t.columns.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    let heads = heading_lines(text);
    assert!(
        !heads.is_empty() || what == "slips",
        "{what}: no table\n{text}"
    );
    let flat = text.replace('\n', " ");
    // Chinese output counts … and · two columns, as Chinese fonts draw them.
    let line_width = |l: &str| match doc.lang {
        Lang::En => l.width(),
        _ => l.width_cjk(),
    };
    for line in heads {
        if let Some(width) = width {
            assert!(
                line_width(line) <= width,
                "{what}: {} > {width}: {line}",
                line_width(line)
            );
        }
        for cell in line.split(" | ").map(str::trim) {
            assert!(
                !cell.contains('…'),
                "{what}: cut heading {cell:?} in {line}"
            );
            if cell.is_empty() || what == "slips" {
                continue; // a slip's sides are no table columns
            }
            let col = columns
                .iter()
                .find(|c| c.heading == cell || c.short.as_deref() == Some(cell));
            let Some(col) = col else {
                panic!("{what}: {cell:?} is no heading of the document: {line}");
            };
            if col.heading != cell {
                let spelt = format!("{cell} = {}", col.heading);
                assert!(flat.contains(&spelt), "{what}: {spelt:?} missing\n{text}");
            }
        }
    }
}

#[test]
fn every_text_heading_is_whole_in_every_language() {
    let mut shortened = 0;
    for lang in LANGS {
        for (what, doc) in documents(lang) {
            let text = render_text(&doc, 60);
            // 80 columns, 132 for a landscape document or a crosstable
            // whose names would not fit 80 (which says so).
            let width = report::auto_width(&doc);
            assert!(width == 80 || width == 132, "{what}: {width}");
            if width == 132 && !doc.landscape {
                assert!(text.contains("132"), "{what}: says it is wide\n{text}");
            }
            check(what, &doc, &text, Some(width));
            check(
                what,
                &doc,
                &render_text_width(&doc, 60, 100),
                (!doc.landscape).then_some(100),
            );
            check(what, &doc, &render_text_width(&doc, 60, 60), None);
            shortened += usize::from(text.contains(" = "));
        }
    }
    // The narrow tables (two-game pairings, six tie-breaks) did need short
    // headings in every language.
    assert!(shortened >= 6, "{shortened}");
}

#[test]
fn a_two_game_sheet_shortens_headings_and_keeps_names_readable() {
    let mut d = pairing_data(10);
    d.event.games_per_round = 2;
    for b in d.boards.iter_mut() {
        b.results = vec!["-/+".into(), "+/-".into()];
        b.red.club = Some(LONG_CLUB.into());
    }
    let text = render_text(&report::pairing_sheet(&d, Lang::ZhHans), 60);
    let head = heading_lines(&text)[0];
    let cells: Vec<&str> = head.split(" | ").map(str::trim).collect();
    assert_eq!(cells[..2], ["台", "号"], "{head}");
    assert!(
        cells.contains(&"第1局") && cells.contains(&"第2局"),
        "{head}"
    );
    assert!(text.contains("简称：台 = 台次；号 = 序号"), "{text}");
    // Both forfeits whole; names keep more than their heading.
    let row = text.lines().find(|l| l.contains("红方弃权")).unwrap();
    assert!(row.contains("黑方弃权"), "{row}");
    let red = row.split(" | ").nth(2).unwrap();
    assert!(red.width() >= 6, "{row}");
    // Wide enough: the full headings and no legend.
    let wide = render_text_width(&report::pairing_sheet(&d, Lang::ZhHans), 60, 200);
    assert!(heading_lines(&wide)[0].starts_with("台次 | 序号"), "{wide}");
    assert!(!wide.contains("简称"), "{wide}");
}

/// HTML: a two-game sheet's result columns hold 红方弃权 on one line
/// (Chromium's PDF, read back as text), and the page is still A4 portrait.
#[test]
fn a_forfeit_in_a_two_game_html_sheet_stays_on_one_line() {
    let Some(chrome) = crate::report_chromium::chromium() else {
        eprintln!("SKIPPED a_forfeit_in_a_two_game_html_sheet_stays_on_one_line: no chromium");
        return;
    };
    if std::process::Command::new("pdftotext")
        .arg("-v")
        .output()
        .is_err()
    {
        eprintln!("SKIPPED a_forfeit_in_a_two_game_html_sheet_stays_on_one_line: no pdftotext");
        return;
    }
    let mut d = pairing_data(8);
    d.event.games_per_round = 2;
    for b in d.boards.iter_mut() {
        b.results = vec!["-/+".into(), "+/-".into()];
        b.red.club = Some(LONG_CLUB.into());
    }
    let html = report::render_html(&report::pairing_sheet(&d, Lang::ZhHans));
    let dir = tempfile::tempdir().unwrap();
    crate::report_chromium::print_pdf(&chrome, dir.path(), "two", &html);
    let out = std::process::Command::new("pdftotext")
        .args(["-f", "1", "-l", "1", "-layout"])
        .arg(dir.path().join("two.pdf"))
        .arg("-")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // Eight boards with a forfeit in each game (the bye board has none).
    assert_eq!(text.matches("红方弃权").count(), 8, "{text}");
    assert_eq!(text.matches("黑方弃权").count(), 8, "{text}");
}
