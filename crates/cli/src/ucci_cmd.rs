//! `xiangqi ucci`: the engine speaking UCCI on standard input and output; malformed input is
//! reported on standard error.

use std::process::ExitCode;

/// Runs the UCCI loop until `quit` or end of input.
pub fn run() -> ExitCode {
    xiangqi_engine::ucci::run(std::io::stdin().lock(), std::io::stdout());
    ExitCode::SUCCESS
}
