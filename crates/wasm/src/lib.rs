//! The rules library, and with the `engine` feature the engine, as WebAssembly for the
//! browser. Every call takes a JSON request and returns a JSON answer, the same shapes the
//! server sends (`docs/protocol.md`), so the pages read one format whoever answers:
//!
//! - [`position`]: legal moves, check, status and notation (as `POST /api/position`);
//! - [`read_game`]: a pasted FEN, move list (ICCS, WXF or Chinese), PGN or DhtmlXQ text,
//!   or an XQF file, as a start FEN and ICCS moves;
//! - [`write_game`]: a start FEN and ICCS moves as PGN or DhtmlXQ text;
//! - [`perft`]: the number of move paths of a depth;
//! - `search` (with the `engine` feature): the best move at a level, with progress reports.
//!
//! A refusal is `{"error": {"code", "message", "problems"?}}` with the server's codes. The
//! module's entry points (`abi.rs`) only move bytes between JavaScript and these functions;
//! `web/js/xiangqi-wasm.js` is the typed wrapper the pages use.

#[cfg(target_arch = "wasm32")]
mod abi;
#[cfg(feature = "engine")]
mod search;

#[cfg(feature = "engine")]
pub use search::{bench, new_game, search};

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use xiangqi::Position;
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
struct ReadGameRequest {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    xqf: Option<String>,
}

/// A game read, as a start position and moves.
#[derive(Serialize)]
struct ReadGameReply {
    /// What was read: `fen`, `pgn` (also a bare move list), `dhtmlxq` or `xqf`.
    format: &'static str,
    /// The start position in canonical FEN.
    fen: String,
    /// The moves in ICCS.
    moves: Vec<String>,
    /// The game's tags as PGN names, in order (empty for a FEN or a bare move list).
    tags: Vec<(String, String)>,
    /// XQF header fields that are not UTF-8 (most files hold GBK text), as bytes for the
    /// page to decode: `[[tag, [byte…]]…]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    undecoded: Vec<(&'static str, Vec<u8>)>,
}

/// Answers `{"text"}` or `{"xqf"}`. The text is a FEN, a move list from the start position
/// in any notation (ICCS `h2e2`, WXF `C2=5`, Chinese `炮二平五`, with or without move
/// numbers), a PGN game (its `[FEN]` tag and moves) or DhtmlXQ/UBB text; `xqf` is an XQF
/// file in base64 (standard alphabet, padded). The reply is `{"format", "fen", "moves":
/// [ICCS…], "tags", "undecoded"?}`.
///
/// # Errors
/// (in the JSON) `bad_request` for a body of another shape, neither or both fields, or
/// `xqf` that is not base64; `invalid_game` naming the reader's complaint (for PGN the
/// line, for moves the ply and why; for XQF and DhtmlXQ what is wrong, e.g. a truncated
/// header or an illegal move at ply N).
pub fn read_game(body: &str) -> String {
    let req: ReadGameRequest = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    let invalid = |message: String| error_json("invalid_game", &message, &[]);
    let reply = |format, game: &xiangqi::game::Game, tags| {
        answer(&ReadGameReply {
            format,
            fen: game.start().fen(),
            moves: game.moves().iter().map(|m| m.iccs()).collect(),
            tags,
            undecoded: Vec::new(),
        })
    };
    match (req.text, req.xqf) {
        (Some(text), None) => {
            let text = text.trim();
            if let Ok(pos) = Position::from_fen(text) {
                return answer(&ReadGameReply {
                    format: "fen",
                    fen: pos.fen(),
                    moves: Vec::new(),
                    tags: Vec::new(),
                    undecoded: Vec::new(),
                });
            }
            if xiangqi::dhtmlxq::looks_like(text) {
                return match xiangqi::dhtmlxq::read(text) {
                    Ok(g) => reply("dhtmlxq", &g.game, g.tags),
                    Err(e) => invalid(format!("DhtmlXQ: {e}")),
                };
            }
            match xiangqi::pgn::read(text) {
                Ok(pgn) => reply("pgn", &pgn.game, pgn.tags),
                Err(e) => invalid(e.to_string()),
            }
        }
        (None, Some(b64)) => {
            use base64::Engine as _;
            let bytes = match base64::engine::general_purpose::STANDARD.decode(b64.trim()) {
                Ok(b) => b,
                Err(e) => return error_json("bad_request", &format!("xqf: not base64: {e}"), &[]),
            };
            match xiangqi::xqf::read(&bytes) {
                Ok(g) => answer(&ReadGameReply {
                    format: "xqf",
                    fen: g.game.start().fen(),
                    moves: g.game.moves().iter().map(|m| m.iccs()).collect(),
                    tags: g.tags(),
                    undecoded: g
                        .fields
                        .iter()
                        .filter(|(_, v)| std::str::from_utf8(v).is_err())
                        .map(|(f, v)| (f.tag(), v.clone()))
                        .collect(),
                }),
                Err(e) => invalid(format!("XQF: {e}")),
            }
        }
        _ => error_json("bad_request", "send one of text and xqf", &[]),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WriteGameRequest {
    #[serde(default)]
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    rules: Option<String>,
    format: String,
    #[serde(default)]
    tags: Vec<(String, String)>,
    #[serde(default)]
    result: Option<String>,
}

/// A game written as text.
#[derive(Serialize)]
struct WriteGameReply {
    text: String,
}

/// Answers `{"fen"?, "moves": [ICCS…], "rules"?, "format": "pgn"|"dhtmlxq", "tags"?:
/// [[name, value]…], "result"?: "1-0"|"0-1"|"1/2-1/2"}` with `{"text"}`: the game as PGN
/// (moves in WXF, the tags first, the result and start position from the game) or as a
/// DhtmlXQ block. `result` ends a game the moves leave open (a resignation, an agreed
/// draw), as a PGN `[Result]` tag does.
///
/// # Errors
/// (in the JSON) `bad_request` for another shape, `invalid_field` for another format or
/// an unknown rule set, `invalid_fen`, `illegal_move` naming the move.
pub fn write_game(body: &str) -> String {
    let req: WriteGameRequest = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    use xiangqi_view::position as view;
    let played = view::start_position(req.fen.as_deref()).and_then(|start| {
        view::play_moves(start, view::rule_set(req.rules.as_deref())?, &req.moves)
    });
    let mut game = match played {
        Ok((g, _, _)) => g,
        Err(e) => return view_error(&e),
    };
    xiangqi::pgn::apply_result_tag(&mut game, req.result.as_deref());
    let text = match req.format.as_str() {
        "pgn" => xiangqi::pgn::write(&game, &req.tags),
        "dhtmlxq" => xiangqi::dhtmlxq::write(&game, &req.tags, &[]),
        other => {
            return error_json(
                "invalid_field",
                &format!("format: pgn or dhtmlxq, got {other:?}"),
                &[],
            )
        }
    };
    answer(&WriteGameReply { text })
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
