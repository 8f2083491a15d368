//! The engine's integration tests, gathered into one test binary (one link instead of one
//! per file; the common Rust layout): each module is one subject.

mod protocol;
mod search;
