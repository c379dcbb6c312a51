//! FIDE C.07's tie-break codes (2026) beside qishe's own.

use super::TieBreak;
use crate::i18n::Msg;

impl TieBreak {
    /// FIDE C.07's codes (2026) for qishe's, with the modifiers FIDE
    /// writes (`BH/C1`); `GE` is REP's name before 2026. TRF `202`/`212`
    /// records and `--tiebreaks` take either.
    pub const FIDE_CODES: [(&'static str, TieBreak); 45] = [
        ("BH", TieBreak::Buchholz),
        ("BH/C1", TieBreak::BuchholzCut1),
        ("BH/C2", TieBreak::BuchholzCut2),
        ("BH/M1", TieBreak::BuchholzMedian1),
        ("BH/M2", TieBreak::BuchholzMedian2),
        ("FB", TieBreak::ForeBuchholz),
        ("FB/C1", TieBreak::ForeBuchholzCut1),
        ("FB/C2", TieBreak::ForeBuchholzCut2),
        ("FB/M1", TieBreak::ForeBuchholzMedian1),
        ("FB/M2", TieBreak::ForeBuchholzMedian2),
        ("SB", TieBreak::SonnebornBerger),
        ("SB/C1", TieBreak::SonnebornBergerCut1),
        ("SB/C2", TieBreak::SonnebornBergerCut2),
        ("SB/M1", TieBreak::SonnebornBergerMedian1),
        ("SB/M2", TieBreak::SonnebornBergerMedian2),
        ("PS", TieBreak::Progressive),
        ("KS", TieBreak::Koya),
        ("DE", TieBreak::Direct),
        ("WIN", TieBreak::RoundsWon),
        ("WON", TieBreak::GamesWon),
        ("BPG", TieBreak::BlackGames),
        ("BWG", TieBreak::BlackWins),
        ("REP", TieBreak::Rep),
        ("GE", TieBreak::Rep),
        ("ARO", TieBreak::Aro),
        ("ARO/C1", TieBreak::AroCut1),
        ("ARO/C2", TieBreak::AroCut2),
        ("ARO/M1", TieBreak::AroMedian1),
        ("ARO/M2", TieBreak::AroMedian2),
        ("TPR", TieBreak::Tpr),
        ("PTP", TieBreak::Ptp),
        ("APRO", TieBreak::Apro),
        ("APPO", TieBreak::Appo),
        ("RTNG", TieBreak::Rating),
        // Extended direct encounter: DE on the points, then on the
        // secondary score, which in an individual event is the points
        // again; so DE (the checker gives the same ranks).
        ("EDE", TieBreak::Direct),
        ("ABH", TieBreak::AdjustedScore),
        ("AFB", TieBreak::ForeAdjustedScore),
        ("VUR", TieBreak::UnplayedRounds),
        ("NUM", TieBreak::GamesPlayed),
        ("RIP", TieBreak::RoundsPaired),
        ("DE/P", TieBreak::DirectPlayed),
        ("EDE/P", TieBreak::DirectPlayed),
        ("TPN", TieBreak::StartNumber),
        ("SNO", TieBreak::StartNumber),
        ("RTG", TieBreak::ListedRating),
    ];

    /// The FIDE code of a criterion, if it has one (the 2026 name).
    pub fn fide_code(self) -> Option<&'static str> {
        if let Some(code) = self.built_fide_code() {
            return Some(super::modifiers::intern(code));
        }
        let aob = (self == TieBreak::Aob).then_some("AOB");
        aob.or_else(|| {
            Self::FIDE_CODES
                .iter()
                .find(|(c, t)| *t == self && !["GE", "EDE", "EDE/P", "SNO"].contains(c))
                .map(|(c, _)| *c)
        })
    }

    /// FIDE C.07's modifiers, one table for every modified criterion:
    /// `(criterion, base, low, high)`, where Cut-n (`/Cn`) leaves out the
    /// `n` least significant values and Median-n (`/Mn`) also the `n` most
    /// significant. The base computes the parts, one generic cut removes
    /// them (`fide::cut` for BH and FB, `Fide::sonneborn_cut_parts`,
    /// `Fide::aro_cut_parts`), as FIDE's TEC checker does.
    pub(super) const MODIFIED: [(TieBreak, TieBreak, usize, usize); 16] = {
        use TieBreak::*;
        [
            (BuchholzCut1, Buchholz, 1, 0),
            (BuchholzCut2, Buchholz, 2, 0),
            (BuchholzMedian1, Buchholz, 1, 1),
            (BuchholzMedian2, Buchholz, 2, 2),
            (ForeBuchholzCut1, ForeBuchholz, 1, 0),
            (ForeBuchholzCut2, ForeBuchholz, 2, 0),
            (ForeBuchholzMedian1, ForeBuchholz, 1, 1),
            (ForeBuchholzMedian2, ForeBuchholz, 2, 2),
            (SonnebornBergerCut1, SonnebornBerger, 1, 0),
            (SonnebornBergerCut2, SonnebornBerger, 2, 0),
            (SonnebornBergerMedian1, SonnebornBerger, 1, 1),
            (SonnebornBergerMedian2, SonnebornBerger, 2, 2),
            (AroCut1, Aro, 1, 0),
            (AroCut2, Aro, 2, 0),
            (AroMedian1, Aro, 1, 1),
            (AroMedian2, Aro, 2, 2),
        ]
    };

    /// The modifiers beyond the cuts (`/P`, `/F`, `/D`, `/U`) a criterion
    /// has; none for the named ones.
    pub fn flags(self) -> super::modifiers::Flags {
        match self {
            TieBreak::Modified(m) => m.flags,
            _ => Default::default(),
        }
    }

    /// A modified criterion's base and how many values it cuts from the
    /// bottom and the top (`BH/M2` → `(BH, 2, 2)`); `None` for the others.
    pub fn modified(self) -> Option<(TieBreak, usize, usize)> {
        if let TieBreak::Modified(m) = self {
            return Some((m.base.tiebreak(), m.low as usize, m.high as usize));
        }
        Self::MODIFIED
            .iter()
            .find(|m| m.0 == self)
            .map(|&(_, base, low, high)| (base, low, high))
    }
}

/// FIDE's codes — C.07's and those its TEC checker (TieBreakServer)
/// takes — that qishe reads but does not compute, with why: the key of
/// the reason, filled with the code.
const NOT_COMPUTED: [(&str, &str); 31] = [
    // Team events: match points and game (board) points.
    ("MPTS", "tb.fide.team"),
    ("GPTS", "tb.fide.team"),
    ("MPVGP", "tb.fide.team"),
    ("SSSC", "tb.fide.team"),
    ("BC", "tb.fide.team"),
    ("TBR", "tb.fide.team"),
    ("BBE", "tb.fide.team"),
    ("ESB", "tb.fide.team"),
    ("EMMSB", "tb.fide.team"),
    ("EMGSB", "tb.fide.team"),
    ("EGMSB", "tb.fide.team"),
    ("EGGSB", "tb.fide.team"),
    ("EDEC", "tb.fide.team"),
    ("EDET", "tb.fide.team"),
    ("EDEB", "tb.fide.team"),
    ("EDEBT", "tb.fide.team"),
    ("EDEBB", "tb.fide.team"),
    // The checker's working values and listings, not criteria qishe
    // ranks by: its pairing data (colours, floats, top scorers, the
    // accelerated score, registration), a random number, the expected
    // score, the file's own rank, the 1-½-0 score, the empty criterion.
    ("RSES", "tb.fide.aux"),
    ("COP", "tb.fide.aux"),
    ("COD", "tb.fide.aux"),
    ("CSQ", "tb.fide.aux"),
    ("FLT", "tb.fide.aux"),
    ("RFP", "tb.fide.aux"),
    ("TOP", "tb.fide.aux"),
    ("ACC", "tb.fide.aux"),
    ("RND", "tb.fide.aux"),
    ("FLTD", "tb.fide.aux"),
    ("FLTFT", "tb.fide.aux"),
    ("RANK", "tb.fide.aux"),
    ("STD", "tb.fide.aux"),
    ("NUL", "tb.fide.aux"),
];

impl TieBreak {
    /// Why a code qishe refused is one of FIDE's it does not compute:
    /// a team event's criterion or point type (`SSSC`, `BH:GP`, `EDEC`),
    /// one of the checker's working values (`COP`, `RND`), or a modifier
    /// the criterion does not take (`ARO/P`, `BH/X1`, with the nearest
    /// it takes). `None` for a code FIDE does not have either: a typo.
    pub fn fide_not_computed(code: &str) -> Option<Msg> {
        let c = code.trim().to_ascii_uppercase().replace(['#', '!'], "/");
        let (name, modifiers) = c.split_once('/').unwrap_or((c.as_str(), ""));
        let (name, points) = match name.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (name, None),
        };
        let name = name.split_once('@').map_or(name, |(n, _)| n);
        let known = name == "AOB"
            || name == "PTS"
            || Self::FIDE_CODES.iter().any(|(f, _)| *f == name)
            || NOT_COMPUTED.iter().any(|(f, _)| *f == name);
        if !known {
            return None;
        }
        let code = code.trim().to_string();
        if let Some(&(_, why)) = NOT_COMPUTED.iter().find(|(f, _)| *f == name) {
            return Some(Msg::new(why).with("code", code));
        }
        if points.is_some() {
            return Some(Msg::new("tb.fide.team").with("code", code));
        }
        if modifiers.is_empty() {
            return None;
        }
        Self::modifier_problem(&code)
    }

    /// FIDE's codes, for a did-you-mean on a mistyped one.
    pub fn fide_names() -> impl Iterator<Item = &'static str> {
        Self::FIDE_CODES
            .iter()
            .map(|(c, _)| *c)
            .chain(["AOB", "PTS"])
            .chain(NOT_COMPUTED.iter().map(|(c, _)| *c))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every modified criterion's FIDE code is its base's with the
    /// modifier it cuts by (`FB/M2` cuts 2 from the bottom and 2 from the
    /// top), and it reads back to itself.
    #[test]
    fn the_modifier_table_agrees_with_the_fide_codes() {
        for (tb, base, low, high) in TieBreak::MODIFIED {
            let modifier = if high == 0 { "C" } else { "M" };
            assert!(high == 0 || high == low, "{tb}");
            let want = format!("{}/{modifier}{low}", base.fide_code().unwrap());
            assert_eq!(tb.fide_code(), Some(want.as_str()), "{tb}");
            assert_eq!(TieBreak::parse(&want.to_lowercase()).unwrap(), tb);
            assert!(tb.is_fide() && base.modified().is_none(), "{tb}");
        }
        assert_eq!(TieBreak::Koya.modified(), None);
    }
}
