//! `xiangqi selfplay`: fast games of the engine against itself, writing quiet positions with
//! the game results for `xiangqi tune`.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use xiangqi_tools::selfplay::{self, SelfplayConfig};

/// Arguments of `xiangqi selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// Where to write the positions, one `FEN;RESULT` line each (RESULT 1, 0.5 or 0 for Red).
    #[arg(long)]
    out: std::path::PathBuf,
    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Games played at the same time, one thread each.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
    /// Seed of the random opening moves (the same seed gives the same games).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Random legal moves played after the book opening, in plies.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u64).range(0..=100))]
    random_plies: u64,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, default_value_t = 300, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    max_plies: u64,
}

/// Plays the games, printing progress on stderr every 50 games and `N games, P positions`
/// on stdout at the end. Exits 2 when the output file cannot be created, 1 when writing it
/// fails.
pub fn run(args: &SelfplayArgs) -> ExitCode {
    let file = match std::fs::File::create(&args.out) {
        Ok(f) => f,
        Err(e) => {
            err_line!("xiangqi: cannot create {}: {e}", args.out.display());
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(file);
    let config = SelfplayConfig {
        games: args.games as usize,
        nodes: args.nodes,
        concurrency: args.concurrency as usize,
        seed: args.seed,
        random_plies: args.random_plies as usize,
        max_plies: args.max_plies as usize,
        ..SelfplayConfig::default()
    };
    let started = std::time::Instant::now();
    let mut positions = 0usize;
    let mut failure: Option<std::io::Error> = None;
    let mut sink = |games: usize, samples: &[selfplay::Sample]| {
        for s in samples {
            if failure.is_none() {
                if let Err(e) = writeln!(out, "{}", s.line()) {
                    failure = Some(e);
                }
            }
        }
        positions += samples.len();
        if games % 50 == 0 {
            err_line!(
                "{games}/{} games, {positions} positions, {:.0} s",
                config.games,
                started.elapsed().as_secs_f64()
            );
        }
    };
    selfplay::run(&config, &mut sink);
    if let Err(e) = out.flush() {
        failure.get_or_insert(e);
    }
    if let Some(e) = failure {
        err_line!("xiangqi: cannot write {}: {e}", args.out.display());
        return ExitCode::from(1);
    }
    out_line!(
        "{} games, {positions} positions in {:.0} s",
        config.games,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
