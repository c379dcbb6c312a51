//! Round-robin: the FIDE Berger tables (C.05 Annex 1) and their properties.

use qishe::domain::{Colour, PairingSystem, Points};
use qishe::pairing::berger::{rounds_per_cycle, table_round, table_size};
use qishe::pairing::check::{check_round, record_round, BoardResult};
use qishe::pairing::{pair, PairingConfig, PairingPlayer, SwissState};
use std::collections::{HashMap, HashSet};

/// The published tables, "red-black" per board, one string per round.
const PUBLISHED: [(u32, &[&str]); 4] = [
    (4, &["1-4 2-3", "4-3 1-2", "2-4 3-1"]),
    (
        6,
        &[
            "1-6 2-5 3-4",
            "6-4 5-3 1-2",
            "2-6 3-1 4-5",
            "6-5 1-4 2-3",
            "3-6 4-2 5-1",
        ],
    ),
    (
        8,
        &[
            "1-8 2-7 3-6 4-5",
            "8-5 6-4 7-3 1-2",
            "2-8 3-1 4-7 5-6",
            "8-6 7-5 1-4 2-3",
            "3-8 4-2 5-1 6-7",
            "8-7 1-6 2-5 3-4",
            "4-8 5-3 6-2 7-1",
        ],
    ),
    (
        10,
        &[
            "1-10 2-9 3-8 4-7 5-6",
            "10-6 7-5 8-4 9-3 1-2",
            "2-10 3-1 4-9 5-8 6-7",
            "10-7 8-6 9-5 1-4 2-3",
            "3-10 4-2 5-1 6-9 7-8",
            "10-8 9-7 1-6 2-5 3-4",
            "4-10 5-3 6-2 7-1 8-9",
            "10-9 1-8 2-7 3-6 4-5",
            "5-10 6-4 7-3 8-2 9-1",
        ],
    ),
];

#[test]
fn tables_match_the_published_ones() {
    for (n, rounds) in PUBLISHED {
        assert_eq!(rounds_per_cycle(n) as usize, rounds.len());
        for (r, want) in rounds.iter().enumerate() {
            let got: Vec<String> = table_round(n, r as u32 + 1)
                .iter()
                .map(|g| format!("{}-{}", g.red, g.black))
                .collect();
            assert_eq!(got.join(" "), *want, "n={n} round {}", r + 1);
        }
    }
}

fn state(n: u32, rounds: u32) -> SwissState {
    SwissState {
        players: (1..=n)
            .map(|id| PairingPlayer {
                id: id * 3 + 7, // start numbers need not be 1..n
                name: format!("P{id}"),
                rating: 0,
                club: None,
                history: Vec::new(),
                available: true,
            })
            .collect(),
        round: 1,
        total_rounds: rounds,
        forbidden: Vec::new(),
        first_colour: Colour::Red,
        win_points: Points::new(2),
        draw_points: Points::new(1),
        virtual_points: Default::default(),
    }
}

/// Plays a whole (double) round-robin through `pair`, every game drawn.
fn play(n: u32, double: bool) -> SwissState {
    let per = rounds_per_cycle(n);
    let total = if double { 2 * per } else { per };
    let mut s = state(n, total);
    let mut cfg = PairingConfig::new(PairingSystem::Berger);
    cfg.double_round_robin = double;
    for _ in 0..total {
        let p = pair(&s, &cfg).unwrap();
        assert_eq!(
            check_round(&s, &p, PairingSystem::Berger),
            vec![],
            "n={n} round {}",
            s.round
        );
        assert_eq!(p.boards.len() as u32, n / 2);
        assert_eq!(p.bye.is_some(), n % 2 == 1);
        let res = vec![BoardResult::Draw; p.boards.len()];
        record_round(&mut s, &p, &res, None, Points::new(2));
    }
    let extra = pair(&s, &cfg);
    assert!(
        extra.is_err(),
        "a finished round-robin must refuse another round"
    );
    s
}

#[test]
fn everyone_meets_everyone_once_per_cycle_with_balanced_colours() {
    for n in 3..=24u32 {
        for double in [false, true] {
            let s = play(n, double);
            let cycles = if double { 2 } else { 1 };
            let per = rounds_per_cycle(n) as usize;
            for p in &s.players {
                for c in 0..cycles {
                    let part = &p.history[c * per..(c + 1) * per];
                    let opps: Vec<u32> = part.iter().filter_map(|r| r.opponent).collect();
                    let set: HashSet<u32> = opps.iter().copied().collect();
                    assert_eq!(opps.len(), set.len(), "n={n}: {} met someone twice", p.id);
                    assert_eq!(set.len() as u32, n - 1, "n={n}: {} missed someone", p.id);
                    let byes = part.iter().filter(|r| r.opponent.is_none()).count();
                    assert_eq!(byes, (n % 2) as usize, "n={n}: byes of {}", p.id);
                    let reds = part
                        .iter()
                        .filter(|r| r.colour == Some(Colour::Red))
                        .count();
                    let blacks = part
                        .iter()
                        .filter(|r| r.colour == Some(Colour::Black))
                        .count();
                    assert!(
                        reds.abs_diff(blacks) <= 1,
                        "n={n}: {} has {reds} reds and {blacks} blacks",
                        p.id
                    );
                }
                if double {
                    // Each pair meets once with each colour.
                    let mut seen: HashMap<u32, Vec<Colour>> = HashMap::new();
                    for r in &p.history {
                        if let (Some(o), Some(c)) = (r.opponent, r.colour) {
                            seen.entry(o).or_default().push(c);
                        }
                    }
                    for (o, cs) in seen {
                        assert_eq!(cs.len(), 2, "n={n}: {} v {o}", p.id);
                        assert_ne!(cs[0], cs[1], "n={n}: {} v {o} same colour twice", p.id);
                    }
                    // No colour three times in a row, across the cycle change too
                    // (games only: a bye breaks the sequence).
                    let cols: Vec<Option<Colour>> = p.history.iter().map(|r| r.colour).collect();
                    for w in cols.windows(3) {
                        assert!(
                            !(w[0].is_some() && w[0] == w[1] && w[1] == w[2]),
                            "n={n}: {} has three {:?} in a row",
                            p.id,
                            w[0]
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn odd_field_gives_the_bye_to_the_dummys_opponent() {
    // n = 5 uses the 6-player table; number 6 is the dummy.
    let s = state(5, 5);
    let p = pair(&s, &PairingConfig::new(PairingSystem::Berger)).unwrap();
    // Round 1: 1-6 is the bye of player number 1 (start number 10).
    assert_eq!(p.bye, Some(10));
    assert_eq!(table_size(5), 6);
}

#[test]
fn withdrawn_and_forbidden_players_are_left_out_with_a_note() {
    let mut s = state(6, 5);
    s.players[5].available = false; // number 6 (start 25) withdraws
    s.forbidden.push((13, 22)); // numbers 2 and 5 meet in round 1
    let p = pair(&s, &PairingConfig::new(PairingSystem::Berger)).unwrap();
    let b: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.red, b.black)).collect();
    assert_eq!(b, vec![(16, 19)]); // only 3-4 is seated
    assert_eq!(p.notes.len(), 2, "{:?}", p.notes);
    assert!(check_round(&s, &p, PairingSystem::Berger).is_empty());
}

#[test]
fn first_colour_black_reverses_the_table() {
    let mut s = state(4, 3);
    s.first_colour = Colour::Black;
    let p = pair(&s, &PairingConfig::new(PairingSystem::Berger)).unwrap();
    let b: Vec<(u32, u32)> = p.boards.iter().map(|b| (b.red, b.black)).collect();
    assert_eq!(b, vec![(19, 10), (16, 13)]);
}
