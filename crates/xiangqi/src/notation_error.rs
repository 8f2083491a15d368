//! What the three move notations report when a text is not a move here: which notation
//! ([`Notation`]), what is wrong with its shape ([`SyntaxProblem`]) and the error itself
//! ([`NotationError`]). The readers are [`crate::iccs`], [`crate::wxf`] and
//! [`crate::chinese`]; [`crate::notation::parse_any`] tells them apart.

use crate::{IllegalMove, ParseMoveError, Piece, Square};
use std::fmt;

/// One of the three move notations, named in error messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Coordinates such as `h2e2` ([`crate::iccs`]).
    Iccs,
    /// World Xiangqi Federation letters such as `C2=5` ([`crate::wxf`]).
    Wxf,
    /// Chinese characters such as `炮二平五` ([`crate::chinese`]).
    Chinese,
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        })
    }
}

/// What is wrong with the shape of a move text, before the position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyntaxProblem {
    /// The text is empty (or only white space).
    Empty,
    /// The text has the wrong length or an unexpected layout.
    Shape,
    /// A character that names no piece where a piece was expected.
    UnknownPiece(char),
    /// A character that is not a file 1–9 where a file was expected.
    BadFile(char),
    /// A character that is not a direction (`+ - = .` or 进 退 平) where one was expected.
    BadAction(char),
    /// A character that is not a number 1–9 where a distance or file was expected.
    BadNumber(char),
    /// A front/rear marker that does not fit (such as `+-`).
    BadMarker(char),
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SyntaxProblem::Empty => f.write_str("the text is empty"),
            SyntaxProblem::Shape => f.write_str("it does not have the shape of a move"),
            SyntaxProblem::UnknownPiece(c) => write!(f, "`{c}` names no piece"),
            SyntaxProblem::BadFile(c) => write!(f, "`{c}` is not a file 1-9"),
            SyntaxProblem::BadAction(c) => {
                write!(
                    f,
                    "`{c}` is not a direction (forward, backward or sideways)"
                )
            }
            SyntaxProblem::BadNumber(c) => write!(f, "`{c}` is not a number 1-9"),
            SyntaxProblem::BadMarker(c) => write!(f, "`{c}` is not a front/rear marker here"),
        }
    }
}

/// Why a move text could not be read (or a move not written) in a given position.
///
/// Every variant names its cause; `Display` gives a sentence fit to show a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text does not have the shape of a move in this notation.
    Syntax {
        /// The notation that was being read.
        notation: Notation,
        /// The text as given.
        text: String,
        /// What is wrong with it.
        problem: SyntaxProblem,
    },
    /// The text is not ICCS coordinates.
    Iccs(ParseMoveError),
    /// The side to move has no piece of that kind on that file.
    NoPieceOnFile {
        /// The piece looked for (its colour is the side to move).
        piece: Piece,
        /// The file, 1–9 counted from the mover's right.
        file: u8,
    },
    /// A front/rear marker was given, but no two such pieces share a file.
    NoTandem {
        /// The piece looked for.
        piece: Piece,
    },
    /// The marker names a piece that the file does not have (a middle one of two, a fifth
    /// of three, …).
    NoSuchTandemPiece {
        /// The piece looked for.
        piece: Piece,
        /// The file, 1–9 counted from the mover's right.
        file: u8,
        /// How many such pieces share that file.
        count: u8,
    },
    /// Several such pieces share the file and more than one can make the move, so a
    /// front/rear (or numbering) marker is needed.
    NeedsMarker {
        /// The piece looked for.
        piece: Piece,
        /// The file, 1–9 counted from the mover's right.
        file: u8,
        /// How many such pieces share that file.
        count: u8,
    },
    /// Such pieces stand in tandem on more than one file, so the file must be named.
    NeedsFile {
        /// The piece looked for.
        piece: Piece,
    },
    /// The text moves an advisor, elephant or horse sideways, which they never do.
    NeverSideways {
        /// The piece.
        piece: Piece,
    },
    /// The piece named cannot make the step described (wrong shape or off the board).
    NoSuchMove {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        from: Square,
        /// The text as given.
        text: String,
    },
    /// The move described is against the rules here; the inner error says why.
    Illegal(IllegalMove),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |p: &Piece| p.color;
        match self {
            NotationError::Syntax {
                notation,
                text,
                problem,
            } => write!(f, "`{text}` is not {notation} notation: {problem}"),
            NotationError::Iccs(e) => e.fmt(f),
            NotationError::NoPieceOnFile { piece, file } => write!(
                f,
                "there is no {piece} on file {file} (counted from {}'s right)",
                side(piece)
            ),
            NotationError::NoTandem { piece } => write!(
                f,
                "a front/rear marker needs two {}s on one file, and no two {}s share a file",
                piece.role, piece
            ),
            NotationError::NoSuchTandemPiece {
                piece,
                file,
                count: 1,
            } => write!(
                f,
                "only one {piece} stands on file {file}, so a front/rear marker does not apply"
            ),
            NotationError::NoSuchTandemPiece { piece, file, count } => write!(
                f,
                "{count} {piece}s share file {file}; the marker names none of them"
            ),
            NotationError::NeedsMarker { piece, file, count } => write!(
                f,
                "{count} {}s share file {file}: say which with a front/rear marker",
                piece
            ),
            NotationError::NeedsFile { piece } => write!(
                f,
                "{}s stand in tandem on more than one file: name the file",
                piece
            ),
            NotationError::NeverSideways { piece } => {
                write!(f, "a {} never moves sideways", piece.role)
            }
            NotationError::NoSuchMove { piece, from, text } => {
                write!(f, "`{text}`: the {piece} on {from} cannot move that way")
            }
            NotationError::Illegal(e) => write!(f, "illegal move {e}"),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotationError::Iccs(e) => Some(e),
            NotationError::Illegal(e) => Some(e),
            _ => None,
        }
    }
}

impl From<IllegalMove> for NotationError {
    fn from(e: IllegalMove) -> Self {
        NotationError::Illegal(e)
    }
}

impl From<ParseMoveError> for NotationError {
    fn from(e: ParseMoveError) -> Self {
        NotationError::Iccs(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Role};

    #[test]
    fn errors_read_as_sentences() {
        let red_chariot = Piece::new(Color::Red, Role::Chariot);
        let e = NotationError::NoPieceOnFile {
            piece: red_chariot,
            file: 5,
        };
        assert_eq!(
            e.to_string(),
            "there is no Red chariot on file 5 (counted from Red's right)"
        );
        let e = NotationError::NeedsMarker {
            piece: red_chariot,
            file: 2,
            count: 2,
        };
        assert_eq!(
            e.to_string(),
            "2 Red chariots share file 2: say which with a front/rear marker"
        );
        let e = NotationError::Syntax {
            notation: Notation::Wxf,
            text: "X2=5".into(),
            problem: SyntaxProblem::UnknownPiece('X'),
        };
        assert_eq!(
            e.to_string(),
            "`X2=5` is not WXF notation: `X` names no piece"
        );
    }
}
