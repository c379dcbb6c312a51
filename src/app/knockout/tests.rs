//! Knockout app rules that need no CLI: placing by hand, when a lot may be drawn.

use super::*;
use crate::app::ResultInput;
use crate::config::Config;
use crate::domain::NewMember;
use crate::domain::{BoardNo, RoundNo};

fn app(n: usize) -> App {
    let mut app = App::in_memory(Config::default()).unwrap();
    for i in 1..=n {
        app.add_member(&NewMember {
            name: format!("S{i}"),
            rating: Some(2000 - i as i32),
            ..Default::default()
        })
        .unwrap();
    }
    let s = EventSettings::default();
    app.create_knockout("K", None, &s, &KnockoutSettings::default(), None)
        .unwrap();
    let names: Vec<String> = (1..=n).map(|i| format!("S{i}")).collect();
    app.enter_players(
        app.find_event("K").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    app
}

#[test]
fn players_placed_by_hand_before_round_one() {
    let mut a = app(3);
    let ev = a.find_event("K").unwrap().key();
    let slots = |a: &App, v: &[&str]| a.find_slots(ev, v).unwrap();
    // Two empty slots in one match, a player twice, the wrong count: refused.
    assert!(a
        .knockout_place(ev, &slots(&a, &["S1", "S2", "bye", "-"]))
        .is_err());
    assert!(a
        .knockout_place(ev, &slots(&a, &["S1", "S1", "S2", "bye"]))
        .is_err());
    assert!(a
        .knockout_place(ev, &slots(&a, &["S1", "S2", "S3"]))
        .is_err());
    a.knockout_place(ev, &slots(&a, &["S3", "bye", "S1", "S2"]))
        .unwrap();
    let r1 = a.knockout_pair(a.find_event("K").unwrap().key()).unwrap();
    assert_eq!(r1[0].a.name, "S3");
    assert!(r1[0].b.is_none());
    assert_eq!(r1[0].decided_by, Some("bye"));
    assert_eq!(
        (
            r1[1].a.name.as_str(),
            r1[1].b.as_ref().unwrap().name.as_str()
        ),
        ("S1", "S2")
    );
    assert_eq!(r1[1].first_red, r1[1].a.id, "the higher seed has red");
    let e = a
        .knockout_place(ev, &slots(&a, &["S1", "S2", "S3", "bye"]))
        .unwrap_err();
    assert!(e.to_string().contains("before round 1"), "{e}");
}

#[test]
fn a_lot_is_refused_unless_the_match_is_tied_at_the_lot_step() {
    let mut a = app(2);
    let mut k = a
        .knockout_settings(&a.store.resolve_event("K").unwrap())
        .unwrap()
        .unwrap();
    k.playoff = vec!["games:1".into(), "lot".into()];
    let json = serde_json::to_string(&k).unwrap();
    let id = a.store.resolve_event("K").unwrap().id;
    a.store.set_knockout_settings(id, &json, "test").unwrap();
    a.knockout_pair(a.find_event("K").unwrap().key()).unwrap();
    let draw = ResultInput {
        outcome: Some(Outcome::Draw),
        game_no: Some(1),
        ..Default::default()
    };
    a.knockout_result(
        a.find_event("K").unwrap().key(),
        RoundNo(1),
        BoardNo(1),
        &draw,
        false,
    )
    .unwrap();
    let e = a
        .knockout_lot(
            a.find_event("K").unwrap().key(),
            RoundNo(1),
            BoardNo(1),
            a.find_entry(a.find_event("K").unwrap().key(), "S1")
                .unwrap()
                .key(),
        )
        .unwrap_err();
    assert!(e.to_string().contains("game 2 is the one due"), "{e}");
    let draw2 = ResultInput {
        game_no: Some(2),
        ..draw.clone()
    };
    a.knockout_result(
        a.find_event("K").unwrap().key(),
        RoundNo(1),
        BoardNo(1),
        &draw2,
        false,
    )
    .unwrap();
    let m = a
        .knockout_lot(
            a.find_event("K").unwrap().key(),
            RoundNo(1),
            BoardNo(1),
            a.find_entry(a.find_event("K").unwrap().key(), "S2")
                .unwrap()
                .key(),
        )
        .unwrap();
    assert_eq!(m.winner.unwrap().name, "S2");
    assert_eq!(m.decided_by, Some("lot"));
    // No further game once the lot decided.
    let draw3 = ResultInput {
        game_no: Some(3),
        ..draw
    };
    assert!(a
        .knockout_result(
            a.find_event("K").unwrap().key(),
            RoundNo(1),
            BoardNo(1),
            &draw3,
            false
        )
        .is_err());
}

#[test]
fn a_stuck_match_says_why_in_the_screens_language_and_english_in_json() {
    let why = crate::i18n::msg!("err.ko.both_out");
    let step = NextStep::Problem(why.clone());
    let zh = step.text(crate::i18n::Lang::ZhHans);
    assert_eq!(zh, why.render(crate::i18n::Lang::ZhHans));
    assert_ne!(zh, why.en(), "the reason is translated, not English");
    let json = serde_json::to_value(&step).unwrap();
    assert_eq!(json, serde_json::json!({ "Problem": why.en() }));
}
