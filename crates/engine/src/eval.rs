//! Static evaluation: material with game phase, piece-square tables, mobility, advisor and
//! elephant defence against each kind of attacker, attacks on the palace (safe checks,
//! palace points hit, attackers working together), cannons aimed at the general, connected
//! soldiers, threats and tempo.
//!
//! The evaluation is linear in its weights ([`crate::eval_weights::WEIGHTS`], one
//! middlegame/endgame pair per [`term`]) apart from the phase blend and the damping of a side
//! that has nothing left to attack with. [`collect`] walks the position once and reports
//! each term's count to a [`Terms`] sink: [`evaluate`] sums the weights, [`trace`] keeps the
//! counts for tuning.

use crate::eval_weights::WEIGHTS;
use crate::params::{self, term, Weight};
use xiangqi::attacks::{
    Steps, ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_ATTACKERS, HORSE_MOVES,
    SOLDIER_MOVES,
};
use xiangqi::sliders::{cannon_hits, chariot_hits};
use xiangqi::{Bitboard, ByColor, Color, Piece, Position, Role, Square};

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

/// The palace-hit term of each kind that has one (constants, so a role outside
/// [`term::PALACE_HITTERS`] stops the build).
const HORSE_PALACE_HITS: usize = term::palace_hits(Role::Horse);
const CANNON_PALACE_HITS: usize = term::palace_hits(Role::Cannon);
const SOLDIER_PALACE_HITS: usize = term::palace_hits(Role::Soldier);

/// Each checker kind with its safe-check term.
const SAFE_CHECKS: [(Role, usize); 3] = {
    let k = term::CHECKER_KINDS;
    [
        (k[0], term::safe_check(k[0])),
        (k[1], term::safe_check(k[1])),
        (k[2], term::safe_check(k[2])),
    ]
};

/// Each attacker kind with its missing-advisor and missing-elephant terms.
const DEFENCE: [(Role, usize, usize); 4] = {
    const fn terms(r: Role) -> (Role, usize, usize) {
        (r, term::missing_advisor(r), term::missing_elephant(r))
    }
    let k = term::ATTACKER_KINDS;
    [terms(k[0]), terms(k[1]), terms(k[2]), terms(k[3])]
};

/// What the walk over one side's pieces gathers for the terms that compare both sides.
#[derive(Clone, Copy, Default)]
struct SideReach {
    /// Points the side attacks, empty or not: by any piece, by pieces worth less than a
    /// horse (soldiers, advisors, elephants), and by those and horses and cannons (worth
    /// less than a chariot).
    attacked: Bitboard,
    by_minor: Bitboard,
    by_lesser: Bitboard,
    /// Points each chariot, horse and cannon can move to, by [`Role::index`].
    moves: [Bitboard; 7],
    /// Attackers of each kind ([`term::ATTACKER_KINDS`]), by [`Role::index`]; soldiers only
    /// across the river.
    attackers: [i32; 7],
    /// Pieces of those kinds that hit the enemy palace.
    palace_attackers: i32,
}

/// Walks `pos` once, reporting every term to `sink`; returns the phase and attackers.
pub fn collect<T: Terms>(pos: &Position, sink: &mut T) -> Summary {
    let mut phase = 0;
    let reach = ByColor::new_with(|color| side_terms(pos, color, sink, &mut phase));
    for color in Color::ALL {
        safe_checks(pos, color, &reach, sink);
        missing_defenders(pos, color, &reach[!color], sink);
        threats(pos, color, &reach, sink);
    }
    sink.add(pos.turn(), term::TEMPO, 1);
    let attackers = |color: Color| {
        term::ATTACKER_KINDS
            .iter()
            .map(|r| reach[color].attackers[r.index()])
            .sum()
    };
    Summary {
        phase: phase.min(params::MAX_PHASE),
        attackers: [attackers(Color::Red), attackers(Color::Black)],
    }
}

/// Reports the terms of each piece of `color` (material, piece-square, mobility, the palace
/// attack) and adds its share to `phase`; returns what the later terms need.
fn side_terms<T: Terms>(pos: &Position, color: Color, sink: &mut T, phase: &mut i32) -> SideReach {
    let board = pos.board();
    let own = board.by_color(color);
    let enemy_palace = PALACE[(!color).index()];
    let mut side = SideReach::default();
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
            *phase += params::PHASE[role.index()];
            let hits = hits_from(pos, sq, piece);
            side.attacked = side.attacked | hits;
            match role {
                Role::Soldier | Role::Advisor | Role::Elephant => {
                    side.by_minor = side.by_minor | hits;
                    side.by_lesser = side.by_lesser | hits;
                }
                Role::Horse | Role::Cannon => side.by_lesser = side.by_lesser | hits,
                _ => {}
            }
            let palace_hits = (hits & enemy_palace).count() as i32;
            let attacker = match role {
                Role::Chariot | Role::Horse | Role::Cannon => {
                    let reach = match role {
                        Role::Cannon => cannon_moves(pos, sq) | (hits & board.occupied() & !own),
                        _ => hits & !own,
                    };
                    side.moves[role.index()] = side.moves[role.index()] | reach;
                    piece_activity(pos, sq, piece, reach, palace_hits, sink);
                    true
                }
                Role::Soldier if !sq.is_on_side(color) => {
                    if let Some(right) = sq.offset(1, 0) {
                        if board.piece_at(right) == Some(piece) {
                            sink.add(color, term::CONNECTED_SOLDIERS, 1);
                        }
                    }
                    sink.add(color, SOLDIER_PALACE_HITS, palace_hits);
                    true
                }
                _ => false,
            };
            if attacker {
                side.attackers[role.index()] += 1;
            }
            if palace_hits > 0 && (attacker || role == Role::Soldier) {
                side.palace_attackers += 1;
            }
        }
    }
    let n = side.palace_attackers.min(5);
    sink.add(color, term::PALACE_ATTACKER_PAIRS, n * (n - 1) / 2);
    side
}

/// Reports the mobility and palace terms of the chariot, horse or cannon `piece` on `sq`,
/// which can move to `reach` and hits `palace_hits` points of the enemy palace.
fn piece_activity<T: Terms>(
    pos: &Position,
    sq: Square,
    piece: Piece,
    reach: Bitboard,
    palace_hits: i32,
    sink: &mut T,
) {
    let color = piece.color;
    let n = reach.count() as i32;
    match piece.role {
        Role::Chariot => {
            sink.add(color, term::MOBILITY_CHARIOT, n);
            sink.add(color, term::CHARIOT_PALACE_ATTACK, palace_hits);
        }
        Role::Horse => {
            sink.add(color, term::MOBILITY_HORSE, n);
            if n <= 1 {
                sink.add(color, term::CRAMPED_HORSE, 1);
            }
            let occ = pos.board().occupied();
            let enemy_palace = PALACE[(!color).index()];
            let near = HORSE_MOVES[sq.index()]
                .as_slice()
                .iter()
                .any(|&(leg, to)| (occ.0 >> leg) & 1 == 0 && (enemy_palace.0 >> to) & 1 != 0);
            if near {
                sink.add(color, term::HORSE_NEAR_PALACE, 1);
            }
            sink.add(color, HORSE_PALACE_HITS, palace_hits);
        }
        Role::Cannon => {
            sink.add(color, term::MOBILITY_CANNON, n);
            // Aimed at the enemy general along a file or rank?
            let enemy_general = pos.general(!color);
            if sq.file() == enemy_general.file() || sq.rank() == enemy_general.rank() {
                match pieces_between(pos, sq, enemy_general) {
                    0 => sink.add(color, term::EMPTY_HEAD_CANNON, 1),
                    2 => sink.add(color, term::LOADED_CANNON, 1),
                    _ => {}
                }
            }
            sink.add(color, CANNON_PALACE_HITS, palace_hits);
        }
        _ => {}
    }
}

/// Safe checks: points a chariot, horse or cannon of `color` can move to and check from,
/// that the defender does not attack.
fn safe_checks<T: Terms>(pos: &Position, color: Color, reach: &ByColor<SideReach>, sink: &mut T) {
    let checks = check_points(pos, pos.general(!color));
    let safe = !reach[!color].attacked & !pos.board().by_color(color);
    for ((checker, t), points) in SAFE_CHECKS.into_iter().zip(checks) {
        let n = (reach[color].moves[checker.index()] & points & safe).count() as i32;
        sink.add(color, t, n);
    }
}

/// Defence: each advisor and elephant `color` is missing counts once per enemy attacker of
/// each kind (the enemy's `attackers`).
fn missing_defenders<T: Terms>(pos: &Position, color: Color, enemy: &SideReach, sink: &mut T) {
    let board = pos.board();
    let advisors = board.by_piece(Piece::new(color, Role::Advisor)).count() as i32;
    let elephants = board.by_piece(Piece::new(color, Role::Elephant)).count() as i32;
    for (attacker, advisor_term, elephant_term) in DEFENCE {
        let n = enemy.attackers[attacker.index()];
        if n > 0 {
            sink.add(color, advisor_term, (2 - advisors) * n);
            sink.add(color, elephant_term, (2 - elephants) * n);
        }
    }
}

/// Threats against `color`'s pieces, counted for the other side: pieces attacked by
/// something worth less, and pieces attacked and undefended (again when `color` is to move).
fn threats<T: Terms>(pos: &Position, color: Color, reach: &ByColor<SideReach>, sink: &mut T) {
    let board = pos.board();
    let (ours, theirs) = (&reach[color], &reach[!color]);
    for sq in board.by_color(color) & theirs.attacked {
        let Some(p) = board.piece_at(sq) else {
            continue;
        };
        let lesser = match p.role {
            Role::Chariot => theirs.by_lesser,
            Role::Horse | Role::Cannon => theirs.by_minor,
            _ => Bitboard::EMPTY,
        };
        if lesser.contains(sq) {
            sink.add(!color, term::THREAT_BY_LESSER + p.role.index(), 1);
        }
        if p.role != Role::General && !ours.attacked.contains(sq) {
            sink.add(!color, term::HANGING + p.role.index(), 1);
            if color == pos.turn() {
                sink.add(!color, term::MOVER_HANGING + p.role.index(), 1);
            }
        }
    }
}

/// Returns the points `piece` on `sq` attacks, empty or not: where it could capture if an
/// enemy piece stood there (for a cannon, the points beyond its screen up to the next
/// piece). The general's capture along an open file is left out, as in
/// [`Position::attacks_from`], which gives the occupied ones of these points.
fn hits_from(pos: &Position, sq: Square, piece: Piece) -> Bitboard {
    let occ = pos.board().occupied().0;
    let f = sq.index();
    let steps = |table: &Steps| {
        table
            .as_slice()
            .iter()
            .filter(|&&(block, to)| block == to || (occ >> block) & 1 == 0)
            .fold(0u128, |bits, &(_, to)| bits | 1 << to)
    };
    Bitboard(match piece.role {
        Role::Chariot => chariot_hits(Bitboard(occ), sq).0,
        Role::Cannon => cannon_hits(Bitboard(occ), sq).0,
        Role::Horse => steps(&HORSE_MOVES[f]),
        Role::Elephant => steps(&ELEPHANT_MOVES[f]),
        Role::Advisor => steps(&ADVISOR_MOVES[f]),
        Role::General => steps(&GENERAL_MOVES[f]),
        Role::Soldier => steps(&SOLDIER_MOVES[piece.color.index()][f]),
    })
}

/// Returns the empty points a cannon on `sq` can move to (before its screen).
fn cannon_moves(pos: &Position, sq: Square) -> Bitboard {
    let occ = pos.board().occupied();
    chariot_hits(occ, sq) & !occ
}

/// Returns, for a chariot, a horse and a cannon ([`term::CHECKER_KINDS`] order), the points
/// from which that piece would check a general on `general` (occupied points included: a
/// capture there checks too).
fn check_points(pos: &Position, general: Square) -> [Bitboard; 3] {
    let occ = pos.board().occupied().0;
    let g = general.index();
    let mut horse = 0u128;
    for &(leg, from) in HORSE_ATTACKERS[g].as_slice() {
        if (occ >> leg) & 1 == 0 {
            horse |= 1 << from;
        }
    }
    [
        chariot_hits(Bitboard(occ), general),
        Bitboard(horse),
        cannon_hits(Bitboard(occ), general),
    ]
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
    fn the_occupied_points_hit_are_the_rules_librarys_attacks() {
        let mut positions: Vec<Position> = FENS
            .iter()
            .map(|f| Position::from_fen(f).unwrap())
            .collect();
        // A middlegame reached by play, with every kind of piece still on the board.
        let mut pos = Position::start();
        for m in [
            "h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "h0h6", "c6c5", "b2b6",
        ] {
            let m: xiangqi::Move = m.parse().unwrap();
            pos.play(m).unwrap();
            positions.push(pos.clone());
        }
        for pos in &positions {
            let occ = pos.board().occupied();
            for (sq, piece) in pos.board().pieces() {
                assert_eq!(
                    hits_from(pos, sq, piece) & occ,
                    pos.attacks_from(sq),
                    "{piece:?} on {sq:?} in {}",
                    pos.to_setup().fen()
                );
            }
        }
    }

    /// Returns Red's count minus Black's of term `t` in `fen`'s trace.
    fn count(fen: &str, t: usize) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        trace(&pos)
            .counts
            .iter()
            .find(|&&(i, _)| usize::from(i) == t)
            .map_or(0, |&(_, n)| i32::from(n))
    }

    // The counts below were worked out by hand on the diagram of each position.
    #[test]
    fn safe_checks_are_the_check_points_a_piece_can_reach_unattacked() {
        // Chariot a0 reaches a9 and d0, both checking the general on d9 and out of its reach.
        let lone_chariot = "3k5/9/9/9/9/9/9/9/9/R3K4 w";
        assert_eq!(count(lone_chariot, term::SAFE_CHECK), 2);
        // A horse on a6 blocks a9 but reaches b8 and c7, from which it would check.
        let with_horse = "3k5/9/9/N8/9/9/9/9/9/R3K4 w";
        assert_eq!(count(with_horse, term::SAFE_CHECK), 1);
        assert_eq!(count(with_horse, term::SAFE_CHECK + 1), 2);
        // The chariot on d0 reaches one check point, d9, which the general and the advisor
        // on e8 guard: no safe check.
        let guarded = "4k4/4a4/9/9/9/9/9/9/9/3R1K3 w";
        assert_eq!(count(guarded, term::SAFE_CHECK), 0);
    }

    #[test]
    fn the_movers_hanging_pieces_count_for_the_opponent() {
        // Black's chariot attacks the undefended red horse on d1 with Red to move.
        let fen = "3k5/9/9/9/9/9/9/9/r2N5/4K4 w";
        assert_eq!(count(fen, term::HANGING + Role::Horse.index()), -1);
        assert_eq!(count(fen, term::MOVER_HANGING + Role::Horse.index()), -1);
        assert_eq!(count(fen, term::SAFE_CHECK), -1);
        // With Black to move the horse is the opponent's hanging piece, not the mover's.
        let black = "3k5/9/9/9/9/9/9/9/r2N5/4K4 b";
        assert_eq!(count(black, term::MOVER_HANGING + Role::Horse.index()), 0);
    }

    #[test]
    fn palace_attackers_are_counted_in_pairs() {
        // Red's chariot on a8 hits d8, e8 and f8; the horse on f6 hits e8 and d7; the cannon
        // on d2, screened by the soldier on d5, hits d7, d8 and d9; the soldier hits none:
        // three attackers, three pairs.
        let fen = "4k4/R8/9/5N3/3P5/9/9/3C5/9/3K5 w";
        assert_eq!(count(fen, term::PALACE_ATTACKER_PAIRS), 3);
        assert_eq!(count(fen, term::CHARIOT_PALACE_ATTACK), 3);
        assert_eq!(count(fen, term::PALACE_HITS), 2);
        assert_eq!(count(fen, term::PALACE_HITS + 1), 3);
        assert_eq!(count(fen, term::PALACE_HITS + 2), 0);
    }

    #[test]
    fn extra_chariot_is_winning() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").unwrap();
        assert!(evaluate(&pos) > 500);
    }
}
