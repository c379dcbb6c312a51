-- Migration: the club's game archive. Games brought in from
-- files (`qishe archive import`), once each (content hash), linked to
-- members and events where the names match, with an index of every
-- position each game reached.
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
-- The position before each ply (0: the start) and after the last move:
-- a 64-bit key of placement and side to move.
CREATE TABLE archive_position (
    key     INTEGER NOT NULL,
    game_id INTEGER NOT NULL REFERENCES archive_game(id) ON DELETE CASCADE,
    ply     INTEGER NOT NULL
);
CREATE INDEX archive_position_key ON archive_position(key);
CREATE INDEX archive_position_game ON archive_position(game_id);
