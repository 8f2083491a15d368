//! Engine matches: two players (built-in levels, full strength, or external UCI engines)
//! play each other from the [built-in openings](crate::openings), each opening twice with
//! colours swapped, several games at a time on threads. Games are recorded and judged by
//! [`xiangqi::game::Game`] under `wxf-2018` (checkmate, no legal move, perpetual check and
//! chase, the move limit, insufficient material), with a ply cap beyond which the game is
//! adjudicated a draw. A player that crashes, times out, floods its output, sends no move or
//! an illegal move loses that game; under a clock, a player whose clock runs out loses on
//! time. A player that cannot be started at all ends the match with an error.
//!
//! Results are counted from the first player's point of view; [`Tally`] turns them into an
//! Elo difference with a 95% error margin.

use crate::clock::Limits;
use crate::level::Level;
use crate::openings::{Opening, OPENINGS};
use crate::search::{SearchRequest, Searcher};
use crate::uci_client::UciEngine;
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use xiangqi::game::{Game, GameError, GameResult, RuleSet};
use xiangqi::{Color, Move, Position};

/// Who plays: a built-in level, full strength, or an external UCI engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// `level:N`: built-in level N (1–5).
    Level(u8),
    /// `full`: full strength (the same settings as level 5).
    Full,
    /// `uci:PATH [ARG…]`: an external program speaking UCI; the text after `uci:` is split on
    /// whitespace into the program path and its arguments (so paths with spaces are not
    /// supported), e.g. `uci:/usr/bin/xiangqi uci`.
    Uci {
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
            "bad player {:?}: expected `level:N` (N = 1–5), `full` or `uci:PATH [ARG…]`",
            self.0
        )
    }
}

impl std::error::Error for BadPlayerSpec {}

impl FromStr for PlayerSpec {
    type Err = BadPlayerSpec;

    /// Reads `level:N`, `full` or `uci:PATH [ARG…]`.
    fn from_str(s: &str) -> Result<PlayerSpec, BadPlayerSpec> {
        let bad = || BadPlayerSpec(s.to_string());
        let t = s.trim();
        if t == "full" {
            return Ok(PlayerSpec::Full);
        }
        if let Some(n) = t.strip_prefix("level:") {
            return match n.trim().parse::<u8>() {
                Ok(n @ 1..=5) => Ok(PlayerSpec::Level(n)),
                _ => Err(bad()),
            };
        }
        if let Some(cmd) = t.strip_prefix("uci:") {
            let mut words = cmd.split_whitespace().map(str::to_string);
            let path = words.next().ok_or_else(bad)?;
            return Ok(PlayerSpec::Uci {
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
            PlayerSpec::Level(n) => write!(f, "level:{n}"),
            PlayerSpec::Full => f.write_str("full"),
            PlayerSpec::Uci { path, args } if args.is_empty() => write!(f, "uci:{path}"),
            PlayerSpec::Uci { path, args } => write!(f, "uci:{path} {}", args.join(" ")),
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
    /// A clock per side: `initial_ms` at the start, `increment_ms` added after each move
    /// (`go wtime … btime … winc … binc …`). The clock runs on wall time measured by the
    /// match; a player whose clock falls below zero loses on time.
    Clock {
        /// Starting time per side, in milliseconds.
        initial_ms: u64,
        /// Time added after each move, in milliseconds.
        increment_ms: u64,
    },
    /// A fixed depth per move, in plies (`go depth`); mostly for fast tests.
    Depth(u32),
    /// No limit beyond the players' own level caps (levels 1–4 stop at their depth and node
    /// caps). Refused for `full` and external engines.
    LevelCaps,
}

impl TimeControl {
    /// Reads `INITIAL_MS+INC_MS` (or `INITIAL_MS`) as a clock: the initial time 1 ms to
    /// [`MAX_TIME_MS`], the increment 0 to [`MAX_TIME_MS`].
    ///
    /// # Errors
    /// A message when the text is not two integers joined by `+` in those ranges.
    pub fn parse_clock(s: &str) -> Result<TimeControl, String> {
        let (a, b) = s.split_once('+').unwrap_or((s, "0"));
        let num = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| format!("bad time control {s:?}: expected INITIAL_MS+INC_MS"))
        };
        let tc = TimeControl::Clock {
            initial_ms: num(a)?,
            increment_ms: num(b)?,
        };
        tc.check()?;
        Ok(tc)
    }

    /// Checks that the times are in range: move times and initial clock times 1 ms to
    /// [`MAX_TIME_MS`], increments up to [`MAX_TIME_MS`], depths 1 to 64.
    ///
    /// # Errors
    /// A message naming the value out of range.
    pub fn check(&self) -> Result<(), String> {
        let max = MAX_TIME_MS;
        match *self {
            TimeControl::MoveTime(ms) if !(1..=max).contains(&ms) => {
                Err(format!("move time {ms} ms is out of range: 1 to {max} ms"))
            }
            TimeControl::Clock { initial_ms, .. } if !(1..=max).contains(&initial_ms) => Err(
                format!("initial clock time {initial_ms} ms is out of range: 1 to {max} ms"),
            ),
            TimeControl::Clock { increment_ms, .. } if increment_ms > max => Err(format!(
                "increment {increment_ms} ms is out of range: 0 to {max} ms"
            )),
            TimeControl::Depth(d) if !(1..=64).contains(&d) => {
                Err(format!("depth {d} is out of range: 1 to 64"))
            }
            _ => Ok(()),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TimeControl::MoveTime(ms) => write!(f, "{ms} ms/move"),
            TimeControl::Clock {
                initial_ms,
                increment_ms,
            } => write!(f, "{initial_ms}+{increment_ms} ms"),
            TimeControl::Depth(d) => write!(f, "depth {d}"),
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

/// How long an external engine may think under [`TimeControl::Depth`] or
/// [`TimeControl::LevelCaps`], in milliseconds.
pub const UNTIMED_TIMEOUT_MS: u64 = 60_000;

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The two players; results are counted for the first.
    pub players: [PlayerSpec; 2],
    /// Number of games (an even number plays every opening with both colours).
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
    /// Transposition table size of each built-in player, in mebibytes.
    pub hash_mib: usize,
    /// Seed of the built-in levels' noise; each game and player derives its own from it.
    pub seed: u64,
}

impl MatchConfig {
    /// Returns a configuration with the defaults: 2 threads, the built-in openings, a
    /// [`DEFAULT_MAX_PLIES`] cap, 16 MiB tables.
    pub fn new(players: [PlayerSpec; 2], games: usize, time: TimeControl) -> MatchConfig {
        MatchConfig {
            players,
            games,
            concurrency: 2,
            time,
            max_plies: DEFAULT_MAX_PLIES,
            openings: OPENINGS.to_vec(),
            hash_mib: 16,
            seed: crate::level::DEFAULT_SEED,
        }
    }

    /// Checks that the configuration can run.
    ///
    /// # Errors
    /// A message naming the problem: no openings, no games or more than [`MAX_GAMES`], a ply
    /// cap of 0 or over [`MAX_PLIES`], times out of range (see [`TimeControl::check`]), an
    /// unlimited full-strength or external player.
    pub fn validate(&self) -> Result<(), String> {
        if !(1..=MAX_GAMES).contains(&self.games) {
            return Err(format!(
                "{} games is out of range: 1 to {MAX_GAMES}",
                self.games
            ));
        }
        if !(1..=MAX_PLIES).contains(&self.max_plies) {
            return Err(format!(
                "a ply cap of {} is out of range: 1 to {MAX_PLIES}",
                self.max_plies
            ));
        }
        self.time.check()?;
        if self.openings.is_empty() {
            return Err("no openings".to_string());
        }
        if let Some(o) = self.openings.iter().find(|o| o.position().is_none()) {
            return Err(format!("opening {:?} is not legal", o.name));
        }
        if self.time == TimeControl::LevelCaps {
            if let Some(p) = self
                .players
                .iter()
                .find(|p| !matches!(p, PlayerSpec::Level(1..=4)))
            {
                return Err(format!(
                    "{p} has no caps of its own: give --movetime, --tc or --depth"
                ));
            }
        }
        Ok(())
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
    /// Why the match ended the game itself, when the rules did not: a crash, an illegal
    /// move, a flag fall or the ply cap.
    pub adjudication: Option<String>,
}

impl GameReport {
    /// Returns the first player's score: 1, 0.5 or 0 (0.5 for an unfinished game).
    pub fn first_player_score(&self) -> f64 {
        let first_red = self.red == 0;
        match self.game.status().result {
            GameResult::RedWins if first_red => 1.0,
            GameResult::BlackWins if !first_red => 1.0,
            GameResult::RedWins | GameResult::BlackWins => 0.0,
            GameResult::Draw | GameResult::Ongoing => 0.5,
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
            "+{} ={} -{}, score {:.2}, Elo {} ± {}",
            self.wins,
            self.draws,
            self.losses,
            self.score(),
            signed(self.elo()),
            unsigned(self.elo_margin95())
        )
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
        format!("{:+.0}", x)
    }
}

fn unsigned(x: f64) -> String {
    if x.is_finite() {
        format!("{:.0}", x)
    } else {
        "inf".to_string()
    }
}

/// The outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The first player's wins, draws and losses.
    pub tally: Tally,
    /// Every game, in game order.
    pub games: Vec<GameReport>,
}

/// A player in a running match.
enum Player {
    BuiltIn {
        searcher: Box<Searcher>,
        level: Level,
    },
    Uci {
        path: String,
        args: Vec<String>,
        engine: Option<UciEngine>,
    },
}

impl Player {
    fn new(spec: &PlayerSpec, hash_mib: usize) -> Player {
        match spec {
            PlayerSpec::Level(n) => Player::BuiltIn {
                searcher: Box::new(Searcher::new(hash_mib)),
                level: Level::new(*n, 0),
            },
            PlayerSpec::Full => Player::BuiltIn {
                searcher: Box::new(Searcher::new(hash_mib)),
                level: Level::full(),
            },
            PlayerSpec::Uci { path, args } => Player::Uci {
                path: path.clone(),
                args: args.clone(),
                engine: None,
            },
        }
    }

    /// Prepares for a new game; `seed` varies the built-in levels' noise from game to game.
    fn new_game(&mut self, seed: u64) -> Result<(), String> {
        match self {
            Player::BuiltIn { searcher, level } => {
                searcher.clear();
                level.seed = seed;
                Ok(())
            }
            Player::Uci { path, args, engine } => {
                if let Some(e) = engine.as_mut() {
                    if e.new_game().is_ok() {
                        return Ok(());
                    }
                }
                // Not started yet, or broken by the last game: start afresh.
                *engine = None;
                let mut e = UciEngine::start(path, args).map_err(|e| e.to_string())?;
                e.new_game().map_err(|e| e.to_string())?;
                *engine = Some(e);
                Ok(())
            }
        }
    }

    /// Chooses a move for the last position of the game; `Ok(None)` when it has none.
    fn choose(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        timeout: Duration,
    ) -> Result<Option<Move>, String> {
        match self {
            Player::BuiltIn { searcher, level } => {
                let req = SearchRequest {
                    start: start.clone(),
                    moves: moves.to_vec(),
                    banned: Vec::new(),
                    limits: limits.clone(),
                };
                Ok(searcher.search_level(&req, level, &mut |_| {}).best)
            }
            Player::Uci { engine, .. } => {
                let Some(e) = engine.as_mut() else {
                    return Err("the engine is not running".to_string());
                };
                let r = e.go(start, moves, &go_args(limits), timeout);
                if r.is_err() {
                    // Kill it; the next game starts a fresh process.
                    *engine = None;
                }
                r.map_err(|e| e.to_string())
            }
        }
    }
}

/// Formats limits as the arguments of a UCI `go` command.
fn go_args(l: &Limits) -> String {
    let mut parts = Vec::new();
    let mut put = |k: &str, v: Option<u64>| {
        if let Some(v) = v {
            parts.push(format!("{k} {v}"));
        }
    };
    put("depth", l.depth.map(u64::from));
    put("movetime", l.movetime);
    put("wtime", l.wtime);
    put("btime", l.btime);
    put("winc", l.winc);
    put("binc", l.binc);
    if parts.is_empty() {
        parts.push("depth 64".to_string());
    }
    parts.join(" ")
}

/// Plays one game between `players[red]` (Red) and `players[1 - red]` from `opening`.
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
) -> Result<GameReport, String> {
    let mut game = Game::new(Position::start(), RuleSet::Wxf2018);
    for m in opening.parsed_moves().unwrap_or_default() {
        if game.play(m).is_err() {
            break;
        }
    }
    let mut adjudication = None;
    let who = |c: Color| if c == Color::Red { red } else { 1 - red };
    for (i, p) in players.iter_mut().enumerate() {
        let seed = config.seed ^ (index as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ i as u64;
        p.new_game(seed)
            .map_err(|e| format!("{} could not start: {e}", names[i]))?;
    }
    let mut clock: [i64; 2] = match config.time {
        TimeControl::Clock { initial_ms, .. } => [i64::try_from(initial_ms).unwrap_or(i64::MAX); 2],
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
        let (limits, timeout) = limits_for(config.time, clock);
        let started = Instant::now();
        let reply = players[p].choose(game.start(), &game.moves(), &limits, timeout);
        let spent = i64::try_from(started.elapsed().as_millis()).unwrap_or(i64::MAX);
        if let TimeControl::Clock { increment_ms, .. } = config.time {
            let c = &mut clock[side as usize];
            *c = c.saturating_sub(spent);
            if *c < 0 {
                adjudication = Some(format!("{} lost on time", names[p]));
                let _ = game.forfeit_on_time(side);
                break;
            }
            *c = c.saturating_add(i64::try_from(increment_ms).unwrap_or(i64::MAX));
        }
        let failure = match reply {
            Err(e) => format!("{} failed: {e}", names[p]),
            Ok(None) => format!("{} gave no move", names[p]),
            Ok(Some(m)) => match game.play(m) {
                Ok(_) => continue,
                Err(GameError::Illegal { ply, reason }) => {
                    format!("{} played an illegal move at ply {ply}: {reason}", names[p])
                }
                Err(e) => format!("{}'s move {m} was refused: {e}", names[p]),
            },
        };
        adjudication = Some(failure);
        let _ = game.resign(side);
    }
    Ok(GameReport {
        index,
        red,
        opening,
        game,
        adjudication,
    })
}

/// Returns the limits of the side to move and how long an external engine may take.
fn limits_for(time: TimeControl, clock: [i64; 2]) -> (Limits, Duration) {
    match time {
        TimeControl::MoveTime(ms) => (
            Limits::movetime(ms),
            Duration::from_millis(ms.saturating_mul(2).saturating_add(5_000)),
        ),
        TimeControl::Clock { increment_ms, .. } => {
            let red = clock[Color::Red as usize].max(0) as u64;
            let black = clock[Color::Black as usize].max(0) as u64;
            let limits = Limits {
                wtime: Some(red),
                btime: Some(black),
                winc: Some(increment_ms),
                binc: Some(increment_ms),
                ..Limits::default()
            };
            // The flag is judged after the reply; this only bounds a hung engine.
            (
                limits,
                Duration::from_millis(
                    red.max(black)
                        .saturating_add(increment_ms)
                        .saturating_add(5_000),
                ),
            )
        }
        TimeControl::Depth(d) => (Limits::depth(d), Duration::from_millis(UNTIMED_TIMEOUT_MS)),
        TimeControl::LevelCaps => (Limits::default(), Duration::from_millis(UNTIMED_TIMEOUT_MS)),
    }
}

/// Plays the match described by `config` on `config.concurrency` threads, calling
/// `on_game` (on the calling thread) as each game finishes, with the tally so far.
///
/// # Errors
/// The message of [`MatchConfig::validate`], or the first player that could not be started
/// (the match then stops: games under way finish, no new one begins; the games finished
/// were already passed to `on_game`).
pub fn run(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameReport, &Tally),
) -> Result<MatchResult, String> {
    config.validate()?;
    let next = AtomicUsize::new(0);
    let abort = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<GameReport, String>>();
    let threads = config.concurrency.clamp(1, config.games.max(1));
    let mut tally = Tally::default();
    let mut games = Vec::new();
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let next = &next;
            let abort = &abort;
            scope.spawn(move || {
                let mut players = [
                    Player::new(&config.players[0], config.hash_mib),
                    Player::new(&config.players[1], config.hash_mib),
                ];
                loop {
                    if abort.load(Ordering::SeqCst) {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= config.games {
                        break;
                    }
                    let opening = config.openings[(index / 2) % config.openings.len()];
                    let red = index % 2;
                    let report =
                        play_game(&mut players, &config.players, red, opening, config, index);
                    if report.is_err() {
                        abort.store(true, Ordering::SeqCst);
                    }
                    if tx.send(report).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for report in rx {
            match report {
                Ok(report) => {
                    tally.add(report.first_player_score());
                    on_game(&report, &tally);
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
    Ok(MatchResult { tally, games })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn player_specs_round_trip() {
        for s in [
            "level:1",
            "level:5",
            "full",
            "uci:/bin/engine",
            "uci:/bin/x uci",
        ] {
            let spec: PlayerSpec = s.parse().expect(s);
            assert_eq!(spec.to_string(), s);
        }
        assert_eq!(
            "uci:/bin/x  uci --fast".parse::<PlayerSpec>().ok(),
            Some(PlayerSpec::Uci {
                path: "/bin/x".to_string(),
                args: vec!["uci".to_string(), "--fast".to_string()]
            })
        );
        for bad in ["level:0", "level:6", "level:x", "uci:", "stockfish", ""] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn clocks_parse() {
        assert_eq!(
            TimeControl::parse_clock("10000+100"),
            Ok(TimeControl::Clock {
                initial_ms: 10_000,
                increment_ms: 100
            })
        );
        assert_eq!(
            TimeControl::parse_clock("5000"),
            Ok(TimeControl::Clock {
                initial_ms: 5_000,
                increment_ms: 0
            })
        );
        assert!(TimeControl::parse_clock("1+x").is_err());
        assert!(TimeControl::parse_clock("-5+0").is_err());
    }

    #[test]
    fn go_arguments_follow_the_limits() {
        assert_eq!(go_args(&Limits::movetime(50)), "movetime 50");
        assert_eq!(go_args(&Limits::depth(3)), "depth 3");
        let (l, _) = limits_for(
            TimeControl::Clock {
                initial_ms: 1000,
                increment_ms: 10,
            },
            [900, 800],
        );
        assert_eq!(go_args(&l), "wtime 900 btime 800 winc 10 binc 10");
    }

    #[test]
    fn unlimited_full_strength_is_refused() {
        let c = MatchConfig::new(
            [PlayerSpec::Full, PlayerSpec::Level(1)],
            2,
            TimeControl::LevelCaps,
        );
        assert!(c.validate().is_err());
        let c = MatchConfig::new(
            [PlayerSpec::Level(4), PlayerSpec::Level(1)],
            2,
            TimeControl::LevelCaps,
        );
        assert!(c.validate().is_ok());
    }
}
