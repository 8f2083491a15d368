//! The tactical suite (`tests/data/tactics.tsv`): every mate proved by brute force with the
//! exact set of mating first moves, every material win checked by a deeper search, and a
//! handful of mates solved by the engine at small depth.

#![allow(clippy::unwrap_used)] // fixtures are ours: a bad one should fail loudly

use std::collections::HashSet;
use xiangqi::Move;
use xiangqi_engine::{Limits, SearchRequest, Searcher};
use xiangqi_tools::tactics::{self, forced_win_within, winning_first_moves, Tactic, BUILTIN};

fn suite() -> Vec<Tactic> {
    tactics::parse(BUILTIN).unwrap()
}

#[test]
fn the_suite_has_fifty_positions_of_every_kind() {
    let s = suite();
    assert!(s.len() >= 50, "{}", s.len());
    for kind in ["mate1", "mate2", "mate3", "material"] {
        assert!(s.iter().any(|t| t.kind == kind), "{kind}");
    }
    let fens: HashSet<String> = s.iter().map(|t| t.position.fen()).collect();
    assert_eq!(fens.len(), s.len(), "duplicate positions");
}

#[test]
fn every_mate_is_exact_and_its_first_moves_are_exactly_the_listed_ones() {
    for t in suite() {
        let Some(n) = t.mate_in() else { continue };
        assert!(
            !forced_win_within(&mut t.position.clone(), n - 1),
            "line {}: a mate shorter than {n} exists",
            t.line
        );
        let found: HashSet<Move> = winning_first_moves(&t.position, n).into_iter().collect();
        let listed: HashSet<Move> = t.best.iter().copied().collect();
        assert_eq!(found, listed, "line {}: mating first moves", t.line);
    }
}

#[test]
fn every_material_win_is_clear_cut() {
    let mut searcher = Searcher::new(8);
    for t in suite().into_iter().filter(|t| t.kind == "material") {
        let mut req = SearchRequest {
            start: t.position.clone(),
            limits: Limits::depth(8),
            ..SearchRequest::default()
        };
        searcher.clear();
        let best = searcher.search(&req, &mut |_| {});
        assert!(
            best.best.is_some_and(|m| t.best.contains(&m)),
            "line {}: chose {:?}",
            t.line,
            best.best
        );
        req.banned = t.best.clone();
        searcher.clear();
        let other = searcher.search(&req, &mut |_| {});
        assert!(
            other.score + 250 <= best.score,
            "line {}: {} vs {} without the listed moves",
            t.line,
            best.score,
            other.score
        );
    }
}

#[test]
fn the_engine_solves_mates_within_a_small_node_budget() {
    let mut searcher = Searcher::new(4);
    let mates: Vec<Tactic> = suite()
        .into_iter()
        .filter(|t| t.mate_in().is_some())
        .collect();
    for t in &mates {
        let n = t.mate_in().unwrap();
        // A selective search needs more than the 2n − 1 plies of a mate in n (late move
        // pruning and reductions skip quiet moves at low depth), so the bound is in nodes.
        // 120,000 a move of the mate: with generation 2 of the network the slowest of the
        // 48 (line 73, a quiet general's move that opens the file) takes about 300,000.
        let a = tactics::attempt(&mut searcher, t, &Limits::nodes(120_000 * u64::from(n)));
        assert!(a.solved, "line {}: chose {:?}", t.line, a.chosen);
    }
}
