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
