//! Several nodes (issue 14): real `xiangqi serve` processes on one PostgreSQL and one Redis,
//! real WebSocket clients on different nodes. Two players on two nodes play to checkmate with
//! a watcher on a third; the owner of a room is killed with SIGKILL mid-game and every
//! confirmed move is kept while play goes on elsewhere; Redis is restarted mid-game.
//!
//! They need PostgreSQL, Redis and the release binary, so they are ignored in the ordinary
//! run; `scripts/cluster-test` runs them with `XIANGQI_TEST_POSTGRES_URL`,
//! `XIANGQI_TEST_REDIS_URL`, `XIANGQI_TEST_REDIS_RESTART` (a shell command that restarts
//! Redis on the same port) and `XIANGQI_BIN` (the `xiangqi` binary) set.

use crate::common;

use common::{create_room, http, join, Client, FIVE_PLY_MATE};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use xiangqi_server::Database;

/// How long a node may take to notice a dead owner and a client to land on a live one:
/// the lease lapses after 3 s, the heartbeat looks every 0.5 s.
const TAKEOVER_LIMIT: Duration = Duration::from_secs(15);

/// A running node, killed when the test ends however it ends.
pub(crate) struct Node {
    /// The name it was started with (its node id's prefix).
    pub(crate) name: String,
    child: Child,
    pub(crate) addr: SocketAddr,
    log: PathBuf,
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Node {
    /// Kills the node with SIGKILL (no goodbye: its lease has to lapse).
    pub(crate) fn kill(&mut self) {
        self.child.kill().expect("kill -9 the node");
        self.child.wait().expect("reap the node");
    }
}

pub(crate) fn env(var: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| panic!("{var} is not set (scripts/cluster-test)"))
}

/// `XIANGQI_BIN`, else the `xiangqi` binary cargo built next to this test (this executable
/// lies in `target/<profile>/deps/`, the binary in `target/<profile>/`).
fn binary() -> PathBuf {
    std::env::var_os("XIANGQI_BIN").map_or_else(
        || {
            let exe = std::env::current_exe().expect("path of the test executable");
            let profile_dir = exe
                .parent()
                .and_then(Path::parent)
                .expect("target/<profile>");
            profile_dir.join("xiangqi")
        },
        PathBuf::from,
    )
}

fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    l.local_addr().expect("local addr")
}

/// The PostgreSQL database of this test (fresh, one per temporary folder).
async fn database(dir: &Path) -> String {
    match common::postgres_for(dir).await {
        Some(Database::Postgres(url)) => url,
        _ => panic!("needs {} (scripts/cluster-test)", common::TEST_POSTGRES_ENV),
    }
}

/// Starts node `name` on a free port and waits until it answers `/api/health`.
async fn start_node(dir: &Path, database: &str, name: &str) -> Node {
    start_node_with(dir, database, name, &[]).await
}

/// Starts node `name` with the further flags `extra`, as [`start_node`] does; its log is
/// `dir/<name>.log`.
pub(crate) async fn start_node_with(
    dir: &Path,
    database: &str,
    name: &str,
    extra: &[&str],
) -> Node {
    let addr = free_addr();
    let log = dir.join(format!("{name}.log"));
    let child = Command::new(binary())
        .args([
            "serve",
            "--addr",
            &addr.to_string(),
            "--database-url",
            database,
        ])
        .args([
            "--redis-url",
            &env("XIANGQI_TEST_REDIS_URL"),
            "--node-id",
            name,
        ])
        .args(extra)
        .arg("--data-dir")
        .arg(dir.join(name))
        .env("RUST_LOG", "info")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).expect("log file"))
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", binary().display()));
    let mut node = Node {
        name: name.to_string(),
        child,
        addr,
        log,
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        if let Some(status) = node.child.try_wait().expect("try_wait") {
            let log = std::fs::read_to_string(&node.log).unwrap_or_default();
            panic!("node {name} exited with {status}: {log}");
        }
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            let r = http::get(addr, "/api/health").await;
            assert_eq!(r.status, 200, "{}", r.text());
            return node;
        }
        assert!(Instant::now() < deadline, "node {name} never listened");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Whether `players` (of a snapshot or a presence notice) shows both players connected.
fn both_connected(players: &Value) -> bool {
    players["red"]["connected"] == true && players["black"]["connected"] == true
}

/// Reads `c`'s messages until a presence notice (or a state or event snapshot) shows both
/// players connected.
async fn until_both_here(c: &mut Client) {
    let deadline = Instant::now() + TAKEOVER_LIMIT;
    loop {
        let msg = c.recv().await;
        let players = match msg["t"].as_str() {
            Some("state" | "event") => &msg["game"]["players"],
            Some("presence") => &msg["players"],
            _ => &Value::Null,
        };
        if both_connected(players) {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{}: never saw both players connected; last {msg}",
            c.name
        );
    }
}

/// Connects to `addr` with `seat` and the last seen event `v`, again and again until the
/// server answers the hello with a `state` or an `event` (a node may refuse while it finds
/// the room's new owner); returns the client and that first answer.
async fn reconnect(
    addr: SocketAddr,
    code: &str,
    name: &str,
    seat: Option<&str>,
    v: u64,
) -> (Client, Value) {
    let deadline = Instant::now() + TAKEOVER_LIMIT;
    loop {
        let mut c = Client::hello(addr, code, name, seat, v).await;
        loop {
            match c.recv_raw_or_close().await {
                None => break,
                Some(msg) if msg["t"] == "state" => {
                    c.v = msg["v"].as_u64().expect("state.v");
                    return (c, msg);
                }
                Some(msg) if msg["t"] == "event" => {
                    assert_eq!(
                        msg["v"].as_u64(),
                        Some(v + 1),
                        "{name}: the first missed event: {msg}"
                    );
                    c.v = v + 1;
                    c.events.push(msg.clone());
                    return (c, msg);
                }
                Some(msg) if msg["t"] == "error" && msg["code"] == "internal" => break,
                Some(_) => {}
            }
        }
        assert!(
            Instant::now() < deadline,
            "{name}: no live node took the room"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Plays `moves` from `first_ply` between `red` and `black` (on whatever nodes), each
/// confirmed to both and to `watchers`.
async fn play(
    red: &mut Client,
    black: &mut Client,
    watchers: &mut [&mut Client],
    first_ply: usize,
    moves: &[&str],
) {
    for (i, mv) in moves.iter().enumerate() {
        let ply = first_ply + i;
        let mover = if ply % 2 == 0 { &mut *red } else { &mut *black };
        mover.send_move(ply, mv).await;
        let a = red.expect_move(mv).await;
        let b = black.expect_move(mv).await;
        assert_eq!(a, b, "both players get the same event");
        assert_eq!(a["ply"], ply);
        for w in watchers.iter_mut() {
            assert_eq!(w.expect_move(mv).await, a, "{} sees the same event", w.name);
        }
    }
}

/// The room's record as node `addr` reads it.
async fn record(addr: SocketAddr, code: &str) -> Value {
    let r = http::get(addr, &format!("/api/rooms/{code}/game")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()
}

#[tokio::test]
#[ignore = "needs PostgreSQL, Redis and the release binary: run by scripts/cluster-test"]
async fn two_players_on_two_nodes_play_to_checkmate_with_a_watcher_on_a_third() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = database(dir.path()).await;
    let (a, b, c) = (
        start_node(dir.path(), &db, "a").await,
        start_node(dir.path(), &db, "b").await,
        start_node(dir.path(), &db, "c").await,
    );
    // Created on a (which runs it); the guest joins through c, the players play on b and c,
    // the watcher watches on a.
    let room = create_room(a.addr, &json!({})).await;
    let joined = join(c.addr, &room.code, None).await;
    assert_eq!(joined["color"], "black", "{joined}");
    let black_seat = joined["seat"].as_str().expect("black seat").to_string();
    let mut red = Client::join(b.addr, &room.code, "red on b", Some(&room.seat)).await;
    let mut black = Client::join(c.addr, &room.code, "black on c", Some(&black_seat)).await;
    let mut watcher = Client::join(a.addr, &room.code, "watcher on a", None).await;
    until_both_here(&mut red).await;

    play(&mut red, &mut black, &mut [&mut watcher], 0, &FIVE_PLY_MATE).await;
    let last = red.events.last().expect("events").clone();
    assert_eq!(last["game"]["status"]["result"], "red", "{last}");
    assert_eq!(last["game"]["status"]["reason"], "checkmate");
    // Every client got every event, in order, once (v 1 is the guest's joining).
    let vs = |c: &Client| -> Vec<u64> { c.events.iter().filter_map(|e| e["v"].as_u64()).collect() };
    assert_eq!(vs(&red), vec![2, 3, 4, 5, 6]);
    assert_eq!(red.events, black.events);
    assert_eq!(red.events, watcher.events);

    // A refusal comes back to the one who sent it, across nodes too.
    black.send_move(5, "a0a1").await;
    black.expect_error("game_over").await;

    // Every node reads the same record from the event log.
    for node in [&a, &b, &c] {
        let rec = record(node.addr, &room.code).await;
        assert_eq!(rec["moves"], json!(FIVE_PLY_MATE), "{rec}");
        assert_eq!(rec["status"]["reason"], "checkmate");
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL, Redis and the release binary: run by scripts/cluster-test"]
async fn the_owner_killed_mid_game_loses_no_confirmed_move() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = database(dir.path()).await;
    let mut a = start_node(dir.path(), &db, "a").await;
    let b = start_node(dir.path(), &db, "b").await;
    let c = start_node(dir.path(), &db, "c").await;
    let room = create_room(a.addr, &json!({})).await;
    let joined = join(b.addr, &room.code, None).await;
    let black_seat = joined["seat"].as_str().expect("black seat").to_string();
    let mut red = Client::join(b.addr, &room.code, "red on b", Some(&room.seat)).await;
    let mut black = Client::join(c.addr, &room.code, "black on c", Some(&black_seat)).await;
    let mut watcher = Client::join(a.addr, &room.code, "watcher on a", None).await;
    until_both_here(&mut red).await;
    play(
        &mut red,
        &mut black,
        &mut [&mut watcher],
        0,
        &FIVE_PLY_MATE[..3],
    )
    .await;
    let confirmed = red.v;
    let sent = red.events.clone();

    // The owner dies. Every socket of the room is closed once its lease lapses (the
    // watcher's with its node), and each client reconnects with its last event number.
    a.kill();
    let killed = Instant::now();
    assert!(
        red.drain_until_closed(TAKEOVER_LIMIT).await,
        "red's socket on b closes"
    );
    assert!(
        black.drain_until_closed(TAKEOVER_LIMIT).await,
        "black's socket on c closes"
    );
    let (mut red, red_first) =
        reconnect(b.addr, &room.code, "red again", Some(&room.seat), confirmed).await;
    let (mut black, _) = reconnect(
        c.addr,
        &room.code,
        "black again",
        Some(&black_seat),
        confirmed,
    )
    .await;
    // The watcher had read only up to two events before: it gets exactly those two, as
    // they were sent, from the new owner (through c).
    let (mut watcher, missed) =
        reconnect(c.addr, &room.code, "watcher again", None, confirmed - 2).await;
    let missed_too = watcher.recv().await;
    let before = &sent[sent.len() - 2..];
    for (got, sent) in [missed, missed_too].iter().zip(before) {
        for field in ["t", "v", "kind", "color", "ply", "move", "wxf", "chinese"] {
            assert_eq!(got[field], sent[field], "{field} of {got} and {sent}");
        }
        assert_eq!(got["game"]["moves"], sent["game"]["moves"]);
        assert_eq!(got["game"]["fen"], sent["game"]["fen"]);
    }
    assert_eq!(watcher.v, confirmed);
    let took = killed.elapsed();
    assert!(took < TAKEOVER_LIMIT, "taken over in {took:?}");
    // Nothing confirmed was lost, nothing was added: the game is where it was.
    assert_eq!(red_first["v"].as_u64(), Some(confirmed), "{red_first}");
    assert_eq!(
        red_first["game"]["moves"],
        json!(FIVE_PLY_MATE[..3]),
        "{red_first}"
    );
    if !both_connected(&red_first["game"]["players"]) {
        until_both_here(&mut red).await;
    }

    // Play goes on to the end.
    play(
        &mut red,
        &mut black,
        &mut [&mut watcher],
        3,
        &FIVE_PLY_MATE[3..],
    )
    .await;
    assert_eq!(red.v, confirmed + 2);
    for node in [&b, &c] {
        let rec = record(node.addr, &room.code).await;
        assert_eq!(rec["moves"], json!(FIVE_PLY_MATE), "{rec}");
        assert_eq!(rec["status"]["reason"], "checkmate");
    }
    eprintln!("owner killed: the room ran again on a live node after {took:?}");
}

#[tokio::test]
#[ignore = "restarts Redis: run by scripts/cluster-test"]
async fn a_redis_restart_loses_nothing_and_play_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = database(dir.path()).await;
    let a = start_node(dir.path(), &db, "a").await;
    let b = start_node(dir.path(), &db, "b").await;
    let room = create_room(a.addr, &json!({})).await;
    let joined = join(b.addr, &room.code, None).await;
    let black_seat = joined["seat"].as_str().expect("black seat").to_string();
    let mut red = Client::join(a.addr, &room.code, "red on a", Some(&room.seat)).await;
    let mut black = Client::join(b.addr, &room.code, "black on b", Some(&black_seat)).await;
    until_both_here(&mut red).await;
    play(&mut red, &mut black, &mut [], 0, &FIVE_PLY_MATE[..2]).await;
    let confirmed = black.v;

    let restart = env("XIANGQI_TEST_REDIS_RESTART");
    let status = Command::new("sh")
        .arg("-c")
        .arg(&restart)
        .status()
        .expect("restart Redis");
    assert!(status.success(), "{restart}: {status}");

    // Black's socket went through Redis: it is closed, and the client resyncs.
    assert!(
        black.drain_until_closed(TAKEOVER_LIMIT).await,
        "black's socket on b closes"
    );
    let (mut black, first) = reconnect(
        b.addr,
        &room.code,
        "black again",
        Some(&black_seat),
        confirmed,
    )
    .await;
    assert_eq!(first["v"].as_u64(), Some(confirmed), "{first}");
    assert_eq!(first["game"]["moves"], json!(FIVE_PLY_MATE[..2]), "{first}");
    // Red never left (its socket is on the owner): the owner knows both are here once it
    // has answered Black's hello.
    assert!(both_connected(&first["game"]["players"]), "{first}");
    play(&mut red, &mut black, &mut [], 2, &FIVE_PLY_MATE[2..]).await;
    for node in [&a, &b] {
        let rec = record(node.addr, &room.code).await;
        assert_eq!(rec["moves"], json!(FIVE_PLY_MATE), "{rec}");
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL, Redis and the release binary: run by scripts/cluster-test"]
async fn rated_seeks_sent_to_two_nodes_pair_and_the_game_is_rated_everywhere() {
    use common::accounts::{call, session_cookie, sign_up};
    let dir = tempfile::tempdir().expect("temp dir");
    let db = database(dir.path()).await;
    let (a, b, c) = (
        start_node(dir.path(), &db, "a").await,
        start_node(dir.path(), &db, "b").await,
        start_node(dir.path(), &db, "c").await,
    );
    // Accounts made on one node are known to every node (the sessions are rows).
    let alice = session_cookie(&sign_up(a.addr, "node_alice", "long-password").await).0;
    let bob = session_cookie(&sign_up(b.addr, "node_bob", "long-password").await).0;
    let rated = json!({"initial_ms": 300_000, "increment_ms": 3000, "rated": true});
    let first = call(
        a.addr,
        "POST",
        "/api/seeks",
        Some(&alice),
        Some(&rated),
        &[],
    )
    .await;
    assert_eq!(first.status, 201, "{}", first.text());
    let id = first.json()["id"].as_str().expect("id").to_string();
    let second = call(b.addr, "POST", "/api/seeks", Some(&bob), Some(&rated), &[]).await;
    assert_eq!(second.status, 200, "paired across nodes: {}", second.text());
    let bobs = second.json();
    let alices = http::get(a.addr, &format!("/api/seeks/{id}")).await.json();
    assert_eq!(alices["status"], "paired", "{alices}");
    assert_eq!(alices["room"], bobs["room"]);
    let code = bobs["room"].as_str().expect("room").to_string();
    let (red_seat, black_seat, red_name) = if alices["color"] == "red" {
        (&alices["seat"], &bobs["seat"], "node_alice")
    } else {
        (&bobs["seat"], &alices["seat"], "node_bob")
    };
    let seat = |v: &Value| v.as_str().expect("seat").to_string();
    let mut red = Client::join(a.addr, &code, "red on a", Some(&seat(red_seat))).await;
    let mut black = Client::join(b.addr, &code, "black on b", Some(&seat(black_seat))).await;
    until_both_here(&mut red).await;
    play(&mut red, &mut black, &mut [], 0, &FIVE_PLY_MATE).await;

    // Glicko-2 for two new players, Red wins: 1662.31 (Glickman's formulas), read on a third
    // node.
    let profile = http::get(c.addr, &format!("/api/players/{red_name}"))
        .await
        .json();
    let rating = profile["ratings"]["blitz"]["rating"]
        .as_f64()
        .expect("rating");
    assert!((rating - 1662.31).abs() < 0.01, "{profile}");
    for name in ["node_alice", "node_bob"] {
        let games = http::get(c.addr, &format!("/api/players/{name}/games"))
            .await
            .json();
        assert_eq!(games["games"][0]["rated"], true, "{games}");
    }
}
