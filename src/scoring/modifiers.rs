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

/// A criterion that takes Cut-n (and, but for PS, Median-n).
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
}

impl CutBase {
    const ALL: [CutBase; 10] = [
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
        }
    }

    fn of(tb: TieBreak) -> Option<CutBase> {
        Self::ALL.into_iter().find(|b| b.tiebreak() == tb)
    }

    /// PS cuts the first rounds only: it has no top to cut.
    fn takes_median(self) -> bool {
        self != CutBase::Progressive
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
}

/// The largest n of Cut-n and Median-n.
pub const MAX_CUT: u8 = 99;

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
        if low == 0 && high == 0 {
            return Some(base);
        }
        let b = CutBase::of(base)?;
        if (high > 0 && (!b.takes_median() || high != low)) || low > MAX_CUT {
            return None;
        }
        let named = Self::MODIFIED
            .iter()
            .find(|m| m.1 == base && m.2 == low as usize && m.3 == high as usize);
        Some(match named {
            Some(m) => m.0,
            None => TieBreak::Modified(Modified { base: b, low, high }),
        })
    }

    /// The qishe code of a criterion without a named variant
    /// (`buchholz-cut3`, `tpr-median1`, `koya-limit60`, `koya-limit+1.0`).
    pub(super) fn built_code(self) -> Option<String> {
        match self {
            TieBreak::Modified(m) => {
                let kind = if m.high > 0 { "median" } else { "cut" };
                Some(format!("{}-{kind}{}", m.base.tiebreak().code(), m.low))
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
                let kind = if m.high > 0 { 'M' } else { 'C' };
                let base = m.base.tiebreak().fide_code()?;
                Some(format!("{base}/{kind}{}", m.low))
            }
            TieBreak::KoyaLimit(KoyaLimit::Percent(p)) => Some(format!("KS/L{p}")),
            TieBreak::KoyaLimit(l) => Some(format!("KS/L{}", l.text())),
            _ => None,
        }
    }

    /// Reads a modified code: FIDE's (`BH/C3`, `tpr/m1`, `KS/L60`,
    /// `KS/L+2` — two half points, `KS/L+1.5` — points) or qishe's
    /// (`buchholz-cut3`, `tpr-median1`, `koya-limit60`, `koya-limit+1.5`).
    pub(super) fn parse_modified(code: &str) -> Option<TieBreak> {
        let c = code.trim();
        let (base, modifier) = match c.split_once('/') {
            Some((b, m)) => {
                let b = b.to_ascii_uppercase();
                let base = match b.as_str() {
                    "AOB" => TieBreak::Aob,
                    _ => Self::FIDE_CODES.iter().find(|(f, _)| *f == b)?.1,
                };
                (base, m.to_ascii_uppercase())
            }
            None => match c.strip_prefix("koya-limit") {
                Some(limit) => (TieBreak::Koya, format!("L{limit}")),
                None => {
                    let (b, m) = c.rsplit_once('-')?;
                    let m = match (m.strip_prefix("cut"), m.strip_prefix("median")) {
                        (Some(n), _) => format!("C{n}"),
                        (_, Some(n)) => format!("M{n}"),
                        _ => return None,
                    };
                    (Self::ALL.into_iter().find(|t| t.code() == b)?, m)
                }
            },
        };
        if base.modified().is_some() {
            return None;
        }
        let (kind, n) = modifier.split_at(modifier.chars().next()?.len_utf8());
        match kind {
            "L" if base == TieBreak::Koya => parse_limit(n),
            // The checker's `KS/Kn`: the 50% limit raised by n points.
            "K" if base == TieBreak::Koya => {
                if n.is_empty() || !n.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                parse_limit(&format!("+{n}.0"))
            }
            "C" | "M" => {
                if n.is_empty() || n.starts_with('0') || !n.chars().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                let n: u8 = n.parse().ok().filter(|n| *n <= MAX_CUT)?;
                let high = if kind == "M" { n } else { 0 };
                Self::with_cut(base, n, high)
            }
            _ => None,
        }
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
                Msg::new(key)
                    .with("base", m.base.tiebreak().name_msg(short))
                    .with("n", m.low)
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
        for t in ["BH/C3", "KS/L60", "PS/C1", "APPO/M2"] {
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
