//! Search behaviour: mates found with the right distance (checked by brute force), legal
//! moves only, repetition rules, time limits and playing levels.

#![allow(clippy::unwrap_used)] // test helpers may panic on bad fixtures

use std::time::{Duration, Instant};
use xiangqi::{Move, Position};
use xiangqi_engine::level::Rng;
use xiangqi_engine::{Level, Limits, Score, SearchRequest, SearchResult, Searcher};

fn search(fen: &str, moves: &[&str], limits: Limits, level: &Level) -> SearchResult {
    let req = SearchRequest {
        start: Position::from_fen(fen).unwrap(),
        moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
        banned: Vec::new(),
        limits,
    };
    Searcher::new(4).search_level(&req, level, &mut |_| {})
}

/// Tells whether the side to move can force a win (the opponent left without a legal move,
/// which loses in Xiangqi) within `plies` plies, by trying every line.
fn can_mate(pos: &mut Position, plies: u32) -> bool {
    if plies == 0 {
        return false;
    }
    for m in pos.legal_moves().iter().copied() {
        let undo = pos.make_move(m);
        let won = defender_lost(pos, plies - 1);
        pos.unmake_move(m, undo);
        if won {
            return true;
        }
    }
    false
}

fn defender_lost(pos: &mut Position, plies: u32) -> bool {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return true;
    }
    if plies == 0 {
        return false;
    }
    moves.iter().all(|&m| {
        let undo = pos.make_move(m);
        let won = can_mate(pos, plies - 1);
        pos.unmake_move(m, undo);
        won
    })
}

/// Checks that the engine reports `mate n` with a move after which the opponent is mated
/// in `n - 1` more moves, and that brute force finds no shorter mate. The search gets a node
/// budget rather than a depth: a selective search needs more than the 2n − 1 plies of the
/// mate (late move pruning and reductions skip quiet moves at low depth).
fn assert_mate_in(fen: &str, n: u32) {
    let r = search(
        fen,
        &[],
        Limits::nodes(50_000 * u64::from(n)),
        &Level::full(),
    );
    assert_eq!(
        Score::from_internal(r.score),
        Score::Mate(n as i32),
        "{fen}"
    );
    let mut pos = Position::from_fen(fen).unwrap();
    assert!(
        can_mate(&mut pos, 2 * n - 1),
        "{fen}: brute force finds mate in {n}"
    );
    if n > 1 {
        assert!(!can_mate(&mut pos, 2 * n - 3), "{fen}: no shorter mate");
    }
    let best = r.best.unwrap();
    assert!(pos.legal_moves().contains(&best));
    pos.make_move(best);
    assert!(
        defender_lost(&mut pos, 2 * n - 2),
        "{fen}: {best} keeps the mate"
    );
}

#[test]
fn two_chariots_mate_in_one() {
    // Red chariots on a8 (guarding rank 8) and b0; b0b9 mates: d9 faces Red's general.
    assert_mate_in("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", 1);
}

#[test]
fn two_chariots_mate_in_two() {
    assert_mate_in("4k4/9/9/9/9/9/9/9/R8/1R1K5 w", 2);
}

#[test]
fn two_chariots_mate_in_three_past_an_advisor() {
    assert_mate_in("3ak4/9/9/9/9/9/9/9/R8/1R1K5 w", 3);
}

#[test]
fn chariot_and_horse_mate_in_two() {
    assert_mate_in("3aka3/9/9/3N5/9/9/9/9/R8/5K3 w", 2);
}

#[test]
fn chariot_and_horse_mate_in_three() {
    assert_mate_in("4ka3/4a4/9/4N4/9/9/9/9/9/R2K5 w", 3);
}

/// Red: general d0, chariot b8, cannon i4. Black: general e9, advisors d9 and f9, horse e8.
/// d0e0 puts Red's general on the open e-file: the horse, the only piece between the
/// generals, may no longer leave the file, the advisors could only step to e8, which the horse
/// holds, and they and the horse wall in Black's general. Black is not in check and has no
/// legal move, which loses (WXF 2018, winning and losing); no other move wins at once. After
/// d0e0 quiescence used to stand pat on Black's static score, which its extra material makes
/// good enough to cut, and the search found this win only at depth 6.
#[test]
fn a_quiet_move_that_leaves_no_legal_move_wins_within_depth_4() {
    let fen = "3aka3/1R2n4/9/9/9/8C/9/9/9/3K5 w";
    let pos = Position::from_fen(fen).unwrap();
    let wins: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| pos.after(m).unwrap().legal_moves().is_empty())
        .collect();
    let quiet: Move = "d0e0".parse().unwrap();
    assert_eq!(wins, [quiet]);
    let after = pos.after(quiet).unwrap();
    assert!(!after.is_check());
    assert!(!after.has_legal_move());
    for depth in 1..=4 {
        let r = search(fen, &[], Limits::depth(depth), &Level::full());
        assert_eq!(
            (Score::from_internal(r.score), r.best),
            (Score::Mate(1), Some(quiet)),
            "depth {depth}"
        );
    }
}

#[test]
fn mated_side_reports_negative_mate() {
    // Black to move after Red's b0b8: mated in 1 whatever it does.
    let r = search(
        "4k4/9/9/9/9/9/9/9/R8/1R1K5 w",
        &["b0b8"],
        Limits::depth(4),
        &Level::full(),
    );
    assert!(
        matches!(Score::from_internal(r.score), Score::Mate(n) if n < 0),
        "{:?}",
        Score::from_internal(r.score)
    );
}

#[test]
fn no_legal_move_gives_no_best_move() {
    // Black is checkmated.
    let r = search(
        "4k4/R8/9/9/9/9/9/9/9/1R1K5 w",
        &["b0b9"],
        Limits::depth(3),
        &Level::full(),
    );
    assert_eq!(r.best, None);
}

#[test]
fn never_returns_an_illegal_move_from_random_playouts() {
    let mut rng = Rng::new(2024);
    let mut searcher = Searcher::new(4);
    for game in 0..12 {
        let mut pos = Position::start();
        let plies = 10 + (rng.next_u64() % 60) as usize;
        let mut moves = Vec::new();
        for _ in 0..plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            let m = legal[(rng.next_u64() % legal.len() as u64) as usize];
            pos.make_move(m);
            moves.push(m);
        }
        let req = SearchRequest {
            start: Position::start(),
            moves,
            banned: Vec::new(),
            limits: Limits::depth(3),
        };
        let r = searcher.search(&req, &mut |_| {});
        let legal = pos.legal_moves();
        match r.best {
            Some(m) => assert!(legal.contains(&m), "game {game}: {m} illegal in {pos:?}"),
            None => assert!(legal.is_empty(), "game {game}: no move in {pos:?}"),
        }
    }
}

#[test]
fn perpetual_check_is_avoided_even_when_losing() {
    // Red, far behind, has checked with a8a9 / a9a8 while Black's general stepped e9-e8-e9.
    // Checking again with a8a9 repeats the position after Red's first check, with every Red
    // move of the cycle a check: a loss under WXF 2018, so the engine must play something else.
    let fen = "4k4/R8/9/9/9/9/9/r8/8r/3K5 w";
    let history = ["a8a9", "e9e8", "a9a8", "e8e9"];
    let r = search(fen, &history, Limits::depth(5), &Level::full());
    let best = r.best.unwrap().to_string();
    assert_ne!(best, "a8a9", "the perpetual check must be avoided");
    // Without the history the same check is just a check, and nothing forbids it.
    let fresh = search(fen, &[], Limits::depth(1), &Level::full());
    assert!(fresh.best.is_some());
}

#[test]
fn perpetual_chase_is_avoided_even_when_losing() {
    // Red, a chariot behind, has chased Black's unprotected chariot with its horse (d6c4
    // attacks a5, c4d6 attacks b5) while the chariot ran a5-b5-a5. Chasing again with d6c4
    // repeats the position after Red's first chase with every Red move of the cycle a chase:
    // a loss under WXF 2018 by the rules library's own ruling, so the engine plays something
    // else, although a repetition would otherwise save it.
    let fen = "4k4/9/9/3N5/r8/9/9/9/8r/3K5 w";
    let history = ["d6c4", "a5b5", "c4d6", "b5a5"];
    let r = search(fen, &history, Limits::depth(5), &Level::full());
    assert_ne!(
        r.best.unwrap().to_string(),
        "d6c4",
        "the perpetual chase must be avoided"
    );
}

#[test]
fn repetition_without_checks_is_a_draw_for_the_side_behind() {
    // Black is a chariot down but can shuffle; repeating the cycle is not forbidden, so the
    // search sees a draw (score 0) when Black returns to the repeated position.
    let fen = "3k5/9/9/9/9/9/9/9/9/R3K4 w";
    let history = ["e0f0", "d9d8", "f0e0", "d8d9"];
    let mut searcher = Searcher::new(4);
    let req = SearchRequest {
        start: Position::from_fen(fen).unwrap(),
        moves: history.iter().map(|m| m.parse().unwrap()).collect(),
        banned: vec![],
        limits: Limits::depth(4),
    };
    let r = searcher.search(&req, &mut |_| {});
    // Red is winning and must not repeat the shuffle e0f0 (which the search scores 0).
    assert_ne!(r.best.map(|m| m.to_string()).as_deref(), Some("e0f0"));
    assert!(r.score > 200, "{}", r.score);
}

#[test]
fn movetime_is_respected() {
    let start = Instant::now();
    let r = search(
        xiangqi::START_FEN,
        &[],
        Limits::movetime(100),
        &Level::full(),
    );
    let spent = start.elapsed();
    assert!(r.best.is_some());
    assert!(spent < Duration::from_millis(1000), "{spent:?}");
}

#[test]
fn clock_limits_leave_time_on_the_clock() {
    let limits = Limits {
        wtime: Some(300),
        btime: Some(300),
        ..Limits::default()
    };
    let start = Instant::now();
    let r = search(xiangqi::START_FEN, &[], limits, &Level::full());
    assert!(r.best.is_some());
    assert!(start.elapsed() < Duration::from_millis(300));
}

#[test]
fn node_limit_stops_the_search() {
    let r = search(
        xiangqi::START_FEN,
        &[],
        Limits::nodes(5_000),
        &Level::full(),
    );
    assert!(r.best.is_some());
    assert!(r.nodes < 20_000, "{}", r.nodes);
}

#[test]
fn banned_moves_are_not_played() {
    let fen = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w";
    let req = SearchRequest {
        start: Position::from_fen(fen).unwrap(),
        moves: vec![],
        banned: vec!["b0b9".parse::<Move>().unwrap()],
        limits: Limits::depth(3),
    };
    let r = Searcher::new(1).search(&req, &mut |_| {});
    assert_ne!(r.best.unwrap().to_string(), "b0b9");
}

#[test]
fn level_one_is_quick_legal_and_repeatable() {
    let level = Level::new(1, 42);
    let fen = "r1bakabr1/9/1cn3n2/p1p1p1p1p/9/9/P1P1P1PcP/1CN1C1N2/9/R1BAKABR1 w - - 8 5";
    let legal = Position::from_fen(fen).unwrap().legal_moves();
    let start = Instant::now();
    let a = search(fen, &[], Limits::default(), &level);
    assert!(start.elapsed() < Duration::from_millis(1000));
    assert!(legal.contains(&a.best.unwrap()));
    let b = search(fen, &[], Limits::default(), &level);
    assert_eq!(a.best, b.best, "same seed, same move");
}

#[test]
fn every_level_plays_legal_moves() {
    let pos = Position::start();
    for n in 1..=5 {
        let level = Level::new(n, 7);
        let r = search(xiangqi::START_FEN, &[], Limits::depth(4), &level);
        assert!(pos.legal_moves().contains(&r.best.unwrap()), "level {n}");
    }
}

/// Counts, over `seeds` seeds, how often level 1 plays `capture` in `fen`; every move it
/// plays must be legal.
fn beginner_plays(fen: &str, capture: &str, seeds: u64) -> usize {
    let legal = Position::from_fen(fen).unwrap().legal_moves();
    let mut searcher = Searcher::new(1);
    let mut hits = 0;
    for seed in 0..seeds {
        let req = SearchRequest {
            start: Position::from_fen(fen).unwrap(),
            moves: Vec::new(),
            banned: Vec::new(),
            limits: Limits::default(),
        };
        let best = searcher
            .search_level(&req, &Level::new(1, seed * 7919 + 1), &mut |_| {})
            .best
            .unwrap();
        assert!(legal.contains(&best), "seed {seed}: {best}");
        hits += usize::from(best.to_string() == capture);
    }
    hits
}

#[test]
fn beginner_takes_a_piece_left_en_prise_most_of_the_time() {
    // A Black chariot, then a Black horse, undefended on Red's chariot's file.
    let chariot = beginner_plays("4k4/9/9/9/9/r8/9/9/9/R2K5 w", "a0a4", 100);
    assert!(chariot >= 80, "took the chariot {chariot}/100");
    let horse = beginner_plays("4k4/9/9/9/n8/9/9/9/9/R2K5 w", "a0a5", 100);
    assert!(horse >= 60, "took the horse {horse}/100");
}

#[test]
fn beginner_often_leaves_a_piece_en_prise() {
    // Red's chariot on a4 is attacked by Black's cannon (screened by the soldier on a7);
    // a careful player moves it away (or takes the cannon's screen), a beginner often
    // does something else.
    let fen = "4k4/9/9/c8/p8/R8/6P2/4N4/9/3K5 w";
    let pos = Position::from_fen(fen).unwrap();
    let legal = pos.legal_moves();
    let mut searcher = Searcher::new(1);
    let mut left_en_prise = 0;
    for seed in 0..100 {
        let req = SearchRequest {
            start: pos.clone(),
            moves: Vec::new(),
            banned: Vec::new(),
            limits: Limits::default(),
        };
        let best = searcher
            .search_level(&req, &Level::new(1, seed), &mut |_| {})
            .best
            .unwrap();
        assert!(legal.contains(&best));
        left_en_prise += usize::from(best.from.to_string() != "a4");
    }
    let full = search(fen, &[], Limits::depth(4), &Level::full());
    assert_eq!(
        full.best.unwrap().from.to_string(),
        "a4",
        "full strength saves it"
    );
    assert!(
        (10..=90).contains(&left_en_prise),
        "left the chariot en prise {left_en_prise}/100"
    );
}

#[test]
fn a_random_move_level_plays_legal_moves_without_searching() {
    let mut level = Level::new(1, 3);
    level.random_permille = 1000;
    let mut searcher = Searcher::new(1);
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        level.seed = seed;
        let req = SearchRequest {
            start: Position::start(),
            limits: Limits::default(),
            ..SearchRequest::default()
        };
        let r = searcher.search_level(&req, &level, &mut |_| {});
        assert_eq!(r.nodes, 0);
        let best = r.best.unwrap();
        assert!(Position::start().legal_moves().contains(&best));
        seen.insert(best);
    }
    assert!(seen.len() >= 10, "{} distinct moves", seen.len());
}

#[test]
fn two_threads_find_mates_in_two_with_legal_moves() {
    for fen in [
        "4k4/9/9/9/9/9/9/9/R8/1R1K5 w",
        "3aka3/9/9/3N5/9/9/9/9/R8/5K3 w",
    ] {
        let mut searcher = Searcher::new(4);
        searcher.set_threads(2);
        assert_eq!(searcher.threads(), 2);
        let req = SearchRequest {
            start: Position::from_fen(fen).unwrap(),
            limits: Limits::depth(5),
            ..SearchRequest::default()
        };
        let r = searcher.search(&req, &mut |_| {});
        assert_eq!(Score::from_internal(r.score), Score::Mate(2), "{fen}");
        let mut pos = Position::from_fen(fen).unwrap();
        let best = r.best.unwrap();
        assert!(pos.legal_moves().contains(&best), "{fen}: {best}");
        pos.make_move(best);
        assert!(defender_lost(&mut pos, 2), "{fen}: {best} keeps the mate");
    }
}

#[test]
fn threaded_searches_stop_in_time_and_count_the_helpers_nodes() {
    let mut searcher = Searcher::new(4);
    searcher.set_threads(3);
    let req = SearchRequest {
        start: Position::start(),
        limits: Limits::movetime(200),
        ..SearchRequest::default()
    };
    let start = Instant::now();
    let r = searcher.search(&req, &mut |_| {});
    assert!(start.elapsed() < Duration::from_millis(1000));
    assert!(Position::start().legal_moves().contains(&r.best.unwrap()));
    assert!(r.nodes > 0);
    // Back to one thread: the same search as a fresh single-threaded searcher.
    searcher.set_threads(1);
    searcher.clear();
    let req = SearchRequest {
        start: Position::start(),
        limits: Limits::depth(5),
        ..SearchRequest::default()
    };
    let a = searcher.search(&req, &mut |_| {});
    let b = Searcher::new(4).search(&req, &mut |_| {});
    assert_eq!((a.best, a.nodes), (b.best, b.nodes));
}

/// The NNUE plays at full strength only: the same mates are found with it, and a lower
/// level searches exactly as it does with the classical evaluation (its node count is the
/// same), so the levels' measured ratings stay valid.
#[test]
fn the_nnue_evaluates_at_full_strength_and_the_levels_stay_classical() {
    let net = xiangqi_engine::nnue::Network::embedded().unwrap();
    let run = |fen: &str, limits: Limits, level: &Level, nnue: bool| {
        let req = SearchRequest {
            start: Position::from_fen(fen).unwrap(),
            moves: Vec::new(),
            banned: Vec::new(),
            limits,
        };
        let mut s = Searcher::new(4);
        s.set_network(nnue.then(|| net.clone()));
        s.search_level(&req, level, &mut |_| {})
    };
    let mate = "3aka3/9/9/3N5/9/9/9/9/R8/5K3 w";
    let r = run(mate, Limits::nodes(100_000), &Level::full(), true);
    assert_eq!(Score::from_internal(r.score), Score::Mate(2));
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let full = [true, false].map(|n| run(start, Limits::depth(6), &Level::full(), n).nodes);
    assert_ne!(
        full[0], full[1],
        "the network changes the full-strength search"
    );
    let level = Level::new(3, 7);
    let low = [true, false].map(|n| {
        let r = run(start, Limits::depth(6), &level, n);
        (r.best, r.score, r.depth, r.nodes)
    });
    assert_eq!(low[0], low[1]);
}

/// Reads the first run of digits after `marker` in `text`.
fn number_after(text: &str, marker: &str) -> u64 {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("`{marker}` not found"))
        + marker.len();
    let digits: String = text[at..]
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect();
    digits.parse().unwrap()
}

/// The bench signature is written in docs/engine.md and the README; a commit that changes
/// the search or the evaluation must change it there too (and say so with `Bench:`), so a
/// functional change cannot land unannounced.
#[test]
fn the_bench_signature_is_the_one_the_docs_give() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let engine_md = std::fs::read_to_string(format!("{root}/docs/engine.md")).unwrap();
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let documented = number_after(&engine_md, "Current signature at depth 9: **");
    let classical = number_after(&engine_md, "with the NNUE at full strength (");
    assert_eq!(
        number_after(&readme, "is the search's signature ("),
        documented,
        "README and docs/engine.md disagree"
    );
    assert_eq!(
        number_after(&readme, "one thread, with the NNUE; "),
        classical
    );
    let depth = xiangqi_engine::bench::DEFAULT_DEPTH;
    assert_eq!(depth, 9, "the docs give the signature at depth 9");
    let nnue = xiangqi_engine::nnue::default_network();
    assert!(nnue.is_some(), "the signature is the NNUE's");
    let signed = xiangqi_engine::bench::run_with(depth, 1, nnue, |_| {});
    assert_eq!(signed.nodes, documented, "xiangqi bench with the NNUE");
    let signed = xiangqi_engine::bench::run_with(depth, 1, None, |_| {});
    assert_eq!(signed.nodes, classical, "xiangqi bench --eval classical");
}

/// A reported pawn (`Score::Cp(100)`) is `REPORTED_PAWN` of the evaluation's centipawns,
/// rounded to the nearest and alike for both sides; the analysis page's copy of the constant
/// (which turns reported scores back into expected scores) is the same.
#[test]
fn scores_are_reported_in_hundredths_of_the_reported_pawn() {
    use xiangqi_engine::search::REPORTED_PAWN;
    assert_eq!(Score::from_internal(0), Score::Cp(0));
    assert_eq!(Score::from_internal(REPORTED_PAWN), Score::Cp(100));
    assert_eq!(Score::from_internal(-REPORTED_PAWN), Score::Cp(-100));
    assert_eq!(Score::from_internal(3 * REPORTED_PAWN / 2), Score::Cp(150));
    assert_eq!(Score::from_internal(REPORTED_PAWN / 100 + 2), Score::Cp(1));
    assert_eq!(
        Score::from_internal(-(REPORTED_PAWN / 100 + 2)),
        Score::Cp(-1)
    );
    let page = include_str!("../../../../web/js/analysis-score.js");
    assert!(
        page.contains(&format!("export const REPORTED_PAWN = {REPORTED_PAWN};")),
        "web/js/analysis-score.js must say REPORTED_PAWN = {REPORTED_PAWN}"
    );
}
