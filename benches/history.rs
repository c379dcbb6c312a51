//! `qishe ratings` and `qishe stats` on ten years of weekly events
//! (520 events, 104,000 games, 200 members), from the database file.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::app::{build_history_db, App, HistorySpec, StatsFilter};
use qishe::config::Config;
use std::time::Instant;

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    {
        let mut app = App::open(Config::default(), &db).unwrap();
        let t = Instant::now();
        let games = build_history_db(app.store_for_tests(), &HistorySpec::default()).unwrap();
        eprintln!("built {games} games in {:.1?}", t.elapsed());
    }
    let app = App::open(Config::default(), &db).unwrap();
    let mut g = c.benchmark_group("history_10y");
    g.sample_size(10);
    g.bench_function("load", |b| b.iter(|| app.history().unwrap()));
    g.bench_function("ratings", |b| b.iter(|| app.rating_list(None).unwrap()));
    g.bench_function("stats", |b| {
        b.iter(|| app.stats(&StatsFilter::default()).unwrap())
    });
    g.bench_function("player_show", |b| {
        b.iter(|| app.member_history("Member 0001").unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
