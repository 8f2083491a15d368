//! A wave of watchers beside the load (`--watchers N`): N WebSocket connections that watch
//! rooms of their own (one room per [`PER_ROOM`] watchers, created for them), opened when
//! the games start, held until the run stops, then closed. What is measured is the memory
//! the server holds, from `memory.rss_bytes` of its `/api/health`: before the wave, with
//! every watcher connected, and [`SETTLE`] after they all left — so the report says the
//! memory per idle watcher and how much of it the server gave back.

use super::{post_json, ws_url, LoadTestError, Phase};
use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{watch, Semaphore};
use tokio::time::{sleep, sleep_until, timeout, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use xiangqi_view::protocol::{ClientMessage, NewRoom, RoomCreated};

/// Watchers per room; the server's default cap is 200 (`--max-watchers`).
pub const PER_ROOM: u64 = 100;
/// How long after the last watcher left the memory is read again.
const SETTLE: Duration = Duration::from_secs(30);
/// Longest wait for a watcher's first message (the room's state).
const FIRST_MESSAGE: Duration = Duration::from_secs(30);
/// The client's own socket buffers: small, so that the load generator holds thousands.
const CLIENT_BUFFER: usize = 4096;

#[derive(Deserialize)]
struct Health {
    memory: Option<Memory>,
}

#[derive(Deserialize)]
struct Memory {
    rss_bytes: Option<u64>,
}

/// What the wave measured.
pub struct WaveReport {
    wanted: u64,
    connected: u64,
    failed: u64,
    before: Option<u64>,
    with: Option<u64>,
    after: Option<u64>,
}

impl WaveReport {
    /// One line: the watchers connected, the server's memory before, with them (and per
    /// watcher) and after they left (and the share of the start).
    pub fn line(&self) -> String {
        let mb = |b: Option<u64>| b.map_or("?".to_string(), |b| format!("{:.1}", b as f64 / 1e6));
        let per = match (self.before, self.with) {
            (Some(b), Some(w)) if self.connected > 0 => format!(
                "{:.1} KB each",
                (w.saturating_sub(b)) as f64 / 1e3 / self.connected as f64
            ),
            _ => "? KB each".to_string(),
        };
        let back = match (self.before, self.after) {
            (Some(b), Some(a)) if b > 0 => {
                format!("{:.0}% of the start", 100.0 * a as f64 / b as f64)
            }
            _ => "?".to_string(),
        };
        format!(
            "watchers {} of {} connected ({} failed): server RSS {} MB before, {} MB with them ({per}), {} MB {} s after they left ({back})",
            self.connected,
            self.wanted,
            self.failed,
            mb(self.before),
            mb(self.with),
            mb(self.after),
            SETTLE.as_secs()
        )
    }
}

/// Reads the server's resident memory from its health route; `None` when it does not say.
async fn rss(http: &reqwest::Client, server: &str) -> Option<u64> {
    let url = format!("{}/api/health", server.trim_end_matches('/'));
    let health: Health = http.get(url).send().await.ok()?.json().await.ok()?;
    health.memory?.rss_bytes
}

/// Creates a room for watchers to watch; returns its code.
async fn room(http: &reqwest::Client, server: &str) -> Result<String, LoadTestError> {
    let url = format!("{}/api/rooms", server.trim_end_matches('/'));
    let new_room = NewRoom {
        rules: Some("wxf-2018".to_string()),
        ..NewRoom::default()
    };
    let created: RoomCreated = post_json(http, url, &new_room, "create room").await?;
    Ok(created.code)
}

/// Connects one watcher to room `code`, says hello and waits for the first message; then
/// reads (and drops) what the server sends until `stop`, and closes.
async fn watcher(
    url: String,
    stop: Instant,
    setup: Arc<Semaphore>,
    connected: tokio::sync::mpsc::Sender<bool>,
) {
    let opened = async {
        let _turn = setup.acquire().await.map_err(|e| e.to_string())?;
        let config = WebSocketConfig::default()
            .read_buffer_size(CLIENT_BUFFER)
            .write_buffer_size(0);
        let (mut ws, _) =
            tokio_tungstenite::connect_async_with_config(url.as_str(), Some(config), false)
                .await
                .map_err(|e| e.to_string())?;
        let hello = ClientMessage::Hello {
            seat: None,
            watch: None,
            v: 0,
        }
        .to_json();
        ws.send(Message::text(hello))
            .await
            .map_err(|e| e.to_string())?;
        match timeout(FIRST_MESSAGE, ws.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => Ok(ws),
            _ => Err("no state".to_string()),
        }
    }
    .await;
    let Ok(mut ws) = opened else {
        let _ = connected.send(false).await;
        return;
    };
    let _ = connected.send(true).await;
    while let Ok(Some(Ok(_))) =
        timeout(stop.saturating_duration_since(Instant::now()), ws.next()).await
    {}
    let _ = ws.close(None).await;
}

/// Runs the wave of `wanted` watchers against `server` once the games start (`phase`),
/// `concurrency` connections opening at a time; returns what it measured after the
/// watchers left.
pub async fn run_wave(
    server: String,
    http: reqwest::Client,
    wanted: u64,
    concurrency: usize,
    mut phase: watch::Receiver<Option<Phase>>,
) -> WaveReport {
    let phase = loop {
        if let Some(p) = *phase.borrow() {
            break p;
        }
        if phase.changed().await.is_err() {
            return WaveReport::empty(wanted);
        }
    };
    sleep_until(phase.start).await;
    let before = rss(&http, &server).await;
    let mut codes = Vec::new();
    for _ in 0..wanted.div_ceil(PER_ROOM) {
        match room(&http, &server).await {
            Ok(code) => codes.push(code),
            Err(e) => eprintln!("loadtest: watchers: {e}"),
        }
    }
    if codes.is_empty() {
        return WaveReport::empty(wanted);
    }
    let (tx, mut rx) = tokio::sync::mpsc::channel(wanted as usize);
    let setup = Arc::new(Semaphore::new(concurrency.max(1)));
    let mut tasks = Vec::with_capacity(wanted as usize);
    for i in 0..wanted {
        let code = &codes[(i / PER_ROOM) as usize % codes.len()];
        let Ok(url) = ws_url(&server, code) else {
            continue;
        };
        tasks.push(tokio::spawn(watcher(
            url,
            phase.stop,
            Arc::clone(&setup),
            tx.clone(),
        )));
    }
    drop(tx);
    let (mut connected, mut failed) = (0, 0);
    while connected + failed < tasks.len() as u64 {
        let Some(ok) = rx.recv().await else {
            break;
        };
        if ok {
            connected += 1;
        } else {
            failed += 1;
        }
    }
    eprintln!("loadtest: watchers: {connected} connected, {failed} failed");
    // Let the server finish the presence broadcasts of the wave before reading its memory.
    sleep(Duration::from_secs(2)).await;
    let with = rss(&http, &server).await;
    for t in tasks {
        let _ = t.await;
    }
    sleep(SETTLE).await;
    let after = rss(&http, &server).await;
    WaveReport {
        wanted,
        connected,
        failed,
        before,
        with,
        after,
    }
}

impl WaveReport {
    fn empty(wanted: u64) -> WaveReport {
        WaveReport {
            wanted,
            connected: 0,
            failed: wanted,
            before: None,
            with: None,
            after: None,
        }
    }
}
