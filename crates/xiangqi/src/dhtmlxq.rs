//! DhtmlXQ: the game text of Chinese Xiangqi sites (dpxq.com's DhtmlXQ viewer), also
//! posted in forums as UBB tags, read and written.
//!
//! A game is a `[DhtmlXQ]…[/DhtmlXQ]` block of tags `[DhtmlXQ_name]value[/DhtmlXQ_name]`:
//! `title`, `event`, `date`, `place`, `round`, `red`, `redteam`, `black`, `blackteam`,
//! `open`, `result` (`红胜`, `黑胜`, `和棋`, `未知`), `binit` (the start position: 32 pairs of
//! digits, column 0–8 from Red's left and row 0–9 from Black's side, one per piece in
//! XQF's order — Red's chariot, horse, elephant, advisor, general, advisor, elephant,
//! horse, chariot, two cannons, five soldiers, then Black's — and `99` for a piece not on
//! the board), `movelist` (four digits per move, start and end in the same coordinates)
//! and `commentN` (the comment after ply N, 0 before the first move; `||` is a line
//! break). Variations (`move_a_b_c`, `comment_a_b`) and the viewer's settings are skipped.
//! Sources: dpxq.com's published viewer and the readers of it that other projects keep;
//! `h2e2` (炮二平五) is `7747`.
//!
//! The text records no side to move: it is the colour of the piece the first move moves
//! (Red without moves).
//!
//! ```
//! use xiangqi::dhtmlxq;
//! let text = "[DhtmlXQ][DhtmlXQ_red]Hu[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
//! let g = dhtmlxq::read(text)?;
//! assert_eq!(g.game.moves().iter().map(|m| m.iccs()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
//! assert_eq!(g.tags, [("Red".to_string(), "Hu".to_string())]);
//! assert!(dhtmlxq::write(&g.game, &g.tags, &[]).contains("[DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]"));
//! # Ok::<(), dhtmlxq::DhtmlXqError>(())
//! ```

use crate::game::{Game, GameError, GameResult, RuleSet};
use crate::{slots, Board, IllegalMove, Move, PositionError, Square};
use std::collections::HashMap;
use std::fmt;

/// DhtmlXQ tag names and the PGN tags that hold the same information.
const TAGS: [(&str, &str); 10] = [
    ("title", "Title"),
    ("event", "Event"),
    ("date", "Date"),
    ("place", "Site"),
    ("round", "Round"),
    ("red", "Red"),
    ("redteam", "RedTeam"),
    ("black", "Black"),
    ("blackteam", "BlackTeam"),
    ("open", "Opening"),
];

/// A game read from DhtmlXQ text.
#[derive(Clone, Debug)]
pub struct DhtmlXqGame {
    /// The game's information as PGN tags (`Title`, `Event`, `Date`, `Site`, `Round`,
    /// `Red`, `RedTeam`, `Black`, `BlackTeam`, `Opening`, and `Result` as `1-0`, `0-1`,
    /// `1/2-1/2`), in the order they appeared; empty ones are left out.
    pub tags: Vec<(String, String)>,
    /// The main line, replayed and judged under the `wxf-2018` rule set, ended as the
    /// result tag says when the moves leave it open.
    pub game: Game,
    /// The main line's comments: `(ply, text)`, ply 0 before the first move.
    pub comments: Vec<(usize, String)>,
}

/// Why a DhtmlXQ text could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlXqError {
    /// The text has neither a `movelist` nor a `binit` tag.
    NoGame,
    /// The `binit` tag is not 64 digits.
    BadBinit,
    /// Two pieces of the start position stand on one point.
    SharedPoint(Square),
    /// The start position is not a legal position.
    Position(PositionError),
    /// The `movelist` tag is not groups of four digits.
    BadMoveList,
    /// A move's start or end column is off the board (9).
    OffBoard {
        /// The ply.
        ply: usize,
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

impl fmt::Display for DhtmlXqError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlXqError::NoGame => {
                f.write_str("no DhtmlXQ game: neither [DhtmlXQ_movelist] nor [DhtmlXQ_binit]")
            }
            DhtmlXqError::BadBinit => f.write_str("[DhtmlXQ_binit] must be 64 digits"),
            DhtmlXqError::SharedPoint(sq) => {
                write!(f, "[DhtmlXQ_binit] puts two pieces on {sq}")
            }
            DhtmlXqError::Position(e) => write!(f, "[DhtmlXQ_binit]: {e}"),
            DhtmlXqError::BadMoveList => {
                f.write_str("[DhtmlXQ_movelist] must be groups of four digits")
            }
            DhtmlXqError::OffBoard { ply } => {
                write!(f, "ply {ply}: a point off the board (column 9)")
            }
            DhtmlXqError::Illegal { ply, reason } => {
                write!(f, "ply {ply}: illegal move {reason}")
            }
            DhtmlXqError::AfterEnd { ply } => {
                write!(f, "ply {ply}: a move after the end of the game")
            }
        }
    }
}

impl std::error::Error for DhtmlXqError {}

/// Tells whether a text holds a DhtmlXQ game (any `[DhtmlXQ` tag).
pub fn looks_like(text: &str) -> bool {
    text.contains("[DhtmlXQ")
}

/// What a scan of DhtmlXQ text has done: the bytes its searches passed over and the tags
/// it looked up. Both stay within a small multiple of the text's length whatever the text
/// (each byte is searched over a bounded number of times; each closing tag is passed once),
/// which the tests check on texts that made the old reader quadratic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct ScanWork {
    /// Bytes passed over by searches.
    bytes: usize,
    /// Tags looked up or passed over in the index of closing tags.
    lookups: usize,
}

impl ScanWork {
    /// Finds `pat` in `text` from byte `from`, counting the bytes passed over.
    fn find(&mut self, text: &str, from: usize, pat: impl Pattern) -> Option<usize> {
        let hay = text.get(from..)?;
        let found = pat.find_in(hay);
        self.bytes += found.map_or(hay.len(), |i| i + pat.len());
        found.map(|i| from + i)
    }
}

/// What [`ScanWork::find`] looks for: a string, or the first of two brackets.
trait Pattern {
    /// Returns where the pattern starts in `hay`, if it occurs.
    fn find_in(&self, hay: &str) -> Option<usize>;
    /// Returns the length in bytes of what the pattern matches.
    fn len(&self) -> usize;
}

impl Pattern for &str {
    fn find_in(&self, hay: &str) -> Option<usize> {
        hay.find(*self)
    }
    fn len(&self) -> usize {
        str::len(self)
    }
}

impl Pattern for [char; 2] {
    fn find_in(&self, hay: &str) -> Option<usize> {
        hay.find(*self)
    }
    fn len(&self) -> usize {
        1
    }
}

/// The tags of the first block of a DhtmlXQ text, in order, as `(name as written, value)`.
/// A tag's value runs to its closing tag (the same name, same case); a tag without one
/// ends at the next `[` (some sites close tags carelessly). A tag name holds no `[` or
/// `]`: `[DhtmlXQ_` followed by another `[` before any `]` is text, not a tag.
///
/// Linear in the text: the closing tags are indexed first in one pass (by name, in order),
/// so finding a tag's end is a look-up, not a search of the rest of the text; the opening
/// tags are then read in a second pass that never goes back.
struct Tags<'a> {
    /// The block.
    block: &'a str,
    /// Where the next search for an opening tag starts.
    at: usize,
    /// The closing tags by name.
    closes: HashMap<&'a str, Closes>,
    /// The work done so far.
    work: ScanWork,
}

/// The closing tags of one name: the `(start, end)` of each in order, and how many of them
/// lie before the reader (passed, never looked at again).
#[derive(Default)]
struct Closes {
    /// Where each starts and ends, in order.
    spans: Vec<(usize, usize)>,
    /// How many are passed.
    passed: usize,
}

/// The opening and closing tag prefixes.
const OPEN: &str = "[DhtmlXQ_";
/// See [`OPEN`].
const CLOSE: &str = "[/DhtmlXQ_";

impl<'a> Tags<'a> {
    /// Starts reading the tags of the first `[DhtmlXQ]…[/DhtmlXQ]` block of `text` (the
    /// whole text when it has no such block), indexing its closing tags.
    fn new(text: &'a str) -> Tags<'a> {
        let mut work = ScanWork::default();
        let block = match work.find(text, 0, "[DhtmlXQ]") {
            Some(i) => &text[i + 9..],
            None => text,
        };
        let block = work
            .find(block, 0, "[/DhtmlXQ]")
            .map_or(block, |end| &block[..end]);
        let mut closes: HashMap<&str, Closes> = HashMap::new();
        let mut at = 0;
        while let Some(i) = work.find(block, at, CLOSE) {
            let name_at = i + CLOSE.len();
            let Some(stop) = work.find(block, name_at, ['[', ']']) else {
                break;
            };
            if block.as_bytes()[stop] == b']' {
                work.lookups += 1;
                let name = &block[name_at..stop];
                closes.entry(name).or_default().spans.push((i, stop + 1));
                at = stop + 1;
            } else {
                at = stop;
            }
        }
        Tags {
            block,
            at: 0,
            closes,
            work,
        }
    }

    /// Returns the first closing tag named `name` that starts at or after `from`, as its
    /// `(start, end)`; the ones before are passed for good (`from` only grows).
    fn close_of(&mut self, name: &str, from: usize) -> Option<(usize, usize)> {
        self.work.lookups += 1;
        let closes = self.closes.get_mut(name)?;
        while closes
            .spans
            .get(closes.passed)
            .is_some_and(|&(start, _)| start < from)
        {
            closes.passed += 1;
            self.work.lookups += 1;
        }
        closes.spans.get(closes.passed).copied()
    }
}

impl<'a> Iterator for Tags<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        let block = self.block;
        loop {
            let i = self.work.find(block, self.at, OPEN)?;
            let name_at = i + OPEN.len();
            let stop = self.work.find(block, name_at, ['[', ']'])?;
            if block.as_bytes()[stop] == b'[' {
                self.at = stop;
                continue;
            }
            let name = &block[name_at..stop];
            let value_at = stop + 1;
            let value = match self.close_of(name, value_at) {
                Some((end, after)) => {
                    self.at = after;
                    &block[value_at..end]
                }
                None => {
                    let end = self.work.find(block, value_at, "[").unwrap_or(block.len());
                    self.at = end;
                    &block[value_at..end]
                }
            };
            return Some((name, value.trim()));
        }
    }
}

/// Tells whether the tag name `name` (as written) starts with `prefix` in any case; returns
/// the rest.
fn strip_name_prefix<'a>(name: &'a str, prefix: &str) -> Option<&'a str> {
    let head = name.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &name[prefix.len()..])
}

/// Returns the PGN result of a DhtmlXQ result text, if it names one.
fn result_of(text: &str) -> Option<&'static str> {
    let t = text.trim();
    if t.contains("红胜") || t.contains("红方胜") || t.contains("红先胜") || t == "1-0" {
        Some("1-0")
    } else if t.contains("黑胜") || t.contains("黑方胜") || t.contains("红负") || t == "0-1"
    {
        Some("0-1")
    } else if t.contains('和') || t == "1/2-1/2" {
        Some("1/2-1/2")
    } else {
        None
    }
}

/// A DhtmlXQ point (column, row from Black's side) as a square; `None` off the board.
fn square_of(col: u8, row: u8) -> Option<Square> {
    Square::new(col, 9u8.checked_sub(row)?)
}

/// Writes a square as its two DhtmlXQ digits.
fn digits_of(sq: Square) -> [char; 2] {
    [
        char::from(b'0' + sq.file()),
        char::from(b'0' + (9 - sq.rank())),
    ]
}

/// Reads the first DhtmlXQ game of a text: its tags, start position, main line (checked
/// through the rules) and comments.
///
/// # Errors
/// [`DhtmlXqError`] naming what is wrong: no game, a bad `binit` or `movelist`, an illegal
/// start position, a point off the board, an illegal move (with its ply), a move after the
/// end.
pub fn read(text: &str) -> Result<DhtmlXqGame, DhtmlXqError> {
    // One pass over the tags: the first movelist and binit, the information tags in order,
    // the comments, and the result (the last result tag that names one).
    let (mut movelist, mut binit) = (None, None);
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    let mut result = None;
    for (name, value) in Tags::new(text) {
        if name.eq_ignore_ascii_case("movelist") {
            movelist = movelist.or(Some(value));
        } else if name.eq_ignore_ascii_case("binit") {
            binit = binit.or(Some(value));
        } else if let Some((_, pgn)) = TAGS.iter().find(|(d, _)| d.eq_ignore_ascii_case(name)) {
            if !value.is_empty() {
                tags.push((pgn.to_string(), value.to_string()));
            }
        } else if name.eq_ignore_ascii_case("result") {
            result = result_of(value);
            if let Some(r) = result {
                tags.push(("Result".to_string(), r.to_string()));
            }
        } else if let Some(n) = strip_name_prefix(name, "comment") {
            if let Ok(ply) = n.parse::<usize>() {
                if !value.is_empty() {
                    comments.push((ply, value.replace("||", "\n")));
                }
            }
        }
    }
    if movelist.is_none() && binit.is_none() {
        return Err(DhtmlXqError::NoGame);
    }
    let board = match binit {
        None | Some("") => Board::start(),
        Some(b) => {
            let d: Vec<u8> = b.bytes().collect();
            if d.len() != 64 || !d.iter().all(u8::is_ascii_digit) {
                return Err(DhtmlXqError::BadBinit);
            }
            let mut points = [None; 32];
            for (p, pair) in points.iter_mut().zip(d.chunks(2)) {
                *p = square_of(pair[0] - b'0', pair[1] - b'0');
            }
            slots::to_board(&points).map_err(DhtmlXqError::SharedPoint)?
        }
    };
    let list: Vec<u8> = movelist
        .unwrap_or("")
        .bytes()
        .filter(|b| !b.is_ascii_whitespace())
        .collect();
    if list.len() % 4 != 0 || !list.iter().all(u8::is_ascii_digit) {
        return Err(DhtmlXqError::BadMoveList);
    }
    let digits: Vec<u8> = list.iter().map(|b| b - b'0').collect();
    let first_from = digits.get(..2).and_then(|d| square_of(d[0], d[1]));
    let start = slots::start(board, first_from).map_err(DhtmlXqError::Position)?;
    let mut game = Game::new(start, RuleSet::default());
    for (i, d) in digits.chunks(4).enumerate() {
        let ply = i + 1;
        let (Some(from), Some(to)) = (square_of(d[0], d[1]), square_of(d[2], d[3])) else {
            return Err(DhtmlXqError::OffBoard { ply });
        };
        match game.play(Move::new(from, to)) {
            Ok(_) => {}
            Err(GameError::Illegal { reason, .. }) => {
                return Err(DhtmlXqError::Illegal { ply, reason })
            }
            Err(_) => return Err(DhtmlXqError::AfterEnd { ply }),
        }
    }
    crate::pgn::apply_result_tag(&mut game, result);
    Ok(DhtmlXqGame {
        tags,
        game,
        comments,
    })
}

/// Keeps a value from closing its tag: brackets become full-width ones, line breaks `||`.
fn escape(value: &str) -> String {
    value
        .replace('[', "［")
        .replace(']', "］")
        .replace("\r\n", "||")
        .replace('\n', "||")
}

/// Writes `game` as a DhtmlXQ block. `tags` are PGN tags; those with a DhtmlXQ name
/// (`Title`, `Event`, `Date`, `Site` as `place`, `Round`, `Red`, `RedTeam`, `Black`,
/// `BlackTeam`, `Opening` as `open`) are written, the result always from the game
/// (`红胜`, `黑胜`, `和棋`, `未知`). `comments` are `(ply, text)`, ply 0 before the first move.
pub fn write(game: &Game, tags: &[(String, String)], comments: &[(usize, String)]) -> String {
    let mut out = String::from("[DhtmlXQ]\n");
    let mut put = |name: &str, value: &str| {
        out.push_str(&format!(
            "[DhtmlXQ_{name}]{}[/DhtmlXQ_{name}]\n",
            escape(value)
        ));
    };
    for (d, pgn) in TAGS {
        if let Some((_, v)) = tags
            .iter()
            .find(|(k, v)| k.eq_ignore_ascii_case(pgn) && !v.is_empty())
        {
            put(d, v);
        }
    }
    put(
        "result",
        match game.status().result {
            GameResult::RedWins => "红胜",
            GameResult::BlackWins => "黑胜",
            GameResult::Draw => "和棋",
            GameResult::Ongoing | GameResult::Aborted => "未知",
        },
    );
    let binit: String = slots::of_board(game.start().board())
        .iter()
        .flat_map(|s| s.map_or(['9', '9'], digits_of))
        .collect();
    put("binit", &binit);
    let list: String = game
        .moves()
        .iter()
        .flat_map(|m| digits_of(m.from).into_iter().chain(digits_of(m.to)))
        .collect();
    put("movelist", &list);
    for (ply, text) in comments {
        put(&format!("comment{ply}"), text);
    }
    out.push_str("[/DhtmlXQ]\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Reason;
    use crate::Position;
    use proptest::prelude::*;

    /// dpxq.com's standard start (every published DhtmlXQ reader has it).
    const STANDARD_BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

    #[test]
    fn writes_the_standard_binit_and_reads_it_back() {
        let game = Game::replay(None, &["h2e2", "h9g7", "h0g2"], RuleSet::Wxf2018).expect("legal");
        let tags = vec![
            ("Event".to_string(), "Club [final]".to_string()),
            ("Red".to_string(), "许银川".to_string()),
            ("Site".to_string(), "广州".to_string()),
            ("ECCO".to_string(), "B00".to_string()),
        ];
        let text = write(
            &game,
            &tags,
            &[(0, "start\nhere".into()), (2, "马8进7".into())],
        );
        assert!(text.contains(&format!("[DhtmlXQ_binit]{STANDARD_BINIT}[/DhtmlXQ_binit]")));
        assert!(text.contains("[DhtmlXQ_movelist]774770627967[/DhtmlXQ_movelist]"));
        assert!(text.contains("[DhtmlXQ_place]广州[/DhtmlXQ_place]"));
        assert!(text.contains("[DhtmlXQ_comment0]start||here[/DhtmlXQ_comment0]"));
        assert!(!text.contains("ECCO"));
        let back = read(&text).expect("reads");
        assert_eq!(back.game.moves(), game.moves());
        assert_eq!(back.tags[0], ("Event".into(), "Club ［final］".into()));
        assert_eq!(back.tags[2], ("Red".into(), "许银川".into()));
        assert_eq!(
            back.comments,
            [(0, "start\nhere".into()), (2, "马8进7".into())]
        );
    }

    #[test]
    fn reads_a_forum_post_with_careless_tags() {
        // Tags as sites write them: settings first, a wrongly closed tag, lower-case
        // names, spaces in the move list, a result in words, a variation to skip.
        let text = "Look at this game:\n[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n\
            [DhtmlXQ_init]500,350[/DhtmlXQ_init]\n[DhtmlXQ_title]中炮对屏风马[/DhtmlXQ_title]\n\
            [DhtmlXQ_redtime]10[/DhtmlXQ_time]\n[DhtmlXQ_black]吕钦[/DhtmlXQ_black]\n\
            [DhtmlXQ_result]黑胜[/DhtmlXQ_result]\n[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\n\
            [DhtmlXQ_movelist]7747 7062[/DhtmlXQ_movelist]\n[DhtmlXQ_move_1_2_1]1242[/DhtmlXQ_move_1_2_1]\n\
            [DhtmlXQ_comment1_2]variation[/DhtmlXQ_comment1_2]\n[/DhtmlXQ]\nafter";
        let g = read(text).expect("reads");
        let iccs: Vec<String> = g.game.moves().iter().map(|m| m.iccs()).collect();
        assert_eq!(iccs, ["h2e2", "h9g7"]);
        assert_eq!(
            g.tags,
            [
                ("Title".to_string(), "中炮对屏风马".to_string()),
                ("Black".to_string(), "吕钦".to_string()),
                ("Result".to_string(), "0-1".to_string()),
            ]
        );
        assert_eq!(g.game.status().result, GameResult::BlackWins);
        assert!(g.comments.is_empty());
    }

    #[test]
    fn an_ending_with_absent_pieces_and_black_to_move() {
        let start = Position::from_fen("3k5/5r3/9/9/r8/9/9/9/9/4K4 b - - 0 1").expect("legal");
        let mut game = Game::new(start, RuleSet::Wxf2018);
        game.play("a5e5".parse().expect("move")).expect("legal");
        let text = write(&game, &[], &[]);
        assert!(text.contains("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"));
        assert!(text.contains("[DhtmlXQ_movelist]0444[/DhtmlXQ_movelist]"));
        let back = read(&text).expect("reads");
        assert_eq!(back.game.start().fen(), game.start().fen());
        assert_eq!(back.game.status().reason, Some(Reason::Checkmate));
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert_eq!(
            read("[DhtmlXQ][/DhtmlXQ]").unwrap_err(),
            DhtmlXqError::NoGame
        );
        assert_eq!(
            read("[DhtmlXQ_binit]123[/DhtmlXQ_binit]").unwrap_err(),
            DhtmlXqError::BadBinit
        );
        assert_eq!(
            read("[DhtmlXQ_movelist]77471[/DhtmlXQ_movelist]").unwrap_err(),
            DhtmlXqError::BadMoveList
        );
        assert_eq!(
            read("[DhtmlXQ_movelist]7747x062[/DhtmlXQ_movelist]").unwrap_err(),
            DhtmlXqError::BadMoveList
        );
        assert_eq!(
            read("[DhtmlXQ_movelist]77479062[/DhtmlXQ_movelist]").unwrap_err(),
            DhtmlXqError::OffBoard { ply: 2 }
        );
        let err = read("[DhtmlXQ_movelist]77470010[/DhtmlXQ_movelist]").unwrap_err();
        assert!(
            matches!(err, DhtmlXqError::Illegal { ply: 2, .. }),
            "{err:?}"
        );
        assert!(err.to_string().starts_with("ply 2: illegal move"), "{err}");
        let two = STANDARD_BINIT.replacen("89", "79", 1);
        assert_eq!(
            read(&format!("[DhtmlXQ_binit]{two}[/DhtmlXQ_binit]")).unwrap_err(),
            DhtmlXqError::SharedPoint(Square::H0)
        );
        let no_general = STANDARD_BINIT.replacen("49", "99", 1);
        assert!(matches!(
            read(&format!("[DhtmlXQ_binit]{no_general}[/DhtmlXQ_binit]")),
            Err(DhtmlXqError::Position(_))
        ));
    }

    /// The tag reader as it was before it was made linear (a search of the rest of the text
    /// for each tag's closing tag), with the one rule the linear reader adds (a name holds
    /// no `[`): the reference the linear reader must agree with.
    fn quadratic_tags(text: &str) -> Vec<(String, String)> {
        let block = match text.find("[DhtmlXQ]") {
            Some(i) => &text[i + 9..],
            None => text,
        };
        let block = block.find("[/DhtmlXQ]").map_or(block, |end| &block[..end]);
        let mut out = Vec::new();
        let mut rest = block;
        while let Some(i) = rest.find("[DhtmlXQ_") {
            rest = &rest[i + 9..];
            let Some(close) = rest.find(']') else { break };
            let written = &rest[..close];
            if let Some(bracket) = written.find('[') {
                rest = &rest[bracket..];
                continue;
            }
            rest = &rest[close + 1..];
            let end_tag = format!("[/DhtmlXQ_{written}]");
            let (value, after) = match rest.find(&end_tag) {
                Some(end) => (&rest[..end], end + end_tag.len()),
                None => {
                    let end = rest.find('[').unwrap_or(rest.len());
                    (&rest[..end], end)
                }
            };
            out.push((written.to_string(), value.trim().to_string()));
            rest = &rest[after..];
        }
        out
    }

    /// Reads every tag of `text`; returns how many and the work done.
    fn scan(text: &str) -> (usize, ScanWork) {
        let mut tags = Tags::new(text);
        let count = tags.by_ref().count();
        (count, tags.work)
    }

    /// Asserts that reading the tags of `text` passed over each byte of text at most eight
    /// times (the reader makes four passes: to the block's start, to its end, over the
    /// closing tags, over the opening tags and their values) and looked up at most one tag
    /// per byte: linear, whatever the text. The old reader passed over the rest of the text
    /// once per tag.
    fn assert_linear(what: &str, text: &str) -> usize {
        let (count, work) = scan(text);
        assert!(
            work.bytes <= 8 * text.len() && work.lookups <= text.len(),
            "{what}: {work:?} for {} bytes",
            text.len()
        );
        count
    }

    #[test]
    fn a_million_unclosed_tags_are_read_in_linear_work() {
        const N: usize = 1_000_000;
        // Unclosed tags of one name: the old reader searched the rest of the text for the
        // closing tag of each (64 s for 100,000 tags).
        let same = "[DhtmlXQ_title]x".repeat(N);
        assert_eq!(assert_linear("one name", &same), N);
        assert_eq!(read(&same).unwrap_err(), DhtmlXqError::NoGame);
        // A million distinct names, unclosed, then a game.
        let mut distinct: String = (0..N).map(|i| format!("[DhtmlXQ_comment{i}]c")).collect();
        distinct.push_str("[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]");
        assert_eq!(assert_linear("distinct names", &distinct), N + 1);
        let g = read(&distinct).expect("the game after the unclosed tags");
        assert_eq!(g.game.moves().len(), 1);
        assert_eq!(g.comments.len(), N);
    }

    #[test]
    fn every_shape_of_tags_is_read_in_linear_work() {
        // The work bound is per byte, so a tenth of a million tags shows it as well.
        const N: usize = 100_000;
        // Closing tags of other names, or all before their opening tags.
        let others = "[DhtmlXQ_a]x[/DhtmlXQ_b]".repeat(N);
        assert_eq!(assert_linear("other closing tags", &others), N);
        let before = format!("{}{}", "[/DhtmlXQ_a]".repeat(N), "[DhtmlXQ_a]x".repeat(N));
        assert_eq!(assert_linear("closing tags first", &before), N);
        // Prefixes with no name: nothing is a tag.
        let prefixes = format!("{}]", "[DhtmlXQ_[/DhtmlXQ_".repeat(N));
        assert_eq!(assert_linear("bare prefixes", &prefixes), 0);
        // A value holding brackets, and tags closed as they should be.
        let closed = "[DhtmlXQ_title]x[y]z[/DhtmlXQ_title]".repeat(N);
        assert_eq!(assert_linear("closed tags", &closed), N);
    }

    proptest! {
        #[test]
        fn linear_tags_agree_with_the_quadratic_reader(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "[DhtmlXQ_", "[/DhtmlXQ_", "[DhtmlXQ]", "[/DhtmlXQ]", "a", "A", "b",
                    "movelist", "]", "[", " x ", "7747",
                ]),
                0..40,
            )
        ) {
            let text = parts.concat();
            let linear: Vec<(String, String)> = Tags::new(&text)
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect();
            prop_assert_eq!(linear, quadratic_tags(&text), "{}", text);
        }
    }

    proptest! {
        #[test]
        fn random_text_never_panics(s in "\\PC{0,200}", digits in "[0-9 ]{0,80}") {
            let _ = read(&s);
            let _ = read(&format!("[DhtmlXQ][DhtmlXQ_movelist]{digits}[/DhtmlXQ_movelist][/DhtmlXQ]"));
            let _ = read(&format!("[DhtmlXQ_binit]{digits}[/DhtmlXQ_binit]"));
            let _ = read(&format!("[DhtmlXQ_{s}"));
        }

        #[test]
        fn cut_texts_never_panic(cut in 0usize..400) {
            let game = Game::replay(None, &["h2e2", "h9g7"], RuleSet::Wxf2018).expect("legal");
            let text = write(&game, &[("Red".into(), "红方".into())], &[(1, "好".into())]);
            let end = (0..=cut.min(text.len())).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let _ = read(&text[..end]);
        }
    }
}
