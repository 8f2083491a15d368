//! A second server on the same data directory rebuilds every room from the event log: the
//! moves, seats, clocks as stored with the last move, history and numbering all come back.
//! (The real binary killed with SIGKILL is tested in `crates/cli/tests/it/serve_restart.rs`.)

use crate::common;

use common::{table, Client};
use serde_json::json;
use std::time::Instant;
use xiangqi_server::WallClock;
use xiangqi_view::protocol::ClientMessage;

#[tokio::test]
async fn a_new_server_on_the_same_data_dir_has_every_room() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, _app, task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut t = table(
        addr,
        &json!({"time_control": {"initial_s": 120, "increment_s": 1}}),
    )
    .await;
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
    let last = t.play(0, &moves).await;
    let (red_ms, black_ms) = (
        last["red_ms"].as_i64().unwrap(),
        last["black_ms"].as_i64().unwrap(),
    );
    let v = t.red.v;
    // A second, finished room with a history.
    let mut u = table(addr, &json!({})).await;
    u.red.send(&ClientMessage::Resign).await;
    u.red.expect_event("resign").await;
    task.abort();
    drop((t.red, t.black, u.red, u.black));

    let restarted = Instant::now();
    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let rec = common::game(addr, &t.code).await;
    assert_eq!(rec["moves"], json!(moves));
    assert_eq!(rec["status"]["result"], "ongoing");

    // Nobody is connected after the restart: no clock runs, however long the wait.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let mut red = Client::hello(addr, &t.code, "red", Some(&t.red_seat), 0).await;
    let st = red.expect_state().await;
    assert_eq!(st["you"], "red", "the seat token still works");
    assert_eq!(st["v"].as_u64(), Some(v), "event numbers continue");
    let clocks = &st["game"]["clocks"];
    assert_eq!(
        clocks["running"],
        serde_json::Value::Null,
        "Red is to move, Black is away: {clocks}"
    );
    assert_eq!(clocks["black_ms"].as_i64(), Some(black_ms));
    assert_eq!(
        clocks["red_ms"].as_i64(),
        Some(red_ms),
        "the replay charged nobody"
    );
    let mut black = Client::join(addr, &t.code, "black", Some(&t.black_seat)).await;
    // Black is back: Red's clock runs from its stored value, and Red is told.
    let clocks = loop {
        let m = red.recv().await;
        if m["t"] == "clocks" {
            break m["clocks"].clone();
        }
    };
    assert_eq!(clocks["running"], "red");
    let red_now = clocks["red_ms"].as_i64().unwrap();
    let since = i64::try_from(restarted.elapsed().as_millis()).unwrap();
    assert!(
        red_now <= red_ms && red_now >= red_ms - since - 20,
        "Red's clock resumes from its stored {red_ms} ms: {red_now} after {since} ms"
    );
    red.send_move(4, "i0h0").await;
    let ev = red.expect_move("i0h0").await;
    assert_eq!(ev["v"].as_u64(), Some(v + 1));
    black.expect_move("i0h0").await;

    let rec = common::game(addr, &u.code).await;
    assert_eq!(rec["status"]["reason"], "resignation");
    let mut w = Client::hello(addr, &u.code, "watcher", None, 0).await;
    let st = w.expect_state().await;
    assert_eq!(
        st["game"]["history"],
        json!([{"round": 1, "result": "black", "reason": "resignation", "moves": 0}])
    );
}
