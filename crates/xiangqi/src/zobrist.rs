//! Zobrist hashing: a 64-bit key per position for repetition detection and the engine's
//! transposition table.

use crate::{Color, Piece, Square};

/// One pseudo-random step of SplitMix64; a fixed seed makes keys the same in every build, so
/// keys written to disk or logged stay comparable.
const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

/// The seed of the piece keys: key number `n` (piece index × 90 + square index) is the
/// `n + 1`-th output of SplitMix64 started here.
const PIECE_SEED: u64 = 0x5851_f42d_4c95_7f2d;

/// Returns key number `n` directly: SplitMix64's state after `n` steps is the seed plus `n`
/// times its increment, so no table is needed.
const fn piece_key_number(n: usize) -> u64 {
    splitmix(PIECE_SEED.wrapping_add((n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15))).1
}

#[cfg(not(target_arch = "wasm32"))]
const fn build_piece_keys() -> [[u64; 90]; 14] {
    let mut t = [[0u64; 90]; 14];
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            t[p][s] = piece_key_number(p * 90 + s);
            s += 1;
        }
        p += 1;
    }
    t
}

/// Natively the keys are a table (a load is cheaper than three multiplications in perft
/// and search). The WebAssembly module computes them instead: the table is 10 KB of random
/// bytes that no compression shrinks, sent with every page.
#[cfg(not(target_arch = "wasm32"))]
static PIECE_KEYS: [[u64; 90]; 14] = build_piece_keys();

/// The key toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x0123_4567_89ab_cdef).1;

/// Returns the key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        PIECE_KEYS[piece.index()][sq.index()]
    }
    #[cfg(target_arch = "wasm32")]
    {
        piece_key_number(piece.index() * 90 + sq.index())
    }
}

/// Returns the key for `color` to move (0 for Red).
#[inline]
pub const fn side_key(color: Color) -> u64 {
    match color {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table is the stream of SplitMix64 outputs from the seed, in order, which is what
    /// the direct formula (used in WebAssembly) must give.
    #[test]
    fn table_is_the_splitmix_stream_and_the_formula() {
        let mut state = PIECE_SEED;
        for (p, row) in PIECE_KEYS.iter().enumerate() {
            for (s, &key) in row.iter().enumerate() {
                let (next, value) = splitmix(state);
                state = next;
                assert_eq!(key, value);
                assert_eq!(key, piece_key_number(p * 90 + s));
            }
        }
    }
}
