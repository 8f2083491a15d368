//! Arbitrary bytes as a FEN: reading never panics; whatever is read writes back to the same
//! setup or position; a legal position has consistent move generators, keys and make/unmake.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| common::fen_target(data));
