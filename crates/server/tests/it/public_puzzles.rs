//! Public puzzles (`docs/protocol.md`, "Puzzles"): the editor's `public` flag is stored and
//! sent back, `GET /api/puzzles` lists only the public ones, newest first, a page at a time,
//! and a bad page request is refused.

use crate::common;

use common::{assert_error, http};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;
use xiangqi_server::WallClock;

const FEN: &str = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";

async fn save(addr: std::net::SocketAddr, title: &str, public: Option<bool>) -> String {
    let mut body = json!({"fen": FEN, "title": title});
    if let Some(p) = public {
        body["public"] = json!(p);
    }
    let r = http::post(addr, "/api/puzzles", &body).await;
    assert_eq!(r.status, 201, "{}", r.text());
    r.json()["id"].as_str().expect("id").to_string()
}

fn titles(page: &Value) -> Vec<&str> {
    page["puzzles"]
        .as_array()
        .expect("puzzles")
        .iter()
        .map(|p| p["title"].as_str().expect("title"))
        .collect()
}

#[tokio::test]
async fn the_public_flag_is_stored_and_only_public_puzzles_are_listed_newest_first() {
    let (wall, now) = WallClock::manual(1_700_000_000_000);
    let s = common::start_with(|_| {}, wall).await;
    let empty = http::get(s.addr, "/api/puzzles").await;
    assert_eq!(empty.status, 200, "{}", empty.text());
    assert_eq!(empty.json(), json!({"puzzles": [], "next": null}));

    let mut ids = Vec::new();
    for (i, (title, public)) in [
        ("first", Some(true)),
        ("private by default", None),
        ("second", Some(true)),
        ("private", Some(false)),
        ("third", Some(true)),
    ]
    .into_iter()
    .enumerate()
    {
        now.store(1_700_000_000_000 + 1000 * i as i64, Ordering::SeqCst);
        ids.push(save(s.addr, title, public).await);
    }
    for (id, public) in ids.iter().zip([true, false, true, false, true]) {
        let p = http::get(s.addr, &format!("/api/puzzles/{id}"))
            .await
            .json();
        assert_eq!(p["public"], public, "{p}");
    }

    let all = http::get(s.addr, "/api/puzzles").await.json();
    assert_eq!(titles(&all), ["third", "second", "first"]);
    assert_eq!(all["next"], Value::Null);
    let third = &all["puzzles"][0];
    assert_eq!(third["id"], ids[4].as_str());
    assert_eq!(third["url"], format!("/puzzles/{}", ids[4]));
    assert_eq!(third["fen"], FEN);
    assert_eq!(third["created_at"], 1_700_000_004_000_i64);

    // Two a page: the second page starts after the first page's last puzzle.
    let page1 = http::get(s.addr, "/api/puzzles?limit=2").await.json();
    assert_eq!(titles(&page1), ["third", "second"]);
    let next = page1["next"].as_str().expect("next").to_string();
    assert_eq!(next, format!("1700000002000-{}", ids[2]));
    let page2 = http::get(s.addr, &format!("/api/puzzles?limit=2&after={next}"))
        .await
        .json();
    assert_eq!(titles(&page2), ["first"]);
    assert_eq!(page2["next"], Value::Null);
}

#[tokio::test]
async fn puzzles_saved_in_the_same_millisecond_are_paged_without_loss() {
    let (wall, _now) = WallClock::manual(1_700_000_000_000);
    let s = common::start_with(|_| {}, wall).await;
    for title in ["a", "b", "c"] {
        save(s.addr, title, Some(true)).await;
    }
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let path = match &after {
            Some(a) => format!("/api/puzzles?limit=1&after={a}"),
            None => "/api/puzzles?limit=1".to_string(),
        };
        let page = http::get(s.addr, &path).await.json();
        seen.extend(titles(&page).into_iter().map(str::to_string));
        match page["next"].as_str() {
            Some(n) => after = Some(n.to_string()),
            None => break,
        }
        assert!(seen.len() <= 3, "{seen:?}");
    }
    seen.sort();
    assert_eq!(seen, ["a", "b", "c"]);
}

#[tokio::test]
async fn bad_list_requests_and_a_bad_flag_are_refused() {
    let s = common::start().await;
    for q in [
        "limit=0",
        "limit=101",
        "after=12",
        "after=x-ABCDEFGH",
        "after=12-no",
    ] {
        let r = http::get(s.addr, &format!("/api/puzzles?{q}")).await;
        assert_error(&r, 422, "invalid_field");
    }
    let r = http::get(s.addr, "/api/puzzles?limit=two").await;
    assert_error(&r, 400, "bad_request");
    let r = http::get(s.addr, "/api/puzzles?colour=red").await;
    assert_error(&r, 400, "bad_request");
    let r = http::post(
        s.addr,
        "/api/puzzles",
        &json!({"fen": FEN, "public": "yes"}),
    )
    .await;
    assert_error(&r, 400, "bad_request");
    // Nothing was saved by the refusals.
    let list = http::get(s.addr, "/api/puzzles").await.json();
    assert_eq!(list["puzzles"], json!([]));
}
