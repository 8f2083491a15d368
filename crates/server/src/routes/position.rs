//! `POST /api/position`: the stateless position service. Given a FEN and moves it returns
//! what the browser needs (legal moves, check, status, notation) so the browser never
//! computes a rule itself.

use crate::error::{ApiJson, AppError};
use crate::messages::Side;
use crate::room::snapshot::StatusView;
use crate::AppState;
use axum::routing::post;
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use xiangqi::game::{Game, RuleSet};
use xiangqi::Position;

/// Most moves accepted in one request.
pub const MAX_MOVES: usize = 1000;

/// Returns the position route.
pub fn router() -> Router<AppState> {
    Router::new().route("/api/position", post(position))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionRequest {
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    rules: Option<String>,
}

/// The answer of the position service.
#[derive(Serialize)]
pub struct PositionReply {
    fen: String,
    turn: Side,
    legal: Vec<String>,
    check: bool,
    status: StatusView,
    wxf: Vec<String>,
    chinese: Vec<String>,
}

/// Reads an optional FEN (none: the start position).
///
/// # Errors
/// [`AppError::InvalidFen`] listing every problem.
pub fn start_position(fen: Option<&str>) -> Result<Position, AppError> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(Position::default()),
        Some(f) => Position::from_fen(f).map_err(|e| AppError::from_fen(&e)),
    }
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
    match name {
        None => Ok(RuleSet::Wxf2018),
        Some(n) => n.parse().map_err(|_| {
            AppError::InvalidField(format!(
                "rules: unknown rule set {n:?} (wxf-2018 or casual)"
            ))
        }),
    }
}

/// Plays `moves` (ICCS) from `start` under `rules`; returns the game and the moves in WXF
/// and Chinese notation.
///
/// # Errors
/// [`AppError::IllegalMove`] naming the first move that cannot be played, its index and why.
pub fn play_moves(
    start: Position,
    rules: RuleSet,
    moves: &[String],
) -> Result<(Game, Vec<String>, Vec<String>), AppError> {
    if moves.len() > MAX_MOVES {
        return Err(AppError::InvalidField(format!(
            "moves: at most {MAX_MOVES} moves, got {}",
            moves.len()
        )));
    }
    let mut game = Game::new(start, rules);
    let (mut wxf, mut chinese) = (Vec::new(), Vec::new());
    for (i, text) in moves.iter().enumerate() {
        let illegal = |why: String| AppError::IllegalMove(format!("move {i} ({text:?}): {why}"));
        if game.status().is_over() {
            return Err(illegal("the game is already over".into()));
        }
        let pos = game.position();
        let m = xiangqi::iccs::parse(pos, text).map_err(|e| illegal(e.to_string()))?;
        wxf.push(xiangqi::wxf::write(pos, m).map_err(|e| illegal(e.to_string()))?);
        chinese.push(xiangqi::chinese::write(pos, m).map_err(|e| illegal(e.to_string()))?);
        game.play(m).map_err(|e| illegal(e.to_string()))?;
    }
    Ok((game, wxf, chinese))
}

async fn position(ApiJson(req): ApiJson<PositionRequest>) -> Result<Json<PositionReply>, AppError> {
    let start = start_position(req.fen.as_deref())?;
    let rules = rule_set(req.rules.as_deref())?;
    let (game, wxf, chinese) = play_moves(start, rules, &req.moves)?;
    let pos = game.position();
    let legal = if game.status().is_over() {
        Vec::new()
    } else {
        game.legal_moves().iter().map(|m| m.iccs()).collect()
    };
    Ok(Json(PositionReply {
        fen: pos.fen(),
        turn: pos.turn().into(),
        legal,
        check: pos.is_check(),
        status: StatusView::of_game(&game),
        wxf,
        chinese,
    }))
}
