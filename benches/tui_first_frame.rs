//! The TUI's first frame on ten years of weekly club nights: about 500
//! events and 100,000 games (target: under 100 ms), and one key answered
//! (move down + redraw) on the event screen of the latest event.
//!
//! The database is built once through the store's one-transaction event
//! import and kept under `target/` between runs.

use criterion::{criterion_group, criterion_main, Criterion};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::{EventSettings, Game, NewMember, Outcome};
use qishe::i18n::Lang;
use qishe::store::{ImportBoard, ImportEvent, ImportPlayer};
use qishe::tui::{press, view, Model};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::path::PathBuf;

const EVENTS: usize = 500;
const PLAYERS: usize = 40;
const ROUNDS: usize = 10;
const MEMBERS: usize = 300;

fn config() -> Config {
    Config {
        language: Some(Lang::ZhHans),
        ..Config::default()
    }
}

fn database() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("tui-ten-years.db");
    if path.exists() {
        return path;
    }
    let tmp = dir.join("tui-ten-years.db.part");
    let _ = std::fs::remove_file(&tmp);
    let mut app = App::open(config(), &tmp).unwrap();
    let mut ids = Vec::new();
    for i in 0..MEMBERS {
        let m = app
            .add_member(&NewMember {
                name: format!("棋手{i:03}"),
                rating: Some(1400 + (i as i32 * 37) % 1000),
                ..Default::default()
            })
            .unwrap();
        ids.push(m.id);
    }
    let mut seed: u64 = 7;
    let mut next = move |n: u64| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) % n
    };
    for e in 0..EVENTS {
        let first = (e * 13) % (MEMBERS - PLAYERS);
        let players = (0..PLAYERS)
            .map(|k| ImportPlayer {
                member_id: Some(ids[first + k]),
                new: NewMember::default(),
                start_no: k as u32 + 1,
                rating: None,
                first_round: 1,
                withdrawn_after: None,
            })
            .collect();
        let rounds = (0..ROUNDS)
            .map(|r| {
                let at = |k: usize| ((k + r) % PLAYERS) as u32 + 1;
                (0..PLAYERS / 2)
                    .map(|b| {
                        let o = match next(3) {
                            0 => Outcome::RedWin,
                            1 => Outcome::BlackWin,
                            _ => Outcome::Draw,
                        };
                        let mut g = Game::bare(0, 0, o);
                        g.facts.moves = Some(20 + next(60) as u32);
                        ImportBoard {
                            red: at(b),
                            black: Some(at(PLAYERS - 1 - b)),
                            games: vec![g],
                        }
                    })
                    .collect()
            })
            .collect();
        let date = chrono::NaiveDate::from_ymd_opt(2016, 1, 7).unwrap()
            + chrono::Duration::weeks(e as i64);
        let ev = ImportEvent {
            name: format!("周四快棋 第{}期", e + 1),
            date: Some(date),
            settings: EventSettings {
                rounds: ROUNDS as u32,
                ..Default::default()
            },
            players,
            forbidden: Vec::new(),
            requested_byes: Vec::new(),
            rounds,
        };
        app.store_for_tests().import_event(&ev, "bench").unwrap();
    }
    drop(app);
    std::fs::rename(&tmp, &path).unwrap();
    path
}

fn bench(c: &mut Criterion) {
    let db = database();
    let mut g = c.benchmark_group("tui");
    g.sample_size(20);
    // Opening the file: the store's integrity check and migrations.
    g.bench_function("open_database", |b| {
        b.iter(|| App::open(config(), &db).unwrap())
    });
    // What the TUI itself does before the first frame: load and draw.
    let opened = App::open(config(), &db).unwrap();
    g.bench_function("load_and_first_frame", |b| {
        b.iter(|| {
            let m = Model::load(&opened).unwrap();
            let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    // Everything from `qishe` with no arguments to the first frame.
    g.bench_function("open_load_and_first_frame", |b| {
        b.iter(|| {
            let app = App::open(config(), &db).unwrap();
            let m = Model::load(&app).unwrap();
            let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    let mut app = App::open(config(), &db).unwrap();
    let mut m = Model::load(&app).unwrap();
    let key = |c| KeyEvent::new(c, KeyModifiers::NONE);
    press(&mut app, &mut m, key(KeyCode::Tab), &mut |_| {});
    press(&mut app, &mut m, key(KeyCode::Enter), &mut |_| {});
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    g.bench_function("open_latest_event", |b| {
        b.iter(|| {
            let id = m.events()[0].key();
            m.load_event(&app, id).unwrap();
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    g.bench_function("key_down_and_redraw_on_event", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Char('j')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    // Every tab of the latest event: Tab from the one before it, drawn.
    let tabs = m.tabs();
    for (i, tab) in tabs.iter().enumerate() {
        let before = tabs[(i + tabs.len() - 1) % tabs.len()];
        let name = tab.key().trim_start_matches("tui.tab.");
        g.bench_function(format!("key_tab_to_{name}"), |b| {
            b.iter(|| {
                m.set_tab(before);
                press(&mut app, &mut m, key(KeyCode::Tab), &mut |_| {});
                t.draw(|f| view(&m, f)).unwrap();
            })
        });
        assert_eq!(m.tab(), *tab);
    }
    // The round before and back again on the Round tab (each loads a round).
    m.set_tab(qishe::tui::Tab::Round);
    g.bench_function("key_prev_and_next_round", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Char('[')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
            press(&mut app, &mut m, key(KeyCode::Char(']')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    // Back on the club screen: down the members list, and a search typed
    // over the 300 members (one key each way).
    let mut m = Model::load(&app).unwrap();
    g.bench_function("key_down_on_members", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Char('j')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    press(&mut app, &mut m, key(KeyCode::Char('/')), &mut |_| {});
    g.bench_function("key_search_type_and_erase", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Char('1')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
            press(&mut app, &mut m, key(KeyCode::Backspace), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
