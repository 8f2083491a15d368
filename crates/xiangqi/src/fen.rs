//! FEN: reading and writing positions as text.
//!
//! The Xiangqi FEN used by Pikafish, Fairy-Stockfish and xqbase: ten ranks from Black's back
//! rank (rank 9) down to Red's (rank 0), separated by `/`; uppercase letters for Red and
//! lowercase for Black, K A B N R C P (E and H are read as elephant and horse); digits for
//! runs of empty points; then the side to move (`w`, also `r`, for Red; `b` for Black), two
//! unused fields written `-`, the plies since the last capture and the move number:
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`
//!
//! Everything after the board is optional on input (defaults: Red to move, `- - 0 1`).

use crate::setup::PositionError;
use crate::{Board, Color, Piece, Position, Setup, Square};
use std::fmt;

/// The FEN of the starting position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a text is not a FEN. Positions count ranks as ICCS does (0 = Red's back rank), files
/// as a–i.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseFenError {
    /// The text is empty or only spaces.
    Empty,
    /// The board field does not have ten ranks separated by `/`.
    RankCount {
        /// How many ranks were found.
        found: usize,
    },
    /// A rank does not describe exactly nine points.
    RankWidth {
        /// The ICCS rank (9 for the first rank written).
        rank: u8,
        /// How many points it described.
        points: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    UnknownLetter {
        /// The character.
        letter: char,
        /// The ICCS rank it is on.
        rank: u8,
    },
    /// The side-to-move field is not `w`, `r` or `b`.
    BadSide(String),
    /// A counter field is not a number in range.
    BadCounter {
        /// `"half-move clock"` or `"move number"`.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// More than six fields.
    TooManyFields(usize),
    /// Field 3 or 4 (castling and en passant in chess FEN) is not `-`; Xiangqi has neither.
    UnusedField {
        /// The field number, 3 or 4.
        field: usize,
        /// The text found.
        text: String,
    },
}

impl fmt::Display for ParseFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseFenError::Empty => f.write_str("empty FEN"),
            ParseFenError::RankCount { found } => {
                write!(
                    f,
                    "the board has {found} ranks separated by '/'; a Xiangqi board has 10"
                )
            }
            ParseFenError::RankWidth { rank, points } => {
                write!(f, "rank {rank} describes {points} points; every rank has 9")
            }
            ParseFenError::UnknownLetter { letter, rank } => write!(
                f,
                "unknown letter {letter:?} on rank {rank}; pieces are K A B N R C P (also E, H), \
                 uppercase for Red"
            ),
            ParseFenError::BadSide(s) => {
                write!(
                    f,
                    "side to move is {s:?}; expected w (or r) for Red, b for Black"
                )
            }
            ParseFenError::BadCounter { field, text } => {
                let least = if *field == "move number" { 1 } else { 0 };
                write!(f, "the {field} is {text:?}; expected a whole number from {least} to {MAX_COUNTER}")
            }
            ParseFenError::UnusedField { field, text } => {
                write!(f, "field {field} is {text:?}; Xiangqi FEN writes '-' there")
            }
            ParseFenError::TooManyFields(n) => {
                write!(f, "the FEN has {n} fields; at most 6 are allowed")
            }
        }
    }
}

impl std::error::Error for ParseFenError {}

/// Why a FEN could not become a playable position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The text is not a FEN.
    Parse(ParseFenError),
    /// The text is a FEN but not a legal position.
    Position(PositionError),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Parse(e) => e.fmt(f),
            FenError::Position(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FenError {}

impl From<ParseFenError> for FenError {
    fn from(e: ParseFenError) -> Self {
        FenError::Parse(e)
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Position(e)
    }
}

fn parse_board(text: &str) -> Result<Board, ParseFenError> {
    let ranks: Vec<&str> = text.split('/').collect();
    if ranks.len() != 10 {
        return Err(ParseFenError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    for (row, rank_text) in ranks.iter().enumerate() {
        let rank = 9 - row as u8;
        let mut file: usize = 0;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_fen_char(ch).filter(|_| ch.is_ascii()) {
                if let Some(sq) = u8::try_from(file).ok().and_then(|f| Square::new(f, rank)) {
                    board.put(sq, piece);
                }
                file += 1;
            } else {
                return Err(ParseFenError::UnknownLetter { letter: ch, rank });
            }
        }
        if file != 9 {
            return Err(ParseFenError::RankWidth { rank, points: file });
        }
    }
    Ok(board)
}

/// The largest half-move clock or move number a FEN may hold. Playing on from a position
/// keeps both counters at most this (they stop there), so every position written as FEN can
/// be read back.
pub(crate) const MAX_COUNTER: u32 = 100_000;

fn parse_counter(
    field: &'static str,
    text: Option<&str>,
    default: u32,
) -> Result<u32, ParseFenError> {
    match text {
        None => Ok(default),
        // Digits only: `str::parse` would also take a leading `+`.
        Some(t) => Some(t)
            .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|t| t.parse::<u32>().ok())
            .filter(|&n| n <= MAX_COUNTER)
            .ok_or_else(|| ParseFenError::BadCounter {
                field,
                text: t.to_string(),
            }),
    }
}

impl Setup {
    /// Reads a FEN into an unchecked setup (see the module docs for the format).
    ///
    /// # Errors
    /// [`ParseFenError`] naming the field and rank at fault.
    pub fn from_fen(fen: &str) -> Result<Setup, ParseFenError> {
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        let Some(&board_text) = fields.first() else {
            return Err(ParseFenError::Empty);
        };
        if fields.len() > 6 {
            return Err(ParseFenError::TooManyFields(fields.len()));
        }
        let board = parse_board(board_text)?;
        let turn = match fields.get(1).copied() {
            None | Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(s) => return Err(ParseFenError::BadSide(s.to_string())),
        };
        for field in [3, 4] {
            if let Some(&text) = fields.get(field - 1).filter(|&&t| t != "-") {
                return Err(ParseFenError::UnusedField {
                    field,
                    text: text.to_string(),
                });
            }
        }
        let halfmoves = parse_counter("half-move clock", fields.get(4).copied(), 0)?;
        let fullmoves = parse_counter("move number", fields.get(5).copied(), 1)?;
        if fullmoves == 0 {
            return Err(ParseFenError::BadCounter {
                field: "move number",
                text: "0".into(),
            });
        }
        Ok(Setup {
            board,
            turn,
            halfmoves,
            fullmoves,
        })
    }

    /// Writes the canonical FEN: K A B N R C P, `w`/`b`, `- -`, then both counters.
    pub fn fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for rank in (0..10u8).rev() {
            let mut empty = 0;
            for file in 0..9u8 {
                match Square::new(file, rank).and_then(|sq| self.board.piece_at(sq)) {
                    Some(p) => {
                        if empty > 0 {
                            s.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        s.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                s.push('/');
            }
        }
        format!(
            "{s} {} - - {} {}",
            self.turn.fen_char(),
            self.halfmoves,
            self.fullmoves
        )
    }
}

impl Position {
    /// Reads a FEN and checks that it is a legal position.
    ///
    /// # Errors
    /// [`FenError::Parse`] when the text is not a FEN; [`FenError::Position`] listing every
    /// problem when it is one but not legal.
    ///
    /// ```
    /// use xiangqi::{FenError, Position};
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w")?;
    /// assert_eq!(pos.legal_moves().len(), 2);
    /// // Facing generals are refused, with the reason:
    /// let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w").unwrap_err();
    /// assert_eq!(err.to_string(), "illegal position: the generals face each other on the open file e");
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        Ok(Position::from_setup(Setup::from_fen(fen)?)?)
    }

    /// Writes the canonical FEN of this position.
    pub fn fen(&self) -> String {
        self.to_setup().fen()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setup::Problem;
    use crate::Role;

    fn problems(fen: &str) -> Vec<Problem> {
        match Position::from_fen(fen) {
            Err(FenError::Position(e)) => e.problems,
            other => panic!("expected an illegal position, got {other:?}"),
        }
    }

    #[test]
    fn start_fen_round_trips() {
        let pos = Position::from_fen(START_FEN).expect("start position");
        assert_eq!(pos, Position::start());
        assert_eq!(pos.fen(), START_FEN);
    }

    #[test]
    fn reads_other_tools_spellings() {
        let alt = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r";
        assert_eq!(
            Position::from_fen(alt).map(|p| p.fen()),
            Ok(START_FEN.to_string())
        );
    }

    #[test]
    fn structural_errors_name_the_place() {
        let e = |s: &str| Setup::from_fen(s).unwrap_err();
        assert_eq!(e(""), ParseFenError::Empty);
        assert_eq!(e("9/9/9"), ParseFenError::RankCount { found: 3 });
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
            ParseFenError::RankWidth { rank: 0, points: 8 }
        );
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
            ParseFenError::UnknownLetter {
                letter: 'x',
                rank: 6
            }
        );
        assert_eq!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
            ParseFenError::BadSide("x".into())
        );
        let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
        assert!(matches!(
            e(&format!("{start} - - +5 1")),
            ParseFenError::BadCounter {
                field: "half-move clock",
                ..
            }
        ));
        assert_eq!(
            e(&format!("{start} KQ - 0 1")),
            ParseFenError::UnusedField {
                field: 3,
                text: "KQ".into()
            }
        );
        assert_eq!(
            e(&format!("{start} - 0 1")).to_string(),
            "field 4 is \"0\"; Xiangqi FEN writes '-' there"
        );
        assert_eq!(
            e(&format!("{start} - - 0 0")).to_string(),
            "the move number is \"0\"; expected a whole number from 1 to 100000"
        );
        assert!(matches!(
            e("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - z 1"),
            ParseFenError::BadCounter {
                field: "half-move clock",
                ..
            }
        ));
        assert!(matches!(
            e("9/9/9/9/9/9/9/9/9/0 w"),
            ParseFenError::UnknownLetter {
                letter: '0',
                rank: 0
            }
        ));
    }

    #[test]
    fn illegal_positions_list_every_problem() {
        let red = |r| Piece::new(Color::Red, r);
        assert_eq!(
            problems("9/9/9/9/9/9/9/9/9/4K4 w"),
            vec![Problem::MissingGeneral(Color::Black)]
        );
        assert_eq!(
            problems("4k4/9/9/9/9/9/9/9/9/4K4 w"),
            vec![Problem::GeneralsFacing { file: 4 }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/9/9/9/9/K8 w"),
            vec![Problem::OutsidePalace {
                piece: red(Role::General),
                square: Square::A0
            }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/9/9/4A4/9/4K4 w"),
            vec![Problem::OutsidePalace {
                piece: red(Role::Advisor),
                square: Square::E2
            }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/4B4/9/9/9/4K4 w"),
            vec![Problem::UnreachableElephant {
                piece: red(Role::Elephant),
                square: Square::E4
            }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/9/1P7/9/9/4K4 w"),
            vec![Problem::ImpossibleSoldier {
                piece: red(Role::Soldier),
                square: Square::B3
            }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/P8/P8/9/9/4K4 w"),
            vec![Problem::StackedSoldiers {
                color: Color::Red,
                file: 0
            }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/9/9/9/9/R2RKR3 w"),
            vec![Problem::TooMany {
                piece: red(Role::Chariot),
                count: 3
            }]
        );
        assert_eq!(
            problems("3k5/9/9/9/9/9/9/9/9/3RK4 w"),
            vec![Problem::OpponentInCheck(Color::Black)]
        );
    }
}
