//! Computer games under load: each address may have only so many in progress, a refused
//! one stores nothing, and a finished game gives its place back.

mod common;

use common::Client;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr};

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
    red.send(&json!({"t": "resign"})).await;
    red.expect_event("resign").await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 1);
    common::create_room(s.addr, &body).await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 2);
}

#[tokio::test]
async fn a_zero_cap_lets_an_address_play_any_number_of_computer_games() {
    let s = common::start_with(
        |c| c.computer_games_per_ip = 0,
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
    red.send(&json!({"t": "resign"})).await;
    red.expect_event("resign").await;
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 0);

    // Another room takes the one place: a new round in the first is refused, and changes nothing.
    let second = common::create_room(s.addr, &body).await;
    red.send(&json!({"t": "new_round", "action": "request"}))
        .await;
    let err = red.recv().await;
    assert_eq!(err["t"], "error", "{err}");
    assert_eq!(err["code"], "too_many_computer_games", "{err}");
    assert_eq!(common::game(s.addr, &first.code).await["round"], 1);

    // Once the second game ends, the new round is allowed and takes the place.
    let mut other = Client::hello(s.addr, &second.code, "red", Some(&second.seat), 0).await;
    other.expect_state().await;
    other.send(&json!({"t": "resign"})).await;
    other.expect_event("resign").await;
    red.send(&json!({"t": "new_round", "action": "request"}))
        .await;
    let ev = red.expect_event("new_round").await;
    assert_eq!(ev["round"], 2);
    assert_eq!(s.app.rooms.computer_games_in_progress(LOOPBACK), 1);
    let r = common::http::post(s.addr, "/api/rooms", &body).await;
    common::assert_error(&r, 429, "too_many_computer_games");
}
