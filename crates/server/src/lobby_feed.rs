//! Lobby updates pushed to the lobby page (`GET /api/lobby/events`, server-sent events)
//! instead of polled: every change that can change the lobby's lists (a room created, a seat
//! taken, a move, a game over) marks the lobby changed; at most every [`LOBBY_EVERY`] the
//! feed's version goes up and every open stream says `event: lobby`, after which the page
//! reads `/api/lobby` and `/api/games` again. On a node of a cluster the change is also
//! published on Redis, so the lobby pages of every node hear of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;
use tokio::sync::{mpsc, watch, Notify};

/// The shortest time between two lobby updates of one node.
pub const LOBBY_EVERY: Duration = Duration::from_millis(500);

/// The lobby's version counter and its subscribers. Cheap to clone.
#[derive(Clone)]
pub struct LobbyFeed {
    inner: Arc<Inner>,
}

struct Inner {
    dirty: AtomicBool,
    wake: Notify,
    version: watch::Sender<u64>,
    /// Where a change made on this node is announced to the other nodes (set once, on a
    /// node of a cluster).
    others: OnceLock<mpsc::UnboundedSender<()>>,
}

impl Default for LobbyFeed {
    fn default() -> LobbyFeed {
        LobbyFeed::new()
    }
}

impl LobbyFeed {
    /// Returns a feed at version 0. Its changes are announced once a task runs
    /// [`LobbyFeed::run`].
    pub fn new() -> LobbyFeed {
        let (version, _) = watch::channel(0);
        LobbyFeed {
            inner: Arc::new(Inner {
                dirty: AtomicBool::new(false),
                wake: Notify::new(),
                version,
                others: OnceLock::new(),
            }),
        }
    }

    /// Marks the lobby changed by this node (announced within [`LOBBY_EVERY`], also to the
    /// other nodes of a cluster).
    pub fn changed(&self) {
        if !self.inner.dirty.swap(true, Ordering::AcqRel) {
            self.inner.wake.notify_one();
        }
    }

    /// Marks the lobby changed by another node (announced here only).
    pub fn changed_elsewhere(&self) {
        self.inner.version.send_modify(|v| *v += 1);
    }

    /// Sends a unit on `others` for each change made on this node, after the local
    /// announcement (a node of a cluster publishes it on Redis). Only the first call counts.
    pub fn announce_to(&self, others: mpsc::UnboundedSender<()>) {
        let _ = self.inner.others.set(others);
    }

    /// Returns a receiver of the version, which goes up after each change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.inner.version.subscribe()
    }

    /// Announces the changes, at most once every [`LOBBY_EVERY`]; runs until the process
    /// ends.
    pub async fn run(self) {
        loop {
            self.inner.wake.notified().await;
            if self.inner.dirty.swap(false, Ordering::AcqRel) {
                self.inner.version.send_modify(|v| *v += 1);
                if let Some(others) = self.inner.others.get() {
                    let _ = others.send(());
                }
            }
            tokio::time::sleep(LOBBY_EVERY).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn many_changes_make_one_announcement_per_interval() {
        let feed = LobbyFeed::new();
        let mut rx = feed.subscribe();
        let (tx, mut others) = mpsc::unbounded_channel();
        feed.announce_to(tx);
        tokio::spawn(feed.clone().run());
        for _ in 0..10 {
            feed.changed();
        }
        rx.changed().await.expect("announced");
        assert_eq!(*rx.borrow_and_update(), 1);
        assert_eq!(others.recv().await, Some(()));
        // More changes inside the interval: one more announcement, after it.
        feed.changed();
        feed.changed();
        rx.changed().await.expect("announced again");
        assert_eq!(*rx.borrow_and_update(), 2);
        assert_eq!(others.recv().await, Some(()));
        // Another node's change is announced here only.
        feed.changed_elsewhere();
        rx.changed().await.expect("announced");
        assert_eq!(*rx.borrow_and_update(), 3);
        assert!(others.try_recv().is_err());
    }
}
