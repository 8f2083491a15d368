//! `GET /api/health`: answers while the server runs.

use crate::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

/// Returns the health route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/health", get(health))
}

/// `{"status":"ok","version":…,"engine":{"running","queued","waiting_clients","workers_max",
/// "searched","longest_wait_ms","oldest_wait_ms","queue_cap","reserved","refused"}}`: the
/// engine pool's figures say whether computer games wait, and whether new ones are refused
/// (see [`crate::computer::PoolLoad`]).
async fn health(State(app): State<AppState>) -> Json<Value> {
    Json(json!({
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "engine": app.rooms.computer.load(),
    }))
}
