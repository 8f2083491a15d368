//! The evaluation's weights, one middlegame/endgame pair per term of
//! [`crate::params::term`], in centipawns.
//!
//! This file is written by `xiangqi tune --write` (logistic "Texel" tuning on positions from
//! `xiangqi selfplay`); edit it by hand only to try a value, and re-tune after changing the
//! terms. [`PROVENANCE`] says how these values were made.

use crate::params::{term, Weight};

/// How these weights were made.
pub const PROVENANCE: &str = "xiangqi selfplay --games 3000 --nodes 4000 --concurrency 2 --seed 1, stopped after about 1,900 games (208,383 positions); then xiangqi tune --epochs 400 --learning-rate 1 --l2 0 --validation 0.1: 187545 positions, K 0.002840, error 0.079839 -> 0.066100, held-out 0.083734 -> 0.074949";

/// Every weight of the evaluation, indexed by [`term`].
#[rustfmt::skip]
pub const WEIGHTS: [Weight; term::COUNT] = [
    Weight { mg: 0, eg: 0 }, // material general
    Weight { mg: 108, eg: 65 }, // material advisor
    Weight { mg: 20, eg: 57 }, // material elephant
    Weight { mg: 423, eg: 252 }, // material horse
    Weight { mg: 886, eg: 886 }, // material chariot
    Weight { mg: 489, eg: 222 }, // material cannon
    Weight { mg: 81, eg: 39 }, // material soldier
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 2
    Weight { mg: 13, eg: -6 }, // pst general rank 0 file 3
    Weight { mg: 113, eg: -20 }, // pst general rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 2
    Weight { mg: -118, eg: 16 }, // pst general rank 1 file 3
    Weight { mg: 14, eg: -5 }, // pst general rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 2
    Weight { mg: -213, eg: 32 }, // pst general rank 2 file 3
    Weight { mg: -287, eg: 49 }, // pst general rank 2 file 4
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
    Weight { mg: -3, eg: -54 }, // pst advisor rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 3
    Weight { mg: 52, eg: -66 }, // pst advisor rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 2
    Weight { mg: -43, eg: -69 }, // pst advisor rank 2 file 3
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
    Weight { mg: -41, eg: -71 }, // pst elephant rank 0 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 4
    Weight { mg: -83, eg: -63 }, // pst elephant rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 3
    Weight { mg: 13, eg: -69 }, // pst elephant rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 1
    Weight { mg: -31, eg: -54 }, // pst elephant rank 4 file 2
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
    Weight { mg: -87, eg: -168 }, // pst horse rank 0 file 0
    Weight { mg: -54, eg: -6 }, // pst horse rank 0 file 1
    Weight { mg: 104, eg: -153 }, // pst horse rank 0 file 2
    Weight { mg: 19, eg: -118 }, // pst horse rank 0 file 3
    Weight { mg: -93, eg: -130 }, // pst horse rank 0 file 4
    Weight { mg: -171, eg: -24 }, // pst horse rank 1 file 0
    Weight { mg: 22, eg: -87 }, // pst horse rank 1 file 1
    Weight { mg: -81, eg: 105 }, // pst horse rank 1 file 2
    Weight { mg: -4, eg: 31 }, // pst horse rank 1 file 3
    Weight { mg: -67, eg: -19 }, // pst horse rank 1 file 4
    Weight { mg: -75, eg: 40 }, // pst horse rank 2 file 0
    Weight { mg: -156, eg: -14 }, // pst horse rank 2 file 1
    Weight { mg: 18, eg: 27 }, // pst horse rank 2 file 2
    Weight { mg: -57, eg: 25 }, // pst horse rank 2 file 3
    Weight { mg: 65, eg: -194 }, // pst horse rank 2 file 4
    Weight { mg: 171, eg: -3 }, // pst horse rank 3 file 0
    Weight { mg: -26, eg: 69 }, // pst horse rank 3 file 1
    Weight { mg: -14, eg: 16 }, // pst horse rank 3 file 2
    Weight { mg: 15, eg: 3 }, // pst horse rank 3 file 3
    Weight { mg: -7, eg: 70 }, // pst horse rank 3 file 4
    Weight { mg: 164, eg: -13 }, // pst horse rank 4 file 0
    Weight { mg: 22, eg: 6 }, // pst horse rank 4 file 1
    Weight { mg: 202, eg: -3 }, // pst horse rank 4 file 2
    Weight { mg: 102, eg: 32 }, // pst horse rank 4 file 3
    Weight { mg: -150, eg: 70 }, // pst horse rank 4 file 4
    Weight { mg: 150, eg: 14 }, // pst horse rank 5 file 0
    Weight { mg: 104, eg: -15 }, // pst horse rank 5 file 1
    Weight { mg: -37, eg: 82 }, // pst horse rank 5 file 2
    Weight { mg: 115, eg: 23 }, // pst horse rank 5 file 3
    Weight { mg: 60, eg: 8 }, // pst horse rank 5 file 4
    Weight { mg: 129, eg: -48 }, // pst horse rank 6 file 0
    Weight { mg: 253, eg: -9 }, // pst horse rank 6 file 1
    Weight { mg: -6, eg: 47 }, // pst horse rank 6 file 2
    Weight { mg: 205, eg: -12 }, // pst horse rank 6 file 3
    Weight { mg: -54, eg: 85 }, // pst horse rank 6 file 4
    Weight { mg: 211, eg: 51 }, // pst horse rank 7 file 0
    Weight { mg: 115, eg: 23 }, // pst horse rank 7 file 1
    Weight { mg: -16, eg: 56 }, // pst horse rank 7 file 2
    Weight { mg: 234, eg: -13 }, // pst horse rank 7 file 3
    Weight { mg: 215, eg: -15 }, // pst horse rank 7 file 4
    Weight { mg: -84, eg: -7 }, // pst horse rank 8 file 0
    Weight { mg: -78, eg: 12 }, // pst horse rank 8 file 1
    Weight { mg: 203, eg: -32 }, // pst horse rank 8 file 2
    Weight { mg: 99, eg: 20 }, // pst horse rank 8 file 3
    Weight { mg: 246, eg: -132 }, // pst horse rank 8 file 4
    Weight { mg: -179, eg: 162 }, // pst horse rank 9 file 0
    Weight { mg: 73, eg: 20 }, // pst horse rank 9 file 1
    Weight { mg: -278, eg: 32 }, // pst horse rank 9 file 2
    Weight { mg: -52, eg: 120 }, // pst horse rank 9 file 3
    Weight { mg: -64, eg: -53 }, // pst horse rank 9 file 4
    Weight { mg: 34, eg: 114 }, // pst chariot rank 0 file 0
    Weight { mg: 84, eg: 138 }, // pst chariot rank 0 file 1
    Weight { mg: 100, eg: 142 }, // pst chariot rank 0 file 2
    Weight { mg: 106, eg: 93 }, // pst chariot rank 0 file 3
    Weight { mg: 237, eg: 73 }, // pst chariot rank 0 file 4
    Weight { mg: 107, eg: 42 }, // pst chariot rank 1 file 0
    Weight { mg: 57, eg: 87 }, // pst chariot rank 1 file 1
    Weight { mg: 112, eg: 76 }, // pst chariot rank 1 file 2
    Weight { mg: 73, eg: 133 }, // pst chariot rank 1 file 3
    Weight { mg: 256, eg: 67 }, // pst chariot rank 1 file 4
    Weight { mg: 65, eg: 145 }, // pst chariot rank 2 file 0
    Weight { mg: 57, eg: 192 }, // pst chariot rank 2 file 1
    Weight { mg: 38, eg: 23 }, // pst chariot rank 2 file 2
    Weight { mg: -13, eg: 159 }, // pst chariot rank 2 file 3
    Weight { mg: -100, eg: 85 }, // pst chariot rank 2 file 4
    Weight { mg: 188, eg: 7 }, // pst chariot rank 3 file 0
    Weight { mg: 183, eg: 21 }, // pst chariot rank 3 file 1
    Weight { mg: 12, eg: 201 }, // pst chariot rank 3 file 2
    Weight { mg: 154, eg: 104 }, // pst chariot rank 3 file 3
    Weight { mg: 124, eg: 124 }, // pst chariot rank 3 file 4
    Weight { mg: 217, eg: -12 }, // pst chariot rank 4 file 0
    Weight { mg: 152, eg: 112 }, // pst chariot rank 4 file 1
    Weight { mg: 75, eg: 137 }, // pst chariot rank 4 file 2
    Weight { mg: 175, eg: 69 }, // pst chariot rank 4 file 3
    Weight { mg: 71, eg: 179 }, // pst chariot rank 4 file 4
    Weight { mg: -8, eg: 213 }, // pst chariot rank 5 file 0
    Weight { mg: 54, eg: 136 }, // pst chariot rank 5 file 1
    Weight { mg: 148, eg: 226 }, // pst chariot rank 5 file 2
    Weight { mg: 81, eg: 120 }, // pst chariot rank 5 file 3
    Weight { mg: 224, eg: 88 }, // pst chariot rank 5 file 4
    Weight { mg: 159, eg: 71 }, // pst chariot rank 6 file 0
    Weight { mg: 76, eg: 71 }, // pst chariot rank 6 file 1
    Weight { mg: 142, eg: 83 }, // pst chariot rank 6 file 2
    Weight { mg: 181, eg: 75 }, // pst chariot rank 6 file 3
    Weight { mg: 45, eg: 156 }, // pst chariot rank 6 file 4
    Weight { mg: -7, eg: 214 }, // pst chariot rank 7 file 0
    Weight { mg: 26, eg: 179 }, // pst chariot rank 7 file 1
    Weight { mg: 49, eg: 164 }, // pst chariot rank 7 file 2
    Weight { mg: 35, eg: 209 }, // pst chariot rank 7 file 3
    Weight { mg: 160, eg: 164 }, // pst chariot rank 7 file 4
    Weight { mg: 159, eg: 94 }, // pst chariot rank 8 file 0
    Weight { mg: 76, eg: 163 }, // pst chariot rank 8 file 1
    Weight { mg: 40, eg: 98 }, // pst chariot rank 8 file 2
    Weight { mg: 154, eg: 69 }, // pst chariot rank 8 file 3
    Weight { mg: 6, eg: 218 }, // pst chariot rank 8 file 4
    Weight { mg: 185, eg: 94 }, // pst chariot rank 9 file 0
    Weight { mg: 68, eg: 81 }, // pst chariot rank 9 file 1
    Weight { mg: 194, eg: 116 }, // pst chariot rank 9 file 2
    Weight { mg: 231, eg: 2 }, // pst chariot rank 9 file 3
    Weight { mg: 194, eg: 135 }, // pst chariot rank 9 file 4
    Weight { mg: -247, eg: -23 }, // pst cannon rank 0 file 0
    Weight { mg: -36, eg: 29 }, // pst cannon rank 0 file 1
    Weight { mg: 18, eg: -126 }, // pst cannon rank 0 file 2
    Weight { mg: -111, eg: 28 }, // pst cannon rank 0 file 3
    Weight { mg: 358, eg: -56 }, // pst cannon rank 0 file 4
    Weight { mg: 4, eg: 86 }, // pst cannon rank 1 file 0
    Weight { mg: 10, eg: -39 }, // pst cannon rank 1 file 1
    Weight { mg: 27, eg: -3 }, // pst cannon rank 1 file 2
    Weight { mg: 55, eg: 40 }, // pst cannon rank 1 file 3
    Weight { mg: 155, eg: -54 }, // pst cannon rank 1 file 4
    Weight { mg: 63, eg: 7 }, // pst cannon rank 2 file 0
    Weight { mg: 24, eg: -39 }, // pst cannon rank 2 file 1
    Weight { mg: 89, eg: -13 }, // pst cannon rank 2 file 2
    Weight { mg: 63, eg: -19 }, // pst cannon rank 2 file 3
    Weight { mg: 99, eg: -19 }, // pst cannon rank 2 file 4
    Weight { mg: 239, eg: -34 }, // pst cannon rank 3 file 0
    Weight { mg: 29, eg: 3 }, // pst cannon rank 3 file 1
    Weight { mg: 85, eg: 2 }, // pst cannon rank 3 file 2
    Weight { mg: 62, eg: -40 }, // pst cannon rank 3 file 3
    Weight { mg: -183, eg: -16 }, // pst cannon rank 3 file 4
    Weight { mg: 37, eg: -45 }, // pst cannon rank 4 file 0
    Weight { mg: 3, eg: -3 }, // pst cannon rank 4 file 1
    Weight { mg: 19, eg: 24 }, // pst cannon rank 4 file 2
    Weight { mg: -61, eg: 4 }, // pst cannon rank 4 file 3
    Weight { mg: 133, eg: -46 }, // pst cannon rank 4 file 4
    Weight { mg: 200, eg: -57 }, // pst cannon rank 5 file 0
    Weight { mg: 4, eg: 95 }, // pst cannon rank 5 file 1
    Weight { mg: 92, eg: -45 }, // pst cannon rank 5 file 2
    Weight { mg: -154, eg: 121 }, // pst cannon rank 5 file 3
    Weight { mg: 83, eg: 22 }, // pst cannon rank 5 file 4
    Weight { mg: -62, eg: 23 }, // pst cannon rank 6 file 0
    Weight { mg: 60, eg: 20 }, // pst cannon rank 6 file 1
    Weight { mg: 72, eg: -14 }, // pst cannon rank 6 file 2
    Weight { mg: 123, eg: 34 }, // pst cannon rank 6 file 3
    Weight { mg: 99, eg: 10 }, // pst cannon rank 6 file 4
    Weight { mg: -73, eg: 77 }, // pst cannon rank 7 file 0
    Weight { mg: 14, eg: -48 }, // pst cannon rank 7 file 1
    Weight { mg: 53, eg: -59 }, // pst cannon rank 7 file 2
    Weight { mg: 26, eg: 87 }, // pst cannon rank 7 file 3
    Weight { mg: 211, eg: 20 }, // pst cannon rank 7 file 4
    Weight { mg: 28, eg: 53 }, // pst cannon rank 8 file 0
    Weight { mg: 49, eg: -46 }, // pst cannon rank 8 file 1
    Weight { mg: 55, eg: -55 }, // pst cannon rank 8 file 2
    Weight { mg: 188, eg: -55 }, // pst cannon rank 8 file 3
    Weight { mg: 4, eg: 38 }, // pst cannon rank 8 file 4
    Weight { mg: 125, eg: -67 }, // pst cannon rank 9 file 0
    Weight { mg: 31, eg: -15 }, // pst cannon rank 9 file 1
    Weight { mg: -2, eg: 49 }, // pst cannon rank 9 file 2
    Weight { mg: -151, eg: 81 }, // pst cannon rank 9 file 3
    Weight { mg: 133, eg: -96 }, // pst cannon rank 9 file 4
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
    Weight { mg: -32, eg: 101 }, // pst soldier rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 1
    Weight { mg: -38, eg: 60 }, // pst soldier rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 3
    Weight { mg: 11, eg: 89 }, // pst soldier rank 3 file 4
    Weight { mg: -76, eg: 111 }, // pst soldier rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 4 file 1
    Weight { mg: -1, eg: 73 }, // pst soldier rank 4 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 4 file 3
    Weight { mg: -39, eg: 76 }, // pst soldier rank 4 file 4
    Weight { mg: 125, eg: 4 }, // pst soldier rank 5 file 0
    Weight { mg: 6, eg: 56 }, // pst soldier rank 5 file 1
    Weight { mg: -14, eg: 66 }, // pst soldier rank 5 file 2
    Weight { mg: 46, eg: 31 }, // pst soldier rank 5 file 3
    Weight { mg: 74, eg: 59 }, // pst soldier rank 5 file 4
    Weight { mg: -21, eg: 14 }, // pst soldier rank 6 file 0
    Weight { mg: 68, eg: -53 }, // pst soldier rank 6 file 1
    Weight { mg: -1, eg: -3 }, // pst soldier rank 6 file 2
    Weight { mg: 30, eg: 15 }, // pst soldier rank 6 file 3
    Weight { mg: 196, eg: -22 }, // pst soldier rank 6 file 4
    Weight { mg: 19, eg: -33 }, // pst soldier rank 7 file 0
    Weight { mg: 94, eg: -16 }, // pst soldier rank 7 file 1
    Weight { mg: 153, eg: -29 }, // pst soldier rank 7 file 2
    Weight { mg: 310, eg: 17 }, // pst soldier rank 7 file 3
    Weight { mg: 247, eg: 72 }, // pst soldier rank 7 file 4
    Weight { mg: -216, eg: 9 }, // pst soldier rank 8 file 0
    Weight { mg: 99, eg: 30 }, // pst soldier rank 8 file 1
    Weight { mg: 337, eg: -32 }, // pst soldier rank 8 file 2
    Weight { mg: 419, eg: -88 }, // pst soldier rank 8 file 3
    Weight { mg: 401, eg: -124 }, // pst soldier rank 8 file 4
    Weight { mg: 269, eg: -84 }, // pst soldier rank 9 file 0
    Weight { mg: 289, eg: -187 }, // pst soldier rank 9 file 1
    Weight { mg: -225, eg: -135 }, // pst soldier rank 9 file 2
    Weight { mg: 156, eg: -158 }, // pst soldier rank 9 file 3
    Weight { mg: 167, eg: -178 }, // pst soldier rank 9 file 4
    Weight { mg: 8, eg: 4 }, // mobility chariot
    Weight { mg: 20, eg: -11 }, // mobility horse
    Weight { mg: 8, eg: -1 }, // mobility cannon
    Weight { mg: 126, eg: -55 }, // empty-head cannon
    Weight { mg: 32, eg: 37 }, // loaded cannon
    Weight { mg: 11, eg: -3 }, // chariot palace attack
    Weight { mg: 125, eg: -13 }, // horse near palace
    Weight { mg: 147, eg: -35 }, // connected soldiers
    Weight { mg: -74, eg: 16 }, // missing advisor vs chariot
    Weight { mg: -101, eg: 24 }, // missing advisor vs horse
    Weight { mg: 121, eg: -6 }, // missing advisor vs cannon
    Weight { mg: -182, eg: -47 }, // missing advisor vs soldier
    Weight { mg: -10, eg: -58 }, // missing elephant vs chariot
    Weight { mg: -92, eg: -15 }, // missing elephant vs horse
    Weight { mg: -27, eg: -13 }, // missing elephant vs cannon
    Weight { mg: -50, eg: -40 }, // missing elephant vs soldier
    Weight { mg: 0, eg: 0 }, // threat by lesser on general
    Weight { mg: 0, eg: 0 }, // threat by lesser on advisor
    Weight { mg: 0, eg: 0 }, // threat by lesser on elephant
    Weight { mg: 92, eg: -72 }, // threat by lesser on horse
    Weight { mg: 83, eg: -7 }, // threat by lesser on chariot
    Weight { mg: 131, eg: -138 }, // threat by lesser on cannon
    Weight { mg: 0, eg: 0 }, // threat by lesser on soldier
    Weight { mg: 0, eg: 0 }, // hanging general
    Weight { mg: 100, eg: -11 }, // hanging advisor
    Weight { mg: 49, eg: 2 }, // hanging elephant
    Weight { mg: 75, eg: 34 }, // hanging horse
    Weight { mg: -14, eg: 11 }, // hanging chariot
    Weight { mg: 76, eg: 48 }, // hanging cannon
    Weight { mg: -14, eg: 60 }, // hanging soldier
    Weight { mg: 33, eg: -5 }, // tempo
    Weight { mg: 0, eg: 0 }, // safe check by chariot
    Weight { mg: 0, eg: 0 }, // safe check by horse
    Weight { mg: 0, eg: 0 }, // safe check by cannon
    Weight { mg: 0, eg: 0 }, // palace hits by horse
    Weight { mg: 0, eg: 0 }, // palace hits by cannon
    Weight { mg: 0, eg: 0 }, // palace hits by soldier
    Weight { mg: 0, eg: 0 }, // palace attacker pairs
    Weight { mg: 0, eg: 0 }, // mover hanging general
    Weight { mg: 0, eg: 0 }, // mover hanging advisor
    Weight { mg: 0, eg: 0 }, // mover hanging elephant
    Weight { mg: 0, eg: 0 }, // mover hanging horse
    Weight { mg: 0, eg: 0 }, // mover hanging chariot
    Weight { mg: 0, eg: 0 }, // mover hanging cannon
    Weight { mg: 0, eg: 0 }, // mover hanging soldier
    Weight { mg: 0, eg: 0 }, // cramped horse
];
