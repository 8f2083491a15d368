//! The one error type of the HTTP routes, and how each variant becomes a response:
//! `{"error": {"code", "message"}}` with a fitting status.

use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// What went wrong with a request.
#[derive(Debug)]
pub enum AppError {
    /// 400 `bad_request`: the body is not the JSON the route expects (the message says how).
    BadRequest(String),
    /// 404 `not_found`: no such room or puzzle (the text names what was looked for).
    NotFound(String),
    /// 403 `wrong_password`: the room's password does not match.
    WrongPassword,
    /// 413 `too_large`: the body is over the size limit.
    TooLarge,
    /// 422 `invalid_fen`: the FEN cannot be read or is not a legal position; `problems`
    /// lists every reason.
    InvalidFen {
        /// The whole error in one line.
        message: String,
        /// Each problem of the position, one sentence each.
        problems: Vec<String>,
    },
    /// 422 `illegal_move`: a move that cannot be played (the message names it and its index).
    IllegalMove(String),
    /// 422 `invalid_field`: a field is out of range (the message names the field).
    InvalidField(String),
    /// 500 `internal`: logged with its detail; the client sees only that it happened.
    Internal(String),
}

impl AppError {
    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            AppError::BadRequest(_) => (StatusCode::BAD_REQUEST, "bad_request"),
            AppError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            AppError::WrongPassword => (StatusCode::FORBIDDEN, "wrong_password"),
            AppError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            AppError::InvalidFen { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_fen"),
            AppError::IllegalMove(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
            AppError::InvalidField(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_field"),
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }

    /// Turns a FEN error of the rules library into [`AppError::InvalidFen`].
    pub fn from_fen(err: &xiangqi::FenError) -> AppError {
        let problems = match err {
            xiangqi::FenError::Parse(e) => vec![e.to_string()],
            xiangqi::FenError::Position(e) => e.problems.iter().map(ToString::to_string).collect(),
        };
        AppError::InvalidFen {
            message: err.to_string(),
            problems,
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let body = match self {
            AppError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                json!({"error": {"code": code, "message": "internal server error"}})
            }
            AppError::InvalidFen { message, problems } => {
                json!({"error": {"code": code, "message": message, "problems": problems}})
            }
            AppError::WrongPassword => {
                json!({"error": {"code": code, "message": "the room's password does not match"}})
            }
            AppError::TooLarge => {
                json!({"error": {"code": code, "message": "the request body is too large"}})
            }
            AppError::BadRequest(m)
            | AppError::NotFound(m)
            | AppError::IllegalMove(m)
            | AppError::InvalidField(m) => json!({"error": {"code": code, "message": m}}),
        };
        (status, Json(body)).into_response()
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> AppError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge
        } else {
            AppError::BadRequest(rejection.body_text())
        }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> AppError {
        AppError::Internal(format!("database: {e}"))
    }
}

/// A JSON request body whose rejection is an [`AppError`] (so a bad body gets our error shape).
#[derive(axum::extract::FromRequest)]
#[from_request(via(axum::Json), rejection(AppError))]
pub struct ApiJson<T>(pub T);
