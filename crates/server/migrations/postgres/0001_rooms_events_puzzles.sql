-- Rooms, their event log and puzzles: the schema of migrations/sqlite/0001 in PostgreSQL's
-- types (every integer a BIGINT, as SQLite's INTEGER is 64-bit, so the store reads the same
-- values from both). The event log is the source of truth for a room's games: a room's state
-- is rebuilt by replaying its events in order, and its primary key keeps two nodes from
-- storing the same event number twice.

CREATE TABLE rooms (
    code             TEXT PRIMARY KEY NOT NULL,
    rules            TEXT NOT NULL,
    initial_ms       BIGINT,
    increment_ms     BIGINT,
    password_hash    TEXT,
    public           BIGINT NOT NULL,
    start_fen        TEXT NOT NULL,
    computer_level   BIGINT,
    computer_color   TEXT,
    red_seat_hash    TEXT,
    black_seat_hash  TEXT,
    created_at       BIGINT NOT NULL,
    last_activity    BIGINT NOT NULL
);

CREATE INDEX rooms_last_activity ON rooms (last_activity);
CREATE INDEX rooms_lobby ON rooms (public, black_seat_hash, created_at);

CREATE TABLE events (
    room_code  TEXT NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    v          BIGINT NOT NULL,
    body       TEXT NOT NULL,
    at         BIGINT NOT NULL,
    PRIMARY KEY (room_code, v)
);

CREATE TABLE puzzles (
    id          TEXT PRIMARY KEY NOT NULL,
    fen         TEXT NOT NULL,
    title       TEXT NOT NULL,
    solution    TEXT,
    created_at  BIGINT NOT NULL
);
