//! What a client sends on the game socket: one JSON object per text frame, its type in `t`.
//! [`ClientMessage::parse`] reads it strictly (a key named twice, an unknown field or a field
//! of the wrong type is an error that names it); [`ClientMessage::to_json`] writes it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// What a draw or new-round message asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OfferAction {
    /// Propose (`offer`; `request` is read as the same for a new round).
    #[serde(alias = "request")]
    Offer,
    /// Agree to the other player's proposal.
    Accept,
    /// Refuse the other player's proposal.
    Decline,
}

/// A message from a client, one WebSocket text frame (`docs/protocol.md`, "Client
/// messages").
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "t", rename_all = "snake_case")]
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
        /// `request` (or `offer`), `accept` or `decline`.
        action: OfferAction,
    },
    /// Call the game off without a result: before both sides have moved, or when the
    /// opponent has been away long enough.
    Abort,
    /// Claim the win: the opponent has been away long enough.
    Claim,
    /// Write a line in the room's chat (checked by the server with
    /// [`crate::player_text`]).
    Chat {
        /// The line as typed.
        text: String,
    },
    /// Choose the seat's display name, shown to everyone by the player's clock (checked by
    /// the server with [`crate::player_text`]).
    Name {
        /// The name as typed.
        name: String,
    },
}

/// Why a text frame is not a client message: a sentence naming the problem (not JSON, a key
/// named twice, no `t`, an unknown type, or the field that is missing, unknown or of the
/// wrong type), sent back in the `bad_message` error reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMessage(pub String);

impl fmt::Display for BadMessage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadMessage {}

// The fields of each message, read separately so that an error names the field and an
// unknown field is refused.
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

/// Reads the fields of a message of type `t`; an error names the type and the field.
fn fields<T: serde::de::DeserializeOwned>(
    t: &str,
    value: serde_json::Value,
) -> Result<T, BadMessage> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let path = e.path().to_string();
        if path == "." {
            BadMessage(format!("{t}: {}", e.inner()))
        } else {
            BadMessage(format!("{t}: field {path}: {}", e.inner()))
        }
    })
}

impl ClientMessage {
    /// Parses one text frame.
    ///
    /// # Errors
    /// [`BadMessage`] naming the problem: not JSON, a key named twice (`{"t":"move",
    /// "t":"resign"}` is no resignation), no string `t`, an unknown type, or the field that
    /// is missing, unknown or of the wrong type.
    pub fn parse(text: &str) -> Result<ClientMessage, BadMessage> {
        let value =
            crate::strict_json::from_str(text).map_err(|e| BadMessage(format!("not JSON: {e}")))?;
        let t = value
            .get("t")
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| {
                BadMessage("a message is a JSON object with a string field \"t\"".to_string())
            })?
            .to_string();
        Ok(match t.as_str() {
            "hello" => {
                let f: HelloFields = fields(&t, value)?;
                ClientMessage::Hello {
                    seat: f.seat,
                    watch: f.watch,
                    v: f.v,
                }
            }
            "move" => {
                let f: MoveFields = fields(&t, value)?;
                ClientMessage::Move { ply: f.ply, mv: f.mv }
            }
            "draw" => ClientMessage::Draw {
                action: fields::<OfferFields>(&t, value)?.action,
            },
            "new_round" => ClientMessage::NewRound {
                action: fields::<OfferFields>(&t, value)?.action,
            },
            "chat" => ClientMessage::Chat {
                text: fields::<ChatFields>(&t, value)?.text,
            },
            "name" => ClientMessage::Name {
                name: fields::<NameFields>(&t, value)?.name,
            },
            "resign" | "abort" | "claim" => {
                fields::<NoFields>(&t, value)?;
                match t.as_str() {
                    "resign" => ClientMessage::Resign,
                    "abort" => ClientMessage::Abort,
                    _ => ClientMessage::Claim,
                }
            }
            other => {
                return Err(BadMessage(format!(
                    "unknown message type {other:?} (hello, move, resign, draw, new_round, abort, claim, chat, name)"
                )))
            }
        })
    }

    /// Writes the message as the JSON text a client sends, which [`ClientMessage::parse`]
    /// reads as the same message (a hello writes its `seat` and `watch` even when null).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Serialising these plain variants cannot fail; a frame the server refuses
            // names the problem anyway.
            format!("{{\"t\":\"unwritable\",\"error\":{:?}}}", e.to_string())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn client_messages_parse_as_documented() {
        assert_eq!(
            ClientMessage::parse(r#"{"t":"hello","seat":null,"v":0}"#),
            Ok(ClientMessage::Hello {
                seat: None,
                watch: None,
                v: 0
            })
        );
        assert_eq!(
            ClientMessage::parse(r#"{"t":"hello","seat":null,"watch":"ab12","v":3}"#),
            Ok(ClientMessage::Hello {
                seat: None,
                watch: Some("ab12".to_string()),
                v: 3
            })
        );
        assert_eq!(
            ClientMessage::parse(r#"{"t":"move","ply":3,"move":"h2e2"}"#),
            Ok(ClientMessage::Move {
                ply: 3,
                mv: "h2e2".to_string()
            })
        );
        assert_eq!(
            ClientMessage::parse(r#"{"t":"new_round","action":"request"}"#),
            Ok(ClientMessage::NewRound {
                action: OfferAction::Offer
            })
        );
        assert_eq!(
            ClientMessage::parse(r#"{"t":"draw","action":"accept"}"#),
            Ok(ClientMessage::Draw {
                action: OfferAction::Accept
            })
        );
        assert_eq!(
            ClientMessage::parse(r#"{"t":"claim"}"#),
            Ok(ClientMessage::Claim)
        );
    }

    #[test]
    fn bad_messages_name_the_problem() {
        let e = ClientMessage::parse(r#"{"t":"teleport"}"#).unwrap_err();
        assert!(e.0.contains("teleport"), "{e}");
        let e = ClientMessage::parse(r#"{"t":"move","ply":"x","move":"h2e2"}"#).unwrap_err();
        assert!(e.0.starts_with("move: field ply:"), "{e}");
        let e = ClientMessage::parse(r#"{"t":"resign","why":"tired"}"#).unwrap_err();
        assert!(e.0.contains("unknown field `why`"), "{e}");
        assert!(ClientMessage::parse("not json").is_err());
        assert!(ClientMessage::parse("[1,2]").is_err());
    }

    #[test]
    fn a_key_named_twice_is_refused_not_read_as_the_last() {
        for text in [
            r#"{"t":"move","t":"resign"}"#,
            r#"{"t":"resign","t":"resign"}"#,
            r#"{"t":"move","ply":0,"move":"h2e2","move":"h0g2"}"#,
        ] {
            let e = ClientMessage::parse(text).unwrap_err();
            assert!(e.0.contains("duplicate key"), "{text}: {e}");
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
            assert_eq!(again, msg, "{sent}");
        }
    }
}
