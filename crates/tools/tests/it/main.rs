//! The tools' integration tests, gathered into one test binary (one link instead of one
//! per file; the common Rust layout): each module is one subject.

mod matches;
mod puzzles;
mod sprt;
mod tactics;
