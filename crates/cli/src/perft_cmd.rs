//! `xiangqi perft`: node counts of the legal-move tree, with timing on stderr.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;
use xiangqi::{divide, perft, Position, START_FEN};

/// Arguments of `xiangqi perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// Depth in plies (0–12).
    #[arg(value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// Position to count from, as FEN.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Also print each legal move (ICCS) with its own count.
    #[arg(long)]
    divide: bool,
}

/// Runs perft and prints the node count as the last line of stdout; time and nodes per
/// second go to stderr. Returns failure for an invalid FEN, with the reason.
pub fn run(args: &PerftArgs) -> ExitCode {
    let mut pos = match Position::from_fen(&args.fen) {
        Ok(p) => p,
        Err(e) => {
            err_line!("xiangqi perft: invalid FEN: {e}");
            return ExitCode::from(2);
        }
    };
    let mut out = std::io::stdout().lock();
    let start = Instant::now();
    let nodes = if args.divide {
        let parts = divide(&mut pos, args.depth);
        for (m, n) in &parts {
            // A closed pipe (`| head`) ends the listing quietly rather than panicking.
            if writeln!(out, "{m} {n}").is_err() {
                return ExitCode::SUCCESS;
            }
        }
        parts.iter().map(|(_, n)| n).sum()
    } else {
        perft(&mut pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    if writeln!(out, "{nodes}").is_err() {
        return ExitCode::SUCCESS;
    }
    let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
    err_line!(
        "depth {} nodes {nodes} time {:.3} s speed {:.1} M nodes/s (leaf moves counted, not played)",
        args.depth,
        secs,
        nps / 1e6
    );
    ExitCode::SUCCESS
}
