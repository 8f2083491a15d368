//! `xiangqi bench`: searches the fixed benchmark positions and prints the node count (the
//! search's signature) and the speed.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;
use xiangqi_engine::bench;
use xiangqi_engine::nnue::Network;

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
    /// The evaluation: `nnue` or `classical` (default: the engine's, see `xiangqi uci`'s
    /// `Use NNUE`).
    #[arg(long, value_parser = ["nnue", "classical"])]
    eval: Option<String>,
    /// With the NNUE, this network file instead of the embedded network.
    #[arg(long)]
    eval_file: Option<std::path::PathBuf>,
}

/// Prints one line per position on stderr and `<nodes> nodes <nps> nps` as the last line
/// of stdout; exits quietly when either stream is closed (`xiangqi bench | true`).
/// Exits 2 when `--eval-file` is not a network of this build.
pub fn run(args: &BenchArgs) -> ExitCode {
    let network = match (args.eval.as_deref(), &args.eval_file) {
        (Some("classical"), _) => None,
        (_, Some(path)) => match Network::load(path) {
            Ok(n) => Some(Arc::new(n)),
            Err(e) => {
                let _ = writeln!(std::io::stderr().lock(), "xiangqi: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        },
        (Some(_), None) => Network::embedded(),
        (None, None) => xiangqi_engine::nnue::default_network(),
    };
    let r = bench::run_with(args.depth, args.threads as usize, network, |line| {
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
