//! The club archive: importing 20,000 generated games (20
//! PGN files of 1,000, each file one transaction) into a club database
//! on disk, and a position search over them (every game that reached the
//! position after 1. 炮二平五 马８进７, with the next moves).
//! Goals: import < 30 s, search < 200 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::app::archive::ArchiveSearchInput;
use qishe::app::App;
use qishe::config::Config;
use qishe::xiangqi::{write_pgn, GameRecord, Notation, Position, ReadOptions};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const GAMES: usize = 20_000;
const PER_FILE: usize = 1_000;
const FEN: &str = "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w";

/// The project's one RNG, drawing indices.
struct Rng(qishe::domain::SplitMix64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

/// Four openings, then random legal moves: 40–100 plies a game.
fn games(dir: &Path) -> Vec<PathBuf> {
    let openings = [
        &["h2e2", "h9g7"][..],
        &["h2e2", "h7e7"],
        &["c3c4", "b7c7"],
        &["h0g2", "g6g5"],
    ];
    let mut rng = Rng(qishe::domain::SplitMix64(0x2545_f491_4f6c_dd1d));
    let mut files = Vec::new();
    for f in 0..GAMES / PER_FILE {
        let mut batch = Vec::with_capacity(PER_FILE);
        for i in 0..PER_FILE {
            let mut g = GameRecord::new(i);
            g.tags.push(("Event".into(), format!("League {}", f)));
            g.tags.push((
                "Date".into(),
                format!("20{:02}.{:02}.01", 10 + f, 1 + i % 12),
            ));
            g.tags
                .push(("Red".into(), format!("Player {}", rng.below(300))));
            g.tags
                .push(("Black".into(), format!("Player {}", rng.below(300))));
            g.result = Some(["1-0", "0-1", "1/2-1/2"][rng.below(3)].to_string());
            let mut p = Position::start();
            for m in openings[rng.below(4)] {
                let m = qishe::xiangqi::notation::parse_iccs(m).unwrap();
                p.make(m);
                g.moves.push(m);
            }
            for _ in 0..36 + rng.below(60) {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let m = legal[rng.below(legal.len())];
                p.make(m);
                g.moves.push(m);
            }
            batch.push(g);
        }
        let path = dir.join(format!("league{f:02}.pgn"));
        std::fs::write(&path, write_pgn(&batch, Notation::Chinese)).unwrap();
        files.push(path);
    }
    files
}

fn archive(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let files = games(dir.path());
    let mut group = c.benchmark_group("archive");
    group.sample_size(10);
    group.bench_function("import 20000 games", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let db = tempfile::tempdir().unwrap();
                let mut app = App::open(Config::default(), &db.path().join("club.db")).unwrap();
                let t = Instant::now();
                let r = app
                    .archive_import(&files, ReadOptions::default(), &mut |_, _| {})
                    .unwrap();
                total += t.elapsed();
                assert_eq!(r.added(), GAMES);
            }
            total
        })
    });
    // One imported club to search.
    let db = tempfile::tempdir().unwrap();
    let mut app = App::open(Config::default(), &db.path().join("club.db")).unwrap();
    app.archive_import(&files, ReadOptions::default(), &mut |_, _| {})
        .unwrap();
    let input = ArchiveSearchInput {
        fen: Some(FEN.to_string()),
        ..Default::default()
    };
    let found = app.archive_search(&input).unwrap();
    assert!(found.games.len() > GAMES / 5, "{}", found.games.len());
    group.bench_function("position search over 20000 games", |b| {
        b.iter(|| app.archive_search(&input).unwrap().games.len())
    });
    group.finish();
}

/// Hostile records: 30,000 chained DhtmlXQ branches (about
/// 4 MB with their comments; 61 s before the branches were placed through
/// maps) and 7,000 nested PGN variations, read to the depth limit.
fn hostile(c: &mut Criterion) {
    use qishe::xiangqi::{dhtmlxq, hostile, read_pgn};
    let chain = hostile::chained_dhtmlxq(30_000, true);
    let deep = hostile::nested_pgn(7_000);
    let mut group = c.benchmark_group("hostile records");
    group.sample_size(10);
    group.bench_function("DhtmlXQ 30000 chained branches", |b| {
        b.iter(|| {
            dhtmlxq::read_dhtmlxq_with(&chain, ReadOptions::default())
                .games
                .len()
        })
    });
    group.bench_function("PGN 7000 nested variations", |b| {
        b.iter(|| read_pgn(&deep).unwrap().len())
    });
    group.finish();
}

criterion_group!(benches, archive, hostile);
criterion_main!(benches);
