//! Xiangqi (Chinese chess) rules: the board, legal moves, FEN, ICCS/WXF/Chinese notation and
//! perft, exactly as the World Xiangqi Federation rules of 2018 (WXF) define them.
//!
//! Pure and dependency-free: no I/O, no async. The engine, the server and the `xiangqi`
//! command all stand on this crate, and no other crate re-implements a rule.
//!
//! # A walk through the API
//!
//! ```
//! use xiangqi::{Move, Position, Square, Role, Color};
//!
//! // The starting position, Red to move.
//! let mut pos = Position::start();
//! assert_eq!(pos.turn(), Color::Red);
//! assert_eq!(pos.legal_moves().len(), 44);
//!
//! // Moves are ICCS coordinates: files a–i from Red's left, ranks 0–9 from Red's back rank.
//! let central_cannon: Move = "h2e2".parse()?;
//! pos.play(central_cannon)?;
//! assert_eq!(pos.piece_at(Square::E2).map(|p| p.role), Some(Role::Cannon));
//!
//! // An illegal move is refused with the reason, and the position stays as it was.
//! let err = pos.play("a9a5".parse()?).unwrap_err();
//! assert_eq!(err.to_string(), "a9a5: a chariot on a9 cannot move to a5");
//!
//! // Positions are read from and written to FEN.
//! let checked = Position::from_fen("4k4/4R4/9/9/9/9/9/9/9/3K5 b")?;
//! assert!(checked.is_check());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Moves are written and read in WXF and Chinese notation for a given position, and a
//! [`game::Game`] judges a whole game under a rule set:
//!
//! ```
//! use xiangqi::game::{Game, GameResult, RuleSet};
//! use xiangqi::{chinese, wxf, Position};
//!
//! let pos = Position::start();
//! let m = wxf::parse(&pos, "C2=5")?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(chinese::write(&pos, m)?, "炮二平五");
//!
//! // Both sides play a central cannon and take a soldier with it (Red's capture checks).
//! let game = Game::replay(None, &["h2e2", "h7e7", "e2e6", "e7e3"], RuleSet::Wxf2018)?;
//! assert_eq!(game.status().result, GameResult::Ongoing);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Invalid positions are rejected with every reason at once:
//!
//! ```
//! use xiangqi::Position;
//! let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/R2RKR3 w").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "illegal position: Red has 3 chariots; at most 2 are possible"
//! );
//! ```
//!
//! # Modules
//! - [`fen`]: FEN reading and writing.
//! - [`iccs`], [`wxf`], [`chinese`]: move notation, read and written for a position
//!   (`h2e2`, `C2=5`, `炮二平五`); [`notation`] holds their shared error and a reader for any.
//! - [`game`]: the game record and the end-of-game rules (rule sets `wxf-2018` and `casual`:
//!   perpetual check and chase, move limits, insufficient material); see `docs/rules.md`.
//! - [`pgn`]: game records as PGN text; [`TimeControl`] is a game's clock setting (PGN's
//!   `TimeControl` tag); [`xqf`] reads and writes XQStudio's binary XQF files (plain and
//!   encrypted), [`dhtmlxq`] the DhtmlXQ/UBB text of Chinese web sites.
//! - [`perft`](mod@perft): counting move-tree leaves to prove the generator.
//! - [`attacks`]: the precomputed move patterns (horse legs, elephant eyes, rays).
//! - [`sliders`]: where a chariot or a cannon reaches, by table lookup on its rank and file.

#![warn(missing_docs)]

pub mod attacks;
mod bitboard;
mod board;
mod chess_move;
pub mod chinese;
mod color;
mod descriptor;
pub mod dhtmlxq;
pub mod fen;
pub mod game;
pub mod iccs;
mod move_list;
pub mod notation;
mod notation_error;
pub mod perft;
pub mod pgn;
mod piece;
mod position;
mod resolve;
mod role;
mod setup;
pub mod sliders;
mod slots;
mod square;
#[cfg(test)]
mod test_support;
mod time_control;
pub mod wxf;
pub mod xqf;
pub mod zobrist;

pub use bitboard::Bitboard;
pub use board::Board;
pub use chess_move::{Move, ParseMoveError};
pub use color::{ByColor, Color};
pub use fen::{FenError, ParseFenError, START_FEN};
pub use move_list::{MoveList, MAX_MOVES};
pub use notation_error::NotationError;
pub use perft::{divide, perft};
pub use piece::Piece;
pub use position::{IllegalMove, Outcome, Position, Termination, Undo};
pub use role::Role;
pub use setup::{PositionError, Problem, Setup};
pub use square::{ParseSquareError, Square};
pub use time_control::{ParseTimeControlError, TimeControl, TimeControlError, TimeUnit};
