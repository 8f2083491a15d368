-- The schema of migrations/sqlite/0007 in PostgreSQL's types. Ratings (issue 28): Glicko-2,
-- one rating per account and time category. A room created as
-- rated rates its games between two signed-in players; each rated game keeps both players'
-- ratings after it and their changes, and each player's rating after every rated game is
-- kept for the profile's graph.

ALTER TABLE rooms ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;

ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN red_rating DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN red_change DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_rating DOUBLE PRECISION;
ALTER TABLE games ADD COLUMN black_change DOUBLE PRECISION;

CREATE TABLE ratings (
    account_id  TEXT NOT NULL REFERENCES accounts (id),
    category    TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    volatility  DOUBLE PRECISION NOT NULL,
    games       BIGINT NOT NULL,
    PRIMARY KEY (account_id, category)
);

CREATE INDEX ratings_board ON ratings (category, rating);

CREATE TABLE rating_history (
    account_id  TEXT NOT NULL,
    category    TEXT NOT NULL,
    game_id     TEXT NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    deviation   DOUBLE PRECISION NOT NULL,
    at          BIGINT NOT NULL
);

CREATE INDEX rating_history_account ON rating_history (account_id, at);
