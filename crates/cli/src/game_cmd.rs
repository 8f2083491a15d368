//! `xiangqi game`: replays moves under a rule set and prints the ruling after every ply, as
//! JSON lines. This is how referees and tests ask the library for a ruling.

use clap::Args;
use serde_json::{json, Value};
use std::io::Read;
use std::process::ExitCode;
use xiangqi::game::{Game, RuleSet, Status};
use xiangqi::{pgn, Position};

/// Arguments of `xiangqi game`.
#[derive(Args)]
pub struct GameArgs {
    /// Rule set: wxf-2018 or casual.
    #[arg(long, default_value = "wxf-2018")]
    rules: RuleSet,
    /// Start position (default: the starting position).
    #[arg(long)]
    fen: Option<String>,
    /// Moves in ICCS (h2e2); a single `-` reads a PGN game from standard input instead.
    moves: Vec<String>,
}

fn status_json(s: &Status) -> Value {
    json!({
        "result": s.result.name(),
        "reason": s.reason.map(|r| r.name()),
        "explanation": s.explanation,
        "warning": s.warning,
    })
}

fn fail(message: &str) -> ExitCode {
    println!("{}", json!({ "error": message }));
    eprintln!("xiangqi game: {message}");
    ExitCode::from(2)
}

/// Prints one JSON object per ply (`ply`, `iccs`, `wxf`, `result`, `reason`,
/// `explanation`, `warning`) and a final status object. An unreadable or illegal move stops
/// the replay with an `{"error": …}` line naming the ply, and exit status 2.
pub fn run(args: &GameArgs) -> ExitCode {
    let game = if args.moves.len() == 1 && args.moves[0] == "-" {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            return fail(&format!("cannot read standard input: {e}"));
        }
        match pgn::read(&text) {
            Ok(record) => record.game,
            Err(e) => return fail(&e.to_string()),
        }
    } else {
        let start = match args.fen.as_deref().map(Position::from_fen).transpose() {
            Ok(p) => p.unwrap_or_default(),
            Err(e) => return fail(&format!("invalid FEN: {e}")),
        };
        let mut game = Game::new(start, args.rules);
        for text in &args.moves {
            if let Err(e) = game.play_iccs(text) {
                replay_lines(&game);
                return fail(&e.to_string());
            }
        }
        game
    };
    replay_lines(&game);
    println!("{}", status_json(game.status()));
    ExitCode::SUCCESS
}

/// Prints the per-ply lines of `game`.
fn replay_lines(game: &Game) {
    let mut pos = game.start().clone();
    for rec in game.plies() {
        let mut line = status_json(&rec.status);
        line["ply"] = json!(rec.number);
        line["iccs"] = json!(rec.mv.to_string());
        line["wxf"] = json!(xiangqi::wxf::write(&pos, rec.mv).ok());
        println!("{line}");
        pos.make_move(rec.mv);
    }
}
