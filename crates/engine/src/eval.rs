//! Static evaluation: material with game phase, piece-square tables, mobility, advisor and
//! elephant defence against each kind of attacker, attacks on the palace, cannons aimed at
//! the general, connected soldiers and tempo.
//!
//! The evaluation is linear in its weights ([`crate::eval_weights::WEIGHTS`], one
//! middlegame/endgame pair per [`term`]) apart from the phase blend and the damping of a side
//! that has nothing left to attack with. [`collect`] walks the position once and reports
//! each term's count to a [`Terms`] sink: [`evaluate`] sums the weights, [`trace`] keeps the
//! counts for tuning.

use crate::eval_weights::WEIGHTS;
use crate::params::{self, term, Weight};
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

/// Where the evaluation reports its terms: `add(color, t, n)` says that term `t` (a
/// [`term`] index) occurs `n` times in `color`'s favour.
pub trait Terms {
    /// Records `n` occurrences of term `t` for `color`.
    fn add(&mut self, color: Color, t: usize, n: i32);
}

/// What [`collect`] finds besides the terms: the game phase and each side's attackers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Attacking material left, 0 (soldiers only) to [`params::MAX_PHASE`] (all of it).
    pub phase: i32,
    /// Pieces of each side (by [`Color::index`]) that can attack: chariots, horses, cannons
    /// and soldiers across the river. A side with none cannot win.
    pub attackers: [i32; 2],
}

/// Walks `pos` once, reporting every term to `sink`; returns the phase and attackers.
pub fn collect<T: Terms>(pos: &Position, sink: &mut T) -> Summary {
    let board = pos.board();
    let occ = board.occupied();
    let mut phase = 0;
    let mut attackers = [0i32; 2];
    let mut kinds = [[0i32; 4]; 2];
    // Occupied points attacked by each side: by any piece, and by pieces worth less than a
    // horse (soldiers, advisors, elephants) or less than a chariot (those, horses, cannons).
    let mut attacked = [Bitboard::EMPTY; 2];
    let mut by_minor = [Bitboard::EMPTY; 2];
    let mut by_lesser = [Bitboard::EMPTY; 2];

    for color in Color::ALL {
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
                sink.add(color, term::MATERIAL + role.index(), 1);
                sink.add(color, term::pst(role, file, rank), 1);
                let a = pos.attacks_from(sq);
                let c = color.index();
                attacked[c] = attacked[c] | a;
                match role {
                    Role::Soldier | Role::Advisor | Role::Elephant => {
                        by_minor[c] = by_minor[c] | a;
                        by_lesser[c] = by_lesser[c] | a;
                    }
                    Role::Horse | Role::Cannon => by_lesser[c] = by_lesser[c] | a,
                    _ => {}
                }
                phase += params::PHASE[role.index()];
                match role {
                    Role::Chariot => {
                        kinds[color.index()][0] += 1;
                        let mut n = 0;
                        let mut palace = 0;
                        for ray in &RAYS[sq.index()] {
                            for &q in ray.as_slice() {
                                if (enemy_palace.0 >> q) & 1 != 0 {
                                    palace += 1;
                                }
                                if (occ.0 >> q) & 1 == 0 {
                                    n += 1;
                                } else {
                                    if (own.0 >> q) & 1 == 0 {
                                        n += 1;
                                    }
                                    break;
                                }
                            }
                        }
                        sink.add(color, term::MOBILITY_CHARIOT, n);
                        sink.add(color, term::CHARIOT_PALACE_ATTACK, palace);
                    }
                    Role::Horse => {
                        kinds[color.index()][1] += 1;
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
                        sink.add(color, term::MOBILITY_HORSE, n);
                        if near {
                            sink.add(color, term::HORSE_NEAR_PALACE, 1);
                        }
                    }
                    Role::Cannon => {
                        kinds[color.index()][2] += 1;
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
                        sink.add(color, term::MOBILITY_CANNON, n);
                        // Aimed at the enemy general along a file or rank?
                        if sq.file() == enemy_general.file() || sq.rank() == enemy_general.rank() {
                            match pieces_between(pos, sq, enemy_general) {
                                0 => sink.add(color, term::EMPTY_HEAD_CANNON, 1),
                                2 => sink.add(color, term::LOADED_CANNON, 1),
                                _ => {}
                            }
                        }
                    }
                    Role::Soldier if !sq.is_on_side(color) => {
                        kinds[color.index()][3] += 1;
                        if let Some(right) = sq.offset(1, 0) {
                            if board.piece_at(right) == Some(piece) {
                                sink.add(color, term::CONNECTED_SOLDIERS, 1);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        attackers[color.index()] = kinds[color.index()].iter().sum();
    }

    // Defence: each missing advisor and elephant counts once per enemy attacker of each kind.
    for color in Color::ALL {
        let advisors = board.by_piece(Piece::new(color, Role::Advisor)).count() as i32;
        let elephants = board.by_piece(Piece::new(color, Role::Elephant)).count() as i32;
        for (k, &n) in kinds[(!color).index()].iter().enumerate() {
            if n > 0 {
                sink.add(color, term::MISSING_ADVISOR + k, (2 - advisors) * n);
                sink.add(color, term::MISSING_ELEPHANT + k, (2 - elephants) * n);
            }
        }
    }
    // Threats: pieces attacked by something worth less, and pieces attacked and undefended.
    for color in Color::ALL {
        let (us, them) = (color.index(), (!color).index());
        let targets = board.by_color(color) & attacked[them];
        for sq in targets {
            let Some(p) = board.piece_at(sq) else {
                continue;
            };
            let lesser = match p.role {
                Role::Chariot => by_lesser[them],
                Role::Horse | Role::Cannon => by_minor[them],
                _ => Bitboard::EMPTY,
            };
            if lesser.contains(sq) {
                sink.add(!color, term::THREAT_BY_LESSER + p.role.index(), 1);
            }
            if p.role != Role::General && !attacked[us].contains(sq) {
                sink.add(!color, term::HANGING + p.role.index(), 1);
            }
        }
    }
    sink.add(pos.turn(), term::TEMPO, 1);
    Summary {
        phase: phase.min(params::MAX_PHASE),
        attackers,
    }
}

/// Sums the weights of the terms, Red's minus Black's.
struct Scorer {
    mg: i32,
    eg: i32,
}

impl Terms for Scorer {
    #[inline(always)]
    fn add(&mut self, color: Color, t: usize, n: i32) {
        let w: Weight = WEIGHTS[t];
        let n = match color {
            Color::Red => n,
            Color::Black => -n,
        };
        self.mg += w.mg * n;
        self.eg += w.eg * n;
    }
}

/// Returns Red's score in centipawns from the middlegame and endgame sums (Red minus Black)
/// and the summary: blended by phase, and divided by 8 when the side ahead has nothing left
/// to attack with (it cannot win).
pub fn finish(mg: i32, eg: i32, summary: &Summary) -> i32 {
    let phase = summary.phase;
    let score = (mg * phase + eg * (params::MAX_PHASE - phase)) / params::MAX_PHASE;
    if (score > 0 && summary.attackers[0] == 0) || (score < 0 && summary.attackers[1] == 0) {
        score / 8
    } else {
        score
    }
}

/// Returns the static score of `pos` in centipawns from the point of view of the side to
/// move (positive: good for the side to move), the side to move's tempo included.
pub fn evaluate(pos: &Position) -> i32 {
    let mut scorer = Scorer { mg: 0, eg: 0 };
    let summary = collect(pos, &mut scorer);
    let red = finish(scorer.mg, scorer.eg, &summary);
    match pos.turn() {
        Color::Red => red,
        Color::Black => -red,
    }
}

/// The terms of one position for tuning: each term's count, Red's minus Black's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trace {
    /// `(term, Red's count minus Black's)` for every term whose counts differ.
    pub counts: Vec<(u16, i16)>,
    /// The phase and attackers.
    pub summary: Summary,
}

/// Counts the terms of `pos` (see [`Trace`]); `finish` applied to the counts times the
/// weights gives Red's score as [`evaluate`] computes it.
pub fn trace(pos: &Position) -> Trace {
    struct Counter([i32; term::COUNT]);
    impl Terms for Counter {
        fn add(&mut self, color: Color, t: usize, n: i32) {
            if let Some(c) = self.0.get_mut(t) {
                *c += match color {
                    Color::Red => n,
                    Color::Black => -n,
                };
            }
        }
    }
    let mut counter = Counter([0; term::COUNT]);
    let summary = collect(pos, &mut counter);
    let counts = counter
        .0
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c != 0)
        .map(|(t, &c)| (t as u16, c.clamp(i16::MIN as i32, i16::MAX as i32) as i16))
        .collect();
    Trace { counts, summary }
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

    fn tempo() -> i32 {
        WEIGHTS[term::TEMPO].mg
    }

    #[test]
    fn start_position_is_balanced_up_to_tempo() {
        let pos = Position::start();
        assert_eq!(evaluate(&pos), tempo());
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

    const FENS: [&str; 3] = [
        "2bak4/4a4/4b1n2/p3p3p/2p3P2/9/P3P3P/2N1C4/4A4/2BAK1B2 w",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/6P2/P1P1P3P/1C2C1N2/9/RNBAKAB1R b",
        "4k4/9/4b4/9/2P6/9/9/4B4/4R4/3K5 w",
    ];

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in FENS {
            let pos = Position::from_fen(fen).unwrap();
            assert_eq!(evaluate(&pos), evaluate(&flipped(&pos)), "{fen}");
        }
    }

    #[test]
    fn the_trace_times_the_weights_is_the_evaluation() {
        for fen in FENS {
            let pos = Position::from_fen(fen).unwrap();
            let t = trace(&pos);
            let (mut mg, mut eg) = (0, 0);
            for &(i, n) in &t.counts {
                mg += WEIGHTS[i as usize].mg * i32::from(n);
                eg += WEIGHTS[i as usize].eg * i32::from(n);
            }
            let red = finish(mg, eg, &t.summary);
            let stm = if pos.turn() == Color::Red { red } else { -red };
            assert_eq!(stm, evaluate(&pos), "{fen}");
        }
    }

    #[test]
    fn extra_chariot_is_winning() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
        assert!(evaluate(&pos) > 500);
    }
}
