//! Engine matches: two players (built-in levels, full strength, or external engines speaking
//! UCI, Fairy-Stockfish's UCI or UCCI) play each other from the [built-in
//! openings](crate::openings), each opening twice with colours swapped, several games at a
//! time on threads. Games are recorded and judged by [`xiangqi::game::Game`] under
//! `wxf-2018` (checkmate, no legal move, perpetual check and chase, the move limit,
//! insufficient material), with a ply cap beyond which the game is adjudicated a draw.
//!
//! Results and failures are told apart. A game ends in a *result* on the board (mate, no
//! legal move, a repetition ruling, the ply cap) or when a player that answers with legal
//! moves lets its clock run out: it loses on time. A game ends in a *failure* ([`Failure`])
//! when a player misbehaves: it exits or crashes, does not answer within the time allowed
//! (it hung or stopped answering: under a clock that is its own time plus 5 s, so a dead
//! engine is a failure, not a loss on time), floods its output, sends a `bestmove` that
//! cannot be read, says it has no move while it has legal ones, or plays an illegal move.
//! The game is recorded as lost by that player, but failures are counted apart and left out
//! of the score, the Elo and the SPRT: a match in which an engine forfeits every game
//! because it is spoken to in the wrong dialect measures nothing, and must not look like a
//! rout. A player that cannot be started at all ends the match with an error.
//!
//! Results are counted from the first player's point of view; [`Tally`] turns them into an
//! Elo difference with a 95% error margin (withheld by [`Standing::summary`] once a game
//! ended by a failure), and an optional [SPRT](crate::sprt) over the game pairs whose two
//! games both ended in a result ends the match as soon as it decides. Each side's think
//! time per move is measured on the wall clock around each request ([`ThinkTime`]).

use crate::external::{ClientError, EngineOption, ExternalEngine, Protocol};
use crate::openings::{play_random_moves, Opening, OPENINGS};
use crate::sprt::{Decision, Pentanomial, Sprt, SprtState};
use rand::rngs::StdRng;
use rand::SeedableRng;
use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use xiangqi::game::{Game, GameResult, Reason, RuleSet};
use xiangqi::{Color, Move, ParseTimeControlError, Position, TimeControlError, TimeUnit};
use xiangqi_engine::clock::{Limits, MAX_MOVE_OVERHEAD_MS};
use xiangqi_engine::engine::MAX_HASH_MIB;
use xiangqi_engine::level::Level;
use xiangqi_engine::nnue::Network;
use xiangqi_engine::search::{SearchRequest, Searcher, MAX_THREADS};
use xiangqi_engine::Strength;

/// Who plays: a built-in level, full strength, or an external engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `level:N`: built-in level N (1–5, or its name: `level:beginner`).
    Level(Strength),
    /// `full`: full strength (the same settings as level 5).
    Full,
    /// `uci:PATH [ARG…]`, `fsf:PATH [ARG…]` or `ucci:PATH [ARG…]`: an external program
    /// speaking UCI, Fairy-Stockfish's Xiangqi UCI or UCCI (see [`crate::external`]). The
    /// text after the prefix is split on whitespace into the program path and its arguments
    /// (so paths with spaces are not supported), e.g. `uci:/usr/bin/xiangqi uci`.
    Engine {
        /// The dialect it speaks (a `uci:` engine that names itself Fairy-Stockfish is
        /// spoken to as `fsf:`, unless [`MatchConfig::protocols`] says otherwise).
        protocol: Protocol,
        /// The program to start.
        path: String,
        /// Its arguments.
        args: Vec<String>,
    },
}

/// A player spec that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadPlayerSpec(pub String);

impl fmt::Display for BadPlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "bad player {:?}: expected `level:N` (N = 1–5), `full`, `uci:PATH [ARG…]`, \
             `fsf:PATH [ARG…]` or `ucci:PATH [ARG…]`",
            self.0
        )
    }
}

impl std::error::Error for BadPlayerSpec {}

impl FromStr for PlayerSpec {
    type Err = BadPlayerSpec;

    /// Reads `level:N`, `full`, `uci:PATH [ARG…]`, `fsf:PATH [ARG…]` or `ucci:PATH [ARG…]`.
    fn from_str(s: &str) -> Result<PlayerSpec, BadPlayerSpec> {
        let bad = || BadPlayerSpec(s.to_string());
        let t = s.trim();
        if t == "full" {
            return Ok(PlayerSpec::Full);
        }
        if let Some(n) = t.strip_prefix("level:") {
            return n
                .parse::<Strength>()
                .map(PlayerSpec::Level)
                .map_err(|_| bad());
        }
        for protocol in [Protocol::Uci, Protocol::FairyStockfish, Protocol::Ucci] {
            let Some(cmd) = t
                .strip_prefix(protocol.prefix())
                .and_then(|r| r.strip_prefix(':'))
            else {
                continue;
            };
            let mut words = cmd.split_whitespace().map(str::to_string);
            let path = words.next().ok_or_else(bad)?;
            return Ok(PlayerSpec::Engine {
                protocol,
                path,
                args: words.collect(),
            });
        }
        Err(bad())
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Level(n) => write!(f, "level:{}", n.number()),
            PlayerSpec::Full => f.write_str("full"),
            PlayerSpec::Engine {
                protocol,
                path,
                args,
            } => {
                write!(f, "{}:{path}", protocol.prefix())?;
                args.iter().try_for_each(|a| write!(f, " {a}"))
            }
        }
    }
}

/// How long a player may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time per move, in milliseconds (`go movetime`). A built-in player stops on
    /// time by itself; an external one that has not answered after twice the move time plus
    /// 5 s loses.
    MoveTime(u64),
    /// A clock per side: the initial time at the start, the increment added after each move
    /// (`go wtime … btime … winc … binc …`). The clock runs on wall time measured by the
    /// match; a player whose clock falls below zero loses on time.
    Clock(xiangqi::TimeControl),
    /// A fixed depth per move, in plies (`go depth`); mostly for fast tests.
    Depth(u32),
    /// A fixed number of nodes per move (`go nodes`): games that do not depend on the
    /// machine's load, for comparing two versions of the engine by SPRT.
    Nodes(u64),
    /// No limit beyond the players' own level caps (levels 1–4 stop at their depth and node
    /// caps). Refused for `full` and external engines.
    LevelCaps,
}

/// Why a match cannot be set up, or could not be played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// A setting is out of range or does not fit the others (found before any game
    /// starts): a sentence naming it.
    Setting(String),
    /// A player could not be started, or restarted, for a game: which and why. The match
    /// stopped; the games already finished were reported.
    Player(String),
}

impl std::fmt::Display for MatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            MatchError::Setting(why) | MatchError::Player(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for MatchError {}

impl TimeControl {
    /// Reads `INITIAL_MS+INC_MS` (or `INITIAL_MS`) as a clock: the initial time 1 ms to
    /// [`MAX_TIME_MS`], the increment 0 to [`MAX_TIME_MS`].
    ///
    /// # Errors
    /// A message when the text is not two integers joined by `+` in those ranges.
    pub fn parse_clock(s: &str) -> Result<TimeControl, MatchError> {
        let clock =
            xiangqi::TimeControl::parse(s, TimeUnit::Milliseconds).map_err(|e| match e {
                ParseTimeControlError::Invalid {
                    why: TimeControlError::ZeroInitial,
                    ..
                } => MatchError::Setting(format!(
                    "initial clock time 0 ms is out of range: 1 to {MAX_TIME_MS} ms"
                )),
                _ => MatchError::Setting(format!(
                    "bad time control {s:?}: expected INITIAL_MS+INC_MS"
                )),
            })?;
        let tc = TimeControl::Clock(clock);
        tc.check()?;
        Ok(tc)
    }

    /// Checks that the times are in range: move times and initial clock times 1 ms to
    /// [`MAX_TIME_MS`], increments up to [`MAX_TIME_MS`], depths 1 to 64, node counts 1 to
    /// [`MAX_NODES`].
    ///
    /// # Errors
    /// A message naming the value out of range.
    pub fn check(&self) -> Result<(), MatchError> {
        let max = MAX_TIME_MS;
        match *self {
            TimeControl::MoveTime(ms) if !(1..=max).contains(&ms) => Err(MatchError::Setting(
                format!("move time {ms} ms is out of range: 1 to {max} ms"),
            )),
            TimeControl::Clock(c) if !(1..=max).contains(&c.initial_ms()) => {
                Err(MatchError::Setting(format!(
                    "initial clock time {} ms is out of range: 1 to {max} ms",
                    c.initial_ms()
                )))
            }
            TimeControl::Clock(c) if c.increment_ms() > max => Err(MatchError::Setting(format!(
                "increment {} ms is out of range: 0 to {max} ms",
                c.increment_ms()
            ))),
            TimeControl::Depth(d) if !(1..=64).contains(&d) => Err(MatchError::Setting(format!(
                "depth {d} is out of range: 1 to 64"
            ))),
            TimeControl::Nodes(n) if !(1..=MAX_NODES).contains(&n) => Err(MatchError::Setting(
                format!("node count {n} is out of range: 1 to {MAX_NODES}"),
            )),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(ms) => write!(f, "{ms} ms/move"),
            TimeControl::Clock(c) => write!(f, "{} ms", c.format(TimeUnit::Milliseconds)),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
            TimeControl::Nodes(n) => write!(f, "{n} nodes/move"),
            TimeControl::LevelCaps => f.write_str("level caps"),
        }
    }
}

/// The default ply cap: a game still going after this many plies is adjudicated a draw.
pub const DEFAULT_MAX_PLIES: usize = 300;

/// The largest ply cap accepted.
pub const MAX_PLIES: usize = 100_000;

/// The largest number of games in one match.
pub const MAX_GAMES: usize = 100_000;

/// The longest move time, initial clock time or increment accepted: 24 hours, in
/// milliseconds.
pub const MAX_TIME_MS: u64 = 24 * 60 * 60 * 1000;

/// The largest node count per move accepted by [`TimeControl::Nodes`].
pub const MAX_NODES: u64 = 1_000_000_000_000;

/// How long an external engine may think under [`TimeControl::Depth`], [`TimeControl::Nodes`] or
/// [`TimeControl::LevelCaps`], in milliseconds.
pub const UNTIMED_TIMEOUT_MS: u64 = 60_000;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two players; results are counted for the first.
    pub players: [PlayerSpec; 2],
    /// Options for each player: sent to an external engine as `setoption` after its
    /// handshake (it must list them), or for a built-in player `Hash` (MiB), `Threads` or
    /// `Move Overhead` (ms).
    pub options: [Vec<EngineOption>; 2],
    /// The dialect forced on each external player: spoken as given, whatever the prefix
    /// of its spec and its `id name` say ([`ExternalEngine::start_as`]); `None` speaks the
    /// prefix's dialect, switching a `uci:` engine named Fairy-Stockfish to `fsf:`. Only
    /// external players may have one.
    pub protocols: [Option<Protocol>; 2],
    /// Number of games (an even number plays every opening with both colours); with an
    /// SPRT, the most games to play.
    pub games: usize,
    /// Games played at the same time, each on its own thread.
    pub concurrency: usize,
    /// The time control.
    pub time: TimeControl,
    /// Plies after which a game is adjudicated a draw (the opening's plies count).
    pub max_plies: usize,
    /// The openings, used in turn: games `2k` and `2k+1` play opening `k` (modulo their
    /// number), the first player Red in the even game and Black in the odd one.
    pub openings: Vec<Opening>,
    /// Transposition table size of each built-in player, in mebibytes (a `Hash` option
    /// overrides it).
    pub hash_mib: usize,
    /// Seed of the built-in levels' noise; each game and player derives its own from it.
    pub seed: u64,
    /// Random legal moves played after the opening, in plies: drawn from `seed` and the pair's
    /// index, so both games of a pair start from the same position. With 20 openings a match
    /// at a fixed node count or depth otherwise repeats its first 40 games (a deterministic
    /// engine plays a position the same way every time), and its Elo and SPRT count the
    /// repeats as new evidence.
    pub random_plies: usize,
    /// A sequential probability ratio test over the game pairs: the match stops (games
    /// under way finish) once it decides.
    pub sprt: Option<Sprt>,
}

impl MatchConfig {
    /// Returns a configuration with the defaults: 2 threads, the built-in openings, a
    /// [`DEFAULT_MAX_PLIES`] cap, 16 MiB tables, no options, dialects as the players'
    /// specs and names say, no SPRT.
    pub fn new(players: [PlayerSpec; 2], games: usize, time: TimeControl) -> MatchConfig {
        MatchConfig {
            players,
            options: [Vec::new(), Vec::new()],
            protocols: [None, None],
            games,
            concurrency: 2,
            time,
            max_plies: DEFAULT_MAX_PLIES,
            openings: OPENINGS.to_vec(),
            hash_mib: 16,
            seed: xiangqi_engine::level::DEFAULT_SEED,
            random_plies: 0,
            sprt: None,
        }
    }

    /// Checks that the configuration can run.
    ///
    /// # Errors
    /// A message naming the problem: no openings, no games or more than [`MAX_GAMES`] (fewer
    /// than 2 with an SPRT), a ply cap over [`MAX_PLIES`] or too short for the longest
    /// opening plus a move each, times out of range (see
    /// [`TimeControl::check`]), an unlimited full-strength or external player, an option a
    /// built-in player does not have or a value out of its range, a dialect forced on a
    /// built-in player.
    pub fn validate(&self) -> Result<(), MatchError> {
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(MatchError::Setting(format!(
                "{} games is out of range: 1 to {MAX_GAMES}",
                self.games
            )));
        }
        if self.sprt.is_some() && self.games < 2 {
            return Err(MatchError::Setting(
                "an SPRT needs at least one pair of games".to_string(),
            ));
        }
        // The lower end depends on the openings and is checked with them below.
        if self.max_plies > MAX_PLIES {
            return Err(MatchError::Setting(format!(
                "a ply cap of {} is out of range: at most {MAX_PLIES}",
                self.max_plies
            )));
        }
        self.time.check()?;
        if self.openings.is_empty() {
            return Err(MatchError::Setting("no openings".to_string()));
        }
        if let Some(o) = self.openings.iter().find(|o| o.position().is_none()) {
            return Err(MatchError::Setting(format!(
                "opening {:?} is not legal",
                o.name
            )));
        }
        if self.random_plies > MAX_RANDOM_PLIES {
            return Err(MatchError::Setting(format!(
                "{} random plies is out of range: at most {MAX_RANDOM_PLIES}",
                self.random_plies
            )));
        }
        // A cap inside an opening would draw games before either player moved.
        let longest = self
            .openings
            .iter()
            .map(|o| o.moves.split_whitespace().count())
            .max()
            .unwrap_or(0)
            + self.random_plies;
        if self.max_plies < longest + 2 {
            return Err(MatchError::Setting(format!(
                "a ply cap of {} ends games before each player has moved: the openings run to \
                 {longest} plies, so give at least {}",
                self.max_plies,
                longest + 2
            )));
        }
        if self.time == TimeControl::LevelCaps {
            if let Some(p) = self
                .players
                .iter()
                .find(|p| !matches!(p, PlayerSpec::Level(s) if *s < Strength::Hardest))
            {
                return Err(MatchError::Setting(format!(
                    "{p} has no caps of its own: give --movetime, --tc, --depth or --nodes"
                )));
            }
        }
        for ((spec, options), protocol) in
            self.players.iter().zip(&self.options).zip(self.protocols)
        {
            if matches!(spec, PlayerSpec::Engine { .. }) {
                continue;
            }
            BuiltInSettings::read(options)
                .map_err(|e| MatchError::Setting(format!("{spec}: {e}")))?;
            if let Some(p) = protocol {
                return Err(MatchError::Setting(format!(
                    "{spec} is not an external engine: it cannot be spoken to in {p}"
                )));
            }
        }
        Ok(())
    }
}

/// The settings a built-in player takes as options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct BuiltInSettings {
    hash_mib: Option<usize>,
    threads: Option<usize>,
    move_overhead_ms: Option<u64>,
    /// `Use NNUE`: the NNUE (true) or the classical evaluation.
    use_nnue: Option<bool>,
    /// `EvalFile`: the NNUE's network, read when the options are checked.
    network: Option<Arc<Network>>,
}

impl BuiltInSettings {
    /// Reads `Hash` (1–[`MAX_HASH_MIB`] MiB), `Threads` (1–[`MAX_THREADS`]), `Move
    /// Overhead` (0–[`MAX_MOVE_OVERHEAD_MS`] ms), `Use NNUE` (true or false) and `EvalFile`
    /// (a network file, read here), names in any case.
    fn read(options: &[EngineOption]) -> Result<BuiltInSettings, MatchError> {
        let mut s = BuiltInSettings::default();
        for o in options {
            let number = |min: u64, max: u64| {
                o.value
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (min..=max).contains(n))
                    .ok_or_else(|| {
                        MatchError::Setting(format!("option {o}: the value must be {min} to {max}"))
                    })
            };
            match o.name.to_ascii_lowercase().as_str() {
                "hash" => s.hash_mib = Some(number(1, MAX_HASH_MIB as u64)? as usize),
                "threads" => s.threads = Some(number(1, MAX_THREADS as u64)? as usize),
                "move overhead" => s.move_overhead_ms = Some(number(0, MAX_MOVE_OVERHEAD_MS)?),
                "use nnue" => {
                    s.use_nnue = Some(match o.value.to_ascii_lowercase().as_str() {
                        "true" => true,
                        "false" => false,
                        _ => {
                            return Err(MatchError::Setting(format!(
                                "option {o}: the value must be true or false"
                            )))
                        }
                    })
                }
                "evalfile" => {
                    let net = Network::load(std::path::Path::new(&o.value))
                        .map_err(|e| MatchError::Setting(format!("option {o}: {e}")))?;
                    s.network = Some(Arc::new(net));
                }
                _ => {
                    return Err(MatchError::Setting(format!(
                        "no option {:?}: a built-in player takes Hash, Threads, Move Overhead, \
                         Use NNUE and EvalFile",
                        o.name
                    )))
                }
            }
        }
        Ok(s)
    }
}

/// How long one player thought: moves answered, their total and the longest, measured on
/// the wall clock from the request to the answer (for an external engine this includes
/// the time its messages take).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThinkTime {
    /// Moves asked for.
    pub moves: u32,
    /// Their time in all.
    pub total: Duration,
    /// The longest one.
    pub longest: Duration,
}

impl ThinkTime {
    /// Counts one move that took `d`.
    pub fn add(&mut self, d: Duration) {
        self.moves += 1;
        self.total += d;
        self.longest = self.longest.max(d);
    }

    /// Adds the moves of `other`.
    pub fn merge(&mut self, other: &ThinkTime) {
        self.moves += other.moves;
        self.total += other.total;
        self.longest = self.longest.max(other.longest);
    }

    /// Returns the average time per move in milliseconds (0 with no moves).
    pub fn average_ms(&self) -> f64 {
        if self.moves == 0 {
            return 0.0;
        }
        self.total.as_secs_f64() * 1000.0 / f64::from(self.moves)
    }
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Zero-based game number.
    pub index: usize,
    /// Index (0 or 1) into [`MatchConfig::players`] of the player who had Red.
    pub red: usize,
    /// The opening played.
    pub opening: Opening,
    /// The game record with its final status.
    pub game: Game,
    /// Why the match ended the game itself, when the rules did not: a failure (with the
    /// player, what it did and, for an engine switched to Fairy-Stockfish's dialect by its
    /// name, a word on that), a flag fall or the ply cap.
    pub adjudication: Option<String>,
    /// Each player's think time in this game, by index into [`MatchConfig::players`].
    pub think: [ThinkTime; 2],
    /// The player (index into [`MatchConfig::players`]) who lost on time: its clock ran
    /// out before it answered with a legal move.
    pub time_loss: Option<usize>,
    /// The misbehaviour that ended the game, if one did: the game is then recorded as lost
    /// by that player but counted apart from the results ([`Standing::failures`]).
    pub failure: Option<Failure>,
}

/// A game ended by a player's misbehaviour rather than on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The player at fault, by index into [`MatchConfig::players`].
    pub player: usize,
    /// What it did.
    pub kind: FailureKind,
}

/// The ways a player can fail a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// It exited, crashed or closed its input.
    Exited,
    /// It did not answer within the time allowed (see [`TimeControl`]): it hung or stopped
    /// answering.
    NoAnswer,
    /// Its `bestmove` line could not be read as a move in its dialect.
    UnreadableMove,
    /// It broke the protocol otherwise: a line over [`crate::external::MAX_LINE`] bytes or
    /// a flood of lines without an answer.
    Protocol,
    /// It answered that it had no move while it had legal ones.
    NoMove,
    /// It played an illegal move.
    IllegalMove,
}

impl FailureKind {
    /// Returns the failure that an error of the engine's client stands for.
    pub fn of(error: &ClientError) -> FailureKind {
        match error {
            ClientError::Spawn(..) | ClientError::Write(_) | ClientError::Exited { .. } => {
                FailureKind::Exited
            }
            ClientError::Timeout { .. } => FailureKind::NoAnswer,
            ClientError::BadBestMove(_) => FailureKind::UnreadableMove,
            ClientError::Protocol(_)
            | ClientError::UnknownOption { .. }
            | ClientError::OwnedOption { .. }
            | ClientError::BadOptionValue { .. } => FailureKind::Protocol,
        }
    }
}

impl GameReport {
    /// Returns the player (index into [`MatchConfig::players`]) who lost by a repetition
    /// ruling: perpetual check or perpetual chase (WXF 2018, repetition rules).
    pub fn repetition_loss(&self) -> Option<usize> {
        let status = self.game.status();
        if !matches!(
            status.reason,
            Some(Reason::PerpetualCheck | Reason::PerpetualChase)
        ) {
            return None;
        }
        let loser = match status.result {
            GameResult::RedWins => Color::Black,
            GameResult::BlackWins => Color::Red,
            _ => return None,
        };
        Some(if loser == Color::Red {
            self.red
        } else {
            1 - self.red
        })
    }

    /// Returns the first player's score: 1, 0.5 or 0 (0.5 for an unfinished game).
    pub fn first_player_score(&self) -> f64 {
        let first_red = self.red == 0;
        match self.game.status().result {
            GameResult::RedWins if first_red => 1.0,
            GameResult::BlackWins if !first_red => 1.0,
            GameResult::RedWins | GameResult::BlackWins => 0.0,
            GameResult::Draw | GameResult::Ongoing | GameResult::Aborted => 0.5,
        }
    }

    /// Returns the PGN tags for this game: `Event`, `Round`, `Red`, `Black`, `Opening` and,
    /// if any, `Adjudication`.
    pub fn tags(&self, players: &[PlayerSpec; 2], time: TimeControl) -> Vec<(String, String)> {
        let mut tags = vec![
            ("Event".to_string(), format!("xiangqi match, {time}")),
            ("Round".to_string(), (self.index + 1).to_string()),
            ("Red".to_string(), players[self.red].to_string()),
            ("Black".to_string(), players[1 - self.red].to_string()),
            ("Opening".to_string(), self.opening.name.to_string()),
        ];
        if let Some(a) = &self.adjudication {
            tags.push(("Adjudication".to_string(), a.clone()));
        }
        tags
    }
}

/// Wins, draws and losses of one player, and the Elo difference they imply.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Counts a game scored 1, 0.5 or 0.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Returns the number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Returns the mean score `s = (W + D/2) / N` (0.5 with no games).
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / n as f64
    }

    /// Returns the Elo difference of the score, `-400 · log10(1/s − 1)` (see [`elo`]);
    /// infinite for a score of 0 or 1.
    pub fn elo(&self) -> f64 {
        elo(self.score())
    }

    /// Returns the 95% error margin of [`Tally::elo`], in Elo.
    ///
    /// The per-game variance of the score is `σ² = (W·(1−s)² + D·(½−s)² + L·s²) / N`; the
    /// standard error of the mean score is `σ / √N`, so the 95% interval of the score is
    /// `s ± 1.96·σ/√N`. The margin is half the width of that interval mapped through
    /// [`elo`]: `(elo(s + δ) − elo(s − δ)) / 2` with `δ = 1.96·σ/√N`. Infinite when the
    /// interval reaches 0 or 1 (for instance with every game won); NaN with no games.
    pub fn elo_margin95(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::NAN;
        }
        let s = self.score();
        let var = (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n;
        let delta = 1.96 * (var / n).sqrt();
        (elo(s + delta) - elo(s - delta)) / 2.0
    }

    /// Formats the tally as `+W =D -L, score 0.78, Elo +220 ± 70`.
    pub fn summary(&self) -> String {
        format!(
            "{}, score {:.2}, Elo {} ± {}",
            self.counts(),
            self.score(),
            signed(self.elo()),
            unsigned(self.elo_margin95())
        )
    }

    /// Formats the counts alone: `+W =D -L`.
    fn counts(&self) -> String {
        format!("+{} ={} -{}", self.wins, self.draws, self.losses)
    }
}

/// Returns the Elo difference that an expected score `s` (0–1) implies under the logistic
/// model, `-400 · log10(1/s − 1)`: 0.5 → 0, 0.75 → +190.8, 0.25 → −190.8. Infinite (with
/// sign) at 0 and 1 and beyond.
pub fn elo(s: f64) -> f64 {
    if s <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if s >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / s - 1.0).log10()
}

fn signed(x: f64) -> String {
    if x.is_infinite() {
        if x > 0.0 { "+inf" } else { "-inf" }.to_string()
    } else {
        // Adding 0.0 turns −0.0 into +0.0, so that a score just under ½ prints "+0", not "-0".
        format!("{:+.0}", x.round() + 0.0)
    }
}

fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{:.0}", x)
    } else {
        "inf".to_string()
    }
}

/// Where a match stands: the results so far, counted for the first player.
#[derive(Clone, Debug, Default)]
pub struct Standing {
    /// Wins, draws and losses of the first player.
    pub tally: Tally,
    /// The game pairs (games `2k` and `2k+1`) both finished with a result (neither ended by
    /// a failure), by the first player's points.
    pub pairs: Pentanomial,
    /// Each player's think time, by index into [`MatchConfig::players`].
    pub think: [ThinkTime; 2],
    /// Games each player lost on time (see [`GameReport::time_loss`]).
    pub time_losses: [u32; 2],
    /// Games each player ended by a failure (see [`GameReport::failure`]); they are not in
    /// [`Standing::tally`] nor in [`Standing::pairs`].
    pub failures: [u32; 2],
    /// The failed game with the lowest number: its index ([`GameReport::index`]) and what
    /// happened ([`GameReport::adjudication`]: the player and its misbehaviour).
    pub first_failure: Option<(usize, String)>,
    /// Games each player lost by a repetition ruling (perpetual check or perpetual chase,
    /// see [`GameReport::repetition_loss`]).
    pub repetition_losses: [u32; 2],
    /// The SPRT's state after the last finished pair (with an SPRT); once it has decided,
    /// the state at the decision. Computed from [`Standing::pairs`] alone, so never from a
    /// failure.
    pub sprt: Option<SprtState>,
}

impl Standing {
    /// Returns the number of games ended by a failure, both players together.
    pub fn failed_games(&self) -> u32 {
        self.failures[0] + self.failures[1]
    }

    /// Formats the results so far as [`Tally::summary`] does, or, once a game has ended by
    /// a failure, with the Elo withheld: `+W =D -L, score S, Elo withheld because of N
    /// failures` (the counts and score those of the games with a result; score `-` when
    /// there is none).
    pub fn summary(&self) -> String {
        let failed = self.failed_games();
        if failed == 0 {
            return self.tally.summary();
        }
        let score = if self.tally.games() == 0 {
            "-".to_string()
        } else {
            format!("{:.2}", self.tally.score())
        };
        format!(
            "{}, score {score}, Elo withheld because of {}",
            self.tally.counts(),
            failures(failed)
        )
    }
}

/// Returns `1 failure` or `N failures`.
pub fn failures(n: u32) -> String {
    if n == 1 {
        "1 failure".to_string()
    } else {
        format!("{n} failures")
    }
}

/// The outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The final standing.
    pub standing: Standing,
    /// Every game, in game order.
    pub games: Vec<GameReport>,
}

/// A player in a running match.
enum Player {
    BuiltIn {
        searcher: Box<Searcher>,
        level: Level,
    },
    External {
        protocol: Protocol,
        /// Whether a `uci:` engine named Fairy-Stockfish is switched to its dialect.
        detect: bool,
        path: String,
        args: Vec<String>,
        options: Vec<EngineOption>,
        engine: Option<ExternalEngine>,
        /// The `id name` that switched the running engine to another dialect than
        /// `protocol`, and that dialect.
        switched: Option<(String, Protocol)>,
    },
}

impl Player {
    /// Makes the player, an external one speaking `forced` when given (see
    /// [`MatchConfig::protocols`]); options of a built-in player were checked by
    /// [`MatchConfig::validate`].
    fn new(
        spec: &PlayerSpec,
        options: &[EngineOption],
        forced: Option<Protocol>,
        hash_mib: usize,
    ) -> Player {
        let built_in = |level: Level| {
            let settings = BuiltInSettings::read(options).unwrap_or_default();
            let mut searcher = Searcher::new(settings.hash_mib.unwrap_or(hash_mib));
            if let Some(n) = settings.threads {
                searcher.set_threads(n);
            }
            if let Some(ms) = settings.move_overhead_ms {
                searcher.set_move_overhead(ms);
            }
            let use_nnue = settings
                .use_nnue
                .unwrap_or(xiangqi_engine::nnue::ON_BY_DEFAULT);
            if use_nnue {
                searcher.set_network(settings.network.clone().or_else(Network::embedded));
            } else {
                searcher.set_network(None);
            }
            Player::BuiltIn {
                searcher: Box::new(searcher),
                level,
            }
        };
        match spec {
            PlayerSpec::Level(n) => built_in(Level::of(*n, 0)),
            PlayerSpec::Full => built_in(Level::full()),
            PlayerSpec::Engine {
                protocol,
                path,
                args,
            } => Player::External {
                protocol: forced.unwrap_or(*protocol),
                detect: forced.is_none(),
                path: path.clone(),
                args: args.clone(),
                options: options.to_vec(),
                engine: None,
                switched: None,
            },
        }
    }

    /// Prepares for a new game; `seed` varies the built-in levels' noise from game to game.
    fn new_game(&mut self, seed: u64) -> Result<(), ClientError> {
        match self {
            Player::BuiltIn { searcher, level } => {
                searcher.clear();
                level.seed = seed;
                Ok(())
            }
            Player::External {
                protocol,
                detect,
                path,
                args,
                options,
                engine,
                switched,
            } => {
                if let Some(e) = engine.as_mut() {
                    if e.new_game().is_ok() {
                        return Ok(());
                    }
                }
                // Not started yet, or broken by the last game: start afresh.
                *engine = None;
                let mut e = if *detect {
                    ExternalEngine::start(path, args, *protocol, options)?
                } else {
                    ExternalEngine::start_as(path, args, *protocol, options)?
                };
                *switched = (e.protocol() != *protocol)
                    .then(|| (e.name().unwrap_or_default().to_string(), e.protocol()));
                e.new_game()?;
                *engine = Some(e);
                Ok(())
            }
        }
    }

    /// Returns a word on the dialect of an external engine that its `id name` switched to
    /// another than its spec's, for the account of its failures.
    fn dialect_note(&self) -> Option<String> {
        match self {
            Player::External {
                switched: Some((name, spoken)),
                ..
            } => Some(format!(
                "spoken to in {spoken} because its id name is {name:?}; --protocol overrides"
            )),
            _ => None,
        }
    }

    /// Chooses a move for the last position of `game`; `Ok(None)` when it has none.
    fn choose(
        &mut self,
        game: &Game,
        limits: &Limits,
        timeout: Duration,
    ) -> Result<Option<Move>, ClientError> {
        match self {
            Player::BuiltIn { searcher, level } => {
                let req = SearchRequest {
                    start: game.start().clone(),
                    moves: game.moves(),
                    banned: Vec::new(),
                    limits: limits.clone(),
                };
                Ok(searcher.search_level(&req, level, &mut |_| {}).best)
            }
            Player::External { engine, .. } => {
                let Some(e) = engine.as_mut() else {
                    return Err(ClientError::Exited { expected: "a move" });
                };
                let r = e.go(game.start(), &game.moves(), limits, timeout);
                if r.is_err() {
                    // Kill it; the next game starts a fresh process.
                    *engine = None;
                }
                r
            }
        }
    }
}

/// Most random plies after a match's openings.
pub const MAX_RANDOM_PLIES: usize = 40;

/// Plays `plies` random legal moves on `game` (fewer if it ends), drawn from `seed` and
/// `pair`: the same moves for the same seed and pair.
fn play_random_plies(game: &mut Game, plies: usize, seed: u64, pair: usize) {
    let mut rng = StdRng::seed_from_u64(seed ^ (pair as u64).wrapping_mul(0x2545_f491_4f6c_dd1d));
    play_random_moves(game, plies, &mut rng);
}

/// Plays one game between `players[red]` (Red) and `players[1 - red]` from `opening` (and
/// `config.random_plies` random moves after it).
///
/// # Errors
/// A message when a player cannot be started (or restarted) for the game.
fn play_game(
    players: &mut [Player; 2],
    names: &[PlayerSpec; 2],
    red: usize,
    opening: Opening,
    config: &MatchConfig,
    index: usize,
) -> Result<GameReport, MatchError> {
    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    for m in opening.parsed_moves().unwrap_or_default() {
        if game.play(m).is_err() {
            break;
        }
    }
    play_random_plies(&mut game, config.random_plies, config.seed, index / 2);
    let mut adjudication = None;
    let mut think = [ThinkTime::default(); 2];
    let mut time_loss = None;
    let mut failure = None;
    let who = |c: Color| if c == Color::Red { red } else { 1 - red };
    for (i, p) in players.iter_mut().enumerate() {
        let seed = config.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64;
        p.new_game(seed)
            .map_err(|e| MatchError::Player(format!("{} could not start: {e}", names[i])))?;
    }
    let mut clock: [i64; 2] = match config.time {
        TimeControl::Clock(c) => [i64::try_from(c.initial_ms()).unwrap_or(i64::MAX); 2],
        _ => [0; 2],
    };
    while !game.status().is_over() {
        if game.plies().len() >= config.max_plies {
            adjudication = Some(format!("draw by the {}-ply cap", config.max_plies));
            let _ = game.agree_draw();
            break;
        }
        let side = game.position().turn();
        let p = who(side);
        let (limits, timeout) = limits_for(config.time, clock, side);
        let started = Instant::now();
        let reply = players[p].choose(&game, &limits, timeout);
        let elapsed = started.elapsed();
        think[p].add(elapsed);
        // Anything but a legal move is a failure whatever the clock says: an engine that
        // stopped answering overruns its clock too, and that is no loss on time.
        let ply = game.plies().len() + 1;
        let answer = match reply {
            Ok(Some(m)) => game
                .position()
                .check_legal(m)
                .map(|()| m)
                .map_err(|reason| {
                    (
                        FailureKind::IllegalMove,
                        format!("played an illegal move at ply {ply}: {reason}"),
                    )
                }),
            Ok(None) => Err((FailureKind::NoMove, "gave no move".to_string())),
            Err(e) => Err((FailureKind::of(&e), format!("failed: {e}"))),
        };
        let played = match answer {
            Ok(m) => {
                let spent = i64::try_from(elapsed.as_millis()).unwrap_or(i64::MAX);
                if let TimeControl::Clock(tc) = config.time {
                    let c = &mut clock[side as usize];
                    *c = c.saturating_sub(spent);
                    if *c < 0 {
                        adjudication = Some(format!("{} lost on time", names[p]));
                        time_loss = Some(p);
                        let _ = game.forfeit_on_time(side);
                        break;
                    }
                    *c = c.saturating_add(i64::try_from(tc.increment_ms()).unwrap_or(i64::MAX));
                }
                // The move is legal; only a repetition policy could refuse it.
                game.play(m).map(|_| ()).map_err(|e| {
                    (
                        FailureKind::IllegalMove,
                        format!("had its move {m} refused: {e}"),
                    )
                })
            }
            Err(failed) => Err(failed),
        };
        if let Err((kind, what)) = played {
            let note = players[p].dialect_note();
            let note = note.map(|n| format!(" ({n})")).unwrap_or_default();
            adjudication = Some(format!("{} {what}{note}", names[p]));
            failure = Some(Failure { player: p, kind });
            let _ = game.resign(side);
            break;
        }
    }
    Ok(GameReport {
        index,
        red,
        opening,
        game,
        adjudication,
        think,
        time_loss,
        failure,
    })
}

/// Returns the limits of `side` to move and how long an external engine may take.
fn limits_for(time: TimeControl, clock: [i64; 2], side: Color) -> (Limits, Duration) {
    match time {
        TimeControl::MoveTime(ms) => (
            Limits::movetime(ms),
            Duration::from_millis(ms.saturating_mul(2).saturating_add(5_000)),
        ),
        TimeControl::Clock(c) => {
            let increment_ms = c.increment_ms();
            let red = clock[Color::Red as usize].max(0) as u64;
            let black = clock[Color::Black as usize].max(0) as u64;
            let own = if side == Color::Red { red } else { black };
            let limits = Limits {
                wtime: Some(red),
                btime: Some(black),
                winc: Some(increment_ms),
                binc: Some(increment_ms),
                ..Limits::default()
            };
            // The flag is judged after the reply; this only bounds a hung engine.
            (limits, Duration::from_millis(own.saturating_add(5_000)))
        }
        TimeControl::Depth(d) => (Limits::depth(d), Duration::from_millis(UNTIMED_TIMEOUT_MS)),
        TimeControl::Nodes(n) => (Limits::nodes(n), Duration::from_millis(UNTIMED_TIMEOUT_MS)),
        TimeControl::LevelCaps => (Limits::default(), Duration::from_millis(UNTIMED_TIMEOUT_MS)),
    }
}

/// Adds a finished game to `standing`; `first_of_pair` holds the first player's score of
/// each game whose pair partner has not finished yet (`None` for a failure, which leaves
/// the pair out of the pentanomial and so of the SPRT).
fn record(
    standing: &mut Standing,
    first_of_pair: &mut HashMap<usize, Option<f64>>,
    sprt: Option<&Sprt>,
    report: &GameReport,
) {
    let score = match report.failure {
        None => Some(report.first_player_score()),
        Some(f) => {
            standing.failures[f.player] += 1;
            if standing
                .first_failure
                .as_ref()
                .is_none_or(|(first, _)| report.index < *first)
            {
                let what = report.adjudication.clone().unwrap_or_default();
                standing.first_failure = Some((report.index, what));
            }
            None
        }
    };
    if let Some(s) = score {
        standing.tally.add(s);
    }
    for (total, game) in standing.think.iter_mut().zip(&report.think) {
        total.merge(game);
    }
    if let Some(p) = report.time_loss {
        standing.time_losses[p] += 1;
    }
    if let Some(p) = report.repetition_loss() {
        standing.repetition_losses[p] += 1;
    }
    let pair = report.index / 2;
    match first_of_pair.remove(&pair) {
        None => {
            first_of_pair.insert(pair, score);
        }
        Some(Some(other)) => {
            let Some(score) = score else { return };
            standing.pairs.add_pair(other, score);
            let decided = standing
                .sprt
                .is_some_and(|s| s.decision != Decision::Continue);
            if let (Some(t), false) = (sprt, decided) {
                standing.sprt = Some(t.state(&standing.pairs));
            }
        }
        Some(None) => {}
    }
}

/// The standing so far, with the score of each pair's first game (for an SPRT's pairs),
/// shared by the match's threads.
type SharedStanding = Mutex<(Standing, HashMap<usize, Option<f64>>)>;

/// What a match thread reports: a finished game with the standing after it, or the failure
/// that stopped the match.
type Reported = Result<(GameReport, Standing), MatchError>;

/// One thread of a match: starts its own two players, then plays game after game (the next
/// index from `next`) until all are taken or `stop` is set, records each in `shared` and
/// sends it with the standing; sets `stop` when an SPRT decides or a game fails.
fn play_games(
    config: &MatchConfig,
    next: &AtomicUsize,
    stop: &AtomicBool,
    shared: &SharedStanding,
    tx: &mpsc::Sender<Reported>,
) {
    let mut players = [0, 1].map(|i| {
        Player::new(
            &config.players[i],
            &config.options[i],
            config.protocols[i],
            config.hash_mib,
        )
    });
    loop {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let index = next.fetch_add(1, Ordering::SeqCst);
        if index >= config.games {
            break;
        }
        let opening = config.openings[(index / 2) % config.openings.len()];
        let red = index % 2;
        let sent = match play_game(&mut players, &config.players, red, opening, config, index) {
            Ok(report) => {
                let mut guard = shared.lock().unwrap_or_else(PoisonError::into_inner);
                let (standing, first_of_pair) = &mut *guard;
                record(standing, first_of_pair, config.sprt.as_ref(), &report);
                if standing
                    .sprt
                    .is_some_and(|s| s.decision != Decision::Continue)
                {
                    stop.store(true, Ordering::SeqCst);
                }
                // Sent under the lock, so standings arrive in the order made.
                tx.send(Ok((report, standing.clone())))
            }
            Err(e) => {
                stop.store(true, Ordering::SeqCst);
                tx.send(Err(e))
            }
        };
        if sent.is_err() {
            break;
        }
    }
}

/// Plays the match described by `config` on `config.concurrency` threads, calling
/// `on_game` (on the calling thread) as each game finishes, with the standing so far. With
/// an SPRT the match stops once it decides: no new game begins, the games under way finish
/// and are counted (the SPRT keeps its state at the decision).
///
/// # Errors
/// The message of [`MatchConfig::validate`], or the first player that could not be started
/// (the match then stops: games under way finish, no new one begins; the games finished
/// were already passed to `on_game`).
pub fn run(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameReport, &Standing),
) -> Result<MatchResult, MatchError> {
    config.validate()?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    // Each worker records its own games, so that an SPRT's decision stops it before it
    // takes the next game.
    let shared: SharedStanding = Mutex::new((Standing::default(), HashMap::new()));
    let (tx, rx) = mpsc::channel::<Reported>();
    let threads = config.concurrency.clamp(1, config.games.max(1));
    let mut games = Vec::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (next, stop, shared) = (&next, &stop, &shared);
            scope.spawn(move || play_games(config, next, stop, shared, &tx));
        }
        drop(tx);
        for report in rx {
            match report {
                Ok((report, standing)) => {
                    on_game(&report, &standing);
                    games.push(report);
                }
                Err(e) => {
                    failure.get_or_insert(e);
                }
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    games.sort_by_key(|g| g.index);
    let (standing, _) = shared.into_inner().unwrap_or_else(PoisonError::into_inner);
    Ok(MatchResult { standing, games })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_plies_are_the_same_for_a_pair_and_differ_between_pairs() {
        let after = |pair: usize| {
            let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
            play_random_plies(&mut game, 8, 7, pair);
            game.moves()
        };
        assert_eq!(after(3).len(), 8);
        assert_eq!(after(3), after(3), "the same seed and pair, the same moves");
        let distinct: std::collections::HashSet<_> = (0..20).map(after).collect();
        assert!(
            distinct.len() >= 19,
            "{} distinct lines of 20",
            distinct.len()
        );
        let mut config = MatchConfig::new(
            [PlayerSpec::Full, PlayerSpec::Full],
            2,
            TimeControl::Nodes(1000),
        );
        config.random_plies = MAX_RANDOM_PLIES + 1;
        assert!(config.validate().is_err());
        config.random_plies = MAX_RANDOM_PLIES;
        config.max_plies = 20;
        assert!(config.validate().is_err(), "a cap inside the random plies");
    }

    /// A finished game of the horse chasing the chariot perpetually (Red, the chaser, loses)
    /// with the first player as `red`.
    fn perpetual_chase_report(red: usize) -> GameReport {
        let lap = ["d6c4", "a5b5", "c4d6", "b5a5"];
        let moves: Vec<&str> = lap.iter().cycle().take(12).copied().collect();
        let game = Game::replay(
            Some("4k4/9/9/3N5/r8/9/9/9/9/3K5 w"),
            &moves,
            RuleSet::Wxf2018,
        )
        .expect("legal moves");
        GameReport {
            index: 0,
            red,
            opening: Opening {
                name: "test",
                moves: "",
            },
            game,
            adjudication: None,
            think: [ThinkTime::default(); 2],
            time_loss: None,
            failure: None,
        }
    }

    #[test]
    fn repetition_losses_are_counted_for_the_side_at_fault() {
        assert_eq!(perpetual_chase_report(0).repetition_loss(), Some(0));
        assert_eq!(perpetual_chase_report(1).repetition_loss(), Some(1));
        let mut standing = Standing::default();
        record(
            &mut standing,
            &mut HashMap::new(),
            None,
            &perpetual_chase_report(1),
        );
        assert_eq!(standing.repetition_losses, [0, 1]);
    }

    #[test]
    fn failures_are_counted_apart_and_keep_their_pair_from_the_sprt() {
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).expect("valid");
        let (mut standing, mut first_of_pair) = (Standing::default(), HashMap::new());
        // Games 0 and 1 are a pair with a result each; game 3 fails, so its pair with game
        // 2 is left out; game 5 fails before its partner, game 4, finishes.
        for (index, failure) in [(0, None), (1, None), (3, Some(1)), (2, None), (5, Some(0))] {
            let mut report = perpetual_chase_report(index % 2);
            report.index = index;
            if let Some(player) = failure {
                report.failure = Some(Failure {
                    player,
                    kind: FailureKind::Exited,
                });
                report.adjudication = Some(format!("game {index} failed"));
            }
            record(&mut standing, &mut first_of_pair, Some(&sprt), &report);
        }
        let mut report = perpetual_chase_report(0);
        report.index = 4;
        record(&mut standing, &mut first_of_pair, Some(&sprt), &report);
        assert_eq!(standing.tally.games(), 4);
        assert_eq!(standing.failures, [1, 1]);
        assert_eq!(standing.failed_games(), 2);
        assert_eq!(
            standing.first_failure,
            Some((3, "game 3 failed".to_string()))
        );
        assert_eq!(standing.pairs.pairs(), 1);
        assert_eq!(standing.sprt.map(|s| s.pairs.pairs()), Some(1));
        // The first player lost games 0, 2 and 4 (Red, the chaser) and won game 1.
        assert_eq!(
            standing.summary(),
            "+1 =0 -3, score 0.25, Elo withheld because of 2 failures"
        );
        standing.failures = [0, 0];
        assert_eq!(standing.summary(), standing.tally.summary());
    }

    #[test]
    fn player_specs_round_trip() {
        for s in [
            "level:1",
            "level:5",
            "full",
            "uci:/bin/engine",
            "uci:/bin/x uci",
            "fsf:/usr/games/fairy-stockfish",
            "ucci:/opt/eleeye -x",
        ] {
            let spec: PlayerSpec = s.parse().expect(s);
            assert_eq!(spec.to_string(), s);
        }
        assert_eq!(
            "uci:/bin/x  uci --fast".parse::<PlayerSpec>().ok(),
            Some(PlayerSpec::Engine {
                protocol: Protocol::Uci,
                path: "/bin/x".to_string(),
                args: vec!["uci".to_string(), "--fast".to_string()]
            })
        );
        assert_eq!(
            "ucci:eleeye".parse::<PlayerSpec>().ok(),
            Some(PlayerSpec::Engine {
                protocol: Protocol::Ucci,
                path: "eleeye".to_string(),
                args: Vec::new()
            })
        );
        for bad in [
            "level:0",
            "level:6",
            "level:x",
            "uci:",
            "ucci: ",
            "fsf:",
            "uci",
            "stockfish",
            "",
        ] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_parse() {
        assert_eq!(
            TimeControl::parse_clock("10000+100"),
            Ok(TimeControl::Clock(
                xiangqi::TimeControl::from_ms(10_000, 100).unwrap()
            ))
        );
        assert_eq!(
            TimeControl::parse_clock("5000"),
            Ok(TimeControl::Clock(
                xiangqi::TimeControl::from_ms(5_000, 0).unwrap()
            ))
        );
        assert!(TimeControl::parse_clock("1+x").is_err());
        assert!(TimeControl::parse_clock("-5+0").is_err());
        assert_eq!(
            TimeControl::parse_clock("0+10"),
            Err(MatchError::Setting(format!(
                "initial clock time 0 ms is out of range: 1 to {MAX_TIME_MS} ms"
            )))
        );
        let tc = TimeControl::parse_clock("10000+100").unwrap();
        assert_eq!(tc.to_string(), "10000+100 ms");
    }

    #[test]
    fn clock_limits_carry_both_clocks_and_bound_the_mover() {
        let tc = TimeControl::Clock(xiangqi::TimeControl::from_ms(1000, 10).unwrap());
        let (l, timeout) = limits_for(tc, [900, 800], Color::Black);
        assert_eq!(
            (l.wtime, l.btime, l.winc, l.binc),
            (Some(900), Some(800), Some(10), Some(10))
        );
        assert_eq!(timeout, Duration::from_millis(5_800));
        let (l, timeout) = limits_for(TimeControl::MoveTime(100), [0, 0], Color::Red);
        assert_eq!(l, Limits::movetime(100));
        assert_eq!(timeout, Duration::from_millis(5_200));
    }

    #[test]
    fn built_in_players_take_hash_threads_and_move_overhead() {
        let opts = |list: &[&str]| -> Vec<EngineOption> {
            list.iter().map(|o| o.parse().expect("option")).collect()
        };
        assert_eq!(
            BuiltInSettings::read(&opts(&["hash=64", "Threads=2", "Move Overhead=0"])),
            Ok(BuiltInSettings {
                hash_mib: Some(64),
                threads: Some(2),
                move_overhead_ms: Some(0),
                ..BuiltInSettings::default()
            })
        );
        let nnue = BuiltInSettings::read(&opts(&["Use NNUE=true"])).expect("read");
        assert_eq!(nnue.use_nnue, Some(true));
        for bad in [
            "Hash=0",
            "Hash=x",
            "Threads=100000",
            "Move Overhead=5001",
            "Ponder=true",
            "Use NNUE=maybe",
            "EvalFile=/no/such/network.nnue",
        ] {
            assert!(BuiltInSettings::read(&opts(&[bad])).is_err(), "{bad}");
        }
        let mut c = MatchConfig::new(
            [PlayerSpec::Full, PlayerSpec::Level(Strength::Beginner)],
            2,
            TimeControl::Depth(1),
        );
        c.options[1] = opts(&["Contempt=10"]);
        let e = c.validate().expect_err("unknown option");
        assert!(
            e.to_string().starts_with("level:1: no option \"Contempt\""),
            "{e}"
        );
    }

    #[test]
    fn think_times_add_up() {
        let mut t = ThinkTime::default();
        assert_eq!(t.average_ms(), 0.0);
        t.add(Duration::from_millis(90));
        t.add(Duration::from_millis(100));
        let mut u = ThinkTime::default();
        u.add(Duration::from_millis(110));
        t.merge(&u);
        assert_eq!(t.moves, 3);
        assert_eq!(t.longest, Duration::from_millis(110));
        assert!((t.average_ms() - 100.0).abs() < 1e-9);
    }

    #[test]
    fn unlimited_full_strength_is_refused() {
        let c = MatchConfig::new(
            [PlayerSpec::Full, PlayerSpec::Level(Strength::Beginner)],
            2,
            TimeControl::LevelCaps,
        );
        assert!(c.validate().is_err());
        let c = MatchConfig::new(
            [
                PlayerSpec::Level(Strength::Hard),
                PlayerSpec::Level(Strength::Beginner),
            ],
            2,
            TimeControl::LevelCaps,
        );
        assert!(c.validate().is_ok());
    }

    #[test]
    fn node_counts_are_checked_and_sent_as_go_nodes() {
        assert!(TimeControl::Nodes(0).check().is_err());
        assert!(TimeControl::Nodes(MAX_NODES + 1).check().is_err());
        assert!(TimeControl::Nodes(20_000).check().is_ok());
        assert_eq!(TimeControl::Nodes(20_000).to_string(), "20000 nodes/move");
        let (l, _) = limits_for(TimeControl::Nodes(20_000), [0, 0], Color::Red);
        assert_eq!(l, Limits::nodes(20_000));
    }
}
