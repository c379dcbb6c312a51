//! Foundations of the repetition rulings: finding the latest
//! repeated position and the cycle of moves between its two occurrences,
//! what a move directly attacks "if the opponent passed", and the classes
//! of moves (check 将, chase 捉, idle 闲) and of cycles (长将, 一将一捉,
//! 长捉, ordinary) of the simplified rule.

pub mod classify;
pub mod rules;
#[cfg(test)]
mod tests;

pub use classify::{Chase, ChaseKind, MoveFacts};
pub use rules::{judge, Judgement, RuleSet};

use super::board::{Kind, Move, Position, Square};
use crate::domain::Colour;

/// A repeated position and the moves that led back to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    /// Ply count (0 = start) at the earlier occurrence.
    pub first: usize,
    /// Ply count at the later occurrence (the latest repeated position).
    pub again: usize,
    /// The cycle: the moves played from `first` to `again`.
    pub moves: Vec<Move>,
    /// The position that repeated (side to move included).
    pub position: Position,
}

/// The latest position of the game that had occurred before (same pieces
/// on the same points, same side to move), with the shortest cycle back to
/// it; `None` if no position repeats.
pub fn latest_repetition(start: &Position, moves: &[Move]) -> Option<Repetition> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut p = start.clone();
    positions.push(p.clone());
    for &m in moves {
        p.make(m);
        positions.push(p.clone());
    }
    for again in (1..positions.len()).rev() {
        // Same side to move only every second ply.
        let mut first = again;
        while first >= 2 {
            first -= 2;
            if positions[first] == positions[again] {
                return Some(Repetition {
                    first,
                    again,
                    moves: moves[first..again].to_vec(),
                    position: positions[again].clone(),
                });
            }
        }
    }
    None
}

/// One capture the mover could make next if the opponent passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attack {
    pub attacker: Square,
    pub attacker_kind: Kind,
    pub target: Square,
    pub target_kind: Kind,
}

/// What a move attacks directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attacks {
    /// The move gives check (the enemy king could be taken next).
    pub check: bool,
    /// Every legal capture of a non-king piece open to the mover after the
    /// move, were the opponent to pass.
    pub all: Vec<Attack>,
    /// Those of `all` that the mover did not already have before the move
    /// (attacks standing before a repetition do not count).
    pub new: Vec<Attack>,
}

/// The legal captures of non-king pieces open to the side to move.
fn captures(pos: &Position) -> Vec<Attack> {
    pos.legal_moves()
        .into_iter()
        .filter_map(|m| {
            let a = pos.piece_at(m.from())?;
            let t = pos.piece_at(m.to())?;
            (t.kind != Kind::King).then_some(Attack {
                attacker: m.from(),
                attacker_kind: a.kind,
                target: m.to(),
                target_kind: t.kind,
            })
        })
        .collect()
}

/// What the move `m` (legal in `before`) attacks if the opponent passed.
pub fn direct_attacks(before: &Position, m: Move) -> Attacks {
    let mover = before.side_to_move();
    let mut after = before.after(m);
    let check = after.king_attacked(mover.opposite());
    after.set_side_to_move(mover);
    let all = captures(&after);
    let old = captures(before);
    let new = all
        .iter()
        .copied()
        .filter(|a| {
            // The moved piece attacks from its new point; compare targets
            // and attacking piece (followed through the move).
            let from_before = if a.attacker == m.to() {
                m.from()
            } else {
                a.attacker
            };
            !old.iter()
                .any(|o| o.target == a.target && o.attacker == from_before)
        })
        .collect();
    Attacks { check, all, new }
}

/// A move's class in the simplified rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveClass {
    /// 将: the enemy king could be taken next.
    Check,
    /// 捉: a new attack on a piece other than the king, made by a piece
    /// other than the king or a pawn (which may attack at every move).
    Chase,
    /// 闲: neither.
    Idle,
}

/// Classifies a move legal in `before`.
pub fn classify(before: &Position, m: Move) -> MoveClass {
    let a = direct_attacks(before, m);
    if a.check {
        MoveClass::Check
    } else if a
        .new
        .iter()
        .any(|x| !matches!(x.attacker_kind, Kind::King | Kind::Pawn))
    {
        MoveClass::Chase
    } else {
        MoveClass::Idle
    }
}

/// A side's moves in a cycle, ranked: the earlier in this list must change
/// first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CycleClass {
    /// 长将: every move checks.
    PerpetualCheck,
    /// 一将一捉: every move checks or chases, some of each.
    CheckChase,
    /// 长捉: every move chases.
    PerpetualChase,
    /// Anything else (idle moves, one check and one idle, …).
    Ordinary,
}

/// The class of a list of move classes.
pub fn cycle_class(classes: &[MoveClass]) -> CycleClass {
    let checks = classes.iter().filter(|&&c| c == MoveClass::Check).count();
    let chases = classes.iter().filter(|&&c| c == MoveClass::Chase).count();
    let n = classes.len();
    if n == 0 {
        CycleClass::Ordinary
    } else if checks == n {
        CycleClass::PerpetualCheck
    } else if chases == n {
        CycleClass::PerpetualChase
    } else if checks + chases == n {
        CycleClass::CheckChase
    } else {
        CycleClass::Ordinary
    }
}

/// The classes of each side's moves in a repetition cycle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CycleSummary {
    pub red: Vec<MoveClass>,
    pub black: Vec<MoveClass>,
}

impl CycleSummary {
    pub fn class(&self, side: Colour) -> CycleClass {
        match side {
            Colour::Red => cycle_class(&self.red),
            Colour::Black => cycle_class(&self.black),
        }
    }
}

/// Classifies every move of a cycle, replaying it from its position.
pub fn summarise(rep: &Repetition) -> CycleSummary {
    let mut p = rep.position.clone();
    let mut s = CycleSummary {
        red: Vec::new(),
        black: Vec::new(),
    };
    for &m in &rep.moves {
        let c = classify(&p, m);
        match p.side_to_move() {
            Colour::Red => s.red.push(c),
            Colour::Black => s.black.push(c),
        }
        p.make(m);
    }
    s
}

/// The simplified rule's verdict on a repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Both sides' cycles are of the same class: a draw if neither changes.
    Draw,
    /// This side's cycle ranks higher: it must vary (or loses).
    MustChange(Colour),
}

/// Both sides repeating: the side with the higher-ranked cycle must change;
/// equal classes draw.
pub fn simple_verdict(s: &CycleSummary) -> Verdict {
    let (r, b) = (s.class(Colour::Red), s.class(Colour::Black));
    match r.cmp(&b) {
        std::cmp::Ordering::Equal => Verdict::Draw,
        std::cmp::Ordering::Less => Verdict::MustChange(Colour::Red),
        std::cmp::Ordering::Greater => Verdict::MustChange(Colour::Black),
    }
}
