//! Games in and out of the page (the `games` feature, `web/wasm/games.wasm`): reading a
//! pasted text or an XQF file as a start position and moves, and writing a game as PGN or
//! DhtmlXQ. Only the pages that import or export load this module, so the rules module of
//! every page does not carry the readers and writers of four formats.

use crate::{answer, error_json, request, view_error};
use serde::{Deserialize, Serialize};
use xiangqi::Position;
use xiangqi_view::position::play_game;

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
    /// The game written: its start (none: the standard one), its moves (ICCS) and rule
    /// set, the format (`pgn` or `dhtmlxq`), the tags and a result the moves leave open.
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
    let played = play_game(req.fen.as_deref(), &req.moves, req.rules.as_deref());
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
