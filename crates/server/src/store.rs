//! All SQL of the server, and nothing else. Reads use a pool; writes go through one writer
//! task that commits whatever is waiting in a single transaction (group commit), so a busy
//! server pays one `fsync` for many moves and SQLite never sees two writers.
//!
//! The write-ahead log is on and `synchronous=FULL`: a write is durable when its
//! [`Store`] call returns, so a move is on disk before anyone is told about it.

use crate::ids::{PuzzleId, RoomCode, SeatHash};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, Row, SqliteConnection, SqlitePool};
use std::fmt;
use std::path::Path;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use xiangqi::Color;

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 512;

/// A storage failure (I/O, a full disk, a broken database); the change was not applied.
#[derive(Clone, Debug)]
pub struct StoreError(pub String);

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "storage: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError(e.to_string())
    }
}

impl From<StoreError> for crate::error::AppError {
    fn from(e: StoreError) -> crate::error::AppError {
        crate::error::AppError::Internal(e.to_string())
    }
}

/// A room as stored.
#[derive(Clone, Debug)]
pub struct RoomRow {
    /// The room's code.
    pub code: RoomCode,
    /// Rule-set name.
    pub rules: String,
    /// Initial time in milliseconds, or `None` when untimed.
    pub initial_ms: Option<i64>,
    /// Increment in milliseconds, or `None` when untimed.
    pub increment_ms: Option<i64>,
    /// Argon2 hash (PHC string) of the password, if any.
    pub password_hash: Option<String>,
    /// Listed in the lobby while waiting for a guest.
    pub public: bool,
    /// The FEN every round starts from.
    pub start_fen: String,
    /// The engine's level, if it holds a seat.
    pub computer_level: Option<i64>,
    /// The engine's colour (`red`/`black`), if it holds a seat.
    pub computer_color: Option<String>,
    /// Hash of Red's seat token.
    pub red_seat_hash: Option<String>,
    /// Hash of Black's seat token.
    pub black_seat_hash: Option<String>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// A lobby entry.
#[derive(Clone, Debug)]
pub struct LobbyRow {
    /// The room's code.
    pub code: String,
    /// Rule-set name.
    pub rules: String,
    /// Initial time in milliseconds, if timed.
    pub initial_ms: Option<i64>,
    /// Increment in milliseconds, if timed.
    pub increment_ms: Option<i64>,
    /// Whether a password is needed.
    pub has_password: bool,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// A puzzle as stored.
#[derive(Clone, Debug)]
pub struct PuzzleRow {
    /// The puzzle's id.
    pub id: PuzzleId,
    /// Its position.
    pub fen: String,
    /// Its title.
    pub title: String,
    /// The solution as a JSON array of ICCS moves, if given.
    pub solution: Option<String>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// A stored room event.
#[derive(Clone, Debug)]
pub struct EventRow {
    /// Its number in the room, from 1.
    pub v: i64,
    /// Its JSON.
    pub body: String,
}

enum WriteOp {
    InsertRoom(RoomRow),
    AppendEvent {
        code: RoomCode,
        v: i64,
        body: String,
        at: i64,
        seat: Option<(Color, SeatHash)>,
    },
    InsertPuzzle(PuzzleRow),
    DeleteIdleRooms {
        cutoff: i64,
    },
}

struct WriteJob {
    op: WriteOp,
    reply: oneshot::Sender<Result<u64, StoreError>>,
}

/// The database: a read pool and the writer task's queue.
#[derive(Clone)]
pub struct Store {
    pool: SqlitePool,
    writer: mpsc::Sender<WriteJob>,
}

fn options(path: &Path) -> SqliteConnectOptions {
    SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .synchronous(SqliteSynchronous::Full)
        .foreign_keys(true)
        .busy_timeout(Duration::from_secs(10))
}

impl Store {
    /// Opens (creating when missing) `data_dir/xiangqi.db`, applies the embedded migrations
    /// and starts the writer task.
    ///
    /// # Errors
    /// [`StoreError`] when the folder cannot be created or the database cannot be opened or
    /// migrated.
    pub async fn open(data_dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(data_dir)
            .map_err(|e| StoreError(format!("cannot create {}: {e}", data_dir.display())))?;
        let opts = options(&data_dir.join("xiangqi.db"));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(opts.clone())
            .await?;
        sqlx::migrate!("./migrations").run(&pool).await?;
        let conn = SqliteConnection::connect_with(&opts).await?;
        let (tx, rx) = mpsc::channel(4096);
        tokio::spawn(write_loop(conn, rx));
        Ok(Store { pool, writer: tx })
    }

    async fn write(&self, op: WriteOp) -> Result<u64, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.writer
            .send(WriteJob { op, reply })
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError("the writer has stopped".into()))?
    }

    /// Inserts a new room; returns false (and changes nothing) when its code is taken.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn insert_room(&self, room: RoomRow) -> Result<bool, StoreError> {
        Ok(self.write(WriteOp::InsertRoom(room)).await? == 1)
    }

    /// Appends event `v` of room `code` (and, for a guest joining, the seat's hash), and
    /// marks the room active at `at` (milliseconds since the Unix epoch).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure, or when the room no longer exists or event `v`
    /// is already stored.
    pub async fn append_event(
        &self,
        code: &RoomCode,
        v: u64,
        body: String,
        at: i64,
        seat: Option<(Color, SeatHash)>,
    ) -> Result<(), StoreError> {
        let v = i64::try_from(v).map_err(|_| StoreError("event number overflow".into()))?;
        self.write(WriteOp::AppendEvent {
            code: code.clone(),
            v,
            body,
            at,
            seat,
        })
        .await
        .map(|_| ())
    }

    /// Inserts a puzzle; returns false when its id is taken.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn insert_puzzle(&self, puzzle: PuzzleRow) -> Result<bool, StoreError> {
        Ok(self.write(WriteOp::InsertPuzzle(puzzle)).await? == 1)
    }

    /// Deletes the rooms (and their events) with no activity since `cutoff` (milliseconds
    /// since the Unix epoch); returns how many went.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn delete_idle_rooms(&self, cutoff: i64) -> Result<u64, StoreError> {
        self.write(WriteOp::DeleteIdleRooms { cutoff }).await
    }

    /// Returns the room `code`, if it exists.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn room(&self, code: &RoomCode) -> Result<Option<RoomRow>, StoreError> {
        let row = sqlx::query(
            "SELECT code, rules, initial_ms, increment_ms, password_hash, public, start_fen, \
             computer_level, computer_color, red_seat_hash, black_seat_hash, created_at \
             FROM rooms WHERE code = ?",
        )
        .bind(code.as_str())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(RoomRow {
            code: code.clone(),
            rules: row.try_get("rules")?,
            initial_ms: row.try_get("initial_ms")?,
            increment_ms: row.try_get("increment_ms")?,
            password_hash: row.try_get("password_hash")?,
            public: row.try_get::<i64, _>("public")? != 0,
            start_fen: row.try_get("start_fen")?,
            computer_level: row.try_get("computer_level")?,
            computer_color: row.try_get("computer_color")?,
            red_seat_hash: row.try_get("red_seat_hash")?,
            black_seat_hash: row.try_get("black_seat_hash")?,
            created_at: row.try_get("created_at")?,
        }))
    }

    /// Returns the events of room `code` in order.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn events(&self, code: &RoomCode) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query("SELECT v, body FROM events WHERE room_code = ? ORDER BY v")
            .bind(code.as_str())
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    v: r.try_get("v")?,
                    body: r.try_get("body")?,
                })
            })
            .collect()
    }

    /// Returns up to `limit` public rooms whose Black seat is free, newest first.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn lobby(&self, limit: i64) -> Result<Vec<LobbyRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, rules, initial_ms, increment_ms, password_hash IS NOT NULL AS has_password, \
             created_at FROM rooms \
             WHERE public = 1 AND black_seat_hash IS NULL AND computer_level IS NULL \
             ORDER BY created_at DESC LIMIT ?",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(LobbyRow {
                    code: r.try_get("code")?,
                    rules: r.try_get("rules")?,
                    initial_ms: r.try_get("initial_ms")?,
                    increment_ms: r.try_get("increment_ms")?,
                    has_password: r.try_get::<i64, _>("has_password")? != 0,
                    created_at: r.try_get("created_at")?,
                })
            })
            .collect()
    }

    /// Returns the codes of timed rooms, whose clocks must run again after a restart.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn timed_rooms(&self) -> Result<Vec<RoomCode>, StoreError> {
        let rows = sqlx::query("SELECT code FROM rooms WHERE initial_ms IS NOT NULL")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .filter_map(|r| r.try_get::<String, _>("code").ok())
            .filter_map(|c| RoomCode::parse(&c))
            .collect())
    }

    /// Returns the puzzle `id`, if it exists.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn puzzle(&self, id: &PuzzleId) -> Result<Option<PuzzleRow>, StoreError> {
        let row = sqlx::query("SELECT fen, title, solution, created_at FROM puzzles WHERE id = ?")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(PuzzleRow {
            id: id.clone(),
            fen: row.try_get("fen")?,
            title: row.try_get("title")?,
            solution: row.try_get("solution")?,
            created_at: row.try_get("created_at")?,
        }))
    }
}

/// Commits waiting writes in batches until every [`Store`] handle is gone.
async fn write_loop(mut conn: SqliteConnection, mut rx: mpsc::Receiver<WriteJob>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let results = commit_batch(&mut conn, &batch).await;
        for (job, result) in batch.drain(..).zip(results) {
            // The caller may have gone away (a closed connection); the write stands anyway.
            let _ = job.reply.send(result);
        }
    }
}

/// Runs every job in one transaction; returns each job's result. When the commit fails,
/// every job fails.
async fn commit_batch(
    conn: &mut SqliteConnection,
    batch: &[WriteJob],
) -> Vec<Result<u64, StoreError>> {
    if let Err(e) = sqlx::query("BEGIN IMMEDIATE").execute(&mut *conn).await {
        let e = StoreError::from(e);
        return batch.iter().map(|_| Err(e.clone())).collect();
    }
    let mut results = Vec::with_capacity(batch.len());
    for job in batch {
        results.push(run_op_whole(conn, &job.op).await);
    }
    if let Err(e) = sqlx::query("COMMIT").execute(&mut *conn).await {
        let e = StoreError::from(e);
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        return batch.iter().map(|_| Err(e.clone())).collect();
    }
    results
}

/// Runs one write inside the open transaction, in a savepoint of its own: when any of its
/// statements fails, all of them are undone (an event's seat `UPDATE` with its `INSERT`) and
/// the rest of the batch goes on.
async fn run_op_whole(conn: &mut SqliteConnection, op: &WriteOp) -> Result<u64, StoreError> {
    sqlx::query("SAVEPOINT op").execute(&mut *conn).await?;
    match run_op(conn, op).await {
        Ok(n) => {
            sqlx::query("RELEASE op").execute(&mut *conn).await?;
            Ok(n)
        }
        Err(e) => {
            // ROLLBACK TO undoes the op's statements and keeps the savepoint; RELEASE ends it.
            let undone = sqlx::query("ROLLBACK TO op").execute(&mut *conn).await;
            let released = sqlx::query("RELEASE op").execute(&mut *conn).await;
            if let Err(u) = undone.and(released) {
                tracing::error!(error = %u, "a failed write could not be undone");
            }
            Err(e)
        }
    }
}

/// Runs the statements of one write (see [`run_op_whole`]).
async fn run_op(conn: &mut SqliteConnection, op: &WriteOp) -> Result<u64, StoreError> {
    match op {
        WriteOp::InsertRoom(r) => Ok(sqlx::query(
            "INSERT OR IGNORE INTO rooms (code, rules, initial_ms, increment_ms, password_hash, \
             public, start_fen, computer_level, computer_color, red_seat_hash, black_seat_hash, \
             created_at, last_activity) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(r.code.as_str())
        .bind(&r.rules)
        .bind(r.initial_ms)
        .bind(r.increment_ms)
        .bind(&r.password_hash)
        .bind(i64::from(r.public))
        .bind(&r.start_fen)
        .bind(r.computer_level)
        .bind(&r.computer_color)
        .bind(&r.red_seat_hash)
        .bind(&r.black_seat_hash)
        .bind(r.created_at)
        .bind(r.created_at)
        .execute(&mut *conn)
        .await?
        .rows_affected()),
        WriteOp::AppendEvent {
            code,
            v,
            body,
            at,
            seat,
        } => {
            let updated = match seat {
                Some((Color::Red, hash)) => sqlx::query(
                    "UPDATE rooms SET last_activity = ?, red_seat_hash = ? WHERE code = ?",
                )
                .bind(at)
                .bind(&hash.0),
                Some((Color::Black, hash)) => sqlx::query(
                    "UPDATE rooms SET last_activity = ?, black_seat_hash = ? WHERE code = ?",
                )
                .bind(at)
                .bind(&hash.0),
                None => sqlx::query("UPDATE rooms SET last_activity = ? WHERE code = ?").bind(at),
            }
            .bind(code.as_str())
            .execute(&mut *conn)
            .await?
            .rows_affected();
            if updated == 0 {
                return Err(StoreError(format!("room {code} no longer exists")));
            }
            Ok(
                sqlx::query("INSERT INTO events (room_code, v, body, at) VALUES (?, ?, ?, ?)")
                    .bind(code.as_str())
                    .bind(v)
                    .bind(body)
                    .bind(at)
                    .execute(&mut *conn)
                    .await?
                    .rows_affected(),
            )
        }
        WriteOp::InsertPuzzle(p) => Ok(sqlx::query(
            "INSERT OR IGNORE INTO puzzles (id, fen, title, solution, created_at) \
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(p.id.as_str())
        .bind(&p.fen)
        .bind(&p.title)
        .bind(&p.solution)
        .bind(p.created_at)
        .execute(&mut *conn)
        .await?
        .rows_affected()),
        WriteOp::DeleteIdleRooms { cutoff } => {
            sqlx::query(
                "DELETE FROM events WHERE room_code IN \
                 (SELECT code FROM rooms WHERE last_activity < ?)",
            )
            .bind(cutoff)
            .execute(&mut *conn)
            .await?;
            Ok(sqlx::query("DELETE FROM rooms WHERE last_activity < ?")
                .bind(cutoff)
                .execute(&mut *conn)
                .await?
                .rows_affected())
        }
    }
}

/// Returns an untimed room at the start position with Red's seat taken (`red`), for tests.
#[cfg(test)]
pub(crate) fn test_room(code: &RoomCode) -> RoomRow {
    RoomRow {
        code: code.clone(),
        rules: "wxf-2018".into(),
        initial_ms: None,
        increment_ms: None,
        password_hash: None,
        public: false,
        start_fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1".into(),
        computer_level: None,
        computer_color: None,
        red_seat_hash: Some("red".into()),
        black_seat_hash: None,
        created_at: 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_failed_event_insert_leaves_the_seat_unchanged() {
        let dir = tempfile::tempdir().expect("temp dir");
        let store = Store::open(dir.path()).await.expect("store");
        let code = RoomCode::random();
        assert!(store.insert_room(test_room(&code)).await.expect("insert"));
        store
            .append_event(&code, 1, "{}".into(), 2, None)
            .await
            .expect("event 1");
        // Event 1 again: its INSERT fails on the primary key after the seat UPDATE ran.
        let seat = (Color::Black, SeatHash("guest".into()));
        let again = store
            .append_event(&code, 1, "{}".into(), 3, Some(seat))
            .await;
        assert!(again.is_err(), "a duplicate event is refused");
        let row = store.room(&code).await.expect("read").expect("room");
        assert_eq!(
            row.black_seat_hash, None,
            "the seat must not be taken by an event that was not stored"
        );
        // The writer goes on: the next event and its seat are stored together.
        let seat = (Color::Black, SeatHash("guest".into()));
        store
            .append_event(&code, 2, "{}".into(), 4, Some(seat))
            .await
            .expect("event 2");
        let row = store.room(&code).await.expect("read").expect("room");
        assert_eq!(row.black_seat_hash.as_deref(), Some("guest"));
        assert_eq!(store.events(&code).await.expect("events").len(), 2);
    }
}
