//! The secretary's TUI: pinyin search on the Club screen, long work on a
//! worker thread, moving players between boards in the Round tab.

use crate::common::tui as tui_helpers;
use qishe::app::{BoardNo, RoundNo};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::domain::{EventSettings, NewMember, PairingSystem};
use qishe::i18n::Lang;
use qishe::tui::{view, worker, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Duration;
use tui_helpers::{c, config, go, k, typed};

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
    m.filtered_members(m.search())
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
    assert!(m.searching());
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

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "status."] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

/// The six members, entered in a five-round Dutch event 周赛.
fn event_of_six(app: &mut App) {
    members(app);
    let s = EventSettings {
        system: PairingSystem::Dutch,
        rounds: 5,
        ..Default::default()
    };
    app.create_event_with(
        "周赛",
        chrono::NaiveDate::from_ymd_opt(2026, 3, 7),
        &s,
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    let names: Vec<String> = MEMBERS.iter().map(|n| n.0.to_string()).collect();
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
}

/// A club in a database file (a worker opens its own connection to it)
/// with an event of the six members entered, its Round tab open.
fn file_club(lang: Lang, dir: &tempfile::TempDir) -> (App, Model) {
    let mut app = App::open(config(lang), &dir.path().join("club.db")).unwrap();
    event_of_six(&mut app);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen(), Screen::Event);
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.tab(), Tab::Round);
    (app, m)
}

fn pairing_runs_on_a_worker(lang: Lang, suffix: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(lang, &dir);
    go(&mut app, &mut m, c('p'));
    // The key returned at once: the work runs on a worker, the model waits.
    assert!(m.job().is_some(), "pairing went to a worker");
    assert_eq!(m.ev().paired(), 0, "no data change before the answer");
    insta::assert_snapshot!(format!("pairing_busy_{suffix}"), screen(&m));
    // Keys other than Ctrl-C are ignored meanwhile.
    go(&mut app, &mut m, c('q'));
    go(&mut app, &mut m, c('U'));
    assert!(!m.quitting() && m.confirm().is_none() && m.screen() == Screen::Event);
    assert!(m.job().is_some());
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert!(m.job().is_none() && m.busy().is_none());
    assert_eq!(m.ev().paired(), 1, "the model reloaded the new round");
    assert_eq!(m.tab(), Tab::Round);
    assert_eq!(m.ev().round().map(|r| r.boards.len()), Some(3));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(!err, "{msg}");
    assert!(msg.ends_with(" 1"), "{msg}");
    // The main connection sees what the worker stored.
    let ev = app.find_event("周赛").unwrap();
    assert_eq!(app.rounds_paired(ev.key()).unwrap(), 1);
}

#[test]
fn pairing_runs_on_a_worker_zh_hans() {
    pairing_runs_on_a_worker(Lang::ZhHans, "zh_hans");
}

#[test]
fn pairing_runs_on_a_worker_en() {
    pairing_runs_on_a_worker(Lang::En, "en");
}

#[test]
fn a_failing_worker_reports_a_translated_error_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(Lang::En, &dir);
    // Round 1 paired, no result in: pairing round 2 must be refused.
    go(&mut app, &mut m, c('p'));
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    go(&mut app, &mut m, c('p'));
    assert!(m.job().is_some());
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(err, "{msg}");
    assert!(msg.starts_with("error: round 1 is not finished"), "{msg}");
    assert_eq!(m.ev().paired(), 1);
}

#[test]
fn ctrl_c_quits_while_a_worker_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(Lang::En, &dir);
    go(&mut app, &mut m, c('p'));
    assert!(m.job().is_some());
    go(
        &mut app,
        &mut m,
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    );
    assert!(m.quitting());
}

#[test]
fn a_member_import_runs_on_a_worker_and_counts_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(Lang::En, &dir);
    go(&mut app, &mut m, k(KeyCode::Esc)); // Events
    go(&mut app, &mut m, k(KeyCode::Tab)); // Club
    assert_eq!(m.screen(), Screen::Club);
    let csv = dir.path().join("m.csv");
    let mut text = String::from("姓名,等级分,单位\n");
    for i in 0..500 {
        text.push_str(&format!("棋手{i},{},滨江棋友会\n", 1500 + i));
    }
    text.push_str("张华强,1850,西湖棋社\n"); // a duplicate: skipped
    std::fs::write(&csv, text).unwrap();
    go(&mut app, &mut m, c('i'));
    typed(&mut app, &mut m, csv.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter)); // preview, read on a worker too
    let job = m.job().expect("the preview went to a worker");
    assert_eq!(job.label, "tui.msg.previewing");
    assert!(m.confirm().is_none(), "no question before the file is read");
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert_eq!(m.members().len(), MEMBERS.len(), "a preview stores nothing");
    let msg = &m.confirm().expect("a preview first").message;
    assert!(
        msg.contains("棋手7 (滨江棋友会), … (+492)"),
        "a few names: {msg}"
    );
    assert!(!msg.contains("棋手8 "), "{msg}");
    go(&mut app, &mut m, c('y'));
    let job = m.job_mut().expect("the import went to a worker");
    assert_eq!(job.label, "tui.msg.importing");
    // Progress: poll until the worker has counted every row.
    let mut seen = None;
    for _ in 0..600 {
        worker::tick(job);
        if let Some((done, total)) = job.count {
            assert_eq!(total, 500);
            assert!(done <= total);
            seen = Some(done);
            if done == total {
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(seen, Some(500), "the worker reported its rows");
    assert!(screen(&m).contains("500/500 rows"));
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert_eq!(m.status().cloned(), Some(("imported: 500".into(), false)));
    assert_eq!(m.members().len(), MEMBERS.len() + 500, "the model reloaded");
}

// ---- Moving players between boards (Round tab) ----

use qishe::app::ResultInput;
use qishe::domain::Outcome;
use qishe::tui::keymap::resolve;
use qishe::tui::{Action, Component};

/// An in-memory club with the six members in an event of `rounds_done`
/// finished rounds (all draws) and the next round paired; the Round tab open.
fn paired_event(lang: Lang, rounds_done: u32) -> (App, Model) {
    let mut app = App::in_memory(config(lang)).unwrap();
    event_of_six(&mut app);
    for r in 1..=rounds_done + 1 {
        app.pair_next_round(app.find_event("周赛").unwrap().key())
            .unwrap();
        if r <= rounds_done {
            for b in 1..=3 {
                draw(&mut app, r, b);
            }
        }
    }
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!((m.screen(), m.tab()), (Screen::Event, Tab::Round));
    (app, m)
}

fn draw(app: &mut App, round: u32, board: u32) {
    let input = ResultInput {
        outcome: Some(Outcome::Draw),
        ..Default::default()
    };
    app.record_result(
        app.find_event("周赛").unwrap().key(),
        RoundNo(round),
        BoardNo(board),
        &input,
    )
    .unwrap();
}

/// (red, black) start numbers of each board of the stored round.
fn seats(app: &App, round: u32) -> Vec<(u32, Option<u32>)> {
    app.round_view(app.find_event("周赛").unwrap().key(), Some(RoundNo(round)))
        .unwrap()
        .boards
        .iter()
        .map(|b| (b.red.start_no, b.black.as_ref().map(|x| x.start_no)))
        .collect()
}

#[test]
fn move_keys_resolve_through_the_keymap() {
    let (mut app, mut m) = paired_event(Lang::En, 0);
    assert_eq!(m.handle(c('m')), Some(Action::MarkMove));
    assert_eq!(
        m.handle(k(KeyCode::Right)),
        Some(Action::NextTab),
        "not moving yet"
    );
    go(&mut app, &mut m, c('m'));
    assert!(m.mover().is_some());
    for (key, action) in [
        (c('m'), Action::MarkMove),
        (k(KeyCode::Enter), Action::MarkMove),
        (k(KeyCode::Left), Action::OtherSide),
        (k(KeyCode::Right), Action::OtherSide),
        (c('h'), Action::OtherSide),
        (c('l'), Action::OtherSide),
        (k(KeyCode::Up), Action::Up),
        (c('j'), Action::Down),
        (k(KeyCode::Esc), Action::Cancel),
    ] {
        assert_eq!(m.handle(key), Some(action), "{key:?}");
    }
    assert_eq!(m.handle(k(KeyCode::Tab)), None, "no tab change mid-move");
    assert_eq!(m.handle(c('q')), Some(Action::Quit));
    assert_eq!(resolve(&m.contexts(), &c('p')), None, "no pairing mid-move");
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.mover().is_none());
    assert_eq!(m.status().cloned(), Some(("cancelled".into(), false)));
}

#[test]
fn moving_a_player_to_another_board_is_stored_and_undone_in_one() {
    let (mut app, mut m) = paired_event(Lang::En, 0);
    let before = seats(&app, 1);
    // Board 1: mark the black player; board 3: swap with its red player.
    go(&mut app, &mut m, c('m'));
    go(&mut app, &mut m, k(KeyCode::Right));
    assert!(m.status().unwrap().0.starts_with("marked "));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, k(KeyCode::Left)); // the cursor to red of board 3
    let shown = screen(&m);
    assert!(shown.contains("◆ "), "the marked player is drawn:\n{shown}");
    assert!(shown.contains("▶ "), "the cursor's seat is drawn:\n{shown}");
    insta::assert_snapshot!("move_marked_en", shown);
    go(&mut app, &mut m, c('m'));
    assert!(m.confirm().is_none(), "round 1 breaks no rule");
    assert_eq!(m.status().cloned(), Some(("players moved".into(), false)));
    assert!(m.mover().is_none());
    let after = seats(&app, 1);
    assert_eq!(after[0], (before[0].0, Some(before[2].0)));
    assert_eq!(after[2], (before[0].1.unwrap(), before[2].1));
    assert_eq!(after[1], before[1]);
    // The model shows the stored round.
    let r = m.ev().round().unwrap();
    assert_eq!(r.boards[0].black.as_ref().unwrap().start_no, before[2].0);
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y')); // undo asks first
    assert_eq!(seats(&app, 1), before, "one undo puts them back");
}

#[test]
fn marking_the_same_seat_again_unmarks_it() {
    let (mut app, mut m) = paired_event(Lang::En, 0);
    let before = seats(&app, 1);
    go(&mut app, &mut m, c('m'));
    go(&mut app, &mut m, c('m'));
    assert!(m.mover().is_none());
    assert_eq!(seats(&app, 1), before);
}

/// Round 2 of six players after a round of draws: the keys that put board
/// 1's red player against his round-1 opponent (mark board 1's black
/// player, swap him with that opponent).
fn rematch_keys(app: &App) -> Vec<KeyEvent> {
    let r2 = seats(app, 2);
    let r1 = seats(app, 1);
    let x = r2[0].0;
    let y = r1
        .iter()
        .find_map(|&(r, b)| match b {
            Some(b) if r == x => Some(b),
            Some(b) if b == x => Some(r),
            _ => None,
        })
        .unwrap();
    let (board, red) = r2
        .iter()
        .enumerate()
        .find_map(|(i, &(r, b))| {
            (r == y)
                .then_some((i, true))
                .or((b == Some(y)).then_some((i, false)))
        })
        .unwrap();
    assert_ne!(board, 0, "the pairing avoided the rematch");
    let mut keys = vec![c('m'), k(KeyCode::Right)];
    keys.extend(std::iter::repeat_n(k(KeyCode::Down), board));
    if red {
        keys.push(k(KeyCode::Left));
    }
    keys.push(c('m'));
    keys
}

fn rule_warning(lang: Lang, suffix: &str, yes: bool) {
    let (mut app, mut m) = paired_event(lang, 1);
    let before = seats(&app, 2);
    for key in rematch_keys(&app) {
        go(&mut app, &mut m, key);
    }
    let c_ = m.confirm().expect("the rule check asks first");
    assert!(
        c_.message.contains(if lang == Lang::En {
            "rematch: "
        } else {
            "重复对局: "
        }),
        "{}",
        c_.message
    );
    assert_eq!(seats(&app, 2), before, "nothing stored before the answer");
    if yes {
        insta::assert_snapshot!(format!("move_rule_warning_{suffix}"), screen(&m));
        go(&mut app, &mut m, c('y'));
        assert!(m.confirm().is_none());
        assert_ne!(seats(&app, 2), before, "the arbiter insisted");
        let r1 = seats(&app, 1);
        let (x, y) = (seats(&app, 2)[0].0, seats(&app, 2)[0].1.unwrap());
        assert!(
            r1.iter()
                .any(|&(r, b)| (r, b) == (x, Some(y)) || (r, b) == (y, Some(x))),
            "board 1 is now the rematch"
        );
    } else {
        go(&mut app, &mut m, c('n'));
        assert!(m.confirm().is_none());
        assert_eq!(seats(&app, 2), before, "cancelled: nothing changed");
    }
}

#[test]
fn a_broken_rule_asks_and_y_insists_zh_hans() {
    rule_warning(Lang::ZhHans, "zh_hans", true);
}

#[test]
fn a_broken_rule_asks_and_y_insists_en() {
    rule_warning(Lang::En, "en", true);
}

#[test]
fn a_broken_rule_asks_and_n_cancels() {
    rule_warning(Lang::En, "en", false);
}

#[test]
fn moves_and_colour_swaps_are_refused_once_results_are_in() {
    let (mut app, mut m) = paired_event(Lang::En, 0);
    draw(&mut app, 1, 2);
    // Reload what was stored behind the model's back.
    m.refresh(&app).unwrap();
    let before = seats(&app, 1);
    go(&mut app, &mut m, c('m'));
    assert!(m.mover().is_none());
    assert_eq!(
        m.status().cloned(),
        Some((
            "this round already has results (board 2); its boards can no longer be changed".into(),
            true
        ))
    );
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c('m'));
    assert_eq!(
        m.status().cloned(),
        Some((
            "board 2 already has a result; it can no longer be changed".into(),
            true
        ))
    );
    go(&mut app, &mut m, c('c'));
    assert_eq!(
        m.status().map(|s| s.1),
        Some(true),
        "colour swap refused too"
    );
    assert_eq!(seats(&app, 1), before);
}

#[test]
fn a_colour_swap_that_breaks_a_rule_asks_in_the_same_dialog() {
    // After a round of draws the Dutch pairing alternates colours; giving
    // board 1's players their round-1 colours again breaks no hard rule
    // at round 2, so check the dialog's path on a forbidden pair instead.
    let (mut app, mut m) = paired_event(Lang::En, 0);
    let s = seats(&app, 1);
    let ev = app.find_event("周赛").unwrap();
    let entries = app.entries(ev.key()).unwrap();
    let id = |no: u32| entries.iter().find(|e| e.start_no == no).unwrap().clone();
    app.forbid_pair(ev.key(), id(s[0].0).key(), id(s[0].1.unwrap()).key())
        .unwrap();
    m.refresh(&app).unwrap();
    go(&mut app, &mut m, c('c'));
    let msg = &m.confirm().expect("asks").message;
    assert!(msg.contains("forbidden pair: "), "{msg}");
    go(&mut app, &mut m, c('y'));
    assert_eq!(seats(&app, 1)[0], (s[0].1.unwrap(), Some(s[0].0)));
    assert_eq!(m.status().cloned(), Some(("colours swapped".into(), false)));
}

#[test]
fn a_click_on_a_scrolled_list_picks_the_row_drawn_there() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    for i in 0..40 {
        app.add_member(&NewMember {
            name: format!("P{i:02}"),
            ..Default::default()
        })
        .unwrap();
    }
    let mut m = Model::load(&app).unwrap();
    // 19 rows fit at 80×24: the last member is on the third page.
    go(&mut app, &mut m, c('G'));
    let check = |m: &mut Model, line: u16| {
        let text = screen(m);
        let drawn = text.lines().nth(line as usize).unwrap()[1..].to_string();
        let a = qishe::tui::click_in(m, 80, 24, 8, line).unwrap();
        let Action::SelectRow(i) = a else {
            panic!("{a:?}")
        };
        let before = m.member_sel();
        qishe::tui::update(m, a);
        match m
            .filtered_members(m.search())
            .get(i)
            .map(|x| x.name.clone())
        {
            Some(name) => {
                assert!(
                    drawn.contains(&name),
                    "line {line} shows {drawn}, click picked {name}"
                );
                assert_eq!(m.member_sel(), i);
            }
            None => {
                assert!(!drawn.contains('P'), "line {line} is empty: {drawn}");
                assert_eq!(
                    m.member_sel(),
                    before,
                    "a click under the list selects nothing"
                );
            }
        }
    };
    for line in [3u16, 4, 10] {
        check(&mut m, line);
    }
    assert_eq!(
        m.member_sel(),
        39,
        "line 4 is the last member; line 10 is empty"
    );
    // Within a page the list stays put: a click does not scroll it.
    go(&mut app, &mut m, c('g'));
    for line in [21u16, 3, 12] {
        check(&mut m, line);
    }
    assert_eq!(m.member_sel(), 9);
    go(&mut app, &mut m, k(KeyCode::Down));
    check(&mut m, 13);
    assert_eq!(m.member_sel(), 10);
    assert_eq!(qishe::tui::click_in(&m, 80, 24, 8, 22), None, "status line");
    assert_eq!(qishe::tui::click_in(&m, 80, 24, 8, 23), None, "key bar");
    let before = m.member_sel();
    qishe::tui::update(&mut m, Action::SelectRow(40));
    assert_eq!(m.member_sel(), before, "past the last row: nothing");
}

#[test]
fn undo_while_a_player_is_marked_drops_the_mark() {
    let (mut app, mut m) = paired_event(Lang::En, 0);
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, k(KeyCode::Down));
    go(&mut app, &mut m, c('m'));
    assert!(m.mover().is_some());
    go(&mut app, &mut m, c('u')); // undoes the pairing itself
    go(&mut app, &mut m, c('y')); // undo asks first
    assert!(m.mover().is_none());
    assert!(m.ev().round().is_none(), "{:?}", m.status().cloned());
    go(&mut app, &mut m, c('m'));
    assert!(m.mover().is_none());
    assert_eq!(
        m.status().cloned(),
        Some((
            "no round paired yet: press p to pair the next round".into(),
            true
        ))
    );
}

#[test]
fn a_failing_pairing_is_reported_in_the_ui_language() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(Lang::ZhHans, &dir);
    go(&mut app, &mut m, c('p'));
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    go(&mut app, &mut m, c('p'));
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    let (msg, err) = m.status().cloned().unwrap();
    assert!(err);
    // The first player in start order without a result is named.
    let name = &m
        .ev()
        .entries()
        .iter()
        .find(|e| e.start_no == 1)
        .unwrap()
        .name;
    assert_eq!(
        msg,
        format!("错误: 第 1 轮尚未结束: {name} 还没有成绩; 录入全部成绩后才能编排第 2 轮")
    );
}

#[test]
fn while_moving_a_click_on_a_player_picks_that_seat() {
    use qishe::tui::{click_in, update};
    let (mut app, mut m) = paired_event(Lang::En, 0);
    let before = seats(&app, 1);
    // Without a mark a click on a name just selects the row.
    assert_eq!(click_in(&m, 80, 24, 40, 5), Some(Action::SelectRow(2)));
    go(&mut app, &mut m, c('m'));
    // Board 1's black player (screen line 3), then board 3's red (line 5).
    let text = screen(&m);
    let line = |n: usize| text.lines().nth(n).unwrap().to_string();
    let black1 = app
        .round_view(app.find_event("周赛").unwrap().key(), Some(RoundNo(1)))
        .unwrap()
        .boards[0]
        .black
        .clone()
        .unwrap()
        .name;
    let l3 = line(3);
    let at = l3.find(&black1).expect("board 1's black player on line 3");
    // the row is drawn after the "◆ "/"▶ " marker, inside the black columns
    let col = unicode_width::UnicodeWidthStr::width(&l3[1..at]) as u16;
    assert!(
        qishe::tui::boards::BLACK_COLUMNS.contains(&col),
        "{col}: {l3}"
    );
    let a = click_in(&m, 80, 24, 40, 3).unwrap();
    assert_eq!(a, Action::SelectSeat(0, true));
    assert!(update(&mut m, a).is_none());
    assert_eq!(m.mover().unwrap().marked.0, 0);
    let a = click_in(&m, 80, 24, 10, 5).unwrap();
    assert_eq!(a, Action::SelectSeat(2, false));
    update(&mut m, a);
    assert_eq!(m.row_sel(), 2);
    assert_eq!(
        click_in(&m, 80, 24, 28, 5),
        Some(Action::SelectRow(2)),
        "result column"
    );
    go(&mut app, &mut m, c('m'));
    let after = seats(&app, 1);
    assert_eq!(after[0], (before[0].0, Some(before[2].0)));
    assert_eq!(after[2], (before[0].1.unwrap(), before[2].1));
}

/// The status line's error after the last command, checked to be one.
fn error_shown(m: &Model) -> String {
    let (msg, err) = m.status().cloned().expect("a status line");
    assert!(err, "not an error: {msg}");
    msg
}

#[test]
fn results_tab_errors_reach_the_secretary_in_chinese() {
    let (mut app, mut m) = paired_event(Lang::ZhHans, 0);
    while m.tab() != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    m.select_row(0);
    // Red wins, red used nine hours in thirty moves: the clock cannot allow it.
    go(&mut app, &mut m, c('r'));
    assert!(m.form().is_some(), "the result form opens");
    typed(&mut app, &mut m, "9:00:00");
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "30");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let msg = error_shown(&m);
    assert!(
        msg.starts_with("错误: 第1轮第1台第1局: 红方用时 9:00:00, 但走 30 步后时钟最多允许"),
        "{msg}"
    );
    assert!(!msg.chars().any(|c| c.is_ascii_alphabetic()), "{msg}");
    assert!(m.ev().round().unwrap().boards[0]
        .results
        .iter()
        .all(|r| r == "*" || r.is_empty()));

    // The form comes back as typed, the error under it.
    assert_eq!(
        m.form().map(|f| f.value("tui.field.red_used")),
        Some("9:00:00")
    );
    tui_helpers::discard_form(&mut app, &mut m);

    // A record file that is not there.
    go(&mut app, &mut m, c('g'));
    typed(&mut app, &mut m, "/no/such/dir/第一局.pgn");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(
        error_shown(&m),
        "错误: 无法读取 /no/such/dir/第一局.pgn: 文件不存在"
    );
    tui_helpers::discard_form(&mut app, &mut m); // the path form came back

    // A record file the reader refuses: the file, line and column in Chinese.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("坏棋谱.pgn");
    std::fs::write(&path, "[Event \"周赛\"]\n1. h2e2 h9g7 {没写完\n").unwrap();
    let path = path.to_str().unwrap().to_string();
    go(&mut app, &mut m, c('g'));
    typed(&mut app, &mut m, &path);
    go(&mut app, &mut m, k(KeyCode::Enter));
    let msg = error_shown(&m);
    assert!(msg.starts_with(&format!("错误: {path}: 第2行第")), "{msg}");
    assert!(msg.ends_with("列: 注释的 '{' 没有闭合"), "{msg}");
    assert!(
        !msg.chars()
            .any(|c| c.is_ascii_alphabetic() && !path.contains(c)),
        "{msg}"
    );
}

/// A round-robin of the six in which the first two scheduled opponents (1
/// and 6, board 1 of round 1) are a forbidden pair: in the worker (file
/// club) or in the event loop (in memory), pairing shows the system's notes
/// in the UI language until a key closes them.
fn pairing_notes_are_shown(lang: Lang, on_file: bool) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut app = if on_file {
        App::open(config(lang), &dir.path().join("club.db")).unwrap()
    } else {
        App::in_memory(config(lang)).unwrap()
    };
    members(&mut app);
    let s = EventSettings {
        system: PairingSystem::Berger,
        rounds: 5,
        ..Default::default()
    };
    app.create_event_with("循环赛", None, &s, qishe::app::NewEventKind::Individual)
        .unwrap();
    let names: Vec<String> = MEMBERS.iter().map(|n| n.0.to_string()).collect();
    app.enter_players(
        app.find_event("循环赛").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    let ev = app.find_event("循环赛").unwrap();
    let entries = app.entries(ev.key()).unwrap();
    let no = |n: u32| entries.iter().find(|e| e.start_no == n).unwrap().clone();
    app.forbid_pair(ev.key(), no(1).key(), no(6).key()).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.tab(), Tab::Round);
    go(&mut app, &mut m, c('p'));
    if on_file {
        assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    }
    assert_eq!(m.ev().paired(), 1);
    let notice = m
        .notice()
        .map(str::to_string)
        .expect("the forbidden pair is reported");
    let text = screen(&m);
    // Clicks on the tabs do nothing while the notes are open.
    let tabs = |m: &Model| {
        (0..80)
            .filter(|&x| qishe::tui::click(m, 80, x, 0).is_some())
            .count()
    };
    assert_eq!(tabs(&m), 0);
    // Any key closes the notes and does nothing else.
    go(&mut app, &mut m, c('q'));
    assert!(m.notice().is_none() && !m.quitting() && m.screen() == Screen::Event);
    assert!(tabs(&m) > 0, "the tabs answer clicks again");
    assert!(!screen(&m).contains(&notice[..notice.len().min(12)]));
    text
}

#[test]
fn pairing_notes_are_shown_in_chinese() {
    let text = pairing_notes_are_shown(Lang::ZhHans, false);
    assert!(text.contains("编排说明"), "{text}");
    assert!(text.contains("1 号与 6 号为禁配"), "{text}");
    assert!(text.contains("按任意键关闭"), "{text}");
    insta::assert_snapshot!("pairing_notes_zh_hans", text);
}

#[test]
fn pairing_notes_come_back_from_the_worker_in_english() {
    let text = pairing_notes_are_shown(Lang::En, true);
    assert!(text.contains("pairing notes"), "{text}");
    assert!(text.contains("1 and 6 are a forbidden pair"), "{text}");
}
