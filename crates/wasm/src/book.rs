//! The opening book's call: how many of a game's first plies follow the book's main lines
//! (`xiangqi_engine::book`), for the analysis board's review.

use crate::{answer, request, view_error};
use serde::{Deserialize, Serialize};
use xiangqi::{Move, Position};
use xiangqi_view::ViewError;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BookBody {
    /// The start FEN; absent (or the standard start position) for a game from the start.
    #[serde(default)]
    fen: Option<String>,
    /// The game's moves, ICCS.
    #[serde(default)]
    moves: Vec<String>,
}

#[derive(Serialize)]
struct BookReply {
    plies: usize,
}

/// Answers `{"fen"?, "moves"?: [ICCS…]}` with `{"plies": N}`: the number of the game's
/// first plies that follow one of the book's lines (0 for a game from another position
/// than the start).
///
/// # Errors
/// (in the JSON) `bad_request` for a body of another shape, `invalid_fen` for an unreadable
/// FEN (with its problems), `invalid_field` for a move that is not ICCS.
pub fn book(body: &str) -> String {
    let req: BookBody = match request(body) {
        Ok(r) => r,
        Err(e) => return e,
    };
    if let Some(fen) = req.fen.as_deref() {
        match Position::from_fen(fen) {
            Ok(p) if p == Position::start() => {}
            Ok(_) => return answer(&BookReply { plies: 0 }),
            Err(e) => return view_error(&ViewError::from_fen(&e)),
        }
    }
    let mut moves = Vec::with_capacity(req.moves.len());
    for m in &req.moves {
        match m.parse::<Move>() {
            Ok(m) => moves.push(m),
            Err(_) => {
                let message = format!("{m:?} is not an ICCS move");
                return view_error(&ViewError::InvalidField(message));
            }
        }
    }
    answer(&BookReply {
        plies: xiangqi_engine::book::book_plies(&moves),
    })
}
