//! The cluster heals by itself (issue 30): 60 games played without pause over three real
//! `xiangqi serve` nodes on one PostgreSQL and one Redis, through three faults in turn —
//! PostgreSQL stopped 10 s, Redis stopped 10 s, the owner of most rooms killed with
//! SIGKILL. Each player sits on its own node, reconnects with its last event number
//! whenever its socket closes (moving on to the next node when one refuses the
//! connection), and plays a legal move whenever it is its turn.
//!
//! It asserts that no client is ever sent back (a `state` older than what it has, an event
//! out of order), that every game moves again within 5 s of each recovery (for the kill: of
//! the lease's lapse, [`LEASE_TTL`] after it), and that at the end every node's record of
//! every room holds exactly the moves its players saw confirmed: none lost, none doubled.
//! It prints the longest stall after each fault.
//!
//! It needs PostgreSQL, Redis and the release binary, so it is ignored in the ordinary run;
//! `scripts/cluster-test` runs it with `XIANGQI_TEST_POSTGRES_URL`,
//! `XIANGQI_TEST_POSTGRES_STOP`/`_START`, `XIANGQI_TEST_REDIS_URL`,
//! `XIANGQI_TEST_REDIS_STOP`/`_START` (shell commands) and `XIANGQI_BIN` set.

use crate::common;

use super::cluster::{start_node_with, Node};
use super::postgres_outage::run as sh;
use common::http;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use xiangqi_server::Database;
use xiangqi_view::protocol::ClientMessage;

/// Games played at once.
const GAMES: usize = 60;
/// How long each fault lasts.
const OUTAGE: Duration = Duration::from_secs(10);
/// How long play goes on between faults (and before the first).
const CALM: Duration = Duration::from_secs(8);
/// The longest a game may wait for its next move once the cluster has recovered.
const HEAL_LIMIT: Duration = Duration::from_secs(5);
/// How long a dead owner's rooms wait for its lease to lapse (the server's `LEASE_TTL`).
const LEASE_TTL: Duration = Duration::from_secs(3);
/// How long a player thinks before each move.
const THINK: Duration = Duration::from_millis(250);
/// How long a player waits for its move to come back before sending it again (a refused
/// move, say while the opponent reconnects).
const RESEND_AFTER: Duration = Duration::from_millis(700);
/// How long a player waits before reconnecting.
const RECONNECT_WAIT: Duration = Duration::from_millis(100);

/// Starts node `name` for this test: every socket of the test comes from one address, so
/// the per-address limits are lifted.
async fn start_node(dir: &Path, database: &str, name: &str) -> Node {
    let unlimited = [
        "--max-connections-per-ip",
        "100000",
        "--rooms-per-minute",
        "0",
        "--joins-per-minute",
        "0",
        "--room-misses-per-minute",
        "0",
    ];
    start_node_with(dir, database, name, &unlimited).await
}

/// What one player saw, shared with the test.
#[derive(Default)]
struct Seen {
    /// When the player first saw each length of the move list (index: length − 1).
    reached: Vec<Instant>,
    /// The moves as last seen.
    moves: Vec<String>,
    /// The game is over.
    over: bool,
    /// Messages that would have sent the player back: a state older than what it had, an
    /// event not numbered one after its last.
    regressions: Vec<String>,
    /// Sockets opened.
    connections: u32,
}

/// One player: its room, seat, colour and the nodes it may use (its own first).
struct Player {
    code: String,
    seat: String,
    color: &'static str,
    nodes: Vec<SocketAddr>,
    game: usize,
    seen: Arc<Mutex<Seen>>,
}

impl Player {
    /// Plays until `stop`: connects, says hello with its last event number, reads, moves
    /// when it is its turn; on any close, reconnects (to its next node when one refuses).
    async fn run(self, stop: Arc<AtomicBool>) {
        let mut v = 0u64;
        let mut node = 0usize;
        while !stop.load(Ordering::Relaxed) {
            let url = format!("ws://{}/ws/rooms/{}", self.nodes[node], self.code);
            let connect = tokio_tungstenite::connect_async_with_config(&url, None, true);
            let Ok(Ok((mut ws, _))) = tokio::time::timeout(Duration::from_secs(2), connect).await
            else {
                node = (node + 1) % self.nodes.len();
                tokio::time::sleep(RECONNECT_WAIT).await;
                continue;
            };
            self.seen.lock().expect("seen").connections += 1;
            let hello = ClientMessage::Hello {
                seat: Some(self.seat.clone()),
                watch: None,
                v,
            }
            .to_json();
            if ws.send(Message::text(hello)).await.is_err() {
                continue;
            }
            // The move sent and when, awaiting its event.
            let mut pending: Option<(usize, Instant)> = None;
            let mut game: Option<Value> = None;
            let mut think_until = Instant::now() + THINK;
            loop {
                if stop.load(Ordering::Relaxed) {
                    let _ = ws.close(None).await;
                    return;
                }
                if let Some(g) = &game {
                    let ply = g["moves"].as_array().map_or(0, Vec::len);
                    let mine = g["turn"] == self.color && g["status"]["result"] == "ongoing";
                    let due =
                        pending.is_none_or(|(p, at)| p != ply || at.elapsed() >= RESEND_AFTER);
                    if mine && due && Instant::now() >= think_until {
                        if let Some(mv) = pick(g, self.game, ply) {
                            let msg = ClientMessage::Move {
                                ply,
                                mv: mv.clone(),
                            }
                            .to_json();
                            if ws.send(Message::text(msg)).await.is_err() {
                                break;
                            }
                            pending = Some((ply, Instant::now()));
                        }
                    }
                }
                let next = tokio::time::timeout(Duration::from_millis(50), ws.next()).await;
                let text = match next {
                    Err(_) => continue,
                    Ok(Some(Ok(Message::Text(t)))) => t,
                    Ok(Some(Ok(Message::Close(_)) | Err(_)) | None) => break,
                    Ok(Some(Ok(_))) => continue,
                };
                let Ok(msg) = serde_json::from_str::<Value>(text.as_str()) else {
                    continue;
                };
                let Some(got) = msg["v"].as_u64() else {
                    continue;
                };
                let kind = msg["t"].as_str().unwrap_or_default();
                let regression = match kind {
                    "state" if got < v => Some(format!("state {got} after {v}")),
                    "event" if got != v + 1 => Some(format!("event {got} after {v}")),
                    _ => None,
                };
                if let Some(r) = regression {
                    self.seen.lock().expect("seen").regressions.push(r);
                    continue;
                }
                if kind != "state" && kind != "event" {
                    continue;
                }
                v = got;
                let g = msg["game"].clone();
                let moves: Vec<String> = g["moves"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|m| m.as_str().map(String::from))
                            .collect()
                    })
                    .unwrap_or_default();
                {
                    let mut seen = self.seen.lock().expect("seen");
                    let now = Instant::now();
                    while seen.reached.len() < moves.len() {
                        seen.reached.push(now);
                    }
                    seen.over = g["status"]["result"] != "ongoing";
                    seen.moves = moves;
                }
                if g["turn"] == self.color {
                    think_until = Instant::now() + THINK;
                }
                game = Some(g);
            }
            tokio::time::sleep(RECONNECT_WAIT).await;
        }
    }
}

/// A legal move of the snapshot `game` for game `g` at `ply`, chosen by a fixed rule so a
/// failing run can be replayed.
fn pick(game: &Value, g: usize, ply: usize) -> Option<String> {
    let legal = game["legal"].as_array()?;
    if legal.is_empty() {
        return None;
    }
    let i = (g * 7919 + ply * 104_729 + ply * ply * 31) % legal.len();
    legal[i].as_str().map(String::from)
}

/// One game's two players' records.
struct Game {
    code: String,
    red: Arc<Mutex<Seen>>,
    black: Arc<Mutex<Seen>>,
}

impl Game {
    /// When both players had first seen `n` moves or more (`None`: one has not yet).
    fn confirmed(&self, n: usize) -> Option<Instant> {
        let r = *self.red.lock().expect("seen").reached.get(n - 1)?;
        let b = *self.black.lock().expect("seen").reached.get(n - 1)?;
        Some(r.max(b))
    }

    /// How many moves both players had seen by `at`.
    fn confirmed_by(&self, at: Instant) -> usize {
        let mut n = 0;
        while self.confirmed(n + 1).is_some_and(|t| t <= at) {
            n += 1;
        }
        n
    }

    /// How long after `from` the game's next move was confirmed to both players; `None`
    /// when it was over by then (nothing to wait for) — `Some(MAX)` when it never moved.
    fn stall_after(&self, from: Instant) -> Option<Duration> {
        let n = self.confirmed_by(from);
        let over = self.red.lock().expect("seen").over || self.black.lock().expect("seen").over;
        match self.confirmed(n + 1) {
            Some(t) => Some(t.duration_since(from)),
            None if over => None,
            None => Some(Duration::MAX),
        }
    }
}

/// The longest stall over `games` after `from`, and the number of games that moved again.
fn longest_stall(games: &[Game], from: Instant) -> (Duration, usize) {
    let stalls: Vec<Duration> = games.iter().filter_map(|g| g.stall_after(from)).collect();
    (
        stalls.iter().copied().max().unwrap_or_default(),
        stalls.len(),
    )
}

/// Counts, per node, the rooms of `codes` whose lease names it (node ids begin with the
/// node's name and a dash).
async fn leases(database: &str, codes: &[String]) -> Vec<(String, i64)> {
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut conn = sqlx::AnyConnection::connect(database)
        .await
        .expect("connect to PostgreSQL");
    let rows = sqlx::query("SELECT node, code FROM room_leases")
        .fetch_all(&mut conn)
        .await
        .expect("read the leases");
    let mut counts: Vec<(String, i64)> = Vec::new();
    for row in rows {
        use sqlx::Row;
        let node: String = row.get("node");
        let code: String = row.get("code");
        if !codes.contains(&code) {
            continue;
        }
        let name = node.split('-').next().unwrap_or_default().to_string();
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, c)) => *c += 1,
            None => counts.push((name, 1)),
        }
    }
    counts.sort_by_key(|(_, c)| -*c);
    counts
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL, Redis and the release binary: run by scripts/cluster-test"]
async fn sixty_games_heal_after_a_database_outage_a_redis_outage_and_a_killed_owner() {
    let dir = tempfile::tempdir().expect("temp dir");
    let db = match common::postgres_for(dir.path()).await {
        Some(Database::Postgres(url)) => url,
        _ => panic!("needs {} (scripts/cluster-test)", common::TEST_POSTGRES_ENV),
    };
    let mut nodes = vec![
        start_node(dir.path(), &db, "a").await,
        start_node(dir.path(), &db, "b").await,
        start_node(dir.path(), &db, "c").await,
    ];
    let addrs: Vec<SocketAddr> = nodes.iter().map(|n| n.addr).collect();
    let stop = Arc::new(AtomicBool::new(false));
    let mut games = Vec::new();
    let mut tasks = Vec::new();
    for g in 0..GAMES {
        // Created on one node, joined through the next; Red plays on a third, Black on the
        // creator's: most moves cross nodes.
        let home = g % 3;
        let r = http::post(addrs[home], "/api/rooms", &json!({})).await;
        assert_eq!(r.status, 201, "create: {}", r.text());
        let created = r.json();
        let code = created["code"].as_str().expect("code").to_string();
        assert_eq!(created["color"], "red");
        let r = http::post(
            addrs[(home + 1) % 3],
            &format!("/api/rooms/{code}/join"),
            &json!({}),
        )
        .await;
        assert_eq!(r.status, 200, "join: {}", r.text());
        let black_seat = r.json()["seat"].as_str().expect("seat").to_string();
        let order =
            |first: usize| -> Vec<SocketAddr> { (0..3).map(|i| addrs[(first + i) % 3]).collect() };
        let (red, black) = (Arc::default(), Arc::default());
        for (color, seat, first, seen) in [
            (
                "red",
                created["seat"].as_str().expect("seat").to_string(),
                (home + 2) % 3,
                &red,
            ),
            ("black", black_seat, home, &black),
        ] {
            let player = Player {
                code: code.clone(),
                seat,
                color,
                nodes: order(first),
                game: g,
                seen: Arc::clone(seen),
            };
            tasks.push(tokio::spawn(player.run(Arc::clone(&stop))));
        }
        games.push(Game { code, red, black });
    }
    let codes: Vec<String> = games.iter().map(|g| g.code.clone()).collect();
    tokio::time::sleep(CALM).await;
    let before = Instant::now();
    let moved = games.iter().filter(|g| g.confirmed_by(before) > 0).count();
    assert_eq!(moved, GAMES, "every game is under way before the faults");

    let mut report = Vec::new();
    // PostgreSQL stopped for 10 s.
    sh("XIANGQI_TEST_POSTGRES_STOP");
    tokio::time::sleep(OUTAGE).await;
    sh("XIANGQI_TEST_POSTGRES_START");
    let back = Instant::now();
    tokio::time::sleep(CALM).await;
    report.push(("PostgreSQL stopped 10 s", back, HEAL_LIMIT));

    // Redis stopped for 10 s.
    sh("XIANGQI_TEST_REDIS_STOP");
    tokio::time::sleep(OUTAGE).await;
    sh("XIANGQI_TEST_REDIS_START");
    let back = Instant::now();
    tokio::time::sleep(CALM).await;
    report.push(("Redis stopped 10 s", back, HEAL_LIMIT));

    // The owner of most rooms killed: its rooms run again elsewhere once its lease lapses.
    let owners = leases(&db, &codes).await;
    let (victim, owned) = owners.first().cloned().expect("some room has an owner");
    let i = nodes
        .iter()
        .position(|n| n.name == victim)
        .expect("the owner is one of the nodes");
    let mut killed = nodes.remove(i);
    killed.kill();
    let dead = Instant::now();
    tokio::time::sleep(CALM + LEASE_TTL).await;
    report.push((
        "owner of most rooms killed (from the kill)",
        dead,
        LEASE_TTL + HEAL_LIMIT,
    ));
    eprintln!("leases before the kill: {owners:?}; killed {victim} ({owned} rooms)");

    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = t.await;
    }

    // Never sent back.
    let mut regressions = Vec::new();
    for g in &games {
        for seen in [&g.red, &g.black] {
            regressions.extend(seen.lock().expect("seen").regressions.clone());
        }
    }
    assert!(regressions.is_empty(), "clients sent back: {regressions:?}");

    // Every game moved again within the limit of each recovery.
    let mut failures = Vec::new();
    for (fault, from, limit) in &report {
        let (stall, counted) = longest_stall(&games, *from);
        eprintln!(
            "{fault}: longest stall after recovery {:.2} s over {counted} games in play",
            stall.as_secs_f64()
        );
        if stall > *limit {
            let stuck: Vec<&str> = games
                .iter()
                .filter(|g| g.stall_after(*from).is_some_and(|s| s > *limit))
                .map(|g| g.code.as_str())
                .collect();
            failures.push(format!("{fault}: stuck > {limit:?}: {stuck:?}"));
        }
    }

    // None lost, none doubled: every live node's record of every room is what its players saw.
    let mut played = 0;
    for g in &games {
        let red = g.red.lock().expect("seen").moves.clone();
        let black = g.black.lock().expect("seen").moves.clone();
        let seen = if red.len() >= black.len() { red } else { black };
        played += seen.len();
        for node in &nodes {
            let r = http::get(node.addr, &format!("/api/rooms/{}/game", g.code)).await;
            assert_eq!(r.status, 200, "{}", r.text());
            let stored: Vec<String> =
                serde_json::from_value(r.json()["moves"].clone()).expect("moves");
            assert!(
                stored.starts_with(&seen) && stored.len() <= seen.len() + 1,
                "room {} on node {}: stored {stored:?}, seen {seen:?}",
                g.code,
                node.name
            );
        }
    }
    let over = games
        .iter()
        .filter(|g| g.red.lock().expect("seen").over)
        .count();
    let connections: u32 = games
        .iter()
        .map(|g| {
            g.red.lock().expect("seen").connections + g.black.lock().expect("seen").connections
        })
        .sum();
    eprintln!(
        "{GAMES} games, {played} moves confirmed, {over} finished, {connections} sockets opened, \
         0 lost, 0 doubled, 0 sent back"
    );
    if !failures.is_empty() {
        for name in ["a", "b", "c"] {
            let log =
                std::fs::read_to_string(dir.path().join(format!("{name}.log"))).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(15).collect();
            eprintln!("--- last lines of node {name}'s log");
            for line in tail.iter().rev() {
                eprintln!("{line}");
            }
        }
    }
    assert!(failures.is_empty(), "{failures:?}");
}
