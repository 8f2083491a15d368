//! The bodies of the room routes (`docs/protocol.md`, "HTTP API"): creating a room
//! (`POST /api/rooms`), joining it (`POST /api/rooms/{code}/join`), reading it
//! (`GET /api/rooms/{code}`) and its game record (`GET /api/rooms/{code}/game`). The server
//! reads the requests strictly (unknown fields refused, a struct only from an object) and
//! checks their values itself; the clients write them with the same types.

use super::game::{ComputerSeat, TimeControlJson};
use crate::strict_json::object;
use crate::{Side, StatusView};
use serde::{Deserialize, Serialize};

/// `POST /api/rooms`: a new room's settings; every field may be left out.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewRoom {
    /// The rule set's name (`wxf-2018`, the default, or `casual`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The time control; none for untimed games.
    #[serde(
        default,
        deserialize_with = "object",
        skip_serializing_if = "Option::is_none"
    )]
    pub time_control: Option<TimeControlJson>,
    /// A password guests and watchers must give (none or empty: an open room).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
    /// List the room in the lobby.
    #[serde(default)]
    pub public: bool,
    /// The FEN every round starts from (the standard start position when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// Play against the engine: its level and colour in round 1.
    #[serde(
        default,
        deserialize_with = "object",
        skip_serializing_if = "Option::is_none"
    )]
    pub computer: Option<ComputerRequest>,
    /// Rate the room's games (Glicko-2, by time category): only between two signed-in
    /// players, on a clock, against no engine; the creator must be signed in.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

/// The engine's seat as a client asks for it: any integer level, checked by the server
/// afterwards, so that a level out of range is a 422 like the others, not a 400 for the JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerRequest {
    /// Playing level, 1 (Beginner) to 5 (Hardest), as asked.
    pub level: i64,
    /// The colour the engine plays in round 1.
    pub color: Side,
}

impl From<ComputerSeat> for ComputerRequest {
    fn from(seat: ComputerSeat) -> ComputerRequest {
        ComputerRequest {
            level: i64::from(seat.level),
            color: seat.color,
        }
    }
}

/// The reply to `POST /api/rooms` (201): the creator's seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomCreated {
    /// The room's code.
    pub code: String,
    /// The creator's seat credential (for the socket's `hello`).
    pub seat: String,
    /// The colour the creator plays in round 1.
    pub color: Side,
    /// The link to send a friend.
    pub invite_url: String,
    /// The watcher credential of a room with a password (null without one).
    pub watch: Option<String>,
}

/// `POST /api/rooms/{code}/join`: the body is optional for a room without a password.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The room's password, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
    /// Only the watcher credential is wanted: take no seat even when one is free.
    #[serde(default)]
    pub watch_only: bool,
}

/// The reply to a join: the seat taken, if one was free (else the joiner watches).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    /// The seat credential, or null when no seat was free (or `watch_only` was asked).
    pub seat: Option<String>,
    /// The colour of that seat in the current round.
    pub color: Option<Side>,
    /// The watcher credential of a room with a password (null without one).
    pub watch: Option<String>,
}

/// Which seats are taken, in `GET /api/rooms/{code}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seats {
    /// Red's seat is taken.
    pub red: bool,
    /// Black's seat is taken.
    pub black: bool,
}

/// The reply to `GET /api/rooms/{code}`: what a visitor needs before joining.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoomInfo {
    /// The room's code.
    pub code: String,
    /// The rule set's name.
    pub rules: String,
    /// The time control, if the room is timed.
    pub time_control: Option<TimeControlJson>,
    /// Guests and watchers must give a password.
    pub has_password: bool,
    /// The room is listed in the lobby.
    pub public: bool,
    /// The engine's seat in round 1, if any.
    pub computer: Option<ComputerSeat>,
    /// Which seats are taken.
    pub seats: Seats,
    /// Its games between two signed-in players are rated (absent in replies of older
    /// servers: not rated).
    #[serde(default)]
    pub rated: bool,
}

/// The reply to `GET /api/rooms/{code}/game[?round=N]`: one round's record.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameReply {
    /// The round's number.
    pub round: u32,
    /// The FEN the round started from.
    pub start_fen: String,
    /// The moves, in ICCS.
    pub moves: Vec<String>,
    /// The moves in WXF notation.
    pub wxf: Vec<String>,
    /// The position after the moves.
    pub fen: String,
    /// The round's status.
    pub status: StatusView,
    /// The engine's seat in that round, if any.
    pub computer: Option<ComputerSeat>,
    /// The seats played the other colours than in round 1.
    pub colors_swapped: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_room_writes_only_what_was_set_and_reads_back() {
        let room = NewRoom {
            rules: Some("wxf-2018".to_string()),
            computer: Some(ComputerRequest {
                level: 3,
                color: Side::Black,
            }),
            ..NewRoom::default()
        };
        let text = serde_json::to_string(&room).expect("json");
        assert_eq!(
            text,
            r#"{"rules":"wxf-2018","public":false,"computer":{"level":3,"color":"black"}}"#
        );
        assert_eq!(serde_json::from_str::<NewRoom>(&text).ok(), Some(room));
        assert_eq!(
            serde_json::to_string(&JoinRequest::default())
                .ok()
                .as_deref(),
            Some(r#"{"watch_only":false}"#)
        );
    }

    #[test]
    fn a_struct_field_is_read_only_from_an_object() {
        let e = serde_json::from_str::<NewRoom>(r#"{"computer":[1,"red"]}"#).unwrap_err();
        assert!(e.to_string().contains("a JSON object"), "{e}");
        assert!(serde_json::from_str::<NewRoom>(r#"{"teleport":true}"#).is_err());
    }
}
