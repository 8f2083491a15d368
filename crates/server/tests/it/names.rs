//! Display names: a player's `name` message is checked, stored in the event log, shown to
//! everyone in GAME's `players`, follows its seat when the colours swap, and survives a
//! restart; a bad name or a watcher's name is refused and changes nothing.

use crate::common;

use common::{table, Client};
use serde_json::json;
use xiangqi_server::WallClock;
use xiangqi_view::protocol::ClientMessage;

#[tokio::test]
async fn a_name_is_shown_to_everyone_and_follows_its_seat() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut watcher = Client::join(s.addr, &t.code, "watcher", None).await;
    t.red
        .send(&ClientMessage::Name {
            name: "  Lan 兰  ".to_string(),
        })
        .await;
    let ev = t.red.expect_event("name").await;
    assert_eq!(ev["color"], "red");
    assert_eq!(ev["name"], "Lan 兰", "trimmed");
    assert_eq!(ev["game"]["players"]["red"]["name"], "Lan 兰");
    assert_eq!(ev["game"]["players"]["black"]["name"], json!(null));
    assert_eq!(t.black.expect_event("name").await, ev);
    assert_eq!(watcher.expect_event("name").await, ev);
    // The same name again is no change and no event.
    t.red
        .send(&ClientMessage::Name {
            name: "Lan 兰".to_string(),
        })
        .await;
    t.red.expect_quiet(200).await;

    // A new round swaps the colours; the name goes with the seat to Black.
    let ev = t.resign_and_start_again().await;
    assert_eq!(ev["game"]["players"]["black"]["name"], "Lan 兰");
    assert_eq!(ev["game"]["players"]["red"]["name"], json!(null));
}

#[tokio::test]
async fn a_bad_name_or_a_watchers_name_is_refused_and_changes_nothing() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut watcher = Client::hello(s.addr, &t.code, "watcher", None, 0).await;
    let before = watcher.expect_state().await["v"].clone();
    for bad in ["   ", "a\u{7}b", &"x".repeat(25)] {
        t.red
            .send(&ClientMessage::Name {
                name: bad.to_string(),
            })
            .await;
        let e = t.red.expect_error("invalid_field").await;
        assert!(
            e["message"].as_str().unwrap_or("").starts_with("name:"),
            "{e}"
        );
    }
    t.red.send_json(&json!({"t": "name", "name": 7})).await;
    t.red.expect_error("bad_message").await;
    watcher
        .send(&ClientMessage::Name {
            name: "Spectator".to_string(),
        })
        .await;
    watcher.expect_error("not_seated").await;
    let mut again = Client::hello(s.addr, &t.code, "watcher2", None, 0).await;
    let st = again.expect_state().await;
    assert_eq!(st["v"], before, "no event was stored");
    assert_eq!(st["game"]["players"]["red"]["name"], json!(null));
    assert_eq!(st["game"]["players"]["black"]["name"], json!(null));
}

#[tokio::test]
async fn names_come_back_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, _app, task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut t = table(addr, &json!({})).await;
    t.black
        .send(&ClientMessage::Name {
            name: "Hoa".to_string(),
        })
        .await;
    t.black.expect_event("name").await;
    task.abort();
    drop((t.red, t.black));
    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut red = Client::hello(addr, &t.code, "red", Some(&t.red_seat), 0).await;
    let st = red.expect_state().await;
    assert_eq!(st["game"]["players"]["black"]["name"], "Hoa");
}

/// The one check of player text (`xiangqi_view::player_text`): bidirectional controls, line
/// separators and names with nothing visible are refused; names in any script pass.
#[tokio::test]
async fn deceiving_or_invisible_names_are_refused_and_any_script_passes() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    for bad in [
        "\u{200B}",
        "\u{200B}\u{200D}\u{FEFF}",
        "\u{202E}Lan",
        "Lan\u{2066}x\u{2069}",
        "a\u{200F}b",
        "one\u{2028}two",
        "one\u{2029}two",
        "one\ntwo",
    ] {
        t.red
            .send(&ClientMessage::Name {
                name: bad.to_string(),
            })
            .await;
        let e = t.red.expect_error("invalid_field").await;
        assert!(
            e["message"].as_str().unwrap_or("").starts_with("name:"),
            "{bad:?}: {e}"
        );
    }
    for good in ["Nguyễn Thị Ánh", "许银川", "🐘 Elephant 👍🏽"] {
        t.red
            .send(&ClientMessage::Name {
                name: good.to_string(),
            })
            .await;
        let ev = t.red.expect_event("name").await;
        assert_eq!(ev["name"], good);
    }
}
