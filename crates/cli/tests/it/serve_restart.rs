//! The real binary: `xiangqi serve` on a free port, moves played in a timed room over two
//! WebSockets, the process killed with SIGKILL, restarted on the same data directory, and
//! every confirmed move and the stored clocks are there (docs/protocol.md, "Clocks": the side
//! to move resumes from its value at the last move; the downtime is charged to no one). And
//! SIGTERM: the game sockets are closed with 1012 "server restarting", the process exits 0.

#[allow(dead_code)] // shared with the server's tests, which use more of it
#[path = "../../../server/tests/it/common/http.rs"]
mod http;
#[allow(dead_code)]
#[path = "../../../server/tests/it/common/ws.rs"]
mod ws;

use serde_json::json;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use ws::Client;

/// The server process, killed when the test ends however it ends.
struct ServerProcess(Child);

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    l.local_addr().expect("local addr")
}

/// Starts `xiangqi serve` and waits until it answers `/api/health`.
async fn serve(addr: SocketAddr, data_dir: &Path, log_name: &str) -> ServerProcess {
    serve_with(addr, data_dir, log_name, "warn", Stdio::null()).await
}

/// Starts `xiangqi serve` with `RUST_LOG=rust_log`, stderr into `log_name` and stdout into
/// `stdout`, and waits until it answers `/api/health`.
async fn serve_with(
    addr: SocketAddr,
    data_dir: &Path,
    log_name: &str,
    rust_log: &str,
    stdout: Stdio,
) -> ServerProcess {
    let log = std::fs::File::create(data_dir.join(log_name)).expect("log file");
    let child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["serve", "--addr", &addr.to_string(), "--data-dir"])
        .arg(data_dir)
        .env("RUST_LOG", rust_log)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(log)
        .spawn()
        .expect("xiangqi serve starts");
    let mut server = ServerProcess(child);
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        if let Some(status) = server.0.try_wait().expect("try_wait") {
            let log = std::fs::read_to_string(data_dir.join(log_name)).unwrap_or_default();
            panic!("xiangqi serve exited with {status}: {log}");
        }
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            let r = http::get(addr, "/api/health").await;
            assert_eq!(r.status, 200, "{}", r.text());
            return server;
        }
        assert!(
            Instant::now() < deadline,
            "xiangqi serve never listened on {addr}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn logs_go_to_stderr_and_nothing_to_stdout() {
    let dir = tempfile::tempdir().expect("temp dir");
    let addr = free_addr();
    let out = std::fs::File::create(dir.path().join("stdout")).expect("stdout file");
    let server = serve_with(addr, dir.path(), "stderr", "info", out.into()).await;
    let r = http::post(addr, "/api/rooms", &json!({})).await;
    assert_eq!(r.status, 201, "{}", r.text());
    drop(server);
    let stdout = std::fs::read_to_string(dir.path().join("stdout")).expect("stdout");
    let stderr = std::fs::read_to_string(dir.path().join("stderr")).expect("stderr");
    assert_eq!(stdout, "", "README: logs go to stderr");
    assert!(stderr.contains("room created"), "{stderr}");
}

#[tokio::test]
async fn loadtest_saves_what_was_confirmed_when_the_server_dies_mid_run() {
    let dir = tempfile::tempdir().expect("temp dir");
    let addr = free_addr();
    let server = serve(addr, dir.path(), "server.log").await;
    let saved = dir.path().join("games.jsonl");
    let mut loadtest = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["loadtest", "--server", &format!("http://{addr}")])
        .args([
            "--games",
            "3",
            "--rate",
            "20",
            "--warmup",
            "0",
            "--duration",
            "60",
        ])
        .arg("--save")
        .arg(&saved)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("xiangqi loadtest starts");
    tokio::time::sleep(Duration::from_secs(3)).await;
    drop(server); // SIGKILL, mid-run
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = loadtest.try_wait().expect("try_wait") {
            break status;
        }
        if Instant::now() > deadline {
            let _ = loadtest.kill();
            panic!("loadtest still runs 30 s after the server died");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(!status.success(), "the records could not be checked");
    let text = std::fs::read_to_string(&saved).expect("the games were saved");
    let games: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(games.len(), 3, "{text}");
    assert!(
        games
            .iter()
            .any(|g| g["moves"].as_array().is_some_and(|m| !m.is_empty())),
        "moves were confirmed before the server died: {text}"
    );
}

#[tokio::test]
async fn every_confirmed_move_and_the_clocks_survive_sigkill() {
    let dir = tempfile::tempdir().expect("temp dir");
    let addr = free_addr();
    let server = serve(addr, dir.path(), "first.log").await;

    // A timed room, both players connected.
    let r = http::post(
        addr,
        "/api/rooms",
        &json!({"time_control": {"initial_s": 300, "increment_s": 2}}),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let created = r.json();
    let code = created["code"].as_str().expect("code").to_string();
    let red_seat = created["seat"].as_str().expect("seat").to_string();
    let r = http::post(addr, &format!("/api/rooms/{code}/join"), &json!({})).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let black_seat = r.json()["seat"].as_str().expect("seat").to_string();
    let mut red = Client::join(addr, &code, "red", Some(&red_seat)).await;
    let mut black = Client::join(addr, &code, "black", Some(&black_seat)).await;

    // Five moves, each confirmed to both; Black's clock runs after the last.
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"];
    let mut last = serde_json::Value::Null;
    for (ply, mv) in moves.iter().enumerate() {
        if ply % 2 == 0 {
            red.send_move(ply, mv).await;
        } else {
            black.send_move(ply, mv).await;
        }
        last = red.expect_move(mv).await;
        black.expect_move(mv).await;
        tokio::time::sleep(Duration::from_millis(30)).await;
    }
    let red_ms = last["red_ms"].as_i64().expect("red_ms");
    let black_ms = last["black_ms"].as_i64().expect("black_ms");
    assert_eq!(last["game"]["clocks"]["running"], "black");
    assert!(red_ms > 300_000, "Red got its increments: {red_ms}");
    let v = red.v;

    // SIGKILL, a second of downtime, then the same data directory again.
    drop(server);
    drop((red, black));
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let restarted = Instant::now();
    let _server = serve(addr, dir.path(), "second.log").await;

    let r = http::get(addr, &format!("/api/rooms/{code}/game")).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let rec = r.json();
    assert_eq!(rec["moves"], json!(moves), "every confirmed move is there");
    assert_eq!(rec["status"]["result"], "ongoing");

    let mut red = Client::hello(addr, &code, "red", Some(&red_seat), 0).await;
    let st = red.expect_state().await;
    assert_eq!(st["you"], "red");
    assert_eq!(st["v"].as_u64(), Some(v));
    assert_eq!(st["game"]["moves"], json!(moves));
    let clocks = &st["game"]["clocks"];
    assert_eq!(clocks["running"], "black");
    assert_eq!(
        clocks["red_ms"].as_i64(),
        Some(red_ms),
        "Red's clock as stored"
    );
    let black_now = clocks["black_ms"].as_i64().expect("black_ms");
    let since = i64::try_from(restarted.elapsed().as_millis()).expect("ms");
    assert!(
        black_now <= black_ms && black_now >= black_ms - since - 20,
        "Black's clock resumes from its stored {black_ms} ms, the downtime not charged: \
         {black_now} ms, {since} ms after the restart began"
    );

    // The game goes on: Black (reconnecting with the last event it saw) replies.
    let mut black = Client::hello(addr, &code, "black", Some(&black_seat), v).await;
    let st = black.expect_state().await;
    assert_eq!(st["you"], "black");
    red.expect_presence().await;
    black.send_move(5, "b9c7").await;
    let ev = black.expect_move("b9c7").await;
    red.expect_move("b9c7").await;
    assert_eq!(ev["v"].as_u64(), Some(v + 1));
    let after = ev["black_ms"].as_i64().expect("black_ms");
    assert!(
        after <= black_ms + 2000 && after > black_ms - 10_000,
        "{after}"
    );
}

#[tokio::test]
async fn sigterm_closes_game_sockets_as_restarting_and_exits_cleanly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let addr = free_addr();
    let mut server = serve(addr, dir.path(), "sigterm.log").await;
    let r = http::post(addr, "/api/rooms", &json!({})).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let created = r.json();
    let code = created["code"].as_str().expect("code").to_string();
    let seat = created["seat"].as_str().expect("seat").to_string();
    let mut red = Client::join(addr, &code, "red", Some(&seat)).await;

    let pid = server.0.id().to_string();
    let sent = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "SIGTERM sent");
    assert_eq!(
        red.close_frame(Duration::from_secs(5)).await,
        Some((1012, "server restarting".to_string())),
        "the browser is told the server restarts"
    );
    let deadline = Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = server.0.try_wait().expect("try_wait") {
            break status;
        }
        assert!(Instant::now() < deadline, "xiangqi serve did not stop");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let log = std::fs::read_to_string(dir.path().join("sigterm.log")).unwrap_or_default();
    assert!(status.success(), "a graceful stop exits 0: {status}: {log}");
}
