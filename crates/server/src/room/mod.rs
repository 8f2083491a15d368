//! Rooms: the registry of loaded rooms ([`Rooms`]) and, in the submodules, a room's state,
//! snapshot and the actor task that owns it (the events and messages are the protocol's:
//! [`xiangqi_view::protocol`]).

pub mod actor;
pub mod finished;
pub mod limits;
pub mod snapshot;
pub mod state;

use crate::computer::admission::{self, Admission, Refused};
use crate::computer::quota::ComputerQuota;
use crate::computer::ComputerPool;
use crate::ids::{RoomCode, SeatHash};
use crate::lobby_feed::LobbyFeed;
use crate::store::{RoomRow, Store, StoreError};
use crate::wall_clock::WallClock;
pub(crate) use actor::next_conn_id;
use actor::{Actor, Command};
use futures_util::future::BoxFuture;
use state::{RoomInfo, RoomState};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::Duration;
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::task::TaskTracker;
use xiangqi::{ByColor, Color};
use xiangqi_view::protocol::Event;

/// Queue length of a room actor.
const ROOM_QUEUE: usize = 256;

type Map = HashMap<RoomCode, mpsc::Sender<Command>>;

/// Where rooms run when several nodes share them: `crate::cluster` implements it; this
/// module only asks. (The room registry holds it, so the registry does not depend on the
/// cluster that depends on it.)
pub trait Owners: Send + Sync {
    /// Sends `cmd` to room `code` wherever it runs (here, when this node owns it or takes
    /// it now; else to its owner); returns false when there is no such room.
    ///
    /// # Errors
    /// [`StoreError`] when the database or Redis cannot be reached.
    fn dispatch<'a>(
        &'a self,
        rooms: &'a Rooms,
        code: &'a RoomCode,
        cmd: Command,
    ) -> BoxFuture<'a, Result<bool, StoreError>>;

    /// Returns whether this node owns room `code` now, taking it when it is free.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    fn owns_or_takes<'a>(
        &'a self,
        rooms: &'a Rooms,
        code: &'a RoomCode,
    ) -> BoxFuture<'a, Result<bool, StoreError>>;
}

/// The loaded rooms, each an actor task reached through its queue. A room not in memory is
/// loaded from the database on first use.
#[derive(Clone)]
pub struct Rooms {
    map: Arc<Mutex<Map>>,
    pub(crate) store: Store,
    pub(crate) wall: WallClock,
    pub(crate) computer: ComputerPool,
    /// The places of computer games in progress per client address.
    pub(crate) computer_quota: ComputerQuota,
    /// Most watchers per room.
    pub(crate) max_watchers: usize,
    /// How long a player must be away before the opponent may claim the win or abort.
    pub(crate) claim_after: Duration,
    /// The actor tasks, so that stopping can wait for them.
    actors: TaskTracker,
    /// Set when the server stops: no room is loaded any more.
    stopping: Arc<AtomicBool>,
    /// Who owns the rooms when this node runs with others (the cluster, set once at start).
    owners: Arc<OnceLock<Arc<dyn Owners>>>,
    /// The lobby page's update feed: every stored event may change the lobby.
    lobby: LobbyFeed,
    /// Stored events other than moves and game endings each room may take per minute
    /// (see [`limits::RoomEvents`]); 0: no budget.
    pub(crate) room_events_per_minute: u32,
    /// The limit on watcher hellos per client address, across the rooms.
    pub(crate) watcher_hellos: limits::WatcherHellos,
}

impl Rooms {
    /// Returns an empty registry over `store`; computer rooms search on `computer` and take
    /// their places from `computer_quota`; each room accepts at most `max_watchers`
    /// connections without a seat, and lets a player claim the win (or abort) once the
    /// opponent has been away for `claim_after`.
    pub fn new(
        store: Store,
        wall: WallClock,
        computer: ComputerPool,
        computer_quota: ComputerQuota,
        max_watchers: usize,
        claim_after: Duration,
    ) -> Rooms {
        Rooms {
            map: Arc::new(Mutex::new(HashMap::new())),
            store,
            wall,
            computer,
            computer_quota,
            max_watchers,
            claim_after,
            actors: TaskTracker::new(),
            stopping: Arc::new(AtomicBool::new(false)),
            owners: Arc::new(OnceLock::new()),
            lobby: LobbyFeed::new(),
            room_events_per_minute: 0,
            watcher_hellos: limits::WatcherHellos::new(0),
        }
    }

    /// Returns the registry with limits: each room takes at most `room_events_per_minute`
    /// stored events other than moves and game endings a minute (0: no budget), and
    /// `watcher_hellos` limits the watchers each address may start (see [`limits`]); a
    /// registry from [`Rooms::new`] has neither.
    pub fn with_limits(
        mut self,
        room_events_per_minute: u32,
        watcher_hellos: limits::WatcherHellos,
    ) -> Rooms {
        self.room_events_per_minute = room_events_per_minute;
        self.watcher_hellos = watcher_hellos;
        self
    }

    /// Returns the lobby's update feed.
    pub fn lobby(&self) -> &LobbyFeed {
        &self.lobby
    }

    /// Makes this registry one node of several, whose rooms `owners` places: from now on a
    /// room runs here only while this node owns it, and commands for rooms owned elsewhere
    /// go there. Only the first call counts.
    pub fn join_cluster(&self, owners: Arc<dyn Owners>) {
        let _ = self.owners.set(owners);
    }

    /// Returns whether this node runs with others (see [`Rooms::join_cluster`]).
    pub fn in_cluster(&self) -> bool {
        self.owners.get().is_some()
    }

    /// Returns whether room `code` may run here now: always on a lone node; on a node of a
    /// cluster, when this node owns it (taking it when it is free).
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    pub async fn owns_or_takes(&self, code: &RoomCode) -> Result<bool, StoreError> {
        match self.owners.get() {
            Some(owners) => owners.owns_or_takes(self, code).await,
            None => Ok(true),
        }
    }

    /// Returns whether room `code` is in memory here.
    pub(crate) fn is_loaded(&self, code: &RoomCode) -> bool {
        self.lock().contains_key(code)
    }

    /// Tells room `code`, if it is in memory here, that connection `conn` is gone.
    pub(crate) async fn gone_if_loaded(&self, code: &RoomCode, conn: actor::ConnId) {
        let tx = self.lock().get(code).cloned();
        if let Some(tx) = tx {
            let _ = tx.send(Command::Gone { conn }).await;
        }
    }

    /// Rebuilds room `code` from the store with every event (`None`: no such room), without
    /// loading it.
    ///
    /// # Errors
    /// [`StoreError`] when the room cannot be read back.
    pub(crate) async fn replay_all(
        &self,
        code: &RoomCode,
    ) -> Result<Option<RoomState>, StoreError> {
        self.replay(code, |_, _| false).await
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Map> {
        // The map stays consistent even if a holder panicked: every operation is one call.
        self.map.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts the actor of a room that was just stored; a computer room holds its game's
    /// `lease` (from [`Rooms::admit_computer_game`]) until its game ends or it unloads.
    pub fn start(&self, state: RoomState, lease: Option<Admission>) {
        let code = state.info.code.clone();
        let tx = self.spawn(state, lease, Vec::new());
        self.lock().insert(code, tx);
    }

    fn spawn(
        &self,
        state: RoomState,
        lease: Option<Admission>,
        recent: Vec<actor::Recent>,
    ) -> mpsc::Sender<Command> {
        let (tx, rx) = mpsc::channel(ROOM_QUEUE);
        let actor = Actor::new(state, lease, self.clone(), tx.clone()).with_recent(recent);
        self.actors.spawn(actor.run(rx));
        tx
    }

    /// Admits a new computer game of `client` (an address as [`crate::rate::client_key`]
    /// gives it): one of its address's places and a place in the engine's queue.
    ///
    /// # Errors
    /// [`Refused`] when the address is at its cap or the engine's queue is full; nothing
    /// is taken then.
    pub fn admit_computer_game(&self, client: std::net::IpAddr) -> Result<Admission, Refused> {
        admission::admit(&self.computer_quota, &self.computer, client)
    }

    /// Returns the number of computer games in progress created from `client` (an address
    /// as [`crate::rate::client_key`] gives it), as the cap on them counts.
    pub fn computer_games_in_progress(&self, client: std::net::IpAddr) -> usize {
        self.computer_quota.in_progress(client)
    }

    /// Sends `cmd` to room `code`, loading the room if needed; returns false when there is
    /// no such room. On a node of a cluster, the room may run on another node: the command
    /// goes there (see [`Owners`]).
    ///
    /// # Errors
    /// [`StoreError`] when the room cannot be loaded (or, in a cluster, the database or Redis
    /// cannot be reached).
    pub async fn send(&self, code: &RoomCode, cmd: Command) -> Result<bool, StoreError> {
        match self.owners.get() {
            Some(owners) => owners.dispatch(self, code, cmd).await,
            None => self.send_local(code, cmd).await,
        }
    }

    /// Sends `cmd` to room `code` in this node's memory, loading the room if needed; returns
    /// false when there is no such room.
    ///
    /// # Errors
    /// [`StoreError`] when the room cannot be loaded.
    pub(crate) async fn send_local(
        &self,
        code: &RoomCode,
        mut cmd: Command,
    ) -> Result<bool, StoreError> {
        for _ in 0..3 {
            let Some(tx) = self.get_or_load(code).await? else {
                return Ok(false);
            };
            match tx.send(cmd).await {
                Ok(()) => return Ok(true),
                Err(mpsc::error::SendError(back)) => {
                    // The actor unloaded itself meanwhile: load it again.
                    self.remove_if_same(code, &tx);
                    cmd = back;
                }
            }
        }
        Err(StoreError::Failed(format!("room {code} keeps unloading")))
    }

    /// Loads room `code` if it is not in memory (used at start-up for timed rooms, whose
    /// clocks must run); returns whether it exists. On a node of a cluster, only a room
    /// that no other live node owns is loaded (and taken); for the others it returns false.
    ///
    /// # Errors
    /// [`StoreError`] when the room cannot be loaded.
    pub async fn ensure_loaded(&self, code: &RoomCode) -> Result<bool, StoreError> {
        // Only a room this node may own: another live node runs the others.
        if !self.owns_or_takes(code).await? {
            return Ok(false);
        }
        Ok(self.get_or_load(code).await?.is_some())
    }

    /// Returns the record of round `round` of room `code` as the store has it (a finished
    /// round is not kept in memory): replays the event log up to the end of that round.
    /// `None` when there is no such room or round.
    ///
    /// # Errors
    /// [`StoreError`] when the room cannot be read back.
    pub async fn past_record(
        &self,
        code: &RoomCode,
        round: u32,
    ) -> Result<Option<actor::GameRecord>, StoreError> {
        let ends_round =
            |s: &RoomState, e: &Event| s.round == round && matches!(e, Event::NewRound { .. });
        Ok(self
            .replay(code, ends_round)
            .await?
            .filter(|state| state.round == round)
            .map(|state| actor::GameRecord::of(&state)))
    }

    /// Rebuilds room `code` from the store: its row, then its events in order until `stop`
    /// says the next one is not wanted. `None` when there is no such room.
    async fn replay(
        &self,
        code: &RoomCode,
        stop: impl Fn(&RoomState, &Event) -> bool,
    ) -> Result<Option<RoomState>, StoreError> {
        let Some(row) = self.store.room(code).await? else {
            return Ok(None);
        };
        let events = self.store.events(code).await?;
        let mut state = build(&row);
        let now = Instant::now();
        for e in &events {
            let bad = |why: String| StoreError::Failed(format!("room {code} event {}: {why}", e.v));
            let event: Event = serde_json::from_str(&e.body).map_err(|err| bad(err.to_string()))?;
            if stop(&state, &event) {
                break;
            }
            state.apply(&event, now).map_err(|err| bad(err.0))?;
        }
        Ok(Some(state))
    }

    async fn get_or_load(
        &self,
        code: &RoomCode,
    ) -> Result<Option<mpsc::Sender<Command>>, StoreError> {
        if let Some(tx) = self.lock().get(code) {
            return Ok(Some(tx.clone()));
        }
        if self.stopping.load(Ordering::SeqCst) {
            return Err(StoreError::Failed("the server is stopping".into()));
        }
        let (state, tail) = if self.in_cluster() {
            // Another node may have run the room until now: keep the last events, so that a
            // client reconnecting here with its last event number gets exactly those it missed.
            let Some(loaded) = self.replay_keeping_tail(code).await? else {
                return Ok(None);
            };
            loaded
        } else {
            let Some(state) = self.replay(code, |_, _| false).await? else {
                return Ok(None);
            };
            (state, Vec::new())
        };
        let mut map = self.lock();
        if let Some(tx) = map.get(code) {
            return Ok(Some(tx.clone()));
        }
        let tx = self.spawn(state, None, tail);
        map.insert(code.clone(), tx.clone());
        Ok(Some(tx))
    }

    /// Rebuilds room `code` from the store as [`Rooms::replay`] does, and writes the event
    /// messages of its last [`actor::RECENT_EVENTS`] events as they were broadcast (each with
    /// the game after it; the presence is the loaded room's: nobody connected).
    async fn replay_keeping_tail(
        &self,
        code: &RoomCode,
    ) -> Result<Option<(RoomState, Vec<actor::Recent>)>, StoreError> {
        let Some(row) = self.store.room(code).await? else {
            return Ok(None);
        };
        let events = self.store.events(code).await?;
        let mut state = build(&row);
        let now = Instant::now();
        let first_kept = events.len().saturating_sub(actor::RECENT_EVENTS);
        let absent = snapshot::Presence {
            connected: ByColor::new_with(|_| false),
            away_ms: ByColor::new_with(|_| None),
            claim_after_s: self.claim_after.as_secs(),
            watchers: 0,
        };
        let mut tail = Vec::with_capacity(events.len() - first_kept);
        for (i, e) in events.iter().enumerate() {
            let bad = |why: String| StoreError::Failed(format!("room {code} event {}: {why}", e.v));
            let event: Event = serde_json::from_str(&e.body).map_err(|err| bad(err.to_string()))?;
            state.apply(&event, now).map_err(|err| bad(err.0))?;
            if i >= first_kept {
                let v = u64::try_from(e.v).map_err(|err| bad(err.to_string()))?;
                tail.push(actor::Recent::of(v, &event, &state, &absent, now));
            }
        }
        Ok(Some((state, tail)))
    }

    fn remove_if_same(&self, code: &RoomCode, tx: &mpsc::Sender<Command>) {
        let mut map = self.lock();
        if map.get(code).is_some_and(|t| t.same_channel(tx)) {
            map.remove(code);
        }
    }

    /// Removes `code` from the registry if its actor (`me`) has nothing queued, and closes
    /// the actor's queue; returns whether the actor may stop. Once closed, a sender that
    /// looked the room up before gets its command back and loads the room again; what was
    /// queued between the check and the close is still in `rx`, for the actor to hand on
    /// (see `Actor::forward_leftovers`), so nothing is lost.
    pub(crate) fn unload_if_idle(
        &self,
        code: &RoomCode,
        me: &mpsc::Sender<Command>,
        rx: &mut mpsc::Receiver<Command>,
    ) -> bool {
        let mut map = self.lock();
        if !rx.is_empty() {
            return false;
        }
        rx.close();
        if map.get(code).is_some_and(|t| t.same_channel(me)) {
            map.remove(code);
        }
        true
    }

    /// Forgets the actor `me` of room `code` (it is stopping).
    pub(crate) fn forget(&self, code: &RoomCode, me: &mpsc::Sender<Command>) {
        self.remove_if_same(code, me);
    }

    /// Returns the codes of the rooms in memory.
    pub fn loaded(&self) -> Vec<RoomCode> {
        self.lock().keys().cloned().collect()
    }

    /// Stops every room (the server is stopping): no room loads any more, each actor
    /// finishes the commands queued before this one (a move in flight is committed and
    /// confirmed), closes its connections and ends; waits at most `wait` for them.
    pub async fn stop_all(&self, wait: Duration) {
        self.stopping.store(true, Ordering::SeqCst);
        let actors: Vec<mpsc::Sender<Command>> = self.lock().drain().map(|(_, tx)| tx).collect();
        for tx in actors {
            let _ = tx.send(Command::Stop).await;
        }
        self.actors.close();
        if tokio::time::timeout(wait, self.actors.wait())
            .await
            .is_err()
        {
            tracing::warn!("some rooms were still busy when the server stopped");
        }
    }

    /// Stops the actor of room `code` (deleted from the database), closing its connections.
    pub async fn evict(&self, code: &RoomCode) {
        let tx = self.lock().remove(code);
        if let Some(tx) = tx {
            let _ = tx.send(Command::Shutdown).await;
        }
    }
}

/// Rebuilds a room's settings and round-1 state from its row (read and checked by the
/// store); events are applied after.
pub fn build(row: &RoomRow) -> RoomState {
    let info = RoomInfo {
        code: row.code.clone(),
        rules: row.rules,
        time_control: row.time_control,
        has_password: row.password_hash.is_some(),
        public: row.public,
        start: row.start.clone(),
        computer: row.computer,
        rated: row.rated,
    };
    let mut seats = ByColor::new_with(|_| None);
    seats[Color::Red] = row.red_seat_hash.clone().map(SeatHash);
    seats[Color::Black] = row.black_seat_hash.clone().map(SeatHash);
    RoomState::new(info, seats)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::actor::GameRecord;
    use tokio::sync::oneshot;

    /// A registry over a fresh database holding one room; returns it with the room's row.
    async fn rooms_with_a_room(dir: &std::path::Path) -> (Rooms, RoomRow) {
        let store = Store::open(dir).await.expect("store");
        let row = crate::store::test_room(&RoomCode::random());
        assert!(store.insert_room(row.clone()).await.expect("insert"));
        let rooms = Rooms::new(
            store,
            WallClock::System,
            ComputerPool::new(1, 0, 100),
            ComputerQuota::new(0),
            10,
            Duration::from_secs(60),
        );
        (rooms, row)
    }

    fn record_command() -> (Command, oneshot::Receiver<Option<GameRecord>>) {
        let (reply, answer) = oneshot::channel();
        (Command::Record { round: None, reply }, answer)
    }

    #[tokio::test]
    async fn a_command_sent_after_the_unload_decision_comes_back_to_its_sender() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (rooms, row) = rooms_with_a_room(dir.path()).await;
        let (tx, mut rx) = mpsc::channel(4);
        rooms.lock().insert(row.code.clone(), tx.clone());
        // A sender that looked the room up before the actor decided to unload.
        let held = tx.clone();
        assert!(rooms.unload_if_idle(&row.code, &tx, &mut rx));
        let (cmd, _answer) = record_command();
        assert!(
            held.send(cmd).await.is_err(),
            "a queue about to be dropped must refuse, so the sender loads the room again"
        );
        assert!(rooms.loaded().is_empty());
    }

    #[tokio::test]
    async fn commands_queued_before_the_close_are_handed_to_a_fresh_actor() {
        let dir = tempfile::tempdir().expect("temp dir");
        let (rooms, row) = rooms_with_a_room(dir.path()).await;
        let state = build(&row);
        let (tx, mut rx) = mpsc::channel(4);
        let actor = Actor::new(state, None, rooms.clone(), tx.clone());
        // Queued between the idle check and the close.
        let (cmd, answer) = record_command();
        tx.send(cmd).await.expect("queued");
        rx.close();
        let wait = std::time::Duration::from_secs(5);
        tokio::time::timeout(wait, actor.forward_leftovers(rx))
            .await
            .expect("a closed queue drains");
        let record = tokio::time::timeout(wait, answer)
            .await
            .expect("answered in time")
            .expect("answered, not dropped")
            .expect("the current round");
        assert_eq!(record.round, 1);
        assert_eq!(
            rooms.loaded(),
            vec![row.code.clone()],
            "a fresh actor took over"
        );
    }
}
