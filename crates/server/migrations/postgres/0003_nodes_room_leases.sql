-- Several nodes on one PostgreSQL (issue 14); SQLite serves one node and has no such tables.
-- Each running node renews its row in `nodes` (its id carries a random suffix per start, so a
-- restarted node is a new node); a room's lease names the node that owns it, and stays valid
-- while that node's row has not expired. Another node takes a room over once its owner's row
-- has lapsed. The event log's primary key still keeps two owners from storing the same event
-- number twice.

CREATE TABLE nodes (
    id          TEXT PRIMARY KEY NOT NULL,
    expires_at  BIGINT NOT NULL
);

CREATE TABLE room_leases (
    code  TEXT PRIMARY KEY NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
    node  TEXT NOT NULL
);

CREATE INDEX room_leases_node ON room_leases (node);
