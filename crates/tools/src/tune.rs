//! Logistic ("Texel") tuning of the evaluation's weights on positions with game results.
//!
//! Each position's evaluation is a linear sum of its term counts ([`eval::trace`]) times the
//! weights, blended by phase and damped as [`eval::finish`] does. The tuner first fits the
//! scale `K` of the logistic curve `σ(K · score)` that best predicts the results with the
//! current weights, then moves every middlegame and endgame weight by Adam gradient descent
//! on the mean squared error between `σ(K · score)` and the result, full batch. It writes
//! the weights back as [`xiangqi_engine::eval_weights`]'s source file.

use crate::selfplay::Sample;
use xiangqi_engine::eval::{self, Summary};
use xiangqi_engine::eval_weights::WEIGHTS;
use xiangqi_engine::params::{term, MAX_PHASE};

/// How to tune.
#[derive(Clone, Debug, PartialEq)]
pub struct TuneConfig {
    /// Full passes over the data.
    pub epochs: usize,
    /// Adam's step size, in centipawns.
    pub learning_rate: f64,
    /// Threads computing the gradient.
    pub threads: usize,
    /// Weight of the L2 penalty on each weight's distance from its current value, per
    /// (100 centipawns)²: it keeps weights that the data barely constrains where they were.
    pub l2: f64,
}

impl Default for TuneConfig {
    fn default() -> Self {
        TuneConfig {
            epochs: 400,
            learning_rate: 1.0,
            threads: 2,
            l2: 1e-6,
        }
    }
}

/// The positions in the tuner's compact form: sparse term counts (Red's minus Black's), the
/// phase, whether each side can still attack, and the result.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    terms: Vec<u16>,
    counts: Vec<f32>,
    /// Where each position's counts start in `terms`/`counts` (one more entry than positions).
    offsets: Vec<u32>,
    phase: Vec<f32>,
    /// Bit 0: Red has no attacker; bit 1: Black has none.
    no_attackers: Vec<u8>,
    results: Vec<f32>,
}

impl Dataset {
    /// Builds the dataset from samples.
    ///
    /// # Errors
    /// [`TuneError::Fen`] for the first sample whose FEN is not a legal position.
    pub fn from_samples(samples: &[Sample]) -> Result<Dataset, TuneError> {
        let mut d = Dataset {
            offsets: vec![0],
            ..Dataset::default()
        };
        for s in samples {
            let pos = xiangqi::Position::from_fen(&s.fen).map_err(|error| TuneError::Fen {
                fen: s.fen.clone(),
                error,
            })?;
            let t = eval::trace(&pos);
            for (i, n) in t.counts {
                d.terms.push(i);
                d.counts.push(f32::from(n));
            }
            d.offsets.push(d.terms.len() as u32);
            d.phase.push(t.summary.phase as f32 / MAX_PHASE as f32);
            d.no_attackers.push(flags(&t.summary));
            d.results.push(s.red_score as f32);
        }
        Ok(d)
    }

    /// Returns the number of positions.
    pub fn len(&self) -> usize {
        self.results.len()
    }

    /// Tells whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.results.is_empty()
    }

    /// Returns position `i`'s score for Red under the weights `w` (middlegame weights first,
    /// then endgame weights, [`term::COUNT`] each), and the factor by which damping scaled it.
    #[inline]
    fn score(&self, i: usize, w: &[f64]) -> (f64, f64, f64) {
        let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
        let (mut mg, mut eg) = (0.0, 0.0);
        for j in a..b {
            let t = self.terms[j] as usize;
            let n = f64::from(self.counts[j]);
            mg += n * w[t];
            eg += n * w[term::COUNT + t];
        }
        let p = f64::from(self.phase[i]);
        let s = mg * p + eg * (1.0 - p);
        let f = self.no_attackers[i];
        let damp = if (s > 0.0 && f & 1 != 0) || (s < 0.0 && f & 2 != 0) {
            0.125
        } else {
            1.0
        };
        (s * damp, damp, p)
    }

    /// Returns the mean squared error of `σ(k · score)` against the results.
    pub fn error(&self, w: &[f64], k: f64) -> f64 {
        let mut sum = 0.0;
        for i in 0..self.len() {
            let (s, _, _) = self.score(i, w);
            let e = f64::from(self.results[i]) - sigmoid(k * s);
            sum += e * e;
        }
        sum / self.len().max(1) as f64
    }

    /// Adds the gradient of the error over positions `range` to `grad`.
    fn gradient(&self, w: &[f64], k: f64, range: std::ops::Range<usize>, grad: &mut [f64]) {
        for i in range {
            let (s, damp, p) = self.score(i, w);
            let sg = sigmoid(k * s);
            let d = -2.0 * (f64::from(self.results[i]) - sg) * sg * (1.0 - sg) * k * damp;
            let (a, b) = (self.offsets[i] as usize, self.offsets[i + 1] as usize);
            for j in a..b {
                let t = self.terms[j] as usize;
                let n = f64::from(self.counts[j]);
                grad[t] += d * n * p;
                grad[term::COUNT + t] += d * n * (1.0 - p);
            }
        }
    }
}

fn flags(s: &Summary) -> u8 {
    u8::from(s.attackers[0] == 0) | u8::from(s.attackers[1] == 0) << 1
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Returns the current weights as the tuner's vector: [`term::COUNT`] middlegame weights,
/// then as many endgame weights.
pub fn current_weights() -> Vec<f64> {
    let mut w: Vec<f64> = WEIGHTS.iter().map(|x| f64::from(x.mg)).collect();
    w.extend(WEIGHTS.iter().map(|x| f64::from(x.eg)));
    w
}

/// Finds the logistic scale `K` (per centipawn) that minimises the error for weights `w`, by
/// golden-section search between 0.0005 and 0.05.
pub fn fit_k(data: &Dataset, w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.0005f64, 0.05f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if data.error(w, a) < data.error(w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The outcome of a tuning run.
#[derive(Clone, Debug)]
pub struct Tuned {
    /// The tuned weights (see [`current_weights`] for the layout), unrounded.
    pub weights: Vec<f64>,
    /// The logistic scale used.
    pub k: f64,
    /// Error before and after.
    pub error_before: f64,
    /// Error after the last epoch.
    pub error_after: f64,
}

/// Tunes the weights on `data`, calling `progress(epoch, error)` every 50 epochs.
pub fn tune(data: &Dataset, config: &TuneConfig, progress: &mut dyn FnMut(usize, f64)) -> Tuned {
    let start = current_weights();
    let mut w = start.clone();
    let k = fit_k(data, &w);
    let error_before = data.error(&w, k);
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let threads = config.threads.max(1);
    let chunk = data.len().div_ceil(threads).max(1);
    for epoch in 1..=config.epochs {
        let grads: Vec<Vec<f64>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let w = &w;
                    scope.spawn(move || {
                        let mut g = vec![0.0; n];
                        let start = (t * chunk).min(data.len());
                        let end = ((t + 1) * chunk).min(data.len());
                        data.gradient(w, k, start..end, &mut g);
                        g
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|_| vec![0.0; n]))
                .collect()
        });
        let scale = 1.0 / data.len().max(1) as f64;
        for i in 0..n {
            // The general's material never differs between the sides; leave it at zero.
            if i % term::COUNT == term::MATERIAL {
                continue;
            }
            let g: f64 = grads.iter().map(|g| g[i]).sum::<f64>() * scale
                + 2.0 * config.l2 * (w[i] - start[i]) / 10_000.0;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(epoch as i32));
            let vh = v[i] / (1.0 - b2.powi(epoch as i32));
            w[i] -= config.learning_rate * mh / (vh.sqrt() + eps);
        }
        if epoch % 50 == 0 || epoch == config.epochs {
            progress(epoch, data.error(&w, k));
        }
    }
    let error_after = data.error(&w, k);
    Tuned {
        weights: w,
        k,
        error_before,
        error_after,
    }
}

/// The largest weight, in centipawns, that [`weights_source`] will write: ten chariots. A
/// tuned weight beyond it means the run diverged (too large a learning rate or L2 weight).
pub const MAX_WEIGHT: f64 = 10_000.0;

/// Why tuning data or tuned weights cannot be used.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TuneError {
    /// A sample's FEN is not a legal position.
    #[error("{fen}: {error}")]
    Fen {
        /// The sample's FEN.
        fen: String,
        /// Why it is not a legal position.
        error: xiangqi::FenError,
    },
    /// The weight vector's length is not `2 × term::COUNT`.
    #[error("{0} weights, not the {count} the evaluation has", count = 2 * term::COUNT)]
    WeightCount(usize),
    /// A weight is not a finite number within ±[`MAX_WEIGHT`] centipawns.
    #[error(
        "the {half} weight of {term} is {value}, not a number within ±{MAX_WEIGHT} centipawns \
         (the tuning diverged: try a smaller --learning-rate or --l2)"
    )]
    Diverged {
        /// `middlegame` or `endgame`.
        half: &'static str,
        /// The term's name.
        term: String,
        /// The weight found.
        value: f64,
    },
}

/// Returns the source of `eval_weights.rs` holding `weights` (the layout of
/// [`current_weights`], rounded to whole centipawns), with `provenance` saying how they were
/// made.
///
/// # Errors
/// [`TuneError::Diverged`] naming the first term whose weight is not a finite number within
/// ±[`MAX_WEIGHT`] centipawns, or [`TuneError::WeightCount`] when the vector is not
/// `2 × term::COUNT` long: such a file would compile into a broken evaluation, so none is
/// produced.
pub fn weights_source(weights: &[f64], provenance: &str) -> Result<String, TuneError> {
    if weights.len() != 2 * term::COUNT {
        return Err(TuneError::WeightCount(weights.len()));
    }
    if let Some(i) = weights
        .iter()
        .position(|w| !(w.is_finite() && w.abs() <= MAX_WEIGHT))
    {
        let half = if i < term::COUNT {
            "middlegame"
        } else {
            "endgame"
        };
        return Err(TuneError::Diverged {
            half,
            term: term::name(i % term::COUNT),
            value: weights[i],
        });
    }
    let mut out = String::from(
        "//! The evaluation's weights, one middlegame/endgame pair per term of\n\
         //! [`crate::params::term`], in centipawns.\n\
         //!\n\
         //! This file is written by `xiangqi tune --write` (logistic \"Texel\" tuning on positions from\n\
         //! `xiangqi selfplay`); edit it by hand only to try a value, and re-tune after changing the\n\
         //! terms. [`PROVENANCE`] says how these values were made.\n\
         \n\
         use crate::params::{term, Weight};\n\
         \n\
         /// How these weights were made.\n",
    );
    out.push_str(&format!("pub const PROVENANCE: &str = {provenance:?};\n\n"));
    out.push_str(
        "/// Every weight of the evaluation, indexed by [`term`].\n\
         #[rustfmt::skip]\n\
         pub const WEIGHTS: [Weight; term::COUNT] = [\n",
    );
    for t in 0..term::COUNT {
        // Checked above: finite and within ±MAX_WEIGHT, so the casts are exact.
        let mg = weights[t].round() as i32;
        let eg = weights[term::COUNT + t].round() as i32;
        out.push_str(&format!(
            "    Weight {{ mg: {mg}, eg: {eg} }}, // {}\n",
            term::name(t)
        ));
    }
    out.push_str("];\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_current_weights_reproduce_their_own_source() {
        let w = current_weights();
        let src = weights_source(&w, xiangqi_engine::eval_weights::PROVENANCE)
            .expect("the current weights are in range");
        let file = include_str!("../../engine/src/eval_weights.rs");
        assert_eq!(src, file);
    }

    #[test]
    fn diverged_weights_are_refused_not_written() {
        let good = current_weights();
        for (i, bad) in [(0, f64::NAN), (3, f64::INFINITY), (term::COUNT + 1, -2.0e9)] {
            let mut w = good.clone();
            w[i] = bad;
            let err = weights_source(&w, "test").expect_err("a diverged weight is refused");
            assert!(
                matches!(&err, TuneError::Diverged { term: t, .. } if *t == term::name(i % term::COUNT)),
                "{err}"
            );
        }
        let mut w = good.clone();
        w[5] = MAX_WEIGHT;
        assert!(
            weights_source(&w, "test").is_ok(),
            "the bound itself is allowed"
        );
        assert_eq!(
            weights_source(&good[1..], "test"),
            Err(TuneError::WeightCount(2 * term::COUNT - 1)),
            "a short vector is refused"
        );
    }

    #[test]
    fn the_dataset_scores_positions_as_the_engine_does() {
        let fens = [
            "2bak4/4a4/4b1n2/p3p3p/2p3P2/9/P3P3P/2N1C4/4A4/2BAK1B2 w - - 0 1",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b - - 0 1",
            "4k4/9/4b4/9/2P6/9/9/4B4/4R4/3K5 w - - 0 1",
        ];
        let samples: Vec<Sample> = fens
            .iter()
            .map(|f| Sample {
                fen: f.to_string(),
                red_score: 0.5,
            })
            .collect();
        let d = Dataset::from_samples(&samples).unwrap();
        let w = current_weights();
        for (i, f) in fens.iter().enumerate() {
            let pos = xiangqi::Position::from_fen(f).unwrap();
            let e = xiangqi_engine::eval::evaluate(&pos);
            let red = if pos.turn() == xiangqi::Color::Red {
                e
            } else {
                -e
            };
            let (s, _, _) = d.score(i, &w);
            // The engine rounds its blend down to whole centipawns.
            assert!((s - f64::from(red)).abs() <= 1.0, "{f}: {s} vs {red}");
        }
    }

    #[test]
    fn tuning_lowers_the_error_on_data_it_can_fit() {
        // Red wins every position where it is a chariot up, Black where it is.
        let samples = vec![
            Sample {
                fen: "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1".into(),
                red_score: 1.0,
            },
            Sample {
                fen: "r3k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1".into(),
                red_score: 0.0,
            },
            Sample {
                fen: "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".into(),
                red_score: 0.5,
            },
        ];
        let d = Dataset::from_samples(&samples).unwrap();
        let t = tune(
            &d,
            &TuneConfig {
                epochs: 50,
                learning_rate: 2.0,
                threads: 1,
                l2: 0.0,
            },
            &mut |_, _| {},
        );
        assert!(t.error_after < t.error_before, "{t:?}");
    }
}
