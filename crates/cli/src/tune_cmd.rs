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
    /// Adam's step size, in centipawns (above 0, at most 100).
    #[arg(long, default_value_t = 1.0, value_parser = learning_rate)]
    learning_rate: f64,
    /// Threads computing the gradient.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Weight of the L2 penalty on each weight's change, per (100 centipawns)² (0 to 1).
    #[arg(long, default_value_t = 1e-6, value_parser = l2)]
    l2: f64,
    /// Fraction of the positions (the last ones of the data) held out to measure the error
    /// on games the tuner has not seen (at least 0, below 0.9).
    #[arg(long, default_value_t = 0.1, value_parser = validation)]
    validation: f64,
    /// Write the tuned weights as this `eval_weights.rs` source file (for example
    /// `crates/engine/src/eval_weights.rs`); without it they are printed.
    #[arg(long)]
    write: Option<std::path::PathBuf>,
}

/// Loads the data, tunes, and prints the logistic scale and the error before and after (and
/// every 50 epochs on stderr), and warns when the held-out error rose. Exits 2 when a file
/// cannot be read or holds a bad line or no position, when an option is out of range or the
/// `--write` path's folder does not exist (checked before tuning), or when the tuning diverged
/// (a weight not finite or beyond ±`tune::MAX_WEIGHT`: nothing is written); 1 when the
/// weights cannot be written.
pub fn run(args: &TuneArgs) -> ExitCode {
    let samples = match read_samples(&args.data) {
        Ok(s) => s,
        Err(e) => return fail(&e),
    };
    // Refuse a path that cannot be written before hours of tuning, not after.
    if let Some(path) = &args.write {
        if let Err(e) = crate::output::check_writable(path) {
            return fail(&e);
        }
    }
    let held = (samples.len() as f64 * args.validation) as usize;
    let (train, test) = samples.split_at(samples.len() - held);
    let (data, check) = match (Dataset::from_samples(train), Dataset::from_samples(test)) {
        (Ok(d), Ok(c)) => (d, c),
        (Err(e), _) | (_, Err(e)) => return fail(&e),
    };
    err_line!("{} positions, {} held out", data.len(), check.len());
    let config = TuneConfig {
        epochs: args.epochs as usize,
        learning_rate: args.learning_rate,
        threads: args.threads as usize,
        l2: args.l2,
    };
    let tuned = tune::tune(&data, &config, &mut |epoch, error| {
        err_line!("epoch {epoch}: error {error:.6}");
    });
    let (before, after) = if check.is_empty() {
        (f64::NAN, f64::NAN)
    } else {
        (
            check.error(&tune::current_weights(), tuned.k),
            check.error(&tuned.weights, tuned.k),
        )
    };
    let held_out = if check.is_empty() {
        "no held-out positions".to_string()
    } else {
        format!("held-out {before:.6} -> {after:.6} over {}", check.len())
    };
    out_line!(
        "K {:.6}, error {:.6} -> {:.6} over {} positions, {held_out}, {} epochs",
        tuned.k,
        tuned.error_before,
        tuned.error_after,
        data.len(),
        config.epochs
    );
    if !tuned.error_after.is_finite() {
        return fail("the tuning diverged (the error is not a number): nothing written; try a smaller --learning-rate or --l2");
    }
    if after > before {
        err_line!(
            "xiangqi: warning: the held-out error rose ({before:.6} -> {after:.6}): the weights fit these positions worse on games the tuner has not seen"
        );
    }
    let provenance = provenance(args, &config, data.len(), &tuned, &held_out);
    let source = match tune::weights_source(&tuned.weights, &provenance) {
        Ok(s) => s,
        Err(e) => return fail(format!("nothing written: {e}")),
    };
    match &args.write {
        Some(path) => {
            if let Err(e) = std::fs::write(path, source) {
                err_line!("xiangqi: cannot write {}: {e}", path.display());
                return ExitCode::from(1);
            }
        }
        None => {
            use std::io::Write as _;
            // A closed pipe (`| head`) is not an error worth a panic.
            let _ = std::io::stdout().lock().write_all(source.as_bytes());
        }
    }
    ExitCode::SUCCESS
}

/// Reads every `FEN;RESULT` line of the files at `paths` (blank lines skipped).
///
/// # Errors
/// A file that cannot be read, a line that does not read (its file and line number), or no
/// position at all.
fn read_samples(paths: &[std::path::PathBuf]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let sample =
                Sample::parse(line).map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            samples.push(sample);
        }
    }
    if samples.is_empty() {
        return Err("the data holds no position".to_string());
    }
    Ok(samples)
}

/// The line written at the head of the weights file: the command that made them (the data
/// files by name) and its figures.
fn provenance(
    args: &TuneArgs,
    config: &TuneConfig,
    positions: usize,
    tuned: &tune::Tuned,
    held_out: &str,
) -> String {
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
    format!(
        "xiangqi tune {} --epochs {} --learning-rate {} --l2 {} --validation {}: {positions} positions, \
         K {:.6}, error {:.6} -> {:.6}, {held_out}",
        names.join(" "),
        config.epochs,
        config.learning_rate,
        config.l2,
        args.validation,
        tuned.k,
        tuned.error_before,
        tuned.error_after,
    )
}

/// Reads `--learning-rate`: above 0, at most [`MAX_LEARNING_RATE`] centipawns.
fn learning_rate(text: &str) -> Result<f64, String> {
    let v: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if v > 0.0 && v <= MAX_LEARNING_RATE {
        Ok(v)
    } else {
        Err(format!(
            "must be above 0 and at most {MAX_LEARNING_RATE} centipawns"
        ))
    }
}

/// Reads `--l2`: from 0 to [`MAX_L2`].
fn l2(text: &str) -> Result<f64, String> {
    let v: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if (0.0..=MAX_L2).contains(&v) {
        Ok(v)
    } else {
        Err(format!("must be from 0 to {MAX_L2}"))
    }
}

/// Reads `--validation`: at least 0, below 0.9.
fn validation(text: &str) -> Result<f64, String> {
    let v: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if (0.0..0.9).contains(&v) {
        Ok(v)
    } else {
        Err("must be at least 0 and below 0.9".to_string())
    }
}

/// The largest `--learning-rate` accepted, in centipawns per step: a hundred times the
/// default, far past any useful value.
const MAX_LEARNING_RATE: f64 = 100.0;

/// The largest `--l2` accepted: at 1 a change of 100 centipawns already costs as much as the
/// whole logistic error can, so larger values only freeze the weights.
const MAX_L2: f64 = 1.0;

fn fail(message: impl std::fmt::Display) -> ExitCode {
    err_line!("xiangqi: {message}");
    ExitCode::from(2)
}
