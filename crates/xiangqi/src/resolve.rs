//! Turns a move as read from WXF or Chinese text (piece, which one, direction, number) into
//! the one legal move it names in a position, or says why there is none or more than one.
//!
//! The readers in `wxf` and `chinese` only parse characters into a [`Query`]; every rule
//! about tandem pieces that needs the board lives here, so both notations apply it alike.

use crate::descriptor::{board_file, file_pieces, is_diagonal, tandem_files, Action};
use crate::notation_error::{Notation, NotationError, SyntaxProblem};
use crate::{Move, Piece, Position, Role, Square};

/// Which of several same pieces on a file a marker names. The place is resolved against the
/// number `n` of such pieces on the file; index 0 is the front one (nearest the opponent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Place {
    /// The front one: Chinese 前, WXF `++`.
    Foremost,
    /// The rear one: Chinese 后/後, WXF `--`.
    Rearmost,
    /// WXF `+`: the front one of two or three, the second from the front of four or five.
    WxfFront,
    /// WXF `-`: the rear one of two or three, the second from the rear of four or five.
    WxfRear,
    /// The middle one of three (index 1) or five (index 2): Chinese 中.
    Middle,
    /// The k-th from the front, k ≥ 1: Chinese 一二三四五 for four or five soldiers.
    Nth(u8),
    /// WXF `33` (file digit twice): the middle one when three share the file (the WXF
    /// two-file form), otherwise the k-th from the front (the numbered form some programs
    /// write).
    MiddleOrNth(u8),
}

impl Place {
    /// Returns the index (0 = front) this place names among `n` pieces, or `None`.
    fn index(self, n: usize) -> Option<usize> {
        let i = match self {
            Place::Foremost if n >= 2 => 0,
            Place::Rearmost if n >= 2 => n - 1,
            Place::WxfFront if (2..=3).contains(&n) => 0,
            Place::WxfFront if n >= 4 => 1,
            Place::WxfRear if (2..=3).contains(&n) => n - 1,
            Place::WxfRear if n >= 4 => n - 2,
            Place::Middle if n == 3 => 1,
            Place::Middle if n == 5 => 2,
            Place::MiddleOrNth(_) if n == 3 => 1,
            Place::Nth(k) | Place::MiddleOrNth(k) if k >= 1 && usize::from(k) <= n => {
                usize::from(k) - 1
            }
            _ => return None,
        };
        Some(i)
    }
}

/// How the text picks out the moving piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Which {
    /// By its file, 1–9 from the mover's right (`C2`, 炮二).
    File(u8),
    /// By its place among same pieces on one file; `file` is 1–9 from the mover's right, or
    /// `None` when the text leaves it out (`R+`, 前车), which needs a single tandem file.
    Tandem {
        /// The file, when named.
        file: Option<u8>,
        /// The place on that file.
        place: Place,
    },
}

/// A move as read from text, before the position is consulted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Query {
    /// The kind of piece moved (its colour is the side to move).
    pub role: Role,
    /// Which piece of that kind.
    pub which: Which,
    /// The direction.
    pub action: Action,
    /// The destination file or the distance, 1–9.
    pub number: u8,
}

/// Returns where `piece` on `from` lands for `action` and `number`, or `None` when the piece
/// cannot move that way at all (wrong shape, off the board, nowhere).
fn destination(piece: Piece, from: Square, action: Action, number: u8) -> Option<Square> {
    let fwd = piece.color.forward();
    let n = i8::try_from(number).ok()?;
    let to_file = board_file(piece.color, number);
    if is_diagonal(piece.role) {
        let dx = i8::try_from(to_file?).ok()? - from.file() as i8;
        let dy = match (piece.role, dx.abs()) {
            (Role::Advisor, 1) => 1,
            (Role::Elephant, 2) => 2,
            (Role::Horse, 1) => 2,
            (Role::Horse, 2) => 1,
            _ => return None,
        };
        let dy = match action {
            Action::Forward => dy * fwd,
            Action::Backward => -dy * fwd,
            Action::Sideways => return None,
        };
        return from.offset(dx, dy);
    }
    let to = match action {
        Action::Sideways => Square::new(to_file?, from.rank())?,
        Action::Forward => from.offset(0, n * fwd)?,
        Action::Backward => from.offset(0, -n * fwd)?,
    };
    (to != from).then_some(to)
}

/// Returns the candidate squares the text can mean: the pieces it picks out before asking
/// which of them can make the move.
fn candidates(pos: &Position, piece: Piece, which: Which) -> Result<Vec<Square>, NotationError> {
    match which {
        Which::File(f) => {
            let x = board_file(piece.color, f)
                .ok_or(NotationError::NoPieceOnFile { piece, file: f })?;
            let on_file = file_pieces(pos, piece, x);
            match on_file.len() {
                0 => Err(NotationError::NoPieceOnFile { piece, file: f }),
                // WXF writes the middle soldier of three or five with its bare file number.
                3 | 5 if piece.role == Role::Soldier => Ok(Place::Middle
                    .index(on_file.len())
                    .map_or_else(Vec::new, |i| on_file.get(i).copied().into_iter().collect())),
                // Otherwise a bare file on a shared file is read leniently: whichever of them
                // can make the move (WXF `A6+5`, Chinese 仕六进五).
                _ => Ok(on_file),
            }
        }
        Which::Tandem { file, place } => {
            let files = match file {
                Some(f) => {
                    let x = board_file(piece.color, f)
                        .ok_or(NotationError::NoPieceOnFile { piece, file: f })?;
                    let n = file_pieces(pos, piece, x).len();
                    if n == 0 {
                        return Err(NotationError::NoPieceOnFile { piece, file: f });
                    }
                    vec![x]
                }
                None => tandem_files(pos, piece),
            };
            if files.is_empty() {
                return Err(NotationError::NoTandem { piece });
            }
            let mut out = Vec::new();
            let mut last_miss = None;
            for x in files {
                let on_file = file_pieces(pos, piece, x);
                match place.index(on_file.len()).and_then(|i| on_file.get(i)) {
                    Some(&s) => out.push(s),
                    None => last_miss = Some((x, on_file.len())),
                }
            }
            match (out.is_empty(), last_miss) {
                (true, Some((x, n))) => Err(NotationError::NoSuchTandemPiece {
                    piece,
                    file: crate::descriptor::player_file(piece.color, x),
                    count: n as u8,
                }),
                _ => Ok(out),
            }
        }
    }
}

/// A notation's reader of characters: the [`Query`] the text of one move describes, or
/// what is wrong with its shape.
pub(crate) type Read = fn(&str) -> Result<Query, SyntaxProblem>;

/// Reads `text` (white space around is ignored) with `read`, the character reader of
/// `notation`, and finds the one legal move of `pos` it names: the whole of `wxf::parse`
/// and `chinese::parse`.
///
/// # Errors
/// [`NotationError::Syntax`] (naming `notation`) when `read` refuses the text, else the
/// errors of [`resolve`].
pub(crate) fn parse(
    pos: &Position,
    text: &str,
    notation: Notation,
    read: Read,
) -> Result<Move, NotationError> {
    let text = text.trim();
    let query = read(text).map_err(|problem| NotationError::Syntax {
        notation,
        text: text.to_string(),
        problem,
    })?;
    resolve(pos, query, text)
}

/// Finds the one legal move of `pos` that `query` names; `text` is the original text, for
/// error messages.
///
/// # Errors
/// - [`NotationError::NoPieceOnFile`], [`NotationError::NoTandem`],
///   [`NotationError::NoSuchTandemPiece`] when no piece fits the description;
/// - [`NotationError::NeverSideways`] for a sideways advisor, elephant or horse;
/// - [`NotationError::NeedsMarker`] / [`NotationError::NeedsFile`] when several pieces fit
///   and more than one can make the move;
/// - [`NotationError::NoSuchMove`] or [`NotationError::Illegal`] (with the rule broken) when
///   the piece cannot make it.
fn resolve(pos: &Position, query: Query, text: &str) -> Result<Move, NotationError> {
    let piece = Piece::new(pos.turn(), query.role);
    if is_diagonal(query.role) && query.action == Action::Sideways {
        return Err(NotationError::NeverSideways { piece });
    }
    let from_squares = candidates(pos, piece, query.which)?;
    let mut legal = Vec::new();
    let mut first_error = None;
    for &from in &from_squares {
        let result = match destination(piece, from, query.action, query.number) {
            None => Err(NotationError::NoSuchMove {
                piece,
                from,
                text: text.to_string(),
            }),
            Some(to) => {
                let m = Move::new(from, to);
                pos.check_legal(m).map(|()| m).map_err(NotationError::from)
            }
        };
        match result {
            Ok(m) => legal.push(m),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    match legal.as_slice() {
        [m] => Ok(*m),
        [] => Err(first_error.unwrap_or(NotationError::NoTandem { piece })),
        [first, ..] => Err(match query.which {
            Which::File(f) => NotationError::NeedsMarker {
                piece,
                file: f,
                count: from_squares.len() as u8,
            },
            Which::Tandem { file: Some(f), .. } => NotationError::NeedsMarker {
                piece,
                file: f,
                count: from_squares.len() as u8,
            },
            Which::Tandem { file: None, .. } if from_squares.len() > 1 => {
                NotationError::NeedsFile { piece }
            }
            Which::Tandem { file: None, .. } => NotationError::NoSuchMove {
                piece,
                from: first.from,
                text: text.to_string(),
            },
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_support::mv;
    use crate::Color;

    fn query(role: Role, which: Which, action: Action, number: u8) -> Query {
        Query {
            role,
            which,
            action,
            number,
        }
    }

    #[test]
    fn places_resolve_per_wxf_and_chinese_counting() {
        use Place::*;
        assert_eq!(Foremost.index(2), Some(0));
        assert_eq!(Rearmost.index(5), Some(4));
        assert_eq!(WxfFront.index(3), Some(0));
        assert_eq!(WxfFront.index(4), Some(1));
        assert_eq!(WxfRear.index(3), Some(2));
        assert_eq!(WxfRear.index(5), Some(3));
        assert_eq!(Middle.index(3), Some(1));
        assert_eq!(Middle.index(5), Some(2));
        assert_eq!(Middle.index(2), None);
        assert_eq!(Middle.index(4), None);
        assert_eq!(Nth(4).index(4), Some(3));
        assert_eq!(Nth(5).index(4), None);
        assert_eq!(Nth(0).index(4), None);
        assert_eq!(MiddleOrNth(3).index(3), Some(1));
        assert_eq!(MiddleOrNth(3).index(4), Some(2));
        assert_eq!(Foremost.index(1), None);
    }

    #[test]
    fn a_bare_file_picks_the_only_piece_there() {
        let pos = Position::start();
        let q = query(Role::Cannon, Which::File(2), Action::Sideways, 5);
        assert_eq!(resolve(&pos, q, "C2=5"), Ok(mv("h2e2")));
        let q = query(Role::Cannon, Which::File(3), Action::Sideways, 5);
        assert!(matches!(
            resolve(&pos, q, "C3=5"),
            Err(NotationError::NoPieceOnFile { file: 3, .. })
        ));
    }

    #[test]
    fn a_bare_file_on_a_shared_file_needs_a_marker_unless_only_one_can_move() {
        // Red chariots on e0 and e3: both can go sideways to file 6 (ICCS d).
        let pos = Position::from_fen("3k5/9/9/9/9/9/4R4/9/9/4RK3 w").expect("fen");
        let q = query(Role::Chariot, Which::File(5), Action::Sideways, 6);
        assert_eq!(
            resolve(&pos, q, "R5=6"),
            Err(NotationError::NeedsMarker {
                piece: Piece::new(Color::Red, Role::Chariot),
                file: 5,
                count: 2
            })
        );
        // Only the front one can go forward 5.
        let q = query(Role::Chariot, Which::File(5), Action::Forward, 5);
        assert_eq!(resolve(&pos, q, "R5+5"), Ok(mv("e3e8")));
        // Advisors on d0 and d2: only the rear one can advance.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/3A5/9/3AK4 w").expect("fen");
        let q = query(Role::Advisor, Which::File(6), Action::Forward, 5);
        assert_eq!(resolve(&pos, q, "A6+5"), Ok(mv("d0e1")));
        let q = query(Role::Advisor, Which::File(6), Action::Backward, 5);
        assert_eq!(resolve(&pos, q, "A6-5"), Ok(mv("d2e1")));
    }

    #[test]
    fn sideways_diagonal_movers_and_impossible_steps_are_refused() {
        let pos = Position::start();
        let q = query(Role::Horse, Which::File(2), Action::Sideways, 3);
        assert!(matches!(
            resolve(&pos, q, "H2=3"),
            Err(NotationError::NeverSideways { .. })
        ));
        let q = query(Role::Horse, Which::File(2), Action::Forward, 5);
        assert!(matches!(
            resolve(&pos, q, "H2+5"),
            Err(NotationError::NoSuchMove { .. })
        ));
        let q = query(Role::Chariot, Which::File(1), Action::Forward, 9);
        assert!(matches!(
            resolve(&pos, q, "R1+9"),
            Err(NotationError::Illegal(_))
        ));
        let q = query(Role::Chariot, Which::File(1), Action::Sideways, 1);
        assert!(matches!(
            resolve(&pos, q, "R1=1"),
            Err(NotationError::NoSuchMove { .. })
        ));
    }

    #[test]
    fn markers_need_a_tandem_and_a_single_tandem_file() {
        let pos = Position::start();
        let q = query(
            Role::Chariot,
            Which::Tandem {
                file: None,
                place: Place::Foremost,
            },
            Action::Forward,
            1,
        );
        assert!(matches!(
            resolve(&pos, q, "前车进一"),
            Err(NotationError::NoTandem { .. })
        ));
        // Red soldiers: two on file 5 (e5, e6), two on file 3 (g5, g6).
        let pos = Position::from_fen("3k5/9/9/4P1P2/4P1P2/9/9/9/9/5K3 w").expect("fen");
        let q = query(
            Role::Soldier,
            Which::Tandem {
                file: None,
                place: Place::Foremost,
            },
            Action::Forward,
            1,
        );
        assert!(matches!(
            resolve(&pos, q, "前兵进一"),
            Err(NotationError::NeedsFile { .. })
        ));
        let q = query(
            Role::Soldier,
            Which::Tandem {
                file: Some(3),
                place: Place::Foremost,
            },
            Action::Forward,
            1,
        );
        assert_eq!(resolve(&pos, q, "前三进一"), Ok(mv("g6g7")));
        let q = query(
            Role::Soldier,
            Which::Tandem {
                file: Some(3),
                place: Place::Middle,
            },
            Action::Forward,
            1,
        );
        assert!(matches!(
            resolve(&pos, q, "中三进一"),
            Err(NotationError::NoSuchTandemPiece { count: 2, .. })
        ));
    }
}
