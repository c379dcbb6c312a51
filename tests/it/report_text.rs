//! Text and HTML renderers: every table line has the same display width
//! whatever the names, pages have the requested length, headings repeat on
//! every page, HTML is escaped and self-contained, CSV reads back.

use crate::report_support;

use proptest::prelude::*;
use qishe::i18n::Lang;
use qishe::report::{self, render_csv, render_html, render_text, BoardLine, PlayerLine};
use report_support::*;
use unicode_width::UnicodeWidthStr;

/// Checks the page structure and returns the pages.
fn pages(text: &str, lpp: usize) -> Vec<&str> {
    let pages: Vec<&str> = text.split('\x0c').collect();
    for (i, p) in pages.iter().enumerate() {
        assert_eq!(
            p.lines().count(),
            lpp,
            "page {} has the wrong length",
            i + 1
        );
    }
    pages
}

/// Every run of consecutive table lines (cells joined by " | ", rules by
/// "-+-") has one display width: East Asian Ambiguous characters (… ·)
/// two columns wide in Chinese output (`cjk`), as Chinese fonts draw them.
fn assert_tables_aligned(text: &str, cjk: bool) {
    let width = |l: &str| match cjk {
        true => l.width_cjk(),
        false => l.width(),
    };
    let mut run: Vec<&str> = Vec::new();
    let check = |run: &mut Vec<&str>| {
        if let Some(first) = run.first() {
            let w = width(first);
            for l in run.iter() {
                assert_eq!(width(l), w, "misaligned line {l:?} in\n{}", run.join("\n"));
            }
        }
        run.clear();
    };
    for page in text.split('\x0c') {
        for l in page.lines() {
            if l.contains(" | ") || l.contains("-+-") {
                run.push(l);
            } else {
                check(&mut run);
            }
        }
        check(&mut run);
    }
}

fn name_strategy() -> impl Strategy<Value = String> {
    // Chinese (wide), Latin, accented, fullwidth letters, combining marks,
    // kana; never "|" (the column separator) or control characters.
    let chars = prop::sample::select(vec![
        '王', '欧', '阳', '琦', '琳', '鑫', 'a', 'Z', ' ', 'é', 'Ñ', 'Ａ', 'ｂ', '\u{301}', 'カ',
        '-', '\'', '<', '&', '1',
    ]);
    prop::collection::vec(chars, 1..14).prop_map(|v| v.into_iter().collect::<String>())
}

fn player_strategy(n: u32) -> impl Strategy<Value = PlayerLine> {
    (name_strategy(), prop::option::of(name_strategy())).prop_map(move |(name, club)| PlayerLine {
        start_no: n,
        name,
        club,
        rating: Some(1500),
        points: Some(qishe::domain::Points(150)),
        virtual_points: None,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(48)))]

    #[test]
    fn every_table_line_has_one_width_whatever_the_names(
        names in prop::collection::vec(player_strategy(0), 2..40),
        lpp in 12usize..70,
        lang in prop::sample::select(vec![Lang::ZhHans, Lang::ZhHant, Lang::En]),
    ) {
        let players: Vec<PlayerLine> = names
            .into_iter()
            .enumerate()
            .map(|(i, mut p)| { p.start_no = i as u32 + 1; p })
            .collect();
        let mut data = pairing_data(1);
        data.boards = players
            .chunks(2)
            .enumerate()
            .map(|(i, c)| BoardLine {
                number: qishe::app::BoardNo(i as u32 + 1),
                red: c[0].clone(),
                black: c.get(1).cloned(),
                results: Vec::new(),
            })
            .collect();
        let docs = [
            report::pairing_sheet(&data, lang),
            report::result_slips(
                &qishe::report::SlipsData {
                    event: event(),
                    round: qishe::app::RoundNo(1),
                    boards: data.boards.clone(),
                    per_page: 4,
                },
                lang,
            ),
            report::checkin_sheet(
                &qishe::report::CheckinData { event: event(), players: players.clone() },
                lang,
            ),
        ];
        for doc in &docs {
            let text = render_text(doc, lpp);
            pages(&text, lpp);
            assert_tables_aligned(&text, lang != Lang::En);
        }
        // Every player is on the pairing sheet twice (by board, by name),
        // whole when the page is wide enough (80 columns cut long names).
        let text = report::render_text_width(&docs[0], lpp, 1000);
        for p in &players {
            prop_assert!(text.contains(p.name.trim_end()), "{} missing", p.name);
        }
    }
}

#[test]
fn the_120_board_sheet_repeats_its_heading_on_every_page() {
    let doc = report::pairing_sheet(&pairing_data(120), Lang::ZhHans);
    let text = render_text(&doc, 60);
    let pages = pages(&text, 60);
    // 120 rows of 55 usable lines: the board list needs 3 pages, the name
    // list (243 players) 5 more.
    assert_eq!(pages.len(), 8, "{text}");
    let board_head = text.lines().find(|l| l.starts_with("台")).unwrap();
    let name_head = text.lines().find(|l| l.starts_with("姓名")).unwrap();
    for (i, p) in pages.iter().enumerate() {
        let head = if i < 3 { board_head } else { name_head };
        assert!(p.contains(head), "page {} lacks the heading", i + 1);
        assert!(
            p.contains(&format!("第{}/8页", i + 1)),
            "page {} footer",
            i + 1
        );
    }
    // Board 120 is on the third page, the by-name list starts on the fourth.
    assert!(pages[2]
        .lines()
        .any(|l| l.trim_start().starts_with("120 |")));
    assert!(pages[3].contains("对阵表（按姓名）"));
    assert_tables_aligned(&text, true);
}

#[test]
fn slips_come_four_to_a_page_with_cut_lines() {
    let doc = report::result_slips(&slips_data(10), Lang::En);
    let text = render_text(&doc, 60);
    let pages = pages(&text, 60);
    assert_eq!(pages.len(), 3, "10 slips at 4 a page");
    assert_eq!(pages[0].matches("8< cut here").count(), 3);
    assert_eq!(pages[2].matches("Board ").count(), 2);
    // Short pages hold fewer slips, never half a slip.
    // A slip is 10 lines; with the cut line and spacing two need 24.
    let short = render_text(&doc, 26);
    let sp = text_pages(&short);
    assert_eq!(sp.len(), 5, "two slips per 26-line page");
    assert!(sp.iter().all(|p| p.matches("Board ").count() == 2));
    let shorter = render_text(&doc, 20);
    let sp = text_pages(&shorter);
    assert_eq!(sp.len(), 10, "one slip per 20-line page");
    assert!(sp.iter().all(|p| p.matches("Board ").count() == 1));
}

fn text_pages(s: &str) -> Vec<&str> {
    s.split('\x0c').collect()
}

#[test]
fn html_is_escaped_and_self_contained() {
    let mut data = pairing_data(2);
    data.boards[0].red.name = "<script>alert(1)</script> & \"x\"".into();
    let html = render_html(&report::pairing_sheet(&data, Lang::En));
    assert!(!html.contains("<script>"));
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;"));
    for external in ["http://", "https://", "src=", "<link", "@import", "url("] {
        assert!(!html.contains(external), "{external}");
    }
    assert!(html.contains("@page { size: A4"));
    assert!(html.contains("display: table-header-group"));
    for font in ["Microsoft YaHei", "PingFang SC", "Noto Sans CJK SC"] {
        assert!(html.contains(font), "{font}");
    }
    // Two sections: the board list and the by-name list on a new page.
    assert_eq!(html.matches("<section>").count(), 2);
}

#[test]
fn html_slips_are_grouped_per_page() {
    let html = render_html(&report::result_slips(&slips_data(10), Lang::ZhHans));
    assert_eq!(html.matches("<section>").count(), 3);
    assert_eq!(html.matches("<div class=\"slip\"").count(), 10);
}

#[test]
fn csv_exports_use_stable_keys_and_read_back() {
    let mut data = standings_data(10);
    data.rows[0].player.name = "Smith, John".into();
    let doc = report::standings(&data, Lang::ZhHans);
    let opts = report::CsvOptions {
        bom: false,
        headings: false,
    };
    let csv = render_csv(&doc, opts, &|c| c.to_string()).unwrap();
    let mut r = csv::Reader::from_reader(csv.as_bytes());
    let head: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
    assert_eq!(
        head,
        [
            "rank",
            "no",
            "name",
            "club",
            "points",
            "opponent-score",
            "small-points",
            "direct"
        ]
    );
    let rows: Vec<csv::StringRecord> = r.records().map(|x| x.unwrap()).collect();
    assert_eq!(rows.len(), 10);
    assert_eq!(&rows[0][2], "Smith, John");
    assert_eq!(
        &rows[0][4],
        &qishe::report::short_points(data.rows[0].player.points.unwrap())
    );
    let err = render_csv(
        &report::result_slips(&slips_data(2), Lang::En),
        opts,
        &|c| c.to_string(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("no table"), "{err}");
}

#[test]
fn the_other_language_changes_every_heading() {
    let zh = render_text(&report::standings(&standings_data(6), Lang::ZhHans), 60);
    let en = render_text(&report::standings(&standings_data(6), Lang::En), 60);
    assert!(zh.contains("名次表") && zh.contains("对手分") && zh.contains("直胜"));
    assert!(en.contains("Standings") && en.contains("Opp. score") && en.contains("Direct"));
    assert!(!en.contains("对手分"));
    let hant = render_text(&report::standings(&standings_data(6), Lang::ZhHant), 60);
    assert!(hant.contains("對手分"));
}

#[test]
fn every_heading_is_translated() {
    for t in qishe::scoring::TieBreak::ALL {
        let key = format!("tb.{}", t.code());
        assert!(qishe::i18n::has(&key), "no heading for {key}");
    }
    let mut all = standings_data(6);
    all.tiebreaks = qishe::scoring::TieBreak::ALL.to_vec();
    for r in &mut all.rows {
        r.values = vec![qishe::domain::Points(100); all.tiebreaks.len()];
    }
    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
        let docs = [
            report::pairing_sheet(&pairing_data(3), lang),
            report::result_slips(&slips_data(3), lang),
            report::standings(&all, lang),
            report::crosstable(&round_robin(5, 3), lang),
            report::wall_chart(&round_robin(5, 5), lang),
            report::checkin_sheet(&checkin_data(5), lang),
        ];
        for d in &docs {
            for out in [render_text(d, 60), render_html(d)] {
                assert!(
                    !out.contains("rep.") && !out.contains("tb."),
                    "untranslated key in {}",
                    d.title
                );
            }
        }
    }
}

#[test]
fn wide_grids_print_across_the_page() {
    let big = render_html(&report::wall_chart(&round_robin(14, 3), Lang::ZhHans));
    assert!(big.contains("@page { size: A4 landscape; }"));
    let small = render_html(&report::wall_chart(&round_robin(7, 3), Lang::ZhHans));
    assert!(!small.contains("landscape"));
    let long = render_html(&report::crosstable(&round_robin(12, 11), Lang::En));
    assert!(long.contains("A4 landscape"));
}
