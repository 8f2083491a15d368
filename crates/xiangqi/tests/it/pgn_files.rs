//! Reads PGN files as other tools write them: xqbase-style `[Game "Chinese Chess"]` files with
//! ICCS moves (`H2-E2`), and Chinese-notation files; writes them back in WXF and reads that.

use std::path::Path;
use xiangqi::game::{GameResult, Reason};
use xiangqi::pgn;

fn data(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(path).expect("fixture")
}

#[test]
fn xqbase_iccs_file_is_read_and_judged_by_its_result_tag() {
    let record = pgn::read(&data("xqbase-iccs.pgn")).expect("reads");
    assert_eq!(record.tag("Red"), Some("Red player"));
    assert_eq!(record.game.moves().len(), 13);
    assert_eq!(record.game.moves()[0].to_string(), "h2e2");
    // The moves leave the game open; the [Result] tag says Red won, read as a resignation.
    assert_eq!(record.game.status().result, GameResult::RedWins);
    assert_eq!(record.game.status().reason, Some(Reason::Resignation));
}

#[test]
fn chinese_file_reads_traditional_and_simplified_forms() {
    let record = pgn::read(&data("chinese.pgn")).expect("reads");
    let iccs: Vec<String> = record.game.moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(
        iccs,
        ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "c3c4", "h7i7", "b0c2", "g6g5"]
    );
}

#[test]
fn written_pgn_reads_back_to_the_same_game() {
    for name in ["xqbase-iccs.pgn", "chinese.pgn"] {
        let record = pgn::read(&data(name)).expect("reads");
        let text = pgn::write(&record.game, &record.tags);
        assert!(text.contains("[Variant \"xiangqi\"]"), "{text}");
        assert!(text.contains("[SetUp \"1\"]"), "{text}");
        let again = pgn::read(&text).expect("reads its own output");
        assert_eq!(again.game.moves(), record.game.moves(), "{name}");
        assert_eq!(again.game.status(), record.game.status(), "{name}");
        assert_eq!(
            pgn::write(&again.game, &again.tags),
            text,
            "{name}: writing is stable"
        );
    }
}
