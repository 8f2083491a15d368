//! The [`Engine`] facade: holds the game to search, runs searches on a worker thread and
//! reports through a callback, so the caller (a protocol loop, the server) stays free to
//! answer `isready` or `stop` at once.

use crate::clock::{Limits, DEFAULT_MOVE_OVERHEAD_MS, MAX_MOVE_OVERHEAD_MS};
use crate::level::Level;
use crate::nnue::{self, Network, NetworkError};
use crate::search::{Info, SearchRequest, SearchResult, Searcher, MAX_THREADS};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use xiangqi::{IllegalMove, Move, Position};

/// The default transposition table size, in mebibytes.
pub const DEFAULT_HASH_MIB: usize = 16;
/// The largest transposition table size accepted, in mebibytes.
pub const MAX_HASH_MIB: usize = 4096;

/// What a running search reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An iteration completed.
    Info(Info),
    /// The search ended; the last event of every search.
    BestMove(SearchResult),
}

/// Why [`Engine::set_position`] refused a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMove {
    /// Zero-based index of the refused move in the list.
    pub index: usize,
    /// Why it is illegal.
    pub error: IllegalMove,
}

impl fmt::Display for BadMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for BadMove {}

/// A search engine bound to one game. Searches run on a worker thread; only one at a time.
pub struct Engine {
    searcher: Arc<Mutex<Searcher>>,
    stop: Arc<AtomicBool>,
    worker: Option<JoinHandle<()>>,
    start: Position,
    moves: Vec<Move>,
    banned: Vec<Move>,
    level: Level,
    hash_mib: usize,
    pending_hash: Option<usize>,
    threads: usize,
    pending_threads: Option<usize>,
    pending_clear: bool,
    move_overhead_ms: u64,
    /// The network loaded from a file, if any (else the embedded one is used).
    loaded: Option<Arc<Network>>,
    /// Whether the NNUE evaluates (else the classical evaluation).
    use_nnue: bool,
    /// The evaluation to hand the searcher at the next search.
    pending_eval: Option<Option<Arc<Network>>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MIB)
    }
}

impl Engine {
    /// Creates an engine with a transposition table of `hash_mib` mebibytes, at the start
    /// position, at full strength.
    pub fn new(hash_mib: usize) -> Engine {
        let hash_mib = hash_mib.clamp(1, MAX_HASH_MIB);
        let searcher = Searcher::new(hash_mib);
        let stop = searcher.stop_handle();
        Engine {
            searcher: Arc::new(Mutex::new(searcher)),
            stop,
            worker: None,
            start: Position::start(),
            moves: Vec::new(),
            banned: Vec::new(),
            level: Level::full(),
            hash_mib,
            pending_hash: None,
            threads: 1,
            pending_threads: None,
            pending_clear: false,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS,
            loaded: None,
            use_nnue: nnue::ON_BY_DEFAULT,
            pending_eval: None,
        }
    }

    /// Chooses the evaluation for the next searches: the NNUE (`true`) or the classical
    /// one.
    pub fn set_use_nnue(&mut self, on: bool) {
        self.use_nnue = on;
        self.pending_eval = Some(self.evaluation());
    }

    /// Tells whether the NNUE evaluates.
    pub fn uses_nnue(&self) -> bool {
        self.use_nnue
    }

    /// Loads the NNUE's network from a file (the format of [`crate::nnue::network`]), used
    /// from the next search when the NNUE is on.
    ///
    /// # Errors
    /// [`NetworkError`] when the file cannot be read or is not a network of this build; the
    /// engine then keeps the network it had.
    pub fn load_network(&mut self, path: &std::path::Path) -> Result<(), NetworkError> {
        let net = Network::load(path)?;
        self.loaded = Some(Arc::new(net));
        self.pending_eval = Some(self.evaluation());
        Ok(())
    }

    /// Goes back to the embedded network.
    pub fn use_embedded_network(&mut self) {
        self.loaded = None;
        self.pending_eval = Some(self.evaluation());
    }

    /// The searcher's network for the current settings (`None`: classical).
    fn evaluation(&self) -> Option<Arc<Network>> {
        if !self.use_nnue {
            return None;
        }
        self.loaded.clone().or_else(Network::embedded)
    }

    /// Sets the game: a start position and the moves played from it (the last position is
    /// searched; the earlier ones count for repetitions). Clears banned moves.
    ///
    /// # Errors
    /// [`BadMove`] for the first illegal move; the engine keeps its previous game.
    pub fn set_position(&mut self, start: Position, moves: Vec<Move>) -> Result<(), BadMove> {
        let mut pos = start.clone();
        for (index, &m) in moves.iter().enumerate() {
            pos.play(m).map_err(|error| BadMove { index, error })?;
        }
        self.start = start;
        self.moves = moves;
        self.banned.clear();
        Ok(())
    }

    /// Returns the position that the next search will search.
    pub fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }

    /// Forbids the root moves `moves` in the next searches of this position (UCCI
    /// `banmoves`); moves that are not legal are ignored.
    pub fn set_banned(&mut self, moves: Vec<Move>) {
        self.banned = moves;
    }

    /// Sets the transposition table size in mebibytes (clamped to 1–[`MAX_HASH_MIB`]),
    /// taking effect at the next search.
    pub fn set_hash(&mut self, mib: usize) {
        let mib = mib.clamp(1, MAX_HASH_MIB);
        if mib != self.hash_mib {
            self.hash_mib = mib;
            self.pending_hash = Some(mib);
        }
    }

    /// Returns the configured transposition table size in mebibytes.
    pub fn hash_mib(&self) -> usize {
        self.hash_mib
    }

    /// Sets the number of search threads (clamped to 1–[`MAX_THREADS`]), taking effect at
    /// the next search. Only full-strength searches use more than one (Lazy SMP).
    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.clamp(1, MAX_THREADS);
        if threads != self.threads {
            self.threads = threads;
            self.pending_threads = Some(threads);
        }
    }

    /// Returns the configured number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets the move overhead, the milliseconds per move kept back from time limits for the
    /// answer to reach the GUI (clamped to 0–[`MAX_MOVE_OVERHEAD_MS`]), for the next
    /// searches.
    pub fn set_move_overhead(&mut self, ms: u64) {
        self.move_overhead_ms = ms.min(MAX_MOVE_OVERHEAD_MS);
    }

    /// Returns the move overhead in milliseconds.
    pub fn move_overhead(&self) -> u64 {
        self.move_overhead_ms
    }

    /// Sets the playing level for the next searches.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Returns the playing level.
    pub fn level(&self) -> &Level {
        &self.level
    }

    /// Prepares for a new game: the learnt tables are cleared before the next search.
    pub fn new_game(&mut self) {
        self.pending_clear = true;
    }

    /// Starts searching the current position under `limits` on a worker thread (after
    /// stopping any search still running). `on_event` receives an [`Event::Info`] per
    /// completed iteration and finally one [`Event::BestMove`].
    pub fn go(&mut self, limits: Limits, mut on_event: impl FnMut(Event) + Send + 'static) {
        self.stop();
        self.wait();
        self.stop.store(false, Ordering::SeqCst);
        let req = SearchRequest {
            start: self.start.clone(),
            moves: self.moves.clone(),
            banned: self.banned.clone(),
            limits,
        };
        let level = self.level.clone();
        let searcher = Arc::clone(&self.searcher);
        let resize = self.pending_hash.take();
        let threads = self.pending_threads.take();
        let clear = std::mem::take(&mut self.pending_clear);
        let eval = self.pending_eval.take();
        let overhead = self.move_overhead_ms;
        self.worker = Some(std::thread::spawn(move || {
            let mut s = searcher.lock().unwrap_or_else(PoisonError::into_inner);
            if let Some(mib) = resize {
                s.set_hash(mib);
            } else if clear {
                s.clear();
            }
            if let Some(n) = threads {
                s.set_threads(n);
            }
            if let Some(net) = eval {
                s.set_network(net);
            }
            s.set_move_overhead(overhead);
            let result = s.search_level(&req, &level, &mut |info| {
                on_event(Event::Info(info.clone()));
            });
            drop(s);
            on_event(Event::BestMove(result));
        }));
    }

    /// Asks the running search, if any, to stop soon; it still reports its best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Waits until the running search, if any, has reported its best move.
    pub fn wait(&mut self) {
        if let Some(handle) = self.worker.take() {
            let _ = handle.join();
        }
    }

    /// Tells whether a search is still running.
    pub fn is_searching(&self) -> bool {
        self.worker.as_ref().is_some_and(|h| !h.is_finished())
    }

    /// Searches the current position under `limits` and waits for the result.
    pub fn search(&mut self, limits: Limits) -> SearchResult {
        let (tx, rx) = std::sync::mpsc::channel();
        self.go(limits, move |e| {
            if let Event::BestMove(r) = e {
                let _ = tx.send(r);
            }
        });
        self.wait();
        rx.recv().unwrap_or_default()
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_illegal_game_and_keeps_the_old_one() {
        let mut e = Engine::new(1);
        let moves = vec!["h2e2".parse().unwrap(), "h2e2".parse().unwrap()];
        let err = e.set_position(Position::start(), moves).unwrap_err();
        assert_eq!(err.index, 1);
        assert_eq!(e.position(), Position::start());
    }

    #[test]
    fn search_returns_a_legal_move() {
        let mut e = Engine::new(1);
        e.set_position(Position::start(), vec!["h2e2".parse().unwrap()])
            .unwrap();
        let r = e.search(Limits::depth(3));
        let best = r.best.unwrap();
        assert!(e.position().legal_moves().contains(&best));
    }
}
