//! The HTTP routes, one module per feature, each with its own `router()`.

pub mod accounts;
pub mod game_records;
pub mod health;
pub mod lobby;
pub mod pages;
pub mod paging;
pub mod players;
pub mod position;
pub mod puzzles;
pub mod rooms;
pub mod seeks;

use crate::app_state::AppState;
use crate::error::AppError;
use crate::ids::RoomCode;
use crate::listen::peer_ip;
use crate::rate::client_key;
use crate::store::RoomRow;

/// Reads the room whose code is `text` from the store, for the client of `extensions`.
/// Unknown codes count against the address's [`crate::rate::RoomMisses`].
///
/// # Errors
/// [`AppError::RateLimited`] while the address has spent its unknown codes (also for a
/// known code); [`AppError::NotFound`] for an unknown one; [`AppError::Internal`] when the
/// store fails.
pub async fn find_room(
    app: &AppState,
    extensions: &axum::http::Extensions,
    text: &str,
) -> Result<RoomRow, AppError> {
    let ip = client_key(peer_ip(extensions));
    let misses = &app.limits.room_misses;
    misses.check(ip)?;
    let Some(code) = RoomCode::parse(text) else {
        // Not a code at all; echo only its start, whatever its length.
        let shown: String = text.chars().take(16).collect();
        let more = if shown.len() < text.len() { "…" } else { "" };
        return Err(misses.missed(ip, format!("no room {shown:?}{more}")));
    };
    match app.store.room(&code).await? {
        Some(row) => Ok(row),
        None => Err(misses.missed(ip, format!("no room {code}"))),
    }
}

/// Answers `pgn` as a download named `file` (`xiangqi-K7M2QX-round1.pgn`):
/// `application/x-chess-pgn` as an attachment, the form of every PGN route.
pub fn pgn_download(file: &str, pgn: String) -> axum::response::Response {
    use axum::http::header;
    use axum::response::IntoResponse;
    (
        [
            (
                header::CONTENT_TYPE,
                "application/x-chess-pgn; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file}\""),
            ),
        ],
        pgn,
    )
        .into_response()
}

/// Checks that a request may read room `row`: a room with a password needs its watcher
/// credential `watch` (from `/join` or the room's creation).
///
/// # Errors
/// [`AppError::PasswordNeeded`] when the room has a password and `watch` does not match.
pub fn may_read(row: &RoomRow, watch: Option<&str>) -> Result<(), AppError> {
    match row.password_hash.as_deref() {
        Some(hash)
            if !watch.is_some_and(|w| crate::ids::WatchKey::of(&row.code, hash).matches(w)) =>
        {
            Err(AppError::PasswordNeeded)
        }
        _ => Ok(()),
    }
}
