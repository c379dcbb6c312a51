//! Rounds, boards and games.

use super::events::rounds_paired;
use super::log::{record, IntoSummary, UndoStep};
use super::{Result, Store, StoreError};
use crate::domain::{
    Board, Colour, FirstStrike, Game, GameFacts, Material, Outcome, PieceMoves, Termination,
};
use crate::i18n::{msg, Msg};
use rusqlite::{params, OptionalExtension, Row, Transaction};
use serde_json::json;

/// A board to store: `black` is `None` for a pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NewBoard {
    pub red: i64,
    pub black: Option<i64>,
}

/// A round to import: its number and its boards, each with its games.
pub type ImportRound = (u32, Vec<(NewBoard, Vec<Game>)>);

pub use crate::domain::PlacedGame;

const GAME_COLS: &str = "g.id, g.board_id, g.game_no, g.red, g.black, g.outcome, g.termination, \
     g.moves, g.red_used_ms, g.black_used_ms, g.red_fouls, g.black_fouls, g.red_residual, \
     g.black_residual, g.first_strike, g.first_strike_move, g.red_pieces, g.black_pieces, g.record";

fn conv_err(what: &str, v: &str) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(
        0,
        rusqlite::types::Type::Text,
        format!("stored {what} \"{v}\" is unreadable").into(),
    )
}

fn game_from_row(r: &Row<'_>) -> rusqlite::Result<Game> {
    game_from_offset(r, 0)
}

/// The values of a game row, in `GAME_COLS` order after the id, as JSON (for undo).
pub(super) fn game_values(g: &Game) -> Vec<serde_json::Value> {
    vec![
        json!(g.board_id),
        json!(g.game_no),
        json!(g.red),
        json!(g.black),
        json!(g.outcome.code()),
        json!(g.facts.termination.map(|t| t.code())),
        json!(g.facts.moves),
        json!(g.facts.red_used_ms),
        json!(g.facts.black_used_ms),
        json!(g.facts.red_fouls),
        json!(g.facts.black_fouls),
        json!(g.facts.red_residual.map(|m| m.letters())),
        json!(g.facts.black_residual.map(|m| m.letters())),
        json!(g.facts.first_strike.map(|f| match f.side {
            Some(c) => c.code(),
            None => "none",
        })),
        json!(g.facts.first_strike.and_then(|f| f.move_no)),
        json!(g.facts.red_pieces.map(|p| p.text())),
        json!(g.facts.black_pieces.map(|p| p.text())),
        json!(g.facts.record),
    ]
}

const GAME_UPSERT: &str =
    "INSERT INTO game(board_id, game_no, red, black, outcome, termination, moves,
        red_used_ms, black_used_ms, red_fouls, black_fouls, red_residual, black_residual,
        first_strike, first_strike_move, red_pieces, black_pieces, record)
    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)
    ON CONFLICT(board_id, game_no) DO UPDATE SET red=?3, black=?4, outcome=?5, termination=?6,
        moves=?7, red_used_ms=?8, black_used_ms=?9, red_fouls=?10, black_fouls=?11,
        red_residual=?12, black_residual=?13, first_strike=?14, first_strike_move=?15,
        red_pieces=?16, black_pieces=?17, record=?18";

/// The undo of [`upsert_game`] on game `id`: the old row put back, or the
/// new one deleted.
pub(super) fn game_undo(id: i64, old: Option<&Game>) -> UndoStep {
    match old {
        Some(o) => {
            let mut p = game_values(o);
            p.insert(0, json!(id));
            UndoStep::new(
                "UPDATE game SET board_id=?2, game_no=?3, red=?4, black=?5, outcome=?6,
                 termination=?7, moves=?8, red_used_ms=?9, black_used_ms=?10, red_fouls=?11,
                 black_fouls=?12, red_residual=?13, black_residual=?14, first_strike=?15,
                 first_strike_move=?16, red_pieces=?17, black_pieces=?18, record=?19 WHERE id=?1",
                p,
            )
        }
        None => UndoStep::new("DELETE FROM game WHERE id=?1", vec![json!(id)]),
    }
}

pub(super) fn upsert_game(tx: &Transaction<'_>, g: &Game) -> Result<i64> {
    super::limits::game(g)?;
    let values: Vec<rusqlite::types::Value> = game_values(g)
        .iter()
        .map(|v| match v {
            serde_json::Value::Null => rusqlite::types::Value::Null,
            serde_json::Value::Number(n) => {
                rusqlite::types::Value::Integer(n.as_i64().unwrap_or(0))
            }
            serde_json::Value::String(s) => rusqlite::types::Value::Text(s.clone()),
            other => rusqlite::types::Value::Text(other.to_string()),
        })
        .collect();
    // Cached statements: an import writes thousands of games, and
    // parsing each statement again was most of its time.
    tx.prepare_cached(GAME_UPSERT)?
        .execute(rusqlite::params_from_iter(values.iter()))?;
    let id: i64 = tx
        .prepare_cached("SELECT id FROM game WHERE board_id=?1 AND game_no=?2")?
        .query_row(params![g.board_id, g.game_no], |r| r.get(0))?;
    Ok(id)
}

pub(super) fn insert_boards(
    tx: &Transaction<'_>,
    round_id: i64,
    boards: &[NewBoard],
) -> Result<()> {
    let numbers: Vec<u32> = (1..=boards.len() as u32).collect();
    insert_boards_numbered(tx, round_id, boards, &numbers)
}

/// [`insert_boards`] with each board's number given (a knockout's board is
/// its place in the bracket).
pub(super) fn insert_boards_numbered(
    tx: &Transaction<'_>,
    round_id: i64,
    boards: &[NewBoard],
    numbers: &[u32],
) -> Result<()> {
    for (b, n) in boards.iter().zip(numbers) {
        tx.prepare_cached(
            "INSERT INTO board(round_id, number, red, black) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![round_id, *n as i64, b.red, b.black])?;
        let board_id = tx.last_insert_rowid();
        if let Some(black) = b.black {
            let mut g = Game::bare(b.red, black, Outcome::Unplayed);
            g.board_id = board_id;
            upsert_game(tx, &g)?;
        }
    }
    Ok(())
}

pub(super) fn check_boards(boards: &[NewBoard]) -> Result<()> {
    let mut seen = std::collections::HashSet::new();
    for b in boards {
        for p in std::iter::once(b.red).chain(b.black) {
            if !seen.insert(p) {
                return Err(StoreError::Invalid(msg!("err.store.two_boards", entry = p)));
            }
        }
    }
    Ok(())
}

impl Store {
    /// Stores the next round's boards (and an unplayed game 1 on each) in one
    /// transaction. `number` must be the next round.
    pub fn save_round(&mut self, event_id: i64, number: u32, boards: &[NewBoard]) -> Result<i64> {
        check_boards(boards)?;
        let event = self.event(event_id)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let round_id = super::events::insert_next_round(&tx, event_id, number)?;
        insert_boards(&tx, round_id, boards)?;
        if event.status == crate::domain::EventStatus::Planned {
            tx.execute("UPDATE event SET status='running' WHERE id=?1", [event_id])?;
        }
        record(
            &tx,
            "round-pair",
            msg!(
                "log.round_pair",
                round = number,
                event = &event.name,
                boards = boards.len()
            ),
            Some(&[
                UndoStep::new("DELETE FROM round WHERE id=?1", vec![json!(round_id)]),
                UndoStep::new(
                    "UPDATE event SET status=?2 WHERE id=?1",
                    vec![json!(event_id), json!(event.status.code())],
                ),
            ]),
        )?;
        tx.commit()?;
        Ok(round_id)
    }

    /// Replaces the boards of a round that has no results yet (manual changes).
    pub fn replace_boards(
        &mut self,
        event_id: i64,
        number: u32,
        boards: &[NewBoard],
    ) -> Result<()> {
        check_boards(boards)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let round_id: i64 = tx
            .query_row(
                "SELECT id FROM round WHERE event_id=?1 AND number=?2",
                params![event_id, number],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| {
                StoreError::NotFound(msg!("err.store.round_not_paired", round = number))
            })?;
        let results: i64 = tx.query_row(
            "SELECT count(*) FROM game g JOIN board b ON b.id = g.board_id
             WHERE b.round_id=?1 AND g.outcome <> '*'",
            [round_id],
            |r| r.get(0),
        )?;
        if results > 0 {
            return Err(StoreError::Invalid(msg!(
                "err.store.repair_has_results",
                round = number,
                results
            )));
        }
        let old: Vec<(i64, i64, Option<i64>)> = {
            let mut stmt = tx.prepare(
                "SELECT number, red, black FROM board WHERE round_id=?1 ORDER BY number",
            )?;
            let v = stmt
                .query_map([round_id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            v
        };
        tx.execute("DELETE FROM board WHERE round_id=?1", [round_id])?;
        insert_boards(&tx, round_id, boards)?;
        // The boards that changed, kept as a note of the event (a TRF
        // export writes it as a `###` line).
        let changed: Vec<String> = (0..old.len().max(boards.len()))
            .filter(|&i| {
                let was = old.get(i).map(|o| (o.1, o.2));
                let now = boards.get(i).map(|b| (b.red, b.black));
                was != now
            })
            .map(|i| (i + 1).to_string())
            .collect();
        if !changed.is_empty() {
            tx.execute(
                "INSERT INTO event_note(event_id, round, kind, detail) VALUES (?1, ?2, 'pairing', ?3)",
                params![event_id, number, changed.join(", ")],
            )?;
        }
        let mut undo = vec![UndoStep::new(
            "DELETE FROM board WHERE round_id=?1",
            vec![json!(round_id)],
        )];
        for (n, red, black) in old {
            undo.push(UndoStep::new(
                "INSERT INTO board(round_id, number, red, black) VALUES (?1, ?2, ?3, ?4)",
                vec![json!(round_id), json!(n), json!(red), json!(black)],
            ));
            if let Some(b) = black {
                undo.push(UndoStep::new(
                    "INSERT INTO game(board_id, game_no, red, black)
                     SELECT id, 1, ?3, ?4 FROM board WHERE round_id=?1 AND number=?2",
                    vec![json!(round_id), json!(n), json!(red), json!(b)],
                ));
            }
        }
        record(
            &tx,
            "round-edit",
            msg!("log.round_edit", round = number),
            Some(&undo),
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Removes the last round. Refused when it has results, unless `force`
    /// (which is logged with the results it threw away).
    pub fn delete_last_round(&mut self, event_id: i64, force: bool) -> Result<u32> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let last = rounds_paired(&tx, event_id)?;
        if last == 0 {
            return Err(StoreError::Invalid(msg!("err.store.no_round_paired")));
        }
        let round_id: i64 = tx.query_row(
            "SELECT id FROM round WHERE event_id=?1 AND number=?2",
            params![event_id, last],
            |r| r.get(0),
        )?;
        let results: i64 = tx.query_row(
            "SELECT count(*) FROM game g JOIN board b ON b.id = g.board_id
             WHERE b.round_id=?1 AND g.outcome <> '*'",
            [round_id],
            |r| r.get(0),
        )?;
        if results > 0 && !force {
            return Err(StoreError::Invalid(msg!(
                "err.store.unpair_has_results",
                round = last,
                results
            )));
        }
        tx.execute("DELETE FROM round WHERE id=?1", [round_id])?;
        record(
            &tx,
            "round-unpair",
            if results > 0 {
                msg!("log.round_unpair_forced", round = last, count = results)
            } else {
                msg!("log.round_unpair", round = last)
            },
            None,
        )?;
        tx.commit()?;
        Ok(last)
    }

    /// The notes kept of an event: pairings changed by hand and results
    /// corrected, in the order they were made.
    pub fn event_notes(&self, event_id: i64) -> Result<Vec<EventNote>> {
        self.rows(
            "SELECT round, board, kind, detail, at FROM event_note WHERE event_id=?1 ORDER BY id",
            [event_id],
            |r| {
                Ok(EventNote {
                    round: r.get(0)?,
                    board: r.get(1)?,
                    kind: r.get(2)?,
                    detail: r.get(3)?,
                    at: r.get(4)?,
                })
            },
        )
    }

    /// The boards of an event, optionally of one round, by round then board.
    pub fn boards(&self, event_id: i64, round: Option<u32>) -> Result<Vec<Board>> {
        self.rows(
            "SELECT b.id, r.number, b.number, b.red, b.black FROM board b
             JOIN round r ON r.id = b.round_id
             WHERE r.event_id=?1 AND (?2 IS NULL OR r.number=?2)
             ORDER BY r.number, b.number",
            params![event_id, round],
            |r| {
                Ok(Board {
                    id: r.get(0)?,
                    round: r.get(1)?,
                    number: r.get(2)?,
                    red: r.get(3)?,
                    black: r.get(4)?,
                })
            },
        )
    }

    /// Every game of an event (optionally up to a round), with its round and board.
    pub fn games(&self, event_id: i64, up_to_round: Option<u32>) -> Result<Vec<PlacedGame>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT r.number, b.number, {GAME_COLS} FROM game g
             JOIN board b ON b.id = g.board_id JOIN round r ON r.id = b.round_id
             WHERE r.event_id=?1 AND (?2 IS NULL OR r.number <= ?2)
             ORDER BY r.number, b.number, g.game_no"
        ))?;
        let rows = stmt
            .query_map(params![event_id, up_to_round], |r| {
                let round: u32 = r.get(0)?;
                let board: u32 = r.get(1)?;
                // the game columns start at index 2
                let g = game_from_offset(r, 2)?;
                Ok(PlacedGame {
                    round,
                    board,
                    game: g,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// The games of round `round` of an event (a result entered reads its
    /// round only, not the event's every game).
    pub fn round_games(&self, event_id: i64, round: u32) -> Result<Vec<PlacedGame>> {
        let mut stmt = self.conn.prepare_cached(&format!(
            "SELECT r.number, b.number, {GAME_COLS} FROM game g
             JOIN board b ON b.id = g.board_id JOIN round r ON r.id = b.round_id
             WHERE r.event_id=?1 AND r.number = ?2
             ORDER BY b.number, g.game_no"
        ))?;
        let rows = stmt
            .query_map(params![event_id, round], |r| {
                Ok(PlacedGame {
                    round: r.get(0)?,
                    board: r.get(1)?,
                    game: game_from_offset(r, 2)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// One game of a board (game 1 or 2), if stored.
    pub fn game(&self, board_id: i64, game_no: u32) -> Result<Option<Game>> {
        Ok(self
            .conn
            .query_row(
                &format!("SELECT {GAME_COLS} FROM game g WHERE g.board_id=?1 AND g.game_no=?2"),
                params![board_id, game_no],
                game_from_row,
            )
            .optional()?)
    }

    /// Stores a game's result and facts (insert or correct). The old values go
    /// to the action log, so a correction can be audited and undone.
    /// The board must still hold these players (read inside the write
    /// transaction: a round unpaired or undone meanwhile is `BoardGone`).
    pub fn save_game(&mut self, g: &Game, summary: impl IntoSummary) -> Result<i64> {
        let tx = super::log::begin_write(&mut self.conn)?;
        let there: bool = tx.query_row(
            "SELECT EXISTS(SELECT 1 FROM board WHERE id=?1 AND red IN (?2, ?3)
             AND black IN (?2, ?3))",
            params![g.board_id, g.red, g.black],
            |r| r.get(0),
        )?;
        if !there {
            return Err(StoreError::BoardGone);
        }
        let old = tx
            .query_row(
                &format!("SELECT {GAME_COLS} FROM game g WHERE g.board_id=?1 AND g.game_no=?2"),
                params![g.board_id, g.game_no],
                game_from_row,
            )
            .optional()?;
        let id = upsert_game(&tx, g)?;
        let undo = game_undo(id, old.as_ref());
        let summary = summary.into_summary();
        if let Some(o) = old
            .as_ref()
            .filter(|o| o.outcome != Outcome::Unplayed && o.outcome != g.outcome)
        {
            // A corrected result, kept as a note of the event (a TRF export
            // writes it as a `###` line).
            tx.execute(
                "INSERT INTO event_note(event_id, round, board, kind, detail)
                 SELECT r.event_id, r.number, b.number, 'result', ?2 FROM board b
                 JOIN round r ON r.id = b.round_id WHERE b.id = ?1",
                params![
                    g.board_id,
                    format!("{} -> {}", o.outcome.code(), g.outcome.code())
                ],
            )?;
        }
        let full = match &old {
            Some(o) if o.outcome != Outcome::Unplayed => msg!(
                "log.result_was",
                what = summary,
                old = Msg::new(o.outcome.word_key())
            ),
            _ => summary,
        };
        record(&tx, "result", full, Some(&[undo]))?;
        tx.commit()?;
        Ok(id)
    }
}

/// A note kept of an event: a pairing changed by hand (`kind` `pairing`,
/// `detail` the boards) or a result corrected (`result`, `detail` old ->
/// new outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventNote {
    pub round: u32,
    pub board: Option<u32>,
    pub kind: String,
    pub detail: String,
    /// When (`YYYY-MM-DDTHH:MM`, UTC).
    pub at: String,
}

/// Inserts round `number` with its boards (numbered in order) and their
/// games (entry ids already in place). Returns the round id and the games
/// stored. The caller owns the transaction.
pub(super) fn insert_round(
    tx: &Transaction<'_>,
    event_id: i64,
    number: u32,
    boards: &[(NewBoard, Vec<Game>)],
) -> Result<(i64, usize)> {
    check_boards(&boards.iter().map(|(b, _)| *b).collect::<Vec<_>>())?;
    tx.execute(
        "INSERT INTO round(event_id, number) VALUES (?1, ?2)",
        params![event_id, number],
    )?;
    let round_id = tx.last_insert_rowid();
    let mut n = 0;
    for (i, (b, games)) in boards.iter().enumerate() {
        tx.prepare_cached(
            "INSERT INTO board(round_id, number, red, black) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![round_id, (i + 1) as i64, b.red, b.black])?;
        let board_id = tx.last_insert_rowid();
        for g in games {
            let mut g = g.clone();
            g.board_id = board_id;
            upsert_game(tx, &g)?;
            n += 1;
        }
    }
    Ok((round_id, n))
}

fn game_from_offset(r: &Row<'_>, off: usize) -> rusqlite::Result<Game> {
    // Queries that put other columns first pass their count as `off`.
    struct Shifted<'a, 'b> {
        row: &'a Row<'b>,
        off: usize,
    }
    impl Shifted<'_, '_> {
        fn get<T: rusqlite::types::FromSql>(&self, i: usize) -> rusqlite::Result<T> {
            self.row.get(self.off + i)
        }
    }
    let s = Shifted { row: r, off };
    let outcome: String = s.get(5)?;
    let term: Option<String> = s.get(6)?;
    let material = |i: usize| -> rusqlite::Result<Option<Material>> {
        let v: Option<String> = s.get(i)?;
        v.map(|v| Material::parse(&v).map_err(|_| conv_err("material", &v)))
            .transpose()
    };
    let pieces = |i: usize| -> rusqlite::Result<Option<PieceMoves>> {
        let v: Option<String> = s.get(i)?;
        v.map(|v| PieceMoves::parse(&v).ok_or_else(|| conv_err("piece moves", &v)))
            .transpose()
    };
    let fs: Option<String> = s.get(14)?;
    let fs_move: Option<u32> = s.get(15)?;
    Ok(Game {
        id: s.get(0)?,
        board_id: s.get(1)?,
        game_no: s.get(2)?,
        red: s.get(3)?,
        black: s.get(4)?,
        outcome: outcome
            .parse::<Outcome>()
            .map_err(|_| conv_err("outcome", &outcome))?,
        facts: GameFacts {
            termination: term
                .map(|t| Termination::from_code(&t).ok_or_else(|| conv_err("termination", &t)))
                .transpose()?,
            moves: s.get(7)?,
            red_used_ms: s.get(8)?,
            black_used_ms: s.get(9)?,
            red_fouls: s.get(10)?,
            black_fouls: s.get(11)?,
            red_residual: material(12)?,
            black_residual: material(13)?,
            first_strike: fs.map(|v| FirstStrike {
                side: Colour::from_code(&v),
                move_no: fs_move,
            }),
            red_pieces: pieces(16)?,
            black_pieces: pieces(17)?,
            record: s.get(18)?,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{EventSettings, NewMember};

    fn setup(n: usize) -> (Store, i64, Vec<i64>) {
        let mut s = Store::open_in_memory().unwrap();
        let e = s
            .create_event("E", None, &EventSettings::default())
            .unwrap();
        let ids: Vec<i64> = (0..n)
            .map(|i| {
                s.add_member(&NewMember {
                    name: format!("P{i}"),
                    rating: Some(2000 - i as i32),
                    ..Default::default()
                })
                .unwrap()
                .id
            })
            .collect();
        let entries = s.enter_members(e.id, &ids).unwrap();
        (s, e.id, entries.iter().map(|e| e.id).collect())
    }

    #[test]
    fn a_round_with_games_round_trips() {
        let (mut s, ev, p) = setup(5);
        let boards = [
            NewBoard {
                red: p[0],
                black: Some(p[1]),
            },
            NewBoard {
                red: p[2],
                black: Some(p[3]),
            },
            NewBoard {
                red: p[4],
                black: None,
            },
        ];
        s.save_round(ev, 1, &boards).unwrap();
        assert!(
            s.save_round(ev, 3, &boards).is_err(),
            "rounds must follow each other"
        );
        let stored = s.boards(ev, Some(1)).unwrap();
        assert_eq!(stored.len(), 3);
        assert_eq!(stored[2].black, None);
        let games = s.games(ev, None).unwrap();
        assert_eq!(games.len(), 2, "no game row for the bye");
        let mut g = games[0].game.clone();
        g.outcome = Outcome::Draw;
        g.facts.termination = Some(Termination::Agreement);
        g.facts.moves = Some(37);
        g.facts.red_used_ms = Some(2_028_000);
        g.facts.black_used_ms = Some(1_051_000);
        g.facts.red_fouls = 1;
        g.facts.red_residual = Some(Material::parse("RHHEE").unwrap());
        g.facts.black_residual = Some(Material::parse("EEXXX").unwrap());
        g.facts.first_strike = FirstStrike::parse("black@17");
        g.facts.red_pieces = PieceMoves::parse("8/35/4/7/9");
        g.facts.black_pieces = PieceMoves::parse("1/12/40/9/1");
        g.facts.record = Some("[Game \"Chinese Chess\"]".into());
        s.save_game(&g, "board 1: draw").unwrap();
        let back = s.game(g.board_id, 1).unwrap().unwrap();
        assert_eq!(back, g);
        // a correction keeps the old value in the log and can be undone
        let mut c = back.clone();
        c.outcome = Outcome::RedWin;
        s.save_game(&c, "board 1: 1-0").unwrap();
        assert!(s.log_entries(1).unwrap()[0]
            .summary
            .text
            .contains("was 1/2-1/2"));
        s.undo_last().unwrap();
        assert_eq!(
            s.game(g.board_id, 1).unwrap().unwrap().outcome,
            Outcome::Draw
        );
        // unpairing is refused once results exist, unless forced
        assert!(s.delete_last_round(ev, false).is_err());
        assert_eq!(s.delete_last_round(ev, true).unwrap(), 1);
        assert!(s.games(ev, None).unwrap().is_empty());
        assert_eq!(s.integrity_check().unwrap(), "ok");
    }

    #[test]
    fn boards_can_be_replaced_before_results_and_the_change_undone() {
        let (mut s, ev, p) = setup(4);
        s.save_round(
            ev,
            1,
            &[
                NewBoard {
                    red: p[0],
                    black: Some(p[1]),
                },
                NewBoard {
                    red: p[2],
                    black: Some(p[3]),
                },
            ],
        )
        .unwrap();
        s.replace_boards(
            ev,
            1,
            &[
                NewBoard {
                    red: p[0],
                    black: Some(p[2]),
                },
                NewBoard {
                    red: p[1],
                    black: Some(p[3]),
                },
            ],
        )
        .unwrap();
        assert_eq!(s.boards(ev, Some(1)).unwrap()[0].black, Some(p[2]));
        assert!(s
            .replace_boards(
                ev,
                1,
                &[NewBoard {
                    red: p[0],
                    black: Some(p[0])
                }]
            )
            .is_err());
        s.undo_last().unwrap();
        let b = s.boards(ev, Some(1)).unwrap();
        assert_eq!(b[0].black, Some(p[1]));
        assert_eq!(s.games(ev, None).unwrap().len(), 2);
    }

    #[test]
    fn a_player_cannot_sit_on_two_boards() {
        let (mut s, ev, p) = setup(3);
        let err = s
            .save_round(
                ev,
                1,
                &[
                    NewBoard {
                        red: p[0],
                        black: Some(p[1]),
                    },
                    NewBoard {
                        red: p[1],
                        black: None,
                    },
                ],
            )
            .unwrap_err();
        assert!(err.to_string().contains("two boards"));
        assert_eq!(s.rounds_paired(ev).unwrap(), 0);
    }
}
