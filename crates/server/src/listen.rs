//! The accept loop: each TCP connection is served by hyper's HTTP/1.1 server with a
//! header-read timeout (which also ends idle keep-alive connections and connections that
//! never send a byte), counted against a cap on open connections in all and per client
//! address, and refused with a JSON 503 (or 429 per address) before the process runs out of
//! file descriptors. The loop stops accepting when `shutdown` completes and then lets the
//! open requests finish.

use crate::config::Config;
use crate::error::UNAVAILABLE_RETRY_S;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// How long a refused connection is given to read its 503/429 before it is dropped.
const REFUSAL_WAIT: Duration = Duration::from_secs(2);
/// Pause after a failed `accept` (out of file descriptors, say) before trying again.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);
/// How long open HTTP requests may take to finish once shutdown began.
const DRAIN_WAIT: Duration = Duration::from_secs(10);

#[derive(Default)]
struct Counts {
    total: usize,
    per_ip: HashMap<IpAddr, usize>,
}

/// The open connections, counted against the caps of [`Config`].
#[derive(Clone)]
pub struct Slots {
    counts: Arc<Mutex<Counts>>,
    max_total: usize,
    max_per_ip: usize,
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The server holds its maximum of open connections (503).
    Full,
    /// This client address holds its maximum of open connections (429).
    PerAddress,
}

/// One open connection counted against the caps; released when the last clone is dropped
/// (an upgraded WebSocket keeps a clone for as long as it lives).
pub struct Slot {
    counts: Arc<Mutex<Counts>>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.per_ip.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                c.per_ip.remove(&self.ip);
            }
        }
    }
}

/// The connection's [`Slot`], in each request's extensions (the WebSocket route keeps it).
#[derive(Clone)]
pub struct ConnSlot(pub Arc<Slot>);

impl Slots {
    /// Returns empty counts with the caps of `config`.
    pub fn new(config: &Config) -> Slots {
        Slots {
            counts: Arc::new(Mutex::new(Counts::default())),
            max_total: config.max_connections.max(1),
            max_per_ip: config.max_connections_per_ip.max(1),
        }
    }

    /// Counts a new connection from `ip`, or says why it must be refused.
    ///
    /// # Errors
    /// [`Refused`] when a cap is reached.
    pub fn acquire(&self, ip: IpAddr) -> Result<Slot, Refused> {
        let mut c = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        if c.total >= self.max_total {
            return Err(Refused::Full);
        }
        let mine = c.per_ip.entry(ip).or_insert(0);
        if *mine >= self.max_per_ip {
            return Err(Refused::PerAddress);
        }
        *mine += 1;
        c.total += 1;
        Ok(Slot {
            counts: Arc::clone(&self.counts),
            ip,
        })
    }

    /// Returns the number of open connections.
    pub fn open(&self) -> usize {
        self.counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .total
    }
}

/// Sets an accepted connection's socket options: no Nagle delay, and the send buffer the
/// configuration asks for. A failure is logged and the connection served as it is.
fn tune_socket(stream: &tokio::net::TcpStream, config: &Config) {
    // Game sockets send small frames in bursts (an event, then presence or clocks): with
    // Nagle on, each later one waits for the client's delayed ACK (~40 ms).
    if let Err(e) = stream.set_nodelay(true) {
        tracing::warn!(error = %e, "cannot set TCP_NODELAY");
    }
    if let Some(bytes) = config.send_buffer_bytes {
        if let Err(e) = socket2::SockRef::from(stream).set_send_buffer_size(bytes) {
            tracing::warn!(error = %e, "cannot set the send buffer");
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes; then stops accepting and waits
/// (at most `DRAIN_WAIT`) for the open HTTP requests to finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    config: &Config,
    shutdown: impl Future<Output = ()>,
) {
    let slots = Slots::new(config);
    let connections = TaskTracker::new();
    let stop = CancellationToken::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok(pair) => pair,
                Err(e) => {
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
        };
        tune_socket(&stream, config);
        let slot = match slots.acquire(peer.ip()) {
            Ok(slot) => Arc::new(slot),
            Err(why) => {
                tracing::debug!(%peer, ?why, "connection refused");
                tokio::spawn(refuse(stream, why));
                continue;
            }
        };
        let router = app.clone();
        let service = tower::ServiceExt::map_request(
            router,
            move |mut req: axum::http::Request<Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.extensions_mut().insert(ConnSlot(Arc::clone(&slot)));
                req
            },
        );
        let conn = builder
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
            .with_upgrades();
        let stop = stop.clone();
        connections.spawn(async move {
            tokio::pin!(conn);
            let result = tokio::select! {
                r = conn.as_mut() => r,
                () = stop.cancelled() => {
                    // Finish the request in progress, then close (an idle one closes now).
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(%peer, error = %e, "connection ended with an error");
            }
        });
    }
    drop(listener);
    stop.cancel();
    connections.close();
    if tokio::time::timeout(DRAIN_WAIT, connections.wait())
        .await
        .is_err()
    {
        tracing::warn!("some HTTP requests were still open when the server stopped");
    }
}

/// Answers a refused connection with a JSON 503 or 429 and closes it, without reading more
/// than the start of its request.
async fn refuse(mut stream: TcpStream, why: Refused) {
    let (status, code, message) = match why {
        Refused::Full => (
            "503 Service Unavailable",
            "unavailable",
            "the server is at its connection limit; try again shortly",
        ),
        Refused::PerAddress => (
            "429 Too Many Requests",
            "rate_limited",
            "too many open connections from this address",
        ),
    };
    let body = serde_json::json!({"error": {"code": code, "message": message}}).to_string();
    let head = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nretry-after: {UNAVAILABLE_RETRY_S}\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n",
        body.len()
    );
    let exchange = async {
        // Read what the client already sent, so that closing does not reset the connection
        // before it reads the answer.
        let mut buf = [0u8; 4096];
        let _ = tokio::time::timeout(Duration::from_millis(100), stream.read(&mut buf)).await;
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(body.as_bytes()).await?;
        stream.shutdown().await?;
        while stream.read(&mut buf).await? > 0 {}
        Ok::<(), std::io::Error>(())
    };
    let _ = tokio::time::timeout(REFUSAL_WAIT, exchange).await;
}

/// The address of a request's client, when the accept loop recorded it.
pub fn peer_ip(extensions: &axum::http::Extensions) -> Option<IpAddr> {
    extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip())
}
