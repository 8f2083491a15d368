//! The wall clock, injectable so tests can move time forward (room expiry).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// Where "now" comes from, in milliseconds since the Unix epoch.
#[derive(Clone, Debug, Default)]
pub enum WallClock {
    /// The system's clock.
    #[default]
    System,
    /// A clock that stands still until a test sets it.
    Manual(Arc<AtomicI64>),
}

impl WallClock {
    /// Returns a manual clock at `ms` and the handle that sets it.
    pub fn manual(ms: i64) -> (WallClock, Arc<AtomicI64>) {
        let cell = Arc::new(AtomicI64::new(ms));
        (WallClock::Manual(Arc::clone(&cell)), cell)
    }

    /// Returns the current time in milliseconds since the Unix epoch.
    pub fn now_ms(&self) -> i64 {
        match self {
            WallClock::System => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX)),
            WallClock::Manual(cell) => cell.load(Ordering::Relaxed),
        }
    }
}
