//! The server's memory per idle socket: a watcher that only listens holds a few kilobytes,
//! not WebSocket's default 128 KiB read buffer. Alone in its test binary, so that no other
//! test's allocations move the process's resident size, which `/api/health` reports.

#[path = "it/common/mod.rs"]
mod common;

use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// Watchers opened (three rooms' worth at the default cap of 200 a room would need more
/// rooms; the cap is raised instead).
const WATCHERS: usize = 300;
/// Most bytes of resident memory one idle watcher may add to the process: the server's
/// side (about 13 KB measured in a release build) plus this test's own client socket, kept
/// small. With WebSocket's default buffers the server's side alone was about 134 KB.
const MOST_PER_WATCHER: u64 = 48 * 1024;

async fn resident_bytes(addr: std::net::SocketAddr) -> u64 {
    let health = common::http::get(addr, "/api/health").await.json();
    health["memory"]["rss_bytes"]
        .as_u64()
        .unwrap_or_else(|| panic!("no memory.rss_bytes in {health}"))
}

#[tokio::test]
async fn an_idle_watcher_holds_a_few_kilobytes_of_server_memory() {
    if !cfg!(target_os = "linux") {
        return; // The resident size comes from /proc.
    }
    let s = common::start_with(
        |c: &mut xiangqi_server::Config| {
            c.watcher_hellos_per_minute = 0;
            c.max_connections_per_ip = 10_000;
            c.max_watchers = 1_000;
        },
        xiangqi_server::WallClock::System,
    )
    .await;
    let code = common::create_room(s.addr, &json!({})).await.code;
    let url = format!("ws://{}/ws/rooms/{code}", s.addr);
    // Warm the allocator and the room with a first few, then measure the rest.
    let mut sockets = Vec::with_capacity(WATCHERS + 10);
    let config = WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0);
    let open = |n: usize| {
        let url = url.clone();
        async move {
            let mut opened = Vec::with_capacity(n);
            for _ in 0..n {
                let (mut ws, _) =
                    tokio_tungstenite::connect_async_with_config(&url, Some(config), true)
                        .await
                        .expect("the watcher connects");
                let hello = xiangqi_view::protocol::ClientMessage::Hello {
                    seat: None,
                    watch: None,
                    v: 0,
                }
                .to_json();
                ws.send(Message::text(hello)).await.expect("hello");
                match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
                    Ok(Some(Ok(Message::Text(t)))) => assert!(t.contains("\"state\""), "{t}"),
                    other => panic!("no state for a watcher: {other:?}"),
                }
                opened.push(ws);
            }
            opened
        }
    };
    sockets.extend(open(10).await);
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let before = resident_bytes(s.addr).await;
    sockets.extend(open(WATCHERS).await);
    // Presence notices go out at most once a second: let them all be sent.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    let with = resident_bytes(s.addr).await;
    let per_watcher = with.saturating_sub(before) / WATCHERS as u64;
    eprintln!("{WATCHERS} idle watchers: {} bytes each", per_watcher);
    assert!(
        per_watcher <= MOST_PER_WATCHER,
        "{WATCHERS} idle watchers added {} KB, {} KB each (at most {} KB each)",
        (with - before) / 1024,
        per_watcher / 1024,
        MOST_PER_WATCHER / 1024
    );
    drop(sockets);
}
