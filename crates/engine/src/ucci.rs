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
use crate::engine::{Engine, Event, DEFAULT_HASH_MIB, MAX_HASH_MIB};
use crate::level::{Level, DEFAULT_SEED};
use crate::protocol::{
    clip, count, count32, depth, parse_moves, parse_position, read_line, tokens, Line, Out,
    ECHO_CHARS, MAX_INPUT_LINE,
};
use crate::search::{Info, Score, MATE, MAX_THREADS};
use crate::uci::{ENGINE_AUTHOR, ENGINE_NAME};
use std::io::{BufRead, Write};
use xiangqi::{Move, Position};

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
    SetOption {
        /// The option name, lowercase.
        name: String,
        /// The rest of the line.
        value: Option<String>,
    },
    /// `position startpos|fen <FEN> [moves …]`.
    Position {
        /// The start position.
        start: Box<Position>,
        /// The moves played from it.
        moves: Vec<Move>,
    },
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

/// Parses one line. Returns `Ok(None)` for a blank line.
///
/// # Errors
/// A message naming what is wrong.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    parse_with_warnings(line).map(|(c, _)| c)
}

/// Parses one line like [`parse`], also returning warnings about text that was ignored
/// (such as `go depth 3 movestogo 4`, where `movestogo` means nothing).
///
/// # Errors
/// A message naming what is wrong.
pub fn parse_with_warnings(line: &str) -> Result<(Option<Command>, Vec<String>), String> {
    let t = tokens(line);
    let Some((&cmd, args)) = t.split_first() else {
        return Ok((None, Vec::new()));
    };
    let mut warnings = Vec::new();
    let command = match cmd {
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
                return Err("`setoption` needs an option name".to_string());
            };
            Command::SetOption {
                name: name.to_ascii_lowercase(),
                value: if rest.is_empty() {
                    None
                } else {
                    Some(rest.join(" "))
                },
            }
        }
        "position" => {
            let (start, moves) = parse_position(args)?;
            Command::Position {
                start: Box::new(start),
                moves,
            }
        }
        "banmoves" => Command::BanMoves(parse_moves(args)?),
        "go" => Command::Go(parse_go(args, &mut warnings)?),
        other => return Err(format!("unknown command `{}`", clip(other, ECHO_CHARS))),
    };
    Ok((Some(command), warnings))
}

fn parse_go(args: &[&str], warnings: &mut Vec<String>) -> Result<GoMode, String> {
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
                        return Err(format!(
                            "`go time`: unknown parameter `{}`",
                            clip(other, ECHO_CHARS)
                        ))
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
        other => Err(format!("`go`: unknown mode `{}`", clip(other, ECHO_CHARS))),
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

struct Session<W: Write + Send + 'static, E: Write> {
    engine: Engine,
    out: Out<W>,
    err: E,
    millis: bool,
    level: u8,
    seed: u64,
    infinite: bool,
}

impl<W: Write + Send + 'static, E: Write> Session<W, E> {
    fn report(&mut self, msg: &str) {
        let _ = writeln!(self.err, "ucci: {msg}");
        let _ = self.err.flush();
    }

    fn handle(&mut self, cmd: Command) -> bool {
        match cmd {
            Command::Ucci => {
                self.out.say(&format!("id name {ENGINE_NAME}"));
                self.out.say(&format!("id author {ENGINE_AUTHOR}"));
                self.out.say("option usemillisec type check default false");
                self.out.say(&format!(
                    "option hashsize type spin min 1 max {MAX_HASH_MIB} default {DEFAULT_HASH_MIB}"
                ));
                self.out.say(&format!(
                    "option threads type spin min 1 max {MAX_THREADS} default 1"
                ));
                self.out.say(&format!(
                    "option moveoverhead type spin min 0 max {MAX_MOVE_OVERHEAD_MS} default {DEFAULT_MOVE_OVERHEAD_MS}"
                ));
                self.out.say("option level type spin min 1 max 5 default 5");
                self.out.say(&format!(
                    "option usennue type check default {}",
                    crate::nnue::ON_BY_DEFAULT
                ));
                self.out.say(&format!(
                    "option evalfile type string default {}",
                    crate::nnue::EMBEDDED_NAME
                ));
                self.out.say("option newgame type button");
                self.out.say("ucciok");
            }
            Command::IsReady => self.out.say("readyok"),
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::Position { start, moves } => {
                if let Err(e) = self.engine.set_position(*start, moves) {
                    self.report(&format!("position ignored: {e}"));
                }
            }
            Command::BanMoves(moves) => self.engine.set_banned(moves),
            Command::Go(mode) => {
                let unit = if self.millis { 1 } else { 1000 };
                let limits = match mode {
                    GoMode::Depth(None) => Limits::infinite(),
                    GoMode::Depth(Some(d)) => Limits::depth(d),
                    GoMode::Nodes(n) => Limits::nodes(n),
                    GoMode::Time {
                        time,
                        movestogo,
                        increment,
                    } => {
                        let t = Some(time.saturating_mul(unit));
                        let inc = increment.map(|i| i.saturating_mul(unit));
                        Limits {
                            wtime: t,
                            btime: t,
                            winc: inc,
                            binc: inc,
                            movestogo,
                            ..Limits::default()
                        }
                    }
                };
                self.infinite = limits.infinite;
                let out = self.out.clone();
                self.engine.go(limits, move |event| match event {
                    Event::Info(i) => out.say(&info_line(&i)),
                    Event::BestMove(r) => match (r.best, r.ponder) {
                        (Some(b), Some(p)) => out.say(&format!("bestmove {b} ponder {p}")),
                        (Some(b), None) => out.say(&format!("bestmove {b}")),
                        (None, _) => out.say("nobestmove"),
                    },
                });
            }
            Command::Stop => {
                self.engine.stop();
                self.engine.wait();
            }
            Command::PonderHit | Command::Probe => {}
            Command::Quit => {
                self.engine.stop();
                self.engine.wait();
                self.out.say("bye");
                return false;
            }
        }
        true
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = value.and_then(|v| v.trim().parse::<i64>().ok());
        match name {
            "usemillisec" => match crate::protocol::parse_check(value) {
                Some(on) => self.millis = on,
                None => self.report("usemillisec needs true or false"),
            },
            "usennue" => match crate::protocol::parse_check(value) {
                Some(on) => self.engine.set_use_nnue(on),
                None => self.report("usennue needs true or false"),
            },
            "evalfile" => {
                if let Err(e) = crate::protocol::set_eval_file(&mut self.engine, value) {
                    self.report(&format!("evalfile: {e}"));
                }
            }
            "hashsize" => match number {
                Some(n) if n > MAX_HASH_MIB as i64 => {
                    self.report(&format!(
                        "hashsize {n} is over the maximum; using {MAX_HASH_MIB} MiB"
                    ));
                    self.engine.set_hash(MAX_HASH_MIB);
                }
                Some(n) if n >= 1 => self.engine.set_hash(n as usize),
                _ => self.report("hashsize needs a positive number of MiB"),
            },
            "threads" => match number {
                Some(n) if n > MAX_THREADS as i64 => {
                    self.report(&format!(
                        "threads {n} is over the maximum; using {MAX_THREADS}"
                    ));
                    self.engine.set_threads(MAX_THREADS);
                }
                Some(n) if n >= 1 => self.engine.set_threads(n as usize),
                _ => self.report(&format!("threads needs 1-{MAX_THREADS}")),
            },
            "moveoverhead" => match number {
                Some(n) if (0..=MAX_MOVE_OVERHEAD_MS as i64).contains(&n) => {
                    self.engine.set_move_overhead(n as u64)
                }
                _ => self.report(&format!(
                    "moveoverhead needs 0-{MAX_MOVE_OVERHEAD_MS} (milliseconds)"
                )),
            },
            "level" => match number {
                Some(n) if (1..=5).contains(&n) => {
                    self.level = n as u8;
                    self.engine.set_level(Level::new(self.level, self.seed));
                }
                _ => self.report("level needs 1-5"),
            },
            "newgame" => self.engine.new_game(),
            // Options other GUIs send that this engine has no use for.
            "batch" | "debug" | "ponder" | "bookfiles" | "evalapi" | "promotion" | "idle"
            | "knowledge" | "pruning" | "randomness" | "style" | "usebook" | "loadbook"
            | "draw" => {}
            other => self.report(&format!("unknown option `{}`", clip(other, ECHO_CHARS))),
        }
    }
}

/// Runs the UCCI loop with malformed input reported on standard error.
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) {
    run_with_errors(input, output, std::io::stderr());
}

/// Runs the UCCI loop: reads commands from `input` until `quit` or end of input, writes
/// replies to `output` and reports malformed input to `errors`. At end of input a bounded
/// search is finished (an infinite one stopped).
pub fn run_with_errors<R: BufRead, W: Write + Send + 'static, E: Write>(
    mut input: R,
    output: W,
    errors: E,
) {
    let mut session = Session {
        engine: Engine::default(),
        out: Out::new(output),
        err: errors,
        millis: false,
        level: 5,
        seed: DEFAULT_SEED,
        infinite: false,
    };
    while let Some(line) = read_line(&mut input) {
        let line = match line {
            Line::Text(t) => t,
            Line::TooLong(n) => {
                session.report(&format!(
                    "line of {n} bytes ignored: the limit is {MAX_INPUT_LINE}"
                ));
                continue;
            }
        };
        match parse_with_warnings(&line) {
            Ok((cmd, warnings)) => {
                for w in warnings {
                    session.report(&w);
                }
                if let Some(cmd) = cmd {
                    if !session.handle(cmd) {
                        return;
                    }
                }
            }
            Err(e) => {
                session.report(&clip(&e, 2 * ECHO_CHARS));
                if tokens(&line).first() == Some(&"go") {
                    // The GUI waits for an answer to its `go`: a search it asked for did not
                    // start, which UCCI says with `nobestmove` (after any running search
                    // answered, as a valid `go` would have stopped it).
                    session.engine.stop();
                    session.engine.wait();
                    session.out.say("nobestmove");
                }
            }
        }
    }
    // At end of input a bounded search is allowed to finish; an infinite one is stopped.
    if session.infinite {
        session.engine.stop();
    }
    session.engine.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

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
