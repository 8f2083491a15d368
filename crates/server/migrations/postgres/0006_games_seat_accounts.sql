-- The schema of migrations/sqlite/0006 in PostgreSQL's types. Finished online games
-- (issue 28): a permanent record of each round that ended, written
-- in the same transaction as the event that ended it, so that it outlives its room (rooms
-- expire after a week without activity; their games stay). `seat_accounts` links the seat
-- a signed-in player took (the hash of its token, as `rooms` stores it) to the account;
-- each game records the accounts behind its two seats when it ends.

CREATE TABLE seat_accounts (
    seat_hash   TEXT PRIMARY KEY NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id)
);

CREATE TABLE games (
    id               TEXT PRIMARY KEY NOT NULL,
    room_code        TEXT NOT NULL,
    round            BIGINT NOT NULL,
    rules            TEXT NOT NULL,
    initial_ms       BIGINT,
    increment_ms     BIGINT,
    start_fen        TEXT NOT NULL,
    moves            TEXT NOT NULL,
    result           TEXT NOT NULL,
    reason           TEXT,
    status           TEXT NOT NULL,
    pgn              TEXT NOT NULL,
    red_name         TEXT,
    black_name       TEXT,
    red_seat_hash    TEXT,
    black_seat_hash  TEXT,
    red_account      TEXT,
    black_account    TEXT,
    computer_level   BIGINT,
    computer_color   TEXT,
    ended_at         BIGINT NOT NULL
);

CREATE INDEX games_red_account ON games (red_account, ended_at);
CREATE INDEX games_black_account ON games (black_account, ended_at);
CREATE INDEX games_room ON games (room_code, round);
