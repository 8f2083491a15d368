//! `xiangqi tune`: logistic ("Texel") tuning of every evaluation weight on positions from
//! `xiangqi selfplay`.

use clap::Args;
use std::process::ExitCode;
use xiangqi_tools::selfplay::Sample;
use xiangqi_tools::tune::{self, Dataset, TuneConfig};

/// Arguments of `xiangqi tune`.
#[derive(Args)]
pub struct TuneArgs {
    /// Data files of `FEN;RESULT` lines (as `xiangqi selfplay` writes them).
    #[arg(required = true)]
    data: Vec<std::path::PathBuf>,
    /// Full passes over the data.
    #[arg(long, default_value_t = 400, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    epochs: u64,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    learning_rate: f64,
    /// Threads computing the gradient.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Weight of the L2 penalty on each weight's change, per (100 centipawns)².
    #[arg(long, default_value_t = 1e-6)]
    l2: f64,
    /// Fraction of the positions (the last ones of the data) held out to measure the error
    /// on games the tuner has not seen.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// Write the tuned weights as this `eval_weights.rs` source file (for example
    /// `crates/engine/src/eval_weights.rs`); without it they are printed.
    #[arg(long)]
    write: Option<std::path::PathBuf>,
}

/// Loads the data, tunes, and prints the logistic scale and the error before and after (and
/// every 50 epochs on stderr). Exits 2 when a file cannot be read or holds a bad line or no
/// position, 1 when the weights cannot be written.
pub fn run(args: &TuneArgs) -> ExitCode {
    let mut samples = Vec::new();
    for path in &args.data {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return fail(&format!("cannot read {}: {e}", path.display())),
        };
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            match Sample::parse(line) {
                Ok(s) => samples.push(s),
                Err(e) => return fail(&format!("{}:{}: {e}", path.display(), i + 1)),
            }
        }
    }
    if samples.is_empty() {
        return fail("the data holds no position");
    }
    if !(args.learning_rate.is_finite() && args.learning_rate > 0.0) {
        return fail("--learning-rate must be a positive number");
    }
    if !(args.l2.is_finite() && args.l2 >= 0.0) {
        return fail("--l2 must be zero or a positive number");
    }
    if !(0.0..0.9).contains(&args.validation) {
        return fail("--validation must be at least 0 and below 0.9");
    }
    let held = (samples.len() as f64 * args.validation) as usize;
    let (train, test) = samples.split_at(samples.len() - held);
    let (data, check) = match (Dataset::from_samples(train), Dataset::from_samples(test)) {
        (Ok(d), Ok(c)) => (d, c),
        (Err(e), _) | (_, Err(e)) => return fail(&e),
    };
    eprintln!("{} positions, {} held out", data.len(), check.len());
    let config = TuneConfig {
        epochs: args.epochs as usize,
        learning_rate: args.learning_rate,
        threads: args.threads as usize,
        l2: args.l2,
    };
    let tuned = tune::tune(&data, &config, &mut |epoch, error| {
        eprintln!("epoch {epoch}: error {error:.6}");
    });
    let before = check.error(&tune::current_weights(), tuned.k);
    let after = check.error(&tuned.weights, tuned.k);
    println!(
        "K {:.6}, error {:.6} -> {:.6} over {} positions, held-out {:.6} -> {:.6} over {}, {} epochs",
        tuned.k,
        tuned.error_before,
        tuned.error_after,
        data.len(),
        before,
        after,
        check.len(),
        config.epochs
    );
    let names: Vec<String> = args
        .data
        .iter()
        .map(|p| {
            p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            )
        })
        .collect();
    let provenance = format!(
        "xiangqi tune {} --epochs {} --learning-rate {} --l2 {} --validation {}: {} positions, \
         K {:.6}, error {:.6} -> {:.6}, held-out {:.6} -> {:.6}",
        names.join(" "),
        config.epochs,
        config.learning_rate,
        config.l2,
        args.validation,
        data.len(),
        tuned.k,
        tuned.error_before,
        tuned.error_after,
        before,
        after
    );
    let source = tune::weights_source(&tuned.weights, &provenance);
    match &args.write {
        Some(path) => {
            if let Err(e) = std::fs::write(path, source) {
                eprintln!("xiangqi: cannot write {}: {e}", path.display());
                return ExitCode::from(1);
            }
        }
        None => print!("{source}"),
    }
    ExitCode::SUCCESS
}

fn fail(message: &str) -> ExitCode {
    eprintln!("xiangqi: {message}");
    ExitCode::from(2)
}
