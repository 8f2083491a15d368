//! The UCI protocol as Pikafish speaks it: lines parsed into [`Command`], replies printed by
//! [`run`]. Malformed lines are answered with `info string …` (quoting at most 100
//! characters of the input) and otherwise ignored; bytes that are not UTF-8 are replaced,
//! and lines over `MAX_INPUT_LINE` bytes are skipped.
//!
//! Unknown or unreadable parameters of `go` are reported and skipped, and the rest is read
//! (UCI: "ignore it and try to parse the rest of the string"), so every `go` is answered by a
//! `bestmove`. A bare `go` searches until `stop` (like `go infinite`). `go ponder` is not a
//! real ponder search: it searches until `ponderhit` or `stop`, and either ends it with
//! `bestmove`.
//!
//! ```
//! use xiangqi_engine::uci::{run, SharedBuf};
//! let input = "uci\nisready\nposition startpos moves h2e2\ngo depth 3\nquit\n";
//! let out = SharedBuf::default();
//! run(input.as_bytes(), out.clone());
//! let text = out.text();
//! assert!(text.contains("uciok") && text.contains("readyok"));
//! assert!(text.lines().any(|l| l.starts_with("bestmove ")));
//! ```

use crate::clock::{Limits, DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS};
use crate::engine::{DEFAULT_HASH_MIB, MAX_HASH_MIB};
use crate::level::DEFAULT_SEED;
use crate::protocol::{
    clip, count, count32, depth, parse_line, parse_position, time_value, usage, CommandError,
    OptionSetting, Out, PositionSetup, ECHO_CHARS,
};
use crate::search::{Info, Score, MAX_THREADS};
use crate::session::{Dialect, EngineOption, Session};
use std::io::{BufRead, Write};
use xiangqi::Move;

pub use crate::session::{ENGINE_AUTHOR, ENGINE_NAME};

/// One UCI command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `ucinewgame`: forget the previous game.
    NewGame,
    /// `setoption name <name> [value <value>]`.
    SetOption(OptionSetting),
    /// `position startpos|fen <FEN> [moves …]`.
    Position(PositionSetup),
    /// `go …`: search under these limits.
    Go(Limits),
    /// `stop`: stop the search and answer `bestmove`.
    Stop,
    /// `ponderhit`: ends a `go ponder` search like `stop` (pondering is not offered as such).
    PonderHit,
    /// `debug on|off`: accepted and ignored.
    Debug,
    /// `quit`: stop and leave the loop.
    Quit,
}

/// Reads one command: its word `cmd` and its arguments `args` (see [`parse_line`]). `go`
/// parameters it cannot read are skipped with a line in `warnings`: UCI asks an engine that
/// "receives an unknown command or token" to "just ignore it and try to parse the rest of
/// the string", so `go sideways depth 3` searches to depth 3 and a `go` with nothing readable
/// left is a bare `go`: it searches until `stop`, and the GUI still gets its `bestmove`.
///
/// # Errors
/// A message naming what is wrong (unknown command, bad FEN or move, `setoption` without a
/// name).
fn command(cmd: &str, args: &[&str], warnings: &mut Vec<String>) -> Result<Command, CommandError> {
    Ok(match cmd {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        "ponderhit" => Command::PonderHit,
        "debug" => Command::Debug,
        "setoption" => parse_setoption(args)?,
        "position" => Command::Position(parse_position(args)?),
        "go" => Command::Go(parse_go(args, warnings)),
        other => return Err(CommandError::UnknownCommand(clip(other, ECHO_CHARS))),
    })
}

fn parse_setoption(args: &[&str]) -> Result<Command, CommandError> {
    if args.first() != Some(&"name") {
        return Err(usage("`setoption` needs `name <name> [value <value>]`"));
    }
    let value_at = args.iter().position(|&t| t == "value");
    let name_end = value_at.unwrap_or(args.len());
    let name = args[1..name_end].join(" ");
    if name.is_empty() {
        return Err(usage("`setoption` needs an option name"));
    }
    let value = value_at.map(|i| args[i + 1..].join(" "));
    Ok(Command::SetOption(OptionSetting { name, value }))
}

/// Parses the arguments of `go`, pushing a warning for each token it ignores. Numbers
/// saturate instead of overflowing; depths are clamped to
/// [`MAX_DEPTH`](crate::protocol::MAX_DEPTH); a negative time reads as 0 (silently for a
/// clock in overtime, `wtime -5`; with a warning for `movetime`). An unknown token is
/// skipped with what follows it up to the next keyword; a known keyword whose value is
/// unreadable is skipped with that value, and one whose value is missing (the next token is
/// a keyword) alone. A bare `go`, `go ponder`, and a `go` in which nothing could be read
/// search until stopped.
/// `searchmoves` and its moves are skipped (the whole position is searched).
fn parse_go(args: &[&str], warnings: &mut Vec<String>) -> Limits {
    let mut limits = Limits::default();
    let mut read_any = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        // A keyword where a value should be means the value is missing.
        let val = args.get(i + 1).filter(|v| !GO_KEYWORDS.contains(*v));
        let read = match key {
            "infinite" | "ponder" => {
                limits.infinite = true;
                read_any = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                // Not supported: the moves listed are skipped and the whole position is
                // searched, so a GUI still gets its `bestmove`.
                warnings.push("`go searchmoves`: not supported; every move is searched".into());
                i += 1;
                while args.get(i).is_some_and(|a| a.parse::<Move>().is_ok()) {
                    i += 1;
                }
                continue;
            }
            _ if GO_KEYWORDS.contains(&key) => read_go_value(key, val, &mut limits, warnings),
            _ => {
                // An unknown parameter and whatever follows it up to the next keyword.
                let end = (i + 1..args.len())
                    .find(|&j| GO_KEYWORDS.contains(&args[j]))
                    .unwrap_or(args.len());
                let skipped = args[i..end].join(" ");
                warnings.push(format!(
                    "`go`: unknown parameter `{}` ignored",
                    clip(&skipped, ECHO_CHARS)
                ));
                i = end;
                continue;
            }
        };
        match read {
            Ok(()) => {
                read_any = true;
                i += 2;
            }
            Err(e) => {
                // The keyword goes, and its value with it unless that is the next keyword.
                warnings.push(format!("{e}; ignored"));
                i += if val.is_some() { 2 } else { 1 };
            }
        }
    }
    if !read_any {
        limits.infinite = true;
    }
    limits
}

/// The keywords of `go`: a token among them is never read as another keyword's value.
const GO_KEYWORDS: [&str; 12] = [
    "infinite",
    "ponder",
    "searchmoves",
    "depth",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "mate",
];

/// Reads `val`, the value of `go` parameter `key` (one that takes a value), into `limits`;
/// a negative `movetime` is read as 0 with a warning.
///
/// # Errors
/// A value that is missing or unreadable, in words.
fn read_go_value(
    key: &str,
    val: Option<&&str>,
    limits: &mut Limits,
    warnings: &mut Vec<String>,
) -> Result<(), CommandError> {
    match key {
        "depth" => depth(key, val).map(|d| limits.depth = Some(d)),
        "nodes" => count(key, val).map(|n| limits.nodes = Some(n)),
        "movetime" => time_value(key, val).map(|t| {
            if let Some(v) = val.filter(|v| v.starts_with('-')) {
                warnings.push(format!(
                    "`movetime` {} is negative: read as 0",
                    clip(v, ECHO_CHARS)
                ));
            }
            limits.movetime = Some(t);
        }),
        "wtime" => time_value(key, val).map(|t| limits.wtime = Some(t)),
        "btime" => time_value(key, val).map(|t| limits.btime = Some(t)),
        "winc" => time_value(key, val).map(|t| limits.winc = Some(t)),
        "binc" => time_value(key, val).map(|t| limits.binc = Some(t)),
        "movestogo" => count32(key, val).map(|n| limits.movestogo = Some(n)),
        "mate" => count32(key, val).map(|n| {
            let plies = n.max(1).saturating_mul(2) - 1;
            limits.depth = Some(plies.min(crate::protocol::MAX_DEPTH));
        }),
        _ => Err(CommandError::TakesNoValue(key.to_string())),
    }
}

/// Formats an [`Info`] as a UCI `info` line.
pub fn info_line(i: &Info) -> String {
    let score = match i.score {
        Score::Cp(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} seldepth {} multipv 1 score {score} nodes {} nps {} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms,
        pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// UCI's part of a [`Session`]: its commands, its option names, and its problems told as
/// `info string` lines.
struct Uci;

impl Dialect for Uci {
    type Command = Command;
    const NO_MOVE: &'static str = "bestmove (none)";
    const MILLISECONDS: &'static str = "ms";

    fn parse(line: &str) -> Result<(Option<Command>, Vec<String>), CommandError> {
        parse_line(line, command)
    }

    fn report<W: Write + Send + 'static>(&mut self, out: &Out<W>, msg: &str) {
        out.say(&format!("info string {msg}"));
    }

    fn info_line(i: &Info) -> String {
        info_line(i)
    }

    fn handle<W: Write + Send + 'static>(s: &mut Session<W, Uci>, cmd: Command) -> bool {
        match cmd {
            Command::Uci => s.introduce(&option_lines(), "uciok"),
            Command::IsReady => s.out.say("readyok"),
            Command::NewGame => s.engine.new_game(),
            Command::SetOption(OptionSetting { name, value }) => match option(&name) {
                Some((option, canonical)) => s.set(option, canonical, value.as_deref()),
                None => s.report(&format!("unknown option `{}`", clip(&name, ECHO_CHARS))),
            },
            Command::Position(setup) => s.position(setup),
            Command::Go(limits) => s.go(limits),
            // `go ponder` searched until now: `ponderhit` answers with its best move.
            Command::Stop | Command::PonderHit => s.stop(),
            Command::Debug => {}
            Command::Quit => return false,
        }
        true
    }
}

/// The `option` lines `uci` lists.
fn option_lines() -> [String; 8] {
    [
        format!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}"),
        format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}"),
        format!(
            "option name Move Overhead type spin default {DEFAULT_MOVE_OVERHEAD_MS} min 0 max {MAX_MOVE_OVERHEAD_MS}"
        ),
        "option name Level type spin default 5 min 1 max 5".to_string(),
        format!(
            "option name Seed type spin default {} min 0 max 2147483647",
            DEFAULT_SEED & 0x7fff_ffff
        ),
        "option name Clear Hash type button".to_string(),
        format!(
            "option name Use NNUE type check default {}",
            crate::nnue::ON_BY_DEFAULT
        ),
        format!(
            "option name EvalFile type string default {}",
            crate::nnue::EMBEDDED_NAME
        ),
    ]
}

/// Reads a UCI option name (any case): what it sets, and its name as `uci` lists it.
fn option(name: &str) -> Option<(EngineOption, &'static str)> {
    Some(match name.to_ascii_lowercase().as_str() {
        "hash" => (EngineOption::Hash, "Hash"),
        "threads" => (EngineOption::Threads, "Threads"),
        "move overhead" => (EngineOption::MoveOverhead, "Move Overhead"),
        "level" => (EngineOption::Level, "Level"),
        "seed" => (EngineOption::Seed, "Seed"),
        "clear hash" => (EngineOption::NewGame, "Clear Hash"),
        "use nnue" => (EngineOption::UseNnue, "Use NNUE"),
        "evalfile" => (EngineOption::EvalFile, "EvalFile"),
        _ => return None,
    })
}

/// Runs the UCI loop: reads commands from `input` until `quit` or end of input, writes
/// replies to `output`. Searches run on a worker thread, so `isready` and `stop` are
/// answered while searching. `quit` stops the search; at end of input a bounded search is
/// finished (an infinite one stopped). Returns after the last `bestmove` is printed.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    Session::new(output, Uci, DEFAULT_SEED & 0x7fff_ffff).run(input);
}

/// A cloneable in-memory writer for driving a protocol loop from tests or another thread:
/// every clone appends to the same buffer.
#[derive(Clone, Default)]
pub struct SharedBuf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl SharedBuf {
    /// Returns everything written so far, as text (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        let v = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        String::from_utf8_lossy(&v).into_owned()
    }
}

impl Write for SharedBuf {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut v = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        v.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line read as the session reads it, without its warnings.
    fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        parse_line(line, command).map(|(c, _)| c)
    }

    fn go(args: &str) -> (Limits, Vec<String>) {
        let mut warnings = Vec::new();
        let tokens: Vec<&str> = args.split_whitespace().collect();
        (parse_go(&tokens, &mut warnings), warnings)
    }

    #[test]
    fn searchmoves_is_skipped_and_the_search_still_answers() {
        let (l, w) = go("depth 3 searchmoves h2e2 b0c2");
        assert_eq!(l, Limits::depth(3));
        assert_eq!(
            w,
            ["`go searchmoves`: not supported; every move is searched"]
        );
    }

    #[test]
    fn parses_go_parameters() {
        let Some(Command::Go(l)) =
            parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5").unwrap()
        else {
            panic!("not go")
        };
        assert_eq!(
            (l.wtime, l.btime, l.winc, l.binc, l.movestogo),
            (Some(1000), Some(2000), Some(10), Some(20), Some(5))
        );
        assert!(!l.infinite);
        assert_eq!(go("mate 3").0, Limits::depth(5));
        assert_eq!(go("").0, Limits::infinite());
        assert_eq!(go("ponder").0, Limits::infinite());
        assert_eq!(parse("   ").unwrap(), None);
    }

    #[test]
    fn unknown_go_tokens_are_skipped_and_the_rest_is_read() {
        // UCI: "ignore it and try to parse the rest of the string".
        let (l, w) = go("sideways 3 depth 4");
        assert_eq!(l, Limits::depth(4));
        assert_eq!(w, ["`go`: unknown parameter `sideways 3` ignored"]);
        let (l, w) = go("depth x movetime 50");
        assert_eq!(l, Limits::movetime(50));
        assert_eq!(w, ["`depth` needs a non-negative number, not `x`; ignored"]);
        let (l, w) = go("nodes movetime 50");
        assert_eq!(l, Limits::movetime(50));
        assert_eq!(w, ["`nodes` needs a value; ignored"]);
        // A negative move time is read like a clock in overtime: answer at once.
        assert_eq!(
            go("movetime -1"),
            (
                Limits::movetime(0),
                vec!["`movetime` -1 is negative: read as 0".to_string()]
            )
        );
        // Nothing readable left: a bare `go`, searched until `stop`.
        let (l, w) = go("foo");
        assert_eq!(l, Limits::infinite());
        assert_eq!(w.len(), 1);
        let (l, w) = go("depth -1");
        assert_eq!(l, Limits::infinite());
        assert_eq!(w.len(), 1);
    }

    #[test]
    fn parses_setoption_with_spaces() {
        assert_eq!(
            parse("setoption name Clear Hash").unwrap(),
            Some(Command::SetOption(OptionSetting {
                name: "Clear Hash".into(),
                value: None
            }))
        );
        assert_eq!(
            parse("setoption name Hash value 64").unwrap(),
            Some(Command::SetOption(OptionSetting {
                name: "Hash".into(),
                value: Some("64".into())
            }))
        );
    }
}
