//! Check-in night: who is present tonight and pairing everyone
//! present; an event's settings changed after it was created; the cxa
//! round-1 method chosen in the new-event form.

use crate::common::tui::{c, go, k, typed};
use crate::tui_night::{club, open, result, screen};
use crossterm::event::KeyCode;
use qishe::app::RoundNo;
use qishe::app::{Attendance, EntryId, EventDraft};
use qishe::domain::{Outcome, RequestedByeValue};
use qishe::i18n::Lang;
use qishe::tui::model::{FormKind, Modal};
use qishe::tui::{Model, Tab};

fn finish_round_1(app: &mut qishe::app::App) {
    for b in 1..=4 {
        result(app, 1, b, Outcome::RedWin);
    }
}

fn checkin(m: &Model) -> &qishe::tui::checkin::CheckInView {
    match m.modal() {
        Some(Modal::CheckIn(v)) => v,
        other => panic!("the check-in is open: {other:?}"),
    }
}

#[test]
fn the_check_in_marks_who_is_present_and_pairs_only_them() {
    let (mut app, ev) = club(Lang::ZhHans);
    finish_round_1(&mut app);
    let mut m = open(&mut app, Tab::Players);
    go(&mut app, &mut m, c('C'));
    let v = checkin(&m);
    assert_eq!((v.round, v.rows.len()), (qishe::app::RoundNo(2), 8));
    assert!(
        v.rows.iter().all(|r| r.mark == Attendance::Present),
        "everyone expected"
    );
    let shown = screen(&m, 100, 24);
    assert!(shown.contains("第 2 轮签到：到场 8/8"), "{shown}");
    // Space marks a player absent (the row stays); two are away tonight.
    go(&mut app, &mut m, c(' '));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c(' '));
    let away: Vec<i64> = checkin(&m).rows[..2].iter().map(|r| r.entry.0).collect();
    assert!(checkin(&m).rows[..2]
        .iter()
        .all(|r| r.mark == Attendance::Absent));
    let shown = screen(&m, 100, 24);
    assert!(
        shown.contains("到场 6/8") && shown.contains("缺席"),
        "{shown}"
    );
    // `a` twice: nobody, then everyone; Space again on the two.
    go(&mut app, &mut m, c('a'));
    assert!(checkin(&m)
        .rows
        .iter()
        .all(|r| r.mark == Attendance::Present));
    go(&mut app, &mut m, k(KeyCode::Home));
    go(&mut app, &mut m, c(' '));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c(' '));
    go(&mut app, &mut m, c('p'));
    assert!(m.modal().is_none() || m.notice().is_some());
    assert_eq!(app.rounds_paired(ev).unwrap(), 2);
    assert_eq!(m.tab(), Tab::Round);
    let r2: Vec<_> = app
        .games(ev, None)
        .unwrap()
        .into_iter()
        .filter(|g| g.round == 2)
        .collect();
    assert_eq!(r2.len(), 3, "six present, three boards: {r2:?}");
    let byes = app.event_view(ev).unwrap().byes;
    let mut zero: Vec<i64> = byes
        .iter()
        .filter(|b| b.round == 2 && b.value == RequestedByeValue::Zero)
        .map(|b| b.entry_id)
        .collect();
    zero.sort();
    let mut want = away.clone();
    want.sort();
    assert_eq!(zero, want, "the absent have a zero bye in round 2");
    let log = app.log(2).unwrap();
    assert_eq!(
        log[1].summary.render(Lang::ZhHans),
        "第 2 轮签到：6 人到场，2 人缺席"
    );
    assert!(m.status().unwrap().0.contains("6 人到场"));
}

#[test]
fn a_player_who_turns_up_loses_the_bye_asked_for_and_strangers_are_refused() {
    let (mut app, ev) = club(Lang::En);
    finish_round_1(&mut app);
    let e = app.entries(ev).unwrap();
    app.request_bye(
        ev,
        EntryId(e[3].id),
        RoundNo(2),
        Some(RequestedByeValue::Half),
    )
    .unwrap();
    let list = app.check_in_list(ev).unwrap();
    assert_eq!(list.rows[3].mark, Attendance::Excused, "a half bye asked");
    assert_eq!(list.rows[2].mark, Attendance::Present);
    let before = app.log(100).unwrap().len();
    let err = app.check_in(ev, &[EntryId(9999)]).unwrap_err();
    assert_eq!(err.msg().key, "tui.err.no_entry");
    assert_eq!(app.log(100).unwrap().len(), before, "nothing written");
    let all: Vec<EntryId> = e.iter().map(|x| EntryId(x.id)).collect();
    let done = app.check_in(ev, &all).unwrap();
    assert_eq!((done.round, done.present, done.absent), (RoundNo(2), 8, 0));
    assert!(app.event_view(ev).unwrap().byes.is_empty(), "the bye went");
    // One undo brings the bye back.
    app.undo().unwrap();
    assert_eq!(app.event_view(ev).unwrap().byes.len(), 1);
    // A finished event has no check-in.
    app.finish_event(ev, true).unwrap();
    let err = app.check_in_list(ev).unwrap_err();
    assert_eq!(err.msg().key, "err.app.event_finished");
}

/// An event whose excused absence also scores zero: the check-in, the
/// round view and the pairing sheet still tell 缺席 (no notice) from 请假.
#[test]
fn absent_and_excused_stay_apart_even_when_both_score_zero() {
    let (mut app, ev) = club(Lang::ZhHans);
    assert_eq!(
        app.event(ev).unwrap().settings.byes.requested,
        RequestedByeValue::Zero,
        "the club's excused absences score zero too"
    );
    finish_round_1(&mut app);
    let e = app.entries(ev).unwrap();
    let present: Vec<EntryId> = e[2..].iter().map(|x| EntryId(x.id)).collect();
    let done = app
        .check_in_marked(ev, &present, &[EntryId(e[1].id)])
        .unwrap();
    assert_eq!((done.present, done.absent, done.excused), (6, 1, 1));
    let marks: Vec<Attendance> = app
        .check_in_list(ev)
        .unwrap()
        .rows
        .iter()
        .take(2)
        .map(|r| r.mark)
        .collect();
    assert_eq!(marks, [Attendance::Absent, Attendance::Excused]);
    app.pair_next_round(app.find_event("周赛").unwrap().key())
        .unwrap();
    let r = app
        .round_view(app.find_event("周赛").unwrap().key(), Some(RoundNo(2)))
        .unwrap();
    let why = |id: i64| r.absent.iter().find(|(x, _)| x.id == id).map(|a| a.1);
    assert_eq!(why(e[0].id), Some("rep.reason.absent"));
    assert_eq!(why(e[1].id), Some("rep.reason.requested_bye"));
    use qishe::app::print::{render, DocKind, OutputFormat};
    let doc = app
        .print_doc(
            app.find_event("周赛").unwrap().key(),
            DocKind::Pairings,
            Some(RoundNo(2)),
            Lang::ZhHans,
        )
        .unwrap();
    let sheet = render(&doc, OutputFormat::Text { lines_per_page: 60 }).unwrap();
    assert!(line_of(&sheet, &e[0].name).contains("缺席"), "{sheet}");
    assert!(line_of(&sheet, &e[1].name).contains("请假"), "{sheet}");
    // Once the round is in, the crosstable keeps them apart too: the
    // excused round reads 请假, the absence without notice `--`.
    for b in 1..=3 {
        result(&mut app, 2, b, Outcome::RedWin);
    }
    let doc = app
        .print_doc(
            app.find_event("周赛").unwrap().key(),
            DocKind::Crosstable,
            Some(RoundNo(2)),
            Lang::ZhHans,
        )
        .unwrap();
    let cross = render(&doc, OutputFormat::Text { lines_per_page: 60 }).unwrap();
    assert!(line_of(&cross, &e[0].name).contains("--"), "{cross}");
    assert!(!line_of(&cross, &e[0].name).contains("请假"), "{cross}");
    assert!(line_of(&cross, &e[1].name).contains("请假"), "{cross}");
}

/// The first line of a printed document that names `name`.
fn line_of(doc: &str, name: &str) -> String {
    doc.lines()
        .find(|l| l.contains(name))
        .unwrap_or_else(|| panic!("{name} in the document:\n{doc}"))
        .to_string()
}

#[test]
fn an_event_s_settings_change_later_but_not_what_its_rounds_were_paired_with() {
    let (mut app, ev) = club(Lang::En);
    let d = EventDraft {
        rounds: Some(7),
        tiebreaks: Some(qishe::scoring::TieBreaks::Individual(vec![
            qishe::scoring::TieBreak::Buchholz,
        ])),
        ..Default::default()
    };
    let e = app.edit_event(ev, "周赛", None, &d).unwrap();
    assert_eq!(e.settings.rounds, 7);
    assert_eq!(e.settings.tiebreaks.codes(), ["buchholz"]);
    // The change is one undo (and one redo).
    app.undo().unwrap();
    assert_eq!(app.event(ev).unwrap().settings.rounds, 5);
    app.redo().unwrap();
    assert_eq!(app.event(ev).unwrap().settings.rounds, 7);
    let d = EventDraft {
        scheme: Some("three-point".into()),
        ..Default::default()
    };
    let err = app.edit_event(ev, "周赛", None, &d).unwrap_err();
    assert_eq!(err.msg().key, "err.app.setting_locked");
    assert!(err.to_string().contains("scheme"), "{err}");
    assert_eq!(app.event(ev).unwrap().settings.scheme, "standard");
    finish_round_1(&mut app);
    app.pair_next_round(app.find_event("周赛").unwrap().key())
        .unwrap();
    let d = EventDraft {
        rounds: Some(1),
        ..Default::default()
    };
    let err = app.edit_event(ev, "周赛", None, &d).unwrap_err();
    assert_eq!(err.msg().key, "err.app.rounds_below_paired");
    assert_eq!(app.event(ev).unwrap().settings.rounds, 7);
    // A new name and date; a name taken by another event is refused.
    let date = chrono::NaiveDate::from_ymd_opt(2026, 12, 4);
    let e = app
        .edit_event(ev, "周五夜赛", date, &EventDraft::default())
        .unwrap();
    assert_eq!((e.name.as_str(), e.start_date), ("周五夜赛", date));
    let other = app
        .create_event_with(
            "春季赛",
            None,
            &Default::default(),
            qishe::app::NewEventKind::Individual,
        )
        .unwrap();
    let err = app
        .edit_event(other.key(), "周五夜赛", None, &EventDraft::default())
        .unwrap_err();
    assert_eq!(err.msg().key, "err.store.event_exists");
}

#[test]
fn the_settings_form_opens_filled_and_keeps_what_was_typed_on_an_error() {
    let (mut app, ev) = club(Lang::ZhHans);
    let mut m = open(&mut app, Tab::Players);
    go(&mut app, &mut m, c('E'));
    let f = m.form().expect("the settings form");
    assert_eq!(f.kind, FormKind::EditEvent(ev));
    assert_eq!((f.value("col.event"), f.value("col.rounds")), ("周赛", "5"));
    assert!(screen(&m, 100, 30).contains("修改赛事设置"));
    for _ in 0..3 {
        go(&mut app, &mut m, k(KeyCode::Down));
    }
    go(&mut app, &mut m, k(KeyCode::Backspace));
    typed(&mut app, &mut m, "7");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.ev().event().unwrap().settings.rounds, 7);
    assert!(m.status().unwrap().0.contains("赛事设置已保存"));
    // The scheme is fixed once round 1 is paired: the error names it and
    // the form comes back with the new value.
    go(&mut app, &mut m, c('E'));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, k(KeyCode::Right));
    let scheme = m.form().unwrap().value("col.scheme").to_string();
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, error) = m.status().cloned().unwrap();
    assert!(
        error && text.contains("计分") && text.contains("不能再改"),
        "{text}"
    );
    assert_eq!(m.form().unwrap().value("col.scheme"), scheme);
    assert_eq!(app.event(ev).unwrap().settings.scheme, "standard");
}

#[test]
fn the_new_event_form_sets_the_cxa_round_one_method() {
    let (mut app, _) = club(Lang::ZhHans);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "积分赛");
    let choose = |app: &mut qishe::app::App, m: &mut Model, label: &str, value: &str| {
        while m.form().unwrap().fields[m.form().unwrap().focus].label != label {
            go(app, m, k(KeyCode::Down));
        }
        for _ in 0..10 {
            if m.form().unwrap().value(label) == value {
                return;
            }
            go(app, m, k(KeyCode::Right));
        }
        panic!("{label} never became {value}");
    };
    choose(&mut app, &mut m, "col.system", "cxa");
    choose(&mut app, &mut m, "tui.field.cxa_round1", "head-tail");
    assert!(screen(&m, 100, 40).contains("首尾"));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let e = app.find_event("积分赛").unwrap();
    assert_eq!(e.settings.pairing_settings.to_map()["round1_method"], 2);
    // Method 5 (上下半区) is offered too, here when the event is edited
    // (`E` on the new event's Players tab).
    assert_eq!(
        (m.screen(), m.tab()),
        (qishe::tui::Screen::Event, Tab::Players)
    );
    go(&mut app, &mut m, c('E'));
    assert_eq!(m.form().unwrap().value("tui.field.cxa_round1"), "head-tail");
    choose(&mut app, &mut m, "tui.field.cxa_round1", "halves");
    assert!(screen(&m, 100, 40).contains("上下半区"));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let e = app.find_event("积分赛").unwrap();
    assert_eq!(e.settings.pairing_settings.to_map()["round1_method"], 5);
    // Out of range is refused by the app layer; so is a method on another
    // system (the form's default, 拦腰, sets nothing there).
    let bad = EventDraft {
        system: Some(qishe::domain::PairingSystem::Cxa),
        cxa_round1: Some(9),
        ..Default::default()
    };
    assert_eq!(
        app.event_settings(&bad).unwrap_err().msg().key,
        "err.app.cxa_round1"
    );
    let dutch = EventDraft {
        system: Some(qishe::domain::PairingSystem::Dutch),
        cxa_round1: Some(2),
        ..Default::default()
    };
    let e = app.event_settings(&dutch).unwrap_err();
    assert_eq!(e.msg().key, "err.settings.option_system");
    assert!(e.msg().render(Lang::ZhHans).contains("积分编排"), "{e}");
    assert!(e.msg().render(Lang::ZhHant).contains("積分編排"), "{e}");
    assert!(e.to_string().contains("round1_method"), "{e}");
    // The default method asked for explicitly is an option of the
    // Chinese method too: refused on Dutch like any other.
    let default = EventDraft {
        system: Some(qishe::domain::PairingSystem::Dutch),
        cxa_round1: Some(3),
        ..Default::default()
    };
    let e = app.event_settings(&default).unwrap_err();
    assert_eq!(e.msg().key, "err.settings.option_system");
    // Not asked for, it sets nothing.
    let none = EventDraft {
        system: Some(qishe::domain::PairingSystem::Dutch),
        ..Default::default()
    };
    let s = app.event_settings(&none).unwrap();
    assert!(!s.pairing_settings.to_map().contains_key("round1_method"));
}

/// The new-event form sends the Chinese method's round-1 method only when
/// the secretary chose one: left as it opened, a Dutch event is created
/// without it; chosen on a Dutch event, it is refused and the form kept.
#[test]
fn the_cxa_round_one_field_untouched_sets_nothing_and_chosen_on_dutch_is_refused() {
    let (mut app, _) = club(Lang::ZhHans);
    let mut m = Model::load(&app).unwrap();
    let choose = |app: &mut qishe::app::App, m: &mut Model, label: &str, value: &str| {
        let f = m.form_mut().unwrap();
        f.focus = f.fields.iter().position(|x| x.label == label).unwrap();
        for _ in 0..10 {
            if m.form().unwrap().value(label) == value {
                return;
            }
            go(app, m, k(KeyCode::Right));
        }
        panic!("{label} never became {value}");
    };
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "瑞士制");
    choose(&mut app, &mut m, "col.system", "dutch");
    assert_eq!(m.form().unwrap().value("tui.field.cxa_round1"), "split");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none(), "{:?}", m.status());
    let e = app.find_event("瑞士制").unwrap();
    assert_eq!(e.settings.system.code(), "dutch");
    assert!(!e
        .settings
        .pairing_settings
        .to_map()
        .contains_key("round1_method"));
    // Chosen (首尾) on a Dutch event: refused by name, in the UI's language.
    let before = app.events().unwrap().len();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, c('n'));
    typed(&mut app, &mut m, "错配");
    choose(&mut app, &mut m, "col.system", "dutch");
    choose(&mut app, &mut m, "tui.field.cxa_round1", "head-tail");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, error) = m.status().cloned().unwrap();
    assert!(error && text.contains("round1_method"), "{text}");
    assert!(text.contains("积分编排"), "{text}");
    assert!(m.form().is_some(), "the form is kept");
    assert!(app.find_event("错配").is_err(), "nothing stored");
    assert_eq!(app.events().unwrap().len(), before);
}

/// Item 2 of session 9: Space cycles present → absent (no notice, a zero
/// bye) → excused (the event's requested-bye value, here half), shown in
/// the list, recorded in one change and read back when the list reopens.
#[test]
fn space_cycles_present_absent_and_excused_and_the_excused_get_the_requested_bye() {
    let mut app = qishe::app::App::in_memory(crate::common::tui::config(Lang::ZhHans)).unwrap();
    let names: Vec<String> = (1..=8).map(|i| format!("会员{i}")).collect();
    for (i, n) in names.iter().enumerate() {
        app.add_member(&qishe::domain::NewMember {
            name: n.clone(),
            rating: Some(2100 - 10 * i as i32),
            ..Default::default()
        })
        .unwrap();
    }
    let s = qishe::domain::EventSettings {
        rounds: 5,
        byes: qishe::domain::ByeSettings {
            requested: RequestedByeValue::Half,
            ..Default::default()
        },
        ..Default::default()
    };
    let ev = app
        .create_event_with("周赛", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap()
        .key();
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    let mut m = open(&mut app, Tab::Players);
    go(&mut app, &mut m, c('C'));
    // Row 1: absent. Row 2: Space twice, excused. Row 3: three times, back.
    go(&mut app, &mut m, c(' '));
    assert_eq!(checkin(&m).rows[0].mark, Attendance::Absent);
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c(' '));
    go(&mut app, &mut m, c(' '));
    assert_eq!(checkin(&m).rows[1].mark, Attendance::Excused);
    go(&mut app, &mut m, k(KeyCode::Down));
    typed(&mut app, &mut m, "   ");
    assert_eq!(checkin(&m).rows[2].mark, Attendance::Present);
    let shown = screen(&m, 80, 24);
    assert!(
        shown.contains("到场 6/8") && shown.contains("缺席") && shown.contains("请假"),
        "{shown}"
    );
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.modal().is_none());
    let e = app.entries(ev).unwrap();
    let mut byes: Vec<(i64, RequestedByeValue)> = app
        .event_view(ev)
        .unwrap()
        .byes
        .iter()
        .map(|b| (b.entry_id, b.value))
        .collect();
    byes.sort_by_key(|b| b.0);
    assert_eq!(
        byes,
        vec![
            (e[0].id, RequestedByeValue::Zero),
            (e[1].id, RequestedByeValue::Half)
        ]
    );
    let log = app.log(1).unwrap();
    assert_eq!(
        log[0].summary.render(Lang::ZhHans),
        "第 1 轮签到：6 人到场，1 人请假，1 人缺席"
    );
    assert!(m.status().unwrap().0.contains("1 人请假"));
    // The list reopens with the marks recorded.
    go(&mut app, &mut m, c('C'));
    let marks: Vec<Attendance> = checkin(&m).rows[..3].iter().map(|r| r.mark).collect();
    assert_eq!(
        marks,
        [Attendance::Absent, Attendance::Excused, Attendance::Present]
    );
    go(&mut app, &mut m, k(KeyCode::Esc));
    // One undo takes the whole check-in back.
    app.undo().unwrap();
    assert!(app.event_view(ev).unwrap().byes.is_empty());
}
