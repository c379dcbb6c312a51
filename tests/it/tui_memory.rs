//! The TUI pages over the screen: the repetition ruling dialog of the
//! Results tab, the member page with its head-to-head, and the statistics
//! screen. Keys, updates against a real (in-memory) club, and 80×24
//! snapshots in 简体 and English on small fixed databases.
//!
//! The fixtures and the snapshot helpers live here (insta names a
//! snapshot by the module that takes it); the tests are in the child
//! modules by screen.

use crate::common::tui as tui_helpers;
use qishe::app::{BoardNo, RoundNo};

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
// The ruling dialog

/// Red's chariot checks on a9/a8 for ever, the black king steps e9/e8.
const PERPETUAL_CHECK: &str = r#"[Game "Chinese Chess"]
[FEN "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"]
[Format "ICCS"]

1. a0-a9 e9-e8 2. a9-a8 e8-e9 3. a8-a9 e9-e8 *
"#;

use crate::common::records::{NO_REPEAT, PROTECTED_HORSE};

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
        .create_event_with(
            "周赛",
            chrono::NaiveDate::from_ymd_opt(2026, 3, 7),
            &EventSettings {
                system: PairingSystem::Dutch,
                rounds: 3,
                games_per_round: games,
                ..Default::default()
            },
            qishe::app::NewEventKind::Individual,
        )
        .unwrap();
    let names: Vec<String> = players.iter().map(|p| p.0.to_string()).collect();
    app.enter_players(
        app.find_event("周赛").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    app.pair_next_round(app.find_event("周赛").unwrap().key())
        .unwrap();
    // The secretary typed agreed draws; the records came later.
    for board in 1..=3 {
        for game in 1..=games {
            app.record_result(
                app.find_event("周赛").unwrap().key(),
                RoundNo(1),
                BoardNo(board),
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
    app.attach_record(
        app.find_event("周赛").unwrap().key(),
        RoundNo(1),
        BoardNo(1),
        1,
        PERPETUAL_CHECK.as_bytes(),
    )
    .unwrap();
    if games == 2 {
        app.attach_record(
            app.find_event("周赛").unwrap().key(),
            RoundNo(1),
            BoardNo(1),
            2,
            PROTECTED_HORSE.as_bytes(),
        )
        .unwrap();
    }
    app.attach_record(
        app.find_event("周赛").unwrap().key(),
        RoundNo(1),
        BoardNo(2),
        1,
        PROTECTED_HORSE.as_bytes(),
    )
    .unwrap();
    app.attach_record(
        app.find_event("周赛").unwrap().key(),
        RoundNo(1),
        BoardNo(3),
        1,
        NO_REPEAT.as_bytes(),
    )
    .unwrap();
    let mut m = Model::load(&app).unwrap();
    go(&mut app, &mut m, k(KeyCode::Tab)); // Events
    go(&mut app, &mut m, k(KeyCode::Enter)); // open: the Round tab
    while m.tab() != Tab::Results {
        go(&mut app, &mut m, k(KeyCode::Tab));
    }
    m.select_row(0);
    (app, m, ev.id)
}

fn board_game(app: &App, ev: i64, board: u32) -> Game {
    app.games(qishe::app::EventId(ev), Some(RoundNo(1)))
        .unwrap()
        .into_iter()
        .find(|g| g.round == 1 && g.board == board)
        .unwrap()
        .game
}

fn ruling_snapshots(lang: Lang, suffix: &str) {
    let (mut app, mut m, _) = ruling_club(lang);
    go(&mut app, &mut m, c('J'));
    insta::assert_snapshot!(format!("judge_dialog_{suffix}"), screen(&m));
    go(&mut app, &mut m, k(KeyCode::Enter));
    insta::assert_snapshot!(format!("judge_confirm_{suffix}"), screen(&m));
}

// ---------------------------------------------------------------------------
// A small fixed club history

/// (red, black, outcome, termination, moves, red used min, black used min) by member index.
type G = (usize, usize, Outcome, Option<Termination>, u32, i64, i64);

fn game(g: &G) -> Game {
    let mut x = Game::bare(0, 0, g.2);
    if g.2.is_played() {
        x.facts.termination = g.3;
        x.facts.moves = Some(g.4);
        x.facts.red_used_ms = Some(g.5 * 60_000);
        x.facts.black_used_ms = Some(g.6 * 60_000);
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
        .map(|i| ImportPlayer::member(ids[i], i as u32 + 1, None))
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

mod member;
mod pages;
mod ruling;
mod stats;
