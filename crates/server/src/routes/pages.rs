//! The browser pages and their assets, embedded from `web/` at build time so the binary
//! needs nothing beside it.

use crate::AppState;
use axum::extract::Path;
use axum::http::{header, StatusCode};
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
        .route("/assets/{*path}", get(asset))
}

async fn page(name: &'static str) -> Response {
    file(name)
}

async fn asset(Path(path): Path<String>) -> Response {
    file(&path)
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
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
