//! The games export (`qishe export games`, the TUI's print pop-up): every
//! game of an event, whatever its kind, as PGN (one game per record, the
//! stored record's moves where one is attached) or as CSV (one row per
//! game, UTF-8 with a BOM).

use super::{App, EventId, Result};
use crate::domain::{format_duration_ms, Game, Outcome, RoundNo};
use crate::i18n::Lang;
use crate::xiangqi::{self, GameRecord, Notation, Position};
use std::collections::HashMap;

/// What the export writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GamesFormat {
    /// PGN with ICCS moves (`h2e2`).
    #[default]
    PgnIccs,
    /// PGN with WXF moves (`C2.5`).
    PgnWxf,
    /// CSV, one row per game.
    Csv,
}

impl GamesFormat {
    /// The file ending a file of this format has.
    pub fn extension(self) -> &'static str {
        match self {
            GamesFormat::PgnIccs | GamesFormat::PgnWxf => "pgn",
            GamesFormat::Csv => "csv",
        }
    }
}

/// One game of the event with where it was played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedGame {
    pub round: u32,
    /// The board as the event stores it: an individual round's board, a
    /// team round's board numbered across its matches, a knockout's match
    /// (its place in the round).
    pub number: u32,
    /// A team event's match, or a knockout's match (= `number`).
    pub r#match: Option<u32>,
    /// The board: an individual round's, a team match's (1 … boards).
    pub board: Option<u32>,
    /// The game of the board or match (1, 2; play-off games after).
    pub game_no: u32,
    /// A knockout game's stage: empty for the regular games, else the
    /// play-off step (its label, or its code).
    pub stage: String,
    /// A knockout's third-place match.
    pub third_place: bool,
    pub red: String,
    pub black: String,
    /// A team event's teams of red and black.
    pub red_team: Option<String>,
    pub black_team: Option<String>,
    pub game: Game,
}

/// The columns of the games CSV, in order.
pub const CSV_COLUMNS: [&str; 19] = [
    "round",
    "match",
    "board",
    "game",
    "stage",
    "red_team",
    "black_team",
    "red",
    "black",
    "result",
    "termination",
    "moves",
    "red_used",
    "black_used",
    "red_fouls",
    "black_fouls",
    "red_residual",
    "black_residual",
    "iccs",
];

/// A team board: (match, board in the match, home team, away team, the
/// home team's player on the board).
type TeamBoard = (u32, u32, String, Option<String>, String);

impl App {
    /// Every game of `event` in round, board and game order, with where it
    /// was played; `lang` names a knockout's play-off steps.
    pub fn exported_games(&self, event: EventId, lang: Lang) -> Result<Vec<ExportedGame>> {
        let ev = self.event(event)?;
        let names: HashMap<i64, String> = self
            .entries(event)?
            .into_iter()
            .map(|e| (e.id, e.name))
            .collect();
        let name = |id: i64| names.get(&id).cloned().unwrap_or_default();
        let games = self.games(event, None)?;
        let kind = self.kind_of(&ev)?;
        let mut team: HashMap<(u32, u32), TeamBoard> = HashMap::new();
        // A knockout game: (stage, third place).
        let mut ko: HashMap<(u32, u32, u32), (String, bool)> = HashMap::new();
        let mut ko_third: HashMap<(u32, u32), bool> = HashMap::new();
        match kind {
            super::EventKind::Individual => {}
            super::EventKind::Team => {
                let paired = self.rounds_paired(event)?;
                for r in 1..=paired {
                    let v = self.team_round_view(event, Some(RoundNo(r)))?;
                    for m in &v.matches {
                        for b in &m.boards {
                            team.insert(
                                (r, b.number.get()),
                                (
                                    m.number,
                                    b.board,
                                    m.home.clone(),
                                    m.away.clone(),
                                    b.home.clone(),
                                ),
                            );
                        }
                    }
                }
            }
            super::EventKind::Knockout => {
                let info = super::print::event_info(&ev, crate::domain::NameOrder::default());
                let data = self.knockout_data(event, info, lang)?;
                for m in data.rounds.iter().flatten() {
                    ko_third.insert((m.round.get(), m.board.get()), m.third_place);
                    for g in m.games.iter().chain(m.due.iter()) {
                        let stage = match &g.stage {
                            crate::report::bracket::KoStage::Regular => String::new(),
                            crate::report::bracket::KoStage::Playoff { code, label } => {
                                label.clone().unwrap_or_else(|| code.clone())
                            }
                        };
                        ko.insert(
                            (m.round.get(), m.board.get(), g.game_no),
                            (stage, m.third_place),
                        );
                    }
                }
            }
        }
        Ok(games
            .into_iter()
            .map(|p| {
                let (red, black) = (name(p.game.red), name(p.game.black));
                let mut out = ExportedGame {
                    round: p.round,
                    number: p.board,
                    r#match: None,
                    board: Some(p.board),
                    game_no: p.game.game_no,
                    stage: String::new(),
                    third_place: false,
                    red,
                    black,
                    red_team: None,
                    black_team: None,
                    game: p.game,
                };
                match kind {
                    super::EventKind::Individual => {}
                    super::EventKind::Team => {
                        if let Some((m, b, home, away, home_player)) = team.get(&(p.round, p.board))
                        {
                            out.r#match = Some(*m);
                            out.board = Some(*b);
                            // The home team's player is red or black in
                            // this game (colours swap in game 2).
                            let away = away.clone().unwrap_or_default();
                            let (rt, bt) = if out.red == *home_player {
                                (home.clone(), away)
                            } else {
                                (away, home.clone())
                            };
                            out.red_team = Some(rt);
                            out.black_team = Some(bt);
                        }
                    }
                    super::EventKind::Knockout => {
                        out.r#match = Some(p.board);
                        out.board = None;
                        if let Some((stage, third)) = ko.get(&(p.round, p.board, out.game_no)) {
                            out.stage = stage.clone();
                            out.third_place = *third;
                        } else if let Some(third) = ko_third.get(&(p.round, p.board)) {
                            out.third_place = *third;
                        }
                    }
                }
                out
            })
            .collect())
    }

    /// The games of `event` as a file's bytes in `format`.
    pub fn export_games(&self, event: EventId, format: GamesFormat, lang: Lang) -> Result<Vec<u8>> {
        let ev = self.event(event)?;
        let games = self.exported_games(event, lang)?;
        Ok(match format {
            GamesFormat::Csv => games_csv(&games).into_bytes(),
            GamesFormat::PgnIccs => games_pgn(&ev, &games, Notation::Iccs).into_bytes(),
            GamesFormat::PgnWxf => games_pgn(&ev, &games, Notation::Wxf).into_bytes(),
        })
    }
}

/// The stored record of a game, read back (`None`: none attached, or one
/// that no longer reads).
fn record_of(g: &Game) -> Option<GameRecord> {
    let text = g.facts.record.as_deref()?;
    xiangqi::read_pgn(text).ok()?.into_iter().next()
}

/// The result as PGN writes it: a forfeit as the win it scores, a double
/// forfeit or a game not played yet as `*`.
fn pgn_result(o: Outcome) -> &'static str {
    match o {
        Outcome::RedWin | Outcome::BlackForfeits => "1-0",
        Outcome::BlackWin | Outcome::RedForfeits => "0-1",
        Outcome::Draw => "1/2-1/2",
        Outcome::DoubleForfeit | Outcome::Unplayed => "*",
    }
}

/// The moves of a game's record in ICCS, space-separated.
fn iccs_line(g: &Game) -> String {
    record_of(g)
        .map(|r| r.iccs_moves().join(" "))
        .unwrap_or_default()
}

fn games_csv(games: &[ExportedGame]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(CSV_COLUMNS);
    let cell = |s: &str| crate::formats::safe::csv_cell(s).into_owned();
    let opt_n = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
    let opt_ms = |ms: Option<i64>| ms.map(format_duration_ms).unwrap_or_default();
    for e in games {
        let f = &e.game.facts;
        let _ = w.write_record([
            e.round.to_string(),
            opt_n(e.r#match),
            opt_n(e.board),
            e.game_no.to_string(),
            cell(&e.stage),
            cell(e.red_team.as_deref().unwrap_or("")),
            cell(e.black_team.as_deref().unwrap_or("")),
            cell(&e.red),
            cell(&e.black),
            e.game.outcome.code().to_string(),
            f.termination
                .map(|t| t.code().to_string())
                .unwrap_or_default(),
            opt_n(f.moves),
            opt_ms(f.red_used_ms),
            opt_ms(f.black_used_ms),
            f.red_fouls.to_string(),
            f.black_fouls.to_string(),
            f.red_residual.map(|m| m.letters()).unwrap_or_default(),
            f.black_residual.map(|m| m.letters()).unwrap_or_default(),
            iccs_line(&e.game),
        ]);
    }
    let body = String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default();
    // A byte-order mark: Excel on Chinese Windows reads a file without one
    // as GBK.
    format!("\u{feff}{body}")
}

/// Tags the export sets itself; a stored record's own are dropped.
const SET_TAGS: [&str; 14] = [
    "Game",
    "Event",
    "Date",
    "Round",
    "Red",
    "Black",
    "RedTeam",
    "BlackTeam",
    "Result",
    "Termination",
    "RedTimeUsed",
    "BlackTimeUsed",
    "Stage",
    "Format",
];

fn games_pgn(ev: &crate::domain::Event, games: &[ExportedGame], notation: Notation) -> String {
    // Round `r.b`, or `r.b.g` where a board has more than one game.
    let several = games.iter().any(|g| g.game_no > 1) || ev.settings.games_per_round > 1;
    let records: Vec<GameRecord> = games
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mut rec = record_of(&e.game).unwrap_or_else(|| GameRecord {
                tags: Vec::new(),
                start: Position::start(),
                moves: Vec::new(),
                result: None,
                index: i,
                comments: Vec::new(),
                variations: Vec::new(),
            });
            rec.index = i;
            let kept: Vec<(String, String)> = std::mem::take(&mut rec.tags)
                .into_iter()
                .filter(|(k, _)| !SET_TAGS.iter().any(|t| t.eq_ignore_ascii_case(k)))
                .collect();
            let mut tags: Vec<(String, String)> = vec![
                ("Game".into(), "Chinese Chess".into()),
                ("Event".into(), ev.name.clone()),
            ];
            if let Some(d) = ev.start_date {
                tags.push(("Date".into(), d.format("%Y.%m.%d").to_string()));
            }
            let round = match several {
                true => format!("{}.{}.{}", e.round, e.number, e.game_no),
                false => format!("{}.{}", e.round, e.number),
            };
            tags.push(("Round".into(), round));
            tags.push(("Red".into(), e.red.clone()));
            tags.push(("Black".into(), e.black.clone()));
            if let Some(t) = &e.red_team {
                tags.push(("RedTeam".into(), t.clone()));
            }
            if let Some(t) = &e.black_team {
                tags.push(("BlackTeam".into(), t.clone()));
            }
            if !e.stage.is_empty() {
                tags.push(("Stage".into(), e.stage.clone()));
            }
            let f = &e.game.facts;
            let termination = match e.game.outcome {
                Outcome::RedForfeits | Outcome::BlackForfeits | Outcome::DoubleForfeit => {
                    Some("forfeit".to_string())
                }
                _ => f.termination.map(|t| t.code().to_string()),
            };
            if let Some(t) = termination {
                tags.push(("Termination".into(), t));
            }
            if let Some(ms) = f.red_used_ms {
                tags.push(("RedTimeUsed".into(), format_duration_ms(ms)));
            }
            if let Some(ms) = f.black_used_ms {
                tags.push(("BlackTimeUsed".into(), format_duration_ms(ms)));
            }
            tags.extend(kept);
            rec.tags = tags;
            rec.result = Some(pgn_result(e.game.outcome).to_string());
            rec
        })
        .collect();
    xiangqi::write_pgn(&records, notation)
}
