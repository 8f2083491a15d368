//! The SQL of accounts and their sessions (migration 0005). Every write is one
//! [`AccountOp`] through the writer task, so an account and its first session, or a new
//! password and the end of every old session, are stored together or not at all.

use super::{Store, StoreError, WriteOp};
use crate::ids::AccountId;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// An account as stored.
#[derive(Clone, Debug)]
pub struct AccountRow {
    /// Its permanent id.
    pub id: AccountId,
    /// Its name as its owner wrote it.
    pub name: String,
    /// The argon2id PHC string of its password; `None` once deleted.
    pub password_hash: Option<String>,
    /// Creation time, milliseconds since the Unix epoch.
    pub created_at: i64,
    /// When it was deleted (milliseconds since the Unix epoch); `None` while it lives.
    pub deleted_at: Option<i64>,
}

/// A session to store: the SHA-256 of its token and its lifetime, in milliseconds since
/// the Unix epoch.
#[derive(Clone, Debug)]
pub struct NewSession {
    /// [`crate::ids::SessionToken::hash`] of the cookie's token.
    pub token_hash: String,
    /// When it starts.
    pub created_at: i64,
    /// When it stops being accepted.
    pub expires_at: i64,
}

/// The writes of accounts.
pub(super) enum AccountOp {
    /// A new account and its first session, ending the session `replaces` (the cookie the
    /// browser came with, if any); nothing when the name key is taken.
    Create {
        row: AccountRow,
        key: String,
        replaces: Option<String>,
        session: NewSession,
    },
    /// A new session for `account`, ending the session `replaces` (the cookie the browser
    /// came with, if any): sign-in rotates the session. Nothing when the account's password
    /// hash is no longer `verified` (changed, or the account deleted, since it was checked).
    StartSession {
        account: AccountId,
        verified: String,
        replaces: Option<String>,
        session: NewSession,
    },
    /// Ends one session.
    EndSession { token_hash: String },
    /// A new password, if the account's hash is still `verified`: every session of
    /// `account` ends and `session` starts.
    SetPassword {
        account: AccountId,
        verified: String,
        password_hash: String,
        session: NewSession,
    },
    /// Marks `account` deleted at `at`, drops its password and ends its sessions, if its
    /// hash is still `verified`.
    Delete {
        account: AccountId,
        verified: String,
        at: i64,
    },
    /// Deletes the sessions expired at `now`.
    DeleteExpiredSessions { now: i64 },
}

impl Store {
    /// Stores a new account `row` under the lower-case name `key`, with its first
    /// `session`, ending the session whose token hash is `replaces`; returns false (and
    /// stores nothing) when the key is taken, by a live or a deleted account.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn create_account(
        &self,
        row: AccountRow,
        key: String,
        replaces: Option<String>,
        session: NewSession,
    ) -> Result<bool, StoreError> {
        let op = AccountOp::Create {
            row,
            key,
            replaces,
            session,
        };
        Ok(self.write(WriteOp::Account(op)).await? == 1)
    }

    /// Starts `session` for `account`, ending the session whose token hash is `replaces`,
    /// if the account's password hash is still `verified` (the one the password was checked
    /// against); returns false (nothing changed) when it is not.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn start_session(
        &self,
        account: AccountId,
        verified: String,
        replaces: Option<String>,
        session: NewSession,
    ) -> Result<bool, StoreError> {
        let op = AccountOp::StartSession {
            account,
            verified,
            replaces,
            session,
        };
        Ok(self.write(WriteOp::Account(op)).await? == 1)
    }

    /// Ends the session whose token hash is `token_hash` (nothing if there is none).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn end_session(&self, token_hash: String) -> Result<(), StoreError> {
        let op = AccountOp::EndSession { token_hash };
        self.write(WriteOp::Account(op)).await.map(|_| ())
    }

    /// Sets the password of the live `account` to `password_hash`, ends all its sessions
    /// and starts `session`, if its hash is still `verified`; returns false (nothing
    /// changed) when the account is deleted or its password changed meanwhile.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn set_password(
        &self,
        account: AccountId,
        verified: String,
        password_hash: String,
        session: NewSession,
    ) -> Result<bool, StoreError> {
        let op = AccountOp::SetPassword {
            account,
            verified,
            password_hash,
            session,
        };
        Ok(self.write(WriteOp::Account(op)).await? == 1)
    }

    /// Deletes `account` at `at` (milliseconds since the Unix epoch) if its password hash
    /// is still `verified`: the row stays, with no password, so its name stays taken and its
    /// games keep their link; every session ends. Returns false (nothing changed) when the
    /// password changed meanwhile.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn delete_account(
        &self,
        account: AccountId,
        verified: String,
        at: i64,
    ) -> Result<bool, StoreError> {
        let op = AccountOp::Delete {
            account,
            verified,
            at,
        };
        Ok(self.write(WriteOp::Account(op)).await? == 1)
    }

    /// Deletes the sessions expired at `now` (milliseconds since the Unix epoch); returns
    /// how many.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn delete_expired_sessions(&self, now: i64) -> Result<u64, StoreError> {
        let op = AccountOp::DeleteExpiredSessions { now };
        self.write(WriteOp::Account(op)).await
    }

    /// Returns the account whose lower-case name is `key`, live or deleted.
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn account_by_name(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let query = sqlx::query(
            "SELECT id, name, password_hash, created_at, deleted_at FROM accounts \
             WHERE name_key = $1",
        );
        self.optional_row(query.bind(key), account_row).await
    }

    /// Returns the live account of the session whose token hash is `token_hash`, if that
    /// session exists and has not expired at `now` (milliseconds since the Unix epoch).
    ///
    /// # Errors
    /// [`StoreError`] on a storage failure.
    pub async fn session_account(
        &self,
        token_hash: &str,
        now: i64,
    ) -> Result<Option<AccountRow>, StoreError> {
        let query = sqlx::query(
            "SELECT a.id, a.name, a.password_hash, a.created_at, a.deleted_at \
             FROM sessions s JOIN accounts a ON a.id = s.account_id \
             WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.deleted_at IS NULL",
        )
        .bind(token_hash)
        .bind(now);
        self.optional_row(query, account_row).await
    }
}

fn account_row(r: &AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        id: AccountId::from_stored(r.try_get("id")?),
        name: r.try_get("name")?,
        password_hash: r.try_get("password_hash")?,
        created_at: r.try_get("created_at")?,
        deleted_at: r.try_get("deleted_at")?,
    })
}

/// Runs the statements of one account write inside the writer's transaction; returns the
/// rows the op's main statement changed.
pub(super) async fn run(conn: &mut AnyConnection, op: &AccountOp) -> Result<u64, StoreError> {
    match op {
        AccountOp::Create {
            row,
            key,
            replaces,
            session,
        } => create(conn, row, key, replaces.as_deref(), session).await,
        AccountOp::StartSession {
            account,
            verified,
            replaces,
            session,
        } => {
            if !still_verified(conn, account, verified).await? {
                return Ok(0);
            }
            if let Some(old) = replaces {
                delete_session(conn, old).await?;
            }
            insert_session(conn, account, session).await
        }
        AccountOp::EndSession { token_hash } => delete_session(conn, token_hash).await,
        AccountOp::SetPassword {
            account,
            verified,
            password_hash,
            session,
        } => set_password(conn, account, verified, password_hash, session).await,
        AccountOp::Delete {
            account,
            verified,
            at,
        } => delete(conn, account, verified, *at).await,
        AccountOp::DeleteExpiredSessions { now } => {
            Ok(sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
                .bind(now)
                .execute(&mut *conn)
                .await?
                .rows_affected())
        }
    }
}

/// [`AccountOp::Create`]: 1 when the account and its session were stored, 0 when the name
/// key was taken (then nothing changes).
async fn create(
    conn: &mut AnyConnection,
    row: &AccountRow,
    key: &str,
    replaces: Option<&str>,
    session: &NewSession,
) -> Result<u64, StoreError> {
    let inserted = sqlx::query(
        "INSERT INTO accounts (id, name, name_key, password_hash, created_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(row.id.as_str())
    .bind(&row.name)
    .bind(key)
    .bind(&row.password_hash)
    .bind(row.created_at)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if inserted == 1 {
        if let Some(old) = replaces {
            delete_session(conn, old).await?;
        }
        insert_session(conn, &row.id, session).await?;
    }
    Ok(inserted)
}

/// [`AccountOp::SetPassword`]: 1 when the hash was still `verified` and is now replaced
/// (every old session ended, `session` started), else 0.
async fn set_password(
    conn: &mut AnyConnection,
    account: &AccountId,
    verified: &str,
    password_hash: &str,
    session: &NewSession,
) -> Result<u64, StoreError> {
    let updated = sqlx::query(
        "UPDATE accounts SET password_hash = $1 \
         WHERE id = $2 AND password_hash = $3 AND deleted_at IS NULL",
    )
    .bind(password_hash)
    .bind(account.as_str())
    .bind(verified)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if updated == 1 {
        delete_sessions_of(conn, account).await?;
        insert_session(conn, account, session).await?;
    }
    Ok(updated)
}

/// [`AccountOp::Delete`]: 1 when the hash was still `verified` and the account is now
/// marked deleted at `at` (seconds since the Unix epoch) with its sessions ended, else 0.
async fn delete(
    conn: &mut AnyConnection,
    account: &AccountId,
    verified: &str,
    at: i64,
) -> Result<u64, StoreError> {
    let deleted = sqlx::query(
        "UPDATE accounts SET password_hash = NULL, deleted_at = $1 \
         WHERE id = $2 AND password_hash = $3 AND deleted_at IS NULL",
    )
    .bind(at)
    .bind(account.as_str())
    .bind(verified)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if deleted == 1 {
        delete_sessions_of(conn, account).await?;
    }
    Ok(deleted)
}

/// Says whether the live `account`'s password hash is still `verified`. The writer runs one
/// write at a time, so a password change cannot come between this check and what follows
/// in the same op (on PostgreSQL with several nodes, only within one node's writer).
async fn still_verified(
    conn: &mut AnyConnection,
    account: &AccountId,
    verified: &str,
) -> Result<bool, StoreError> {
    let row = sqlx::query(
        "SELECT id FROM accounts WHERE id = $1 AND password_hash = $2 AND deleted_at IS NULL",
    )
    .bind(account.as_str())
    .bind(verified)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.is_some())
}

async fn insert_session(
    conn: &mut AnyConnection,
    account: &AccountId,
    s: &NewSession,
) -> Result<u64, StoreError> {
    Ok(sqlx::query(
        "INSERT INTO sessions (token_hash, account_id, created_at, expires_at) \
         VALUES ($1, $2, $3, $4)",
    )
    .bind(&s.token_hash)
    .bind(account.as_str())
    .bind(s.created_at)
    .bind(s.expires_at)
    .execute(&mut *conn)
    .await?
    .rows_affected())
}

async fn delete_session(conn: &mut AnyConnection, token_hash: &str) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

async fn delete_sessions_of(
    conn: &mut AnyConnection,
    account: &AccountId,
) -> Result<u64, StoreError> {
    Ok(sqlx::query("DELETE FROM sessions WHERE account_id = $1")
        .bind(account.as_str())
        .execute(&mut *conn)
        .await?
        .rows_affected())
}
