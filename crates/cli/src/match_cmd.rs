//! `xiangqi match`: plays two players against each other from the built-in openings and
//! prints wins, draws and losses with an Elo difference and its 95% error margin.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use xiangqi::pgn;
use xiangqi_engine::matches::{
    self, MatchConfig, PlayerSpec, TimeControl, DEFAULT_MAX_PLIES, MAX_GAMES, MAX_PLIES,
    MAX_TIME_MS,
};

/// Arguments of `xiangqi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The first player (results are counted for it): `level:N` (1–5), `full`, or
    /// `uci:PATH [ARG…]` (an external UCI engine; the text is split on whitespace, so quote
    /// it: `"uci:/usr/bin/xiangqi uci"`).
    first: PlayerSpec,
    /// The second player, in the same form.
    second: PlayerSpec,
    /// Number of games (1–100000); each opening is played twice, colours swapped.
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES as u64))]
    games: u64,
    /// Games played at the same time, one thread each.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    concurrency: u64,
    /// Time per move, in milliseconds (1 ms to 24 h).
    #[arg(long, conflicts_with_all = ["tc", "depth"],
          value_parser = clap::value_parser!(u64).range(1..=MAX_TIME_MS))]
    movetime: Option<u64>,
    /// Clock per side as INITIAL_MS+INC_MS (e.g. 10000+100; each up to 24 h, the initial
    /// time at least 1 ms); flag fall loses.
    #[arg(long, conflicts_with = "depth")]
    tc: Option<String>,
    /// Fixed search depth per move, in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Plies after which a game is adjudicated a draw (1–100000).
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES as u64,
          value_parser = clap::value_parser!(u64).range(1..=MAX_PLIES as u64))]
    max_plies: u64,
    /// Transposition table per built-in player, in mebibytes.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1024))]
    hash: u64,
    /// Write every game to this file as PGN.
    #[arg(long)]
    pgn: Option<std::path::PathBuf>,
}

/// Runs the match: one progress line per finished game on stderr, the summary
/// (`A vs B: +W =D -L, score S, Elo E ± M (N games)`) on stdout. Without --movetime, --tc or
/// --depth, levels 1–4 play at their own depth and node caps.
///
/// Exits 2 when the match cannot be played as asked (bad arguments, a PGN file that cannot
/// be created, a player that cannot be started), 1 when the PGN cannot be written at the
/// end, and quietly with 0 when standard output is closed.
pub fn run(args: &MatchArgs) -> ExitCode {
    let time = match (args.movetime, &args.tc, args.depth) {
        (Some(ms), _, _) => TimeControl::MoveTime(ms),
        (_, Some(tc), _) => match TimeControl::parse_clock(tc) {
            Ok(t) => t,
            Err(e) => return fail(&e),
        },
        (_, _, Some(d)) => TimeControl::Depth(d),
        _ => TimeControl::LevelCaps,
    };
    if let Err(e) = time.check() {
        return fail(&e);
    }
    // Create the PGN file first, so that a bad path fails before any game is played.
    let mut pgn_file = match &args.pgn {
        Some(path) => match std::fs::File::create(path) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => return fail(&format!("cannot create {}: {e}", path.display())),
        },
        None => None,
    };
    let players = [args.first.clone(), args.second.clone()];
    let games = usize::try_from(args.games).unwrap_or(MAX_GAMES);
    let mut config = MatchConfig::new(players.clone(), games, time);
    config.concurrency = args.concurrency as usize;
    config.max_plies = usize::try_from(args.max_plies).unwrap_or(MAX_PLIES);
    config.hash_mib = args.hash as usize;
    let total = args.games;
    let started = std::time::Instant::now();
    let result = matches::run(&config, |g, tally| {
        let status = g.game.status();
        let why = g
            .adjudication
            .clone()
            .or_else(|| status.reason.map(|r| r.name().to_string()))
            .unwrap_or_default();
        let _ = writeln!(
            std::io::stderr().lock(),
            "game {}/{total}: {} (Red) vs {} (Black), {}: {} {why}, {} plies | {} vs {}: {}",
            g.index + 1,
            players[g.red],
            players[1 - g.red],
            g.opening.name,
            status.result.pgn(),
            g.game.plies().len(),
            players[0],
            players[1],
            tally.summary(),
        );
    });
    let result = match result {
        Ok(r) => r,
        Err(e) => return fail(&e),
    };
    let mut code = ExitCode::SUCCESS;
    if let (Some(path), Some(file)) = (&args.pgn, pgn_file.as_mut()) {
        let written = result
            .games
            .iter()
            .try_for_each(|g| writeln!(file, "{}", pgn::write(&g.game, &g.tags(&players, time))))
            .and_then(|()| file.flush());
        if let Err(e) = written {
            let _ = writeln!(
                std::io::stderr().lock(),
                "xiangqi match: cannot write {}: {e}",
                path.display()
            );
            code = ExitCode::from(1);
        }
    }
    let _ = writeln!(
        std::io::stderr().lock(),
        "{} games in {:.1} s, {time}",
        result.games.len(),
        started.elapsed().as_secs_f64()
    );
    // A closed standard output (`| head -1`) is not an error worth a panic.
    let _ = writeln!(
        std::io::stdout().lock(),
        "{} vs {}: {} ({} games)",
        players[0],
        players[1],
        result.tally.summary(),
        result.tally.games()
    );
    code
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr().lock(), "xiangqi match: {message}");
    ExitCode::from(2)
}
