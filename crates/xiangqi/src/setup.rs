//! An unchecked position description and the checks that make it playable.

use crate::{Board, ByColor, Color, Piece, Role, Square};
use std::fmt;

/// A position as described, before validation: what a FEN holds. Any arrangement can be a
/// `Setup`; only [`crate::Position::from_setup`] turns a legal one into a
/// [`crate::Position`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN field 5).
    pub halfmoves: u32,
    /// Move number, starting at 1 and increased after each Black move (FEN field 6).
    pub fullmoves: u32,
}

impl Default for Setup {
    /// Returns the starting position.
    fn default() -> Self {
        Setup {
            board: Board::start(),
            turn: Color::Red,
            halfmoves: 0,
            fullmoves: 1,
        }
    }
}

/// One reason why a setup is not a legal Xiangqi position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// A side has no general.
    MissingGeneral(Color),
    /// A side has more pieces of a kind than it starts with (there is no promotion).
    TooMany {
        /// The piece kind and colour.
        piece: Piece,
        /// How many are on the board.
        count: u32,
    },
    /// A general or advisor stands outside its palace, or an advisor off the five palace
    /// points it can reach (WXF 2018, moves of the pieces–2.2).
    OutsidePalace {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// An elephant stands on a point no elephant of its side can reach: only seven points
    /// on its own side of the river are possible (WXF 2018, moves of the pieces).
    UnreachableElephant {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// A soldier stands behind its starting rank, or before the river on a file where no
    /// soldier starts (soldiers only move sideways after crossing; WXF 2018, moves of the pieces).
    ImpossibleSoldier {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// Two soldiers of one side stand before the river on the same file; only one soldier
    /// starts on each such file and neither could have left it.
    StackedSoldiers {
        /// The side.
        color: Color,
        /// The file, 0 (a) to 8 (i).
        file: u8,
    },
    /// The two generals face each other on an open file (WXF 2018, moves of the pieces).
    GeneralsFacing {
        /// The file, 0 (a) to 8 (i).
        file: u8,
    },
    /// The side not to move is in check, so the last move left its general attacked.
    OpponentInCheck(Color),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = |x: &u8| (b'a' + x) as char;
        match self {
            Problem::MissingGeneral(c) => write!(f, "{c} has no general"),
            Problem::TooMany { piece, count } => write!(
                f,
                "{} has {count} {}s; at most {} are possible",
                piece.color,
                piece.role,
                piece.role.initial_count()
            ),
            Problem::OutsidePalace { piece, square } => {
                write!(f, "{piece} on {square} is outside its palace")
            }
            Problem::UnreachableElephant { piece, square } => {
                write!(
                    f,
                    "{piece} on {square}: an elephant can never reach that point"
                )
            }
            Problem::ImpossibleSoldier { piece, square } => {
                write!(
                    f,
                    "{piece} on {square}: a soldier can never reach that point"
                )
            }
            Problem::StackedSoldiers { color, file: x } => write!(
                f,
                "{color} has two soldiers on file {} before the river; only one starts there",
                file(x)
            ),
            Problem::GeneralsFacing { file: x } => {
                write!(
                    f,
                    "the generals face each other on the open file {}",
                    file(x)
                )
            }
            Problem::OpponentInCheck(c) => {
                write!(f, "{c} is in check but it is {}'s turn", !*c)
            }
        }
    }
}

/// Why a setup is not a legal position: every problem found, and the setup given back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    /// Each problem, in board order, at least one.
    pub problems: Vec<Problem>,
    /// The rejected setup, unchanged (boxed: a setup is a few hundred bytes).
    pub setup: Box<Setup>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

/// Tells whether an advisor of `color` can ever stand on `sq`: the palace centre and corners.
fn advisor_point(color: Color, sq: Square) -> bool {
    sq.is_in_palace(color) && (sq.file() + sq.relative_rank(color)) % 2 == 1
}

/// Tells whether an elephant of `color` can ever stand on `sq`: the seven points reachable
/// from its starting points by two-point diagonal steps on its own side.
fn elephant_point(color: Color, sq: Square) -> bool {
    let (f, r) = (sq.file(), sq.relative_rank(color));
    matches!((f, r), (2 | 6, 0) | (0 | 4 | 8, 2) | (2 | 6, 4))
}

/// Tells whether a soldier of `color` can ever stand on `sq`.
fn soldier_point(color: Color, sq: Square) -> bool {
    let r = sq.relative_rank(color);
    r >= 5 || ((r == 3 || r == 4) && sq.file() % 2 == 0)
}

/// Checks every rule a position must meet; returns the generals' squares.
pub(crate) fn validate(setup: &Setup) -> Result<ByColor<Square>, PositionError> {
    let mut problems = Vec::new();
    let board = &setup.board;
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            let count = board.by_piece(piece).count();
            if role == Role::General && count == 0 {
                problems.push(Problem::MissingGeneral(color));
            } else if count > u32::from(role.initial_count()) {
                problems.push(Problem::TooMany { piece, count });
            }
        }
    }
    let mut uncrossed_soldier_files = ByColor::<[bool; 9]>::default();
    for (square, piece) in board.pieces() {
        let c = piece.color;
        match piece.role {
            Role::General if !square.is_in_palace(c) => {
                problems.push(Problem::OutsidePalace { piece, square });
            }
            Role::Advisor if !advisor_point(c, square) => {
                problems.push(Problem::OutsidePalace { piece, square });
            }
            Role::Elephant if !elephant_point(c, square) => {
                problems.push(Problem::UnreachableElephant { piece, square });
            }
            Role::Soldier if !soldier_point(c, square) => {
                problems.push(Problem::ImpossibleSoldier { piece, square });
            }
            Role::Soldier if square.is_on_side(c) => {
                let seen = &mut uncrossed_soldier_files[c][square.file() as usize];
                if *seen {
                    problems.push(Problem::StackedSoldiers {
                        color: c,
                        file: square.file(),
                    });
                }
                *seen = true;
            }
            _ => {}
        }
    }
    let (Some(red), Some(black)) = (board.general(Color::Red), board.general(Color::Black)) else {
        return Err(PositionError {
            problems,
            setup: Box::new(setup.clone()),
        });
    };
    if !problems.is_empty() {
        return Err(PositionError {
            problems,
            setup: Box::new(setup.clone()),
        });
    }
    let generals = ByColor { red, black };
    let facing = red.file() == black.file()
        && (red.rank() + 1..black.rank())
            .filter_map(|r| Square::new(red.file(), r))
            .all(|s| board.is_empty_at(s));
    if facing {
        problems.push(Problem::GeneralsFacing { file: red.file() });
    } else {
        // Ask the move generator's attack test whether the side not to move is attacked.
        let probe = crate::Position::unchecked(setup.clone(), generals);
        let them = !setup.turn;
        if !probe.attackers(generals[them], setup.turn).is_empty() {
            problems.push(Problem::OpponentInCheck(them));
        }
    }
    if problems.is_empty() {
        Ok(generals)
    } else {
        Err(PositionError {
            problems,
            setup: Box::new(setup.clone()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reachable_points_match_the_rules() {
        let count =
            |f: fn(Color, Square) -> bool| Square::all().filter(|&s| f(Color::Red, s)).count();
        assert_eq!(count(advisor_point), 5);
        assert_eq!(count(elephant_point), 7);
        assert_eq!(count(soldier_point), 10 + 45);
        assert!(elephant_point(Color::Black, Square::C9));
        assert!(elephant_point(Color::Black, Square::E7));
        assert!(!elephant_point(Color::Black, Square::E5));
        assert!(advisor_point(Color::Black, Square::E8));
        assert!(!advisor_point(Color::Black, Square::E9));
    }
}
