//! Events to and from FIDE TRF-16 files, for other pairing programs and
//! federations' publication sites.

use super::{App, Result};
use crate::domain::{
    Colour, Event, Game, NewMember, Outcome, PairingSystem, Points, RequestedByeValue,
};
use crate::formats::trf::{Trf, TrfRound, TrfVersion};
use crate::scoring;
use crate::store::{ImportBoard, ImportEvent, ImportPlayer, TrfExtras};
use std::collections::{HashMap, HashSet};

/// What an import created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfImport {
    pub event: Event,
    pub players: usize,
    pub rounds: usize,
    /// Players matched to existing members by id or name.
    pub matched: Vec<String>,
    /// What the reader changed or left out (a FIDE id of 0 or written twice…).
    pub notes: Vec<crate::i18n::Msg>,
}

/// How `import trf` sets up the event.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfImportOptions {
    /// The scoring scheme (`None`: `chess`, the values a TRF file has).
    pub scheme: Option<String>,
    /// The tie-breaks after points, read where they were typed (empty:
    /// the file's `202` record when qishe knows it, else the scheme's
    /// default list).
    pub tiebreaks: Vec<scoring::TieBreak>,
}

impl App {
    /// As [`App::import_trf_with`] with the default options.
    pub fn import_trf(
        &mut self,
        bytes: &[u8],
        file: &str,
        name: Option<&str>,
    ) -> Result<TrfImport> {
        self.import_trf_with(bytes, file, name, &TrfImportOptions::default())
    }

    /// Creates an event from a TRF-16 file: members (matched by member id,
    /// else by a unique exact name, else created), entries with the file's
    /// start numbers, the played rounds with their results, byes asked for
    /// in advance and forbidden pairs (`XXP`). One transaction.
    pub fn import_trf_with(
        &mut self,
        bytes: &[u8],
        file: &str,
        name: Option<&str>,
        opts: &TrfImportOptions,
    ) -> Result<TrfImport> {
        // The scheme asked for is checked before the file is read, so a
        // typo changes nothing (the tie-breaks come read).
        let asked = opts.scheme.as_deref().map(|s| s.trim().to_string());
        if let Some(id) = &asked {
            scoring::Scheme::from_id(id, &Default::default())?;
        }
        let text = crate::formats::trf::decode(bytes);
        // Team records (`013`, `310`): `import trf` makes an individual
        // event, and teams come from `import teams`; importing the players
        // while silently dropping their teams would lose what the file
        // says. Said before the lines are read, whatever else they hold.
        if let Some((line, code)) = Trf::team_record(&text) {
            return Err(super::invalid!("err.app.trf_team_lines", file, line, code));
        }
        let trf = Trf::parse(&text)
            .map_err(|e| super::invalid!("err.app.in_file", file, why = e.msg()))?;
        if trf.players.is_empty() {
            return Err(super::invalid!("err.app.trf_no_players", file));
        }
        let mut notes = Vec::new();
        // None asked for: the scheme the file's points say.
        let scheme_id = match asked {
            Some(id) => id,
            None => file_scheme(&trf, file, &mut notes)?,
        };
        let played = trf.played_rounds();
        let title = name.map(str::to_string).unwrap_or_else(|| {
            trf.other_lines
                .iter()
                .find(|l| l.starts_with("012"))
                .map(|l| l.get(4..).unwrap_or("").trim().to_string())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| {
                    file.trim_end_matches(".trf")
                        .trim_end_matches(".TRF")
                        .to_string()
                })
        });
        // The store's limits, said with the file's line: the event's name
        // (a 10 MB `012` line), each player's name (blank, too long).
        let line_of = |code: &str| {
            text.replace("\r\n", "\n")
                .replace('\r', "\n")
                .lines()
                .position(|l| l.starts_with(code))
                .map_or(0, |i| i + 1)
        };
        if let Err(why) = crate::domain::limits::name("name", &title) {
            let line = if name.is_some() { 0 } else { line_of("012") };
            return Err(super::invalid!("err.app.trf_at", file, line, why));
        }
        for (k, p) in trf.players.iter().enumerate() {
            if let Err(why) = crate::domain::limits::name("name", p.name.trim()) {
                let line = trf.player_lines.get(k).copied().unwrap_or(0);
                return Err(super::invalid!("err.app.trf_at", file, line, why));
            }
        }
        let mut settings = self.config.event.clone();
        settings.system = PairingSystem::Dutch;
        settings.pairing_settings.options = settings
            .pairing_settings
            .options
            .only_for(PairingSystem::Dutch);
        settings.scheme = scheme_id;
        settings.scheme_settings = Default::default();
        // Tie-breaks asked for (qishe's or FIDE's codes), else the file's
        // `202` record, or `212` after `PTS` (codes it does not know named
        // in a note).
        let tbs = match opts.tiebreaks.is_empty() {
            true => {
                let line = match line_of("202") {
                    0 => line_of("212"),
                    n => n,
                };
                tiebreaks_202(&trf, file, line, &mut notes)
            }
            false => opts.tiebreaks.clone(),
        };
        // An event that starts before 1 March 2026 (its `042`) ranks by
        // C.07's 2024 edition where a code names none: the event's rule
        // (`Event::c07_edition`), its codes kept as they are.
        settings.tiebreaks = scoring::TieBreaks::Individual(tbs.clone()).list();
        settings.games_per_round = 1;
        settings.rounds = trf
            .total_rounds
            .unwrap_or_else(|| trf.rounds_named())
            .max(played as u32)
            .max(1);
        // C.07 counts a round robin's unplayed games as played.
        settings.pairing_settings.extras.trf_round_robin = trf.round_robin(settings.rounds);
        if trf.initial_colour() == Colour::Black {
            settings.pairing_settings.options.first_colour = Some(Colour::Black);
        }
        // TRF-2026: the system and acceleration (`192`, `250` / `XXA`),
        // the lines kept as they are, the start date.
        let kept = kept_lines(&trf, &mut notes);
        // The records of qishe's own the export would add (the system,
        // the time control, the number of players, rounds and first
        // colour, the tie-breaks) stay out when the file had none.
        let line = |code: &str| trf.other_lines.iter().any(|l| l.starts_with(code));
        let absent = [
            ("062", !line("062")),
            ("142", trf.total_rounds.is_none()),
            ("152", trf.first_colour.is_none()),
            ("162", trf.points.is_none()),
            ("192", !kept.iter().any(|l| l.starts_with("192"))),
            (
                "202",
                !line("202") && !line("212") && opts.tiebreaks.is_empty(),
            ),
            ("222", !kept.iter().any(|l| l.starts_with("222"))),
        ];
        settings.pairing_settings.extras.trf_absent = absent
            .into_iter()
            .filter(|(_, no)| *no)
            .map(|(code, _)| code.to_string())
            .collect();
        let date = trf
            .other_lines
            .iter()
            .find_map(|l| l.strip_prefix("042").and_then(|d| parse_trf_date(d.trim())));
        if trf.byes.iter().any(|b| b.round as usize == played + 1) {
            settings.pairing_settings.extras.trf_byes = Some(crate::domain::TrfByes::Records240);
        }
        let explicit = trf.explicit_virtual_points();
        if explicit.is_none() && trf.baku_requested() {
            settings.pairing_settings.options.acceleration =
                Some(crate::domain::Acceleration::Baku);
        }
        // Virtual points in the event's scheme (a file's are in its own),
        // in tenths as `250` writes them and the endorsed engine reads
        // them: `162 W 3.0` under `chess` makes a 1.0 of the file 0.3,
        // said in a note.
        let file_win = trf.settings().win;
        let win =
            scoring::Scheme::from_id(&settings.scheme, &settings.scheme_settings)?.win_value();
        let mut rescaled = std::collections::BTreeSet::new();
        let virtual_points = explicit.map(|t| {
            t.into_iter()
                .map(|(id, v)| {
                    let v = v
                        .into_iter()
                        .map(|p| match file_win.0 {
                            fw if fw <= 0 || fw == win.0 => p,
                            fw => {
                                let q = virtual_in_tenths(p, fw, win.0);
                                if p.0 * win.0 != q.0 * fw {
                                    rescaled.insert((p, q));
                                }
                                q
                            }
                        })
                        .collect();
                    (id, v)
                })
                .collect()
        });
        if !rescaled.is_empty() {
            let values = rescaled
                .iter()
                .map(|(p, q)| format!("{p} → {q}"))
                .collect::<Vec<_>>()
                .join(", ");
            notes.push(crate::i18n::msg!(
                "note.trf26.virtual_rescaled",
                file_win = file_win.to_string(),
                win = win.to_string(),
                values
            ));
        }
        let moved: Vec<String> = (1..)
            .zip(&trf.file_ids)
            .filter(|(n, id)| n != *id)
            .map(|(n, id)| format!("{id} → {n}"))
            .collect();
        if !moved.is_empty() {
            let more = if moved.len() > 5 { ", …" } else { "" };
            let examples = moved[..moved.len().min(5)].join(", ") + more;
            notes.push(crate::i18n::msg!("note.trf.line_order", examples));
        }
        if let Some(code) = trf.system.as_deref() {
            if crate::formats::trf::dutch_code(code).is_none() {
                notes.push(crate::i18n::msg!("note.trf26.system_kept", code));
            }
        }
        let members = self.store.members(true)?;
        // Lookups by id and by name through maps, and opponents by start
        // number: an import is linear in the file and the club (a 9,999-player
        // file against a 10,000-member club scanned 10^8 pairs).
        let mut by_ext_id: HashMap<&str, &crate::domain::Member> = HashMap::new();
        let mut by_name: HashMap<&str, Vec<&crate::domain::Member>> = HashMap::new();
        for m in &members {
            if let Some(x) = m.ext_id.as_deref() {
                by_ext_id.entry(x).or_insert(m);
            }
            by_name.entry(m.name.as_str()).or_default().push(m);
        }
        let player_at: HashMap<u32, usize> = trf
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id, i))
            .collect();
        let mut matched = Vec::new();
        let mut players = Vec::new();
        let mut used = HashSet::new();
        // A FIDE id of 0 (the FIDE tie-break examples) or one written on
        // two lines of the file is no id: those players are imported
        // without one, and a note names them.
        let mut id_count: HashMap<&str, usize> = HashMap::new();
        for p in &trf.players {
            *id_count.entry(p.fide_id.trim()).or_default() += 1;
        }
        let mut extras = TrfExtras {
            lines: kept,
            virtual_points: virtual_points
                .map(|t: crate::pairing::accel::VirtualPoints| t.into_iter().collect()),
            ..TrfExtras::default()
        };
        let mut zero_ids = Vec::new();
        for p in &trf.players {
            extras.players.push((
                p.id,
                p.title.trim().to_string(),
                p.federation.trim().to_string(),
                p.birth.trim().to_string(),
            ));
            let raw = p.fide_id.trim();
            let zero = !raw.is_empty() && raw.chars().all(|c| c == '0');
            let twice = !raw.is_empty() && id_count[raw] > 1;
            if zero {
                zero_ids.push(p.id);
            } else if twice {
                notes.push(crate::i18n::msg!(
                    "note.trf.fide_id_dropped",
                    id = p.id,
                    fide = raw.to_string()
                ));
            }
            let fide = if zero || twice { "" } else { raw };
            let by_id = by_ext_id.get(fide).copied().filter(|_| !fide.is_empty());
            let same_name = by_name.get(p.name.trim()).map_or(&[][..], |v| &v[..]);
            let member = by_id.or(if same_name.len() == 1 {
                Some(same_name[0])
            } else {
                None
            });
            let member = member.filter(|m| used.insert(m.id));
            if let Some(m) = member {
                matched.push(format!("{} → member #{}", p.name.trim(), m.id));
            }
            let first = p
                .rounds
                .iter()
                .position(|r| !r.is_blank())
                .map(|i| i as u32 + 1)
                .unwrap_or(played as u32 + 1);
            players.push(ImportPlayer {
                member_id: member.map(|m| m.id),
                new: NewMember {
                    name: p.name.trim().to_string(),
                    rating: (p.rating > 0).then_some(p.rating as i32),
                    club: None,
                    ext_id: (!fide.is_empty() && !by_ext_id.contains_key(fide))
                        .then(|| fide.to_string()),
                    // `0000/00/00` and the like: no birth year
                    born: p
                        .birth
                        .trim()
                        .get(..4)
                        .and_then(|y| y.parse().ok())
                        .filter(|&y: &i32| y >= 1900),
                    sex: trf_sex(&p.sex),
                },
                start_no: p.id,
                rating: (p.rating > 0).then_some(p.rating as i32),
                first_round: first,
                withdrawn_after: None,
            });
        }
        // FIDE id 0 (FIDE's own examples write it for every player): one
        // note naming them all, as runs of start numbers.
        if !zero_ids.is_empty() {
            let mut runs: Vec<(u32, u32)> = Vec::new();
            for &id in &zero_ids {
                match runs.last_mut() {
                    Some(r) if r.1 + 1 == id => r.1 = id,
                    _ => runs.push((id, id)),
                }
            }
            let players = runs
                .iter()
                .map(|&(a, b)| {
                    if a == b {
                        a.to_string()
                    } else {
                        format!("{a}–{b}")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ");
            notes.push(crate::i18n::msg!("note.trf.fide_id_zero", players));
        }
        // A new member's values within the store's limits, said with the
        // player's line.
        for (k, p) in players.iter().enumerate() {
            if p.member_id.is_some() {
                continue;
            }
            if let Err(why) = crate::domain::limits::member(&p.new) {
                let line = trf.player_lines.get(k).copied().unwrap_or(0);
                return Err(super::invalid!("err.app.trf_at", file, line, why));
            }
        }
        let mut forbidden = Vec::new();
        let pairs = |g: &[u32]| -> Vec<(u32, u32)> {
            g.iter()
                .enumerate()
                .flat_map(|(i, a)| g[i + 1..].iter().map(move |b| (*a, *b)))
                .collect()
        };
        for g in &trf.forbidden {
            forbidden.extend(pairs(g));
        }
        // `260`: for every round of the event, or for some only; a pair
        // named by several lines is kept apart in every round they name.
        // A pair kept apart in every round (`XXP`) stays so.
        let (every, some) = prohibited_rounds(&trf, settings.rounds);
        forbidden.extend(every);
        let always: HashSet<(u32, u32)> = forbidden
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        extras.prohibited = some
            .into_iter()
            .filter(|r| !always.contains(&(r.0, r.1)))
            .collect();
        let mut requested = Vec::new();
        let mut rounds = Vec::new();
        for r in 0..=played {
            let mut boards = Vec::new();
            let mut seen = HashSet::new();
            for p in &trf.players {
                let b = p.rounds.get(r).copied().unwrap_or(TrfRound::BLANK);
                match b.result {
                    'H' | 'Z' if b.opponent == 0 => {
                        let v = if b.result == 'H' {
                            RequestedByeValue::Half
                        } else {
                            RequestedByeValue::Zero
                        };
                        requested.push((p.id, r as u32 + 1, v));
                        continue;
                    }
                    _ => {}
                }
                if r == played {
                    continue;
                }
                if matches!(b.result, 'U' | 'F') && b.opponent == 0 {
                    if b.result == 'F' {
                        extras.full_byes.push((r as u32 + 1, p.id));
                    }
                    boards.push(ImportBoard {
                        red: p.id,
                        black: None,
                        games: Vec::new(),
                    });
                    continue;
                }
                if b.opponent == 0 || !seen.insert(p.id) {
                    continue;
                }
                seen.insert(b.opponent);
                let other = player_at
                    .get(&b.opponent)
                    .and_then(|&q| trf.players[q].rounds.get(r).copied())
                    .unwrap_or(TrfRound::BLANK);
                // A forfeit written without colours (`153 - -`): stored
                // with the file's first player as red, marked so that the
                // export and the pairing history give it no colour.
                if b.colour.is_none()
                    && other.colour.is_none()
                    && (matches!(b.result, '+' | '-') || matches!(other.result, '+' | '-'))
                {
                    extras.no_colour.push((r as u32 + 1, p.id));
                }
                let p_red = b.colour != Some(Colour::Black) && other.colour != Some(Colour::Red);
                let (red, black, red_code, black_code) = if p_red {
                    (p.id, b.opponent, b.result, other.result)
                } else {
                    (b.opponent, p.id, other.result, b.result)
                };
                let outcome = match (red_code, black_code) {
                    ('+', _) => Outcome::BlackForfeits,
                    (_, '+') => Outcome::RedForfeits,
                    ('-', '-') => Outcome::DoubleForfeit,
                    ('1' | 'W', _) => Outcome::RedWin,
                    ('0' | 'L', _) => Outcome::BlackWin,
                    ('=' | 'D', _) => Outcome::Draw,
                    (_, '1' | 'W') => Outcome::BlackWin,
                    (_, '0' | 'L') => Outcome::RedWin,
                    _ => Outcome::Draw,
                };
                boards.push(ImportBoard {
                    red,
                    black: Some(black),
                    games: vec![Game::bare(0, 0, outcome)],
                });
            }
            if r < played {
                // byes last, as boards are printed
                boards.sort_by_key(|b| b.black.is_none());
                rounds.push(boards);
            }
        }
        // `240` byes of the rounds to come (those of played rounds are in
        // the round blocks too); a full-point bye has no such kind in qishe
        // and stays a kept line.
        for b in trf.byes.iter().filter(|b| b.round as usize > played) {
            let v = match b.kind {
                'H' => RequestedByeValue::Half,
                'Z' => RequestedByeValue::Zero,
                _ => continue,
            };
            for &id in &b.ids {
                if !requested
                    .iter()
                    .any(|r: &(u32, u32, RequestedByeValue)| (r.0, r.1) == (id, b.round))
                {
                    requested.push((id, b.round, v));
                }
            }
        }
        let ev = ImportEvent {
            name: title,
            date,
            settings,
            players,
            forbidden,
            requested_byes: requested,
            rounds,
        };
        let id = self.store.import_event_with(&ev, &extras, file)?;
        Ok(TrfImport {
            event: self.store.event(id)?,
            players: ev.players.len(),
            rounds: ev.rounds.len(),
            matched,
            notes,
        })
    }
}

/// The `260` records' pairs: those kept apart in every one of the
/// event's `rounds`, and those in some only, `(a, b, first, last)` a
/// range. The rounds several lines give one pair are joined where they
/// overlap or meet (`260 005 006 3 9` and `260 005 005 3 9`: rounds 5–6);
/// ranges apart are each kept (`260 001 003 5 7` and `260 006 008 5 7`).
type Ranges = Vec<(u32, u32, u32, u32)>;
fn prohibited_rounds(trf: &Trf, rounds: u32) -> (Vec<(u32, u32)>, Ranges) {
    let mut by_pair: std::collections::BTreeMap<(u32, u32), Vec<(u32, u32)>> = Default::default();
    for p in &trf.prohibited {
        for (i, a) in p.ids.iter().enumerate() {
            for b in &p.ids[i + 1..] {
                let key = ((*a).min(*b), (*a).max(*b));
                by_pair
                    .entry(key)
                    .or_default()
                    .push((p.first_round, p.last_round));
            }
        }
    }
    let (mut every, mut some) = (Vec::new(), Vec::new());
    for ((a, b), ranges) in by_pair {
        let joined = crate::domain::join_ranges(ranges);
        if joined.iter().any(|&(f, l)| f <= 1 && l >= rounds) {
            every.push((a, b));
            continue;
        }
        some.extend(joined.into_iter().map(|(f, l)| (a, b, f, l)));
    }
    (every, some)
}

/// The scheme of a file imported without `--scheme`: what its `162` /
/// `XXS` record scores a win, a draw and a loss, else what its points
/// columns add up to (every player's, by the results beside them); 1, ½,
/// 0 is `chess`, 3, 1, 0 `three-point` (said in a note). A record that
/// scores otherwise is refused, naming `--scheme`: the standings would
/// not be the file's. Columns that add up to neither (a file whose
/// points column is not kept) are read as `chess`.
fn file_scheme(trf: &Trf, file: &str, notes: &mut Vec<crate::i18n::Msg>) -> Result<String> {
    let (one, half, zero, three) = (Points::new(1), Points(50), Points::ZERO, Points::new(3));
    let (win, draw, loss) = match trf.points {
        Some(p) => (p.win, p.draw, p.loss),
        None => match columns_scale(trf, &[(one, half), (three, one)]) {
            Some((w, d)) => (w, d, zero),
            None => return Ok("chess".into()),
        },
    };
    if (win, draw, loss) == (one, half, zero) {
        return Ok("chess".into());
    }
    if (win, draw, loss) == (three, one, zero) {
        notes.push(crate::i18n::msg!(
            "note.trf.scheme_three_point",
            win = win.to_string(),
            draw = draw.to_string()
        ));
        return Ok("three-point".into());
    }
    Err(super::invalid!(
        "err.app.trf_scheme_unknown",
        file,
        win = win.to_string(),
        draw = draw.to_string(),
        loss = loss.to_string()
    ))
}

/// The first of `scales` (a win's and a draw's points) by which every
/// player's points column is the sum of his results (`1 W + U F` a win,
/// `= D H` a draw, the rest nothing).
fn columns_scale(trf: &Trf, scales: &[(Points, Points)]) -> Option<(Points, Points)> {
    scales.iter().copied().find(|&(win, draw)| {
        trf.players.iter().all(|p| {
            let sum: i64 = p
                .rounds
                .iter()
                .map(|r| match r.result {
                    '1' | 'W' | '+' | 'U' | 'F' => win.0,
                    '=' | 'D' | 'H' => draw.0,
                    _ => 0,
                })
                .sum();
            sum == p.points.0
        })
    })
}

/// Virtual points `p` of a file whose win is worth `file_win` (hundredths)
/// in a scheme whose win is worth `win`: in proportion, rounded half up
/// to a tenth (a `250` record's `pp.p`).
fn virtual_in_tenths(p: Points, file_win: i64, win: i64) -> Points {
    let num = p.0 * win;
    let den = file_win * 10;
    let tenths = (2 * num + den).div_euclid(2 * den);
    Points(tenths * 10)
}

/// The tie-breaks of a file's `202` record, else of a `212` whose first
/// code is `PTS` (codes after blanks or commas, `PTS` dropped), up to the first code qishe does not compute: the
/// criteria after it would decide ties the file breaks by that one, so
/// they are not kept either. That code is named in a note with its line
/// and column, why (one of FIDE's qishe does not compute, or a typo with
/// the nearest FIDE code), and what the event ranks by instead.
fn tiebreaks_202(
    trf: &Trf,
    file: &str,
    line: usize,
    notes: &mut Vec<crate::i18n::Msg>,
) -> Vec<scoring::TieBreak> {
    // Without `202`, FIDE's checker ranks by `212`, the whole order with
    // the points first: read when those are `PTS`.
    let starts_with_pts = |l: &&String| {
        l.get(3..)
            .and_then(|r| r.split([',', ' ']).find(|c| !c.is_empty()))
            .is_some_and(|c| c.eq_ignore_ascii_case("PTS"))
    };
    let Some(l) = trf
        .other_lines
        .iter()
        .find(|l| l.starts_with("202"))
        .or_else(|| {
            trf.other_lines
                .iter()
                .filter(|l| l.starts_with("212"))
                .find(starts_with_pts)
        })
    else {
        return Vec::new();
    };
    let mut kept = Vec::new();
    let mut start = None;
    // Each code with its 1-based column.
    let mut codes = Vec::new();
    for (i, ch) in l.char_indices().skip(3) {
        let sep = ch == ',' || ch.is_whitespace();
        match (sep, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                codes.push((s, &l[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        codes.push((s, &l[s..]));
    }
    for (at, code) in codes {
        if code.eq_ignore_ascii_case("PTS") {
            continue;
        }
        match scoring::TieBreak::parse(code) {
            Ok(t) => kept.push(t),
            Err(_) => {
                let why = scoring::TieBreak::fide_not_computed(code).unwrap_or_else(|| {
                    crate::i18n::with_near(
                        crate::i18n::msg!("tb.fide.unknown", code),
                        code,
                        scoring::TieBreak::fide_names(),
                    )
                });
                let column = l[..at].chars().count() + 1;
                notes.push(if kept.is_empty() {
                    crate::i18n::msg!("note.trf.tiebreak_default", file, line, column, why)
                } else {
                    let kept = kept
                        .iter()
                        .map(|t: &scoring::TieBreak| t.fide_code().unwrap_or(t.code()))
                        .collect::<Vec<_>>()
                        .join(",");
                    crate::i18n::msg!("note.trf.tiebreak_dropped", file, line, column, why, kept)
                });
                break;
            }
        }
    }
    kept
}

/// The header lines an import keeps as they are: all but those the event
/// holds (`012` name, `042` start date when readable, `062` count) and
/// the records qishe writes itself. `132` and `192` are kept in their
/// written form, `052` in TRF-2026's when its date is read.
fn kept_lines(trf: &Trf, _notes: &mut Vec<crate::i18n::Msg>) -> Vec<String> {
    let mut kept: Vec<String> = trf
        .other_lines
        .iter()
        .filter(|l| {
            let code = l.get(..3).unwrap_or("");
            match code {
                "012" | "062" => false,
                "042" => parse_trf_date(l.get(3..).unwrap_or("").trim()).is_none(),
                _ => true,
            }
        })
        .map(|l| match l.get(..3) {
            Some("052") => date_line(l),
            _ => l.clone(),
        })
        .collect();
    if let Some(code) = &trf.system {
        kept.push(format!("192 {code}"));
    }
    if !trf.round_dates.is_empty() {
        let only = Trf {
            round_dates: trf.round_dates.clone(),
            ..Trf::default()
        };
        kept.extend(only.write_as(TrfVersion::V2026).lines().map(str::to_string));
    }
    // A full-point bye asked for in a round still to come: qishe's byes
    // asked for score a half or nothing, so the record stays as written.
    let played = trf.played_rounds();
    for b in trf
        .byes
        .iter()
        .filter(|b| b.kind == 'F' && b.round as usize > played)
    {
        let only = Trf {
            byes: vec![b.clone()],
            ..Trf::default()
        };
        kept.extend(only.write_as(TrfVersion::V2026).lines().map(str::to_string));
    }
    kept
}

/// Column 10 of a player line: TRF-16 and TRF-2026 write `m` and `w`
/// (and some programs `f`).
fn trf_sex(code: &str) -> Option<crate::domain::Sex> {
    match code.trim() {
        "w" | "W" => Some(crate::domain::Sex::F),
        other => crate::domain::Sex::from_code(other),
    }
}

mod dates;
mod export;
use dates::{date_line, parse_trf_date};
