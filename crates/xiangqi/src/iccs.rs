//! ICCS coordinate notation, checked against a position: `h2e2`.
//!
//! Files are `a`–`i` from Red's left and ranks `0`–`9` from Red's back rank, the same for
//! both sides; a move is its two points. This is the notation of the engine protocols (UCI,
//! UCCI) and of the wire protocol. Reading also takes uppercase and the dashed form of the
//! original ICCS convention (`H2-E2`); writing always gives the lowercase, undashed form.
//!
//! ```
//! use xiangqi::{iccs, Position};
//! let pos = Position::start();
//! let m = iccs::parse(&pos, "H2-E2")?;
//! assert_eq!(iccs::write(m), "h2e2");
//! assert!(iccs::parse(&pos, "h2h8").is_err()); // a cannon jumps only to capture
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::notation_error::NotationError;
use crate::{Move, Position};

/// Reads ICCS coordinates (`h2e2`, `H2E2`, `H2-E2`; white space around is ignored) and
/// checks that the move is legal in `pos`.
///
/// # Errors
/// [`NotationError::Iccs`] when the text is not two points, and [`NotationError::Illegal`]
/// with the reason from [`Position::check_legal`] when the move is against the rules here.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m: Move = text.trim().parse()?;
    pos.check_legal(m)?;
    Ok(m)
}

/// Writes `m` as lowercase ICCS coordinates without a dash, such as `"h2e2"`. Needs no
/// position: the coordinates are absolute.
pub fn write(m: Move) -> String {
    m.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{IllegalMove, Square};

    #[test]
    fn reads_every_spelling_and_writes_one() {
        let pos = Position::start();
        let m = Move::new(Square::H2, Square::E2);
        for text in ["h2e2", "H2E2", "H2-E2", " h2e2\n"] {
            assert_eq!(parse(&pos, text), Ok(m), "{text}");
        }
        assert_eq!(write(m), "h2e2");
    }

    #[test]
    fn illegal_moves_carry_the_rule_broken() {
        let pos = Position::start();
        let m = Move::new(Square::A9, Square::A8);
        assert_eq!(
            parse(&pos, "a9a8"),
            Err(NotationError::Illegal(IllegalMove::NotYourPiece(m)))
        );
        let e = parse(&pos, "e4e5").expect_err("empty point");
        assert_eq!(e.to_string(), "illegal move e4e5: there is no piece on e4");
    }

    #[test]
    fn bad_text_is_an_error_not_a_panic() {
        let pos = Position::start();
        for text in ["", "h2", "h2e2e2", "j0a0", "炮二平五", "h2-", "ééé", "h2h2"] {
            assert!(
                matches!(parse(&pos, text), Err(NotationError::Iccs(_))),
                "{text}"
            );
        }
    }
}
