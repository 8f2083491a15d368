//! `xiangqi convert`: reads a game in one format (PGN, DhtmlXQ/UBB text, XQF) and writes it
//! in another (PGN, DhtmlXQ, XQF plain or encrypted). The readers and writers are the
//! rules library's (`pgn`, `dhtmlxq`, `xqf`); every move is checked through the rules.

use clap::{Args, ValueEnum};
use std::io::{Read, Write};
use std::process::ExitCode;
use xiangqi::game::Game;
use xiangqi::xqf::{XqfGame, XqfKeys};
use xiangqi::{dhtmlxq, pgn, xqf};

/// A game format.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// PGN text (moves in ICCS, WXF or Chinese; written in WXF).
    Pgn,
    /// DhtmlXQ/UBB text.
    Dhtmlxq,
    /// XQStudio's binary XQF file.
    Xqf,
}

/// Arguments of `xiangqi convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// The input's format (default: XQF when the file starts with `XQ`, DhtmlXQ when it has
    /// a `[DhtmlXQ` tag, else PGN).
    #[arg(long)]
    from: Option<Format>,
    /// The output's format.
    #[arg(long)]
    to: Format,
    /// Write an encrypted XQF file (version 18) instead of a plain one (version 10).
    #[arg(long)]
    encrypt: bool,
    /// Where to write (default: standard output).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// The file to read; `-` reads standard input.
    file: String,
}

/// The key bytes of `--encrypt`: fixed, so the same game always gives the same file.
const KEYS: XqfKeys = XqfKeys {
    mask: 0xA7,
    keys: [0x3B, 0x91, 0x5E, 0xC4, 0x27, 0x8D, 0x62, 0xF0],
};

/// Reads the input as `(game, tags)`.
fn read(bytes: &[u8], from: Option<Format>) -> Result<(Game, Vec<(String, String)>), String> {
    let text =
        || std::str::from_utf8(bytes).map_err(|e| format!("the input is not UTF-8 text: {e}"));
    let from = from.unwrap_or(if bytes.starts_with(b"XQ") {
        Format::Xqf
    } else if std::str::from_utf8(bytes).is_ok_and(dhtmlxq::looks_like) {
        Format::Dhtmlxq
    } else {
        Format::Pgn
    });
    match from {
        Format::Xqf => {
            let g = xqf::read(bytes).map_err(|e| format!("XQF: {e}"))?;
            let tags = g.tags();
            Ok((g.game, tags))
        }
        Format::Dhtmlxq => {
            let g = dhtmlxq::read(text()?).map_err(|e| format!("DhtmlXQ: {e}"))?;
            Ok((g.game, g.tags))
        }
        Format::Pgn => {
            let g = pgn::read_single(text()?).map_err(|e| format!("PGN: {e}"))?;
            Ok((g.game, g.tags))
        }
    }
}

/// Runs `xiangqi convert`: exit status 0, or 2 with the reader's error on stderr.
pub fn run(args: &ConvertArgs) -> ExitCode {
    let mut bytes = Vec::new();
    let got = if args.file == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(&args.file).map(|b| bytes = b)
    };
    if let Err(e) = got {
        err_line!("{}: {e}", args.file);
        return ExitCode::from(2);
    }
    let (game, tags) = match read(&bytes, args.from) {
        Ok(g) => g,
        Err(e) => {
            err_line!("{}: {e}", args.file);
            return ExitCode::from(2);
        }
    };
    let out = match args.to {
        Format::Pgn => pgn::write(&game, &tags).into_bytes(),
        Format::Dhtmlxq => dhtmlxq::write(&game, &tags, &[]).into_bytes(),
        Format::Xqf => xqf::write(
            &XqfGame::from_tags(game, &tags),
            args.encrypt.then_some(KEYS),
        ),
    };
    let written = match &args.out {
        Some(path) => std::fs::write(path, &out),
        None => std::io::stdout().lock().write_all(&out),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let target = args.out.as_ref().map_or_else(
                || "standard output".to_string(),
                |p| p.display().to_string(),
            );
            err_line!("cannot write {target}: {e}");
            ExitCode::from(1)
        }
    }
}
