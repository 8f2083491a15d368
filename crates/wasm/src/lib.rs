//! The rules library, and with the `engine` feature the engine, as WebAssembly for the
//! browser. Every call takes a JSON request and returns a JSON answer, the same shapes the
//! server sends (`docs/protocol.md`), so the pages read one format whoever answers:
//!
//! - [`position`]: legal moves, check, status and notation (as `POST /api/position`);
//! - `read_game` (with the `games` feature): a pasted FEN, move list (ICCS, WXF or Chinese), PGN or DhtmlXQ text,
//!   or an XQF file, as a start FEN and ICCS moves;
//! - `write_game` (with the `games` feature): a start FEN and ICCS moves as PGN or DhtmlXQ text;
//! - [`perft`]: the number of move paths of a depth;
//! - `search` (with the `engine` feature): the best move at a level, with progress reports;
//! - `book` (with the `engine` feature): how many of a game's first plies follow the opening book.
//!
//! A refusal is `{"error": {"code", "message", "problems"?}}` with the server's codes. The
//! module's entry points (`abi.rs`) only move bytes between JavaScript and these functions;
//! `web/js/xiangqi-wasm.js` is the typed wrapper the pages use.

#[cfg(target_arch = "wasm32")]
mod abi;
#[cfg(feature = "engine")]
mod book;
#[cfg(feature = "games")]
mod games;
#[cfg(feature = "engine")]
mod search;

#[cfg(feature = "games")]
pub use games::{read_game, write_game};

#[cfg(feature = "engine")]
pub use book::book;
#[cfg(feature = "engine")]
pub use search::{bench, new_game, search, MAX_MOVETIME_MS};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use xiangqi_view::ViewError;

/// The hash of the sources this module was built from (`src/source_hash.rs` says how it
/// is computed).
pub const SOURCE_HASH: &str = env!("XIANGQI_SOURCE_HASH");

/// The deepest perft the module counts, in plies (depth 6 of the start position already
/// takes minutes in a browser).
pub const MAX_PERFT_DEPTH: u32 = 6;

/// A refusal in the server's error shape: `{"error": {"code", "message", "problems"?}}`.
/// Typed rather than built with `serde_json::json!`, which would bring `serde_json::Value`
/// into the module (several kilobytes on every page).
#[derive(Serialize)]
struct Refusal<'a> {
    error: RefusalBody<'a>,
}

#[derive(Serialize)]
struct RefusalBody<'a> {
    code: &'a str,
    message: &'a str,
    #[serde(skip_serializing_if = "<[String]>::is_empty")]
    problems: &'a [String],
}

/// Writes a refusal in the server's error shape.
pub(crate) fn error_json(code: &str, message: &str, problems: &[String]) -> String {
    let body = Refusal {
        error: RefusalBody {
            code,
            message,
            problems,
        },
    };
    // A struct of strings always serializes; the fallback is for the type system.
    serde_json::to_string(&body).unwrap_or_default()
}

pub(crate) fn view_error(e: &ViewError) -> String {
    error_json(e.code(), &e.to_string(), e.problems())
}

/// Reads a request body: a JSON object of the expected shape, or the refusal to send. Only
/// an object is read (serde would also fill a struct from an array, as the server refuses
/// to), so anything that does not start with `{` is refused before parsing.
pub(crate) fn request<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    let bad = |message: String| error_json("bad_request", &message, &[]);
    if !text.trim_start().starts_with('{') {
        return Err(bad("the request must be a JSON object".into()));
    }
    serde_json::from_str(text).map_err(|e| bad(e.to_string()))
}

pub(crate) fn answer<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|e| error_json("internal", &e.to_string(), &[]))
}

/// Answers `{"fen"?, "moves"?: [ICCS…], "rules"?: "wxf-2018"|"casual"}` with the position
/// service's reply (`fen`, `turn`, `legal`, `check`, `status`, `wxf`, `chinese`), exactly as
/// `POST /api/position` does.
///
/// # Errors
/// (in the JSON) `bad_request` for a body of another shape, `invalid_fen` with every
/// problem, `illegal_move` naming the move, `invalid_field` for an unknown rule set or more
/// than 1000 moves.
pub fn position(body: &str) -> String {
    let req: xiangqi_view::position::PositionRequest = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    match req.reply() {
        Ok(reply) => answer(&reply),
        Err(e) => view_error(&e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PerftRequest {
    #[serde(default)]
    fen: Option<String>,
    depth: u32,
}

/// The number of move paths.
#[derive(Serialize)]
struct PerftReply {
    nodes: u64,
}

/// Answers `{"fen"?, "depth"}` with `{"nodes"}`: the number of legal move paths `depth`
/// plies long from the position (perft).
///
/// # Errors
/// (in the JSON) `bad_request` for another shape, `invalid_fen`, `invalid_field` for a depth
/// above [`MAX_PERFT_DEPTH`].
pub fn perft(body: &str) -> String {
    let req: PerftRequest = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    if req.depth > MAX_PERFT_DEPTH {
        return error_json(
            "invalid_field",
            &format!("depth: at most {MAX_PERFT_DEPTH}, got {}", req.depth),
            &[],
        );
    }
    match xiangqi_view::position::start_position(req.fen.as_deref()) {
        Ok(mut pos) => answer(&PerftReply {
            nodes: xiangqi::perft::perft(&mut pos, req.depth),
        }),
        Err(e) => view_error(&e),
    }
}
