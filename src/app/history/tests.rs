use super::*;
use crate::app::ResultInput;
use crate::config::Config;
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{EventSettings, EventStatus, Game, NewMember, Outcome};
use crate::store::{ImportBoard, ImportEvent, ImportPlayer};

fn event(app: &mut App, name: &str, date: Option<&str>, finished: bool) -> i64 {
    let ids = app
        .store
        .import_members(
            &[
                NewMember {
                    name: format!("{name} red"),
                    rating: Some(1600),
                    ..Default::default()
                },
                NewMember {
                    name: format!("{name} black"),
                    rating: Some(1600),
                    ..Default::default()
                },
            ],
            "t",
        )
        .unwrap();
    let player = |i: usize| ImportPlayer::member(ids[i], i as u32 + 1, None);
    let id = app
        .store
        .import_event(
            &ImportEvent {
                name: name.into(),
                date: date.map(|d| d.parse().unwrap()),
                settings: EventSettings::default(),
                players: vec![player(0), player(1)],
                forbidden: vec![],
                requested_byes: vec![],
                rounds: vec![vec![ImportBoard {
                    red: 1,
                    black: Some(2),
                    games: vec![Game::bare(0, 0, Outcome::RedWin)],
                }]],
            },
            "t",
        )
        .unwrap();
    if finished {
        app.store
            .set_event_status(id, EventStatus::Finished)
            .unwrap();
    }
    id
}

/// A small generated club: 8 finished events of 9 players (a bye each
/// round) over 4 rounds among 24 members, some unrated.
fn small_club() -> App {
    let mut app = App::in_memory(Config::default()).unwrap();
    let spec = HistorySpec {
        members: 24,
        events: 8,
        players_per_event: 9,
        rounds: 4,
        seed: 5,
        ..HistorySpec::default()
    };
    build_history_db(&mut app.store, &spec).unwrap();
    app
}

fn kept_copies(app: &App) -> i64 {
    app.store
        .conn_for_tests()
        .query_row("SELECT count(*) FROM history_games", [], |r| r.get(0))
        .unwrap()
}

/// The club history read through the kept copies equals the direct
/// query, and so do the rating list, the statistics and member pages.
fn assert_kept_equals_scratch(app: &App) -> (RatingList, Stats) {
    let kept = app.store.history(None).unwrap();
    let scratch = app.store.history_from_scratch(None).unwrap();
    assert_eq!(kept, scratch);
    let list = app.rating_list(None).unwrap();
    let s = &app.config.ratings;
    assert_eq!(
        list,
        rating_list(&scratch, &compute_ratings(&scratch, s, None), None)
    );
    let st = app.stats(&StatsFilter::default()).unwrap();
    assert_eq!(st, stats(&stat_games(&scratch, s, |_| true)));
    for m in [1, 7, 24] {
        assert_eq!(
            app.store.history(Some(m)).unwrap(),
            app.store.history_from_scratch(Some(m)).unwrap(),
            "member {m}"
        );
    }
    (list, st)
}

fn flipped(app: &App, event: &str, round: u32, board: u32) -> ResultInput {
    let g = app
        .games(crate::app::EventId(app.find_event(event).unwrap().id), None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == round && g.board == board)
        .unwrap();
    let outcome = match g.game.outcome {
        Outcome::RedWin => Outcome::BlackWin,
        _ => Outcome::RedWin,
    };
    ResultInput {
        outcome: Some(outcome),
        ..Default::default()
    }
}

/// Corrects a result: board `board` of round `round` of `event` gets the
/// other side's win (a draw or a black win becomes a red win).
fn correct(app: &mut App, event: &str, round: u32, board: u32) {
    let input = flipped(app, event, round, board);
    app.record_result(
        app.find_event(event).unwrap().key(),
        RoundNo(round),
        BoardNo(board),
        &input,
    )
    .unwrap();
}

#[test]
fn kept_history_equals_the_direct_query_through_corrections_undo_and_redo() {
    let mut app = small_club();
    assert_eq!(kept_copies(&app), 0);
    let (list0, stats0) = assert_kept_equals_scratch(&app);
    assert_eq!(kept_copies(&app), 8, "the first read keeps every event");
    assert!(stats0.games > 100 && list0.rows.len() > 10);

    // A corrected result in a finished event drops that event's copy
    // in the same transaction; the next read rebuilds it.
    let ev = app.history().unwrap().events[2].name.clone();
    correct(&mut app, &ev, 2, 1);
    assert_eq!(kept_copies(&app), 7);
    let (list1, stats1) = assert_kept_equals_scratch(&app);
    assert_ne!(list1, list0, "the correction moves ratings");
    assert_ne!(stats1, stats0);

    app.undo().unwrap();
    let (list2, stats2) = assert_kept_equals_scratch(&app);
    assert_eq!((&list2, &stats2), (&list0, &stats0), "undo restores");
    app.redo().unwrap();
    let (list3, _) = assert_kept_equals_scratch(&app);
    assert_eq!(list3, list1, "redo repeats the correction");

    // Reopening an event takes it out of the ratings (events are read live).
    let id = app.find_event(&ev).unwrap().id;
    app.set_event_status(crate::app::EventId(id), EventStatus::Running)
        .unwrap();
    let (list4, _) = assert_kept_equals_scratch(&app);
    assert_ne!(list4, list3);
    app.undo().unwrap();
    assert_eq!(assert_kept_equals_scratch(&app).0, list3);
    assert_eq!(kept_copies(&app), 8);
}

/// The Statistics screen's one replay gives what the two answers give
/// apart, with and without filters.
#[test]
fn stats_and_ratings_together_equal_each_alone() {
    let mut app = small_club();
    // One event still running: it counts in the statistics only.
    let running = event(&mut app, "running", Some("2030-01-01"), false);
    let h = app.history().unwrap();
    let filters = [
        StatsFilter::default(),
        StatsFilter {
            from: Some(h.events[3].date),
            ..Default::default()
        },
        StatsFilter {
            to: Some(h.events[4].date),
            ..Default::default()
        },
        StatsFilter {
            events: vec![running.to_string(), h.events[1].id.to_string()],
            ..Default::default()
        },
    ];
    for f in &filters {
        let both = app.stats_and_ratings_in(&h, f).unwrap();
        let apart = (app.stats_in(&h, f).unwrap(), app.rating_list_in(&h, f.to));
        assert_eq!(both, apart, "{f:?}");
        assert!(both.1.events > 0 && both.0.games > 0, "{f:?}");
    }
}

#[test]
fn copies_are_not_trusted_when_a_trigger_that_keeps_them_is_gone() {
    let app = small_club();
    assert_kept_equals_scratch(&app);
    // As if a later migration had rebuilt the game table without them.
    app.store
        .conn_for_tests()
        .execute_batch(
            "DROP TRIGGER history_games_game_upd;
             UPDATE game SET outcome = '1-0' WHERE outcome = '0-1';",
        )
        .unwrap();
    let (_, st) = assert_kept_equals_scratch(&app);
    assert_eq!(st.black_wins, 0);
}

#[test]
fn events_without_a_date_order_by_creation_and_only_finished_ones_rate() {
    let mut app = App::in_memory(Config::default()).unwrap();
    let late = event(&mut app, "late", Some("2999-01-01"), true);
    let undated = event(&mut app, "undated", None, true);
    let early = event(&mut app, "early", Some("2001-01-01"), true);
    let running = event(&mut app, "running", Some("2002-01-01"), false);
    let h = app.history().unwrap();
    let order: Vec<i64> = h.events.iter().map(|e| e.id).collect();
    // the undated event counts on the day it was created (today)
    assert_eq!(order, vec![early, running, undated, late]);
    let list = app.rating_list(None).unwrap();
    assert_eq!(list.events, 3, "the running event does not rate");
    let top = &list.rows[0];
    assert_eq!((top.rating, top.last_change), (1620, 20));
    assert!(list.rows.iter().all(|r| r.changes.len() == 1));
    // but its game is in the statistics
    assert_eq!(app.stats(&StatsFilter::default()).unwrap().games, 4);
}

fn kept_replays(app: &App) -> i64 {
    app.store
        .conn_for_tests()
        .query_row(
            "SELECT count(*) FROM rating_replay WHERE settings NOT LIKE 'stats %'",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// The rating list of now comes from the kept replay once it is read; a
/// corrected result of a finished event drops the replay in the same
/// transaction, and the next list shows the correction (never a stale list).
#[test]
fn a_corrected_result_of_a_finished_event_changes_the_kept_rating_list() {
    let mut app = small_club();
    assert_eq!(kept_replays(&app), 0);
    let list0 = app.rating_list(None).unwrap();
    assert_eq!(kept_replays(&app), 1, "the first list keeps its replay");
    assert_eq!(
        app.rating_list(None).unwrap(),
        list0,
        "read from the kept replay"
    );
    let stats0 = app.stats(&StatsFilter::default()).unwrap();

    let ev = app.history().unwrap().events[5].name.clone();
    correct(&mut app, &ev, 3, 1);
    assert_eq!(kept_replays(&app), 0, "the correction drops the replay");
    let list1 = app.rating_list(None).unwrap();
    assert_ne!(list1, list0, "the corrected result moves ratings");
    let scratch = app.store.history_from_scratch(None).unwrap();
    let s = &app.config.ratings;
    assert_eq!(
        list1,
        rating_list(&scratch, &compute_ratings(&scratch, s, None), None)
    );
    assert_ne!(app.stats(&StatsFilter::default()).unwrap(), stats0);

    // A new member, a renamed one, a reopened event: each drops it too.
    app.add_member(&NewMember {
        name: "newcomer".into(),
        rating: Some(1700),
        ..Default::default()
    })
    .unwrap();
    assert_eq!(kept_replays(&app), 0);
    app.rating_list(None).unwrap();
    let id = app.find_event(&ev).unwrap().id;
    app.set_event_status(crate::app::EventId(id), EventStatus::Running)
        .unwrap();
    assert_eq!(kept_replays(&app), 0);
    let reopened = app.rating_list(None).unwrap();
    assert_eq!(reopened.events, list1.events - 1);
    app.undo().unwrap();
    assert_eq!(app.rating_list(None).unwrap(), list1, "undo restores");
}

/// A kept replay is read only while every trigger that keeps it true
/// exists, and a damaged one is replayed again.
#[test]
fn a_kept_replay_is_not_trusted_without_its_triggers_or_when_damaged() {
    let app = small_club();
    let list0 = app.rating_list(None).unwrap();
    let conn = app.store.conn_for_tests();
    conn.execute_batch("UPDATE rating_replay SET data = x'01ff'")
        .unwrap();
    assert_eq!(app.rating_list(None).unwrap(), list0, "damaged: replayed");
    // As if a later migration had rebuilt the game table without them.
    conn.execute_batch(
        "DROP TRIGGER rating_replay_game_upd;
         UPDATE game SET outcome = '1-0' WHERE outcome = '0-1';",
    )
    .unwrap();
    assert_eq!(kept_replays(&app), 1, "the change went unseen");
    let list1 = app.rating_list(None).unwrap();
    assert_ne!(list1, list0);
    let scratch = app.store.history_from_scratch(None).unwrap();
    assert_eq!(
        list1,
        rating_list(
            &scratch,
            &compute_ratings(&scratch, &app.config.ratings, None),
            None
        )
    );
}

/// The statistics from the kept replay equal those of a fresh replay,
/// with and without filters, and so does the Statistics screen's pair.
#[test]
fn statistics_from_the_kept_replay_equal_a_fresh_replay() {
    let mut app = small_club();
    let running = event(&mut app, "running", Some("2030-01-01"), false);
    let h = app.history().unwrap();
    let filters = [
        StatsFilter::default(),
        StatsFilter {
            from: Some(h.events[3].date),
            ..Default::default()
        },
        StatsFilter {
            to: Some(h.events[4].date),
            ..Default::default()
        },
        StatsFilter {
            events: vec![running.to_string(), h.events[1].id.to_string()],
            ..Default::default()
        },
    ];
    for f in &filters {
        for _ in 0..2 {
            let fresh = app.stats_and_ratings_in(&h, f).unwrap();
            assert_eq!(app.stats(f).unwrap(), fresh.0, "{f:?}");
            assert_eq!(app.stats_and_ratings(f).unwrap(), fresh, "{f:?}");
        }
    }
    assert_eq!(kept_replays(&app), 1);
}

fn kept_tallies(app: &App) -> i64 {
    app.store
        .conn_for_tests()
        .query_row(
            "SELECT count(*) FROM rating_replay WHERE settings LIKE 'stats %'",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// The statistics come from each event's kept tally once read; a
/// corrected result of a finished event drops the tallies in the same
/// transaction, the next statistics equal a fresh walk over the games, and
/// undo brings back the first figures.
#[test]
fn a_corrected_result_of_a_finished_event_changes_the_kept_statistics() {
    let mut app = small_club();
    let f = StatsFilter::default();
    assert_eq!(kept_tallies(&app), 0);
    let s0 = app.stats(&f).unwrap();
    assert_eq!(
        kept_tallies(&app),
        1,
        "the first statistics keep the tallies"
    );
    assert_eq!(app.stats(&f).unwrap(), s0, "read from the kept tallies");
    let h = app.history().unwrap();
    assert_eq!(s0, app.stats_and_ratings_in(&h, &f).unwrap().0);

    let ev = h.events[5].name.clone();
    correct(&mut app, &ev, 3, 1);
    assert_eq!(kept_tallies(&app), 0, "the correction drops the tallies");
    let s1 = app.stats(&f).unwrap();
    assert_ne!(s1, s0, "the corrected result moves the statistics");
    let scratch = app.store.history_from_scratch(None).unwrap();
    assert_eq!(s1, app.stats_and_ratings_in(&scratch, &f).unwrap().0);
    app.undo().unwrap();
    assert_eq!(kept_tallies(&app), 0, "undo drops them too");
    assert_eq!(app.stats(&f).unwrap(), s0, "undo restores");
}
