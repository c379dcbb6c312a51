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
}

impl CutBase {
    const ALL: [CutBase; 11] = [
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
        }
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
    /// as a Swiss (every one: qishe always does).
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
    /// `/S`: the event taken as a Swiss (unplayed rounds of a round
    /// robin not counted as played). qishe takes every event so; the
    /// letter is kept so the code reads back.
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

    /// Why a known FIDE criterion refuses one of its modifiers (`BH/X1`,
    /// `ARO/P`, `BH/C1/C1`): the modifier, the criterion and the letters
    /// it takes, with the nearest of them. `None` when the base is not
    /// known or every modifier is one it takes.
    pub fn modifier_problem(code: &str) -> Option<Msg> {
        let c = code.trim().replace(['#', '!'], "/");
        let (b, rest) = c.split_once('/')?;
        let upper = b.to_ascii_uppercase();
        let base = match upper.as_str() {
            "AOB" => TieBreak::Aob,
            _ => Self::FIDE_CODES.iter().find(|(f, _)| *f == upper)?.1,
        };
        if base.modified().is_some() || Self::parse_modified(&c).is_some() {
            return None;
        }
        let letters: Vec<String> = if base == TieBreak::Koya {
            vec!["L".into(), "K".into()]
        } else if base == TieBreak::Direct {
            vec!["P".into()]
        } else {
            CutBase::of(base)
                .map(|b| b.letters().iter().map(|c| c.to_string()).collect())
                .unwrap_or_default()
        };
        let forms: Vec<String> = letters
            .iter()
            .map(|l| match l.as_str() {
                "C" | "M" | "K" => format!("{l}1"),
                "U" => "U1000".to_string(),
                "V" => "V2024".to_string(),
                "L" => "L60".to_string(),
                _ => l.clone(),
            })
            .collect();
        // The first modifier it does not take, or the whole list.
        let bad = rest
            .split('/')
            .find(|m| {
                let first = m.chars().next().map(|c| c.to_ascii_uppercase().to_string());
                !first.is_some_and(|f| letters.contains(&f))
            })
            .unwrap_or(rest)
            .to_string();
        let allowed = if forms.is_empty() {
            "-".to_string()
        } else {
            forms.join(", ")
        };
        let msg = crate::i18n::msg!(
            "tb.fide.modifier",
            code = code.trim().to_string(),
            modifier = bad.clone(),
            base = upper,
            allowed
        );
        Some(crate::i18n::with_near(
            msg,
            &bad,
            forms.iter().map(String::as_str),
        ))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(code: &str) -> Option<TieBreak> {
        TieBreak::parse(code).ok()
    }

    /// FIDE's form and qishe's read to the same criterion, whose codes
    /// read back to it; the named variants stay what they were.
    #[test]
    fn modified_codes_read_both_ways_and_round_trip() {
        let cases = [
            ("BH/C3", "buchholz-cut3"),
            ("fb/m4", "fore-buchholz-median4"),
            ("TPR/C1", "tpr-cut1"),
            ("PTP/M2", "ptp-median2"),
            ("PS/C2", "progressive-cut2"),
            ("AOB/C1", "aob-cut1"),
            ("APRO/M1", "apro-median1"),
            ("APPO/C12", "appo-cut12"),
            ("KS/L60", "koya-limit60"),
            ("KS/L0", "koya-limit0"),
            ("KS/L+2", "koya-limit+1.0"),
            ("KS/L+1.5", "koya-limit+1.5"),
            ("KS/L-1", "koya-limit-0.5"),
            ("KS/L+0.25", "koya-limit+0.25"),
            ("KS/K1", "koya-limit+1.0"),
            ("KS#L60", "koya-limit60"),
            ("BH!C3", "buchholz-cut3"),
            ("SB/C1/P", "sonneborn-berger-cut1-played"),
            ("bh#p", "buchholz-played"),
            ("FB/C2/P", "fore-buchholz-cut2-played"),
            ("SB/F", "sonneborn-berger-fore"),
            ("SB/M1/D", "sonneborn-berger-median1-draws"),
            ("AOB/F", "aob-fore"),
            ("AOB/C1/P", "aob-cut1-played"),
            ("ARO/U1000", "aro-unrated1000"),
            ("ARO/C1/U1000", "aro-cut1-unrated1000"),
            ("TPR/M1/U1200", "tpr-median1-unrated1200"),
            ("APPO/U900", "appo-unrated900"),
            ("RTNG/U1100", "rating-unrated1100"),
            ("BH/C1/N", "buchholz-cut1-plain"),
            ("AOB/C1/N", "aob-cut1-plain"),
            ("SB/V1", "sonneborn-berger-rules2024"),
            ("BH/V", "buchholz-rules2026"),
            ("ARO/C1/V0", "aro-cut1-rules2022"),
            ("FB/V2024", "fore-buchholz-rules2024"),
            ("BH/R", "buchholz-reversed"),
            ("RTNG/R", "rating-reversed"),
            ("TPR/S", "tpr-swiss"),
            (
                "SB/C2/N/V2022/R/S",
                "sonneborn-berger-cut2-plain-rules2022-reversed-swiss",
            ),
        ];
        for (fide, ours) in cases {
            let t = parse(fide).unwrap_or_else(|| panic!("{fide}"));
            assert_eq!(t.code(), ours, "{fide}");
            assert_eq!(parse(ours), Some(t), "{ours}");
            let back = t.fide_code().unwrap();
            assert_eq!(parse(back), Some(t), "{back}");
            assert!(t.is_fide(), "{fide}");
        }
        assert_eq!(parse("BH/C1"), Some(TieBreak::BuchholzCut1));
        assert_eq!(parse("buchholz-cut1"), Some(TieBreak::BuchholzCut1));
        assert_eq!(parse("ARO/M2"), Some(TieBreak::AroMedian2));
        assert_eq!(parse("KS/L50"), Some(TieBreak::Koya));
        assert_eq!(parse("KS/L+0"), Some(TieBreak::Koya));
        // BH the Fore-Buchholz way is FB; the modifiers in any order.
        assert_eq!(parse("BH/F"), Some(TieBreak::ForeBuchholz));
        assert_eq!(parse("BH/C1/F"), Some(TieBreak::ForeBuchholzCut1));
        assert_eq!(parse("SB/P/C1"), parse("SB/C1/P"));
        assert_eq!(parse("SB/P/C1").unwrap().fide_code(), Some("SB/C1/P"));
        // The checker's edition year after the name changes nothing.
        assert_eq!(parse("BH@24/C1"), Some(TieBreak::BuchholzCut1));
        assert_eq!(parse("sb@2026"), Some(TieBreak::SonnebornBerger));
        assert_eq!(parse("ARO@24/C1/U1000"), parse("ARO/C1/U1000"));
        assert_eq!(parse("BH/V2").unwrap().fide_code(), Some("BH/V2026"));
        // Reversed, a criterion ranks the lower value ahead.
        let (low, high) = (
            crate::scoring::TieValue::One(Points::new(1)),
            crate::scoring::TieValue::One(Points::new(2)),
        );
        let bh = TieBreak::Buchholz;
        assert_eq!(bh.compare(&high, &low), std::cmp::Ordering::Less);
        let r = parse("BH/R").unwrap();
        assert_eq!(r.compare(&low, &high), std::cmp::Ordering::Less);
        assert_eq!(
            TieBreak::with_cut(TieBreak::SonnebornBerger, 2, 2),
            Some(TieBreak::SonnebornBergerMedian2)
        );
    }

    /// What FIDE gives no meaning is refused: a cut of none, a median of
    /// PS, a limit beyond 100% or on anything but KS, a modifier on a
    /// modified criterion or on a count.
    #[test]
    fn meaningless_modifiers_are_refused() {
        for bad in [
            "BH/C0",
            "BH/C01",
            "BH/C",
            "BH/C100",
            "PS/M1",
            "KS/L101",
            "KS/L",
            "KS/L+",
            "KS/L+x",
            "KS/C1",
            "TPR/L60",
            "WIN/C1",
            "DE/C1",
            "BH/C1/C1",
            "buchholz-cut1-cut1",
            "koya-limit",
            "koya-cut1",
            "BH/X1",
            "wins-cut1",
            "ARO/P",
            "BH/D",
            "PS/P",
            "FB/F",
            "SB/P/P",
            "SB/C1/M1",
            "BH/P1",
            "ARO/U",
            "ARO/U0",
            "ARO/U01",
            "ARO/U4001",
            "BH/U1000",
            "RTNG/C1",
            "KS/L60/P",
            "DE/C1",
            "buchholz-played-played",
            "aro-unrated",
            "buchholz-cut1-forfeits",
            "BH/V3",
            "BH/V2025",
            "BH/N1",
            "BH/R1",
            "APRO/V0",
            "PS/N",
            "BH@/C1",
            "BH@123",
            "buchholz-rules",
            "buchholz-plain-plain",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    /// A modified criterion's Koya threshold: exact fractions of the
    /// maximum, a move of the 50% limit in points.
    #[test]
    fn koya_thresholds_are_exact() {
        let max = 500; // 5 rounds of 1 point, in hundredths
        let p = |h: i64| Points::from_hundredths(h);
        let sixty = KoyaLimit::Percent(60).threshold(max);
        assert!(sixty.reached_by(p(300)) && !sixty.reached_by(p(250)));
        let third = KoyaLimit::Percent(33).threshold(300);
        assert!(third.reached_by(p(99)) && !third.reached_by(p(98)));
        let up = KoyaLimit::Offset(100).threshold(max);
        assert!(up.reached_by(p(350)) && !up.reached_by(p(300)));
        let down = KoyaLimit::Offset(-150).threshold(max);
        assert!(down.reached_by(p(100)) && !down.reached_by(p(50)));
    }

    /// Every built criterion has a name in the three languages, made of
    /// its base's name and the modifier, long and short.
    #[test]
    fn built_criteria_are_named_in_three_languages() {
        let bh3 = parse("BH/C3").unwrap();
        assert_eq!(bh3.name(Lang::ZhHans, false), "布氏分减3");
        assert_eq!(bh3.name(Lang::ZhHant, false), "布氏分減3");
        assert_eq!(bh3.name(Lang::En, false), "Buchholz cut 3");
        assert_eq!(bh3.name(Lang::En, true), "BH-3");
        let tpr = parse("TPR/M1").unwrap();
        assert_eq!(tpr.name(Lang::En, false), "Performance median 1");
        assert_eq!(tpr.name(Lang::En, true), "TPR-M1");
        let ks = parse("KS/L60").unwrap();
        assert_eq!(ks.name(Lang::ZhHans, false), "科亚分 (门槛 60%)");
        assert_eq!(ks.name(Lang::En, false), "Koya, limit 60%");
        assert_eq!(ks.name(Lang::En, true), "KS/L60%");
        assert_eq!(
            parse("KS/L-1.5").unwrap().name(Lang::ZhHant, false),
            "科亞分 (門檻 -1.5)"
        );
        assert_eq!(TieBreak::Buchholz.name(Lang::En, false), "Buchholz");
        let sb = parse("SB/C1/P").unwrap();
        assert_eq!(
            sb.name(Lang::En, false),
            "Sonneborn-Berger cut 1, forfeits as games"
        );
        assert_eq!(sb.name(Lang::ZhHans, false), "索伯分减1 (弃权按对局)");
        assert_eq!(sb.name(Lang::En, true), "SB-1/P");
        let aro = parse("ARO/U1000").unwrap();
        assert_eq!(
            aro.name(Lang::ZhHant, false),
            "對手平均等級分 (無等級分按 1000)"
        );
        assert_eq!(aro.name(Lang::En, true), "ARO/U1000");
        for t in [
            "BH/C3", "KS/L60", "PS/C1", "APPO/M2", "SB/F", "SB/M1/D", "AOB/P", "RTNG/U1",
        ] {
            let t = parse(t).unwrap();
            for lang in [Lang::ZhHans, Lang::ZhHant, Lang::En] {
                for short in [false, true] {
                    let name = t.name(lang, short);
                    assert!(!name.contains('{') && !name.contains("tb."), "{t}: {name}");
                }
            }
        }
    }
}
