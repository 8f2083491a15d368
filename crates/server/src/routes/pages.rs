//! The browser pages and their assets, embedded from `web/` at build time so the binary
//! needs nothing beside it.

use crate::error::AppError;
use crate::AppState;
use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use rust_embed::RustEmbed;

/// The `web/` folder, minus what only the browser tests need.
#[derive(RustEmbed)]
#[folder = "../../web/"]
#[exclude = "node_modules/*"]
#[exclude = "tests/*"]
#[exclude = "test-artifacts/*"]
#[exclude = "package.json"]
#[exclude = "package-lock.json"]
#[exclude = "tsconfig.json"]
struct Web;

/// Returns the page routes and `/assets/{*path}`.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(|| page("index.html")))
        .route("/local", get(|| page("local.html")))
        .route("/computer", get(|| page("computer.html")))
        .route("/play/{code}", get(|| page("play.html")))
        .route("/lobby", get(|| page("lobby.html")))
        .route("/puzzles/new", get(|| page("puzzle-editor.html")))
        .route("/puzzles/{id}", get(|| page("puzzle.html")))
        .route("/rules", get(|| page("rules.html")))
        .route("/replay", get(|| page("replay.html")))
        .route("/analysis", get(|| page("analysis.html")))
        .route("/assets/{*path}", get(asset))
}

async fn page(name: &'static str) -> Response {
    file(name)
}

async fn asset(path: Result<Path<String>, PathRejection>) -> Response {
    match path {
        Ok(Path(path)) => file(&path),
        Err(_) => not_found_page(),
    }
}

/// Answers a request no route matched: under `/api/` or `/ws/` with the JSON error
/// `not_found`, elsewhere with the site's "page not found" page (status 404).
pub async fn fallback(uri: Uri) -> Response {
    let path = uri.path();
    let api = ["/api", "/ws"]
        .iter()
        .any(|p| path == *p || path.starts_with(&format!("{p}/")));
    if api {
        AppError::NotFound(format!("no route {path}")).into_response()
    } else {
        not_found_page()
    }
}

/// The site's 404 page (`web/404.html`).
fn not_found_page() -> Response {
    match Web::get("404.html") {
        Some(f) => (
            StatusCode::NOT_FOUND,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            f.data,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

fn file(path: &str) -> Response {
    match Web::get(path) {
        Some(f) => (
            [
                (header::CONTENT_TYPE, f.metadata.mimetype().to_string()),
                // Assets change with the binary; revalidate rather than serve stale code.
                (header::CACHE_CONTROL, "no-cache".to_string()),
            ],
            f.data,
        )
            .into_response(),
        None => not_found_page(),
    }
}
