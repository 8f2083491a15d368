//! The search's clock: the operating system's monotonic clock, or in WebAssembly, which has
//! none (`std::time::Instant::now` panics on `wasm32-unknown-unknown`), a millisecond clock
//! the host page registers with `set_host_clock` (`performance.now()` in a browser).

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;

#[cfg(target_arch = "wasm32")]
pub use host::{set_host_clock, Instant};

#[cfg(target_arch = "wasm32")]
mod host {
    use std::sync::OnceLock;
    use std::time::Duration;

    static HOST_CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

    /// Registers the host's clock: a function returning milliseconds since any fixed
    /// origin, never going backwards. Only the first registration counts. Until one is
    /// registered time stands still, so time limits never end a search (depth and node
    /// limits still do).
    pub fn set_host_clock(now_ms: fn() -> f64) {
        let _ = HOST_CLOCK.set(now_ms);
    }

    /// A point in time on the host's clock.
    #[derive(Clone, Copy, Debug)]
    pub struct Instant {
        ms: f64,
    }

    impl Instant {
        /// Returns the current time.
        pub fn now() -> Instant {
            Instant {
                ms: HOST_CLOCK.get().map_or(0.0, |f| f()),
            }
        }

        /// Returns the time since `self` (zero if the host's clock went backwards).
        pub fn elapsed(&self) -> Duration {
            let ms = (Instant::now().ms - self.ms).max(0.0);
            Duration::from_micros((ms * 1000.0) as u64)
        }
    }
}
