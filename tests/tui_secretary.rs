//! The secretary's TUI: pinyin search on the Club screen, long work on a
//! worker thread, moving players between boards in the Round tab.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::NewMember;
use qishe::i18n::Lang;
use qishe::tui::{press, Model};

fn k(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}
fn c(ch: char) -> KeyEvent {
    k(KeyCode::Char(ch))
}
fn go(app: &mut App, m: &mut Model, key: KeyEvent) {
    press(app, m, key, &mut |_| {});
}
fn typed(app: &mut App, m: &mut Model, text: &str) {
    for ch in text.chars() {
        go(app, m, c(ch));
    }
}

fn config(lang: Lang) -> Config {
    Config {
        club: "西湖棋社".into(),
        language: Some(lang),
        ..Config::default()
    }
}

const MEMBERS: [(&str, i32, &str); 6] = [
    ("张华强", 1850, "西湖棋社"),
    ("張志明", 1720, "香港象棋會"),
    ("曾国强", 1990, "钱塘象棋队"),
    ("赵海涛", 2105, "萧山队"),
    ("Lee Kong", 1600, "Singapore"),
    ("王天一", 2700, "杭州"),
];

fn members(app: &mut App) {
    for (name, rating, club) in MEMBERS {
        app.add_member(&NewMember {
            name: name.into(),
            rating: Some(rating),
            club: Some(club.into()),
            ..Default::default()
        })
        .unwrap();
    }
}

fn shown(m: &Model) -> Vec<String> {
    m.filtered_members(&m.search)
        .iter()
        .map(|x| x.name.clone())
        .collect()
}

#[test]
fn typing_pinyin_initials_narrows_the_club_list() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    members(&mut app);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('/'));
    assert!(m.searching);
    typed(&mut app, &mut m, "z");
    let mut v = shown(&m);
    v.sort();
    // 王天一 by his club 杭州 (hangzhou); Lee Kong has no z.
    assert_eq!(v, ["张华强", "張志明", "曾国强", "王天一", "赵海涛"]);
    typed(&mut app, &mut m, "hq");
    assert_eq!(shown(&m), ["张华强"]);
    // Backspace widens again; upper case and traditional characters match.
    go(&mut app, &mut m, k(KeyCode::Backspace));
    go(&mut app, &mut m, k(KeyCode::Backspace));
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "ZZM");
    assert_eq!(shown(&m), ["張志明"]);
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert_eq!(shown(&m).len(), MEMBERS.len());
    // The polyphonic surname 曾 answers to both readings.
    go(&mut app, &mut m, c('/'));
    typed(&mut app, &mut m, "cgq");
    assert_eq!(shown(&m), ["曾国强"]);
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('/'));
    typed(&mut app, &mut m, "zengguo");
    assert_eq!(shown(&m), ["曾国强"]);
    go(&mut app, &mut m, k(KeyCode::Esc));
    // Rating, club (and the club's initials), latin names.
    go(&mut app, &mut m, c('/'));
    typed(&mut app, &mut m, "21");
    assert_eq!(shown(&m), ["赵海涛"]);
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('/'));
    typed(&mut app, &mut m, "xs");
    assert_eq!(shown(&m), ["赵海涛"], "萧山队");
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('/'));
    typed(&mut app, &mut m, "KONG");
    assert_eq!(shown(&m), ["Lee Kong"]);
}
