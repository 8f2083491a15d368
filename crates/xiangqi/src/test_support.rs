//! What the notation modules' unit tests share (compiled only for tests): reading the moves
//! and positions a test writes down, and checking a notation both ways.

use crate::{Move, NotationError, Position};

/// Returns the ICCS move `iccs` (such as `h2e2`); panics on a typo in a test.
pub fn mv(iccs: &str) -> Move {
    iccs.parse().expect("move")
}

/// Returns the position of `fen`, which the test knows to be legal; panics otherwise.
pub fn fen(fen: &str) -> Position {
    Position::from_fen(fen).expect("legal FEN")
}

/// A notation's writer of a move in a position, as `wxf::write` and `chinese::write` are.
pub type Write = fn(&Position, Move) -> Result<String, NotationError>;

/// A notation's reader of a move in a position, as `wxf::parse` and `chinese::parse` are.
pub type Parse = fn(&Position, &str) -> Result<Move, NotationError>;

/// Checks that `write` writes the move `iccs` in `pos` as `text` and that `parse` reads
/// `text` back as that move.
pub fn both_ways(write: Write, parse: Parse, pos: &Position, iccs: &str, text: &str) {
    let m = mv(iccs);
    assert_eq!(
        write(pos, m).as_deref(),
        Ok(text),
        "{iccs} in {}",
        pos.fen()
    );
    assert_eq!(parse(pos, text), Ok(m), "{text} in {}", pos.fen());
}
