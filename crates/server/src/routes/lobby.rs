//! `GET /api/lobby`: public rooms waiting for a guest; `GET /api/games`: public games
//! going on, to watch; `GET /api/lobby/events`: a server-sent event each time they may have
//! changed (see [`crate::lobby_feed`]).

use crate::app_state::AppState;
use crate::error::AppError;
use crate::room::actor::Command;
use crate::time_control::TimeControlJson;
use axum::extract::State;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::routing::get;
use axum::{Json, Router};
use futures_util::Stream;
use serde::Serialize;
use std::convert::Infallible;
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
        .route("/api/lobby/events", get(events))
}

/// Streams `event: lobby` (data: the feed's version) once at the start and after each
/// change of the lobby, until the client goes away or the server stops; a comment every 15 s
/// keeps proxies from closing it.
async fn events(State(app): State<AppState>) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let mut rx = app.rooms.lobby().subscribe();
    rx.mark_changed();
    let shutdown = app.shutdown.clone();
    let stream = futures_util::stream::unfold((rx, shutdown), |(mut rx, shutdown)| async move {
        tokio::select! {
            () = shutdown.cancelled() => None,
            changed = rx.changed() => {
                changed.ok()?;
                let v = *rx.borrow_and_update();
                Some((Ok(Event::default().event("lobby").data(v.to_string())), (rx, shutdown)))
            }
        }
    });
    Sse::new(stream).keep_alive(KeepAlive::new().interval(std::time::Duration::from_secs(15)))
}

#[derive(Serialize)]
struct WatchGame {
    code: String,
    rules: &'static str,
    time_control: Option<TimeControlJson>,
    rated: bool,
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
            rated: r.rated,
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
    rated: bool,
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
            rated: r.rated,
            created_at: r.created_at,
        })
        .collect();
    Ok(Json(Lobby { rooms }))
}
