//! Team standings (`specs/teams.md`): match points, then the team
//! tie-breaks; why one team stands above another.

use super::{match_scores, team_rounds, TeamEventData, TeamRef, TeamRound, TeamRoundKind};
use crate::domain::{ByeOpponentScore, Points};
use crate::scoring::rounds::RoundResult;
use crate::scoring::scheme::Scheme;
use crate::scoring::ScoringError;
use std::collections::HashMap;

/// The team tie-breaks of `specs/teams.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TeamTieBreak {
    GamePoints,
    Direct,
    OpponentMatchPoints,
    BoardResults,
    TeamSb,
    MatchWins,
    Residual,
    Progressive,
}

impl TeamTieBreak {
    pub const ALL: [TeamTieBreak; 8] = [
        TeamTieBreak::GamePoints,
        TeamTieBreak::Direct,
        TeamTieBreak::OpponentMatchPoints,
        TeamTieBreak::BoardResults,
        TeamTieBreak::TeamSb,
        TeamTieBreak::MatchWins,
        TeamTieBreak::Residual,
        TeamTieBreak::Progressive,
    ];

    /// The default order after match points.
    pub const DEFAULT: [TeamTieBreak; 3] = [
        TeamTieBreak::GamePoints,
        TeamTieBreak::Direct,
        TeamTieBreak::BoardResults,
    ];

    pub fn code(self) -> &'static str {
        match self {
            TeamTieBreak::GamePoints => "game-points",
            TeamTieBreak::Direct => "direct",
            TeamTieBreak::OpponentMatchPoints => "opponent-match-points",
            TeamTieBreak::BoardResults => "board-results",
            TeamTieBreak::TeamSb => "team-sb",
            TeamTieBreak::MatchWins => "match-wins",
            TeamTieBreak::Residual => "residual",
            TeamTieBreak::Progressive => "progressive",
        }
    }

    /// Reads qishe's code or FIDE's where one of qishe's criteria is
    /// FIDE's (`GPTS`: the game points, also `GPTS@24`). FIDE's other
    /// team codes are refused as such.
    pub fn parse(code: &str) -> Result<TeamTieBreak, ScoringError> {
        let c = code.trim();
        let allowed = || Self::ALL.map(|t| t.code()).join(", ");
        if let Some(t) = Self::ALL.into_iter().find(|t| t.code() == c) {
            return Ok(t);
        }
        let upper = c.to_ascii_uppercase();
        let name = upper.split_once('@').map_or(upper.as_str(), |(n, y)| {
            if (y.len() == 2 || y.len() == 4) && y.chars().all(|d| d.is_ascii_digit()) {
                n
            } else {
                upper.as_str()
            }
        });
        if let Some(t) = Self::ALL.into_iter().find(|t| t.fide_code() == Some(name)) {
            return Ok(t);
        }
        if super::super::TieBreak::fide_not_computed(c).is_some_and(|m| m.key == "tb.fide.team") {
            return Err(ScoringError::TeamFideCode {
                code: c.to_string(),
                allowed: allowed(),
            });
        }
        Err(ScoringError::UnknownTieBreak {
            code: code.to_string(),
            allowed: allowed(),
        })
    }

    /// FIDE's code of a criterion FIDE's checker computes the same way
    /// (`GPTS`: the sum of the game points); `None` for the others.
    pub fn fide_code(self) -> Option<&'static str> {
        match self {
            TeamTieBreak::GamePoints => Some("GPTS"),
            _ => None,
        }
    }

    /// Is the code FIDE's name of the match points, which always come
    /// first (`MPTS`, `PTS` in a team file's `212`)?
    pub fn is_primary(code: &str) -> bool {
        let c = code.trim();
        c == "match-points" || c.eq_ignore_ascii_case("MPTS") || c.eq_ignore_ascii_case("PTS")
    }

    /// The event's list: its codes, else the default order.
    pub fn parse_list<S: AsRef<str>>(codes: &[S]) -> Result<Vec<TeamTieBreak>, ScoringError> {
        if codes.is_empty() {
            return Ok(Self::DEFAULT.to_vec());
        }
        codes.iter().map(|c| Self::parse(c.as_ref())).collect()
    }
}

/// A compared value: one number or a sequence (`board-results`; `direct`:
/// match points then game points in the mutual matches; empty when the
/// tied teams have not all met).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct TeamValue(pub Vec<Points>);

impl TeamValue {
    /// What a table shows: the first element (blank when empty).
    pub fn shown(&self) -> Option<Points> {
        self.0.first().copied()
    }

    /// What a table shows in `tb`'s column, each number through `fmt`:
    /// `board-results` every board's game points, board 1 first, joined
    /// by `/` (`3/2.5/1`); any other the first element. `None` when empty.
    pub fn shown_text(&self, tb: TeamTieBreak, fmt: impl Fn(Points) -> String) -> Option<String> {
        match tb {
            TeamTieBreak::BoardResults if !self.0.is_empty() => {
                Some(self.0.iter().map(|&p| fmt(p)).collect::<Vec<_>>().join("/"))
            }
            _ => self.shown().map(fmt),
        }
    }
}

/// One line of the team standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandingRow {
    pub rank: u32,
    pub shared: bool,
    pub team: TeamRef,
    pub match_points: Points,
    pub game_points: Points,
    /// Values in tie-break order.
    pub values: Vec<(TeamTieBreak, TeamValue)>,
    /// Match points, then game points, in the matches among the teams
    /// level with this one on match points, when they have all met (empty
    /// otherwise): what a printed 直胜 column shows, though game points
    /// may have parted them before `direct` was reached.
    pub met: TeamValue,
}

impl TeamStandingRow {
    /// What a standings table shows in the column of the `i`-th
    /// tie-break, alike on paper, screen and served page: `direct` the
    /// matches among the teams level on match points ([`Self::met`]), any
    /// other its value.
    pub fn shown_value(&self, i: usize) -> &TeamValue {
        match self.values[i].0 {
            TeamTieBreak::Direct => &self.met,
            _ => &self.values[i].1,
        }
    }
}

/// The team standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStandings {
    pub after_round: u32,
    /// The first paired round after `after_round` whose results are not
    /// all in (not counted), as the individual standings say it.
    pub in_progress: Option<u32>,
    pub tiebreaks: Vec<TeamTieBreak>,
    pub rows: Vec<TeamStandingRow>,
    pub rounds: Vec<Vec<TeamRound>>,
}

struct Ctx<'a> {
    rounds: &'a [Vec<TeamRound>],
    idx: HashMap<i64, usize>,
    mp: Vec<Points>,
    bye_rule: ByeOpponentScore,
    bye_counts: bool,
}

impl Ctx<'_> {
    fn value(&self, tb: TeamTieBreak, i: usize) -> TeamValue {
        let rs = &self.rounds[i];
        let one = |p: Points| TeamValue(vec![p]);
        let done =
            |r: &&TeamRound| !matches!(r.kind, TeamRoundKind::Pending | TeamRoundKind::Absent);
        match tb {
            TeamTieBreak::GamePoints => one(rs.iter().map(|r| r.game_points).sum()),
            TeamTieBreak::Direct => TeamValue(Vec::new()),
            TeamTieBreak::OpponentMatchPoints => one(rs
                .iter()
                .filter(done)
                .map(|r| match (r.kind, r.opponent) {
                    (TeamRoundKind::Bye, _) => match self.bye_rule {
                        ByeOpponentScore::Zero => Points::ZERO,
                        ByeOpponentScore::Own => self.mp[i],
                        ByeOpponentScore::Lowest => {
                            self.mp.iter().copied().min().unwrap_or(Points::ZERO)
                        }
                    },
                    (_, Some(o)) => self.idx.get(&o).map(|&j| self.mp[j]).unwrap_or_default(),
                    _ => Points::ZERO,
                })
                .sum()),
            TeamTieBreak::BoardResults => {
                let nb = rs.first().map(|r| r.board_points.len()).unwrap_or(0);
                TeamValue(
                    (0..nb)
                        .map(|b| rs.iter().map(|r| r.board_points[b]).sum())
                        .collect(),
                )
            }
            TeamTieBreak::TeamSb => one(rs
                .iter()
                .filter(|r| r.kind == TeamRoundKind::Played || r.kind == TeamRoundKind::ForfeitWin)
                .filter_map(|r| {
                    let j = *self.idx.get(&r.opponent?)?;
                    Some(Points(
                        self.mp[j].hundredths() * r.game_points.hundredths() / 100,
                    ))
                })
                .sum()),
            TeamTieBreak::MatchWins => one(Points::new(
                rs.iter()
                    .filter(|r| r.result == Some(RoundResult::Win))
                    .filter(|r| r.kind != TeamRoundKind::Bye || self.bye_counts)
                    .count() as i64,
            )),
            TeamTieBreak::Residual => one(rs.iter().map(|r| r.residual).sum()),
            TeamTieBreak::Progressive => {
                let mut run = Points::ZERO;
                let mut total = Points::ZERO;
                for r in rs {
                    run += r.match_points;
                    total += run;
                }
                one(total)
            }
        }
    }

    /// `direct` within a tie group: match points then game points in the
    /// matches among them, if every two of them have met; else empty.
    fn direct(&self, group: &[usize]) -> Vec<TeamValue> {
        let ids: Vec<i64> = group
            .iter()
            .map(|&i| {
                *self
                    .idx
                    .iter()
                    .find(|(_, &v)| v == i)
                    .map(|(k, _)| k)
                    .unwrap_or(&0)
            })
            .collect();
        let mut met = vec![vec![false; group.len()]; group.len()];
        let mut vals = vec![(Points::ZERO, Points::ZERO); group.len()];
        for (a, &i) in group.iter().enumerate() {
            for r in &self.rounds[i] {
                if !matches!(
                    r.kind,
                    TeamRoundKind::Played | TeamRoundKind::ForfeitWin | TeamRoundKind::ForfeitLoss
                ) {
                    continue;
                }
                if let Some(b) = r.opponent.and_then(|o| ids.iter().position(|&x| x == o)) {
                    met[a][b] = true;
                    vals[a].0 += r.match_points;
                    vals[a].1 += r.game_points;
                }
            }
        }
        let all_met = (0..group.len()).all(|a| (0..group.len()).all(|b| a == b || met[a][b]));
        vals.into_iter()
            .map(|(m, g)| {
                if all_met {
                    TeamValue(vec![m, g])
                } else {
                    TeamValue(Vec::new())
                }
            })
            .collect()
    }
}

/// The first round up to `last` with a match still waiting for a result.
fn first_pending(
    ev: &TeamEventData,
    scheme: &Scheme,
    last: u32,
) -> Result<Option<u32>, ScoringError> {
    Ok(match_scores(ev, scheme, last)?
        .iter()
        .filter(|m| m.status == super::MatchStatus::Pending)
        .map(|m| m.round)
        .min())
}

/// Computes the team standings after round `after_round` (default: the
/// last round whose matches are all decided, like the individual
/// standings): match points, then `tiebreaks`; teams still tied share the
/// rank and are listed by pairing number.
pub fn team_standings(
    ev: &TeamEventData,
    scheme: &Scheme,
    tiebreaks: &[TeamTieBreak],
    after_round: Option<u32>,
) -> Result<TeamStandings, ScoringError> {
    let last = ev.matches.iter().map(|m| m.round).max().unwrap_or(0);
    let pending = first_pending(ev, scheme, last)?;
    let r = match after_round {
        Some(r) => r,
        None => pending.map_or(last, |p| p - 1),
    };
    let in_progress = match after_round {
        None => pending,
        Some(r) => pending.filter(|&p| p > r),
    };
    let scores = match_scores(ev, scheme, r)?;
    let rounds = team_rounds(ev, &scores, r);
    let idx: HashMap<i64, usize> = ev
        .teams
        .iter()
        .enumerate()
        .map(|(i, t)| (t.id, i))
        .collect();
    let mp: Vec<Points> = rounds
        .iter()
        .map(|rs| rs.iter().map(|x| x.match_points).sum())
        .collect();
    let gp: Vec<Points> = rounds
        .iter()
        .map(|rs| rs.iter().map(|x| x.game_points).sum())
        .collect();
    let ctx = Ctx {
        rounds: &rounds,
        idx,
        mp: mp.clone(),
        bye_rule: ev.games.byes.opponent_score,
        bye_counts: ev.settings.bye_counts_as_win,
    };
    let n = ev.teams.len();
    let mut keys: Vec<Vec<TeamValue>> = (0..n)
        .map(|i| tiebreaks.iter().map(|&t| ctx.value(t, i)).collect())
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| mp[b].cmp(&mp[a]).then(ev.teams[a].no.cmp(&ev.teams[b].no)));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &order {
        match groups.last_mut() {
            Some(g) if mp[g[0]] == mp[i] => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    // What the documents' 直胜 column shows: the matches among the teams
    // level on match points, where they have all met.
    let mut met = vec![TeamValue(Vec::new()); n];
    for g in groups.iter().filter(|g| g.len() > 1) {
        for (&i, v) in g.iter().zip(ctx.direct(g)) {
            met[i] = v;
        }
    }
    for (t, &tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            if tb == TeamTieBreak::Direct && g.len() > 1 {
                for (&i, v) in g.iter().zip(ctx.direct(&g)) {
                    keys[i][t] = v;
                }
            }
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            // Higher is better for every team criterion; an empty `direct`
            // (not all met) ties.
            g.sort_by(|&a, &b| {
                keys[b][t]
                    .cmp(&keys[a][t])
                    .then(ev.teams[a].no.cmp(&ev.teams[b].no))
            });
            // Runs of equal keys stay tied for the next criterion.
            next.extend(
                g.chunk_by(|&a, &b| keys[a][t] == keys[b][t])
                    .map(<[usize]>::to_vec),
            );
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    let mut pos = 0u32;
    for g in &groups {
        let mut g = g.clone();
        g.sort_by_key(|&i| ev.teams[i].no);
        for &i in &g {
            rows.push(TeamStandingRow {
                rank: pos + 1,
                shared: g.len() > 1,
                team: ev.teams[i].clone(),
                match_points: mp[i],
                game_points: gp[i],
                values: tiebreaks
                    .iter()
                    .copied()
                    .zip(keys[i].iter().cloned())
                    .collect(),
                met: met[i].clone(),
            });
        }
        pos += g.len() as u32;
    }
    Ok(TeamStandings {
        after_round: r,
        in_progress,
        tiebreaks: tiebreaks.to_vec(),
        rows,
        rounds,
    })
}

/// Why one team stands above another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamExplanation {
    pub a: TeamStandingRow,
    pub b: TeamStandingRow,
    /// Each criterion compared: (code, a's value, b's value).
    pub steps: Vec<(String, TeamValue, TeamValue)>,
    /// The criterion that separated them (`None`: tied throughout).
    pub decided_by: Option<String>,
}

impl TeamStandings {
    /// The row of the team named `who` (exact name or pairing number).
    pub fn find(&self, who: &str) -> Result<&TeamStandingRow, ScoringError> {
        let who = who.trim();
        self.rows
            .iter()
            .find(|r| r.team.name == who || r.team.no.to_string() == who)
            // The name typed in the other script (錢塘 for 钱塘).
            .or_else(|| crate::i18n::one_in_other_script(&self.rows, |r| &r.team.name, who))
            .ok_or_else(|| ScoringError::NoSuchPlayer(who.to_string()))
    }

    /// Compares two teams criterion by criterion.
    pub fn explain(&self, a: &str, b: &str) -> Result<TeamExplanation, ScoringError> {
        let ra = self.find(a)?.clone();
        let rb = self.find(b)?.clone();
        let mut steps = vec![(
            "match-points".to_string(),
            TeamValue(vec![ra.match_points]),
            TeamValue(vec![rb.match_points]),
        )];
        for ((t, va), (_, vb)) in ra.values.iter().zip(rb.values.iter()) {
            steps.push((t.code().to_string(), va.clone(), vb.clone()));
        }
        let decided_by = steps
            .iter()
            .find(|(_, x, y)| x != y)
            .map(|(c, _, _)| c.clone());
        Ok(TeamExplanation {
            a: ra,
            b: rb,
            steps,
            decided_by,
        })
    }
}
