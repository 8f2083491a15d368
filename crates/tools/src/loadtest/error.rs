//! Why a step of the load test failed: set-up, a send, or a record that differs from what
//! the client saw confirmed.

use tokio_tungstenite::tungstenite;

/// A load-test step's failure; its text is what the test prints.
#[derive(Debug, thiserror::Error)]
pub enum LoadTestError {
    /// `--server` (or another server given) is not an `http://` or `https://` URL.
    #[error("--server must start with http:// ({0})")]
    ServerUrl(String),
    /// An HTTP request failed, or its reply was an error status or not the JSON expected.
    #[error("{step}: {source}")]
    Http {
        /// What the request was for (`create room`, `join`, a room's code).
        step: String,
        /// What the client said.
        source: reqwest::Error,
    },
    /// A WebSocket could not be opened, or a frame not sent.
    #[error("{step}: {source}")]
    WebSocket {
        /// What was being done (`websocket`, `hello`, `send`).
        step: &'static str,
        /// What the WebSocket library said (boxed: it is large, and errors are rare).
        source: Box<tungstenite::Error>,
    },
    /// The server's URL does not parse.
    #[error("--server: {0}")]
    ServerParse(String),
    /// The server's URL has no host, or no port (`host` or `port`).
    #[error("--server has no {0}")]
    ServerHasNo(&'static str),
    /// The server's host name resolved to no address.
    #[error("{0}: no address")]
    NoAddress(String),
    /// The HTTP client could not be built.
    #[error("{0}")]
    Client(reqwest::Error),
    /// A socket could not be made.
    #[error("{0}")]
    Io(std::io::Error),
    /// A socket could not be bound or connected, or a host name not resolved.
    #[error("{step}: {source}")]
    Network {
        /// What was being done (`connect`, `bind 127.0.0.2`, a host name).
        step: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The guest's join found no free seat.
    #[error("join: no seat was free")]
    NoSeat,
    /// The server's record is at another round than the client saw confirmed.
    #[error("{code}: the server is at round {server}, the client saw round {client}")]
    RoundDiffers {
        /// The room.
        code: String,
        /// The round the server's record holds.
        server: u32,
        /// The round the client confirmed moves in.
        client: u32,
    },
    /// The server's record holds other moves than the client saw confirmed.
    #[error("{code}: the server has {server} moves, the client saw {client} confirmed")]
    MovesDiffer {
        /// The room.
        code: String,
        /// The moves in the server's record.
        server: usize,
        /// The moves the client saw confirmed.
        client: usize,
    },
}

impl LoadTestError {
    /// An HTTP failure of `step`.
    pub(crate) fn http(step: impl Into<String>) -> impl FnOnce(reqwest::Error) -> LoadTestError {
        let step = step.into();
        move |source| LoadTestError::Http { step, source }
    }

    /// A socket failure of `step`.
    pub(crate) fn network(step: impl Into<String>) -> impl FnOnce(std::io::Error) -> LoadTestError {
        let step = step.into();
        move |source| LoadTestError::Network { step, source }
    }

    /// A WebSocket failure of `step`.
    pub(crate) fn websocket(
        step: &'static str,
    ) -> impl FnOnce(tungstenite::Error) -> LoadTestError {
        move |source| LoadTestError::WebSocket {
            step,
            source: Box::new(source),
        }
    }
}
