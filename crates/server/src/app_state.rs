//! What every handler can reach ([`AppState`]): the rooms, the database, the clock, the
//! settings, the rate limits, the shutdown signal and the cluster, opened once at start.

use crate::computer::quota::ComputerQuota;
use crate::computer::ComputerPool;
use crate::config::Config;
use crate::room::Rooms;
use crate::store::{Database, Store, StoreError};
use crate::wall_clock::WallClock;
use crate::{cluster, rate};
use std::sync::Arc;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// The loaded rooms.
    pub rooms: Rooms,
    /// The database.
    pub store: Store,
    /// Where "now" comes from.
    pub wall: WallClock,
    /// The settings.
    pub config: Arc<Config>,
    /// The per-address rate limits and the waits after wrong passwords.
    pub limits: Arc<rate::RateLimits>,
    /// Cancelled when the server begins to stop: game sockets stop reading and close with
    /// [`crate::ws::RESTART_CLOSE_CODE`].
    pub shutdown: CancellationToken,
    /// The open game sockets, so that stopping can wait for their close frames.
    pub sockets: TaskTracker,
    /// This node's part in a cluster, when it runs with others (`config.redis_url`).
    pub cluster: Option<cluster::Cluster>,
}

impl AppState {
    /// Opens the database (`config.database`, else the SQLite file in `config.data_dir`)
    /// and sets up an empty room registry; with `config.redis_url`, joins the cluster of
    /// nodes on the same PostgreSQL (see [`crate::cluster`]) and starts its background tasks.
    ///
    /// # Errors
    /// [`StoreError`] when the database cannot be opened or migrated, or (several nodes)
    /// is not PostgreSQL, or Redis cannot be reached.
    pub async fn open(config: Config, wall: WallClock) -> Result<AppState, StoreError> {
        let database = config
            .database
            .clone()
            .unwrap_or_else(|| Database::in_folder(&config.data_dir));
        let store = Store::connect(&database).await?;
        tracing::info!(database = ?database, "storage open");
        let computer = ComputerPool::new(
            config.max_searches,
            config.queue_cap(),
            config.hardest_movetime_ms,
        );
        let limits = Arc::new(rate::RateLimits::new(&config));
        let rooms = Rooms::new(
            store.clone(),
            wall.clone(),
            computer,
            ComputerQuota::new(config.computer_games_per_ip),
            config.max_watchers,
            config.claim_after,
        )
        .with_limits(config.room_events_per_minute, limits.watcher_hellos.clone());
        tokio::spawn(rooms.lobby().clone().run());
        let cluster = if let Some(redis_url) = &config.redis_url {
            if !matches!(database, Database::Postgres(_)) {
                return Err(StoreError::Failed(
                    "several nodes (--redis-url) need a PostgreSQL --database-url".into(),
                ));
            }
            let cluster = cluster::Cluster::connect(redis_url, &config.node_id, store.clone())
                .await
                .map_err(|e| StoreError::Failed(e.to_string()))?;
            tracing::info!(node = cluster.node(), "joined the cluster");
            cluster.start(&rooms);
            rooms.join_cluster(Arc::new(cluster.clone()));
            Some(cluster)
        } else {
            None
        };
        Ok(AppState {
            rooms,
            store,
            wall,
            limits,
            config: Arc::new(config),
            shutdown: CancellationToken::new(),
            sockets: TaskTracker::new(),
            cluster,
        })
    }
}
