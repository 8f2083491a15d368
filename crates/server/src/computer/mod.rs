//! The computer opponent: engine searches on the pool's own worker threads, which run at the
//! lowest OS priority so that human games' commits and messages always come first, at most a
//! fixed number at once, taken from a [`FairQueue`] that serves the clients in turn.
//!
//! One client with many computer rooms delays only its own searches: any other client's
//! search waits for at most one search of each client ahead of it.
//!
//! The queue is also bounded for the whole node. Each computer game in progress has at most
//! one search waiting or running (the engine thinks only on its own turn), so the pool
//! bounds games, not searches: a game takes a [`Reservation`] when it is admitted (its room
//! is created, or a new round starts against the computer) and keeps it until it ends or
//! its room unloads. At most `queue_cap + workers_max` reservations are held at once, so
//! even when every admitted game wants a search at the same moment, at most `workers_max`
//! run and `queue_cap` wait: with the default cap of twice the workers, a search waits at
//! most two think times for a worker, however many others try to flood the engine. A game
//! refused at admission gets [`EngineBusy`] (503 `engine_busy` with `Retry-After`); a game
//! once admitted is never refused mid-game, its searches always enter the queue.
//!
//! Rooms loaded from the store (after a restart, or taken over from another node of a
//! cluster) hold no reservation, as they hold no per-address place: their searches are
//! served, never refused, and may take the queue past its cap until their game ends. The cap
//! is per node: each node of a cluster runs the searches of the rooms it owns on its own
//! pool, bounded by its own `--max-queued-searches`.

pub mod admission;
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
    /// How long the oldest search waiting now has waited, in milliseconds (0: none waits).
    pub oldest_wait_ms: u64,
    /// Most searches meant to wait at once (`--max-queued-searches`): computer games are
    /// admitted while fewer than `queue_cap + workers_max` hold a reservation; 0: no cap.
    pub queue_cap: usize,
    /// Computer games in progress that hold a reservation (see [`Reservation`]).
    pub reserved: usize,
    /// Computer games refused since the server started because the queue was full.
    pub refused: u64,
}

/// The refusal of a new computer game: the engine's queue has as many games as it takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineBusy {
    /// Seconds after which a new game may be admitted, estimated from the think time and the
    /// searches waiting now (at least 1).
    pub retry_after_s: u64,
}

impl EngineBusy {
    /// Returns the refusal in words, for a person (HTTP and WebSocket say the same).
    pub fn message(&self) -> String {
        format!(
            "the computer is busy with as many games as it can serve; try again in {} s",
            self.retry_after_s
        )
    }
}

/// One computer game's place in the engine's queue (see the module's notes); dropping it
/// gives the place back.
pub struct Reservation {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Reservation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Reservation")
    }
}

impl Drop for Reservation {
    fn drop(&mut self) {
        let mut state = self.shared.lock();
        state.reserved = state.reserved.saturating_sub(1);
    }
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
    /// Reservations held (see [`Reservation`]).
    reserved: usize,
    /// Games refused for want of a reservation.
    refused: u64,
    /// Set when the last handle of the pool is dropped: the workers stop.
    closed: bool,
}

struct Shared {
    state: Mutex<PoolState>,
    wake: Condvar,
    max_workers: usize,
    /// Most searches meant to wait at once; 0: no cap.
    queue_cap: usize,
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
    /// many worker threads started when first needed, that admits computer games while
    /// fewer than `queue_cap + max_searches` hold a [`Reservation`] (`queue_cap` 0: no cap);
    /// the Hardest level thinks `hardest_movetime_ms` per move.
    pub fn new(max_searches: usize, queue_cap: usize, hardest_movetime_ms: u64) -> ComputerPool {
        let shared = Arc::new(Shared {
            state: Mutex::new(PoolState {
                queue: FairQueue::new(),
                workers: 0,
                idle: 0,
                running: 0,
                searched: 0,
                longest_wait: Duration::ZERO,
                reserved: 0,
                refused: 0,
                closed: false,
            }),
            wake: Condvar::new(),
            max_workers: max_searches.max(1),
            queue_cap,
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

    /// Takes a place in the queue for a new computer game, held until the returned
    /// [`Reservation`] is dropped (when the game ends or its room unloads).
    ///
    /// # Errors
    /// [`EngineBusy`] when `queue_cap + workers_max` games already hold one (never with a
    /// zero `queue_cap`); the refusal is counted in [`PoolLoad::refused`].
    pub fn reserve(&self) -> Result<Reservation, EngineBusy> {
        let mut state = self.shared.lock();
        let places = self
            .shared
            .queue_cap
            .saturating_add(self.shared.max_workers);
        if self.shared.queue_cap > 0 && state.reserved >= places {
            state.refused += 1;
            let retry_after_s = self.retry_after_s(state.queue.len());
            return Err(EngineBusy { retry_after_s });
        }
        state.reserved += 1;
        Ok(Reservation {
            shared: Arc::clone(&self.shared),
        })
    }

    /// Estimates the seconds until the `waiting` searches and those running now are done:
    /// one think time of the slowest level per round of the workers, at least 1.
    fn retry_after_s(&self, waiting: usize) -> u64 {
        let think_ms = self.hardest_movetime_ms.max(LOWER_LEVEL_MOVETIME_MS);
        let rounds = waiting.div_ceil(self.shared.max_workers) + 1;
        let rounds = u64::try_from(rounds).unwrap_or(u64::MAX);
        rounds.saturating_mul(think_ms).div_ceil(1000).max(1)
    }

    /// Returns what the pool is doing now.
    pub fn load(&self) -> PoolLoad {
        let state = self.shared.lock();
        let oldest = state
            .queue
            .fronts()
            .map(|job| job.queued_at.elapsed())
            .max()
            .unwrap_or(Duration::ZERO);
        PoolLoad {
            running: state.running,
            queued: state.queue.len(),
            waiting_clients: state.queue.clients(),
            workers_max: self.shared.max_workers,
            searched: state.searched,
            longest_wait_ms: millis(state.longest_wait),
            oldest_wait_ms: millis(oldest),
            queue_cap: self.shared.queue_cap,
            reserved: state.reserved,
            refused: state.refused,
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

/// Returns `d` in whole milliseconds (saturating).
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
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
    use super::{ComputerPool, EngineBusy, Requester};
    use std::net::{IpAddr, Ipv4Addr};
    use xiangqi::Position;

    const A: Requester = Requester::Client(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1)));
    const B: Requester = Requester::Client(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 2)));

    /// Queues searches for `who` in order on a one-worker pool; returns the order in which
    /// their answers came back, each a (requester, index) pair.
    async fn finishing_order(who: &[Requester]) -> Vec<(Requester, usize)> {
        let pool = ComputerPool::new(1, 0, 100);
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

    /// A lone player's game is admitted, then 8 addresses try to start 4 games each, on a
    /// pool of one worker whose queue takes `queue_cap` waiting searches; every admitted game
    /// asks for its one search at once, the lone player's last. Returns the number of
    /// searches answered before the lone player's, and the pool's load when all have asked.
    async fn lone_player_behind_a_flood(queue_cap: usize) -> (usize, super::PoolLoad) {
        let pool = ComputerPool::new(1, queue_cap, 100);
        let lone = pool.reserve().expect("the first game is admitted");
        let mut flood = Vec::new();
        for address in 1..=8u8 {
            let who = Requester::Client(IpAddr::V4(Ipv4Addr::new(198, 51, 100, address)));
            for _ in 0..4 {
                if let Ok(r) = pool.reserve() {
                    flood.push((who.clone(), r));
                }
            }
        }
        let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel();
        let who = flood.iter().map(|g| g.0.clone()).chain([B]);
        for r in who {
            let pool = pool.clone();
            let done = done_tx.clone();
            let (queued_tx, queued_rx) = tokio::sync::oneshot::channel::<()>();
            tokio::spawn(async move {
                let answer = pool.choose(r.clone(), Position::start(), Vec::new(), 2, None);
                tokio::pin!(answer);
                // The first poll queues the search; then it is in line.
                let first = futures_poll_once(answer.as_mut()).await;
                let _ = queued_tx.send(());
                let mv = match first {
                    Some(mv) => mv,
                    None => answer.await,
                };
                let _ = done.send((r, mv.is_some()));
            });
            let _ = queued_rx.await;
        }
        drop(done_tx);
        let load = pool.load();
        let mut before = 0;
        while let Some((r, found)) = done_rx.recv().await {
            assert!(found, "a level-2 search from the start finds a move");
            if r == B {
                break;
            }
            before += 1;
        }
        while done_rx.recv().await.is_some() {}
        drop((flood, lone));
        (before, load)
    }

    /// Polls `f` once: its output if it is ready, else `None` (it stays pending).
    async fn futures_poll_once<F: std::future::Future + Unpin>(f: F) -> Option<F::Output> {
        let mut f = f;
        std::future::poll_fn(|cx| {
            std::task::Poll::Ready(match std::pin::Pin::new(&mut f).poll(cx) {
                std::task::Poll::Ready(v) => Some(v),
                std::task::Poll::Pending => None,
            })
        })
        .await
    }

    #[tokio::test]
    async fn a_lone_player_waits_for_at_most_the_queue_cap_however_many_flood() {
        // One worker and two waiting: the lone player's game and two of the flood's are
        // admitted, the other 30 refused; the lone search waits behind at most two others.
        let (before, load) = lone_player_behind_a_flood(2).await;
        assert_eq!(
            (load.queue_cap, load.reserved, load.refused),
            (2, 3, 30),
            "{load:?}"
        );
        assert!(load.running + load.queued <= 3, "{load:?}");
        assert!(before <= 2, "{before} searches were answered first");
    }

    #[tokio::test]
    async fn without_a_cap_a_lone_player_waits_behind_every_flooding_address() {
        // The same flood with no cap (the behaviour before the cap): all 32 are admitted and
        // the lone search waits for one of each of the 8 addresses at least.
        let (before, load) = lone_player_behind_a_flood(0).await;
        assert_eq!((load.reserved, load.refused), (33, 0), "{load:?}");
        assert!(before >= 8, "only {before} searches were answered first");
    }

    #[test]
    fn a_full_pool_refuses_with_an_estimate_and_counts_the_refusal() {
        // Two workers, four waiting: six games.
        let pool = ComputerPool::new(2, 4, 2000);
        let held: Vec<_> = (0..6).map(|_| pool.reserve().expect("a place")).collect();
        // Nothing waits: the running searches end within one think time of 2 s.
        assert_eq!(
            pool.reserve().map(|_| ()),
            Err(EngineBusy { retry_after_s: 2 })
        );
        let load = pool.load();
        assert_eq!(
            (
                load.queue_cap,
                load.reserved,
                load.refused,
                load.oldest_wait_ms
            ),
            (4, 6, 1, 0)
        );
        // With four waiting on two workers: two more rounds, then the running one's.
        assert_eq!(pool.retry_after_s(4), 6);
        assert_eq!(pool.retry_after_s(5), 8);
        drop(held);
        assert_eq!(pool.load().reserved, 0);
        let _again = pool.reserve().expect("the places were given back");
        assert_eq!(pool.load().reserved, 1);
    }

    #[test]
    fn a_zero_queue_cap_admits_any_number() {
        let pool = ComputerPool::new(1, 0, 2000);
        let held: Vec<_> = (0..50).map(|_| pool.reserve().expect("no cap")).collect();
        assert_eq!((pool.load().reserved, pool.load().refused), (50, 0));
        drop(held);
    }

    #[tokio::test]
    async fn health_tells_how_long_the_oldest_search_has_waited() {
        // One worker thinking for 1 s on the Hardest level: the second search waits.
        let pool = ComputerPool::new(1, 2, 1000);
        let first = tokio::spawn({
            let pool = pool.clone();
            async move { pool.choose(A, Position::start(), Vec::new(), 5, None).await }
        });
        let second = tokio::spawn({
            let pool = pool.clone();
            async move { pool.choose(B, Position::start(), Vec::new(), 5, None).await }
        });
        // Wait for the state rather than a fixed time: on a loaded machine the
        // worker may pick up the first search late (CI saw nothing running after
        // 300 ms). While one search runs, a wait of 250 ms can only be the second's.
        let since = std::time::Instant::now();
        let load = loop {
            let load = pool.load();
            if load.running == 1 && load.oldest_wait_ms >= 250 {
                break load;
            }
            assert!(since.elapsed().as_secs() < 20, "{load:?}");
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        };
        assert_eq!(load.queued, 1, "{load:?}");
        assert!(first.await.expect("first").is_some());
        assert!(second.await.expect("second").is_some());
        assert_eq!(pool.load().oldest_wait_ms, 0);
    }

    #[tokio::test]
    async fn a_finished_search_is_counted_in_the_load() {
        let pool = ComputerPool::new(1, 0, 100);
        let mv = pool.choose(A, Position::start(), Vec::new(), 1, None).await;
        assert!(mv.is_some());
        let load = pool.load();
        assert_eq!((load.searched, load.running, load.queued), (1, 0, 0));
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_workers_run_at_the_lowest_priority() {
        let pool = ComputerPool::new(1, 0, 100);
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
