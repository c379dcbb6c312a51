//! `qishe serve` under a club night's load: 50 clients each asking 20
//! times for the current round's page (the live pages' one request that
//! changes as results come in) while another thread records results, as
//! the TUI does. Prints the latency percentiles of every request (the
//! figure to watch: p99, target under 100 ms); criterion times the whole
//! load.

use criterion::{criterion_group, criterion_main, Criterion};
use qishe::app::{App, ResultInput};
use qishe::app::{BoardNo, RoundNo};
use qishe::config::Config;
use qishe::domain::{EventSettings, NewMember, Outcome, PairingSystem};
use qishe::i18n::Lang;
use qishe::serve::{start, ServeOptions};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PLAYERS: usize = 40;
const CLIENTS: usize = 50;
const REQUESTS: usize = 20;

fn config() -> Config {
    Config {
        language: Some(Lang::ZhHans),
        ..Config::default()
    }
}

/// A club night of 40 players with round 1 paired, in a fresh file.
fn club(dir: &std::path::Path) -> std::path::PathBuf {
    let db = dir.join("serve-night.db");
    let mut app = App::open(config(), &db).unwrap();
    let mut names = Vec::new();
    for i in 0..PLAYERS {
        let m = app
            .add_member(&NewMember {
                name: format!("棋手{i:02}"),
                rating: Some(2200 - i as i32 * 15),
                club: Some(format!("棋社{}", i % 5)),
                ..Default::default()
            })
            .unwrap();
        names.push(m.id.to_string());
    }
    let settings = EventSettings {
        system: PairingSystem::Dutch,
        rounds: 7,
        ..EventSettings::default()
    };
    app.create_event_with(
        "周五快棋",
        None,
        &settings,
        qishe::app::NewEventKind::Individual,
    )
    .unwrap();
    app.enter_players(
        app.find_event("1").unwrap().key(),
        &app.find_members(&names).unwrap(),
    )
    .unwrap();
    app.pair_next_round(app.find_event("1").unwrap().key())
        .unwrap();
    db
}

fn get(addr: SocketAddr, path: &str) -> usize {
    let mut s = TcpStream::connect(addr).unwrap();
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).unwrap();
    assert!(out.starts_with(b"HTTP/1.1 200"), "{path}");
    out.len()
}

/// One load: the clients' latencies, while results go in and out.
fn load(addr: SocketAddr, db: &std::path::Path) -> Vec<Duration> {
    let stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let stop = stop.clone();
        let db = db.to_path_buf();
        std::thread::spawn(move || {
            let mut app = App::open(config(), &db).unwrap();
            let mut i = 0u32;
            while !stop.load(Ordering::Relaxed) {
                let board = i % (PLAYERS as u32 / 2) + 1;
                let outcome = [Outcome::RedWin, Outcome::Draw, Outcome::BlackWin][i as usize % 3];
                let input = ResultInput {
                    outcome: Some(outcome),
                    ..Default::default()
                };
                app.record_result(
                    app.find_event("1").unwrap().key(),
                    RoundNo(1),
                    BoardNo(board),
                    &input,
                )
                .unwrap();
                i += 1;
                std::thread::sleep(Duration::from_millis(20));
            }
        })
    };
    let times = Arc::new(Mutex::new(Vec::with_capacity(CLIENTS * REQUESTS)));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let times = times.clone();
            std::thread::spawn(move || {
                for _ in 0..REQUESTS {
                    let t = Instant::now();
                    get(addr, "/e/1/zh-Hans/round-1.html");
                    times.lock().unwrap().push(t.elapsed());
                }
            })
        })
        .collect();
    for c in clients {
        c.join().unwrap();
    }
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    let mut t = std::mem::take(&mut *times.lock().unwrap());
    t.sort();
    t
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn bench(c: &mut Criterion) {
    let dir = tempfile::tempdir().unwrap();
    let db = club(dir.path());
    let server = start(ServeOptions {
        addr: "127.0.0.1:0".parse().unwrap(),
        db: db.clone(),
        config: config(),
        entry_pin: Some("1234".into()),
    })
    .unwrap();
    let addr = server.addr;
    get(addr, "/e/1/zh-Hans/round-1.html");
    let all = Arc::new(Mutex::new(Vec::new()));
    let mut g = c.benchmark_group("serve");
    g.sample_size(10);
    g.measurement_time(Duration::from_secs(20));
    let kept = all.clone();
    g.bench_function(
        "round page, 50 clients x 20 requests, results going in",
        |b| {
            b.iter_custom(|iters| {
                let start = Instant::now();
                for _ in 0..iters {
                    kept.lock().unwrap().extend(load(addr, &db));
                }
                start.elapsed()
            })
        },
    );
    g.finish();
    let mut t = std::mem::take(&mut *all.lock().unwrap());
    t.sort();
    if !t.is_empty() {
        eprintln!(
            "serve: {} requests of the round page: p50 {:?}, p90 {:?}, p99 {:?}, max {:?}",
            t.len(),
            pct(&t, 0.50),
            pct(&t, 0.90),
            pct(&t, 0.99),
            t[t.len() - 1]
        );
    }
    server.stop();
}

criterion_group!(benches, bench);
criterion_main!(benches);
