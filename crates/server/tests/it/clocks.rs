//! Clocks against `docs/protocol.md`: no clock runs before Red's first move, the increment is
//! added to the mover, a flag falls by the server's own timer when nobody sends anything,
//! and a reconnect that replays events ends with a `clocks` notice.

use crate::common;

use common::{table, Client};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[tokio::test]
async fn the_flag_falls_by_itself() {
    let s = common::start().await;
    let mut t = table(
        s.addr,
        &json!({"time_control": {"initial_s": 1, "increment_s": 0}}),
    )
    .await;
    let moved = Instant::now();
    let ev = t.play(0, &["h2e2"]).await;
    assert_eq!(ev["red_ms"], 1000, "Red's clock did not run: {ev}");
    assert_eq!(ev["black_ms"], 1000);
    assert_eq!(ev["game"]["clocks"]["running"], "black");

    // Nobody sends anything: the server's timer ends the game.
    let flag = t.red.expect_event("flag").await;
    let waited = moved.elapsed();
    t.black.expect_event("flag").await;
    assert!(
        waited >= Duration::from_millis(900) && waited < Duration::from_secs(4),
        "the flag fell after {waited:?}"
    );
    assert_eq!(flag["color"], "black");
    let g = &flag["game"];
    assert_eq!(g["status"]["result"], "red", "{g}");
    assert_eq!(g["status"]["reason"], "time_forfeit");
    assert_eq!(g["clocks"]["black_ms"], 0);
    assert_eq!(g["clocks"]["red_ms"], 1000);
    assert_eq!(g["clocks"]["running"], Value::Null);
    assert_eq!(g["legal"], json!([]));
    t.black.send_move(1, "h9g7").await;
    t.black.expect_error("game_over").await;
    let rec = common::game(s.addr, &t.code).await;
    assert_eq!(rec["status"]["reason"], "time_forfeit");
    assert_eq!(rec["moves"], json!(["h2e2"]));
}

#[tokio::test]
async fn no_clock_runs_before_reds_first_move() {
    let s = common::start().await;
    let t = table(
        s.addr,
        &json!({"time_control": {"initial_s": 1, "increment_s": 0}}),
    )
    .await;
    let mut w = Client::hello(s.addr, &t.code, "watcher", None, 0).await;
    let st = w.expect_state().await;
    assert_eq!(
        st["game"]["clocks"],
        json!({"red_ms": 1000, "black_ms": 1000, "running": null})
    );
    w.close().await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let mut w = Client::hello(s.addr, &t.code, "watcher", None, 0).await;
    let st = w.expect_state().await;
    assert_eq!(st["game"]["status"]["result"], "ongoing");
    assert_eq!(st["game"]["clocks"]["red_ms"], 1000);
}

#[tokio::test]
async fn the_increment_goes_to_the_mover_and_only_the_side_to_move_runs() {
    let s = common::start().await;
    let mut t = table(
        s.addr,
        &json!({"time_control": {"initial_s": 60, "increment_s": 2}}),
    )
    .await;
    let ev = t.play(0, &["h2e2"]).await;
    assert_eq!(ev["red_ms"], 62_000);
    assert_eq!(ev["black_ms"], 60_000);
    assert_eq!(ev["game"]["clocks"]["red_ms"], 62_000);
    assert_eq!(ev["game"]["clocks"]["running"], "black");
    tokio::time::sleep(Duration::from_millis(150)).await;
    let ev = t.play(1, &["h9g7"]).await;
    let black = ev["black_ms"].as_i64().unwrap();
    assert!(
        (60_000..=61_850).contains(&black),
        "Black spent at least 150 ms and got 2 s: {black}"
    );
    assert_eq!(ev["red_ms"], 62_000, "Red's clock stood still");
    assert_eq!(ev["game"]["clocks"]["running"], "red");
}

#[tokio::test]
async fn a_replay_of_missed_events_ends_with_the_current_clocks() {
    let s = common::start().await;
    let mut t = table(
        s.addr,
        &json!({"time_control": {"initial_s": 60, "increment_s": 0}}),
    )
    .await;
    t.play(0, &["h2e2", "h9g7"]).await;
    let seen = t.black.v;
    // Black's old socket stays open unread; Red moves; Black comes back.
    t.red.send_move(2, "h0g2").await;
    t.red.expect_move("h0g2").await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut b = Client::hello(s.addr, &t.code, "black2", Some(&t.black_seat), seen).await;
    let ev = b.expect_move("h0g2").await;
    let replayed = ev["game"]["clocks"]["black_ms"].as_i64().unwrap();
    let clocks = loop {
        let m = b.recv().await;
        match m["t"].as_str() {
            Some("clocks") => break m["clocks"].clone(),
            Some("presence") => {}
            _ => panic!("expected clocks after the replay, got {m}"),
        }
    };
    assert_eq!(clocks["running"], "black");
    let now = clocks["black_ms"].as_i64().unwrap();
    assert!(
        now <= replayed - 80,
        "the clocks notice is current ({now}) and the replayed event is of its time ({replayed})"
    );
    assert_eq!(clocks["red_ms"], ev["red_ms"]);
}
