//! The committed puzzle library (`web/puzzles/library.json`) proves what it claims: every
//! position is legal, the listed first move is the only one that wins (mates in 1–3 by
//! brute force, mates in 4–5 and material wins by search), every move of every solution
//! tree is legal, mates end in mate within the stated length, and material wins gain what
//! they say.

#![allow(clippy::unwrap_used)] // the fixture is ours: a bad one should fail loudly

use std::collections::{BTreeSet, HashSet};
use xiangqi::{Move, Position};
use xiangqi_tools::puzzles::{
    self, balance, mate_limits, mate_of, material_first_move, Branch, Library, Puzzle,
    MATERIAL_GAIN, MAX_MATE,
};
use xiangqi_tools::tactics::{forced_win_within, winning_first_moves};

fn library() -> Library {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../web/puzzles/library.json"
    );
    puzzles::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

#[test]
fn the_library_has_two_hundred_distinct_tagged_puzzles_and_says_how_it_was_made() {
    let lib = library();
    assert!(lib.puzzles.len() >= 200, "{}", lib.puzzles.len());
    assert!(lib
        .command
        .starts_with("xiangqi puzzles --out web/puzzles/library.json --seed "));
    assert!(lib
        .command
        .contains(&format!("--seed {}", lib.settings.seed)));
    let fens: HashSet<&str> = lib.puzzles.iter().map(|p| p.fen.as_str()).collect();
    assert_eq!(fens.len(), lib.puzzles.len(), "duplicate positions");
    assert!(lib.puzzles.iter().any(|p| p.kind == "material"));
    for n in 1..=4 {
        assert!(
            lib.puzzles.iter().any(|p| p.kind == "mate" && p.moves == n),
            "no mate in {n}"
        );
    }
    let mut last = 0;
    for (i, p) in lib.puzzles.iter().enumerate() {
        assert!((1..=5).contains(&p.difficulty), "puzzle {}", i + 1);
        assert!(
            p.difficulty >= last,
            "puzzle {}: not sorted by difficulty",
            i + 1
        );
        last = p.difficulty;
        let theme = if p.kind == "mate" {
            format!("mate in {}", p.moves)
        } else {
            assert_eq!(p.kind, "material", "puzzle {}", i + 1);
            "material".to_string()
        };
        assert_eq!(p.themes.first(), Some(&theme), "puzzle {}", i + 1);
    }
}

/// Walks a tree from `pos` with `left` solver moves allowed; checks every move is legal,
/// returns the positions where the solver's accepted moves are listed (with the moves left)
/// and the leaves (the position after the last solver move or reply, and whether the
/// branch ended on the solver's move).
fn walk(
    pos: &Position,
    level: &[Branch],
    left: u32,
    nodes: &mut Vec<(Position, u32, BTreeSet<Move>)>,
    leaves: &mut Vec<(Position, bool)>,
    id: usize,
) {
    assert!(left >= 1, "puzzle {id}: the tree is longer than its length");
    assert!(!level.is_empty(), "puzzle {id}: an empty level");
    let accepted: BTreeSet<Move> = level.iter().map(|b| mv(&b.mv)).collect();
    assert_eq!(
        accepted.len(),
        level.len(),
        "puzzle {id}: a move listed twice"
    );
    nodes.push((pos.clone(), left, accepted));
    for b in level {
        let after = pos
            .after(mv(&b.mv))
            .unwrap_or_else(|e| panic!("puzzle {id}: {} illegal: {e}", b.mv));
        match &b.reply {
            None => {
                assert!(b.next.is_empty(), "puzzle {id}: moves after the end");
                leaves.push((after, true));
            }
            Some(r) => {
                let next = after
                    .after(mv(r))
                    .unwrap_or_else(|e| panic!("puzzle {id}: reply {r} illegal: {e}"));
                if b.next.is_empty() {
                    leaves.push((next, false));
                } else {
                    walk(&next, &b.next, left - 1, nodes, leaves, id);
                }
            }
        }
    }
}

fn check_main_line(p: &Puzzle, id: usize) {
    let mut line = Vec::new();
    let mut level = &p.tree;
    while let Some(b) = level.first() {
        line.push(b.mv.clone());
        line.extend(b.reply.clone());
        level = &b.next;
    }
    assert_eq!(
        line, p.line,
        "puzzle {id}: the line is not the tree's first branches"
    );
    assert_eq!(p.tree.len(), 1, "puzzle {id}: more than one first move");
}

#[test]
fn every_mate_is_exact_with_a_single_first_move_and_a_tree_that_mates() {
    let mut searcher = puzzles::searcher_for_puzzles(16);
    for (i, p) in library().puzzles.iter().enumerate() {
        let id = i + 1;
        if p.kind != "mate" {
            continue;
        }
        check_main_line(p, id);
        let pos = Position::from_fen(&p.fen).unwrap();
        assert!(
            !pos.is_check() && !pos.legal_moves().is_empty(),
            "puzzle {id}"
        );
        let n = p.moves;
        let first = mv(&p.tree[0].mv);
        if n <= 3 {
            assert!(
                !forced_win_within(&mut pos.clone(), n - 1),
                "puzzle {id}: a mate shorter than {n}"
            );
            assert_eq!(winning_first_moves(&pos, n), vec![first], "puzzle {id}");
        } else {
            let (r, _, _) = puzzles::search(&mut searcher, &pos, &[], mate_limits(MAX_MATE));
            assert_eq!(mate_of(&r), Some(n), "puzzle {id}");
            assert_eq!(r.best, Some(first), "puzzle {id}");
            let (other, _, _) = puzzles::search(&mut searcher, &pos, &[first], mate_limits(n));
            assert!(
                mate_of(&other).is_none_or(|k| k > n),
                "puzzle {id}: another first move mates"
            );
        }
        let mut nodes = Vec::new();
        let mut leaves = Vec::new();
        walk(&pos, &p.tree, n, &mut nodes, &mut leaves, id);
        for (at, left, accepted) in &nodes {
            if *left <= 3 {
                let exact: BTreeSet<Move> = winning_first_moves(at, *left).into_iter().collect();
                assert_eq!(
                    &exact,
                    accepted,
                    "puzzle {id}: accepted moves at {}",
                    at.fen()
                );
            }
        }
        for (leaf, on_move) in &leaves {
            assert!(
                *on_move && leaf.legal_moves().is_empty(),
                "puzzle {id}: a line does not end in mate: {}",
                leaf.fen()
            );
        }
    }
}

#[test]
fn every_material_win_has_a_clear_first_move_and_gains_what_it_says() {
    let mut searcher = puzzles::searcher_for_puzzles(16);
    for (i, p) in library().puzzles.iter().enumerate() {
        let id = i + 1;
        if p.kind != "material" {
            continue;
        }
        check_main_line(p, id);
        let pos = Position::from_fen(&p.fen).unwrap();
        let first = mv(&p.tree[0].mv);
        let (best, _, _) = material_first_move(&mut searcher, &pos)
            .unwrap_or_else(|| panic!("puzzle {id}: no clear first move"));
        assert_eq!(best, first, "puzzle {id}");
        let mut nodes = Vec::new();
        let mut leaves = Vec::new();
        walk(&pos, &p.tree, p.moves, &mut nodes, &mut leaves, id);
        let mut end = pos.clone();
        for m in &p.line {
            end = end.after(mv(m)).unwrap();
        }
        assert_eq!(p.line.len(), 2 * p.moves as usize, "puzzle {id}");
        let gain = balance(&end, pos.turn()) - balance(&pos, pos.turn());
        assert_eq!(gain, p.gain, "puzzle {id}");
        assert!(gain >= MATERIAL_GAIN, "puzzle {id}: gains {gain}");
        assert!(!end.legal_moves().is_empty(), "puzzle {id}");
    }
}
