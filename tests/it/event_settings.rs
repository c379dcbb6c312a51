//! An event's typed settings against the database column they are kept
//! in (`event.pairing_settings`, one JSON object): what earlier versions
//! stored reads the same, and a key this version does not know is
//! refused by name and left in place.

use crate::common::Club;
use qishe::app::{App, EventId};
use qishe::config::Config;
use qishe::domain::{Acceleration, ClubApart, Colour, Points, TrfByes};
use serde_json::json;

fn column(c: &Club) -> String {
    rusqlite::Connection::open(&c.db)
        .unwrap()
        .query_row(
            "SELECT pairing_settings FROM event WHERE name='T'",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

fn store(c: &Club, text: &str) {
    rusqlite::Connection::open(&c.db)
        .unwrap()
        .execute(
            "UPDATE event SET pairing_settings=?1 WHERE name='T'",
            [text],
        )
        .unwrap();
}

fn club_with_event() -> Club {
    let c = Club::new();
    c.ok(&["init"]);
    c.ok(&["event", "new", "T", "--rounds", "5"]);
    c
}

/// Every key as earlier versions wrote it (`serde_json::Map` by name).
fn earlier_object() -> serde_json::Value {
    json!({
        "double_round_robin": true,
        "first_colour": "black",
        "clubmates": "absolute",
        "round_robin_bye_scores": true,
        "acceleration": "baku",
        "virtual_points": {"1": [100, 100, 50]},
        "round1_method": 2,
        "last_rounds_threshold": 100,
        "qualified_after": [4, 700],
        "upper_half": [1, 3],
        "entry_pin": "2468",
        "serve_lan": true,
        "serve_port": 8765,
        "round_starts": {"2": "2026-12-12T14:00"},
        "identity": {"venue": "少年宫", "chief_arbiter": "王"},
        "trf_byes": "240"
    })
}

#[test]
fn settings_stored_by_earlier_versions_read_the_same_and_write_back_unchanged() {
    let c = club_with_event();
    let old = earlier_object();
    store(&c, &old.to_string());
    let mut app = App::open(Config::default(), &c.db).unwrap();
    let ev = app.find_event("T").unwrap();
    let s = &ev.settings.pairing_settings;
    assert!(s.options.double_round_robin());
    assert_eq!(s.options.first_colour(), Colour::Black);
    assert_eq!(s.options.clubmates(), ClubApart::Absolute);
    assert!(s.options.round_robin_bye_scores());
    assert_eq!(s.options.acceleration, Some(Acceleration::Baku));
    assert_eq!(
        s.options.virtual_points.as_ref().unwrap()[&1],
        vec![Points(100), Points(100), Points(50)]
    );
    assert_eq!(s.options.round1_method, Some(2));
    assert_eq!(s.options.qualified_after, Some((4, Points(700))));
    assert_eq!(s.extras.trf_byes, Some(TrfByes::Records240));
    // Through the App's readers.
    let id = EventId(ev.id);
    assert_eq!(app.entry_pin(id).unwrap().as_deref(), Some("2468"));
    let serve = app.serve_choice(id).unwrap();
    assert_eq!((serve.lan, serve.port), (true, 8765));
    assert_eq!(
        qishe::app::schedule::round_start(&ev, qishe::domain::RoundNo(2))
            .unwrap()
            .to_string(),
        "2026-12-12 14:00:00"
    );
    assert_eq!(
        app.event_identity(id).unwrap().venue.as_deref(),
        Some("少年宫")
    );
    let cfg = app.pairing_config(&ev).unwrap();
    assert!(cfg.double_round_robin);
    assert_eq!(cfg.cxa.round1_method, 2);
    assert_eq!(cfg.cxa.last_rounds_threshold, Points(100));
    assert_eq!(cfg.cxa.upper_half, vec![1, 3]);
    // A write of one setting keeps every other key as it was stored.
    app.set_entry_pin(id, Some("1357")).unwrap();
    let mut want = old.clone();
    want["entry_pin"] = json!("1357");
    let now: serde_json::Value = serde_json::from_str(&column(&c)).unwrap();
    assert_eq!(now, want);
    // And undoing it gives the stored object back.
    app.undo().unwrap();
    let now: serde_json::Value = serde_json::from_str(&column(&c)).unwrap();
    assert_eq!(now, old);
}

#[test]
fn an_unknown_stored_setting_is_refused_by_name_and_left_in_place() {
    let c = club_with_event();
    let text = r#"{"round1_method":2,"pairing_magic":true}"#;
    store(&c, text);
    for args in [&["event", "show", "T"][..], &["event", "list"][..]] {
        let err = c.fails(args);
        assert!(err.contains("pairing_magic"), "{args:?}: {err}");
        assert!(err.contains("unknown setting"), "{args:?}: {err}");
    }
    // A write is refused too, and the column is as it was.
    c.fails(&["result", "pin", "T", "1234"]);
    assert_eq!(column(&c), text);
    // In Chinese too.
    let o = c.run_lang("zh_CN.UTF-8", &["event", "show", "T"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("未知的设置项 \"pairing_magic\""), "{err}");
}

#[test]
fn a_wrong_stored_value_names_its_key() {
    let c = club_with_event();
    store(&c, r#"{"first_colour":"green"}"#);
    let err = c.fails(&["event", "show", "T"]);
    assert!(err.contains("first_colour"), "{err}");
}

/// `event show` says the tie-break order the event ranks by: its own
/// list, else its kind's default (the scheme's for an individual event,
/// the team default for a team event), and a team event's boards per
/// match; in each of the three languages.
#[test]
fn event_show_prints_the_effective_tiebreaks_and_a_team_events_boards() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "周赛", "--scheme", "draw-0.8", "--rounds", "5",
    ]);
    c.ok(&["event", "new", "快棋", "--tiebreaks", "wins,opponent-score"]);
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "6", "--scheme", "standard", "--system",
        "berger", "--rounds", "3",
    ]);
    let codes = |v: Vec<String>| v.join(", ");
    let draw08 = codes(
        qishe::scoring::TieBreaks::Individual(
            qishe::scoring::Scheme::from_id("draw-0.8", &Default::default())
                .unwrap()
                .default_tiebreaks(),
        )
        .codes(),
    );
    let team = codes(
        qishe::scoring::TieBreaks::Team(qishe::scoring::team::TeamTieBreak::DEFAULT.to_vec())
            .codes(),
    );
    assert!(!draw08.is_empty() && !team.is_empty());
    use qishe::i18n::Lang;
    for (locale, label, boards, lang) in [
        ("zh_CN.UTF-8", "破同分", "每场台数", Lang::ZhHans),
        ("zh_TW.UTF-8", "破同分", "每場台數", Lang::ZhHant),
        ("en_US.UTF-8", "tie-breaks", "boards per match", Lang::En),
    ] {
        // Chinese names the tie-breaks; English keeps the codes.
        let named = |list: &str| {
            list.split(", ")
                .map(|c| match qishe::scoring::TieBreak::parse(c) {
                    Ok(t) if lang != Lang::En => t.name(lang, true),
                    _ => c.to_string(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        // A team event's by its standings columns' names.
        let team_named = |list: &str| {
            list.split(", ")
                .map(|c| match lang {
                    Lang::En => c.to_string(),
                    _ => qishe::i18n::tr(lang, &format!("tb.team.{c}")).to_string(),
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (draw08, team) = (named(&draw08), team_named(&team));
        let show = |e: &str| {
            let o = c.run_lang(locale, &["event", "show", e]);
            assert!(o.status.success(), "{locale} {e}");
            String::from_utf8_lossy(&o.stdout).to_string()
        };
        let s = show("周赛");
        assert!(
            s.contains(&format!("  {label} {draw08}\n")),
            "{locale}: {s}"
        );
        assert!(!s.contains(boards), "{locale}: {s}");
        let s = show("快棋");
        assert!(
            s.contains(&format!("  {label} {}\n", named("wins, opponent-score"))),
            "{locale}: {s}"
        );
        let s = show("联赛");
        assert!(s.contains(&format!("  {label} {team}\n")), "{locale}: {s}");
        assert!(s.contains(&format!("  {boards} 6\n")), "{locale}: {s}");
    }
}

/// `event new` refuses an option the kind of event has no use for (a
/// knockout's on a Swiss, a Swiss's or team event's on a knockout), in
/// each language, before the club is even created; the same options on
/// the kind they belong to are taken.
#[test]
fn event_new_refuses_an_option_of_another_kind_and_creates_nothing() {
    let c = Club::new();
    for (locale, on_swiss, on_knockout) in [
        ("zh_CN.UTF-8", "是淘汰赛的选项", "不适用于淘汰赛"),
        ("zh_TW.UTF-8", "是淘汰賽的選項", "不適用於淘汰賽"),
        (
            "en_US.UTF-8",
            "is a knockout's option",
            "does not apply to a knockout",
        ),
    ] {
        for (args, option, says) in [
            (&["--third-place"][..], "--third-place", on_swiss),
            (
                &["--rounds", "5", "--playoff", "games:2"][..],
                "--playoff",
                on_swiss,
            ),
            (
                &["--teams", "--seed-from", "A", "--top", "4"][..],
                "--seed-from",
                on_swiss,
            ),
            (
                &["--system", "knockout", "--double"][..],
                "--double",
                on_knockout,
            ),
            (
                &["--system", "knockout", "--acceleration", "baku"][..],
                "--acceleration",
                on_knockout,
            ),
            (
                &["--system", "knockout", "--teams"][..],
                "--teams",
                on_knockout,
            ),
        ] {
            let mut all = vec!["event", "new", "X"];
            all.extend_from_slice(args);
            let o = c.run_lang(locale, &all);
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(!o.status.success(), "{locale} {all:?}");
            assert!(
                err.contains(option) && err.contains(says),
                "{locale} {all:?}: {err}"
            );
        }
    }
    assert!(!c.db.exists(), "a refused event new created the club");
    c.ok(&[
        "event",
        "new",
        "KO",
        "--system",
        "knockout",
        "--third-place",
    ]);
    c.ok(&[
        "event", "new", "S", "--rounds", "5", "--double", "--system", "berger",
    ]);
    // A knockout's rounds follow from its entries: --rounds is noted.
    let o = c.run_lang(
        "en_US.UTF-8",
        &[
            "event", "new", "KO2", "--system", "knockout", "--rounds", "4",
        ],
    );
    assert!(o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--rounds is not used by a knockout"), "{err}");
    let list = c.ok(&["event", "list"]);
    assert!(list.contains("KO2") && list.contains('S'), "{list}");
}
