use super::*;
use crate::i18n::Lang;
use crate::report::{ColKind, Column, Imprint, Part, Slip, SlipCell, SlipRow, Table};

/// Noto Sans CJK where Debian puts it (`fonts-noto-cjk`); the tests that
/// need a real font say so and pass without it.
fn noto() -> Option<Vec<u8>> {
    std::fs::read("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").ok()
}

macro_rules! font_or_skip {
    ($bytes:ident, $lang:expr) => {
        let Some($bytes) = noto() else {
            eprintln!("skipped: no Noto Sans CJK");
            return;
        };
        let $bytes = PdfFont::from_bytes(&$bytes, $lang).expect("Noto Sans CJK is a font");
    };
}

fn table(rows: usize, club: &str) -> Table {
    let mut t = Table::new(vec![
        Column::new("no", "序号", ColKind::Number),
        Column::new("name", "姓名", ColKind::Text),
        Column::new("club", "单位", ColKind::Text),
        Column::new("points", "积分", ColKind::Number),
    ]);
    for i in 0..rows {
        t.rows.push(vec![
            (i + 1).to_string(),
            format!("王{}", ["小明", "大力", "建国"][i % 3]),
            club.to_string(),
            "1.5".into(),
        ]);
    }
    t
}

fn doc(parts: Vec<Part>, landscape: bool) -> Doc {
    let mut d = Doc {
        title: "秋季赛 · 名次表".into(),
        lang: Lang::ZhHans,
        parts,
        landscape,
        csv: None,
    };
    d.stamp(Imprint {
        pairs: vec![("棋社".into(), "东城象棋社".into())],
        club: Some("东城象棋社".into()),
        printed: "打印日期: 2026-12-03".into(),
    });
    d
}

#[test]
fn a4_and_letter_in_points() {
    let (w, h) = Paper::A4.size();
    assert_eq!((w, h), (595.28, 841.89));
    assert_eq!(Paper::Letter.size(), (612.0, 792.0));
    assert_eq!(Paper::from_code("Letter"), Some(Paper::Letter));
    assert_eq!(Paper::from_code("a5"), None);
}

#[test]
fn every_page_has_the_title_the_club_the_date_and_its_number() {
    font_or_skip!(f, Lang::ZhHans);
    let d = doc(
        vec![
            Part::Heading("秋季赛 · 名次表".into()),
            Part::Table(table(150, "东城")),
        ],
        false,
    );
    let pages = layout_pdf(&d, &f, PdfSettings::default());
    assert!(pages.len() >= 3, "{} pages", pages.len());
    let n = pages.len();
    for (i, p) in pages.iter().enumerate() {
        let t = p.texts();
        assert!((p.width - 595.28).abs() < 0.1, "portrait A4");
        assert!(t.contains(&"秋季赛 · 名次表"), "running title on page {i}");
        assert!(t.contains(&"东城象棋社"), "club on page {i}");
        assert!(t.contains(&"打印日期: 2026-12-03"), "date on page {i}");
        assert!(t.contains(&format!("第{}/{n}页", i + 1).as_str()), "{t:?}");
        // The table's heading row is repeated on every page.
        assert!(
            t.contains(&"姓名") && t.contains(&"积分"),
            "page {i}: {t:?}"
        );
    }
    // Every row is printed once.
    let rows: usize = pages
        .iter()
        .map(|p| p.texts().iter().filter(|s| s.starts_with("王")).count())
        .sum();
    assert_eq!(rows, 150);
}

#[test]
fn long_club_wraps_inside_its_cell_and_names_stay_whole() {
    font_or_skip!(f, Lang::ZhHans);
    let long = "北京市东城区青少年活动中心象棋俱乐部第一分部高级班与朝阳区少年宫围棋象棋国际象棋联合训练基地";
    let mut t = table(3, "东城");
    t.rows[1][2] = long.into();
    let pages = layout_pdf(
        &doc(vec![Part::Table(t)], false),
        &f,
        PdfSettings::default(),
    );
    let texts = pages[0].texts();
    assert!(
        !texts.contains(&long),
        "the long club is wrapped: {texts:?}"
    );
    let pieces: String = texts
        .iter()
        .filter(|s| long.contains(**s) && s.chars().count() > 2)
        .copied()
        .collect();
    assert_eq!(pieces, long, "every character of it is printed");
    assert!(texts.contains(&"王大力"), "{texts:?}");
}

#[test]
fn a_table_too_wide_to_stand_prints_across_the_page() {
    font_or_skip!(f, Lang::ZhHans);
    let mut cols = vec![Column::new("name", "姓名", ColKind::Text)];
    for r in 1..=40 {
        cols.push(Column::new(
            &format!("r{r}"),
            format!("第{r}轮"),
            ColKind::Mark,
        ));
    }
    let mut t = Table::new(cols);
    t.rows.push(
        std::iter::once("王小明".to_string())
            .chain((1..=40).map(|_| "12w1".to_string()))
            .collect(),
    );
    let pages = layout_pdf(
        &doc(vec![Part::Table(t)], false),
        &f,
        PdfSettings::default(),
    );
    assert!(pages[0].width > pages[0].height, "landscape");
    let letter = PdfSettings {
        paper: Paper::Letter,
    };
    let pages = layout_pdf(&doc(vec![Part::Heading("x".into())], true), &f, letter);
    assert_eq!((pages[0].width, pages[0].height), (792.0, 612.0));
}

#[test]
fn slips_go_four_to_a_page_with_tall_signature_rows() {
    font_or_skip!(f, Lang::ZhHans);
    let slip = |b: u32| Slip {
        title: format!("秋季赛 · 第1轮 · 第{b}台"),
        sides: ["红方".into(), "黑方".into()],
        rows: vec![
            SlipRow::Sides {
                label: "姓名".into(),
                red: SlipCell::Text("1 王小明 (东城)".into()),
                black: SlipCell::Text("2 李大力".into()),
            },
            SlipRow::Span {
                label: "结果".into(),
                cell: SlipCell::Boxes(vec!["红胜".into(), "和棋".into(), "黑胜".into()]),
            },
            SlipRow::Sides {
                label: "签名".into(),
                red: SlipCell::Sign,
                black: SlipCell::Sign,
            },
        ],
    };
    let d = doc(
        vec![Part::Slips {
            per_page: 4,
            slips: (1..=6).map(slip).collect(),
        }],
        false,
    );
    let pages = layout_pdf(&d, &f, PdfSettings::default());
    assert_eq!(pages.len(), 2);
    let titles = |p: &Page| p.texts().iter().filter(|t| t.contains("台")).count();
    assert_eq!((titles(&pages[0]), titles(&pages[1])), (4, 2));
    // The signature row is at least 10 mm tall: the horizontal rules of
    // the first slip's table, top to bottom.
    let mut ys: Vec<f32> = pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Line {
                y1,
                y2,
                x1,
                x2,
                dashed: false,
                ..
            } if y1 == y2 && x2 - x1 > 100.0 => Some(*y1),
            _ => None,
        })
        .filter(|y| *y < 297.0 * MM / 4.0 + 17.0 * MM)
        .collect();
    ys.sort_by(f32::total_cmp);
    ys.dedup_by(|a, b| (*a - *b).abs() < 0.01);
    let last = ys[ys.len() - 1] - ys[ys.len() - 2];
    assert!(last >= 10.0 * MM, "signature row {:.1} mm", last / MM);
}

#[test]
fn the_file_embeds_a_small_subset_of_the_font() {
    font_or_skip!(f, Lang::ZhHans);
    let d = doc(
        vec![
            Part::Heading("秋季赛 · 名次表".into()),
            Part::Table(table(20, "东城")),
        ],
        false,
    );
    let pdf = render_pdf(&d, &f, PdfSettings::default()).unwrap();
    let s = String::from_utf8_lossy(&pdf);
    assert!(s.starts_with("%PDF-"));
    assert!(s.contains("/MediaBox [0 0 595.28 841.89]"), "A4");
    assert!(
        s.contains("/FontFile3") && s.contains("/CIDFontType0C"),
        "CFF embedded"
    );
    assert!(s.contains("/ToUnicode"), "selectable text");
    assert!(s.contains("+NotoSansCJK"), "a subset's name");
    // The collection is 19 MB; the subset of a few dozen glyphs is small.
    assert!(pdf.len() < 60_000, "{} bytes", pdf.len());
}

/// A bracket chart is drawn as the HTML and PNG renderers draw it: names
/// on their lines, the connector columns as lines joining them (a vertical
/// bar from the upper name down to the lower one), never as box-drawing
/// text and without a table's grid.
#[test]
fn a_bracket_chart_draws_its_connectors_as_lines() {
    use crate::report::bracket::{LINK_BOTTOM, LINK_MID, LINK_TOP};
    font_or_skip!(f, Lang::ZhHans);
    let mut t = Table::new(vec![
        Column::new("chart-1", "决赛", ColKind::Text),
        Column::new("chart-link-1", "", ColKind::Text),
        Column::new("chart-2", "冠军", ColKind::Text),
    ]);
    for r in [
        ["王天一", LINK_TOP, ""],
        ["", LINK_MID, "王天一"],
        ["赵鑫鑫", LINK_BOTTOM, ""],
    ] {
        t.rows.push(r.iter().map(|s| s.to_string()).collect());
    }
    let pages = layout_pdf(
        &doc(vec![Part::Table(t)], false),
        &f,
        PdfSettings::default(),
    );
    assert_eq!(pages.len(), 1);
    let texts = pages[0].texts();
    assert_eq!(
        texts.iter().filter(|s| **s == "王天一").count(),
        2,
        "{texts:?}"
    );
    assert!(texts.contains(&"赵鑫鑫") && texts.contains(&"冠军"));
    assert!(
        !texts.iter().any(|s| s.contains(['─', '┐', '┘', '├', '│'])),
        "{texts:?}"
    );
    let lines: Vec<(f32, f32, f32, f32)> = pages[0]
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Line { x1, y1, x2, y2, .. } => Some((*x1, *y1, *x2, *y2)),
            _ => None,
        })
        .collect();
    let vertical: Vec<_> = lines.iter().filter(|l| l.0 == l.2).collect();
    let horizontal: Vec<_> = lines.iter().filter(|l| l.1 == l.3).collect();
    // One connector: its bar down the three rows' right edge, all at one x.
    assert_eq!(vertical.len(), 2, "{lines:?}");
    assert!(vertical.iter().all(|l| l.0 == vertical[0].0));
    // Three names underlined, the upper and lower name's lines run on into
    // the connector; the page's header rule.
    assert_eq!(horizontal.len(), 3 + 2 + 1, "{lines:?}");
}

/// A table card is a folded A4: the fold across the middle of the page,
/// the lower half upright and the upper half the same texts turned upside
/// down, each mirrored about the page's middle.
#[test]
fn a_table_card_is_folded_with_its_upper_half_upside_down() {
    use crate::report::Card;
    font_or_skip!(f, Lang::ZhHans);
    let card = Card {
        head: "秋季赛 · 第1轮".into(),
        big: "3".into(),
        lines: vec!["王天一 — 赵鑫鑫".into()],
    };
    let pages = layout_pdf(
        &doc(vec![Part::Card(card)], false),
        &f,
        PdfSettings::default(),
    );
    assert_eq!(pages.len(), 1);
    let p = &pages[0];
    let (cx, fold) = (p.width / 2.0, p.height / 2.0);
    let texts = |want: &str| -> Vec<(f32, f32, bool)> {
        p.items
            .iter()
            .filter_map(|i| match i {
                Item::Text {
                    x, y, text, turned, ..
                } if text == want => Some((*x, *y, *turned)),
                _ => None,
            })
            .collect()
    };
    for want in ["3", "王天一 — 赵鑫鑫", "秋季赛 · 第1轮"] {
        let t = texts(want);
        assert_eq!(t.len(), 2, "{want}: {t:?}");
        let up = t.iter().find(|t| !t.2).expect("upright");
        let down = t.iter().find(|t| t.2).expect("upside down");
        assert!(up.1 > fold && down.1 < fold, "{want}: {t:?}");
        assert!((up.0 + down.0 - 2.0 * cx).abs() < 0.01, "{t:?}");
        assert!((up.1 + down.1 - 2.0 * fold).abs() < 0.01, "{t:?}");
    }
    assert!(p.items.iter().any(|i| matches!(i,
        Item::Line { y1, y2, dashed: true, .. } if *y1 == fold && *y2 == fold)));
    // The upside-down text is written as such into the file.
    let pdf = render_pdf(
        &doc(
            vec![Part::Card(Card {
                head: "h".into(),
                big: "3".into(),
                lines: Vec::new(),
            })],
            false,
        ),
        &f,
        PdfSettings::default(),
    )
    .expect("a PDF");
    assert!(!pdf.is_empty());
}

/// A score sheet in PDF is a form, not a text dump: the sides in framed
/// cells, every move number 1–100 a text of its own in a ruled grid, the
/// boxes framed; no row of underscores.
#[test]
fn a_score_sheet_is_a_ruled_form() {
    use crate::report::ScoreSheet;
    font_or_skip!(f, Lang::ZhHans);
    let s = ScoreSheet {
        title: "记录纸".into(),
        info: vec![
            ("比赛".into(), "秋季赛".into()),
            ("台次".into(), "3".into()),
        ],
        sides: [
            ("红方".into(), "王天一".into()),
            ("黑方".into(), "赵鑫鑫".into()),
        ],
        moves: 100,
        columns: ["回合".into(), "红方".into(), "黑方".into()],
        boxes: [
            "结果",
            "回合数",
            "红方用时",
            "黑方用时",
            "红方签名",
            "黑方签名",
            "裁判签名",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect(),
    };
    let pages = layout_pdf(
        &doc(vec![Part::ScoreSheet(s)], false),
        &f,
        PdfSettings::default(),
    );
    assert_eq!(pages.len(), 1, "one page");
    let texts = pages[0].texts();
    for n in 1..=100 {
        assert!(
            texts.contains(&n.to_string().as_str()),
            "move {n}: {texts:?}"
        );
    }
    for want in ["王天一", "赵鑫鑫", "裁判签名", "记录纸"] {
        assert!(texts.contains(&want), "{want}: {texts:?}");
    }
    assert!(!texts.iter().any(|t| t.contains("___")), "{texts:?}");
    let lines = pages[0]
        .items
        .iter()
        .filter(|i| matches!(i, Item::Line { .. }))
        .count();
    // 50 rows a block, two blocks, each row ruled.
    assert!(lines > 100, "{lines} rules");
}

/// A column as wide as its heading or its widest cell prints that heading
/// and that cell whole: the width is not a rounding error short of the
/// text (English "Match" was cut to "Mat…" over a column of numbers).
#[test]
fn the_text_a_column_is_sized_by_is_never_cut() {
    font_or_skip!(f, Lang::En);
    let mut t = Table::new(vec![
        Column::new("match", "Match", ColKind::Number),
        Column::new("home", "Home", ColKind::Text),
        Column::new("score", "Score", ColKind::Mark),
        Column::new("away", "Away", ColKind::Text),
        Column::new("match-points", "MP", ColKind::Mark),
        Column::new("games", "Games", ColKind::Number),
        Column::new("percent", "%", ColKind::Number),
    ]);
    t.rows.push(vec![
        "1".into(),
        "藍隊".into(),
        "3:1".into(),
        "黑隊".into(),
        "2:0".into(),
        "2".into(),
        "100.00".into(),
    ]);
    let mut d = doc(vec![Part::Table(t)], false);
    d.lang = Lang::En;
    let pages = layout_pdf(&d, &f, PdfSettings::default());
    let texts = pages[0].texts();
    for whole in ["Match", "Score", "MP", "Games", "100.00", "3:1", "2:0"] {
        assert!(texts.contains(&whole), "{whole}: {texts:?}");
    }
    assert!(!texts.iter().any(|s| s.contains('…')), "{texts:?}");
}
