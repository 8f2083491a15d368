//! What the notation modules' unit tests share (compiled only for tests): reading the moves
//! and positions a test writes down.

use crate::{Move, Position};

/// Returns the ICCS move `iccs` (such as `h2e2`); panics on a typo in a test.
pub fn mv(iccs: &str) -> Move {
    iccs.parse().expect("move")
}

/// Returns the position of `fen`, which the test knows to be legal; panics otherwise.
pub fn fen(fen: &str) -> Position {
    Position::from_fen(fen).expect("legal FEN")
}
