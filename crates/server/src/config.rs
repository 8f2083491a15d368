//! Server settings: where to listen, where the database lives, and the limits.

use crate::store::Database;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Everything `xiangqi serve` can be told.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (default 127.0.0.1:8080; port 0 picks a free port).
    pub addr: SocketAddr,
    /// Folder of the SQLite database `xiangqi.db` (created when missing), used when
    /// `database` is `None`.
    pub data_dir: PathBuf,
    /// The database, when not the SQLite file in `data_dir`: another SQLite file or a
    /// PostgreSQL server (`--database-url`).
    pub database: Option<Database>,
    /// Rooms with no activity for this long are deleted by the sweep (default 7 days).
    pub room_ttl: Duration,
    /// How often the sweep runs.
    pub sweep_every: Duration,
    /// Most engine searches running at once; further requests wait their turn.
    pub max_searches: usize,
    /// Most engine searches meant to wait for a worker at once, for the whole node: computer
    /// games are admitted while fewer than `max_queued_searches + max_searches` are in
    /// progress (each has at most one search waiting or running), so a search waits at most
    /// `max_queued_searches / max_searches` think times; further games, and new rounds
    /// against the computer, get 503 `engine_busy` with `Retry-After`. `None`: twice
    /// `max_searches` (the default); `Some(0)`: no cap. See [`crate::computer`].
    pub max_queued_searches: Option<usize>,
    /// Think time of the Hardest level per move, in milliseconds.
    pub hardest_movetime_ms: u64,
    /// Most computer games one client address may have in progress at once (a game counts
    /// from its room's creation until it ends or the room unloads); further rooms get 429
    /// `too_many_computer_games`; 0: no cap (default 4).
    pub computer_games_per_ip: usize,
    /// Time a client has to send a request's headers, from the moment the connection is
    /// open or its previous request was answered: ends slow-header clients, connections
    /// that send nothing and idle keep-alive connections (default 10 s).
    pub header_timeout: Duration,
    /// Time an API request's body may stay silent (no new bytes) while it is read; then the
    /// request gets 408 `request_timeout` and its connection closes (default 10 s). A body
    /// that trickles in forever is cut by `request_timeout`.
    pub body_timeout: Duration,
    /// Time an API request (`/api/…`) has from its headers to its answer, body read
    /// included; then it gets 408 `request_timeout` (default 30 s). Game sockets and
    /// the lobby's event stream are not cut: their answer (the upgrade, the stream's
    /// start) comes at once.
    pub request_timeout: Duration,
    /// Time a WebSocket has to say `hello` after it opens (default 10 s).
    pub hello_timeout: Duration,
    /// Most open connections (HTTP and WebSocket together); further ones get a 503 at once.
    /// `xiangqi serve` lowers it to fit the open-file limit (default 10,000).
    pub max_connections: usize,
    /// Most open connections from one client address; further ones get a 429 (default 256).
    pub max_connections_per_ip: usize,
    /// Most watchers (connections without a seat) of one room; further ones are refused
    /// with `too_many_watchers` and closed (default 200).
    pub max_watchers: usize,
    /// Origins besides the server's own (`https://xiangqi.example`) whose pages may POST and
    /// open game sockets; the server's own origin (its `Host`) is always allowed.
    pub allowed_origins: Vec<String>,
    /// Kernel send buffer of each accepted connection, in bytes (`SO_SNDBUF`); `None`
    /// keeps the system's automatic sizing (the default). A small buffer bounds what a
    /// client that does not read can make the kernel hold for it.
    pub send_buffer_bytes: Option<usize>,
    /// Rooms one client address may create per minute (bursts of as many); 0: no limit
    /// (default 30). Further ones get 429 `rate_limited`.
    pub rooms_per_minute: u32,
    /// Joins (`POST /api/rooms/{code}/join`, right or wrong password) one client address may
    /// send per minute (bursts of as many); 0: no limit (default 60).
    pub joins_per_minute: u32,
    /// Puzzles one client address may create per minute (bursts of as many); 0: no limit
    /// (default 30).
    pub puzzles_per_minute: u32,
    /// Unknown room codes one client address may look up per minute (bursts of as many);
    /// once spent, every room lookup of that address gets 429 `rate_limited` until one is
    /// back, so codes cannot be found by guessing; 0: no limit (default 60).
    pub room_misses_per_minute: u32,
    /// After a second wrong password in a row, the same address must wait this long before it
    /// may try that room again, doubled after each further wrong password (at most 5
    /// minutes; the first wrong password costs nothing); zero: no wait (default 1 s).
    pub wrong_password_delay: Duration,
    /// Wrong passwords one room may take per minute from all addresses together (bursts of
    /// as many); past them the room is under siege for 6 s, doubled for each siege that
    /// follows (at most 5 minutes): an address that gave a wrong password for the room gets
    /// 429 `rate_limited` without a check until it ends, while an address with a clean
    /// record is still checked (see [`crate::rate::passwords`]); 0: no siege (default 10).
    pub room_wrong_passwords_per_minute: u32,
    /// Stored events other than moves and game endings (chat lines, names, draw offers and
    /// declines, new-round requests and declines) one room may take per minute from both
    /// seats together (bursts of as many); past them a message gets the `rate_limited`
    /// error; 0: no budget (default 30).
    pub room_events_per_minute: u32,
    /// Watcher hellos (game sockets that say hello without a seat) one client address may
    /// send per minute across all rooms (bursts of as many); past them the hello gets
    /// `rate_limited` and the connection closes; 0: no limit (default 60).
    pub watcher_hellos_per_minute: u32,
    /// Accounts one client address may create per minute (`POST /api/account`, bursts of as
    /// many); 0: no limit (default 10).
    pub accounts_per_minute: u32,
    /// Password checks (`POST /api/session`, `POST /api/account/password`,
    /// `DELETE /api/account`) one client address may ask for per minute, right or wrong
    /// (bursts of as many); past them 429 `rate_limited` with `Retry-After`; 0: no limit
    /// (default 20).
    pub sign_ins_per_minute: u32,
    /// Password checks for one account name per minute from all addresses together (bursts
    /// of as many), so a name cannot be guessed at from many addresses; 0: no limit
    /// (default 6).
    pub sign_ins_per_name_per_minute: u32,
    /// A player whose opponent has been away (not connected) this long may claim the win
    /// or abort the game (default 60 s).
    pub claim_after: Duration,
    /// Redis, for several nodes on one PostgreSQL (`--redis-url redis://HOST:PORT`): rooms
    /// are shared between the nodes (see [`crate::cluster`]); `None`: one node (default).
    pub redis_url: Option<String>,
    /// This node's name among several (a random suffix is added per start; default `node`).
    pub node_id: String,
}

impl Config {
    /// Returns the cap on waiting engine searches in effect: `max_queued_searches`, else
    /// twice `max_searches` (0: no cap).
    pub fn queue_cap(&self) -> usize {
        self.max_queued_searches
            .unwrap_or_else(|| self.max_searches.max(1).saturating_mul(2))
    }
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            database: None,
            room_ttl: Duration::from_secs(7 * 24 * 3600),
            sweep_every: Duration::from_secs(3600),
            max_searches: std::thread::available_parallelism().map_or(1, |n| n.get()),
            max_queued_searches: None,
            hardest_movetime_ms: 2000,
            computer_games_per_ip: 4,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            hello_timeout: Duration::from_secs(10),
            max_connections: 10_000,
            max_connections_per_ip: 256,
            max_watchers: 200,
            allowed_origins: Vec::new(),
            send_buffer_bytes: None,
            rooms_per_minute: 30,
            joins_per_minute: 60,
            puzzles_per_minute: 30,
            room_misses_per_minute: 60,
            wrong_password_delay: Duration::from_secs(1),
            room_wrong_passwords_per_minute: 10,
            room_events_per_minute: 30,
            watcher_hellos_per_minute: 60,
            accounts_per_minute: 10,
            sign_ins_per_minute: 20,
            sign_ins_per_name_per_minute: 6,
            claim_after: Duration::from_secs(60),
            redis_url: None,
            node_id: "node".to_string(),
        }
    }
}
