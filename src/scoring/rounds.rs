//! Per player and round: what happened and what it scored.

use super::scheme::{Scheme, SchemeKind};
use super::settings::{AttackerDefenderValues, SchemeSettings};
use super::two_game::{hu_round, two_game_round, Ctx, RoundDecision};
use super::{BoardData, EventData, GameRef, ScoringError};
use crate::domain::{Colour, Game, Outcome, Points, RequestedByeValue};
use crate::i18n::msg;

pub use super::scheme::RoundResult;

/// What a player's round was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundKind {
    /// Played over the board.
    Played,
    /// Pairing-allocated bye (轮空): scores as a win.
    PairingBye,
    /// A bye asked for in advance: scores 0 or a half-win; not a pairing bye.
    RequestedBye,
    /// The opponent did not play (`+`).
    ForfeitWin,
    /// This player did not play (`-`).
    ForfeitLoss,
    /// Neither played.
    DoubleForfeit,
    /// Not paired this round (late entry, withdrawn, absent).
    Absent,
    /// Paired, but the result is not in yet.
    Pending,
}

impl RoundKind {
    /// Did the player meet an opponent this round (forfeits count as met)?
    pub fn met(self) -> bool {
        matches!(
            self,
            RoundKind::Played
                | RoundKind::ForfeitWin
                | RoundKind::ForfeitLoss
                | RoundKind::DoubleForfeit
        )
    }
}

/// One game of the round, seen from one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSide {
    pub game_no: u32,
    pub colour: Colour,
    pub result: RoundResult,
    /// Game-level small points (two-game: 2/1/0; hu-two-game: game points).
    pub small: Points,
    pub fouls: u32,
    /// attacker-defender: a decisive win (大胜).
    pub big_win: bool,
    /// attacker-defender: a draw as defender (小胜).
    pub small_win: bool,
    /// Played over the board (not a forfeit, not a bye).
    pub over_board: bool,
}

/// A player's round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerRound {
    pub round: u32,
    pub board: Option<u32>,
    pub kind: RoundKind,
    /// The opponent's entry id (also for forfeits and pending games).
    pub opponent: Option<i64>,
    /// The colour of the round's (first) game; a pairing bye is recorded red.
    pub colour: Option<Colour>,
    /// The round's result (a round won, drawn or lost in two-game schemes).
    pub result: Option<RoundResult>,
    pub points: Points,
    /// The scheme's own small points for this round: draw-0.8 residual
    /// score, two-game small points, hu-two-game game points; else 0.
    pub small: Points,
    pub games: Vec<GameSide>,
}

impl PlayerRound {
    fn absent(round: u32) -> PlayerRound {
        PlayerRound {
            round,
            board: None,
            kind: RoundKind::Absent,
            opponent: None,
            colour: None,
            result: None,
            points: Points::ZERO,
            small: Points::ZERO,
            games: Vec::new(),
        }
    }
}

/// Every player's rounds 1..=`after_round`, indexed like `ev.players`.
pub fn player_rounds(
    ev: &EventData,
    scheme: &Scheme,
    after_round: u32,
) -> Result<Vec<Vec<PlayerRound>>, ScoringError> {
    let idx: std::collections::HashMap<i64, usize> = ev
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.id, i))
        .collect();
    let mut out: Vec<Vec<PlayerRound>> = ev
        .players
        .iter()
        .map(|_| (1..=after_round).map(PlayerRound::absent).collect())
        .collect();
    for rd in ev
        .rounds
        .iter()
        .filter(|r| r.number >= 1 && r.number <= after_round)
    {
        let r = rd.number;
        let slot = (r - 1) as usize;
        let mut seen = std::collections::HashSet::new();
        let mut place = |id: i64, pr: PlayerRound| -> Result<(), ScoringError> {
            let i = *idx
                .get(&id)
                .ok_or(ScoringError::UnknownPlayer { round: r, id })?;
            if !seen.insert(id) {
                return Err(ScoringError::PlayedTwice {
                    round: r,
                    name: ev.name_of(id),
                });
            }
            out[i][slot] = pr;
            Ok(())
        };
        for b in &rd.boards {
            for (id, pr) in score_board(ev, scheme, r, b)? {
                place(id, pr)?;
            }
        }
        for &(id, value) in &rd.requested_byes {
            let points = match value {
                RequestedByeValue::Zero => Points::ZERO,
                RequestedByeValue::Half => scheme.win_value().half(),
            };
            place(
                id,
                PlayerRound {
                    kind: RoundKind::RequestedBye,
                    points,
                    ..PlayerRound::absent(r)
                },
            )?;
        }
    }
    Ok(out)
}

/// What board `board` of round `round` still lacks for the scheme to
/// score it (two-game tie-break facts, a draw's first strike or residual
/// material), as the error standings would give; `None` when it scores,
/// or when it is not there or not finished.
pub fn board_missing(
    ev: &EventData,
    scheme: &Scheme,
    round: u32,
    board: u32,
) -> Option<ScoringError> {
    let b = ev
        .rounds
        .iter()
        .find(|r| r.number == round)?
        .boards
        .iter()
        .find(|b| b.number == board)?;
    match score_board(ev, scheme, round, b) {
        Err(e @ ScoringError::MissingField { .. }) => Some(e),
        _ => None,
    }
}

/// Scores one board: one `PlayerRound` per player on it.
fn score_board(
    ev: &EventData,
    scheme: &Scheme,
    round: u32,
    b: &BoardData,
) -> Result<Vec<(i64, PlayerRound)>, ScoringError> {
    let base = PlayerRound {
        board: Some(b.number),
        ..PlayerRound::absent(round)
    };
    let Some(black) = b.black else {
        // Pairing bye: a win; in two-game schemes 2 points and 2 small.
        let (points, small) = match scheme.settings() {
            SchemeSettings::TwoGame(v) => (v.bye_points, v.bye_small),
            SchemeSettings::HuTwoGame(v) => (v.bye_points, v.bye_small),
            _ => (scheme.win_value(), Points::ZERO),
        };
        let games = if scheme.kind().is_two_game() {
            Vec::new()
        } else {
            vec![GameSide {
                game_no: 1,
                colour: Colour::Red,
                result: RoundResult::Win,
                small: Points::ZERO,
                fouls: 0,
                big_win: scheme.kind() == SchemeKind::AttackerDefender,
                small_win: false,
                over_board: false,
            }]
        };
        return Ok(vec![(
            b.red,
            PlayerRound {
                kind: RoundKind::PairingBye,
                colour: Some(Colour::Red),
                result: Some(RoundResult::Win),
                points,
                small,
                games,
                ..base
            },
        )]);
    };
    let red = b.red;
    let game_ref = |g: &Game| GameRef {
        round,
        board: b.number,
        game_no: g.game_no,
        red: ev.name_of(g.red),
        black: ev.name_of(g.black),
    };
    let mut games: Vec<&Game> = b.games.iter().collect();
    games.sort_by_key(|g| g.game_no);
    for (i, g) in games.iter().enumerate() {
        let same = (g.red == red && g.black == black) || (g.red == black && g.black == red);
        if !same {
            return Err(ScoringError::BadGame {
                game: game_ref(g),
                why: msg!(
                    "err.scoring.not_the_boards_players",
                    red = ev.name_of(red),
                    black = ev.name_of(black)
                ),
            });
        }
        if i > 0 && games[i - 1].game_no == g.game_no {
            return Err(ScoringError::BadGame {
                game: game_ref(g),
                why: msg!("err.scoring.game_twice"),
            });
        }
    }
    // Games without a result do not count yet.
    let decided: Vec<&Game> = games
        .iter()
        .copied()
        .filter(|g| g.outcome != Outcome::Unplayed)
        .collect();
    let pending = || {
        Ok(vec![
            (
                red,
                PlayerRound {
                    kind: RoundKind::Pending,
                    opponent: Some(black),
                    colour: Some(Colour::Red),
                    ..base.clone()
                },
            ),
            (
                black,
                PlayerRound {
                    kind: RoundKind::Pending,
                    opponent: Some(red),
                    colour: Some(Colour::Black),
                    ..base.clone()
                },
            ),
        ])
    };
    if decided.is_empty() {
        return pending();
    }
    let ctx = Ctx {
        scheme: scheme.id(),
        game_ref: &game_ref,
    };
    let decision: RoundDecision = match scheme.kind() {
        SchemeKind::TwoGame => {
            if decided.len() == 1 {
                let g = decided[0];
                if !g.outcome.is_forfeit() {
                    return pending();
                }
                // A whole round forfeited with one entry: as two game forfeits.
                let mut g2 = g.clone();
                g2.game_no = g.game_no + 1;
                std::mem::swap(&mut g2.red, &mut g2.black);
                g2.outcome = match g.outcome {
                    Outcome::RedForfeits => Outcome::BlackForfeits,
                    Outcome::BlackForfeits => Outcome::RedForfeits,
                    o => o,
                };
                two_game_round(scheme, &ctx, red, black, g, &g2)?
            } else if decided.len() == 2 {
                two_game_round(scheme, &ctx, red, black, decided[0], decided[1])?
            } else {
                return Err(ScoringError::BadGame {
                    game: game_ref(decided[2]),
                    why: msg!("err.scoring.only_two_games"),
                });
            }
        }
        SchemeKind::HuTwoGame => match hu_round(scheme, &ctx, red, black, &decided)? {
            Some(d) => d,
            None => return pending(),
        },
        _ => single_game_round(scheme, &ctx, red, black, &decided)?,
    };
    // Forfeit marks and fouls, per player.
    let forfeit_kind = |who: i64| -> RoundKind {
        let mut kind = RoundKind::Played;
        for g in &decided {
            let me_red = g.red == who;
            match g.outcome {
                Outcome::DoubleForfeit => return RoundKind::DoubleForfeit,
                Outcome::RedForfeits => {
                    kind = if me_red {
                        RoundKind::ForfeitLoss
                    } else {
                        RoundKind::ForfeitWin
                    }
                }
                Outcome::BlackForfeits => {
                    kind = if me_red {
                        RoundKind::ForfeitWin
                    } else {
                        RoundKind::ForfeitLoss
                    }
                }
                _ => {}
            }
        }
        kind
    };
    let fouls = |who: i64, g: &Game| {
        if g.red == who {
            g.facts.red_fouls
        } else {
            g.facts.black_fouls
        }
    };
    let mut res = Vec::with_capacity(2);
    for (k, &(who, points, small)) in decision.scores.iter().enumerate() {
        let opp = if who == red { black } else { red };
        let result = match decision.winner {
            Some(w) if w == who => RoundResult::Win,
            Some(_) => RoundResult::Loss,
            None if forfeit_kind(who) == RoundKind::DoubleForfeit => RoundResult::Loss,
            None => RoundResult::Draw,
        };
        let sides: Vec<GameSide> = decision
            .games
            .iter()
            .zip(decided.iter())
            .map(|(gs, g)| {
                let (colour, result, small) = gs[k];
                GameSide {
                    game_no: g.game_no,
                    colour,
                    result,
                    small,
                    fouls: fouls(who, g),
                    big_win: false,
                    small_win: false,
                    over_board: !g.outcome.is_forfeit(),
                }
            })
            .collect();
        res.push((
            who,
            PlayerRound {
                kind: forfeit_kind(who),
                opponent: Some(opp),
                colour: sides.first().map(|s| s.colour),
                result: Some(result),
                points,
                small,
                games: sides,
                ..base.clone()
            },
        ));
    }
    // attacker-defender marks, per game.
    if let SchemeSettings::AttackerDefender(v) = scheme.settings() {
        for (who, pr) in res.iter_mut() {
            for (side, g) in pr.games.iter_mut().zip(decided.iter()) {
                side.big_win = side.result == RoundResult::Win;
                if side.result == RoundResult::Draw {
                    let attacker = attacker_of(v, g);
                    side.small_win = attacker.is_some_and(|a| a != side.colour);
                    let _ = who;
                }
            }
        }
    }
    Ok(res)
}

/// attacker-defender: who was the attacker (`None` if the game lacks the
/// first-strike fact; the scoring step reports that).
fn attacker_of(v: &AttackerDefenderValues, g: &Game) -> Option<Colour> {
    let fs = g.facts.first_strike?;
    // A move number: the limit's whole part.
    let limit = v.strike_limit.hundredths() / 100;
    Some(match (fs.side, fs.move_no) {
        (Some(c), Some(m)) if (m as i64) <= limit => c,
        (Some(c), None) => c,
        // No capture within the limit (or after it): red is the attacker.
        _ => Colour::Red,
    })
}

/// Single-game schemes: each game scores by colour; several games on one
/// board (a single-game scheme in a multi-game event) simply add up.
pub(super) fn single_game_round(
    scheme: &Scheme,
    ctx: &Ctx,
    red: i64,
    black: i64,
    games: &[&Game],
) -> Result<RoundDecision, ScoringError> {
    let mut tot = [(Points::ZERO, Points::ZERO); 2];
    let mut per_game = Vec::new();
    for g in games {
        let draw = g.outcome == Outcome::Draw;
        let winner = g.outcome.winner();
        let mut row = [(Colour::Red, RoundResult::Draw, Points::ZERO); 2];
        for (k, who) in [red, black].into_iter().enumerate() {
            let colour = if g.red == who {
                Colour::Red
            } else {
                Colour::Black
            };
            let res = scheme.game_res(winner, draw, colour);
            let (pts, small) = match scheme.settings() {
                SchemeSettings::Draw08(s) => match res {
                    RoundResult::Win => (s.win, Points::ZERO),
                    RoundResult::Loss => (s.loss, Points::ZERO),
                    RoundResult::Draw => {
                        let rr =
                            g.facts
                                .red_residual
                                .ok_or_else(|| ScoringError::MissingField {
                                    scheme: scheme.id().into(),
                                    field: "err.field.red_residual",
                                    game: (ctx.game_ref)(g),
                                })?;
                        let br =
                            g.facts
                                .black_residual
                                .ok_or_else(|| ScoringError::MissingField {
                                    scheme: scheme.id().into(),
                                    field: "err.field.black_residual",
                                    game: (ctx.game_ref)(g),
                                })?;
                        let r = s.residual_score(&rr, &br);
                        let mine = if colour == Colour::Red { r } else { -r };
                        (s.draw, mine)
                    }
                },
                SchemeSettings::AttackerDefender(s) => match res {
                    RoundResult::Win => (s.win, Points::ZERO),
                    RoundResult::Loss => (s.loss, Points::ZERO),
                    RoundResult::Draw => {
                        let a = attacker_of(s, g).ok_or_else(|| ScoringError::MissingField {
                            scheme: scheme.id().into(),
                            field: "err.field.first_strike",
                            game: (ctx.game_ref)(g),
                        })?;
                        if a == colour {
                            (s.attacker_draw, Points::ZERO)
                        } else {
                            (s.defender_draw, Points::ZERO)
                        }
                    }
                },
                _ => (scheme.six_value(colour, res), Points::ZERO),
            };
            tot[k].0 += pts;
            tot[k].1 += small;
            row[k] = (colour, res, small);
        }
        per_game.push(row);
    }
    // The round's result: one game is the game's result; several games
    // compare game wins.
    let winner = if per_game.len() == 1 {
        match per_game[0][0].1 {
            RoundResult::Win => Some(red),
            RoundResult::Loss if per_game[0][1].1 == RoundResult::Win => Some(black),
            _ => None,
        }
    } else {
        let wins = |k: usize| {
            per_game
                .iter()
                .filter(|row| row[k].1 == RoundResult::Win)
                .count()
        };
        match wins(0).cmp(&wins(1)) {
            std::cmp::Ordering::Greater => Some(red),
            std::cmp::Ordering::Less => Some(black),
            std::cmp::Ordering::Equal => None,
        }
    };
    Ok(RoundDecision {
        winner,
        step: super::TwoGameStep::GamePoints,
        scores: [(red, tot[0].0, tot[0].1), (black, tot[1].0, tot[1].1)],
        games: per_game,
    })
}
