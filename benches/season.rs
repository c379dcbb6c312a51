//! The season standings of a season of 40 weekly events of 30 players
//! (5 Swiss rounds each, 15 boards a round; 40 club members, each week 30
//! of them), from the database file: target under 20 ms. Each call reads
//! every event's kept final places (`event_places`, kept by the first
//! read; the bench's warm-up makes them).
//!
//! ```sh
//! cargo bench --bench season -- --warm-up-time 1 --measurement-time 3
//! ```

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::app::{App, EventId, SeasonDraft};
use qishe::config::Config;
use qishe::domain::SplitMix64;
use qishe::domain::{EventSettings, NewMember};
use std::time::Instant;

/// 40 members; 40 finished weekly events of 30 of them in season "S".
fn season(db: &std::path::Path) -> App {
    let mut app = App::open(Config::default(), db).unwrap();
    for i in 1..=40 {
        app.add_member(&NewMember {
            name: format!("P{i:02}"),
            rating: Some(1500 + 10 * i),
            ..Default::default()
        })
        .unwrap();
    }
    app.create_season(&SeasonDraft {
        name: "S".into(),
        best: Some(30),
        min_events: Some(10),
        participation: Some("1".into()),
        ..Default::default()
    })
    .unwrap();
    let mut rng = SplitMix64(38);
    for w in 1..=40u32 {
        let name = format!("W{w:02}");
        let settings = EventSettings {
            rounds: 5,
            ..Default::default()
        };
        let e = app
            .create_event_with(&name, None, &settings, qishe::app::NewEventKind::Individual)
            .unwrap();
        // This week's 30: all but ten members in turn.
        let players: Vec<String> = (0..40)
            .filter(|i| (i + 4 * w as usize) % 40 >= 10)
            .map(|i| format!("P{:02}", i + 1))
            .collect();
        let mut csv = String::from("round,red,black,result\n");
        for r in 0..5 {
            for b in 0..15 {
                let a = &players[b];
                let o = &players[15 + (b + 3 * r) % 15];
                let res = match rng.next_u64() % 3 {
                    0 => "1-0",
                    1 => "0-1",
                    _ => "1/2-1/2",
                };
                let (red, black) = if (b + r) % 2 == 0 { (a, o) } else { (o, a) };
                csv.push_str(&format!("{},{red},{black},{res}\n", r + 1));
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
            Some(if w == 40 { "2" } else { "1" }),
        )
        .unwrap();
    }
    app
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let t = Instant::now();
    drop(season(&db));
    eprintln!("built the season in {:.1?}", t.elapsed());
    let app = App::open(Config::default(), &db).unwrap();
    let t = app.season_standings(app.find_season("S").unwrap()).unwrap();
    assert_eq!(t.info.events.len(), 40);
    assert_eq!(t.standings.rows.len(), 40);
    let mut g = c.benchmark_group("season");
    g.sample_size(20);
    g.bench_function("standings_40_events_30_players", |b| {
        b.iter(|| app.season_standings(app.find_season("S").unwrap()).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
