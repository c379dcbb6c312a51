//! The Season screen driven by keys through the `Model` against
//! a real club, drawn at 100×30 in 简体, 繁體 and English: creating a
//! season, adding events with weights, the table with dropped results in
//! parentheses and unqualified players marked, removing an event and
//! undoing it, opening an event from its column, and the member page's
//! season rank.

use crate::common::tui as tui_helpers;

use crossterm::event::KeyCode;
use qishe::app::{App, EventId};
use qishe::domain::EventSettings;
use qishe::i18n::Lang;
use qishe::tui::{view, Model, Screen};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tui_helpers::{c, config, go, k, typed};

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in [
        "\"tui.",
        " tui.",
        "action.",
        "season.",
        "col.season",
        "rep.season",
    ] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

/// Three finished weekly events: 甲 beats 乙 each week; 丙 and 丁 play
/// only the first week (丙 wins).
fn club(lang: Lang) -> App {
    let mut app = App::in_memory(config(lang)).unwrap();
    for (i, games) in [
        "round,red,black,result\n1,甲,乙,1-0\n1,丙,丁,1-0\n",
        "round,red,black,result\n1,甲,乙,1-0\n",
        "round,red,black,result\n1,甲,乙,1-0\n",
    ]
    .iter()
    .enumerate()
    {
        let name = format!("W{}", i + 1);
        let s = EventSettings {
            rounds: 1,
            tiebreaks: qishe::scoring::TieBreaks::parse(
                qishe::domain::EventKind::Individual,
                &["fouls"],
            )
            .unwrap()
            .list(),
            ..Default::default()
        };
        let e = app
            .create_event_with(&name, None, &s, qishe::app::NewEventKind::Individual)
            .unwrap();
        app.import_games(
            app.find_event(&name).unwrap().key(),
            games.as_bytes(),
            "g.csv",
        )
        .unwrap();
        app.finish_event(EventId(e.id), false).unwrap();
    }
    app
}

/// Opens the Season screen from the Events list and makes season "S" with
/// best 2 and min events 2, then adds W1, W2 and W3 (the last with weight 2).
fn season(app: &mut App, m: &mut Model) {
    go(app, m, k(KeyCode::Tab));
    assert_eq!(m.screen(), Screen::Events);
    go(app, m, c('s'));
    go(app, m, c('n'));
    typed(app, m, "S");
    go(app, m, k(KeyCode::Tab));
    go(app, m, k(KeyCode::Tab));
    typed(app, m, "2");
    go(app, m, k(KeyCode::Tab));
    typed(app, m, "2");
    go(app, m, k(KeyCode::Enter));
    let names = ["W1", "W2", "W3"];
    for (i, name) in names.iter().enumerate() {
        go(app, m, c('a'));
        // Choose the event by name with ←/→.
        for _ in 0..5 {
            if screen(m).contains(&format!("◀ {name} ▶")) {
                break;
            }
            go(app, m, k(KeyCode::Right));
        }
        if i == 2 {
            go(app, m, k(KeyCode::Backspace));
            typed(app, m, "2");
        }
        go(app, m, k(KeyCode::Enter));
    }
}

#[test]
fn the_season_screen_in_every_language() {
    for (lang, title, note) in [
        (Lang::ZhHans, "年度积分榜", "参赛不足 2 次"),
        (Lang::ZhHant, "年度積分榜", "參賽不足 2 次"),
        (Lang::En, "Season", "fewer than 2 events"),
    ] {
        let mut app = club(lang);
        let mut m = Model::load(&app).unwrap();
        season(&mut app, &mut m);
        let s = screen(&m);
        assert!(s.contains(title), "{s}");
        assert!(s.contains(note), "{s}");
        // W1: 甲 and 丙 share 1= on 2 points, (10+8)/2 = 9. 甲: 9, 10,
        // 2×10 → best two 20 + 10 = 30, the (9) dropped.
        let row = s.lines().find(|l| l.contains(" 甲 ")).unwrap().to_string();
        assert!(row.contains("30") && row.contains("(9)"), "{row}");
        // 丙 played once: unqualified, after the qualified.
        let row = s.lines().find(|l| l.contains(" 丙 ")).unwrap().to_string();
        assert!(row.contains("3*"), "{row}");
        assert!(s.contains("×2"), "the weight: {s}");
        let t = app.season_standings(app.find_season("S").unwrap()).unwrap();
        assert_eq!(t.info.events.len(), 3);
        assert_eq!(t.standings.rows[0].total.to_string(), "30");
    }
}

#[test]
fn removing_an_event_asks_first_and_is_undone_and_an_event_opens_from_its_column() {
    let mut app = club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    season(&mut app, &mut m);
    // The events pane: take W1 out after a question.
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('x'));
    assert!(screen(&m).contains("Take W1 out of the season S?"));
    go(&mut app, &mut m, c('y'));
    assert_eq!(
        app.season(app.find_season("S").unwrap())
            .unwrap()
            .events
            .len(),
        2
    );
    assert!(screen(&m).contains("event taken out of the season"));
    // Undo puts it back where it was.
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y'));
    let names: Vec<String> = app
        .season(app.find_season("S").unwrap())
        .unwrap()
        .events
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["W1", "W2", "W3"]);
    // The table's third column opens W3.
    go(&mut app, &mut m, c('s'));
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    assert!(screen(&m).contains("W3"), "{}", screen(&m));
}

#[test]
fn the_member_page_shows_the_season_rank() {
    let mut app = club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    season(&mut app, &mut m);
    go(&mut app, &mut m, k(KeyCode::Esc));
    // The Club screen: 甲 found by his pinyin.
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.screen(), Screen::Club);
    go(&mut app, &mut m, c('/'));
    typed(&mut app, &mut m, "jia");
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = screen(&m);
    assert!(s.contains("S: rank 1 of 4 · total 30 · 3 events"), "{s}");
}

#[test]
fn a_bad_season_form_says_why_and_changes_nothing() {
    let mut app = club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('s'));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "X");
    go(&mut app, &mut m, k(KeyCode::Tab));
    for _ in 0..40 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "elo");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = screen(&m);
    assert!(s.contains("\"elo\" is not a season rule"), "{s}");
    assert!(app.seasons().unwrap().is_empty());
}

/// A knockout whose final has a result but that is not finished reads
/// 决出冠军 on the season screen, as on the events list, not 尚未结束.
#[test]
fn the_season_screen_says_a_decided_knockout_as_the_events_list_does() {
    use qishe::app::{BoardNo, ResultInput, RoundNo};
    let (mut app, ev) = tui_helpers::cup(&["甲", "乙"], &[]);
    app.event_pair(ev).unwrap();
    let input = ResultInput {
        outcome: Some(qishe::domain::Outcome::RedWin),
        ..Default::default()
    };
    app.record_result(ev, RoundNo(1), BoardNo(1), &input)
        .unwrap();
    let s = app
        .create_season(&qishe::app::SeasonDraft {
            name: "S".into(),
            ..Default::default()
        })
        .unwrap();
    app.season_add_event(s.key(), ev, None).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert!(screen(&m).contains("决出冠军"), "{}", screen(&m));
    go(&mut app, &mut m, c('s'));
    let s = screen(&m);
    let line = s
        .lines()
        .find(|l| l.contains("杯赛") && l.contains("×1"))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(
        line.contains("决出冠军") && !line.contains("尚未结束"),
        "{s}"
    );
}
