
-- ---------------------------------------------------------------------------
-- Team events (团体赛, specs/teams.md). A team member plays as an
-- ordinary entry of the event; each board of a match is an ordinary board
-- of the round, numbered (match − 1) × B + board, with its game(s).
-- ---------------------------------------------------------------------------

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
