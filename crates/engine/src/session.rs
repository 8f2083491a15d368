//! The core that the UCI and UCCI loops share: the engine and the options both protocols
//! offer, the read loop, the search with its replies, and the end of input. Each protocol
//! keeps only what is its own: its parsing, its names and words, and its few commands of
//! its own (a [`Dialect`]).

use crate::clock::{Limits, MAX_MOVE_OVERHEAD_MS};
use crate::engine::{Engine, Event, MAX_HASH_MIB};
use crate::level::Level;
use crate::protocol::{
    clip, read_line, CommandError, Line, Out, PositionSetup, ECHO_CHARS, MAX_INPUT_LINE,
};
use crate::search::{Info, MAX_THREADS};
use std::io::{BufRead, Write};

/// The engine's name in `id name`.
pub const ENGINE_NAME: &str = concat!("xiangqi ", env!("CARGO_PKG_VERSION"));
/// The engine's authors in `id author`.
pub const ENGINE_AUTHOR: &str = "the xiangqi project authors";

/// An option both protocols offer, whatever each calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EngineOption {
    /// The transposition table's size, in MiB.
    Hash,
    /// Search threads.
    Threads,
    /// Milliseconds kept back from each move's time.
    MoveOverhead,
    /// The playing level, 1-5.
    Level,
    /// The seed of the lower levels' choices.
    Seed,
    /// Forget the previous game (UCI's `Clear Hash`, UCCI's `newgame`).
    NewGame,
    /// Evaluate with the network (true) or the classical evaluation.
    UseNnue,
    /// A network file to load (`<embedded>` for the built-in one).
    EvalFile,
    /// An option a GUI sends that this engine accepts and has no use for.
    Ignored,
}

/// What makes a protocol itself: its commands, its names for the options and how it tells
/// the GUI about a problem.
pub(crate) trait Dialect: Sized {
    /// One parsed command.
    type Command;
    /// The reply to a search that found no move.
    const NO_MOVE: &'static str;
    /// How the protocol's messages write milliseconds.
    const MILLISECONDS: &'static str;

    /// Parses one line: the command (`None` for a blank line) and warnings about what was
    /// ignored; an error names what is wrong.
    fn parse(line: &str) -> Result<(Option<Self::Command>, Vec<String>), CommandError>;

    /// Tells the GUI about a problem (a line of `out` or an error stream).
    fn report<W: Write + Send + 'static>(&mut self, out: &Out<W>, msg: &str);

    /// Formats search progress as an `info` line.
    fn info_line(i: &Info) -> String;

    /// Runs one command; returns false to leave the loop.
    fn handle<W: Write + Send + 'static>(s: &mut Session<W, Self>, cmd: Self::Command) -> bool;

    /// Answers a line that could not be read at all (after it was reported): nothing, unless
    /// the protocol owes the GUI a reply to it.
    fn unreadable<W: Write + Send + 'static>(_s: &mut Session<W, Self>, _line: &str) {}
}

/// A protocol loop's state: the engine, the options set so far and the protocol's own.
pub(crate) struct Session<W: Write + Send + 'static, D: Dialect> {
    pub(crate) engine: Engine,
    pub(crate) out: Out<W>,
    pub(crate) dialect: D,
    level: u8,
    seed: u64,
    /// The last search was infinite (stopped, not awaited, at end of input).
    infinite: bool,
}

impl<W: Write + Send + 'static, D: Dialect> Session<W, D> {
    /// A session writing to `output`, at the strongest level with the lower levels' `seed`.
    pub(crate) fn new(output: W, dialect: D, seed: u64) -> Self {
        Session {
            engine: Engine::default(),
            out: Out::new(output),
            dialect,
            level: 5,
            seed,
            infinite: false,
        }
    }

    /// Tells the GUI about a problem, the protocol's way.
    pub(crate) fn report(&mut self, msg: &str) {
        self.dialect.report(&self.out, msg);
    }

    /// Reads commands from `input` until one ends the loop or the input ends, and answers
    /// them. At the end a bounded search is finished (an infinite one stopped).
    pub(crate) fn run<R: BufRead>(&mut self, mut input: R) {
        while let Some(line) = read_line(&mut input) {
            let line = match line {
                Line::Text(t) => t,
                Line::TooLong(n) => {
                    self.report(&format!(
                        "line of {n} bytes ignored: the limit is {MAX_INPUT_LINE}"
                    ));
                    continue;
                }
            };
            match D::parse(&line) {
                Ok((cmd, warnings)) => {
                    for w in warnings {
                        self.report(&clip(&w, 2 * ECHO_CHARS));
                    }
                    if let Some(cmd) = cmd {
                        if !D::handle(self, cmd) {
                            self.stop();
                            return;
                        }
                    }
                }
                Err(e) => {
                    self.report(&clip(&e.to_string(), 2 * ECHO_CHARS));
                    D::unreadable(self, &line);
                }
            }
        }
        if self.infinite {
            self.engine.stop();
        }
        self.engine.wait();
    }

    /// Answers the protocol's greeting (`uci`, `ucci`): the engine's name and author, the
    /// `option` lines, then `ok` (`uciok`, `ucciok`).
    pub(crate) fn introduce(&self, options: &[String], ok: &str) {
        self.out.say(&format!("id name {ENGINE_NAME}"));
        self.out.say(&format!("id author {ENGINE_AUTHOR}"));
        for line in options {
            self.out.say(line);
        }
        self.out.say(ok);
    }

    /// Sets up the position, or reports why it is ignored.
    pub(crate) fn position(&mut self, setup: PositionSetup) {
        if let Err(e) = self.engine.set_position(*setup.start, setup.moves) {
            self.report(&format!("position ignored: {e}"));
        }
    }

    /// Starts a search under `limits`: its progress as `info` lines, then `bestmove`.
    pub(crate) fn go(&mut self, limits: Limits) {
        self.infinite = limits.infinite;
        let out = self.out.clone();
        self.engine.go(limits, move |event| match event {
            Event::Info(i) => out.say(&D::info_line(&i)),
            Event::BestMove(r) => match (r.best, r.ponder) {
                (Some(b), Some(p)) => out.say(&format!("bestmove {b} ponder {p}")),
                (Some(b), None) => out.say(&format!("bestmove {b}")),
                (None, _) => out.say(D::NO_MOVE),
            },
        });
    }

    /// Stops the search, if any, and waits until its `bestmove` is printed.
    pub(crate) fn stop(&mut self) {
        self.engine.stop();
        self.engine.wait();
    }

    /// Sets `option` (called `name` in this protocol's messages) to `value`, reporting a
    /// value out of range (clamped when over the maximum) or unreadable.
    pub(crate) fn set(&mut self, option: EngineOption, name: &str, value: Option<&str>) {
        let number = value.and_then(|v| v.trim().parse::<i64>().ok());
        match option {
            EngineOption::Hash => match number {
                Some(n) if n > MAX_HASH_MIB as i64 => {
                    self.report(&format!(
                        "{name} {n} is over the maximum; using {MAX_HASH_MIB} MiB"
                    ));
                    self.engine.set_hash(MAX_HASH_MIB);
                }
                Some(n) if n >= 1 => self.engine.set_hash(n as usize),
                _ => self.report(&format!("{name} needs 1-{MAX_HASH_MIB} (MiB)")),
            },
            EngineOption::Threads => match number {
                Some(n) if n > MAX_THREADS as i64 => {
                    self.report(&format!(
                        "{name} {n} is over the maximum; using {MAX_THREADS}"
                    ));
                    self.engine.set_threads(MAX_THREADS);
                }
                Some(n) if n >= 1 => self.engine.set_threads(n as usize),
                _ => self.report(&format!("{name} needs 1-{MAX_THREADS}")),
            },
            EngineOption::MoveOverhead => match number {
                Some(n) if (0..=MAX_MOVE_OVERHEAD_MS as i64).contains(&n) => {
                    self.engine.set_move_overhead(n as u64)
                }
                _ => self.report(&format!(
                    "{name} needs 0-{MAX_MOVE_OVERHEAD_MS} ({})",
                    D::MILLISECONDS
                )),
            },
            EngineOption::Level => match number {
                Some(n) if (1..=5).contains(&n) => {
                    self.level = n as u8;
                    self.engine.set_level(Level::new(self.level, self.seed));
                }
                _ => self.report(&format!("{name} needs 1-5")),
            },
            EngineOption::Seed => match number {
                Some(n) if n >= 0 => {
                    self.seed = n as u64;
                    self.engine.set_level(Level::new(self.level, self.seed));
                }
                _ => self.report(&format!("{name} needs a non-negative number")),
            },
            EngineOption::NewGame => self.engine.new_game(),
            EngineOption::UseNnue => match crate::protocol::parse_check(value) {
                Some(on) => self.engine.set_use_nnue(on),
                None => self.report(&format!("{name} needs true or false")),
            },
            EngineOption::EvalFile => {
                if let Err(e) = crate::protocol::set_eval_file(&mut self.engine, value) {
                    self.report(&format!("{name}: {e}; keeping the network in use"));
                }
            }
            EngineOption::Ignored => {}
        }
    }
}
