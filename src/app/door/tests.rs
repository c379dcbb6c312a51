//! The door's checks of event settings.

use super::*;
use crate::config::Config;
use crate::domain::NewMember;

fn club() -> App {
    let mut app = App::in_memory(Config::default()).unwrap();
    for (n, x) in [("王天一", "A1"), ("郑惟桐", "B2")] {
        app.add_member(&NewMember {
            name: n.into(),
            ext_id: Some(x.into()),
            ..Default::default()
        })
        .unwrap();
    }
    app
}

#[test]
fn a_knockout_draft_refuses_every_pairing_option() {
    use crate::domain::PairingSystem;
    use crate::i18n::Lang;
    let mut app = club();
    // The round-robin's double and the Chinese method's round 1: a
    // knockout's bracket reads neither.
    for d in [
        EventDraft {
            kind: EventKind::Knockout,
            double: true,
            ..Default::default()
        },
        EventDraft {
            kind: EventKind::Knockout,
            system: Some(PairingSystem::Cxa),
            cxa_round1: Some(2),
            ..Default::default()
        },
    ] {
        let e = app.create_event_of("错", None, &d).unwrap_err();
        assert_eq!(e.msg().key, "err.settings.option_knockout", "{e}");
        assert!(e.to_string().contains("a knockout"), "{e}");
        let zh = e.msg().render(Lang::ZhHans);
        assert!(zh.contains("淘汰赛不用编排选项"), "{zh}");
        let hant = e.msg().render(Lang::ZhHant);
        assert!(hant.contains("淘汰賽不用編排選項"), "{hant}");
        assert!(app.events().unwrap().is_empty(), "nothing is made");
    }
    // Without one, the knockout is made.
    let ok = EventDraft {
        kind: EventKind::Knockout,
        ..Default::default()
    };
    app.create_event_of("杯赛", None, &ok).unwrap();
}

#[test]
fn a_knockout_draft_takes_none_of_the_clubs_default_pairing_options() {
    let mut config = Config::default();
    config.event.pairing_settings.options.first_colour = Some(crate::domain::Colour::Black);
    let mut app = App::in_memory(config).unwrap();
    let ko = EventDraft {
        kind: EventKind::Knockout,
        ..Default::default()
    };
    let ev = app.create_event_of("杯赛", None, &ko).unwrap();
    assert_eq!(
        ev.settings.pairing_settings.options,
        crate::domain::PairingOptions::default()
    );
    // An individual event still takes them.
    let ev = app
        .create_event_of("周赛", None, &EventDraft::default())
        .unwrap();
    assert_eq!(
        ev.settings.pairing_settings.options.first_colour,
        Some(crate::domain::Colour::Black)
    );
}

#[test]
fn a_pairing_option_of_another_system_is_refused_but_a_stored_one_is_kept() {
    use crate::domain::PairingSystem;
    let mut app = club();
    // `--double` is the round-robin's.
    let d = EventDraft {
        system: Some(PairingSystem::Dutch),
        double: true,
        ..Default::default()
    };
    let e = app.create_event_of("错", None, &d).unwrap_err();
    assert_eq!(e.msg().key, "err.settings.option_system");
    assert!(e.to_string().contains("double_round_robin"), "{e}");
    assert!(app.events().unwrap().is_empty());
    // A settings object with the Chinese method's option on a Dutch
    // event: refused at creation...
    let mut s = EventSettings::default();
    s.pairing_settings.options.round1_method = Some(2);
    let e = app.create_event("错", None, &s).unwrap_err();
    assert!(e.to_string().contains("round1_method"), "{e}");
    // ... but a row that already holds one (written by an older
    // qishe) opens and edits as before, the option kept.
    let ev = app
        .create_event("周赛", None, &EventSettings::default())
        .unwrap();
    app.store.update_event(ev.id, "周赛", None, &s).unwrap();
    let ev = app.event(ev.key()).unwrap();
    assert_eq!(ev.settings.pairing_settings.options.round1_method, Some(2));
    let more = EventDraft {
        rounds: Some(9),
        ..Default::default()
    };
    let e = app.edit_event(ev.key(), "周赛二", None, &more).unwrap();
    assert_eq!(e.settings.rounds, 9);
    assert_eq!(e.settings.pairing_settings.options.round1_method, Some(2));
    // Changing the system leaves the old system's own options behind;
    // a Chinese event keeps its method.
    let cxa = EventDraft {
        system: Some(PairingSystem::Cxa),
        ..Default::default()
    };
    let e = app.edit_event(ev.key(), "周赛二", None, &cxa).unwrap();
    assert_eq!(e.settings.pairing_settings.options.round1_method, Some(2));
    let dutch = EventDraft {
        system: Some(PairingSystem::Dutch),
        ..Default::default()
    };
    let e = app.edit_event(ev.key(), "周赛二", None, &dutch).unwrap();
    assert_eq!(e.settings.pairing_settings.options.round1_method, None);
    assert_eq!(e.settings.system, PairingSystem::Dutch);
}

#[test]
fn editing_a_member_to_a_used_id_is_a_keyed_error_and_changes_nothing() {
    let mut app = club();
    let mut m = app.find_member("郑惟桐").unwrap();
    m.ext_id = Some("A1".into());
    let e = app.edit_member(&m).unwrap_err();
    assert_eq!(e.msg().key, "err.store.member_id_taken");
    assert!(!e.to_string().contains("UNIQUE"), "{e}");
    assert_eq!(app.member(m.key()).unwrap().ext_id.as_deref(), Some("B2"));
    // Its own id is not a clash.
    m.ext_id = Some("B2".into());
    m.rating = Some(2600);
    app.edit_member(&m).unwrap();
    assert_eq!(app.member(m.key()).unwrap().rating, Some(2600));
}

#[test]
fn a_two_game_scheme_plays_two_games_unless_told_otherwise() {
    let app = club();
    for scheme in ["two-game", "hu-two-game"] {
        let mut d = EventDraft {
            scheme: Some(scheme.into()),
            ..Default::default()
        };
        assert_eq!(app.event_settings(&d).unwrap().games_per_round, 2);
        d.games_per_round = Some(1);
        assert_eq!(app.event_settings(&d).unwrap().games_per_round, 1);
    }
    let d = EventDraft::default();
    assert_eq!(app.event_settings(&d).unwrap().games_per_round, 1);
}

#[test]
fn zero_rounds_is_refused_once_with_a_key() {
    let mut app = club();
    let d = EventDraft {
        rounds: Some(0),
        ..Default::default()
    };
    assert_eq!(
        app.event_settings(&d).unwrap_err().msg().key,
        "err.app.no_rounds"
    );
    let s = EventSettings {
        rounds: 0,
        ..Default::default()
    };
    let e = app.create_event("E", None, &s).unwrap_err();
    assert_eq!(e.msg().key, "err.app.no_rounds");
    assert!(app.events().unwrap().is_empty());
}

#[test]
fn new_events_start_from_the_config() {
    let mut config = Config::default();
    config.event.rounds = 9;
    config.event.scheme = "draw-0.8".into();
    let app = App::in_memory(config).unwrap();
    let s = app.event_settings(&EventDraft::default()).unwrap();
    assert_eq!((s.rounds, s.scheme.as_str()), (9, "draw-0.8"));
}

#[test]
fn retiring_twice_is_refused() {
    let mut app = club();
    let id = app.find_member("王天一").unwrap().key();
    assert!(app.retire_member(id).unwrap().retired);
    assert_eq!(
        app.retire_member(id).unwrap_err().msg().key,
        "err.app.already_retired"
    );
}
