//! All SQL of the server, and nothing else. Reads use a pool; writes go through one writer
//! task that commits whatever is waiting in a single transaction (group commit), so a busy
//! server pays one `fsync` for many moves and SQLite never sees two writers.
//!
//! The database is SQLite (the default, see [`Database`]) or PostgreSQL; the statements are
//! the same for both. A write is durable when its [`Store`] call returns (SQLite: the
//! write-ahead log with `synchronous=FULL`; PostgreSQL: its commit), so a move is stored
//! before anyone is told about it.

mod accounts;
mod columns;
mod database;
mod games;
mod lease;
mod migrations;
mod seeks;

pub use accounts::{AccountRow, NewSession};
pub use database::{Database, DatabaseUrlError};
pub use games::{BoardRow, FinishedGame, GamePlayer, GameRow, HistoryRow, RatingRow, Results};
pub use lease::Owner;
pub use seeks::SeekRow;

use crate::ids::{PuzzleId, RoomCode, SeatHash};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, AnyPool, Row};
use std::fmt;
use std::path::Path;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use xiangqi::game::RuleSet;
use xiangqi::{Color, Position, TimeControl};
use xiangqi_view::protocol::ComputerSeat;

/// Most writes committed in one transaction.
const MAX_BATCH: usize = 512;
/// Most reading connections.
const MAX_READERS: u32 = 4;
/// How long a read or a batch of writes waits for a connection before it fails (while the
/// database is unreachable, requests fail after this instead of hanging).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(2);
/// How long start-up waits to reach the database and migrate it.
const START_TIMEOUT: Duration = Duration::from_secs(30);

/// A storage failure; the change was not applied.
#[derive(Clone, Debug)]
pub enum StoreError {
    /// The database failed (I/O, a full disk, a broken file, a refused statement), or the
    /// store cannot serve now (its writer stopped, the server is stopping); the text says
    /// what.
    Failed(String),
    /// A stored value does not read back (a corrupt or hand-edited database): which room,
    /// which column, what it holds and what was expected.
    Corrupt(CorruptColumn),
}

/// A column of a stored room whose value does not read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorruptColumn {
    /// The room whose row holds it.
    pub room: String,
    /// The column's name (`rules`, `computer_color`, …).
    pub column: &'static str,
    /// The value found, as SQL would write it (`NULL`, `-5`, `'green'`).
    pub found: String,
    /// What a valid value is, in words.
    pub expected: &'static str,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Failed(why) => write!(f, "storage: {why}"),
            StoreError::Corrupt(c) => write!(
                f,
                "storage: room {}: column {} holds {}; expected {}",
                c.room, c.column, c.found, c.expected
            ),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Failed(e.to_string())
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Failed(e.to_string())
    }
}

impl From<StoreError> for crate::error::AppError {
    fn from(e: StoreError) -> crate::error::AppError {
        crate::error::AppError::Internal(e.to_string())
    }
}

/// A room as stored, each value typed: reading a row checks every column (see
/// [`StoreError::Corrupt`]).
#[derive(Clone, Debug)]
pub struct RoomRow {
    /// The room's code.
    pub code: RoomCode,
    /// The rule set of every round (column `rules`).
    pub rules: RuleSet,
    /// The time control, `None` when untimed (columns `initial_ms`, `increment_ms`).
    pub time_control: Option<TimeControl>,
    /// Argon2 hash (PHC string) of the password, if any.
    pub password_hash: Option<String>,
    /// Listed in the lobby while waiting for a guest.
    pub public: bool,
    /// The position every round starts from (column `start_fen`).
    pub start: Position,
    /// The engine's seat in round 1, if it holds one (columns `computer_level`,
    /// `computer_color`).
    pub computer: Option<ComputerSeat>,
    /// Its games between two signed-in players are rated (column `rated`).
    pub rated: bool,
    /// Hash of the seat token that played Red in round 1.
    pub red_seat_hash: Option<String>,
    /// Hash of the seat token that played Black in round 1.
    pub black_seat_hash: Option<String>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
}

/// A lobby entry, typed as [`RoomRow`] is.
#[derive(Clone, Debug)]
pub struct LobbyRow {
    /// The room's code.
    pub code: RoomCode,
    /// The rule set.
    pub rules: RuleSet,
    /// The time control, `None` when untimed.
    pub time_control: Option<TimeControl>,
    /// Whether a password is needed.
    pub has_password: bool,
    /// Whether its games between two signed-in players are rated (issue 28).
    pub rated: bool,
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
    /// Whether it is listed on `/puzzles` (its author marked it public).
    pub public: bool,
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
    /// Boxed: a row holds a whole position.
    InsertRoom(Box<RoomRow>),
    AppendEvent {
        code: RoomCode,
        v: i64,
        body: String,
        at: i64,
        seat: Option<(Color, SeatHash)>,
        round: RoundAfter,
    },
    InsertPuzzle(PuzzleRow),
    LinkSeat {
        seat: SeatHash,
        account: crate::ids::AccountId,
    },
    DeleteIdleRooms {
        cutoff: i64,
    },
    Account(accounts::AccountOp),
    Seek(seeks::SeekOp),
}

struct WriteJob {
    op: WriteOp,
    reply: oneshot::Sender<Result<u64, StoreError>>,
}

/// Where a room's current round stands once an event applies (the store keeps whether it
/// is over with the room, and the record of a game with the event that ends it).
#[derive(Clone, Debug)]
pub enum RoundAfter {
    /// The round goes on (or a new one starts).
    Going,
    /// The round was over already and stays so (a chat line after the end).
    Over,
    /// This event ends the round: here is the finished game's record.
    Ended(Box<FinishedGame>),
}

impl RoundAfter {
    fn is_over(&self) -> bool {
        !matches!(self, RoundAfter::Going)
    }
}

/// A query of either backend, its arguments bound.
type AnyQuery<'q> = sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>;

/// The database: a read pool and the writer task's queue.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    writer: mpsc::Sender<WriteJob>,
}

impl Store {
    /// Opens (creating when missing) `data_dir/xiangqi.db`, applies the embedded migrations
    /// and starts the writer task.
    ///
    /// # Errors
    /// [`StoreError`] when the folder cannot be created or the database cannot be opened or
    /// migrated.
    pub async fn open(data_dir: &Path) -> Result<Store, StoreError> {
        Store::connect(&Database::in_folder(data_dir)).await
    }

    /// Opens `database` (an SQLite file is created when missing), applies the embedded
    /// migrations of its backend (waiting up to 30 s for the database) and starts the
    /// writer task. The writer holds one connection from a pool of its own, so a
    /// connection lost to a database restart is replaced at the next batch; reads and
    /// writes wait at most 2 s for a connection.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached, opened or migrated within 30 s.
    pub async fn connect(database: &Database) -> Result<Store, StoreError> {
        database.migrate(START_TIMEOUT).await?;
        let pool = database.pool(MAX_READERS, ACQUIRE_TIMEOUT)?;
        let writer_pool = database.pool(1, ACQUIRE_TIMEOUT)?;
        let (tx, rx) = mpsc::channel(4096);
        tokio::spawn(write_loop(writer_pool, database.begin(), rx));
        Ok(Store { pool, writer: tx })
    }

    /// Runs `query`, which selects at most one row, on the read pool and reads that row
    /// with `read`: `None` when it selected none.
    async fn optional_row<T>(
        &self,
        query: AnyQuery<'_>,
        read: fn(&AnyRow) -> Result<T, StoreError>,
    ) -> Result<Option<T>, StoreError> {
        let row = query.fetch_optional(&self.pool).await?;
        row.as_ref().map(read).transpose()
    }

    async fn write(&self, op: WriteOp) -> Result<u64, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.writer
            .send(WriteJob { op, reply })
            .await
            .map_err(|_| StoreError::Failed("the writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Failed("the writer has stopped".into()))?
    }

    /// Inserts a new room; returns false (and changes nothing) when its code is taken.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn insert_room(&self, room: RoomRow) -> Result<bool, StoreError> {
        Ok(self.write(WriteOp::InsertRoom(Box::new(room))).await? == 1)
    }

    /// Appends event `v` of room `code` (and, for a guest joining, the seat's hash under the
    /// colour that seat played in round 1: its column), marks the room active at `at`
    /// (milliseconds since the Unix epoch) and records whether its current round is over
    /// once the event applies (`round`: see [`Store::watchable`]); an event that ends the
    /// round stores the finished game's record with it, in the same transaction.
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
        round: RoundAfter,
    ) -> Result<(), StoreError> {
        let v = i64::try_from(v).map_err(|_| StoreError::Failed("event number overflow".into()))?;
        self.write(WriteOp::AppendEvent {
            code: code.clone(),
            v,
            body,
            at,
            seat,
            round,
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
             computer_level, computer_color, red_seat_hash, black_seat_hash, created_at, rated \
             FROM rooms WHERE code = $1",
        )
        .bind(code.as_str())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        let room = code.as_str();
        let (initial_ms, increment_ms) = (row.try_get("initial_ms")?, row.try_get("increment_ms")?);
        let level = row.try_get("computer_level")?;
        let color: Option<String> = row.try_get("computer_color")?;
        Ok(Some(RoomRow {
            code: code.clone(),
            rules: columns::rules(room, &row.try_get::<String, _>("rules")?)?,
            time_control: columns::time_control(room, initial_ms, increment_ms)?,
            password_hash: row.try_get("password_hash")?,
            public: row.try_get::<i64, _>("public")? != 0,
            start: columns::start(room, &row.try_get::<String, _>("start_fen")?)?,
            computer: columns::computer(room, level, color.as_deref())?,
            rated: row.try_get::<i64, _>("rated")? != 0,
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
        let rows = sqlx::query("SELECT v, body FROM events WHERE room_code = $1 ORDER BY v")
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

    /// Returns the number of the last stored event of room `code` (0: none, or no such room).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn last_event(&self, code: &RoomCode) -> Result<u64, StoreError> {
        let row = sqlx::query("SELECT MAX(v) AS v FROM events WHERE room_code = $1")
            .bind(code.as_str())
            .fetch_one(&self.pool)
            .await?;
        let v: Option<i64> = row.try_get("v")?;
        Ok(v.and_then(|v| u64::try_from(v).ok()).unwrap_or(0))
    }

    /// Returns up to `limit` public rooms whose Black seat is free, newest first. A row that
    /// does not read back is logged and left out, so one corrupt room does not take the
    /// lobby down.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn lobby(&self, limit: i64) -> Result<Vec<LobbyRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, rules, initial_ms, increment_ms, CAST(CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END AS BIGINT) \
             AS has_password, rated, created_at FROM rooms \
             WHERE public = 1 AND black_seat_hash IS NULL AND computer_level IS NULL \
             ORDER BY created_at DESC LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        lobby_rows(&rows, "the lobby")
    }

    /// Returns up to `limit` public rooms without a password or the engine whose two seats
    /// are taken, whose current round is not over and that saw activity at or after
    /// `since_ms` (milliseconds since the Unix epoch), most recently active first: the games
    /// that may be worth watching. Finished games are left out before the limit is taken,
    /// so newer finished rooms never hide older live ones; whether each listed game is still
    /// going on is for its room to confirm (rooms stored before the `game_over` column read
    /// as not over). Rows that do not read back are logged and left out, as in
    /// [`Store::lobby`].
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn watchable(&self, limit: i64, since_ms: i64) -> Result<Vec<LobbyRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT code, rules, initial_ms, increment_ms, CAST(CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END AS BIGINT) \
             AS has_password, rated, created_at FROM rooms \
             WHERE public = 1 AND password_hash IS NULL AND computer_level IS NULL \
             AND red_seat_hash IS NOT NULL AND black_seat_hash IS NOT NULL \
             AND game_over = 0 AND last_activity >= $1 ORDER BY last_activity DESC LIMIT $2",
        )
        .bind(since_ms)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        lobby_rows(&rows, "the games to watch")
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
        let row = sqlx::query(
            "SELECT fen, title, solution, public, created_at FROM puzzles WHERE id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some(PuzzleRow {
            id: id.clone(),
            fen: row.try_get("fen")?,
            title: row.try_get("title")?,
            solution: row.try_get("solution")?,
            public: row.try_get::<i64, _>("public")? != 0,
            created_at: row.try_get("created_at")?,
        }))
    }

    /// Returns up to `limit` public puzzles, newest first (by creation time, then id
    /// descending), after the puzzle `after` of an earlier page (its creation time in
    /// milliseconds since the Unix epoch and its id; `None`: from the newest). A row whose id
    /// is not a puzzle id is logged and skipped.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn public_puzzles(
        &self,
        after: Option<(i64, PuzzleId)>,
        limit: u32,
    ) -> Result<Vec<PuzzleRow>, StoreError> {
        let (at, after_id) = match &after {
            Some((at, id)) => (*at, id.as_str()),
            None => (i64::MAX, ""),
        };
        let rows = sqlx::query(
            "SELECT id, fen, title, solution, created_at FROM puzzles \
             WHERE public = 1 AND (created_at < $1 OR (created_at = $1 AND id < $2)) \
             ORDER BY created_at DESC, id DESC LIMIT $3",
        )
        .bind(at)
        .bind(after_id)
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        let mut out = Vec::with_capacity(rows.len());
        for row in &rows {
            let id: String = row.try_get("id")?;
            let Some(id) = PuzzleId::parse(&id) else {
                tracing::warn!(id, "public puzzle with a malformed id left out of the list");
                continue;
            };
            out.push(PuzzleRow {
                id,
                fen: row.try_get("fen")?,
                title: row.try_get("title")?,
                solution: row.try_get("solution")?,
                public: true,
                created_at: row.try_get("created_at")?,
            });
        }
        Ok(out)
    }
}

/// Reads the rows of a lobby-shaped query; a corrupt one is logged (as left out of `list`)
/// and skipped.
///
/// # Errors
/// [`StoreError::Failed`] when a column is missing or of another type.
fn lobby_rows(rows: &[AnyRow], list: &str) -> Result<Vec<LobbyRow>, StoreError> {
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        match lobby_row(r) {
            Ok(row) => out.push(row),
            Err(StoreError::Corrupt(c)) => {
                let e = StoreError::Corrupt(c);
                tracing::error!(error = %e, "room left out of {list}");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(out)
}

/// Reads one row of the lobby query.
///
/// # Errors
/// [`StoreError::Corrupt`] when a value does not read back; [`StoreError::Failed`] when a
/// column is missing or of another type.
fn lobby_row(r: &AnyRow) -> Result<LobbyRow, StoreError> {
    let text: String = r.try_get("code")?;
    let code = RoomCode::parse(&text)
        .ok_or_else(|| columns::corrupt(&text, "code", format!("'{text}'"), "a room code"))?;
    let room = code.as_str();
    let (initial_ms, increment_ms) = (r.try_get("initial_ms")?, r.try_get("increment_ms")?);
    Ok(LobbyRow {
        rules: columns::rules(room, &r.try_get::<String, _>("rules")?)?,
        time_control: columns::time_control(room, initial_ms, increment_ms)?,
        has_password: r.try_get::<i64, _>("has_password")? != 0,
        rated: r.try_get::<i64, _>("rated")? != 0,
        created_at: r.try_get("created_at")?,
        code,
    })
}

/// Commits waiting writes in batches until every [`Store`] handle is gone. Each batch
/// takes the one connection of `pool` (a new one when the last was lost) and opens its
/// transaction with `begin`.
async fn write_loop(pool: AnyPool, begin: &'static str, mut rx: mpsc::Receiver<WriteJob>) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while rx.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let results = match pool.acquire().await {
            Ok(mut conn) => commit_batch(&mut conn, begin, &batch).await,
            Err(e) => {
                let e = StoreError::from(e);
                batch.iter().map(|_| Err(e.clone())).collect()
            }
        };
        for (job, result) in batch.drain(..).zip(results) {
            // The caller may have gone away (a closed connection); the write stands anyway.
            let _ = job.reply.send(result);
        }
    }
}

/// Runs every job in one transaction opened by `begin`; returns each job's result. When
/// the commit fails, every job fails and nothing of the batch is stored.
async fn commit_batch(
    conn: &mut AnyConnection,
    begin: &str,
    batch: &[WriteJob],
) -> Vec<Result<u64, StoreError>> {
    if let Err(e) = sqlx::query(begin).execute(&mut *conn).await {
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
async fn run_op_whole(conn: &mut AnyConnection, op: &WriteOp) -> Result<u64, StoreError> {
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
async fn run_op(conn: &mut AnyConnection, op: &WriteOp) -> Result<u64, StoreError> {
    match op {
        WriteOp::InsertRoom(r) => insert_room_row(conn, r).await,
        WriteOp::AppendEvent {
            code,
            v,
            body,
            at,
            seat,
            round,
        } => {
            let stored =
                append_event_rows(conn, code, *v, body, *at, seat.as_ref(), round.is_over())
                    .await?;
            if let RoundAfter::Ended(game) = round {
                games::insert_game(conn, game).await?;
            }
            Ok(stored)
        }
        WriteOp::LinkSeat { seat, account } => games::link_seat_row(conn, seat, account).await,
        WriteOp::InsertPuzzle(p) => Ok(sqlx::query(
            "INSERT INTO puzzles (id, fen, title, solution, public, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
        )
        .bind(p.id.as_str())
        .bind(&p.fen)
        .bind(&p.title)
        .bind(&p.solution)
        .bind(i64::from(p.public))
        .bind(p.created_at)
        .execute(&mut *conn)
        .await?
        .rows_affected()),
        WriteOp::Account(op) => accounts::run(conn, op).await,
        WriteOp::Seek(op) => seeks::run(conn, op).await,
        WriteOp::DeleteIdleRooms { cutoff } => {
            sqlx::query(
                "DELETE FROM events WHERE room_code IN \
                 (SELECT code FROM rooms WHERE last_activity < $1)",
            )
            .bind(cutoff)
            .execute(&mut *conn)
            .await?;
            Ok(sqlx::query("DELETE FROM rooms WHERE last_activity < $1")
                .bind(cutoff)
                .execute(&mut *conn)
                .await?
                .rows_affected())
        }
    }
}

/// Inserts room `r` (nothing when its code is taken); returns the rows inserted.
async fn insert_room_row(conn: &mut AnyConnection, r: &RoomRow) -> Result<u64, StoreError> {
    let (initial_ms, increment_ms) = columns::time_control_columns(r.time_control)?;
    let (level, color) = columns::computer_columns(r.computer);
    Ok(sqlx::query(
        "INSERT INTO rooms (code, rules, initial_ms, increment_ms, \
             password_hash, public, start_fen, computer_level, computer_color, \
             red_seat_hash, black_seat_hash, created_at, last_activity, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) \
             ON CONFLICT DO NOTHING",
    )
    .bind(r.code.as_str())
    .bind(r.rules.name())
    .bind(initial_ms)
    .bind(increment_ms)
    .bind(&r.password_hash)
    .bind(i64::from(r.public))
    .bind(r.start.fen())
    .bind(level)
    .bind(color)
    .bind(&r.red_seat_hash)
    .bind(&r.black_seat_hash)
    .bind(r.created_at)
    .bind(r.created_at)
    .bind(i64::from(r.rated))
    .execute(&mut *conn)
    .await?
    .rows_affected())
}

/// Marks room `code` active at `at` with whether its round is `game_over` (and `seat`'s
/// hash under its colour), then inserts event `v`; returns the rows inserted.
async fn append_event_rows(
    conn: &mut AnyConnection,
    code: &RoomCode,
    v: i64,
    body: &str,
    at: i64,
    seat: Option<&(Color, SeatHash)>,
    game_over: bool,
) -> Result<u64, StoreError> {
    let over = i64::from(game_over);
    let updated = match seat {
        Some((Color::Red, hash)) => sqlx::query(
            "UPDATE rooms SET last_activity = $1, game_over = $2, red_seat_hash = $3 \
                 WHERE code = $4",
        )
        .bind(at)
        .bind(over)
        .bind(&hash.0),
        Some((Color::Black, hash)) => sqlx::query(
            "UPDATE rooms SET last_activity = $1, game_over = $2, black_seat_hash = $3 \
                 WHERE code = $4",
        )
        .bind(at)
        .bind(over)
        .bind(&hash.0),
        None => sqlx::query("UPDATE rooms SET last_activity = $1, game_over = $2 WHERE code = $3")
            .bind(at)
            .bind(over),
    }
    .bind(code.as_str())
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated == 0 {
        return Err(StoreError::Failed(format!("room {code} no longer exists")));
    }
    Ok(
        sqlx::query("INSERT INTO events (room_code, v, body, at) VALUES ($1, $2, $3, $4)")
            .bind(code.as_str())
            .bind(v)
            .bind(body)
            .bind(at)
            .execute(&mut *conn)
            .await?
            .rows_affected(),
    )
}

/// Returns an untimed room at the start position with Red's seat taken (`red`), for tests.
#[cfg(test)]
pub(crate) fn test_room(code: &RoomCode) -> RoomRow {
    RoomRow {
        code: code.clone(),
        rules: RuleSet::Wxf2018,
        time_control: None,
        password_hash: None,
        public: false,
        start: Position::start(),
        computer: None,
        rated: false,
        red_seat_hash: Some("red".into()),
        black_seat_hash: None,
        created_at: 1,
    }
}

/// The PostgreSQL server the tests also run against, as an admin URL
/// (`postgres://USER@HOST:PORT/postgres`), when set; `scripts/cluster-test` sets it.
#[cfg(test)]
pub(crate) const TEST_POSTGRES_ENV: &str = "XIANGQI_TEST_POSTGRES_URL";

/// Returns a fresh store on each backend the tests can reach: an SQLite file in a new
/// temporary folder (returned with it, deleted when dropped), and, when
/// [`TEST_POSTGRES_ENV`] names a server, a new PostgreSQL database on it.
#[cfg(test)]
pub(crate) async fn test_stores() -> Vec<(Store, Option<tempfile::TempDir>)> {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut stores = vec![(
        Store::open(dir.path()).await.expect("sqlite store"),
        Some(dir),
    )];
    if let Ok(admin) = std::env::var(TEST_POSTGRES_ENV) {
        let url = fresh_postgres_database(&admin).await;
        let db: Database = url.parse().expect("postgres URL");
        stores.push((Store::connect(&db).await.expect("postgres store"), None));
    }
    stores
}

/// Creates a database with a random name on the server of `admin_url`; returns its URL.
#[cfg(test)]
pub(crate) async fn fresh_postgres_database(admin_url: &str) -> String {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let name = format!("xq_test_{}", PuzzleId::random().as_str().to_lowercase());
    let mut admin = AnyConnection::connect(admin_url)
        .await
        .expect("admin connection");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("create database");
    let mut url = url::Url::parse(admin_url).expect("admin URL");
    url.set_path(&name);
    url.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_failed_event_insert_leaves_the_seat_unchanged() {
        for (store, _dir) in test_stores().await {
            failed_event_insert_leaves_the_seat_unchanged(store).await;
        }
    }

    async fn failed_event_insert_leaves_the_seat_unchanged(store: Store) {
        let code = RoomCode::random();
        assert!(store.insert_room(test_room(&code)).await.expect("insert"));
        store
            .append_event(&code, 1, "{}".into(), 2, None, RoundAfter::Going)
            .await
            .expect("event 1");
        // Event 1 again: its INSERT fails on the primary key after the seat UPDATE ran.
        let seat = (Color::Black, SeatHash("guest".into()));
        let again = store
            .append_event(&code, 1, "{}".into(), 3, Some(seat), RoundAfter::Going)
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
            .append_event(&code, 2, "{}".into(), 4, Some(seat), RoundAfter::Going)
            .await
            .expect("event 2");
        let row = store.room(&code).await.expect("read").expect("room");
        assert_eq!(row.black_seat_hash.as_deref(), Some("guest"));
        assert_eq!(store.events(&code).await.expect("events").len(), 2);
        assert_eq!(store.last_event(&code).await.expect("last"), 2);
        let none = RoomCode::random();
        assert_eq!(store.last_event(&none).await.expect("last"), 0);
    }

    #[tokio::test]
    async fn a_typed_room_row_reads_back_as_it_was_written() {
        for (store, _dir) in test_stores().await {
            typed_room_row_reads_back_as_it_was_written(store).await;
        }
    }

    async fn typed_room_row_reads_back_as_it_was_written(store: Store) {
        let code = RoomCode::random();
        let row = RoomRow {
            rules: RuleSet::Casual,
            time_control: Some(TimeControl::from_secs(300, 3).expect("valid")),
            start: Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w").expect("legal"),
            computer: Some(ComputerSeat {
                level: 4,
                color: xiangqi_view::Side::Black,
            }),
            public: true,
            password_hash: Some("$argon2id$hash".into()),
            ..test_room(&code)
        };
        assert!(store.insert_room(row.clone()).await.expect("insert"));
        let back = store.room(&code).await.expect("read").expect("room");
        assert_eq!(back.rules, row.rules);
        assert_eq!(back.time_control, row.time_control);
        assert_eq!(back.start.fen(), row.start.fen());
        assert_eq!(back.computer, row.computer);
        assert_eq!(back.public, row.public);
        assert_eq!(back.password_hash, row.password_hash);
        assert_eq!(back.red_seat_hash, row.red_seat_hash);
        assert_eq!(back.created_at, row.created_at);
        // The untimed room without an engine reads back as such.
        let plain = RoomCode::random();
        assert!(store.insert_room(test_room(&plain)).await.expect("insert"));
        let back = store.room(&plain).await.expect("read").expect("room");
        assert_eq!((back.time_control, back.computer), (None, None));
        assert_eq!(back.rules, RuleSet::Wxf2018);
    }

    #[tokio::test]
    async fn a_corrupt_column_gives_an_error_naming_the_room_and_the_column() {
        for (store, _dir) in test_stores().await {
            corrupt_column_gives_an_error_naming_the_room_and_the_column(store).await;
        }
    }

    async fn corrupt_column_gives_an_error_naming_the_room_and_the_column(store: Store) {
        let cases = [
            ("rules = 'chess'", "rules", "'chess'"),
            (
                "computer_level = 3, computer_color = 'green'",
                "computer_color",
                "'green'",
            ),
            (
                "computer_level = 9, computer_color = 'red'",
                "computer_level",
                "9",
            ),
            ("initial_ms = -5, increment_ms = 0", "initial_ms", "-5"),
            (
                "initial_ms = 60000, increment_ms = NULL",
                "increment_ms",
                "NULL",
            ),
            ("start_fen = 'not a fen'", "start_fen", "'not a fen'"),
        ];
        for (set, column, found) in cases {
            let code = RoomCode::random();
            let row = RoomRow {
                public: true,
                rated: false,
                red_seat_hash: Some("red".into()),
                ..test_room(&code)
            };
            assert!(store.insert_room(row).await.expect("insert"));
            sqlx::query(&format!("UPDATE rooms SET {set} WHERE code = $1"))
                .bind(code.as_str())
                .execute(&store.pool)
                .await
                .expect("raw update");
            match store.room(&code).await {
                Err(StoreError::Corrupt(c)) => {
                    assert_eq!(c.room, code.as_str());
                    assert_eq!((c.column, c.found.as_str()), (column, found), "{set}");
                    let text = StoreError::Corrupt(c).to_string();
                    assert!(
                        text.contains(code.as_str()) && text.contains(column),
                        "{text}"
                    );
                }
                other => panic!("{set}: expected a corrupt column, got {other:?}"),
            }
        }
        // The lobby leaves the corrupt rooms out instead of failing.
        let good = RoomCode::random();
        let row = RoomRow {
            public: true,
            ..test_room(&good)
        };
        assert!(store.insert_room(row).await.expect("insert"));
        let lobby = store.lobby(100).await.expect("lobby");
        let codes: Vec<&RoomCode> = lobby.iter().map(|r| &r.code).collect();
        assert!(codes.contains(&&good), "{codes:?}");
        // Left out: the three with a corrupt rule set or time control (the two computer
        // rooms are never listed); kept: the good one and the one with a bad FEN, a column
        // the lobby does not read.
        assert_eq!(lobby.len(), 2, "{codes:?}");
    }

    #[tokio::test]
    async fn games_to_watch_leave_finished_rounds_out_before_the_limit() {
        for (store, _dir) in test_stores().await {
            watchable_leaves_finished_rounds_out_before_the_limit(store).await;
        }
    }

    async fn watchable_leaves_finished_rounds_out_before_the_limit(store: Store) {
        let live = RoomCode::random();
        let finished = RoomCode::random();
        for (code, at) in [(&live, 10), (&finished, 20)] {
            let row = RoomRow {
                public: true,
                black_seat_hash: Some("black".into()),
                ..test_room(code)
            };
            assert!(store.insert_room(row).await.expect("insert"));
            store
                .append_event(code, 1, "{}".into(), at, None, RoundAfter::Going)
                .await
                .expect("event 1");
        }
        store
            .append_event(&finished, 2, "{}".into(), 30, None, RoundAfter::Over)
            .await
            .expect("event 2");
        // The finished room is the most recently active, yet a limit of one lists the live.
        let codes = |rows: Vec<LobbyRow>| rows.into_iter().map(|r| r.code).collect::<Vec<_>>();
        let listed = store.watchable(1, 0).await.expect("watchable");
        assert_eq!(codes(listed), std::slice::from_ref(&live));
        // A new round makes it a game to watch again.
        store
            .append_event(&finished, 3, "{}".into(), 40, None, RoundAfter::Going)
            .await
            .expect("event 3");
        let listed = store.watchable(10, 0).await.expect("watchable");
        assert_eq!(codes(listed), [finished, live]);
    }
}
