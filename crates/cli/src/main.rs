//! The `xiangqi` command: a thin layer that parses arguments and calls the crates.

#[macro_use]
mod output;

mod bench_cmd;
mod convert_cmd;
mod game_cmd;
mod loadtest_cmd;
mod match_cmd;
mod nnue_cmd;
mod perft_cmd;
mod puzzles_cmd;
mod selfplay_cmd;
mod serve_cmd;
mod tactics_cmd;
mod tune_cmd;
mod ucci_cmd;
mod uci_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// The allocator: jemalloc, with its background threads, gives freed memory back to the
/// system within seconds, also while the server is idle. With the system's (glibc)
/// allocator a server that had 5,000 watchers still held 87 MB after they left, four times
/// its start (`xiangqi loadtest --watchers`; figures in docs/testing.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Xiangqi (Chinese chess): web server (the default), rules toolbox and UCI/UCCI engine.
#[derive(Parser)]
#[command(name = "xiangqi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the web app and its API (the default when no command is given).
    Serve(serve_cmd::ServeArgs),
    /// Count the leaf nodes of the legal-move tree (perft) to check the move generator.
    Perft(perft_cmd::PerftArgs),
    /// Replay moves under a rule set and print the ruling after every ply as JSON lines.
    Game(game_cmd::GameArgs),
    /// Convert a game between PGN, DhtmlXQ/UBB text and XQF files (plain or encrypted).
    Convert(convert_cmd::ConvertArgs),
    /// Run the engine with the UCI protocol on standard input and output.
    Uci,
    /// Run the engine with the UCCI protocol on standard input and output.
    Ucci,
    /// Search fixed positions to a fixed depth; prints `<nodes> nodes <nps> nps`.
    Bench(bench_cmd::BenchArgs),
    /// Play two engines (levels, full strength, external UCI) against each other; prints
    /// wins/draws/losses and the Elo difference.
    ///
    /// A game that an engine ends by misbehaving (it exits, stops answering, sends an
    /// unreadable or illegal move) is a failure: counted apart on the `failures:` line and
    /// left out of the score, the Elo and the SPRT, which are then withheld.
    ///
    /// Exit status: 0 when every game ended with a result; 1 when a game ended by a failure
    /// or could not be written to the PGN file; 2 when the match could not be played as
    /// asked (bad arguments, a player that cannot be started).
    Match(match_cmd::MatchArgs),
    /// Run the engine on the tactical test suite; prints solved/total and the time.
    Tactics(tactics_cmd::TacticsArgs),
    /// Play fast engine-against-engine games and write their quiet positions with the
    /// results (`FEN;RESULT` lines) for `tune`.
    Selfplay(selfplay_cmd::SelfplayArgs),
    /// Train the NNUE on `selfplay --data` shards (`nnue train`), or print a network's
    /// scores (`nnue eval`).
    Nnue(nnue_cmd::NnueArgs),
    /// Find puzzles (mates in 1-5, material wins) in self-play games and write the
    /// library with each puzzle's solution tree as JSON.
    Puzzles(puzzles_cmd::PuzzlesArgs),
    /// Tune every evaluation weight by logistic regression on `selfplay` positions; prints
    /// the error before and after and writes the weights.
    Tune(tune_cmd::TuneArgs),
    /// Load a running server with N games of random moves; prints moves per second and the
    /// move confirmation latency (p50/p90/p99/max), then checks every confirmed move is stored.
    Loadtest(loadtest_cmd::LoadtestArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Serve(args)) => serve_cmd::run(&args),
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Game(args)) => game_cmd::run(&args),
        Some(Command::Convert(args)) => convert_cmd::run(&args),
        Some(Command::Uci) => uci_cmd::run(),
        Some(Command::Ucci) => ucci_cmd::run(),
        Some(Command::Bench(args)) => bench_cmd::run(&args),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Tactics(args)) => tactics_cmd::run(&args),
        Some(Command::Selfplay(args)) => selfplay_cmd::run(&args),
        Some(Command::Nnue(args)) => nnue_cmd::run(&args),
        Some(Command::Puzzles(args)) => puzzles_cmd::run(&args),
        Some(Command::Tune(args)) => tune_cmd::run(&args),
        Some(Command::Loadtest(args)) => loadtest_cmd::run(&args),
        None => serve_cmd::run(&serve_cmd::ServeArgs::from_environment()),
    }
}
