//! `xiangqi serve`: the web server (the default command).

use clap::Args;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use xiangqi_server::{Config, Database, Server, WallClock};

/// Options of `xiangqi serve`.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port and logs it).
    #[arg(long, env = "XIANGQI_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Folder of the SQLite database (created on first start).
    #[arg(long, env = "XIANGQI_DATA_DIR", default_value = "data")]
    pub data_dir: PathBuf,
    /// The database instead of `DATA_DIR/xiangqi.db`: `sqlite://PATH` or
    /// `postgres://USER[:PASSWORD]@HOST[:PORT]/NAME` (several nodes share one PostgreSQL).
    #[arg(long, env = "XIANGQI_DATABASE_URL", value_parser = parse_database)]
    pub database_url: Option<Database>,
    /// Days without activity after which a room is deleted.
    #[arg(long, env = "XIANGQI_ROOM_TTL_DAYS", default_value_t = 7.0)]
    pub room_ttl_days: f64,
    /// Most engine searches at once (default: the number of cores).
    #[arg(long, env = "XIANGQI_MAX_SEARCHES")]
    pub max_searches: Option<usize>,
    /// Most engine searches waiting for a worker, for the whole node (default: twice
    /// --max-searches; 0: no cap). Computer games are admitted while fewer than this plus
    /// --max-searches are in progress; further ones get 503 engine_busy with Retry-After.
    #[arg(long, env = "XIANGQI_MAX_QUEUED_SEARCHES")]
    pub max_queued_searches: Option<usize>,
    /// Think time of the Hardest level per move, in milliseconds.
    #[arg(long, env = "XIANGQI_HARDEST_MS", default_value_t = 2000)]
    pub hardest_ms: u64,
    /// Most computer games one client address may have in progress at once (0: no cap).
    #[arg(long, env = "XIANGQI_COMPUTER_GAMES_PER_IP", default_value_t = 4)]
    pub computer_games_per_ip: usize,
    /// Most open connections; further ones get a 503 (lowered to fit the open-file limit).
    #[arg(long, env = "XIANGQI_MAX_CONNECTIONS", default_value_t = 10_000)]
    pub max_connections: usize,
    /// Most open connections from one client address; further ones get a 429.
    #[arg(long, env = "XIANGQI_MAX_CONNECTIONS_PER_IP", default_value_t = 256)]
    pub max_connections_per_ip: usize,
    /// Most watchers (connections without a seat) per room.
    #[arg(long, env = "XIANGQI_MAX_WATCHERS", default_value_t = 200)]
    pub max_watchers: usize,
    /// Seconds a client has to send a request's headers (also ends idle keep-alive
    /// connections).
    #[arg(long, env = "XIANGQI_HEADER_TIMEOUT_S", default_value_t = 10)]
    pub header_timeout_s: u64,
    /// Seconds an API request's body may stay silent while it is read (then 408).
    #[arg(long, env = "XIANGQI_BODY_TIMEOUT_S", default_value_t = 10)]
    pub body_timeout_s: u64,
    /// Seconds an API request has from its headers to its answer, body included (then 408).
    #[arg(long, env = "XIANGQI_REQUEST_TIMEOUT_S", default_value_t = 30)]
    pub request_timeout_s: u64,
    /// Seconds a WebSocket has to say hello.
    #[arg(long, env = "XIANGQI_HELLO_TIMEOUT_S", default_value_t = 10)]
    pub hello_timeout_s: u64,
    /// Another origin whose pages may use the API and the game sockets
    /// (`https://xiangqi.example`); repeat it, or separate origins with commas.
    #[arg(
        long = "allowed-origin",
        env = "XIANGQI_ALLOWED_ORIGINS",
        value_delimiter = ','
    )]
    pub allowed_origins: Vec<String>,
    /// Rooms one client address may create per minute (0: no limit).
    #[arg(long, env = "XIANGQI_ROOMS_PER_MINUTE", default_value_t = 30)]
    pub rooms_per_minute: u32,
    /// Joins one client address may send per minute (0: no limit).
    #[arg(long, env = "XIANGQI_JOINS_PER_MINUTE", default_value_t = 60)]
    pub joins_per_minute: u32,
    /// Puzzles one client address may create per minute (0: no limit).
    #[arg(long, env = "XIANGQI_PUZZLES_PER_MINUTE", default_value_t = 30)]
    pub puzzles_per_minute: u32,
    /// Accounts one client address may create per minute (0: no limit).
    #[arg(long, env = "XIANGQI_ACCOUNTS_PER_MINUTE", default_value_t = 10)]
    pub accounts_per_minute: u32,
    /// Password checks (sign-in, password change, account deletion) one client address may
    /// ask for per minute, right or wrong (0: no limit).
    #[arg(long, env = "XIANGQI_SIGN_INS_PER_MINUTE", default_value_t = 20)]
    pub sign_ins_per_minute: u32,
    /// Password checks for one account name per minute from all addresses (0: no limit).
    #[arg(
        long,
        env = "XIANGQI_SIGN_INS_PER_NAME_PER_MINUTE",
        default_value_t = 6
    )]
    pub sign_ins_per_name_per_minute: u32,
    /// Unknown room codes one client address may look up per minute (0: no limit).
    #[arg(long, env = "XIANGQI_ROOM_MISSES_PER_MINUTE", default_value_t = 60)]
    pub room_misses_per_minute: u32,
    /// Milliseconds an address waits after a second wrong password in a row before it may
    /// try that room again, doubled after each further one up to 5 minutes (0: no wait).
    #[arg(long, env = "XIANGQI_WRONG_PASSWORD_DELAY_MS", default_value_t = 1000)]
    pub wrong_password_delay_ms: u64,
    /// Wrong passwords one room may take per minute from all addresses; past them the room
    /// is under siege (6 s, doubling up to 5 minutes) and addresses that guessed wrong get
    /// 429 until it ends (0: no siege).
    #[arg(
        long,
        env = "XIANGQI_ROOM_WRONG_PASSWORDS_PER_MINUTE",
        default_value_t = 10
    )]
    pub room_wrong_passwords_per_minute: u32,
    /// Stored chat lines, names, draw offers and new-round requests (and their declines)
    /// one room may take per minute, both seats together (0: no budget).
    #[arg(long, env = "XIANGQI_ROOM_EVENTS_PER_MINUTE", default_value_t = 30)]
    pub room_events_per_minute: u32,
    /// Watcher hellos (game sockets without a seat) one client address may send per minute
    /// (0: no limit).
    #[arg(long, env = "XIANGQI_WATCHER_HELLOS_PER_MINUTE", default_value_t = 60)]
    pub watcher_hellos_per_minute: u32,
    /// Seconds a player must be away before the opponent may claim the win or abort.
    #[arg(long, env = "XIANGQI_CLAIM_AFTER_S", default_value_t = 60)]
    pub claim_after_s: u64,
    /// Redis, to run as one of several nodes on one PostgreSQL `--database-url`:
    /// `redis://HOST:PORT` (a client may connect to any node; see docs/deploy.md).
    #[arg(long, env = "XIANGQI_REDIS_URL")]
    pub redis_url: Option<String>,
    /// This node's name among several (logs and leases; a random suffix is added per start).
    #[arg(long, env = "XIANGQI_NODE_ID", default_value = "node")]
    pub node_id: String,
}

/// File descriptors kept free beside the connections: the database and its journal, the
/// engine, logs, and the refusals themselves.
const RESERVED_FILES: u64 = 128;

/// `serve` with no flags: defaults, overridden by the environment variables.
#[derive(clap::Parser)]
struct FromEnvironment {
    #[command(flatten)]
    args: ServeArgs,
}

impl ServeArgs {
    /// Returns the options of a bare `xiangqi` (no command): defaults and environment.
    pub fn from_environment() -> ServeArgs {
        <FromEnvironment as clap::Parser>::parse_from(["xiangqi"]).args
    }
}

/// Completes on SIGTERM (what service managers and `docker stop` send) or Ctrl-C, so the
/// server stops gracefully: see [`Server::run_until`].
async fn stop_signal() {
    let interrupt = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            err_line!("xiangqi serve: cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(e) => {
                err_line!("xiangqi serve: cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

/// Runs the server until the process is stopped (gracefully on SIGTERM or Ctrl-C).
pub fn run(args: &ServeArgs) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        // Logs go to stderr (README), leaving stdout to what a command prints.
        .with_writer(std::io::stderr)
        .init();
    if !(args.room_ttl_days > 0.0 && args.room_ttl_days.is_finite()) {
        err_line!("xiangqi serve: --room-ttl-days must be a positive number");
        return ExitCode::from(2);
    }
    let mut config = Config {
        addr: args.addr,
        data_dir: args.data_dir.clone(),
        database: args.database_url.clone(),
        room_ttl: Duration::from_secs_f64(args.room_ttl_days * 86_400.0),
        max_queued_searches: args.max_queued_searches,
        hardest_movetime_ms: args.hardest_ms,
        computer_games_per_ip: args.computer_games_per_ip,
        max_connections: args.max_connections.max(1),
        max_connections_per_ip: args.max_connections_per_ip.max(1),
        max_watchers: args.max_watchers,
        header_timeout: Duration::from_secs(args.header_timeout_s.max(1)),
        body_timeout: Duration::from_secs(args.body_timeout_s.max(1)),
        request_timeout: Duration::from_secs(args.request_timeout_s.max(1)),
        hello_timeout: Duration::from_secs(args.hello_timeout_s.max(1)),
        allowed_origins: args.allowed_origins.clone(),
        rooms_per_minute: args.rooms_per_minute,
        joins_per_minute: args.joins_per_minute,
        puzzles_per_minute: args.puzzles_per_minute,
        room_misses_per_minute: args.room_misses_per_minute,
        accounts_per_minute: args.accounts_per_minute,
        sign_ins_per_minute: args.sign_ins_per_minute,
        sign_ins_per_name_per_minute: args.sign_ins_per_name_per_minute,
        wrong_password_delay: Duration::from_millis(args.wrong_password_delay_ms),
        room_wrong_passwords_per_minute: args.room_wrong_passwords_per_minute,
        room_events_per_minute: args.room_events_per_minute,
        watcher_hellos_per_minute: args.watcher_hellos_per_minute,
        claim_after: Duration::from_secs(args.claim_after_s),
        redis_url: args.redis_url.clone(),
        node_id: args.node_id.clone(),
        ..Config::default()
    };
    if let Some(n) = args.max_searches {
        config.max_searches = n.max(1);
    }
    // Each game holds two WebSockets: raise the soft open-file limit to the hard one, and
    // keep the connection cap below it, so that a flood gets 503s instead of starving the
    // server of file descriptors (then nothing, not even /api/health, answers).
    if let Ok(files) = rlimit::increase_nofile_limit(u64::MAX) {
        let fit =
            usize::try_from(files.saturating_sub(RESERVED_FILES).max(16)).unwrap_or(usize::MAX);
        if fit < config.max_connections {
            config.max_connections = fit;
        }
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => {
            err_line!("xiangqi serve: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async {
        let server = Server::bind(config, WallClock::System).await?;
        server.run_until(stop_signal()).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            err_line!("xiangqi serve: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Reads `--database-url` (see [`Database`]'s `FromStr`), so a bad URL is refused with the
/// usage message before the server starts.
fn parse_database(url: &str) -> Result<Database, String> {
    url.parse()
        .map_err(|e: xiangqi_server::DatabaseUrlError| e.to_string())
}
