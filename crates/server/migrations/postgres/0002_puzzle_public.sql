-- Puzzles the editor marks public are listed on /puzzles (GET /api/puzzles), newest first:
-- the schema of migrations/sqlite/0002 in PostgreSQL's types. Existing puzzles stay
-- unlisted (shared by link only).

ALTER TABLE puzzles ADD COLUMN public BIGINT NOT NULL DEFAULT 0;
CREATE INDEX puzzles_public ON puzzles (public, created_at);
