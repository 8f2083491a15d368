//! The module's calls, run natively: the same JSON in and out as in the browser.

use super::{error_code, parse};
use serde_json::json;

#[test]
fn position_answers_like_the_position_service() {
    let r = parse(&xiangqi_wasm::position(r#"{"moves": ["h2e2", "h9g7"]}"#));
    assert_eq!(r["turn"], "red");
    assert_eq!(r["check"], false);
    assert_eq!(r["wxf"], json!(["C2=5", "H8+7"]));
    assert_eq!(r["chinese"], json!(["炮二平五", "马８进７"]));
    assert_eq!(r["status"]["result"], "ongoing");
    assert_eq!(
        r["fen"],
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2"
    );
    // The legal list agrees with perft(1) of the same position.
    let fen = r["fen"].as_str().expect("fen").to_string();
    let perft = parse(&xiangqi_wasm::perft(
        &json!({"fen": fen, "depth": 1}).to_string(),
    ));
    assert_eq!(
        r["legal"].as_array().expect("legal").len() as u64,
        perft["nodes"].as_u64().expect("nodes")
    );
}

#[test]
fn a_checkmate_has_no_legal_moves_and_names_the_winner() {
    // The chariot on i8 holds d8, the flying general e9 (WXF 2018 art. 2), a0a9 checks.
    let r = parse(&xiangqi_wasm::position(
        r#"{"fen": "3k5/8R/9/9/9/9/9/9/9/R3K4 w - - 0 1", "moves": ["a0a9"]}"#,
    ));
    assert_eq!(r["status"]["result"], "red");
    assert_eq!(r["status"]["reason"], "checkmate");
    assert_eq!(r["legal"], json!([]));
    assert_eq!(r["check"], true);
}

#[test]
fn bad_requests_get_the_servers_codes() {
    let bad_fen = parse(&xiangqi_wasm::position(r#"{"fen": "rnbakabnr/9 w"}"#));
    assert_eq!(error_code(&bad_fen), "invalid_fen");
    let two_generals = parse(&xiangqi_wasm::position(
        r#"{"fen": "4k4/9/9/9/9/9/9/9/9/4KK3 w - - 0 1"}"#,
    ));
    assert_eq!(error_code(&two_generals), "invalid_fen");
    assert!(!two_generals["error"]["problems"]
        .as_array()
        .expect("problems")
        .is_empty());
    let illegal = parse(&xiangqi_wasm::position(r#"{"moves": ["a0a5"]}"#));
    assert_eq!(error_code(&illegal), "illegal_move");
    for body in [
        "",
        "[]",
        "{\"mvoes\": []}",
        "{\"moves\": \"h2e2\"}",
        "null",
        "{} {}",
        "\"{\"",
    ] {
        assert_eq!(
            error_code(&parse(&xiangqi_wasm::position(body))),
            "bad_request",
            "{body:?}"
        );
    }
    // Space before the object is fine, as it is for the server.
    let spaced = parse(&xiangqi_wasm::position(" \n {\"moves\": [\"h2e2\"]}"));
    assert_eq!(spaced["turn"], "black");
    let rules = parse(&xiangqi_wasm::position(r#"{"rules": "asian"}"#));
    assert_eq!(error_code(&rules), "invalid_field");
    let deep = parse(&xiangqi_wasm::perft(r#"{"depth": 9}"#));
    assert_eq!(error_code(&deep), "invalid_field");
}

#[test]
fn perft_counts_the_published_numbers() {
    // Start position: 44, 1,920, 79,666 (published counts, crates/xiangqi/tests/data).
    for (depth, nodes) in [(1, 44u64), (2, 1_920), (3, 79_666)] {
        let r = parse(&xiangqi_wasm::perft(&json!({"depth": depth}).to_string()));
        assert_eq!(r["nodes"], nodes, "depth {depth}");
    }
}
