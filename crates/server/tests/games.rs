//! `GET /api/games`: the public games going on, to watch. Private rooms, rooms with a
//! password, rooms still waiting for a guest and finished games are not listed.

mod common;

use common::{create_room, http, table};
use serde_json::json;

#[tokio::test]
async fn only_public_games_in_progress_are_listed_to_watch() {
    let s = common::start().await;
    let mut playing = table(s.addr, &json!({"public": true})).await;
    playing.play(0, &["h2e2"]).await;
    let mut finished = table(s.addr, &json!({"public": true})).await;
    finished.red.send(&json!({"t": "resign"})).await;
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
        json!({"code": playing.code, "rules": "wxf-2018", "time_control": null, "round": 1,
               "moves": 1, "created_at": games[0]["created_at"]})
    );
    for other in [&finished.code, &private.code, &locked.code, &waiting.code] {
        assert!(!codes.contains(&other.as_str()));
    }
}
