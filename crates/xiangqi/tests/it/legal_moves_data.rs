//! Checks the legal moves and the check flag of every position in `tests/data/legal-moves.tsv`
//! against Fairy-Stockfish, which produced the file (`scripts/legal_moves_crosscheck.py`,
//! seeded games; see `docs/testing.md`).
//!
//! Each line is `fen<TAB>check|-<TAB>moves`, the moves in ICCS separated by spaces (or
//! `none`). Both `legal_moves()` and `is_legal()` (tried on all 90 × 90 point pairs) must
//! give exactly that set, `has_legal_move()` whether it is empty, and `is_check()` the flag.

use crate::common;

use std::collections::BTreeSet;
use xiangqi::{Move, Position, Square};

struct Case {
    line: usize,
    fen: String,
    check: bool,
    moves: BTreeSet<String>,
}

fn cases() -> Vec<Case> {
    common::rows("legal-moves.tsv", "fen", 3)
        .into_iter()
        .map(|r| {
            let check = match r.fields[1].as_str() {
                "check" => true,
                "-" => false,
                other => panic!("line {}: check flag {other:?}", r.line),
            };
            let moves = match r.fields[2].as_str() {
                "none" => BTreeSet::new(),
                list => list.split(' ').map(str::to_string).collect(),
            };
            Case {
                line: r.line,
                fen: r.fields[0].clone(),
                check,
                moves,
            }
        })
        .collect()
}

#[test]
fn legal_moves_match_fairy_stockfish() {
    let cases = cases();
    assert!(cases.len() >= 300, "only {} positions", cases.len());
    for c in &cases {
        let pos = Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("line {}: {e}", c.line));
        let ours: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        let missing: Vec<_> = c.moves.difference(&ours).collect();
        let extra: Vec<_> = ours.difference(&c.moves).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "line {} {}: missing {missing:?}, extra {extra:?}",
            c.line,
            c.fen
        );
        assert_eq!(
            pos.legal_moves().len(),
            c.moves.len(),
            "line {}: duplicate moves",
            c.line
        );
        assert_eq!(
            pos.has_legal_move(),
            !c.moves.is_empty(),
            "line {}: has_legal_move() {}",
            c.line,
            c.fen
        );
    }
}

#[test]
fn is_legal_accepts_exactly_the_listed_moves() {
    for c in cases() {
        let pos = Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("line {}: {e}", c.line));
        for from in Square::all() {
            for to in Square::all() {
                let m = Move::new(from, to);
                assert_eq!(
                    pos.is_legal(m),
                    c.moves.contains(&m.to_string()),
                    "line {} {}: is_legal({m})",
                    c.line,
                    c.fen
                );
            }
        }
    }
}

#[test]
fn check_flag_matches_fairy_stockfish() {
    let cases = cases();
    let in_check = cases.iter().filter(|c| c.check).count();
    assert!(in_check >= 30, "only {in_check} positions in check");
    assert!(
        cases.iter().any(|c| c.moves.is_empty()),
        "no position without a legal move"
    );
    for c in &cases {
        let pos = Position::from_fen(&c.fen).unwrap_or_else(|e| panic!("line {}: {e}", c.line));
        assert_eq!(pos.is_check(), c.check, "line {} {}", c.line, c.fen);
        assert_eq!(
            pos.checkers().is_empty(),
            !c.check,
            "line {} {}: checkers",
            c.line,
            c.fen
        );
    }
}
