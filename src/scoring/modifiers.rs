//! FIDE C.07's modifiers beyond the named criteria: Cut-n and Median-n
//! with any n on every criterion FIDE's TEC checker cuts (`BH/C3`,
//! `TPR/C1`, `PTP/M1`, `PS/C2`, `AOB/C1`, `APRO/C1`…), and the limit of
//! the Koya system (`KS/L60`: 60% of the maximum score; `KS/L+1.0`: the
//! 50% limit raised by a point; `KS/L+2`: by two half points).
//!
//! The named ones (`BH/C1` … `ARO/M2`) keep their own variants and codes;
//! [`TieBreak::with_cut`] gives them back whenever a modifier names one,
//! so each criterion has one value and one code.

use super::TieBreak;
use crate::domain::Points;
use crate::i18n::{Lang, Msg};
use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// A criterion that takes FIDE's modifiers: Cut-n (and, but for PS,
/// Median-n), and the letters its TEC checker reads (`/P`, `/F`, `/D`,
/// `/U`) where they change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CutBase {
    Buchholz,
    ForeBuchholz,
    SonnebornBerger,
    Aro,
    Tpr,
    Ptp,
    Progressive,
    Aob,
    Apro,
    Appo,
    /// RTNG: the unrated player's rating only (`RTNG/U1000`).
    Rating,
    /// The criteria that are not sums over rounds, which take only `/R`
    /// and `/S` (`TPN/R`, `WIN/S`, `DE/R`): their values are the
    /// unmodified criterion's.
    Direct,
    DirectPlayed,
    RoundsWon,
    GamesWon,
    BlackGames,
    BlackWins,
    Rep,
    StartNumber,
    ListedRating,
    AdjustedScore,
    ForeAdjustedScore,
    UnplayedRounds,
    GamesPlayed,
    RoundsPaired,
}

impl CutBase {
    const ALL: [CutBase; 25] = [
        CutBase::Buchholz,
        CutBase::ForeBuchholz,
        CutBase::SonnebornBerger,
        CutBase::Aro,
        CutBase::Tpr,
        CutBase::Ptp,
        CutBase::Progressive,
        CutBase::Aob,
        CutBase::Apro,
        CutBase::Appo,
        CutBase::Rating,
        CutBase::Direct,
        CutBase::DirectPlayed,
        CutBase::RoundsWon,
        CutBase::GamesWon,
        CutBase::BlackGames,
        CutBase::BlackWins,
        CutBase::Rep,
        CutBase::StartNumber,
        CutBase::ListedRating,
        CutBase::AdjustedScore,
        CutBase::ForeAdjustedScore,
        CutBase::UnplayedRounds,
        CutBase::GamesPlayed,
        CutBase::RoundsPaired,
    ];

    /// The unmodified criterion.
    pub fn tiebreak(self) -> TieBreak {
        match self {
            CutBase::Buchholz => TieBreak::Buchholz,
            CutBase::ForeBuchholz => TieBreak::ForeBuchholz,
            CutBase::SonnebornBerger => TieBreak::SonnebornBerger,
            CutBase::Aro => TieBreak::Aro,
            CutBase::Tpr => TieBreak::Tpr,
            CutBase::Ptp => TieBreak::Ptp,
            CutBase::Progressive => TieBreak::Progressive,
            CutBase::Aob => TieBreak::Aob,
            CutBase::Apro => TieBreak::Apro,
            CutBase::Appo => TieBreak::Appo,
            CutBase::Rating => TieBreak::Rating,
            CutBase::Direct => TieBreak::Direct,
            CutBase::DirectPlayed => TieBreak::DirectPlayed,
            CutBase::RoundsWon => TieBreak::RoundsWon,
            CutBase::GamesWon => TieBreak::GamesWon,
            CutBase::BlackGames => TieBreak::BlackGames,
            CutBase::BlackWins => TieBreak::BlackWins,
            CutBase::Rep => TieBreak::Rep,
            CutBase::StartNumber => TieBreak::StartNumber,
            CutBase::ListedRating => TieBreak::ListedRating,
            CutBase::AdjustedScore => TieBreak::AdjustedScore,
            CutBase::ForeAdjustedScore => TieBreak::ForeAdjustedScore,
            CutBase::UnplayedRounds => TieBreak::UnplayedRounds,
            CutBase::GamesPlayed => TieBreak::GamesPlayed,
            CutBase::RoundsPaired => TieBreak::RoundsPaired,
        }
    }

    /// Does it take only the order letters (`/R`, `/S`), its values the
    /// unmodified criterion's?
    pub fn order_only(self) -> bool {
        self.letters() == ['R', 'S']
    }

    fn of(tb: TieBreak) -> Option<CutBase> {
        Self::ALL.into_iter().find(|b| b.tiebreak() == tb)
    }

    /// The modifier letters this criterion takes, as FIDE's checker
    /// applies them: `C`/`M` cut (PS only from the first rounds, RTNG
    /// not at all); `P` a forfeit counted as a game against its opponent
    /// (the Buchholz family); `F` the Fore-Buchholz way (BH, SB, AOB);
    /// `D` every round's share a draw's (SB); `U` a rating for the
    /// unrated (the rating-based ones); `N` a cut without voluntarily
    /// unplayed rounds first (the Buchholz family); `V` the edition of
    /// C.07 (the Buchholz family: the virtual opponent; the rating-based
    /// ones: 2022's cuts); `R` the order reversed and `S` the event taken
    /// as a Swiss (every one: a round robin counts unplayed games as
    /// played unless `/S`).
    pub fn letters(self) -> &'static [char] {
        use CutBase::*;
        match self {
            Buchholz | Aob => &['C', 'M', 'P', 'F', 'N', 'V', 'R', 'S'],
            ForeBuchholz => &['C', 'M', 'P', 'N', 'V', 'R', 'S'],
            SonnebornBerger => &['C', 'M', 'P', 'F', 'D', 'N', 'V', 'R', 'S'],
            Aro | Tpr | Ptp => &['C', 'M', 'U', 'V', 'R', 'S'],
            // FIDE's checker fails on `APRO/V0`: no edition for these.
            Apro | Appo => &['C', 'M', 'U', 'R', 'S'],
            Progressive => &['C', 'R', 'S'],
            Rating => &['U', 'R', 'S'],
            Direct | DirectPlayed | RoundsWon | GamesWon | BlackGames | BlackWins | Rep
            | StartNumber | ListedRating | AdjustedScore | ForeAdjustedScore | UnplayedRounds
            | GamesPlayed | RoundsPaired => &['R', 'S'],
        }
    }
}

/// FIDE's modifiers beyond the cuts, as its TEC checker reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// `/P`: a forfeit counts as a game against its opponent (his
    /// adjusted score), not as a round against the virtual opponent.
    pub played: bool,
    /// `/F`: the Fore-Buchholz way: every player's last game a draw
    /// (`SB/F`; `AOB/F` averages the opponents' FB; `BH/F` is FB).
    pub fore: bool,
    /// `/D`: each round's Sonneborn-Berger share that of a draw.
    pub draws: bool,
    /// `/U<n>`: an unrated player counts with rating `n`.
    pub unrated: Option<u16>,
    /// `/N`: cuts take the lowest values as they come, voluntarily
    /// unplayed rounds not first (FIDE's checker's `vun`).
    pub plain_cut: bool,
    /// `/V<edition>`: the edition of C.07 the value follows.
    pub rules: Option<Rules>,
    /// `/R`: the order reversed (a lower value ranks ahead).
    pub reverse: bool,
    /// `/S`: the event taken as a Swiss: a round robin's unplayed games
    /// not counted as played (FIDE's checker then counts them nothing).
    pub swiss: bool,
}

/// An edition of FIDE C.07, as FIDE's checker's `/V` names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// 2022: a cut of ARO, TPR and PTP is spent on unplayed rounds first;
    /// the virtual opponent has the player's own score.
    V2022,
    /// 2024: the virtual opponent has the player's own score.
    V2024,
    /// 2026 (qishe's default): the virtual opponent's score no more than
    /// the forfeiting opponent's, or all draws after a bye (16.4).
    V2026,
}

impl Rules {
    fn year(self) -> u16 {
        match self {
            Rules::V2022 => 2022,
            Rules::V2024 => 2024,
            Rules::V2026 => 2026,
        }
    }

    /// `0`/`2022`, `1`/`2024`, `2`/`2026`, or none (the latest).
    fn parse(n: &str) -> Option<Rules> {
        match n {
            "0" | "2022" => Some(Rules::V2022),
            "1" | "2024" => Some(Rules::V2024),
            "" | "2" | "2026" => Some(Rules::V2026),
            _ => None,
        }
    }
}

impl Flags {
    pub fn is_empty(self) -> bool {
        self == Flags::default()
    }

    /// Does the virtual opponent's score have 2026's ceilings (16.4)?
    pub fn capped(self) -> bool {
        !matches!(self.rules, Some(Rules::V2022 | Rules::V2024))
    }

    /// Are cuts of ARO, TPR and PTP spent on unplayed rounds first (2022)?
    pub fn old_rating_cut(self) -> bool {
        self.rules == Some(Rules::V2022)
    }

    /// The letters beyond the cuts this asks for, one per modifier.
    fn letters(self) -> impl Iterator<Item = char> {
        [
            (self.played, 'P'),
            (self.fore, 'F'),
            (self.draws, 'D'),
            (self.unrated.is_some(), 'U'),
            (self.plain_cut, 'N'),
            (self.rules.is_some(), 'V'),
            (self.reverse, 'R'),
            (self.swiss, 'S'),
        ]
        .into_iter()
        .filter(|(on, _)| *on)
        .map(|(_, c)| c)
    }
}

/// A modified criterion that has no variant of its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Modified {
    pub base: CutBase,
    /// Values cut from the bottom (Cut-n, Median-n).
    pub low: u8,
    /// Values cut from the top (Median-n).
    pub high: u8,
    pub flags: Flags,
}

/// The largest n of Cut-n and Median-n.
pub const MAX_CUT: u8 = 99;

/// The largest rating `/U` sets.
pub const MAX_UNRATED: u16 = 4000;

/// The limit of the Koya system when it is not FIDE's 50%.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KoyaLimit {
    /// Opponents with at least this percentage of the maximum score.
    Percent(u8),
    /// The 50% limit moved by these points (hundredths; negative lowers it).
    Offset(i64),
}

impl KoyaLimit {
    /// The lowest score (hundredths) an opponent needs to count, of
    /// `max` (hundredths) the most a player could score.
    pub fn threshold(self, max: i64) -> LimitScore {
        match self {
            KoyaLimit::Percent(p) => LimitScore {
                num: max * p as i64,
                den: 100,
            },
            KoyaLimit::Offset(h) => LimitScore {
                num: max + 2 * h,
                den: 2,
            },
        }
    }

    /// `60%`, `+1.0`, `-0.5`: how names and codes write the limit.
    fn text(self) -> String {
        match self {
            KoyaLimit::Percent(p) => format!("{p}%"),
            KoyaLimit::Offset(h) => {
                let sign = if h < 0 { '-' } else { '+' };
                let a = h.abs();
                let frac = a % 100;
                let tail = match (frac, frac % 10) {
                    (0, _) => "0".to_string(),
                    (f, 0) => (f / 10).to_string(),
                    (f, _) => format!("{f:02}"),
                };
                format!("{sign}{}.{tail}", a / 100)
            }
        }
    }
}

/// An exact threshold `num / den` (hundredths of a point).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LimitScore {
    num: i64,
    den: i64,
}

impl LimitScore {
    /// Does a score of `score` reach it?
    pub fn reached_by(self, score: Points) -> bool {
        score.hundredths() * self.den >= self.num
    }
}

impl TieBreak {
    /// `base` with `low` values cut from the bottom and `high` from the
    /// top: the named variant when there is one (`BH/C1`), the base itself
    /// for no cut, else [`TieBreak::Modified`]. `None` when the base takes
    /// no such modifier.
    pub fn with_cut(base: TieBreak, low: u8, high: u8) -> Option<TieBreak> {
        Self::with_modifiers(base, low, high, Flags::default())
    }

    /// Does the edition of C.07 change this criterion's values (the
    /// Buchholz family and the rating-based ones take `/V`)?
    pub fn follows_edition(self) -> bool {
        let base = self.modified().map_or(self, |(b, _, _)| b);
        CutBase::of(base).is_some_and(|b| b.letters().contains(&'V'))
    }

    /// The criterion whose values this one has: the unmodified one of an
    /// order-only modifier (`TPN/R`, `WIN/S`, `DE/R`: the checker gives
    /// them the criterion's values), else itself.
    pub fn valued_as(self) -> TieBreak {
        match self {
            TieBreak::Modified(m) if m.base.order_only() => m.base.tiebreak(),
            _ => self,
        }
    }

    /// `base` cut as [`TieBreak::with_cut`] and with `flags`; `None` when
    /// the base does not take one of them. `BH/F` is FB.
    pub fn with_modifiers(base: TieBreak, low: u8, high: u8, flags: Flags) -> Option<TieBreak> {
        let (base, flags) = match base {
            TieBreak::Buchholz if flags.fore => (
                TieBreak::ForeBuchholz,
                Flags {
                    fore: false,
                    ..flags
                },
            ),
            // `DE/P/R`: DE/P reversed.
            TieBreak::Direct if flags.played => (
                TieBreak::DirectPlayed,
                Flags {
                    played: false,
                    ..flags
                },
            ),
            _ => (base, flags),
        };
        if low == 0 && high == 0 && flags.is_empty() {
            return Some(base);
        }
        let b = CutBase::of(base)?;
        let takes = |c: char| b.letters().contains(&c);
        let bad = (low > 0 && !takes('C'))
            || (high > 0 && (!takes('M') || high != low))
            || low > MAX_CUT
            || flags.letters().any(|c| !takes(c))
            || flags.unrated.is_some_and(|u| u > MAX_UNRATED);
        if bad {
            return None;
        }
        let named = Self::MODIFIED
            .iter()
            .find(|m| m.1 == base && m.2 == low as usize && m.3 == high as usize);
        Some(match named {
            Some(m) if flags.is_empty() => m.0,
            _ if low == 0 && high == 0 && flags.is_empty() => base,
            _ => TieBreak::Modified(Modified {
                base: b,
                low,
                high,
                flags,
            }),
        })
    }

    /// The qishe code of a criterion without a named variant
    /// (`buchholz-cut3`, `tpr-median1`, `koya-limit60`, `koya-limit+1.0`).
    pub(super) fn built_code(self) -> Option<String> {
        match self {
            TieBreak::Modified(m) => {
                let mut code = m.base.tiebreak().code().to_string();
                if m.low > 0 {
                    let kind = if m.high > 0 { "median" } else { "cut" };
                    code += &format!("-{kind}{}", m.low);
                }
                for (on, word) in [
                    (m.flags.played, "played"),
                    (m.flags.fore, "fore"),
                    (m.flags.draws, "draws"),
                ] {
                    if on {
                        code += "-";
                        code += word;
                    }
                }
                if let Some(u) = m.flags.unrated {
                    code += &format!("-unrated{u}");
                }
                if m.flags.plain_cut {
                    code += "-plain";
                }
                if let Some(r) = m.flags.rules {
                    code += &format!("-rules{}", r.year());
                }
                for (on, word) in [(m.flags.reverse, "reversed"), (m.flags.swiss, "swiss")] {
                    if on {
                        code += "-";
                        code += word;
                    }
                }
                Some(code)
            }
            TieBreak::KoyaLimit(KoyaLimit::Percent(p)) => Some(format!("koya-limit{p}")),
            TieBreak::KoyaLimit(l) => Some(format!("koya-limit{}", l.text())),
            _ => None,
        }
    }

    /// The FIDE code of a criterion without a named variant (`BH/C3`,
    /// `KS/L60`, `KS/L+1.0`).
    pub(super) fn built_fide_code(self) -> Option<String> {
        match self {
            TieBreak::Modified(m) => {
                let mut code = m.base.tiebreak().fide_code()?.to_string();
                if m.low > 0 {
                    let kind = if m.high > 0 { 'M' } else { 'C' };
                    code += &format!("/{kind}{}", m.low);
                }
                for (on, letter) in [
                    (m.flags.played, "/P"),
                    (m.flags.fore, "/F"),
                    (m.flags.draws, "/D"),
                ] {
                    if on {
                        code += letter;
                    }
                }
                if let Some(u) = m.flags.unrated {
                    code += &format!("/U{u}");
                }
                if m.flags.plain_cut {
                    code += "/N";
                }
                if let Some(r) = m.flags.rules {
                    code += &format!("/V{}", r.year());
                }
                for (on, letter) in [(m.flags.reverse, "/R"), (m.flags.swiss, "/S")] {
                    if on {
                        code += letter;
                    }
                }
                Some(code)
            }
            TieBreak::KoyaLimit(KoyaLimit::Percent(p)) => Some(format!("KS/L{p}")),
            TieBreak::KoyaLimit(l) => Some(format!("KS/L{}", l.text())),
            _ => None,
        }
    }

    /// Reads a modified code: FIDE's (`BH/C3`, `tpr/m1`, `KS/L60`,
    /// `KS/L+2` — two half points, `KS/L+1.5` — points, `SB/C1/P`,
    /// `ARO/U1000`) or qishe's (`buchholz-cut3`, `tpr-median1`,
    /// `koya-limit60`, `koya-limit+1.5`, `sonneborn-berger-cut1-played`,
    /// `aro-unrated1000`).
    pub(super) fn parse_modified(code: &str) -> Option<TieBreak> {
        let (base, modifiers) = Self::split_modified(code)?;
        if base.modified().is_some() {
            return None;
        }
        if base == TieBreak::Koya {
            let [modifier] = modifiers.as_slice() else {
                return None;
            };
            let (kind, n) = modifier.split_at(modifier.chars().next()?.len_utf8());
            return match kind {
                "L" => parse_limit(n),
                // The checker's `KS/Kn`: the 50% limit raised by n points.
                "K" => {
                    if n.is_empty() || !n.chars().all(|c| c.is_ascii_digit()) {
                        return None;
                    }
                    parse_limit(&format!("+{n}.0"))
                }
                _ => None,
            };
        }
        let (mut low, mut high, mut flags) = (None::<u8>, 0u8, Flags::default());
        let mut seen = HashSet::new();
        for modifier in &modifiers {
            let (kind, n) = modifier.split_at(modifier.chars().next()?.len_utf8());
            if !seen.insert(if kind == "M" { "C" } else { kind }) {
                return None;
            }
            let number = || -> Option<u16> {
                if n.is_empty() || n.starts_with('0') || !n.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                n.parse().ok()
            };
            match kind {
                "C" | "M" => {
                    let n = number().filter(|n| *n <= MAX_CUT as u16)? as u8;
                    low = Some(n);
                    high = if kind == "M" { n } else { 0 };
                }
                "P" | "F" | "D" | "N" | "R" | "S" if !n.is_empty() => return None,
                "P" => flags.played = true,
                "F" => flags.fore = true,
                "D" => flags.draws = true,
                "N" => flags.plain_cut = true,
                "R" => flags.reverse = true,
                "S" => flags.swiss = true,
                "V" => flags.rules = Some(Rules::parse(n)?),
                "U" => flags.unrated = Some(number().filter(|u| *u <= MAX_UNRATED)?),
                _ => return None,
            }
        }
        Self::with_modifiers(base, low.unwrap_or(0), high, flags)
            .filter(|t| *t != base || modifiers.is_empty())
    }

    /// A code split into its base criterion and its modifiers in FIDE's
    /// letters (`SB/C1/P` and `sonneborn-berger-cut1-played` both give
    /// SB and `["C1", "P"]`); `None` when it has no modifier or its base
    /// is not known.
    fn split_modified(code: &str) -> Option<(TieBreak, Vec<String>)> {
        let c = code.trim();
        if let Some((b, rest)) = c.split_once('/') {
            let b = b.to_ascii_uppercase();
            let base = match b.as_str() {
                "AOB" => TieBreak::Aob,
                _ => Self::FIDE_CODES.iter().find(|(f, _)| *f == b)?.1,
            };
            let modifiers = rest.split('/').map(|m| m.to_ascii_uppercase()).collect();
            return Some((base, modifiers));
        }
        if let Some(limit) = c.strip_prefix("koya-limit") {
            return Some((TieBreak::Koya, vec![format!("L{limit}")]));
        }
        // The longest base whose code starts the text, then its suffixes.
        let base = CutBase::ALL
            .into_iter()
            .map(CutBase::tiebreak)
            .filter(|t| c.starts_with(&format!("{}-", t.code())))
            .max_by_key(|t| t.code().len())?;
        let modifiers = c[base.code().len() + 1..]
            .split('-')
            .map(|m| {
                let digits = |p: &str| m.strip_prefix(p).map(str::to_string);
                if let Some(n) = digits("cut") {
                    Some(format!("C{n}"))
                } else if let Some(n) = digits("median") {
                    Some(format!("M{n}"))
                } else if let Some(n) = digits("unrated") {
                    Some(format!("U{n}"))
                } else if let Some(n) = digits("rules").filter(|n| !n.is_empty()) {
                    Some(format!("V{n}"))
                } else {
                    match m {
                        "played" => Some("P".to_string()),
                        "fore" => Some("F".to_string()),
                        "draws" => Some("D".to_string()),
                        "plain" => Some("N".to_string()),
                        "reversed" => Some("R".to_string()),
                        "swiss" => Some("S".to_string()),
                        _ => None,
                    }
                }
            })
            .collect::<Option<Vec<_>>>()?;
        Some((base, modifiers))
    }

    /// The criterion's name in `lang`; `short` as the TUI's narrow
    /// columns name it. A named criterion by its key (`tb.buchholz`), a
    /// modified one from its base's name and the modifier.
    pub fn name_msg(self, short: bool) -> Msg {
        let prefix = if short { "tui.tb." } else { "tb." };
        match self {
            TieBreak::Modified(m) => {
                let key = match (short, m.high > 0) {
                    (false, false) => "tb.mod.cut",
                    (false, true) => "tb.mod.median",
                    (true, false) => "tui.tb.mod.cut",
                    (true, true) => "tui.tb.mod.median",
                };
                let mut name = m.base.tiebreak().name_msg(short);
                if m.low > 0 {
                    name = Msg::new(key).with("base", name).with("n", m.low);
                }
                for (on, long, narrow) in [
                    (m.flags.played, "tb.mod.played", "tui.tb.mod.played"),
                    (m.flags.fore, "tb.mod.fore", "tui.tb.mod.fore"),
                    (m.flags.draws, "tb.mod.draws", "tui.tb.mod.draws"),
                ] {
                    if on {
                        let key = if short { narrow } else { long };
                        name = Msg::new(key).with("base", name);
                    }
                }
                if let Some(u) = m.flags.unrated {
                    let key = if short {
                        "tui.tb.mod.unrated"
                    } else {
                        "tb.mod.unrated"
                    };
                    name = Msg::new(key).with("base", name).with("rating", u);
                }
                let pick =
                    |long: &'static str, narrow: &'static str| if short { narrow } else { long };
                if m.flags.plain_cut {
                    name = Msg::new(pick("tb.mod.plain", "tui.tb.mod.plain")).with("base", name);
                }
                if let Some(r) = m.flags.rules {
                    name = Msg::new(pick("tb.mod.rules", "tui.tb.mod.rules"))
                        .with("base", name)
                        .with("year", r.year());
                }
                for (on, long, narrow) in [
                    (m.flags.reverse, "tb.mod.reversed", "tui.tb.mod.reversed"),
                    (m.flags.swiss, "tb.mod.swiss", "tui.tb.mod.swiss"),
                ] {
                    if on {
                        name = Msg::new(pick(long, narrow)).with("base", name);
                    }
                }
                name
            }
            TieBreak::KoyaLimit(l) => {
                let key = if short {
                    "tui.tb.mod.limit"
                } else {
                    "tb.mod.limit"
                };
                Msg::new(key)
                    .with("base", TieBreak::Koya.name_msg(short))
                    .with("limit", l.text())
            }
            _ => {
                let key = format!("{prefix}{}", self.code());
                match crate::i18n::all().find(|t| t.0 == key) {
                    Some(t) => Msg::new(t.0),
                    None => Msg::new("tb.code").with("code", self.code()),
                }
            }
        }
    }

    /// [`TieBreak::name_msg`] rendered.
    pub fn name(self, lang: Lang, short: bool) -> String {
        self.name_msg(short).render(lang)
    }
}

/// A Koya limit as FIDE's checker reads it: a whole percentage (`60`),
/// or a move of the 50% limit by half points (`+2`) or, with a decimal
/// point, by points (`+1.5`, `-0.5`).
fn parse_limit(s: &str) -> Option<TieBreak> {
    let limit = match s.chars().next()? {
        '+' | '-' => {
            let neg = s.starts_with('-');
            let body = &s[1..];
            if body.is_empty() || !body.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return None;
            }
            let h = if body.contains('.') {
                body.parse::<Points>().ok()?.hundredths()
            } else {
                body.parse::<i64>().ok()? * 50
            };
            if h > 100_000 {
                return None;
            }
            KoyaLimit::Offset(if neg { -h } else { h })
        }
        _ => {
            if !s.chars().all(|c| c.is_ascii_digit()) || s.len() > 3 {
                return None;
            }
            KoyaLimit::Percent(s.parse().ok().filter(|p| *p <= 100)?)
        }
    };
    Some(match limit {
        KoyaLimit::Percent(50) | KoyaLimit::Offset(0) => TieBreak::Koya,
        l => TieBreak::KoyaLimit(l),
    })
}

/// The code of a built criterion, kept for the program's life: codes are
/// `&'static str` everywhere (columns, settings), and an event names only
/// a handful of them.
pub(super) fn intern(code: String) -> &'static str {
    static SEEN: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut seen = SEEN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(&known) = seen.get(code.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(code.into_boxed_str());
    seen.insert(leaked);
    leaked
}

mod problem;
#[cfg(test)]
mod tests;
