//! A room that plays many rounds keeps only the current one in memory (issue 12, item 3):
//! snapshots carry the current round, the latest finished one and a count, and earlier rounds
//! come from the store.

use crate::common;

use common::{http, table};
use serde_json::json;

#[tokio::test]
async fn finished_rounds_stay_in_the_store_and_snapshots_do_not_grow() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut sizes = Vec::new();
    // 18 rounds: two messages a round from each player stay within a connection's burst.
    for round in 1..=18u32 {
        t.play(0, &["h2e2"]).await;
        let ev = t.resign_and_start_again().await;
        let g = &ev["game"];
        assert_eq!(g["round"], round + 1);
        assert_eq!(g["finished_rounds"], round);
        assert_eq!(
            g["history"],
            json!([{"round": round, "result": "red", "reason": "resignation", "moves": 1}]),
            "only the latest finished round"
        );
        sizes.push(ev.to_string().len());
    }
    assert!(
        sizes[17] <= sizes[9] + 4,
        "the snapshot does not grow with the rounds: {} then {}",
        sizes[9],
        sizes[17]
    );
    // Every finished round is still in the record, read back from the store.
    for round in [1, 9, 18] {
        let r = http::get(s.addr, &format!("/api/rooms/{}/game?round={round}", t.code)).await;
        assert_eq!(r.status, 200, "{}", r.text());
        assert_eq!(r.json()["round"], round);
        assert_eq!(r.json()["moves"], json!(["h2e2"]));
        assert_eq!(r.json()["status"]["reason"], "resignation");
    }
    let current = http::get(s.addr, &format!("/api/rooms/{}/game?round=19", t.code)).await;
    assert_eq!(current.json()["moves"], json!([]));
    let none = http::get(s.addr, &format!("/api/rooms/{}/game?round=20", t.code)).await;
    assert_eq!(none.status, 404);
}
