//! The archive screen: opened with `A`, a search by player and
//! by the position on the board, a game view whose board steps through the
//! game with the moves in Chinese notation and the comments; driven by keys
//! through the `Model` against a club whose archive holds three games,
//! drawn at 100×30.

use crate::common::tui as tui_helpers;

use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::i18n::Lang;
use qishe::tui::{view, Model};
use qishe::xiangqi::ReadOptions;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tui_helpers::{c, config, go, k, typed};

const GAMES: &str = r#"[Event "西湖杯"]
[Date "2024.05.01"]
[Red "许银川"]
[Black "吕钦"]
[Result "1-0"]

1. 炮二平五 {中炮开局} 马８进７ 2. 马二进三 {屏风马} 车９平８ 1-0

[Event "西湖杯"]
[Date "2024.05.02"]
[Red "吕钦"]
[Black "胡荣华"]
[Result "1/2-1/2"]

1. 炮二平五 马８进７ 2. 兵七进一 1/2-1/2

[Event "春季赛"]
[Date "2023.03.01"]
[Red "胡荣华"]
[Black "许银川"]
[Result "0-1"]

1. 相三进五 炮８平５ 0-1
"#;

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "outcome."] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

fn club() -> (App, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.pgn");
    std::fs::write(&file, GAMES).unwrap();
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    let r = app
        .archive_import(&[file], ReadOptions::default(), &mut |_, _| {})
        .unwrap();
    assert_eq!(r.added(), 3);
    (app, dir)
}

fn ply_of(m: &Model) -> usize {
    m.pages()
        .archive
        .as_ref()
        .unwrap()
        .view
        .as_ref()
        .unwrap()
        .ply
}

#[test]
fn the_archive_screen_opens_with_every_game_and_searches_by_player() {
    let (mut app, _dir) = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('A'));
    let s = screen(&m);
    assert!(s.contains("棋谱库"), "{s}");
    for name in ["许银川", "吕钦", "胡荣华", "春季赛"] {
        assert!(s.contains(name), "{name} missing:\n{s}");
    }
    assert_eq!(m.pages().archive.as_ref().unwrap().found.games.len(), 3);
    // `f` edits the search; the player field first.
    go(&mut app, &mut m, c('f'));
    typed(&mut app, &mut m, "许银川");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages().archive.as_ref().unwrap();
    assert_eq!(p.found.games.len(), 2);
    assert!(p.editing.is_none());
    let s = screen(&m);
    assert!(s.contains("找到对局: 2"), "{s}");
    assert!(!s.contains("兵七进一"), "{s}");
    // Esc closes the screen.
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().archive.is_none());
}

#[test]
fn the_game_view_steps_through_the_game_with_moves_and_comments() {
    let (mut app, _dir) = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('A'));
    // Oldest date first: the 2024.05.01 game is the second row.
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(ply_of(&m), 0);
    let s = screen(&m);
    assert!(s.contains("许银川 – 吕钦"), "{s}");
    assert!(s.contains("0/4"), "{s}");
    // The start: both cannons at home; the red king.
    assert!(s.contains("帅"), "{s}");
    for mv in ["炮二平五", "马８进７", "马二进三", "车９平８"] {
        assert!(s.contains(mv), "{mv} missing:\n{s}");
    }
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(ply_of(&m), 1);
    let s = screen(&m);
    assert!(s.contains("中炮开局"), "{s}");
    assert!(s.contains("1/4"), "{s}");
    // The cannon stands on the central file: the row of red's cannons
    // changed.
    let before = {
        let v = m.pages().archive.as_ref().unwrap().view.as_ref().unwrap();
        v.position().fen()
    };
    assert_eq!(
        before,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b"
    );
    go(&mut app, &mut m, k(KeyCode::End));
    assert_eq!(ply_of(&m), 4);
    assert!(screen(&m).contains("4/4"));
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(ply_of(&m), 4, "no step past the end");
    go(&mut app, &mut m, k(KeyCode::Left));
    assert_eq!(ply_of(&m), 3);
    assert!(screen(&m).contains("屏风马"));
    go(&mut app, &mut m, k(KeyCode::Home));
    assert_eq!(ply_of(&m), 0);
    go(&mut app, &mut m, k(KeyCode::Left));
    assert_eq!(ply_of(&m), 0, "no step before the start");
    // Esc leaves the game for the list, a second Esc the screen.
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages().archive.as_ref().unwrap().view.is_none());
    assert!(m.pages().archive.is_some());
}

#[test]
fn p_searches_the_position_on_the_board_and_lists_the_next_moves() {
    let (mut app, _dir) = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('A'));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, k(KeyCode::Enter));
    // After 1. 炮二平五 马８进７: two games stood there; one went on with
    // 马二进三, one with 兵七进一.
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, c('p'));
    let p = m.pages().archive.as_ref().unwrap();
    assert!(p.view.is_none(), "the search shows the list");
    assert_eq!(p.found.games.len(), 2);
    assert_eq!(p.found.next_moves.len(), 2);
    assert!(p.fields[6].starts_with("rnbakab1r/"), "{}", p.fields[6]);
    let s = screen(&m);
    assert!(s.contains("下一步"), "{s}");
    assert!(s.contains("马二进三 1 (+1 =0 -0)"), "{s}");
    assert!(s.contains("兵七进一 1 (+0 =1 -0)"), "{s}");
    assert!(!s.contains("春季赛"), "{s}");
}

#[test]
fn the_archive_is_reached_from_the_events_screen_too_and_help_names_its_keys() {
    let (mut app, _dir) = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('A'));
    assert!(m.pages().archive.is_some());
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('?'));
    let s = screen(&m);
    assert!(s.contains("退一步") && s.contains("搜索此局面"), "{s}");
}
