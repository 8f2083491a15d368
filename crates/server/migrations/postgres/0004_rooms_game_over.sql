-- Whether the current round of a room has ended (1) or is still to be played (0): the
-- schema of migrations/sqlite/0004 in PostgreSQL's types. Kept by the room with each event
-- it stores, so that GET /api/games can leave finished games out before it takes the most
-- recently active ones. Rooms stored before this column read as 0 (not known to be over):
-- their room is still asked, as before.

ALTER TABLE rooms ADD COLUMN game_over BIGINT NOT NULL DEFAULT 0;
CREATE INDEX rooms_watchable ON rooms (game_over, last_activity);
