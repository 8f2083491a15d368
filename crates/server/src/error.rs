//! The one error type of the HTTP routes, and how each variant becomes a response:
//! `{"error": {"code", "message"}}` with a fitting status.

use axum::extract::rejection::{BytesRejection, JsonRejection, PathRejection, QueryRejection};
use axum::http::{header, StatusCode};
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
    /// 403 `password_needed`: watching a room with a password needs a credential from
    /// `/join` (a seat or a watcher credential).
    PasswordNeeded,
    /// 401 `not_signed_in`: the route needs a signed-in account and the request's session
    /// cookie is missing, unknown, expired or of a deleted account.
    NotSignedIn,
    /// 401 `wrong_credentials`: no live account has this name and password (which of the two
    /// is wrong is not said).
    WrongCredentials,
    /// 409 `name_taken`: another account has this name, ignoring case (a deleted account's
    /// name stays taken).
    NameTaken(String),
    /// 403 `bad_origin`: a browser request from a page of another site (its `Origin` is not
    /// this server's nor in the allow-list).
    BadOrigin,
    /// 405 `method_not_allowed`: the path exists but not with this method.
    MethodNotAllowed,
    /// 408 `request_timeout`: the request's body stayed silent too long, or the request was
    /// not read and answered within its deadline (see [`crate::Config::body_timeout`] and
    /// [`crate::Config::request_timeout`]); the connection closes.
    RequestTimeout,
    /// 413 `too_large`: the body is over the size limit.
    TooLarge,
    /// 415 `unsupported_media_type`: a POST whose `Content-Type` is not `application/json`.
    UnsupportedMediaType,
    /// 429 `rate_limited`: too many requests from this address (or too many wrong passwords);
    /// `Retry-After` says how many seconds to wait.
    RateLimited {
        /// Seconds until a new request may succeed (at least 1).
        retry_after_s: u64,
        /// What was limited, for a person.
        message: String,
    },
    /// 429 `too_many_computer_games`: this address already has `cap` computer games in
    /// progress; one must end (or its room unload) before another starts.
    TooManyComputerGames {
        /// The most computer games in progress per address.
        cap: usize,
    },
    /// 503 `engine_busy`: the engine's queue holds as many computer games as it serves for
    /// the whole node (see [`crate::computer`]); `Retry-After` and `retry_after_s` say how
    /// many seconds to wait (an estimate).
    EngineBusy {
        /// Seconds until a new computer game may be admitted (at least 1).
        retry_after_s: u64,
    },
    /// 503 `unavailable`: the server is at its connection limit or shutting down; try again
    /// after `Retry-After` seconds.
    Unavailable(String),
    /// 422 `invalid_fen`: the FEN cannot be read or is not a legal position; `problems`
    /// lists every reason.
    InvalidFen {
        /// The whole error in one line.
        message: String,
        /// Each problem of the position, one sentence each.
        problems: Vec<String>,
    },
    /// 422 `decided_position`: the start position of a room or puzzle is already decided
    /// under the rules library (no legal move, insufficient material, move limit reached);
    /// `reason` names the ruling, as a status's `reason` does.
    DecidedPosition {
        /// The ruling's reason (`checkmate`, `no_legal_moves`, `insufficient_material`,
        /// `move_limit`).
        reason: &'static str,
        /// The ruling in words.
        explanation: String,
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
            AppError::PasswordNeeded => (StatusCode::FORBIDDEN, "password_needed"),
            AppError::NotSignedIn => (StatusCode::UNAUTHORIZED, "not_signed_in"),
            AppError::WrongCredentials => (StatusCode::UNAUTHORIZED, "wrong_credentials"),
            AppError::NameTaken(_) => (StatusCode::CONFLICT, "name_taken"),
            AppError::BadOrigin => (StatusCode::FORBIDDEN, "bad_origin"),
            AppError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            AppError::RequestTimeout => (StatusCode::REQUEST_TIMEOUT, "request_timeout"),
            AppError::TooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "too_large"),
            AppError::UnsupportedMediaType => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            AppError::RateLimited { .. } => (StatusCode::TOO_MANY_REQUESTS, "rate_limited"),
            AppError::TooManyComputerGames { .. } => {
                (StatusCode::TOO_MANY_REQUESTS, "too_many_computer_games")
            }
            AppError::EngineBusy { .. } => (StatusCode::SERVICE_UNAVAILABLE, "engine_busy"),
            AppError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "unavailable"),
            AppError::InvalidFen { .. } => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_fen"),
            AppError::DecidedPosition { .. } => {
                (StatusCode::UNPROCESSABLE_ENTITY, "decided_position")
            }
            AppError::IllegalMove(_) => (StatusCode::UNPROCESSABLE_ENTITY, "illegal_move"),
            AppError::InvalidField(_) => (StatusCode::UNPROCESSABLE_ENTITY, "invalid_field"),
            AppError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal"),
        }
    }

    /// Turns a FEN error of the rules library into [`AppError::InvalidFen`].
    pub fn from_fen(err: &xiangqi::FenError) -> AppError {
        xiangqi_view::ViewError::from_fen(err).into()
    }
}

impl From<xiangqi_view::ViewError> for AppError {
    fn from(err: xiangqi_view::ViewError) -> AppError {
        use xiangqi_view::ViewError;
        match err {
            ViewError::InvalidFen { message, problems } => {
                AppError::InvalidFen { message, problems }
            }
            ViewError::IllegalMove(m) => AppError::IllegalMove(m),
            ViewError::InvalidField(m) => AppError::InvalidField(m),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, code) = self.status_and_code();
        let retry_after = match &self {
            AppError::RateLimited { retry_after_s, .. }
            | AppError::EngineBusy { retry_after_s } => Some((*retry_after_s).max(1)),
            AppError::Unavailable(_) => Some(UNAVAILABLE_RETRY_S),
            _ => None,
        };
        let body = match self {
            AppError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                json!({"error": {"code": code, "message": "internal server error"}})
            }
            AppError::InvalidFen { message, problems } => {
                json!({"error": {"code": code, "message": message, "problems": problems}})
            }
            AppError::DecidedPosition {
                reason,
                explanation,
            } => json!({"error": {"code": code,
                "message": format!("the start position is already decided: {explanation}"),
                "reason": reason, "problems": [explanation]}}),
            AppError::WrongPassword => {
                json!({"error": {"code": code, "message": "the room's password does not match"}})
            }
            AppError::TooLarge => {
                json!({"error": {"code": code, "message": "the request body is too large"}})
            }
            AppError::PasswordNeeded => json!({"error": {"code": code,
                "message": "this room has a password: join it with the password to watch"}}),
            AppError::BadOrigin => json!({"error": {"code": code,
                "message": "requests from other sites are not accepted"}}),
            AppError::NotSignedIn => json!({"error": {"code": code,
                "message": "sign in first (no valid session cookie)"}}),
            AppError::WrongCredentials => json!({"error": {"code": code,
                "message": "no account has this name and password"}}),
            AppError::MethodNotAllowed => json!({"error": {"code": code,
                "message": "this path does not accept this method"}}),
            AppError::RequestTimeout => json!({"error": {"code": code,
                "message": "the request was not sent and answered in time"}}),
            AppError::UnsupportedMediaType => json!({"error": {"code": code,
                "message": "send the body as JSON with Content-Type: application/json"}}),
            AppError::RateLimited {
                retry_after_s,
                message,
            } => json!({"error": {"code": code,
                "message": message, "retry_after_s": retry_after_s.max(1)}}),
            AppError::TooManyComputerGames { cap } => json!({"error": {"code": code,
                "message": format!("this address already plays {cap} games against the computer; \
                    finish or resign one before starting another"), "cap": cap}}),
            AppError::EngineBusy { retry_after_s } => {
                let busy = crate::computer::EngineBusy {
                    retry_after_s: retry_after_s.max(1),
                };
                json!({"error": {"code": code,
                    "message": busy.message(), "retry_after_s": busy.retry_after_s}})
            }
            AppError::Unavailable(m)
            | AppError::BadRequest(m)
            | AppError::NotFound(m)
            | AppError::NameTaken(m)
            | AppError::IllegalMove(m)
            | AppError::InvalidField(m) => json!({"error": {"code": code, "message": m}}),
        };
        let mut response = (status, Json(body)).into_response();
        if status == StatusCode::REQUEST_TIMEOUT {
            response.headers_mut().insert(
                header::CONNECTION,
                header::HeaderValue::from_static("close"),
            );
        }
        if let Some(s) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, header::HeaderValue::from(s));
        }
        response
    }
}

/// Seconds a client is asked to wait after a 503 `unavailable`.
pub const UNAVAILABLE_RETRY_S: u64 = 5;

/// Tells whether `error`, or an error it wraps, is the body read timeout of
/// [`tower_http::timeout::RequestBodyTimeoutLayer`].
fn body_timed_out(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = e.source();
    }
    false
}

impl From<crate::computer::admission::Refused> for AppError {
    fn from(refused: crate::computer::admission::Refused) -> AppError {
        use crate::computer::admission::Refused;
        match refused {
            Refused::TooManyGames(full) => AppError::TooManyComputerGames { cap: full.cap },
            Refused::EngineBusy(busy) => AppError::EngineBusy {
                retry_after_s: busy.retry_after_s,
            },
        }
    }
}

impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> AppError {
        if matches!(rejection, JsonRejection::MissingJsonContentType(_)) {
            // As the security guard answers a POST that is not JSON (a DELETE with a body
            // is read here).
            AppError::UnsupportedMediaType
        } else if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge
        } else if body_timed_out(&rejection) {
            AppError::RequestTimeout
        } else {
            AppError::BadRequest(rejection.body_text())
        }
    }
}

impl From<BytesRejection> for AppError {
    fn from(rejection: BytesRejection) -> AppError {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge
        } else if body_timed_out(&rejection) {
            AppError::RequestTimeout
        } else {
            AppError::BadRequest(rejection.body_text())
        }
    }
}

impl From<PathRejection> for AppError {
    fn from(rejection: PathRejection) -> AppError {
        AppError::BadRequest(format!("bad path: {}", rejection.body_text()))
    }
}

impl From<QueryRejection> for AppError {
    fn from(rejection: QueryRejection) -> AppError {
        AppError::BadRequest(rejection.body_text())
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> AppError {
        AppError::Internal(format!("database: {e}"))
    }
}

/// A JSON request body whose rejection is an [`AppError`] (so a bad body gets our error
/// shape); the body must be a JSON object ([`xiangqi_view::strict_json::ObjectOnly`]).
pub struct ApiJson<T>(pub T);

impl<T, S> axum::extract::FromRequest<S> for ApiJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<ApiJson<T>, AppError> {
        let axum::Json(xiangqi_view::strict_json::ObjectOnly(body)) =
            axum::Json::<xiangqi_view::strict_json::ObjectOnly<T>>::from_request(req, state)
                .await?;
        Ok(ApiJson(body))
    }
}

/// A path parameter whose rejection (invalid UTF-8, a wrong type) is an [`AppError`].
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

/// A query string whose rejection (`?round=x`) is an [`AppError`].
#[derive(axum::extract::FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct ApiQuery<T>(pub T);

/// Answers 405 `method_not_allowed` in the error shape (the router's fallback for a known
/// path with another method).
pub async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}
