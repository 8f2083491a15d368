//! Computer games under load: each address may have only so many in progress, a refused
//! one stores nothing, and a finished game gives its place back; the engine's queue is
//! bounded for the whole node, so that beyond it new games get 503 `engine_busy` with
//! `Retry-After`, while games already admitted go on.

use crate::common;

use common::Client;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr};
use xiangqi_view::protocol::{ClientMessage, OfferAction};

const LOOPBACK: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

#[tokio::test]
async fn an_address_may_have_only_so_many_computer_games_in_progress() {
    let s = common::start_with(
        |c| c.computer_games_per_ip = 2,
        xiangqi_server::WallClock::System,
    )
    .await;
    let body = json!({"computer": {"level": 1, "color": "black"}});
    let first = common::create_room(s.addr, &body).await;
    let _second = common::create_room(s.addr, &body).await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 2);

    let r = common::http::post(s.addr, "/api/rooms", &body).await;
    let j = common::assert_error(&r, 429, "too_many_computer_games");
    assert_eq!(j["error"]["cap"], 2);
    assert!(
        j["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("2 games")),
        "{j}"
    );
    assert_eq!(
        s.app.rooms.computer_games_in_progress(LOOPBACK),
        2,
        "a refusal takes no place"
    );

    // Rooms between humans are not counted.
    common::create_room(s.addr, &json!({})).await;

    // Resigning the first game gives its place back.
    let mut red = Client::hello(s.addr, &first.code, "red", Some(&first.seat), 0).await;
    red.expect_state().await;
    red.send(&ClientMessage::Resign).await;
    red.expect_event("resign").await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 1);
    common::create_room(s.addr, &body).await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 2);
}

#[tokio::test]
async fn a_zero_cap_lets_an_address_play_any_number_of_computer_games() {
    let s = common::start_with(
        |c| {
            c.computer_games_per_ip = 0;
            // No cap on the engine's queue either: only the address's cap is tested here.
            c.max_queued_searches = Some(0);
        },
        xiangqi_server::WallClock::System,
    )
    .await;
    let body = json!({"computer": {"level": 1, "color": "black"}});
    for _ in 0..6 {
        common::create_room(s.addr, &body).await;
    }
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 6);
}

#[tokio::test]
async fn health_reports_the_engine_pool() {
    let s = common::start().await;
    let r = common::http::get(s.addr, "/api/health").await;
    assert_eq!(r.status, 200);
    let engine = &r.json()["engine"];
    assert_eq!(engine["workers_max"], 1, "{engine}");
    assert_eq!(engine["running"], 0);
    assert_eq!(engine["queued"], 0);
    assert_eq!(engine["waiting_clients"], 0);
    assert_eq!(engine["searched"], 0);
    assert_eq!(engine["longest_wait_ms"], 0);
    // The queue's bound: twice the workers by default, nobody admitted or refused yet.
    assert_eq!(engine["oldest_wait_ms"], 0);
    assert_eq!(engine["queue_cap"], 2);
    assert_eq!(engine["reserved"], 0);
    assert_eq!(engine["refused"], 0);
}

/// Starts a server with one engine worker, `queue_cap` waiting searches and a Hardest think
/// time of 2 s, with no cap per address (so only the node's bound counts).
async fn start_with_queue_cap(queue_cap: usize) -> common::TestServer {
    common::start_with(
        |c| {
            c.computer_games_per_ip = 0;
            c.max_queued_searches = Some(queue_cap);
            c.hardest_movetime_ms = 2000;
        },
        xiangqi_server::WallClock::System,
    )
    .await
}

/// Connects as the creator of `room` and resigns its game; returns the connection.
async fn resign(addr: std::net::SocketAddr, room: &common::Room) -> Client {
    let mut red = Client::hello(addr, &room.code, "red", Some(&room.seat), 0).await;
    red.expect_state().await;
    red.send(&ClientMessage::Resign).await;
    red.expect_event("resign").await;
    red
}

/// Returns the engine section of `GET /api/health`.
async fn engine_health(addr: std::net::SocketAddr) -> serde_json::Value {
    let r = common::http::get(addr, "/api/health").await;
    assert_eq!(r.status, 200);
    r.json()["engine"].clone()
}

#[tokio::test]
async fn a_full_engine_queue_refuses_new_computer_games_with_503_and_retry_after() {
    // One worker and two waiting searches: three computer games at once for the whole node
    // (the address's own cap is lifted, so only the node's bound counts).
    let s = start_with_queue_cap(2).await;
    let body = json!({"computer": {"level": 1, "color": "black"}});
    let first = common::create_room(s.addr, &body).await;
    let second = common::create_room(s.addr, &body).await;
    common::create_room(s.addr, &body).await;
    let engine = engine_health(s.addr).await;
    assert_eq!(
        (
            &engine["queue_cap"],
            &engine["reserved"],
            &engine["refused"]
        ),
        (&json!(2), &json!(3), &json!(0)),
        "{engine}"
    );

    let r = common::http::post(s.addr, "/api/rooms", &body).await;
    let j = common::assert_error(&r, 503, "engine_busy");
    // Nothing waits: the searches running now end within one think time of 2 s.
    assert_eq!(r.header("retry-after"), Some("2"));
    assert_eq!(j["error"]["retry_after_s"], 2);
    assert_eq!(
        j["error"]["message"],
        "the computer is busy with as many games as it can serve; try again in 2 s"
    );
    let engine = engine_health(s.addr).await;
    assert_eq!(
        (&engine["reserved"], &engine["refused"]),
        (&json!(3), &json!(1)),
        "a refusal takes no place: {engine}"
    );
    assert_eq!(
        s.app.rooms.computer_games_in_progress(LOOPBACK),
        3,
        "nor the address's place"
    );

    // Games between people are not bounded by the engine.
    common::create_room(s.addr, &json!({})).await;

    // A game admitted before the queue filled is never refused: the engine still answers.
    let mut red = Client::hello(s.addr, &first.code, "red", Some(&first.seat), 0).await;
    red.expect_state().await;
    red.send_move(0, "h2e2").await;
    red.expect_move("h2e2").await;
    let reply = red.expect_event("move").await;
    assert_eq!(
        (&reply["color"], &reply["ply"]),
        (&json!("black"), &json!(1))
    );

    // A game that ends gives its place back.
    resign(s.addr, &second).await;
    assert_eq!(engine_health(s.addr).await["reserved"], 2);
    common::create_room(s.addr, &body).await;
    assert_eq!(engine_health(s.addr).await["reserved"], 3);
}

#[tokio::test]
async fn a_new_round_against_the_computer_is_refused_while_the_engine_queue_is_full() {
    // One worker and one waiting search: two computer games at once.
    let s = start_with_queue_cap(1).await;
    let body = json!({"computer": {"level": 1, "color": "black"}});
    let first = common::create_room(s.addr, &body).await;
    let mut red = resign(s.addr, &first).await;
    assert_eq!(engine_health(s.addr).await["reserved"], 0);

    // Two other games take both places: the new round is refused and changes nothing.
    let second = common::create_room(s.addr, &body).await;
    common::create_room(s.addr, &body).await;
    red.send(&ClientMessage::NewRound {
        action: OfferAction::Offer,
    })
    .await;
    let err = red.recv().await;
    assert_eq!(err["t"], "error", "{err}");
    assert_eq!(err["code"], "engine_busy", "{err}");
    assert_eq!(err["retry_after_s"], 2, "{err}");
    assert_eq!(common::game(s.addr, &first.code).await["round"], 1);
    let engine = engine_health(s.addr).await;
    assert_eq!(
        (&engine["reserved"], &engine["refused"]),
        (&json!(2), &json!(1)),
        "{engine}"
    );

    // Once one ends, the new round is admitted and takes its place.
    resign(s.addr, &second).await;
    red.send(&ClientMessage::NewRound {
        action: OfferAction::Offer,
    })
    .await;
    let ev = red.expect_event("new_round").await;
    assert_eq!(ev["round"], 2);
    assert_eq!(engine_health(s.addr).await["reserved"], 2);
}

#[tokio::test]
async fn a_new_round_against_the_computer_counts_as_a_new_game() {
    let s = common::start_with(
        |c| c.computer_games_per_ip = 1,
        xiangqi_server::WallClock::System,
    )
    .await;
    let body = json!({"computer": {"level": 1, "color": "black"}});
    let first = common::create_room(s.addr, &body).await;
    let mut red = Client::hello(s.addr, &first.code, "red", Some(&first.seat), 0).await;
    red.expect_state().await;
    red.send(&ClientMessage::Resign).await;
    red.expect_event("resign").await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 0);

    // Another room takes the one place: a new round in the first is refused, and changes nothing.
    let second = common::create_room(s.addr, &body).await;
    red.send(&ClientMessage::NewRound {
        action: OfferAction::Offer,
    })
    .await;
    let err = red.recv().await;
    assert_eq!(err["t"], "error", "{err}");
    assert_eq!(err["code"], "too_many_computer_games", "{err}");
    assert_eq!(common::game(s.addr, &first.code).await["round"], 1);

    // Once the second game ends, the new round is allowed and takes the place.
    let mut other = Client::hello(s.addr, &second.code, "red", Some(&second.seat), 0).await;
    other.expect_state().await;
    other.send(&ClientMessage::Resign).await;
    other.expect_event("resign").await;
    red.send(&ClientMessage::NewRound {
        action: OfferAction::Offer,
    })
    .await;
    let ev = red.expect_event("new_round").await;
    assert_eq!(ev["round"], 2);
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 1);
    let r = common::http::post(s.addr, "/api/rooms", &body).await;
    common::assert_error(&r, 429, "too_many_computer_games");
}
