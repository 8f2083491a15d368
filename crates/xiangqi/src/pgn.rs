//! PGN: game records as text, as Xiangqi tools exchange them.
//!
//! Written with the tags `[Game "Chinese Chess"]` and `[Variant "xiangqi"]` (the first as
//! xqbase and most Chinese-language tools write it, the second as lichess-style tools and
//! Fairy-Stockfish expect), `[Result]`, `[SetUp "1"]` and `[FEN]` for the start position,
//! `[Rules]` for the rule set, and the moves in WXF notation with move numbers.
//!
//! Read: the first game of the text (a byte-order mark and `%` escape lines are skipped);
//! any tags (values in double quotes with `\"` and `\\` escapes); move numbers
//! (`1.`, `1...`), comments (`{…}` and `;` to the end of the line), variations (`(…)`,
//! skipped), numeric annotation glyphs (`$1`) and `!`/`?` suffixes are ignored; each move may
//! be ICCS (`h2e2`, `H2-E2`), WXF (`C2=5`) or Chinese (`炮二平五`). The result token ends
//! the movetext; a `}` or `)` that closes nothing is an error.
//!
//! ```
//! use xiangqi::game::{Game, RuleSet};
//! use xiangqi::pgn;
//! let text = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. H0-G2 *";
//! let record = pgn::read(text)?;
//! assert_eq!(record.game.moves().len(), 3);
//! assert!(pgn::write(&record.game, &record.tags).contains("1. C2=5 H8+7 2. H2+3 *"));
//! # Ok::<(), pgn::PgnError>(())
//! ```

use crate::game::{Game, GameError, RuleSet};
use crate::notation::{self, NotationError};
use crate::{FenError, Position, START_FEN};
use std::fmt;

/// A game read from PGN, with its tags in the order they appeared.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// `(name, value)` pairs as written.
    pub tags: Vec<(String, String)>,
    /// The game, replayed and judged under the `[Rules]` tag's rule set (default
    /// `wxf-2018`).
    pub game: Game,
}

impl PgnGame {
    /// Returns the value of the first tag called `name` (case-insensitive).
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag(&self.tags, name)
    }
}

fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Why a PGN text could not be read. Lines count from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnError {
    /// A tag line is not `[Name "value"]`.
    BadTag {
        /// The line.
        line: usize,
    },
    /// The `[FEN]` tag is not a legal position.
    Fen(FenError),
    /// The `[Rules]` tag names no known rule set.
    Rules(String),
    /// A move could not be read or played.
    Move {
        /// The line.
        line: usize,
        /// The ply number it would have had.
        ply: usize,
        /// The text of the move.
        text: String,
        /// Why.
        reason: NotationError,
    },
    /// A move came after the game had ended.
    AfterEnd {
        /// The line.
        line: usize,
        /// The text of the move.
        text: String,
    },
    /// A `}` or `)` with nothing open.
    Unopened {
        /// The line.
        line: usize,
        /// The character.
        character: char,
    },
    /// A comment or variation is not closed.
    Unclosed {
        /// The line where it opened.
        line: usize,
    },
    /// [`read_single`]: the text holds no game.
    NoGame,
    /// [`read_single`]: the text holds more than one game.
    SeveralGames {
        /// How many ([`game_count`]).
        count: usize,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PgnError::BadTag { line } => {
                write!(f, "line {line}: a tag must look like [Name \"value\"]")
            }
            PgnError::Fen(e) => write!(f, "[FEN] tag: {e}"),
            PgnError::Rules(s) => write!(f, "[Rules] tag: unknown rule set {s:?}"),
            PgnError::Move {
                line,
                ply,
                text,
                reason,
            } => {
                write!(f, "line {line}, ply {ply}: cannot play {text:?}: {reason}")
            }
            PgnError::AfterEnd { line, text } => {
                write!(
                    f,
                    "line {line}: move {text:?} comes after the end of the game"
                )
            }
            PgnError::Unopened { line, character } => {
                write!(f, "line {line}: {character:?} closes nothing")
            }
            PgnError::Unclosed { line } => {
                write!(f, "line {line}: a comment or variation is never closed")
            }
            PgnError::NoGame => write!(f, "the text holds no game"),
            PgnError::SeveralGames { count } => {
                write!(f, "the text holds {count} games, not one: split it first")
            }
        }
    }
}

impl std::error::Error for PgnError {}

/// Returns how many games a PGN text holds: one per block of tag pairs that opens it or
/// follows movetext, plus one for movetext with no tags before it. An empty text holds 0.
/// [`read`] reads only the first; a caller that must not drop the rest checks this first.
///
/// Source: the PGN standard (1994), section 8: a game is a tag pair section followed by a
/// movetext section.
pub fn game_count(text: &str) -> usize {
    split_games(text).len()
}

/// Splits a PGN text into its games, each a list of `(line number from 1, line)`: a game
/// opens at the first line that is not blank and at each tag line that follows movetext.
/// Escape lines (`%` in the first column) and a leading byte-order mark are dropped; blank
/// lines stay with the game they follow. [`game_count`] counts the games and [`read`]
/// reads the first, so the two cannot disagree about where a game ends.
fn split_games(text: &str) -> Vec<Vec<(usize, &str)>> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut games: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut in_movetext = false;
    for (i, raw) in text.lines().enumerate() {
        if raw.starts_with('%') {
            continue; // PGN escape line, for other programs' private data
        }
        let line = raw.trim();
        let is_tag = line.starts_with('[');
        if (games.is_empty() && !line.is_empty()) || (is_tag && in_movetext) {
            games.push(Vec::new());
            in_movetext = false;
        }
        if let Some(game) = games.last_mut() {
            game.push((i + 1, raw));
            in_movetext |= !line.is_empty() && !is_tag;
        }
    }
    games
}

/// Reads a PGN text that must hold exactly one game, for callers that must not drop games
/// silently (the command line's `convert` and `game -`); [`read`] takes the first of several.
///
/// # Errors
/// [`PgnError::NoGame`] or [`PgnError::SeveralGames`] by [`game_count`], else as [`read`].
pub fn read_single(text: &str) -> Result<PgnGame, PgnError> {
    match game_count(text) {
        0 => Err(PgnError::NoGame),
        1 => read(text),
        count => Err(PgnError::SeveralGames { count }),
    }
}

/// Reads the first game of a PGN text.
///
/// # Errors
/// [`PgnError`] naming the line and, for moves, the ply and the reason.
pub fn read(text: &str) -> Result<PgnGame, PgnError> {
    let mut tags = Vec::new();
    let mut movetext = Vec::new();
    // Only the first game is read.
    for (number, raw) in split_games(text).into_iter().next().unwrap_or_default() {
        let line = raw.trim();
        if line.starts_with('[') {
            tags.push(parse_tag(line).ok_or(PgnError::BadTag { line: number })?);
        } else if !line.is_empty() || !movetext.is_empty() {
            movetext.push((number, raw));
        }
    }
    let rules = match tag(&tags, "Rules") {
        Some(r) => r
            .parse::<RuleSet>()
            .map_err(|_| PgnError::Rules(r.to_string()))?,
        None => RuleSet::default(),
    };
    let fen = tag(&tags, "FEN").unwrap_or(START_FEN);
    let start = Position::from_fen(fen).map_err(PgnError::Fen)?;
    let mut game = Game::new(start, rules);
    for (line, token) in tokens(&movetext)? {
        let ply = game.plies().len() + 1;
        let m = notation::parse_any(game.position(), token).map_err(|reason| PgnError::Move {
            line,
            ply,
            text: token.to_string(),
            reason,
        })?;
        match game.play(m) {
            Ok(_) => {}
            Err(GameError::GameOver(_)) => {
                return Err(PgnError::AfterEnd {
                    line,
                    text: token.to_string(),
                })
            }
            Err(GameError::Illegal { reason, .. }) => {
                // parse_any has checked legality already; kept for completeness.
                let reason = NotationError::Illegal(reason);
                return Err(PgnError::Move {
                    line,
                    ply,
                    text: token.to_string(),
                    reason,
                });
            }
            Err(_) => {
                return Err(PgnError::AfterEnd {
                    line,
                    text: token.to_string(),
                })
            }
        }
    }
    apply_result_tag(&mut game, tag(&tags, "Result"));
    Ok(PgnGame { tags, game })
}

/// Ends a game that the moves leave open as a PGN result (`1-0`, `0-1`, `1/2-1/2`) says:
/// a win as the loser's resignation, a draw as agreed (resignation, time or agreement are
/// not visible in the moves). Does nothing for a game already over or another result.
pub fn apply_result_tag(game: &mut Game, result: Option<&str>) {
    if game.status().is_over() {
        return;
    }
    // Cannot fail: the game is not over (checked above).
    let _ = match result.map(str::trim) {
        Some("1-0") => game.resign(crate::Color::Black),
        Some("0-1") => game.resign(crate::Color::Red),
        Some("1/2-1/2") => game.agree_draw(),
        _ => return,
    };
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.trim_end().strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let quoted = rest.strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?),
            '"' => return None, // an unescaped quote inside the value
            _ => value.push(c),
        }
    }
    Some((name.to_string(), value))
}

/// Splits movetext into move tokens with their line numbers, dropping numbers, comments,
/// variations, annotations and the result.
fn tokens<'a>(lines: &[(usize, &'a str)]) -> Result<Vec<(usize, &'a str)>, PgnError> {
    let mut out = Vec::new();
    let mut brace_open: Option<usize> = None;
    let mut depth = 0usize;
    let mut paren_line = 0;
    for &(line, text) in lines {
        let mut rest = text;
        while !rest.is_empty() {
            if brace_open.is_some() {
                match rest.find('}') {
                    Some(i) => {
                        rest = &rest[i + 1..];
                        brace_open = None;
                    }
                    None => rest = "",
                }
                continue;
            }
            let Some(c) = rest.chars().next() else { break };
            if c.is_whitespace() {
                rest = &rest[c.len_utf8()..];
            } else if c == '{' {
                brace_open = Some(line);
                rest = &rest[1..];
            } else if c == ';' {
                rest = "";
            } else if c == '(' {
                if depth == 0 {
                    paren_line = line;
                }
                depth += 1;
                rest = &rest[1..];
            } else if c == ')' || c == '}' {
                if c == '}' || depth == 0 {
                    return Err(PgnError::Unopened { line, character: c });
                }
                depth -= 1;
                rest = &rest[1..];
            } else {
                let end = rest
                    .find(|ch: char| ch.is_whitespace() || "{};()".contains(ch))
                    .unwrap_or(rest.len());
                let word = &rest[..end];
                rest = &rest[end..];
                if depth == 0 {
                    if is_result(word) {
                        return Ok(out); // the game ends here; anything after is not its
                    }
                    if let Some(m) = move_token(word) {
                        out.push((line, m));
                    }
                }
            }
        }
    }
    if let Some(line) = brace_open {
        return Err(PgnError::Unclosed { line });
    }
    if depth > 0 {
        return Err(PgnError::Unclosed { line: paren_line });
    }
    Ok(out)
}

/// Tells whether a movetext word is a game result, which ends the movetext.
fn is_result(word: &str) -> bool {
    matches!(word, "1-0" | "0-1" | "1/2-1/2" | "*")
}

/// Strips a move number prefix (`12.`, `12...`) and annotation suffixes from a word; returns
/// `None` for words that are not moves (numbers alone, results, `$n` glyphs).
fn move_token(word: &str) -> Option<&str> {
    if word.starts_with('$') {
        return None;
    }
    let digits = word
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(word.len());
    let after_number = if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    };
    // A WXF move may itself end in '.' (`C2.5` is `C2=5`), so only leading numbers with a
    // dot are stripped; trailing !/? marks are annotations.
    let m = after_number.trim_end_matches(['!', '?']);
    (!m.is_empty()).then_some(m)
}

/// Writes `game` as PGN with moves in WXF. `extra` tags (such as `Event`, `Red`, `Black`)
/// come first; the tags this module owns (`Game`, `Variant`, `Rules`, `Result`, `SetUp`,
/// `FEN`, `Format`, `Termination`) are always written from the game itself.
pub fn write(game: &Game, extra: &[(String, String)]) -> String {
    const OWN: [&str; 8] = [
        "Game",
        "Variant",
        "Rules",
        "Result",
        "SetUp",
        "FEN",
        "Format",
        "Termination",
    ];
    let status = game.status();
    let mut out = String::new();
    let mut put = |k: &str, v: &str| {
        out.push_str(&format!(
            "[{k} \"{}\"]\n",
            v.replace('\\', "\\\\").replace('"', "\\\"")
        ));
    };
    put("Game", "Chinese Chess");
    put("Variant", "xiangqi");
    for (k, v) in extra
        .iter()
        .filter(|(k, _)| !OWN.iter().any(|o| o.eq_ignore_ascii_case(k)))
    {
        put(k, v);
    }
    put("Rules", game.rules().name());
    put("Result", status.result.pgn());
    put("SetUp", "1");
    put("FEN", &game.start().fen());
    put("Format", "WXF");
    if let Some(reason) = status.reason {
        put("Termination", &reason.name().replace('_', " "));
    }
    out.push('\n');
    let mut pos = game.start().clone();
    let mut line = String::new();
    for (i, rec) in game.plies().iter().enumerate() {
        let red_to_move = pos.turn() == crate::Color::Red;
        if red_to_move || i == 0 {
            if !line.is_empty() {
                line.push(' ');
            }
            let number = pos.fullmoves();
            line.push_str(&if red_to_move {
                format!("{number}.")
            } else {
                format!("{number}...")
            });
        }
        line.push(' ');
        // Every recorded move is legal, so WXF writing cannot fail; ICCS is the fallback.
        let text = crate::wxf::write(&pos, rec.mv).unwrap_or_else(|_| rec.mv.to_string());
        line.push_str(&text);
        pos.make_move(rec.mv);
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(status.result.pgn());
    out.push_str(&wrap(&line, 80));
    out.push('\n');
    out
}

fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    for word in text.split(' ') {
        let w = word.chars().count();
        if len > 0 && len + 1 + w > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(word);
        len += w;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{GameResult, Reason};

    #[test]
    fn games_are_counted_by_their_tag_sections() {
        let one = "[Event \"a\"]\n[Round \"1\"]\n\n1. h2e2 h9g7\n2. h0g2 *\n";
        assert_eq!(game_count(""), 0);
        assert_eq!(game_count("\n\n"), 0);
        assert_eq!(game_count(one), 1);
        assert_eq!(game_count("1. h2e2 h9g7 *\n"), 1, "movetext without tags");
        assert_eq!(game_count(&format!("{one}\n{one}\n%escape\n{one}")), 3);
        assert_eq!(game_count(&format!("\u{feff}{one}")), 1);
        assert_eq!(read_single("\n").map(|_| ()), Err(PgnError::NoGame));
        assert_eq!(
            read_single(&format!("{one}{one}")).map(|_| ()),
            Err(PgnError::SeveralGames { count: 2 })
        );
        assert_eq!(read_single(one).map(|g| g.game.plies().len()).ok(), Some(3));
    }

    #[test]
    fn written_games_read_back_identically() {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b7b3"];
        let game = Game::replay(None, &moves, RuleSet::Casual).expect("legal");
        let text = write(&game, &[("Event".into(), "Test \"quoted\"".into())]);
        let back = read(&text).expect("reads");
        assert_eq!(back.game.moves(), game.moves());
        assert_eq!(back.game.rules(), RuleSet::Casual);
        assert_eq!(back.tag("Event"), Some("Test \"quoted\""));
        assert_eq!(back.tag("Variant"), Some("xiangqi"));
    }

    #[test]
    fn reads_comments_variations_and_all_notations() {
        let text = "[Game \"Chinese Chess\"]\n\n1. 炮二平五 {central cannon} 马８进７ (1... C8=5) \
                    2. H2+3 ; a comment\n b9c7 $1 3. R1=2! *";
        let g = read(text).expect("reads");
        let iccs: Vec<String> = g.game.moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "b9c7", "i0h0"]);
    }

    #[test]
    fn errors_name_the_line_and_ply() {
        let err = read("[Event \"x\"]\n\n1. h2e2 h9g7\n2. a0a5 *").expect_err("illegal move");
        assert!(
            matches!(
                err,
                PgnError::Move {
                    line: 4,
                    ply: 3,
                    ..
                }
            ),
            "{err:?}"
        );
        assert!(matches!(
            read("[Event x]\n1. h2e2"),
            Err(PgnError::BadTag { line: 1 })
        ));
        assert!(matches!(
            read("1. h2e2 {open"),
            Err(PgnError::Unclosed { line: 1 })
        ));
        assert!(matches!(read("[FEN \"9/9 w\"]\n"), Err(PgnError::Fen(_))));
    }

    #[test]
    fn malformed_movetext_is_an_error_not_a_hang() {
        assert!(matches!(
            read("1. h2e2 } h9g7"),
            Err(PgnError::Unopened {
                line: 1,
                character: '}'
            })
        ));
        assert!(matches!(
            read("1. h2e2 ;{ \n h9g7 }\n"),
            Err(PgnError::Unopened { line: 2, .. })
        ));
        assert!(matches!(
            read("{ a { b } } h2e2"),
            Err(PgnError::Unopened { .. })
        ));
        assert!(matches!(
            read("1. h2e2 ) h9g7"),
            Err(PgnError::Unopened { character: ')', .. })
        ));
        assert!(matches!(
            read("[Event \"a\"b\"]\n1. h2e2"),
            Err(PgnError::BadTag { line: 1 })
        ));
    }

    #[test]
    fn reads_only_the_first_game_and_stops_at_its_result() {
        let two = "[Event \"1\"]\n\n1. h2e2 h9g7 1-0\n\n[Event \"2\"]\n\n1. b2e2 *\n";
        let g = read(two).expect("reads");
        assert_eq!(g.tag("Event"), Some("1"));
        assert_eq!(g.game.moves().len(), 2);
        let g = read("1. h2e2 h9g7 * 2. h0g2").expect("reads");
        assert_eq!(
            g.game.moves().len(),
            2,
            "moves after the result are not the game's"
        );
    }

    #[test]
    fn skips_a_byte_order_mark_and_escape_lines() {
        let g = read("\u{feff}[Event \"x\"]\n%private data\n1. h2e2 *").expect("reads");
        assert_eq!(g.tag("Event"), Some("x"));
        assert_eq!(g.game.moves().len(), 1);
    }

    #[test]
    fn result_tag_ends_an_open_game() {
        let g = read("[Result \"0-1\"]\n\n1. h2e2 h9g7 0-1").expect("reads");
        assert_eq!(g.game.status().result, GameResult::BlackWins);
        assert_eq!(g.game.status().reason, Some(Reason::Resignation));
    }
}
