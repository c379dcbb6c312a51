//! Scoring schemes: which constants they have and how one game scores.

use super::settings::{
    ArmageddonValues, AttackerDefenderValues, ChessValues, Draw08Values, HuTwoGameValues,
    SchemeSettings, SixValues, TwoGameValues,
};
use super::{ScoringError, TieBreak};
use crate::domain::SchemeConstants;
use crate::domain::{Colour, Points};

/// The schemes of `specs/scoring.md`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemeKind {
    /// 胜2和1负0 (CXA 2011 13.1).
    Standard,
    /// 胜3和1负0.
    ThreePoint,
    /// 先和1分 后和2分.
    RedDrawPenalty,
    /// 和棋黑胜: a draw counts as a black win (with time odds).
    Armageddon,
    /// 大分小分调整法: draw 0.8 plus a residual-material score.
    Draw08,
    /// 和棋差额计分法: drawn games split 2/1 between defender and attacker.
    AttackerDefender,
    /// 新分先制: two games, colours swapped, big and small points.
    TwoGame,
    /// 胡规 over two games: first to 3 game points.
    HuTwoGame,
    /// Chess practice (TRF files): win 1, draw ½, loss 0 for both colours.
    Chess,
    /// Six values from the configuration.
    Custom,
}

impl SchemeKind {
    /// Whether game `game_no` of a board's round is played with the
    /// board's colours swapped: game 2 of a two-game round (分先), except
    /// under 胡规, whose two games keep the colours.
    pub fn swaps_colours_in(self, game_no: u32) -> bool {
        game_no == 2 && self != SchemeKind::HuTwoGame
    }

    pub const ALL: [SchemeKind; 10] = [
        SchemeKind::Standard,
        SchemeKind::ThreePoint,
        SchemeKind::RedDrawPenalty,
        SchemeKind::Armageddon,
        SchemeKind::Draw08,
        SchemeKind::AttackerDefender,
        SchemeKind::TwoGame,
        SchemeKind::HuTwoGame,
        SchemeKind::Chess,
        SchemeKind::Custom,
    ];

    /// The ids used in config files and on the command line, in the
    /// order of [`SchemeKind::ALL`] (and of the variants).
    pub const IDS: [&'static str; 10] = [
        "standard",
        "three-point",
        "red-draw-penalty",
        "armageddon",
        "draw-0.8",
        "attacker-defender",
        "two-game",
        "hu-two-game",
        "chess",
        "custom",
    ];

    /// The id used in config files and on the command line.
    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    pub fn from_id(id: &str) -> Result<SchemeKind, ScoringError> {
        Self::ALL
            .into_iter()
            .find(|k| k.id() == id.trim())
            .ok_or_else(|| ScoringError::UnknownScheme {
                id: id.to_string(),
                allowed: Self::ALL.map(|k| k.id()).join(", "),
            })
    }

    /// Does a round consist of (up to) two games?
    pub fn is_two_game(self) -> bool {
        matches!(self, SchemeKind::TwoGame | SchemeKind::HuTwoGame)
    }
}

impl SchemeSettings {
    /// The scheme's constants with the defaults of `specs/scoring.md`.
    pub fn defaults(kind: SchemeKind) -> SchemeSettings {
        let p = Points::new;
        let h = Points::from_hundredths;
        let six = |[a, b, c, d, e, f]: [i64; 6]| SixValues {
            red_win: p(a),
            red_draw: p(b),
            red_loss: p(c),
            black_win: p(d),
            black_draw: p(e),
            black_loss: p(f),
        };
        match kind {
            SchemeKind::Standard => SchemeSettings::Standard(six([2, 1, 0, 2, 1, 0])),
            SchemeKind::Custom => SchemeSettings::Custom(six([2, 1, 0, 2, 1, 0])),
            SchemeKind::ThreePoint => SchemeSettings::ThreePoint(six([3, 1, 0, 3, 1, 0])),
            SchemeKind::RedDrawPenalty => SchemeSettings::RedDrawPenalty(six([3, 1, 0, 3, 2, 0])),
            SchemeKind::Chess => SchemeSettings::Chess(ChessValues {
                red_win: h(100),
                red_draw: h(50),
                red_loss: h(0),
                black_win: h(100),
                black_draw: h(50),
                black_loss: h(0),
                unrated_rating: p(0),
            }),
            SchemeKind::Armageddon => SchemeSettings::Armageddon(ArmageddonValues {
                red_win: p(2),
                red_loss: p(0),
                black_win: p(2),
                black_loss: p(0),
            }),
            SchemeKind::Draw08 => SchemeSettings::Draw08(Draw08Values::default()),
            SchemeKind::AttackerDefender => {
                SchemeSettings::AttackerDefender(AttackerDefenderValues {
                    win: p(3),
                    loss: p(0),
                    defender_draw: p(2),
                    attacker_draw: p(1),
                    strike_limit: p(30),
                })
            }
            SchemeKind::TwoGame => SchemeSettings::TwoGame(TwoGameValues {
                round_win: p(2),
                round_draw: p(1),
                round_loss: p(0),
                game_win_small: p(2),
                game_draw_small: p(1),
                game_loss_small: p(0),
                bye_points: p(2),
                bye_small: p(2),
            }),
            SchemeKind::HuTwoGame => SchemeSettings::HuTwoGame(HuTwoGameValues {
                red_win: p(3),
                red_draw: p(1),
                black_draw: p(2),
                black_win: p(3),
                loss: p(0),
                target: p(3),
                round_win: p(2),
                round_draw: p(1),
                round_loss: p(0),
                bye_points: p(2),
                bye_small: p(2),
            }),
        }
    }

    /// The scheme these settings are of.
    pub fn kind(&self) -> SchemeKind {
        match self {
            SchemeSettings::Standard(_) => SchemeKind::Standard,
            SchemeSettings::ThreePoint(_) => SchemeKind::ThreePoint,
            SchemeSettings::RedDrawPenalty(_) => SchemeKind::RedDrawPenalty,
            SchemeSettings::Armageddon(_) => SchemeKind::Armageddon,
            SchemeSettings::Draw08(_) => SchemeKind::Draw08,
            SchemeSettings::AttackerDefender(_) => SchemeKind::AttackerDefender,
            SchemeSettings::TwoGame(_) => SchemeKind::TwoGame,
            SchemeSettings::HuTwoGame(_) => SchemeKind::HuTwoGame,
            SchemeSettings::Chess(_) => SchemeKind::Chess,
            SchemeSettings::Custom(_) => SchemeKind::Custom,
        }
    }
}

impl Default for Draw08Values {
    /// draw-0.8's defaults (also the residual score of a knockout's
    /// tie-break in an event of another scheme).
    fn default() -> Draw08Values {
        let p = Points::new;
        let h = Points::from_hundredths;
        Draw08Values {
            win: p(2),
            draw: h(80),
            loss: p(0),
            red_deduction: p(1),
            residual_factor: h(10),
            residual_cap: h(80),
            chariot: p(9),
            cannon: p(4),
            horse: p(4),
            elephant: p(2),
            advisor: p(2),
            pawn: p(1),
            crossed_pawn: p(2),
        }
    }
}

/// Reads constants as a user or a file wrote them (config.toml's
/// `[event.scheme_settings]`, any JSON object) against the scheme `id`:
/// a constant the scheme has not is refused by name with the scheme's
/// own constants (first, so a typo reads as such), a wrong value by its
/// name and what it takes. `values` is read first, as it is applied.
pub fn read_scheme_constants(
    id: &str,
    map: &serde_json::Map<String, serde_json::Value>,
) -> Result<SchemeConstants, ScoringError> {
    SchemeSettings::defaults(SchemeKind::from_id(id)?).read(id, map)
}

/// A scheme with its constants (the scheme is the settings' variant, so
/// the two cannot disagree).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheme {
    settings: SchemeSettings,
}

/// A player's result in one game or round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundResult {
    Win,
    Draw,
    Loss,
}

impl Scheme {
    /// The scheme with its default constants.
    pub fn new(kind: SchemeKind) -> Scheme {
        Scheme {
            settings: SchemeSettings::defaults(kind),
        }
    }

    /// The scheme by id with an event's constants over its defaults (a
    /// constant the scheme has not is refused by name).
    pub fn from_id(id: &str, constants: &SchemeConstants) -> Result<Scheme, ScoringError> {
        let mut s = Scheme::new(SchemeKind::from_id(id)?);
        s.settings.apply(id, constants)?;
        Ok(s)
    }

    /// The scheme by id with constants as a JSON object writes them
    /// (read against the scheme by [`read_scheme_constants`]).
    pub fn from_json(
        id: &str,
        map: &serde_json::Map<String, serde_json::Value>,
    ) -> Result<Scheme, ScoringError> {
        Scheme::from_id(id, &read_scheme_constants(id, map)?)
    }

    pub fn kind(&self) -> SchemeKind {
        self.settings.kind()
    }

    /// The scheme's constants, typed.
    pub fn settings(&self) -> &SchemeSettings {
        &self.settings
    }

    pub fn id(&self) -> &'static str {
        self.kind().id()
    }

    /// The tie-breaks after points, in the scheme's default order.
    pub fn default_tiebreaks(&self) -> Vec<TieBreak> {
        use TieBreak::*;
        match self.kind() {
            SchemeKind::Standard
            | SchemeKind::ThreePoint
            | SchemeKind::RedDrawPenalty
            | SchemeKind::Armageddon
            | SchemeKind::Custom => vec![
                OpponentScore,
                SmallPoints,
                Wins,
                Fouls,
                BlackGames,
                StripLast,
            ],
            SchemeKind::AttackerDefender => vec![
                SmallPoints,
                BigWins,
                SmallWins,
                Direct,
                BlackBigWins,
                BlackSmallWins,
            ],
            SchemeKind::Draw08 => vec![SmallPoints, Wins],
            SchemeKind::TwoGame => vec![
                OpponentScore,
                SmallPoints,
                RedWinSmall,
                WinSmall,
                BlackDrawSmall,
            ],
            SchemeKind::HuTwoGame => vec![OpponentScore, SmallPoints],
            // FIDE C.07's usual order for a Swiss.
            SchemeKind::Chess => vec![
                BuchholzCut1,
                Buchholz,
                SonnebornBerger,
                Direct,
                RoundsWon,
                BlackGames,
            ],
        }
    }

    /// The value of a win in this scheme: what a pairing bye scores in a
    /// single-game scheme (the red-win value, CXA §4 Rec), and the round win
    /// in two-game schemes.
    pub fn win_value(&self) -> Points {
        match &self.settings {
            SchemeSettings::Draw08(v) => v.win,
            SchemeSettings::AttackerDefender(v) => v.win,
            SchemeSettings::TwoGame(v) => v.round_win,
            SchemeSettings::HuTwoGame(v) => v.round_win,
            SchemeSettings::Armageddon(v) => v.red_win,
            SchemeSettings::Chess(v) => v.red_win,
            SchemeSettings::Standard(v)
            | SchemeSettings::ThreePoint(v)
            | SchemeSettings::RedDrawPenalty(v)
            | SchemeSettings::Custom(v) => v.red_win,
        }
    }

    /// The result of one game for a side, after the scheme's reading of a
    /// draw (armageddon turns a draw into a black win).
    pub(crate) fn game_res(&self, winner: Option<Colour>, draw: bool, side: Colour) -> RoundResult {
        let winner = if draw && self.kind() == SchemeKind::Armageddon {
            Some(Colour::Black)
        } else {
            winner
        };
        match winner {
            Some(c) if c == side => RoundResult::Win,
            Some(_) => RoundResult::Loss,
            None if draw => RoundResult::Draw,
            None => RoundResult::Loss, // double forfeit
        }
    }

    /// Points of one game for a single-game scheme scored by colour (the
    /// six values, and armageddon, where a draw is already read as black's
    /// win), by colour and result.
    pub(crate) fn six_value(&self, side: Colour, res: RoundResult) -> Points {
        use RoundResult::*;
        let v = match &self.settings {
            SchemeSettings::Armageddon(v) => {
                return match (side, res) {
                    (Colour::Red, Win) => v.red_win,
                    (Colour::Red, Loss | Draw) => v.red_loss,
                    (Colour::Black, Win | Draw) => v.black_win,
                    (Colour::Black, Loss) => v.black_loss,
                }
            }
            s => match s.six_values() {
                Some(v) => v,
                None => unreachable!("scheme {} does not score a game by colour", self.id()),
            },
        };
        match (side, res) {
            (Colour::Red, Win) => v.red_win,
            (Colour::Red, Draw) => v.red_draw,
            (Colour::Red, Loss) => v.red_loss,
            (Colour::Black, Win) => v.black_win,
            (Colour::Black, Draw) => v.black_draw,
            (Colour::Black, Loss) => v.black_loss,
        }
    }
}

/// Config files name a scheme by its id; a typo is reported by the reader
/// with its place and the allowed ids.
impl<'de> serde::Deserialize<'de> for SchemeKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let id = String::deserialize(d)?;
        SchemeKind::from_id(&id)
            .map_err(|_| serde::de::Error::unknown_variant(&id, &SchemeKind::IDS))
    }
}
