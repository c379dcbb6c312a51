-- qishe (棋社) club database: the schema a new database has.
--
-- This file is the schema to read. A database is built and upgraded by the
-- append-only migrations of src/store/migrations.rs (migration 1 is
-- src/store/base.sql, the schema as first released); the test
-- `store::migrations::tests::schema_sql_is_the_schema_of_a_new_database`
-- builds one by the migrations and compares its sqlite_master with this
-- file run on an empty database (comments, quotes and white space aside).
-- A change to the schema is therefore two edits: a new migration appended,
-- and this file brought to what the migrations make (a column added by
-- `ALTER TABLE … ADD COLUMN` goes after the table's last column, before its
-- table constraints, where SQLite puts it).
--
-- Dates are ISO-8601 text, clock readings are milliseconds, points are
-- hundredths (integers). JSON columns hold objects the app parses once.

-- ===========================================================================
-- Members, events, entries
-- ===========================================================================

CREATE TABLE member (
    id        INTEGER PRIMARY KEY,
    name      TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    rating    INTEGER,
    club      TEXT,
    ext_id    TEXT,
    born      INTEGER,
    sex       TEXT    CHECK (sex IN ('m', 'f')),
    retired   INTEGER NOT NULL DEFAULT 0 CHECK (retired IN (0, 1)),
    created   TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE INDEX member_name ON member(name);
CREATE UNIQUE INDEX member_ext_id ON member(ext_id) WHERE ext_id IS NOT NULL;

CREATE TABLE event (
    id               INTEGER PRIMARY KEY,
    name             TEXT    NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    start_date       TEXT,
    end_date         TEXT,
    scheme           TEXT    NOT NULL,
    -- JSON object: scheme constants overriding the scheme's defaults
    scheme_settings  TEXT    NOT NULL DEFAULT '{}',
    system           TEXT    NOT NULL CHECK (system IN ('dutch', 'cxa', 'berger')),
    rounds           INTEGER NOT NULL CHECK (rounds >= 1),
    games_per_round  INTEGER NOT NULL DEFAULT 1 CHECK (games_per_round IN (1, 2)),
    red_base_ms      INTEGER NOT NULL CHECK (red_base_ms >= 0),
    black_base_ms    INTEGER NOT NULL CHECK (black_base_ms >= 0),
    increment_ms     INTEGER NOT NULL DEFAULT 0 CHECK (increment_ms >= 0),
    -- comma-separated tie-break codes; empty = the scheme's default order
    tiebreaks        TEXT    NOT NULL DEFAULT '',
    bye_opponent     TEXT    NOT NULL DEFAULT 'lowest' CHECK (bye_opponent IN ('lowest', 'zero', 'own')),
    requested_bye    TEXT    NOT NULL DEFAULT 'zero' CHECK (requested_bye IN ('zero', 'half')),
    forfeits_to_drop INTEGER NOT NULL DEFAULT 2 CHECK (forfeits_to_drop >= 0),
    -- JSON object: pairing options (the Chinese method's settings,
    -- double round-robin, acceleration)
    pairing_settings TEXT    NOT NULL DEFAULT '{}',
    status           TEXT    NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'running', 'finished')),
    created          TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

CREATE TABLE entry (
    id            INTEGER PRIMARY KEY,
    event_id      INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    member_id     INTEGER NOT NULL REFERENCES member(id),
    start_no      INTEGER NOT NULL CHECK (start_no >= 1),
    rating        INTEGER,
    club          TEXT,
    -- NULL: active; N: withdrawn after round N (not paired from round N+1)
    withdrawn_after INTEGER CHECK (withdrawn_after >= 0),
    -- late entry: first round the player can be paired in
    first_round   INTEGER NOT NULL DEFAULT 1 CHECK (first_round >= 1),
    UNIQUE (event_id, member_id),
    UNIQUE (event_id, start_no)
);
CREATE INDEX entry_member ON entry(member_id);

-- A bye asked for, or an absence marked at check-in. `notice` tells an
-- absence without notice (0: 缺席) from a bye asked for or excused (1: 请假),
-- which the value alone cannot (an event may score both as zero).
CREATE TABLE requested_bye (
    entry_id  INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    value     TEXT    NOT NULL DEFAULT 'zero' CHECK (value IN ('zero', 'half')),
    notice    INTEGER NOT NULL DEFAULT 1 CHECK (notice IN (0, 1)),
    PRIMARY KEY (entry_id, round)
);

-- Two entries that must not meet; for rounds first_round..last_round only
-- (a TRF `260` record), or in every round when both are NULL (then the
-- pair's only row). A pair may have several ranges, one row each.
CREATE TABLE forbidden_pair (
    event_id    INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    entry_a     INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    entry_b     INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    first_round INTEGER CHECK (first_round >= 1),
    last_round  INTEGER CHECK (last_round >= first_round),
    CHECK (entry_a < entry_b),
    UNIQUE (event_id, entry_a, entry_b, first_round)
);

-- ===========================================================================
-- Rounds, boards, games
-- ===========================================================================

CREATE TABLE round (
    id        INTEGER PRIMARY KEY,
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL CHECK (number >= 1),
    paired_at TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    date      TEXT,
    UNIQUE (event_id, number)
);

-- A board holds a game (red v black) or a pairing-allocated bye (black NULL).
CREATE TABLE board (
    id        INTEGER PRIMARY KEY,
    round_id  INTEGER NOT NULL REFERENCES round(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL CHECK (number >= 1),
    red       INTEGER NOT NULL REFERENCES entry(id),
    black     INTEGER REFERENCES entry(id),
    CHECK (black IS NULL OR black <> red),
    UNIQUE (round_id, number)
);
CREATE INDEX board_red ON board(red);
CREATE INDEX board_black ON board(black);

-- One row per game of a board: two in a two-game round, and a knockout's
-- play-off games continue the numbers (3, 4, …). Every input of the table
-- at the top of specs/scoring.md.
CREATE TABLE game (
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
    -- residual material as letters R H C A E P X (e.g. 'RHHEE')
    red_residual    TEXT,
    black_residual  TEXT,
    -- 'red' | 'black' | 'none', and the full move of the capture
    first_strike    TEXT    CHECK (first_strike IN ('red', 'black', 'none')),
    first_strike_move INTEGER,
    -- piece-move counts 车/马+炮/兵/士+象/将 as 'a/b/c/d/e'
    red_pieces      TEXT,
    black_pieces    TEXT,
    -- the attached game record (PGN text)
    record          TEXT,
    UNIQUE (board_id, game_no)
);

-- ===========================================================================
-- The action log
-- ===========================================================================

-- Every change, with its time: what the secretary did, and what to restore
-- to undo it.
CREATE TABLE action_log (
    id          INTEGER PRIMARY KEY,
    at          TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    action      TEXT    NOT NULL,
    -- the summary in English
    summary     TEXT    NOT NULL,
    -- JSON: the data needed to undo (old rows), or NULL when not undoable
    undo        TEXT,
    undone      INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    -- JSON: the summary as a keyed message (key and arguments, store/log.rs),
    -- so undo and the log speak the UI language; NULL on rows written before
    -- migration 7, which show their stored text
    summary_msg TEXT
);

-- ===========================================================================
-- Team events (团体赛, specs/teams.md). A team member plays as an ordinary
-- entry of the event; each board of a match is an ordinary board of the
-- round, numbered (match − 1) × B + board, with its game(s).
-- ===========================================================================

-- Marks an event as a team event; JSON: boards, match points, tied-match rule, byes.
CREATE TABLE team_event (
    event_id  INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    settings  TEXT    NOT NULL DEFAULT '{}'
);

CREATE TABLE team (
    id        INTEGER PRIMARY KEY,
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    name      TEXT    NOT NULL CHECK (length(trim(name)) > 0),
    club      TEXT,
    -- a member's name or free text
    captain   TEXT,
    UNIQUE (event_id, name)
);

-- The roster in board order (boards 1..B, then reserves); an entry is on one team.
CREATE TABLE team_member (
    team_id   INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    entry_id  INTEGER NOT NULL UNIQUE REFERENCES entry(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL CHECK (position >= 1),
    PRIMARY KEY (team_id, position)
);

-- A match of a round; away NULL = a team bye. Home is named first (red on odd boards).
CREATE TABLE team_match (
    id        INTEGER PRIMARY KEY,
    round_id  INTEGER NOT NULL REFERENCES round(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL CHECK (number >= 1),
    home      INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    away      INTEGER REFERENCES team(id) ON DELETE CASCADE,
    CHECK (away IS NULL OR away <> home),
    UNIQUE (round_id, number)
);

-- Who a team fields on each board of a round (entry NULL: the board is left empty).
CREATE TABLE team_lineup (
    team_id   INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    board     INTEGER NOT NULL CHECK (board >= 1),
    entry_id  INTEGER REFERENCES entry(id) ON DELETE CASCADE,
    PRIMARY KEY (team_id, round, board)
);

-- ===========================================================================
-- Knockouts (specs/knockout.md)
-- ===========================================================================

-- Marks an event as a knockout; JSON: the play-off ladder, third-place
-- match, draw, rate_playoffs, armageddon time odds.
CREATE TABLE knockout (
    event_id  INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    settings  TEXT    NOT NULL DEFAULT '{}'
);

-- Each board of a knockout: its upper slot, and the winner of a lot.
CREATE TABLE knockout_match (
    board_id   INTEGER PRIMARY KEY REFERENCES board(id) ON DELETE CASCADE,
    upper      INTEGER NOT NULL REFERENCES entry(id),
    lot_winner INTEGER REFERENCES entry(id)
);

-- ===========================================================================
-- TRF files: what they say that no other column holds
-- ===========================================================================

-- A player's title, federation and birth date as the TRF file wrote them,
-- so `export trf` writes them back.
CREATE TABLE trf_entry (
    entry_id   INTEGER PRIMARY KEY REFERENCES entry(id) ON DELETE CASCADE,
    title      TEXT    NOT NULL DEFAULT '',
    federation TEXT    NOT NULL DEFAULT '',
    birth      TEXT    NOT NULL DEFAULT ''
);

-- The pairing-bye boards that were a pre-assigned full-point bye (`F`).
CREATE TABLE trf_full_bye (
    board_id   INTEGER PRIMARY KEY REFERENCES board(id) ON DELETE CASCADE
);

-- The forfeits a TRF file wrote without colours (`153 - -`): the board's
-- red and black are not the file's, so `export trf` writes `-` again.
CREATE TABLE trf_no_colour (
    board_id   INTEGER PRIMARY KEY REFERENCES board(id) ON DELETE CASCADE
);

-- The header lines of an imported TRF file that qishe keeps but does not
-- read into the event (city, arbiters, `192`, `222`, `202`, national
-- records, codes it does not know…), in file order.
CREATE TABLE trf_line (
    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    line     TEXT    NOT NULL,
    PRIMARY KEY (event_id, seq)
);

-- The pairings changed by hand and the results corrected, which a
-- TRF-2026 export writes as `###` lines.
CREATE TABLE event_note (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    round    INTEGER NOT NULL,
    board    INTEGER,
    kind     TEXT    NOT NULL CHECK (kind IN ('pairing', 'result')),
    detail   TEXT    NOT NULL DEFAULT '',
    at       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M', 'now'))
);

-- ===========================================================================
-- The game archive: games brought in from files (`qishe archive import`),
-- once each (content hash), linked to members and events where the names
-- match.
-- ===========================================================================

CREATE TABLE archive_game (
    id           INTEGER PRIMARY KEY,
    hash         TEXT    NOT NULL UNIQUE,
    source       TEXT    NOT NULL,
    game_no      INTEGER NOT NULL CHECK (game_no >= 1),
    event        TEXT,
    date         TEXT,
    site         TEXT,
    round        TEXT,
    red          TEXT,
    black        TEXT,
    result       TEXT    CHECK (result IN ('1-0', '0-1', '1/2-1/2')),
    eco          TEXT,
    start_fen    TEXT    NOT NULL,
    moves        TEXT    NOT NULL,
    plies        INTEGER NOT NULL CHECK (plies >= 0),
    record       TEXT    NOT NULL,
    red_member   INTEGER REFERENCES member(id) ON DELETE SET NULL,
    black_member INTEGER REFERENCES member(id) ON DELETE SET NULL,
    event_id     INTEGER REFERENCES event(id) ON DELETE SET NULL
);
CREATE INDEX archive_game_red_member ON archive_game(red_member);
CREATE INDEX archive_game_black_member ON archive_game(black_member);
CREATE INDEX archive_game_eco ON archive_game(eco);

-- Derived data (not in the undo capture, rebuilt when missing): the
-- position before each ply (0: the start) and after the last move, a 64-bit
-- key of placement and side to move.
CREATE TABLE archive_position (
    key     INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES archive_game(id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL
);
CREATE INDEX archive_position_key ON archive_position(key);
CREATE INDEX archive_position_game ON archive_position(game_id);

-- ===========================================================================
-- Kept copies of each event's games, for the club history
-- ===========================================================================

-- Per event, its games in the shape the club history reads them, one
-- compact blob a row (store/history.rs). Derived data, never the only copy:
-- the triggers below drop an event's row in the same transaction as any
-- change to its rounds, boards, games or entries, and the next history read
-- rebuilds the rows that are missing.
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

-- ===========================================================================
-- Seasons (赛季) and prize lists
-- ===========================================================================

-- A season's settings: the rule as written (e.g. `placement:10,8,6` or
-- `score:0.5`), best N or NULL for all, min_events, participation as a
-- decimal.
CREATE TABLE season (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    rule          TEXT    NOT NULL DEFAULT 'placement:10,8,6,5,4,3,2,1',
    best          INTEGER CHECK (best IS NULL OR best >= 1),
    min_events    INTEGER NOT NULL DEFAULT 0 CHECK (min_events >= 0),
    participation TEXT    NOT NULL DEFAULT '0',
    created       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- The events of a season in the order they were added, each with its weight
-- (a decimal); an event can be in several seasons, once in each.
CREATE TABLE season_event (
    season_id INTEGER NOT NULL REFERENCES season(id) ON DELETE CASCADE,
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    weight    TEXT    NOT NULL DEFAULT '1',
    PRIMARY KEY (season_id, event_id)
);
CREATE INDEX season_event_event ON season_event(event_id);

-- An event's prize list and its sharing mode; the prizes in list order as
-- JSON (`[{"category": "sex=f", "place": 1, "value": {"money": 1500}}, …]`,
-- domain::Prize).
CREATE TABLE prize_list (
    event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    sharing  TEXT    NOT NULL DEFAULT 'none' CHECK (sharing IN ('none', 'equal', 'hort')),
    prizes   TEXT    NOT NULL DEFAULT '[]'
);

-- ===========================================================================
-- The kept rating replay, for the rating list and the statistics
-- ===========================================================================

-- The rating list's replay of every finished event, one compact blob per
-- set of rating settings (store/rating_replay.rs). Derived data, never the
-- only copy: any insert, update or delete in the tables the replay reads
-- empties it in the same transaction, and the next read replays again.
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

-- ===========================================================================
-- Players' result reports from the served pages
-- ===========================================================================

-- A player's report of a board's result, waiting for the arbiter: never a
-- stored result, and not in the undo capture; confirming one records the
-- result through the ordinary, logged path. `source` is the reporter's
-- address.
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

-- ===========================================================================
-- Each finished event's kept final places (derived data)
-- ===========================================================================

-- Per event, its final standings as the season reads them, one compact blob
-- (store/event_places.rs). Not in the undo capture; the triggers drop the
-- rows of the events a change touches, in the same transaction.
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
