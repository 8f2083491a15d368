-- The schema of migrations/sqlite/0005 in PostgreSQL's types. Optional accounts (issue 28)
-- and their server-side sessions. A name is unique ignoring
-- case (`name_key` is its lower-case form). Deleting an account keeps its row, with no
-- password hash and `deleted_at` set, so that its games keep pointing at it (shown as
-- "deleted player") and its name can neither sign in nor be taken again. A session is
-- stored only as the SHA-256 of its cookie's token.

CREATE TABLE accounts (
    id             TEXT PRIMARY KEY NOT NULL,
    name           TEXT NOT NULL,
    name_key       TEXT NOT NULL UNIQUE,
    password_hash  TEXT,
    created_at     BIGINT NOT NULL,
    deleted_at     BIGINT
);

CREATE TABLE sessions (
    token_hash  TEXT PRIMARY KEY NOT NULL,
    account_id  TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);
