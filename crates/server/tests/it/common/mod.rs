//! Shared helpers of the server's integration tests: the server in-process on 127.0.0.1
//! port 0 with a fresh data directory, a small HTTP client and real WebSocket clients.
#![allow(dead_code)] // each test file uses a different subset

pub mod accounts;
pub mod http;
pub mod ws;

use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use tempfile::TempDir;
use xiangqi_server::{AppState, Config, Database, Server, WallClock};
use xiangqi_view::protocol::{ClientMessage, OfferAction};

pub use ws::Client;

/// The start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A short game from the start position that ends with Black checkmated on ply 5
/// (checked with `xiangqi game`): Red's cannon takes the elephant on c9 while Black's own
/// chariot blocks the general's flight square.
pub const FIVE_PLY_MATE: [&str; 5] = ["b2b4", "a9a8", "b4c4", "a8e8", "c4c9"];

/// A perpetual check: Red's chariot checks along ranks 9 and 8 while Black's general steps
/// d9–d8; three laps of [`PERPETUAL_CHECK_LAP`] rule a Black win by perpetual check. Its
/// cycle object is `tests/data/cycle_perpetual_check.json`.
pub const PERPETUAL_CHECK_FEN: &str = "3k5/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1";
/// One lap of the perpetual check.
pub const PERPETUAL_CHECK_LAP: [&str; 4] = ["h8h9", "d9d8", "h9h8", "d8d9"];
/// A perpetual chase: Red's horse keeps threatening Black's unprotected chariot; three laps of
/// [`PERPETUAL_CHASE_LAP`] rule a Black win by perpetual chase. Its cycle object is
/// `tests/data/cycle_perpetual_chase.json`.
pub const PERPETUAL_CHASE_FEN: &str = "4k4/9/9/3N5/r8/9/9/9/9/3K5 w - - 0 1";
/// One lap of the perpetual chase.
pub const PERPETUAL_CHASE_LAP: [&str; 4] = ["d6c4", "a5b5", "c4d6", "b5a5"];

/// Returns `plies` moves of `lap`, repeated.
pub fn laps<'a>(lap: &[&'a str], plies: usize) -> Vec<&'a str> {
    lap.iter().copied().cycle().take(plies).collect()
}

/// Reads a JSON file of `tests/data/`.
pub fn data(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A server running in the test's runtime.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its shared state (for the sweep and other steering).
    pub app: AppState,
    /// Its data directory (deleted when the test ends).
    pub dir: TempDir,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts a server with the default settings and a fresh data directory.
pub async fn start() -> TestServer {
    start_with(|_| {}, WallClock::System).await
}

/// Starts a server whose settings `tweak` may change, on `wall`, with a fresh data directory.
pub async fn start_with(tweak: impl FnOnce(&mut Config), wall: WallClock) -> TestServer {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, app, task) = start_in(dir.path(), tweak, wall).await;
    TestServer {
        addr,
        app,
        dir,
        task,
    }
}

/// Starts a server on an existing data directory (for restarts); returns its address,
/// state and task.
pub async fn start_in(
    data_dir: &Path,
    tweak: impl FnOnce(&mut Config),
    wall: WallClock,
) -> (SocketAddr, AppState, tokio::task::JoinHandle<()>) {
    let mut config = Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        data_dir: data_dir.to_path_buf(),
        database: postgres_for(data_dir).await,
        max_searches: 1,
        ..Config::default()
    };
    tweak(&mut config);
    let server = Server::bind(config, wall).await.expect("server binds");
    let addr = server.local_addr();
    let app = server.state();
    let task = tokio::spawn(async move {
        if let Err(e) = server.run().await {
            panic!("server stopped: {e}");
        }
    });
    (addr, app, task)
}

/// The environment variable naming a PostgreSQL server (an admin URL such as
/// `postgres://xiangqi@127.0.0.1:5432/postgres`) that every test server then stores in,
/// instead of SQLite; `scripts/cluster-test` sets it.
pub const TEST_POSTGRES_ENV: &str = "XIANGQI_TEST_POSTGRES_URL";

/// Returns, when [`TEST_POSTGRES_ENV`] is set, the PostgreSQL database of the data
/// directory `data_dir`: one per directory (named after it, created on first use), so a
/// server restarted on the same directory finds its rooms again, as it does in SQLite.
pub async fn postgres_for(data_dir: &Path) -> Option<Database> {
    use sqlx::Connection;
    let admin = std::env::var(TEST_POSTGRES_ENV).ok()?;
    let tag: String = data_dir
        .file_name()
        .map(|n| n.to_string_lossy().to_lowercase())
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let name = format!("xq_it_{tag}");
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(&admin)
        .await
        .expect("the PostgreSQL admin connection");
    let exists = sqlx::query("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(&name)
        .fetch_optional(&mut conn)
        .await
        .expect("list databases")
        .is_some();
    if !exists {
        sqlx::query(&format!("CREATE DATABASE {name}"))
            .execute(&mut conn)
            .await
            .expect("create the test database");
    }
    let mut url = url::Url::parse(&admin).expect("admin URL");
    url.set_path(&name);
    Some(url.as_str().parse().expect("a postgres URL"))
}

/// Opens a connection of its own to the database of the data directory `data_dir` (its
/// SQLite file, or its PostgreSQL database under [`TEST_POSTGRES_ENV`]), for tests that
/// write rows as an older server or a broken disk would have; statements use `$1`
/// placeholders, which both accept.
pub async fn raw_connection(data_dir: &Path) -> sqlx::AnyConnection {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let url = match postgres_for(data_dir).await {
        Some(Database::Postgres(url)) => url,
        _ => format!("sqlite://{}", data_dir.join("xiangqi.db").display()),
    };
    sqlx::AnyConnection::connect(&url)
        .await
        .expect("open the test database")
}

/// A room as its creator sees it.
#[derive(Clone, Debug)]
pub struct Room {
    /// The room code.
    pub code: String,
    /// The creator's seat token.
    pub seat: String,
    /// The creator's colour.
    pub color: String,
}

/// Creates a room with `body` (`POST /api/rooms`), asserting 201 and the documented reply.
pub async fn create_room(addr: SocketAddr, body: &Value) -> Room {
    let r = http::post(addr, "/api/rooms", body).await;
    assert_eq!(r.status, 201, "create room: {}", r.text());
    let j = r.json();
    let code = j["code"].as_str().expect("code").to_string();
    assert_eq!(j["invite_url"], format!("/play/{code}"));
    let seat = j["seat"].as_str().expect("seat").to_string();
    assert!(seat.len() >= 20, "a seat token is long and random: {seat}");
    Room {
        code,
        seat,
        color: j["color"].as_str().expect("color").to_string(),
    }
}

/// Joins room `code` with `password`; returns the JSON reply (asserting 200).
pub async fn join(addr: SocketAddr, code: &str, password: Option<&str>) -> Value {
    let r = http::post(
        addr,
        &format!("/api/rooms/{code}/join"),
        &json!({ "password": password }),
    )
    .await;
    assert_eq!(r.status, 200, "join: {}", r.text());
    r.json()
}

/// A room with both seats taken and both players connected (states read).
pub struct Table {
    /// The room.
    pub code: String,
    /// Red's seat token.
    pub red_seat: String,
    /// Black's seat token.
    pub black_seat: String,
    /// Red's connection.
    pub red: Client,
    /// Black's connection.
    pub black: Client,
}

/// Creates a room with `body`, has a guest join as Black, connects both players and reads
/// their states.
pub async fn table(addr: SocketAddr, body: &Value) -> Table {
    let room = create_room(addr, body).await;
    assert_eq!(room.color, "red");
    let joined = join(addr, &room.code, body["password"].as_str()).await;
    assert_eq!(joined["color"], "black");
    let black_seat = joined["seat"].as_str().expect("black seat").to_string();
    let red = Client::join(addr, &room.code, "red", Some(&room.seat)).await;
    let black = Client::join(addr, &room.code, "black", Some(&black_seat)).await;
    let mut t = Table {
        code: room.code,
        red_seat: room.seat,
        black_seat,
        red,
        black,
    };
    // Red sees Black arrive; after this both are known connected.
    loop {
        let p = t.red.expect_presence().await;
        if p["black"]["connected"] == true {
            break;
        }
    }
    t
}

impl Table {
    /// Plays `moves` from ply `first_ply` (Red moves at even plies), each confirmed to both
    /// players; returns the last move event.
    pub async fn play(&mut self, first_ply: usize, moves: &[&str]) -> Value {
        let mut last = Value::Null;
        for (i, mv) in moves.iter().enumerate() {
            let ply = first_ply + i;
            let mover = if ply % 2 == 0 {
                &mut self.red
            } else {
                &mut self.black
            };
            mover.send_move(ply, mv).await;
            let a = self.red.expect_move(mv).await;
            let b = self.black.expect_move(mv).await;
            assert_eq!(a, b, "both players get the same event");
            assert_eq!(a["ply"], ply);
            last = a;
        }
        last
    }

    /// The players swapped colours (a new round): `red` and `black` (connections and seat
    /// tokens) change places, so that they name the colours again.
    pub fn swap_colors(&mut self) {
        std::mem::swap(&mut self.red, &mut self.black);
        std::mem::swap(&mut self.red_seat, &mut self.black_seat);
    }

    /// Black resigns, Red asks for a new round and Black accepts, each event read by both;
    /// the players swap colours ([`Table::swap_colors`]). Returns the `new_round` event.
    pub async fn resign_and_start_again(&mut self) -> Value {
        self.black.send(&ClientMessage::Resign).await;
        self.black.expect_event("resign").await;
        self.red.expect_event("resign").await;
        self.red
            .send(&ClientMessage::NewRound {
                action: OfferAction::Offer,
            })
            .await;
        self.red.expect_event("new_round_request").await;
        self.black.expect_event("new_round_request").await;
        self.black
            .send(&ClientMessage::NewRound {
                action: OfferAction::Accept,
            })
            .await;
        self.black.expect_event("new_round").await;
        let ev = self.red.expect_event("new_round").await;
        assert_eq!(ev["swap"], true, "{ev}");
        self.swap_colors();
        ev
    }

    /// The room's current game (`GET /api/rooms/{code}/game`).
    pub async fn game(&self, addr: SocketAddr) -> Value {
        game(addr, &self.code).await
    }
}

/// The room's current game (`GET /api/rooms/{code}/game`), asserting 200.
pub async fn game(addr: SocketAddr, code: &str) -> Value {
    let r = http::get(addr, &format!("/api/rooms/{code}/game")).await;
    assert_eq!(r.status, 200, "game: {}", r.text());
    r.json()
}

/// Asserts an HTTP error reply: the status and the documented body shape with `code`.
pub fn assert_error(r: &http::Response, status: u16, code: &str) -> Value {
    assert_eq!(r.status, status, "{}", r.text());
    let j = r.json();
    assert_eq!(j["error"]["code"], code, "{j}");
    assert!(
        j["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty()),
        "an error says why: {j}"
    );
    j
}
