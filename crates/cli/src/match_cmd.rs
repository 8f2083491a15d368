//! `xiangqi match`: plays two players against each other from the built-in openings and
//! prints wins, draws and losses with an Elo difference and its 95% error margin, each
//! side's think time and time losses, the games ended by a failure (which withhold the Elo
//! and the SPRT's verdict), and, with `--sprt`, the test's log-likelihood ratio.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use xiangqi::pgn;
use xiangqi_engine::engine::MAX_HASH_MIB;
use xiangqi_tools::external::{EngineOption, Protocol};
use xiangqi_tools::matches::{
    self, failures, MatchConfig, PlayerSpec, Standing, TimeControl, DEFAULT_MAX_PLIES, MAX_GAMES,
    MAX_NODES, MAX_RANDOM_PLIES, MAX_TIME_MS,
};
use xiangqi_tools::sprt::{Decision, Sprt, SprtState, DEFAULT_ERROR};

/// The most games of an SPRT match when `--games` is not given.
const SPRT_DEFAULT_GAMES: u64 = 20_000;

/// Arguments of `xiangqi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The first player (results are counted for it): `level:N` (1–5), `full`, or an
    /// external engine: `uci:PATH [ARG…]`, `fsf:PATH [ARG…]` (Fairy-Stockfish's Xiangqi
    /// UCI) or `ucci:PATH [ARG…]` (e.g. ElephantEye). The text is split on whitespace, so
    /// quote it: `"uci:/usr/bin/xiangqi uci"`.
    first: PlayerSpec,
    /// The second player, in the same form.
    second: PlayerSpec,
    /// Number of games (1–100000; default 100); each opening is played twice, colours
    /// swapped. With --sprt, the most games to play (default 20000).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES as u64))]
    games: Option<u64>,
    /// Games played at the same time, one thread each.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    concurrency: u64,
    /// Time per move, in milliseconds (1 ms to 24 h).
    #[arg(long, conflicts_with_all = ["tc", "depth", "nodes"],
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIME_MS))]
    movetime: Option<u64>,
    /// Clock per side as INITIAL_MS+INC_MS (e.g. 10000+100; each up to 24 h, the initial
    /// time at least 1 ms); flag fall loses.
    #[arg(long, conflicts_with_all = ["depth", "nodes"])]
    tc: Option<String>,
    /// Fixed search depth per move, in plies.
    #[arg(long, conflicts_with = "nodes", value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Fixed number of nodes per move (`go nodes`): results that do not depend on the
    /// machine's load, for comparing engine versions.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_NODES))]
    nodes: Option<u64>,
    /// Plies after which a game is adjudicated a draw (up to 100000; at least the longest
    /// opening plus a move each, 8).
    // Its range is checked by `MatchConfig::validate`, whose lower end depends on the openings.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES as u64)]
    max_plies: u64,
    /// Random legal moves after each opening, in plies (0–40; default 0), the same for both
    /// games of a pair. Give some (e.g. 8) to a --nodes or --depth match longer than 40
    /// games: with 20 openings and a deterministic engine its games would otherwise repeat.
    #[arg(long, default_value_t = 0,
          value_parser = clap::value_parser!(u64).range(0..=MAX_RANDOM_PLIES as u64))]
    random_plies: u64,
    /// Transposition table per built-in player, in mebibytes.
    #[arg(long, default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(1..=MAX_HASH_MIB as u64))]
    hash: u64,
    /// An option for the first player as NAME=VALUE (repeatable): sent to an external
    /// engine as `setoption` (it must list the option and take the value); a built-in
    /// player takes Hash (MiB), Threads, Move Overhead (ms), Use NNUE (true/false) and
    /// EvalFile (a network file).
    #[arg(long = "option-a", value_name = "NAME=VALUE")]
    option_a: Vec<EngineOption>,
    /// An option for the second player, as --option-a.
    #[arg(long = "option-b", value_name = "NAME=VALUE")]
    option_b: Vec<EngineOption>,
    /// The dialect to speak to every external player, whatever its prefix and its `id
    /// name` say: `uci` (ICCS moves, ranks 0-9), `fsf` (Fairy-Stockfish's Xiangqi UCI,
    /// ranks 1-10) or `ucci`. Without it a `uci:` engine whose `id name` contains
    /// Fairy-Stockfish is spoken to as `fsf:`.
    #[arg(long, value_name = "uci|fsf|ucci", conflicts_with_all = ["protocol_a", "protocol_b"])]
    protocol: Option<Protocol>,
    /// The dialect to speak to the first player (an external engine), as --protocol.
    #[arg(long = "protocol-a", value_name = "uci|fsf|ucci")]
    protocol_a: Option<Protocol>,
    /// The dialect to speak to the second player (an external engine), as --protocol.
    #[arg(long = "protocol-b", value_name = "uci|fsf|ucci")]
    protocol_b: Option<Protocol>,
    /// Run a sequential probability ratio test of H0 "the first player is ELO0 stronger"
    /// against H1 "it is ELO1 stronger" (logistic Elo, pentanomial over game pairs) and
    /// stop once it decides; e.g. `--sprt 0,10`.
    #[arg(long, value_name = "ELO0,ELO1", allow_hyphen_values = true)]
    sprt: Option<String>,
    /// The SPRT's chance of accepting H1 when H0 holds.
    #[arg(long, default_value_t = DEFAULT_ERROR, requires = "sprt")]
    alpha: f64,
    /// The SPRT's chance of accepting H0 when H1 holds.
    #[arg(long, default_value_t = DEFAULT_ERROR, requires = "sprt")]
    beta: f64,
    /// Write every game to this file as PGN.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
}

/// Reads `ELO0,ELO1` with the error rates into a test.
fn parse_sprt(text: &str, alpha: f64, beta: f64) -> Result<Sprt, String> {
    let bad = || format!("bad --sprt {text:?}: expected ELO0,ELO1 such as 0,10");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let elo0 = a.trim().parse::<f64>().map_err(|_| bad())?;
    let elo1 = b.trim().parse::<f64>().map_err(|_| bad())?;
    Sprt::new(elo0, elo1, alpha, beta).map_err(|e| e.to_string())
}

/// The match `args` ask for: players, games, time control, options, protocols,
/// concurrency, limits and the SPRT, checked.
///
/// # Errors
/// What is wrong with the arguments, in words.
fn config_of(args: &MatchArgs) -> Result<MatchConfig, String> {
    let time = match (args.movetime, &args.tc, args.depth, args.nodes) {
        (Some(ms), ..) => TimeControl::MoveTime(ms),
        (_, Some(tc), ..) => TimeControl::parse_clock(tc).map_err(|e| e.to_string())?,
        (_, _, Some(d), _) => TimeControl::Depth(d),
        (.., Some(n)) => TimeControl::Nodes(n),
        _ => TimeControl::LevelCaps,
    };
    time.check().map_err(|e| e.to_string())?;
    let sprt = match &args.sprt {
        Some(text) => Some(parse_sprt(text, args.alpha, args.beta)?),
        None => None,
    };
    let players = [args.first.clone(), args.second.clone()];
    let games = args.games.unwrap_or(if sprt.is_some() {
        SPRT_DEFAULT_GAMES
    } else {
        100
    });
    let mut config = MatchConfig::new(
        players.clone(),
        usize::try_from(games).unwrap_or(MAX_GAMES),
        time,
    );
    config.options = [args.option_a.clone(), args.option_b.clone()];
    config.protocols = match args.protocol {
        // Every external player; clap keeps --protocol-a and --protocol-b out.
        Some(p) => {
            let forced = players
                .clone()
                .map(|s| matches!(s, PlayerSpec::Engine { .. }).then_some(p));
            if forced == [None, None] {
                return Err("--protocol: neither player is an external engine".to_string());
            }
            forced
        }
        None => [args.protocol_a, args.protocol_b],
    };
    config.concurrency = args.concurrency as usize;
    config.max_plies = usize::try_from(args.max_plies).unwrap_or(usize::MAX);
    config.random_plies = args.random_plies as usize;
    config.hash_mib = args.hash as usize;
    config.sprt = sprt;
    config.validate().map_err(|e| e.to_string())?;
    Ok(config)
}

/// Runs the match: one progress line per finished game on stderr (and with --sprt one per
/// finished pair), then on stdout the summary (`A vs B: +W =D -L, score S, Elo E ± M (N
/// games)`, the Elo withheld when a game ended by a failure), each side's think time per
/// move and time losses, repetition losses, `failures: N (first: game G, …)`, and the
/// SPRT's result. Without --movetime, --tc, --depth or --nodes, levels 1–4 play at their
/// own depth and node caps.
///
/// With `--pgn`, each game is appended to the file as it ends (see `PgnLog`).
///
/// Exits 2 when the match cannot be played as asked (bad arguments, a PGN file that cannot
/// be created, a player that cannot be started), 1 when a game ended by a failure or could
/// not be written to the PGN file, and quietly with the same status when standard output is
/// closed.
pub fn run(args: &MatchArgs) -> ExitCode {
    let config = match config_of(args) {
        Ok(c) => c,
        Err(e) => return fail(&e.to_string()),
    };
    let (players, time) = (config.players.clone(), config.time);
    let games = config.games;
    // Open the PGN file first, so that a bad path fails before any game is played.
    let mut pgn_log = match &args.pgn {
        Some(path) => match PgnLog::open(path) {
            Ok(log) => Some(log),
            Err(e) => return fail(&format!("cannot create {}: {e}", path.display())),
        },
        None => None,
    };
    let started = std::time::Instant::now();
    let mut pairs_seen = 0;
    let result = matches::run(&config, |g, standing| {
        let status = g.game.status();
        let why = g
            .adjudication
            .clone()
            .or_else(|| status.reason.map(|r| r.name().to_string()))
            .unwrap_or_default();
        if let Some(log) = pgn_log.as_mut() {
            log.append(&pgn::write(&g.game, &g.tags(&players, time)));
        }
        err_line!(
            "game {}/{games}: {} (Red) vs {} (Black), {}: {} {why}, {} plies | {} vs {}: {}",
            g.index + 1,
            players[g.red],
            players[1 - g.red],
            g.opening.name,
            status.result.pgn(),
            g.game.plies().len(),
            players[0],
            players[1],
            standing.summary(),
        );
        if let Some(s) = standing
            .sprt
            .filter(|_| standing.pairs.pairs() > pairs_seen)
        {
            pairs_seen = standing.pairs.pairs();
            err_line!("sprt: {}", sprt_state(s, standing.failed_games()));
        }
    });
    let pgn_written = pgn_log.map(PgnLog::finish);
    let result = match result {
        Ok(r) => r,
        Err(e) => return fail(&e.to_string()),
    };
    let mut code = ExitCode::SUCCESS;
    if let (Some(path), Some(Err(e))) = (&args.pgn, pgn_written) {
        err_line!("xiangqi match: cannot write {}: {e}", path.display());
        code = ExitCode::from(1);
    }
    if result.standing.failed_games() > 0 {
        code = ExitCode::from(1);
    }
    err_line!(
        "{} games in {:.1} s, {time}",
        result.games.len(),
        started.elapsed().as_secs_f64()
    );
    // A closed standard output (`| head -1`) is not an error worth a panic.
    let _ = write!(
        std::io::stdout().lock(),
        "{}",
        summary(&players, &config, &result.standing)
    );
    code
}

/// The `--pgn` file, written one game at a time as each game ends, so that an interrupted
/// match keeps its finished games. An existing file is emptied only when the first game is
/// written: a match that fails before any game leaves it as it was, and a file this match
/// created is removed again.
struct PgnLog {
    path: std::path::PathBuf,
    file: std::fs::File,
    created: bool,
    games: usize,
    error: Option<std::io::Error>,
}

impl PgnLog {
    /// Opens `path` for writing without emptying it.
    ///
    /// # Errors
    /// The operating system's error when the file cannot be opened or created (a folder, a
    /// missing folder, no permission).
    fn open(path: &std::path::Path) -> std::io::Result<PgnLog> {
        let created = !path.exists();
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)?;
        Ok(PgnLog {
            path: path.to_path_buf(),
            file,
            created,
            games: 0,
            error: None,
        })
    }

    /// Appends one game's PGN text and a blank line; the first game empties the file first.
    /// After a write error the rest are skipped and [`PgnLog::finish`] reports the error.
    fn append(&mut self, pgn: &str) {
        if self.error.is_some() {
            return;
        }
        let written = if self.games == 0 {
            self.file.set_len(0)
        } else {
            Ok(())
        }
        .and_then(|()| writeln!(self.file, "{pgn}"))
        .and_then(|()| self.file.flush());
        match written {
            Ok(()) => self.games += 1,
            Err(e) => self.error = Some(e),
        }
    }

    /// Closes the file: returns the first write error, if any, and removes a file this match
    /// created but never wrote a game to.
    fn finish(self) -> std::io::Result<()> {
        if self.games == 0 && self.created && self.error.is_none() {
            drop(self.file);
            let _ = std::fs::remove_file(&self.path);
            return Ok(());
        }
        match self.error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Formats an SPRT's state: as it writes itself, or after a failure without its verdict,
/// followed by `: verdict withheld because of N failures`.
fn sprt_state(state: SprtState, failed: u32) -> String {
    if failed == 0 {
        return state.to_string();
    }
    let undecided = SprtState {
        decision: Decision::Continue,
        ..state
    };
    format!(
        "{undecided}: verdict withheld because of {}",
        failures(failed)
    )
}

/// Formats the closing lines: the result (the Elo withheld after a failure), the think times
/// and time losses, the games lost by a repetition ruling, the failures, and the SPRT (its
/// verdict withheld after a failure).
fn summary(players: &[PlayerSpec; 2], config: &MatchConfig, s: &Standing) -> String {
    // Two players of the same name (`full full --option-a Threads=2`) are told apart by the
    // side of the command line they came from.
    let players = if players[0].to_string() == players[1].to_string() {
        [format!("{} (A)", players[0]), format!("{} (B)", players[1])]
    } else {
        [players[0].to_string(), players[1].to_string()]
    };
    let mut out = format!(
        "{} vs {}: {} ({} games)\n",
        players[0],
        players[1],
        s.summary(),
        s.tally.games()
    );
    let think = |i: usize| {
        let avg = s.think[i].average_ms();
        match config.time {
            TimeControl::MoveTime(ms) => format!(
                "{} {avg:.1} ms ({:.0}% of {ms} ms)",
                players[i],
                avg * 100.0 / ms as f64
            ),
            _ => format!("{} {avg:.1} ms", players[i]),
        }
    };
    out.push_str(&format!(
        "think time per move: {}, {}; time losses: {} {}, {} {}\n",
        think(0),
        think(1),
        players[0],
        s.time_losses[0],
        players[1],
        s.time_losses[1]
    ));
    out.push_str(&format!(
        "repetition losses (perpetual check or chase): {} {}, {} {}\n",
        players[0], s.repetition_losses[0], players[1], s.repetition_losses[1]
    ));
    out.push_str(&match &s.first_failure {
        None => "failures: 0\n".to_string(),
        Some((game, what)) => format!(
            "failures: {} (first: game {}, {what})\n",
            s.failed_games(),
            game + 1
        ),
    });
    let failed = s.failed_games();
    if let (Some(t), Some(state)) = (config.sprt, s.sprt) {
        let (elo0, elo1) = t.elo_bounds();
        let (alpha, beta) = t.error_rates();
        out.push_str(&format!(
            "SPRT elo0 {elo0} elo1 {elo1} alpha {alpha} beta {beta}: {}{}\n",
            sprt_state(state, failed),
            if state.decision == Decision::Continue && failed == 0 {
                ": no decision"
            } else {
                ""
            }
        ));
    } else if let Some(t) = config.sprt {
        let (lower, upper) = t.bounds();
        let (pairs, verdict) = if failed == 0 {
            ("", "no decision".to_string())
        } else {
            (
                " without a failure",
                format!("verdict withheld because of {}", failures(failed)),
            )
        };
        out.push_str(&format!(
            "SPRT: no pair finished{pairs}, LLR 0.00 ({lower:.2}, {upper:.2}): {verdict}\n"
        ));
    }
    out
}

fn fail(message: &str) -> ExitCode {
    err_line!("xiangqi match: {message}");
    ExitCode::from(2)
}
