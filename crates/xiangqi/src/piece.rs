//! A piece: a colour and a kind.

use crate::{Color, Role};
use std::fmt;

/// A coloured piece, e.g. a Red horse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The side that owns the piece.
    pub color: Color,
    /// The kind of piece.
    pub role: Role,
}

impl Piece {
    /// Builds a piece from its side and kind.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Returns a dense index 0–13 (Red kinds 0–6, Black kinds 7–13) for per-piece tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }

    /// Returns the piece with the dense index 0–13, or `None` for larger values.
    pub const fn from_index(i: usize) -> Option<Piece> {
        let color = if i < 7 { Color::Red } else { Color::Black };
        match Role::from_index(i % 7) {
            Some(role) if i < 14 => Some(Piece { color, role }),
            _ => None,
        }
    }

    /// Returns the FEN letter: uppercase for Red, lowercase for Black (`K`, `n`, …).
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (K A B N R C P, also E and H; uppercase Red, lowercase Black).
    /// Returns `None` for any other character.
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_fen_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// Returns the traditional Chinese character for the piece. Red and Black use different
    /// characters for the general, advisor, elephant, chariot, horse and soldier
    /// (帥仕相傌俥炮兵 / 將士象馬車砲卒), as printed on real pieces.
    pub const fn chinese_char(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::General) => '帥',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Horse) => '傌',
            (Color::Red, Role::Chariot) => '俥',
            (Color::Red, Role::Cannon) => '炮',
            (Color::Red, Role::Soldier) => '兵',
            (Color::Black, Role::General) => '將',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Horse) => '馬',
            (Color::Black, Role::Chariot) => '車',
            (Color::Black, Role::Cannon) => '砲',
            (Color::Black, Role::Soldier) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color, self.role)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips_for_all_fourteen_pieces() {
        for i in 0..14 {
            let p = Piece::from_index(i).expect("valid index");
            assert_eq!(p.index(), i);
            assert_eq!(Piece::from_fen_char(p.fen_char()), Some(p));
        }
        assert_eq!(Piece::from_index(14), None);
    }
}
