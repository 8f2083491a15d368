//! A client for an external engine process that speaks UCI (as Pikafish and our own
//! `xiangqi uci` do): starts it, waits for `uciok` and `readyok`, sends `position fen … moves
//! …` and `go …`, and reads `bestmove`.
//!
//! Everything the engine prints is untrusted input: lines are read by a separate thread and
//! handed over through a bounded channel (a flooding engine is blocked, not buffered), every
//! wait has a deadline that holds however many lines arrive, a line longer than
//! [`MAX_LINE`] bytes or a flood of unrelated lines is a protocol error, unknown lines are
//! skipped, and a `bestmove` that is not ICCS is an error, not a panic. Dropping the client sends `quit` and
//! kills the process if it has not left within 200 ms.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use xiangqi::{Move, Position};

/// How long the engine may take to answer `uci` and `isready`, in milliseconds.
pub const HANDSHAKE_TIMEOUT_MS: u64 = 10_000;

/// The longest line accepted from the engine, in bytes; a longer one is a protocol error.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines may wait in the channel between the reader thread and the client; beyond
/// that the reader (and so the engine, once its pipe is full) blocks.
const QUEUE_LINES: usize = 1024;

/// How many lines the engine may send while we wait for one answer before it counts as
/// flooding (a real engine sends a few `info` lines per iteration).
pub const MAX_LINES_PER_WAIT: usize = 100_000;

/// What the reader thread hands over: a line, or the news that a line was too long.
type Incoming = Result<String, ()>;

/// What went wrong talking to an external engine.
#[derive(Debug)]
pub enum UciError {
    /// The process could not be started.
    Spawn(String, std::io::Error),
    /// Writing to the engine failed (it has probably exited).
    Write(std::io::Error),
    /// The engine closed its output (exited or crashed) while we waited for `expected`.
    Exited {
        /// What we were waiting for.
        expected: &'static str,
    },
    /// The engine did not send `expected` in time.
    Timeout {
        /// What we were waiting for.
        expected: &'static str,
        /// How long we waited, in milliseconds.
        waited_ms: u64,
    },
    /// The `bestmove` line could not be read as an ICCS move.
    BadBestMove(String),
    /// The engine broke the protocol: a line over [`MAX_LINE`] bytes, or more than
    /// [`MAX_LINES_PER_WAIT`] lines without the expected answer.
    Protocol(String),
}

impl fmt::Display for UciError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciError::Spawn(path, e) => write!(f, "cannot start engine {path:?}: {e}"),
            UciError::Write(e) => write!(f, "cannot write to the engine: {e}"),
            UciError::Exited { expected } => {
                write!(f, "the engine exited while we waited for `{expected}`")
            }
            UciError::Timeout {
                expected,
                waited_ms,
            } => write!(f, "no `{expected}` from the engine within {waited_ms} ms"),
            UciError::BadBestMove(line) => write!(f, "unreadable reply {line:?}"),
            UciError::Protocol(what) => write!(f, "protocol error: {what}"),
        }
    }
}

impl std::error::Error for UciError {}

/// A running external UCI engine.
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
    name: Option<String>,
}

impl UciEngine {
    /// Starts `path` with `args`, sends `uci` and waits for `uciok`, then `isready` /
    /// `readyok`.
    ///
    /// # Errors
    /// [`UciError`] if the process cannot start or does not complete the handshake within
    /// [`HANDSHAKE_TIMEOUT_MS`].
    pub fn start(path: &str, args: &[String]) -> Result<UciEngine, UciError> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| UciError::Spawn(path.to_string(), e))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(UciError::Exited { expected: "uciok" });
        };
        let (tx, lines) = mpsc::sync_channel::<Incoming>(QUEUE_LINES);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                // Never hold more than MAX_LINE + 1 bytes of one line.
                let limit = MAX_LINE as u64 + 1;
                match (&mut reader).take(limit).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if buf.len() > MAX_LINE => {
                        let _ = tx.send(Err(()));
                        break;
                    }
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim().to_string();
                        if tx.send(Ok(line)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            name: None,
        };
        engine.send("uci")?;
        let deadline = Duration::from_millis(HANDSHAKE_TIMEOUT_MS);
        let mut name = None;
        engine.wait_for("uciok", deadline, |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            line == "uciok"
        })?;
        engine.name = name;
        engine.sync()?;
        Ok(engine)
    }

    /// Returns the name the engine gave in `id name`, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`UciError::Write`] if the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(UciError::Write)
    }

    /// Sends `isready` and waits for `readyok`.
    ///
    /// # Errors
    /// [`UciError`] if the engine does not answer within [`HANDSHAKE_TIMEOUT_MS`].
    pub fn sync(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        self.wait_for(
            "readyok",
            Duration::from_millis(HANDSHAKE_TIMEOUT_MS),
            |l| l == "readyok",
        )
        .map(|_| ())
    }

    /// Sends `setoption name <name> value <value>`.
    ///
    /// # Errors
    /// [`UciError::Write`] if the engine's input is closed.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// Sends `ucinewgame` and waits until the engine is ready.
    ///
    /// # Errors
    /// [`UciError`] as [`UciEngine::sync`].
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame")?;
        self.sync()
    }

    /// Sends the game (`position fen <start> moves …`) and `go <go_args>`, and waits up to
    /// `timeout` for `bestmove`. Returns `None` for `bestmove (none)` or `0000` (the engine
    /// sees no move).
    ///
    /// # Errors
    /// [`UciError`] if the engine exits, times out (it is then sent `stop`) or answers with
    /// something that is not an ICCS move. Legality is the caller's to check.
    pub fn go(
        &mut self,
        start: &Position,
        moves: &[Move],
        go_args: &str,
        timeout: Duration,
    ) -> Result<Option<Move>, UciError> {
        let mut line = format!("position fen {}", start.fen());
        if !moves.is_empty() {
            line.push_str(" moves");
            for m in moves {
                line.push(' ');
                line.push_str(&m.to_string());
            }
        }
        self.send(&line)?;
        self.send(&format!("go {go_args}"))?;
        let reply = match self.wait_for("bestmove", timeout, |l| {
            l.split_whitespace().next() == Some("bestmove")
        }) {
            Ok(reply) => reply,
            Err(e) => {
                let _ = self.send("stop");
                return Err(e);
            }
        };
        parse_bestmove(&reply)
    }

    /// Reads lines until `done` accepts one (returned) or `timeout` passes.
    fn wait_for(
        &mut self,
        expected: &'static str,
        timeout: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, UciError> {
        let start = Instant::now();
        let timed_out = || UciError::Timeout {
            expected,
            waited_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
        };
        let mut seen = 0usize;
        loop {
            // Checked before every receive: a queued line must not outlive the deadline.
            let elapsed = start.elapsed();
            if elapsed >= timeout {
                return Err(timed_out());
            }
            match self.lines.recv_timeout(timeout - elapsed) {
                Ok(Ok(line)) if done(&line) => return Ok(line),
                Ok(Ok(_)) => {
                    seen += 1;
                    if seen > MAX_LINES_PER_WAIT {
                        return Err(UciError::Protocol(format!(
                            "more than {MAX_LINES_PER_WAIT} lines without `{expected}`"
                        )));
                    }
                }
                Ok(Err(())) => {
                    return Err(UciError::Protocol(format!(
                        "a line longer than {MAX_LINE} bytes"
                    )))
                }
                Err(RecvTimeoutError::Timeout) => return Err(timed_out()),
                Err(RecvTimeoutError::Disconnected) => return Err(UciError::Exited { expected }),
            }
        }
    }
}

/// Reads a `bestmove <move> [ponder <move>]` line: `Ok(None)` for `(none)`, `0000` or
/// `none`.
///
/// # Errors
/// [`UciError::BadBestMove`] when the move is missing or not ICCS.
pub fn parse_bestmove(line: &str) -> Result<Option<Move>, UciError> {
    let mut t = line.split_whitespace();
    if t.next() != Some("bestmove") {
        return Err(UciError::BadBestMove(line.to_string()));
    }
    match t.next() {
        Some("(none)" | "0000" | "none") => Ok(None),
        Some(m) => m
            .parse()
            .map(Some)
            .map_err(|_| UciError::BadBestMove(line.to_string())),
        None => Err(UciError::BadBestMove(line.to_string())),
    }
}

impl Drop for UciEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(200) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bestmove_lines_are_read_strictly() {
        let m: Move = "h2e2".parse().expect("ICCS");
        assert_eq!(parse_bestmove("bestmove h2e2").ok(), Some(Some(m)));
        assert_eq!(
            parse_bestmove("bestmove h2e2 ponder h9g7").ok(),
            Some(Some(m))
        );
        assert_eq!(parse_bestmove("bestmove (none)").ok(), Some(None));
        assert!(parse_bestmove("bestmove").is_err());
        assert!(parse_bestmove("bestmove z9z9").is_err());
        assert!(parse_bestmove("info depth 3").is_err());
    }

    #[test]
    fn a_missing_program_is_an_error() {
        assert!(matches!(
            UciEngine::start("/nonexistent/engine", &[]),
            Err(UciError::Spawn(..))
        ));
    }
}
