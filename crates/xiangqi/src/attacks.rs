//! Precomputed move patterns for each point, built at compile time.
//!
//! Each table answers "from this point, where can this kind of piece go, and which point must
//! be empty for it": the horse's leg and the elephant's eye (WXF 2018, moves of the pieces). Sliding
//! pieces use [`RAYS`]: the points in each of the four directions, nearest first.

use crate::{Color, Square};

/// A short list of targets, each with the point that must be empty (the horse's leg or the
/// elephant's eye; the target itself for pieces that cannot be blocked).
#[derive(Clone, Copy, Debug)]
pub struct Steps {
    /// `(block, target)` pairs as square indices; only the first `len` are used.
    pub items: [(u8, u8); 8],
    /// How many pairs are used.
    pub len: u8,
}

impl Steps {
    const EMPTY: Steps = Steps {
        items: [(0, 0); 8],
        len: 0,
    };

    const fn push(mut self, block: u8, target: u8) -> Steps {
        self.items[self.len as usize] = (block, target);
        self.len += 1;
        self
    }

    /// Returns the used `(block, target)` pairs.
    #[inline]
    pub fn as_slice(&self) -> &[(u8, u8)] {
        &self.items[..self.len as usize]
    }
}

/// The points along one direction from a point, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// Square indices; only the first `len` are used.
    pub squares: [u8; 9],
    /// How many points lie in this direction before the edge.
    pub len: u8,
}

impl Ray {
    /// Returns the points of the ray, nearest first.
    #[inline]
    pub fn as_slice(&self) -> &[u8] {
        &self.squares[..self.len as usize]
    }
}

/// The four orthogonal directions as (file step, rank step): up (towards Black), down,
/// right, left. Indices 0 and 1 are the vertical ones.
pub const DIRECTIONS: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

const fn sq(file: i8, rank: i8) -> Option<u8> {
    if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
        Some((rank * 9 + file) as u8)
    } else {
        None
    }
}

const fn in_palace(s: u8) -> bool {
    match Square::from_index(s as usize) {
        Some(q) => q.is_in_palace(Color::Red) || q.is_in_palace(Color::Black),
        None => false,
    }
}

const fn same_half(a: u8, b: u8) -> bool {
    (a / 9 <= 4) == (b / 9 <= 4)
}

const fn build_rays() -> [[Ray; 4]; 90] {
    let mut t = [[Ray {
        squares: [0; 9],
        len: 0,
    }; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRECTIONS[d];
            let mut f = (s % 9) as i8 + df;
            let mut r = (s / 9) as i8 + dr;
            while let Some(q) = sq(f, r) {
                let len = t[s][d].len as usize;
                t[s][d].squares[len] = q;
                t[s][d].len += 1;
                f += df;
                r += dr;
            }
            d += 1;
        }
        s += 1;
    }
    t
}

/// Horses that attack each point: `(leg, horse square)`. The leg of a horse attacking `s` is
/// always one of the four diagonal neighbours of `s`.
const fn build_horse_attackers() -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let moves = build_steps(&HORSE, Bound::Board);
    let mut from = 0;
    while from < 90 {
        let mut i = 0;
        while i < moves[from].len as usize {
            let (leg, to) = moves[from].items[i];
            t[to as usize] = t[to as usize].push(leg, from as u8);
            i += 1;
        }
        from += 1;
    }
    t
}

/// A step's shape: the offset `(file, rank)` of the point it passes, where a piece blocks it
/// (a horse's leg, an elephant's eye), and the offset of its target; a one-point step passes
/// no point, and both offsets are its target's.
type Shape = ((i8, i8), (i8, i8));

/// The horse: one point orthogonally (the leg), then one diagonally outward.
const HORSE: [Shape; 8] = [
    ((0, 1), (1, 2)),
    ((0, 1), (-1, 2)),
    ((0, -1), (-1, -2)),
    ((0, -1), (1, -2)),
    ((1, 0), (2, 1)),
    ((1, 0), (2, -1)),
    ((-1, 0), (-2, -1)),
    ((-1, 0), (-2, 1)),
];
/// The elephant: two points diagonally, over its eye.
const ELEPHANT: [Shape; 4] = [
    ((1, 1), (2, 2)),
    ((1, -1), (2, -2)),
    ((-1, 1), (-2, 2)),
    ((-1, -1), (-2, -2)),
];
/// The advisor: one point diagonally.
const ADVISOR: [Shape; 4] = [
    ((1, 1), (1, 1)),
    ((1, -1), (1, -1)),
    ((-1, 1), (-1, 1)),
    ((-1, -1), (-1, -1)),
];
/// The general: one point orthogonally, in the order of [`DIRECTIONS`].
const GENERAL: [Shape; 4] = [
    ((0, 1), (0, 1)),
    ((0, -1), (0, -1)),
    ((1, 0), (1, 0)),
    ((-1, 0), (-1, 0)),
];

/// Where a piece must stay (WXF 2018, moves of the pieces).
#[derive(Clone, Copy)]
enum Bound {
    /// The horse: anywhere on the board.
    Board,
    /// The general and the advisors: inside their palace.
    Palace,
    /// The elephants: on their own side of the river.
    OwnHalf,
}

/// The steps of `shapes` from every point, kept when both ends lie within `bound`, as
/// `(passed point, target)` in the order of `shapes`. Source: WXF 2018, moves of the pieces.
const fn build_steps(shapes: &[Shape], bound: Bound) -> [Steps; 90] {
    let mut t = [Steps::EMPTY; 90];
    let mut s = 0;
    while s < 90 {
        let f = (s % 9) as i8;
        let r = (s / 9) as i8;
        let mut i = 0;
        while i < shapes.len() {
            let ((pf, pr), (tf, tr)) = shapes[i];
            if let (Some(passed), Some(to)) = (sq(f + pf, r + pr), sq(f + tf, r + tr)) {
                let inside = match bound {
                    Bound::Board => true,
                    Bound::Palace => in_palace(s as u8) && in_palace(to),
                    Bound::OwnHalf => same_half(s as u8, to),
                };
                if inside {
                    t[s] = t[s].push(passed, to);
                }
            }
            i += 1;
        }
        s += 1;
    }
    t
}

/// Soldier moves for each side: forward, and sideways once across the river.
/// Source: WXF 2018, moves of the pieces.
const fn build_soldier_moves() -> [[Steps; 90]; 2] {
    let mut t = [[Steps::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let fwd: i8 = if c == 0 { 1 } else { -1 };
        let mut s = 0;
        while s < 90 {
            let f = (s % 9) as i8;
            let r = (s / 9) as i8;
            if let Some(to) = sq(f, r + fwd) {
                t[c][s] = t[c][s].push(to, to);
            }
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            if crossed {
                if let Some(to) = sq(f - 1, r) {
                    t[c][s] = t[c][s].push(to, to);
                }
                if let Some(to) = sq(f + 1, r) {
                    t[c][s] = t[c][s].push(to, to);
                }
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// For each point and direction (see [`DIRECTIONS`]), the points along it, nearest first.
pub static RAYS: [[Ray; 4]; 90] = build_rays();
/// Horse moves from each point, `(leg, target)`: the leg is the orthogonal neighbour the
/// horse passes first; a piece there blocks both moves that use it.
pub static HORSE_MOVES: [Steps; 90] = build_steps(&HORSE, Bound::Board);
/// Horses attacking each point, `(leg, horse square)`.
pub static HORSE_ATTACKERS: [Steps; 90] = build_horse_attackers();
/// Elephant moves from each point, `(eye, target)`: two points diagonally, never across the
/// river.
pub static ELEPHANT_MOVES: [Steps; 90] = build_steps(&ELEPHANT, Bound::OwnHalf);
/// Advisor moves from each palace point, `(target, target)`: one point diagonally inside the
/// palace.
pub static ADVISOR_MOVES: [Steps; 90] = build_steps(&ADVISOR, Bound::Palace);
/// General moves from each palace point, `(target, target)`: one point orthogonally inside
/// the palace.
pub static GENERAL_MOVES: [Steps; 90] = build_steps(&GENERAL, Bound::Palace);
/// Soldier moves per side (index [`Color::index`]) from each point, `(target, target)`.
pub static SOLDIER_MOVES: [[Steps; 90]; 2] = build_soldier_moves();

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(steps: &Steps) -> Vec<String> {
        let mut v: Vec<String> = steps
            .as_slice()
            .iter()
            .filter_map(|&(_, t)| Square::from_index(t as usize))
            .map(|s| s.to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn horse_in_the_centre_has_eight_targets_and_corner_two() {
        assert_eq!(HORSE_MOVES[Square::E4.index()].len, 8);
        assert_eq!(targets(&HORSE_MOVES[Square::A0.index()]), ["b2", "c1"]);
    }

    #[test]
    fn elephant_never_crosses_the_river() {
        assert_eq!(targets(&ELEPHANT_MOVES[Square::C4.index()]), ["a2", "e2"]);
        assert_eq!(targets(&ELEPHANT_MOVES[Square::G5.index()]), ["e7", "i7"]);
    }

    #[test]
    fn soldier_moves_sideways_only_after_crossing() {
        assert_eq!(targets(&SOLDIER_MOVES[0][Square::E3.index()]), ["e4"]);
        assert_eq!(
            targets(&SOLDIER_MOVES[0][Square::E5.index()]),
            ["d5", "e6", "f5"]
        );
        assert_eq!(targets(&SOLDIER_MOVES[0][Square::A9.index()]), ["b9"]);
        assert_eq!(targets(&SOLDIER_MOVES[1][Square::E6.index()]), ["e5"]);
        assert_eq!(
            targets(&SOLDIER_MOVES[1][Square::E4.index()]),
            ["d4", "e3", "f4"]
        );
    }

    #[test]
    fn general_and_advisor_stay_in_the_palace() {
        assert_eq!(targets(&GENERAL_MOVES[Square::D0.index()]), ["d1", "e0"]);
        assert_eq!(
            targets(&ADVISOR_MOVES[Square::E1.index()]),
            ["d0", "d2", "f0", "f2"]
        );
        assert_eq!(targets(&ADVISOR_MOVES[Square::D9.index()]), ["e8"]);
    }

    #[test]
    fn every_horse_attacker_leg_is_a_diagonal_neighbour() {
        for s in Square::all() {
            for &(leg, _) in HORSE_ATTACKERS[s.index()].as_slice() {
                let l = Square::from_index(leg as usize).expect("on board");
                assert_eq!((l.file() as i8 - s.file() as i8).abs(), 1);
                assert_eq!((l.rank() as i8 - s.rank() as i8).abs(), 1);
            }
        }
    }
}
