//! What the server sends on the game socket: one JSON object per text frame, its type in
//! `t` (`docs/protocol.md`, "Server messages"). The server writes [`ServerMessage`] from
//! borrowed parts (one snapshot serialised once for every connection); a client reads it
//! owned with [`ServerMessage::parse`].

use super::event::Event;
use super::game::{ChatLine, Clocks, GameSnapshot, Players};
use crate::Side;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::VecDeque;

/// The codes of `{"t": "error"}` replies (see `docs/protocol.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    /// The game is over.
    GameOver,
    /// A new round was asked for while the game goes on.
    GameNotOver,
    /// The opponent is not connected, so no move is accepted.
    OpponentAway,
    /// There is no offer to accept or decline, or the offer is one's own.
    NoOffer,
    /// A claim or abort while the opponent is here (connected, or the engine).
    OpponentHere,
    /// A claim or abort before the opponent has been away as long as the room asks.
    TooSoon,
    /// An abort after both sides have moved, with the opponent here: resign instead.
    TooLate,
    /// More messages than the rate limit allows.
    RateLimited,
    /// The frame is larger than the limit.
    TooLarge,
    /// The room no longer exists.
    NoRoom,
    /// The room has as many watchers as it accepts; the connection closes.
    TooManyWatchers,
    /// A new round against the computer while the address already has as many computer
    /// games in progress as it may; nothing changes.
    TooManyComputerGames,
    /// A new round against the computer while the engine's queue is full for the whole
    /// server; the error's `retry_after_s` says when to try again; nothing changes.
    EngineBusy,
    /// The room has a password and the hello brought neither a seat nor the watcher
    /// credential from `/join`; the connection closes.
    PasswordNeeded,
    /// A field's value is not allowed (a display name or chat line that is empty, too long
    /// or holds control characters); nothing changes.
    InvalidField,
    /// The server failed to store the change; nothing was applied.
    Internal,
}

impl ErrorCode {
    /// Returns the code's wire name (`stale_ply`), as the `code` field carries it.
    pub fn name(self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Every code, in the order `docs/protocol.md` lists them.
    pub const ALL: [ErrorCode; 23] = [
        ErrorCode::BadMessage,
        ErrorCode::HelloFirst,
        ErrorCode::BadSeat,
        ErrorCode::NotSeated,
        ErrorCode::NotYourTurn,
        ErrorCode::StalePly,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::GameNotOver,
        ErrorCode::OpponentAway,
        ErrorCode::NoOffer,
        ErrorCode::OpponentHere,
        ErrorCode::TooSoon,
        ErrorCode::TooLate,
        ErrorCode::RateLimited,
        ErrorCode::TooLarge,
        ErrorCode::NoRoom,
        ErrorCode::TooManyWatchers,
        ErrorCode::TooManyComputerGames,
        ErrorCode::EngineBusy,
        ErrorCode::PasswordNeeded,
        ErrorCode::InvalidField,
        ErrorCode::Internal,
    ];
}

/// A message to a client. Its parts are borrowed where the server writes it and owned where
/// a client reads it ([`ServerMessage::parse`] returns `ServerMessage<'static>`).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum ServerMessage<'a> {
    /// A full snapshot for this client.
    State {
        /// The number of the last event included.
        v: u64,
        /// The colour this connection plays, or `None` for a watcher.
        you: Option<Side>,
        /// The game.
        game: Cow<'a, GameSnapshot>,
        /// The room's latest chat lines, oldest first.
        chat: Cow<'a, VecDeque<ChatLine>>,
    },
    /// One numbered change, with the snapshot after it.
    Event {
        /// The event's number.
        v: u64,
        /// What happened (its `kind` and fields sit at the top level of the message).
        #[serde(flatten)]
        event: Cow<'a, Event>,
        /// The game after the change.
        game: Cow<'a, GameSnapshot>,
    },
    /// A player connected or disconnected, or a watcher came or went.
    Presence {
        /// Both seats.
        players: Cow<'a, Players>,
        /// How many connections watch the room now.
        watchers: usize,
    },
    /// The client's last message was refused.
    Error {
        /// Machine-readable reason.
        code: ErrorCode,
        /// The same for a person.
        message: Cow<'a, str>,
        /// Seconds to wait before trying again (`engine_busy` only; omitted otherwise).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_after_s: Option<u64>,
    },
    /// The clocks changed other than by a move: a clock paused or resumed (the player who
    /// waits for the move left or came back), or the clocks after replayed missed events.
    Clocks {
        /// Both clocks now, and which one runs.
        clocks: Clocks,
    },
    /// Another connection took this seat; this one is being closed.
    Replaced,
}

impl ServerMessage<'_> {
    /// Writes the message as one JSON text frame.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Serialising these plain structs cannot fail; keep the connection usable anyway.
            format!(
                r#"{{"t":"error","code":"internal","message":{:?}}}"#,
                e.to_string()
            )
        })
    }

    /// Returns the game snapshot a `state` or an `event` carries.
    pub fn game(&self) -> Option<&GameSnapshot> {
        match self {
            ServerMessage::State { game, .. } | ServerMessage::Event { game, .. } => Some(game),
            _ => None,
        }
    }
}

impl ServerMessage<'static> {
    /// Reads one text frame from the server.
    ///
    /// # Errors
    /// serde_json's error for a frame that is not a server message of this protocol.
    pub fn parse(text: &str) -> Result<ServerMessage<'static>, serde_json::Error> {
        serde_json::from_str(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wire names of every error code.
    fn code_names() -> Vec<String> {
        let names: Vec<String> = ErrorCode::ALL.iter().map(|c| c.name()).collect();
        assert!(names.iter().all(|n| !n.is_empty()));
        assert_eq!(names[5], "stale_ply");
        names
    }

    #[test]
    fn every_error_code_is_documented_and_the_browser_expects_no_other() {
        let docs = include_str!("../../../../docs/protocol.md");
        let names = code_names();
        for name in &names {
            assert!(
                docs.contains(&format!("`{name}`")),
                "{name} is not in docs/protocol.md"
            );
        }
        // A code the browser waits for but the server never sends is dead code that claims a
        // behaviour which does not exist.
        let room_js = include_str!("../../../../web/js/room.js");
        for part in room_js.split("m.code === '").skip(1) {
            let code = part.split('\'').next().unwrap_or_default();
            assert!(
                names.iter().any(|n| n == code),
                "room.js expects {code:?}, never sent"
            );
        }
    }

    #[test]
    fn messages_without_a_game_read_back_as_written() {
        let players = Players {
            red: crate::protocol::Seat {
                seated: true,
                connected: false,
                computer: false,
                away_ms: Some(1500),
                name: Some("Lan".to_string()),
            },
            black: crate::protocol::Seat {
                seated: true,
                connected: true,
                computer: true,
                away_ms: None,
                name: None,
            },
        };
        let sent = [
            ServerMessage::Presence {
                players: Cow::Borrowed(&players),
                watchers: 3,
            },
            ServerMessage::Error {
                code: ErrorCode::EngineBusy,
                message: Cow::Borrowed("busy"),
                retry_after_s: Some(2),
            },
            ServerMessage::Clocks {
                clocks: Clocks {
                    red_ms: 1,
                    black_ms: 2,
                    running: Some(Side::Black),
                },
            },
            ServerMessage::Replaced,
        ];
        for msg in sent {
            let text = msg.to_json();
            let back = ServerMessage::parse(&text).expect(&text);
            assert_eq!(back.to_json(), text);
        }
        let text = r#"{"t":"error","code":"stale_ply","message":"late"}"#;
        assert_eq!(
            ServerMessage::parse(text).expect(text).to_json(),
            text,
            "retry_after_s is left out unless set"
        );
    }
}
