//! The 32 piece slots through which XQF files and DhtmlXQ text describe a start position:
//! one point (or none) per piece, Red's sixteen then Black's, each side in the order
//! chariot, horse, elephant, advisor, general, advisor, elephant, horse, chariot, cannon,
//! cannon and five soldiers (XQF 1.0 format description, "XQF文件中初始局面的表示"; DhtmlXQ's
//! `binit` keeps the same order). Neither format records the side to move: it is the colour
//! of the piece the first move moves.

use crate::board::BACK_RANK;
use crate::{Board, Color, Piece, Position, PositionError, Role, Setup, Square};

/// The role of each of a side's sixteen slots: the back rank (chariot to chariot), the two
/// cannons, the five soldiers.
const ROLES: [Role; 16] = {
    let mut roles = [Role::Soldier; 16];
    let mut i = 0;
    while i < BACK_RANK.len() {
        roles[i] = BACK_RANK[i];
        i += 1;
    }
    roles[9] = Role::Cannon;
    roles[10] = Role::Cannon;
    roles
};

/// Returns the piece of slot `i` (0–31).
pub(crate) fn piece(i: usize) -> Piece {
    let color = if i < 16 { Color::Red } else { Color::Black };
    Piece::new(color, ROLES[i % 16])
}

/// Returns each slot's point on `board`, each side's pieces of a kind taken from that
/// side's right, as the XQF description's example and DhtmlXQ's standard `binit` list
/// them; pieces beyond a kind's slots (impossible in a legal position) are left out.
pub(crate) fn of_board(board: &Board) -> [Option<Square>; 32] {
    let mut slots = [None; 32];
    // Red's right is file i, Black's file a; within a file, from the side's back rank.
    let from_right = |color: Color, i: u8| match color {
        Color::Red => Square::new(8 - i / 10, i % 10),
        Color::Black => Square::new(i / 10, 9 - i % 10),
    };
    for (color, i) in Color::ALL
        .into_iter()
        .flat_map(|c| (0..90).map(move |i| (c, i)))
    {
        let Some(sq) = from_right(color, i) else {
            continue;
        };
        let Some(p) = board.piece_at(sq).filter(|p| p.color == color) else {
            continue;
        };
        let base = color.index() * 16;
        if let Some(i) = (base..base + 16).find(|&i| slots[i].is_none() && piece(i) == p) {
            slots[i] = Some(sq);
        }
    }
    slots
}

/// Places each slot's piece; returns the first point two slots share as the error.
pub(crate) fn to_board(slots: &[Option<Square>; 32]) -> Result<Board, Square> {
    let mut board = Board::empty();
    for (i, sq) in slots.iter().enumerate() {
        if let Some(sq) = *sq {
            if board.put(sq, piece(i)).is_some() {
                return Err(sq);
            }
        }
    }
    Ok(board)
}

/// Makes the start position: `board` with the side to move taken from the piece on
/// `first_from` (the first move's starting point; Red when there is no move or no piece).
///
/// # Errors
/// The validation's [`PositionError`] when the arrangement is not a legal position.
pub(crate) fn start(board: Board, first_from: Option<Square>) -> Result<Position, PositionError> {
    let turn = first_from
        .and_then(|sq| board.piece_at(sq))
        .map_or(Color::Red, |p| p.color);
    Position::from_setup(Setup {
        board,
        turn,
        halfmoves: 0,
        fullmoves: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_board_fills_every_slot_and_comes_back() {
        let slots = of_board(&Board::start());
        assert!(slots.iter().all(Option::is_some));
        assert_eq!(to_board(&slots).expect("no shared point"), Board::start());
    }

    #[test]
    fn two_slots_on_one_point_are_refused() {
        let mut slots = [None; 32];
        slots[4] = Square::new(4, 0);
        slots[20] = Square::new(4, 0);
        assert_eq!(to_board(&slots), Err(Square::E0));
    }
}
