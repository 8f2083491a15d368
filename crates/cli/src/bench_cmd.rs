//! `xiangqi bench`: searches the fixed benchmark positions and prints the node count (the
//! search's signature) and the speed.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use xiangqi_engine::bench;

/// Arguments of `xiangqi bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Depth in plies (1–20).
    #[arg(default_value_t = bench::DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
    /// Search threads (Lazy SMP); with more than one the node count varies from run to run
    /// and is no signature.
    #[arg(long, default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..=xiangqi_engine::search::MAX_THREADS as u64))]
    threads: u64,
}

/// Prints one line per position on stderr and `<nodes> nodes <nps> nps` as the last line
/// of stdout; exits quietly when either stream is closed (`xiangqi bench | true`).
pub fn run(args: &BenchArgs) -> ExitCode {
    let r = bench::run_threads(args.depth, args.threads as usize, |line| {
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    });
    let _ = writeln!(
        std::io::stderr().lock(),
        "depth {} threads {} time {} ms",
        args.depth,
        args.threads,
        r.time_ms
    );
    let _ = writeln!(std::io::stdout().lock(), "{} nodes {} nps", r.nodes, r.nps);
    ExitCode::SUCCESS
}
