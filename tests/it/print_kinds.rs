//! Printing refuses, at the app's door, a document the event's kind does
//! not print (`DocKind::offered`): a knockout's or a team event's wall
//! chart, prize sheet or certificates, an individual event's bracket. The
//! CLI says so with exit status 1 and writes no file; every front end
//! reaches the same refusal through `App::print_doc`.

use crate::common::Club;
use qishe::app::print::DocKind;
use qishe::app::{App, AppError, EventKind};
use qishe::config::Config;
use qishe::domain::{EventSettings, PairingSystem, TeamSettings};
use qishe::i18n::Lang;

/// A club with a four-player knockout 杯赛 and a two-board Swiss team
/// event 联赛 of two teams.
fn club() -> Club {
    let c = Club::new();
    for i in 1..=4 {
        c.ok(&["player", "add", &format!("S{i}"), "--rating", "2000"]);
    }
    c.ok(&["event", "new", "杯赛", "--system", "knockout"]);
    c.ok(&["event", "enter", "杯赛", "S1", "S2", "S3", "S4"]);
    c.ok(&[
        "event", "new", "联赛", "--teams", "--boards", "2", "--system", "dutch", "--rounds", "3",
    ]);
    for t in 1..=2 {
        let players = format!("T{t}-1,T{t}-2");
        c.ok(&[
            "team",
            "add",
            "联赛",
            &format!("T{t}"),
            "--players",
            &players,
            "--create",
        ]);
    }
    c
}

/// `print DOC EVENT -o FILE` fails with status 1, says why in English,
/// and writes nothing.
fn refused(c: &Club, doc: &str, event: &str, says: &[&str]) {
    let out = c.path(&format!("{event}-{doc}.txt"));
    let o = c.run(&["print", doc, event, "-o", out.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "print {doc} {event}: {err}");
    for s in says {
        assert!(err.contains(s), "print {doc} {event}: no {s:?} in {err}");
    }
    assert!(!out.exists(), "print {doc} {event} wrote {}", out.display());
}

#[test]
fn a_knockout_prints_no_wall_chart_prize_sheet_or_certificates() {
    let c = club();
    c.ok(&["round", "pair", "杯赛"]);
    refused(
        &c,
        "wallchart",
        "杯赛",
        &[
            "杯赛 is a knockout, which does not print wallchart",
            "the wall chart is for round-robins only: print a knockout's bracket instead",
        ],
    );
    refused(
        &c,
        "prizes",
        "杯赛",
        &["the prize sheet and certificates are for individual events"],
    );
    refused(
        &c,
        "certificates",
        "杯赛",
        &["its places are on its bracket and standings"],
    );
    // What it does print still prints.
    for doc in ["bracket", "standings", "crosstable", "pairings"] {
        c.ok(&["print", doc, "杯赛"]);
    }
}

#[test]
fn a_swiss_team_event_prints_no_wall_chart_prize_sheet_or_bracket() {
    let c = club();
    c.ok(&["round", "pair", "联赛"]);
    refused(
        &c,
        "wallchart",
        "联赛",
        &["联赛 is a team event (dutch), which does not print wallchart"],
    );
    refused(&c, "prizes", "联赛", &["board prizes are on its standings"]);
    refused(
        &c,
        "bracket",
        "联赛",
        &["the bracket is for knockouts only"],
    );
    for doc in ["standings", "crosstable", "pairings", "checkin"] {
        c.ok(&["print", doc, "联赛"]);
    }
}

/// A team round-robin's wall chart is titled as one (循环赛总表), in each
/// language, while its crosstable keeps its own title.
#[test]
fn a_team_round_robins_wall_chart_is_titled_as_one() {
    let c = Club::new();
    c.ok(&[
        "event", "new", "循环", "--teams", "--boards", "2", "--system", "berger",
    ]);
    for t in 1..=3 {
        let players = format!("R{t}-1,R{t}-2");
        let team = format!("R{t}");
        c.ok(&[
            "team",
            "add",
            "循环",
            &team,
            "--players",
            &players,
            "--create",
        ]);
    }
    c.ok(&["round", "pair", "循环"]);
    for (lang, wall, cross) in [
        ("zh-Hans", "循环 · 循环赛总表", "循环 · 交叉表"),
        ("zh-Hant", "循环 · 循環賽總表", "循环 · 交叉表"),
        ("en", "循环 · Wall chart", "循环 · Crosstable"),
    ] {
        let w = c.ok(&["print", "wallchart", "循环", "--lang", lang]);
        assert!(w.starts_with(wall), "{lang}: {w}");
        let x = c.ok(&["print", "crosstable", "循环", "--lang", lang]);
        assert!(x.starts_with(cross), "{lang}: {x}");
    }
}

#[test]
fn the_refusal_is_in_the_user_s_language() {
    let c = club();
    let o = c.run_lang("zh_CN.UTF-8", &["print", "wallchart", "杯赛"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains(
            "杯赛 是淘汰赛, 不印 wallchart: 循环赛总表只用于循环赛: 淘汰赛请改印对阵图 (bracket)"
        ),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "nothing printed");
}

fn member(app: &mut App, name: &str) {
    crate::common::member(app, name, 2000);
}

/// The refusals at the door: a document the kind does not print, and the
/// prize sheet or certificates of a knockout or a team event (saying
/// where their places or board prizes are).
const REFUSALS: [&str; 3] = [
    "err.print.not_offered",
    "err.prizes.knockout",
    "err.prizes.team_event",
];

/// The app itself refuses every document an event's kind does not offer,
/// whatever asks (the CLI, the TUI's Print tab, the site), and prints
/// every one it does offer up to the door.
#[test]
fn the_app_refuses_at_the_door_what_the_kind_does_not_offer() {
    let mut app = App::in_memory(Config::default()).unwrap();
    let names: Vec<String> = (1..=4).map(|i| format!("P{i}")).collect();
    for n in &names {
        member(&mut app, n);
    }
    let swiss = EventSettings {
        system: PairingSystem::Dutch,
        rounds: 3,
        ..Default::default()
    };
    app.create_event_with("Swiss", None, &swiss, qishe::app::NewEventKind::Individual)
        .unwrap();
    let rr = EventSettings {
        system: PairingSystem::Berger,
        rounds: 3,
        ..Default::default()
    };
    app.create_event_with("RR", None, &rr, qishe::app::NewEventKind::Individual)
        .unwrap();
    app.create_event_with(
        "Cup",
        None,
        &EventSettings::default(),
        qishe::app::NewEventKind::Knockout(&Default::default()),
    )
    .unwrap();
    let ts = TeamSettings {
        boards: 2,
        ..Default::default()
    };
    app.create_event_with("League", None, &swiss, qishe::app::NewEventKind::Team(&ts))
        .unwrap();
    for ev in ["Swiss", "RR", "Cup"] {
        let id = app.find_event(ev).unwrap().key();
        app.enter_players(id, &app.find_members(&names).unwrap())
            .unwrap();
        app.pair_next_round(id).unwrap();
    }
    let mut refusals = 0;
    for ev in ["Swiss", "RR", "Cup", "League"] {
        let e = app.find_event(ev).unwrap();
        let kind = app.event_kind(e.key()).unwrap();
        for doc in DocKind::ALL {
            let got = app.print_doc(e.key(), doc, None, Lang::En);
            let refused = matches!(&got, Err(AppError::Invalid(m)) if REFUSALS.contains(&m.key));
            assert_eq!(
                refused,
                !doc.offered(kind, e.settings.system),
                "{ev} {doc:?}: {:?}",
                got.as_ref().map(|d| &d.title)
            );
            if let (true, Err(AppError::Invalid(m))) = (refused, &got) {
                refusals += 1;
                let [hans, hant, en] = [Lang::ZhHans, Lang::ZhHant, Lang::En].map(|l| m.render(l));
                assert!(en.starts_with(&format!("{ev} is ")), "{en}");
                assert!(
                    hans.contains("只用于") && hant.contains("只用於"),
                    "{hans} {hant}"
                );
                assert!(!hans.contains('{') && !en.contains('{'), "{hans} {en}");
            }
        }
        if kind == EventKind::Knockout {
            assert!(!DocKind::Wallchart.offered(kind, e.settings.system));
        }
    }
    // Swiss: wall chart, bracket; RR: bracket; Cup: wall chart, prizes,
    // certificates; League: wall chart, bracket, prizes, certificates.
    assert_eq!(refusals, 2 + 1 + 3 + 4);
}
