//! The computer opponent: engine searches on tokio's blocking pool, at most a fixed number
//! at once, so a search never stalls the async runtime and a crowd of computer games cannot
//! starve the machine.

use std::sync::{Arc, Mutex};
use tokio::sync::Semaphore;
use xiangqi::{Move, Position};
use xiangqi_engine::{Level, Limits, SearchRequest, Searcher};

/// Transposition-table size of each pooled searcher, in MiB.
const HASH_MIB: usize = 16;
/// Think time of levels 1–4, in milliseconds (their node caps usually stop them sooner).
const LOWER_LEVEL_MOVETIME_MS: u64 = 1000;

/// A bounded pool of engine searchers shared by all computer rooms.
#[derive(Clone)]
pub struct ComputerPool {
    permits: Arc<Semaphore>,
    idle: Arc<Mutex<Vec<Searcher>>>,
    hardest_movetime_ms: u64,
}

impl ComputerPool {
    /// Returns a pool running at most `max_searches` (at least 1) searches at once; the
    /// Hardest level thinks `hardest_movetime_ms` per move.
    pub fn new(max_searches: usize, hardest_movetime_ms: u64) -> ComputerPool {
        ComputerPool {
            permits: Arc::new(Semaphore::new(max_searches.max(1))),
            idle: Arc::new(Mutex::new(Vec::new())),
            hardest_movetime_ms,
        }
    }

    /// Chooses a move for the side to move after `moves` from `start` at `level` (1–5),
    /// within `remaining_ms` on its clock when the game is timed. Waits for a free slot.
    /// Returns `None` when the side to move has no move (or the search could not run).
    pub async fn choose(
        &self,
        start: Position,
        moves: Vec<Move>,
        level: u8,
        remaining_ms: Option<i64>,
    ) -> Option<Move> {
        let permit = Arc::clone(&self.permits).acquire_owned().await.ok()?;
        let idle = Arc::clone(&self.idle);
        let budget = self.movetime_ms(level, remaining_ms);
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let mut searcher = idle
                .lock()
                .ok()
                .and_then(|mut v| v.pop())
                .unwrap_or_else(|| Searcher::new(HASH_MIB));
            let req = SearchRequest {
                start,
                moves,
                banned: Vec::new(),
                limits: Limits::movetime(budget),
            };
            // A fresh seed per move, so that a level does not replay the same game.
            let seed = rand::random::<u64>();
            let result = searcher.search_level(&req, &Level::new(level, seed), &mut |_| {});
            if let Ok(mut v) = idle.lock() {
                v.push(searcher);
            }
            result.best
        });
        task.await.ok().flatten()
    }

    fn movetime_ms(&self, level: u8, remaining_ms: Option<i64>) -> u64 {
        let base = if level >= 5 {
            self.hardest_movetime_ms
        } else {
            LOWER_LEVEL_MOVETIME_MS
        };
        match remaining_ms {
            // Never more than a twentieth of what is left, so the engine never flags.
            Some(ms) => base.min(u64::try_from(ms / 20).unwrap_or(0).max(50)),
            None => base,
        }
    }
}
