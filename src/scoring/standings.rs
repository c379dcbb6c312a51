//! Standings after a round, explanations of an order, crosstables.

use super::fide::{Fide, Part, PartKind};
use super::rounds::{player_rounds, PlayerRound, RoundKind, RoundResult};
use super::scheme::{Scheme, SchemeKind};
use super::tiebreak::{DirectDetailIx, TbCtx, TieBreak, TieValue};
use super::{EventData, PlayerRef, ScoringError};
use crate::domain::{Colour, Points};
use crate::i18n::{msg, Msg};
use std::cmp::Ordering;
use std::collections::HashMap;

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
    /// The first paired round whose results are not all in (its byes,
    /// forfeits and requested byes do not count until it is complete).
    pub in_progress: Option<u32>,
    pub tiebreaks: Vec<TieBreak>,
    pub rows: Vec<StandingRow>,
}

/// The rounds that count for standings and crosstables after round `r`:
/// in a round whose results are not all in, only the games already decided
/// count; its byes, forfeits and requested byes wait (shown as pending)
/// until the round is complete. Also returns the first such round.
pub(crate) fn counted_rounds(
    ev: &EventData,
    scheme: &Scheme,
    r: u32,
) -> Result<(Vec<Vec<PlayerRound>>, Option<u32>), ScoringError> {
    let mut rounds = player_rounds(ev, scheme, r)?;
    let slots = rounds.first().map_or(0, |v| v.len());
    let mut first = None;
    for s in 0..slots {
        if !rounds.iter().any(|prs| prs[s].kind == RoundKind::Pending) {
            continue;
        }
        first.get_or_insert(s as u32 + 1);
        for prs in rounds.iter_mut() {
            let pr = &mut prs[s];
            if matches!(
                pr.kind,
                RoundKind::PairingBye
                    | RoundKind::RequestedBye
                    | RoundKind::ForfeitWin
                    | RoundKind::ForfeitLoss
                    | RoundKind::DoubleForfeit
            ) {
                pr.kind = RoundKind::Pending;
                pr.result = None;
                pr.points = Points::ZERO;
                pr.small = Points::ZERO;
                pr.games.clear();
                if pr.opponent.is_none() {
                    pr.colour = None;
                }
            }
        }
    }
    if first.is_none() {
        first = first_incomplete(ev, scheme, r)?;
    }
    Ok((rounds, first))
}

/// The first paired round after `r` whose results are not all in.
fn first_incomplete(ev: &EventData, scheme: &Scheme, r: u32) -> Result<Option<u32>, ScoringError> {
    let last = ev.last_round();
    if last <= r {
        return Ok(None);
    }
    let all = player_rounds(ev, scheme, last)?;
    Ok((r as usize..last as usize)
        .find(|&s| all.iter().any(|prs| prs[s].kind == RoundKind::Pending))
        .map(|s| s as u32 + 1))
}

/// The last round up to which every round's results are all in. A round
/// that holds only byes asked for in advance, and not one for every
/// player, is not paired yet: it is not complete (a TRF file gives the
/// next round's byes before its pairing).
pub fn complete_rounds(ev: &EventData, scheme: &Scheme) -> Result<u32, ScoringError> {
    let last = ev.last_round();
    let all = player_rounds(ev, scheme, last)?;
    Ok(first_open(ev, &all, last).map_or(last, |s| s as u32))
}

/// The first round (0-based) of the first `last` whose results are not
/// all in, or that holds only byes asked for in advance and not one for
/// every player (not paired yet).
fn first_open(ev: &EventData, all: &[Vec<PlayerRound>], last: u32) -> Option<usize> {
    let unpaired = |s: usize| {
        ev.rounds.iter().any(|r| {
            r.number as usize == s + 1
                && r.boards.is_empty()
                && r.requested_byes.len() < ev.players.len()
        })
    };
    (0..last as usize)
        .find(|&s| unpaired(s) || all.iter().any(|prs| prs[s].kind == RoundKind::Pending))
}

/// Computes the standings after round `after_round` (default: the last
/// round whose results are all in): points, then `tiebreaks` in order;
/// players still tied share the rank and are listed by start number.
pub fn standings(
    ev: &EventData,
    scheme: &Scheme,
    tiebreaks: &[TieBreak],
    after_round: Option<u32>,
) -> Result<Standings, ScoringError> {
    Ok(standings_inner(ev, scheme, tiebreaks, after_round, None)?.0)
}

/// The standings and how player `id`'s values are made (`--explain A`).
pub fn breakdown(
    ev: &EventData,
    scheme: &Scheme,
    tiebreaks: &[TieBreak],
    after_round: Option<u32>,
    id: i64,
) -> Result<(Standings, Breakdown), ScoringError> {
    let (st, b) = standings_inner(ev, scheme, tiebreaks, after_round, Some(id))?;
    let b = b.ok_or_else(|| ScoringError::NoSuchPlayer(format!("#{id}")))?;
    Ok((st, b))
}

/// How one player's tie-break values are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Breakdown {
    pub player: PlayerRef,
    pub after_round: u32,
    pub points: Points,
    pub items: Vec<BreakdownItem>,
}

/// One tie-break of a [`Breakdown`]: the value the table shows and the
/// rounds it is made of (empty for counts).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakdownItem {
    pub tiebreak: TieBreak,
    pub value: Points,
    pub parts: Vec<BreakdownPart>,
    /// `direct`: the tie group it was applied to and why it ordered them.
    pub direct: Option<DirectDetail>,
}

/// How `direct` ordered the group of players tied with the explained one
/// (same points and equal on every earlier criterion).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectDetail {
    /// FIDE C.07 DE (the `chess` scheme) rather than CXA 直胜.
    pub fide: bool,
    /// Every tied player met every other one.
    pub all_met: bool,
    /// The mini-table, in the order `direct` gives (best first).
    pub rows: Vec<DirectRow>,
    /// The games among the tied players that count.
    pub games: Vec<DirectGame>,
}

/// One tied player in a [`DirectDetail`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectRow {
    pub player: PlayerRef,
    /// Points scored against the other tied players.
    pub score: Points,
    /// How many of the other tied players he met, of `others`.
    pub met: u32,
    pub others: u32,
    /// The best score he could have had, every missing encounter a win
    /// (what the FIDE rule compares when not all met).
    pub best: Points,
    /// The value `direct` gives him (higher is better; equal = still tied).
    pub value: Points,
}

/// A game between two tied players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DirectGame {
    pub round: u32,
    pub a: PlayerRef,
    pub b: PlayerRef,
    pub a_points: Points,
    pub b_points: Points,
}

/// One round's contribution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakdownPart {
    pub round: u32,
    /// What the player's round was (a game, a bye, a forfeit, …).
    pub round_kind: RoundKind,
    pub opponent: Option<PlayerRef>,
    pub kind: PartKind,
    pub value: Points,
    /// A voluntarily unplayed round (FIDE Article 16).
    pub vur: bool,
    /// Not counted (cut, or below Koya's limit).
    pub cut: bool,
}

fn standings_inner(
    ev: &EventData,
    scheme: &Scheme,
    tiebreaks: &[TieBreak],
    after_round: Option<u32>,
    explain: Option<i64>,
) -> Result<(Standings, Option<Breakdown>), ScoringError> {
    let (r, (rounds, in_progress)) = match after_round {
        Some(r) => (r, counted_rounds(ev, scheme, r)?),
        None => {
            // Every round's results in (a finished event): the rounds read
            // to find that are the ones counted; else as after a round.
            let last = ev.last_round();
            let all = player_rounds(ev, scheme, last)?;
            match first_open(ev, &all, last) {
                None => (last, (all, None)),
                Some(s) => (s as u32, counted_rounds(ev, scheme, s as u32)?),
            }
        }
    };
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
    let start_nos: Vec<u32> = ev.players.iter().map(|p| p.start_no).collect();
    // Fore-Buchholz draws the final round's games only once it is the
    // round counted (an event whose planned rounds are not known: the
    // last round counted).
    let final_round = ev.planned_rounds == 0 || r >= ev.planned_rounds;
    let fide = Fide::new(
        &rounds,
        &idx,
        &points,
        scheme.win_value(),
        r,
        final_round,
        crate::scoring::fide::Practice {
            round_robin: ev.round_robin,
            edition_2024: ev.c07_2024,
        },
    );
    let ctx = TbCtx {
        scheme,
        rounds: &rounds,
        idx: &idx,
        ids: &ids,
        points: &points,
        bye_rule: ev.byes.opponent_score,
        ratings: &ratings,
        start_nos: &start_nos,
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
    let explained = explain.and_then(|id| idx.get(&id).copied());
    let mut direct_detail: HashMap<usize, DirectDetailIx> = HashMap::new();
    for (t, &tb) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            if matches!(tb.valued_as(), TieBreak::Direct | TieBreak::DirectPlayed) {
                // Under the chess scheme `direct` is FIDE's DE (`DE/P`:
                // forfeits too); else 直胜 (CXA), forfeits counted.
                let fide = scheme.kind() == crate::scoring::SchemeKind::Chess;
                let forfeits = tb.valued_as() == TieBreak::DirectPlayed;
                let values = if fide {
                    ctx.fide_direct_values(&g, forfeits, tb.flags().swiss)
                } else {
                    ctx.direct_values(&g)
                };
                if explained.is_some_and(|e| g.contains(&e)) {
                    let fide = fide && !forfeits;
                    direct_detail.insert(t, ctx.direct_detail(&g, &values, fide));
                }
                for (&i, v) in g.iter().zip(values) {
                    keys[i][t] = TieValue::One(v);
                }
            }
            if g.len() == 1 {
                next.push(g);
                continue;
            }
            g.sort_by(|&a, &b| tb.compare(&keys[a][t], &keys[b][t]));
            // Runs of equal keys stay tied for the next criterion.
            next.extend(
                g.chunk_by(|&a, &b| keys[a][t] == keys[b][t])
                    .map(<[usize]>::to_vec),
            );
        }
        groups = next;
    }
    let pref = |i: usize| ev.players[i].clone();
    let detail = match explained {
        None => None,
        Some(i) => {
            let items = tiebreaks
                .iter()
                .enumerate()
                .map(|(t, &tb)| {
                    let parts: Vec<Part> = if tb == TieBreak::Progressive {
                        let mut run = Points::ZERO;
                        rounds[i]
                            .iter()
                            .map(|pr| {
                                run += pr.points;
                                Part {
                                    round: pr.round,
                                    opponent: None,
                                    kind: PartKind::Own,
                                    value: run,
                                    vur: false,
                                    cut: false,
                                }
                            })
                            .collect()
                    } else {
                        ctx.fide_parts(tb, i)
                            .map(|(_, p)| p)
                            .or_else(|| ctx.cxa_parts(tb, i))
                            .unwrap_or_default()
                    };
                    let direct = direct_detail.remove(&t).map(|d| DirectDetail {
                        fide: d.fide,
                        all_met: d.all_met,
                        rows: d
                            .rows
                            .iter()
                            .map(|r| DirectRow {
                                player: pref(r.player),
                                score: r.score,
                                met: r.met,
                                others: d.rows.len() as u32 - 1,
                                best: r.best,
                                value: r.value,
                            })
                            .collect(),
                        games: d
                            .games
                            .iter()
                            .map(|&(round, a, b, pa, pb)| DirectGame {
                                round,
                                a: pref(a),
                                b: pref(b),
                                a_points: pa,
                                b_points: pb,
                            })
                            .collect(),
                    });
                    BreakdownItem {
                        tiebreak: tb,
                        value: keys[i][t].shown(),
                        direct,
                        parts: parts
                            .into_iter()
                            .map(|p| BreakdownPart {
                                round: p.round,
                                round_kind: rounds[i][(p.round - 1) as usize].kind,
                                opponent: p.opponent.and_then(|o| ev.player(o)).cloned(),
                                kind: p.kind,
                                value: p.value,
                                vur: p.vur,
                                cut: p.cut,
                            })
                            .collect(),
                    }
                })
                .collect();
            Some(Breakdown {
                player: ev.players[i].clone(),
                after_round: r,
                points: points[i],
                items,
            })
        }
    };
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
    Ok((
        Standings {
            after_round: r,
            in_progress,
            tiebreaks: tiebreaks.to_vec(),
            rows,
        },
        detail,
    ))
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
    /// For sequence criteria: which element decided (the score after
    /// round 3, without round 1, …), in any language.
    pub detail: Option<crate::i18n::Msg>,
    /// For sequence criteria: the values the table shows (its first
    /// element), when they are equal although a later element decided.
    pub table_shows: Option<Points>,
}

impl Explanation {
    /// The explanation as a keyed message, what the CLI (`standings
    /// --explain A B`) and the TUI (`e` on two rows) both print. The
    /// criterion is named in Chinese, by its code in English (as typed
    /// after `--tiebreaks`): `explain.criterion`.
    pub fn msg(&self) -> Msg {
        let (Some(c), Some(av), Some(bv)) = (&self.criterion, self.a_value, self.b_value) else {
            return msg!("explain.tied", a = &self.a.name, b = &self.b.name);
        };
        let (w, l) = if self.ahead == Some(self.a.id) {
            (&self.a.name, &self.b.name)
        } else {
            (&self.b.name, &self.a.name)
        };
        let name = match TieBreak::parse(c) {
            Ok(t) if c != "points" => t.name_msg(false),
            _ => Msg::new("rep.col.points"),
        };
        let name = Msg::new("explain.criterion")
            .with("name", name)
            .with("code", c);
        let criterion = match &self.detail {
            Some(d) => msg!("explain.criterion_detail", name, detail = d.clone()),
            None => name,
        };
        let m = match self.table_shows {
            Some(value) => Msg::new("explain.ahead_shows").with("value", value),
            None => Msg::new("explain.ahead"),
        };
        m.with("winner", w)
            .with("loser", l)
            .with("criterion", criterion)
            .with("a", &self.a.name)
            .with("av", av)
            .with("b", &self.b.name)
            .with("bv", bv)
    }
}

crate::i18n::english_display!(Explanation);

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
            // The name typed in the other script (陳磊 for 陈磊).
            .or_else(|| crate::i18n::one_in_other_script(&self.rows, |r| &r.player.name, w))
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
            table_shows: None,
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
                        TieBreak::StripLast => crate::i18n::msg!(
                            "explain.score_after_round",
                            round = self.after_round as usize - 1 - k
                        ),
                        _ if k == 0 => crate::i18n::msg!("explain.score_without_round_1"),
                        _ => crate::i18n::msg!("explain.score_without_rounds", last = k + 1),
                    };
                    e.detail = Some(round);
                    if ka.shown() == kb.shown() {
                        e.table_shows = Some(ka.shown());
                    }
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
    let (rounds, _) = counted_rounds(ev, scheme, r)?;
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
