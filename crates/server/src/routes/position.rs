//! `POST /api/position`: the stateless position service. Given a FEN and moves it returns
//! what the browser needs (legal moves, check, status, notation) so the browser never
//! computes a rule itself. The reply is built by `xiangqi-view`, as the browser's own
//! WebAssembly module builds it, so both answer alike.

use crate::app_state::AppState;
use crate::error::{ApiJson, AppError};
use axum::routing::post;
use axum::{Json, Router};
use xiangqi::game::{Game, RuleSet};
use xiangqi::Position;
pub use xiangqi_view::position::{PositionReply, PositionRequest, MAX_MOVES};

/// Returns the position route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/position", post(position))
}

/// Reads the optional `fen` of a room or puzzle request: left out (or null), the start
/// position; given, it must be a FEN ([`required_start_position`]).
///
/// # Errors
/// [`AppError::InvalidFen`] listing every problem, a blank FEN included.
pub fn start_position(fen: Option<&str>) -> Result<Position, AppError> {
    fen.map_or_else(|| Ok(Position::default()), required_start_position)
}

/// Reads the `fen` field of a room or puzzle request, which is given: a blank one is refused
/// like any other text that is not a FEN, not read as the start position (a client that
/// lost its position must not silently get another).
///
/// # Errors
/// [`AppError::InvalidFen`] listing every problem; for a blank FEN, that it is blank.
pub fn required_start_position(fen: &str) -> Result<Position, AppError> {
    if fen.trim().is_empty() {
        let problem = "fen: blank; leave the field out for the start position".to_string();
        return Err(AppError::InvalidFen {
            message: problem.clone(),
            problems: vec![problem],
        });
    }
    Ok(xiangqi_view::position::start_position(Some(fen))?)
}

/// Refuses a start position that the rules library already judges decided under `rules`
/// (checkmate or no legal move, insufficient material such as bare generals, the move limit
/// reached by the FEN's half-move clock): a room or puzzle from it would be over at once.
///
/// # Errors
/// [`AppError::DecidedPosition`] naming the ruling.
pub fn undecided_start(start: &Position, rules: RuleSet) -> Result<(), AppError> {
    let game = Game::new(start.clone(), rules);
    let status = game.status();
    match status.reason {
        Some(reason) if status.is_over() => Err(AppError::DecidedPosition {
            reason: reason.name(),
            explanation: status.explanation.clone(),
        }),
        _ => Ok(()),
    }
}

/// Reads an optional rule-set name (none: `wxf-2018`).
///
/// # Errors
/// [`AppError::InvalidField`] for an unknown name.
pub fn rule_set(name: Option<&str>) -> Result<RuleSet, AppError> {
    Ok(xiangqi_view::position::rule_set(name)?)
}

/// Plays `moves` (ICCS) from `start` under `rules`; returns the game and the moves in WXF
/// and Chinese notation.
///
/// # Errors
/// [`AppError::IllegalMove`] naming the first move that cannot be played, its index and why;
/// [`AppError::InvalidField`] for more than [`MAX_MOVES`] moves.
pub fn play_moves(
    start: Position,
    rules: RuleSet,
    moves: &[String],
) -> Result<(Game, Vec<String>, Vec<String>), AppError> {
    Ok(xiangqi_view::position::play_moves(start, rules, moves)?)
}

async fn position(ApiJson(req): ApiJson<PositionRequest>) -> Result<Json<PositionReply>, AppError> {
    let reply = xiangqi_view::position_reply(req.fen.as_deref(), &req.moves, req.rules.as_deref())?;
    Ok(Json(reply))
}
