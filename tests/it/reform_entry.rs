//! The reform schemes' facts entered on the TUI's Results tab: a draw's
//! residual material under 大分小分调整法 (draw-0.8), a draw's first strike
//! under 和棋差额计分法 (attacker-defender), fouls when a tie-break counts
//! them. The result form asks for each where the event reads it, stores
//! it, shows it again when the board is corrected, and names the field of
//! a wrong value.

use crate::common::tui::{go, k, typed};
use crate::common::Club;
use crossterm::event::KeyCode;
use qishe::app::App;
use qishe::i18n::Lang;
use qishe::tui::Model;

/// Four members in event `name` (scheme `scheme`), round 1 paired.
fn club(name: &str, scheme: &str, extra: &[&str]) -> Club {
    let club = Club::new();
    for (n, r) in [("A", "2000"), ("B", "1900"), ("C", "1800"), ("D", "1700")] {
        club.ok(&["player", "add", n, "--rating", r]);
    }
    let mut args = vec!["--scheme", scheme];
    args.extend_from_slice(extra);
    club.dutch_event(name, &args, &["A", "B", "C", "D"]);
    club.ok(&["round", "pair", name]);
    club
}

fn results_tab(club: &Club, lang: Lang) -> (App, Model) {
    crate::common::tui::results_tab(&club.db, lang)
}

fn labels(m: &Model) -> Vec<&'static str> {
    m.form()
        .expect("a form")
        .fields
        .iter()
        .map(|f| f.label)
        .collect()
}

fn focus(m: &mut Model, label: &str) {
    let f = m.form_mut().unwrap();
    f.focus = f.fields.iter().position(|x| x.label == label).unwrap();
}

fn board_1_facts(app: &App, event: &str) -> qishe::domain::GameFacts {
    let ev = app.find_event(event).unwrap().key();
    app.games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == 1)
        .expect("board 1's game")
        .game
        .facts
}

#[test]
fn a_draw_under_draw_08_asks_for_the_residual_material() {
    let club = club("余子赛", "draw-0.8", &[]);
    let (mut app, mut m) = results_tab(&club, Lang::ZhHant);
    // A win reads no residual material: no field for it.
    typed(&mut app, &mut m, "2r");
    assert!(!labels(&m).contains(&"tui.field.red_residual"));
    go(&mut app, &mut m, k(KeyCode::Esc));
    // A draw does; a piece that is none is refused naming the field, and
    // what was typed stays.
    typed(&mut app, &mut m, "1d");
    let l = labels(&m);
    assert!(
        l.contains(&"tui.field.red_residual") && l.contains(&"tui.field.black_residual"),
        "{l:?}"
    );
    focus(&mut m, "tui.field.red_residual");
    typed(&mut app, &mut m, "車馬兵將");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().expect("status");
    assert!(
        err && msg.contains("紅方餘子") && msg.contains('將'),
        "{msg}"
    );
    assert_eq!(
        m.form().unwrap().value("tui.field.red_residual"),
        "車馬兵將"
    );
    go(&mut app, &mut m, k(KeyCode::Backspace));
    focus(&mut m, "tui.field.black_residual");
    typed(&mut app, &mut m, "車炮");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "saved");
    let (msg, err) = m.status().cloned().expect("status");
    assert!(
        !err && !msg.contains("注意"),
        "nothing is missing now: {msg}"
    );
    let f = board_1_facts(&app, "余子赛");
    assert_eq!(f.red_residual.map(|x| x.letters()), Some("RHP".into()));
    assert_eq!(f.black_residual.map(|x| x.letters()), Some("RC".into()));
    // The board reopened shows what is stored.
    typed(&mut app, &mut m, "1d");
    assert_eq!(m.form().unwrap().value("tui.field.red_residual"), "RHP");
    assert_eq!(m.form().unwrap().value("tui.field.black_residual"), "RC");
    go(&mut app, &mut m, k(KeyCode::Esc));
}

#[test]
fn a_draw_under_attacker_defender_asks_for_the_first_strike() {
    let club = club("攻守赛", "attacker-defender", &["--tiebreaks", "fouls"]);
    let (mut app, mut m) = results_tab(&club, Lang::ZhHans);
    typed(&mut app, &mut m, "1d");
    let l = labels(&m);
    assert!(l.contains(&"tui.field.first_strike"), "{l:?}");
    assert!(
        l.contains(&"tui.field.red_fouls"),
        "the fouls tie-break: {l:?}"
    );
    assert!(!l.contains(&"tui.field.red_residual"), "{l:?}");
    focus(&mut m, "tui.field.first_strike");
    typed(&mut app, &mut m, "红方");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().expect("status");
    assert!(
        err && msg.contains("首先吃子") && msg.contains("红方"),
        "{msg}"
    );
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "@12");
    focus(&mut m, "tui.field.black_fouls");
    typed(&mut app, &mut m, "2");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "saved: {:?}", m.status());
    let f = board_1_facts(&app, "攻守赛");
    assert_eq!(f.first_strike.map(|s| s.text()), Some("red@12".into()));
    assert_eq!((f.red_fouls, f.black_fouls), (0, 2));
}

#[test]
fn a_standard_event_asks_only_for_clocks_and_moves() {
    let club = club("普通赛", "standard", &[]);
    let (mut app, mut m) = results_tab(&club, Lang::En);
    typed(&mut app, &mut m, "1d");
    assert_eq!(
        labels(&m),
        [
            "tui.field.red_used",
            "tui.field.black_used",
            "tui.field.moves",
            "tui.field.clock_kind"
        ]
    );
}
