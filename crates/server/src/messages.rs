//! The WebSocket messages, one type per direction: [`ClientMessage`] is parsed here and
//! nowhere else, [`ServerMessage`] is written here and nowhere else. See `docs/protocol.md`.

use crate::room::event::Event;
use crate::room::snapshot::{Clocks, GameSnapshot, Players};
use serde::{Deserialize, Serialize};
use xiangqi_view::player_text::{self, TextKind};

pub use xiangqi_view::Side;

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
#[derive(Clone, Debug)]
pub enum ClientMessage {
    /// First message: the seat credential (none to watch) and the last event number seen.
    Hello {
        /// The seat token from room creation or joining; `null` to watch.
        seat: Option<String>,
        /// The watcher credential from `/join`, needed to watch a room with a password.
        watch: Option<String>,
        /// The last event number this client saw (0: none).
        v: u64,
    },
    /// Play a move.
    Move {
        /// Plies already played in this round when the move was chosen.
        ply: usize,
        /// The move in ICCS (`h2e2`).
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
    /// Call the game off without a result: before both sides have moved, or when the
    /// opponent has been away long enough.
    Abort,
    /// Claim the win: the opponent has been away long enough.
    Claim,
    /// Write a line in the room's chat.
    Chat {
        /// The line as typed; checked by [`chat_text`].
        text: String,
    },
    /// Choose the seat's display name, shown to everyone by the player's clock.
    Name {
        /// The name as typed; checked by [`display_name`].
        name: String,
    },
}

/// The most characters a chat line may have.
pub const CHAT_MAX_CHARS: usize = TextKind::Chat.max_chars();

/// Checks a chat line as typed with the one check of player text
/// ([`xiangqi_view::player_text`]): returns it trimmed, 1 to [`CHAT_MAX_CHARS`] characters,
/// one line, something visible, no control or bidirectional control character.
///
/// # Errors
/// A sentence saying what is wrong, starting with `text:`, for the `invalid_field` error
/// reply.
pub fn chat_text(typed: &str) -> Result<String, String> {
    player_text::check(TextKind::Chat, typed).map_err(|e| e.to_string())
}

/// The most characters a display name may have.
pub const NAME_MAX_CHARS: usize = TextKind::Name.max_chars();

/// Checks a display name as typed with the one check of player text
/// ([`xiangqi_view::player_text`]): returns it trimmed, 1 to [`NAME_MAX_CHARS`] characters,
/// one line, something visible, no control or bidirectional control character.
///
/// # Errors
/// A sentence saying what is wrong, starting with `name:`, for the `invalid_field` error
/// reply.
pub fn display_name(typed: &str) -> Result<String, String> {
    player_text::check(TextKind::Name, typed).map_err(|e| e.to_string())
}

// The fields of each message, read separately so that an error names the field.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HelloFields {
    #[serde(rename = "t")]
    _t: String,
    #[serde(default)]
    seat: Option<String>,
    #[serde(default)]
    watch: Option<String>,
    #[serde(default)]
    v: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveFields {
    #[serde(rename = "t")]
    _t: String,
    ply: usize,
    #[serde(rename = "move")]
    mv: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferFields {
    #[serde(rename = "t")]
    _t: String,
    action: OfferAction,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatFields {
    #[serde(rename = "t")]
    _t: String,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameFields {
    #[serde(rename = "t")]
    _t: String,
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NoFields {
    #[serde(rename = "t")]
    _t: String,
}

fn fields<T: serde::de::DeserializeOwned>(value: serde_json::Value) -> Result<T, String> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            e.inner().to_string()
        } else {
            format!("field {path}: {}", e.inner())
        }
    })
}

impl ClientMessage {
    /// Parses one text frame.
    ///
    /// # Errors
    /// A sentence naming the problem (not JSON, a key named twice, no `t`, unknown type, or
    /// the field that is missing, unknown or of the wrong type), for the `bad_message` error
    /// reply.
    pub fn parse(text: &str) -> Result<ClientMessage, String> {
        // Strict: `{"t":"move","t":"resign"}` is no resignation but an error.
        let value = crate::strict_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let t = value
            .get("t")
            .and_then(serde_json::Value::as_str)
            .ok_or("a message is a JSON object with a string field \"t\"")?
            .to_string();
        let with_type = |e: String| format!("{t}: {e}");
        Ok(match t.as_str() {
            "hello" => {
                let f: HelloFields = fields(value).map_err(with_type)?;
                ClientMessage::Hello {
                    seat: f.seat,
                    watch: f.watch,
                    v: f.v,
                }
            }
            "move" => {
                let f: MoveFields = fields(value).map_err(with_type)?;
                ClientMessage::Move {
                    ply: f.ply,
                    mv: f.mv,
                }
            }
            "resign" => {
                let _: NoFields = fields(value).map_err(with_type)?;
                ClientMessage::Resign
            }
            "draw" => {
                let f: OfferFields = fields(value).map_err(with_type)?;
                ClientMessage::Draw { action: f.action }
            }
            "new_round" => {
                let f: OfferFields = fields(value).map_err(with_type)?;
                ClientMessage::NewRound { action: f.action }
            }
            "abort" => {
                let _: NoFields = fields(value).map_err(with_type)?;
                ClientMessage::Abort
            }
            "claim" => {
                let _: NoFields = fields(value).map_err(with_type)?;
                ClientMessage::Claim
            }
            "chat" => {
                let f: ChatFields = fields(value).map_err(with_type)?;
                ClientMessage::Chat { text: f.text }
            }
            "name" => {
                let f: NameFields = fields(value).map_err(with_type)?;
                ClientMessage::Name { name: f.name }
            }
            other => {
                return Err(format!(
                    "unknown message type {other:?} (hello, move, resign, draw, new_round, abort, claim, chat, name)"
                ))
            }
        })
    }
}

impl OfferAction {
    /// Returns the word a client sends for this action (`offer`, `accept`, `decline`).
    pub fn as_str(self) -> &'static str {
        match self {
            OfferAction::Offer => "offer",
            OfferAction::Accept => "accept",
            OfferAction::Decline => "decline",
        }
    }
}

impl ClientMessage {
    /// Writes the message back as the JSON text a client sends, which [`ClientMessage::parse`]
    /// reads as the same message: how a node hands a client's message to the room's owner
    /// node (see [`crate::cluster`]).
    pub fn to_json(&self) -> String {
        use serde_json::json;
        let value = match self {
            ClientMessage::Hello { seat, watch, v } => {
                json!({"t": "hello", "seat": seat, "watch": watch, "v": v})
            }
            ClientMessage::Move { ply, mv } => json!({"t": "move", "ply": ply, "move": mv}),
            ClientMessage::Resign => json!({"t": "resign"}),
            ClientMessage::Draw { action } => json!({"t": "draw", "action": action.as_str()}),
            ClientMessage::NewRound { action } => {
                json!({"t": "new_round", "action": action.as_str()})
            }
            ClientMessage::Abort => json!({"t": "abort"}),
            ClientMessage::Claim => json!({"t": "claim"}),
            ClientMessage::Chat { text } => json!({"t": "chat", "text": text}),
            ClientMessage::Name { name } => json!({"t": "name", "name": name}),
        };
        value.to_string()
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
        /// The room's latest chat lines, oldest first.
        chat: &'a std::collections::VecDeque<crate::room::state::ChatLine>,
    },
    /// One numbered change, with the snapshot after it.
    Event {
        /// The event's number.
        v: u64,
        /// What happened (its `kind` and fields sit at the top level of the message).
        #[serde(flatten)]
        event: &'a Event,
        /// The game after the change.
        game: &'a GameSnapshot,
    },
    /// A player connected or disconnected, or a watcher came or went.
    Presence {
        /// Both seats.
        players: &'a Players,
        /// How many connections watch the room now.
        watchers: usize,
    },
    /// The client's last message was refused.
    Error {
        /// Machine-readable reason.
        code: ErrorCode,
        /// The same for a person.
        message: &'a str,
        /// Seconds to wait before trying again (`engine_busy` only; omitted otherwise).
        #[serde(skip_serializing_if = "Option::is_none")]
        retry_after_s: Option<u64>,
    },
    /// The clocks changed other than by a move: a clock paused or resumed (the player who
    /// waits for the move left or came back), or the clocks after replayed missed events.
    Clocks {
        /// Both clocks now, and which one runs.
        clocks: &'a Clocks,
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
            Ok(ClientMessage::Hello {
                seat: None,
                watch: None,
                v: 0
            })
        ));
        assert!(matches!(
            ClientMessage::parse(r#"{"t":"hello","seat":null,"watch":"ab12","v":3}"#),
            Ok(ClientMessage::Hello { seat: None, watch: Some(w), v: 3 }) if w == "ab12"
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

    /// The wire names of every error code.
    fn code_names() -> Vec<String> {
        ErrorCode::ALL
            .iter()
            .map(|c| {
                serde_json::to_value(c)
                    .expect("a code")
                    .as_str()
                    .expect("a name")
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn every_error_code_is_documented_and_the_browser_expects_no_other() {
        let docs = include_str!("../../../docs/protocol.md");
        let names = code_names();
        for name in &names {
            assert!(
                docs.contains(&format!("`{name}`")),
                "{name} is not in docs/protocol.md"
            );
        }
        // A code the browser waits for but the server never sends is dead code that claims a
        // behaviour which does not exist.
        let room_js = include_str!("../../../web/js/room.js");
        for part in room_js.split("m.code === '").skip(1) {
            let code = part.split('\'').next().unwrap_or_default();
            assert!(
                names.iter().any(|n| n == code),
                "room.js expects {code:?}, never sent"
            );
        }
    }

    #[test]
    fn chat_lines_are_trimmed_and_checked() {
        assert_eq!(chat_text("  good move!  ").as_deref(), Ok("good move!"));
        assert!(chat_text(&"字".repeat(300)).is_ok());
        for bad in ["", " \t ", "two\nlines", &"x".repeat(301)] {
            let e = chat_text(bad).unwrap_err();
            assert!(e.starts_with("text:"), "{bad:?}: {e}");
        }
    }

    #[test]
    fn display_names_are_trimmed_and_checked() {
        assert_eq!(display_name("  Lan 兰  ").as_deref(), Ok("Lan 兰"));
        assert_eq!(
            display_name(&"帥".repeat(24)).map(|n| n.chars().count()),
            Ok(24)
        );
        for bad in ["", "   ", "a\u{7}b", "tab\there", &"x".repeat(25)] {
            assert!(display_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_key_named_twice_is_refused_not_read_as_the_last() {
        for text in [
            r#"{"t":"move","t":"resign"}"#,
            r#"{"t":"resign","t":"resign"}"#,
            r#"{"t":"move","ply":0,"move":"h2e2","move":"h0g2"}"#,
        ] {
            let e = ClientMessage::parse(text).unwrap_err();
            assert!(e.contains("duplicate key"), "{text}: {e}");
        }
    }

    #[test]
    fn client_messages_written_back_read_as_the_same_message() {
        let texts = [
            (
                r#"{"t":"hello","seat":"s1","watch":null,"v":7}"#,
                r#"{"seat":"s1","t":"hello","v":7,"watch":null}"#,
            ),
            (
                r#"{"t":"move","ply":3,"move":"h2e2"}"#,
                r#"{"move":"h2e2","ply":3,"t":"move"}"#,
            ),
            (r#"{"t":"resign"}"#, r#"{"t":"resign"}"#),
            (
                r#"{"t":"draw","action":"offer"}"#,
                r#"{"action":"offer","t":"draw"}"#,
            ),
            (
                r#"{"t":"new_round","action":"request"}"#,
                r#"{"action":"offer","t":"new_round"}"#,
            ),
            (
                r#"{"t":"new_round","action":"decline"}"#,
                r#"{"action":"decline","t":"new_round"}"#,
            ),
            (r#"{"t":"abort"}"#, r#"{"t":"abort"}"#),
            (r#"{"t":"claim"}"#, r#"{"t":"claim"}"#),
            (
                r#"{"t":"chat","text":"好棋 \"x\""}"#,
                r#"{"t":"chat","text":"好棋 \"x\""}"#,
            ),
            (
                r#"{"t":"name","name":"Ann"}"#,
                r#"{"name":"Ann","t":"name"}"#,
            ),
        ];
        for (sent, written) in texts {
            let json = |t: &str| serde_json::from_str::<serde_json::Value>(t).expect(t);
            let msg = ClientMessage::parse(sent).expect(sent);
            assert_eq!(json(&msg.to_json()), json(written), "{sent}");
            let again = ClientMessage::parse(written).expect(written);
            assert_eq!(json(&again.to_json()), json(written), "{sent}");
        }
    }
}
