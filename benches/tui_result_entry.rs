//! The TUI on the ten-year club (`build_history_db`: 520 weekly events,
//! 104,000 games, here with 400 members) with an open event of 400 players,
//! a 200-board round on its Results tab: a result entered and the frame
//! redrawn, and each key of the Results tab (down a board, a page down, a
//! board number's digit, the previous and next round, the next tab)
//! answered and redrawn, and a key on every tab of the event. Goal: under
//! 16 ms each (one frame at 60 Hz).

use criterion::{criterion_group, criterion_main, Criterion};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::EventId;
use qishe::app::{build_history_db, App, HistorySpec, ResultInput};
use qishe::app::{BoardNo, RoundNo};
use qishe::config::Config;
use qishe::domain::{EventSettings, Outcome};
use qishe::i18n::Lang;
use qishe::tui::{execute, press, view, Command, Model, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

const PLAYERS: usize = 400;

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let config = Config {
        language: Some(Lang::ZhHans),
        ..Config::default()
    };
    let event = {
        let mut app = App::open(config.clone(), &db).unwrap();
        let spec = HistorySpec {
            members: PLAYERS,
            ..HistorySpec::default()
        };
        build_history_db(app.store_for_tests(), &spec).unwrap();
        let e = app
            .create_event_with(
                "公开赛 400",
                None,
                &EventSettings {
                    rounds: 7,
                    ..Default::default()
                },
                qishe::app::NewEventKind::Individual,
            )
            .unwrap();
        let ids: Vec<String> = app
            .members(true)
            .unwrap()
            .iter()
            .take(PLAYERS)
            .map(|m| m.id.to_string())
            .collect();
        app.enter_players(
            app.find_event(&e.name).unwrap().key(),
            &app.find_members(&ids).unwrap(),
        )
        .unwrap();
        // Two rounds played, the third paired with half its results in.
        for round in 1..=3u32 {
            app.pair_next_round(app.find_event(&e.name).unwrap().key())
                .unwrap();
            let boards = if round < 3 { PLAYERS / 2 } else { PLAYERS / 4 };
            for board in 1..=boards as u32 {
                let outcome = match (board + round) % 3 {
                    0 => Outcome::RedWin,
                    1 => Outcome::Draw,
                    _ => Outcome::BlackWin,
                };
                let input = ResultInput {
                    outcome: Some(outcome),
                    ..Default::default()
                };
                app.record_result(
                    app.find_event(&e.name).unwrap().key(),
                    RoundNo(round),
                    BoardNo(board),
                    &input,
                )
                .unwrap();
            }
        }
        e.id
    };
    let mut app = App::open(config, &db).unwrap();
    let mut m = Model::load(&app).unwrap();
    execute(&mut app, &mut m, Command::OpenEvent(EventId(event)));
    m.set_tab(Tab::Results);
    let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
    t.draw(|f| view(&m, f)).unwrap();
    assert_eq!(m.ev().round().map(|r| r.boards.len()), Some(PLAYERS / 2));

    let mut g = c.benchmark_group("tui_200_boards");
    g.sample_size(20);
    // A result on board 7 (already in: each run replaces it, red and black
    // winning by turns, so every run writes and rereads a real change).
    let mut red = true;
    g.bench_function("result_entry_and_redraw", |b| {
        b.iter(|| {
            red = !red;
            let input = ResultInput {
                outcome: Some(if red {
                    Outcome::RedWin
                } else {
                    Outcome::BlackWin
                }),
                ..Default::default()
            };
            execute(
                &mut app,
                &mut m,
                Command::RecordResult {
                    event: EventId(event),
                    round: RoundNo(3),
                    board: BoardNo(7),
                    input,
                },
            );
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    assert_eq!(
        m.status().map(|s| s.1),
        Some(false),
        "{:?}",
        m.status().cloned()
    );
    let key = |c| KeyEvent::new(c, KeyModifiers::NONE);
    g.bench_function("key_down_and_redraw", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Char('j')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    // The other keys of the Results tab: a page down, a board number's
    // digit, the previous / next round (each run one of them, by turns).
    g.bench_function("page_down_and_redraw", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::PageDown), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    g.bench_function("board_digit_and_redraw", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Char('1')), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    let mut back = true;
    g.bench_function("round_key_and_redraw", |b| {
        b.iter(|| {
            let k = if back { '[' } else { ']' };
            back = !back;
            press(&mut app, &mut m, key(KeyCode::Char(k)), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    m.pick_round(None);
    execute(&mut app, &mut m, Command::Reload);
    // Tab: to the next tab of the event, each run the next one.
    g.bench_function("tab_key_and_redraw", |b| {
        b.iter(|| {
            press(&mut app, &mut m, key(KeyCode::Tab), &mut |_| {});
            t.draw(|f| view(&m, f)).unwrap();
        })
    });
    // A key on each tab: down a row, and the tab redrawn.
    for tab in m.tabs() {
        m.set_tab(tab);
        m.select_row(0);
        g.bench_function(format!("key_down_and_redraw_on_{tab:?}"), |b| {
            b.iter(|| {
                press(&mut app, &mut m, key(KeyCode::Char('j')), &mut |_| {});
                t.draw(|f| view(&m, f)).unwrap();
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
