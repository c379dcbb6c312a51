//! Importing 10,000 members from CSV into a fresh database file.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::app::App;
use qishe::config::Config;

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

fn bench(c: &mut Criterion) {
    let csv = members_csv(10_000);
    let mut g = c.benchmark_group("import");
    g.sample_size(10);
    g.bench_function("10000 members", |b| {
        b.iter_batched(
            || {
                let dir = tempfile::tempdir().unwrap();
                let app = App::open(Config::default(), &dir.path().join("b.db")).unwrap();
                (dir, app)
            },
            |(dir, mut app)| {
                let r = app.import_members(csv.as_bytes(), "m.csv", false).unwrap();
                assert_eq!(r.added, 10_000);
                drop(app);
                dir
            },
            criterion::BatchSize::PerIteration,
        )
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
