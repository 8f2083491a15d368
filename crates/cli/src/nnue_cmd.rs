//! `xiangqi nnue`: train the NNUE on self-play data (`train`) and look at a network's
//! scores (`eval`).

use crate::output::check_writable;
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use xiangqi::Position;
use xiangqi_engine::nnue::{accumulator, Network, NetworkError};
use xiangqi_tools::atomic_file;
use xiangqi_tools::nnue_train::{self, FloatNetwork, TrainConfig};

/// Arguments of `xiangqi nnue`.
#[derive(Args)]
pub struct NnueArgs {
    #[command(subcommand)]
    command: NnueCommand,
}

#[derive(Subcommand)]
enum NnueCommand {
    /// Train a network on `selfplay --data` shards; prints the training and validation loss
    /// per epoch and writes the quantised network after each epoch.
    Train(TrainArgs),
    /// Print a network's score of positions (the start position unless --fen is given).
    Eval(EvalArgs),
    /// Print the models fitted to the shards' game results: the sigmoid scale K of the
    /// expected score and the win-probability model whose centre is the engine's reported
    /// pawn (`REPORTED_PAWN`).
    Fit(FitArgs),
}

/// Arguments of `xiangqi nnue train`.
#[derive(Args)]
pub struct TrainArgs {
    /// Data shards (`*.xqd`) or folders of them.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Where to write the quantised network (after every epoch); the float checkpoint goes
    /// beside it as `<out>.ckpt`.
    #[arg(long)]
    out: PathBuf,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    epochs: u64,
    /// Positions per gradient step.
    #[arg(long, default_value_t = 16384, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    batch: u64,
    /// Adam's learning rate (tenfold lower in the last quarter of the epochs).
    #[arg(long, default_value_t = 0.001, value_parser = positive_fraction)]
    learning_rate: f32,
    /// Weight of the search score in the target, against the game result (0 to 1).
    #[arg(long, default_value_t = 0.75, value_parser = unit_interval)]
    lambda: f32,
    /// Threads computing the gradient.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: u64,
    /// Seed of the initial weights and the shuffling.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also train on each position's left-right mirror image.
    #[arg(long)]
    mirror: bool,
    /// Positions whose search score is beyond ± this many centipawns are left out.
    #[arg(long, default_value_t = 2500, value_parser = clap::value_parser!(u16).range(1..=30_000))]
    max_score: u16,
    /// One game in this many is held out for validation.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    validation_every: u64,
    /// Start from this float checkpoint (`<out>.ckpt` of an earlier run) or quantised
    /// network (a `.nnue` file, such as the embedded `crates/engine/nets/xiangqi.nnue`)
    /// instead of random weights.
    #[arg(long)]
    init: Option<PathBuf>,
}

/// Arguments of `xiangqi nnue fit`.
#[derive(Args)]
pub struct FitArgs {
    /// Data shards (`*.xqd`) or folders of them.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Positions whose search score is beyond ± this many centipawns are left out.
    #[arg(long, default_value_t = 2500, value_parser = clap::value_parser!(u16).range(1..=30_000))]
    max_score: u16,
}

/// Arguments of `xiangqi nnue eval`.
#[derive(Args)]
pub struct EvalArgs {
    /// The network file.
    net: PathBuf,
    /// Positions to score (FEN; repeatable).
    #[arg(long)]
    fen: Vec<String>,
}

fn positive_fraction(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
        _ => Err(format!("`{s}` is not a number above 0 and at most 1")),
    }
}

fn unit_interval(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a number from 0 to 1")),
    }
}

/// Runs `xiangqi nnue`. Exits 2 on bad input (an unreadable network or data, a bad FEN, an
/// output path that cannot be written), 1 when writing the network fails.
pub fn run(args: &NnueArgs) -> ExitCode {
    match &args.command {
        NnueCommand::Train(a) => train(a),
        NnueCommand::Eval(a) => eval(a),
        NnueCommand::Fit(a) => fit(a),
    }
}

fn fail(code: u8, msg: impl std::fmt::Display) -> ExitCode {
    err_line!("xiangqi: {msg}");
    ExitCode::from(code)
}

fn eval(args: &EvalArgs) -> ExitCode {
    let net = match Network::load(&args.net) {
        Ok(n) => n,
        Err(e) => return fail(2, format!("{}: {e}", args.net.display())),
    };
    let fens = if args.fen.is_empty() {
        vec![Position::start().fen()]
    } else {
        args.fen.clone()
    };
    for fen in fens {
        match Position::from_fen(&fen) {
            Ok(pos) => out_line!("{} cp  {fen}", accumulator::evaluate(&net, &pos)),
            Err(e) => return fail(2, format!("invalid FEN `{fen}`: {e}")),
        }
    }
    ExitCode::SUCCESS
}

/// Prints the expected-score scale K and the win-probability model of the shards' positions
/// (all of them: none is held out). Exits 2 for unreadable or too little data.
fn fit(args: &FitArgs) -> ExitCode {
    let files = match nnue_train::shard_files(&args.data) {
        Ok(f) => f,
        Err(e) => return fail(2, &e),
    };
    let data = match nnue_train::load(&files, args.max_score as i16, false, 0) {
        Ok(d) => d,
        Err(e) => return fail(2, &e),
    };
    report_corrupt(&data);
    out_line!(
        "data: {} shards, {} games, {} positions",
        data.shards,
        data.games,
        data.train.len()
    );
    if data.train.is_empty() {
        return fail(2, "no position to fit to");
    }
    out_line!(
        "sigmoid scale K = {:.1} cp (expected score σ(cp / K))",
        nnue_train::fit_scale(&data.train)
    );
    match nnue_train::fit_win_model(&data.train) {
        Some(m) => {
            out_line!(
                "win probability σ((cp − {:.1}) / {:.1}): the side to move wins half its games at {:.0} cp",
                m.center,
                m.scale,
                m.center
            );
            ExitCode::SUCCESS
        }
        None => fail(
            2,
            "the results do not determine a win probability (no win, or only wins)",
        ),
    }
}

fn report_corrupt(data: &nnue_train::Dataset) {
    for (path, what) in &data.corrupt {
        err_line!(
            "xiangqi: {}: {what}; the rest of the shard was skipped",
            path.display()
        );
    }
}

/// Reads the training data of `files` as `args` ask (score cap, mirroring, validation
/// share), reporting corrupt shards (the rest of each is skipped).
///
/// # Errors
/// A shard that cannot be read, or too little data to train and validate on.
fn load_data(
    args: &TrainArgs,
    files: &[std::path::PathBuf],
) -> Result<nnue_train::Dataset, nnue_train::DataError> {
    let data = nnue_train::load(
        files,
        args.max_score as i16,
        args.mirror,
        args.validation_every as usize,
    )?;
    report_corrupt(&data);
    if data.train.is_empty() || data.validation.is_empty() {
        return Err(nnue_train::DataError::TooLittle {
            train: data.train.len(),
            validation: data.validation.len(),
        });
    }
    Ok(data)
}

/// Reads the network `--init` names: a quantised network file, or else (a file that does
/// not start as one) a float checkpoint.
///
/// # Errors
/// The text of the network's or the checkpoint's error.
fn initial_network(path: &Path) -> Result<FloatNetwork, String> {
    match Network::load(path) {
        Ok(net) => Ok(FloatNetwork::from_quantised(&net)),
        Err(NetworkError::Magic) => FloatNetwork::read(path).map_err(|e| e.to_string()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

fn train(args: &TrainArgs) -> ExitCode {
    let ckpt = args.out.with_extension("ckpt");
    if let Err(e) = check_writable(&args.out) {
        return fail(2, &e);
    }
    let files = match nnue_train::shard_files(&args.data) {
        Ok(f) => f,
        Err(e) => return fail(2, &e),
    };
    let mut net = match &args.init {
        Some(p) => match initial_network(p) {
            Ok(n) => n,
            Err(e) => return fail(2, &e),
        },
        None => FloatNetwork::random(args.seed),
    };
    let started = std::time::Instant::now();
    let data = match load_data(args, &files) {
        Ok(d) => d,
        Err(e) => return fail(2, &e),
    };
    let k = nnue_train::fit_scale(&data.train);
    out_line!(
        "data: {} shards, {} games, {} training and {} validation positions{} (read in {:.1} s)",
        data.shards,
        data.games,
        data.train.len(),
        data.validation.len(),
        if args.mirror { ", mirrored" } else { "" },
        started.elapsed().as_secs_f64()
    );
    out_line!("sigmoid scale K = {k:.1} cp (fitted to the game results)");
    let config = TrainConfig {
        epochs: args.epochs as usize,
        batch: args.batch as usize,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        threads: args.threads as usize,
        seed: args.seed,
        validation_every: args.validation_every as usize,
    };
    out_line!(
        "before: validation loss {:.6}",
        nnue_train::loss(&net, &data.validation, k, config.lambda)
    );
    let mut failure = None;
    nnue_train::train(&mut net, &data, k, &config, &mut |r, net| {
        out_line!(
            "epoch {}/{}: training loss {:.6}, validation loss {:.6} ({:.1} s)",
            r.epoch,
            config.epochs,
            r.train_loss,
            r.validation_loss,
            r.seconds
        );
        let written = net
            .quantise()
            .map_err(|e| e.to_string())
            .and_then(|q| atomic_file::write(&args.out, &q.to_bytes()).map_err(|e| e.to_string()))
            .and_then(|()| net.write(&ckpt).map_err(|e| e.to_string()));
        if let Err(e) = written {
            failure.get_or_insert(e);
        }
    });
    if let Some(e) = failure {
        return fail(1, format!("cannot write {}: {e}", args.out.display()));
    }
    out_line!(
        "wrote {} and {} in {:.0} s",
        args.out.display(),
        ckpt.display(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
