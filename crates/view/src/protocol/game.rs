//! The game as the clients see it (`GAME` in `docs/protocol.md`): everything a browser needs
//! to draw the board and know what may be played, so it needs no rules code; with the seats,
//! the clocks and the chat lines that other messages carry too.

use crate::{Side, StatusView};
use serde::{Deserialize, Serialize};
use xiangqi::TimeControl;

/// One seat as the clients see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    /// Someone (or the engine) holds the seat.
    pub seated: bool,
    /// A connection presents the seat now (always true for the engine).
    pub connected: bool,
    /// The engine holds the seat.
    pub computer: bool,
    /// How long the seated player has been away, in milliseconds (null while connected,
    /// for the engine and for an empty seat); see [`GameSnapshot::claim_after_s`].
    pub away_ms: Option<u64>,
    /// The display name the player chose (null: none; always null for the engine).
    pub name: Option<String>,
}

/// Both seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Players {
    /// Red's seat.
    pub red: Seat,
    /// Black's seat.
    pub black: Seat,
}

impl Players {
    /// Returns the seat of `side`.
    pub fn seat(&self, side: Side) -> &Seat {
        match side {
            Side::Red => &self.red,
            Side::Black => &self.black,
        }
    }
}

/// Both clocks as of the moment the message was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Red's remaining time, in milliseconds.
    pub red_ms: i64,
    /// Black's remaining time, in milliseconds.
    pub black_ms: i64,
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
}

/// The JSON form of a [`TimeControl`] (`{"initial_s": 300, "increment_s": 3}`), whole
/// seconds, unknown fields refused; in `POST /api/rooms`, the room and lobby replies and the
/// game snapshot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControlJson {
    /// Time each side starts with, in seconds (any integer is read, so that one out of range
    /// is refused by the server's range check with a 422, not by the JSON reader).
    pub initial_s: i64,
    /// Time added after each completed move, in seconds.
    pub increment_s: i64,
}

impl From<TimeControl> for TimeControlJson {
    /// Writes `tc` in whole seconds, rounding down (a room's times are whole seconds).
    fn from(tc: TimeControl) -> TimeControlJson {
        let secs = |ms: u64| i64::try_from(ms / 1000).unwrap_or(i64::MAX);
        TimeControlJson {
            initial_s: secs(tc.initial_ms()),
            increment_s: secs(tc.increment_ms()),
        }
    }
}

/// The engine's seat in a computer room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerSeat {
    /// Playing level, 1 (Beginner) to 5 (Hardest).
    pub level: u8,
    /// The colour the engine plays.
    pub color: Side,
}

/// One chat line as the clients see it (in `state`'s `chat`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The colour the writer played when writing.
    pub color: Side,
    /// The writer's display name then, if any.
    pub name: Option<String>,
    /// The line.
    pub text: String,
}

/// The whole game as the clients see it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameSnapshot {
    /// The room's code.
    pub code: String,
    /// The rule set's name (`wxf-2018`, `casual`).
    pub rules: String,
    /// The time control, if the room is timed.
    pub time_control: Option<TimeControlJson>,
    /// The engine's seat this round, if any (its colour alternates with the rounds).
    pub computer: Option<ComputerSeat>,
    /// Whether the seats play the other colours than in round 1: every new round swaps them.
    pub colors_swapped: bool,
    /// The current round, from 1.
    pub round: u32,
    /// The FEN the round started from.
    pub start_fen: String,
    /// The moves played, in ICCS.
    pub moves: Vec<String>,
    /// The moves in WXF notation.
    pub wxf: Vec<String>,
    /// The moves in Chinese notation.
    pub chinese: Vec<String>,
    /// The current position.
    pub fen: String,
    /// The side to move.
    pub turn: Side,
    /// The legal moves of the side to move, in ICCS (empty once the game is over).
    pub legal: Vec<String>,
    /// The side to move is in check.
    pub check: bool,
    /// The last move, if any.
    pub last_move: Option<String>,
    /// The clocks, if the room is timed.
    pub clocks: Option<Clocks>,
    /// The status.
    pub status: StatusView,
    /// The side whose draw offer stands.
    pub draw_offer: Option<Side>,
    /// The side whose new-round request stands.
    pub new_round_request: Option<Side>,
    /// Both seats.
    pub players: Players,
    /// A player whose opponent has been away this many seconds may claim the win (`claim`)
    /// or call the game off (`abort`).
    pub claim_after_s: u64,
    /// How many connections watch the room now.
    pub watchers: usize,
    /// How many rounds of the room have finished (the current one included once over).
    pub finished_rounds: u32,
    /// The latest finished round only (at most one entry; earlier rounds are in the store:
    /// `GET /api/rooms/{code}/game?round=N`).
    pub history: Vec<PastRound>,
    /// The score of the room's match so far (every finished round), by the colour each seat
    /// plays this round. Absent from snapshots of servers before it (read as 0–0).
    #[serde(default)]
    pub match_score: MatchScore,
}

/// The points each seat of a room has won in its finished rounds: 1 for a win, ½ for a
/// draw, nothing for an aborted round (the usual match scoring, e.g. 1½–½).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchScore {
    /// The points of the seat that plays Red this round.
    pub red: f64,
    /// The points of the seat that plays Black this round.
    pub black: f64,
}

impl GameSnapshot {
    /// Returns the side the room's creator plays this round: Red in round 1, and the other
    /// colour in every round where [`GameSnapshot::colors_swapped`] is set.
    pub fn creator_side(&self) -> Side {
        if self.colors_swapped {
            Side::Black
        } else {
            Side::Red
        }
    }

    /// Returns whether the game of this round goes on (its status' result is `ongoing`).
    pub fn ongoing(&self) -> bool {
        self.status.result == "ongoing"
    }
}

/// A finished round in the snapshot's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastRound {
    /// The round's number.
    pub round: u32,
    /// `red`, `black` or `draw`.
    pub result: String,
    /// Why it ended.
    pub reason: Option<String>,
    /// Plies played.
    pub moves: usize,
}
