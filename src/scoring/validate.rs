//! Refuses results that cannot have happened (pure checks on one game).

use crate::domain::{
    format_duration_ms, Colour, Game, Material, Outcome, Termination, TimeControl,
};
use std::fmt;

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
    BadMaterial { side: Colour, why: String },
    /// Facts of a played game on a game that was not played.
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

fn side(c: Colour) -> &'static str {
    match c {
        Colour::Red => "red",
        Colour::Black => "black",
    }
}

impl fmt::Display for InvalidResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use InvalidResult::*;
        match self {
            GameNumber {
                game_no,
                games_per_round,
            } => {
                if *games_per_round == 1 {
                    write!(f, "game {game_no} entered, but rounds of this event have one game")
                } else {
                    write!(
                        f,
                        "game {game_no} entered, but rounds of this event have {games_per_round} games"
                    )
                }
            }
            TimeAboveMax {
                side: s,
                used_ms,
                max_ms,
                moves,
            } => write!(
                f,
                "{} used {}, but after {} moves the clock allows at most {} (base + increment × own moves)",
                side(*s),
                format_duration_ms(*used_ms),
                moves,
                format_duration_ms(*max_ms)
            ),
            NegativeTime { side: s } => write!(
                f,
                "{}'s time used would be negative (more time left than the clock ever gave)",
                side(*s)
            ),
            WinnerFlagDown {
                side: s,
                used_ms,
                max_ms,
            } => write!(
                f,
                "{s} cannot win on time: {s}'s own flag was down ({} used of {})",
                format_duration_ms(*used_ms),
                format_duration_ms(*max_ms),
                s = side(*s)
            ),
            TooFewMoves { moves } => {
                write!(f, "a game cannot end that way after {moves} moves")
            }
            BadMaterial { side: s, why } => write!(f, "{}'s residual material: {why}", side(*s)),
            NotPlayed(what) => write!(f, "the game was not played, so it has no {what}"),
            BadTermination {
                termination,
                outcome,
            } => write!(
                f,
                "termination \"{}\" does not fit the result {}",
                termination.code(),
                outcome
            ),
            StrikeAfterEnd { strike, moves } => write!(
                f,
                "the first strike at move {strike} comes after the last move ({moves})"
            ),
            PieceCount {
                side: s,
                total,
                moves,
            } => write!(
                f,
                "{}'s pieces moved add up to {total}, but {} made {moves} moves",
                side(*s),
                side(*s)
            ),
            SamePlayer => write!(f, "a player cannot play himself"),
        }
    }
}

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
            ("move count", g.moves.is_some()),
            (
                "clock times",
                g.red_used_ms.is_some() || g.black_used_ms.is_some(),
            ),
            ("termination", g.termination.is_some()),
            (
                "residual material",
                g.red_residual.is_some() || g.black_residual.is_some(),
            ),
            ("first strike", g.first_strike.is_some()),
            (
                "pieces used",
                g.red_pieces.is_some() || g.black_pieces.is_some(),
            ),
        ];
        if let Some((what, _)) = facts.iter().find(|(_, present)| *present) {
            return Err(NotPlayed(what));
        }
        return Ok(());
    }
    for (s, m) in [
        (Colour::Red, g.red_residual),
        (Colour::Black, g.black_residual),
    ] {
        if let Some(m) = m {
            check_material(&m).map_err(|why| BadMaterial { side: s, why })?;
        }
    }
    if let Some(t) = g.termination {
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
    let Some(moves) = g.moves else {
        // Without a move count the clock cannot be checked beyond its sign.
        for (s, used) in [
            (Colour::Red, g.red_used_ms),
            (Colour::Black, g.black_used_ms),
        ] {
            if used.is_some_and(|u| u < 0) {
                return Err(NegativeTime { side: s });
            }
        }
        return Ok(());
    };
    if moves == 0
        && matches!(
            g.termination,
            Some(Termination::Checkmate | Termination::Stalemate | Termination::Time)
        )
    {
        return Err(TooFewMoves { moves });
    }
    // Red has made `moves` moves; black `moves` or `moves - 1` (the clock
    // allows at most the larger).
    for (s, used) in [
        (Colour::Red, g.red_used_ms),
        (Colour::Black, g.black_used_ms),
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
    if g.termination == Some(Termination::Time) {
        if let Some(w) = g.outcome.winner() {
            let used = match w {
                Colour::Red => g.red_used_ms,
                Colour::Black => g.black_used_ms,
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
    if let Some(fs) = g.first_strike {
        if let Some(m) = fs.move_no {
            if m > moves || m == 0 {
                return Err(StrikeAfterEnd { strike: m, moves });
            }
        }
    }
    for (s, p) in [(Colour::Red, g.red_pieces), (Colour::Black, g.black_pieces)] {
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
fn check_material(m: &Material) -> Result<(), String> {
    m.check().map_err(|e| e.to_string())
}
