//! The quantised network: its weights, its file format and the network embedded in the
//! engine.
//!
//! # File format (version 1, all numbers little-endian)
//! ```text
//! offset  size                 what
//! 0       4                    magic "XQNN"
//! 4       2                    version, 1
//! 6       2                    hidden size, HIDDEN
//! 8       2 × 1260 × HIDDEN    feature weights, i16, input-major (row i: input i's column)
//! …       2 × HIDDEN           feature biases, i16
//! …       2 × 2 × HIDDEN       output weights, i16: the side to move's half, then the other's
//! …       2                    output bias, i16
//! ```
//! Feature weights and biases are scaled by [`QA`], output weights by [`QB`], the output
//! bias by `QA × QB`; the float network's output times [`SCALE`] is centipawns. A file of
//! any other size, magic, version or hidden size is refused.

use super::features::INPUTS;
use std::fmt;
use std::sync::{Arc, OnceLock};

/// Neurons of the feature transformer (per view).
pub const HIDDEN: usize = 128;
/// The integer that stands for 1.0 in the accumulator (and the top of the clamp).
pub const QA: i32 = 255;
/// The integer that stands for 1.0 in the output weights.
pub const QB: i32 = 64;
/// Centipawns per unit of the float network's output.
pub const SCALE: i32 = 400;
/// The largest output weight magnitude: with it the output sum of `2 × HIDDEN` squared
/// activations (each at most `QA²`) fits an `i32` (2 × 128 × 65025 × 126 < 2³¹).
pub const MAX_OUTPUT_WEIGHT: i16 = 126;

/// The largest score the network reports, in centipawns: far above any real advantage and
/// well inside the search's mate scores (`search::MATE_BOUND`) and the table's 16 bits.
pub const MAX_SCORE: i32 = 20_000;

const MAGIC: &[u8; 4] = b"XQNN";
const VERSION: u16 = 1;
const HEADER: usize = 8;
/// The size in bytes of a network file of this build.
pub const FILE_SIZE: usize = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN + 2 * HIDDEN + 1);

/// The network the engine plays with unless told otherwise (`nets/xiangqi.nnue`, rebuilt by
/// the commands in `nets/xiangqi.nnue.md`).
static EMBEDDED_BYTES: &[u8] = include_bytes!("../../nets/xiangqi.nnue");

/// One neuron row, aligned for vector loads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [i16; HIDDEN]);

/// A quantised network (see the module's file format).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// Row `i`: what input `i` adds to each neuron, scaled by [`QA`].
    pub(crate) feature_weights: Box<[Row]>,
    /// Each neuron's starting value, scaled by [`QA`].
    pub(crate) feature_bias: Row,
    /// Output weights of the side to move's view (0) and the other side's (1), scaled by
    /// [`QB`].
    pub(crate) output_weights: [Row; 2],
    /// Output bias, scaled by `QA × QB`.
    pub(crate) output_bias: i32,
}

/// Why a network file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file could not be read (the I/O error's text).
    Read(String),
    /// The file has the wrong size: `found` bytes where this build needs `expected`.
    Size {
        /// Bytes found.
        found: usize,
        /// Bytes this build reads.
        expected: usize,
    },
    /// The file does not start with "XQNN".
    Magic,
    /// The file is of another format version.
    Version(u16),
    /// The file's hidden size differs from this build's [`HIDDEN`].
    Hidden(u16),
    /// A weight array handed to [`Network::new`] has the wrong length (`what`).
    Shape(&'static str),
    /// An output weight is beyond ±[`MAX_OUTPUT_WEIGHT`], where the output could overflow.
    OutputWeight(i16),
}

impl fmt::Display for NetworkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NetworkError::Read(e) => write!(f, "cannot read the network file: {e}"),
            NetworkError::Size { found, expected } => write!(
                f,
                "the network file has {found} bytes; this engine reads networks of {expected} \
                 bytes (hidden size {HIDDEN})"
            ),
            NetworkError::Magic => f.write_str("not a network file (it does not start with XQNN)"),
            NetworkError::Version(v) => {
                write!(f, "network file version {v}; this engine reads {VERSION}")
            }
            NetworkError::Hidden(h) => {
                write!(f, "network of hidden size {h}; this engine's is {HIDDEN}")
            }
            NetworkError::Shape(what) => write!(f, "the network's {what} have the wrong length"),
            NetworkError::OutputWeight(w) => write!(
                f,
                "output weight {w} is beyond ±{MAX_OUTPUT_WEIGHT} (the output could overflow)"
            ),
        }
    }
}

impl std::error::Error for NetworkError {}

impl Network {
    /// Builds a network from its quantised weights: `feature_weights` input-major
    /// (`INPUTS × HIDDEN`, row `i` for input `i`), `feature_bias` (`HIDDEN`),
    /// `output_weights` (`2 × HIDDEN`: the side to move's view, then the other's) and the
    /// output bias.
    ///
    /// # Errors
    /// [`NetworkError::Shape`] when an array has the wrong length,
    /// [`NetworkError::OutputWeight`] when an output weight is beyond ±[`MAX_OUTPUT_WEIGHT`].
    pub fn new(
        feature_weights: &[i16],
        feature_bias: &[i16],
        output_weights: &[i16],
        output_bias: i16,
    ) -> Result<Network, NetworkError> {
        if feature_weights.len() != INPUTS * HIDDEN {
            return Err(NetworkError::Shape("feature weights"));
        }
        if feature_bias.len() != HIDDEN {
            return Err(NetworkError::Shape("feature biases"));
        }
        if output_weights.len() != 2 * HIDDEN {
            return Err(NetworkError::Shape("output weights"));
        }
        if let Some(&w) = output_weights
            .iter()
            .find(|w| w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16)
        {
            return Err(NetworkError::OutputWeight(w));
        }
        let row = |s: &[i16]| {
            let mut r = Row([0; HIDDEN]);
            r.0.copy_from_slice(s);
            r
        };
        Ok(Network {
            feature_weights: feature_weights.chunks_exact(HIDDEN).map(row).collect(),
            feature_bias: row(feature_bias),
            output_weights: [
                row(&output_weights[..HIDDEN]),
                row(&output_weights[HIDDEN..]),
            ],
            output_bias: i32::from(output_bias),
        })
    }

    /// Reads a network from the bytes of a file in the module's format.
    ///
    /// # Errors
    /// [`NetworkError::Size`], [`NetworkError::Magic`], [`NetworkError::Version`] or
    /// [`NetworkError::Hidden`] for a file that is not a network of this build;
    /// [`NetworkError::OutputWeight`] for one whose output could overflow.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() >= 4 && &bytes[..4] != MAGIC {
            return Err(NetworkError::Magic);
        }
        if bytes.len() >= HEADER {
            let version = u16::from_le_bytes([bytes[4], bytes[5]]);
            if version != VERSION {
                return Err(NetworkError::Version(version));
            }
            let hidden = u16::from_le_bytes([bytes[6], bytes[7]]);
            if usize::from(hidden) != HIDDEN {
                return Err(NetworkError::Hidden(hidden));
            }
        }
        if bytes.len() != FILE_SIZE {
            return Err(NetworkError::Size {
                found: bytes.len(),
                expected: FILE_SIZE,
            });
        }
        let numbers: Vec<i16> = bytes[HEADER..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        let (features, rest) = numbers.split_at(INPUTS * HIDDEN);
        let (bias, rest) = rest.split_at(HIDDEN);
        let (output, rest) = rest.split_at(2 * HIDDEN);
        Network::new(features, bias, output, rest[0])
    }

    /// Reads a network file.
    ///
    /// # Errors
    /// [`NetworkError::Read`] when the file cannot be read, else as [`Network::from_bytes`].
    pub fn load(path: &std::path::Path) -> Result<Network, NetworkError> {
        let bytes = std::fs::read(path).map_err(|e| NetworkError::Read(e.to_string()))?;
        Network::from_bytes(&bytes)
    }

    /// Returns the quantised weights in the order [`Network::new`] takes them: the feature
    /// weights input-major (`INPUTS × HIDDEN`), the feature biases (`HIDDEN`), the output
    /// weights (`2 × HIDDEN`) and the output bias; so a trainer can start from this network.
    pub fn weights(&self) -> (Vec<i16>, Vec<i16>, Vec<i16>, i16) {
        let features = self.feature_weights.iter().flat_map(|r| r.0).collect();
        let output = self.output_weights.iter().flat_map(|r| r.0).collect();
        // In range: `new` and `from_bytes` took it from an i16.
        let bias = self.output_bias as i16;
        (features, self.feature_bias.0.to_vec(), output, bias)
    }

    /// Writes the network in the module's format ([`FILE_SIZE`] bytes).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(FILE_SIZE);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&(HIDDEN as u16).to_le_bytes());
        let rows = self
            .feature_weights
            .iter()
            .chain(std::iter::once(&self.feature_bias))
            .chain(self.output_weights.iter());
        for row in rows {
            for w in row.0 {
                out.extend_from_slice(&w.to_le_bytes());
            }
        }
        // In range: `new` and `from_bytes` took it from an i16.
        out.extend_from_slice(&(self.output_bias as i16).to_le_bytes());
        out
    }

    /// Returns the network embedded in the engine, read once on first use; `None` only if
    /// the embedded file were not a network of this build (a test proves it is).
    pub fn embedded() -> Option<Arc<Network>> {
        static EMBEDDED: OnceLock<Option<Arc<Network>>> = OnceLock::new();
        EMBEDDED
            .get_or_init(|| Network::from_bytes(EMBEDDED_BYTES).ok().map(Arc::new))
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_network_reads() {
        assert!(Network::embedded().is_some());
        assert_eq!(EMBEDDED_BYTES.len(), FILE_SIZE);
    }

    #[test]
    fn a_network_survives_writing_and_reading() {
        let Some(net) = Network::embedded() else {
            panic!("no embedded network")
        };
        let bytes = net.to_bytes();
        assert_eq!(bytes, EMBEDDED_BYTES);
        assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(&*net));
    }

    #[test]
    fn truncated_wrong_and_foreign_files_are_refused() {
        let good = EMBEDDED_BYTES;
        assert_eq!(
            Network::from_bytes(&good[..good.len() - 1]),
            Err(NetworkError::Size {
                found: FILE_SIZE - 1,
                expected: FILE_SIZE
            })
        );
        assert_eq!(Network::from_bytes(&[]).unwrap_err().to_string(),
            format!("the network file has 0 bytes; this engine reads networks of {FILE_SIZE} bytes (hidden size {HIDDEN})"));
        let mut longer = good.to_vec();
        longer.push(0);
        assert!(matches!(
            Network::from_bytes(&longer),
            Err(NetworkError::Size { .. })
        ));
        assert_eq!(
            Network::from_bytes(b"NNUE-and-more"),
            Err(NetworkError::Magic)
        );
        let mut v2 = good.to_vec();
        v2[4] = 2;
        assert_eq!(Network::from_bytes(&v2), Err(NetworkError::Version(2)));
        let mut h = good.to_vec();
        h[6] = 0;
        h[7] = 1;
        assert_eq!(Network::from_bytes(&h), Err(NetworkError::Hidden(256)));
        let mut w = good.to_vec();
        let at = HEADER + 2 * (INPUTS * HIDDEN + HIDDEN);
        w[at..at + 2].copy_from_slice(&500i16.to_le_bytes());
        assert_eq!(
            Network::from_bytes(&w),
            Err(NetworkError::OutputWeight(500))
        );
        assert!(matches!(
            Network::load(std::path::Path::new("/no/such/net.nnue")),
            Err(NetworkError::Read(_))
        ));
    }
}
