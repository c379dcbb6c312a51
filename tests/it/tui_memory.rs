//! The TUI parts of issues 8 and 9: the repetition ruling dialog of the
//! Results tab, the member page with its head-to-head, and the statistics
//! screen. Keys, updates against a real (in-memory) club, and 80×24
//! snapshots in 简体 and English on small fixed databases.

use crate::common::tui as tui_helpers;

use crossterm::event::KeyCode;
use qishe::app::{App, ResultInput};
use qishe::domain::{
    EventSettings, EventStatus, Game, NewMember, Outcome, PairingSystem, Termination, TimeControl,
};
use qishe::i18n::Lang;
use qishe::store::{ImportBoard, ImportEvent, ImportPlayer};
use qishe::tui::keymap::{help_entries, Ctx};
use qishe::tui::{view, worker, Action, Component, Model, Screen, Tab};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Duration;
use tui_helpers::{c, config, go, k, typed};

fn screen(m: &Model) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| view(m, f)).unwrap();
    let text = format!("{}", t.backend());
    for prefix in ["\"tui.", " tui.", "action.", "status.", "judge."] {
        assert!(
            !text.contains(prefix),
            "untranslated text on screen:\n{text}"
        );
    }
    text
}

// ---------------------------------------------------------------------------
// Issue 8: the ruling dialog

/// Red's chariot checks on a9/a8 for ever, the black king steps e9/e8.
const PERPETUAL_CHECK: &str = r#"[Game "Chinese Chess"]
[FEN "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"]
[Format "ICCS"]

1. a0-a9 e9-e8 2. a9-a8 e8-e9 3. a8-a9 e9-e8 *
"#;

/// A chariot attacking a protected horse every move: idle in the asian
/// and cxa2011 books, so a draw.
const PROTECTED_HORSE: &str = r#"[Game "Chinese Chess"]
[FEN "R8/4ak3/2n6/9/3n5/9/9/9/9/4K4 w - - 0 1"]
[Format "ICCS"]

1. a9-a7 c7-d9 2. a7-a9 d9-c7 *
"#;

const NO_REPEAT: &str = r#"[Game "Chinese Chess"]
[Format "ICCS"]

1. h2-e2 h9-g7 2. h0-g2 i9-h9 *
"#;

/// Six players paired in round 1: board 1's record is a perpetual check
/// (already entered as an agreed draw), board 2's a chase of a protected
/// horse, board 3's has no repetition.
fn ruling_club(lang: Lang) -> (App, Model, i64) {
    ruling_club_with(lang, 1)
}

/// The same club with `games` games per round; with two, board 1's second
/// game is the protected-horse chase.
fn ruling_club_with(lang: Lang, games: u32) -> (App, Model, i64) {
    let mut app = App::in_memory(config(lang)).unwrap();
    let players = [
        ("王天一", 2700),
        ("郑惟桐", 2680),
        ("许银川", 2650),
        ("赵鑫鑫", 2620),
        ("蒋川", 2600),
        ("洪智", 2580),
    ];
    for (n, r) in players {
        app.add_member(&NewMember {
            name: n.into(),
            rating: Some(r),
            ..Default::default()
        })
        .unwrap();
    }
    let ev = app
        .create_event(
            "周赛",
            chrono::NaiveDate::from_ymd_opt(2026, 3, 7),
            &EventSettings {
                system: PairingSystem::Dutch,
                rounds: 3,
                games_per_round: games,
                ..Default::default()
            },
        )
        .unwrap();
    let names: Vec<String> = players.iter().map(|p| p.0.to_string()).collect();
    app.enter_players("周赛", &names).unwrap();
    app.pair_next_round("周赛").unwrap();
    // The secretary typed agreed draws; the records came later.
    for board in 1..=3 {
        for game in 1..=games {
            app.record_result(
                "周赛",
                1,
                board,
                &ResultInput {
                    game_no: Some(game),
                    outcome: Some(Outcome::Draw),
                    termination: Some(Termination::Agreement),
                    ..Default::default()
                },
            )
            .unwrap();
        }
    }
    app.attach_record("周赛", 1, 1, 1, PERPETUAL_CHECK.as_bytes())
        .unwrap();
    if games == 2 {
        app.attach_record("周赛", 1, 1, 2, PROTECTED_HORSE.as_bytes())
            .unwrap();
    }
    app.attach_record("周赛", 1, 2, 1, PROTECTED_HORSE.as_bytes())
        .unwrap();
    app.attach_record("周赛", 1, 3, 1, NO_REPEAT.as_bytes())
        .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab)); // Events
    go(&mut app, &mut m, k(KeyCode::Enter)); // open: the Round tab
    while m.tab != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    m.row_sel = 0;
    (app, m, ev.id)
}

fn board_game(app: &App, ev: i64, board: u32) -> Game {
    app.games(qishe::app::EventId(ev), Some(1))
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == board)
        .unwrap()
        .game
}

#[test]
fn ruling_keys() {
    let (mut app, mut m, _) = ruling_club(Lang::En);
    assert_eq!(m.handle(c('J')), Some(Action::Judge));
    let help = help_entries(&m.contexts(), false);
    assert!(
        help.iter()
            .any(|(keys, a)| *a == Action::Judge && keys == "J"),
        "help lists the ruling key: {help:?}"
    );
    go(&mut app, &mut m, c('J'));
    assert!(m.pages.judge.is_some());
    assert_eq!(m.contexts(), vec![Ctx::Judge]);
    let cases = [
        (k(KeyCode::Left), Action::ChoicePrev),
        (k(KeyCode::Right), Action::ChoiceNext),
        (k(KeyCode::Enter), Action::Submit),
        (k(KeyCode::Esc), Action::Cancel),
        (k(KeyCode::Down), Action::Down),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(m.handle(c('r')), None, "no result keys in the dialog");
    assert_eq!(m.handle(c('u')), None, "no undo under the dialog");
}

#[test]
fn ruling_dialog_switches_rule_books_and_esc_changes_nothing() {
    let (mut app, mut m, ev) = ruling_club(Lang::En);
    go(&mut app, &mut m, c('J'));
    let d = m.pages.judge.as_ref().expect("the dialog opens");
    assert_eq!(d.rules().code(), "cxa2011", "the default rule book");
    assert_eq!(d.judgement.moves.len(), 4);
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(m.pages.judge.as_ref().unwrap().rules().code(), "simple");
    go(&mut app, &mut m, k(KeyCode::Left));
    go(&mut app, &mut m, k(KeyCode::Left));
    assert_eq!(m.pages.judge.as_ref().unwrap().rules().code(), "asian");
    for _ in 0..10 {
        go(&mut app, &mut m, k(KeyCode::Down));
    }
    assert_eq!(
        m.pages.judge.as_ref().unwrap().scroll,
        3,
        "scrolls to the last move"
    );
    assert!(screen(&m).contains("e9e8") && !screen(&m).contains("a9a8"));
    go(&mut app, &mut m, k(KeyCode::Up));
    assert_eq!(m.pages.judge.as_ref().unwrap().scroll, 2);
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages.judge.is_none());
    let g = board_game(&app, ev, 1);
    assert_eq!(
        (g.outcome, g.termination),
        (Outcome::Draw, Some(Termination::Agreement))
    );
    // Enter then n: the confirmation refused, nothing stored.
    go(&mut app, &mut m, c('J'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.confirm().is_some());
    go(&mut app, &mut m, c('n'));
    assert_eq!(board_game(&app, ev, 1).outcome, Outcome::Draw);
    assert!(m.pages.judge.is_some(), "the dialog stays after a no");
}

#[test]
fn tab_moves_the_ruling_to_the_boards_second_game() {
    let (mut app, mut m, ev) = ruling_club_with(Lang::En, 2);
    assert_eq!(m.handle(k(KeyCode::Tab)), Some(Action::NextTab));
    go(&mut app, &mut m, c('J'));
    let d = m.pages.judge.as_ref().expect("the dialog opens");
    assert_eq!((d.game_no, d.games), (1, 2));
    assert!(screen(&m).contains("board 1 game 1"), "{}", screen(&m));
    go(&mut app, &mut m, k(KeyCode::Right)); // simple
    assert_eq!(m.handle(k(KeyCode::Tab)), Some(Action::NextTab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    let d = m.pages.judge.as_ref().unwrap();
    assert_eq!(d.game_no, 2, "Tab moves to game 2");
    assert_eq!(d.rules().code(), "simple", "the rule book stays");
    assert!(screen(&m).contains("board 1 game 2"));
    let moves2 = d.judgement.moves.len();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(
        m.pages.judge.as_ref().unwrap().game_no,
        1,
        "and round again"
    );
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(
        m.pages.judge.as_ref().unwrap().judgement.moves.len(),
        moves2
    );
    // The ruling is stored on game 2; game 1 keeps its agreed draw.
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert!(m.pages.judge.is_none());
    let games: Vec<Game> = app
        .games(qishe::app::EventId(ev), Some(1))
        .unwrap()
        .into_iter()
        .filter(|g| g.round == 1 && g.board == 1)
        .map(|g| g.game)
        .collect();
    let g1 = games.iter().find(|g| g.game_no == 1).unwrap();
    let g2 = games.iter().find(|g| g.game_no == 2).unwrap();
    assert_eq!(g1.termination, Some(Termination::Agreement));
    assert_eq!(g2.termination, Some(Termination::RepetitionRuling));
}

#[test]
fn enter_stores_the_ruling_and_one_undo_restores_the_result() {
    let (mut app, mut m, ev) = ruling_club(Lang::ZhHans);
    let record_before = board_game(&app, ev, 1).record;
    assert!(record_before.is_some());
    go(&mut app, &mut m, c('J'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let msg = m.confirm().expect("asks first").message.clone();
    assert!(msg.contains("红方须变着") && msg.contains("0-1"), "{msg}");
    go(&mut app, &mut m, c('y'));
    assert!(m.pages.judge.is_none(), "the dialog closes once stored");
    let g = board_game(&app, ev, 1);
    // Red checked for ever: red must change and did not, black wins.
    assert_eq!(
        (g.outcome, g.termination),
        (Outcome::BlackWin, Some(Termination::RepetitionRuling))
    );
    assert_eq!(g.record, record_before, "the record stays with the game");
    let (text, err) = m.status.clone().unwrap();
    assert!(
        !err && text.contains("0-1") && text.contains("repetition"),
        "{text}"
    );
    assert_eq!(
        m.ev.round.as_ref().unwrap().boards[0].results,
        vec!["0-1".to_string()],
        "the Results tab shows the new result"
    );
    go(&mut app, &mut m, c('u'));
    go(&mut app, &mut m, c('y')); // undo asks first
    let g = board_game(&app, ev, 1);
    assert_eq!(
        (g.outcome, g.termination),
        (Outcome::Draw, Some(Termination::Agreement)),
        "one undo restores the agreed draw"
    );
}

#[test]
fn a_drawn_repetition_is_stored_as_the_arbiters_draw() {
    let (mut app, mut m, ev) = ruling_club(Lang::En);
    m.row_sel = 1;
    assert_eq!(board_game(&app, ev, 2).outcome, Outcome::Draw);
    go(&mut app, &mut m, c('J'));
    let d = m.pages.judge.as_ref().unwrap();
    assert_eq!(
        d.judgement.must_change, None,
        "cxa2011: neither side forbidden"
    );
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    let g = board_game(&app, ev, 2);
    assert_eq!(
        (g.outcome, g.termination),
        (Outcome::Draw, Some(Termination::ArbiterDecision))
    );
    // Under the simple rule the chase ranks higher: red must change.
    go(&mut app, &mut m, c('J'));
    go(&mut app, &mut m, k(KeyCode::Right));
    let d = m.pages.judge.as_ref().unwrap();
    assert_eq!(d.rules().code(), "simple");
    assert_eq!(d.judgement.must_change, Some(qishe::domain::Colour::Red));
    go(&mut app, &mut m, k(KeyCode::Enter));
    go(&mut app, &mut m, c('y'));
    assert_eq!(board_game(&app, ev, 2).outcome, Outcome::BlackWin);
}

#[test]
fn boards_without_a_record_or_a_repetition_give_a_message() {
    let (mut app, mut m, ev) = ruling_club(Lang::En);
    m.row_sel = 2;
    go(&mut app, &mut m, c('J'));
    assert!(m.pages.judge.is_none());
    let (text, err) = m.status.clone().unwrap();
    assert!(err && text.contains("no position repeats"), "{text}");
    // A board whose game has no record.
    app.games(qishe::app::EventId(ev), Some(1))
        .unwrap()
        .iter()
        .for_each(|g| assert!(g.game.record.is_some()));
    let mut g = board_game(&app, ev, 3);
    g.record = None;
    app.store_for_tests()
        .save_game(&g, "drop the record")
        .unwrap();
    m.refresh(&app).unwrap();
    go(&mut app, &mut m, c('J'));
    assert!(m.pages.judge.is_none());
    let (text, err) = m.status.clone().unwrap();
    assert!(err && text.contains("no game record"), "{text}");
    assert!(!screen(&m).contains("Repetition ruling"));
}

fn ruling_snapshots(lang: Lang, suffix: &str) {
    let (mut app, mut m, _) = ruling_club(lang);
    go(&mut app, &mut m, c('J'));
    insta::assert_snapshot!(format!("judge_dialog_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Enter));
    insta::assert_snapshot!(format!("judge_confirm_{suffix}"), screen(&m));
}

#[test]
fn ruling_dialog_snapshots_zh_hans() {
    ruling_snapshots(Lang::ZhHans, "zh_hans");
}

#[test]
fn ruling_dialog_snapshots_en() {
    ruling_snapshots(Lang::En, "en");
}

// ---------------------------------------------------------------------------
// Issue 9: a small fixed club history

/// (red, black, outcome, termination, moves, red used min, black used min) by member index.
type G = (usize, usize, Outcome, Option<Termination>, u32, i64, i64);

fn game(g: &G) -> Game {
    let mut x = Game::bare(0, 0, g.2);
    if g.2.is_played() {
        x.termination = g.3;
        x.moves = Some(g.4);
        x.red_used_ms = Some(g.5 * 60_000);
        x.black_used_ms = Some(g.6 * 60_000);
    }
    x
}

fn import(
    app: &mut App,
    ids: &[i64],
    name: &str,
    date: &str,
    tc: TimeControl,
    scheme: &str,
    rounds: &[&[G]],
) {
    let players = (0..ids.len())
        .map(|i| ImportPlayer {
            member_id: Some(ids[i]),
            new: NewMember::default(),
            start_no: i as u32 + 1,
            rating: None,
            first_round: 1,
            withdrawn_after: None,
        })
        .collect();
    let id = app
        .store_for_tests()
        .import_event(
            &ImportEvent {
                name: name.into(),
                date: Some(date.parse().unwrap()),
                settings: EventSettings {
                    scheme: scheme.into(),
                    time_control: tc,
                    rounds: rounds.len() as u32,
                    ..Default::default()
                },
                players,
                forbidden: vec![],
                requested_byes: vec![],
                rounds: rounds
                    .iter()
                    .map(|r| {
                        r.iter()
                            .map(|g| ImportBoard {
                                red: g.0 as u32 + 1,
                                black: Some(g.1 as u32 + 1),
                                games: vec![game(g)],
                            })
                            .collect()
                    })
                    .collect(),
            },
            "test",
        )
        .unwrap();
    app.store_for_tests()
        .set_event_status(id, EventStatus::Finished)
        .unwrap();
}

/// 王天一, 郑惟桐, 许银川, 赵鑫鑫 and a member who never played; two finished
/// round-robins: 11 played games (red 5, draws 3, black 3) and a forfeit.
fn history_club(lang: Lang) -> App {
    history_club_in(App::in_memory(config(lang)).unwrap())
}

/// The same club in `app` (in memory or on a file).
fn history_club_in(mut app: App) -> App {
    use Outcome::*;
    use Termination::*;
    let ids = app
        .store_for_tests()
        .import_members(
            &[
                ("王天一", 2700, "杭州"),
                ("郑惟桐", 2680, "四川"),
                ("许银川", 2650, "广东"),
                ("赵鑫鑫", 2620, "浙江"),
                ("汪洋", 2540, "湖北"),
            ]
            .map(|(n, r, c)| NewMember {
                name: n.into(),
                rating: Some(r),
                club: Some(c.into()),
                ..Default::default()
            }),
            "test",
        )
        .unwrap();
    let four = &ids[..4];
    import(
        &mut app,
        four,
        "春季赛",
        "2024-04-06",
        TimeControl::symmetric(90 * 60_000, 30_000),
        "standard",
        &[
            &[
                (0, 1, RedWin, Some(Resignation), 45, 70, 80),
                (2, 3, Draw, Some(Agreement), 60, 75, 77),
            ],
            &[
                (3, 0, BlackWin, Some(Checkmate), 38, 50, 44),
                (1, 2, RedWin, Some(Time), 70, 88, 101),
            ],
            &[
                (0, 2, Draw, Some(Agreement), 52, 66, 61),
                (3, 1, BlackWin, Some(Resignation), 41, 58, 49),
            ],
        ],
    );
    import(
        &mut app,
        four,
        "秋季快棋",
        "2025-10-11",
        TimeControl::symmetric(15 * 60_000, 10_000),
        "three-point",
        &[
            &[
                (1, 0, Draw, Some(Agreement), 33, 12, 13),
                (3, 2, RedWin, Some(Resignation), 29, 10, 14),
            ],
            &[
                (0, 3, RedWin, Some(Time), 61, 14, 16),
                (2, 1, BlackWin, Some(Checkmate), 47, 15, 11),
            ],
            &[
                (2, 0, RedWin, Some(Resignation), 55, 13, 15),
                (1, 3, BlackForfeits, None, 0, 0, 0),
            ],
        ],
    );
    app
}

/// Opens a member's page through the keys (a fresh search, then Enter).
fn open_member(app: &mut App, m: &mut Model, name: &str) {
    go(app, m, c('/'));
    go(app, m, k(KeyCode::Esc)); // clears an earlier search
    go(app, m, c('/'));
    typed(app, m, name);
    go(app, m, k(KeyCode::Enter)); // ends the search
    go(app, m, k(KeyCode::Enter)); // the member page
}

#[test]
fn member_page_keys() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    assert_eq!(m.handle(k(KeyCode::Enter)), Some(Action::MemberPage));
    assert_eq!(m.handle(c('S')), Some(Action::Statistics));
    open_member(&mut app, &mut m, "王天一");
    let p = m.pages.member.as_ref().expect("the page opens");
    assert_eq!(p.member.name, "王天一");
    let cases = [
        (c('v'), Action::HeadToHead),
        (k(KeyCode::Tab), Action::NextTab),
        (k(KeyCode::Esc), Action::Back),
        (c('q'), Action::Back),
        (c('j'), Action::Down),
        (k(KeyCode::Up), Action::Up),
        (c('?'), Action::Help),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(
        m.handle(c('u')),
        None,
        "nothing to undo on a read-only page"
    );
    assert_eq!(m.handle(c('a')), None, "club keys do not reach through");
    go(&mut app, &mut m, c('v'));
    assert_eq!(m.contexts(), vec![Ctx::Form], "the picker takes text");
    assert_eq!(m.handle(c('q')), Some(Action::Input('q')));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages.member.as_ref().unwrap().picker.is_none());
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages.member.is_none());
    assert_eq!(m.screen, Screen::Club, "Esc goes back to the club");
    assert!(!m.quit);
}

#[test]
fn member_page_lists_every_game_and_scrolls() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    let p = m.pages.member.as_ref().unwrap();
    assert_eq!(p.history.games.len(), 6);
    assert_eq!(p.history.events.len(), 2);
    assert_eq!(p.history.years.len(), 2);
    assert!(p.rating.is_some(), "two finished events: rated");
    for _ in 0..10 {
        go(&mut app, &mut m, c('j'));
    }
    assert_eq!(
        m.pages.member.as_ref().unwrap().sel,
        5,
        "stops at the last game"
    );
    let text = screen(&m);
    assert!(
        text.contains("秋季快棋") && text.contains("许银川"),
        "{text}"
    );
    // A member without games.
    go(&mut app, &mut m, k(KeyCode::Esc));
    open_member(&mut app, &mut m, "汪洋");
    assert!(screen(&m).contains("no games yet"));
}

/// On a club file the member page and the statistics screen are read on
/// the worker: the key returns at once with the busy box drawn, and the page
/// that arrives holds what the event loop reads itself on an in-memory club.
#[test]
fn pages_of_a_club_file_are_read_on_the_worker() {
    let dir = tempfile::tempdir().unwrap();
    let file = App::open(config(Lang::ZhHans), &dir.path().join("club.db")).unwrap();
    let mut app = history_club_in(file);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    assert!(m.job.is_some(), "the page is read on the worker");
    assert!(m.pages.member.is_none() && m.busy.is_some());
    assert!(screen(&m).contains("正在读取"), "the busy box is drawn");
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert!(m.job.is_none() && m.busy.is_none());
    let p = m.pages.member.as_ref().expect("the page arrived");
    let mut mem_app = history_club(Lang::ZhHans);
    let mut mem = Model::load(&mem_app).unwrap();
    open_member(&mut mem_app, &mut mem, "王天一");
    let q = mem.pages.member.as_ref().unwrap();
    assert_eq!(p.member.name, "王天一");
    assert_eq!(p.history.games.len(), 6);
    assert_eq!(p.history, q.history);
    assert_eq!(screen(&m), screen(&mem), "the same page either way");
    // The statistics screen, from the Events screen.
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.screen, Screen::Events);
    go(&mut app, &mut m, c('S'));
    assert!(m.job.is_some() && m.pages.stats.is_none());
    assert!(worker::wait(&mut app, &mut m, Duration::from_secs(60)));
    assert!(m.pages.stats.is_some());
    assert!(!m.status.as_ref().is_some_and(|s| s.1), "{:?}", m.status);
}

#[test]
fn head_to_head_shows_the_right_totals() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    go(&mut app, &mut m, c('v'));
    typed(&mut app, &mut m, "郑");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages.member.as_ref().unwrap();
    let h = p.h2h.as_ref().expect("head-to-head shown");
    assert_eq!(h.b_name, "郑惟桐");
    // 春季赛: 王 (red) beat 郑; 秋季快棋: 郑 (red) drew with 王.
    assert_eq!((h.games, h.a_wins, h.draws, h.b_wins), (2, 1, 1, 0));
    assert_eq!(h.a_score.to_string(), "1.50");
    assert_eq!((h.a_red, h.a_black), ([1, 0, 0], [0, 1, 0]));
    let text = screen(&m);
    assert!(
        text.contains("王天一 v 郑惟桐: 2 games, 1/1/0 (w/d/l), score 1.50"),
        "{text}"
    );
    // No match: a message, the page unchanged.
    go(&mut app, &mut m, c('v'));
    typed(&mut app, &mut m, "nobody");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.status.as_ref().unwrap().1);
    assert_eq!(
        m.pages
            .member
            .as_ref()
            .unwrap()
            .h2h
            .as_ref()
            .unwrap()
            .b_name,
        "郑惟桐"
    );
}

fn member_snapshots(lang: Lang, suffix: &str) {
    let mut app = history_club(lang);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    insta::assert_snapshot!(format!("member_games_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Tab));
    insta::assert_snapshot!(format!("member_events_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Tab));
    insta::assert_snapshot!(format!("member_years_{suffix}"), screen(&m));
    go(&mut app, &mut m, c('v'));
    typed(&mut app, &mut m, "郑");
    go(&mut app, &mut m, k(KeyCode::Enter));
    insta::assert_snapshot!(format!("member_h2h_{suffix}"), screen(&m));
}

#[test]
fn member_page_snapshots_zh_hans() {
    member_snapshots(Lang::ZhHans, "zh_hans");
}

#[test]
fn member_page_snapshots_en() {
    member_snapshots(Lang::En, "en");
}

// ---------------------------------------------------------------------------
// Issue 9: the statistics screen

#[test]
fn statistics_keys() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert_eq!(m.screen, Screen::Events);
    assert_eq!(m.handle(c('S')), Some(Action::Statistics));
    go(&mut app, &mut m, c('S'));
    assert!(m.pages.stats.is_some());
    let cases = [
        (c('f'), Action::Filter),
        (k(KeyCode::Tab), Action::NextTab),
        (k(KeyCode::Esc), Action::Back),
        (c('?'), Action::Help),
    ];
    for (key, want) in cases {
        assert_eq!(m.handle(key), Some(want), "{key:?}");
    }
    assert_eq!(m.handle(c('n')), None, "event keys do not reach through");
    let bar = help_entries(&m.contexts(), true);
    assert!(bar.iter().any(|(_, a)| *a == Action::Filter), "{bar:?}");
    go(&mut app, &mut m, c('f'));
    assert_eq!(m.contexts(), vec![Ctx::Form]);
    assert_eq!(m.handle(c('2')), Some(Action::Input('2')));
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages.stats.is_none());
    assert_eq!(m.screen, Screen::Events);
}

#[test]
fn the_filter_changes_the_counts_and_bad_input_changes_nothing() {
    let mut app = history_club(Lang::En);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('S'));
    let s = &m.pages.stats.as_ref().unwrap().stats;
    assert_eq!((s.games, s.red_wins, s.draws, s.black_wins), (11, 5, 3, 3));
    assert_eq!(s.forfeits, 1);
    assert!(screen(&m).contains("games         11"), "{}", screen(&m));
    // Time control 90+30: the spring event only.
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "90+30");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages.stats.as_ref().unwrap();
    assert!(p.editing.is_none());
    assert_eq!((p.stats.games, p.stats.red_wins, p.stats.draws), (6, 2, 2));
    assert!(screen(&m).contains("games          6"));
    // A bad date: a translated error, the figures kept, still editing.
    go(&mut app, &mut m, c('f'));
    typed(&mut app, &mut m, "2025-13-01");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, err) = m.status.clone().unwrap();
    assert!(err && text.contains("is not a date"), "{text}");
    assert_eq!(m.pages.stats.as_ref().unwrap().stats.games, 6);
    // Esc drops the typed text; from 2025 and no time control: 5 games.
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert_eq!(m.pages.stats.as_ref().unwrap().fields[0], "");
    go(&mut app, &mut m, c('f'));
    typed(&mut app, &mut m, "2025-01-01");
    go(&mut app, &mut m, k(KeyCode::Tab));
    go(&mut app, &mut m, k(KeyCode::Tab));
    for _ in 0.."90+30".len() {
        go(&mut app, &mut m, k(KeyCode::Backspace));
    }
    go(&mut app, &mut m, k(KeyCode::Enter));
    let s = &m.pages.stats.as_ref().unwrap().stats;
    assert_eq!((s.games, s.red_wins, s.draws, s.black_wins), (5, 3, 1, 1));
    // A scheme is chosen with ←/→; typed nonsense is refused.
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::BackTab));
    assert_eq!(m.pages.stats.as_ref().unwrap().editing, Some(3));
    go(&mut app, &mut m, k(KeyCode::Right));
    assert_eq!(m.pages.stats.as_ref().unwrap().fields[3], "standard");
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert_eq!(
        m.pages.stats.as_ref().unwrap().stats.games,
        0,
        "2025 had no standard event"
    );
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::BackTab));
    typed(&mut app, &mut m, "x");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, err) = m.status.clone().unwrap();
    assert!(err && text.contains("not a scoring scheme"), "{text}");
    // From after to.
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('f'));
    go(&mut app, &mut m, k(KeyCode::Tab));
    typed(&mut app, &mut m, "2024-01-01");
    go(&mut app, &mut m, k(KeyCode::Enter));
    let (text, err) = m.status.clone().unwrap();
    assert!(err && text.contains("start date is after"), "{text}");
}

fn stats_snapshots(lang: Lang, suffix: &str) {
    let mut app = history_club(lang);
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('S'));
    insta::assert_snapshot!(format!("stats_overview_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Tab));
    insta::assert_snapshot!(format!("stats_rating_gap_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Tab));
    insta::assert_snapshot!(format!("stats_time_control_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Tab));
    insta::assert_snapshot!(format!("stats_ratings_{suffix}"), screen(&m));
    go(&mut app, &mut m, c('f'));
    typed(&mut app, &mut m, "2025-01-01");
    insta::assert_snapshot!(format!("stats_filter_{suffix}"), screen(&m));
}

#[test]
fn statistics_snapshots_zh_hans() {
    stats_snapshots(Lang::ZhHans, "zh_hans");
}

#[test]
fn statistics_snapshots_en() {
    stats_snapshots(Lang::En, "en");
}

// ---------------------------------------------------------------------------
// The demo club (deterministic): every page reachable by keys, figures
// checked against the store.

#[test]
fn pages_on_the_demo_club() {
    let mut app = App::in_memory(config(Lang::ZhHans)).unwrap();
    qishe::cli::demo::build_demo(&mut app).unwrap();
    let mut m = Model::load(&app).unwrap();
    let first = m.filtered_members("")[0].clone();
    go(&mut app, &mut m, k(KeyCode::Enter));
    let p = m.pages.member.as_ref().expect("the member page opens");
    assert_eq!(p.member.id, first.id);
    let want = app.member_history(&first.id.to_string()).unwrap();
    assert_eq!(p.history, want, "the same history as `qishe player show`");
    let rated = app.rating_list(None).unwrap();
    assert_eq!(
        p.rating.as_ref(),
        rated.rows.iter().find(|r| r.member_id == first.id)
    );
    for _ in 0..4 {
        std::env::var("SHOW")
            .is_ok()
            .then(|| eprintln!("{}", screen(&m)));
        screen(&m);
        go(&mut app, &mut m, k(KeyCode::Tab));
        go(&mut app, &mut m, k(KeyCode::End));
    }
    go(&mut app, &mut m, c('v'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let h = m.pages.member.as_ref().unwrap().h2h.clone().expect("h2h");
    let again = app
        .head_to_head(&h.a.to_string(), &h.b.to_string())
        .unwrap();
    assert_eq!(h, again);
    std::env::var("SHOW")
        .is_ok()
        .then(|| eprintln!("{}", screen(&m)));
    go(&mut app, &mut m, k(KeyCode::Esc));
    assert!(m.pages.member.is_none());
    go(&mut app, &mut m, c('S'));
    let played: u64 = app
        .events()
        .unwrap()
        .iter()
        .flat_map(|e| app.games(e.key(), None).unwrap())
        .filter(|g| g.game.outcome.is_played())
        .count() as u64;
    let page = m.pages.stats.as_ref().unwrap();
    assert_eq!(page.stats.games, played);
    assert_eq!(page.stats, app.stats(&Default::default()).unwrap());
    assert_eq!(page.ratings, app.rating_list(None).unwrap());
    for _ in 0..4 {
        std::env::var("SHOW")
            .is_ok()
            .then(|| eprintln!("{}", screen(&m)));
        screen(&m);
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, k(KeyCode::Esc));
    // The finished Swiss, last round, board 1: a record without a repetition.
    go(&mut app, &mut m, k(KeyCode::Tab));
    let finished = m
        .events
        .iter()
        .position(|e| e.status == EventStatus::Finished)
        .unwrap();
    m.event_sel = finished;
    go(&mut app, &mut m, k(KeyCode::Enter));
    while m.tab != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    m.row_sel = 0;
    go(&mut app, &mut m, c('J'));
    assert!(m.pages.judge.is_none());
    let (text, err) = m.status.clone().unwrap();
    assert!(err && text.contains("棋谱中没有重复局面"), "{text}");
}

#[test]
fn empty_club_and_small_terminals_do_not_break_the_pages() {
    let mut app = App::in_memory(config(Lang::En)).unwrap();
    app.add_member(&NewMember {
        name: "甲".into(),
        ..Default::default()
    })
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, c('S'));
    let s = &m.pages.stats.as_ref().unwrap().stats;
    assert_eq!((s.games, s.red_score.mean), (0, None));
    for _ in 0..4 {
        let text = screen(&m);
        assert!(!text.contains("NaN"), "{text}");
        for (w, h) in [(40, 10), (20, 5), (80, 4)] {
            let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
            t.draw(|f| view(&m, f)).unwrap();
        }
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, k(KeyCode::Tab));
    assert!(screen(&m).contains("no games"), "{}", screen(&m));
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, k(KeyCode::Enter));
    let text = screen(&m);
    assert!(
        text.contains("unrated") && text.contains("no games yet"),
        "{text}"
    );
    // The only member: the head-to-head picker offers nobody.
    go(&mut app, &mut m, c('v'));
    go(&mut app, &mut m, k(KeyCode::Enter));
    assert!(m.status.as_ref().unwrap().1);
    let mut t = Terminal::new(TestBackend::new(30, 6)).unwrap();
    t.draw(|f| view(&m, f)).unwrap();
}

#[test]
fn every_page_is_translated_in_traditional_chinese() {
    let (mut app, mut m, _) = ruling_club(Lang::ZhHant);
    go(&mut app, &mut m, c('J'));
    let text = screen(&m);
    assert!(
        text.contains("重複局面裁決") && text.contains("紅方須變著"),
        "{text}"
    );
    go(&mut app, &mut m, c('?'));
    screen(&m);
    let mut app = history_club(Lang::ZhHant);
    let mut m = Model::load(&app).unwrap();
    open_member(&mut app, &mut m, "王天一");
    for _ in 0..3 {
        assert!(screen(&m).contains("棋社等級分"));
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    go(&mut app, &mut m, k(KeyCode::Esc));
    go(&mut app, &mut m, c('S'));
    for _ in 0..4 {
        assert!(screen(&m).contains("篩選"));
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
}
