//! What the Dutch rules need to know of each player: score, colour
//! history and preference, floats, bye eligibility, whom he may not meet.

use crate::domain::{Colour, Points};
use crate::i18n::msg;
use crate::pairing::{PairedBoard, PairingError, RoundKind, RoundPairing, SwissState};
use std::collections::{HashMap, HashSet};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

#[derive(Clone, Debug)]
pub(super) struct Player {
    pub id: u32,
    /// Pairing number among the players taking part (0-based).
    pub rank: usize,
    /// The pairing score: points plus the round's virtual points
    /// (accelerated pairings; `pairing::accel`).
    pub score: Points,
    /// Points without virtual points (the board order reads them).
    pub real_score: Points,
    /// |games as red − games as black|.
    pub imbalance: usize,
    pub pref: Option<Colour>,
    /// Colour of the last two (or more) games when they were the same.
    pub repeated: Option<Colour>,
    pub strong: bool,
    /// Colours of played games, oldest first.
    pub colours: Vec<Colour>,
    pub bye_eligible: bool,
    /// Key for the "unplayed games of the bye assignee" criterion.
    pub played_games_for_bye: usize,
    /// Float of one and two rounds back.
    floats: [Float; 2],
    /// Whom he may not meet (ids met before and forbidden pairs), sorted
    /// and without repeats: a few entries, searched for every edge of the
    /// pairing graph, faster than a hashed set.
    pub forbidden: Vec<u32>,
}

impl Player {
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    pub fn float(&self, back: usize) -> Float {
        self.floats[back - 1]
    }

    /// Everything of the player the edge weights read but who he is:
    /// two players with the same key weigh alike against anyone either
    /// may meet (`Info::forbids` aside).
    pub fn weight_key(&self) -> WeightKey {
        (
            self.score,
            self.bye_eligible,
            self.played_games_for_bye,
            self.imbalance,
            self.pref,
            self.repeated,
            self.strong,
            self.floats,
        )
    }
}

/// See [`Player::weight_key`].
pub(super) type WeightKey = (
    Points,
    bool,
    usize,
    usize,
    Option<Colour>,
    Option<Colour>,
    bool,
    [Float; 2],
);

pub(super) fn prefs_compatible(a: Option<Colour>, b: Option<Colour>) -> bool {
    a != b || a.is_none() || b.is_none()
}

/// The round's players, in pairing order.
pub(super) struct Info {
    pub players: Vec<Player>,
    /// Indices into `players` of those to pair: score descending, then rank.
    pub sorted: Vec<usize>,
    pub played_rounds: usize,
    total_rounds: usize,
    first_colour: Colour,
    top_threshold: Points,
}

impl Info {
    pub fn build(state: &SwissState) -> Result<Info, PairingError> {
        let played_rounds = state.round.saturating_sub(1) as usize;
        let mut ids = HashMap::new();
        let known: HashSet<u32> = state.players.iter().map(|p| p.id).collect();
        for (i, p) in state.players.iter().enumerate() {
            if ids.insert(p.id, i).is_some() {
                return Err(PairingError::InvalidState(msg!(
                    "err.pairing.duplicate_start_number",
                    id = p.id
                )));
            }
            if p.history.len() != played_rounds {
                return Err(PairingError::InvalidState(msg!(
                    "err.pairing.history_length",
                    id = p.id,
                    found = p.history.len(),
                    expected = played_rounds
                )));
            }
            for (r, rec) in p.history.iter().enumerate() {
                if let Some(o) = rec.opponent {
                    if o == p.id || !known.contains(&o) {
                        return Err(PairingError::InvalidState(msg!(
                            "err.pairing.unknown_opponent",
                            id = p.id,
                            opponent = o,
                            round = r + 1
                        )));
                    }
                }
            }
        }
        let mut order: Vec<usize> = (0..state.players.len()).collect();
        order.sort_by_key(|&i| state.players[i].id);
        let mut players: Vec<Player> = Vec::with_capacity(state.players.len());
        let mut rank = 0usize;
        // The pairing score `back` rounds ago: the points then and that
        // round's virtual points (past rounds' stay in force for floats).
        let accel = &state.virtual_points;
        let score_at = |p: &crate::pairing::PairingPlayer, back: usize| -> Points {
            let real: Points = p.history[..p.history.len() - back]
                .iter()
                .map(|r| r.points)
                .sum();
            let round = (played_rounds - back) as u32 + 1;
            real + crate::pairing::accel::at(accel, p.id, round)
        };
        for &i in &order {
            let p = &state.players[i];
            let participated = p.history.iter().any(|r| {
                matches!(
                    r.kind,
                    RoundKind::Played(_)
                        | RoundKind::ForfeitWin
                        | RoundKind::ForfeitLoss
                        | RoundKind::PairingBye
                )
            });
            let valid = p.available || participated;
            let my_rank = if valid {
                rank += 1;
                rank - 1
            } else {
                usize::MAX
            };
            let colours: Vec<Colour> = p.colours_played().collect();
            let reds = colours.iter().filter(|&&c| c == Colour::Red).count();
            let blacks = colours.len() - reds;
            let mut consecutive = 0usize;
            let mut last = None;
            for &c in &colours {
                if consecutive == 0 || Some(c) != last {
                    consecutive = 1;
                } else {
                    consecutive += 1;
                }
                last = Some(c);
            }
            let lower = if reds > blacks {
                Colour::Black
            } else {
                Colour::Red
            };
            let imbalance = reds.abs_diff(blacks);
            let pref = if imbalance > 1 {
                Some(lower)
            } else if consecutive > 1 {
                last.map(Colour::opposite)
            } else if imbalance > 0 {
                Some(lower)
            } else if consecutive > 0 {
                last.map(Colour::opposite)
            } else {
                None
            };
            let repeated = if consecutive > 1 { last } else { None };
            let absolute = imbalance > 1 || repeated.is_some();
            let unplayed =
                |r: &crate::pairing::RoundRecord| !matches!(r.kind, RoundKind::Played(_));
            let bye_eligible = !p
                .history
                .iter()
                .any(|r| unplayed(r) && r.points >= state.win_points);
            let mut floats = [Float::None; 2];
            for back in 1..=2usize {
                if back > played_rounds {
                    continue;
                }
                let rec = &p.history[played_rounds - back];
                // Only games actually played compare scores (C.04.3): an
                // unplayed round with points (bye, forfeit win) is a
                // downfloat, a forfeit loss no float at all.
                floats[back - 1] = if unplayed(rec) {
                    if rec.points > Points::ZERO {
                        Float::Down
                    } else {
                        Float::None
                    }
                } else if let Some(o) = rec.opponent {
                    let me = score_at(p, back);
                    let q = &state.players[ids[&o]];
                    let them = score_at(q, back);
                    if me > them {
                        Float::Down
                    } else if me < them {
                        Float::Up
                    } else {
                        Float::None
                    }
                } else {
                    Float::None
                };
            }
            let mut forbidden: Vec<u32> = p
                .history
                .iter()
                .filter(|r| {
                    matches!(r.kind, RoundKind::Played(_))
                        || FORFEITS_COUNT_AS_MET
                            && matches!(r.kind, RoundKind::ForfeitWin | RoundKind::ForfeitLoss)
                })
                .filter_map(|r| r.opponent)
                .collect();
            for &(a, b) in &state.forbidden {
                if a == p.id {
                    forbidden.push(b);
                }
                if b == p.id {
                    forbidden.push(a);
                }
            }
            forbidden.sort_unstable();
            forbidden.dedup();
            players.push(Player {
                id: p.id,
                rank: my_rank,
                score: p.points() + state.virtual_now(p.id),
                real_score: p.points(),
                imbalance,
                pref,
                repeated,
                strong: !absolute && imbalance > 0,
                colours,
                bye_eligible,
                // Ranked so that pairing a player with more unplayed rounds
                // weighs more: the bye goes to whoever played the most.
                played_games_for_bye: if PLAYED_GAMES_RANKS {
                    played_rounds - p.colours_played().count()
                } else {
                    0
                },
                floats,
                forbidden,
            });
        }
        let mut sorted: Vec<usize> = (0..players.len())
            .filter(|&i| state.players[order[i]].available)
            .collect();
        sorted.sort_by(|&a, &b| {
            players[b]
                .score
                .cmp(&players[a].score)
                .then(players[a].rank.cmp(&players[b].rank))
        });
        let best = state.win_points.max(state.draw_points);
        Ok(Info {
            players,
            sorted,
            played_rounds,
            total_rounds: state.total_rounds as usize,
            first_colour: state.first_colour,
            top_threshold: Points(played_rounds as i64 * best.0 / 2),
        })
    }

    /// Has either of the two met the other, or may not meet him?
    pub fn forbids(&self, a: &Player, b: &Player) -> bool {
        a.forbidden.binary_search(&b.id).is_ok() || b.forbidden.binary_search(&a.id).is_ok()
    }

    /// May these two meet (absolute criteria C1–C3)?
    pub fn compatible(&self, a: &Player, b: &Player) -> bool {
        if self.forbids(a, b) {
            return false;
        }
        !a.absolute()
            || !b.absolute()
            || a.pref != b.pref
            || (self.played_rounds + 1 >= self.total_rounds
                && (a.score > self.top_threshold || b.score > self.top_threshold))
    }

    /// Does `a` rank below `b` (lower score, or equal score and higher pairing number)?
    fn ranks_below(a: &Player, b: &Player) -> bool {
        (a.score, b.rank) < (b.score, a.rank)
    }

    /// The colour of `p` against `o` when the preferences decide (E1–E4).
    fn neutral_colour(p: &Player, o: &Player) -> Option<Colour> {
        if prefs_compatible(p.pref, o.pref) {
            return p.pref.or(o.pref.map(Colour::opposite));
        }
        if p.absolute() && (p.imbalance > o.imbalance || !o.absolute()) {
            return p.pref;
        }
        if o.absolute() && (o.imbalance > p.imbalance || !p.absolute()) {
            return o.pref.map(Colour::opposite);
        }
        if p.strong && !o.strong {
            return p.pref;
        }
        if o.strong && !p.strong {
            return o.pref.map(Colour::opposite);
        }
        // E4: alternate from the last round in which they had different colours.
        let (mut i, mut j) = (p.colours.len(), o.colours.len());
        while i > 0 && j > 0 && p.colours[i - 1] == o.colours[j - 1] {
            i -= 1;
            j -= 1;
        }
        if i > 0 && j > 0 {
            Some(o.colours[j - 1])
        } else {
            None
        }
    }

    /// The colour `p` gets against `o`.
    fn colour_of(&self, p: &Player, o: &Player) -> Colour {
        if let Some(c) = Self::neutral_colour(p, o) {
            return c;
        }
        let initial = self.first_colour;
        match p.pref {
            None => {
                if Self::ranks_below(p, o) {
                    if o.rank & 1 == 1 {
                        initial
                    } else {
                        initial.opposite()
                    }
                } else if p.rank & 1 == 1 {
                    initial.opposite()
                } else {
                    initial
                }
            }
            Some(pc) => {
                if Self::ranks_below(p, o) {
                    o.pref.map(Colour::opposite).unwrap_or(pc)
                } else {
                    pc
                }
            }
        }
    }

    /// Turns the matching (over `sorted` positions) into boards and the bye.
    pub fn result(&self, mates: &[usize]) -> RoundPairing {
        let mut boards = Vec::new();
        let mut bye = None;
        for (v, &m) in mates.iter().enumerate() {
            let p = &self.players[self.sorted[v]];
            if m == v {
                bye = Some(p.id);
                continue;
            }
            let o = &self.players[self.sorted[m]];
            if p.id < o.id {
                let c = self.colour_of(p, o);
                let (red, black) = if c == Colour::Red { (p, o) } else { (o, p) };
                boards.push((red, black));
            }
        }
        // Board order: higher score of the pair, then lower score, then
        // rank; real points, without virtual ones.
        boards.sort_by(|a, b| {
            let key = |x: &(&Player, &Player)| {
                let below = (x.0.real_score, x.1.rank) < (x.1.real_score, x.0.rank);
                let (h, l) = if below { (x.1, x.0) } else { (x.0, x.1) };
                (
                    std::cmp::Reverse(h.real_score),
                    std::cmp::Reverse(l.real_score),
                    h.rank,
                )
            };
            key(a).cmp(&key(b))
        });
        RoundPairing {
            boards: boards
                .into_iter()
                .map(|(r, b)| PairedBoard {
                    red: r.id,
                    black: b.id,
                })
                .collect(),
            bye,
            notes: Vec::new(),
        }
    }
}

/// Whether a forfeit forbids a later pairing of the same two players. The
/// endorsed engines forbid rematches of games actually played only (two
/// conformance cases, 0034 and 0052, pair forfeit opponents again), so this
/// follows them rather than counting forfeits as met.
const FORFEITS_COUNT_AS_MET: bool = false;
/// Rank bye candidates by their unplayed rounds (2025 rules: the bye goes to
/// the candidate who played the most). Off, every candidate ranks alike.
const PLAYED_GAMES_RANKS: bool = true;
