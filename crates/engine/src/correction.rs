//! Correction history: how far the static evaluation has missed the search's results in
//! positions with the same soldiers, learnt while searching and added to the static score.
//!
//! The evaluation's errors are systematic for a structure (a soldier chain it overrates, a
//! crossed soldier it underrates), so the search's own scores, averaged over the nodes that
//! share the soldiers of both sides and the side to move, correct it. The idea is the
//! "correction history" of modern chess engines (Stockfish 16, Pikafish).

use crate::params;
use xiangqi::{Color, Piece, Position, Role};

/// Entries per side to move: `1 << SIZE_BITS`.
const SIZE_BITS: u32 = 14;
const SIZE: usize = 1 << SIZE_BITS;

/// Entries hold centipawns in units of 1 / `GRAIN`, so small updates are not lost.
const GRAIN: i32 = 256;

/// Learnt corrections of the static evaluation, by soldier structure and side to move.
pub struct CorrectionHistory {
    table: Vec<i32>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            table: vec![0; 2 * SIZE],
        }
    }
}

impl CorrectionHistory {
    /// Returns `eval` (centipawns, for the side to move in `pos`) corrected by what the
    /// search has learnt about positions with the same soldiers.
    #[inline]
    pub fn correct(&self, pos: &Position, eval: i32) -> i32 {
        eval + self.table[index(pos)] / GRAIN
    }

    /// Learns that a search of `depth` plies scored `pos` `error` centipawns away from its
    /// corrected static score (positive: the position is better than the static score
    /// says). Deeper searches weigh more; an entry stays within ±[`params::CORRECTION_MAX`].
    #[inline]
    pub fn update(&mut self, pos: &Position, depth: i32, error: i32) {
        let weight = (depth + 1).clamp(1, 16);
        let limit = params::CORRECTION_MAX * GRAIN;
        let target = (error * GRAIN).clamp(-limit, limit);
        let e = &mut self.table[index(pos)];
        *e = ((*e * (256 - weight) + target * weight) / 256).clamp(-limit, limit);
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|e| *e = 0);
    }
}

/// Returns the entry of `pos`: a hash of both sides' soldiers and the side to move.
#[inline]
fn index(pos: &Position) -> usize {
    let board = pos.board();
    let red = board.by_piece(Piece::new(Color::Red, Role::Soldier)).0;
    let black = board.by_piece(Piece::new(Color::Black, Role::Soldier)).0;
    let mix = |b: u128, k: u64| ((b as u64) ^ ((b >> 64) as u64).rotate_left(29)).wrapping_mul(k);
    let h = mix(red, 0x9e37_79b9_7f4a_7c15) ^ mix(black, 0xc2b2_ae3d_27d4_eb4f).rotate_left(17);
    let side = usize::from(pos.turn() == Color::Black);
    side * SIZE + (h >> (64 - SIZE_BITS)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_and_stay_bounded() {
        let pos = Position::start();
        let mut c = CorrectionHistory::default();
        assert_eq!(c.correct(&pos, 10), 10);
        for _ in 0..1_000 {
            c.update(&pos, 10, 40);
        }
        // Converges on the error (within the rounding of the moving average).
        assert!(
            (38..=40).contains(&(c.correct(&pos, 0))),
            "{}",
            c.correct(&pos, 0)
        );
        for _ in 0..1_000 {
            c.update(&pos, 20, -100_000);
        }
        // Held at the bound (the moving average rounds toward zero, so it may stop one short).
        let held = c.correct(&pos, 0);
        assert!((-params::CORRECTION_MAX..=-params::CORRECTION_MAX + 1).contains(&held));
        c.clear();
        assert_eq!(c.correct(&pos, 7), 7);
    }

    #[test]
    fn the_side_to_move_has_its_own_entry() {
        let mut pos = Position::start();
        let mut c = CorrectionHistory::default();
        c.update(&pos, 10, 50);
        pos.toggle_turn();
        assert_eq!(c.correct(&pos, 0), 0);
    }
}
