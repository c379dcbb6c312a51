//! Round-robin on the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! Players are numbered 1..n by start number (ascending `id`). For an odd
//! field a dummy takes number n+1 and its opponent gets the round's bye. In
//! round r (1-based) of a cycle over an even table size N:
//! - the player `p` with `2p ≡ r+1 (mod N−1)` meets N (`p` has red in odd
//!   rounds, N in even rounds);
//! - board b (b = 1..N/2−1) is `p+b` (red) against `p−b`, numbers taken in
//!   1..N−1 cyclically.
//!
//! This reproduces the published tables (1-N, 2-(N−1), … in round 1; N-(N/2+1)
//! first in round 2, …). A double round-robin repeats the cycle with colours
//! reversed and, as C.05 Annex 1 recommends, plays the last two rounds of the
//! first cycle in exchanged order, so that nobody gets one colour three
//! times in a row across the change of cycle.

use super::{cxa, PairedBoard, PairingConfig, PairingError, RoundPairing, SwissState};
use crate::domain::Colour;
use crate::i18n::msg;

/// One scheduled game of the table, by Berger numbers (1-based); the dummy
/// of an odd field is number `table_size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableGame {
    pub red: u32,
    pub black: u32,
}

/// Size of the table for `n` players: n, or n+1 when n is odd.
pub fn table_size(n: u32) -> u32 {
    n + n % 2
}

/// Rounds of one cycle for `n` players.
pub fn rounds_per_cycle(n: u32) -> u32 {
    table_size(n).saturating_sub(1)
}

/// The Berger table for round `round` (1-based, within one cycle) and an
/// even table size `size` ≥ 2, boards in table order.
pub fn table_round(size: u32, round: u32) -> Vec<TableGame> {
    assert!(
        size >= 2 && size.is_multiple_of(2),
        "table size must be even"
    );
    assert!(round >= 1 && round < size, "round out of the cycle");
    let m = size - 1; // rotating numbers 1..=m
    let wrap = |v: i64| -> u32 { ((v - 1).rem_euclid(m as i64) + 1) as u32 };
    let p = if round % 2 == 1 {
        round.div_ceil(2)
    } else {
        round / 2 + size / 2
    };
    let mut games = Vec::with_capacity(size as usize / 2);
    if round % 2 == 1 {
        games.push(TableGame {
            red: p,
            black: size,
        });
    } else {
        games.push(TableGame {
            red: size,
            black: p,
        });
    }
    for b in 1..size / 2 {
        games.push(TableGame {
            red: wrap(p as i64 + b as i64),
            black: wrap(p as i64 - b as i64),
        });
    }
    games
}

/// The round's scheduled games in start numbers, with the bye (odd field)
/// separated out. `round` counts across cycles (1-based). Colours are
/// reversed in even cycles and when the first colour is black.
pub(crate) fn scheduled(
    ids: &[u32],
    round: u32,
    double: bool,
    first_colour: Colour,
) -> Result<(Vec<PairedBoard>, Option<u32>), PairingError> {
    let n = ids.len() as u32;
    if n < 2 {
        return Err(PairingError::InvalidState(msg!("err.pairing.rr_too_few")));
    }
    let size = table_size(n);
    let per_cycle = size - 1;
    let cycles = if double { 2 } else { 1 };
    if round == 0 || round > per_cycle * cycles {
        return Err(PairingError::RoundOutOfRange {
            round,
            why: if double {
                msg!(
                    "err.pairing.rr_double_rounds",
                    players = n,
                    rounds = per_cycle * cycles
                )
            } else {
                msg!(
                    "err.pairing.rr_single_rounds",
                    players = n,
                    rounds = per_cycle * cycles
                )
            },
        });
    }
    let cycle = (round - 1) / per_cycle;
    let mut r = (round - 1) % per_cycle + 1;
    if double && cycle == 0 && per_cycle >= 3 && r + 1 >= per_cycle {
        // Exchange the first cycle's last two rounds.
        r = if r == per_cycle {
            per_cycle - 1
        } else {
            per_cycle
        };
    }
    let reverse = (cycle % 2 == 1) != (first_colour == Colour::Black);
    let mut boards = Vec::new();
    let mut bye = None;
    for g in table_round(size, r) {
        let (red, black) = if reverse {
            (g.black, g.red)
        } else {
            (g.red, g.black)
        };
        if red > n {
            bye = Some(ids[black as usize - 1]);
        } else if black > n {
            bye = Some(ids[red as usize - 1]);
        } else {
            boards.push(PairedBoard {
                red: ids[red as usize - 1],
                black: ids[black as usize - 1],
            });
        }
    }
    Ok((boards, bye))
}

/// Pairs the next round of a round-robin.
///
/// Every player of the state keeps his Berger number (ascending start
/// number) for the whole event, so withdrawals do not reshuffle the table:
/// a player who is not available (withdrawn, requested bye, removed after
/// consecutive forfeits) is simply not seated, and his scheduled opponent has
/// no game that round (reported in `notes`). Forbidden pairs are never
/// seated either: both players are left out with a note.
pub fn pair(state: &SwissState, config: &PairingConfig) -> Result<RoundPairing, PairingError> {
    let mut ids: Vec<u32> = state.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return Err(PairingError::InvalidState(msg!(
            "err.pairing.duplicate_start_numbers"
        )));
    }
    let (boards, bye) = scheduled(
        &ids,
        state.round,
        config.double_round_robin,
        state.first_colour,
    )?;
    let limit = config.cxa.forfeit_limit;
    let plays = |id: u32| -> bool {
        state
            .player(id)
            .is_some_and(|p| p.available && !cxa::removed_for_forfeits(p, limit))
    };
    let forbidden = |a: u32, b: u32| {
        state
            .forbidden
            .iter()
            .any(|&(x, y)| (x == a && y == b) || (x == b && y == a))
    };
    let mut out = RoundPairing::default();
    for b in boards {
        match (plays(b.red), plays(b.black)) {
            (true, true) if forbidden(b.red, b.black) => {
                out.notes
                    .push(msg!("note.rr.forbidden_not_seated", a = b.red, b = b.black))
            }
            (true, true) => out.boards.push(b),
            (true, false) => {
                out.notes
                    .push(msg!("note.rr.no_game", id = b.red, opponent = b.black))
            }
            (false, true) => {
                out.notes
                    .push(msg!("note.rr.no_game", id = b.black, opponent = b.red))
            }
            (false, false) => {}
        }
    }
    if let Some(b) = bye {
        if plays(b) {
            out.bye = Some(b);
        }
    }
    Ok(out)
}
