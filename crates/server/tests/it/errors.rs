//! Every error the server answers is in the documented JSON shape (`docs/protocol.md`,
//! "Errors"), whatever went wrong — a wrong method, an unknown API path, an over-size body,
//! a bad query or a path that is not UTF-8 — and an unknown page gets the site's 404 page.

use crate::common;

use common::{assert_error, create_room, http, start};
use serde_json::json;

#[tokio::test]
async fn a_wrong_method_gets_a_json_405() {
    let s = start().await;
    let r = http::request(s.addr, "DELETE", "/api/rooms", None).await;
    assert_error(&r, 405, "method_not_allowed");
    let r = http::get(s.addr, "/api/position").await;
    assert_error(&r, 405, "method_not_allowed");
    let r = http::post(s.addr, "/api/health", &json!({})).await;
    assert_error(&r, 405, "method_not_allowed");
}

#[tokio::test]
async fn an_unknown_api_path_gets_a_json_404() {
    let s = start().await;
    for path in [
        "/api/nothing",
        "/api",
        "/api/rooms/K7M2QX/nothing",
        "/ws/other",
    ] {
        let r = http::get(s.addr, path).await;
        assert_error(&r, 404, "not_found");
    }
}

#[tokio::test]
async fn an_over_size_join_body_gets_a_json_413() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    let big = format!(r#"{{"password": "{}"}}"#, "x".repeat(70 * 1024));
    let r = http::post_raw(s.addr, &format!("/api/rooms/{}/join", room.code), &big).await;
    assert_error(&r, 413, "too_large");
    let r = http::post_raw(s.addr, "/api/rooms", &big).await;
    assert_error(&r, 413, "too_large");
}

#[tokio::test]
async fn a_bad_round_query_gets_a_json_400() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    for path in [
        "game?round=x",
        "game.pgn?round=-1",
        "game?round=99999999999",
    ] {
        let r = http::get(s.addr, &format!("/api/rooms/{}/{path}", room.code)).await;
        assert_error(&r, 400, "bad_request");
    }
}

#[tokio::test]
async fn invalid_utf8_in_a_path_gets_a_json_400() {
    let s = start().await;
    for path in [
        "/api/rooms/%FF%FE",
        "/api/rooms/%C3%28/game",
        "/api/puzzles/%FF",
        "/ws/rooms/%FF",
    ] {
        let r = http::get(s.addr, path).await;
        assert_error(&r, 400, "bad_request");
    }
}

#[tokio::test]
async fn a_websocket_request_without_an_upgrade_gets_json() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    let r = http::get(s.addr, &format!("/ws/rooms/{}", room.code)).await;
    assert_error(&r, 400, "bad_request");
}

#[tokio::test]
async fn an_unknown_page_gets_the_sites_html_404_page() {
    let s = start().await;
    for path in ["/nowhere", "/play", "/assets/js/nothing.js", "/assets/%FF"] {
        let r = http::get(s.addr, path).await;
        assert_eq!(r.status, 404, "{path}: {}", r.text());
        assert!(
            r.header("content-type")
                .is_some_and(|t| t.starts_with("text/html")),
            "{path}: {:?}",
            r.headers
        );
        let page = r.text();
        assert!(page.contains("Page not found"), "{path}: {page}");
        // The site's style, under the versioned prefix (`/assets/v/{VERSION}/`).
        assert!(
            page.contains("/assets/v/") && page.contains("/css/site.css"),
            "the site's style: {page}"
        );
    }
}

/// A `hello` that no room can take (here a room whose stored event does not read back; in a
/// cluster, the database or the owner unreachable) is answered `internal` and its socket
/// closed, so the client says hello again after its back-off instead of waiting for ever on
/// a socket no room knows.
#[tokio::test]
async fn a_hello_no_room_can_take_gets_internal_and_a_closed_socket() {
    use std::time::Duration;
    use xiangqi_server::WallClock;
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, _app, task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let room = create_room(addr, &json!({})).await;
    common::join(addr, &room.code, None).await;
    task.abort();
    let mut conn = common::raw_connection(dir.path()).await;
    sqlx::query("UPDATE events SET body = '{' WHERE room_code = $1")
        .bind(&room.code)
        .execute(&mut conn)
        .await
        .expect("spoil the row");
    drop(conn);

    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut c = common::Client::hello(addr, &room.code, "red", Some(&room.seat), 0).await;
    c.expect_error("internal").await;
    assert!(
        c.drain_until_closed(Duration::from_secs(2)).await,
        "the socket is closed, not left waiting"
    );
}
