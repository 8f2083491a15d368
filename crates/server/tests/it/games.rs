//! `GET /api/games`: the public games going on, to watch. Private rooms, rooms with a
//! password, rooms still waiting for a guest and finished games are not listed.

use crate::common;

use common::{create_room, http, join, table, Client};
use serde_json::json;
use xiangqi_server::WallClock;
use xiangqi_view::protocol::ClientMessage;

#[tokio::test]
async fn only_public_games_in_progress_are_listed_to_watch() {
    let s = common::start().await;
    let mut playing = table(s.addr, &json!({"public": true})).await;
    playing.play(0, &["h2e2"]).await;
    let mut finished = table(s.addr, &json!({"public": true})).await;
    finished.red.send(&ClientMessage::Resign).await;
    finished.red.expect_event("resign").await;
    let private = table(s.addr, &json!({})).await;
    let locked = table(s.addr, &json!({"public": true, "password": "tea"})).await;
    let waiting = create_room(s.addr, &json!({"public": true})).await;

    let r = http::get(s.addr, "/api/games").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let games = r.json()["games"].clone();
    let codes: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|g| g["code"].as_str())
        .collect();
    assert_eq!(codes, [playing.code.as_str()], "{games}");
    assert_eq!(
        games[0],
        json!({"code": playing.code, "rules": "wxf-2018", "time_control": null, "rated": false,
               "round": 1, "moves": 1, "created_at": games[0]["created_at"]})
    );
    for other in [&finished.code, &private.code, &locked.code, &waiting.code] {
        assert!(!codes.contains(&other.as_str()));
    }
}

/// Finished rooms are left out before the list is cut to its 30 entries: 5 live games and
/// 30 finished ones that saw activity after them still list the 5 live games.
#[tokio::test]
async fn newer_finished_games_do_not_hide_live_ones() {
    let s = common::start_with(
        |c| {
            c.rooms_per_minute = 0;
            c.joins_per_minute = 0;
        },
        WallClock::System,
    )
    .await;
    let mut live = Vec::new();
    for _ in 0..5 {
        let mut t = table(s.addr, &json!({"public": true})).await;
        t.play(0, &["h2e2"]).await;
        live.push(t);
    }
    for _ in 0..30 {
        let room = create_room(s.addr, &json!({"public": true})).await;
        join(s.addr, &room.code, None).await;
        let mut red = Client::join(s.addr, &room.code, "red", Some(&room.seat)).await;
        red.send(&ClientMessage::Resign).await;
        red.expect_event("resign").await;
    }

    let r = http::get(s.addr, "/api/games").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let games = r.json()["games"].clone();
    let mut listed: Vec<&str> = games
        .as_array()
        .expect("a list of games")
        .iter()
        .filter_map(|g| g["code"].as_str())
        .collect();
    listed.sort_unstable();
    let mut expected: Vec<&str> = live.iter().map(|t| t.code.as_str()).collect();
    expected.sort_unstable();
    assert_eq!(listed, expected, "{games}");
}
