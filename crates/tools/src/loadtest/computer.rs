//! Computer games beside the load (`--computer N[@ADDRESS]`): rooms against the engine,
//! created and played from a given source address, in which the client answers each engine
//! move at once with a random legal move. What is measured is the engine's reply time: from
//! the confirmation of the client's move to the engine's move, which is the search's think
//! time plus its wait in the server's queue. Groups from different loopback addresses
//! (`127.0.0.2`, `127.0.0.3` …) show whether one address's games hold up another's.

use super::{new_histogram, post_json, say_hello, ws_url, LatencySummary, LoadTestError, Phase};
use futures_util::{SinkExt, StreamExt};
use hdrhistogram::Histogram;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;
use std::time::Duration;
use tokio::net::TcpSocket;
use tokio::sync::watch;
use tokio::time::{timeout, Instant};
use tokio_tungstenite::tungstenite::Message;
use xiangqi_view::protocol::{
    ClientMessage, ComputerRequest, Event, GameSnapshot, NewRoom, OfferAction, RoomCreated,
    ServerMessage,
};
use xiangqi_view::Side;

/// Longest wait for any message from the server before the game counts as stuck.
const SILENCE: Duration = Duration::from_secs(60);
/// Least time between two messages of one game. The server allows a connection 20 messages
/// a second beyond a burst of 40 and answers more with `rate_limited`; a level-1 engine
/// replies in a few tens of milliseconds, so a client that answered at once ran past that
/// within seconds and its game ended, often before the measurement began.
const MIN_GAP: Duration = Duration::from_millis(60);

/// `--computer N[@ADDRESS]`: N computer rooms created and played from ADDRESS (a local
/// address to bind, e.g. `127.0.0.2`; default: the system's choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ComputerGroup {
    /// Rooms against the engine, 1 or more.
    pub games: u64,
    /// The local address the group's requests and sockets come from.
    pub source: Option<IpAddr>,
}

/// A `--computer` group that is not `N` or `N@ADDRESS` with N from 1 to 1000; holds the text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not N or N@ADDRESS (e.g. 8@127.0.0.2), N from 1 to 1000")]
pub struct BadComputerGroup(String);

impl FromStr for ComputerGroup {
    type Err = BadComputerGroup;

    /// Reads `N` or `N@ADDRESS` (N from 1 to 1000).
    fn from_str(s: &str) -> Result<ComputerGroup, BadComputerGroup> {
        let bad = || BadComputerGroup(s.to_string());
        let (n, source) = match s.split_once('@') {
            Some((n, a)) => (n, Some(a.trim().parse::<IpAddr>().map_err(|_| bad())?)),
            None => (s, None),
        };
        let games: u64 = n.trim().parse().map_err(|_| bad())?;
        if !(1..=1000).contains(&games) {
            return Err(bad());
        }
        Ok(ComputerGroup { games, source })
    }
}

/// What one group measured.
pub struct GroupReport {
    group: ComputerGroup,
    level: u8,
    set_up: u64,
    /// Engine reply times (µs) whose client move was confirmed inside the measured window.
    replies: Histogram<u64>,
    errors: BTreeMap<String, u64>,
}

impl GroupReport {
    /// One line: the group, how many replies, their times and the errors.
    pub fn line(&self) -> String {
        let from = self
            .group
            .source
            .map_or_else(|| "the default address".to_string(), |a| a.to_string());
        let s = LatencySummary::of(&self.replies);
        let times = if s.count == 0 {
            "no reply in the window".to_string()
        } else {
            format!(
                "reply time p50 {:.0} ms, p90 {:.0} ms, max {:.0} ms",
                s.p50, s.p90, s.max
            )
        };
        format!(
            "computer: {} of {} level-{} games from {from}: {} replies, {times}, errors {}",
            self.set_up,
            self.group.games,
            self.level,
            s.count,
            super::errors_line(&self.errors)
        )
    }
}

/// Plays `group`'s games against the engine at `level` on `server` until `phase` stops;
/// returns what they measured.
pub async fn run_group(
    server: String,
    group: ComputerGroup,
    level: u8,
    seed: u64,
    phase: watch::Receiver<Option<Phase>>,
) -> GroupReport {
    let mut tasks = Vec::new();
    for i in 0..group.games {
        let server = server.clone();
        let phase = phase.clone();
        tasks.push(tokio::spawn(async move {
            play(&server, group.source, level, seed.wrapping_add(i), phase).await
        }));
    }
    let mut report = GroupReport {
        group,
        level,
        set_up: 0,
        replies: new_histogram(),
        errors: BTreeMap::new(),
    };
    for t in tasks {
        let (set_up, replies, error) = match t.await {
            Ok(out) => out,
            Err(_) => (false, Vec::new(), Some("task".to_string())),
        };
        report.set_up += u64::from(set_up);
        for us in replies {
            report.replies.saturating_record(us);
        }
        if let Some(e) = error {
            *report.errors.entry(e).or_default() += 1;
        }
    }
    report
}

/// Waits until `phase_rx` says when the run starts; `None` when the run ended first.
async fn start_of(phase_rx: &mut watch::Receiver<Option<Phase>>) -> Option<Phase> {
    loop {
        if let Some(p) = *phase_rx.borrow_and_update() {
            return Some(p);
        }
        phase_rx.changed().await.ok()?;
    }
}

/// What the human side sends next in `game`, if anything: a random legal move when it is
/// its turn and it has not moved at this ply yet (`sent_ply`), or a request for the next
/// round once the game is over (the engine agrees at once).
fn next_message(
    game: &GameSnapshot,
    sent_ply: &mut Option<usize>,
    rng: &mut StdRng,
) -> Option<ClientMessage> {
    let ongoing = game.ongoing();
    // The client created the room: it plays Red in round 1 (the engine was given Black),
    // swapped with every new round.
    if ongoing && game.turn == game.creator_side() && *sent_ply != Some(game.moves.len()) {
        if game.legal.is_empty() {
            return None;
        }
        let mv = &game.legal[rng.gen_range(0..game.legal.len())];
        *sent_ply = Some(game.moves.len());
        Some(ClientMessage::Move {
            ply: game.moves.len(),
            mv: mv.clone(),
        })
    } else if !ongoing && *sent_ply != Some(usize::MAX) {
        *sent_ply = Some(usize::MAX);
        Some(ClientMessage::NewRound {
            action: OfferAction::Offer,
        })
    } else {
        None
    }
}

/// Times the engine's reply from a move by `mover` received now in `game`: our move's
/// confirmation starts the clock (`confirmed_at`), the engine's move stops it, and a reply
/// to a move confirmed inside the measured window of `phase` is kept in `replies` (µs).
fn time_reply(
    mover: Side,
    game: &GameSnapshot,
    phase: &Phase,
    confirmed_at: &mut Option<Instant>,
    replies: &mut Vec<u64>,
) {
    let received = Instant::now();
    if mover == game.creator_side() {
        *confirmed_at = Some(received);
    } else if let Some(at) = confirmed_at.take() {
        if at >= phase.measure_from && at < phase.stop {
            let us = received.duration_since(at).as_micros();
            replies.push(u64::try_from(us).unwrap_or(u64::MAX).max(1));
        }
    }
}

/// One computer game: returns whether it was set up, the reply times measured (µs) and the
/// error that ended it, if any.
async fn play(
    server: &str,
    source: Option<IpAddr>,
    level: u8,
    seed: u64,
    mut phase_rx: watch::Receiver<Option<Phase>>,
) -> (bool, Vec<u64>, Option<String>) {
    let mut replies = Vec::new();
    let (mut sink, mut stream) = match connect(server, source, level).await {
        Ok(s) => s,
        Err(e) => {
            eprintln!("loadtest: computer game: {e}");
            return (false, replies, Some("setup".to_string()));
        }
    };
    // Wait for the start of the run, like the human games.
    let Some(phase) = start_of(&mut phase_rx).await else {
        return (true, replies, None);
    };
    tokio::time::sleep_until(phase.start).await;
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game: Option<GameSnapshot> = None;
    let mut sent_ply: Option<usize> = None;
    let mut confirmed_at: Option<Instant> = None;
    let mut last_sent: Option<Instant> = None;
    loop {
        let now = Instant::now();
        if now >= phase.stop {
            return (true, replies, None);
        }
        let outgoing = game
            .as_ref()
            .and_then(|g| next_message(g, &mut sent_ply, &mut rng));
        if let Some(text) = outgoing.map(|m| m.to_json()) {
            if let Some(at) = last_sent {
                tokio::time::sleep_until(at + MIN_GAP).await;
            }
            last_sent = Some(Instant::now());
            if sink.send(Message::text(text)).await.is_err() {
                return (true, replies, Some("ws_send".to_string()));
            }
        }
        let wait = phase.stop.saturating_duration_since(now).min(SILENCE);
        let frame = match timeout(wait, stream.next()).await {
            Err(_) if Instant::now() >= phase.stop => return (true, replies, None),
            Err(_) => return (true, replies, Some("silence".to_string())),
            Ok(Some(Ok(Message::Text(t)))) => t,
            Ok(Some(Ok(_))) => continue,
            Ok(_) => return (true, replies, Some("ws_closed".to_string())),
        };
        let msg = match ServerMessage::parse(frame.as_str()) {
            Ok(ServerMessage::Error { code, .. }) => return (true, replies, Some(code.name())),
            Ok(msg) => msg,
            Err(_) => continue,
        };
        if let ServerMessage::Event { event, game, .. } = &msg {
            match event.as_ref() {
                Event::Move { color, .. } => {
                    time_reply(*color, game, &phase, &mut confirmed_at, &mut replies);
                }
                Event::NewRound { .. } => {
                    sent_ply = None;
                    confirmed_at = None;
                }
                _ => {}
            }
        }
        if let ServerMessage::State { game: g, .. } | ServerMessage::Event { game: g, .. } = msg {
            game = Some(g.into_owned());
        }
    }
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// Creates a computer room (the engine plays Black at `level`) from `source` and opens its
/// game socket from there, hello said.
async fn connect(
    server: &str,
    source: Option<IpAddr>,
    level: u8,
) -> Result<
    (
        futures_util::stream::SplitSink<Socket, Message>,
        futures_util::stream::SplitStream<Socket>,
    ),
    LoadTestError,
> {
    let http = reqwest::Client::builder()
        .local_address(source)
        .timeout(Duration::from_secs(60))
        .build()
        .map_err(LoadTestError::Client)?;
    let base = server.trim_end_matches('/');
    let new_room = NewRoom {
        computer: Some(ComputerRequest {
            level: i64::from(level),
            color: Side::Black,
        }),
        ..NewRoom::default()
    };
    let created: RoomCreated =
        post_json(&http, format!("{base}/api/rooms"), &new_room, "create room").await?;
    let url = ws_url(server, &created.code)?;
    let parsed =
        reqwest::Url::parse(server).map_err(|e| LoadTestError::ServerParse(e.to_string()))?;
    let host = parsed
        .host_str()
        .ok_or(LoadTestError::ServerHasNo("host"))?;
    let port = parsed
        .port_or_known_default()
        .ok_or(LoadTestError::ServerHasNo("port"))?;
    let target = tokio::net::lookup_host((host, port))
        .await
        .map_err(LoadTestError::network(host))?
        .next()
        .ok_or_else(|| LoadTestError::NoAddress(host.to_string()))?;
    let socket = match target {
        SocketAddr::V4(_) => TcpSocket::new_v4(),
        SocketAddr::V6(_) => TcpSocket::new_v6(),
    }
    .map_err(LoadTestError::Io)?;
    if let Some(ip) = source {
        socket
            .bind(SocketAddr::new(ip, 0))
            .map_err(LoadTestError::network(format!("bind {ip}")))?;
    }
    let tcp = socket
        .connect(target)
        .await
        .map_err(LoadTestError::network("connect"))?;
    let (ws, _) = tokio_tungstenite::client_async(url.as_str(), tcp)
        .await
        .map_err(LoadTestError::websocket("websocket"))?;
    let (mut sink, stream) = ws.split();
    say_hello(&mut sink, &created.seat).await?;
    Ok((sink, stream))
}

#[cfg(test)]
mod tests {
    use super::ComputerGroup;
    use std::net::{IpAddr, Ipv4Addr};

    #[test]
    fn groups_read_a_count_and_an_optional_address() {
        assert_eq!(
            "8@127.0.0.2".parse(),
            Ok(ComputerGroup {
                games: 8,
                source: Some(IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2)))
            })
        );
        assert_eq!(
            "3".parse(),
            Ok(ComputerGroup {
                games: 3,
                source: None
            })
        );
        for bad in ["", "0", "1001", "x@127.0.0.1", "2@", "2@localhost", "-1"] {
            assert!(bad.parse::<ComputerGroup>().is_err(), "{bad}");
        }
    }
}
