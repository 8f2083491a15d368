//! The NNUE evaluation: an efficiently updatable neural network trained on our own self-play
//! (`xiangqi selfplay --data`, then `xiangqi nnue train`; see `docs/engine.md`, "NNUE").
//!
//! The network is a perspective network (the architecture of Stockfish's and Pikafish's
//! first layer, written here from its published description):
//!
//! ```text
//! each side's view of the board: 90 points × 14 pieces (own/their 7 roles) = 1260 inputs
//!        │ (sparse: one input per piece on the board)
//!        ▼
//!   feature transformer, shared by both views: 1260 → HIDDEN (i16, kept up to date
//!   incrementally as moves are made and taken back: the accumulator)
//!        │ side to move's view ++ other side's view (2 × HIDDEN)
//!        ▼
//!   SCReLU (clamp to 0..1, squared) → one output → centipawns for the side to move
//! ```
//!
//! - [`features`]: which input each piece on each point is, from either side's view.
//! - [`network`]: the quantised weights, their file format and the embedded network.
//! - [`accumulator`]: the first layer's sums for the current position, updated by moves.
//! - [`simd`]: the vector loops, with AVX2 chosen at run time where the processor has it.

pub mod accumulator;
pub mod features;
pub mod network;
pub mod simd;

pub use accumulator::{Accumulator, AccumulatorStack};
pub use network::{Network, NetworkError, HIDDEN, QA, QB, SCALE};

use std::sync::Arc;

/// The name the protocols give the embedded network (the `EvalFile` option's default).
pub const EMBEDDED_NAME: &str = "<embedded>";

/// Whether the engine evaluates with the NNUE at full strength unless told otherwise (UCI
/// `Use NNUE`, UCCI `usennue`): yes, natively and in the page's WebAssembly engine alike (see
/// `docs/engine.md`, "NNUE", for the matches this rests on). The lower levels keep the
/// classical evaluation (`Searcher::prepare`).
pub const ON_BY_DEFAULT: bool = true;

/// Returns the network a new searcher evaluates with: the embedded one when
/// [`ON_BY_DEFAULT`], else `None` (the classical evaluation).
pub fn default_network() -> Option<Arc<Network>> {
    if ON_BY_DEFAULT {
        Network::embedded()
    } else {
        None
    }
}
