//! The network's inputs: one per (piece, point) from one side's view.
//!
//! A side sees the board from its own back rank: for Black every point is rotated through
//! the centre ([`Square::rotate`]), so both views of the start position are the same. Pieces
//! are "own" (indices 0–6, by [`xiangqi::Role::index`]) or "their" (7–13). Input `piece * 90 + point`,
//! 1260 in all; each view has one active input per piece on the board.

use xiangqi::{Color, Piece, Position, Square};

/// The number of inputs of one view: 90 points × 14 pieces.
pub const INPUTS: usize = Square::COUNT * 14;

/// Returns the input of `piece` on `sq` as `perspective` sees it (0 ≤ index < [`INPUTS`]).
#[inline]
pub fn index(perspective: Color, piece: Piece, sq: Square) -> usize {
    let (point, side) = match perspective {
        Color::Red => (sq, piece.color),
        Color::Black => (sq.rotate(), !piece.color),
    };
    let relative = match side {
        Color::Red => piece.role.index(),
        Color::Black => 7 + piece.role.index(),
    };
    relative * Square::COUNT + point.index()
}

/// Returns the input of the same piece on the point mirrored left–right (file `f` to
/// `8 − f`): the rules are symmetric, so a position and its mirror image have the same score
/// and training data can be doubled this way.
#[inline]
pub fn mirrored(input: usize) -> usize {
    let point = input % Square::COUNT;
    let (file, rank) = (point % 9, point / 9);
    input - point + rank * 9 + (8 - file)
}

/// Writes the active inputs of `pos` from `perspective`'s view into `out` (cleared first;
/// one per piece on the board, at most 32).
pub fn active(pos: &Position, perspective: Color, out: &mut Vec<usize>) {
    out.clear();
    out.extend(
        pos.board()
            .pieces()
            .map(|(sq, piece)| index(perspective, piece, sq)),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Role;

    #[test]
    fn both_views_of_the_start_position_are_the_same() {
        let pos = Position::start();
        let (mut red, mut black) = (Vec::new(), Vec::new());
        active(&pos, Color::Red, &mut red);
        active(&pos, Color::Black, &mut black);
        red.sort_unstable();
        black.sort_unstable();
        assert_eq!(red.len(), 32);
        assert_eq!(red, black);
    }

    #[test]
    fn inputs_are_distinct_and_in_range() {
        let mut seen = vec![false; INPUTS];
        for sq in Square::all() {
            for color in Color::ALL {
                for role in Role::ALL {
                    let i = index(Color::Red, Piece::new(color, role), sq);
                    assert!(i < INPUTS && !seen[i]);
                    seen[i] = true;
                }
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn mirroring_moves_a_piece_to_the_other_wing() {
        let horse = Piece::new(Color::Red, Role::Horse);
        let b0 = index(Color::Red, horse, Square::B0);
        assert_eq!(mirrored(b0), index(Color::Red, horse, Square::H0));
        assert_eq!(mirrored(mirrored(b0)), b0);
        let e5 = index(Color::Black, horse, Square::E5);
        assert_eq!(mirrored(e5), e5);
    }
}
