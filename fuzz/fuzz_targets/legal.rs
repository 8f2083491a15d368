//! Bytes drive a playout: the first byte picks a fixture (even) or a board built from the
//! following bytes (odd); each further byte picks the next legal move by index, for 64 plies
//! at most. Every ply the move list must agree with `is_legal` and make/unmake of the chosen
//! move must be exact; at the start, every eighth ply and at the end all 90 × 90
//! (from, to) pairs are tried and every legal move is made and unmade.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| common::legal_target(data));
