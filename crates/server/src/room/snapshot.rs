//! The game snapshot sent to clients (`GAME` in `docs/protocol.md`, typed in
//! [`xiangqi_view::protocol::game`]), taken from a room's state: everything a browser needs
//! to draw the board and know what may be played, so it needs no rules code.

use super::state::RoomState;
use tokio::time::Instant;
use xiangqi::{ByColor, Color};
use xiangqi_view::protocol::{
    Clocks, GameSnapshot, MatchScore, PastRound, Players, Seat, TimeControlJson,
};
use xiangqi_view::{Side, StatusView};

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

/// Reads the clocks of `state` at `now` (`None` in an untimed room).
pub fn clocks(state: &RoomState, now: Instant) -> Option<Clocks> {
    state.clocks.as_ref()?;
    Some(Clocks {
        red_ms: state.remaining_ms(Color::Red, now).unwrap_or(0).max(0),
        black_ms: state.remaining_ms(Color::Black, now).unwrap_or(0).max(0),
        running: state
            .clock_since
            .map(|_| state.game.position().turn().into()),
    })
}

/// Takes a snapshot of `state` at `now`; `presence` says who is connected or away.
pub fn game(state: &RoomState, presence: &Presence, now: Instant) -> GameSnapshot {
    let game = &state.game;
    let pos = game.position();
    let over = game.status().is_over();
    let moves = game.moves();
    GameSnapshot {
        code: state.info.code.to_string(),
        rules: state.info.rules.name().to_string(),
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
        clocks: clocks(state, now),
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
                result: h.result.to_string(),
                reason: h.reason.map(str::to_string),
                moves: h.moves,
            })
            .collect(),
        match_score: match_score(state),
    }
}

/// The match score by the colour each seat plays this round (the state counts by round-1
/// colour): points, a win 1 and a draw ½.
fn match_score(state: &RoomState) -> MatchScore {
    let points =
        |color: Color| f64::from(state.score_half_points[state.first_round_color(color)]) / 2.0;
    MatchScore {
        red: points(Color::Red),
        black: points(Color::Black),
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
