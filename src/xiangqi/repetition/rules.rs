//! The three rule books' rulings on a repetition cycle, and the
//! arbiter's report (text in Chinese and English, JSON).
//!
//! - `simple`: the three-kind proposal (check, chase, idle; 长将 > 一将一捉 >
//!   长捉 > ordinary; the higher-ranked side changes, equal kinds draw).
//! - `asian`: perpetual check and perpetual chase of one unprotected piece
//!   (not an uncrossed pawn) or of a 车 by 马/炮 are forbidden; chasing
//!   several pieces in turn is allowed; both forbidden → draw.
//! - `cxa2011`: forbidden cycles in a serious class (甲种: 长杀, 长捉车,
//!   长捉无根子 and their mixtures with 将/杀) and a lesser one (乙种:
//!   every other forbidden cycle, 长将 included as the book's list has it);
//!   a serious side changes against a lesser one, equal classes draw.

use super::classify::{cycle_facts, ChaseKind, MoveFacts};
use super::{cycle_class, latest_repetition, CycleClass, MoveClass, Repetition};
use crate::domain::Colour;
use crate::i18n::{msg, tr, Lang, Msg};
use crate::xiangqi::board::{Kind, Move, Position};
use serde_json::json;

/// A rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    Simple,
    Asian,
    Cxa2011,
}

impl RuleSet {
    pub const ALL: [RuleSet; 3] = [RuleSet::Simple, RuleSet::Asian, RuleSet::Cxa2011];

    pub fn code(self) -> &'static str {
        match self {
            RuleSet::Simple => "simple",
            RuleSet::Asian => "asian",
            RuleSet::Cxa2011 => "cxa2011",
        }
    }

    pub fn from_code(s: &str) -> Option<RuleSet> {
        Self::ALL.into_iter().find(|r| r.code() == s.trim())
    }
}

/// A move's class as a rule book sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    Check,
    MateThreat,
    Chase,
    Idle,
}

impl Class {
    pub fn code(self) -> &'static str {
        match self {
            Class::Check => "check",
            Class::MateThreat => "mate-threat",
            Class::Chase => "chase",
            Class::Idle => "idle",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Class::Check => "judge.class.check",
            Class::MateThreat => "judge.class.mate",
            Class::Chase => "judge.class.chase",
            Class::Idle => "judge.class.idle",
        }
    }
}

/// The chases of a move that count in a rule book.
fn counted(rules: RuleSet, f: &MoveFacts) -> Vec<&super::classify::Chase> {
    f.chases
        .iter()
        .filter(|c| match rules {
            RuleSet::Simple => true,
            RuleSet::Asian => {
                !c.uncrossed_pawn
                    && (c.kind == ChaseKind::Unprotected
                        || (c.kind == ChaseKind::Chariot
                            && (!c.protected
                                || matches!(c.attacker_kind, Kind::Horse | Kind::Cannon))))
            }
            RuleSet::Cxa2011 => {
                !c.uncrossed_pawn
                    && matches!(
                        c.kind,
                        ChaseKind::Chariot
                            | ChaseKind::Unprotected
                            | ChaseKind::Winning
                            | ChaseKind::Joint
                    )
            }
        })
        .collect()
}

/// A move's class under a rule book.
pub fn move_class(rules: RuleSet, f: &MoveFacts) -> Class {
    if f.check {
        return Class::Check;
    }
    match rules {
        // Three kinds only: a mate threat is idle.
        RuleSet::Simple if f.simple_chase => Class::Chase,
        RuleSet::Simple => Class::Idle,
        _ if f.mate_in.is_some() => Class::MateThreat,
        _ if !counted(rules, f).is_empty() => Class::Chase,
        _ => Class::Idle,
    }
}

/// A move's nature in the cxa2011 book, most serious first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Nature {
    Check,
    Mate,
    ChaseChariot,
    ChaseUnprotected,
    /// 捉有根子得子 or 联合捉: forbidden, lesser class.
    ChaseLesser,
    Idle,
}

impl Nature {
    fn key(self) -> &'static str {
        match self {
            Nature::Check => "judge.nature.check",
            Nature::Mate => "judge.nature.mate",
            Nature::ChaseChariot => "judge.nature.chariot",
            Nature::ChaseUnprotected => "judge.nature.unprotected",
            Nature::ChaseLesser => "judge.nature.lesser",
            Nature::Idle => "judge.nature.idle",
        }
    }
}

fn nature(f: &MoveFacts) -> Nature {
    if f.check {
        return Nature::Check;
    }
    if f.mate_in.is_some() {
        return Nature::Mate;
    }
    counted(RuleSet::Cxa2011, f)
        .iter()
        .map(|c| match c.kind {
            ChaseKind::Chariot => Nature::ChaseChariot,
            ChaseKind::Unprotected => Nature::ChaseUnprotected,
            _ => Nature::ChaseLesser,
        })
        .min()
        .unwrap_or(Nature::Idle)
}

/// One side's moves in the cycle, as the rule book sees them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideCycle {
    pub side: Colour,
    /// Forbidden by the rule book (the simple rule forbids nothing; it
    /// ranks: `rank` 0 = 长将 … 3 = ordinary).
    pub forbidden: bool,
    /// cxa2011: of the serious class (甲种).
    pub serious: bool,
    /// simple: the cycle's rank.
    pub rank: Option<CycleClass>,
    /// The distinct natures (cxa2011) or classes, for the label.
    label_keys: Vec<&'static str>,
    /// Every move of the side is of one nature (长…) or they mix (一…一…).
    perpetual: bool,
}

impl SideCycle {
    /// `长将`, `一将一捉车`, `普通着法`… / `perpetual check`, `check and chase`…
    pub fn label(&self, lang: Lang) -> String {
        if self.label_keys.is_empty() {
            return tr(lang, "judge.cycle.ordinary").to_string();
        }
        let name = |k: &'static str| Msg::new(k);
        let first = name(self.label_keys[0]);
        if self.label_keys.len() == 1 && !self.perpetual {
            first.render(lang)
        } else if self.perpetual {
            msg!("judge.cycle.perpetual_of", name = first).render(lang)
        } else {
            self.label_keys
                .iter()
                .map(|&k| msg!("judge.cycle.each_of", name = name(k)))
                .reduce(|a, b| msg!("judge.cycle.joined", a, b))
                .map(|m| m.render(lang))
                .unwrap_or_default()
        }
    }
}

fn simple_side(side: Colour, classes: &[MoveClass]) -> SideCycle {
    let rank = cycle_class(classes);
    let key = match rank {
        CycleClass::PerpetualCheck => "judge.cycle.perpetual_check",
        CycleClass::CheckChase => "judge.cycle.check_chase",
        CycleClass::PerpetualChase => "judge.cycle.perpetual_chase",
        CycleClass::Ordinary => "judge.cycle.ordinary",
    };
    SideCycle {
        side,
        forbidden: rank != CycleClass::Ordinary,
        serious: false,
        rank: Some(rank),
        label_keys: vec![key],
        perpetual: false,
    }
}

fn asian_side(side: Colour, facts: &[&MoveFacts]) -> SideCycle {
    let all_check = !facts.is_empty() && facts.iter().all(|f| f.check);
    // Every non-checking move chases, in the book's sense, one same piece.
    let chasing: Vec<&&MoveFacts> = facts.iter().filter(|f| !f.check).collect();
    let mut common: Option<Vec<usize>> = None;
    for f in &chasing {
        let ids: Vec<usize> = counted(RuleSet::Asian, f)
            .iter()
            .map(|c| c.target_id)
            .collect();
        common = Some(match common {
            None => ids,
            Some(prev) => prev.into_iter().filter(|i| ids.contains(i)).collect(),
        });
    }
    let chase = !chasing.is_empty() && common.is_some_and(|c| !c.is_empty());
    let (forbidden, key) = if all_check {
        (true, "judge.cycle.perpetual_check")
    } else if chase && chasing.len() == facts.len() {
        (true, "judge.cycle.perpetual_chase")
    } else if chase {
        (true, "judge.cycle.check_chase")
    } else {
        (false, "judge.cycle.allowed")
    };
    SideCycle {
        side,
        forbidden,
        serious: false,
        rank: None,
        label_keys: vec![key],
        perpetual: false,
    }
}

fn cxa_side(side: Colour, facts: &[&MoveFacts]) -> SideCycle {
    let natures: Vec<Nature> = facts.iter().map(|f| nature(f)).collect();
    let forbidden = !natures.is_empty() && natures.iter().all(|&n| n != Nature::Idle);
    let serious = forbidden
        && natures.iter().all(|&n| n != Nature::ChaseLesser)
        && natures.iter().any(|&n| n != Nature::Check);
    let mut distinct: Vec<Nature> = natures.clone();
    distinct.sort();
    distinct.dedup();
    if !forbidden {
        return SideCycle {
            side,
            forbidden,
            serious,
            rank: None,
            label_keys: vec!["judge.cycle.allowed"],
            perpetual: false,
        };
    }
    SideCycle {
        side,
        forbidden,
        serious,
        rank: None,
        perpetual: distinct.len() == 1,
        label_keys: distinct.iter().map(|n| n.key()).collect(),
    }
}

/// Why the ruling is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// simple: both sides' cycles are of the same kind.
    SameKind,
    /// simple: one side's kind ranks higher.
    HigherRank,
    /// Only one side's cycle is forbidden.
    OneForbidden,
    /// Neither side's cycle is forbidden.
    NoneForbidden,
    /// Both are forbidden and of the same class.
    BothForbidden,
    /// cxa2011: serious class (甲种) against the lesser (乙种).
    SeriousAgainstLesser,
}

impl Why {
    fn key(self) -> &'static str {
        match self {
            Why::SameKind => "judge.why.same_kind",
            Why::HigherRank => "judge.why.higher_rank",
            Why::OneForbidden => "judge.why.one_forbidden",
            Why::NoneForbidden => "judge.why.none_forbidden",
            Why::BothForbidden => "judge.why.both_forbidden",
            Why::SeriousAgainstLesser => "judge.why.serious",
        }
    }
}

/// One move of the cycle, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgedMove {
    pub facts: MoveFacts,
    pub class: Class,
}

/// The ruling on a game's latest repetition under one rule book.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Judgement {
    pub rules: RuleSet,
    pub repetition: Repetition,
    pub moves: Vec<JudgedMove>,
    pub red: SideCycle,
    pub black: SideCycle,
    /// The side that must vary (and loses if it does not); `None`: a draw.
    pub must_change: Option<Colour>,
    pub why: Why,
}

/// Rules on already computed facts of a cycle.
pub fn rule(rules: RuleSet, facts: &[MoveFacts]) -> (SideCycle, SideCycle, Option<Colour>, Why) {
    let of = |c: Colour| -> Vec<&MoveFacts> { facts.iter().filter(|f| f.side == c).collect() };
    let (red, black) = (of(Colour::Red), of(Colour::Black));
    match rules {
        RuleSet::Simple => {
            let classes = |v: &[&MoveFacts]| -> Vec<MoveClass> {
                v.iter()
                    .map(|f| match move_class(RuleSet::Simple, f) {
                        Class::Check => MoveClass::Check,
                        Class::Chase => MoveClass::Chase,
                        _ => MoveClass::Idle,
                    })
                    .collect()
            };
            let r = simple_side(Colour::Red, &classes(&red));
            let b = simple_side(Colour::Black, &classes(&black));
            let (must, why) = match r.rank.cmp(&b.rank) {
                std::cmp::Ordering::Equal => (None, Why::SameKind),
                std::cmp::Ordering::Less => (Some(Colour::Red), Why::HigherRank),
                std::cmp::Ordering::Greater => (Some(Colour::Black), Why::HigherRank),
            };
            (r, b, must, why)
        }
        RuleSet::Asian => {
            let r = asian_side(Colour::Red, &red);
            let b = asian_side(Colour::Black, &black);
            let (must, why) = forbidden_only(&r, &b);
            (r, b, must, why)
        }
        RuleSet::Cxa2011 => {
            let r = cxa_side(Colour::Red, &red);
            let b = cxa_side(Colour::Black, &black);
            let (must, why) = if r.forbidden && b.forbidden && r.serious != b.serious {
                let s = if r.serious {
                    Colour::Red
                } else {
                    Colour::Black
                };
                (Some(s), Why::SeriousAgainstLesser)
            } else {
                forbidden_only(&r, &b)
            };
            (r, b, must, why)
        }
    }
}

fn forbidden_only(r: &SideCycle, b: &SideCycle) -> (Option<Colour>, Why) {
    match (r.forbidden, b.forbidden) {
        (true, false) => (Some(Colour::Red), Why::OneForbidden),
        (false, true) => (Some(Colour::Black), Why::OneForbidden),
        (true, true) => (None, Why::BothForbidden),
        (false, false) => (None, Why::NoneForbidden),
    }
}

/// Judges the latest repetition of a game (start position and moves, all
/// legal); `None` when no position repeats.
pub fn judge(start: &Position, moves: &[Move], rules: RuleSet) -> Option<Judgement> {
    let rep = latest_repetition(start, moves)?;
    Some(judge_repetition(rep, rules))
}

/// Judges a found repetition.
pub fn judge_repetition(rep: Repetition, rules: RuleSet) -> Judgement {
    let facts = cycle_facts(&rep.position, &rep.moves, rep.first);
    let (red, black, must_change, why) = rule(rules, &facts);
    let moves = facts
        .into_iter()
        .map(|f| JudgedMove {
            class: move_class(rules, &f),
            facts: f,
        })
        .collect();
    Judgement {
        rules,
        repetition: rep,
        moves,
        red,
        black,
        must_change,
        why,
    }
}

/// `黑马` / `black horse`.
pub fn piece_name(kind: Kind, side: Colour, lang: Lang) -> String {
    let zh = lang != Lang::En;
    if zh {
        let c = match (kind, side) {
            (Kind::King, Colour::Red) => "帅",
            (Kind::King, Colour::Black) => "将",
            (Kind::Advisor, Colour::Red) => "仕",
            (Kind::Advisor, Colour::Black) => "士",
            (Kind::Elephant, Colour::Red) => "相",
            (Kind::Elephant, Colour::Black) => "象",
            (Kind::Horse, _) => "马",
            (Kind::Chariot, _) => "车",
            (Kind::Cannon, _) => "炮",
            (Kind::Pawn, Colour::Red) => "兵",
            (Kind::Pawn, Colour::Black) => "卒",
        };
        let side = match side {
            Colour::Red => tr(lang, "judge.piece.red"),
            Colour::Black => tr(lang, "judge.piece.black"),
        };
        format!("{side}{c}")
    } else {
        let k = match kind {
            Kind::King => "king",
            Kind::Advisor => "advisor",
            Kind::Elephant => "elephant",
            Kind::Horse => "horse",
            Kind::Chariot => "chariot",
            Kind::Cannon => "cannon",
            Kind::Pawn => "pawn",
        };
        format!("{} {k}", tr(lang, side_key(side)))
    }
}

fn side_key(side: Colour) -> &'static str {
    match side {
        Colour::Red => "judge.side.red",
        Colour::Black => "judge.side.black",
    }
}

impl JudgedMove {
    /// What the move targets, as the rule book counts it: `黑马(无根)`.
    pub fn targets(&self, rules: RuleSet, lang: Lang) -> Vec<String> {
        let f = &self.facts;
        let them = f.side.opposite();
        let paren = |s: &str| {
            if lang == Lang::En {
                format!(" ({s})")
            } else {
                format!("({s})")
            }
        };
        match self.class {
            Class::Check => vec![piece_name(Kind::King, them, lang)],
            Class::MateThreat => {
                let d = f.mate_in.unwrap_or(0);
                let text = msg!("judge.mate_in", n = d).render(lang);
                vec![format!(
                    "{}{}",
                    piece_name(Kind::King, them, lang),
                    paren(&text)
                )]
            }
            Class::Chase => counted(rules, f)
                .iter()
                .map(|c| {
                    let mut s = piece_name(c.target_kind, c.target_side, lang);
                    if c.kind != ChaseKind::Chariot {
                        s.push_str(&paren(tr(lang, c.kind.key())));
                    }
                    s
                })
                .collect(),
            Class::Idle => Vec::new(),
        }
    }
}

impl Judgement {
    /// `red must change` / `红方须变着` / `draw`.
    pub fn ruling_text(&self, lang: Lang) -> String {
        match self.must_change {
            Some(c) => msg!("judge.ruling.must_change", side = Msg::new(side_key(c))).render(lang),
            None => tr(lang, "judge.ruling.draw").to_string(),
        }
    }

    /// One line: each side's cycle and why the ruling follows.
    pub fn reason(&self, lang: Lang) -> String {
        let side = |s: &SideCycle| {
            let flag = if self.rules == RuleSet::Simple {
                String::new()
            } else {
                let k = match (s.forbidden, s.serious, self.rules) {
                    (false, _, _) => "judge.allowed",
                    (true, true, RuleSet::Cxa2011) => "judge.forbidden_serious",
                    (true, false, RuleSet::Cxa2011) if s.label_keys != ["judge.nature.check"] => {
                        "judge.forbidden_lesser"
                    }
                    (true, _, _) => "judge.forbidden",
                };
                if lang == Lang::En {
                    format!(" ({})", tr(lang, k))
                } else {
                    format!("（{}）", tr(lang, k))
                }
            };
            format!("{} {}{flag}", tr(lang, side_key(s.side)), s.label(lang))
        };
        let sep = if lang == Lang::En { "; " } else { "；" };
        format!(
            "{}{sep}{}{sep}{}",
            side(&self.red),
            side(&self.black),
            tr(lang, self.why.key())
        )
    }

    /// The arbiter's report in one language.
    pub fn text(&self, lang: Lang) -> String {
        let mut out = String::new();
        out.push_str(&format!(
            "{} {} ({} {}–{})\n",
            tr(lang, "judge.title"),
            self.rules.code(),
            tr(lang, "judge.plies"),
            self.repetition.first + 1,
            self.repetition.again
        ));
        for m in &self.moves {
            let targets = m.targets(self.rules, lang).join(", ");
            out.push_str(&format!(
                "  {:>4}. {} {} {} {}\n",
                m.facts.ply,
                tr(lang, side_key(m.facts.side)),
                m.facts.chinese,
                m.facts.mv.iccs(),
                tr(lang, m.class.key())
            ));
            if !targets.is_empty() {
                let last = out.pop();
                debug_assert_eq!(last, Some('\n'));
                out.push_str(&format!(" {targets}\n"));
            }
        }
        out.push_str(&format!(
            "{}: {}\n{}: {}\n",
            tr(lang, "judge.ruling"),
            self.ruling_text(lang),
            tr(lang, "judge.reason"),
            self.reason(lang)
        ));
        out
    }

    /// The JSON object of the issue (`targets` in Chinese, `targets_en`,
    /// `reason` in English, `reason_zh`).
    pub fn to_json(&self) -> serde_json::Value {
        let moves: Vec<_> = self
            .moves
            .iter()
            .map(|m| {
                json!({
                    "ply": m.facts.ply,
                    "side": m.facts.side.code(),
                    "iccs": m.facts.mv.iccs(),
                    "move": m.facts.chinese,
                    "class": m.class.code(),
                    "targets": m.targets(self.rules, Lang::ZhHans),
                    "targets_en": m.targets(self.rules, Lang::En),
                    "mate_in": m.facts.mate_in,
                })
            })
            .collect();
        json!({
            "rules": self.rules.code(),
            "cycle_start_ply": self.repetition.first + 1,
            "cycle_end_ply": self.repetition.again,
            "moves": moves,
            "must_change": self.must_change.map(|c| c.code()),
            "ruling": self.ruling_text(Lang::En),
            "reason": self.reason(Lang::En),
            "ruling_zh": self.ruling_text(Lang::ZhHans),
            "reason_zh": self.reason(Lang::ZhHans),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cycle(keys: &[&'static str], perpetual: bool) -> SideCycle {
        SideCycle {
            side: Colour::Red,
            forbidden: true,
            serious: false,
            rank: None,
            label_keys: keys.to_vec(),
            perpetual,
        }
    }

    #[test]
    fn cycle_names_in_each_language() {
        let long = cycle(&["judge.nature.check"], true);
        assert_eq!(long.label(Lang::ZhHans), "长将");
        assert_eq!(long.label(Lang::ZhHant), "長將");
        assert_eq!(long.label(Lang::En), "perpetual check");
        let mixed = cycle(&["judge.nature.check", "judge.nature.chariot"], false);
        assert_eq!(mixed.label(Lang::ZhHans), "一将一捉车");
        assert_eq!(mixed.label(Lang::ZhHant), "一將一捉車");
        assert_eq!(mixed.label(Lang::En), "check and chase of a chariot");
        let one = cycle(&["judge.nature.mate"], false);
        assert_eq!(one.label(Lang::ZhHant), "殺");
    }
}
