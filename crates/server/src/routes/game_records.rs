//! `GET /api/games/{id}` and `GET /api/games/{id}.pgn`: the permanent record of a finished
//! online game (`docs/protocol.md`, "Finished games"), stored when it ended, kept after its
//! room expires; the page `/game/{id}` shows it.

use crate::app_state::AppState;
use crate::error::{ApiPath, AppError};
use crate::ids::GameId;
use crate::store::{GamePlayer, GameRow};
use crate::time_control;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use xiangqi::Color;
use xiangqi_view::protocol::{ComputerSeat, TimeControlJson};

/// Returns the finished-game routes.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/games/{id}", get(fetch))
}

/// One side of a finished game on the wire.
#[derive(Serialize)]
pub struct PlayerView {
    /// The name the player chose in the room, if any.
    pub display_name: Option<String>,
    /// The account that played this side, if a signed-in player did and it still exists.
    pub account: Option<String>,
    /// Whether that account has been deleted (shown as "deleted player").
    pub deleted: bool,
    /// In a rated game: this side's rating after it.
    pub rating: Option<f64>,
    /// In a rated game: the change it made to this side's rating.
    pub rating_change: Option<f64>,
}

impl PlayerView {
    /// The wire form of `p`.
    pub fn of(p: &GamePlayer) -> PlayerView {
        let deleted = p.account.as_ref().is_some_and(|(_, d)| *d);
        PlayerView {
            display_name: p.display_name.clone(),
            account: p
                .account
                .as_ref()
                .filter(|(_, d)| !d)
                .map(|(n, _)| n.clone()),
            deleted,
            rating: p.rating.map(|(after, _)| after),
            rating_change: p.rating.map(|(_, change)| change),
        }
    }
}

/// A finished game on the wire.
#[derive(Serialize)]
pub struct GameView {
    id: String,
    url: String,
    pgn_url: String,
    room: String,
    round: i64,
    rules: String,
    time_control: Option<TimeControlJson>,
    category: &'static str,
    rated: bool,
    start_fen: String,
    moves: Vec<String>,
    result: String,
    reason: Option<String>,
    status: serde_json::Value,
    red: PlayerView,
    black: PlayerView,
    computer: Option<ComputerSeat>,
    ended_at: i64,
}

/// Reads the game `text` names (its id, case-insensitive).
///
/// # Errors
/// [`AppError::NotFound`] for a text that is not a game id or an unknown id;
/// [`AppError::Internal`] when the store fails.
async fn find(app: &AppState, text: &str) -> Result<GameRow, AppError> {
    let shown: String = text.chars().take(16).collect();
    let not_found = || AppError::NotFound(format!("no game {shown:?}"));
    let id = GameId::parse(text).ok_or_else(not_found)?;
    app.store.game(&id).await?.ok_or_else(not_found)
}

/// `GET /api/games/{id}` (the record as JSON) and `GET /api/games/{id}.pgn` (the PGN as a
/// download).
async fn fetch(
    State(app): State<AppState>,
    ApiPath(path): ApiPath<String>,
) -> Result<Response, AppError> {
    if let Some(id) = path.strip_suffix(".pgn") {
        let row = find(&app, id).await?;
        return Ok(super::pgn_download(
            &format!("xiangqi-{}.pgn", row.id),
            row.pgn,
        ));
    }
    let row = find(&app, &path).await?;
    Ok(Json(GameView::of(row)?).into_response())
}

impl GameView {
    /// The wire form of the stored game `row`.
    ///
    /// # Errors
    /// [`AppError::Internal`] when its stored status does not read back.
    pub fn of(row: GameRow) -> Result<GameView, AppError> {
        let status = serde_json::from_str(&row.status_json)
            .map_err(|e| AppError::Internal(format!("game {}: stored status: {e}", row.id)))?;
        Ok(GameView {
            url: format!("/game/{}", row.id),
            pgn_url: format!("/api/games/{}.pgn", row.id),
            id: row.id.to_string(),
            room: row.room,
            round: row.round,
            rules: row.rules,
            time_control: row.time_control.map(TimeControlJson::from),
            category: time_control::category(row.time_control),
            rated: row.rated,
            start_fen: row.start_fen,
            moves: row.moves,
            result: row.result,
            reason: row.reason,
            status,
            red: PlayerView::of(&row.players[Color::Red]),
            black: PlayerView::of(&row.players[Color::Black]),
            computer: row.computer,
            ended_at: row.ended_at,
        })
    }
}
