//! The secretary's TUI: pinyin search on the Club screen, long work on a
//! worker thread, moving players between boards in the Round tab.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::{EventSettings, NewMember, PairingSystem};
use qishe::i18n::Lang;
use qishe::tui::{press, view, worker, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Duration;

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

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "status."] {
        assert!(!text.contains(prefix), "untranslated text:\n{text}");
    }
    text
}

/// A club in a database file (a worker opens its own connection to it)
/// with an event of the six members entered, its Round tab open.
fn file_club(lang: Lang, dir: &tempfile::TempDir) -> (App, Model) {
    let mut app = App::open(config(lang), &dir.path().join("club.db")).unwrap();
    members(&mut app);
    let s = EventSettings {
        system: PairingSystem::Dutch,
        rounds: 5,
        ..Default::default()
    };
    app.create_event("周赛", chrono::NaiveDate::from_ymd_opt(2026, 3, 7), &s)
        .unwrap();
    let names: Vec<String> = MEMBERS.iter().map(|n| n.0.to_string()).collect();
    app.enter_players("周赛", &names).unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(m.screen, Screen::Event);
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.tab, Tab::Round);
    (app, m)
}

fn pairing_runs_on_a_worker(lang: Lang, suffix: &str) {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(lang, &dir);
    go(&mut app, &mut m, c('p'));
    // The key returned at once: the work runs on a worker, the model waits.
    assert!(m.job.is_some(), "pairing went to a worker");
    assert_eq!(m.ev.paired, 0, "no data change before the answer");
    insta::assert_snapshot!(format!("pairing_busy_{suffix}"), screen(&m));
    // Keys other than Ctrl-C are ignored meanwhile.
    go(&mut app, &mut m, c('q'));
    go(&mut app, &mut m, c('U'));
    assert!(!m.quit && m.confirm.is_none() && m.screen == Screen::Event);
    assert!(m.job.is_some());
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert!(m.job.is_none() && m.busy.is_none());
    assert_eq!(m.ev.paired, 1, "the model reloaded the new round");
    assert_eq!(m.tab, Tab::Round);
    assert_eq!(m.ev.round.as_ref().map(|r| r.boards.len()), Some(3));
    let (msg, err) = m.status.clone().unwrap();
    assert!(!err, "{msg}");
    assert!(msg.ends_with(" 1"), "{msg}");
    // The main connection sees what the worker stored.
    let ev = app.store.resolve_event("周赛").unwrap();
    assert_eq!(app.store.rounds_paired(ev.id).unwrap(), 1);
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
    assert!(m.job.is_some());
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    let (msg, err) = m.status.clone().unwrap();
    assert!(err, "{msg}");
    assert!(msg.starts_with("error: round 1 is not finished"), "{msg}");
    assert_eq!(m.ev.paired, 1);
}

#[test]
fn ctrl_c_quits_while_a_worker_runs() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(Lang::En, &dir);
    go(&mut app, &mut m, c('p'));
    assert!(m.job.is_some());
    go(
        &mut app,
        &mut m,
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    );
    assert!(m.quit);
}

#[test]
fn a_member_import_runs_on_a_worker_and_counts_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, mut m) = file_club(Lang::En, &dir);
    go(&mut app, &mut m, k(KeyCode::Esc)); // Events
    go(&mut app, &mut m, k(KeyCode::Tab)); // Club
    assert_eq!(m.screen, Screen::Club);
    let csv = dir.path().join("m.csv");
    let mut text = String::from("姓名,等级分,单位\n");
    for i in 0..500 {
        text.push_str(&format!("棋手{i},{},滨江棋友会\n", 1500 + i));
    }
    text.push_str("张华强,1850,西湖棋社\n"); // a duplicate: skipped
    std::fs::write(&csv, text).unwrap();
    go(&mut app, &mut m, c('i'));
    typed(&mut app, &mut m, csv.to_str().unwrap());
    go(&mut app, &mut m, k(KeyCode::Enter)); // preview
    assert!(m.confirm.is_some(), "{:?}", m.status);
    go(&mut app, &mut m, c('y'));
    let job = m.job.as_mut().expect("the import went to a worker");
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
    assert_eq!(m.status, Some(("imported: 500".into(), false)));
    assert_eq!(m.members.len(), MEMBERS.len() + 500, "the model reloaded");
}
