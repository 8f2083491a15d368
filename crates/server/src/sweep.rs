//! The expiry sweep: deletes rooms with no activity for the configured time (7 days by
//! default) and stops their actors, and deletes expired account sessions.

use crate::config::Config;
use crate::room::Rooms;
use crate::store::{Store, StoreError};
use crate::wall_clock::WallClock;
use std::sync::Arc;
use std::time::Duration;

/// Runs [`sweep_once`] every `config.sweep_every` with `config.room_ttl`, and deletes the
/// expired sessions, forever.
pub async fn run(store: Store, rooms: Rooms, wall: WallClock, config: Arc<Config>) {
    let mut every = tokio::time::interval(config.sweep_every);
    loop {
        every.tick().await;
        match sweep_once(&store, &rooms, &wall, config.room_ttl).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(rooms = n, "expired rooms deleted"),
            Err(e) => tracing::error!(error = %e, "sweep failed"),
        }
        match store.delete_expired_sessions(wall.now_ms()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(sessions = n, "expired sessions deleted"),
            Err(e) => tracing::error!(error = %e, "session sweep failed"),
        }
    }
}

/// Deletes the rooms of `store` idle for longer than `ttl` as of `wall`'s now, and stops
/// their actors in `rooms`; returns how many were deleted.
///
/// # Errors
/// [`StoreError`] on a storage failure.
pub async fn sweep_once(
    store: &Store,
    rooms: &Rooms,
    wall: &WallClock,
    ttl: Duration,
) -> Result<u64, StoreError> {
    let ttl = i64::try_from(ttl.as_millis()).unwrap_or(i64::MAX);
    let cutoff = wall.now_ms().saturating_sub(ttl);
    let deleted = store.delete_idle_rooms(cutoff).await?;
    if deleted > 0 {
        for code in rooms.loaded() {
            if store.room(&code).await?.is_none() {
                rooms.evict(&code).await;
            }
        }
    }
    Ok(deleted)
}
