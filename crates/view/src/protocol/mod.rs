//! The game socket's protocol (`/ws/rooms/{code}`, `docs/protocol.md`), defined once: the
//! server writes [`ServerMessage`] and reads [`ClientMessage`]; the load-test clients and the
//! tests write [`ClientMessage`] and read [`ServerMessage`], so a change to the protocol
//! breaks their build, not a run.
//!
//! - [`client`]: what a client sends, parsed strictly (an error names the field).
//! - [`server`]: what the server sends, and the error codes.
//! - [`game`]: the game snapshot (`GAME`), the seats, the clocks, the chat lines.
//! - [`event`]: the numbered room events, also the server's stored log.
//! - [`rooms`]: the bodies of the room routes (create, join, info, game record).

pub mod client;
pub mod event;
pub mod game;
pub mod rooms;
pub mod server;

pub use client::{BadMessage, ClientMessage, OfferAction};
pub use event::Event;
pub use game::TimeControlJson;
pub use game::{
    ChatLine, Clocks, ComputerSeat, GameSnapshot, MatchScore, PastRound, Players, Seat,
};
pub use rooms::{
    ComputerRequest, GameReply, JoinRequest, Joined, NewRoom, RoomCreated, RoomInfo, Seats,
};
pub use server::{ErrorCode, ServerMessage};
