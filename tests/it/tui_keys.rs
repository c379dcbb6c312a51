//! Key → Action per screen, the keymap table's consistency, and the
//! behaviour of quitting, confirmations and undo.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::app::{BoardNo, RoundNo};
use qishe::config::Config;
use qishe::domain::{EventSettings, NewMember};
use qishe::i18n::{has, Lang};
use qishe::tui::keymap::{help_entries, Ctx, KEYMAP};
use qishe::tui::{press, Action, Component, Model, Screen, Tab};

fn k(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}
fn c(ch: char) -> KeyEvent {
    k(KeyCode::Char(ch))
}
fn ctrl(ch: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(ch), KeyModifiers::CONTROL)
}

fn club() -> App {
    let config = Config {
        language: Some(Lang::En),
        ..Config::default()
    };
    let mut app = App::in_memory(config).unwrap();
    for n in ["甲", "乙", "丙", "丁"] {
        app.add_member(&NewMember {
            name: n.into(),
            ..Default::default()
        })
        .unwrap();
    }
    app
}

fn go(app: &mut App, m: &mut Model, key: KeyEvent) {
    press(app, m, key, &mut |_| {});
}

#[test]
fn club_screen_keys() {
    let app = club();
    let mut m = Model::load(&app).unwrap();
    assert_eq!(m.screen(), Screen::Club);
    let cases = [
        (c('/'), Action::Search),
        (c('a'), Action::Add),
        (c('e'), Action::Edit),
        (c('x'), Action::Retire),
        (c('j'), Action::Down),
        (k(KeyCode::Down), Action::Down),
        (c('k'), Action::Up),
        (k(KeyCode::Up), Action::Up),
        (c('g'), Action::Top),
        (c('G'), Action::Bottom),
        (k(KeyCode::Tab), Action::NextTab),
        (c('q'), Action::Quit),
        (k(KeyCode::Esc), Action::Back),
        (c('?'), Action::Help),
        (c('u'), Action::Undo),
        (ctrl('c'), Action::ForceQuit),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(m.handle(c('p')), None, "pairing is not a club key");
}

#[test]
fn events_and_event_tab_keys() {
    let mut app = club();
    app.create_event_with(
        "E",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.screen(), Screen::Events);
    assert_eq!(m.handle(k(KeyCode::Enter)), Some(Action::Open));
    assert_eq!(m.handle(c('n')), Some(Action::NewEvent));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    let per_tab: [(Tab, Vec<(KeyEvent, Action)>); 4] = [
        (
            Tab::Players,
            vec![(c('a'), Action::EnterPlayer), (c('w'), Action::Withdraw)],
        ),
        (
            Tab::Round,
            vec![
                (c('p'), Action::PairNext),
                (c('U'), Action::Unpair),
                (c('c'), Action::SwapColours),
            ],
        ),
        (
            Tab::Results,
            vec![
                (c('r'), Action::RedWin),
                (c('d'), Action::Draw),
                (c('b'), Action::BlackWin),
                (c('f'), Action::RedForfeits),
                (c('F'), Action::BlackForfeits),
                (c('7'), Action::Input('7')),
            ],
        ),
        (Tab::Standings, vec![(c('e'), Action::Explain)]),
    ];
    for (tab, cases) in per_tab {
        m.set_tab(tab);
        for (key, want) in cases {
            assert_eq!(m.handle(key), Some(want), "{tab:?} {key:?}");
        }
        assert_eq!(m.handle(k(KeyCode::Tab)), Some(Action::NextTab));
        assert_eq!(m.handle(c('q')), Some(Action::Quit));
    }
    m.set_tab(Tab::Round);
    assert_eq!(
        m.handle(c('r')),
        None,
        "results keys only on the Results tab"
    );
}

#[test]
fn forms_take_text_and_confirmations_take_y_or_n() {
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('a'));
    assert!(m.form().is_some());
    assert_eq!(
        m.handle(c('q')),
        Some(Action::Input('q')),
        "q is text in a form"
    );
    assert_eq!(m.handle(k(KeyCode::Tab)), Some(Action::NextField));
    assert_eq!(m.handle(k(KeyCode::Enter)), Some(Action::Submit));
    assert_eq!(m.handle(k(KeyCode::Esc)), Some(Action::Cancel));
    assert_eq!(m.handle(ctrl('c')), Some(Action::ForceQuit));
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('x'));
    assert!(m.confirm().is_some());
    assert_eq!(m.handle(c('y')), Some(Action::Confirm));
    assert_eq!(m.handle(c('n')), Some(Action::Cancel));
}

#[test]
fn retiring_needs_confirmation_and_undo_reverts_it() {
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    let first = m.filtered_members("")[0].id;
    go(&mut app, &mut m, c('x'));
    go(&mut app, &mut m, c('n'));
    assert!(
        !app.member(qishe::app::MemberId(first)).unwrap().retired,
        "n keeps the member"
    );
    go(&mut app, &mut m, c('x'));
    go(&mut app, &mut m, c('y'));
    assert!(app.member(qishe::app::MemberId(first)).unwrap().retired);
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y')); // undo asks first
    assert!(
        !app.member(qishe::app::MemberId(first)).unwrap().retired,
        "u undoes"
    );
}

#[test]
fn adding_a_member_through_the_form() {
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('a'));
    for ch in "吕钦".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    for ch in "abc".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_some(), "a bad rating keeps the form open");
    assert!(m.status().unwrap().1, "and shows an error");
    for _ in 0..3 {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    for ch in "2600".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.form().is_none());
    let lv = app.find_member("吕钦").unwrap();
    assert_eq!(lv.rating, Some(2600));
}

#[test]
fn search_as_you_type_filters_members() {
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('/'));
    go(&mut app, &mut m, c('丙'));
    let names: Vec<&str> = m
        .filtered_members(m.search())
        .iter()
        .map(|x| x.name.as_str())
        .collect();
    assert_eq!(names, ["丙"]);
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert_eq!(m.filtered_members(m.search()).len(), 4);
}

/// A search typed in 繁體 finds names kept in 简体 and the other way
/// round, by name and by club, in the club list and the entry picker.
#[test]
fn search_finds_names_in_either_script() {
    let mut app = club();
    for (name, club) in [
        ("陈磊", "萧山队"),
        ("黃志強", "錢塘象棋隊"),
        ("林丽华", "拱墅"),
    ] {
        app.add_member(&NewMember {
            name: name.into(),
            club: Some(club.into()),
            ..Default::default()
        })
        .unwrap();
    }
    app.create_event_with(
        "E",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    let found = |m: &Model, q: &str| -> Vec<String> {
        m.filtered_members(q)
            .iter()
            .map(|x| x.name.clone())
            .collect()
    };
    assert_eq!(found(&m, "陳"), ["陈磊"]);
    assert_eq!(found(&m, "黄志强"), ["黃志強"]);
    assert_eq!(found(&m, "钱塘"), ["黃志強"], "by club");
    assert_eq!(found(&m, "林麗華"), ["林丽华"]);
    // Typed into the search line, as a secretary does.
    go(&mut app, &mut m, c('/'));
    go(&mut app, &mut m, c('陳'));
    assert_eq!(found(&m, m.search()), ["陈磊"]);
    go(&mut app, &mut m, k(KeyCode::Esc));
    // The entry picker of an event.
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!((m.screen(), m.tab()), (Screen::Event, Tab::Players));
    go(&mut app, &mut m, c('a'));
    go(&mut app, &mut m, c('強'));
    let picked: Vec<&str> = m.pickable().iter().map(|x| x.name.as_str()).collect();
    assert_eq!(picked, ["黃志強"]);
}

#[test]
fn q_goes_back_from_an_event_and_quits_from_the_top() {
    let mut app = club();
    app.create_event_with(
        "E",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    go(&mut app, &mut m, c('q'));
    assert_eq!(m.screen(), Screen::Events);
    assert!(!m.quitting());
    go(&mut app, &mut m, c('q'));
    assert!(m.quitting());
}

#[test]
fn keymap_has_no_clashes_and_every_action_is_translated() {
    for (i, a) in KEYMAP.iter().enumerate() {
        for b in &KEYMAP[i + 1..] {
            assert!(
                !(a.ctx == b.ctx && a.code == b.code && a.mods == b.mods),
                "{:?} {:?} bound twice",
                a.ctx,
                a.code
            );
        }
        assert!(has(&a.action.help_key()), "{}", a.action.name());
    }
    for ctx in [Ctx::Club, Ctx::Events, Ctx::Round, Ctx::Results, Ctx::Form] {
        let bar = help_entries(&[ctx, Ctx::Global], true);
        assert!(!bar.is_empty(), "{ctx:?} has a help bar");
        let all = help_entries(&[ctx, Ctx::Global], false);
        assert!(all.len() >= bar.len());
    }
}

fn typed(app: &mut App, m: &mut Model, text: &str) {
    for ch in text.chars() {
        go(app, m, c(ch));
    }
}

#[test]
fn csv_import_shows_a_preview_and_imports_only_after_yes() {
    let mut app = club();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("m.csv");
    std::fs::write(&path, "姓名,单位\n甲,\n柳大华,湖北\n吕钦,广东\n").unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('i'));
    typed(&mut app, &mut m, path.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter));
    let preview = m.confirm().expect("a preview to confirm").message.clone();
    assert!(
        preview.contains("will add 2") && preview.contains("柳大华"),
        "{preview}"
    );
    assert!(preview.contains("duplicates skipped 1"), "{preview}");
    assert_eq!(app.members(true).unwrap().len(), 4, "nothing yet");
    go(&mut app, &mut m, c('y'));
    assert_eq!(app.members(true).unwrap().len(), 6);
}

#[test]
fn players_tab_requests_byes_and_forbids_pairs() {
    let mut app = club();
    app.create_event_with(
        "E",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let names: Vec<String> = ["甲", "乙", "丙", "丁"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    app.enter_players(
        app.find_event("E").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.tab(), Tab::Players);
    go(&mut app, &mut m, c('b'));
    assert_eq!(m.ev().byes().len(), 1);
    assert_eq!(m.ev().byes()[0].round, 1);
    go(&mut app, &mut m, c('j'));
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, c('j'));
    go(&mut app, &mut m, c('f'));
    // The form: no rounds typed, every round.
    assert!(m.form().is_some());
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.ev().forbidden().len(), 1);
    assert_eq!(m.ev().forbidden()[0].rounds, None);
    let (a, b) = (m.ev().forbidden()[0].a, m.ev().forbidden()[0].b);
    let ids: Vec<i64> = m.ev().entries()[1..3].iter().map(|e| e.id).collect();
    assert!(ids.contains(&a) && ids.contains(&b));
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y')); // undo asks first
    assert!(m.ev().forbidden().is_empty(), "u undoes the forbidden pair");
}

/// The forbidden-pair form `f` opens on a second row: rounds typed there
/// add a range to the pair's others, `lift` cuts rounds out, undo puts
/// back the ranges before, and the Players tab lists the pair with its
/// ranges. Before, `f` forbade a pair in every round only, and could not
/// lift it.
#[test]
fn players_tab_forbids_a_pair_in_two_ranges_and_lifts_rounds() {
    let mut app = club();
    app.create_event_with(
        "E",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let names: Vec<String> = ["甲", "乙", "丙"].iter().map(|s| s.to_string()).collect();
    let ev = app.find_event("E").unwrap().key();
    app.enter_players(ev, &app.find_members(&names).unwrap())
        .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.tab(), Tab::Players);
    // Rows 1 and 2 (丙, 乙): `rounds`, then `lift` (space: yes).
    let pair = |app: &mut App, m: &mut Model, rounds: &str, lift: bool| {
        go(app, m, c('f'));
        go(app, m, c('j'));
        go(app, m, c('f'));
        // The form names the pair it acts on.
        assert!(
            drawn(m).contains("Forbidden pair (keep apart or lift): 丙 / 乙"),
            "{}",
            drawn(m)
        );
        for ch in rounds.chars() {
            go(app, m, c(ch));
        }
        if lift {
            go(app, m, k(KeyCode::Tab));
            go(app, m, c(' '));
        }
        go(app, m, k(KeyCode::Enter));
        assert!(m.form().is_none(), "{:?}", m.form_error());
        go(app, m, c('k'));
    };
    let ranges = |m: &Model| -> Vec<Option<(u32, u32)>> {
        m.ev().forbidden().iter().map(|f| f.rounds).collect()
    };
    pair(&mut app, &mut m, "1-2", false);
    pair(&mut app, &mut m, "5-6", false);
    assert_eq!(ranges(&m), [Some((1, 2)), Some((5, 6))]);
    assert!(
        drawn(&m).contains("forbidden pairs: 乙 / 丙 (rounds 1–2, 5–6)"),
        "{}",
        drawn(&m)
    );
    assert!(
        m.status()
            .unwrap()
            .0
            .contains("(rounds 1–2, 5–6): must not meet"),
        "{:?}",
        m.status()
    );
    pair(&mut app, &mut m, "5", true);
    assert_eq!(ranges(&m), [Some((1, 2)), Some((6, 6))]);
    assert!(m
        .status()
        .unwrap()
        .0
        .contains("(rounds 1–2, 6): must not meet"));
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y'));
    assert_eq!(ranges(&m), [Some((1, 2)), Some((5, 6))], "undo");
    pair(&mut app, &mut m, "", true);
    assert!(ranges(&m).is_empty());
    assert!(m.status().unwrap().0.contains("forbidden pair lifted"));
    assert!(!drawn(&m).contains("forbidden pairs"));
}

#[test]
fn mouse_clicks_pick_tabs_and_rows() {
    use qishe::tui::click;
    let mut app = club();
    app.create_event_with(
        "E",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    // Header: "qishe 棋社" (width 10, 12 with its margins) then " Club " │ " Events ".
    assert_eq!(click(&m, 80, 13, 0), Some(Action::SelectTab(0)));
    assert_eq!(click(&m, 80, 20, 0), Some(Action::SelectTab(1)));
    assert_eq!(click(&m, 80, 79, 0), None);
    assert_eq!(click(&m, 80, 5, 5), Some(Action::SelectRow(2)));
    let a = click(&m, 80, 5, 5).unwrap();
    assert!(qishe::tui::update(&mut m, a).is_none());
    assert_eq!(m.member_sel(), 2);
    let a = click(&m, 80, 20, 0).unwrap();
    qishe::tui::update(&mut m, a);
    assert_eq!(m.screen(), Screen::Events);
    go(&mut app, &mut m, c('n'));
    assert_eq!(click(&m, 80, 5, 5), None, "no clicks through a form");
}

/// `e` on one standings row and again on the next says why the first is
/// ahead in the very words of `qishe standings --explain A B`: one keyed
/// message renders it for both front ends, in each language.
#[test]
fn explain_on_two_rows_says_what_the_cli_says() {
    use qishe::app::{EventId, ResultInput};
    use qishe::domain::Outcome;
    use qishe::tui::{execute, Command};
    for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
        let mut app = App::in_memory(Config {
            language: Some(lang),
            ..Config::default()
        })
        .unwrap();
        let mut ids = Vec::new();
        for n in ["甲", "乙", "丙", "丁"] {
            let x = app
                .add_member(&NewMember {
                    name: n.into(),
                    ..Default::default()
                })
                .unwrap();
            ids.push(x.id.to_string());
        }
        let settings = EventSettings {
            rounds: 3,
            ..Default::default()
        };
        let e = app
            .create_event_with(
                "周赛",
                None,
                &settings,
                qishe::app::NewEventKind::Individual,
            )
            .unwrap();
        app.enter_players(
            app.find_event("周赛").unwrap().key(),
            &app.find_members(&ids).unwrap(),
        )
        .unwrap();
        app.pair_next_round(app.find_event("周赛").unwrap().key())
            .unwrap();
        for (board, outcome) in [(1, Outcome::RedWin), (2, Outcome::Draw)] {
            let input = ResultInput {
                outcome: Some(outcome),
                ..Default::default()
            };
            app.record_result(
                app.find_event("周赛").unwrap().key(),
                RoundNo(1),
                BoardNo(board),
                &input,
            )
            .unwrap();
        }
        let mut m = Model::load(&app).unwrap();
        execute(&mut app, &mut m, Command::OpenEvent(EventId(e.id)));
        m.set_tab(Tab::Standings);
        m.select_row(0);
        for key in [c('e'), c('j'), c('e')] {
            go(&mut app, &mut m, key);
        }
        let standings = app.event_standings(EventId(e.id), None).unwrap();
        let st = standings.individual().unwrap();
        let (a, b) = (st.rows[0].player.id, st.rows[1].player.id);
        let want = st.explain(a, b).unwrap().msg().render(lang);
        assert_eq!(m.status().map(|s| s.0.as_str()), Some(want.as_str()));
        let ahead = match lang {
            Lang::ZhHans => "在积分上领先",
            Lang::ZhHant => "在積分上領先",
            Lang::En => " is ahead of ",
        };
        assert!(want.contains(ahead), "{lang:?}: {want}");
        if lang == Lang::En {
            // The English names the criterion by its code, as the CLI did.
            assert!(want.contains(" on points: "), "{want}");
            assert_eq!(want, st.explain(a, b).unwrap().to_string());
        }
    }
}

#[test]
fn an_inline_error_wider_than_the_status_line_is_shown_whole_in_a_box() {
    use qishe::tui::{execute, Command};
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    let path = format!("/nowhere/{}/members.csv", "long-folder-name".repeat(5));
    // 80 columns: the error is cut on the status line, so a box shows it whole.
    m.set_status_width(80);
    execute(&mut app, &mut m, Command::ImportMembers(path.clone()));
    let (status, err) = m.status().cloned().unwrap();
    assert!(err && status.contains(&path), "{status}");
    assert_eq!(m.notice(), Some(status.as_str()));
    m.close_modal();
    // A status line wide enough for it: no box.
    m.set_status_width(400);
    execute(&mut app, &mut m, Command::ImportMembers(path.clone()));
    assert!(m.status().unwrap().0.contains(&path));
    assert_eq!(m.notice(), None);
    // A short error never opens a box.
    m.set_status_width(80);
    execute(&mut app, &mut m, Command::ImportMembers("/x.csv".into()));
    assert!(m.status().unwrap().1);
    assert_eq!(m.notice(), None);
}

/// The form pop-up as drawn at 80×24.
fn drawn(m: &Model) -> String {
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    t.draw(|f| qishe::tui::view(m, f)).unwrap();
    format!("{}", t.backend())
}

#[test]
fn esc_on_a_form_holding_what_was_typed_asks_before_throwing_it_away() {
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    // A form left as it opened closes at once.
    go(&mut app, &mut m, c('a'));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.form().is_none(), "an untouched form closes on Esc");

    go(&mut app, &mut m, c('a'));
    for ch in "吕钦".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.form().is_some(), "Esc on a filled form asks first");
    assert!(m.discarding());
    assert_eq!(m.contexts(), vec![Ctx::Discard]);
    assert!(
        drawn(&m).contains("Throw away what this form holds? y discard / n back"),
        "{}",
        drawn(&m)
    );
    // n goes back to the form as typed; so does Esc; Enter is no answer.
    go(&mut app, &mut m, c('n'));
    assert!(!m.discarding());
    assert_eq!(m.form().map(|f| f.value("col.name")), Some("吕钦"));
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.discarding(), "Enter does not throw the form away");
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(!m.discarding());
    assert_eq!(m.form().map(|f| f.value("col.name")), Some("吕钦"));
    // Typing goes on where it was.
    go(&mut app, &mut m, c('x'));
    assert_eq!(m.form().map(|f| f.value("col.name")), Some("吕钦x"));
    // y throws it away: nothing is added.
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('y'));
    assert!(m.form().is_none());
    assert!(app.find_member("吕钦x").is_err());
    // The next form opens without the question.
    go(&mut app, &mut m, c('a'));
    assert!(!m.discarding());
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.form().is_none());
}

#[test]
fn the_discard_question_is_said_in_chinese_in_the_form() {
    for (lang, text) in [
        (Lang::ZhHans, "放弃这张表里填写的内容吗? y 放弃 / n 返回"),
        (Lang::ZhHant, "放棄這張表裡填寫的內容嗎? y 放棄 / n 返回"),
    ] {
        let config = Config {
            language: Some(lang),
            ..Config::default()
        };
        let mut app = App::in_memory(config).unwrap();
        let mut m = Model::load(&app).unwrap();
        go(&mut app, &mut m, c('a'));
        go(&mut app, &mut m, c('周'));
        go(&mut app, &mut m, k(KeyCode::Esc));
        // The question on the form's last line: a wide character fills two
        // cells, the second drawn as nothing in the test backend's text.
        let screen = drawn(&m);
        assert!(m.discarding());
        assert!(screen.contains(text), "{screen}");
    }
}

#[test]
fn adding_a_member_in_the_other_script_asks_first() {
    let mut app = club();
    app.add_member(&NewMember {
        name: "陈磊".into(),
        club: Some("西湖棋会".into()),
        ..Default::default()
    })
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('a'));
    for ch in "陳磊".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    for ch in "西湖棋會".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    let q = m.confirm().map(|q| q.message.clone()).unwrap_or_default();
    assert!(q.contains("member 陈磊 (id 5)"), "{q:?}");
    go(&mut app, &mut m, c('n'));
    assert_eq!(app.members(false).unwrap().len(), 5, "n adds nobody");
}

#[test]
fn a_refused_form_shows_its_reason_under_the_field_it_names() {
    let mut app = club();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('a'));
    for ch in "吕钦".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    for ch in "abc".chars() {
        go(&mut app, &mut m, c(ch));
    }
    go(&mut app, &mut m, k(KeyCode::Tab)); // on to the club
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (said, err) = m.status().cloned().unwrap();
    assert!(err);
    let (label, why) = m.form_error().expect("the field named");
    assert_eq!(label, "col.rating");
    assert!(said.ends_with(why), "the status line keeps it: {said}");
    let f = m.form().unwrap();
    assert_eq!(f.fields[f.focus].label, "col.rating", "the field focused");
    // Drawn on the line under the rating, the status line as before.
    let screen = drawn(&m);
    let lines: Vec<&str> = screen.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.contains("rating: abc"))
        .unwrap();
    assert!(lines[at + 1].contains(&format!("↳ {why}")), "{screen}");
    assert_eq!(screen.matches(why).count(), 2, "{screen}");
    // Mending the field ends it.
    go(&mut app, &mut m, k(KeyCode::Backspace));
    assert!(m.form_error().is_none());
    assert!(!drawn(&m).contains('↳'));
}
