//! `POST /api/puzzles` and `GET /api/puzzles/{id}`: positions players compose and share;
//! `GET /api/puzzles`: the public ones, newest first, a page at a time.

use super::paging;
use super::position::{play_moves, required_start_position, undecided_start};
use crate::app_state::AppState;
use crate::error::{ApiJson, ApiPath, ApiQuery, AppError};
use crate::ids::PuzzleId;
use crate::rate::{limited, RateLimits};
use crate::store::PuzzleRow;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use xiangqi::game::RuleSet;
use xiangqi_view::player_text::{self, TextKind};
use xiangqi_view::ViewError;

/// Longest solution line, in plies.
const MAX_SOLUTION: usize = 200;

/// Returns the puzzle routes; creating is limited per address by `limits.puzzles`.
pub fn router(limits: &RateLimits) -> Router<AppState> {
    Router::new()
        .route(
            "/api/puzzles",
            limited(post(create), limits.puzzles.as_ref()).get(list),
        )
        .route("/api/puzzles/{id}", get(fetch))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewPuzzle {
    fen: String,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    solution: Option<Vec<String>>,
    /// Listed on `/puzzles` when true; shared by link only when false (the default).
    #[serde(default)]
    public: bool,
}

#[derive(Serialize)]
struct Created {
    id: String,
    url: String,
}

#[derive(Serialize)]
struct Puzzle {
    id: String,
    fen: String,
    title: String,
    solution: Option<Vec<String>>,
    public: bool,
    created_at: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    /// Puzzles on a page, 1–[`paging::MAX_PAGE`].
    limit: Option<u32>,
    /// The `next` of the previous page: `CREATED_AT-ID` of its last puzzle.
    after: Option<String>,
}

#[derive(Serialize)]
struct Listed {
    id: String,
    url: String,
    fen: String,
    title: String,
    created_at: i64,
}

#[derive(Serialize)]
struct Page {
    puzzles: Vec<Listed>,
    /// The `after` of the next page; `None` on the last page.
    next: Option<String>,
}

/// Lists the public puzzles, newest first: `?limit=N` (1–100, default 30) a page, and
/// `?after=` the previous page's `next`.
async fn list(
    State(app): State<AppState>,
    ApiQuery(q): ApiQuery<ListQuery>,
) -> Result<Json<Page>, AppError> {
    let limit = paging::limit(q.limit)?;
    let after = paging::cursor(q.after.as_deref(), "CREATED_AT", PuzzleId::parse)?;
    let rows = app.store.public_puzzles(after, limit).await?;
    let last = rows.last().map(|r| (r.created_at, r.id.clone()));
    let next = paging::next(rows.len(), limit, last);
    Ok(Json(Page {
        puzzles: rows
            .into_iter()
            .map(|r| Listed {
                url: format!("/puzzles/{}", r.id),
                id: r.id.to_string(),
                fen: r.fen,
                title: r.title,
                created_at: r.created_at,
            })
            .collect(),
        next,
    }))
}

async fn create(
    State(app): State<AppState>,
    ApiJson(req): ApiJson<NewPuzzle>,
) -> Result<(StatusCode, Json<Created>), AppError> {
    let pos = required_start_position(&req.fen)?;
    undecided_start(&pos, RuleSet::Wxf2018)?;
    // No title, or a blank one, is "Puzzle"; any other goes through the one check of
    // player text.
    let title = match req.title.as_deref().filter(|t| !t.trim().is_empty()) {
        None => "Puzzle".to_string(),
        Some(t) => player_text::check(TextKind::PuzzleTitle, t).map_err(ViewError::from)?,
    };
    let solution = match req.solution {
        Some(moves) if !moves.is_empty() => {
            if moves.len() > MAX_SOLUTION {
                return Err(AppError::InvalidField(format!(
                    "solution: at most {MAX_SOLUTION} moves"
                )));
            }
            let (game, _, _) = play_moves(pos.clone(), RuleSet::Wxf2018, &moves)?;
            let moves: Vec<String> = game.moves().iter().map(|m| m.iccs()).collect();
            Some(serde_json::to_string(&moves).map_err(|e| AppError::Internal(e.to_string()))?)
        }
        _ => None,
    };
    let fen = pos.fen();
    for _ in 0..5 {
        let id = PuzzleId::random();
        let row = PuzzleRow {
            id: id.clone(),
            fen: fen.clone(),
            title: title.clone(),
            solution: solution.clone(),
            public: req.public,
            created_at: app.wall.now_ms(),
        };
        if app.store.insert_puzzle(row).await? {
            return Ok((
                StatusCode::CREATED,
                Json(Created {
                    url: format!("/puzzles/{id}"),
                    id: id.to_string(),
                }),
            ));
        }
    }
    Err(AppError::Internal("no free puzzle id after 5 tries".into()))
}

async fn fetch(
    State(app): State<AppState>,
    ApiPath(id): ApiPath<String>,
) -> Result<Json<Puzzle>, AppError> {
    let not_found = || AppError::NotFound(format!("no puzzle {id:?}"));
    let pid = PuzzleId::parse(&id).ok_or_else(not_found)?;
    let row = app.store.puzzle(&pid).await?.ok_or_else(not_found)?;
    let solution = match row.solution {
        Some(s) => Some(serde_json::from_str(&s).map_err(|e| AppError::Internal(e.to_string()))?),
        None => None,
    };
    Ok(Json(Puzzle {
        id: row.id.to_string(),
        fen: row.fen,
        title: row.title,
        solution,
        public: row.public,
        created_at: row.created_at,
    }))
}
