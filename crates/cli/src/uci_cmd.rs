//! `xiangqi uci`: the engine speaking UCI on standard input and output.

use std::process::ExitCode;

/// Runs the UCI loop until `quit` or end of input.
pub fn run() -> ExitCode {
    xiangqi_engine::uci::run(std::io::stdin().lock(), std::io::stdout());
    ExitCode::SUCCESS
}
