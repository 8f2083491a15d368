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

/// Splits the first block into `(name, value)` pairs, names in lower case. A tag without
/// its closing tag ends at the next `[` (some sites close tags carelessly).
fn tags_of(text: &str) -> Vec<(String, &str)> {
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
        let name = written.to_ascii_lowercase();
        rest = &rest[close + 1..];
        let end_tag = format!("[/DhtmlXQ_{written}]");
        let (value, after) = match rest.find(&end_tag) {
            Some(end) => (&rest[..end], end + end_tag.len()),
            None => {
                let end = rest.find('[').unwrap_or(rest.len());
                (&rest[..end], end)
            }
        };
        out.push((name, value.trim()));
        rest = &rest[after..];
    }
    out
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
    let raw = tags_of(text);
    let get = |name: &str| raw.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
    if get("movelist").is_none() && get("binit").is_none() {
        return Err(DhtmlXqError::NoGame);
    }
    let board = match get("binit") {
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
    let list: Vec<u8> = get("movelist")
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
    let mut tags = Vec::new();
    let mut comments = Vec::new();
    let mut result = None;
    for (name, value) in &raw {
        if let Some((_, pgn)) = TAGS.iter().find(|(d, _)| d == name) {
            if !value.is_empty() {
                tags.push((pgn.to_string(), value.to_string()));
            }
        } else if name == "result" {
            result = result_of(value);
            if let Some(r) = result {
                tags.push(("Result".to_string(), r.to_string()));
            }
        } else if let Some(n) = name.strip_prefix("comment") {
            if let Ok(ply) = n.parse::<usize>() {
                if !value.is_empty() {
                    comments.push((ply, value.replace("||", "\n")));
                }
            }
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
