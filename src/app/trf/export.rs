//! `export trf`: an event as a TRF file, TRF-2026 (the default) or
//! TRF-16 with the TRF(x) lines.

use super::super::{schedule, App, Result};
use crate::app::EventId;
use crate::domain::{ClubApart, Colour, Event, PairingSystem, Points, RequestedByeValue};
use crate::formats::trf::{
    group_pairs, AccelRecord, ByeRecord, PointSettings, Prohibited, Trf, TrfPlayer, TrfRound,
    TrfVersion,
};
use crate::scoring::{self, RoundKind, RoundResult};
use std::collections::{BTreeMap, HashMap};

impl App {
    /// As [`App::export_trf_as`] in TRF-2026.
    pub fn export_trf(&self, event_key: EventId) -> Result<String> {
        self.export_trf_as(event_key, TrfVersion::V2026)
    }

    /// Writes an event as TRF: every round whose results are all in, the
    /// byes asked for (the next round's in the players' lines, later ones
    /// as `240`; in TRF-2026 the byes of the rounds played as `240` too),
    /// forbidden pairs (`260`, or `XXP` in TRF-16), the virtual
    /// points of an accelerated event (`250`, or `XXA` in TRF-16), the
    /// scheme's values when not 1 / ½ / 0 (`162` or `BBx`, and `XXS`), and
    /// the header lines an import kept.
    pub fn export_trf_as(&self, event_key: EventId, version: TrfVersion) -> Result<String> {
        let event = self.event(event_key)?;
        let data = self.event_data(&event)?;
        let scheme = self.scheme(&event)?;
        let entries = self.store.entries(event.id)?;
        let paired = self.store.rounds_paired(event.id)?;
        let all = scoring::player_rounds(&data, &scheme, paired)?;
        // Only complete rounds: a round with a game still pending ends the export.
        let done = (1..=paired)
            .take_while(|&r| {
                all.iter()
                    .all(|prs| prs[(r - 1) as usize].kind != RoundKind::Pending)
            })
            .count();
        let no_of: HashMap<i64, u32> = entries.iter().map(|e| (e.id, e.start_no)).collect();
        let next_byes: HashMap<i64, RequestedByeValue> = self
            .store
            .requested_byes(event.id)?
            .into_iter()
            .filter(|b| b.round == done as u32 + 1)
            .map(|b| (b.entry_id, b.value))
            .collect();
        let win = scheme.win_value();
        // What the players' lines hold besides the games: the member's
        // sex, FIDE id and birth year, what an imported file said of title,
        // federation and birth date, and the rank after the exported rounds.
        let members: HashMap<i64, crate::domain::Member> = self
            .store
            .members(true)?
            .into_iter()
            .map(|m| (m.id, m))
            .collect();
        let fields = self.store.trf_entry_fields(event.id)?;
        let full_byes = self.store.trf_full_byes(event.id)?;
        let no_colour = self.store.trf_no_colour(event.id)?;
        let rank_of: HashMap<i64, u32> = if done > 0 {
            // A team event's players rank by the scheme's order after
            // points (the event's own list ranks its teams).
            let tbs = if self.kind_of(&event)? == crate::domain::EventKind::Team {
                scheme.default_tiebreaks()
            } else {
                self.tiebreaks_of(&event, &scheme)?
            };
            scoring::standings(&data, &scheme, &tbs, Some(done as u32))?
                .rows
                .iter()
                .enumerate()
                .map(|(i, r)| (r.player.id, i as u32 + 1))
                .collect()
        } else {
            HashMap::new()
        };
        let mut players = Vec::new();
        let mut withdrawn = Vec::new();
        let in_lines = version == TrfVersion::V2016
            || event.settings.pairing_settings.extras.trf_byes
                != Some(crate::domain::TrfByes::Records240);
        // Byes the arbiter gave in the rounds played (`H`, `Z`, `F`; not
        // the pairing-allocated one): TRF-2026's `240` records hold every
        // round's, beside the players' columns, as other programs write
        // and FIDE's checker reads them.
        let mut past: Vec<((u32, char), u32)> = Vec::new();
        for (e, prs) in entries.iter().zip(&all) {
            let mut rounds = Vec::new();
            let mut total = Points::ZERO;
            for (r, pr) in prs.iter().take(done).enumerate() {
                total += pr.points;
                let opp = pr
                    .opponent
                    .and_then(|o| no_of.get(&o).copied())
                    .unwrap_or(0);
                // A forfeit the imported file wrote without colours.
                let forfeit_colour = pr
                    .colour
                    .filter(|_| !no_colour.contains(&(e.id, r as u32 + 1)));
                let block = |result: char, colour: Option<Colour>| TrfRound {
                    opponent: opp,
                    colour,
                    result,
                };
                rounds.push(match pr.kind {
                    RoundKind::Played => block(
                        match pr.result {
                            Some(RoundResult::Win) => '1',
                            Some(RoundResult::Draw) => '=',
                            _ => '0',
                        },
                        pr.colour,
                    ),
                    RoundKind::PairingBye => TrfRound {
                        opponent: 0,
                        colour: None,
                        result: if full_byes.contains(&(e.id, r as u32 + 1)) {
                            'F'
                        } else {
                            'U'
                        },
                    },
                    RoundKind::RequestedBye => TrfRound {
                        opponent: 0,
                        colour: None,
                        result: if pr.points > Points::ZERO { 'H' } else { 'Z' },
                    },
                    RoundKind::ForfeitWin => block('+', forfeit_colour),
                    RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => block('-', forfeit_colour),
                    // Not yet entered: blank columns, as the file read them.
                    RoundKind::Absent if (r as u32) + 1 < e.first_round => TrfRound::BLANK,
                    // Entered but not paired (absent, or withdrawn): `0000 - -`,
                    // so the columns other programs count stay where they were.
                    RoundKind::Absent => TrfRound {
                        opponent: 0,
                        colour: None,
                        result: '-',
                    },
                    RoundKind::Pending => TrfRound::BLANK,
                });
            }
            // The round to pair: byes asked for, and a zero bye for the
            // withdrawn to keep other programs from pairing them, in the
            // players' lines, or in `240` records when the file imported
            // wrote them so (the endorsed engine's check counts a column
            // with a bye as a round).
            let next = done as u32 + 1;
            let ahead = match next_byes.get(&e.id) {
                Some(v) => Some(*v),
                None if !e.available_in(next) && done < event.settings.rounds as usize => {
                    Some(RequestedByeValue::Zero)
                }
                None => None,
            };
            match ahead {
                Some(v) if in_lines => {
                    // The points count a bye asked for in the round to pair,
                    // as the endorsed engine's check reads them.
                    if v == RequestedByeValue::Half {
                        total += win.half();
                    }
                    rounds.push(TrfRound {
                        opponent: 0,
                        colour: None,
                        result: if v == RequestedByeValue::Half {
                            'H'
                        } else {
                            'Z'
                        },
                    });
                }
                Some(_) if !next_byes.contains_key(&e.id) => withdrawn.push(e.start_no),
                _ => {}
            }
            if version == TrfVersion::V2026 {
                for (r, b) in rounds.iter().enumerate().take(done) {
                    if matches!(b.result, 'H' | 'Z' | 'F') {
                        past.push(((r as u32 + 1, b.result), e.start_no));
                    }
                }
            }
            while rounds.last() == Some(&TrfRound::BLANK) {
                rounds.pop();
            }
            let member = members.get(&e.member_id);
            let f = fields.get(&e.id).cloned().unwrap_or_default();
            let birth = if f.birth.is_empty() {
                member
                    .and_then(|m| m.born)
                    .map(|y| format!("{y:04}/00/00"))
                    .unwrap_or_default()
            } else {
                f.birth
            };
            players.push(TrfPlayer {
                id: e.start_no,
                sex: member
                    .and_then(|m| m.sex)
                    .map(|s| s.code().to_string())
                    .unwrap_or_default(),
                title: f.title,
                name: e.name.clone(),
                rating: e.rating.unwrap_or(0).max(0) as u32,
                federation: f.federation,
                fide_id: member
                    .and_then(|m| m.ext_id.clone())
                    .filter(|id| id.len() <= 11 && id.chars().all(|c| c.is_ascii_digit()))
                    .unwrap_or_default(),
                birth,
                points: total,
                rank: rank_of.get(&e.id).copied().unwrap_or(0),
                rounds,
            });
        }
        // Forbidden pairs, and clubmates kept apart (the Dutch option) in
        // the rounds the rule held, merged pair by pair.
        let own: Vec<OwnPair> = self
            .store
            .forbidden_pairs(event.id)?
            .into_iter()
            .filter_map(|f| Some(((*no_of.get(&f.a)?, *no_of.get(&f.b)?), f.rounds)))
            .collect();
        let clubs = ClubmateRounds::of(&event, &entries, &all, paired);
        let (forbidden, prohibited) = prohibited_records(&own, &clubs);
        // Byes asked for in the rounds to come, a `240` line per kind and
        // round (the next round's are in the players' lines too).
        let mut later: BTreeMap<(u32, char), Vec<u32>> = BTreeMap::new();
        for (key, no) in past {
            later.entry(key).or_default().push(no);
        }
        if !withdrawn.is_empty() {
            later.insert((done as u32 + 1, 'Z'), withdrawn);
        }
        for b in self.store.requested_byes(event.id)? {
            if b.round as usize > done + usize::from(in_lines) {
                let kind = if b.value == RequestedByeValue::Half {
                    'H'
                } else {
                    'Z'
                };
                if let Some(&no) = no_of.get(&b.entry_id) {
                    later.entry((b.round, kind)).or_default().push(no);
                }
            }
        }
        let byes = later
            .into_iter()
            .map(|((round, kind), mut ids)| {
                ids.sort_unstable();
                ByeRecord { kind, round, ids }
            })
            .collect();
        let accelerations = crate::formats::trf::as_ranges(&self.virtual_points(&event)?)
            .into_iter()
            .map(
                |(points, first_round, last_round, first_id, last_id)| AccelRecord::Range {
                    points,
                    first_round,
                    last_round,
                    first_id,
                    last_id,
                },
            )
            .collect();
        // Pairings changed by hand and results corrected: `###` lines
        // (TRF-2026 keeps them as comments), in English as the file is.
        let mut comments: Vec<String> = clubs
            .notes
            .iter()
            .map(|m| m.render(crate::i18n::Lang::En))
            .collect();
        let notes = self.store.event_notes(event.id)?.into_iter().map(|n| {
            let at = n.at.replace('T', " ");
            let m = match n.board {
                Some(board) if n.kind == "result" => crate::i18n::msg!(
                    "trf.note.result",
                    round = n.round,
                    board,
                    change = n.detail,
                    at
                ),
                _ => crate::i18n::msg!("trf.note.pairing", round = n.round, boards = n.detail, at),
            };
            m.render(crate::i18n::Lang::En)
        });
        comments.extend(notes);
        let half = win.half();
        let absent = |code: &str| {
            event
                .settings
                .pairing_settings
                .extras
                .trf_absent
                .iter()
                .any(|a| a == code)
        };
        // A draw's own value (three-point: 1, not half a win's 3).
        let draw = crate::scoring::team::draw_value(&scheme);
        let trf = Trf {
            comments,
            other_lines: self.trf_header(&event, entries.len())?,
            players,
            // Not the number of rounds or the first colour an imported
            // file did not have.
            total_rounds: Some(event.settings.rounds).filter(|_| !absent("142")),
            first_colour: Some(event.settings.pairing_settings.options.first_colour())
                .filter(|_| !absent("152")),
            forbidden,
            prohibited,
            byes,
            accelerations,
            // No `XXS` (TRF-16) for a file that had no point system and
            // scores as the default.
            points: Some(PointSettings {
                win,
                draw,
                loss: Points::ZERO,
                forfeit_win: win,
                forfeit_loss: Points::ZERO,
                pairing_bye: win,
                full_bye: win,
                half_bye: half,
                zero_bye: Points::ZERO,
            })
            .filter(|p| !absent("162") || *p != PointSettings::default()),
            ..Trf::default()
        };
        Ok(trf.write_as(version))
    }

    /// The header lines before the records: the name, the lines an import
    /// kept (in their order), and what the event says and they do not:
    /// start and end dates (`YYYY/MM/DD`), the number of players, the
    /// round dates from the schedule, the system code, the time control.
    fn trf_header(&self, event: &Event, players: usize) -> Result<Vec<String>> {
        let kept = self.store.trf_lines(event.id)?;
        // What the imported file did not have is not added (`192`, `222`).
        let absent = &event.settings.pairing_settings.extras.trf_absent;
        let has = |code: &str| {
            kept.iter().any(|l| l.starts_with(code)) || absent.iter().any(|a| a == code)
        };
        let scheduled: Vec<(u32, chrono::NaiveDate)> = (1..=event.settings.rounds)
            .filter_map(|r| {
                Some((
                    r,
                    schedule::round_start(event, crate::domain::RoundNo(r))?.date(),
                ))
            })
            .collect();
        let mut out = vec![format!("012 {}", event.name)];
        if let Some(d) = event.start_date.filter(|_| !has("042")) {
            out.push(format!("042 {}", d.format("%Y/%m/%d")));
        }
        if let Some(d) = event.end_date.filter(|_| !has("052")) {
            out.push(format!("052 {}", d.format("%Y/%m/%d")));
        }
        if !absent.iter().any(|a| a == "062") {
            out.push(format!("062 {players}"));
        }
        out.extend(
            kept.iter()
                .filter(|l| scheduled.is_empty() || !l.starts_with("132"))
                .cloned(),
        );
        if !scheduled.is_empty() {
            let mut dates = vec![String::new(); event.settings.rounds as usize];
            for (r, d) in scheduled {
                dates[r as usize - 1] = d.format("%y/%m/%d").to_string();
            }
            while dates.last().is_some_and(|d| d.is_empty()) {
                dates.pop();
            }
            let only = Trf {
                round_dates: dates,
                ..Trf::default()
            };
            out.extend(only.write_as(TrfVersion::V2026).lines().map(str::to_string));
        }
        if !has("192") && event.settings.system == PairingSystem::Dutch {
            let baku = event
                .settings
                .pairing_settings
                .options
                .acceleration
                .is_some();
            out.push(format!(
                "192 FIDE_DUTCH_2025{}",
                if baku { "_BAKU" } else { "" }
            ));
        }
        // `202`: the tie-breaks after points, when each has a FIDE code
        // (a team event's: its teams' list, `GPTS` its game points).
        // A kept `212` (the whole order, points first) says it already.
        if !has("202") && !has("212") {
            let scheme = self.scheme(event)?;
            let fide: Option<Vec<&str>> = if self.kind_of(event)? == crate::domain::EventKind::Team
            {
                crate::scoring::TieBreaks::team(&event.settings.tiebreaks)?
                    .iter()
                    .map(|t| t.fide_code())
                    .collect()
            } else {
                self.tiebreaks_of(event, &scheme)?
                    .iter()
                    .map(|t| t.fide_code())
                    .collect()
            };
            if let Some(codes) = fide.filter(|c| !c.is_empty()) {
                out.push(format!("202 {}", codes.join(",")));
            }
        }
        if !has("222") {
            let tc = event.settings.time_control;
            let s = |ms: i64| ms / 1000;
            let inc = match s(tc.increment_ms) {
                0 => String::new(),
                i => format!("+{i}"),
            };
            out.push(if tc.red_base_ms == tc.black_base_ms {
                format!("222 {}{inc}", s(tc.red_base_ms))
            } else {
                format!(
                    "222 W{}{inc}-B{}{inc}",
                    s(tc.red_base_ms),
                    s(tc.black_base_ms)
                )
            });
        }
        // In the order of their codes (national and unknown records last,
        // as they came), so that an exported file imported and exported
        // again comes back line for line.
        out.sort_by_key(|l| match l.get(..3) {
            Some(c) if c.bytes().all(|b| b.is_ascii_digit()) => (0, c.to_string()),
            _ => (1, String::new()),
        });
        Ok(out)
    }
}

/// Clubmates kept apart by the Dutch option, as a file can say it: every
/// two entries of one club, and the rounds the rule held for them.
#[derive(Debug, Default)]
struct ClubmateRounds {
    /// Start numbers of two entries of the same club.
    pairs: Vec<(u32, u32)>,
    /// The rounds whose pairings kept every two clubmates apart (the
    /// rounds to come too when the rule is absolute).
    rounds: Vec<u32>,
    /// What the `260` records cannot say, as `###` lines.
    notes: Vec<crate::i18n::Msg>,
}

impl ClubmateRounds {
    /// A round paired with clubmates allowed to meet (`--allow-clubmates`,
    /// a relaxed round, a pairing changed by hand) is the round some two
    /// of them met in: the rule did not hold there. A relaxed rule is not
    /// written for the rounds to come, which it may set aside.
    fn of(
        event: &Event,
        entries: &[crate::domain::Entry],
        all: &[Vec<scoring::PlayerRound>],
        paired: u32,
    ) -> ClubmateRounds {
        let mode = event.settings.pairing_settings.options.clubmates();
        if event.settings.system != PairingSystem::Dutch || mode == ClubApart::Off {
            return ClubmateRounds::default();
        }
        let club_of: HashMap<i64, &str> = entries
            .iter()
            .filter_map(|e| {
                let c = e.club.as_deref()?.trim();
                (!c.is_empty()).then_some((e.id, c))
            })
            .collect();
        let mut pairs = Vec::new();
        for (i, a) in entries.iter().enumerate() {
            for b in &entries[i + 1..] {
                if club_of.contains_key(&a.id) && club_of.get(&a.id) == club_of.get(&b.id) {
                    pairs.push((a.start_no, b.start_no));
                }
            }
        }
        let mut met = std::collections::BTreeSet::new();
        for (e, prs) in entries.iter().zip(all) {
            for pr in prs {
                if let Some(o) = pr.opponent {
                    if club_of.contains_key(&e.id) && club_of.get(&e.id) == club_of.get(&o) {
                        met.insert(pr.round);
                    }
                }
            }
        }
        let last = if mode == ClubApart::Absolute {
            event.settings.rounds.max(paired)
        } else {
            paired
        };
        let rounds = (1..=last).filter(|r| !met.contains(r)).collect();
        let mut notes: Vec<crate::i18n::Msg> = met
            .iter()
            .map(|&round| crate::i18n::msg!("trf.note.clubmates_met", round))
            .collect();
        if mode == ClubApart::Relaxed && !pairs.is_empty() {
            notes.push(crate::i18n::msg!(
                "trf.note.clubmates_relaxed",
                round = paired
            ));
        }
        ClubmateRounds {
            pairs,
            rounds,
            notes,
        }
    }
}

/// A forbidden pair of the event's own: the start numbers, and the rounds
/// it holds for (`None`: every round).
type OwnPair = ((u32, u32), Option<(u32, u32)>);

/// The forbidden pairs (`XXP` in TRF-16: every round) and the `260`
/// records from the event's own pairs (start numbers, the rounds they hold
/// for, `None` every round) and the clubmates': a pair forbidden in some
/// rounds both ways is written once, with the rounds of both.
fn prohibited_records(own: &[OwnPair], clubs: &ClubmateRounds) -> (Vec<Vec<u32>>, Vec<Prohibited>) {
    use std::collections::BTreeSet;
    // `None`: every round.
    let mut rounds_of: BTreeMap<(u32, u32), Option<BTreeSet<u32>>> = BTreeMap::new();
    let norm = |(a, b): (u32, u32)| (a.min(b), a.max(b));
    for &(pair, range) in own.iter().filter(|(p, _)| p.0 != p.1) {
        let slot = rounds_of.entry(norm(pair)).or_insert(Some(BTreeSet::new()));
        match (range, slot.as_mut()) {
            (None, _) => *slot = None,
            (Some((first, last)), Some(set)) => set.extend(first..=last),
            (Some(_), None) => {}
        }
    }
    if !clubs.rounds.is_empty() {
        for &pair in &clubs.pairs {
            let slot = rounds_of.entry(norm(pair)).or_insert(Some(BTreeSet::new()));
            if let Some(set) = slot.as_mut() {
                set.extend(clubs.rounds.iter().copied());
            }
        }
    }
    // By the runs of rounds they hold for, gathered back into the groups
    // a file lists.
    type Rounds = Option<(u32, u32)>;
    let mut by_range: BTreeMap<Rounds, Vec<(u32, u32)>> = BTreeMap::new();
    for (pair, rounds) in rounds_of {
        let Some(set) = rounds else {
            by_range.entry(None).or_default().push(pair);
            continue;
        };
        let mut run: Option<(u32, u32)> = None;
        for r in set {
            run = match run {
                Some((first, last)) if r == last + 1 => Some((first, r)),
                Some(done) => {
                    by_range.entry(Some(done)).or_default().push(pair);
                    Some((r, r))
                }
                None => Some((r, r)),
            };
        }
        if let Some(done) = run {
            by_range.entry(Some(done)).or_default().push(pair);
        }
    }
    let mut forbidden = Vec::new();
    let mut prohibited = Vec::new();
    for (range, pairs) in by_range {
        for ids in group_pairs(&pairs) {
            match range {
                None => forbidden.push(ids),
                Some((first_round, last_round)) => prohibited.push(Prohibited {
                    first_round,
                    last_round,
                    ids,
                }),
            }
        }
    }
    (forbidden, prohibited)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::trf::{Trf, TrfVersion};

    #[test]
    fn clubmates_and_own_pairs_are_written_once_by_the_rounds_they_hold() {
        let own = [
            // Every round: the clubmates' rounds add nothing.
            ((2, 1), None),
            // Rounds 4–5 own, 1–2 and 4 clubmates': 1–2 and 4–5.
            ((3, 4), Some((4, 5))),
        ];
        let clubs = ClubmateRounds {
            pairs: vec![(1, 2), (3, 4), (3, 6), (4, 6)],
            // Round 3: clubmates met.
            rounds: vec![1, 2, 4],
            notes: Vec::new(),
        };
        let (forbidden, prohibited) = prohibited_records(&own, &clubs);
        let trf = Trf {
            total_rounds: Some(5),
            forbidden,
            prohibited,
            ..Trf::default()
        };
        let lines: Vec<String> = trf
            .write_as(TrfVersion::V2026)
            .lines()
            .filter(|l| l.starts_with("260"))
            .map(str::to_string)
            .collect();
        assert_eq!(
            lines,
            [
                "260 001 002    3    4    6",
                "260 004 004    3    6",
                "260 004 004    4    6",
                "260 004 005    3    4",
                "260 001 005    1    2",
            ]
        );
        // Without clubmates the event's own pairs are as they were.
        let (forbidden, prohibited) = prohibited_records(&own, &ClubmateRounds::default());
        assert_eq!(forbidden, [vec![1, 2]]);
        assert_eq!(
            prohibited,
            [Prohibited {
                first_round: 4,
                last_round: 5,
                ids: vec![3, 4]
            }]
        );
    }
}
