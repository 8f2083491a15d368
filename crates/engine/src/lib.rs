//! A Xiangqi engine: alpha-beta search with a transposition table, a tuned evaluation,
//! time management, playing levels 1–5, and the UCI and UCCI protocols.
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi_engine::{Engine, Limits};
//!
//! let mut engine = Engine::new(1);
//! engine.set_position(Position::start(), vec!["h2e2".parse()?])?;
//! let result = engine.search(Limits::depth(4));
//! let reply = result.best.expect("Black has moves");
//! assert!(engine.position().legal_moves().contains(&reply));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//! - [`search`]: iterative deepening, PVS, quiescence, pruning and reductions.
//! - [`movepick`], [`see`]: move ordering and static exchange evaluation.
//! - [`correction`]: the static score corrected by what the search learnt.
//! - [`eval`], [`params`]: the classical evaluation and all its weights.
//! - [`nnue`]: the neural-network evaluation (NNUE) and its incremental accumulators.
//! - [`tt`]: the transposition table. [`clock`]: limits and time budgets; [`time`]: the
//!   clock they are read from (the host's in WebAssembly).
//! - [`engine`]: the threaded facade. [`uci`], [`ucci`]: the text protocols.
//! - [`bench`](mod@bench): the fixed benchmark whose node count signs the search.
//! - [`book`]: the main lines of the standard openings, for the game review.
//!
//! Engine matches, SPRTs, the UCI/UCCI client for other engines and the tactical suite live
//! in the `xiangqi-tools` crate (`crates/tools`), which uses this one.

pub mod bench;
pub mod book;
pub mod clock;
pub mod correction;
pub mod engine;
pub mod eval;
pub mod eval_weights;
pub mod level;
pub mod movepick;
pub mod nnue;
pub mod params;
mod protocol;
pub mod search;
pub mod see;
mod session;
pub mod time;
pub mod tt;
pub mod ucci;
pub mod uci;

pub use clock::Limits;
pub use engine::{Engine, Event};
pub use level::{Level, Strength};
pub use protocol::{CommandError, OptionSetting, PositionSetup};
pub use search::{Info, Score, SearchRequest, SearchResult, Searcher};
