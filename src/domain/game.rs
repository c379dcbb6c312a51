//! A game's result and the per-game facts the scoring schemes read
//! (`../shared/specs/scoring.md`, "Inputs per game").

use super::Colour;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How a game ended, as far as points go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    RedWin,
    BlackWin,
    Draw,
    /// Red did not play: black wins by forfeit (`-/+`).
    RedForfeits,
    /// Black did not play: red wins by forfeit (`+/-`).
    BlackForfeits,
    /// Neither played (`-/-`).
    DoubleForfeit,
    /// Paired but no result yet.
    Unplayed,
}

impl Outcome {
    pub const ALL: [Outcome; 7] = [
        Outcome::RedWin,
        Outcome::BlackWin,
        Outcome::Draw,
        Outcome::RedForfeits,
        Outcome::BlackForfeits,
        Outcome::DoubleForfeit,
        Outcome::Unplayed,
    ];

    /// The stable code stored in the database.
    /// The i18n key of the result as a word (红胜 / 和 / 黑胜 …; the code in English).
    pub fn word_key(self) -> &'static str {
        match self {
            Outcome::RedWin => "outcome.red_win",
            Outcome::BlackWin => "outcome.black_win",
            Outcome::Draw => "outcome.draw",
            Outcome::RedForfeits => "outcome.red_forfeits",
            Outcome::BlackForfeits => "outcome.black_forfeits",
            Outcome::DoubleForfeit => "outcome.double_forfeit",
            Outcome::Unplayed => "outcome.unplayed",
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Outcome::RedWin => "1-0",
            Outcome::BlackWin => "0-1",
            Outcome::Draw => "1/2-1/2",
            Outcome::RedForfeits => "-/+",
            Outcome::BlackForfeits => "+/-",
            Outcome::DoubleForfeit => "-/-",
            Outcome::Unplayed => "*",
        }
    }

    /// Was the game actually played over the board?
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::RedWin | Outcome::BlackWin | Outcome::Draw)
    }

    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            Outcome::RedForfeits | Outcome::BlackForfeits | Outcome::DoubleForfeit
        )
    }

    /// The winner, if any (forfeits included).
    pub fn winner(self) -> Option<Colour> {
        match self {
            Outcome::RedWin | Outcome::BlackForfeits => Some(Colour::Red),
            Outcome::BlackWin | Outcome::RedForfeits => Some(Colour::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Why a result text was not understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct OutcomeParseError(pub String);

impl OutcomeParseError {
    /// The error as a keyed message.
    pub fn msg(&self) -> crate::i18n::Msg {
        crate::i18n::msg!("err.cli.not_a_result", value = &self.0)
    }
}

impl FromStr for Outcome {
    type Err = OutcomeParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        // Full-width forms as typed in a Chinese input method (`１：０`),
        // and `:` for `-` (`1:0`, as a score is written).
        let t: String = super::typed::halfwidth(s)
            .split_whitespace()
            .collect::<String>()
            .replace(':', "-");
        let o = match t.as_str() {
            "1-0" | "红胜" | "紅勝" | "先胜" | "先勝" | "黑负" | "黑負" | "后负" | "後負" | "w"
            | "W" => Outcome::RedWin,
            "0-1" | "黑胜" | "黑勝" | "后胜" | "後勝" | "红负" | "紅負" | "先负" | "先負" | "l"
            | "L" => Outcome::BlackWin,
            // `1/2` and `½` alone: how chess secretaries write a draw.
            "1/2-1/2" | "½-½" | "1/2" | "½" | "0.5-0.5" | "=" | "和" | "和棋" | "d" | "D" => {
                Outcome::Draw
            }
            "+/-" | "+--" => Outcome::BlackForfeits,
            "-/+" | "--+" => Outcome::RedForfeits,
            "-/-" | "---" => Outcome::DoubleForfeit,
            "*" | "" => Outcome::Unplayed,
            _ => return Err(OutcomeParseError(s.to_string())),
        };
        Ok(o)
    }
}

/// How a played game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Termination {
    /// 将死
    Checkmate,
    /// 困毙 (a loss in xiangqi)
    Stalemate,
    Resignation,
    /// 超时
    Time,
    /// 长将/长捉 判负
    RepetitionRuling,
    Agreement,
    ArbiterDecision,
}

impl Termination {
    pub const ALL: [Termination; 7] = [
        Termination::Checkmate,
        Termination::Stalemate,
        Termination::Resignation,
        Termination::Time,
        Termination::RepetitionRuling,
        Termination::Agreement,
        Termination::ArbiterDecision,
    ];

    pub fn code(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::Stalemate => "stalemate",
            Termination::Resignation => "resignation",
            Termination::Time => "time",
            Termination::RepetitionRuling => "repetition",
            Termination::Agreement => "agreement",
            Termination::ArbiterDecision => "arbiter",
        }
    }

    pub fn from_code(s: &str) -> Option<Termination> {
        let t = s.trim();
        let alias = match t {
            "将死" | "將死" | "mate" => "checkmate",
            "困毙" | "困斃" => "stalemate",
            "认输" | "認輸" | "resign" | "resigned" => "resignation",
            "超时" | "超時" | "timeout" | "flag" => "time",
            "判负" | "判負" | "repetition-ruling" | "长将" | "长捉" => "repetition",
            "议和" | "議和" | "agreed" => "agreement",
            "裁判" | "arbiter-decision" => "arbiter",
            other => other,
        };
        Self::ALL.into_iter().find(|x| x.code() == alias)
    }

    /// All accepted codes, for error messages.
    pub fn codes() -> String {
        Self::ALL
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A side's pieces at the end of a game (余子). Kings are not counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Material {
    /// 车
    pub chariots: u8,
    /// 马
    pub horses: u8,
    /// 炮
    pub cannons: u8,
    /// 士
    pub advisors: u8,
    /// 象/相
    pub elephants: u8,
    /// 兵 still on its own side of the river
    pub pawns_uncrossed: u8,
    /// 兵 across the river
    pub pawns_crossed: u8,
}

/// Why a residual-material text was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MaterialParseError {
    /// A character that is no piece.
    UnknownPiece(char),
    /// More pieces of a kind than a side has.
    TooMany {
        piece: &'static str,
        count: u8,
        max: u8,
    },
}

impl MaterialParseError {
    /// The error as a keyed message.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::msg;
        match self {
            MaterialParseError::UnknownPiece(c) => msg!("err.material.unknown_piece", piece = c),
            MaterialParseError::TooMany { piece, count, max } => {
                msg!("err.material.too_many", count, piece, max)
            }
        }
    }
}

crate::i18n::english_display!(MaterialParseError);

impl std::error::Error for MaterialParseError {}

impl Material {
    /// Parses letters: `R` 车, `H` 马 (also `N`), `C` 炮, `A` 士, `E` 象 (also `B`),
    /// `P` uncrossed 兵, `X` crossed 兵; or the characters 车马炮士象兵 (and their variants).
    pub fn parse(s: &str) -> Result<Material, MaterialParseError> {
        let mut m = Material::default();
        for c in s.chars() {
            match c {
                'R' | 'r' | '车' | '車' | '俥' => m.chariots += 1,
                'H' | 'h' | 'N' | 'n' | '马' | '馬' | '傌' => m.horses += 1,
                'C' | 'c' | '炮' | '砲' | '包' => m.cannons += 1,
                'A' | 'a' | '士' | '仕' => m.advisors += 1,
                'E' | 'e' | 'B' | 'b' | '象' | '相' => m.elephants += 1,
                'P' | 'p' | '兵' | '卒' => m.pawns_uncrossed += 1,
                'X' | 'x' => m.pawns_crossed += 1,
                ' ' | ',' | '/' | '-' => {}
                other => return Err(MaterialParseError::UnknownPiece(other)),
            }
        }
        m.check()?;
        Ok(m)
    }

    /// Refuses material a side cannot have.
    pub fn check(&self) -> Result<(), MaterialParseError> {
        let limits: [(&'static str, u8, u8); 5] = [
            ("车 (R)", self.chariots, 2),
            ("马 (H)", self.horses, 2),
            ("炮 (C)", self.cannons, 2),
            ("士 (A)", self.advisors, 2),
            ("象 (E)", self.elephants, 2),
        ];
        for (piece, count, max) in limits {
            if count > max {
                return Err(MaterialParseError::TooMany { piece, count, max });
            }
        }
        let pawns = self.pawns_uncrossed + self.pawns_crossed;
        if pawns > 5 {
            return Err(MaterialParseError::TooMany {
                piece: "兵 (P+X)",
                count: pawns,
                max: 5,
            });
        }
        Ok(())
    }

    /// Does this side still have an attacking piece (车, 马, 炮 or a crossed 兵)?
    pub fn has_attacker(&self) -> bool {
        self.chariots + self.horses + self.cannons + self.pawns_crossed > 0
    }

    /// The canonical letter form, e.g. `RHHEE`.
    pub fn letters(&self) -> String {
        let mut s = String::new();
        for (c, n) in [
            ('R', self.chariots),
            ('H', self.horses),
            ('C', self.cannons),
            ('A', self.advisors),
            ('E', self.elephants),
            ('P', self.pawns_uncrossed),
            ('X', self.pawns_crossed),
        ] {
            for _ in 0..n {
                s.push(c);
            }
        }
        s
    }
}

/// How many moves a side made with each group of pieces:
/// 车 / 马+炮 / 兵 / 士+象 / 将.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct PieceMoves {
    pub chariot: u32,
    pub horse_cannon: u32,
    pub pawn: u32,
    pub advisor_elephant: u32,
    pub king: u32,
}

impl PieceMoves {
    /// Parses `a/b/c/d/e`.
    pub fn parse(s: &str) -> Option<PieceMoves> {
        let v: Vec<u32> = s
            .split('/')
            .map(|p| p.trim().parse::<u32>())
            .collect::<Result<_, _>>()
            .ok()?;
        if v.len() != 5 {
            return None;
        }
        Some(PieceMoves {
            chariot: v[0],
            horse_cannon: v[1],
            pawn: v[2],
            advisor_elephant: v[3],
            king: v[4],
        })
    }

    pub fn as_array(&self) -> [u32; 5] {
        [
            self.chariot,
            self.horse_cannon,
            self.pawn,
            self.advisor_elephant,
            self.king,
        ]
    }

    pub fn total(&self) -> u32 {
        self.as_array().iter().sum()
    }

    pub fn text(&self) -> String {
        let a = self.as_array();
        format!("{}/{}/{}/{}/{}", a[0], a[1], a[2], a[3], a[4])
    }
}

/// Who first captured an opposing 车/马/炮 or the unmoved central pawn
/// within the first 30 moves (the attacker, 攻方).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FirstStrike {
    /// `None` = nobody struck within the limit.
    pub side: Option<Colour>,
    /// Full-move number of the capture.
    pub move_no: Option<u32>,
}

impl FirstStrike {
    /// Parses `red`, `black`, `none`, `red@14`, `black@9`.
    pub fn parse(s: &str) -> Option<FirstStrike> {
        let t = s.trim();
        let (side, mv) = match t.split_once('@') {
            Some((a, b)) => (a, Some(b.trim().parse::<u32>().ok()?)),
            None => (t, None),
        };
        let side = match side.trim().to_ascii_lowercase().as_str() {
            "none" | "无" | "無" => None,
            other => Some(Colour::from_code(other)?),
        };
        if side.is_none() && mv.is_some() {
            return None;
        }
        Some(FirstStrike { side, move_no: mv })
    }

    pub fn text(&self) -> String {
        match (self.side, self.move_no) {
            (None, _) => "none".into(),
            (Some(c), None) => c.code().into(),
            (Some(c), Some(m)) => format!("{}@{}", c.code(), m),
        }
    }
}

/// What is known of a game besides who played and the result: every
/// optional fact a scheme may read. The one copy: a stored [`Game`], a
/// games-CSV row and the result a secretary types all carry it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameFacts {
    pub termination: Option<Termination>,
    /// Full moves (回合).
    pub moves: Option<u32>,
    pub red_used_ms: Option<i64>,
    pub black_used_ms: Option<i64>,
    pub red_fouls: u32,
    pub black_fouls: u32,
    pub red_residual: Option<Material>,
    pub black_residual: Option<Material>,
    pub first_strike: Option<FirstStrike>,
    pub red_pieces: Option<PieceMoves>,
    pub black_pieces: Option<PieceMoves>,
    /// The attached game record (PGN text), if any.
    pub record: Option<String>,
}

/// A game with where it was played: its round and board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedGame {
    pub round: u32,
    pub board: u32,
    pub game: Game,
}

/// One game as stored: the result plus every optional fact a scheme may read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub id: i64,
    pub board_id: i64,
    /// 1 or 2 (two-game rounds).
    pub game_no: u32,
    /// Entry ids.
    pub red: i64,
    pub black: i64,
    pub outcome: Outcome,
    /// Termination, moves, clocks, fouls, material, record (written flat
    /// in JSON, as before they had their own struct).
    #[serde(flatten)]
    pub facts: GameFacts,
}

impl Game {
    /// A game with only its players and outcome known.
    pub fn bare(red: i64, black: i64, outcome: Outcome) -> Game {
        Game {
            id: 0,
            board_id: 0,
            game_no: 1,
            red,
            black,
            outcome,
            facts: GameFacts::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_parse_in_every_spelling() {
        assert_eq!("1-0".parse::<Outcome>().unwrap(), Outcome::RedWin);
        assert_eq!("红胜".parse::<Outcome>().unwrap(), Outcome::RedWin);
        for draw in ["1/2", "½", "1/2-1/2", " ½-½ "] {
            assert_eq!(draw.parse::<Outcome>().unwrap(), Outcome::Draw, "{draw}");
        }
        assert!("1/3".parse::<Outcome>().is_err());
        assert_eq!("黑胜".parse::<Outcome>().unwrap(), Outcome::BlackWin);
        assert_eq!("和".parse::<Outcome>().unwrap(), Outcome::Draw);
        assert_eq!("1/2-1/2".parse::<Outcome>().unwrap(), Outcome::Draw);
        assert_eq!("+/-".parse::<Outcome>().unwrap(), Outcome::BlackForfeits);
        assert_eq!("-/+".parse::<Outcome>().unwrap(), Outcome::RedForfeits);
        assert_eq!("-/-".parse::<Outcome>().unwrap(), Outcome::DoubleForfeit);
        assert!("2-0".parse::<Outcome>().is_err());
        for o in Outcome::ALL {
            assert_eq!(o.code().parse::<Outcome>().unwrap(), o);
        }
    }

    #[test]
    fn outcomes_typed_in_full_width_or_with_a_colon_parse() {
        for (typed, o) in [
            ("１-０", Outcome::RedWin),
            ("１：０", Outcome::RedWin),
            ("1：0", Outcome::RedWin),
            ("1:0", Outcome::RedWin),
            ("1–0", Outcome::RedWin),
            ("０－１", Outcome::BlackWin),
            ("½：½", Outcome::Draw),
            ("１／２", Outcome::Draw),
            ("＋／－", Outcome::BlackForfeits),
            ("+:-", Outcome::BlackForfeits),
            ("-:+", Outcome::RedForfeits),
            ("-:-", Outcome::DoubleForfeit),
            ("红负", Outcome::BlackWin),
            ("黑負", Outcome::RedWin),
            ("\u{3000}１-０\u{3000}", Outcome::RedWin),
        ] {
            assert_eq!(typed.parse::<Outcome>(), Ok(o), "{typed}");
        }
        for impossible in ["２-０", "2:0", "1:1", "１", "1/2:0"] {
            let e = impossible.parse::<Outcome>().unwrap_err();
            assert_eq!(e.0, impossible, "the text is said as it was typed");
        }
    }

    #[test]
    fn material_parses_and_refuses_impossible() {
        let m = Material::parse("RHHEE").unwrap();
        assert_eq!((m.chariots, m.horses, m.elephants), (1, 2, 2));
        assert_eq!(m.letters(), "RHHEE");
        assert_eq!(Material::parse("车马炮士象兵").unwrap().letters(), "RHCAEP");
        assert!(matches!(
            Material::parse("RRR"),
            Err(MaterialParseError::TooMany { .. })
        ));
        assert!(matches!(
            Material::parse("PPPXXX"),
            Err(MaterialParseError::TooMany { .. })
        ));
        assert!(matches!(
            Material::parse("Q"),
            Err(MaterialParseError::UnknownPiece('Q'))
        ));
        assert!(!Material::parse("AAEEP").unwrap().has_attacker());
        assert!(Material::parse("X").unwrap().has_attacker());
    }

    #[test]
    fn piece_moves_and_first_strike() {
        let p = PieceMoves::parse("8/35/4/7/9").unwrap();
        assert_eq!(p.as_array(), [8, 35, 4, 7, 9]);
        assert_eq!(p.text(), "8/35/4/7/9");
        assert!(PieceMoves::parse("1/2/3").is_none());
        let f = FirstStrike::parse("red@29").unwrap();
        assert_eq!(f.side, Some(Colour::Red));
        assert_eq!(f.move_no, Some(29));
        assert_eq!(FirstStrike::parse("none").unwrap().side, None);
        assert!(FirstStrike::parse("none@3").is_none());
        assert!(FirstStrike::parse("green").is_none());
    }

    #[test]
    fn terminations() {
        for t in Termination::ALL {
            assert_eq!(Termination::from_code(t.code()), Some(t));
        }
        assert_eq!(Termination::from_code("超时"), Some(Termination::Time));
        assert_eq!(Termination::from_code("bogus"), None);
    }
}

crate::i18n::english_display!(OutcomeParseError);
