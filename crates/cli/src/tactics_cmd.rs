//! `xiangqi tactics`: runs the engine at full strength on a suite of tactical positions and
//! prints how many it solves.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;
use xiangqi_engine::{Limits, Searcher};
use xiangqi_tools::tactics::{self, BUILTIN};

/// Arguments of `xiangqi tactics`.
#[derive(Args)]
pub struct TacticsArgs {
    /// Suite file (`fen<TAB>best moves<TAB>kind<TAB>source` lines); default: the built-in
    /// suite.
    #[arg(long)]
    file: Option<std::path::PathBuf>,
    /// Time per position, in milliseconds (1 ms to 24 h).
    #[arg(long, default_value_t = 1000, conflicts_with = "depth",
          value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    movetime: u64,
    /// Search to this depth in plies instead of for a time.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: Option<u32>,
    /// Transposition table, in mebibytes.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1024))]
    hash: u64,
}

/// Prints one line per position on stderr (`ok`/`FAIL`, line, kind, chosen move, nodes,
/// time) and `solved S/N (kind breakdown), T ms` on stdout. Exits 2, like the other
/// commands on bad input, if the file cannot be read, is malformed or holds no position;
/// exits quietly when standard output is closed.
pub fn run(args: &TacticsArgs) -> ExitCode {
    let text = match &args.file {
        Some(path) => match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return fail(&format!("cannot read {}: {e}", path.display())),
        },
        None => BUILTIN.to_string(),
    };
    let suite = match tactics::parse(&text) {
        Ok(s) if s.is_empty() => return fail("the suite holds no position"),
        Ok(s) => s,
        Err(e) => return fail(&e.to_string()),
    };
    let limits = match args.depth {
        Some(d) => Limits::depth(d),
        None => Limits::movetime(args.movetime),
    };
    let mut searcher = Searcher::new(args.hash as usize);
    let mut kinds: Vec<(String, usize, usize)> = Vec::new();
    let (mut solved, mut time_ms) = (0, 0);
    for t in &suite {
        let a = tactics::attempt(&mut searcher, t, &limits);
        time_ms += a.time_ms;
        solved += usize::from(a.solved);
        match kinds.iter_mut().find(|(k, _, _)| *k == t.kind) {
            Some(k) => {
                k.1 += usize::from(a.solved);
                k.2 += 1;
            }
            None => kinds.push((t.kind.clone(), usize::from(a.solved), 1)),
        }
        let best: Vec<String> = t.best.iter().map(|m| m.to_string()).collect();
        let _ = writeln!(
            std::io::stderr().lock(),
            "{} line {} {}: chose {}, best {}; {} nodes {} ms",
            if a.solved { "ok  " } else { "FAIL" },
            t.line,
            t.kind,
            a.chosen.map_or("(none)".to_string(), |m| m.to_string()),
            best.join(" "),
            a.nodes,
            a.time_ms
        );
    }
    let breakdown: Vec<String> = kinds
        .iter()
        .map(|(k, s, n)| format!("{k} {s}/{n}"))
        .collect();
    // A closed standard output (`| head`) is not an error worth a panic.
    let _ = writeln!(
        std::io::stdout().lock(),
        "solved {solved}/{} ({}), {time_ms} ms",
        suite.len(),
        breakdown.join(", ")
    );
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    let _ = writeln!(std::io::stderr().lock(), "xiangqi tactics: {message}");
    ExitCode::from(2)
}
