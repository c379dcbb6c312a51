//! Knockout events (淘汰赛, `specs/knockout.md`): creating one (seeded by
//! rating or from another event's standings), pairing the bracket round by
//! round, results with play-off games, lots, corrections that re-decide a
//! match, the bracket and the final ranking.
//!
//! This file holds the knockout's types and the working bracket (`Bracket`,
//! read from the store and judged by `scoring::knockout`); pairing is in
//! `knockout/pair.rs`, results, lots and imports in `knockout/results.rs`,
//! the bracket view, chart and ranking in `knockout/view.rs`.

use super::{invalid, App, Result};
use crate::app::EventId;
use crate::domain::{BoardNo, Entry, Event, EventSettings, Game, Outcome, RoundNo, TimeControl};
use crate::i18n::{msg, Msg};
use crate::pairing::knockout as ko;
pub use crate::scoring::knockout::MatchScore;
use crate::scoring::knockout::{
    decide_match, parse_ladder, MatchError, MatchPlayers, MatchRules, MatchState, MatchStatus,
    Phase, PlayoffStep,
};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// A knockout's own settings (stored as JSON beside the event).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct KnockoutSettings {
    /// The play-off ladder (`games:2`, …); empty = the scheme's default.
    pub playoff: Vec<String>,
    /// The semi-final losers play a match for third place.
    pub third_place: bool,
    /// `seed` (standard slots) or `lot` (drawn within seed groups).
    pub draw: String,
    /// Play-off games count in the rating list.
    pub rate_playoffs: bool,
    /// Armageddon's time odds.
    pub armageddon_time: TimeControl,
    /// Per ladder step (in the ladder's order): its time control; `None`
    /// or missing = the event's (armageddon: `armageddon_time`).
    pub playoff_times: Vec<Option<TimeControl>>,
    /// Per ladder step: its label on slips and in the bracket (加赛快棋,
    /// 超快棋, 一局定胜负 …); empty or missing = the step's own name.
    pub playoff_labels: Vec<String>,
    /// The event the seeds came from, if any.
    pub seed_from: Option<String>,
    /// Slots placed by hand before round 1 (entry ids top to bottom, 0 =
    /// empty); empty = the standard order (or the lot).
    pub placement: Vec<i64>,
}

impl Default for KnockoutSettings {
    fn default() -> Self {
        KnockoutSettings {
            playoff: Vec::new(),
            third_place: false,
            draw: "seed".into(),
            rate_playoffs: false,
            armageddon_time: TimeControl {
                red_base_ms: 5 * 60_000,
                black_base_ms: 4 * 60_000,
                increment_ms: 3_000,
            },
            seed_from: None,
            placement: Vec::new(),
            playoff_times: Vec::new(),
            playoff_labels: Vec::new(),
        }
    }
}

impl KnockoutSettings {
    /// The ladder, parsed (`None` = the scheme's default).
    pub fn ladder(&self) -> Result<Option<Vec<PlayoffStep>>> {
        if self.playoff.is_empty() {
            return Ok(None);
        }
        Ok(Some(parse_ladder(&self.playoff.join(","))?))
    }

    /// Each play-off step's time control as typed (`--playoff-times`, the
    /// event form's field): in ladder order, separated by `;` (or `；`),
    /// an empty item keeping the event's.
    pub fn parse_playoff_times(
        text: &str,
    ) -> std::result::Result<Vec<Option<TimeControl>>, crate::domain::ParseTimeControlError> {
        text.split([';', '；'])
            .map(|x| {
                let x = x.trim();
                if x.is_empty() {
                    Ok(None)
                } else {
                    x.parse::<TimeControl>().map(Some)
                }
            })
            .collect()
    }

    /// Each play-off step's label as typed (`--playoff-labels`, the event
    /// form's field): in ladder order, separated by `;` (or `；`).
    pub fn parse_playoff_labels(text: &str) -> Vec<String> {
        text.split([';', '；'])
            .map(|x| x.trim().to_string())
            .collect()
    }
}

/// Where a knockout's seeds come from ([`App::find_seed`] reads it from
/// what was typed): another event's final order, or a season's table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedSource {
    Event(EventId),
    Season(crate::domain::SeasonId),
}

/// One match of the bracket, as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchView {
    pub round: RoundNo,
    /// Position in its round from the top of the bracket (the third-place
    /// match follows the final).
    pub board: BoardNo,
    pub a: Entry,
    /// `None` = bye.
    pub b: Option<Entry>,
    pub third_place: bool,
    /// Red in game 1.
    pub first_red: i64,
    pub winner: Option<Entry>,
    /// `games`, `scheme`, `playoff-games`, … `bye`.
    pub decided_by: Option<&'static str>,
    /// The match in games (regular and play-off, for a and b); `None` for a bye.
    pub score: Option<MatchScore>,
    /// The games played so far (number, red, black, result).
    pub games: Vec<Game>,
    /// What the match needs next (a game, a lot) or why it is stuck.
    pub next: Option<NextStep>,
}

/// What an undecided match needs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum NextStep {
    Game {
        game_no: u32,
        red: String,
        black: String,
        /// `None` = a regular game, else the ladder step (`games:2`, `armageddon`).
        step: Option<String>,
        /// The step's time control (the event's for regular games).
        time: String,
        /// The step's label from the settings, if it has one.
        label: Option<String>,
    },
    Lot,
    /// The stored games cannot be scored (a missing fact, …): why, keyed
    /// (as JSON, its English).
    Problem(#[serde(serialize_with = "english")] Msg),
}

/// A keyed reason as JSON: its English, as the bracket's JSON has it.
fn english<S: serde::Serializer>(m: &Msg, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(&m.en())
}

impl NextStep {
    /// A one-line description in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
        self.msg(lang).render(lang)
    }

    /// The description as a keyed message (the step in words in `lang`:
    /// 加赛2局, 和棋黑胜 …).
    pub fn msg(&self, lang: crate::i18n::Lang) -> Msg {
        match self {
            NextStep::Game {
                game_no,
                red,
                black,
                step,
                label,
                ..
            } => {
                let what = match step {
                    None => msg!("ko.due.regular", game = game_no),
                    Some(s) => {
                        let step = crate::report::bracket::step_words(lang, s, label.as_deref());
                        msg!("ko.due.playoff", step, game = game_no)
                    }
                };
                msg!("cl.ko.due", what, red, black)
            }
            NextStep::Lot => msg!("ko.due.lot"),
            NextStep::Problem(p) => p.clone(),
        }
    }
}

/// The whole bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BracketView {
    pub event: String,
    pub scheme: String,
    pub entries: usize,
    pub total_rounds: u32,
    pub rounds: Vec<Vec<MatchView>>,
    pub champion: Option<Entry>,
    pub settings: KnockoutSettings,
}

/// A line of the final ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct KnockoutRank {
    /// `1`, `2`, `3=` …
    pub rank: String,
    pub entry: Entry,
    pub lost_in_round: Option<u32>,
}

/// What a knockout result did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnockoutResult {
    pub game: Game,
    pub view: MatchView,
    /// Later matches re-paired after a correction (round, board).
    pub repaired: Vec<(u32, u32)>,
}

/// A match in the working bracket.
#[derive(Clone, Debug)]
struct Slot {
    round: u32,
    board: u32,
    board_id: i64,
    a: i64,
    b: Option<i64>,
    first_red: i64,
    third_place: bool,
    lot: Option<i64>,
    games: Vec<Game>,
}

struct Bracket {
    ev: Event,
    settings: KnockoutSettings,
    rules: MatchRules,
    entries: Vec<Entry>,
    total: u32,
    rounds: Vec<Vec<Slot>>,
}

impl Bracket {
    fn entry(&self, id: i64) -> &Entry {
        self.entries
            .iter()
            .find(|e| e.id == id)
            .expect("bracket players are entries")
    }

    fn seed(&self, id: i64) -> u32 {
        self.entry(id).start_no
    }

    fn name(&self, id: i64) -> String {
        self.entry(id).name.clone()
    }

    fn players(&self, s: &Slot) -> Option<MatchPlayers> {
        let b = s.b?;
        Some(MatchPlayers {
            a: s.a,
            b,
            higher: if self.seed(s.a) <= self.seed(b) {
                s.a
            } else {
                b
            },
            first_red: s.first_red,
        })
    }

    /// Decides a match from `games` (a bye is decided).
    fn decide(&self, s: &Slot, games: &[Game]) -> std::result::Result<MatchStatus, MatchError> {
        match self.players(s) {
            None => Ok(MatchStatus {
                state: MatchState::Decided {
                    winner: s.a,
                    // After round 1 a player alone in a match had both
                    // would-be opponents out (a double forfeit): a walkover.
                    by: match s.round {
                        1 => crate::scoring::knockout::DecidedBy::Bye,
                        _ => crate::scoring::knockout::DecidedBy::Forfeit,
                    },
                    games: 0,
                },
                score: Default::default(),
                playoff: Default::default(),
                phases: Vec::new(),
                games: Default::default(),
            }),
            Some(p) => decide_match(&self.rules, &p, games, s.lot).map(|mut st| {
                for t in &mut st.games.steps {
                    t.label = self.label_of(Phase::Playoff {
                        index: t.index,
                        step: t.step,
                    });
                }
                st
            }),
        }
    }

    fn winner(&self, s: &Slot) -> Option<i64> {
        self.decide(s, &s.games).ok().and_then(|st| st.winner())
    }

    /// Decided: a winner, or both players out by a double forfeit.
    fn settled(&self, s: &Slot) -> bool {
        self.decide(s, &s.games).is_ok_and(|st| st.settled())
    }

    fn loser(&self, s: &Slot) -> Option<i64> {
        let w = self.winner(s)?;
        let b = s.b?;
        Some(if w == s.a { b } else { s.a })
    }

    fn slot(&self, round: u32, board: u32) -> Result<&Slot> {
        self.rounds
            .get(round.wrapping_sub(1) as usize)
            .and_then(|r| r.iter().find(|s| s.board == board))
            .ok_or_else(|| invalid!("err.app.no_board", round, board))
    }

    /// How often `id` had red in the event's played games.
    fn reds(&self, id: i64) -> u32 {
        self.rounds
            .iter()
            .flatten()
            .flat_map(|s| &s.games)
            .filter(|g| g.outcome != Outcome::Unplayed && g.red == id)
            .count() as u32
    }

    /// The time control of a game in a phase: the step's own, else
    /// armageddon's odds, else the event's.
    fn time_of(&self, phase: Phase) -> TimeControl {
        match phase {
            Phase::Playoff { index, step } => self
                .settings
                .playoff_times
                .get(index)
                .copied()
                .flatten()
                .unwrap_or(if step == PlayoffStep::Armageddon {
                    self.settings.armageddon_time
                } else {
                    self.ev.settings.time_control
                }),
            Phase::Regular => self.ev.settings.time_control,
        }
    }

    /// The label of a phase's step, if the settings give one.
    fn label_of(&self, phase: Phase) -> Option<String> {
        match phase {
            Phase::Playoff { index, .. } => self
                .settings
                .playoff_labels
                .get(index)
                .map(|l| l.trim().to_string())
                .filter(|l| !l.is_empty()),
            Phase::Regular => None,
        }
    }

    fn match_error(&self, s: &Slot, e: MatchError) -> Msg {
        match e {
            MatchError::NotDue { game_no, why } => msg!(
                "err.ko.game_refused",
                round = s.round,
                board = s.board,
                game = game_no,
                why
            ),
            MatchError::Colours {
                game_no,
                red,
                black,
            } => msg!(
                "err.ko.game_refused",
                round = s.round,
                board = s.board,
                game = game_no,
                why = msg!(
                    "err.ko.colours",
                    red = self.name(red),
                    black = self.name(black)
                )
            ),
            MatchError::Scoring(mut e) => {
                // The scoring core knows the game by number and entry ids
                // only: name its round, board and players.
                if let Some(g) = e.game_mut() {
                    g.round = s.round;
                    g.board = s.board;
                    for side in [&mut g.red, &mut g.black] {
                        let id = side.strip_prefix('#').and_then(|x| x.parse::<i64>().ok());
                        if let Some(e) = id.and_then(|id| self.entries.iter().find(|e| e.id == id))
                        {
                            *side = e.name.clone();
                        }
                    }
                }
                e.msg()
            }
        }
    }

    fn view(&self, s: &Slot) -> MatchView {
        let st = self.decide(s, &s.games);
        let (winner, decided_by, score, next) = match &st {
            Ok(st) => {
                let next = match st.state {
                    MatchState::Decided { .. } | MatchState::BothOut => None,
                    MatchState::NeedsLot => Some(NextStep::Lot),
                    MatchState::Due(d) => Some(NextStep::Game {
                        game_no: d.game_no,
                        red: self.name(d.red),
                        black: self.name(d.black),
                        step: match d.phase {
                            Phase::Regular => None,
                            Phase::Playoff { step, .. } => Some(step.code()),
                        },
                        time: self.time_of(d.phase).to_string(),
                        label: self.label_of(d.phase),
                    }),
                };
                (
                    st.winner().map(|w| self.entry(w).clone()),
                    st.decided_by().map(|d| d.code()),
                    s.b.map(|_| st.games.clone()),
                    next,
                )
            }
            Err(e) => (
                None,
                None,
                None,
                Some(NextStep::Problem(self.match_error(s, e.clone()))),
            ),
        };
        MatchView {
            round: RoundNo(s.round),
            board: BoardNo(s.board),
            a: self.entry(s.a).clone(),
            b: s.b.map(|b| self.entry(b).clone()),
            third_place: s.third_place,
            first_red: s.first_red,
            winner,
            decided_by,
            score,
            games: s
                .games
                .iter()
                .filter(|g| g.outcome != Outcome::Unplayed)
                .cloned()
                .collect(),
            next,
        }
    }

    /// The players a later match should have, from the matches before it:
    /// (upper, lower), `None` where a match before is undecided.
    fn expected(&self, s: &Slot) -> (Option<i64>, Option<i64>) {
        let prev = &self.rounds[s.round as usize - 2];
        let find = |b: u32| prev.iter().find(|x| x.board == b && !x.third_place);
        if s.third_place {
            (
                find(1).and_then(|x| self.loser(x)),
                find(2).and_then(|x| self.loser(x)),
            )
        } else {
            (
                find(2 * s.board - 1).and_then(|x| self.winner(x)),
                find(2 * s.board).and_then(|x| self.winner(x)),
            )
        }
    }

    /// Red of game 1 for a match of `round` between `a` and `b`.
    fn first_red(&self, round: u32, a: i64, b: i64) -> i64 {
        let c = ko::first_colour(
            round,
            (self.seed(a), self.reds(a)),
            (self.seed(b), self.reds(b)),
        );
        if c == crate::domain::Colour::Red {
            a
        } else {
            b
        }
    }
}

impl App {
    /// The knockout settings of an event, `None` if it is not a knockout.
    pub fn knockout_settings(&self, event: &Event) -> Result<Option<KnockoutSettings>> {
        match self.store.knockout_settings(event.id)? {
            None => Ok(None),
            Some(json) => {
                Ok(Some(serde_json::from_str(&json).map_err(|e| {
                    invalid!("err.app.bad_pairing_setting", why = e)
                })?))
            }
        }
    }

    /// The entries of an event, by start number (= seed in a knockout).
    pub fn knockout_entries(&self, event: EventId) -> Result<Vec<Entry>> {
        let ev = self.event(event)?;
        let mut v = self.store.entries(ev.id)?;
        v.sort_by_key(|e| e.start_no);
        Ok(v)
    }

    /// Where a knockout is seeded from, read from what was typed: `key`
    /// names an event, or a season (a name no event has), and `top` how
    /// many of its first are entered (at least two).
    pub fn find_seed(&self, key: &str, top: u32) -> Result<(SeedSource, u32)> {
        if top < 2 {
            return Err(invalid!("err.ko.seed_from_top"));
        }
        let from = match self.seed_season(key)? {
            Some(season) => SeedSource::Season(crate::domain::SeasonId(season.id)),
            None => SeedSource::Event(self.find_event(key)?.key()),
        };
        Ok((from, top))
    }

    /// Creates a knockout. With `seed_from` = (event, N), the other event's
    /// top N (in its final order) are entered as seeds 1..N; with a season,
    /// its top N qualified players (the front ends go through
    /// [`App::create_event_of`]).
    pub(crate) fn create_knockout(
        &mut self,
        name: &str,
        date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
        knockout: &KnockoutSettings,
        seed_from: Option<(SeedSource, u32)>,
    ) -> Result<Event> {
        let mut s = settings.clone();
        if !crate::config::SCHEMES.contains(&s.scheme.as_str()) {
            return Err(invalid!(
                "err.app.unknown_scheme",
                scheme = &s.scheme,
                allowed = crate::config::SCHEMES.join(", ")
            ));
        }
        let scheme = crate::scoring::Scheme::from_id(&s.scheme, &s.scheme_settings)?;
        crate::scoring::TieBreaks::for_event(crate::domain::EventKind::Knockout, &s.tiebreaks)?;
        if !(1..=2).contains(&s.games_per_round) {
            return Err(invalid!("err.app.games_per_round"));
        }
        if scheme.kind().is_two_game() {
            s.games_per_round = 2;
        }
        // The number of rounds follows from the entries (set when round 1 is paired).
        s.rounds = 1;
        let steps = knockout
            .ladder()?
            .unwrap_or_else(|| crate::scoring::knockout::default_ladder(scheme.kind()))
            .len();
        let given = knockout
            .playoff_times
            .len()
            .max(knockout.playoff_labels.len());
        if given > steps {
            return Err(invalid!("err.ko.step_settings", given, steps));
        }
        if knockout.draw != "seed" && knockout.draw != "lot" {
            return Err(invalid!("err.ko.bad_draw", draw = &knockout.draw));
        }
        let mut ko = knockout.clone();
        let mut seeded = Vec::new();
        if let Some((from, top)) = seed_from {
            if top < 2 {
                return Err(invalid!("err.ko.seed_from_top"));
            }
            match from {
                SeedSource::Season(season) => {
                    seeded = self.season_top(season, top)?.iter().map(|m| m.0).collect();
                    ko.seed_from = Some(self.store.season(season.0)?.name);
                }
                SeedSource::Event(from) => {
                    let src = self.event(from)?;
                    let order: Vec<Entry> = if self.knockout_settings(&src)?.is_some() {
                        self.knockout_ranking(src.key())?
                            .into_iter()
                            .map(|r| r.entry)
                            .collect()
                    } else {
                        let (_, st) = self.standings(src.key(), None)?;
                        let entries = self.store.entries(src.id)?;
                        st.rows
                            .iter()
                            .filter_map(|r| entries.iter().find(|e| e.id == r.player.id).cloned())
                            .collect()
                    };
                    if order.len() < top as usize {
                        return Err(invalid!(
                            "err.ko.top_too_many",
                            event = &src.name,
                            count = order.len(),
                            top
                        ));
                    }
                    seeded = order
                        .iter()
                        .take(top as usize)
                        .map(|e| e.member_id)
                        .collect();
                    ko.seed_from = Some(src.name.clone());
                }
            }
        }
        let json = serde_json::to_string(&ko)
            .map_err(|e| invalid!("err.app.bad_pairing_setting", why = e))?;
        Ok(self
            .store
            .create_knockout_event(name, date, &s, &json, &seeded)?)
    }

    /// The red and black of the game due in a knockout's match (round,
    /// board), when one is due: who a player's report of that board is
    /// about. `None` for any other event or a match with nothing due.
    pub(super) fn knockout_due_seats(
        &self,
        ev: &Event,
        round: u32,
        board: u32,
    ) -> Result<Option<(i64, i64)>> {
        if self.knockout_settings(ev)?.is_none() {
            return Ok(None);
        }
        let br = self.bracket_of(ev)?;
        let Ok(slot) = br.slot(round, board) else {
            return Ok(None);
        };
        Ok(match br.decide(slot, &slot.games) {
            Ok(crate::scoring::knockout::MatchStatus {
                state: crate::scoring::knockout::MatchState::Due(d),
                ..
            }) => Some((d.red, d.black)),
            _ => None,
        })
    }

    fn bracket_of(&self, ev: &Event) -> Result<Bracket> {
        let settings = self
            .knockout_settings(ev)?
            .ok_or_else(|| invalid!("err.ko.not_knockout", event = &ev.name))?;
        let scheme = self.scheme(ev)?;
        let rules = MatchRules {
            scheme,
            regular: ev.settings.games_per_round,
            ladder: settings.ladder()?,
        };
        let entries = self.store.entries(ev.id)?;
        let boards = self.store.boards(ev.id, None)?;
        let matches: HashMap<i64, crate::store::KnockoutMatchRow> = self
            .store
            .knockout_matches(ev.id)?
            .into_iter()
            .map(|m| (m.board_id, m))
            .collect();
        let mut games: HashMap<i64, Vec<Game>> = HashMap::new();
        for g in self.store.games(ev.id, None)? {
            games.entry(g.game.board_id).or_default().push(g.game);
        }
        let total = ko::rounds_for(entries.len()).max(ev.settings.rounds);
        let mut rounds: Vec<Vec<Slot>> = Vec::new();
        for b in boards {
            while rounds.len() < b.round as usize {
                rounds.push(Vec::new());
            }
            let m = matches.get(&b.id);
            let a = m.map(|m| m.upper).unwrap_or(b.red);
            let other = b.black.map(|x| if a == b.red { x } else { b.red });
            let third_place = b.round == total && b.number == 2 && settings.third_place;
            rounds[b.round as usize - 1].push(Slot {
                round: b.round,
                board: b.number,
                board_id: b.id,
                a,
                b: other,
                first_red: b.red,
                third_place,
                lot: m.and_then(|m| m.lot_winner),
                games: games.remove(&b.id).unwrap_or_default(),
            });
        }
        Ok(Bracket {
            ev: ev.clone(),
            settings,
            rules,
            entries,
            total,
            rounds,
        })
    }
}

mod pair;
mod results;
#[cfg(test)]
mod tests;
mod view;
