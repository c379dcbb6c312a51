//! The Prizes tab of an individual event, driven by keys through the
//! `Model` against a real club (the club of specs/prizes.md's example 2,
//! imported from `data/prizes/example2.trf`), the screen drawn at 100×30.

use crate::common::tui as tui_helpers;

use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::domain::{NewMember, PrizeList, Sex, Sharing};
use qishe::i18n::Lang;
use qishe::tui::{view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use tui_helpers::{c, config, go, k, typed};

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(110, 32)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "prize.", "book."] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

const MEMBERS: [(&str, Sex, Option<i32>, Option<&str>); 12] = [
    ("王强", Sex::M, Some(1985), Some("红星")),
    ("李娜", Sex::F, Some(1990), Some("蓝天")),
    ("张伟", Sex::M, Some(1958), Some("红星")),
    ("刘洋", Sex::M, Some(2011), None),
    ("陈静", Sex::F, Some(2010), Some("蓝天")),
    ("赵磊", Sex::M, Some(1962), Some("红星")),
    ("孙丽", Sex::F, None, Some("蓝天")),
    ("周杰", Sex::M, Some(1975), Some("红星")),
    ("吴敏", Sex::F, Some(2012), None),
    ("郑浩", Sex::M, None, None),
    ("冯刚", Sex::M, Some(1970), None),
    ("何平", Sex::M, Some(1980), None),
];

const LIST_2: &str = "category,place,value
overall,1,2000
overall,2,1000
overall,3,500
overall,4,300
overall,5,证书
sex=f,1,400
born<=1965,1,300
";

fn club(lang: Lang, list: bool) -> App {
    let mut app = App::in_memory(config(lang)).unwrap();
    for (name, sex, born, club) in MEMBERS {
        app.add_member(&NewMember {
            name: name.into(),
            sex: Some(sex),
            born,
            club: club.map(str::to_string),
            ..Default::default()
        })
        .unwrap();
    }
    let trf = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/prizes/example2.trf"),
    )
    .unwrap();
    app.import_trf(&trf, "example2.trf", Some("示例2")).unwrap();
    if list {
        app.set_prizes_csv(
            app.find_event("示例2").unwrap().key(),
            LIST_2.as_bytes(),
            "list.csv",
            Sharing::Equal,
        )
        .unwrap();
    }
    app
}

fn open_prizes(app: &mut App) -> Model {
    let mut m = Model::load(app).unwrap();
    go(app, &mut m, k(KeyCode::Tab));
    go(app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    if !m.tabs().contains(&Tab::Prizes) {
        // No list yet: `P` opens the tab.
        go(app, &mut m, c('P'));
    }
    for _ in 0..m.tabs().len() {
        if m.tab() == Tab::Prizes {
            return m;
        }
        go(app, &mut m, k(KeyCode::Tab));
    }
    panic!("no Prizes tab: {:?}", m.tabs());
}

#[test]
fn the_tab_shows_who_gets_what_and_explains_the_selected_player() {
    let mut app = club(Lang::ZhHans, true);
    let mut m = open_prizes(&mut app);
    let s = screen(&m);
    for want in [
        "奖项",
        "同分均分",
        "王强",
        "总名次第1名",
        "267 (800 ÷ 3, 同分均分)",
        "预览",
    ] {
        assert!(s.contains(want), "{want}\n{s}");
    }
    // 孙丽 (7th): the women's prize, because 李娜 and 陈静 already had one.
    for _ in 0..6 {
        go(&mut app, &mut m, k(KeyCode::Down));
    }
    let s = screen(&m);
    assert!(s.contains("孙丽: 为何得此奖项"), "{s}");
    assert!(
        s.contains("获得 女子第1名: 400 (李娜, 陈静 名次更高, 但已获奖)"),
        "{s}"
    );
    assert!(s.contains("按名次给第1名 → 王强"), "{s}");
}

#[test]
fn a_list_is_loaded_edited_and_its_sharing_changed_from_the_tab() {
    let mut app = club(Lang::En, false);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(!m.tabs().contains(&Tab::Prizes), "no list, no tab");
    let mut m = open_prizes(&mut app);
    assert_eq!(m.tab(), Tab::Prizes);
    assert!(screen(&m).contains("this event has no prize list yet"));
    // o: load a file.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("list.csv");
    std::fs::write(&f, LIST_2).unwrap();
    go(&mut app, &mut m, c('o'));
    typed(&mut app, &mut m, f.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = screen(&m);
    assert!(
        s.contains("王强") && s.contains("总名次第1名 (Overall, place 1) 2000"),
        "{s}"
    );
    assert_eq!(prizes_of(&app).prizes.len(), 7);
    // s: the sharing mode, none → equal.
    go(&mut app, &mut m, c('s'));
    assert_eq!(prizes_of(&app).sharing, Sharing::Equal);
    assert!(screen(&m).contains("267 (800 ÷ 3, 同分均分)"));
    // a: add a prize; a bad one is refused and the line kept.
    go(&mut app, &mut m, c('a'));
    typed(&mut app, &mut m, "sex=f,2,500");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = screen(&m);
    assert!(s.contains("more than place 1 (400)"), "{s}");
    assert!(s.contains("sex=f,2,500"), "{s}");
    for _ in 0.."500".len() {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "200");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let l = prizes_of(&app);
    assert_eq!(l.prizes.len(), 8);
    assert_eq!(l.prizes[7].category.code(), "sex=f");
    // v, then x on the first prize (overall 1) and y: the places move up.
    go(&mut app, &mut m, c('v'));
    assert!(screen(&m).contains("born<=1965"));
    go(&mut app, &mut m, c('x'));
    go(&mut app, &mut m, c('y'));
    let l = prizes_of(&app);
    assert_eq!(l.prizes.len(), 7);
    assert_eq!(
        (l.prizes[0].place, l.prizes[0].value.text()),
        (1, "1000".to_string())
    );
    // Every change is one undo.
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y'));
    assert_eq!(prizes_of(&app).prizes.len(), 8);
}

/// The prize list of the example event, as stored.
fn prizes_of(app: &App) -> PrizeList {
    app.prize_list(app.find_event("示例2").unwrap().key())
        .unwrap()
        .unwrap()
}

#[test]
fn team_events_and_knockouts_have_no_prizes_tab() {
    let mut app = club(Lang::En, false);
    app.create_event_with(
        "团体",
        None,
        &Default::default(),
        qishe::app::NewEventKind::Team(&qishe::domain::TeamSettings {
            boards: 2,
            ..Default::default()
        }),
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    m.select_event(m.events().iter().position(|e| e.name == "团体").unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(!m.tabs().contains(&Tab::Prizes), "{:?}", m.tabs());
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    m.select_event(m.events().iter().position(|e| e.name == "示例2").unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('P'));
    assert!(m.tabs().contains(&Tab::Prizes));
}
