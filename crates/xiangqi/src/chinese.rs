//! Chinese move notation: `炮二平五`, `马８进７`, `前车进一`.
//!
//! A move is four characters: the piece, its file counted from the mover's own right, the
//! direction (进 forward, 退 backward, 平 sideways) and the destination file (sideways
//! moves, and always for the diagonal movers 仕 相 马) or the number of ranks moved. Red
//! writes numbers as Chinese numerals 一…九, Black as full-width digits １…９.
//!
//! Output uses the simplified characters of modern books: 帅仕相马车炮兵 for Red and
//! 将士象马车炮卒 for Black.
//!
//! # Tandem pieces
//! Two same pieces on one file are 前 (front, nearer the opponent) and 后 (rear), written in
//! place of the file before the piece: `前车进一`, `后炮平五`. Advisors and elephants are
//! marked too (`后仕进五`), although the direction alone tells which one moves.
//! Soldiers, following the same WXF rules as [`crate::wxf`] (see `docs/notation.md`):
//!
//! | soldiers on the file | written, front to rear                    |
//! |----------------------|-------------------------------------------|
//! | 2                    | 前兵 后兵                                 |
//! | 3                    | 前兵 中兵 后兵                            |
//! | 4 or 5               | 一兵 二兵 三兵 四兵 (五兵); Black １卒 … |
//!
//! When two files each hold two or more of the mover's soldiers, a soldier on such a file
//! is written with its marker and its file in place of the piece: `前三平四`, `中三平四`,
//! `后三平四` (Black `前３平４`), the Chinese form of WXF `3+=4`.
//!
//! # Reading
//! [`parse`] reads the traditional characters as well as the simplified ones and either
//! colour's characters for either side (帥帅將将 仕士 相象 傌馬马 俥車车 炮砲包 兵卒),
//! 進 for 进, 後 for 后, numbers in any of the three styles (一, 1, １) for both sides, the
//! marker after the piece (`車前平三`, the older order), the five-character form with both
//! piece and file (`前兵三平四`), and a bare file on a shared file when only one of the
//! pieces there can make the move (`仕六进五`).
//!
//! ```
//! use xiangqi::{chinese, Position};
//! let pos = Position::start();
//! let m = chinese::parse(&pos, "炮二平五")?;
//! assert_eq!(m, "h2e2".parse()?);
//! let pos = pos.after(m)?;
//! assert_eq!(chinese::write(&pos, "h9g7".parse()?)?, "马８进７");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::descriptor::{describe, Action, Descriptor};
use crate::notation_error::{Notation, NotationError, SyntaxProblem};
use crate::resolve::{self, Place, Query, Which};
use crate::{Color, Move, Piece, Position, Role};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Writes the legal move `m` of `pos` in Chinese notation with simplified characters
/// (`炮二平五`, `马８进７`, `前车进一`); see the [module documentation](self) for the tandem
/// rules.
///
/// # Errors
/// [`NotationError::Illegal`] when `m` is not legal in `pos`.
pub fn write(pos: &Position, m: Move) -> Result<String, NotationError> {
    Ok(render(&describe(pos, m)?))
}

/// Reads a Chinese move (white space around is ignored) and finds the one legal move of
/// `pos` it names; see the [module documentation](self) for the forms read.
///
/// # Errors
/// [`NotationError::Syntax`] when the text does not have the shape of a Chinese move;
/// past that, the errors of [`wxf::parse`](crate::wxf::parse) (no piece fits, the text
/// is ambiguous, the piece cannot make that move here), since both notations name a move
/// by the same parts and find it alike.
pub fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    resolve::parse(pos, text, Notation::Chinese, read)
}

/// Returns the simplified character for `piece`: 帅仕相马车炮兵 / 将士象马车炮卒.
pub fn piece_char(piece: Piece) -> char {
    match (piece.color, piece.role) {
        (Color::Red, Role::General) => '帅',
        (Color::Black, Role::General) => '将',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Black, Role::Advisor) => '士',
        (Color::Red, Role::Elephant) => '相',
        (Color::Black, Role::Elephant) => '象',
        (_, Role::Horse) => '马',
        (_, Role::Chariot) => '车',
        (_, Role::Cannon) => '炮',
        (Color::Red, Role::Soldier) => '兵',
        (Color::Black, Role::Soldier) => '卒',
    }
}

/// Returns the numeral for 1–9 in `color`'s style: 一…九 for Red, １…９ for Black.
fn numeral(color: Color, n: u8) -> char {
    let table = match color {
        Color::Red => &RED_NUMERALS,
        Color::Black => &BLACK_NUMERALS,
    };
    usize::from(n)
        .checked_sub(1)
        .and_then(|i| table.get(i))
        .copied()
        .unwrap_or('?')
}

/// Renders a descriptor in Chinese notation.
fn render(d: &Descriptor) -> String {
    let color = d.piece.color;
    let name = piece_char(d.piece);
    let file = numeral(color, d.file);
    let (i, n) = (d.index, d.count);
    let marker = if i == 0 {
        '前'
    } else if i + 1 == n {
        '后'
    } else {
        '中'
    };
    let who = match n {
        0 | 1 => format!("{name}{file}"),
        _ if d.piece.role == Role::Soldier && d.multi => format!("{marker}{file}"),
        2 | 3 => format!("{marker}{name}"),
        _ => format!("{}{name}", numeral(color, i + 1)),
    };
    let action = match d.action {
        Action::Forward => '进',
        Action::Backward => '退',
        Action::Sideways => '平',
    };
    format!("{who}{action}{}", numeral(color, d.number))
}

/// One character of a Chinese move, classified.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Piece(Role),
    Number(u8),
    Marker(Place),
    Action(Action),
    Other(char),
}

/// Classifies one character.
fn token(c: char) -> Token {
    let role = match c {
        '帥' | '帅' | '將' | '将' => Some(Role::General),
        '仕' | '士' => Some(Role::Advisor),
        '相' | '象' => Some(Role::Elephant),
        '傌' | '馬' | '马' => Some(Role::Horse),
        '俥' | '車' | '车' => Some(Role::Chariot),
        '炮' | '砲' | '包' => Some(Role::Cannon),
        '兵' | '卒' => Some(Role::Soldier),
        _ => None,
    };
    if let Some(r) = role {
        return Token::Piece(r);
    }
    let number = RED_NUMERALS
        .iter()
        .chain(&BLACK_NUMERALS)
        .chain(&['1', '2', '3', '4', '5', '6', '7', '8', '9'])
        .position(|&x| x == c)
        .map(|i| (i % 9) as u8 + 1);
    if let Some(n) = number {
        return Token::Number(n);
    }
    match c {
        '前' => Token::Marker(Place::Foremost),
        '后' | '後' => Token::Marker(Place::Rearmost),
        '中' => Token::Marker(Place::Middle),
        '进' | '進' => Token::Action(Action::Forward),
        '退' => Token::Action(Action::Backward),
        '平' => Token::Action(Action::Sideways),
        _ => Token::Other(c),
    }
}

/// Returns the place a leading marker or ordinal names.
fn place(t: Token) -> Option<Place> {
    match t {
        Token::Marker(p) => Some(p),
        Token::Number(k) => Some(Place::Nth(k)),
        _ => None,
    }
}

/// Parses the characters of a Chinese move into a query, without looking at a position.
fn read(text: &str) -> Result<Query, SyntaxProblem> {
    let chars: Vec<char> = text.chars().collect();
    let tokens: Vec<Token> = chars.iter().map(|&c| token(c)).collect();
    let tandem = |file, place| Which::Tandem { file, place };
    let (role, which, act, num) = match tokens.as_slice() {
        [] => return Err(SyntaxProblem::Empty),
        &[a, b, act, num] => {
            let (role, which) = match (a, place(a), b) {
                // 炮二
                (Token::Piece(r), _, Token::Number(f)) => (r, Which::File(f)),
                // 車前 (older order)
                (Token::Piece(r), _, Token::Marker(p)) => (r, tandem(None, p)),
                (Token::Piece(_), _, _) => return Err(SyntaxProblem::BadFile(chars[1])),
                // 前车, 中兵, 二兵
                (_, Some(p), Token::Piece(r)) => (r, tandem(None, p)),
                // 前三 (soldiers in tandem on two files)
                (_, Some(p), Token::Number(f)) => (Role::Soldier, tandem(Some(f), p)),
                (_, Some(_), _) => return Err(SyntaxProblem::UnknownPiece(chars[1])),
                _ => return Err(SyntaxProblem::UnknownPiece(chars[0])),
            };
            (role, which, act, num)
        }
        // 前兵三平四
        &[lead, piece, file, act, num] => {
            let p = place(lead).ok_or(SyntaxProblem::BadMarker(chars[0]))?;
            let Token::Piece(role) = piece else {
                return Err(SyntaxProblem::UnknownPiece(chars[1]));
            };
            let Token::Number(f) = file else {
                return Err(SyntaxProblem::BadFile(chars[2]));
            };
            (role, tandem(Some(f), p), act, num)
        }
        _ => return Err(SyntaxProblem::Shape),
    };
    let n = tokens.len();
    let Token::Action(action) = act else {
        return Err(SyntaxProblem::BadAction(chars[n - 2]));
    };
    let Token::Number(number) = num else {
        return Err(SyntaxProblem::BadNumber(chars[n - 1]));
    };
    Ok(Query {
        role,
        which,
        action,
        number,
    })
}

#[cfg(test)]
mod tests {
    //! The moves written and read in both notations are the table of
    //! `tests/it/notation_examples.rs`; here, what only the Chinese reader says.
    use super::*;
    use crate::test_support::{fen, mv};

    #[test]
    fn soldiers_on_two_files_need_the_file_when_both_can_move() {
        let pos = fen("4k4/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w");
        assert!(matches!(
            parse(&pos, "前兵进一"),
            Err(NotationError::NeedsFile { .. })
        ));
        assert_eq!(parse(&pos, "前兵三进一"), Ok(mv("g7g8")));
    }

    #[test]
    fn errors_name_the_piece_and_file() {
        let pos = Position::start();
        assert_eq!(
            parse(&pos, "炮三平五").map_err(|e| e.to_string()),
            Err("there is no Red cannon on file 3 (counted from Red's right)".to_string())
        );
        assert_eq!(
            parse(&pos, "马二平三").map_err(|e| e.to_string()),
            Err("a horse never moves sideways".to_string())
        );
    }
}
