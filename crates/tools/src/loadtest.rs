//! The load-test client behind `xiangqi loadtest`: opens N games (two WebSocket clients
//! each) against a running server, plays random legal moves at a set rate, and prints moves
//! per second, the move confirmation latency (p50/p90/p99/max) and the errors; then checks
//! that every confirmed move is in the server's game record.
//!
//! Latency is the time from sending `{"t":"move","ply":n,…}` to receiving the mover's own
//! confirming `{"t":"event","kind":"move","ply":n}` (the server commits the move to SQLite
//! before it sends that event). A game sends its next move only after the previous one is
//! confirmed, at the next tick of its schedule; ticks that come while a move is still
//! unconfirmed are counted as `late`.
//!
//! `--save FILE` writes each game's code, round and confirmed moves (JSON lines), also for
//! games whose connection broke (the server died mid-run): then with the move that was sent
//! and not yet confirmed, which the server may or may not have committed. `--check FILE`
//! only compares such a file with the server, for example after the server was killed with
//! SIGKILL and restarted. Each game is compared with the record of its own round
//! (`?round=N`), so a round the server starts after the client stopped reading is no false
//! difference; and no new round is asked for once the run stops.

mod computer;
mod error;
mod watchers;

pub use computer::{BadComputerGroup, ComputerGroup};
use futures_util::stream::{SplitSink, SplitStream};
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::{mpsc, watch, Semaphore};
use tokio::time::{sleep_until, Instant};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use xiangqi::TimeControl;
use xiangqi_view::protocol::{
    ClientMessage, Event, GameReply, GameSnapshot, JoinRequest, Joined, NewRoom, OfferAction,
    Players, RoomCreated, ServerMessage, TimeControlJson,
};
use xiangqi_view::Side;

pub use error::LoadTestError;

/// What [`run`] does: the settings of `xiangqi loadtest`, one field per flag.
#[derive(Clone, Debug)]
pub struct Config {
    /// The server to load (it must already run), as an `http://` URL; records are read
    /// from it.
    pub server: String,
    /// Further nodes of the same cluster (`--server` given more than once): with `n` servers
    /// in all, game `i` is created, and its first player plays, on server `i mod n`, and its
    /// guest joins and plays on server `(i + 1) mod n`, so each game spans two nodes.
    pub other_servers: Vec<String>,
    /// Games played at the same time (two WebSocket connections each).
    pub games: u64,
    /// Moves per second per game (both sides together); positive.
    pub rate: f64,
    /// Seconds measured, after the warm-up; positive.
    pub duration: f64,
    /// Seconds played before the measurement starts (not counted).
    pub warmup: f64,
    /// Time control of the rooms (`None`: untimed); sent in whole seconds.
    pub time_control: Option<TimeControl>,
    /// Plies after which the side to move resigns and a new round starts.
    pub max_plies: u64,
    /// Games being set up (HTTP + WebSocket handshakes) at the same time.
    pub connect_concurrency: u64,
    /// Check the game record of only this many games afterwards (`None`: all).
    pub verify_sample: Option<usize>,
    /// Worker threads of the load generator (`None`: the number of cores).
    pub threads: Option<u64>,
    /// Groups of computer games played beside the human games (see [`ComputerGroup`]).
    pub computer: Vec<ComputerGroup>,
    /// The engine's level (1–5) in those games.
    pub computer_level: u8,
    /// Watchers opened beside the games, held until the run stops, to measure the server's
    /// memory per watcher and after they leave (0: none); see `loadtest::watchers`.
    pub watchers: u64,
    /// Seed of the random moves and start offsets.
    pub seed: u64,
    /// Write every game's code, round and confirmed moves to this file (JSON lines).
    pub save: Option<PathBuf>,
    /// Play nothing: compare the games in this file (from `save`) with the server's records.
    pub check: Option<PathBuf>,
}

/// Returns the WebSocket URL of room `code` on the server at `server` (`http://host:port`).
fn ws_url(server: &str, code: &str) -> Result<String, LoadTestError> {
    let base = server.trim_end_matches('/');
    let rest = if let Some(rest) = base.strip_prefix("http://") {
        format!("ws://{rest}")
    } else if let Some(rest) = base.strip_prefix("https://") {
        format!("wss://{rest}")
    } else {
        return Err(LoadTestError::ServerUrl(server.to_string()));
    };
    Ok(format!("{rest}/ws/rooms/{code}"))
}

/// Latency statistics in milliseconds, read from a histogram of microseconds.
#[derive(Clone, Copy, Debug, PartialEq)]
struct LatencySummary {
    count: u64,
    p50: f64,
    p90: f64,
    p99: f64,
    max: f64,
}

impl LatencySummary {
    fn of(h: &Histogram<u64>) -> LatencySummary {
        let ms = |us: u64| us as f64 / 1000.0;
        LatencySummary {
            count: h.len(),
            p50: ms(h.value_at_quantile(0.50)),
            p90: ms(h.value_at_quantile(0.90)),
            p99: ms(h.value_at_quantile(0.99)),
            max: ms(h.max()),
        }
    }

    fn line(&self) -> String {
        format!(
            "p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            self.p50, self.p90, self.p99, self.max
        )
    }
}

/// A histogram of latencies in microseconds, from 1 µs to one hour, 3 significant digits.
fn new_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 3_600_000_000, 3).expect("constant bounds are valid")
}

/// What all games report to.
struct Stats {
    /// Latencies of moves sent inside the measured window.
    window: Histogram<u64>,
    /// Latencies since the last progress line.
    interval: Histogram<u64>,
    /// Moves confirmed in the measured window.
    confirmed_in_window: u64,
    /// Moves confirmed in all.
    confirmed: u64,
    /// Moves sent in all.
    sent: u64,
    /// Schedule ticks that found the previous move still unconfirmed.
    late: u64,
    /// Rounds finished (mate, stalemate, rule ending or resignation at --max-plies).
    rounds: u64,
    /// Errors by code (server error codes, and `ws_closed`, `http`, `setup` …).
    errors: BTreeMap<String, u64>,
}

impl Stats {
    fn new() -> Stats {
        Stats {
            window: new_histogram(),
            interval: new_histogram(),
            confirmed_in_window: 0,
            confirmed: 0,
            sent: 0,
            late: 0,
            rounds: 0,
            errors: BTreeMap::new(),
        }
    }

    fn error(&mut self, code: &str) {
        *self.errors.entry(code.to_string()).or_default() += 1;
    }
}

type Shared = Arc<Mutex<Stats>>;

fn with_stats<R>(stats: &Shared, f: impl FnOnce(&mut Stats) -> R) -> R {
    let mut guard = stats
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    f(&mut guard)
}

/// The measured window and the end, shared with the games.
#[derive(Clone, Copy, Debug)]
struct Phase {
    /// Games start moving at this instant (each at its own offset).
    start: Instant,
    /// Moves sent from here on are measured.
    measure_from: Instant,
    /// Moves sent from here on are not measured; no new move is sent after it.
    stop: Instant,
}

/// Returns the connection (0: the creator's, 1: the guest's) that plays `side` in the
/// round of `game`.
fn connection_of(game: &GameSnapshot, side: Side) -> usize {
    usize::from(side != game.creator_side())
}

/// What a game confirmed, for the durability check and `--save`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Confirmed {
    code: String,
    round: u32,
    moves: Vec<String>,
    /// The move sent after `moves` and never confirmed (the connection broke first): the
    /// server may have committed it or not, so the record may hold it or not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pending: Option<String>,
}

impl Confirmed {
    /// What `play` saw confirmed in game `code`, if it saw the game at all.
    fn of(code: String, play: Play) -> Option<Confirmed> {
        let game = play.game?;
        let pending = play
            .pending
            .filter(|p| p.round == game.round && p.ply == game.moves.len())
            .map(|p| p.mv);
        Some(Confirmed {
            code,
            round: game.round,
            moves: game.moves,
            pending,
        })
    }
}

type Sink = SplitSink<WebSocketStream<MaybeTlsStream<TcpStream>>, Message>;
type Source = SplitStream<WebSocketStream<MaybeTlsStream<TcpStream>>>;

/// Settings every game shares.
struct GameConfig {
    /// Every server: [`Config::server`] first, then [`Config::other_servers`].
    servers: Vec<String>,
    http: reqwest::Client,
    time_control: Option<TimeControl>,
    interval: Duration,
    max_plies: usize,
    stats: Shared,
    setup: Arc<Semaphore>,
}

/// A game's two connections, ready to play: the creator's first (Red in round 1), the
/// guest's second.
struct Seated {
    code: String,
    sinks: [Sink; 2],
    sources: [Source; 2],
}

/// Returns the server game `index` uses for its connection `conn` (0: the creator's, 1: the
/// guest's): consecutive servers, so that with two or more each game spans two of them.
fn server_for(servers: &[String], index: usize, conn: usize) -> &str {
    match servers.len() {
        0 => "",
        n => &servers[(index + conn) % n],
    }
}

async fn set_up(cfg: &GameConfig, index: usize) -> Result<Seated, LoadTestError> {
    let tc = cfg.time_control.map(TimeControlJson::from);
    let base = server_for(&cfg.servers, index, 0).trim_end_matches('/');
    let guest_base = server_for(&cfg.servers, index, 1).trim_end_matches('/');
    let new_room = NewRoom {
        rules: Some("wxf-2018".to_string()),
        time_control: tc,
        ..NewRoom::default()
    };
    let created: RoomCreated = post_json(
        &cfg.http,
        format!("{base}/api/rooms"),
        &new_room,
        "create room",
    )
    .await?;
    let join_url = format!("{guest_base}/api/rooms/{}/join", created.code);
    let joined: Joined = post_json(&cfg.http, join_url, &JoinRequest::default(), "join").await?;
    let black = joined.seat.ok_or(LoadTestError::NoSeat)?;
    let (red_sink, red_source) = open_seat(cfg, index, 0, &created.code, &created.seat).await?;
    let (black_sink, black_source) = open_seat(cfg, index, 1, &created.code, &black).await?;
    Ok(Seated {
        code: created.code,
        sinks: [red_sink, black_sink],
        sources: [red_source, black_source],
    })
}

/// POSTs `body` as JSON to `url` and reads the JSON reply; an error status, a failed
/// request or an unreadable reply is [`LoadTestError::Http`] of `step`.
async fn post_json<B: Serialize, R: serde::de::DeserializeOwned>(
    http: &reqwest::Client,
    url: String,
    body: &B,
    step: &'static str,
) -> Result<R, LoadTestError> {
    http.post(url)
        .json(body)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(LoadTestError::http(step))?
        .json()
        .await
        .map_err(LoadTestError::http(step))
}

/// Opens connection `conn` (0: the creator's, 1: the guest's) of game `index` to room
/// `code` and says hello with `seat`.
async fn open_seat(
    cfg: &GameConfig,
    index: usize,
    conn: usize,
    code: &str,
    seat: &str,
) -> Result<(Sink, Source), LoadTestError> {
    let url = ws_url(server_for(&cfg.servers, index, conn), code)?;
    let (ws, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .map_err(LoadTestError::websocket("websocket"))?;
    let (mut sink, source) = ws.split();
    say_hello(&mut sink, seat).await?;
    Ok((sink, source))
}

/// Says hello on a game socket as the holder of `seat` (a player's seat token).
async fn say_hello<S>(sink: &mut S, seat: &str) -> Result<(), LoadTestError>
where
    S: futures_util::Sink<Message, Error = tokio_tungstenite::tungstenite::Error> + Unpin,
{
    let hello = ClientMessage::Hello {
        seat: Some(seat.to_string()),
        watch: None,
        v: 0,
    }
    .to_json();
    sink.send(Message::text(hello))
        .await
        .map_err(LoadTestError::websocket("hello"))
}

/// A move sent and not yet confirmed.
struct Pending {
    /// The colour that moved.
    side: Side,
    /// The connection it was sent on.
    conn: usize,
    round: u32,
    ply: usize,
    mv: String,
    sent: Instant,
}

/// One game's state on the client.
struct Play {
    v: u64,
    game: Option<GameSnapshot>,
    players: Option<Players>,
    pending: Option<Pending>,
    /// The round for which a new round was already requested / accepted.
    asked: Option<u32>,
    accepted: Option<u32>,
}

impl Play {
    fn both_connected(&self) -> bool {
        self.players
            .as_ref()
            .is_some_and(|p| p.red.connected && p.black.connected)
    }
}

async fn send(sink: &mut Sink, text: String) -> Result<(), LoadTestError> {
    sink.send(Message::text(text))
        .await
        .map_err(LoadTestError::websocket("send"))
}

/// Sets up game `index` (at most `cfg.setup` at a time) and tells `ready` whether it could.
async fn seat(cfg: &GameConfig, index: usize, ready: mpsc::Sender<bool>) -> Option<Seated> {
    let permit = cfg.setup.clone().acquire_owned().await.ok();
    let seated = set_up(cfg, index).await;
    drop(permit);
    match seated {
        Ok(s) => {
            let _ = ready.send(true).await;
            Some(s)
        }
        Err(e) => {
            with_stats(&cfg.stats, |s| s.error("setup"));
            eprintln!("loadtest: {e}");
            let _ = ready.send(false).await;
            None
        }
    }
}

/// The text of a frame from the server: `Ok(None)` for a frame without one (a ping), an
/// error's kind and words when the connection ended.
fn text_of(
    frame: Option<Result<Message, tokio_tungstenite::tungstenite::Error>>,
) -> Result<Option<tokio_tungstenite::tungstenite::Utf8Bytes>, (&'static str, String)> {
    match frame {
        Some(Ok(Message::Text(t))) => Ok(Some(t)),
        Some(Ok(Message::Close(_))) | None => {
            Err(("ws_closed", "the server closed a connection".to_string()))
        }
        Some(Ok(_)) => Ok(None),
        Some(Err(e)) => Err(("ws_error", e.to_string())),
    }
}

/// Plays one game until `phase.stop`, then waits (a little) for the last confirmation.
/// Returns what it confirmed, also when its connection broke on the way (`None` only when
/// it never saw the game).
async fn game(
    cfg: Arc<GameConfig>,
    index: usize,
    seed: u64,
    ready: mpsc::Sender<bool>,
    mut phase_rx: watch::Receiver<Option<Phase>>,
) -> Option<Confirmed> {
    let Seated {
        code,
        mut sinks,
        sources: [mut creator_rx, mut guest_rx],
    } = seat(&cfg, index, ready).await?;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut play = Play {
        v: 0,
        game: None,
        players: None,
        pending: None,
        asked: None,
        accepted: None,
    };
    let far = Instant::now() + Duration::from_secs(365 * 86_400);
    let mut phase: Option<Phase> = None;
    let mut next_tick = far;
    let mut drain_until = far;
    loop {
        let started = phase.is_none().then(|| *phase_rx.borrow_and_update());
        if let Some(Some(p)) = started {
            // Each game starts at its own offset into the first interval.
            phase = Some(p);
            next_tick = p.start + cfg.interval.mul_f64(rng.gen::<f64>());
            drain_until = p.stop + Duration::from_secs(10);
        }
        let stopping = phase.is_some_and(|p| Instant::now() >= p.stop);
        if stopping && play.pending.is_none() {
            break;
        }
        if Instant::now() >= drain_until {
            with_stats(&cfg.stats, |s| s.error("unconfirmed_at_end"));
            break;
        }
        let wake = if stopping { drain_until } else { next_tick };
        let (conn, frame) = tokio::select! {
            frame = creator_rx.next() => (0, frame),
            frame = guest_rx.next() => (1, frame),
            changed = phase_rx.changed(), if phase.is_none() => {
                if changed.is_err() {
                    return Confirmed::of(code, play);
                }
                continue;
            }
            () = sleep_until(wake) => {
                if stopping {
                    continue;
                }
                if let Err(e) = tick(&cfg, &mut play, &mut sinks, &mut rng, &mut next_tick).await {
                    with_stats(&cfg.stats, |s| s.error("ws_send"));
                    eprintln!("loadtest: {code}: {e}");
                    return Confirmed::of(code, play);
                }
                continue;
            }
        };
        let text = match text_of(frame) {
            Ok(Some(t)) => t,
            Ok(None) => continue,
            Err((kind, why)) => {
                with_stats(&cfg.stats, |s| s.error(kind));
                eprintln!("loadtest: {code}: {why}");
                return Confirmed::of(code, play);
            }
        };
        if let Err(e) = receive(&cfg, &mut play, &mut sinks, conn, text.as_str(), phase).await {
            with_stats(&cfg.stats, |s| s.error("ws_send"));
            eprintln!("loadtest: {code}: {e}");
            return Confirmed::of(code, play);
        }
    }
    Confirmed::of(code, play)
}

/// A tick of the game's schedule, due at `next_tick`: the side to move plays, unless the
/// last move is still unconfirmed (a late tick); the next tick is one interval later (from
/// now, when the schedule fell behind).
///
/// # Errors
/// The send that failed.
async fn tick(
    cfg: &GameConfig,
    play: &mut Play,
    sinks: &mut [Sink; 2],
    rng: &mut StdRng,
    next_tick: &mut Instant,
) -> Result<(), LoadTestError> {
    let now = Instant::now();
    if play.pending.is_some() {
        with_stats(&cfg.stats, |s| s.late += 1);
    } else {
        act(cfg, play, sinks, rng, now).await?;
    }
    *next_tick += cfg.interval;
    if *next_tick < now {
        *next_tick = now + cfg.interval;
    }
    Ok(())
}

/// A schedule tick with no move pending: the side to move plays a random legal move (or
/// resigns at --max-plies).
async fn act(
    cfg: &GameConfig,
    play: &mut Play,
    sinks: &mut [Sink; 2],
    rng: &mut StdRng,
    now: Instant,
) -> Result<(), LoadTestError> {
    if !play.both_connected() {
        return Ok(());
    }
    let Some(game) = &play.game else {
        return Ok(());
    };
    if !game.ongoing() || game.legal.is_empty() {
        return Ok(());
    }
    let side = game.turn;
    let conn = connection_of(game, side);
    let ply = game.moves.len();
    if ply >= cfg.max_plies {
        return send(&mut sinks[conn], ClientMessage::Resign.to_json()).await;
    }
    let mv = &game.legal[rng.gen_range(0..game.legal.len())];
    let text = ClientMessage::Move {
        ply,
        mv: mv.clone(),
    }
    .to_json();
    play.pending = Some(Pending {
        side,
        conn,
        round: game.round,
        ply,
        mv: mv.clone(),
        sent: now,
    });
    with_stats(&cfg.stats, |s| s.sent += 1);
    send(&mut sinks[conn], text).await
}

/// Handles one server message, the JSON `text` that arrived on connection `conn` (0: the
/// creator's, 1: the guest's); an unreadable one is counted and skipped.
async fn receive(
    cfg: &GameConfig,
    play: &mut Play,
    sinks: &mut [Sink; 2],
    conn: usize,
    text: &str,
    phase: Option<Phase>,
) -> Result<(), LoadTestError> {
    let received = Instant::now();
    let Ok(msg) = ServerMessage::parse(text) else {
        with_stats(&cfg.stats, |s| s.error("unreadable_message"));
        return Ok(());
    };
    let (v, event, game) = match msg {
        ServerMessage::Error { code, .. } => {
            with_stats(&cfg.stats, |s| s.error(&code.name()));
            // A refused move is never confirmed.
            if play.pending.as_ref().is_some_and(|p| p.conn == conn) {
                play.pending = None;
            }
            return Ok(());
        }
        ServerMessage::Presence { players, .. } => {
            play.players = Some(players.into_owned());
            return Ok(());
        }
        ServerMessage::Replaced => {
            with_stats(&cfg.stats, |s| s.error("replaced"));
            return Ok(());
        }
        ServerMessage::Clocks { .. } => return Ok(()),
        ServerMessage::State { v, game, .. } => (v, None, game.into_owned()),
        ServerMessage::Event { v, event, game } => (v, Some(event.into_owned()), game.into_owned()),
    };
    if let Some(Event::Move { color, ply, .. }) = &event {
        let confirms = play.pending.as_ref().is_some_and(|p| {
            p.conn == conn && p.side == *color && p.ply == *ply && game.round == p.round
        });
        if confirms {
            if let Some(p) = play.pending.take() {
                let us = u64::try_from(received.duration_since(p.sent).as_micros())
                    .unwrap_or(u64::MAX)
                    .max(1);
                let in_window =
                    phase.is_some_and(|ph| p.sent >= ph.measure_from && p.sent < ph.stop);
                with_stats(&cfg.stats, |s| {
                    s.confirmed += 1;
                    s.interval.saturating_record(us);
                    if in_window {
                        s.confirmed_in_window += 1;
                        s.window.saturating_record(us);
                    }
                });
            }
        }
    }
    if v <= play.v {
        return Ok(()); // the other connection already brought this one
    }
    play.v = v;
    play.players = Some(game.players.clone());
    if matches!(event, Some(Event::NewRound { .. })) {
        with_stats(&cfg.stats, |s| s.rounds += 1);
    }
    let over = !game.ongoing();
    let round = game.round;
    let request = game.new_round_request;
    let (red, black) = (
        connection_of(&game, Side::Red),
        connection_of(&game, Side::Black),
    );
    play.game = Some(game);
    if over && phase.is_some_and(|p| received < p.stop) {
        // Keep the game count constant: Red asks for a new round, Black accepts (not after
        // the stop: the client stops reading, and the round it saved would be the old one).
        match request {
            None if play.asked != Some(round) => {
                play.asked = Some(round);
                let text = ClientMessage::NewRound {
                    action: OfferAction::Offer,
                }
                .to_json();
                send(&mut sinks[red], text).await?;
            }
            Some(Side::Red) if play.accepted != Some(round) => {
                play.accepted = Some(round);
                let text = ClientMessage::NewRound {
                    action: OfferAction::Accept,
                }
                .to_json();
                send(&mut sinks[black], text).await?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// CPU seconds (user + system) used by this process so far, if the platform says.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after.split_whitespace().collect();
    // Fields 14 and 15 of stat(5) (utime, stime), counted after the ")".
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Raises the soft limit on open files to the hard limit; returns the limit now in force.
fn raise_open_files() -> Option<u64> {
    rlimit::increase_nofile_limit(u64::MAX).ok()
}

/// Runs the load test (or, with `--check`, only the record comparison).
///
/// Exits 0 when every checked game matches, 1 when a game's record differs from what was
/// confirmed or the test could not run, 2 on bad arguments.
pub fn run(config: &Config) -> ExitCode {
    for server in std::iter::once(&config.server).chain(&config.other_servers) {
        if let Err(e) = ws_url(server, "X") {
            eprintln!("xiangqi loadtest: {e}");
            return ExitCode::from(2);
        }
    }
    let limit = raise_open_files();
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    builder.enable_all();
    if let Some(n) = config.threads {
        builder.worker_threads(n as usize);
    }
    let runtime = match builder.build() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("xiangqi loadtest: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let http = match reqwest::Client::builder()
        .pool_max_idle_per_host(config.connect_concurrency as usize)
        .timeout(Duration::from_secs(60))
        .build()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("xiangqi loadtest: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some(path) = &config.check {
        return runtime.block_on(check_file(&http, &config.server, path));
    }
    let needed = config.games * 2 + config.watchers + 64;
    if limit.is_some_and(|l| l < needed) {
        eprintln!(
            "xiangqi loadtest: warning: open-file limit {} is below the {needed} sockets needed",
            limit.unwrap_or(0)
        );
    }
    runtime.block_on(load(config, http))
}

/// How often the run looks whether every game has already ended (the server died).
const EARLY_END_POLL: Duration = Duration::from_millis(250);

/// The games of a run, once set up.
struct SetUp {
    /// Each game's task; it returns the game's confirmed moves.
    tasks: Vec<tokio::task::JoinHandle<Option<Confirmed>>>,
    /// Games set up, and games that failed to.
    ok: usize,
    failed: usize,
    /// How long setting them up took, in seconds.
    seconds: f64,
}

/// Starts every game of the run (each waits for `phase_rx` to say when to play) and waits
/// until each is set up or has failed to, printing progress every 500.
async fn set_up_games(
    config: &Config,
    cfg: &Arc<GameConfig>,
    phase_rx: &watch::Receiver<Option<Phase>>,
) -> SetUp {
    let games = config.games as usize;
    eprintln!(
        "loadtest: setting up {games} games ({} connections) against {}",
        games * 2,
        config.server
    );
    let started = Instant::now();
    let (ready_tx, mut ready_rx) = mpsc::channel(games);
    let mut tasks = Vec::with_capacity(games);
    for i in 0..games {
        let seed = config.seed.wrapping_mul(1_000_003).wrapping_add(i as u64);
        tasks.push(tokio::spawn(game(
            Arc::clone(cfg),
            i,
            seed,
            ready_tx.clone(),
            phase_rx.clone(),
        )));
    }
    drop(ready_tx);
    let (mut ok, mut failed) = (0usize, 0usize);
    while ok + failed < games {
        let Some(r) = ready_rx.recv().await else {
            break;
        };
        if r {
            ok += 1;
        } else {
            failed += 1;
        }
        if (ok + failed) % 500 == 0 {
            eprintln!("loadtest: {} games set up", ok + failed);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("loadtest: {ok} games ready, {failed} failed, in {seconds:.1} s");
    SetUp {
        tasks,
        ok,
        failed,
        seconds,
    }
}

/// Prints the move rate and latencies every 10 s of `phase` until it stops, or until every
/// game in `tasks` has ended (the server died).
async fn report_progress(
    phase: &Phase,
    stats: &Shared,
    tasks: &[tokio::task::JoinHandle<Option<Confirmed>>],
) {
    let mut last = (Instant::now(), 0u64);
    let report_every = Duration::from_secs(10);
    let mut next_report = Instant::now() + report_every;
    while Instant::now() < phase.stop {
        sleep_until(
            (Instant::now() + EARLY_END_POLL)
                .min(phase.stop)
                .min(next_report),
        )
        .await;
        if tasks.iter().all(tokio::task::JoinHandle::is_finished) {
            // The server closed every connection (it died): stop now and save what we have.
            eprintln!("loadtest: every game ended early; stopping");
            break;
        }
        if Instant::now() < next_report {
            continue;
        }
        let now = Instant::now();
        let (confirmed, summary) = with_stats(stats, |s| {
            let out = (s.confirmed, LatencySummary::of(&s.interval));
            s.interval.reset();
            out
        });
        let rate = (confirmed - last.1) as f64 / now.duration_since(last.0).as_secs_f64();
        let phase_name = if now < phase.measure_from {
            "warm-up"
        } else {
            "measuring"
        };
        eprintln!(
            "loadtest: {:>5.0} s {phase_name}: {rate:.0} moves/s, {}",
            now.duration_since(phase.start).as_secs_f64(),
            summary.line()
        );
        last = (now, confirmed);
        next_report += report_every;
    }
}

/// The run's figures as printed at the end: the games, the rates, the latencies in the
/// measured window, the errors, the `extra` lines (computer games, watchers) and the load
/// generator's own CPU time (`cpu` seconds, when known).
fn summary(
    config: &Config,
    set_up: &SetUp,
    stats: &Shared,
    extra: &[String],
    cpu: Option<f64>,
) -> String {
    let (ok, failed) = (set_up.ok, set_up.failed);
    let (latency, in_window, confirmed, sent, late, rounds, errors) = with_stats(stats, |s| {
        (
            LatencySummary::of(&s.window),
            s.confirmed_in_window,
            s.confirmed,
            s.sent,
            s.late,
            s.rounds,
            s.errors.clone(),
        )
    });
    let mut out = String::new();
    out.push_str(&format!(
        "games {ok} (setup failed {failed}, set up in {:.1} s), connections {}\n",
        set_up.seconds,
        ok * 2
    ));
    out.push_str(&format!(
        "rate {} moves/s per game, warm-up {} s, measured {} s\n",
        config.rate, config.warmup, config.duration
    ));
    out.push_str(&format!(
        "moves sent {sent}, confirmed {confirmed}, confirmed in the window {in_window}, late ticks {late}, rounds finished {rounds}\n"
    ));
    out.push_str(&format!(
        "moves/s {:.1} (target {:.1})\n",
        in_window as f64 / config.duration,
        ok as f64 * config.rate
    ));
    out.push_str(&format!("latency {}\n", latency.line()));
    out.push_str(&format!("errors {}\n", errors_line(&errors)));
    for line in extra {
        out.push_str(line);
        out.push('\n');
    }
    if let Some(cpu) = cpu {
        let span = config.warmup + config.duration + 0.5;
        out.push_str(&format!(
            "load generator CPU {cpu:.1} s in {span:.1} s ({:.0}% of one core)\n",
            100.0 * cpu / span
        ));
    }
    out
}

/// What runs beside the human games: the groups of computer games and the wave of
/// watchers asked for.
struct SideLoads {
    computer_groups: Vec<tokio::task::JoinHandle<computer::GroupReport>>,
    wave: Option<tokio::task::JoinHandle<watchers::WaveReport>>,
}

impl SideLoads {
    /// Starts them; they play when `phase_rx` says.
    fn start(
        config: &Config,
        http: &reqwest::Client,
        phase_rx: &watch::Receiver<Option<Phase>>,
    ) -> SideLoads {
        let computer_groups = config
            .computer
            .iter()
            .enumerate()
            .map(|(i, &group)| {
                let seed = config
                    .seed
                    .wrapping_mul(7_919)
                    .wrapping_add(i as u64 * 1_000);
                tokio::spawn(computer::run_group(
                    config.server.clone(),
                    group,
                    config.computer_level,
                    seed,
                    phase_rx.clone(),
                ))
            })
            .collect();
        let wave = (config.watchers > 0).then(|| {
            tokio::spawn(watchers::run_wave(
                config.server.clone(),
                http.clone(),
                config.watchers,
                config.connect_concurrency as usize,
                phase_rx.clone(),
            ))
        });
        SideLoads {
            computer_groups,
            wave,
        }
    }

    /// Waits for them to end; returns their reports' lines.
    async fn finish(self) -> Vec<String> {
        let mut lines = Vec::new();
        for g in self.computer_groups {
            if let Ok(report) = g.await {
                lines.push(report.line());
            }
        }
        if let Some(wave) = self.wave {
            eprintln!("loadtest: waiting for the watchers' memory to settle");
            if let Ok(report) = wave.await {
                lines.push(report.line());
            }
        }
        lines
    }
}

async fn load(config: &Config, http: reqwest::Client) -> ExitCode {
    let stats: Shared = Arc::new(Mutex::new(Stats::new()));
    let cfg = Arc::new(GameConfig {
        servers: std::iter::once(&config.server)
            .chain(&config.other_servers)
            .cloned()
            .collect(),
        http: http.clone(),
        time_control: config.time_control,
        interval: Duration::from_secs_f64(1.0 / config.rate),
        max_plies: config.max_plies as usize,
        stats: Arc::clone(&stats),
        setup: Arc::new(Semaphore::new(config.connect_concurrency as usize)),
    });
    let (phase_tx, phase_rx) = watch::channel(None);
    let mut set_up = set_up_games(config, &cfg, &phase_rx).await;
    let side_loads = SideLoads::start(config, &http, &phase_rx);
    if set_up.ok == 0 {
        eprintln!("xiangqi loadtest: no game could be set up");
        return ExitCode::FAILURE;
    }
    // Let the presence messages settle before the first move.
    let start = Instant::now() + Duration::from_millis(500);
    let measure_from = start + Duration::from_secs_f64(config.warmup);
    let phase = Phase {
        start,
        measure_from,
        stop: measure_from + Duration::from_secs_f64(config.duration),
    };
    let _ = phase_tx.send(Some(phase));
    let cpu_start = cpu_seconds();
    report_progress(&phase, &stats, &set_up.tasks).await;
    let cpu_used = cpu_start.zip(cpu_seconds()).map(|(a, b)| b - a);
    eprintln!("loadtest: stopping; waiting for the last confirmations");
    let tasks = std::mem::take(&mut set_up.tasks);
    let mut confirmed_games = Vec::with_capacity(tasks.len());
    for t in tasks {
        if let Ok(Some(c)) = t.await {
            confirmed_games.push(c);
        }
    }
    let extra = side_loads.finish().await;
    print!("{}", summary(config, &set_up, &stats, &extra, cpu_used));
    let _ = std::io::stdout().flush();
    if let Some(path) = &config.save {
        if let Err(e) = save(path, &confirmed_games) {
            eprintln!("xiangqi loadtest: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    let sample = config
        .verify_sample
        .unwrap_or(confirmed_games.len())
        .min(confirmed_games.len());
    let (checked, bad) = verify(&http, &config.server, &confirmed_games[..sample]).await;
    println!("durability: {checked} games checked, {bad} records differ from the confirmed moves");
    if bad == 0 && checked == sample {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn errors_line(errors: &BTreeMap<String, u64>) -> String {
    if errors.is_empty() {
        return "none".to_string();
    }
    errors
        .iter()
        .map(|(code, n)| format!("{code} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn save(path: &std::path::Path, games: &[Confirmed]) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::new(std::fs::File::create(path)?);
    for g in games {
        serde_json::to_writer(&mut w, g)?;
        w.write_all(b"\n")?;
    }
    w.flush()
}

async fn check_file(http: &reqwest::Client, server: &str, path: &std::path::Path) -> ExitCode {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("xiangqi loadtest: cannot read {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    let mut games = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let parsed = line
            .map_err(|e| e.to_string())
            .and_then(|l| serde_json::from_str::<Confirmed>(&l).map_err(|e| e.to_string()));
        match parsed {
            Ok(g) => games.push(g),
            Err(e) => {
                eprintln!("xiangqi loadtest: {}:{}: {e}", path.display(), i + 1);
                return ExitCode::from(2);
            }
        }
    }
    let (checked, bad) = verify(http, server, &games).await;
    println!("durability: {checked} games checked, {bad} records differ from the confirmed moves");
    if bad == 0 && checked == games.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Compares each game's confirmed moves with the server's record, 16 requests at a time;
/// returns (games checked, games that differ or could not be read).
async fn verify(http: &reqwest::Client, server: &str, games: &[Confirmed]) -> (usize, usize) {
    let base = server.trim_end_matches('/').to_string();
    let results: Vec<Result<(), LoadTestError>> = futures_util::stream::iter(games.iter().cloned())
        .map(|g| {
            let url = record_url(&base, &g);
            let http = http.clone();
            async move {
                let record: GameReply = http
                    .get(url)
                    .send()
                    .await
                    .and_then(reqwest::Response::error_for_status)
                    .map_err(LoadTestError::http(g.code.clone()))?
                    .json()
                    .await
                    .map_err(LoadTestError::http(g.code.clone()))?;
                compare(&g, record.round, &record.moves)
            }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    let mut bad = 0;
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        if bad < 10 {
            eprintln!("loadtest: durability: {e}");
        }
        bad += 1;
    }
    (results.len(), bad)
}

/// Returns the URL of the server's record of the round `confirmed` played (not the room's
/// current round, which may have moved on).
fn record_url(base: &str, confirmed: &Confirmed) -> String {
    format!(
        "{base}/api/rooms/{}/game?round={}",
        confirmed.code, confirmed.round
    )
}

/// Checks that the server's record (its round's number and moves) holds exactly the
/// confirmed moves of the confirmed round (and, after them, the unconfirmed one or not).
fn compare(confirmed: &Confirmed, round: u32, moves: &[String]) -> Result<(), LoadTestError> {
    let record = Record { round, moves };
    if record.round != confirmed.round {
        return Err(LoadTestError::RoundDiffers {
            code: confirmed.code.clone(),
            server: record.round,
            client: confirmed.round,
        });
    }
    let with_pending = confirmed.pending.as_ref().is_some_and(|p| {
        record.moves.len() == confirmed.moves.len() + 1
            && record.moves.starts_with(&confirmed.moves)
            && record.moves.last() == Some(p)
    });
    if record.moves != confirmed.moves.as_slice() && !with_pending {
        return Err(LoadTestError::MovesDiffer {
            code: confirmed.code.clone(),
            server: record.moves.len(),
            client: confirmed.moves.len(),
        });
    }
    Ok(())
}

/// The part of the server's record that [`compare`] reads.
struct Record<'a> {
    round: u32,
    moves: &'a [String],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_spans_two_consecutive_servers() {
        let servers: Vec<String> = ["http://a", "http://b", "http://c"]
            .iter()
            .map(|s| (*s).to_string())
            .collect();
        let pairs: Vec<(&str, &str)> = (0..4)
            .map(|i| (server_for(&servers, i, 0), server_for(&servers, i, 1)))
            .collect();
        assert_eq!(
            pairs,
            vec![
                ("http://a", "http://b"),
                ("http://b", "http://c"),
                ("http://c", "http://a"),
                ("http://a", "http://b"),
            ]
        );
        let one = vec!["http://a".to_string()];
        assert_eq!(server_for(&one, 5, 0), "http://a");
        assert_eq!(server_for(&one, 5, 1), "http://a");
    }

    #[test]
    fn websocket_urls_follow_the_server_url() {
        assert_eq!(
            ws_url("http://127.0.0.1:8095/", "K7M2QX").ok().as_deref(),
            Some("ws://127.0.0.1:8095/ws/rooms/K7M2QX")
        );
        assert_eq!(
            ws_url("https://example.org", "AB").ok().as_deref(),
            Some("wss://example.org/ws/rooms/AB")
        );
        assert!(matches!(
            ws_url("127.0.0.1:8080", "AB"),
            Err(LoadTestError::ServerUrl(s)) if s == "127.0.0.1:8080"
        ));
    }

    #[test]
    fn latency_summary_reads_milliseconds_from_microseconds() {
        let mut h = new_histogram();
        for ms in 1..=100u64 {
            h.record(ms * 1000).expect("in range");
        }
        let s = LatencySummary::of(&h);
        assert_eq!(s.count, 100);
        assert!((s.p50 - 50.0).abs() < 0.1, "{s:?}");
        assert!((s.p90 - 90.0).abs() < 0.1, "{s:?}");
        assert!((s.p99 - 99.0).abs() < 0.1, "{s:?}");
        assert!((s.max - 100.0).abs() < 0.1, "{s:?}");
        assert_eq!(
            s.line(),
            "p50 50.0 ms, p90 90.0 ms, p99 99.0 ms, max 100.0 ms"
        );
    }

    #[test]
    fn records_must_match_the_confirmed_moves_exactly() {
        let seen = Confirmed {
            code: "AB".into(),
            round: 2,
            moves: vec!["h2e2".into(), "h9g7".into()],
            pending: None,
        };
        assert!(compare(&seen, 2, &seen.moves).is_ok());
        assert!(compare(&seen, 2, &["h2e2".to_string()]).is_err());
        assert!(compare(&seen, 1, &seen.moves).is_err());
        let mut errors = BTreeMap::new();
        assert_eq!(errors_line(&errors), "none");
        errors.insert("stale_ply".to_string(), 2);
        errors.insert("ws_closed".to_string(), 1);
        assert_eq!(errors_line(&errors), "stale_ply 2, ws_closed 1");
    }

    #[test]
    fn a_game_is_checked_against_the_record_of_its_own_round() {
        let seen = Confirmed {
            code: "AB".into(),
            round: 3,
            moves: vec![],
            pending: None,
        };
        assert_eq!(
            record_url("http://h:1", &seen),
            "http://h:1/api/rooms/AB/game?round=3"
        );
    }

    #[test]
    fn an_unconfirmed_move_may_or_may_not_be_in_the_record() {
        let seen = Confirmed {
            code: "AB".into(),
            round: 1,
            moves: vec!["h2e2".into()],
            pending: Some("h9g7".into()),
        };
        let check = |moves: &[&str]| {
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            compare(&seen, 1, &moves)
        };
        assert!(check(&["h2e2"]).is_ok());
        assert!(check(&["h2e2", "h9g7"]).is_ok());
        assert!(check(&["h2e2", "b9c7"]).is_err());
        assert!(check(&[]).is_err());
        let line = serde_json::to_string(&Confirmed {
            pending: None,
            ..seen.clone()
        })
        .expect("json");
        assert!(!line.contains("pending"), "old files stay readable: {line}");
    }
}
