//! A move: from one point to another.

use crate::square::ParseSquareError;
use crate::Square;
use std::fmt;
use std::str::FromStr;

/// A move of one piece from one point to another, as ICCS writes it (`h2e2`).
///
/// A `Move` says nothing about whether it is legal; [`crate::Position::is_legal`] and
/// [`crate::Position::play`] check that. It packs into 16 bits (`from << 7 | to`) for the
/// engine's tables with [`Move::to_u16`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// The point the piece leaves.
    pub from: Square,
    /// The point the piece arrives on (capturing whatever stands there).
    pub to: Square,
}

impl Move {
    /// Builds a move from its two points.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Packs the move into 14 of 16 bits: `from << 7 | to`, both 0–89.
    #[inline]
    pub const fn to_u16(self) -> u16 {
        ((self.from.index() as u16) << 7) | self.to.index() as u16
    }

    /// Unpacks a value made by [`Move::to_u16`]; returns `None` when either point is not
    /// 0–89.
    #[inline]
    pub const fn from_u16(v: u16) -> Option<Move> {
        match (
            Square::from_index((v >> 7) as usize),
            Square::from_index((v & 0x7f) as usize),
        ) {
            (Some(from), Some(to)) => Some(Move { from, to }),
            _ => None,
        }
    }

    /// Returns the ICCS text, such as `"h2e2"` (lowercase, no dash).
    pub fn iccs(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Why a text is not an ICCS move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseMoveError {
    /// The text is not four characters (five with a dash).
    Length(String),
    /// One of the two points is not a point name.
    Square(ParseSquareError),
    /// The move goes nowhere (`e3e3`).
    NullMove(String),
}

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseMoveError::Length(s) => {
                write!(
                    f,
                    "`{s}` is not an ICCS move: expected two points like h2e2 or H2-E2"
                )
            }
            ParseMoveError::Square(e) => write!(f, "not an ICCS move: {e}"),
            ParseMoveError::NullMove(s) => write!(f, "`{s}` moves a piece onto its own point"),
        }
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Reads ICCS coordinates: `h2e2`, `H2E2` or `H2-E2` (the dashed form of the original
    /// ICCS convention). Legality is not checked here.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let (a, b) = match s.len() {
            4 if s.is_char_boundary(2) => (&s[..2], &s[2..]),
            5 if s.as_bytes()[2] == b'-' && s.is_char_boundary(2) => (&s[..2], &s[3..]),
            _ => return Err(ParseMoveError::Length(s.to_string())),
        };
        let from = a.parse().map_err(ParseMoveError::Square)?;
        let to = b.parse().map_err(ParseMoveError::Square)?;
        if from == to {
            return Err(ParseMoveError::NullMove(s.to_string()));
        }
        Ok(Move { from, to })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_reads_both_spellings() {
        let m = Move::new(Square::H2, Square::E2);
        assert_eq!("h2e2".parse::<Move>(), Ok(m));
        assert_eq!("H2-E2".parse::<Move>(), Ok(m));
        assert_eq!(m.to_string(), "h2e2");
        assert!("h2e".parse::<Move>().is_err());
        assert!("h2e2e".parse::<Move>().is_err());
        assert!("h2h2".parse::<Move>().is_err());
        assert!("中2e2".parse::<Move>().is_err());
        assert!("ééé".parse::<Move>().is_err());
    }

    #[test]
    fn u16_packing_round_trips() {
        for a in Square::all() {
            for b in [Square::A0, Square::E4, Square::I9] {
                let m = Move::new(a, b);
                assert_eq!(Move::from_u16(m.to_u16()), Some(m));
            }
        }
        assert_eq!(Move::from_u16(0xffff), None);
    }
}
