//! Key helpers for the TUI tests that drive a `Model` against a real club.
#![allow(dead_code)]

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::{App, EventId, KnockoutSettings};
use qishe::config::Config;
use qishe::domain::EventSettings;
use qishe::i18n::Lang;
use qishe::tui::{press, Model};

pub fn k(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub fn c(ch: char) -> KeyEvent {
    k(KeyCode::Char(ch))
}

/// One key through the model, as the event loop would press it.
pub fn go(app: &mut App, m: &mut Model, key: KeyEvent) {
    press(app, m, key, &mut |_| {});
}

pub fn typed(app: &mut App, m: &mut Model, text: &str) {
    for ch in text.chars() {
        go(app, m, c(ch));
    }
}

/// The test club's settings in language `lang`.
pub fn config(lang: Lang) -> Config {
    Config {
        club: "西湖棋社".into(),
        language: Some(lang),
        ..Config::default()
    }
}

/// The club at `db` in language `lang`, its first event open on the
/// Results tab (the events list's first row is the newest event).
pub fn results_tab(db: &std::path::Path, lang: Lang) -> (App, Model) {
    let mut app = App::open(config(lang), db).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), qishe::tui::Screen::Event);
    while m.tab() != qishe::tui::Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    (app, m)
}

/// A knockout 杯赛 (简体 club) of `names`, rated in that order, with the
/// play-off ladder `playoff` (empty: the scheme's default), not paired.
pub fn cup(names: &[&str], playoff: &[&str]) -> (App, EventId) {
    cup_in(Lang::ZhHans, names, playoff)
}

/// [`cup`] in a club of language `lang`.
pub fn cup_in(lang: Lang, names: &[&str], playoff: &[&str]) -> (App, EventId) {
    let mut app = App::in_memory(config(lang)).unwrap();
    for (i, n) in names.iter().enumerate() {
        super::member(&mut app, n, 2700 - 10 * i as i32);
    }
    let ko = KnockoutSettings {
        playoff: playoff.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    };
    app.create_event_with(
        "杯赛",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Knockout(&ko),
    )
    .unwrap();
    let ev = app.find_event("杯赛").unwrap().key();
    let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    app.enter_players(ev, &app.find_members(&names).unwrap())
        .unwrap();
    (app, ev)
}

/// A team event `event` with settings `s` and `boards` boards a match in
/// a club of language `lang`, not paired: every team of `teams` (its
/// name, its roster in order) entered with `captain`, its players made
/// members first, team by team, rated `rating(team, place on the roster)`
/// (both from 0).
pub fn team_league_in(
    lang: Lang,
    event: &str,
    s: &EventSettings,
    boards: u32,
    teams: &[(&str, &[&str])],
    rating: impl Fn(usize, usize) -> i32,
    captain: Option<&str>,
) -> (App, EventId) {
    let mut app = App::in_memory(config(lang)).unwrap();
    for (t, (_, players)) in teams.iter().enumerate() {
        for (i, p) in players.iter().enumerate() {
            super::member(&mut app, p, rating(t, i));
        }
    }
    let ts = qishe::domain::TeamSettings {
        boards,
        ..Default::default()
    };
    let ev = app
        .create_event_with(event, None, s, qishe::app::NewEventKind::Team(&ts))
        .unwrap()
        .key();
    for (name, players) in teams {
        let roster = app
            .find_members(players)
            .unwrap()
            .into_iter()
            .map(qishe::app::teams::RosterPlayer::Member)
            .collect::<Vec<_>>();
        app.add_team(ev, name, None, captain, &roster).unwrap();
    }
    (app, ev)
}

/// Esc on an open form, answering yes when the form asks whether to
/// throw away what it holds (a form left as it opened closes at once).
pub fn discard_form(app: &mut App, m: &mut Model) {
    go(app, m, k(KeyCode::Esc));
    if m.discarding() {
        go(app, m, c('y'));
    }
}
