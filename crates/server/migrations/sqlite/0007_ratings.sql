-- Ratings (issue 28): Glicko-2, one rating per account and time category. A room created as
-- rated rates its games between two signed-in players; each rated game keeps both players'
-- ratings after it and their changes, and each player's rating after every rated game is
-- kept for the profile's graph.

ALTER TABLE rooms ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;

ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN red_rating REAL;
ALTER TABLE games ADD COLUMN red_change REAL;
ALTER TABLE games ADD COLUMN black_rating REAL;
ALTER TABLE games ADD COLUMN black_change REAL;

CREATE TABLE ratings (
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    category    TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    volatility  REAL NOT NULL,
    games       INTEGER NOT NULL,
    PRIMARY KEY (account_id, category)
);

CREATE INDEX ratings_board ON ratings (category, rating);

CREATE TABLE rating_history (
    account_id  TEXT NOT NULL,
    category    TEXT NOT NULL,
    game_id     TEXT NOT NULL,
    rating      REAL NOT NULL,
    deviation   REAL NOT NULL,
    at          INTEGER NOT NULL
);

CREATE INDEX rating_history_account ON rating_history (account_id, at);
