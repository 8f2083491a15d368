//! What the UCI and UCCI loops share: a line writer shared with the search thread, and the
//! parsing of `position` commands and numbers.

use std::io::Write;
use std::sync::{Arc, Mutex, PoisonError};
use xiangqi::{Move, Position};

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

/// Parses the arguments of `position`: `startpos [moves m1 m2 …]` or
/// `fen <fields…> [moves m1 m2 …]`. Returns the start position and the moves (not yet
/// checked for legality).
pub(crate) fn parse_position(args: &[&str]) -> Result<(Position, Vec<Move>), String> {
    let moves_at = args.iter().position(|&t| t == "moves");
    let (head, tail) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match head.first() {
        Some(&"startpos") if head.len() == 1 => Position::start(),
        Some(&"startpos") => return Err("unexpected text after `startpos`".to_string()),
        Some(&"fen") if head.len() >= 2 => {
            let fen = head[1..].join(" ");
            Position::from_fen(&fen).map_err(|e| format!("invalid FEN `{fen}`: {e}"))?
        }
        Some(&"fen") => return Err("`position fen` needs a FEN".to_string()),
        _ => return Err("`position` needs `startpos` or `fen <FEN>`".to_string()),
    };
    let moves = parse_moves(tail)?;
    Ok((start, moves))
}

/// Parses ICCS moves (`h2e2`).
pub(crate) fn parse_moves(tokens: &[&str]) -> Result<Vec<Move>, String> {
    tokens
        .iter()
        .map(|t| t.parse::<Move>().map_err(|e| e.to_string()))
        .collect()
}

/// Parses the value after the keyword `key` as a number.
pub(crate) fn number<T: std::str::FromStr>(key: &str, value: Option<&&str>) -> Result<T, String> {
    let v = value.ok_or_else(|| format!("`{key}` needs a value"))?;
    v.parse::<T>()
        .map_err(|_| format!("`{key}` needs a non-negative number, not `{v}`"))
}

/// Splits a line into tokens on any whitespace.
pub(crate) fn tokens(line: &str) -> Vec<&str> {
    line.split_whitespace().collect()
}
