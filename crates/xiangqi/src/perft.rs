//! Perft: counting the leaf nodes of the legal-move tree, to prove the move generator exact.

use crate::{Move, Position};

/// Counts the positions reached after exactly `depth` plies of legal moves from `pos`.
///
/// Depth 0 counts 1. At depth 1 the legal moves are counted without being played ("bulk
/// counting", as Pikafish and Stockfish count), so speeds are comparable with theirs.
/// Published values for the starting position: 44, 1 920, 79 666, 3 290 240, 133 312 995.
///
/// ```
/// use xiangqi::{perft, Position};
/// assert_eq!(perft(&mut Position::start(), 2), 1920);
/// ```
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for &m in moves.iter() {
        let undo = pos.make_move(m);
        nodes += perft(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    nodes
}

/// Counts perft for each legal move separately ("divide"): `(move, nodes after it at
/// depth - 1)`, sorted by the move's ICCS text. The counts add up to `perft(pos, depth)`.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let undo = pos.make_move(m);
            let n = perft(pos, depth.saturating_sub(1));
            pos.unmake_move(m, undo);
            (m, n)
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_matches_published_counts_to_depth_three() {
        let mut pos = Position::start();
        let counts: Vec<u64> = (0..=3).map(|d| perft(&mut pos, d)).collect();
        assert_eq!(counts, [1, 44, 1_920, 79_666]);
        assert_eq!(pos, Position::start(), "make/unmake restores the position");
    }

    #[test]
    fn divide_adds_up_to_perft() {
        let mut pos = Position::start();
        let parts = divide(&mut pos, 2);
        assert_eq!(parts.len(), 44);
        assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), 1_920);
    }
}
