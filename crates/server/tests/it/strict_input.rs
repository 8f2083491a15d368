//! Input is read strictly (issue 12, item 9): a key named twice is an error, not its last
//! value; unknown fields of `time_control` and `computer` are refused; a room or puzzle whose
//! start position is already decided is refused with `decided_position`, and nothing is made.

use crate::common;

use common::{assert_error, http, start, table};
use serde_json::json;

#[tokio::test]
async fn a_message_naming_its_type_twice_is_refused_and_does_not_resign() {
    let s = start().await;
    let mut t = table(s.addr, &json!({})).await;
    t.red.send_text(r#"{"t":"move","t":"resign"}"#).await;
    let e = t.red.expect_error("bad_message").await;
    assert!(
        e["message"]
            .as_str()
            .is_some_and(|m| m.contains("duplicate key")),
        "{e}"
    );
    t.red
        .send_text(r#"{"t":"move","ply":0,"move":"a0a1","move":"h2e2"}"#)
        .await;
    t.red.expect_error("bad_message").await;
    // The connection and the game go on, unchanged.
    assert_eq!(t.game(s.addr).await["status"]["result"], "ongoing");
    t.play(0, &["h2e2"]).await;
}

#[tokio::test]
async fn unknown_fields_of_time_control_and_computer_are_refused() {
    let s = start().await;
    for body in [
        json!({"public": true, "time_control": {"initial_s": 60, "increment_s": 0, "delay_s": 5}}),
        json!({"public": true, "computer": {"level": 3, "color": "black", "ponder": true}}),
    ] {
        let r = http::post(s.addr, "/api/rooms", &body).await;
        assert_error(&r, 400, "bad_request");
    }
    let lobby = http::get(s.addr, "/api/lobby").await.json();
    assert_eq!(lobby["rooms"], json!([]), "nothing was created");
}

#[tokio::test]
async fn a_duplicate_key_in_a_post_body_is_refused() {
    let s = start().await;
    let r = http::post_raw(
        s.addr,
        "/api/rooms",
        r#"{"public": true, "fen": null, "fen": "4k4/9/9/9/9/9/9/9/9/4K4 w"}"#,
    )
    .await;
    assert_error(&r, 400, "bad_request");
    let r = http::post_raw(
        s.addr,
        "/api/rooms",
        r#"{"public": true, "time_control": {"initial_s": 60, "initial_s": 1, "increment_s": 0}}"#,
    )
    .await;
    assert_error(&r, 400, "bad_request");
    let lobby = http::get(s.addr, "/api/lobby").await.json();
    assert_eq!(lobby["rooms"], json!([]), "nothing was created");
}

/// Decided start positions and the ruling the rules library gives each.
const DECIDED: [(&str, &str); 4] = [
    // Black to move is checkmated: the chariot on d8 checks, backed by the other, and e9
    // faces Red's general.
    ("3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1", "checkmate"),
    // Bare generals: neither side can ever give check.
    ("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "insufficient_material"),
    // Advisors and elephants cannot cross the river either.
    (
        "2bak4/9/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1",
        "insufficient_material",
    ),
    // The half-move clock says the move limit (100 plies under wxf-2018) is reached.
    ("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 100 80", "move_limit"),
];

#[tokio::test]
async fn a_room_from_a_decided_position_is_refused_with_the_ruling() {
    let s = start().await;
    for (fen, reason) in DECIDED {
        let r = http::post(s.addr, "/api/rooms", &json!({ "fen": fen, "public": true })).await;
        let j = assert_error(&r, 422, "decided_position");
        assert_eq!(j["error"]["reason"], reason, "{fen}: {j}");
        assert!(
            j["error"]["problems"]
                .as_array()
                .is_some_and(|p| p.len() == 1),
            "{j}"
        );
    }
    let lobby = http::get(s.addr, "/api/lobby").await.json();
    assert_eq!(lobby["rooms"], json!([]), "no room was created");
    // One ply before the limit is still a game.
    let r = http::post(
        s.addr,
        "/api/rooms",
        &json!({"fen": "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 99 80"}),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
}

#[tokio::test]
async fn a_puzzle_from_a_decided_position_is_refused_with_the_ruling() {
    let s = start().await;
    for (fen, reason) in DECIDED {
        let r = http::post(s.addr, "/api/puzzles", &json!({ "fen": fen })).await;
        let j = assert_error(&r, 422, "decided_position");
        assert_eq!(j["error"]["reason"], reason, "{fen}: {j}");
    }
}

#[tokio::test]
async fn a_struct_is_read_only_from_an_object() {
    let s = start().await;
    for body in [
        r#"{"computer": [1, "red"]}"#,
        r#"{"time_control": [60, 0]}"#,
        r#"{"computer": 1}"#,
        r#"["wxf-2018", null, null, false, null, null]"#,
        r#""wxf-2018""#,
    ] {
        let r = http::post_raw(s.addr, "/api/rooms", body).await;
        let j = assert_error(&r, 400, "bad_request");
        assert!(
            j["error"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("expected a JSON object")),
            "{body}: {j}"
        );
    }
    // Objects (and null for an optional one) are read as before.
    let r = http::post_raw(
        s.addr,
        "/api/rooms",
        r#"{"computer": null, "time_control": null}"#,
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.text());
    let r = http::post_raw(s.addr, "/api/position", "[1]").await;
    assert_error(&r, 400, "bad_request");
}
