//! The Dutch large-round benchmark set: pinned pairing hashes,
//! the round-1 shortcut and the bracket windows against the full matcher.
//!
//! The hashes were taken before any speed work, with every bracket going
//! through the matcher; a faster pairing must give the same rounds. Only
//! the 100-player rounds run by default (they take well under a second in
//! a debug build); the large ones are checked by the bench itself and by
//! `cargo test --release --test it dutch_bench_set -- --ignored`.

use proptest::prelude::*;
use qishe::domain::Colour;
use qishe::pairing::dutch::{self, simulate};

/// (players, round, pairing hash) of the benchmark set.
const PINNED: &[(usize, u32, u64)] = simulate::BENCH_HASHES;

fn check(n: usize) {
    for &(size, round, want) in PINNED.iter().filter(|p| p.0 == n) {
        let state = simulate::bench_round(size, round);
        let got = simulate::pairing_hash(&dutch::pair(&state).expect("pairable"));
        assert_eq!(got, want, "{size} players, round {round}: got {got:016x}");
    }
}

#[test]
fn bench_set_100_players_pairs_as_pinned() {
    check(100);
}

/// Minutes in a debug build; seconds with `--release`.
#[test]
#[ignore]
fn bench_set_large_rounds_pair_as_pinned() {
    for n in [1000, 3000, 9999] {
        // 3,000 round 5: about 2.5 s in release; 9,999 round 5 about 60 s.
        check(n);
    }
}

/// A round-1 field: `n` players, some absent, maybe a forbidden pair.
fn round_one(
    n: usize,
    absent: &[usize],
    forbid: Option<(usize, usize)>,
    red: bool,
) -> qishe::pairing::SwissState {
    let mut s = simulate::new_event(n, 7);
    for &a in absent {
        s.players[a % n].available = false;
    }
    if let Some((a, b)) = forbid {
        let (a, b) = (a % n, b % n);
        if a != b {
            s.forbidden.push((s.players[a].id, s.players[b].id));
        }
    }
    s.first_colour = if red { Colour::Red } else { Colour::Black };
    s
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::common::cases(64)))]
    /// A round with no history and nothing forbidden pairs S1 against S2
    /// directly; the matcher (every bracket solved) gives the same round:
    /// pairs, colours, board order and bye. With a forbidden pair the
    /// shortcut stands aside and the answers agree trivially.
    #[test]
    fn round_one_shortcut_equals_the_matcher(
        n in 2usize..70,
        absent in proptest::collection::vec(0usize..70, 0..6),
        forbid in proptest::option::weighted(0.2, (0usize..70, 0usize..70)),
        red in any::<bool>(),
    ) {
        let s = round_one(n, &absent, forbid, red);
        let fast = dutch::pair(&s).map_err(|e| e.to_string());
        let full = dutch::pair_without_shortcuts(&s).map_err(|e| e.to_string());
        prop_assert_eq!(fast, full);
    }

    /// Round 1 with virtual points (accelerated pairings): a top group of
    /// `ga` players with a point or a half (FIDE's Baku groups are even,
    /// odd ones float a player down), or random points per player; the
    /// shortcut pairs each scoregroup on its own only when every group but
    /// the last is even, and agrees with the matcher either way.
    #[test]
    fn accelerated_round_one_shortcut_equals_the_matcher(
        n in 2usize..70,
        ga in 0usize..70,
        per_player in proptest::option::weighted(0.3, proptest::collection::vec(0u8..4, 70)),
        absent in proptest::collection::vec(0usize..70, 0..4),
        red in any::<bool>(),
    ) {
        let mut s = round_one(n, &absent, None, red);
        for (k, p) in s.players.iter().enumerate() {
            let tenths = match &per_player {
                Some(v) => [0, 0, 5, 10][v[k] as usize],
                None if k < ga % (n + 1) => 10,
                None => 0,
            };
            if tenths > 0 {
                s.virtual_points
                    .insert(p.id, vec![qishe::domain::Points::from_hundredths(10 * tenths)]);
            }
        }
        let fast = dutch::pair(&s).map_err(|e| e.to_string());
        let full = dutch::pair_without_shortcuts(&s).map_err(|e| e.to_string());
        prop_assert_eq!(fast, full);
    }

    /// Later rounds with history (forfeits, pairing and requested byes,
    /// players who stop coming, forbidden pairs): the fast path (each
    /// bracket in a window of its own players when the players below
    /// provably take whoever floats down) pairs as one matcher over every
    /// player does.
    #[test]
    fn bracket_windows_equal_the_full_matcher(
        n in 12usize..80,
        rounds in 1u32..6,
        seed in any::<u64>(),
        greedy in any::<bool>(),
        gone in proptest::collection::vec(0usize..80, 0..8),
        forbid in proptest::collection::vec((0usize..80, 0usize..80), 0..3),
    ) {
        let mut s = if greedy {
            simulate::quick_tournament(n, rounds, 9, seed)
        } else {
            simulate::tournament(n, rounds, 9, seed)
        };
        for &g in &gone {
            s.players[g % n].available = false;
        }
        for &(a, b) in &forbid {
            let (a, b) = (s.players[a % n].id, s.players[b % n].id);
            if a != b {
                s.forbidden.push((a, b));
            }
        }
        let fast = dutch::pair(&s).map_err(|e| e.to_string());
        let full = dutch::pair_without_shortcuts(&s).map_err(|e| e.to_string());
        prop_assert_eq!(fast, full);
    }
}
