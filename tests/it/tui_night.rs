//! The TUI's second pass: result entry that cannot hit the
//! wrong board, every round browsable and correctable, undo that asks,
//! redo, finishing an event, forms that keep what was typed, the club's
//! words on screen.

use crate::common::tui::{c, config, go, k, typed};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::{App, ClockInput, EventId, ResultInput};
use qishe::app::{BoardNo, RoundNo};
use qishe::domain::{EventSettings, EventStatus, NewMember, Outcome};
use qishe::i18n::Lang;
use qishe::tui::model::FormKind;
use qishe::tui::{view, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;

const NAMES: [&str; 8] = [
    "陈磊",
    "黄志强",
    "王天一",
    "郑惟桐",
    "赵鑫鑫",
    "谢靖",
    "许银川",
    "吕钦",
];

fn ctrl(ch: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(ch), KeyModifiers::CONTROL)
}

/// Eight members in a five-round event 周赛, round 1 paired (four boards).
pub(crate) fn club(lang: Lang) -> (App, EventId) {
    let mut app = App::in_memory(config(lang)).unwrap();
    for (i, n) in NAMES.iter().enumerate() {
        app.add_member(&NewMember {
            name: n.to_string(),
            rating: Some(2000 + 10 * i as i32),
            ..Default::default()
        })
        .unwrap();
    }
    let s = EventSettings {
        rounds: 5,
        ..Default::default()
    };
    let e = app
        .create_event_with("周赛", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap();
    let all: Vec<String> = NAMES.iter().map(|s| s.to_string()).collect();
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&all).unwrap(),
    )
    .unwrap();
    app.pair_next_round(app.find_event("周赛").unwrap().key())
        .unwrap();
    (app, e.key())
}

/// The model with the event open on `tab`.
pub(crate) fn open(app: &mut App, tab: Tab) -> Model {
    let mut m = Model::load(app).unwrap();
    go(app, &mut m, k(KeyCode::Tab));
    go(app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    while m.tab() != tab {
        go(app, &mut m, k(KeyCode::Tab));
    }
    m
}

pub(crate) fn result(app: &mut App, round: u32, board: u32, o: Outcome) {
    app.record_result(
        app.find_event("周赛").unwrap().key(),
        RoundNo(round),
        BoardNo(board),
        &ResultInput {
            outcome: Some(o),
            ..Default::default()
        },
    )
    .unwrap();
}

fn game(app: &App, ev: EventId, round: u32, board: u32) -> qishe::domain::Game {
    app.games(ev, None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == round && g.board == board && g.game.game_no == 1)
        .unwrap()
        .game
}

fn form_board(m: &Model) -> Option<u32> {
    match &m.form()?.kind {
        FormKind::Result { board, .. } | FormKind::AttachRecord { board, .. } => Some(board.get()),
        _ => None,
    }
}

pub(crate) fn screen(m: &Model, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn a_typed_board_number_goes_with_the_next_key_and_never_falls_back() {
    let (mut app, _) = club(Lang::En);
    let mut m = open(&mut app, Tab::Results);
    // The repro of the issue: 3 g Esc 4 d opened board 3.
    go(&mut app, &mut m, c('3'));
    assert_eq!(m.board_input(), "3");
    assert!(screen(&m, 100, 20).contains("board 3▏"), "the number shows");
    go(&mut app, &mut m, c('g'));
    assert_eq!(form_board(&m), Some(3));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.board_input().is_empty());
    go(&mut app, &mut m, c('4'));
    go(&mut app, &mut m, c('d'));
    assert_eq!(form_board(&m), Some(4), "board 4, not 34 or 3");
    go(&mut app, &mut m, k(KeyCode::Esc));
    // An unknown board is an error; nothing opens.
    let before = m.row_sel();
    go(&mut app, &mut m, c('9'));
    assert!(screen(&m, 100, 20).contains("no such board"));
    go(&mut app, &mut m, c('r'));
    assert!(
        m.form().is_none(),
        "no form for a board that does not exist"
    );
    let (msg, err) = m.status().cloned().unwrap();
    assert!(err && msg.contains("no board 9"), "{msg}");
    assert_eq!(m.row_sel(), before);
    assert!(m.board_input().is_empty());
    // Arrows and tab changes forget a typed number too.
    go(&mut app, &mut m, c('2'));
    go(&mut app, &mut m, k(KeyCode::Down));
    assert!(m.board_input().is_empty());
    go(&mut app, &mut m, c('2'));
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert!(m.board_input().is_empty());
}

#[test]
fn replacing_a_result_shows_old_and_new_and_asks() {
    let (mut app, ev) = club(Lang::En);
    result(&mut app, 1, 1, Outcome::BlackWin);
    let mut m = open(&mut app, Tab::Results);
    go(&mut app, &mut m, c('1'));
    go(&mut app, &mut m, c('r'));
    assert_eq!(form_board(&m), Some(1));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let q = m.confirm().expect("a question").message.clone();
    assert!(q.contains("0-1") && q.contains("1-0"), "{q}");
    go(&mut app, &mut m, c('n'));
    assert_eq!(
        game(&app, ev, 1, 1).outcome,
        Outcome::BlackWin,
        "n keeps it"
    );
    assert_eq!(form_board(&m), Some(1), "back to the form as typed");
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert_eq!(game(&app, ev, 1, 1).outcome, Outcome::RedWin);
    // A forfeit over a result asks too.
    go(&mut app, &mut m, c('1'));
    go(&mut app, &mut m, c('F'));
    let q = m.confirm().expect("a question").message.clone();
    assert!(q.contains("1-0") && q.contains("+/-"), "{q}");
    go(&mut app, &mut m, c('n'));
    assert_eq!(game(&app, ev, 1, 1).outcome, Outcome::RedWin);
}

#[test]
fn a_correction_form_starts_from_the_stored_values_and_a_clock_can_be_cleared() {
    let (mut app, ev) = club(Lang::En);
    app.record_result(
        app.find_event("周赛").unwrap().key(),
        RoundNo(1),
        BoardNo(2),
        &ResultInput {
            outcome: Some(Outcome::Draw),
            moves: Some(40),
            red_clock: Some(ClockInput::Used(30 * 60_000)),
            black_clock: Some(ClockInput::Used(20 * 60_000)),
            ..Default::default()
        },
    )
    .unwrap();
    let mut m = open(&mut app, Tab::Results);
    go(&mut app, &mut m, c('2'));
    go(&mut app, &mut m, c('d'));
    let f = m.form().unwrap();
    assert_eq!(f.value("tui.field.red_used"), "30:00");
    assert_eq!(f.value("tui.field.black_used"), "20:00");
    assert_eq!(f.value("tui.field.moves"), "40");
    for _ in 0..5 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(
        m.form().is_none() && m.confirm().is_none(),
        "same result: no question"
    );
    let g = game(&app, ev, 1, 2);
    assert_eq!(g.facts.red_used_ms, None, "the wrong clock is gone");
    assert_eq!(g.facts.black_used_ms, Some(20 * 60_000));
    assert_eq!(g.facts.moves, Some(40));
}

#[test]
fn clocks_are_minutes_or_time_left_and_errors_keep_the_form() {
    let (mut app, ev) = club(Lang::En);
    let mut m = open(&mut app, Tab::Results);
    go(&mut app, &mut m, c('3'));
    go(&mut app, &mut m, c('r'));
    typed(&mut app, &mut m, "5");
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "30");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let g = game(&app, ev, 1, 3);
    assert_eq!(
        g.facts.red_used_ms,
        Some(5 * 60_000),
        "a bare 5 is five minutes"
    );
    // 0 moves with time used: the moves field's error, the form stays.
    go(&mut app, &mut m, c('4'));
    go(&mut app, &mut m, c('b'));
    typed(&mut app, &mut m, "10");
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "0");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(err && msg.starts_with("moves"), "{msg}");
    assert_eq!(form_board(&m), Some(4));
    // A clock over the limit: refused by the app, the form comes back.
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "20");
    go(&mut app, &mut m, k(KeyCode::BackTab));
    go(&mut app, &mut m, k(KeyCode::BackTab));
    go(&mut app, &mut m, k(KeyCode::Backspace));
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "999");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.status().unwrap().1, "{:?}", m.status().cloned());
    let f = m.form().expect("the form is back");
    assert_eq!(f.value("tui.field.red_used"), "999");
    assert_eq!(f.value("tui.field.moves"), "20");
    assert_eq!(game(&app, ev, 1, 4).outcome, Outcome::Unplayed);
    // Time left: 80 minutes left of 90 after 20 moves.
    for _ in 0..3 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "80");
    go(&mut app, &mut m, k(KeyCode::BackTab));
    go(&mut app, &mut m, c(' '));
    assert_eq!(m.form().unwrap().value("tui.field.clock_kind"), "left");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    let g = game(&app, ev, 1, 4);
    assert_eq!(g.outcome, Outcome::BlackWin);
    assert!(g.facts.red_used_ms.unwrap() >= 10 * 60_000);
}

const PGN: &str = "[Game \"Chinese Chess\"]\n[Red \"张三\"]\n[Black \"李四\"]\n\
    [Result \"1-0\"]\n1. h2e2 h9g7 2. h0g2 i9h9 1-0\n";

#[test]
fn a_record_of_other_players_is_not_attached_without_a_question() {
    let (mut app, ev) = club(Lang::En);
    result(&mut app, 1, 1, Outcome::BlackWin);
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.pgn");
    std::fs::write(&path, PGN).unwrap();
    let mut m = open(&mut app, Tab::Results);
    go(&mut app, &mut m, c('1'));
    go(&mut app, &mut m, c('g'));
    typed(&mut app, &mut m, path.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    let q = m.confirm().expect("a question").message.clone();
    assert!(q.contains("张三–李四"), "{q}");
    go(&mut app, &mut m, c('n'));
    assert_eq!(game(&app, ev, 1, 1).facts.record, None);
    go(&mut app, &mut m, c('1'));
    go(&mut app, &mut m, c('g'));
    typed(&mut app, &mut m, path.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert!(game(&app, ev, 1, 1).facts.record.is_some());
}

#[test]
fn an_earlier_round_is_shown_and_corrected_and_standings_follow() {
    let (mut app, ev) = club(Lang::En);
    for b in 1..=4 {
        result(&mut app, 1, b, Outcome::RedWin);
    }
    app.pair_next_round(app.find_event("周赛").unwrap().key())
        .unwrap();
    let mut m = open(&mut app, Tab::Results);
    assert_eq!(m.ev().round().unwrap().number, RoundNo(2));
    go(&mut app, &mut m, c('['));
    assert_eq!(m.ev().round().unwrap().number, RoundNo(1));
    assert!(screen(&m, 100, 20).contains("round 1/5"));
    go(&mut app, &mut m, c('1'));
    go(&mut app, &mut m, c('b'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert_eq!(game(&app, ev, 1, 1).outcome, Outcome::BlackWin);
    assert_eq!(
        m.ev().round().unwrap().number,
        RoundNo(1),
        "still on round 1"
    );
    // Standings after round 1, then the latest again.
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.tab(), Tab::Standings);
    assert_eq!(
        m.ev()
            .standings()
            .and_then(|s| s.individual())
            .unwrap()
            .after_round,
        1
    );
    go(&mut app, &mut m, c(']'));
    assert_eq!(m.round_sel(), None);
    go(&mut app, &mut m, c('['));
    go(&mut app, &mut m, c('['));
    assert_eq!(
        m.round_sel(),
        Some(qishe::app::RoundNo(1)),
        "round 1 is the first"
    );
    // Un-pairing is for the last round only.
    go(&mut app, &mut m, k(KeyCode::BackTab));
    go(&mut app, &mut m, k(KeyCode::BackTab));
    assert_eq!(m.tab(), Tab::Round);
    go(&mut app, &mut m, c('U'));
    assert!(m.confirm().is_none());
    assert!(m.status().unwrap().1);
}

#[test]
fn undo_says_what_it_undoes_and_asks_and_ctrl_r_redoes() {
    let (mut app, _) = club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    let first = m.filtered_members("")[0].clone();
    go(&mut app, &mut m, c('x'));
    go(&mut app, &mut m, c('y'));
    assert!(app.member(first.key()).unwrap().retired);
    go(&mut app, &mut m, c('u'));
    let q = m.confirm().expect("undo asks").message.clone();
    assert!(q.starts_with("undo:") && q.contains(&first.name), "{q}");
    go(&mut app, &mut m, c('n'));
    assert!(app.member(first.key()).unwrap().retired, "n undoes nothing");
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y'));
    assert!(!app.member(first.key()).unwrap().retired);
    go(&mut app, &mut m, ctrl('r'));
    assert!(app.member(first.key()).unwrap().retired, "redone");
    assert!(m.status().unwrap().0.starts_with("redone"));
}

#[test]
fn finishing_says_how_many_rounds_are_missing_and_can_be_reopened() {
    let (mut app, ev) = club(Lang::En);
    for b in 1..=4 {
        result(&mut app, 1, b, Outcome::Draw);
    }
    let mut m = open(&mut app, Tab::Round);
    go(&mut app, &mut m, c('F'));
    let q = m.confirm().expect("a question").message.clone();
    assert!(q.contains("4 of 5 rounds are missing"), "{q}");
    go(&mut app, &mut m, c('n'));
    assert_ne!(app.event(ev).unwrap().status, EventStatus::Finished);
    go(&mut app, &mut m, c('F'));
    go(&mut app, &mut m, c('y'));
    assert_eq!(app.event(ev).unwrap().status, EventStatus::Finished);
    go(&mut app, &mut m, c('F'));
    assert!(m.confirm().unwrap().message.contains("reopen"));
    go(&mut app, &mut m, c('y'));
    assert_eq!(app.event(ev).unwrap().status, EventStatus::Running);
}

#[test]
fn unpairing_says_how_many_results_go() {
    let (mut app, ev) = club(Lang::En);
    result(&mut app, 1, 1, Outcome::Draw);
    result(&mut app, 1, 2, Outcome::RedWin);
    let mut m = open(&mut app, Tab::Round);
    go(&mut app, &mut m, c('U'));
    let q = m.confirm().unwrap().message.clone();
    assert!(q.contains("2 results will be removed"), "{q}");
    go(&mut app, &mut m, c('y'));
    assert_eq!(app.rounds_paired(ev).unwrap(), 0);
}

#[test]
fn the_new_event_form_takes_chinese_tiebreak_names_and_keeps_what_was_typed() {
    let (mut app, _) = club(Lang::ZhHans);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "月赛");
    let tb = m
        .form()
        .unwrap()
        .fields
        .iter()
        .position(|f| f.label == "tui.field.tiebreaks")
        .unwrap();
    for _ in 0..tb {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    for _ in 0..60 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "对手分,胡说");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(
        err && msg.contains("胡说") && msg.contains("破同分"),
        "{msg}"
    );
    let f = m.form().expect("the form stays");
    assert_eq!(f.value("col.event"), "月赛");
    assert!(screen(&m, 100, 40).contains("opponent-score"), "the list");
    for _ in 0..2 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "累进分");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    let e = app.find_event("月赛").unwrap();
    assert_eq!(
        e.settings.tiebreaks.codes(),
        ["opponent-score", "progressive"]
    );
}

#[test]
fn the_print_form_offers_no_csv_for_slips() {
    let (mut app, _) = club(Lang::En);
    let mut m = open(&mut app, Tab::Print);
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, k(KeyCode::Right)); // slips
    assert_eq!(m.form().unwrap().value("tui.print.doc"), "slips");
    go(&mut app, &mut m, k(KeyCode::Tab));
    let mut seen = Vec::new();
    for _ in 0..4 {
        go(&mut app, &mut m, k(KeyCode::Right));
        seen.push(m.form().unwrap().value("tui.print.format").to_string());
    }
    assert!(!seen.iter().any(|f| f == "csv"), "{seen:?}");
}

#[test]
fn the_print_form_offers_png_for_pairings_and_standings_and_writes_the_pages() {
    let (mut app, _) = club(Lang::En);
    let mut m = open(&mut app, Tab::Print);
    go(&mut app, &mut m, k(KeyCode::Enter));
    let formats = |app: &mut App, m: &mut Model| {
        let mut seen = Vec::new();
        for _ in 0..5 {
            go(app, m, k(KeyCode::Right));
            seen.push(m.form().unwrap().value("tui.print.format").to_string());
        }
        seen
    };
    // pairings (the default), slips, standings
    for (doc, png) in [("pairings", true), ("slips", false), ("standings", true)] {
        assert_eq!(m.form().unwrap().value("tui.print.doc"), doc);
        go(&mut app, &mut m, k(KeyCode::Tab));
        let seen = formats(&mut app, &mut m);
        assert_eq!(seen.iter().any(|f| f == "png"), png, "{doc}: {seen:?}");
        go(&mut app, &mut m, k(KeyCode::BackTab));
        go(&mut app, &mut m, k(KeyCode::Right));
    }
    if !std::path::Path::new("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc").is_file() {
        eprintln!("skipped the writing: no Noto CJK font");
        return;
    }
    // Back to pairings, as PNG, to a file.
    while m.form().unwrap().value("tui.print.doc") != "pairings" {
        go(&mut app, &mut m, k(KeyCode::Left));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    while m.form().unwrap().value("tui.print.format") != "png" {
        go(&mut app, &mut m, k(KeyCode::Right));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("r1.png");
    typed(&mut app, &mut m, out.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(
        !err && msg.contains("r1-1.png") && msg.contains("r1-2.png"),
        "{msg}"
    );
    for f in ["r1-1.png", "r1-2.png"] {
        let png = std::fs::read(dir.path().join(f)).unwrap();
        assert_eq!(&png[1..4], b"PNG");
    }
}

#[test]
fn results_and_crosstable_speak_chinese() {
    let (mut app, _) = club(Lang::ZhHans);
    result(&mut app, 1, 1, Outcome::RedWin);
    result(&mut app, 1, 2, Outcome::Draw);
    result(&mut app, 1, 3, Outcome::BlackForfeits);
    let mut m = open(&mut app, Tab::Results);
    let s = screen(&m, 110, 20);
    for want in ["红胜", "和", "黑方弃权"] {
        assert!(s.contains(want), "{want}:\n{s}");
    }
    assert!(!s.contains("1-0") && !s.contains("+/-"), "{s}");
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.tab(), Tab::Crosstable);
    let s = screen(&m, 110, 20);
    assert!(s.contains("红+") && s.contains("黑="), "{s}");
}

#[test]
fn member_form_checks_rating_and_warns_of_a_duplicate() {
    let (mut app, _) = club(Lang::En);
    let n = app.members(true).unwrap().len();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('a'));
    typed(&mut app, &mut m, "陈磊");
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "99999");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(
        err && msg.starts_with("rating") && msg.contains("0–3500"),
        "{msg}"
    );
    for _ in 0..5 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "2100");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let q = m.confirm().expect("a duplicate asks").message.clone();
    assert!(q.contains("陈磊"), "{q}");
    go(&mut app, &mut m, c('n'));
    assert_eq!(app.members(true).unwrap().len(), n);
    assert!(m.form().is_some(), "back to the form");
}

#[test]
fn the_picker_enters_every_marked_member_at_once() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    for n in NAMES {
        app.add_member(&NewMember {
            name: n.into(),
            ..Default::default()
        })
        .unwrap();
    }
    let e = app
        .create_event_with(
            "周赛",
            None,
            &EventSettings::default(),
            qishe::app::NewEventKind::Individual,
        )
        .unwrap();
    let mut m = open(&mut app, Tab::Players);
    go(&mut app, &mut m, c('a'));
    // The bottom bar names the picker's keys, not a form's (Enter save,
    // Tab next field), in 80 columns.
    let bar = screen(&m, 80, 24)
        .lines()
        .nth(23)
        .unwrap_or_default()
        .to_string();
    assert!(
        bar.contains("Space mark (several)")
            && bar.contains("Enter enter the marked or the selected"),
        "{bar}"
    );
    assert!(
        !bar.contains("save") && !bar.contains("next field"),
        "{bar}"
    );
    go(&mut app, &mut m, c(' '));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c(' '));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c(' '));
    assert_eq!(m.picker().map_or(0, |p| p.marked.len()), 3);
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(
        app.entries(e.key()).unwrap().len(),
        3,
        "{:?}",
        m.status().cloned()
    );
    assert!(m.picker().is_none());
}

#[test]
fn page_keys_move_a_page_and_home_end_the_ends() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    for i in 0..30 {
        app.add_member(&NewMember {
            name: format!("p{i:02}"),
            ..Default::default()
        })
        .unwrap();
    }
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::PageDown));
    assert_eq!(m.member_sel(), 10);
    go(&mut app, &mut m, k(KeyCode::End));
    assert_eq!(m.member_sel(), 29);
    go(&mut app, &mut m, k(KeyCode::PageDown));
    assert_eq!(m.member_sel(), 29);
    go(&mut app, &mut m, k(KeyCode::PageUp));
    assert_eq!(m.member_sel(), 19);
    go(&mut app, &mut m, k(KeyCode::Home));
    assert_eq!(m.member_sel(), 0);
}

#[test]
fn a_screen_change_clears_the_last_message() {
    let (mut app, _) = club(Lang::En);
    let mut m = open(&mut app, Tab::Results);
    go(&mut app, &mut m, c('9'));
    go(&mut app, &mut m, c('r'));
    assert!(m.status().is_some());
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert!(m.status().is_none());
}

#[test]
fn members_are_listed_by_pinyin_and_searches_rank_prefix_matches_first() {
    let (app, _) = club(Lang::En);
    let m = Model::load(&app).unwrap();
    let names = |q: &str| -> Vec<String> {
        m.filtered_members(q)
            .iter()
            .map(|x| x.name.clone())
            .collect()
    };
    assert_eq!(
        names(""),
        [
            "陈磊",
            "黄志强",
            "吕钦",
            "王天一",
            "谢靖",
            "许银川",
            "赵鑫鑫",
            "郑惟桐"
        ]
    );
    // 谢 and 许 start with x; 赵鑫鑫 only has an x inside.
    assert_eq!(names("x"), ["谢靖", "许银川", "赵鑫鑫"]);
}

/// Print box: document `doc_steps` to the right of the first, file `path`.
fn print_to(app: &mut App, m: &mut Model, doc: &str, path: &str) {
    go(app, m, k(KeyCode::Enter));
    let docs = m.form().unwrap().fields[0].choices.clone();
    assert!(docs.iter().any(|d| d == doc), "{doc}: {docs:?}");
    while m.form().unwrap().value("tui.print.doc") != doc {
        go(app, m, k(KeyCode::Right));
    }
    for _ in 0..3 {
        go(app, m, k(KeyCode::Tab));
    }
    typed(app, m, path);
    go(app, m, k(KeyCode::Enter));
}

#[test]
fn printing_over_an_existing_file_asks_first_and_trf_and_backup_are_in_the_box() {
    let (mut app, _) = club(Lang::En);
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sheet.txt");
    std::fs::write(&out, "keep me").unwrap();
    let mut m = open(&mut app, Tab::Print);
    print_to(&mut app, &mut m, "pairings", out.to_str().unwrap());
    let q = m.confirm().expect("a question").message.clone();
    assert!(q.contains("replace this file"), "{q}");
    go(&mut app, &mut m, c('n'));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "keep me");
    m.close_modal();
    print_to(&mut app, &mut m, "pairings", out.to_str().unwrap());
    go(&mut app, &mut m, c('y'));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("陈磊"), "{text}");
    // TRF export of the event, and a backup of the club.
    let trf = dir.path().join("e.trf");
    print_to(&mut app, &mut m, "trf", trf.to_str().unwrap());
    assert!(m.confirm().is_none(), "{:?}", m.status().cloned());
    let t = std::fs::read_to_string(&trf).unwrap();
    assert!(t.lines().any(|l| l.starts_with("001")), "{t}");
    let db = dir.path().join("copy.db");
    print_to(&mut app, &mut m, "backup", db.to_str().unwrap());
    assert!(db.exists(), "{:?}", m.status().cloned());
}

#[test]
fn the_new_event_form_sets_date_games_per_round_bye_score_and_double() {
    let (mut app, _) = club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "双循环");
    let focus = |m: &mut Model, label: &str| {
        let f = m.form_mut().unwrap();
        f.focus = f.fields.iter().position(|x| x.label == label).unwrap();
    };
    focus(&mut m, "col.date");
    typed(&mut app, &mut m, "2026-13-01");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(err && msg.starts_with("date"), "{msg}");
    for _ in 0..4 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    typed(&mut app, &mut m, "2-05");
    focus(&mut m, "tui.field.games_per_round");
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, k(KeyCode::Right));
    focus(&mut m, "tui.field.bye_opponent_score");
    go(&mut app, &mut m, k(KeyCode::Left));
    focus(&mut m, "tui.field.double");
    go(&mut app, &mut m, k(KeyCode::Right));
    // A double round robin on a Dutch event: refused, the form kept.
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(
        err && msg.contains("double_round_robin") && msg.contains("round-robin only"),
        "{msg}"
    );
    assert!(m.form().is_some());
    assert!(app.find_event("双循环").is_err(), "nothing stored");
    // The same form as a round robin (Dutch → Chinese Swiss → round robin).
    focus(&mut m, "col.system");
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, k(KeyCode::Right));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status().cloned());
    let e = app.find_event("双循环").unwrap();
    assert_eq!(e.settings.system.code(), "berger");
    assert_eq!(e.start_date, chrono::NaiveDate::from_ymd_opt(2026, 12, 5));
    assert_eq!(e.settings.games_per_round, 2);
    assert_eq!(e.settings.byes.opponent_score.code(), "own");
    assert_eq!(
        e.settings
            .pairing_settings
            .to_map()
            .get("double_round_robin"),
        Some(&serde_json::Value::Bool(true))
    );
}

#[test]
fn undo_and_redo_speak_chinese_in_a_chinese_ui() {
    let (mut app, ev) = club(Lang::ZhHans);
    app.record_result(
        app.find_event(&ev.0.to_string()).unwrap().key(),
        RoundNo(1),
        BoardNo(1),
        &ResultInput {
            outcome: Some(Outcome::RedWin),
            ..Default::default()
        },
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('u'));
    let q = m.confirm().expect("undo asks").message.clone();
    assert!(
        q.contains("成绩 周赛 第 1 轮 台 1") && q.contains("红胜"),
        "{q}"
    );
    assert!(!q.contains("result") && !q.contains("round"), "{q}");
    go(&mut app, &mut m, c('y'));
    let s = m.status().unwrap().0.clone();
    assert!(s.starts_with("已撤销") && s.contains("台 1"), "{s}");
    go(&mut app, &mut m, ctrl('r'));
    let s = m.status().unwrap().0.clone();
    assert!(
        s.contains("成绩 周赛 第 1 轮") && !s.contains("undo"),
        "{s}"
    );
    // The log: the newest row is the redo, in Chinese.
    let log = app.log(3).unwrap();
    assert_eq!(
        log[0].summary.render(Lang::ZhHans),
        format!("重做: {}", log[2].summary.render(Lang::ZhHans))
    );
    assert!(log[0]
        .summary
        .render(Lang::En)
        .starts_with("redo: result 周赛 round 1 board 1"));
    assert_eq!(
        log[1].summary.render(Lang::ZhHant).split(':').next(),
        Some("撤銷")
    );
}

#[test]
fn a_corrected_result_says_what_it_was_in_the_ui_language() {
    let (mut app, ev) = club(Lang::ZhHant);
    let key = ev.0.to_string();
    app.record_result(
        app.find_event(&key).unwrap().key(),
        RoundNo(1),
        BoardNo(2),
        &ResultInput {
            outcome: Some(Outcome::Draw),
            ..Default::default()
        },
    )
    .unwrap();
    app.record_result(
        app.find_event(&key).unwrap().key(),
        RoundNo(1),
        BoardNo(2),
        &ResultInput {
            outcome: Some(Outcome::BlackWin),
            ..Default::default()
        },
    )
    .unwrap();
    let q = app.undo_preview().unwrap().unwrap();
    assert!(q.contains("黑勝") && q.ends_with("（原為 和）"), "{q}");
    let en = app.log(1).unwrap()[0].summary.render(Lang::En);
    assert!(en.ends_with("0-1 (was 1/2-1/2)"), "{en}");
}

#[test]
fn the_action_log_lists_changes_newest_first_and_undoes_from_there_after_asking() {
    let (mut app, ev) = club(Lang::ZhHans);
    app.record_result(
        app.find_event(&ev.0.to_string()).unwrap().key(),
        RoundNo(1),
        BoardNo(1),
        &ResultInput {
            outcome: Some(Outcome::Draw),
            ..Default::default()
        },
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('L'));
    let rows = match m.modal() {
        Some(qishe::tui::model::Modal::Log(v)) => v.rows.clone(),
        other => panic!("the log is open: {other:?}"),
    };
    assert!(rows[0].summary.contains("台 1") && rows[0].summary.contains("和"));
    assert!(rows[1].summary.contains("第 1 轮编排"), "{rows:?}");
    assert_eq!(
        rows.len(),
        8 + 4,
        "eight members, the event, entries, round 1, the result"
    );
    assert!(rows[0].at.len() == 16 && !rows[0].undone);
    let shown = screen(&m, 100, 30);
    assert!(
        shown.contains("操作记录") && shown.contains("和"),
        "{shown}"
    );
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c('u'));
    let q = m.confirm().expect("undo from the log asks").message.clone();
    assert!(q.starts_with("撤销：") && q.contains("台 1"), "{q}");
    go(&mut app, &mut m, c('y'));
    assert_eq!(game(&app, ev, 1, 1).outcome, Outcome::Unplayed);
    let Some(qishe::tui::model::Modal::Log(v)) = m.modal() else {
        panic!("back to the log")
    };
    assert!(v.rows[0].summary.starts_with("撤销: "), "{:?}", v.rows[0]);
    assert!(v.rows[1].undone);
    go(&mut app, &mut m, ctrl('r'));
    assert!(m
        .confirm()
        .expect("redo asks too")
        .message
        .starts_with("重做："));
    go(&mut app, &mut m, c('n'));
    assert_eq!(
        game(&app, ev, 1, 1).outcome,
        Outcome::Unplayed,
        "n redoes nothing"
    );
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.modal().is_none());
}

#[test]
fn an_attached_record_is_logged_in_the_language_shown() {
    let (mut app, ev) = club(Lang::En);
    result(&mut app, 1, 1, Outcome::RedWin);
    app.attach_record(ev, RoundNo(1), BoardNo(1), 1, PGN.as_bytes())
        .unwrap();
    let log = app.log(1).unwrap();
    let zh = log[0].summary.render(Lang::ZhHans);
    assert!(zh.contains("第 1 轮 台 1") && zh.contains("棋谱"), "{zh}");
    let en = log[0].summary.render(Lang::En);
    assert!(
        en.starts_with("game record for 周赛 round 1 board 1 ("),
        "{en}"
    );
}
