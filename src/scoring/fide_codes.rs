//! FIDE C.07's tie-break codes (2026) beside qishe's own.

use super::TieBreak;

impl TieBreak {
    /// FIDE C.07's codes (2026) for qishe's, with the modifiers FIDE
    /// writes (`BH/C1`); `GE` is REP's name before 2026. TRF `202`/`212`
    /// records and `--tiebreaks` take either.
    pub const FIDE_CODES: [(&'static str, TieBreak); 22] = [
        ("BH", TieBreak::Buchholz),
        ("BH/C1", TieBreak::BuchholzCut1),
        ("BH/C2", TieBreak::BuchholzCut2),
        ("BH/M1", TieBreak::BuchholzMedian1),
        ("FB", TieBreak::ForeBuchholz),
        ("SB", TieBreak::SonnebornBerger),
        ("SB/C1", TieBreak::SonnebornBergerCut1),
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
        ("TPR", TieBreak::Tpr),
        ("PTP", TieBreak::Ptp),
        ("APRO", TieBreak::Apro),
        ("APPO", TieBreak::Appo),
    ];

    /// The FIDE code of a criterion, if it has one (the 2026 name).
    pub fn fide_code(self) -> Option<&'static str> {
        let aob = (self == TieBreak::Aob).then_some("AOB");
        aob.or_else(|| {
            Self::FIDE_CODES
                .iter()
                .find(|(c, t)| *t == self && *c != "GE")
                .map(|(c, _)| *c)
        })
    }
}
