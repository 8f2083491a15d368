//! The benchmark: a fixed set of positions searched to a fixed depth with a fresh 16 MiB
//! table. The total node count is the search's signature: any change to search or
//! evaluation behaviour changes it, a pure refactor does not.

use crate::clock::Limits;
use crate::nnue::Network;
use crate::search::{SearchRequest, Searcher};
use crate::time::Instant;
use std::sync::Arc;
use xiangqi::Position;

/// The default depth of [`run`], in plies.
pub const DEFAULT_DEPTH: u32 = 9;

/// The table size used by the benchmark, in mebibytes (fixed: the signature depends on it).
pub const HASH_MIB: usize = 16;

/// The benchmark positions (FEN): openings, middlegames and endgames.
pub const POSITIONS: [&str; 8] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3n2/p1p1p1p1p/9/9/P1P1P1PcP/1CN1C1N2/9/R1BAKABR1 w - - 8 5",
    "1rbakab1r/9/1cn3nc1/p1p1p3p/6p2/2P6/P3P1P1P/N1C4C1/9/1RBAKABNR w - - 8 5",
    "r1bakabr1/9/2n1c1n1c/p3p1p1p/2p6/2P4R1/P3P1P1P/1CN1C1N2/9/R1BAKAB2 w - - 12 7",
    "r2akab2/9/1cn1b1n2/p1p1p3p/6p2/2P3P2/P3P3P/1CN1B1N2/4A4/R1BAK4 w - - 0 1",
    "2bakab2/9/2n1c4/p3p3p/2p3p2/9/P1P1P1P1P/1C2B1N2/9/2BAKA3 b - - 0 1",
    "2bak4/4a4/4b4/9/9/2r6/9/4B4/4N4/3AKR3 w - - 0 1",
    "4k4/4a4/4ba3/p7p/4P4/9/9/4C4/4A4/2BK1A3 w - - 0 1",
];

/// The totals of a benchmark run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    /// Nodes searched over all positions (the signature).
    pub nodes: u64,
    /// Wall time, in milliseconds.
    pub time_ms: u64,
    /// Nodes per second.
    pub nps: u64,
}

/// Searches every benchmark position to `depth` plies with one thread, calling `on_line`
/// with one line per position (`<index> <fen>: <nodes> nodes, bestmove <move>`), and returns
/// the totals. The node count is the signature.
pub fn run(depth: u32, on_line: impl FnMut(&str)) -> BenchResult {
    run_threads(depth, 1, on_line)
}

/// Like [`run`] with `threads` search threads (Lazy SMP). With more than one the node count
/// includes the helpers' and varies from run to run (it is no signature): compare the
/// time to depth and the speed instead.
pub fn run_threads(depth: u32, threads: usize, on_line: impl FnMut(&str)) -> BenchResult {
    run_with(depth, threads, crate::nnue::default_network(), on_line)
}

/// Like [`run_threads`] with the evaluation given: `Some(network)` for the NNUE, `None` for
/// the classical evaluation (the signature is that of the engine's default evaluation).
pub fn run_with(
    depth: u32,
    threads: usize,
    network: Option<Arc<Network>>,
    mut on_line: impl FnMut(&str),
) -> BenchResult {
    let mut searcher = Searcher::new(HASH_MIB);
    searcher.set_threads(threads);
    searcher.set_network(network);
    let mut nodes = 0;
    let start = Instant::now();
    for (i, fen) in POSITIONS.iter().enumerate() {
        let Ok(pos) = Position::from_fen(fen) else {
            on_line(&format!("{} {fen}: invalid FEN, skipped", i + 1));
            continue;
        };
        searcher.clear();
        let req = SearchRequest {
            start: pos,
            limits: Limits::depth(depth),
            ..SearchRequest::default()
        };
        let r = searcher.search(&req, &mut |_| {});
        nodes += r.nodes;
        let best = r.best.map_or("(none)".to_string(), |m| m.to_string());
        on_line(&format!(
            "{} {fen}: {} nodes, bestmove {best}",
            i + 1,
            r.nodes
        ));
    }
    let elapsed = start.elapsed();
    let time_ms = elapsed.as_millis() as u64;
    let nps = nodes.saturating_mul(1_000_000) / (elapsed.as_micros().max(1) as u64);
    BenchResult {
        nodes,
        time_ms,
        nps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_positions_are_valid() {
        for fen in POSITIONS {
            assert!(Position::from_fen(fen).is_ok(), "{fen}");
        }
    }

    #[test]
    fn bench_is_deterministic() {
        let a = run(3, |_| {});
        let b = run(3, |_| {});
        assert_eq!(a.nodes, b.nodes);
        assert!(a.nodes > 0);
    }
}
