//! Per-game statistics: length, final position, material left, how often
//! each group of pieces moved, and the first strike (攻方).

use super::board::{Kind, Piece, Position};
use super::record::GameRecord;
use crate::domain::{Colour, FirstStrike, GameFacts, Material, PieceMoves, Termination};
use serde::Serialize;

/// Plies within which a capture counts as the first strike (30 full moves).
pub const FIRST_STRIKE_PLIES: usize = 60;

/// What a game record tells about the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameStats {
    pub plies: u32,
    /// `ceil(plies / 2)`.
    pub full_moves: u32,
    /// Placement and side to move.
    pub final_fen: String,
    pub red_material: Material,
    pub black_material: Material,
    pub red_moves: PieceMoves,
    pub black_moves: PieceMoves,
    pub first_strike: FirstStrike,
    pub iccs_moves: Vec<String>,
    /// How the moves end the game by themselves: the side to move at the
    /// end is checkmated, or has no legal move (困毙, also a loss).
    pub ending: Option<Termination>,
}

/// A side's pieces in a position (kings not counted).
pub fn material(pos: &Position, side: Colour) -> Material {
    let mut m = Material::default();
    for (sq, p) in pos.pieces() {
        if p.colour != side {
            continue;
        }
        match p.kind {
            Kind::Chariot => m.chariots += 1,
            Kind::Horse => m.horses += 1,
            Kind::Cannon => m.cannons += 1,
            Kind::Advisor => m.advisors += 1,
            Kind::Elephant => m.elephants += 1,
            Kind::Pawn => {
                let crossed = match side {
                    Colour::Red => sq.rank() >= 5,
                    Colour::Black => sq.rank() <= 4,
                };
                if crossed {
                    m.pawns_crossed += 1;
                } else {
                    m.pawns_uncrossed += 1;
                }
            }
            Kind::King => {}
        }
    }
    m
}

/// Is taking this piece on this point a strike: an enemy 车, 马 or 炮, or
/// the enemy central pawn on its start point (red e3, black e6)?
fn is_strike(victim: Piece, at: super::board::Square) -> bool {
    match victim.kind {
        Kind::Chariot | Kind::Horse | Kind::Cannon => true,
        Kind::Pawn => {
            at.file() == 4
                && match victim.colour {
                    Colour::Red => at.rank() == 3,
                    Colour::Black => at.rank() == 6,
                }
        }
        _ => false,
    }
}

/// The statistics of a game record.
pub fn game_stats(g: &GameRecord) -> GameStats {
    let mut pos = g.start.clone();
    let mut red_moves = PieceMoves::default();
    let mut black_moves = PieceMoves::default();
    let mut first_strike = FirstStrike {
        side: None,
        move_no: None,
    };
    for (i, &m) in g.moves.iter().enumerate() {
        let mover = pos.piece_at(m.from());
        if let Some(p) = mover {
            let counts = match p.colour {
                Colour::Red => &mut red_moves,
                Colour::Black => &mut black_moves,
            };
            match p.kind {
                Kind::Chariot => counts.chariot += 1,
                Kind::Horse | Kind::Cannon => counts.horse_cannon += 1,
                Kind::Pawn => counts.pawn += 1,
                Kind::Advisor | Kind::Elephant => counts.advisor_elephant += 1,
                Kind::King => counts.king += 1,
            }
            if first_strike.side.is_none() && i < FIRST_STRIKE_PLIES {
                if let Some(victim) = pos.piece_at(m.to()) {
                    if victim.colour != p.colour && is_strike(victim, m.to()) {
                        first_strike = FirstStrike {
                            side: Some(p.colour),
                            move_no: Some((i as u32 + 2) / 2),
                        };
                    }
                }
            }
        }
        pos.make(m);
    }
    let plies = g.moves.len() as u32;
    GameStats {
        plies,
        full_moves: plies.div_ceil(2),
        final_fen: pos.fen(),
        red_material: material(&pos, Colour::Red),
        black_material: material(&pos, Colour::Black),
        red_moves,
        black_moves,
        first_strike,
        iccs_moves: g.iccs_moves(),
        ending: if pos.has_legal_move() {
            None
        } else if pos.in_check() {
            Some(Termination::Checkmate)
        } else {
            Some(Termination::Stalemate)
        },
    }
}

impl GameStats {
    /// Fills a game's facts from the record: full moves, residual
    /// material, piece-move counts and first strike; the termination too
    /// when the moves end in mate or stalemate and none was recorded.
    pub fn to_domain(&self, facts: &mut GameFacts) {
        if facts.termination.is_none() {
            facts.termination = self.ending;
        }
        facts.moves = Some(self.full_moves);
        facts.red_residual = Some(self.red_material);
        facts.black_residual = Some(self.black_material);
        facts.red_pieces = Some(self.red_moves);
        facts.black_pieces = Some(self.black_moves);
        facts.first_strike = Some(self.first_strike);
    }

    /// The JSON shape `qishe game stats --format json` prints for a game.
    pub fn to_json(&self, g: &GameRecord) -> StatsJson {
        StatsJson {
            red: g.red().map(str::to_string),
            black: g.black().map(str::to_string),
            result: g.result.clone(),
            plies: self.plies,
            full_moves: self.full_moves,
            final_fen: self.final_fen.clone(),
            material: Sides {
                red: MaterialJson::from(self.red_material),
                black: MaterialJson::from(self.black_material),
            },
            piece_moves: Sides {
                red: self.red_moves,
                black: self.black_moves,
            },
            first_strike: StrikeJson {
                side: self.first_strike.side.map(|c| c.code()).unwrap_or("none"),
                r#move: self.first_strike.move_no,
            },
            iccs_moves: self.iccs_moves.clone(),
        }
    }
}

/// One game in the JSON output (field order as other programs expect).
#[derive(Clone, Debug, Serialize)]
pub struct StatsJson {
    pub red: Option<String>,
    pub black: Option<String>,
    pub result: Option<String>,
    pub plies: u32,
    pub full_moves: u32,
    pub final_fen: String,
    pub material: Sides<MaterialJson>,
    pub piece_moves: Sides<PieceMoves>,
    pub first_strike: StrikeJson,
    pub iccs_moves: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Sides<T> {
    pub red: T,
    pub black: T,
}

#[derive(Clone, Debug, Serialize)]
pub struct MaterialJson {
    #[serde(rename = "R")]
    pub r: u8,
    #[serde(rename = "H")]
    pub h: u8,
    #[serde(rename = "C")]
    pub c: u8,
    #[serde(rename = "A")]
    pub a: u8,
    #[serde(rename = "E")]
    pub e: u8,
    #[serde(rename = "P_uncrossed")]
    pub p_uncrossed: u8,
    #[serde(rename = "P_crossed")]
    pub p_crossed: u8,
}

impl From<Material> for MaterialJson {
    fn from(m: Material) -> Self {
        MaterialJson {
            r: m.chariots,
            h: m.horses,
            c: m.cannons,
            a: m.advisors,
            e: m.elephants,
            p_uncrossed: m.pawns_uncrossed,
            p_crossed: m.pawns_crossed,
        }
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct StrikeJson {
    pub side: &'static str,
    pub r#move: Option<u32>,
}
