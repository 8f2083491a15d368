//! The room actor: one task per loaded room owns its [`RoomState`], takes commands one at a
//! time, and for each change stores the event, applies it, then tells the connections. One
//! owner per room means no locks and a total order of events. It also holds the limits of
//! its seats and its budget of stored events ([`super::limits`]), and sends `presence` at
//! most once per [`PRESENCE_EVERY`].

use super::limits::{Limited, RoomEvents, SeatAction, SeatLimits};
use super::snapshot::{self, players, Presence};
use super::state::RoomState;
use super::Rooms;
use crate::computer::admission::{Admission, Refused};
use crate::computer::{ComputerPool, Requester};
use crate::ids::{SeatHash, SeatToken};
use crate::store::{RoundAfter, Store, StoreError};
use crate::wall_clock::WallClock;
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::time::{sleep_until, Instant};
use tokio_util::sync::CancellationToken;
use xiangqi::{ByColor, Color, Move};
use xiangqi_view::player_text::{self, TextKind};
use xiangqi_view::protocol::{
    ClientMessage, ErrorCode, Event, GameSnapshot, OfferAction, ServerMessage,
};
use xiangqi_view::Side;

/// Identifies one WebSocket connection within the server.
pub type ConnId = u64;

static NEXT_CONN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// Returns a connection id not used before in this process (for this node's sockets and for
/// other nodes' sockets in rooms it runs, see [`crate::cluster`]).
pub(crate) fn next_conn_id() -> ConnId {
    NEXT_CONN.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// How many of the latest event messages a room keeps for reconnecting clients.
pub(crate) const RECENT_EVENTS: usize = 16;
/// A loaded room with no connection, no running clock and no search unloads after this.
const IDLE_UNLOAD: Duration = Duration::from_secs(600);
/// Queue length of one connection; a client that falls this far behind is dropped.
pub const CONNECTION_QUEUE: usize = 128;
/// A room sends at most one `presence` message this often; changes in between are sent
/// together, in one trailing message with the state at its time.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(1);

/// What the room sends a connection.
#[derive(Clone, Debug)]
pub enum Outgoing {
    /// A JSON text frame.
    Text(Arc<str>),
    /// Close the connection (after a `replaced` message, or when the room is deleted).
    Close,
}

/// The current or an earlier game of a room, for the record routes.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The round.
    pub round: u32,
    /// The FEN it started from.
    pub start_fen: String,
    /// Its moves in ICCS.
    pub moves: Vec<String>,
    /// Its moves in WXF.
    pub wxf: Vec<String>,
    /// The position now.
    pub fen: String,
    /// Its status.
    pub status: xiangqi_view::StatusView,
    /// The engine's seat in that round, if any.
    pub computer: Option<xiangqi_view::protocol::ComputerSeat>,
    /// Whether the seats played the other colours than in round 1 in that round.
    pub colors_swapped: bool,
    /// The whole game as PGN.
    pub pgn: String,
}

impl GameRecord {
    /// The record of the current round of `s`.
    pub fn of(s: &RoomState) -> GameRecord {
        GameRecord {
            round: s.round,
            start_fen: s.game.start().fen(),
            moves: s.game.moves().iter().map(|m| m.iccs()).collect(),
            wxf: s.wxf.clone(),
            fen: s.game.position().fen(),
            status: xiangqi_view::StatusView::of_game(&s.game),
            computer: s.computer,
            colors_swapped: s.swapped,
            pgn: s.pgn(),
        }
    }
}

/// A connection's hello, as the room takes it: from a socket of this node (`ws.rs`) or
/// from one proxied by another node (`cluster.rs`).
pub struct Hello {
    /// The connection.
    pub conn: ConnId,
    /// The seat it presents, if any.
    pub seat: Option<SeatToken>,
    /// Whether it may watch without a seat: the room has no password, or the
    /// connection presented the room's watcher credential.
    pub may_watch: bool,
    /// The last event it saw.
    pub v: u64,
    /// The client's address as rate limits key it ([`crate::rate::client_key`]): the
    /// engine's searches for a player queue under it.
    pub client: std::net::IpAddr,
    /// Where to send its messages.
    pub tx: mpsc::Sender<Outgoing>,
    /// Closes the connection at once, without going through its queue (which may be
    /// full: a client that does not read).
    pub closer: CancellationToken,
}

/// A request to a room actor.
pub enum Command {
    /// A connection said hello.
    Hello(Hello),
    /// A message from a connection after its hello.
    Message {
        /// The connection.
        conn: ConnId,
        /// The message.
        msg: ClientMessage,
    },
    /// A connection closed.
    Gone {
        /// The connection.
        conn: ConnId,
    },
    /// A guest asks for a free seat (password already checked); the reply is the seat's
    /// colour or `None` when no seat is free.
    Join {
        /// The hash of the guest's new token.
        seat: SeatHash,
        /// The answer.
        reply: oneshot::Sender<Result<Option<Color>, StoreError>>,
    },
    /// The game record of round `round` (the current one when `None`).
    Record {
        /// Which round.
        round: Option<u32>,
        /// The answer (`None`: not the current round; earlier ones are in the store).
        reply: oneshot::Sender<Option<GameRecord>>,
    },
    /// The engine chose `mv` for ply `ply` of round `round`.
    ComputerMove {
        /// The round searched.
        round: u32,
        /// The ply searched.
        ply: usize,
        /// The move, if there was one.
        mv: Option<Move>,
    },
    /// The room was deleted: close everything and stop.
    Shutdown,
    /// The server is stopping: everything queued before has been handled; close the
    /// connections and stop.
    Stop,
}

/// A recently sent event, kept for reconnecting clients and resent moves.
pub(crate) struct Recent {
    v: u64,
    /// For a move: its round and ply, so a resent move finds its confirmation.
    move_at: Option<(u32, usize)>,
    text: Arc<str>,
}

impl Recent {
    /// The message of event `v`, `event`, as broadcast: with the game `state` after it (and
    /// `presence`) as of `now`.
    pub(crate) fn of(
        v: u64,
        event: &Event,
        state: &RoomState,
        presence: &Presence,
        now: Instant,
    ) -> Recent {
        let game = snapshot::game(state, presence, now);
        let text: Arc<str> = ServerMessage::Event {
            v,
            event: Cow::Borrowed(event),
            game: Cow::Borrowed(&game),
        }
        .to_json()
        .into();
        let move_at = match event {
            Event::Move { ply, .. } => Some((state.round, *ply)),
            _ => None,
        };
        Recent { v, move_at, text }
    }
}

struct Conn {
    color: Option<Color>,
    client: std::net::IpAddr,
    tx: mpsc::Sender<Outgoing>,
    closer: CancellationToken,
}

impl Conn {
    /// Closes the connection after what is already queued, or at once when its queue is full.
    fn close(&self) {
        if self.tx.try_send(Outgoing::Close).is_err() {
            self.closer.cancel();
        }
    }
}

/// A refusal sent to one connection.
struct Refusal(ErrorCode, String, Option<u64>);

impl Refusal {
    fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal(code, message.into(), None)
    }

    /// The refusal of a new round against the computer.
    fn of_admission(refused: Refused) -> Refusal {
        match refused {
            Refused::TooManyGames(full) => Refusal::new(
                ErrorCode::TooManyComputerGames,
                format!(
                    "this address already plays {} games against the computer; finish or \
                     resign one before starting another",
                    full.cap
                ),
            ),
            Refused::EngineBusy(busy) => Refusal(
                ErrorCode::EngineBusy,
                busy.message(),
                Some(busy.retry_after_s),
            ),
        }
    }
}

impl From<Limited> for Refusal {
    fn from(e: Limited) -> Refusal {
        Refusal(
            ErrorCode::RateLimited,
            e.to_string(),
            Some(e.retry_after_s()),
        )
    }
}

/// The task that owns one room.
pub struct Actor {
    state: RoomState,
    conns: HashMap<ConnId, Conn>,
    recent: VecDeque<Recent>,
    store: Store,
    wall: WallClock,
    computer: ComputerPool,
    rooms: Rooms,
    me: mpsc::Sender<Command>,
    thinking: bool,
    /// The creator's place among its address's computer games, given back when the game
    /// ends or the room unloads (rooms loaded from the store hold none).
    lease: Option<Admission>,
    last_activity: Instant,
    /// Since when each seated, human player has had no connection (`None` while connected).
    away_since: ByColor<Option<Instant>>,
    /// On a node of a cluster, set when an event could not be stored: the log may hold
    /// what another node wrote, so the room stops and loads afresh on the next command.
    stale: bool,
    /// Each seat's limits, kept across its connections (they follow the seat when the
    /// colours swap).
    seat_limits: ByColor<SeatLimits>,
    /// The room's budget of stored events other than moves and game endings.
    room_events: RoomEvents,
    /// When the last `presence` message went out.
    presence_sent: Option<Instant>,
    /// Presence changed since then: a trailing message is due.
    presence_due: bool,
}

impl Actor {
    /// Returns an actor for `state`, holding `lease` while its game is in progress; `me` is
    /// the sender of its own queue (for engine replies).
    pub fn new(
        state: RoomState,
        lease: Option<Admission>,
        rooms: Rooms,
        me: mpsc::Sender<Command>,
    ) -> Actor {
        // Loaded, nobody is connected yet: every seated player is away from now on.
        let now = Instant::now();
        let away_since = ByColor::new_with(|c| state.seated[c].then_some(now));
        let state_over = state.game.status().is_over();
        Actor {
            away_since,
            state,
            conns: HashMap::new(),
            recent: VecDeque::with_capacity(RECENT_EVENTS),
            store: rooms.store.clone(),
            wall: rooms.wall.clone(),
            computer: rooms.computer.clone(),
            room_events: RoomEvents::new(rooms.room_events_per_minute),
            rooms,
            me,
            thinking: false,
            lease: lease.filter(|_| !state_over),
            last_activity: Instant::now(),
            stale: false,
            seat_limits: ByColor::new_with(|_| SeatLimits::default()),
            presence_sent: None,
            presence_due: false,
        }
    }

    /// Keeps `recent`, the messages of the room's last events (oldest first), for clients
    /// that reconnect with an earlier event number and for resent moves.
    pub(crate) fn with_recent(mut self, recent: Vec<Recent>) -> Actor {
        self.recent.extend(recent);
        while self.recent.len() > RECENT_EVENTS {
            self.recent.pop_front();
        }
        self
    }

    /// Runs the room until it is deleted or unloads for lack of activity.
    pub async fn run(mut self, mut rx: mpsc::Receiver<Command>) {
        // Replaying the log restarted the side to move's clock; nobody is connected yet, so
        // it waits (a game is never flagged while both players are away). It restarts from
        // now: the time the load took is charged to no one either.
        if self.state.clock_since.is_some() {
            self.state.clock_since = Some(Instant::now());
        }
        self.sync_clock();
        self.maybe_think();
        loop {
            let flag = self.state.flag_deadline();
            let idle = self.can_unload().then(|| self.last_activity + IDLE_UNLOAD);
            let presence = self
                .presence_sent
                .filter(|_| self.presence_due)
                .map(|at| at + PRESENCE_EVERY);
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(Command::Shutdown | Command::Stop) | None => break,
                    Some(cmd) => {
                        self.last_activity = Instant::now();
                        self.handle(cmd).await;
                        if self.stale {
                            break;
                        }
                    }
                },
                () = sleep_until(flag.unwrap_or_else(Instant::now)), if flag.is_some() => {
                    self.on_flag_timer().await;
                }
                () = sleep_until(presence.unwrap_or_else(Instant::now)), if presence.is_some() => {
                    self.send_presence();
                }
                () = sleep_until(idle.unwrap_or_else(Instant::now)), if idle.is_some() => {
                    if self.rooms.unload_if_idle(&self.state.info.code, &self.me, &mut rx) {
                        self.forward_leftovers(rx).await;
                        return;
                    }
                    self.last_activity = Instant::now();
                }
            }
        }
        self.rooms.forget(&self.state.info.code, &self.me);
        for conn in self.conns.values() {
            conn.close();
        }
    }

    /// Hands what is left in the closed queue `rx` (commands queued between the idle check
    /// and the close) to a fresh actor of the room, loaded from the store, which holds all
    /// this one committed; so no command is dropped when a room unloads.
    pub(crate) async fn forward_leftovers(&self, mut rx: mpsc::Receiver<Command>) {
        let code = &self.state.info.code;
        while let Some(cmd) = rx.recv().await {
            match cmd {
                // A deleted room stays deleted; an idle room runs no search.
                Command::Shutdown | Command::Stop | Command::ComputerMove { .. } => {}
                cmd => {
                    if let Err(e) = self.rooms.send(code, cmd).await {
                        tracing::error!(room = %code, error = %e, "command lost while unloading");
                    }
                }
            }
        }
    }

    /// Whether, on a node of a cluster, the event log holds events this room has not
    /// applied. On one node the room is the log's only writer, so it never is behind: a
    /// client's hello naming a later event is a client's mistake, answered with the state.
    ///
    /// # Errors
    /// [`StoreError`] when the log cannot be read.
    async fn behind_the_log(&self) -> Result<bool, StoreError> {
        if !self.rooms.in_cluster() {
            return Ok(false);
        }
        Ok(self.store.last_event(&self.state.info.code).await? > self.state.v)
    }

    fn can_unload(&self) -> bool {
        self.conns.is_empty() && self.state.clock_since.is_none() && !self.thinking
    }

    /// Takes a connection's hello: a client that saw events this room has not (another node
    /// committed them while this one ran the room too) is closed and the room unloads;
    /// otherwise [`Self::on_hello`] seats or refuses it.
    async fn greet(&mut self, hello: Hello) {
        let new = Conn {
            color: None,
            client: hello.client,
            tx: hello.tx,
            closer: hello.closer,
        };
        if hello.v > self.state.v {
            match self.behind_the_log().await {
                Ok(false) => {}
                Ok(true) => {
                    // This client saw events this room has not: another node committed
                    // them while this one ran the room too. Unload (the socket closes;
                    // the client reconnects and the room loads again from the log)
                    // rather than send a state older than what the client has.
                    new.close();
                    self.stale = true;
                    return;
                }
                Err(e) => {
                    // Unknown: the client tries again rather than go back.
                    tracing::warn!(room = %self.state.info.code, error = %e, "event log unreadable");
                    new.close();
                    return;
                }
            }
        }
        self.on_hello(hello.conn, hello.seat, hello.may_watch, hello.v, new);
    }

    async fn handle(&mut self, cmd: Command) {
        match cmd {
            Command::Hello(hello) => self.greet(hello).await,
            Command::Message { conn, msg } => {
                if let Err(Refusal(code, message, retry_after_s)) = self.on_message(conn, msg).await
                {
                    self.send_to(
                        conn,
                        &ServerMessage::Error {
                            code,
                            message: Cow::Borrowed(&message),
                            retry_after_s,
                        },
                    );
                }
            }
            Command::Gone { conn } => {
                if let Some(c) = self.conns.remove(&conn) {
                    self.seat_left(c.color);
                }
            }
            Command::Join { seat, reply } => {
                let _ = reply.send(self.on_join(seat).await);
            }
            Command::Record { round, reply } => {
                let _ = reply.send(self.record(round));
            }
            Command::ComputerMove { round, ply, mv } => self.on_computer_move(round, ply, mv).await,
            Command::Shutdown | Command::Stop => {}
        }
    }

    fn connected(&self) -> ByColor<bool> {
        let mut c = ByColor::new_with(|_| false);
        for conn in self.conns.values() {
            if let Some(color) = conn.color {
                c[color] = true;
            }
        }
        c
    }

    fn presence(&self, now: Instant) -> Presence {
        let away = |c: Color| {
            let since = self.away_since[c]?;
            u64::try_from(now.saturating_duration_since(since).as_millis()).ok()
        };
        Presence {
            connected: self.connected(),
            away_ms: ByColor::new_with(away),
            claim_after_s: self.rooms.claim_after.as_secs(),
            watchers: self.watchers(),
        }
    }

    /// Returns how many connections watch the room (those without a seat).
    fn watchers(&self) -> usize {
        self.conns.values().filter(|c| c.color.is_none()).count()
    }

    fn snapshot(&self) -> GameSnapshot {
        let now = Instant::now();
        snapshot::game(&self.state, &self.presence(now), now)
    }

    /// After a connection of `color` went away: if it was that seat's last, the player is
    /// away from now on, the clock may pause, and everyone is told.
    /// A watcher's leaving changes the count of watchers: everyone is told that too.
    fn seat_left(&mut self, color: Option<Color>) {
        let Some(color) = color else {
            self.broadcast_presence();
            return;
        };
        if !self.connected()[color] {
            self.away_since[color] = Some(Instant::now());
        }
        self.sync_clock_and_tell();
        self.broadcast_presence();
    }

    fn send_to(&mut self, conn: ConnId, msg: &ServerMessage<'_>) {
        self.send_text(conn, msg.to_json().into());
    }

    /// Queues `text` for `conn`, dropping the connection when its queue is full.
    fn send_text(&mut self, conn: ConnId, text: Arc<str>) {
        if let Some(c) = self.conns.get(&conn) {
            if c.tx.try_send(Outgoing::Text(text)).is_err() {
                self.drop_conn(conn);
            }
        }
    }

    /// Drops a connection whose queue is full: it is closed at once, outside the queue, so
    /// the client notices and reconnects instead of talking to a room that no longer hears.
    fn drop_conn(&mut self, conn: ConnId) {
        if let Some(c) = self.conns.remove(&conn) {
            c.closer.cancel();
            self.seat_left(c.color);
        }
    }

    fn broadcast(&mut self, text: &Arc<str>) {
        let mut slow = Vec::new();
        for (id, c) in &self.conns {
            if c.tx.try_send(Outgoing::Text(Arc::clone(text))).is_err() {
                slow.push(*id);
            }
        }
        for id in slow {
            self.drop_conn(id);
        }
    }

    /// Tells everyone who is here: at once if no `presence` went out in the last
    /// [`PRESENCE_EVERY`], else once that time is up (one message for all the changes in
    /// between, so connect and close loops cannot flood the players).
    fn broadcast_presence(&mut self) {
        let recent = self
            .presence_sent
            .is_some_and(|at| at.elapsed() < PRESENCE_EVERY);
        if recent {
            self.presence_due = true;
        } else {
            self.send_presence();
        }
    }

    /// Sends the `presence` message now.
    fn send_presence(&mut self) {
        self.presence_sent = Some(Instant::now());
        self.presence_due = false;
        let p = players(&self.state, &self.presence(Instant::now()));
        let text: Arc<str> = ServerMessage::Presence {
            players: Cow::Borrowed(&p),
            watchers: self.watchers(),
        }
        .to_json()
        .into();
        self.broadcast(&text);
    }

    /// Admits connection `conn` (its hello named `seat`, may watch when `may_watch`, and
    /// has seen events up to `v`): refused with a reason, or seated (replacing an older
    /// connection of the same seat) or watching; then caught up and everyone told.
    fn on_hello(
        &mut self,
        conn: ConnId,
        seat: Option<SeatToken>,
        may_watch: bool,
        v: u64,
        mut new: Conn,
    ) {
        let (color, bad_seat) = match seat {
            Some(token) => {
                let hash = token.hash();
                let color = Color::ALL
                    .into_iter()
                    .find(|&c| self.state.seats[c].as_ref() == Some(&hash));
                (color, color.is_none())
            }
            None => (None, false),
        };
        if color.is_none() {
            if let Err(Refusal(code, message, retry_after_s)) = self.may_watch(may_watch, &new) {
                let text: Arc<str> = ServerMessage::Error {
                    code,
                    message: Cow::Borrowed(&message),
                    retry_after_s,
                }
                .to_json()
                .into();
                let _ = new.tx.try_send(Outgoing::Text(text));
                new.close();
                return;
            }
        }
        if let Some(color) = color {
            self.replace_older(color, conn);
        }
        new.color = color;
        self.conns.insert(conn, new);
        // The clock is brought up to date before the snapshot, so the snapshot is the truth.
        let clock_changed = match color {
            Some(c) => {
                self.away_since[c] = None;
                self.sync_clock()
            }
            None => false,
        };
        if bad_seat {
            self.send_to(
                conn,
                &ServerMessage::Error {
                    code: ErrorCode::BadSeat,
                    message: "this seat credential matches no seat of the room; you are watching"
                        .into(),
                    retry_after_s: None,
                },
            );
        }
        self.catch_up(conn, color, v);
        // A player arrived, or the count of watchers changed.
        self.broadcast_presence();
        if clock_changed {
            self.broadcast_clocks();
        }
    }

    /// Whether a connection without a seat may watch: it must be allowed to (`may_watch`:
    /// the room's password, if any, was shown), find room to, and its address must not
    /// have opened too many watchers lately.
    fn may_watch(&self, may_watch: bool, new: &Conn) -> Result<(), Refusal> {
        if !may_watch {
            return Err(Refusal::new(
                ErrorCode::PasswordNeeded,
                "this room has a password: join it with the password to watch",
            ));
        }
        if self.watchers() >= self.rooms.max_watchers {
            return Err(Refusal::new(
                ErrorCode::TooManyWatchers,
                "this room has as many watchers as it accepts; try again later",
            ));
        }
        if let Err(wait) = self.rooms.watcher_hellos.take(new.client) {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            return Err(Refusal(
                ErrorCode::RateLimited,
                format!("too many watcher connections from this address; try again in {secs} s"),
                Some(secs),
            ));
        }
        Ok(())
    }

    /// One connection per seat: the newest (`conn`) wins; an older one of `color` is told
    /// why and closed.
    fn replace_older(&mut self, color: Color, conn: ConnId) {
        let old: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(id, c)| c.color == Some(color) && **id != conn)
            .map(|(id, _)| *id)
            .collect();
        for id in old {
            if let Some(c) = self.conns.remove(&id) {
                let text: Arc<str> = ServerMessage::Replaced.to_json().into();
                if c.tx.try_send(Outgoing::Text(text)).is_err() {
                    c.closer.cancel();
                }
                c.close();
            }
        }
    }

    /// Brings connection `conn` (of `color`, or watching) from event `v` to now: the events
    /// it missed and the clocks when they are all still at hand, else the whole state.
    fn catch_up(&mut self, conn: ConnId, color: Option<Color>, v: u64) {
        let missed: Option<Vec<Arc<str>>> = (v > 0 && v < self.state.v)
            .then(|| {
                let first = self.recent.front().map_or(u64::MAX, |r| r.v);
                (first <= v + 1).then(|| {
                    self.recent
                        .iter()
                        .filter(|r| r.v > v)
                        .map(|r| Arc::clone(&r.text))
                        .collect()
                })
            })
            .flatten();
        match missed {
            Some(events) => {
                for text in events {
                    self.send_text(conn, text);
                }
                if let Some(clocks) = snapshot::clocks(&self.state, Instant::now()) {
                    self.send_to(conn, &ServerMessage::Clocks { clocks });
                }
            }
            None => {
                let game = self.snapshot();
                let msg = ServerMessage::State {
                    v: self.state.v,
                    you: color.map(Side::from),
                    game: Cow::Borrowed(&game),
                    chat: Cow::Borrowed(&self.state.chat),
                };
                let text: Arc<str> = msg.to_json().into();
                self.send_text(conn, text);
            }
        }
    }

    /// Tells every connection the clocks as they are now.
    fn broadcast_clocks(&mut self) {
        if let Some(clocks) = snapshot::clocks(&self.state, Instant::now()) {
            let text: Arc<str> = ServerMessage::Clocks { clocks }.to_json().into();
            self.broadcast(&text);
        }
    }

    /// Syncs the clock and, if it paused or resumed, tells everyone.
    fn sync_clock_and_tell(&mut self) {
        if self.sync_clock() {
            self.broadcast_clocks();
        }
    }

    /// Pauses the running clock while the player who waits for the move is away (the side
    /// to move could not move anyway: moves need both players), and restarts it when they
    /// are back. Without this, leaving would win on time. Returns whether the clock paused
    /// or resumed.
    fn sync_clock(&mut self) -> bool {
        let game = &self.state.game;
        if self.state.clocks.is_none() || game.status().is_over() || game.plies().is_empty() {
            return false;
        }
        let turn = game.position().turn();
        let waiting_here = self.connected()[!turn] || self.is_computer(!turn);
        let now = Instant::now();
        match (self.state.clock_since.is_some(), waiting_here) {
            (true, false) => {
                let left = self.state.remaining_ms(turn, now).unwrap_or(0).max(0);
                if let Some(clocks) = self.state.clocks.as_mut() {
                    clocks[turn] = left;
                }
                self.state.clock_since = None;
                true
            }
            (false, true) => {
                self.state.clock_since = Some(now);
                true
            }
            _ => false,
        }
    }

    /// Runs a message of connection `conn` (after its hello): only a seated player acts;
    /// each kind of message has its handler.
    async fn on_message(&mut self, conn: ConnId, msg: ClientMessage) -> Result<(), Refusal> {
        let color = self
            .conns
            .get(&conn)
            .ok_or_else(|| Refusal::new(ErrorCode::HelloFirst, "say hello first"))?
            .color;
        if let ClientMessage::Hello { .. } = msg {
            return Err(Refusal::new(
                ErrorCode::BadMessage,
                "hello was already said",
            ));
        }
        let color = color.ok_or_else(|| {
            Refusal::new(
                ErrorCode::NotSeated,
                "watchers cannot act; join a seat to play",
            )
        })?;
        match msg {
            ClientMessage::Hello { .. } => Ok(()),
            ClientMessage::Chat { text } => self.on_chat(color, &text).await,
            ClientMessage::Name { name } => self.on_name(color, &name).await,
            ClientMessage::Move { ply, mv } => self.on_move(conn, color, ply, &mv).await,
            ClientMessage::Abort => self.on_abort(color).await,
            ClientMessage::Claim => self.on_claim(color).await,
            ClientMessage::Resign => self.on_resign(color).await,
            ClientMessage::Draw { action } => self.on_draw(color, action).await,
            ClientMessage::NewRound { action } => self.on_new_round(conn, color, action).await,
        }
    }

    /// The refusal of an action that needs a game in progress, once it is over.
    fn unless_over(&self) -> Result<(), Refusal> {
        if self.state.game.status().is_over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        Ok(())
    }

    /// `chat`: a line from `color`'s player, within the seat's and the room's limits.
    async fn on_chat(&mut self, color: Color, text: &str) -> Result<(), Refusal> {
        // Every chat message counts against the seat, refused or not.
        self.seat_limits[color].take(SeatAction::Chat)?;
        let text = player_text::check(TextKind::Chat, text)
            .map_err(|e| Refusal::new(ErrorCode::InvalidField, e.to_string()))?;
        self.room_events.take()?;
        let name = self.state.names[color].clone();
        self.commit(
            Event::Chat {
                color: color.into(),
                name,
                text,
            },
            None,
        )
        .await
    }

    /// `name`: `color`'s player's display name (the same name again changes nothing).
    async fn on_name(&mut self, color: Color, name: &str) -> Result<(), Refusal> {
        let name = player_text::check(TextKind::Name, name)
            .map_err(|e| Refusal::new(ErrorCode::InvalidField, e.to_string()))?;
        if self.state.names[color].as_deref() == Some(name.as_str()) {
            return Ok(());
        }
        self.limit(color, Some(SeatAction::Name))?;
        self.commit(
            Event::Name {
                color: color.into(),
                name,
            },
            None,
        )
        .await
    }

    /// `abort`: before both sides have moved, or with the opponent gone long enough.
    async fn on_abort(&mut self, color: Color) -> Result<(), Refusal> {
        self.unless_over()?;
        if self.state.game.plies().len() >= 2 {
            self.opponent_gone_long_enough(!color)
                .map_err(|e| match e.0 {
                    ErrorCode::OpponentHere => Refusal::new(
                        ErrorCode::TooLate,
                        "both sides have moved: resign or offer a draw instead",
                    ),
                    _ => e,
                })?;
        }
        self.commit(
            Event::Abort {
                color: color.into(),
            },
            None,
        )
        .await
    }

    /// `claim`: the win, with the opponent gone long enough.
    async fn on_claim(&mut self, color: Color) -> Result<(), Refusal> {
        self.unless_over()?;
        self.opponent_gone_long_enough(!color)?;
        self.commit(
            Event::Claim {
                color: color.into(),
            },
            None,
        )
        .await
    }

    /// `resign`.
    async fn on_resign(&mut self, color: Color) -> Result<(), Refusal> {
        self.unless_over()?;
        self.commit(
            Event::Resign {
                color: color.into(),
            },
            None,
        )
        .await
    }

    /// `draw`: an offer (agreed at once when the opponent's stands; declined at once by the
    /// engine), an acceptance or a refusal of the opponent's offer.
    async fn on_draw(&mut self, color: Color, action: OfferAction) -> Result<(), Refusal> {
        self.unless_over()?;
        let opponent = !color;
        let offered_to_me = self.state.draw_offer == Some(opponent);
        match action {
            OfferAction::Offer | OfferAction::Accept if offered_to_me => {
                self.commit(Event::DrawAgreed, None).await
            }
            OfferAction::Offer if self.state.draw_offer == Some(color) => Ok(()),
            OfferAction::Offer => {
                self.limit(color, Some(SeatAction::DrawOffer))?;
                self.commit(
                    Event::DrawOffer {
                        color: color.into(),
                    },
                    None,
                )
                .await?;
                if self.is_computer(opponent) {
                    // The engine plays on.
                    self.commit(
                        Event::DrawDecline {
                            color: opponent.into(),
                        },
                        None,
                    )
                    .await?;
                }
                Ok(())
            }
            OfferAction::Decline if offered_to_me => {
                self.limit(color, None)?;
                self.commit(
                    Event::DrawDecline {
                        color: color.into(),
                    },
                    None,
                )
                .await
            }
            OfferAction::Accept | OfferAction::Decline => Err(Refusal::new(
                ErrorCode::NoOffer,
                "there is no draw offer from your opponent",
            )),
        }
    }

    /// `new_round`, once the game is over: a request (granted at once against the engine,
    /// or when the opponent's stands), an acceptance or a refusal of the opponent's.
    async fn on_new_round(
        &mut self,
        conn: ConnId,
        color: Color,
        action: OfferAction,
    ) -> Result<(), Refusal> {
        if !self.state.game.status().is_over() {
            return Err(Refusal::new(
                ErrorCode::GameNotOver,
                "a new round can start only when the game is over",
            ));
        }
        let opponent = !color;
        let asked_of_me = self.state.new_round_request == Some(opponent);
        // Every new round swaps the colours, so that the players take turns moving first.
        let next = Event::NewRound {
            round: self.state.round + 1,
            swap: true,
        };
        match action {
            OfferAction::Offer if self.is_computer(opponent) => {
                self.seat_limits[color].take(SeatAction::NewRound)?;
                // Another computer game: it takes one of the address's places.
                let client = self.conns.get(&conn).map(|c| c.client);
                let lease = client
                    .map(|ip| self.rooms.admit_computer_game(ip))
                    .transpose()
                    .map_err(Refusal::of_admission)?;
                self.commit(next, None).await?;
                self.lease = lease;
                Ok(())
            }
            OfferAction::Offer | OfferAction::Accept if asked_of_me => {
                self.commit(next, None).await
            }
            OfferAction::Offer if self.state.new_round_request == Some(color) => Ok(()),
            OfferAction::Offer => {
                self.limit(color, Some(SeatAction::NewRound))?;
                self.commit(
                    Event::NewRoundRequest {
                        color: color.into(),
                    },
                    None,
                )
                .await
            }
            OfferAction::Decline if asked_of_me => {
                self.limit(color, None)?;
                self.commit(
                    Event::NewRoundDecline {
                        color: color.into(),
                    },
                    None,
                )
                .await
            }
            OfferAction::Accept | OfferAction::Decline => Err(Refusal::new(
                ErrorCode::NoOffer,
                "your opponent has not asked for a new round",
            )),
        }
    }

    /// Takes `action` (if any) from `color`'s seat limits, then one event from the room's
    /// budget, before an event other than a move or a game ending is stored.
    fn limit(&self, color: Color, action: Option<SeatAction>) -> Result<(), Refusal> {
        if let Some(action) = action {
            self.seat_limits[color].take(action)?;
        }
        Ok(self.room_events.take()?)
    }

    /// Checks that `opponent` is a seated player who has been away at least the room's
    /// claim time.
    fn opponent_gone_long_enough(&self, opponent: Color) -> Result<(), Refusal> {
        let claim_after = self.rooms.claim_after;
        let away = self.away_since[opponent]
            .filter(|_| self.state.seated[opponent] && !self.is_computer(opponent))
            .map(|since| since.elapsed());
        match away {
            None => Err(Refusal::new(
                ErrorCode::OpponentHere,
                "your opponent is here; only a player whose opponent stays away may claim",
            )),
            Some(away) if away < claim_after => Err(Refusal::new(
                ErrorCode::TooSoon,
                format!(
                    "your opponent has been away {} s; you may claim after {} s",
                    away.as_secs(),
                    claim_after.as_secs()
                ),
            )),
            Some(_) => Ok(()),
        }
    }

    fn is_computer(&self, color: Color) -> bool {
        self.state.is_computer(color)
    }

    async fn on_move(
        &mut self,
        conn: ConnId,
        color: Color,
        ply: usize,
        text: &str,
    ) -> Result<(), Refusal> {
        let played = self.state.game.plies().len();
        if ply < played {
            // A resent move: acknowledge it again (to the sender only) if it is the one
            // committed at that ply, never apply it twice.
            let same = self.state.game.plies().get(ply).is_some_and(|r| {
                r.mv.iccs() == text.trim().to_ascii_lowercase() && r.piece.color == color
            });
            if same {
                if let Some(event) = self.recent_move_event(ply) {
                    self.send_text(conn, event);
                    return Ok(());
                }
                let game = self.snapshot();
                let msg = ServerMessage::State {
                    v: self.state.v,
                    you: Some(color.into()),
                    game: Cow::Borrowed(&game),
                    chat: Cow::Borrowed(&self.state.chat),
                };
                let text: Arc<str> = msg.to_json().into();
                self.send_text(conn, text);
                return Ok(());
            }
            return Err(Refusal::new(
                ErrorCode::StalePly,
                format!("ply {ply} is already played; the game is at ply {played}"),
            ));
        }
        if self.state.game.status().is_over() {
            return Err(Refusal::new(ErrorCode::GameOver, "the game is over"));
        }
        if ply > played {
            return Err(Refusal::new(
                ErrorCode::StalePly,
                format!("ply {ply} is ahead of the game, which is at ply {played}"),
            ));
        }
        if self.state.game.position().turn() != color {
            return Err(Refusal::new(
                ErrorCode::NotYourTurn,
                "it is your opponent's turn",
            ));
        }
        if !self.state.seated[!color] || !(self.connected()[!color] || self.is_computer(!color)) {
            return Err(Refusal::new(
                ErrorCode::OpponentAway,
                "your opponent is not connected; moves wait until both players are here",
            ));
        }
        let pos = self.state.game.position();
        let m = xiangqi::iccs::parse(pos, text)
            .map_err(|e| Refusal::new(ErrorCode::IllegalMove, format!("{}: {e}", text.trim())))?;
        self.play(color, ply, m).await
    }

    fn recent_move_event(&self, ply: usize) -> Option<Arc<str>> {
        let at = Some((self.state.round, ply));
        self.recent
            .iter()
            .rev()
            .find(|r| r.move_at == at)
            .map(|r| Arc::clone(&r.text))
    }

    /// Plays legal move `m` of `color` at ply `ply`, or records the flag fall if `color`'s
    /// time ran out before it arrived.
    async fn play(&mut self, color: Color, ply: usize, m: Move) -> Result<(), Refusal> {
        let now = Instant::now();
        let pos = self.state.game.position();
        let internal = |e: xiangqi::NotationError| Refusal::new(ErrorCode::Internal, e.to_string());
        let wxf = xiangqi::wxf::write(pos, m).map_err(internal)?;
        let chinese = xiangqi::chinese::write(pos, m).map_err(internal)?;
        let (mut red_ms, mut black_ms) = (None, None);
        if let Some(tc) = self.state.info.time_control {
            let left = self.state.remaining_ms(color, now).unwrap_or(0);
            if left <= 0 {
                self.on_flag_timer().await;
                return Err(Refusal::new(ErrorCode::GameOver, "your time ran out"));
            }
            let after = left.saturating_add(super::state::ms_i64(tc.increment_ms()));
            let other = self.state.remaining_ms(!color, now).unwrap_or(0);
            let (r, b) = match color {
                Color::Red => (after, other),
                Color::Black => (other, after),
            };
            red_ms = Some(r);
            black_ms = Some(b);
        }
        let event = Event::Move {
            color: color.into(),
            ply,
            mv: m.iccs(),
            wxf,
            chinese,
            red_ms,
            black_ms,
        };
        self.commit(event, None).await
    }

    /// Stores `event`, applies it, broadcasts it, and starts the engine if it is its turn.
    async fn commit(
        &mut self,
        event: Event,
        seat: Option<(Color, SeatHash)>,
    ) -> Result<(), Refusal> {
        let v = self.state.v + 1;
        let body = serde_json::to_string(&event)
            .map_err(|e| Refusal::new(ErrorCode::Internal, e.to_string()))?;
        let round = match self.state.finished_by(&event) {
            Some(game) => RoundAfter::Ended(Box::new(super::finished::record(
                &self.state,
                &game,
                self.wall.now_ms(),
            ))),
            None if self.state.over_after(&event) => RoundAfter::Over,
            None => RoundAfter::Going,
        };
        if let Err(e) = self
            .store
            .append_event(
                &self.state.info.code,
                v,
                body,
                self.wall.now_ms(),
                seat,
                round,
            )
            .await
        {
            tracing::error!(room = %self.state.info.code, error = %e, "event not stored");
            self.stale = self.rooms.in_cluster();
            return Err(Refusal::new(
                ErrorCode::Internal,
                "the change could not be stored; nothing happened",
            ));
        }
        if let Err(e) = self.state.apply(&event, Instant::now()) {
            // The event is stored but does not fit: a bug. Say so loudly; the log is the truth
            // and the next load will refuse it the same way.
            tracing::error!(room = %self.state.info.code, v, error = %e.0, "stored event does not apply");
            return Err(Refusal::new(ErrorCode::Internal, "internal error"));
        }
        if matches!(event, Event::NewRound { swap: true, .. }) {
            self.follow_swap();
        }
        let game = self.snapshot();
        let text: Arc<str> = ServerMessage::Event {
            v,
            event: Cow::Borrowed(&event),
            game: Cow::Borrowed(&game),
        }
        .to_json()
        .into();
        let move_at = match &event {
            Event::Move { ply, .. } => Some((self.state.round, *ply)),
            _ => None,
        };
        if self.recent.len() == RECENT_EVENTS {
            self.recent.pop_front();
        }
        self.recent.push_back(Recent {
            v,
            move_at,
            text: Arc::clone(&text),
        });
        self.broadcast(&text);
        self.rooms.lobby().changed();
        if self.state.game.status().is_over() {
            // The computer game is over: its creator may start another.
            self.lease = None;
        }
        self.maybe_think();
        Ok(())
    }

    async fn on_flag_timer(&mut self) {
        let turn = self.state.game.position().turn();
        if self.state.game.status().is_over() {
            return;
        }
        if self
            .state
            .remaining_ms(turn, Instant::now())
            .is_some_and(|ms| ms <= 0)
        {
            if let Err(Refusal(_, e, _)) =
                self.commit(Event::Flag { color: turn.into() }, None).await
            {
                tracing::error!(room = %self.state.info.code, error = %e, "flag not stored");
            }
        }
    }

    async fn on_join(&mut self, seat: SeatHash) -> Result<Option<Color>, StoreError> {
        let Some(color) = Color::ALL.into_iter().find(|&c| !self.state.seated[c]) else {
            return Ok(None);
        };
        let event = Event::Joined {
            color: color.into(),
        };
        // The store names the seat by the colour it played in round 1.
        let column = self.state.first_round_color(color);
        match self.commit(event, Some((column, seat.clone()))).await {
            Ok(()) => {
                self.state.seats[color] = Some(seat);
                // Seated, not connected yet.
                self.away_since[color] = Some(Instant::now());
                Ok(Some(color))
            }
            Err(Refusal(_, message, _)) => Err(StoreError::Failed(message)),
        }
    }

    /// The record of the current round, if `round` asks for it (earlier rounds are read
    /// from the store, see [`super::Rooms::past_record`]).
    fn record(&self, round: Option<u32>) -> Option<GameRecord> {
        round
            .is_none_or(|r| r == self.state.round)
            .then(|| GameRecord::of(&self.state))
    }

    /// After a round that swapped colours: each connection and each away time follow their
    /// seat to its new colour (the state swapped the seats themselves).
    fn follow_swap(&mut self) {
        for conn in self.conns.values_mut() {
            conn.color = conn.color.map(|c| !c);
        }
        std::mem::swap(&mut self.away_since.red, &mut self.away_since.black);
        std::mem::swap(&mut self.seat_limits.red, &mut self.seat_limits.black);
    }

    /// Starts an engine search when the engine is to move and none runs.
    fn maybe_think(&mut self) {
        let Some(seat) = self.state.computer else {
            return;
        };
        let turn = self.state.game.position().turn();
        if self.thinking || self.state.game.status().is_over() || Color::from(seat.color) != turn {
            return;
        }
        self.thinking = true;
        let pool = self.computer.clone();
        let start = self.state.game.start().clone();
        let moves = self.state.game.moves();
        let round = self.state.round;
        let ply = moves.len();
        let remaining = self.state.remaining_ms(turn, Instant::now());
        let me = self.me.clone();
        let requester = self.requester(!turn);
        tokio::spawn(async move {
            let mv = pool
                .choose(requester, start, moves, seat.level, remaining)
                .await;
            let _ = me.send(Command::ComputerMove { round, ply, mv }).await;
        });
    }

    /// Whom the engine's searches are for: the address of the room's creator, else of the
    /// `human`'s connection, else the room itself.
    fn requester(&self, human: Color) -> Requester {
        self.lease
            .as_ref()
            .map(Admission::client)
            .or_else(|| {
                self.conns
                    .values()
                    .find(|c| c.color == Some(human))
                    .map(|c| c.client)
            })
            .map_or_else(
                || Requester::Room(self.state.info.code.clone()),
                Requester::Client,
            )
    }

    async fn on_computer_move(&mut self, round: u32, ply: usize, mv: Option<Move>) {
        self.thinking = false;
        let current = round == self.state.round && ply == self.state.game.plies().len();
        let Some(seat) = self.state.computer else {
            return;
        };
        match mv {
            Some(m) if current && !self.state.game.status().is_over() => {
                if let Err(Refusal(_, e, _)) = self.play(seat.color.into(), ply, m).await {
                    tracing::error!(room = %self.state.info.code, error = %e, "engine move refused");
                }
            }
            _ => self.maybe_think(),
        }
    }
}
