//! Writes a generated ten-year club database, for timing the command line
//! on a large history (`event list`, `ratings`, `stats`, `player show`):
//!
//! ```sh
//! cargo run --release --example ten_year_club -- /tmp/club.db [EVENTS [MEMBERS]]
//! ```
//!
//! The default is 550 weekly events of 40 players and 10 rounds (110,000
//! games) among 300 members, from `HistorySpec`'s fixed seed: the same
//! arguments always give the same club.

use qishe::app::{build_history_db, App, HistorySpec};
use qishe::config::Config;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = std::path::PathBuf::from(args.first().expect("a database path"));
    let num = |i: usize, d: usize| args.get(i).map_or(d, |a| a.parse().expect("a number"));
    let spec = HistorySpec {
        events: num(1, 550),
        members: num(2, 300),
        ..HistorySpec::default()
    };
    assert!(!path.exists(), "{} exists", path.display());
    let mut app = App::open(Config::default(), &path).expect("a new database");
    let t = std::time::Instant::now();
    let games = build_history_db(app.store_for_tests(), &spec).expect("generated");
    eprintln!(
        "{}: {} events, {games} games, {} members in {:.1?}",
        path.display(),
        spec.events,
        spec.members,
        t.elapsed()
    );
}
