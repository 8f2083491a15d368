//! What the UCI and UCCI loops share: a line writer shared with the search thread, a bounded
//! line reader, and the parsing of `position` commands and numbers.

use std::fmt;
use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex, PoisonError};
use xiangqi::{Move, Position};

/// Why a command line was refused: the loop reports it (`info string` in UCI) and ignores
/// the line. Its text names the command or keyword and quotes at most 100
/// characters of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The line's first word is no command of the protocol (quoted).
    UnknownCommand(String),
    /// A keyword came without its value (the keyword).
    MissingValue(String),
    /// A keyword's value is not a non-negative number.
    NotACount {
        /// The keyword (`depth`, `wtime`, …).
        key: String,
        /// The value given, quoted.
        value: String,
    },
    /// A keyword that takes no value was given one (the keyword).
    TakesNoValue(String),
    /// A move cannot be read as ICCS: the reader's reason.
    BadMove(String),
    /// A FEN cannot be read.
    BadFen {
        /// The FEN given.
        fen: String,
        /// The reader's reason.
        reason: String,
    },
    /// The command's words are not what it needs: a sentence saying what it needs
    /// (`` `position` needs `startpos` or `fen <FEN>` ``).
    Usage(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::UnknownCommand(c) => write!(f, "unknown command `{c}`"),
            CommandError::MissingValue(key) => write!(f, "`{key}` needs a value"),
            CommandError::NotACount { key, value } => {
                write!(f, "`{key}` needs a non-negative number, not `{value}`")
            }
            CommandError::TakesNoValue(key) => write!(f, "`{key}` takes no value"),
            CommandError::BadMove(reason) => f.write_str(reason),
            CommandError::BadFen { fen, reason } => write!(f, "invalid FEN `{fen}`: {reason}"),
            CommandError::Usage(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for CommandError {}

/// A [`CommandError::Usage`] from a sentence.
pub(crate) fn usage(text: impl Into<String>) -> CommandError {
    CommandError::Usage(text.into())
}

/// The output of a protocol loop, shared between the reader and the search thread.
pub(crate) struct Out<W: Write>(Arc<Mutex<W>>);

impl<W: Write> Clone for Out<W> {
    fn clone(&self) -> Self {
        Out(Arc::clone(&self.0))
    }
}

impl<W: Write> Out<W> {
    pub(crate) fn new(w: W) -> Out<W> {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes; write errors (a closed pipe) are ignored.
    pub(crate) fn say(&self, line: &str) {
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// What `position` sets up, in UCI and UCCI alike: a start position and the moves played
/// from it (legality is checked by the engine when it takes them).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionSetup {
    /// The start position (boxed: every other command is small, and an enum is as large as
    /// its largest variant).
    pub start: Box<Position>,
    /// The moves played from it, as read from ICCS.
    pub moves: Vec<Move>,
}

/// An option that `setoption` sets, in UCI and UCCI alike.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSetting {
    /// The option's name: as given in UCI (matched case-insensitively), lowercase in UCCI.
    pub name: String,
    /// The value, if any: the rest of the line.
    pub value: Option<String>,
}

/// Parses the arguments of `position`: `startpos [moves m1 m2 …]` or
/// `fen <fields…> [moves m1 m2 …]`.
pub(crate) fn parse_position(args: &[&str]) -> Result<PositionSetup, CommandError> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, tail) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match head.first() {
        Some(&"startpos") if head.len() == 1 => Position::start(),
        Some(&"startpos") => return Err(usage("unexpected text after `startpos`")),
        Some(&"fen") if head.len() >= 2 => {
            let fen = head[1..].join(" ");
            Position::from_fen(&fen).map_err(|e| CommandError::BadFen {
                reason: e.to_string(),
                fen,
            })?
        }
        Some(&"fen") => return Err(usage("`position fen` needs a FEN")),
        _ => return Err(usage("`position` needs `startpos` or `fen <FEN>`")),
    };
    let moves = parse_moves(tail)?;
    Ok(PositionSetup {
        start: Box::new(start),
        moves,
    })
}

/// Parses ICCS moves (`h2e2`).
pub(crate) fn parse_moves(tokens: &[&str]) -> Result<Vec<Move>, CommandError> {
    tokens
        .iter()
        .map(|t| {
            t.parse::<Move>()
                .map_err(|e| CommandError::BadMove(e.to_string()))
        })
        .collect()
}

/// Parses the value after the keyword `key` as a non-negative integer; a value too large
/// for `u64` saturates to `u64::MAX` (callers clamp it further).
pub(crate) fn count(key: &str, value: Option<&&str>) -> Result<u64, CommandError> {
    let v = value.ok_or_else(|| CommandError::MissingValue(key.to_string()))?;
    let digits = v.strip_prefix('+').unwrap_or(v);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(digits.parse::<u64>().unwrap_or(u64::MAX));
    }
    Err(CommandError::NotACount {
        key: key.to_string(),
        value: clip(v, ECHO_CHARS),
    })
}

/// Parses the value after `key` as a time or increment: like [`count`], but a negative
/// value (a GUI's clock in overtime) reads as 0.
pub(crate) fn time_value(key: &str, value: Option<&&str>) -> Result<u64, CommandError> {
    match value.and_then(|v| v.strip_prefix('-')) {
        Some(rest) => count(key, Some(&rest)).map(|_| 0),
        None => count(key, value),
    }
}

/// Parses the value after `key` as a count that fits a `u32`, saturating.
pub(crate) fn count32(key: &str, value: Option<&&str>) -> Result<u32, CommandError> {
    count(key, value).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// Parses the value after `depth` (or a depth derived from it): saturating, and clamped to
/// the deepest search the engine runs ([`MAX_DEPTH`]).
pub(crate) fn depth(key: &str, value: Option<&&str>) -> Result<u32, CommandError> {
    count32(key, value).map(|d| d.min(MAX_DEPTH))
}

/// The deepest search the engine runs, in plies; deeper requests are clamped to it.
pub const MAX_DEPTH: u32 = crate::params::MAX_PLY as u32 - 8;

/// How many characters of the input an error message quotes back.
pub(crate) const ECHO_CHARS: usize = 100;

/// Returns `s` cut to at most `max` characters, with `…` when cut.
pub(crate) fn clip(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_string(),
    }
}

/// The longest input line the protocol loops accept, in bytes; longer lines are skipped
/// (without being held in memory) and reported.
pub const MAX_INPUT_LINE: usize = 1 << 20;

/// One line read by [`read_line`].
pub(crate) enum Line {
    /// A line, decoded as UTF-8 with invalid bytes replaced.
    Text(String),
    /// A line longer than [`MAX_INPUT_LINE`] bytes, skipped; its length in bytes.
    TooLong(usize),
}

/// Reads one line of at most [`MAX_INPUT_LINE`] bytes from `input`: `None` at end of input
/// or on a read error. Bytes that are not UTF-8 do not end the session: they are replaced.
pub(crate) fn read_line(input: &mut impl BufRead) -> Option<Line> {
    let mut buf = Vec::new();
    let mut skipped = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return None,
        };
        if chunk.is_empty() {
            // End of input: a last line without newline still counts.
            if skipped > 0 {
                return Some(Line::TooLong(skipped));
            }
            if buf.is_empty() {
                return None;
            }
            break;
        }
        let (part, found) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (&chunk[..i], Some(i + 1)),
            None => (chunk, None),
        };
        if skipped == 0 && buf.len() + part.len() <= MAX_INPUT_LINE {
            buf.extend_from_slice(part);
        } else {
            skipped = skipped.saturating_add(buf.len() + part.len());
            buf = Vec::new();
        }
        let used = found.unwrap_or(chunk.len());
        input.consume(used);
        if found.is_some() {
            if skipped > 0 {
                return Some(Line::TooLong(skipped));
            }
            break;
        }
    }
    Some(Line::Text(String::from_utf8_lossy(&buf).into_owned()))
}

/// A protocol's reader of one command: the command word, its arguments, and a list for
/// warnings about what it ignored.
pub(crate) type ReadCommand<C> = fn(&str, &[&str], &mut Vec<String>) -> Result<C, CommandError>;

/// Parses one command line of a protocol: `read` gets the command word, its arguments and a
/// list to add warnings to (text it ignored). Returns `Ok(None)` for a blank line, else the
/// command and the warnings.
///
/// # Errors
/// What `read` returns: a [`CommandError`] naming what is wrong.
pub(crate) fn parse_line<C>(
    line: &str,
    read: ReadCommand<C>,
) -> Result<(Option<C>, Vec<String>), CommandError> {
    let t = tokens(line);
    let Some((&cmd, args)) = t.split_first() else {
        return Ok((None, Vec::new()));
    };
    let mut warnings = Vec::new();
    let command = read(cmd, args, &mut warnings)?;
    Ok((Some(command), warnings))
}

/// Splits a line into tokens on any whitespace.
pub(crate) fn tokens(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}

/// Reads a check option's value: `true`/`yes`/`on`/`1` or `false`/`no`/`off`/`0` (any
/// case); `None` for anything else.
pub(crate) fn parse_check(value: Option<&str>) -> Option<bool> {
    match value.map(|v| v.trim().to_ascii_lowercase()).as_deref() {
        Some("true" | "yes" | "on" | "1") => Some(true),
        Some("false" | "no" | "off" | "0") => Some(false),
        _ => None,
    }
}

/// Sets the engine's network from the `EvalFile` option: a path, or empty or
/// [`EMBEDDED_NAME`](crate::nnue::EMBEDDED_NAME) for the embedded network.
///
/// # Errors
/// Why the file was refused ([`NetworkError`](crate::nnue::NetworkError)); the engine keeps
/// the network it had.
pub(crate) fn set_eval_file(
    engine: &mut crate::Engine,
    value: Option<&str>,
) -> Result<(), crate::nnue::NetworkError> {
    match value.map(str::trim) {
        None | Some("") => engine.use_embedded_network(),
        Some(v) if v == crate::nnue::EMBEDDED_NAME => engine.use_embedded_network(),
        Some(path) => engine.load_network(std::path::Path::new(path))?,
    }
    Ok(())
}
