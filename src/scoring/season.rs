//! The club season (赛季, `specs/season.md`): events' final standings in,
//! season standings out. Pure and exact: every value is a [`Fraction`].
//!
//! The caller hands in, per event of the season (in season order), its
//! weight, whether it is finished, and its final standings as
//! `qishe standings EVENT` shows them (rank, shared or not, points) with,
//! per entry, the member and whether he played a game over the board.

use crate::domain::{Fraction, Points};
use crate::i18n::{msg, Msg};
use std::collections::HashMap;

/// How an event turns into rule points (§3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeasonRule {
    /// `placement:V1,V2,…`: the points of place i (0 past the table).
    Placement(Vec<Fraction>),
    /// `score[:F]`: the event points times F.
    Score(Fraction),
}

/// The default rule, `placement:10,8,6,5,4,3,2,1`.
pub const DEFAULT_RULE: &str = "placement:10,8,6,5,4,3,2,1";

impl Default for SeasonRule {
    fn default() -> SeasonRule {
        SeasonRule::parse(DEFAULT_RULE).expect("the default rule parses")
    }
}

impl SeasonRule {
    /// Reads `placement:10,8,6` or `score` / `score:0.5`; a bad rule is a
    /// keyed message naming what is wrong.
    pub fn parse(text: &str) -> Result<SeasonRule, Msg> {
        let t = text.trim();
        let (kind, rest) = match t.split_once(':') {
            Some((k, r)) => (k.trim(), Some(r.trim())),
            None => (t, None),
        };
        match kind {
            "placement" => {
                let list = rest
                    .filter(|r| !r.is_empty())
                    .ok_or_else(|| msg!("err.season.placement_empty", rule = t))?;
                let values = list
                    .split(',')
                    .map(|v| {
                        Fraction::parse_decimal(v)
                            .ok_or_else(|| msg!("err.season.bad_table_value", value = v.trim()))
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                if values.len() > MAX_TABLE {
                    return Err(msg!("err.season.table_too_long", max = MAX_TABLE));
                }
                Ok(SeasonRule::Placement(values))
            }
            "score" => {
                let f = match rest {
                    None => Fraction::ONE,
                    Some(f) => Fraction::parse_decimal(f)
                        .filter(|f| f.is_positive())
                        .ok_or_else(|| msg!("err.season.bad_factor", value = f))?,
                };
                Ok(SeasonRule::Score(f))
            }
            _ => Err(msg!("err.season.bad_rule", rule = t)),
        }
    }

    /// The rule as it is written and stored: `placement:10,8,6,5,4,3,2,1`,
    /// `score:0.5`.
    pub fn code(&self) -> String {
        match self {
            SeasonRule::Placement(v) => format!(
                "placement:{}",
                v.iter().map(|x| decimal(*x)).collect::<Vec<_>>().join(",")
            ),
            SeasonRule::Score(f) => format!("score:{}", decimal(*f)),
        }
    }

    pub fn is_score(&self) -> bool {
        matches!(self, SeasonRule::Score(_))
    }
}

/// The longest points table accepted.
pub const MAX_TABLE: usize = 1000;

/// A decimal setting as written (exact: settings are parsed decimals).
pub fn decimal(f: Fraction) -> String {
    f.exact_decimal().unwrap_or_else(|| f.to_string())
}

/// A weight (> 0) or a participation value (≥ 0) as typed.
pub fn parse_weight(text: &str) -> Result<Fraction, Msg> {
    Fraction::parse_decimal(text)
        .filter(|w| w.is_positive())
        .ok_or_else(|| msg!("err.season.bad_weight", value = text.trim()))
}

/// Participation points as typed (a decimal ≥ 0).
pub fn parse_participation(text: &str) -> Result<Fraction, Msg> {
    Fraction::parse_decimal(text)
        .ok_or_else(|| msg!("err.season.bad_participation", value = text.trim()))
}

/// A season's settings (§1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonSettings {
    pub rule: SeasonRule,
    /// Only the best N results count; `None`: all.
    pub best: Option<u32>,
    pub min_events: u32,
    pub participation: Fraction,
}

impl Default for SeasonSettings {
    fn default() -> SeasonSettings {
        SeasonSettings {
            rule: SeasonRule::default(),
            best: None,
            min_events: 0,
            participation: Fraction::ZERO,
        }
    }
}

/// One entry of an event's final standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventPlace {
    /// The member (results of different events are joined by member).
    pub member: i64,
    pub name: String,
    /// The final rank (`2=` is rank 2, shared).
    pub rank: u32,
    /// The event points (the `score` rule's input).
    pub points: Points,
    /// At least one game played over the board (§2.4).
    pub played: bool,
}

/// One event of the season, as the season sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonEvent {
    pub name: String,
    pub weight: Fraction,
    pub finished: bool,
    /// The final standings, in their order (ignored while not finished).
    pub places: Vec<EventPlace>,
}

/// A player's result in one event (§4.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonResult {
    /// The final rank in the event, and whether it is shared.
    pub rank: u32,
    pub shared: bool,
    /// The event points.
    pub points: Points,
    /// The rule's points (before the weight).
    pub rule_points: Fraction,
    pub weight: Fraction,
    pub participation: Fraction,
    /// weight × rule points + participation.
    pub value: Fraction,
    /// Among the best N that make the total.
    pub counted: bool,
}

/// A line of the season standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonRow {
    /// 1 + the number of players above.
    pub rank: u32,
    pub shared: bool,
    /// Played at least `min_events` events.
    pub qualified: bool,
    pub member: i64,
    pub name: String,
    pub total: Fraction,
    pub events: u32,
    pub wins: u32,
    pub best: Fraction,
    /// One cell per season event, in season order; `None`: no result.
    pub results: Vec<Option<SeasonResult>>,
}

impl SeasonRow {
    /// The rank cell: `3`, `3=`, `9*`, `9=*`.
    pub fn rank_cell(&self) -> String {
        format!(
            "{}{}{}",
            self.rank,
            if self.shared { "=" } else { "" },
            if self.qualified { "" } else { "*" }
        )
    }
}

/// The season standings (§4, §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeasonStandings {
    pub rows: Vec<SeasonRow>,
}

impl SeasonStandings {
    /// The row of member `id`.
    pub fn row_of(&self, member: i64) -> Option<&SeasonRow> {
        self.rows.iter().find(|r| r.member == member)
    }
}

/// The values grew past what exact arithmetic holds (absurd tables of
/// ties and weights); the season cannot be ranked exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonOverflow;

impl SeasonOverflow {
    pub fn msg(self) -> Msg {
        msg!("err.season.overflow")
    }
}

/// The rule points of every entry of a finished event, in its order.
fn rule_points(rule: &SeasonRule, places: &[EventPlace]) -> Result<Vec<Fraction>, SeasonOverflow> {
    match rule {
        SeasonRule::Score(f) => places
            .iter()
            .map(|p| {
                Fraction::from_hundredths(p.points.hundredths())
                    .checked_mul(*f)
                    .ok_or(SeasonOverflow)
            })
            .collect(),
        SeasonRule::Placement(table) => {
            let mut tied: HashMap<u32, u32> = HashMap::new();
            for p in places {
                *tied.entry(p.rank).or_default() += 1;
            }
            let value = |place: u32| -> Fraction {
                table
                    .get(place.saturating_sub(1) as usize)
                    .copied()
                    .unwrap_or(Fraction::ZERO)
            };
            let mut memo: HashMap<u32, Fraction> = HashMap::new();
            places
                .iter()
                .map(|p| {
                    if let Some(v) = memo.get(&p.rank) {
                        return Ok(*v);
                    }
                    let m = tied[&p.rank];
                    let mut sum = Fraction::ZERO;
                    for place in p.rank..p.rank.saturating_add(m) {
                        if place as usize > table.len() {
                            break;
                        }
                        sum = sum.checked_add(value(place)).ok_or(SeasonOverflow)?;
                    }
                    let v = sum.checked_div_int(m as i128).ok_or(SeasonOverflow)?;
                    memo.insert(p.rank, v);
                    Ok(v)
                })
                .collect()
        }
    }
}

/// The season standings of `events` under `settings`; rows of a shared
/// rank are in the order of `name_key`.
pub fn season_standings<K: Ord>(
    settings: &SeasonSettings,
    events: &[SeasonEvent],
    name_key: impl Fn(&str) -> K,
) -> Result<SeasonStandings, SeasonOverflow> {
    let n = events.len();
    // member → (name, results per event)
    let mut players: Vec<(i64, String, Vec<Option<SeasonResult>>)> = Vec::new();
    let mut index: HashMap<i64, usize> = HashMap::new();
    for (e, ev) in events.iter().enumerate() {
        if !ev.finished {
            continue;
        }
        let rule = rule_points(&settings.rule, &ev.places)?;
        let mut tied: HashMap<u32, u32> = HashMap::new();
        for p in &ev.places {
            *tied.entry(p.rank).or_default() += 1;
        }
        for (p, rp) in ev.places.iter().zip(rule) {
            if !p.played {
                continue;
            }
            let value = ev
                .weight
                .checked_mul(rp)
                .and_then(|v| v.checked_add(settings.participation))
                .ok_or(SeasonOverflow)?;
            let i = *index.entry(p.member).or_insert_with(|| {
                players.push((p.member, p.name.clone(), vec![None; n]));
                players.len() - 1
            });
            players[i].2[e] = Some(SeasonResult {
                rank: p.rank,
                shared: tied[&p.rank] > 1,
                points: p.points,
                rule_points: rp,
                weight: ev.weight,
                participation: settings.participation,
                value,
                counted: false,
            });
        }
    }
    let mut rows = Vec::with_capacity(players.len());
    for (member, name, mut results) in players {
        // Best first; equal values: the earlier event.
        let mut order: Vec<usize> = (0..n).filter(|&e| results[e].is_some()).collect();
        order.sort_by(|&a, &b| {
            let (x, y) = (results[a].unwrap().value, results[b].unwrap().value);
            y.cmp(&x).then(a.cmp(&b))
        });
        let take = settings.best.map_or(order.len(), |b| b as usize);
        let mut total = Fraction::ZERO;
        for &e in order.iter().take(take) {
            let r = results[e].as_mut().expect("a result");
            r.counted = true;
            total = total.checked_add(r.value).ok_or(SeasonOverflow)?;
        }
        let got = results.iter().flatten();
        let events_played = got.clone().count() as u32;
        let wins = got.clone().filter(|r| r.rank == 1).count() as u32;
        let best = got.map(|r| r.value).max().unwrap_or(Fraction::ZERO);
        rows.push(SeasonRow {
            rank: 0,
            shared: false,
            qualified: events_played >= settings.min_events,
            member,
            name,
            total,
            events: events_played,
            wins,
            best,
            results,
        });
    }
    let same = |a: &SeasonRow, b: &SeasonRow| {
        a.qualified == b.qualified
            && a.total == b.total
            && a.wins == b.wins
            && a.best == b.best
            && a.events == b.events
    };
    let mut keyed: Vec<(K, SeasonRow)> = rows.into_iter().map(|r| (name_key(&r.name), r)).collect();
    keyed.sort_by(|(ka, a), (kb, b)| {
        b.qualified
            .cmp(&a.qualified)
            .then(b.total.cmp(&a.total))
            .then(b.wins.cmp(&a.wins))
            .then(b.best.cmp(&a.best))
            .then(b.events.cmp(&a.events))
            .then(ka.cmp(kb))
            .then(a.member.cmp(&b.member))
    });
    let mut rows: Vec<SeasonRow> = keyed.into_iter().map(|(_, r)| r).collect();
    for i in 0..rows.len() {
        rows[i].rank = if i > 0 && same(&rows[i - 1], &rows[i]) {
            rows[i - 1].rank
        } else {
            i as u32 + 1
        };
        let shared = (i > 0 && same(&rows[i - 1], &rows[i]))
            || (i + 1 < rows.len() && same(&rows[i], &rows[i + 1]));
        rows[i].shared = shared;
    }
    Ok(SeasonStandings { rows })
}

#[cfg(test)]
mod tests;
