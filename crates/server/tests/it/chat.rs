//! The room chat: a player's line is checked, stored in the event log, sent to everyone
//! with the writer's colour and name, and replayed in `state` after a reconnect or a
//! restart; a bad line, a watcher's line or a sixth line within 10 s is refused and changes
//! nothing.

use crate::common;

use common::{table, Client};
use serde_json::json;
use xiangqi_server::WallClock;
use xiangqi_view::protocol::ClientMessage;

#[tokio::test]
async fn a_players_line_reaches_everyone_with_the_writers_name() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut watcher = Client::join(s.addr, &t.code, "watcher", None).await;
    t.black
        .send(&ClientMessage::Name {
            name: "Hoa".to_string(),
        })
        .await;
    t.black.expect_event("name").await;
    t.red.expect_event("name").await;
    t.black
        .send(&ClientMessage::Chat {
            text: "  good luck <b>!</b>  ".to_string(),
        })
        .await;
    let ev = t.black.expect_event("chat").await;
    assert_eq!(ev["color"], "black");
    assert_eq!(ev["name"], "Hoa");
    assert_eq!(ev["text"], "good luck <b>!</b>", "trimmed, kept as typed");
    assert_eq!(t.red.expect_event("chat").await, ev);
    watcher.expect_event("name").await;
    assert_eq!(watcher.expect_event("chat").await, ev);

    // A reconnecting client with v 0 gets the lines in its state.
    let mut again = Client::hello(s.addr, &t.code, "watcher2", None, 0).await;
    let st = again.expect_state().await;
    assert_eq!(
        st["chat"],
        json!([{"color": "black", "name": "Hoa", "text": "good luck <b>!</b>"}])
    );
}

#[tokio::test]
async fn bad_lines_watchers_and_floods_are_refused_and_change_nothing() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let mut watcher = Client::hello(s.addr, &t.code, "watcher", None, 0).await;
    let v = watcher.expect_state().await["v"].as_u64().unwrap();
    // (Black's lines: every chat message counts towards the limit, refused or not.)
    for bad in ["   ", "two\nlines", &"x".repeat(301)] {
        t.black
            .send(&ClientMessage::Chat {
                text: bad.to_string(),
            })
            .await;
        let e = t.black.expect_error("invalid_field").await;
        assert!(
            e["message"].as_str().unwrap_or("").starts_with("text:"),
            "{e}"
        );
    }
    watcher
        .send(&ClientMessage::Chat {
            text: "hi".to_string(),
        })
        .await;
    watcher.expect_error("not_seated").await;
    // Five lines pass at once; the sixth within 10 s is refused.
    for i in 0..5 {
        t.red
            .send(&ClientMessage::Chat {
                text: format!("line {i}"),
            })
            .await;
        t.red.expect_event("chat").await;
    }
    t.red
        .send(&ClientMessage::Chat {
            text: "line 5".to_string(),
        })
        .await;
    let e = t.red.expect_error("rate_limited").await;
    assert!(e["message"].as_str().unwrap_or("").contains("chat"), "{e}");
    let mut again = Client::hello(s.addr, &t.code, "watcher2", None, 0).await;
    let st = again.expect_state().await;
    assert_eq!(
        st["v"].as_u64(),
        Some(v + 5),
        "only the five lines were stored"
    );
    let texts: Vec<_> = st["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].clone())
        .collect();
    assert_eq!(
        texts,
        ["line 0", "line 1", "line 2", "line 3", "line 4"].map(|x| json!(x))
    );
}

/// The one check of player text (`xiangqi_view::player_text`): bidirectional controls, line
/// separators and lines with nothing visible are refused; lines in any script pass. (Each
/// player stays within the 5 lines per 10 s.)
#[tokio::test]
async fn deceiving_or_invisible_lines_are_refused_and_any_script_passes() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    for bad in [
        "\u{202E}5=2C",
        "good\u{2028}game",
        "\u{200B}\u{200B}",
        "a\u{2067}b",
    ] {
        t.red
            .send(&ClientMessage::Chat {
                text: bad.to_string(),
            })
            .await;
        let e = t.red.expect_error("invalid_field").await;
        assert!(
            e["message"].as_str().unwrap_or("").starts_with("text:"),
            "{bad:?}: {e}"
        );
    }
    for (red, good) in [
        (true, "Chơi hay lắm! 🎉"),
        (false, "好棋！炮二平五"),
        (false, "gg 👨\u{200D}👩\u{200D}👧"),
    ] {
        let player = if red { &mut t.red } else { &mut t.black };
        player
            .send(&ClientMessage::Chat {
                text: good.to_string(),
            })
            .await;
        for reader in [&mut t.red, &mut t.black] {
            assert_eq!(reader.expect_event("chat").await["text"], good);
        }
    }
}

#[tokio::test]
async fn the_chat_comes_back_after_a_restart() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, _app, task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut t = table(addr, &json!({})).await;
    t.red
        .send(&ClientMessage::Chat {
            text: "still here?".to_string(),
        })
        .await;
    t.red.expect_event("chat").await;
    task.abort();
    drop((t.red, t.black));
    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut black = Client::hello(addr, &t.code, "black", Some(&t.black_seat), 0).await;
    let st = black.expect_state().await;
    assert_eq!(
        st["chat"],
        json!([{"color": "red", "name": null, "text": "still here?"}])
    );
}
