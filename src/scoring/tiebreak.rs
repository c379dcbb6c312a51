//! Tie-break codes and their values.

use super::fide::Fide;
use super::rounds::PlayerRound;
use super::scheme::Scheme;
use super::ScoringError;
use crate::domain::{ByeOpponentScore, Points};
use std::cmp::Ordering;
use std::fmt;

mod direct;
mod values;

pub(crate) use direct::DirectDetailIx;

/// A tie-break criterion (`specs/scoring.md`, "Tie-breaks").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    OpponentScore,
    SmallPoints,
    Progressive,
    Wins,
    Fouls,
    BlackGames,
    BlackWins,
    RedWins,
    Direct,
    BigWins,
    SmallWins,
    BlackBigWins,
    BlackSmallWins,
    BeatenSum,
    DrawnSum,
    LostSum,
    RedWinSmall,
    WinSmall,
    BlackDrawSmall,
    StripLast,
    StripFirst,
    BuchholzCut1,
    SonnebornBerger,
    Buchholz,
    BuchholzCut2,
    BuchholzMedian1,
    RoundsWon,
    GamesWon,
    Aro,
    Tpr,
    Koya,
    ForeBuchholz,
    Aob,
    Rep,
    Ptp,
    Apro,
    Appo,
    SonnebornBergerCut1,
    AroCut1,
    BuchholzMedian2,
    ForeBuchholzCut1,
    ForeBuchholzCut2,
    ForeBuchholzMedian1,
    ForeBuchholzMedian2,
    SonnebornBergerCut2,
    SonnebornBergerMedian1,
    SonnebornBergerMedian2,
    AroCut2,
    AroMedian1,
    AroMedian2,
    /// The player's own rating (FIDE's checker `RTNG`).
    Rating,
    /// The player's adjusted score (C.07 16.3.2), what his opponents'
    /// Buchholz counts (FIDE's checker `ABH`).
    AdjustedScore,
    /// The adjusted score with his last game as a draw, what his
    /// opponents' Fore-Buchholz counts (`AFB`).
    ForeAdjustedScore,
    /// Voluntarily unplayed rounds (C.07 16.2.5; `VUR`).
    UnplayedRounds,
    /// Games played over the board (`NUM`).
    GamesPlayed,
    /// Rounds the player was paired in: a game, a forfeit or the
    /// pairing-allocated bye (`RIP`).
    RoundsPaired,
    /// FIDE's DE with a forfeit counted as an encounter (`DE/P`; under
    /// another scheme than chess the same as `direct`, which counts
    /// forfeits already).
    DirectPlayed,
    /// The start (pairing) number, lower first (`TPN`, `SNO`).
    StartNumber,
    /// The player's rating as listed, an unrated player's 0, last (FIDE's
    /// checker `RTG`; `RTNG` drops the criterion instead).
    ListedRating,
    /// Cut-n / Median-n of a FIDE criterion that has no variant of its
    /// own (`BH/C3`, `TPR/C1`, `PS/C2`, `AOB/M1`; `scoring/modifiers.rs`).
    Modified(super::modifiers::Modified),
    /// Koya with a limit other than 50% (`KS/L60`, `KS/L+1.0`).
    KoyaLimit(super::modifiers::KoyaLimit),
}

impl TieBreak {
    pub const ALL: [TieBreak; 59] = [
        TieBreak::OpponentScore,
        TieBreak::SmallPoints,
        TieBreak::Progressive,
        TieBreak::Wins,
        TieBreak::Fouls,
        TieBreak::BlackGames,
        TieBreak::BlackWins,
        TieBreak::RedWins,
        TieBreak::Direct,
        TieBreak::BigWins,
        TieBreak::SmallWins,
        TieBreak::BlackBigWins,
        TieBreak::BlackSmallWins,
        TieBreak::BeatenSum,
        TieBreak::DrawnSum,
        TieBreak::LostSum,
        TieBreak::RedWinSmall,
        TieBreak::WinSmall,
        TieBreak::BlackDrawSmall,
        TieBreak::StripLast,
        TieBreak::StripFirst,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::Buchholz,
        TieBreak::BuchholzCut2,
        TieBreak::BuchholzMedian1,
        TieBreak::RoundsWon,
        TieBreak::GamesWon,
        TieBreak::Aro,
        TieBreak::Tpr,
        TieBreak::Koya,
        TieBreak::ForeBuchholz,
        TieBreak::Aob,
        TieBreak::Rep,
        TieBreak::Ptp,
        TieBreak::Apro,
        TieBreak::Appo,
        TieBreak::SonnebornBergerCut1,
        TieBreak::AroCut1,
        TieBreak::BuchholzMedian2,
        TieBreak::ForeBuchholzCut1,
        TieBreak::ForeBuchholzCut2,
        TieBreak::ForeBuchholzMedian1,
        TieBreak::ForeBuchholzMedian2,
        TieBreak::SonnebornBergerCut2,
        TieBreak::SonnebornBergerMedian1,
        TieBreak::SonnebornBergerMedian2,
        TieBreak::AroCut2,
        TieBreak::AroMedian1,
        TieBreak::AroMedian2,
        TieBreak::Rating,
        TieBreak::AdjustedScore,
        TieBreak::ForeAdjustedScore,
        TieBreak::UnplayedRounds,
        TieBreak::GamesPlayed,
        TieBreak::RoundsPaired,
        TieBreak::DirectPlayed,
        TieBreak::StartNumber,
        TieBreak::ListedRating,
    ];

    /// The codes used in config files and on the command line, in the
    /// order of [`TieBreak::ALL`] (and of the variants).
    pub const CODES: [&'static str; 59] = [
        "opponent-score",
        "small-points",
        "progressive",
        "wins",
        "fouls",
        "black-games",
        "black-wins",
        "red-wins",
        "direct",
        "big-wins",
        "small-wins",
        "black-big-wins",
        "black-small-wins",
        "beaten-sum",
        "drawn-sum",
        "lost-sum",
        "red-win-small",
        "win-small",
        "black-draw-small",
        "strip-last",
        "strip-first",
        "buchholz-cut1",
        "sonneborn-berger",
        "buchholz",
        "buchholz-cut2",
        "buchholz-median1",
        "rounds-won",
        "games-won",
        "aro",
        "tpr",
        "koya",
        "fore-buchholz",
        "aob",
        "rep",
        "ptp",
        "apro",
        "appo",
        "sonneborn-berger-cut1",
        "aro-cut1",
        "buchholz-median2",
        "fore-buchholz-cut1",
        "fore-buchholz-cut2",
        "fore-buchholz-median1",
        "fore-buchholz-median2",
        "sonneborn-berger-cut2",
        "sonneborn-berger-median1",
        "sonneborn-berger-median2",
        "aro-cut2",
        "aro-median1",
        "aro-median2",
        "rating",
        "adjusted-score",
        "fore-adjusted-score",
        "unplayed-rounds",
        "games-played",
        "rounds-paired",
        "direct-played",
        "start-number",
        "listed-rating",
    ];

    pub fn code(self) -> &'static str {
        if let Some(code) = self.built_code() {
            return super::modifiers::intern(code);
        }
        let at = Self::ALL.iter().position(|t| *t == self);
        at.map_or("", |k| Self::CODES[k])
    }

    /// Parses a code; an unknown one is an error listing the allowed codes.
    pub fn parse(code: &str) -> Result<TieBreak, ScoringError> {
        // FIDE's TEC checker also writes a modifier after `#` or `!`
        // (`BH#C1`, `SB!C1`): the same as `/`.
        let c = code.trim().replace(['#', '!'], "/");
        // The checker also reads an edition year after the name
        // (`BH@24/C1`, `SB@2026`) and does nothing with it.
        let c = without_year(&c).unwrap_or(c);
        let c = c.as_str();
        let fide = c.to_ascii_uppercase();
        Self::ALL
            .into_iter()
            .find(|t| t.code() == c)
            .or_else(|| (fide == "AOB").then_some(TieBreak::Aob))
            .or_else(|| {
                Self::FIDE_CODES
                    .iter()
                    .find(|(f, _)| *f == fide)
                    .map(|(_, t)| *t)
            })
            .or_else(|| Self::parse_modified(c))
            .ok_or_else(|| ScoringError::UnknownTieBreak {
                code: code.to_string(),
                allowed: Self::ALL.map(|t| t.code()).join(", "),
            })
    }

    /// Parses a list of codes. `points` (FIDE's `PTS`, which FIDE's lists
    /// and TRF `212` records start with) is accepted and dropped: points
    /// always come first.
    pub fn parse_list<S: AsRef<str>>(codes: &[S]) -> Result<Vec<TieBreak>, ScoringError> {
        codes
            .iter()
            .map(|c| c.as_ref().trim())
            .filter(|c| !c.is_empty() && *c != "points" && !c.eq_ignore_ascii_case("PTS"))
            .map(TieBreak::parse)
            .collect()
    }

    /// Is this one of the FIDE C.07 codes computed with Article 16 (the
    /// virtual opponent, adjusted scores)?
    pub fn is_fide(self) -> bool {
        use TieBreak::*;
        self.modified().is_some()
            || matches!(self, KoyaLimit(_))
            || matches!(
                self,
                Buchholz
                    | SonnebornBerger
                    | RoundsWon
                    | GamesWon
                    | Aro
                    | Tpr
                    | Koya
                    | ForeBuchholz
                    | Aob
            )
    }

    /// Fewer is better (fouls, the start number); every other
    /// criterion: more is better.
    pub fn lower_is_better(self) -> bool {
        matches!(self.valued_as(), TieBreak::Fouls | TieBreak::StartNumber)
    }

    /// Compares two values of this criterion; `Less` = `a` ranks ahead.
    /// `/R` reverses the order.
    pub fn compare(self, a: &TieValue, b: &TieValue) -> Ordering {
        if self.lower_is_better() != self.flags().reverse {
            a.cmp(b)
        } else {
            b.cmp(a)
        }
    }
}

/// A FIDE code without the edition year after its name (`BH@24/C1` →
/// `BH/C1`); `None` when there is no `@` followed by 2 or 4 digits.
fn without_year(code: &str) -> Option<String> {
    let (name, rest) = code.split_once('@')?;
    let digits = rest.chars().take_while(|c| c.is_ascii_digit()).count();
    if ![2, 4].contains(&digits) || name.is_empty() || name.contains('/') {
        return None;
    }
    Some(format!("{name}{}", &rest[digits..]))
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A tie-break value: one number, or a sequence compared element by element
/// (`strip-last`: scores after R−1, R−2, …; `strip-first`: scores without
/// round 1, without rounds 1–2, …).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum TieValue {
    One(Points),
    Seq(Vec<Points>),
}

impl TieValue {
    /// The value shown in a table: the number, or a sequence's first element.
    pub fn shown(&self) -> Points {
        match self {
            TieValue::One(p) => *p,
            TieValue::Seq(v) => v.first().copied().unwrap_or(Points::ZERO),
        }
    }
}

/// What the tie-break computations need to know.
pub(crate) struct TbCtx<'a> {
    pub scheme: &'a Scheme,
    pub rounds: &'a [Vec<PlayerRound>],
    pub idx: &'a std::collections::HashMap<i64, usize>,
    /// Entry id by player index.
    pub ids: &'a [i64],
    /// Each player's points after the cut-off round.
    pub points: &'a [Points],
    pub bye_rule: ByeOpponentScore,
    /// Ratings by player index (FIDE `aro`, `tpr`).
    pub ratings: &'a [Option<i32>],
    /// Start numbers by player index (FIDE `TPN`).
    pub start_nos: &'a [u32],
    /// The FIDE values every FIDE code builds on.
    pub fide: &'a Fide,
}

/// Config files name a tie-break by its code; a typo is reported by the
/// reader with its place and the allowed codes.
impl<'de> serde::Deserialize<'de> for TieBreak {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let code = String::deserialize(d)?;
        TieBreak::parse(&code)
            .map_err(|_| serde::de::Error::unknown_variant(&code, &TieBreak::CODES))
    }
}
