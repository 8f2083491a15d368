//! What the three move notations share: the error they report, and a reader that tells
//! them apart.
//!
//! Each notation has its own module: [`crate::iccs`] (coordinates, `h2e2`), [`crate::wxf`]
//! (World Xiangqi Federation letters, `C2=5`) and [`crate::chinese`] (`炮二平五`). The
//! tandem rules they follow are written down in `docs/notation.md`.
//!
//! ```
//! use xiangqi::{notation, Position};
//! let pos = Position::start();
//! let m = "h2e2".parse()?;
//! assert_eq!(notation::parse_any(&pos, "h2e2")?, m);
//! assert_eq!(notation::parse_any(&pos, "C2=5")?, m);
//! assert_eq!(notation::parse_any(&pos, "炮二平五")?, m);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::notation_error::{Notation, NotationError, SyntaxProblem};
use crate::{Move, Position};

/// Reads a move in whichever notation `text` is written: Chinese when it holds any
/// non-ASCII character, ICCS when it has the shape of coordinates (`h2e2`, `H2-E2`), and WXF
/// otherwise. The three shapes never overlap.
///
/// # Errors
/// [`NotationError`] from the notation chosen: bad shape, no such piece, ambiguity, or a
/// move that is illegal here.
pub fn parse_any(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let t = text.trim();
    if !t.is_ascii() {
        crate::chinese::parse(pos, t)
    } else if t.parse::<Move>().is_ok() {
        crate::iccs::parse(pos, t)
    } else {
        match crate::wxf::parse(pos, t) {
            // `h2e`, `h2-e`: a mistyped coordinate is better explained as ICCS.
            Err(NotationError::Syntax { .. }) if looks_like_iccs(t) => crate::iccs::parse(pos, t),
            other => other,
        }
    }
}

/// Tells whether `t` starts like ICCS coordinates: a file letter, a rank digit, then a file
/// letter or a dash (which no WXF move has in third place after a letter and a digit).
fn looks_like_iccs(t: &str) -> bool {
    let b = t.as_bytes();
    let file = |c: u8| matches!(c.to_ascii_lowercase(), b'a'..=b'i');
    b.len() >= 3 && file(b[0]) && b[1].is_ascii_digit() && (file(b[2]) || b[2] == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ParseMoveError, Square};

    #[test]
    fn parse_any_tells_the_notations_apart() {
        let pos = Position::start();
        let m = Move::new(Square::H0, Square::G2);
        for text in ["h0g2", "H0-G2", "H2+3", "h2+3", "马二进三", " 傌二進三 "] {
            assert_eq!(parse_any(&pos, text), Ok(m), "{text}");
        }
        assert!(parse_any(&pos, "").is_err());
        assert!(parse_any(&pos, "zz").is_err());
        assert!(matches!(
            parse_any(&pos, "h2e"),
            Err(NotationError::Iccs(ParseMoveError::Length(_)))
        ));
        assert!(matches!(
            parse_any(&pos, "h2=x"),
            Err(NotationError::Syntax {
                notation: Notation::Wxf,
                ..
            })
        ));
        assert!(matches!(
            parse_any(&pos, "a0a5"),
            Err(NotationError::Illegal(_))
        ));
    }
}
