//! New rounds swap colours (issue 12, item 10): the seat that played Red plays Black in the
//! next round and the other way round; live connections, a fresh `hello`, the snapshot and
//! the game record all follow, and so does a room rebuilt from the store after a restart.
//! Logs written before the swap existed (`new_round` without `swap`) replay as they were
//! played, without one.

use crate::common;

use common::{table, Client, Table};
use serde_json::{json, Value};
use std::net::SocketAddr;
use xiangqi_server::WallClock;

/// Plays round 1 (one move) to Black's resignation and has both players agree to round 2;
/// returns the `new_round` event. `t.red` and `t.black` then name round 2's colours: the
/// guest is `t.red`, the creator `t.black` (see [`Table::resign_and_start_again`]).
async fn second_round(t: &mut Table) -> Value {
    t.play(0, &["h2e2"]).await;
    t.resign_and_start_again().await
}

/// Returns the colour a fresh connection with `seat` is told it plays.
async fn colour_of(addr: SocketAddr, code: &str, seat: &str) -> Value {
    let mut c = Client::hello(addr, code, "probe", Some(seat), 0).await;
    c.expect_state().await["you"].clone()
}

#[tokio::test]
async fn after_a_new_round_each_seat_plays_the_other_colour() {
    let s = common::start().await;
    let mut t = table(s.addr, &json!({})).await;
    let ev = second_round(&mut t).await;
    assert_eq!(ev["round"], 2);
    assert_eq!(ev["swap"], true);
    let g = &ev["game"];
    assert_eq!(g["colors_swapped"], true);
    assert_eq!(g["turn"], "red");
    assert_eq!(g["players"]["red"]["connected"], true);
    assert_eq!(g["players"]["black"]["connected"], true);

    // The live connections follow their seats: the guest, Black in round 1, now opens as
    // Red, and the creator may not.
    t.black.send_move(0, "h2e2").await;
    t.black.expect_error("not_your_turn").await;
    t.red.send_move(0, "h2e2").await;
    let mv = t.red.expect_move("h2e2").await;
    assert_eq!(mv["color"], "red");
    t.black.expect_move("h2e2").await;
    t.black.send_move(1, "h9g7").await;
    assert_eq!(t.black.expect_move("h9g7").await["color"], "black");
    t.red.expect_move("h9g7").await;

    // A fresh hello of the creator's seat names its new colour (and replaces the seat's
    // older connection).
    let mut fresh = Client::hello(s.addr, &t.code, "fresh", Some(&t.black_seat), 0).await;
    let st = fresh.expect_state().await;
    assert_eq!(st["you"], "black");
    assert_eq!(st["game"]["colors_swapped"], true);
    t.black = fresh;
    // The record says so too; round 1 was played in the colours of its creation.
    let rec = t.game(s.addr).await;
    assert_eq!(
        (&rec["round"], &rec["colors_swapped"]),
        (&json!(2), &json!(true))
    );
    let old = common::http::get(s.addr, &format!("/api/rooms/{}/game?round=1", t.code)).await;
    assert_eq!(old.json()["colors_swapped"], false);

    // Round 3 swaps back: the guest plays Black again.
    let ev = t.resign_and_start_again().await;
    assert_eq!(ev["game"]["colors_swapped"], false);
    assert_eq!(colour_of(s.addr, &t.code, &t.black_seat).await, "black");
}

#[tokio::test]
async fn a_room_rebuilt_from_the_store_keeps_the_swapped_colours() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, _app, task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut t = table(addr, &json!({})).await;
    second_round(&mut t).await;
    t.red.send_move(0, "h2e2").await;
    t.red.expect_move("h2e2").await;
    t.black.expect_move("h2e2").await;
    // Round 1's Red (the creator) and Black (the guest).
    let (code, first_red, first_black) = (t.code.clone(), t.black_seat.clone(), t.red_seat.clone());
    task.abort();
    drop(t);

    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    assert_eq!(colour_of(addr, &code, &first_red).await, "black");
    assert_eq!(colour_of(addr, &code, &first_black).await, "red");
    let mut red = Client::join(addr, &code, "red", Some(&first_black)).await;
    let mut black = Client::hello(addr, &code, "black", Some(&first_red), 0).await;
    let st = black.expect_state().await;
    assert_eq!(st["you"], "black");
    assert_eq!(st["game"]["colors_swapped"], true);
    assert_eq!(st["game"]["moves"], json!(["h2e2"]));
    // Black moves once Red has seen Black arrive (moves need both players).
    loop {
        if red.expect_presence().await["black"]["connected"] == true {
            break;
        }
    }
    black.send_move(1, "h9g7").await;
    assert_eq!(black.expect_move("h9g7").await["color"], "black");
    red.expect_move("h9g7").await;
}

#[tokio::test]
async fn a_new_round_logged_before_the_swap_replays_without_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    let (addr, _app, task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    let mut t = table(addr, &json!({})).await;
    let ev = second_round(&mut t).await;
    let v = ev["v"].as_i64().expect("v");
    let (code, first_red, first_black) = (t.code.clone(), t.black_seat.clone(), t.red_seat.clone());
    task.abort();
    drop(t);

    // Rewrite the stored event as the server wrote it before colours swapped.
    let mut conn = common::raw_connection(dir.path()).await;
    let old = r#"{"kind":"new_round","round":2}"#;
    let changed = sqlx::query("UPDATE events SET body = $1 WHERE room_code = $2 AND v = $3")
        .bind(old)
        .bind(&code)
        .bind(v)
        .execute(&mut conn)
        .await
        .expect("rewrite the event")
        .rows_affected();
    assert_eq!(changed, 1);
    drop(conn);

    let (addr, _app, _task) = common::start_in(dir.path(), |_| {}, WallClock::System).await;
    assert_eq!(colour_of(addr, &code, &first_red).await, "red");
    assert_eq!(colour_of(addr, &code, &first_black).await, "black");
    let rec = common::game(addr, &code).await;
    assert_eq!(
        (&rec["round"], &rec["colors_swapped"]),
        (&json!(2), &json!(false))
    );
}
