//! The SQL of the seek pool (migration 0008): quick pairing's waiting seeks, shared by every
//! node through the database. Claiming a seek is one conditional `UPDATE` (`room_code IS
//! NULL`), so two nodes never pair the same seek twice.

use super::{Store, StoreError, WriteOp};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// A seek as stored.
#[derive(Clone, Debug)]
pub struct SeekRow {
    /// Its id (a random secret: whoever knows it may poll or cancel it).
    pub id: String,
    /// The clock asked for: initial time and increment, in milliseconds.
    pub initial_ms: i64,
    /// See `initial_ms`.
    pub increment_ms: i64,
    /// Whether a rated game is asked for.
    pub rated: bool,
    /// The account of a signed-in seeker.
    pub account_id: Option<String>,
    /// The seeker's rating in the category, for a rated seek.
    pub rating: Option<f64>,
    /// When it was made, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When its browser last asked about it.
    pub seen_at: i64,
    /// Once paired: the room, the seat token and the colour of this seeker.
    pub pairing: Option<(String, String, String)>,
}

/// The writes of the seek pool.
pub(super) enum SeekOp {
    Insert(SeekRow),
    /// Marks a waiting seek seen at `at`.
    Seen {
        id: String,
        at: i64,
    },
    /// Pairs the waiting seek `id` into `room` with `seat` and `color`; nothing if it is
    /// paired already or gone.
    Claim {
        id: String,
        room: String,
        seat: String,
        color: String,
    },
    /// Puts a claimed seek back in the pool (its room could not be made).
    Release {
        id: String,
    },
    Delete {
        id: String,
    },
    /// Deletes waiting seeks not seen since `before`, and paired ones not collected since
    /// `paired_before`.
    DeleteStale {
        before: i64,
        paired_before: i64,
    },
}

impl Store {
    /// Adds `seek` to the pool.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn insert_seek(&self, seek: SeekRow) -> Result<(), StoreError> {
        self.write(WriteOp::Seek(SeekOp::Insert(seek)))
            .await
            .map(|_| ())
    }

    /// Marks seek `id` seen at `at` (milliseconds since the Unix epoch).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn seek_seen(&self, id: &str, at: i64) -> Result<(), StoreError> {
        let op = SeekOp::Seen {
            id: id.to_string(),
            at,
        };
        self.write(WriteOp::Seek(op)).await.map(|_| ())
    }

    /// Pairs the waiting seek `id` into room `room` (this seeker's `seat` token and
    /// `color`); returns false when it was paired by someone else or is gone.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn claim_seek(
        &self,
        id: &str,
        room: &str,
        seat: &str,
        color: &str,
    ) -> Result<bool, StoreError> {
        let op = SeekOp::Claim {
            id: id.to_string(),
            room: room.to_string(),
            seat: seat.to_string(),
            color: color.to_string(),
        };
        Ok(self.write(WriteOp::Seek(op)).await? == 1)
    }

    /// Puts the claimed seek `id` back in the pool.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn release_seek(&self, id: &str) -> Result<(), StoreError> {
        let op = SeekOp::Release { id: id.to_string() };
        self.write(WriteOp::Seek(op)).await.map(|_| ())
    }

    /// Deletes seek `id`; returns whether it existed.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn delete_seek(&self, id: &str) -> Result<bool, StoreError> {
        let op = SeekOp::Delete { id: id.to_string() };
        Ok(self.write(WriteOp::Seek(op)).await? == 1)
    }

    /// Deletes the waiting seeks not seen since `before` and the paired ones not collected
    /// since `paired_before` (milliseconds since the Unix epoch).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn delete_stale_seeks(
        &self,
        before: i64,
        paired_before: i64,
    ) -> Result<u64, StoreError> {
        self.write(WriteOp::Seek(SeekOp::DeleteStale {
            before,
            paired_before,
        }))
        .await
    }

    /// Returns seek `id`, if it exists.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, StoreError> {
        let sql = format!("SELECT {SEEK_COLUMNS} FROM seeks WHERE id = $1");
        self.optional_row(sqlx::query(&sql).bind(id), seek_row)
            .await
    }

    /// Returns the waiting seeks for the clock `initial_ms` + `increment_ms` and `rated`,
    /// seen at or after `seen_since`, oldest first (at most `limit`).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn open_seeks(
        &self,
        initial_ms: i64,
        increment_ms: i64,
        rated: bool,
        seen_since: i64,
        limit: i64,
    ) -> Result<Vec<SeekRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {SEEK_COLUMNS} FROM seeks WHERE room_code IS NULL AND initial_ms = $1 \
             AND increment_ms = $2 AND rated = $3 AND seen_at >= $4 \
             ORDER BY created_at, id LIMIT $5"
        ))
        .bind(initial_ms)
        .bind(increment_ms)
        .bind(i64::from(rated))
        .bind(seen_since)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(seek_row).collect()
    }
}

const SEEK_COLUMNS: &str = "id, initial_ms, increment_ms, rated, account_id, rating, created_at, \
    seen_at, room_code, seat_token, color";

fn seek_row(r: &AnyRow) -> Result<SeekRow, StoreError> {
    let room: Option<String> = r.try_get("room_code")?;
    let seat: Option<String> = r.try_get("seat_token")?;
    let color: Option<String> = r.try_get("color")?;
    Ok(SeekRow {
        id: r.try_get("id")?,
        initial_ms: r.try_get("initial_ms")?,
        increment_ms: r.try_get("increment_ms")?,
        rated: r.try_get::<i64, _>("rated")? != 0,
        account_id: r.try_get("account_id")?,
        rating: r.try_get("rating")?,
        created_at: r.try_get("created_at")?,
        seen_at: r.try_get("seen_at")?,
        pairing: room.zip(seat).zip(color).map(|((r, s), c)| (r, s, c)),
    })
}

/// Runs one seek write; returns the rows it changed.
pub(super) async fn run(conn: &mut AnyConnection, op: &SeekOp) -> Result<u64, StoreError> {
    let done =
        match op {
            SeekOp::Insert(s) => {
                sqlx::query(
                    "INSERT INTO seeks (id, initial_ms, increment_ms, rated, account_id, rating, \
             created_at, seen_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(&s.id)
                .bind(s.initial_ms)
                .bind(s.increment_ms)
                .bind(i64::from(s.rated))
                .bind(&s.account_id)
                .bind(s.rating)
                .bind(s.created_at)
                .bind(s.seen_at)
                .execute(&mut *conn)
                .await?
            }
            SeekOp::Seen { id, at } => {
                sqlx::query("UPDATE seeks SET seen_at = $1 WHERE id = $2")
                    .bind(at)
                    .bind(id)
                    .execute(&mut *conn)
                    .await?
            }
            SeekOp::Claim {
                id,
                room,
                seat,
                color,
            } => {
                sqlx::query(
                    "UPDATE seeks SET room_code = $1, seat_token = $2, color = $3 \
             WHERE id = $4 AND room_code IS NULL",
                )
                .bind(room)
                .bind(seat)
                .bind(color)
                .bind(id)
                .execute(&mut *conn)
                .await?
            }
            SeekOp::Release { id } => sqlx::query(
                "UPDATE seeks SET room_code = NULL, seat_token = NULL, color = NULL WHERE id = $1",
            )
            .bind(id)
            .execute(&mut *conn)
            .await?,
            SeekOp::Delete { id } => {
                sqlx::query("DELETE FROM seeks WHERE id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?
            }
            SeekOp::DeleteStale {
                before,
                paired_before,
            } => {
                sqlx::query(
                    "DELETE FROM seeks WHERE (room_code IS NULL AND seen_at < $1) \
             OR (room_code IS NOT NULL AND seen_at < $2)",
                )
                .bind(before)
                .bind(paired_before)
                .execute(&mut *conn)
                .await?
            }
        };
    Ok(done.rows_affected())
}
