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
}

/// Prints one line per position on stderr and `<nodes> nodes <nps> nps` as the last line
/// of stdout; exits quietly when either stream is closed (`xiangqi bench | true`).
pub fn run(args: &BenchArgs) -> ExitCode {
    let r = bench::run(args.depth, |line| {
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    });
    let _ = writeln!(
        std::io::stderr().lock(),
        "depth {} time {} ms",
        args.depth,
        r.time_ms
    );
    let _ = writeln!(std::io::stdout().lock(), "{} nodes {} nps", r.nodes, r.nps);
    ExitCode::SUCCESS
}
