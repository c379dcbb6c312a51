//! Rounds: the event as the scoring and pairing layers see it, pairing the
//! next round, manual board changes, unpairing.

use super::{App, AppError, Result};
use crate::app::{EntryId, EventId};
use crate::domain::{BoardNo, RoundNo};
use crate::domain::{Entry, Event, PairingSystem};
use crate::pairing::{
    check::{check_round, RuleViolation},
    CxaOptions, GameScore, PairedBoard, PairingConfig, PairingPlayer, RoundKind, RoundPairing,
    RoundRecord, SwissState,
};
use crate::scoring::{self, BoardData, EventData, PlayerRef, RoundData, RoundResult, Scheme};
use crate::store::NewBoard;
use std::collections::HashMap;

/// A paired round as stored, with names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundView {
    pub number: RoundNo,
    pub boards: Vec<BoardView>,
    /// Players not on a board this round, with the i18n key of why
    /// (`rep.reason.*`: requested bye, late entry, withdrawn, absent).
    pub absent: Vec<(Entry, &'static str)>,
}

/// One board of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    pub number: BoardNo,
    pub red: Entry,
    /// `None` = pairing-allocated bye.
    pub black: Option<Entry>,
    /// Result codes of the board's games (`*` when not in).
    pub results: Vec<String>,
}

/// How often a pairing is computed again when the event changed while it
/// was computed, before the change is reported.
pub(crate) const PAIR_ATTEMPTS: usize = 3;

/// What pairing a round did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairOutcome {
    pub round: RoundNo,
    pub pairing: RoundPairing,
    /// Rule checks the stored boards break (only for manual boards).
    pub violations: Vec<RuleViolation>,
}

/// The round a view shows: `round`, else the last paired. An event with
/// no round yet says so (not "round 0 is not paired"); a round beyond the
/// paired ones names how many are.
pub(super) fn round_to_show(event: &Event, round: Option<RoundNo>, paired: u32) -> Result<RoundNo> {
    let number = round.map_or(paired, RoundNo::get);
    if paired == 0 {
        return Err(super::invalid!("err.app.no_round_yet", event = &event.name));
    }
    if number == 0 || number > paired {
        return Err(super::invalid!(
            "err.app.round_not_paired_of",
            round = number,
            event = &event.name,
            paired
        ));
    }
    Ok(RoundNo(number))
}

impl App {
    /// The event's scheme with its settings.
    pub fn scheme(&self, event: &Event) -> Result<Scheme> {
        Ok(Scheme::from_id(
            &event.settings.scheme,
            &event.settings.scheme_settings,
        )?)
    }

    /// The event as the scoring layer sees it (entry ids; every stored round).
    pub fn event_data(&self, event: &Event) -> Result<EventData> {
        let entries = self.store.entries(event.id)?;
        let boards = self.store.boards(event.id, None)?;
        let games = self.store.games(event.id, None)?;
        let byes = self.store.requested_byes(event.id)?;
        let mut by_board: HashMap<i64, Vec<crate::domain::Game>> = HashMap::new();
        for g in games {
            if g.game.outcome != crate::domain::Outcome::Unplayed {
                by_board.entry(g.game.board_id).or_default().push(g.game);
            }
        }
        let last = boards.iter().map(|b| b.round).max().unwrap_or(0);
        let last = last.max(
            byes.iter()
                .filter(|b| b.notice)
                .map(|b| b.round)
                .max()
                .unwrap_or(0),
        );
        let mut rounds: Vec<RoundData> = (1..=last)
            .map(|n| RoundData {
                number: n,
                ..Default::default()
            })
            .collect();
        // Round-robin with an odd number: sitting out (the dummy) scores
        // nothing unless the event says otherwise; the round
        // counts as a zero bye, so crosstable totals equal their cells.
        let dummy_scores = event.settings.system != crate::domain::PairingSystem::Berger
            || event
                .settings
                .pairing_settings
                .options
                .round_robin_bye_scores();
        for b in boards {
            if b.black.is_none() && !dummy_scores {
                rounds[(b.round - 1) as usize]
                    .requested_byes
                    .push((b.red, crate::domain::RequestedByeValue::Zero));
                continue;
            }
            rounds[(b.round - 1) as usize].boards.push(BoardData {
                number: b.number,
                red: b.red,
                black: b.black,
                games: by_board.remove(&b.id).unwrap_or_default(),
            });
        }
        // An absence recorded without notice (缺席) is no bye: the player is
        // simply not on a board, which scores as absent (zero, `--` in the
        // crosstable, `-` in TRF) and keeps a round nobody has played yet
        // from counting.
        for rb in byes.into_iter().filter(|b| b.notice) {
            rounds[(rb.round - 1) as usize]
                .requested_byes
                .push((rb.entry_id, rb.value));
        }
        Ok(EventData {
            players: entries
                .iter()
                .map(|e| PlayerRef {
                    id: e.id,
                    start_no: e.start_no,
                    name: e.name.clone(),
                    rating: e.rating,
                })
                .collect(),
            rounds,
            games_per_round: event.settings.games_per_round,
            time_control: event.settings.time_control,
            byes: event.settings.byes,
            planned_rounds: event.settings.rounds,
            round_robin: event.settings.system == crate::domain::PairingSystem::Berger
                || event.settings.pairing_settings.extras.trf_round_robin,
            c07_2024: event.c07_edition() == 2024,
        })
    }

    /// The pairing options stored with the event, over the defaults.
    pub fn pairing_config(&self, event: &Event) -> Result<PairingConfig> {
        let o = &event.settings.pairing_settings.options;
        let mut cfg = PairingConfig::new(event.settings.system);
        cfg.double_round_robin = o.double_round_robin();
        cfg.clubmates = o.clubmates();
        cfg.cxa = CxaOptions::with(o);
        Ok(cfg)
    }

    /// The state the pairing layer needs to pair round `round` (ids are start numbers).
    pub fn swiss_state(&self, event: &Event, round: RoundNo) -> Result<SwissState> {
        let round = round.get();
        let entries = self.store.entries(event.id)?;
        let data = self.event_data(event)?;
        let scheme = self.scheme(event)?;
        let done = round - 1;
        let rounds = scoring::player_rounds(&data, &scheme, done)?;
        let excluded = scoring::excluded_by_forfeits(&data, Some(done))?;
        let no_of: HashMap<i64, u32> = entries.iter().map(|e| (e.id, e.start_no)).collect();
        let requested: Vec<i64> = self
            .store
            .requested_byes(event.id)?
            .into_iter()
            .filter(|b| b.round == round)
            .map(|b| b.entry_id)
            .collect();
        let no_colour = self.store.trf_no_colour(event.id)?;
        let mut players = Vec::new();
        for (e, prs) in entries.iter().zip(&rounds) {
            let mut history = Vec::new();
            for pr in prs {
                let kind = match pr.kind {
                    scoring::RoundKind::Played => RoundKind::Played(match pr.result {
                        Some(RoundResult::Win) => GameScore::Win,
                        Some(RoundResult::Draw) => GameScore::Draw,
                        _ => GameScore::Loss,
                    }),
                    scoring::RoundKind::PairingBye => RoundKind::PairingBye,
                    scoring::RoundKind::RequestedBye => RoundKind::RequestedBye,
                    scoring::RoundKind::ForfeitWin => RoundKind::ForfeitWin,
                    scoring::RoundKind::ForfeitLoss | scoring::RoundKind::DoubleForfeit => {
                        RoundKind::ForfeitLoss
                    }
                    scoring::RoundKind::Absent => RoundKind::NotPaired,
                    scoring::RoundKind::Pending => {
                        return Err(AppError::RoundNotFinished {
                            round: pr.round,
                            name: e.name.clone(),
                            next: round,
                        })
                    }
                };
                history.push(RoundRecord {
                    opponent: pr.opponent.and_then(|o| no_of.get(&o).copied()),
                    colour: match kind {
                        RoundKind::Played(_) => pr.colour,
                        // The Chinese method records the bye's colour; FIDE does not.
                        RoundKind::PairingBye if event.settings.system == PairingSystem::Cxa => {
                            pr.colour
                        }
                        RoundKind::PairingBye => None,
                        // A forfeit an imported file wrote without colours.
                        _ if no_colour.contains(&(e.id, pr.round)) => None,
                        _ => pr.colour.filter(|_| pr.opponent.is_some()),
                    },
                    kind,
                    points: pr.points,
                });
            }
            players.push(PairingPlayer {
                id: e.start_no,
                name: e.name.clone(),
                rating: e.rating.unwrap_or(0).max(0) as u32,
                club: e.club.clone().filter(|c| !c.trim().is_empty()),
                history,
                available: e.available_in(round)
                    && !requested.contains(&e.id)
                    && !excluded.contains(&e.id),
            });
        }
        let forbidden = self
            .store
            .forbidden_pairs(event.id)?
            .into_iter()
            .filter(|f| f.holds_in(round))
            .filter_map(|f| Some((*no_of.get(&f.a)?, *no_of.get(&f.b)?)))
            .collect();
        let first_colour = event.settings.pairing_settings.options.first_colour();
        Ok(SwissState {
            players,
            round,
            total_rounds: event.settings.rounds,
            forbidden,
            first_colour,
            win_points: scheme.win_value(),
            draw_points: scheme.win_value().half(),
            virtual_points: super::accel::virtual_points(event, &entries, scheme.win_value()),
        })
    }

    /// Pairs the next round of an event of any kind and stores it in one
    /// transaction: the boards by start number (a team event's teams, a
    /// knockout's matches as their first games). [`App::event_pair`] gives
    /// the kind's own outcome.
    pub fn pair_next_round(&mut self, event_key: EventId) -> Result<PairOutcome> {
        let id = self.event(event_key)?.key();
        Ok(self.event_pair(id)?.into_outcome())
    }

    /// [`App::pair_next_round`] with clubmates allowed to meet when the
    /// club rule blocks the round (see [`App::event_pair_with`]).
    pub fn pair_allowing_clubmates(&mut self, event_key: EventId) -> Result<PairOutcome> {
        let id = self.event(event_key)?.key();
        Ok(self.event_pair_with(id, true)?.into_outcome())
    }

    /// Pairs the next round of an individual event.
    ///
    /// `allow_clubmates`: when the event's club rule (the Chinese method's
    /// 同队不相遇, the Dutch clubmates rule) leaves the round unpaired, the
    /// round is paired with that rule off, every other rule kept, and the
    /// pairing's notes and the undo log say so. A round the rule does not
    /// block is paired as ever.
    pub(super) fn pair_individual_round(
        &mut self,
        event: &Event,
        allow_clubmates: bool,
    ) -> Result<PairOutcome> {
        // The pairing is computed outside any transaction (seconds for a
        // big event); the round is stored only if the event is still as it
        // was read, else it is paired again from the new state.
        for attempt in 1..=PAIR_ATTEMPTS {
            let stamp = self.store.event_stamp(event.id)?;
            let event = self.store.event(event.id)?;
            let round = self.store.rounds_paired(event.id)? + 1;
            if event.settings.system != PairingSystem::Berger && round > event.settings.rounds {
                return Err(AppError::AllRoundsPaired {
                    rounds: event.settings.rounds,
                    event: event.name.clone(),
                });
            }
            let state = self.swiss_state(&event, RoundNo(round))?;
            if !state.players.iter().any(|p| p.available) {
                return Err(super::invalid!(
                    "err.app.nobody_to_pair",
                    round,
                    event = &event.name
                ));
            }
            let config = self.pairing_config(&event)?;
            let (pairing, relaxed) = match crate::pairing::pair(&state, &config) {
                Err(crate::pairing::PairingError::NoLegalPairing { .. })
                    if allow_clubmates && config.keeps_clubs_apart() =>
                {
                    let mut p = crate::pairing::pair(&state, &config.without_club_rule())?;
                    p.notes
                        .push(crate::i18n::msg!("note.pairing.clubmates_allowed", round));
                    (p, true)
                }
                r => (r?, false),
            };
            let boards = self.to_new_boards(&event, &pairing)?;
            if boards.is_empty() {
                return Err(super::invalid!(
                    "err.app.nobody_to_pair",
                    round,
                    event = &event.name
                ));
            }
            #[cfg(any(test, feature = "testkit"))]
            before_round_save();
            match self
                .store
                .save_round_if_unchanged(event.id, round, &boards, stamp, relaxed)
            {
                Err(crate::store::StoreError::Changed) if attempt < PAIR_ATTEMPTS => continue,
                Err(e) => return Err(e.into()),
                Ok(_) => {
                    return Ok(PairOutcome {
                        round: RoundNo(round),
                        pairing,
                        violations: Vec::new(),
                    })
                }
            }
        }
        Err(crate::store::StoreError::Changed.into())
    }

    /// Whether the event's club rule is what leaves its next round
    /// unpaired: the rule is on and the round pairs with it off (every
    /// other rule kept). Asked after a refusal, to offer
    /// [`App::event_pair_with`]'s `allow_clubmates`.
    pub fn club_rule_blocks(&self, event_key: EventId) -> Result<bool> {
        let event = self.event(event_key)?;
        match self.kind_of(&event)? {
            super::EventKind::Individual => {}
            super::EventKind::Team => return self.team_club_rule_blocks(&event),
            super::EventKind::Knockout => return Ok(false),
        }
        let config = self.pairing_config(&event)?;
        if !config.keeps_clubs_apart() {
            return Ok(false);
        }
        let round = self.store.rounds_paired(event.id)? + 1;
        let state = self.swiss_state(&event, RoundNo(round))?;
        Ok(crate::pairing::pair(&state, &config).is_err()
            && crate::pairing::pair(&state, &config.without_club_rule()).is_ok())
    }

    fn to_new_boards(&self, event: &Event, pairing: &RoundPairing) -> Result<Vec<NewBoard>> {
        let entries = self.store.entries(event.id)?;
        let id_of: HashMap<u32, i64> = entries.iter().map(|e| (e.start_no, e.id)).collect();
        let get = |no: u32| {
            id_of
                .get(&no)
                .copied()
                .ok_or_else(|| super::invalid!("err.app.no_start_number", no, event = &event.name))
        };
        let mut out = Vec::new();
        for b in &pairing.boards {
            out.push(NewBoard {
                red: get(b.red)?,
                black: Some(get(b.black)?),
            });
        }
        if let Some(bye) = pairing.bye {
            out.push(NewBoard {
                red: get(bye)?,
                black: None,
            });
        }
        Ok(out)
    }

    /// Sets a round's boards by hand (the arbiter's manual change). Returns
    /// the rules the boards break; they are stored only if there are none or
    /// `insist` is set.
    pub fn set_boards(
        &mut self,
        event_key: EventId,
        round: RoundNo,
        boards: &[(u32, Option<u32>)],
        insist: bool,
    ) -> Result<PairOutcome> {
        let round = round.get();
        let event = self.event(event_key)?;
        // A knockout's rounds follow its bracket, a team event's boards its
        // matches: boards typed by hand would bypass both, even insisted.
        let kind = self.kind_of(&event)?;
        if kind != crate::domain::EventKind::Individual {
            return Err(super::invalid!(
                "err.app.boards_by_hand_individual",
                event = &event.name,
                kind = crate::i18n::Msg::new(kind.key())
            ));
        }
        let paired = self.store.rounds_paired(event.id)?;
        if round == 0 || round > paired + 1 {
            return Err(super::invalid!(
                "err.app.round_cannot_be_set",
                round,
                paired
            ));
        }
        let state = self.swiss_state(&event, RoundNo(round))?;
        let mut pairing = RoundPairing::default();
        for &(red, black) in boards {
            match black {
                Some(b) => pairing.boards.push(PairedBoard { red, black: b }),
                None if pairing.bye.is_none() => pairing.bye = Some(red),
                None => {
                    return Err(super::invalid!(
                        "err.app.two_byes",
                        a = pairing.bye.unwrap_or(0),
                        b = red
                    ))
                }
            }
        }
        let violations = check_round(&state, &pairing, event.settings.system);
        if violations.is_empty() || insist {
            let nb = self.to_new_boards(&event, &pairing)?;
            if round == paired + 1 {
                self.store.save_round(event.id, round, &nb)?;
            } else {
                self.store.replace_boards(event.id, round, &nb)?;
            }
        }
        Ok(PairOutcome {
            round: RoundNo(round),
            pairing,
            violations,
        })
    }

    /// Swaps two players between boards (or the colours of one board) in a
    /// round without results. Returns the rule check of the new boards.
    pub fn swap_players(
        &mut self,
        event_key: EventId,
        round: RoundNo,
        a: EntryId,
        b: EntryId,
        insist: bool,
    ) -> Result<PairOutcome> {
        let round = round.get();
        let event = self.event(event_key)?;
        let ea = self.entry(event_key, a)?;
        let eb = self.entry(event_key, b)?;
        let entries = self.store.entries(event.id)?;
        let no: HashMap<i64, u32> = entries.iter().map(|e| (e.id, e.start_no)).collect();
        let mut boards: Vec<(u32, Option<u32>)> = self
            .store
            .boards(event.id, Some(round))?
            .iter()
            .map(|b| (no[&b.red], b.black.map(|x| no[&x])))
            .collect();
        let swap = |x: u32| {
            if x == ea.start_no {
                eb.start_no
            } else if x == eb.start_no {
                ea.start_no
            } else {
                x
            }
        };
        let mut found = (false, false);
        for bd in &mut boards {
            for p in std::iter::once(bd.0).chain(bd.1) {
                found.0 |= p == ea.start_no;
                found.1 |= p == eb.start_no;
            }
            *bd = (swap(bd.0), bd.1.map(swap));
        }
        if !(found.0 && found.1) {
            return Err(super::invalid!("err.app.both_on_a_board", round));
        }
        self.set_boards(event_key, RoundNo(round), &boards, insist)
    }

    /// Removes the last round (refused once results exist, unless `force`).
    pub fn unpair_last(&mut self, event_key: EventId, force: bool) -> Result<u32> {
        let event = self.event(event_key)?;
        Ok(self.store.delete_last_round(event.id, force)?)
    }

    /// A stored round with names (default: the last one).
    pub fn round_view(&self, event_key: EventId, round: Option<RoundNo>) -> Result<RoundView> {
        let event = self.event(event_key)?;
        let paired = self.store.rounds_paired(event.id)?;
        let number = round_to_show(&event, round, paired)?.get();
        let entries = self.store.entries(event.id)?;
        let by_id: HashMap<i64, &Entry> = entries.iter().map(|e| (e.id, e)).collect();
        let games = self.store.round_games(event.id, number)?;
        let mut out = RoundView {
            number: RoundNo(number),
            boards: Vec::new(),
            absent: Vec::new(),
        };
        let mut seated = std::collections::HashSet::new();
        for b in self.store.boards(event.id, Some(number))? {
            seated.insert(b.red);
            if let Some(x) = b.black {
                seated.insert(x);
            }
            let results = games
                .iter()
                .filter(|g| g.game.board_id == b.id)
                .map(|g| g.game.outcome.code().to_string())
                .collect();
            out.boards.push(BoardView {
                number: BoardNo(b.number),
                red: by_id[&b.red].clone(),
                black: b.black.map(|x| by_id[&x].clone()),
                results,
            });
        }
        // (entry, notice): a bye recorded at check-in without notice is an
        // absence (缺席), any other a bye asked for (请假).
        let requested: Vec<(i64, bool)> = self
            .store
            .requested_byes(event.id)?
            .into_iter()
            .filter(|b| b.round == number)
            .map(|b| (b.entry_id, b.notice))
            .collect();
        // A knockout's players not in the round are out (or through on a
        // bye), not absent. In a team event a player is absent only when
        // marked so at check-in: a reserve not lined up, or a player whose
        // opponent's board is empty (his team scored it), simply has no game.
        let knockout = self.store.knockout_settings(event.id)?.is_some();
        let team = self.store.team_settings(event.id)?.is_some();
        for e in &entries {
            if seated.contains(&e.id) || knockout {
                continue;
            }
            if team && !requested.iter().any(|r| r.0 == e.id) && e.available_in(number) {
                continue;
            }
            let why = if requested.contains(&(e.id, true)) {
                "rep.reason.requested_bye"
            } else if requested.contains(&(e.id, false)) {
                "rep.reason.absent"
            } else if e.first_round > number {
                "rep.reason.late_entry"
            } else if !e.available_in(number) {
                "rep.reason.withdrawn"
            } else {
                "rep.reason.absent"
            };
            out.absent.push((e.clone(), why));
        }
        Ok(out)
    }
}

#[cfg(any(test, feature = "testkit"))]
thread_local! {
    static BEFORE_ROUND_SAVE: std::cell::RefCell<Option<Box<dyn FnMut()>>> =
        const { std::cell::RefCell::new(None) };
}

/// Tests: runs `hook` on this thread between computing a round's pairing
/// and storing it (another process's change at the worst moment).
#[cfg(any(test, feature = "testkit"))]
pub fn set_before_round_save(hook: Option<Box<dyn FnMut()>>) {
    BEFORE_ROUND_SAVE.with(|h| *h.borrow_mut() = hook);
}

#[cfg(any(test, feature = "testkit"))]
pub(crate) fn before_round_save() {
    let hook = BEFORE_ROUND_SAVE.with(|h| h.borrow_mut().take());
    if let Some(mut f) = hook {
        f();
        BEFORE_ROUND_SAVE.with(|h| {
            let mut slot = h.borrow_mut();
            if slot.is_none() {
                *slot = Some(f);
            }
        });
    }
}
