//! The vocabulary of a club: plain data shared by every layer.
//!
//! Nothing here touches a file, a database or a terminal.

pub mod archive;
mod clock;
mod fraction;
mod game;
mod identity;
mod ids;
pub mod limits;
mod names;
mod points;
pub mod prize;
mod rng;
mod scheme_constants;
mod settings;
mod team;
mod tiebreak_list;
pub mod typed;

pub use clock::{format_duration_ms, parse_duration_ms, ParseTimeControlError, TimeControl};
pub use fraction::Fraction;
pub use game::{
    FirstStrike, Game, GameFacts, Material, MaterialParseError, Outcome, OutcomeParseError,
    PieceMoves, PlacedGame, Termination,
};
pub use identity::{Identity, Paper};
pub use ids::{AfterRound, BoardNo, EntryId, EventId, MemberId, RoundNo, SeasonId, TeamId};
pub use names::NameOrder;
pub use points::{ParsePointsError, Points};
pub use prize::{
    Category, CertificateTemplate, Prize, PrizeFacts, PrizeList, PrizeValue, Sharing,
    CERTIFICATE_FIELDS,
};
pub use rng::SplitMix64;
pub use scheme_constants::{
    Constant, ConstantError, ConstantName, ConstantValue, SchemeConstants, CONSTANT_NAMES,
};
pub use settings::{
    Acceleration, ClubApart, EventExtras, PairingKey, PairingOptions, PairingSettings,
    SettingsError, TrfByes,
};
pub use team::{
    lineup_order_break, match_board_of, round_board_number, short_points, MatchPoints, Team,
    TeamMatch, TeamSettings, TiedMatch,
};
pub use tiebreak_list::TieBreakList;

use serde::{Deserialize, Serialize};
use std::fmt;

/// Which side a player has. Red moves first (先手).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Red,
    Black,
}

impl Colour {
    pub fn opposite(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }

    /// The stable code stored in the database and used on the command line.
    pub fn code(self) -> &'static str {
        match self {
            Colour::Red => "red",
            Colour::Black => "black",
        }
    }

    pub fn from_code(s: &str) -> Option<Colour> {
        match s.trim().to_ascii_lowercase().as_str() {
            "red" | "r" | "w" | "white" | "红" | "紅" => Some(Colour::Red),
            "black" | "b" | "黑" => Some(Colour::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Player's sex, as clubs record it for separate prizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sex {
    M,
    F,
}

impl Sex {
    pub fn code(self) -> &'static str {
        match self {
            Sex::M => "m",
            Sex::F => "f",
        }
    }
    pub fn from_code(s: &str) -> Option<Sex> {
        match s.trim().to_ascii_lowercase().as_str() {
            "m" | "male" | "男" => Some(Sex::M),
            "f" | "female" | "女" => Some(Sex::F),
            _ => None,
        }
    }
}

/// A club member (会员).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    pub id: i64,
    pub name: String,
    pub rating: Option<i32>,
    pub club: Option<String>,
    /// An external id (federation number, membership card).
    pub ext_id: Option<String>,
    pub born: Option<i32>,
    pub sex: Option<Sex>,
    pub retired: bool,
}

/// A member not yet stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewMember {
    pub name: String,
    pub rating: Option<i32>,
    pub club: Option<String>,
    pub ext_id: Option<String>,
    pub born: Option<i32>,
    pub sex: Option<Sex>,
}

/// The pairing system of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PairingSystem {
    /// FIDE Dutch (C.04.3), red in the role of white.
    Dutch,
    /// The Chinese Swiss method (积分编排).
    Cxa,
    /// Round-robin on FIDE Berger tables.
    Berger,
}

impl PairingSystem {
    pub const ALL: [PairingSystem; 3] = [
        PairingSystem::Dutch,
        PairingSystem::Cxa,
        PairingSystem::Berger,
    ];

    pub fn code(self) -> &'static str {
        match self {
            PairingSystem::Dutch => "dutch",
            PairingSystem::Cxa => "cxa",
            PairingSystem::Berger => "berger",
        }
    }
    pub fn from_code(s: &str) -> Option<PairingSystem> {
        Self::ALL.into_iter().find(|p| p.code() == s.trim())
    }
}

/// What a requested bye scores, and what a pairing bye adds to opponent score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ByeOpponentScore {
    /// The lowest score in the field (CXA 2011 14.4). Default.
    Lowest,
    Zero,
    /// The player's own score (FIDE 2023).
    Own,
}

impl ByeOpponentScore {
    pub const ALL: [ByeOpponentScore; 3] = [
        ByeOpponentScore::Lowest,
        ByeOpponentScore::Zero,
        ByeOpponentScore::Own,
    ];
    pub fn code(self) -> &'static str {
        match self {
            ByeOpponentScore::Lowest => "lowest",
            ByeOpponentScore::Zero => "zero",
            ByeOpponentScore::Own => "own",
        }
    }
    pub fn from_code(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.code() == s.trim())
    }
}

/// What a bye requested in advance scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RequestedByeValue {
    Zero,
    /// Half of the scheme's win value.
    Half,
}

impl RequestedByeValue {
    pub fn code(self) -> &'static str {
        match self {
            RequestedByeValue::Zero => "zero",
            RequestedByeValue::Half => "half",
        }
    }
    pub fn from_code(s: &str) -> Option<Self> {
        match s.trim() {
            "zero" => Some(Self::Zero),
            "half" => Some(Self::Half),
            _ => None,
        }
    }
}

/// Bye settings of an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ByeSettings {
    pub opponent_score: ByeOpponentScore,
    pub requested: RequestedByeValue,
    /// A player with this many consecutive forfeits is no longer paired (0 = never).
    pub forfeits_to_drop: u32,
}

impl Default for ByeSettings {
    fn default() -> Self {
        ByeSettings {
            opponent_score: ByeOpponentScore::Lowest,
            requested: RequestedByeValue::Zero,
            forfeits_to_drop: 2,
        }
    }
}

/// Where an event is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventStatus {
    Planned,
    Running,
    Finished,
}

impl EventStatus {
    pub fn code(self) -> &'static str {
        match self {
            EventStatus::Planned => "planned",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
        }
    }
    pub fn from_code(s: &str) -> Option<Self> {
        match s {
            "planned" => Some(Self::Planned),
            "running" => Some(Self::Running),
            "finished" => Some(Self::Finished),
            _ => None,
        }
    }
}

/// What an event is: how its results are ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// Players paired by a system (Swiss or round robin).
    #[default]
    Individual,
    /// Teams play matches on boards (团体赛).
    Team,
    /// A bracket (淘汰赛).
    Knockout,
}

impl EventKind {
    /// The kind's name, by key (个人赛, 团体赛, 淘汰赛).
    pub fn key(self) -> &'static str {
        match self {
            EventKind::Individual => "kind.individual",
            EventKind::Team => "kind.team",
            EventKind::Knockout => "kind.knockout",
        }
    }

    /// What the events list shows under 编排 for an event of this kind:
    /// the pairing system's key for individual and team events
    /// (`tui.system.*`), 淘汰赛 for a knockout (its stored system is not
    /// used).
    pub fn system_key(self, ev: &Event) -> String {
        match self {
            EventKind::Knockout => "tui.system.knockout".to_string(),
            _ => format!("tui.system.{}", ev.settings.system.code()),
        }
    }
}

/// The settings an event is created with (also the config's defaults).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EventSettings {
    /// Scoring scheme id (`standard`, `three-point`, …).
    pub scheme: String,
    /// Scheme constants that override the scheme's defaults, by name
    /// (read against the scheme where they are typed or stored).
    pub scheme_settings: SchemeConstants,
    pub system: PairingSystem,
    pub rounds: u32,
    pub games_per_round: u32,
    pub time_control: TimeControl,
    /// Tie-break codes after points, of the event's kind; empty = the
    /// kind's default order (the scheme's, for an individual event).
    pub tiebreaks: TieBreakList,
    pub byes: ByeSettings,
    /// The pairing options and what the event keeps beside them (one
    /// JSON object in the database's `pairing_settings` column).
    pub pairing_settings: PairingSettings,
}

impl Default for EventSettings {
    fn default() -> Self {
        EventSettings {
            scheme: "standard".into(),
            scheme_settings: SchemeConstants::default(),
            system: PairingSystem::Dutch,
            rounds: 7,
            games_per_round: 1,
            time_control: TimeControl::symmetric(90 * 60_000, 30_000),
            tiebreaks: TieBreakList::default(),
            byes: ByeSettings::default(),
            pairing_settings: PairingSettings::default(),
        }
    }
}

/// An event (赛事): a tournament or a club night series.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Event {
    pub id: i64,
    pub name: String,
    pub start_date: Option<chrono::NaiveDate>,
    pub end_date: Option<chrono::NaiveDate>,
    pub settings: EventSettings,
    pub status: EventStatus,
}

impl Event {
    /// The edition of FIDE C.07 (tie-breaks) the event follows where a
    /// code names none (`/V`): [`c07_edition`] of its start date.
    pub fn c07_edition(&self) -> u16 {
        c07_edition(self.start_date)
    }
}

/// The edition of FIDE C.07 (tie-breaks) an event that starts on `start`
/// follows where a code names none (`/V`): 2024 before 1 March 2026, as
/// FIDE's checker takes it, else (or with no date) 2026.
pub fn c07_edition(start: Option<chrono::NaiveDate>) -> u16 {
    let from = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).expect("a date");
    match start {
        Some(d) if d < from => 2024,
        _ => 2026,
    }
}

/// An entry's standing in the event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum EntryStatus {
    Active,
    /// Withdrawn after round N (0 = before the first round): not paired from round N+1.
    Withdrawn {
        after_round: u32,
    },
}

/// A player's entry in an event (参赛).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub id: i64,
    pub event_id: i64,
    pub member_id: i64,
    pub name: String,
    /// Start number (序号), 1-based.
    pub start_no: u32,
    pub rating: Option<i32>,
    pub club: Option<String>,
    pub status: EntryStatus,
    /// First round the player can be paired in (1 unless a late entry).
    pub first_round: u32,
}

impl Entry {
    /// Can this entry be paired in round `r`?
    pub fn available_in(&self, r: u32) -> bool {
        let not_withdrawn = match self.status {
            EntryStatus::Active => true,
            EntryStatus::Withdrawn { after_round } => r <= after_round,
        };
        not_withdrawn && r >= self.first_round
    }
}

/// A bye asked for in advance for one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedBye {
    pub entry_id: i64,
    pub round: u32,
    pub value: RequestedByeValue,
    /// False for an absence without notice recorded at check-in (缺席),
    /// true for a bye asked for or excused (请假).
    pub notice: bool,
}

/// What fills a board: a game between two entries, or a bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardKind {
    Game,
    /// Pairing-allocated bye (轮空): scores as a win.
    PairingBye,
}

/// A board of a round. `black` is `None` for a bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub id: i64,
    pub round: u32,
    pub number: u32,
    pub red: i64,
    pub black: Option<i64>,
}

/// A pair of entries that must not meet (clubmates, family).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenPair {
    pub a: i64,
    pub b: i64,
    /// The rounds it holds for (first, last); `None`: every round.
    #[serde(default)]
    pub rounds: Option<(u32, u32)>,
}

impl ForbiddenPair {
    /// Does the pair hold when round `round` is paired? A pair kept apart
    /// in several ranges is one value a range: it holds in a round when one
    /// of its values does.
    pub fn holds_in(&self, round: u32) -> bool {
        self.rounds.is_none_or(|(a, b)| a <= round && round <= b)
    }
}

/// Ranges of rounds in order, those that overlap or meet joined.
pub fn join_ranges(mut ranges: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    ranges.sort_unstable();
    let mut out: Vec<(u32, u32)> = Vec::new();
    for (f, l) in ranges {
        match out.last_mut() {
            Some(last) if f <= last.1.saturating_add(1) => last.1 = last.1.max(l),
            _ => out.push((f, l)),
        }
    }
    out
}

/// `ranges` without the rounds `first..=last`.
pub fn cut_ranges(ranges: &[(u32, u32)], (first, last): (u32, u32)) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for &(f, l) in ranges {
        if l < first || f > last {
            out.push((f, l));
            continue;
        }
        if f < first {
            out.push((f, first - 1));
        }
        if l > last {
            out.push((last + 1, l));
        }
    }
    out
}

/// A pair's ranges of rounds, in order, apart; none: every round.
pub type PairRounds = Vec<(u32, u32)>;

/// The forbidden pairs pair by pair (entry ids, smaller first; in the
/// order first met), each with its ranges.
pub fn forbidden_by_pair(pairs: &[ForbiddenPair]) -> Vec<((i64, i64), PairRounds)> {
    // `None`: every round.
    let mut out: Vec<((i64, i64), Option<PairRounds>)> = Vec::new();
    for f in pairs {
        let key = (f.a.min(f.b), f.a.max(f.b));
        let at = match out.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None => {
                out.push((key, Some(Vec::new())));
                out.len() - 1
            }
        };
        match (f.rounds, &mut out[at].1) {
            (Some(r), Some(v)) => v.push(r),
            (None, slot) => *slot = None,
            (Some(_), None) => {}
        }
    }
    out.into_iter()
        .map(|(k, v)| (k, v.map(join_ranges).unwrap_or_default()))
        .collect()
}

/// Ranges as a reader writes them: `1–3, 6–8`, a single round `5`.
pub fn ranges_text(ranges: &[(u32, u32)]) -> String {
    ranges
        .iter()
        .map(|&(f, l)| match f == l {
            true => f.to_string(),
            false => format!("{f}–{l}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_join_cut_and_group_by_pair() {
        assert_eq!(
            join_ranges(vec![(6, 8), (1, 3), (4, 4), (10, 12)]),
            [(1, 4), (6, 8), (10, 12)]
        );
        assert_eq!(cut_ranges(&[(1, 8)], (3, 5)), [(1, 2), (6, 8)]);
        assert_eq!(cut_ranges(&[(1, 3), (6, 8)], (2, 7)), [(1, 1), (8, 8)]);
        assert_eq!(cut_ranges(&[(1, 3)], (1, 3)), []);
        let f = |a, b, rounds| ForbiddenPair { a, b, rounds };
        let g = forbidden_by_pair(&[f(1, 2, Some((6, 8))), f(3, 4, None), f(2, 1, Some((1, 3)))]);
        assert_eq!(g, [((1, 2), vec![(1, 3), (6, 8)]), ((3, 4), vec![])]);
        assert!(f(1, 2, Some((6, 8))).holds_in(7) && !f(1, 2, Some((6, 8))).holds_in(5));
        assert_eq!(ranges_text(&[(1, 3), (5, 5)]), "1–3, 5");
    }

    #[test]
    fn entry_availability_follows_late_entry_and_withdrawal() {
        let mut e = Entry {
            id: 1,
            event_id: 1,
            member_id: 1,
            name: "x".into(),
            start_no: 1,
            rating: None,
            club: None,
            status: EntryStatus::Active,
            first_round: 3,
        };
        assert!(!e.available_in(2));
        assert!(e.available_in(3));
        e.status = EntryStatus::Withdrawn { after_round: 4 };
        assert!(e.available_in(4));
        assert!(!e.available_in(5));
    }

    #[test]
    fn codes_round_trip() {
        for s in PairingSystem::ALL {
            assert_eq!(PairingSystem::from_code(s.code()), Some(s));
        }
        assert_eq!(Colour::from_code("红"), Some(Colour::Red));
        assert_eq!(Colour::Red.opposite(), Colour::Black);
    }
}
