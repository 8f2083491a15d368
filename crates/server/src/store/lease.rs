//! The statements of several nodes on one PostgreSQL (see [`crate::cluster`]): each node's
//! heartbeat row and each room's owner. PostgreSQL only (migration `0003`); times are the
//! database's clock, in milliseconds since the Unix epoch, so the nodes' clocks need not
//! agree.

use super::{Store, StoreError};
use crate::ids::RoomCode;
use sqlx::Row;
use std::time::Duration;

/// The database's clock in milliseconds since the Unix epoch, as SQL.
const NOW_MS: &str = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)";

/// Who owns a room, as [`Store::acquire_room`] found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Owner {
    /// The asking node owns it (it just took it, or held it already).
    Me,
    /// Another live node owns it: its id.
    Other(String),
    /// There is no such room.
    NoRoom,
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Store {
    /// Renews the heartbeat of node `node` for `ttl` from now. Returns true when its row
    /// was still valid; false when it had lapsed or did not exist (it is written anew):
    /// another node may have taken its rooms meanwhile.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    pub async fn heartbeat(&self, node: &str, ttl: Duration) -> Result<bool, StoreError> {
        let renewed = sqlx::query(&format!(
            "UPDATE nodes SET expires_at = {NOW_MS} + $2 WHERE id = $1 AND expires_at > {NOW_MS}"
        ))
        .bind(node)
        .bind(ms(ttl))
        .execute(&self.pool)
        .await?;
        if renewed.rows_affected() == 1 {
            return Ok(true);
        }
        sqlx::query(&format!(
            "INSERT INTO nodes (id, expires_at) VALUES ($1, {NOW_MS} + $2) \
             ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at"
        ))
        .bind(node)
        .bind(ms(ttl))
        .execute(&self.pool)
        .await?;
        Ok(false)
    }

    /// Ends node `node`'s heartbeat at once (it is stopping): its rooms may be taken over
    /// without waiting for the lease to lapse.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    pub async fn leave(&self, node: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM nodes WHERE id = $1")
            .bind(node)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Returns the ids of the nodes whose heartbeat has not lapsed.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    pub async fn live_nodes(&self) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(&format!("SELECT id FROM nodes WHERE expires_at > {NOW_MS}"))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("id").map_err(StoreError::from))
            .collect()
    }

    /// Takes room `code` for node `node` when nobody owns it or its owner's heartbeat has
    /// lapsed, in one statement (two nodes racing for it: one wins, the other sees the
    /// winner); returns who owns it now. A node takes (or keeps taking) a room only while its
    /// own heartbeat is valid: a node cut off from the database for longer than its lease
    /// has unloaded its rooms, and must not run one again on the strength of a lease row that
    /// still names it while another node may have taken the room meanwhile (two owners of one
    /// room would each tell their clients a different game).
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached, or when `node`'s own heartbeat
    /// has lapsed and no other live node owns the room (the caller tries again once its
    /// heartbeat is renewed).
    pub async fn acquire_room(&self, code: &RoomCode, node: &str) -> Result<Owner, StoreError> {
        let taken = sqlx::query(&format!(
            "INSERT INTO room_leases (code, node) SELECT code, $2 FROM rooms WHERE code = $1 \
             AND EXISTS (SELECT 1 FROM nodes WHERE nodes.id = $2 AND nodes.expires_at > {NOW_MS}) \
             ON CONFLICT (code) DO UPDATE SET node = EXCLUDED.node \
             WHERE room_leases.node = EXCLUDED.node OR NOT EXISTS \
             (SELECT 1 FROM nodes WHERE nodes.id = room_leases.node AND nodes.expires_at > {NOW_MS}) \
             RETURNING node"
        ))
        .bind(code.as_str())
        .bind(node)
        .fetch_optional(&self.pool)
        .await?;
        if taken.is_some() {
            return Ok(Owner::Me);
        }
        let row = sqlx::query(
            "SELECT (SELECT node FROM room_leases WHERE code = $1) AS node, \
             EXISTS (SELECT 1 FROM rooms WHERE code = $1) AS room",
        )
        .bind(code.as_str())
        .fetch_one(&self.pool)
        .await?;
        let owner: Option<String> = row.try_get("node")?;
        let room: bool = row.try_get("room")?;
        match owner {
            _ if !room => Ok(Owner::NoRoom),
            Some(owner) if owner != node => Ok(Owner::Other(owner)),
            // Free, or leased to this node, and still not taken: this node's heartbeat has
            // lapsed.
            _ => Err(StoreError::Failed(format!(
                "node {node}'s heartbeat has lapsed: it takes no room until it is renewed"
            ))),
        }
    }

    /// Returns the codes of the rooms whose lease names node `node`. A node that runs a room
    /// not in this list has lost it to another node and must unload it.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    pub async fn rooms_leased_to(&self, node: &str) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query("SELECT code FROM room_leases WHERE node = $1")
            .bind(node)
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| r.try_get::<String, _>("code").map_err(StoreError::from))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{fresh_postgres_database, test_room, Database, TEST_POSTGRES_ENV};

    /// The lease statements are PostgreSQL's: this runs when `scripts/cluster-test` names a
    /// server, and says so and passes otherwise.
    #[tokio::test]
    async fn a_room_is_taken_only_when_its_owner_has_lapsed() {
        let Ok(admin) = std::env::var(TEST_POSTGRES_ENV) else {
            eprintln!("{TEST_POSTGRES_ENV} not set: the lease statements need PostgreSQL");
            return;
        };
        let db: Database = fresh_postgres_database(&admin)
            .await
            .parse()
            .expect("postgres URL");
        let store = Store::connect(&db).await.expect("postgres store");
        let ttl = Duration::from_secs(30);
        let code = RoomCode::random();
        assert!(store.insert_room(test_room(&code)).await.expect("insert"));

        assert!(
            !store.heartbeat("a", ttl).await.expect("first beat"),
            "a new node"
        );
        assert!(
            store.heartbeat("a", ttl).await.expect("beat"),
            "still valid"
        );
        assert!(!store.heartbeat("b", ttl).await.expect("first beat"));
        assert_eq!(
            store.acquire_room(&code, "a").await.expect("take"),
            Owner::Me
        );
        assert_eq!(
            store.acquire_room(&code, "a").await.expect("again"),
            Owner::Me
        );
        assert_eq!(
            store.acquire_room(&code, "b").await.expect("try"),
            Owner::Other("a".into()),
            "a live owner keeps its room"
        );
        let none = RoomCode::random();
        assert_eq!(
            store.acquire_room(&none, "b").await.expect("try"),
            Owner::NoRoom
        );

        // a's heartbeat lapses (renewed for no time at all): b may take the room, a may not
        // take it back.
        assert!(store.heartbeat("a", Duration::ZERO).await.expect("beat"));
        assert_eq!(
            store.live_nodes().await.expect("live"),
            vec!["b".to_string()]
        );
        assert_eq!(
            store.acquire_room(&code, "b").await.expect("take"),
            Owner::Me
        );
        assert_eq!(
            store.acquire_room(&code, "a").await.expect("try"),
            Owner::Other("b".into())
        );
        assert!(
            !store.heartbeat("a", ttl).await.expect("beat"),
            "a is told that its heartbeat had lapsed"
        );
        assert_eq!(
            store.rooms_leased_to("b").await.expect("b's rooms"),
            vec![code.as_str().to_string()]
        );
        assert!(store
            .rooms_leased_to("a")
            .await
            .expect("a's rooms")
            .is_empty());

        // b lapses while nobody else wants its room: b may not take its own room back on the
        // strength of the lease row alone (a could take it any moment), nor a free one.
        assert!(store.heartbeat("b", Duration::ZERO).await.expect("beat"));
        assert!(
            store.acquire_room(&code, "b").await.is_err(),
            "a lapsed node keeps no room"
        );
        let free = RoomCode::random();
        assert!(store.insert_room(test_room(&free)).await.expect("insert"));
        assert!(
            store.acquire_room(&free, "b").await.is_err(),
            "a lapsed node takes no room"
        );
        assert!(!store.heartbeat("b", ttl).await.expect("beat"));
        assert_eq!(
            store.acquire_room(&code, "b").await.expect("renewed"),
            Owner::Me
        );

        // b stops gracefully: its rooms are free at once.
        store.leave("b").await.expect("leave");
        assert_eq!(
            store.live_nodes().await.expect("live"),
            vec!["a".to_string()]
        );
        assert_eq!(
            store.acquire_room(&code, "a").await.expect("take"),
            Owner::Me
        );
    }
}
