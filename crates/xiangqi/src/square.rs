//! The 90 points of the board.

use crate::Color;
use std::fmt;
use std::str::FromStr;

/// One of the 90 intersections, always on the board.
///
/// Files are `a`–`i` from Red's left and ranks `0`–`9` from Red's back rank, as in ICCS
/// coordinates; the index is `rank * 9 + file` (0 = a0, 89 = i9).
///
/// ```text
///   9  r n b a k a b n r      Black's half: ranks 5–9
///   ...
///   0  R N B A K A B N R      Red's half: ranks 0–4
///      a b c d e f g h i
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The point ", stringify!($name), ".")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    A0 = 0, B0 = 1, C0 = 2, D0 = 3, E0 = 4, F0 = 5, G0 = 6, H0 = 7, I0 = 8,
    A1 = 9, B1 = 10, C1 = 11, D1 = 12, E1 = 13, F1 = 14, G1 = 15, H1 = 16, I1 = 17,
    A2 = 18, B2 = 19, C2 = 20, D2 = 21, E2 = 22, F2 = 23, G2 = 24, H2 = 25, I2 = 26,
    A3 = 27, B3 = 28, C3 = 29, D3 = 30, E3 = 31, F3 = 32, G3 = 33, H3 = 34, I3 = 35,
    A4 = 36, B4 = 37, C4 = 38, D4 = 39, E4 = 40, F4 = 41, G4 = 42, H4 = 43, I4 = 44,
    A5 = 45, B5 = 46, C5 = 47, D5 = 48, E5 = 49, F5 = 50, G5 = 51, H5 = 52, I5 = 53,
    A6 = 54, B6 = 55, C6 = 56, D6 = 57, E6 = 58, F6 = 59, G6 = 60, H6 = 61, I6 = 62,
    A7 = 63, B7 = 64, C7 = 65, D7 = 66, E7 = 67, F7 = 68, G7 = 69, H7 = 70, I7 = 71,
    A8 = 72, B8 = 73, C8 = 74, D8 = 75, E8 = 76, F8 = 77, G8 = 78, H8 = 79, I8 = 80,
    A9 = 81, B9 = 82, C9 = 83, D9 = 84, E9 = 85, F9 = 86, G9 = 87, H9 = 88, I9 = 89,
}

impl Square {
    /// The number of points on the board.
    pub const COUNT: usize = 90;

    /// Returns the square at `file` (0 = a … 8 = i) and `rank` (0–9), or `None` off the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// Returns the square with index 0–89 (`rank * 9 + file`), or `None` for 90 and above.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Returns the index 0–89 (`rank * 9 + file`).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Returns the file, 0 (a) to 8 (i), from Red's left.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % 9
    }

    /// Returns the rank, 0 (Red's back rank) to 9 (Black's back rank).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / 9
    }

    /// Returns the square `df` files right and `dr` ranks up (Red's view), or `None` when
    /// that leaves the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            Some(Square((r * 9 + f) as u8))
        } else {
            None
        }
    }

    /// Returns the point opposite through the centre (file 8 − f, rank 9 − r): the same
    /// point as seen from the other side of the board.
    #[inline]
    pub const fn rotate(self) -> Square {
        Square(89 - self.0)
    }

    /// Tells whether the point is on `color`'s side of the river (ranks 0–4 for Red, 5–9 for
    /// Black). Source: WXF 2018, board and pieces.
    #[inline]
    pub const fn is_on_side(self, color: Color) -> bool {
        match color {
            Color::Red => self.rank() <= 4,
            Color::Black => self.rank() >= 5,
        }
    }

    /// Tells whether the point lies in `color`'s palace (files d–f, ranks 0–2 for Red, 7–9
    /// for Black). Source: WXF 2018, board and pieces.
    #[inline]
    pub const fn is_in_palace(self, color: Color) -> bool {
        let f = self.file();
        let r = self.rank();
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Returns the rank counted from `color`'s own back rank (0–9).
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Red => self.rank(),
            Color::Black => 9 - self.rank(),
        }
    }

    /// Iterates over all 90 squares in index order (a0, b0, …, i9).
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..90u8).map(Square)
    }

    /// Returns the ICCS name such as `"e3"`.
    pub fn iccs(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// Why a text is not a square name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point: expected a file a-i and a rank 0-9, like e3",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads an ICCS point name, `e3` or `E3`.
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() == 2 {
            let f = b[0].to_ascii_lowercase().wrapping_sub(b'a');
            let r = b[1].wrapping_sub(b'0');
            if let Some(sq) = Square::new(f, r) {
                return Ok(sq);
            }
        }
        Err(ParseSquareError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_point() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
        }
        assert_eq!(Square::E3.to_string(), "e3");
        assert_eq!("I9".parse::<Square>(), Ok(Square::I9));
        assert!("j0".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert!("".parse::<Square>().is_err());
    }

    #[test]
    fn palaces_hold_nine_points_each() {
        for c in Color::ALL {
            assert_eq!(Square::all().filter(|s| s.is_in_palace(c)).count(), 9);
            assert_eq!(Square::all().filter(|s| s.is_on_side(c)).count(), 45);
        }
        assert!(Square::E0.is_in_palace(Color::Red));
        assert!(Square::D9.is_in_palace(Color::Black));
        assert!(!Square::C0.is_in_palace(Color::Red));
    }

    #[test]
    fn offset_stays_on_board() {
        assert_eq!(Square::A0.offset(-1, 0), None);
        assert_eq!(Square::I9.offset(0, 1), None);
        assert_eq!(Square::E4.offset(1, 2), Some(Square::F6));
        assert_eq!(Square::A0.rotate(), Square::I9);
    }
}
