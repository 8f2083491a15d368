//! Cross-site defences (`docs/protocol.md`, "Security"): game sockets and POSTs from another
//! site's pages are refused, a POST must be JSON, and every response carries the security
//! headers.

use crate::common;

use common::{assert_error, create_room, http, start, start_with, Client};
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use xiangqi_server::WallClock;

/// Opens the game socket of `code` with `origin`; returns the HTTP status of a refusal, or
/// 101 when the socket opened.
async fn ws_status(addr: std::net::SocketAddr, code: &str, origin: &str) -> u16 {
    let mut req = format!("ws://{addr}/ws/rooms/{code}")
        .into_client_request()
        .expect("request");
    req.headers_mut()
        .insert("origin", origin.parse().expect("header value"));
    match tokio_tungstenite::connect_async(req).await {
        Ok(_) => 101,
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => r.status().as_u16(),
        Err(e) => panic!("connect: {e}"),
    }
}

#[tokio::test]
async fn a_game_socket_from_another_origin_is_refused() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    assert_eq!(
        ws_status(s.addr, &room.code, "https://evil.example").await,
        403
    );
    assert_eq!(ws_status(s.addr, &room.code, "null").await, 403);
    let own = format!("http://{}", s.addr);
    assert_eq!(ws_status(s.addr, &room.code, &own).await, 101);
}

#[tokio::test]
async fn an_allowed_origin_may_open_game_sockets() {
    let s = start_with(
        |c| c.allowed_origins = vec!["https://friend.example".into()],
        WallClock::System,
    )
    .await;
    let room = create_room(s.addr, &json!({})).await;
    assert_eq!(
        ws_status(s.addr, &room.code, "https://friend.example").await,
        101
    );
    assert_eq!(
        ws_status(s.addr, &room.code, "https://evil.example").await,
        403
    );
}

async fn black_seat_taken(addr: std::net::SocketAddr, code: &str) -> bool {
    let r = http::get(addr, &format!("/api/rooms/{code}")).await;
    r.json()["seats"]["black"].as_bool().expect("seats.black")
}

#[tokio::test]
async fn a_post_from_another_origin_is_refused_and_changes_nothing() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    let path = format!("/api/rooms/{}/join", room.code);
    let r = http::with_headers(
        s.addr,
        "POST",
        &path,
        &[
            "Content-Type: application/json",
            "Origin: https://evil.example",
        ],
        "{}",
    )
    .await;
    assert_error(&r, 403, "bad_origin");
    assert!(!black_seat_taken(s.addr, &room.code).await);
    let own = format!("Origin: http://{}", s.addr);
    let r = http::with_headers(
        s.addr,
        "POST",
        &path,
        &["Content-Type: application/json", &own],
        "{}",
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.text());
}

#[tokio::test]
async fn a_post_that_is_not_json_is_refused_and_changes_nothing() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    let path = format!("/api/rooms/{}/join", room.code);
    for headers in [
        &["Content-Type: text/plain"][..],
        &["Content-Type: application/x-www-form-urlencoded"][..],
        &[][..],
    ] {
        let r = http::with_headers(s.addr, "POST", &path, headers, r#"{"password":null}"#).await;
        assert_error(&r, 415, "unsupported_media_type");
    }
    assert!(!black_seat_taken(s.addr, &room.code).await);
    let r = http::with_headers(
        s.addr,
        "POST",
        "/api/rooms",
        &["Content-Type: text/plain"],
        "{}",
    )
    .await;
    assert_error(&r, 415, "unsupported_media_type");
}

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let s = start().await;
    let room = create_room(s.addr, &json!({})).await;
    let play = format!("/play/{}", room.code);
    for path in [
        "/",
        play.as_str(),
        "/api/health",
        "/api/nothing",
        "/nowhere",
        "/assets/css/site.css",
        "/assets/js/board.js",
    ] {
        let r = http::get(s.addr, path).await;
        let csp = r.header("content-security-policy").unwrap_or_default();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp:?}");
        assert!(
            csp.contains("script-src 'self' 'wasm-unsafe-eval';"),
            "{path}: {csp:?}"
        );
        assert_eq!(
            r.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(r.header("x-frame-options"), Some("DENY"), "{path}");
        assert_eq!(r.header("referrer-policy"), Some("same-origin"), "{path}");
    }
    // A page's game socket still opens (no Origin from this client).
    let _c = Client::join(s.addr, &room.code, "watcher", None).await;
}
