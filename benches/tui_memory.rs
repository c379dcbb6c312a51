//! The TUI pages (ruling dialog, member page, statistics) on ten years
//! of weekly events (520 events, 104,000 games, 200 members,
//! `build_history_db`'s default): the
//! statistics screen opened (`S`, stats and rating list, first frame), its
//! filter applied, the member page opened (`Enter` on the club list) and a
//! head-to-head shown (`v`).

use criterion::{criterion_group, criterion_main, Criterion};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::{build_history_db, App, HistorySpec};
use qishe::config::Config;
use qishe::i18n::Lang;
use qishe::tui::{press, view, Model};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn key(app: &mut App, m: &mut Model, code: KeyCode) {
    press(app, m, KeyEvent::new(code, KeyModifiers::NONE), &mut |_| {});
}

fn keys(app: &mut App, m: &mut Model, text: &str) {
    for c in text.chars() {
        key(app, m, KeyCode::Char(c));
    }
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let config = Config {
        language: Some(Lang::ZhHans),
        ..Config::default()
    };
    {
        let mut app = App::open(config.clone(), &db).unwrap();
        build_history_db(app.store_for_tests(), &HistorySpec::default()).unwrap();
    }
    let mut app = App::open(config, &db).unwrap();
    let mut m = Model::load(&app).unwrap();
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut g = c.benchmark_group("tui_memory_10y");
    g.sample_size(10);
    g.bench_function("open_stats_screen", |b| {
        b.iter(|| {
            keys(&mut app, &mut m, "S");
            t.draw(|f| view(&m, f)).unwrap();
            key(&mut app, &mut m, KeyCode::Esc);
        })
    });
    keys(&mut app, &mut m, "S");
    g.bench_function("apply_stats_filter", |b| {
        b.iter(|| {
            keys(&mut app, &mut m, "f2020-01-01");
            key(&mut app, &mut m, KeyCode::Enter);
            t.draw(|f| view(&m, f)).unwrap();
            assert!(m.pages().stats.as_ref().unwrap().editing.is_none());
            keys(&mut app, &mut m, "f");
            for _ in 0..10 {
                key(&mut app, &mut m, KeyCode::Backspace);
            }
            key(&mut app, &mut m, KeyCode::Enter);
        })
    });
    key(&mut app, &mut m, KeyCode::Esc);
    g.bench_function("open_member_page", |b| {
        b.iter(|| {
            key(&mut app, &mut m, KeyCode::Enter);
            t.draw(|f| view(&m, f)).unwrap();
            key(&mut app, &mut m, KeyCode::Esc);
        })
    });
    key(&mut app, &mut m, KeyCode::Enter);
    g.bench_function("head_to_head", |b| {
        b.iter(|| {
            keys(&mut app, &mut m, "v");
            key(&mut app, &mut m, KeyCode::Enter);
            t.draw(|f| view(&m, f)).unwrap();
            assert!(m.pages().member.as_ref().unwrap().h2h.is_some());
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
