//! The sequential probability ratio test of engine matches: the pentanomial GSPRT in
//! logistic Elo, as fishtest computes it.
//!
//! Games are played in pairs (one opening, colours swapped); a pair scores 0, ½, 1, 1½ or 2
//! for the first player, so a match is five counts, the *pentanomial* ([`Pentanomial`]).
//! The test weighs H0: "the first player is `elo0` stronger" against H1: "it is `elo1`
//! stronger" (logistic Elo, `s = 1 / (1 + 10^(−elo/400))` the expected score of one game)
//! and stops when the log-likelihood ratio leaves `(ln(β/(1−α)), ln((1−β)/α))`: below,
//! H0 is accepted; above, H1.
//!
//! # Source
//! Michel Van den Bergh, "Comments on Normalized Elo" (the maximum likelihood distribution
//! of a given expectation, proposition 1.1) and fishtest's `LLRcalc.LLR_logistic` and
//! `stat_util.py`, which this follows: with the pair scores `a_i = i/4` (per game) and the
//! observed frequencies `p̂_i = n_i / N` (a count of zero is replaced by 0.001), the
//! distribution of expectation `s` closest to `p̂` is `p_i = p̂_i / (1 + θ·(a_i − s))`, where
//! `θ` solves `Σ p̂_i (a_i − s) / (1 + θ·(a_i − s)) = 0`; then
//!
//! ```text
//! LLR = N · Σ p̂_i · (ln p1_i − ln p0_i)
//! ```
//!
//! with `p0`, `p1` those distributions for `s0 = L(elo0)` and `s1 = L(elo1)`. Cutechess and
//! fastchess compute the same GSPRT ("logistic" model).

use std::fmt;

/// The counts of pair results for the first player, by the pair's points in half-points
/// (`[0]` two losses, `[1]` a loss and a draw, `[2]` two draws or a win and a loss, `[3]` a
/// win and a draw, `[4]` two wins).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Counts a pair whose two games the first player scored `a` and `b` (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, a: f64, b: f64) {
        let half_points = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[half_points] += 1;
    }

    /// Returns the number of pairs.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

impl fmt::Display for Pentanomial {
    /// Writes the five counts from two losses to two wins: `[1, 4, 10, 3, 2]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

/// Why an SPRT cannot be set up.
#[derive(Clone, Debug, PartialEq)]
pub enum SprtError {
    /// `elo0` must be at least [`MIN_ELO_GAP`] below `elo1`, both finite and within ±2000.
    Bounds {
        /// The Elo of H0.
        elo0: f64,
        /// The Elo of H1.
        elo1: f64,
    },
    /// α and β must each lie between [`MIN_ERROR`] and 1, with α + β < 1.
    Errors {
        /// The chance of accepting H1 when H0 holds.
        alpha: f64,
        /// The chance of accepting H0 when H1 holds.
        beta: f64,
    },
}

impl fmt::Display for SprtError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SprtError::Bounds { elo0, elo1 } => write!(
                f,
                "SPRT bounds {},{}: ELO0 must be at least {MIN_ELO_GAP} below ELO1, both within ±2000",
                Short(*elo0),
                Short(*elo1)
            ),
            SprtError::Errors { alpha, beta } => write!(
                f,
                "SPRT alpha {} and beta {}: each must lie between {MIN_ERROR:e} and 1, their sum below 1",
                Short(*alpha),
                Short(*beta)
            ),
        }
    }
}

impl std::error::Error for SprtError {}

/// A number as a person typed it: plainly when it is, in exponent form when plain digits
/// would run to hundreds of characters (`1e308`, `1e-300`).
struct Short(f64);

impl fmt::Display for Short {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if x != 0.0 && x.is_finite() && !(1e-4..1e6).contains(&x.abs()) {
            write!(f, "{x:e}")
        } else {
            write!(f, "{x}")
        }
    }
}

/// A sequential probability ratio test: H0 `elo0` against H1 `elo1` (logistic Elo) with
/// error rates α (accepting H1 when H0 holds) and β (accepting H0 when H1 holds).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    elo0: f64,
    elo1: f64,
    alpha: f64,
    beta: f64,
}

/// What the test says now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The LLR is still between the bounds: play on.
    Continue,
    /// The LLR fell to the lower bound: H0 (`elo0`) accepted.
    H0,
    /// The LLR reached the upper bound: H1 (`elo1`) accepted.
    H1,
}

/// The state of a test after some pairs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtState {
    /// The log-likelihood ratio.
    pub llr: f64,
    /// The lower bound, `ln(β/(1−α))`.
    pub lower: f64,
    /// The upper bound, `ln((1−β)/α)`.
    pub upper: f64,
    /// Whether a bound was crossed.
    pub decision: Decision,
    /// The pairs it was computed from.
    pub pairs: Pentanomial,
}

impl fmt::Display for SprtState {
    /// Writes `LLR 1.23 (-2.94, 2.94) after 40 pairs [1, 4, 10, 3, 2]`, followed by `: H0
    /// accepted` or `: H1 accepted` once decided.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "LLR {:.2} ({:.2}, {:.2}) after {} pairs {}",
            self.llr,
            self.lower,
            self.upper,
            self.pairs.pairs(),
            self.pairs
        )?;
        match self.decision {
            Decision::Continue => Ok(()),
            Decision::H0 => f.write_str(": H0 accepted"),
            Decision::H1 => f.write_str(": H1 accepted"),
        }
    }
}

/// The default α and β.
pub const DEFAULT_ERROR: f64 = 0.05;

/// The smallest `elo1 − elo0`, in Elo: closer hypotheses need more games than any match
/// plays (fishtest's narrowest bounds are 2 Elo apart) and would never decide.
pub const MIN_ELO_GAP: f64 = 0.5;

/// The smallest α or β: below it the LLR bounds (±13.8 at 1e-6) are out of a match's reach.
pub const MIN_ERROR: f64 = 1e-6;

/// The count that stands in for a pair result never seen, as fishtest regularizes.
const EMPTY_COUNT: f64 = 1e-3;

impl Sprt {
    /// Returns the test of H0 `elo0` against H1 `elo1` with error rates `alpha`, `beta`.
    ///
    /// # Errors
    /// [`SprtError::Bounds`] unless `elo0 + MIN_ELO_GAP <= elo1`, both finite within ±2000;
    /// [`SprtError::Errors`] unless `alpha` and `beta` are each in `[MIN_ERROR, 1)` and
    /// `alpha + beta < 1`.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, SprtError> {
        let elo_ok = |e: f64| e.is_finite() && e.abs() <= 2000.0;
        if !(elo_ok(elo0) && elo_ok(elo1) && elo1 - elo0 >= MIN_ELO_GAP) {
            return Err(SprtError::Bounds { elo0, elo1 });
        }
        let p_ok = |p: f64| (MIN_ERROR..1.0).contains(&p);
        if !(p_ok(alpha) && p_ok(beta) && alpha + beta < 1.0) {
            return Err(SprtError::Errors { alpha, beta });
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Returns `(elo0, elo1)`.
    pub fn elo_bounds(&self) -> (f64, f64) {
        (self.elo0, self.elo1)
    }

    /// Returns `(alpha, beta)`.
    pub fn error_rates(&self) -> (f64, f64) {
        (self.alpha, self.beta)
    }

    /// Returns the LLR bounds `(ln(β/(1−α)), ln((1−β)/α))`: ±2.944 for α = β = 0.05.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Returns the log-likelihood ratio of `pairs` (see the [module](self) for the
    /// formula); 0 with no pairs.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|n| if n == 0 { EMPTY_COUNT } else { n as f64 });
        let n: f64 = counts.iter().sum();
        let freq = counts.map(|c| c / n);
        let p0 = closest_with_mean(&freq, logistic_score(self.elo0));
        let p1 = closest_with_mean(&freq, logistic_score(self.elo1));
        n * (0..5)
            .map(|i| freq[i] * (p1[i].ln() - p0[i].ln()))
            .sum::<f64>()
    }

    /// Returns the test's state after `pairs`.
    pub fn state(&self, pairs: &Pentanomial) -> SprtState {
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        let decision = if llr >= upper {
            Decision::H1
        } else if llr <= lower {
            Decision::H0
        } else {
            Decision::Continue
        };
        SprtState {
            llr,
            lower,
            upper,
            decision,
            pairs: *pairs,
        }
    }
}

/// Returns the expected score of one game at `elo` logistic Elo: `1 / (1 + 10^(−elo/400))`.
pub fn logistic_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The score of each pentanomial class, per game.
const PAIR_SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

/// Returns the distribution with expectation `s` closest to `freq` (all positive, summing
/// to 1) in the maximum-likelihood sense: `p_i = freq_i / (1 + θ·(a_i − s))` with `θ` the
/// root of `Σ freq_i (a_i − s) / (1 + θ·(a_i − s))`, found by bisection on the interval
/// where every `p_i` is positive (the function falls strictly across it).
fn closest_with_mean(freq: &[f64; 5], s: f64) -> [f64; 5] {
    let d = PAIR_SCORES.map(|a| a - s);
    let f = |theta: f64| -> f64 { (0..5).map(|i| freq[i] * d[i] / (1.0 + theta * d[i])).sum() };
    // 0 < s < 1, so d[0] < 0 < d[4]: θ lies in (−1/d[4], −1/d[0]).
    let (mut lo, mut hi) = (-1.0 / d[4], -1.0 / d[0]);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let theta = 0.5 * (lo + hi);
    std::array::from_fn(|i| freq[i] / (1.0 + theta * d[i]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() <= eps
    }

    #[test]
    fn bounds_follow_the_error_rates() {
        let t = Sprt::new(0.0, 10.0, 0.05, 0.05).expect("valid");
        let (lo, hi) = t.bounds();
        // ln(0.05/0.95) = −2.944439.
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        let t = Sprt::new(0.0, 10.0, 0.1, 0.02).expect("valid");
        let (lo, hi) = t.bounds();
        // ln(0.02/0.9) = −3.806662, ln(0.98/0.1) = 2.282382.
        assert!(close(lo, -3.806_662, 1e-6) && close(hi, 2.282_382, 1e-6));
    }

    #[test]
    fn bad_settings_are_refused() {
        assert!(Sprt::new(10.0, 0.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(5.0, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 1e-300, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 0.5, 0.05, 0.05).is_ok());
        assert!(Sprt::new(0.0, 5.0, 1e-300, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 1e-7).is_err());
        // Out-of-range numbers are echoed as typed, not as hundreds of digits.
        let huge = Sprt::new(1e308, 1.7e308, 0.05, 0.05)
            .unwrap_err()
            .to_string();
        assert!(huge.starts_with("SPRT bounds 1e308,1.7e308: "), "{huge}");
        let tiny = Sprt::new(0.0, 5.0, 1e-300, 0.05).unwrap_err().to_string();
        assert!(
            tiny.starts_with("SPRT alpha 1e-300 and beta 0.05: "),
            "{tiny}"
        );
        assert!(tiny.contains("between 1e-6 and 1"), "{tiny}");
        assert!(Sprt::new(f64::NAN, 5.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5000.0, 0.05, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.0, 0.05).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.6, 0.5).is_err());
        assert!(Sprt::new(0.0, 5.0, 0.05, 1.0).is_err());
    }

    #[test]
    fn pairs_are_counted_by_half_points() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 1.0);
        p.add_pair(1.0, 0.0);
        p.add_pair(0.5, 0.5);
        p.add_pair(0.0, 0.5);
        assert_eq!(p, Pentanomial([0, 1, 2, 0, 1]));
        assert_eq!(p.pairs(), 4);
        assert_eq!(p.to_string(), "[0, 1, 2, 0, 1]");
    }
}
