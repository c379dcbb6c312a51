//! Knockout events (淘汰赛, `specs/knockout.md`): creating one (seeded by
//! rating or from another event's standings), pairing the bracket round by
//! round, results with play-off games, lots, corrections that re-decide a
//! match, the bracket and the final ranking.

use super::{invalid, App, AppError, Result, ResultInput};
use crate::domain::{Entry, Event, EventSettings, Game, Outcome, TimeControl};
use crate::formats::games_csv::read_games_csv;
use crate::history::SplitMix64;
use crate::i18n::{msg, Msg};
use crate::pairing::knockout as ko;
use crate::report::bracket::{BracketDoc, BracketMatch, Slip};
use crate::scoring::knockout::{
    decide_match, parse_ladder, MatchError, MatchPlayers, MatchRules, MatchState, MatchStatus,
    Phase, PlayoffStep,
};
use crate::scoring::validate_game;
use crate::store::{KnockoutRepair, NewBoard};
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
}

/// One match of the bracket, as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchView {
    pub round: u32,
    /// Position in its round from the top of the bracket (the third-place
    /// match follows the final).
    pub board: u32,
    pub a: Entry,
    /// `None` = bye.
    pub b: Option<Entry>,
    pub third_place: bool,
    /// Red in game 1.
    pub first_red: i64,
    pub winner: Option<Entry>,
    /// `games`, `scheme`, `playoff-games`, … `bye`.
    pub decided_by: Option<&'static str>,
    /// Regular match score of a and b, and their play-off points.
    pub score: Option<[crate::domain::Points; 4]>,
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
    /// The stored games cannot be scored (a missing fact, …).
    Problem(String),
}

impl NextStep {
    /// A one-line description in `lang`.
    pub fn text(&self, lang: crate::i18n::Lang) -> String {
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
                    None => msg!("ko.due.regular", game = game_no).render(lang),
                    Some(s) => {
                        let s = label.as_deref().unwrap_or(s);
                        msg!("ko.due.playoff", step = s, game = game_no).render(lang)
                    }
                };
                format!("{what}: {red} – {black}")
            }
            NextStep::Lot => msg!("ko.due.lot").render(lang),
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
                    by: crate::scoring::knockout::DecidedBy::Bye,
                    games: 0,
                },
                score: Default::default(),
                playoff: Default::default(),
            }),
            Some(p) => decide_match(&self.rules, &p, games, s.lot),
        }
    }

    fn winner(&self, s: &Slot) -> Option<i64> {
        self.decide(s, &s.games).ok().and_then(|st| st.winner())
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
            MatchError::Scoring(e) => e.msg(),
        }
    }

    fn view(&self, s: &Slot) -> MatchView {
        let st = self.decide(s, &s.games);
        let (winner, decided_by, score, next) = match &st {
            Ok(st) => {
                let next = match st.state {
                    MatchState::Decided { .. } => None,
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
                    s.b.map(|_| [st.score[0], st.score[1], st.playoff[0], st.playoff[1]]),
                    next,
                )
            }
            Err(e) => (
                None,
                None,
                None,
                Some(NextStep::Problem(self.match_error(s, e.clone()).en())),
            ),
        };
        MatchView {
            round: s.round,
            board: s.board,
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
    pub fn knockout_entries(&self, event: &str) -> Result<Vec<Entry>> {
        let ev = self.store.resolve_event(event)?;
        let mut v = self.store.entries(ev.id)?;
        v.sort_by_key(|e| e.start_no);
        Ok(v)
    }

    /// Is the event (id or name) a knockout?
    pub fn is_knockout(&self, event: &str) -> Result<bool> {
        let ev = self.store.resolve_event(event)?;
        Ok(self.store.knockout_settings(ev.id)?.is_some())
    }

    /// Creates a knockout. With `seed_from` = (event, N), the other event's
    /// top N (in its final order) are entered as seeds 1..N.
    pub fn create_knockout(
        &mut self,
        name: &str,
        date: Option<chrono::NaiveDate>,
        settings: &EventSettings,
        knockout: &KnockoutSettings,
        seed_from: Option<(&str, u32)>,
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
        if !(1..=2).contains(&s.games_per_round) {
            return Err(invalid!("err.app.games_per_round"));
        }
        if scheme.kind.is_two_game() {
            s.games_per_round = 2;
        }
        // The number of rounds follows from the entries (set when round 1 is paired).
        s.rounds = 1;
        let steps = knockout
            .ladder()?
            .unwrap_or_else(|| crate::scoring::knockout::default_ladder(scheme.kind))
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
            let src = self.store.resolve_event(from)?;
            let order: Vec<Entry> = if self.knockout_settings(&src)?.is_some() {
                self.knockout_ranking(&src.name)?
                    .into_iter()
                    .map(|r| r.entry)
                    .collect()
            } else {
                let (_, st) = self.standings(&src.name, None)?;
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
        let json = serde_json::to_string(&ko)
            .map_err(|e| invalid!("err.app.bad_pairing_setting", why = e))?;
        Ok(self
            .store
            .create_knockout_event(name, date, &s, &json, &seeded)?)
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

    /// Pairs the next knockout round (round 1 from the seeds); refused while
    /// a match of the current round is undecided, naming them.
    pub fn knockout_pair(&mut self, event: &str) -> Result<Vec<MatchView>> {
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let n = br.entries.len();
        if n < 2 {
            return Err(invalid!("err.ko.too_few", event = &ev.name, count = n));
        }
        let paired = br.rounds.len() as u32;
        let total = ko::rounds_for(n);
        let round = paired + 1;
        let mut boards: Vec<(NewBoard, i64)> = Vec::new();
        if paired == 0 {
            let mut by_seed: Vec<&Entry> = br.entries.iter().collect();
            by_seed.sort_by_key(|e| e.start_no);
            let mut rng = SplitMix64(
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.as_nanos() as u64)
                    .unwrap_or(20),
            );
            let lot = (br.settings.draw == "lot").then_some(&mut rng);
            let placed = &br.settings.placement;
            let first: Vec<(u32, Option<u32>)> = if placed.is_empty() {
                ko::first_round(n, lot)
            } else {
                let seed = |id: i64| {
                    by_seed
                        .iter()
                        .position(|e| e.id == id)
                        .map(|i| i as u32 + 1)
                };
                placed
                    .chunks(2)
                    .map(|c| match (seed(c[0]), seed(c[1])) {
                        (Some(x), y) => (x, y),
                        (None, Some(y)) => (y, None),
                        (None, None) => (0, None),
                    })
                    .collect()
            };
            for (sa, sb) in first {
                let a = by_seed[sa as usize - 1].id;
                let nb = match sb {
                    None => NewBoard {
                        red: a,
                        black: None,
                    },
                    Some(sb) => {
                        let b = by_seed[sb as usize - 1].id;
                        let red = br.first_red(1, a, b);
                        NewBoard {
                            red,
                            black: Some(if red == a { b } else { a }),
                        }
                    }
                };
                boards.push((nb, a));
            }
        } else {
            if paired >= total {
                return Err(invalid!(
                    "err.ko.finished",
                    event = &ev.name,
                    rounds = total
                ));
            }
            let last = &br.rounds[paired as usize - 1];
            let open: Vec<String> = last
                .iter()
                .filter(|s| br.winner(s).is_none())
                .map(|s| {
                    let v = br.view(s);
                    format!(
                        "board {} {} – {} ({})",
                        s.board,
                        v.a.name,
                        v.b.as_ref().map(|b| b.name.as_str()).unwrap_or(""),
                        v.next
                            .map(|n| n.text(crate::i18n::Lang::En))
                            .unwrap_or_default()
                    )
                })
                .collect();
            if !open.is_empty() {
                return Err(invalid!(
                    "err.ko.undecided",
                    round = paired,
                    matches = open.join("; ")
                ));
            }
            let winners: Vec<i64> = last
                .iter()
                .filter(|s| !s.third_place)
                .filter_map(|s| br.winner(s))
                .collect();
            let mut pairs = ko::next_round(&winners);
            if round == total && br.settings.third_place && total >= 2 {
                let losers: Vec<i64> = last.iter().filter_map(|s| br.loser(s)).collect();
                if losers.len() == 2 {
                    pairs.push((losers[0], losers[1]));
                }
            }
            for (a, b) in pairs {
                let red = br.first_red(round, a, b);
                boards.push((
                    NewBoard {
                        red,
                        black: Some(if red == a { b } else { a }),
                    },
                    a,
                ));
            }
        }
        self.store
            .save_knockout_round(ev.id, round, &boards, total)?;
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        Ok(br.rounds[round as usize - 1]
            .iter()
            .map(|s| br.view(s))
            .collect())
    }

    /// Places the players by hand before round 1: `slots` top to bottom
    /// (player keys; `bye` or `-` for an empty slot), exactly P of them.
    pub fn knockout_place(&mut self, event: &str, slots: &[String]) -> Result<()> {
        let ev = self.store.resolve_event(event)?;
        let mut settings = self
            .knockout_settings(&ev)?
            .ok_or_else(|| invalid!("err.ko.not_knockout", event = &ev.name))?;
        if self.store.rounds_paired(ev.id)? > 0 {
            return Err(invalid!("err.ko.place_after_pairing"));
        }
        let entries = self.store.entries(ev.id)?;
        let p = ko::bracket_size(entries.len());
        let bad = || invalid!("err.ko.bad_placement", slots = p, count = entries.len());
        if slots.len() != p {
            return Err(bad());
        }
        let mut ids = Vec::with_capacity(p);
        for s in slots {
            let t = s.trim();
            if t == "-" || t.eq_ignore_ascii_case("bye") || t == "轮空" {
                ids.push(0);
            } else {
                ids.push(self.store.resolve_entry(ev.id, t)?.id);
            }
        }
        let mut placed: Vec<i64> = ids.iter().copied().filter(|&x| x != 0).collect();
        placed.sort();
        let mut all: Vec<i64> = entries.iter().map(|e| e.id).collect();
        all.sort();
        if placed != all || ids.chunks(2).any(|c| c[0] == 0 && c[1] == 0) {
            return Err(bad());
        }
        settings.placement = ids;
        let json = serde_json::to_string(&settings)
            .map_err(|e| invalid!("err.app.bad_pairing_setting", why = e))?;
        self.store.set_knockout_settings(
            ev.id,
            &json,
            &format!("place the players of {} by hand", ev.name),
        )?;
        Ok(())
    }

    /// [`App::pair_next_round`] for a knockout (the TUI's way in).
    pub(super) fn knockout_pair_outcome(&mut self, event: &str) -> Result<super::PairOutcome> {
        let ms = self.knockout_pair(event)?;
        let mut pairing = crate::pairing::RoundPairing::default();
        for m in &ms {
            match &m.b {
                Some(b) => {
                    let (red, black) = if m.first_red == m.a.id {
                        (m.a.start_no, b.start_no)
                    } else {
                        (b.start_no, m.a.start_no)
                    };
                    pairing
                        .boards
                        .push(crate::pairing::PairedBoard { red, black });
                }
                None => pairing.bye = Some(m.a.start_no),
            }
        }
        Ok(super::PairOutcome {
            round: ms.first().map(|m| m.round).unwrap_or(0),
            pairing,
            violations: Vec::new(),
        })
    }

    /// Records (or corrects) one game of a knockout match, play-offs
    /// included. A correction that changes the winner of a match later
    /// matches depend on is refused unless `force`, which re-pairs them.
    pub fn knockout_result(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        input: &ResultInput,
        force: bool,
    ) -> Result<KnockoutResult> {
        let ev = self.store.resolve_event(event)?;
        let mut br = self.bracket_of(&ev)?;
        let slot = br.slot(round, board)?.clone();
        let Some(p) = br.players(&slot) else {
            return Err(invalid!("err.ko.bye_match", round, board));
        };
        let game_no = input.game_no.unwrap_or(1);
        let before = br.decide(&slot, &slot.games);
        let stored = slot
            .games
            .iter()
            .find(|g| g.game_no == game_no && g.outcome != Outcome::Unplayed)
            .cloned();
        let refuse = |why: Msg| -> AppError {
            AppError::Invalid(msg!(
                "err.ko.game_refused",
                round,
                board,
                game = game_no,
                why
            ))
        };
        let (mut g, phase) = match stored {
            Some(g) => (g, None),
            None => match &before {
                Ok(MatchStatus {
                    state: MatchState::Due(d),
                    ..
                }) if d.game_no == game_no => {
                    let mut g = Game::bare(d.red, d.black, Outcome::Unplayed);
                    g.board_id = slot.board_id;
                    g.game_no = game_no;
                    if let Some(old) = slot.games.iter().find(|x| x.game_no == game_no) {
                        g.id = old.id;
                    }
                    (g, Some(d.phase))
                }
                Ok(MatchStatus {
                    state: MatchState::Due(d),
                    ..
                }) => return Err(refuse(msg!("err.ko.next_due", due = d.game_no))),
                Ok(MatchStatus {
                    state: MatchState::Decided { by, .. },
                    ..
                }) => return Err(refuse(msg!("err.ko.no_playoff_due", by = by.code()))),
                Ok(_) => return Err(refuse(msg!("err.ko.lot_due"))),
                Err(e) => return Err(AppError::Invalid(br.match_error(&slot, e.clone()))),
            },
        };
        let tc = match phase {
            Some(ph) => br.time_of(ph),
            None => ev.settings.time_control,
        };
        super::results::apply_input(&mut g, input, &tc)?;
        if g.outcome == Outcome::Unplayed {
            return Err(invalid!(
                "err.app.game_why",
                at = msg!("err.app.game_at", round, board, game = game_no),
                why = msg!("err.ko.game_due", game = game_no)
            ));
        }
        validate_game(&tc, game_no.max(br.rules.regular), &g).map_err(|why| {
            invalid!(
                "err.app.game_why",
                at = msg!("err.app.game_at", round, board, game = game_no),
                why = why.msg()
            )
        })?;
        let mut games: Vec<Game> = slot
            .games
            .iter()
            .filter(|x| x.game_no != game_no && x.outcome != Outcome::Unplayed)
            .cloned()
            .collect();
        games.push(g.clone());
        games.sort_by_key(|x| x.game_no);
        let after = br
            .decide(&slot, &games)
            .map_err(|e| AppError::Invalid(br.match_error(&slot, e)))?;
        let old_winner = before.ok().and_then(|s| s.winner());
        let new_winner = after.winner();
        // Later matches that depend on this one.
        let mut repairs = Vec::new();
        let mut repaired = Vec::new();
        if old_winner != new_winner && (round as usize) < br.rounds.len() {
            let idx = br
                .rounds
                .get(round as usize - 1)
                .and_then(|r| r.iter().position(|s| s.board == board))
                .expect("the match is in its round");
            br.rounds[round as usize - 1][idx].games = games.clone();
            let later: Vec<Slot> = br.rounds[round as usize]
                .iter()
                .filter(|s| {
                    let (u, l) = br.expected(s);
                    u != Some(s.a) || l != s.b
                })
                .cloned()
                .collect();
            if !later.is_empty() {
                let names: Vec<String> = later
                    .iter()
                    .map(|s| {
                        format!(
                            "round {} board {} {} – {}",
                            s.round,
                            s.board,
                            br.name(s.a),
                            s.b.map(|b| br.name(b)).unwrap_or_default()
                        )
                    })
                    .collect();
                let Some(w) = new_winner else {
                    return Err(invalid!(
                        "err.ko.later_undecided",
                        matches = names.join("; ")
                    ));
                };
                if !force {
                    return Err(invalid!(
                        "err.ko.affects_later",
                        winner = br.name(w),
                        matches = names.join("; ")
                    ));
                }
                let played: Vec<String> = later
                    .iter()
                    .zip(&names)
                    .filter(|(s, _)| s.games.iter().any(|g| g.outcome != Outcome::Unplayed))
                    .map(|(_, n)| n.clone())
                    .collect();
                if !played.is_empty() {
                    return Err(invalid!("err.ko.later_played", matches = played.join("; ")));
                }
                for s in &later {
                    let (Some(u), Some(l)) = br.expected(s) else {
                        continue;
                    };
                    let red = br.first_red(s.round, u, l);
                    repairs.push(KnockoutRepair {
                        board_id: s.board_id,
                        red,
                        black: if red == u { l } else { u },
                        upper: u,
                    });
                    repaired.push((s.round, s.board));
                }
            }
        }
        let summary = format!(
            "result {} round {round} board {board} game {game_no}: {} – {} {}",
            ev.name,
            br.name(g.red),
            br.name(g.black),
            g.outcome.code()
        );
        let _ = p;
        let ids = self
            .store
            .save_knockout_games(&[g.clone()], &repairs, &summary)?;
        g.id = ids[0];
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let view = br.view(br.slot(round, board)?);
        Ok(KnockoutResult {
            game: g,
            view,
            repaired,
        })
    }

    /// Records the winner drawn by lot for a match tied at the lot step.
    pub fn knockout_lot(
        &mut self,
        event: &str,
        round: u32,
        board: u32,
        winner: &str,
    ) -> Result<MatchView> {
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let slot = br.slot(round, board)?.clone();
        let Some(b) = slot.b else {
            return Err(invalid!("err.ko.bye_match", round, board));
        };
        let mut open = slot.clone();
        open.lot = None;
        let why = match br.decide(&open, &open.games) {
            Ok(MatchStatus {
                state: MatchState::NeedsLot,
                ..
            }) => None,
            Ok(MatchStatus {
                state: MatchState::Decided { by, .. },
                ..
            }) => Some(msg!("err.ko.no_playoff_due", by = by.code())),
            Ok(MatchStatus {
                state: MatchState::Due(d),
                ..
            }) => Some(msg!("err.ko.next_due", due = d.game_no)),
            Err(e) => Some(br.match_error(&slot, e)),
        };
        if let Some(why) = why {
            return Err(invalid!("err.ko.lot_not_due", round, board, why));
        }
        let e = self.store.resolve_entry(ev.id, winner)?;
        if e.id != slot.a && e.id != b {
            return Err(invalid!(
                "err.ko.lot_not_player",
                name = &e.name,
                round,
                board
            ));
        }
        let summary = format!(
            "lot {} round {round} board {board}: {} wins",
            ev.name, e.name
        );
        self.store.set_knockout_lot(slot.board_id, e.id, &summary)?;
        let br = self.bracket_of(&ev)?;
        Ok(br.view(br.slot(round, board)?))
    }

    /// Imports a games CSV into a knockout's paired rounds: each row
    /// attaches to the match of its two players; game numbers continue into
    /// the play-offs. All or nothing.
    pub fn knockout_import(&mut self, event: &str, bytes: &[u8], file: &str) -> Result<usize> {
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let rows = read_games_csv(bytes, file)?;
        if rows.is_empty() {
            return Err(invalid!("err.app.no_games_in_file", file));
        }
        let by_name = |n: &str| br.entries.iter().find(|e| e.name == n.trim()).map(|e| e.id);
        // Working copy of each touched match's games.
        let mut work: HashMap<(u32, u32), Vec<Game>> = HashMap::new();
        let mut order: Vec<(u32, u32)> = Vec::new();
        let mut counted: HashMap<(u32, u32), u32> = HashMap::new();
        let mut out: Vec<Game> = Vec::new();
        for row in &rows {
            let line = row.line;
            let Some(black_name) = &row.black else {
                continue; // a bye row: byes need no games
            };
            if row.round == 0 || row.round as usize > br.rounds.len() {
                return Err(invalid!(
                    "err.ko.round_not_paired",
                    file,
                    line,
                    round = row.round
                ));
            }
            let (red, black) = (by_name(&row.red), by_name(black_name));
            let slot = br.rounds[row.round as usize - 1].iter().find(|s| {
                let pair = [Some(s.a), s.b];
                red.is_some() && black.is_some() && pair.contains(&red) && pair.contains(&black)
            });
            let Some(slot) = slot else {
                return Err(invalid!(
                    "err.ko.no_match_for",
                    file,
                    line,
                    round = row.round,
                    red = &row.red,
                    black = black_name
                ));
            };
            let key = (slot.round, slot.board);
            let n = counted.entry(key).or_insert(0);
            *n += 1;
            let game_no = if row.game_given { row.game } else { *n };
            let mut g = Game::bare(red.unwrap_or(0), black.unwrap_or(0), row.outcome);
            g.board_id = slot.board_id;
            g.game_no = game_no;
            g.moves = row.moves;
            g.red_used_ms = row.red_used_ms;
            g.black_used_ms = row.black_used_ms;
            g.termination = row.termination;
            g.red_fouls = row.red_fouls;
            g.black_fouls = row.black_fouls;
            g.red_residual = row.red_residual;
            g.black_residual = row.black_residual;
            g.first_strike = row.first_strike;
            g.red_pieces = row.red_pieces;
            g.black_pieces = row.black_pieces;
            g.record = row.record.clone();
            // Play-off games are faster: the event's time control bounds them.
            let tc = ev.settings.time_control;
            validate_game(&tc, game_no.max(br.rules.regular), &g)
                .map_err(|why| invalid!("err.ko.import_line", file, line, why = why.msg()))?;
            let games = work.entry(key).or_insert_with(|| {
                order.push(key);
                slot.games
                    .iter()
                    .filter(|x| x.outcome != Outcome::Unplayed)
                    .cloned()
                    .collect()
            });
            games.retain(|x| x.game_no != game_no);
            games.push(g.clone());
            games.sort_by_key(|x| x.game_no);
            // Each row must fit the match so far (colours, games due).
            let upto: Vec<Game> = games
                .iter()
                .filter(|x| x.game_no <= game_no)
                .cloned()
                .collect();
            if let Err(e) = br.decide(slot, &upto) {
                return Err(invalid!(
                    "err.ko.import_line",
                    file,
                    line,
                    why = br.match_error(slot, e)
                ));
            }
            out.retain(|x| !(x.board_id == g.board_id && x.game_no == g.game_no));
            out.push(g);
        }
        // The whole of each match must fit too; a winner changed under a
        // paired later match is refused.
        for key in &order {
            let slot = br.slot(key.0, key.1)?;
            let games = &work[key];
            let st = br
                .decide(slot, games)
                .map_err(|e| invalid!("err.app.in_file", file, why = br.match_error(slot, e)))?;
            if (key.0 as usize) < br.rounds.len() && st.winner() != br.winner(slot) {
                let mut copy = slot.clone();
                copy.games = games.clone();
                let later: Vec<String> = br.rounds[key.0 as usize]
                    .iter()
                    .filter(|s| {
                        let (u, l) = br.expected(s);
                        u != Some(s.a) || l != s.b
                    })
                    .map(|s| format!("round {} board {}", s.round, s.board))
                    .collect();
                if !later.is_empty() {
                    return Err(invalid!(
                        "err.ko.later_undecided",
                        matches = later.join("; ")
                    ));
                }
            }
        }
        let n = out.len();
        let summary = format!("import {n} knockout games into {} from {file}", ev.name);
        self.store.save_knockout_games(&out, &[], &summary)?;
        Ok(n)
    }

    /// The bracket as a printable chart with the slips of the games due.
    pub fn bracket_doc(&self, b: &BracketView, lang: crate::i18n::Lang) -> BracketDoc {
        let rounds = b
            .rounds
            .iter()
            .map(|r| {
                r.iter()
                    .map(|m| {
                        let note = match (&m.score, m.decided_by) {
                            (Some(s), Some(by)) => format!("{}–{} {by}", s[0], s[1]),
                            (None, Some(by)) => by.to_string(),
                            _ => m.next.as_ref().map(|n| n.text(lang)).unwrap_or_default(),
                        };
                        BracketMatch {
                            board: m.board,
                            a: m.a.name.clone(),
                            b: m.b.as_ref().map(|x| x.name.clone()),
                            winner: m.winner.as_ref().map(|x| x.name.clone()),
                            note,
                            third_place: m.third_place,
                        }
                    })
                    .collect()
            })
            .collect();
        let mut slips = Vec::new();
        for m in b.rounds.iter().flatten() {
            if let Some(NextStep::Game {
                game_no,
                red,
                black,
                step,
                time,
                ..
            }) = &m.next
            {
                slips.push(Slip {
                    round: m.round,
                    board: m.board,
                    game_no: *game_no,
                    red: red.clone(),
                    black: black.clone(),
                    what: m.next.as_ref().map(|n| n.text(lang)).unwrap_or_default(),
                    time: time.clone(),
                    note: (step.as_deref() == Some("armageddon"))
                        .then(|| msg!("ko.armageddon_note", red).render(lang)),
                });
            }
        }
        BracketDoc {
            title: format!("{} — {}", b.event, msg!("ko.bracket").render(lang)),
            round_names: (1..=b.total_rounds)
                .map(|r| msg!("ko.round", round = r).render(lang))
                .collect(),
            rounds,
            size: ko::bracket_size(b.entries),
            champion: b.champion.as_ref().map(|c| c.name.clone()),
            champion_label: msg!("ko.champion").render(lang),
            third_place_label: msg!("ko.third_place").render(lang),
            bye_label: msg!("ko.bye").render(lang),
            slips,
        }
    }

    /// The bracket with every match's state.
    pub fn bracket(&self, event: &str) -> Result<BracketView> {
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let rounds: Vec<Vec<MatchView>> = br
            .rounds
            .iter()
            .map(|r| r.iter().map(|s| br.view(s)).collect())
            .collect();
        let champion = if br.rounds.len() as u32 == br.total {
            rounds
                .last()
                .and_then(|r| r.iter().find(|m| m.board == 1 && !m.third_place))
                .and_then(|m| m.winner.clone())
        } else {
            None
        };
        Ok(BracketView {
            event: ev.name.clone(),
            scheme: ev.settings.scheme.clone(),
            entries: br.entries.len(),
            total_rounds: br.total,
            rounds,
            champion,
            settings: br.settings.clone(),
        })
    }

    /// A knockout's standings or crosstable as a printed document: the
    /// knockout ranking (rank, name, lost in round), the crosstable with
    /// each round's opponent and result from the player's side.
    pub(crate) fn print_knockout_doc(
        &self,
        event: &str,
        crosstable: bool,
        lang: crate::i18n::Lang,
        info: crate::report::EventInfo,
    ) -> Result<crate::report::Doc> {
        use crate::report::bracket::{ranking_doc, KnockoutRankLine};
        let b = self.bracket(event)?;
        let lines: Vec<KnockoutRankLine> =
            self.knockout_ranking(event)?
                .into_iter()
                .map(|r| {
                    let id = r.entry.id;
                    let rounds =
                        b.rounds
                            .iter()
                            .map(|ms| {
                                let Some(m) = ms.iter().find(|m| {
                                    m.a.id == id || m.b.as_ref().is_some_and(|x| x.id == id)
                                }) else {
                                    return String::new();
                                };
                                let Some(other) = (if m.a.id == id {
                                    m.b.as_ref()
                                } else {
                                    Some(&m.a)
                                }) else {
                                    return msg!("ko.bye").render(lang);
                                };
                                let mark = match &m.winner {
                                    Some(w) if w.id == id => "+",
                                    Some(_) => "-",
                                    None => "",
                                };
                                format!("{mark}{}", other.name)
                            })
                            .collect();
                    KnockoutRankLine {
                        rank: r.rank,
                        name: r.entry.name,
                        rounds,
                        lost_in_round: r.lost_in_round,
                    }
                })
                .collect();
        Ok(ranking_doc(&info, &lines, b.total_rounds, crosstable, lang))
    }

    /// The final ranking (or as far as known): 1, 2, 3=, 5=, … by seed
    /// within a shared place.
    pub fn knockout_ranking(&self, event: &str) -> Result<Vec<KnockoutRank>> {
        let ev = self.store.resolve_event(event)?;
        let br = self.bracket_of(&ev)?;
        let mut by_seed: Vec<&Entry> = br.entries.iter().collect();
        by_seed.sort_by_key(|e| e.start_no);
        let seed_of: HashMap<i64, u32> = by_seed
            .iter()
            .enumerate()
            .map(|(i, e)| (e.id, i as u32 + 1))
            .collect();
        let result = |s: &Slot| ko::MatchResult {
            a: seed_of[&s.a],
            b: s.b.map(|b| seed_of[&b]),
            winner: br.winner(s).map(|w| seed_of[&w]),
        };
        let rounds: Vec<Vec<ko::MatchResult>> = br
            .rounds
            .iter()
            .map(|r| r.iter().filter(|s| !s.third_place).map(result).collect())
            .collect();
        let third = br
            .rounds
            .iter()
            .flatten()
            .find(|s| s.third_place)
            .map(result);
        Ok(ko::ranking(by_seed.len(), &rounds, third)
            .into_iter()
            .map(|r| KnockoutRank {
                rank: r.rank_text(),
                entry: by_seed[r.seed as usize - 1].clone(),
                lost_in_round: r.lost_in,
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::domain::NewMember;

    fn app(n: usize) -> App {
        let mut app = App::in_memory(Config::default()).unwrap();
        for i in 1..=n {
            app.add_member(&NewMember {
                name: format!("S{i}"),
                rating: Some(2000 - i as i32),
                ..Default::default()
            })
            .unwrap();
        }
        let s = EventSettings::default();
        app.create_knockout("K", None, &s, &KnockoutSettings::default(), None)
            .unwrap();
        let names: Vec<String> = (1..=n).map(|i| format!("S{i}")).collect();
        app.enter_players("K", &names).unwrap();
        app
    }

    #[test]
    fn players_placed_by_hand_before_round_one() {
        let mut a = app(3);
        let slots = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // Two empty slots in one match, a player twice, the wrong count: refused.
        assert!(a
            .knockout_place("K", &slots(&["S1", "S2", "bye", "-"]))
            .is_err());
        assert!(a
            .knockout_place("K", &slots(&["S1", "S1", "S2", "bye"]))
            .is_err());
        assert!(a.knockout_place("K", &slots(&["S1", "S2", "S3"])).is_err());
        a.knockout_place("K", &slots(&["S3", "bye", "S1", "S2"]))
            .unwrap();
        let r1 = a.knockout_pair("K").unwrap();
        assert_eq!(r1[0].a.name, "S3");
        assert!(r1[0].b.is_none());
        assert_eq!(r1[0].decided_by, Some("bye"));
        assert_eq!(
            (
                r1[1].a.name.as_str(),
                r1[1].b.as_ref().unwrap().name.as_str()
            ),
            ("S1", "S2")
        );
        assert_eq!(r1[1].first_red, r1[1].a.id, "the higher seed has red");
        let e = a
            .knockout_place("K", &slots(&["S1", "S2", "S3", "bye"]))
            .unwrap_err();
        assert!(e.to_string().contains("before round 1"), "{e}");
    }

    #[test]
    fn a_lot_is_refused_unless_the_match_is_tied_at_the_lot_step() {
        let mut a = app(2);
        let mut k = a
            .knockout_settings(&a.store.resolve_event("K").unwrap())
            .unwrap()
            .unwrap();
        k.playoff = vec!["games:1".into(), "lot".into()];
        let json = serde_json::to_string(&k).unwrap();
        let id = a.store.resolve_event("K").unwrap().id;
        a.store.set_knockout_settings(id, &json, "test").unwrap();
        a.knockout_pair("K").unwrap();
        let draw = ResultInput {
            outcome: Some(Outcome::Draw),
            game_no: Some(1),
            ..Default::default()
        };
        a.knockout_result("K", 1, 1, &draw, false).unwrap();
        let e = a.knockout_lot("K", 1, 1, "S1").unwrap_err();
        assert!(e.to_string().contains("game 2 is the one due"), "{e}");
        let draw2 = ResultInput {
            game_no: Some(2),
            ..draw.clone()
        };
        a.knockout_result("K", 1, 1, &draw2, false).unwrap();
        let m = a.knockout_lot("K", 1, 1, "S2").unwrap();
        assert_eq!(m.winner.unwrap().name, "S2");
        assert_eq!(m.decided_by, Some("lot"));
        // No further game once the lot decided.
        let draw3 = ResultInput {
            game_no: Some(3),
            ..draw
        };
        assert!(a.knockout_result("K", 1, 1, &draw3, false).is_err());
    }
}
