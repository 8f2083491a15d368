-- Quick pairing (issue 28): the seek pool, in the database so that seeks sent to different
-- nodes pair. A waiting seek is polled by its browser (`seen_at`); one not seen for a while
-- is gone with its tab and is neither paired nor kept. A paired seek holds its room and
-- its seat token until its browser collects them (then the row is deleted).

CREATE TABLE seeks (
    id            TEXT PRIMARY KEY NOT NULL,
    initial_ms    INTEGER NOT NULL,
    increment_ms  INTEGER NOT NULL,
    rated         INTEGER NOT NULL,
    account_id    TEXT,
    rating        REAL,
    created_at    INTEGER NOT NULL,
    seen_at       INTEGER NOT NULL,
    room_code     TEXT,
    seat_token    TEXT,
    color         TEXT
);

CREATE INDEX seeks_open ON seeks (initial_ms, increment_ms, rated, room_code, created_at);
