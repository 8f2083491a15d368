//! The HTTP routes, one module per feature, each with its own `router()`.

pub mod health;
pub mod lobby;
pub mod pages;
pub mod position;
pub mod puzzles;
pub mod rooms;

use crate::error::AppError;
use crate::ids::RoomCode;

/// Reads a room code from a URL, or answers 404.
///
/// # Errors
/// [`AppError::NotFound`] when the text cannot be a room code.
pub fn room_code(text: &str) -> Result<RoomCode, AppError> {
    RoomCode::parse(text).ok_or_else(|| AppError::NotFound(format!("no room {text:?}")))
}
