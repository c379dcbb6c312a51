//! FIDE Dutch system (C.04.3, 2025 rules), red in the role of white.
//!
//! The absolute and quality criteria become the bits of one edge weight per
//! pair of players, most important criterion highest; a maximum-weight
//! matching over those weights pairs one bracket at a time, from the top
//! scoregroup down. The ordering rules of the bracket procedure (which MDPs
//! are paired, which residents are exchanged between S1 and S2, who meets
//! whom inside S1/S2) are settled by re-solving with small weight bonuses
//! and fixing the result player by player, as the endorsed engine does.
//!
//! Here: the entry points, the round-1 shortcut and the engine's state;
//! `player.rs` what the rules read of each player, `layout.rs` the widths
//! of the weight fields, `weights.rs` the edge weights and the completion
//! matching, `engine.rs` the matcher window, `bracket.rs` the bracket
//! procedure (`base.rs` its base weights), `window.rs` when a bracket may
//! be paired alone.

// Index loops over parallel arrays read better than zipped iterators here.
#![allow(clippy::needless_range_loop)]

mod base;
mod bracket;
mod engine;
mod layout;
mod player;
#[cfg(any(test, feature = "testkit"))]
pub mod simulate;
mod weights;
mod window;

use crate::domain::Points;
use crate::i18n::{msg, Msg};
use crate::pairing::matching::{Matcher, Uint, MAX_VERTICES};
use crate::pairing::{PairingError, RoundPairing, SwissState};
use layout::{Layout, ScoreMap};
use player::Info;

/// Bits needed to write `x` (0 for 0).
fn bits_for(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Pairs the next round of `state` with the Dutch system.
pub fn pair(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, false, true)
}

/// The same pairing without the shortcuts for brackets the rules make
/// trivial: every bracket goes through the matcher (tests compare the two).
#[cfg(any(test, feature = "testkit"))]
pub fn pair_without_shortcuts(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, false, false)
}

/// The same pairing with every matching solved from scratch: a slow
/// reference that tests compare the incremental solver against.
#[cfg(any(test, feature = "testkit"))]
pub fn pair_reference(state: &SwissState) -> Result<RoundPairing, PairingError> {
    pair_with(state, true, false)
}

fn pair_with(
    state: &SwissState,
    fresh: bool,
    shortcuts: bool,
) -> Result<RoundPairing, PairingError> {
    let info = Info::build(state)?;
    let n = info.sorted.len();
    if n == 0 {
        return Ok(RoundPairing::default());
    }
    if n == 1 {
        let p = &info.players[info.sorted[0]];
        if !p.bye_eligible {
            return Err(PairingError::NoLegalPairing {
                round: state.round,
                why: msg!("err.pairing.only_one_had_bye", id = p.id),
            });
        }
        return Ok(RoundPairing {
            boards: Vec::new(),
            bye: Some(p.id),
            notes: Vec::new(),
        });
    }
    // (Refused up front, round 1 too: an event must not start that no
    // later round could pair.)
    if n > MAX_VERTICES {
        return Err(PairingError::InvalidState(msg!(
            "err.pairing.too_many_players",
            count = n,
            max = MAX_VERTICES
        )));
    }
    if shortcuts {
        if let Some(mates) = unconstrained_round(&info) {
            return Ok(info.result(&mates));
        }
    }
    // The reference keeps one scoregroup layout for the whole round; the
    // fast path lays out each bracket's own scoregroups in narrower fields
    // and widens to the round's layout only if a bracket does not fit.
    let mates = solve_round(
        &info,
        Layout::new(&info, fresh),
        fresh,
        shortcuts,
        state.round,
    )?;
    Ok(info.result(&mates))
}

/// A round with no history and nothing forbidden (round 1 of an event
/// without forbidden pairs, accelerated or not) pairs each scoregroup on
/// its own when every scoregroup but the last has an even number of
/// players: every pair is allowed, no criterion tells two pairings apart
/// but the bracket order, so S1 (a group's top half) meets S2 in order,
/// S1[i] against S2[i], and nobody floats; in an odd round the last
/// player of the lowest group is left for the bye (the bye criteria all
/// weigh alike with no history, and the last player is the one a
/// homogeneous bracket leaves over). Without acceleration round 1 is one
/// scoregroup; FIDE's Baku groups are even. The matcher would spend O(n³)
/// to find this; `tests/it/dutch_bench_set.rs` and the unit tests compare
/// the two on random rounds.
fn unconstrained_round(info: &Info) -> Option<Mates> {
    let n = info.sorted.len();
    if info.played_rounds != 0
        || n < 2
        || info.sorted.iter().any(|&i| {
            let p = &info.players[i];
            !p.forbidden.is_empty() || !p.bye_eligible
        })
    {
        return None;
    }
    let score = |v: usize| info.players[info.sorted[v]].score;
    let mut mates: Mates = (0..n).collect();
    let mut start = 0;
    while start < n {
        let end = (start..n).find(|&v| score(v) != score(start)).unwrap_or(n);
        let size = end - start;
        if size % 2 == 1 && end != n {
            return None;
        }
        let half = size / 2;
        for i in start..start + half {
            mates[i] = half + i;
            mates[half + i] = i;
        }
        start = end;
    }
    Some(mates)
}

/// Runs the engine on `layout`, widened to the round's layout if a bracket
/// does not fit.
fn solve_round(
    info: &Info,
    mut layout: Layout,
    fresh: bool,
    windowed: bool,
    round: u32,
) -> Result<Mates, PairingError> {
    let mut tail_at = usize::MAX;
    loop {
        match run_engine(info, layout.clone(), fresh, windowed, tail_at) {
            Err(RunError::Widen(k)) => tail_at = k,
            Err(RunError::Narrow) if layout.s < layout.round_s() => layout.s = layout.round_s(),
            Err(RunError::Narrow) => {
                return Err(PairingError::InvalidState(msg!(
                    "err.pairing.layout_overflow"
                )))
            }
            Err(RunError::TooLarge | RunError::Rescale) => {
                return Err(PairingError::InvalidState(msg!("err.pairing.too_large")))
            }
            Err(RunError::NoPairing(why)) => {
                return Err(PairingError::NoLegalPairing { round, why })
            }
            Ok(m) => return Ok(m),
        }
    }
}

/// Why one run of the engine gave no pairing.
#[derive(Debug)]
enum RunError {
    /// Bracket `k` (counted from the top) cannot be paired in a relaxed
    /// window: pair it and the rest of the round over every player left.
    Widen(usize),
    /// A bracket's scoregroups need wider fields than the layout has.
    Narrow,
    /// The weights would need more than the widest engine.
    TooLarge,
    /// An unscaled run met a solve that needs its values scaled, or
    /// duals wider than it has room for: run again on the wider type.
    Rescale,
    /// No legal pairing exists.
    NoPairing(Msg),
}

fn run_engine(
    info: &Info,
    layout: Layout,
    fresh: bool,
    windowed: bool,
    tail_at: usize,
) -> Result<Mates, RunError> {
    // Every value of a solve at scale s takes at most `total_bits + 8 + s`
    // bits (weights `total_bits`, doubled and summed into duals within the
    // 8 spare bits), so the wide type below has room for every scale the
    // matcher may reach. Solves almost never scale at all: a type with
    // room for scale 0 only is tried first when it has fewer limbs. It
    // computes the very integers the wide type would, step by step, as
    // long as no solve scales (it stops at the first that would) and no
    // dual takes more than `total_bits + 6` bits (checked after every
    // solve; the spare bits left cover a sum of four such values); when
    // either happens the round is paired again on the wide type. So the
    // pairing is the wide type's in every case.
    let exact = layout.total_bits() + 8;
    let wide = exact + crate::pairing::matching::MAX_SCALE;
    if engine_limbs(exact) < engine_limbs(wide) {
        let unscaled = run_sized(
            info,
            layout.clone(),
            fresh,
            windowed,
            tail_at,
            exact,
            Some(exact - 2),
        );
        if !matches!(unscaled, Err(RunError::Rescale)) {
            return unscaled;
        }
    }
    run_sized(info, layout, fresh, windowed, tail_at, wide, None)
}

/// The limbs of the engine type that holds `bits` (see `run_sized`).
fn engine_limbs(bits: u32) -> usize {
    match (bits as usize).div_ceil(64) {
        0..=2 => 2,
        l @ 3..=8 => l,
        9..=10 => 10,
        11..=12 => 12,
        13..=14 => 14,
        15..=16 => 16,
        17..=24 => 24,
        25..=32 => 32,
        33..=48 => 48,
        49..=64 => 64,
        _ => usize::MAX,
    }
}

/// Runs the engine on the type of `engine_limbs(bits)` limbs, unscaled
/// with that dual limit when `dual_limit` is given.
fn run_sized(
    info: &Info,
    layout: Layout,
    fresh: bool,
    windowed: bool,
    tail_at: usize,
    bits: u32,
    dual_limit: Option<u32>,
) -> Result<Mates, RunError> {
    fn go<const N: usize>(
        info: &Info,
        layout: Layout,
        fresh: bool,
        windowed: bool,
        tail_at: usize,
        dual_limit: Option<u32>,
    ) -> Result<Mates, RunError> {
        let mut e = Engine::<N>::new(info, layout, fresh, windowed, tail_at);
        match dual_limit {
            Some(limit) => e.unscaled(limit).run(),
            None => e.run(),
        }
    }
    let l = dual_limit;
    match engine_limbs(bits) {
        2 => go::<2>(info, layout, fresh, windowed, tail_at, l),
        3 => go::<3>(info, layout, fresh, windowed, tail_at, l),
        4 => go::<4>(info, layout, fresh, windowed, tail_at, l),
        5 => go::<5>(info, layout, fresh, windowed, tail_at, l),
        6 => go::<6>(info, layout, fresh, windowed, tail_at, l),
        7 => go::<7>(info, layout, fresh, windowed, tail_at, l),
        8 => go::<8>(info, layout, fresh, windowed, tail_at, l),
        10 => go::<10>(info, layout, fresh, windowed, tail_at, l),
        12 => go::<12>(info, layout, fresh, windowed, tail_at, l),
        14 => go::<14>(info, layout, fresh, windowed, tail_at, l),
        16 => go::<16>(info, layout, fresh, windowed, tail_at, l),
        24 => go::<24>(info, layout, fresh, windowed, tail_at, l),
        32 => go::<32>(info, layout, fresh, windowed, tail_at, l),
        48 => go::<48>(info, layout, fresh, windowed, tail_at, l),
        64 => go::<64>(info, layout, fresh, windowed, tail_at, l),
        _ => Err(RunError::TooLarge),
    }
}

type Mates = Vec<usize>;

/// No local vertex: the player is outside the matcher's window.
const OUTSIDE: usize = usize::MAX;

struct Engine<'a, const N: usize> {
    info: &'a Info,
    lay: Layout,
    /// The matcher over the window's vertices (local numbers).
    m: Matcher<Uint<N>>,
    /// Solve every matching from scratch (reference mode).
    fresh: bool,
    /// The scoregroup map of the bracket being paired.
    map: ScoreMap,
    /// Pair each bracket in a matcher of its own players when the players
    /// below it provably take whoever floats down (see `window.rs`);
    /// otherwise one matcher over every player, as the reference does.
    windowed: bool,
    /// The window: local vertex → vertex, and back (`OUTSIDE`).
    verts: Vec<usize>,
    loc: Vec<usize>,
    /// The window's weights leave out the completion field (the players
    /// below the window complete any outcome; see `window.rs`).
    relaxed: bool,
    /// The window holds every player not yet paired, for the rest of the round.
    tail: bool,
    /// The last matching, by vertex (window mode).
    st_buf: Vec<usize>,
    /// Bye parameters of the edges outside the brackets (their base weights).
    ctx_bye: BracketCtx,
    /// How many players forbid each vertex (the reverse of `forbidden`).
    forbidden_by: Vec<usize>,
    /// Brackets paired in a relaxed window (tests read it).
    relaxed_brackets: usize,
    /// The bracket being paired, counted from the top, and the first one
    /// to pair over every player left.
    bracket_no: usize,
    tail_at: usize,
    /// The players below a relaxed window.
    below: window::Below,
    /// Scratch bonuses by local vertex (`sure_mate`).
    bonus_buf: Vec<u64>,
    /// The matcher's pinned slot of each weight a pass names by a key of
    /// its own (`UNKNOWN_SLOT`: not met yet), and the slots pinned (see
    /// `Engine::set_keyed`).
    pass_slots: Vec<u32>,
    pinned: Vec<u32>,
    /// The completion field's values, `k` at its place for `k` in 0..4
    /// (see `window::completion_part`), shifted once per round.
    completion_units: [Uint<N>; 4],
    /// An unscaled run: the most bits a dual may take (see
    /// [`Engine::unscaled`]).
    dual_limit: Option<u32>,
}

/// Parameters of the bracket being paired that enter the base weights.
#[derive(Clone, Copy)]
struct BracketCtx {
    bye_score: Points,
    single_downfloater_is_bye: bool,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A layout too narrow for some bracket is widened, and the round comes
    /// out as the reference pairs it.
    #[test]
    fn a_bracket_too_wide_for_the_layout_widens_it() {
        let mut narrow = 0;
        for seed in 0..40u64 {
            let state = simulate::quick_tournament(30, 3, 9, seed);
            let info = Info::build(&state).unwrap();
            let mut lay = Layout::new(&info, false);
            lay.s = bits_for(2 * lay.groups.len());
            let want = pair_reference(&state).map(|p| p.boards);
            if run_engine(&info, lay.clone(), false, false, usize::MAX)
                .is_err_and(|e| matches!(e, RunError::Narrow))
            {
                narrow += 1;
            }
            let got =
                solve_round(&info, lay, false, true, state.round).map(|m| info.result(&m).boards);
            assert_eq!(got, want, "seed {seed}");
        }
        assert!(
            narrow > 20,
            "only {narrow} of 40 rounds needed wider fields"
        );
    }

    /// An unscaled run pairs as the wide type does, and stops for the wide
    /// type to pair the round as soon as a dual passes its limit.
    #[test]
    fn an_unscaled_run_pairs_as_the_wide_type_or_stops() {
        let mut compared = 0;
        for seed in 0..12u64 {
            let state = simulate::quick_tournament(40, 4, 9, seed);
            let info = Info::build(&state).unwrap();
            let lay = Layout::new(&info, false);
            let exact = lay.total_bits() + 8;
            let scale = crate::pairing::matching::MAX_SCALE;
            let max = usize::MAX;
            let wide = run_sized(&info, lay.clone(), false, true, max, exact + scale, None);
            let unscaled = run_sized(&info, lay.clone(), false, true, max, exact, Some(exact - 2));
            let Ok(wide) = wide else {
                continue;
            };
            assert_eq!(unscaled.ok(), Some(wide), "seed {seed}");
            compared += 1;
            let stopped = run_sized(&info, lay.clone(), false, true, max, exact, Some(1));
            assert!(matches!(stopped, Err(RunError::Rescale)), "seed {seed}");
            let again = run_engine(&info, lay, false, true, max);
            assert!(again.is_ok(), "seed {seed}");
        }
        assert!(compared > 6, "only {compared} rounds paired");
    }

    /// A field larger than the matcher takes is refused with a message,
    /// in round 1 already; one player fewer pairs.
    #[test]
    fn a_field_over_the_matchers_limit_is_refused_up_front() {
        let state = simulate::new_event(MAX_VERTICES + 1, 9);
        let err = pair(&state).expect_err("too many players");
        let text = err.to_string();
        assert!(text.contains(&(MAX_VERTICES + 1).to_string()), "{text}");
        assert!(text.contains(&MAX_VERTICES.to_string()), "{text}");
        let state = simulate::new_event(MAX_VERTICES, 9);
        let p = pair(&state).expect("round 1 of the largest field");
        assert_eq!(p.boards.len(), MAX_VERTICES / 2);
    }

    /// Moving a weight's counters to another bracket's map gives the weight
    /// that map builds, for every kind of edge the brackets write.
    #[test]
    fn remapped_weights_equal_weights_built_in_the_new_map() {
        for seed in 0..6u64 {
            let state = simulate::quick_tournament(40, 4, 9, seed);
            let info = Info::build(&state).unwrap();
            let mut lay = Layout::new(&info, false);
            lay.s = lay.round_s();
            let n = info.sorted.len();
            let mut e = Engine::<8>::new(&info, lay.clone(), false, false, usize::MAX);
            let scores: Vec<Points> = (0..n).map(|v| e.score(v)).collect();
            // Two brackets sharing the vertices 10..20: one reaching up to
            // the top, one down to the bottom.
            let first = lay.bracket_map(scores[..20].iter().copied()).unwrap();
            let second = lay.bracket_map(scores[10..].iter().copied()).unwrap();
            let ctx = BracketCtx {
                bye_score: Points::ZERO,
                single_downfloater_is_bye: false,
            };
            let ranks = HashMap::new();
            let mut moved = 0;
            for lo in 11..20 {
                for hi in 10..lo {
                    for (cur, next) in [(true, false), (false, true), (false, false)] {
                        e.map = first.clone();
                        let w = e.edge_weight(hi, lo, cur, next, ctx, &ranks);
                        e.map = second.clone();
                        let want = e.edge_weight(hi, lo, cur, next, ctx, &ranks);
                        assert_eq!(e.remap(w, &first), want, "seed {seed} edge {hi}-{lo}");
                        moved += (w != want) as usize;
                    }
                }
            }
            assert!(moved > 0, "seed {seed}: the maps should differ");
        }
    }
}
