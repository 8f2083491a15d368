//! `xiangqi game`: replays moves under a rule set and prints the ruling after every ply, as
//! JSON lines. This is how referees and tests ask the library for a ruling.

use clap::Args;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::process::ExitCode;
use xiangqi::game::{Game, GameError, RuleSet, Status};
use xiangqi::{notation, pgn, Position};
use xiangqi_view::StatusView;

/// Arguments of `xiangqi game`.
#[derive(Args)]
pub struct GameArgs {
    /// Rule set: wxf-2018 (the default) or casual. With `-`, overrides the PGN's `[Rules]` tag.
    #[arg(long)]
    rules: Option<RuleSet>,
    /// Start position (default: the starting position). Not allowed with `-`: a PGN names
    /// its start position in its `[FEN]` tag.
    #[arg(long)]
    fen: Option<String>,
    /// Moves in ICCS (h2e2; WXF C2=5 and Chinese 炮二平五 are read too); a single `-` reads a
    /// PGN game from standard input instead.
    moves: Vec<String>,
}

/// The status fields of a JSON line (the protocol's `STATUS`); `game` names the plies of a
/// repetition cycle.
fn status_json(s: &Status, game: &Game) -> Value {
    serde_json::to_value(StatusView::of(s, game)).unwrap_or(Value::Null)
}

/// Writes lines to standard output; a closed pipe (`| head`) stops the output quietly
/// instead of panicking as `println!` would.
struct Out(std::io::StdoutLock<'static>);

impl Out {
    fn line(&mut self, value: &Value) -> bool {
        writeln!(self.0, "{value}").is_ok()
    }
}

fn fail(out: &mut Out, message: &str) -> ExitCode {
    out.line(&json!({ "error": message }));
    err_line!("xiangqi game: {message}");
    ExitCode::from(2)
}

/// Prints one JSON object per ply (`ply`, `iccs`, `wxf`, `result`, `reason`,
/// `explanation`, `warning`, `cycle`) and a final status object. An unreadable or illegal move stops
/// the replay with an `{"error": "ply N: …"}` line, and exit status 2.
pub fn run(args: &GameArgs) -> ExitCode {
    let mut out = Out(std::io::stdout().lock());
    let from_pgn = args.moves.iter().any(|m| m == "-");
    let game = if from_pgn {
        if args.moves.len() != 1 {
            return fail(
                &mut out,
                "`-` (read a PGN from standard input) must be the only move",
            );
        }
        if args.fen.is_some() {
            return fail(
                &mut out,
                "--fen cannot be used with `-`: the PGN's [FEN] tag says where it starts",
            );
        }
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            return fail(&mut out, &format!("cannot read standard input: {e}"));
        }
        let record = match pgn::read_single(&text) {
            Ok(record) => record.game,
            Err(e) => return fail(&mut out, &e.to_string()),
        };
        match args.rules {
            // Judge the same moves again under the rule set asked for.
            Some(rules) if rules != record.rules() => {
                let mut game = Game::new(record.start().clone(), rules);
                for m in record.moves() {
                    if game.play(m).is_err() {
                        break; // the game ended earlier under these rules
                    }
                }
                game
            }
            _ => record,
        }
    } else {
        let start = match args.fen.as_deref().map(Position::from_fen).transpose() {
            Ok(p) => p.unwrap_or_default(),
            Err(e) => return fail(&mut out, &format!("invalid FEN: {e}")),
        };
        let mut game = Game::new(start, args.rules.unwrap_or_default());
        for text in &args.moves {
            let ply = game.plies().len() + 1;
            let played = notation::parse_any(game.position(), text)
                .map_err(|e| format!("ply {ply}: cannot play {text:?}: {e}"))
                .and_then(|m| {
                    game.play(m).map(|_| ()).map_err(|e| match e {
                        GameError::GameOver(_) => format!("ply {ply}: {e}"),
                        other => other.to_string(),
                    })
                });
            if let Err(message) = played {
                replay_lines(&mut out, &game);
                return fail(&mut out, &message);
            }
        }
        game
    };
    if replay_lines(&mut out, &game) {
        out.line(&status_json(game.status(), &game));
    }
    ExitCode::SUCCESS
}

/// Prints the per-ply lines of `game`; returns false once the output is closed.
fn replay_lines(out: &mut Out, game: &Game) -> bool {
    let mut pos = game.start().clone();
    for rec in game.plies() {
        let mut line = status_json(&rec.status, game);
        line["ply"] = json!(rec.number);
        line["iccs"] = json!(rec.mv.to_string());
        line["wxf"] = json!(xiangqi::wxf::write(&pos, rec.mv).ok());
        if !out.line(&line) {
            return false;
        }
        pos.make_move(rec.mv);
    }
    true
}
