//! Quick pairing (`docs/protocol.md`, "Quick pairing"): two compatible seeks pair at once
//! into a new room with both seats taken and opposite colours; a rated seek needs an
//! account and pairs only with another account; a cancelled seek, or one whose browser
//! stopped asking, never pairs; bad seeks are refused naming the field.

use crate::common;

use common::accounts::{call, session_cookie, sign_up};
use common::{assert_error, http};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use xiangqi_server::WallClock;

async fn seek(addr: SocketAddr, cookie: Option<&str>, body: &Value) -> http::Response {
    call(addr, "POST", "/api/seeks", cookie, Some(body), &[]).await
}

async fn poll(addr: SocketAddr, id: &str) -> http::Response {
    http::get(addr, &format!("/api/seeks/{id}")).await
}

const FIVE_THREE: &str = r#"{"initial_ms": 300000, "increment_ms": 3000}"#;

#[tokio::test]
async fn two_casual_seeks_pair_into_one_room_with_opposite_colours() {
    let s = common::start().await;
    let body: Value = serde_json::from_str(FIVE_THREE).expect("json");
    let first = seek(s.addr, None, &body).await;
    assert_eq!(first.status, 201, "{}", first.text());
    let id = first.json()["id"].as_str().expect("id").to_string();
    assert_eq!(first.json()["status"], "waiting");
    assert_eq!(poll(s.addr, &id).await.json()["status"], "waiting");
    // Another clock does not pair with it.
    let other_clock = seek(
        s.addr,
        None,
        &json!({"initial_ms": 180000, "increment_ms": 2000}),
    )
    .await;
    assert_eq!(other_clock.json()["status"], "waiting");

    let second = seek(s.addr, None, &body).await;
    assert_eq!(second.status, 200, "{}", second.text());
    let b = second.json();
    assert_eq!(b["status"], "paired");
    let a = poll(s.addr, &id).await.json();
    assert_eq!(a["status"], "paired", "{a}");
    assert_eq!(a["room"], b["room"]);
    assert_ne!(a["color"], b["color"]);
    assert_ne!(a["seat"], b["seat"]);
    assert_eq!(
        a["url"],
        format!("/play/{}", a["room"].as_str().expect("room"))
    );
    // Collected: the seek is gone.
    assert_error(&poll(s.addr, &id).await, 404, "not_found");

    // The room has the clock, both seats taken, and each token plays its colour.
    let code = a["room"].as_str().expect("room");
    let room = http::get(s.addr, &format!("/api/rooms/{code}"))
        .await
        .json();
    assert_eq!(
        room["time_control"],
        json!({"initial_s": 300, "increment_s": 3})
    );
    let (red_seat, black_seat) = if a["color"] == "red" {
        (
            a["seat"].as_str().expect("seat"),
            b["seat"].as_str().expect("seat"),
        )
    } else {
        (
            b["seat"].as_str().expect("seat"),
            a["seat"].as_str().expect("seat"),
        )
    };
    let mut red = common::ws::Client::join(s.addr, code, "red", Some(red_seat)).await;
    let mut black = common::ws::Client::join(s.addr, code, "black", Some(black_seat)).await;
    red.send_move(0, "h2e2").await;
    red.expect_move("h2e2").await;
    black.expect_move("h2e2").await;
}

#[tokio::test]
async fn rated_seeks_need_accounts_and_pair_two_different_ones() {
    let s = common::start_with(|c| c.accounts_per_minute = 0, WallClock::System).await;
    let rated = json!({"initial_ms": 300000, "increment_ms": 3000, "rated": true});
    assert_error(&seek(s.addr, None, &rated).await, 401, "not_signed_in");
    let alice = session_cookie(&sign_up(s.addr, "seeker_a", "long-password").await).0;
    let bob = session_cookie(&sign_up(s.addr, "seeker_b", "long-password").await).0;
    let first = seek(s.addr, Some(&alice), &rated).await;
    assert_eq!(first.json()["status"], "waiting");
    // The same account in a second tab does not pair with itself.
    assert_eq!(
        seek(s.addr, Some(&alice), &rated).await.json()["status"],
        "waiting"
    );
    // A casual seek does not pair with a rated one.
    assert_eq!(
        seek(
            s.addr,
            Some(&bob),
            &json!({"initial_ms": 300000, "increment_ms": 3000})
        )
        .await
        .json()["status"],
        "waiting"
    );
    let paired = seek(s.addr, Some(&bob), &rated).await;
    assert_eq!(paired.json()["status"], "paired", "{}", paired.text());
    let code = paired.json()["room"].as_str().expect("room").to_string();
    // A rated room: its game, between the two accounts, will be rated.
    let info = http::get(s.addr, &format!("/api/rooms/{code}")).await;
    assert_eq!(info.status, 200);
}

#[tokio::test]
async fn cancelled_and_abandoned_seeks_never_pair() {
    let (wall, now) = WallClock::manual(1_700_000_000_000);
    let s = common::start_with(|_| {}, wall).await;
    let body: Value = serde_json::from_str(FIVE_THREE).expect("json");
    let id = seek(s.addr, None, &body).await.json()["id"]
        .as_str()
        .expect("id")
        .to_string();
    let r = call(
        s.addr,
        "DELETE",
        &format!("/api/seeks/{id}"),
        None,
        None,
        &[],
    )
    .await;
    assert_eq!(r.status, 204, "{}", r.text());
    assert_error(&poll(s.addr, &id).await, 404, "not_found");
    assert_eq!(
        seek(s.addr, None, &body).await.json()["status"],
        "waiting",
        "nothing to pair with"
    );

    // That last seek's tab closes: nobody asks about it for 10 s, and a new seek waits.
    now.fetch_add(11_000, Ordering::SeqCst);
    assert_eq!(seek(s.addr, None, &body).await.json()["status"], "waiting");
}

#[tokio::test]
async fn bad_seeks_name_the_field_and_change_nothing() {
    let s = common::start().await;
    for (body, status, code, field) in [
        (
            json!({"initial_ms": 300500, "increment_ms": 0}),
            422,
            "invalid_field",
            "initial_ms",
        ),
        (
            json!({"initial_ms": 300000, "increment_ms": -1000}),
            422,
            "invalid_field",
            "increment_ms",
        ),
        (
            json!({"initial_ms": 0, "increment_ms": 0}),
            422,
            "invalid_field",
            "initial_ms",
        ),
        (
            json!({"initial_ms": 99_000_000_000i64, "increment_ms": 0}),
            422,
            "invalid_field",
            "initial_ms",
        ),
        (
            json!({"initial_ms": "5m", "increment_ms": 0}),
            400,
            "bad_request",
            "initial_ms",
        ),
        (json!({"increment_ms": 0}), 400, "bad_request", "initial_ms"),
        (
            json!({"initial_ms": 60000, "increment_ms": 0, "colour": "red"}),
            400,
            "bad_request",
            "colour",
        ),
    ] {
        let r = seek(s.addr, None, &body).await;
        let e = assert_error(&r, status, code);
        assert!(
            e["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains(field)),
            "{body}: {e}"
        );
    }
    for id in ["nope", &"0".repeat(32), &"x".repeat(5000)] {
        assert_error(&poll(s.addr, id).await, 404, "not_found");
    }
    let evil = call(
        s.addr,
        "POST",
        "/api/seeks",
        None,
        Some(&json!({"initial_ms": 60000, "increment_ms": 0})),
        &["Origin: https://evil.example"],
    )
    .await;
    assert_error(&evil, 403, "bad_origin");
    // None of the refused seeks waits: a good one finds nobody.
    let r = seek(
        s.addr,
        None,
        &json!({"initial_ms": 60000, "increment_ms": 0}),
    )
    .await;
    assert_eq!(r.json()["status"], "waiting");
}

#[tokio::test]
async fn two_seeks_that_missed_each_other_pair_at_the_next_poll() {
    let s = common::start().await;
    // Both stored as waiting, as when two seeks are sent at the same moment and neither
    // sees the other.
    let now = s.app.wall.now_ms();
    for (id, at) in [("a".repeat(32), now), ("b".repeat(32), now + 1)] {
        let row = xiangqi_server::store::SeekRow {
            id,
            initial_ms: 300_000,
            increment_ms: 3000,
            rated: false,
            account_id: None,
            rating: None,
            created_at: at,
            seen_at: at,
            pairing: None,
        };
        s.app.store.insert_seek(row).await.expect("stored");
    }
    let newer = poll(s.addr, &"b".repeat(32)).await.json();
    assert_eq!(newer["status"], "paired", "{newer}");
    let older = poll(s.addr, &"a".repeat(32)).await.json();
    assert_eq!(older["status"], "paired", "{older}");
    assert_eq!(older["room"], newer["room"]);
    assert_ne!(older["color"], newer["color"]);
}
