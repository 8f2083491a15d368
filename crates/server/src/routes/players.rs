//! `GET /api/players/{name}` (a player's profile: account, ratings, results) and
//! `GET /api/players/{name}/games` (their finished games, newest first, a page at a time),
//! `GET /api/players/{name}/games.pgn` (all of them as one PGN file),
//! `GET /api/players/{name}/rating-history`, `GET /api/leaderboard?category=C`, and
//! `POST /api/games/mine` (the games of the seats a browser holds, without an account);
//! the page `/@/{name}` shows them (`docs/protocol.md`, "Players").

use super::game_records::PlayerView;
use super::paging;
use crate::app_state::AppState;
use crate::error::{ApiJson, ApiPath, ApiQuery, AppError};
use crate::ids::GameId;
use crate::ids::{SeatHash, SeatToken};
use crate::ratings;
use crate::store::{AccountRow, GameRow};
use crate::time_control;
use axum::extract::State;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use xiangqi::Color;
use xiangqi_view::protocol::ComputerSeat;

/// Returns the player routes.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/players/{name}/games", get(games))
        .route("/api/players/{name}/games.pgn", get(all_pgn))
        .route("/api/players/{name}/rating-history", get(history))
        .route("/api/leaderboard", get(leaderboard))
        .route("/api/games/mine", post(mine))
}

/// Most seats one "My games" request may name.
const MAX_SEATS: usize = 200;
/// Most games "My games" lists.
const MAX_MINE: u32 = 100;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MyGamesQuery {
    /// The seat tokens the browser holds.
    seats: Vec<String>,
}

/// `POST /api/games/mine` `{seats: [token, …]}`: the finished games played from these
/// seats (the newest [`MAX_MINE`]), each from its seat's side: "My games" for a browser
/// without an account. The tokens are the browser's own credentials, so only it can ask.
async fn mine(
    State(app): State<AppState>,
    ApiJson(q): ApiJson<MyGamesQuery>,
) -> Result<Json<GamesPage>, AppError> {
    if q.seats.len() > MAX_SEATS || q.seats.iter().any(|t| t.len() > 64) {
        return Err(AppError::InvalidField(format!(
            "seats: at most {MAX_SEATS} seat tokens of at most 64 characters"
        )));
    }
    let hashes: Vec<SeatHash> = q
        .seats
        .iter()
        .map(|t| SeatToken::from_client(t).hash())
        .collect();
    let rows = app.store.games_of_seats(&hashes, MAX_MINE).await?;
    let games = rows
        .iter()
        .map(|r| {
            let held = |c: Color| {
                r.seats[c]
                    .as_ref()
                    .is_some_and(|h| hashes.iter().any(|m| &m.0 == h))
            };
            let me = if held(Color::Red) {
                Color::Red
            } else {
                Color::Black
            };
            played_by(r, me)
        })
        .collect();
    Ok(Json(GamesPage { games, next: None }))
}

/// Most points of a rating history.
const MAX_HISTORY: u32 = 1000;
/// Players on a leaderboard.
const BOARD_SIZE: u32 = 50;

/// One point of a rating history.
#[derive(Serialize)]
struct HistoryPoint {
    category: String,
    at: i64,
    rating: f64,
}

#[derive(Serialize)]
struct History {
    /// Oldest first.
    history: Vec<HistoryPoint>,
}

/// `GET /api/players/{name}/rating-history`: the player's rating after each rated game (the
/// latest [`MAX_HISTORY`]), oldest first.
async fn history(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
) -> Result<Json<History>, AppError> {
    let account = player(&app, &name).await?;
    let rows = app.store.rating_history(&account.id, MAX_HISTORY).await?;
    Ok(Json(History {
        history: rows
            .into_iter()
            .map(|r| HistoryPoint {
                category: r.category,
                at: r.at,
                rating: r.rating,
            })
            .collect(),
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardQuery {
    /// `bullet`, `blitz`, `rapid` or `classical`.
    category: String,
}

#[derive(Serialize)]
struct BoardLine {
    name: String,
    url: String,
    rating: f64,
    deviation: f64,
    games: i64,
}

#[derive(Serialize)]
struct Board {
    category: String,
    players: Vec<BoardLine>,
}

/// `GET /api/leaderboard?category=C`: the top [`BOARD_SIZE`] non-provisional ratings in
/// the category, highest first.
async fn leaderboard(
    State(app): State<AppState>,
    ApiQuery(q): ApiQuery<BoardQuery>,
) -> Result<Json<Board>, AppError> {
    if !ratings::RATED_CATEGORIES.contains(&q.category.as_str()) {
        return Err(AppError::InvalidField(format!(
            "category: one of {}",
            ratings::RATED_CATEGORIES.join(", ")
        )));
    }
    let rows = app.store.leaderboard(&q.category, BOARD_SIZE).await?;
    Ok(Json(Board {
        category: q.category,
        players: rows
            .into_iter()
            .map(|r| BoardLine {
                url: format!("/@/{}", r.name),
                name: r.name,
                rating: r.rating.rating,
                deviation: r.rating.deviation,
                games: r.games,
            })
            .collect(),
    }))
}

/// Most games in one download of a player's games.
const MAX_DOWNLOAD: u32 = 10_000;

/// `GET /api/players/{name}/games.pgn`: every finished game of the player (the newest
/// [`MAX_DOWNLOAD`]), newest first, as one PGN file.
async fn all_pgn(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
) -> Result<Response, AppError> {
    let account = player(&app, &name).await?;
    let games = app.store.player_pgns(&account.id, MAX_DOWNLOAD).await?;
    let file = format!("xiangqi-{}.pgn", account.name);
    Ok(super::pgn_download(&file, games.join("\n")))
}

/// A rating in one category.
#[derive(Serialize)]
struct RatingView {
    rating: f64,
    deviation: f64,
    games: i64,
    provisional: bool,
}

/// Wins, draws and losses against people (games against the computer and aborted games
/// are not counted).
#[derive(Serialize)]
struct ResultsView {
    wins: i64,
    draws: i64,
    losses: i64,
}

#[derive(Serialize)]
struct Profile {
    name: String,
    created: i64,
    /// By category (`bullet`, `blitz`, `rapid`, `classical`); a category the player has
    /// no rated game in is absent.
    ratings: BTreeMap<String, RatingView>,
    results: ResultsView,
}

/// Reads the live account named `name` (any case).
///
/// # Errors
/// [`AppError::NotFound`] when no live account has that name; [`AppError::Internal`] when
/// the store fails.
async fn player(app: &AppState, name: &str) -> Result<AccountRow, AppError> {
    let shown: String = name.chars().take(24).collect();
    let not_found = || AppError::NotFound(format!("no player {shown:?}"));
    if name.chars().count() > crate::accounts::credentials::MAX_NAME {
        return Err(not_found());
    }
    match app
        .store
        .account_by_name(&name.to_ascii_lowercase())
        .await?
    {
        Some(a) if a.deleted_at.is_none() => Ok(a),
        _ => Err(not_found()),
    }
}

/// `GET /api/players/{name}`.
async fn profile(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
) -> Result<Json<Profile>, AppError> {
    let account = player(&app, &name).await?;
    let r = app.store.player_results(&account.id).await?;
    let ratings = app
        .store
        .player_ratings(&account.id)
        .await?
        .into_iter()
        .map(|row| {
            let view = RatingView {
                rating: row.rating.rating,
                deviation: row.rating.deviation,
                games: row.games,
                provisional: row.rating.provisional(),
            };
            (row.category, view)
        })
        .collect();
    Ok(Json(Profile {
        name: account.name,
        created: account.created_at,
        ratings,
        results: ResultsView {
            wins: r.wins,
            draws: r.draws,
            losses: r.losses,
        },
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GamesQuery {
    /// Games on a page, 1–[`paging::MAX_PAGE`].
    limit: Option<u32>,
    /// The `next` of the previous page: `ENDED_AT-ID` of its last game.
    after: Option<String>,
}

/// One of a player's games, from their side.
#[derive(Serialize)]
struct PlayedGame {
    id: String,
    url: String,
    /// The colour the player had.
    color: &'static str,
    /// The other side.
    opponent: PlayerView,
    /// The engine, when it was the other side.
    computer: Option<ComputerSeat>,
    /// `win`, `draw`, `loss` or `aborted`, for the player.
    result: &'static str,
    /// Why it ended (`checkmate`, `resignation`, …).
    reason: Option<String>,
    category: &'static str,
    rated: bool,
    /// The player's rating after the game, in a rated game.
    rating: Option<f64>,
    /// The player's rating change, in a rated game.
    rating_change: Option<f64>,
    plies: usize,
    ended_at: i64,
}

#[derive(Serialize)]
struct GamesPage {
    games: Vec<PlayedGame>,
    /// The `after` of the next page; `None` on the last page.
    next: Option<String>,
}

/// `GET /api/players/{name}/games?limit=N&after=CURSOR`.
async fn games(
    State(app): State<AppState>,
    ApiPath(name): ApiPath<String>,
    ApiQuery(q): ApiQuery<GamesQuery>,
) -> Result<Json<GamesPage>, AppError> {
    let limit = paging::limit(q.limit)?;
    let after = paging::cursor(q.after.as_deref(), "ENDED_AT", GameId::parse)?;
    let account = player(&app, &name).await?;
    let rows = app.store.player_games(&account.id, after, limit).await?;
    let last = rows.last().map(|r| (r.ended_at, r.id.clone()));
    let next = paging::next(rows.len(), limit, last);
    let key = account.name.to_ascii_lowercase();
    Ok(Json(GamesPage {
        games: rows.iter().map(|r| played(r, &key)).collect(),
        next,
    }))
}

/// `row` from the side of the account whose lower-case name is `key`.
fn played(row: &GameRow, key: &str) -> PlayedGame {
    let is_me = |c: Color| {
        row.players[c]
            .account
            .as_ref()
            .is_some_and(|(n, _)| n.to_ascii_lowercase() == key)
    };
    played_by(
        row,
        if is_me(Color::Red) {
            Color::Red
        } else {
            Color::Black
        },
    )
}

/// `row` from the side of the player who had `me`.
fn played_by(row: &GameRow, me: Color) -> PlayedGame {
    let result = match row.result.as_str() {
        "draw" => "draw",
        "aborted" => "aborted",
        winner if winner == me.name() => "win",
        _ => "loss",
    };
    PlayedGame {
        id: row.id.to_string(),
        url: format!("/game/{}", row.id),
        color: me.name(),
        opponent: PlayerView::of(&row.players[!me]),
        computer: row.computer,
        result,
        reason: row.reason.clone(),
        category: time_control::category(row.time_control),
        rated: row.rated,
        rating: row.players[me].rating.map(|(after, _)| after),
        rating_change: row.players[me].rating.map(|(_, change)| change),
        plies: row.moves.len(),
        ended_at: row.ended_at,
    }
}
