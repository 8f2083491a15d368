//! Server settings: where to listen, where the database lives, and the limits.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `xiangqi serve` can be told.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (default 127.0.0.1:8080; port 0 picks a free port).
    pub addr: SocketAddr,
    /// Folder of the SQLite database `xiangqi.db` (created when missing).
    pub data_dir: PathBuf,
    /// Rooms with no activity for this long are deleted by the sweep (default 7 days).
    pub room_ttl: Duration,
    /// How often the sweep runs.
    pub sweep_every: Duration,
    /// Most engine searches running at once; further requests wait their turn.
    pub max_searches: usize,
    /// Think time of the Hardest level per move, in milliseconds.
    pub hardest_movetime_ms: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            room_ttl: Duration::from_secs(7 * 24 * 3600),
            sweep_every: Duration::from_secs(3600),
            max_searches: std::thread::available_parallelism().map_or(1, |n| n.get()),
            hardest_movetime_ms: 2000,
        }
    }
}
