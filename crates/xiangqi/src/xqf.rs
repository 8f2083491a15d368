//! XQF: the binary game files of XQStudio (象棋演播室), the format of most existing Xiangqi
//! collections, read and written.
//!
//! Sources: the XQF 1.0 format description by XQStudio's author (过河象, 2001, `XQF.TXT`
//! in xqbase's XQF tools, github.com/xqbase/eleeye, `XQFTOOLS/`), and for the encrypted
//! versions the decryption as xqbase's XQF→PGN converter (`xqf2pgn.cpp`) performs it.
//!
//! - A 1024-byte header: `XQ`, the version, key bytes (0x03 and 0x08–0x0F, from version
//!   11), the 32 piece points at 0x10 (see below), the result at 0x33 (0 unknown, 1 Red
//!   won, 2 Black won, 3 draw), the kind of record at 0x40 (0 whole game, 1 opening,
//!   2 middle game, 3 ending), and strings, each a length byte and the bytes: title (0x50,
//!   64 bytes), event (0xD0, 64), date (0x110, 16), site (0x120, 16), Red (0x130, 16),
//!   Black (0x140, 16), annotator (0x1D0, 16), author (0x1E0, 16).
//! - Points are `file × 10 + rank`, files and ranks counted as in ICCS (0,0 is Red's left
//!   corner); 255, or any value from 90 up, is a piece not on the board. The 32 pieces are
//!   Red's chariot, horse, elephant, advisor, general, advisor, elephant, horse, chariot,
//!   two cannons and five soldiers, then Black's in the same order.
//! - From 0x400, the move tree in pre-order, one record per move: start point + 24, end
//!   point + 32, flags, a reserved byte, then the move's comment. Record 0 stands for the
//!   start position (its comment comes before the first move). Before version 11 each
//!   record is followed by a 4-byte little-endian comment length and the comment, and the
//!   flags are 0xF0 while another move follows. From version 11 flag 0x80 says another
//!   move follows, 0x40 that a variation follows the subtree, 0x20 that a comment length
//!   and a comment follow.
//! - Version 11 and later are encrypted: the key bytes give offsets added to the piece
//!   points, the start and end points and the comment lengths, and a 32-byte key stream
//!   added byte by byte to everything from 0x400 on; from version 12 the piece points are
//!   also rotated.
//!
//! The file records no side to move: it is the colour of the piece the first move moves
//! (Red without moves). Only the main line is read: in pre-order a move's first
//! continuation follows it at once, so the main line is the run of records up to the first
//! without a next move, and variations, stored after it, are never reached.
//!
//! Header strings are bytes as stored: most files hold GBK text, which this crate does not
//! decode ([`XqfGame::tags`] gives the fields that are UTF-8; the browser decodes the rest).
//!
//! ```
//! use xiangqi::game::{Game, RuleSet};
//! use xiangqi::xqf::{self, XqfField, XqfGame, XqfKeys};
//! let game = Game::replay(None, &["h2e2", "h9g7"], RuleSet::Wxf2018)?;
//! let record = XqfGame::new(game, vec![(XqfField::Red, b"Hu".to_vec())]);
//! let keys = XqfKeys { mask: 0x5a, keys: [1, 2, 3, 4, 5, 6, 7, 8] };
//! for bytes in [xqf::write(&record, None), xqf::write(&record, Some(keys))] {
//!     let back = xqf::read(&bytes)?;
//!     assert_eq!(back.game.moves(), record.game.moves());
//!     assert_eq!(back.field(XqfField::Red), Some(&b"Hu"[..]));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::game::{Game, GameError, GameResult, RuleSet};
use crate::{slots, Board, IllegalMove, Move, PositionError, Square};
use std::fmt;

/// The header's size; the move records start here.
const HEADER: usize = 0x400;

/// A text field of the header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XqfField {
    /// The title (0x50).
    Title,
    /// The event (0xD0).
    Event,
    /// The date (0x110).
    Date,
    /// The site (0x120).
    Site,
    /// Red's player (0x130).
    Red,
    /// Black's player (0x140).
    Black,
    /// Who annotated the game (0x1D0).
    Annotator,
    /// Who made the file (0x1E0).
    Author,
}

impl XqfField {
    /// Every field, in header order.
    pub const ALL: [XqfField; 8] = [
        XqfField::Title,
        XqfField::Event,
        XqfField::Date,
        XqfField::Site,
        XqfField::Red,
        XqfField::Black,
        XqfField::Annotator,
        XqfField::Author,
    ];

    /// Returns where the field starts in the header and how many bytes it has, the length
    /// byte included.
    pub const fn place(self) -> (usize, usize) {
        match self {
            XqfField::Title => (0x50, 64),
            XqfField::Event => (0xD0, 64),
            XqfField::Date => (0x110, 16),
            XqfField::Site => (0x120, 16),
            XqfField::Red => (0x130, 16),
            XqfField::Black => (0x140, 16),
            XqfField::Annotator => (0x1D0, 16),
            XqfField::Author => (0x1E0, 16),
        }
    }

    /// Returns the PGN tag that holds the same information (`Title`, `Event`, `Date`,
    /// `Site`, `Red`, `Black`, `Annotator`, `Author`).
    pub const fn tag(self) -> &'static str {
        match self {
            XqfField::Title => "Title",
            XqfField::Event => "Event",
            XqfField::Date => "Date",
            XqfField::Site => "Site",
            XqfField::Red => "Red",
            XqfField::Black => "Black",
            XqfField::Annotator => "Annotator",
            XqfField::Author => "Author",
        }
    }

    /// Returns the field of a PGN tag name (case-insensitive), if any.
    pub fn from_tag(name: &str) -> Option<XqfField> {
        XqfField::ALL
            .into_iter()
            .find(|f| f.tag().eq_ignore_ascii_case(name))
    }
}

/// A game read from, or to be written to, an XQF file.
#[derive(Clone, Debug)]
pub struct XqfGame {
    /// The file's version byte (10 is XQF 1.0; 11 and later are encrypted).
    pub version: u8,
    /// The header's non-empty text fields, in header order, as stored.
    pub fields: Vec<(XqfField, Vec<u8>)>,
    /// The main line, replayed and judged under the `wxf-2018` rule set, ended as the
    /// header's result says when the moves leave it open.
    pub game: Game,
    /// The main line's comments as stored: `(ply, text)`, ply 0 before the first move.
    pub comments: Vec<(usize, Vec<u8>)>,
}

impl XqfGame {
    /// Makes a record of `game` with header fields and no comments, for [`write()`].
    pub fn new(game: Game, fields: Vec<(XqfField, Vec<u8>)>) -> XqfGame {
        XqfGame {
            version: 10,
            fields,
            game,
            comments: Vec::new(),
        }
    }

    /// Makes a record of `game` from PGN tags: those that name an [`XqfField`]
    /// ([`XqfField::from_tag`]) become its fields, as UTF-8.
    pub fn from_tags(game: Game, tags: &[(String, String)]) -> XqfGame {
        let fields = XqfField::ALL
            .into_iter()
            .filter_map(|f| {
                let (_, v) = tags
                    .iter()
                    .find(|(k, v)| XqfField::from_tag(k) == Some(f) && !v.is_empty())?;
                Some((f, v.clone().into_bytes()))
            })
            .collect();
        XqfGame::new(game, fields)
    }

    /// Returns the bytes of a field, if the header has it.
    pub fn field(&self, field: XqfField) -> Option<&[u8]> {
        self.fields
            .iter()
            .find(|(f, _)| *f == field)
            .map(|(_, v)| v.as_slice())
    }

    /// Returns the fields whose bytes are UTF-8 (or ASCII) as PGN tags, in header order,
    /// then `Result` (`1-0`, `0-1`, `1/2-1/2`) when the game is decided. Fields in another
    /// encoding (most files hold GBK) are left out.
    pub fn tags(&self) -> Vec<(String, String)> {
        let mut tags: Vec<(String, String)> = self
            .fields
            .iter()
            .filter_map(|(f, v)| Some((f.tag().to_string(), String::from_utf8(v.clone()).ok()?)))
            .collect();
        let result = self.game.status().result;
        if matches!(
            result,
            GameResult::RedWins | GameResult::BlackWins | GameResult::Draw
        ) {
            tags.push(("Result".to_string(), result.pgn().to_string()));
        }
        tags
    }
}

/// The key bytes of an encrypted file: the mask (header byte 0x03) and header bytes
/// 0x08–0x0F. Any values make a readable file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct XqfKeys {
    /// Header byte 0x03.
    pub mask: u8,
    /// Header bytes 0x08–0x0F.
    pub keys: [u8; 8],
}

/// Why an XQF file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfError {
    /// The file does not start with `XQ`.
    BadMagic,
    /// The file ends inside the 1024-byte header.
    TruncatedHeader {
        /// The file's length in bytes.
        len: usize,
    },
    /// Two pieces of the start position stand on one point.
    SharedPoint(Square),
    /// The start position is not a legal position.
    Position(PositionError),
    /// The file ends inside the record of a ply (0: the start position's).
    Truncated {
        /// The ply.
        ply: usize,
    },
    /// A comment's length is negative or runs past the end of the file.
    BadComment {
        /// The ply.
        ply: usize,
        /// The length read.
        len: i64,
    },
    /// A move's start or end point is off the board.
    OffBoard {
        /// The ply.
        ply: usize,
        /// The point's value (`file × 10 + rank` when on the board).
        point: u8,
    },
    /// A move is not legal in its position.
    Illegal {
        /// The ply.
        ply: usize,
        /// Why.
        reason: IllegalMove,
    },
    /// A move comes after the game has ended (by the rules, e.g. checkmate).
    AfterEnd {
        /// The ply.
        ply: usize,
    },
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfError::BadMagic => f.write_str("not an XQF file: it does not start with \"XQ\""),
            XqfError::TruncatedHeader { len } => write!(
                f,
                "the XQF file is cut short: {len} bytes, less than its 1024-byte header"
            ),
            XqfError::SharedPoint(sq) => {
                write!(f, "the start position has two pieces on {sq}")
            }
            XqfError::Position(e) => write!(f, "the start position: {e}"),
            XqfError::Truncated { ply } => {
                write!(f, "the XQF file is cut short in the record of ply {ply}")
            }
            XqfError::BadComment { ply, len } => {
                write!(
                    f,
                    "ply {ply}: a comment of {len} bytes does not fit in the file"
                )
            }
            XqfError::OffBoard { ply, point } => {
                write!(f, "ply {ply}: point {point} is off the board")
            }
            XqfError::Illegal { ply, reason } => write!(f, "ply {ply}: illegal move {reason}"),
            XqfError::AfterEnd { ply } => {
                write!(f, "ply {ply}: a move after the end of the game")
            }
        }
    }
}

impl std::error::Error for XqfError {}

/// The offsets and key stream of a file's encryption (all zero before version 11).
struct Cipher {
    piece: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

/// The constant the key stream is masked with (xqf2pgn.cpp).
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

impl Cipher {
    /// Reads the cipher of a header's first 16 bytes.
    fn of(tag: &[u8; 16]) -> Cipher {
        if tag[2] < 11 {
            return Cipher {
                piece: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let square = |x: u8| u32::from(x) * u32::from(x) * 54 + 221;
        let piece = (square(tag[13]).wrapping_mul(u32::from(tag[13]))) as u8;
        let from = (square(tag[14]).wrapping_mul(u32::from(piece))) as u8;
        let to = (square(tag[15]).wrapping_mul(u32::from(from))) as u8;
        let comment = i64::from((u32::from(tag[12]) * 256 + u32::from(tag[13])) % 32000 + 767);
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let key = tag[8 + i % 4] | (tag[12 + i % 4] & tag[3]);
            *s = key & STREAM_MASK[i];
        }
        Cipher {
            piece,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// Reads the record area, undoing the key stream.
struct Records<'a> {
    bytes: &'a [u8],
    at: usize,
    stream: [u8; 32],
    index: usize,
}

impl Records<'_> {
    fn take(&mut self, n: usize) -> Option<Vec<u8>> {
        let raw = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(
            raw.iter()
                .map(|&b| {
                    let k = self.stream[self.index];
                    self.index = (self.index + 1) % 32;
                    b.wrapping_sub(k)
                })
                .collect(),
        )
    }

    fn left(&self) -> usize {
        self.bytes.len() - self.at
    }
}

/// A point value as a square, `None` when off the board.
fn square_of(point: u8) -> Option<Square> {
    (point < 90)
        .then(|| Square::new(point / 10, point % 10))
        .flatten()
}

fn point_of(sq: Square) -> u8 {
    sq.file() * 10 + sq.rank()
}

/// Reads an XQF file: the header's fields, the start position, the main line (checked
/// through the rules) and its comments.
///
/// # Errors
/// [`XqfError`] naming what is wrong: not XQF, a truncated header or record, an illegal
/// start position, a point off the board, an illegal move (with its ply), a move after the
/// end.
pub fn read(bytes: &[u8]) -> Result<XqfGame, XqfError> {
    if bytes.get(..2) != Some(b"XQ") {
        return Err(XqfError::BadMagic);
    }
    let Some(header) = bytes.get(..HEADER) else {
        return Err(XqfError::TruncatedHeader { len: bytes.len() });
    };
    let version = header[2];
    let mut tag = [0u8; 16];
    tag.copy_from_slice(&header[..16]);
    let cipher = Cipher::of(&tag);

    let board = read_board(header, version, &cipher)?;
    let fields = read_fields(header);
    let (moves, comments) = read_main_line(&bytes[HEADER..], version, &cipher)?;
    let mut game = replay(board, &moves)?;
    let result = match header[0x33] {
        1 => Some("1-0"),
        2 => Some("0-1"),
        3 => Some("1/2-1/2"),
        _ => None,
    };
    crate::pgn::apply_result_tag(&mut game, result);
    Ok(XqfGame {
        version,
        fields,
        game,
        comments,
    })
}

/// The header's 32 piece points (deciphered; from version 12 on they are also rotated)
/// placed on a board.
fn read_board(header: &[u8], version: u8, cipher: &Cipher) -> Result<Board, XqfError> {
    let mut points = [0u8; 32];
    for (i, &raw) in header[0x10..0x30].iter().enumerate() {
        let at = if version >= 12 {
            (usize::from(cipher.piece) + 1 + i) % 32
        } else {
            i
        };
        points[at] = raw.wrapping_sub(cipher.piece);
    }
    let mut slot_squares = [None; 32];
    for (s, &p) in slot_squares.iter_mut().zip(&points) {
        *s = square_of(p);
    }
    slots::to_board(&slot_squares).map_err(XqfError::SharedPoint)
}

/// The header's non-empty text fields, as their raw bytes (the encoding is the reader's).
fn read_fields(header: &[u8]) -> Vec<(XqfField, Vec<u8>)> {
    XqfField::ALL
        .into_iter()
        .filter_map(|f| {
            let (at, size) = f.place();
            let len = usize::from(header[at]).min(size - 1);
            let text = &header[at + 1..at + 1 + len];
            (!text.is_empty()).then(|| (f, text.to_vec()))
        })
        .collect()
}

/// One move record as read: (ply, start point, end point), points still in XQF's numbering.
type MoveRecord = (usize, u8, u8);

/// A comment as stored: (ply, its bytes), ply 0 before the first move.
type Comment = (usize, Vec<u8>);

/// The main line's records after the header: each move (ply 1 on; the record of ply 0
/// carries only the opening comment) and each non-empty comment with its ply.
fn read_main_line(
    body: &[u8],
    version: u8,
    cipher: &Cipher,
) -> Result<(Vec<MoveRecord>, Vec<Comment>), XqfError> {
    let mut records = Records {
        bytes: body,
        at: 0,
        stream: cipher.stream,
        index: 0,
    };
    let mut moves = Vec::new();
    let mut comments = Vec::new();
    for ply in 0.. {
        let rec = records.take(4).ok_or(XqfError::Truncated { ply })?;
        let (next, len) = if version < 11 {
            let l = records.take(4).ok_or(XqfError::Truncated { ply })?;
            let len = u32::from_le_bytes([l[0], l[1], l[2], l[3]]);
            (rec[2] & 0xF0 != 0, i64::from(len))
        } else if rec[2] & 0x20 != 0 {
            let l = records.take(4).ok_or(XqfError::Truncated { ply })?;
            let len = i32::from_le_bytes([l[0], l[1], l[2], l[3]]);
            (rec[2] & 0x80 != 0, i64::from(len) - cipher.comment)
        } else {
            (rec[2] & 0x80 != 0, 0)
        };
        let fits = usize::try_from(len).ok().filter(|&n| n <= records.left());
        let Some(n) = fits else {
            return Err(XqfError::BadComment { ply, len });
        };
        let text = records.take(n).ok_or(XqfError::Truncated { ply })?;
        if !text.is_empty() {
            comments.push((ply, text));
        }
        if ply > 0 {
            let from = rec[0].wrapping_sub(24).wrapping_sub(cipher.from);
            let to = rec[1].wrapping_sub(32).wrapping_sub(cipher.to);
            moves.push((ply, from, to));
        }
        if !next {
            break;
        }
    }
    Ok((moves, comments))
}

/// Plays the main line through the rules from the header's board (the side to move is
/// the first move's side).
fn replay(board: Board, moves: &[MoveRecord]) -> Result<Game, XqfError> {
    let first_from = moves.first().and_then(|&(_, from, _)| square_of(from));
    let start = slots::start(board, first_from).map_err(XqfError::Position)?;
    let mut game = Game::new(start, RuleSet::default());
    for &(ply, from, to) in moves {
        let off = |point| XqfError::OffBoard { ply, point };
        let m = Move::new(
            square_of(from).ok_or(off(from))?,
            square_of(to).ok_or(off(to))?,
        );
        match game.play(m) {
            Ok(_) => {}
            Err(GameError::Illegal { reason, .. }) => {
                return Err(XqfError::Illegal { ply, reason })
            }
            Err(_) => return Err(XqfError::AfterEnd { ply }),
        }
    }
    Ok(game)
}

/// Writes a record as an XQF file: version 10 (XQF 1.0, unencrypted) without `keys`,
/// version 18 (encrypted, as XQStudio 2 writes) with them. The record's `version` is not
/// used. Fields longer than their place are cut (at a character boundary when UTF-8).
pub fn write(record: &XqfGame, keys: Option<XqfKeys>) -> Vec<u8> {
    let mut out = vec![0u8; HEADER];
    out[0] = b'X';
    out[1] = b'Q';
    out[2] = 10;
    if let Some(k) = keys {
        out[2] = 18;
        out[3] = k.mask;
        out[8..16].copy_from_slice(&k.keys);
    }
    let version = out[2];
    let mut tag = [0u8; 16];
    tag.copy_from_slice(&out[..16]);
    let cipher = Cipher::of(&tag);

    let game = &record.game;
    let points = slots::of_board(game.start().board()).map(|s| s.map_or(0xFF, point_of));
    for i in 0..32 {
        let point = if version >= 12 {
            points[(usize::from(cipher.piece) + 1 + i) % 32]
        } else {
            points[i]
        };
        out[0x10 + i] = point.wrapping_add(cipher.piece);
    }
    out[0x33] = match game.status().result {
        GameResult::RedWins => 1,
        GameResult::BlackWins => 2,
        GameResult::Draw => 3,
        GameResult::Ongoing | GameResult::Aborted => 0,
    };
    let standard = game.start().board() == &Board::start();
    out[0x40] = if standard { 0 } else { 2 };
    for (field, text) in &record.fields {
        let (at, size) = field.place();
        let text = cut(text, size - 1);
        out[at] = text.len() as u8;
        out[at + 1..at + 1 + text.len()].copy_from_slice(text);
    }

    let mut body = Vec::new();
    let moves = game.moves();
    for ply in 0..=moves.len() {
        let (from, to) = match ply {
            0 => (0, 0),
            _ => (point_of(moves[ply - 1].from), point_of(moves[ply - 1].to)),
        };
        let next = ply < moves.len();
        let comment = record
            .comments
            .iter()
            .find(|(p, _)| *p == ply)
            .map_or(&[][..], |(_, t)| t.as_slice());
        let reserved = if ply == 0 && version < 11 { 0xFF } else { 0 };
        let b0 = from.wrapping_add(24).wrapping_add(cipher.from);
        let b1 = to.wrapping_add(32).wrapping_add(cipher.to);
        if version < 11 {
            body.extend([b0, b1, if next { 0xF0 } else { 0 }, reserved]);
            body.extend((comment.len() as u32).to_le_bytes());
        } else {
            let flags = if next { 0x80 } else { 0 } | if comment.is_empty() { 0 } else { 0x20 };
            body.extend([b0, b1, flags, reserved]);
            if !comment.is_empty() {
                body.extend(((comment.len() as i64 + cipher.comment) as i32).to_le_bytes());
            }
        }
        body.extend_from_slice(comment);
    }
    for (i, b) in body.iter_mut().enumerate() {
        *b = b.wrapping_add(cipher.stream[i % 32]);
    }
    out.extend(body);
    out
}

/// Cuts `text` to at most `max` bytes, at a character boundary when it is UTF-8.
fn cut(text: &[u8], max: usize) -> &[u8] {
    if text.len() <= max {
        return text;
    }
    match std::str::from_utf8(text) {
        Ok(s) => {
            let end = (0..=max)
                .rev()
                .find(|&i| s.is_char_boundary(i))
                .unwrap_or(0);
            &text[..end]
        }
        Err(_) => &text[..max],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Reason;
    use crate::Position;
    use proptest::prelude::*;

    const KEYS: XqfKeys = XqfKeys {
        mask: 0xBE,
        keys: [0xE8, 0xD8, 0xBC, 0x84, 0xA5, 0x9C, 0xE7, 0xD8],
    };

    /// The XQF 1.0 example file of the format description (`XQF.TXT`, "附: XQF 1.0 格式
    /// 文件的例子"): 柳大华 v 吕钦, 1997, eight moves each, Black won; rebuilt from the
    /// documented bytes (1160 in all).
    fn documented_example() -> Vec<u8> {
        let mut f = vec![0u8; 0x400];
        f[..3].copy_from_slice(&[0x58, 0x51, 0x0A]);
        f[0x10..0x30].copy_from_slice(&[
            0x50, 0x46, 0x3C, 0x32, 0x28, 0x1E, 0x14, 0x0A, 0x00, 0x48, 0x0C, 0x53, 0x3F, 0x2B,
            0x17, 0x03, 0x09, 0x13, 0x1D, 0x27, 0x31, 0x3B, 0x45, 0x4F, 0x59, 0x11, 0x4D, 0x06,
            0x1A, 0x2E, 0x42, 0x56,
        ]);
        f[0x33] = 0x02;
        let mut put = |at: usize, bytes: &[u8]| f[at..at + bytes.len()].copy_from_slice(bytes);
        // 仙人指路对起马局, 1997年11月16日, 北京, 柳大华, 吕  钦 (GBK).
        put(
            0x50,
            &[
                0x10, 0xCF, 0xC9, 0xC8, 0xCB, 0xD6, 0xB8, 0xC2, 0xB7, 0xB6, 0xD4, 0xC6, 0xF0, 0xC2,
                0xED, 0xBE, 0xD6,
            ],
        );
        // "中立杯"象棋电视快棋赛
        put(
            0xD0,
            &[
                0x16, 0x22, 0xD6, 0xD0, 0xC1, 0xA2, 0xB1, 0xAD, 0x22, 0xCF, 0xF3, 0xC6, 0xE5, 0xB5,
                0xE7, 0xCA, 0xD3, 0xBF, 0xEC, 0xC6, 0xE5, 0xC8, 0xFC,
            ],
        );
        put(
            0x110,
            &[
                0x0E, 0x31, 0x39, 0x39, 0x37, 0xC4, 0xEA, 0x31, 0x31, 0xD4, 0xC2, 0x31, 0x36, 0xC8,
                0xD5,
            ],
        );
        put(0x120, &[0x04, 0xB1, 0xB1, 0xBE, 0xA9]);
        put(0x130, &[0x06, 0xC1, 0xF8, 0xB4, 0xF3, 0xBB, 0xAA]);
        put(0x140, &[0x06, 0xC2, 0xC0, 0x20, 0x20, 0xC7, 0xD5]);
        // 刘殿中 (annotator), 过河象 (author)
        put(0x1D0, &[0x06, 0xC1, 0xF5, 0xB5, 0xEE, 0xD6, 0xD0]);
        put(0x1E0, &[0x06, 0xB9, 0xFD, 0xBA, 0xD3, 0xCF, 0xF3]);
        let moves: [[u8; 2]; 17] = [
            [0x18, 0x20],
            [0x2F, 0x38],
            [0x67, 0x63],
            [0x57, 0x60],
            [0x29, 0x3B],
            [0x2C, 0x4A],
            [0x2B, 0x27],
            [0x22, 0x36],
            [0x21, 0x33],
            [0x18, 0x2A],
            [0x2B, 0x2F],
            [0x24, 0x22],
            [0x27, 0x6B],
            [0x60, 0x6D],
            [0x33, 0x6D],
            [0x5E, 0x5E],
            [0x71, 0x6F],
        ];
        for (i, [a, b]) in moves.iter().enumerate() {
            let last = i == moves.len() - 1;
            let reserved = if i == 0 { 0xFF } else { 0 };
            f.extend([*a, *b, if last { 0 } else { 0xF0 }, reserved, 0, 0, 0, 0]);
        }
        f
    }

    #[test]
    fn reads_the_documented_example_file() {
        let bytes = documented_example();
        assert_eq!(bytes.len(), 1160, "the size the description gives");
        let g = read(&bytes).expect("reads");
        let pos = Position::start();
        let chinese: Vec<String> = {
            let mut p = pos.clone();
            g.game
                .moves()
                .iter()
                .map(|&m| {
                    let t = crate::chinese::write(&p, m).expect("legal");
                    p.make_move(m);
                    t
                })
                .collect()
        };
        // The moves as the description lists them (its ８/７ digits full-width).
        assert_eq!(
            chinese.join(" "),
            "兵七进一 马８进７ 兵三进一 炮２平３ 相七进五 马２进１ 马八进七 车１平２ \
             车九平八 车２进４ 炮八平九 车２平８ 炮二进五 炮３平８ 马二进三 车９平８"
        );
        assert_eq!(g.game.start().fen(), pos.fen());
        assert_eq!(g.game.status().result, GameResult::BlackWins);
        assert_eq!(g.game.status().reason, Some(Reason::Resignation));
        assert_eq!(
            g.field(XqfField::Red),
            Some(&[0xC1, 0xF8, 0xB4, 0xF3, 0xBB, 0xAA][..])
        );
        assert_eq!(g.field(XqfField::Date).map(|d| &d[..4]), Some(&b"1997"[..]));
        assert_eq!(g.field(XqfField::Event).map(<[u8]>::len), Some(0x16));
        assert_eq!(
            g.field(XqfField::Author),
            Some(&[0xB9, 0xFD, 0xBA, 0xD3, 0xCF, 0xF3][..])
        );
        assert_eq!(
            g.tags(),
            [("Result".to_string(), "0-1".to_string())],
            "GBK fields are not UTF-8"
        );
        // Our writer, given the same game and fields, produces the documented file byte
        // for byte (the same piece order, flags and reserved bytes).
        assert_eq!(write(&g, None), bytes);
    }

    fn sample_game() -> XqfGame {
        let moves = [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b3", "e2e6", "a6a5",
        ];
        let game = Game::replay(None, &moves, RuleSet::Wxf2018).expect("legal");
        XqfGame {
            version: 10,
            fields: vec![
                (XqfField::Title, "中炮对屏风马".as_bytes().to_vec()),
                (XqfField::Red, b"Red player".to_vec()),
                (XqfField::Black, b"Black player".to_vec()),
            ],
            game,
            comments: vec![(0, b"before".to_vec()), (3, "第三".as_bytes().to_vec())],
        }
    }

    #[test]
    fn written_files_read_back_plain_and_encrypted() {
        let record = sample_game();
        for keys in [
            None,
            Some(KEYS),
            Some(XqfKeys {
                mask: 0,
                keys: [0; 8],
            }),
        ] {
            let bytes = write(&record, keys);
            assert_eq!(bytes[2], if keys.is_some() { 18 } else { 10 });
            let back = read(&bytes).expect("reads");
            assert_eq!(back.game.moves(), record.game.moves(), "{keys:?}");
            assert_eq!(back.game.start().fen(), record.game.start().fen());
            assert_eq!(back.fields, record.fields);
            assert_eq!(back.comments, record.comments);
            assert_eq!(back.tags()[0], ("Title".into(), "中炮对屏风马".into()));
            assert_eq!(back.tags().len(), 3, "no result: the game goes on");
        }
        // Encryption changes the bytes of the records, not only the header.
        assert_ne!(
            write(&record, None)[HEADER..],
            write(&record, Some(KEYS))[HEADER..]
        );
    }

    #[test]
    fn an_ending_with_black_to_move_keeps_its_side_and_result() {
        let start = Position::from_fen("3k5/5r3/9/9/r8/9/9/9/9/4K4 b - - 0 1").expect("legal");
        let mut game = Game::new(start, RuleSet::Wxf2018);
        game.play("a5e5".parse().expect("move")).expect("legal");
        assert_eq!(game.status().result, GameResult::BlackWins);
        let record = XqfGame::new(game, Vec::new());
        for keys in [None, Some(KEYS)] {
            let bytes = write(&record, keys);
            assert_eq!(bytes[0x40], 2, "not a whole game");
            assert_eq!(bytes[0x33], 2, "Black won");
            let back = read(&bytes).expect("reads");
            assert_eq!(back.game.start().fen(), record.game.start().fen());
            assert_eq!(back.game.status().reason, Some(Reason::Checkmate));
        }
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert_eq!(read(b"PK\x03\x04").unwrap_err(), XqfError::BadMagic);
        assert_eq!(
            read(b"XQ\x0a").unwrap_err(),
            XqfError::TruncatedHeader { len: 3 }
        );
        let good = write(&sample_game(), None);
        // Record 0 and its comment "before" take 14 bytes; ply 1's record is cut short.
        assert_eq!(
            read(&good[..HEADER + 14 + 4]).unwrap_err(),
            XqfError::Truncated { ply: 1 }
        );
        // Ply 3 (h0g2) made a chariot move from a0 to a5, past its own soldier on a3.
        let mut bad = good.clone();
        let at = HEADER + 14 + 8 + 8;
        bad[at] = point_of(Square::A0) + 24;
        bad[at + 1] = point_of(Square::A5) + 32;
        match read(&bad).unwrap_err() {
            XqfError::Illegal { ply: 3, .. } => {}
            e => panic!("{e:?}"),
        }
        bad[at + 1] = 95 + 32;
        assert_eq!(
            read(&bad).unwrap_err(),
            XqfError::OffBoard { ply: 3, point: 95 }
        );
        let mut two = good.clone();
        two[0x10 + 4] = two[0x10 + 5]; // the general on the second advisor's point, d0
        assert_eq!(read(&two).unwrap_err(), XqfError::SharedPoint(Square::D0));
        let mut no_general = good.clone();
        no_general[0x10 + 4] = 0xFF;
        assert!(matches!(read(&no_general), Err(XqfError::Position(_))));
        let mut long_comment = good;
        long_comment[HEADER + 4] = 0xFF;
        assert!(matches!(
            read(&long_comment),
            Err(XqfError::BadComment { ply: 0, .. })
        ));
        assert!(XqfError::Illegal {
            ply: 3,
            reason: IllegalMove::NoPiece(Move::new(Square::A0, Square::A5))
        }
        .to_string()
        .starts_with("ply 3: illegal move"));
    }

    #[test]
    fn moves_after_a_mate_are_refused() {
        let start = Position::from_fen("3k5/5r3/9/9/r8/9/9/9/9/4K4 b - - 0 1").expect("legal");
        let mut game = Game::new(start, RuleSet::Wxf2018);
        game.play("a5e5".parse().expect("move")).expect("legal");
        let mut bytes = write(&XqfGame::new(game, Vec::new()), None);
        let last = bytes.len() - 8;
        bytes[last + 2] = 0xF0;
        bytes.extend([
            point_of(Square::E0) + 24,
            point_of(Square::E1) + 32,
            0,
            0,
            0,
            0,
            0,
            0,
        ]);
        assert_eq!(read(&bytes).unwrap_err(), XqfError::AfterEnd { ply: 2 });
    }

    /// An excerpt of xqbase's `SAMPLE.XQF` (github.com/xqbase/eleeye, `XQFTOOLS/`), a
    /// version-18 (encrypted) file from XQStudio: its first 0x34 header bytes (keys, piece
    /// points, result) and the records of its first four moves as they are in the file,
    /// with the bytes of its two comments (315 and 64 bytes) zeroed and the fourth move's
    /// "next" flag cleared. The expected values come from `SAMPLE.PGN`, xqbase's conversion
    /// of the same file: Red without five soldiers, advisors and elephants, 1-0.
    fn xqbase_sample_excerpt() -> Vec<u8> {
        let mut f = vec![0u8; HEADER];
        f[..0x34].copy_from_slice(&[
            0x58, 0x51, 0x12, 0xBE, 0x00, 0x00, 0x00, 0x00, 0xE8, 0xD8, 0xBC, 0x84, 0xA5, 0x9C,
            0xE7, 0xD8, 0xF7, 0xFB, 0xB2, 0x35, 0x3F, 0x49, 0x53, 0x5D, 0x67, 0x71, 0x7B, 0x85,
            0x3D, 0x79, 0x32, 0x46, 0x5A, 0x6E, 0x82, 0x2C, 0x36, 0x02, 0xF8, 0x54, 0x12, 0xEA,
            0x72, 0x7C, 0x38, 0x74, 0xD7, 0xB4, 0x00, 0x00, 0x00, 0x01,
        ]);
        f.extend([0xA0, 0x59, 0xA4, 0x3C, 0xF6, 0x6C, 0x2E, 0x10]);
        f.extend([0; 315]);
        f.extend([0xF0, 0x9E, 0xD6, 0x42]);
        f.extend([0x39, 0xEB, 0x02, 0xF4, 0xDF, 0x93, 0x54, 0x20]);
        f.extend([0; 64]);
        f.extend([0x12, 0xE3, 0x91, 0x5F]);
        f.extend([0x25, 0xEF, 0xE1u8.wrapping_sub(0x80), 0xDE]);
        f
    }

    #[test]
    fn decrypts_a_file_xqstudio_wrote() {
        let g = read(&xqbase_sample_excerpt()).expect("reads");
        assert_eq!(g.version, 18);
        assert_eq!(
            g.game.start().fen(),
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
        );
        let mut p = g.game.start().clone();
        let chinese: Vec<String> = g
            .game
            .moves()
            .iter()
            .map(|&m| {
                let t = crate::chinese::write(&p, m).expect("legal");
                p.make_move(m);
                t
            })
            .collect();
        assert_eq!(chinese, ["炮八平五", "炮８平５", "炮五进五", "象７进５"]);
        assert_eq!(g.game.status().result, GameResult::RedWins);
        let lengths: Vec<(usize, usize)> = g.comments.iter().map(|(p, t)| (*p, t.len())).collect();
        assert_eq!(lengths, [(0, 315), (2, 64)]);
    }

    proptest! {
        #[test]
        fn random_bytes_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..2000),
                                    version in any::<u8>()) {
            let mut bytes = b"XQ".to_vec();
            bytes.push(version);
            bytes.extend(tail);
            let _ = read(&bytes);
        }

        #[test]
        fn damaged_files_never_panic(cut_at in 0usize..1400, flips in proptest::collection::vec((0usize..1400, any::<u8>()), 0..8),
                                     encrypted in any::<bool>()) {
            let mut bytes = write(&sample_game(), encrypted.then_some(KEYS));
            for (at, v) in flips {
                if at < bytes.len() { bytes[at] = v; }
            }
            bytes.truncate(cut_at);
            let _ = read(&bytes);
        }

        #[test]
        fn any_keys_round_trip(mask in any::<u8>(), keys in any::<[u8; 8]>()) {
            let record = sample_game();
            let back = read(&write(&record, Some(XqfKeys { mask, keys }))).expect("reads");
            prop_assert_eq!(back.game.moves(), record.game.moves());
            prop_assert_eq!(back.comments, record.comments);
        }
    }
}
