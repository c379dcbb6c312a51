//! The bottom key bar at 80×24: on every screen and tab, in English, 简体
//! and 繁體, its last key and text are whole (none cut at the edge), and
//! `?` (help, which lists every key) is always there.

use crate::common::tui::{c, config, cup_in, go, k};
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::{EventSettings, PairingSystem, TeamSettings};
use qishe::i18n::{tr, Lang};
use qishe::tui::{view, Model, Screen, KEYMAP};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use unicode_width::UnicodeWidthStr;

const LANGS: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

/// The bottom line of the screen at 80×24, trailing blanks cut.
fn bar_line(m: &Model) -> String {
    screen_line(m, 23)
}

/// Line `y` of the screen at 80×24 (a double-width character once),
/// trailing blanks cut.
fn screen_line(m: &Model, y: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let buf = t.backend().buffer();
    let mut line = String::new();
    let mut hidden = 0;
    for x in 0..80 {
        if hidden > 0 {
            hidden -= 1; // the second cell of a double-width character
            continue;
        }
        let sym = buf[(x, y)].symbol();
        hidden = UnicodeWidthStr::width(sym).saturating_sub(1);
        line.push_str(sym);
    }
    line.trim_end().to_string()
}

/// The bar ends with one of the bar texts in full, and shows `? help`.
fn assert_whole(m: &Model, lang: Lang, place: &str) {
    let line = bar_line(m);
    let ends_whole = KEYMAP
        .iter()
        .filter(|b| b.bar)
        .any(|b| line.ends_with(&format!(" {}", tr(lang, &b.action.help_key()))));
    assert!(ends_whole, "{lang:?} {place}: the bar is cut: {line:?}");
    let help = format!("? {}", tr(lang, "action.help"));
    assert!(
        line.contains(&help),
        "{lang:?} {place}: no {help:?}: {line:?}"
    );
}

fn member(app: &mut App, name: &str) {
    crate::common::member(app, name, 2000);
}

/// Opens the first event, then walks every tab checking the bar.
fn walk_event(app: &mut App, lang: Lang, what: &str) {
    let mut m = Model::load(app).unwrap();
    assert_whole(&m, lang, "club");
    go(app, &mut m, k(KeyCode::Tab));
    assert_whole(&m, lang, "events");
    go(app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    for _ in 0..m.tabs().len() {
        assert_whole(&m, lang, &format!("{what} {:?}", m.tab()));
        go(app, &mut m, k(KeyCode::Tab));
    }
}

#[test]
fn every_tab_s_key_bar_ends_whole_at_80_columns_in_three_languages() {
    for lang in LANGS {
        // A Swiss event: Players, Round, Results, Standings, Crosstable, Print.
        let mut app = App::in_memory(config(lang)).unwrap();
        let names: Vec<String> = (1..=6).map(|i| format!("棋手{i}")).collect();
        for n in &names {
            member(&mut app, n);
        }
        let s = EventSettings {
            system: PairingSystem::Dutch,
            rounds: 3,
            ..Default::default()
        };
        app.create_event_with("周赛", None, &s, qishe::app::NewEventKind::Individual)
            .unwrap();
        app.enter_players(
            app.find_event("周赛").unwrap().key(),
            &app.find_members(&names).unwrap(),
        )
        .unwrap();
        walk_event(&mut app, lang, "swiss");

        // The check-in pop-up of the Players tab.
        let mut m = Model::load(&app).unwrap();
        go(&mut app, &mut m, k(KeyCode::Tab));
        go(&mut app, &mut m, k(KeyCode::Enter));
        go(&mut app, &mut m, c('C'));
        assert_whole(&m, lang, "check-in");

        // A team event's Teams tab.
        let mut app = App::in_memory(config(lang)).unwrap();
        for n in &names {
            member(&mut app, n);
        }
        let ts = TeamSettings {
            boards: 2,
            ..Default::default()
        };
        let rr = EventSettings {
            system: PairingSystem::Berger,
            rounds: 1,
            ..Default::default()
        };
        app.create_event_with("联赛", None, &rr, qishe::app::NewEventKind::Team(&ts))
            .unwrap();
        walk_event(&mut app, lang, "teams");

        // A knockout's Bracket tab.
        let four: Vec<&str> = names[..4].iter().map(String::as_str).collect();
        let (mut app, _) = cup_in(lang, &four, &[]);
        walk_event(&mut app, lang, "knockout");
    }
}

/// The club's name follows the program's, but the default club name (棋社,
/// the program's own name in Chinese) is not shown twice.
#[test]
fn the_header_names_the_club_once() {
    let default = |lang| Config {
        language: Some(lang),
        ..Config::default()
    };
    let m = Model::load(&App::in_memory(default(Lang::ZhHans)).unwrap()).unwrap();
    let head = screen_line(&m, 0);
    assert_eq!(head.matches("棋社").count(), 1, "{head:?}");
    let m = Model::load(&App::in_memory(default(Lang::En)).unwrap()).unwrap();
    assert!(screen_line(&m, 0).starts_with("qishe 棋社"));
    let m = Model::load(&App::in_memory(config(Lang::ZhHans)).unwrap()).unwrap();
    assert!(screen_line(&m, 0).starts_with("棋社 西湖棋社"));
}
