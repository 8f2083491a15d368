//! The engine module's calls, run natively (`--features engine`).

use super::parse;
use serde_json::{json, Value};

/// The only mate: a0a9 (i8 holds d8, the flying general e9; Black's soldier on i3 keeps a
/// move, so no quiet move wins by leaving Black none).
const MATE_IN_ONE: &str = "3k5/8R/9/9/9/9/8p/9/9/R3K4 w - - 0 1";

#[test]
fn search_finds_the_mate_in_one_and_reports_each_iteration() {
    let mut infos = Vec::new();
    let body = json!({"fen": MATE_IN_ONE, "depth": 3}).to_string();
    let r = parse(&xiangqi_wasm::search(&body, &mut |line| {
        infos.push(parse(line))
    }));
    assert_eq!(r["best"], "a0a9");
    assert_eq!(r["score"], json!({"mate": 1}));
    assert!(!infos.is_empty());
    for (i, info) in infos.iter().enumerate() {
        assert_eq!(info["depth"], i as u64 + 1);
        assert_eq!(info["pv"][0], "a0a9");
    }
}

#[test]
fn banned_moves_are_not_chosen_and_levels_are_checked() {
    let body = json!({"fen": MATE_IN_ONE, "depth": 2, "banned": ["a0a9"]}).to_string();
    let r = parse(&xiangqi_wasm::search(&body, &mut |_| {}));
    assert_ne!(r["best"], "a0a9");
    assert!(r["best"].is_string());
    let bad_level = parse(&xiangqi_wasm::search(r#"{"level": 6}"#, &mut |_| {}));
    assert_eq!(bad_level["error"]["code"], "invalid_field");
    let bad_ban = parse(&xiangqi_wasm::search(
        r#"{"banned": ["a0a9"]}"#,
        &mut |_| {},
    ));
    assert_eq!(bad_ban["error"]["code"], "illegal_move");
    let over = parse(&xiangqi_wasm::search(
        r#"{"fen": "3k5/8R/9/9/9/9/8p/9/9/R3K4 w - - 0 1", "moves": ["a0a9"]}"#,
        &mut |_| {},
    ));
    assert_eq!(over["best"], Value::Null);
}

#[test]
fn every_level_answers_a_legal_move() {
    let legal = parse(&xiangqi_wasm::position("{}"))["legal"].clone();
    for level in 1..=5 {
        let body = json!({"level": level, "seed": 7, "nodes": 3000, "depth": 4}).to_string();
        let r = parse(&xiangqi_wasm::search(&body, &mut |_| {}));
        let best = r["best"].as_str().expect("a move");
        assert!(
            legal.as_array().expect("list").iter().any(|m| m == best),
            "level {level}: {best}"
        );
    }
}

#[test]
fn the_bench_signs_the_same_search_as_the_native_engine() {
    let r = parse(&xiangqi_wasm::bench(r#"{"depth": 5}"#));
    let native = xiangqi_engine::bench::run(5, |_| {});
    assert_eq!(r["nodes"], native.nodes);
}

#[test]
fn the_bench_runs_either_evaluation_and_refuses_another() {
    let nnue = parse(&xiangqi_wasm::bench(r#"{"depth": 4, "eval": "nnue"}"#));
    let classical = parse(&xiangqi_wasm::bench(r#"{"depth": 4, "eval": "classical"}"#));
    let embedded = xiangqi_engine::nnue::Network::embedded();
    assert!(embedded.is_some());
    assert_eq!(
        nnue["nodes"],
        xiangqi_engine::bench::run_with(4, 1, embedded, |_| {}).nodes
    );
    assert_eq!(
        classical["nodes"],
        xiangqi_engine::bench::run_with(4, 1, None, |_| {}).nodes
    );
    assert_ne!(nnue["nodes"], classical["nodes"]);
    assert_eq!(nnue["simd128"], false, "a native build has no simd128");
    let bad = parse(&xiangqi_wasm::bench(r#"{"eval": "hce"}"#));
    assert_eq!(bad["error"]["code"], "invalid_field");
}

#[test]
fn book_counts_the_plies_that_follow_the_opening_lines() {
    let plies = |body: Value| parse(&xiangqi_wasm::book(&body.to_string()));
    // 1. C2=5 C8=5 2. H2+3 H8+7 3. R1=2 R9=8, then 4. H8+9 and 4… C2=1 (off the book).
    let game = [
        "h2e2", "h7e7", "h0g2", "h9g7", "i0h0", "i9h9", "b0a2", "b7a7",
    ];
    assert_eq!(plies(json!({"moves": game})), json!({"plies": 7}));
    // The same from the start FEN written out; nothing from another position.
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(
        plies(json!({"fen": start, "moves": game})),
        json!({"plies": 7})
    );
    assert_eq!(
        plies(json!({"fen": MATE_IN_ONE, "moves": []})),
        json!({"plies": 0})
    );
    // Bad input: a typed refusal.
    assert_eq!(
        plies(json!({"moves": ["h2"]}))["error"]["code"],
        "invalid_field"
    );
    assert_eq!(
        plies(json!({"fen": "9/9 w"}))["error"]["code"],
        "invalid_fen"
    );
    assert_eq!(
        plies(json!({"moves": [], "depth": 3}))["error"]["code"],
        "bad_request"
    );
}
