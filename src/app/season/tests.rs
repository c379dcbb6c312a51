//! The kept final places (`event_places`): what a season reads from them
//! always equals the places computed afresh, through corrections, undo,
//! renamed members and reopened events.

use super::*;
use crate::app::{MemberId, ResultInput};
use crate::config::Config;
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{EventSettings, NewMember, Outcome};

/// Six members; three finished events of four rounds in season "S".
fn club() -> App {
    let mut app = App::in_memory(Config::default()).unwrap();
    for i in 1..=6 {
        app.add_member(&NewMember {
            name: format!("P{i}"),
            rating: Some(1500 + 10 * i),
            ..Default::default()
        })
        .unwrap();
    }
    app.create_season(&crate::app::SeasonDraft {
        name: "S".into(),
        rule: Some("placement:10,8,6,5,4,3".into()),
        ..Default::default()
    })
    .unwrap();
    for w in 1..=3u32 {
        let name = format!("W{w}");
        let settings = EventSettings {
            rounds: 3,
            ..Default::default()
        };
        let e = app.create_event(&name, None, &settings).unwrap();
        let mut csv = String::from("round,red,black,result\n");
        // A round robin of pairs (1-2, 3-4, 5-6), (1-3, 2-5, 4-6), (1-4, 2-6, 3-5).
        let rounds = [
            [(1, 2), (3, 4), (5, 6)],
            [(1, 3), (2, 5), (4, 6)],
            [(1, 4), (2, 6), (3, 5)],
        ];
        for (r, boards) in rounds.iter().enumerate() {
            for (b, (x, y)) in boards.iter().enumerate() {
                let res = ["1-0", "0-1", "1/2-1/2"][(r + b + w as usize) % 3];
                csv.push_str(&format!("{},P{x},P{y},{res}\n", r + 1));
            }
        }
        app.import_games(
            app.find_event(&name).unwrap().key(),
            csv.as_bytes(),
            "week.csv",
        )
        .unwrap();
        app.finish_event(EventId(e.id), false).unwrap();
        app.season_add_event(
            app.find_season("S").unwrap(),
            app.find_event(&name).unwrap().key(),
            None,
        )
        .unwrap();
    }
    app
}

fn kept_rows(app: &App) -> Vec<i64> {
    app.store
        .conn_for_tests()
        .prepare("SELECT event_id FROM event_places ORDER BY event_id")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .map(|r| r.unwrap())
        .collect()
}

/// Every kept row equals the event's places computed afresh.
fn assert_kept_rows_true(app: &App) {
    for id in kept_rows(app) {
        let kept = app.store.kept_event_places(&[id]).unwrap();
        let fresh = app.final_places_fresh(id).unwrap();
        assert_eq!(kept.get(&id), Some(&fresh), "event {id}");
    }
}

fn flip(app: &mut App, event: &str, round: u32, board: u32) {
    let g = app
        .games(EventId(app.find_event(event).unwrap().id), None)
        .unwrap()
        .into_iter()
        .find(|g| g.round == round && g.board == board)
        .unwrap();
    let outcome = match g.game.outcome {
        Outcome::RedWin => Outcome::BlackWin,
        _ => Outcome::RedWin,
    };
    let input = ResultInput {
        outcome: Some(outcome),
        ..Default::default()
    };
    app.record_result(
        app.find_event(event).unwrap().key(),
        RoundNo(round),
        BoardNo(board),
        &input,
    )
    .unwrap();
}

#[test]
fn a_corrected_result_of_a_finished_event_changes_the_kept_season() {
    let mut app = club();
    assert!(kept_rows(&app).is_empty());
    let t0 = app.season_standings(app.find_season("S").unwrap()).unwrap();
    let ids: Vec<i64> = t0.info.events.iter().map(|e| e.event_id).collect();
    assert_eq!(kept_rows(&app), ids, "the first read keeps every event");
    assert_kept_rows_true(&app);
    assert_eq!(
        app.season_standings(app.find_season("S").unwrap()).unwrap(),
        t0,
        "read from the kept rows"
    );

    // A corrected result drops that event's row only, in the same write.
    flip(&mut app, "W2", 1, 1);
    assert_eq!(kept_rows(&app), vec![ids[0], ids[2]]);
    let t1 = app.season_standings(app.find_season("S").unwrap()).unwrap();
    assert_ne!(t1, t0, "the correction moves the season");
    assert_eq!(kept_rows(&app), ids);
    assert_kept_rows_true(&app);

    // Undo drops it again, and the season is as before; redo as after.
    app.undo().unwrap();
    assert_eq!(kept_rows(&app), vec![ids[0], ids[2]]);
    assert_eq!(
        app.season_standings(app.find_season("S").unwrap()).unwrap(),
        t0,
        "undo restores"
    );
    assert_kept_rows_true(&app);
    app.redo().unwrap();
    assert_eq!(
        app.season_standings(app.find_season("S").unwrap()).unwrap(),
        t1,
        "redo corrects again"
    );
    assert_kept_rows_true(&app);

    // A renamed member: his events' rows go, the table shows the new name.
    let mut m = app.member(MemberId(1)).unwrap();
    m.name = "P1 renamed".into();
    app.edit_member(&m).unwrap();
    assert!(kept_rows(&app).is_empty(), "P1 played every event");
    let t2 = app.season_standings(app.find_season("S").unwrap()).unwrap();
    assert!(t2.standings.rows.iter().any(|r| r.name == "P1 renamed"));
    assert_kept_rows_true(&app);

    // A reopened event counts for nothing; finished again it counts again.
    app.set_event_status(EventId(ids[1]), EventStatus::Running)
        .unwrap();
    assert_eq!(kept_rows(&app), vec![ids[0], ids[2]]);
    let t3 = app.season_standings(app.find_season("S").unwrap()).unwrap();
    assert_ne!(t3, t2);
    app.undo().unwrap();
    assert_eq!(
        app.season_standings(app.find_season("S").unwrap()).unwrap(),
        t2
    );
    assert_kept_rows_true(&app);
}

/// A kept row is read only while every trigger that keeps it true exists,
/// and a damaged one is computed again.
#[test]
fn kept_places_are_not_trusted_without_their_triggers_or_when_damaged() {
    let app = club();
    let t0 = app.season_standings(app.find_season("S").unwrap()).unwrap();
    let conn = app.store.conn_for_tests();
    conn.execute_batch("UPDATE event_places SET data = x'01ff'")
        .unwrap();
    assert_eq!(
        app.season_standings(app.find_season("S").unwrap()).unwrap(),
        t0,
        "damaged: computed"
    );
    assert_kept_rows_true(&app);
    // As if a later migration had rebuilt the game table without them.
    conn.execute_batch(
        "DROP TRIGGER event_places_game_upd;
         UPDATE game SET outcome = '1-0' WHERE outcome = '0-1';",
    )
    .unwrap();
    assert_eq!(kept_rows(&app).len(), 3, "the change went unseen");
    let t1 = app.season_standings(app.find_season("S").unwrap()).unwrap();
    assert_ne!(t1, t0, "computed afresh, not read from the stale rows");
    let fresh = app.final_places_fresh(t1.info.events[0].event_id).unwrap();
    let kept = app
        .store
        .kept_event_places(&[t1.info.events[0].event_id])
        .unwrap();
    assert!(kept.is_empty(), "not trusted");
    assert!(!fresh.is_empty());
}

/// The member page's points per event: from the kept final places once
/// kept, equal to those computed with none kept, and a correction shows.
#[test]
fn the_member_page_points_come_from_the_kept_places_and_follow_a_correction() {
    let mut app = club();
    let ids: Vec<i64> = app
        .season_standings(app.find_season("S").unwrap())
        .unwrap()
        .info
        .events
        .iter()
        .map(|e| e.event_id)
        .collect();
    let keys: Vec<EventId> = ids.iter().map(|&id| EventId(id)).collect();
    let p1 = MemberId(1);
    let from_kept = app.member_event_points(p1, &keys).unwrap();
    assert_eq!(from_kept.len(), 3);
    let conn = app.store.conn_for_tests();
    conn.execute_batch("DELETE FROM event_places").unwrap();
    assert_eq!(app.member_event_points(p1, &keys).unwrap(), from_kept);
    assert_eq!(kept_rows(&app), ids, "kept by the member page too");
    // P1 has red on round 1, board 1 of W2: a draw there (1/2) becomes a
    // win (1), one point more under the standard scheme's 2/1/0.
    flip(&mut app, "W2", 1, 1);
    let after = app.member_event_points(p1, &keys).unwrap();
    assert_eq!(after[&keys[0]], from_kept[&keys[0]]);
    assert_ne!(after[&keys[1]], from_kept[&keys[1]]);
    app.store
        .conn_for_tests()
        .execute_batch("DELETE FROM event_places")
        .unwrap();
    assert_eq!(app.member_event_points(p1, &keys).unwrap(), after);
    app.undo().unwrap();
    assert_eq!(app.member_event_points(p1, &keys).unwrap(), from_kept);
}

#[test]
fn a_season_is_found_once_by_name_or_id_and_then_held_by_its_typed_id() {
    let mut app = App::in_memory(Config::default()).unwrap();
    let draft = |name: &str| crate::app::SeasonDraft {
        name: name.into(),
        ..Default::default()
    };
    let a = app.create_season(&draft("A")).unwrap();
    // A season named like the other's id: a name comes first when typed,
    // but a typed id is never read as a name.
    let one = app.create_season(&draft(&a.id.to_string())).unwrap();
    assert_ne!(a.id, one.id);
    assert_eq!(app.find_season("A").unwrap(), a.key());
    assert_eq!(app.find_season(&a.id.to_string()).unwrap(), one.key());
    assert_eq!(app.find_season(&one.id.to_string()).unwrap(), one.key());
    assert_eq!(app.season(a.key()).unwrap().name, "A");
    assert_eq!(app.season_standings(a.key()).unwrap().info.name, "A");
    let e = app.find_season("nope").unwrap_err();
    assert!(e.to_string().contains("no season \"nope\""), "{e}");
    app.delete_season(a.key()).unwrap();
    assert_eq!(app.seasons().unwrap().len(), 1);
    assert_eq!(app.seasons().unwrap()[0].key(), one.key());
}
