//! Limits per seat and per room, not per socket (docs/protocol.md, "Limits of a seat and a
//! room"): presenting the seat again on a new socket gives no fresh burst of chat lines,
//! names, draw offers or new-round requests, and a room stores at most so many events other
//! than moves a minute, both seats together.

use crate::common;

use common::{start_with, table, Client, Table};
use serde_json::{json, Value};
use std::net::SocketAddr;
use xiangqi_server::{Config, WallClock};
use xiangqi_view::protocol::{ClientMessage, OfferAction};

/// Presents Red's seat again on a new socket (the old one is replaced) and reads its state.
async fn reconnect_red(addr: SocketAddr, t: &mut Table, n: usize) {
    t.red = Client::join(addr, &t.code, &format!("red{n}"), Some(&t.red_seat)).await;
}

/// Returns the number of the room's last stored event, as a new watcher's state says.
async fn stored_events(addr: SocketAddr, code: &str) -> u64 {
    let w = Client::join(addr, code, "counter", None).await;
    w.v
}

/// Sends `msg` as Red and returns the reply that is not presence or clocks.
async fn red_sends(t: &mut Table, msg: &ClientMessage) -> Value {
    t.red.send(msg).await;
    t.red.recv_significant().await
}

/// A server without the room budget (30 a minute by default), so each seat limit shows
/// alone.
async fn without_room_budget() -> common::TestServer {
    start_with(
        |c: &mut Config| c.room_events_per_minute = 0,
        WallClock::System,
    )
    .await
}

#[tokio::test]
async fn chat_over_reconnects_stays_at_five_stored_lines() {
    let s = without_room_budget().await;
    let mut t = table(s.addr, &json!({})).await;
    let before = stored_events(s.addr, &t.code).await;
    // Each line on a new socket: the seat's allowance, not the socket's, is spent.
    for i in 0..5 {
        reconnect_red(s.addr, &mut t, i).await;
        let reply = red_sends(
            &mut t,
            &ClientMessage::Chat {
                text: format!("line {i}"),
            },
        )
        .await;
        assert_eq!(reply["kind"], "chat", "{reply}");
    }
    for i in 5..9 {
        reconnect_red(s.addr, &mut t, i).await;
        let reply = red_sends(
            &mut t,
            &ClientMessage::Chat {
                text: "again".to_string(),
            },
        )
        .await;
        assert_eq!(
            reply["code"], "rate_limited",
            "a new socket is no fresh burst: {reply}"
        );
        assert!(
            reply["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("too many chat lines")),
            "{reply}"
        );
    }
    assert_eq!(stored_events(s.addr, &t.code).await, before + 5);
}

#[tokio::test]
async fn name_changes_over_reconnects_are_limited_per_seat() {
    let s = without_room_budget().await;
    let mut t = table(s.addr, &json!({})).await;
    let before = stored_events(s.addr, &t.code).await;
    for i in 0..3 {
        reconnect_red(s.addr, &mut t, i).await;
        let reply = red_sends(
            &mut t,
            &ClientMessage::Name {
                name: format!("Lan {i}"),
            },
        )
        .await;
        assert_eq!(reply["kind"], "name", "{reply}");
    }
    reconnect_red(s.addr, &mut t, 3).await;
    let reply = red_sends(
        &mut t,
        &ClientMessage::Name {
            name: "Lan 3".to_string(),
        },
    )
    .await;
    assert_eq!(reply["code"], "rate_limited", "{reply}");
    // Giving the name it has stores nothing and costs nothing.
    t.red
        .send(&ClientMessage::Name {
            name: "Lan 2".to_string(),
        })
        .await;
    t.red.expect_quiet(300).await;
    // Black's seat has its own allowance.
    t.black
        .send(&ClientMessage::Name {
            name: "Bo".to_string(),
        })
        .await;
    t.black.expect_event("name").await;
    assert_eq!(stored_events(s.addr, &t.code).await, before + 4);
}

#[tokio::test]
async fn an_offer_and_decline_loop_is_limited_per_seat() {
    let s = without_room_budget().await;
    let mut t = table(s.addr, &json!({})).await;
    let before = stored_events(s.addr, &t.code).await;
    for i in 0..3 {
        reconnect_red(s.addr, &mut t, i).await;
        let reply = red_sends(
            &mut t,
            &ClientMessage::Draw {
                action: OfferAction::Offer,
            },
        )
        .await;
        assert_eq!(reply["kind"], "draw_offer", "{reply}");
        t.black.expect_event("draw_offer").await;
        t.black
            .send(&ClientMessage::Draw {
                action: OfferAction::Decline,
            })
            .await;
        t.black.expect_event("draw_decline").await;
    }
    reconnect_red(s.addr, &mut t, 3).await;
    let reply = red_sends(
        &mut t,
        &ClientMessage::Draw {
            action: OfferAction::Offer,
        },
    )
    .await;
    assert_eq!(reply["code"], "rate_limited", "{reply}");
    assert!(
        reply["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("too many draw offers")),
        "{reply}"
    );
    assert_eq!(stored_events(s.addr, &t.code).await, before + 6);
}

#[tokio::test]
async fn new_round_requests_are_limited_per_seat() {
    let s = without_room_budget().await;
    let mut t = table(s.addr, &json!({})).await;
    t.black.send(&ClientMessage::Resign).await;
    t.black.expect_event("resign").await;
    t.red.expect_event("resign").await;
    let before = stored_events(s.addr, &t.code).await;
    for i in 0..10 {
        reconnect_red(s.addr, &mut t, i).await;
        let reply = red_sends(
            &mut t,
            &ClientMessage::NewRound {
                action: OfferAction::Offer,
            },
        )
        .await;
        assert_eq!(reply["kind"], "new_round_request", "{reply}");
        t.black.expect_event("new_round_request").await;
        t.black
            .send(&ClientMessage::NewRound {
                action: OfferAction::Decline,
            })
            .await;
        t.black.expect_event("new_round_decline").await;
    }
    reconnect_red(s.addr, &mut t, 10).await;
    let reply = red_sends(
        &mut t,
        &ClientMessage::NewRound {
            action: OfferAction::Offer,
        },
    )
    .await;
    assert_eq!(reply["code"], "rate_limited", "{reply}");
    // Accepting the other seat's request is never limited.
    t.black
        .send(&ClientMessage::NewRound {
            action: OfferAction::Offer,
        })
        .await;
    t.black.expect_event("new_round_request").await;
    t.red.expect_event("new_round_request").await;
    t.red
        .send(&ClientMessage::NewRound {
            action: OfferAction::Accept,
        })
        .await;
    t.red.expect_event("new_round").await;
    assert_eq!(stored_events(s.addr, &t.code).await, before + 22);
}

#[tokio::test]
async fn the_room_budget_bounds_chatter_from_both_seats_but_never_moves() {
    let s = start_with(
        |c: &mut Config| c.room_events_per_minute = 4,
        WallClock::System,
    )
    .await;
    let mut t = table(s.addr, &json!({})).await;
    let before = stored_events(s.addr, &t.code).await;
    for i in 0..3 {
        t.red
            .send(&ClientMessage::Chat {
                text: format!("red {i}"),
            })
            .await;
        t.red.expect_event("chat").await;
        t.black.expect_event("chat").await;
    }
    t.black
        .send(&ClientMessage::Name {
            name: "Bo".to_string(),
        })
        .await;
    t.black.expect_event("name").await;
    t.red.expect_event("name").await;
    // Black has lines of its own left, the room has none.
    t.black
        .send(&ClientMessage::Chat {
            text: "hi".to_string(),
        })
        .await;
    let e = t.black.expect_error("rate_limited").await;
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("this room has stored too many")),
        "{e}"
    );
    t.play(0, &["h2e2", "h9g7"]).await;
    t.red.send(&ClientMessage::Resign).await;
    t.red.expect_event("resign").await;
    assert_eq!(stored_events(s.addr, &t.code).await, before + 7);
}
