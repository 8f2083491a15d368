//! The state of a game after a ply: ongoing, or decided with a reason a player can read.

use crate::Color;
use std::fmt;

/// Who won, or that nobody has yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The game goes on.
    Ongoing,
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// Drawn.
    Draw,
    /// Called off before it was decided: no result, nobody won or drew.
    Aborted,
}

impl GameResult {
    /// Returns the win for `color`.
    pub const fn win(color: Color) -> GameResult {
        match color {
            Color::Red => GameResult::RedWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// Returns the wire name: `"ongoing"`, `"red"`, `"black"`, `"draw"` or `"aborted"`.
    pub const fn name(self) -> &'static str {
        match self {
            GameResult::Ongoing => "ongoing",
            GameResult::RedWins => "red",
            GameResult::BlackWins => "black",
            GameResult::Draw => "draw",
            GameResult::Aborted => "aborted",
        }
    }

    /// Returns the PGN result tag: `*` (also for an aborted game), `1-0`, `0-1` or `1/2-1/2`.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::Ongoing | GameResult::Aborted => "*",
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The loser is in check with no legal move (WXF 2018, winning and losing).
    Checkmate,
    /// The loser is not in check but has no legal move, which also loses (WXF 2018,
    /// winning and losing).
    NoLegalMoves,
    /// The loser resigned.
    Resignation,
    /// The loser ran out of time.
    TimeForfeit,
    /// The loser gave check with every move of a repeated cycle (WXF 2018, repetition rules).
    PerpetualCheck,
    /// The loser chased the same piece with every move of a repeated cycle (WXF 2018,
    /// repetition rules).
    PerpetualChase,
    /// A position repeated with no forbidden conduct, or both sides equally at fault: draw.
    Repetition,
    /// Too many plies without progress: draw (see [`super::RuleSet::move_limit`]).
    MoveLimit,
    /// Neither side has a piece that can cross the river: draw.
    InsufficientMaterial,
    /// Both players agreed to a draw.
    Agreement,
    /// A player called the game off before it was decided (result [`GameResult::Aborted`]).
    Aborted,
    /// The loser left the game and stayed away until the opponent claimed the win.
    Abandonment,
}

impl Reason {
    /// Returns the wire name in snake case (`"perpetual_chase"`, `"checkmate"`, …).
    pub const fn name(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::NoLegalMoves => "no_legal_moves",
            Reason::Resignation => "resignation",
            Reason::TimeForfeit => "time_forfeit",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::PerpetualChase => "perpetual_chase",
            Reason::Repetition => "repetition",
            Reason::MoveLimit => "move_limit",
            Reason::InsufficientMaterial => "insufficient_material",
            Reason::Agreement => "agreement",
            Reason::Aborted => "aborted",
            Reason::Abandonment => "abandonment",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The state of a game after a ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// Who won, a draw, or ongoing.
    pub result: GameResult,
    /// Why the game ended (`None` while ongoing).
    pub reason: Option<Reason>,
    /// A sentence a player can read: who, what and, for repetitions, which plies formed the
    /// cycle and which of them were checks or chases of which piece. Empty while ongoing.
    pub explanation: String,
    /// A warning from the repetition rules (WXF 2018: at the third occurrence, the side
    /// whose conduct is forbidden is told that repeating again loses).
    pub warning: Option<String>,
    /// The repetition cycle behind a repetition ruling or a warning: its plies, what each
    /// did and who is at fault, for a page to render in its own notation and language.
    pub cycle: Option<super::CycleReport>,
}

impl Status {
    /// Returns the status of a game that goes on, with no warning.
    pub fn ongoing() -> Status {
        Status {
            result: GameResult::Ongoing,
            reason: None,
            explanation: String::new(),
            warning: None,
            cycle: None,
        }
    }

    /// Returns a finished status.
    pub fn over(result: GameResult, reason: Reason, explanation: String) -> Status {
        Status {
            result,
            reason: Some(reason),
            explanation,
            warning: None,
            cycle: None,
        }
    }

    /// Tells whether the game has ended.
    pub fn is_over(&self) -> bool {
        self.result != GameResult::Ongoing
    }
}
