//! `xiangqi selfplay`: fast games of the engine against itself, writing either quiet
//! positions with the game results (`--out`, `FEN;RESULT` lines for `xiangqi tune`) or the
//! NNUE's training data (`--data`, binary shards for `xiangqi nnue train`).

use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;
use xiangqi_tools::data_shards::{self, Progress, ShardPlan};
use xiangqi_tools::selfplay::{self, DataFilter, SelfplayConfig};

/// Arguments of `xiangqi selfplay`.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("output").required(true).args(["out", "data"])))]
pub struct SelfplayArgs {
    /// Where to write the positions, one `FEN;RESULT` line each (RESULT 1, 0.5 or 0 for Red).
    #[arg(long)]
    out: Option<PathBuf>,
    /// A folder to write the NNUE's training data to, as shards `shard-00000.xqd`, … (games
    /// with each position's search score; see `docs/engine.md`, "NNUE"). Shards already
    /// there are kept, so a stopped run resumes where it was.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Number of games.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    nodes: u64,
    /// Games played at the same time, one thread each.
    #[arg(long, visible_alias = "threads", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
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
    /// Play with the classical evaluation instead of the NNUE (the embedded network's
    /// training data was made so; see crates/engine/nets/xiangqi.nnue.md).
    #[arg(long)]
    classical: bool,
    /// With --data: games per shard.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games_per_shard: u64,
    /// With --data: positions before this ply are not kept (the opening and random moves).
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(0..=1000))]
    skip_plies: u64,
    /// With --data: positions whose search score is beyond ± this many centipawns are not
    /// kept.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=30_000))]
    max_score: u64,
}

/// Plays the games. With `--out`: progress on stderr every 50 games and `N games, P
/// positions` on stdout at the end. With `--data`: a progress line on stderr after each
/// shard (positions, positions/s, ETA) and a summary on stdout. Exits 2 when the output
/// cannot be created, 1 when writing it fails.
pub fn run(args: &SelfplayArgs) -> ExitCode {
    let config = SelfplayConfig {
        games: args.games as usize,
        nodes: args.nodes,
        concurrency: args.concurrency as usize,
        seed: args.seed,
        random_plies: args.random_plies as usize,
        max_plies: args.max_plies as usize,
        classical: args.classical,
        ..SelfplayConfig::default()
    };
    match (&args.out, &args.data) {
        (Some(out), _) => write_samples(&config, out),
        (None, Some(dir)) => write_data(&config, args, dir),
        (None, None) => ExitCode::from(2),
    }
}

/// `--data`: the training shards.
fn write_data(config: &SelfplayConfig, args: &SelfplayArgs, dir: &std::path::Path) -> ExitCode {
    if dir.exists() && !dir.is_dir() {
        err_line!(
            "xiangqi: cannot write shards to {}: it is a file",
            dir.display()
        );
        return ExitCode::from(2);
    }
    if let Err(e) = std::fs::create_dir_all(dir) {
        err_line!("xiangqi: cannot create {}: {e}", dir.display());
        return ExitCode::from(2);
    }
    let filter = DataFilter {
        skip_plies: args.skip_plies as usize,
        max_score: args.max_score as i32,
    };
    let plan = ShardPlan {
        dir: dir.to_path_buf(),
        games_per_shard: args.games_per_shard as usize,
    };
    let started = Instant::now();
    let mut progress = |p: &Progress| {
        let secs = started.elapsed().as_secs_f64().max(1e-3);
        let left = p.shards_to_write - p.shards_written;
        let eta = secs / p.shards_written.max(1) as f64 * left as f64;
        err_line!(
            "shard {}/{}: {} games, {} positions, {:.0} positions/s, ETA {:.0} s",
            p.shards_written,
            p.shards_to_write,
            p.games,
            p.positions,
            p.positions as f64 / secs,
            eta
        );
    };
    match data_shards::write_shards(config, filter, &plan, &mut progress) {
        Ok(p) => {
            let secs = started.elapsed().as_secs_f64();
            out_line!(
                "{} games, {} positions in {} shards ({} already there) in {:.0} s: {:.0} positions/hour",
                p.games,
                p.positions,
                p.shards_written,
                p.shards_skipped,
                secs,
                p.positions as f64 / secs.max(1e-3) * 3600.0
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            err_line!("xiangqi: cannot write a shard in {}: {e}", dir.display());
            ExitCode::from(1)
        }
    }
}

/// `--out`: quiet positions with results for `xiangqi tune`.
fn write_samples(config: &SelfplayConfig, path: &std::path::Path) -> ExitCode {
    let file = match std::fs::File::create(path) {
        Ok(f) => f,
        Err(e) => {
            err_line!("xiangqi: cannot create {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::BufWriter::new(file);
    let started = Instant::now();
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
    selfplay::run(config, &mut sink);
    if let Err(e) = out.flush() {
        failure.get_or_insert(e);
    }
    if let Some(e) = failure {
        err_line!("xiangqi: cannot write {}: {e}", path.display());
        return ExitCode::from(1);
    }
    out_line!(
        "{} games, {positions} positions in {:.0} s",
        config.games,
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
