//! `qishe ratings`, `qishe stats`, `qishe player show/vs` and
//! `qishe standings --compare-schemes` on a generated club, end to end.

use crate::common;
use qishe::app::RoundNo;

use common::Club;
use qishe::app::{build_history_db, App, HistorySpec, StatsFilter};
use qishe::config::Config;
use qishe::domain::Outcome;
use serde_json::Value;

fn generated() -> Club {
    let c = Club::new();
    let mut app = App::open(Config::default(), &c.db).unwrap();
    let spec = HistorySpec {
        members: 16,
        events: 12,
        players_per_event: 9,
        rounds: 3,
        seed: 5,
        start: "2024-01-07".parse().unwrap(),
        rated_share: 0.75,
    };
    let games = build_history_db(app.store_for_tests(), &spec).unwrap();
    assert_eq!(
        games,
        12 * 3 * 4,
        "nine players: four boards and a bye a round"
    );
    c
}

fn json(c: &Club, args: &[&str]) -> Value {
    serde_json::from_str(&c.ok(args)).unwrap()
}

#[test]
fn ratings_list_as_of_and_a_correction() {
    let c = generated();
    let all = json(&c, &["ratings", "--format", "json"]);
    assert_eq!(all["events"], 12);
    let rows = all["rows"].as_array().unwrap();
    assert!(rows.len() >= 10, "{}", rows.len());
    for w in rows.windows(2) {
        assert!(w[0]["rating"].as_i64() >= w[1]["rating"].as_i64());
    }
    for r in rows {
        let ch = r["changes"].as_array().unwrap();
        assert_eq!(ch.last().unwrap()["after"], r["rating"]);
        assert_eq!(ch.len() as u64, r["events"].as_u64().unwrap());
    }
    let early = json(
        &c,
        &["ratings", "--as-of", "2024-02-01", "--format", "json"],
    );
    assert_eq!(early["events"], 4, "events of 7, 14, 21 and 28 January");
    let text = c.ok(&["ratings"]);
    assert!(text.contains("after 12 finished events"), "{text}");
    let csv = c.ok(&["ratings", "--changes", "--format", "csv"]);
    assert!(csv.starts_with("name,event,date,games,score,before,after,change\n"));

    // Correct round 1 board 1 of the fifth event: earlier changes stay.
    let ev = "Weekly 005 2024-02-04";
    let app = App::open(Config::default(), &c.db).unwrap();
    let e = app.find_event(ev).unwrap();
    let old = app.games(e.key(), Some(RoundNo(1))).unwrap()[0]
        .game
        .outcome;
    drop(app);
    let new = if old == Outcome::RedWin { "0-1" } else { "1-0" };
    c.ok(&["result", ev, "1", "1", new, "--termination", "resignation"]);
    let fixed = json(&c, &["ratings", "--format", "json"]);
    let changes = |v: &Value| -> Vec<(String, String, Value)> {
        let mut out: Vec<_> = v["rows"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| {
                r["changes"].as_array().unwrap().iter().map(|c| {
                    (
                        c["date"].as_str().unwrap().to_string(),
                        r["name"].as_str().unwrap().to_string(),
                        c["after"].clone(),
                    )
                })
            })
            .collect();
        out.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
        out
    };
    let (before, after) = (changes(&all), changes(&fixed));
    let early = |v: &Vec<(String, String, Value)>| -> Vec<(String, String, Value)> {
        v.iter()
            .filter(|c| c.0.as_str() < "2024-02-04")
            .cloned()
            .collect()
    };
    assert_eq!(early(&before), early(&after));
    assert!(!early(&before).is_empty());
    assert_ne!(before, after, "the correction moved later ratings");
}

#[test]
fn stats_json_starts_with_the_totals_and_filters_work() {
    let c = generated();
    let out = c.ok(&["stats", "--format", "json"]);
    let keys = [
        "\"games\"",
        "\"red_wins\"",
        "\"draws\"",
        "\"black_wins\"",
        "\"red_score\"",
    ];
    let pos: Vec<usize> = keys.iter().map(|k| out.find(k).unwrap()).collect();
    assert!(pos.windows(2).all(|w| w[0] < w[1]), "{out}");
    assert!(out.trim_start().starts_with("{\n  \"games\":"), "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let app = App::open(Config::default(), &c.db).unwrap();
    let s = app.stats(&StatsFilter::default()).unwrap();
    assert_eq!(v["games"], s.games);
    let n = v["red_wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap()
        + v["black_wins"].as_u64().unwrap();
    assert_eq!(n, s.games);
    assert_eq!(n + v["forfeits"].as_u64().unwrap(), 12 * 3 * 4);
    let ci = v["red_score"]["ci95"].as_array().unwrap();
    let mean = v["red_score"]["mean"].as_f64().unwrap();
    assert!(ci[0].as_f64().unwrap() <= mean && mean <= ci[1].as_f64().unwrap());

    // Monthly events are 90+30 (every fourth): three of twelve.
    let slow = json(
        &c,
        &["stats", "--time-control", "90+30", "--format", "json"],
    );
    let rapid = json(
        &c,
        &["stats", "--time-control", "15+10", "--format", "json"],
    );
    assert_eq!(
        slow["games"].as_u64().unwrap() + rapid["games"].as_u64().unwrap(),
        s.games
    );
    let one = json(
        &c,
        &[
            "stats",
            "--event",
            "Weekly 001 2024-01-07",
            "--format",
            "json",
        ],
    );
    assert!(one["games"].as_u64().unwrap() <= 12);
    let dated = json(&c, &["stats", "--from", "2024-03-01", "--format", "json"]);
    assert!(dated["games"].as_u64().unwrap() < s.games);
    let text = c.ok(&["stats"]);
    assert!(text.contains("95% CI ["), "{text}");
    let csv = c.ok(&["stats", "--format", "csv"]);
    assert!(csv.starts_with("group,label,games,red_wins,draws,black_wins,draw_pct\ntotal,"));
    let err = c.fails(&["stats", "--time-control", "ninety"]);
    assert!(err.contains("ninety"), "{err}");
    let err = c.fails(&["stats", "--from", "2024-05-01", "--to", "2024-01-01"]);
    assert!(err.contains("after"), "{err}");
}

#[test]
fn member_history_head_to_head_and_compare_schemes() {
    let c = generated();
    let show = c.ok(&["player", "show", "Member 0001"]);
    assert!(
        show.contains("score by year") && show.contains("2024"),
        "{show}"
    );
    let app = App::open(Config::default(), &c.db).unwrap();
    let m = app.find_member("Member 0001").unwrap().key();
    let h = app.member_history(m).unwrap();
    assert_eq!(
        h.games.len(),
        show.lines().filter(|l| l.starts_with("Weekly")).count() - h.events.len()
    );
    // Head-to-head: the JSON count matches the games in each one's history.
    let vs = json(
        &c,
        &[
            "player",
            "vs",
            "Member 0001",
            "Member 0002",
            "--format",
            "json",
        ],
    );
    let both = h
        .games
        .iter()
        .filter(|g| g.opponent == "Member 0002")
        .count();
    assert_eq!(vs["list"].as_array().unwrap().len(), both);
    let swapped = json(
        &c,
        &[
            "player",
            "vs",
            "Member 0002",
            "Member 0001",
            "--format",
            "json",
        ],
    );
    assert_eq!(vs["a_wins"], swapped["b_wins"]);
    assert_eq!(vs["draws"], swapped["draws"]);
    c.fails(&["player", "vs", "Member 0001", "Member 0001"]);
    // The same member by name and by id: named as typed.
    let id = app.find_member("Member 0001").unwrap().id.to_string();
    let e = c.fails(&["player", "vs", "Member 0001", &id]);
    assert!(
        e.contains(&format!("Member 0001 and {id} are the same member")),
        "{e}"
    );

    let ev = "Weekly 001 2024-01-07";
    let out = c.ok(&["standings", ev, "--compare-schemes", "three-point,draw-0.8"]);
    assert!(
        out.contains("standard rank") && out.contains("three-point rank"),
        "{out}"
    );
    assert!(out.contains("draw-0.8: cannot re-score"), "{out}");
    let csv = c.ok(&[
        "standings",
        ev,
        "--compare-schemes",
        "all",
        "--format",
        "csv",
    ]);
    let head = csv.lines().next().unwrap();
    assert!(
        head.starts_with("name,standard_rank,standard_points,three-point_rank"),
        "{head}"
    );
    let err = c.fails(&["standings", ev, "--compare-schemes", "nope"]);
    assert!(err.contains("nope"), "{err}");
}

/// Why a scheme cannot re-score an event is said in the reader's language,
/// not in English inside a translated line.
#[test]
fn a_scheme_that_cannot_rescore_says_why_in_the_readers_language() {
    let c = Club::new();
    for p in ["甲", "乙"] {
        c.ok(&["player", "add", p]);
    }
    c.ok(&["event", "new", "周赛", "--rounds", "3"]);
    c.ok(&["event", "enter", "周赛", "甲", "乙"]);
    let args = ["standings", "周赛", "--compare-schemes", "two-game"];
    for (locale, want) in [
        (
            "zh_CN.UTF-8",
            "无法重新计分: 需要每轮两局 (分先); 本赛事每轮一局",
        ),
        (
            "zh_TW.UTF-8",
            "無法重新計分: 需要每輪兩局 (分先); 本賽事每輪一局",
        ),
        (
            "en_US.UTF-8",
            "cannot re-score: needs two-game rounds (分先); this event has one game per round",
        ),
    ] {
        let o = c.run_lang(locale, &args);
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains(want), "{locale}: {out}");
    }
}
