//! The rules library's integration tests, gathered into one test binary (one link instead
//! of one per file; the common Rust layout): each module is one subject, checked against
//! published figures or Fairy-Stockfish's answers in `tests/data/` (`docs/testing.md`).

mod common;

mod chase_classification;
mod classics;
mod cycles_fsf;
mod format_round_trips;
mod fuzz_regressions;
mod fuzz_smoke;
mod legal_moves_data;
mod notation_examples;
mod notation_round_trip;
mod perft_data;
mod pgn_files;
mod properties;
mod repetition_axf;
mod rules_cycles;
