//! A set of points as the low 90 bits of a `u128`.

use crate::Square;
use std::ops::{BitAnd, BitOr, BitXor, Not};

/// A set of squares; bit `i` stands for the square with index `i` (`rank * 9 + file`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 90 points.
    pub const ALL: Bitboard = Bitboard((1u128 << 90) - 1);

    /// The ten points of file a (file 0); shifted left by `f`, those of file `f`.
    const FILE_A: Bitboard = {
        let mut bits = 0u128;
        let mut rank = 0;
        while rank < 10 {
            bits |= 1 << (rank * 9);
            rank += 1;
        }
        Bitboard(bits)
    };

    /// Returns the ten points of file `file` (0 = a to 8 = i, from Red's left); the empty set
    /// for a file off the board.
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        if file < 9 {
            Bitboard(Bitboard::FILE_A.0 << file)
        } else {
            Bitboard::EMPTY
        }
    }

    /// Returns the set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1u128 << sq.index())
    }

    /// Tells whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    /// Tells whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Returns the number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Adds `sq` to the set.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0 |= 1u128 << sq.index();
    }

    /// Removes `sq` from the set.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0 &= !(1u128 << sq.index());
    }

    /// Adds `sq` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1u128 << sq.index();
    }

    /// Returns the lowest-indexed square, or `None` for the empty set.
    #[inline]
    pub fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Square::from_index(self.0.trailing_zeros() as usize)
        }
    }
}

impl Iterator for Bitboard {
    type Item = Square;

    /// Yields the squares in index order, removing each from the set.
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 | o.0)
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitand(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 & o.0)
    }
}

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, o: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ o.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_holds_its_ten_points_and_no_other() {
        for f in 0..9u8 {
            let file = Bitboard::file(f);
            assert_eq!(file.count(), 10);
            for i in 0..90 {
                let sq = Square::from_index(i).expect("on the board");
                assert_eq!(file.contains(sq), sq.file() == f, "{f} {i}");
            }
        }
        assert_eq!(Bitboard::file(9), Bitboard::EMPTY);
    }

    #[test]
    fn iterates_in_index_order() {
        let mut b = Bitboard::EMPTY;
        b.insert(Square::I9);
        b.insert(Square::A0);
        b.insert(Square::E4);
        assert_eq!(b.count(), 3);
        assert_eq!(
            b.collect::<Vec<_>>(),
            vec![Square::A0, Square::E4, Square::I9]
        );
        assert_eq!((!Bitboard::EMPTY).count(), 90);
    }
}
