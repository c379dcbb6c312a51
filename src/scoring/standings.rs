//! Standings after a round, explanations of an order, crosstables.

use super::fide::Fide;
use super::rounds::{player_rounds, PlayerRound, RoundKind, RoundResult};
use super::scheme::{Scheme, SchemeKind};
use super::tiebreak::{TbCtx, TieBreak, TieValue};
use super::{EventData, PlayerRef, ScoringError};
use crate::domain::{Colour, Points};
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StandingRow {
    /// 1-based; players tied after the whole list share the rank.
    pub rank: u32,
    /// Is this rank shared with another player?
    pub shared: bool,
    pub player: PlayerRef,
    pub points: Points,
    /// The tie-break values as shown (a sequence shows its first element).
    pub values: Vec<(TieBreak, Points)>,
    /// The full values that were compared, in tie-break order.
    pub keys: Vec<TieValue>,
}

/// The standings after a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    pub after_round: u32,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<StandingRow>,
}

/// Computes the standings after round `after_round` (default: the last
/// round with any board): points, then `tiebreaks` in order; players still
/// tied share the rank and are listed by start number.
pub fn standings(
    ev: &EventData,
    scheme: &Scheme,
    tiebreaks: &[TieBreak],
    after_round: Option<u32>,
) -> Result<Standings, ScoringError> {
    let r = after_round.unwrap_or_else(|| ev.last_round());
    let rounds = player_rounds(ev, scheme, r)?;
    let idx: HashMap<i64, usize> = ev
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let points: Vec<Points> = rounds
        .iter()
        .map(|rs| rs.iter().map(|pr| pr.points).sum())
        .collect();
    let ids: Vec<i64> = ev.players.iter().map(|p| p.id).collect();
    let ratings: Vec<Option<i32>> = ev.players.iter().map(|p| p.rating).collect();
    let fide = Fide::new(&rounds, &idx, &points, scheme.win_value(), r);
    let ctx = TbCtx {
        scheme,
        rounds: &rounds,
        idx: &idx,
        ids: &ids,
        points: &points,
        bye_rule: ev.byes.opponent_score,
        ratings: &ratings,
        fide: &fide,
    };
    let n = ev.players.len();
    let mut keys: Vec<Vec<TieValue>> = (0..n)
        .map(|i| tiebreaks.iter().map(|&t| ctx.value(t, i)).collect())
        .collect();

    // Points first, then start number inside a tie.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| {
        points[b]
            .cmp(&points[a])
            .then(ev.players[a].start_no.cmp(&ev.players[b].start_no))
    });
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for &i in &order {
        match groups.last_mut() {
            Some(g) if points[g[0]] == points[i] => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    // Refine the tie groups criterion by criterion.
    for (t, &tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            if tb == TieBreak::Direct {
                for (&i, v) in g.iter().zip(ctx.direct_values(&g)) {
                    keys[i][t] = TieValue::One(v);
                }
            }
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            g.sort_by(|&a, &b| tb.compare(&keys[a][t], &keys[b][t]));
            let mut cur: Vec<usize> = Vec::new();
            for i in g {
                if let Some(&f) = cur.first() {
                    if keys[f][t] != keys[i][t] {
                        next.push(std::mem::take(&mut cur));
                    }
                }
                cur.push(i);
            }
            next.push(cur);
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    let mut pos = 0u32;
    for g in &groups {
        let rank = pos + 1;
        for &i in g {
            rows.push(StandingRow {
                rank,
                shared: g.len() > 1,
                player: ev.players[i].clone(),
                points: points[i],
                values: tiebreaks
                    .iter()
                    .zip(keys[i].iter())
                    .map(|(&t, k)| (t, k.shown()))
                    .collect(),
                keys: keys[i].clone(),
            });
        }
        pos += g.len() as u32;
    }
    Ok(Standings {
        after_round: r,
        tiebreaks: tiebreaks.to_vec(),
        rows,
    })
}

/// Why one player stands above another (for protests).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub a: PlayerRef,
    pub b: PlayerRef,
    /// The player ranked higher; `None` if they share the rank.
    pub ahead: Option<i64>,
    /// `points`, a tie-break code, or `None` when tied after everything.
    pub criterion: Option<String>,
    pub a_value: Option<Points>,
    pub b_value: Option<Points>,
    /// For sequence criteria: which element decided (e.g. "after round 3").
    pub detail: Option<String>,
}

impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.criterion, self.a_value, self.b_value) {
            (Some(c), Some(av), Some(bv)) => {
                let (w, l) = if self.ahead == Some(self.a.id) {
                    (&self.a.name, &self.b.name)
                } else {
                    (&self.b.name, &self.a.name)
                };
                write!(f, "{w} is ahead of {l} on {c}")?;
                if let Some(d) = &self.detail {
                    write!(f, " ({d})")?;
                }
                write!(f, ": {} {} against {} {}", self.a.name, av, self.b.name, bv)
            }
            _ => write!(
                f,
                "{} and {} are equal on points and every tie-break, and share the rank",
                self.a.name, self.b.name
            ),
        }
    }
}

impl Standings {
    /// The row of a player, by entry id.
    pub fn row(&self, id: i64) -> Option<&StandingRow> {
        self.rows.iter().find(|r| r.player.id == id)
    }

    /// The row of a player by name or start number.
    pub fn find(&self, who: &str) -> Result<&StandingRow, ScoringError> {
        let w = who.trim();
        self.rows
            .iter()
            .find(|r| r.player.name == w)
            .or_else(|| {
                w.parse::<u32>()
                    .ok()
                    .and_then(|n| self.rows.iter().find(|r| r.player.start_no == n))
            })
            .ok_or_else(|| ScoringError::NoSuchPlayer(w.to_string()))
    }

    /// Which criterion separated players `a` and `b` (entry ids), with both
    /// values.
    pub fn explain(&self, a: i64, b: i64) -> Result<Explanation, ScoringError> {
        let ra = self
            .row(a)
            .ok_or_else(|| ScoringError::NoSuchPlayer(format!("#{a}")))?;
        let rb = self
            .row(b)
            .ok_or_else(|| ScoringError::NoSuchPlayer(format!("#{b}")))?;
        let mut e = Explanation {
            a: ra.player.clone(),
            b: rb.player.clone(),
            ahead: None,
            criterion: None,
            a_value: None,
            b_value: None,
            detail: None,
        };
        let ahead = |o: Ordering| if o == Ordering::Less { a } else { b };
        if ra.points != rb.points {
            e.ahead = Some(ahead(rb.points.cmp(&ra.points)));
            e.criterion = Some("points".into());
            e.a_value = Some(ra.points);
            e.b_value = Some(rb.points);
            return Ok(e);
        }
        for (t, &tb) in self.tiebreaks.iter().enumerate() {
            let (ka, kb) = (&ra.keys[t], &rb.keys[t]);
            let o = tb.compare(ka, kb);
            if o == Ordering::Equal {
                continue;
            }
            e.ahead = Some(ahead(o));
            e.criterion = Some(tb.code().into());
            match (ka, kb) {
                (TieValue::Seq(x), TieValue::Seq(y)) => {
                    let k = x.iter().zip(y).position(|(p, q)| p != q).unwrap_or(0);
                    e.a_value = x.get(k).copied();
                    e.b_value = y.get(k).copied();
                    let round = match tb {
                        TieBreak::StripLast => {
                            format!("score after round {}", self.after_round as usize - 1 - k)
                        }
                        _ if k == 0 => "score without round 1".to_string(),
                        _ => format!("score without rounds 1–{}", k + 1),
                    };
                    e.detail = Some(round);
                }
                _ => {
                    e.a_value = Some(ka.shown());
                    e.b_value = Some(kb.shown());
                }
            }
            return Ok(e);
        }
        Ok(e)
    }
}

/// One cell of a crosstable: a player's round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossCell {
    pub round: u32,
    pub opponent_start_no: Option<u32>,
    pub colour: Option<Colour>,
    pub kind: RoundKind,
    pub result: Option<RoundResult>,
    pub points: Points,
}

impl CrossCell {
    /// A compact mark: `5r+` (beat no. 5 with red), `3b=`, `7b-`, `BYE`,
    /// `12r+F` (won by forfeit), `12b-F`, `--` (absent), `5r?` (pending),
    /// `RB` (requested bye).
    pub fn mark(&self) -> String {
        let opp = self
            .opponent_start_no
            .map(|n| n.to_string())
            .unwrap_or_default();
        let col = match self.colour {
            Some(Colour::Red) => "r",
            Some(Colour::Black) => "b",
            None => "",
        };
        let res = match self.result {
            Some(RoundResult::Win) => "+",
            Some(RoundResult::Draw) => "=",
            Some(RoundResult::Loss) => "-",
            None => "",
        };
        match self.kind {
            RoundKind::Played => format!("{opp}{col}{res}"),
            RoundKind::ForfeitWin | RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => {
                format!("{opp}{col}{res}F")
            }
            RoundKind::PairingBye => "BYE".into(),
            RoundKind::RequestedBye => "RB".into(),
            RoundKind::Absent => "--".into(),
            RoundKind::Pending => format!("{opp}{col}?"),
        }
    }
}

/// A player's line of the crosstable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CrossRow {
    pub player: PlayerRef,
    pub cells: Vec<CrossCell>,
    pub points: Points,
}

/// The crosstable: per player (by start number) per round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crosstable {
    pub rounds: u32,
    pub rows: Vec<CrossRow>,
}

/// Builds the crosstable after round `after_round` (default: the last round).
pub fn crosstable(
    ev: &EventData,
    scheme: &Scheme,
    after_round: Option<u32>,
) -> Result<Crosstable, ScoringError> {
    let r = after_round.unwrap_or_else(|| ev.last_round());
    let rounds = player_rounds(ev, scheme, r)?;
    let start: HashMap<i64, u32> = ev.players.iter().map(|p| (p.id, p.start_no)).collect();
    let mut rows: Vec<CrossRow> = ev
        .players
        .iter()
        .zip(rounds)
        .map(|(p, rs)| CrossRow {
            player: p.clone(),
            points: rs.iter().map(|pr| pr.points).sum(),
            cells: rs
                .into_iter()
                .map(|pr: PlayerRound| CrossCell {
                    round: pr.round,
                    opponent_start_no: pr.opponent.and_then(|o| start.get(&o).copied()),
                    colour: pr.colour,
                    kind: pr.kind,
                    result: pr.result,
                    points: pr.points,
                })
                .collect(),
        })
        .collect();
    rows.sort_by_key(|r| r.player.start_no);
    Ok(Crosstable { rounds: r, rows })
}

/// Players who are no longer paired because their last
/// `ev.byes.forfeits_to_drop` rounds (or more) were forfeited by them
/// (only a trailing run counts, CXA §4 Rec). Empty when the setting is 0.
pub fn excluded_by_forfeits(
    ev: &EventData,
    after_round: Option<u32>,
) -> Result<Vec<i64>, ScoringError> {
    let n = ev.byes.forfeits_to_drop as usize;
    if n == 0 {
        return Ok(Vec::new());
    }
    let r = after_round.unwrap_or_else(|| ev.last_round());
    // Forfeit marks do not depend on the scheme's values: use the standard one.
    let rounds = player_rounds(ev, &Scheme::new(SchemeKind::Standard), r)?;
    Ok(ev
        .players
        .iter()
        .zip(rounds)
        .filter(|(_, rs)| {
            let run = rs
                .iter()
                .rev()
                .take_while(|pr| {
                    matches!(pr.kind, RoundKind::ForfeitLoss | RoundKind::DoubleForfeit)
                })
                .count();
            run >= n
        })
        .map(|(p, _)| p.id)
        .collect())
}
