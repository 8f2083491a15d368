//! WXF notation, as the World Xiangqi Federation writes moves for people: `C2=5`.
//!
//! A move is four characters:
//!
//! 1. the piece: `K` general, `A` advisor, `E` elephant, `H` horse, `R` chariot, `C` cannon,
//!    `P` soldier;
//! 2. its file, 1–9 counted from the mover's own right (for Red ICCS file `a` is 9 and `i`
//!    is 1; for Black `a` is 1 and `i` is 9);
//! 3. the direction: `+` forward (towards the opponent), `-` backward, `=` sideways;
//! 4. the destination file for sideways moves and for the diagonal movers (advisor,
//!    elephant, horse), otherwise the number of ranks moved.
//!
//! ```text
//!   Black   1 2 3 4 5 6 7 8 9        from the start position:
//!         9 r n b a k a b n r        Red   C2=5 (h2e2)  H2+3 (h0g2)  H8+7 (b0c2)
//!           ...                            R1+1 (i0i1)  P7+1 (c3c4)  E3+5 (g0e2)
//!         0 R N B A K A B N R        Black C8=5 (h7e7)  H8+7 (h9g7)  P7+1 (g6g5)
//!     Red   9 8 7 6 5 4 3 2 1
//! ```
//!
//! # Tandem pieces
//! Two same pieces (colour and kind) on one file are told apart by `+` (front: nearer the
//! opponent) or `-` (rear) in place of the file digit: `R++1`, `C-=5`. This is written for
//! every kind, advisors and elephants included (`A-+5`), although for those the direction
//! alone tells which one moves.
//!
//! Soldiers follow the WXF "Official Xiangqi piece names and notation" (AXF 1980/82,
//! adopted by WXF in 1997, kept by the 2018 World Xiangqi Rules; see `docs/notation.md`):
//!
//! | soldiers on the file | written, front to rear            |
//! |----------------------|-----------------------------------|
//! | 2                    | `P+` `P-`                         |
//! | 3                    | `P+` `P5` (middle: its file) `P-` |
//! | 4                    | `++` `P+` `P-` `--`               |
//! | 5                    | `++` `P+` `P5` `P-` `--`          |
//!
//! When two files each hold two or more of the mover's soldiers, a soldier on such a file
//! is written with its file digit in place of the letter, then `+` (front), `-` (rear) or
//! the file digit again (middle of three): `3+=4`, `33=4`, `3-=4`, `7+=6`, `7-=6`.
//!
//! # Reading
//! Besides the canonical form [`parse`] reads: lowercase letters; `N` for the horse and `B`
//! for the elephant; `.` for `=`; a sideways move without a sign (`C25`); the marker before
//! the letter (`+R+1`, `-C=5`); a bare file digit on a shared file when only one of the
//! pieces there can make the move (`A6+5`); and the numbered soldier form some programs
//! write, position from the front then file (`25=4`: the second soldier from the front on
//! file 5). Two equal digits (`33`) mean the middle one when three share the file, and
//! otherwise the numbered form.

use crate::descriptor::{describe, Action, Descriptor};
use crate::notation_error::{Notation, NotationError, SyntaxProblem};
use crate::resolve::{self, Place, Query, Which};
use crate::{Move, Position, Role};

/// Writes the legal move `m` of `pos` in canonical WXF notation (`C2=5`, `R++1`, `3+=4`);
/// see the [module documentation](self) for the tandem rules.
///
/// # Errors
/// [`NotationError::Illegal`] when `m` is not legal in `pos`.
///
/// # Examples
/// ```
/// use xiangqi::{wxf, Position};
/// let pos = Position::start();
/// assert_eq!(wxf::write(&pos, "h0g2".parse()?)?, "H2+3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(pos: &Position, m: Move) -> Result<String, NotationError> {
    Ok(render(&describe(pos, m)?))
}

/// Reads a WXF move (white space around is ignored) and finds the one legal move of `pos`
/// it names; see the [module documentation](self) for the forms read.
///
/// # Errors
/// - [`NotationError::Syntax`] when the text does not have the shape of a WXF move;
/// - [`NotationError::NoPieceOnFile`], [`NotationError::NoTandem`],
///   [`NotationError::NoSuchTandemPiece`] when no piece of the side to move fits;
/// - [`NotationError::NeedsMarker`] or [`NotationError::NeedsFile`] when it is ambiguous;
/// - [`NotationError::NeverSideways`], [`NotationError::NoSuchMove`] or
///   [`NotationError::Illegal`] when the piece cannot make that move here.
///
/// # Examples
/// ```
/// use xiangqi::{wxf, Position};
/// let pos = Position::start();
/// assert_eq!(wxf::parse(&pos, "C2.5")?, "h2e2".parse()?);
/// assert_eq!(
///     wxf::parse(&pos, "H2=3").unwrap_err().to_string(),
///     "a horse never moves sideways"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    resolve::parse(pos, text, Notation::Wxf, read)
}

/// Renders a descriptor in canonical WXF.
fn render(d: &Descriptor) -> String {
    let (first, second) = identifier(d);
    let action = match d.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Sideways => '=',
    };
    format!("{first}{second}{action}{}", digit(d.number))
}

/// Returns the two characters that pick out the moving piece.
fn identifier(d: &Descriptor) -> (char, char) {
    let letter = d.piece.role.wxf_char();
    let file = digit(d.file);
    let (i, n) = (d.index, d.count);
    let last = n.saturating_sub(1);
    if n <= 1 {
        return (letter, file);
    }
    if d.piece.role == Role::Soldier && d.multi {
        let marker = if i == 0 {
            '+'
        } else if i == last {
            '-'
        } else {
            file
        };
        return (file, marker);
    }
    match n {
        2 | 3 if i == 0 => (letter, '+'),
        2 | 3 if i == last => (letter, '-'),
        _ if n >= 4 && i == 0 => ('+', '+'),
        _ if n >= 4 && i == last => ('-', '-'),
        _ if n >= 4 && i == 1 => (letter, '+'),
        _ if n >= 4 && i + 1 == last => (letter, '-'),
        // The middle one of three or five: its bare file.
        _ => (letter, file),
    }
}

/// Returns the ASCII digit for 1–9.
fn digit(n: u8) -> char {
    char::from_digit(u32::from(n), 10).unwrap_or('?')
}

/// Reads a WXF piece letter: K A E H R C P in either case, also N (horse) and B (elephant).
fn letter(c: char) -> Option<Role> {
    match c.to_ascii_uppercase() {
        'K' => Some(Role::General),
        'A' => Some(Role::Advisor),
        'E' | 'B' => Some(Role::Elephant),
        'H' | 'N' => Some(Role::Horse),
        'R' => Some(Role::Chariot),
        'C' => Some(Role::Cannon),
        'P' => Some(Role::Soldier),
        _ => None,
    }
}

/// Reads a digit 1–9.
fn number(c: char) -> Option<u8> {
    match c {
        '1'..='9' => c.to_digit(10).and_then(|d| u8::try_from(d).ok()),
        _ => None,
    }
}

/// Reads a direction sign; `.` is read as `=`.
fn action(c: char) -> Option<Action> {
    match c {
        '+' => Some(Action::Forward),
        '-' => Some(Action::Backward),
        '=' | '.' => Some(Action::Sideways),
        _ => None,
    }
}

/// Parses the characters of a WXF move into a query, without looking at a position.
fn read(text: &str) -> Result<Query, SyntaxProblem> {
    let chars: Vec<char> = text.chars().collect();
    let (role, which, act, num) = match chars.as_slice() {
        [] => return Err(SyntaxProblem::Empty),
        // `C25`: sideways without a sign.
        &[l, f, n] => {
            let role = letter(l).ok_or(SyntaxProblem::UnknownPiece(l))?;
            let file = number(f).ok_or(SyntaxProblem::BadFile(f))?;
            (role, Which::File(file), '=', n)
        }
        &[a, b, act, num] => {
            let (role, which) = identify(a, b)?;
            (role, which, act, num)
        }
        _ => return Err(SyntaxProblem::Shape),
    };
    Ok(Query {
        role,
        which,
        action: action(act).ok_or(SyntaxProblem::BadAction(act))?,
        number: number(num).ok_or(SyntaxProblem::BadNumber(num))?,
    })
}

/// Reads the first two characters: the piece and which one.
fn identify(a: char, b: char) -> Result<(Role, Which), SyntaxProblem> {
    let tandem = |file, place| Which::Tandem { file, place };
    let sign_place = |c: char| match c {
        '+' => Some(Place::WxfFront),
        '-' => Some(Place::WxfRear),
        _ => None,
    };
    if let Some(role) = letter(a) {
        // `C2`, `R+`, `P-`.
        if let Some(f) = number(b) {
            return Ok((role, Which::File(f)));
        }
        let place = sign_place(b).ok_or(SyntaxProblem::BadFile(b))?;
        return Ok((role, tandem(None, place)));
    }
    if let Some(outer) = sign_place(a) {
        // `+R`, `-C`: the marker before the letter.
        if let Some(role) = letter(b) {
            return Ok((role, tandem(None, outer)));
        }
        // `++`, `--`: the foremost and rearmost of four or five soldiers.
        return match (a, b) {
            ('+', '+') => Ok((Role::Soldier, tandem(None, Place::Foremost))),
            ('-', '-') => Ok((Role::Soldier, tandem(None, Place::Rearmost))),
            (_, '+' | '-') => Err(SyntaxProblem::BadMarker(b)),
            _ => Err(SyntaxProblem::UnknownPiece(b)),
        };
    }
    if let Some(d) = number(a) {
        // Soldiers in tandem on two files: `3+`, `33`, `3-`; or numbered from the front.
        if let Some(place) = sign_place(b) {
            return Ok((Role::Soldier, tandem(Some(d), place)));
        }
        let e = number(b).ok_or(SyntaxProblem::BadMarker(b))?;
        let which = if d == e {
            tandem(Some(d), Place::MiddleOrNth(d))
        } else {
            tandem(Some(e), Place::Nth(d))
        };
        return Ok((Role::Soldier, which));
    }
    Err(SyntaxProblem::UnknownPiece(a))
}

#[cfg(test)]
mod tests {
    //! The moves written and read in both notations are the table of
    //! `tests/it/notation_examples.rs`; here, what only the WXF reader says.
    use super::*;
    use crate::test_support::{fen, mv};

    #[test]
    fn tandem_pieces_need_a_marker_when_both_can_move() {
        let pos = fen("3k5/9/9/9/9/9/4R4/9/9/4RK3 w");
        assert!(matches!(
            parse(&pos, "R5=6"),
            Err(NotationError::NeedsMarker {
                file: 5,
                count: 2,
                ..
            })
        ));
        let pos = fen("4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w");
        assert!(matches!(
            parse(&pos, "P++1"),
            Err(NotationError::NeedsFile { .. })
        ));
        assert_eq!(parse(&pos, "3++1"), Ok(mv("g7g8")));
    }

    #[test]
    fn impossible_and_illegal_moves_say_why() {
        let pos = Position::start();
        assert!(matches!(
            parse(&pos, "C3=5"),
            Err(NotationError::NoPieceOnFile { file: 3, .. })
        ));
        assert!(matches!(
            parse(&pos, "R+=2"),
            Err(NotationError::NoTandem { .. })
        ));
        assert!(matches!(
            parse(&pos, "R1+9"),
            Err(NotationError::Illegal(_))
        ));
        assert!(matches!(
            parse(&pos, "H2+5"),
            Err(NotationError::NoSuchMove { .. })
        ));
        assert!(matches!(
            write(&pos, mv("a0a5")),
            Err(NotationError::Illegal(_))
        ));
    }
}
