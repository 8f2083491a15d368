//! `xiangqi bench`: searches the fixed benchmark positions and prints the node count (the
//! search's signature) and the speed.

use clap::Args;
use std::process::ExitCode;
use xiangqi_engine::bench;

/// Arguments of `xiangqi bench`.
#[derive(Args)]
pub struct BenchArgs {
    /// Depth in plies (1–20).
    #[arg(default_value_t = bench::DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=20))]
    depth: u32,
}

/// Prints one line per position on stderr and `<nodes> nodes <nps> nps` as the last line
/// of stdout.
pub fn run(args: &BenchArgs) -> ExitCode {
    let r = bench::run(args.depth, |line| eprintln!("{line}"));
    eprintln!("depth {} time {} ms", args.depth, r.time_ms);
    println!("{} nodes {} nps", r.nodes, r.nps);
    ExitCode::SUCCESS
}
