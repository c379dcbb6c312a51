//! FIDE C.07's tie-break codes (2026) beside qishe's own.

use super::TieBreak;

impl TieBreak {
    /// FIDE C.07's codes (2026) for qishe's, with the modifiers FIDE
    /// writes (`BH/C1`); `GE` is REP's name before 2026. TRF `202`/`212`
    /// records and `--tiebreaks` take either.
    pub const FIDE_CODES: [(&'static str, TieBreak); 33] = [
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
                .find(|(c, t)| *t == self && *c != "GE")
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
