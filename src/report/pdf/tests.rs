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
