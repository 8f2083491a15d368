//! Which database the store talks to: the embedded SQLite file (the default) or a shared
//! PostgreSQL server, and what differs between the two — the connection settings, the
//! statement that opens a write transaction, and the migrations.
//!
//! Both are reached through sqlx's `Any` driver, so every other statement of the store is
//! written once, in the SQL both accept (`$1` placeholders, `ON CONFLICT DO NOTHING`,
//! `BIGINT` casts).

use super::{migrations, StoreError};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{AnyConnection, AnyPool, ConnectOptions, Connection, Executor};
use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// Where the store keeps its data.
#[derive(Clone, PartialEq, Eq)]
pub enum Database {
    /// An SQLite file on this machine (created when missing, with its folder).
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its `postgres://` URL (which may hold a password, so it
    /// is never printed: see the `Debug` impl).
    Postgres(String),
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Database::Sqlite(path) => write!(f, "Sqlite({})", path.display()),
            Database::Postgres(url) => write!(f, "Postgres({})", redacted(url)),
        }
    }
}

/// Returns `url` with any password replaced by `***`, for logs and errors.
fn redacted(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            // set_password only fails on URLs that cannot have one, which this one has.
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        Ok(u) => u.to_string(),
        Err(_) => "(unreadable URL)".to_string(),
    }
}

/// A database URL that names no database this server can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DatabaseUrlError(pub String);

impl fmt::Display for DatabaseUrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "database URL: {}", self.0)
    }
}

impl std::error::Error for DatabaseUrlError {}

impl FromStr for Database {
    type Err = DatabaseUrlError;

    /// Reads `sqlite://PATH` or `sqlite:PATH` (a file path, relative to the working folder
    /// unless it starts with `/`) and `postgres://…` or `postgresql://…` (libpq's URL form).
    ///
    /// # Errors
    /// [`DatabaseUrlError`] for another scheme, an empty SQLite path or an unreadable
    /// PostgreSQL URL.
    fn from_str(url: &str) -> Result<Database, DatabaseUrlError> {
        let url = url.trim();
        if let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        {
            if path.is_empty() {
                return Err(DatabaseUrlError("sqlite: needs a file path".into()));
            }
            return Ok(Database::Sqlite(PathBuf::from(path)));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return match url::Url::parse(url) {
                Ok(u) if u.host_str().is_some_and(|h| !h.is_empty()) => {
                    Ok(Database::Postgres(url.to_string()))
                }
                Ok(_) => Err(DatabaseUrlError(format!("{}: no host", redacted(url)))),
                Err(e) => Err(DatabaseUrlError(format!("{}: {e}", redacted(url)))),
            };
        }
        Err(DatabaseUrlError(
            "expected sqlite://PATH or postgres://USER@HOST/NAME".into(),
        ))
    }
}

impl Database {
    /// The SQLite file `xiangqi.db` in `data_dir`: the default store.
    pub fn in_folder(data_dir: &Path) -> Database {
        Database::Sqlite(data_dir.join("xiangqi.db"))
    }

    /// The statement that opens a write transaction: SQLite takes its write lock at once
    /// (`IMMEDIATE`), so a batch never fails half-way on a lock another connection holds.
    pub(super) fn begin(&self) -> &'static str {
        match self {
            Database::Sqlite(_) => "BEGIN IMMEDIATE",
            Database::Postgres(_) => "BEGIN",
        }
    }

    /// The embedded migrations of this backend (`store/migrations.rs`).
    ///
    /// # Errors
    /// An embedded file name that is not a migration's (a test rules it out).
    pub(super) async fn migrator(&self) -> Result<Migrator, sqlx::migrate::MigrateError> {
        migrations::migrator(match self {
            Database::Sqlite(_) => migrations::SQLITE,
            Database::Postgres(_) => migrations::POSTGRES,
        })
        .await
    }

    /// Opens one connection of its own, waiting up to `timeout` for the database, and
    /// applies the embedded migrations on it. Start-up gets a longer wait than a request
    /// does: creating and syncing a new SQLite file on a loaded machine can take seconds,
    /// and a pool's short acquire timeout would fail the whole server for it.
    ///
    /// # Errors
    /// [`StoreError::Failed`] when the database cannot be reached within `timeout` or a
    /// migration fails.
    pub(super) async fn migrate(&self, timeout: Duration) -> Result<(), StoreError> {
        sqlx::any::install_default_drivers();
        let options = self.connect_options()?;
        let migrate = async {
            let mut conn = AnyConnection::connect_with(&options).await?;
            self.prepare(&mut conn).await?;
            self.migrator().await?.run(&mut conn).await?;
            conn.close().await?;
            Ok::<(), StoreError>(())
        };
        tokio::time::timeout(timeout, migrate).await.map_err(|_| {
            StoreError::Failed(format!(
                "the database did not answer within {} s",
                timeout.as_secs()
            ))
        })?
    }

    /// A pool of at most `max` connections, opened as they are first needed (start-up
    /// has reached the database already, in [`Database::migrate`]). Each connection is
    /// [prepared](Database::prepare). A connection that breaks (a PostgreSQL restart) is
    /// replaced by the pool on the next use, so the store recovers by itself; `acquire`
    /// gives up after `acquire_timeout`.
    ///
    /// # Errors
    /// [`StoreError::Failed`] when the SQLite folder cannot be created or the URL is not
    /// one the driver reads.
    pub(super) fn pool(&self, max: u32, acquire_timeout: Duration) -> Result<AnyPool, StoreError> {
        sqlx::any::install_default_drivers();
        let options = self.connect_options()?;
        let database = self.clone();
        Ok(AnyPoolOptions::new()
            .max_connections(max)
            .acquire_timeout(acquire_timeout)
            .after_connect(move |conn, _| {
                let database = database.clone();
                Box::pin(async move { database.prepare(conn).await })
            })
            .connect_lazy_with(options))
    }

    /// Sets up a new connection: SQLite runs with the write-ahead log, `synchronous=FULL`
    /// (a commit is on disk when it returns), foreign keys on and a 10 s busy timeout;
    /// PostgreSQL needs nothing.
    async fn prepare(&self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        if let Database::Sqlite(_) = self {
            conn.execute(
                "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; \
                 PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;",
            )
            .await?;
        }
        Ok(())
    }

    /// The `Any` driver's options for this database.
    fn connect_options(&self) -> Result<AnyConnectOptions, StoreError> {
        let url = match self {
            Database::Sqlite(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        StoreError::Failed(format!("cannot create {}: {e}", dir.display()))
                    })?;
                }
                // The SQLite driver writes the path percent-encoded, so any file name
                // reads back as it was.
                SqliteConnectOptions::new()
                    .filename(path)
                    .create_if_missing(true)
                    .to_url_lossy()
            }
            Database::Postgres(url) => url::Url::parse(url)
                .map_err(|e| StoreError::Failed(format!("{}: {e}", redacted(url))))?,
        };
        Ok(AnyConnectOptions::from_url(&url)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_read_as_their_backend() {
        assert_eq!(
            "sqlite://data/x.db".parse(),
            Ok(Database::Sqlite(PathBuf::from("data/x.db")))
        );
        assert_eq!(
            "sqlite:/var/lib/xq.db".parse(),
            Ok(Database::Sqlite(PathBuf::from("/var/lib/xq.db")))
        );
        assert_eq!(
            "postgres://xq@127.0.0.1:5432/xq".parse(),
            Ok(Database::Postgres("postgres://xq@127.0.0.1:5432/xq".into()))
        );
        assert!(matches!(
            "postgresql://db.example/xq".parse::<Database>(),
            Ok(Database::Postgres(_))
        ));
    }

    #[test]
    fn bad_urls_are_refused_with_the_reason() {
        for (url, why) in [
            ("mysql://x/y", "expected sqlite://PATH"),
            ("sqlite://", "needs a file path"),
            ("postgres://", "no host"),
            ("", "expected sqlite://PATH"),
        ] {
            match url.parse::<Database>() {
                Err(DatabaseUrlError(text)) => assert!(text.contains(why), "{url}: {text}"),
                Ok(db) => panic!("{url}: read as {db:?}"),
            }
        }
    }

    #[test]
    fn a_password_never_reaches_the_logs() {
        let db: Database = "postgres://xq:s3cret@db.example/xq".parse().expect("url");
        let shown = format!("{db:?}");
        assert!(!shown.contains("s3cret"), "{shown}");
        assert!(shown.contains("***"), "{shown}");
    }
}
