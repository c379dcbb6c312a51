//! Unit tests of the finer chase kinds and the checks-only mate search.

use super::classify::{checks_only_mate, move_facts, Chase, ChaseKind, MoveFacts};
use crate::xiangqi::board::{Move, Position, Square};

fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new(b[0] - b'a', b[1] - b'0').unwrap()
}

fn ids(p: &Position) -> [Option<usize>; 90] {
    let mut ids = [None; 90];
    for (n, (s, _)) in p.pieces().enumerate() {
        ids[s.index()] = Some(n);
    }
    ids
}

#[test]
fn an_elephant_attacking_a_protected_horse_wins_material() {
    // Red elephant c0→e2 attacks the black horse on g4, protected by the
    // chariot on g9: 2 for 5 still wins.
    let p = Position::from_fen("4k1r2/9/9/9/9/6n2/9/9/9/2BK5 w").unwrap();
    let m = Move::new(sq("c0"), sq("e2"));
    let f = move_facts(&p, m, 1, &ids(&p));
    assert_eq!(f.chases.len(), 1, "{f:?}");
    assert_eq!(f.chases[0].target, sq("g4"));
    assert!(f.chases[0].protected);
    assert_eq!(f.chases[0].kind, ChaseKind::Winning);
}

#[test]
fn a_chariot_joining_a_horse_against_a_protected_horse_is_a_joint_chase() {
    // Black horse e8 protected by the advisor d9, already attacked by the
    // red horse c7; the chariot a5→e5 joins: capturing with the chariot
    // first loses, but horse first then chariot wins.
    let p = Position::from_fen("3a1k3/4n4/2N6/9/R8/9/9/9/9/3K5 w").unwrap();
    let m = Move::new(sq("a5"), sq("e5"));
    let f = move_facts(&p, m, 1, &ids(&p));
    // The horse's standing attack changes nature too (an exchange offer
    // becomes part of a winning joint attack), so both attackers count.
    let on_e8: Vec<_> = f.chases.iter().filter(|c| c.target == sq("e8")).collect();
    let attackers: Vec<_> = on_e8.iter().map(|c| c.attacker).collect();
    assert!(
        attackers.contains(&sq("c7")) && attackers.contains(&sq("e5")),
        "{f:?}"
    );
    assert_eq!(attackers.len(), 2);
    assert!(on_e8.iter().all(|c| c.kind == ChaseKind::Joint), "{f:?}");
    // Without the red horse the same move only attacks a protected piece.
    let p = Position::from_fen("3a1k3/4n4/9/9/R8/9/9/9/9/3K5 w").unwrap();
    let f = move_facts(&p, m, 1, &ids(&p));
    assert_eq!(f.chases[0].kind, ChaseKind::Protected, "{f:?}");
}

#[test]
fn checks_only_mate_reports_its_depth() {
    // Black to move: no mate at once (the red chariot on b3 can block on
    // the d-file), but a second check mates: the red king may not step
    // onto the open e-file facing the black king.
    let p = Position::from_fen("4k4/9/9/9/9/5r3/1R7/9/9/3K5 b").unwrap();
    let d = checks_only_mate(&p, 3);
    assert_eq!(d, Some(2));
    assert_eq!(checks_only_mate(&p, 1), None);
    // With an advisor in the palace's centre the king has air: no mate.
    let p = Position::from_fen("4k4/9/9/9/9/5r3/1R7/9/4A4/3K5 b").unwrap();
    assert_eq!(checks_only_mate(&p, 3), None);
}

#[test]
fn a_second_chariot_against_a_protected_chariot_is_a_joint_chase_of_a_chariot() {
    // The black chariot c6 (protected by the horse b8) already faces the
    // red chariot c0; the other red chariot a5→a6 offers a second exchange
    // that now wins material: 联合捉车, not 兑 and not 捉车.
    let p = Position::from_fen("4k4/1n7/9/2r6/R8/9/9/9/9/2RK5 w").unwrap();
    let m = Move::new(sq("a5"), sq("a6"));
    let f = move_facts(&p, m, 1, &ids(&p));
    let on_c6: Vec<_> = f.chases.iter().filter(|c| c.target == sq("c6")).collect();
    assert!(on_c6.iter().any(|c| c.attacker == sq("a6")), "{f:?}");
    assert!(on_c6.iter().all(|c| c.kind == ChaseKind::Joint), "{f:?}");
    // Alone, the same chariot only offers an exchange.
    let p = Position::from_fen("4k4/1n7/9/2r6/R8/9/9/9/9/3K5 w").unwrap();
    let f = move_facts(&p, m, 1, &ids(&p));
    assert_eq!(f.chases[0].kind, ChaseKind::Exchange, "{f:?}");
}

/// Facts of a chasing move, made up for the rule tables.
fn chasing(
    ply: usize,
    side: crate::domain::Colour,
    kind: ChaseKind,
    target_id: usize,
) -> MoveFacts {
    use crate::xiangqi::board::Kind;
    MoveFacts {
        ply,
        side,
        mv: Move::new(sq("a0"), sq("a1")),
        chinese: String::new(),
        check: false,
        mate_in: None,
        chases: vec![Chase {
            attacker: sq("a1"),
            attacker_kind: Kind::Horse,
            target: sq("b3"),
            target_kind: Kind::Chariot,
            target_side: side.opposite(),
            target_id,
            uncrossed_pawn: false,
            protected: true,
            kind,
        }],
        simple_chase: true,
    }
}

#[test]
fn cxa2011_single_chase_of_a_chariot_against_a_joint_chase_of_a_chariot() {
    use super::rules::{rule, RuleSet, Why};
    use crate::domain::Colour::{Black, Red};
    // Red: 长捉车 by a horse; black: 长联合捉车 (lesser class).
    let facts = vec![
        chasing(1, Red, ChaseKind::Chariot, 7),
        chasing(2, Black, ChaseKind::Joint, 3),
        chasing(3, Red, ChaseKind::Chariot, 7),
        chasing(4, Black, ChaseKind::Joint, 3),
    ];
    let (r, b, must, why) = rule(RuleSet::Cxa2011, &facts);
    assert!(r.forbidden && r.serious);
    assert!(b.forbidden && !b.serious);
    assert_eq!((must, why), (Some(Red), Why::SeriousAgainstLesser));
    // Asian: a joint chase of a protected chariot is not forbidden.
    let (_, b, must, _) = rule(RuleSet::Asian, &facts);
    assert!(!b.forbidden);
    assert_eq!(must, Some(Red));
    // Simple: both chase every move: a draw.
    assert_eq!(rule(RuleSet::Simple, &facts).2, None);
    // Both of the serious class: a draw in cxa2011.
    let both = vec![
        chasing(1, Red, ChaseKind::Chariot, 7),
        chasing(2, Black, ChaseKind::Unprotected, 3),
        chasing(3, Red, ChaseKind::Chariot, 7),
        chasing(4, Black, ChaseKind::Unprotected, 3),
    ];
    assert_eq!(rule(RuleSet::Cxa2011, &both).3, Why::BothForbidden);
    assert_eq!(rule(RuleSet::Cxa2011, &both).2, None);
}
