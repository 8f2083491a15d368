//! `xiangqi puzzles`: finds puzzles in self-play games and writes the library file that
//! the `/puzzles` trainer serves (`web/puzzles/library.json`).

use clap::Args;
use std::process::ExitCode;
use xiangqi_tools::puzzles::{self, Settings};

/// Arguments of `xiangqi puzzles`.
#[derive(Args)]
pub struct PuzzlesArgs {
    /// Where to write the library (JSON).
    #[arg(long)]
    out: std::path::PathBuf,
    /// Seed of the self-play games (the same seed and count give the same library).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Puzzles wanted.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// Nodes the self-play engine searches per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(100..=10_000_000))]
    nodes: u64,
    /// Games searched at the same time, one thread each (the library does not depend on it).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    concurrency: u64,
}

/// Generates the library, printing progress on stderr and `N puzzles from G games` on
/// stdout. Exits 2 when the file cannot be written (a folder that does not exist is found
/// before any game is played).
pub fn run(args: &PuzzlesArgs) -> ExitCode {
    if let Err(e) = crate::output::check_writable(&args.out) {
        err_line!("xiangqi: {e}");
        return ExitCode::from(2);
    }
    let settings = Settings {
        seed: args.seed,
        count: args.count as usize,
        nodes: args.nodes,
        concurrency: args.concurrency as usize,
        games: 0,
    };
    let command = format!(
        "xiangqi puzzles --out {} --seed {} --count {} --nodes {}",
        args.out.display(),
        args.seed,
        args.count,
        args.nodes
    );
    let started = std::time::Instant::now();
    let library = puzzles::generate(&settings, &command, &mut |games, found| {
        err_line!(
            "{games} games, {found}/{} puzzles, {:.0} s",
            settings.count,
            started.elapsed().as_secs_f64()
        );
    });
    let text = match serde_json::to_string(&library) {
        Ok(t) => t,
        Err(e) => {
            err_line!("xiangqi: cannot write the library: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = std::fs::write(&args.out, text + "\n") {
        err_line!("xiangqi: cannot write {}: {e}", args.out.display());
        return ExitCode::from(2);
    }
    out_line!(
        "{} puzzles from {} games in {:.0} s",
        library.puzzles.len(),
        library.settings.games,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
