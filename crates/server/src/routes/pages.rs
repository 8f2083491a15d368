//! The browser pages and their assets, embedded from `web/` at build time so the binary
//! needs nothing beside it, and sent precompressed (brotli or gzip, as the request's
//! `Accept-Encoding` allows) with an ETag; `If-None-Match` on a current ETag gets 304.
//!
//! Caching: pages and `/assets/{*path}` carry `Cache-Control: no-cache` (the browser asks
//! again each time, and a matching ETag makes that a 304 without a body). The pages refer to
//! their assets under `/assets/v/{VERSION}/{*path}`, where `VERSION` is a hash over every
//! embedded file ([`crate::assets::Assets::version`]); those URLs carry
//! [`IMMUTABLE`], a year, since a new build that changes any file changes them. A request for
//! another version (a page of an older or newer build, say while several nodes run different
//! builds) is answered with the current file but `no-cache`, so it is never kept under a
//! URL it does not belong to; the file of the right build is fetched again when that build's
//! page asks for it. `web/v/` is reserved for this prefix.

use crate::app_state::AppState;
use crate::assets::{assets, IMMUTABLE, NO_CACHE};
use crate::error::AppError;
use axum::extract::rejection::PathRejection;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// The prefix of versioned asset paths under `/assets/`.
const VERSIONED: &str = "v/";

/// Returns the page routes and `/assets/{*path}` (which also serves
/// `/assets/v/{VERSION}/{*path}`).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(|h| page("index.html", h)))
        .route("/local", get(|h| page("local.html", h)))
        .route("/computer", get(|h| page("computer.html", h)))
        .route("/play/{code}", get(|h| page("play.html", h)))
        .route("/lobby", get(|h| page("lobby.html", h)))
        .route("/puzzles", get(|h| page("puzzles.html", h)))
        .route("/puzzles/new", get(|h| page("puzzle-editor.html", h)))
        .route("/puzzles/library/{n}", get(|h| page("trainer.html", h)))
        .route("/puzzles/{id}", get(|h| page("puzzle.html", h)))
        .route("/rules", get(|h| page("rules.html", h)))
        .route("/replay", get(|h| page("replay.html", h)))
        .route("/analysis", get(|h| page("analysis.html", h)))
        .route("/account", get(|h| page("account.html", h)))
        .route("/game/{id}", get(|h| page("game.html", h)))
        .route("/@/{name}", get(|h| page("profile.html", h)))
        .route("/players", get(|h| page("players.html", h)))
        .route("/sw.js", get(service_worker))
        .route("/manifest.webmanifest", get(manifest))
        .route("/assets/{*path}", get(asset))
}

async fn page(name: &'static str, headers: HeaderMap) -> Response {
    match assets().page(name) {
        Some(page) => page.respond(&headers, NO_CACHE),
        None => not_found_page(&headers),
    }
}

/// `/sw.js`: the service worker, at the root so that its scope is the whole site; always
/// revalidated, so a new build's worker is found at once.
async fn service_worker(headers: HeaderMap) -> Response {
    match assets().service_worker() {
        Some(sw) => sw.respond(&headers, NO_CACHE),
        None => not_found_page(&headers),
    }
}

/// `/manifest.webmanifest`: the web app manifest (name, icons, start page) for installing.
async fn manifest(headers: HeaderMap) -> Response {
    match assets().file("manifest.webmanifest") {
        Some(m) => m.respond(&headers, NO_CACHE),
        None => not_found_page(&headers),
    }
}

async fn asset(path: Result<Path<String>, PathRejection>, headers: HeaderMap) -> Response {
    let Ok(Path(path)) = path else {
        return not_found_page(&headers);
    };
    let assets = assets();
    let (file, cache_control) = match path.strip_prefix(VERSIONED) {
        Some(rest) => {
            let (version, file) = rest.split_once('/').unwrap_or((rest, ""));
            let current = version == assets.version();
            (file, if current { IMMUTABLE } else { NO_CACHE })
        }
        None => (path.as_str(), NO_CACHE),
    };
    match assets.file(file) {
        Some(file) => file.respond(&headers, cache_control),
        None => not_found_page(&headers),
    }
}

/// Answers a request no route matched: under `/api/` or `/ws/` with the JSON error
/// `not_found`, elsewhere with the site's "page not found" page (status 404).
pub async fn fallback(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    let api = ["/api", "/ws"]
        .iter()
        .any(|p| path == *p || path.starts_with(&format!("{p}/")));
    if api {
        AppError::NotFound(format!("no route {path}")).into_response()
    } else {
        not_found_page(&headers)
    }
}

/// The site's 404 page (`web/404.html`), compressed as `request` allows; never cached.
fn not_found_page(request: &HeaderMap) -> Response {
    match assets().page("404.html") {
        Some(page) => page.send(request, StatusCode::NOT_FOUND, NO_CACHE),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}
