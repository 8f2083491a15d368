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

const fn build_piece_keys() -> [[u64; 90]; 14] {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x5851_f42d_4c95_7f2d;
    let mut p = 0;
    while p < 14 {
        let mut s = 0;
        while s < 90 {
            let (next, value) = splitmix(state);
            state = next;
            t[p][s] = value;
            s += 1;
        }
        p += 1;
    }
    t
}

static PIECE_KEYS: [[u64; 90]; 14] = build_piece_keys();

/// The key toggled when Black is to move.
pub const BLACK_TO_MOVE: u64 = splitmix(0x0123_4567_89ab_cdef).1;

/// Returns the key of `piece` standing on `sq`.
#[inline]
pub fn piece_key(piece: Piece, sq: Square) -> u64 {
    PIECE_KEYS[piece.index()][sq.index()]
}

/// Returns the key for `color` to move (0 for Red).
#[inline]
pub const fn side_key(color: Color) -> u64 {
    match color {
        Color::Red => 0,
        Color::Black => BLACK_TO_MOVE,
    }
}
