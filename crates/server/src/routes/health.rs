//! `GET /api/health`: answers while the server runs.

use crate::app_state::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

/// Returns the health route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/health", get(health))
}

/// `{"status":"ok","version":…,"engine":{"running","queued","waiting_clients","workers_max",
/// "searched","longest_wait_ms","oldest_wait_ms","queue_cap","reserved","refused"},
/// "memory":{"rss_bytes"}}`: the engine pool's figures say whether computer games wait, and
/// whether new ones are refused (see [`crate::computer::PoolLoad`]); the memory the process
/// holds, null where the system does not say (see [`resident_bytes`]).
async fn health(State(app): State<AppState>) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "engine": app.rooms.computer.load(),
        "memory": {"rss_bytes": resident_bytes()},
    }))
}

/// Returns the process's resident set size in bytes, read from `VmRSS` in
/// `/proc/self/status` (Linux; proc(5)), or `None` on a system without it.
fn resident_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    parse_vm_rss(&status)
}

/// Reads the `VmRSS:   12345 kB` line of a `/proc/PID/status` text, in bytes.
fn parse_vm_rss(status: &str) -> Option<u64> {
    let line = status.lines().find_map(|l| l.strip_prefix("VmRSS:"))?;
    let kb: u64 = line.trim().strip_suffix("kB")?.trim().parse().ok()?;
    kb.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resident_size_is_read_from_the_status_text() {
        let status = "Name:\txiangqi\nVmPeak:\t  900 kB\nVmRSS:\t   43210 kB\nThreads:\t9\n";
        assert_eq!(parse_vm_rss(status), Some(43_210 * 1024));
        assert_eq!(parse_vm_rss("Name:\tx\n"), None);
        assert_eq!(parse_vm_rss("VmRSS:\tlots kB\n"), None);
        if cfg!(target_os = "linux") {
            assert!(resident_bytes().is_some_and(|b| b > 0));
        }
    }
}
