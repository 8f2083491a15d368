//! The evaluation's weights, one middlegame/endgame pair per term of
//! [`crate::params::term`], in centipawns.
//!
//! This file is written by `xiangqi tune --write` (logistic "Texel" tuning on positions from
//! `xiangqi selfplay`); edit it by hand only to try a value, and re-tune after changing the
//! terms. [`PROVENANCE`] says how these values were made.

use crate::params::{term, Weight};

/// How these weights were made.
pub const PROVENANCE: &str = "xiangqi selfplay --out data.txt --games 3000 --nodes 5000 --concurrency 2 --seed 7 (316,406 positions, played by the engine of 4abf9b7), starting from the weights tuned before (selfplay --games 3000 --nodes 4000 --seed 1, stopped after about 1,900 games); then xiangqi tune data.txt --epochs 400 --learning-rate 1 --l2 0.00003 --validation 0.1: 284766 positions, K 0.002255, error 0.078010 -> 0.072973, held-out 0.076763 -> 0.074624";

/// Every weight of the evaluation, indexed by [`term`].
#[rustfmt::skip]
pub const WEIGHTS: [Weight; term::COUNT] = [
    Weight { mg: 0, eg: 0 }, // material general
    Weight { mg: 140, eg: 59 }, // material advisor
    Weight { mg: 3, eg: 36 }, // material elephant
    Weight { mg: 445, eg: 167 }, // material horse
    Weight { mg: 1044, eg: 893 }, // material chariot
    Weight { mg: 565, eg: 183 }, // material cannon
    Weight { mg: 120, eg: 42 }, // material soldier
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 0 file 2
    Weight { mg: 70, eg: -22 }, // pst general rank 0 file 3
    Weight { mg: 102, eg: 10 }, // pst general rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 1 file 2
    Weight { mg: -118, eg: 10 }, // pst general rank 1 file 3
    Weight { mg: 3, eg: 25 }, // pst general rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst general rank 2 file 2
    Weight { mg: -235, eg: 15 }, // pst general rank 2 file 3
    Weight { mg: -301, eg: 28 }, // pst general rank 2 file 4
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
    Weight { mg: -24, eg: -49 }, // pst advisor rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst advisor rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst advisor rank 1 file 3
    Weight { mg: 98, eg: -79 }, // pst advisor rank 1 file 4
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst advisor rank 2 file 2
    Weight { mg: -38, eg: -68 }, // pst advisor rank 2 file 3
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
    Weight { mg: -37, eg: -67 }, // pst elephant rank 0 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 0 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 1 file 4
    Weight { mg: -85, eg: -74 }, // pst elephant rank 2 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 2 file 3
    Weight { mg: 45, eg: -72 }, // pst elephant rank 2 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 1
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 3
    Weight { mg: 0, eg: 0 }, // pst elephant rank 3 file 4
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst elephant rank 4 file 1
    Weight { mg: -81, eg: -64 }, // pst elephant rank 4 file 2
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
    Weight { mg: -87, eg: -170 }, // pst horse rank 0 file 0
    Weight { mg: -90, eg: 17 }, // pst horse rank 0 file 1
    Weight { mg: 86, eg: -174 }, // pst horse rank 0 file 2
    Weight { mg: 43, eg: -99 }, // pst horse rank 0 file 3
    Weight { mg: -93, eg: -129 }, // pst horse rank 0 file 4
    Weight { mg: -157, eg: -13 }, // pst horse rank 1 file 0
    Weight { mg: 15, eg: -81 }, // pst horse rank 1 file 1
    Weight { mg: -112, eg: 22 }, // pst horse rank 1 file 2
    Weight { mg: -9, eg: 46 }, // pst horse rank 1 file 3
    Weight { mg: -65, eg: -31 }, // pst horse rank 1 file 4
    Weight { mg: -18, eg: 18 }, // pst horse rank 2 file 0
    Weight { mg: -165, eg: -21 }, // pst horse rank 2 file 1
    Weight { mg: -1, eg: 58 }, // pst horse rank 2 file 2
    Weight { mg: -27, eg: 54 }, // pst horse rank 2 file 3
    Weight { mg: 83, eg: -179 }, // pst horse rank 2 file 4
    Weight { mg: 141, eg: -1 }, // pst horse rank 3 file 0
    Weight { mg: -43, eg: 49 }, // pst horse rank 3 file 1
    Weight { mg: 19, eg: 36 }, // pst horse rank 3 file 2
    Weight { mg: 5, eg: 21 }, // pst horse rank 3 file 3
    Weight { mg: 15, eg: 59 }, // pst horse rank 3 file 4
    Weight { mg: 157, eg: -18 }, // pst horse rank 4 file 0
    Weight { mg: 36, eg: -3 }, // pst horse rank 4 file 1
    Weight { mg: 184, eg: -26 }, // pst horse rank 4 file 2
    Weight { mg: 64, eg: 34 }, // pst horse rank 4 file 3
    Weight { mg: -126, eg: 78 }, // pst horse rank 4 file 4
    Weight { mg: 135, eg: 2 }, // pst horse rank 5 file 0
    Weight { mg: 110, eg: -2 }, // pst horse rank 5 file 1
    Weight { mg: -39, eg: 69 }, // pst horse rank 5 file 2
    Weight { mg: 130, eg: 43 }, // pst horse rank 5 file 3
    Weight { mg: 56, eg: 11 }, // pst horse rank 5 file 4
    Weight { mg: 122, eg: -38 }, // pst horse rank 6 file 0
    Weight { mg: 217, eg: -48 }, // pst horse rank 6 file 1
    Weight { mg: -17, eg: 60 }, // pst horse rank 6 file 2
    Weight { mg: 226, eg: -2 }, // pst horse rank 6 file 3
    Weight { mg: -57, eg: 94 }, // pst horse rank 6 file 4
    Weight { mg: 197, eg: 14 }, // pst horse rank 7 file 0
    Weight { mg: 119, eg: 20 }, // pst horse rank 7 file 1
    Weight { mg: -36, eg: 55 }, // pst horse rank 7 file 2
    Weight { mg: 230, eg: -23 }, // pst horse rank 7 file 3
    Weight { mg: 227, eg: -3 }, // pst horse rank 7 file 4
    Weight { mg: -83, eg: -8 }, // pst horse rank 8 file 0
    Weight { mg: -63, eg: 34 }, // pst horse rank 8 file 1
    Weight { mg: 232, eg: -20 }, // pst horse rank 8 file 2
    Weight { mg: 90, eg: 21 }, // pst horse rank 8 file 3
    Weight { mg: 252, eg: -128 }, // pst horse rank 8 file 4
    Weight { mg: -145, eg: 60 }, // pst horse rank 9 file 0
    Weight { mg: 65, eg: 14 }, // pst horse rank 9 file 1
    Weight { mg: -265, eg: 45 }, // pst horse rank 9 file 2
    Weight { mg: -45, eg: 129 }, // pst horse rank 9 file 3
    Weight { mg: -64, eg: -52 }, // pst horse rank 9 file 4
    Weight { mg: 52, eg: 94 }, // pst chariot rank 0 file 0
    Weight { mg: 93, eg: 142 }, // pst chariot rank 0 file 1
    Weight { mg: 91, eg: 149 }, // pst chariot rank 0 file 2
    Weight { mg: 89, eg: 85 }, // pst chariot rank 0 file 3
    Weight { mg: 235, eg: 72 }, // pst chariot rank 0 file 4
    Weight { mg: 87, eg: 29 }, // pst chariot rank 1 file 0
    Weight { mg: 67, eg: 114 }, // pst chariot rank 1 file 1
    Weight { mg: 84, eg: 68 }, // pst chariot rank 1 file 2
    Weight { mg: 88, eg: 144 }, // pst chariot rank 1 file 3
    Weight { mg: 104, eg: 84 }, // pst chariot rank 1 file 4
    Weight { mg: 83, eg: 119 }, // pst chariot rank 2 file 0
    Weight { mg: 77, eg: 178 }, // pst chariot rank 2 file 1
    Weight { mg: 50, eg: 50 }, // pst chariot rank 2 file 2
    Weight { mg: 12, eg: 177 }, // pst chariot rank 2 file 3
    Weight { mg: -92, eg: 90 }, // pst chariot rank 2 file 4
    Weight { mg: 194, eg: 31 }, // pst chariot rank 3 file 0
    Weight { mg: 220, eg: 42 }, // pst chariot rank 3 file 1
    Weight { mg: 42, eg: 182 }, // pst chariot rank 3 file 2
    Weight { mg: 199, eg: 101 }, // pst chariot rank 3 file 3
    Weight { mg: 150, eg: 131 }, // pst chariot rank 3 file 4
    Weight { mg: 238, eg: 14 }, // pst chariot rank 4 file 0
    Weight { mg: 115, eg: 126 }, // pst chariot rank 4 file 1
    Weight { mg: 96, eg: 149 }, // pst chariot rank 4 file 2
    Weight { mg: 161, eg: 76 }, // pst chariot rank 4 file 3
    Weight { mg: 80, eg: 176 }, // pst chariot rank 4 file 4
    Weight { mg: 2, eg: 168 }, // pst chariot rank 5 file 0
    Weight { mg: 75, eg: 150 }, // pst chariot rank 5 file 1
    Weight { mg: 130, eg: 172 }, // pst chariot rank 5 file 2
    Weight { mg: 90, eg: 142 }, // pst chariot rank 5 file 3
    Weight { mg: 207, eg: 91 }, // pst chariot rank 5 file 4
    Weight { mg: 148, eg: 54 }, // pst chariot rank 6 file 0
    Weight { mg: 110, eg: 81 }, // pst chariot rank 6 file 1
    Weight { mg: 158, eg: 92 }, // pst chariot rank 6 file 2
    Weight { mg: 156, eg: 91 }, // pst chariot rank 6 file 3
    Weight { mg: 51, eg: 155 }, // pst chariot rank 6 file 4
    Weight { mg: -14, eg: 197 }, // pst chariot rank 7 file 0
    Weight { mg: 69, eg: 183 }, // pst chariot rank 7 file 1
    Weight { mg: 57, eg: 174 }, // pst chariot rank 7 file 2
    Weight { mg: 68, eg: 211 }, // pst chariot rank 7 file 3
    Weight { mg: 169, eg: 154 }, // pst chariot rank 7 file 4
    Weight { mg: 153, eg: 78 }, // pst chariot rank 8 file 0
    Weight { mg: 75, eg: 153 }, // pst chariot rank 8 file 1
    Weight { mg: 53, eg: 103 }, // pst chariot rank 8 file 2
    Weight { mg: 184, eg: 74 }, // pst chariot rank 8 file 3
    Weight { mg: 12, eg: 220 }, // pst chariot rank 8 file 4
    Weight { mg: 173, eg: 70 }, // pst chariot rank 9 file 0
    Weight { mg: 81, eg: 86 }, // pst chariot rank 9 file 1
    Weight { mg: 169, eg: 98 }, // pst chariot rank 9 file 2
    Weight { mg: 231, eg: 10 }, // pst chariot rank 9 file 3
    Weight { mg: 184, eg: 126 }, // pst chariot rank 9 file 4
    Weight { mg: -242, eg: -13 }, // pst cannon rank 0 file 0
    Weight { mg: -20, eg: 27 }, // pst cannon rank 0 file 1
    Weight { mg: 41, eg: -125 }, // pst cannon rank 0 file 2
    Weight { mg: -117, eg: 21 }, // pst cannon rank 0 file 3
    Weight { mg: 350, eg: -54 }, // pst cannon rank 0 file 4
    Weight { mg: -17, eg: 55 }, // pst cannon rank 1 file 0
    Weight { mg: 5, eg: -31 }, // pst cannon rank 1 file 1
    Weight { mg: 26, eg: -4 }, // pst cannon rank 1 file 2
    Weight { mg: 67, eg: 36 }, // pst cannon rank 1 file 3
    Weight { mg: 145, eg: -47 }, // pst cannon rank 1 file 4
    Weight { mg: 39, eg: -14 }, // pst cannon rank 2 file 0
    Weight { mg: 59, eg: -17 }, // pst cannon rank 2 file 1
    Weight { mg: 116, eg: -12 }, // pst cannon rank 2 file 2
    Weight { mg: 36, eg: -6 }, // pst cannon rank 2 file 3
    Weight { mg: 148, eg: 9 }, // pst cannon rank 2 file 4
    Weight { mg: 177, eg: -53 }, // pst cannon rank 3 file 0
    Weight { mg: 67, eg: -14 }, // pst cannon rank 3 file 1
    Weight { mg: 93, eg: -1 }, // pst cannon rank 3 file 2
    Weight { mg: 72, eg: -47 }, // pst cannon rank 3 file 3
    Weight { mg: -172, eg: -8 }, // pst cannon rank 3 file 4
    Weight { mg: -2, eg: -45 }, // pst cannon rank 4 file 0
    Weight { mg: 1, eg: 12 }, // pst cannon rank 4 file 1
    Weight { mg: 73, eg: 45 }, // pst cannon rank 4 file 2
    Weight { mg: -37, eg: 17 }, // pst cannon rank 4 file 3
    Weight { mg: 174, eg: -31 }, // pst cannon rank 4 file 4
    Weight { mg: 168, eg: -65 }, // pst cannon rank 5 file 0
    Weight { mg: -15, eg: 67 }, // pst cannon rank 5 file 1
    Weight { mg: 86, eg: -46 }, // pst cannon rank 5 file 2
    Weight { mg: -146, eg: 72 }, // pst cannon rank 5 file 3
    Weight { mg: 105, eg: 7 }, // pst cannon rank 5 file 4
    Weight { mg: -33, eg: 29 }, // pst cannon rank 6 file 0
    Weight { mg: 53, eg: 32 }, // pst cannon rank 6 file 1
    Weight { mg: 88, eg: -10 }, // pst cannon rank 6 file 2
    Weight { mg: 106, eg: 39 }, // pst cannon rank 6 file 3
    Weight { mg: 113, eg: 17 }, // pst cannon rank 6 file 4
    Weight { mg: -69, eg: 62 }, // pst cannon rank 7 file 0
    Weight { mg: -3, eg: -38 }, // pst cannon rank 7 file 1
    Weight { mg: 64, eg: -51 }, // pst cannon rank 7 file 2
    Weight { mg: 12, eg: 55 }, // pst cannon rank 7 file 3
    Weight { mg: 194, eg: 4 }, // pst cannon rank 7 file 4
    Weight { mg: 36, eg: 50 }, // pst cannon rank 8 file 0
    Weight { mg: 5, eg: -37 }, // pst cannon rank 8 file 1
    Weight { mg: 33, eg: -63 }, // pst cannon rank 8 file 2
    Weight { mg: 143, eg: -72 }, // pst cannon rank 8 file 3
    Weight { mg: 7, eg: 46 }, // pst cannon rank 8 file 4
    Weight { mg: 118, eg: -67 }, // pst cannon rank 9 file 0
    Weight { mg: 69, eg: 6 }, // pst cannon rank 9 file 1
    Weight { mg: 1, eg: 53 }, // pst cannon rank 9 file 2
    Weight { mg: -138, eg: 85 }, // pst cannon rank 9 file 3
    Weight { mg: 139, eg: -94 }, // pst cannon rank 9 file 4
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
    Weight { mg: -56, eg: 30 }, // pst soldier rank 3 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 1
    Weight { mg: -83, eg: 66 }, // pst soldier rank 3 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 3 file 3
    Weight { mg: -11, eg: 65 }, // pst soldier rank 3 file 4
    Weight { mg: -89, eg: 69 }, // pst soldier rank 4 file 0
    Weight { mg: 0, eg: 0 }, // pst soldier rank 4 file 1
    Weight { mg: -20, eg: 66 }, // pst soldier rank 4 file 2
    Weight { mg: 0, eg: 0 }, // pst soldier rank 4 file 3
    Weight { mg: -4, eg: 99 }, // pst soldier rank 4 file 4
    Weight { mg: -13, eg: -23 }, // pst soldier rank 5 file 0
    Weight { mg: -31, eg: 7 }, // pst soldier rank 5 file 1
    Weight { mg: 27, eg: 72 }, // pst soldier rank 5 file 2
    Weight { mg: 93, eg: 48 }, // pst soldier rank 5 file 3
    Weight { mg: 86, eg: 72 }, // pst soldier rank 5 file 4
    Weight { mg: 5, eg: 52 }, // pst soldier rank 6 file 0
    Weight { mg: 74, eg: -33 }, // pst soldier rank 6 file 1
    Weight { mg: 72, eg: 31 }, // pst soldier rank 6 file 2
    Weight { mg: 70, eg: 30 }, // pst soldier rank 6 file 3
    Weight { mg: 191, eg: -13 }, // pst soldier rank 6 file 4
    Weight { mg: 27, eg: -21 }, // pst soldier rank 7 file 0
    Weight { mg: 111, eg: 4 }, // pst soldier rank 7 file 1
    Weight { mg: 158, eg: -5 }, // pst soldier rank 7 file 2
    Weight { mg: 330, eg: 56 }, // pst soldier rank 7 file 3
    Weight { mg: 215, eg: -24 }, // pst soldier rank 7 file 4
    Weight { mg: -206, eg: 12 }, // pst soldier rank 8 file 0
    Weight { mg: 100, eg: -1 }, // pst soldier rank 8 file 1
    Weight { mg: 372, eg: -7 }, // pst soldier rank 8 file 2
    Weight { mg: 442, eg: -38 }, // pst soldier rank 8 file 3
    Weight { mg: 402, eg: -121 }, // pst soldier rank 8 file 4
    Weight { mg: 251, eg: -107 }, // pst soldier rank 9 file 0
    Weight { mg: 289, eg: -172 }, // pst soldier rank 9 file 1
    Weight { mg: -225, eg: -133 }, // pst soldier rank 9 file 2
    Weight { mg: 154, eg: -160 }, // pst soldier rank 9 file 3
    Weight { mg: 166, eg: -179 }, // pst soldier rank 9 file 4
    Weight { mg: 15, eg: 0 }, // mobility chariot
    Weight { mg: 29, eg: -6 }, // mobility horse
    Weight { mg: 8, eg: -4 }, // mobility cannon
    Weight { mg: 192, eg: -75 }, // empty-head cannon
    Weight { mg: 38, eg: 44 }, // loaded cannon
    Weight { mg: 19, eg: -27 }, // chariot palace attack
    Weight { mg: 87, eg: -38 }, // horse near palace
    Weight { mg: 117, eg: -86 }, // connected soldiers
    Weight { mg: -66, eg: -40 }, // missing advisor vs chariot
    Weight { mg: -103, eg: -15 }, // missing advisor vs horse
    Weight { mg: 87, eg: 65 }, // missing advisor vs cannon
    Weight { mg: -214, eg: -9 }, // missing advisor vs soldier
    Weight { mg: -41, eg: -65 }, // missing elephant vs chariot
    Weight { mg: -141, eg: -4 }, // missing elephant vs horse
    Weight { mg: -18, eg: -46 }, // missing elephant vs cannon
    Weight { mg: 7, eg: -30 }, // missing elephant vs soldier
    Weight { mg: 0, eg: 0 }, // threat by lesser on general
    Weight { mg: 0, eg: 0 }, // threat by lesser on advisor
    Weight { mg: 0, eg: 0 }, // threat by lesser on elephant
    Weight { mg: 96, eg: -66 }, // threat by lesser on horse
    Weight { mg: 82, eg: -11 }, // threat by lesser on chariot
    Weight { mg: 135, eg: -129 }, // threat by lesser on cannon
    Weight { mg: 0, eg: 0 }, // threat by lesser on soldier
    Weight { mg: 0, eg: 0 }, // hanging general
    Weight { mg: 102, eg: -13 }, // hanging advisor
    Weight { mg: 73, eg: -15 }, // hanging elephant
    Weight { mg: 92, eg: 28 }, // hanging horse
    Weight { mg: -18, eg: 5 }, // hanging chariot
    Weight { mg: 110, eg: 58 }, // hanging cannon
    Weight { mg: -2, eg: 44 }, // hanging soldier
    Weight { mg: 41, eg: -7 }, // tempo
    Weight { mg: 63, eg: -30 }, // safe check by chariot
    Weight { mg: 56, eg: 12 }, // safe check by horse
    Weight { mg: 13, eg: 6 }, // safe check by cannon
    Weight { mg: -10, eg: 1 }, // palace hits by horse
    Weight { mg: -4, eg: -7 }, // palace hits by cannon
    Weight { mg: 66, eg: -32 }, // palace hits by soldier
    Weight { mg: 20, eg: 75 }, // palace attacker pairs
    Weight { mg: 0, eg: 0 }, // mover hanging general
    Weight { mg: 4, eg: 3 }, // mover hanging advisor
    Weight { mg: 7, eg: -4 }, // mover hanging elephant
    Weight { mg: 16, eg: -6 }, // mover hanging horse
    Weight { mg: 8, eg: 0 }, // mover hanging chariot
    Weight { mg: 13, eg: 3 }, // mover hanging cannon
    Weight { mg: 0, eg: -10 }, // mover hanging soldier
    Weight { mg: 23, eg: 15 }, // cramped horse
];
