//! Append-only migrations tracked by `PRAGMA user_version`.
//!
//! Migration N brings a database from version N−1 to N. Never edit a released
//! migration: append a new one. Migration 1 is `base.sql`, the schema as
//! first released. `schema.sql` at the repository root is the schema a new
//! database has, written out in full: a test builds a database by the
//! migrations and compares it with that file, so a new migration comes with
//! its edit of `schema.sql`.

use super::{Result, StoreError};
use crate::i18n::msg;
use rusqlite::Connection;

/// The migrations, in order; index i is migration i+1.
const MIGRATIONS: &[&str] = &[
    // The schema as first released: `base.sql`.
    include_str!("base.sql"),
    // Team events: team_event, team, team_member, team_match, team_lineup
    // (`teams.sql`). A database at version 1 was made before them.
    include_str!("teams.sql"),
    KNOCKOUT,
    TRF_FIELDS,
    // The game archive: `archive.sql` (self-contained).
    include_str!("archive.sql"),
    HISTORY_GAMES,
    LOG_KEYS,
    BYE_NOTICE,
    TRF_2026,
    // Seasons: `seasons.sql` (self-contained).
    include_str!("seasons.sql"),
    PRIZES,
    RATING_REPLAY,
    RESULT_REPORTS,
    EVENT_PLACES,
    TRF_NO_COLOUR,
    FORBID_RANGES,
];

// ---- Kept copies of each event's games --------
// `history_games` holds, per event, its games in the shape the club history
// reads them (members instead of entries, in round/board/game order), one
// compact blob a row (`store/history.rs` writes and reads it). It is derived
// data: not in TABLES (so not in the undo capture nor the action log), and
// never the only copy. The triggers drop an event's row in the same
// transaction as any change to its rounds, boards, games or entries; undo
// and redo replay SQL on those tables, so they drop it too. The next history
// read rebuilds the rows that are missing. `store/history.rs` checks that
// the HISTORY_TRIGGERS triggers exist before trusting a row (a later
// migration that rebuilds one of those tables drops its triggers).
const HISTORY_GAMES: &str = "
CREATE TABLE history_games (
    event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    data     BLOB    NOT NULL
);
CREATE TRIGGER history_games_round_upd AFTER UPDATE ON round BEGIN
    DELETE FROM history_games WHERE event_id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER history_games_round_del AFTER DELETE ON round BEGIN
    DELETE FROM history_games WHERE event_id = OLD.event_id; END;
CREATE TRIGGER history_games_board_upd AFTER UPDATE ON board BEGIN
    DELETE FROM history_games WHERE event_id IN
        (SELECT event_id FROM round WHERE id IN (OLD.round_id, NEW.round_id)); END;
CREATE TRIGGER history_games_board_del AFTER DELETE ON board BEGIN
    DELETE FROM history_games WHERE event_id =
        (SELECT event_id FROM round WHERE id = OLD.round_id); END;
CREATE TRIGGER history_games_game_ins AFTER INSERT ON game BEGIN
    DELETE FROM history_games WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = NEW.board_id); END;
CREATE TRIGGER history_games_game_upd AFTER UPDATE ON game BEGIN
    DELETE FROM history_games WHERE event_id IN
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id IN (OLD.board_id, NEW.board_id)); END;
CREATE TRIGGER history_games_game_del AFTER DELETE ON game BEGIN
    DELETE FROM history_games WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = OLD.board_id); END;
CREATE TRIGGER history_games_entry_upd AFTER UPDATE ON entry BEGIN
    DELETE FROM history_games WHERE event_id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER history_games_entry_del AFTER DELETE ON entry BEGIN
    DELETE FROM history_games WHERE event_id = OLD.event_id; END;
";

/// The triggers that keep `history_games` true (see HISTORY_GAMES).
pub const HISTORY_TRIGGERS: &[&str] = &[
    "history_games_round_upd",
    "history_games_round_del",
    "history_games_board_upd",
    "history_games_board_del",
    "history_games_game_ins",
    "history_games_game_upd",
    "history_games_game_del",
    "history_games_entry_upd",
    "history_games_entry_del",
];
// ---- end of the kept copies' block --------------------------------------------

// ---- Knockout events (specs/knockout.md) -------------------------
// `knockout` marks an event as a knockout and holds its settings (JSON: the
// play-off ladder, third-place match, draw, rate_playoffs, armageddon time
// odds); `knockout_match` gives each board of a knockout its upper slot and
// the winner of a lot. Play-off games continue the game numbers (3, 4, …), so
// the `game` table is rebuilt without its `game_no IN (1, 2)` check.
const KNOCKOUT: &str = "
CREATE TABLE knockout (
    event_id  INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    settings  TEXT    NOT NULL DEFAULT '{}'
);
CREATE TABLE knockout_match (
    board_id   INTEGER PRIMARY KEY REFERENCES board(id) ON DELETE CASCADE,
    upper      INTEGER NOT NULL REFERENCES entry(id),
    lot_winner INTEGER REFERENCES entry(id)
);
CREATE TABLE game_v2 (
    id              INTEGER PRIMARY KEY,
    board_id        INTEGER NOT NULL REFERENCES board(id) ON DELETE CASCADE,
    game_no         INTEGER NOT NULL DEFAULT 1 CHECK (game_no >= 1),
    red             INTEGER NOT NULL REFERENCES entry(id),
    black           INTEGER NOT NULL REFERENCES entry(id),
    outcome         TEXT    NOT NULL DEFAULT '*'
                    CHECK (outcome IN ('1-0', '0-1', '1/2-1/2', '-/+', '+/-', '-/-', '*')),
    termination     TEXT    CHECK (termination IN ('checkmate', 'stalemate', 'resignation', 'time',
                                                   'repetition', 'agreement', 'arbiter')),
    moves           INTEGER CHECK (moves >= 0),
    red_used_ms     INTEGER CHECK (red_used_ms >= 0),
    black_used_ms   INTEGER CHECK (black_used_ms >= 0),
    red_fouls       INTEGER NOT NULL DEFAULT 0 CHECK (red_fouls >= 0),
    black_fouls     INTEGER NOT NULL DEFAULT 0 CHECK (black_fouls >= 0),
    red_residual    TEXT,
    black_residual  TEXT,
    first_strike    TEXT    CHECK (first_strike IN ('red', 'black', 'none')),
    first_strike_move INTEGER,
    red_pieces      TEXT,
    black_pieces    TEXT,
    record          TEXT,
    UNIQUE (board_id, game_no)
);
INSERT INTO game_v2 (id, board_id, game_no, red, black, outcome, termination, moves,
    red_used_ms, black_used_ms, red_fouls, black_fouls, red_residual, black_residual,
    first_strike, first_strike_move, red_pieces, black_pieces, record)
SELECT id, board_id, game_no, red, black, outcome, termination, moves,
    red_used_ms, black_used_ms, red_fouls, black_fouls, red_residual, black_residual,
    first_strike, first_strike_move, red_pieces, black_pieces, record FROM game;
DROP TABLE game;
ALTER TABLE game_v2 RENAME TO game;
";
// ---- end of the knockout block ----------------------------------------------

// ---- TRF fields ---------------------------------------------------
// What a TRF file says of a player and no member field holds (title,
// federation, the full birth date as written), so `export trf` writes it
// back; and which pairing-bye boards were a pre-assigned full-point bye
// (`F`), which the export writes as `F`, not `U`.
const TRF_FIELDS: &str = "
CREATE TABLE trf_entry (
    entry_id   INTEGER PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    title      TEXT    NOT NULL DEFAULT '',
    federation TEXT    NOT NULL DEFAULT '',
    birth      TEXT    NOT NULL DEFAULT ''
);
CREATE TABLE trf_full_bye (
    board_id   INTEGER PRIMARY KEY REFERENCES board(id) ON DELETE CASCADE
);
";
// ---- end of the TRF fields block --------------------------------------------

// ---- Keyed action-log summaries ---------------------
// `summary_msg` holds each change's summary as a keyed message (JSON: key
// and arguments, see store/log.rs), so undo and the log speak the UI
// language; `summary` keeps the English. Rows written before have NULL and
// show their stored text.
const LOG_KEYS: &str = "ALTER TABLE action_log ADD COLUMN summary_msg TEXT;";
// ---- end of the keyed summaries block ---------------------------------------

// ---- Absent with or without notice --------------------------------
// A check-in stores an absence as a bye of the round; `notice` tells an
// absence without notice (0: 缺席) from a bye asked for or excused (1:
// 请假), which the value alone cannot (an event may score both as zero).
// Rows written before are taken as asked for.
const BYE_NOTICE: &str =
    "ALTER TABLE requested_bye ADD COLUMN notice INTEGER NOT NULL DEFAULT 1 CHECK (notice IN (0, 1));";
// ---- end of the bye notice block ---------------------------------------------

// ---- TRF-2026 ------------------------------------------------------
// `event_note`: the pairings changed by hand and the results corrected, which
// a TRF-2026 export writes as `###` lines.
// `trf_line`: the header lines of an imported TRF file that qishe keeps but
// does not read into the event (city, arbiters, `192`, `222`, `202`, national
// records, codes it does not know…), in file order, so `export trf` writes
// them back unchanged. A prohibited pairing (`260`) may hold for some rounds
// only: `first_round` / `last_round` (NULL: every round).
const TRF_2026: &str = "
CREATE TABLE trf_line (
    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    line     TEXT    NOT NULL,
    PRIMARY KEY (event_id, seq)
);
ALTER TABLE forbidden_pair ADD COLUMN first_round INTEGER CHECK (first_round >= 1);
ALTER TABLE forbidden_pair ADD COLUMN last_round INTEGER CHECK (last_round >= first_round);
CREATE TABLE event_note (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    round    INTEGER NOT NULL,
    board    INTEGER,
    kind     TEXT    NOT NULL CHECK (kind IN ('pairing', 'result')),
    detail   TEXT    NOT NULL DEFAULT '',
    at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M', 'now'))
);
";
// ---- end of the TRF-2026 block ------------------------------------------------
// ---- Prize lists (specs/prizes.md) ----------------------------------------
// An event's prize list and its sharing mode: one row per event, the prizes
// in list order as JSON (`[{"category": "sex=f", "place": 1, "value":
// {"money": 1500}}, …]`, domain::Prize). In TABLES, so replacing a list is
// captured and undone like any change.
const PRIZES: &str = "
CREATE TABLE prize_list (
    event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    sharing  TEXT    NOT NULL DEFAULT 'none' CHECK (sharing IN ('none', 'equal', 'hort')),
    prizes   TEXT    NOT NULL DEFAULT '[]'
);
";
// ---- end of the prize lists block ---------------------------------------------
// ---- Results reported by players (`qishe serve`) ---------------------------
// A player's report of a board's result, waiting for the arbiter: never a
// stored result. Not in TABLES: a report is a message to the arbiter, not
// a change of the club (the secretary's undo must not take back a phone's
// report); confirming one records the result through the ordinary, logged
// path, and only marks the report. `source` is the reporter's address.
const RESULT_REPORTS: &str = "
CREATE TABLE result_report (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    round    INTEGER NOT NULL,
    board    INTEGER NOT NULL,
    result   TEXT    NOT NULL,
    source   TEXT    NOT NULL,
    at       TEXT    NOT NULL,
    state    TEXT    NOT NULL DEFAULT 'pending'
             CHECK (state IN ('pending', 'confirmed', 'rejected'))
);
CREATE INDEX result_report_board ON result_report(event_id, round, board, state);
";
// ---- end of the result reports block ------------------------------------------

// ---- The kept rating replay ----------------------------------------------------
// `rating_replay` holds the rating list's replay of every finished event
// (`history::compute_ratings` with no date limit), one compact blob per set
// of rating settings (`store/rating_replay.rs` writes and reads it), so
// `qishe ratings` and the statistics read one row instead of replaying ten
// years of games. Derived data like `history_games`: not in TABLES, never
// the only copy. The replay reads events (status, dates, knockout
// settings), members and entries (entered ratings), rounds (dates), boards
// and games, so any insert, update or delete in those tables empties the
// table in the same transaction (undo and redo replay SQL on them, so they
// empty it too); the next read replays again and keeps the result.
// `store/rating_replay.rs` trusts a row only while every RATING_TRIGGERS
// trigger exists.
const RATING_REPLAY: &str = "
CREATE TABLE rating_replay (
    settings TEXT PRIMARY KEY,
    data     BLOB NOT NULL
);
CREATE TRIGGER rating_replay_event_ins AFTER INSERT ON event BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_event_upd AFTER UPDATE ON event BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_event_del AFTER DELETE ON event BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_member_ins AFTER INSERT ON member BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_member_upd AFTER UPDATE ON member BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_member_del AFTER DELETE ON member BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_entry_ins AFTER INSERT ON entry BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_entry_upd AFTER UPDATE ON entry BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_entry_del AFTER DELETE ON entry BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_round_ins AFTER INSERT ON round BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_round_upd AFTER UPDATE ON round BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_round_del AFTER DELETE ON round BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_board_ins AFTER INSERT ON board BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_board_upd AFTER UPDATE ON board BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_board_del AFTER DELETE ON board BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_game_ins AFTER INSERT ON game BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_game_upd AFTER UPDATE ON game BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_game_del AFTER DELETE ON game BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_knockout_ins AFTER INSERT ON knockout BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_knockout_upd AFTER UPDATE ON knockout BEGIN DELETE FROM rating_replay; END;
CREATE TRIGGER rating_replay_knockout_del AFTER DELETE ON knockout BEGIN DELETE FROM rating_replay; END;
";

/// The tables whose changes empty `rating_replay`; each has an insert, an
/// update and a delete trigger `rating_replay_{table}_{ins,upd,del}`.
pub const RATING_REPLAY_TABLES: &[&str] = &[
    "event", "member", "entry", "round", "board", "game", "knockout",
];
// ---- end of the kept rating replay's block ------------------------------------

// ---- Each finished event's kept final places ----------------------------------
// `event_places` holds, per event, its final standings as the season reads
// them (each entry's member, name, rank, points and whether he played over
// the board), one compact blob a row (`store/event_places.rs` writes and
// reads it), so a season's standings read one row per event instead of
// scoring every event again. Derived data like `history_games`: not in
// TABLES, never the only copy. An event's standings read its settings and
// status (event), its entries and their members (name, rating), byes asked
// for, rounds, boards, games, a knockout's settings and matches, and TRF
// full-point byes: any insert, update or delete there drops the rows of the
// events it touches in the same transaction (undo and redo replay SQL on
// those tables, so they drop them too); a deleted event's row goes with it
// (ON DELETE CASCADE). `store/event_places.rs` trusts a row only while every
// EVENT_PLACES_TRIGGERS trigger exists.
const EVENT_PLACES: &str = "
CREATE TABLE event_places (
    event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    data     BLOB    NOT NULL
);
CREATE TRIGGER event_places_event_upd AFTER UPDATE ON event BEGIN
    DELETE FROM event_places WHERE event_id IN (OLD.id, NEW.id); END;
CREATE TRIGGER event_places_event_del AFTER DELETE ON event BEGIN
    DELETE FROM event_places WHERE event_id = OLD.id; END;
CREATE TRIGGER event_places_member_upd AFTER UPDATE ON member BEGIN
    DELETE FROM event_places WHERE event_id IN
        (SELECT event_id FROM entry WHERE member_id IN (OLD.id, NEW.id)); END;
CREATE TRIGGER event_places_entry_ins AFTER INSERT ON entry BEGIN
    DELETE FROM event_places WHERE event_id = NEW.event_id; END;
CREATE TRIGGER event_places_entry_upd AFTER UPDATE ON entry BEGIN
    DELETE FROM event_places WHERE event_id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_places_entry_del AFTER DELETE ON entry BEGIN
    DELETE FROM event_places WHERE event_id = OLD.event_id; END;
CREATE TRIGGER event_places_requested_bye_ins AFTER INSERT ON requested_bye BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT event_id FROM entry WHERE id = NEW.entry_id); END;
CREATE TRIGGER event_places_requested_bye_upd AFTER UPDATE ON requested_bye BEGIN
    DELETE FROM event_places WHERE event_id IN
        (SELECT event_id FROM entry WHERE id IN (OLD.entry_id, NEW.entry_id)); END;
CREATE TRIGGER event_places_requested_bye_del AFTER DELETE ON requested_bye BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT event_id FROM entry WHERE id = OLD.entry_id); END;
CREATE TRIGGER event_places_round_ins AFTER INSERT ON round BEGIN
    DELETE FROM event_places WHERE event_id = NEW.event_id; END;
CREATE TRIGGER event_places_round_upd AFTER UPDATE ON round BEGIN
    DELETE FROM event_places WHERE event_id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_places_round_del AFTER DELETE ON round BEGIN
    DELETE FROM event_places WHERE event_id = OLD.event_id; END;
CREATE TRIGGER event_places_board_ins AFTER INSERT ON board BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT event_id FROM round WHERE id = NEW.round_id); END;
CREATE TRIGGER event_places_board_upd AFTER UPDATE ON board BEGIN
    DELETE FROM event_places WHERE event_id IN
        (SELECT event_id FROM round WHERE id IN (OLD.round_id, NEW.round_id)); END;
CREATE TRIGGER event_places_board_del AFTER DELETE ON board BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT event_id FROM round WHERE id = OLD.round_id); END;
CREATE TRIGGER event_places_game_ins AFTER INSERT ON game BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = NEW.board_id); END;
CREATE TRIGGER event_places_game_upd AFTER UPDATE ON game BEGIN
    DELETE FROM event_places WHERE event_id IN
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id IN (OLD.board_id, NEW.board_id)); END;
CREATE TRIGGER event_places_game_del AFTER DELETE ON game BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = OLD.board_id); END;
CREATE TRIGGER event_places_knockout_ins AFTER INSERT ON knockout BEGIN
    DELETE FROM event_places WHERE event_id = NEW.event_id; END;
CREATE TRIGGER event_places_knockout_upd AFTER UPDATE ON knockout BEGIN
    DELETE FROM event_places WHERE event_id IN (OLD.event_id, NEW.event_id); END;
CREATE TRIGGER event_places_knockout_del AFTER DELETE ON knockout BEGIN
    DELETE FROM event_places WHERE event_id = OLD.event_id; END;
CREATE TRIGGER event_places_knockout_match_ins AFTER INSERT ON knockout_match BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = NEW.board_id); END;
CREATE TRIGGER event_places_knockout_match_upd AFTER UPDATE ON knockout_match BEGIN
    DELETE FROM event_places WHERE event_id IN
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id IN (OLD.board_id, NEW.board_id)); END;
CREATE TRIGGER event_places_knockout_match_del AFTER DELETE ON knockout_match BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = OLD.board_id); END;
CREATE TRIGGER event_places_trf_full_bye_ins AFTER INSERT ON trf_full_bye BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = NEW.board_id); END;
CREATE TRIGGER event_places_trf_full_bye_upd AFTER UPDATE ON trf_full_bye BEGIN
    DELETE FROM event_places WHERE event_id IN
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id IN (OLD.board_id, NEW.board_id)); END;
CREATE TRIGGER event_places_trf_full_bye_del AFTER DELETE ON trf_full_bye BEGIN
    DELETE FROM event_places WHERE event_id =
        (SELECT r.event_id FROM board b JOIN round r ON r.id = b.round_id
         WHERE b.id = OLD.board_id); END;
";

/// The triggers that keep `event_places` true (see EVENT_PLACES).
pub const EVENT_PLACES_TRIGGERS: &[&str] = &[
    "event_places_event_upd",
    "event_places_event_del",
    "event_places_member_upd",
    "event_places_entry_ins",
    "event_places_entry_upd",
    "event_places_entry_del",
    "event_places_requested_bye_ins",
    "event_places_requested_bye_upd",
    "event_places_requested_bye_del",
    "event_places_round_ins",
    "event_places_round_upd",
    "event_places_round_del",
    "event_places_board_ins",
    "event_places_board_upd",
    "event_places_board_del",
    "event_places_game_ins",
    "event_places_game_upd",
    "event_places_game_del",
    "event_places_knockout_ins",
    "event_places_knockout_upd",
    "event_places_knockout_del",
    "event_places_knockout_match_ins",
    "event_places_knockout_match_upd",
    "event_places_knockout_match_del",
    "event_places_trf_full_bye_ins",
    "event_places_trf_full_bye_upd",
    "event_places_trf_full_bye_del",
];
// ---- end of the kept final places' block --------------------------------------

// ---- Forfeits without a colour --------------------------------------
// A TRF file may write a forfeit without colours (`153 - -` / `13 - +`):
// nobody sat at the board, so nobody had red. The board is stored with
// its two players as red and black like any other; a row here says that
// those colours are the store's, not the file's, so `export trf` writes
// `-` and the pairing history gives the round no colour. Only a forfeit
// reads it (a result corrected to a game over the board has colours).
const TRF_NO_COLOUR: &str = "
CREATE TABLE trf_no_colour (
    board_id   INTEGER PRIMARY KEY REFERENCES board(id) ON DELETE CASCADE
);
";
// ---- end of the forfeits without a colour block -------------------------------

// ---- A forbidden pair in several ranges of rounds ---------------------------
// A TRF-2026 file may keep a pair apart in rounds 1–3 and again in 6–8 (two
// `260` lines): a pair may have several rows, one a range (NULL: every
// round, then its only row; `store/events.rs` keeps the ranges of a pair
// apart and joins those that overlap or meet). The table is rebuilt with
// its rows (the key had the pair only).
const FORBID_RANGES: &str = "
CREATE TABLE forbidden_pair_ranges (
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    entry_a     INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    entry_b     INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    first_round INTEGER CHECK (first_round >= 1),
    last_round  INTEGER CHECK (last_round >= first_round),
    CHECK (entry_a < entry_b),
    UNIQUE (event_id, entry_a, entry_b, first_round)
);
INSERT INTO forbidden_pair_ranges(event_id, entry_a, entry_b, first_round, last_round)
    SELECT event_id, entry_a, entry_b, first_round,
           CASE WHEN first_round IS NULL THEN NULL ELSE coalesce(last_round, first_round) END
    FROM forbidden_pair;
DROP TABLE forbidden_pair;
ALTER TABLE forbidden_pair_ranges RENAME TO forbidden_pair;
";
// ---- end of the forbidden pair ranges block ---------------------------------

/// The schema version this build writes.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// Every table, for counts and checks.
pub const TABLES: &[&str] = &[
    "member",
    "event",
    "entry",
    "requested_bye",
    "forbidden_pair",
    "round",
    "board",
    "game",
    "action_log",
    "team_event",
    "team",
    "team_member",
    "team_match",
    "team_lineup",
    "knockout",
    "knockout_match",
    "trf_entry",
    "trf_full_bye",
    "trf_no_colour",
    // The archive's games (their position index, `archive_position`,
    // is derived data: not in the undo capture, rebuilt when missing).
    "archive_game",
    // The kept header lines of imported TRF files, event notes.
    "trf_line",
    "event_note",
    // Seasons (`store/seasons.rs`).
    "season",
    "season_event",
    // Prize lists.
    "prize_list",
];

/// The tables migration 1 makes: a file that says it is a qishe database
/// (`user_version` 1 or more) without all of them is another program's.
pub const BASE_TABLES: &[&str] = &[
    "member",
    "event",
    "entry",
    "requested_bye",
    "forbidden_pair",
    "round",
    "board",
    "game",
    "action_log",
];

/// Brings the database up to `SCHEMA_VERSION` in one transaction. Running it
/// on an up-to-date database does nothing.
pub fn migrate(conn: &mut Connection) -> Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version > SCHEMA_VERSION {
        return Err(StoreError::Invalid(msg!(
            "err.store.schema_newer",
            version,
            supported = SCHEMA_VERSION
        )));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrating_twice_is_a_no_op() {
        let mut c = Connection::open_in_memory().unwrap();
        migrate(&mut c).unwrap();
        c.execute("INSERT INTO member(name) VALUES ('甲')", [])
            .unwrap();
        let schema_before: Vec<String> = c
            .prepare("SELECT sql FROM sqlite_master ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get::<_, Option<String>>(0))
            .unwrap()
            .map(|r| r.unwrap().unwrap_or_default())
            .collect();
        migrate(&mut c).unwrap();
        let schema_after: Vec<String> = c
            .prepare("SELECT sql FROM sqlite_master ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get::<_, Option<String>>(0))
            .unwrap()
            .map(|r| r.unwrap().unwrap_or_default())
            .collect();
        assert_eq!(schema_before, schema_after);
        let v: i64 = c
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, SCHEMA_VERSION);
        let n: i64 = c
            .query_row("SELECT count(*) FROM member", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1);
    }

    /// `sqlite_master` as (type, name, table, SQL), the SQL without its
    /// comments, quotes and the white space that does not separate words.
    fn schema_of(c: &Connection) -> Vec<(String, String, String, Option<String>)> {
        fn normalise(sql: &str) -> String {
            let mut out = String::new();
            for line in sql.lines() {
                let code = line.split("--").next().unwrap_or_default();
                out.push_str(code);
                out.push(' ');
            }
            let words: Vec<&str> = out.split_whitespace().collect();
            let mut out = words.join(" ").replace('"', "");
            for p in ["(", ")", ","] {
                out = out
                    .replace(&format!(" {p}"), p)
                    .replace(&format!("{p} "), p);
            }
            out
        }
        let mut rows: Vec<_> = c
            .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master")
            .unwrap()
            .query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, Option<String>>(3)?.map(|s| normalise(&s)),
                ))
            })
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        rows.sort();
        rows
    }

    #[test]
    fn schema_sql_is_the_schema_of_a_new_database() {
        let mut migrated = Connection::open_in_memory().unwrap();
        migrate(&mut migrated).unwrap();
        let written = Connection::open_in_memory().unwrap();
        written
            .execute_batch(include_str!("../../schema.sql"))
            .unwrap();
        let (m, w) = (schema_of(&migrated), schema_of(&written));
        for t in TABLES {
            assert!(m.iter().any(|r| r.0 == "table" && r.1 == *t), "{t}");
        }
        let only = |a: &[(String, String, String, Option<String>)],
                    b: &[(String, String, String, Option<String>)]| {
            a.iter()
                .filter(|r| !b.contains(r))
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(
            (only(&m, &w), only(&w, &m)),
            (vec![], vec![]),
            "(made by the migrations only, in schema.sql only)"
        );
        assert_eq!(m, w);
    }

    #[test]
    fn the_schema_check_sees_a_column_and_a_check_that_differ() {
        let c = Connection::open_in_memory().unwrap();
        c.execute_batch("CREATE TABLE t (a INTEGER -- note\n, b TEXT CHECK (b IN ('x')));")
            .unwrap();
        let same = Connection::open_in_memory().unwrap();
        same.execute_batch("CREATE TABLE \"t\" ( a INTEGER,\n  b TEXT CHECK (b IN ( 'x' ) ) )")
            .unwrap();
        assert_eq!(schema_of(&c), schema_of(&same));
        let other = Connection::open_in_memory().unwrap();
        other
            .execute_batch("CREATE TABLE t (a INTEGER, b TEXT CHECK (b IN ('y')));")
            .unwrap();
        assert_ne!(schema_of(&c), schema_of(&other));
        let more = Connection::open_in_memory().unwrap();
        more.execute_batch("CREATE TABLE t (a INTEGER, b TEXT CHECK (b IN ('x')), c);")
            .unwrap();
        assert_ne!(schema_of(&c), schema_of(&more));
    }

    /// A database made before the team tables (version 1) gains them, and
    /// every later migration runs on it as on a new one.
    #[test]
    fn a_version_one_database_migrates_to_the_schema_of_a_new_one() {
        let mut old = Connection::open_in_memory().unwrap();
        old.execute_batch(include_str!("base.sql")).unwrap();
        old.pragma_update(None, "user_version", 1).unwrap();
        old.execute("INSERT INTO member(name) VALUES ('甲')", [])
            .unwrap();
        migrate(&mut old).unwrap();
        let mut new = Connection::open_in_memory().unwrap();
        migrate(&mut new).unwrap();
        assert_eq!(schema_of(&old), schema_of(&new));
        let n: i64 = old
            .query_row("SELECT count(*) FROM member", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1);
    }

    /// A database at `version` (its first `version` migrations) with two
    /// members and `extra` run on it.
    fn at_version(version: usize, extra: &str) -> Connection {
        let mut c = Connection::open_in_memory().unwrap();
        let tx = c.transaction().unwrap();
        for sql in &MIGRATIONS[..version] {
            tx.execute_batch(sql).unwrap();
        }
        tx.pragma_update(None, "user_version", version as i64)
            .unwrap();
        tx.commit().unwrap();
        c.execute_batch("INSERT INTO member(id, name) VALUES (1, '甲'), (2, '乙');")
            .unwrap();
        c.execute_batch(extra).unwrap();
        c
    }

    /// A database made before forfeits without colours were kept (version
    /// 14) opens and upgrades with its rows kept; the upgrade is one
    /// transaction, so one that fails leaves the database at its old
    /// version, unchanged.
    #[test]
    fn a_database_before_the_colourless_forfeits_upgrades_in_one_transaction() {
        let before = 14;
        let old = |extra: &str| at_version(before, extra);
        let version = |c: &Connection| -> i64 {
            c.query_row("PRAGMA user_version", [], |r| r.get(0))
                .unwrap()
        };
        let mut c = old("");
        assert!(c.prepare("SELECT 1 FROM trf_no_colour").is_err());
        migrate(&mut c).unwrap();
        assert_eq!(version(&c), SCHEMA_VERSION);
        let n: i64 = c
            .query_row("SELECT count(*) FROM member", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 2);
        let mut new = Connection::open_in_memory().unwrap();
        migrate(&mut new).unwrap();
        assert_eq!(schema_of(&c), schema_of(&new));
        // A table of that name made by hand: the migration fails and
        // nothing of it stays.
        let mut clash = old("CREATE TABLE trf_no_colour (x);");
        assert!(migrate(&mut clash).is_err());
        assert_eq!(version(&clash), before as i64);
        let cols: i64 = clash
            .query_row(
                "SELECT count(*) FROM pragma_table_info('trf_no_colour')",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(cols, 1);
    }

    /// A database whose forbidden pairs held one range each (version 15)
    /// keeps its rows, and a pair may then have a second range.
    #[test]
    fn forbidden_pairs_keep_their_rows_and_take_several_ranges() {
        let mut c = at_version(
            15,
            "INSERT INTO event(id, name, scheme, system, rounds, red_base_ms, black_base_ms)
                 VALUES (1, 'E', 'chess', 'dutch', 9, 0, 0);
             INSERT INTO entry(id, event_id, member_id, start_no) VALUES (1, 1, 1, 1), (2, 1, 2, 2);
             INSERT INTO forbidden_pair VALUES (1, 1, 2, 1, 3);",
        );
        let second = "INSERT INTO forbidden_pair VALUES (1, 1, 2, 6, 8)";
        assert!(c.execute(second, []).is_err(), "one range a pair before");
        migrate(&mut c).unwrap();
        c.execute(second, []).unwrap();
        let rows: Vec<(i64, i64, i64, i64)> = c
            .prepare("SELECT entry_a, entry_b, first_round, last_round FROM forbidden_pair ORDER BY first_round")
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .unwrap()
            .map(|r| r.unwrap())
            .collect();
        assert_eq!(rows, [(1, 2, 1, 3), (1, 2, 6, 8)]);
        let mut new = Connection::open_in_memory().unwrap();
        migrate(&mut new).unwrap();
        assert_eq!(schema_of(&c), schema_of(&new));
    }

    #[test]
    fn every_table_exists() {
        let mut c = Connection::open_in_memory().unwrap();
        migrate(&mut c).unwrap();
        for t in TABLES {
            let n: i64 = c
                .query_row(
                    "SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?1",
                    [t],
                    |r| r.get(0),
                )
                .unwrap();
            assert_eq!(n, 1, "table {t}");
        }
    }
}
