//! `TestBackend` snapshots (insta) of every screen at 80×24, in 简体 and
//! English, driven through the real key handling.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::{EventSettings, NewMember, PairingSystem};
use qishe::i18n::Lang;
use qishe::tui::{press, view, Model};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

const NAMES: [(&str, i32, &str); 8] = [
    ("王天一", 2700, "杭州"),
    ("郑惟桐", 2680, "四川"),
    ("许银川", 2650, "广东"),
    ("赵鑫鑫", 2620, "浙江"),
    ("蒋川", 2600, "北京"),
    ("洪智", 2580, "湖北"),
    ("孙勇征", 2560, "上海"),
    ("汪洋", 2540, "湖北"),
];

fn club(lang: Lang) -> App {
    let config = Config {
        club: "西湖棋社".into(),
        language: Some(lang),
        ..Config::default()
    };
    let mut app = App::in_memory(config).unwrap();
    for (name, rating, c) in NAMES {
        app.add_member(&NewMember {
            name: name.into(),
            rating: Some(rating),
            club: Some(c.into()),
            ..Default::default()
        })
        .unwrap();
    }
    app
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn keys(app: &mut App, m: &mut Model, text: &str) {
    for c in text.chars() {
        press(app, m, key(KeyCode::Char(c)), &mut |_| {});
    }
}

fn hit(app: &mut App, m: &mut Model, code: KeyCode) {
    press(app, m, key(code), &mut |_| {});
}

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "status."] {
        assert!(
            !text.contains(prefix),
            "untranslated text on screen:\n{text}"
        );
    }
    text
}

/// An event with eight players, round 1 paired and two results in.
fn running_event(lang: Lang) -> (App, Model) {
    let mut app = club(lang);
    let s = EventSettings {
        system: PairingSystem::Dutch,
        rounds: 5,
        ..Default::default()
    };
    app.create_event_with(
        "周赛 第1期",
        chrono::NaiveDate::from_ymd_opt(2026, 3, 7),
        &s,
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let names: Vec<String> = NAMES.iter().map(|n| n.0.to_string()).collect();
    app.enter_players(
        app.find_event("周赛 第1期").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    hit(&mut app, &mut m, KeyCode::Tab); // Events
    hit(&mut app, &mut m, KeyCode::Enter); // open
    keys(&mut app, &mut m, "\t"); // Round tab (Tab as a char is not Tab key)
    (app, m)
}

fn go_tab(app: &mut App, m: &mut Model, tab: qishe::tui::Tab) {
    while m.tab() != tab {
        hit(app, m, KeyCode::Tab);
    }
}

fn all_screens(lang: Lang, suffix: &str) {
    let mut app = club(lang);
    let mut m = Model::load(&app).unwrap();
    insta::assert_snapshot!(format!("club_{suffix}"), screen(&m));
    keys(&mut app, &mut m, "/湖");
    insta::assert_snapshot!(format!("club_search_{suffix}"), screen(&m));
    hit(&mut app, &mut m, KeyCode::Esc);
    keys(&mut app, &mut m, "a");
    insta::assert_snapshot!(format!("member_form_{suffix}"), screen(&m));
    hit(&mut app, &mut m, KeyCode::Esc);
    keys(&mut app, &mut m, "?");
    insta::assert_snapshot!(format!("help_club_{suffix}"), screen(&m));
    keys(&mut app, &mut m, "x"); // closes help

    let (mut app, mut m) = running_event(lang);
    hit(&mut app, &mut m, KeyCode::BackTab);
    hit(&mut app, &mut m, KeyCode::Esc);
    insta::assert_snapshot!(format!("events_{suffix}"), screen(&m));
    keys(&mut app, &mut m, "n");
    for _ in 0..1 {
        hit(&mut app, &mut m, KeyCode::Tab);
    }
    hit(&mut app, &mut m, KeyCode::Right); // scheme: three-point
    insta::assert_snapshot!(format!("event_form_{suffix}"), screen(&m));
    crate::common::tui::discard_form(&mut app, &mut m);
    hit(&mut app, &mut m, KeyCode::Enter);
    go_tab(&mut app, &mut m, qishe::tui::Tab::Players);
    insta::assert_snapshot!(format!("players_{suffix}"), screen(&m));
    go_tab(&mut app, &mut m, qishe::tui::Tab::Round);
    insta::assert_snapshot!(format!("round_empty_{suffix}"), screen(&m));
    keys(&mut app, &mut m, "p");
    insta::assert_snapshot!(format!("round_1_{suffix}"), screen(&m));
    keys(&mut app, &mut m, "U");
    insta::assert_snapshot!(format!("confirm_unpair_{suffix}"), screen(&m));
    keys(&mut app, &mut m, "n");
    go_tab(&mut app, &mut m, qishe::tui::Tab::Results);
    keys(&mut app, &mut m, "r");
    keys(&mut app, &mut m, "1:02:03");
    hit(&mut app, &mut m, KeyCode::Tab);
    keys(&mut app, &mut m, "58:00");
    hit(&mut app, &mut m, KeyCode::Tab);
    keys(&mut app, &mut m, "41");
    insta::assert_snapshot!(format!("result_form_{suffix}"), screen(&m));
    hit(&mut app, &mut m, KeyCode::Enter);
    keys(&mut app, &mut m, "d");
    hit(&mut app, &mut m, KeyCode::Enter);
    insta::assert_snapshot!(format!("results_{suffix}"), screen(&m));
    go_tab(&mut app, &mut m, qishe::tui::Tab::Standings);
    insta::assert_snapshot!(format!("standings_{suffix}"), screen(&m));
    go_tab(&mut app, &mut m, qishe::tui::Tab::Crosstable);
    insta::assert_snapshot!(format!("crosstable_{suffix}"), screen(&m));
    go_tab(&mut app, &mut m, qishe::tui::Tab::Print);
    insta::assert_snapshot!(format!("print_{suffix}"), screen(&m));
    hit(&mut app, &mut m, KeyCode::Enter);
    hit(&mut app, &mut m, KeyCode::Right); // slips
    hit(&mut app, &mut m, KeyCode::Right); // standings
    insta::assert_snapshot!(format!("print_form_{suffix}"), screen(&m));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("standings.txt");
    for _ in 0..3 {
        hit(&mut app, &mut m, KeyCode::Tab);
    }
    keys(&mut app, &mut m, out.to_str().unwrap());
    hit(&mut app, &mut m, KeyCode::Enter);
    let text = std::fs::read_to_string(&out).expect("the standings were written");
    assert!(text.contains("王天一") && text.contains("汪洋"), "{text}");
}

#[test]
fn every_screen_in_simplified_chinese() {
    all_screens(Lang::ZhHans, "zh_hans");
}

#[test]
fn every_screen_in_english() {
    all_screens(Lang::En, "en");
}
