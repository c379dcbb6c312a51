//! The games CSV (`qishe import games`): one row per game.
//!
//! Header: `round,game,red,black,result,moves,red_used,black_used,
//! termination,red_fouls,black_fouls,red_residual,black_residual,
//! first_strike,red_pieces,black_pieces,record`. Only `round`, `red`,
//! `black` and `result` are required; columns are found by name in any
//! order. `black` = `BYE` marks a pairing bye. Times are `H:MM:SS`, `MM:SS`
//! or seconds. The bytes may be UTF-8 (with or without BOM) or GBK.

use crate::domain::{
    parse_duration_ms, FirstStrike, GameFacts, Material, Outcome, PieceMoves, Termination,
};
use crate::i18n::{msg, Msg};

/// One row of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The line the row starts on (the header is line 1).
    pub line: u64,
    pub round: u32,
    /// 1 unless given.
    pub game: u32,
    /// Was the game number in the file? (If not, a second row for the same
    /// pair in the same round is game 2.)
    pub game_given: bool,
    pub red: String,
    /// `None` = a pairing bye for `red`.
    pub black: Option<String>,
    pub outcome: Outcome,
    /// Moves, clocks, termination, fouls, material, record.
    pub facts: GameFacts,
}

/// A problem in a games CSV, with the file name and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GamesCsvError {
    pub file: String,
    pub line: u64,
    /// The column's header name, where one cell is at fault.
    pub column: Option<String>,
    /// The reason, keyed (in the user's language through [`Self::msg`]).
    pub message: crate::i18n::Msg,
}

crate::i18n::english_display!(GamesCsvError);

impl std::error::Error for GamesCsvError {}

impl GamesCsvError {
    /// The error as a keyed message: file, line, column and reason in the
    /// UI language.
    pub fn msg(&self) -> crate::i18n::Msg {
        use crate::i18n::msg;
        match &self.column {
            Some(column) => msg!(
                "err.games_csv.at_column",
                file = &self.file,
                line = self.line,
                column,
                why = self.message.clone()
            ),
            None => msg!(
                "err.games_csv.at",
                file = &self.file,
                line = self.line,
                why = self.message.clone()
            ),
        }
    }
}

/// Every column the reader knows, in the canonical order.
pub const COLUMNS: [&str; 17] = [
    "round",
    "game",
    "red",
    "black",
    "result",
    "moves",
    "red_used",
    "black_used",
    "termination",
    "red_fouls",
    "black_fouls",
    "red_residual",
    "black_residual",
    "first_strike",
    "red_pieces",
    "black_pieces",
    "record",
];

const REQUIRED: [&str; 4] = ["round", "red", "black", "result"];

/// Reads a games CSV. `file` names the file in error messages.
pub fn read_games_csv(bytes: &[u8], file: &str) -> Result<Vec<GameRow>, GamesCsvError> {
    Ok(read_rows(bytes, file, false)?
        .into_iter()
        .map(|(r, _)| r)
        .collect())
}

/// The three columns a team event's games CSV has first (`specs/teams.md`).
pub const TEAM_COLUMNS: [&str; 3] = ["home", "away", "board"];

/// A team event's row: the match (home and away team) and the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamCells {
    pub home: String,
    pub away: String,
    pub board: u32,
}

/// Reads a team event's games CSV: `round,home,away,board,game,red,black,
/// result,…` (home, away and board required, the rest as for individual
/// events).
pub fn read_team_games_csv(
    bytes: &[u8],
    file: &str,
) -> Result<Vec<(GameRow, TeamCells)>, GamesCsvError> {
    Ok(read_rows(bytes, file, true)?
        .into_iter()
        .filter_map(|(r, t)| Some((r, t?)))
        .collect())
}

fn read_rows(
    bytes: &[u8],
    file: &str,
    team: bool,
) -> Result<Vec<(GameRow, Option<TeamCells>)>, GamesCsvError> {
    let err = |line: u64, column: Option<&str>, message: Msg| GamesCsvError {
        file: file.to_string(),
        line,
        column: column.map(str::to_string),
        message,
    };
    let (mut rdr, headers, lines) = super::csv_header::open(bytes).map_err(|m| err(1, None, m))?;
    // Column name → index (the team columns only for a team event).
    let known: &[&[&str]] = if team {
        &[&COLUMNS, &TEAM_COLUMNS]
    } else {
        &[&COLUMNS]
    };
    let found = super::csv_header::find_columns(&headers, known).map_err(|m| err(1, None, m))?;
    let col = &found[0];
    let team_col = found
        .get(1)
        .cloned()
        .unwrap_or_else(|| vec![None; TEAM_COLUMNS.len()]);
    super::csv_header::check_required(col, &COLUMNS, &REQUIRED, "err.csv.need.games")
        .map_err(|m| err(1, None, m))?;
    if team {
        super::csv_header::check_required(
            &team_col,
            &TEAM_COLUMNS,
            &TEAM_COLUMNS,
            "err.csv.need.team_games",
        )
        .map_err(|m| err(1, None, m))?;
    }
    let mut rows = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| {
            let (line, msg) = record_problem(&e, &lines);
            err(line, None, msg)
        })?;
        let line = lines.of(rec.position(), 0);
        if rec.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let cell = |name: &str| -> &str {
            let k = COLUMNS.iter().position(|c| *c == name).unwrap_or(0);
            col[k].and_then(|i| rec.get(i)).map(str::trim).unwrap_or("")
        };
        let bad = |name: &str, what: &'static str| {
            err(
                line,
                Some(name),
                msg!("err.csv.is_not", value = cell(name), what = msg!(what)),
            )
        };
        let number = |name: &str| -> Result<Option<u32>, GamesCsvError> {
            let c = cell(name);
            if c.is_empty() {
                return Ok(None);
            }
            crate::domain::typed::number::<u32>(c)
                .map(Some)
                .ok_or_else(|| bad(name, "err.csv.what.number"))
        };
        let duration = |name: &str| -> Result<Option<i64>, GamesCsvError> {
            let c = cell(name);
            if c.is_empty() {
                return Ok(None);
            }
            parse_duration_ms(c)
                .map(Some)
                .ok_or_else(|| bad(name, "err.csv.what.time"))
        };
        let material = |name: &str| -> Result<Option<Material>, GamesCsvError> {
            let c = cell(name);
            if c.is_empty() {
                return Ok(None);
            }
            // The king is never counted; accept it written out (K, 将, 帅).
            let without_king: String = c
                .chars()
                .filter(|ch| !matches!(ch, 'K' | 'k' | '将' | '將' | '帅' | '帥'))
                .collect();
            Material::parse(&without_king).map(Some).map_err(|e| {
                err(
                    line,
                    Some(name),
                    msg!("err.csv.value", value = c, why = e.msg()),
                )
            })
        };
        let pieces = |name: &str| -> Result<Option<PieceMoves>, GamesCsvError> {
            let c = cell(name);
            if c.is_empty() {
                return Ok(None);
            }
            PieceMoves::parse(c)
                .map(Some)
                .ok_or_else(|| bad(name, "err.csv.what.pieces"))
        };
        let round =
            number("round")?.ok_or_else(|| err(line, Some("round"), msg!("err.csv.empty")))?;
        if round == 0 {
            return Err(bad("round", "err.csv.what.round"));
        }
        let game_cell = number("game")?;
        let game = game_cell.unwrap_or(1);
        if game == 0 {
            return Err(bad("game", "err.csv.what.game"));
        }
        let red = cell("red").to_string();
        if red.is_empty() {
            return Err(err(line, Some("red"), msg!("err.csv.empty")));
        }
        let black_text = cell("black");
        if black_text.is_empty() {
            return Err(err(line, Some("black"), msg!("err.csv.empty_black")));
        }
        let black = if black_text.eq_ignore_ascii_case("bye") || black_text == "轮空" {
            None
        } else {
            Some(black_text.to_string())
        };
        if black.as_deref() == Some(red.as_str()) {
            return Err(err(line, Some("black"), msg!("err.csv.self", name = &red)));
        }
        let outcome = if black.is_none() && cell("result").is_empty() {
            Outcome::Unplayed
        } else {
            cell("result").parse::<Outcome>().map_err(|e| {
                err(
                    line,
                    Some("result"),
                    msg!("err.cli.not_a_result", value = e.0),
                )
            })?
        };
        let termination = match cell("termination") {
            "" => None,
            t => Some(Termination::from_code(t).ok_or_else(|| {
                err(
                    line,
                    Some("termination"),
                    msg!(
                        "err.csv.termination",
                        value = t,
                        codes = Termination::codes()
                    ),
                )
            })?),
        };
        let first_strike = match cell("first_strike") {
            "" => None,
            t => Some(
                FirstStrike::parse(t)
                    .ok_or_else(|| bad("first_strike", "err.csv.what.first_strike"))?,
            ),
        };
        // Residual material is recorded for both sides of a game: when one
        // side's cell is filled, an empty cell for the other is a bare king.
        let (red_residual, black_residual) =
            match (material("red_residual")?, material("black_residual")?) {
                (Some(r), None) => (Some(r), Some(Material::default())),
                (None, Some(b)) => (Some(Material::default()), Some(b)),
                other => other,
            };
        let record = match cell("record") {
            "" => None,
            r => Some(r.to_string()),
        };
        let team_cells = if team {
            let tcell = |k: usize| {
                team_col[k]
                    .and_then(|i| rec.get(i))
                    .map(str::trim)
                    .unwrap_or("")
            };
            let home = tcell(0).to_string();
            let away = tcell(1).to_string();
            if home.is_empty() {
                return Err(err(line, Some("home"), msg!("err.csv.empty")));
            }
            if away.is_empty() {
                return Err(err(line, Some("away"), msg!("err.csv.empty")));
            }
            let board = crate::domain::typed::number::<u32>(tcell(2))
                .filter(|b| *b >= 1)
                .ok_or_else(|| {
                    err(
                        line,
                        Some("board"),
                        msg!(
                            "err.csv.is_not",
                            value = tcell(2),
                            what = msg!("err.csv.what.board")
                        ),
                    )
                })?;
            Some(TeamCells { home, away, board })
        } else {
            None
        };
        // The store's limits, here with the row's line.
        use crate::domain::limits;
        limits::name("red", &red).map_err(|m| err(line, Some("red"), m))?;
        if let Some(b) = &black {
            limits::name("black", b).map_err(|m| err(line, Some("black"), m))?;
        }
        if let Some(t) = &team_cells {
            limits::team(&t.home, None, None).map_err(|m| err(line, Some("home"), m))?;
            limits::team(&t.away, None, None).map_err(|m| err(line, Some("away"), m))?;
        }
        let facts = GameFacts {
            moves: number("moves")?,
            red_used_ms: duration("red_used")?,
            black_used_ms: duration("black_used")?,
            termination,
            red_fouls: number("red_fouls")?.unwrap_or(0),
            black_fouls: number("black_fouls")?.unwrap_or(0),
            red_residual,
            black_residual,
            first_strike,
            red_pieces: pieces("red_pieces")?,
            black_pieces: pieces("black_pieces")?,
            record,
        };
        limits::facts(&facts).map_err(|m| err(line, None, m))?;
        rows.push((
            GameRow {
                line,
                round,
                game,
                game_given: game_cell.is_some(),
                red,
                black,
                outcome,
                facts,
            },
            team_cells,
        ));
    }
    Ok(rows)
}

/// The line and the reason of a CSV record the reader refused (a row with
/// more or fewer fields than the header, bad quoting, …).
pub(crate) fn record_problem(e: &csv::Error, lines: &super::csv_header::Lines) -> (u64, Msg) {
    let line = lines.of(e.position(), 0);
    let why = match e.kind() {
        csv::ErrorKind::UnequalLengths {
            expected_len, len, ..
        } => msg!("err.csv.fields", len, expected = expected_len),
        _ => msg!("err.csv.reader", why = e.to_string()),
    };
    (line, why)
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "round,game,red,black,result,moves,red_used,black_used,termination,red_fouls,black_fouls,red_residual,black_residual,first_strike,red_pieces,black_pieces,record\n";

    #[test]
    fn reads_a_full_row() {
        let text = format!(
            "{HEAD}2,1,张强,李鸿嘉,1/2-1/2,63,36:42,1:02:03,agreement,1,0,RHHEE,CAAEE,black@17,8/35/4/7/9,1/12/40/9/1,\n"
        );
        let rows = read_games_csv(text.as_bytes(), "g.csv").unwrap();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.line, r.round, r.game), (2, 2, 1));
        assert_eq!(r.red, "张强");
        assert_eq!(r.black.as_deref(), Some("李鸿嘉"));
        assert_eq!(r.outcome, Outcome::Draw);
        assert_eq!(r.facts.moves, Some(63));
        assert_eq!(r.facts.red_used_ms, Some(36 * 60_000 + 42_000));
        assert_eq!(r.facts.black_used_ms, Some(3_723_000));
        assert_eq!(r.facts.termination, Some(Termination::Agreement));
        assert_eq!((r.facts.red_fouls, r.facts.black_fouls), (1, 0));
        assert_eq!(r.facts.red_residual.unwrap().letters(), "RHHEE");
        assert_eq!(r.facts.first_strike.unwrap().move_no, Some(17));
        assert_eq!(r.facts.red_pieces.unwrap().as_array(), [8, 35, 4, 7, 9]);
        assert_eq!(r.facts.record, None);
    }

    #[test]
    fn minimal_columns_in_any_order_with_bom_and_bye() {
        let text = "\u{feff}result,black,red,round\n1-0,B,A,1\n,BYE,C,1\n";
        let rows = read_games_csv(text.as_bytes(), "g.csv").unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].red, "A");
        assert_eq!(rows[0].game, 1);
        assert_eq!(rows[0].outcome, Outcome::RedWin);
        assert_eq!(rows[1].black, None);
        assert_eq!(rows[1].line, 3);
    }

    #[test]
    fn residual_pairs_and_kings() {
        let text = "round,red,black,result,red_residual,black_residual\n\
                    1,A,B,和,AA,\n1,C,D,和,K,帅士\n1,E,F,1-0,,\n";
        let rows = read_games_csv(text.as_bytes(), "g.csv").unwrap();
        assert_eq!(rows[0].facts.red_residual.unwrap().letters(), "AA");
        assert_eq!(rows[0].facts.black_residual, Some(Material::default()));
        assert_eq!(rows[1].facts.red_residual, Some(Material::default()));
        assert_eq!(rows[1].facts.black_residual.unwrap().letters(), "A");
        assert_eq!(
            (rows[2].facts.red_residual, rows[2].facts.black_residual),
            (None, None)
        );
    }

    #[test]
    fn gbk_bytes_are_decoded() {
        let text = "round,red,black,result\n1,张强,李鸿嘉,和\n";
        let (gbk, _, bad) = encoding_rs::GBK.encode(text);
        assert!(!bad);
        assert!(std::str::from_utf8(&gbk).is_err());
        let rows = read_games_csv(&gbk, "g.csv").unwrap();
        assert_eq!(rows[0].red, "张强");
        assert_eq!(rows[0].black.as_deref(), Some("李鸿嘉"));
        assert_eq!(rows[0].outcome, Outcome::Draw);
    }

    #[test]
    fn big5_bytes_are_decoded_as_for_a_member_list() {
        let text = "round,red,black,result\n1,呂欽,胡榮華,和\n1,許銀川,趙國榮,1-0\n";
        let (b5, _, bad) = encoding_rs::BIG5.encode(text);
        assert!(!bad);
        let rows = read_games_csv(&b5, "g.csv").unwrap();
        assert_eq!(rows[0].red, "呂欽");
        assert_eq!(rows[1].black.as_deref(), Some("趙國榮"));
        assert_eq!(rows[1].outcome, Outcome::RedWin);
    }

    #[test]
    fn bad_cells_name_file_line_and_column() {
        let mut text = String::from(HEAD);
        for _ in 0..15 {
            text.push_str("1,1,A,B,1-0,40,,,,,,,,,,,\n");
        }
        text.push_str("2,1,A,B,1-0,abc,,,,,,,,,,,\n");
        let e = read_games_csv(text.as_bytes(), "games.csv").unwrap_err();
        assert_eq!(
            e.to_string(),
            "games.csv:17: column moves: \"abc\" is not a number"
        );
        let cases = [
            ("round,red,black,result\n1,A,B,2-0\n", "column result"),
            (
                "round,red,black,result,red_used\n1,A,B,1-0,1:75\n",
                "column red_used",
            ),
            (
                "round,red,black,result,red_residual\n1,A,B,1-0,RRR\n",
                "column red_residual",
            ),
            (
                "round,red,black,result,red_pieces\n1,A,B,1-0,1/2\n",
                "column red_pieces",
            ),
            (
                "round,red,black,result,termination\n1,A,B,1-0,fell\n",
                "column termination",
            ),
            (
                "round,red,black,result,first_strike\n1,A,B,1-0,green\n",
                "column first_strike",
            ),
            ("round,red,black,result\nx,A,B,1-0\n", "column round"),
            ("round,red,black,result\n1,A,,1-0\n", "column black"),
            ("round,red,black,result\n1,A,A,1-0\n", "column black"),
        ];
        for (t, want) in cases {
            let e = read_games_csv(t.as_bytes(), "g.csv")
                .unwrap_err()
                .to_string();
            assert!(e.starts_with("g.csv:2: "), "{e}");
            assert!(e.contains(want), "{e} should mention {want}");
        }
    }

    #[test]
    fn a_rows_reason_speaks_the_users_language() {
        use crate::i18n::Lang;
        let e = read_games_csv(
            "round,red,black,result,moves\n1,A,B,1-0,x\n".as_bytes(),
            "g.csv",
        )
        .unwrap_err();
        assert_eq!(
            e.to_string(),
            "g.csv:2: column moves: \"x\" is not a number"
        );
        assert_eq!(
            e.msg().render(Lang::ZhHans),
            "g.csv 第2行: moves 列: \"x\" 不是数字"
        );
        let e = read_games_csv("round,red,black,result,colour\n".as_bytes(), "g.csv").unwrap_err();
        assert!(e
            .msg()
            .render(Lang::ZhHant)
            .starts_with("g.csv 第1行: 未知的欄 \"colour\""));
        let e =
            read_games_csv("round,red,black,result\n1,A,,1-0\n".as_bytes(), "g.csv").unwrap_err();
        assert!(
            e.msg()
                .render(Lang::ZhHans)
                .ends_with("为空 (轮空请写 BYE)"),
            "{e}"
        );
    }

    #[test]
    fn header_problems_are_reported() {
        let e = read_games_csv(b"round,red,result\n1,A,1-0\n", "g.csv").unwrap_err();
        assert!(e.to_string().contains("\"black\" is missing"), "{e}");
        let e = read_games_csv(b"round,red,black,result,colour\n", "g.csv").unwrap_err();
        assert!(e.to_string().contains("unknown column \"colour\""), "{e}");
        let e = read_games_csv(b"round,red,black,result\n1,A,B\n", "g.csv").unwrap_err();
        assert_eq!(e.line, 2);
        // Bytes that are no known text still name the file and line (the
        // one decoder reads them as Windows-1252).
        let e = read_games_csv(&[0xff, 0x00, 0x41, b'\n'], "g.csv").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.to_string().starts_with("g.csv:1: unknown column"), "{e}");
    }
}
