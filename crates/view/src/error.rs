//! What the position service refuses, with the wire codes of `docs/protocol.md`.

use std::fmt;

/// Why a position request was refused. Each variant has a wire code ([`ViewError::code`]);
/// the server answers them with status 422.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// `invalid_fen`: the FEN cannot be read or describes an impossible position.
    InvalidFen {
        /// The whole error in one line.
        message: String,
        /// Each problem of the position, one sentence each.
        problems: Vec<String>,
    },
    /// `illegal_move`: a move cannot be played (the message names it, its index and why).
    IllegalMove(String),
    /// `invalid_field`: a field is out of range (the message names the field).
    InvalidField(String),
}

impl ViewError {
    /// Turns a FEN error of the rules library into [`ViewError::InvalidFen`].
    pub fn from_fen(err: &xiangqi::FenError) -> ViewError {
        let problems = match err {
            xiangqi::FenError::Parse(e) => vec![e.to_string()],
            xiangqi::FenError::Position(e) => e.problems.iter().map(ToString::to_string).collect(),
        };
        ViewError::InvalidFen {
            message: err.to_string(),
            problems,
        }
    }

    /// Returns the wire code: `invalid_fen`, `illegal_move` or `invalid_field`.
    pub fn code(&self) -> &'static str {
        match self {
            ViewError::InvalidFen { .. } => "invalid_fen",
            ViewError::IllegalMove(_) => "illegal_move",
            ViewError::InvalidField(_) => "invalid_field",
        }
    }

    /// Returns the problems of an invalid FEN, one sentence each (empty for other errors).
    pub fn problems(&self) -> &[String] {
        match self {
            ViewError::InvalidFen { problems, .. } => problems,
            _ => &[],
        }
    }
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::InvalidFen { message, .. } => f.write_str(message),
            ViewError::IllegalMove(m) | ViewError::InvalidField(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ViewError {}
