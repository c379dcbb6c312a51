use super::font::face_for;
use super::layout::*;
use super::*;
use crate::i18n::Lang;
use crate::report::{
    pairing_sheet, standings, BoardLine, EventInfo, PairingSheetData, PlayerLine, StandingLine,
    StandingsData,
};
use unicode_width::UnicodeWidthChar;

/// Glyphs without a font: a character is a filled box, half an em
/// wide per display column.
struct Boxes;

impl Glyphs for Boxes {
    fn advance(&self, c: char, px: f32) -> f32 {
        c.width().unwrap_or(0) as f32 * px / 2.0
    }
    fn ascent(&self, px: f32) -> f32 {
        px * 0.88
    }
    fn descent(&self, px: f32) -> f32 {
        px * 0.12
    }
    fn has(&self, c: char) -> bool {
        c != '\u{e000}'
    }
    fn draw(&self, c: char, px: f32, x: f32, baseline: f32, put: &mut dyn FnMut(i32, i32, f32)) {
        let w = self.advance(c, px);
        let top = (baseline - px * 0.8).round() as i32;
        for y in top..baseline.round() as i32 {
            for dx in 1..(w as i32 - 1).max(1) {
                put(x as i32 + dx, y, 1.0);
            }
        }
    }
}

fn player(n: u32, long: bool) -> PlayerLine {
    PlayerLine {
        start_no: n,
        name: match long {
            true => format!("欧阳阿卜杜勒·穆罕默德·赛义德{n}"),
            false => format!("王{}", ["天一", "惟桐", "琦琳", "鑫"][n as usize % 4]),
        },
        club: Some(["杭州市象棋协会少年队", "四川", "Berlin XQ Club"][n as usize % 3].into()),
        rating: None,
        points: Some(crate::domain::Points(n as i64 % 5 * 100)),
        virtual_points: None,
    }
}

fn event() -> EventInfo {
    EventInfo {
        name: "2026 秋季赛".into(),
        time_control: Some("90+30".into()),
        rounds: Some(9),
        games_per_round: 1,
        ..Default::default()
    }
}

fn sheet(boards: u32, long: bool) -> Doc {
    pairing_sheet(
        &PairingSheetData {
            event: event(),
            round: crate::domain::RoundNo(5),
            boards: (1..=boards)
                .map(|b| BoardLine {
                    number: crate::domain::BoardNo(b),
                    red: player(2 * b - 1, long && b == 2),
                    black: Some(player(2 * b, false)),
                    results: if b % 3 == 0 {
                        vec!["1-0".into()]
                    } else {
                        vec![]
                    },
                })
                .collect(),
            absent: Vec::new(),
        },
        Lang::ZhHans,
    )
}

fn cells(pages: &[PageLayout], table: usize) -> Vec<(usize, usize, &TextItem)> {
    pages
        .iter()
        .flat_map(|p| &p.texts)
        .filter_map(|t| match t.role {
            Role::Cell { table: i, row, col } if i == table => Some((row, col, t)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_long_pairing_sheet_splits_with_every_row_drawn_and_the_heading_repeated() {
    let doc = sheet(60, false);
    let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
    // 60 boards do not fit one phone screen; the by-name list starts a page.
    assert!(pages.len() >= 4, "{} pages", pages.len());
    for p in &pages {
        assert_eq!(p.width, PNG_WIDTH);
        assert!(p.height <= PNG_MAX_HEIGHT, "{}", p.height);
    }
    // Every board's row is drawn once: its board number.
    let boards: Vec<usize> = cells(&pages, 0)
        .iter()
        .filter(|(_, c, _)| *c == 0)
        .map(|(r, _, _)| *r)
        .collect();
    assert_eq!(boards, (0..60).collect::<Vec<_>>());
    // The by-name table: 120 players.
    let names = cells(&pages, 1).iter().filter(|(_, c, _)| *c == 0).count();
    assert_eq!(names, 120);
    // Each page that holds rows of a table holds its heading row, above them.
    for table in [0, 1] {
        for (i, p) in pages.iter().enumerate() {
            let rows: Vec<f32> = p
                .texts
                .iter()
                .filter(|t| matches!(t.role, Role::Cell { table: x, .. } if x == table))
                .map(|t| t.baseline)
                .collect();
            if rows.is_empty() {
                continue;
            }
            let head = p
                .texts
                .iter()
                .find(|t| matches!(t.role, Role::Header { table: x, col: 0 } if x == table))
                .unwrap_or_else(|| {
                    panic!("page {} has rows of table {table} but no heading", i + 1)
                });
            assert!(rows.iter().all(|b| *b > head.baseline));
            if i > 0 && !p.texts.iter().any(|t| t.role == Role::Heading) {
                assert!(p
                    .texts
                    .iter()
                    .any(|t| t.role == Role::RunningTitle && t.text == doc.title));
            }
        }
    }
    // Pages are numbered 第N/M页.
    let n = pages.len();
    for (i, p) in pages.iter().enumerate() {
        let f: Vec<&str> = p
            .texts
            .iter()
            .filter(|t| t.role == Role::Footer)
            .map(|t| t.text.as_str())
            .collect();
        assert_eq!(f, [format!("第{}/{n}页", i + 1)]);
    }
}

#[test]
fn no_text_is_wider_than_its_cell_and_long_names_are_cut() {
    let doc = sheet(8, true);
    let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
    let mut cut = 0;
    for p in &pages {
        for t in &p.texts {
            let w = measure(&Boxes, &t.text, t.px);
            let inside = t.x >= t.clip.x as f32 && t.x + w <= t.clip.right() as f32 + 0.5;
            assert!(inside, "{:?} {} wide", t, w);
            assert!(t.clip.right() <= PNG_WIDTH as i32);
            // The whole glyph box fits the row's height.
            assert!(t.baseline - t.px * 0.88 >= t.clip.y as f32, "{t:?}");
            assert!(t.baseline + t.px * 0.12 <= t.clip.bottom() as f32, "{t:?}");
            if t.text.ends_with('…') {
                cut += 1;
            }
        }
    }
    // Board 2's red name is too long for its column.
    let name = cells(&pages, 0)
        .into_iter()
        .find(|(r, c, _)| *r == 1 && *c == 2)
        .unwrap()
        .2;
    assert!(
        name.text.starts_with("欧阳") && name.text.ends_with('…'),
        "{}",
        name.text
    );
    // Clubs gave way first: the name column is the wider.
    let club = cells(&pages, 0)
        .into_iter()
        .find(|(r, c, _)| *r == 1 && *c == 3)
        .unwrap()
        .2;
    assert!(name.clip.w > club.clip.w, "{:?} {:?}", name.clip, club.clip);
    assert!(cut >= 1);
    // Body text is readable on a phone.
    assert!(name.px >= 30.0, "{}", name.px);
}

#[test]
fn painted_rows_are_zebra_striped_and_text_stays_in_its_cell() {
    let doc = sheet(6, false);
    let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
    let img = paint(&pages[0], &Boxes);
    assert_eq!((img.width, img.height), (PNG_WIDTH, pages[0].height));
    let rows: Vec<(i32, i32)> = {
        let mut v: Vec<(i32, i32)> = pages[0]
            .texts
            .iter()
            .filter_map(|t| match t.role {
                Role::Cell {
                    table: 0, col: 0, ..
                } => Some((t.clip.y, t.clip.bottom())),
                _ => None,
            })
            .collect();
        v.dedup();
        v
    };
    assert_eq!(rows.len(), 6);
    // The left margin of the table: white, zebra, white, …
    let x = STYLE.margin as u32 + 2;
    for (i, (top, _)) in rows.iter().enumerate() {
        let want = if i % 2 == 1 { ZEBRA } else { WHITE };
        assert_eq!(img.pixel(x, *top as u32 + 2), want, "row {i}");
    }
    // Ink only inside the cells' boxes: the pixels between two rows'
    // text stay background.
    for t in pages[0]
        .texts
        .iter()
        .filter(|t| matches!(t.role, Role::Cell { .. }))
    {
        let inked = (t.clip.x..t.clip.right())
            .any(|x| (t.clip.y..t.clip.bottom()).any(|y| img.pixel(x as u32, y as u32) == INK));
        assert!(inked, "{} not drawn", t.text);
    }
    let png = encode(&img);
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn wide_standings_use_short_headings_and_smaller_text_before_cutting() {
    use crate::scoring::TieBreak;
    let tbs = vec![
        TieBreak::OpponentScore,
        TieBreak::SmallPoints,
        TieBreak::Progressive,
        TieBreak::Wins,
        TieBreak::BlackGames,
    ];
    let d = StandingsData {
        event: event(),
        after_round: crate::domain::AfterRound::counting(9),
        in_progress: None,
        tiebreaks: tbs.clone(),
        rating: true,
        rows: (1..=20)
            .map(|n| StandingLine {
                rank: n,
                shared: false,
                player: PlayerLine {
                    rating: Some(2100),
                    ..player(n, false)
                },
                values: tbs.iter().map(|_| crate::domain::Points(1250)).collect(),
                progress: (1..=9).map(|r| crate::domain::Points(r * 100)).collect(),
            })
            .collect(),
    };
    let doc = standings(&d, Lang::ZhHans);
    let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
    let all = cells(&pages, 0);
    assert_eq!(all.iter().filter(|(_, c, _)| *c == 0).count(), 20);
    // Numbers are never cut; a legend spells the short headings out.
    for (_, c, t) in &all {
        if *c != 2 && *c != 3 {
            assert!(!t.text.ends_with('…'), "{}", t.text);
        }
    }
    assert!(pages[0]
        .texts
        .iter()
        .any(|t| t.role == Role::Note && t.text.starts_with("简称")));
}

#[test]
fn text_wraps_at_the_width_and_missing_glyphs_are_reported() {
    let lines = wrap(&Boxes, &"名次依次按积分".repeat(20), 28.0, 1000.0);
    assert!(lines.len() > 1);
    assert!(lines.iter().all(|l| measure(&Boxes, l, 28.0) <= 1000.0));
    assert_eq!(lines.concat(), "名次依次按积分".repeat(20));
    let words = wrap(&Boxes, "aaaa bbbb cccc", 20.0, 80.0);
    assert_eq!(words, ["aaaa", "bbbb", "cccc"]);
    // A list breaks after its separators, not inside an item.
    let list = wrap(
        &Boxes,
        "简称：比1 = 对手分；比2 = 小分；比3 = 胜局",
        20.0,
        300.0,
    );
    assert_eq!(list, ["简称：比1 = 对手分；", "比2 = 小分；比3 = 胜局"]);
    // An English list breaks after its comma; the next line starts at
    // the word, not at the space after the comma.
    let english = wrap(&Boxes, "Ranked by: Points, Wins, Small points", 20.0, 300.0);
    assert_eq!(english, ["Ranked by: Points, Wins,", "Small points"]);
    let mut doc = sheet(2, false);
    assert!(missing_chars(&doc, &Boxes).is_empty());
    doc.parts.push(Part::Note("x\u{e000}".into()));
    assert_eq!(missing_chars(&doc, &Boxes), ['\u{e000}']);
}

/// The system's CJK font, when there is one (the tests that need it
/// skip on a machine without).
fn system_font() -> Option<FontGlyphs> {
    let path = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
    let Ok(bytes) = std::fs::read(path) else {
        eprintln!("skipped: no {path}");
        return None;
    };
    Some(FontGlyphs::from_bytes(bytes, Lang::ZhHans).expect("a font"))
}

#[test]
fn a_cjk_collection_gives_its_simplified_face_and_real_glyphs() {
    let Some(f) = system_font() else { return };
    assert!(f.has('棋') && f.has('A'));
    // An em-sized Chinese character: about as wide as the size asked.
    let w = f.advance('棋', 34.0);
    assert!((33.0..=35.0).contains(&w), "{w}");
    let bytes = std::fs::read("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").unwrap();
    let sc = face_for(&bytes, Lang::ZhHans);
    let tc = face_for(&bytes, Lang::ZhHant);
    assert_ne!(sc, tc);
    let family = |i| {
        let face = ttf_parser::Face::parse(&bytes, i).unwrap();
        face.names()
            .into_iter()
            .find(|n| n.name_id == ttf_parser::name_id::FAMILY)
            .and_then(|n| n.to_string())
            .unwrap()
    };
    assert!(family(sc).ends_with("SC"), "{}", family(sc));
    assert!(family(tc).ends_with("TC"), "{}", family(tc));
    let pages = render_png(&sheet(3, true), &f);
    assert_eq!(pages.len(), 2);
    assert_eq!(&pages[0][1..4], b"PNG");
}

#[test]
fn bytes_that_are_no_font_are_refused() {
    assert!(FontGlyphs::from_bytes(b"not a font".to_vec(), Lang::ZhHans).is_err());
}

/// A bracket chart's connectors are drawn as lines, not as box-drawing
/// glyphs, and its rows are not striped (the lines would break).
#[test]
fn a_bracket_chart_draws_its_connectors_as_lines() {
    use crate::report::bracket::{bracket_chart, KnockoutData, KoMatch, KoPlayer};
    let p = |seed: u32, name: &str| KoPlayer {
        seed,
        name: name.into(),
    };
    let m = |board, a: KoPlayer, b: KoPlayer, w: &str| KoMatch {
        round: crate::domain::RoundNo(1),
        board: crate::domain::BoardNo(board),
        third_place: false,
        a,
        b: Some(b),
        winner: Some(w.into()),
        decided_by: Some("games".into()),
        score: None,
        games: Vec::new(),
        due: None,
        lot_due: false,
        problem: None,
    };
    let d = KnockoutData {
        event: event(),
        total_rounds: 2,
        size: 4,
        rounds: vec![vec![
            m(1, p(1, "王天一"), p(4, "洪智"), "王天一"),
            m(2, p(2, "郑惟桐"), p(3, "许银川"), "许银川"),
        ]],
        ..Default::default()
    };
    let doc = bracket_chart(&d, Lang::ZhHans);
    let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
    let page = &pages[0];
    assert!(
        page.texts
            .iter()
            .all(|t| !t.text.contains('┐') && !t.text.contains('│')),
        "connectors are not text"
    );
    // The chart (table 0) has no striped row; its lines are ink: an
    // underline under each of the 4 + 2 names and the connectors' lines.
    let chart_bottom = page
        .texts
        .iter()
        .filter(|t| matches!(t.role, Role::Cell { table: 0, .. }))
        .map(|t| t.clip.bottom())
        .max()
        .unwrap();
    let ink = page
        .fills
        .iter()
        .filter(|(r, c)| *c == INK && r.y <= chart_bottom)
        .count();
    assert!(ink >= 6 + 4, "{ink} lines");
    assert!(
        !page
            .fills
            .iter()
            .any(|(r, c)| *c == ZEBRA && r.y < chart_bottom),
        "no stripes in the chart"
    );
}

/// A crosstable of six rounds with four-character names and long clubs
/// on an upright page: the clubs give way and the text gets smaller, but
/// every name is printed whole (it was cut to "欧阳…").
#[test]
fn four_character_names_stay_whole_while_clubs_give_way() {
    use crate::report::{ColKind, Column, Table};
    let mut cols = vec![
        Column::new("no", "号", ColKind::Number),
        Column::new("name", "姓名", ColKind::Text),
        Column::new("club", "单位", ColKind::Text),
    ];
    for r in 1..=6 {
        cols.push(Column::new(
            &format!("r{r}"),
            format!("第{r}轮"),
            ColKind::Mark,
        ));
    }
    cols.push(Column::new("points", "分", ColKind::Number));
    cols.push(Column::new("rank", "名次", ColKind::Number));
    let mut t = Table::new(cols);
    for i in 0..24 {
        let mut row = vec![
            (i + 1).to_string(),
            ["欧阳天一", "司马惟桐", "上官银川", "王钦"][i % 4].to_string(),
            "杭州市象棋协会少年宫分会".to_string(),
        ];
        row.extend((0..6).map(|r| format!("{}红+", (i + r) % 24 + 1)));
        row.extend(["8".to_string(), "12=".to_string()]);
        t.rows.push(row);
    }
    let doc = Doc {
        title: "交叉表".into(),
        lang: Lang::ZhHans,
        parts: vec![Part::Table(t)],
        landscape: false,
        csv: None,
    };
    let pages = layout(&doc, &Boxes, PNG_MAX_HEIGHT);
    let cells = cells(&pages, 0);
    let names: Vec<&str> = cells
        .iter()
        .filter(|(_, c, _)| *c == 1)
        .map(|(_, _, t)| t.text.as_str())
        .collect();
    assert_eq!(names.len(), 24);
    assert!(names.iter().all(|n| !n.ends_with('…')), "{names:?}");
    let clubs = cells
        .iter()
        .filter(|(_, c, t)| *c == 2 && t.text.ends_with('…'));
    assert!(clubs.count() > 0, "the clubs gave way");
}
