//! Arbitrary text fed to the move-notation readers (ICCS, WXF, Chinese, any) on positions
//! reached by a short playout: reading never panics, a move read is legal, and every legal
//! move written in WXF or Chinese reads back as itself.
//!
//! Input: byte 0 picks a fixture, byte 1 the number of plies (0-15), then one byte per ply
//! picks the move; the rest is the text (UTF-8, invalid bytes replaced).

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| common::notation_target(data));
