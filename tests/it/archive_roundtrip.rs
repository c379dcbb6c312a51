//! Lossless convert: every game of ../shared/testdata and a
//! generated archive with comments and variations, written in each
//! notation as PGN and as DhtmlXQ, reads back with identical moves,
//! comments and variations. `PROPTEST_CASES=1000` runs the issue's
//! 1,000-game archive; the default keeps debug test time short.

use crate::common::shared_or_skip;
use qishe::xiangqi::dhtmlxq::{read_dhtmlxq_with, write_dhtmlxq};
use qishe::xiangqi::pgn::read_pgn_with;
use qishe::xiangqi::{
    read_games, write_pgn, GameRecord, Notation, Position, ReadOptions, Variation,
};

fn same(a: &GameRecord, b: &GameRecord, what: &str) {
    assert_eq!(a.start, b.start, "{what}: start");
    assert_eq!(a.moves, b.moves, "{what}: moves");
    assert_eq!(a.comments, b.comments, "{what}: comments");
    assert_eq!(a.variations, b.variations, "{what}: variations");
    assert_eq!(a.result, b.result, "{what}: result");
}

fn round_trip(games: &[GameRecord], label: &str) {
    for n in Notation::ALL {
        let text = write_pgn(games, n);
        let back = read_pgn_with(&text, ReadOptions::default());
        assert!(
            back.skipped.is_empty(),
            "{label} {n}: {:?}",
            back.skipped.first()
        );
        assert_eq!(back.games.len(), games.len(), "{label} {n}");
        for (a, b) in games.iter().zip(&back.games) {
            same(a, b, &format!("{label} {n} {}", a.label().en()));
        }
    }
    let text = write_dhtmlxq(games);
    let back = read_dhtmlxq_with(&text, ReadOptions::default());
    assert!(
        back.skipped.is_empty(),
        "{label} dhtmlxq: {:?}",
        back.skipped.first()
    );
    for (a, b) in games.iter().zip(&back.games) {
        // DhtmlXQ cannot say black moves first in a game without moves.
        if a.moves.is_empty() {
            continue;
        }
        same(a, b, &format!("{label} dhtmlxq {}", a.label().en()));
    }
}

#[test]
fn every_testdata_game_converts_losslessly() {
    let dir = shared_or_skip!("testdata/pgn");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let f = read_games(&std::fs::read(&p).unwrap()).unwrap();
        n += f.games.len();
        round_trip(&f.games, &p.display().to_string());
    }
    assert_eq!(n, 36);
}

/// The project's one RNG: the generated archive is the same at every run.
struct Rng(qishe::domain::SplitMix64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

/// Random legal moves from `pos` (fewer when the game ends).
fn random_line(rng: &mut Rng, pos: &Position, len: usize) -> Vec<qishe::xiangqi::Move> {
    let mut p = pos.clone();
    let mut out = Vec::new();
    for _ in 0..len {
        let legal = p.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        p.make(m);
        out.push(m);
    }
    out
}

fn comment(rng: &mut Rng, k: usize) -> String {
    let words = [
        "好棋",
        "a fine move",
        "先手",
        "(see below)",
        "黑方应对",
        "x;y",
    ];
    format!("c{k} {}", words[rng.below(words.len())])
}

/// A variation instead of move `at` of a line from `start`, maybe with a
/// comment and a nested variation.
fn variation(
    rng: &mut Rng,
    start: &Position,
    line: &[qishe::xiangqi::Move],
    at: usize,
    depth: u32,
) -> Option<Variation> {
    let mut p = start.clone();
    for &m in &line[..at] {
        p.make(m);
    }
    let len = 1 + rng.below(4);
    let moves = random_line(rng, &p, len);
    if moves.is_empty() || moves[0] == line[at] {
        return None;
    }
    let mut v = Variation {
        at,
        moves,
        comments: Vec::new(),
        variations: Vec::new(),
    };
    if rng.below(2) == 0 {
        let k = rng.below(v.moves.len() + 1);
        v.comments.push((k, comment(rng, k)));
    }
    if depth < 2 && v.moves.len() > 1 && rng.below(3) == 0 {
        let at2 = 1 + rng.below(v.moves.len() - 1);
        if let Some(sub) = variation(rng, &p, &v.moves.clone(), at2, depth + 1) {
            v.variations.push(sub);
        }
    }
    Some(v)
}

fn generated(count: usize) -> Vec<GameRecord> {
    let mut rng = Rng(qishe::domain::SplitMix64(0x9e37_79b9_7f4a_7c15));
    let results = [None, Some("1-0"), Some("0-1"), Some("1/2-1/2")];
    (0..count)
        .map(|i| {
            let mut g = GameRecord::new(i);
            g.tags
                .push(("Event".into(), format!("Club archive {}", i / 50)));
            g.tags
                .push(("Red".into(), format!("红方{}", rng.below(40))));
            g.tags
                .push(("Black".into(), format!("黑方{}", rng.below(40))));
            g.result = results[rng.below(4)].map(String::from);
            let len = 10 + rng.below(60);
            g.moves = random_line(&mut rng, &g.start.clone(), len);
            for _ in 0..rng.below(4) {
                let k = rng.below(g.moves.len() + 1);
                g.comments.push((k, comment(&mut rng, k)));
            }
            g.comments.sort_by_key(|c| c.0);
            let mut ats: Vec<usize> = (0..rng.below(3))
                .map(|_| rng.below(g.moves.len()))
                .collect();
            ats.sort_unstable();
            for at in ats {
                let (start, line) = (g.start.clone(), g.moves.clone());
                if let Some(v) = variation(&mut rng, &start, &line, at, 0) {
                    g.variations.push(v);
                }
            }
            g
        })
        .collect()
}

#[test]
fn a_generated_archive_with_comments_and_variations_converts_losslessly() {
    let games = generated(crate::common::cases(60) as usize);
    let annotated = games
        .iter()
        .filter(|g| !g.comments.is_empty() && !g.variations.is_empty())
        .count();
    assert!(
        annotated * 5 >= games.len(),
        "{annotated} of {}",
        games.len()
    );
    round_trip(&games, "generated");
}
