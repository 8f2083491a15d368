//! The Xiangqi game server: rooms with seats and clocks, a lobby, computer games and puzzles
//! over HTTP and one WebSocket per game page, stored durably in SQLite. The wire protocol is
//! in `docs/protocol.md`; rules come only from the `xiangqi` crate.
//!
//! ```no_run
//! # async fn run() -> Result<(), Box<dyn std::error::Error>> {
//! let server = xiangqi_server::Server::bind(xiangqi_server::Config::default(), Default::default()).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run().await?;
//! # Ok(()) }
//! ```

pub mod accounts;
pub mod app_state;
pub mod assets;
pub mod cluster;
pub mod computer;
pub mod config;
pub mod error;
pub mod ids;
pub mod listen;
pub mod lobby_feed;
pub mod password_hash;
pub mod rate;
pub mod ratings;
pub mod room;
pub mod routes;
pub mod security;
pub mod store;
pub mod sweep;
pub mod time_control;
pub mod wall_clock;
pub mod ws;

pub use app_state::AppState;
pub use config::Config;
pub use wall_clock::WallClock;

use axum::error_handling::HandleErrorLayer;
use axum::extract::DefaultBodyLimit;
use axum::Router;
use error::AppError;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use store::StoreError;
pub use store::{Database, DatabaseUrlError};
use tower_http::compression::CompressionLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;
use tower_http::trace::TraceLayer;

/// Largest HTTP request body, in bytes.
pub const MAX_BODY: usize = 64 * 1024;
/// How long stopping waits for the rooms to finish the commands they hold.
const ROOMS_STOP_WAIT: Duration = Duration::from_secs(10);
/// How long stopping waits for the game sockets' close frames.
const SOCKETS_CLOSE_WAIT: Duration = Duration::from_secs(3);

/// Returns the whole application: API, WebSocket and pages.
///
/// The JSON API is compressed per reply (brotli or gzip, as the request allows, above a
/// few dozen bytes); the pages and assets are compressed once ([`assets`]); the game
/// sockets are left alone. An API request whose body stays silent for
/// [`Config::body_timeout`], or that is not read and answered within
/// [`Config::request_timeout`], gets 408 `request_timeout`, so a client that trickles a
/// body cannot hold a connection (and its slot) for long; the game sockets are not under
/// that deadline.
pub fn app(state: AppState) -> Router {
    let deadline = tower::ServiceBuilder::new()
        .layer(HandleErrorLayer::new(|_: tower::BoxError| async {
            AppError::RequestTimeout
        }))
        .timeout(state.config.request_timeout);
    let api = Router::new()
        .merge(routes::health::router())
        .merge(routes::accounts::router(&state.limits))
        .merge(routes::game_records::router())
        .merge(routes::players::router())
        .merge(routes::seeks::router())
        .merge(routes::rooms::router(&state.limits))
        .merge(routes::lobby::router())
        .merge(routes::position::router())
        .merge(routes::puzzles::router(&state.limits))
        .layer(CompressionLayer::new())
        .layer(RequestBodyTimeoutLayer::new(state.config.body_timeout))
        .layer(deadline);
    Router::new()
        .merge(api)
        .merge(ws::router())
        .merge(routes::pages::router())
        .fallback(routes::pages::fallback)
        .method_not_allowed_fallback(error::method_not_allowed)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state.config),
            security::guard,
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Why the server could not start or stopped.
#[derive(Debug)]
pub enum ServeError {
    /// The database could not be opened.
    Store(StoreError),
    /// The address could not be bound, or serving failed.
    Io(std::io::Error),
}

impl std::fmt::Display for ServeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServeError::Store(e) => e.fmt(f),
            ServeError::Io(e) => write!(f, "network: {e}"),
        }
    }
}

impl std::error::Error for ServeError {}

/// A bound, ready server.
pub struct Server {
    listener: tokio::net::TcpListener,
    state: AppState,
}

impl Server {
    /// Opens the database, binds `config.addr`, and loads the timed rooms so their clocks
    /// run again (a flag can fall after a restart without anyone connecting).
    ///
    /// # Errors
    /// [`ServeError`] when the database cannot be opened or the address bound.
    pub async fn bind(config: Config, wall: WallClock) -> Result<Server, ServeError> {
        let addr = config.addr;
        // Prepare the embedded files now rather than in the first request for one. The build
        // compressed them, so this takes milliseconds; what it had to compress itself is named.
        let started = std::time::Instant::now();
        if tokio::task::spawn_blocking(assets::prepare).await.is_err() {
            tracing::error!("preparing the embedded web files failed");
        }
        let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
        let compressed_at_start = assets::assets().compressed_at_start();
        tracing::info!(ms, ?compressed_at_start, "web files ready");
        let state = AppState::open(config, wall)
            .await
            .map_err(ServeError::Store)?;
        for code in state.store.timed_rooms().await.map_err(ServeError::Store)? {
            if let Err(e) = state.rooms.ensure_loaded(&code).await {
                tracing::error!(room = %code, error = %e, "cannot load room");
            }
        }
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(ServeError::Io)?;
        Ok(Server { listener, state })
    }

    /// Returns the address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        listener_addr(&self.listener)
    }

    /// Returns the shared state (for tests that inspect or steer the server).
    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    /// Serves until the process is stopped; runs the expiry sweep alongside.
    ///
    /// # Errors
    /// [`ServeError::Io`] when serving fails.
    pub async fn run(self) -> Result<(), ServeError> {
        self.run_until(std::future::pending()).await
    }

    /// Serves until `shutdown` completes, then stops gracefully: stops accepting
    /// connections, stops reading the game sockets, lets the open HTTP requests finish, lets
    /// every room finish the commands it already holds (so a move in flight is committed and
    /// confirmed), and closes the game sockets with [`ws::RESTART_CLOSE_CODE`] ("server
    /// restarting"), after which browsers reconnect. Runs the expiry sweep alongside.
    ///
    /// # Errors
    /// [`ServeError::Io`] when serving fails.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()>,
    ) -> Result<(), ServeError> {
        let state = self.state;
        let sweep = tokio::spawn(sweep::run(
            state.store.clone(),
            state.rooms.clone(),
            state.wall.clone(),
            Arc::clone(&state.config),
        ));
        let cleanup = tokio::spawn(rate::run_cleanup(Arc::clone(&state.limits)));
        let addr = listener_addr(&self.listener);
        tracing::info!(%addr, "listening on http://{addr}");
        let config = Arc::clone(&state.config);
        let token = state.shutdown.clone();
        let begin = async move {
            shutdown.await;
            tracing::info!("stopping: finishing open requests and the rooms' commits");
            token.cancel();
        };
        listen::serve(self.listener, app(state.clone()), &config, begin).await;
        sweep.abort();
        cleanup.abort();
        state.rooms.stop_all(ROOMS_STOP_WAIT).await;
        if let Some(cluster) = &state.cluster {
            cluster.leave().await;
        }
        state.sockets.close();
        if tokio::time::timeout(SOCKETS_CLOSE_WAIT, state.sockets.wait())
            .await
            .is_err()
        {
            tracing::warn!("some game sockets were still open when the server stopped");
        }
        tracing::info!("stopped");
        Ok(())
    }
}

fn listener_addr(listener: &tokio::net::TcpListener) -> SocketAddr {
    listener
        .local_addr()
        .unwrap_or_else(|_| SocketAddr::from(([127, 0, 0, 1], 0)))
}
