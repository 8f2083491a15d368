//! Graceful shutdown (`Server::run_until`): the server stops accepting, the rooms finish
//! what they hold, every game socket is closed with 1012 "server restarting" (the browser
//! reconnects after it), and `run_until` returns; a restarted server has every confirmed
//! move.

use crate::common;

use common::{http, table, FIVE_PLY_MATE};
use serde_json::json;
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tokio::sync::oneshot;
use xiangqi_server::{Config, Server, WallClock};

/// A server on `dir` whose graceful stop begins when the sender is used or dropped.
async fn stoppable(dir: &Path) -> (SocketAddr, oneshot::Sender<()>, tokio::task::JoinHandle<()>) {
    let config = Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        data_dir: dir.to_path_buf(),
        database: common::postgres_for(dir).await,
        max_searches: 1,
        ..Config::default()
    };
    let server = Server::bind(config, WallClock::System)
        .await
        .expect("server binds");
    let addr = server.local_addr();
    let (stop, stopped) = oneshot::channel::<()>();
    let task = tokio::spawn(async move {
        let begin = async {
            let _ = stopped.await;
        };
        server.run_until(begin).await.expect("serves");
    });
    (addr, stop, task)
}

#[tokio::test]
async fn stopping_closes_game_sockets_with_the_restart_code() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, stop, task) = stoppable(dir.path()).await;
    let mut t = table(addr, &json!({})).await;
    let mut watcher = common::Client::join(addr, &t.code, "watcher", None).await;
    t.play(0, &FIVE_PLY_MATE[..2]).await;

    let _ = stop.send(());
    for c in [&mut t.red, &mut t.black, &mut watcher] {
        let frame = c.close_frame(Duration::from_secs(5)).await;
        assert_eq!(
            frame,
            Some((1012, "server restarting".to_string())),
            "{}: a stopping server says it restarts",
            c.name
        );
    }
    tokio::time::timeout(Duration::from_secs(10), task)
        .await
        .expect("run_until returns once stopped")
        .expect("no panic");
    assert!(
        tokio::net::TcpStream::connect(addr).await.is_err(),
        "a stopped server accepts nothing"
    );
}

#[tokio::test]
async fn a_move_confirmed_before_stopping_is_there_after_the_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, stop, task) = stoppable(dir.path()).await;
    let mut t = table(addr, &json!({})).await;
    // The third move is sent and the stop begins at once; whatever was confirmed is kept.
    t.play(0, &FIVE_PLY_MATE[..2]).await;
    t.red.send_move(2, FIVE_PLY_MATE[2]).await;
    let _ = stop.send(());
    let mut confirmed = 2;
    while let Some(msg) = t.red.recv_raw_or_close().await {
        if msg["t"] == "event" && msg["kind"] == "move" {
            confirmed = 3;
        }
    }
    tokio::time::timeout(Duration::from_secs(10), task)
        .await
        .expect("run_until returns once stopped")
        .expect("no panic");

    let (addr, _stop, _task) = stoppable(dir.path()).await;
    let game = http::get(addr, &format!("/api/rooms/{}/game", t.code))
        .await
        .json();
    let moves = game["moves"].as_array().map_or(0, Vec::len);
    assert!(
        moves >= confirmed,
        "every confirmed move survives a stop: {confirmed} confirmed, {game}"
    );
}
