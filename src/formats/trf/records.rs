//! The TRF-2026 records besides the player lines, and the older forms of
//! the same facts: `132` round dates, `162` points, `192` system code,
//! `240` byes, `250` / `XXA` virtual points (accelerations), `260`
//! prohibited pairings. Columns are 1-based, as the format's tables give
//! them; every value is checked where the endorsed engine checks it.

use super::columns::{field, parse_points};
use super::{err, PointSettings, Trf, TrfError};
use crate::domain::Points;
use crate::i18n::msg;

/// One record of virtual points, in file order (a later one overwrites or
/// extends what an earlier one set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccelRecord {
    /// `250`: `points` in every round `first_round..=last_round` for every
    /// start number `first_id..=last_id`.
    Range {
        points: Points,
        first_round: u32,
        last_round: u32,
        first_id: u32,
        last_id: u32,
    },
    /// `XXA`: one player's points, appended round after round.
    PerRound { id: u32, points: Vec<Points> },
}

/// A `240` record: byes of one kind (`F`, `H`, `Z`) in one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeRecord {
    pub kind: char,
    pub round: u32,
    pub ids: Vec<u32>,
}

/// A `260` record: players who may not meet each other in rounds
/// `first_round..=last_round`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prohibited {
    pub first_round: u32,
    pub last_round: u32,
    pub ids: Vec<u32>,
}

/// Virtual points by start number: index r is what the player gets when
/// round r + 1 is paired (the pairing layer's `accel::VirtualPoints`).
pub type VirtualTable = std::collections::BTreeMap<u32, Vec<Points>>;

/// The `192` codes that name the FIDE Dutch system; `true` with Baku
/// acceleration. `FIDE_DUTCH_2026` is a draft name other programs write.
pub fn dutch_code(code: &str) -> Option<bool> {
    match code {
        "FIDE_DUTCH_2025" | "FIDE_DUTCH" | "FIDE_DUTCH_2026" => Some(false),
        "FIDE_DUTCH_2025_BAKU" | "FIDE_DUTCH_BAKU" | "FIDE_DUTCH_2026_BAKU" => Some(true),
        _ => None,
    }
}

/// A whole number in columns `from..=to`, at least 1.
fn number(chars: &[char], from: usize, to: usize, ln: usize) -> Result<u32, TrfError> {
    let s = field(chars, from, to);
    let t = s.trim();
    match t.parse::<u32>() {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(err(ln, from, msg!("err.trf26.number", value = t))),
    }
}

/// Start numbers in 4-column fields from column `from`, one blank
/// column after each (blank fields are skipped).
fn ids_from(chars: &[char], from: usize, ln: usize) -> Result<Vec<u32>, TrfError> {
    let mut ids = Vec::new();
    let mut col = from;
    while col <= chars.len() {
        if !field(chars, col, col + 3).trim().is_empty() {
            ids.push(number(chars, col, col + 3, ln)?);
        }
        if chars.get(col + 3).is_some_and(|&c| c != ' ') {
            return Err(err(ln, col + 4, msg!("err.trf26.layout")));
        }
        col += 5;
    }
    Ok(ids)
}

/// `132`: the date of each round, `YY/MM/DD` at column 92 + 10 (r − 1).
/// A line whose dates stand elsewhere (Sharly-Chess writes them a column
/// to the right) is read date by date when every word of it is a date.
/// `132`: the round dates in their columns (92–99, 102–109, …), which
/// replace those of an earlier `132` line; or, as some programs write them,
/// dates after the code (`132 2026/03/01`, one or more to a line, `YY` or
/// `YYYY` years), which continue the dates of the lines before, one round
/// each. Dates are kept as `YY/MM/DD`; a line without dates changes none.
pub(super) fn parse_132(
    chars: &[char],
    ln: usize,
    dates: &mut Vec<String>,
) -> Result<(), TrfError> {
    let columns = parse_132_columns(chars, ln);
    if let Ok(d) = &columns {
        if !d.is_empty() {
            *dates = d.clone();
            return Ok(());
        }
    }
    let rest: String = chars.iter().skip(3).collect();
    let words: Vec<&str> = rest.split_whitespace().collect();
    if !words.is_empty() && words.iter().all(|w| is_round_date(short_year(w))) {
        dates.extend(words.iter().map(|w| short_year(w).to_string()));
        return Ok(());
    }
    // A `132` without dates (Swiss-Manager writes one) takes none away.
    columns.map(|_| ())
}

/// `2026/03/01` as `26/03/01`; any other text as it is.
fn short_year(d: &str) -> &str {
    let four = d.len() == 10 && d.chars().take(4).all(|c| c.is_ascii_digit());
    if four {
        &d[2..]
    } else {
        d
    }
}

/// `YY/MM/DD` (also with `.` or `-`).
fn is_round_date(d: &str) -> bool {
    d.len() == 8
        && d.chars().enumerate().all(|(i, c)| match i {
            2 | 5 => c == '/' || c == '.' || c == '-',
            _ => c.is_ascii_digit(),
        })
}

fn parse_132_columns(chars: &[char], ln: usize) -> Result<Vec<String>, TrfError> {
    let mut dates = Vec::new();
    let mut col = 92;
    while col <= chars.len() {
        let d = field(chars, col, col + 7).trim().to_string();
        let ok = d.is_empty() || is_round_date(&d);
        if !ok {
            return Err(err(ln, col, msg!("err.trf26.round_date", value = d)));
        }
        dates.push(d);
        col += 10;
    }
    while dates.last().is_some_and(|d| d.is_empty()) {
        dates.pop();
    }
    Ok(dates)
}

/// `162`: result symbol at column 6, its points at 7–10, the next symbol
/// 9 columns on. `A` (absence) and `Z` set the zero-point bye and the
/// forfeit loss; `X` (a result not yet known) has no use in qishe.
pub(super) fn parse_162(
    chars: &[char],
    ln: usize,
    into: &mut PointSettings,
    bye_set: &mut bool,
) -> Result<(), TrfError> {
    if chars.len() < 10 {
        return Err(err(ln, chars.len() + 1, msg!("err.trf26.short_162")));
    }
    let mut col = 6;
    while col + 4 <= chars.len() {
        let sym = chars[col - 1];
        let v = parse_points(&field(chars, col + 1, col + 4), ln, col + 1)?;
        match sym {
            'W' => {
                into.win = v;
                into.forfeit_win = v;
                into.full_bye = v;
                if !*bye_set {
                    into.pairing_bye = v;
                }
            }
            'D' => {
                into.draw = v;
                into.half_bye = v;
            }
            'L' => into.loss = v,
            'A' | 'Z' => {
                into.zero_bye = v;
                into.forfeit_loss = v;
            }
            'P' => {
                into.pairing_bye = v;
                *bye_set = true;
            }
            'X' => {}
            c => return Err(err(ln, col, msg!("err.trf26.symbol_162", value = c))),
        }
        col += 9;
    }
    if !field(chars, col, chars.len()).trim().is_empty() {
        return Err(err(ln, col, msg!("err.trf26.layout")));
    }
    Ok(())
}

/// `240`: kind at 5, round at 7–9, start numbers from 11.
pub(super) fn parse_240(chars: &[char], ln: usize) -> Result<ByeRecord, TrfError> {
    if chars.len() < 14 {
        return Err(err(ln, chars.len() + 1, msg!("err.trf26.short")));
    }
    let kind = chars[4];
    if !matches!(kind, 'F' | 'H' | 'Z') {
        return Err(err(ln, 5, msg!("err.trf26.bye_kind", value = kind)));
    }
    let round = number(chars, 7, 9, ln)?;
    let ids = ids_from(chars, 11, ln)?;
    Ok(ByeRecord { kind, round, ids })
}

/// `250`: match points 5–8 (blank or zero for individuals), points 10–13
/// (not zero), rounds 15–17 and 19–21, start numbers 23–26 and 28–31.
pub(super) fn parse_250(chars: &[char], ln: usize) -> Result<AccelRecord, TrfError> {
    if chars.len() < 31 {
        return Err(err(ln, chars.len() + 1, msg!("err.trf26.short_250")));
    }
    let mp = field(chars, 5, 8);
    if !mp.trim().is_empty() && parse_points(&mp, ln, 5)? != Points::ZERO {
        return Err(err(ln, 5, msg!("err.trf26.match_points")));
    }
    let points = parse_points(&field(chars, 10, 13), ln, 10)?;
    if points == Points::ZERO {
        return Err(err(ln, 10, msg!("err.trf26.zero_acceleration")));
    }
    let first_round = number(chars, 15, 17, ln)?;
    let last_round = number(chars, 19, 21, ln)?;
    if first_round > last_round {
        return Err(err(ln, 19, msg!("err.trf26.range")));
    }
    let first_id = number(chars, 23, 26, ln)?;
    let last_id = number(chars, 28, 31, ln)?;
    if first_id > last_id {
        return Err(err(ln, 28, msg!("err.trf26.range")));
    }
    if !field(chars, 32, chars.len()).trim().is_empty() {
        return Err(err(ln, 32, msg!("err.trf26.layout")));
    }
    Ok(AccelRecord::Range {
        points,
        first_round,
        last_round,
        first_id,
        last_id,
    })
}

/// `XXA`: start number 5–8, then round r's points at 10 + 5 (r − 1).
pub(super) fn parse_xxa(chars: &[char], ln: usize) -> Result<AccelRecord, TrfError> {
    if chars.len() < 8 {
        return Err(err(ln, chars.len() + 1, msg!("err.trf26.short")));
    }
    let id = number(chars, 5, 8, ln)?;
    let mut points = Vec::new();
    let mut col = 10;
    if chars.get(8).is_some_and(|&c| c != ' ') {
        return Err(err(ln, 9, msg!("err.trf26.layout")));
    }
    while col <= chars.len() {
        let f = field(chars, col, col + 3);
        if f.trim().is_empty() {
            return Err(err(ln, col, msg!("err.trf26.blank_xxa")));
        }
        points.push(parse_points(&f, ln, col)?);
        if chars.get(col + 3).is_some_and(|&c| c != ' ') {
            return Err(err(ln, col + 4, msg!("err.trf26.layout")));
        }
        col += 5;
    }
    Ok(AccelRecord::PerRound { id, points })
}

/// `260`: rounds at 5–7 and 9–11, start numbers from 13 (two or more).
pub(super) fn parse_260(chars: &[char], ln: usize) -> Result<Prohibited, TrfError> {
    if chars.len() < 18 {
        return Err(err(ln, chars.len() + 1, msg!("err.trf26.short")));
    }
    let first_round = number(chars, 5, 7, ln)?;
    let last_round = number(chars, 9, 11, ln)?;
    if first_round > last_round {
        return Err(err(ln, 9, msg!("err.trf26.range")));
    }
    let ids = ids_from(chars, 13, ln)?;
    Ok(Prohibited {
        first_round,
        last_round,
        ids,
    })
}

impl Trf {
    /// The virtual points the file gives (`250` and `XXA` records applied in
    /// order, as the endorsed engine applies them), or `None` when it has
    /// none.
    pub fn explicit_virtual_points(&self) -> Option<VirtualTable> {
        if self.accelerations.is_empty() {
            return None;
        }
        let mut t = VirtualTable::new();
        for rec in &self.accelerations {
            match rec {
                AccelRecord::Range {
                    points,
                    first_round,
                    last_round,
                    first_id,
                    last_id,
                } => {
                    let (a, b) = (*first_round as usize - 1, *last_round as usize);
                    for id in *first_id..=*last_id {
                        let v = t.entry(id).or_default();
                        if v.len() < a {
                            v.resize(a, Points::ZERO);
                        }
                        let end = b.min(v.len());
                        for x in &mut v[a..end] {
                            *x = *points;
                        }
                        if v.len() < b {
                            v.resize(b, *points);
                        }
                    }
                }
                AccelRecord::PerRound { id, points } => {
                    t.entry(*id).or_default().extend(points.iter().copied());
                }
            }
        }
        Some(t)
    }

    /// Is the file a round robin, as FIDE's tie-break checker tells one?
    /// Its `092` names a Swiss (no) or a round robin (`RR`, `ROBIN`,
    /// `BERGER`: yes); else the players and the event's `rounds` say so:
    /// as many players as rounds or one more, or twice as many rounds (a
    /// double round robin).
    pub fn round_robin(&self, rounds: u32) -> bool {
        let kind = self
            .other_lines
            .iter()
            .find_map(|l| l.strip_prefix("092"))
            .map(|t| t.to_uppercase());
        match kind {
            Some(t) if t.contains("SWISS") => false,
            Some(t) if ["RR", "ROBIN", "BERGER"].iter().any(|w| t.contains(w)) => true,
            _ => {
                let n = self.players.len() as u32;
                n == rounds + 1 || n == rounds || 2 * n == rounds + 1 || 2 * n == rounds
            }
        }
    }

    /// Does `192` ask for the Baku acceleration?
    pub fn baku_requested(&self) -> bool {
        self.system.as_deref().and_then(dutch_code).unwrap_or(false)
    }

    /// Checks the 2026 records against the players and the rounds: every
    /// start number they name exists, no round beyond the event's.
    pub(super) fn check_records(&self) -> Result<(), TrfError> {
        let known: std::collections::HashSet<u32> = self.players.iter().map(|p| p.id).collect();
        let rounds = self.total_rounds.unwrap_or(super::MAX_ROUNDS);
        let unknown = |ln: usize, id: u32| err(ln, 1, msg!("err.trf26.unknown_id", id));
        let late = |ln: usize, round: u32| {
            err(
                ln,
                1,
                msg!("err.trf26.round_beyond", round, rounds = rounds),
            )
        };
        for (rec, &ln) in self.accelerations.iter().zip(&self.record_lines.accel) {
            match rec {
                AccelRecord::Range {
                    last_round,
                    first_id,
                    last_id,
                    ..
                } => {
                    if *last_round > rounds {
                        return Err(late(ln, *last_round));
                    }
                    if let Some(id) = (*first_id..=*last_id).find(|i| !known.contains(i)) {
                        return Err(unknown(ln, id));
                    }
                }
                AccelRecord::PerRound { id, .. } => {
                    if !known.contains(id) {
                        return Err(unknown(ln, *id));
                    }
                }
            }
        }
        if let Some(t) = self.explicit_virtual_points() {
            if let Some((id, v)) = t.iter().find(|(_, v)| v.len() > rounds as usize) {
                let ln = self.record_lines.accel.last().copied().unwrap_or(0);
                return Err(err(
                    ln,
                    1,
                    msg!("err.trf26.accel_rounds", id = *id, found = v.len(), rounds),
                ));
            }
        }
        for (b, &ln) in self.byes.iter().zip(&self.record_lines.byes) {
            if b.round > rounds {
                return Err(late(ln, b.round));
            }
            if let Some(&id) = b.ids.iter().find(|i| !known.contains(i)) {
                return Err(unknown(ln, id));
            }
        }
        for (p, &ln) in self.prohibited.iter().zip(&self.record_lines.prohibited) {
            if let Some(&id) = p.ids.iter().find(|i| !known.contains(i)) {
                return Err(unknown(ln, id));
            }
        }
        Ok(())
    }
}

/// Pairs that may not meet, gathered back into the groups a `260` or
/// `XXP` record lists (every two of a group may not meet): each group is
/// grown from its smallest pair while every new member is barred from all
/// the group's members by pairs not yet written.
pub fn group_pairs(pairs: &[(u32, u32)]) -> Vec<Vec<u32>> {
    use std::collections::BTreeSet;
    let norm = |a: u32, b: u32| (a.min(b), a.max(b));
    let mut left: BTreeSet<(u32, u32)> = pairs
        .iter()
        .filter(|(a, b)| a != b)
        .map(|&(a, b)| norm(a, b))
        .collect();
    let mut groups = Vec::new();
    while let Some(&(a, b)) = left.iter().next() {
        let mut g = vec![a, b];
        left.remove(&(a, b));
        let candidates: Vec<u32> = left
            .iter()
            .filter(|p| p.0 == a && p.1 > b)
            .map(|p| p.1)
            .collect();
        for c in candidates {
            if g.iter().all(|&x| left.contains(&norm(x, c))) {
                for &x in &g {
                    left.remove(&norm(x, c));
                }
                g.push(c);
            }
        }
        groups.push(g);
    }
    groups
}

/// The `250` records that give `table`'s points: one per run of
/// consecutive start numbers and consecutive rounds with the same points,
/// as (points, first round, last round, first id, last id). No two
/// overlap, so the order they are read in does not matter.
pub fn as_ranges(table: &VirtualTable) -> Vec<(Points, u32, u32, u32, u32)> {
    let rounds = table.values().map(Vec::len).max().unwrap_or(0);
    // Per round, runs of consecutive ids with the same non-zero points.
    let mut runs: std::collections::BTreeMap<(u32, u32, Points), Vec<u32>> =
        std::collections::BTreeMap::new();
    for r in 0..rounds {
        let mut cur: Option<(u32, u32, Points)> = None;
        for (&id, v) in table {
            let p = v.get(r).copied().unwrap_or(Points::ZERO);
            cur = match cur {
                Some((a, b, q)) if p == q && id == b + 1 && p != Points::ZERO => Some((a, id, q)),
                other => {
                    if let Some(run) = other.filter(|x| x.2 != Points::ZERO) {
                        runs.entry(run).or_default().push(r as u32 + 1);
                    }
                    Some((id, id, p))
                }
            };
        }
        if let Some(run) = cur.filter(|x| x.2 != Points::ZERO) {
            runs.entry(run).or_default().push(r as u32 + 1);
        }
    }
    let mut out = Vec::new();
    for ((a, b, p), rounds) in runs {
        let mut i = 0;
        while i < rounds.len() {
            let mut j = i;
            while j + 1 < rounds.len() && rounds[j + 1] == rounds[j] + 1 {
                j += 1;
            }
            out.push((p, rounds[i], rounds[j], a, b));
            i = j + 1;
        }
    }
    out.sort_by_key(|&(p, r1, _, a, _)| (r1, a, std::cmp::Reverse(p)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_gather_back_into_their_groups() {
        let g = group_pairs(&[(4, 9), (9, 10), (4, 10), (1, 2), (2, 5)]);
        assert_eq!(g, vec![vec![1, 2], vec![2, 5], vec![4, 9, 10]]);
        assert!(group_pairs(&[]).is_empty());
    }
}
