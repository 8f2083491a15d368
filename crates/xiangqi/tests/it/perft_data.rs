//! Runs every perft fixture in `tests/data/*.tsv` (`fen<TAB>depth<TAB>nodes`).
//!
//! `perft.tsv` holds published counts confirmed by two engines (copied from the project's
//! shared reference data); `perft-crosschecked.tsv` holds positions whose counts were
//! checked against Fairy-Stockfish by `scripts/perft_crosscheck.py`. Entries above the node
//! limit are skipped: 150 million in release builds (so the start position's depth 5,
//! 133 312 995, runs in `scripts/test`), 2 million in debug builds.

use crate::common;

use xiangqi::{perft, Position};

const NODE_LIMIT: u64 = if cfg!(debug_assertions) {
    2_000_000
} else {
    150_000_000
};

struct Case {
    file: String,
    line: usize,
    fen: String,
    depth: u32,
    nodes: u64,
}

fn read_cases(name: &str) -> Vec<Case> {
    common::rows(name, "fen", 3)
        .into_iter()
        .map(|r| Case {
            file: name.to_string(),
            line: r.line,
            fen: r.fields[0].clone(),
            depth: r.fields[1].parse().expect("depth"),
            nodes: r.fields[2].parse().expect("nodes"),
        })
        .collect()
}

fn run(name: &str) -> usize {
    let mut ran = 0;
    for c in read_cases(name) {
        if c.nodes > NODE_LIMIT {
            continue;
        }
        let mut pos =
            Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("{}:{}: {e}", c.file, c.line));
        assert_eq!(
            perft(&mut pos, c.depth),
            c.nodes,
            "{}:{} {} depth {}",
            c.file,
            c.line,
            c.fen,
            c.depth
        );
        ran += 1;
    }
    ran
}

#[test]
fn published_perft_counts_match() {
    let ran = run("perft.tsv");
    // In release builds this includes the start position at depth 5 (133 312 995 nodes).
    let expected = if cfg!(debug_assertions) { 12 } else { 17 };
    assert_eq!(ran, expected, "fixtures run from perft.tsv");
}

#[test]
fn crosschecked_perft_counts_match() {
    // Counts computed by Fairy-Stockfish (pyffish), one line per depth for each position chosen
    // to stress a rule: cannon screens, horse legs, facing generals, pins, checks, mates.
    let total = read_cases("perft-crosschecked.tsv").len();
    let ran = run("perft-crosschecked.tsv");
    assert!(total >= 50, "perft-crosschecked.tsv has only {total} lines");
    if cfg!(debug_assertions) {
        assert!(
            ran * 2 >= total,
            "only {ran} of {total} fixtures under the debug node limit"
        );
    } else {
        assert_eq!(
            ran, total,
            "every crosschecked fixture runs in release builds"
        );
    }
}
