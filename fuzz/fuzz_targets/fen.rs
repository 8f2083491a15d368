//! Arbitrary bytes as a FEN: reading never panics; whatever is read writes back to the same
//! setup or position; a legal position has consistent move generators, keys and make/unmake.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use xiangqi::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let setup = Setup::from_fen(&text);
    if let Ok(s) = &setup {
        assert_eq!(
            Setup::from_fen(&s.fen()).as_ref(),
            Ok(s),
            "setup round trip"
        );
    }
    if let Ok(pos) = Position::from_fen(&text) {
        assert!(setup.is_ok(), "a position without a setup");
        common::check_position(&pos);
    }
});
