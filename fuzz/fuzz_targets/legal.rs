//! Bytes drive a playout: the first byte picks a fixture (even) or a board built from the
//! following bytes (odd); each further byte picks the next legal move by index, for 64 plies
//! at most. Every ply the move list must agree with `is_legal` and make/unmake of the chosen
//! move must be exact; at the start, every eighth ply and at the end all 90 × 90
//! (from, to) pairs are tried and every legal move is made and unmade.

#![no_main]

mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let (mut pos, choices) = if head & 1 == 0 {
        (common::fixture(head >> 1), rest)
    } else {
        match common::position_from_bytes(rest) {
            Some(found) => found,
            None => return,
        }
    };
    for (ply, &choice) in choices.iter().take(64).enumerate() {
        if ply % 8 == 0 {
            common::check_position(&pos);
        } else {
            common::generators_agree(&pos, false);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return;
        }
        let m = moves[usize::from(choice) % moves.len()];
        common::make_unmake_exact(&mut pos, m);
        pos.play(m).expect("a listed move plays");
    }
    common::check_position(&pos);
});
