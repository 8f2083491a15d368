//! The record of a round that ends: what the room stores with the event that ends it
//! ([`crate::store::FinishedGame`]), so the game has a permanent page (`/game/{id}`) after
//! its room expires.

use super::state::RoomState;
use crate::ids::GameId;
use crate::store::FinishedGame;
use xiangqi::game::Game;
use xiangqi::Color;

/// Returns the record of `game`, the current round of `state` as it ends, at `ended_at`
/// (milliseconds since the Unix epoch), under a fresh random id.
pub fn record(state: &RoomState, game: &Game, ended_at: i64) -> FinishedGame {
    let status = game.status();
    let status_json = serde_json::to_string(&xiangqi_view::StatusView::of_game(game))
        .unwrap_or_else(|_| "{}".to_string());
    FinishedGame {
        id: GameId::random(),
        room: state.info.code.clone(),
        round: state.round,
        rules: state.info.rules,
        time_control: state.info.time_control,
        start_fen: game.start().fen(),
        moves: game.moves().iter().map(|m| m.iccs()).collect(),
        result: status.result.name(),
        reason: status.reason.map(xiangqi::game::Reason::name),
        status_json,
        pgn: pgn(state, game, ended_at),
        names: state.names.clone(),
        seats: state.seats.clone(),
        computer: state.computer,
        rated: state.info.rated,
        ended_at,
    }
}

/// Writes `game` as PGN with the room's tags, the date it ended (UTC) and the players'
/// display names (`?` for one not chosen, `Computer level N` for the engine).
fn pgn(state: &RoomState, game: &Game, ended_at: i64) -> String {
    let date = time::OffsetDateTime::from_unix_timestamp(ended_at.div_euclid(1000))
        .map(|t| format!("{:04}.{:02}.{:02}", t.year(), u8::from(t.month()), t.day()))
        .unwrap_or_else(|_| "????.??.??".to_string());
    let player = |color: Color| match (&state.names[color], state.computer) {
        (_, Some(seat)) if Color::from(seat.color) == color => {
            format!("Computer level {}", seat.level)
        }
        (Some(name), _) => name.clone(),
        (None, _) => "?".to_string(),
    };
    let tags = [
        ("Event".to_string(), "Xiangqi online game".to_string()),
        (
            "Site".to_string(),
            format!("room {} round {}", state.info.code, state.round),
        ),
        ("Date".to_string(), date),
        ("Round".to_string(), state.round.to_string()),
        ("Red".to_string(), player(Color::Red)),
        ("Black".to_string(), player(Color::Black)),
    ];
    xiangqi::pgn::write(game, &tags)
}
