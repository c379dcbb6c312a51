//! Pairing: pure code, no database, no terminal.
//!
//! Every system takes the same [`SwissState`] (the players with their history
//! up to the round being paired) and returns a [`RoundPairing`]. The store and
//! the TRF reader both build a `SwissState`; nothing here knows where it came from.

pub mod accel;
pub mod berger;
pub mod check;
pub mod clubs;
pub mod cxa;
pub mod dutch;
pub mod knockout;
pub mod matching;
pub mod team;
pub mod trf;

pub use clubs::ClubApart;

use crate::domain::{Colour, PairingSystem, Points};
use crate::i18n::{msg, Msg};
use serde::{Deserialize, Serialize};

/// What one player got in one earlier round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundKind {
    /// A game over the board with this game score.
    Played(GameScore),
    /// Won by forfeit: counts as met, not as played for colour purposes (FIDE).
    ForfeitWin,
    /// Lost by forfeit (absent).
    ForfeitLoss,
    /// Pairing-allocated bye (轮空, TRF `U`, or `F` full-point bye).
    PairingBye,
    /// A bye asked for in advance (TRF `H` half or `Z` zero).
    RequestedBye,
    /// Not paired: absent, late entry, withdrawn.
    NotPaired,
}

/// A game's result from this player's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GameScore {
    Win,
    Draw,
    Loss,
}

/// One earlier round of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRecord {
    pub opponent: Option<u32>,
    /// The colour this player had (game 1's colour in a two-game round);
    /// `None` when no game was played.
    pub colour: Option<Colour>,
    pub kind: RoundKind,
    /// Points this round brought, in the event's scheme.
    pub points: Points,
}

/// A player as the pairing sees him: start number, strength and history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingPlayer {
    /// Start number (序号), 1-based, unique.
    pub id: u32,
    pub name: String,
    pub rating: u32,
    /// For same-club avoidance; `None` means no constraint.
    pub club: Option<String>,
    /// One record per completed round (`history[0]` is round 1).
    pub history: Vec<RoundRecord>,
    /// Can this player be paired in the round being paired? (false: withdrawn,
    /// a requested bye for this round, a late entry who starts later).
    pub available: bool,
}

impl PairingPlayer {
    /// A player with no history, available, unrated and without a club.
    pub fn new(id: u32, name: impl Into<String>) -> PairingPlayer {
        PairingPlayer {
            id,
            name: name.into(),
            rating: 0,
            club: None,
            history: Vec::new(),
            available: true,
        }
    }

    /// Total points before the round being paired.
    pub fn points(&self) -> Points {
        self.history.iter().map(|r| r.points).sum()
    }

    /// Opponents met (games and forfeits both count as met).
    pub fn opponents(&self) -> impl Iterator<Item = u32> + '_ {
        self.history.iter().filter_map(|r| r.opponent)
    }

    /// Colours of games actually played, in order.
    pub fn colours_played(&self) -> impl Iterator<Item = Colour> + '_ {
        self.history
            .iter()
            .filter(|r| matches!(r.kind, RoundKind::Played(_)))
            .filter_map(|r| r.colour)
    }
}

/// Everything a system needs to pair the next round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SwissState {
    pub players: Vec<PairingPlayer>,
    /// The round being paired, 1-based.
    pub round: u32,
    /// Rounds planned for the event.
    pub total_rounds: u32,
    /// Pairs (start numbers) that must not meet.
    pub forbidden: Vec<(u32, u32)>,
    /// Colour of the top seed on board 1 in round 1 (TRF `XXC`); red by default.
    pub first_colour: Colour,
    /// Points for a win and a draw in the event's scheme (for score groups).
    pub win_points: Points,
    pub draw_points: Points,
    /// Accelerated pairings: each player's virtual points by round (see
    /// [`accel`]); empty when the event is not accelerated.
    #[serde(default)]
    pub virtual_points: accel::VirtualPoints,
}

impl SwissState {
    /// Round 1 of an event of `total_rounds` scored 2-1-0, red first on board 1.
    pub fn first_round(players: Vec<PairingPlayer>, total_rounds: u32) -> SwissState {
        SwissState {
            players,
            round: 1,
            total_rounds,
            forbidden: Vec::new(),
            first_colour: Colour::Red,
            win_points: Points::new(2),
            draw_points: Points::new(1),
            virtual_points: accel::VirtualPoints::new(),
        }
    }

    pub fn player(&self, id: u32) -> Option<&PairingPlayer> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The virtual points of player `id` in the round being paired.
    pub fn virtual_now(&self, id: u32) -> Points {
        accel::at(&self.virtual_points, id, self.round)
    }
}

/// Options of the Chinese method (`../shared/specs/cxa-swiss.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CxaOptions {
    /// Round-1 pairing method: 1 临近, 2 首尾, 3 拦腰 (default), 4 random, 5 halves.
    pub round1_method: u8,
    /// Round-1 colour method 1..=11 (default 11: keep pairing order).
    pub round1_colour: u8,
    /// 禁连三 (no three same colours in a row).
    pub no_three_in_row: bool,
    /// 同队不相遇 (same club never meets).
    pub avoid_same_club: bool,
    /// 调整上下调 (float balancing).
    pub float_balance: bool,
    /// Identical-history colour option: 2 (default, by round parity) or 1 (号和, seed sum).
    pub identical_colour_option: u8,
    /// Last-rounds colour threshold (0 = off); default 0.5 of a point.
    pub last_rounds_threshold: Points,
    /// The last-rounds colour rule applies from round R − this (default 2).
    pub last_rounds_from_end: u32,
    /// Bye choice: 0 = never had a bye and lowest score; 1 = lowest group, fewest byes.
    pub bye_mode: u8,
    /// Seed for the random round-1 method.
    pub random_seed: u64,
    /// Players removed after this many consecutive forfeit losses at the end
    /// of their history ("lianqi", default 2; 0 = off). Also used by the
    /// round-robin.
    pub forfeit_limit: u32,
    /// Round-1 method 5 and colour methods 1/5: players flagged upper half.
    pub upper_half: Vec<u32>,
    /// Round-1 method 5 and colour methods 1/5: players flagged lower half.
    pub lower_half: Vec<u32>,
    /// 前X轮得Y分不排: after `.0` rounds, players with at least `.1` points
    /// are not paired any more.
    pub qualified_after: Option<(u32, Points)>,
    /// 第X轮未得Y分淘汰: after round `.0`, players with fewer than `.1`
    /// points are eliminated.
    pub eliminated_after: Option<(u32, Points)>,
    /// Largest set the exhaustive matching (E1/E2) searches (default 16);
    /// beyond it a maximum-cardinality matching that keeps the absolute
    /// rules pairs the bottom of the field, with a note for the arbiter.
    pub exhaustive_cap: usize,
}

impl Default for CxaOptions {
    fn default() -> Self {
        CxaOptions {
            round1_method: 3,
            round1_colour: 11,
            no_three_in_row: true,
            avoid_same_club: true,
            float_balance: true,
            identical_colour_option: 2,
            last_rounds_threshold: Points(50),
            last_rounds_from_end: 2,
            bye_mode: 0,
            random_seed: 0,
            forfeit_limit: 2,
            upper_half: Vec::new(),
            lower_half: Vec::new(),
            qualified_after: None,
            eliminated_after: None,
            exhaustive_cap: 16,
        }
    }
}

impl CxaOptions {
    /// The defaults with an event's options over them.
    pub fn with(o: &crate::domain::PairingOptions) -> CxaOptions {
        let d = CxaOptions::default();
        CxaOptions {
            round1_method: o.round1_method.unwrap_or(d.round1_method),
            round1_colour: o.round1_colour.unwrap_or(d.round1_colour),
            no_three_in_row: o.no_three_in_row.unwrap_or(d.no_three_in_row),
            avoid_same_club: o.avoid_same_club.unwrap_or(d.avoid_same_club),
            float_balance: o.float_balance.unwrap_or(d.float_balance),
            identical_colour_option: o
                .identical_colour_option
                .unwrap_or(d.identical_colour_option),
            last_rounds_threshold: o.last_rounds_threshold.unwrap_or(d.last_rounds_threshold),
            last_rounds_from_end: o.last_rounds_from_end.unwrap_or(d.last_rounds_from_end),
            bye_mode: o.bye_mode.unwrap_or(d.bye_mode),
            random_seed: o.random_seed.unwrap_or(d.random_seed),
            forfeit_limit: o.forfeit_limit.unwrap_or(d.forfeit_limit),
            upper_half: o.upper_half.clone().unwrap_or(d.upper_half),
            lower_half: o.lower_half.clone().unwrap_or(d.lower_half),
            qualified_after: o.qualified_after.or(d.qualified_after),
            eliminated_after: o.eliminated_after.or(d.eliminated_after),
            exhaustive_cap: o.exhaustive_cap.unwrap_or(d.exhaustive_cap),
        }
    }
}

/// How to pair.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairingConfig {
    pub system: PairingSystem,
    pub cxa: CxaOptions,
    /// Berger: play a double round-robin (colours reversed in the second cycle).
    pub double_round_robin: bool,
    /// Dutch: keep clubmates apart.
    #[serde(default)]
    pub clubmates: ClubApart,
}

impl PairingConfig {
    pub fn new(system: PairingSystem) -> PairingConfig {
        PairingConfig {
            system,
            cxa: CxaOptions::default(),
            double_round_robin: false,
            clubmates: ClubApart::Off,
        }
    }

    /// Whether the system keeps players of one club apart with this
    /// configuration (the Chinese method's 同队不相遇, the Dutch
    /// clubmates rule).
    pub fn keeps_clubs_apart(&self) -> bool {
        match self.system {
            PairingSystem::Cxa => self.cxa.avoid_same_club,
            PairingSystem::Dutch => self.clubmates != ClubApart::Off,
            _ => false,
        }
    }

    /// The same configuration with the club rule off, every other rule
    /// kept: how a round the club rule blocks is paired on purpose.
    pub fn without_club_rule(&self) -> PairingConfig {
        let mut c = self.clone();
        c.cxa.avoid_same_club = false;
        c.clubmates = ClubApart::Off;
        c
    }
}

/// One board of a new round: `red` has red (in game 1 of a two-game round).
///
/// Two-game rounds (分先): every system pairs them exactly like one-game
/// rounds. `red` is red in game 1 and the colours swap in game 2. The
/// history (`RoundRecord::colour`) records game 1's colour, so the colour
/// balancing of the next rounds alternates who starts game 1, which is the
/// only colour imbalance a two-game round can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PairedBoard {
    pub red: u32,
    pub black: u32,
}

/// The result of pairing a round, boards in the system's board order.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundPairing {
    pub boards: Vec<PairedBoard>,
    /// The pairing-allocated bye, if any.
    pub bye: Option<u32>,
    /// Notes for the arbiter (relaxed rules, warnings), in any UI language.
    /// Not stored: they are said once, when the round is paired.
    #[serde(skip)]
    pub notes: Vec<Msg>,
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute rules (no rematch, forbidden pairs, colours).
    NoLegalPairing { round: u32, why: Msg },
    /// The state is inconsistent (duplicate start numbers, unknown opponents…).
    InvalidState(Msg),
    /// The round is beyond what the system can pair (e.g. a finished round-robin).
    RoundOutOfRange { round: u32, why: Msg },
}

impl PairingError {
    /// The error as a keyed message: the frame and the pairing system's
    /// reason, both in the UI language.
    pub fn msg(&self) -> Msg {
        match self {
            PairingError::NoLegalPairing { round, why } => {
                msg!("err.pairing.no_legal_pairing", round, why = why.clone())
            }
            PairingError::InvalidState(why) => {
                msg!("err.pairing.invalid_state", why = why.clone())
            }
            PairingError::RoundOutOfRange { round, why } => {
                msg!("err.pairing.round_out_of_range", round, why = why.clone())
            }
        }
    }
}

/// Pairs the next round with the configured system.
pub fn pair(state: &SwissState, config: &PairingConfig) -> Result<RoundPairing, PairingError> {
    match config.system {
        PairingSystem::Dutch => clubs::pair_dutch(state, config.clubmates),
        PairingSystem::Cxa => cxa::pair(state, &config.cxa),
        PairingSystem::Berger => berger::pair(state, config),
    }
}

crate::i18n::english_display!(PairingError);
