//! The CLI and the TUI agree because each rule lives once in the app layer:
//! new events start from `[event]` in config.toml, invalid
//! settings get the same keyed error, a two-game scheme plays two games per
//! round, and a member id in use is refused with a clear message.

use crate::common::tui::{c, go, k};
use crate::common::Club;
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::NewMember;
use qishe::i18n::Lang;
use qishe::tui::{Model, Screen};

fn tui_club(config: Config) -> (App, Model) {
    let mut app = App::in_memory(config).unwrap();
    for (n, x) in [("吕钦", "A1"), ("胡荣华", "B2")] {
        app.add_member(&NewMember {
            name: n.into(),
            ext_id: Some(x.into()),
            ..Default::default()
        })
        .unwrap();
    }
    let m = Model::load(&app).unwrap();
    (app, m)
}

fn en() -> Config {
    Config {
        language: Some(Lang::En),
        ..Config::default()
    }
}

/// Opens the TUI's new-event form.
fn new_event_form(app: &mut App, m: &mut Model) {
    go(app, m, k(KeyCode::Tab));
    assert_eq!(m.screen(), Screen::Events);
    go(app, m, c('n'));
    assert!(m.form().is_some());
}

fn set(m: &mut Model, label: &str, value: &str) {
    let f = m.form_mut().unwrap();
    let field = f.fields.iter_mut().find(|x| x.label == label).unwrap();
    field.value = value.into();
}

fn error(m: &Model) -> String {
    let (text, err) = m.status().cloned().expect("a message");
    assert!(err, "an error: {text}");
    text
}

#[test]
fn the_tui_new_event_form_starts_from_the_config() {
    let mut config = en();
    config.event.rounds = 9;
    config.event.scheme = "draw-0.8".into();
    config.event.tiebreaks =
        qishe::scoring::TieBreaks::parse(qishe::domain::EventKind::Individual, &["wins"])
            .unwrap()
            .list();
    let (mut app, mut m) = tui_club(config);
    new_event_form(&mut app, &mut m);
    let f = m.form().unwrap();
    assert_eq!(f.value("col.rounds"), "9");
    assert_eq!(f.value("col.scheme"), "draw-0.8");
    assert_eq!(f.value("tui.field.tiebreaks"), "wins");
    set(&mut m, "col.event", "春季赛");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let e = app.find_event("春季赛").unwrap();
    assert_eq!(e.settings.rounds, 9);
    assert_eq!(e.settings.scheme, "draw-0.8");
}

#[test]
fn the_cli_new_event_starts_from_the_config() {
    let club = Club::new();
    std::fs::write(
        club.path("config.toml"),
        "[event]\nrounds = 9\nscheme = \"draw-0.8\"\n",
    )
    .unwrap();
    club.ok(&["event", "new", "春季赛"]);
    let show = club.ok(&["event", "show", "春季赛"]);
    assert!(show.contains("scheme draw-0.8"), "{show}");
    assert!(show.contains("rounds 9 "), "{show}");
}

const NO_ROUNDS: &str = "an event needs at least one round";

#[test]
fn zero_rounds_is_the_same_error_in_both_front_ends() {
    let club = Club::new();
    let err = club.fails(&["event", "new", "E", "--rounds", "0"]);
    assert!(err.contains(NO_ROUNDS), "{err}");
    assert!(!err.contains("CHECK"), "{err}");
    club.fails(&["event", "show", "E"]);

    let (mut app, mut m) = tui_club(en());
    new_event_form(&mut app, &mut m);
    set(&mut m, "col.event", "E");
    set(&mut m, "col.rounds", "0");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let text = error(&m);
    assert!(text.contains(NO_ROUNDS), "{text}");
    assert!(!text.contains("CHECK"), "{text}");
    assert!(app.events().unwrap().is_empty());
}

#[test]
fn zero_rounds_is_refused_in_chinese_in_a_chinese_tui() {
    let config = Config {
        language: Some(Lang::ZhHans),
        ..Config::default()
    };
    let (mut app, mut m) = tui_club(config);
    new_event_form(&mut app, &mut m);
    set(&mut m, "col.event", "E");
    set(&mut m, "col.rounds", "0");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let text = error(&m);
    assert!(text.contains("赛事至少要有一轮"), "{text}");
}

#[test]
fn a_two_game_scheme_plays_two_games_in_both_front_ends() {
    let club = Club::new();
    for a in [["player", "add", "甲"], ["player", "add", "乙"]] {
        club.ok(&a);
    }
    club.ok(&["event", "new", "E", "--scheme", "hu-two-game"]);
    let show = club.ok(&["event", "show", "E"]);
    assert!(show.contains("games/round 2"), "{show}");
    club.ok(&[
        "event",
        "new",
        "F",
        "--scheme",
        "two-game",
        "--games-per-round",
        "1",
    ]);
    let show = club.ok(&["event", "show", "F"]);
    assert!(
        show.contains("games/round 1"),
        "the event said otherwise: {show}"
    );
    // The replayed game of a two-game round is accepted.
    club.ok(&["event", "enter", "E", "甲", "乙"]);
    club.ok(&["round", "pair", "E"]);
    club.ok(&["result", "E", "1", "1", "1/2-1/2"]);
    club.ok(&["result", "E", "1", "1", "0-1", "--game", "2"]);

    let (mut app, mut m) = tui_club(en());
    new_event_form(&mut app, &mut m);
    set(&mut m, "col.event", "G");
    set(&mut m, "col.scheme", "hu-two-game");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(app.find_event("G").unwrap().settings.games_per_round, 2);
}

#[test]
fn a_member_id_in_use_is_refused_clearly_in_both_front_ends() {
    let club = Club::new();
    club.ok(&["player", "add", "吕钦", "--id", "A1"]);
    club.ok(&["player", "add", "胡荣华", "--id", "B2"]);
    let err = club.fails(&["player", "edit", "胡荣华", "--id", "A1"]);
    assert!(
        err.contains("another member already has the id A1"),
        "{err}"
    );
    assert!(!err.contains("UNIQUE"), "{err}");
    let err = club.fails(&["player", "add", "许银川", "--id", "B2"]);
    assert!(
        err.contains("another member already has the id B2"),
        "{err}"
    );

    let (mut app, mut m) = tui_club(en());
    let row = m
        .filtered_members("")
        .iter()
        .position(|x| x.name == "胡荣华")
        .unwrap();
    m.select_member(row);
    go(&mut app, &mut m, c('e'));
    set(&mut m, "col.ext_id", "A1");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let text = error(&m);
    assert!(
        text.contains("another member already has the id A1"),
        "{text}"
    );
    assert!(!text.contains("UNIQUE"), "{text}");
    let hu = app.find_member("胡荣华").unwrap();
    assert_eq!(hu.ext_id.as_deref(), Some("B2"), "nothing changed");
}
