//! Scoring schemes: which constants they have and how one game scores.

use super::settings::{read_scheme_constants, SchemeSettings, SIX};
use super::{ScoringError, TieBreak};
use crate::domain::SchemeConstants;
use crate::domain::{Colour, Material, Points};

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

    fn defaults(self) -> Vec<(&'static str, Points)> {
        let p = Points::new;
        let h = Points::from_hundredths;
        let six = |v: [i64; 6]| -> Vec<(&'static str, Points)> {
            SIX.iter().zip(v).map(|(k, x)| (*k, p(x))).collect()
        };
        match self {
            SchemeKind::Standard | SchemeKind::Custom => six([2, 1, 0, 2, 1, 0]),
            SchemeKind::ThreePoint => six([3, 1, 0, 3, 1, 0]),
            SchemeKind::RedDrawPenalty => six([3, 1, 0, 3, 2, 0]),
            // `unrated_rating`: the rating an unrated player counts with in
            // ARO and TPR (0: unrated opponents are left out).
            SchemeKind::Chess => SIX
                .iter()
                .zip([100, 50, 0, 100, 50, 0])
                .map(|(k, x)| (*k, h(x)))
                .chain([("unrated_rating", p(0))])
                .collect(),
            // A draw is a black win: red gets red_loss, black gets black_win.
            SchemeKind::Armageddon => vec![
                ("red_win", p(2)),
                ("red_loss", p(0)),
                ("black_win", p(2)),
                ("black_loss", p(0)),
            ],
            SchemeKind::Draw08 => vec![
                ("win", p(2)),
                ("draw", h(80)),
                ("loss", p(0)),
                ("red_deduction", p(1)),
                ("residual_factor", h(10)),
                ("residual_cap", h(80)),
                ("chariot", p(9)),
                ("cannon", p(4)),
                ("horse", p(4)),
                ("elephant", p(2)),
                ("advisor", p(2)),
                ("pawn", p(1)),
                ("crossed_pawn", p(2)),
            ],
            SchemeKind::AttackerDefender => vec![
                ("win", p(3)),
                ("loss", p(0)),
                ("defender_draw", p(2)),
                ("attacker_draw", p(1)),
                ("strike_limit", p(30)),
            ],
            SchemeKind::TwoGame => vec![
                ("round_win", p(2)),
                ("round_draw", p(1)),
                ("round_loss", p(0)),
                ("game_win_small", p(2)),
                ("game_draw_small", p(1)),
                ("game_loss_small", p(0)),
                ("bye_points", p(2)),
                ("bye_small", p(2)),
            ],
            SchemeKind::HuTwoGame => vec![
                ("red_win", p(3)),
                ("red_draw", p(1)),
                ("black_draw", p(2)),
                ("black_win", p(3)),
                ("loss", p(0)),
                ("target", p(3)),
                ("round_win", p(2)),
                ("round_draw", p(1)),
                ("round_loss", p(0)),
                ("bye_points", p(2)),
                ("bye_small", p(2)),
            ],
        }
    }
}

/// A scheme with its settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheme {
    pub kind: SchemeKind,
    pub settings: SchemeSettings,
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
            kind,
            settings: SchemeSettings::new(kind.id(), &kind.defaults()),
        }
    }

    /// The scheme by id with an event's constants over its defaults (a
    /// constant the scheme has not is refused by name).
    pub fn from_id(id: &str, constants: &SchemeConstants) -> Result<Scheme, ScoringError> {
        let mut s = Scheme::new(SchemeKind::from_id(id)?);
        s.settings.apply(constants)?;
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

    pub fn id(&self) -> &'static str {
        self.kind.id()
    }

    fn v(&self, key: &str) -> Points {
        self.settings.get(key)
    }

    /// The tie-breaks after points, in the scheme's default order.
    pub fn default_tiebreaks(&self) -> Vec<TieBreak> {
        use TieBreak::*;
        match self.kind {
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
        match self.kind {
            SchemeKind::Draw08 | SchemeKind::AttackerDefender => self.v("win"),
            SchemeKind::TwoGame | SchemeKind::HuTwoGame => self.v("round_win"),
            _ => self.v("red_win"),
        }
    }

    /// The result of one game for a side, after the scheme's reading of a
    /// draw (armageddon turns a draw into a black win).
    pub(crate) fn game_res(&self, winner: Option<Colour>, draw: bool, side: Colour) -> RoundResult {
        let winner = if draw && self.kind == SchemeKind::Armageddon {
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

    /// Points of one game for a single-game six-value scheme (and
    /// armageddon), by colour and result.
    pub(crate) fn six_value(&self, side: Colour, res: RoundResult) -> Points {
        let key = match (side, res) {
            (Colour::Red, RoundResult::Win) => "red_win",
            (Colour::Red, RoundResult::Draw) => "red_draw",
            (Colour::Red, RoundResult::Loss) => "red_loss",
            (Colour::Black, RoundResult::Win) => "black_win",
            (Colour::Black, RoundResult::Draw) => "black_draw",
            (Colour::Black, RoundResult::Loss) => "black_loss",
        };
        self.v(key)
    }

    /// draw-0.8: the material value of one side's residual pieces.
    pub fn material_value(&self, m: &Material) -> Points {
        let s = &self.settings;
        s.get("chariot") * m.chariots as i64
            + s.get("cannon") * m.cannons as i64
            + s.get("horse") * m.horses as i64
            + s.get("elephant") * m.elephants as i64
            + s.get("advisor") * m.advisors as i64
            + s.get("pawn") * m.pawns_uncrossed as i64
            + s.get("crossed_pawn") * m.pawns_crossed as i64
    }

    /// draw-0.8: red's residual score in a drawn game (black's is its negative).
    pub fn residual_score(&self, red: &Material, black: &Material) -> Points {
        let d = self.material_value(red) - self.v("red_deduction") - self.material_value(black);
        // A side without attackers cannot profit from its material lead.
        let red_bare = !red.has_attacker() && black.has_attacker();
        let black_bare = !black.has_attacker() && red.has_attacker();
        if (red_bare && d.hundredths() > 0) || (black_bare && d.hundredths() < 0) {
            return Points::ZERO;
        }
        // factor × D, with D in hundredths: exact as long as the factor has
        // at most two decimals and D is a whole number of material units.
        let raw = Points(d.hundredths() * self.v("residual_factor").hundredths() / 100);
        let cap = self.v("residual_cap");
        raw.clamp_to(-cap, cap)
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
