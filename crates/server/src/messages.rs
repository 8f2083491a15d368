//! The WebSocket messages, one type per direction: [`ClientMessage`] is parsed here and
//! nowhere else, [`ServerMessage`] is written here and nowhere else. See `docs/protocol.md`.

use crate::room::snapshot::{GameSnapshot, Players};
use serde::{Deserialize, Serialize};
use xiangqi::Color;

/// A colour on the wire: `"red"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Red, who moves first.
    Red,
    /// Black.
    Black,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Red => Side::Red,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Red => Color::Red,
            Side::Black => Color::Black,
        }
    }
}

/// What a draw or new-round message asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferAction {
    /// Propose (`offer` for a draw, `request` for a new round).
    #[serde(alias = "request")]
    Offer,
    /// Agree to the other player's proposal.
    Accept,
    /// Refuse the other player's proposal.
    Decline,
}

/// A message from a client, parsed from one WebSocket text frame.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// First message: the seat credential (none to watch) and the last event number seen.
    Hello {
        /// The seat token from room creation or joining; `null` to watch.
        seat: Option<String>,
        /// The last event number this client saw (0: none).
        #[serde(default)]
        v: u64,
    },
    /// Play a move.
    Move {
        /// Plies already played in this round when the move was chosen.
        ply: usize,
        /// The move in ICCS (`h2e2`).
        #[serde(rename = "move")]
        mv: String,
    },
    /// Resign the current game.
    Resign,
    /// Offer, accept or decline a draw.
    Draw {
        /// `offer`, `accept` or `decline`.
        action: OfferAction,
    },
    /// Request, accept or decline a new round.
    NewRound {
        /// `request`, `accept` or `decline`.
        action: OfferAction,
    },
}

impl ClientMessage {
    /// Parses one text frame.
    ///
    /// # Errors
    /// The parser's message, naming the field or the unknown type, for the `bad_message`
    /// error reply.
    pub fn parse(text: &str) -> Result<ClientMessage, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// The codes of `{"t": "error"}` replies (see `docs/protocol.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The frame is not a client message (the message says why).
    BadMessage,
    /// Something other than `hello` came first.
    HelloFirst,
    /// The seat credential matches no seat of this room.
    BadSeat,
    /// A watcher tried to act for a seat.
    NotSeated,
    /// It is the other side's turn.
    NotYourTurn,
    /// The move's ply is not the number of plies played.
    StalePly,
    /// The move cannot be played in this position.
    IllegalMove,
    /// The move would complete a forbidden repetition (rooms that block such moves).
    ForbiddenRepetition,
    /// The game is over.
    GameOver,
    /// A new round was asked for while the game goes on.
    GameNotOver,
    /// The opponent is not connected, so no move is accepted.
    OpponentAway,
    /// There is no offer to accept or decline, or the offer is one's own.
    NoOffer,
    /// More messages than the rate limit allows.
    RateLimited,
    /// The frame is larger than the limit.
    TooLarge,
    /// The room no longer exists.
    NoRoom,
    /// The server failed to store the change; nothing was applied.
    Internal,
}

/// A message to a client.
#[derive(Debug, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// A full snapshot for this client.
    State {
        /// The number of the last event included.
        v: u64,
        /// The colour this connection plays, or `None` for a watcher.
        you: Option<Side>,
        /// The game.
        game: &'a GameSnapshot,
    },
    /// A player connected or disconnected.
    Presence {
        /// Both seats.
        players: &'a Players,
    },
    /// The client's last message was refused.
    Error {
        /// Machine-readable reason.
        code: ErrorCode,
        /// The same for a person.
        message: &'a str,
    },
    /// Another connection took this seat; this one is being closed.
    Replaced,
}

impl ServerMessage<'_> {
    /// Writes the message as one JSON text frame.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Serialising these plain structs cannot fail; keep the connection usable anyway.
            format!(r#"{{"t":"error","code":"internal","message":"{e}"}}"#)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_as_documented() {
        assert!(matches!(
            ClientMessage::parse(r#"{"t":"hello","seat":null,"v":0}"#),
            Ok(ClientMessage::Hello { seat: None, v: 0 })
        ));
        assert!(matches!(
            ClientMessage::parse(r#"{"t":"move","ply":3,"move":"h2e2"}"#),
            Ok(ClientMessage::Move { ply: 3, .. })
        ));
        assert!(matches!(
            ClientMessage::parse(r#"{"t":"new_round","action":"request"}"#),
            Ok(ClientMessage::NewRound {
                action: OfferAction::Offer
            })
        ));
        assert!(matches!(
            ClientMessage::parse(r#"{"t":"draw","action":"accept"}"#),
            Ok(ClientMessage::Draw {
                action: OfferAction::Accept
            })
        ));
    }

    #[test]
    fn bad_messages_name_the_problem() {
        let e = ClientMessage::parse(r#"{"t":"teleport"}"#).unwrap_err();
        assert!(e.contains("teleport"), "{e}");
        let e = ClientMessage::parse(r#"{"t":"move","ply":"x","move":"h2e2"}"#).unwrap_err();
        assert!(e.contains("ply") || e.contains("integer"), "{e}");
        assert!(ClientMessage::parse("not json").is_err());
    }
}
