//! Tools around the engine and the server: engine-against-engine matches (built-in levels,
//! full strength, or external UCI, Fairy-Stockfish and UCCI engines) with Elo estimates and
//! SPRTs, the tactical test suite, self-play data and the NNUE trainer, and the load-test
//! client for a running server. The
//! `xiangqi` command's `match`, `tactics` and `loadtest` subcommands parse their flags and
//! call this crate; the engine itself (`xiangqi-engine`) knows nothing of it.
//!
//! ```
//! use xiangqi_tools::sprt::{Decision, Pentanomial, Sprt};
//!
//! // 100 pairs (both games of one opening) scoring 0, ½, 1, 1½ and 2 points for the first
//! // player 10, 20, 40, 25 and 5 times: equal strength (H0, 0 Elo) rather than 50 Elo (H1).
//! let sprt = Sprt::new(0.0, 50.0, 0.05, 0.05)?;
//! let pairs = Pentanomial([10, 20, 40, 25, 5]);
//! assert_eq!(sprt.state(&pairs).decision, Decision::H0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`matches`](mod@matches): the match runner, its players, time controls and result tally.
//! - [`openings`]: the balanced opening lines the matches play.
//! - [`external`]: the client for external engine processes (UCI, Fairy-Stockfish, UCCI).
//! - [`sprt`]: the sequential probability ratio test over game pairs.
//! - [`tactics`]: the tactical test suite and its runner.
//! - [`puzzles`]: the puzzle library generator (`xiangqi puzzles`).
//! - [`selfplay`]: self-play games for tuning, puzzles and the NNUE's data.
//! - [`training_data`]: the NNUE's training data format; [`data_shards`]: self-play written
//!   as resumable shards (`xiangqi selfplay --data`).
//! - [`nnue_train`]: the NNUE trainer (`xiangqi nnue train`).
//! - [`atomic_file`]: files written whole or not at all.
//! - [`loadtest`]: the load-test client (`xiangqi loadtest`).

pub mod atomic_file;
pub mod data_shards;
pub mod external;
pub mod loadtest;
pub mod matches;
pub mod nnue_train;
pub mod openings;
pub mod puzzles;
pub mod selfplay;
pub mod sprt;
pub mod tactics;
pub mod training_data;
pub mod tune;
