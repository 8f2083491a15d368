//! Arbitrary text fed to the move-notation readers (ICCS, WXF, Chinese, any) on positions
//! reached by a short playout: reading never panics, a move read is legal, and every legal
//! move written in WXF or Chinese reads back as itself.
//!
//! Input: byte 0 picks a fixture, byte 1 the number of plies (0-15), then one byte per ply
//! picks the move; the rest is the text (UTF-8, invalid bytes replaced).

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;
use xiangqi::{chinese, iccs, notation, wxf};

fuzz_target!(|data: &[u8]| {
    let [fixture, plies, rest @ ..] = data else {
        return;
    };
    let mut pos = common::fixture(*fixture);
    let plies = usize::from(plies % 16).min(rest.len());
    for &choice in &rest[..plies] {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(choice) % moves.len()])
            .expect("a listed move plays");
    }
    let text = String::from_utf8_lossy(&rest[plies..]);
    let results = [
        iccs::parse(&pos, &text),
        wxf::parse(&pos, &text),
        chinese::parse(&pos, &text),
        notation::parse_any(&pos, &text),
    ];
    for m in results.into_iter().flatten() {
        assert!(
            pos.is_legal(m),
            "{text:?} read as illegal {m} in {}",
            pos.fen()
        );
    }
    for &m in pos.legal_moves().iter() {
        let w = wxf::write(&pos, m).expect("WXF of a legal move");
        assert_eq!(
            wxf::parse(&pos, &w).ok(),
            Some(m),
            "WXF {w} in {}",
            pos.fen()
        );
        let c = chinese::write(&pos, m).expect("Chinese of a legal move");
        assert_eq!(
            chinese::parse(&pos, &c).ok(),
            Some(m),
            "Chinese {c} in {}",
            pos.fen()
        );
        assert_eq!(notation::parse_any(&pos, &w).ok(), Some(m), "any {w}");
        assert_eq!(notation::parse_any(&pos, &c).ok(), Some(m), "any {c}");
        assert_eq!(iccs::parse(&pos, &iccs::write(m)).ok(), Some(m), "ICCS {m}");
    }
});
