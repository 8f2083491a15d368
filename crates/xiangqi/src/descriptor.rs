//! The notation-neutral description of a move that WXF and Chinese notation both spell:
//! which piece (kind, file, place among its tandem fellows), which way, and how far.
//!
//! [`describe`] computes it from a position and a legal move; `wxf` and `chinese` render it
//! in their own syntax. Reading goes the other way through [`crate::resolve`].

use crate::notation_error::NotationError;
use crate::{Color, Move, Piece, Position, Role, Square};

/// Which way a piece goes, seen from the side that moves it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Action {
    /// Towards the opponent (WXF `+`, Chinese 进).
    Forward,
    /// Towards the mover's own back rank (WXF `-`, Chinese 退).
    Backward,
    /// Along the rank (WXF `=`, Chinese 平).
    Sideways,
}

/// A legal move described as the notations describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Descriptor {
    /// The moving piece.
    pub piece: Piece,
    /// Its file, 1–9 counted from the mover's right.
    pub file: u8,
    /// Its place among the same pieces on its file, 0 = front (nearest the opponent).
    pub index: u8,
    /// How many same pieces (colour and kind) stand on its file, itself included.
    pub count: u8,
    /// Whether the mover has two or more files each holding two or more such pieces
    /// (possible for soldiers only).
    pub multi: bool,
    /// The direction.
    pub action: Action,
    /// The destination file (sideways moves and advisor, elephant and horse moves) or the
    /// number of ranks moved (straight moves of the general, chariot, cannon and soldier).
    pub number: u8,
}

/// Tells whether `role` moves diagonally (advisor, elephant, horse), so that WXF and Chinese
/// notation give its destination file rather than a distance.
pub(crate) const fn is_diagonal(role: Role) -> bool {
    matches!(role, Role::Advisor | Role::Elephant | Role::Horse)
}

/// Returns the file 1–9 counted from `color`'s right for the board file 0 (a) – 8 (i).
pub(crate) const fn player_file(color: Color, board_file: u8) -> u8 {
    match color {
        Color::Red => 9 - board_file,
        Color::Black => board_file + 1,
    }
}

/// Returns the board file 0 (a) – 8 (i) for the file 1–9 counted from `color`'s right, or
/// `None` outside 1–9.
pub(crate) const fn board_file(color: Color, player_file: u8) -> Option<u8> {
    if player_file < 1 || player_file > 9 {
        return None;
    }
    Some(match color {
        Color::Red => 9 - player_file,
        Color::Black => player_file - 1,
    })
}

/// Returns the squares of `piece` on board file `file`, front (nearest the opponent) first.
pub(crate) fn file_pieces(pos: &Position, piece: Piece, file: u8) -> Vec<Square> {
    let mut out: Vec<Square> = (0..10)
        .filter_map(|r| Square::new(file, r))
        .filter(|&s| pos.piece_at(s) == Some(piece))
        .collect();
    out.sort_by_key(|s| std::cmp::Reverse(s.relative_rank(piece.color)));
    out
}

/// Returns the board files (0–8) on which two or more `piece`s stand.
pub(crate) fn tandem_files(pos: &Position, piece: Piece) -> Vec<u8> {
    (0..9)
        .filter(|&f| file_pieces(pos, piece, f).len() >= 2)
        .collect()
}

/// Describes the legal move `m` of `pos` as WXF and Chinese notation need it.
///
/// # Errors
/// [`NotationError::Illegal`] when `m` is not legal in `pos`.
pub(crate) fn describe(pos: &Position, m: Move) -> Result<Descriptor, NotationError> {
    pos.check_legal(m)?;
    let piece = pos
        .piece_at(m.from)
        .ok_or(NotationError::Illegal(crate::IllegalMove::NoPiece(m)))?;
    let color = piece.color;
    let same = file_pieces(pos, piece, m.from.file());
    let index = same.iter().position(|&s| s == m.from).unwrap_or(0);
    let dr = i16::from(m.to.relative_rank(color)) - i16::from(m.from.relative_rank(color));
    let action = match dr {
        0 => Action::Sideways,
        d if d > 0 => Action::Forward,
        _ => Action::Backward,
    };
    let number = if action == Action::Sideways || is_diagonal(piece.role) {
        player_file(color, m.to.file())
    } else {
        dr.unsigned_abs() as u8
    };
    Ok(Descriptor {
        piece,
        file: player_file(color, m.from.file()),
        index: index as u8,
        count: same.len() as u8,
        multi: tandem_files(pos, piece).len() >= 2,
        action,
        number,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mv;

    #[test]
    fn files_count_from_each_players_right() {
        assert_eq!(player_file(Color::Red, 0), 9);
        assert_eq!(player_file(Color::Red, 8), 1);
        assert_eq!(player_file(Color::Black, 0), 1);
        assert_eq!(player_file(Color::Black, 8), 9);
        for c in Color::ALL {
            for f in 0..9 {
                assert_eq!(board_file(c, player_file(c, f)), Some(f));
            }
            assert_eq!(board_file(c, 0), None);
            assert_eq!(board_file(c, 10), None);
        }
    }

    #[test]
    fn central_cannon_is_file_two_sideways_to_five() {
        let d = describe(&Position::start(), mv("h2e2")).expect("legal");
        assert_eq!(d.piece, Piece::new(Color::Red, Role::Cannon));
        assert_eq!((d.file, d.index, d.count, d.multi), (2, 0, 1, false));
        assert_eq!((d.action, d.number), (Action::Sideways, 5));
    }

    #[test]
    fn straight_moves_count_ranks_and_diagonal_moves_name_the_file() {
        let pos = Position::start();
        let d = describe(&pos, mv("i0i2")).expect("legal");
        assert_eq!((d.file, d.action, d.number), (1, Action::Forward, 2));
        let d = describe(&pos, mv("h0g2")).expect("legal");
        assert_eq!((d.file, d.action, d.number), (2, Action::Forward, 3));
        let d = describe(&pos, mv("f0e1")).expect("legal");
        assert_eq!((d.file, d.action, d.number), (4, Action::Forward, 5));
    }

    #[test]
    fn front_is_nearest_the_opponent_for_both_sides() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/4R4/9/4RK3 w").expect("fen");
        let d = describe(&pos, mv("e2e5")).expect("legal");
        assert_eq!((d.index, d.count), (0, 2));
        let d = describe(&pos, mv("e0d0")).expect("legal");
        assert_eq!((d.index, d.count), (1, 2));
        let pos = Position::from_fen("3k5/9/4r4/9/9/9/9/4r4/9/5K3 b").expect("fen");
        let d = describe(&pos, mv("e2e0")).expect("legal");
        assert_eq!(
            (d.file, d.index, d.count, d.action),
            (5, 0, 2, Action::Forward)
        );
    }

    #[test]
    fn illegal_moves_are_not_described() {
        let pos = Position::start();
        assert!(matches!(
            describe(&pos, mv("a0a5")),
            Err(NotationError::Illegal(_))
        ));
        assert!(describe(&pos, mv("e5e6")).is_err());
    }
}
