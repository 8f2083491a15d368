//! Watching a room with a password needs the password: `/join` (and room creation) hand out
//! a watcher credential, and a `hello` without a seat, `GET …/game` and `GET …/game.pgn`
//! refuse with `password_needed` unless they bring it. Rooms without a password are watched
//! as before.

use crate::common;

use common::{assert_error, create_room, http, start, Client};
use serde_json::{json, Value};
use xiangqi_view::protocol::ClientMessage;

/// Joins with `watch_only`, asserting 200 and no seat; returns the watcher credential.
async fn watch_credential(addr: std::net::SocketAddr, code: &str, password: &str) -> String {
    let r = http::post(
        addr,
        &format!("/api/rooms/{code}/join"),
        &json!({"password": password, "watch_only": true}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let j = r.json();
    assert_eq!(j["seat"], Value::Null, "watch_only takes no seat: {j}");
    j["watch"]
        .as_str()
        .expect("a watcher credential")
        .to_string()
}

#[tokio::test]
async fn watching_a_password_room_needs_the_watcher_credential() {
    let s = start().await;
    let created = http::post(s.addr, "/api/rooms", &json!({"password": "plum"})).await;
    assert_eq!(created.status, 201, "{}", created.text());
    let created = created.json();
    let code = created["code"].as_str().expect("code");
    let seat = created["seat"].as_str().expect("seat");
    assert!(
        created["watch"].is_string(),
        "the creator gets it too: {created}"
    );

    // No credential, a wrong one, or a seat token that matches no seat: refused and closed.
    let hello = |seat: Option<&str>, watch: Option<&str>| ClientMessage::Hello {
        seat: seat.map(str::to_string),
        watch: watch.map(str::to_string),
        v: 0,
    };
    for (name, hello) in [
        ("bare", hello(None, None)),
        ("wrong", hello(None, Some("00"))),
        ("bad seat", hello(Some("nope"), None)),
    ] {
        let mut c = Client::connect(s.addr, code, name).await;
        c.send(&hello).await;
        let before = c.expect_closed().await;
        assert_eq!(before.len(), 1, "{name}: {before:?}");
        assert_eq!(before[0]["code"], "password_needed", "{name}: {before:?}");
    }

    // The credential from /join lets a watcher in; the seat still works without it.
    let watch = watch_credential(s.addr, code, "plum").await;
    assert_eq!(created["watch"], watch.as_str(), "one credential per room");
    let mut watcher = Client::connect(s.addr, code, "watcher").await;
    watcher
        .send(&ClientMessage::Hello {
            seat: None,
            watch: Some(watch.clone()),
            v: 0,
        })
        .await;
    let state = watcher.expect_state().await;
    assert_eq!(state["you"], Value::Null, "{state}");
    let _red = Client::join(s.addr, code, "red", Some(seat)).await;

    // watch_only took no seat: the guest seat is still free.
    let info = http::get(s.addr, &format!("/api/rooms/{code}"))
        .await
        .json();
    assert_eq!(info["seats"]["black"], false, "{info}");
    // A guest who joins gets a seat and the credential.
    let guest = common::join(s.addr, code, Some("plum")).await;
    assert!(guest["seat"].is_string(), "{guest}");
    assert_eq!(guest["watch"], watch.as_str(), "{guest}");
}

#[tokio::test]
async fn the_record_of_a_password_room_needs_the_watcher_credential() {
    let s = start().await;
    let room = create_room(s.addr, &json!({"password": "plum"})).await;
    for path in ["game", "game.pgn", "game?round=1", "game.pgn?watch=0123"] {
        let r = http::get(s.addr, &format!("/api/rooms/{}/{path}", room.code)).await;
        assert_error(&r, 403, "password_needed");
    }
    let watch = watch_credential(s.addr, &room.code, "plum").await;
    let r = http::get(
        s.addr,
        &format!("/api/rooms/{}/game?watch={watch}", room.code),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["round"], 1);
    let r = http::get(
        s.addr,
        &format!("/api/rooms/{}/game.pgn?round=1&watch={watch}", room.code),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.text().contains("[Event"), "{}", r.text());
}

#[tokio::test]
async fn a_wrong_password_gets_no_watcher_credential() {
    let s = start().await;
    let room = create_room(s.addr, &json!({"password": "plum"})).await;
    let r = http::post(
        s.addr,
        &format!("/api/rooms/{}/join", room.code),
        &json!({"password": "pear", "watch_only": true}),
    )
    .await;
    assert_error(&r, 403, "wrong_password");
}

#[tokio::test]
async fn rooms_without_a_password_are_watched_as_before() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    let _w = Client::join(s.addr, &room.code, "watcher", None).await;
    let r = http::get(s.addr, &format!("/api/rooms/{}/game", room.code)).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let j = common::join(s.addr, &room.code, None).await;
    assert_eq!(j["watch"], Value::Null, "{j}");
}
