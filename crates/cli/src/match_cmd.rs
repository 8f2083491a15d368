//! `xiangqi match`: plays two players against each other from the built-in openings and
//! prints wins, draws and losses with an Elo difference and its 95% error margin.

use clap::Args;
use std::process::ExitCode;
use xiangqi::pgn;
use xiangqi_engine::matches::{self, MatchConfig, PlayerSpec, TimeControl, DEFAULT_MAX_PLIES};

/// Arguments of `xiangqi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The first player (results are counted for it): `level:N` (1–5), `full`, or
    /// `uci:PATH [ARG…]` (an external UCI engine; the text is split on whitespace, so quote
    /// it: `"uci:/usr/bin/xiangqi uci"`).
    first: PlayerSpec,
    /// The second player, in the same form.
    second: PlayerSpec,
    /// Number of games; each opening is played twice, colours swapped.
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Games played at the same time, one thread each.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    concurrency: u64,
    /// Time per move, in milliseconds.
    #[arg(long, conflicts_with_all = ["tc", "depth"])]
    movetime: Option<u64>,
    /// Clock per side as INITIAL_MS+INC_MS (e.g. 10000+100); flag fall loses.
    #[arg(long, conflicts_with = "depth")]
    tc: Option<String>,
    /// Fixed search depth per move, in plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: usize,
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
    let players = [args.first.clone(), args.second.clone()];
    let mut config = MatchConfig::new(players.clone(), args.games, time);
    config.concurrency = args.concurrency as usize;
    config.max_plies = args.max_plies;
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
        eprintln!(
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
    if let Some(path) = &args.pgn {
        let text: String = result
            .games
            .iter()
            .map(|g| pgn::write(&g.game, &g.tags(&players, time)) + "\n")
            .collect();
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("xiangqi match: cannot write {}: {e}", path.display());
            code = ExitCode::from(1);
        }
    }
    eprintln!(
        "{} games in {:.1} s, {time}",
        result.games.len(),
        started.elapsed().as_secs_f64()
    );
    println!(
        "{} vs {}: {} ({} games)",
        players[0],
        players[1],
        result.tally.summary(),
        result.tally.games()
    );
    code
}

fn fail(message: &str) -> ExitCode {
    eprintln!("xiangqi match: {message}");
    ExitCode::from(2)
}
