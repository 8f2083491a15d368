//! The game snapshot sent to clients (`GAME` in `docs/protocol.md`): everything a browser
//! needs to draw the board and know what may be played, so it needs no rules code.

use super::state::{ComputerSeat, RoomState, TimeControl};
use crate::messages::Side;
use serde::Serialize;
use tokio::time::Instant;
use xiangqi::{ByColor, Color};

/// One seat as the clients see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Seat {
    /// Someone (or the engine) holds the seat.
    pub seated: bool,
    /// A connection presents the seat now (always true for the engine).
    pub connected: bool,
    /// The engine holds the seat.
    pub computer: bool,
}

/// Both seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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

/// The status of the current game.
#[derive(Clone, Debug, Serialize)]
pub struct StatusView {
    /// `ongoing`, `red`, `black` or `draw`.
    pub result: &'static str,
    /// Why it ended, if it did (`checkmate`, `perpetual_check`, …).
    pub reason: Option<&'static str>,
    /// The ruling in words.
    pub explanation: String,
    /// A rule-set warning (third occurrence of a forbidden cycle), if any.
    pub warning: Option<String>,
}

impl StatusView {
    /// Copies a rules-library status.
    pub fn of(status: &xiangqi::game::Status) -> StatusView {
        StatusView {
            result: status.result.name(),
            reason: status.reason.map(xiangqi::game::Reason::name),
            explanation: status.explanation.clone(),
            warning: status.warning.clone(),
        }
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
    pub time_control: Option<TimeControl>,
    /// The engine's seat, if any.
    pub computer: Option<ComputerSeat>,
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
    /// Finished rounds.
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
    /// Takes a snapshot of `state` at `now`; `connected` says which seats have a connection.
    pub fn of(state: &RoomState, connected: ByColor<bool>, now: Instant) -> GameSnapshot {
        let game = &state.game;
        let pos = game.position();
        let over = game.status().is_over();
        let moves = game.moves();
        GameSnapshot {
            code: state.info.code.to_string(),
            rules: state.info.rules.name(),
            time_control: state.info.time_control,
            computer: state.info.computer,
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
            clocks: state.clocks.as_ref().map(|_| Clocks {
                red_ms: state.remaining_ms(Color::Red, now).unwrap_or(0).max(0),
                black_ms: state.remaining_ms(Color::Black, now).unwrap_or(0).max(0),
                running: state.clock_since.map(|_| pos.turn().into()),
            }),
            status: StatusView::of(game.status()),
            draw_offer: state.draw_offer.map(Side::from),
            new_round_request: state.new_round_request.map(Side::from),
            players: players(state, connected),
            history: state
                .history
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
pub fn players(state: &RoomState, connected: ByColor<bool>) -> Players {
    let seat = |color: Color| {
        let computer = state
            .info
            .computer
            .is_some_and(|c| Color::from(c.color) == color);
        Seat {
            seated: state.seated[color],
            connected: computer || connected[color],
            computer,
        }
    };
    Players {
        red: seat(Color::Red),
        black: seat(Color::Black),
    }
}
