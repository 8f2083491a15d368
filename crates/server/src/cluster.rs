//! Several nodes on one PostgreSQL and one Redis (issue 14), as lichess splits lila and
//! lila-ws: a client may connect to any node.
//!
//! - **Ownership.** Each room is run by one node at a time, its owner, named by a lease row in
//!   PostgreSQL (`room_leases`). A lease stays valid while its node renews its heartbeat row
//!   (`nodes`, every [`HEARTBEAT_EVERY`], valid for [`LEASE_TTL`]); a node takes a room when
//!   it has no owner or its owner's heartbeat has lapsed ([`Store::acquire_room`]). A node
//!   id carries a random suffix per start, so a restarted node is a new node.
//! - **Commands.** A socket whose room is owned elsewhere is a *proxy*: its `hello`, messages
//!   and leaving are published to the owner's inbox channel `xiangqi:node:{id}`; the owner
//!   runs them as if the socket were its own (a *remote* connection), and what the room sends
//!   that connection comes back on the proxy node's inbox (per-node lanes). Joining a seat is
//!   a request with a reply on the same channels; a game record is read from the event log.
//! - **Truth.** The event log in PostgreSQL is the source of truth: an owner that dies loses
//!   nothing confirmed (a move is committed before it is announced); the next owner rebuilds
//!   the room from the log, and a client that reconnects anywhere with its last event number
//!   gets exactly what it missed.
//! - **Failures.** When an owner's heartbeat lapses, the proxies of its rooms close their
//!   sockets (clients reconnect and the room is taken over where they land); when a node's
//!   subscription to Redis breaks, it closes its proxies and forgets its remote connections
//!   (their clients reconnect and resync), then subscribes again; a node whose own heartbeat
//!   lapsed (PostgreSQL unreachable longer than [`LEASE_TTL`]) unloads its rooms, which load
//!   again from the log on the next command.
//! - **One owner, one version.** A node takes a room only while its own heartbeat is valid
//!   ([`Store::acquire_room`]), unloads every room when it learns its heartbeat lapsed, and
//!   each heartbeat unloads the rooms whose lease now names another node: two nodes never
//!   run one room for longer than a heartbeat, and the event log's key (room, event number)
//!   lets only one of them commit each event. Presence is the owner's: the connections it
//!   counts are its own and the remote ones, which go with their node's heartbeat. No client
//!   is sent back: a room asked by a client for events it has not got reloads from the log,
//!   and a proxy drops an event its client has and closes the socket on an older state (the
//!   client reconnects with its last event number), as the page does.

use crate::ids::{RoomCode, SeatHash, SeatToken};
use crate::room::actor::{Command, ConnId, GameRecord, Hello, Outgoing, CONNECTION_QUEUE};
use crate::room::{Owners, Rooms};
use crate::store::{Owner, Store, StoreError};
use futures_util::StreamExt;
use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use xiangqi::Color;
use xiangqi_view::protocol::ClientMessage;
use xiangqi_view::Side;

/// How long a node's heartbeat, and so its rooms' leases, stays valid without renewal: a
/// room whose owner died is taken over this long after its last renewal at most.
pub const LEASE_TTL: Duration = Duration::from_secs(3);
/// How often a node renews its heartbeat and checks the other nodes' liveness.
pub const HEARTBEAT_EVERY: Duration = Duration::from_millis(500);
/// How long a node waits for the owner's answer to a join.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a node waits before subscribing again after losing Redis.
const RESUBSCRIBE_WAIT: Duration = Duration::from_millis(200);
/// How long one Redis command or connection attempt may take.
const REDIS_TIMEOUT: Duration = Duration::from_secs(1);
/// How long a proxied socket waits for the owner's first answer to its hello before it is
/// closed (the hello was lost with Redis; the client reconnects).
const HELLO_ANSWER_WAIT: Duration = Duration::from_secs(3);

/// Why cluster mode could not start.
#[derive(Debug)]
pub struct ClusterError(pub String);

impl std::fmt::Display for ClusterError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cluster: {}", self.0)
    }
}

impl std::error::Error for ClusterError {}

/// What travels between nodes on Redis, as JSON on the receiver's inbox channel.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
enum Envelope {
    /// A proxied socket said hello (to the owner).
    Hello(RemoteHello),
    /// A proxied socket's message, as the client's JSON (to the owner).
    Message {
        room: String,
        from: String,
        conn: u64,
        msg: String,
    },
    /// A proxied socket closed (to the owner).
    Gone {
        room: String,
        from: String,
        conn: u64,
    },
    /// A guest asks for a free seat (to the owner); answered with `Joined`.
    Join {
        room: String,
        from: String,
        req: u64,
        seat: String,
    },
    /// The answer to `Join` (to the asking node).
    Joined {
        req: u64,
        color: Option<Side>,
        error: Option<String>,
    },
    /// A text frame for a proxied socket (to its node).
    Out { conn: u64, text: String },
    /// Close a proxied socket (to its node).
    Close { conn: u64 },
}

/// A socket's hello as its node passes it to the room's owner: the room's [`Hello`] less
/// what only the socket's node holds (its queue and closer), with the node to answer.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RemoteHello {
    room: String,
    from: String,
    conn: u64,
    seat: Option<String>,
    may_watch: bool,
    v: u64,
    client: IpAddr,
}

/// A socket of this node whose room another node owns.
struct Proxy {
    room: RoomCode,
    owner: String,
    tx: mpsc::Sender<Outgoing>,
    closer: CancellationToken,
    /// Whether the owner has sent anything yet.
    answered: bool,
    /// The last event number this socket's client has: the one its hello named, then the
    /// last `state` or `event` passed on.
    passed: u64,
}

/// What the proxy reads of a message from the owner: its type and event number.
#[derive(Deserialize)]
struct Versioned<'a> {
    t: &'a str,
    v: Option<u64>,
}

/// What a proxy does with a message for its client that has event number `passed`.
#[derive(Debug, PartialEq, Eq)]
enum Pass {
    /// Pass it on (the client has event `v` after it, when it carries one).
    On(Option<u64>),
    /// Drop it: an event the client has already.
    Drop,
    /// Close the socket: a state older than what the client has (its sender runs the room
    /// on an old copy); the client reconnects with its event number and is answered anew.
    Close,
}

/// Decides whether message `text` may go on to a client that has event `passed`, so that
/// a client never goes back, whichever node answers: a `state` must not be older than
/// `passed`, an `event` must be newer. Other messages carry no event number and pass.
fn pass(text: &str, passed: u64) -> Pass {
    // The server writes its messages with the tag first (`ServerMessage` is internally
    // tagged): presence, clocks and the other messages without a number pass unread.
    if !(text.starts_with(r#"{"t":"state""#) || text.starts_with(r#"{"t":"event""#)) {
        return Pass::On(None);
    }
    let Ok(m) = serde_json::from_str::<Versioned>(text) else {
        return Pass::On(None);
    };
    match (m.t, m.v) {
        ("state", Some(v)) if v < passed => Pass::Close,
        ("event", Some(v)) if v <= passed => Pass::Drop,
        ("state" | "event", Some(v)) => Pass::On(Some(v)),
        _ => Pass::On(None),
    }
}

/// A socket of another node in a room this node owns.
struct Remote {
    id: ConnId,
    room: RoomCode,
    closer: CancellationToken,
}

#[derive(Default)]
struct Tables {
    /// This node's proxied sockets, by their connection id.
    proxies: HashMap<ConnId, Proxy>,
    /// Other nodes' sockets in this node's rooms, by (their node, their connection id).
    remotes: HashMap<(String, u64), Remote>,
    /// Joins waiting for the owner's answer, by request number.
    joins: HashMap<u64, oneshot::Sender<Result<Option<Color>, StoreError>>>,
}

/// This node's part in a cluster: its id, Redis, the lease statements and the tables of
/// proxied and remote connections. Cheap to clone.
#[derive(Clone)]
pub struct Cluster {
    inner: Arc<Inner>,
}

struct Inner {
    node: String,
    store: Store,
    client: redis::Client,
    publisher: ConnectionManager,
    tables: Mutex<Tables>,
    next_request: AtomicU64,
    /// The first subscription, made by [`Cluster::connect`], until [`Cluster::start`] takes it.
    first_subscription: Mutex<Option<redis::aio::PubSub>>,
    /// Whether the inbox subscription is up: while it is not, no answer can arrive, so no
    /// socket is proxied.
    subscribed: AtomicBool,
}

/// Where a room's commands go.
enum Route {
    Here,
    Elsewhere(String),
    NoRoom,
}

/// The Redis channel on which nodes say that the lobby changed (the message is the node's id).
const LOBBY_CHANNEL: &str = "xiangqi:lobby";

/// The Redis channel of node `node`'s inbox.
fn inbox(node: &str) -> String {
    format!("xiangqi:node:{node}")
}

/// Answers a record request for room `code` from the event log, which has every committed
/// event; false when there is no such room.
async fn record_from_log(
    rooms: &Rooms,
    code: &RoomCode,
    round: Option<u32>,
    reply: oneshot::Sender<Option<GameRecord>>,
) -> Result<bool, StoreError> {
    let Some(state) = rooms.replay_all(code).await? else {
        return Ok(false);
    };
    let current = round
        .is_none_or(|r| r == state.round)
        .then(|| GameRecord::of(&state));
    let _ = reply.send(current);
    Ok(true)
}

/// Opens a subscription to node `node`'s inbox.
async fn subscribe(client: &redis::Client, node: &str) -> redis::RedisResult<redis::aio::PubSub> {
    let mut pubsub = tokio::time::timeout(REDIS_TIMEOUT, client.get_async_pubsub())
        .await
        .map_err(|_| std::io::Error::from(std::io::ErrorKind::TimedOut))??;
    pubsub
        .subscribe(&[inbox(node), LOBBY_CHANNEL.to_string()])
        .await?;
    Ok(pubsub)
}

impl Owners for Cluster {
    fn dispatch<'a>(
        &'a self,
        rooms: &'a Rooms,
        code: &'a RoomCode,
        cmd: Command,
    ) -> futures_util::future::BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(Cluster::dispatch(self, rooms, code, cmd))
    }

    fn owns_or_takes<'a>(
        &'a self,
        rooms: &'a Rooms,
        code: &'a RoomCode,
    ) -> futures_util::future::BoxFuture<'a, Result<bool, StoreError>> {
        Box::pin(Cluster::owns_or_takes(self, rooms, code))
    }
}

impl Cluster {
    /// Connects to Redis at `redis_url` as node `node_id` (a random suffix is added: a
    /// restarted node is a new node) over `store` (which must be PostgreSQL), subscribes to
    /// the node's inbox, and writes the node's first heartbeat.
    ///
    /// # Errors
    /// [`ClusterError`] when the URL is unreadable or Redis or the database cannot be reached.
    pub async fn connect(
        redis_url: &str,
        node_id: &str,
        store: Store,
    ) -> Result<Cluster, ClusterError> {
        let client =
            redis::Client::open(redis_url).map_err(|e| ClusterError(format!("Redis URL: {e}")))?;
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(REDIS_TIMEOUT))
            .set_response_timeout(Some(REDIS_TIMEOUT));
        let publisher = client
            .get_connection_manager_with_config(config)
            .await
            .map_err(|e| ClusterError(format!("Redis: {e}")))?;
        let node = format!("{node_id}-{:08x}", rand::random::<u32>());
        let first = subscribe(&client, &node)
            .await
            .map_err(|e| ClusterError(format!("Redis subscription: {e}")))?;
        store
            .heartbeat(&node, LEASE_TTL)
            .await
            .map_err(|e| ClusterError(format!("heartbeat: {e}")))?;
        Ok(Cluster {
            inner: Arc::new(Inner {
                node,
                store,
                client,
                publisher,
                tables: Mutex::new(Tables::default()),
                next_request: AtomicU64::new(1),
                first_subscription: Mutex::new(Some(first)),
                subscribed: AtomicBool::new(true),
            }),
        })
    }

    /// Returns this node's id (the given id and its random suffix).
    pub fn node(&self) -> &str {
        &self.inner.node
    }

    fn tables(&self) -> MutexGuard<'_, Tables> {
        // Every operation on the tables is one call: they stay consistent after a panic.
        self.inner
            .tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Starts the node's background tasks: the inbox subscription and the heartbeat with
    /// its liveness checks. They run until the process ends; only the first call starts
    /// them.
    pub fn start(&self, rooms: &Rooms) {
        let first = self
            .inner
            .first_subscription
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        if let Some(first) = first {
            tokio::spawn(self.clone().listen(rooms.clone(), first));
            // This node's lobby changes, for the lobby pages of the others.
            let (tx, mut changes) = mpsc::unbounded_channel();
            rooms.lobby().announce_to(tx);
            let this = self.clone();
            tokio::spawn(async move {
                while changes.recv().await.is_some() {
                    let mut conn = this.inner.publisher.clone();
                    let sent = conn
                        .publish::<_, _, ()>(LOBBY_CHANNEL, this.inner.node.as_str())
                        .await;
                    if let Err(e) = sent {
                        tracing::debug!(error = %e, "lobby change not published");
                    }
                }
            });
            tokio::spawn(self.clone().heartbeat(rooms.clone()));
        }
    }

    /// Ends this node's heartbeat (the server is stopping), so that its rooms are taken
    /// over at once rather than after [`LEASE_TTL`].
    pub async fn leave(&self) {
        if let Err(e) = self.inner.store.leave(&self.inner.node).await {
            tracing::warn!(error = %e, "could not end the heartbeat");
        }
    }

    async fn publish(&self, node: &str, envelope: &Envelope) -> Result<(), StoreError> {
        let text = serde_json::to_string(envelope)
            .map_err(|e| StoreError::Failed(format!("cluster message: {e}")))?;
        let mut conn = self.inner.publisher.clone();
        conn.publish::<_, _, ()>(inbox(node), text)
            .await
            .map_err(|e| StoreError::Failed(format!("Redis: {e}")))
    }

    async fn route(&self, rooms: &Rooms, code: &RoomCode) -> Result<Route, StoreError> {
        if rooms.is_loaded(code) {
            return Ok(Route::Here);
        }
        Ok(
            match self
                .inner
                .store
                .acquire_room(code, &self.inner.node)
                .await?
            {
                Owner::Me => Route::Here,
                Owner::Other(node) => Route::Elsewhere(node),
                Owner::NoRoom => Route::NoRoom,
            },
        )
    }

    /// Sends `cmd` to room `code` wherever it is run: a socket already proxied goes to the
    /// owner it greeted; a room owned here (or free, and taken now) runs it here; a room
    /// owned by another node gets it through Redis. Returns false when there is no such
    /// room, as [`Rooms::send`] does.
    ///
    /// # Errors
    /// [`StoreError`] when the database or Redis cannot be reached.
    pub(crate) async fn dispatch(
        &self,
        rooms: &Rooms,
        code: &RoomCode,
        cmd: Command,
    ) -> Result<bool, StoreError> {
        match cmd {
            Command::Message { conn, msg } if self.is_proxy(conn) => {
                self.forward_message(conn, &msg).await;
                return Ok(true);
            }
            Command::Gone { conn } if self.is_proxy(conn) => {
                self.forward_gone(conn).await;
                return Ok(true);
            }
            // Reading a record takes no room: it comes from memory when the room runs here,
            // else from the event log.
            Command::Record { round, reply } if !rooms.is_loaded(code) => {
                return record_from_log(rooms, code, round, reply).await;
            }
            _ => {}
        }
        match self.route(rooms, code).await? {
            Route::Here => rooms.send_local(code, cmd).await,
            Route::NoRoom => Ok(false),
            Route::Elsewhere(owner) => self.forward(rooms, code, &owner, cmd).await,
        }
    }

    /// Returns whether this node owns room `code` now (taking it when it is free).
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be reached.
    pub(crate) async fn owns_or_takes(
        &self,
        rooms: &Rooms,
        code: &RoomCode,
    ) -> Result<bool, StoreError> {
        Ok(matches!(self.route(rooms, code).await?, Route::Here))
    }

    fn is_proxy(&self, conn: ConnId) -> bool {
        self.tables().proxies.contains_key(&conn)
    }

    /// Sends `cmd` for room `code` to its owner, node `owner`: a hello makes the socket a
    /// proxy, a join waits for the owner's answer, a record is read from the log.
    async fn forward(
        &self,
        rooms: &Rooms,
        code: &RoomCode,
        owner: &str,
        cmd: Command,
    ) -> Result<bool, StoreError> {
        match cmd {
            Command::Hello(hello) => {
                let proxy = Proxy {
                    room: code.clone(),
                    owner: owner.to_string(),
                    tx: hello.tx,
                    closer: hello.closer,
                    answered: false,
                    passed: hello.v,
                };
                let conn = hello.conn;
                let hello = Envelope::Hello(RemoteHello {
                    room: code.as_str().to_string(),
                    from: self.inner.node.clone(),
                    conn,
                    seat: hello.seat.map(|s| s.as_str().to_string()),
                    may_watch: hello.may_watch,
                    v: hello.v,
                    client: hello.client,
                });
                self.forward_hello(conn, proxy, &hello).await?;
                Ok(true)
            }
            Command::Join { seat, reply } => {
                let _ = reply.send(self.forward_join(code, owner, seat).await);
                Ok(true)
            }
            Command::Record { round, reply } => record_from_log(rooms, code, round, reply).await,
            // A socket that was this node's own while the room was run here: the room has
            // closed it (it unloaded), so there is nothing to tell. Engine replies and stops
            // belong to the node that runs the room.
            Command::Message { .. }
            | Command::Gone { .. }
            | Command::ComputerMove { .. }
            | Command::Shutdown
            | Command::Stop => Ok(true),
        }
    }

    /// Makes socket `conn` a proxy of its room's owner and sends the owner its `hello`; the
    /// socket is closed when Redis is unreachable (no answer could come back), when the
    /// hello cannot be sent, or when the owner has not answered within
    /// [`HELLO_ANSWER_WAIT`]: its client then tries again.
    ///
    /// # Errors
    /// [`StoreError`] when Redis is unreachable.
    async fn forward_hello(
        &self,
        conn: ConnId,
        proxy: Proxy,
        hello: &Envelope,
    ) -> Result<(), StoreError> {
        let closer = proxy.closer.clone();
        if !self.inner.subscribed.load(Ordering::SeqCst) {
            closer.cancel();
            return Err(StoreError::Failed("Redis is unreachable".into()));
        }
        let owner = proxy.owner.clone();
        self.tables().proxies.insert(conn, proxy);
        let this = self.clone();
        let unanswered_closer = closer.clone();
        tokio::spawn(async move {
            tokio::time::sleep(HELLO_ANSWER_WAIT).await;
            let unanswered = this
                .tables()
                .proxies
                .get(&conn)
                .is_some_and(|p| !p.answered);
            if unanswered {
                tracing::warn!("the owner never answered a hello; closing the socket");
                unanswered_closer.cancel();
            }
        });
        if let Err(e) = self.publish(&owner, hello).await {
            self.tables().proxies.remove(&conn);
            closer.cancel();
            return Err(e);
        }
        Ok(())
    }

    /// Asks node `owner` to seat a guest with `seat` in room `code` and waits for its answer
    /// (at most [`REQUEST_TIMEOUT`]): the colour given, or none.
    ///
    /// # Errors
    /// [`StoreError`] when Redis is unreachable, the owner does not answer in time, or the
    /// owner's join failed.
    async fn forward_join(
        &self,
        code: &RoomCode,
        owner: &str,
        seat: SeatHash,
    ) -> Result<Option<Color>, StoreError> {
        let req = self.inner.next_request.fetch_add(1, Ordering::Relaxed);
        let (tx, answer) = oneshot::channel();
        self.tables().joins.insert(req, tx);
        let join = Envelope::Join {
            room: code.as_str().to_string(),
            from: self.inner.node.clone(),
            req,
            seat: seat.0,
        };
        let result = match self.publish(owner, &join).await {
            Ok(()) => match tokio::time::timeout(REQUEST_TIMEOUT, answer).await {
                Ok(Ok(result)) => result,
                _ => Err(StoreError::Failed(format!(
                    "node {owner} did not answer the join in time"
                ))),
            },
            Err(e) => Err(e),
        };
        self.tables().joins.remove(&req);
        result
    }

    async fn forward_message(&self, conn: ConnId, msg: &ClientMessage) {
        let Some((room, owner, closer)) = self
            .tables()
            .proxies
            .get(&conn)
            .map(|p| (p.room.clone(), p.owner.clone(), p.closer.clone()))
        else {
            return;
        };
        let envelope = Envelope::Message {
            room: room.as_str().to_string(),
            from: self.inner.node.clone(),
            conn,
            msg: msg.to_json(),
        };
        if let Err(e) = self.publish(&owner, &envelope).await {
            tracing::warn!(room = %room, error = %e, "message not forwarded; closing the socket");
            closer.cancel();
        }
    }

    async fn forward_gone(&self, conn: ConnId) {
        let Some(proxy) = self.tables().proxies.remove(&conn) else {
            return;
        };
        let envelope = Envelope::Gone {
            room: proxy.room.as_str().to_string(),
            from: self.inner.node.clone(),
            conn,
        };
        // If Redis is down the owner forgets the connection when its own subscription breaks.
        let _ = self.publish(&proxy.owner, &envelope).await;
    }

    /// Subscribes to this node's inbox and handles what comes, subscribing again whenever
    /// Redis is lost; each loss closes the proxies and forgets the remote connections, whose
    /// clients reconnect and resync from their last event number.
    async fn listen(self, rooms: Rooms, first: redis::aio::PubSub) {
        let mut pubsub = Some(first);
        loop {
            if let Some(mut subscription) = pubsub.take() {
                self.inner.subscribed.store(true, Ordering::SeqCst);
                let mut messages = subscription.on_message();
                while let Some(msg) = messages.next().await {
                    match msg.get_payload::<String>() {
                        Ok(from) if msg.get_channel_name() == LOBBY_CHANNEL => {
                            if from != self.inner.node {
                                rooms.lobby().changed_elsewhere();
                            }
                        }
                        Ok(text) => self.receive(&rooms, &text).await,
                        Err(e) => tracing::error!(error = %e, "unreadable cluster message"),
                    }
                }
                self.inner.subscribed.store(false, Ordering::SeqCst);
                tracing::warn!("lost Redis: closing proxied sockets, forgetting remote ones");
                self.resync(&rooms).await;
            }
            tokio::time::sleep(RESUBSCRIBE_WAIT).await;
            match subscribe(&self.inner.client, &self.inner.node).await {
                Ok(s) => {
                    tracing::info!(node = %self.inner.node, "subscribed to Redis again");
                    pubsub = Some(s);
                }
                Err(e) => tracing::debug!(error = %e, "Redis still unreachable"),
            }
        }
    }

    /// After Redis was lost: messages may have been missed both ways, so every proxied
    /// socket is closed (its client reconnects with its last event number) and every remote
    /// connection is gone from its room.
    async fn resync(&self, rooms: &Rooms) {
        let (proxies, remotes) = {
            let mut t = self.tables();
            let proxies: Vec<Proxy> = t.proxies.drain().map(|(_, p)| p).collect();
            let remotes: Vec<Remote> = t.remotes.drain().map(|(_, r)| r).collect();
            (proxies, remotes)
        };
        for p in proxies {
            p.closer.cancel();
        }
        for r in remotes {
            r.closer.cancel();
            rooms.gone_if_loaded(&r.room, r.id).await;
        }
    }

    /// Handles one message of this node's inbox.
    async fn receive(&self, rooms: &Rooms, text: &str) {
        let envelope: Envelope = match serde_json::from_str(text) {
            Ok(e) => e,
            Err(e) => {
                tracing::error!(error = %e, "unreadable cluster message");
                return;
            }
        };
        match envelope {
            Envelope::Hello(hello) => self.remote_hello(rooms, hello).await,
            Envelope::Message {
                room,
                from,
                conn,
                msg,
            } => self.remote_message(rooms, &room, from, conn, &msg).await,
            Envelope::Gone { from, conn, .. } => {
                let remote = self.tables().remotes.remove(&(from, conn));
                if let Some(r) = remote {
                    rooms.gone_if_loaded(&r.room, r.id).await;
                }
            }
            Envelope::Join {
                room,
                from,
                req,
                seat,
            } => {
                // The room answers after its commit: do not hold up the inbox meanwhile.
                tokio::spawn(
                    self.clone()
                        .answer_join(rooms.clone(), room, from, req, seat),
                );
            }
            Envelope::Joined { req, color, error } => {
                if let Some(reply) = self.tables().joins.remove(&req) {
                    let _ = reply.send(match error {
                        None => Ok(color.map(Color::from)),
                        Some(e) => Err(StoreError::Failed(e)),
                    });
                }
            }
            Envelope::Out { conn, text } => self.pass_on(conn, text),
            Envelope::Close { conn } => {
                let t = self.tables();
                if let Some(p) = t.proxies.get(&conn) {
                    if p.tx.try_send(Outgoing::Close).is_err() {
                        p.closer.cancel();
                    }
                }
            }
        }
    }

    /// Runs the message `msg` (the client's JSON) of connection `conn` of node `from` in
    /// room `room`; a connection or room unknown here (this node lost it) is closed, so its
    /// client reconnects and greets again.
    async fn remote_message(&self, rooms: &Rooms, room: &str, from: String, conn: u64, msg: &str) {
        let remote = self
            .tables()
            .remotes
            .get(&(from.clone(), conn))
            .map(|r| (r.id, r.room.clone()));
        if let (Some((id, code)), Ok(msg)) = (remote, ClientMessage::parse(msg)) {
            if code.as_str() == room {
                let cmd = Command::Message { conn: id, msg };
                if matches!(self.deliver_here(rooms, &code, cmd).await, Ok(true)) {
                    return;
                }
            }
        }
        let _ = self.publish(&from, &Envelope::Close { conn }).await;
    }

    /// Joins a guest to room `room` for node `from`'s request `req` and answers it.
    async fn answer_join(self, rooms: Rooms, room: String, from: String, req: u64, seat: String) {
        let (color, error) = match self.remote_join(&rooms, &room, seat).await {
            Ok(color) => (color.map(Side::from), None),
            Err(e) => (None, Some(e.to_string())),
        };
        let answer = Envelope::Joined { req, color, error };
        if let Err(e) = self.publish(&from, &answer).await {
            tracing::warn!(error = %e, "join answer not sent");
        }
    }

    /// Passes `text` from a room's owner on to this node's proxied socket `conn`, unless it
    /// would send the client back ([`pass`]).
    fn pass_on(&self, conn: ConnId, text: String) {
        let mut t = self.tables();
        let Some(p) = t.proxies.get_mut(&conn) else {
            return;
        };
        p.answered = true;
        match pass(&text, p.passed) {
            Pass::On(v) => {
                p.passed = v.unwrap_or(p.passed);
                if p.tx.try_send(Outgoing::Text(text.into())).is_err() {
                    // A client that does not read: closed at once, as the room would.
                    p.closer.cancel();
                }
            }
            Pass::Drop => {}
            Pass::Close => {
                tracing::warn!(room = %p.room, "an older state than the client has: closing the socket");
                p.closer.cancel();
            }
        }
    }

    /// Runs `cmd` in room `code` here, if this node owns it (or takes it now); false when it
    /// does not or there is no such room.
    async fn deliver_here(
        &self,
        rooms: &Rooms,
        code: &RoomCode,
        cmd: Command,
    ) -> Result<bool, StoreError> {
        match self.route(rooms, code).await? {
            Route::Here => rooms.send_local(code, cmd).await,
            Route::Elsewhere(_) | Route::NoRoom => Ok(false),
        }
    }

    /// Seats a socket of node `hello.from` in a room run here, as a remote connection whose
    /// messages are pumped back to that node; an unknown room or one no longer run here
    /// closes the socket (its client reconnects and finds the room again).
    async fn remote_hello(&self, rooms: &Rooms, hello: RemoteHello) {
        let (from, conn) = (hello.from, hello.conn);
        let Some(code) = RoomCode::parse(&hello.room) else {
            let _ = self.publish(&from, &Envelope::Close { conn }).await;
            return;
        };
        let id = crate::room::next_conn_id();
        let (tx, rx) = mpsc::channel(CONNECTION_QUEUE);
        let closer = CancellationToken::new();
        self.tables().remotes.insert(
            (from.clone(), conn),
            Remote {
                id,
                room: code.clone(),
                closer: closer.clone(),
            },
        );
        tokio::spawn(self.clone().pump(
            rooms.clone(),
            code.clone(),
            from.clone(),
            conn,
            rx,
            closer.clone(),
        ));
        let cmd = Command::Hello(Hello {
            conn: id,
            seat: hello.seat.as_deref().map(SeatToken::from_client),
            may_watch: hello.may_watch,
            v: hello.v,
            client: hello.client,
            tx,
            closer: closer.clone(),
        });
        match self.deliver_here(rooms, &code, cmd).await {
            Ok(true) => {}
            Ok(false) | Err(_) => {
                // Not run here (any more) or unreachable: the client reconnects and the room
                // is found again.
                self.tables().remotes.remove(&(from, conn));
                closer.cancel();
            }
        }
    }

    /// Sends what the room queues for a remote connection to the connection's node, until
    /// the room closes it or `closer` is cancelled (then the node closes the socket too). A
    /// failed publish (Redis lost) ends the connection in the room.
    async fn pump(
        self,
        rooms: Rooms,
        code: RoomCode,
        node: String,
        conn: u64,
        mut rx: mpsc::Receiver<Outgoing>,
        closer: CancellationToken,
    ) {
        loop {
            let out = tokio::select! {
                biased;
                () = closer.cancelled() => None,
                out = rx.recv() => out,
            };
            let Some(Outgoing::Text(text)) = out else {
                let _ = self.publish(&node, &Envelope::Close { conn }).await;
                break;
            };
            let envelope = Envelope::Out {
                conn,
                text: text.to_string(),
            };
            if self.publish(&node, &envelope).await.is_err() {
                let remote = self.tables().remotes.remove(&(node.clone(), conn));
                if let Some(r) = remote {
                    rooms.gone_if_loaded(&code, r.id).await;
                }
                return;
            }
        }
        self.tables().remotes.remove(&(node, conn));
    }

    async fn remote_join(
        &self,
        rooms: &Rooms,
        room: &str,
        seat: String,
    ) -> Result<Option<Color>, StoreError> {
        let code =
            RoomCode::parse(room).ok_or_else(|| StoreError::Failed(format!("no room {room}")))?;
        let (reply, answer) = oneshot::channel();
        let cmd = Command::Join {
            seat: SeatHash(seat),
            reply,
        };
        if !self.deliver_here(rooms, &code, cmd).await? {
            return Err(StoreError::Failed(format!(
                "room {room} is not run by node {}",
                self.inner.node
            )));
        }
        answer
            .await
            .map_err(|_| StoreError::Failed("room stopped while joining".into()))?
    }

    /// Renews the heartbeat every [`HEARTBEAT_EVERY`]; unloads every room of this node when
    /// its heartbeat lapsed or may have (another node may own them now), and each room whose
    /// lease names another node now (taken over while this node was slow to notice); closes
    /// the proxies whose owner is no longer alive and forgets the remote connections of
    /// nodes that are not. So two nodes never run one room for longer than a heartbeat.
    async fn heartbeat(self, rooms: Rooms) {
        let mut tick = tokio::time::interval(HEARTBEAT_EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // When the last renewal that succeeded was sent: the database counts the lease from
        // a moment after that, so this side's reckoning lapses first.
        let mut last_renewal = Instant::now();
        let mut unloaded = false;
        loop {
            tick.tick().await;
            let sent = Instant::now();
            let renewed = tokio::time::timeout(
                HEARTBEAT_EVERY,
                self.inner.store.heartbeat(&self.inner.node, LEASE_TTL),
            )
            .await
            .unwrap_or_else(|_| Err(StoreError::Failed("the heartbeat timed out".into())));
            match renewed {
                Ok(valid) => {
                    if !valid {
                        // Rooms loaded since the last unloading ran on a lapsed lease too.
                        self.unload_all(&rooms).await;
                    }
                    last_renewal = sent;
                    unloaded = false;
                }
                Err(e) => {
                    tracing::warn!(error = %e, "heartbeat not renewed");
                    // Unload one tick before the lease can lapse in the database, so that no
                    // other node can take a room this one still runs.
                    if !unloaded && last_renewal.elapsed() + HEARTBEAT_EVERY >= LEASE_TTL {
                        self.unload_all(&rooms).await;
                        unloaded = true;
                    }
                    continue;
                }
            }
            // Only rooms loaded before the lease list is read: one loaded meanwhile may have
            // been taken after the list's snapshot.
            let loaded = rooms.loaded();
            if let Ok(mine) = self.inner.store.rooms_leased_to(&self.inner.node).await {
                self.unload_lost(&rooms, loaded, &mine).await;
            }
            let Ok(live) = self.inner.store.live_nodes().await else {
                continue;
            };
            let live: HashSet<String> = live.into_iter().collect();
            self.drop_dead_peers(&rooms, &live).await;
        }
    }

    /// Unloads each room of `loaded` whose code is not in `mine` (the rooms leased to this
    /// node): another node took it. Its connections close; their clients reconnect and land
    /// on the owner.
    async fn unload_lost(&self, rooms: &Rooms, loaded: Vec<RoomCode>, mine: &[String]) {
        let mine: HashSet<&str> = mine.iter().map(String::as_str).collect();
        for code in loaded {
            if !mine.contains(code.as_str()) {
                tracing::warn!(room = %code, "another node owns this room now: unloading it");
                rooms.evict(&code).await;
            }
        }
    }

    async fn unload_all(&self, rooms: &Rooms) {
        tracing::warn!(node = %self.inner.node, "heartbeat lapsed: unloading every room");
        for code in rooms.loaded() {
            rooms.evict(&code).await;
        }
    }

    async fn drop_dead_peers(&self, rooms: &Rooms, live: &HashSet<String>) {
        let (proxies, remotes) = {
            let mut t = self.tables();
            let dead: Vec<ConnId> = t
                .proxies
                .iter()
                .filter(|(_, p)| !live.contains(&p.owner))
                .map(|(id, _)| *id)
                .collect();
            let proxies: Vec<Proxy> = dead.iter().filter_map(|id| t.proxies.remove(id)).collect();
            let gone: Vec<(String, u64)> = t
                .remotes
                .keys()
                .filter(|(node, _)| !live.contains(node))
                .cloned()
                .collect();
            let remotes: Vec<Remote> = gone.iter().filter_map(|k| t.remotes.remove(k)).collect();
            (proxies, remotes)
        };
        for p in proxies {
            tracing::info!(room = %p.room, owner = %p.owner, "owner gone: closing the socket");
            if p.tx.try_send(Outgoing::Close).is_err() {
                p.closer.cancel();
            }
        }
        for r in remotes {
            r.closer.cancel();
            rooms.gone_if_loaded(&r.room, r.id).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hello between nodes keeps the JSON of the struct-variant envelope it replaced, so
    /// nodes of the earlier release and this one understand each other during a rolling
    /// upgrade.
    #[test]
    fn a_hello_between_nodes_reads_and_writes_the_same_json() {
        let text = r#"{"t":"hello","room":"ABC234","from":"node-a","conn":7,"seat":null,"may_watch":true,"v":3,"client":"127.0.0.1"}"#;
        let envelope: Envelope = serde_json::from_str(text).expect("the earlier release's hello");
        let Envelope::Hello(hello) = &envelope else {
            panic!("read as {envelope:?}");
        };
        assert_eq!((hello.room.as_str(), hello.conn, hello.v), ("ABC234", 7, 3));
        assert_eq!(serde_json::to_string(&envelope).expect("written"), text);
    }

    #[test]
    fn a_client_is_never_sent_back() {
        let state = |v: u64| format!(r#"{{"t":"state","v":{v},"you":null,"game":{{}}}}"#);
        let event = |v: u64| format!(r#"{{"t":"event","v":{v},"kind":"move","game":{{}}}}"#);
        // Forward: the next event, a state at or after what the client has.
        assert_eq!(pass(&event(8), 7), Pass::On(Some(8)));
        assert_eq!(pass(&state(7), 7), Pass::On(Some(7)));
        assert_eq!(pass(&state(9), 7), Pass::On(Some(9)));
        // Back: an event the client has is dropped; an older state closes the socket.
        assert_eq!(pass(&event(7), 7), Pass::Drop);
        assert_eq!(pass(&event(3), 7), Pass::Drop);
        assert_eq!(pass(&state(6), 7), Pass::Close);
        // Messages without an event number pass as they are.
        assert_eq!(pass(r#"{"t":"presence","players":{}}"#, 7), Pass::On(None));
        assert_eq!(pass(r#"{"t":"clocks","clocks":{}}"#, 7), Pass::On(None));
        assert_eq!(pass("not json", 7), Pass::On(None));
    }
}
