//! config.toml's `name_order`: the TUI's own by-name lists (the club's
//! members, the entry picker, the check-in) follow pinyin by default and
//! 笔画 (strokes) when the setting says so, as the printed lists do.

use crate::common::tui::{c, config, go, k};
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::domain::{EventSettings, NameOrder, NewMember};
use qishe::i18n::Lang;
use qishe::tui::model::Modal;
use qishe::tui::{view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// Pinyin: 丁 ding, 李 li, 欧 ou, 王 wang, 张 zhang, 赵 zhao.
const PINYIN: [&str; 6] = ["丁一", "李三", "欧阳五", "王二", "张四", "赵六"];
/// Strokes: 丁 2, 王 4, 李 7 and 张 7 (li before zhang), 欧 8, 赵 9.
const STROKES: [&str; 6] = ["丁一", "王二", "李三", "张四", "欧阳五", "赵六"];

fn club(order: NameOrder) -> App {
    let cfg = qishe::config::Config {
        name_order: order,
        ..config(Lang::ZhHans)
    };
    let mut app = App::in_memory(cfg).unwrap();
    // Added in neither order, all rated alike.
    for name in ["赵六", "王二", "欧阳五", "丁一", "张四", "李三"] {
        app.add_member(&NewMember {
            name: name.into(),
            rating: Some(2000),
            ..Default::default()
        })
        .unwrap();
    }
    app.create_event_with(
        "周赛",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    app
}

fn names<'a>(list: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    list.into_iter().map(str::to_string).collect()
}

/// The order the names appear in on the screen (80×24).
fn on_screen(m: &Model, want: &[&str]) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    let mut found: Vec<(usize, &str)> = want
        .iter()
        .map(|n| (text.find(n).unwrap_or_else(|| panic!("{n} shown")), *n))
        .collect();
    found.sort();
    found.into_iter().map(|(_, n)| n.to_string()).collect()
}

fn check(order: NameOrder, want: [&str; 6]) {
    let mut app = club(order);
    let mut m = Model::load(&app).unwrap();
    // The club's members.
    let club: Vec<&str> = m
        .filtered_members("")
        .iter()
        .map(|x| x.name.as_str())
        .collect();
    assert_eq!(club, want, "{order:?}: club list");
    assert_eq!(on_screen(&m, &want), names(want), "{order:?}: club screen");
    // The entry picker on the Players tab.
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!((m.screen(), m.tab()), (Screen::Event, Tab::Players));
    go(&mut app, &mut m, c('a'));
    let picker: Vec<&str> = m.pickable().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(picker, want, "{order:?}: entry picker");
    go(&mut app, &mut m, k(KeyCode::Esc));
    // The check-in of round 1.
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&names(want)).unwrap(),
    )
    .unwrap();
    m.refresh(&app).unwrap();
    go(&mut app, &mut m, c('C'));
    let Some(Modal::CheckIn(v)) = m.modal() else {
        panic!("the check-in is open: {:?}", m.modal());
    };
    let rows: Vec<&str> = v.rows.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(rows, want, "{order:?}: check-in");
    assert_eq!(
        on_screen(&m, &want),
        names(want),
        "{order:?}: check-in screen"
    );
}

#[test]
fn by_name_lists_follow_pinyin_or_strokes_as_config_says() {
    check(NameOrder::Pinyin, PINYIN);
    check(NameOrder::Strokes, STROKES);
}

/// Numbers in names by their value, on the screen and on paper alike:
/// 棋手2 before 棋手10, in pinyin and in stroke order.
#[test]
fn numbers_in_names_sort_by_their_value() {
    let want: Vec<String> = (1..=12).map(|i| format!("棋手{i}")).collect();
    for order in [NameOrder::Pinyin, NameOrder::Strokes] {
        let cfg = qishe::config::Config {
            name_order: order,
            ..config(Lang::ZhHans)
        };
        let mut app = App::in_memory(cfg).unwrap();
        for name in want.iter().rev() {
            app.add_member(&NewMember {
                name: name.clone(),
                ..Default::default()
            })
            .unwrap();
        }
        let m = Model::load(&app).unwrap();
        let club: Vec<&str> = m
            .filtered_members("")
            .iter()
            .map(|x| x.name.as_str())
            .collect();
        assert_eq!(club, want, "{order:?}");
    }
    // The printed check-in sheet, by name.
    let c = crate::common::Club::new();
    for name in want.iter().rev() {
        c.ok(&["player", "add", name]);
    }
    c.ok(&["event", "new", "E"]);
    let mut args = vec!["event", "enter", "E"];
    args.extend(want.iter().map(String::as_str));
    c.ok(&args);
    let csv = c.ok(&["print", "checkin", "E", "--format", "csv", "--no-bom"]);
    let printed: Vec<&str> = csv
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').find(|f| f.starts_with("棋手")))
        .collect();
    assert_eq!(printed, want);
}
