-- Migration 1: the club database as first released (members, events,
-- entries, byes asked for, forbidden pairs, rounds, boards, games, the
-- action log). Append-only like every migration: a database at
-- user_version 1 or more has run exactly this. The schema a new database
-- has today is `schema.sql` at the repository root.
--
-- Dates are ISO-8601 text, clock readings are milliseconds, points are
-- hundredths (integers).

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
    -- JSON object: pairing options (the Chinese method's settings, double round-robin)
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

CREATE TABLE requested_bye (
    entry_id  INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    round     INTEGER NOT NULL CHECK (round >= 1),
    value     TEXT    NOT NULL DEFAULT 'zero' CHECK (value IN ('zero', 'half')),
    PRIMARY KEY (entry_id, round)
);

CREATE TABLE forbidden_pair (
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    entry_a   INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    entry_b   INTEGER NOT NULL REFERENCES entry(id) ON DELETE CASCADE,
    CHECK (entry_a < entry_b),
    PRIMARY KEY (event_id, entry_a, entry_b)
);

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

-- One row per game of a board (two in a two-game round). Every input of the
-- table at the top of specs/scoring.md.
CREATE TABLE game (
    id              INTEGER PRIMARY KEY,
    board_id        INTEGER NOT NULL REFERENCES board(id) ON DELETE CASCADE,
    game_no         INTEGER NOT NULL DEFAULT 1 CHECK (game_no IN (1, 2)),
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

-- Every change, with its time: what the secretary did, and what to restore to undo it.
CREATE TABLE action_log (
    id        INTEGER PRIMARY KEY,
    at        TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    action    TEXT    NOT NULL,
    -- human-readable summary
    summary   TEXT    NOT NULL,
    -- JSON: the data needed to undo (old rows), or NULL when not undoable
    undo      TEXT,
    undone    INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
);
