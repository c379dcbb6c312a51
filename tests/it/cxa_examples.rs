//! The worked examples of `../shared/specs/cxa-swiss.md` §7 (Ex1–Ex7).

use qishe::domain::{Colour, PairingSystem, Points};
use qishe::pairing::check::{record_round, BoardResult};
use qishe::pairing::cxa;
use qishe::pairing::{
    pair, CxaOptions, GameScore, PairingConfig, PairingError, PairingPlayer, RoundKind,
    RoundPairing, RoundRecord, SwissState,
};

fn player(id: u32) -> PairingPlayer {
    PairingPlayer::new(id, format!("P{id}"))
}

fn fresh(n: u32) -> SwissState {
    SwissState::first_round((1..=n).map(player).collect(), 9)
}

fn cxa_cfg(method: u8, colour: u8) -> PairingConfig {
    let mut c = PairingConfig::new(PairingSystem::Cxa);
    c.cxa.round1_method = method;
    c.cxa.round1_colour = colour;
    c
}

fn boards(p: &RoundPairing) -> Vec<(u32, u32)> {
    p.boards.iter().map(|b| (b.red, b.black)).collect()
}

#[test]
fn ex1_round_one_methods() {
    let s = fresh(8);
    type Case = (u8, u8, [(u32, u32); 4]);
    let cases: [Case; 5] = [
        (3, 2, [(1, 5), (6, 2), (3, 7), (8, 4)]),
        (3, 11, [(1, 5), (2, 6), (3, 7), (4, 8)]),
        (1, 2, [(1, 2), (4, 3), (5, 6), (8, 7)]),
        (2, 2, [(1, 8), (7, 2), (3, 6), (5, 4)]),
        (3, 6, [(5, 1), (2, 6), (7, 3), (4, 8)]),
    ];
    for (m, c, want) in cases {
        let p = pair(&s, &cxa_cfg(m, c)).unwrap();
        assert_eq!(boards(&p), want.to_vec(), "method {m} colour {c}");
        assert_eq!(p.bye, None);
    }
}

#[test]
fn ex2_round_one_odd_field() {
    let s = fresh(7);
    let (p, col) = cxa::pair_with_bye_colour(&s, &cxa_cfg(3, 2).cxa).unwrap();
    assert_eq!(boards(&p), vec![(1, 5), (6, 2), (3, 7)]);
    assert_eq!(p.bye, Some(4));
    assert_eq!(col, Some(Colour::Black));
    // 首尾 with Rec B3: the bye goes to the last seed (the example's "BYE to
    // 1" is the defect B3 describes); the others pair 首尾 with colour 2.
    let (p, col) = cxa::pair_with_bye_colour(&s, &cxa_cfg(2, 2).cxa).unwrap();
    assert_eq!(boards(&p), vec![(1, 6), (5, 2), (3, 4)]);
    assert_eq!(p.bye, Some(7));
    assert_eq!(col, Some(Colour::Black));
}

/// Round 1 of Ex1 (拦腰 + colour 2) with the given results, then round 2.
fn after_ex1(results: [BoardResult; 4], same_club: Option<(u32, u32)>) -> RoundPairing {
    let mut s = fresh(8);
    let cfg = cxa_cfg(3, 2);
    let r1 = pair(&s, &cfg).unwrap();
    record_round(&mut s, &r1, &results, None, Points::ZERO);
    if let Some((a, b)) = same_club {
        for p in &mut s.players {
            if p.id == a || p.id == b {
                p.club = Some("Qiyuan".into());
            }
        }
    }
    pair(&s, &cfg).unwrap()
}

#[test]
fn ex3_all_drawn() {
    use BoardResult::Draw;
    // The rows of the example: R 7,5,4,2 and B 8,6,3,1 (even round: seed desc).
    let mut s = fresh(8);
    let cfg = cxa_cfg(3, 2);
    let r1 = pair(&s, &cfg).unwrap();
    record_round(&mut s, &r1, &[Draw; 4], None, Points::ZERO);
    let v = cxa::values(&s, &cfg.cxa).unwrap();
    let row = |black: bool| -> Vec<u32> {
        v.iter()
            .filter(|v| v.wants_black == black)
            .map(|v| v.id)
            .collect()
    };
    assert_eq!(row(false), vec![7, 5, 4, 2]);
    assert_eq!(row(true), vec![8, 6, 3, 1]);
    let p = after_ex1([Draw; 4], None);
    assert_eq!(boards(&p), vec![(7, 8), (5, 6), (4, 3), (2, 1)]);
    let p = after_ex1([Draw; 4], Some((7, 8)));
    assert_eq!(boards(&p), vec![(5, 8), (7, 6), (4, 3), (2, 1)]);
}

#[test]
fn ex4_decisive_round() {
    use BoardResult::*;
    let p = after_ex1([RedWins, RedWins, RedWins, BlackWins], None);
    assert_eq!(boards(&p), vec![(3, 1), (4, 6), (5, 2), (7, 8)]);
}

/// A history from a colour string, opponents and points per round.
fn hist(colours: &str, opps: &[u32], pts: &[i64]) -> Vec<RoundRecord> {
    colours
        .chars()
        .zip(opps.iter().zip(pts))
        .map(|(c, (&o, &p))| RoundRecord {
            opponent: Some(o),
            colour: Some(if c == '+' { Colour::Red } else { Colour::Black }),
            kind: RoundKind::Played(match p {
                2 => GameScore::Win,
                1 => GameScore::Draw,
                _ => GameScore::Loss,
            }),
            points: Points::new(p),
        })
        .collect()
}

#[test]
fn ex5_floater_chain() {
    let mut s = fresh(6);
    s.round = 3;
    let h = [
        hist("+-", &[4, 6], &[2, 2]),
        hist("-+", &[5, 3], &[2, 1]),
        hist("+-", &[6, 2], &[2, 1]),
        hist("-+", &[1, 5], &[0, 1]),
        hist("+-", &[2, 4], &[0, 1]),
        hist("-+", &[3, 1], &[0, 0]),
    ];
    for (p, h) in s.players.iter_mut().zip(h) {
        p.history = h;
    }
    // The table's S, X and F.
    let v = cxa::values(&s, &CxaOptions::default()).unwrap();
    let got: Vec<(u32, i64, i64, i64)> = v
        .iter()
        .map(|v| (v.id, v.points.0 / 100, v.x, v.f))
        .collect();
    assert_eq!(
        got,
        vec![
            (1, 4, -1, -1),
            (2, 3, 1, 0),
            (3, 3, -1, 0),
            (4, 1, 1, 0),
            (5, 1, -1, 0),
            (6, 0, 1, 1)
        ]
    );
    let p = pair(&s, &PairingConfig::new(PairingSystem::Cxa)).unwrap();
    assert_eq!(boards(&p), vec![(1, 2), (3, 4), (5, 6)]);
    assert_eq!(p.bye, None);
}

#[test]
fn ex6_bottom_group_with_bye() {
    use BoardResult::*;
    let mut s = fresh(7);
    let cfg = cxa_cfg(3, 2);
    let (r1, col) = cxa::pair_with_bye_colour(&s, &cfg.cxa).unwrap();
    // Lower seed always won: 1-5 red wins, 6-2 black wins, 3-7 red wins.
    record_round(
        &mut s,
        &r1,
        &[RedWins, BlackWins, RedWins],
        col,
        Points::new(2),
    );
    let (p, col) = cxa::pair_with_bye_colour(&s, &cfg.cxa).unwrap();
    assert_eq!(boards(&p), vec![(4, 3), (2, 1), (5, 6)]);
    assert_eq!(p.bye, Some(7));
    assert_eq!(col, Some(Colour::Red));
}

/// Two players with the given histories (opponents are absent dummies).
fn duel(round: u32, a: (u32, &str, i64), b: (u32, &str, i64)) -> SwissState {
    let mut s = fresh(0);
    s.round = round;
    let mut next_dummy = 100;
    for (id, h, score) in [a, b] {
        let n = h.len();
        let opps: Vec<u32> = (0..n as u32).map(|k| next_dummy + k).collect();
        next_dummy += 20;
        // Spread the score over the rounds: 2s first, then the rest.
        let mut left = score;
        let pts: Vec<i64> = (0..n)
            .map(|_| {
                let p = left.min(2);
                left -= p;
                p
            })
            .collect();
        let mut p = player(id);
        p.history = hist(h, &opps, &pts);
        s.players.push(p);
        for o in opps {
            let mut d = player(o);
            d.available = false;
            s.players.push(d);
        }
    }
    s
}

fn pair_duel(s: &SwissState, opts: CxaOptions) -> Result<Vec<(u32, u32)>, PairingError> {
    cxa::pair(s, &opts).map(|p| boards(&p))
}

#[test]
fn ex7a_equal_x_last_difference() {
    let s = duel(5, (1, "+--+", 4), (2, "-+-+", 4));
    assert_eq!(pair_duel(&s, CxaOptions::default()).unwrap(), vec![(1, 2)]);
}

#[test]
fn ex7b_identical_histories() {
    let s = duel(3, (2, "+-", 2), (5, "+-", 2));
    assert_eq!(pair_duel(&s, CxaOptions::default()).unwrap(), vec![(2, 5)]);
    let s = duel(4, (2, "+-+", 2), (5, "+-+", 2));
    assert_eq!(pair_duel(&s, CxaOptions::default()).unwrap(), vec![(5, 2)]);
    let opt1 = CxaOptions {
        identical_colour_option: 1,
        ..CxaOptions::default()
    };
    let s = duel(3, (2, "+-", 2), (5, "+-", 2));
    assert_eq!(pair_duel(&s, opt1.clone()).unwrap(), vec![(2, 5)]);
    let s = duel(3, (2, "+-", 2), (4, "+-", 2));
    assert_eq!(pair_duel(&s, opt1).unwrap(), vec![(4, 2)]);
}

fn x_of(h: &str) -> i64 {
    let v: Vec<Colour> = h
        .chars()
        .map(|c| if c == '+' { Colour::Red } else { Colour::Black })
        .collect();
    cxa::x_value(&v)
}

#[test]
fn ex7c_ok_rules() {
    // §2.1's examples of X.
    for (h, x) in [
        ("+", 101),
        ("+-", -1),
        ("++", 202),
        ("+--+", 1),
        ("-+--", -202),
    ] {
        assert_eq!(x_of(h), x, "{h}");
    }
    // Allowed, refused by 禁连三 (the bottom group then relaxes 禁连三 as a
    // last resort, with a note), or refused outright (禁多三 is absolute).
    #[derive(Debug, PartialEq)]
    enum Ok3 {
        Allowed,
        RunRule,
        Absolute,
    }
    let judge = |a: &str, b: &str| -> Ok3 {
        let s = duel(a.len().max(b.len()) as u32 + 1, (1, a, 4), (2, b, 4));
        match cxa::pair(&s, &CxaOptions::default()) {
            Ok(p) if p.notes.iter().any(|n| n.en().contains("禁连三 relaxed")) => Ok3::RunRule,
            Ok(p) => {
                assert_eq!(p.boards.len(), 1);
                Ok3::Allowed
            }
            Err(PairingError::NoLegalPairing { .. }) => Ok3::Absolute,
            Err(e) => panic!("{e}"),
        }
    };
    let ok = |a: &str, b: &str| judge(a, b) == Ok3::Allowed;
    // 201 v 202: imbalance.
    assert_eq!((x_of("++-+"), x_of("+-++")), (201, 202));
    assert_eq!(judge("++-+", "+-++"), Ok3::Absolute);
    // 102 v 202: run.
    assert_eq!(x_of("-+-++"), 102);
    assert_eq!(judge("-+-++", "+-++"), Ok3::RunRule);
    // −201 v −102: run.
    assert_eq!((x_of("--+-"), x_of("+-+--")), (-201, -102));
    assert_eq!(judge("--+-", "+-+--"), Ok3::RunRule);
    // 101 v 102: allowed, 101 red.
    assert_eq!(x_of("+-+"), 101);
    assert!(ok("+-+", "-+-++"));
    let s = duel(6, (1, "+-+", 4), (2, "-+-++", 4));
    assert_eq!(pair_duel(&s, CxaOptions::default()).unwrap(), vec![(1, 2)]);
    // With 禁连三 off, 102 v 202 is allowed (only 禁多三 is absolute).
    let off = CxaOptions {
        no_three_in_row: false,
        ..CxaOptions::default()
    };
    let s = duel(6, (1, "-+-++", 4), (2, "+-++", 4));
    assert_eq!(pair_duel(&s, off).unwrap(), vec![(1, 2)]);
}

#[test]
fn ex7d_last_rounds_rule() {
    let s = duel(8, (1, "+-+-+-+", 10), (4, "-+-++-+", 9));
    let off = CxaOptions {
        last_rounds_threshold: Points::ZERO,
        ..CxaOptions::default()
    };
    assert_eq!(pair_duel(&s, off).unwrap(), vec![(1, 4)]);
    assert_eq!(pair_duel(&s, CxaOptions::default()).unwrap(), vec![(4, 1)]);
    let s = duel(8, (1, "+-+-+-+", 10), (4, "+-+--++", 9));
    assert_eq!(pair_duel(&s, CxaOptions::default()).unwrap(), vec![(1, 4)]);
}

#[test]
fn round_one_colour_methods_and_halves() {
    let s = fresh(8);
    let b = |m: u8, c: u8, upper: &[u32], lower: &[u32]| {
        let mut cfg = cxa_cfg(m, c);
        cfg.cxa.upper_half = upper.to_vec();
        cfg.cxa.lower_half = lower.to_vec();
        boards(&pair(&s, &cfg).unwrap())
    };
    // 3 odd seed red / 7 even seed red (Rec B1: they do swap).
    assert_eq!(b(1, 3, &[], &[]), vec![(1, 2), (3, 4), (5, 6), (7, 8)]);
    assert_eq!(b(1, 7, &[], &[]), vec![(2, 1), (4, 3), (6, 5), (8, 7)]);
    // 8 lower seed red / 9 higher seed red.
    assert_eq!(b(2, 8, &[], &[]), vec![(1, 8), (2, 7), (3, 6), (4, 5)]);
    assert_eq!(b(2, 9, &[], &[]), vec![(8, 1), (7, 2), (6, 3), (5, 4)]);
    // 5 halves: upper 5, 6; lower 1, 2 → list 5 6 3 4 7 8 1 2, then 拦腰;
    // colour 1 upper red (upper > none > lower), 5 the reverse.
    assert_eq!(
        b(5, 1, &[5, 6], &[1, 2]),
        vec![(5, 7), (6, 8), (3, 1), (4, 2)]
    );
    assert_eq!(
        b(5, 5, &[5, 6], &[1, 2]),
        vec![(7, 5), (8, 6), (1, 3), (2, 4)]
    );
    // 4 random: reproducible from the seed, a permutation of everyone.
    let r1 = b(4, 11, &[], &[]);
    assert_eq!(r1, b(4, 11, &[], &[]));
    let mut all: Vec<u32> = r1.iter().flat_map(|&(a, b)| [a, b]).collect();
    all.sort_unstable();
    assert_eq!(all, (1..=8).collect::<Vec<_>>());
}
