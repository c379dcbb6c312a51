//! Property tests: whole random tournaments paired round by round.
//!
//! Each case draws a field (clubs, forbidden pairs, late entries, requested
//! byes, withdrawals, forfeits) and plays it to the end with random results;
//! after every round the checker (`pairing::check`) must find nothing wrong:
//! everyone available paired exactly once or given the one bye, no rematch,
//! no forbidden pair, the colour limits, no second bye while an eligible
//! player has none.

use proptest::prelude::*;
use qishe::domain::{Colour, PairingSystem, Points};
use qishe::pairing::check::{check_round, record_round, BoardResult, RuleViolation};
use qishe::pairing::{cxa, pair, PairingConfig, PairingPlayer, RoundKind, RoundRecord, SwissState};

/// A tiny deterministic generator driven by the proptest seed.
struct Dice(u64);
impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

#[derive(Debug, Clone)]
struct Field {
    n: u32,
    rounds: u32,
    seed: u64,
    clubs: bool,
    forbidden: u32,
    absences: u64,
    forfeits: u64,
    /// Scoring: 0 = 2-1-0, 1 = 3-1-0, 2 = 1-½-0.
    scheme: u8,
    /// Round-1 method and colour method, bye mode, 禁连三, float balancing.
    method: u8,
    colour: u8,
    bye_mode: u8,
    three: bool,
    floats: bool,
}

fn field(max_n: u32) -> impl Strategy<Value = Field> {
    let options = (
        0..3u8,
        1..=5u8,
        1..=11u8,
        0..2u8,
        any::<bool>(),
        any::<bool>(),
    );
    (
        4..=max_n,
        any::<u64>(),
        any::<bool>(),
        0..3u32,
        0..6u64,
        0..6u64,
        options,
    )
        .prop_flat_map(|(n, seed, clubs, forbidden, absences, forfeits, o)| {
            (2..=(n / 2 + 1).clamp(2, 9)).prop_map(move |rounds| Field {
                n,
                rounds,
                seed,
                clubs,
                forbidden,
                absences,
                forfeits,
                scheme: o.0,
                method: o.1,
                colour: o.2,
                bye_mode: o.3,
                // Mostly the defaults.
                three: o.4 || seed % 4 != 0,
                floats: o.5 || seed % 3 != 0,
            })
        })
}

fn initial(f: &Field, roster: &mut Roster, dice: &mut Dice) -> SwissState {
    let mut players: Vec<PairingPlayer> = (1..=f.n)
        .map(|id| PairingPlayer {
            id,
            name: format!("P{id}"),
            rating: 2000 - id,
            // Clubs of at most two members, so the avoidance stays feasible.
            club: (f.clubs && dice.chance(40)).then(|| format!("club{}", id.div_ceil(2))),
            history: Vec::new(),
            available: true,
        })
        .collect();

    // One late entry in some fields (starts in round 2 or 3).
    if f.n >= 6 && dice.chance(30) {
        let late = players.len() - 1;
        players[late].available = false;
        roster.late = Some((players[late].id, 2 + dice.below(2) as u32));
    }
    let mut forbidden = Vec::new();
    for _ in 0..f.forbidden {
        let a = dice.below(f.n as u64) as u32 + 1;
        let b = dice.below(f.n as u64) as u32 + 1;
        if a != b {
            forbidden.push((a, b));
        }
    }
    SwissState {
        players,
        round: 1,
        total_rounds: f.rounds,
        forbidden,
        first_colour: Colour::Red,
        win_points: [Points::new(2), Points::new(3), Points::new(1)][f.scheme as usize % 3],
        draw_points: [Points::new(1), Points::new(1), Points(50)][f.scheme as usize % 3],
        virtual_points: Default::default(),
    }
}

/// Who is out for good (withdrawn) or not yet in (the late entry).
#[derive(Default)]
struct Roster {
    withdrawn: Vec<u32>,
    late: Option<(u32, u32)>,
}

/// Decides who can play the round being paired: requested byes, withdrawals
/// and the late entry arriving.
fn availability(s: &mut SwissState, f: &Field, roster: &mut Roster, dice: &mut Dice) {
    if dice.chance(f.absences) {
        let w = dice.below(f.n as u64) as u32 + 1;
        roster.withdrawn.push(w);
    }
    for p in &mut s.players {
        p.available = if roster.withdrawn.contains(&p.id) {
            false
        } else if let Some((id, from)) = roster.late.filter(|l| l.0 == p.id) {
            let _ = id;
            s.round >= from
        } else {
            !dice.chance(f.absences)
        };
    }
}

fn results(n: usize, f: &Field, dice: &mut Dice) -> Vec<BoardResult> {
    (0..n)
        .map(|_| {
            if dice.chance(f.forfeits) {
                if dice.chance(50) {
                    BoardResult::RedForfeits
                } else {
                    BoardResult::BlackForfeits
                }
            } else {
                match dice.below(3) {
                    0 => BoardResult::RedWins,
                    1 => BoardResult::Draw,
                    _ => BoardResult::BlackWins,
                }
            }
        })
        .collect()
}

/// Replaces the NotPaired records of this round's absentees by requested byes.
fn mark_absences(s: &mut SwissState, absent: &[u32]) {
    for p in &mut s.players {
        if absent.contains(&p.id) {
            if let Some(last) = p.history.last_mut() {
                if last.kind == RoundKind::NotPaired {
                    *last = RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: Points::ZERO,
                    };
                }
            }
        }
    }
}

/// Brute force: can the eligible players be paired (one bye for an odd
/// field) without a rematch, a forbidden pair, a same-club pair or a colour
/// imbalance of 3 (the rules the Chinese method never relaxes)?
fn legal_pairing_exists(s: &SwissState) -> bool {
    legal_pairing_with_bye(s, |_| true)
}

/// As [`legal_pairing_exists`], the bye (if any) going to a player that
/// `may_have_bye` accepts.
fn legal_pairing_with_bye(s: &SwissState, may_have_bye: impl Fn(&PairingPlayer) -> bool) -> bool {
    legal_pairing_where(s, may_have_bye, false)
}

/// Can the round be paired keeping the absolute rules *and* 禁连三 (the red
/// taker is the smaller X, as §2.3 predicts), the bye (if any) going to a
/// bye-eligible player (§4, `bye_mode`)? If so, a third same colour in a
/// row was avoidable.
fn three_free_pairing_exists(s: &SwissState, bye_mode: u8) -> bool {
    let ps: Vec<&PairingPlayer> = s
        .players
        .iter()
        .filter(|p| p.available && !cxa::removed_for_forfeits(p, 2))
        .collect();
    let byes = |p: &PairingPlayer| {
        p.history
            .iter()
            .filter(|r| r.kind == RoundKind::PairingBye)
            .count()
    };
    let never: Vec<&&PairingPlayer> = ps.iter().filter(|p| byes(p) == 0).collect();
    let (pool, fewest): (Vec<&&PairingPlayer>, bool) = if bye_mode == 0 && !never.is_empty() {
        (never, false)
    } else {
        (ps.iter().collect(), true)
    };
    let low = pool.iter().map(|p| p.points()).min();
    let min_byes = pool
        .iter()
        .filter(|p| Some(p.points()) == low)
        .map(|p| byes(p))
        .min();
    let eligible: Vec<u32> = pool
        .iter()
        .filter(|p| Some(p.points()) == low && (!fewest || Some(byes(p)) == min_byes))
        .map(|p| p.id)
        .collect();
    legal_pairing_where(s, |p| eligible.contains(&p.id), true)
}

fn legal_pairing_where(
    s: &SwissState,
    may_have_bye: impl Fn(&PairingPlayer) -> bool,
    no_three: bool,
) -> bool {
    let ps: Vec<&PairingPlayer> = s
        .players
        .iter()
        .filter(|p| p.available && !cxa::removed_for_forfeits(p, 2))
        .collect();
    let x: Vec<i64> = ps
        .iter()
        .map(|p| cxa::x_value(&cxa::colour_history(p)))
        .collect();
    let n = ps.len();
    let ok = |a: usize, b: usize| -> bool {
        let (pa, pb) = (ps[a], ps[b]);
        let met = pa.opponents().any(|o| o == pb.id);
        let banned = s
            .forbidden
            .iter()
            .any(|&(u, v)| (u == pa.id && v == pb.id) || (u == pb.id && v == pa.id));
        let imbalance = x[a] * x[b] > 0 && x[a].abs() > 150 && x[b].abs() > 150;
        let club = matches!((&pa.club, &pb.club), (Some(c), Some(d)) if c == d);
        let three = no_three && {
            let run = |i: usize| x[i] - 100 * ((x[i] + x[i].signum() * 50) / 100);
            let (red, black) = if x[b] < x[a] { (b, a) } else { (a, b) };
            run(red) + 1 >= 3 || run(black) - 1 <= -3
        };
        !(met || banned || imbalance || club || three)
    };
    let bye_ok: Vec<bool> = ps.iter().map(|p| may_have_bye(p)).collect();
    fn rec(
        used: &mut Vec<bool>,
        byes_left: usize,
        ok: &dyn Fn(usize, usize) -> bool,
        bye_ok: &[bool],
    ) -> bool {
        let Some(i) = used.iter().position(|u| !u) else {
            return true;
        };
        used[i] = true;
        for j in i + 1..used.len() {
            if !used[j] && ok(i, j) {
                used[j] = true;
                if rec(used, byes_left, ok, bye_ok) {
                    return true;
                }
                used[j] = false;
            }
        }
        if byes_left > 0 && bye_ok[i] && rec(used, byes_left - 1, ok, bye_ok) {
            return true;
        }
        used[i] = false;
        false
    }
    rec(&mut vec![false; n], n % 2, &ok, &bye_ok)
}

fn run_cxa(f: &Field) -> Result<(), TestCaseError> {
    run_cxa_with(f, |_| {})
}

fn run_cxa_with(
    f: &Field,
    tweak: impl Fn(&mut qishe::pairing::CxaOptions),
) -> Result<(), TestCaseError> {
    let mut dice = Dice(f.seed);
    let mut roster = Roster::default();
    let mut s = initial(f, &mut roster, &mut dice);
    let mut cfg = PairingConfig::new(PairingSystem::Cxa);
    cfg.cxa.round1_method = f.method;
    cfg.cxa.round1_colour = f.colour;
    cfg.cxa.bye_mode = f.bye_mode;
    cfg.cxa.no_three_in_row = f.three;
    cfg.cxa.float_balance = f.floats;
    cfg.cxa.random_seed = f.seed;
    cfg.cxa.upper_half = (1..=f.n / 3).collect();
    cfg.cxa.lower_half = (f.n - f.n / 3 + 1..=f.n).collect();
    tweak(&mut cfg.cxa);
    let bye_points = s.win_points;
    for _ in 0..f.rounds {
        if s.round > 1 {
            availability(&mut s, f, &mut roster, &mut dice);
        }
        let (p, bye_colour) = match cxa::pair_with_bye_colour(&s, &cfg.cxa) {
            Ok(v) => v,
            Err(e) => {
                // Refusing is right only when no pairing keeps the absolute
                // rules at all (small fields run out of opponents).
                prop_assert!(
                    !legal_pairing_exists(&s),
                    "round {}: {e} although a legal pairing exists\nstate {:?}",
                    s.round,
                    s
                );
                return Ok(());
            }
        };
        // A second bye is wrong only if a legal pairing could give the bye
        // to someone who never had one (bye mode 0; mode 1 deliberately
        // gives it within the lowest score group, byes or not).
        let eligible_without_bye = f.bye_mode == 0
            && legal_pairing_with_bye(&s, |q| {
                !q.history.iter().any(|r| r.kind == RoundKind::PairingBye)
            });
        for v in check_round(&s, &p, PairingSystem::Cxa) {
            match v {
                // 禁连三 yields only when nothing else works.
                RuleViolation::ThreeInARow { .. }
                    if !f.three || !three_free_pairing_exists(&s, f.bye_mode) => {}
                RuleViolation::SecondBye { .. } if !eligible_without_bye => {}
                v => {
                    return Err(TestCaseError::fail(format!(
                        "round {}: {v}\npairing {:?}\nstate {:?}",
                        s.round, p, s
                    )))
                }
            }
        }
        if p.bye.is_some() {
            prop_assert!(bye_colour.is_some());
        }
        // Absent but entered: a requested bye (withdrawn and not-yet-arrived
        // players stay "not paired").
        let absent: Vec<u32> = s
            .players
            .iter()
            .filter(|q| {
                !q.available
                    && !roster.withdrawn.contains(&q.id)
                    && roster.late.is_none_or(|l| l.0 != q.id || s.round >= l.1)
            })
            .map(|q| q.id)
            .collect();
        let res = results(p.boards.len(), f, &mut dice);
        record_round(&mut s, &p, &res, bye_colour, bye_points);
        mark_absences(&mut s, &absent);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::common::cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn cxa_tournaments_keep_the_rules(f in field(24)) {
        run_cxa(&f)?;
    }

    #[test]
    fn berger_tournaments_keep_the_rules(n in 3..=16u32, seed in any::<u64>(), double in any::<bool>()) {
        let mut dice = Dice(seed);
        let f = Field {
            n, rounds: 0, seed, clubs: false, forbidden: 0, absences: 5, forfeits: 3,
            scheme: 0, method: 3, colour: 11, bye_mode: 0, three: true, floats: true,
        };
        let per = qishe::pairing::berger::rounds_per_cycle(n);
        let total = if double { 2 * per } else { per };
        let mut roster = Roster::default();
        let mut s = initial(&Field { rounds: total, ..f.clone() }, &mut roster, &mut dice);
        roster.late = None;
        for p in &mut s.players { p.available = true; }
        let mut cfg = PairingConfig::new(PairingSystem::Berger);
        cfg.double_round_robin = double;
        for _ in 0..total {
            availability(&mut s, &f, &mut roster, &mut dice);
            let p = pair(&s, &cfg).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let v = check_round(&s, &p, PairingSystem::Berger);
            prop_assert!(v.is_empty(), "round {}: {:?}", s.round, v);
            let res = results(p.boards.len(), &f, &mut dice);
            record_round(&mut s, &p, &res, None, Points::new(2));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::common::cases(40), ..ProptestConfig::default() })]

    /// Big open fields: the group loop must cope without the arbiter.
    #[test]
    fn cxa_large_fields(n in 30..=120u32, seed in any::<u64>(), rounds in 7..=9u32) {
        let f = Field {
            n, rounds, seed, clubs: true, forbidden: 2, absences: 3, forfeits: 2,
            scheme: (seed % 3) as u8, method: 3, colour: 11, bye_mode: 0, three: true, floats: true,
        };
        run_cxa(&f)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::common::cases(1000), ..ProptestConfig::default() })]

    /// With a tiny search cap the bottom groups go through the polynomial
    /// fallback (maximum matching): the rules must hold all the same.
    #[test]
    fn cxa_matching_fallback_keeps_the_rules(f in field(16), cap in 2..=5usize) {
        run_cxa_with(&f, |o| o.exhaustive_cap = cap)?;
    }
}

/// Cxa gave an avoidable third same colour in a row. The strict
/// property test found it on `n: 8, rounds: 5, seed: 11601670352915622826`
/// (its other options were not kept, so every combination of the common
/// ones is played here) and on an 18-player field where a score group
/// relaxed 禁连三 although the players below could all be paired without it.
#[test]
fn cxa_no_avoidable_third_colour_in_known_cases() {
    let base = Field {
        n: 8,
        rounds: 5,
        seed: 11601670352915622826,
        clubs: false,
        forbidden: 0,
        absences: 0,
        forfeits: 0,
        scheme: 0,
        method: 3,
        colour: 11,
        bye_mode: 0,
        three: true,
        floats: true,
    };
    for clubs in [false, true] {
        for forbidden in 0..3 {
            for absences in 0..6 {
                for forfeits in 0..6 {
                    for scheme in 0..3 {
                        for floats in [false, true] {
                            let f = Field {
                                clubs,
                                forbidden,
                                absences,
                                forfeits,
                                scheme,
                                floats,
                                ..base.clone()
                            };
                            run_cxa(&f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
                        }
                    }
                }
            }
        }
    }
    let f = Field {
        n: 18,
        rounds: 8,
        seed: 11825973025102561914,
        clubs: false,
        forbidden: 2,
        absences: 3,
        forfeits: 0,
        scheme: 2,
        method: 2,
        colour: 6,
        bye_mode: 0,
        three: true,
        floats: false,
    };
    run_cxa(&f).unwrap_or_else(|e| panic!("{f:?}: {e}"));
}
