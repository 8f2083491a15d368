//! The evaluation's weights, one middlegame/endgame pair per term of
//! [`crate::params::term`], in centipawns.
//!
//! This file is written by `xiangqi tune --write` (logistic "Texel" tuning on positions from
//! `xiangqi selfplay`); edit it by hand only to try a value, and re-tune after changing the
//! terms. [`PROVENANCE`] says how these values were made.

use crate::params::{term, Weight};

/// How these weights were made.
pub const PROVENANCE: &str = "hand-set (before tuning)";

/// Every weight of the evaluation, indexed by [`term`].
#[rustfmt::skip]
pub const WEIGHTS: [Weight; term::COUNT] = [
    Weight { mg: 0, eg: 0 }, // material general
    Weight { mg: 120, eg: 130 }, // material advisor
    Weight { mg: 120, eg: 125 }, // material elephant
    Weight { mg: 270, eg: 310 }, // material horse
    Weight { mg: 610, eg: 660 }, // material chariot
    Weight { mg: 295, eg: 270 }, // material cannon
    Weight { mg: 30, eg: 45 }, // material soldier
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 2
    Weight { mg: -3, eg: 0 }, // pst general rank 0 file 3
    Weight { mg: 1, eg: 0 }, // pst general rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 2
    Weight { mg: -10, eg: 0 }, // pst general rank 1 file 3
    Weight { mg: -8, eg: 0 }, // pst general rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 2
    Weight { mg: -25, eg: 0 }, // pst general rank 2 file 3
    Weight { mg: -20, eg: 0 }, // pst general rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 3 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 3 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 3 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 4 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 4 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 4 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 4 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 5 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 5 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 5 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 5 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 5 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 6 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 6 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 6 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 6 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 6 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 7 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 7 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 7 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 7 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 7 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 8 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 8 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 8 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 8 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 8 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 9 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 9 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 9 file 2
    Weight { mg: 0, eg: 0 }, // pst general rank 9 file 3
    Weight { mg: 0, eg: 0 }, // pst general rank 9 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 3
    Weight { mg: 3, eg: 3 }, // pst advisor rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 3 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 3 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 3 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 4 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 4 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 4 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 4 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 5 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 5 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 5 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 5 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 5 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 6 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 6 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 6 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 6 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 6 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 7 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 7 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 7 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 7 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 7 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 8 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 8 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 8 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 8 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 8 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 9 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 9 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 9 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 9 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 9 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 4
    Weight { mg: -2, eg: -2 }, // pst elephant rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 3
    Weight { mg: 3, eg: 3 }, // pst elephant rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 1
    Weight { mg: -2, eg: -2 }, // pst elephant rank 4 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 5 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 5 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 5 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 5 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 5 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 6 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 6 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 6 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 6 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 6 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 7 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 7 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 7 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 7 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 7 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 8 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 8 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 8 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 8 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 8 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 9 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 9 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 9 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 9 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 9 file 4
    Weight { mg: 0, eg: 0 }, // pst horse rank 0 file 0
    Weight { mg: -4, eg: -4 }, // pst horse rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst horse rank 0 file 2
    Weight { mg: 0, eg: 0 }, // pst horse rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst horse rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst horse rank 1 file 0
    Weight { mg: 2, eg: 2 }, // pst horse rank 1 file 1
    Weight { mg: 4, eg: 4 }, // pst horse rank 1 file 2
    Weight { mg: 4, eg: 4 }, // pst horse rank 1 file 3
    Weight { mg: -2, eg: -2 }, // pst horse rank 1 file 4
    Weight { mg: 4, eg: 4 }, // pst horse rank 2 file 0
    Weight { mg: 2, eg: 2 }, // pst horse rank 2 file 1
    Weight { mg: 8, eg: 8 }, // pst horse rank 2 file 2
    Weight { mg: 8, eg: 8 }, // pst horse rank 2 file 3
    Weight { mg: 4, eg: 4 }, // pst horse rank 2 file 4
    Weight { mg: 2, eg: 2 }, // pst horse rank 3 file 0
    Weight { mg: 6, eg: 6 }, // pst horse rank 3 file 1
    Weight { mg: 8, eg: 8 }, // pst horse rank 3 file 2
    Weight { mg: 6, eg: 6 }, // pst horse rank 3 file 3
    Weight { mg: 10, eg: 10 }, // pst horse rank 3 file 4
    Weight { mg: 4, eg: 4 }, // pst horse rank 4 file 0
    Weight { mg: 12, eg: 12 }, // pst horse rank 4 file 1
    Weight { mg: 16, eg: 16 }, // pst horse rank 4 file 2
    Weight { mg: 14, eg: 14 }, // pst horse rank 4 file 3
    Weight { mg: 12, eg: 12 }, // pst horse rank 4 file 4
    Weight { mg: 6, eg: 6 }, // pst horse rank 5 file 0
    Weight { mg: 16, eg: 16 }, // pst horse rank 5 file 1
    Weight { mg: 14, eg: 14 }, // pst horse rank 5 file 2
    Weight { mg: 18, eg: 18 }, // pst horse rank 5 file 3
    Weight { mg: 16, eg: 16 }, // pst horse rank 5 file 4
    Weight { mg: 8, eg: 8 }, // pst horse rank 6 file 0
    Weight { mg: 24, eg: 24 }, // pst horse rank 6 file 1
    Weight { mg: 18, eg: 18 }, // pst horse rank 6 file 2
    Weight { mg: 24, eg: 24 }, // pst horse rank 6 file 3
    Weight { mg: 20, eg: 20 }, // pst horse rank 6 file 4
    Weight { mg: 12, eg: 12 }, // pst horse rank 7 file 0
    Weight { mg: 14, eg: 14 }, // pst horse rank 7 file 1
    Weight { mg: 16, eg: 16 }, // pst horse rank 7 file 2
    Weight { mg: 20, eg: 20 }, // pst horse rank 7 file 3
    Weight { mg: 18, eg: 18 }, // pst horse rank 7 file 4
    Weight { mg: 4, eg: 4 }, // pst horse rank 8 file 0
    Weight { mg: 10, eg: 10 }, // pst horse rank 8 file 1
    Weight { mg: 28, eg: 28 }, // pst horse rank 8 file 2
    Weight { mg: 16, eg: 16 }, // pst horse rank 8 file 3
    Weight { mg: 8, eg: 8 }, // pst horse rank 8 file 4
    Weight { mg: 4, eg: 4 }, // pst horse rank 9 file 0
    Weight { mg: 8, eg: 8 }, // pst horse rank 9 file 1
    Weight { mg: 16, eg: 16 }, // pst horse rank 9 file 2
    Weight { mg: 12, eg: 12 }, // pst horse rank 9 file 3
    Weight { mg: 4, eg: 4 }, // pst horse rank 9 file 4
    Weight { mg: -6, eg: -6 }, // pst chariot rank 0 file 0
    Weight { mg: 6, eg: 6 }, // pst chariot rank 0 file 1
    Weight { mg: 4, eg: 4 }, // pst chariot rank 0 file 2
    Weight { mg: 12, eg: 12 }, // pst chariot rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst chariot rank 0 file 4
    Weight { mg: 5, eg: 5 }, // pst chariot rank 1 file 0
    Weight { mg: 8, eg: 8 }, // pst chariot rank 1 file 1
    Weight { mg: 6, eg: 6 }, // pst chariot rank 1 file 2
    Weight { mg: 12, eg: 12 }, // pst chariot rank 1 file 3
    Weight { mg: 0, eg: 0 }, // pst chariot rank 1 file 4
    Weight { mg: -2, eg: -2 }, // pst chariot rank 2 file 0
    Weight { mg: 8, eg: 8 }, // pst chariot rank 2 file 1
    Weight { mg: 4, eg: 4 }, // pst chariot rank 2 file 2
    Weight { mg: 12, eg: 12 }, // pst chariot rank 2 file 3
    Weight { mg: 12, eg: 12 }, // pst chariot rank 2 file 4
    Weight { mg: 4, eg: 4 }, // pst chariot rank 3 file 0
    Weight { mg: 9, eg: 9 }, // pst chariot rank 3 file 1
    Weight { mg: 4, eg: 4 }, // pst chariot rank 3 file 2
    Weight { mg: 12, eg: 12 }, // pst chariot rank 3 file 3
    Weight { mg: 14, eg: 14 }, // pst chariot rank 3 file 4
    Weight { mg: 8, eg: 8 }, // pst chariot rank 4 file 0
    Weight { mg: 12, eg: 12 }, // pst chariot rank 4 file 1
    Weight { mg: 12, eg: 12 }, // pst chariot rank 4 file 2
    Weight { mg: 14, eg: 14 }, // pst chariot rank 4 file 3
    Weight { mg: 15, eg: 15 }, // pst chariot rank 4 file 4
    Weight { mg: 8, eg: 8 }, // pst chariot rank 5 file 0
    Weight { mg: 11, eg: 11 }, // pst chariot rank 5 file 1
    Weight { mg: 11, eg: 11 }, // pst chariot rank 5 file 2
    Weight { mg: 14, eg: 14 }, // pst chariot rank 5 file 3
    Weight { mg: 15, eg: 15 }, // pst chariot rank 5 file 4
    Weight { mg: 6, eg: 6 }, // pst chariot rank 6 file 0
    Weight { mg: 13, eg: 13 }, // pst chariot rank 6 file 1
    Weight { mg: 13, eg: 13 }, // pst chariot rank 6 file 2
    Weight { mg: 16, eg: 16 }, // pst chariot rank 6 file 3
    Weight { mg: 16, eg: 16 }, // pst chariot rank 6 file 4
    Weight { mg: 6, eg: 6 }, // pst chariot rank 7 file 0
    Weight { mg: 8, eg: 8 }, // pst chariot rank 7 file 1
    Weight { mg: 7, eg: 7 }, // pst chariot rank 7 file 2
    Weight { mg: 14, eg: 14 }, // pst chariot rank 7 file 3
    Weight { mg: 16, eg: 16 }, // pst chariot rank 7 file 4
    Weight { mg: 6, eg: 6 }, // pst chariot rank 8 file 0
    Weight { mg: 12, eg: 12 }, // pst chariot rank 8 file 1
    Weight { mg: 9, eg: 9 }, // pst chariot rank 8 file 2
    Weight { mg: 16, eg: 16 }, // pst chariot rank 8 file 3
    Weight { mg: 33, eg: 33 }, // pst chariot rank 8 file 4
    Weight { mg: 6, eg: 6 }, // pst chariot rank 9 file 0
    Weight { mg: 8, eg: 8 }, // pst chariot rank 9 file 1
    Weight { mg: 7, eg: 7 }, // pst chariot rank 9 file 2
    Weight { mg: 13, eg: 13 }, // pst chariot rank 9 file 3
    Weight { mg: 14, eg: 14 }, // pst chariot rank 9 file 4
    Weight { mg: 0, eg: 0 }, // pst cannon rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst cannon rank 0 file 1
    Weight { mg: 2, eg: 1 }, // pst cannon rank 0 file 2
    Weight { mg: 6, eg: 3 }, // pst cannon rank 0 file 3
    Weight { mg: 6, eg: 3 }, // pst cannon rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst cannon rank 1 file 0
    Weight { mg: 2, eg: 1 }, // pst cannon rank 1 file 1
    Weight { mg: 4, eg: 2 }, // pst cannon rank 1 file 2
    Weight { mg: 6, eg: 3 }, // pst cannon rank 1 file 3
    Weight { mg: 6, eg: 3 }, // pst cannon rank 1 file 4
    Weight { mg: 4, eg: 2 }, // pst cannon rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst cannon rank 2 file 1
    Weight { mg: 8, eg: 4 }, // pst cannon rank 2 file 2
    Weight { mg: 6, eg: 3 }, // pst cannon rank 2 file 3
    Weight { mg: 10, eg: 5 }, // pst cannon rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst cannon rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst cannon rank 3 file 1
    Weight { mg: 0, eg: 0 }, // pst cannon rank 3 file 2
    Weight { mg: 2, eg: 1 }, // pst cannon rank 3 file 3
    Weight { mg: 4, eg: 2 }, // pst cannon rank 3 file 4
    Weight { mg: -2, eg: -1 }, // pst cannon rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst cannon rank 4 file 1
    Weight { mg: 4, eg: 2 }, // pst cannon rank 4 file 2
    Weight { mg: 2, eg: 1 }, // pst cannon rank 4 file 3
    Weight { mg: 6, eg: 3 }, // pst cannon rank 4 file 4
    Weight { mg: 0, eg: 0 }, // pst cannon rank 5 file 0
    Weight { mg: 0, eg: 0 }, // pst cannon rank 5 file 1
    Weight { mg: 0, eg: 0 }, // pst cannon rank 5 file 2
    Weight { mg: 2, eg: 1 }, // pst cannon rank 5 file 3
    Weight { mg: 8, eg: 4 }, // pst cannon rank 5 file 4
    Weight { mg: 0, eg: 0 }, // pst cannon rank 6 file 0
    Weight { mg: 0, eg: 0 }, // pst cannon rank 6 file 1
    Weight { mg: -2, eg: -1 }, // pst cannon rank 6 file 2
    Weight { mg: 4, eg: 2 }, // pst cannon rank 6 file 3
    Weight { mg: 10, eg: 5 }, // pst cannon rank 6 file 4
    Weight { mg: 2, eg: 1 }, // pst cannon rank 7 file 0
    Weight { mg: 2, eg: 1 }, // pst cannon rank 7 file 1
    Weight { mg: 0, eg: 0 }, // pst cannon rank 7 file 2
    Weight { mg: -10, eg: -5 }, // pst cannon rank 7 file 3
    Weight { mg: -8, eg: -4 }, // pst cannon rank 7 file 4
    Weight { mg: 2, eg: 1 }, // pst cannon rank 8 file 0
    Weight { mg: 2, eg: 1 }, // pst cannon rank 8 file 1
    Weight { mg: 0, eg: 0 }, // pst cannon rank 8 file 2
    Weight { mg: -4, eg: -2 }, // pst cannon rank 8 file 3
    Weight { mg: -14, eg: -7 }, // pst cannon rank 8 file 4
    Weight { mg: 6, eg: 3 }, // pst cannon rank 9 file 0
    Weight { mg: 4, eg: 2 }, // pst cannon rank 9 file 1
    Weight { mg: 0, eg: 0 }, // pst cannon rank 9 file 2
    Weight { mg: -10, eg: -5 }, // pst cannon rank 9 file 3
    Weight { mg: -12, eg: -6 }, // pst cannon rank 9 file 4
    Weight { mg: 0, eg: 0 }, // pst soldier rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst soldier rank 0 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst soldier rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst soldier rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst soldier rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 1 file 3
    Weight { mg: 0, eg: 0 }, // pst soldier rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst soldier rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst soldier rank 2 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 2 file 3
    Weight { mg: 0, eg: 0 }, // pst soldier rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 1
    Weight { mg: -2, eg: -2 }, // pst soldier rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 3
    Weight { mg: 4, eg: 5 }, // pst soldier rank 3 file 4
    Weight { mg: 3, eg: 3 }, // pst soldier rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 4 file 1
    Weight { mg: 8, eg: 10 }, // pst soldier rank 4 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 4 file 3
    Weight { mg: 8, eg: 10 }, // pst soldier rank 4 file 4
    Weight { mg: 10, eg: 12 }, // pst soldier rank 5 file 0
    Weight { mg: 18, eg: 22 }, // pst soldier rank 5 file 1
    Weight { mg: 22, eg: 27 }, // pst soldier rank 5 file 2
    Weight { mg: 35, eg: 43 }, // pst soldier rank 5 file 3
    Weight { mg: 40, eg: 50 }, // pst soldier rank 5 file 4
    Weight { mg: 20, eg: 25 }, // pst soldier rank 6 file 0
    Weight { mg: 27, eg: 33 }, // pst soldier rank 6 file 1
    Weight { mg: 30, eg: 37 }, // pst soldier rank 6 file 2
    Weight { mg: 40, eg: 50 }, // pst soldier rank 6 file 3
    Weight { mg: 42, eg: 52 }, // pst soldier rank 6 file 4
    Weight { mg: 20, eg: 25 }, // pst soldier rank 7 file 0
    Weight { mg: 30, eg: 37 }, // pst soldier rank 7 file 1
    Weight { mg: 45, eg: 56 }, // pst soldier rank 7 file 2
    Weight { mg: 55, eg: 68 }, // pst soldier rank 7 file 3
    Weight { mg: 60, eg: 75 }, // pst soldier rank 7 file 4
    Weight { mg: 20, eg: 25 }, // pst soldier rank 8 file 0
    Weight { mg: 30, eg: 37 }, // pst soldier rank 8 file 1
    Weight { mg: 50, eg: 62 }, // pst soldier rank 8 file 2
    Weight { mg: 65, eg: 81 }, // pst soldier rank 8 file 3
    Weight { mg: 70, eg: 87 }, // pst soldier rank 8 file 4
    Weight { mg: 0, eg: 0 }, // pst soldier rank 9 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 9 file 1
    Weight { mg: 0, eg: 0 }, // pst soldier rank 9 file 2
    Weight { mg: 4, eg: 5 }, // pst soldier rank 9 file 3
    Weight { mg: 8, eg: 10 }, // pst soldier rank 9 file 4
    Weight { mg: 3, eg: 3 }, // mobility chariot
    Weight { mg: 6, eg: 7 }, // mobility horse
    Weight { mg: 2, eg: 1 }, // mobility cannon
    Weight { mg: 70, eg: 30 }, // empty-head cannon
    Weight { mg: 14, eg: 6 }, // loaded cannon
    Weight { mg: 8, eg: 4 }, // chariot palace attack
    Weight { mg: 12, eg: 10 }, // horse near palace
    Weight { mg: 10, eg: 20 }, // connected soldiers
    Weight { mg: -9, eg: -9 }, // missing advisor vs chariot
    Weight { mg: -6, eg: -6 }, // missing advisor vs horse
    Weight { mg: -6, eg: -6 }, // missing advisor vs cannon
    Weight { mg: -3, eg: -3 }, // missing advisor vs soldier
    Weight { mg: -6, eg: -6 }, // missing elephant vs chariot
    Weight { mg: -4, eg: -4 }, // missing elephant vs horse
    Weight { mg: -4, eg: -4 }, // missing elephant vs cannon
    Weight { mg: -2, eg: -2 }, // missing elephant vs soldier
    Weight { mg: 0, eg: 0 }, // threat by lesser on general
    Weight { mg: 0, eg: 0 }, // threat by lesser on advisor
    Weight { mg: 0, eg: 0 }, // threat by lesser on elephant
    Weight { mg: 0, eg: 0 }, // threat by lesser on horse
    Weight { mg: 0, eg: 0 }, // threat by lesser on chariot
    Weight { mg: 0, eg: 0 }, // threat by lesser on cannon
    Weight { mg: 0, eg: 0 }, // threat by lesser on soldier
    Weight { mg: 0, eg: 0 }, // hanging general
    Weight { mg: 0, eg: 0 }, // hanging advisor
    Weight { mg: 0, eg: 0 }, // hanging elephant
    Weight { mg: 0, eg: 0 }, // hanging horse
    Weight { mg: 0, eg: 0 }, // hanging chariot
    Weight { mg: 0, eg: 0 }, // hanging cannon
    Weight { mg: 0, eg: 0 }, // hanging soldier
    Weight { mg: 10, eg: 10 }, // tempo
];
