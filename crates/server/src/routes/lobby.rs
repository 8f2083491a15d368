//! `GET /api/lobby`: public rooms waiting for a guest.

use crate::error::AppError;
use crate::time_control::TimeControlJson;
use crate::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

/// Most rooms listed.
const LOBBY_LIMIT: i64 = 100;

/// Returns the lobby route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/lobby", get(lobby))
}

#[derive(Serialize)]
struct LobbyRoom {
    code: String,
    rules: &'static str,
    time_control: Option<TimeControlJson>,
    has_password: bool,
    created_at: i64,
}

#[derive(Serialize)]
struct Lobby {
    rooms: Vec<LobbyRoom>,
}

async fn lobby(State(app): State<AppState>) -> Result<Json<Lobby>, AppError> {
    let rows = app.store.lobby(LOBBY_LIMIT).await?;
    let rooms = rows
        .into_iter()
        .map(|r| LobbyRoom {
            code: r.code.to_string(),
            rules: r.rules.name(),
            time_control: r.time_control.map(TimeControlJson::from),
            has_password: r.has_password,
            created_at: r.created_at,
        })
        .collect();
    Ok(Json(Lobby { rooms }))
}
