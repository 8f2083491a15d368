//! The game snapshot sent to clients (`GAME` in `docs/protocol.md`): everything a browser
//! needs to draw the board and know what may be played, so it needs no rules code.

use super::state::{ComputerSeat, RoomState};
use crate::time_control::TimeControlJson;
use serde::Serialize;
use tokio::time::Instant;
use xiangqi::{ByColor, Color};
pub use xiangqi_view::status::{
    ChaserView, ConductView, CyclePlyView, CycleView, StatusView, TargetView,
};
use xiangqi_view::Side;

/// One seat as the clients see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

/// What the room knows of its connections, for snapshots and presence messages.
#[derive(Clone, Copy, Debug)]
pub struct Presence {
    /// Which seats have a connection now.
    pub connected: ByColor<bool>,
    /// How long each seated, human player has been away, in milliseconds.
    pub away_ms: ByColor<Option<u64>>,
    /// After how many seconds away the opponent may claim the win or abort.
    pub claim_after_s: u64,
    /// How many connections watch the room now (connections without a seat).
    pub watchers: usize,
}

/// Both seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Players {
    /// Red's seat.
    pub red: Seat,
    /// Black's seat.
    pub black: Seat,
}

/// Clocks as of the moment the snapshot was taken.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Clocks {
    /// Red's remaining time, in milliseconds.
    pub red_ms: i64,
    /// Black's remaining time, in milliseconds.
    pub black_ms: i64,
    /// The side whose clock runs, if any.
    pub running: Option<Side>,
}

impl Clocks {
    /// Reads the clocks of `state` at `now` (`None` in an untimed room).
    pub fn of(state: &RoomState, now: Instant) -> Option<Clocks> {
        state.clocks.as_ref()?;
        Some(Clocks {
            red_ms: state.remaining_ms(Color::Red, now).unwrap_or(0).max(0),
            black_ms: state.remaining_ms(Color::Black, now).unwrap_or(0).max(0),
            running: state
                .clock_since
                .map(|_| state.game.position().turn().into()),
        })
    }
}

/// The whole game as the clients see it.
#[derive(Clone, Debug, Serialize)]
pub struct GameSnapshot {
    /// The room's code.
    pub code: String,
    /// The rule set's name (`wxf-2018`, `casual`).
    pub rules: &'static str,
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
}

/// A finished round in the snapshot's history.
#[derive(Clone, Debug, Serialize)]
pub struct PastRound {
    /// The round's number.
    pub round: u32,
    /// `red`, `black` or `draw`.
    pub result: &'static str,
    /// Why it ended.
    pub reason: Option<&'static str>,
    /// Plies played.
    pub moves: usize,
}

impl GameSnapshot {
    /// Takes a snapshot of `state` at `now`; `presence` says who is connected or away.
    pub fn of(state: &RoomState, presence: &Presence, now: Instant) -> GameSnapshot {
        let game = &state.game;
        let pos = game.position();
        let over = game.status().is_over();
        let moves = game.moves();
        GameSnapshot {
            code: state.info.code.to_string(),
            rules: state.info.rules.name(),
            time_control: state.info.time_control.map(TimeControlJson::from),
            computer: state.computer,
            colors_swapped: state.swapped,
            round: state.round,
            start_fen: game.start().fen(),
            moves: moves.iter().map(|m| m.iccs()).collect(),
            wxf: state.wxf.clone(),
            chinese: state.chinese.clone(),
            fen: pos.fen(),
            turn: pos.turn().into(),
            legal: if over {
                Vec::new()
            } else {
                game.legal_moves().iter().map(|m| m.iccs()).collect()
            },
            check: pos.is_check(),
            last_move: moves.last().map(|m| m.iccs()),
            clocks: Clocks::of(state, now),
            status: StatusView::of_game(game),
            draw_offer: state.draw_offer.map(Side::from),
            new_round_request: state.new_round_request.map(Side::from),
            players: players(state, presence),
            claim_after_s: presence.claim_after_s,
            watchers: presence.watchers,
            finished_rounds: state.finished_rounds,
            history: state
                .last_finished
                .iter()
                .map(|h| PastRound {
                    round: h.round,
                    result: h.result,
                    reason: h.reason,
                    moves: h.moves,
                })
                .collect(),
        }
    }
}

/// Returns both seats' state.
pub fn players(state: &RoomState, presence: &Presence) -> Players {
    let seat = |color: Color| {
        let computer = state.is_computer(color);
        let connected = computer || presence.connected[color];
        Seat {
            seated: state.seated[color],
            connected,
            computer,
            away_ms: presence.away_ms[color].filter(|_| !connected && state.seated[color]),
            name: state.names[color].clone(),
        }
    };
    Players {
        red: seat(Color::Red),
        black: seat(Color::Black),
    }
}
