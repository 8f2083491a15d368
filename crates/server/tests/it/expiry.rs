//! Room expiry with an injected wall clock: rooms idle for longer than `room_ttl` are deleted
//! by the sweep (their connections closed); activity keeps a room alive.

use crate::common;

use common::{http, Client};
use serde_json::json;
use std::sync::atomic::Ordering;
use std::time::Duration;
use xiangqi_server::{sweep, WallClock};

const T0: i64 = 1_700_000_000_000;
const MINUTE: i64 = 60_000;

#[tokio::test]
async fn idle_rooms_are_swept_after_the_ttl() {
    let (wall, now) = WallClock::manual(T0);
    let s = common::start_with(|c| c.room_ttl = Duration::from_secs(3600), wall).await;

    let idle = common::create_room(s.addr, &json!({"public": true})).await;
    let mut idle_conn = Client::join(s.addr, &idle.code, "red", Some(&idle.seat)).await;
    let joined_late = common::create_room(s.addr, &json!({})).await;

    now.store(T0 + 30 * MINUTE, Ordering::Relaxed);
    let young = common::create_room(s.addr, &json!({})).await;
    common::join(s.addr, &joined_late.code, None).await; // activity

    // 59 minutes: nothing is old enough.
    now.store(T0 + 59 * MINUTE, Ordering::Relaxed);
    assert_eq!(sweep_once(&s.app).await.expect("sweep"), 0);

    // 61 minutes: only the room idle since T0 goes.
    now.store(T0 + 61 * MINUTE, Ordering::Relaxed);
    assert_eq!(sweep_once(&s.app).await.expect("sweep"), 1);
    for path in [
        format!("/api/rooms/{}", idle.code),
        format!("/api/rooms/{}/game", idle.code),
    ] {
        let r = http::get(s.addr, &path).await;
        common::assert_error(&r, 404, "not_found");
    }
    // Its connection is closed and it is gone from the lobby and the socket route.
    idle_conn.expect_closed().await;
    let lobby = http::get(s.addr, "/api/lobby").await.json();
    assert_eq!(lobby["rooms"], json!([]));
    let url = format!("ws://{}/ws/rooms/{}", s.addr, idle.code);
    assert!(tokio_tungstenite::connect_async(&url).await.is_err());

    for code in [&young.code, &joined_late.code] {
        let r = http::get(s.addr, &format!("/api/rooms/{code}")).await;
        assert_eq!(r.status, 200, "{code} is still active: {}", r.text());
    }

    // Much later both are gone too.
    now.store(T0 + 200 * MINUTE, Ordering::Relaxed);
    assert_eq!(sweep_once(&s.app).await.expect("sweep"), 2);
    for code in [&young.code, &joined_late.code] {
        let r = http::get(s.addr, &format!("/api/rooms/{code}")).await;
        assert_eq!(r.status, 404, "{}", r.text());
    }
}

/// Runs one sweep of `app`'s store and rooms with its clock and room lifetime.
async fn sweep_once(
    app: &xiangqi_server::AppState,
) -> Result<u64, xiangqi_server::store::StoreError> {
    sweep::sweep_once(&app.store, &app.rooms, &app.wall, app.config.room_ttl).await
}
