//! The `games` feature's calls, run natively: reading and writing games as
//! `web/wasm/games.wasm` does in the browser.

use super::{error_code, parse};
use serde_json::json;

#[test]
fn read_game_takes_a_fen_a_move_list_in_any_notation_or_pgn() {
    let fen = parse(&xiangqi_wasm::read_game(
        r#"{"text": " 3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1 "}"#,
    ));
    assert_eq!(fen["fen"], "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(fen["moves"], json!([]));
    let expected = json!(["h2e2", "h9g7", "h0g2"]);
    for text in [
        "h2e2 h9g7 h0g2",
        "1. C2=5 H8+7 2. H2+3",
        "炮二平五 马８进７ 马二进三",
    ] {
        let r = parse(&xiangqi_wasm::read_game(
            &json!({ "text": text }).to_string(),
        ));
        assert_eq!(r["moves"], expected, "{text}");
    }
    let pgn = "[Event \"Test\"]\n[FEN \"3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1\"]\n\n1. R9+9 *\n";
    let r = parse(&xiangqi_wasm::read_game(
        &json!({ "text": pgn }).to_string(),
    ));
    assert_eq!(r["fen"], "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    assert_eq!(r["moves"], json!(["a0a9"]));
    assert_eq!(r["tags"][0], json!(["Event", "Test"]));
    let bad = parse(&xiangqi_wasm::read_game(r#"{"text": "1. C2=5 K5+5"}"#));
    assert_eq!(error_code(&bad), "invalid_game");
}

#[test]
fn read_game_takes_xqf_files_and_dhtmlxq_text() {
    use base64::Engine as _;
    use xiangqi::game::{Game, RuleSet};
    use xiangqi::xqf::{self, XqfField, XqfGame, XqfKeys};
    let game = Game::replay(None, &["h2e2", "h9g7", "h0g2"], RuleSet::Wxf2018).expect("legal");
    let record = XqfGame::new(
        game,
        vec![
            (XqfField::Red, b"Hu".to_vec()),
            // 吕钦 in GBK: not UTF-8, so sent as bytes for the page to decode.
            (XqfField::Black, vec![0xC2, 0xC0, 0xC7, 0xD5]),
        ],
    );
    let keys = XqfKeys {
        mask: 0x77,
        keys: [1, 2, 3, 4, 5, 6, 7, 8],
    };
    for bytes in [xqf::write(&record, None), xqf::write(&record, Some(keys))] {
        let b64 = base64::engine::general_purpose::STANDARD.encode(&bytes);
        let r = parse(&xiangqi_wasm::read_game(&json!({ "xqf": b64 }).to_string()));
        assert_eq!(r["format"], "xqf");
        assert_eq!(r["moves"], json!(["h2e2", "h9g7", "h0g2"]));
        assert_eq!(r["tags"], json!([["Red", "Hu"]]));
        assert_eq!(r["undecoded"], json!([["Black", [0xC2, 0xC0, 0xC7, 0xD5]]]));
    }
    let bad = parse(&xiangqi_wasm::read_game(r#"{"xqf": "WFEK"}"#));
    assert_eq!(error_code(&bad), "invalid_game");
    assert!(
        bad["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("cut short"),
        "{bad}"
    );
    let not_b64 = parse(&xiangqi_wasm::read_game(r#"{"xqf": "***"}"#));
    assert_eq!(error_code(&not_b64), "bad_request");
    let both = parse(&xiangqi_wasm::read_game(r#"{"xqf": "", "text": ""}"#));
    assert_eq!(error_code(&both), "bad_request");

    let ubb = "[DhtmlXQ][DhtmlXQ_red]Hu[/DhtmlXQ_red][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
    let r = parse(&xiangqi_wasm::read_game(
        &json!({ "text": ubb }).to_string(),
    ));
    assert_eq!(r["format"], "dhtmlxq");
    assert_eq!(r["moves"], json!(["h2e2", "h9g7"]));
    let bad = parse(&xiangqi_wasm::read_game(
        &json!({ "text": "[DhtmlXQ_movelist]77470010[/DhtmlXQ_movelist]" }).to_string(),
    ));
    assert!(
        bad["error"]["message"]
            .as_str()
            .unwrap_or("")
            .contains("ply 2"),
        "{bad}"
    );
}

#[test]
fn write_game_writes_pgn_and_dhtmlxq_that_read_game_reads_back() {
    for format in ["pgn", "dhtmlxq"] {
        let w = parse(&xiangqi_wasm::write_game(
            &json!({ "moves": ["h2e2", "h9g7"], "format": format, "tags": [["Red", "Hu"]], "result": "1-0" })
                .to_string(),
        ));
        let text = w["text"].as_str().expect("text").to_string();
        assert!(text.contains("Hu"), "{text}");
        let r = parse(&xiangqi_wasm::read_game(
            &json!({ "text": text }).to_string(),
        ));
        assert_eq!(r["format"], format);
        assert_eq!(r["moves"], json!(["h2e2", "h9g7"]));
        assert!(
            r["tags"]
                .as_array()
                .expect("tags")
                .contains(&json!(["Result", "1-0"])),
            "{r}"
        );
    }
    let bad = parse(&xiangqi_wasm::write_game(
        r#"{"moves": ["a0a5"], "format": "pgn"}"#,
    ));
    assert_eq!(error_code(&bad), "illegal_move");
    let bad = parse(&xiangqi_wasm::write_game(
        r#"{"moves": [], "format": "xqf"}"#,
    ));
    assert_eq!(error_code(&bad), "invalid_field");
}
