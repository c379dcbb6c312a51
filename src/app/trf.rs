//! Events to and from FIDE TRF-16 files, for other pairing programs and
//! federations' publication sites.

use super::{App, Result};
use crate::domain::{
    Colour, Event, Game, NewMember, Outcome, PairingSystem, Points, RequestedByeValue,
};
use crate::formats::text::decode_text;
use crate::formats::trf::{PointSettings, Trf, TrfPlayer, TrfRound};
use crate::scoring::{self, RoundKind, RoundResult};
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

/// How `import trf` sets up the event (issue 16).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrfImportOptions {
    /// The scoring scheme (`None`: `chess`, the values a TRF file has).
    pub scheme: Option<String>,
    /// Tie-break codes after points (empty: the scheme's default list).
    pub tiebreaks: Vec<String>,
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
        // Scheme and tie-breaks are checked before the file is read, so a
        // typo changes nothing.
        let scheme_id = opts.scheme.as_deref().unwrap_or("chess").trim().to_string();
        scoring::Scheme::from_id(&scheme_id, &serde_json::Map::new())?;
        scoring::TieBreak::parse_list(&opts.tiebreaks)?;
        let (text, _) = decode_text(bytes);
        let trf = Trf::parse(&text)
            .map_err(|e| super::invalid!("err.app.in_file", file, why = e.msg()))?;
        if trf.players.is_empty() {
            return Err(super::invalid!("err.app.trf_no_players", file));
        }
        // `013` team lines: `import trf` makes an individual event, and
        // teams come from `import teams`; importing the players while
        // silently dropping their teams would lose what the file says.
        if let Some(i) = text
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .lines()
            .position(|l| l.starts_with("013"))
        {
            return Err(super::invalid!(
                "err.app.trf_team_lines",
                file,
                line = i + 1
            ));
        }
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
        settings.scheme = scheme_id;
        settings.scheme_settings = serde_json::Map::new();
        settings.tiebreaks = opts
            .tiebreaks
            .iter()
            .map(|t| t.trim().to_string())
            .filter(|t| !t.is_empty() && t != "points")
            .collect();
        settings.games_per_round = 1;
        settings.rounds = trf
            .total_rounds
            .unwrap_or(played as u32)
            .max(played as u32)
            .max(1);
        if trf.initial_colour() == Colour::Black {
            settings.pairing_settings.insert(
                "first_colour".into(),
                serde_json::Value::String("black".into()),
            );
        }
        let members = self.store.members(true)?;
        // Lookups by id and by name through maps, and opponents by start
        // number: an import is linear in the file and the club (a 9,999-player
        // file against a 10,000-member club scanned 10^8 pairs, issue 22).
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
        let mut notes = Vec::new();
        let mut extras = TrfExtras::default();
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
            if zero || twice {
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
                    sex: crate::domain::Sex::from_code(p.sex.trim()),
                },
                start_no: p.id,
                rating: (p.rating > 0).then_some(p.rating as i32),
                first_round: first,
                withdrawn_after: None,
            });
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
        for g in &trf.forbidden {
            for (i, a) in g.iter().enumerate() {
                for b in &g[i + 1..] {
                    forbidden.push((*a, *b));
                }
            }
        }
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
        let ev = ImportEvent {
            name: title,
            date: None,
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

    /// Writes an event as TRF-16: every round whose results are all in, the
    /// byes asked for in the next round, forbidden pairs, and an `XXS` line
    /// with the scheme's values.
    pub fn export_trf(&self, event_key: &str) -> Result<String> {
        let event = self.store.resolve_event(event_key)?;
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
        let rank_of: HashMap<i64, u32> = if done > 0 {
            let tbs = self.tiebreaks_of(&event, &scheme)?;
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
        for (e, prs) in entries.iter().zip(&all) {
            let mut rounds = Vec::new();
            let mut total = Points::ZERO;
            for (r, pr) in prs.iter().take(done).enumerate() {
                total += pr.points;
                let opp = pr
                    .opponent
                    .and_then(|o| no_of.get(&o).copied())
                    .unwrap_or(0);
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
                    RoundKind::ForfeitWin => block('+', pr.colour),
                    RoundKind::ForfeitLoss | RoundKind::DoubleForfeit => block('-', pr.colour),
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
            if let Some(v) = next_byes.get(&e.id) {
                // The points count the bye asked for in the round to pair, as
                // the endorsed engine's check reads them.
                if *v == RequestedByeValue::Half {
                    total += win.half();
                }
                rounds.push(TrfRound {
                    opponent: 0,
                    colour: None,
                    result: if *v == RequestedByeValue::Half {
                        'H'
                    } else {
                        'Z'
                    },
                });
            } else if !e.available_in(done as u32 + 1) && done < event.settings.rounds as usize {
                // withdrawn: a zero bye keeps other programs from pairing him
                rounds.push(TrfRound {
                    opponent: 0,
                    colour: None,
                    result: 'Z',
                });
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
        let forbidden = self
            .store
            .forbidden_pairs(event.id)?
            .into_iter()
            .filter_map(|f| Some(vec![*no_of.get(&f.a)?, *no_of.get(&f.b)?]))
            .collect();
        let half = win.half();
        let trf = Trf {
            other_lines: vec![
                format!("012 {}", event.name),
                format!(
                    "042 {}",
                    event.start_date.map(|d| d.to_string()).unwrap_or_default()
                ),
                format!("062 {}", entries.len()),
            ],
            players,
            total_rounds: Some(event.settings.rounds),
            first_colour: Some(match event.settings.pairing_settings.get("first_colour") {
                Some(v) if v.as_str() == Some("black") => Colour::Black,
                _ => Colour::Red,
            }),
            forbidden,
            points: Some(PointSettings {
                win,
                draw: half,
                loss: Points::ZERO,
                forfeit_win: win,
                forfeit_loss: Points::ZERO,
                pairing_bye: win,
                full_bye: win,
                half_bye: half,
                zero_bye: Points::ZERO,
            }),
            player_lines: Vec::new(),
        };
        Ok(trf.write())
    }
}
