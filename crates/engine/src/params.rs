//! Every evaluation weight and search constant in one place, in centipawns unless said
//! otherwise, so that tuning touches one file.
//!
//! Piece-square tables are written as the board looks from the owner's side: the first row
//! is the enemy back rank (relative rank 9), the last row the owner's back rank (relative
//! rank 0); files run a–i from the owner's left. All tables are left–right symmetric.

use xiangqi::Role;

/// A pair of weights: one for the middlegame, one for the endgame, blended by game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weight {
    /// Centipawns when all attacking pieces are on the board.
    pub mg: i32,
    /// Centipawns when no attacking piece but soldiers remains.
    pub eg: i32,
}

const fn w(mg: i32, eg: i32) -> Weight {
    Weight { mg, eg }
}

/// Material value of each kind of piece, indexed by [`Role::index`] (the general is 0: it
/// never leaves the board).
pub const MATERIAL: [Weight; 7] = [
    w(0, 0),     // general
    w(120, 130), // advisor
    w(120, 125), // elephant
    w(270, 310), // horse
    w(610, 660), // chariot
    w(295, 270), // cannon
    w(30, 45),   // soldier (crossing the river adds its table bonus)
];

/// Phase weight of each kind; the sum over the board, capped at [`MAX_PHASE`], measures how
/// much attacking material is left.
pub const PHASE: [i32; 7] = [0, 0, 0, 3, 6, 3, 0];

/// Phase of the full starting material: 2 × (2 chariots × 6 + 2 horses × 3 + 2 cannons × 3).
pub const MAX_PHASE: i32 = 48;

/// Returns the material value used by move ordering and static exchange evaluation
/// (centipawns; the general counts as more than all other material together).
pub const fn see_value(role: Role) -> i32 {
    match role {
        Role::General => 5000,
        Role::Advisor => 120,
        Role::Elephant => 120,
        Role::Horse => 290,
        Role::Chariot => 630,
        Role::Cannon => 290,
        Role::Soldier => 60,
    }
}

type Table = [[i16; 9]; 10];

/// Soldier bonus by point: small on the own side, large once across the river and near the
/// enemy palace, small again on the enemy back rank where it can only move sideways.
const SOLDIER: Table = [
    [0, 0, 0, 4, 8, 4, 0, 0, 0],
    [20, 30, 50, 65, 70, 65, 50, 30, 20],
    [20, 30, 45, 55, 60, 55, 45, 30, 20],
    [20, 27, 30, 40, 42, 40, 30, 27, 20],
    [10, 18, 22, 35, 40, 35, 22, 18, 10],
    [3, 0, 8, 0, 8, 0, 8, 0, 3],
    [0, 0, -2, 0, 4, 0, -2, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Chariot bonus: open central files and the enemy's second rank; the corners at home are poor.
const CHARIOT: Table = [
    [6, 8, 7, 13, 14, 13, 7, 8, 6],
    [6, 12, 9, 16, 33, 16, 9, 12, 6],
    [6, 8, 7, 14, 16, 14, 7, 8, 6],
    [6, 13, 13, 16, 16, 16, 13, 13, 6],
    [8, 11, 11, 14, 15, 14, 11, 11, 8],
    [8, 12, 12, 14, 15, 14, 12, 12, 8],
    [4, 9, 4, 12, 14, 12, 4, 9, 4],
    [-2, 8, 4, 12, 12, 12, 4, 8, -2],
    [5, 8, 6, 12, 0, 12, 6, 8, 5],
    [-6, 6, 4, 12, 0, 12, 4, 6, -6],
];

/// Horse bonus: centralised, and the "horse at the palace corner" points near the enemy general.
const HORSE: Table = [
    [4, 8, 16, 12, 4, 12, 16, 8, 4],
    [4, 10, 28, 16, 8, 16, 28, 10, 4],
    [12, 14, 16, 20, 18, 20, 16, 14, 12],
    [8, 24, 18, 24, 20, 24, 18, 24, 8],
    [6, 16, 14, 18, 16, 18, 14, 16, 6],
    [4, 12, 16, 14, 12, 14, 16, 12, 4],
    [2, 6, 8, 6, 10, 6, 8, 6, 2],
    [4, 2, 8, 8, 4, 8, 8, 2, 4],
    [0, 2, 4, 4, -2, 4, 4, 2, 0],
    [0, -4, 0, 0, 0, 0, 0, -4, 0],
];

/// Cannon bonus: the central file (the "central cannon") and the enemy back corners.
const CANNON: Table = [
    [6, 4, 0, -10, -12, -10, 0, 4, 6],
    [2, 2, 0, -4, -14, -4, 0, 2, 2],
    [2, 2, 0, -10, -8, -10, 0, 2, 2],
    [0, 0, -2, 4, 10, 4, -2, 0, 0],
    [0, 0, 0, 2, 8, 2, 0, 0, 0],
    [-2, 0, 4, 2, 6, 2, 4, 0, -2],
    [0, 0, 0, 2, 4, 2, 0, 0, 0],
    [4, 0, 8, 6, 10, 6, 8, 0, 4],
    [0, 2, 4, 6, 6, 6, 4, 2, 0],
    [0, 0, 2, 6, 6, 6, 2, 0, 0],
];

/// Advisor bonus: the palace centre is best.
const ADVISOR: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 3, 0, 0, 0, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// Elephant bonus: the centre point in front of the palace is best, the edges worst.
const ELEPHANT: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, -2, 0, 0, 0, -2, 0, 0],
    [0; 9],
    [-2, 0, 0, 0, 3, 0, 0, 0, -2],
    [0; 9],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
];

/// General bonus in the middlegame: stay at home on the back rank.
const GENERAL_MG: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, 0, -25, -20, -25, 0, 0, 0],
    [0, 0, 0, -10, -8, -10, 0, 0, 0],
    [0, 0, 0, -3, 1, -3, 0, 0, 0],
];

/// General bonus in the endgame: no preference.
const GENERAL_EG: Table = [[0; 9]; 10];

/// Returns the piece-square bonus of `role` on the point at `file` (0–8 from the owner's
/// left) and `rank` (0–9 from the owner's back rank), as a middlegame/endgame pair.
#[inline]
pub fn pst(role: Role, file: usize, rank: usize) -> Weight {
    let row = 9 - rank;
    let v = |t: &Table| t[row][file] as i32;
    match role {
        Role::General => w(v(&GENERAL_MG), v(&GENERAL_EG)),
        Role::Advisor => w(v(&ADVISOR), v(&ADVISOR)),
        Role::Elephant => w(v(&ELEPHANT), v(&ELEPHANT)),
        Role::Horse => w(v(&HORSE), v(&HORSE)),
        Role::Chariot => w(v(&CHARIOT), v(&CHARIOT)),
        Role::Cannon => w(v(&CANNON), v(&CANNON) / 2),
        Role::Soldier => w(v(&SOLDIER), v(&SOLDIER) * 5 / 4),
    }
}

/// Bonus per reachable point of a chariot.
pub const MOBILITY_CHARIOT: Weight = w(3, 3);
/// Bonus per reachable point of a horse (a horse with blocked legs is a poor piece).
pub const MOBILITY_HORSE: Weight = w(6, 7);
/// Bonus per reachable point of a cannon (including its capture).
pub const MOBILITY_CANNON: Weight = w(2, 1);

/// Bonus for a cannon facing the enemy general with nothing between (the "empty-head cannon").
pub const EMPTY_HEAD_CANNON: Weight = w(70, 30);
/// Bonus for a cannon facing the enemy general with two pieces between (one away from check).
pub const LOADED_CANNON: Weight = w(14, 6);
/// Bonus per point of the enemy palace a chariot attacks.
pub const CHARIOT_PALACE_ATTACK: Weight = w(8, 4);
/// Bonus for a horse within a horse's move of the enemy palace.
pub const HORSE_NEAR_PALACE: Weight = w(12, 10);

/// Penalty for each missing advisor, per attack unit of the opponent (see [`ATTACK_UNITS`]).
pub const MISSING_ADVISOR: i32 = 3;
/// Penalty for each missing elephant, per attack unit of the opponent.
pub const MISSING_ELEPHANT: i32 = 2;
/// Attack units a piece of each kind gives its side (soldiers count only across the river).
pub const ATTACK_UNITS: [i32; 7] = [0, 0, 0, 2, 3, 2, 1];
/// Bonus for a crossed soldier standing beside another crossed soldier of its side.
pub const CONNECTED_SOLDIERS: Weight = w(10, 20);

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

/// Search: the largest number of plies from the root.
pub const MAX_PLY: usize = 128;
/// Search: first aspiration half-window (centipawns), doubled on each failure.
pub const ASPIRATION_WINDOW: i32 = 30;
/// Search: reverse futility margin per ply of remaining depth.
pub const RFP_MARGIN: i32 = 90;
/// Search: largest depth (plies) at which reverse futility pruning is tried.
pub const RFP_DEPTH: i32 = 6;
/// Search: base null-move reduction (plies).
pub const NULL_MOVE_BASE: i32 = 3;
/// Quiescence: a capture is skipped when even winning the victim plus this margin cannot
/// reach alpha (delta pruning).
pub const DELTA_MARGIN: i32 = 200;
/// Search: razoring applies up to this depth (plies).
pub const RAZOR_DEPTH: i32 = 3;
/// Search: razoring margin per ply: this far below alpha only captures are searched.
pub const RAZOR_MARGIN: i32 = 300;
/// Search: internal iterative reduction applies from this depth (plies) when the table has
/// no move.
pub const IIR_DEPTH: i32 = 4;
/// Search: futility pruning of quiet moves applies up to this depth (plies).
pub const FUTILITY_DEPTH: i32 = 6;
/// Search: futility margin at depth 0.
pub const FUTILITY_BASE: i32 = 120;
/// Search: futility margin added per ply of depth.
pub const FUTILITY_PER_DEPTH: i32 = 110;
/// Search: late move pruning applies up to this depth (plies).
pub const LMP_DEPTH: i32 = 8;
/// Search: late move pruning skips quiet moves after `(LMP_BASE + depth²) / 2` of them (twice
/// as many when the position is improving).
pub const LMP_BASE: i32 = 3;
/// Search: static-exchange pruning of quiet moves applies up to this depth (plies).
pub const SEE_QUIET_DEPTH: i32 = 8;
/// Search: a quiet move losing more than this times depth² by static exchange is skipped.
pub const SEE_QUIET_MARGIN: i32 = 25;
/// Search: quiet moves with at least this history score are never skipped by exchange.
pub const SEE_QUIET_HISTORY: i32 = 4_000;
/// Search: static-exchange pruning of captures applies up to this depth (plies).
pub const SEE_CAPTURE_DEPTH: i32 = 6;
/// Search: a capture losing more than this times depth by static exchange is skipped.
pub const SEE_CAPTURE_MARGIN: i32 = 150;
/// Search: one ply less late-move reduction per this much history score.
pub const LMR_HISTORY_DIVISOR: i32 = 6_000;
