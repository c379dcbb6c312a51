-- Migration: the club's seasons (赛季), self-contained.
-- `season`: the settings (rule as written, e.g. `placement:10,8,6` or
-- `score:0.5`; best N or NULL for all; min_events; participation as a
-- decimal); `season_event`: the events of a season in the order they were
-- added (`position`), each with its weight (a decimal). An event can be in
-- several seasons, once in each; deleting an event or a season deletes its
-- rows here. `store/seasons.rs` reads and writes them.
CREATE TABLE season (
    id            INTEGER PRIMARY KEY,
    name          TEXT    NOT NULL UNIQUE CHECK (length(trim(name)) > 0),
    rule          TEXT    NOT NULL DEFAULT 'placement:10,8,6,5,4,3,2,1',
    best          INTEGER CHECK (best IS NULL OR best >= 1),
    min_events    INTEGER NOT NULL DEFAULT 0 CHECK (min_events >= 0),
    participation TEXT    NOT NULL DEFAULT '0',
    created       TEXT    NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE season_event (
    season_id INTEGER NOT NULL REFERENCES season(id) ON DELETE CASCADE,
    event_id  INTEGER NOT NULL REFERENCES event(id) ON DELETE CASCADE,
    position  INTEGER NOT NULL,
    weight    TEXT    NOT NULL DEFAULT '1',
    PRIMARY KEY (season_id, event_id)
);
CREATE INDEX season_event_event ON season_event(event_id);
