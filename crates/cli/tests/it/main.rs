//! The command line's integration tests, gathered into one test binary (one link instead of
//! one per file; the common Rust layout): each module runs the `xiangqi` binary cargo built
//! for it.

mod cli;
mod match_cmd;
mod serve_restart;
