//! Per-address rate limits: creating rooms, joining and creating puzzles past the limit get
//! 429 `rate_limited` with a JSON body and `Retry-After`, and change nothing; after a second
//! wrong password in a row the same address waits, longer after each further wrong one,
//! before it may try that room again; and past a room's budget of wrong passwords from all
//! addresses, the room is under siege: addresses that guessed wrong wait, unchecked.

use crate::common;

use common::{assert_error, create_room, http, start_with, FIVE_PLY_MATE};
use serde_json::json;
use std::time::Duration;
use xiangqi_server::{Config, WallClock};

/// Asserts a 429 `rate_limited` whose `Retry-After` header and `retry_after_s` field agree
/// and are at least 1; returns the seconds.
fn assert_rate_limited(r: &http::Response) -> u64 {
    let j = assert_error(r, 429, "rate_limited");
    let header: u64 = r
        .header("retry-after")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("a 429 says when to retry: {:?}", r.headers));
    assert!(header >= 1, "Retry-After {header}");
    assert_eq!(j["error"]["retry_after_s"], header, "{j}");
    header
}

fn limits(rooms: u32, joins: u32, puzzles: u32) -> impl FnOnce(&mut Config) {
    move |c: &mut Config| {
        c.rooms_per_minute = rooms;
        c.joins_per_minute = joins;
        c.puzzles_per_minute = puzzles;
    }
}

/// A server whose wait after wrong passwords starts at 1 s (the default, set here so that the
/// tests do not depend on it).
async fn with_password_wait() -> common::TestServer {
    start_with(
        |c: &mut Config| c.wrong_password_delay = Duration::from_millis(1000),
        WallClock::System,
    )
    .await
}

#[tokio::test]
async fn creating_rooms_past_the_limit_is_refused_and_creates_nothing() {
    let s = start_with(limits(3, 0, 0), WallClock::System).await;
    for _ in 0..3 {
        create_room(s.addr, &json!({"public": true})).await;
    }
    let r = http::post(s.addr, "/api/rooms", &json!({"public": true})).await;
    let retry = assert_rate_limited(&r);
    assert!(retry <= 21, "one room comes back every 20 s: {retry}");
    let lobby = http::get(s.addr, "/api/lobby").await.json();
    assert_eq!(
        lobby["rooms"].as_array().map(Vec::len),
        Some(3),
        "a refused creation stores nothing: {lobby}"
    );
    // Other routes are not limited.
    assert_eq!(http::get(s.addr, "/api/health").await.status, 200);
}

#[tokio::test]
async fn joining_past_the_limit_is_refused() {
    let s = start_with(limits(0, 2, 0), WallClock::System).await;
    let room = create_room(s.addr, &json!({})).await;
    let path = format!("/api/rooms/{}/join", room.code);
    for _ in 0..2 {
        assert_eq!(http::post(s.addr, &path, &json!({})).await.status, 200);
    }
    assert_rate_limited(&http::post(s.addr, &path, &json!({})).await);
    // Guessing codes counts too: an unknown room is refused before it is looked up.
    assert_rate_limited(&http::post(s.addr, "/api/rooms/ZZZZZZ/join", &json!({})).await);
}

#[tokio::test]
async fn creating_puzzles_past_the_limit_is_refused() {
    let s = start_with(limits(0, 0, 2), WallClock::System).await;
    let body = json!({"fen": common::START_FEN, "solution": [FIVE_PLY_MATE[0]]});
    for _ in 0..2 {
        assert_eq!(http::post(s.addr, "/api/puzzles", &body).await.status, 201);
    }
    assert_rate_limited(&http::post(s.addr, "/api/puzzles", &body).await);
}

#[tokio::test]
async fn no_limit_when_set_to_zero() {
    let s = start_with(limits(0, 0, 0), WallClock::System).await;
    for _ in 0..40 {
        create_room(s.addr, &json!({})).await;
    }
}

#[tokio::test]
async fn a_wrong_password_makes_the_address_wait_longer_each_time() {
    let s = with_password_wait().await;
    let room = create_room(s.addr, &json!({"password": "right"})).await;
    let other = create_room(s.addr, &json!({"password": "right"})).await;
    let path = format!("/api/rooms/{}/join", room.code);
    let wrong = json!({"password": "wrong"});
    let right = json!({"password": "right"});

    // The first wrong password costs nothing: a typo can be retyped at once.
    for _ in 0..2 {
        assert_error(
            &http::post(s.addr, &path, &wrong).await,
            403,
            "wrong_password",
        );
    }
    // Even the right password waits: nothing is checked while the address waits.
    assert_eq!(
        assert_rate_limited(&http::post(s.addr, &path, &right).await),
        1
    );
    // Another room is not affected.
    let other_path = format!("/api/rooms/{}/join", other.code);
    assert_eq!(http::post(s.addr, &other_path, &right).await.status, 200);

    tokio::time::sleep(Duration::from_millis(1100)).await;
    assert_error(
        &http::post(s.addr, &path, &wrong).await,
        403,
        "wrong_password",
    );
    let second = assert_rate_limited(&http::post(s.addr, &path, &wrong).await);
    assert_eq!(second, 2, "each further wrong password doubles the wait");

    tokio::time::sleep(Duration::from_millis(2100)).await;
    let r = http::post(s.addr, &path, &right).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert!(r.json()["seat"].is_string(), "{}", r.text());
}

#[tokio::test]
async fn parallel_guesses_from_one_address_do_not_slip_past_the_wait() {
    let s = with_password_wait().await;
    let room = create_room(s.addr, &json!({"password": "right"})).await;
    let path = format!("/api/rooms/{}/join", room.code);
    let wrong = json!({"password": "wrong"});
    let guesses = (0..6).map(|_| http::post(s.addr, &path, &wrong));
    let answers = futures_util::future::join_all(guesses).await;
    let checked = answers.iter().filter(|r| r.status == 403).count();
    let refused = answers.iter().filter(|r| r.status == 429).count();
    assert_eq!(checked + refused, 6, "{answers:?}");
    assert!(
        checked <= 2,
        "one guess at a time is checked (two when the first, free, ends before the last \
         arrives): {checked} checked"
    );
}

#[tokio::test]
async fn guessing_room_codes_is_limited_and_then_even_a_real_code_is_refused() {
    let s = start_with(
        |c: &mut Config| c.room_misses_per_minute = 3,
        WallClock::System,
    )
    .await;
    let real = create_room(s.addr, &json!({})).await;
    // A known code costs nothing.
    for _ in 0..5 {
        assert_eq!(
            http::get(s.addr, &format!("/api/rooms/{}", real.code))
                .await
                .status,
            200
        );
    }
    // Unknown codes, by every route that looks one up, each cost one of the three.
    assert_error(
        &http::get(s.addr, "/api/rooms/ZZZZZZ").await,
        404,
        "not_found",
    );
    assert_error(
        &http::get(s.addr, "/api/rooms/ZZZZZY/game").await,
        404,
        "not_found",
    );
    assert_error(
        &http::post(s.addr, "/api/rooms/ZZZZZX/join", &json!({})).await,
        404,
        "not_found",
    );
    // Spent: the real code and the next guess get 429 with Retry-After at once (the real
    // code first, so that no lookup can tell a real code from an unknown one).
    let r = http::get(s.addr, &format!("/api/rooms/{}", real.code)).await;
    let wait = assert_rate_limited(&r);
    assert!(
        wait <= 20,
        "one of three a minute comes back within 20 s: {wait}"
    );
    assert_rate_limited(&http::get(s.addr, "/api/rooms/ZZZZZW").await);
    let r = http::get(s.addr, &format!("/api/rooms/{}", real.code)).await;
    let j = assert_error(&r, 429, "rate_limited");
    assert!(
        j["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("unknown room codes")),
        "{j}"
    );
    assert_rate_limited(&http::get(s.addr, &format!("/api/rooms/{}/game.pgn", real.code)).await);
    assert_rate_limited(&http::get(s.addr, &format!("/ws/rooms/{}", real.code)).await);
}

#[tokio::test]
async fn a_zero_room_miss_limit_never_refuses() {
    let s = start_with(
        |c: &mut Config| c.room_misses_per_minute = 0,
        WallClock::System,
    )
    .await;
    for i in 0..20 {
        let r = http::get(s.addr, &format!("/api/rooms/ZZZZZZ{i:02}")).await;
        assert_error(&r, 404, "not_found");
    }
}

#[tokio::test]
async fn wrong_passwords_from_many_addresses_put_the_room_under_siege() {
    let s = start_with(
        |c: &mut Config| {
            c.wrong_password_delay = Duration::from_millis(1000);
            c.room_wrong_passwords_per_minute = 3;
        },
        WallClock::System,
    )
    .await;
    let room = create_room(s.addr, &json!({"password": "right"})).await;
    let path = format!("/api/rooms/{}/join", room.code);
    let wrong = json!({"password": "wrong"});
    let from = |n: u8| std::net::IpAddr::from([127, 0, 0, n]);
    // Four addresses, one wrong password each: each is checked (the first wrong password
    // of an address costs it nothing); the fourth is past the room's budget of three.
    for n in 10..14 {
        let r = http::post_from(from(n), s.addr, &path, &wrong).await;
        assert_error(&r, 403, "wrong_password");
    }
    // Now every address that guessed wrong waits for the siege to end, unchecked, even with
    // the right password.
    for n in 10..14 {
        let r = http::post_from(from(n), s.addr, &path, &json!({"password": "right"})).await;
        let retry = assert_rate_limited(&r);
        assert!(
            (1..=6).contains(&retry),
            "the first siege lasts 6 s: {retry}"
        );
    }
    // A guesser from a new address is checked once, then waits too.
    let fresh = from(20);
    assert_error(
        &http::post_from(fresh, s.addr, &path, &wrong).await,
        403,
        "wrong_password",
    );
    assert_rate_limited(&http::post_from(fresh, s.addr, &path, &wrong).await);
    // An honest player with the right password is let in during the siege.
    let r = http::post_from(from(30), s.addr, &path, &json!({"password": "right"})).await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["color"], "black");
    // Another room is not under siege.
    let other = create_room(s.addr, &json!({"password": "right"})).await;
    let other_path = format!("/api/rooms/{}/join", other.code);
    let r = http::post_from(from(10), s.addr, &other_path, &json!({"password": "right"})).await;
    assert_eq!(r.status, 200, "{}", r.text());
}
