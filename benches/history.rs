//! The club history on ten years of weekly events (550 events, 110,000
//! games, 300 members; the club `examples/ten_year_club` writes), from the
//! database file: the event list, `qishe ratings`, `qishe stats`, the
//! member page, and the TUI's Statistics screen and member page (loaded by
//! the code the TUI's worker runs, then drawn on a TestBackend).
//!
//! ```sh
//! cargo bench --bench history -- --warm-up-time 1 --measurement-time 3
//! ```

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::app::{build_history_db, App, HistorySpec, StatsFilter};
use qishe::config::Config;
use qishe::tui::pages::{self, PageCmd};
use qishe::tui::{view, Model};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::time::Instant;

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("club.db");
    let spec = HistorySpec {
        events: 550,
        members: 300,
        ..HistorySpec::default()
    };
    {
        let mut app = App::open(Config::default(), &db).unwrap();
        let t = Instant::now();
        let games = build_history_db(app.store_for_tests(), &spec).unwrap();
        eprintln!("built {games} games in {:.1?}", t.elapsed());
    }
    let app = App::open(Config::default(), &db).unwrap();
    let member = app.find_member("Member 0001").unwrap().key();
    let mut g = c.benchmark_group("history_10y");
    g.sample_size(10);
    g.bench_function("event_list", |b| b.iter(|| app.event_summaries().unwrap()));
    g.bench_function("load", |b| b.iter(|| app.history().unwrap()));
    g.bench_function("ratings", |b| b.iter(|| app.rating_list(None).unwrap()));
    g.bench_function("stats", |b| {
        b.iter(|| app.stats(&StatsFilter::default()).unwrap())
    });
    g.bench_function("player_show", |b| {
        b.iter(|| {
            let m = app.find_member("Member 0001").unwrap();
            app.member_history(m.key()).unwrap()
        })
    });
    let mut m = Model::load(&app).unwrap();
    let mut t = Terminal::new(TestBackend::new(100, 30)).unwrap();
    let mut screen = |name: &str, cmd: PageCmd| {
        g.bench_function(name, |b| {
            b.iter(|| {
                let loaded = pages::load(&app, &cmd).unwrap().expect("a page");
                m.show(loaded);
                t.draw(|f| view(&m, f)).unwrap();
            })
        });
    };
    screen(
        "tui_statistics_screen",
        PageCmd::Stats {
            filter: StatsFilter::default(),
            fields: Default::default(),
        },
    );
    screen("tui_member_page", PageCmd::OpenMember(member));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
