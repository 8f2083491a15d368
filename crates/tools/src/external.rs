//! Clients for external engine processes, in three dialects ([`Protocol`]):
//!
//! - **UCI** as Pikafish and our own `xiangqi uci` speak it: `uci`/`uciok`, `setoption name
//!   … value …`, `ucinewgame`, `position startpos|fen … moves …`, `go movetime|wtime …|depth
//!   …`, `bestmove`. Moves are ICCS (`h2e2`, ranks 0–9).
//! - **Fairy-Stockfish's Xiangqi dialect** of UCI: the same commands after `setoption name
//!   UCI_Variant value xiangqi`, but moves count ranks 1–10 (`h3e3` is our `h2e2`, `b10c8` our
//!   `b9c7`); [`Protocol::write_move`] and [`Protocol::read_move`] translate both ways. Its
//!   FENs are ours (`w`/`b`, the same letters), so positions need no translation. A UCI
//!   engine whose `id name` contains `Fairy-Stockfish` is switched to this dialect, unless
//!   it was started with [`ExternalEngine::start_as`], which speaks the dialect it is given.
//! - **UCCI** as ElephantEye and `xiangqi ucci` speak it: `ucci`/`ucciok`, `setoption <name>
//!   <value>`, `position fen … moves …`, `go depth D | nodes N | time T increment I`, `stop`,
//!   `bestmove`/`nobestmove`. Times are sent in milliseconds (ElephantEye 3 reads them so); an
//!   engine that offers the `usemillisec` option is first told `setoption usemillisec true`.
//!   UCCI has no move time: a fixed time per move is `go depth 32` followed by `stop` when the
//!   time is up.
//!
//! Everything the engine prints is untrusted input: lines are read by a separate thread and
//! handed over through a bounded channel (a flooding engine is blocked, not buffered), every
//! wait has a deadline that holds however many lines arrive, a line longer than
//! [`MAX_LINE`] bytes or a flood of unrelated lines is a protocol error, unknown lines are
//! skipped, and a best move that cannot be read is an error, not a panic. Dropping the client
//! sends `quit` and kills the process if it has not left within 200 ms.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::str::FromStr;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use xiangqi::{Color, Move, Position, Square};
use xiangqi_engine::clock::Limits;

/// How long the engine may take to answer `uci`/`ucci` and `isready`, in milliseconds.
pub const HANDSHAKE_TIMEOUT_MS: u64 = 10_000;

/// The longest line accepted from the engine, in bytes; a longer one is a protocol error.
pub const MAX_LINE: usize = 64 * 1024;

/// How many lines may wait in the channel between the reader thread and the client; beyond
/// that the reader (and so the engine, once its pipe is full) blocks.
const QUEUE_LINES: usize = 1024;

/// How many lines the engine may send while we wait for one answer before it counts as
/// flooding (a real engine sends a few `info` lines per iteration).
pub const MAX_LINES_PER_WAIT: usize = 100_000;

/// The depth a UCCI engine is asked to search when it is given a fixed time per move (it is
/// sent `stop` when the time is up); ElephantEye's own limit.
pub const UCCI_TIMED_DEPTH: u32 = 32;

/// The depth asked for when no limit is given at all.
const UNLIMITED_DEPTH: u32 = 64;

/// What the reader thread hands over: a line, or the news that a line was too long.
type Incoming = Result<String, ()>;

/// The dialect an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI with ICCS moves (ranks 0–9).
    Uci,
    /// Fairy-Stockfish's UCI with `UCI_Variant xiangqi` and ranks 1–10.
    FairyStockfish,
    /// UCCI (ElephantEye's protocol).
    Ucci,
}

impl Protocol {
    /// Returns the player-spec prefix of the dialect: `uci`, `fsf` or `ucci`.
    pub const fn prefix(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::FairyStockfish => "fsf",
            Protocol::Ucci => "ucci",
        }
    }

    /// Returns the options the client sets itself in this dialect, which a match may not
    /// override: `UCI_Variant` and `Protocol` for Fairy-Stockfish (another value plays
    /// another game or speaks USI/UCCI), `usemillisec` for UCCI (false would have clock
    /// times read as seconds).
    pub const fn owned_options(self) -> &'static [&'static str] {
        match self {
            Protocol::Uci => &[],
            Protocol::FairyStockfish => &["UCI_Variant", "Protocol"],
            Protocol::Ucci => &["usemillisec"],
        }
    }

    /// Writes `m` as this dialect writes moves: ICCS (`h2e2`) for UCI and UCCI, ranks 1–10
    /// (`h3e3`, `a10a9`) for Fairy-Stockfish.
    pub fn write_move(self, m: Move) -> String {
        match self {
            Protocol::Uci | Protocol::Ucci => m.to_string(),
            Protocol::FairyStockfish => {
                let point = |s: Square| format!("{}{}", (b'a' + s.file()) as char, s.rank() + 1);
                format!("{}{}", point(m.from), point(m.to))
            }
        }
    }

    /// Reads a move written in this dialect (see [`Protocol::write_move`]); `None` when the
    /// text is not two points on the board.
    pub fn read_move(self, text: &str) -> Option<Move> {
        match self {
            Protocol::Uci | Protocol::Ucci => text.parse().ok(),
            Protocol::FairyStockfish => {
                let (from, rest) = read_fsf_point(text.as_bytes())?;
                let (to, rest) = read_fsf_point(rest)?;
                rest.is_empty().then(|| Move::new(from, to))
            }
        }
    }

    /// Reads a `bestmove <move> [ponder <move>]` line (or UCCI's `nobestmove`): `Ok(None)`
    /// when the engine has no move (`nobestmove`, `bestmove (none)`, `0000` or `none`).
    ///
    /// # Errors
    /// [`ClientError::BadBestMove`] when the line is not a best move or the move cannot be
    /// read in this dialect.
    pub fn parse_bestmove(self, line: &str) -> Result<Option<Move>, ClientError> {
        let bad = || ClientError::BadBestMove(clip(line));
        let mut t = line.split_whitespace();
        match t.next() {
            Some("nobestmove") if self == Protocol::Ucci => return Ok(None),
            Some("bestmove") => {}
            _ => return Err(bad()),
        }
        match t.next() {
            Some("(none)" | "0000" | "none") => Ok(None),
            Some(m) => self.read_move(m).map(Some).ok_or_else(bad),
            None => Err(bad()),
        }
    }

    /// Formats the `go` command for `limits` with `side` to move, and returns with it the
    /// time after which the engine must be sent `stop` (a UCCI engine given a move time).
    ///
    /// UCI: `go [depth D] [nodes N] [movetime T] [wtime … btime … winc … binc …]`, or `go
    /// depth 64` with no limit. UCCI: `go depth D`, `go nodes N`, `go time T increment I`
    /// with the mover's own clock and increment in milliseconds, or for a move time `go depth`
    /// [`UCCI_TIMED_DEPTH`] with a stop after it.
    pub fn go_command(self, limits: &Limits, side: Color) -> (String, Option<Duration>) {
        if self != Protocol::Ucci {
            let mut parts = vec!["go".to_string()];
            let mut put = |k: &str, v: Option<u64>| {
                if let Some(v) = v {
                    parts.push(format!("{k} {v}"));
                }
            };
            put("depth", limits.depth.map(u64::from));
            put("nodes", limits.nodes);
            put("movetime", limits.movetime);
            put("wtime", limits.wtime);
            put("btime", limits.btime);
            put("winc", limits.winc);
            put("binc", limits.binc);
            put("movestogo", limits.movestogo.map(u64::from));
            if parts.len() == 1 {
                parts.push(format!("depth {UNLIMITED_DEPTH}"));
            }
            return (parts.join(" "), None);
        }
        let (time, inc) = match side {
            Color::Red => (limits.wtime, limits.winc),
            Color::Black => (limits.btime, limits.binc),
        };
        if let Some(ms) = limits.movetime {
            (
                format!("go depth {UCCI_TIMED_DEPTH}"),
                Some(Duration::from_millis(ms)),
            )
        } else if let Some(t) = time {
            // Always with an increment: without one ElephantEye reads the time as the whole
            // budget of one move (`movestogo 1`).
            let mut go = format!("go time {t} increment {}", inc.unwrap_or(0));
            if let Some(m) = limits.movestogo {
                go = format!("go time {t} movestogo {m}");
            }
            (go, None)
        } else if let Some(d) = limits.depth {
            (format!("go depth {d}"), None)
        } else if let Some(n) = limits.nodes {
            (format!("go nodes {n}"), None)
        } else {
            (format!("go depth {UNLIMITED_DEPTH}"), None)
        }
    }
}

impl fmt::Display for Protocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Protocol::Uci => "UCI",
            Protocol::FairyStockfish => "Fairy-Stockfish UCI",
            Protocol::Ucci => "UCCI",
        })
    }
}

/// A dialect name that could not be read (see [`Protocol`]'s `FromStr`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadProtocol(pub String);

impl fmt::Display for BadProtocol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad protocol {:?}: expected `uci`, `fsf` or `ucci`",
            clip(&self.0)
        )
    }
}

impl std::error::Error for BadProtocol {}

impl FromStr for Protocol {
    type Err = BadProtocol;

    /// Reads a dialect by its player-spec prefix ([`Protocol::prefix`]): `uci`, `fsf` or
    /// `ucci`, in any case.
    fn from_str(s: &str) -> Result<Protocol, BadProtocol> {
        [Protocol::Uci, Protocol::FairyStockfish, Protocol::Ucci]
            .into_iter()
            .find(|p| p.prefix().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| BadProtocol(s.to_string()))
    }
}

/// Reads one Fairy-Stockfish point (`a1` … `i10`) from the front of `s`.
fn read_fsf_point(s: &[u8]) -> Option<(Square, &[u8])> {
    let (&file, rest) = s.split_first()?;
    let file = file.checked_sub(b'a').filter(|f| *f < 9)?;
    let digits = rest
        .iter()
        .take(2)
        .take_while(|b| b.is_ascii_digit())
        .count();
    let rank: u8 = std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()?;
    let square = Square::new(file, rank.checked_sub(1)?)?;
    Some((square, &rest[digits..]))
}

/// Returns at most 100 characters of an engine's line, for error messages.
fn clip(line: &str) -> String {
    match line.char_indices().nth(100) {
        Some((i, _)) => format!("{}…", &line[..i]),
        None => line.to_string(),
    }
}

/// An option to send to an engine, written `NAME=VALUE` on the command line (`Hash=64`,
/// `Move Overhead=20`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The option's name as the engine lists it (matched without regard to case).
    pub name: String,
    /// Its value (may be empty, for a button).
    pub value: String,
}

/// An option that could not be read: not `NAME=VALUE`, an empty name, or a line break or
/// other control character in it (it would smuggle another command to the engine).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadOption(pub String);

impl fmt::Display for BadOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad engine option {:?}: expected NAME=VALUE (a name, no control characters)",
            clip(&self.0)
        )
    }
}

impl std::error::Error for BadOption {}

impl FromStr for EngineOption {
    type Err = BadOption;

    /// Reads `NAME=VALUE`; white space around the name and the value is dropped.
    fn from_str(s: &str) -> Result<EngineOption, BadOption> {
        let bad = || BadOption(s.to_string());
        let (name, value) = s.split_once('=').ok_or_else(bad)?;
        let (name, value) = (name.trim(), value.trim());
        if name.is_empty() || s.chars().any(char::is_control) {
            return Err(bad());
        }
        Ok(EngineOption {
            name: name.to_string(),
            value: value.to_string(),
        })
    }
}

impl fmt::Display for EngineOption {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}={}", self.name, self.value)
    }
}

/// What went wrong talking to an external engine.
#[derive(Debug)]
pub enum ClientError {
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
    /// The best-move line could not be read (at most 100 characters of it are kept).
    BadBestMove(String),
    /// The engine broke the protocol: a line over [`MAX_LINE`] bytes, or more than
    /// [`MAX_LINES_PER_WAIT`] lines without the expected answer.
    Protocol(String),
    /// An option was asked for that the engine does not list.
    UnknownOption {
        /// The option asked for.
        name: String,
        /// The options the engine listed.
        offered: Vec<String>,
    },
    /// An option the client sets itself to speak the engine's dialect (Fairy-Stockfish's
    /// `UCI_Variant` and `Protocol`, UCCI's `usemillisec`): another value would have the
    /// engine play another game, write other moves or read times in other units.
    OwnedOption {
        /// The option, as [`Protocol::owned_options`] spells it.
        name: String,
        /// The dialect that owns it.
        protocol: Protocol,
    },
    /// A value the engine's own `option` line rules out (a spin out of its range, a check
    /// that is not `true`/`false`, a combo value not among its `var`s).
    BadOptionValue {
        /// The option, as the engine lists it.
        name: String,
        /// The value asked for (at most 100 characters kept).
        value: String,
        /// What the engine takes; its text says it in words (`a whole number from 500 to
        /// 2850`, `true or false`, `one of: chess, xiangqi`).
        allowed: OptionValueError,
    },
}

impl fmt::Display for ClientError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClientError::Spawn(path, e) => write!(f, "cannot start engine {path:?}: {e}"),
            ClientError::Write(e) => write!(f, "cannot write to the engine: {e}"),
            ClientError::Exited { expected } => {
                write!(f, "the engine exited while we waited for `{expected}`")
            }
            ClientError::Timeout {
                expected,
                waited_ms,
            } => write!(f, "no `{expected}` from the engine within {waited_ms} ms"),
            ClientError::BadBestMove(line) => write!(f, "unreadable reply {line:?}"),
            ClientError::Protocol(what) => write!(f, "protocol error: {what}"),
            ClientError::UnknownOption { name, offered } if offered.is_empty() => {
                write!(f, "the engine has no option {name:?} (it lists none)")
            }
            ClientError::UnknownOption { name, offered } => write!(
                f,
                "the engine has no option {name:?}; it lists: {}",
                offered.join(", ")
            ),
            ClientError::OwnedOption { name, protocol } => write!(
                f,
                "option {name} is set by the match to speak {protocol}; it cannot be given"
            ),
            ClientError::BadOptionValue {
                name,
                value,
                allowed,
            } => write!(f, "option {name}={value}: the engine takes {allowed}"),
        }
    }
}

impl std::error::Error for ClientError {}

/// Reads `stdout` line by line on a thread of its own: each line trimmed, or `Err(())` for a
/// line over [`MAX_LINE`] bytes (then the reading stops); the channel closes when the engine
/// does. At most [`QUEUE_LINES`] lines wait unread.
fn read_lines(stdout: ChildStdout) -> Receiver<Incoming> {
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
    lines
}

/// A running external engine.
pub struct ExternalEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Incoming>,
    name: Option<String>,
    protocol: Protocol,
    offered: Vec<OfferedOption>,
}

impl ExternalEngine {
    /// Starts `path` with `args` and completes the handshake in `protocol`: `uci`/`uciok`
    /// (switching to [`Protocol::FairyStockfish`] when the `id name` says Fairy-Stockfish,
    /// and then sending `UCI_Variant xiangqi`) or `ucci`/`ucciok` (then `usemillisec true`
    /// when offered); then sends each of `options` and waits for `isready`/`readyok`.
    ///
    /// # Errors
    /// [`ClientError`] if the process cannot start, does not complete the handshake within
    /// [`HANDSHAKE_TIMEOUT_MS`], or does not list one of `options` or, speaking
    /// Fairy-Stockfish's dialect, `UCI_Variant` ([`ClientError::UnknownOption`]); when one of
    /// `options` is one the dialect needs ([`ClientError::OwnedOption`]) or has a value the
    /// engine's `option` line rules out ([`ClientError::BadOptionValue`]).
    pub fn start(
        path: &str,
        args: &[String],
        protocol: Protocol,
        options: &[EngineOption],
    ) -> Result<ExternalEngine, ClientError> {
        ExternalEngine::launch(path, args, protocol, true, options)
    }

    /// Starts `path` with `args` as [`ExternalEngine::start`] does, but speaks `protocol`
    /// whatever the engine's `id name` says: a UCI engine that names itself Fairy-Stockfish
    /// (an adapter, say) is still spoken to in plain UCI.
    ///
    /// # Errors
    /// As [`ExternalEngine::start`].
    pub fn start_as(
        path: &str,
        args: &[String],
        protocol: Protocol,
        options: &[EngineOption],
    ) -> Result<ExternalEngine, ClientError> {
        ExternalEngine::launch(path, args, protocol, false, options)
    }

    /// Starts the engine and completes the handshake; with `detect`, a UCI engine whose `id
    /// name` says Fairy-Stockfish is switched to its dialect.
    fn launch(
        path: &str,
        args: &[String],
        protocol: Protocol,
        detect: bool,
        options: &[EngineOption],
    ) -> Result<ExternalEngine, ClientError> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| ClientError::Spawn(path.to_string(), e))?;
        let hello = if protocol == Protocol::Ucci {
            "ucciok"
        } else {
            "uciok"
        };
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ClientError::Exited { expected: hello });
        };
        let lines = read_lines(stdout);
        let mut engine = ExternalEngine {
            child,
            stdin,
            lines,
            name: None,
            protocol,
            offered: Vec::new(),
        };
        engine.handshake(hello, detect)?;
        for o in options {
            engine.set_option(o)?;
        }
        engine.sync()?;
        Ok(engine)
    }

    /// Sends `uci` or `ucci` and reads the engine's `id name` and `option` lines up to `hello`
    /// (`uciok`, `ucciok`); with `detect`, a UCI engine whose name says Fairy-Stockfish is
    /// switched to its dialect; then sets what the dialect needs (`UCI_Variant xiangqi`,
    /// UCCI's `usemillisec true` when offered).
    ///
    /// # Errors
    /// [`ClientError`] if the handshake fails or times out, or a Fairy-Stockfish engine does
    /// not offer `UCI_Variant`.
    fn handshake(&mut self, hello: &'static str, detect: bool) -> Result<(), ClientError> {
        let protocol = self.protocol;
        self.send(if self.protocol == Protocol::Ucci {
            "ucci"
        } else {
            "uci"
        })?;
        let deadline = Instant::now() + Duration::from_millis(HANDSHAKE_TIMEOUT_MS);
        let (mut name, mut offered) = (None, Vec::new());
        self.wait_for(hello, deadline, |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            } else if let Some(o) = offered_option(protocol, line) {
                offered.push(o);
            }
            line == hello
        })?;
        self.offered = offered;
        if detect
            && protocol == Protocol::Uci
            && name
                .as_deref()
                .is_some_and(|n| n.contains("Fairy-Stockfish"))
        {
            self.protocol = Protocol::FairyStockfish;
        }
        self.name = name;
        match self.protocol {
            // Without the option it would play chess: refuse it before any game.
            Protocol::FairyStockfish if self.offered("UCI_Variant").is_none() => {
                return Err(self.unknown_option("UCI_Variant"));
            }
            Protocol::FairyStockfish => self.send_option("UCI_Variant", "xiangqi")?,
            Protocol::Ucci if self.offered("usemillisec").is_some() => {
                self.send_option("usemillisec", "true")?
            }
            _ => {}
        }
        Ok(())
    }

    /// Sends `option` after checking that the engine offers it, that the match does not own
    /// it, and that its value fits the engine's `option` line.
    ///
    /// # Errors
    /// [`ClientError::OwnedOption`], [`ClientError::UnknownOption`],
    /// [`ClientError::BadOptionValue`], or a failed write.
    fn set_option(&mut self, option: &EngineOption) -> Result<(), ClientError> {
        if let Some(owned) = self
            .protocol
            .owned_options()
            .iter()
            .find(|n| n.eq_ignore_ascii_case(&option.name))
        {
            return Err(ClientError::OwnedOption {
                name: (*owned).to_string(),
                protocol: self.protocol,
            });
        }
        let offered = self
            .offered(&option.name)
            .ok_or_else(|| self.unknown_option(&option.name))?;
        offered
            .kind
            .check(&option.value)
            .map_err(|allowed| ClientError::BadOptionValue {
                name: offered.name.clone(),
                value: clip(&option.value),
                allowed,
            })?;
        self.send_option(&option.name, &option.value)?;
        Ok(())
    }

    /// Returns the name the engine gave in `id name`, if any.
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// Returns the dialect spoken (after detection: a UCI engine may have become
    /// [`Protocol::FairyStockfish`]).
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Returns the options the engine listed in its handshake, in its order.
    pub fn options(&self) -> &[OfferedOption] {
        &self.offered
    }

    /// Returns the option `name` if the engine listed it (matched without regard to case).
    fn offered(&self, name: &str) -> Option<&OfferedOption> {
        self.offered
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The error for an option the engine did not list.
    fn unknown_option(&self, name: &str) -> ClientError {
        ClientError::UnknownOption {
            name: name.to_string(),
            offered: self.offered.iter().map(|o| o.name.clone()).collect(),
        }
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`ClientError::Write`] if the engine's input is closed.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(ClientError::Write)
    }

    /// Sends `setoption name <name> value <value>` (UCI) or `setoption <name> <value>`
    /// (UCCI); an empty value sends the bare name (a button).
    fn send_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        let line = match (self.protocol, value.is_empty()) {
            (Protocol::Ucci, true) => format!("setoption {name}"),
            (Protocol::Ucci, false) => format!("setoption {name} {value}"),
            (_, true) => format!("setoption name {name}"),
            (_, false) => format!("setoption name {name} value {value}"),
        };
        self.send(&line)
    }

    /// Sends `isready` and waits for `readyok`.
    ///
    /// # Errors
    /// [`ClientError`] if the engine does not answer within [`HANDSHAKE_TIMEOUT_MS`].
    pub fn sync(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = Instant::now() + Duration::from_millis(HANDSHAKE_TIMEOUT_MS);
        self.wait_for("readyok", deadline, |l| l == "readyok")
            .map(|_| ())
    }

    /// Prepares for a new game (`ucinewgame`; for UCCI `setoption newgame` when the engine
    /// offers it) and waits until the engine is ready.
    ///
    /// # Errors
    /// [`ClientError`] as [`ExternalEngine::sync`].
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        match self.protocol {
            Protocol::Ucci if self.offered("newgame").is_some() => {
                self.send_option("newgame", "")?
            }
            Protocol::Ucci => {}
            _ => self.send("ucinewgame")?,
        }
        self.sync()
    }

    /// Sends the game (`position startpos|fen <start> moves …`, moves in the engine's
    /// dialect) and the `go` command for `limits` ([`Protocol::go_command`]), and waits up
    /// to `timeout` for the best move (sending `stop` first where the dialect needs it for a
    /// move time). Returns `None` when the engine has no move.
    ///
    /// # Errors
    /// [`ClientError`] if the engine exits, times out (it is then sent `stop`) or answers
    /// with something that is not a move. Legality is the caller's to check.
    pub fn go(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        timeout: Duration,
    ) -> Result<Option<Move>, ClientError> {
        let mut line = if *start == Position::start() {
            "position startpos".to_string()
        } else {
            format!("position fen {}", start.fen())
        };
        if !moves.is_empty() {
            line.push_str(" moves");
            for &m in moves {
                line.push(' ');
                line.push_str(&self.protocol.write_move(m));
            }
        }
        let side = if moves.len() % 2 == 0 {
            start.turn()
        } else {
            start.turn().opponent()
        };
        let (go, stop_after) = self.protocol.go_command(limits, side);
        self.send(&line)?;
        self.send(&go)?;
        let started = Instant::now();
        let protocol = self.protocol;
        let is_answer = |l: &str| {
            let first = l.split_whitespace().next();
            first == Some("bestmove") || (protocol == Protocol::Ucci && first == Some("nobestmove"))
        };
        let end = started + timeout;
        let reply = match stop_after {
            Some(after) => match self.wait_for("bestmove", started + after.min(timeout), is_answer)
            {
                Err(ClientError::Timeout { .. }) => {
                    self.send("stop")?;
                    self.wait_for("bestmove", end, is_answer)
                }
                other => other,
            },
            None => self.wait_for("bestmove", end, is_answer),
        };
        let reply = match reply {
            Ok(reply) => reply,
            Err(e) => {
                let _ = self.send("stop");
                return Err(match e {
                    ClientError::Timeout { expected, .. } => ClientError::Timeout {
                        expected,
                        waited_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
                    },
                    e => e,
                });
            }
        };
        self.protocol.parse_bestmove(&reply)
    }

    /// Reads lines until `done` accepts one (returned) or `deadline` passes.
    fn wait_for(
        &mut self,
        expected: &'static str,
        deadline: Instant,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<String, ClientError> {
        let start = Instant::now();
        let timed_out = || ClientError::Timeout {
            expected,
            waited_ms: u64::try_from(deadline.saturating_duration_since(start).as_millis())
                .unwrap_or(u64::MAX),
        };
        let mut seen = 0usize;
        loop {
            // Checked before every receive: a queued line must not outlive the deadline.
            let now = Instant::now();
            if now >= deadline {
                return Err(timed_out());
            }
            match self.lines.recv_timeout(deadline - now) {
                Ok(Ok(line)) if done(&line) => return Ok(line),
                Ok(Ok(_)) => {
                    seen += 1;
                    if seen > MAX_LINES_PER_WAIT {
                        return Err(ClientError::Protocol(format!(
                            "more than {MAX_LINES_PER_WAIT} lines without `{expected}`"
                        )));
                    }
                }
                Ok(Err(())) => {
                    return Err(ClientError::Protocol(format!(
                        "a line longer than {MAX_LINE} bytes"
                    )))
                }
                Err(RecvTimeoutError::Timeout) => return Err(timed_out()),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ClientError::Exited { expected })
                }
            }
        }
    }
}

/// One option as an engine lists it in its handshake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OfferedOption {
    /// The name as the engine writes it (`Move Overhead`, `hashsize`).
    pub name: String,
    /// Its type and the values it takes.
    pub kind: OptionKind,
}

/// The type of an engine option and the values it takes, from its `option` line (UCI:
/// `type spin default 16 min 1 max 1024`; UCCI writes the same words after the name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A whole number, within `min` and `max` where the engine gives them.
    Spin {
        /// The smallest value, if given.
        min: Option<i64>,
        /// The largest value, if given.
        max: Option<i64>,
    },
    /// `true` or `false`.
    Check,
    /// One of the listed values (matched without regard to case).
    Combo(Vec<String>),
    /// An action: any value is sent as it is.
    Button,
    /// `string`, or a type not listed here: any value goes.
    Other,
}

impl OptionKind {
    /// Checks `value` against the option's type.
    ///
    /// # Errors
    /// [`OptionValueError`]: what the option takes, in words (`a whole number from 1 to
    /// 1024`, `true or false`, `one of: chess, xiangqi`).
    pub fn check(&self, value: &str) -> Result<(), OptionValueError> {
        match self {
            OptionKind::Spin { min, max } => {
                let in_range =
                    |n: i64| min.is_none_or(|lo| n >= lo) && max.is_none_or(|hi| n <= hi);
                if value.parse::<i64>().is_ok_and(in_range) {
                    return Ok(());
                }
                Err(OptionValueError::Spin {
                    min: *min,
                    max: *max,
                })
            }
            OptionKind::Check => match value {
                "true" | "false" => Ok(()),
                _ => Err(OptionValueError::Check),
            },
            OptionKind::Combo(vars) if vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => Ok(()),
            OptionKind::Combo(vars) => Err(OptionValueError::Combo(vars.clone())),
            OptionKind::Button | OptionKind::Other => Ok(()),
        }
    }
}

/// A value an engine's option does not take; its text says what the option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValueError {
    /// A `spin` option: a whole number within its bounds.
    Spin {
        /// The smallest value, when the engine gave one.
        min: Option<i64>,
        /// The largest value, when the engine gave one.
        max: Option<i64>,
    },
    /// A `check` option: `true` or `false`.
    Check,
    /// A `combo` option: one of its values.
    Combo(Vec<String>),
}

impl std::fmt::Display for OptionValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionValueError::Spin {
                min: Some(lo),
                max: Some(hi),
            } => write!(f, "a whole number from {lo} to {hi}"),
            OptionValueError::Spin {
                min: Some(lo),
                max: None,
            } => write!(f, "a whole number from {lo}"),
            OptionValueError::Spin {
                min: None,
                max: Some(hi),
            } => write!(f, "a whole number up to {hi}"),
            OptionValueError::Spin {
                min: None,
                max: None,
            } => f.write_str("a whole number"),
            OptionValueError::Check => f.write_str("true or false"),
            OptionValueError::Combo(vars) => write!(f, "one of: {}", vars.join(", ")),
        }
    }
}

impl std::error::Error for OptionValueError {}

/// Reads an `option …` line of the handshake: `option name <Name> type <type> …` in UCI,
/// `option <name> type <type> …` in UCCI. Returns `None` for any other line or a nameless
/// option. A spin bound that is not a number is left out (the engine will judge the value).
fn offered_option(protocol: Protocol, line: &str) -> Option<OfferedOption> {
    let rest = line.strip_prefix("option ")?;
    let rest = if protocol == Protocol::Ucci {
        rest
    } else {
        rest.trim_start().strip_prefix("name ")?
    };
    let (name, details) = match rest.find(" type ") {
        Some(i) => (&rest[..i], &rest[i + " type ".len()..]),
        None => (rest, ""),
    };
    let name = name.trim();
    if name.is_empty() {
        return None;
    }
    // The words after `type`: the type, then `default`/`min`/`max`/`var`, each followed by
    // its value (which may hold spaces, up to the next of these keywords).
    let words: Vec<&str> = details.split_whitespace().collect();
    let mut fields: Vec<(&str, String)> = Vec::new();
    for &w in words.iter().skip(1) {
        match (w, fields.last_mut()) {
            ("default" | "min" | "max" | "var", _) => fields.push((w, String::new())),
            (_, Some((_, value))) => {
                if !value.is_empty() {
                    value.push(' ');
                }
                value.push_str(w);
            }
            (_, None) => {}
        }
    }
    let bound = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.parse::<i64>().ok())
    };
    let kind = match words.first().copied() {
        Some("spin") => OptionKind::Spin {
            min: bound("min"),
            max: bound("max"),
        },
        Some("check") => OptionKind::Check,
        Some("combo") => OptionKind::Combo(
            fields
                .iter()
                .filter(|(k, _)| *k == "var")
                .map(|(_, v)| v.clone())
                .collect(),
        ),
        Some("button") => OptionKind::Button,
        _ => OptionKind::Other,
    };
    Some(OfferedOption {
        name: name.to_string(),
        kind,
    })
}

impl Drop for ExternalEngine {
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

    fn mv(s: &str) -> Move {
        s.parse().expect("ICCS")
    }

    #[test]
    fn bestmove_lines_are_read_strictly() {
        let uci = Protocol::Uci;
        assert_eq!(
            uci.parse_bestmove("bestmove h2e2").ok(),
            Some(Some(mv("h2e2")))
        );
        assert_eq!(
            uci.parse_bestmove("bestmove h2e2 ponder h9g7").ok(),
            Some(Some(mv("h2e2")))
        );
        assert_eq!(uci.parse_bestmove("bestmove (none)").ok(), Some(None));
        assert!(uci.parse_bestmove("bestmove").is_err());
        assert!(uci.parse_bestmove("bestmove z9z9").is_err());
        assert!(uci.parse_bestmove("info depth 3").is_err());
        assert!(uci.parse_bestmove("nobestmove").is_err());
        assert_eq!(Protocol::Ucci.parse_bestmove("nobestmove").ok(), Some(None));
        assert_eq!(
            Protocol::Ucci.parse_bestmove("bestmove b9c7 draw").ok(),
            Some(Some(mv("b9c7")))
        );
    }

    #[test]
    fn fairy_stockfish_ranks_run_from_one_to_ten() {
        let fsf = Protocol::FairyStockfish;
        assert_eq!(fsf.write_move(mv("h2e2")), "h3e3");
        assert_eq!(fsf.write_move(mv("b9c7")), "b10c8");
        assert_eq!(fsf.write_move(mv("a0a9")), "a1a10");
        assert_eq!(fsf.read_move("h3e3"), Some(mv("h2e2")));
        assert_eq!(fsf.read_move("b10c8"), Some(mv("b9c7")));
        assert_eq!(fsf.read_move("i10i1"), Some(mv("i9i0")));
        for bad in [
            "", "h0e3", "h3e11", "j3e3", "h3e", "h3e3x", "h10", "b100c8", "h3e3 ",
        ] {
            assert_eq!(fsf.read_move(bad), None, "{bad:?}");
        }
        assert_eq!(
            fsf.parse_bestmove("bestmove b10c8 ponder h1g3").ok(),
            Some(Some(mv("b9c7")))
        );
        // Every move survives the round trip.
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(fsf.read_move(&fsf.write_move(m)), Some(m));
            }
        }
    }

    #[test]
    fn go_commands_follow_the_dialect() {
        let clock = Limits {
            wtime: Some(900),
            btime: Some(800),
            winc: Some(10),
            binc: Some(20),
            ..Limits::default()
        };
        let uci = |l: &Limits| Protocol::Uci.go_command(l, Color::Red);
        assert_eq!(
            uci(&Limits::movetime(50)),
            ("go movetime 50".to_string(), None)
        );
        assert_eq!(uci(&Limits::depth(3)).0, "go depth 3");
        assert_eq!(uci(&Limits::default()).0, "go depth 64");
        assert_eq!(uci(&clock).0, "go wtime 900 btime 800 winc 10 binc 20");
        let ucci = |l: &Limits, side| Protocol::Ucci.go_command(l, side);
        assert_eq!(
            ucci(&Limits::movetime(50), Color::Red),
            ("go depth 32".to_string(), Some(Duration::from_millis(50)))
        );
        assert_eq!(ucci(&clock, Color::Red).0, "go time 900 increment 10");
        assert_eq!(ucci(&clock, Color::Black).0, "go time 800 increment 20");
        assert_eq!(ucci(&Limits::depth(5), Color::Red).0, "go depth 5");
        assert_eq!(ucci(&Limits::nodes(1000), Color::Red).0, "go nodes 1000");
    }

    #[test]
    fn options_read_as_name_equals_value() {
        let o: EngineOption = "Move Overhead = 20".parse().expect("option");
        assert_eq!(
            o,
            EngineOption {
                name: "Move Overhead".to_string(),
                value: "20".to_string()
            }
        );
        assert_eq!(o.to_string(), "Move Overhead=20");
        let button: EngineOption = "Clear Hash=".parse().expect("button");
        assert_eq!(button.value, "");
        for bad in ["Hash", "=64", " =1", "Hash=64\nquit", "Ha\rsh=1"] {
            assert!(bad.parse::<EngineOption>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn handshake_option_lines_give_names_and_kinds() {
        let o = offered_option(
            Protocol::Uci,
            "option name Move Overhead type spin default 10 min 0 max 5000",
        )
        .unwrap();
        assert_eq!(o.name, "Move Overhead");
        assert_eq!(
            o.kind,
            OptionKind::Spin {
                min: Some(0),
                max: Some(5000)
            }
        );
        let o = offered_option(
            Protocol::Ucci,
            "option usemillisec type check default false",
        );
        assert_eq!(
            o,
            Some(OfferedOption {
                name: "usemillisec".to_string(),
                kind: OptionKind::Check
            })
        );
        // Fairy-Stockfish lists its variants as a combo; UCCI puts the default last.
        let o = offered_option(
            Protocol::Uci,
            "option name UCI_Variant type combo default chess var chess var xiangqi var janggi",
        )
        .unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Combo(vec!["chess".into(), "xiangqi".into(), "janggi".into()])
        );
        let o = offered_option(
            Protocol::Ucci,
            "option idle type combo var none var small var large default none",
        )
        .unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Combo(vec!["none".into(), "small".into(), "large".into()])
        );
        let o = offered_option(Protocol::Uci, "option name Clear Hash type button").unwrap();
        assert_eq!(
            (o.name.as_str(), o.kind),
            ("Clear Hash", OptionKind::Button)
        );
        let o = offered_option(
            Protocol::Uci,
            "option name EvalFile type string default <empty>",
        );
        assert_eq!(o.unwrap().kind, OptionKind::Other);
        assert_eq!(offered_option(Protocol::Uci, "id name x"), None);
        assert_eq!(
            offered_option(Protocol::Uci, "option name  type spin"),
            None
        );
    }

    #[test]
    fn option_values_are_checked_against_the_kind() {
        let elo = OptionKind::Spin {
            min: Some(500),
            max: Some(2850),
        };
        assert_eq!(elo.check("1350"), Ok(()));
        assert_eq!(elo.check("2850"), Ok(()));
        for bad in ["3000", "499", "abc", "", "1e3"] {
            assert_eq!(
                elo.check(bad).map_err(|e| e.to_string()),
                Err("a whole number from 500 to 2850".to_string()),
                "{bad:?}"
            );
        }
        assert!(OptionKind::Check.check("true").is_ok());
        assert_eq!(
            OptionKind::Check.check("yes").map_err(|e| e.to_string()),
            Err("true or false".to_string())
        );
        let variant = OptionKind::Combo(vec!["chess".into(), "xiangqi".into()]);
        assert!(variant.check("Xiangqi").is_ok());
        assert_eq!(
            variant.check("shogi").map_err(|e| e.to_string()),
            Err("one of: chess, xiangqi".to_string())
        );
        assert!(OptionKind::Other.check("anything at all").is_ok());
        assert!(OptionKind::Button.check("").is_ok());
    }

    #[test]
    fn protocols_read_by_their_prefix() {
        for p in [Protocol::Uci, Protocol::FairyStockfish, Protocol::Ucci] {
            assert_eq!(p.prefix().parse::<Protocol>(), Ok(p));
        }
        assert_eq!(" FSF ".parse::<Protocol>(), Ok(Protocol::FairyStockfish));
        assert_eq!(
            "usi".parse::<Protocol>().map_err(|e| e.to_string()),
            Err("bad protocol \"usi\": expected `uci`, `fsf` or `ucci`".to_string())
        );
        assert!("".parse::<Protocol>().is_err());
    }

    #[test]
    fn a_missing_program_is_an_error() {
        assert!(matches!(
            ExternalEngine::start("/nonexistent/engine", &[], Protocol::Uci, &[]),
            Err(ClientError::Spawn(..))
        ));
    }
}
