//! `GET /api/lobby`: public rooms waiting for a guest; `GET /api/games`: public games
//! going on, to watch.

use crate::error::AppError;
use crate::room::actor::Command;
use crate::time_control::TimeControlJson;
use crate::AppState;
use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use tokio::sync::oneshot;

/// Most rooms listed.
const LOBBY_LIMIT: i64 = 100;

/// Most games listed to watch.
const GAMES_LIMIT: i64 = 30;
/// A game with no event for this long is not listed to watch.
const GAMES_IDLE_MS: i64 = 30 * 60 * 1000;

/// Returns the lobby routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/lobby", get(lobby))
        .route("/api/games", get(games))
}

#[derive(Serialize)]
struct WatchGame {
    code: String,
    rules: &'static str,
    time_control: Option<TimeControlJson>,
    round: u32,
    moves: usize,
    created_at: i64,
}

#[derive(Serialize)]
struct Games {
    games: Vec<WatchGame>,
}

/// Lists the public games going on (see [`crate::store::Store::watchable`]): each room is
/// asked for its current round, and only those still being played are kept.
async fn games(State(app): State<AppState>) -> Result<Json<Games>, AppError> {
    let since = app.wall.now_ms().saturating_sub(GAMES_IDLE_MS);
    let rows = app.store.watchable(GAMES_LIMIT, since).await?;
    let mut games = Vec::with_capacity(rows.len());
    for r in rows {
        let (reply, answer) = oneshot::channel();
        let asked = app
            .rooms
            .send(&r.code, Command::Record { round: None, reply })
            .await?;
        let Some(record) = (if asked {
            answer.await.ok().flatten()
        } else {
            None
        }) else {
            continue;
        };
        if record.status.result != "ongoing" {
            continue;
        }
        games.push(WatchGame {
            code: r.code.to_string(),
            rules: r.rules.name(),
            time_control: r.time_control.map(TimeControlJson::from),
            round: record.round,
            moves: record.moves.len(),
            created_at: r.created_at,
        });
    }
    Ok(Json(Games { games }))
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
