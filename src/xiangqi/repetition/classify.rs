//! The finer facts of a move in a repetition cycle, shared by every rule
//! book: does it check, does it threaten mate by a checks-only line (and
//! how deep), and which pieces does it newly chase, with what the chased
//! piece is (车, unprotected, protected but losing material, attacked by
//! several pieces together). Each rule book in `rules` then decides which
//! of these facts count.

use super::super::board::{Kind, Move, Position, Square};
use crate::domain::Colour;

/// How deep the checks-only mate search goes (the mover's moves).
pub const MATE_DEPTH: u32 = 3;

/// Nodes the checks-only search may visit for one question; beyond that it
/// answers "no mate found" (a bound, so random positions stay cheap).
const MATE_NODES: u32 = 20_000;

/// What an attacked piece is, from the chaser's point of view. Ordered from
/// the most serious to the least: a pair whose kind becomes more serious
/// through the move counts as a new chase (its nature changed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChaseKind {
    /// A 车 attacked by a piece that is not a 车 (protected or not), or an
    /// unprotected 车 that cannot take back.
    Chariot,
    /// 无根子: no piece of its side could take back.
    Unprotected,
    /// 有根子 whose capture still wins material (the attacker is worth less).
    Winning,
    /// 联合捉: protected, a single capture does not win, but the exchanges
    /// on its point with several attackers do.
    Joint,
    /// 有根子 whose capture wins nothing: an attack, not a chase in the
    /// asian and cxa2011 books (the simple rule counts it).
    Protected,
    /// 兑: the attacked piece could take the attacker first and is worth at
    /// least as much (an offer to exchange, not a chase).
    Exchange,
}

impl ChaseKind {
    /// The label's i18n key (`judge.kind.*`).
    pub fn key(self) -> &'static str {
        match self {
            ChaseKind::Chariot => "judge.kind.chariot",
            ChaseKind::Unprotected => "judge.kind.unprotected",
            ChaseKind::Winning => "judge.kind.winning",
            ChaseKind::Joint => "judge.kind.joint",
            ChaseKind::Protected => "judge.kind.protected",
            ChaseKind::Exchange => "judge.kind.exchange",
        }
    }
}

/// One new attack of a move on a piece other than the king.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chase {
    pub attacker: Square,
    pub attacker_kind: Kind,
    pub target: Square,
    pub target_kind: Kind,
    /// The attacked piece's colour.
    pub target_side: Colour,
    /// Identity of the attacked piece through the cycle (index into the
    /// cycle's starting pieces), so "the same piece" can be followed.
    pub target_id: usize,
    /// A pawn still on its own side of the river.
    pub uncrossed_pawn: bool,
    /// Some piece of its side could take back on its point.
    pub protected: bool,
    pub kind: ChaseKind,
}

/// The facts of one move of a cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// 1-based ply of the move in the game.
    pub ply: usize,
    pub side: Colour,
    pub mv: Move,
    /// The move in Chinese notation (`车二进一`).
    pub chinese: String,
    /// 将: the enemy king could be taken next.
    pub check: bool,
    /// 杀: with the opponent passing, a checks-only mate in this many of the
    /// mover's moves (new: not already there before the move).
    pub mate_in: Option<u32>,
    /// New attacks by pieces other than the king and pawns on pieces other
    /// than the king, classified.
    pub chases: Vec<Chase>,
    /// Some new attack of any piece (king and pawns included) on a
    /// non-king piece: the simple rule's chase for a king or pawn move is
    /// still idle, so this is informational.
    pub simple_chase: bool,
}

/// Rough material values for the exchange arithmetic (hundredths of a
/// pawn are not needed: only comparisons matter).
fn value(kind: Kind, sq: Square, side: Colour) -> i32 {
    match kind {
        Kind::King => 1000,
        Kind::Chariot => 10,
        Kind::Horse | Kind::Cannon => 5,
        Kind::Advisor | Kind::Elephant => 2,
        Kind::Pawn => {
            if crossed(sq, side) {
                2
            } else {
                1
            }
        }
    }
}

/// Has a pawn of `side` on `sq` crossed the river?
fn crossed(sq: Square, side: Colour) -> bool {
    match side {
        Colour::Red => sq.rank() >= 5,
        Colour::Black => sq.rank() <= 4,
    }
}

/// Legal captures of the side to move landing on `sq`.
fn captures_on(pos: &Position, sq: Square) -> Vec<Move> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.to() == sq)
        .collect()
}

/// What the side to move gains at most by starting (or declining) the
/// exchanges on `sq`, each side free to stop; `depth` bounds the sequence.
fn exchange_gain(pos: &Position, sq: Square, depth: u32) -> i32 {
    if depth == 0 {
        return 0;
    }
    let Some(target) = pos.piece_at(sq) else {
        return 0;
    };
    if target.kind == Kind::King {
        return 0;
    }
    let tv = value(target.kind, sq, target.colour);
    let mut best = 0;
    for m in captures_on(pos, sq) {
        let after = pos.after(m);
        let g = tv - exchange_gain(&after, sq, depth - 1);
        best = best.max(g);
    }
    best
}

/// The gain of capturing on `m.to()` with exactly the move `m`, then best
/// play on that point.
fn capture_gain(pos: &Position, m: Move) -> i32 {
    let Some(t) = pos.piece_at(m.to()) else {
        return 0;
    };
    let after = pos.after(m);
    value(t.kind, m.to(), t.colour) - exchange_gain(&after, m.to(), 6)
}

/// Classifies the capture `a` (legal for the side to move in `pos`, which
/// is the position with the opponent "passing"); `real` is the same
/// position with the opponent to move (for the exchange test).
fn chase_kind(pos: &Position, real: &Position, m: Move) -> Option<ChaseKind> {
    let a = pos.piece_at(m.from())?;
    let t = pos.piece_at(m.to())?;
    if t.kind == Kind::King {
        return None;
    }
    let av = value(a.kind, m.from(), a.colour);
    let tv = value(t.kind, m.to(), t.colour);
    // A 车 attacked by a lesser piece is chased, protected or not.
    if t.kind == Kind::Chariot && a.kind != Kind::Chariot {
        return Some(ChaseKind::Chariot);
    }
    let after = pos.after(m);
    let protected = !captures_on(&after, m.to()).is_empty();
    // 兑: the target could take the attacker first. With a protected
    // target whose exchanges still win (a second attacker behind), it is
    // a joint chase (联合捉, e.g. 联合捉车).
    let reverse = Move::new(m.to(), m.from());
    if real.side_to_move() == t.colour && real.is_legal(reverse) && tv >= av {
        return Some(if protected && exchange_gain(pos, m.to(), 6) > 0 {
            ChaseKind::Joint
        } else {
            ChaseKind::Exchange
        });
    }
    if !protected {
        return Some(if t.kind == Kind::Chariot {
            ChaseKind::Chariot
        } else {
            ChaseKind::Unprotected
        });
    }
    if capture_gain(pos, m) > 0 {
        return Some(ChaseKind::Winning);
    }
    if exchange_gain(pos, m.to(), 6) > 0 {
        return Some(ChaseKind::Joint);
    }
    Some(ChaseKind::Protected)
}

/// Every classified capture of a non-king piece open to the side to move
/// in `pos` by a piece other than the king or a pawn.
fn chases_in(pos: &Position, real: &Position) -> Vec<(Move, Kind, ChaseKind)> {
    pos.legal_moves()
        .into_iter()
        .filter_map(|m| {
            let a = pos.piece_at(m.from())?;
            if matches!(a.kind, Kind::King | Kind::Pawn) {
                return None;
            }
            let k = chase_kind(pos, real, m)?;
            Some((m, a.kind, k))
        })
        .collect()
}

/// Does the side to move mate by checks alone within `depth` of its moves?
fn checks_mate(pos: &Position, depth: u32, nodes: &mut u32) -> bool {
    if depth == 0 || *nodes == 0 {
        return false;
    }
    let me = pos.side_to_move();
    for m in pos.legal_moves() {
        *nodes = nodes.saturating_sub(1);
        if *nodes == 0 {
            return false;
        }
        let after = pos.after(m);
        if !after.king_attacked(me.opposite()) {
            continue;
        }
        let replies = after.legal_moves();
        if replies.is_empty() {
            return true;
        }
        if depth > 1
            && replies.iter().all(|&r| {
                let next = after.after(r);
                checks_mate(&next, depth - 1, nodes)
            })
        {
            return true;
        }
    }
    false
}

/// The shortest checks-only mate (in the side to move's moves, up to
/// `max`), if any is found within the node budget.
pub fn checks_only_mate(pos: &Position, max: u32) -> Option<u32> {
    let mut nodes = MATE_NODES;
    (1..=max).find(|&d| checks_mate(pos, d, &mut nodes))
}

/// The facts of the move `m`, legal in `before` (ids: the piece identity
/// of each point, followed through the cycle by the caller).
pub fn move_facts(before: &Position, m: Move, ply: usize, ids: &[Option<usize>; 90]) -> MoveFacts {
    let mover = before.side_to_move();
    let real = before.after(m);
    let check = real.king_attacked(mover.opposite());
    let mut passed = real.clone();
    passed.set_side_to_move(mover);

    let mate_in = if check {
        None
    } else {
        checks_only_mate(&passed, MATE_DEPTH).filter(|&d| {
            // Only a threat the move creates: none as deep before it.
            checks_only_mate(before, d).is_none()
        })
    };

    // Standing chases before the move (the mover to move in `before`; the
    // opponent's answer position for the exchange test is `before` with the
    // other side to move).
    let mut before_real = before.clone();
    before_real.set_side_to_move(mover.opposite());
    let old = chases_in(before, &before_real);
    let now = chases_in(&passed, &real);
    let mut chases = Vec::new();
    for (cm, ak, kind) in now {
        let from_before = if cm.from() == m.to() {
            m.from()
        } else {
            cm.from()
        };
        let stood = old
            .iter()
            .any(|(om, _, ok)| om.to() == cm.to() && om.from() == from_before && *ok <= kind);
        if stood {
            continue;
        }
        let t = passed.piece_at(cm.to()).expect("a capture has a target");
        // The attacked piece did not move (it is the opponent's), so its id
        // is where it stands now.
        let target_id = ids[cm.to().index()].unwrap_or(usize::MAX);
        chases.push(Chase {
            attacker: cm.from(),
            attacker_kind: ak,
            target: cm.to(),
            target_kind: t.kind,
            target_side: t.colour,
            target_id,
            uncrossed_pawn: t.kind == Kind::Pawn && !crossed(cm.to(), t.colour),
            protected: !captures_on(&passed.after(cm), cm.to()).is_empty(),
            kind,
        });
    }
    chases.sort_by_key(|c| (c.kind, c.target.index()));
    let simple_chase = super::classify(before, m) == super::MoveClass::Chase;
    MoveFacts {
        ply,
        side: mover,
        mv: m,
        chinese: super::super::notation::write_move(before, m, super::super::Notation::Chinese),
        check,
        mate_in,
        chases,
        simple_chase,
    }
}

/// The facts of every move of a cycle, replayed from its position;
/// `first_ply` is the game ply (0-based) of the cycle's start.
pub fn cycle_facts(start: &Position, moves: &[Move], first_ply: usize) -> Vec<MoveFacts> {
    let mut ids = [None; 90];
    for (n, (s, _)) in start.pieces().enumerate() {
        ids[s.index()] = Some(n);
    }
    let mut p = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        out.push(move_facts(&p, m, first_ply + i + 1, &ids));
        ids[m.to().index()] = ids[m.from().index()].take();
        p.make(m);
    }
    out
}
