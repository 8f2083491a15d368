//! Room events: every change to a room, numbered, stored in order and replayed to rebuild
//! the room after a restart. The same JSON goes to the clients (with a snapshot added).

use crate::Side;
use serde::{Deserialize, Serialize};

/// One change to a room. Stored as JSON in the `events` table; the `kind` tag and field
/// names are part of the wire protocol (`docs/protocol.md`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A guest took the seat of `color`.
    Joined {
        /// The seat taken.
        color: Side,
    },
    /// A move was played and committed.
    Move {
        /// Who moved.
        color: Side,
        /// Plies played before this move in the round.
        ply: usize,
        /// The move in ICCS.
        #[serde(rename = "move")]
        mv: String,
        /// The move in WXF notation.
        wxf: String,
        /// The move in Chinese notation.
        chinese: String,
        /// Red's remaining time after the move (increment included), in milliseconds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        red_ms: Option<i64>,
        /// Black's remaining time after the move, in milliseconds.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        black_ms: Option<i64>,
    },
    /// `color` resigned.
    Resign {
        /// Who resigned.
        color: Side,
    },
    /// `color` offered a draw.
    DrawOffer {
        /// Who offered.
        color: Side,
    },
    /// `color` declined the draw offered to them.
    DrawDecline {
        /// Who declined.
        color: Side,
    },
    /// The draw offer was accepted: the game is drawn by agreement.
    DrawAgreed,
    /// `color`'s time ran out.
    Flag {
        /// Whose flag fell.
        color: Side,
    },
    /// `color` called the game off (before the first moves, or with the opponent away):
    /// no result.
    Abort {
        /// Who aborted.
        color: Side,
    },
    /// `color` claimed the win: the opponent had been away longer than the room allows.
    Claim {
        /// Who claimed (and wins).
        color: Side,
    },
    /// `color` asked for a new round.
    NewRoundRequest {
        /// Who asked.
        color: Side,
    },
    /// `color` declined the new round.
    NewRoundDecline {
        /// Who declined.
        color: Side,
    },
    /// The player of `color` chose the display name `name` (already checked: see
    /// the server with [`crate::player_text`]). The name belongs to the seat and follows it when
    /// the colours swap.
    Name {
        /// The colour the seat played when it chose the name.
        color: Side,
        /// The name, trimmed, 1 to 24 characters, as [`crate::player_text`] allows.
        name: String,
    },
    /// The player of `color` wrote the chat line `text` (already checked: see
    /// the server with [`crate::player_text`]), under the display name the seat had then.
    Chat {
        /// The colour the writer played when writing.
        color: Side,
        /// The writer's display name at the time, if any.
        #[serde(default)]
        name: Option<String>,
        /// The line, trimmed, 1 to 300 characters, as [`crate::player_text`] allows.
        text: String,
    },
    /// Both agreed: round `round` starts from the room's start position, Red to move.
    NewRound {
        /// The new round's number (the first game is round 1).
        round: u32,
        /// The players swap colours (and the engine too): the seat that played Red plays
        /// Black. Every new round is written with `true`; logs from before the swap hold no
        /// such field and replay as `false`, as those rounds were played.
        #[serde(default)]
        swap: bool,
    },
}
