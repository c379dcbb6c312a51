//! `event new` creates every kind of event (individual Swiss, Chinese and
//! round-robin, team, knockout with one- and two-game schemes, seeded or
//! not) and stores it as the snapshot says: what each row of the event
//! and of its kind's table holds, and what a refused one prints in each
//! language. The snapshot was taken before the CLI went through the one
//! creation door, so the door changes nothing in the database.

use super::common::Club;

/// What the database holds of every event: the event row (all but the
/// time it was made), its team or knockout row, and its entries.
fn dump(c: &Club) -> String {
    let db = rusqlite::Connection::open(&c.db).unwrap();
    let mut out = String::new();
    let mut q = db
        .prepare(
            "SELECT id, name, start_date, end_date, scheme, scheme_settings, system, rounds, \
             games_per_round, red_base_ms, black_base_ms, increment_ms, tiebreaks, bye_opponent, \
             requested_bye, forfeits_to_drop, pairing_settings, status FROM event ORDER BY id",
        )
        .unwrap();
    let rows = q
        .query_map([], |r| {
            let cols: Vec<String> = (0..18)
                .map(|i| match r.get_ref(i).unwrap() {
                    rusqlite::types::ValueRef::Null => "NULL".to_string(),
                    rusqlite::types::ValueRef::Integer(n) => n.to_string(),
                    rusqlite::types::ValueRef::Text(t) => String::from_utf8_lossy(t).into_owned(),
                    other => format!("{other:?}"),
                })
                .collect();
            Ok((r.get::<_, i64>(0)?, cols.join(" | ")))
        })
        .unwrap()
        .map(Result::unwrap)
        .collect::<Vec<_>>();
    for (id, row) in rows {
        out.push_str(&format!("event {row}\n"));
        for table in ["team_event", "knockout"] {
            let sql = format!("SELECT settings FROM {table} WHERE event_id = ?1");
            if let Ok(s) = db.query_row(&sql, [id], |r| r.get::<_, String>(0)) {
                out.push_str(&format!("  {table} {s}\n"));
            }
        }
        let mut e = db
            .prepare(
                "SELECT e.start_no, m.name FROM entry e JOIN member m ON m.id = e.member_id \
                 WHERE e.event_id = ?1 ORDER BY e.start_no",
            )
            .unwrap();
        let entries: Vec<String> = e
            .query_map([id], |r| {
                Ok(format!(
                    "{}:{}",
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?
                ))
            })
            .unwrap()
            .map(Result::unwrap)
            .collect();
        if !entries.is_empty() {
            out.push_str(&format!("  entries {}\n", entries.join(" ")));
        }
    }
    out
}

#[test]
fn event_new_of_every_kind_stores_the_same_rows() {
    let c = Club::new();
    c.five_members();
    let made: &[&[&str]] = &[
        &["event", "new", "Swiss"],
        &[
            "event",
            "new",
            "Swiss2",
            "--system",
            "dutch",
            "--rounds",
            "7",
            "--scheme",
            "standard",
            "--time-control",
            "60+30",
            "--tiebreaks",
            "buchholz,sb",
            "--date",
            "2026-05-01",
            "--bye-score",
            "zero",
            "--acceleration",
            "baku",
            "--clubmates",
            "relaxed",
            "--club",
            "City club",
            "--organiser",
            "Org",
            "--venue",
            "Hall",
            "--chief-arbiter",
            "Arb",
            "--deputy-arbiters",
            "X, Y",
        ],
        &[
            "event", "new", "Chinese", "--system", "cxa", "--rounds", "5",
        ],
        &[
            "event", "new", "Chinese2", "--system", "cxa", "--scheme", "two-game",
        ],
        &[
            "event",
            "new",
            "Chinese3",
            "--system",
            "cxa",
            "--scheme",
            "hu-two-game",
            "--games-per-round",
            "2",
        ],
        &["event", "new", "RR", "--system", "berger"],
        &[
            "event",
            "new",
            "RR2",
            "--system",
            "berger",
            "--double",
            "--bye-scores",
            "--venue",
            "Park",
        ],
        &["event", "new", "League", "--teams"],
        &[
            "event",
            "new",
            "League2",
            "--teams",
            "--system",
            "berger",
            "--boards",
            "3",
            "--min-boards",
            "2",
            "--match-points",
            "3-1-0",
            "--tied-match",
            "residual",
            "--tiebreaks",
            "game-points",
            "--scheme",
            "red-draw-penalty",
            "--organiser",
            "L",
        ],
        &["event", "new", "League3", "--teams", "--scheme", "two-game"],
        &["event", "new", "Cup", "--system", "knockout"],
        &[
            "event", "new", "Cup2", "--system", "knockout", "--scheme", "two-game", "--venue",
            "Hall",
        ],
        &[
            "event",
            "new",
            "Cup3",
            "--system",
            "knockout",
            "--scheme",
            "hu-two-game",
            "--games-per-round",
            "1",
        ],
        &[
            "event",
            "new",
            "Cup4",
            "--system",
            "knockout",
            "--games-per-round",
            "2",
            "--time-control",
            "15+10",
            "--playoff",
            "games:2,sudden-death:1,armageddon",
            "--third-place",
            "--draw",
            "lot",
            "--rate-playoffs",
            "--armageddon-time",
            "5/4+0",
            "--playoff-times",
            "10+5;3+2",
            "--playoff-labels",
            "R;B",
            "--date",
            "2026-06-01",
            "--tiebreaks",
            "",
        ],
    ];
    for args in made {
        c.ok(args);
    }
    // A knockout seeded from an event's final order.
    c.ok(&["event", "enter", "Swiss", "A", "B", "C", "D", "E"]);
    c.ok(&[
        "event",
        "new",
        "Cup5",
        "--system",
        "knockout",
        "--seed-from",
        "Swiss",
        "--top",
        "4",
    ]);
    let mut all = dump(&c);
    // Refused: the message in each language, and nothing stored.
    let refused: &[&[&str]] = &[
        &["event", "new", "X", "--scheme", "nope"],
        &["event", "new", "X", "--games-per-round", "3"],
        &[
            "event",
            "new",
            "X",
            "--system",
            "knockout",
            "--games-per-round",
            "3",
        ],
        &[
            "event", "new", "X", "--system", "knockout", "--scheme", "nope",
        ],
        &[
            "event",
            "new",
            "X",
            "--system",
            "knockout",
            "--tiebreaks",
            "buchholz",
        ],
        &[
            "event", "new", "X", "--system", "knockout", "--draw", "coin",
        ],
        &[
            "event",
            "new",
            "X",
            "--system",
            "knockout",
            "--seed-from",
            "Nowhere",
            "--top",
            "2",
        ],
        &[
            "event",
            "new",
            "X",
            "--system",
            "knockout",
            "--seed-from",
            "Swiss",
            "--top",
            "9",
        ],
        &["event", "new", "X", "--teams", "--boards", "0"],
        &["event", "new", "X", "--teams", "--tiebreaks", "buchholz"],
        &["event", "new", "X", "--system", "dutch", "--bye-scores"],
        &["event", "new", "X", "--teams", "--acceleration", "baku"],
        &[
            "event",
            "new",
            "X",
            "--scheme",
            "three-point",
            "--acceleration",
            "baku",
        ],
        &["event", "new", "Swiss"],
    ];
    for args in refused {
        for locale in ["zh_CN.UTF-8", "zh_TW.UTF-8", "en_US.UTF-8"] {
            let o = c.run_lang(locale, args);
            assert!(!o.status.success(), "{args:?} should fail");
            all.push_str(&format!(
                "{} [{locale}]: {}",
                args[2..].join(" "),
                String::from_utf8_lossy(&o.stderr)
            ));
        }
    }
    // Nothing refused was stored.
    let stored = all.lines().take_while(|l| !l.contains(" [zh_CN"));
    assert_eq!(
        dump(&c),
        stored.map(|l| format!("{l}\n")).collect::<String>()
    );
    insta::assert_snapshot!(all);
}

/// A round-robin's rounds are its table's, whatever `--rounds` said: six
/// players play 5, four players twice (`--double`) 6, four teams 3 or,
/// with more rounds than a cycle, 6; the event list and `event show` say
/// so.
#[test]
fn a_round_robins_rounds_are_its_tables() {
    let c = Club::new();
    for i in 1..=6 {
        c.ok(&["player", "add", &format!("P{i}")]);
    }
    c.ok(&["event", "new", "RR", "--system", "berger", "--rounds", "9"]);
    c.ok(&["event", "enter", "RR", "P1", "P2", "P3", "P4", "P5", "P6"]);
    c.ok(&["round", "pair", "RR"]);
    c.ok(&["event", "new", "Double", "--system", "berger", "--double"]);
    c.ok(&["event", "enter", "Double", "P1", "P2", "P3", "P4"]);
    // A team round-robin plays twice when its rounds are more than one
    // cycle (--rounds 4 of four teams: 6); --rounds 2 is one cycle.
    for (ev, r) in [("TL", "4"), ("TL1", "2")] {
        c.ok(&[
            "event", "new", ev, "--teams", "--boards", "2", "--system", "berger", "--rounds", r,
        ]);
        for t in 1..=4 {
            let players = format!("{ev}-{t}a,{ev}-{t}b");
            let team = format!("T{t}");
            c.ok(&["team", "add", ev, &team, "--players", &players, "--create"]);
        }
    }
    let list = c.ok(&["event", "list", "--format", "csv"]);
    let rounds = |name: &str| {
        list.lines()
            .find(|l| l.split(',').nth(1) == Some(name))
            .and_then(|l| l.split(',').nth(5))
            .unwrap_or_else(|| panic!("{name}: {list}"))
            .to_string()
    };
    assert_eq!(rounds("RR"), "1/5", "{list}");
    assert_eq!(rounds("Double"), "0/6", "{list}");
    assert_eq!(rounds("TL"), "0/6", "{list}");
    assert_eq!(rounds("TL1"), "0/3", "{list}");
    let o = c.run_lang("zh_CN.UTF-8", &["event", "show", "RR"]);
    let show = String::from_utf8(o.stdout).unwrap();
    assert!(show.contains("轮数 5 (已编 1)"), "{show}");
}
