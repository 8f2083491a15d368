//! Measures resident memory (RSS) while one room plays many rounds: the server in-process,
//! two real WebSocket players, each round one move, a resignation and a new round. Prints
//! the RSS every tenth of the run; it should stay flat, since finished rounds live in the
//! store only (issue 12, item 3). The players run in the same process and keep nothing.
//!
//! `cargo run --release -p xiangqi-server --example rounds_rss -- [ROUNDS] [DATA_PARENT]`
//! (default 10000 rounds, the data folder under the system's temporary folder; a folder on
//! tmpfs such as /dev/shm makes the many commits quicker).

#[path = "../tests/it/common/mod.rs"]
mod common;

use common::Client;
use serde_json::json;
use std::time::Instant;
use xiangqi_server::WallClock;

/// Rounds played on one pair of connections (each sends two or three messages a round, and
/// a connection may send bursts of 40).
const RECONNECT_EVERY: u32 = 12;

/// Reads this process's resident set size in KiB from `/proc/self/status` (0 elsewhere).
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let parent = args.next().map_or_else(std::env::temp_dir, Into::into);
    let dir = tempfile::tempdir_in(parent).expect("a data folder");
    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut t = common::table(addr, &json!({})).await;
    let started = Instant::now();
    println!("round 0: RSS {} KiB", rss_kib());
    let every = (rounds / 10).max(1);
    for round in 1..=rounds {
        if round % RECONNECT_EVERY == 0 {
            // A fresh connection per seat: each may send 20 messages a second (bursts of 40).
            t.red = Client::join(addr, &t.code, "red", Some(&t.red_seat)).await;
            t.black = Client::join(addr, &t.code, "black", Some(&t.black_seat)).await;
        }
        t.play(0, &["h2e2"]).await;
        t.resign_and_start_again().await;
        t.red.events.clear();
        t.black.events.clear();
        if round % every == 0 {
            println!(
                "round {round}: RSS {} KiB ({:.0} s)",
                rss_kib(),
                started.elapsed().as_secs_f64()
            );
        }
    }
}
