//! The JSON views of the Xiangqi rules that every client reads: the server's position
//! service and game snapshots, and the browser's WebAssembly module, send the same shapes
//! because both build them here (`docs/protocol.md` describes them).
//!
//! - [`position`]: the position service (legal moves, check, status, notation).
//! - [`player_text`]: the one check of what players write (chat, names, puzzle titles).
//! - [`status`]: a game's status and the repetition cycle behind a ruling.
//! - [`Side`]: a colour on the wire. [`ViewError`]: what a request is refused for.
//! - [`protocol`] (feature `protocol`): the game socket's messages, the one definition the
//!   server and its clients share; [`strict_json`]: JSON read with no duplicate keys.

mod error;
pub mod player_text;
pub mod position;
#[cfg(feature = "protocol")]
pub mod protocol;
mod side;
pub mod status;
#[cfg(feature = "protocol")]
pub mod strict_json;

pub use error::ViewError;
pub use position::{position_reply, PositionReply};
pub use side::Side;
pub use status::{CycleView, StatusView, WireName};
