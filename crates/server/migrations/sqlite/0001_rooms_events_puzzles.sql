-- Rooms, their event log and puzzles. The event log is the source of truth for a room's
-- games: a room's state is rebuilt by replaying its events in order.

CREATE TABLE rooms (
    code             TEXT PRIMARY KEY NOT NULL,
    rules            TEXT NOT NULL,
    initial_ms       INTEGER,
    increment_ms     INTEGER,
    password_hash    TEXT,
    public           INTEGER NOT NULL,
    start_fen        TEXT NOT NULL,
    computer_level   INTEGER,
    computer_color   TEXT,
    red_seat_hash    TEXT,
    black_seat_hash  TEXT,
    created_at       INTEGER NOT NULL,
    last_activity    INTEGER NOT NULL
);

CREATE INDEX rooms_last_activity ON rooms (last_activity);
CREATE INDEX rooms_lobby ON rooms (public, black_seat_hash, created_at);

CREATE TABLE events (
    room_code  TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    v          INTEGER NOT NULL,
    body       TEXT NOT NULL,
    at         INTEGER NOT NULL,
    PRIMARY KEY (room_code, v)
);

CREATE TABLE puzzles (
    id          TEXT PRIMARY KEY NOT NULL,
    fen         TEXT NOT NULL,
    title       TEXT NOT NULL,
    solution    TEXT,
    created_at  INTEGER NOT NULL
);
