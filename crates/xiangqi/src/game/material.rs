//! Insufficient material: neither side can ever attack the other's general.

use crate::{Color, Piece, Position, Role};

/// Tells whether neither side has a piece that can cross the river (chariot, horse, cannon
/// or soldier). Generals, advisors and elephants never leave their own half, so no check
/// and no mate is possible any more: both rule sets draw at once.
pub fn is_insufficient_material(pos: &Position) -> bool {
    Color::ALL.iter().all(|&c| {
        Role::ALL
            .iter()
            .filter(|r| r.can_cross_river())
            .all(|&r| pos.board().by_piece(Piece::new(c, r)).is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_defenders_left_is_insufficient() {
        let pos = |f: &str| Position::from_fen(f).expect("legal");
        assert!(is_insufficient_material(&pos(
            "2bak4/9/4b4/9/9/9/9/4B4/4A4/3AK4 w"
        )));
        assert!(!is_insufficient_material(&pos(
            "3ak4/9/9/9/9/9/9/9/4p4/3AK4 w"
        )));
        assert!(!is_insufficient_material(&Position::start()));
    }
}
