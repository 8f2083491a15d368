//! The pieces on the 90 points, without any game state.

use crate::{Bitboard, Color, Piece, Role, Square};
use std::fmt;

/// Which piece, if any, stands on each point. A `Board` may hold any arrangement (it is
/// what a FEN describes before validation); [`crate::Position`] guarantees a legal one.
///
/// Kept two ways: a mailbox for "what is on this point" and one bitboard per piece for
/// "where are the pieces of this kind". Both change together in [`Board::put`] and
/// [`Board::remove`].
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// 0 for empty, else `Piece::index() + 1`.
    cells: [u8; 90],
    by_piece: [Bitboard; 14],
    by_color: [Bitboard; 2],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

/// Mailbox code of a piece: `Piece::index() + 1` (0 means empty).
#[inline]
pub(crate) const fn code(piece: Piece) -> u8 {
    piece.index() as u8 + 1
}

/// The roles of each side's back rank at the start, from file a to file i
/// (WXF 2018, board and pieces).
pub(crate) const BACK_RANK: [Role; 9] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
];

impl Board {
    /// Returns a board with no pieces.
    pub const fn empty() -> Board {
        Board {
            cells: [0; 90],
            by_piece: [Bitboard::EMPTY; 14],
            by_color: [Bitboard::EMPTY; 2],
        }
    }

    /// Returns the standard starting arrangement (WXF 2018, board and pieces).
    pub fn start() -> Board {
        let mut b = Board::empty();
        for (file, role) in (0u8..).zip(BACK_RANK) {
            for (color, rank) in [(Color::Red, 0), (Color::Black, 9)] {
                if let Some(sq) = Square::new(file, rank) {
                    b.put(sq, Piece::new(color, role));
                }
            }
        }
        for (color, cannon_rank, soldier_rank) in [(Color::Red, 2, 3), (Color::Black, 7, 6)] {
            for file in [1, 7] {
                if let Some(sq) = Square::new(file, cannon_rank) {
                    b.put(sq, Piece::new(color, Role::Cannon));
                }
            }
            for file in [0, 2, 4, 6, 8] {
                if let Some(sq) = Square::new(file, soldier_rank) {
                    b.put(sq, Piece::new(color, Role::Soldier));
                }
            }
        }
        b
    }

    /// Returns the piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.cells[sq.index()] {
            0 => None,
            c => Piece::from_index(c as usize - 1),
        }
    }

    /// Returns the raw mailbox code on `sq` (0 empty, else `Piece::index() + 1`).
    #[inline]
    pub(crate) fn code_at(&self, sq: usize) -> u8 {
        self.cells[sq]
    }

    /// Tells whether `sq` is empty.
    #[inline]
    pub fn is_empty_at(&self, sq: Square) -> bool {
        self.cells[sq.index()] == 0
    }

    /// Places `piece` on `sq`, replacing whatever stood there; returns the replaced piece.
    pub fn put(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.remove(sq);
        self.cells[sq.index()] = code(piece);
        self.by_piece[piece.index()].insert(sq);
        self.by_color[piece.color.index()].insert(sq);
        old
    }

    /// Removes and returns the piece on `sq`, if any.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let old = self.piece_at(sq)?;
        self.cells[sq.index()] = 0;
        self.by_piece[old.index()].remove(sq);
        self.by_color[old.color.index()].remove(sq);
        Some(old)
    }

    /// Moves the piece `piece` from `from` to the empty point `to`, without the checks of
    /// [`Board::put`]; the caller has removed any captured piece first.
    #[inline]
    pub(crate) fn shift(&mut self, piece: Piece, from: Square, to: Square) {
        self.cells[from.index()] = 0;
        self.cells[to.index()] = code(piece);
        let both = Bitboard::from_square(from) | Bitboard::from_square(to);
        self.by_piece[piece.index()] = self.by_piece[piece.index()] ^ both;
        self.by_color[piece.color.index()] = self.by_color[piece.color.index()] ^ both;
    }

    /// Returns the points holding `piece`.
    #[inline]
    pub fn by_piece(&self, piece: Piece) -> Bitboard {
        self.by_piece[piece.index()]
    }

    /// Returns the points holding pieces of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// Returns all occupied points.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// Iterates over `(square, piece)` for every piece, in square index order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.occupied()
            .filter_map(move |sq| self.piece_at(sq).map(|p| (sq, p)))
    }

    /// Returns the square of `color`'s general if it has exactly one.
    pub fn general(&self, color: Color) -> Option<Square> {
        let b = self.by_piece(Piece::new(color, Role::General));
        if b.count() == 1 {
            b.first()
        } else {
            None
        }
    }
}

impl fmt::Debug for Board {
    /// Draws the board as ten lines of FEN letters, Black's back rank first, `.` for empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10).rev() {
            write!(f, "{rank} ")?;
            for file in 0..9 {
                let c = Square::new(file, rank).and_then(|s| self.piece_at(s));
                write!(f, " {}", c.map_or('.', Piece::fen_char))?;
            }
            writeln!(f)?;
        }
        write!(f, "   a b c d e f g h i")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_board_has_sixteen_pieces_a_side() {
        let b = Board::start();
        assert_eq!(b.by_color(Color::Red).count(), 16);
        assert_eq!(b.by_color(Color::Black).count(), 16);
        assert_eq!(
            b.piece_at(Square::B2),
            Some(Piece::new(Color::Red, Role::Cannon))
        );
        assert_eq!(
            b.piece_at(Square::E9),
            Some(Piece::new(Color::Black, Role::General))
        );
        assert_eq!(b.general(Color::Red), Some(Square::E0));
    }

    #[test]
    fn put_and_remove_keep_both_views_in_step() {
        let mut b = Board::empty();
        let p = Piece::new(Color::Black, Role::Horse);
        assert_eq!(b.put(Square::C5, p), None);
        assert_eq!(
            b.put(Square::C5, Piece::new(Color::Red, Role::Chariot)),
            Some(p)
        );
        assert!(b.by_piece(p).is_empty());
        assert_eq!(b.remove(Square::C5).map(|p| p.role), Some(Role::Chariot));
        assert!(b.occupied().is_empty());
    }
}
