//! Imports at three sizes, each into a fresh database file, to show they
//! grow linearly: a members CSV of 1,000, 5,000 and 10,000 rows
//! into an empty club, and a TRF of 1,000, 5,000 and 9,999 players (TRF's
//! limit) after four rounds into a club that already has 10,000 members
//! (every player is looked up among them), and a games CSV of one round of
//! 1,000 and 5,000 boards into a new event of that club (the import was
//! quadratic in boards per round).
//!
//! ```sh
//! cargo bench --bench import_members -- --warm-up-time 1 --measurement-time 3
//! ```

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use qishe::app::App;
use qishe::config::Config;
use qishe::domain::EventSettings;
use qishe::pairing::dutch::simulate;
use std::path::Path;

fn members_csv(n: usize) -> String {
    let mut s = String::from("姓名,等级分,单位,编号\n");
    for i in 0..n {
        s.push_str(&format!(
            "棋手{i},{},俱乐部{},M{i}\n",
            1200 + i % 1300,
            i % 50
        ));
    }
    s
}

/// A club file with the 10,000 members of `members_csv`, made once.
fn club_with_members(dir: &Path) -> std::path::PathBuf {
    let path = dir.join("club.db");
    let mut app = App::open(Config::default(), &path).unwrap();
    app.import_members(members_csv(10_000).as_bytes(), "m.csv", false)
        .unwrap();
    path
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("import_members");
    g.sample_size(10);
    for n in [1_000, 5_000, 10_000] {
        let csv = members_csv(n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &csv, |b, csv| {
            b.iter_batched(
                || {
                    let dir = tempfile::tempdir().unwrap();
                    let app = App::open(Config::default(), &dir.path().join("b.db")).unwrap();
                    (dir, app)
                },
                |(dir, mut app)| {
                    let r = app.import_members(csv.as_bytes(), "m.csv", false).unwrap();
                    assert_eq!(r.added, n);
                    drop(app);
                    dir
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();

    let base = tempfile::tempdir().unwrap();
    let club = club_with_members(base.path());
    let mut g = c.benchmark_group("import_trf");
    g.sample_size(10);
    for n in [1_000, 5_000, 9_999] {
        let state = simulate::quick_tournament(n, 4, 9, 22);
        let trf = state.to_trf(&format!("open of {n}")).write();
        g.bench_with_input(BenchmarkId::from_parameter(n), &trf, |b, trf| {
            b.iter_batched(
                || {
                    let dir = tempfile::tempdir().unwrap();
                    let path = dir.path().join("b.db");
                    std::fs::copy(&club, &path).unwrap();
                    let app = App::open(Config::default(), &path).unwrap();
                    (dir, app)
                },
                |(dir, mut app)| {
                    let r = app.import_trf(trf.as_bytes(), "open.trf", None).unwrap();
                    assert_eq!((r.players, r.rounds), (n, 4));
                    drop(app);
                    dir
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();

    let mut g = c.benchmark_group("import_games");
    g.sample_size(10);
    for boards in [1_000, 5_000] {
        let mut csv = String::from("round,red,black,result\n");
        for i in 0..boards {
            let res = ["1-0", "0-1", "1/2-1/2"][i % 3];
            csv.push_str(&format!("1,棋手{},棋手{},{res}\n", 2 * i, 2 * i + 1));
        }
        g.bench_with_input(BenchmarkId::from_parameter(boards), &csv, |b, csv| {
            b.iter_batched(
                || {
                    let dir = tempfile::tempdir().unwrap();
                    let path = dir.path().join("b.db");
                    std::fs::copy(&club, &path).unwrap();
                    let mut app = App::open(Config::default(), &path).unwrap();
                    app.create_event_with(
                        "BIG",
                        None,
                        &EventSettings::default(),
                        qishe::app::NewEventKind::Individual,
                    )
                    .unwrap();
                    (dir, app)
                },
                |(dir, mut app)| {
                    let r = app
                        .import_games(
                            app.find_event("BIG").unwrap().key(),
                            csv.as_bytes(),
                            "g.csv",
                        )
                        .unwrap();
                    assert_eq!(r.games, boards);
                    drop(app);
                    dir
                },
                BatchSize::PerIteration,
            )
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
