//! Tie-break codes and their values.

use super::fide::{board_games, cut, Fide, Part, PartKind};
use super::performance as perf;
use super::rounds::{PlayerRound, RoundKind, RoundResult};
use super::scheme::{Scheme, SchemeKind};
use super::ScoringError;
use crate::domain::{ByeOpponentScore, Colour, Points};
use std::cmp::Ordering;
use std::fmt;

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
    /// Cut-n / Median-n of a FIDE criterion that has no variant of its
    /// own (`BH/C3`, `TPR/C1`, `PS/C2`, `AOB/M1`; `scoring/modifiers.rs`).
    Modified(super::modifiers::Modified),
    /// Koya with a limit other than 50% (`KS/L60`, `KS/L+1.0`).
    KoyaLimit(super::modifiers::KoyaLimit),
}

impl TieBreak {
    pub const ALL: [TieBreak; 50] = [
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
    ];

    /// The codes used in config files and on the command line, in the
    /// order of [`TieBreak::ALL`] (and of the variants).
    pub const CODES: [&'static str; 50] = [
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
        let c = code.trim();
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

    /// Parses a list of codes. A leading `points` is accepted and dropped
    /// (points always come first).
    pub fn parse_list<S: AsRef<str>>(codes: &[S]) -> Result<Vec<TieBreak>, ScoringError> {
        codes
            .iter()
            .map(|c| c.as_ref().trim())
            .filter(|c| !c.is_empty() && *c != "points")
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

    /// Fewer is better (fouls); every other criterion: more is better.
    pub fn lower_is_better(self) -> bool {
        self == TieBreak::Fouls
    }

    /// Compares two values of this criterion; `Less` = `a` ranks ahead.
    pub fn compare(self, a: &TieValue, b: &TieValue) -> Ordering {
        if self.lower_is_better() {
            a.cmp(b)
        } else {
            b.cmp(a)
        }
    }
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
    /// The FIDE values every FIDE code builds on.
    pub fide: &'a Fide,
}

impl TbCtx<'_> {
    /// What round `pr` adds to player `i`'s opponent score: the opponent's
    /// points (forfeits included); a pairing bye per the bye setting;
    /// nothing for a requested bye, an absence or a pending game.
    pub fn contribution(&self, i: usize, pr: &PlayerRound) -> Option<Points> {
        if pr.kind.met() {
            let o = pr.opponent?;
            return self.idx.get(&o).map(|&j| self.points[j]);
        }
        if pr.kind == RoundKind::PairingBye {
            return Some(match self.bye_rule {
                ByeOpponentScore::Zero => Points::ZERO,
                ByeOpponentScore::Own => self.points[i],
                ByeOpponentScore::Lowest => {
                    self.points.iter().copied().min().unwrap_or(Points::ZERO)
                }
            });
        }
        None
    }

    fn sum_by_result(&self, i: usize, want: RoundResult) -> Points {
        self.rounds[i]
            .iter()
            .filter(|pr| pr.result == Some(want))
            .filter_map(|pr| self.contribution(i, pr))
            .sum()
    }

    fn count_games(&self, i: usize, f: impl Fn(&super::GameSide) -> bool) -> Points {
        Points::new(
            self.rounds[i]
                .iter()
                .flat_map(|pr| pr.games.iter())
                .filter(|g| f(g))
                .count() as i64,
        )
    }

    fn sum_games(&self, i: usize, f: impl Fn(&super::GameSide) -> bool) -> Points {
        self.rounds[i]
            .iter()
            .flat_map(|pr| pr.games.iter())
            .filter(|g| f(g))
            .map(|g| g.small)
            .sum()
    }

    /// Beaten sum plus half the drawn sum (CXA 2011 14.1 small points;
    /// Sonneborn-Berger on round results).
    fn beaten_plus_half_drawn(&self, i: usize) -> Points {
        self.sum_by_result(i, RoundResult::Win) + self.sum_by_result(i, RoundResult::Draw).half()
    }

    /// The value of criterion `tb` for player `i` (`direct` is computed
    /// within a tie group by [`direct_values`]).
    pub fn value(&self, tb: TieBreak, i: usize) -> TieValue {
        use TieBreak::*;
        let rounds = &self.rounds[i];
        let one = TieValue::One;
        match tb {
            OpponentScore => one(rounds
                .iter()
                .filter_map(|pr| self.contribution(i, pr))
                .sum()),
            SmallPoints => one(match self.scheme.kind {
                SchemeKind::Draw08 => {
                    self.value(OpponentScore, i).shown()
                        + rounds.iter().map(|pr| pr.small).sum::<Points>()
                }
                SchemeKind::TwoGame | SchemeKind::HuTwoGame => {
                    rounds.iter().map(|pr| pr.small).sum()
                }
                _ => self.beaten_plus_half_drawn(i),
            }),
            Progressive => {
                let mut run = Points::ZERO;
                let mut acc = Points::ZERO;
                for pr in rounds {
                    run += pr.points;
                    acc += run;
                }
                one(acc)
            }
            Wins => one(Points::new(
                rounds
                    .iter()
                    .filter(|pr| pr.result == Some(RoundResult::Win))
                    .count() as i64,
            )),
            Fouls => one(Points::new(
                rounds
                    .iter()
                    .flat_map(|pr| pr.games.iter())
                    .map(|g| g.fouls as i64)
                    .sum(),
            )),
            // Games played with black: over the board only (a forfeit is
            // no game, CXA and FIDE alike).
            BlackGames => one(Points::new(
                rounds
                    .iter()
                    .map(|pr| board_games(pr, Some(Colour::Black), false))
                    .sum(),
            )),
            // FIDE (chess scheme): games won with black over the board; CXA
            // 后胜局: wins as black, forfeit wins included.
            BlackWins if self.scheme.kind == SchemeKind::Chess => one(Points::new(
                rounds
                    .iter()
                    .map(|pr| board_games(pr, Some(Colour::Black), true))
                    .sum(),
            )),
            BlackWins => one(self.count_games(i, |g| {
                g.colour == Colour::Black && g.result == RoundResult::Win
            })),
            RedWins => one(self.count_games(i, |g| {
                g.colour == Colour::Red && g.result == RoundResult::Win
            })),
            Direct => one(Points::ZERO),
            BigWins => one(self.count_games(i, |g| g.big_win)),
            SmallWins => one(self.count_games(i, |g| g.small_win)),
            BlackBigWins => one(self.count_games(i, |g| g.big_win && g.colour == Colour::Black)),
            BlackSmallWins => {
                one(self.count_games(i, |g| g.small_win && g.colour == Colour::Black))
            }
            BeatenSum => one(self.sum_by_result(i, RoundResult::Win)),
            DrawnSum => one(self.sum_by_result(i, RoundResult::Draw)),
            LostSum => one(self.sum_by_result(i, RoundResult::Loss)),
            RedWinSmall => one(self.sum_games(i, |g| {
                g.colour == Colour::Red && g.result == RoundResult::Win
            })),
            WinSmall => one(self.sum_games(i, |g| g.result == RoundResult::Win)),
            BlackDrawSmall => one(self.sum_games(i, |g| {
                g.colour == Colour::Black && g.result == RoundResult::Draw
            })),
            StripLast => {
                // Scores after R−1, R−2, …, 1 rounds.
                let mut running = Vec::with_capacity(rounds.len());
                let mut run = Points::ZERO;
                for pr in rounds {
                    run += pr.points;
                    running.push(run);
                }
                running.pop();
                running.reverse();
                TieValue::Seq(running)
            }
            StripFirst => {
                // Scores without round 1, without rounds 1–2, …
                let total: Points = rounds.iter().map(|pr| pr.points).sum();
                let mut out = Vec::with_capacity(rounds.len());
                let mut cut = Points::ZERO;
                for pr in rounds.iter().take(rounds.len().saturating_sub(1)) {
                    cut += pr.points;
                    out.push(total - cut);
                }
                TieValue::Seq(out)
            }
            RoundsWon => one(Points::new(
                rounds
                    .iter()
                    .filter(|pr| pr.result == Some(RoundResult::Win))
                    .count() as i64,
            )),
            GamesWon => one(Points::new(
                rounds.iter().map(|pr| board_games(pr, None, true)).sum(),
            )),
            // Rounds one elected to play (FIDE REP, GE before 2026): games
            // over the board, and rounds that brought a win's points
            // (forfeit wins, byes).
            Rep => one(Points::new(
                rounds
                    .iter()
                    .filter(|pr| {
                        super::fide::over_board(pr) || pr.points == self.scheme.win_value()
                    })
                    .count() as i64,
            )),
            Ptp => one(perf::as_points(perf::ptp(
                self.rounds,
                &self.fide_ratings(),
                self.idx,
                i,
            ))),
            Apro => one(perf::as_points(perf::apro(
                self.fide,
                self.rounds,
                &self.fide_ratings(),
                self.idx,
                i,
            ))),
            Appo => one(perf::as_points(perf::appo(
                self.rounds,
                &self.fide_ratings(),
                self.idx,
                i,
            ))),
            // Buchholz, Sonneborn-Berger, ARO, TPR, Koya, AOB and every
            // modified one (`BH/C1`, `SB/M2`…).
            _ => one(self.fide_parts(tb, i).map(|(v, _)| v).unwrap_or_default()),
        }
    }

    /// A FIDE code's value with the parts it is made of (each round's
    /// opponent or virtual opponent, and what was cut); `None` for the
    /// codes that are counts.
    pub fn fide_parts(&self, tb: TieBreak, i: usize) -> Option<(Points, Vec<Part>)> {
        use TieBreak::*;
        let f = self.fide;
        let (rounds, idx) = (self.rounds, self.idx);
        if let Some((base, low, high)) = tb.modified() {
            let ratings = self.fide_ratings();
            return Some(match base {
                Buchholz | ForeBuchholz => {
                    let (_, mut parts) = f.buchholz_parts(rounds, idx, i, base == ForeBuchholz);
                    cut(&mut parts, low, high);
                    (super::fide::sum_kept(&parts), parts)
                }
                SonnebornBerger => f.sonneborn_cut_parts(rounds, idx, i, low, high),
                Tpr | Ptp => {
                    let c = perf::Cut {
                        low,
                        high,
                        perfect: base == Ptp,
                    };
                    let (v, parts) = perf::cut_performance(f, rounds, &ratings, idx, i, c);
                    (perf::as_points(v), parts)
                }
                Apro | Appo => {
                    let c = perf::Cut {
                        low,
                        high,
                        perfect: base == Appo,
                    };
                    let (v, parts) = perf::average_cut_performance(f, rounds, &ratings, idx, i, c);
                    (perf::as_points(v), parts)
                }
                Progressive => f.progressive_cut_parts(rounds, i, low),
                Aob => f.aob_cut_parts(rounds, idx, i, |j| {
                    f.buchholz_cut(rounds, idx, j, low, high)
                }),
                _ => f.aro_cut_parts(rounds, &ratings, idx, i, low, high),
            });
        }
        Some(match tb {
            Buchholz => f.buchholz_parts(rounds, idx, i, false),
            ForeBuchholz => f.buchholz_parts(rounds, idx, i, true),
            SonnebornBerger => f.sonneborn_parts(rounds, idx, i),
            Koya => f.koya_parts(rounds, idx, i),
            KoyaLimit(limit) => f.koya_limit_parts(rounds, idx, i, limit),
            Aob => f.aob_parts(rounds, idx, i),
            Aro => {
                let (aro, _, parts) = f.rating_parts(rounds, &self.fide_ratings(), idx, i);
                (aro, parts)
            }
            Tpr => {
                let (_, tpr, parts) = f.rating_parts(rounds, &self.fide_ratings(), idx, i);
                (tpr, parts)
            }
            // Each opponent's TPR (PTP): only `--explain` asks for these
            // parts; the value itself is computed by `value`.
            Apro | Appo => {
                let ratings = self.fide_ratings();
                let parts = perf::opponent_parts(rounds, idx, i, |j| {
                    if tb == Apro {
                        perf::tpr(f, rounds, &ratings, idx, j)
                    } else {
                        perf::ptp(rounds, &ratings, idx, j)
                    }
                });
                (perf::as_points(perf::average_of_parts(&parts)), parts)
            }
            _ => return None,
        })
    }

    /// The ratings ARO and TPR use: an unrated player counts with the
    /// scheme's `unrated_rating` when it is set (FIDE's checker `-u`, the
    /// tournament regulations' substitute rating); with 0 (the default)
    /// unrated opponents are left out.
    fn fide_ratings(&self) -> std::borrow::Cow<'_, [Option<i32>]> {
        let sub = if self.scheme.settings.keys().contains(&"unrated_rating") {
            self.scheme.settings.get_whole("unrated_rating")
        } else {
            0
        };
        if sub <= 0 {
            return std::borrow::Cow::Borrowed(self.ratings);
        }
        std::borrow::Cow::Owned(
            self.ratings
                .iter()
                .map(|r| Some(r.filter(|&r| r > 0).unwrap_or(sub as i32)))
                .collect(),
        )
    }

    /// FIDE C.07 direct encounter (DE) for a group of tied players, as
    /// FIDE's tie-break checker computes it: over-the-board games only, a
    /// repeated pairing counts its average. When all of them met, their
    /// scores among themselves order them; when not (a Swiss), a player is
    /// placed ahead only while his score beats the best score each player
    /// below him could still have had (every missing encounter a win).
    /// Sub-groups still tied are decided again among themselves. The
    /// values rank the group (higher is better).
    pub fn fide_direct_values(&self, group: &[usize]) -> Vec<Points> {
        let ordered = self.de_split(group.to_vec());
        let k = ordered.len();
        let mut val = std::collections::HashMap::new();
        for (gi, g) in ordered.iter().enumerate() {
            for &i in g {
                val.insert(i, Points::new((k - gi) as i64));
            }
        }
        group.iter().map(|i| val[i]).collect()
    }

    fn de_split(&self, members: Vec<usize>) -> Vec<Vec<usize>> {
        if members.len() < 2 {
            return vec![members];
        }
        let win = self.scheme.win_value().hundredths();
        let ids: Vec<i64> = members.iter().map(|&i| self.ids[i]).collect();
        // (player, score among the group in hundredths, opponents met)
        let mut stats: Vec<(usize, i64, i64)> = members
            .iter()
            .map(|&i| {
                let mut per: std::collections::BTreeMap<i64, (i64, i64)> = Default::default();
                for pr in &self.rounds[i] {
                    if pr.kind != RoundKind::Played {
                        continue;
                    }
                    if let Some(o) = pr.opponent.filter(|o| ids.contains(o)) {
                        let e = per.entry(o).or_default();
                        e.0 += pr.points.hundredths();
                        e.1 += 1;
                    }
                }
                let score = per.values().map(|(sum, n)| sum / n).sum();
                (i, score, per.len() as i64)
            })
            .collect();
        let most = members.len() as i64 - 1;
        let start = |i: usize| self.ids[i];
        let groups: Vec<Vec<usize>> = if stats.iter().all(|s| s.2 == most) {
            stats.sort_by(|a, b| b.1.cmp(&a.1).then(start(a.0).cmp(&start(b.0))));
            let mut out: Vec<Vec<usize>> = Vec::new();
            let mut last = None;
            for &(i, v, _) in &stats {
                if last == Some(v) {
                    out.last_mut().expect("a group").push(i);
                } else {
                    out.push(vec![i]);
                    last = Some(v);
                }
            }
            out
        } else {
            let best = |s: &(usize, i64, i64)| s.1 + (most - s.2) * win;
            stats.sort_by(|a, b| {
                b.1.cmp(&a.1)
                    .then(best(b).cmp(&best(a)))
                    .then(start(a.0).cmp(&start(b.0)))
            });
            let mut ahead = 0;
            for i in 1..stats.len() {
                let rest = stats[i..].iter().map(best).max().unwrap_or(0);
                if stats[i - 1].1 > rest {
                    ahead = i;
                } else {
                    break;
                }
            }
            let mut out: Vec<Vec<usize>> = stats[..ahead].iter().map(|s| vec![s.0]).collect();
            out.push(stats[ahead..].iter().map(|s| s.0).collect());
            out
        };
        if groups.len() == 1 {
            return groups;
        }
        groups.into_iter().flat_map(|g| self.de_split(g)).collect()
    }

    /// How `direct` treats a tie group, for `--explain`: the games among
    /// the group (FIDE: over the board only; CXA 直胜: every game met), each
    /// player's score in them, how many of the others he met and (FIDE, when
    /// not all met) the best score he could still have had. Rows in the
    /// group's order; `values` are what [`Self::fide_direct_values`] or
    /// [`Self::direct_values`] gave the group.
    pub(crate) fn direct_detail(
        &self,
        group: &[usize],
        values: &[Points],
        fide: bool,
    ) -> DirectDetailIx {
        let ids: Vec<i64> = group.iter().map(|&i| self.ids[i]).collect();
        let counts = |pr: &PlayerRound| {
            if fide {
                pr.kind == RoundKind::Played
            } else {
                pr.kind.met()
            }
        };
        let win = self.scheme.win_value();
        let most = group.len() as u32 - 1;
        let mut games = Vec::new();
        let mut rows = Vec::new();
        for (gi, &i) in group.iter().enumerate() {
            let mut per: std::collections::BTreeMap<i64, (Points, i64)> = Default::default();
            for pr in self.rounds[i].iter().filter(|pr| counts(pr)) {
                let Some(o) = pr.opponent.filter(|o| ids.contains(o)) else {
                    continue;
                };
                let e = per.entry(o).or_insert((Points::ZERO, 0));
                e.0 += pr.points;
                e.1 += 1;
                let j = self.idx[&o];
                if self.ids[i] < o {
                    let theirs = self.rounds[j]
                        .iter()
                        .find(|q| q.round == pr.round)
                        .map_or(Points::ZERO, |q| q.points);
                    games.push((pr.round, i, j, pr.points, theirs));
                }
            }
            let score: Points = if fide {
                Points(per.values().map(|(sum, n)| sum.0 / n).sum())
            } else {
                per.values().map(|(sum, _)| *sum).sum()
            };
            let met = per.len() as u32;
            rows.push(DirectRowIx {
                player: i,
                score,
                met,
                best: score + win * (most - met) as i64,
                value: values[gi],
            });
        }
        let all_met = rows.iter().all(|r| r.met == most);
        rows.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(self.ids[a.player].cmp(&self.ids[b.player]))
        });
        games.sort_by_key(|g| (g.0, self.ids[g.1]));
        DirectDetailIx {
            fide,
            all_met,
            rows,
            games,
        }
    }

    /// The parts of a CXA sum (opponent score, small points, beaten / drawn
    /// / lost sums): each round's opponent and what he adds.
    pub fn cxa_parts(&self, tb: TieBreak, i: usize) -> Option<Vec<Part>> {
        use TieBreak::*;
        let want: Option<RoundResult> = match tb {
            OpponentScore => None,
            BeatenSum => Some(RoundResult::Win),
            DrawnSum => Some(RoundResult::Draw),
            LostSum => Some(RoundResult::Loss),
            SmallPoints
                if !matches!(
                    self.scheme.kind,
                    SchemeKind::Draw08 | SchemeKind::TwoGame | SchemeKind::HuTwoGame
                ) =>
            {
                None
            }
            _ => return None,
        };
        Some(
            self.rounds[i]
                .iter()
                .filter(|pr| want.is_none() || pr.result == want)
                .filter_map(|pr| {
                    let mut v = self.contribution(i, pr)?;
                    if tb == SmallPoints {
                        v = match pr.result {
                            Some(RoundResult::Win) => v,
                            Some(RoundResult::Draw) => v.half(),
                            _ => Points::ZERO,
                        };
                    }
                    Some(Part {
                        round: pr.round,
                        opponent: pr.opponent,
                        kind: if pr.kind.met() {
                            PartKind::Opponent
                        } else {
                            PartKind::Virtual
                        },
                        value: v,
                        vur: false,
                        cut: false,
                    })
                })
                .collect(),
        )
    }

    /// `direct`: for a group of tied players who have all met each other,
    /// each one's points from the games among them; otherwise all 0 (the
    /// criterion does not apply).
    pub fn direct_values(&self, group: &[usize]) -> Vec<Points> {
        let zero = vec![Points::ZERO; group.len()];
        if group.len() < 2 {
            return zero;
        }
        let ids: Vec<i64> = group.iter().map(|&i| self.ids[i]).collect();
        let met = |i: usize, other: i64| {
            self.rounds[i]
                .iter()
                .any(|pr| pr.kind.met() && pr.opponent == Some(other))
        };
        for (a, &i) in group.iter().enumerate() {
            for (b, id) in ids.iter().enumerate() {
                if a != b && !met(i, *id) {
                    return zero;
                }
            }
        }
        group
            .iter()
            .map(|&i| {
                self.rounds[i]
                    .iter()
                    .filter(|pr| pr.kind.met() && pr.opponent.is_some_and(|o| ids.contains(&o)))
                    .map(|pr| pr.points)
                    .sum()
            })
            .collect()
    }
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

/// [`TbCtx::direct_detail`] by player index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DirectDetailIx {
    pub fide: bool,
    pub all_met: bool,
    pub rows: Vec<DirectRowIx>,
    /// (round, player, opponent, player's points, opponent's points).
    pub games: Vec<(u32, usize, usize, Points, Points)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct DirectRowIx {
    pub player: usize,
    pub score: Points,
    pub met: u32,
    pub best: Points,
    pub value: Points,
}
