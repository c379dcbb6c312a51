//! A criterion's value for one player, and the parts of a FIDE or CXA
//! sum that show how it was reached.

use super::{TbCtx, TieBreak, TieValue};
use crate::domain::{ByeOpponentScore, Colour, Points};
use crate::scoring::fide::{board_games, cut_with, Part, PartKind};
use crate::scoring::performance as perf;
use crate::scoring::rounds::{PlayerRound, RoundKind, RoundResult};
use crate::scoring::scheme::SchemeKind;

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

    pub(super) fn sum_by_result(&self, i: usize, want: RoundResult) -> Points {
        self.rounds[i]
            .iter()
            .filter(|pr| pr.result == Some(want))
            .filter_map(|pr| self.contribution(i, pr))
            .sum()
    }

    pub(super) fn count_games(
        &self,
        i: usize,
        f: impl Fn(&crate::scoring::GameSide) -> bool,
    ) -> Points {
        Points::new(
            self.rounds[i]
                .iter()
                .flat_map(|pr| pr.games.iter())
                .filter(|g| f(g))
                .count() as i64,
        )
    }

    pub(super) fn sum_games(
        &self,
        i: usize,
        f: impl Fn(&crate::scoring::GameSide) -> bool,
    ) -> Points {
        self.rounds[i]
            .iter()
            .flat_map(|pr| pr.games.iter())
            .filter(|g| f(g))
            .map(|g| g.small)
            .sum()
    }

    /// Beaten sum plus half the drawn sum (CXA 2011 14.1 small points;
    /// Sonneborn-Berger on round results).
    pub(super) fn beaten_plus_half_drawn(&self, i: usize) -> Points {
        self.sum_by_result(i, RoundResult::Win) + self.sum_by_result(i, RoundResult::Draw).half()
    }

    /// The value of criterion `tb` for player `i` (`direct` is computed
    /// within a tie group by [`direct_values`]).
    pub fn value(&self, tb: TieBreak, i: usize) -> TieValue {
        use TieBreak::*;
        if tb.valued_as() != tb {
            return self.value(tb.valued_as(), i);
        }
        let rounds = &self.rounds[i];
        let one = TieValue::One;
        match tb {
            OpponentScore => one(rounds
                .iter()
                .filter_map(|pr| self.contribution(i, pr))
                .sum()),
            SmallPoints => one(match self.scheme.kind() {
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
            BlackWins if self.scheme.kind() == SchemeKind::Chess => one(Points::new(
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
            Direct | DirectPlayed => one(Points::ZERO),
            StartNumber => one(Points::new(self.start_nos[i] as i64)),
            ListedRating => one(Points::new(
                self.ratings[i].filter(|&r| r > 0).unwrap_or(0) as i64
            )),
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
                        crate::scoring::fide::over_board(pr) || pr.points == self.scheme.win_value()
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
            // The player's rating (FIDE's checker `RTNG`): the scheme's
            // `unrated_rating` for an unrated player when it is set; when
            // it is not and someone is unrated, the criterion is dropped
            // (0 for everyone), as the checker drops it.
            Rating => {
                let ratings = self.fide_ratings();
                let all = ratings.iter().all(|r| r.is_some_and(|r| r > 0));
                let own = ratings[i].filter(|_| all).unwrap_or(0);
                one(Points::new(own as i64))
            }
            AdjustedScore => one(self.fide.adjusted[i]),
            ForeAdjustedScore => one(self.fide.fore_adjusted[i]),
            UnplayedRounds => one(Points::new(
                rounds
                    .iter()
                    .filter(|pr| crate::scoring::fide::voluntarily_unplayed(pr))
                    .count() as i64,
            )),
            GamesPlayed => one(Points::new(
                rounds
                    .iter()
                    .filter(|pr| crate::scoring::fide::over_board(pr))
                    .count() as i64,
            )),
            RoundsPaired => one(Points::new(
                rounds
                    .iter()
                    .filter(|pr| {
                        (pr.kind.met() && pr.opponent.is_some()) || pr.kind == RoundKind::PairingBye
                    })
                    .count() as i64,
            )),
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
        if tb.valued_as() != tb {
            return self.fide_parts(tb.valued_as(), i);
        }
        let f = self.fide;
        let (rounds, idx) = (self.rounds, self.idx);
        if let Some((base, low, high)) = tb.modified() {
            let flags = tb.flags();
            let ratings = self.fide_ratings_with(flags.unrated);
            return Some(match base {
                Buchholz | ForeBuchholz => {
                    let fore = base == ForeBuchholz;
                    let (_, mut parts) = f.buchholz_parts_with(rounds, idx, i, fore, flags);
                    cut_with(&mut parts, low, high, !flags.plain_cut);
                    (crate::scoring::fide::sum_kept(&parts), parts)
                }
                SonnebornBerger => f.sonneborn_cut_parts(rounds, idx, i, low, high, flags),
                // RTNG/U: the own rating, an unrated player's the one `/U`
                // gives.
                Rating => (
                    Points::new(ratings[i].filter(|&r| r > 0).unwrap_or(0) as i64),
                    Vec::new(),
                ),
                Tpr | Ptp => {
                    let c = perf::Cut {
                        low,
                        high,
                        perfect: base == Ptp,
                        old: flags.old_rating_cut(),
                    };
                    let (v, parts) = perf::cut_performance(f, rounds, &ratings, idx, i, c);
                    (perf::as_points(v), parts)
                }
                Apro | Appo => {
                    let c = perf::Cut {
                        low,
                        high,
                        perfect: base == Appo,
                        old: flags.old_rating_cut(),
                    };
                    let (v, parts) = perf::average_cut_performance(f, rounds, &ratings, idx, i, c);
                    (perf::as_points(v), parts)
                }
                Progressive => f.progressive_cut_parts(rounds, i, low),
                Aob => f.aob_cut_parts(rounds, idx, i, |j| {
                    f.buchholz_cut(rounds, idx, j, low, high, flags)
                }),
                _ => f.aro_cut_parts(rounds, &ratings, idx, i, low, high, flags.old_rating_cut()),
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
    pub(super) fn fide_ratings(&self) -> std::borrow::Cow<'_, [Option<i32>]> {
        self.fide_ratings_with(None)
    }

    /// [`TbCtx::fide_ratings`], with `unrated` (a criterion's `/U`) in
    /// place of the scheme's setting when it is given.
    pub(super) fn fide_ratings_with(
        &self,
        unrated: Option<u16>,
    ) -> std::borrow::Cow<'_, [Option<i32>]> {
        let sub = match (unrated, self.scheme.settings()) {
            (Some(u), _) => u as i64,
            // A rating: the constant's whole part.
            (None, crate::scoring::SchemeSettings::Chess(v)) => v.unrated_rating.hundredths() / 100,
            _ => 0,
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
                    self.scheme.kind(),
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
}
