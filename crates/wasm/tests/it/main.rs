//! The WebAssembly crate's integration tests, one test binary (issue 31): the calls of each
//! module run natively with the same JSON in and out as in the browser, and the committed
//! modules checked against the sources they were built from. The engine's and the games'
//! calls need the crate's `engine` and `games` features (the test command turns them on).

use serde_json::Value;

mod calls;
#[cfg(feature = "games")]
mod games;
mod module_current;
#[cfg(feature = "engine")]
mod search;

/// Reads a reply of the module as JSON (every reply is).
fn parse(text: &str) -> Value {
    serde_json::from_str(text).expect("every reply is JSON")
}

/// The `error.code` of a reply, `none` when it is not an error.
fn error_code(reply: &Value) -> &str {
    reply["error"]["code"].as_str().unwrap_or("none")
}
