//! The schema migrations of both backends, embedded in the binary: every file of
//! `migrations/sqlite` and `migrations/postgres` (listed by the build script), read as sqlx
//! reads a migrations folder (`<VERSION>_<DESCRIPTION>.sql`, the description with `_` as
//! spaces), so the checksums that databases already migrated have recorded stay the same.
//!
//! sqlx's `migrate!` macro would embed them too, but its macros feature builds a second,
//! host-side copy of sqlx's drivers, tokio and SQLite's C source into every compile (about
//! 80 s of compile work by `cargo --timings`, in the clippy step and again in the tests'). A test checks that sqlx reads the folders
//! into the same migrations.

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use std::borrow::Cow;

/// A backend's migrations: `(file name, SQL)` in the order of their versions.
pub(super) type Files = &'static [(&'static str, &'static str)];

// The SQLite migrations (`migrations/sqlite`, never edited once applied) as `SQLITE`, and
// the PostgreSQL ones (`migrations/postgres`: the same schema in its types, and the
// cluster's node leases, 0003) as `POSTGRES`; listed by the build script (build.rs).
include!(concat!(env!("OUT_DIR"), "/migrations.rs"));

/// A list of embedded migration files, as a source sqlx's [`Migrator`] resolves.
#[derive(Debug)]
struct Embedded(Files);

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> futures_util::future::BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async move {
            self.0
                .iter()
                .map(|&(file, sql)| migration(file, sql))
                .collect()
        })
    }
}

/// The migration of one file, as sqlx's folder source makes it: the version before the
/// first `_`, the rest of the name without `.sql` as the description, in a transaction
/// unless the SQL starts with `-- no-transaction`.
///
/// # Errors
/// A name that is not `<VERSION>_<DESCRIPTION>.sql` with a whole-number version.
fn migration(file: &'static str, sql: &'static str) -> Result<Migration, BoxDynError> {
    let (version, rest) = file
        .split_once('_')
        .ok_or_else(|| format!("migration file `{file}` has no `_` after its version"))?;
    let description = rest
        .strip_suffix(".sql")
        .ok_or_else(|| format!("migration file `{file}` does not end in .sql"))?;
    let version: i64 = version
        .parse()
        .map_err(|_| format!("migration file `{file}` does not start with a version number"))?;
    Ok(Migration::new(
        version,
        Cow::Owned(description.replace('_', " ")),
        MigrationType::Simple,
        Cow::Borrowed(sql),
        sql.starts_with("-- no-transaction"),
    ))
}

/// The migrator of a backend's embedded files.
///
/// # Errors
/// A file name that is not a migration's (see [`migration`]); the test below rules it out.
pub(super) async fn migrator(files: Files) -> Result<Migrator, sqlx::migrate::MigrateError> {
    Migrator::new(Embedded(files)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The embedded lists hold every file of the folders, and sqlx reads the folders into
    /// the same versions, descriptions, SQL and checksums.
    #[tokio::test]
    async fn the_embedded_migrations_are_the_folders() {
        for (folder, files) in [("sqlite", SQLITE), ("postgres", POSTGRES)] {
            let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("migrations")
                .join(folder);
            let from_folder = Migrator::new(dir.as_path())
                .await
                .expect("the folder's migrations");
            let embedded = migrator(files).await.expect("the embedded migrations");
            let shape = |m: &Migrator| -> Vec<_> {
                m.iter()
                    .map(|m| {
                        (
                            m.version,
                            m.description.to_string(),
                            m.sql.to_string(),
                            m.checksum.to_vec(),
                            m.no_tx,
                        )
                    })
                    .collect()
            };
            assert_eq!(shape(&embedded), shape(&from_folder), "{folder}");
            assert!(!files.is_empty());
        }
    }

    #[test]
    fn a_file_name_that_is_not_a_migration_is_an_error() {
        for bad in ["0001.sql", "one_rooms.sql", "0001_rooms.txt"] {
            assert!(migration(bad, "SELECT 1").is_err(), "{bad}");
        }
    }
}
