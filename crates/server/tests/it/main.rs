//! The server's integration tests, gathered into one test binary (one link instead of one
//! per file; the common Rust layout): each module is one subject, run against the server
//! in-process (or, for `cluster`, `cluster_faults` and `postgres_outage`, ignored unless
//! `scripts/cluster-test` runs them with PostgreSQL, Redis and the release binary, as
//! `it --ignored <module>::`). `tests/memory.rs` stays a binary of its own: it measures
//! the process's resident size, which other tests' allocations would move.

mod common;

mod accounts;
mod away;
mod caching;
mod chat;
mod clocks;
mod cluster;
mod cluster_faults;
mod colour_swap;
mod computer;
mod computer_load;
mod errors;
mod expiry;
mod finished_games;
mod game_ws;
mod games;
mod http;
mod level_ratings;
mod limits;
mod many_rounds;
mod names;
mod password_watch;
mod postgres_outage;
mod public_puzzles;
mod rate_limits;
mod restart;
mod seat_limits;
mod security;
mod seeks;
mod shutdown;
mod strict_input;
mod watchers;
