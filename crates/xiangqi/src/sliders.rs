//! Where a chariot or a cannon reaches, looked up from the occupancy of its rank and file.
//!
//! The chariot moves any distance along a rank or file up to the first piece, which it may
//! capture; the cannon moves the same way but captures only by jumping exactly one piece, its
//! screen (WXF 2018, moves of the pieces). Both depend only on the occupied points of the
//! piece's own rank (9 points) and file (10 points), so tables answer each line with one
//! lookup instead of a walk point by point along the four rays: for each point of a line and
//! each occupancy of that line (a number under 512 or 1024), the points of the line that a
//! chariot and a cannon hit.

use crate::{Bitboard, Square};
#[cfg(target_arch = "wasm32")]
use std::sync::LazyLock;

/// A rank's 9 points, as the low bits of a rank's occupancy.
const RANK_LEN: usize = 9;
/// A file's 10 points.
const FILE_LEN: usize = 10;

/// The lookup tables, built at compile time where they add only 74 KB to a native binary.
#[cfg(not(target_arch = "wasm32"))]
static TABLES: Tables = Tables::build();

/// In WebAssembly the tables are built on first use instead: the browser downloads the
/// rules module on every first visit, and as data they would add 6 KB to it compressed
/// for what takes well under a millisecond to compute.
#[cfg(target_arch = "wasm32")]
static TABLES: LazyLock<Box<Tables>> = LazyLock::new(|| Box::new(Tables::build()));

struct Tables {
    /// For each file of a rank and each occupancy of that rank (bit `f` for file `f`), the
    /// files that a chariot (`[0]`) and a cannon (`[1]`) on it hit.
    rank_hits: [[[u16; 2]; 1 << RANK_LEN]; RANK_LEN],
    /// For each rank of a file and each occupancy of that file (bit `r` for rank `r`), the
    /// ranks that a chariot (`[0]`) and a cannon (`[1]`) on it hit.
    file_hits: [[[u16; 2]; 1 << FILE_LEN]; FILE_LEN],
    /// For each set of ranks (bit `r` for rank `r`), those points of file 0 (a).
    file_points: [u128; 1 << FILE_LEN],
}

impl Tables {
    const fn build() -> Tables {
        Tables {
            rank_hits: line_table::<RANK_LEN, { 1 << RANK_LEN }>(),
            file_hits: line_table::<FILE_LEN, { 1 << FILE_LEN }>(),
            file_points: file_points(),
        }
    }
}

/// Builds the hits of a piece on each point `at` of a line of `LEN` points for each of the
/// `OCC` (`2^LEN`) occupancies: each way along the line, a chariot hits up to and including
/// the first piece, a cannon the points past that first piece up to and including the next.
const fn line_table<const LEN: usize, const OCC: usize>() -> [[[u16; 2]; OCC]; LEN] {
    let mut table = [[[0u16; 2]; OCC]; LEN];
    let mut at = 0;
    while at < LEN {
        let mut occ = 0;
        while occ < OCC {
            let mut hits = [0u16; 2];
            let mut way = 0;
            while way < 2 {
                let mut screens = 0;
                let mut i = at;
                loop {
                    if way == 0 {
                        if i == 0 {
                            break;
                        }
                        i -= 1;
                    } else {
                        if i + 1 == LEN {
                            break;
                        }
                        i += 1;
                    }
                    let full = (occ >> i) & 1 == 1;
                    if screens == 0 {
                        hits[0] |= 1 << i;
                    } else {
                        hits[1] |= 1 << i;
                    }
                    if full {
                        screens += 1;
                        if screens == 2 {
                            break;
                        }
                    }
                }
                way += 1;
            }
            table[at][occ] = hits;
            occ += 1;
        }
        at += 1;
    }
    table
}

const fn file_points() -> [u128; 1 << FILE_LEN] {
    let mut table = [0u128; 1 << FILE_LEN];
    let mut set = 0;
    while set < 1 << FILE_LEN {
        let mut r = 0;
        while r < FILE_LEN {
            if (set >> r) & 1 == 1 {
                table[set] |= 1 << (r * RANK_LEN);
            }
            r += 1;
        }
        set += 1;
    }
    table
}

/// Returns the occupancy of file `file` of `occ` as the bits of ranks 0–9.
#[inline]
fn file_occupancy(occ: u128, file: usize) -> usize {
    let column = occ >> file;
    let mut bits = 0;
    let mut r = 0;
    while r < FILE_LEN {
        bits |= (((column >> (r * RANK_LEN)) & 1) as usize) << r;
        r += 1;
    }
    bits
}

/// Returns the points a chariot (`kind` 0) or a cannon (`kind` 1) on `sq` hits on `occ`.
#[inline]
fn hits(occ: Bitboard, sq: Square, kind: usize) -> Bitboard {
    let t: &Tables = &TABLES;
    let (file, rank) = (sq.file() as usize, sq.rank() as usize);
    let rank_occ = ((occ.0 >> (rank * RANK_LEN)) & ((1 << RANK_LEN) - 1)) as usize;
    let along_rank = (t.rank_hits[file][rank_occ][kind] as u128) << (rank * RANK_LEN);
    let file_set = t.file_hits[rank][file_occupancy(occ.0, file)][kind] as usize;
    Bitboard(along_rank | t.file_points[file_set] << file)
}

/// Returns the points a chariot on `sq` hits on the board `occ` (the occupied points): along
/// each of its four ways, every point up to and including the first piece. The empty ones are
/// its moves, the occupied ones its captures if they hold enemy pieces. The general's facing
/// along an open file follows the same pattern on its file.
#[inline]
pub fn chariot_hits(occ: Bitboard, sq: Square) -> Bitboard {
    hits(occ, sq, 0)
}

/// Returns the points a cannon on `sq` hits on the board `occ`: along each of its four ways,
/// the points past the first piece (its screen) up to and including the next piece. The
/// occupied one is its capture if it holds an enemy piece. Its moves are the empty points of
/// [`chariot_hits`].
#[inline]
pub fn cannon_hits(occ: Bitboard, sq: Square) -> Bitboard {
    hits(occ, sq, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::RAYS;

    /// The rule walked out point by point along the rays, to check the tables against.
    fn walk(occ: u128, sq: Square, screened: bool) -> u128 {
        let mut bits = 0;
        for ray in &RAYS[sq.index()] {
            let mut screens = 0;
            for &q in ray.as_slice() {
                if screens == usize::from(screened) {
                    bits |= 1 << q;
                }
                if (occ >> q) & 1 == 1 {
                    screens += 1;
                    if screens > usize::from(screened) {
                        break;
                    }
                }
            }
        }
        bits
    }

    #[test]
    fn the_tables_agree_with_a_walk_along_the_rays() {
        // Boards from sparse to nearly full, from a fixed xorshift sequence.
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let board = (1u128 << 90) - 1;
        for round in 0..4000 {
            let mut occ = (u128::from(next()) << 64 | u128::from(next())) & board;
            // Thin the board out to between a quarter and all of its random points.
            for _ in 0..round % 3 {
                occ &= u128::from(next()) << 64 | u128::from(next());
            }
            for i in 0..90 {
                let sq = Square::from_index(i).expect("on the board");
                assert_eq!(chariot_hits(Bitboard(occ), sq).0, walk(occ, sq, false));
                assert_eq!(cannon_hits(Bitboard(occ), sq).0, walk(occ, sq, true));
            }
        }
    }

    #[test]
    fn a_cannon_needs_a_screen_and_a_chariot_stops_at_the_first_piece() {
        // Red's cannon on b2 in the start position. Up the file the cannon on b7 screens and
        // the horse on b9 is its capture; down it the horse on b0 screens with nothing
        // beyond; along the rank the cannon on h2 screens and i2 is beyond it.
        let occ = crate::Position::start().board().occupied();
        let sq = |f, r| Square::new(f, r).expect("on the board");
        let set = |points: &[(u8, u8)]| {
            let mut b = Bitboard::EMPTY;
            for &(f, r) in points {
                b.insert(sq(f, r));
            }
            b
        };
        let b2 = sq(1, 2);
        assert_eq!(cannon_hits(occ, b2), set(&[(1, 8), (1, 9), (8, 2)]));
        let chariot = [(1, 0), (1, 1), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7)];
        let rank = [(0, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2)];
        let all: Vec<(u8, u8)> = chariot.iter().chain(&rank).copied().collect();
        assert_eq!(chariot_hits(occ, b2), set(&all));
    }
}
