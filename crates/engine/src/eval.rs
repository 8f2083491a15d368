//! Static evaluation: material with game phase, piece-square tables, mobility, advisor and
//! elephant defence, king safety against chariots, horses and cannons, crossed soldiers.
//!
//! All weights live in [`crate::params`].

use crate::params::{self, Weight};
use xiangqi::attacks::{HORSE_MOVES, RAYS};
use xiangqi::{Bitboard, Color, Piece, Position, Role, Square};

/// The palace points of each colour, by [`Color::index`].
const PALACE: [Bitboard; 2] = [palace(Color::Red), palace(Color::Black)];

const fn palace(color: Color) -> Bitboard {
    let mut bits = 0u128;
    let mut i = 0;
    while i < 90 {
        if let Some(sq) = Square::from_index(i) {
            if sq.is_in_palace(color) {
                bits |= 1 << i;
            }
        }
        i += 1;
    }
    Bitboard(bits)
}

/// Middlegame and endgame sums for one side.
#[derive(Clone, Copy, Default)]
struct Acc {
    mg: i32,
    eg: i32,
}

impl Acc {
    #[inline]
    fn add(&mut self, w: Weight) {
        self.mg += w.mg;
        self.eg += w.eg;
    }
    #[inline]
    fn add_n(&mut self, w: Weight, n: i32) {
        self.mg += w.mg * n;
        self.eg += w.eg * n;
    }
    #[inline]
    fn sub(&mut self, v: i32) {
        self.mg -= v;
        self.eg -= v;
    }
}

/// Returns the static score of `pos` in centipawns from the point of view of the side to
/// move (positive: good for the side to move).
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let occ = board.occupied();
    let mut acc = [Acc::default(), Acc::default()];
    let mut phase = 0;
    let mut attack_units = [0i32; 2];
    let mut attackers = [0i32; 2];

    for color in Color::ALL {
        let a = &mut acc[color.index()];
        let enemy_general = pos.general(!color);
        let own = board.by_color(color);
        let enemy_palace = PALACE[(!color).index()];
        for role in Role::ALL {
            let piece = Piece::new(color, role);
            for sq in board.by_piece(piece) {
                let rank = sq.relative_rank(color) as usize;
                let file = match color {
                    Color::Red => sq.file() as usize,
                    Color::Black => 8 - sq.file() as usize,
                };
                a.add(params::MATERIAL[role.index()]);
                a.add(params::pst(role, file, rank));
                phase += params::PHASE[role.index()];
                match role {
                    Role::Chariot => {
                        attackers[color.index()] += 1;
                        attack_units[color.index()] += params::ATTACK_UNITS[role.index()];
                        let mut n = 0;
                        let mut palace = 0;
                        for ray in &RAYS[sq.index()] {
                            for &q in ray.as_slice() {
                                let t = Bitboard::from_square(
                                    Square::from_index(q as usize).unwrap_or(sq),
                                );
                                if (t & enemy_palace).0 != 0 {
                                    palace += 1;
                                }
                                if (t & occ).0 == 0 {
                                    n += 1;
                                } else {
                                    if (t & own).0 == 0 {
                                        n += 1;
                                    }
                                    break;
                                }
                            }
                        }
                        a.add_n(params::MOBILITY_CHARIOT, n);
                        a.add_n(params::CHARIOT_PALACE_ATTACK, palace);
                    }
                    Role::Horse => {
                        attackers[color.index()] += 1;
                        attack_units[color.index()] += params::ATTACK_UNITS[role.index()];
                        let mut n = 0;
                        let mut near = false;
                        for &(leg, to) in HORSE_MOVES[sq.index()].as_slice() {
                            if (occ.0 >> leg) & 1 != 0 {
                                continue;
                            }
                            if (own.0 >> to) & 1 == 0 {
                                n += 1;
                            }
                            near |= (enemy_palace.0 >> to) & 1 != 0;
                        }
                        a.add_n(params::MOBILITY_HORSE, n);
                        if near {
                            a.add(params::HORSE_NEAR_PALACE);
                        }
                    }
                    Role::Cannon => {
                        attackers[color.index()] += 1;
                        attack_units[color.index()] += params::ATTACK_UNITS[role.index()];
                        let mut n = 0;
                        for ray in &RAYS[sq.index()] {
                            let mut screens = 0;
                            for &q in ray.as_slice() {
                                if (occ.0 >> q) & 1 == 0 {
                                    if screens == 0 {
                                        n += 1;
                                    }
                                } else {
                                    screens += 1;
                                    if screens == 2 {
                                        if (own.0 >> q) & 1 == 0 {
                                            n += 1;
                                        }
                                        break;
                                    }
                                }
                            }
                        }
                        a.add_n(params::MOBILITY_CANNON, n);
                        // Aimed at the enemy general along a file or rank?
                        if sq.file() == enemy_general.file() || sq.rank() == enemy_general.rank() {
                            match pieces_between(pos, sq, enemy_general) {
                                0 => a.add(params::EMPTY_HEAD_CANNON),
                                2 => a.add(params::LOADED_CANNON),
                                _ => {}
                            }
                        }
                    }
                    Role::Soldier if !sq.is_on_side(color) => {
                        attackers[color.index()] += 1;
                        attack_units[color.index()] += params::ATTACK_UNITS[role.index()];
                        if let Some(right) = sq.offset(1, 0) {
                            if board.piece_at(right) == Some(piece) {
                                a.add(params::CONNECTED_SOLDIERS);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    // Defence: missing advisors and elephants hurt in proportion to the enemy's attackers.
    for color in Color::ALL {
        let advisors = board.by_piece(Piece::new(color, Role::Advisor)).count() as i32;
        let elephants = board.by_piece(Piece::new(color, Role::Elephant)).count() as i32;
        let units = attack_units[(!color).index()];
        let penalty = ((2 - advisors) * params::MISSING_ADVISOR
            + (2 - elephants) * params::MISSING_ELEPHANT)
            * units;
        acc[color.index()].sub(penalty);
    }

    let phase = phase.min(params::MAX_PHASE);
    let blend = |a: Acc| (a.mg * phase + a.eg * (params::MAX_PHASE - phase)) / params::MAX_PHASE;
    let red = blend(acc[0]);
    let black = blend(acc[1]);
    let mut score = red - black;
    // A side with nothing that can cross the river and attack cannot win: damp its advantage.
    if (score > 0 && attackers[0] == 0) || (score < 0 && attackers[1] == 0) {
        score /= 8;
    }
    let stm = match pos.turn() {
        Color::Red => score,
        Color::Black => -score,
    };
    stm + params::TEMPO
}

/// Returns the number of pieces strictly between two points on one file or rank.
fn pieces_between(pos: &Position, a: Square, b: Square) -> u32 {
    let (fa, ra, fb, rb) = (
        a.file() as i8,
        a.rank() as i8,
        b.file() as i8,
        b.rank() as i8,
    );
    let (df, dr) = ((fb - fa).signum(), (rb - ra).signum());
    let steps = (fb - fa).abs().max((rb - ra).abs());
    let mut n = 0;
    for i in 1..steps {
        if let Some(s) = a.offset(df * i, dr * i) {
            if !pos.board().is_empty_at(s) {
                n += 1;
            }
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        let pos = Position::start();
        assert_eq!(evaluate(&pos), params::TEMPO);
    }

    /// Returns `pos` seen from the other side: every piece rotated through the centre with
    /// its colour swapped, and the other side to move.
    fn flipped(pos: &Position) -> Position {
        let mut setup = pos.to_setup();
        let mut board = xiangqi::Board::empty();
        for (sq, p) in pos.board().pieces() {
            board.put(sq.rotate(), Piece::new(!p.color, p.role));
        }
        setup.board = board;
        setup.turn = !setup.turn;
        Position::from_setup(setup).unwrap()
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "2bak4/4a4/4b1n2/p3p3p/2p3P2/9/P3P3P/2N1C4/4A4/2BAK1B2 w",
            "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
            "4k4/9/4b4/9/2P6/9/9/4B4/4R4/3K5 w",
        ] {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(evaluate(&pos), evaluate(&flipped(&pos)), "{fen}");
        }
    }

    #[test]
    fn extra_chariot_is_winning() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
        assert!(evaluate(&pos) > 500);
    }
}
