//! The NNUE trainer (`xiangqi nnue train`): fits the engine's network
//! ([`xiangqi_engine::nnue`]) to self-play positions on the CPU, in floating point, and
//! writes it quantised.
//!
//! The target of a position blends the search's score, turned into an expected result by a
//! sigmoid whose scale is fitted to the data's game results, with the game's result itself:
//! `target = λ · σ(score / K) + (1 − λ) · result`. The network's output (centipawns) goes
//! through the same sigmoid, and the loss is the mean squared difference. Adam updates every
//! weight after each batch; the batch's gradient is summed over the threads. Weights are
//! kept inside the ranges the quantised network can hold.

use crate::training_data::{read_shard, TrainingPosition};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use xiangqi::{Color, Piece, Square};
use xiangqi_engine::nnue::features::{self, INPUTS};
use xiangqi_engine::nnue::network::MAX_OUTPUT_WEIGHT;
use xiangqi_engine::nnue::{Network, HIDDEN, QA, QB, SCALE};

/// The largest feature weight, factor weight or bias magnitude: a quantised feature weight
/// (its own plus its piece's factor, scaled by `QA`) is then at most 995, and 32 of them
/// with the bias stay inside an `i16`.
const MAX_FEATURE_WEIGHT: f32 = 1.95;

/// Pieces of one view (own and their 7 roles): the factor weights' rows.
const PIECES: usize = 14;

/// A position as the trainer keeps it: the pieces, the side to move and the two targets.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// `(point index, piece index)` of each piece; the first `count` are used.
    pieces: [(u8, u8); 32],
    count: u8,
    turn: Color,
    /// The search's score in centipawns for the side to move.
    pub score: i16,
    /// The game's result for the side to move.
    pub result: f32,
}

impl Sample {
    /// Makes a sample of a training position (`mirrored`: its left–right mirror image).
    pub fn new(p: &TrainingPosition, mirrored: bool) -> Sample {
        let mut pieces = [(0u8, 0u8); 32];
        let mut count = 0;
        for (sq, piece) in p.position.board().pieces().take(32) {
            let sq = if mirrored {
                Square::new(8 - sq.file(), sq.rank()).unwrap_or(sq)
            } else {
                sq
            };
            pieces[count] = (sq.index() as u8, piece.index() as u8);
            count += 1;
        }
        Sample {
            pieces,
            count: count as u8,
            turn: p.position.turn(),
            score: p.score,
            result: p.result,
        }
    }

    /// Writes the inputs of the side to move's view and of the other's.
    fn inputs(&self, us: &mut Vec<usize>, them: &mut Vec<usize>) {
        us.clear();
        them.clear();
        for &(sq, piece) in &self.pieces[..usize::from(self.count)] {
            let (Some(sq), Some(piece)) = (
                Square::from_index(usize::from(sq)),
                Piece::from_index(usize::from(piece)),
            ) else {
                continue;
            };
            us.push(features::index(self.turn, piece, sq));
            them.push(features::index(!self.turn, piece, sq));
        }
    }
}

/// The network in floating point, as trained.
#[derive(Clone, Debug, PartialEq)]
pub struct FloatNetwork {
    /// `INPUTS × HIDDEN`, input-major.
    pub feature_weights: Vec<f32>,
    /// `14 × HIDDEN`: what a piece adds wherever it stands (the "factoriser"), shared by its
    /// 90 inputs so that few positions already teach the value of each piece; folded into
    /// the feature weights when quantised.
    pub factor_weights: Vec<f32>,
    /// `HIDDEN`.
    pub feature_bias: Vec<f32>,
    /// `2 × HIDDEN`: the side to move's view, then the other's.
    pub output_weights: Vec<f32>,
    /// The output bias.
    pub output_bias: f32,
}

impl FloatNetwork {
    /// Returns a network with small random weights drawn from `seed`.
    pub fn random(seed: u64) -> FloatNetwork {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut uniform =
            |n: usize, r: f32| -> Vec<f32> { (0..n).map(|_| rng.gen_range(-r..r)).collect() };
        FloatNetwork {
            feature_weights: uniform(INPUTS * HIDDEN, 0.05),
            factor_weights: vec![0.0; PIECES * HIDDEN],
            feature_bias: uniform(HIDDEN, 0.05).iter().map(|b| b + 0.25).collect(),
            output_weights: uniform(2 * HIDDEN, 0.5),
            output_bias: 0.0,
        }
    }

    /// Returns the float network that quantises back to `net` exactly (each weight divided
    /// by its scale, no factors): a quantised network, such as the embedded one, as the
    /// start of further training.
    pub fn from_quantised(net: &Network) -> FloatNetwork {
        let (features, bias, output, output_bias) = net.weights();
        let scaled =
            |w: &[i16], scale: i32| w.iter().map(|&w| f32::from(w) / scale as f32).collect();
        FloatNetwork {
            feature_weights: scaled(&features, QA),
            factor_weights: vec![0.0; PIECES * HIDDEN],
            feature_bias: scaled(&bias, QA),
            output_weights: scaled(&output, QB),
            output_bias: f32::from(output_bias) / (QA * QB) as f32,
        }
    }

    fn zero() -> FloatNetwork {
        FloatNetwork {
            feature_weights: vec![0.0; INPUTS * HIDDEN],
            factor_weights: vec![0.0; PIECES * HIDDEN],
            feature_bias: vec![0.0; HIDDEN],
            output_weights: vec![0.0; 2 * HIDDEN],
            output_bias: 0.0,
        }
    }

    /// Returns the output in centipawns for the side to move of the position whose inputs
    /// are `us` (the side to move's view) and `them`.
    pub fn evaluate(&self, us: &[usize], them: &[usize]) -> f32 {
        let (a, b) = (self.accumulate(us), self.accumulate(them));
        self.output(&a, &b) * SCALE as f32
    }

    fn accumulate(&self, inputs: &[usize]) -> Vec<f32> {
        let mut acc = self.feature_bias.clone();
        for &i in inputs {
            let row = &self.feature_weights[i * HIDDEN..(i + 1) * HIDDEN];
            let piece = i / Square::COUNT;
            let factor = &self.factor_weights[piece * HIDDEN..(piece + 1) * HIDDEN];
            for ((a, w), f) in acc.iter_mut().zip(row).zip(factor) {
                *a += w + f;
            }
        }
        acc
    }

    fn output(&self, us: &[f32], them: &[f32]) -> f32 {
        let (w_us, w_them) = self.output_weights.split_at(HIDDEN);
        let half = |acc: &[f32], w: &[f32]| -> f32 {
            acc.iter().zip(w).map(|(a, w)| screlu(*a) * w).sum()
        };
        half(us, w_us) + half(them, w_them) + self.output_bias
    }

    /// Returns the quantised network (weights × `QA`, output weights × `QB`, rounded).
    ///
    /// # Errors
    /// When a weight is outside what the file can hold (the trainer keeps them inside).
    pub fn quantise(&self) -> Result<Network, xiangqi_engine::nnue::NetworkError> {
        let q = |w: &f32, scale: i32| (w * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        let fw: Vec<i16> = self
            .feature_weights
            .iter()
            .enumerate()
            .map(|(i, w)| {
                let piece = i / (Square::COUNT * HIDDEN);
                q(&(w + self.factor_weights[piece * HIDDEN + i % HIDDEN]), QA)
            })
            .collect();
        let fb: Vec<i16> = self.feature_bias.iter().map(|w| q(w, QA)).collect();
        let ow: Vec<i16> = self.output_weights.iter().map(|w| q(w, QB)).collect();
        Network::new(&fw, &fb, &ow, q(&self.output_bias, QA * QB))
    }

    /// Writes the float weights (a checkpoint, resumable with [`FloatNetwork::read`]):
    /// "XQNF", then every number as f32, little-endian, in the order of the fields.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let mut out = b"XQNF".to_vec();
        for w in self.numbers() {
            out.extend_from_slice(&w.to_le_bytes());
        }
        crate::atomic_file::write(path, &out)
    }

    /// Reads a checkpoint written by [`FloatNetwork::write`].
    ///
    /// # Errors
    /// When the file cannot be read or is not a checkpoint of this network's shape.
    pub fn read(path: &Path) -> Result<FloatNetwork, DataError> {
        let bytes = std::fs::read(path).map_err(|source| DataError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        let mut net = FloatNetwork::zero();
        let expected = 4 + 4 * net.numbers().count();
        if bytes.len() != expected || bytes.get(..4) != Some(b"XQNF".as_slice()) {
            return Err(DataError::NotACheckpoint {
                path: path.to_path_buf(),
                len: bytes.len(),
                expected,
            });
        }
        let mut values = bytes[4..]
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        for w in net.numbers_mut() {
            *w = values.next().unwrap_or(0.0);
        }
        Ok(net)
    }

    fn numbers(&self) -> impl Iterator<Item = f32> + '_ {
        self.feature_weights
            .iter()
            .chain(&self.factor_weights)
            .chain(&self.feature_bias)
            .chain(&self.output_weights)
            .chain(std::iter::once(&self.output_bias))
            .copied()
    }

    fn numbers_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.feature_weights
            .iter_mut()
            .chain(self.factor_weights.iter_mut())
            .chain(self.feature_bias.iter_mut())
            .chain(self.output_weights.iter_mut())
            .chain(std::iter::once(&mut self.output_bias))
    }
}

#[inline]
fn screlu(x: f32) -> f32 {
    let c = x.clamp(0.0, 1.0);
    c * c
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// How to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Positions per gradient step.
    pub batch: usize,
    /// Adam's learning rate (lowered tenfold for the last quarter of the epochs).
    pub learning_rate: f32,
    /// The weight of the search's score in the target (0: the result alone, 1: the score).
    pub lambda: f32,
    /// Threads computing the gradient.
    pub threads: usize,
    /// Seed of the initial weights and of the shuffling.
    pub seed: u64,
    /// One game in this many is held out for validation (by its number).
    pub validation_every: usize,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            epochs: 20,
            batch: 16384,
            learning_rate: 0.001,
            lambda: 0.75,
            threads: 2,
            seed: 1,
            validation_every: 20,
        }
    }
}

/// Positions read from data shards, split into training and validation sets.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// Training samples.
    pub train: Vec<Sample>,
    /// Held-out samples (never trained on).
    pub validation: Vec<Sample>,
    /// Games read.
    pub games: usize,
    /// Shards read (files).
    pub shards: usize,
    /// The shards that could not be read whole: `(path, what was wrong)`.
    pub corrupt: Vec<(PathBuf, String)>,
}

/// Why training data or a checkpoint could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// A file or folder could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file or folder.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A checkpoint file has the wrong size or tag for this network's shape.
    #[error("{} is not a checkpoint of this network ({len} bytes, expected {expected})", path.display())]
    NotACheckpoint {
        /// The file.
        path: PathBuf,
        /// Its size in bytes.
        len: usize,
        /// The size of a checkpoint of this network, in bytes.
        expected: usize,
    },
    /// A path given does not exist.
    #[error("{} does not exist", .0.display())]
    Missing(PathBuf),
    /// The paths hold no shard (`*.xqd`) at all.
    #[error("no data shards (*.xqd) found")]
    NoShards,
    /// Too few positions to train on or to validate with.
    #[error("too little data: {train} training and {validation} validation positions")]
    TooLittle {
        /// The training positions read.
        train: usize,
        /// The validation positions read.
        validation: usize,
    },
}

/// Lists the shard files named by `paths`: files as given, folders by their `*.xqd` files
/// in name order.
///
/// # Errors
/// A path that cannot be read, or no shard at all.
pub fn shard_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, DataError> {
    let mut files = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut in_dir: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|source| DataError::Read {
                    path: p.clone(),
                    source,
                })?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| f.extension().is_some_and(|x| x == "xqd"))
                .collect();
            in_dir.sort();
            files.extend(in_dir);
        } else if p.exists() {
            files.push(p.clone());
        } else {
            return Err(DataError::Missing(p.clone()));
        }
    }
    if files.is_empty() {
        return Err(DataError::NoShards);
    }
    Ok(files)
}

/// Reads the shards, dropping positions beyond ±`max_score`, adding each one's mirror image
/// when `mirror` is set, and holding out every `validation_every`-th game.
///
/// # Errors
/// A shard file that cannot be read (a corrupt one is reported in the dataset and its good
/// games kept).
pub fn load(
    files: &[PathBuf],
    max_score: i16,
    mirror: bool,
    validation_every: usize,
) -> Result<Dataset, DataError> {
    let mut data = Dataset::default();
    for (n, f) in files.iter().enumerate() {
        let bytes = std::fs::read(f).map_err(|source| DataError::Read {
            path: f.clone(),
            source,
        })?;
        let mut visit = |p: TrainingPosition| {
            let held_out = validation_every > 0 && (n * 7919 + p.game) % validation_every == 0;
            let set = if held_out {
                &mut data.validation
            } else {
                &mut data.train
            };
            set.push(Sample::new(&p, false));
            if mirror {
                set.push(Sample::new(&p, true));
            }
        };
        let summary = read_shard(&bytes, max_score, &mut visit);
        data.games += summary.games;
        data.shards += 1;
        if let Some(c) = summary.corruption {
            data.corrupt.push((f.clone(), c.to_string()));
        }
    }
    Ok(data)
}

/// Returns the sigmoid scale `K` (centipawns) that best predicts the game results from the
/// search scores, `σ(score / K)`, by golden-section search on the mean squared error.
pub fn fit_scale(samples: &[Sample]) -> f32 {
    let error = |k: f32| -> f64 {
        samples
            .iter()
            .map(|s| {
                let d = sigmoid(f32::from(s.score) / k) - s.result;
                f64::from(d * d)
            })
            .sum::<f64>()
            / samples.len().max(1) as f64
    };
    let (mut lo, mut hi) = (50.0f32, 2000.0f32);
    let ratio = 0.618_034f32;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(a) < error(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The chance of winning (not drawing) a game from a position, fitted to self-play results:
/// `P(win) = σ((score − center) / scale)` with the score in centipawns for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WinModel {
    /// The score, in centipawns, at which the side to move wins half its games. The engine
    /// reports scores in hundredths of it (`xiangqi_engine::search::REPORTED_PAWN`), the convention of
    /// Stockfish since 2022: +1.00 means an even chance of winning.
    pub center: f32,
    /// How fast the chance grows with the score, in centipawns (the logistic's scale).
    pub scale: f32,
}

/// Fits a [`WinModel`] to `samples` by maximum likelihood (Newton's method on the logistic
/// regression of "the side to move won" on the score). Returns `None` when the samples
/// cannot determine it: no win, no game that was not won, or scores all alike.
pub fn fit_win_model(samples: &[Sample]) -> Option<WinModel> {
    // In pawns, so that the Hessian's entries are of like size.
    let points: Vec<(f64, f64)> = samples
        .iter()
        .map(|s| {
            (
                f64::from(s.score) / 100.0,
                if s.result == 1.0 { 1.0 } else { 0.0 },
            )
        })
        .collect();
    let (mut w0, mut w1) = (0.0f64, 0.0f64);
    for _ in 0..50 {
        let (mut g0, mut g1, mut h00, mut h01, mut h11) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(x, y) in &points {
            let p = 1.0 / (1.0 + (-(w0 + w1 * x)).exp());
            let w = p * (1.0 - p);
            g0 += y - p;
            g1 += (y - p) * x;
            h00 += w;
            h01 += w * x;
            h11 += w * x * x;
        }
        let det = h00 * h11 - h01 * h01;
        if !(det.is_finite() && det > 1e-9) {
            return None;
        }
        let (d0, d1) = ((h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det);
        w0 += d0;
        w1 += d1;
        if d0.abs() + d1.abs() < 1e-9 {
            break;
        }
    }
    (w1 > 0.0 && w0.is_finite()).then(|| WinModel {
        center: (-100.0 * w0 / w1) as f32,
        scale: (100.0 / w1) as f32,
    })
}

/// One epoch's figures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch, from 1.
    pub epoch: usize,
    /// The mean training loss over the epoch's batches.
    pub train_loss: f64,
    /// The loss on the held-out positions after the epoch.
    pub validation_loss: f64,
    /// Seconds the epoch took.
    pub seconds: f64,
}

/// Adam's moments for every weight.
struct Adam {
    m: FloatNetwork,
    v: FloatNetwork,
    t: i32,
}

/// Trains `net` on `data` for `config.epochs` epochs with the sigmoid scale `k`, calling
/// `after_epoch` with each epoch's report and the network (to print and checkpoint).
pub fn train(
    net: &mut FloatNetwork,
    data: &Dataset,
    k: f32,
    config: &TrainConfig,
    after_epoch: &mut dyn FnMut(&EpochReport, &FloatNetwork),
) {
    let mut rng = StdRng::seed_from_u64(config.seed ^ 0x5eed);
    let mut order: Vec<u32> = (0..data.train.len() as u32).collect();
    let mut adam = Adam {
        m: FloatNetwork::zero(),
        v: FloatNetwork::zero(),
        t: 0,
    };
    let threads = config.threads.max(1);
    let mut grads: Vec<FloatNetwork> = (0..threads).map(|_| FloatNetwork::zero()).collect();
    for epoch in 1..=config.epochs {
        let started = std::time::Instant::now();
        order.shuffle(&mut rng);
        let lr = if epoch > config.epochs * 3 / 4 {
            config.learning_rate / 10.0
        } else {
            config.learning_rate
        };
        let (mut loss_sum, mut count) = (0.0f64, 0usize);
        for batch in order.chunks(config.batch.max(1)) {
            let per = batch.len().div_ceil(threads);
            let losses: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = grads
                    .iter_mut()
                    .zip(batch.chunks(per))
                    .map(|(g, part)| {
                        let net = &*net;
                        scope.spawn(move || gradient(net, &data.train, part, k, config.lambda, g))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                    .collect()
            });
            loss_sum += losses.iter().sum::<f64>();
            count += batch.len();
            let used = batch.chunks(per).count();
            step(net, &mut grads[..used], &mut adam, lr, batch.len());
        }
        let validation_loss = loss(net, &data.validation, k, config.lambda);
        after_epoch(
            &EpochReport {
                epoch,
                train_loss: loss_sum / count.max(1) as f64,
                validation_loss,
                seconds: started.elapsed().as_secs_f64(),
            },
            net,
        );
    }
}

/// The target of a sample: the blend of its score's expectation and its result.
#[inline]
fn target(s: &Sample, k: f32, lambda: f32) -> f32 {
    lambda * sigmoid(f32::from(s.score) / k) + (1.0 - lambda) * s.result
}

/// Returns the mean loss of `net` on `samples`.
pub fn loss(net: &FloatNetwork, samples: &[Sample], k: f32, lambda: f32) -> f64 {
    let (mut us, mut them) = (Vec::new(), Vec::new());
    let total: f64 = samples
        .iter()
        .map(|s| {
            s.inputs(&mut us, &mut them);
            let p = sigmoid(net.evaluate(&us, &them) / k);
            let d = p - target(s, k, lambda);
            f64::from(d * d)
        })
        .sum();
    total / samples.len().max(1) as f64
}

/// Adds the gradient of the summed loss over `part` to `g` (zeroed first); returns the
/// summed loss.
fn gradient(
    net: &FloatNetwork,
    samples: &[Sample],
    part: &[u32],
    k: f32,
    lambda: f32,
    g: &mut FloatNetwork,
) -> f64 {
    g.numbers_mut().for_each(|w| *w = 0.0);
    let (mut us, mut them) = (Vec::new(), Vec::new());
    let mut total = 0.0f64;
    let (w_us, w_them) = net.output_weights.split_at(HIDDEN);
    let mut d_acc = [vec![0.0f32; HIDDEN], vec![0.0f32; HIDDEN]];
    for &i in part {
        let s = &samples[i as usize];
        s.inputs(&mut us, &mut them);
        let views = [net.accumulate(&us), net.accumulate(&them)];
        let out = net.output(&views[0], &views[1]);
        let p = sigmoid(out * SCALE as f32 / k);
        let diff = p - target(s, k, lambda);
        total += f64::from(diff * diff);
        let d_out = 2.0 * diff * p * (1.0 - p) * SCALE as f32 / k;
        g.output_bias += d_out;
        for (v, (acc, w)) in views.iter().zip([w_us, w_them]).enumerate() {
            let (gw_us, gw_them) = g.output_weights.split_at_mut(HIDDEN);
            let gw = if v == 0 { gw_us } else { gw_them };
            for j in 0..HIDDEN {
                let a = acc[j];
                gw[j] += d_out * screlu(a);
                d_acc[v][j] = if a > 0.0 && a < 1.0 {
                    d_out * w[j] * 2.0 * a
                } else {
                    0.0
                };
                g.feature_bias[j] += d_acc[v][j];
            }
        }
        for (v, inputs) in [&us, &them].into_iter().enumerate() {
            for &f in inputs.iter() {
                let row = &mut g.feature_weights[f * HIDDEN..(f + 1) * HIDDEN];
                row.iter_mut().zip(&d_acc[v]).for_each(|(r, d)| *r += d);
                let piece = f / Square::COUNT;
                let factor = &mut g.factor_weights[piece * HIDDEN..(piece + 1) * HIDDEN];
                factor.iter_mut().zip(&d_acc[v]).for_each(|(r, d)| *r += d);
            }
        }
    }
    total
}

/// Applies one Adam step with the summed gradients of `grads` over `n` samples, then keeps
/// the weights inside the quantised ranges.
fn step(net: &mut FloatNetwork, grads: &mut [FloatNetwork], adam: &mut Adam, lr: f32, n: usize) {
    let (first, rest) = grads.split_at_mut(1);
    for other in rest.iter() {
        for (a, b) in first[0].numbers_mut().zip(other.numbers()) {
            *a += b;
        }
    }
    adam.t += 1;
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let c1 = 1.0 - b1.powi(adam.t);
    let c2 = 1.0 - b2.powi(adam.t);
    let scale = 1.0 / n.max(1) as f32;
    let max_out = f32::from(MAX_OUTPUT_WEIGHT) / QB as f32;
    // The numbers in order: feature weights, factor weights and biases (one bound), output
    // weights, output bias.
    let n_features = INPUTS * HIDDEN + PIECES * HIDDEN + HIDDEN;
    for (i, (((w, g), m), v)) in net
        .numbers_mut()
        .zip(first[0].numbers())
        .zip(adam.m.numbers_mut())
        .zip(adam.v.numbers_mut())
        .enumerate()
    {
        let g = g * scale;
        *m = b1 * *m + (1.0 - b1) * g;
        *v = b2 * *v + (1.0 - b2) * g * g;
        *w -= lr * (*m / c1) / ((*v / c2).sqrt() + eps);
        let bound = if i < n_features {
            MAX_FEATURE_WEIGHT
        } else if i < n_features + 2 * HIDDEN {
            max_out
        } else {
            // The output bias, scaled by QA × QB, must fit an i16.
            32767.0 / (QA * QB) as f32
        };
        *w = w.clamp(-bound, bound);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::Position;
    use xiangqi_engine::nnue::accumulator;

    fn random_positions(n: usize, seed: u64) -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut out = Vec::new();
        while out.len() < n {
            let mut pos = Position::start();
            for _ in 0..rng.gen_range(0..80) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos.make_move(moves[rng.gen_range(0..moves.len())]);
            }
            out.push(pos);
        }
        out
    }

    fn inputs_of(pos: &Position) -> (Vec<usize>, Vec<usize>) {
        let (mut us, mut them) = (Vec::new(), Vec::new());
        features::active(pos, pos.turn(), &mut us);
        features::active(pos, !pos.turn(), &mut them);
        (us, them)
    }

    /// The integer network the engine runs computes the float network's score on the
    /// rounded weights (to the truncation of its last divisions), and stays close to the
    /// unrounded float network.
    #[test]
    fn the_quantised_network_agrees_with_the_float_one() {
        let mut float = FloatNetwork::random(7);
        let mut rng = StdRng::seed_from_u64(8);
        for f in &mut float.factor_weights {
            *f = rng.gen_range(-0.05..0.05);
        }
        let quantised = float.quantise().expect("in range");
        // The float network with its factors folded in and every weight rounded as the
        // quantised one has it.
        let mut rounded = float.clone();
        for (i, w) in rounded.feature_weights.iter_mut().enumerate() {
            let piece = i / (Square::COUNT * HIDDEN);
            *w += float.factor_weights[piece * HIDDEN + i % HIDDEN];
        }
        rounded.factor_weights.iter_mut().for_each(|f| *f = 0.0);
        let round = |w: &mut f32, scale: i32| *w = (*w * scale as f32).round() / scale as f32;
        rounded
            .feature_weights
            .iter_mut()
            .for_each(|w| round(w, QA));
        rounded.feature_bias.iter_mut().for_each(|w| round(w, QA));
        rounded.output_weights.iter_mut().for_each(|w| round(w, QB));
        round(&mut rounded.output_bias, QA * QB);
        let (mut worst_rounded, mut sum_float) = (0.0f32, 0.0f32);
        let positions = random_positions(300, 3);
        for pos in &positions {
            let (us, them) = inputs_of(pos);
            let q = accumulator::evaluate(&quantised, pos) as f32;
            worst_rounded = worst_rounded.max((rounded.evaluate(&us, &them) - q).abs());
            sum_float += (float.evaluate(&us, &them) - q).abs();
        }
        assert!(
            worst_rounded <= 1.5,
            "largest difference {worst_rounded} cp"
        );
        let mean = sum_float / positions.len() as f32;
        assert!(
            mean <= 10.0,
            "mean difference to the float network {mean} cp"
        );
    }

    /// The embedded network, read into floating point for further training, quantises back
    /// to the same bytes.
    #[test]
    fn a_quantised_network_reads_back_as_a_float_start() {
        let embedded = Network::embedded().expect("the embedded network");
        let float = FloatNetwork::from_quantised(&embedded);
        let again = float.quantise().expect("in range");
        assert_eq!(again.to_bytes(), embedded.to_bytes());
    }

    /// The analytic gradient agrees with a finite difference of the loss.
    #[test]
    fn the_gradient_matches_finite_differences() {
        let net = FloatNetwork::random(11);
        let positions = random_positions(20, 5);
        let samples: Vec<Sample> = positions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                Sample::new(
                    &TrainingPosition {
                        position: p.clone(),
                        score: (i as i16 - 10) * 30,
                        result: (i % 3) as f32 / 2.0,
                        game: 0,
                    },
                    false,
                )
            })
            .collect();
        let part: Vec<u32> = (0..samples.len() as u32).collect();
        let mut g = FloatNetwork::zero();
        gradient(&net, &samples, &part, 300.0, 0.5, &mut g);
        let total = |n: &FloatNetwork| loss(n, &samples, 300.0, 0.5) * samples.len() as f64;
        let (us, _) = inputs_of(&positions[0]);
        let after_factors = INPUTS * HIDDEN + PIECES * HIDDEN;
        let checks = [
            us[0] * HIDDEN + 3,
            us[5] * HIDDEN + 40,
            INPUTS * HIDDEN + 5 * HIDDEN + 9,
            after_factors + 7,
            after_factors + HIDDEN + 2,
            after_factors + 3 * HIDDEN,
        ];
        for i in checks {
            let h = 1e-3f32;
            let mut plus = net.clone();
            let mut minus = net.clone();
            *plus.numbers_mut().nth(i).expect("index") += h;
            *minus.numbers_mut().nth(i).expect("index") -= h;
            let numeric = (total(&plus) - total(&minus)) / (2.0 * f64::from(h));
            let analytic = f64::from(g.numbers().nth(i).expect("index"));
            assert!(
                (numeric - analytic).abs() <= 1e-3 + 0.05 * analytic.abs(),
                "weight {i}: numeric {numeric}, analytic {analytic}"
            );
        }
    }

    #[test]
    fn training_lowers_the_loss_and_checkpoints_read_back() {
        let positions = random_positions(400, 9);
        let samples: Vec<Sample> = positions
            .iter()
            .map(|p| {
                // A target the network can learn: material for the side to move.
                let material: i32 = p
                    .board()
                    .pieces()
                    .map(|(_, pc)| if pc.color == p.turn() { 100 } else { -100 })
                    .sum();
                Sample::new(
                    &TrainingPosition {
                        position: p.clone(),
                        score: material as i16,
                        result: if material > 0 { 1.0 } else { 0.5 },
                        game: 0,
                    },
                    false,
                )
            })
            .collect();
        let data = Dataset {
            validation: samples[..50].to_vec(),
            train: samples[50..].to_vec(),
            ..Dataset::default()
        };
        let mut net = FloatNetwork::random(1);
        let before = loss(&net, &data.validation, 300.0, 1.0);
        let config = TrainConfig {
            epochs: 8,
            batch: 32,
            learning_rate: 0.001,
            lambda: 1.0,
            ..TrainConfig::default()
        };
        let mut reports = Vec::new();
        train(&mut net, &data, 300.0, &config, &mut |r, _| {
            reports.push(*r)
        });
        assert_eq!(reports.len(), 8);
        assert!(
            reports[7].validation_loss < before / 2.0,
            "{before} -> {:?}",
            reports[7]
        );
        let path = std::env::temp_dir().join(format!("xq-ckpt-{}.f32", std::process::id()));
        net.write(&path).expect("written");
        assert_eq!(FloatNetwork::read(&path).expect("a checkpoint"), net);
        std::fs::write(&path, b"XQNF1234").expect("written");
        assert!(matches!(
            FloatNetwork::read(&path),
            Err(DataError::NotACheckpoint { len: 8, .. })
        ));
        let _ = std::fs::remove_file(path);
    }

    /// 20,000 samples of the start position with scores drawn from ±1500 cp and the result
    /// `result(score, u)` gives for a uniform `u` in 0..1.
    fn samples_with_results(seed: u64, result: impl Fn(i16, f32) -> f32) -> Vec<Sample> {
        let mut rng = StdRng::seed_from_u64(seed);
        let start = Sample::new(
            &TrainingPosition {
                position: Position::start(),
                score: 0,
                result: 0.0,
                game: 0,
            },
            false,
        );
        (0..20000)
            .map(|_| {
                let score: i16 = rng.gen_range(-1500..1500);
                Sample {
                    score,
                    result: result(score, rng.gen::<f32>()),
                    ..start
                }
            })
            .collect()
    }

    #[test]
    fn the_fitted_scale_recovers_the_scale_of_the_data() {
        let samples = samples_with_results(2, |score, u| {
            if u < sigmoid(f32::from(score) / 400.0) {
                1.0
            } else {
                0.0
            }
        });
        let k = fit_scale(&samples);
        assert!((k - 400.0).abs() < 40.0, "{k}");
    }

    #[test]
    fn the_fitted_win_model_recovers_the_model_of_the_data() {
        let model = |score: i16| sigmoid((f32::from(score) - 150.0) / 120.0);
        // Wins as the model says; the other games drawn or lost alike.
        let samples = samples_with_results(3, |score, u| {
            if u < model(score) {
                1.0
            } else if u < 0.5 + model(score) / 2.0 {
                0.5
            } else {
                0.0
            }
        });
        let fit = fit_win_model(&samples).expect("a model");
        assert!((fit.center - 150.0).abs() < 15.0, "{fit:?}");
        assert!((fit.scale - 120.0).abs() < 12.0, "{fit:?}");
        let all_drawn: Vec<Sample> = samples
            .iter()
            .map(|s| Sample { result: 0.5, ..*s })
            .collect();
        assert_eq!(fit_win_model(&all_drawn), None);
    }
}
