//! The number of watchers: GAME's `watchers` and every `presence` notice carry it, and a
//! watcher's arrival and departure are told to everyone.

mod common;

use common::{table, Client};
use serde_json::json;

/// Reads presence notices until one says `count` watchers.
async fn expect_watchers(c: &mut Client, count: u64) {
    loop {
        let msg = c.recv().await;
        if msg["t"] == "presence" && msg["watchers"] == count {
            return;
        }
        assert!(
            matches!(msg["t"].as_str(), Some("presence" | "clocks")),
            "expected presence with {count} watchers, got {msg}"
        );
    }
}

#[tokio::test]
async fn players_see_watchers_come_and_go() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut w1 = Client::hello(s.addr, &t.code, "w1", None, 0).await;
    let st = w1.expect_state().await;
    assert_eq!(st["game"]["watchers"], 1, "the watcher counts itself");
    expect_watchers(&mut t.red, 1).await;
    let w2 = Client::join(s.addr, &t.code, "w2", None).await;
    expect_watchers(&mut t.red, 2).await;
    expect_watchers(&mut t.black, 2).await;
    expect_watchers(&mut w1, 2).await;
    w2.close().await;
    expect_watchers(&mut t.red, 1).await;
    // A player's reconnect carries the count in its state.
    let mut red = Client::hello(s.addr, &t.code, "red2", Some(&t.red_seat), 0).await;
    assert_eq!(red.expect_state().await["game"]["watchers"], 1);
}
