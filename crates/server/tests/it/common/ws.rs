//! A real WebSocket client for the game socket `/ws/rooms/{code}`, with a timeout on every
//! receive (a server bug fails the test instead of hanging it) and a check that the numbered
//! events arrive in order, each exactly once. It sends the protocol's typed
//! [`ClientMessage`]s and reads every frame also as a typed [`ServerMessage`], so the one
//! definition of the protocol (`xiangqi_view::protocol`) is checked against the server by
//! every test. Depends only on tokio-tungstenite, futures-util, serde_json and xiangqi-view,
//! so the CLI crate's restart test can include it with `#[path]`.

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use xiangqi_view::protocol::{ClientMessage, ServerMessage};

/// How long a test waits for a message the server owes it.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(5);

/// One WebSocket connection to a room.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// A name for failure messages (`red`, `black`, `watcher`).
    pub name: String,
    /// The last event number this client has seen (from a `state` or an `event`).
    pub v: u64,
    /// Every numbered event received, in order.
    pub events: Vec<Value>,
}

impl Client {
    /// Opens the socket of room `code` (no hello yet).
    pub async fn connect(addr: SocketAddr, code: &str, name: &str) -> Client {
        let url = format!("ws://{addr}/ws/rooms/{code}");
        // Nagle off, as a browser has it: else each small frame may wait for a delayed ACK.
        let connect = tokio_tungstenite::connect_async_with_config(&url, None, true);
        let ws = match tokio::time::timeout(RECV_TIMEOUT, connect).await {
            Err(_) => panic!("{name}: connect {url} timed out"),
            Ok(Err(e)) => panic!("{name}: connect {url}: {e}"),
            Ok(Ok((ws, _))) => ws,
        };
        Client {
            ws,
            name: name.to_string(),
            v: 0,
            events: Vec::new(),
        }
    }

    /// Opens the socket of room `code` from the loopback address `from` (any `127.x.y.z`),
    /// so that one test can speak for many client addresses; no hello yet.
    pub async fn connect_from(
        from: std::net::IpAddr,
        addr: SocketAddr,
        code: &str,
        name: &str,
    ) -> Client {
        let url = format!("ws://{addr}/ws/rooms/{code}");
        let stream = super::http::connect_from(Some(from), addr).await;
        stream.set_nodelay(true).expect("TCP_NODELAY");
        let connect = tokio_tungstenite::client_async(&url, MaybeTlsStream::Plain(stream));
        match tokio::time::timeout(RECV_TIMEOUT, connect).await {
            Err(_) => panic!("{name}: connect {url} timed out"),
            Ok(Err(e)) => panic!("{name}: connect {url}: {e}"),
            Ok(Ok((ws, _))) => Client::over(ws, name),
        }
    }

    /// Returns a client over the open socket `ws`.
    fn over(ws: WebSocketStream<MaybeTlsStream<TcpStream>>, name: &str) -> Client {
        Client {
            ws,
            name: name.to_string(),
            v: 0,
            events: Vec::new(),
        }
    }

    /// Opens the socket over a TCP connection with a tiny receive buffer (4 KiB), so that a
    /// client that stops reading backs the server up quickly.
    pub async fn connect_small_buffer(addr: SocketAddr, code: &str, name: &str) -> Client {
        let url = format!("ws://{addr}/ws/rooms/{code}");
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.set_recv_buffer_size(4096).expect("SO_RCVBUF");
        let stream = socket.connect(addr).await.expect("connect");
        let (ws, _) = tokio_tungstenite::client_async(&url, MaybeTlsStream::Plain(stream))
            .await
            .unwrap_or_else(|e| panic!("{name}: connect {url}: {e}"));
        Client {
            ws,
            name: name.to_string(),
            v: 0,
            events: Vec::new(),
        }
    }

    /// Reads and discards everything until the server closes the connection (true), or
    /// until nothing has come for `quiet` while it stays open (false).
    pub async fn drain_until_closed(&mut self, quiet: Duration) -> bool {
        loop {
            match tokio::time::timeout(quiet, self.ws.next()).await {
                Err(_) => return false,
                Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => return true,
                Ok(Some(Ok(_))) => {}
            }
        }
    }

    /// Opens the socket, says hello with `seat` and `v`, and returns the client (the reply
    /// is left to the caller).
    pub async fn hello(
        addr: SocketAddr,
        code: &str,
        name: &str,
        seat: Option<&str>,
        v: u64,
    ) -> Client {
        let mut c = Client::connect(addr, code, name).await;
        c.v = v;
        c.send(&ClientMessage::Hello {
            seat: seat.map(str::to_string),
            watch: None,
            v,
        })
        .await;
        c
    }

    /// Opens the socket, says hello with v 0 and reads the `state` reply.
    pub async fn join(addr: SocketAddr, code: &str, name: &str, seat: Option<&str>) -> Client {
        let mut c = Client::hello(addr, code, name, seat, 0).await;
        c.expect_state().await;
        c
    }

    /// Sends a client message as a text frame.
    pub async fn send(&mut self, msg: &ClientMessage) {
        self.send_text(&msg.to_json()).await;
    }

    /// Sends any JSON value as a text frame: for messages the protocol does not allow.
    pub async fn send_json(&mut self, msg: &Value) {
        self.send_text(&msg.to_string()).await;
    }

    /// Sends a text frame as is.
    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::text(text.to_string()))
            .await
            .unwrap_or_else(|e| panic!("{}: send: {e}", self.name));
    }

    /// Sends `text` as `count` text frames in one write, without reading anything; returns
    /// false when the server stopped taking them (closed, or not reading for a second).
    pub async fn flood(&mut self, text: &str, count: usize) -> bool {
        let write = async {
            for _ in 0..count {
                self.ws.feed(Message::text(text.to_string())).await?;
            }
            self.ws.flush().await
        };
        matches!(
            tokio::time::timeout(Duration::from_secs(1), write).await,
            Ok(Ok(()))
        )
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, data: &[u8]) {
        self.ws
            .send(Message::binary(data.to_vec()))
            .await
            .unwrap_or_else(|e| panic!("{}: send binary: {e}", self.name));
    }

    /// Sends a move.
    pub async fn send_move(&mut self, ply: usize, mv: &str) {
        self.send(&ClientMessage::Move {
            ply,
            mv: mv.to_string(),
        })
        .await;
    }

    /// Closes the socket politely.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }

    /// Receives the next text message as JSON, without checking event numbers; `None` when
    /// the server closed the connection.
    pub async fn recv_raw_or_close(&mut self) -> Option<Value> {
        loop {
            let next = tokio::time::timeout(RECV_TIMEOUT, self.ws.next())
                .await
                .unwrap_or_else(|_| {
                    panic!("{}: nothing received within {RECV_TIMEOUT:?}", self.name)
                });
            match next {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return None,
                Some(Ok(Message::Text(t))) => {
                    if let Err(e) = ServerMessage::parse(t.as_str()) {
                        panic!(
                            "{}: not a server message of the protocol ({e}): {t}",
                            self.name
                        );
                    }
                    return Some(serde_json::from_str(t.as_str()).unwrap_or_else(|e| {
                        panic!("{}: server sent non-JSON ({e}): {t}", self.name)
                    }));
                }
                Some(Ok(Message::Binary(_))) => panic!("{}: server sent a binary frame", self.name),
                Some(Ok(_)) => {}
            }
        }
    }

    /// Reads until the server closes the connection (at most `limit`); returns the close
    /// frame's code and reason, `None` when the connection ended without a close frame, and
    /// panics when it stays open.
    pub async fn close_frame(&mut self, limit: Duration) -> Option<(u16, String)> {
        let closed = tokio::time::timeout(limit, async {
            loop {
                match self.ws.next().await {
                    None | Some(Err(_)) => return None,
                    Some(Ok(Message::Close(frame))) => {
                        return frame.map(|f| (u16::from(f.code), f.reason.to_string()));
                    }
                    Some(Ok(_)) => {}
                }
            }
        })
        .await;
        closed.unwrap_or_else(|_| panic!("{}: still open after {limit:?}", self.name))
    }

    /// Receives the next text message as JSON without checking event numbers.
    pub async fn recv_raw(&mut self) -> Value {
        match self.recv_raw_or_close().await {
            Some(v) => v,
            None => panic!("{}: the server closed the connection", self.name),
        }
    }

    /// Receives the next message; a `state` sets the last seen event number and an `event`
    /// must carry the next one.
    pub async fn recv(&mut self) -> Value {
        let msg = self.recv_raw().await;
        match msg["t"].as_str() {
            Some("state") => self.v = msg["v"].as_u64().expect("state.v"),
            Some("event") => {
                let v = msg["v"].as_u64().expect("event.v");
                assert_eq!(
                    v,
                    self.v + 1,
                    "{}: event numbers must follow each other: {msg}",
                    self.name
                );
                self.v = v;
                self.events.push(msg.clone());
            }
            _ => {}
        }
        msg
    }

    /// Receives the next message that is not a `presence` or `clocks` notice.
    pub async fn recv_significant(&mut self) -> Value {
        loop {
            let msg = self.recv().await;
            if !matches!(msg["t"].as_str(), Some("presence" | "clocks")) {
                return msg;
            }
        }
    }

    /// Expects a `state` next (presence notices skipped); returns it.
    pub async fn expect_state(&mut self) -> Value {
        let msg = self.recv_significant().await;
        assert_eq!(
            msg["t"], "state",
            "{}: expected a state, got {msg}",
            self.name
        );
        msg
    }

    /// Expects an event of `kind` next (presence notices skipped); returns it.
    pub async fn expect_event(&mut self, kind: &str) -> Value {
        let msg = self.recv_significant().await;
        assert!(
            msg["t"] == "event" && msg["kind"] == kind,
            "{}: expected a {kind} event, got {msg}",
            self.name
        );
        msg
    }

    /// Expects the `move` event of `mv` next; returns it.
    pub async fn expect_move(&mut self, mv: &str) -> Value {
        let msg = self.expect_event("move").await;
        assert_eq!(msg["move"], mv, "{}: {msg}", self.name);
        msg
    }

    /// Expects an error with `code` next (presence notices skipped); returns it.
    pub async fn expect_error(&mut self, code: &str) -> Value {
        let msg = self.recv_significant().await;
        assert!(
            msg["t"] == "error" && msg["code"] == code,
            "{}: expected error {code}, got {msg}",
            self.name
        );
        assert!(
            msg["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{}: an error says why: {msg}",
            self.name
        );
        msg
    }

    /// Expects a presence notice (others skipped until one comes); returns its players.
    pub async fn expect_presence(&mut self) -> Value {
        loop {
            let msg = self.recv().await;
            if msg["t"] == "presence" {
                return msg["players"].clone();
            }
            assert!(
                msg["t"] == "clocks",
                "{}: expected presence, got {msg}",
                self.name
            );
        }
    }

    /// Expects nothing but presence or clocks notices for `ms` milliseconds.
    pub async fn expect_quiet(&mut self, ms: u64) {
        let until = tokio::time::Instant::now() + Duration::from_millis(ms);
        loop {
            let left = until.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return;
            }
            match tokio::time::timeout(left, self.ws.next()).await {
                Err(_) => return,
                Ok(Some(Ok(Message::Text(t)))) => {
                    let msg: Value = serde_json::from_str(t.as_str()).expect("JSON");
                    assert!(
                        matches!(msg["t"].as_str(), Some("presence" | "clocks")),
                        "{}: expected quiet, got {msg}",
                        self.name
                    );
                }
                Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => {}
                Ok(other) => panic!("{}: expected quiet, got {other:?}", self.name),
            }
        }
    }

    /// Expects the server to close the connection soon; text messages before the close are
    /// returned.
    pub async fn expect_closed(&mut self) -> Vec<Value> {
        let mut before = Vec::new();
        while let Some(msg) = self.recv_raw_or_close().await {
            before.push(msg);
            assert!(before.len() < 100, "{}: the server never closed", self.name);
        }
        before
    }
}
