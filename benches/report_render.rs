//! Rendering speed of the biggest documents a club prints: a 120-board
//! round's pairing sheet and slips, in text and HTML; the pairing sheet
//! of a 16-board round (one phone screen and its by-name page) and of the
//! 120-board round as PNG pages, drawn with Noto Sans CJK (skipped where
//! it is not installed).

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use qishe::domain::Points;
use qishe::i18n::Lang;
use qishe::report::png::{render_png, FontGlyphs};
use qishe::report::{
    pairing_sheet, render_html, render_text, result_slips, BoardLine, EventInfo, PairingSheetData,
    PlayerLine, SlipsData,
};

fn player(n: u32) -> PlayerLine {
    const S: &[&str] = &["王", "李", "欧阳", "郑", "许", "赵"];
    const G: &[&str] = &["天一", "惟桐", "银川", "琦琳", "鑫鑫", "Wei"];
    PlayerLine {
        start_no: n,
        name: format!(
            "{}{}",
            S[n as usize % S.len()],
            G[(n as usize / 6) % G.len()]
        ),
        club: Some(["杭州", "四川", "Berlin XQ Club"][n as usize % 3].into()),
        rating: Some(2000),
        points: Some(Points(n as i64 % 7 * 50)),
        virtual_points: None,
    }
}

fn boards(n: u32) -> Vec<BoardLine> {
    (1..=n)
        .map(|b| BoardLine {
            number: qishe::app::BoardNo(b),
            red: player(2 * b - 1),
            black: Some(player(2 * b)),
            results: Vec::new(),
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let event = EventInfo {
        name: "2026 秋季赛".into(),
        date: None,
        time_control: Some("90+30".into()),
        rounds: Some(9),
        games_per_round: 1,
        round_start: None,
        name_order: Default::default(),
        round_robin: false,
    };
    let sheet = PairingSheetData {
        event: event.clone(),
        round: qishe::app::RoundNo(5),
        boards: boards(120),
        absent: Vec::new(),
    };
    let slips = SlipsData {
        event,
        round: qishe::app::RoundNo(5),
        boards: boards(120),
        per_page: 4,
    };
    c.bench_function("pairing_sheet_120_text", |b| {
        b.iter(|| render_text(&pairing_sheet(black_box(&sheet), Lang::ZhHans), 60))
    });
    c.bench_function("pairing_sheet_120_html", |b| {
        b.iter(|| render_html(&pairing_sheet(black_box(&sheet), Lang::ZhHans)))
    });
    let noto = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";
    match std::fs::read(noto) {
        Ok(bytes) => {
            let font = FontGlyphs::from_bytes(bytes, Lang::ZhHans).expect("Noto CJK");
            let small = PairingSheetData {
                boards: boards(16),
                ..sheet.clone()
            };
            let small = pairing_sheet(&small, Lang::ZhHans);
            let big = pairing_sheet(&sheet, Lang::ZhHans);
            c.bench_function("pairing_sheet_16_png", |b| {
                b.iter(|| render_png(black_box(&small), &font))
            });
            let mut g = c.benchmark_group("png_slow");
            g.sample_size(10);
            g.bench_function("pairing_sheet_120_png", |b| {
                b.iter(|| render_png(black_box(&big), &font))
            });
            g.finish();
        }
        Err(_) => eprintln!("png benches skipped: no {noto}"),
    }
    c.bench_function("slips_120_text", |b| {
        b.iter(|| render_text(&result_slips(black_box(&slips), Lang::ZhHans), 60))
    });
    c.bench_function("slips_120_html", |b| {
        b.iter(|| render_html(&result_slips(black_box(&slips), Lang::ZhHans)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
