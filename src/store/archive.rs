//! The game archive's storage: one transaction per imported
//! file, recorded in the action log; searches; the position index.

use super::log::record;
use super::{Result, Store};
use crate::domain::archive::{ArchiveFileCount, ArchiveGame, ArchiveQuery, NewArchiveGame};
use rusqlite::{params, params_from_iter, Row};

const COLUMNS: &str = "g.id, g.source, g.game_no, g.event, g.date, g.site, g.round, g.red, \
    g.black, g.result, g.eco, g.plies, g.start_fen, g.moves, g.red_member, g.black_member, \
    g.event_id";

fn game_row(r: &Row<'_>) -> rusqlite::Result<ArchiveGame> {
    Ok(ArchiveGame {
        id: r.get(0)?,
        source: r.get(1)?,
        game_no: r.get(2)?,
        event: r.get(3)?,
        date: r.get(4)?,
        site: r.get(5)?,
        round: r.get(6)?,
        red: r.get(7)?,
        black: r.get(8)?,
        result: r.get(9)?,
        eco: r.get(10)?,
        plies: r.get(11)?,
        start_fen: r.get(12)?,
        moves: r.get(13)?,
        red_member: r.get(14)?,
        black_member: r.get(15)?,
        event_id: r.get(16)?,
    })
}

/// An event for linking archive games: id, name, start and end date.
pub type EventSpan = (i64, String, Option<String>, Option<String>);

/// A date as records write it (`2024.05.01`, `2024/5/1`) folded to
/// `2024-05-01`-like text for comparing.
const DATE_SQL: &str = "replace(replace(g.date, '.', '-'), '/', '-')";

impl Store {
    /// Stores the games of one file in one transaction: a game whose
    /// content hash is there already is not added again.
    pub fn archive_add_file(
        &mut self,
        source: &str,
        games: &[NewArchiveGame],
    ) -> Result<ArchiveFileCount> {
        // The position index grows by a row per ply at random keys: with
        // SQLite's 2 MB default page cache a large import spent most of
        // its time re-reading and re-writing index pages. 64 MB holds the
        // index of a 20,000-game archive (memory is taken only as used).
        self.conn.pragma_update(None, "cache_size", -65_536)?;
        let tx = super::log::begin_write(&mut self.conn)?;
        let mut count = ArchiveFileCount::default();
        {
            let mut game = tx.prepare_cached(
                "INSERT OR IGNORE INTO archive_game (hash, source, game_no, event, date, site,
                    round, red, black, result, eco, start_fen, moves, plies, record,
                    red_member, black_member, event_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
                    ?16, ?17, ?18)",
            )?;
            let mut pos = tx.prepare_cached(
                "INSERT INTO archive_position (key, game_id, ply) VALUES (?1, ?2, ?3)",
            )?;
            for g in games {
                let n = game.execute(params![
                    g.hash,
                    g.source,
                    g.game_no,
                    g.event,
                    g.date,
                    g.site,
                    g.round,
                    g.red,
                    g.black,
                    g.result,
                    g.eco,
                    g.start_fen,
                    g.moves,
                    g.plies,
                    g.record,
                    g.red_member,
                    g.black_member,
                    g.event_id
                ])?;
                if n == 0 {
                    count.duplicates += 1;
                    continue;
                }
                count.added += 1;
                let id = tx.last_insert_rowid();
                for (ply, key) in g.positions.iter().enumerate() {
                    pos.execute(params![key, id, ply as i64])?;
                }
            }
        }
        if count.added > 0 {
            record(
                &tx,
                "archive-import",
                crate::i18n::msg!("log.archive_import", count = count.added, source),
                None,
            )?;
        }
        tx.commit()?;
        Ok(count)
    }

    /// Sets the ECCO code of archive games (id, code) in one change; undo
    /// puts the old codes back.
    pub fn archive_set_eco(&mut self, codes: &[(i64, Option<String>)]) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        {
            let mut st = tx.prepare_cached("UPDATE archive_game SET eco = ?2 WHERE id = ?1")?;
            for (id, eco) in codes {
                st.execute(params![id, eco])?;
            }
        }
        record(
            &tx,
            "archive-eco",
            crate::i18n::msg!("log.archive_eco", count = codes.len()),
            None,
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Archive games that match a query, oldest date first; with position
    /// keys, each game with the first ply at which it stood there.
    pub fn archive_search(&self, q: &ArchiveQuery) -> Result<Vec<(ArchiveGame, Option<u32>)>> {
        let mut values: Vec<rusqlite::types::Value> = Vec::new();
        let mut sql = if q.positions.is_empty() {
            format!("SELECT {COLUMNS}, NULL FROM archive_game g WHERE 1")
        } else {
            let marks = vec!["?"; q.positions.len()].join(",");
            values.extend(
                q.positions
                    .iter()
                    .map(|&k| rusqlite::types::Value::Integer(k)),
            );
            format!(
                "SELECT {COLUMNS}, p.ply FROM archive_game g
                 JOIN (SELECT game_id, MIN(ply) AS ply FROM archive_position
                       WHERE key IN ({marks}) GROUP BY game_id) p ON p.game_id = g.id
                 WHERE 1"
            )
        };
        let mut args: Vec<String> = Vec::new();
        // Names and events compare in either script: 吕钦 finds 呂欽.
        let like = |s: &str| format!("%{}%", crate::i18n::fold_script(s));
        match (&q.player, &q.opponent) {
            (Some(p), Some(o)) => {
                sql.push_str(
                    " AND ((fold_script(g.red) LIKE ? AND fold_script(g.black) LIKE ?) \
                     OR (fold_script(g.black) LIKE ? AND fold_script(g.red) LIKE ?))",
                );
                args.extend([like(p), like(o), like(p), like(o)]);
            }
            (Some(p), None) | (None, Some(p)) => {
                sql.push_str(" AND (fold_script(g.red) LIKE ? OR fold_script(g.black) LIKE ?)");
                args.extend([like(p), like(p)]);
            }
            (None, None) => {}
        }
        if let Some(d) = &q.from {
            sql.push_str(&format!(" AND {DATE_SQL} >= ?"));
            args.push(d.replace(['.', '/'], "-"));
        }
        if let Some(d) = &q.to {
            // `--to 2024` takes the whole year: compare the prefix.
            sql.push_str(&format!(" AND substr({DATE_SQL}, 1, length(?)) <= ?"));
            let d = d.replace(['.', '/'], "-");
            args.extend([d.clone(), d]);
        }
        if let Some(e) = &q.event {
            sql.push_str(" AND fold_script(g.event) LIKE ?");
            args.push(like(e));
        }
        if let Some(r) = &q.result {
            sql.push_str(" AND g.result = ?");
            args.push(r.clone());
        }
        if let Some(e) = &q.eco {
            sql.push_str(" AND g.eco LIKE ?");
            args.push(format!("{}%", e.trim().to_ascii_uppercase()));
        }
        sql.push_str(" ORDER BY g.date, g.id");
        values.extend(args.into_iter().map(rusqlite::types::Value::Text));
        let mut stmt = self.conn.prepare(&sql)?;
        let rows = stmt
            .query_map(params_from_iter(values), |r| {
                Ok((game_row(r)?, r.get::<_, Option<u32>>(17)?))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Games without their position index (after an undo was redone: the
    /// index is derived data and not in the action log).
    pub fn archive_unindexed(&self) -> Result<Vec<ArchiveGame>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {COLUMNS} FROM archive_game g
             WHERE NOT EXISTS (SELECT 1 FROM archive_position p WHERE p.game_id = g.id)"
        ))?;
        let rows = stmt
            .query_map([], game_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Writes the position index of games (derived data, no log row).
    pub fn archive_index(&mut self, games: &[(i64, Vec<i64>)]) -> Result<()> {
        let tx = super::log::begin_write(&mut self.conn)?;
        {
            let mut pos = tx.prepare_cached(
                "INSERT INTO archive_position (key, game_id, ply) VALUES (?1, ?2, ?3)",
            )?;
            for (id, keys) in games {
                for (ply, key) in keys.iter().enumerate() {
                    pos.execute(params![key, id, ply as i64])?;
                }
            }
        }
        tx.commit()?;
        Ok(())
    }

    /// One archive game and its stored record (empty when the columns
    /// hold the whole game).
    pub fn archive_game(&self, id: i64) -> Result<Option<(ArchiveGame, String)>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {COLUMNS}, g.record FROM archive_game g WHERE g.id = ?1"
        ))?;
        let mut rows = stmt.query_map([id], |r| Ok((game_row(r)?, r.get::<_, String>(17)?)))?;
        Ok(rows.next().transpose()?)
    }

    /// Archive games a member played (linked as red or black).
    pub fn archive_games_of_member(&self, member: i64) -> Result<Vec<ArchiveGame>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {COLUMNS} FROM archive_game g
             WHERE g.red_member = ?1 OR g.black_member = ?1 ORDER BY g.date, g.id"
        ))?;
        let rows = stmt
            .query_map([member], game_row)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Member ids by exact name (for linking archive games).
    pub fn member_ids_by_name(&self) -> Result<Vec<(String, i64)>> {
        let mut stmt = self
            .conn
            .prepare("SELECT trim(name), id FROM member ORDER BY id")?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// Events: (id, name, start date, end date), for linking archive games.
    pub fn event_names_dates(&self) -> Result<Vec<EventSpan>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, trim(name), start_date, end_date FROM event ORDER BY id")?;
        let rows = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }
}
