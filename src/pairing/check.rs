//! Checking a round's pairing against the rules, for manual changes.
//!
//! The arbiter may move players around after the program paired a round.
//! [`check_round`] says which rule each change breaks, in words an arbiter
//! understands; the arbiter may still insist: this only warns.
//!
//! [`record_round`] appends a paired round's results to a state, which lets
//! tests (and replays) play whole tournaments.

use super::{
    berger, cxa, GameScore, PairingSystem, RoundKind, RoundPairing, RoundRecord, SwissState,
};
use crate::domain::{Colour, Points};
use crate::i18n::{msg, Arg, Msg};
use std::collections::{HashMap, HashSet};

/// One broken rule in a round's pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleViolation {
    /// A start number that is not in the event.
    UnknownPlayer { player: u32 },
    /// A player paired against himself.
    PairedWithSelf { player: u32 },
    /// A player seated on two boards (or on a board and the bye).
    PairedTwice { player: u32 },
    /// A player seated although withdrawn or not available this round.
    NotAvailable { player: u32 },
    /// An available player left out (neither seated nor given the bye).
    Missing { player: u32 },
    /// Two players who already met (`round`: where they met).
    Rematch { a: u32, b: u32, round: u32 },
    /// A pair the arbiter declared must not meet.
    ForbiddenPair { a: u32, b: u32 },
    /// A player would get the same colour three times in a row.
    ThreeInARow { player: u32, colour: Colour },
    /// A player's reds minus blacks would reach `difference`.
    ColourImbalance { player: u32, difference: i64 },
    /// A player who already had a pairing-allocated bye (or, in the Dutch
    /// system, a forfeit win) gets another one.
    SecondBye { player: u32, earlier_round: u32 },
    /// A bye although every available player could be seated.
    UnneededBye { player: u32 },
}

impl RuleViolation {
    /// The broken rule as a keyed message, each player as `name` gives
    /// him (the TUI: his name and start number).
    pub fn msg_named(&self, name: &dyn Fn(u32) -> Arg) -> Msg {
        use RuleViolation::*;
        let colour = |c: Colour| {
            Msg::new(match c {
                Colour::Red => "tui.colour.red",
                Colour::Black => "tui.colour.black",
            })
        };
        match *self {
            UnknownPlayer { player } => msg!("rule.unknown_player", p = name(player)),
            PairedWithSelf { player } => msg!("rule.paired_with_self", p = name(player)),
            PairedTwice { player } => msg!("rule.paired_twice", p = name(player)),
            NotAvailable { player } => msg!("rule.not_available", p = name(player)),
            Missing { player } => msg!("rule.missing", p = name(player)),
            Rematch { a, b, round } => msg!("rule.rematch", a = name(a), b = name(b), round),
            ForbiddenPair { a, b } => msg!("rule.forbidden", a = name(a), b = name(b)),
            ThreeInARow { player, colour: c } => {
                msg!("rule.three_in_a_row", p = name(player), colour = colour(c))
            }
            ColourImbalance { player, difference } => {
                let (more, less) = if difference > 0 {
                    (Colour::Red, Colour::Black)
                } else {
                    (Colour::Black, Colour::Red)
                };
                msg!(
                    "rule.imbalance",
                    p = name(player),
                    n = difference.abs(),
                    more = colour(more),
                    less = colour(less)
                )
            }
            SecondBye {
                player,
                earlier_round,
            } => msg!("rule.second_bye", p = name(player), round = earlier_round),
            UnneededBye { player } => msg!("rule.unneeded_bye", p = name(player)),
        }
    }

    /// The broken rule as a keyed message, players by start number.
    pub fn msg(&self) -> Msg {
        self.msg_named(&|no| Arg::Msg(msg!("rule.player", no)))
    }
}

crate::i18n::english_display!(RuleViolation);

/// Checks a round's pairing (perhaps changed by hand) against the rules of
/// `system`: everyone available seated once or given the bye, no rematch
/// (within a cycle for a round-robin), no forbidden pair, no second bye, and
/// the colour limits (Chinese method: no three in a row, reds − blacks never
/// ±3, counting byes and forfeits with their recorded colours; Dutch: FIDE's
/// absolute colour rules over games played, waived for topscorers in the
/// last round). Players removed after two consecutive forfeits (the default
/// limit) are not expected.
pub fn check_round(
    state: &SwissState,
    pairing: &RoundPairing,
    system: PairingSystem,
) -> Vec<RuleViolation> {
    use RuleViolation::*;
    let mut out = Vec::new();
    let mut seen: HashSet<u32> = HashSet::new();
    let mut seat = |id: u32, out: &mut Vec<RuleViolation>| {
        if state.player(id).is_none() {
            out.push(UnknownPlayer { player: id });
        } else if !seen.insert(id) {
            out.push(PairedTwice { player: id });
        } else if !state.player(id).is_some_and(|p| p.available) {
            out.push(NotAvailable { player: id });
        }
    };
    for b in &pairing.boards {
        if b.red == b.black {
            out.push(PairedWithSelf { player: b.red });
            continue;
        }
        seat(b.red, &mut out);
        seat(b.black, &mut out);
    }
    if let Some(b) = pairing.bye {
        seat(b, &mut out);
    }

    // Who should have been seated.
    let limit = cxa::CxaDefaults::FORFEIT_LIMIT;
    let mut expected: Vec<u32> = state
        .players
        .iter()
        .filter(|p| p.available && !cxa::removed_for_forfeits(p, limit))
        .map(|p| p.id)
        .collect();
    let mut cycle_start = 0u32;
    if system == PairingSystem::Berger {
        let mut ids: Vec<u32> = state.players.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        let per_cycle = berger::rounds_per_cycle(ids.len() as u32).max(1);
        cycle_start = (state.round.saturating_sub(1) / per_cycle) * per_cycle;
        let double = state.total_rounds > per_cycle;
        if let Ok((boards, _)) = berger::scheduled(&ids, state.round, double, state.first_colour) {
            let plays: HashSet<u32> = expected.iter().copied().collect();
            let idle: HashSet<u32> = boards
                .iter()
                .flat_map(|b| {
                    let mut v = Vec::new();
                    let banned = state.forbidden.iter().any(|&(x, y)| {
                        (x == b.red && y == b.black) || (x == b.black && y == b.red)
                    });
                    if banned || !plays.contains(&b.red) || !plays.contains(&b.black) {
                        v.push(b.red);
                        v.push(b.black);
                    }
                    v
                })
                .collect();
            expected.retain(|id| !idle.contains(id));
        }
    }
    for &id in &expected {
        if !seen.contains(&id) {
            out.push(Missing { player: id });
        }
    }
    if let Some(b) = pairing.bye {
        if expected.len().is_multiple_of(2) && system != PairingSystem::Berger {
            out.push(UnneededBye { player: b });
        }
        if let Some(p) = state.player(b) {
            let earlier = p.history.iter().skip(cycle_start as usize).position(|r| {
                r.kind == RoundKind::PairingBye
                    || (system == PairingSystem::Dutch && r.kind == RoundKind::ForfeitWin)
            });
            if let Some(r) = earlier {
                out.push(SecondBye {
                    player: b,
                    earlier_round: cycle_start + r as u32 + 1,
                });
            }
        }
    }

    let forbidden: HashSet<(u32, u32)> = state
        .forbidden
        .iter()
        .map(|&(a, b)| (a.min(b), a.max(b)))
        .collect();
    for b in &pairing.boards {
        let (Some(pr), Some(pk)) = (state.player(b.red), state.player(b.black)) else {
            continue;
        };
        if b.red == b.black {
            continue;
        }
        if let Some(r) = pr
            .history
            .iter()
            .enumerate()
            .skip(cycle_start as usize)
            .find(|(_, r)| r.opponent == Some(b.black))
            .map(|(i, _)| i as u32 + 1)
        {
            out.push(Rematch {
                a: b.red,
                b: b.black,
                round: r,
            });
        }
        if forbidden.contains(&(b.red.min(b.black), b.red.max(b.black))) {
            out.push(ForbiddenPair {
                a: b.red,
                b: b.black,
            });
        }
        for (p, c) in [(pr, Colour::Red), (pk, Colour::Black)] {
            let hist: Vec<Colour> = match system {
                PairingSystem::Cxa => cxa::colour_history(p),
                PairingSystem::Dutch => p.colours_played().collect(),
                PairingSystem::Berger => continue,
            };
            if system == PairingSystem::Dutch && state.round == state.total_rounds {
                let max = state.win_points * state.total_rounds as i64;
                if p.points() * 2 > max {
                    continue; // FIDE: topscorers in the last round
                }
            }
            let n = hist.len();
            if n >= 2 && hist[n - 1] == c && hist[n - 2] == c {
                out.push(ThreeInARow {
                    player: p.id,
                    colour: c,
                });
            }
            let reds = hist.iter().filter(|&&h| h == Colour::Red).count() as i64;
            let d = 2 * reds - n as i64 + if c == Colour::Red { 1 } else { -1 };
            if d.abs() >= 3 {
                out.push(ColourImbalance {
                    player: p.id,
                    difference: d,
                });
            }
        }
    }
    out
}

/// Replays a whole event: rebuilds the state before each played round from
/// the final histories and checks that round's pairing as recorded (boards
/// from the records with their colours, the pairing-allocated bye). A player
/// counts as available in a round when he was paired or got the bye.
/// Returns each violation with its round.
pub fn check_history(state: &SwissState, system: PairingSystem) -> Vec<(u32, RuleViolation)> {
    let rounds = state
        .players
        .iter()
        .map(|p| p.history.len())
        .max()
        .unwrap_or(0);
    let mut out = Vec::new();
    for r in 0..rounds {
        let mut before = state.clone();
        before.round = r as u32 + 1;
        let mut pairing = RoundPairing::default();
        for p in &mut before.players {
            let rec = p.history.get(r).copied();
            p.history.truncate(r);
            p.available = matches!(
                rec.map(|x| x.kind),
                Some(
                    RoundKind::Played(_)
                        | RoundKind::ForfeitWin
                        | RoundKind::ForfeitLoss
                        | RoundKind::PairingBye
                )
            );
            match rec {
                Some(x) if x.kind == RoundKind::PairingBye => pairing.bye = Some(p.id),
                Some(RoundRecord {
                    opponent: Some(o),
                    colour,
                    ..
                }) => {
                    // One board per pair: seat it from the red side (or from
                    // the lower number when no colour is recorded).
                    let red_side = match colour {
                        Some(c) => c == Colour::Red,
                        None => p.id < o,
                    };
                    if red_side {
                        pairing.boards.push(super::PairedBoard {
                            red: p.id,
                            black: o,
                        });
                    }
                }
                _ => {}
            }
        }
        for v in check_round(&before, &pairing, system) {
            out.push((r as u32 + 1, v));
        }
    }
    out
}

/// The result of one board, as `record_round` needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardResult {
    RedWins,
    Draw,
    BlackWins,
    /// Red did not show up.
    RedForfeits,
    /// Black did not show up.
    BlackForfeits,
}

/// Appends the round just paired to the state: one record per player
/// (`results[i]` is board i's result, the bye scores `bye_points` with
/// `bye_colour`, everyone else is not paired), then moves to the next round.
pub fn record_round(
    state: &mut SwissState,
    pairing: &RoundPairing,
    results: &[BoardResult],
    bye_colour: Option<Colour>,
    bye_points: Points,
) {
    let (w, d) = (state.win_points, state.draw_points);
    let mut recs: HashMap<u32, RoundRecord> = HashMap::new();
    for (b, res) in pairing.boards.iter().zip(results) {
        use BoardResult::*;
        let (kr, kb, pr, pb) = match res {
            RedWins => (
                RoundKind::Played(GameScore::Win),
                RoundKind::Played(GameScore::Loss),
                w,
                Points::ZERO,
            ),
            Draw => (
                RoundKind::Played(GameScore::Draw),
                RoundKind::Played(GameScore::Draw),
                d,
                d,
            ),
            BlackWins => (
                RoundKind::Played(GameScore::Loss),
                RoundKind::Played(GameScore::Win),
                Points::ZERO,
                w,
            ),
            RedForfeits => (
                RoundKind::ForfeitLoss,
                RoundKind::ForfeitWin,
                Points::ZERO,
                w,
            ),
            BlackForfeits => (
                RoundKind::ForfeitWin,
                RoundKind::ForfeitLoss,
                w,
                Points::ZERO,
            ),
        };
        recs.insert(
            b.red,
            RoundRecord {
                opponent: Some(b.black),
                colour: Some(Colour::Red),
                kind: kr,
                points: pr,
            },
        );
        recs.insert(
            b.black,
            RoundRecord {
                opponent: Some(b.red),
                colour: Some(Colour::Black),
                kind: kb,
                points: pb,
            },
        );
    }
    if let Some(b) = pairing.bye {
        recs.insert(
            b,
            RoundRecord {
                opponent: None,
                colour: bye_colour,
                kind: RoundKind::PairingBye,
                points: bye_points,
            },
        );
    }
    for p in &mut state.players {
        let rec = recs.remove(&p.id).unwrap_or(RoundRecord {
            opponent: None,
            colour: None,
            kind: RoundKind::NotPaired,
            points: Points::ZERO,
        });
        p.history.push(rec);
    }
    state.round += 1;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pairing::{PairedBoard, PairingPlayer};

    fn rec(opp: Option<u32>, c: Option<Colour>, kind: RoundKind) -> RoundRecord {
        RoundRecord {
            opponent: opp,
            colour: c,
            kind,
            points: Points::ZERO,
        }
    }

    fn played(opp: u32, c: Colour) -> RoundRecord {
        rec(Some(opp), Some(c), RoundKind::Played(GameScore::Draw))
    }

    fn state(players: Vec<(u32, Vec<RoundRecord>)>) -> SwissState {
        let round = players.iter().map(|p| p.1.len()).max().unwrap_or(0) as u32 + 1;
        SwissState {
            players: players
                .into_iter()
                .map(|(id, history)| PairingPlayer {
                    id,
                    name: format!("P{id}"),
                    rating: 0,
                    club: None,
                    history,
                    available: true,
                })
                .collect(),
            round,
            total_rounds: 9,
            forbidden: Vec::new(),
            first_colour: Colour::Red,
            win_points: Points::new(2),
            draw_points: Points::new(1),
            virtual_points: Default::default(),
        }
    }

    fn round(boards: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
        RoundPairing {
            boards: boards
                .iter()
                .map(|&(red, black)| PairedBoard { red, black })
                .collect(),
            bye,
            notes: Vec::new(),
        }
    }

    use Colour::{Black as B, Red as R};

    #[test]
    fn a_clean_round_has_no_violation() {
        let s = state(vec![
            (1, vec![played(2, R)]),
            (2, vec![played(1, B)]),
            (3, vec![played(4, R)]),
            (4, vec![played(3, B)]),
        ]);
        let p = round(&[(2, 3), (4, 1)], None);
        for sys in [PairingSystem::Cxa, PairingSystem::Dutch] {
            assert_eq!(check_round(&s, &p, sys), vec![]);
        }
    }

    #[test]
    fn names_rematches_forbidden_pairs_and_seating_errors() {
        let mut s = state(vec![
            (1, vec![played(2, R)]),
            (2, vec![played(1, B)]),
            (3, vec![played(4, R)]),
            (4, vec![played(3, B)]),
            (5, vec![rec(None, None, RoundKind::NotPaired)]),
        ]);
        s.forbidden.push((4, 3));
        s.players[4].available = false;
        let p = round(&[(2, 1), (3, 4), (5, 9), (1, 1)], None);
        let v = check_round(&s, &p, PairingSystem::Cxa);
        assert!(v.contains(&RuleViolation::Rematch {
            a: 2,
            b: 1,
            round: 1
        }));
        assert!(v.contains(&RuleViolation::ForbiddenPair { a: 3, b: 4 }));
        assert!(v.contains(&RuleViolation::NotAvailable { player: 5 }));
        assert!(v.contains(&RuleViolation::UnknownPlayer { player: 9 }));
        assert!(v.contains(&RuleViolation::PairedWithSelf { player: 1 }));
        let text: Vec<String> = v.iter().map(|x| x.to_string()).collect();
        assert!(text.contains(&"rematch: player 2 and player 1 already met in round 1".to_string()));
        assert!(text.contains(&"forbidden pair: player 3 and player 4".to_string()));
        // The same keyed message in the UI language, players as named.
        let forbidden = RuleViolation::ForbiddenPair { a: 3, b: 4 };
        assert_eq!(
            forbidden.msg().render(crate::i18n::Lang::ZhHans),
            "禁止配对: 3 号 与 4 号"
        );
        assert_eq!(
            forbidden
                .msg_named(&|no| Arg::Text(format!("棋手{no}")))
                .render(crate::i18n::Lang::ZhHant),
            "禁止配對: 棋手3 與 棋手4"
        );

        let p = round(&[(1, 3), (1, 4)], None);
        let v = check_round(&s, &p, PairingSystem::Cxa);
        assert!(v.contains(&RuleViolation::PairedTwice { player: 1 }));
        assert!(v.contains(&RuleViolation::Missing { player: 2 }));
    }

    #[test]
    fn colour_limits_per_system() {
        // Player 1: `++` (games); player 2: `--`; player 3: `+` then a bye
        // recorded red (cxa counts it, FIDE does not).
        let s = state(vec![
            (1, vec![played(5, R), played(6, R)]),
            (2, vec![played(6, B), played(5, B)]),
            (
                3,
                vec![played(4, R), rec(None, Some(R), RoundKind::PairingBye)],
            ),
            (4, vec![played(3, B), played(7, B)]),
            (5, vec![played(1, B), played(2, R)]),
            (6, vec![played(2, R), played(1, B)]),
            (7, vec![rec(None, None, RoundKind::NotPaired), played(4, R)]),
        ]);
        let p = round(&[(1, 2), (3, 7), (5, 4)], Some(6));
        let cxa = check_round(&s, &p, PairingSystem::Cxa);
        assert!(cxa.contains(&RuleViolation::ThreeInARow {
            player: 1,
            colour: R
        }));
        assert!(cxa.contains(&RuleViolation::ThreeInARow {
            player: 2,
            colour: B
        }));
        assert!(cxa.contains(&RuleViolation::ColourImbalance {
            player: 1,
            difference: 3
        }));
        assert!(cxa.contains(&RuleViolation::ThreeInARow {
            player: 3,
            colour: R
        }));
        assert!(cxa.contains(&RuleViolation::ThreeInARow {
            player: 4,
            colour: B
        }));
        let dutch = check_round(&s, &p, PairingSystem::Dutch);
        assert!(!dutch
            .iter()
            .any(|v| matches!(v, RuleViolation::ThreeInARow { player: 3, .. })));
        assert!(dutch.contains(&RuleViolation::ColourImbalance {
            player: 2,
            difference: -3
        }));
        assert_eq!(
            RuleViolation::ColourImbalance {
                player: 2,
                difference: -3
            }
            .to_string(),
            "colour limit: player 2 would have 3 more black than red games"
        );
    }

    #[test]
    fn second_and_unneeded_byes() {
        let s = state(vec![
            (1, vec![rec(None, Some(B), RoundKind::PairingBye)]),
            (2, vec![played(3, R)]),
            (3, vec![played(2, B)]),
        ]);
        let p = round(&[(3, 2)], Some(1));
        let v = check_round(&s, &p, PairingSystem::Cxa);
        assert!(v.contains(&RuleViolation::Rematch {
            a: 3,
            b: 2,
            round: 1
        }));
        assert_eq!(
            v.iter()
                .find(|x| matches!(x, RuleViolation::SecondBye { .. }))
                .map(|x| x.to_string()),
            Some("player 1 gets a second bye (already had one in round 1)".into())
        );
        let mut even = s.clone();
        even.players.push(PairingPlayer {
            id: 4,
            name: "P4".into(),
            rating: 0,
            club: None,
            history: vec![rec(None, None, RoundKind::NotPaired)],
            available: true,
        });
        let p = round(&[(4, 2)], Some(3));
        let v = check_round(&even, &p, PairingSystem::Cxa);
        assert!(v.contains(&RuleViolation::UnneededBye { player: 3 }));
        assert!(v.contains(&RuleViolation::Missing { player: 1 }));
    }

    #[test]
    fn forfeit_removed_players_are_not_expected() {
        let f = rec(Some(2), Some(R), RoundKind::ForfeitLoss);
        let s = state(vec![
            (1, vec![f, f]),
            (2, vec![played(1, B), played(1, B)]),
            (3, vec![played(4, R), played(4, R)]),
            (4, vec![played(3, B), played(3, B)]),
        ]);
        let p = round(&[(2, 3)], Some(4));
        let v = check_round(&s, &p, PairingSystem::Cxa);
        assert!(!v.iter().any(|x| matches!(x, RuleViolation::Missing { .. })));
    }

    #[test]
    fn history_replay_finds_the_round_of_each_violation() {
        use crate::pairing::{cxa, CxaOptions};
        let mut s = state((1..=6).map(|id| (id, vec![])).collect());
        s.round = 1;
        for _ in 0..3 {
            let (p, col) = cxa::pair_with_bye_colour(&s, &CxaOptions::default()).unwrap();
            let res = vec![BoardResult::Draw; p.boards.len()];
            record_round(&mut s, &p, &res, col, Points::new(1));
        }
        assert_eq!(check_history(&s, PairingSystem::Cxa), vec![]);
        // Rewrite round 3 so that 1 meets his round-1 opponent again.
        let o1 = s.players[0].history[0].opponent.unwrap();
        let o3 = s.players[0].history[2].opponent.unwrap();
        let p3 = s.players[(o1 - 1) as usize].history[2].opponent.unwrap();
        let swap = |s: &mut SwissState, id: u32, new_opp: u32| {
            s.players[(id - 1) as usize].history[2].opponent = Some(new_opp);
        };
        swap(&mut s, 1, o1);
        swap(&mut s, o1, 1);
        swap(&mut s, o3, p3);
        swap(&mut s, p3, o3);
        let v = check_history(&s, PairingSystem::Cxa);
        assert!(
            v.iter().any(|(r, x)| *r == 3
                && matches!(x, RuleViolation::Rematch { a, b, round: 1 }
                    if (*a, *b) == (1, o1) || (*a, *b) == (o1, 1))),
            "{v:?}"
        );
        assert!(v.iter().all(|(r, _)| *r == 3));
    }

    #[test]
    fn record_round_appends_results() {
        let mut s = state(vec![(1, vec![]), (2, vec![]), (3, vec![])]);
        s.round = 1;
        let p = round(&[(1, 2)], Some(3));
        record_round(
            &mut s,
            &p,
            &[BoardResult::BlackWins],
            Some(B),
            Points::new(2),
        );
        assert_eq!(s.round, 2);
        assert_eq!(s.players[0].points(), Points::ZERO);
        assert_eq!(s.players[1].points(), Points::new(2));
        assert_eq!(s.players[2].history[0].kind, RoundKind::PairingBye);
        assert_eq!(s.players[2].history[0].colour, Some(B));
        assert_eq!(s.players[1].history[0].colour, Some(B));
    }
}
