//! Refuses results that cannot have happened (pure checks on one game).

use crate::domain::{
    format_duration_ms, Colour, Game, Material, MaterialParseError, Outcome, Termination,
    TimeControl,
};
use crate::i18n::{msg, Msg};

/// Why a game's input is impossible.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvalidResult {
    /// A game number beyond the event's games per round.
    GameNumber { game_no: u32, games_per_round: u32 },
    /// More clock time used than the clock allows after that many moves.
    TimeAboveMax {
        side: Colour,
        used_ms: i64,
        max_ms: i64,
        moves: u32,
    },
    /// Negative time used (usually "time left" above what the clock allows).
    NegativeTime { side: Colour },
    /// A win on time by the side whose own flag was down.
    WinnerFlagDown {
        side: Colour,
        used_ms: i64,
        max_ms: i64,
    },
    /// A checkmate, stalemate or time loss before any move.
    TooFewMoves { moves: u32 },
    /// Residual material that a side cannot have.
    BadMaterial {
        side: Colour,
        why: MaterialParseError,
    },
    /// Facts of a played game on a game that was not played (the i18n key
    /// of the fact).
    NotPlayed(&'static str),
    /// A termination that does not fit the outcome.
    BadTermination {
        termination: Termination,
        outcome: Outcome,
    },
    /// The first strike after the last move.
    StrikeAfterEnd { strike: u32, moves: u32 },
    /// Pieces moved that do not add up to the side's moves.
    PieceCount {
        side: Colour,
        total: u32,
        moves: u32,
    },
    /// The same player on both sides.
    SamePlayer,
}

fn side(c: Colour) -> Msg {
    match c {
        Colour::Red => msg!("err.side.red"),
        Colour::Black => msg!("err.side.black"),
    }
}

impl InvalidResult {
    /// Why the game is impossible, as a keyed message.
    pub fn msg(&self) -> Msg {
        use InvalidResult::*;
        match self {
            GameNumber {
                game_no,
                games_per_round,
            } => {
                let key = if *games_per_round == 1 {
                    "err.result.game_number_one"
                } else {
                    "err.result.game_number_many"
                };
                msg!(key, game = game_no, games = games_per_round)
            }
            TimeAboveMax {
                side: s,
                used_ms,
                max_ms,
                moves,
            } => msg!(
                "err.result.time_above_max",
                side = side(*s),
                used = format_duration_ms(*used_ms),
                moves,
                max = format_duration_ms(*max_ms)
            ),
            NegativeTime { side: s } => msg!("err.result.negative_time", side = side(*s)),
            WinnerFlagDown {
                side: s,
                used_ms,
                max_ms,
            } => msg!(
                "err.result.winner_flag_down",
                side = side(*s),
                used = format_duration_ms(*used_ms),
                max = format_duration_ms(*max_ms)
            ),
            TooFewMoves { moves } => msg!("err.result.too_few_moves", moves),
            BadMaterial { side: s, why } => {
                msg!("err.result.bad_material", side = side(*s), why = why.msg())
            }
            NotPlayed(what) => msg!("err.result.not_played", what = Msg::new(what)),
            BadTermination {
                termination,
                outcome,
            } => msg!(
                "err.result.bad_termination",
                termination = termination.code(),
                outcome
            ),
            StrikeAfterEnd { strike, moves } => {
                msg!("err.result.strike_after_end", strike, moves)
            }
            PieceCount {
                side: s,
                total,
                moves,
            } => msg!("err.result.piece_count", side = side(*s), total, moves),
            SamePlayer => msg!("err.result.same_player"),
        }
    }
}

crate::i18n::english_display!(InvalidResult);

/// Checks one game's inputs against the event's time control and games per
/// round. The first impossibility found is returned.
pub fn validate_game(
    tc: &TimeControl,
    games_per_round: u32,
    g: &Game,
) -> Result<(), InvalidResult> {
    use InvalidResult::*;
    if g.red == g.black {
        return Err(SamePlayer);
    }
    if g.game_no == 0 || g.game_no > games_per_round.max(1) {
        return Err(GameNumber {
            game_no: g.game_no,
            games_per_round,
        });
    }
    let played = g.outcome.is_played();
    if !played {
        let facts: [(&'static str, bool); 6] = [
            ("err.fact.moves", g.facts.moves.is_some()),
            (
                "err.fact.clock_times",
                g.facts.red_used_ms.is_some() || g.facts.black_used_ms.is_some(),
            ),
            ("err.fact.termination", g.facts.termination.is_some()),
            (
                "err.fact.residual",
                g.facts.red_residual.is_some() || g.facts.black_residual.is_some(),
            ),
            ("err.fact.first_strike", g.facts.first_strike.is_some()),
            (
                "err.fact.pieces",
                g.facts.red_pieces.is_some() || g.facts.black_pieces.is_some(),
            ),
        ];
        if let Some((what, _)) = facts.iter().find(|(_, present)| *present) {
            return Err(NotPlayed(what));
        }
        return Ok(());
    }
    for (s, m) in [
        (Colour::Red, g.facts.red_residual),
        (Colour::Black, g.facts.black_residual),
    ] {
        if let Some(m) = m {
            check_material(&m).map_err(|why| BadMaterial { side: s, why })?;
        }
    }
    if let Some(t) = g.facts.termination {
        let decisive = g.outcome != Outcome::Draw;
        let ok = match t {
            Termination::Checkmate
            | Termination::Stalemate
            | Termination::Resignation
            | Termination::Time
            | Termination::RepetitionRuling => decisive,
            Termination::Agreement => !decisive,
            Termination::ArbiterDecision => true,
        };
        if !ok {
            return Err(BadTermination {
                termination: t,
                outcome: g.outcome,
            });
        }
    }
    let Some(moves) = g.facts.moves else {
        // Without a move count the clock cannot be checked beyond its sign.
        for (s, used) in [
            (Colour::Red, g.facts.red_used_ms),
            (Colour::Black, g.facts.black_used_ms),
        ] {
            if used.is_some_and(|u| u < 0) {
                return Err(NegativeTime { side: s });
            }
        }
        return Ok(());
    };
    if moves == 0
        && matches!(
            g.facts.termination,
            Some(Termination::Checkmate | Termination::Stalemate | Termination::Time)
        )
    {
        return Err(TooFewMoves { moves });
    }
    // Red has made `moves` moves; black `moves` or `moves - 1` (the clock
    // allows at most the larger).
    for (s, used) in [
        (Colour::Red, g.facts.red_used_ms),
        (Colour::Black, g.facts.black_used_ms),
    ] {
        let Some(used) = used else { continue };
        if used < 0 {
            return Err(NegativeTime { side: s });
        }
        let max = tc.max_used_ms(s == Colour::Red, moves);
        if used > max {
            return Err(TimeAboveMax {
                side: s,
                used_ms: used,
                max_ms: max,
                moves,
            });
        }
    }
    if g.facts.termination == Some(Termination::Time) {
        if let Some(w) = g.outcome.winner() {
            let used = match w {
                Colour::Red => g.facts.red_used_ms,
                Colour::Black => g.facts.black_used_ms,
            };
            // The most the winner's clock ever held (his moves are at most
            // `moves`); at or beyond it his own flag was down first.
            let max = tc.max_used_ms(w == Colour::Red, moves);
            if let Some(u) = used {
                if u >= max {
                    return Err(WinnerFlagDown {
                        side: w,
                        used_ms: u,
                        max_ms: max,
                    });
                }
            }
        }
    }
    if let Some(fs) = g.facts.first_strike {
        if let Some(m) = fs.move_no {
            if m > moves || m == 0 {
                return Err(StrikeAfterEnd { strike: m, moves });
            }
        }
    }
    for (s, p) in [
        (Colour::Red, g.facts.red_pieces),
        (Colour::Black, g.facts.black_pieces),
    ] {
        let Some(p) = p else { continue };
        let total = p.total();
        let ok = match s {
            Colour::Red => total == moves,
            Colour::Black => total == moves || total + 1 == moves,
        };
        if !ok {
            return Err(PieceCount {
                side: s,
                total,
                moves,
            });
        }
    }
    Ok(())
}

/// Residual material a side cannot have. `Material` already refuses more
/// pieces than the starting set; a crossed pawn also cannot be on the
/// elephants' side of the board, so nothing more is needed here beyond the
/// counts.
fn check_material(m: &Material) -> Result<(), MaterialParseError> {
    m.check()
}
