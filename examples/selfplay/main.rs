//! Self-play against the endorsed Dutch engine (bbpPairings).
//!
//! Generates random tournaments (5–120 players, 3–13 rounds, draw rates,
//! forfeits and double forfeits, H/Z/F byes asked for in advance,
//! withdrawals, late entries, `XXC`/`152`/no colour line, `XXR`/`142`, LF,
//! CRLF and CR line endings) and, round by round, has qishe and the engine
//! pair the same TRF file. Every round that differs is reported and saved;
//! the smallest failing file is copied to `smallest.trf`. The tournament goes
//! on with the engine's pairing and random results.
//!
//!     cargo run --release --example selfplay -- --count 200 --seed 1 --out /tmp/selfplay
//!
//! Options: `--count N` tournaments, `--seed S` first seed, `--out DIR`
//! (failing files), `--engine PATH` (default: `../shared/tools/bbpPairings/
//! bbpPairings` next to the repository, or `$QISHE_BBP`), `--corpus DIR`
//! (also save every round of small tournaments with the engine's answer, for
//! the regression test), `--max-players N`, `--roundtrip` (also take every
//! finished file through `import trf` → `export trf` and check that every
//! header and player field survives and the engine's `-c` report and `-p`
//! verdict are the same on both files), `--accelerate` (every file carries
//! explicit virtual points, `250` or `XXA` lines: accelerated pairings,
//! see `accel.rs`), `--min-players N` (sizes drawn from N to
//! `--max-players`), `--rounds LO..HI` (rounds drawn in that range),
//! `--prohibit` (a few `260` records of players who may not meet):
//!
//!     cargo run --release --example selfplay -- --accelerate --prohibit \
//!         --min-players 100 --max-players 500 --rounds 7..9 --count 20
//! Without the engine the tool says so and exits 0: it is for tests and
//! development only; qishe never calls the engine.

mod accel;

use qishe::app::App;
use qishe::config::Config;
use qishe::domain::PairingSystem;
use qishe::formats::trf::Trf;
use qishe::pairing::{self, PairingConfig, PairingError};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The project's one RNG, with the draws a tournament needs.
struct Rng(qishe::domain::SplitMix64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(qishe::domain::SplitMix64(seed))
    }
    fn below(&mut self, n: u64) -> u64 {
        self.0.below(n)
    }
    fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `p` per thousand.
    fn permille(&mut self, p: u64) -> bool {
        self.below(1000) < p
    }
}

#[derive(Clone, Copy, PartialEq)]
struct Block {
    opp: u32,
    col: char,
    res: char,
}

const BLANK: Block = Block {
    opp: 0,
    col: ' ',
    res: ' ',
};

struct Player {
    id: u32,
    rating: u32,
    /// First round the player is in the file (late entry when > 1).
    entry: usize,
    /// Withdrawn from this round on.
    withdrawn: Option<usize>,
    rounds: Vec<Block>,
}

struct Params {
    rounds: usize,
    draw: u64,
    forfeit: u64,
    double_forfeit: u64,
    half_bye: u64,
    zero_bye: u64,
    full_bye: u64,
    /// 0 `XXC white1`, 1 `XXC black1`, 2 `152 W`, 3 `152 B`, 4 none after round 1 (white), 5 none (black).
    colour_line: u64,
    /// 0 `XXR`, 1 `142`.
    rounds_line: u64,
    eol: &'static str,
    /// How an absence before a late entry or after a withdrawal is written:
    /// 0 blank (late entries only), 1 `0000 - -`, 2 `0000 - Z`.
    absence: u64,
    /// `--accelerate`: the tournament's virtual points.
    accel: Option<accel::Accel>,
    /// `--prohibit`: `260` records (first round, last round, start numbers).
    prohibited: Vec<(usize, usize, Vec<u32>)>,
}

fn points_of(b: &Block) -> u32 {
    // Tenths: 1 / ½ / 0.
    match b.res {
        '1' | '+' | 'U' | 'F' | 'W' => 10,
        '=' | 'H' | 'D' => 5,
        _ => 0,
    }
}

fn write_trf(players: &[Player], p: &Params, upto: usize, title: &str) -> String {
    write_trf_scored(players, p, upto, upto - 1, title)
}

/// [`write_trf`] with the points of the first `scored` columns (a finished
/// file counts every column).
fn write_trf_scored(
    players: &[Player],
    p: &Params,
    upto: usize,
    scored: usize,
    title: &str,
) -> String {
    let mut lines = vec![format!("012 {title}")];
    let white = matches!(p.colour_line, 0 | 2 | 4);
    match p.colour_line {
        0 | 1 => lines.push(format!("XXC {}", if white { "white1" } else { "black1" })),
        2 | 3 => lines.push(format!("152 {}", if white { "W" } else { "B" })),
        _ if upto <= 1 && scored == 0 => {
            lines.push(format!("XXC {}", if white { "white1" } else { "black1" }))
        }
        _ => {}
    }
    if p.rounds_line == 0 {
        lines.push(format!("XXR {}", p.rounds));
    } else {
        lines.push(format!("142 {}", p.rounds));
    }
    if let Some(a) = &p.accel {
        let max_id = players
            .iter()
            .filter(|pl| pl.entry <= upto.max(1))
            .map(|pl| pl.id)
            .max()
            .unwrap_or(0);
        lines.extend(a.write(max_id));
    }
    for (first, last, ids) in &p.prohibited {
        let mut l = format!("260 {first:03} {last:03}");
        for id in ids {
            l.push_str(&format!(" {id:>4}"));
        }
        lines.push(l);
    }
    for pl in players.iter().filter(|pl| pl.entry <= upto) {
        // Points of the completed rounds (the column being paired is not counted).
        let pts: u32 = pl.rounds.iter().take(scored).map(points_of).sum();
        let mut l = format!(
            "001 {:>4}      {:<33} {:>4}     {:>11} {:<10} {:>4} {:>4}",
            pl.id,
            format!("Player {}", pl.id),
            pl.rating,
            "",
            "",
            format!("{}.{}", pts / 10, pts % 10),
            ""
        );
        for b in pl.rounds.iter().take(upto) {
            let opp = if *b == BLANK {
                "    ".to_string()
            } else if b.opp == 0 {
                "0000".to_string()
            } else {
                format!("{:>4}", b.opp)
            };
            l.push_str(&format!("  {opp} {} {}", b.col, b.res));
        }
        lines.push(l.trim_end().to_string());
    }
    let mut out = String::new();
    for l in lines {
        out.push_str(&l);
        out.push_str(p.eol);
    }
    out
}

/// An answer: exit status and the boards (`white black`, bye as `n 0`).
#[derive(Debug, Clone, PartialEq)]
struct Answer {
    status: i32,
    pairs: Vec<(u32, u32)>,
    note: String,
}

fn engine_pair(engine: &Path, trf: &Path, out: &Path) -> Answer {
    let _ = std::fs::remove_file(out);
    let o = Command::new(engine)
        .arg("--dutch")
        .arg(trf)
        .arg("-p")
        .arg(out)
        .output()
        .expect("run the engine");
    let status = o.status.code().unwrap_or(-1);
    let mut pairs = Vec::new();
    if status == 0 {
        let text = std::fs::read_to_string(out).unwrap_or_default();
        for l in text.lines().skip(1) {
            let v: Vec<u32> = l
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            if v.len() == 2 {
                pairs.push((v[0], v[1]));
            }
        }
    }
    Answer {
        status,
        pairs,
        note: String::from_utf8_lossy(&o.stderr).trim().to_string(),
    }
}

fn qishe_pair(text: &str) -> Answer {
    let fail = |status: i32, note: String| Answer {
        status,
        pairs: Vec::new(),
        note,
    };
    let trf = match Trf::parse(text) {
        Ok(t) => t,
        Err(e) => return fail(3, e.to_string()),
    };
    let state = match qishe::pairing::SwissState::from_trf(&trf) {
        Ok(s) => s,
        Err(e) => return fail(3, e.to_string()),
    };
    match pairing::pair(&state, &PairingConfig::new(PairingSystem::Dutch)) {
        Ok(p) => {
            let mut pairs: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.red, b.black)).collect();
            if let Some(b) = p.bye {
                pairs.push((b, 0));
            }
            if pairs.is_empty() {
                return fail(1, "empty pairing".into());
            }
            Answer {
                status: 0,
                pairs,
                note: String::new(),
            }
        }
        Err(e @ PairingError::NoLegalPairing { .. }) => fail(1, e.to_string()),
        Err(e) => fail(3, e.to_string()),
    }
}

/// How two answers differ, or `None`.
fn compare(q: &Answer, e: &Answer) -> Option<&'static str> {
    if q.status != e.status {
        return Some("status");
    }
    if q.pairs == e.pairs {
        return None;
    }
    let unordered = |a: &[(u32, u32)]| {
        let mut v: Vec<(u32, u32)> = a
            .iter()
            .map(|&(x, y)| if y != 0 && y < x { (y, x) } else { (x, y) })
            .collect();
        v.sort_unstable();
        v
    };
    if unordered(&q.pairs) != unordered(&e.pairs) {
        return Some("pairs");
    }
    let mut a = q.pairs.clone();
    let mut b = e.pairs.clone();
    a.sort_unstable();
    b.sort_unstable();
    if a != b {
        Some("colours")
    } else {
        Some("order")
    }
}

fn params(rng: &mut Rng) -> (usize, Params) {
    let n = match rng.below(4) {
        0 => rng.range(5, 12),
        1 => rng.range(5, 30),
        _ => rng.range(5, 120),
    } as usize;
    let p = Params {
        rounds: rng.range(3, 13) as usize,
        draw: rng.range(0, 600),
        forfeit: [0, 10, 40, 100][rng.below(4) as usize],
        double_forfeit: [0, 0, 5, 30][rng.below(4) as usize],
        half_bye: [0, 10, 40, 80][rng.below(4) as usize],
        zero_bye: [0, 10, 30][rng.below(3) as usize],
        full_bye: [0, 0, 5, 20][rng.below(4) as usize],
        colour_line: rng.below(6),
        rounds_line: rng.below(2),
        eol: ["\n", "\r\n", "\r"][rng.below(3) as usize],
        absence: rng.below(3),
        accel: None,
        prohibited: Vec::new(),
    };
    (n, p)
}

/// The tournaments' size: `--min-players` (0: the drawn size, at most
/// `--max-players`), `--rounds LO..HI`, `--prohibit` (`260` records).
struct Size {
    min_n: usize,
    max_n: usize,
    rounds: Option<(usize, usize)>,
    prohibit: bool,
}

struct Stats {
    /// `--accelerate`: explicit virtual points in every file.
    accelerate: bool,
    /// `--roundtrip`: import → export → the engine's `-c` on every finished file.
    roundtrip: bool,
    rt_checked: usize,
    rt_same: usize,
    rt_failures: Vec<String>,
    tournaments: usize,
    rounds: usize,
    same: usize,
    refused_both: usize,
    diffs: Vec<(String, &'static str)>,
    smallest: Option<(usize, PathBuf)>,
}

fn run_one(
    seed: u64,
    engine: &Path,
    out: &Path,
    corpus: Option<&Path>,
    size: &Size,
    st: &mut Stats,
) {
    let mut rng = Rng::new(seed);
    let (n, mut p) = params(&mut rng);
    let n = if size.min_n > 0 {
        rng.range(size.min_n as u64, size.max_n as u64) as usize
    } else {
        n.min(size.max_n).max(2)
    };
    if let Some((lo, hi)) = size.rounds {
        p.rounds = rng.range(lo as u64, hi as u64) as usize;
    }
    let late = [0u64, 0, 50, 150][rng.below(4) as usize];
    let withdraw = [0u64, 0, 20, 60][rng.below(4) as usize];
    let mut players: Vec<Player> = Vec::new();
    for i in 0..n {
        let is_late = i >= 2 && rng.permille(late) && p.rounds > 1;
        players.push(Player {
            id: 0,
            rating: if rng.below(20) == 0 {
                0
            } else {
                rng.range(1000, 2700) as u32
            },
            entry: if is_late {
                rng.range(2, p.rounds as u64) as usize
            } else {
                1
            },
            withdrawn: None,
            rounds: Vec::new(),
        });
    }
    // Start numbers: entrants from the start by rating, late ones after in
    // the order they come (the numbers in a file are always 1..n).
    players.sort_by_key(|pl| (pl.entry, std::cmp::Reverse(pl.rating)));
    for (i, pl) in players.iter_mut().enumerate() {
        pl.id = i as u32 + 1;
    }
    if st.accelerate {
        let at_start = players.iter().filter(|pl| pl.entry == 1).count();
        p.accel = Some(accel::draw(&mut rng, at_start, n, p.rounds));
    }
    if size.prohibit {
        // A few groups of players from the start who may not meet, for
        // some rounds or all.
        let at_start = players.iter().filter(|pl| pl.entry == 1).count() as u64;
        for _ in 0..rng.range(1, (at_start / 20).max(1)) {
            let first = rng.range(1, p.rounds as u64) as usize;
            let last = rng.range(first as u64, p.rounds as u64) as usize;
            let mut ids: Vec<u32> = (0..rng.range(2, 4))
                .map(|_| rng.range(1, at_start) as u32)
                .collect();
            ids.sort_unstable();
            ids.dedup();
            if ids.len() >= 2 {
                p.prohibited.push((first, last, ids));
            }
        }
    }
    let small = n <= 24 && p.rounds <= 9;
    st.tournaments += 1;
    let mut played = 0;
    for r in 1..=p.rounds {
        // Column r: absences and byes asked for in advance.
        for pl in players.iter_mut() {
            if pl.entry > r {
                continue;
            }
            while pl.rounds.len() < r - 1 {
                // Rounds before a late entry.
                pl.rounds.push(match p.absence {
                    0 => BLANK,
                    1 => Block {
                        opp: 0,
                        col: '-',
                        res: '-',
                    },
                    _ => Block {
                        opp: 0,
                        col: '-',
                        res: 'Z',
                    },
                });
            }
            if pl.withdrawn.is_none() && r > 1 && rng.permille(withdraw / 4) {
                pl.withdrawn = Some(r);
            }
            let b = if pl.withdrawn.is_some() {
                if p.absence == 2 {
                    Block {
                        opp: 0,
                        col: '-',
                        res: 'Z',
                    }
                } else {
                    Block {
                        opp: 0,
                        col: '-',
                        res: '-',
                    }
                }
            } else if rng.permille(p.half_bye) {
                Block {
                    opp: 0,
                    col: '-',
                    res: 'H',
                }
            } else if rng.permille(p.zero_bye) {
                Block {
                    opp: 0,
                    col: '-',
                    res: 'Z',
                }
            } else if rng.permille(p.full_bye) {
                Block {
                    opp: 0,
                    col: '-',
                    res: 'F',
                }
            } else {
                BLANK
            };
            pl.rounds.push(b);
        }
        let available = players
            .iter()
            .filter(|pl| pl.entry <= r && pl.rounds[r - 1] == BLANK)
            .count();
        if available < 2 {
            break;
        }
        let title = format!("Selfplay {seed} round {r}");
        let text = write_trf(&players, &p, r, &title);
        let path = out.join("current.trf");
        std::fs::write(&path, &text).expect("write the TRF");
        let ans_path = out.join("current.out");
        let e = engine_pair(engine, &path, &ans_path);
        if e.status != 0 && e.status != 1 {
            eprintln!(
                "seed {seed} round {r}: the engine says {} ({})",
                e.status, e.note
            );
            break;
        }
        let q = qishe_pair(&text);
        st.rounds += 1;
        if let Some(corpus) = corpus.filter(|_| small) {
            let stem = format!("s{seed}_r{r}");
            std::fs::write(corpus.join(format!("{stem}.trf")), &text).unwrap();
            let mut a = String::new();
            if e.status == 0 {
                a.push_str(&format!("{}\n", e.pairs.len()));
                for (x, y) in &e.pairs {
                    a.push_str(&format!("{x} {y}\n"));
                }
            } else {
                a.push_str("refused\n");
            }
            std::fs::write(corpus.join(format!("{stem}.pairs")), a).unwrap();
        }
        match compare(&q, &e) {
            None => {
                st.same += 1;
                if e.status == 1 {
                    st.refused_both += 1;
                }
            }
            Some(kind) => {
                let name = format!("diff_s{seed}_r{r}.trf");
                let keep = out.join(&name);
                std::fs::write(&keep, &text).unwrap();
                println!(
                    "seed {seed} round {r} ({} players): {kind}\n  qishe  {} {:?} {}\n  engine {} {:?} {}",
                    available, q.status, q.pairs, q.note, e.status, e.pairs, e.note
                );
                let size = text.len();
                if st.smallest.as_ref().is_none_or(|s| size < s.0) {
                    st.smallest = Some((size, keep));
                }
                st.diffs.push((name, kind));
            }
        }
        if e.status != 0 {
            break;
        }
        played = r;
        // Play the engine's pairing.
        for &(w, b) in &e.pairs {
            let (wi, bi) = (w as usize - 1, b as usize);
            if b == 0 {
                players[wi].rounds[r - 1] = Block {
                    opp: 0,
                    col: '-',
                    res: 'U',
                };
                continue;
            }
            let bi = bi - 1;
            let roll = rng.below(1000);
            let (rw, rb) = if roll < p.double_forfeit {
                ('-', '-')
            } else if roll < p.double_forfeit + p.forfeit {
                if rng.below(2) == 0 {
                    ('+', '-')
                } else {
                    ('-', '+')
                }
            } else if rng.permille(p.draw) {
                ('=', '=')
            } else {
                let diff = players[wi].rating as i64 - players[bi].rating as i64;
                let pw = (500 + diff / 2).clamp(100, 900) as u64;
                if rng.permille(pw) {
                    ('1', '0')
                } else {
                    ('0', '1')
                }
            };
            players[wi].rounds[r - 1] = Block {
                opp: b,
                col: 'w',
                res: rw,
            };
            players[bi].rounds[r - 1] = Block {
                opp: w,
                col: 'b',
                res: rb,
            };
        }
    }
    if st.roundtrip && played > 0 {
        let title = format!("Selfplay {seed}");
        let text = write_trf_scored(&players, &p, played, played, &title);
        st.rt_checked += 1;
        match roundtrip(engine, out, &text) {
            Ok(()) => st.rt_same += 1,
            Err(why) => {
                let name = format!("roundtrip_s{seed}.trf");
                std::fs::write(out.join(&name), &text).unwrap();
                println!("seed {seed} import → export: {why}");
                st.rt_failures.push(name);
            }
        }
    }
}

/// The engine's `-c` report (file name taken out) and its `-p` exit code.
fn engine_check(engine: &Path, file: &Path) -> (String, i32) {
    let stem = file.file_stem().unwrap().to_string_lossy().to_string();
    let check = Command::new(engine)
        .arg("--dutch")
        .arg(file)
        .arg("-c")
        .output()
        .expect("run the engine");
    let report = String::from_utf8_lossy(&check.stdout).replace(&stem, "FILE")
        + &String::from_utf8_lossy(&check.stderr).replace(&stem, "FILE");
    let pair = Command::new(engine)
        .arg("--dutch")
        .arg(file)
        .arg("-p")
        .output()
        .expect("run the engine");
    (report, pair.status.code().unwrap_or(-1))
}

/// A finished file through `import trf` and `export trf` (the app layer
/// both front ends call): every header and player field must survive, and
/// the engine's `-c` report and `-p` verdict must be the same on both files.
fn roundtrip(engine: &Path, out: &Path, text: &str) -> Result<(), String> {
    let mut app = App::in_memory(Config::default()).map_err(|e| e.to_string())?;
    app.import_trf(text.as_bytes(), "original.trf", None)
        .map_err(|e| format!("import: {e}"))?;
    let event = app
        .events()
        .map_err(|e| e.to_string())?
        .first()
        .map(|e| e.name.clone())
        .ok_or("no event")?;
    let exported = app
        .export_trf(app.find_event(&event).unwrap().key())
        .map_err(|e| format!("export: {e}"))?;
    let a = Trf::parse(text).map_err(|e| format!("original: {e}"))?;
    let b = Trf::parse(&exported).map_err(|e| format!("exported: {e}"))?;
    let line_012 = |t: &Trf| t.other_lines.iter().find(|l| l.starts_with("012")).cloned();
    if line_012(&a) != line_012(&b) {
        return Err(format!("012: {:?} → {:?}", line_012(&a), line_012(&b)));
    }
    if a.total_rounds != b.total_rounds {
        return Err(format!(
            "rounds: {:?} → {:?}",
            a.total_rounds, b.total_rounds
        ));
    }
    if a.initial_colour() != b.initial_colour() {
        return Err(format!(
            "initial colour: {:?} → {:?}",
            a.initial_colour(),
            b.initial_colour()
        ));
    }
    // The virtual points, whatever records carried them.
    let vp = |t: &Trf| {
        let mut m = qishe::pairing::trf::virtual_points(t);
        for v in m.values_mut() {
            while v.last().is_some_and(|p| p.0 == 0) {
                v.pop();
            }
        }
        m.retain(|_, v| !v.is_empty());
        m
    };
    if vp(&a) != vp(&b) {
        return Err(format!("virtual points: {:?} → {:?}", vp(&a), vp(&b)));
    }
    if a.players.len() != b.players.len() {
        return Err(format!(
            "players: {} → {}",
            a.players.len(),
            b.players.len()
        ));
    }
    for (x, y) in a.players.iter().zip(&b.players) {
        let same = x.id == y.id
            && x.name.trim() == y.name.trim()
            && x.rating == y.rating
            && x.points == y.points
            && x.rounds == y.rounds;
        if !same {
            return Err(format!("player {}: {x:?} → {y:?}", x.id));
        }
    }
    let (fa, fb) = (out.join("rt_original.trf"), out.join("rt_exported.trf"));
    std::fs::write(&fa, text).unwrap();
    std::fs::write(&fb, &exported).unwrap();
    let (va, vb) = (engine_check(engine, &fa), engine_check(engine, &fb));
    if va != vb {
        return Err(format!("the engine's verdict changed: {va:?} → {vb:?}"));
    }
    Ok(())
}

fn main() {
    let mut count = 100u64;
    let mut seed = 1u64;
    let mut out = std::env::temp_dir().join("qishe-selfplay");
    let mut corpus: Option<PathBuf> = None;
    let mut size = Size {
        min_n: 0,
        max_n: 120,
        rounds: None,
        prohibit: false,
    };
    let mut roundtrip = false;
    let mut accelerate = false;
    let mut engine = std::env::var_os("QISHE_BBP")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/tools/bbpPairings/bbpPairings")
        });
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--count" => count = v.parse().expect("--count N"),
            "--seed" => seed = v.parse().expect("--seed S"),
            "--out" => out = PathBuf::from(v),
            "--engine" => engine = PathBuf::from(v),
            "--corpus" => corpus = Some(PathBuf::from(v)),
            "--max-players" => size.max_n = v.parse().expect("--max-players N"),
            "--min-players" => size.min_n = v.parse().expect("--min-players N"),
            "--rounds" => {
                let (a, b) = v.split_once("..").expect("--rounds LO..HI");
                size.rounds = Some((
                    a.parse().expect("--rounds LO..HI"),
                    b.parse().expect("--rounds LO..HI"),
                ));
            }
            "--prohibit" => {
                size.prohibit = true;
                i += 1;
                continue;
            }
            "--roundtrip" => {
                roundtrip = true;
                i += 1;
                continue;
            }
            "--accelerate" => {
                accelerate = true;
                i += 1;
                continue;
            }
            other => {
                eprintln!("unknown option {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    if !engine.is_file() {
        println!(
            "endorsed engine not found at {}: nothing to compare, skipped",
            engine.display()
        );
        return;
    }
    let engine = engine.canonicalize().unwrap();
    std::fs::create_dir_all(&out).expect("create --out");
    let out = out.canonicalize().unwrap();
    if let Some(c) = &corpus {
        std::fs::create_dir_all(c).expect("create --corpus");
    }
    let mut st = Stats {
        accelerate,
        roundtrip,
        rt_checked: 0,
        rt_same: 0,
        rt_failures: Vec::new(),
        tournaments: 0,
        rounds: 0,
        same: 0,
        refused_both: 0,
        diffs: Vec::new(),
        smallest: None,
    };
    for s in seed..seed + count {
        run_one(s, &engine, &out, corpus.as_deref(), &size, &mut st);
    }
    let mut kinds = std::collections::BTreeMap::new();
    for (_, k) in &st.diffs {
        *kinds.entry(*k).or_insert(0) += 1;
    }
    if let Some((_, p)) = &st.smallest {
        let _ = std::fs::copy(p, out.join("smallest.trf"));
        println!(
            "smallest failing file: {} (copied to smallest.trf)",
            p.display()
        );
    }
    println!(
        "tournaments {}, rounds {}, identical {} (both refused {}), differing {} {:?}",
        st.tournaments,
        st.rounds,
        st.same,
        st.refused_both,
        st.diffs.len(),
        kinds
    );
    if st.roundtrip {
        println!(
            "import → export → engine -c: {} finished files, same verdict and fields {}, differing {}",
            st.rt_checked,
            st.rt_same,
            st.rt_failures.len()
        );
    }
    if !st.diffs.is_empty() || !st.rt_failures.is_empty() {
        std::process::exit(1);
    }
}
