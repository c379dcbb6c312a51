//! `qishe demo`: what the demo club holds, and every screen of the TUI
//! reachable on it by keys alone without a panic.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::app::RoundNo;
use qishe::cli::demo::build_demo;
use qishe::config::Config;
use qishe::domain::{EventStatus, Outcome};
use qishe::i18n::Lang;
use qishe::tui::{press, view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

fn demo(lang: Lang) -> App {
    let config = Config {
        language: Some(lang),
        ..Config::default()
    };
    let mut app = App::in_memory(config).unwrap();
    build_demo(&mut app).unwrap();
    app
}

#[test]
fn the_demo_club_has_members_a_finished_swiss_and_a_running_event() {
    let app = demo(Lang::En);
    assert_eq!(app.members(true).unwrap().len(), 40);
    let events = app.events().unwrap();
    assert_eq!(events.len(), 2);
    let done = events
        .iter()
        .find(|e| e.status == EventStatus::Finished)
        .unwrap();
    assert_eq!(app.rounds_paired(done.key()).unwrap(), 7);
    let games = app.games(done.key(), None).unwrap();
    assert!(games.len() >= 7 * 12 - 7, "every board has a result");
    assert!(games.iter().all(|g| g.game.outcome != Outcome::Unplayed));
    let clocks = games
        .iter()
        .filter(|g| g.game.facts.red_used_ms.is_some() && g.game.facts.black_used_ms.is_some())
        .count();
    assert!(clocks > games.len() / 2, "most games have clock readings");
    let records = games
        .iter()
        .filter(|g| g.game.facts.record.is_some())
        .count();
    assert_eq!(records, 3, "rounds 5–7, board 1");
    let running = events
        .iter()
        .find(|e| e.status == EventStatus::Running)
        .unwrap();
    assert_eq!(app.rounds_paired(running.key()).unwrap(), 3);
    let r3 = app
        .round_view(
            app.find_event(&running.id.to_string()).unwrap().key(),
            Some(RoundNo(3)),
        )
        .unwrap();
    assert!(r3.boards.iter().all(|b| b.results.iter().all(|r| r == "*")));
}

fn draw(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn every_screen_of_the_demo_is_reachable_by_keys() {
    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
        let mut app = demo(lang);
        let mut m = Model::load(&app).unwrap();
        let go = |app: &mut App, m: &mut Model, code: KeyCode| {
            press(app, m, KeyEvent::new(code, KeyModifiers::NONE), &mut |_| {});
            let s = draw(m);
            assert!(!s.contains("tui."), "{s}");
        };
        go(&mut app, &mut m, KeyCode::Char('?'));
        assert!(m.help());
        go(&mut app, &mut m, KeyCode::Esc);
        go(&mut app, &mut m, KeyCode::Char('G'));
        go(&mut app, &mut m, KeyCode::Tab);
        assert_eq!(m.screen(), Screen::Events);
        for event in 0..2 {
            m.select_event(event);
            go(&mut app, &mut m, KeyCode::Enter);
            assert_eq!(m.screen(), Screen::Event);
            for _ in 0..Tab::ALL.len() {
                go(&mut app, &mut m, KeyCode::Char('j'));
                go(&mut app, &mut m, KeyCode::Char('?'));
                go(&mut app, &mut m, KeyCode::Char('?'));
                go(&mut app, &mut m, KeyCode::Tab);
            }
            assert!(
                m.ev().standings().is_some(),
                "{:?}",
                m.ev().standings_error()
            );
            go(&mut app, &mut m, KeyCode::Esc);
            assert_eq!(m.screen(), Screen::Events);
        }
    }
}

#[test]
fn attaching_a_record_on_the_results_tab_fills_the_game() {
    let mut app = demo(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.pgn");
    std::fs::write(
        &path,
        "[Game \"Chinese Chess\"]\n[Result \"0-1\"]\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 0-1\n",
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    let go = |app: &mut App, m: &mut Model, code: KeyCode| {
        press(app, m, KeyEvent::new(code, KeyModifiers::NONE), &mut |_| {});
    };
    go(&mut app, &mut m, KeyCode::Tab);
    m.select_event(
        m.events()
            .iter()
            .position(|e| e.status == EventStatus::Running)
            .unwrap(),
    );
    go(&mut app, &mut m, KeyCode::Enter);
    while m.tab() != Tab::Results {
        go(&mut app, &mut m, KeyCode::Tab);
    }
    let board = m.ev().round().unwrap().boards[m.row_sel()].number;
    go(&mut app, &mut m, KeyCode::Char('g'));
    for ch in path.to_str().unwrap().chars() {
        go(&mut app, &mut m, KeyCode::Char(ch));
    }
    go(&mut app, &mut m, KeyCode::Enter);
    assert!(!m.status().unwrap().1, "{:?}", m.status().cloned());
    let g = m
        .ev()
        .games()
        .iter()
        .find(|g| g.board == board.get())
        .unwrap();
    assert_eq!(g.game.outcome, Outcome::BlackWin, "the record's result");
    assert_eq!(g.game.facts.moves, Some(3));
    assert!(g.game.facts.record.as_deref().unwrap().contains("h2e2"));
}
