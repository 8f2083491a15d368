//! The number of watchers: GAME's `watchers` and every `presence` notice carry it, and a
//! watcher's arrival and departure are told to everyone, at most once a second per room;
//! watcher hellos are limited per client address.

use crate::common;

use common::{table, Client};
use serde_json::json;
use xiangqi_view::protocol::ClientMessage;

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

/// The loopback address `127.0.0.n`, a client address of its own.
fn local(n: u8) -> std::net::IpAddr {
    std::net::IpAddr::from([127, 0, 0, n])
}

#[tokio::test]
async fn watcher_hello_churn_from_one_address_is_limited() {
    let s = common::start_with(
        |c: &mut xiangqi_server::Config| c.watcher_hellos_per_minute = 5,
        xiangqi_server::WallClock::System,
    )
    .await;
    let mut t = table(s.addr, &json!({})).await;
    for i in 0..5 {
        let mut w = Client::connect_from(local(2), s.addr, &t.code, &format!("w{i}")).await;
        w.send(&ClientMessage::Hello {
            seat: None,
            watch: None,
            v: 0,
        })
        .await;
        w.expect_state().await;
        w.close().await;
    }
    let mut churn = Client::connect_from(local(2), s.addr, &t.code, "w5").await;
    churn
        .send(&ClientMessage::Hello {
            seat: None,
            watch: None,
            v: 0,
        })
        .await;
    let refused = churn.expect_closed().await;
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0]["code"], "rate_limited", "{refused:?}");
    // Another address may watch, and a player may always come back from any address.
    let mut other = Client::connect_from(local(3), s.addr, &t.code, "other").await;
    other
        .send(&ClientMessage::Hello {
            seat: None,
            watch: None,
            v: 0,
        })
        .await;
    assert_eq!(other.expect_state().await["game"]["watchers"], 1);
    let mut red = Client::connect_from(local(2), s.addr, &t.code, "red2").await;
    red.send(&ClientMessage::Hello {
        seat: Some(t.red_seat.clone()),
        watch: None,
        v: 0,
    })
    .await;
    assert_eq!(red.expect_state().await["you"], "red");
    expect_watchers(&mut t.black, 1).await;
}

#[tokio::test]
async fn presence_is_coalesced_to_one_message_a_second_and_ends_current() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let started = std::time::Instant::now();
    for i in 0..40 {
        let w = Client::join(s.addr, &t.code, &format!("w{i}"), None).await;
        w.close().await;
    }
    let last = Client::join(s.addr, &t.code, "last", None).await;
    let churn = started.elapsed();
    // Read Red's notices until a second passes without one.
    let mut presences = Vec::new();
    loop {
        match tokio::time::timeout(std::time::Duration::from_millis(1500), t.red.recv()).await {
            Ok(msg) if msg["t"] == "presence" => presences.push(msg),
            Ok(msg) => assert_eq!(msg["t"], "clocks", "{msg}"),
            Err(_) => break,
        }
    }
    let allowed = churn.as_secs() as usize + 2;
    assert!(
        presences.len() <= allowed,
        "{} presence messages for 82 changes in {churn:?} (at most {allowed})",
        presences.len()
    );
    let final_count = presences.last().map(|p| p["watchers"].clone());
    assert_eq!(
        final_count,
        Some(json!(1)),
        "the trailing message carries the final count"
    );
    drop(last);
}
