//! The repetition judgment as a search calls it: `judge_quiet_cycle` on a cycle found by its
//! position keys, and `judge_cycle` on steps a game record already keeps.
//!
//! `cargo bench -p xiangqi --bench cycle` prints nanoseconds per call. Each bench first
//! asserts the ruling it measures, so a fast wrong judgment fails.
#![allow(missing_docs)] // criterion_group! generates undocumented items

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use xiangqi::game::{
    judge_cycle, judge_quiet_cycle, threats_of_move, CycleStep, GameResult, RuleSet,
};
use xiangqi::{Move, Position};

/// A horse chasing an unprotected chariot (d6c4 a5b5 c4d6 b5a5: Black wins), with most
/// pieces on the board.
const CHASE_FEN: &str = "rnbakab2/9/1c5c1/3N5/r8/4p4/4P4/1C5C1/9/1NBAKAB1R w - - 0 1";
const CHASE_LAP: [&str; 4] = ["d6c4", "a5b5", "c4d6", "b5a5"];
/// Idle shuffles of both chariots (draw).
const IDLE_FEN: &str = "rnbakabn1/8r/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/R8/1NBAKABNR w - - 0 1";
const IDLE_LAP: [&str; 4] = ["a1a0", "i8i9", "a0a1", "i9i8"];

/// Plays one lap of `lap` from `fen` and returns the final position and the moves.
fn lap(fen: &str, lap: &[&str]) -> (Position, Vec<Move>) {
    let mut pos = Position::from_fen(fen).expect("legal FEN");
    let moves: Vec<Move> = lap.iter().map(|m| m.parse().expect("ICCS")).collect();
    for &m in &moves {
        pos.play(m).expect("legal move");
    }
    (pos, moves)
}

/// The steps a game record keeps for `moves` played from `fen`.
fn steps(fen: &str, moves: &[Move]) -> Vec<CycleStep> {
    let mut pos = Position::from_fen(fen).expect("legal FEN");
    moves
        .iter()
        .map(|&m| {
            let before = pos.clone();
            pos.make_move(m);
            CycleStep {
                mv: m,
                mover: before.turn(),
                check: pos.is_check(),
                chased: threats_of_move(&before, m, &pos).chased,
            }
        })
        .collect()
}

fn cycles(c: &mut Criterion) {
    let chase = lap(CHASE_FEN, &CHASE_LAP);
    let idle = lap(IDLE_FEN, &IDLE_LAP);
    for (name, (pos, moves), expected) in [
        ("chase", &chase, GameResult::BlackWins),
        ("idle", &idle, GameResult::Draw),
    ] {
        let ruling = judge_quiet_cycle(pos, moves, RuleSet::Wxf2018);
        assert_eq!(ruling.result, expected, "{name}");
        c.bench_function(&format!("judge_quiet_cycle/{name}/4 plies"), |b| {
            b.iter(|| judge_quiet_cycle(black_box(pos), black_box(moves), RuleSet::Wxf2018))
        });
    }
    let steps = steps(CHASE_FEN, &chase.1);
    let ruling = judge_cycle(&steps, RuleSet::Wxf2018);
    assert_eq!(ruling.result, GameResult::BlackWins);
    c.bench_function("judge_cycle/steps/4 plies", |b| {
        b.iter(|| judge_cycle(black_box(&steps), RuleSet::Wxf2018))
    });
}

criterion_group!(benches, cycles);
criterion_main!(benches);
