//! Deciding a knockout match (`specs/knockout.md`, "A match"): the regular
//! games by the event's scheme (with the two-game and 胡规 round rules),
//! then the play-off ladder step by step.
//!
//! Pure: the match's games in, its state out (decided, the next game due
//! with its colours, or a lot to draw). The same scheme code scores every game.

use super::rounds::single_game_round;
use super::scheme::{RoundResult, Scheme, SchemeKind};
use super::settings::{Draw08Values, SchemeSettings};
use super::two_game::{hu_round, two_game_round, Ctx, TwoGameStep};
use super::{GameRef, ScoringError};
use crate::domain::{Colour, Game, Outcome, Points};
use crate::i18n::{msg, Msg};
use std::fmt;

/// One step of the play-off ladder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayoffStep {
    /// 加赛 K 局: K more games; more points wins.
    Games(u32),
    /// 突然死亡: up to K games; the first decisive one decides.
    SuddenDeath(u32),
    /// 余子分: the larger combined residual score of the match's drawn games.
    Residual,
    /// 和棋黑胜: one game, the higher seed red, a draw wins for black.
    Armageddon,
    /// 抽签: the arbiter records the winner drawn by lot.
    Lot,
}

impl PlayoffStep {
    /// Parses `games:K`, `sudden-death:K`, `residual`, `armageddon`, `lot`.
    pub fn parse(s: &str) -> Result<PlayoffStep, Msg> {
        let t = s.trim();
        let bad = || msg!("err.ko.bad_step", step = t);
        let count = |k: &str| -> Result<u32, Msg> {
            match k.trim().parse::<u32>() {
                Ok(n) if n >= 1 => Ok(n),
                _ => Err(bad()),
            }
        };
        match t.split_once(':') {
            Some(("games", k)) => Ok(PlayoffStep::Games(count(k)?)),
            Some(("sudden-death", k)) => Ok(PlayoffStep::SuddenDeath(count(k)?)),
            None if t == "residual" => Ok(PlayoffStep::Residual),
            None if t == "armageddon" => Ok(PlayoffStep::Armageddon),
            None if t == "lot" => Ok(PlayoffStep::Lot),
            _ => Err(bad()),
        }
    }

    /// The step as written in settings (`games:2`).
    pub fn code(self) -> String {
        match self {
            PlayoffStep::Games(k) => format!("games:{k}"),
            PlayoffStep::SuddenDeath(k) => format!("sudden-death:{k}"),
            PlayoffStep::Residual => "residual".into(),
            PlayoffStep::Armageddon => "armageddon".into(),
            PlayoffStep::Lot => "lot".into(),
        }
    }
}

/// Written as its code (`games:2`, `armageddon`).
impl serde::Serialize for PlayoffStep {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

impl fmt::Display for PlayoffStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

/// Parses a ladder (`games:2,games:2,armageddon`). Steps may also be
/// separated by blanks, `;`, or the Chinese `，`/`、`/`；`, as secretaries type them.
pub fn parse_ladder(s: &str) -> Result<Vec<PlayoffStep>, Msg> {
    // `games: 2` stays one step: blanks after a colon are dropped first.
    let mut joined = String::with_capacity(s.len());
    for c in s.chars() {
        if !(c.is_whitespace() && joined.ends_with(':')) {
            joined.push(c);
        }
    }
    let steps: Vec<PlayoffStep> = joined
        .split(|c: char| {
            c == ',' || c == ';' || c == '，' || c == '、' || c == '；' || c.is_whitespace()
        })
        .filter(|p| !p.trim().is_empty())
        .map(PlayoffStep::parse)
        .collect::<Result<_, _>>()?;
    if steps.is_empty() {
        return Err(msg!("err.ko.bad_step", step = s));
    }
    Ok(steps)
}

/// The ladder a scheme uses when the event names none.
pub fn default_ladder(kind: SchemeKind) -> Vec<PlayoffStep> {
    use PlayoffStep::*;
    match kind {
        SchemeKind::Draw08 => vec![Games(1), Residual, Armageddon],
        // A level attacker-defender match, a two-game round whose five
        // comparisons are all equal, a level armageddon match.
        SchemeKind::AttackerDefender
        | SchemeKind::TwoGame
        | SchemeKind::HuTwoGame
        | SchemeKind::Armageddon => vec![Games(2), Armageddon],
        // standard, three-point, red-draw-penalty, custom.
        _ => vec![Games(2), Games(2), Armageddon],
    }
}

/// What decided a match (stored and shown).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecidedBy {
    Games,
    Scheme,
    PlayoffGames,
    SuddenDeath,
    Residual,
    Armageddon,
    Lot,
    Bye,
    Forfeit,
}

impl DecidedBy {
    /// The translation key of its words (`kp.by.games`: 常规对局).
    pub fn word_key(self) -> &'static str {
        match self {
            DecidedBy::Games => "kp.by.games",
            DecidedBy::Scheme => "kp.by.scheme",
            DecidedBy::PlayoffGames => "kp.by.playoff-games",
            DecidedBy::SuddenDeath => "kp.by.sudden-death",
            DecidedBy::Residual => "kp.by.residual",
            DecidedBy::Armageddon => "kp.by.armageddon",
            DecidedBy::Lot => "kp.by.lot",
            DecidedBy::Bye => "kp.by.bye",
            DecidedBy::Forfeit => "kp.by.forfeit",
        }
    }

    /// The code written in JSON and CSV (`games`): its key's last part.
    pub fn code(self) -> &'static str {
        &self.word_key()["kp.by.".len()..]
    }
}

/// The rules a match is played under.
#[derive(Clone, Debug)]
pub struct MatchRules {
    pub scheme: Scheme,
    /// Regular games (1 or 2; the two-game schemes always 2 at most).
    pub regular: u32,
    /// The event's ladder; `None` = the scheme's default.
    pub ladder: Option<Vec<PlayoffStep>>,
}

/// The two players of a match (entry ids).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchPlayers {
    /// The upper slot.
    pub a: i64,
    pub b: i64,
    /// The higher seed of the two (red in an armageddon game).
    pub higher: i64,
    /// Red in game 1.
    pub first_red: i64,
}

/// Which part of the match a game belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Regular,
    /// Step `index` (0-based) of the ladder.
    Playoff {
        index: usize,
        step: PlayoffStep,
    },
}

/// The game a match needs next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DueGame {
    pub game_no: u32,
    pub red: i64,
    pub black: i64,
    pub phase: Phase,
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchState {
    Decided {
        winner: i64,
        by: DecidedBy,
        /// The number of games the decision used.
        games: u32,
    },
    /// A game is due.
    Due(DueGame),
    /// Level at the lot step (or after the whole ladder): a lot decides.
    NeedsLot,
    /// A game of the match was forfeited by both players: neither goes
    /// through (decided by `forfeit`, without a winner); the next round's
    /// opponent has a walkover.
    BothOut,
}

/// A match evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchStatus {
    pub state: MatchState,
    /// Match score over the regular games, for (a, b).
    pub score: [Points; 2],
    /// Play-off points (1 / ½ / 0, or the attacker-defender values), for (a, b).
    pub playoff: [Points; 2],
    /// The part of the match each game played so far belongs to, in game order.
    pub phases: Vec<Phase>,
    /// The match in games (not in the scheme's points), for (a, b).
    pub games: MatchScore,
}

/// A match's score in games, as a reader takes a match score: a game won
/// counts 1, a draw ½, a game lost or forfeited 0 (so one game won reads
/// 1–0 whatever the scheme's points). Each play-off step apart (the rapid
/// games are not summed with the blitz games); an armageddon game is not
/// counted (its decision says who won it).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct MatchScore {
    /// The regular games, for (a, b).
    pub regular: [Points; 2],
    /// How many regular games `regular` counts.
    pub regular_games: u32,
    /// The play-off steps that had games (`games:K` and sudden-death), in
    /// ladder order.
    pub steps: Vec<StepScore>,
}

/// One play-off step's games, in games.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StepScore {
    /// The step's place in the ladder (0-based).
    pub index: usize,
    pub step: PlayoffStep,
    /// Its games, for (a, b).
    pub score: [Points; 2],
    /// How many games `score` counts.
    pub games: u32,
    /// The event's label for the step (快棋, 超快棋 …); the scorer leaves it
    /// `None`, the app fills it from the event's settings.
    pub label: Option<String>,
}

impl MatchScore {
    /// Counts the games played, in game order with the phase of each.
    fn count(a: i64, games: &[&Game], phases: &[Phase]) -> MatchScore {
        let mut s = MatchScore::default();
        for (g, ph) in games.iter().zip(phases) {
            let for_a = game_points(g, a);
            let for_b = game_points(g, if g.red == a { g.black } else { g.red });
            let tally = match *ph {
                Phase::Regular => {
                    s.regular_games += 1;
                    &mut s.regular
                }
                Phase::Playoff {
                    index,
                    step: step @ (PlayoffStep::Games(_) | PlayoffStep::SuddenDeath(_)),
                } => {
                    if s.steps.last().is_none_or(|t| t.index != index) {
                        s.steps.push(StepScore {
                            index,
                            step,
                            score: [Points::ZERO; 2],
                            games: 0,
                            label: None,
                        });
                    }
                    let t = s.steps.last_mut().expect("pushed above");
                    t.games += 1;
                    &mut t.score
                }
                Phase::Playoff { .. } => continue,
            };
            tally[0] += for_a;
            tally[1] += for_b;
        }
        s
    }

    /// How many play-off games the steps count.
    pub fn playoff_games(&self) -> u32 {
        self.steps.iter().map(|t| t.games).sum()
    }

    /// The same score seen from b's side.
    pub fn swapped(self) -> MatchScore {
        MatchScore {
            regular: [self.regular[1], self.regular[0]],
            steps: self
                .steps
                .into_iter()
                .map(|t| StepScore {
                    score: [t.score[1], t.score[0]],
                    ..t
                })
                .collect(),
            ..self
        }
    }
}

/// What one game counts for `who` in games: 1 won (also by forfeit), ½
/// drawn, 0 lost, forfeited or not played.
fn game_points(g: &Game, who: i64) -> Points {
    match g.outcome.winner() {
        Some(w) if w == colour_of(g, who) => Points::new(1),
        Some(_) => Points::ZERO,
        None if g.outcome == Outcome::Draw => Points::from_hundredths(50),
        None => Points::ZERO,
    }
}

impl MatchStatus {
    pub fn winner(&self) -> Option<i64> {
        match self.state {
            MatchState::Decided { winner, .. } => Some(winner),
            _ => None,
        }
    }
    pub fn decided_by(&self) -> Option<DecidedBy> {
        match self.state {
            MatchState::Decided { by, .. } => Some(by),
            MatchState::BothOut => Some(DecidedBy::Forfeit),
            _ => None,
        }
    }

    /// Decided: a winner, or both players out.
    pub fn settled(&self) -> bool {
        matches!(self.state, MatchState::Decided { .. } | MatchState::BothOut)
    }
}

/// Why a match's games do not fit its rules.
#[derive(Clone, Debug, PartialEq)]
pub enum MatchError {
    /// A game that the match does not need (decided, or another game is due).
    NotDue { game_no: u32, why: Msg },
    /// A game with colours against the rules.
    Colours { game_no: u32, red: i64, black: i64 },
    /// A fact the scheme or the ladder needs is missing (or the round is impossible).
    Scoring(Box<ScoringError>),
}

impl From<ScoringError> for MatchError {
    fn from(e: ScoringError) -> Self {
        MatchError::Scoring(Box::new(e))
    }
}

fn colour_of(g: &Game, who: i64) -> Colour {
    if g.red == who {
        Colour::Red
    } else {
        Colour::Black
    }
}

/// A game's result for `who` in a play-off (armageddon: a draw wins for black).
fn result_for(g: &Game, who: i64, armageddon: bool) -> RoundResult {
    let c = colour_of(g, who);
    let winner = match g.outcome.winner() {
        Some(w) => Some(w),
        None if armageddon && g.outcome == Outcome::Draw => Some(Colour::Black),
        None => None,
    };
    match winner {
        Some(w) if w == c => RoundResult::Win,
        Some(_) => RoundResult::Loss,
        None if g.outcome == Outcome::Draw => RoundResult::Draw,
        None => RoundResult::Loss,
    }
}

/// Decides a match from its games (stored games without a result are
/// ignored). `lot` is the winner the arbiter drew, if any.
pub fn decide_match(
    rules: &MatchRules,
    p: &MatchPlayers,
    games: &[Game],
    lot: Option<i64>,
) -> Result<MatchStatus, MatchError> {
    let mut phases = Vec::new();
    let mut played: Vec<&Game> = games
        .iter()
        .filter(|g| g.outcome != Outcome::Unplayed)
        .collect();
    played.sort_by_key(|g| g.game_no);
    // Neither player came to a game: the match ends there, both out (a
    // play-off or an armageddon game would otherwise send one through).
    // The game must be the one due after the games before it.
    if let Some(i) = played
        .iter()
        .position(|g| g.outcome == Outcome::DoubleForfeit)
    {
        let before: Vec<Game> = played[..i].iter().map(|g| (*g).clone()).collect();
        let st = decide(rules, p, &before, None, &mut phases)?;
        let g = played[i];
        if let MatchState::Due(d) = st.state {
            if d.game_no == g.game_no && d.red == g.red && d.black == g.black {
                phases.push(d.phase);
                if let Some(extra) = played.get(i + 1) {
                    return Err(MatchError::NotDue {
                        game_no: extra.game_no,
                        why: msg!("err.ko.match_decided", games = i + 1),
                    });
                }
                let mut status = MatchStatus {
                    state: MatchState::BothOut,
                    phases: Vec::new(),
                    ..st
                };
                status.games = MatchScore::count(p.a, &played, &phases);
                status.phases = phases;
                return Ok(status);
            }
        }
        phases.clear();
    }
    let mut status = decide(rules, p, games, lot, &mut phases)?;
    status.games = MatchScore::count(p.a, &played, &phases);
    status.phases = phases;
    Ok(status)
}

fn decide(
    rules: &MatchRules,
    p: &MatchPlayers,
    games: &[Game],
    lot: Option<i64>,
    phases: &mut Vec<Phase>,
) -> Result<MatchStatus, MatchError> {
    let mut gs: Vec<&Game> = games
        .iter()
        .filter(|g| g.outcome != Outcome::Unplayed)
        .collect();
    gs.sort_by_key(|g| g.game_no);
    // The round and board are the caller's to fill in (`GameRef` of a
    // `MatchError::Scoring`), the players named `#id`.
    let gref = |g: &Game| GameRef {
        round: 0,
        board: 0,
        game_no: g.game_no,
        red: format!("#{}", g.red),
        black: format!("#{}", g.black),
    };
    let ctx = Ctx {
        scheme: rules.scheme.id(),
        game_ref: &gref,
    };
    let other = |who: i64| if who == p.a { p.b } else { p.a };
    let mut status = MatchStatus {
        state: MatchState::NeedsLot,
        score: [Points::ZERO; 2],
        playoff: [Points::ZERO; 2],
        phases: Vec::new(),
        games: MatchScore::default(),
    };
    let mut walk = Walker {
        gs: &gs,
        used: 0,
        prev_red: None,
        a: p.a,
        b: p.b,
        phases,
    };
    let due = |game_no: u32, red: i64, phase: Phase| {
        MatchState::Due(DueGame {
            game_no,
            red,
            black: other(red),
            phase,
        })
    };
    let forfeited = |gs: &[&Game]| gs.iter().any(|g| g.outcome.is_forfeit());
    let kind = rules.scheme.kind();
    let ladder = rules.ladder.clone().unwrap_or_else(|| default_ladder(kind));
    // --- regular games ---
    let regular = if kind.is_two_game() {
        2
    } else {
        rules.regular.max(1)
    };
    let mut regular_games: Vec<&Game> = Vec::new();
    let decided: Option<(i64, DecidedBy)>;
    let ai = |who: i64| if who == p.a { 0 } else { 1 };
    if kind == SchemeKind::HuTwoGame {
        // Game 1; if drawn, a replay with the same colours.
        loop {
            let red = p.first_red;
            match walk.take(red, Phase::Regular)? {
                None => {
                    status.state = due(walk.used as u32 + 1, red, Phase::Regular);
                    return Ok(status);
                }
                Some(g) => regular_games.push(g),
            }
            if let Some(d) = hu_round(&rules.scheme, &ctx, p.a, p.b, &regular_games)? {
                for (who, pts, _) in d.scores {
                    status.score[ai(who)] = pts;
                }
                decided = match d.winner {
                    Some(w) if d.step == TwoGameStep::Forfeit => Some((w, DecidedBy::Forfeit)),
                    Some(w) => Some((w, DecidedBy::Scheme)),
                    None => None,
                };
                break;
            }
        }
    } else {
        for i in 0..regular {
            let red = if i == 0 {
                p.first_red
            } else {
                other(walk.prev_red.unwrap_or(p.first_red))
            };
            match walk.take(red, Phase::Regular)? {
                None => {
                    status.state = due(walk.used as u32 + 1, red, Phase::Regular);
                    return Ok(status);
                }
                Some(g) => regular_games.push(g),
            }
        }
        if kind == SchemeKind::TwoGame {
            let d = two_game_round(
                &rules.scheme,
                &ctx,
                p.a,
                p.b,
                regular_games[0],
                regular_games[1],
            )?;
            for (who, pts, _) in d.scores {
                status.score[ai(who)] = pts;
            }
            decided = d.winner.map(|w| {
                let by = match d.step {
                    TwoGameStep::TwoWins | TwoGameStep::WinAndDraw => DecidedBy::Games,
                    TwoGameStep::Forfeit => DecidedBy::Forfeit,
                    _ => DecidedBy::Scheme,
                };
                (w, by)
            });
        } else {
            let d = single_game_round(&rules.scheme, &ctx, p.a, p.b, &regular_games)?;
            for (who, pts, _) in d.scores {
                status.score[ai(who)] = pts;
            }
            decided = match status.score[0].cmp(&status.score[1]) {
                std::cmp::Ordering::Greater => Some(p.a),
                std::cmp::Ordering::Less => Some(p.b),
                std::cmp::Ordering::Equal => None,
            }
            .map(|w| {
                let by = if forfeited(&regular_games) {
                    DecidedBy::Forfeit
                } else {
                    DecidedBy::Games
                };
                (w, by)
            });
        }
    }
    if let Some((winner, by)) = decided {
        status.state = MatchState::Decided {
            winner,
            by,
            games: walk.used as u32,
        };
        return finish(status, &gs, walk.used);
    }
    // --- the play-off ladder ---
    let ad = kind == SchemeKind::AttackerDefender;
    // Points of one play-off game for `who`.
    let playoff_points = |g: &Game, who: i64| -> Result<Points, MatchError> {
        let r = result_for(g, who, false);
        if ad {
            // attacker-defender scoring is kept for the play-off games.
            let d = single_game_round(&rules.scheme, &ctx, p.a, p.b, &[g])?;
            return Ok(d.scores[ai(who)].1);
        }
        Ok(match r {
            RoundResult::Win => Points::new(1),
            RoundResult::Draw => Points::from_hundredths(50),
            RoundResult::Loss => Points::ZERO,
        })
    };
    let next_red = |prev: Option<i64>| other(prev.unwrap_or(other(p.first_red)));
    for (index, &step) in ladder.iter().enumerate() {
        let phase = Phase::Playoff { index, step };
        match step {
            PlayoffStep::Games(k) => {
                let mut pts = [Points::ZERO; 2];
                for _ in 0..k {
                    let red = next_red(walk.prev_red);
                    match walk.take(red, phase)? {
                        None => {
                            status.state = due(walk.used as u32 + 1, red, phase);
                            return Ok(status);
                        }
                        Some(g) => {
                            pts[0] += playoff_points(g, p.a)?;
                            pts[1] += playoff_points(g, p.b)?;
                        }
                    }
                }
                status.playoff[0] += pts[0];
                status.playoff[1] += pts[1];
                if pts[0] != pts[1] {
                    let winner = if pts[0] > pts[1] { p.a } else { p.b };
                    status.state = MatchState::Decided {
                        winner,
                        by: DecidedBy::PlayoffGames,
                        games: walk.used as u32,
                    };
                    return finish(status, &gs, walk.used);
                }
            }
            PlayoffStep::SuddenDeath(k) => {
                for _ in 0..k {
                    let red = next_red(walk.prev_red);
                    match walk.take(red, phase)? {
                        None => {
                            status.state = due(walk.used as u32 + 1, red, phase);
                            return Ok(status);
                        }
                        Some(g) => {
                            if let Some(w) = g.outcome.winner() {
                                let winner = if w == Colour::Red { g.red } else { g.black };
                                status.state = MatchState::Decided {
                                    winner,
                                    by: DecidedBy::SuddenDeath,
                                    games: walk.used as u32,
                                };
                                return finish(status, &gs, walk.used);
                            }
                        }
                    }
                }
            }
            PlayoffStep::Residual => {
                let r = residual_sum(&rules.scheme, &ctx, p.a, &gs[..walk.used])?;
                if r != Points::ZERO {
                    status.state = MatchState::Decided {
                        winner: if r > Points::ZERO { p.a } else { p.b },
                        by: DecidedBy::Residual,
                        games: walk.used as u32,
                    };
                    return finish(status, &gs, walk.used);
                }
            }
            PlayoffStep::Armageddon => {
                let red = p.higher;
                match walk.take(red, phase)? {
                    None => {
                        status.state = due(walk.used as u32 + 1, red, phase);
                        return Ok(status);
                    }
                    Some(g) => {
                        let winner = if result_for(g, p.a, true) == RoundResult::Win {
                            p.a
                        } else {
                            p.b
                        };
                        status.state = MatchState::Decided {
                            winner,
                            by: DecidedBy::Armageddon,
                            games: walk.used as u32,
                        };
                        return finish(status, &gs, walk.used);
                    }
                }
            }
            PlayoffStep::Lot => break,
        }
    }
    // Level at the lot step, or the ladder ran out: the lot decides.
    match lot {
        Some(w) => {
            status.state = MatchState::Decided {
                winner: w,
                by: DecidedBy::Lot,
                games: walk.used as u32,
            };
        }
        None => status.state = MatchState::NeedsLot,
    }
    finish(status, &gs, walk.used)
}

/// Walks a match's games in order, checking each is the one due with the
/// right colours.
struct Walker<'a, 'g> {
    gs: &'a [&'g Game],
    used: usize,
    /// Red of the game before.
    prev_red: Option<i64>,
    a: i64,
    b: i64,
    /// The phase of each game taken.
    phases: &'a mut Vec<Phase>,
}

impl<'g> Walker<'_, 'g> {
    /// The next game, if stored, checked to have `red` as red; it belongs to `phase`.
    fn take(&mut self, red: i64, phase: Phase) -> Result<Option<&'g Game>, MatchError> {
        let game_no = self.used as u32 + 1;
        let Some(&g) = self.gs.get(self.used) else {
            return Ok(None);
        };
        let black = if red == self.a { self.b } else { self.a };
        if g.game_no != game_no {
            return Err(MatchError::NotDue {
                game_no: g.game_no,
                why: msg!("err.ko.game_due", game = game_no),
            });
        }
        if g.red != red || g.black != black {
            return Err(MatchError::Colours {
                game_no,
                red,
                black,
            });
        }
        self.used += 1;
        self.prev_red = Some(red);
        self.phases.push(phase);
        Ok(Some(g))
    }
}

/// A decided match must have no game after the ones its decision used.
fn finish(status: MatchStatus, gs: &[&Game], used: usize) -> Result<MatchStatus, MatchError> {
    if let Some(g) = gs.get(used) {
        let why = match status.state {
            MatchState::NeedsLot => msg!("err.ko.lot_due"),
            _ => msg!("err.ko.match_decided", games = used),
        };
        return Err(MatchError::NotDue {
            game_no: g.game_no,
            why,
        });
    }
    Ok(status)
}

/// The residual score of `a` summed over the drawn games (draw-0.8
/// definition; the event's constants when it is a draw-0.8 event).
fn residual_sum(scheme: &Scheme, ctx: &Ctx, a: i64, games: &[&Game]) -> Result<Points, MatchError> {
    let d08 = match scheme.settings() {
        SchemeSettings::Draw08(v) => *v,
        _ => Draw08Values::default(),
    };
    let mut sum = Points::ZERO;
    for g in games.iter().filter(|g| g.outcome == Outcome::Draw) {
        let missing = |field: &'static str| ScoringError::MissingField {
            scheme: "residual".into(),
            field,
            game: (ctx.game_ref)(g),
        };
        let rr = g
            .facts
            .red_residual
            .ok_or_else(|| missing("err.field.red_residual"))?;
        let br = g
            .facts
            .black_residual
            .ok_or_else(|| missing("err.field.black_residual"))?;
        let r = d08.residual_score(&rr, &br);
        sum += if g.red == a { r } else { -r };
    }
    Ok(sum)
}

#[cfg(test)]
mod tests;
