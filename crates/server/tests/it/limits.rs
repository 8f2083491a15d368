//! Connection limits and timeouts: a connection that sends nothing, drips its headers or
//! idles after a request is closed; an API request whose body trickles or stalls gets 408; open connections are capped in all (503 before the
//! file limit) and per client address (429); a WebSocket must say hello in time; a room
//! caps its watchers.

use crate::common;

use common::{assert_error, create_room, http, start_with, table, Client};
use serde_json::json;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use xiangqi_server::WallClock;

/// Reads until the server closes the connection; returns what came and whether it closed
/// within `limit`.
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, bool) {
    let mut got = Vec::new();
    let closed = tokio::time::timeout(limit, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => got.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await
    .is_ok();
    (got, closed)
}

fn short_timeouts(c: &mut xiangqi_server::Config) {
    c.header_timeout = Duration::from_secs(1);
    c.hello_timeout = Duration::from_secs(1);
}

#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed_after_the_header_timeout() {
    let s = start_with(short_timeouts, WallClock::System).await;
    let mut idle = TcpStream::connect(s.addr).await.expect("connect");
    let (_, closed) = read_until_closed(&mut idle, Duration::from_secs(4)).await;
    assert!(closed, "an idle connection must be closed");
}

#[tokio::test]
async fn slowly_dripped_headers_are_cut_off() {
    let s = start_with(short_timeouts, WallClock::System).await;
    let mut slow = TcpStream::connect(s.addr).await.expect("connect");
    slow.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("write");
    let drip = async {
        for _ in 0..20 {
            if slow.write_all(b"X-Drip: 1\r\n").await.is_err() {
                return true;
            }
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
        false
    };
    let cut = drip.await;
    let (got, closed) = read_until_closed(&mut slow, Duration::from_secs(1)).await;
    assert!(
        cut || closed,
        "a client dripping headers for 5 s must be cut off"
    );
    assert!(
        !String::from_utf8_lossy(&got).contains("200 OK"),
        "the dripped request is not answered"
    );
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let s = start_with(short_timeouts, WallClock::System).await;
    let mut conn = TcpStream::connect(s.addr).await.expect("connect");
    conn.write_all(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("write");
    let (got, closed) = read_until_closed(&mut conn, Duration::from_secs(4)).await;
    assert!(
        String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&got)
    );
    assert!(closed, "an idle keep-alive connection must be closed");
}

#[tokio::test]
async fn connections_over_the_cap_get_a_json_503_and_health_answers_again() {
    let s = start_with(|c| c.max_connections = 4, WallClock::System).await;
    let mut idle = Vec::new();
    for _ in 0..4 {
        idle.push(TcpStream::connect(s.addr).await.expect("connect"));
    }
    // Asked until the server has accepted all four (on a loaded machine that can take
    // longer than any fixed wait), then until it has seen them close.
    let r = health_until(s.addr, 503).await;
    assert_error(&r, 503, "unavailable");
    assert!(r.header("retry-after").is_some(), "{:?}", r.headers);
    drop(idle);
    health_until(s.addr, 200).await;
}

/// Returns the first answer of `/api/health` with `status`, asking every 20 ms; panics
/// with the last answer after 20 s.
async fn health_until(addr: std::net::SocketAddr, status: u16) -> http::Response {
    let since = std::time::Instant::now();
    loop {
        let r = http::get(addr, "/api/health").await;
        if r.status == status {
            return r;
        }
        assert!(
            since.elapsed() < Duration::from_secs(20),
            "health never answered {status}: {} {}",
            r.status,
            r.text()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn websockets_over_the_per_address_cap_are_refused_with_429() {
    let s = start_with(|c| c.max_connections_per_ip = 3, WallClock::System).await;
    let room = create_room(s.addr, &json!({})).await;
    let mut watchers = Vec::new();
    for i in 0..3 {
        watchers.push(Client::join(s.addr, &room.code, &format!("watcher {i}"), None).await);
    }
    let url = format!("ws://{}/ws/rooms/{}", s.addr, room.code);
    match tokio_tungstenite::connect_async(&url).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status(), 429);
        }
        other => panic!("a fourth socket from one address must be refused: {other:?}"),
    }
    let r = http::get(s.addr, "/api/health").await;
    assert_error(&r, 429, "rate_limited");
    // A closed socket frees its place once the server has seen it close.
    watchers.pop();
    health_until(s.addr, 200).await;
}

#[tokio::test]
async fn a_websocket_that_never_says_hello_is_closed() {
    let s = start_with(short_timeouts, WallClock::System).await;
    let room = create_room(s.addr, &json!({})).await;
    let mut c = Client::connect(s.addr, &room.code, "silent").await;
    let before = c.expect_closed().await;
    assert_eq!(before.len(), 1, "{before:?}");
    assert_eq!(before[0]["code"], "hello_first", "{before:?}");
}

#[tokio::test]
async fn a_room_refuses_watchers_over_its_cap_but_not_its_players() {
    let s = start_with(|c| c.max_watchers = 2, WallClock::System).await;
    let room = create_room(s.addr, &json!({})).await;
    let _w1 = Client::join(s.addr, &room.code, "watcher 1", None).await;
    let _w2 = Client::join(s.addr, &room.code, "watcher 2", None).await;
    let mut w3 = Client::hello(s.addr, &room.code, "watcher 3", None, 0).await;
    let before = w3.expect_closed().await;
    assert_eq!(before.len(), 1, "{before:?}");
    assert_eq!(before[0]["code"], "too_many_watchers", "{before:?}");
    let _red = Client::join(s.addr, &room.code, "red", Some(&room.seat)).await;
}

/// Opens a connection and sends the headers of a puzzle POST announcing a 64-byte body, and
/// its first byte.
async fn start_slow_post(addr: std::net::SocketAddr) -> TcpStream {
    let mut conn = TcpStream::connect(addr).await.expect("connect");
    conn.write_all(
        b"POST /api/puzzles HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 64\r\n\r\n{",
    )
    .await
    .expect("write headers");
    conn
}

/// Reads the reply to a request still being sent on `conn` until the server closes the
/// connection (within `limit`), while `trickle` sends one more byte of its body every
/// second; returns the reply's text (empty when the server closed without one) and when
/// the connection closed.
async fn reply_while_trickling(
    conn: &mut TcpStream,
    trickle: bool,
    limit: Duration,
) -> (String, Duration) {
    let began = std::time::Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.tick().await;
    let read = tokio::time::timeout(limit, async {
        loop {
            tokio::select! {
                n = conn.read(&mut buf) => match n {
                    Ok(0) | Err(_) => return,
                    Ok(n) => got.extend_from_slice(&buf[..n]),
                },
                _ = tick.tick(), if trickle => {
                    // The server may have answered and closed meanwhile: a failed write is
                    // read as the reply (or the close) on the next turn.
                    let _ = conn.write_all(b" ").await;
                }
            }
        }
    })
    .await;
    assert!(read.is_ok(), "no reply and no close within {limit:?}");
    (String::from_utf8_lossy(&got).into_owned(), began.elapsed())
}

#[tokio::test]
async fn a_trickled_body_is_cut_by_the_request_deadline() {
    let s = start_with(
        |c| {
            c.request_timeout = Duration::from_secs(2);
            c.body_timeout = Duration::from_secs(30);
        },
        WallClock::System,
    )
    .await;
    let mut conn = start_slow_post(s.addr).await;
    // A byte a second never leaves the body silent, so only the deadline can end it.
    let (reply, after) = reply_while_trickling(&mut conn, true, Duration::from_secs(6)).await;
    assert!(
        reply.starts_with("HTTP/1.1 408"),
        "after {after:?}: {reply:?}"
    );
    assert!(reply.contains(r#""code":"request_timeout""#), "{reply}");
    assert!(after < Duration::from_secs(4), "answered after {after:?}");
    // The server still answers others.
    assert_eq!(http::get(s.addr, "/api/health").await.status, 200);
}

#[tokio::test]
async fn a_stalled_body_is_cut_by_the_body_timeout() {
    let s = start_with(
        |c| {
            c.request_timeout = Duration::from_secs(30);
            c.body_timeout = Duration::from_secs(1);
        },
        WallClock::System,
    )
    .await;
    let mut conn = start_slow_post(s.addr).await;
    let (reply, after) = reply_while_trickling(&mut conn, false, Duration::from_secs(5)).await;
    assert!(
        reply.starts_with("HTTP/1.1 408"),
        "after {after:?}: {reply:?}"
    );
    assert!(reply.contains(r#""code":"request_timeout""#), "{reply}");
    assert!(after < Duration::from_secs(3), "answered after {after:?}");
}

#[tokio::test]
async fn game_sockets_outlive_the_request_deadline() {
    let s = start_with(
        |c| c.request_timeout = Duration::from_secs(1),
        WallClock::System,
    )
    .await;
    let mut t = table(s.addr, &json!({})).await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    t.red.send_move(0, "h2e2").await;
    t.red.expect_move("h2e2").await;
    t.black.expect_move("h2e2").await;
}
