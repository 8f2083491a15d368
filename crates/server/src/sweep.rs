//! The expiry sweep: deletes rooms with no activity for the configured time (7 days by
//! default) and stops their actors.

use crate::store::StoreError;
use crate::AppState;

/// Runs [`sweep_once`] every `config.sweep_every`, forever.
pub async fn run(app: AppState) {
    let mut every = tokio::time::interval(app.config.sweep_every);
    loop {
        every.tick().await;
        match sweep_once(&app).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(rooms = n, "expired rooms deleted"),
            Err(e) => tracing::error!(error = %e, "sweep failed"),
        }
    }
}

/// Deletes the rooms idle for longer than `config.room_ttl` as of the wall clock's now;
/// returns how many were deleted.
///
/// # Errors
/// [`StoreError`] on a storage failure.
pub async fn sweep_once(app: &AppState) -> Result<u64, StoreError> {
    let ttl = i64::try_from(app.config.room_ttl.as_millis()).unwrap_or(i64::MAX);
    let cutoff = app.wall.now_ms().saturating_sub(ttl);
    let deleted = app.store.delete_idle_rooms(cutoff).await?;
    if deleted > 0 {
        for code in app.rooms.loaded() {
            if app.store.room(&code).await?.is_none() {
                app.rooms.evict(&code).await;
            }
        }
    }
    Ok(deleted)
}
