//! The `xiangqi` command: a thin layer that parses arguments and calls the crates.

mod game_cmd;
mod perft_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Xiangqi (Chinese chess): rules toolbox; the web server and engine protocols are coming.
#[derive(Parser)]
#[command(name = "xiangqi", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaf nodes of the legal-move tree (perft) to check the move generator.
    Perft(perft_cmd::PerftArgs),
    /// Replay moves under a rule set and print the ruling after every ply as JSON lines.
    Game(game_cmd::GameArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Game(args)) => game_cmd::run(&args),
        None => {
            eprintln!(
                "xiangqi: the web server (the default command) is not built yet.\n\
                 Available now: `xiangqi perft DEPTH [--fen FEN] [--divide]`; see `xiangqi --help`."
            );
            ExitCode::SUCCESS
        }
    }
}
