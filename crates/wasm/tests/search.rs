//! The engine module's calls, run natively (`--features engine`).

use serde_json::{json, Value};

fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("every reply is JSON")
}

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
