//! The seven kinds of piece.

use std::fmt;

/// The kind of a piece, without its colour. Source: WXF 2018, board and pieces (names)
/// and moves of the pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帥/將 — moves one point orthogonally inside its palace. FEN `K`, WXF `K`.
    General = 0,
    /// 仕/士 — moves one point diagonally inside its palace. FEN `A`, WXF `A`.
    Advisor = 1,
    /// 相/象 — moves two points diagonally, blocked on its eye, never across the river.
    /// FEN `B` (also read `E`), WXF `E`.
    Elephant = 2,
    /// 傌/馬 — one point straight then one diagonally outward, blocked on its leg.
    /// FEN `N` (also read `H`), WXF `H`.
    Horse = 3,
    /// 俥/車 — any distance orthogonally. FEN `R`, WXF `R`.
    Chariot = 4,
    /// 炮/砲 — moves like a chariot; captures by jumping exactly one screen. FEN `C`, WXF `C`.
    Cannon = 5,
    /// 兵/卒 — one point forward; also sideways once across the river. FEN `P`, WXF `P`.
    Soldier = 6,
}

impl Role {
    /// All seven kinds, in FEN letter order K A B N R C P.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// Returns 0–6 in the order of [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Returns the kind with this index (0–6), or `None`.
    pub const fn from_index(i: usize) -> Option<Role> {
        if i < 7 {
            Some(Role::ALL[i])
        } else {
            None
        }
    }

    /// Returns the uppercase FEN letter (K A B N R C P), the form every FEN writer uses.
    pub const fn fen_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Reads a FEN letter of either case: K A B N R C P, and also E (elephant) and H (horse)
    /// as some tools write them. Returns `None` for any other character.
    pub const fn from_fen_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'K' => Some(Role::General),
            'A' => Some(Role::Advisor),
            'B' | 'E' => Some(Role::Elephant),
            'N' | 'H' => Some(Role::Horse),
            'R' => Some(Role::Chariot),
            'C' => Some(Role::Cannon),
            'P' => Some(Role::Soldier),
            _ => None,
        }
    }

    /// Returns the WXF letter (K A E H R C P).
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Returns the display letter used by the UI's letter mode (G A E H R C S).
    pub const fn display_char(self) -> char {
        match self {
            Role::General => 'G',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'S',
        }
    }

    /// Returns the lowercase English name (`"general"`, `"advisor"`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }

    /// Returns how many pieces of this kind each side starts with (1, 2, 2, 2, 2, 2, 5).
    /// There is no promotion, so no side ever has more. Source: WXF 2018, board and pieces.
    pub const fn initial_count(self) -> u8 {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// Tells whether a piece of this kind can ever cross the river (chariot, horse, cannon,
    /// soldier). The general, advisors and elephants never leave their own half.
    pub const fn can_cross_river(self) -> bool {
        matches!(
            self,
            Role::Horse | Role::Chariot | Role::Cannon | Role::Soldier
        )
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_letters_round_trip() {
        for r in Role::ALL {
            assert_eq!(Role::from_fen_char(r.fen_char()), Some(r));
            assert_eq!(
                Role::from_fen_char(r.fen_char().to_ascii_lowercase()),
                Some(r)
            );
            assert_eq!(Role::from_index(r.index()), Some(r));
        }
        assert_eq!(Role::from_fen_char('h'), Some(Role::Horse));
        assert_eq!(Role::from_fen_char('E'), Some(Role::Elephant));
        assert_eq!(Role::from_fen_char('x'), None);
    }
}
