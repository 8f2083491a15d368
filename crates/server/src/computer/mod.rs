//! The computer opponent: engine searches on the pool's own worker threads, which run at the
//! lowest OS priority so that human games' commits and messages always come first, at most a
//! fixed number at once, taken from a [`FairQueue`] that serves the clients in turn.
//!
//! One client with many computer rooms delays only its own searches: any other client's
//! search waits for at most one search of each client ahead of it.

pub mod fair_queue;
pub mod quota;

use crate::ids::RoomCode;
use fair_queue::FairQueue;
use serde::Serialize;
use std::net::IpAddr;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::oneshot;
use xiangqi::{Move, Position};
use xiangqi_engine::{Level, Limits, SearchRequest, Searcher};

/// Transposition-table size of each worker's searcher, in MiB.
const HASH_MIB: usize = 16;
/// Think time of levels 1–4, in milliseconds (their node caps usually stop them sooner).
const LOWER_LEVEL_MOVETIME_MS: u64 = 1000;

/// Whom a search is for; the queue serves each in turn.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Requester {
    /// A client address, as rate limits key it (an IPv4 address or an IPv6 /64:
    /// [`crate::rate::client_key`]).
    Client(IpAddr),
    /// A room whose player's address is not known (loaded after a restart with nobody
    /// connected yet): it gets a lane of its own.
    Room(RoomCode),
}

/// What the pool is doing, for `GET /api/health`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PoolLoad {
    /// Searches running now.
    pub running: usize,
    /// Searches waiting for a worker.
    pub queued: usize,
    /// Clients with at least one search waiting.
    pub waiting_clients: usize,
    /// Most searches that run at once.
    pub workers_max: usize,
    /// Searches finished since the server started.
    pub searched: u64,
    /// Longest time a finished search waited for a worker, in milliseconds.
    pub longest_wait_ms: u64,
}

/// One search waiting for a worker.
struct Job {
    request: SearchRequest,
    level: u8,
    queued_at: Instant,
    reply: oneshot::Sender<Option<Move>>,
}

struct PoolState {
    queue: FairQueue<Requester, Job>,
    /// Worker threads started and not yet stopped.
    workers: usize,
    /// Workers waiting for a job.
    idle: usize,
    running: usize,
    searched: u64,
    longest_wait: Duration,
    /// Set when the last handle of the pool is dropped: the workers stop.
    closed: bool,
}

struct Shared {
    state: Mutex<PoolState>,
    wake: Condvar,
    max_workers: usize,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, PoolState> {
        // Every change under the lock is a few field updates that cannot panic halfway.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Stops the workers when the last handle of the pool goes away.
struct CloseOnDrop(Arc<Shared>);

impl Drop for CloseOnDrop {
    fn drop(&mut self) {
        self.0.lock().closed = true;
        self.0.wake.notify_all();
    }
}

/// A bounded, fair pool of engine searchers shared by all computer rooms. Cloning it gives
/// another handle to the same pool; its worker threads stop when the last handle is dropped.
#[derive(Clone)]
pub struct ComputerPool {
    shared: Arc<Shared>,
    hardest_movetime_ms: u64,
    _close: Arc<CloseOnDrop>,
}

impl ComputerPool {
    /// Returns a pool running at most `max_searches` (at least 1) searches at once, on as
    /// many worker threads started when first needed; the Hardest level thinks
    /// `hardest_movetime_ms` per move.
    pub fn new(max_searches: usize, hardest_movetime_ms: u64) -> ComputerPool {
        let shared = Arc::new(Shared {
            state: Mutex::new(PoolState {
                queue: FairQueue::new(),
                workers: 0,
                idle: 0,
                running: 0,
                searched: 0,
                longest_wait: Duration::ZERO,
                closed: false,
            }),
            wake: Condvar::new(),
            max_workers: max_searches.max(1),
        });
        ComputerPool {
            _close: Arc::new(CloseOnDrop(Arc::clone(&shared))),
            shared,
            hardest_movetime_ms,
        }
    }

    /// Chooses a move for the side to move after `moves` from `start` at `level` (1–5),
    /// within `remaining_ms` on its clock when the game is timed, for `requester`. Waits in
    /// `requester`'s lane of the queue for a free worker, then thinks for the level's time.
    /// Returns `None` when the side to move has no move or the search could not run.
    pub async fn choose(
        &self,
        requester: Requester,
        start: Position,
        moves: Vec<Move>,
        level: u8,
        remaining_ms: Option<i64>,
    ) -> Option<Move> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            request: SearchRequest {
                start,
                moves,
                banned: Vec::new(),
                limits: Limits::movetime(self.movetime_ms(level, remaining_ms)),
            },
            level,
            queued_at: Instant::now(),
            reply,
        };
        self.enqueue(requester, job);
        answer.await.ok().flatten()
    }

    /// Returns what the pool is doing now.
    pub fn load(&self) -> PoolLoad {
        let state = self.shared.lock();
        PoolLoad {
            running: state.running,
            queued: state.queue.len(),
            waiting_clients: state.queue.clients(),
            workers_max: self.shared.max_workers,
            searched: state.searched,
            longest_wait_ms: u64::try_from(state.longest_wait.as_millis()).unwrap_or(u64::MAX),
        }
    }

    fn enqueue(&self, requester: Requester, job: Job) {
        let mut state = self.shared.lock();
        state.queue.push(requester, job);
        if state.idle > 0 || state.workers >= self.shared.max_workers {
            drop(state);
            self.shared.wake.notify_one();
            return;
        }
        state.workers += 1;
        let number = state.workers;
        drop(state);
        let shared = Arc::clone(&self.shared);
        let started = std::thread::Builder::new()
            .name(format!("engine-{number}"))
            .spawn(move || work(&shared));
        if let Err(e) = started {
            tracing::error!(error = %e, "cannot start an engine worker");
            let mut state = self.shared.lock();
            state.workers -= 1;
            if state.workers == 0 {
                // Nobody would ever run what waits: answer it with no move at once.
                while state.queue.pop().is_some() {}
            }
        }
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

/// A worker thread: takes jobs in the queue's order until the pool closes.
fn work(shared: &Shared) {
    // The lowest priority: a search uses what the server's own threads leave.
    if let Err(e) =
        thread_priority::set_current_thread_priority(thread_priority::ThreadPriority::Min)
    {
        tracing::warn!(error = ?e, "cannot lower the engine worker's priority");
    }
    let mut searcher: Option<Searcher> = None;
    while let Some(job) = next_job(shared) {
        let waited = job.queued_at.elapsed();
        // Nobody waits for the answer any more (the room went away): skip the search.
        let best = if job.reply.is_closed() {
            None
        } else {
            let s = searcher.get_or_insert_with(|| Searcher::new(HASH_MIB));
            // A fresh seed per move, so that a level does not replay the same game.
            let level = Level::new(job.level, rand::random::<u64>());
            let found = std::panic::catch_unwind(AssertUnwindSafe(|| {
                s.search_level(&job.request, &level, &mut |_| {})
            }));
            found.map_or_else(
                |_| {
                    tracing::error!("an engine search panicked; its searcher is replaced");
                    searcher = None;
                    None
                },
                |result| result.best,
            )
        };
        {
            let mut state = shared.lock();
            state.running -= 1;
            state.searched += 1;
            state.longest_wait = state.longest_wait.max(waited);
        }
        let _ = job.reply.send(best);
    }
}

/// Waits for the next job; `None` once the pool is closed (the worker then stops).
fn next_job(shared: &Shared) -> Option<Job> {
    let mut state = shared.lock();
    loop {
        if state.closed {
            state.workers -= 1;
            return None;
        }
        if let Some((_, job)) = state.queue.pop() {
            state.running += 1;
            return Some(job);
        }
        state.idle += 1;
        state = shared
            .wake
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner);
        state.idle -= 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{ComputerPool, Requester};
    use std::net::{IpAddr, Ipv4Addr};
    use xiangqi::Position;

    const A: Requester = Requester::Client(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)));
    const B: Requester = Requester::Client(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 2)));

    /// Queues searches for `who` in order on a one-worker pool; returns the order in which
    /// their answers came back, each a (requester, index) pair.
    async fn finishing_order(who: &[Requester]) -> Vec<(Requester, usize)> {
        let pool = ComputerPool::new(1, 100);
        let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel();
        for (i, r) in who.iter().enumerate() {
            let pool = pool.clone();
            let r = r.clone();
            let done = done_tx.clone();
            // Queue them one after the other, in this order.
            let (queued_tx, queued_rx) = tokio::sync::oneshot::channel::<()>();
            tokio::spawn(async move {
                let answer = pool.choose(r.clone(), Position::start(), Vec::new(), 2, None);
                let _ = queued_tx.send(());
                let mv = answer.await;
                assert!(mv.is_some(), "a level-2 search from the start finds a move");
                let _ = done.send((r, i));
            });
            let _ = queued_rx.await;
            tokio::task::yield_now().await;
        }
        drop(done_tx);
        let mut order = Vec::new();
        while let Some(x) = done_rx.recv().await {
            order.push(x);
        }
        order
    }

    #[tokio::test]
    async fn a_client_with_many_searches_does_not_hold_up_another() {
        let order = finishing_order(&[A, A, A, A, B]).await;
        assert_eq!(order.len(), 5);
        let b_at = order.iter().position(|(r, _)| *r == B).expect("B answered");
        // B came last but is served after at most A's first two searches (the one running
        // when it arrived, and the one whose turn came before B's lane existed).
        assert!(b_at <= 2, "B was answered in place {b_at}: {order:?}");
        // Within A, first come first served.
        let a: Vec<usize> = order.iter().filter(|(r, _)| *r == A).map(|p| p.1).collect();
        assert_eq!(a, vec![0, 1, 2, 3]);
    }

    #[tokio::test]
    async fn a_finished_search_is_counted_in_the_load() {
        let pool = ComputerPool::new(1, 100);
        let mv = pool.choose(A, Position::start(), Vec::new(), 1, None).await;
        assert!(mv.is_some());
        let load = pool.load();
        assert_eq!((load.searched, load.running, load.queued), (1, 0, 0));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_workers_run_at_the_lowest_priority() {
        let pool = ComputerPool::new(1, 100);
        let mv = pool.choose(B, Position::start(), Vec::new(), 1, None).await;
        assert!(mv.is_some());
        let mut seen = 0;
        for task in std::fs::read_dir("/proc/self/task").expect("tasks") {
            let dir = task.expect("task").path();
            let comm = std::fs::read_to_string(dir.join("comm")).unwrap_or_default();
            if !comm.starts_with("engine-") {
                continue;
            }
            let stat = std::fs::read_to_string(dir.join("stat")).unwrap_or_default();
            // Fields after the command name's closing parenthesis; the nice value is the 17th.
            let nice = stat
                .rsplit(')')
                .next()
                .and_then(|rest| rest.split_whitespace().nth(16));
            assert_eq!(nice, Some("19"), "{comm}: {stat}");
            seen += 1;
        }
        assert!(
            seen >= 1,
            "an engine worker thread exists while the pool lives"
        );
    }
}
