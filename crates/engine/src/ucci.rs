//! The UCCI protocol as ElephantEye speaks it: `ucci`/`ucciok`, `setoption <name> <value>`,
//! `position fen … moves …`, `banmoves …`, `go [ponder|draw] depth D | nodes N | time T
//! [movestogo M | increment I] [opptime …]`, `stop`, `quit`/`bye`, and replies `bestmove`
//! or `nobestmove`. Times are in seconds unless `setoption usemillisec true` was sent, as in
//! UCCI 3.0. Malformed lines are reported on the error stream passed to [`run_with_errors`]
//! (standard error for [`run`]) and otherwise ignored; so are parameters of `go` that its
//! mode does not take (the search still runs). A `go` that cannot be read at all is answered
//! `nobestmove`, so a GUI waiting on it is not left waiting. Numbers saturate instead of
//! overflowing, bytes that are not UTF-8 are replaced, and over-long lines are skipped.
//!
//! ```
//! use xiangqi_engine::ucci::run;
//! use xiangqi_engine::uci::SharedBuf;
//! let input = "ucci\nposition startpos moves h2e2\ngo depth 3\nquit\n";
//! let out = SharedBuf::default();
//! run(input.as_bytes(), out.clone());
//! assert!(out.text().contains("ucciok"));
//! assert!(out.text().lines().any(|l| l.starts_with("bestmove ")));
//! ```

use crate::clock::{Limits, DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS};
use crate::engine::{DEFAULT_HASH_MIB, MAX_HASH_MIB};
use crate::level::DEFAULT_SEED;
use crate::protocol::{
    clip, count, count32, depth, parse_line, parse_moves, parse_position, tokens, usage,
    CommandError, OptionSetting, Out, PositionSetup, ECHO_CHARS,
};
use crate::search::{Info, Score, MATE, MAX_THREADS};
use crate::session::{Dialect, EngineOption, Session};
use std::io::{BufRead, Write};
use xiangqi::Move;

/// How `go` asks for a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GoMode {
    /// `depth D` (or `depth infinite`).
    Depth(Option<u32>),
    /// `nodes N`.
    Nodes(u64),
    /// `time T [movestogo M | increment I]`: the side to move's clock, in the protocol's
    /// time unit (seconds, or milliseconds after `usemillisec`).
    Time {
        /// Remaining time.
        time: u64,
        /// Moves to the next control.
        movestogo: Option<u32>,
        /// Increment per move.
        increment: Option<u64>,
    },
}

/// One UCCI command from the GUI.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `ucci`: identify and list the options.
    Ucci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption <name> [<value>]` (`name`/`value` keywords are tolerated).
    SetOption(OptionSetting),
    /// `position startpos|fen <FEN> [moves …]`.
    Position(PositionSetup),
    /// `banmoves m1 m2 …`: root moves the next search may not play.
    BanMoves(Vec<Move>),
    /// `go …`.
    Go(GoMode),
    /// `stop`.
    Stop,
    /// `ponderhit`: accepted and ignored.
    PonderHit,
    /// `probe`: accepted and ignored.
    Probe,
    /// `quit` (or `bye`): answer `bye` and leave.
    Quit,
}

/// Reads one command: its word `cmd` and its arguments `args` (see [`parse_line`]); text it
/// ignores (such as `movestogo` in `go depth 3 movestogo 4`, where it means nothing) is
/// told in `warnings`.
///
/// # Errors
/// A message naming what is wrong.
fn command(cmd: &str, args: &[&str], warnings: &mut Vec<String>) -> Result<Command, CommandError> {
    Ok(match cmd {
        "ucci" => Command::Ucci,
        "isready" => Command::IsReady,
        "stop" => Command::Stop,
        "quit" | "bye" => Command::Quit,
        "ponderhit" => Command::PonderHit,
        "probe" => Command::Probe,
        "setoption" => {
            let args: Vec<&str> = args
                .iter()
                .copied()
                .filter(|&a| a != "name" && a != "value")
                .collect();
            let Some((name, rest)) = args.split_first() else {
                return Err(usage("`setoption` needs an option name"));
            };
            Command::SetOption(OptionSetting {
                name: name.to_ascii_lowercase(),
                value: if rest.is_empty() {
                    None
                } else {
                    Some(rest.join(" "))
                },
            })
        }
        "position" => Command::Position(parse_position(args)?),
        "banmoves" => Command::BanMoves(parse_moves(args)?),
        "go" => Command::Go(parse_go(args, warnings)?),
        other => return Err(CommandError::UnknownCommand(clip(other, ECHO_CHARS))),
    })
}

fn parse_go(args: &[&str], warnings: &mut Vec<String>) -> Result<GoMode, CommandError> {
    let mut i = 0;
    while matches!(args.get(i), Some(&"ponder") | Some(&"draw")) {
        i += 1;
    }
    let key = args.get(i).copied().unwrap_or("depth");
    let val = args.get(i + 1);
    let mut extra = |used: usize| {
        if let Some(rest) = args.get(i + used..).filter(|r| !r.is_empty()) {
            warnings.push(format!(
                "`go {key}`: ignored `{}`",
                clip(&rest.join(" "), ECHO_CHARS)
            ));
        }
    };
    match key {
        "depth" | "infinite" if val.is_none() => Ok(GoMode::Depth(None)),
        "depth" if val == Some(&"infinite") => {
            extra(2);
            Ok(GoMode::Depth(None))
        }
        "infinite" => {
            extra(1);
            Ok(GoMode::Depth(None))
        }
        "depth" => {
            let d = depth(key, val)?;
            extra(2);
            Ok(GoMode::Depth(Some(d)))
        }
        "nodes" => {
            let n = count(key, val)?;
            extra(2);
            Ok(GoMode::Nodes(n))
        }
        "time" => {
            let time = count(key, val)?;
            let mut movestogo = None;
            let mut increment = None;
            let mut j = i + 2;
            while j < args.len() {
                let k = args[j];
                let v = args.get(j + 1);
                match k {
                    "movestogo" => movestogo = Some(count32(k, v)?),
                    "increment" => increment = Some(count(k, v)?),
                    "opptime" | "oppmovestogo" | "oppincrement" => {
                        count(k, v)?;
                    }
                    other => {
                        return Err(usage(format!(
                            "`go time`: unknown parameter `{}`",
                            clip(other, ECHO_CHARS)
                        )))
                    }
                }
                j += 2;
            }
            Ok(GoMode::Time {
                time,
                movestogo,
                increment,
            })
        }
        other => Err(usage(format!(
            "`go`: unknown mode `{}`",
            clip(other, ECHO_CHARS)
        ))),
    }
}

/// Formats an [`Info`] as a UCCI `info` line (mate scores as ±(30000 − plies), as
/// ElephantEye reports them).
pub fn info_line(i: &Info) -> String {
    let score = match i.score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => MATE - (2 * n - 1),
        Score::Mate(n) => -(MATE + 2 * n),
    };
    let pv: Vec<String> = i.pv.iter().map(|m| m.to_string()).collect();
    format!(
        "info depth {} score {score} time {} nodes {} pv {}",
        i.depth,
        i.time_ms,
        i.nodes,
        pv.join(" ")
    )
    .trim_end()
    .to_string()
}

/// UCCI's part of a [`Session`]: its commands, its option names, its time unit, and its
/// problems told on an error stream.
struct Ucci<E: Write> {
    err: E,
    /// Times are in milliseconds (`setoption usemillisec true`), not seconds.
    millis: bool,
}

impl<E: Write> Dialect for Ucci<E> {
    type Command = Command;
    const NO_MOVE: &'static str = "nobestmove";
    const MILLISECONDS: &'static str = "milliseconds";

    fn parse(line: &str) -> Result<(Option<Command>, Vec<String>), CommandError> {
        parse_line(line, command)
    }

    fn report<W: Write + Send + 'static>(&mut self, _out: &Out<W>, msg: &str) {
        let _ = writeln!(self.err, "ucci: {msg}");
        let _ = self.err.flush();
    }

    fn info_line(i: &Info) -> String {
        info_line(i)
    }

    fn handle<W: Write + Send + 'static>(s: &mut Session<W, Self>, cmd: Command) -> bool {
        match cmd {
            Command::Ucci => s.introduce(&option_lines(), "ucciok"),
            Command::IsReady => s.out.say("readyok"),
            Command::SetOption(OptionSetting { name, value }) => {
                if name == "usemillisec" {
                    match crate::protocol::parse_check(value.as_deref()) {
                        Some(on) => s.dialect.millis = on,
                        None => s.report("usemillisec needs true or false"),
                    }
                } else {
                    match option(&name) {
                        Some(option) => s.set(option, &name, value.as_deref()),
                        None => s.report(&format!("unknown option `{}`", clip(&name, ECHO_CHARS))),
                    }
                }
            }
            Command::Position(setup) => s.position(setup),
            Command::BanMoves(moves) => s.engine.set_banned(moves),
            Command::Go(mode) => {
                let limits = limits(mode, if s.dialect.millis { 1 } else { 1000 });
                s.go(limits);
            }
            Command::Stop => s.stop(),
            Command::PonderHit | Command::Probe => {}
            Command::Quit => {
                s.stop();
                s.out.say("bye");
                return false;
            }
        }
        true
    }

    fn unreadable<W: Write + Send + 'static>(s: &mut Session<W, Self>, line: &str) {
        if tokens(line).first() == Some(&"go") {
            // The GUI waits for an answer to its `go`: a search it asked for did not start,
            // which UCCI says with `nobestmove` (after any running search answered, as a
            // valid `go` would have stopped it).
            s.stop();
            s.out.say("nobestmove");
        }
    }
}

/// The search limits of `go` mode `mode`, its times counted in units of `unit_ms`
/// milliseconds (1000: seconds).
fn limits(mode: GoMode, unit_ms: u64) -> Limits {
    match mode {
        GoMode::Depth(None) => Limits::infinite(),
        GoMode::Depth(Some(d)) => Limits::depth(d),
        GoMode::Nodes(n) => Limits::nodes(n),
        GoMode::Time {
            time,
            movestogo,
            increment,
        } => {
            let t = Some(time.saturating_mul(unit_ms));
            let inc = increment.map(|i| i.saturating_mul(unit_ms));
            Limits {
                wtime: t,
                btime: t,
                winc: inc,
                binc: inc,
                movestogo,
                ..Limits::default()
            }
        }
    }
}

/// The `option` lines `ucci` lists.
fn option_lines() -> [String; 8] {
    [
        "option usemillisec type check default false".to_string(),
        format!("option hashsize type spin min 1 max {MAX_HASH_MIB} default {DEFAULT_HASH_MIB}"),
        format!("option threads type spin min 1 max {MAX_THREADS} default 1"),
        format!(
            "option moveoverhead type spin min 0 max {MAX_MOVE_OVERHEAD_MS} default {DEFAULT_MOVE_OVERHEAD_MS}"
        ),
        "option level type spin min 1 max 5 default 5".to_string(),
        format!(
            "option usennue type check default {}",
            crate::nnue::ON_BY_DEFAULT
        ),
        format!(
            "option evalfile type string default {}",
            crate::nnue::EMBEDDED_NAME
        ),
        "option newgame type button".to_string(),
    ]
}

/// Reads a UCCI option name (lowercase): what it sets.
fn option(name: &str) -> Option<EngineOption> {
    Some(match name {
        "hashsize" => EngineOption::Hash,
        "threads" => EngineOption::Threads,
        "moveoverhead" => EngineOption::MoveOverhead,
        "level" => EngineOption::Level,
        "newgame" => EngineOption::NewGame,
        "usennue" => EngineOption::UseNnue,
        "evalfile" => EngineOption::EvalFile,
        // Options other GUIs send that this engine has no use for.
        "batch" | "debug" | "ponder" | "bookfiles" | "evalapi" | "promotion" | "idle"
        | "knowledge" | "pruning" | "randomness" | "style" | "usebook" | "loadbook" | "draw" => {
            EngineOption::Ignored
        }
        _ => return None,
    })
}

/// Runs the UCCI loop with malformed input reported on standard error.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    run_with_errors(input, output, std::io::stderr());
}

/// Runs the UCCI loop: reads commands from `input` until `quit` or end of input, writes
/// replies to `output` and reports malformed input to `errors`. At end of input a bounded
/// search is finished (an infinite one stopped).
pub fn run_with_errors<R: BufRead, W: Write + Send + 'static, E: Write>(
    input: R,
    output: W,
    errors: E,
) {
    let dialect = Ucci {
        err: errors,
        millis: false,
    };
    Session::new(output, dialect, DEFAULT_SEED).run(input);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One line read as the session reads it, without its warnings.
    fn parse(line: &str) -> Result<Option<Command>, CommandError> {
        parse_line(line, command).map(|(c, _)| c)
    }

    #[test]
    fn parses_go_modes() {
        assert_eq!(
            parse("go time 300 increment 2").unwrap(),
            Some(Command::Go(GoMode::Time {
                time: 300,
                movestogo: None,
                increment: Some(2)
            }))
        );
        assert_eq!(
            parse("go draw depth 7").unwrap(),
            Some(Command::Go(GoMode::Depth(Some(7))))
        );
        assert_eq!(
            parse("go depth infinite").unwrap(),
            Some(Command::Go(GoMode::Depth(None)))
        );
        assert!(parse("go time soon").is_err());
        assert!(parse("banmoves h2e2 zz").is_err());
    }
}
