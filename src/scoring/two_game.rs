//! Two-game rounds: 新分先制 (`two-game`, rules A–D with the tie-break
//! chain) and the two-game 胡规 (`hu-two-game`, first to 3 game points).

use super::scheme::{RoundResult, Scheme};
use super::settings::SchemeSettings;
use super::{GameRef, ScoringError};
use crate::domain::{Colour, Game, PieceMoves, Points};
use crate::i18n::msg;
use std::cmp::Ordering;

/// How a two-game round was decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TwoGameStep {
    /// A: one player won both games.
    TwoWins,
    /// B: a win and a draw.
    WinAndDraw,
    /// C1 / D1: fewer moves in the game won (C) or drawn as black (D).
    Moves,
    /// C2 / D2: less own clock time in that game.
    OwnTime,
    /// C3 / D3: less own clock time over both games.
    TotalTime,
    /// C4 / D4: fewer pieces used in that game (车, 马+炮, 兵, 士+象, 将).
    Pieces,
    /// C5 / D5: fewer pieces used over both games.
    TotalPieces,
    /// C6 / D6: everything equal, the round is drawn.
    AllEqual,
    /// hu-two-game: decided by game points (after game 1 or 2).
    GamePoints,
    /// Decided by forfeit.
    Forfeit,
}

impl TwoGameStep {
    /// A short description for explanations and logs.
    pub fn describe(self) -> &'static str {
        match self {
            TwoGameStep::TwoWins => "two wins (A)",
            TwoGameStep::WinAndDraw => "a win and a draw (B)",
            TwoGameStep::Moves => "fewer moves",
            TwoGameStep::OwnTime => "less own time in that game",
            TwoGameStep::TotalTime => "less own time over both games",
            TwoGameStep::Pieces => "fewer pieces used in that game",
            TwoGameStep::TotalPieces => "fewer pieces used over both games",
            TwoGameStep::AllEqual => "all equal: drawn round",
            TwoGameStep::GamePoints => "first to the target game points",
            TwoGameStep::Forfeit => "forfeit",
        }
    }
}

/// The outcome of a two-game round for its two players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundDecision {
    /// `None` = the round is drawn.
    pub winner: Option<i64>,
    pub step: TwoGameStep,
    /// (player, points, small points) for the two players, in the order given.
    pub scores: [(i64, Points, Points); 2],
    /// Per game and per player (in the order given): colour, result, small points.
    pub games: Vec<[(Colour, RoundResult, Points); 2]>,
}

/// Side `who` in game `g`: his colour.
fn colour_of(g: &Game, who: i64) -> Colour {
    if g.red == who {
        Colour::Red
    } else {
        Colour::Black
    }
}

/// Result of game `g` for `who` (a double forfeit is a loss for both).
fn result_of(g: &Game, who: i64) -> RoundResult {
    let c = colour_of(g, who);
    match g.outcome.winner() {
        Some(w) if w == c => RoundResult::Win,
        Some(_) => RoundResult::Loss,
        None if g.outcome == crate::domain::Outcome::Draw => RoundResult::Draw,
        None => RoundResult::Loss,
    }
}

fn used_of(g: &Game, who: i64) -> Option<i64> {
    match colour_of(g, who) {
        Colour::Red => g.facts.red_used_ms,
        Colour::Black => g.facts.black_used_ms,
    }
}

fn pieces_of(g: &Game, who: i64) -> Option<PieceMoves> {
    match colour_of(g, who) {
        Colour::Red => g.facts.red_pieces,
        Colour::Black => g.facts.black_pieces,
    }
}

/// Context for error messages.
pub(crate) struct Ctx<'a> {
    pub scheme: &'a str,
    pub game_ref: &'a dyn Fn(&Game) -> GameRef,
}

impl Ctx<'_> {
    /// `field` is the i18n key of the missing fact.
    fn missing(&self, g: &Game, field: &'static str) -> ScoringError {
        ScoringError::MissingField {
            scheme: self.scheme.to_string(),
            field,
            game: (self.game_ref)(g),
        }
    }
    fn need<T>(&self, v: Option<T>, g: &Game, field: &'static str) -> Result<T, ScoringError> {
        v.ok_or_else(|| self.missing(g, field))
    }
}

/// Rules C and D: compare `p` in game `gp` with `q` in game `gq`
/// (their won games in C, the games each drew as black in D), step by step.
/// Returns the ordering of p against q (Less = p is better) and the step that
/// decided, or `Equal` with `AllEqual`.
fn chain(
    ctx: &Ctx,
    games: [&Game; 2],
    p: i64,
    gp: &Game,
    q: i64,
    gq: &Game,
) -> Result<(Ordering, TwoGameStep), ScoringError> {
    // 1. moves in that game
    let mp = ctx.need(gp.facts.moves, gp, "err.field.moves")?;
    let mq = ctx.need(gq.facts.moves, gq, "err.field.moves")?;
    if mp != mq {
        return Ok((mp.cmp(&mq), TwoGameStep::Moves));
    }
    // 2. own clock time in that game
    let field = |g: &Game, who: i64| match colour_of(g, who) {
        Colour::Red => "err.field.red_time",
        Colour::Black => "err.field.black_time",
    };
    let tp = ctx.need(used_of(gp, p), gp, field(gp, p))?;
    let tq = ctx.need(used_of(gq, q), gq, field(gq, q))?;
    if tp != tq {
        return Ok((tp.cmp(&tq), TwoGameStep::OwnTime));
    }
    // 3. own clock time over both games
    let mut total = [0i64; 2];
    for g in games {
        total[0] += ctx.need(used_of(g, p), g, field(g, p))?;
        total[1] += ctx.need(used_of(g, q), g, field(g, q))?;
    }
    if total[0] != total[1] {
        return Ok((total[0].cmp(&total[1]), TwoGameStep::TotalTime));
    }
    // 4. pieces used in that game: 车, 马+炮, 兵, 士+象, 将 in that order
    let pfield = |g: &Game, who: i64| match colour_of(g, who) {
        Colour::Red => "err.field.red_pieces",
        Colour::Black => "err.field.black_pieces",
    };
    let pp = ctx.need(pieces_of(gp, p), gp, pfield(gp, p))?;
    let pq = ctx.need(pieces_of(gq, q), gq, pfield(gq, q))?;
    let o = pp.as_array().cmp(&pq.as_array());
    if o != Ordering::Equal {
        return Ok((o, TwoGameStep::Pieces));
    }
    // 5. pieces used over both games, compared the same way
    let mut sum = [[0u32; 5]; 2];
    for g in games {
        let a = ctx.need(pieces_of(g, p), g, pfield(g, p))?.as_array();
        let b = ctx.need(pieces_of(g, q), g, pfield(g, q))?.as_array();
        for i in 0..5 {
            sum[0][i] += a[i];
            sum[1][i] += b[i];
        }
    }
    let o = sum[0].cmp(&sum[1]);
    if o != Ordering::Equal {
        return Ok((o, TwoGameStep::TotalPieces));
    }
    Ok((Ordering::Equal, TwoGameStep::AllEqual))
}

/// `two-game` (新分先制): decides a complete round of two games between
/// `p` and `q` (each with red once).
pub(crate) fn two_game_round(
    scheme: &Scheme,
    ctx: &Ctx,
    p: i64,
    q: i64,
    g1: &Game,
    g2: &Game,
) -> Result<RoundDecision, ScoringError> {
    let s = match scheme.settings() {
        SchemeSettings::TwoGame(s) => s,
        _ => unreachable!("scheme {} is not two-game", scheme.id()),
    };
    let small = |r: RoundResult| match r {
        RoundResult::Win => s.game_win_small,
        RoundResult::Draw => s.game_draw_small,
        RoundResult::Loss => s.game_loss_small,
    };
    if colour_of(g1, p) == colour_of(g2, p) {
        return Err(ScoringError::BadGame {
            game: (ctx.game_ref)(g2),
            why: msg!("err.scoring.colours_swap"),
        });
    }
    let rp = [result_of(g1, p), result_of(g2, p)];
    let rq = [result_of(g1, q), result_of(g2, q)];
    let count = |r: &[RoundResult; 2], x: RoundResult| r.iter().filter(|&&y| y == x).count();
    let (wp, dp, wq) = (
        count(&rp, RoundResult::Win),
        count(&rp, RoundResult::Draw),
        count(&rq, RoundResult::Win),
    );
    let forfeit = g1.outcome.is_forfeit() || g2.outcome.is_forfeit();
    let (winner, step) = if wp == 2 || wq == 2 {
        (Some(if wp == 2 { p } else { q }), TwoGameStep::TwoWins)
    } else if wp == 1 && dp == 1 {
        (Some(p), TwoGameStep::WinAndDraw)
    } else if wq == 1 && dp == 1 {
        (Some(q), TwoGameStep::WinAndDraw)
    } else if wp == 1 && wq == 1 {
        // C: each won one game; compare the games they won.
        let gp = if rp[0] == RoundResult::Win { g1 } else { g2 };
        let gq = if rq[0] == RoundResult::Win { g1 } else { g2 };
        let (o, st) = chain(ctx, [g1, g2], p, gp, q, gq)?;
        (pick(o, p, q), st)
    } else if dp == 2 {
        // D: two draws; compare the game each drew as black.
        let gp = if colour_of(g1, p) == Colour::Black {
            g1
        } else {
            g2
        };
        let gq = if colour_of(g1, q) == Colour::Black {
            g1
        } else {
            g2
        };
        let (o, st) = chain(ctx, [g1, g2], p, gp, q, gq)?;
        (pick(o, p, q), st)
    } else {
        // Only double forfeits (and a draw or a double forfeit) are left:
        // nobody won a game; nobody wins the round.
        (None, TwoGameStep::Forfeit)
    };
    let step = if forfeit && step != TwoGameStep::AllEqual {
        TwoGameStep::Forfeit
    } else {
        step
    };
    let both_lose = winner.is_none() && step == TwoGameStep::Forfeit;
    let pts = |who: i64| match winner {
        Some(w) if w == who => s.round_win,
        Some(_) => s.round_loss,
        None if both_lose => s.round_loss,
        None => s.round_draw,
    };
    let sp: Points = rp.iter().map(|&r| small(r)).sum();
    let sq: Points = rq.iter().map(|&r| small(r)).sum();
    let games = [g1, g2]
        .iter()
        .zip(rp.iter().zip(rq.iter()))
        .map(|(g, (&a, &b))| {
            [
                (colour_of(g, p), a, small(a)),
                (colour_of(g, q), b, small(b)),
            ]
        })
        .collect();
    Ok(RoundDecision {
        winner,
        step,
        scores: [(p, pts(p), sp), (q, pts(q), sq)],
        games,
    })
}

fn pick(o: Ordering, p: i64, q: i64) -> Option<i64> {
    match o {
        Ordering::Less => Some(p),
        Ordering::Greater => Some(q),
        Ordering::Equal => None,
    }
}

/// Public entry point for `two-game`: `games` must be the round's two games.
pub fn decide_two_game(
    scheme: &Scheme,
    p: i64,
    q: i64,
    games: &[Game],
) -> Result<RoundDecision, ScoringError> {
    let gr = |g: &Game| GameRef {
        round: 0,
        board: 0,
        game_no: g.game_no,
        red: format!("#{}", g.red),
        black: format!("#{}", g.black),
    };
    let ctx = Ctx {
        scheme: scheme.id(),
        game_ref: &gr,
    };
    match games {
        [g1, g2] => two_game_round(scheme, &ctx, p, q, g1, g2),
        _ => Err(ScoringError::BadGame {
            game: games.first().map(gr).unwrap_or(GameRef {
                round: 0,
                board: 0,
                game_no: 0,
                red: format!("#{p}"),
                black: format!("#{q}"),
            }),
            why: msg!("err.scoring.needs_two_games", games = games.len()),
        }),
    }
}

/// `hu-two-game`: game points by colour; the first to reach the target wins
/// the round. Returns `None` while the round is undecided and a game is
/// still to come.
pub(crate) fn hu_round(
    scheme: &Scheme,
    ctx: &Ctx,
    p: i64,
    q: i64,
    games: &[&Game],
) -> Result<Option<RoundDecision>, ScoringError> {
    let s = match scheme.settings() {
        SchemeSettings::HuTwoGame(s) => s,
        _ => unreachable!("scheme {} is not hu-two-game", scheme.id()),
    };
    let gp = |c: Colour, r: RoundResult| match (c, r) {
        (Colour::Red, RoundResult::Win) => s.red_win,
        (Colour::Red, RoundResult::Draw) => s.red_draw,
        (Colour::Black, RoundResult::Win) => s.black_win,
        (Colour::Black, RoundResult::Draw) => s.black_draw,
        (_, RoundResult::Loss) => s.loss,
    };
    let target = s.target;
    let mut tot = [Points::ZERO; 2];
    let mut winner: Option<Option<i64>> = None;
    let mut per_game = Vec::new();
    let mut forfeit = false;
    for (i, g) in games.iter().enumerate() {
        if winner.is_some() {
            return Err(ScoringError::BadGame {
                game: (ctx.game_ref)(g),
                why: msg!("err.scoring.already_decided", game = i),
            });
        }
        if i > 0 && g.red != games[0].red {
            return Err(ScoringError::BadGame {
                game: (ctx.game_ref)(g),
                why: msg!("err.scoring.hu_keeps_colours"),
            });
        }
        forfeit |= g.outcome.is_forfeit();
        let (cp, cq) = (colour_of(g, p), colour_of(g, q));
        let (rp, rq) = (result_of(g, p), result_of(g, q));
        let (a, b) = (gp(cp, rp), gp(cq, rq));
        tot[0] += a;
        tot[1] += b;
        per_game.push([(cp, rp, a), (cq, rq, b)]);
        let reached = tot[0] >= target || tot[1] >= target;
        if reached && tot[0] != tot[1] {
            winner = Some(Some(if tot[0] > tot[1] { p } else { q }));
        } else if g.outcome == crate::domain::Outcome::DoubleForfeit {
            winner = Some(None);
        } else if i == 1 {
            // Two games played and still level: a drawn round (cannot happen
            // with the default values; possible with custom ones).
            winner = Some(if tot[0] == tot[1] {
                None
            } else if tot[0] > tot[1] {
                Some(p)
            } else {
                Some(q)
            });
        }
    }
    let Some(winner) = winner else {
        return Ok(None);
    };
    let double = games
        .iter()
        .any(|g| g.outcome == crate::domain::Outcome::DoubleForfeit);
    let pts = |who: i64| match winner {
        Some(w) if w == who => s.round_win,
        Some(_) => s.round_loss,
        None if double => s.round_loss,
        None => s.round_draw,
    };
    Ok(Some(RoundDecision {
        winner,
        step: if forfeit {
            TwoGameStep::Forfeit
        } else {
            TwoGameStep::GamePoints
        },
        scores: [(p, pts(p), tot[0]), (q, pts(q), tot[1])],
        games: per_game,
    }))
}

/// Public entry point for `hu-two-game` (`None` = undecided so far).
pub fn decide_hu_two_game(
    scheme: &Scheme,
    p: i64,
    q: i64,
    games: &[Game],
) -> Result<Option<RoundDecision>, ScoringError> {
    let gr = |g: &Game| GameRef {
        round: 0,
        board: 0,
        game_no: g.game_no,
        red: format!("#{}", g.red),
        black: format!("#{}", g.black),
    };
    let ctx = Ctx {
        scheme: scheme.id(),
        game_ref: &gr,
    };
    let refs: Vec<&Game> = games.iter().collect();
    hu_round(scheme, &ctx, p, q, &refs)
}
