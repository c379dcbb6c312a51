//! A TRF file ([`Trf`], read and written by `formats::trf`) and the
//! pairing model ([`SwissState`]), both ways; and the virtual points a TRF
//! file asks for (its own `250` / `XXA` records, or FIDE's Baku rule).

use super::{accel, GameScore, PairingPlayer, RoundKind, RoundRecord, SwissState};
use crate::domain::Points;
use crate::formats::trf::{AccelRecord, PointSettings, Trf, TrfError, TrfPlayer, TrfRound};

/// The virtual points pairing uses: the file's own (`250` / `XXA`) when it
/// has any, else FIDE's Baku rule when `192` asks for it
/// ([`accel::baku`]), else none.
pub fn virtual_points(trf: &Trf) -> accel::VirtualPoints {
    if let Some(t) = trf.explicit_virtual_points() {
        return t;
    }
    if !trf.baku_requested() {
        return accel::VirtualPoints::new();
    }
    let s = trf.settings();
    let mut order: Vec<&TrfPlayer> = trf.players.iter().collect();
    order.sort_by_key(|p| p.id);
    // The pairing list of round 1: everyone without a blank first
    // column once a round is played (those with one entered late).
    let played = trf.played_rounds();
    let at_start: Vec<u32> = order
        .iter()
        .filter(|p| played == 0 || p.rounds.first().is_some_and(|r| !r.is_blank()))
        .map(|p| p.id)
        .collect();
    let ids: Vec<u32> = order.iter().map(|p| p.id).collect();
    let rounds = trf.total_rounds.unwrap_or(played as u32 + 1);
    accel::baku(&ids, &at_start, rounds, s.win, s.draw)
}

impl SwissState {
    /// The pairing model of a TRF file, for the round after its last played
    /// one.
    /// Blocks in the column of that round (`0000 - H`, `Z`, `F`) are byes
    /// asked for in advance: those players are not paired.
    pub fn from_trf(trf: &Trf) -> Result<SwissState, TrfError> {
        let k = trf.played_rounds();
        let s = trf.settings();
        let ids: std::collections::HashSet<u32> = trf.players.iter().map(|p| p.id).collect();
        let virtual_table = virtual_points(trf);
        let mut players = Vec::new();
        for (index, p) in trf.players.iter().enumerate() {
            let mut history = Vec::new();
            for r in 0..k {
                let b = p.rounds.get(r).copied().unwrap_or(TrfRound::BLANK);
                if b.opponent != 0 && !ids.contains(&b.opponent) {
                    return Err(TrfError {
                        line: trf.line_of(index),
                        column: 92 + 10 * r,
                        message: crate::i18n::msg!(
                            "err.trf.unknown_opponent",
                            id = p.id,
                            opponent = b.opponent,
                            round = r + 1
                        ),
                    });
                }
                let opp = if b.opponent == 0 {
                    None
                } else {
                    Some(b.opponent)
                };
                let rec = match b.result {
                    '1' | 'W' | '0' | 'L' | '=' | 'D' if opp.is_some() => {
                        let (g, pts) = match b.result {
                            '1' | 'W' => (GameScore::Win, s.win),
                            '0' | 'L' => (GameScore::Loss, s.loss),
                            _ => (GameScore::Draw, s.draw),
                        };
                        RoundRecord {
                            opponent: opp,
                            colour: b.colour,
                            kind: RoundKind::Played(g),
                            points: pts,
                        }
                    }
                    '+' => RoundRecord {
                        opponent: opp,
                        colour: b.colour,
                        kind: RoundKind::ForfeitWin,
                        points: s.forfeit_win,
                    },
                    // `0000 - -`: absent, not a forfeit.
                    '-' if opp.is_none() => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::NotPaired,
                        points: s.forfeit_loss,
                    },
                    '-' => RoundRecord {
                        opponent: opp,
                        colour: b.colour,
                        kind: RoundKind::ForfeitLoss,
                        points: s.forfeit_loss,
                    },
                    'U' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::PairingBye,
                        points: s.pairing_bye,
                    },
                    // A full-point bye given in advance: not a pairing.
                    'F' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: s.full_bye,
                    },
                    'H' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: s.half_bye,
                    },
                    'Z' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::RequestedBye,
                        points: s.zero_bye,
                    },
                    ' ' => RoundRecord {
                        opponent: None,
                        colour: None,
                        kind: RoundKind::NotPaired,
                        points: Points::ZERO,
                    },
                    c => {
                        return Err(TrfError {
                            line: trf.line_of(index),
                            column: 92 + 10 * r + 7,
                            message: crate::i18n::msg!(
                                "err.trf.needs_opponent",
                                id = p.id,
                                result = c,
                                round = r + 1
                            ),
                        })
                    }
                };
                history.push(rec);
            }
            let next = p.rounds.get(k).copied().unwrap_or(TrfRound::BLANK);
            check_points(
                trf,
                index,
                &history,
                next,
                accel::at(&virtual_table, p.id, k as u32 + 1),
            )?;
            // A `240` bye for the round being paired takes the player out
            // of it, as a block in its column does.
            let bye_240 = trf
                .byes
                .iter()
                .any(|b| b.round as usize == k + 1 && b.ids.contains(&p.id));
            let available =
                next.is_blank() && !bye_240 && p.rounds.iter().skip(k + 1).all(|r| r.is_blank());
            players.push(PairingPlayer {
                id: p.id,
                name: p.name.clone(),
                rating: p.rating,
                club: None,
                history,
                available,
            });
        }
        players.sort_by_key(|p| p.id);
        let mut forbidden = Vec::new();
        let round = k as u32 + 1;
        let in_force = trf
            .prohibited
            .iter()
            .filter(|p| p.first_round <= round && round <= p.last_round)
            .map(|p| &p.ids);
        for g in trf.forbidden.iter().chain(in_force) {
            for (i, &a) in g.iter().enumerate() {
                for &b in &g[i + 1..] {
                    if a != b {
                        forbidden.push((a, b));
                    }
                }
            }
        }
        Ok(SwissState {
            players,
            round: k as u32 + 1,
            total_rounds: trf.total_rounds.unwrap_or(k as u32 + 1).max(k as u32 + 1),
            forbidden,
            first_colour: trf.initial_colour(),
            win_points: s.win,
            draw_points: s.draw,
            virtual_points: virtual_table,
        })
    }
}

/// The points written in a player line (81–84) are their results' sum,
/// as the endorsed engine checks them: it also takes the sum with the
/// virtual points of the round being paired, with the points of a bye
/// already in that round's column, or with both.
fn check_points(
    trf: &Trf,
    index: usize,
    history: &[RoundRecord],
    next: TrfRound,
    accel: Points,
) -> Result<(), TrfError> {
    let p = &trf.players[index];
    let s = trf.settings();
    let sum: Points = history.iter().map(|r| r.points).sum();
    let ahead = match next.result {
        'U' => s.pairing_bye,
        'F' => s.full_bye,
        'H' => s.half_bye,
        'Z' => s.zero_bye,
        '+' => s.forfeit_win,
        '-' => s.forfeit_loss,
        '1' | 'W' => s.win,
        '=' | 'D' => s.draw,
        '0' | 'L' => s.loss,
        _ => Points::ZERO,
    };
    let allowed = [sum, sum + accel, sum + ahead, sum + ahead + accel];
    if allowed.contains(&p.points) {
        return Ok(());
    }
    let id = trf.file_ids.get(p.id as usize - 1).copied().unwrap_or(p.id);
    // As the column writes them: one decimal.
    let shown = |v: Points| format!("{}.{}", v.0 / 100, (v.0 % 100).abs() / 10);
    Err(TrfError {
        line: trf.line_of(index),
        column: 81,
        message: crate::i18n::msg!(
            "err.trf.points_not_results",
            id,
            points = shown(p.points),
            sum = shown(sum)
        ),
    })
}

impl SwissState {
    /// A TRF of the pairing model (for `qishe export trf`): one block per
    /// completed round, and `0000 - H`/`Z` in the next round's column for the
    /// players who are not available for it. Reading it back gives the
    /// state again (points of 1 / ½ / 0; other schemes go in an `XXS` line).
    pub fn to_trf(&self, title: &str) -> Trf {
        let state = self;
        let s = PointSettings {
            win: state.win_points,
            draw: state.draw_points,
            ..PointSettings::default()
        };
        let mut players = Vec::new();
        for p in &state.players {
            let mut rounds: Vec<TrfRound> = p
                .history
                .iter()
                .map(|r| {
                    let result = match r.kind {
                        RoundKind::Played(GameScore::Win) => '1',
                        RoundKind::Played(GameScore::Draw) => '=',
                        RoundKind::Played(GameScore::Loss) => '0',
                        RoundKind::ForfeitWin => '+',
                        RoundKind::ForfeitLoss => '-',
                        RoundKind::PairingBye => 'U',
                        RoundKind::RequestedBye
                            if r.points > Points::ZERO && r.points >= state.win_points =>
                        {
                            'F'
                        }
                        RoundKind::RequestedBye if r.points > Points::ZERO => 'H',
                        RoundKind::RequestedBye => 'Z',
                        RoundKind::NotPaired => ' ',
                    };
                    if result == ' ' {
                        TrfRound::BLANK
                    } else {
                        TrfRound {
                            opponent: r.opponent.unwrap_or(0),
                            colour: r.colour,
                            result,
                        }
                    }
                })
                .collect();
            if !p.available {
                rounds.push(TrfRound {
                    opponent: 0,
                    colour: None,
                    result: 'H',
                });
            }
            while rounds.last().is_some_and(|r| r.is_blank()) {
                rounds.pop();
            }
            players.push(TrfPlayer {
                id: p.id,
                sex: String::new(),
                title: String::new(),
                name: p.name.clone(),
                rating: p.rating,
                federation: String::new(),
                fide_id: String::new(),
                birth: String::new(),
                points: p.points(),
                rank: 0,
                rounds,
            });
        }
        let mut forbidden = Vec::new();
        for &(a, b) in &state.forbidden {
            forbidden.push(vec![a, b]);
        }
        let accelerations = crate::formats::trf::as_ranges(&state.virtual_points)
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
        Trf {
            other_lines: vec![format!("012 {title}")],
            players,
            total_rounds: Some(state.total_rounds),
            first_colour: Some(state.first_colour),
            forbidden,
            points: (s != PointSettings::default()).then_some(s),
            accelerations,
            ..Trf::default()
        }
    }
}

#[cfg(test)]
mod tests;
