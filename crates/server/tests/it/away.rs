//! Players who leave (issue 12, item 10): every pause and resume of a clock is told to
//! everyone with the `running` flag; a hello's snapshot shows the clock as synced for it;
//! a player whose opponent stays away may claim the win or abort; anyone seated may abort
//! before both sides have moved.

use crate::common;

use common::{table, Client};
use serde_json::{json, Value};
use std::time::Duration;
use xiangqi_server::WallClock;
use xiangqi_view::protocol::ClientMessage;

/// Reads `c`'s messages until a `clocks` notice; returns its clocks.
async fn next_clocks(c: &mut Client) -> Value {
    loop {
        let m = c.recv().await;
        match m["t"].as_str() {
            Some("clocks") => return m["clocks"].clone(),
            Some("presence") => {}
            _ => panic!("expected a clocks notice, got {m}"),
        }
    }
}

const TIMED: &str = r#"{"time_control": {"initial_s": 60, "increment_s": 0}}"#;

#[tokio::test]
async fn a_pause_and_a_resume_are_told_to_everyone_with_the_running_flag() {
    let s = common::start().await;
    let timed: Value = serde_json::from_str(TIMED).expect("json");
    let mut t = table(s.addr, &timed).await;
    let mut w = Client::join(s.addr, &t.code, "watcher", None).await;
    t.play(0, &["h2e2"]).await;
    w.expect_move("h2e2").await;
    // Red waits for Black's move and leaves: Black's clock stops, and Black is told.
    t.red.close().await;
    let paused = next_clocks(&mut t.black).await;
    assert_eq!(paused["running"], Value::Null, "{paused}");
    assert_eq!(next_clocks(&mut w).await["running"], Value::Null);
    // Red comes back: the snapshot Red gets already shows the clock running again.
    let mut red = Client::hello(s.addr, &t.code, "red2", Some(&t.red_seat), 0).await;
    let st = red.expect_state().await;
    assert_eq!(st["game"]["clocks"]["running"], "black", "{st}");
    let resumed = next_clocks(&mut t.black).await;
    assert_eq!(resumed["running"], "black");
    assert!(resumed["black_ms"].as_i64() <= paused["black_ms"].as_i64());
    assert_eq!(next_clocks(&mut w).await["running"], "black");
}

async fn quick_claims() -> common::TestServer {
    common::start_with(
        |c| c.claim_after = Duration::from_millis(300),
        WallClock::System,
    )
    .await
}

#[tokio::test]
async fn the_win_may_be_claimed_once_the_opponent_has_been_away_long_enough() {
    let s = quick_claims().await;
    let mut t = table(s.addr, &json!({})).await;
    t.play(0, &["h2e2", "h9g7"]).await;
    t.red.send(&ClientMessage::Claim).await;
    t.red.expect_error("opponent_here").await;
    t.black.close().await;
    t.red.send(&ClientMessage::Claim).await;
    t.red.expect_error("too_soon").await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    t.red.send(&ClientMessage::Claim).await;
    let ev = t.red.expect_event("claim").await;
    assert_eq!(ev["color"], "red");
    assert_eq!(ev["game"]["status"]["result"], "red");
    assert_eq!(ev["game"]["status"]["reason"], "abandonment");
    t.red.send(&ClientMessage::Claim).await;
    t.red.expect_error("game_over").await;
}

#[tokio::test]
async fn a_game_may_be_aborted_before_both_sides_moved_and_not_after() {
    let s = quick_claims().await;
    let mut t = table(s.addr, &json!({})).await;
    t.play(0, &["h2e2"]).await;
    t.black.send(&ClientMessage::Abort).await;
    let ev = t.black.expect_event("abort").await;
    assert_eq!(ev["color"], "black");
    assert_eq!(ev["game"]["status"]["result"], "aborted");
    assert_eq!(ev["game"]["status"]["reason"], "aborted");
    t.red.expect_event("abort").await;

    let mut u = table(s.addr, &json!({})).await;
    u.play(0, &["h2e2", "h9g7"]).await;
    u.red.send(&ClientMessage::Abort).await;
    u.red.expect_error("too_late").await;
    // With the opponent gone long enough, abort is allowed again.
    u.black.close().await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    u.red.send(&ClientMessage::Abort).await;
    let ev = u.red.expect_event("abort").await;
    assert_eq!(ev["game"]["status"]["result"], "aborted");
    assert_eq!(ev["game"]["history"][0]["result"], "aborted");
}

#[tokio::test]
async fn a_watcher_can_neither_claim_nor_abort() {
    let s = quick_claims().await;
    let t = table(s.addr, &json!({})).await;
    let mut w = Client::join(s.addr, &t.code, "watcher", None).await;
    for msg in [ClientMessage::Claim, ClientMessage::Abort] {
        w.send(&msg).await;
        w.expect_error("not_seated").await;
    }
}
