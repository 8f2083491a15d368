//! The game WebSocket `/ws/rooms/{code}`: reads frames, enforces size and rate limits per
//! connection (the limits per seat and per room are the room's, see
//! [`crate::room::limits`]), parses client messages and hands them to the room actor;
//! writes what the room sends, and pings to keep the connection alive and to notice dead
//! ones.

use crate::app_state::AppState;
use crate::error::{ApiPath, AppError};
use crate::ids::{SeatToken, WatchKey};
use crate::listen::{peer_ip, ConnSlot};
use crate::room::actor::{Command, ConnId, Hello, Outgoing, CONNECTION_QUEUE};
use crate::routes::find_room;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use axum::routing::get;
use axum::Extension;
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use governor::{Quota, RateLimiter};
use std::num::NonZeroU32;
use std::time::Duration;
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use xiangqi_view::protocol::{ClientMessage, ErrorCode, ServerMessage};

/// Largest client message accepted, in bytes; larger ones get `too_large`.
pub const MAX_MESSAGE: usize = 4096;
/// Frames beyond this size close the connection at the protocol level.
const MAX_FRAME: usize = 64 * 1024;
/// Bytes each socket reads the network into at once. Client messages are at most
/// [`MAX_MESSAGE`] bytes, so a larger buffer only costs memory: WebSocket's default of
/// 128 KiB, allocated per socket at the upgrade, was most of the ~134 KB an idle watcher held.
/// (A rare larger frame grows the buffer for as long as it needs.)
pub const READ_BUFFER: usize = 4096;
/// Bytes a socket gathers before writing them out. Every message is flushed as it is sent,
/// so this caps only what one message waits in (the biggest, a game state, is a few KB).
pub const WRITE_BUFFER: usize = 8192;
/// How often the server pings.
const PING_EVERY: Duration = Duration::from_secs(15);
/// A connection silent for this long (no frame, not even a pong) is closed.
const SILENCE_LIMIT: Duration = Duration::from_secs(45);
/// The close code of game sockets when the server stops (1012, "service restart"): the
/// browser reconnects after it.
pub const RESTART_CLOSE_CODE: u16 = axum::extract::ws::close_code::RESTART;
/// The close reason sent with [`RESTART_CLOSE_CODE`].
pub const RESTART_CLOSE_REASON: &str = "server restarting";
/// How long a close frame may take to go out before the socket is dropped anyway.
const CLOSE_WAIT: Duration = Duration::from_secs(1);
/// Messages per second allowed to one connection.
const RATE: NonZeroU32 = match NonZeroU32::new(20) {
    Some(n) => n,
    None => NonZeroU32::MIN,
};
/// Burst allowed above the rate.
const BURST: NonZeroU32 = match NonZeroU32::new(40) {
    Some(n) => n,
    None => NonZeroU32::MIN,
};

/// Returns the WebSocket route.
pub fn router() -> Router<AppState> {
    Router::new().route("/ws/rooms/{code}", get(upgrade))
}

async fn upgrade(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    ApiPath(code): ApiPath<String>,
    State(app): State<AppState>,
    slot: Option<Extension<ConnSlot>>,
    extensions: axum::http::Extensions,
) -> Result<Response, AppError> {
    let client = crate::rate::client_key(peer_ip(&extensions));
    let row = find_room(&app, &extensions, &code).await?;
    let code = row.code.clone();
    let ws = ws.map_err(|e| AppError::BadRequest(e.body_text()))?;
    // Watching a room with a password needs the credential `/join` hands out.
    let watch_key = row
        .password_hash
        .as_deref()
        .map(|hash| WatchKey::of(&code, hash));
    Ok(ws
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_message_size(MAX_FRAME)
        .max_frame_size(MAX_FRAME)
        .on_upgrade(move |socket| {
            let sockets = app.sockets.clone();
            sockets.track_future(async move {
                // The connection counts against the caps for as long as the socket lives.
                let _slot = slot;
                connection(socket, code, watch_key, client, app).await;
            })
        }))
}

fn error_text(code: ErrorCode, message: &str) -> Outgoing {
    Outgoing::Text(
        ServerMessage::Error {
            code,
            message: message.into(),
            retry_after_s: None,
        }
        .to_json()
        .into(),
    )
}

/// Waits for the client's next frame, until `hello_by` when it has not said hello yet
/// (then it is told why it is closed) and [`SILENCE_LIMIT`] after; `None` when the
/// connection ends: silence, a closed stream, a protocol error, the room closing it
/// (`closer`) or the server stopping.
async fn next_frame(
    stream: &mut futures_util::stream::SplitStream<WebSocket>,
    hello_by: Option<tokio::time::Instant>,
    closer: &CancellationToken,
    app: &AppState,
    tx: &mpsc::Sender<Outgoing>,
) -> Option<Message> {
    let wait = hello_by.map_or(SILENCE_LIMIT, |at| {
        at.saturating_duration_since(tokio::time::Instant::now())
    });
    let next = tokio::select! {
        () = closer.cancelled() => return None,
        // The server is stopping: read nothing more; the close says "restarting".
        () = app.shutdown.cancelled() => return None,
        next = tokio::time::timeout(wait, stream.next()) => next,
    };
    match next {
        Ok(Some(Ok(frame))) => Some(frame),
        Err(_) if hello_by.is_some() => {
            let message = format!(
                "say hello within {} s of connecting",
                app.config.hello_timeout.as_secs()
            );
            let _ = tx.try_send(error_text(ErrorCode::HelloFirst, &message));
            let _ = tx.try_send(Outgoing::Close);
            None
        }
        _ => None,
    }
}

/// What one frame from the client amounts to.
enum Frame {
    /// A message for the room.
    Message(ClientMessage),
    /// Nothing for the room (a ping, or a refused frame, answered with an error).
    Skip,
    /// The client closed the socket.
    End,
}

/// Reads `frame`: a JSON text frame within the rate `limiter` and [`MAX_MESSAGE`] is a
/// message; anything else is answered on `tx` with the error it deserves and skipped.
fn read_frame(
    frame: Message,
    limiter: &governor::DefaultDirectRateLimiter,
    tx: &mpsc::Sender<Outgoing>,
) -> Frame {
    let text = match frame {
        Message::Text(t) => t,
        Message::Binary(_) => {
            let _ = tx.try_send(error_text(ErrorCode::BadMessage, "send JSON text frames"));
            return Frame::Skip;
        }
        Message::Close(_) => return Frame::End,
        Message::Ping(_) | Message::Pong(_) => return Frame::Skip,
    };
    if limiter.check().is_err() {
        let _ = tx.try_send(error_text(
            ErrorCode::RateLimited,
            "too many messages; slow down",
        ));
        return Frame::Skip;
    }
    if text.len() > MAX_MESSAGE {
        let message = format!("messages are limited to {MAX_MESSAGE} bytes");
        let _ = tx.try_send(error_text(ErrorCode::TooLarge, &message));
        return Frame::Skip;
    }
    match ClientMessage::parse(text.as_str()) {
        Ok(m) => Frame::Message(m),
        Err(why) => {
            let _ = tx.try_send(error_text(ErrorCode::BadMessage, &why.0));
            Frame::Skip
        }
    }
}

/// Runs one game socket of room `code` from address `client` until it closes: a reader
/// (this task) that passes the client's messages to the room, and a writer task that sends
/// what the room queues.
async fn connection(
    socket: WebSocket,
    code: crate::ids::RoomCode,
    watch_key: Option<WatchKey>,
    client: std::net::IpAddr,
    app: AppState,
) {
    let conn: ConnId = crate::room::next_conn_id();
    let (sink, mut stream) = socket.split();
    let (tx, rx) = mpsc::channel::<Outgoing>(CONNECTION_QUEUE);

    // Cancelled by the room when it drops this connection (its queue is full): the socket
    // is then closed at once, not after a queue that a client who does not read never empties.
    let closer = CancellationToken::new();
    let writer = tokio::spawn(write_loop(sink, rx, closer.clone(), app.shutdown.clone()));

    let limiter = RateLimiter::direct(Quota::per_second(RATE).allow_burst(BURST));
    let hello_deadline = tokio::time::Instant::now() + app.config.hello_timeout;
    let mut greeted = false;
    loop {
        let deadline = (!greeted).then_some(hello_deadline);
        let Some(frame) = next_frame(&mut stream, deadline, &closer, &app, &tx).await else {
            break;
        };
        let msg = match read_frame(frame, &limiter, &tx) {
            Frame::Message(msg) => msg,
            Frame::Skip => continue,
            Frame::End => break,
        };
        let cmd = match msg {
            ClientMessage::Hello { seat, watch, v } if !greeted => {
                greeted = true;
                let may_watch = watch_key
                    .as_ref()
                    .is_none_or(|key| watch.as_deref().is_some_and(|w| key.matches(w)));
                Command::Hello(Hello {
                    conn,
                    seat: seat.as_deref().map(SeatToken::from_client),
                    may_watch,
                    v,
                    client,
                    tx: tx.clone(),
                    closer: closer.clone(),
                })
            }
            _ if !greeted => {
                let _ = tx.try_send(error_text(ErrorCode::HelloFirst, "say hello first"));
                continue;
            }
            msg => Command::Message { conn, msg },
        };
        if !deliver(&app, &code, cmd, &tx).await {
            break;
        }
    }
    if greeted {
        let _ = app.rooms.send(&code, Command::Gone { conn }).await;
    }
    drop(tx);
    if tokio::time::timeout(CLOSE_WAIT, writer).await.is_err() {
        // The writer is stuck on a client that does not read: stop it, dropping the socket.
        closer.cancel();
    }
}

/// Sends `cmd` to room `code`; returns false when the socket must close (answered on `tx`):
/// the room is gone, or no room took the socket's hello.
async fn deliver(
    app: &AppState,
    code: &crate::ids::RoomCode,
    cmd: Command,
    tx: &mpsc::Sender<Outgoing>,
) -> bool {
    let hello = matches!(cmd, Command::Hello(_));
    match app.rooms.send(code, cmd).await {
        Ok(true) => true,
        Ok(false) => {
            let _ = tx.try_send(error_text(ErrorCode::NoRoom, "this room no longer exists"));
            let _ = tx.try_send(Outgoing::Close);
            false
        }
        Err(e) => {
            tracing::error!(room = %code, error = %e, "room unavailable");
            let _ = tx.try_send(error_text(ErrorCode::Internal, "the room is unavailable"));
            if hello {
                // No room took this socket (the database or the owner is unreachable): left
                // open, it would wait for ever. Closed, its client says hello again after its
                // back-off and lands once the room runs again.
                let _ = tx.try_send(Outgoing::Close);
            }
            !hello
        }
    }
}

/// Writes what the room queues and the pings until the queue says close, the client goes
/// away or `closer` is cancelled; then sends a close frame (if the socket is not mid-frame),
/// with [`RESTART_CLOSE_CODE`] once `shutdown` is cancelled, and drops the socket.
async fn write_loop(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Outgoing>,
    closer: CancellationToken,
    shutdown: CancellationToken,
) {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let mut clean = true;
    loop {
        let frame = tokio::select! {
            biased;
            () = closer.cancelled() => break,
            out = rx.recv() => match out {
                Some(Outgoing::Text(text)) => Message::Text(text.as_ref().into()),
                Some(Outgoing::Close) | None => break,
            },
            _ = ping.tick() => Message::Ping(Vec::new().into()),
        };
        // A send waits while the client does not read; a cancel must still get through.
        let sent = tokio::select! {
            biased;
            () = closer.cancelled() => None,
            r = sink.send(frame) => Some(r.is_ok()),
        };
        match sent {
            Some(true) => {}
            Some(false) => return,
            None => {
                clean = false;
                break;
            }
        }
    }
    if clean {
        let frame = shutdown.is_cancelled().then(|| CloseFrame {
            code: RESTART_CLOSE_CODE,
            reason: Utf8Bytes::from_static(RESTART_CLOSE_REASON),
        });
        let _ = tokio::time::timeout(CLOSE_WAIT, sink.send(Message::Close(frame))).await;
    }
}
