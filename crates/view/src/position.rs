//! The position service (`POST /api/position` on the server, `position` in the browser
//! module): given a FEN, moves in ICCS and a rule set, what a client needs to draw the
//! board and offer moves (legal moves, check, status, notation) so it computes no rule.

use crate::{Side, StatusView, ViewError};
use serde::{Deserialize, Serialize};
use xiangqi::game::{Game, RuleSet};
use xiangqi::Position;

/// Most moves accepted in one request.
pub const MAX_MOVES: usize = 1000;

/// A request to the position service: `{"fen"?, "moves"?: [ICCS…], "rules"?}`; unknown
/// fields are refused.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// The start position (none or blank: the standard one).
    #[serde(default)]
    pub fen: Option<String>,
    /// The moves played from it, in ICCS.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The rule set's name (none: `wxf-2018`).
    #[serde(default)]
    pub rules: Option<String>,
}

impl PositionRequest {
    /// Answers the request ([`position_reply`]).
    ///
    /// # Errors
    /// As [`position_reply`].
    pub fn reply(&self) -> Result<PositionReply, ViewError> {
        position_reply(self.fen.as_deref(), &self.moves, self.rules.as_deref())
    }
}

/// The answer of the position service (`docs/protocol.md`, `POST /api/position`).
#[derive(Clone, Debug, Serialize)]
pub struct PositionReply {
    /// The current position in canonical FEN.
    pub fen: String,
    /// The side to move.
    pub turn: Side,
    /// The legal moves in ICCS; empty once the game is over.
    pub legal: Vec<String>,
    /// The side to move is in check.
    pub check: bool,
    /// The game's status under the rule set.
    pub status: StatusView,
    /// The moves played, in WXF notation.
    pub wxf: Vec<String>,
    /// The moves played, in Chinese notation.
    pub chinese: Vec<String>,
}

/// Reads an optional FEN (none or blank: the start position).
///
/// # Errors
/// [`ViewError::InvalidFen`] listing every problem.
pub fn start_position(fen: Option<&str>) -> Result<Position, ViewError> {
    match fen.map(str::trim).filter(|f| !f.is_empty()) {
        None => Ok(Position::default()),
        Some(f) => Position::from_fen(f).map_err(|e| ViewError::from_fen(&e)),
    }
}

/// Reads an optional rule-set name (none: `wxf-2018`).
///
/// # Errors
/// [`ViewError::InvalidField`] for an unknown name.
pub fn rule_set(name: Option<&str>) -> Result<RuleSet, ViewError> {
    match name {
        None => Ok(RuleSet::Wxf2018),
        Some(n) => n.parse().map_err(|_| {
            ViewError::InvalidField(format!(
                "rules: unknown rule set {n:?} (wxf-2018 or casual)"
            ))
        }),
    }
}

/// Plays `moves` (ICCS) from `start` under `rules`; returns the game and the moves in WXF
/// and Chinese notation.
///
/// # Errors
/// [`ViewError::InvalidField`] for more than [`MAX_MOVES`] moves; [`ViewError::IllegalMove`]
/// naming the first move that cannot be played, its index and why.
pub fn play_moves(
    start: Position,
    rules: RuleSet,
    moves: &[String],
) -> Result<(Game, Vec<String>, Vec<String>), ViewError> {
    if moves.len() > MAX_MOVES {
        return Err(ViewError::InvalidField(format!(
            "moves: at most {MAX_MOVES} moves, got {}",
            moves.len()
        )));
    }
    let mut game = Game::new(start, rules);
    let (mut wxf, mut chinese) = (Vec::new(), Vec::new());
    for (i, text) in moves.iter().enumerate() {
        let illegal = |why: String| ViewError::IllegalMove(format!("move {i} ({text:?}): {why}"));
        if game.status().is_over() {
            return Err(illegal("the game is already over".into()));
        }
        let pos = game.position();
        let m = xiangqi::iccs::parse(pos, text).map_err(|e| illegal(e.to_string()))?;
        wxf.push(xiangqi::wxf::write(pos, m).map_err(|e| illegal(e.to_string()))?);
        chinese.push(xiangqi::chinese::write(pos, m).map_err(|e| illegal(e.to_string()))?);
        game.play(m).map_err(|e| illegal(e.to_string()))?;
    }
    Ok((game, wxf, chinese))
}

/// Plays the game a request describes: from `fen` (none or blank: the start position),
/// `moves` (ICCS) under the rule set named `rules` (none: `wxf-2018`); returns the game
/// and the moves in WXF and Chinese notation.
///
/// # Errors
/// As [`start_position`], [`rule_set`] and [`play_moves`].
pub fn play_game(
    fen: Option<&str>,
    moves: &[String],
    rules: Option<&str>,
) -> Result<(Game, Vec<String>, Vec<String>), ViewError> {
    play_moves(start_position(fen)?, rule_set(rules)?, moves)
}

/// Answers the position service: the game from `fen` (none: the start position) after
/// `moves` (ICCS) under the rule set named `rules` (none: `wxf-2018`).
///
/// # Errors
/// As [`start_position`], [`rule_set`] and [`play_moves`]; nothing is kept between calls.
pub fn position_reply(
    fen: Option<&str>,
    moves: &[String],
    rules: Option<&str>,
) -> Result<PositionReply, ViewError> {
    let (game, wxf, chinese) = play_game(fen, moves, rules)?;
    let pos = game.position();
    let legal = if game.status().is_over() {
        Vec::new()
    } else {
        game.legal_moves().iter().map(|m| m.iccs()).collect()
    };
    Ok(PositionReply {
        fen: pos.fen(),
        turn: pos.turn().into(),
        legal,
        check: pos.is_check(),
        status: StatusView::of_game(&game),
        wxf,
        chinese,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_has_44_moves_and_names_the_played_ones() {
        // 44: the published perft(1) of the start position.
        assert_eq!(
            position_reply(None, &[], None).expect("start").legal.len(),
            44
        );
        let reply = position_reply(None, &["h2e2".into()], None).expect("legal");
        assert_eq!(reply.turn, Side::Black);
        assert_eq!(reply.wxf, ["C2=5"]);
        assert_eq!(reply.chinese, ["炮二平五"]);
        assert_eq!(reply.status.result, "ongoing");
    }

    #[test]
    fn bad_input_is_named() {
        let fen = position_reply(Some("9/9/9 w"), &[], None).unwrap_err();
        assert_eq!(fen.code(), "invalid_fen");
        let mv = position_reply(None, &["h2e2".into(), "h2e2".into()], None).unwrap_err();
        assert_eq!(mv.code(), "illegal_move");
        assert!(mv.to_string().starts_with("move 1 (\"h2e2\")"), "{mv}");
        let rules = position_reply(None, &[], Some("blitz")).unwrap_err();
        assert_eq!(rules.code(), "invalid_field");
        let many = vec!["h2e2".to_string(); MAX_MOVES + 1];
        assert_eq!(
            position_reply(None, &many, None).unwrap_err().code(),
            "invalid_field"
        );
    }
}
